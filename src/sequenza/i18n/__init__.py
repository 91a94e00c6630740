"""The players' languages: message catalogues as gettext ``.po`` files, read with Babel.

Each domain (``page`` for the web page, ``cli`` for the terminal) has one catalogue per language
in ``locale/<lang>/LC_MESSAGES/<domain>.po``. English is the source: a message's ``msgid`` is
its English text with named placeholders (``{name}``), its ``msgctxt`` the stable key the code
asks for. A language is known when its folder holds a catalogue: adding a translation is adding
a folder of ``.po`` files.

Plurals follow each language's ``Plural-Forms``; for the page, each form is named by its CLDR
category ("one", "other"...) so that the browser picks it with ``Intl.PluralRules``.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"
#: The numbers tried to name each plural form by its CLDR category (Italian's "many" form
#: starts at a million).
_PLURAL_SAMPLES = (*range(0, 1001), 10**6, 10**7)

#: A page message: one text, or its plural forms by CLDR category.
PageMessage = str | dict[str, str]


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


@cache
def catalogue(domain: str, language: str) -> Catalog:
    """One domain's catalogue in one known language, read once."""
    if language not in languages():
        raise KeyError(f"no catalogue for language {language!r}")
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=domain)


def message_key(context: str | None, msgid: str) -> str:
    """The key code asks for: the message's context, or its English text when it has none."""
    return context or msgid


@dataclass(frozen=True)
class Entry:
    """One message of a catalogue: its English forms and this language's."""

    key: str
    english: tuple[str, ...]
    translated: tuple[str, ...]


@cache
def entries(domain: str, language: str) -> dict[str, Entry]:
    """Every message of a domain in a language, by key; a missing translation reads English."""
    result: dict[str, Entry] = {}
    for message in catalogue(domain, language):
        if not message.id:
            continue  # the header
        english = tuple(message.id) if isinstance(message.id, tuple) else (str(message.id),)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        translated = tuple(str(one) for one in strings) if all(strings) else english
        key = message_key(message.context, english[0])
        result[key] = Entry(key, english, translated)
    return result


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


@cache
def page_messages(language: str) -> dict[str, PageMessage]:
    """The ``page`` catalogue as the browser reads it: key to text, or to its plural forms by
    CLDR category."""
    categories = plural_categories("page", language)
    result: dict[str, PageMessage] = {}
    for key, entry in entries("page", language).items():
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
