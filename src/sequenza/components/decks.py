"""Decks: loading card lists from the package's data files, drawing, and dealing again
what a seat cannot see."""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any, TypeVar

T = TypeVar("T")


def load_data(name: str) -> Any:
    """A JSON data file shipped in ``sequenza/data``."""
    text = resources.files("sequenza.data").joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


def draw(pile: list[T], count: int) -> list[T]:
    """Take up to ``count`` cards from the top (the end) of ``pile``."""
    taken = pile[len(pile) - min(count, len(pile)) :]
    del pile[len(pile) - len(taken) :]
    taken.reverse()
    return taken


def redeal(zones: list[list[T]], rng: random.Random) -> None:
    """Pool the cards of several hidden zones, shuffle them and deal each zone back as many
    cards as it held. Used by determinisers: what a seat cannot see may be anywhere."""
    pool = [card for zone in zones for card in zone]
    rng.shuffle(pool)
    start = 0
    for zone in zones:
        size = len(zone)
        zone[:] = pool[start : start + size]
        start += size
