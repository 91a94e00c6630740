"""What a seat sees of Sequentia · Cross, typed: the grid of piles, its own hand, the claims
open to the seat to act and the public counts. ``state.observation(seat)`` is
``CrossObservation.to_json()``; cards travel in JSON as their text (``2:131+``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sequenza.components.sequentia_cards import SequentiaCard
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
