"""Which of Cross's moves show a seat no hidden card (the kit's ``quiet`` test), and
which certainly show it one (``loud``)."""

from __future__ import annotations

from typing import Any

from sequenza.components.hidden import own_move_in_turn
from sequenza.core.actions import Action
from sequenza.core.game import State

from .rules import CrossState


def quiet(before: State[Any], action: Action, seat: int, after: State[Any]) -> bool:
    """A card placed from the seat's own hand, its turn going on: nothing drawn yet (the
    seat draws three new cards when its turn ends)."""
    assert isinstance(before, CrossState) and isinstance(after, CrossState)
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
    """The seat's own move that drew cards into its hand, the next seat's turn beginning
    with its hand as it was and a card left in the deck. A determinisation that swaps one of
    the drawn cards with one still in the deck plays the same move the same way up to the
    draw, and then the same way again (the next seat's hand and the grid are the same), and
    shows the seat another card in its hand (each card of the deck is unique). Where the
    next seat discarded or drew (a hand it cannot play), the sampler answers."""
    assert isinstance(before, CrossState) and isinstance(after, CrossState)
    if before.current_seat != seat or not after.deck:
        return False
    if any(
        after.hands[other] != before.hands[other]
        for other in range(before.players)
        if other != seat
    ):
        return False
    return not set(after.hands[seat]).issubset(before.hands[seat])
