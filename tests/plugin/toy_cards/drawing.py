"""Toy cards in a terminal: a game from another package writes its drawing in its own words
(English only here) and leaves the words it is given unused."""

from __future__ import annotations

from typing import Any

from sequenza.core.kit import Words


def draw(observation: dict[str, Any], words: Words) -> str:
    hand = observation.get("hand")
    lines = [f"Toy cards: played {observation['played']}, {observation['draw_pile']} to draw"]
    if hand is not None:
        lines.append(f"Your hand: {' '.join(str(card) for card in hand)}")
    return "\n".join(lines)
