"""The rating ladder: every bot level against every other, in every game, rated.

    python bench/ladder.py                                  # every game, every level
    python bench/ladder.py sequence --games 40 --far 12     # one game, more games
    python bench/ladder.py --write                          # and update the levels file
    python bench/ladder.py sequence --levels greedy,mcts,expert --seconds 1 --workers 2

Seeded 2-player round robins (the simulator seats each pair both ways, alternately), search
levels at a fixed number of iterations so that the table is the same on any machine
(``--seconds``: for the time a move the web app gives them instead, on this machine). A game
counts 1 to its winner and a half to each player of a shared or drawn game. The ratings are
Elo points from a Bradley-Terry fit by maximum likelihood, ``random`` at 0; each pairing
also counts one drawn game, so that a clean sweep gives a large but finite gap rather than
an infinite one. The 95% intervals come from refits to shares drawn from each pairing's
posterior. ``--write`` keeps every pairing's points too, and ``--refit`` rates them again
without playing.

Levels one or two steps apart meet in ``--games`` games (so each level meets the one below
and the one below that, ``greedy`` among them), levels further apart in ``--far`` (their
outcome is rarely in doubt); Sequentia Stack, whose search is the slowest by far, in half
as many at fixed iterations (at a time a move, as many as the others). ``--write``
stores each game's table in the file its kit names (``ratings``: the
``levels.json`` in the game's own folder), which the bots' per-game descriptions read
(``sequenza.ai.levels``). A search level that runs no iteration in nearly all of its
decisions (its root's narrowing leaves one move: ``mcts`` in Sequence Stacks) is said in its
note to play greedy's move, from a few seeded games counted each run, ``--refit`` too.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import platform
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sequenza
from sequenza.ai import Decision, make_bot
from sequenza.ai.levels import LEVELS, SEARCH_LEVELS, ratings_file
from sequenza.core.registry import make_game
from sequenza.sim import Simulation, parse_bots, run
from sequenza.sim.stats import wilson

#: Games whose search is so slow that their pairings play half the games.
SLOW = {"sequentia-stack": 0.5}

#: A search level that runs any iteration in fewer of its decisions with a choice than this
#: plays its heuristic's move (its root's narrowing leaves one move): its note says so.
RARELY_SEARCHES = 0.05
#: The note part saying so (translated in the games catalogue, as every part is).
PLAYS_GREEDY = "plays greedy's move in this game"
ELO = 400.0 / math.log(10.0)


@dataclass
class Pairing:
    """The games of two levels: the first one's score in each (1, 0.5 or 0)."""

    first: str
    second: str
    scores: list[float]

    @property
    def share(self) -> float:
        return sum(self.scores) / len(self.scores)


def play(
    game_id: str,
    first: str,
    second: str,
    games: int,
    seed: int,
    iterations: int,
    workers: int,
    seconds: float | None = None,
) -> Pairing:
    def entry(level: str) -> str:
        if level not in SEARCH_LEVELS:
            return level
        # At the web app's settings a search thinks for a time, as long as a player waits.
        return f"{level}:seconds={seconds:g}" if seconds else f"{level}:iterations={iterations}"

    bots = parse_bots(f"{entry(first)},{entry(second)}")
    (results,) = run([Simulation(game_id, 2, bots, games=games, seed=seed)], workers=workers)
    label = bots[0].label
    scores = []
    for result in results:
        if sum(result.payoffs) == 0:  # nobody won: a draw
            scores.append(0.5)
        else:
            seat = result.lineup.index(label)
            scores.append(result.payoffs[seat])
    return Pairing(first, second, scores)


def fit(levels: list[str], pairings: list[Pairing], draws: float = 1.0) -> dict[str, float]:
    """Elo ratings (``levels[0]`` at 0) maximising the Bradley-Terry likelihood of the
    scores, each pairing with ``draws`` drawn games more (Hunter's MM iteration)."""
    index = {level: number for number, level in enumerate(levels)}
    count = len(levels)
    wins = [0.0] * count
    games = [[0.0] * count for _ in range(count)]
    for pairing in pairings:
        first, second = index[pairing.first], index[pairing.second]
        points = sum(pairing.scores) + draws / 2
        played = len(pairing.scores) + draws
        wins[first] += points
        wins[second] += played - points
        games[first][second] += played
        games[second][first] += played
    strength = [1.0] * count
    for _ in range(2000):
        updated = [
            wins[player]
            / sum(
                games[player][other] / (strength[player] + strength[other])
                for other in range(count)
                if games[player][other]
            )
            for player in range(count)
        ]
        scale = updated[0]
        updated = [value / scale for value in updated]
        done = max(abs(math.log(new / old)) for new, old in zip(updated, strength, strict=True))
        strength = updated
        if done < 1e-9:
            break
    return {level: ELO * math.log(strength[index[level]]) for level in levels}


def bootstrap(
    levels: list[str], pairings: list[Pairing], rounds: int, seed: int
) -> dict[str, tuple[float, float]]:
    """Each level's 95% interval: each pairing's true share drawn from what its games say of
    it (the Beta posterior under Jeffreys' prior, ``points + 1/2`` and ``games - points +
    1/2``), the ratings refitted to the drawn shares, and the middle 95% of the refits kept.
    Drawing the games actually played again would leave a clean sweep no doubt at all."""
    rng = random.Random(seed)
    fits: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(rounds):
        drawn = []
        for pairing in pairings:
            points, games = sum(pairing.scores), len(pairing.scores)
            share = rng.betavariate(points + 0.5, games - points + 0.5)
            drawn.append(Pairing(pairing.first, pairing.second, [share] * games))
        # The prior is in the drawn shares already (never quite 0 or 1): no drawn game more.
        for level, rating in fit(levels, drawn, draws=0.0).items():
            fits[level].append(rating)
    bounds = {}
    for level, values in fits.items():
        values.sort()
        bounds[level] = (values[int(0.025 * rounds)], values[int(0.975 * rounds) - 1])
    return bounds


def beats(pairing: Pairing) -> bool:
    """Whether the first level scores above half, its whole 95% interval included."""
    return wilson(sum(pairing.scores), len(pairing.scores))[0] > 0.5


def search_decisions(
    game_id: str, level: str, seed: int, games: int, **settings: Any
) -> Iterator[int]:
    """The iterations a search level (with ``settings``) ran in each of its decisions with
    more than one legal move, 0 where its root left it one move, over ``games`` seeded
    2-player games against ``greedy``, seated both ways."""
    for number in range(games):
        state = make_game(game_id, 2).new_initial_state(seed + number)
        searcher = make_bot(level, seed=seed + number, **settings)
        bots = [searcher, make_bot("greedy", seed=seed + number)]
        if number % 2:
            bots.reverse()
        while not state.is_over:
            seat = state.current_seat
            assert seat is not None
            decision = Decision.of(state)
            bot = bots[seat]
            action = bot.choose(decision)
            if bot is searcher and len(decision.legal_actions) > 1:
                ran: int = getattr(bot, "last_iterations", 0)
                yield ran
            state.apply(action)


def searched_share(game_id: str, level: str, iterations: int, seed: int, games: int = 2) -> float:
    """The share of a search level's decisions with more than one legal move in which it ran
    any iteration, over a few seeded 2-player games against ``greedy`` (seated both ways)."""
    ran = list(search_decisions(game_id, level, seed, games, iterations=iterations))
    return sum(1 for count in ran if count) / len(ran) if ran else 0.0


def iterations_in(
    game_id: str, level: str, seconds: float, seed: int, decisions: int = 10
) -> list[int]:
    """The iterations a search level runs in ``seconds`` a decision: each of its first
    ``decisions`` searched decisions in seeded 2-player games against ``greedy`` (at most
    four games)."""
    searched = (
        count for count in search_decisions(game_id, level, seed, 4, seconds=seconds) if count
    )
    return list(itertools.islice(searched, decisions))


def verdict(
    level: str, levels: list[str], pairings: list[Pairing], rarely: frozenset[str] = frozenset()
) -> str:
    """A plain sentence on a level: against the level below, and where it plays like that
    one, the strongest level it still beats; for a search level in ``rarely``, that it plays
    greedy's move."""
    sentence = _standing(level, levels, pairings)
    return f"{sentence}; {PLAYS_GREEDY}" if level in rarely else sentence


def _standing(level: str, levels: list[str], pairings: list[Pairing]) -> str:
    number = levels.index(level)
    if number == 0:
        return "the first step"
    scores = {(p.first, p.second): p for p in pairings}
    below = levels[number - 1]
    step = scores[(level, below)]
    if beats(step):
        return f"beats {below}"
    if wilson(sum(step.scores), len(step.scores))[1] < 0.5:
        return f"weaker than {below}"
    # A ladder at a time a move plays only the search levels' pairings: say what it measured.
    beaten = [
        lower
        for lower in levels[: number - 1]
        if (level, lower) in scores and beats(scores[(level, lower)])
    ]
    if beaten:
        return f"plays like the level below; beats {beaten[-1]}"
    return "plays like the level below"


def measure(game_id: str, arguments: argparse.Namespace, levels: list[str]) -> list[Pairing]:
    """Every pairing of levels in one game."""
    # A search for a time a move takes as long in every game: only fixed iterations are slow.
    scale = 1.0 if arguments.seconds else SLOW.get(game_id, 1.0)
    pairings = []
    for low_index, low in enumerate(levels):
        for high in levels[low_index + 1 :]:
            near = levels.index(high) - low_index <= 2
            games = max(2, round((arguments.games if near else arguments.far) * scale))
            games += games % 2  # each level first as often as the other
            start = time.perf_counter()
            pairing = play(
                game_id,
                high,
                low,
                games,
                arguments.seed,
                arguments.iterations,
                arguments.workers,
                arguments.seconds,
            )
            pairings.append(pairing)
            print(
                f"  {game_id}: {high} v {low}: {pairing.share:.0%} of {games} games "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    return pairings


def rate(
    levels: list[str],
    pairings: list[Pairing],
    rounds: int,
    seed: int,
    rarely: frozenset[str] = frozenset(),
) -> dict[str, dict[str, Any]]:
    """Each level's rating, interval and standing against the level below (``rarely``: the
    search levels that play greedy's move, see ``verdict``)."""
    ratings = fit(levels, pairings)
    bounds = bootstrap(levels, pairings, rounds, seed)
    below = {(p.first, p.second): p for p in pairings}
    rows = {}
    for number, level in enumerate(levels):
        step = below.get((level, levels[number - 1])) if number else None
        entry: dict[str, Any] = {
            "rating": round(ratings[level]),
            "low": round(bounds[level][0]),
            "high": round(bounds[level][1]),
            "note": verdict(level, levels, pairings, rarely),
        }
        if step is not None:
            share_low, share_high = wilson(sum(step.scores), len(step.scores))
            entry["versus_below"] = {
                "share": round(step.share, 3),
                "low": round(share_low, 3),
                "high": round(share_high, 3),
                "games": len(step.scores),
            }
        rows[level] = entry
    return rows


def table(game_id: str, rows: dict[str, Any]) -> str:
    lines = [
        f"**{game_id}**",
        "",
        "| level | rating | 95% interval | against the level below | |",
        "|---|---:|---|---:|---|",
    ]
    for level, row in rows.items():
        versus = row.get("versus_below")
        share = (
            f"{versus['share']:.0%} ({versus['low']:.0%}-{versus['high']:.0%}), "
            f"{versus['games']} games"
            if versus
            else ""
        )
        lines.append(
            f"| {level} | {row['rating']} | {row['low']} to {row['high']} | {share} "
            f"| {row['note']} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game_ids", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--games", type=int, default=30, help="games of levels 1-2 apart")
    parser.add_argument("--far", type=int, default=10, help="games of levels further apart")
    parser.add_argument("--iterations", type=int, default=100, help="search iterations a move")
    parser.add_argument(
        "--seconds",
        type=float,
        help="search levels think this long a move (wall time, as in the web app) instead of "
        "--iterations, and only their pairings are played: the levels without a search play "
        "the same at any setting, so their stored pairings are reused; --write keeps this "
        "table beside the fixed-iteration one (at_seconds), and menus read it first",
    )
    parser.add_argument(
        "--add",
        action="store_true",
        help="with --seconds: add the games played to the stored ones of the same pairings "
        "(a long run made in parts, each with its own --seed) instead of replacing them",
    )
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels, weakest first")
    parser.add_argument("--rounds", type=int, default=1000, help="bootstrap rounds")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (default: one)")
    parser.add_argument("--write", action="store_true", help="update each game's levels.json")
    parser.add_argument(
        "--refit",
        action="store_true",
        help="rate again the games stored in each game's levels.json instead of playing",
    )
    arguments = parser.parse_args()
    if arguments.seconds and arguments.refit:
        parser.error("--refit rates the stored fixed-iteration games again; not with --seconds")
    if arguments.add and not arguments.seconds:
        parser.error("--add adds to the stored games at a time a move: only with --seconds")
    levels = arguments.levels.split(",")
    game_ids = arguments.game_ids or [info.id for info in sequenza.available_games()]
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    for game_id in game_ids:
        path = ratings_file(game_id)
        if path is None and (arguments.write or arguments.refit):
            raise SystemExit(f"{game_id}'s kit names no ratings file")
        stored: dict[str, Any] = json.loads(path.read_text()) if path and path.exists() else {}
        if arguments.seconds:
            load_before = os.getloadavg()[0]
            searching = [level for level in levels if level in SEARCH_LEVELS]
            played = measure(game_id, arguments, [*dict.fromkeys(["greedy", *levels])])
            searched = [
                pairing
                for pairing in played
                if pairing.first in searching or pairing.second in searching
            ]
            if arguments.add:
                searched = added_to_stored(stored, game_id, searched)
            pairings = reuse_unsearched(stored, game_id) + searched
            rated = [
                level for level in LEVELS if any(level in (p.first, p.second) for p in pairings)
            ]
            shares = {
                level: searched_share(game_id, level, arguments.iterations, arguments.seed)
                for level in searching
            }
            rarely = frozenset(level for level, share in shares.items() if share < RARELY_SEARCHES)
            iterations = {
                level: iterations_in(game_id, level, arguments.seconds, arguments.seed)
                for level in searching
            }
            for level, counts in iterations.items():
                middle = sorted(counts)[len(counts) // 2] if counts else 0
                print(
                    f"  {game_id}: {level} runs a median of {middle} iterations in "
                    f"{arguments.seconds:g} s ({len(counts)} searched decisions)"
                )
            rows = rate(rated, pairings, arguments.rounds, arguments.seed, rarely)
            print(table(game_id, rows), "\n", flush=True)
            if arguments.write:
                timed = stored.setdefault("at_seconds", {})
                timed["seconds"] = arguments.seconds
                run = (
                    f"bench/ladder.py {game_id} --levels {','.join(levels)} --seconds "
                    f"{arguments.seconds:g} --games {arguments.games} --seed {arguments.seed} "
                    f"--workers {arguments.workers}{' --add' if arguments.add else ''}; "
                    f"{platform.machine()}, {os.cpu_count()} cores, "
                    f"load {load_before:.1f} to {os.getloadavg()[0]:.1f}, "
                    f"{time.strftime('%Y-%m-%d')}"
                )
                runs = timed.setdefault("measured", {})
                runs[game_id] = f"{runs[game_id]}; then {run}" if arguments.add else run
                timed.setdefault("games", {})[game_id] = rows
                timed.setdefault("iterations", {})[game_id] = iterations
                timed.setdefault("pairings", {})[game_id] = [pack(p) for p in pairings]
                assert path is not None
                path.write_text(json.dumps(stored, indent=1) + "\n")
            continue
        if arguments.refit:
            pairings = [unpack(entry) for entry in stored["pairings"][game_id]]
        else:
            pairings = measure(game_id, arguments, levels)
            stored.setdefault("measured", {})[game_id] = (
                f"bench/ladder.py --games {arguments.games} --far {arguments.far} "
                f"--iterations {arguments.iterations} --seed {arguments.seed}"
            )
        shares = {
            level: searched_share(game_id, level, arguments.iterations, arguments.seed)
            for level in levels
            if level in SEARCH_LEVELS
        }
        for level, share in shares.items():
            print(f"  {game_id}: {level} searches in {share:.0%} of its decisions with a choice")
        rarely = frozenset(level for level, share in shares.items() if share < RARELY_SEARCHES)
        rows = rate(levels, pairings, arguments.rounds, arguments.seed, rarely)
        print(table(game_id, rows), "\n", flush=True)
        if arguments.write:  # game by game, so that a long run keeps what it has measured
            stored["levels"] = levels
            stored.setdefault("games", {})[game_id] = rows
            stored.setdefault("pairings", {})[game_id] = [pack(p) for p in pairings]
            assert path is not None
            path.write_text(json.dumps(stored, indent=1) + "\n")


def reuse_unsearched(stored: dict[str, Any], game_id: str) -> list[Pairing]:
    """The stored fixed-iteration pairings of levels that do not search: they play alike at
    any time a move, so a ladder at a time a move does not play them again."""
    return [
        unpack(entry)
        for entry in stored.get("pairings", {}).get(game_id, [])
        if entry["first"] not in SEARCH_LEVELS and entry["second"] not in SEARCH_LEVELS
    ]


def added_to_stored(stored: dict[str, Any], game_id: str, played: list[Pairing]) -> list[Pairing]:
    """The pairings played now, each with the stored games at a time a move of the same two
    levels added (either way round): a long run made in parts, each with its own seeds."""
    kept = {
        (entry["first"], entry["second"]): unpack(entry)
        for entry in stored.get("at_seconds", {}).get("pairings", {}).get(game_id, [])
    }
    added = []
    for pairing in played:
        scores = list(pairing.scores)
        if (pairing.first, pairing.second) in kept:
            scores += kept[pairing.first, pairing.second].scores
        elif (pairing.second, pairing.first) in kept:
            scores += [1.0 - score for score in kept[pairing.second, pairing.first].scores]
        added.append(Pairing(pairing.first, pairing.second, scores))
    return added


def pack(pairing: Pairing) -> dict[str, Any]:
    return {
        "first": pairing.first,
        "second": pairing.second,
        "points": sum(pairing.scores),
        "games": len(pairing.scores),
    }


def unpack(entry: dict[str, Any]) -> Pairing:
    """A stored pairing: its total is all the fit and the bootstrap read."""
    points, games = float(entry["points"]), int(entry["games"])
    wins = int(points)
    scores = [1.0] * wins + [points - wins] * (points > wins)
    return Pairing(entry["first"], entry["second"], scores + [0.0] * (games - len(scores)))


if __name__ == "__main__":
    main()
