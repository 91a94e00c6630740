"""The novice bot: the greedy heuristic, but it misses its best move now and then.

Between ``random``, which has no plan, and ``greedy``, which never misses what it sees, a
new player needs a bot that knows what it is doing yet slips: at each decision, with
probability ``slip``, it plays any legal action instead of the heuristic's.
"""

from __future__ import annotations

import random

from sequenza.ai.base import Bot, Decision, register_bot
from sequenza.ai.greedy import GreedyBot
from sequenza.core.actions import Action
from sequenza.core.errors import OptionError

#: Half its decisions at random: measured between random and greedy in every game (see the
#: ladder in the README).
DEFAULT_SLIP = 0.5


class NoviceBot(Bot):
    name = "novice"

    def __init__(self, seed: int | None = None, slip: float = DEFAULT_SLIP) -> None:
        if not isinstance(slip, int | float) or isinstance(slip, bool) or not 0 <= slip <= 1:
            raise OptionError(f"novice setting slip must be from 0 to 1, not {slip!r}")
        self.rng = random.Random(seed)
        self.slip = float(slip)
        self.greedy = GreedyBot(self.rng.randrange(1 << 30))

    def choose(self, decision: Decision) -> Action:
        if self.rng.random() < self.slip:
            return decision.legal_actions[self.rng.randrange(len(decision.legal_actions))]
        return self.greedy.choose(decision)


register_bot("novice", NoviceBot)
