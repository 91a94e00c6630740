"""The random bot: any legal action, uniformly, from its own seeded generator."""

from __future__ import annotations

import random

from sequenza.ai.base import Bot, Decision, register_bot
from sequenza.core.actions import Action


class RandomBot(Bot):
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        return decision.legal_actions[self.rng.randrange(len(decision.legal_actions))]


register_bot("random", RandomBot)
