"""Text drawings of observations for terminal play: each game's kit holds its own
(``drawing.py`` in the game's package), which takes its words from the ``games`` catalogue."""

from __future__ import annotations

from typing import Any

from sequenza import i18n
from sequenza.core.registry import game_kit


def render(observation: dict[str, Any], language: str = i18n.SOURCE_LANGUAGE) -> str:
    """The text drawing of one observation, by its game's kit, in ``language``."""
    words = i18n.Translator("games", language)
    return game_kit(str(observation.get("game"))).drawing(observation, words)
