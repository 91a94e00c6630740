"""The report: numbers that add up, raw results beside the page, plots in the page."""

import csv
import json
from pathlib import Path

import pytest

from sequenza.sim import Simulation, Variant, parse_bots, run, summarize, sweep, write_report


@pytest.fixture(scope="module")
def variants() -> list[Variant]:
    base = Simulation("test-toy", 2, parse_bots("random,mcts:iterations=10,seconds=none"), 30, 1)
    labelled = sweep(base, ["hand_size=1,2"])
    results = run([sim for _, sim in labelled], workers=1)
    return [
        Variant(label, sim, games) for (label, sim), games in zip(labelled, results, strict=True)
    ]


def test_win_rates_add_up_and_match_the_games(variants: list[Variant]) -> None:
    variant = variants[1]
    summary = summarize(variant)
    assert sum(rate["rate"] for rate in summary["by_seat"]) == pytest.approx(1.0)
    assert summary["fair_share"] == 0.5
    mcts = summary["by_bot"]["mcts:iterations=10,seconds=none"]
    expected = sum(
        game.payoffs[game.lineup.index("mcts:iterations=10,seconds=none")]
        for game in variant.results
    )
    assert mcts["successes"] == pytest.approx(expected) and mcts["trials"] == 30
    assert mcts["low"] <= mcts["rate"] <= mcts["high"]
    # Rotation: each bot sat 15 times in each seat.
    for rates in summary["bot_by_seat"].values():
        assert [rate["trials"] for rate in rates] == [15, 15]
    assert summary["length"]["actions"]["mean"] == 6
    assert summary["endings"]["unfinished"] == 0
    assert summary["endings"]["terminations"] == {"cards_played": 30}
    assert summary["endings"]["stalls"]["successes"] == 0
    assert summary["verbs"] == {"play": 6.0}
    draws = sum(game.draw for game in variant.results)
    assert summary["endings"]["draws"]["successes"] == draws
    assert summary["endings"]["decisive"] == 30 - draws


def test_report_files(variants: list[Variant], tmp_path: Path) -> None:
    paths = write_report(tmp_path / "out", variants, {"back end": "local, 1 processes"})
    page = paths["html"].read_text(encoding="utf-8")
    for heading in ["Win rate by seat", "Win rate by bot", "First-player advantage", "Game length"]:
        assert heading in page
    assert "Variants at a glance" in page and "hand_size=1" in page and "hand_size=2" in page
    assert page.count("<img") >= 4 and "data:image/png;base64," in page
    document = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert [variant["label"] for variant in document["variants"]] == [
        "hand_size=1",
        "hand_size=2",
    ]
    assert document["run"] == {"back end": "local, 1 processes"}
    with paths["csv"].open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 60
    assert rows[0]["variant"] == "hand_size=1" and rows[0]["bot_0"] == "random"
    assert rows[1]["bot_0"] == "mcts:iterations=10,seconds=none"
    assert {row["verb:play"] for row in rows} == {"6"}
    assert {row["termination"] for row in rows} == {"cards_played"}
    assert "<td>cards played</td>" in page


def test_game_figures_appear_for_a_real_game(tmp_path: Path) -> None:
    sim = Simulation("sequentia-shift", 2, parse_bots("random"), 4, seed=1)
    (games,) = run([sim], workers=1)
    paths = write_report(tmp_path, [Variant("default rules", sim, games)])
    page = paths["html"].read_text(encoding="utf-8")
    assert "What matters in Sequentia · Shift" in page
    assert "Slides per claim" in page and "Slides made in the turn before each claim" in page
    summary = json.loads(paths["json"].read_text(encoding="utf-8"))["variants"][0]
    claims = sum(game.counts.get("claims", 0) for game in games)
    figures = {figure["label"]: figure["value"] for figure in summary["figures"]}
    assert figures["Claims per game"] == pytest.approx(claims / 4)
