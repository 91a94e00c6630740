"""The message catalogues: one gettext catalogue per language, a ``.po`` file under
``locale/<lang>/LC_MESSAGES/sequenza.po``, read as it is at run time (no compile step).

English is the source: its catalogue lists every message (context = the message's code, id =
its English template) with empty translations, and each other language translates it. The
English catalogue is written from the games' declared messages by ``python -m
sequenza.text`` (a test checks it is up to date); translators update theirs from it with
Babel's ``pybabel update`` or any ``.po`` editor.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterable
from functools import cache
from importlib.resources import files
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from sequenza.core.kit import Message, Word

DOMAIN = "sequenza"
SOURCE_LANGUAGE = "en"
HEADER = """\
# The sentences of Sequenza's game log, in English: the source every language translates.
# Written by `python -m sequenza.text` from the games' messages.py; do not edit by hand.
# Each message's context is its code (an event, `action.<verb>`, `ending.<how>`; a code
# ending in `.you` is the sentence whose subject is the player reading it)."""


def locale_folder() -> Path:
    return Path(str(files("sequenza.text"))) / "locale"


def catalogue_path(lang: str) -> Path:
    return locale_folder() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """The languages that have a catalogue, English first."""
    found = sorted(path.parent.parent.name for path in locale_folder().glob("*/LC_MESSAGES/*.po"))
    return sorted(found, key=lambda lang: lang != SOURCE_LANGUAGE)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` as gettext translations (contexts and plural forms included);
    a message it does not translate reads in English."""
    path = catalogue_path(lang)
    if not path.is_file():
        raise ValueError(
            f"there is no {lang!r} catalogue; the languages are {', '.join(languages())}"
        )
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def source_catalogue(sentences: Iterable[Message], words: Iterable[Word]) -> Catalog:
    """The English catalogue of these messages: every template with an empty translation."""
    catalog = Catalog(
        locale=SOURCE_LANGUAGE,
        domain=DOMAIN,
        project="Sequenza",
        header_comment=HEADER,
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
