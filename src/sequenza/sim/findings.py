"""What a simulation found, as data: the balance report and the terminal open with these, in
words, so that a designer reads the finding instead of hunting for a green number in a table.

A finding is a code and its values (rates with their 95% intervals, counts, option names); the
report's catalogue turns it into a sentence in the reader's language. The findings are:

``seat``
    a seat whose win rate's interval excludes the fair share (1 / players);
``bot``
    a bot of a mixed line-up whose win rate's interval excludes the fair share;
``balanced``
    no seat (and no bot of a mixed line-up) is measurably off its fair share;
``draws``, ``stalls``
    draws or stall endings in more than ``NOTABLE_RATE`` of the games;
``unfinished``
    games stopped at the action limit;
``rules``
    the options in force, every one (the defaults included);
``sweep``
    between two variants of a sweep, a seat's win rate or the mean game length whose intervals
    do not overlap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sequenza.core.registry import game_class

#: Draws or stalls above this share of the games are worth a designer's attention.
NOTABLE_RATE = 0.03


@dataclass(frozen=True)
class Finding:
    """One thing the games showed: its code (see the module) and the values its sentence
    needs."""

    code: str
    values: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"finding": self.code, **self.values}


def _excludes(rate: dict[str, float], fair: float) -> bool:
    return bool(rate["high"] < fair or rate["low"] > fair)


def _apart(first: dict[str, float], second: dict[str, float]) -> bool:
    return bool(first["high"] < second["low"] or second["high"] < first["low"])


def rules_in_force(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """Every option of ``game`` with the value these games were played with."""
    values: dict[str, Any] = game_class(game).options_class.build(**options).to_json()
    return values


def variant_findings(summary: dict[str, Any], game: str, options: dict[str, Any]) -> list[Finding]:
    """What one variant's games showed (``summary`` as ``sequenza.sim.report.summarize``
    makes it)."""
    fair = summary["fair_share"]
    found: list[Finding] = []
    for seat, rate in enumerate(summary["by_seat"]):
        if _excludes(rate, fair):
            found.append(Finding("seat", {"seat": seat, **_rate(rate), "fair": fair}))
    bots = summary["by_bot"]
    if len(bots) > 1:
        for bot, rate in bots.items():
            if _excludes(rate, fair):
                found.append(Finding("bot", {"bot": bot, **_rate(rate), "fair": fair}))
    if not found:
        found.append(Finding("balanced", {"fair": fair, "games": summary["games"]}))
    endings = summary["endings"]
    for code in ("draws", "stalls"):
        if endings[code]["rate"] > NOTABLE_RATE:
            found.append(Finding(code, _rate(endings[code])))
    if endings["unfinished"]:
        found.append(Finding("unfinished", {"count": endings["unfinished"]}))
    found.append(Finding("rules", {"options": rules_in_force(game, options)}))
    return found


def sweep_findings(summaries: Sequence[dict[str, Any]]) -> list[Finding]:
    """What changed between the variants of a sweep: each pair of variants whose seat win
    rates or mean game lengths are measurably apart."""
    found: list[Finding] = []
    for index, first in enumerate(summaries):
        for second in summaries[index + 1 :]:
            for seat, (one, other) in enumerate(
                zip(first["by_seat"], second["by_seat"], strict=True)
            ):
                if _apart(one, other):
                    found.append(
                        Finding(
                            "sweep_seat",
                            {
                                "seat": seat,
                                "first": first["label"],
                                "first_rate": one["rate"],
                                "second": second["label"],
                                "second_rate": other["rate"],
                            },
                        )
                    )
            one_length, other_length = first["length"]["turns"], second["length"]["turns"]
            if _apart(one_length, other_length):
                found.append(
                    Finding(
                        "sweep_length",
                        {
                            "first": first["label"],
                            "first_turns": one_length["mean"],
                            "second": second["label"],
                            "second_turns": other_length["mean"],
                        },
                    )
                )
    return found


def _rate(rate: dict[str, float]) -> dict[str, float]:
    return {"rate": rate["rate"], "low": rate["low"], "high": rate["high"]}
