"""Bots that fail the ways a real one can: crash its process, hang, or raise. Registered in the
test process; the server's bot workers import this module too, as they import every module
that registered a bot."""

from __future__ import annotations

import multiprocessing
import os
import time
from typing import Any

from sequenza.ai.base import Bot, Decision, register_bot
from sequenza.core.actions import Action


class CrashingBot(Bot):
    """Kills the process it thinks in: in a worker, only that worker dies."""

    name = "test-crash"

    def __init__(self, seed: int | None = None, **_settings: Any) -> None:
        self.seed = seed

    def choose(self, decision: Decision) -> Action:
        if multiprocessing.parent_process() is None:
            raise RuntimeError("test-crash only crashes inside a worker process")
        os._exit(3)


class HangingBot(Bot):
    """Thinks for a minute."""

    name = "test-hang"

    def __init__(self, seed: int | None = None, **_settings: Any) -> None:
        self.seed = seed

    def choose(self, decision: Decision) -> Action:
        time.sleep(60)
        return decision.legal_actions[0]


class RaisingBot(Bot):
    """Has a bug."""

    name = "test-raise"

    def __init__(self, seed: int | None = None, **_settings: Any) -> None:
        self.seed = seed

    def choose(self, decision: Decision) -> Action:
        raise ZeroDivisionError("a bug in the bot")


register_bot("test-crash", CrashingBot)
register_bot("test-hang", HangingBot)
register_bot("test-raise", RaisingBot)


class SlowBot(Bot):
    """Thinks for ``seconds`` (a setting), then plays its first legal action."""

    name = "test-slow"

    def __init__(self, seed: int | None = None, seconds: float = 1.0, **_settings: Any) -> None:
        self.seed = seed
        self.seconds = seconds

    def choose(self, decision: Decision) -> Action:
        time.sleep(self.seconds)
        return decision.legal_actions[0]


register_bot("test-slow", SlowBot)
