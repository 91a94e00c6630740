"""The players' languages: the one place that knows them and reads the message catalogues,
gettext ``.po`` files read with Babel (no compile step).

Each domain has one catalogue per language in ``locale/<lang>/LC_MESSAGES/<domain>.po``:
``page`` for the web page, ``cli`` for the terminal, ``report`` for the balance report,
``games`` for the games' words (their views, rules pages and terminal drawings, and the
server's game catalogue), ``log`` for the game log's sentences (``sequenza.text`` writes them).
The ``games`` and ``log`` domains are gathered: this package holds the words every game
shares, and each game kit names its own folder of catalogues (``GameKit.locale``), which
are read with them, so that a game from another package brings its translations along.

English is the source: a message's ``msgid`` is its English text with named placeholders
(``{name}``), its ``msgctxt`` the stable key the code asks for. A language is known when this
package's folder for it holds catalogues: adding a translation is adding a folder of ``.po``
files here and in each game's ``locale``. A game's catalogue in a language the project does
not speak is not read; a game without a language's catalogue reads in English there.

A help text without a key (an option's description, a game's summary) is looked up by its
English: one message for every game that says it. A game that words such a text its own way
(a mode file translating its options) gives its words a key of its own, ``<game id>:<key>``
(``game_key``), read for that game alone (``Translator.game_help``); a game without its own
words reads the shared translation.

Plurals follow each language's ``Plural-Forms``; for the page, each form is named by its CLDR
category ("one", "other"...) so that the browser picks it with ``Intl.PluralRules``.
"""

from __future__ import annotations

import copy
import gettext as stdlib_gettext
import io
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

from sequenza.core.options import OptionSpec
from sequenza.core.registry import game_kits, kits_generation

LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"
#: The numbers tried to name each plural form by its CLDR category (Italian's "many" form
#: starts at a million).
_PLURAL_SAMPLES = (*range(0, 1001), 10**6, 10**7)

#: A page message: one text, or its plural forms by CLDR category.
PageMessage = str | dict[str, str]
#: The domains whose words each game brings in its own folder, read after this package's.
KIT_DOMAINS = ("games", "log")


@cache
def languages() -> tuple[str, ...]:
    """The languages with catalogues, English first, then by code."""
    found = {path.name for path in LOCALE_DIR.iterdir() if (path / "LC_MESSAGES").is_dir()}
    return (SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE}))


def language_name(language: str) -> str:
    """A language's name in that language, as a picker shows it: "Italiano", "Suomi"."""
    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


def negotiate(preferences: Iterable[str]) -> str:
    """The first known language among ``preferences`` ("it-IT", "fi_FI.UTF-8", "eo"), else
    English. A region or encoding is ignored: "it-CH" reads Italian."""
    known = languages()
    for preference in preferences:
        code = preference.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0]
        if code.lower() in known:
            return code.lower()
    return SOURCE_LANGUAGE


def parse_accept_language(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, parameters = part.strip().partition(";")
        if not tag or tag == "*":
            continue
        weight = 1.0
        if parameters.strip().startswith("q="):
            try:
                weight = float(parameters.strip()[2:])
            except ValueError:
                continue
        if weight > 0:
            ranked.append((-weight, index, tag))
    return [tag for _, _, tag in sorted(ranked)]


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language, as gettext reads it: LANGUAGE (a colon-separated list), then
    LC_ALL, LC_MESSAGES and LANG. "C" and "POSIX" mean English."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            wanted = [one for one in value.split(":") if one and one not in ("C", "POSIX")]
            return negotiate(wanted) if wanted else SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def catalogue_folders(domain: str) -> tuple[Path, ...]:
    """The folders whose catalogues make up a domain: this package's, then (for the games'
    domains) each game kit's ``locale`` that holds an English catalogue of it, by game id; two
    kits of one package share their folder, read once."""
    folders = [LOCALE_DIR]
    if domain in KIT_DOMAINS:
        for kit in game_kits():
            folder = kit.locale
            if (
                folder is not None
                and folder not in folders
                and catalogue_path(domain, SOURCE_LANGUAGE, folder).is_file()
            ):
                folders.append(folder)
    return tuple(folders)


def catalogue_path(domain: str, language: str, folder: Path = LOCALE_DIR) -> Path:
    return folder / language / "LC_MESSAGES" / f"{domain}.po"


@cache
def catalogue(domain: str, language: str, folder: Path = LOCALE_DIR) -> Catalog:
    """One domain's catalogue in one known language, from one folder (this package's unless
    given), read once. A game's folder without this language's catalogue gives its English
    one, whose messages then read in English."""
    if language not in languages():
        raise KeyError(f"no catalogue for language {language!r}")
    path = catalogue_path(domain, language, folder)
    if folder != LOCALE_DIR and not path.is_file():
        path = catalogue_path(domain, SOURCE_LANGUAGE, folder)
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=domain)


def catalogues(domain: str, language: str) -> list[Catalog]:
    """A domain's catalogues in a language: this package's, then each game's."""
    return [catalogue(domain, language, folder) for folder in catalogue_folders(domain)]


def message_key(context: str | None, msgid: str) -> str:
    """The key code asks for: the message's context, or its English text when it has none."""
    return context or msgid


@dataclass(frozen=True)
class CatalogueEntry:
    """One message of a catalogue: its English forms and this language's."""

    key: str
    english: tuple[str, ...]
    translated: tuple[str, ...]


#: The domains and languages of the registry's present kits, and of a few registries before
#: (a workshop registers and forgets modes while the server runs): the caches below are
#: keyed on ``kits_generation()``, so that a kit's words are read as soon as it comes.
_KEPT_READINGS = 64


def entries(domain: str, language: str) -> dict[str, CatalogueEntry]:
    """Every message of a domain in a language, by key, the games' own with the shared ones;
    a missing translation reads English. (The ``log`` domain's words share a context, "row":
    it is read whole with ``translations``.)"""
    return _entries(domain, language, kits_generation())


@lru_cache(maxsize=_KEPT_READINGS)
def _entries(domain: str, language: str, generation: int) -> dict[str, CatalogueEntry]:
    result: dict[str, CatalogueEntry] = {}
    for one in catalogues(domain, language):
        result.update(catalogue_entries(one))
    return result


def catalogue_entries(catalogue: Catalog) -> dict[str, CatalogueEntry]:
    """The messages of one catalogue, by key; a missing translation reads English."""
    result: dict[str, CatalogueEntry] = {}
    for message in catalogue:
        if not message.id:
            continue  # the header
        english = tuple(message.id) if isinstance(message.id, tuple) else (str(message.id),)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        translated = tuple(str(text) for text in strings) if all(strings) else english
        key = message_key(message.context, english[0])
        result[key] = CatalogueEntry(key, english, translated)
    return result


def translations(domain: str, language: str) -> stdlib_gettext.NullTranslations:
    """A domain's catalogues in a language as one set of gettext translations (contexts and
    plural forms included), the games' own with the shared ones; a message a catalogue does
    not translate reads in English. ``ValueError`` for a language without catalogues."""
    return _translations(domain, language, kits_generation())


@lru_cache(maxsize=_KEPT_READINGS)
def _translations(domain: str, language: str, generation: int) -> stdlib_gettext.NullTranslations:
    if language not in languages():
        raise ValueError(
            f"there is no {language!r} catalogue; the languages are {', '.join(languages())}"
        )
    # A copy of this package's catalogue keeps its header, whose plural rule is the language's
    # (a test checks that every game's catalogue states the same); the games' messages join it.
    shared, *games = catalogues(domain, language)
    merged = copy.deepcopy(shared)
    for one in games:
        for message in one:
            if message.id:
                merged[message.id] = message
    compiled = io.BytesIO()
    write_mo(compiled, merged)
    compiled.seek(0)
    return stdlib_gettext.GNUTranslations(compiled)


@cache
def plural_index(domain: str, language: str) -> Callable[[int], int]:
    """The gettext plural form a number takes in a language, from its catalogue's header."""
    return stdlib_gettext.c2py(catalogue(domain, language).plural_expr)


@cache
def plural_categories(domain: str, language: str) -> tuple[str, ...]:
    """The CLDR category ("one", "many", "other"...) of each gettext plural form of a
    language: the category of the first number that takes the form."""
    locale = Locale.parse(language)
    count = catalogue(domain, language).num_plurals
    index = plural_index(domain, language)
    categories: dict[int, str] = {}
    for number in _PLURAL_SAMPLES:
        categories.setdefault(index(number), locale.plural_form(number))
        if len(categories) == count:
            break
    return tuple(categories.get(index, "other") for index in range(count))


#: The domains the browser reads: the page's own words and the games' (their views').
PAGE_DOMAINS = ("page", "games")


def page_messages(language: str) -> dict[str, PageMessage]:
    """The ``page`` and ``games`` catalogues as the browser reads them (every game's words
    with the shared ones): key to text, or to its plural forms by CLDR category."""
    return _page_messages(language, kits_generation())


@lru_cache(maxsize=_KEPT_READINGS)
def _page_messages(language: str, generation: int) -> dict[str, PageMessage]:
    result: dict[str, PageMessage] = {}
    for domain in PAGE_DOMAINS:
        categories = plural_categories(domain, language)
        for key, entry in entries(domain, language).items():
            if len(entry.english) == 1:
                result[key] = entry.translated[0]
            else:
                result[key] = dict(zip(categories, entry.translated, strict=False))
    return result


def number_symbols(language: str) -> dict[str, str]:
    """The signs a language writes numbers with, from CLDR: its decimal and group separators."""
    return {"decimal": get_decimal_symbol(language), "group": get_group_symbol(language)}


class Translator:
    """One domain's messages in one language, for Python code: ``text("cli.saved", path=p)``,
    ``plural("cli.players", count)``. Numbers among the placeholders are written the
    language's way."""

    def __init__(self, domain: str, language: str) -> None:
        self.domain = domain
        self.language = language if language in languages() else SOURCE_LANGUAGE

    def _format(self, template: str, params: Mapping[str, object]) -> str:
        shown = {
            name: format_decimal(value, locale=self.language)
            if isinstance(value, int | float) and not isinstance(value, bool)
            else value
            for name, value in params.items()
        }
        return template.format(**shown)

    def text(self, key: str, **params: object) -> str:
        entry = entries(self.domain, self.language)[key]
        return self._format(entry.translated[0], params)

    def plural(self, key: str, count: int, **params: object) -> str:
        entry = entries(self.domain, self.language)[key]
        index = min(plural_index(self.domain, self.language)(count), len(entry.translated) - 1)
        return self._format(entry.translated[index], {"count": count, **params})

    def help(self, english: str) -> str:
        """A help text's translation, looked up by its English text; itself when none."""
        entry = entries(self.domain, self.language).get(english)
        return entry.translated[0] if entry else english

    def game_help(self, game_id: str, key: str, english: str) -> str:
        """One game's help text: its own words for ``key`` where its catalogue gives them in
        this language (under ``game_key``: a mode file's words for its options), else the
        translation of ``english`` that every game shares (``help``). English text is shared
        by every catalogue, so a game's own words must not be looked up by it: two games may
        describe an option alike and translate it apart."""
        entry = entries(self.domain, self.language).get(game_key(game_id, key))
        return entry.translated[0] if entry else self.help(english)

    def option_label(self, game_id: str, spec: OptionSpec) -> str:
        """An option's name as people read it, in this language, as ``game_id`` words it."""
        return self.game_help(game_id, f"option.{spec.name}.label", spec.label)

    def option_description(self, game_id: str, spec: OptionSpec) -> str:
        """What an option does, in this language, as ``game_id`` words it."""
        return self.game_help(game_id, f"option.{spec.name}", spec.description)


def game_key(game_id: str, key: str) -> str:
    """The key of one game's own words (``mode-shift:option.slide_limit``): the context a
    game's catalogue gives a message that only that game reads."""
    return f"{game_id}:{key}"
