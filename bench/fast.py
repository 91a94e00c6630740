"""The compiled core against the Python engine: identical games, then actions per second.

    python bench/fast.py                       # both board games, 2 players
    python bench/fast.py sequence --players 4 --games 5000 --seconds 5
    python bench/fast.py sequence -o shared_limit=0 -o random_first_player=true

First it plays ``--games`` seeded random games in whole batches on both engines
(``sequenza.fast.playouts`` with ``engine="fast"`` and ``engine="python"``) and checks that
every game has the same length, scores, winners and ending; any difference stops the run.
Then it measures random playouts for ``--seconds`` each: the engine as ``bench/throughput.py``
plays them (a state that records nothing, ``legal_actions`` and ``apply_unchecked``), the core
stepped from Python one call per action (``legal()``, ``apply(id)``), and the core playing
whole batches inside C. Figures are actions per second of the process's CPU time, printed
with the load average: on a shared machine wall time measures the neighbours too.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from sequenza import fast
from sequenza.core import game_class
from sequenza.core.game import Game
from sequenza.core.registry import make_game


def check_identical(game_id: str, players: int, games: int, options: dict[str, Any]) -> int:
    """Plays ``games`` seeded games on both engines in batches of 500 and returns their
    actions; raises at the first game that differs."""
    actions = 0
    for start in range(0, games, 500):
        count = min(500, games - start)
        core = fast.playouts(game_id, count, seed=start, players=players, options=options)
        engine = fast.playouts(
            game_id, count, seed=start, players=players, options=options, engine="python"
        )
        for ours, theirs in zip(core.games, engine.games, strict=True):
            if ours != theirs:
                raise SystemExit(f"{game_id} seed {ours.seed}: core {ours} != engine {theirs}")
        actions += core.actions
    return actions


def per_cpu_second(seconds: float, play: Callable[[int], int]) -> float:
    """Actions per CPU second of ``play(seed)`` (which returns the actions it played), run
    again with new seeds for ``seconds`` of wall time."""
    actions = rounds = 0
    start = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        actions += play(rounds)
        rounds += 1
    return actions / (time.process_time() - start)


def engine_game(table: Game[Any]) -> Callable[[int], int]:
    def play(seed: int) -> int:
        state = table.new_initial_state(seed)
        state.recording = False
        rng = random.Random(seed)
        actions = 0
        while not state.is_over:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            actions += 1
        return actions

    return play


def stepped_game(table: Game[Any]) -> Callable[[int], int]:
    def play(seed: int) -> int:
        state = fast.core_state(table, seed)
        rng = random.Random(seed)
        actions = 0
        legal = state.legal()
        while legal:
            state.apply(legal[rng.randrange(len(legal))])
            legal = state.legal()
            actions += 1
        return actions

    return play


def batch_games(game_id: str, players: int, options: dict[str, Any]) -> Callable[[int], int]:
    def play(round_: int) -> int:
        batch = fast.playouts(game_id, 2000, seed=round_ * 2000, players=players, options=options)
        return batch.actions

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: the games the core plays)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", dest="count", type=int, default=3000, help="games to compare")
    parser.add_argument("--seconds", type=float, default=3.0, help="per engine and game")
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="a rule option, name=value"
    )
    arguments = parser.parse_args()
    if not fast.available():
        raise SystemExit(f"the compiled core does not run here: {fast.why_not()}")
    game_ids = arguments.games or sorted(fast.FAST_GAMES)
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"# load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = []
    for game_id in game_ids:
        options = game_class(game_id).options_class.parse(arguments.option).changed()
        start = time.perf_counter()
        compared = check_identical(game_id, arguments.players, arguments.count, options)
        took = time.perf_counter() - start
        print(
            f"# {game_id}: {arguments.count:,} games ({compared:,} actions) identical on both "
            f"engines ({took:.1f} s)"
        )
        table = make_game(game_id, arguments.players, **options)
        engine = per_cpu_second(arguments.seconds, engine_game(table))
        stepped = per_cpu_second(arguments.seconds, stepped_game(table))
        batch = per_cpu_second(arguments.seconds, batch_games(game_id, table.players, options))
        rows.append((game_id, engine, stepped, batch))
    print(f"# load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        "| game | players | engine actions/s | core, one call per action | core, whole batches "
        "| batch speed-up |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for game_id, engine, stepped, batch in rows:
        print(
            f"| {game_id} | {arguments.players} | {engine:,.0f} | {stepped:,.0f} | {batch:,.0f} "
            f"| {batch / engine:.1f}x |"
        )


if __name__ == "__main__":
    main()
