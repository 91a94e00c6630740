"""What the simulator measures in a finished game of Sequentia · Stack, read from its public record
(the actions and the events of the log), and how the balance report shows it."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sequenza.core.game import State
from sequenza.core.kit import Figure, GameMetrics, Measured, logged_actions, logged_events


def _stack(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    places_in_turn: list[float] = []
    seat_before: int | None = None
    for seat, verb, _ in logged_actions(state):
        if seat != seat_before:
            seat_before = seat
            places_in_turn.append(0)
        if verb == "place":
            places_in_turn[-1] += 1
            counts["places"] += 1
        elif verb == "claim":
            counts["claims"] += 1
    claim_sizes = [float(event.get("cards", 0)) for event in logged_events(state, "claim")]
    counts["claimed_cards"] = sum(claim_sizes)
    counts["chained_turns"] = sum(1 for places in places_in_turn if places > 1)
    return Measured(dict(counts), {"claim_size": claim_sizes, "places_per_turn": places_in_turn})


METRICS = GameMetrics(
    _stack,
    (
        Figure("claims", "Claims per game"),
        Figure("claimed_cards", "Cards per claim", "claims"),
        Figure("places", "Cards placed per turn", "turns"),
        Figure("chained_turns", "Turns that chained placements (bonus cards)", "turns", True),
    ),
    {"claim_size": "Cards collected by each claim", "places_per_turn": "Cards placed in a turn"},
)
