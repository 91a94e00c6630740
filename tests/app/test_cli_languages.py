"""The command line in the player's language: ``--lang``, else the environment's LANGUAGE,
LC_ALL or LANG; its own messages, the terminal game's prompts and the help of every command."""

from __future__ import annotations

import typer.main
from typer.testing import CliRunner

from sequenza import i18n
from sequenza.app.cli import app

runner = CliRunner()
#: A terminal that asks for nothing in particular.
PLAIN = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def test_games_are_listed_in_finnish() -> None:
    result = runner.invoke(app, ["--lang", "fi", "games"], env=PLAIN)
    assert result.exit_code == 0, result.output
    assert "2 pelaajaa" in result.output and "players" not in result.output


def test_a_terminal_game_in_italian() -> None:
    moves = "regole\n" + "1\n" * 10
    result = runner.invoke(
        app, ["--lang", "it", "play", "test-toy", "--seed", "4"], input=moves, env=PLAIN
    )
    assert result.exit_code == 0, result.output
    assert "sei il posto 0 di 2. Seme 4." in result.output
    assert "«regole» mostra le regole, «esci» termina." in result.output
    assert "posto 0 > " in result.output and "seat 0 >" not in result.output
    # "regole" showed the rules, then the game went on to its end: the result is Italian, the
    # ending is the toy game's own sentence (a game from another package has no Italian one).
    assert "Play a card, draw a card" in result.output
    assert "Every card is played. Hai vinto (11 – 10)." in result.output


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
        assert result.exit_code == 0 and result.output.count("posto 0 > ") == 1


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
    assert "Paikkasi (0 aloittaa)." in result.output
    listing = runner.invoke(app, ["--help"], env={**PLAIN, "LANG": "it_IT.UTF-8"})
    assert "Elenca i giochi con i loro id e il numero di giocatori." in listing.output
