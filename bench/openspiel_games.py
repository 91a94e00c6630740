"""The OpenSpiel games as games of imperfect information (``pip install 'sequenza[rl]'``).

    python bench/openspiel_games.py                       # all three parts
    python bench/openspiel_games.py --part cfr --iterations 40
    python bench/openspiel_games.py --part ismcts --games 4 --simulations 32
    python bench/openspiel_games.py sequentia-cross --part ismcts --games 10

Three parts, each printing figures (times are wall-clock on this machine):

- ``infosets``: for each game at 2 players, the chance nodes of the deal and their
  outcomes, and seat 0's first information set seen through the resampler: how many
  distinct opponent hands ``resample_from_infostate`` dealt in ``--samples`` draws, whether
  every one kept seat 0's information state and the cards adding up, and its time;
- ``ismcts``: ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts against
  uniformly random play, seats alternating, over ``--games`` games a game (capped at
  ``--cap`` actions, where an unfinished game shares the point): the bot's share of points;
- ``cfr``: on Micro (``sequenza.rl.micro``, small enough to walk whole) with 4 and 5 cards,
  ``cfr.CFRSolver`` and external-sampling MCCFR, and the ``exploitability`` of their average
  policies as iterations go (the uniform policy's first).
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import time
from typing import Any

import numpy as np
from open_spiel.python import policy  # type: ignore[import-untyped]
from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
    cfr,
    exploitability,
    ismcts,
    mcts,
)
from open_spiel.python.algorithms import external_sampling_mccfr as mccfr

from sequenza.rl import openspiel
from sequenza.rl.encoding import encoded_games


def to_first_decision(state: Any, rng: random.Random) -> tuple[Any, list[int]]:
    sizes: list[int] = []
    while state.is_chance_node():
        outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        sizes.append(len(outcomes))
        state.apply_action(rng.choice(outcomes))
    return state, sizes


def infosets(samples: int, ids: list[str]) -> None:
    print(f"\nseat 0's first information set at 2 players ({samples} resamples each)")
    print(f"{'game':<18}{'deal nodes':>11}{'outcomes':>13}{'hands':>8}{'consistent':>12}{'ms':>8}")
    for game_id in ids:
        game = openspiel.load(game_id, 2)
        rng = random.Random(0)
        state, sizes = to_first_decision(game.new_initial_state(), rng)
        seat = state.current_player()
        other = 1 - seat
        key = state.information_state_string(seat)
        engine = state.engine
        hands = set()
        consistent = True
        start = time.perf_counter()
        for _ in range(samples):
            twin = state.resample_from_infostate(seat, rng.random)
            consistent &= twin.information_state_string(seat) == key
            consistent &= twin.engine.card_counter() == engine.card_counter()
            seen = twin.engine.observation(other)
            hands.add(json_key(seen.get("hand", seen.get("target"))))
        took = (time.perf_counter() - start) / samples * 1000
        span = f"{sizes[0]}..{sizes[-1]}" if sizes else "-"
        print(
            f"{game_id:<18}{len(sizes):>11}{span:>13}{len(hands):>8}{consistent!s:>12}{took:>8.2f}"
        )


def json_key(value: Any) -> str:
    return repr(value)


def ismcts_part(games: int, simulations: int, cap: int, ids: list[str]) -> None:
    print(f"\nISMCTS ({simulations} simulations, random rollouts) against random, 2 players")
    print(f"{'game':<18}{'games':>6}{'points':>8}{'share':>8}{'s/game':>8}")
    for game_id in ids:
        game = openspiel.load(game_id, 2, max_game_length=cap)
        points = 0.0
        start = time.perf_counter()
        for number in range(games):
            seed = np.random.RandomState(number)
            bot = ismcts.ISMCTSBot(
                game,
                mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=seed),
                uct_c=2.0,
                max_simulations=simulations,
                random_state=seed,
            )
            rng = random.Random(number)
            seat = number % 2
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                elif state.current_player() == seat:
                    state.apply_action(bot.step(state))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            points += state.returns()[seat]
        took = (time.perf_counter() - start) / games
        print(f"{game_id:<18}{games:>6}{points:>8.1f}{points / games:>8.2f}{took:>8.1f}")


def cfr_part(iterations: int) -> None:
    marks = sorted({1, *(2**k for k in range(1, int(math.log2(iterations)) + 1)), iterations})
    for cards in (4, 5):
        game = openspiel.load("micro", 2, options={"cards": cards, "hand": 2})
        uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
        print(f"\nMicro, {cards} cards, hands of 2: uniform policy exploitability {uniform:.4f}")
        print(f"{'solver':<8}{'iterations':>11}{'exploitability':>16}{'s':>8}")
        start = time.perf_counter()
        solver = cfr.CFRSolver(game)
        for step in range(1, iterations + 1):
            solver.evaluate_and_update_policy()
            if step in marks:
                value = exploitability.exploitability(game, solver.average_policy())
                print(f"{'cfr':<8}{step:>11}{value:>16.5f}{time.perf_counter() - start:>8.1f}")
        start = time.perf_counter()
        sampler = mccfr.ExternalSamplingSolver(game, mccfr.AverageType.SIMPLE)
        np.random.seed(0)
        for step in range(1, 10 * iterations + 1):
            sampler.iteration()
            if step % iterations == 0 and step // iterations in (1, 2, 5, 10):
                value = exploitability.exploitability(game, sampler.average_policy())
                print(f"{'mccfr':<8}{step:>11}{value:>16.5f}{time.perf_counter() - start:>8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--part", choices=("infosets", "ismcts", "cfr"), action="append")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=16)
    parser.add_argument("--cap", type=int, default=400)
    parser.add_argument("--iterations", type=int, default=16)
    args = parser.parse_args()
    parts = args.part or ["infosets", "ismcts", "cfr"]
    print(f"Python {platform.python_version()} on {platform.machine()}")
    ids = args.game or [info.id for info in encoded_games()]
    if "infosets" in parts:
        infosets(args.samples, ids)
    if "ismcts" in parts:
        ismcts_part(args.games, args.simulations, args.cap, ids)
    if "cfr" in parts:
        cfr_part(args.iterations)


if __name__ == "__main__":
    main()
