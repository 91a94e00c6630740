"""What the simulator measures in a finished game of Sequentia · Cross, read from its public record
(the actions and the events of the log), and how the balance report shows it."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sequenza.core.game import State
from sequenza.core.kit import Figure, GameMetrics, Measured, logged_events


def _cross(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    claim_sizes: list[float] = []
    for event in logged_events(state, "claim"):
        counts["claims"] += 1
        counts[f"claims_by_{event.get('lines', 'lines')}"] += 1
        claim_sizes.append(float(event.get("cards", 0)))
    counts["claimed_cards"] = sum(claim_sizes)
    counts["discarded_cards"] = len(logged_events(state, "discard"))
    counts["turns_without_sequence"] = len(logged_events(state, "no_sequence"))
    return Measured(dict(counts), {"claim_size": claim_sizes})


METRICS = GameMetrics(
    _cross,
    (
        Figure("claims", "Claims per game"),
        Figure("claims_by_rows", "Claims of rows", "claims", True),
        Figure("claims_by_columns", "Claims of columns", "claims", True),
        Figure("claimed_cards", "Cards per claim", "claims"),
        Figure("discarded_cards", "Cards discarded (no allowed pile), per game"),
        Figure("turns_without_sequence", "Turns that placed cards but made no sequence, per game"),
    ),
    {"claim_size": "Cards collected by each claim"},
)
