"""Fit the board games' learned position evaluation by self-play, and say how well it predicts.

    python bench/learn_judge.py sequence-numbers                # fit and compare, 4000 games
    python bench/learn_judge.py sequence-numbers --write        # and keep the weights
    python bench/learn_judge.py sequence --games 2000 --test-games 500 --seed 1

Plays ``--games`` 2-player games of ``greedy`` against ``greedy`` (in the compiled core where
it is built), takes the position at the start of every turn, and fits the winner by logistic
regression (Newton's method, a little L2) on the difference of the two teams'
``LEARNED_FEATURES`` and who is to act: each position counts once as it is and once with the
teams swapped, so that the fit favours neither colour. The weights are a team's standing
(``learned_board_shares``, which ``mcts:judge=learned`` asks where its playouts stop).

It then compares, on ``--test-games`` other games, how well three judges predict the winner
from the same positions: the learned one, the one written by hand (``board_shares``) and a
coin (one half). Lower log loss and Brier score are better; accuracy is how often the judge
gives the winner more than half. ``--write`` keeps the weights, this run's command and its
figures in ``learned_judge.json`` beside the game's ``play.py``. It needs NumPy (``pip install
'sequenza[rl]'``).

What the learned judge does for play is measured by games, not by this script:
``sequenza simulate sequence-numbers --bots mcts:judge=learned,mcts --games 200 --workers 2``
(``docs/bots-research.md`` has the figures).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import sys
import time
from typing import Any

import numpy as np

from sequenza import fast
from sequenza.ai import Decision
from sequenza.ai.greedy import GreedyBot
from sequenza.core.game import State
from sequenza.core.registry import make_game
from sequenza.games.sequence_board.play import (
    LEARNED_FEATURES,
    LEARNED_FILE,
    Reading,
    _shared_limit,
    board_shares,
    learned_features,
)
from sequenza.games.sequence_board.types import BoardObservation
from sequenza.sim.match import derive_seed

#: The L2 penalty of the fit: enough to settle weights whose features never vary (a game of
#: one sequence to win has no position with a sequence made).
PENALTY = 1e-3
GAMES = ("sequence", "sequence-numbers")


def played_actions(game_id: str, seed: int) -> list[Any]:
    """The actions of the seeded game of greedy against greedy."""
    table = make_game(game_id, 2)
    seeds = [derive_seed(seed, "seat", seat) for seat in range(2)]
    if fast.available():
        ids = fast.play_bots(table, seed, seeds, ["greedy", "greedy"], 5000)
        return [table.action_space.actions[action_id] for action_id in ids]
    state = table.new_initial_state(seed)
    bots = [GreedyBot(seat_seed) for seat_seed in seeds]
    actions = []
    while not state.is_over:
        decision = Decision.of(state)
        action = bots[decision.seat].choose(decision)
        actions.append(action)
        state.apply_unchecked(action)
    return actions


def positions(game_id: str, seeds: range) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per position at the start of a turn: team 0's features less team 1's with +1 (-1)
    where team 0 (1) is to act, team 0's payoff at the end, and the hand judge's share."""
    rows: list[list[float]] = []
    outcome: list[float] = []
    hand: list[float] = []
    for seed in seeds:
        state: State[Any] = make_game(game_id, 2).new_initial_state(seed)
        found: list[tuple[list[float], float]] = []
        last = None
        for action in played_actions(game_id, seed):
            seat = state.current_seat
            assert seat is not None
            if seat != last:
                seen = BoardObservation.of(state, None)
                reading = Reading.of(seen, 0, _shared_limit(state))
                ours = learned_features(state, reading, 0)
                theirs = learned_features(state, reading, 1)
                to_act = 1.0 if seen.teams[seat] == 0 else -1.0
                difference = [float(a - b) for a, b in zip(ours, theirs, strict=True)]
                found.append(([*difference, to_act], board_shares(state)[0]))
                last = seat
            state.apply_unchecked(action)
        result = state.result()
        assert result is not None
        for row, share in found:
            rows.append(row)
            outcome.append(result.payoffs[0])
            hand.append(share)
    return np.array(rows), np.array(outcome), np.array(hand)


def fit(rows: np.ndarray, outcome: np.ndarray) -> np.ndarray:
    """Logistic regression without intercept, each position counted with the teams swapped."""
    x = np.vstack([rows, -rows])
    y = np.concatenate([outcome, 1.0 - outcome])
    weights = np.zeros(x.shape[1])
    for _ in range(50):
        chance = 1.0 / (1.0 + np.exp(-x @ weights))
        gradient = x.T @ (chance - y) + PENALTY * weights
        curvature = (x * (chance * (1.0 - chance))[:, None]).T @ x + PENALTY * np.eye(len(weights))
        step = np.linalg.solve(curvature, gradient)
        weights -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return weights


def scores(chance: np.ndarray, outcome: np.ndarray) -> dict[str, float | None]:
    """Log loss, Brier score and accuracy (``None`` for a judge that never leans)."""
    clipped = np.clip(chance, 1e-6, 1.0 - 1e-6)
    loss = -np.mean(outcome * np.log(clipped) + (1.0 - outcome) * np.log(1.0 - clipped))
    leans = bool(np.any(chance != 0.5))
    return {
        "log_loss": round(float(loss), 4),
        "brier": round(float(np.mean((chance - outcome) ** 2)), 4),
        "accuracy": round(float(np.mean((chance > 0.5) == (outcome > 0.5))), 4) if leans else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--games", type=int, default=4000, help="self-play games to fit on")
    parser.add_argument("--test-games", type=int, default=1000, help="other games to test on")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true", help="keep the weights")
    arguments = parser.parse_args()
    started = time.perf_counter()
    base = random.Random(arguments.seed).randrange(1 << 30)
    train = range(base, base + arguments.games)
    test = range(base + arguments.games, base + arguments.games + arguments.test_games)
    rows, outcome, _ = positions(arguments.game, train)
    weights = fit(rows, outcome)
    test_rows, test_outcome, hand = positions(arguments.game, test)
    learned = 1.0 / (1.0 + np.exp(-test_rows @ weights))
    figures = {
        "learned": scores(learned, test_outcome),
        "hand": scores(hand, test_outcome),
        "coin": scores(np.full(len(test_outcome), 0.5), test_outcome),
    }
    names = [*LEARNED_FEATURES, "to_act"]
    print(f"{arguments.game}: {len(rows)} positions from {arguments.games} games of greedy")
    print("weights (a team's standing; two teams: the logit of the win):")
    for name, weight in zip(names, weights, strict=True):
        print(f"  {name:24} {weight:+.4f}")
    print(f"predicting the winner of {len(test_rows)} positions of {arguments.test_games} games:")
    print(f"  {'judge':8} {'log loss':>9} {'Brier':>7} {'accuracy':>9}")
    for judge, figure in figures.items():
        accuracy = figure["accuracy"]
        print(
            f"  {judge:8} {figure['log_loss']:9.4f} {figure['brier']:7.4f} "
            + (f"{accuracy:9.1%}" if accuracy is not None else f"{'-':>9}")
        )
    print(
        f"{time.perf_counter() - started:.0f} s on {platform.machine()}, Python "
        f"{platform.python_version()}"
    )
    if not math.isfinite(float(np.sum(weights))):
        raise SystemExit("the fit did not converge: nothing kept")
    if arguments.write:
        stored = json.loads(LEARNED_FILE.read_text(encoding="utf-8"))
        stored[arguments.game] = {
            "made": "bench/learn_judge.py " + " ".join(sys.argv[1:]).replace(" --write", ""),
            "features": names,
            "weights": [round(float(weight), 6) for weight in weights],
            "positions": len(rows),
            "test": figures,
        }
        text = json.dumps(stored, indent=2, sort_keys=True) + "\n"
        LEARNED_FILE.write_text(text, encoding="utf-8")
        print(f"kept in {LEARNED_FILE.name}")


if __name__ == "__main__":
    main()
