"""Bot strength: seeded 2-player matches, first seat alternating, for every game.

    python bench/strength.py                          # greedy-random and mcts-greedy, all games
    python bench/strength.py sequence --games 200 --mcts iterations=300
    python bench/strength.py --all-seeing             # and what seeing every card is worth
    python bench/strength.py sequence-stacks --blind  # and the same search without the cards

Prints, for each pairing, the first bot's share of the points (a shared win counts half) with
its 95% Wilson interval. Games run on every core through the simulator, so the same seeds give
the same table on any machine when MCTS has an iteration budget.

``--all-seeing`` adds a yardstick of luck, not a bot anyone can play: a search told every
hidden card and every future shuffle, against greedy. ``--blind`` adds the same search without
the hidden cards. Where the first wins clearly and the second does not, what decides the game
above greedy's level is the cards no player can see.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import Any

import sequenza
from sequenza.ai.base import Bot, Decision, register_bot
from sequenza.ai.greedy import policy_for
from sequenza.ai.mcts import MctsBot
from sequenza.core.actions import Action
from sequenza.core.errors import OptionError
from sequenza.core.game import State
from sequenza.sim import Simulation, parse_bots, run
from sequenza.sim.stats import wilson


class _Revealed(Decision):
    """A decision whose "determinisations" are the true state: hands, deck and future
    shuffles as they really are."""

    def sample_state(self, rng: random.Random) -> State[Any]:
        return self._state.clone()


class AllSeeingMcts(Bot):
    """MCTS searching the true state instead of deals of what its seat cannot see. It cheats
    on purpose, to measure how much the hidden cards are worth; it lives here, outside the
    bots a player can pick."""

    name = "all-seeing-mcts"

    def __init__(self, seed: int | None = None, **settings: Any) -> None:
        self.search = MctsBot(seed, **settings)

    def choose(self, decision: Decision) -> Action:
        revealed = _Revealed(
            decision.game_id,
            decision.seat,
            decision.observation,
            decision.legal_actions,
            decision._state,  # the cheat this yardstick is for
        )
        return self.search.choose(revealed)


class Rollout(Bot):
    """Every legal move played, then the game played to its end by the greedy heuristic for
    every seat; the move whose playouts end best is chosen, the heuristic's own move on a tie.

    Seeing every card (``deals=0``), each move is played once on the true state: with the
    future known, and an opponent who plays that heuristic, the playout is what would really
    happen. Blind, each move meets the same ``deals`` guesses of what the seat cannot see,
    each with the same playout seed, so that moves are compared on equal luck.
    """

    def __init__(self, seed: int | None = None, deals: int = 0) -> None:
        self.rng = random.Random(seed)
        self.deals = deals

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal_actions)
        policy = policy_for(decision.game_id)
        if len(legal) == 1 or policy is None:
            return legal[0]
        if self.deals:
            states = [decision.sample_state(self.rng) for _ in range(self.deals)]
        else:
            states = [decision._state]  # the cheat the all-seeing yardstick is for
        endings = dict.fromkeys(legal, 0.0)
        for state in states:
            playout_seed = self.rng.randrange(1 << 30)
            for move in legal:
                line = state.clone()
                line.apply_unchecked(move)
                playout_rng = random.Random(playout_seed)
                while not line.is_over:
                    line.apply_unchecked(policy(line, line.legal_actions(), playout_rng))
                result = line.result()
                assert result is not None
                endings[move] += result.payoffs[decision.seat]
        own_move = policy(decision.sample_state(self.rng), legal, self.rng)
        best = max(legal, key=endings.__getitem__)
        return best if endings[best] > endings[own_move] else own_move


def _all_seeing_rollout(seed: int | None = None) -> Bot:
    return Rollout(seed, deals=0)


def _dealt_rollout(seed: int | None = None, deals: int = 8) -> Bot:
    if deals < 1:
        raise OptionError(f"dealt-rollout setting deals must be at least 1, not {deals!r}")
    return Rollout(seed, deals=deals)


# Worker processes are forked from this one, so they know the names too.
register_bot(AllSeeingMcts.name, AllSeeingMcts)
register_bot("all-seeing-rollout", _all_seeing_rollout)
register_bot("dealt-rollout", _dealt_rollout)

#: With the future known, a playout to the end is what would really happen if both seats
#: then played the heuristic, so the all-seeing bot tries every legal move and plays whole
#: games out with the greedy heuristic: it needs no position evaluation.
ALL_SEEING = "iterations=300,horizon=0,playout=greedy,prune_root=false"
#: Games whose greedy heuristic searches every line of its turn, far too slow for whole
#: playouts: there the all-seeing bot is the hard bot of the table (same search, same
#: settings) told every card.
HARD_BOT_SEES_ALL = {"sequentia-stack", "sequentia-cross"}
#: Games where one whole playout a move is all the all-seeing bot needs: the heuristic
#: plays the same moves given the same state, so one playout tells how a move ends, where
#: MCTS's hundreds of whole playouts spend 8 seconds a move for nothing.
ROLLOUT_SEES_ALL = {"sequence-stacks"}


def all_seeing_bot(game_id: str, mcts_settings: str) -> str:
    """The all-seeing bot for a game, as a line-up entry."""
    if game_id in ROLLOUT_SEES_ALL:
        return "all-seeing-rollout"
    settings = mcts_settings if game_id in HARD_BOT_SEES_ALL else ALL_SEEING
    return f"{AllSeeingMcts.name}:{settings}"


def blind_bot(game_id: str) -> str | None:
    """The all-seeing bot's search without the cards, dealt guesses of them as ``mcts`` is
    (none where the all-seeing bot is the hard bot told every card)."""
    if game_id in ROLLOUT_SEES_ALL:
        return "dealt-rollout"
    if game_id in HARD_BOT_SEES_ALL:
        return None
    return f"mcts:{ALL_SEEING}"


def share(game_id: str, lineup: str, games: int, seed: int) -> tuple[float, float, float, float]:
    """The first bot's share of the points, its interval, and seconds per game."""
    bots = parse_bots(lineup)
    sim = Simulation(game_id, 2, bots, games=games, seed=seed)
    start = time.perf_counter()
    (results,) = run([sim])
    elapsed = time.perf_counter() - start
    first = bots[0].label
    points = sum(
        payoff
        for result in results
        for label, payoff in zip(result.lineup, result.payoffs, strict=True)
        if label == first
    )
    low, high = wilson(points, len(results))
    return points / len(results), low, high, elapsed / len(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--games", dest="count", type=int, default=100, help="games per pairing")
    parser.add_argument("--mcts", default="iterations=200", help="MCTS settings (name=value,...)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--all-seeing",
        action="store_true",
        help="also play a search that sees every hidden card against greedy: a measure of luck",
    )
    parser.add_argument(
        "--blind",
        action="store_true",
        help="also play the all-seeing bot's search without the cards against greedy",
    )
    arguments = parser.parse_args()
    game_ids = arguments.games or [info.id for info in sequenza.available_games()]
    mcts = f"mcts:{arguments.mcts}"
    pairings = [("greedy", "random"), (mcts, "greedy")]
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print("| game | bot | against | games | points share | 95% interval | s/game |")
    print("|---|---|---|---:|---:|---|---:|")
    for game_id in game_ids:
        lineups = list(pairings)
        if arguments.all_seeing:
            lineups.append((all_seeing_bot(game_id, arguments.mcts), "greedy"))
        blind = blind_bot(game_id)
        if arguments.blind and blind is not None:
            lineups.append((blind, "greedy"))
        for strong, weak in lineups:
            rate, low, high, seconds = share(
                game_id, f"{strong},{weak}", arguments.count, arguments.seed
            )
            print(
                f"| {game_id} | {strong} | {weak} | {arguments.count} | {rate:.0%} "
                f"| {low:.0%} to {high:.0%} | {seconds:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
