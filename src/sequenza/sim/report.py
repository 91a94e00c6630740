"""The balance report: a summary of each variant's games (JSON), the raw results (CSV) and an
HTML page with plots (matplotlib, Agg back end, embedded as PNG so the page is one file).

Every table shows one column per variant, so a sweep reads side by side.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import textwrap
from collections import Counter, defaultdict
from collections.abc import Sequence
from copy import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from sequenza import i18n
from sequenza.core.options import format_value
from sequenza.core.registry import game_class
from sequenza.sim.findings import sweep_findings, variant_findings
from sequenza.sim.match import DEFAULT_RULES, UNFINISHED, GameResult, Simulation
from sequenza.sim.metrics import VERB, Figure, metrics_for
from sequenza.sim.stats import Rate, Spread


@dataclass(frozen=True)
class Variant:
    """One rule variant of a run: its label, its simulation and its games."""

    label: str
    sim: Simulation
    results: list[GameResult]


#: How the seats rotate, in English for ``summary.json`` (the page says it in its language).
SEATING = i18n.Translator("report", i18n.SOURCE_LANGUAGE).text("report.seating")

#: The words for how a game ended, by its termination code; a plug-in game's own codes are
#: shown as they are, underscores as spaces.
ENDINGS = {
    "cards_played": "report.ending_cards_played",
    "chips_collected": "report.ending_chips_collected",
    "deck_exhausted": "report.ending_deck_exhausted",
    "idle_rounds": "report.ending_idle_rounds",
    "safety_net": "report.ending_safety_net",
    "sequences_made": "report.ending_sequences_made",
    "stall": "report.ending_stall",
    UNFINISHED: "report.ending_unfinished",
}

#: The command line's facts about a run (its keys), in the page's language.
RUN_FACTS = {"back end": "report.run_back_end", "time": "report.run_time"}


class ReportWords:
    """The report's words and numbers in one language: its sentences from the ``report``
    catalogue, a game's figure names from the ``games`` catalogue (by their English; a plug-in
    game's stay as it gives them), numbers with the language's signs."""

    def __init__(self, language: str = i18n.SOURCE_LANGUAGE) -> None:
        self._report = i18n.Translator("report", language)
        self._games = i18n.Translator("games", language)
        self.language = self._report.language

    def __call__(self, key: str, **params: object) -> str:
        return self._report.text(key, **params)

    def label(self, english: str) -> str:
        """A game's figure or histogram name in this language."""
        return self._games.help(english)

    def decimal(self, value: float, digits: int = 2) -> str:
        """``value`` with exactly ``digits`` decimals and no grouping: "3.14", "3,14"."""
        pattern = "0." + "0" * digits if digits else "0"
        return format_decimal(value, format=pattern, locale=self.language)

    def count(self, value: int) -> str:
        """A whole number with the language's grouping: "1,234", "1.234", "1 234"."""
        return format_decimal(value, locale=self.language)

    def percent(self, rate: float, digits: int = 1) -> str:
        """A rate as a percentage, the language's way: "50.0%", "50,0 %"."""
        locale = Locale.parse(self.language)
        pattern = copy(locale.percent_formats[None])
        pattern.frac_prec = (digits, digits)
        return str(pattern.apply(rate, locale))

    def variant(self, label: str) -> str:
        """A variant's label: its options as given, or the words for the default rules."""
        return self("report.default_rules") if label == DEFAULT_RULES else label

    def ending(self, code: str) -> str:
        key = ENDINGS.get(code)
        return self(key) if key else code.replace("_", " ")


# ---------------------------------------------------------------------------------- summary
def summarize(variant: Variant) -> dict[str, Any]:
    """Everything the report shows about one variant, as JSON values."""
    sim, results = variant.sim, variant.results
    players = sim.players
    games = len(results)
    labels = list(dict.fromkeys(spec.label for spec in sim.bots))
    seat_wins = [sum(result.payoffs[seat] for result in results) for seat in range(players)]
    bot_wins: defaultdict[str, float] = defaultdict(float)
    bot_seats: Counter[str] = Counter()
    cell_wins: defaultdict[tuple[str, int], float] = defaultdict(float)
    cell_seats: Counter[tuple[str, int]] = Counter()
    for result in results:
        for seat, bot in enumerate(result.lineup):
            bot_wins[bot] += result.payoffs[seat]
            bot_seats[bot] += 1
            cell_wins[bot, seat] += result.payoffs[seat]
            cell_seats[bot, seat] += 1
    metrics = metrics_for(sim.game)
    totals: Counter[str] = Counter()
    for result in results:
        totals.update(result.counts)
        totals.update({"turns": result.turns, "actions": result.actions})
    figures = [_figure(figure, totals, games) for figure in metrics.figures]
    samples: dict[str, Counter[float]] = {key: Counter() for key in metrics.histograms}
    for result in results:
        for key, values in result.samples.items():
            samples.setdefault(key, Counter()).update(values)
    decisive = [result for result in results if result.finished and not result.draw]
    terminations = Counter(result.termination for result in results)
    summary: dict[str, Any] = {
        "label": variant.label,
        "config": sim.describe(),
        "games": games,
        "fair_share": 1 / players,
        "by_seat": [Rate(seat_wins[seat], games).to_json() for seat in range(players)],
        "by_bot": {bot: Rate(bot_wins[bot], bot_seats[bot]).to_json() for bot in labels},
        "bot_by_seat": {
            bot: [
                Rate(cell_wins[bot, seat], cell_seats[bot, seat]).to_json()
                for seat in range(players)
            ]
            for bot in labels
        },
        "first_player": Rate(
            sum(result.payoffs[result.first_player] for result in results), games
        ).to_json(),
        "first_player_seats": dict(Counter(str(result.first_player) for result in results)),
        "length": {
            "actions": Spread.of([result.actions for result in results]).to_json(),
            "turns": Spread.of([result.turns for result in results]).to_json(),
        },
        "endings": {
            "decisive": len(decisive),
            "draws": Rate(sum(result.draw for result in results), games).to_json(),
            "stalls": Rate(sum(result.stalled for result in results), games).to_json(),
            "unfinished": sum(not result.finished for result in results),
            "terminations": dict(terminations.most_common()),
        },
        "margin": Spread.of([result.margin for result in decisive]).to_json(),
        "mean_scores": [
            sum(result.scores[seat] for result in results) / games for seat in range(players)
        ],
        "figures": figures,
        "verbs": {
            key.removeprefix(VERB): totals[key] / games
            for key in sorted(totals)
            if key.startswith(VERB)
        },
        "histograms": {
            key: {
                "title": metrics.histograms.get(key, key),
                "counts": {_number(value): count for value, count in sorted(counter.items())},
            }
            for key, counter in samples.items()
        },
    }
    summary["findings"] = [
        finding.to_json() for finding in variant_findings(summary, sim.game, dict(sim.options))
    ]
    return summary


def _figure(figure: Figure, totals: Counter[str], games: int) -> dict[str, Any]:
    denominator = games if figure.per is None else totals[figure.per]
    value = totals[figure.key] / denominator if denominator else None
    return {"label": figure.label, "value": value, "percent": figure.percent}


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


# ---------------------------------------------------------------------------------- files
def write_report(
    out: Path,
    variants: Sequence[Variant],
    run: dict[str, Any] | None = None,
    language: str = i18n.SOURCE_LANGUAGE,
    run_shown: dict[str, Any] | None = None,
    *,
    page: bool = True,
) -> dict[str, Path]:
    """Write ``report.html`` (in ``language``), ``summary.json`` and ``games.csv`` (data, with
    English keys whatever the language) into ``out``; their paths. ``run`` holds the command
    line's facts about the run as ``summary.json`` keeps them; ``run_shown``, the same facts
    worded in ``language`` for the page (``run`` itself when not given). Without ``page``
    (no plotting library here) only the data is written."""
    out.mkdir(parents=True, exist_ok=True)
    summaries = [summarize(variant) for variant in variants]
    paths = {"json": out / "summary.json", "csv": out / "games.csv"}
    document = {
        "run": run or {},
        "seating": SEATING,
        "variants": summaries,
        "sweep_findings": [finding.to_json() for finding in sweep_findings(summaries)],
    }
    paths["json"].write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    write_csv(paths["csv"], variants)
    if page:
        paths["html"] = out / "report.html"
        paths["html"].write_text(
            render_html(variants, summaries, run_shown or run or {}, ReportWords(language)),
            encoding="utf-8",
        )
    return paths


def write_csv(path: Path, variants: Sequence[Variant]) -> None:
    """One row per game: seats, scores, winners, length, ending and every count."""
    players = max(variant.sim.players for variant in variants)
    count_keys = sorted({key for variant in variants for r in variant.results for key in r.counts})
    header = [
        "variant",
        "index",
        "seed",
        *(f"bot_{seat}" for seat in range(players)),
        *(f"score_{seat}" for seat in range(players)),
        *(f"payoff_{seat}" for seat in range(players)),
        "winners",
        "first_player",
        "actions",
        "turns",
        "finished",
        "draw",
        "stalled",
        "margin",
        "termination",
        *count_keys,
    ]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for variant in variants:
            pad = [""] * (players - variant.sim.players)
            for result in variant.results:
                writer.writerow(
                    [
                        variant.label,
                        result.index,
                        result.seed,
                        *result.lineup,
                        *pad,
                        *(_number(score) for score in result.scores),
                        *pad,
                        *(f"{payoff:.4g}" for payoff in result.payoffs),
                        *pad,
                        " ".join(str(seat) for seat in result.winners),
                        result.first_player,
                        result.actions,
                        result.turns,
                        int(result.finished),
                        int(result.draw),
                        int(result.stalled),
                        _number(result.margin),
                        result.termination,
                        *(_number(result.counts.get(key, 0)) for key in count_keys),
                    ]
                )


# ---------------------------------------------------------------------------------- HTML
_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222;
       padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { margin-top: 1.8em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
table.run td { text-align: left; }
thead th { background: #f3f3f3; }
.note { color: #555; font-size: 0.92em; max-width: 60em; }
.low { color: #b00; } .high { color: #070; }
img { max-width: 100%; display: block; margin: 0.6em 0; }
code { background: #f3f3f3; padding: 0 0.2em; }
"""


def render_html(
    variants: Sequence[Variant],
    summaries: Sequence[dict[str, Any]],
    run: dict[str, Any],
    words: ReportWords | None = None,
) -> str:
    words = words or ReportWords()
    first = variants[0].sim
    info = game_class(first.game).info
    players = first.players
    fair = 1 / players
    heads = [words.variant(summary["label"]) for summary in summaries]
    seats = [words("report.seat", seat=seat) for seat in range(players)]
    parts = [
        f"<!DOCTYPE html><html lang='{_e(words.language)}'><head><meta charset='utf-8'>",
        f"<title>{_e(words('report.title', game=info.name))}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{_e(words('report.heading', game=info.name, players=players))}</h1>",
        f"<h2>{_e(words('report.findings'))}</h2>",
        _findings_list(summaries, words),
        _run_table(first, variants, run, words),
        f"<p class='note'>{_e(words('report.seating'))}</p>",
    ]
    if len(variants) > 1:
        parts += [f"<h2>{_e(words('report.glance'))}</h2>", _glance(heads, summaries, words)]

    parts.append(f"<h2>{_e(words('report.by_seat'))}</h2>")
    seat_rows = [
        [seats[seat], *(_rate(summary["by_seat"][seat], words, fair) for summary in summaries)]
        for seat in range(players)
    ]
    parts.append(_table(["", *heads], seat_rows))
    parts.append(
        _plot_rates(
            seats,
            [(head, summary["by_seat"]) for head, summary in zip(heads, summaries, strict=True)],
            fair,
            words,
        )
    )

    bots = list(summaries[0]["by_bot"])
    if len(bots) > 1:
        parts += _bot_section(heads, summaries, bots, seats, words)
    parts.append(f"<h2>{_e(words('report.first_player'))}</h2>")
    option = "<code>random_first_player</code>"
    note = _e(words("report.first_player_note", players=players, option="\0"))
    parts.append(f"<p class='note'>{note.replace(chr(0), option)}</p>")
    first_rows = [
        [
            words("report.first_player_wins"),
            *(_rate(s["first_player"], words, fair) for s in summaries),
        ]
    ]
    parts.append(_table(["", *heads], first_rows))

    parts.append(f"<h2>{_e(words('report.length'))}</h2>")
    parts.append(f"<p class='note'>{_e(words('report.length_note'))}</p>")
    parts.append(_spread_table(heads, summaries, "length", ["actions", "turns"], words))
    parts.append(
        _plot_histograms(
            words("report.turns_per_game"),
            [
                (head, [r.turns for r in variant.results])
                for head, variant in zip(heads, variants, strict=True)
            ],
            words,
        )
    )

    parts.append(f"<h2>{_e(words('report.endings'))}</h2>")
    parts.append(f"<p class='note'>{_e(words('report.endings_note'))}</p>")
    end_rows = [
        [words("report.decisive"), *(words.count(s["endings"]["decisive"]) for s in summaries)],
        [words("report.draws"), *(_rate(s["endings"]["draws"], words) for s in summaries)],
        [words("report.stalls"), *(_rate(s["endings"]["stalls"], words) for s in summaries)],
        [
            words("report.unfinished"),
            *(words.count(s["endings"]["unfinished"]) for s in summaries),
        ],
    ]
    parts.append(_table(["", *heads], end_rows))
    kinds = list(dict.fromkeys(kind for s in summaries for kind in s["endings"]["terminations"]))
    kind_rows = [
        [
            words.ending(kind),
            *(words.count(s["endings"]["terminations"].get(kind, 0)) for s in summaries),
        ]
        for kind in kinds
    ]
    parts.append(_table([words("report.how_ended"), *heads], kind_rows))

    parts.append(f"<h2>{_e(words('report.margins'))}</h2>")
    parts.append(f"<p class='note'>{_e(words('report.margins_note'))}</p>")
    parts.append(_spread_table(heads, summaries, None, ["margin"], words))
    score_rows = [
        [
            words("report.mean_score", seat=seat),
            *(words.decimal(s["mean_scores"][seat]) for s in summaries),
        ]
        for seat in range(players)
    ]
    parts.append(_table(["", *heads], score_rows))
    parts.append(
        _plot_histograms(
            words("report.margin_plot"),
            [
                (head, [r.margin for r in variant.results if r.finished and not r.draw])
                for head, variant in zip(heads, variants, strict=True)
            ],
            words,
        )
    )

    if summaries[0]["figures"]:
        parts.append(f"<h2>{_e(words('report.what_matters', game=info.name))}</h2>")
        rows = [
            [
                words.label(figure["label"]),
                *(_figure_text(s["figures"][row], words) for s in summaries),
            ]
            for row, figure in enumerate(summaries[0]["figures"])
        ]
        parts.append(_table(["", *heads], rows))
    for key, histogram in summaries[0]["histograms"].items():
        title = words.label(histogram["title"])
        parts.append(f"<h3>{_e(title)}</h3>")
        parts.append(
            _plot_counts(
                title,
                [
                    (head, s["histograms"].get(key, {}).get("counts", {}))
                    for head, s in zip(heads, summaries, strict=True)
                ],
                words,
            )
        )

    parts.append(f"<h2>{_e(words('report.verbs'))}</h2>")
    verbs = sorted({verb for s in summaries for verb in s["verbs"]})
    verb_rows = [
        [verb, *(words.decimal(s["verbs"].get(verb, 0)) for s in summaries)] for verb in verbs
    ]
    parts.append(_table([words("report.verb"), *heads], verb_rows))
    raw = _e(words("report.raw", csv="\0", json="\1"))
    raw = raw.replace("\0", "<code>games.csv</code>").replace("\1", "<code>summary.json</code>")
    parts.append(f"<p class='note'>{raw}</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _bot_section(
    heads: list[str],
    summaries: Sequence[dict[str, Any]],
    bots: list[str],
    seats: list[str],
    words: ReportWords,
) -> list[str]:
    fair = summaries[0]["fair_share"]
    parts = [f"<h2>{_e(words('report.by_bot'))}</h2>"]
    bot_rows = [
        [bot, *(_rate(summary["by_bot"][bot], words, fair) for summary in summaries)]
        for bot in bots
    ]
    parts.append(_table(["", *heads], bot_rows))
    parts.append(
        _plot_rates(
            bots,
            [
                (head, [summary["by_bot"][bot] for bot in bots])
                for head, summary in zip(heads, summaries, strict=True)
            ],
            fair,
            words,
        )
    )
    parts.append(f"<p class='note'>{_e(words('report.bot_by_seat_note'))}</p>")
    for head, summary in zip(heads, summaries, strict=True):
        rows = [
            [bot, *(_rate(rate, words, fair) for rate in summary["bot_by_seat"][bot])]
            for bot in bots
        ]
        caption = f"<b>{_e(head)}</b>" if len(summaries) > 1 else ""
        parts.append(caption + _table([words("report.bot"), *seats], rows))
    return parts


#: The sentence of each finding's code (``sequenza.sim.findings``).
FINDING_WORDS = {
    "seat": "report.finding_seat",
    "bot": "report.finding_bot",
    "balanced": "report.finding_balanced",
    "draws": "report.finding_draws",
    "stalls": "report.finding_stalls",
    "unfinished": "report.finding_unfinished",
    "rules": "report.finding_rules",
    "sweep_seat": "report.finding_sweep_seat",
    "sweep_length": "report.finding_sweep_length",
}


def finding_text(finding: dict[str, Any], words: ReportWords) -> str:
    """One finding (as ``summary.json`` keeps it) in a sentence of ``words``' language."""
    code = finding["finding"]
    values = {key: value for key, value in finding.items() if key != "finding"}
    for key in ("rate", "low", "high", "fair", "first_rate", "second_rate"):
        if key in values:
            values[key] = words.percent(values[key])
    for key in ("first_turns", "second_turns"):
        if key in values:
            values[key] = words.decimal(values[key], 1)
    for key in ("first", "second"):
        if key in values:
            values[key] = words.variant(values[key])
    if "seat" in values:
        values["seat"] = words("report.seat", seat=values["seat"])
    if "games" in values:
        values["games"] = words.count(values["games"])
    if code == "rules":
        values["options"] = ", ".join(
            f"{name}={_shortened(format_value(value))}"
            for name, value in finding["options"].items()
        ) or words("report.defaults")
    sentence = words(FINDING_WORDS[code], **values)
    # A sentence may open with a placeholder ("seat 2 wins..."): it starts with a capital.
    return sentence[:1].upper() + sentence[1:]


def _shortened(text: str, most: int = 24) -> str:
    # A teacher's deck is a whole file: the sentence names its start.
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 1] + "…"


def _findings_list(summaries: Sequence[dict[str, Any]], words: ReportWords) -> str:
    """Each variant's findings (headed by its label when there are several), then what
    changed between them."""
    parts: list[str] = []
    several = len(summaries) > 1
    for summary in summaries:
        items = "".join(f"<li>{_e(finding_text(f, words))}</li>" for f in summary["findings"])
        if several:
            parts.append(f"<h3>{_e(words.variant(summary['label']))}</h3>")
        parts.append(f"<ul class='findings'>{items}</ul>")
    changes = [finding.to_json() for finding in sweep_findings(summaries)]
    if several:
        parts.append(f"<h3>{_e(words('report.findings_sweep'))}</h3>")
        items = "".join(f"<li>{_e(finding_text(f, words))}</li>" for f in changes)
        parts.append(
            f"<ul class='findings'>{items}</ul>"
            if changes
            else f"<p>{_e(words('report.finding_sweep_none'))}</p>"
        )
    return "\n".join(parts)


def _run_table(
    sim: Simulation, variants: Sequence[Variant], run: dict[str, Any], words: ReportWords
) -> str:
    # The options every variant shares (for a sweep: those set besides the swept ones).
    shared = {
        name: value
        for name, value in sim.options.items()
        if all(variant.sim.options.get(name) == value for variant in variants)
    }
    options = ", ".join(f"{name}={format_value(value)}" for name, value in shared.items())
    version = game_class(sim.game).info.rules_version
    # Seeds are identifiers, not quantities: written without grouping in every language.
    seed = str(sim.seed)
    rows = [
        [words("report.game"), words("report.game_value", game=sim.game, version=str(version))],
        [words("report.lineup"), ", ".join(spec.label for spec in sim.bots)],
        [words("report.games_per_variant"), words.count(sim.games)],
        [words("report.seed"), words("report.seed_value", seed=seed)],
    ]
    rows.append(
        [
            words("report.options" if len(variants) == 1 else "report.options_shared"),
            options or words("report.defaults"),
        ]
    )
    if len(variants) > 1:
        rows.append(
            [
                words("report.variants"),
                "; ".join(words.variant(variant.label) for variant in variants),
            ]
        )
        rows.append([words("report.seeds_across"), words("report.seeds_same")])
    for key, value in run.items():
        name = words(RUN_FACTS[key]) if key in RUN_FACTS else key.replace("_", " ")
        rows.append([name, value])
    rows = [[name, _e(value)] for name, value in rows]
    return _table([words("report.run"), ""], rows).replace("<table>", "<table class='run'>", 1)


def _glance(heads: list[str], summaries: Sequence[dict[str, Any]], words: ReportWords) -> str:
    fair = summaries[0]["fair_share"]
    rows = [
        [
            words("report.mean_turns"),
            *(words.decimal(s["length"]["turns"]["mean"], 1) for s in summaries),
        ]
    ]
    bots = list(summaries[0]["by_bot"])
    rows += [
        [
            words("report.win_rate_bot", bot=bot),
            *(_rate(s["by_bot"][bot], words, fair) for s in summaries),
        ]
        for bot in (bots if len(bots) > 1 else [])
    ]
    rows.append(
        [
            words("report.first_player_wins"),
            *(_rate(s["first_player"], words, fair) for s in summaries),
        ]
    )
    rows.append([words("report.draws"), *(_rate(s["endings"]["draws"], words) for s in summaries)])
    rows.append(
        [words("report.stalls"), *(_rate(s["endings"]["stalls"], words) for s in summaries)]
    )
    rows += [
        [words.label(figure["label"]), *(_figure_text(s["figures"][row], words) for s in summaries)]
        for row, figure in enumerate(summaries[0]["figures"])
    ]
    return _table(["", *heads], rows)


#: The words for the spreads the report shows: lengths and margins.
SPREADS = {"actions": "report.actions", "turns": "report.turns", "margin": "report.margin"}


def _spread_table(
    heads: list[str],
    summaries: Sequence[dict[str, Any]],
    group: str | None,
    keys: list[str],
    words: ReportWords,
) -> str:
    rows = []
    for key in keys:
        name = words(SPREADS[key])
        spreads = [(s[group] if group else s)[key] for s in summaries]
        rows.append(
            [words("report.mean_ci", name=name), *(_mean(spread, words) for spread in spreads)]
        )
        rows.append(
            [
                words("report.quantiles", name=name),
                *(
                    " / ".join(
                        _short(spread[q], words) for q in ("min", "p10", "median", "p90", "max")
                    )
                    for spread in spreads
                ),
            ]
        )
    return _table(["", *heads], rows)


def _table(head: list[str], rows: list[list[str]]) -> str:
    header = "".join(f"<th>{_e(cell)}</th>" for cell in head)
    body = "".join(
        "<tr>"
        + f"<td>{_e(row[0])}</td>"
        + "".join(f"<td>{cell}</td>" for cell in row[1:])
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"


def _e(text: Any) -> str:
    return html.escape(str(text))


def _rate(rate: dict[str, float], words: ReportWords, fair: float | None = None) -> str:
    """A rate with its interval, coloured where the interval excludes the fair share."""
    interval = words(
        "report.interval", low=words.percent(rate["low"]), high=words.percent(rate["high"])
    )
    text = f"{words.percent(rate['rate'])} <small>{interval}</small>"
    if fair is not None and rate["trials"]:
        if rate["high"] < fair:
            return f"<span class='low'>{text}</span>"
        if rate["low"] > fair:
            return f"<span class='high'>{text}</span>"
    return text


def _mean(spread: dict[str, float], words: ReportWords) -> str:
    interval = words(
        "report.interval", low=words.decimal(spread["low"]), high=words.decimal(spread["high"])
    )
    return f"{words.decimal(spread['mean'])} <small>{interval}</small>"


def _short(value: float, words: ReportWords) -> str:
    return words.decimal(value, 0 if float(value).is_integer() else 1)


def _figure_text(figure: dict[str, Any], words: ReportWords) -> str:
    value = figure["value"]
    if value is None:
        return _e(words("report.none"))
    return words.percent(value) if figure["percent"] else words.decimal(value)


# ---------------------------------------------------------------------------------- plots
def _png(figure: Any, words: ReportWords) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(figure)
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<img alt='{_e(words('report.plot'))}' src='data:image/png;base64,{encoded}'>"


def _pyplot() -> Any:
    from sequenza.extras import require

    require("sim", "the simulation report's plots")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _ticks(axis: Any, show: Any) -> None:
    """Write an axis's tick numbers the language's way (matplotlib writes them as C does)."""
    from matplotlib.ticker import FuncFormatter

    axis.set_major_formatter(FuncFormatter(lambda value, _position: show(value)))


def _plain(words: ReportWords) -> Any:
    """A tick number: whole numbers bare, others with the language's decimal sign."""

    def show(value: float) -> str:
        if float(value).is_integer():
            return words.decimal(value, 0)
        return words.decimal(value, 2).rstrip("0")

    return show


def _plot_rates(
    groups: list[str],
    series: list[tuple[str, list[dict[str, float]]]],
    fair: float,
    words: ReportWords,
) -> str:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(5.0, 1.2 * len(groups) * len(series) + 2), 3.0))
    width = 0.8 / len(series)
    for number, (label, rates) in enumerate(series):
        offset = (number - (len(series) - 1) / 2) * width
        values = [rate["rate"] for rate in rates]
        errors = [
            [rate["rate"] - rate["low"] for rate in rates],
            [rate["high"] - rate["rate"] for rate in rates],
        ]
        axes.bar(
            [position + offset for position in range(len(groups))],
            values,
            width * 0.95,
            yerr=errors,
            capsize=3,
            label=label if len(series) > 1 else None,
        )
    axes.axhline(
        fair,
        linestyle="--",
        color="grey",
        linewidth=1,
        label=words("report.fair_share", share=words.percent(fair)),
    )
    names = ["\n".join(textwrap.wrap(group.replace(",", ", "), 22)) for group in groups]
    axes.set_xticks(range(len(groups)), names, fontsize=8)
    _ticks(axes.yaxis, lambda value: words.percent(value, 0))
    axes.set_ylabel(words("report.win_rate"))
    _legend(axes)
    return _png(figure, words)


def _legend(axes: Any) -> None:
    axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def _plot_histograms(
    title: str, series: list[tuple[str, list[float] | list[int]]], words: ReportWords
) -> str:
    plt = _pyplot()
    values = [value for _, sample in series for value in sample]
    if not values:
        return ""
    low, high = min(values), max(values)
    integers = all(float(value).is_integer() for value in values)
    if integers and high - low <= 60:
        edges = [low + step - 0.5 for step in range(int(high - low) + 2)]
    else:
        step = (high - low) / 40 or 1
        edges = [low + step * k for k in range(41)]
    figure, axes = plt.subplots(figsize=(7, 2.8))
    from matplotlib.ticker import MaxNLocator

    axes.yaxis.set_major_locator(MaxNLocator(integer=True))  # a number of games
    if integers:
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    for label, sample in series:
        axes.hist(sample, bins=edges, histtype="step", linewidth=1.5, label=label)
    _ticks(axes.xaxis, _plain(words))
    _ticks(axes.yaxis, _plain(words))
    axes.set_xlabel(title)
    axes.set_ylabel(words("report.games"))
    if len(series) > 1:
        _legend(axes)
    return _png(figure, words)


def _plot_counts(title: str, series: list[tuple[str, dict[str, int]]], words: ReportWords) -> str:
    """Bars of how often each value occurred (a sample histogram), one colour per variant."""
    plt = _pyplot()
    keys = sorted({float(key) for _, counts in series for key in counts})
    if not keys:
        return ""
    figure, axes = plt.subplots(figsize=(7, 2.6))
    width = 0.8 / len(series)
    for number, (label, counts) in enumerate(series):
        total = sum(counts.values()) or 1
        offset = (number - (len(series) - 1) / 2) * width
        axes.bar(
            [position + offset for position in range(len(keys))],
            [counts.get(_number(key), 0) / total for key in keys],
            width * 0.95,
            label=label if len(series) > 1 else None,
        )
    shown = [_plain(words)(key) for key in keys]
    axes.set_xticks(range(len(keys)), shown, fontsize=8)
    _ticks(axes.yaxis, lambda value: words.percent(value, 0))
    axes.set_xlabel(title)
    axes.set_ylabel(words("report.share"))
    if len(series) > 1:
        _legend(axes)
    return _png(figure, words)
