"""The report: numbers that add up, raw results beside the page, plots in the page."""

import csv
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from sequenza.sim import (
    Simulation,
    Variant,
    parse_bots,
    report,
    run,
    summarize,
    sweep,
    write_report,
)
from sequenza.sim.metrics import metrics_for


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


class _Texts(HTMLParser):
    """A page's text nodes, as a reader sees them (the style sheet left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._style = tag == "style"

    def handle_data(self, data: str) -> None:
        if not self._style and data.strip():
            self.nodes.append(" ".join(data.split()))


def texts(page: str) -> list[str]:
    parser = _Texts()
    parser.feed(page)
    return parser.nodes


def plot_words(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Collect every text each plot draws (titles, axis labels, ticks, legends)."""
    from matplotlib.text import Text

    drawn: list[str] = []
    png = report._png

    def recording(figure: Any, words: report.ReportWords) -> str:
        figure.canvas.draw()  # the ticks are written when drawn
        drawn.extend(text.get_text() for text in figure.findobj(Text) if text.get_text())
        return png(figure, words)

    monkeypatch.setattr(report, "_png", recording)
    return drawn


def test_the_report_speaks_finnish(
    variants: list[Variant], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = write_report(tmp_path / "en", variants)["html"].read_text(encoding="utf-8")
    drawn = plot_words(monkeypatch)
    paths = write_report(tmp_path / "fi", variants, language="fi")
    finnish = paths["html"].read_text(encoding="utf-8")
    assert "<html lang='fi'>" in finnish and "<html lang='en'>" in english
    nodes = texts(finnish)
    for heading in ["Voittoprosentti paikoittain", "Voittoprosentti boteittain", "Aloittajan etu"]:
        assert heading in nodes
    assert "Muunnelmat yhdellä silmäyksellä" in nodes and "Pelien pituus" in nodes
    # Data stay as they are: the bots' and the variants' labels, the verbs, the files' names.
    data = {"random", "mcts:iterations=10,seconds=none", "hand_size=1", "hand_size=2", "play"}
    data |= {"random_first_player", "games.csv", "summary.json"}
    # A plug-in game's measures keep the names it gives them.
    toy = metrics_for("test-toy")
    data |= {figure.label for figure in toy.figures} | set(toy.histograms.values())
    assert data & set(nodes) > {"random"}
    left = []
    for node in texts(english):
        if not re.search(r"[A-Za-z]{2}", node) or node in data:
            continue
        if set(re.split(r"[,;] ", node)) <= data:  # a line-up, a list of variants
            continue
        # A phrase must be gone from the whole page, a single word from every node.
        if node in nodes or (" " in node and node in finnish):
            left.append(node)
    assert left == []
    # Finnish numbers: a decimal comma, a space before the per cent sign, "; " in intervals.
    assert re.search(r"\d,\d\xa0% <small>\[\d+,\d\xa0%; \d+,\d\xa0%\]</small>", finnish)
    assert re.search(r"\d+,\d\d <small>\[\d+,\d\d; \d+,\d\d\]</small>", finnish)
    assert not re.search(r"\d\.\d", " ".join(node for node in nodes if "=" not in node))
    # The plots: axis labels and legends in Finnish, per cents with the Finnish sign.
    assert {"voittoprosentti", "vuoroja pelissä", "pelit", "tasaosuus 50,0\xa0%"} <= set(drawn)
    assert "50\xa0%" in drawn
    assert not {"win rate", "games", "turns per game", "fair share 50.0%"} & set(drawn)
    # The data files keep their English keys whatever the language.
    document = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert document["seating"] == report.SEATING and "by_seat" in document["variants"][0]
    assert paths["csv"].read_text(encoding="utf-8").startswith("variant,index,seed,")


def test_a_games_measures_are_named_in_italian(tmp_path: Path) -> None:
    sim = Simulation("sequentia-shift", 2, parse_bots("random"), 4, seed=1)
    (games,) = run([sim], workers=1)
    paths = write_report(tmp_path, [Variant("default rules", sim, games)], language="it")
    nodes = texts(paths["html"].read_text(encoding="utf-8"))
    assert "Cosa conta in Sequentia · Shift" in nodes and "regole predefinite" in nodes
    assert "Movimenti per sequenza giocata (nel turno della sequenza)" in nodes
    assert "Movimenti fatti nel turno prima di ogni sequenza giocata" in nodes
    assert "Slides per claim (in the claiming turn)" not in nodes
    # The summary names the measures in English, as the game gives them.
    summary = json.loads(paths["json"].read_text(encoding="utf-8"))["variants"][0]
    assert "Claims per game" in {figure["label"] for figure in summary["figures"]}
