"""Text drawings of observations, one module per game, for terminal play.

A renderer takes an observation (what one seat may see) and returns plain text. Games without
a renderer of their own are shown as indented JSON.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable
from typing import Any

Renderer = Callable[[dict[str, Any]], str]
_RENDERERS: dict[str, Renderer] = {}


def renderer(game_id: str) -> Callable[[Renderer], Renderer]:
    """Decorator: the text drawing of ``game_id``'s observations."""

    def register(function: Renderer) -> Renderer:
        _RENDERERS[game_id] = function
        return function

    return register


def render(observation: dict[str, Any]) -> str:
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    draw = _RENDERERS.get(str(observation.get("game")))
    if draw is None:
        return json.dumps(observation, indent=2, sort_keys=True)
    return draw(observation)
