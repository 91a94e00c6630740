"""The bot levels, weakest first, and how each measured in each game.

``bench/ladder.py --write`` plays every level against every other and stores the ratings in
each game's own folder (the file its kit names as ``ratings``, ``levels.json``); the
functions here only read it, for menus and help texts that describe a bot per game.
``bench/ladder.py --seconds 1 --write`` adds beside that fixed-iteration table one measured at
the time a move the web app gives the search levels (``at_seconds``): where a game has it,
menus read it, since it is the strength a player meets.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any

from sequenza import i18n
from sequenza.ai.base import bot_names
from sequenza.core.errors import UnknownGameError
from sequenza.core.registry import game_kit

#: The levels a player can pick, from a true beginner to the strongest bot.
LEVELS = ("random", "novice", "greedy", "mcts", "expert")
#: The levels that search, and so play differently at another time or count a move.
SEARCH_LEVELS = frozenset({"mcts", "expert"})


#: What each level does, in a player's words.
SUMMARIES = {
    "random": "Beginner: any legal move, at random",
    "novice": "Novice: knows the good moves but misses one move in two",
    "greedy": "Casual: takes the best move it sees right now",
    "mcts": "Strong: searches the deals it cannot see",
    "expert": "Expert: searches the deals its opponent's plays make likely",
}


def ratings_file(game_id: str) -> Path | None:
    """Where a game's measured levels are kept (its kit's ``ratings``), or ``None``."""
    try:
        return game_kit(game_id).ratings
    except UnknownGameError:
        return None


@cache
def _measured(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def players_table(measured: dict[str, Any], game_id: str) -> dict[str, Any]:
    """The part of a levels file a menu reads for a game: the ladder measured at the time a
    move players meet (``at_seconds``) where the game has one, else the fixed-iteration one.
    Either holds ``games`` (each game's standings) and ``pairings`` (its head-to-heads).

    >>> fixed = {"games": {"g": {"mcts": {"rating": 700}}}}
    >>> players_table(fixed, "g")["games"]["g"]["mcts"]
    {'rating': 700}
    >>> timed = {**fixed, "at_seconds": {"games": {"g": {"mcts": {"rating": 800}}}}}
    >>> players_table(timed, "g")["games"]["g"]["mcts"]
    {'rating': 800}
    """
    timed: dict[str, Any] = measured.get("at_seconds", {})
    return timed if game_id in timed.get("games", {}) else measured


def rating(level: str, game_id: str) -> dict[str, Any] | None:
    """A level's measured standing in a game: ``rating`` (Elo, ``random`` at 0), its 95%
    interval ``low`` to ``high``, a plain ``note`` on the level below ("beats greedy",
    "plays like the level below") and ``versus_below`` (its share of the points against
    that level, with the interval and the games played); ``None`` where not measured."""
    path = ratings_file(game_id)
    if path is None:
        return None
    entry = players_table(_measured(path), game_id).get("games", {}).get(game_id, {}).get(level)
    return dict(entry) if entry is not None else None


def describe(level: str, game_id: str | None = None, language: str = i18n.SOURCE_LANGUAGE) -> str:
    """One line for a menu: the level's summary, and in a game its measured standing, in
    ``language`` (the English here is the source of the ``games`` catalogue).

    >>> describe("greedy")
    'Casual: takes the best move it sees right now'
    >>> describe("greedy", language="it")
    'Intermedio: fa la mossa migliore che vede subito'
    """
    words = i18n.Translator("games", language)
    summary = (
        words.help(SUMMARIES[level])
        if level in SUMMARIES
        else words.text("common.bot_other", level=level)
    )
    measured = rating(level, game_id) if game_id is not None else None
    if measured is None:
        return summary
    # A note reads "plays like the level below; beats novice": each part translated.
    note = "; ".join(_note_part(part, words) for part in str(measured["note"]).split("; "))
    # A rating is written as Elo ratings are, without a thousands separator: "1016".
    rating_text = str(measured["rating"])
    return words.text("common.bot_rated", summary=summary, rating=rating_text, note=note)


def _note_part(part: str, words: i18n.Translator) -> str:
    if part.startswith("beats "):
        return words.text("common.bot_beats", level=part.removeprefix("beats "))
    return words.help(part)


def _wilson_low(successes: float, trials: float, z: float = 1.959963984540054) -> float:
    """The lower end of a share's 95% Wilson interval, as ``sequenza.sim.stats.wilson``
    computes it for the ladder (the simulator is a floor above the bots)."""
    if trials <= 0:
        return 0.0
    rate = successes / trials
    z2 = z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials))
    return max(0.0, min(rate, centre - spread / (1 + z2 / trials)))


def measurably_above(upper: str, lower: str, measured: dict[str, Any], game_id: str) -> bool:
    """Whether ``upper`` is a measured step above ``lower`` in a game, at the ladder's own
    resolution: their head-to-head share has a 95% Wilson interval wholly above 50% (the
    step the README's table does not mark **=**). Without the pair's games, the ratings'
    95% intervals must not overlap."""
    for pairing in measured.get("pairings", {}).get(game_id, []):
        pair = (pairing["first"], pairing["second"])
        if pair in {(upper, lower), (lower, upper)}:
            points = float(pairing["points"])
            games = float(pairing["games"])
            share = points if pair == (upper, lower) else games - points
            return _wilson_low(share, games) > 0.5
    standings = measured.get("games", {}).get(game_id, {})
    return bool(int(standings[upper]["low"]) > int(standings[lower]["high"]))


def ladder(game_id: str, measured: dict[str, Any] | None = None) -> list[list[str]]:
    """A game's levels as a menu offers them: groups ordered by measured rating, weakest
    first, each group's first level the one shown and the rest merged into it (they are no
    measured step above it). A level joins the group below when it is not measurably above
    that group's shown level; the shown level is the simplest of its group (first in
    ``LEVELS``: the cheapest to run, and its name promises least). The ladder at the time a
    move players meet rules where the game has one (``players_table``); it measures the
    search levels against ``greedy`` and each other only (below greedy nothing plays
    differently with the time), so there they come after the other levels' groups, each
    compared with the level shown last. Unmeasured: every level alone, in ``LEVELS`` order."""
    if measured is None:
        path = ratings_file(game_id)
        measured = {} if path is None else _measured(path)
    table = players_table(measured, game_id)
    timed = table is not measured
    measured = table
    standings = measured.get("games", {}).get(game_id, {})
    levels = [level for level in LEVELS if level in standings]
    if not levels:
        return [[level] for level in LEVELS]

    def by_rating(some: list[str]) -> list[str]:
        # Ties keep the ladder's order: the simpler level first.
        return sorted(some, key=lambda level: (standings[level]["rating"], LEVELS.index(level)))

    if timed:
        ordered = by_rating([level for level in levels if level not in SEARCH_LEVELS])
        ordered += by_rating([level for level in levels if level in SEARCH_LEVELS])
    else:
        ordered = by_rating(levels)
    groups: list[list[str]] = []
    for level in ordered:
        if groups and not measurably_above(level, groups[-1][0], measured, game_id):
            group = groups[-1] + [level]
            shown = min(group, key=LEVELS.index)
            # The merged levels in the ladder's order, as a menu without ratings lists them.
            groups[-1] = [shown, *sorted(set(group) - {shown}, key=LEVELS.index)]
        else:
            groups.append([level])
    unmeasured = [[level] for level in LEVELS if level not in standings]
    return groups + unmeasured


def label(level: str, language: str = i18n.SOURCE_LANGUAGE) -> str:
    """A level's short name in ``language`` ("Casual"): its summary's words before the colon."""
    words = i18n.Translator("games", language)
    if level not in SUMMARIES:
        return level
    return words.help(SUMMARIES[level]).split(":")[0].strip()


def seat_menu(
    game_id: str | None = None, language: str = i18n.SOURCE_LANGUAGE
) -> list[dict[str, Any]]:
    """Every bot a seat may take, the levels first, each with its short ``label``, its
    ``describe`` line in ``language`` and its ``rating`` in the game: what a seat menu shows.
    In a measured game the levels come in ``ladder`` order, a shown level naming the levels
    ``merged`` into it and each merged level the one it is ``merged_into`` (a menu offers
    only the shown ones); else weakest first."""
    available = bot_names()
    groups = ladder(game_id) if game_id is not None else [[level] for level in LEVELS]
    entries: list[dict[str, Any]] = []
    for group in groups:
        present = [level for level in group if level in available]
        for number, name in enumerate(present):
            measured = rating(name, game_id) if game_id is not None else None
            entries.append(
                {
                    "name": name,
                    "label": label(name, language),
                    "description": describe(name, game_id, language),
                    "rating": None if measured is None else measured["rating"],
                    "merged": present[1:] if number == 0 else [],
                    "merged_into": present[0] if number else None,
                }
            )
    for name in available:
        if name not in LEVELS:
            entries.append(
                {
                    "name": name,
                    "label": name,
                    "description": describe(name, game_id, language),
                    "rating": None,
                    "merged": [],
                    "merged_into": None,
                }
            )
    return entries


def menu(game_id: str | None = None, language: str = i18n.SOURCE_LANGUAGE) -> list[dict[str, str]]:
    """Every bot a seat may take, in ``seat_menu``'s order, by ``name`` and ``description``:
    what a list of the bots shows (``sequenza bots``)."""
    return [
        {"name": entry["name"], "description": entry["description"]}
        for entry in seat_menu(game_id, language)
    ]
