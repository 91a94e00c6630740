"""`sequenza simulate` in the compiled core: the same games, results and summary as on the
Python engine, and the engine it runs on said where it cannot be the core."""

from __future__ import annotations

from dataclasses import replace

import pytest
from typer.testing import CliRunner

from sequenza import fast, i18n
from sequenza.app import cli
from sequenza.app.cli import _simulation_engine, app
from sequenza.sim import GameResult, Simulation, Variant, parse_bots, run, summarize
from sequenza.sim.match import core_problem, engine_used

needs_core = pytest.mark.skipif(not fast.available(), reason="the compiled core is not built")
runner = CliRunner()


def both_ways(sim: Simulation) -> tuple[list[GameResult], list[GameResult]]:
    (python,) = run([replace(sim, engine="python")], workers=1)
    (core,) = run([replace(sim, engine="fast")], workers=1)
    return list(python), list(core)


@needs_core
@pytest.mark.parametrize(
    ("game", "players", "bots"),
    [
        ("sequence", 2, "greedy,random"),
        ("sequence-numbers", 3, "greedy"),
        ("sequentia-stack", 2, "greedy,random"),
        ("sequentia-cross", 3, "random"),
        ("sequentia-shift", 3, "greedy,random,greedy"),
        ("sequence-stacks", 4, "random,greedy,greedy,random"),
    ],
)
def test_the_core_plays_the_very_games_of_the_python_engine(
    game: str, players: int, bots: str
) -> None:
    sim = Simulation(game, players, parse_bots(bots), games=3, seed=11)
    python, core = both_ways(sim)
    # Every field of every game: actions, turns, scores, endings and the game's own counts.
    assert python == core
    assert engine_used(sim) == "fast"


@needs_core
def test_a_seeded_summary_is_the_same_on_both_engines_and_a_cut_game_too() -> None:
    sim = Simulation("sequentia-cross", 2, parse_bots("greedy,random"), games=2, seed=5)
    python, core = both_ways(sim)
    assert summarize(Variant("x", sim, python)) == summarize(Variant("x", sim, core))
    cut = replace(sim, max_actions=7)
    python, core = both_ways(cut)
    assert python == core
    assert {game.termination for game in core} == {"unfinished"}


def test_the_core_plays_only_the_bots_and_games_it_has_twins_of() -> None:
    mcts = Simulation("sequence", 2, parse_bots("random,mcts:iterations=5"), games=1)
    shift_novice = Simulation("sequentia-shift", 2, parse_bots("novice"), games=1)
    toy = Simulation("test-toy", 2, parse_bots("random"), games=1)
    if not fast.available():
        assert core_problem(mcts) == ("no_core", "")
        return
    assert core_problem(mcts) == ("no_bot", "mcts:iterations=5")
    assert core_problem(shift_novice) == ("no_bot", "novice")
    assert core_problem(toy) == ("no_game", "test-toy")
    assert engine_used(replace(toy, engine="fast")) == "python"
    with pytest.raises(Exception, match="compiled core cannot"):
        replace(mcts, engine="fast").check()


@needs_core
def test_simulate_says_why_it_plays_on_python_and_refuses_fast_where_it_cannot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Called outside a command line, the command's words are those of the last command line
    # this process ran (another test's, maybe in Italian): English here.
    monkeypatch.setattr(cli, "words", i18n.Translator("cli", i18n.SOURCE_LANGUAGE))
    novice = Simulation("sequentia-shift", 2, parse_bots("novice"), games=1)
    assert _simulation_engine(novice, None) == "python"
    said = capsys.readouterr().err
    assert "Python engine: the compiled core has no twin of the bot novice" in said
    assert _simulation_engine(replace(novice, bots=parse_bots("greedy")), None) == "fast"
    assert _simulation_engine(novice, "python") == "python"
    assert capsys.readouterr().err == ""
    base = ["simulate", "sequentia-shift", "--games", "2", "--workers", "1"]
    refused = runner.invoke(app, [*base, "--bots", "novice", "--engine", "fast"])
    assert refused.exit_code == 2
    assert "--engine fast cannot play these games" in refused.output
    wrong = runner.invoke(app, [*base, "--engine", "rust"])
    assert wrong.exit_code == 2 and "unknown engine rust" in wrong.output
