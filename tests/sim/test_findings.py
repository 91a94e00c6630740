"""The key findings a balance report and the terminal open with: an uneven seat, a bot off its
fair share in a mixed line-up, stalls and draws worth a look, the rules in force, and what a
sweep changed, each in a sentence of the reader's language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sequenza.sim import Simulation, Variant, parse_bots, run, sweep, write_report
from sequenza.sim.findings import sweep_findings, variant_findings
from sequenza.sim.report import ReportWords, finding_text
from sequenza.sim.stats import Rate, Spread


def summary(
    seat_wins: list[float],
    games: int,
    *,
    bots: dict[str, tuple[float, int]] | None = None,
    stalls: int = 0,
    draws: int = 0,
    unfinished: int = 0,
    turns: list[float] | None = None,
    label: str = "",
) -> dict[str, Any]:
    """A summary as ``report.summarize`` writes it, with only the parts findings read."""
    return {
        "label": label,
        "games": games,
        "fair_share": 1 / len(seat_wins),
        "by_seat": [Rate(wins, games).to_json() for wins in seat_wins],
        "by_bot": {bot: Rate(*won).to_json() for bot, won in (bots or {"greedy": (1, 1)}).items()},
        "endings": {
            "draws": Rate(draws, games).to_json(),
            "stalls": Rate(stalls, games).to_json(),
            "unfinished": unfinished,
        },
        "length": {"turns": Spread.of(turns or [10, 11, 9, 10]).to_json()},
    }


def codes(found: list[Any]) -> list[str]:
    return [finding.code for finding in found]


def test_a_seat_that_wins_more_than_its_share_is_named_with_its_interval() -> None:
    # 3-player Sequence Stacks, greedy in every seat: seat 2 won 39.7% of 300 games.
    found = variant_findings(summary([90, 91, 119], 300), "sequence-stacks", {})
    assert codes(found) == ["seat", "rules"]
    seat = found[0].values
    assert seat["seat"] == 2 and round(seat["rate"], 3) == 0.397
    assert seat["low"] > 1 / 3
    text = finding_text(found[0].to_json(), ReportWords())
    assert text == (
        "Seat 2 wins 39.7% of the games [34.3%–45.3%] against a fair share of 33.3%: "
        "the seats are not even."
    )


def test_even_seats_say_so_and_a_mirror_line_up_names_no_bot() -> None:
    found = variant_findings(summary([50, 50], 100), "sequentia-stack", {})
    assert codes(found) == ["balanced", "rules"]
    assert finding_text(found[0].to_json(), ReportWords()).startswith("Over 100 games no seat wins")


def test_a_mixed_line_up_names_the_bot_off_its_share() -> None:
    mixed = summary([50, 50], 100, bots={"random": (20, 100), "greedy": (80, 100)})
    found = variant_findings(mixed, "sequentia-stack", {})
    assert codes(found) == ["bot", "bot", "rules"]
    assert [finding.values["bot"] for finding in found[:2]] == ["random", "greedy"]


def test_stalls_draws_and_unfinished_games_are_findings_above_a_few_percent() -> None:
    rare = variant_findings(summary([50, 50], 100, stalls=2, draws=1), "sequentia-shift", {})
    assert "stalls" not in codes(rare) and "draws" not in codes(rare)
    many = variant_findings(
        summary([45, 45], 100, stalls=8, draws=10, unfinished=3), "sequentia-shift", {}
    )
    assert codes(many) == ["balanced", "draws", "stalls", "unfinished", "rules"]


def test_the_rules_in_force_list_every_option_with_its_value() -> None:
    found = variant_findings(summary([50, 50], 100), "sequentia-shift", {"slide_limit": 4})
    rules = found[-1]
    assert rules.code == "rules"
    assert rules.values["options"]["slide_limit"] == 4
    # The defaults are listed too: the reader sees every rule the games were played with.
    assert "repetitions" in rules.values["options"]
    text = finding_text(rules.to_json(), ReportWords())
    assert text.startswith("Rules in force: ") and "slide_limit=4" in text


def test_a_sweep_names_what_changed_between_variants() -> None:
    short = summary([50, 50], 400, turns=[10.0] * 200 + [11.0] * 200, label="slide_limit=6")
    long = summary([160, 240], 400, turns=[20.0] * 200 + [22.0] * 200, label="slide_limit=2")
    found = sweep_findings([short, long])
    assert codes(found) == ["sweep_seat", "sweep_seat", "sweep_length"]
    text = finding_text(found[-1].to_json(), ReportWords())
    assert text == (
        "Games last 10.5 turns on average with slide_limit=6 and 21.0 with slide_limit=2."
    )
    assert sweep_findings([short, short]) == []


def test_the_report_opens_with_its_findings_in_the_readers_language(tmp_path: Path) -> None:
    base = Simulation("sequentia-stack", 2, parse_bots("random"), 12, 3)
    labelled = sweep(base, ["hand_size=2,3"])
    results = run([sim for _, sim in labelled], workers=1)
    variants = [
        Variant(label, sim, games) for (label, sim), games in zip(labelled, results, strict=True)
    ]
    paths = write_report(tmp_path, variants, language="it", page=False)
    document = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert [f["finding"] for f in document["variants"][0]["findings"]][-1] == "rules"
    assert "sweep_findings" in document
    page = write_report(tmp_path / "page", variants, language="it")["html"].read_text()
    findings_at = page.index("<h2>Cosa emerge</h2>")
    assert findings_at < page.index("<table class='run'>")
    assert "Regole in vigore: " in page
