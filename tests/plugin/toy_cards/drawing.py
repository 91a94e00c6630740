"""Toy cards in a terminal: the drawing asks the words it is given (the ``games`` catalogue in
the player's language) for the keys of its own catalogue, ``locale/`` beside this file."""

from __future__ import annotations

from typing import Any

from sequenza.core.kit import Words


def draw(observation: dict[str, Any], words: Words) -> str:
    hand = observation.get("hand")
    played = sum(len(cards) for cards in observation["played"])
    lines = [words.plural("test_toy.draw_title", observation["draw_pile"], played=played)]
    if hand is not None:
        lines.append(words.text("test_toy.draw_hand", cards=" ".join(str(card) for card in hand)))
    return "\n".join(lines)
