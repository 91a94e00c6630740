"""Text drawings of observations for terminal play: each game's kit holds its own
(``drawing.py`` in the game's package)."""

from __future__ import annotations

from typing import Any

from sequenza.core.registry import game_kit


def render(observation: dict[str, Any]) -> str:
    """The text drawing of one observation, by its game's kit."""
    return game_kit(str(observation.get("game"))).drawing(observation)
