"""The command line as a person uses it (run in-process with Typer's runner)."""

import json
from pathlib import Path

from typer.testing import CliRunner

from sequenza.app.cli import app

runner = CliRunner()


def test_games_lists_every_game_with_its_player_counts() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "test-toy" in result.output and "2 players" in result.output
    # The columns line up: every game's summary starts at the same place, in any language.
    for language in ("en", "fi"):
        listed = runner.invoke(app, ["--lang", language, "games"]).output.splitlines()
        sequence = next(line for line in listed if line.startswith("sequence "))
        column = sequence.index(sequence.split("  ")[-1])
        for line in listed:
            assert line[column - 2 : column] == "  " and line[column] != " ", line


def test_rules_show_the_options_and_defaults() -> None:
    result = runner.invoke(app, ["rules", "test-toy"])
    assert result.exit_code == 0
    assert "Play a card, draw a card" in result.output
    assert "hand_size = 2" in result.output


def test_rules_refuse_unknown_games_and_options_clearly() -> None:
    result = runner.invoke(app, ["rules", "nothing"])
    assert result.exit_code == 2 and "unknown game 'nothing'" in result.output
    result = runner.invoke(app, ["rules", "test-toy", "-o", "speed=3"])
    assert result.exit_code == 2 and "unknown option 'speed'" in result.output


def test_schema_prints_the_json_schema_of_a_game_s_observations() -> None:
    result = runner.invoke(app, ["schema", "sequentia-shift"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["properties"]["game"] == {"const": "sequentia-shift"}
    # A card travels as its text, which the schema describes.
    assert schema["properties"]["target"]["anyOf"][0]["pattern"] == r"^[123]:[123]{3}\+?$"
    result = runner.invoke(app, ["schema", "nothing"])
    assert result.exit_code == 2 and "unknown game 'nothing'" in result.output


def test_play_a_whole_game_by_numbers(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    moves = "\n".join(["1"] * 10) + "\n"
    result = runner.invoke(
        app, ["play", "test-toy", "--seed", "4", "--record", str(record)], input=moves
    )
    assert result.exit_code == 0, result.output
    assert "Every card is played." in result.output
    saved = json.loads(record.read_text())
    assert saved["game"] == "test-toy" and len(saved["actions"]) == 6


def test_an_illegal_entry_is_explained_and_asked_again() -> None:
    result = runner.invoke(app, ["play", "test-toy", "--seed", "4"], input="fly away\nquit\n")
    # The player's words, not the engine's (its reasons are English data for developers).
    assert "“fly away” is not a move now: type a number from the list" in result.output
    assert "illegal action" not in result.output
    assert result.output.count("seat 1 >") == 2


def test_quit_then_resume_loses_nothing(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    runner.invoke(
        app, ["play", "test-toy", "--seed", "4", "--record", str(record)], input="1\nquit\n"
    )
    played = json.loads(record.read_text())["actions"]
    assert len(played) == 2  # our move and the bot's answer
    result = runner.invoke(app, ["play", "test-toy", "--resume", str(record)], input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    assert json.loads(record.read_text())["actions"][:2] == played
    assert "Every card is played." in result.output


def test_the_terminal_log_names_the_bots_and_you_in_sentences() -> None:
    result = runner.invoke(app, ["play", "test-toy", "--seed", "4"], input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "  Random bot 2: Play 5" in lines
    assert any(line.endswith("  You: Play 2") for line in lines)  # after the prompt
    assert lines[-1] == "Every card is played. You won (11 – 10)."
    # The bot is named, not numbered: the only seat written is the player's own, counted
    # from 1 as the page counts ("you are seat 1", the prompt).
    assert "seat 2" not in result.output and "seat 0" not in result.output
    # Each move of the list is said in words beside its notation.
    assert "    1. play 2 — Play 2" in lines, [line for line in lines if "1." in line]


def test_resume_refuses_a_record_of_another_game(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps({"game": "sequence", "actions": []}))
    result = runner.invoke(app, ["play", "test-toy", "--resume", str(record)])
    assert result.exit_code == 2 and "not a record of a test-toy game" in result.output


def test_teacher_makes_a_times_table_deck_and_plays_it(tmp_path: Path) -> None:
    deck = tmp_path / "times.json"
    result = runner.invoke(
        app, ["numbers-deck", str(deck), "--operations", "*/", "--low", "1", "--high", "60"]
    )
    assert result.exit_code == 0, result.output
    cards = json.loads(deck.read_text())["cards"]
    assert any("*" in card for card in cards) and any("/" in card for card in cards)
    assert not any("+" in card.replace("plus", "") for card in cards)
    result = runner.invoke(
        app, ["play", "sequence-numbers", "-o", f"deck_file={deck}", "--seed", "1"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert "60" in result.output  # the board holds the class's numbers


def test_teacher_deck_with_a_range_too_small_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["numbers-deck", str(tmp_path / "d.json"), "--high", "10"])
    assert result.exit_code == 2 and "48 different numbers" in result.output
    assert not (tmp_path / "d.json").exists()


def test_bots_lists_the_levels_weakest_first_with_their_standing_in_a_game() -> None:
    result = runner.invoke(app, ["bots"])
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.output.splitlines()]
    assert names[:5] == ["random", "novice", "greedy", "mcts", "expert"]
    result = runner.invoke(app, ["bots", "sequentia-stack"])
    assert result.exit_code == 0
    assert "rated" in result.output
    refused = runner.invoke(app, ["bots", "chess"])
    assert refused.exit_code == 2 and "unknown game 'chess'" in refused.output
