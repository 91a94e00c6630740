"""A bot that plays a card it does not hold, registered as "test-cheat" when imported (worker
processes import this module by name to know it)."""

from sequenza.ai.base import Bot, Decision, register_bot
from sequenza.core.actions import Action


class CheatBot(Bot):
    name = "test-cheat"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, decision: Decision) -> Action:
        return Action("play", (9,))


register_bot("test-cheat", CheatBot)
