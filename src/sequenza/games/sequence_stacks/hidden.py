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
    its hand would grow).

    A play that completes a pile, opening the Block window: no card is drawn, and every
    opponent is asked in turn whatever it holds, so being asked shows nobody a hand.

    An ``allow`` that answers the Block window: the seat's hand is as it was, and what follows
    (the next opponent asked, or the pile set aside, a chip taken and the completing hand
    refilled from the draw pile) moves only cards the seat could not see, whose counts it sees.

    A discard that passes the turn to another seat: the next seat draws from the draw pile
    into its hand, both hidden from this seat, and only their sizes show, which the seat knew.
    When the turn comes back to the seat at once (a Skip with two players) it draws: sampled.
    """
    assert isinstance(before, StacksState) and isinstance(after, StacksState)
    if before.current_seat != seat or after.result() is not None:
        return False
    if action.verb == "allow":
        return len(after.hands[seat]) == len(before.hands[seat])
    if action.verb == "play" and after.block_pile >= 0:
        return len(after.draw_pile) == len(before.draw_pile) and len(after.hands[seat]) <= len(
            before.hands[seat]
        )
    if action.verb == "discard":
        return after.current_seat not in (None, seat) and len(after.hands[seat]) < len(
            before.hands[seat]
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
