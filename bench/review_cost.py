"""What a review after the game costs, game by game: a weak player's game against the strongest
level, reviewed as the web's bot worker reviews it (``sequenza.ai.review.review_game`` at its
defaults: at most 60 decisions, 16 deals x 8 greedy playouts per move judged, the searching
levels at 100 iterations), with the seconds it took, its decisions, the moves where the level
disagreed (each played on 2 x 128 times) and the three costliest.

    python bench/review_cost.py                     # every game, 3 games each
    python bench/review_cost.py --games 5 --player novice sequence

Run on an idle machine (``uptime`` first): the figures are one core's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import sequenza  # noqa: E402
from sequenza import fast  # noqa: E402
from sequenza.ai.base import make_bot  # noqa: E402
from sequenza.ai.hints import hint_level  # noqa: E402
from sequenza.ai.review import review_game  # noqa: E402
from sequenza.core.registry import available_games  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="games (default: every one)")
    parser.add_argument("--games", type=int, default=3, help="games per game id")
    parser.add_argument("--player", default="random", help="the reviewed seat's bot")
    arguments = parser.parse_args()
    ids = arguments.games_ids or [info.id for info in available_games()]
    print(f"compiled core: {fast.available()}; reviewed seat 0 plays {arguments.player}")
    print(
        f"{'game':18} {'level':7} {'moves':>6} {'judged':>7} {'differ':>7} {'s mean':>7} "
        f"{'s max':>6}  costliest (mean of each game's top cost)"
    )
    for game_id in ids:
        seconds, judged, differ, decisions, tops = [], [], [], [], []
        for number in range(arguments.games):
            state = sequenza.make(game_id, players=2, seed=100 + number)
            bots = [
                make_bot(arguments.player, seed=number),
                make_bot(hint_level(game_id), seed=number, **_budget(game_id)),
            ]
            while not state.is_over:
                seat = state.current_seat
                assert seat is not None
                state.apply(bots[seat].act(state))
            started = time.perf_counter()
            review = review_game(state.record(), 0, seed=number)
            seconds.append(time.perf_counter() - started)
            decisions.append(review.decisions)
            judged.append(len(review.moves))
            differ.append(sum(1 for move in review.moves if move.played != move.better))
            costliest = review.costliest()
            tops.append(costliest[0].cost if costliest else 0.0)
        print(
            f"{game_id:18} {hint_level(game_id):7} {statistics.mean(decisions):6.1f} "
            f"{statistics.mean(judged):7.1f} {statistics.mean(differ):7.1f} "
            f"{statistics.mean(seconds):7.2f} {max(seconds):6.2f}  {statistics.mean(tops):.2f}"
        )


def _budget(game_id: str) -> dict[str, int]:
    """The opponent's budget: a searching level at the ladder's 100 iterations."""
    return {"iterations": 100} if hint_level(game_id) in ("mcts", "expert") else {}


if __name__ == "__main__":
    main()
