"""Which of Stack's moves show a seat no hidden card (the kit's ``quiet`` test), and
which certainly show it one (``loud``)."""

from __future__ import annotations

from typing import Any

from sequenza.components.hidden import drew_unseen, own_move_in_turn
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


def loud(before: State[Any], action: Action, seat: int, after: State[Any]) -> bool:
    """The seat's own move that drew cards into its hand: they came from the top of the
    deck, which a determinisation deals again with the other hands, and the seat sees them.
    Cards come into a hand only from the deck, which is never made again."""
    assert isinstance(before, SequentiaStackState) and isinstance(after, SequentiaStackState)
    if before.current_seat != seat:
        return False
    drawn = len(set(after.hands[seat]).difference(before.hands[seat]))
    unseen = [before.deck, *(hand for other, hand in enumerate(before.hands) if other != seat)]
    return drew_unseen(drawn, unseen)
