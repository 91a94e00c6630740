"""What the simulator measures in a finished game of Sequence and Sequence Numbers, read from its
public record (the actions and the events of the log), and how the balance report shows it."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sequenza.core.game import State
from sequenza.core.kit import Figure, GameMetrics, Measured, logged_actions, logged_events


def _board(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    for _, verb, _ in logged_actions(state):
        if verb in {"dead", "remove", "pass"}:
            counts[verb] += 1
    counts["sequences"] = len(logged_events(state, "sequence"))
    counts["reshuffles"] = len(logged_events(state, "reshuffle"))
    return Measured(dict(counts))


METRICS = GameMetrics(
    _board,
    (
        Figure("dead", "Dead cards replaced, per game"),
        Figure("dead", "Turns that began by replacing a dead card", "turns", True),
        Figure("remove", "Chips removed, per game"),
        Figure("sequences", "Sequences made, per game"),
        Figure("pass", "Turns passed without a playable card, per game"),
        Figure("reshuffles", "Discard piles reshuffled into the draw pile, per game"),
    ),
)
