"""What the simulator measures in a game of Toy cards."""

from __future__ import annotations

from typing import Any

from sequenza.core.game import State
from sequenza.core.kit import Figure, GameMetrics, Measured, logged_actions


def _measure(state: State[Any]) -> Measured:
    sixes = sum(1 for _, _, args in logged_actions(state) if args == ["6"])
    return Measured({"sixes": float(sixes)})


METRICS = GameMetrics(_measure, (Figure("sixes", "Sixes played, per game"),))
