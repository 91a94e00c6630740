"""What a seat sees of Sequentia · Stack, typed: the row of piles, its own hand and the public
counts. ``state.observation(seat)`` is ``StackObservation.to_json()``; cards travel in JSON as
their text (``2:131+``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sequenza.components.sequentia_cards import SequentiaCard
from sequenza.core.observation import Observation

#: Where the turn stands: nothing placed yet, a simple card placed, or a bonus card placed
#: (which allows another placement).
StackPhase = Literal["turn_start", "simple_placed", "bonus_placed"]


@dataclass(frozen=True, kw_only=True)
class StackPile:
    """One pile of the row."""

    #: Its number, 1 to 4 from the left.
    pile: int
    #: The digit its top card shows.
    digit: int
    top: SequentiaCard
    #: Its cards, bottom first.
    cards: tuple[SequentiaCard, ...]


@dataclass(frozen=True, kw_only=True)
class StackObservation(Observation):
    deck_size: int
    #: The piles, left to right.
    row: tuple[StackPile, ...]
    #: The seat's hand; ``None`` for a spectator.
    hand: tuple[SequentiaCard, ...] | None
    hand_sizes: tuple[int, ...]
    #: Cards collected, per seat.
    collected: tuple[int, ...]
    phase: StackPhase
    #: The number of the pile placed on last this turn, if any.
    last_pile: int | None
    hand_size: int
    claim_must_include_last_pile: bool
