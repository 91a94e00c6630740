"""``python -m sequenza.text [GAME...]``: write the English ``log`` catalogues from the messages
declared in code, the source other languages translate: this layer's shared sentences into
``sequenza.i18n``'s folder, and each game's into its kit's ``locale`` folder (this project's
games, and the games named on the command line, a game from another package among them).
Translators update theirs from the English ones with Babel's ``pybabel update`` or any ``.po``
editor; a test checks that the English catalogues are up to date."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from sequenza import i18n
from sequenza.core.kit import GameKit, Message, Word
from sequenza.core.registry import game_kit, game_kits
from sequenza.text.describe import COMMON_SENTENCES, COMMON_WORDS, DOMAIN

HEADER = """\
# The sentences of {what}, in English: the source every language translates.
# Written by `python -m sequenza.text` from {source}; do not edit by hand.
# Each message's context is its code (an event, `action.<verb>`, `ending.<how>`; a code
# ending in `.you` is the sentence whose subject is the player reading it)."""


def source_catalogue(
    sentences: Iterable[Message], words: Iterable[Word], header: str = ""
) -> Catalog:
    """The English catalogue of these messages: every template with an empty translation."""
    catalog = Catalog(
        locale=i18n.SOURCE_LANGUAGE,
        domain=DOMAIN,
        project="Sequenza",
        header_comment=header,
        fuzzy=False,
    )
    for message in sentences:
        msgid: str | tuple[str, str] = (
            message.text if message.plural is None else (message.text, message.plural)
        )
        catalog.add(msgid, context=message.code, flags=("python-brace-format",))
    for word in words:
        catalog.add(word.text, context=word.context)
    return catalog


def write_catalogue(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog, width=100, omit_header=False, sort_output=True)


def shared_catalogue() -> Catalog:
    """The text layer's own sentences, the same for every game."""
    header = HEADER.format(
        what="Sequenza's game log that every game shares", source="sequenza/text/describe.py"
    )
    return source_catalogue(COMMON_SENTENCES, COMMON_WORDS, header)


def kit_catalogue(kit: GameKit) -> Catalog:
    """A game's own sentences and words (two kits of one package write the same file: both
    games' messages, once each)."""
    sentences: dict[tuple[str, str], Message] = {}
    words: dict[tuple[str, str], Word] = {}
    names: list[str] = []
    for one in game_kits():
        if one.locale == kit.locale:
            sentences.update({(m.code, m.text): m for m in one.messages.sentences})
            words.update({(w.context, w.text): w for w in one.messages.words})
            names.append(one.game.info.name)
    header = HEADER.format(what=f"the game log of {' and '.join(names)}", source="its messages.py")
    return source_catalogue(sentences.values(), words.values(), header)


def project_kits() -> list[GameKit]:
    """This project's games that keep their catalogues in a folder."""
    return [
        kit
        for kit in game_kits()
        if kit.locale is not None and kit.game.__module__.startswith("sequenza.")
    ]


def main(argv: list[str] | None = None) -> None:
    named = [game_kit(game_id) for game_id in (sys.argv[1:] if argv is None else argv)]
    shared = i18n.catalogue_path(DOMAIN, i18n.SOURCE_LANGUAGE)
    write_catalogue(shared_catalogue(), shared)
    print(f"wrote {shared}")
    written: set[Path] = set()
    for kit in [*project_kits(), *named]:
        if kit.locale is None:
            raise SystemExit(f"{kit.id} keeps no catalogues (its kit names no locale folder)")
        path = i18n.catalogue_path(DOMAIN, i18n.SOURCE_LANGUAGE, kit.locale)
        if path not in written:
            written.add(path)
            write_catalogue(kit_catalogue(kit), path)
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
