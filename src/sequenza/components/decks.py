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


def shuffle(cards: list[T], rng: random.Random) -> None:
    """``rng.shuffle(cards)``: the same permutation from the same generator state, in about
    half the time, since every game is dealt from a shuffle and playouts deal thousands.

    It is ``random.Random.shuffle`` with ``_randbelow`` written out, so it applies to that
    class only; any other generator shuffles by itself.
    """
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for index in reversed(range(1, len(cards))):
        bound = index + 1
        bits = bound.bit_length()
        other = getrandbits(bits)
        while other >= bound:
            other = getrandbits(bits)
        cards[index], cards[other] = cards[other], cards[index]


def redeal(zones: list[list[T]], rng: random.Random) -> None:
    """Pool the cards of several hidden zones, shuffle them and deal each zone back as many
    cards as it held. Used by determinisers: what a seat cannot see may be anywhere."""
    pool = [card for zone in zones for card in zone]
    shuffle(pool, rng)
    start = 0
    for zone in zones:
        size = len(zone)
        zone[:] = pool[start : start + size]
        start += size
