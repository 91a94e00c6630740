"""`sequenza simulate` as a designer runs it."""

import json
from pathlib import Path

from typer.testing import CliRunner

from sequenza.app.cli import app

runner = CliRunner()


def test_simulate_a_sweep_on_two_processes(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = runner.invoke(
        app,
        [
            "simulate",
            "test-toy",
            "--bots",
            "random,mcts:iterations=5,seconds=none",
            "--games",
            "20",
            "--seed",
            "3",
            "--sweep",
            "hand_size=1,2",
            "--workers",
            "2",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "40 games in" in result.output and "hand_size=2" in result.output
    # The terminal opens with the key findings in words: the rules in force for each variant.
    findings = result.output.index("Key findings")
    assert findings < result.output.index("40 games in")
    rules = [line for line in result.output.splitlines() if "• Rules in force: " in line]
    assert len(rules) == 2
    assert "hand_size=1" in rules[0] and "hand_size=2" in rules[1]
    assert (out / "report.html").exists() and (out / "games.csv").exists()
    document = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert document["run"]["back end"] == "local, 2 processes"
    assert [variant["config"]["options"] for variant in document["variants"]] == [
        {"hand_size": 1},
        {"hand_size": 2},
    ]


def test_simulate_a_real_game_with_an_option(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "sequentia-shift",
            "--players",
            "3",
            "--games",
            "3",
            "--option",
            "slide_limit=3",
            "--workers",
            "1",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    variant = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))["variants"][0]
    assert variant["label"] == "slide_limit=3" and variant["games"] == 3
    assert len(variant["by_seat"]) == 3


def test_simulate_refuses_bad_input_clearly() -> None:
    result = runner.invoke(app, ["simulate", "test-toy", "--bots", "random,random,random"])
    assert result.exit_code == 2 and "3 bots for 2 players" in result.output
    result = runner.invoke(app, ["simulate", "test-toy", "--sweep", "hand_size=9"])
    assert result.exit_code == 2 and "hand_size" in result.output
    result = runner.invoke(app, ["simulate", "test-toy", "--backend", "spark", "--games", "1"])
    # The command line refuses it before the runner would (tests/sim/test_runner.py).
    assert result.exit_code == 2
    assert "Invalid value for '--backend': it must be one of: local, ray" in result.output


def test_simulate_warns_that_a_clock_bound_bot_is_not_reproducible(tmp_path: Path) -> None:
    arguments = ["simulate", "test-toy", "--games", "2", "--workers", "1", "--out", str(tmp_path)]
    result = runner.invoke(app, [*arguments, "--bots", "mcts:seconds=0.01"])
    assert result.exit_code == 0, result.output
    assert "warning: bot 'mcts:seconds=0.01' thinks against the clock" in result.output
    result = runner.invoke(app, [*arguments, "--bots", "mcts:iterations=2"])
    assert result.exit_code == 0 and "warning" not in result.output


def test_the_summary_speaks_the_cli_language_with_its_numbers(tmp_path: Path) -> None:
    arguments = ["simulate", "test-toy", "--games", "4", "--workers", "1", "--seed", "2"]
    result = runner.invoke(app, ["--lang", "fi", *arguments, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    # Finnish words, a decimal comma and a space before the per cent sign.
    assert "4 peliä " in result.output and "keskimäärin" in result.output
    assert "tasaosuus 50,0\u00a0%" in result.output
    assert f"kirjoitettu {tmp_path / 'report.html'}" in result.output
    assert "games in" not in result.output and "fair share" not in result.output
    # The report's run table in Finnish; summary.json keeps its facts as English data.
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "paikallinen, 1 prosessi" in page and "4 peliä " in page
    document = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert document["run"]["back end"] == "local, 1 processes"
