"""Which of Sequence Stacks' moves show a seat no hidden card (the kit's ``quiet`` test)."""

from __future__ import annotations

from typing import Any

from sequenza.components.hidden import own_move_in_turn
from sequenza.core.actions import Action
from sequenza.core.game import State

from .rules import StacksState


def quiet(before: State[Any], action: Action, seat: int, after: State[Any]) -> bool:
    """A card played from the seat's own hand or its face-up discard pile (a Steal-a-Card
    takes a face-up card), its turn going on: no card drawn (a hand played out draws five, so
    its hand would grow). A completed pile passes the turn to the Block window: sampled.

    A discard that passes the turn to another seat: the next seat draws from the draw pile
    into its hand, both hidden from this seat, and only their sizes show, which the seat knew.
    When the turn comes back to the seat at once (a Skip with two players) it draws: sampled.
    """
    assert isinstance(before, StacksState) and isinstance(after, StacksState)
    if action.verb == "discard":
        return (
            before.current_seat == seat
            and after.current_seat not in (None, seat)
            and after.result() is None
            and len(after.hands[seat]) < len(before.hands[seat])
        )
    return own_move_in_turn(
        before,
        action,
        seat,
        after,
        verbs=frozenset({"play"}),
        decks=(before.draw_pile, after.draw_pile),
        hands=(before.hands[seat], after.hands[seat]),
    )
