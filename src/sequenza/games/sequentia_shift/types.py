"""What a seat sees of Sequentia · Shift, typed: the grid row by row, its own target and the
public counts. ``state.observation(seat)`` is ``ShiftObservation.to_json()``; cards travel in
JSON as their text (``2:131+``). Then the events its rules write into the log (cards as their
text there too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sequenza.components.sequentia_cards import SequentiaCard
from sequenza.core.events import Event, GameOver, omitted_when_none
from sequenza.core.observation import Observation

#: Sliding and claiming, or placing deck cards after a claim.
ShiftPhase = Literal["play", "refill"]
#: Why a seat gave up its target: the table cannot make it (rule 1), or the position repeated.
ExchangeCause = Literal["impossible", "repetition"]


@dataclass(frozen=True, kw_only=True)
class ShiftObservation(Observation):
    #: The nine positions row by row, ``None`` where one is empty.
    grid: tuple[SequentiaCard | None, ...]
    deck_size: int
    #: The seat's own target; ``None`` for a spectator or a seat without one.
    target: SequentiaCard | None
    #: The rows (0 top to 2 bottom) that read the seat's target's code left to right, as the
    #: claim rule reads them; ``None`` where ``target`` is (the target is the seat's secret).
    rows_showing_target: tuple[int, ...] | None
    #: Whether the grid holds every digit of the target's code (rule 1: a target the table
    #: cannot make must be exchanged); ``None`` where ``target`` is.
    target_possible: bool | None
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


# ---------------------------------------------------------------------- events
@dataclass(frozen=True, kw_only=True)
class ShiftDealt(Event):
    code = "deal"
    #: The nine positions row by row (card texts), ``None`` where one is empty.
    grid: tuple[str | None, ...]
    targets_dealt: int
    first_player: int


@dataclass(frozen=True, kw_only=True)
class ShiftRepetition(Event):
    """The position occurred as often as the repetition rule allows: the seat must exchange."""

    code = "repetition"
    seat: int
    occurrences: int


@dataclass(frozen=True, kw_only=True)
class ShiftTurnOver(Event):
    """The seat slid as often as a turn allows without showing its target."""

    code = "turn_over"
    seat: int
    reason: Literal["slide_limit"]


@dataclass(frozen=True, kw_only=True)
class ShiftExchanged(Event):
    code = "exchange"
    seat: int
    #: The target given up (it leaves play, face up).
    card: str
    deck_size: int
    cause: ExchangeCause


@dataclass(frozen=True, kw_only=True)
class ShiftClaimed(Event):
    code = "claim"
    seat: int
    row: int
    cards: tuple[str, ...]
    target: str
    collected: int


@dataclass(frozen=True, kw_only=True)
class ShiftRefilled(Event):
    """Deck cards placed after a claim: every empty position but the chosen ``hole``, or one
    position at a time (no ``hole``) when the deck runs short."""

    code = "refill"
    seat: int
    #: Position (as text) -> card text.
    placed: dict[str, str]
    hole: int | None = omitted_when_none()


@dataclass(frozen=True, kw_only=True)
class ShiftDrewTarget(Event):
    code = "draw_target"
    seat: int
    deck_size: int


@dataclass(frozen=True, kw_only=True)
class ShiftNoTarget(Event):
    code = "no_target"
    seat: int
    reason: Literal["deck_empty"]


@dataclass(frozen=True, kw_only=True)
class ShiftGameOver(GameOver):
    #: The rounds of the stall rule or safety net that ended the game.
    rounds: int | None = omitted_when_none()


#: Every event of Sequentia · Shift's log beyond the actions.
SHIFT_EVENTS: tuple[type[Event], ...] = (
    ShiftDealt,
    ShiftRepetition,
    ShiftTurnOver,
    ShiftExchanged,
    ShiftClaimed,
    ShiftRefilled,
    ShiftDrewTarget,
    ShiftNoTarget,
    ShiftGameOver,
)
