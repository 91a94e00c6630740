"""What a seat sees of Sequence and Sequence Numbers, typed: the board's labels and chips, the
marked sequences, its own hand and the discard piles. ``state.observation(seat)`` is the
observation's ``to_json()``: cards travel in JSON as their face (``9S``, ``12+7``), spaces as
their name (``D3``: column D, row 3), windows as their first and last space (``A0-E0``), and
each board row's chips as one text (``x.0..1...x``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from sequenza.core.errors import NotationError
from sequenza.core.events import Event, GameOver, omitted_when_none
from sequenza.core.observation import Notated, Observation

#: A space's chip, besides a team's index.
EMPTY = -1
FREE = -2
#: How a board row's text writes each space: "." empty, "x" a free corner, else the team.
_CHIP_SYMBOLS = {EMPTY: ".", FREE: "x"}

TeamColour = Literal["blue", "green", "red"]
Suit = Literal["S", "H", "D", "C"]
_SUITS: dict[str, Suit] = {"S": "S", "H": "H", "D": "D", "C": "C"}


class CardKind(StrEnum):
    """What a card does: place a chip on a space showing its value, on any empty space, or
    remove a chip."""

    VALUE = "value"
    ANYWHERE = "anywhere"
    REMOVE = "remove"


class BoardCard(Notated):
    """A card of either board game."""

    __slots__ = ()
    kind: CardKind


_PLAYING_CARD = re.compile(r"^([A2-9TJQK])([SHDC])$")


@dataclass(frozen=True, slots=True)
class PlayingCard(BoardCard):
    """A card of Sequence: rank and suit, written ``9S`` (``T`` for ten)."""

    PATTERN = r"^[A2-9TJQK][SHDC]$"

    #: A, 2 to 9, T (ten), J, Q or K.
    rank: str
    suit: Suit
    kind: CardKind

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    @classmethod
    def parse(cls, face: str, kind: CardKind) -> PlayingCard:
        match = _PLAYING_CARD.match(face)
        if not match:
            raise NotationError(f"{face!r} is not a playing card (write rank and suit, e.g. 9S)")
        return cls(match.group(1), _SUITS[match.group(2)], kind)


@dataclass(frozen=True, slots=True)
class NumberCard(BoardCard):
    """A card of Sequence Numbers: an operation (``12+7``) whose result is a number on the
    board, or an action card named by a word (``plus``, ``minus``)."""

    PATTERN = r"^[A-Za-z0-9+\-_.:/*]+$"

    face: str
    #: The operation's result; ``None`` for an action card.
    number: int | None
    kind: CardKind

    def __str__(self) -> str:
        return self.face


@dataclass(frozen=True, slots=True)
class Space(Notated):
    """A space of the board: its number (row by row from the top left) and its name."""

    PATTERN = r"^[A-J][0-9]$"

    index: int
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Window(Notated):
    """Five spaces in a straight line: its number in the rules' list of windows and its name,
    the first and last space."""

    PATTERN = r"^[A-J][0-9]-[A-J][0-9]$"

    index: int
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class ChipRow(Notated):
    """One row of the board's chips, left to right: a team's index, ``EMPTY`` or ``FREE``."""

    PATTERN = r"^[.x0-9]{10}$"

    cells: tuple[int, ...]

    def __str__(self) -> str:
        return "".join([_CHIP_SYMBOLS.get(cell) or str(cell) for cell in self.cells])


@dataclass(frozen=True, kw_only=True)
class BoardObservation(Observation):
    #: The board's labels, row by row, each padded to one width (``XX`` on corners).
    board: tuple[str, ...]
    #: Each space's colour group as a digit (``x`` on corners), row by row.
    groups: tuple[str, ...]
    chips: tuple[ChipRow, ...]
    #: Spaces of marked sequences.
    marked: tuple[Space, ...]
    #: The team of each seat.
    teams: tuple[int, ...]
    #: The colour of each seat.
    colours: tuple[TeamColour, ...]
    #: The sequences each team has marked.
    sequences: tuple[tuple[Window, ...], ...]
    sequences_to_win: int
    #: The seat's hand, sorted; ``None`` for a spectator.
    hand: tuple[BoardCard, ...] | None
    hand_sizes: tuple[int, ...]
    #: Per seat, its discard pile, bottom first.
    discards: tuple[tuple[BoardCard, ...], ...]
    draw_pile: int
    #: Whether the seat to act has exchanged a dead card this turn.
    dead_exchanged: bool
    #: The windows the seat to act must choose a sequence from.
    choose_sequence: tuple[Window, ...]
    #: Their spaces, in board order (each once): what choosing would mark.
    choose_sequence_spaces: tuple[Space, ...]
    passes: int
    #: The last action's text.
    last_action: str | None


@dataclass(frozen=True, kw_only=True)
class SequenceObservation(BoardObservation):
    hand: tuple[PlayingCard, ...] | None
    discards: tuple[tuple[PlayingCard, ...], ...]


@dataclass(frozen=True, kw_only=True)
class NumbersObservation(BoardObservation):
    hand: tuple[NumberCard, ...] | None
    discards: tuple[tuple[NumberCard, ...], ...]


# ---------------------------------------------------------------------- events
@dataclass(frozen=True, kw_only=True)
class BoardSequenceMade(Event):
    code = "sequence"
    seat: int
    team: int
    #: The window's name, its first and last spaces (``A1-A5``).
    window: str


@dataclass(frozen=True, kw_only=True)
class BoardChipsRemoved(Event):
    """Sequence Numbers with the option minus_removes_all: a Minus took every chip outside
    sequences of one side (the plain removal is the action alone, as it always was)."""

    code = "chips_removed"
    seat: int
    #: The side whose chips went.
    team: int
    #: The freed spaces, by name.
    spaces: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BoardReshuffled(Event):
    """The draw pile ran out: the discards, shuffled, became the draw pile."""

    code = "reshuffle"
    cards: int


@dataclass(frozen=True, kw_only=True)
class BoardGameOver(GameOver):
    #: The winning team's sequences (a win).
    sequences: int | None = omitted_when_none()
    #: The idle rounds that ended the game (the stall rule).
    rounds: int | None = omitted_when_none()


#: Every event of Sequence's and Sequence Numbers' logs beyond the actions.
BOARD_EVENTS: tuple[type[Event], ...] = (
    BoardSequenceMade,
    BoardChipsRemoved,
    BoardReshuffled,
    BoardGameOver,
)
