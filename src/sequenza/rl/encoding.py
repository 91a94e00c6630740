"""Observation tensors: a fixed-shape numeric encoding of ``state.observation(seat)``.

Every encoder reads the observation dict a seat is shown, never the state, so a tensor can
only hold what that seat may see (``check_encoding`` checks it the way the conformance kit
checks the JSON observation). The encoding is one flat ``float32`` vector in ``[0, 1]`` made of
named fields; ``Encoding.fields`` documents each field and ``Encoding.split`` reshapes a
vector into them (planes for boards and grids, counts for hands and piles)::

    >>> import sequenza
    >>> from sequenza.rl import encoding_for
    >>> state = sequenza.make("sequentia-shift", players=2, seed=7)
    >>> encoding = encoding_for(state.game)
    >>> vector = encoding.encode(state.observation(0))
    >>> vector.shape == (encoding.size,), vector.dtype.name
    (True, 'float32')
    >>> encoding.split(vector)["grid"].shape
    (14, 3, 3)

Conventions, in every game:

- seats are relative to the observer: index 0 is the observing seat, 1 the next seat in seat
  order, and so on (teams likewise: 0 is the observer's team);
- counts are divided by the most they can be and clipped to 1; booleans are 0 or 1;
- a Sequentia card is 14 numbers (``CARD_FEATURES``): present, its digit one-hot (3), its
  code digit by digit one-hot (3 x 3), bonus;
- a card of the other games is counted by face, in the order of the game's face list.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from sequenza.components.sequentia_cards import SequentiaCard, card_ids_by_text, sequentia_deck
from sequenza.core.game import Game, GameInfo, State
from sequenza.core.registry import make

Vector = npt.NDArray[np.float32]

#: The 14 numbers of a Sequentia card, in order.
CARD_FEATURES = (
    "present",
    "digit=1",
    "digit=2",
    "digit=3",
    *(f"code[{place}]={digit}" for place in range(3) for digit in (1, 2, 3)),
    "bonus",
)


@dataclass(frozen=True)
class Field:
    """One named part of the vector: its shape and what it holds."""

    name: str
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Encoding:
    """The encoder of one table (game and player count). Subclasses declare their fields in
    ``_fields`` and fill them from an observation in ``_fill``."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.players = game.players
        common = [
            Field("to_act", (self.players,), "the seat to act, one-hot (none once over)"),
            Field("over", (1,), "1 once the game is over"),
        ]
        self.fields: tuple[Field, ...] = (*common, *self._fields())
        self.offsets: dict[str, int] = {}
        # (name, start, stop, shape) of each field, worked out once: ``split`` runs at
        # every step of every environment.
        self._parts: list[tuple[str, int, int, tuple[int, ...]]] = []
        offset = 0
        for item in self.fields:
            self.offsets[item.name] = offset
            self._parts.append((item.name, offset, offset + item.size, item.shape))
            offset += item.size
        self.size = offset

    # ------------------------------------------------------------------ subclass hooks
    def _fields(self) -> list[Field]:
        raise NotImplementedError

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ the public API
    def encode(self, observation: dict[str, Any]) -> Vector:
        """The vector of a seat's observation (``state.observation(seat)``)."""
        seat = observation["seat"]
        if seat is None:
            raise ValueError("observation tensors are made for a seat, not for a spectator")
        vector = np.zeros(self.size, dtype=np.float32)
        out = self.split(vector)
        to_act = observation["to_act"]
        if to_act is not None:
            out["to_act"][self.rel(to_act, seat)] = 1.0
        out["over"][0] = float(observation["over"])
        self._fill(observation, seat, out)
        return vector

    def split(self, vector: Vector) -> dict[str, Vector]:
        """Each field of ``vector`` by name, as a view in the field's shape."""
        return {name: vector[start:stop].reshape(shape) for name, start, stop, shape in self._parts}

    def describe(self) -> str:
        """A table of the fields: name, shape and meaning."""
        lines = [f"{self.game.id}, {self.players} players: {self.size} numbers"]
        for item in self.fields:
            shape = "x".join(str(n) for n in item.shape)
            lines.append(f"  {item.name:<18} {shape:<10} {item.doc}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ helpers
    def rel(self, other: int, seat: int) -> int:
        """A seat as seen from ``seat``: 0 is itself, 1 the next seat..."""
        return (other - seat) % self.players

    def per_seat(self, values: Iterable[float], seat: int, scale: float) -> Vector:
        """One number per seat, rotated so that index 0 is ``seat``, divided by ``scale``."""
        result = np.zeros(self.players, dtype=np.float32)
        for other, value in enumerate(values):
            result[self.rel(other, seat)] = _fraction(float(value), scale)
        return result


def _fraction(value: float, scale: float | None) -> float:
    # A limit the rules switched off (None or 0) leaves its field at 0.
    if scale is None or scale <= 0:
        return 0.0
    return min(max(value / scale, 0.0), 1.0)


# ---------------------------------------------------------------------------------- Sequentia
@cache
def _card_vector(text: str) -> Vector:
    card = SequentiaCard.parse(text)
    vector = np.zeros(len(CARD_FEATURES), dtype=np.float32)
    vector[0] = 1.0
    vector[card.digit] = 1.0
    for place, digit in enumerate(card.code):
        vector[4 + place * 3 + int(digit) - 1] = 1.0
    vector[13] = float(card.bonus)
    return vector


_DECK_SIZE = len(sequentia_deck())


def _deck_hot(texts: Iterable[str]) -> Vector:
    """Which cards of the Sequentia deck (in deck-list order) ``texts`` holds."""
    ids = card_ids_by_text()
    vector = np.zeros(_DECK_SIZE, dtype=np.float32)
    for text in texts:
        vector[ids[text]] = 1.0
    return vector


_CARD = len(CARD_FEATURES)


class ShiftEncoding(Encoding):
    def _fields(self) -> list[Field]:
        p = self.players
        return [
            Field(
                "grid", (_CARD, 3, 3), "the card at each place of the grid (features x row x col)"
            ),
            Field("target", (_CARD,), "your secret target card"),
            Field(
                "target_match",
                (1, 3, 3),
                "1 where the grid's digit is your target's code digit for that column",
            ),
            Field("holds_target", (p,), "whether each seat holds a target"),
            Field("score_piles", (p,), "cards in each seat's score pile / deck size"),
            Field("out_of_play", (_DECK_SIZE,), "cards out of play, by deck-list index"),
            Field("deck_size", (1,), "cards left in the deck / deck size"),
            Field("phase", (2,), "phase one-hot: play, refill"),
            Field("slides", (1,), "slides made this turn / slide limit"),
            Field("quiet_turns", (1,), "turns without a claim / the limit that ends the game"),
            Field("first_player", (p,), "the seat that played first, one-hot"),
        ]

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        grid = out["grid"]
        for place, text in enumerate(obs["grid"]):
            if text is not None:
                grid[:, place // 3, place % 3] = _card_vector(text)
        if obs["target"] is not None:
            out["target"][:] = _card_vector(obs["target"])
            # Rows read left to right: a row shows the code when all three of its places
            # match. Spelled out because a small network finds the comparison hard to learn.
            code = SequentiaCard.parse(obs["target"]).code
            for place, text in enumerate(obs["grid"]):
                if text is not None and text[0] == code[place % 3]:
                    out["target_match"][0, place // 3, place % 3] = 1.0
        out["holds_target"][:] = self.per_seat(obs["holds_target"], seat, 1)
        out["score_piles"][:] = self.per_seat(obs["score_piles"], seat, _DECK_SIZE)
        out["out_of_play"][:] = _deck_hot(obs["out_of_play"])
        out["deck_size"][0] = _fraction(obs["deck_size"], _DECK_SIZE)
        out["phase"][("play", "refill").index(obs["phase"])] = 1.0
        out["slides"][0] = _fraction(obs["slides"], obs["slide_limit"])
        out["quiet_turns"][0] = _fraction(obs["quiet_turns"], obs["quiet_turn_limit"])
        out["first_player"][self.rel(obs["first_player"], seat)] = 1.0


_STACK_PILES = 4
_STACK_PHASES = ("turn_start", "simple_placed", "bonus_placed")


class StackEncoding(Encoding):
    def _fields(self) -> list[Field]:
        p = self.players
        return [
            Field("pile_cards", (_STACK_PILES, _DECK_SIZE), "the cards of each pile of the row"),
            Field("pile_tops", (_STACK_PILES, _CARD), "the top card of each pile"),
            Field("pile_sizes", (_STACK_PILES,), "cards in each pile / deck size"),
            Field("hand", (_DECK_SIZE,), "your hand, by deck-list index"),
            Field("hand_sizes", (p,), "cards in each seat's hand / hand size"),
            Field("collected", (p,), "cards each seat collected / deck size"),
            Field("phase", (len(_STACK_PHASES),), "phase one-hot: " + ", ".join(_STACK_PHASES)),
            Field("last_pile", (_STACK_PILES,), "the pile played on last this turn, one-hot"),
            Field("deck_size", (1,), "cards left in the deck / deck size"),
            Field("claim_rule", (1,), "1 if a claim must include the last pile played"),
        ]

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        for index, pile in enumerate(obs["row"]):
            out["pile_cards"][index] = _deck_hot(pile["cards"])
            out["pile_tops"][index] = _card_vector(pile["top"])
            out["pile_sizes"][index] = _fraction(len(pile["cards"]), _DECK_SIZE)
        out["hand"][:] = _deck_hot(obs["hand"])
        out["hand_sizes"][:] = self.per_seat(obs["hand_sizes"], seat, obs["hand_size"])
        out["collected"][:] = self.per_seat(obs["collected"], seat, _DECK_SIZE)
        out["phase"][_STACK_PHASES.index(obs["phase"])] = 1.0
        if obs["last_pile"] is not None:
            out["last_pile"][obs["last_pile"] - 1] = 1.0
        out["deck_size"][0] = _fraction(obs["deck_size"], _DECK_SIZE)
        out["claim_rule"][0] = float(obs["claim_must_include_last_pile"])


_CROSS_HAND = 3


class CrossEncoding(Encoding):
    def _fields(self) -> list[Field]:
        p = self.players
        return [
            Field("grid", (_CARD, 3, 3), "the top card of each pile of the grid"),
            Field("pile_sizes", (1, 3, 3), "cards in each pile / deck size"),
            Field("covered", (1, 3, 3), "places covered this turn"),
            Field("claims", (2, 3), "lines that may be claimed now: rows, columns"),
            Field("phase", (2,), "phase one-hot: place, claim"),
            Field("hand", (_DECK_SIZE,), "your hand, by deck-list index"),
            Field("hand_sizes", (p,), "cards in each seat's hand / 3"),
            Field("collected", (p,), "cards each seat collected / deck size"),
            Field("out_of_play", (_DECK_SIZE,), "cards out of play, by deck-list index"),
            Field("deck_size", (1,), "cards left in the deck / deck size"),
            Field("idle_turns", (1,), "turns without a claim / the limit that ends the game"),
        ]

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        for place, pile in enumerate(obs["grid"]):
            row, col = divmod(place, 3)
            if pile["top"] is not None:
                out["grid"][:, row, col] = _card_vector(pile["top"])
            out["pile_sizes"][0, row, col] = _fraction(pile["size"], _DECK_SIZE)
        for place in obs["covered"]:
            out["covered"][0, place // 3, place % 3] = 1.0
        for claim in obs["claims"]:
            direction = ("rows", "columns").index(claim["lines"])
            for index in claim["indices"]:
                out["claims"][direction, index] = 1.0
        out["phase"][("place", "claim").index(obs["phase"])] = 1.0
        out["hand"][:] = _deck_hot(obs["hand"])
        out["hand_sizes"][:] = self.per_seat(obs["hand_sizes"], seat, _CROSS_HAND)
        out["collected"][:] = self.per_seat(obs["collected"], seat, _DECK_SIZE)
        out["out_of_play"][:] = _deck_hot(obs["out_of_play"])
        out["deck_size"][0] = _fraction(obs["deck_size"], _DECK_SIZE)
        out["idle_turns"][0] = _fraction(obs["idle_turns"], obs["stall_turns"])


# ---------------------------------------------------------------------------------- boards
_BOARD = 10
_BOARD_PLANES = (
    "your team's chips",
    "the next team's chips",
    "the third team's chips",
    "free corners",
    "chips in a sequence",
    "spaces of a sequence you must choose",
    "spaces your cards name (count / 2)",
)
_MAX_TEAMS = 3
_MAX_HAND = 7


def _space(name: str) -> tuple[int, int]:
    """A space name (column letter, row digit: ``B7``) as (row, column)."""
    return int(name[1:]), ord(name[0]) - ord("A")


class BoardEncoding(Encoding):
    """Sequence and Sequence Numbers: the board as planes, the cards counted by face."""

    def __init__(self, game: Game[Any]) -> None:
        layout: Any = getattr(game, "layout")  # noqa: B009  (the board games' own attribute)
        self.faces: tuple[str, ...] = layout.faces
        self.face_index: dict[str, int] = dict(layout.face_index)
        self.value_spaces: tuple[tuple[int, ...], ...] = layout.value_spaces
        copies = Counter(layout.card_faces)
        self.copies = float(max(copies.values()))
        self.deck = float(len(layout.card_faces))
        # Face x space: the spaces each face names, so that the hand's reach is one product.
        self.reach = np.zeros((len(self.faces), _BOARD * _BOARD), dtype=np.float32)
        for face, spaces in enumerate(self.value_spaces):
            self.reach[face, list(spaces)] = 1.0
        super().__init__(game)

    def _face_counts(self, faces: Iterable[str]) -> Vector:
        index = self.face_index
        counts = np.bincount([index[face] for face in faces], minlength=len(self.faces))
        return counts.astype(np.float32)

    def _fields(self) -> list[Field]:
        p, f = self.players, len(self.faces)
        return [
            Field(
                "board",
                (len(_BOARD_PLANES), _BOARD, _BOARD),
                "planes x row x column: " + "; ".join(_BOARD_PLANES),
            ),
            Field("sequences", (_MAX_TEAMS,), "sequences of each team / sequences to win"),
            Field("hand", (f,), "your hand: copies of each face / most copies of a face"),
            Field("hand_sizes", (p,), "cards in each seat's hand / 7"),
            Field("discarded", (f,), "faces in every discard pile / most copies of a face"),
            Field("discard_sizes", (p,), "cards in each seat's discard pile / deck size"),
            Field("draw_pile", (1,), "cards in the draw pile / deck size"),
            Field("dead_exchanged", (1,), "1 if a dead card was exchanged this turn"),
            Field("passes", (1,), "passes in a row / players"),
        ]

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        teams: list[int] = obs["teams"]
        sides = max(teams) + 1
        mine = teams[seat]
        board = out["board"]
        # The chips as one byte per space, compared whole planes at a time (a loop over the
        # hundred spaces cost more than everything else in the encoding).
        chips = np.frombuffer("".join(obs["chips"]).encode("ascii"), dtype=np.uint8)
        chips = chips.reshape(_BOARD, _BOARD)
        board[3] = chips == ord("x")
        for team in range(sides):
            board[(team - mine) % sides] = chips == ord(str(team))
        for name in obs["marked"]:
            board[4, *_space(name)] = 1.0
        for window in obs["choose_sequence"]:
            (r0, c0), (r1, c1) = (_space(end) for end in window.split("-"))
            for step in range(5):
                board[5, r0 + (r1 - r0) * step // 4, c0 + (c1 - c0) * step // 4] = 1.0
        for team, windows in enumerate(obs["sequences"]):
            out["sequences"][(team - mine) % sides] = _fraction(
                len(windows), obs["sequences_to_win"]
            )
        hand = self._face_counts(obs["hand"])
        np.clip(hand / self.copies, 0.0, 1.0, out=out["hand"])
        board[6] = np.clip(hand @ self.reach / 2.0, 0.0, 1.0).reshape(_BOARD, _BOARD)
        out["hand_sizes"][:] = self.per_seat(obs["hand_sizes"], seat, _MAX_HAND)
        discarded = self._face_counts(face for pile in obs["discards"] for face in pile)
        np.clip(discarded / self.copies, 0.0, 1.0, out=out["discarded"])
        out["discard_sizes"][:] = self.per_seat(
            (len(pile) for pile in obs["discards"]), seat, self.deck
        )
        out["draw_pile"][0] = _fraction(obs["draw_pile"], self.deck)
        out["dead_exchanged"][0] = float(obs["dead_exchanged"])
        out["passes"][0] = _fraction(obs["passes"], self.players)


# ---------------------------------------------------------------------------------- Stacks
class StacksEncoding(Encoding):
    """Sequence Stacks: hands and piles counted by face, chips by colour."""

    def __init__(self, game: Game[Any]) -> None:
        from sequenza.games.sequence_stacks import rules

        self.faces: tuple[str, ...] = tuple(rules.FACES)
        self.face_index = {face: index for index, face in enumerate(self.faces)}
        self.colours: tuple[str, ...] = tuple(rules.COLOURS)
        self.slots = len(self.colours) * rules.PILES_PER_COLOUR
        self.per_colour = rules.PILES_PER_COLOUR
        self.top = rules.TOP
        self.deck = float(rules.DECK_SIZE)
        self.chips = float(rules.CHIPS_PER_COLOUR)
        self.copies = float(max(Counter(rules.CARD_FACE).values()))
        super().__init__(game)

    def _fields(self) -> list[Field]:
        p, f, c, s = self.players, len(self.faces), len(self.colours), self.slots
        faces = ", ".join(self.faces)
        return [
            Field("hand", (f,), f"your hand: copies of each face / most copies ({faces})"),
            Field("hand_sizes", (p,), "cards in each seat's hand / 10"),
            Field("known_cards", (p, f), "faces each seat is known to hold (taken face up)"),
            Field("discards", (p, f), "faces in each seat's discard pile"),
            Field("discard_tops", (p, f), "the top card of each seat's discard pile, one-hot"),
            Field("action_discard", (f,), "faces on the action-card discard pile"),
            Field("piles", (s, self.top + 1), "each shared pile's size, one-hot 0..5"),
            Field("draw_pile", (1,), "cards in the draw pile / deck size"),
            Field("set_aside", (f,), "faces set aside"),
            Field("removed", (f,), "faces removed from the game"),
            Field("chips", (p, c), "each seat's chips of each colour / chips per colour"),
            Field("supply", (c,), "chips left in the supply per colour / chips per colour"),
            Field("turn_seat", (p,), "the seat whose turn it is, one-hot"),
            Field("direction", (1,), "1 if play goes in seat order"),
            Field("skips", (p,), "turns each seat will skip / 3"),
            Field("block", (1 + p + s + p,), "a Block window: open, its seat, pile, waiting"),
            Field("quiet_turns", (1,), "turns without a chip / the stall limit"),
            Field("chipless_turns", (1,), "chipless turns / their limit"),
        ]

    def _counts(self, faces: Iterable[str], into: Vector) -> None:
        for face, count in Counter(faces).items():
            into[self.face_index[face]] = _fraction(count, self.copies)

    def _slot(self, name: str) -> int:
        colour, number = name.rsplit(" ", 1)
        return self.colours.index(colour) * self.per_colour + int(number) - 1

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        self._counts(obs["hand"], out["hand"])
        out["hand_sizes"][:] = self.per_seat(obs["hand_sizes"], seat, 10)
        for other in range(self.players):
            row = self.rel(other, seat)
            self._counts(obs["known_cards"][other], out["known_cards"][row])
            pile = obs["discards"][other]
            self._counts(pile, out["discards"][row])
            if pile:
                out["discard_tops"][row, self.face_index[pile[-1]]] = 1.0
        self._counts(obs["action_discard"], out["action_discard"])
        for pile in obs["piles"]:
            out["piles"][self._slot(pile["name"]), min(len(pile["cards"]), self.top)] = 1.0
        out["draw_pile"][0] = _fraction(obs["draw_pile"], self.deck)
        self._counts(obs["set_aside"], out["set_aside"])
        self._counts(obs["removed"], out["removed"])
        for other, chips in enumerate(obs["chips"]):
            for colour, count in chips.items():
                out["chips"][self.rel(other, seat), self.colours.index(colour)] = _fraction(
                    count, self.chips
                )
        for colour, count in obs["supply"].items():
            out["supply"][self.colours.index(colour)] = _fraction(count, self.chips)
        out["turn_seat"][self.rel(obs["turn_seat"], seat)] = 1.0
        out["direction"][0] = float(obs["direction"] > 0)
        out["skips"][:] = self.per_seat(obs["skips"], seat, 3)
        block = obs["block"]
        if block is not None:
            p = self.players
            out["block"][0] = 1.0
            out["block"][1 + self.rel(block["seat"], seat)] = 1.0
            out["block"][1 + p + self._slot(block["pile"])] = 1.0
            for waiting in block["waiting"]:
                out["block"][1 + p + self.slots + self.rel(waiting, seat)] = 1.0
        out["quiet_turns"][0] = _fraction(obs["quiet_turns"], obs["stall_turns"])
        out["chipless_turns"][0] = _fraction(obs["chipless_turns"], obs["chipless_turn_limit"])


ENCODINGS: dict[str, Callable[[Game[Any]], Encoding]] = {
    "sequentia-shift": ShiftEncoding,
    "sequentia-stack": StackEncoding,
    "sequentia-cross": CrossEncoding,
    "sequence-numbers": BoardEncoding,
    "sequence": BoardEncoding,
    "sequence-stacks": StacksEncoding,
}


def encoded_games() -> list[GameInfo]:
    """The installed games that have an observation tensor (a game from another package, or a
    test's toy game, has none until it declares one)."""
    from sequenza.core.registry import available_games

    return [info for info in available_games() if info.id in ENCODINGS]


def encoding_for(game: Game[Any]) -> Encoding:
    """The encoder of a table (one per game and player count, with its options)."""
    try:
        factory = ENCODINGS[game.id]
    except KeyError:
        raise ValueError(f"no observation tensor is defined for {game.id!r}") from None
    return factory(game)


def tensor_reference() -> str:
    """Every game's fields as Markdown, at its fewest players (``TENSORS.md``; per-seat fields
    grow by one row per seat, the rest keeps its shape at every player count)."""
    from sequenza.core.registry import make_game

    lines = [
        "# Observation tensors",
        "",
        "Generated by `python -m sequenza.rl` (a test checks that it is current). Each",
        "game's vector is its fields in this order, flattened row-major; `encoding.split(v)`",
        "gives them by name. Seats are seen from the observer (0 is itself); every value is",
        "in [0, 1]. A Sequentia card is 14 numbers: " + ", ".join(CARD_FEATURES) + ".",
    ]
    for info in encoded_games():
        encoding = encoding_for(make_game(info.id, info.min_players))
        sizes = ", ".join(
            f"{count}: {encoding_for(make_game(info.id, count)).size}"
            for count in info.player_counts
        )
        lines += ["", f"## {info.id}", "", f"Numbers by player count: {sizes}.", ""]
        lines += [f"| field | shape at {info.min_players} players | holds |", "|---|---|---|"]
        for item in encoding.fields:
            shape = " x ".join(str(n) for n in item.shape)
            lines.append(f"| `{item.name}` | {shape} | {item.doc} |")
    return "\n".join(lines) + "\n"


def action_mask(state: State[Any]) -> npt.NDArray[np.int8]:
    """The legal actions of the seat to act as 0/1 over the game's action space."""
    mask = np.zeros(state.game.num_distinct_actions, dtype=np.int8)
    mask[state.legal_action_ids()] = 1
    return mask


class EncodingLeak(AssertionError):
    """An encoding changed when only what its seat cannot see was dealt again."""


def check_encoding(
    game_id: str,
    players: int,
    *,
    games: int = 3,
    every: int = 5,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> int:
    """Play seeded random games and check, as the conformance kit does for the JSON
    observation, that every seat's vector keeps its shape, stays in [0, 1], and is unchanged
    when the cards that seat cannot see are dealt again (``determinize``). Returns how many
    determinisations were compared; raises ``EncodingLeak`` or ``AssertionError``."""
    compared = 0
    for index in range(games):
        state = make(game_id, players=players, seed=seed + index, **(options or {}))
        encoding = encoding_for(state.game)
        chooser = random.Random(seed * 1009 + index)
        step = 0
        while True:
            for observer in range(players):
                vector = encoding.encode(state.observation(observer))
                where = f"{game_id}, {players} players, seed {seed + index}, step {step}"
                assert vector.shape == (encoding.size,), f"{where}: shape {vector.shape}"
                assert float(vector.min()) >= 0.0 and float(vector.max()) <= 1.0, where
                if step % every == 0 and not state.is_over:
                    twin = state.determinize(observer, random.Random(chooser.getrandbits(32)))
                    again = encoding.encode(twin.observation(observer))
                    compared += 1
                    if not np.array_equal(vector, again):
                        changed = [
                            name
                            for name, part in encoding.split(vector).items()
                            if not np.array_equal(part, encoding.split(again)[name])
                        ]
                        raise EncodingLeak(
                            f"{where}: seat {observer}'s tensor changed in {changed} when its "
                            "unseen cards were dealt again"
                        )
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
            step += 1
    return compared
