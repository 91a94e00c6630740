"""Bots think in worker processes, never in the process that holds the sockets.

A search holds the interpreter for a second or more; in a thread of the server it would slow
every table's moves. Each decision goes to a pool of processes started by a fork server (a
clean process, so no lock of the server's threads is copied), which lower their own priority,
so that on a busy machine the operating system serves people's moves first.

A decision that crashes its worker, raises, or runs past its deadline is reported back as a
``BotFailure``; the table then plays a fallback move and says so on the table. A broken pool
is started again for the next decision.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import logging
import multiprocessing
import os
import pickle
from collections.abc import Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from sequenza.ai.base import bot_modules, make_bot
from sequenza.core.registry import available_games, game_class, state_from_json

logger = logging.getLogger("sequenza.web")

#: How much lower than the server a worker runs (``os.nice``): people before bots.
WORKER_NICENESS = 10


class BotFailure(Exception):
    """A bot could not decide: it raised, its process died, or it ran out of time."""


def _start_worker(modules: tuple[str, ...]) -> None:
    """Register the same games and bots as the server (tests and plug-ins add their own)."""
    for module in modules:
        importlib.import_module(module)
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # a platform or sandbox that refuses: bots then think at equal priority
        logger.warning("bot workers could not lower their priority")


def _decide(
    bot: str, settings: dict[str, Any], seed: int, state_text: str, memory: bytes
) -> tuple[str, bytes]:
    """In a worker: the bot's action for the seat to act, as text, and the bot itself to
    hand to its next decision (a bot may remember earlier decisions: the expert reads its
    opponent's plays against the deals it imagined then). The memory never leaves the
    server: it is pickled here and unpickled only by a worker of the same server."""
    state = state_from_json(state_text)
    player = pickle.loads(memory) if memory else make_bot(bot, seed=seed, **settings)
    action = str(player.act(state))
    try:
        kept = pickle.dumps(player)
    except (pickle.PicklingError, TypeError, AttributeError):
        kept = b""  # a bot that cannot be kept starts afresh each move
    return action, kept


def registered_modules() -> tuple[str, ...]:
    """The modules that registered the games and bots this process knows."""
    games = {game_class(info.id).__module__ for info in available_games()}
    return tuple(sorted(games | bot_modules()))


class BotWorkers:
    """A pool of worker processes that play bot moves."""

    def __init__(self, workers: int | None = None, *, move_timeout: float = 30.0) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self.move_timeout = move_timeout
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            context = multiprocessing.get_context("forkserver")
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=_start_worker,
                initargs=(registered_modules(),),
            )
        return self._executor

    async def decide(
        self, bot: str, settings: dict[str, Any], seed: int, state_text: str, memory: bytes = b""
    ) -> tuple[str, bytes]:
        """The bot's move in the position ``state_text`` (``State.dumps()``) and its memory for
        the next move (``memory`` is what the previous move returned), or ``BotFailure``."""
        job = functools.partial(_decide, bot, settings, seed, state_text, memory)
        try:
            future: Future[tuple[str, bytes]] = self._pool().submit(job)
        except BrokenProcessPool:
            self._restart()
            future = self._pool().submit(job)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.move_timeout)
        except TimeoutError:
            # The worker cannot be interrupted mid-search; it finishes and takes the next job.
            future.cancel()
            raise BotFailure(f"it took more than {self.move_timeout:g} s") from None
        except BrokenProcessPool:
            self._restart()
            raise BotFailure("its process stopped") from None
        except Exception as error:
            logger.warning("a bot failed in its worker: %r", error)
            raise BotFailure(f"it failed ({type(error).__name__}: {error})") from None

    def _restart(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor = None

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._kill(self._executor)
            self._executor = None

    @staticmethod
    def _kill(executor: ProcessPoolExecutor) -> None:
        """Stop workers still deep in a search: a closing server does not wait for bots."""
        processes: Iterable[Any] = (getattr(executor, "_processes", None) or {}).values()
        for process in processes:
            if process.is_alive():
                process.terminate()
