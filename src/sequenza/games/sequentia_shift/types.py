"""What a seat sees of Sequentia · Shift, typed: the grid row by row, its own target and the
public counts. ``state.observation(seat)`` is ``ShiftObservation.to_json()``; cards travel in
JSON as their text (``2:131+``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sequenza.components.sequentia_cards import SequentiaCard
from sequenza.core.observation import Observation

#: Sliding and claiming, or placing deck cards after a claim.
ShiftPhase = Literal["play", "refill"]


@dataclass(frozen=True, kw_only=True)
class ShiftObservation(Observation):
    #: The nine positions row by row, ``None`` where one is empty.
    grid: tuple[SequentiaCard | None, ...]
    deck_size: int
    #: The seat's own target; ``None`` for a spectator or a seat without one.
    target: SequentiaCard | None
    holds_target: tuple[bool, ...]
    #: Cards collected, per seat.
    score_piles: tuple[int, ...]
    out_of_play: tuple[SequentiaCard, ...]
    phase: ShiftPhase
    slides: int
    slide_limit: int
    quiet_turns: int
    #: Turns without a claim (or exchange) that end the game now; ``None``: no limit.
    quiet_turn_limit: int | None
    #: How often the current position has occurred.
    repetitions: int
    repetition_limit: int
    first_player: int
