"""The bot levels, weakest first, and how each measured in each game.

``bench/ladder.py --write`` plays every level against every other and stores the ratings in
each game's own folder (the file its kit names as ``ratings``, ``levels.json``); the
functions here only read it, for menus and help texts that describe a bot per game.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from sequenza import i18n
from sequenza.ai.base import bot_names
from sequenza.core.errors import UnknownGameError
from sequenza.core.registry import game_kit

#: The levels a player can pick, from a true beginner to the strongest bot.
LEVELS = ("random", "novice", "greedy", "mcts", "expert")


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


def rating(level: str, game_id: str) -> dict[str, Any] | None:
    """A level's measured standing in a game: ``rating`` (Elo, ``random`` at 0), its 95%
    interval ``low`` to ``high``, a plain ``note`` on the level below ("beats greedy",
    "plays like the level below") and ``versus_below`` (its share of the points against
    that level, with the interval and the games played); ``None`` where not measured."""
    path = ratings_file(game_id)
    entry = None if path is None else _measured(path).get("games", {}).get(game_id, {}).get(level)
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


def menu(game_id: str | None = None, language: str = i18n.SOURCE_LANGUAGE) -> list[dict[str, str]]:
    """Every bot a seat may take, the levels first and weakest first, each with its
    ``describe`` line in ``language``: what a seat menu shows."""
    names = [level for level in LEVELS if level in bot_names()]
    names += [name for name in bot_names() if name not in LEVELS]
    return [{"name": name, "description": describe(name, game_id, language)} for name in names]
