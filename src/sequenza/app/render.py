"""What the terminal shows of a game: the text drawing of an observation (each game's kit holds
its own ``drawing.py``, which takes its words from the ``games`` catalogue) and the rules for
people (the kit's rulebook) with the table's options, in the player's language, as Markdown."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.markdown import Markdown

from sequenza import i18n
from sequenza.core.game import Game
from sequenza.core.options import format_value
from sequenza.core.registry import game_kit


def render(observation: dict[str, Any], language: str = i18n.SOURCE_LANGUAGE) -> str:
    """The text drawing of one observation, by its game's kit, in ``language``."""
    words = i18n.Translator("games", language)
    return game_kit(str(observation.get("game"))).drawing(observation, words)


def rules_for_people(game: Game[Any], language: str = i18n.SOURCE_LANGUAGE) -> str:
    """A table's rules as people read them, in ``language``: the game's rulebook page (English
    where the game brings no page in that language) and this table's options, each with its
    value and what it does. A game without a rulebook shows its own ``rules_text``."""
    kit = game_kit(game.info.id)
    if kit.rulebook is None:
        # Plain text, kept as it is written.
        return f"```text\n{game.describe()}\n```"
    words = i18n.Translator("games", language)
    title = words.text("common.guide_options_table")
    our_choice = words.text("common.guide_our_choice")
    lines = [_rulebook_page(kit.rulebook, game.info.id, language), "", f"## {title}", ""]
    for spec in game.options_class.specs():
        value = format_value(getattr(game.options, spec.name))
        # A point the published rules leave open is marked as the pages mark it.
        mark = f" ({our_choice})" if spec.decision else ""
        described = words.option_description(game.info.id, spec)
        lines.append(f"- `{spec.name} = {value}`: {described}{mark}")
    return "\n".join(lines)


@cache
def _rulebook_page(rulebook: Path, game_id: str, language: str) -> str:
    """A rulebook's page in ``language`` (English where it has none), read once: the server's
    catalogue gives it with every answer."""
    page = rulebook / language / f"{game_id}.md"
    if not page.is_file():
        page = rulebook / i18n.SOURCE_LANGUAGE / f"{game_id}.md"
    return page.read_text(encoding="utf-8").strip()


def show_markdown(text: str, file: TextIO) -> None:
    """Markdown as a terminal shows it: headings, bold words and lists drawn by Rich, the
    paragraphs wrapped to the terminal (80 columns when it is not one)."""
    console = Console(file=file, width=min(100, shutil.get_terminal_size((80, 24)).columns))
    console.print(Markdown(text))
