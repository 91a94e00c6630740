"""The pieces every game's observation tensor is built of: named fields of one flat
``float32`` vector in ``[0, 1]`` (``Field``), the encoder of one table (``Encoding``, which a
game's ``encoding.py`` subclasses), and the Sequentia card's 14 numbers.

A game's kit names its encoder by a dotted path (``GameKit.encoder``) that only the RL layer
(``sequenza.rl``, the ``[rl]`` extra) imports. NumPy is imported when an encoder is built or
used, never when this module is, so that the light install never needs it.

Conventions, in every game:

- seats are relative to the observer: index 0 is the observing seat, 1 the next seat in seat
  order, and so on (teams likewise: 0 is the observer's team);
- counts are divided by the most they can be and clipped to 1; booleans are 0 or 1;
- a Sequentia card is 14 numbers (``CARD_FEATURES``): present, its digit one-hot (3), its
  code digit by digit one-hot (3 x 3), bonus;
- a card of the other games is counted by face, in the order of the game's face list.

The environments' dict observations (``sequenza.rl``) regroup the same numbers: ``board``
(the fields named in ``board_fields``, stacked as planes, channels first: ``board_planes``),
``private`` (the fields in ``private_fields``: what only the seat itself sees, its hand or
its target) and ``public`` (every other field, flat).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, TypeAlias

from sequenza.components.sequentia_cards import SequentiaCard, card_ids_by_text, sequentia_deck
from sequenza.core.game import Game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vector: TypeAlias = npt.NDArray[np.float32]

#: The 14 numbers of a Sequentia card, in order.
CARD_FEATURES = (
    "present",
    "digit=1",
    "digit=2",
    "digit=3",
    *(f"code[{place}]={digit}" for place in range(3) for digit in (1, 2, 3)),
    "bonus",
)
#: How many numbers a Sequentia card takes.
CARD = len(CARD_FEATURES)
#: The Sequentia deck's size: a card set is one number per card of the deck list.
DECK_SIZE = len(sequentia_deck())


@dataclass(frozen=True)
class Field:
    """One named part of the vector: its shape and what it holds."""

    name: str
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Encoding:
    """The encoder of one table (game and player count). Subclasses declare their fields in
    ``_fields`` and fill them from an observation in ``_fill``, and name the fields that
    make the board (``board_fields``, planes sharing their last two dimensions) and those
    only the seat sees (``private_fields``)."""

    #: The fields stacked (channels first) into the dict observation's ``board``.
    board_fields: tuple[str, ...] = ()
    #: The fields that hold what only the observing seat sees.
    private_fields: tuple[str, ...] = ()
    #: How the board is laid out, where it is not the board fields stacked as they are.
    board_doc: str = ""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.players = game.players
        common = [
            Field("to_act", (self.players,), "the seat to act, one-hot (none once over)"),
            Field("over", (1,), "1 once the game is over"),
        ]
        self.fields: tuple[Field, ...] = (*common, *self._fields())
        self.offsets: dict[str, int] = {}
        # (name, start, stop, shape) of each field, worked out once: ``split`` runs at
        # every step of every environment.
        self._parts: list[tuple[str, int, int, tuple[int, ...]]] = []
        offset = 0
        for item in self.fields:
            self.offsets[item.name] = offset
            self._parts.append((item.name, offset, offset + item.size, item.shape))
            offset += item.size
        self.size = offset
        by_name = {item.name: item for item in self.fields}
        for name in (*self.board_fields, *self.private_fields):
            if name not in by_name:
                raise ValueError(f"{type(self).__name__} names no field {name!r}")
        public = [
            item.name
            for item in self.fields
            if item.name not in self.board_fields and item.name not in self.private_fields
        ]
        self.public_fields: tuple[str, ...] = tuple(public)
        self.private_size = sum(by_name[name].size for name in self.private_fields)
        self.public_size = sum(by_name[name].size for name in self.public_fields)

    # ------------------------------------------------------------------ subclass hooks
    def _fields(self) -> list[Field]:
        raise NotImplementedError

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ the public API
    def encode(self, observation: dict[str, Any]) -> Vector:
        """The vector of a seat's observation (``state.observation(seat)``)."""
        import numpy as np

        seat = observation["seat"]
        if seat is None:
            raise ValueError("observation tensors are made for a seat, not for a spectator")
        vector = np.zeros(self.size, dtype=np.float32)
        out = self.split(vector)
        to_act = observation["to_act"]
        if to_act is not None:
            out["to_act"][self.rel(to_act, seat)] = 1.0
        out["over"][0] = float(observation["over"])
        self._fill(observation, seat, out)
        return vector

    def split(self, vector: Vector) -> dict[str, Vector]:
        """Each field of ``vector`` by name, as a view in the field's shape."""
        return {name: vector[start:stop].reshape(shape) for name, start, stop, shape in self._parts}

    @property
    def board_shape(self) -> tuple[int, ...]:
        """The shape of ``board_planes``: channels, then the board's two dimensions."""
        shapes = [item.shape for item in self.fields if item.name in self.board_fields]
        if not shapes:
            return (0, 1, 1)
        return (sum(shape[0] for shape in shapes), *shapes[0][1:])

    def board_planes(self, parts: dict[str, Vector]) -> Vector:
        """The board as planes (``board_shape``), from ``split``'s parts: the board fields
        stacked in order. A game whose board is stored features-last overrides it."""
        import numpy as np

        if not self.board_fields:
            return np.zeros(self.board_shape, dtype=np.float32)
        return np.concatenate([parts[name] for name in self.board_fields], axis=0)

    def private_part(self, parts: dict[str, Vector]) -> Vector:
        """The fields only the seat sees, flattened in order."""
        import numpy as np

        return np.concatenate(
            [parts[name].ravel() for name in self.private_fields] or [np.zeros(0, np.float32)]
        )

    def public_part(self, parts: dict[str, Vector]) -> Vector:
        """Every field neither on the board nor private, flattened in order."""
        import numpy as np

        return np.concatenate(
            [parts[name].ravel() for name in self.public_fields] or [np.zeros(0, np.float32)]
        )

    def describe(self) -> str:
        """A table of the fields: name, shape and meaning."""
        lines = [f"{self.game.id}, {self.players} players: {self.size} numbers"]
        for item in self.fields:
            shape = "x".join(str(n) for n in item.shape)
            lines.append(f"  {item.name:<18} {shape:<10} {item.doc}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ helpers
    def rel(self, other: int, seat: int) -> int:
        """A seat as seen from ``seat``: 0 is itself, 1 the next seat..."""
        return (other - seat) % self.players

    def per_seat(self, values: Iterable[float], seat: int, scale: float) -> Vector:
        """One number per seat, rotated so that index 0 is ``seat``, divided by ``scale``."""
        import numpy as np

        result = np.zeros(self.players, dtype=np.float32)
        for other, value in enumerate(values):
            result[self.rel(other, seat)] = fraction(float(value), scale)
        return result


def fraction(value: float, scale: float | None) -> float:
    """``value / scale`` clipped to [0, 1]."""
    # A limit the rules switched off (None or 0) leaves its field at 0.
    if scale is None or scale <= 0:
        return 0.0
    return min(max(value / scale, 0.0), 1.0)


@cache
def card_vector(text: str) -> Vector:
    """A Sequentia card's 14 numbers (``CARD_FEATURES``); shared, so never written to."""
    import numpy as np

    card = SequentiaCard.parse(text)
    vector = np.zeros(CARD, dtype=np.float32)
    vector[0] = 1.0
    vector[card.digit] = 1.0
    for place, digit in enumerate(card.code):
        vector[4 + place * 3 + int(digit) - 1] = 1.0
    vector[13] = float(card.bonus)
    return vector


def deck_hot(texts: Iterable[str]) -> Vector:
    """Which cards of the Sequentia deck (in deck-list order) ``texts`` holds."""
    import numpy as np

    ids = card_ids_by_text()
    vector = np.zeros(DECK_SIZE, dtype=np.float32)
    for text in texts:
        vector[ids[text]] = 1.0
    return vector
