"""Environment steps per second of every game on one core (``pip install 'sequenza[rl]'``).

    python bench/env_steps.py                  # every game, 2 players, ~3 s per column
    python bench/env_steps.py sequence --players 4 --seconds 10

Three columns, each over whole games with uniformly random legal actions:

- ``tensor``: the engine step plus the observation tensor of the seat to act
  (``encoding.encode(state.observation(seat))``) and its action mask: what any agent loop
  pays per decision;
- ``pettingzoo``: ``env.step`` then ``env.last()`` of the AEC environment (the same work,
  plus PettingZoo's bookkeeping);
- ``gymnasium``: ``step`` of the single-seat environment against ``random`` bots; bot moves
  happen inside a step, so a step is one of the learner's decisions.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import Any

import numpy as np

import sequenza
from sequenza.rl import SequenzaGymEnv, action_mask, encoding_for, env


def tensor_steps(game_id: str, players: int, seconds: float) -> float:
    rng = random.Random(0)
    encoding = encoding_for(sequenza.make_game(game_id, players))
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = sequenza.make(game_id, players=players, seed=games)
        while not state.is_over:
            seat = state.current_seat
            assert seat is not None
            encoding.encode(state.observation(seat))
            mask = action_mask(state)
            legal = np.flatnonzero(mask)
            state.apply_unchecked(state.game.action_from_id(int(legal[rng.randrange(len(legal))])))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start)


def pettingzoo_steps(game_id: str, players: int, seconds: float) -> float:
    rng = random.Random(0)
    table = env(game_id, players)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.reset(seed=games)
        observation: Any
        observation, _, termination, truncation, _ = table.last()
        while not (termination or truncation):
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.randrange(len(legal))]))
            observation, _, termination, truncation, _ = table.last()
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start)


def gymnasium_steps(game_id: str, players: int, seconds: float) -> float:
    rng = random.Random(0)
    single = SequenzaGymEnv(game_id, players, opponents="random")
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        observation, _ = single.reset(seed=games)
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, _, terminated, truncated, _ = single.step(
                np.int64(legal[rng.randrange(len(legal))])
            )
            done = terminated or truncated
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    arguments = parser.parse_args()
    game_ids = arguments.games or [info.id for info in sequenza.available_games()]
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print("| game | players | tensor steps/s | pettingzoo steps/s | gymnasium steps/s |")
    print("|---|---:|---:|---:|---:|")
    for game_id in game_ids:
        figures = [
            measure(game_id, arguments.players, arguments.seconds)
            for measure in (tensor_steps, pettingzoo_steps, gymnasium_steps)
        ]
        row = " | ".join(f"{figure:,.0f}" for figure in figures)
        print(f"| {game_id} | {arguments.players} | {row} |", flush=True)


if __name__ == "__main__":
    main()
