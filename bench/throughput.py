"""Random-playout throughput of every game on one core.

    python bench/throughput.py                 # every game, 2 players, ~3 s each
    python bench/throughput.py sequence --players 4 --seconds 10
    python bench/throughput.py sequentia-shift -o idle_rounds=5

Each playout asks ``legal_actions()``, picks one at random and plays it as search does: the
unchecked ``apply_unchecked`` on a state that records no log or history. Prints actions and
games per second of the process's CPU time: on a machine that other work shares, wall time
measures the neighbours as much as the code.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import Any

import sequenza
from sequenza.core import game_class


def measure(
    game_id: str, players: int, seconds: float, seed: int = 0, **options: Any
) -> tuple[float, float]:
    """Actions and games per CPU second over whole games played for ``seconds`` of wall time."""
    rng = random.Random(seed)
    actions = games = 0
    start = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = sequenza.make(game_id, players=players, seed=seed + games, **options)
        state.recording = False
        while not state.is_over:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return actions / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="a rule option, name=value"
    )
    arguments = parser.parse_args()
    game_ids = arguments.games or [info.id for info in sequenza.available_games()]
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print("| game | players | actions/s | games/s |")
    print("|---|---:|---:|---:|")
    for game_id in game_ids:
        options = game_class(game_id).options_class.parse(arguments.option).changed()
        per_action, per_game = measure(game_id, arguments.players, arguments.seconds, **options)
        print(f"| {game_id} | {arguments.players} | {per_action:,.0f} | {per_game:,.1f} |")


if __name__ == "__main__":
    main()
