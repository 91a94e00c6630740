"""What a seat sees of Sequentia · Cross, typed: the grid of piles, its own hand, the claims
open to the seat to act and the public counts. ``state.observation(seat)`` is
``CrossObservation.to_json()``; cards travel in JSON as their text (``2:131+``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sequenza.components.sequentia_cards import SequentiaCard
from sequenza.core.events import Event, GameOver, omitted_when_none
from sequenza.core.observation import Observation

#: Placing the hand, or choosing which lines to collect.
CrossPhase = Literal["place", "claim"]
#: A claim collects rows or columns, never both.
Direction = Literal["rows", "columns"]


@dataclass(frozen=True, kw_only=True)
class CrossPile:
    """One position of the grid."""

    #: Its top card; ``None`` on an empty pile.
    top: SequentiaCard | None
    #: The digit its top card shows.
    digit: int | None
    size: int


@dataclass(frozen=True, kw_only=True)
class CrossClaim:
    """A claim the seat to act may make."""

    #: Its action text (``claim rows 0 2``).
    action: str
    lines: Direction
    #: The rows or columns it collects.
    indices: tuple[int, ...]
    #: The cards it collects.
    cards: int
    #: Whether it collects the most cards of the claims open.
    suggested: bool


@dataclass(frozen=True, kw_only=True)
class CrossObservation(Observation):
    #: The nine piles row by row.
    grid: tuple[CrossPile, ...]
    phase: CrossPhase
    #: Positions the seat to act covered this turn, in placing order.
    covered: tuple[int, ...]
    #: The seat's hand; ``None`` for a spectator.
    hand: tuple[SequentiaCard, ...] | None
    hand_sizes: tuple[int, ...]
    deck_size: int
    #: Cards collected, per seat.
    collected: tuple[int, ...]
    out_of_play: tuple[SequentiaCard, ...]
    claims: tuple[CrossClaim, ...]
    idle_turns: int
    stall_turns: int


# ---------------------------------------------------------------------- events
@dataclass(frozen=True, kw_only=True)
class CrossDealt(Event):
    code = "deal"
    #: The card of each grid position (texts), row by row.
    grid: tuple[str, ...]
    hand_size: int


@dataclass(frozen=True, kw_only=True)
class CrossClaimed(Event):
    code = "claim"
    seat: int
    #: ``rows`` or ``columns``.
    lines: str
    indices: tuple[int, ...]
    #: Cards collected by the claim.
    cards: int


@dataclass(frozen=True, kw_only=True)
class CrossRefilled(Event):
    code = "refill"
    #: Position (as text) -> the card text placed there.
    positions: dict[str, str]
    deck: int


@dataclass(frozen=True, kw_only=True)
class CrossDiscarded(Event):
    code = "discard"
    seat: int
    card: str


@dataclass(frozen=True, kw_only=True)
class CrossNoSequence(Event):
    """The seat covered cards but made no sequence."""

    code = "no_sequence"
    seat: int


@dataclass(frozen=True, kw_only=True)
class CrossPassed(Event):
    """The seat had nothing to place and no sequence to claim."""

    code = "pass"
    seat: int


@dataclass(frozen=True, kw_only=True)
class CrossDrew(Event):
    code = "draw"
    seat: int
    cards: int
    deck: int


@dataclass(frozen=True, kw_only=True)
class CrossGameOver(GameOver):
    #: The rounds of the stall rule that ended the game.
    rounds: int | None = omitted_when_none()


#: Every event of Sequentia · Cross's log beyond the actions.
CROSS_EVENTS: tuple[type[Event], ...] = (
    CrossDealt,
    CrossClaimed,
    CrossRefilled,
    CrossDiscarded,
    CrossNoSequence,
    CrossPassed,
    CrossDrew,
    CrossGameOver,
)
