"""Which of Shift's moves show a seat no hidden card (the kit's ``quiet`` test)."""

from __future__ import annotations

from typing import Any

from sequenza.core.actions import Action
from sequenza.core.game import State

from .rules import ShiftState

#: A seat's own moves that handle only face-up cards and its own target: a slide, a claim
#: (the row and the target go to the seat's own pile; the refill is a move of its own), the
#: end of the turn and a pass.
QUIET_VERBS = frozenset({"slide", "claim", "end", "pass"})


def quiet(before: State[Any], action: Action, seat: int, after: State[Any]) -> bool:
    """Whether ``seat``'s own move showed it nothing hidden. The turn may pass: whether the
    next seat must exchange is worked out from its target only when it acts. With the deck
    empty, whether the game ends depends on every target, so those moves are sampled."""
    assert isinstance(before, ShiftState) and isinstance(after, ShiftState)
    return (
        action.verb in QUIET_VERBS
        and before.current_seat == seat
        and after.result() is None
        and bool(after.deck)
        and len(after.deck) == len(before.deck)
    )
