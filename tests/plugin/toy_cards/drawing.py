"""Toy cards in a terminal."""

from __future__ import annotations

from typing import Any


def draw(observation: dict[str, Any]) -> str:
    hand = observation.get("hand")
    lines = [f"Toy cards: played {observation['played']}, {observation['draw_pile']} to draw"]
    if hand is not None:
        lines.append(f"Your hand: {' '.join(str(card) for card in hand)}")
    return "\n".join(lines)
