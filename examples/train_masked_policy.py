"""Train a small masked policy network on Sequentia · Shift on a CPU, and measure it against
itself untrained, in one run.

    pip install 'sequenza[rl]'
    python examples/train_masked_policy.py                         # Shift, 4 CPU minutes
    python examples/train_masked_policy.py --rounds 2 --games 10   # a quick look

The network is a two-layer perceptron that scores a candidate move: its input is the seat's
tensor after the move (played on a copy whose unseen cards are dealt again at random, so it
reads no hidden card) and the move's id one-hot; a decision is a softmax over the legal moves'
scores, so it never picks an illegal one. It is written in NumPy with its own backpropagation
and Adam: NumPy is already in the ``rl`` extra, so the script needs nothing more (PyTorch, a
download of hundreds of megabytes, would not make a network this small faster on a CPU), and
CI runs it as it is.

It learns by imitation with DAgger (Ross, Gordon and Bagnell, 2011): in each round it plays
games of one seat against ``greedy``, asks the ``greedy`` bot sitting in its own seat (which
sees only that seat's view) what it would play at every one of the seat's decisions, and
trains on every answer gathered so far by cross-entropy. The first round lets the teacher
play; later rounds let the network play, so it also learns what to do in the positions its
own mistakes lead to. A copy of greedy can at best play as greedy does (greedy wins about 47%
of 2-player Shift games against itself): the gain measured is how far it comes from an
untrained network toward that.

Before and after training it plays the same seeded evaluation deals (seats drawn at random)
against ``random`` and ``greedy`` and prints the win rates with 95% Wilson intervals, and
whether the intervals against ``greedy`` are separated. Draws count as no win.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from sequenza.ai.base import Bot
from sequenza.rl import SequenzaGymEnv
from sequenza.sim.match import parse_bots

Array = npt.NDArray[np.float32]


class Network:
    """A two-layer perceptron that scores a candidate move (the tensor of the position it leads
    to, and the move's id one-hot); a decision is a softmax over its legal moves' scores,
    trained by Adam on cross-entropy."""

    def __init__(self, inputs: int, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)

        def layer(fan_in: int, fan_out: int) -> Array:
            # He initialisation for the ReLU layers.
            return (rng.standard_normal((fan_in, fan_out)) * math.sqrt(2.0 / fan_in)).astype(
                np.float32
            )

        self.params: dict[str, Array] = {
            "w1": layer(inputs, hidden),
            "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden),
            "b2": np.zeros(hidden, np.float32),
            "w3": layer(hidden, 1),
            "b3": np.zeros(1, np.float32),
        }
        self.moments = {name: np.zeros_like(p) for name, p in self.params.items()}
        self.squares = {name: np.zeros_like(p) for name, p in self.params.items()}
        self.steps = 0

    def scores(self, rows: Array) -> tuple[Array, tuple[Array, ...]]:
        p = self.params
        h1 = np.maximum(rows @ p["w1"] + p["b1"], 0.0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0.0)
        return (h2 @ p["w3"] + p["b3"])[:, 0], (rows, h1, h2)

    def train_step(
        self, rows: Array, counts: npt.NDArray[np.int64], labels: npt.NDArray[np.int64], lr: float
    ) -> float:
        """One Adam step on a minibatch of decisions (``counts`` candidate rows each, in
        order; ``labels`` the chosen row's index within each); returns the mean
        cross-entropy."""
        scores, (rows, h1, h2) = self.scores(rows)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        top = np.repeat(np.maximum.reduceat(scores, starts), counts)
        weights = np.exp(scores - top)
        probs = weights / np.repeat(np.add.reduceat(weights, starts), counts)
        chosen = starts + labels
        loss = float(-np.log(probs[chosen] + 1e-12).mean())
        grad = probs.copy()
        grad[chosen] -= 1.0
        grad = (grad / len(labels))[:, None].astype(np.float32)
        p = self.params
        grads = {"w3": h2.T @ grad, "b3": grad.sum(axis=0)}
        back = (grad @ p["w3"].T) * (h2 > 0)
        grads["w2"], grads["b2"] = h1.T @ back, back.sum(axis=0)
        back = (back @ p["w2"].T) * (h1 > 0)
        grads["w1"], grads["b1"] = rows.T @ back, back.sum(axis=0)
        self.steps += 1
        beta1, beta2 = 0.9, 0.999
        for name, g in grads.items():
            self.moments[name] = beta1 * self.moments[name] + (1 - beta1) * g
            self.squares[name] = beta2 * self.squares[name] + (1 - beta2) * g * g
            m = self.moments[name] / (1 - beta1**self.steps)
            v = self.squares[name] / (1 - beta2**self.steps)
            p[name] -= (lr * m / (np.sqrt(v) + 1e-8)).astype(np.float32)
        return loss


def candidates(env: SequenzaGymEnv, rng: random.Random) -> tuple[list[int], Array]:
    """The legal moves of the learning seat and one row for each: the seat's tensor after the
    move, played on a copy whose unseen cards are dealt again at random (so that a move that
    draws cards reads no hidden card), then the move's id one-hot."""
    seat, game = env.seat, env.state.game
    ids = env.state.legal_action_ids()
    guess = env.state.determinize(seat, rng)
    rows = np.zeros((len(ids), env.encoding.size + env.num_actions), np.float32)
    for row, action_id in enumerate(ids):
        after = guess.clone()
        after.apply_unchecked(game.action_from_id(action_id))
        rows[row, : env.encoding.size] = env.encoding.encode(after.observation(seat))
        rows[row, env.encoding.size + action_id] = 1.0
    return ids, rows


def choose(network: Network, env: SequenzaGymEnv, rng: random.Random) -> int:
    """The network's best-scored legal move."""
    ids, rows = candidates(env, rng)
    scores, _ = network.scores(rows)
    return ids[int(np.argmax(scores))]


@dataclass
class Dataset:
    """Every decision gathered so far: its candidate rows and the teacher's row."""

    rows: list[Array] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)


def gather(
    network: Network,
    game: str,
    games: int,
    teacher_plays: bool,
    seed: int,
    data: Dataset,
) -> None:
    """Play ``games`` games against ``greedy``, recording the teacher's choice at each of the
    learning seat's decisions where it is sure of it."""
    env = SequenzaGymEnv(game, opponents="greedy", seat=None, observation="flat")
    rng = random.Random(seed)
    for index in range(games):
        env.reset(seed=seed + index)
        teacher: Bot = parse_bots("greedy")[0].make(seed + index)
        # Asked again with other dice: where greedy picks at random (Shift's first slide of
        # a turn, its choice of hole), the two answers differ and the decision teaches
        # nothing, so it is left out.
        again: Bot = parse_bots("greedy")[0].make(seed + index + 1)
        done = False
        while not done:
            choice = env.state.game.action_to_id(teacher.act(env.state))
            ids, rows = candidates(env, rng)
            if env.state.game.action_to_id(again.act(env.state)) == choice:
                data.rows.append(rows)
                data.labels.append(ids.index(choice))
            scores, _ = network.scores(rows)
            action = choice if teacher_plays else ids[int(np.argmax(scores))]
            _, _, terminated, truncated, _ = env.step(np.int64(action))
            done = terminated or truncated


def fit(
    network: Network, data: Dataset, epochs: int, batch: int, lr: float, seed: int
) -> list[float]:
    """``epochs`` passes over the data; the mean loss of each."""
    rows = np.concatenate(data.rows)
    counts = np.array([len(r) for r in data.rows], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    labels = np.array(data.labels, dtype=np.int64)
    rng = np.random.default_rng(seed)
    losses = []
    for _ in range(epochs):
        order = rng.permutation(len(labels))
        total = 0.0
        for start in range(0, len(order), batch):
            chunk = order[start : start + batch]
            # The rows of the chosen decisions, each decision's together.
            picked = np.concatenate([np.arange(starts[i], starts[i] + counts[i]) for i in chunk])
            loss = network.train_step(rows[picked], counts[chunk], labels[chunk], lr)
            total += loss * len(chunk)
        losses.append(total / len(labels))
    return losses


def win_rate(network: Network, game: str, opponent: str, games: int) -> tuple[int, int]:
    """Wins in ``games`` seeded games against ``opponent``, the network's seat drawn at
    random; the same deals for every network."""
    env = SequenzaGymEnv(game, opponents=opponent, seat=None, observation="flat")
    rng = random.Random(1)
    wins = 0
    for index in range(games):
        env.reset(seed=10_000_000 + index)
        reward, done = 0.0, False
        while not done:
            action = choose(network, env, rng)
            _, reward, terminated, truncated, _ = env.step(np.int64(action))
            done = terminated or truncated
        wins += reward > 0
    return wins, games


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return max(0.0, centre - half / (1 + z * z / games)), min(
        1.0, centre + half / (1 + z * z / games)
    )


def measure(network: Network, game: str, games: int) -> dict[str, tuple[int, int]]:
    return {opponent: win_rate(network, game, opponent, games) for opponent in ("random", "greedy")}


def load() -> float:
    """The machine's load average over the last minute (NaN where the system has none)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def cell(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins / games:.1%} [{low:.1%}, {high:.1%}]"


def run(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Train and measure; prints the report and returns its figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="sequentia-shift")
    parser.add_argument("--rounds", type=int, default=8, help="DAgger rounds")
    parser.add_argument("--games", type=int, default=80, help="games gathered a round")
    parser.add_argument("--epochs", type=int, default=4, help="passes over the data a round")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--eval-games", type=int, default=300, help="per opponent")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    load_before = load()
    env = SequenzaGymEnv(args.game, observation="flat")
    inputs = env.encoding.size
    network = Network(inputs + env.num_actions, args.hidden, args.seed)
    print(f"{args.game}, 2 players: {inputs} inputs, {env.num_actions} actions", flush=True)
    before = measure(network, args.game, args.eval_games)
    measured = time.perf_counter()
    print(f"untrained network measured ({measured - start:.0f} s)", flush=True)
    data = Dataset()
    losses: list[list[float]] = []
    for round_ in range(args.rounds):
        gather(network, args.game, args.games, round_ == 0, args.seed * 7919 + round_ * 1000, data)
        losses.append(fit(network, data, args.epochs, args.batch, args.lr, args.seed + round_))
        print(
            f"round {round_ + 1}: {len(data.labels)} decisions, loss "
            f"{losses[-1][0]:.3f} -> {losses[-1][-1]:.3f} ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    trained = time.perf_counter()
    after = measure(network, args.game, args.eval_games)
    elapsed = time.perf_counter() - start
    print()
    print(f"| {args.game}, 2 players, {args.eval_games} games each | vs random | vs greedy |")
    print("|---|---:|---:|")
    for name, rates in (("untrained network", before), ("trained network", after)):
        print(f"| {name} | {cell(*rates['random'])} | {cell(*rates['greedy'])} |")
    separated = wilson(*after["greedy"])[0] > wilson(*before["greedy"])[1]
    print()
    print(f"gain against greedy separated by the 95% intervals: {'yes' if separated else 'no'}")
    print(
        f"{elapsed / 60:.1f} minutes in all ({(trained - measured) / 60:.1f} training), "
        f"load average {load():.2f} (it was {load_before:.2f} at the start)"
    )
    return {"before": before, "after": after, "losses": losses, "separated": separated}


if __name__ == "__main__":
    run()
