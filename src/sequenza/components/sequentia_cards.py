"""The Sequentia card: a digit (what it shows on the table), a code (the three digits it asks
for as a target) and an optional bonus mark. The deck list is a data file.

A card's text is ``digit:code`` with ``+`` for a bonus card: ``2:131+``.

>>> card = SequentiaCard.parse("2:131+")
>>> card.digit, card.code, card.bonus
(2, '131', True)
>>> str(card)
'2:131+'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from sequenza.components.decks import load_data
from sequenza.core.errors import NotationError
from sequenza.core.observation import Notated

_CARD = re.compile(r"^([123]):([123]{3})(\+?)$")


@dataclass(frozen=True, slots=True)
class SequentiaCard(Notated):
    """A card; in observations' JSON its text, ``digit:code`` with ``+`` for a bonus card."""

    PATTERN = r"^[123]:[123]{3}\+?$"

    #: What the card shows on the table.
    digit: int
    #: The three digits it asks for as a target, left to right (``"131"``).
    code: str
    bonus: bool = False

    @property
    def code_digits(self) -> tuple[int, ...]:
        """The code as digits: ``(1, 3, 1)`` for ``131``."""
        return tuple(int(digit) for digit in self.code)

    def __str__(self) -> str:
        return f"{self.digit}:{self.code}{'+' if self.bonus else ''}"

    @classmethod
    def parse(cls, text: str) -> SequentiaCard:
        match = _CARD.match(text.strip())
        if not match:
            raise NotationError(
                f"{text!r} is not a Sequentia card (write digit:code, e.g. 2:131 or 2:131+)"
            )
        return cls(int(match.group(1)), match.group(2), match.group(3) == "+")


@cache
def sequentia_deck(name: str = "sequentia_deck.json") -> tuple[SequentiaCard, ...]:
    """The deck list; a card's id in a game is its index here."""
    data = load_data(name)
    return tuple(
        SequentiaCard(int(card["digit"]), str(card["code"]), bool(card["bonus"]))
        for card in data["cards"]
    )


@cache
def card_ids_by_text(name: str = "sequentia_deck.json") -> dict[str, int]:
    """Card text to card id (each text is unique in the deck)."""
    deck = sequentia_deck(name)
    ids = {str(card): index for index, card in enumerate(deck)}
    if len(ids) != len(deck):
        raise ValueError(f"deck {name} has two cards with the same text")
    return ids
