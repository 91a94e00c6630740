"""The vectorised environment (``sequenza.rl.vector.VectorEnv``): steps per second.

    python bench/vector_env.py                      # every game, 256 games, 2 players
    python bench/vector_env.py sequence-stacks --games 64 --players 4 --seconds 5
    python bench/vector_env.py sequence --pettingzoo

Steps ``--games`` games of each game named (every game the core steps by default) together
for ``--seconds`` with a random legal action in each game (drawn for all games at once from
the masks), and prints the steps per second of the process's CPU time (one step is one
action in one game, observation tensor and mask included), once counting only
``VectorEnv.step`` and once with the drawing of the actions, with the load average. For
comparison it times the Gymnasium vector environment
(``sequenza.rl.gym_vector.SequenzaVectorEnv``, what
``gym.make_vec("sequenza/Sequence-v0", num_envs=256)`` makes) on the core and on the Python
rules (its step copies the arrays out and adds the infos and the next-step auto-reset), and
with ``--pettingzoo`` the PettingZoo environment's step, one game at a time.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from sequenza import fast
from sequenza.rl.gym_vector import SequenzaVectorEnv
from sequenza.rl.vector import VectorEnv


def pettingzoo_rate(game: str, players: int, seconds: float) -> float:
    """Steps per CPU second of the PettingZoo environment with random legal actions."""
    from sequenza.rl import env as make_env

    environment = make_env(game, players=players)
    environment.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, spent = 0, 0.0
    while spent < seconds:
        start = time.process_time()
        for _ in range(100):
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.reset(seed=steps)
                continue
            mask = observation["action_mask"]
            environment.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        spent += time.process_time() - start
    return steps / spent


def vector_rate(game: str, games: int, players: int, seconds: float) -> tuple[float, float, int]:
    """Steps per CPU second of ``VectorEnv`` (the core): counting its ``step`` only, and with
    the drawing of random legal actions from the masks; and the games that ended."""
    env = VectorEnv(game, games, players)
    _, masks = env.reset(seed=0)
    rng = np.random.default_rng(0)
    stepping = drawing = 0.0
    steps = ends = 0
    while stepping + drawing < seconds:
        start = time.process_time()
        # A random legal action in every game: the largest of random keys over the mask.
        actions = np.argmax(rng.random(masks.shape, dtype=np.float32) * masks, axis=1)
        middle = time.process_time()
        _, masks, _, done, _ = env.step(actions)
        stepping += time.process_time() - middle
        drawing += middle - start
        steps += games
        ends += int(done.sum())
    return steps / stepping, steps / (stepping + drawing), ends


def gymnasium_rate(
    game: str, games: int, players: int, engine: str, seconds: float
) -> tuple[float, float]:
    """Steps per CPU second of the Gymnasium vector environment on ``engine``: counting its
    ``step`` only, and with the drawing of random legal actions from the masks."""
    envs = SequenzaVectorEnv(game, games, players, engine=engine)
    observations, _ = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    stepping = drawing = 0.0
    steps = 0
    while stepping + drawing < seconds:
        start = time.process_time()
        masks = observations["action_mask"]
        # A game that has just ended has no legal action: its action is ignored (argmax: 0).
        actions = np.argmax(rng.random(masks.shape, dtype=np.float32) * masks, axis=1)
        middle = time.process_time()
        observations, _, _, _, _ = envs.step(actions)
        stepping += time.process_time() - middle
        drawing += middle - start
        steps += games
    return steps / stepping, steps / (stepping + drawing)


def load() -> str:
    """The load average, as the figures are read against it."""
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", nargs="*", default=sorted(fast.BATCH_GAMES))
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--pettingzoo", action="store_true", help="time PettingZoo's step too")
    arguments = parser.parse_args()
    count, players, seconds = arguments.games, arguments.players, arguments.seconds
    print(f"# load average before: {load()}")
    print(
        "| game | games | players | tensor | actions | core steps/s (step only) "
        "| core steps/s (with random actions) | Gymnasium on the core (step only) "
        "| Gymnasium on the Python rules (step only) | core / Python | games ended |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game in arguments.game:
        env = VectorEnv(game, 1, players)
        only, drawn, ends = vector_rate(game, count, players, seconds)
        gym_core, _ = gymnasium_rate(game, count, players, "core", seconds)
        gym_python, _ = gymnasium_rate(game, count, players, "python", seconds)
        print(
            f"| {game} | {count} | {players} | {env.size} | {env.actions} | {only:,.0f} "
            f"| {drawn:,.0f} | {gym_core:,.0f} | {gym_python:,.0f} "
            f"| {gym_core / gym_python:,.0f}x | {ends:,} |",
            flush=True,
        )
        if arguments.pettingzoo:
            rate = pettingzoo_rate(game, players, min(seconds, 3.0))
            print(f"# {game}: PettingZoo, one game, random legal actions: {rate:,.0f} steps/s")
    print(f"# load average after: {load()}")


if __name__ == "__main__":
    main()
