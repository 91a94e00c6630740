"""The vectorised environment (``sequenza.rl.vector.VectorEnv``): steps per second.

    python bench/vector_env.py                      # classic Sequence, 256 games, 2 players
    python bench/vector_env.py sequence-numbers --games 64 --players 4 --seconds 5

Steps ``--games`` games together for ``--seconds`` with a random legal action in each game
(drawn for all games at once from the masks), and prints the steps per second of the
process's CPU time (one step is one action in one game, observation tensor and mask
included), once counting only ``VectorEnv.step`` and once with the drawing of the actions,
with the load average. For comparison it times the PettingZoo environment's step too, and
the Gymnasium vector environment (``sequenza.rl.gym_vector.SequenzaVectorEnv``, what
``gym.make_vec("sequenza/Sequence-v0", num_envs=256)`` makes) on the core and on the Python
rules: its step copies the arrays out and adds the infos and the next-step auto-reset.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

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
            agent = environment.agent_selection
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.reset(seed=steps)
                continue
            mask = observation["action_mask"]
            environment.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
            del agent
        spent += time.process_time() - start
    return steps / spent


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


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", nargs="?", default="sequence")
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    arguments = parser.parse_args()
    env = VectorEnv(arguments.game, arguments.games, arguments.players)
    _, masks = env.reset(seed=0)
    rng = np.random.default_rng(0)
    print(f"# load average before: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
    stepping = drawing = 0.0
    steps = ends = 0
    while stepping + drawing < arguments.seconds:
        start = time.process_time()
        # A random legal action in every game: the largest of random keys over the mask.
        actions = np.argmax(rng.random(masks.shape, dtype=np.float32) * masks, axis=1)
        middle = time.process_time()
        _, masks, _, done, _ = env.step(actions)
        stepping += time.process_time() - middle
        drawing += middle - start
        steps += arguments.games
        ends += int(done.sum())
    print(
        "| game | games | players | tensor | actions | steps/s (step only) "
        "| steps/s (with random actions) | games ended |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    print(
        f"| {arguments.game} | {arguments.games} | {arguments.players} | {env.size} "
        f"| {env.actions} | {steps / stepping:,.0f} | {steps / (stepping + drawing):,.0f} "
        f"| {ends:,} |"
    )
    rate = pettingzoo_rate(arguments.game, arguments.players, min(arguments.seconds, 3.0))
    print(f"# PettingZoo environment, one game, random legal actions: {rate:,.0f} steps/s")
    print()
    print(
        "| Gymnasium vector env | games | players | steps/s (step only) "
        "| steps/s (with random actions) |"
    )
    print("|---|---:|---:|---:|---:|")
    for engine in ("core", "python"):
        only, drawn = gymnasium_rate(
            arguments.game, arguments.games, arguments.players, engine, arguments.seconds
        )
        print(
            f"| {engine} | {arguments.games} | {arguments.players} | {only:,.0f} | {drawn:,.0f} |"
        )
    print(f"# load average after: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
