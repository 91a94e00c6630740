"""A game from another package (``tests/plugin/toy_cards``, with the metadata of an installed
distribution beside it) appears everywhere a built-in game does, through its entry point alone.
The other suites play it too: the web server's tests (``test-toy`` tables against bots), the
simulator's (``sequenza simulate test-toy`` on two processes) and the contract's."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sequenza
from sequenza import i18n
from sequenza.ai.base import bot_names, make_bot
from sequenza.core import game_kit, register_kit
from sequenza.text import describe

PLUGIN_PATH = Path(__file__).parent / "plugin"


def _cli(*arguments: str, plugin: bool, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The command line in a fresh interpreter, with or without the plug-in on the path."""
    environment = {**os.environ, "PYTHONPATH": str(PLUGIN_PATH) if plugin else ""}
    return subprocess.run(
        [sys.executable, "-c", "from sequenza.app.cli import main; main()", *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )


def test_an_installed_package_adds_its_game_to_the_command_line() -> None:
    listed = _cli("games", plugin=True)
    assert listed.returncode == 0, listed.stderr
    assert "test-toy" in listed.stdout and "sequentia-shift" in listed.stdout
    without = _cli("games", plugin=False)
    assert without.returncode == 0 and "test-toy" not in without.stdout


def test_the_plug_in_game_plays_in_the_terminal_with_its_own_drawing() -> None:
    played = _cli("play", "test-toy", "--seed", "4", plugin=True, stdin="1\n1\n1\n")
    assert played.returncode == 0, played.stderr
    assert "Toy cards: played" in played.stdout and "Your hand:" in played.stdout


# The project's bots (other test modules register failing ones, named test-*, for the server).
@pytest.mark.parametrize("bot", [name for name in bot_names() if not name.startswith("test-")])
def test_every_bot_plays_the_plug_in_game(bot: str) -> None:
    state = sequenza.make("test-toy", seed=2)
    players = [make_bot(bot, seed=0), make_bot("random", seed=1)]
    while not state.is_over:
        seat = state.current_seat
        assert seat is not None
        state.apply(players[seat].act(state))
    result = state.result()
    assert result is not None and len(state.history) == 6


def test_an_incomplete_kit_is_refused_when_registered() -> None:
    toy = game_kit("test-toy")
    missing_view = dataclasses.replace(toy, view=toy.view.with_name("missing.js"))
    with pytest.raises(ValueError, match=r"view .*missing\.js is not a JavaScript file"):
        register_kit(missing_view)
    with pytest.raises(ValueError, match="registered twice"):
        register_kit(dataclasses.replace(toy))


def test_a_game_without_a_typed_observation_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    toy = game_kit("test-toy")
    monkeypatch.delattr(toy.game, "observation_class")
    with pytest.raises(ValueError, match="no observation_class"):
        register_kit(dataclasses.replace(toy))


def test_the_plug_in_brings_its_words_from_its_own_folder() -> None:
    toy = game_kit("test-toy")
    assert toy.locale == PLUGIN_PATH / "toy_cards" / "locale"
    # The page's words, the terminal's, the catalogue's texts and the log, in Italian, from the
    # plug-in's catalogues alone: the project's own catalogues hold none of them.
    assert i18n.page_messages("it")["test_toy.play"] == "Gioca il {card}"
    assert i18n.Translator("games", "fi").help(toy.game.info.summary) == "testipeli"
    assert not any(
        key.startswith("test_toy.") or key == toy.game.info.summary
        for key in i18n.catalogue_entries(i18n.catalogue("games", "en"))
    )
    event = {"event": "action", "seat": 0, "action": "play 4"}
    assert describe(event, game_id="test-toy", names=["Ann", "Bo"], lang="eo") == "Ann: Ludi 4"
