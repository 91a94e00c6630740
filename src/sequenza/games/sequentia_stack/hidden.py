"""Which of Stack's moves show a seat no hidden card (the kit's ``quiet`` test)."""

from __future__ import annotations

from typing import Any

from sequenza.components.hidden import own_move_in_turn
from sequenza.core.actions import Action
from sequenza.core.game import State

from .rules import SequentiaStackState


def quiet(before: State[Any], action: Action, seat: int, after: State[Any]) -> bool:
    """A card placed from the seat's own hand, its turn going on: nothing drawn yet (the
    seat draws back up to three when its turn ends)."""
    assert isinstance(before, SequentiaStackState) and isinstance(after, SequentiaStackState)
    return own_move_in_turn(
        before,
        action,
        seat,
        after,
        verbs=frozenset({"place"}),
        decks=(before.deck, after.deck),
        hands=(before.hands[seat], after.hands[seat]),
    )
