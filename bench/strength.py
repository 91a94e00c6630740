"""Bot strength: seeded 2-player matches, first seat alternating, for every game.

    python bench/strength.py                          # greedy-random and mcts-greedy, all games
    python bench/strength.py sequence --games 200 --mcts iterations=300

Prints, for each pairing, the first bot's share of the points (a shared win counts half) with
its 95% Wilson interval. Games run on every core through the simulator, so the same seeds give
the same table on any machine when MCTS has an iteration budget.
"""

from __future__ import annotations

import argparse
import platform
import time

import sequenza
from sequenza.sim import Simulation, parse_bots, run
from sequenza.sim.stats import wilson


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
    arguments = parser.parse_args()
    game_ids = arguments.games or [info.id for info in sequenza.available_games()]
    mcts = f"mcts:{arguments.mcts}"
    pairings = [("greedy", "random"), (mcts, "greedy")]
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print("| game | bot | against | games | points share | 95% interval | s/game |")
    print("|---|---|---|---:|---:|---|---:|")
    for game_id in game_ids:
        for strong, weak in pairings:
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
