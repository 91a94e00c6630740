"""Back ends that play the games of one or more simulations: in this process, on every core
of this machine (``ProcessPoolExecutor``), or on a Ray cluster.

The unit of work is a chunk of consecutive game indices of one simulation
(``play_games(sim, start, stop)``); every game is a pure function of its simulation and
index, and results come back sorted by index, so every back end returns the same list.
"""

from __future__ import annotations

import importlib
import os
import socket
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import sequenza
from sequenza.core.errors import OptionError
from sequenza.sim.match import GameResult, Simulation, SimulationError, play_games

#: Called with the number of games just finished, as chunks come back.
Progress = Callable[[int], None]

BACKENDS = ("local", "ray")

#: (simulation number, first game, one past the last game)
Chunk = tuple[int, int, int]


def chunks(sims: Sequence[Simulation], workers: int) -> list[Chunk]:
    """Chunks small enough to balance the load and move the progress bar (about eight per
    worker and simulation), large enough that sending them costs little.

    >>> from sequenza.sim.match import parse_bots
    >>> sim = Simulation("test-toy", 2, parse_bots("random"), games=10)
    >>> chunks([sim], workers=1)
    [(0, 0, 2), (0, 2, 4), (0, 4, 6), (0, 6, 8), (0, 8, 10)]
    """
    result: list[Chunk] = []
    for number, sim in enumerate(sims):
        size = max(1, min(100, -(-sim.games // (8 * workers))))
        result += [
            (number, start, min(start + size, sim.games)) for start in range(0, sim.games, size)
        ]
    return result


def available_cores() -> int:
    """The cores this process may use (fewer than the machine's under a CPU affinity mask)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def run(
    sims: Sequence[Simulation],
    *,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    on_progress: Progress | None = None,
) -> list[list[GameResult]]:
    """Play every game of every simulation; the results of each, sorted by game index.

    ``workers``: processes of the local back end (default: every core; 1 plays in this
    process). ``address``: the Ray cluster to join (``HOST:PORT`` or ``ray://HOST:PORT``);
    without one, Ray joins the instance this process already started, or starts one.
    """
    if backend not in BACKENDS:
        raise OptionError(f"unknown back end {backend!r}; the back ends are: {', '.join(BACKENDS)}")
    report = on_progress or (lambda done: None)
    checked = [sim.check() for sim in sims]
    if backend == "ray":
        return _sorted(checked, _run_ray(checked, address, report))
    count = workers or available_cores()
    if count < 1:
        raise OptionError(f"use at least one worker process, not {count}")
    if count == 1:
        return _sorted(checked, _run_here(checked, report))
    return _sorted(checked, _run_pool(checked, count, report))


def _sorted(
    sims: Sequence[Simulation], done: list[tuple[int, list[GameResult]]]
) -> list[list[GameResult]]:
    results: list[list[GameResult]] = [[] for _ in sims]
    for number, games in done:
        results[number] += games
    for games in results:
        games.sort(key=lambda game: game.index)
    return results


def _run_here(sims: Sequence[Simulation], report: Progress) -> list[tuple[int, list[GameResult]]]:
    done = []
    for number, start, stop in chunks(sims, 1):
        done.append((number, play_games(sims[number], start, stop)))
        report(stop - start)
    return done


def _run_pool(
    sims: Sequence[Simulation], workers: int, report: Progress
) -> list[tuple[int, list[GameResult]]]:
    done = []
    with ProcessPoolExecutor(workers) as pool:
        pending: dict[Future[list[GameResult]], Chunk] = {
            pool.submit(play_games, sims[number], start, stop): (number, start, stop)
            for number, start, stop in chunks(sims, workers)
        }
        try:
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    number, start, stop = pending.pop(future)
                    done.append((number, future.result()))
                    report(stop - start)
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return done


def _run_ray(
    sims: Sequence[Simulation], address: str | None, report: Progress
) -> list[tuple[int, list[GameResult]]]:
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise OptionError(
            "the ray back end needs Ray: pip install 'sequenza[ray]' (on every node)"
        ) from None
    started_here = not ray.is_initialized()
    if started_here and address:
        _check_reachable(address)
    if started_here:
        # A cluster's nodes get this very sequenza from the driver (it needs nothing but the
        # standard library there), so that every node plays the rules the driver knows.
        runtime_env = {"py_modules": [str(Path(sequenza.__file__).parent)]} if address else None
        try:
            ray.init(
                address=address,
                runtime_env=runtime_env,
                include_dashboard=False,
                log_to_driver=False,
            )
        except (ConnectionError, ValueError, RuntimeError) as error:
            raise SimulationError(f"cannot start or reach Ray at {address}: {error}") from None
    try:
        remote: Any = ray.remote(play_games)
        pending = {
            remote.remote(sims[number], start, stop): (number, start, stop)
            for number, start, stop in chunks(sims, int(ray.cluster_resources().get("CPU", 1)))
        }
        done = []
        while pending:
            finished, _ = ray.wait(list(pending), num_returns=1)
            for reference in finished:
                number, start, stop = pending.pop(reference)
                done.append((number, ray.get(reference)))
                report(stop - start)
        return done
    finally:
        if started_here:
            ray.shutdown()


def _check_reachable(address: str) -> None:
    """Fail fast where nothing listens at ``HOST:PORT``: Ray itself retries for minutes."""
    host, colon, port = address.rpartition("://")[2].rpartition(":")
    if not colon or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as error:
        raise SimulationError(f"no Ray cluster answers at {address}: {error}") from None
