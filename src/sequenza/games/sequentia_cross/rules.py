"""Sequentia · Cross: cover a 3x3 grid of piles with every card of your hand, then collect
the rows or the columns that show the code of a card you placed.

The grid's positions, row-major; rows read left to right, columns top to bottom::

     0 | 1 | 2      row 0
    ---+---+---
     3 | 4 | 5      row 1
    ---+---+---
     6 | 7 | 8      row 2
    col col col
     0   1   2

Each position holds a pile (card ids, top card last). A turn is several actions by one seat:
``place 2:131 4`` for each card of the hand, then, when sequences show, the claim of a set of
them that share no position: some of the rows (``claim rows 0 2``) or some of the columns
(``claim columns 1``). The engine discards unplaceable cards, collects, refills the grid and
draws by itself.

>>> import sequenza
>>> state = sequenza.make("sequentia-cross", players=2, seed=1)
>>> str(state.legal_actions()[0]).startswith("place ")
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar, cast

from sequenza.components.decks import draw, redeal, shuffle
from sequenza.components.sequentia_cards import card_ids_by_text, sequentia_deck
from sequenza.components.turns import next_seat
from sequenza.core.actions import Action, ActionSpace
from sequenza.core.errors import NotationError
from sequenza.core.game import Game, GameInfo, State, Termination
from sequenza.core.notation import position_fields
from sequenza.core.options import Options, option

from .types import (
    CROSS_EVENTS,
    CrossClaim,
    CrossClaimed,
    CrossDealt,
    CrossDiscarded,
    CrossDrew,
    CrossNoSequence,
    CrossObservation,
    CrossPassed,
    CrossPhase,
    CrossPile,
    CrossRefilled,
    Direction,
)

SIZE = 3
POSITIONS = SIZE * SIZE
HAND_SIZE = 3
ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(row * SIZE + column for column in range(SIZE)) for row in range(SIZE)
)
COLUMNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(row * SIZE + column for row in range(SIZE)) for column in range(SIZE)
)
DIRECTIONS = ("rows", "columns")
PLACE = "place"
CLAIM = "claim"

_DECK = sequentia_deck()
_TEXTS: tuple[str, ...] = tuple(str(card) for card in _DECK)
#: Digits as characters, so that a line's digits join into a string comparable to a code.
_DIGITS: tuple[str, ...] = tuple(str(card.digit) for card in _DECK)
_CODES: tuple[str, ...] = tuple(card.code for card in _DECK)
# The same as integers, for the cached tops of the piles (0 for an empty position).
_DIGIT_VALUES: tuple[int, ...] = tuple(card.digit for card in _DECK)
_CODE_VALUES: tuple[tuple[int, ...], ...] = tuple(
    tuple(int(digit) for digit in card.code) for card in _DECK
)
_ALL_POSITIONS = (1 << POSITIONS) - 1
#: The positions of each set of positions given as a bit mask, in order.
_MASK_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(position for position in range(POSITIONS) if mask >> position & 1)
    for mask in range(1 << POSITIONS)
)
# Built once: validating a new Action on every legal-move listing is the hot path's main cost.
_PLACE_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(PLACE, (text, position)) for position in range(POSITIONS)) for text in _TEXTS
)
#: Every set of lines a claim may name: rows or columns, never both, since every row crosses
#: every column. Smaller sets first, each in index order.
_LINE_SETS: tuple[tuple[int, ...], ...] = tuple(
    indices for size in range(1, SIZE + 1) for indices in combinations(range(SIZE), size)
)
_CLAIMS: tuple[tuple[str, tuple[int, ...]], ...] = tuple(
    (direction, indices) for direction in DIRECTIONS for indices in _LINE_SETS
)
#: Per card, its placements on a set of positions (a bit mask), filled in as play meets them
#: (at most 512 per card).
_PLACEMENTS: tuple[dict[int, tuple[Action, ...]], ...] = tuple({} for _ in _DECK)


def _placements(card: int, allowed: int) -> tuple[Action, ...]:
    """The placements of ``card`` on the positions of the mask ``allowed``, in order."""
    known = _PLACEMENTS[card]
    actions = known.get(allowed)
    if actions is None:
        row = _PLACE_ACTIONS[card]
        actions = known[allowed] = tuple(row[position] for position in _MASK_POSITIONS[allowed])
    return actions


_CLAIM_ACTIONS: dict[tuple[str, tuple[int, ...]], Action] = {
    claim: Action(CLAIM, (claim[0], *claim[1])) for claim in _CLAIMS
}
_CLAIM_SET = frozenset(_CLAIM_ACTIONS.values())

RULES_TEXT = """
Sequentia · Cross uses the 54-card Sequentia deck. A card shows a digit (1, 2 or 3) and asks
for a code of three digits, e.g. card 2:131 shows 2 and asks for 1-3-1.

Setup: 9 cards are dealt face up into a 3x3 grid of piles, one card each (positions 0-8, row by
row). Each player draws 3 cards (hidden from the others).

On your turn:
1. Place all. Place every card of your hand, one at a time, on top of a pile: "place 2:131 4".
   A card may not go on a pile whose top digit equals its own digit, nor on a pile you already
   covered this turn. An empty position (once the deck has run dry) takes any card. A card
   that has no allowed position left is discarded from the game for good, automatically.
2. Sequences. A row (read left to right) or a column (read top to bottom) through the position
   of a card you placed this turn is a sequence when its top digits show that card's code.
   Sequences that share a position may not both be claimed, and every row crosses every
   column: you choose a set of your rows or a set of your columns, never both, naming the
   lines ("claim rows 0 2", "claim columns 1"; the screen marks the set that collects the
   most cards). When sequences show, you must claim one such set.
3. Collect. You take every card of every pile on the claimed lines, the cards underneath
   included; each emptied position gets one new card from the deck (as far as it allows).
4. You draw 3 new cards (as far as the deck allows). A player with no cards passes.

The game ends when the deck is empty and no player holds a card. Decision (option
stall_rounds, default 3): with an empty deck, the game also ends after that many full rounds
without a claim. The player with the most collected cards wins; equal counts share the win.
"""


@dataclass(frozen=True)
class CrossOptions(Options):
    stall_rounds: int = option(
        3,
        "With an empty deck, the game ends after this many full rounds without a claim",
        minimum=1,
        maximum=50,
        decision=True,
    )


class CrossTermination(Termination):
    #: The deck is empty and no player holds a card.
    DECK_EXHAUSTED = "deck_exhausted"
    #: With an empty deck, ``stall_rounds`` full rounds without a claim.
    STALL = "stall"

    @property
    def is_stall(self) -> bool:
        return self is CrossTermination.STALL


class CrossGame(Game[CrossOptions]):
    info: ClassVar[GameInfo] = GameInfo(
        id="sequentia-cross",
        name="Sequentia · Cross",
        player_counts=(2, 3, 4),
        rules_version="2",
        summary="Cover a 3x3 grid of piles with your whole hand; collect rows or columns "
        "that show your cards' codes.",
        rules_text=RULES_TEXT,
    )
    options_class: ClassVar[type[Options]] = CrossOptions
    terminations = CrossTermination
    observation_class = CrossObservation
    event_classes = CROSS_EVENTS

    action_space = ActionSpace(
        (
            *(action for by_position in _PLACE_ACTIONS for action in by_position),
            *_CLAIM_ACTIONS.values(),
        ),
        "Sequentia · Cross",
        "place CARD POSITION, claim rows INDICES, claim columns INDICES",
    )

    def new_initial_state(self, seed: int) -> CrossState:
        return CrossState(self, seed)


class CrossState(State[CrossGame]):
    SAVE_FIELDS = (
        "deck",
        "grid",
        "hands",
        "collected",
        "out_of_play",
        "phase",
        "covered",
        "idle_turns",
    )

    # The saved fields' types (the state's JSON schema reads them).
    deck: list[int]
    grid: list[list[int]]
    hands: list[list[int]]
    collected: list[list[int]]
    out_of_play: list[int]
    phase: str
    covered: list[int]
    idle_turns: int

    def __init__(self, game: CrossGame, seed: int) -> None:
        super().__init__(game, seed)
        #: The draw pile, top card last.
        self.deck = list(range(len(_DECK)))
        shuffle(self.deck, self.rng)
        #: Nine piles, row-major, each bottom card first.
        self.grid = [draw(self.deck, 1) for _ in range(POSITIONS)]
        self.hands = [sorted(draw(self.deck, HAND_SIZE)) for _ in range(game.players)]
        self.collected = [[] for _ in range(game.players)]
        #: Cards discarded from the game for good (unplaceable), public.
        self.out_of_play = []
        self.phase = PLACE
        #: Positions covered by the seat to act this turn, in placing order.
        self.covered = []
        #: Consecutive turns played with an empty deck and without a claim.
        self.idle_turns = 0
        if game.options.random_first_player:
            self.to_act = self.rng.randrange(game.players)
        self._rebuild_caches()
        self._event(
            CrossDealt(grid=tuple(_TEXTS[pile[0]] for pile in self.grid), hand_size=HAND_SIZE)
        )
        self._settle()

    def _rebuild_caches(self) -> None:
        """The caches that spare the legal actions a walk over the grid: ``_tops``, the top
        digit of each position (0 where empty); ``_top_masks``, per digit (0 for empty) the
        positions showing it, as bits; ``_covered_mask``, the positions covered this turn."""
        self._tops = [_DIGIT_VALUES[pile[-1]] if pile else 0 for pile in self.grid]
        masks = [0, 0, 0, 0]
        for position, digit in enumerate(self._tops):
            masks[digit] |= 1 << position
        self._top_masks = masks
        self._covered_mask = sum(1 << position for position in set(self.covered))

    def _allowed_mask(self, card: int) -> int:
        """The positions ``card`` may go on now, as bits: neither showing its digit nor
        covered this turn."""
        return ~(self._top_masks[_DIGIT_VALUES[card]] | self._covered_mask) & _ALL_POSITIONS

    # ------------------------------------------------------------------ rules
    def _shows(self, line: tuple[int, ...], code: tuple[int, ...]) -> bool:
        # An empty position's 0 is no digit of a code.
        tops = self._tops
        first, second, third = line
        return (tops[first], tops[second], tops[third]) == code

    def sequences(self) -> dict[str, list[int]]:
        """The rows and the columns that are sequences now: each runs through a position
        covered this turn and shows the code of the card placed there."""
        rows: set[int] = set()
        columns: set[int] = set()
        for position in self.covered:
            code = _CODE_VALUES[self.grid[position][-1]]
            row, column = divmod(position, SIZE)
            if self._shows(ROWS[row], code):
                rows.add(row)
            if self._shows(COLUMNS[column], code):
                columns.add(column)
        return {"rows": sorted(rows), "columns": sorted(columns)}

    def _claim_positions(self, direction: str, indices: tuple[int, ...]) -> list[int]:
        lines = ROWS if direction == "rows" else COLUMNS
        return sorted(position for index in indices for position in lines[index])

    def _claims(self) -> list[tuple[str, tuple[int, ...]]]:
        """Every claim open to the seat to act: each set of its rows, then of its columns."""
        found = self.sequences()
        return [
            (direction, indices)
            for direction, indices in _CLAIMS
            if set(indices) <= set(found[direction])
        ]

    def _legal_actions(self) -> list[Action]:
        if self.phase == CLAIM:
            return [_CLAIM_ACTIONS[claim] for claim in self._claims()]
        masks = self._top_masks
        covered = self._covered_mask
        actions: list[Action] = []
        for card in self.hands[self.to_act]:
            allowed = ~(masks[_DIGIT_VALUES[card]] | covered) & _ALL_POSITIONS
            actions += _placements(card, allowed)
        return actions

    def _why_illegal(self, action: Action) -> str:
        if action.verb == PLACE:
            if self.phase == CLAIM:
                return "your hand is empty: claim a set of rows or of columns"
            text, position = action.args if len(action.args) == 2 else ("", "")
            if not isinstance(position, int):
                return "write place CARD POSITION, e.g. place 2:131 4"
            card = card_ids_by_text().get(str(text))
            if card is None:
                return f"{text} is not a Sequentia card (write digit:code, e.g. 2:131 or 2:131+)"
            if card not in self.hands[self.to_act]:
                return f"card {text} is not in your hand"
            if not 0 <= position < POSITIONS:
                return f"there is no position {position}: the grid's positions are 0 to 8"
            if position in self.covered:
                return f"card {text} cannot go on pile {position}: you already covered it this turn"
            return (
                f"card {text} cannot go on pile {position}: its top digit is also {_DIGITS[card]}"
            )
        if action.verb == CLAIM:
            if self.phase == PLACE:
                return "place every card of your hand first"
            if action not in _CLAIM_SET:
                return (
                    "write claim rows or claim columns and the lines' numbers, each once and "
                    "in order, e.g. claim rows 0 2"
                )
            direction, *indices = action.args
            found = self.sequences()[str(direction)]
            line = str(direction)[:-1]
            missing = ", ".join(f"{line} {index}" for index in indices if index not in found)
            return (
                f"{missing}: no sequence, it does not run through a card you placed this turn "
                "showing that card's code"
            )
        return "the actions are place CARD POSITION, claim rows INDICES and claim columns INDICES"

    def _apply(self, action: Action) -> None:
        if action.verb == PLACE:
            text, position = action.args
            card = card_ids_by_text()[str(text)]
            self.hands[self.to_act].remove(card)
            self.grid[int(position)].append(card)
            self.covered.append(int(position))
            bit = 1 << int(position)
            digit = _DIGIT_VALUES[card]
            masks = self._top_masks
            masks[self._tops[int(position)]] &= ~bit
            masks[digit] |= bit
            self._tops[int(position)] = digit
            self._covered_mask |= bit
        else:
            direction, *indices = action.args
            self._claim(str(direction), tuple(int(index) for index in indices))
        self._settle()

    def _claim(self, direction: str, indices: tuple[int, ...]) -> None:
        seat = self.to_act
        positions = self._claim_positions(direction, indices)
        taken = 0
        for position in positions:
            taken += len(self.grid[position])
            self.collected[seat].extend(self.grid[position])
            self.grid[position] = []
        self._event(CrossClaimed(seat=seat, lines=direction, indices=indices, cards=taken))
        refilled: dict[str, str] = {}
        for position in positions:
            if not self.deck:
                break
            self.grid[position] = draw(self.deck, 1)
            refilled[str(position)] = _TEXTS[self.grid[position][0]]
        self._rebuild_caches()
        if refilled:
            self._event(CrossRefilled(positions=refilled, deck=len(self.deck)))
        self._end_turn(claimed=True)

    def _settle(self) -> None:
        """Run the engine's own steps (discards, turns without a claim, passes) until a seat
        has a decision to make or the game is over."""
        while not self.finished and self.phase == PLACE:
            seat = self.to_act
            hand = self.hands[seat]
            for card in [card for card in hand if not self._allowed_mask(card)]:
                hand.remove(card)
                self.out_of_play.append(card)
                self._event(CrossDiscarded(seat=seat, card=_TEXTS[card]))
            if hand:
                return
            found = self.sequences()
            if found["rows"] or found["columns"]:
                self.phase = CLAIM
                return
            self._event(CrossNoSequence(seat=seat) if self.covered else CrossPassed(seat=seat))
            self._end_turn(claimed=False)

    def _end_turn(self, *, claimed: bool) -> None:
        seat = self.to_act
        if claimed:
            self.idle_turns = 0
        elif not self.deck:
            # Nothing draws from the deck before this point of a turn, so an empty deck now
            # means the whole turn was played with an empty deck.
            self.idle_turns += 1
        drawn = draw(self.deck, HAND_SIZE)
        self.hands[seat] = sorted(self.hands[seat] + drawn)
        if drawn:
            self._event(CrossDrew(seat=seat, cards=len(drawn), deck=len(self.deck)))
        self.covered = []
        self._covered_mask = 0
        self.phase = PLACE
        if not self.deck and not any(self.hands):
            self._finish(self.scores(), CrossTermination.DECK_EXHAUSTED)
        elif self.idle_turns >= self.game.options.stall_rounds * self.game.players:
            self._finish(
                self.scores(), CrossTermination.STALL, rounds=self.game.options.stall_rounds
            )
        else:
            self.to_act = next_seat(seat, self.game.players)

    def scores(self) -> list[int]:
        """Collected cards per seat."""
        return [len(pile) for pile in self.collected]

    # ------------------------------------------------------------------ views
    def claim_choices(self) -> tuple[CrossClaim, ...]:
        """Each claim the seat to act may make (in the order of the legal actions), with its
        action text and the cards it collects; the ones that collect the most are marked
        ``suggested``."""
        if self.phase != CLAIM:
            return ()
        claims = self._claims()
        collects = [
            sum(len(self.grid[position]) for position in self._claim_positions(*claim))
            for claim in claims
        ]
        best = max(collects)
        return tuple(
            CrossClaim(
                action=str(_CLAIM_ACTIONS[direction, indices]),
                lines=cast(Direction, direction),
                indices=tuple(indices),
                cards=cards,
                suggested=cards == best,
            )
            for (direction, indices), cards in zip(claims, collects, strict=True)
        )

    def _observation(self, seat: int | None) -> CrossObservation:
        return CrossObservation(
            **self._header(seat),
            grid=tuple(
                CrossPile(
                    top=_DECK[pile[-1]] if pile else None,
                    digit=_DECK[pile[-1]].digit if pile else None,
                    size=len(pile),
                )
                for pile in self.grid
            ),
            phase=cast(CrossPhase, self.phase),
            covered=tuple(self.covered),
            hand=None if seat is None else tuple(_DECK[card] for card in self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            deck_size=len(self.deck),
            collected=tuple(self.scores()),
            out_of_play=tuple(_DECK[card] for card in self.out_of_play),
            claims=self.claim_choices(),
            idle_turns=self.idle_turns,
            stall_turns=self.game.options.stall_rounds * self.players,
        )

    def card_zones(self) -> dict[str, list[Any]]:
        zones: dict[str, list[Any]] = {
            "deck": list(self.deck),
            "grid": [card for pile in self.grid for card in pile],
            "out_of_play": list(self.out_of_play),
        }
        for seat in range(self.players):
            zones[f"hand {seat}"] = list(self.hands[seat])
            zones[f"collected {seat}"] = list(self.collected[seat])
        return zones

    def _redeal_unseen(self, seat: int, rng: random.Random) -> None:
        # Every card on the grid was face up when it arrived there (and placements are in
        # the public record), so only the deck and the other hands are unknown.
        others = [self.hands[other] for other in range(self.players) if other != seat]
        redeal([self.deck, *others], rng)
        for hand in others:
            hand.sort()

    # ------------------------------------------------------------------ positions
    @classmethod
    def from_position(
        cls, game: CrossGame, position: str | dict[str, str], seed: int = 0
    ) -> CrossState:
        """A state built from a compact description, one ``key: value`` per line::

            grid: 1:111 2:112+ 3:112 / 3:113+ . 1:113 / 2:121 3:121,1:122 2:123
            hand0: 2:131 3:131
            hand1: 1:132
            deck: 3:133 1:133            (top card first)
            collected0: 1:211            (optional, like collected1...)
            out: 1:212                   (optional: out of play)
            to_act: 0                    (optional, default 0)
            covered: 4                   (optional: positions covered this turn)
            idle_turns: 0                (optional)

        A pile is ``.`` (empty) or its cards bottom to top joined by commas; ``/`` between
        rows is optional. Cards named nowhere lie out of play. The engine then takes its own
        steps (discards, claim phase) as it would in play.
        """
        fields = position_fields(position)
        state = cls(game, seed)
        ids = card_ids_by_text()
        used: set[int] = set()

        def cards(text: str) -> list[int]:
            found = []
            for word in text.replace(",", " ").split():
                if word not in ids:
                    raise NotationError(f"{word!r} is not a card of the Sequentia deck")
                if ids[word] in used:
                    raise NotationError(f"card {word} appears twice in the position")
                used.add(ids[word])
                found.append(ids[word])
            return found

        known = {"grid", "deck", "out", "to_act", "covered", "idle_turns"}
        known |= {f"{zone}{seat}" for zone in ("hand", "collected") for seat in range(game.players)}
        unknown = sorted(set(fields) - known)
        if unknown:
            raise NotationError(f"unknown position field {unknown[0]!r}; known: {sorted(known)}")
        piles = [word for word in fields.get("grid", "").split() if word != "/"]
        if len(piles) != POSITIONS:
            raise NotationError(f"the grid needs {POSITIONS} piles, got {len(piles)}")
        state.grid = [[] if pile == "." else cards(pile) for pile in piles]
        state.hands = [sorted(cards(fields.get(f"hand{seat}", ""))) for seat in range(game.players)]
        state.collected = [
            cards(fields.get(f"collected{seat}", "")) for seat in range(game.players)
        ]
        state.deck = cards(fields.get("deck", ""))[::-1]
        state.out_of_play = cards(fields.get("out", ""))
        state.out_of_play += [card for card in range(len(_DECK)) if card not in used]
        try:
            state.to_act = int(fields.get("to_act", "0"))
            state.covered = [int(word) for word in fields.get("covered", "").split()]
            state.idle_turns = int(fields.get("idle_turns", "0"))
        except ValueError as error:
            raise NotationError(f"a position number is not an integer: {error}") from None
        if not 0 <= state.to_act < game.players:
            raise NotationError(f"to_act {state.to_act} is not a seat")
        if any(not 0 <= pos < POSITIONS or not state.grid[pos] for pos in state.covered):
            raise NotationError("covered positions must be non-empty positions 0..8")
        state.phase = PLACE
        state.finished = False
        state.final_scores = None
        state.final_winners = None
        state.history = []
        state.log = []
        state._rebuild_caches()
        state._settle()
        return state


def from_position(game: CrossGame, position: str | dict[str, str], seed: int = 0) -> CrossState:
    """Shorthand for ``CrossState.from_position``."""
    return CrossState.from_position(game, position, seed)
