"""`sequenza simulate` on the compiled core against the Python engine: the same games, and
how long each takes.

    python bench/simulate_engines.py                        # every game, greedy bots, 2 players
    python bench/simulate_engines.py sequence --games 10000 --python-games 300
    python bench/simulate_engines.py --bots random --players 4

For each game it plays ``--games`` seeded games of ``--bots`` with ``engine="fast"`` (where
the core plays the game and the line-up; else the simulation says so and plays on Python)
and the first ``--python-games`` of them with ``engine="python"``, in this process (one
worker: no pool, no pickling), checks that those games are the same on both, and prints per
engine the games per second of the process's CPU time and the time the whole ``--games``
takes at that rate (measured where it ran them all, scaled from the games it played on
Python), with the load average: on a shared machine wall time measures the neighbours too.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import replace

import sequenza
from sequenza.sim import Simulation, parse_bots, run
from sequenza.sim.match import core_problem, engine_used


def timed(sim: Simulation) -> tuple[float, list[object]]:
    """CPU seconds to play ``sim`` in this process, and its games."""
    start = time.process_time()
    (games,) = run([sim], workers=1)
    return time.process_time() - start, list(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game_ids", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy", help="line-up, as for `sequenza simulate`")
    parser.add_argument("--games", type=int, default=10_000, help="games on the core")
    parser.add_argument("--python-games", type=int, default=200, help="games on Python")
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    game_ids = arguments.game_ids or [
        info.id for info in sequenza.available_games() if not info.id.startswith("test")
    ]
    print(f"# load average before: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
    print(
        f"| game | bots | engine | games played | CPU s | games/s | "
        f"{arguments.games:,} games | speed-up |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for game_id in game_ids:
        sim = Simulation(
            game_id, arguments.players, parse_bots(arguments.bots), arguments.games, arguments.seed
        )
        fast = replace(sim, engine="auto")
        problem = core_problem(fast)
        count = min(arguments.python_games, arguments.games)
        python_seconds, python_games = timed(replace(sim, engine="python", games=count))
        rows = [("python", count, python_seconds)]
        if engine_used(fast) == "fast":
            fast_seconds, fast_games = timed(fast)
            if fast_games[:count] != python_games:
                raise SystemExit(f"{game_id}: the core played other games than the engine")
            rows.append(("fast", arguments.games, fast_seconds))
        for engine, played, seconds in rows:
            rate = played / seconds
            speed_up = f"{rate / (count / python_seconds):.1f}x" if engine == "fast" else ""
            print(
                f"| {game_id} | {arguments.bots} | {engine} | {played:,} | {seconds:.1f} "
                f"| {rate:,.1f} | {arguments.games / rate:,.0f} s | {speed_up} |",
                flush=True,
            )
        if problem is not None:
            print(f"| {game_id} | {arguments.bots} | fast | python instead: {problem} | | | | |")
    print(f"# load average after: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
