"""What the simulator measures in a finished game of Sequence Stacks, read from its public record
(the actions and the events of the log), and how the balance report shows it."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sequenza.core.game import State
from sequenza.core.kit import Figure, GameMetrics, Measured, logged_actions, logged_events

_STACKS_ACTION_CARDS = ("skip", "reverse", "steal-card", "steal-chip")


def _stacks(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    for _, verb, args in logged_actions(state):
        if verb == "block":
            counts["blocks"] += 1
        elif verb == "play" and args and args[0] in _STACKS_ACTION_CARDS:
            counts[args[0].replace("-", "_")] += 1
    counts["steals"] = counts["steal_card"] + counts["steal_chip"]
    counts["completed"] = len(logged_events(state, "completed"))
    counts["chips"] = len(logged_events(state, "chip"))
    counts["reshuffles"] = len(logged_events(state, "reshuffle"))
    return Measured(dict(counts))


METRICS = GameMetrics(
    _stacks,
    (
        Figure("blocks", "Blocks played, per game"),
        Figure("blocks", "Completed piles blocked", "completed", True),
        Figure("steals", "Steals per game (cards and chips)"),
        Figure("steal_card", "Steal-a-Card played, per game"),
        Figure("steal_chip", "Steal-a-Chip played, per game"),
        Figure("skip", "Skips per game"),
        Figure("reverse", "Reverses per game"),
        Figure("completed", "Piles completed, per game"),
        Figure("chips", "Chips taken from the supply, per game"),
        Figure("reshuffles", "Set-aside stack reshuffled into the draw pile, per game"),
    ),
)
