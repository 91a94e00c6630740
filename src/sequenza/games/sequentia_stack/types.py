"""What a seat sees of Sequentia · Stack, typed: the row of piles, its own hand and the public
counts. ``state.observation(seat)`` is ``StackObservation.to_json()``; cards travel in JSON as
their text (``2:131+``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sequenza.components.sequentia_cards import SequentiaCard
from sequenza.core.events import Event
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
    #: The runs of three piles (by their first pile, 1 or 2) whose top digits read the code
    #: of a card in the seat's hand, as the claim rule reads them (whether a claim is open now
    #: depends on the phase and the last pile too: the legal actions say it); ``None`` for a
    #: spectator, since the hand is the seat's secret.
    runs_matching_hand: tuple[int, ...] | None


# ---------------------------------------------------------------------- events
@dataclass(frozen=True, kw_only=True)
class StackDealt(Event):
    code = "deal"
    cards_each: int
    deck: int


@dataclass(frozen=True, kw_only=True)
class StackTurnEnds(Event):
    """The seat's turn ended by itself (it played its last card)."""

    code = "turn_ends"
    seat: int
    reason: Literal["hand_empty"]


@dataclass(frozen=True, kw_only=True)
class StackClaimed(Event):
    code = "claim"
    seat: int
    #: The card played to claim.
    card: str
    #: The three piles claimed, by position.
    piles: tuple[int, ...]
    #: Cards collected by the claim.
    cards: int
    collected: int


@dataclass(frozen=True, kw_only=True)
class StackDrew(Event):
    code = "draw"
    seat: int
    cards: int
    deck: int


#: Every event of Sequentia · Stack's log beyond the actions (its ending names no number).
STACK_EVENTS: tuple[type[Event], ...] = (StackDealt, StackTurnEnds, StackClaimed, StackDrew)
