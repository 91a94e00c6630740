"""The events a mode's log may hold, the same kinds for every mode file: each a frozen
dataclass with a code, written into the log as ``{"event": code, field: value, ...}`` (see
``sequenza.core.events``). The text layer words them with the file's ``event.<code>`` words,
or the modes' own sentences."""

from __future__ import annotations

from dataclasses import dataclass

from sequenza.core.events import Event, omitted_when_none


@dataclass(frozen=True, kw_only=True)
class Dealt(Event):
    code = "deal"
    #: Cards left in the deck after the deal.
    deck: int
    first_player: int


@dataclass(frozen=True, kw_only=True)
class Claimed(Event):
    code = "claim"
    seat: int
    #: The claim's action text (``claim rows 0 2``).
    action: str
    #: Cards the claim collected.
    cards: int
    #: The seat's collected cards now.
    collected: int


@dataclass(frozen=True, kw_only=True)
class Exchanged(Event):
    code = "exchange"
    seat: int
    #: The target given up (face up, out of play).
    card: str
    deck: int


@dataclass(frozen=True, kw_only=True)
class Drew(Event):
    code = "draw"
    seat: int
    cards: int
    deck: int


@dataclass(frozen=True, kw_only=True)
class Refilled(Event):
    code = "refill"
    seat: int
    #: The position left empty (a refill of every position but one).
    hole: int | None = omitted_when_none()
    #: The position filled (a refill one card at a time).
    position: int | None = omitted_when_none()


@dataclass(frozen=True, kw_only=True)
class TurnOver(Event):
    """The last slide of a turn ended it."""

    code = "turn_over"
    seat: int
    reason: str


@dataclass(frozen=True, kw_only=True)
class TurnEnds(Event):
    """A placement emptied the hand and ended the turn."""

    code = "turn_ends"
    seat: int
    reason: str


@dataclass(frozen=True, kw_only=True)
class Discarded(Event):
    """A card with no allowed position left the game."""

    code = "discard"
    seat: int
    card: str


@dataclass(frozen=True, kw_only=True)
class Passed(Event):
    """A seat with no card passed without a move."""

    code = "pass"
    seat: int


@dataclass(frozen=True, kw_only=True)
class NoSequence(Event):
    """A seat placed its hand and no line shows a code."""

    code = "no_sequence"
    seat: int


@dataclass(frozen=True, kw_only=True)
class Repeated(Event):
    """The position came back often enough to force an exchange."""

    code = "repetition"
    seat: int
    occurrences: int


MODE_EVENTS: tuple[type[Event], ...] = (
    Dealt,
    Claimed,
    Exchanged,
    Drew,
    Refilled,
    TurnOver,
    TurnEnds,
    Discarded,
    Passed,
    NoSequence,
    Repeated,
)
