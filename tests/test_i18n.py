"""Every catalogue complete in every language: each message of the English source translated,
with the same named placeholders, the language's plural forms, and no English left over; and
every key the page and the CLI ask for present."""

from __future__ import annotations

import ast
import inspect
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

import sequenza
from sequenza import i18n
from sequenza.ai import levels
from sequenza.app.web.table_undo import UNDO_REASONS
from sequenza.core.registry import available_games, game_class, game_kits
from sequenza.core.table import UndoRefusal
from sequenza.sim.metrics import metrics_for

DOMAINS = ("page", "cli", "games", "report", "mistakes")
TRANSLATIONS = [language for language in i18n.languages() if language != i18n.SOURCE_LANGUAGE]
#: Every catalogue of these domains, by (domain, folder): the project's shared ones, then each
#: game's own (the test plug-in's among them), checked the same way.
CATALOGUES = [(domain, i18n.LOCALE_DIR) for domain in DOMAINS] + [
    ("games", folder) for folder in i18n.catalogue_folders("games")[1:]
]
SOURCE = Path(sequenza.__file__).parent
STATIC = SOURCE / "app" / "web" / "static"

#: Messages a language writes as English does, on purpose: (language, key).
SAME_AS_ENGLISH = {
    ("it", "common.ok"),  # "OK" is Italian too
    ("fi", "common.ok"),  # and Finnish
    ("it", "lobby.seat_bot"),  # "Bot: {name} ({level})": Italian says "bot"
    ("it", "common.no"),  # the games' "no"
    ("eo", "common.centre"),  # the grid's centre: "centre" is Esperanto's adverb
    ("fi", "sequence_numbers.plus"),  # the Plus card keeps its name (glossary: Plus-kortti)
    ("eo", "sequence_numbers.plus"),
    ("eo", "sequence_numbers.minus"),  # Esperanto's Minus card
    ("it", "report.bot"),  # the balance report's "bot": Italian says "bot"
    ("fi", "sequence_numbers.spoken_plus"),  # "3 plus 4" reads the same in Finnish
    ("eo", "sequence_numbers.spoken_plus"),  # and in Esperanto
    ("eo", "sequence_numbers.spoken_minus"),
}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_four_languages_have_catalogues() -> None:
    assert set(i18n.languages()) == {"en", "it", "fi", "eo"}
    assert i18n.languages()[0] == "en"
    assert [i18n.language_name(one) for one in ("en", "it", "fi", "eo")] == [
        "English",
        "Italiano",
        "Suomi",
        "Esperanto",
    ]


def keyed(catalogue: Catalog) -> dict[str, Message]:
    return {
        i18n.message_key(
            message.context, message.id[0] if isinstance(message.id, tuple) else message.id
        ): message
        for message in catalogue
        if message.id
    }


@pytest.mark.parametrize(
    ("domain", "folder"),
    CATALOGUES,
    ids=[f"{domain}-{folder.parent.name}" for domain, folder in CATALOGUES],
)
@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_message_is_translated_with_the_same_placeholders(
    domain: str, folder: Path, language: str
) -> None:
    assert i18n.catalogue_path(domain, language, folder).is_file(), f"no {language} catalogue"
    source = i18n.catalogue_entries(i18n.catalogue(domain, i18n.SOURCE_LANGUAGE, folder))
    catalogue = i18n.catalogue(domain, language, folder)
    translated = keyed(catalogue)
    assert translated.keys() == source.keys(), "keys missing or left over"
    # A game's catalogue counts plural forms as the language does (the shared one's rule).
    assert catalogue.plural_forms == i18n.catalogue(domain, language).plural_forms
    forms = catalogue.num_plurals
    problems = []
    for key, entry in source.items():
        message = translated[key]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = placeholders(entry.english[-1])
        if len(entry.english) > 1 and len(strings) != forms:
            problems.append(f"{key}: {len(strings)} plural forms, {language} has {forms}")
        for text in strings:
            if not text or not text.strip():
                problems.append(f"{key}: empty")
            elif "TODO" in text or "FIXME" in text:
                problems.append(f"{key}: a placeholder translation {text!r}")
            elif placeholders(text) != expected:
                problems.append(f"{key}: placeholders {placeholders(text)} != {expected}")
        if strings[0] == entry.english[0] and (language, key) not in SAME_AS_ENGLISH:
            problems.append(f"{key}: still English ({strings[0]!r})")
        if "fuzzy" in message.flags:
            problems.append(f"{key}: marked fuzzy")
    assert not problems, "\n".join(problems)


def test_the_allowed_english_words_are_still_in_use() -> None:
    for language, key in SAME_AS_ENGLISH:
        assert any(key in i18n.entries(domain, language) for domain in ("page", "games", "report"))


@pytest.mark.parametrize("language", i18n.languages())
def test_plural_forms_follow_cldr(language: str) -> None:
    categories = i18n.plural_categories("page", language)
    assert categories[0] == "one" and categories[-1] == "other"
    words = i18n.Translator("page", language)
    one, other = words.plural("end.moves", 1), words.plural("end.moves", 7)
    assert one.startswith("1 ") and other.startswith("7 ") and one[2:] != other[2:]
    assert i18n.page_messages(language)["end.moves"] == dict(
        zip(categories, i18n.entries("page", language)["end.moves"].translated, strict=True)
    )


def test_italian_names_its_million_form_as_cldr_does() -> None:
    assert i18n.plural_categories("page", "it") == ("one", "many", "other")


def test_numbers_are_written_the_languages_way() -> None:
    assert i18n.Translator("cli", "en").plural("cli.game_players", 1234, counts="x") == "x players"
    assert i18n.Translator("page", "it").plural("end.moves", 1234) == "1.234 mosse"
    assert i18n.Translator("page", "fi").plural("end.moves", 1234) == "1\xa0234 siirtoa"


def test_the_browser_language_is_the_first_known_one_of_accept_language() -> None:
    header = "de-CH, de;q=0.9, fi;q=0.5, it-IT;q=0.8, en;q=0.1"
    assert i18n.parse_accept_language(header) == ["de-CH", "de", "it-IT", "fi", "en"]
    assert i18n.negotiate(i18n.parse_accept_language(header)) == "it"
    assert i18n.negotiate(i18n.parse_accept_language("pt-BR, *;q=0.5")) == "en"
    assert i18n.negotiate(i18n.parse_accept_language("it;q=0, eo")) == "eo"
    assert i18n.negotiate(i18n.parse_accept_language(None)) == "en"


def test_the_terminal_language_is_read_as_gettext_reads_it() -> None:
    assert i18n.from_environment({"LANG": "fi_FI.UTF-8"}) == "fi"
    assert i18n.from_environment({"LANG": "fi_FI.UTF-8", "LC_ALL": "it_IT.UTF-8"}) == "it"
    assert i18n.from_environment({"LANGUAGE": "pt:eo", "LC_ALL": "it_IT.UTF-8"}) == "eo"
    assert i18n.from_environment({"LANG": "C.UTF-8"}) == "en"
    assert i18n.from_environment({"LC_ALL": "C", "LANG": "it_IT.UTF-8"}) == "en"
    assert i18n.from_environment({}) == "en"


def literal_keys(text: str, prefixes: tuple[str, ...]) -> set[str]:
    alternatives = "|".join(re.escape(prefix) for prefix in prefixes)
    pattern = rf'"((?:{alternatives})\.[a-z_]+)"'
    return set(re.findall(pattern, text))


#: The server's code that words its refusals from the ``page`` catalogue.
SERVER_CODE = sorted((SOURCE / "app" / "web").glob("*.py"))


def test_every_page_key_the_scripts_ask_for_exists_and_every_message_is_used() -> None:
    scripts = "\n".join(path.read_text(encoding="utf-8") for path in STATIC.glob("*.js"))
    scripts += (STATIC / "index.html").read_text(encoding="utf-8")
    # The games' words the shared drawings ask for are the games catalogue's.
    keys = set(i18n.entries("page", "en")) | set(i18n.entries("games", "en"))
    prefixes = tuple(sorted({key.split(".")[0] for key in keys}))
    asked = literal_keys(scripts, prefixes)
    assert asked - keys == set(), "asked for but not in the catalogue"
    # The server's refusals are worded by the server.
    asked |= literal_keys(server_code(), prefixes)
    # Error messages are asked for by the server's code ("error." + code).
    unused = {key for key in keys - asked if not key.startswith("error.")}
    assert unused & set(i18n.entries("page", "en")) == set(), (
        "in the catalogue but asked for nowhere"
    )


def server_code() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in SERVER_CODE)


def test_every_refusal_the_server_words_is_in_the_page_catalogue_and_every_one_is_used() -> None:
    keys = set(i18n.entries("page", "en"))
    asked = literal_keys(server_code(), ("problem", "undo"))
    assert asked - keys == set(), "asked for but not in the catalogue"
    problems = {key for key in keys if key.startswith("problem.")}
    assert problems - asked == set(), "in the catalogue but refused nowhere"
    # Each refusal gives exactly the fields its sentence names (a missing one would fail the
    # request that meets it with a KeyError, in every language).
    checked = 0
    for path in SERVER_CODE:
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
                continue
            if call.func.id not in ("TableError", "RateLimitedError"):
                continue
            key = next(
                arg.value
                for arg in call.args
                if isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and arg.value.startswith("problem.")
            )
            given = {keyword.arg for keyword in call.keywords} - {"detail"}
            if call.func.id == "RateLimitedError":
                given.add("seconds")  # the wait it is given
            english = i18n.entries("page", "en")[key].english
            wanted = placeholders(english[-1]) | ({"count"} if len(english) > 1 else set())
            assert given == wanted, f"{path.name}:{call.lineno} {key}"
            checked += 1
    assert checked >= len(problems)


def test_every_reason_a_move_cannot_be_taken_back_has_its_words() -> None:
    assert set(UNDO_REASONS) == set(UndoRefusal)
    scripts = (STATIC / "table-extras.js").read_text(encoding="utf-8")
    for code, key in UNDO_REASONS.items():
        assert f'{code}: "{key}"' in scripts, f"the page does not word {code}"
        for language in i18n.languages():
            assert i18n.entries("page", language)[key].translated[0]


def test_every_cli_key_the_code_asks_for_exists_and_every_message_is_used() -> None:
    app = SOURCE / "app"
    code = "\n".join(
        path.read_text(encoding="utf-8")
        for path in [*sorted(app.glob("cli*.py")), app / "terminal.py", app / "modes_cli.py"]
    )
    keys = {key for key in i18n.entries("cli", "en") if re.fullmatch(r"[a-z]+\.[a-z_]+", key)}
    asked = literal_keys(code, ("cli", "terminal"))
    assert asked == keys


def test_every_report_key_the_code_asks_for_exists_and_every_message_is_used() -> None:
    code = (SOURCE / "sim" / "report.py").read_text(encoding="utf-8")
    # Keys are asked for in either quotes (some inside f-strings); "report.html" is the page's
    # file name.
    asked = set(re.findall(r"""["'](report\.[a-z_]+)["']""", code)) - {"report.html"}
    assert asked == set(i18n.entries("report", "en"))


def kit_code() -> list[Path]:
    """Each game's code that asks for its words: its view, its rules page, its drawing."""
    found = {
        path
        for kit in game_kits()
        for path in (kit.view, kit.guide, Path(inspect.getfile(kit.drawing)))
    }
    return sorted(found)


#: What asks for the ``games`` catalogue's keys: the views, the shared drawings, the terminal's
#: drawings, the server.
GAMES_CODE = [
    *kit_code(),
    SOURCE / "app" / "render.py",
    STATIC / "rules" / "common.js",
    STATIC / "cards.js",
    STATIC / "views" / "generic.js",
    SOURCE / "ai" / "levels.py",
    SOURCE / "app" / "web" / "identity.py",
]


def catalogue_texts() -> set[str]:
    """The English the server, the command line and the balance report translate by its text:
    game summaries, options' help (a file's option only on the command line), the bot levels'
    summaries, the notes of their measured standing and the names of the games' measures (a
    game from another package brings its own, in its catalogues)."""
    texts = set(levels.SUMMARIES.values())
    for info in available_games():
        cls = game_class(info.id)
        texts.add(info.summary)
        texts |= {spec.description for spec in cls.options_class.specs()}
        texts |= {spec.label for spec in cls.options_class.specs()}
        metrics = metrics_for(info.id)
        texts |= {figure.label for figure in metrics.figures} | set(metrics.histograms.values())
    for game_id in {info.id for info in available_games()}:
        for level in levels.LEVELS:
            measured = levels.rating(level, game_id)
            if measured is not None:
                texts |= {
                    part
                    for part in str(measured["note"]).split("; ")
                    if not part.startswith("beats ")
                }
    return texts


def test_every_games_key_the_code_asks_for_exists_and_every_message_is_used() -> None:
    code = "\n".join(path.read_text(encoding="utf-8") for path in GAMES_CODE)
    keyed = {key for key in i18n.entries("games", "en") if re.fullmatch(r"[a-z_]+\.[a-z_]+", key)}
    prefixes = tuple(sorted({key.split(".")[0] for key in keyed}))
    asked = literal_keys(code, prefixes)
    assert asked - keyed == set(), "asked for but not in the catalogue"
    assert keyed - asked == set(), "in the catalogue but asked for nowhere"
    # The rest are the server's texts, looked up by their English.
    by_text = set(i18n.entries("games", "en")) - keyed
    assert by_text == catalogue_texts()


def test_the_games_keys_are_the_games_own_or_common() -> None:
    owners = {info.id.replace("-", "_") for info in available_games()} | {"common"}
    keyed = [key for key in i18n.entries("games", "en") if re.fullmatch(r"[a-z_]+\.[a-z_]+", key)]
    assert {key.split(".")[0] for key in keyed} <= owners
    assert set(keyed).isdisjoint(i18n.entries("page", "en")), "the page reads both catalogues"
    # Each game's keys live in its own folder, the shared words alone in the project's.
    for folder in i18n.catalogue_folders("games"):
        english = i18n.catalogue_entries(i18n.catalogue("games", "en", folder))
        prefixes = {key.split(".")[0] for key in english if re.fullmatch(r"[a-z_]+\.[a-z_]+", key)}
        if folder == i18n.LOCALE_DIR:
            assert prefixes == {"common"}
        else:
            games = {kit.id.replace("-", "_") for kit in game_kits() if kit.locale == folder}
            assert prefixes <= games, folder


def test_every_game_keeps_its_words_in_its_own_folder() -> None:
    # A game from this project or another package: its own catalogues, in every language.
    for kit in game_kits():
        assert kit.locale is not None, kit.id
        assert kit.locale.parent == kit.view.parent, kit.id
        assert kit.locale in i18n.catalogue_folders("games"), kit.id
        for language in i18n.languages():
            assert i18n.catalogue_path("games", language, kit.locale).is_file(), (kit.id, language)


@pytest.mark.parametrize("language", i18n.languages())
def test_the_catalogue_the_server_sends_is_in_the_requests_language(language: str) -> None:
    words = i18n.Translator("games", language)
    shift = game_class("sequentia-shift")
    assert (
        words.help(shift.info.summary)
        == i18n.entries("games", language)[shift.info.summary].translated[0]
    )
    described = levels.menu("sequentia-shift", language)
    assert [bot["name"] for bot in described] == [bot["name"] for bot in levels.menu()]
    if language != i18n.SOURCE_LANGUAGE:
        assert described != levels.menu("sequentia-shift")
        assert "rated" not in described[-1]["description"]
        assert "beats" not in described[-1]["description"]


def test_the_page_reads_the_games_words_too() -> None:
    assert i18n.page_messages("it")["sequentia_shift.grid"] == "Quadrato"
    assert i18n.page_messages("fi")["common.cards"] == {
        "one": "{count} kortti",
        "other": "{count} korttia",
    }
