"""The kits' ``quiet`` and ``loud`` tests (``GameKit.quiet``, ``GameKit.loud``): which moves
certainly show a seat no hidden card, and which certainly show it one, so that a table's
take-back check need not sample hidden cards for them.

The card games share one sufficient condition: a seat's own move that keeps its turn going
touches only face-up cards and the seat's own hand, as long as no card is drawn (the deck the
same size), no card came into its hand, and the game goes on (a game's end shows what it
shows). Whatever else a move does, the sampler (``sequenza.core.table.sampled_reveals``)
answers; the conformance kit holds each test to it.

And one the other way: cards drawn at random from the cards a seat cannot see, and then shown
to it, show it something whenever another dealing of those cards could have shown it others
(``drew_unseen``)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence, Sized
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.game import State


def own_move_in_turn(
    before: State[Any],
    action: Action,
    seat: int,
    after: State[Any],
    *,
    verbs: frozenset[str],
    decks: tuple[Sized, Sized],
    hands: tuple[Sized, Sized],
) -> bool:
    """Whether ``action`` (one of ``verbs``) is ``seat``'s own, the seat is still to act
    after it, the game goes on, ``decks`` (the draw pile's before and after) are the same
    size and the seat's hand (``hands``, before and after) did not grow."""
    return (
        action.verb in verbs
        and before.current_seat == seat
        and after.current_seat == seat
        and after.result() is None
        and len(decks[0]) == len(decks[1])
        and len(hands[1]) <= len(hands[0])
    )


def drew_unseen(drawn: int, unseen: Sequence[Sequence[Hashable]]) -> bool:
    """Whether ``drawn`` cards taken from the top of a pile that a determinisation deals again
    with the rest of ``unseen`` (the zones of the cards the seat could not see before the
    move, the pile among them, each card as the seat's view shows it), all of them then shown
    to the seat, certainly showed it something. Some dealing shows it other cards as soon as
    the unseen cards are not all alike and not all drawn: then two sets of ``drawn`` of them
    differ, and the views with them."""
    total = sum(map(len, unseen))
    if not 0 < drawn < total:
        return False
    first = next(card for zone in unseen for card in zone)
    return any(card != first for zone in unseen for card in zone)
