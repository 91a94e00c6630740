"""Simulation throughput: games per second on one process and on every core.

    python bench/simulate_throughput.py                  # every game, 2 players, random bots
    python bench/simulate_throughput.py sequentia-shift --players 3 --games 400
    python bench/simulate_throughput.py sequence --bots mcts:iterations=50,seconds=none,random

Plays the same seeded games with the local back end with one worker process and with
``--workers`` (default: every core), keeps the best of ``--repeat`` runs of each, checks that
both give the same results, and prints a Markdown table. The one-process run plays in this
process: no pool, no pickling.
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

import sequenza
from sequenza.sim import Simulation, parse_bots, run
from sequenza.sim.runner import available_cores


def cpu_model() -> str:
    """The processor's name as /proc/cpuinfo gives it (falls back to ``platform``)."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    return platform.processor() or platform.machine()


def measure(sim: Simulation, workers: int, repeat: int) -> tuple[float, list[object]]:
    """Games per second with ``workers`` processes (the best of ``repeat`` runs: other work
    on the machine only ever slows a run down), and the results (to compare)."""
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        (results,) = run([sim], workers=workers)
        best = max(best, sim.games / (time.perf_counter() - start))
    return best, list(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game_ids", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="random", help="line-up, as for `sequenza simulate`")
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--workers", type=int, default=available_cores())
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="keep the best of this many runs")
    arguments = parser.parse_args()
    game_ids = arguments.game_ids or [info.id for info in sequenza.available_games()]
    workers = arguments.workers
    print(f"# {cpu_model()}, {available_cores()} cores, Python {platform.python_version()}")
    print(f"| game | players | bots | games | 1 process | {workers} processes | speed-up |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for game_id in game_ids:
        sim = Simulation(
            game_id, arguments.players, parse_bots(arguments.bots), arguments.games, arguments.seed
        )
        alone, first = measure(sim, 1, arguments.repeat)
        shared, second = measure(sim, workers, arguments.repeat)
        if first != second:
            raise SystemExit(f"{game_id}: {workers} processes played different games than one")
        print(
            f"| {game_id} | {arguments.players} | {arguments.bots} | {arguments.games} "
            f"| {alone:,.1f} games/s | {shared:,.1f} games/s | {shared / alone:.2f}x |"
        )


if __name__ == "__main__":
    main()
