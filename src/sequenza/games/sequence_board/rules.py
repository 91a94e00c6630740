"""Sequence and Sequence Numbers: place chips on a 10x10 board by playing cards, and make
lines of five. One module plays both: they differ only in board, deck, hand sizes, teams and
win targets, which are data.

Spaces are numbered row-major, row 0 on top, and named by column letter and row digit::

       A  B  C  D  E  F  G  H  I  J
    0  XX .  .  .  .  .  .  .  .  XX      A0 = 0, J0 = 9
    1  .  .  .  .  .  .  .  .  .  .       A1 = 10
    ...
    9  XX .  .  .  .  .  .  .  .  XX      J9 = 99

A sequence is one of 192 five-space windows (rows, columns, both diagonals). Actions:
``dead 5S`` (exchange a dead card), ``play 5S D3`` (a value card, or a place-anywhere card on
any empty space), ``remove JS E4``, ``mark A0 E0`` (which window becomes the sequence when
several qualify) and ``pass``. The engine draws, reshuffles and marks sequences by itself.

>>> import sequenza
>>> state = sequenza.make("sequence", players=2, seed=1)
>>> state.observation(0)["hand"]
['9S', 'QS', '3H', '5H', '8H', '7D', '7C']
>>> [str(action) for action in state.legal_actions()[:3]]
['play 9S I0', 'play 9S B6', 'play QS J2']
>>> state.apply("play 9S I0")
>>> state.observation(None)["chips"][0]
'x.......0x'
"""

from __future__ import annotations

import copy
import random
from bisect import insort
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Generic, Literal, NamedTuple, Self, TypeVar

from sequenza.components.decks import draw, load_data, redeal, shuffle
from sequenza.components.grids import DIRECTIONS, line_windows, space_names
from sequenza.components.number_decks import (
    CORNER,
    CORNER_SPACES,
    card_result,
    parse_board,
    parse_numbers_deck,
    shipped_numbers_deck,
)
from sequenza.core.actions import Action, ActionSpace
from sequenza.core.errors import NotationError, OptionError
from sequenza.core.game import Game, GameInfo, State, Termination
from sequenza.core.notation import position_fields
from sequenza.core.options import Options, option

# A space's chip is a team's index, EMPTY or FREE (the corners).
from .types import (
    BOARD_EVENTS,
    EMPTY,
    FREE,
    BoardCard,
    BoardChipsRemoved,
    BoardObservation,
    BoardReshuffled,
    BoardSequenceMade,
    CardKind,
    ChipRow,
    NumberCard,
    NumbersObservation,
    PlayingCard,
    SequenceObservation,
    Space,
    TeamColour,
    Window,
)

SIZE = 10
SPACES = SIZE * SIZE
SPACE_NAMES = space_names(SIZE)
SPACE_OF: dict[str, int] = {name: space for space, name in enumerate(SPACE_NAMES)}
PLAYABLE: tuple[int, ...] = tuple(s for s in range(SPACES) if s not in CORNER_SPACES)
RUN = 5
TEAM_COLOURS: tuple[TeamColour, ...] = ("blue", "green", "red")
#: Each space as observations name it.
SPACE_VIEWS = tuple(Space(space, name) for space, name in enumerate(SPACE_NAMES))

# Card kinds.
VALUE = 0
ANYWHERE = 1
REMOVE = 2
_CARD_KINDS = {VALUE: CardKind.VALUE, ANYWHERE: CardKind.ANYWHERE, REMOVE: CardKind.REMOVE}
# Action kinds.
PLAY = 0
TAKE = 1
DEAD = 2
MARK = 3
PASS = 4


WINDOWS = line_windows(SIZE, RUN)
WINDOW_SETS = tuple(frozenset(window) for window in WINDOWS)
WINDOW_NAMES = tuple(f"{SPACE_NAMES[w[0]]}-{SPACE_NAMES[w[-1]]}" for w in WINDOWS)
#: Each window as observations name it.
WINDOW_VIEWS = tuple(Window(window, name) for window, name in enumerate(WINDOW_NAMES))
_WINDOW_OF = {(window[0], window[1] - window[0]): index for index, window in enumerate(WINDOWS)}


class Line(NamedTuple):
    """The spaces beside one space along one direction, and the windows through it."""

    forward: tuple[int, ...]
    backward: tuple[int, ...]
    #: The window starting ``k`` steps back from the space, at index ``k`` (-1 off the board).
    starting_back: tuple[int, ...]


def _lines(space: int) -> tuple[Line, ...]:
    row, column = divmod(space, SIZE)
    lines = []
    for dr, dc in DIRECTIONS:

        def ray(sign: int, dr: int = dr, dc: int = dc) -> tuple[int, ...]:
            spaces = []
            for k in range(1, RUN):
                r, c = row + sign * dr * k, column + sign * dc * k
                if not (0 <= r < SIZE and 0 <= c < SIZE):
                    break
                spaces.append(r * SIZE + c)
            return tuple(spaces)

        step = dr * SIZE + dc
        backward = ray(-1)
        starts = (space, *backward)
        lines.append(
            Line(ray(1), backward, tuple(_WINDOW_OF.get((start, step), -1) for start in starts))
        )
    return tuple(lines)


LINES = tuple(_lines(space) for space in range(SPACES))
CORNER_BITS = sum(1 << space for space in CORNER_SPACES)
EMPTY_BOARD = tuple(FREE if space in CORNER_SPACES else EMPTY for space in range(SPACES))


def _window_checks(space: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Per direction through ``space``: the other spaces a window there may cover, as bits,
    and each window there with its spaces as bits. A window is complete for a team when its
    bits are all among the team's chips and the corners."""
    checks = []
    for forward, backward, starting_back in LINES[space]:
        reach = sum(1 << other for other in (*forward, *backward))
        windows = tuple(
            (window, sum(1 << member for member in WINDOWS[window]))
            for window in starting_back
            if window >= 0
        )
        if windows:
            checks.append((reach, windows))
    return tuple(checks)


WINDOW_CHECKS = tuple(_window_checks(space) for space in range(SPACES))
MARK_ACTIONS = tuple(Action("mark", (SPACE_NAMES[w[0]], SPACE_NAMES[w[-1]])) for w in WINDOWS)
PASS_ACTION = Action("pass")


# Compared and hashed by identity: layouts are built once per board and deck (``classic_layout``
# and ``numbers_layout`` are cached), and ``_layout_cards`` caches on them.
@dataclass(frozen=True, eq=False)
class Layout:
    """A board and a deck, and the fixed action space they give."""

    labels: tuple[str, ...]
    #: The labels row by row, padded to one width (``XX`` on corners).
    label_rows: tuple[str, ...]
    #: Colour group of each space (suits, or quarters of the numbers) as a digit, row by row;
    #: ``x`` on corners.
    group_rows: tuple[str, ...]
    card_faces: tuple[int, ...]
    faces: tuple[str, ...]
    face_index: Mapping[str, int]
    kinds: tuple[int, ...]
    #: A value face's two spaces; empty for action cards.
    value_spaces: tuple[tuple[int, ...], ...]
    #: Per face, the play (or remove) action of each space it may target.
    card_actions: tuple[Mapping[int, Action], ...]
    #: Per value face: its two spaces, the play action of each and its dead-card exchange.
    value_cards: Mapping[int, tuple[int, int, Action, Action, Action]]
    #: ``value_cards`` as a tuple by face, ``None`` for action cards (a cheaper look-up).
    value_card_of: tuple[tuple[int, int, Action, Action, Action] | None, ...]
    action_space: ActionSpace
    #: Action -> (action kind, face, space or window).
    moves: Mapping[Action, tuple[int, int, int]]

    @classmethod
    def build(
        cls,
        rows: Any,
        cards: list[str],
        anywhere: list[str],
        remove: list[str],
        value_of: Callable[[str], str],
        group_of: Callable[[str, list[str]], int],
    ) -> Layout:
        labels = tuple(parse_board(rows))
        spaces_of: dict[str, list[int]] = {}
        for space, label in enumerate(labels):
            spaces_of.setdefault(label, []).append(space)
        distinct = sorted(label for label in spaces_of if label != CORNER)
        groups = "".join(
            "x" if label == CORNER else str(group_of(label, distinct)) for label in labels
        )
        width = max(len(label) for label in labels)
        faces: list[str] = []
        for face in cards:
            if face not in faces:
                faces.append(face)
        kinds: list[int] = []
        value_spaces: list[tuple[int, ...]] = []
        for face in faces:
            if face in anywhere or face in remove:
                kinds.append(ANYWHERE if face in anywhere else REMOVE)
                value_spaces.append(())
                continue
            label = value_of(face)
            if label == CORNER or label not in spaces_of:
                raise ValueError(f"card {face} asks for {label}, which is not on the board")
            kinds.append(VALUE)
            value_spaces.append(tuple(spaces_of[label]))
        actions: list[Action] = []
        moves: dict[Action, tuple[int, int, int]] = {}
        card_actions: list[dict[int, Action]] = []
        dead_actions: dict[int, Action] = {}

        def add(action: Action, move: tuple[int, int, int]) -> Action:
            actions.append(action)
            moves[action] = move
            return action

        for index, face in enumerate(faces):
            kind = kinds[index]
            targets = value_spaces[index] if kind == VALUE else PLAYABLE
            verb, code = ("remove", TAKE) if kind == REMOVE else ("play", PLAY)
            card_actions.append(
                {s: add(Action(verb, (face, SPACE_NAMES[s])), (code, index, s)) for s in targets}
            )
            if kind == VALUE:
                dead_actions[index] = add(Action("dead", (face,)), (DEAD, index, -1))
        for window, action in enumerate(MARK_ACTIONS):
            add(action, (MARK, -1, window))
        add(PASS_ACTION, (PASS, -1, -1))
        face_index = {face: index for index, face in enumerate(faces)}
        value_cards = {
            face: (
                value_spaces[face][0],
                value_spaces[face][1],
                card_actions[face][value_spaces[face][0]],
                card_actions[face][value_spaces[face][1]],
                dead_actions[face],
            )
            for face in dead_actions
        }
        return cls(
            labels=labels,
            label_rows=tuple(
                " ".join(label.rjust(width) for label in labels[start : start + SIZE])
                for start in range(0, SPACES, SIZE)
            ),
            group_rows=tuple(groups[start : start + SIZE] for start in range(0, SPACES, SIZE)),
            card_faces=tuple(face_index[face] for face in cards),
            faces=tuple(faces),
            face_index=face_index,
            kinds=tuple(kinds),
            value_spaces=tuple(value_spaces),
            card_actions=tuple(card_actions),
            value_cards=value_cards,
            value_card_of=tuple(value_cards.get(face) for face in range(len(faces))),
            action_space=ActionSpace(actions, "Sequence"),
            moves=moves,
        )


def _suit_group(label: str, distinct: list[str]) -> int:
    return "SHDC".index(label[-1])


def _number_group(label: str, distinct: list[str]) -> int:
    numbers = sorted(int(value) for value in distinct)
    return numbers.index(int(label)) * 4 // len(numbers)


@cache
def classic_layout() -> Layout:
    deck = load_data("sequence_deck.json")
    return Layout.build(
        load_data("sequence_board.json")["rows"],
        deck["cards"],
        deck["anywhere"],
        deck["remove"],
        value_of=str,
        group_of=_suit_group,
    )


@cache
def numbers_layout(deck_text: str = "") -> Layout:
    """The shipped Numbers board and deck, or those of a teacher's deck file's text."""
    data = shipped_numbers_deck() if not deck_text else parse_numbers_deck(deck_text)
    return Layout.build(
        data["board"],
        data["cards"],
        data["anywhere"],
        data["remove"],
        value_of=lambda face: str(card_result(face)),
        group_of=_number_group,
    )


@dataclass(frozen=True)
class BoardRules:
    """What tells the two games apart, besides board and deck."""

    #: Cards in hand, by number of players.
    hand_sizes: Mapping[int, int]
    #: Sequences a side needs to win, by number of ``wins_by``: "sides" or "players".
    wins: Mapping[int, int]
    wins_by: Literal["sides", "players"]


CLASSIC_RULES = BoardRules(
    hand_sizes={2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3},
    wins={2: 2, 3: 1},
    wins_by="sides",
)
NUMBERS_RULES = BoardRules(
    hand_sizes={2: 5, 3: 5, 4: 4, 6: 4},
    wins={2: 1, 3: 1, 4: 2, 6: 2},
    wins_by="players",
)

_COMMON_RULES = """
The board: 10x10 spaces. Columns are letters A-J (left to right), rows digits 0-9 (row 0 on
top): D3 is column D, row 3. The four corners (A0, J0, A9, J9) are free spaces: they count as
holding a chip of every team, and no chip is ever placed there. Every other space shows a value,
and every value is on exactly two spaces.

Players and teams: 2 or 3 players play alone. More players form 2 or 3 teams of equal size,
seated alternately (team of seat s = s mod number of teams; 4 players: seats 0,2 against 1,3).
Option "teams" picks the split where the count allows two (6 players: 2 teams of 3 or 3 teams
of 2); 0 means 2 teams whenever the count is even, else 3. Teammates share a colour (blue,
green, red) and a sequence count.

A sequence is five spaces in a straight line (row, column or either diagonal) that all hold
one team's chips or are free corners. Its chips are marked and can never be removed.

Your turn:
1. Dead card (optional, once per turn): a value card whose two spaces both hold chips is dead.
   "dead 5S" discards it and draws a replacement; then you go on.
2. Play one card onto your own discard pile (discard piles are public):
   - a value card: "play 5S D3" places a chip on one of the two spaces showing its value, if
     empty;
   - a place-anywhere card: "play {anywhere} E4" places a chip on any empty space;
   - a remove card: "remove {remove} E4" removes an opponent's chip that is not part of a
     sequence. That ends your turn, so the freed space stays empty at least until the next
     player's turn.
   If you hold no card you can play, you pass ("pass"), after a dead-card exchange if you like.
3. A chip that completes sequences for your team marks them. A team that needs two sequences
   may use for its second at most shared_limit spaces of its first (a free corner counts as a
   space). Where several five-space windows qualify and they cannot all be marked, you choose:
   "mark A0 E0" names a window by its first and last space. When one sequence wins the game,
   the engine marks it without asking.
4. You draw one card (automatic). When the draw pile is empty, all discard piles are shuffled
   into a new one.

The game is drawn when idle_rounds full rounds pass in which no player placed or removed a
chip (everybody passed).

Decisions of this engine (options):
- shared_limit (default 1): the spaces a second sequence may share with the first. The
  Italian seed says any one of its chips, as the publisher's classic rule does (the Finnish
  reads as plural, so the limit is an option).
- idle_rounds (default 1): full rounds of passes that draw the game.
"""

NUMBERS_TEXT = """
Sequence Numbers: values are the numbers 1-48; each value card shows an addition or a
subtraction whose result is on the board: card "2+3" goes on a space showing 5. Cards are
named by what they show: "play 2+3 E0". 2 Plus cards place a chip anywhere ("play plus E4"),
2 Minus cards remove one ("remove minus E4"). 100 cards in all. The board groups its numbers
in four colour groups (a quarter of the numbers each).

Hands: 5 cards each with 2-3 players, 4 with 4 or 6 players. To win: 1 sequence with 2-3
players, 2 sequences with 4 or 6 players. 5 players cannot form equal teams.

The board and the deck are provisional (the publisher's list is not public): the numbers on the
classic Sequence board's geometry, each number twice. Option deck_file plays with a teacher's
deck file instead (other operations, * and /, other number ranges), checked so that every card
can be played.

Decision of this engine (option): minus_removes_all (default off): a Minus removes one
opponent chip, as the Italian seed says ("rimuovi il gettone del tuo avversario"); the
Finnish text says all of the opponent's chips ("poista kaikki vastustajan pelimerkit", one
opponent's, in the singular), read as a slip of translation. On, "remove minus E4" removes
every chip of E4's player or team that is not part of a sequence.
""" + _COMMON_RULES.format(anywhere="plus", remove="minus")

CLASSIC_TEXT = """
Sequence: values are playing cards (T = ten): card "5S" goes on a space showing 5S. Two
standard decks, 104 cards. Two-eyed jacks (JD, JC) place a chip anywhere; one-eyed jacks
(JS, JH) remove one.

Players: 2, 3, 4, 6, 8, 9, 10 or 12. Hands: 7 cards (2 players), 6 (3-4), 5 (6), 4 (8-9),
3 (10-12). To win: 2 sequences with 2 players or teams, 1 sequence with 3.
""" + _COMMON_RULES.format(anywhere="JD", remove="JS")


@dataclass(frozen=True)
class SequenceOptions(Options):
    teams: int = option(
        0,
        "Number of teams (2 or 3) where the player count allows both; 0: 2 teams when the "
        "count is even, else 3 (players alone up to 3)",
        minimum=0,
        maximum=3,
    )
    shared_limit: int = option(
        1,
        "Spaces a team's second sequence may share with its first",
        minimum=0,
        maximum=4,
        decision=True,
    )
    idle_rounds: int = option(
        1,
        "Full rounds in which nobody places or removes a chip that draw the game",
        minimum=1,
        maximum=10,
        decision=True,
    )


@dataclass(frozen=True)
class SequenceNumbersOptions(SequenceOptions):
    deck_file: str = option(
        "",
        "A teacher's deck file (sequenza numbers-deck) to play with; empty: the shipped deck",
        file="path",
    )
    deck: str = option(
        "",
        "A teacher's deck itself (the text of a sequenza numbers-deck file), kept with the "
        "game so that it replays anywhere; empty: deck_file or the shipped deck",
        file="contents",
    )
    minus_removes_all: bool = option(
        False,
        "A Minus removes every chip outside sequences of the opponent (player or team) whose "
        "chip it names, as the Finnish text reads; by default that one chip, as the Italian "
        "text says",
        decision=True,
    )


#: A deck of a few hundred cards fits in a few kilobytes; a bigger text is not a deck.
MAX_DECK_TEXT = 32_000

BoardOptionsT = TypeVar("BoardOptionsT", bound=SequenceOptions)


def sides_for(players: int, teams: int) -> int:
    """How many sides (players alone, or teams) play; ``OptionError`` for a split the
    rules forbid."""
    if players <= 3:
        if teams not in (0, players):
            raise OptionError(
                f"{players} players play alone, not in {teams} teams (leave teams at 0)"
            )
        return players
    splits = [count for count in (2, 3) if players % count == 0]
    if teams == 0:
        return splits[0]
    if teams not in splits:
        allowed = " or ".join(f"{count} teams of {players // count}" for count in splits)
        raise OptionError(
            f"{players} players cannot form {teams} teams of equal size; they play in {allowed}"
        )
    return teams


class BoardTermination(Termination):
    #: A team made the sequences it needs.
    SEQUENCES_MADE = "sequences_made"
    #: ``idle_rounds`` full rounds without a chip placed or removed: a draw.
    STALL = "stall"

    @property
    def is_stall(self) -> bool:
        return self is BoardTermination.STALL


class SequenceBoardGame(Game[BoardOptionsT], Generic[BoardOptionsT]):
    """A table of Sequence or Sequence Numbers."""

    rules: ClassVar[BoardRules]
    observation_class: ClassVar[type[BoardObservation]]
    event_classes = BOARD_EVENTS
    layout: Layout
    #: Each face of the layout as a typed card.
    cards: tuple[BoardCard, ...]
    sides: int
    sequences_to_win: int
    hand_size: int
    team_of: tuple[int, ...]

    def _check_setup(self) -> None:
        self.sides = sides_for(self.players, self.options.teams)
        count = self.sides if self.rules.wins_by == "sides" else self.players
        self.sequences_to_win = self.rules.wins[count]
        self.hand_size = self.rules.hand_sizes[self.players]
        self.layout = self._load_layout()
        self.cards = _layout_cards(type(self), self.layout)
        self.team_of = tuple(seat % self.sides for seat in range(self.players))

    def _load_layout(self) -> Layout:
        return classic_layout()

    @staticmethod
    def _card(face: str, kind: CardKind) -> BoardCard:
        return PlayingCard.parse(face, kind)

    def teams(self) -> list[int]:
        return list(self.team_of)

    @property
    def action_space(self) -> ActionSpace:
        return self.layout.action_space

    def new_initial_state(self, seed: int) -> SequenceBoardState:
        return SequenceBoardState(self, seed)


@cache
def _layout_cards(
    game_class: type[SequenceBoardGame[Any]], layout: Layout
) -> tuple[BoardCard, ...]:
    """Each face of ``layout`` as the typed card of ``game_class``, built once per layout:
    every new table asks, and a Numbers card parses its sum."""
    return tuple(
        game_class._card(face, _CARD_KINDS[kind])
        for face, kind in zip(layout.faces, layout.kinds, strict=True)
    )


class SequenceGame(SequenceBoardGame[SequenceOptions]):
    info = GameInfo(
        id="sequence",
        name="Sequence",
        player_counts=(2, 3, 4, 6, 8, 9, 10, 12),
        rules_version="1",
        summary="Play cards to place chips on the board; make lines of five.",
        rules_text=CLASSIC_TEXT,
    )
    options_class = SequenceOptions
    terminations = BoardTermination
    observation_class = SequenceObservation
    rules = CLASSIC_RULES


class SequenceNumbersGame(SequenceBoardGame[SequenceNumbersOptions]):
    info = GameInfo(
        id="sequence-numbers",
        name="Sequence Numbers",
        player_counts=(2, 3, 4, 6),
        rules_version="1",
        summary="Solve additions and subtractions to place chips; make lines of five.",
        rules_text=NUMBERS_TEXT,
    )
    options_class = SequenceNumbersOptions
    terminations = BoardTermination
    observation_class = NumbersObservation
    rules = NUMBERS_RULES

    @staticmethod
    def _card(face: str, kind: CardKind) -> BoardCard:
        return NumberCard(face, card_result(face) if kind == CardKind.VALUE else None, kind)

    def _load_layout(self) -> Layout:
        if self.options.deck:
            if self.options.deck_file:
                raise OptionError("give a deck or a deck_file, not both")
            if len(self.options.deck) > MAX_DECK_TEXT:
                raise OptionError(f"a deck is at most {MAX_DECK_TEXT:,} characters of JSON")
            try:
                return numbers_layout(self.options.deck)
            except ValueError as error:
                raise OptionError(f"deck: {error}") from None
        path = self.options.deck_file
        if not path:
            return numbers_layout()
        try:
            with open(path, encoding="utf-8") as file:
                text = file.read()
        except OSError as error:
            raise OptionError(f"deck_file {path!r} cannot be read: {error.strerror}") from None
        try:
            return numbers_layout(text)
        except ValueError as error:
            raise OptionError(f"deck_file {path!r}: {error}") from None


class SequenceBoardState(State[SequenceBoardGame[Any]]):
    """A position: chips on the board, marked sequences, hands, draw pile and discard piles.

    ``board`` holds per space a team index, ``EMPTY`` (-1) or ``FREE`` (-2, the corners).
    ``sequences`` holds per team the windows it has marked. ``pending`` lists the windows the
    seat to act must choose from (``mark``), through ``pending_space``, the chip just placed.
    """

    SAVE_FIELDS = (
        "board",
        "sequences",
        "draw_pile",
        "hands",
        "discards",
        "dead_used",
        "pending",
        "pending_space",
        "passes",
    )

    # The saved fields' types (the state's JSON schema reads them); cards are ids into the
    # layout's deck, windows indices into its windows of five spaces.
    board: list[int]
    sequences: list[list[int]]
    draw_pile: list[int]
    hands: list[list[int]]
    discards: list[list[int]]
    dead_used: bool
    pending: list[int]
    pending_space: int
    passes: int

    def __init__(self, game: SequenceBoardGame[Any], seed: int) -> None:
        super().__init__(game, seed)
        layout = game.layout
        self.board = list(EMPTY_BOARD)
        self.sequences = [[] for _ in range(game.sides)]
        self.draw_pile = list(range(len(layout.card_faces)))
        shuffle(self.draw_pile, self.rng)
        self.hands = [draw(self.draw_pile, game.hand_size) for _ in range(game.players)]
        self.discards = [[] for _ in range(game.players)]
        self.dead_used = False
        self.pending = []
        self.pending_space = -1
        self.passes = 0
        if game.options.random_first_player:
            self.to_act = self.rng.randrange(game.players)
        self._rebuild_caches()

    def set_hand(self, seat: int, cards: list[int]) -> None:
        """Give ``seat`` exactly ``cards`` (search's hand models rewrite the hands of the
        positions they imagine), keeping the hand caches the legal actions read."""
        self.hands[seat] = list(cards)
        card_faces = self._layout.card_faces
        counts = [0] * len(self._layout.faces)
        for card in cards:
            counts[card_faces[card]] += 1
        self._face_counts[seat] = counts
        self._hand_faces[seat] = sorted(set(map(card_faces.__getitem__, cards)))

    def _rebuild_caches(self) -> None:
        self._layout = self.game.layout
        self._team_of = self.game.team_of
        self._marked = [False] * SPACES
        for windows in self.sequences:
            for window in windows:
                for space in WINDOWS[window]:
                    self._marked[space] = True
        card_faces = self._layout.card_faces
        #: Per seat, how many cards of each face it holds, and those faces, each once, in
        #: face order: the order of the legal actions, kept as cards come and go.
        self._face_counts: list[list[int]] = []
        for hand in self.hands:
            counts = [0] * len(self._layout.faces)
            for card in hand:
                counts[card_faces[card]] += 1
            self._face_counts.append(counts)
        self._hand_faces = [sorted(set(map(card_faces.__getitem__, hand))) for hand in self.hands]
        board = self.board
        if board == list(EMPTY_BOARD):
            # A new game's board: every game of a playout starts here.
            self._empty = list(PLAYABLE)
            self._loose: list[list[int]] = [[] for _ in range(self.game.sides)]
            self._occupied = [CORNER_BITS] * self.game.sides
            return
        self._empty = [space for space in PLAYABLE if board[space] == EMPTY]
        self._loose = [
            [space for space in PLAYABLE if board[space] == team and not self._marked[space]]
            for team in range(self.game.sides)
        ]
        #: Per team, its chips and the free corners as bits: what ``_candidates`` tests
        #: windows against.
        self._occupied = [
            sum(1 << space for space in PLAYABLE if board[space] == team) | CORNER_BITS
            for team in range(self.game.sides)
        ]

    def clone(self) -> Self:
        """A deep copy, faster than the generic one: every list of this state holds plain
        values or flat lists, and log entries are never changed once written (so they are
        shared)."""
        twin = copy.copy(self)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        for name, value in vars(self).items():
            if isinstance(value, list):
                if value and isinstance(value[0], list):
                    setattr(twin, name, [inner[:] for inner in value])
                else:
                    setattr(twin, name, value[:])
            elif isinstance(value, dict):
                setattr(twin, name, copy.deepcopy(value))
        return twin

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Action]:
        if self.pending:
            return [MARK_ACTIONS[window] for window in self.pending]
        layout = self._layout
        board = self.board
        seat = self.to_act
        value_card_of = layout.value_card_of
        actions: list[Action] = []
        dead: list[Action] = []
        for face in self._hand_faces[seat]:
            value = value_card_of[face]
            if value is not None:
                first, second, play_first, play_second, dead_action = value
                if board[first] == EMPTY:
                    actions.append(play_first)
                if board[second] == EMPTY:
                    actions.append(play_second)
                elif board[first] != EMPTY and not self.dead_used:
                    dead.append(dead_action)
            elif layout.kinds[face] == ANYWHERE:
                actions += map(layout.card_actions[face].__getitem__, self._empty)
            else:
                actions += map(layout.card_actions[face].__getitem__, self._removable(seat))
        if not actions:
            dead.append(PASS_ACTION)
        return dead + actions

    def _removable(self, seat: int) -> list[int]:
        """The opponents' chips outside sequences, in board order."""
        team = self._team_of[seat]
        loose = self._loose
        if len(loose) == 2:
            return loose[1 - team]
        return sorted(
            space for other, chips in enumerate(loose) if other != team for space in chips
        )

    def _why_illegal(self, action: Action) -> str:
        move = self._layout.moves.get(action)
        if self.pending:
            choices = " or ".join(str(MARK_ACTIONS[w]) for w in self.pending)
            return f"first choose which sequence is marked: {choices}"
        if move is None:
            return self._why_not_an_action(action)
        kind, face, target = move
        if kind == MARK:
            return "there is no sequence to choose now"
        if kind == PASS:
            return "you hold a card you can play"
        text = self._layout.faces[face]
        card_faces = self._layout.card_faces
        if not any(card_faces[card] == face for card in self.hands[self.to_act]):
            return f"you hold no card {text}"
        if kind == DEAD:
            if self.dead_used:
                return "you have already exchanged a dead card this turn"
            free = [SPACE_NAMES[s] for s in self._layout.value_spaces[face] if self.board[s] < 0]
            return f"card {text} is not dead: {' and '.join(free)} can still take it"
        name = SPACE_NAMES[target]
        if kind == TAKE:
            value = self.board[target]
            if value == EMPTY:
                return f"{name} holds no chip"
            if value == self._team_of[self.to_act]:
                return f"{name} holds your own team's chip"
            return f"the chip on {name} is part of a sequence and cannot be removed"
        return f"{name} already holds a chip"

    def _why_not_an_action(self, action: Action) -> str:
        layout = self._layout
        if action.verb not in ("play", "remove", "dead") or not action.args:
            return (
                "this game's actions are dead CARD, play CARD SPACE, remove CARD SPACE, mark, pass"
            )
        face = layout.face_index.get(str(action.args[0]))
        if face is None:
            return f"{action.args[0]} is not a card of {self.game.info.name}"
        kind = layout.kinds[face]
        wanted = {VALUE: "play", ANYWHERE: "play", REMOVE: "remove"}[kind]
        if action.verb == "dead":
            return f"only a value card can be dead, not {action.args[0]}"
        if action.verb != wanted or len(action.args) != 2:
            return f"card {action.args[0]} is played as: {wanted} {action.args[0]} SPACE"
        space = SPACE_OF.get(str(action.args[1]))
        if space is None:
            return f"{action.args[1]} is not a space (columns A-J, rows 0-9: e.g. D3)"
        if space in CORNER_SPACES:
            return f"{action.args[1]} is a free corner: no chip goes there"
        spaces = " or ".join(SPACE_NAMES[s] for s in layout.value_spaces[face])
        return f"card {action.args[0]} goes on {spaces}, not {action.args[1]}"

    # ------------------------------------------------------------------ playing
    def _apply(self, action: Action) -> None:
        kind, face, target = self._layout.moves[action]
        seat = self.to_act
        if kind == MARK:
            self.pending = []
            self._mark(target)
            self._settle()
            return
        if kind == PASS:
            self._pass()
            return
        hand = self.hands[seat]
        card_faces = self._layout.card_faces
        for position, card in enumerate(hand):
            if card_faces[card] == face:
                del hand[position]
                self.discards[seat].append(card)
                break
        counts = self._face_counts[seat]
        counts[face] -= 1
        if not counts[face]:
            self._hand_faces[seat].remove(face)
        if kind == DEAD:
            self.dead_used = True
            self._draw(seat)
            return
        self.passes = 0
        if kind == TAKE:
            taken_from = self.board[target]
            # Option minus_removes_all (Sequence Numbers): the chip names the opponent whose
            # every chip outside a sequence goes; by default that chip alone.
            loose = self._loose[taken_from]
            removes_all = getattr(self.game.options, "minus_removes_all", False)
            freed = list(loose) if removes_all else [target]
            for space in freed:
                loose.remove(space)
                self._occupied[taken_from] &= ~(1 << space)
                self.board[space] = EMPTY
                insort(self._empty, space)
            if removes_all:  # the default's log stays the action alone, as it always was
                self._event(
                    BoardChipsRemoved(
                        seat=seat,
                        team=taken_from,
                        spaces=tuple(SPACE_NAMES[space] for space in freed),
                    )
                )
            self._end_turn()
            return
        team = self._team_of[seat]
        self.board[target] = team
        self._occupied[team] |= 1 << target
        self._empty.remove(target)
        insort(self._loose[team], target)
        self.pending_space = target
        self._settle()

    def _settle(self) -> None:
        """Mark what the chip on ``pending_space`` completes, ask the player where a choice
        matters, then end the turn or the game."""
        team = self._team_of[self.to_act]
        target = self.game.sequences_to_win
        candidates = self._candidates(self.pending_space, team)
        while candidates:
            short = len(self.sequences[team]) + 1 < target
            if short and len(candidates) > 1 and not self._compatible(candidates):
                self.pending = candidates
                return
            for window in candidates if short else candidates[:1]:
                self._mark(window)
            if len(self.sequences[team]) >= target:
                self._win(team)
                return
            candidates = self._candidates(self.pending_space, team)
        self.pending_space = -1
        self._end_turn()

    def _candidates(self, space: int, team: int) -> list[int]:
        """The windows through ``space`` that are complete for ``team`` and may be marked."""
        occupied = self._occupied[team]
        found: list[int] = []
        for reach, windows in WINDOW_CHECKS[space]:
            # A window needs four of the spaces beside this one in its direction: most
            # directions fail this one test.
            if (occupied & reach).bit_count() >= RUN - 1:
                for window, members in windows:
                    if occupied & members == members:
                        found.append(window)
        if not found:
            return found
        limit = self.game.options.shared_limit
        existing = [WINDOW_SETS[window] for window in self.sequences[team]]
        return sorted(
            window
            for window in found
            if all(len(WINDOW_SETS[window] & other) <= limit for other in existing)
        )

    def _compatible(self, windows: list[int]) -> bool:
        limit = self.game.options.shared_limit
        return all(
            len(WINDOW_SETS[first] & WINDOW_SETS[second]) <= limit
            for index, first in enumerate(windows)
            for second in windows[index + 1 :]
        )

    def _mark(self, window: int) -> None:
        team = self._team_of[self.to_act]
        self.sequences[team].append(window)
        for space in WINDOWS[window]:
            if not self._marked[space] and space not in CORNER_SPACES:
                self._loose[team].remove(space)
            self._marked[space] = True
        self._event(BoardSequenceMade(seat=self.to_act, team=team, window=WINDOW_NAMES[window]))

    def _win(self, team: int) -> None:
        self._finish(
            self._scores(),
            BoardTermination.SEQUENCES_MADE,
            [s for s in range(self.players) if self._team_of[s] == team],
            sequences=len(self.sequences[team]),
        )

    def _scores(self) -> list[float]:
        return [float(len(self.sequences[team])) for team in self._team_of]

    def _pass(self) -> None:
        self.passes += 1
        self.dead_used = False
        if self.passes >= self.players * self.game.options.idle_rounds:
            self._finish(
                self._scores(), BoardTermination.STALL, [], rounds=self.game.options.idle_rounds
            )
            return
        self.to_act = (self.to_act + 1) % self.players

    def _end_turn(self) -> None:
        seat = self.to_act
        self._draw(seat)
        self.dead_used = False
        self.to_act = (seat + 1) % self.game.players

    def _draw(self, seat: int) -> None:
        if not self.draw_pile:
            pool = [card for pile in self.discards for card in pile]
            for pile in self.discards:
                pile.clear()
            shuffle(pool, self.rng)
            self.draw_pile = pool
            self._event(BoardReshuffled(cards=len(pool)))
        card = self.draw_pile.pop()
        self.hands[seat].append(card)
        face = self._layout.card_faces[card]
        counts = self._face_counts[seat]
        counts[face] += 1
        if counts[face] == 1:
            insort(self._hand_faces[seat], face)

    # ------------------------------------------------------------------ views
    def _observation(self, seat: int | None) -> BoardObservation:
        game = self.game
        cards = game.cards
        card_faces = self._layout.card_faces
        team_of = self._team_of
        hand = None
        if seat is not None:
            hand = tuple(cards[f] for f in sorted(card_faces[card] for card in self.hands[seat]))
        return game.observation_class(
            **self._header(seat),
            board=self._layout.label_rows,
            groups=self._layout.group_rows,
            chips=tuple(
                ChipRow(tuple(self.board[start : start + SIZE])) for start in range(0, SPACES, SIZE)
            ),
            marked=tuple(SPACE_VIEWS[s] for s in range(SPACES) if self._marked[s]),
            teams=team_of,
            colours=tuple(TEAM_COLOURS[team] for team in team_of),
            sequences=tuple(tuple(WINDOW_VIEWS[w] for w in windows) for windows in self.sequences),
            sequences_to_win=game.sequences_to_win,
            hand=hand,
            hand_sizes=tuple(len(held) for held in self.hands),
            discards=tuple(
                tuple(cards[card_faces[card]] for card in pile) for pile in self.discards
            ),
            draw_pile=len(self.draw_pile),
            dead_exchanged=self.dead_used,
            choose_sequence=tuple(WINDOW_VIEWS[w] for w in self.pending),
            choose_sequence_spaces=tuple(
                SPACE_VIEWS[s] for s in sorted({s for w in self.pending for s in WINDOWS[w]})
            ),
            passes=self.passes,
            last_action=self.history[-1] if self.history else None,
        )

    def card_zones(self) -> dict[str, list[Any]]:
        zones: dict[str, list[Any]] = {"draw_pile": self.draw_pile}
        for seat in range(self.players):
            zones[f"hand_{seat}"] = self.hands[seat]
            zones[f"discards_{seat}"] = self.discards[seat]
        return zones

    def _redeal_unseen(self, seat: int, rng: random.Random) -> None:
        others = [hand for other, hand in enumerate(self.hands) if other != seat]
        redeal([*others, self.draw_pile], rng)

    # ------------------------------------------------------------------ positions
    @classmethod
    def from_position(cls, game: SequenceBoardGame[Any], position: Mapping[str, Any]) -> Self:
        """A state from a compact description, for tests and puzzles::

            {"board": '''x . . . . . . . . x
                         . 0 0 0 0 . . . . .
                         ...''',              # 10 rows: . empty, x corner, digit = team
             "sequences": ["A1-E1"],          # marked windows (the team is the chips')
             "hands": ["5S JD", "2H"],        # per seat, card texts
             "draw": "AS KD",                 # top of the draw pile first
             "discards": ["", "3C"],          # per seat, bottom first
             "rest": "draw",                  # unlisted cards: bottom of the draw pile
                                              # ("draw") or seat 0's discard pile ("discards")
             "to_act": 0, "dead_used": False, "passes": 0}

        Every key is optional; an omitted board is empty.
        """
        position = position_fields(position, _POSITION_KEYS)
        state = cls(game, 0)
        layout = game.layout
        state.board = _parse_chips(str(position.get("board", "")), game.sides)
        state.sequences = [[] for _ in range(game.sides)]
        for name in position.get("sequences", []):
            window = _window_named(name)
            teams = {state.board[s] for s in WINDOWS[window]} - {FREE}
            if len(teams) != 1 or min(teams) < 0:
                raise NotationError(f"sequence {name} does not lie on one team's chips")
            state.sequences[teams.pop()].append(window)
        unused = list(range(len(layout.card_faces)))

        def take(text: Any) -> list[int]:
            cards = []
            for face in str(text).split():
                if face not in layout.face_index:
                    raise NotationError(f"{face!r} is not a card of {game.info.name}")
                wanted = layout.face_index[face]
                card = next((c for c in unused if layout.card_faces[c] == wanted), None)
                if card is None:
                    raise NotationError(f"there is no card {face} left for the position")
                unused.remove(card)
                cards.append(card)
            return cards

        def per_seat(key: str) -> list[Any]:
            values = list(position.get(key, []))
            return values + [""] * (game.players - len(values))

        state.hands = [take(text) for text in per_seat("hands")]
        state.discards = [take(text) for text in per_seat("discards")]
        state.draw_pile = take(position.get("draw", ""))[::-1]
        rest = position.get("rest", "draw")
        if rest == "draw":
            state.draw_pile[:0] = unused
        elif rest == "discards":
            state.discards[0] += unused
        else:
            raise NotationError(f"rest is 'draw' or 'discards', not {rest!r}")
        state.to_act = int(position.get("to_act", 0))
        state.dead_used = bool(position.get("dead_used", False))
        state.passes = int(position.get("passes", 0))
        state._rebuild_caches()
        return state


def _parse_chips(text: str, sides: int) -> list[int]:
    rows = [row.replace(" ", "") for row in text.strip().splitlines() if row.strip()]
    if not rows:
        return [FREE if s in CORNER_SPACES else EMPTY for s in range(SPACES)]
    cells = "".join(rows)
    if len(rows) != SIZE or len(cells) != SPACES:
        raise NotationError(f"a board is {SIZE} rows of {SIZE} cells (. x or a team digit)")
    board = []
    for space, cell in enumerate(cells):
        if (cell == "x") != (space in CORNER_SPACES):
            raise NotationError(f"{SPACE_NAMES[space]}: x marks the four corners only")
        if cell == "x":
            board.append(FREE)
        elif cell == ".":
            board.append(EMPTY)
        elif cell.isdigit() and int(cell) < sides:
            board.append(int(cell))
        else:
            raise NotationError(
                f"{SPACE_NAMES[space]}: {cell!r} is not ., x or a team 0-{sides - 1}"
            )
    return board


def _window_named(name: str) -> int:
    try:
        return WINDOW_NAMES.index(name)
    except ValueError:
        raise NotationError(f"{name!r} is not a five-space window (write e.g. A1-E1)") from None


_POSITION_KEYS = (
    "board",
    "sequences",
    "hands",
    "draw",
    "discards",
    "rest",
    "to_act",
    "dead_used",
    "passes",
)
from_position = SequenceBoardState.from_position
