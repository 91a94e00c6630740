"""Which of Sequence's and Sequence Numbers' moves certainly show a seat a hidden card (the
kits' ``loud`` test)."""

from __future__ import annotations

from typing import Any

from sequenza.components.hidden import drew_unseen
from sequenza.core.actions import Action
from sequenza.core.game import State

from .rules import SequenceBoardState


def loud(before: State[Any], action: Action, seat: int, after: State[Any]) -> bool:
    """The seat's own move that ended with its draw: the card came from the top of the draw
    pile, which a determinisation deals again with the other hands, and the seat sees it in
    its hand. Only the seat to act draws during a move, so a pile one card shorter is its
    draw; a pile made again from the discards (a reshuffle, drawn by a fresh generator in a
    determinisation) is left to the sampler, and so is every other seat's view."""
    assert isinstance(before, SequenceBoardState) and isinstance(after, SequenceBoardState)
    pile = before.draw_pile
    if before.current_seat != seat or len(after.draw_pile) != len(pile) - 1:
        return False
    faces = before.game.layout.card_faces
    unseen = [pile, *(hand for other, hand in enumerate(before.hands) if other != seat)]
    return drew_unseen(1, [[faces[card] for card in zone] for zone in unseen])
