"""Seeded randomness. Every game owns one ``random.Random``; its state travels in saved games
so that a restored game draws exactly what the original would have drawn."""

from __future__ import annotations

import random
import secrets
from typing import Any

from sequenza.core.errors import CorruptStateError


def new_seed() -> int:
    """A fresh seed for a game whose creator did not give one (it is recorded with the game)."""
    return secrets.randbelow(2**63)


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss_next = rng.getstate()
    return [version, list(internal), gauss_next]


def rng_from_json(data: Any) -> random.Random:
    try:
        version, internal, gauss_next = data
        rng = random.Random()
        rng.setstate((version, tuple(int(value) for value in internal), gauss_next))
    except (TypeError, ValueError) as error:
        raise CorruptStateError(f"the saved random generator is damaged: {error}") from None
    return rng


def copy_rng(rng: random.Random) -> random.Random:
    """A generator that draws what ``rng`` would draw next. It starts from a fixed seed before
    taking ``rng``'s state: ``random.Random()`` would first read the system's entropy twice,
    which made a clone's generator cost more than the rest of many a game's clone.

    >>> rng = random.Random(7)
    >>> copy_rng(rng).random() == rng.random()
    True
    """
    twin = random.Random(0)
    twin.setstate(rng.getstate())
    return twin


def child_rng(rng: random.Random) -> random.Random:
    """An independent generator seeded from ``rng`` (for search, determinisation)."""
    return random.Random(rng.getrandbits(64))
