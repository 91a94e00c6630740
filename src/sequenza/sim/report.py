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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sequenza.core.options import format_value
from sequenza.core.registry import game_class
from sequenza.sim.match import GameResult, Simulation
from sequenza.sim.metrics import VERB, Figure, metrics_for
from sequenza.sim.stats import Rate, Spread


@dataclass(frozen=True)
class Variant:
    """One rule variant of a run: its label, its simulation and its games."""

    label: str
    sim: Simulation
    results: list[GameResult]


SEATING = (
    "Bots rotate through the seats: game i seats bot (s + i) mod n of the line-up in seat s, "
    "so over every n consecutive games each bot sits once in each seat. 'By seat' mixes the "
    "bots equally and isolates the seat; 'by bot' mixes the seats equally and isolates the "
    "bot. A win shared by k seats counts 1/k for each; a bot's win rate is per seat it "
    "occupied (a bot listed twice plays twice as many seats), so the fair share is 1/n for "
    "seats and bots alike. Intervals are 95% Wilson score intervals; a rate shows green or "
    "red where its whole interval lies above or below the fair share."
)


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
    return {
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


def _figure(figure: Figure, totals: Counter[str], games: int) -> dict[str, Any]:
    denominator = games if figure.per is None else totals[figure.per]
    value = totals[figure.key] / denominator if denominator else None
    return {"label": figure.label, "value": value, "percent": figure.percent}


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


# ---------------------------------------------------------------------------------- files
def write_report(
    out: Path, variants: Sequence[Variant], run: dict[str, Any] | None = None
) -> dict[str, Path]:
    """Write ``report.html``, ``summary.json`` and ``games.csv`` into ``out``; their paths."""
    out.mkdir(parents=True, exist_ok=True)
    summaries = [summarize(variant) for variant in variants]
    paths = {
        "html": out / "report.html",
        "json": out / "summary.json",
        "csv": out / "games.csv",
    }
    document = {"run": run or {}, "seating": SEATING, "variants": summaries}
    paths["json"].write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    write_csv(paths["csv"], variants)
    paths["html"].write_text(render_html(variants, summaries, run or {}), encoding="utf-8")
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
    variants: Sequence[Variant], summaries: Sequence[dict[str, Any]], run: dict[str, Any]
) -> str:
    first = variants[0].sim
    info = game_class(first.game).info
    players = first.players
    heads = [summary["label"] for summary in summaries]
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Balance report: {_e(info.name)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>Balance report: {_e(info.name)}, {players} players</h1>",
        _run_table(first, variants, run),
        f"<p class='note'>{_e(SEATING)}</p>",
    ]
    if len(variants) > 1:
        parts += ["<h2>Variants at a glance</h2>", _glance(heads, summaries)]

    parts.append("<h2>Win rate by seat</h2>")
    seat_rows = [
        [f"seat {seat}", *(_rate(summary["by_seat"][seat], 1 / players) for summary in summaries)]
        for seat in range(players)
    ]
    parts.append(_table(["", *heads], seat_rows))
    parts.append(
        _plot_rates(
            [f"seat {seat}" for seat in range(players)],
            [(summary["label"], summary["by_seat"]) for summary in summaries],
            1 / players,
        )
    )

    bots = list(summaries[0]["by_bot"])
    if len(bots) > 1:
        parts += _bot_section(heads, summaries, bots, players)
    parts.append("<h2>First-player advantage</h2>")
    parts.append(
        "<p class='note'>How often the seat that acted first won, against the fair share "
        f"1/{players}. Without <code>random_first_player</code> the first player is seat 0.</p>"
    )
    parts.append(
        _table(
            ["", *heads],
            [["first player wins", *(_rate(s["first_player"], 1 / players) for s in summaries)]],
        )
    )

    parts.append("<h2>Game length</h2>")
    parts.append(
        "<p class='note'>Actions are single decisions (one slide, one card placed); a turn is a "
        "run of consecutive actions by one seat.</p>"
    )
    parts.append(_spread_table(heads, summaries, "length", ["actions", "turns"]))
    parts.append(
        _plot_histograms(
            "turns per game",
            [(variant.label, [r.turns for r in variant.results]) for variant in variants],
        )
    )

    parts.append("<h2>Endings: draws and stalls</h2>")
    parts.append(
        "<p class='note'>A draw is a win shared by several teams (or by none); a stall is a game "
        "ended by its stall rule (rounds without progress) or stopped by the simulator's safety "
        "net (unfinished). A stalled game may still have a single winner.</p>"
    )
    end_rows = [
        ["decisive games", *(str(s["endings"]["decisive"]) for s in summaries)],
        ["draws", *(_rate(s["endings"]["draws"]) for s in summaries)],
        ["stalls", *(_rate(s["endings"]["stalls"]) for s in summaries)],
        ["unfinished", *(str(s["endings"]["unfinished"]) for s in summaries)],
    ]
    parts.append(_table(["", *heads], end_rows))
    kinds = list(dict.fromkeys(kind for s in summaries for kind in s["endings"]["terminations"]))
    kind_rows = [
        [
            kind.replace("_", " "),
            *(str(s["endings"]["terminations"].get(kind, 0)) for s in summaries),
        ]
        for kind in kinds
    ]
    parts.append(_table(["how games ended", *heads], kind_rows))

    parts.append("<h2>Score margins</h2>")
    parts.append(
        "<p class='note'>The winning team's score minus the best other team's, over decisive "
        "games. Mean scores by seat follow.</p>"
    )
    parts.append(_spread_table(heads, summaries, None, ["margin"]))
    score_rows = [
        [f"seat {seat} mean score", *(f"{s['mean_scores'][seat]:.2f}" for s in summaries)]
        for seat in range(players)
    ]
    parts.append(_table(["", *heads], score_rows))
    parts.append(
        _plot_histograms(
            "score margin of decisive games",
            [
                (variant.label, [r.margin for r in variant.results if r.finished and not r.draw])
                for variant in variants
            ],
        )
    )

    if summaries[0]["figures"]:
        parts.append(f"<h2>What matters in {_e(info.name)}</h2>")
        rows = [
            [figure["label"], *(_figure_text(s["figures"][row]) for s in summaries)]
            for row, figure in enumerate(summaries[0]["figures"])
        ]
        parts.append(_table(["", *heads], rows))
    for key, histogram in summaries[0]["histograms"].items():
        parts.append(f"<h3>{_e(histogram['title'])}</h3>")
        parts.append(
            _plot_counts(
                histogram["title"],
                [(s["label"], s["histograms"].get(key, {}).get("counts", {})) for s in summaries],
            )
        )

    parts.append("<h2>Actions by verb (mean per game)</h2>")
    verbs = sorted({verb for s in summaries for verb in s["verbs"]})
    verb_rows = [[verb, *(f"{s['verbs'].get(verb, 0):.2f}" for s in summaries)] for verb in verbs]
    parts.append(_table(["verb", *heads], verb_rows))
    parts.append(
        "<p class='note'>Raw results: <code>games.csv</code> (one row per game) and "
        "<code>summary.json</code> (every number on this page) beside this page.</p>"
    )
    parts.append("</body></html>")
    return "\n".join(parts)


def _bot_section(
    heads: list[str], summaries: Sequence[dict[str, Any]], bots: list[str], players: int
) -> list[str]:
    parts = ["<h2>Win rate by bot</h2>"]
    bot_rows = [
        [bot, *(_rate(summary["by_bot"][bot], 1 / players) for summary in summaries)]
        for bot in bots
    ]
    parts.append(_table(["", *heads], bot_rows))
    parts.append(
        _plot_rates(
            bots,
            [(summary["label"], [summary["by_bot"][bot] for bot in bots]) for summary in summaries],
            1 / players,
        )
    )
    parts.append("<p class='note'>Each bot in each seat (win rate per seat occupied):</p>")
    for summary in summaries:
        rows = [
            [bot, *(_rate(rate, 1 / players) for rate in summary["bot_by_seat"][bot])]
            for bot in bots
        ]
        caption = f"<b>{_e(summary['label'])}</b>" if len(summaries) > 1 else ""
        parts.append(caption + _table(["bot", *(f"seat {s}" for s in range(players))], rows))
    return parts


def _run_table(sim: Simulation, variants: Sequence[Variant], run: dict[str, Any]) -> str:
    # The options every variant shares (for a sweep: those set besides the swept ones).
    shared = {
        name: value
        for name, value in sim.options.items()
        if all(variant.sim.options.get(name) == value for variant in variants)
    }
    options = ", ".join(f"{name}={format_value(value)}" for name, value in shared.items())
    rows = [
        ["game", f"{sim.game} (rules version {game_class(sim.game).info.rules_version})"],
        ["bot line-up (seat 0 first, game 0)", ", ".join(spec.label for spec in sim.bots)],
        ["games per variant", f"{sim.games:,}"],
        ["seed", f"{sim.seed} (game i is dealt from a seed derived from ({sim.seed}, i))"],
    ]
    rows.append(
        ["options" if len(variants) == 1 else "options of every variant", options or "defaults"]
    )
    if len(variants) > 1:
        rows.append(["variants", "; ".join(variant.label for variant in variants)])
        rows.append(
            [
                "seeds across variants",
                "the same deals and bot seeds in every variant (only the rules differ)",
            ]
        )
    for key, value in run.items():
        rows.append([key.replace("_", " "), _e(value)])
    return _table(["run", ""], rows).replace("<table>", "<table class='run'>", 1)


def _glance(heads: list[str], summaries: Sequence[dict[str, Any]]) -> str:
    fair = summaries[0]["fair_share"]
    rows = [["mean turns", *(f"{s['length']['turns']['mean']:.1f}" for s in summaries)]]
    bots = list(summaries[0]["by_bot"])
    rows += [
        [f"win rate {bot}", *(_rate(s["by_bot"][bot], fair) for s in summaries)]
        for bot in (bots if len(bots) > 1 else [])
    ]
    rows.append(["first player wins", *(_rate(s["first_player"], fair) for s in summaries)])
    rows.append(["draws", *(_rate(s["endings"]["draws"]) for s in summaries)])
    rows.append(["stalls", *(_rate(s["endings"]["stalls"]) for s in summaries)])
    rows += [
        [figure["label"], *(_figure_text(s["figures"][row]) for s in summaries)]
        for row, figure in enumerate(summaries[0]["figures"])
    ]
    return _table(["", *heads], rows)


def _spread_table(
    heads: list[str], summaries: Sequence[dict[str, Any]], group: str | None, keys: list[str]
) -> str:
    rows = []
    for key in keys:
        spreads = [(s[group] if group else s)[key] for s in summaries]
        rows.append([f"{key}: mean [95% CI]", *(_mean(spread) for spread in spreads)])
        rows.append(
            [
                f"{key}: min / 10% / median / 90% / max",
                *(
                    " / ".join(_short(spread[q]) for q in ("min", "p10", "median", "p90", "max"))
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


def _rate(rate: dict[str, float], fair: float | None = None) -> str:
    """A rate with its interval, coloured where the interval excludes the fair share."""
    text = f"{rate['rate']:.1%} <small>[{rate['low']:.1%}, {rate['high']:.1%}]</small>"
    if fair is not None and rate["trials"]:
        if rate["high"] < fair:
            return f"<span class='low'>{text}</span>"
        if rate["low"] > fair:
            return f"<span class='high'>{text}</span>"
    return text


def _mean(spread: dict[str, float]) -> str:
    return f"{spread['mean']:.2f} <small>[{spread['low']:.2f}, {spread['high']:.2f}]</small>"


def _short(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _figure_text(figure: dict[str, Any]) -> str:
    value = figure["value"]
    if value is None:
        return "n/a"
    return f"{value:.1%}" if figure["percent"] else f"{value:.2f}"


# ---------------------------------------------------------------------------------- plots
def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(figure)
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<img alt='plot' src='data:image/png;base64,{encoded}'>"


def _pyplot() -> Any:
    from sequenza.extras import require

    require("sim", "the simulation report's plots")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _plot_rates(
    groups: list[str], series: list[tuple[str, list[dict[str, float]]]], fair: float
) -> str:
    plt = _pyplot()
    from matplotlib.ticker import PercentFormatter

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
    axes.axhline(fair, linestyle="--", color="grey", linewidth=1, label=f"fair share {fair:.1%}")
    names = ["\n".join(textwrap.wrap(group.replace(",", ", "), 22)) for group in groups]
    axes.set_xticks(range(len(groups)), names, fontsize=8)
    axes.yaxis.set_major_formatter(PercentFormatter(1.0))
    axes.set_ylabel("win rate")
    _legend(axes)
    return _png(figure)


def _legend(axes: Any) -> None:
    axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def _plot_histograms(title: str, series: list[tuple[str, list[float] | list[int]]]) -> str:
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
    if integers:
        from matplotlib.ticker import MaxNLocator

        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    for label, sample in series:
        axes.hist(sample, bins=edges, histtype="step", linewidth=1.5, label=label)
    axes.set_xlabel(title)
    axes.set_ylabel("games")
    if len(series) > 1:
        _legend(axes)
    return _png(figure)


def _plot_counts(title: str, series: list[tuple[str, dict[str, int]]]) -> str:
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
    axes.set_xticks(range(len(keys)), [_number(key) for key in keys], fontsize=8)
    axes.set_xlabel(title)
    axes.set_ylabel("share")
    if len(series) > 1:
        _legend(axes)
    return _png(figure)
