"""The compiled core against the Python engine: identical games, then actions per second.

    python bench/fast.py                       # both board games, 2 players
    python bench/fast.py sequence --players 4 --games 5000 --seconds 5
    python bench/fast.py sequence -o shared_limit=0 -o random_first_player=true

For each policy (``random``, the game's ``cheap`` playout policy and its ``greedy``
heuristic) it first plays ``--games`` seeded games (a thirtieth of them with ``greedy``) in
whole batches on both engines (``sequenza.fast.playouts`` with ``engine="fast"`` and
``engine="python"``) and checks that every game has the same length, scores, winners and
ending; any difference stops the run. Then it measures each for ``--seconds``: batches on the
engine and in the core, and for random playouts the core stepped from Python one call per
action (``legal()``, ``apply(id)``); last, random playouts from a state 40 actions into a game
(``playouts_from``, the hidden cards dealt again each time). Figures are actions per second
of the process's CPU time, printed with the load average: on a shared machine wall time
measures the neighbours too.
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
from sequenza.core.game import Game, State
from sequenza.core.registry import make_game


def check_identical(
    game_id: str, players: int, games: int, options: dict[str, Any], policy: str
) -> int:
    """Plays ``games`` seeded games on both engines in batches of 500 and returns their
    actions; stops the run at the first game that differs."""
    actions = 0
    for start in range(0, games, 500):
        count = min(500, games - start)
        core, engine = (
            fast.playouts(
                game_id,
                count,
                seed=start,
                players=players,
                options=options,
                policy=policy,
                engine=which,
            )
            for which in ("fast", "python")
        )
        for ours, theirs in zip(core.games, engine.games, strict=True):
            if ours != theirs:
                raise SystemExit(f"{game_id} seed {ours.seed}: core {ours} != engine {theirs}")
        actions += core.actions
    return actions


def per_cpu_second(seconds: float, play: Callable[[int], int]) -> float:
    """Actions per CPU second of ``play(round)`` (which returns the actions it played), run
    again with new rounds for ``seconds`` of wall time."""
    actions = rounds = 0
    start = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        actions += play(rounds)
        rounds += 1
    return actions / (time.process_time() - start)


def engine_game(table: Game[Any]) -> Callable[[int], int]:
    """Random games as bench/throughput.py plays them: no log, ``apply_unchecked``."""

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
    """Random games in the core, one call from Python per action."""

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


def batches(
    game_id: str, players: int, options: dict[str, Any], policy: str, engine: str, size: int
) -> Callable[[int], int]:
    def play(round_: int) -> int:
        batch = fast.playouts(
            game_id,
            size,
            seed=round_ * size,
            players=players,
            options=options,
            policy=policy,
            engine="fast" if engine == "fast" else "python",
        )
        return batch.actions

    return play


def middle_state(table: Game[Any]) -> State[Any]:
    """A game 40 random actions in (or fewer, where it ends sooner), for playouts from it."""
    state = table.new_initial_state(1)
    rng = random.Random(1)
    for _ in range(40):
        legal = state.legal_actions()
        if state.is_over or len(legal) == 0:
            break
        trial = state.clone()
        trial.apply(legal[rng.randrange(len(legal))])
        if trial.is_over:
            break
        state = trial
    return state


def from_state(state: State[Any], engine: str, size: int) -> Callable[[int], int]:
    seat = state.current_seat or 0

    def play(round_: int) -> int:
        batch = fast.playouts_from(
            state,
            size,
            seat=seat,
            seed=round_ * size,
            engine="fast" if engine == "fast" else "python",
        )
        return batch.actions

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: the games the core plays)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--games", dest="count", type=int, default=3000, help="random games to compare"
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="per engine and figure")
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="a rule option, name=value"
    )
    arguments = parser.parse_args()
    if not fast.available():
        raise SystemExit(f"the compiled core does not run here: {fast.why_not()}")
    game_ids = arguments.games or sorted(fast.FAST_GAMES)
    seconds = arguments.seconds
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"# load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = []
    for game_id in game_ids:
        options = game_class(game_id).options_class.parse(arguments.option).changed()
        table = make_game(game_id, arguments.players, **options)
        players = table.players
        # The greedy heuristic runs about a hundred times slower on the engine.
        for policy, count in (
            ("random", arguments.count),
            ("cheap", arguments.count),
            ("greedy", max(1, arguments.count // 30)),
        ):
            if fast.engine_for(game_id, policy) != "fast":
                continue
            start = time.perf_counter()
            compared = check_identical(game_id, players, count, options, policy)
            print(
                f"# {game_id}, {policy}: {count:,} games ({compared:,} actions) identical on "
                f"both engines ({time.perf_counter() - start:.1f} s)"
            )
            engine_size, core_size = (5, 200) if policy == "greedy" else (50, 2000)
            engine = per_cpu_second(
                seconds, batches(game_id, players, options, policy, "python", engine_size)
            )
            core = per_cpu_second(
                seconds, batches(game_id, players, options, policy, "fast", core_size)
            )
            stepped = per_cpu_second(seconds, stepped_game(table)) if policy == "random" else 0
            rows.append((game_id, f"{policy}, whole games", engine, stepped, core))
        state = middle_state(table)
        engine = per_cpu_second(seconds, from_state(state, "python", 50))
        core = per_cpu_second(seconds, from_state(state, "fast", 2000))
        rows.append((game_id, "random, from a state", engine, 0, core))
    print(f"# load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"# {arguments.players} players; actions per second of process CPU time")
    print("| game | playouts | engine | core, one call per action | core, batches | speed-up |")
    print("|---|---|---:|---:|---:|---:|")
    for game_id, what, engine, stepped, core in rows:
        one_call = f"{stepped:,.0f}" if stepped else ""
        print(
            f"| {game_id} | {what} | {engine:,.0f} | {one_call} | {core:,.0f} "
            f"| {core / engine:.1f}x |"
        )


if __name__ == "__main__":
    main()
