"""The conformance kit's long soaks: thousands of seeded random games of every game, each
invariant checked on the way (``sequenza.testing.check_game``).

    python bench/conformance.py                          # every soak below, ~8 CPU minutes
    python bench/conformance.py sequence-stacks          # one game's soak
    python bench/conformance.py sequence --players 12 --games 200 --first-seed 5000
    python bench/conformance.py sequentia-shift -o idle_rounds=5 --games 50

The tests play a short run of every game at every player count (tests/games); a soak plays
many more deals, to find the rare position that breaks an invariant, and with
``--first-seed`` deals nobody has played yet. Prints the games played and the CPU seconds
they took for each game and player count; exits with 1 at the first broken invariant,
naming the game, the players, the seed and the step.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from typing import Any

from sequenza.core import game_class
from sequenza.testing import ConformanceError, check_game

#: The soaks the tests once ran: games for each player count, with the options that keep a
#: game of random moves finite where one is needed. The kit's deep checks cost about as much
#: per seat as a whole playout step, so the larger tables play fewer games.
SOAKS: dict[str, tuple[dict[int, int], dict[str, Any]]] = {
    "sequence": ({2: 500, 3: 250, 4: 250, 6: 50, 8: 50, 9: 50, 10: 50, 12: 50}, {}),
    "sequence-numbers": ({2: 500, 3: 500, 4: 500, 6: 150}, {}),
    "sequence-stacks": ({2: 500, 3: 300, 4: 150, 5: 100, 6: 100}, {}),
    "sequentia-cross": ({2: 500, 3: 500, 4: 500}, {}),
    "sequentia-stack": ({2: 500, 3: 500, 4: 500}, {}),
    # Random players seldom claim: under the default rules a game plays the whole deck out
    # one exchange at a time, so most deals end by the idle-rounds net, and a few play on.
    "sequentia-shift": ({2: 500, 3: 500, 4: 500}, {"idle_rounds": 5}),
    "sequentia-shift, the whole deck": ({2: 4, 3: 4}, {}),
}


def soak(game_id: str, games: dict[int, int], options: dict[str, Any], first_seed: int) -> bool:
    """Play and print one soak; False at a broken invariant (printed)."""
    for players, count in games.items():
        start = time.process_time()
        try:
            report = check_game(
                game_id, games=count, players=[players], options=options, first_seed=first_seed
            )
        except ConformanceError as error:
            print(f"| {game_id} | {players} | broken: {error} | |")
            return False
        seconds = time.process_time() - start
        shown = ", ".join(f"{name}={value}" for name, value in options.items()) or "defaults"
        print(f"| {game_id} ({shown}) | {players} | {report.games} | {seconds:.1f} |")
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every soak above)")
    parser.add_argument("--players", type=int, action="append", help="a player count")
    parser.add_argument("--games", type=int, dest="count", help="games per player count")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="a rule option, name=value"
    )
    arguments = parser.parse_args()
    runs: list[tuple[str, dict[int, int], dict[str, Any]]] = []
    if arguments.games:
        for game_id in arguments.games:
            counts, options = SOAKS.get(game_id, ({}, {}))
            counts = dict(counts) or {n: 100 for n in game_class(game_id).info.player_counts}
            if arguments.players:
                counts = {n: counts.get(n, 100) for n in arguments.players}
            if arguments.count is not None:
                counts = dict.fromkeys(counts, arguments.count)
            if arguments.option:
                parsed = game_class(game_id).options_class.parse(arguments.option)
                options = parsed.changed()
            runs.append((game_id, counts, options))
    else:
        runs = [(name.split(",")[0], counts, options) for name, (counts, options) in SOAKS.items()]
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print("| game (options) | players | games | CPU s |")
    print("|---|---:|---:|---:|")
    ok = all(
        soak(game_id, counts, options, arguments.first_seed) for game_id, counts, options in runs
    )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
