"""Bots think in worker processes, never in the process that holds the sockets.

A search holds the interpreter for a second or more; in a thread of the server it would slow
every table's moves. Each decision goes to a pool of processes started by a fork server (a
clean process, so no lock of the server's threads is copied), which lower their own priority,
so that on a busy machine the operating system serves people's moves first.

A decision that crashes its worker, raises, or runs past its deadline is reported back as a
``BotFailure``; the table then plays a fallback move and says so on the table. A broken pool
is started again for the next decision.

Workers die with their server: a server killed outright (``kill -9``, the out-of-memory killer)
runs no clean-up, and its workers, each holding a bot's memory, would stay behind for good. A
watchdog thread in each worker ends it once the server is gone (and on Linux the kernel ends
it with the fork server that started it); a server that stops cleanly ends its workers itself.
"""

from __future__ import annotations

import asyncio
import ctypes
import functools
import heapq
import importlib
import itertools
import logging
import multiprocessing
import os
import pickle
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

from sequenza.ai.base import Decision, bot_modules, make_bot
from sequenza.ai.hints import hint
from sequenza.ai.review import review_game
from sequenza.core.game import GameRecord
from sequenza.core.registry import available_games, game_class, state_from_json
from sequenza.modes import ModeError, register_file, registered_files, scratch

from . import metrics

#: What a worker's job answers (a move and the bot's memory, a hint).
_Answer = TypeVar("_Answer")

logger = logging.getLogger("sequenza.web")

#: A saved position's game id, when it is a workshop mode's (``State.dumps()``'s JSON).
_GAME_FIELD = re.compile(r'"game":\s*"(workshop-[0-9a-f]+)"')
#: Levels whose hint a thread of the server finds (a heuristic: milliseconds); the others
#: search, in a worker.
CHEAP_LEVELS = frozenset({"random", "novice", "greedy"})
#: How much lower than the server a worker runs (``os.nice``): people before bots.
WORKER_NICENESS = 10
#: How often a worker checks that its server still runs (seconds).
WATCH_INTERVAL = 0.5
#: Seconds a closing server gives its workers to stop before it kills them.
STOP_GRACE = 2.0
#: ``prctl`` option: the signal the kernel sends a process when its parent dies.
_PR_SET_PDEATHSIG = 1


#: Scratch modes (the workshop's) one worker keeps registered: older ones are forgotten and
#: registered again from their text when a table of theirs asks.
WORKER_SCRATCH_MODES = 16
#: Seconds a workshop simulation may run in its worker.
SIMULATION_TIMEOUT = 60.0
#: Seconds a review after the game may run in its worker (a long game's takes a few).
REVIEW_TIMEOUT = 60.0


class BotFailure(Exception):
    """A bot could not decide: it raised, its process died, or it ran out of time."""


class WorkersBusy(Exception):
    """Every worker is thinking or has decisions waiting: a simulation or a review would
    delay tables."""


def _start_time(pid: int) -> str | None:
    """When process ``pid`` started (``/proc``, in clock ticks since boot), or None when it is
    gone or a zombie; ``""`` where there is no ``/proc`` to ask."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return None if Path("/proc/self/stat").exists() else ""
    except OSError:
        return ""
    # The command name (field 2) is in parentheses and may hold spaces: count after it.
    fields = stat.rsplit(")", 1)[-1].split()
    state, started = fields[0], fields[19]
    return None if state in ("Z", "X") else started


def server_alive(pid: int, started: str | None) -> bool:
    """Whether the server ``pid`` that started at ``started`` (``_start_time``) still runs: a
    zombie or a new process that was given the same number does not count."""
    now = _start_time(pid)
    if now is None:
        return False
    if now and started:
        return now == started
    try:  # no /proc: ask the kernel whether the number is still taken
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _watch_server(pid: int, started: str | None) -> None:
    """In a worker: end it as soon as its server is gone, even mid-search."""
    while server_alive(pid, started):
        threading.Event().wait(WATCH_INTERVAL)
    os._exit(0)


def _die_with_parent() -> None:
    """Linux: have the kernel kill this worker when the process that forked it (the fork
    server, which itself ends when the server's workers are gone) dies."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no libc to ask: the watchdog still covers it
        pass


def _start_worker(
    modules: tuple[str, ...],
    mode_files: tuple[str, ...] = (),
    server: int | None = None,
    started: str | None = None,
) -> None:
    """Register the same games and bots as the server (tests and plug-ins add their own, a
    mode file is a game of no module: its file is read again here), and tie the worker's life
    to the server's (``server``: its process id, ``started``: when)."""
    if server is not None:
        _die_with_parent()
        threading.Thread(
            target=_watch_server, args=(server, started), name="server-watch", daemon=True
        ).start()
    for module in modules:
        importlib.import_module(module)
    for path in mode_files:
        try:
            register_file(path)
        except ModeError:  # changed since the server read it: its tables' bots fall back
            logger.warning("bot workers could not read the mode file %s", path)
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # a platform or sandbox that refuses: bots then think at equal priority
        logger.warning("bot workers could not lower their priority")


def _scratch_mode(text: str) -> str:
    """In a worker: register a workshop mode from its text (once), keeping a bounded number;
    its game id."""
    game_id = scratch.register_text(text).id
    for old in scratch.registered()[:-WORKER_SCRATCH_MODES]:
        if old != game_id:
            scratch.forget(old)
    return game_id


def _decide(
    bot: str,
    settings: dict[str, Any],
    seed: int,
    state_text: str,
    memory: bytes,
    mode_text: str = "",
) -> tuple[str, bytes]:
    """In a worker: the bot's action for the seat to act, as text, and the bot itself to
    hand to its next decision (a bot may remember earlier decisions: the expert reads its
    opponent's plays against the deals it imagined then). The memory never leaves the
    server: it is pickled here and unpickled only by a worker of the same server.
    ``mode_text``: the text of the workshop mode the table plays (a mode no file holds)."""
    if mode_text:
        _scratch_mode(mode_text)
    state = state_from_json(state_text)
    player = pickle.loads(memory) if memory else make_bot(bot, seed=seed, **settings)
    action = str(player.act(state))
    try:
        kept = pickle.dumps(player)
    except (pickle.PicklingError, TypeError, AttributeError):
        kept = b""  # a bot that cannot be kept starts afresh each move
    return action, kept


def _simulate(mode_text: str, games: int, players: int, bots: str) -> dict[str, Any]:
    """In a worker: the workshop's quick check of a mode: the conformance kit on two games,
    then ``games`` seeded games between ``bots`` bots, summed up as ``sequenza mode check``
    prints it (seat win rates with intervals, game length, how games end)."""
    from sequenza.sim.match import Simulation, parse_bots
    from sequenza.sim.report import Variant, summarize
    from sequenza.sim.runner import run
    from sequenza.testing.conformance import ConformanceError, check_game

    game_id = _scratch_mode(mode_text)
    started = time.perf_counter()
    try:
        report = check_game(game_id, games=2, players=[players])
    except ConformanceError as error:
        return {"conformance": {"passed": False, "problem": str(error)}}
    sim = Simulation(game=game_id, players=players, bots=parse_bots(bots), games=games)
    facts = summarize(Variant("", sim, run([sim], workers=1)[0]))
    endings = facts["endings"]
    return {
        "conformance": {"passed": True, "games": report.games, "actions": report.actions},
        "games": games,
        "players": players,
        "bots": bots,
        "seats": facts["by_seat"],
        "turns": facts["length"]["turns"],
        "endings": endings["terminations"],
        "draws": endings["draws"],
        "stalls": endings["stalls"],
        "seconds": round(time.perf_counter() - started, 2),
    }


def _hint(
    level: str, settings: dict[str, Any], seed: int, state_text: str, mode_text: str = ""
) -> dict[str, Any]:
    """In a worker: the hint for the seat to act (``hints.hint``), from that seat's
    ``Decision`` only, as JSON: ``action``, ``level`` and ``reason``. ``mode_text``: the
    text of the workshop mode the table plays, as for ``_decide``."""
    if mode_text:
        _scratch_mode(mode_text)
    state = state_from_json(state_text)
    return hint(Decision.of(state), seed, level, **settings).to_json()


def _review(
    record: dict[str, Any],
    seat: int,
    seed: int,
    moves: list[int],
    settings: dict[str, Any],
    mode_text: str = "",
) -> dict[str, Any]:
    """In a worker: the review of ``seat``'s ``moves`` (their numbers among the moves in
    force) in the game of ``record`` (``review.review_game``), as JSON. ``mode_text``: the
    text of the workshop mode the table plays, as for ``_decide``."""
    if mode_text:
        _scratch_mode(mode_text)
    found = review_game(GameRecord.from_json(record), seat, seed=seed, moves=set(moves), **settings)
    return found.to_json()


def registered_modules() -> tuple[str, ...]:
    """The modules that registered the games and bots this process knows."""
    games = {game_class(info.id).__module__ for info in available_games()}
    return tuple(sorted(games | bot_modules()))


class BotWorkers:
    """A pool of worker processes that play bot moves.

    Decisions wait here, not in the pool, until a worker is free: a bot's time limit then
    counts its thinking only, never its wait behind other tables' searches. Decisions for
    tables where a person plays go first (in the order they came); tables of bots alone, a
    spectacle, use what is left, so that a crowd of them never slows a person's game."""

    def __init__(self, workers: int | None = None, *, move_timeout: float = 30.0) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self.move_timeout = move_timeout
        self._executor: ProcessPoolExecutor | None = None
        #: Workers thinking now (a job past its time limit keeps its worker until it ends).
        self.busy = 0
        #: The text of each workshop mode by its game id: a worker registers it before it
        #: decides for a table of it (no file holds it to read at the worker's start).
        self.scratch_modes: dict[str, str] = {}
        #: Decisions waiting for a worker: (0 for a person's table else 1, arrival, ticket).
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    @property
    def waiting(self) -> int:
        """Decisions waiting for a free worker."""
        return sum(1 for *_, ticket in self._waiting if not ticket.done())

    async def _free_worker(self, urgent: bool) -> None:
        """Until a worker is free for this decision (then it counts as busy)."""
        if self.busy < self.workers and not self._waiting:
            self.busy += 1
            metrics.BOT_WAIT.observe(0.0)
            return
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (0 if urgent else 1, next(self._arrivals), ticket))
        asked = time.monotonic()
        try:
            await ticket
            metrics.BOT_WAIT.observe(time.monotonic() - asked)
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():
                self._worker_freed()  # granted as it was cancelled: hand the worker on
            else:
                ticket.cancel()  # the waiting list skips it
            raise

    def _worker_freed(self) -> None:
        self.busy -= 1
        while self._waiting:
            *_, ticket = heapq.heappop(self._waiting)
            if not ticket.done():
                self.busy += 1
                ticket.set_result(None)
                return

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            context = multiprocessing.get_context("forkserver")
            # The fork server imports what the workers need once, when it starts, and each
            # worker forks from it with all of it loaded: a new pool's workers, and one started
            # after a crash, are ready at once instead of each importing the web package and
            # every game again (about a second of CPU a worker).
            context.set_forkserver_preload([__name__, *registered_modules()])
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=_start_worker,
                initargs=(
                    registered_modules(),
                    registered_files(),
                    os.getpid(),
                    _start_time(os.getpid()),
                ),
            )
        return self._executor

    async def decide(
        self,
        bot: str,
        settings: dict[str, Any],
        seed: int,
        state_text: str,
        memory: bytes = b"",
        *,
        urgent: bool = True,
    ) -> tuple[str, bytes]:
        """The bot's move in the position ``state_text`` (``State.dumps()``) and its memory for
        the next move (``memory`` is what the previous move returned), or ``BotFailure``.
        ``urgent``: a person plays at the table (else it waits behind those that are)."""
        mode_text = self._scratch_text(state_text) if self.scratch_modes else ""
        job = functools.partial(_decide, bot, settings, seed, state_text, memory, mode_text)
        return await self._in_worker(job, urgent, "a bot")

    async def _in_worker(self, job: Callable[[], _Answer], urgent: bool, what: str) -> _Answer:
        """``job``'s answer from a free worker within the move's time limit, or
        ``BotFailure``; ``what`` names the job in the log."""
        await self._free_worker(urgent)
        loop = asyncio.get_running_loop()
        try:
            try:
                future: Future[_Answer] = self._pool().submit(job)
            except BrokenProcessPool:
                self._restart()
                future = self._pool().submit(job)
        except BaseException:
            self._worker_freed()
            raise
        # The worker is free again when the job ends, not when its answer is given up on.
        future.add_done_callback(lambda _done: loop.call_soon_threadsafe(self._worker_freed))
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
            logger.warning("%s failed in its worker: %r", what, error)
            raise BotFailure(f"it failed ({type(error).__name__}: {error})") from None

    def _scratch_text(self, state_text: str) -> str:
        """The workshop mode's text when the position is of one ("" otherwise)."""
        found = _GAME_FIELD.search(state_text)
        return self.scratch_modes.get(found.group(1), "") if found else ""

    async def simulate(
        self, mode_text: str, games: int, players: int, bots: str = "random"
    ) -> dict[str, Any]:
        """A workshop simulation (``_simulate``) in a free worker; ``WorkersBusy`` at once when
        none is free (tables come first), ``BotFailure`` when it fails or runs out of time."""
        job = functools.partial(_simulate, mode_text, games, players, bots)
        return await self._in_spare_worker(job, SIMULATION_TIMEOUT, "a workshop simulation")

    async def review(
        self,
        record: dict[str, Any],
        seat: int,
        seed: int,
        moves: list[int],
        settings: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A review after the game (``_review``) in a free worker; ``WorkersBusy`` at once when
        none is free (tables come first), ``BotFailure`` when it fails or runs out of time."""
        mode_text = self.scratch_modes.get(str(record.get("game")), "")
        job = functools.partial(_review, record, seat, seed, moves, settings or {}, mode_text)
        return await self._in_spare_worker(job, REVIEW_TIMEOUT, "a review")

    async def _in_spare_worker(
        self, job: Callable[[], _Answer], timeout: float, what: str
    ) -> _Answer:
        """``job``'s answer from a worker that no table needs now, within ``timeout``:
        ``WorkersBusy`` at once when every worker thinks or decisions wait."""
        if self.busy >= self.workers or self.waiting:
            raise WorkersBusy
        await self._free_worker(urgent=False)
        loop = asyncio.get_running_loop()
        try:
            try:
                future: Future[_Answer] = self._pool().submit(job)
            except BrokenProcessPool:
                self._restart()
                future = self._pool().submit(job)
        except BaseException:
            self._worker_freed()
            raise
        future.add_done_callback(lambda _done: loop.call_soon_threadsafe(self._worker_freed))
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), timeout)
        except TimeoutError:
            future.cancel()
            raise BotFailure(f"it took more than {timeout:g} s") from None
        except BrokenProcessPool:
            self._restart()
            raise BotFailure("its process stopped") from None
        except Exception as error:
            logger.warning("%s failed in its worker: %r", what, error)
            raise BotFailure(f"it failed ({type(error).__name__}: {error})") from None

    async def hint(
        self, level: str, settings: dict[str, Any], seed: int, state_text: str
    ) -> dict[str, Any]:
        """A hint for the seat to act in ``state_text``, thought out by ``level`` in a worker
        as a person's bot move is (it waits its turn with them), or ``BotFailure``."""
        if level in CHEAP_LEVELS:
            # A heuristic's move takes milliseconds: a thread of the server answers at once,
            # with no wait behind the tables' searches (a workshop mode is registered here).
            job = functools.partial(_hint, level, settings, seed, state_text)
            try:
                return await asyncio.wait_for(asyncio.to_thread(job), self.move_timeout)
            except TimeoutError:
                raise BotFailure(f"it took more than {self.move_timeout:g} s") from None
            except Exception as error:
                logger.warning("a hint failed: %r", error)
                raise BotFailure(f"it failed ({type(error).__name__}: {error})") from None
        # A worker knows only the games of files: a workshop mode's text goes with the job.
        mode_text = self._scratch_text(state_text) if self.scratch_modes else ""
        job = functools.partial(_hint, level, settings, seed, state_text, mode_text)
        return await self._in_worker(job, True, "a hint")

    def _restart(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor = None

    def close(self) -> None:
        if self._executor is not None:
            # The executor forgets its processes when it shuts down: take them first.
            processes = list((getattr(self._executor, "_processes", None) or {}).values())
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._kill(processes)
            self._executor = None

    @staticmethod
    def _kill(processes: Iterable[Any]) -> None:
        """Stop workers still deep in a search: a closing server does not wait for bots. Each
        gets SIGTERM, then SIGKILL if it is still there after ``STOP_GRACE``."""
        running = [process for process in processes if process.is_alive()]
        for process in running:
            process.terminate()
        for process in running:
            process.join(STOP_GRACE)
            if process.is_alive():
                process.kill()
                process.join(STOP_GRACE)
