"""Modes as data against the hand-written engines: speed, and the full identity proof.

    python bench/modes.py                    # random games/s and actions/s, both ways
    python bench/modes.py --seconds 10 --players 3
    python bench/modes.py --prove            # 1,000 seeded games of each at 2, 3 and 4 players
    python bench/modes.py --prove --games 100 --chooser greedy

The speed figures are per CPU second of this process (playouts as search plays them: no log,
``apply_unchecked``), whole games from consecutive seeds; the issue's goal is a mode file at
no less than half the speed of its hand-written engine. ``--prove`` plays every game in both
with the same choices and stops at the first difference (exit status 1).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from sequenza.core.game import Game
from sequenza.core.registry import make_game
from sequenza.modes import EXAMPLES, read_mode
from sequenza.modes.engine import compile_mode
from sequenza.modes.identity import CHOOSERS, compare

PAIRS = {
    "sequentia-shift": "shift.toml",
    "sequentia-stack": "stack.toml",
    "sequentia-cross": "cross.toml",
}


def measure(game: Game[Any], seconds: float, seed: int = 0) -> tuple[float, float]:
    """Actions and games per CPU second over whole random games for ``seconds`` of wall time."""
    rng = random.Random(seed)
    actions = games = 0
    start = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state(seed + games)
        state.recording = False
        while not state.is_over:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return actions / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("ids", nargs="*", help="built-in game ids (default: all three)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--prove", action="store_true", help="the identity proof instead")
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--chooser", choices=CHOOSERS, default="random")
    args = parser.parse_args()
    failed = False
    for game_id in args.ids or list(PAIRS):
        mode_game = compile_mode(read_mode(EXAMPLES / PAIRS[game_id]))
        if args.prove:
            start = time.perf_counter()
            report = compare(mode_game, game_id, games=args.games, chooser=args.chooser)
            verdict = "identical" if report.identical else f"DIFFER: {report.difference}"
            endings = ", ".join(f"{name} {count}" for name, count in sorted(report.endings.items()))
            print(
                f"{game_id:16} {report.games:5} games {report.steps:8} steps "
                f"{time.perf_counter() - start:7.1f} s  {verdict}  ({endings})",
                flush=True,
            )
            failed |= not report.identical
            continue
        built_in = make_game(game_id, args.players)
        ours = mode_game(args.players, mode_game.options_class())
        hand_actions, hand_games = measure(built_in, args.seconds)
        mode_actions, mode_games = measure(ours, args.seconds)
        print(
            f"{game_id:16} hand-written {hand_games:7.1f} games/s {hand_actions:9.0f} actions/s"
            f" | mode file {mode_games:7.1f} games/s {mode_actions:9.0f} actions/s"
            f" | {mode_actions / hand_actions:4.2f}x",
            flush=True,
        )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
