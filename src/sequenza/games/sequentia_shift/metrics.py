"""What the simulator measures in a finished game of Sequentia · Shift, read from its public record
(the actions and the events of the log), and how the balance report shows it."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sequenza.core.game import State
from sequenza.core.kit import Figure, GameMetrics, Measured, logged_actions, logged_events


def _shift(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    slides_before_claim: list[float] = []
    seat_before: int | None = None
    slides = 0
    for seat, verb, _ in logged_actions(state):
        # A seat never takes two turns in a row in Shift: a new seat is a new turn.
        if seat != seat_before:
            seat_before, slides = seat, 0
        if verb == "slide":
            slides += 1
        elif verb == "claim":
            counts["claims"] += 1
            counts["slides_before_claims"] += slides
            slides_before_claim.append(slides)
    for exchange in logged_events(state, "exchange"):
        if exchange.get("cause") == "repetition":
            counts["forced_exchanges"] += 1
        else:
            counts["impossible_targets"] += 1
    counts["games_with_forced_exchange"] = float(counts["forced_exchanges"] > 0)
    counts["repeated_positions"] = len(logged_events(state, "repetition"))
    counts["slide_limit_turns"] = len(logged_events(state, "turn_over"))
    return Measured(dict(counts), {"slides_before_claim": slides_before_claim})


METRICS = GameMetrics(
    _shift,
    (
        Figure("impossible_targets", "Impossible targets exchanged, per game"),
        Figure("impossible_targets", "Turns spent exchanging an impossible target", "turns", True),
        Figure(
            "forced_exchanges",
            "Exchanges forced by a position met three times (players looping), per game",
        ),
        Figure("games_with_forced_exchange", "Games with a forced exchange", percent=True),
        Figure(
            "repeated_positions",
            "Positions met three times (an exchange, or a pass with an empty deck), per game",
        ),
        Figure("claims", "Claims per game"),
        Figure("slides_before_claims", "Slides per claim (in the claiming turn)", "claims"),
        Figure("slide_limit_turns", "Turns that used every slide without a claim, per game"),
    ),
    {"slides_before_claim": "Slides made in the turn before each claim"},
)
