"""What a seat sees of Toy cards, typed."""

from __future__ import annotations

from dataclasses import dataclass

from sequenza.core import Observation


@dataclass(frozen=True, kw_only=True)
class ToyObservation(Observation):
    #: The seat's hand, lowest first; ``None`` for a spectator.
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    #: The cards each seat played, in order.
    played: tuple[tuple[int, ...], ...]
    draw_pile: int
