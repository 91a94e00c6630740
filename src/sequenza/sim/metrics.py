"""What matters for each game, measured from a finished game's public record.

Every measure reads only ``state.history`` (the actions' texts) and ``state.log`` (public
events: ``{"event": "action", "seat", "action"}`` for each action, plus the game's own
events), never a game's internals. Each game's kit brings its own measures (``metrics.py``
in the game's package); every game also gets the generic ones: how often each action verb was
played.

A measure yields per-game *counts* (summed or averaged over games by the report, see
``Figure``) and *samples* (values collected for a histogram, e.g. the slides before each
claim).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sequenza.core.game import State
from sequenza.core.kit import Figure, GameMetrics, Measured
from sequenza.core.registry import game_kit

__all__ = ["VERB", "Figure", "GameMetrics", "Measured", "measure", "metrics_for"]

#: The prefix of the generic counts: ``verb:slide`` is how many ``slide`` actions a game had.
VERB = "verb:"


def metrics_for(game_id: str) -> GameMetrics:
    """The game's own measures, from its kit."""
    return game_kit(game_id).metrics


def measure(game_id: str, state: State[Any]) -> Measured:
    """Every count and sample of a finished game: the game's own and the verb counts."""
    own = metrics_for(game_id).measure(state)
    verbs = Counter(VERB + text.split(" ", 1)[0] for text in state.history)
    return Measured({**own.counts, **verbs}, own.samples)
