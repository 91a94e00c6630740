"""The command line in the player's language: ``--lang``, else the environment's LANGUAGE,
LC_ALL or LANG; its own messages, the terminal game's prompts and the help of every command."""

from __future__ import annotations

import re

import pytest
import typer.main
from typer.testing import CliRunner

from sequenza import i18n
from sequenza.app import cli
from sequenza.app.cli import app
from sequenza.core.registry import game_class, game_kit
from sequenza.extras import MissingExtraError

runner = CliRunner()
#: A terminal that asks for nothing in particular.
PLAIN = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def test_games_are_listed_in_finnish() -> None:
    result = runner.invoke(app, ["--lang", "fi", "games"], env=PLAIN)
    assert result.exit_code == 0, result.output
    assert "2 pelaajaa" in result.output and "players" not in result.output


def test_the_games_and_the_bots_are_described_in_the_chosen_language() -> None:
    games = runner.invoke(app, ["--lang", "it", "games"], env=PLAIN)
    assert "Sposta le carte su un quadrato" in games.output
    assert "Slide cards" not in games.output
    bots = runner.invoke(app, ["--lang", "eo", "bots", "sequentia-stack"], env=PLAIN)
    assert bots.exit_code == 0, bots.output
    assert "Komencanto: ajna permesita movo, hazarde" in bots.output
    assert "rated" not in bots.output and "takso" in bots.output


def test_a_terminal_game_in_italian() -> None:
    moves = "regole\n" + "1\n" * 10
    result = runner.invoke(
        app, ["--lang", "it", "play", "test-toy", "--seed", "4"], input=moves, env=PLAIN
    )
    assert result.exit_code == 0, result.output
    assert "sei il posto 1 di 2. Numero di mescolata 4." in result.output
    assert "«regole» mostra le regole, «esci» termina." in result.output
    assert "posto 1 > " in result.output and "seat 1 >" not in result.output
    # "regole" showed the rules (the toy game has no rulebook: its own English rules text),
    # then the game went on to its end: the result is Italian, and so are the drawing and the
    # ending, the toy game's own words from its own folder (tests/plugin/toy_cards/locale).
    assert "Play a card, draw a card" in result.output
    assert "Carte giocattolo: giocate 6, 0 carte da pescare" in result.output
    assert "Tutte le carte sono giocate. Hai vinto (11 – 10)." in result.output
    assert "Every card is played." not in result.output


def test_the_log_of_a_terminal_game_reads_in_the_cli_s_language() -> None:
    finnish = runner.invoke(
        app,
        ["--lang", "fi", "play", "sequence-stacks", "--seed", "1"],
        input="1\nlopeta\n",
        env=PLAIN,
    )
    assert finnish.exit_code == 0, finnish.output
    assert "  Jokaiselle pelaajalle jaetaan 5 korttia." in finnish.output
    assert "  Sinä: Aloita uusi pino (punainen) kortilla punainen jokeri" in finnish.output
    esperanto = runner.invoke(
        app, ["play", "sequentia-shift", "--seed", "1"], input="quit\n", env={**PLAIN, "LANG": "eo"}
    )
    assert "ĉiu ludanto tiras sekretan celkarton. Vi komencas." in esperanto.output


def test_the_italian_quit_word_stops_and_the_english_one_still_does() -> None:
    for word in ("esci", "quit"):
        result = runner.invoke(
            app, ["--lang=it", "play", "test-toy", "--seed", "4"], input=f"{word}\n", env=PLAIN
        )
        assert result.exit_code == 0 and result.output.count("posto 1 > ") == 1


def test_the_environment_chooses_when_lang_is_not_given() -> None:
    esperanto = runner.invoke(app, ["games"], env={**PLAIN, "LANG": "eo.UTF-8"})
    assert "2 ludantoj" in esperanto.output
    english = runner.invoke(app, ["--lang", "en", "games"], env={**PLAIN, "LC_ALL": "fi_FI.UTF-8"})
    assert "2 players" in english.output


def test_an_unknown_language_is_refused_in_the_terminals_language() -> None:
    result = runner.invoke(app, ["--lang", "xx", "games"], env={**PLAIN, "LANG": "fi_FI.UTF-8"})
    assert result.exit_code == 2
    assert "virhe: tuntematon kieli xx; kielet ovat: en, eo, fi, it" in result.output


def test_errors_of_the_cli_are_translated() -> None:
    result = runner.invoke(app, ["--lang", "it", "play", "test-toy", "--seat", "5"], env=PLAIN)
    assert result.exit_code == 2
    assert "errore: a un tavolo da 2 giocatori non c'è il posto 5" in result.output


def help_texts(command: object) -> list[str]:
    texts = [command.help] if getattr(command, "help", None) else []  # type: ignore[attr-defined]
    texts += [
        param.help for param in getattr(command, "params", []) if getattr(param, "help", None)
    ]
    for sub in getattr(command, "commands", {}).values():
        texts += help_texts(sub)
    return texts


def test_every_help_text_has_a_translation() -> None:
    english = help_texts(typer.main.get_command(app))
    for language in ("it", "fi", "eo"):
        words = i18n.Translator("cli", language)
        assert [text for text in english if words.help(text) == text] == [], language


def test_help_is_shown_in_the_chosen_language() -> None:
    result = runner.invoke(app, ["--lang", "fi", "play", "--help"], env=PLAIN)
    assert result.exit_code == 0
    assert "Pelaa peli päätteessä botteja vastaan." in result.output
    assert "Paikkasi (1 aloittaa)." in result.output
    listing = runner.invoke(app, ["--help"], env={**PLAIN, "LANG": "it_IT.UTF-8"})
    assert "Elenca i giochi con i loro id e il numero di giocatori." in listing.output


#: A move's number, typed at every prompt: the human seat always plays the first move listed.
FIRST_MOVES = "1\n" * 200
#: A word (three letters or more) of a screen.
WORD = re.compile(r"[^\W\d_]{3,}")
#: A line of the numbered list of moves, whose words are the game's notation in every language.
MOVE_LINE = re.compile(r"^\s+\d+\. (.*)$")
#: English words a translated screen may show: the games' names and the bots' (proper names), an
#: Italian word spelt as the English one, Esperanto's adverb "centre", and the notation of cards
#: and moves that the screens quote as the list of moves writes them (a Minus card, the last
#: action "remove minus F4", Sequence Stacks' action cards).
ENGLISH_ALLOWED = {
    *("Sequentia", "Shift", "Stack", "Cross", "Sequence", "Stacks", "Numbers", "Random", "bot"),
    *("bonus", "pile", "centre"),
    *("minus", "Minus", "remove", "reverse"),
}


def screen_words(output: str) -> tuple[set[str], set[str]]:
    """The words of a terminal game's screens, and the words of its lists of moves."""
    shown: set[str] = set()
    moves: set[str] = set()
    for line in output.splitlines():
        move = MOVE_LINE.match(line)
        if move:
            moves |= set(WORD.findall(move.group(1)))
        else:
            shown |= set(WORD.findall(line))
    return shown - moves, moves


@pytest.mark.parametrize(
    "game",
    [
        "sequentia-shift",
        "sequentia-stack",
        "sequentia-cross",
        "sequence-stacks",
        "sequence",
        "sequence-numbers",
    ],
)
def test_a_terminal_game_shows_no_english_in_another_language(game: str) -> None:
    """The same game (same seed, same moves) in English and in each other language: no word of
    the English screens (drawings, log, prompts) is on the other language's screens."""
    english = runner.invoke(app, ["play", game, "--seed", "2"], input=FIRST_MOVES, env=PLAIN)
    assert english.exit_code == 0, english.output
    english_words, english_moves = screen_words(english.output)
    assert {"seat", "you"} <= english_words
    for language in ("it", "fi", "eo"):
        result = runner.invoke(
            app, ["--lang", language, "play", game, "--seed", "2"], input=FIRST_MOVES, env=PLAIN
        )
        assert result.exit_code == 0, result.output
        shown, moves = screen_words(result.output)
        left = (english_words & shown) - english_moves - moves - ENGLISH_ALLOWED
        assert left == set(), f"{game} in {language} still shows English: {sorted(left)}"


def test_the_drawing_counts_in_the_languages_plural_forms() -> None:
    result = runner.invoke(
        app, ["--lang", "fi", "play", "sequentia-stack", "--seed", "3"], input="1\n", env=PLAIN
    )
    assert "Pakka: 48 korttia" in result.output
    assert "paikka 1 (sinä): 2 korttia kädessä, 0 kerättyä korttia" in result.output
    english = runner.invoke(app, ["play", "sequentia-stack", "--seed", "3"], input="1\n", env=PLAIN)
    assert "seat 2: 3 cards in hand, 0 cards collected" in english.output


def rulebook_page(game: str, language: str) -> str:
    rulebook = game_kit(game).rulebook
    assert rulebook is not None
    return (rulebook / language / f"{game}.md").read_text(encoding="utf-8")


def words_of(text: str) -> str:
    """Text as the terminal shows it, whatever the wrapping: its words, one space apart."""
    return " ".join(text.split())


def paragraphs(page: str) -> list[str]:
    """The plain paragraphs of a rulebook page (no headings, lists or Markdown marks)."""
    return [
        words_of(block)
        for block in page.split("\n\n")
        if block and not block.startswith(("#", "-", "|", "1.")) and not set(block) & set("*`[_")
    ]


def test_the_rules_are_printed_in_the_chosen_language_with_the_tables_options() -> None:
    result = runner.invoke(
        app, ["--lang", "it", "rules", "sequentia-shift", "-o", "slide_limit=4"], env=PLAIN
    )
    assert result.exit_code == 0, result.output
    shown = words_of(result.output)
    italian = paragraphs(rulebook_page("sequentia-shift", "it"))
    assert len(italian) > 3 and all(paragraph in shown for paragraph in italian)
    assert not any(
        paragraph in shown for paragraph in paragraphs(rulebook_page("sequentia-shift", "en"))
    )
    # This table's options, each with its value and its description in Italian.
    assert "Le opzioni di questo tavolo" in shown
    described = i18n.Translator("games", "it").help(
        next(
            spec.description
            for spec in game_class("sequentia-shift").options_class.specs()
            if spec.name == "slide_limit"
        )
    )
    assert words_of(f"slide_limit = 4: {described}") in shown


def test_the_terminals_rules_command_prints_the_rules_in_the_players_language() -> None:
    result = runner.invoke(
        app,
        ["--lang", "eo", "play", "sequence-stacks", "--seed", "1"],
        input="reguloj\n",
        env=PLAIN,
    )
    assert result.exit_code == 0, result.output
    esperanto = paragraphs(rulebook_page("sequence-stacks", "eo"))
    assert len(esperanto) > 3 and all(
        paragraph in words_of(result.output) for paragraph in esperanto
    )
    assert "Options (name = default)" not in result.output


def test_an_illegal_move_is_answered_in_the_players_language() -> None:
    result = runner.invoke(
        app,
        ["--lang", "it", "play", "sequentia-shift", "--seed", "3"],
        input="slide 9 9\n999\nesci\n",
        env=PLAIN,
    )
    assert result.exit_code == 0, result.output
    assert (
        "«slide 9 9» non è una mossa possibile ora: scrivi un numero dell'elenco" in result.output
    )
    assert "«999» non è una mossa possibile ora" in result.output
    assert "illegal action" not in result.output
    english = runner.invoke(
        app, ["play", "sequentia-shift", "--seed", "3"], input="slide 9 9\nquit\n", env=PLAIN
    )
    assert "“slide 9 9” is not a move now: type a number from the list" in english.output


#: Typer's and Click's words in ``sequenza play --help``, by language.
HELP_WORDS = {
    "en": ("Usage:", "Arguments", "Options", "[required]", "[default: 1]", "Show this message"),
    "it": ("Uso:", "Argomenti", "Opzioni", "[obbligatorio]", "[predefinito: 1]", "Mostra questo"),
    "fi": ("Käyttö:", "Argumentit", "Valitsimet", "[pakollinen]", "[oletus: 1]", "Näytä tämä ohje"),
    "eo": ("Uzado:", "Argumentoj", "Opcioj", "[deviga]", "[defaŭlte: 1]", "Montri ĉi tiun"),
}


def test_typers_own_words_in_help_are_in_the_chosen_language() -> None:
    # English last: a language chosen before must not stay for the next command line.
    for language in ("it", "fi", "eo", "en"):
        result = runner.invoke(app, ["--lang", language, "play", "--help"], env=PLAIN)
        assert result.exit_code == 0, result.output
        for word in HELP_WORDS[language]:
            assert word in result.output, (language, word)
        if language != "en":
            for english in HELP_WORDS["en"]:
                assert english not in result.output, (language, english)
    listing = runner.invoke(app, ["--lang", "eo", "--help"], env=PLAIN)
    assert "Uzado: root [OPCIOJ] KOMANDO [ARGUMENTOJ]..." in listing.output
    assert "Komandoj" in listing.output and "Commands" not in listing.output


def test_usage_errors_are_told_in_the_chosen_language() -> None:
    unknown = runner.invoke(app, ["--lang", "it", "play", "--sed", "3"], env=PLAIN)
    assert unknown.exit_code == 2
    assert "Errore" in unknown.output and "Uso: root play" in unknown.output
    assert "Opzione sconosciuta: --sed (le opzioni sono: --seat, --seed" in unknown.output
    assert "No such option" not in unknown.output and "Try " not in unknown.output
    missing = runner.invoke(app, ["--lang", "fi", "play"], env=PLAIN)
    assert missing.exit_code == 2 and "Argumentti 'game' puuttuu." in missing.output
    invalid = runner.invoke(
        app, ["--lang", "eo", "play", "sequentia-shift", "--seat", "x"], env=PLAIN
    )
    assert "Nevalida valoro por '--seat': necesas entjero" in invalid.output
    command = runner.invoke(app, ["--lang", "it", "gmes"], env=PLAIN)
    assert "Comando sconosciuto: 'gmes'. Forse intendevi 'games'?" in command.output
    english = runner.invoke(app, ["play", "--sed", "3"], env=PLAIN)
    assert "No such option: --sed" in english.output and "Error" in english.output


def test_the_clis_own_errors_are_told_in_the_chosen_language() -> None:
    value = runner.invoke(
        app, ["--lang", "fi", "rules", "sequentia-shift", "-o", "slide_limit=x"], env=PLAIN
    )
    assert value.exit_code == 2
    assert "virhe: asetus slide_limit ei hyväksy arvoa 'x'" in value.output
    unknown = runner.invoke(app, ["--lang", "it", "play", "nessuno"], env=PLAIN)
    assert "errore: gioco sconosciuto: 'nessuno'; vedi: sequenza games" in unknown.output
    players = runner.invoke(
        app, ["--lang", "eo", "play", "sequentia-shift", "--players", "7"], env=PLAIN
    )
    assert "eraro: Sequentia · Shift estas ludata de 2-4 ludantoj, ne de 7" in players.output


def test_a_missing_extra_is_told_in_the_chosen_language(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(extra: str, feature: str) -> None:
        raise MissingExtraError(extra, feature, ["uvicorn"])

    monkeypatch.setattr(cli, "require", missing)
    result = runner.invoke(app, ["--lang", "it", "serve"], env=PLAIN)
    assert result.exit_code == 2
    assert (
        "errore: sequenza serve richiede uvicorn: installalo con pip install 'sequenza[web]'"
        in result.output
    )


def test_the_rules_mark_the_options_the_published_rules_leave_open() -> None:
    result = runner.invoke(app, ["--lang", "it", "rules", "sequence"], env=PLAIN)
    assert result.exit_code == 0, result.output
    shown = words_of(result.output)
    decided = [spec for spec in game_class("sequence").options_class.specs() if spec.decision]
    assert decided
    for spec in decided:
        assert f"{spec.name} = " in shown
        line = shown.split(f"{spec.name} = ")[1].split("•")[0]
        assert "(scelta nostra)" in line
    assert "(scelta nostra)" not in shown.split("random_first_player = ")[1].split("•")[0]


#: Each kind of mistake Typer finds in a command line, made by a command line: the catalogue's
#: key and parameters of the sentence it must read as (a refused value's reason is a key of
#: its own, with its parameters), and the environment it runs in.
USAGE_ERRORS: list[tuple[list[str], dict[str, str], str, dict[str, object]]] = [
    (["play", "--zzz"], {}, "cli.no_such_option", {"option": "--zzz"}),
    (
        ["play", "--sed", "3"],
        {},
        "cli.no_such_option_hint",
        {"option": "--sed", "options": "--seat, --seed, --vs"},
    ),
    (["gmes"], {}, "cli.no_such_command_hint", {"command": "'gmes'", "commands": "'games'"}),
    (["xyzzy"], {}, "cli.no_such_command", {"command": "'xyzzy'"}),
    (["db"], {}, "cli.missing_command", {}),
    (["play"], {}, "cli.missing_argument", {"name": "'game'"}),
    (["play", "sequence", "--seat"], {}, "cli.option_needs_value", {"option": "'--seat'"}),
    (
        ["schema", "sequence", "--events=yes"],
        {},
        "cli.option_takes_no_value",
        {"option": "'--events'"},
    ),
    (["play", "sequence", "two", "more"], {}, "cli.extra_arguments", {"arguments": "two more"}),
    (
        ["play", "sequence", "--seat", "x"],
        {},
        "cli.invalid_value",
        {"name": "'--seat'", "reason": ("cli.reason_integer", {})},
    ),
    (
        ["serve", "--workers", "0"],
        {},
        "cli.invalid_value",
        {"name": "'--workers'", "reason": ("cli.reason_at_least", {"limit": "1"})},
    ),
    (
        ["serve", "--port", "70000"],
        {},
        "cli.invalid_value",
        {"name": "'--port'", "reason": ("cli.reason_at_most", {"limit": "65535"})},
    ),
    (
        ["serve", "--bot-delay", "soon"],
        {},
        "cli.invalid_value",
        {"name": "'--bot-delay'", "reason": ("cli.reason_number", {})},
    ),
    (
        ["serve", "--request-timeout", "0"],
        {},
        "cli.invalid_value",
        {"name": "'--request-timeout'", "reason": ("cli.reason_at_least", {"limit": 0.1})},
    ),
    (
        ["serve", "--log-format", "xml"],
        {},
        "cli.invalid_value",
        {"name": "'--log-format'", "reason": ("cli.reason_choice", {"choices": "text, json"})},
    ),
    (
        ["simulate", "sequence", "--backend", "cloud"],
        {},
        "cli.invalid_value",
        {"name": "'--backend'", "reason": ("cli.reason_choice", {"choices": "local, ray"})},
    ),
    (
        ["mode", "compare", "x.toml", "sequence", "--chooser", "best"],
        {},
        "cli.invalid_value",
        {
            "name": "'--chooser'",
            "reason": ("cli.reason_choice", {"choices": "random, greedy, ends"}),
        },
    ),
    # A value Typer itself refuses (a flag's from the environment) is named, without a reason.
    (
        ["serve"],
        {"SEQUENZA_WORKSHOP": "maybe"},
        "cli.invalid_value_env_only",
        {"name": "'--workshop'", "variable": "'SEQUENZA_WORKSHOP'"},
    ),
    (
        ["serve"],
        {"SEQUENZA_PORT": "eighty"},
        "cli.invalid_value_env",
        {
            "name": "'--port'",
            "variable": "'SEQUENZA_PORT'",
            "reason": ("cli.reason_integer", {}),
        },
    ),
]


def said(language: str, key: str, params: dict[str, object]) -> str:
    """A sentence of the CLI's catalogue in a language, its reason said there too."""
    words = i18n.Translator("cli", language)
    shown = {
        name: words.text(value[0], **value[1]) if isinstance(value, tuple) else value
        for name, value in params.items()
    }
    return words.text(key, **shown)


@pytest.mark.parametrize(("args", "env", "key", "params"), USAGE_ERRORS, ids=lambda x: str(x))
def test_every_kind_of_usage_error_is_said_in_every_language(
    args: list[str], env: dict[str, str], key: str, params: dict[str, object]
) -> None:
    english = said("en", key, params)
    # A wide terminal keeps each sentence on one line of the error's box.
    wide = {**PLAIN, "COLUMNS": "200", **env}
    for language in ("en", "it", "fi", "eo"):
        result = runner.invoke(app, ["--lang", language, *args], env=wide)
        assert result.exit_code == 2, (language, result.output)
        words = i18n.Translator("cli", language)
        assert said(language, key, params) in result.output, (language, result.output)
        assert words.text("cli.error_title") in result.output
        assert words.text("cli.usage") in result.output
        hint = i18n.entries("cli", language)["cli.help_hint"].translated[0]
        assert hint.split("{command}")[0] in result.output
        if language != "en":
            assert english not in result.output, language
            assert not re.search(r"\b(Error|Usage|Try)\b", result.output), language


def test_the_help_of_every_option_speaks_the_chosen_language() -> None:
    result = runner.invoke(
        app, ["--lang", "it", "serve", "--help"], env={**PLAIN, "COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "[variabile d'ambiente: SEQUENZA_PORT] [predefinito: 8000]" in result.output
    # A pair of flags shows the one that is on by default.
    assert "[predefinito: no-workshop]" in result.output
    # Every option's help, as its translation begins.
    italian = i18n.Translator("cli", "it")
    serve = typer.main.get_command(app).commands["serve"]  # type: ignore[attr-defined]
    for param in serve.params:
        assert italian.help(param.help)[:40] in result.output, param.name
    for english in ("env var", "default:", "Options", "Show this message", "Usage"):
        assert english not in result.output, english
    group = runner.invoke(app, ["--lang", "fi", "mode", "--help"], env=PLAIN)
    assert "Komennot" in group.output and "Käyttö: root mode [VALITSIMET] KOMENTO" in group.output


def test_an_abort_is_told_in_the_chosen_language(monkeypatch: pytest.MonkeyPatch) -> None:
    def aborted(extra: str, feature: str) -> None:
        raise typer.Abort()

    monkeypatch.setattr(cli, "require", aborted)
    result = runner.invoke(app, ["--lang", "eo", "serve"], env=PLAIN)
    assert result.exit_code == 1
    assert "Ĉesigita." in result.output and "Aborted" not in result.output


def test_the_choices_the_command_line_names_are_the_engines() -> None:
    """The back ends and the choosers the command line accepts are exactly the simulator's
    and the comparison's: each is let through, and the refusal lists them all."""
    from sequenza.modes.identity import CHOOSERS
    from sequenza.sim.runner import BACKENDS

    for args, accepted, name in (
        (["simulate", "no-such-game", "--backend"], BACKENDS, "'--backend'"),
        (["mode", "compare", "missing.toml", "sequence", "--chooser"], CHOOSERS, "'--chooser'"),
    ):
        refused = runner.invoke(app, [*args, "other"], env=PLAIN)
        assert said("en", "cli.reason_choice", {"choices": ", ".join(accepted)}) in refused.output
        for value in accepted:
            result = runner.invoke(app, [*args, value], env=PLAIN)
            assert result.exit_code == 2 and name not in result.output, (value, result.output)


def command_paths(command: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and group of the command line, by its words after ``sequenza``."""
    paths = [path]
    for name, sub in getattr(command, "commands", {}).items():
        paths += command_paths(sub, (*path, name))
    return paths


def test_no_help_page_keeps_typers_english() -> None:
    root = typer.main.get_command(app)
    english = re.compile(r"\b(Usage|Arguments|Options|Commands|default:|required|env var|Show)\b")
    # Each page in one of the other languages, in turn: the pages share one drawing.
    languages = ("it", "fi", "eo")
    for index, path in enumerate(command_paths(root)):
        language = languages[index % len(languages)]
        result = runner.invoke(app, ["--lang", language, *path, "--help"], env=PLAIN)
        assert result.exit_code == 0, (path, result.output)
        words = i18n.Translator("cli", language)
        assert words.text("cli.usage") in result.output, (path, language)
        assert words.text("cli.help_option") in words_of(result.output), (path, language)
        assert not english.search(result.output), (path, language)
