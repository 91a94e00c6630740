"""Text drawing of a Sequentia · Shift observation: the grid with position numbers, each
card's big digit and its full text, then the player's target and the public counts, in the
words of the ``games`` catalogue."""

from __future__ import annotations

from typing import Any

from sequenza.components.sequentia_cards import SequentiaCard
from sequenza.core.kit import Words, seat_number

_BORDER = "+" + "-------+" * 3


def _digit(text: str | None, empty: str) -> str:
    """The digit a card (by its text) shows, or ``empty`` for an empty position."""
    return empty if text is None else str(SequentiaCard.parse(text).digit)


def _row_lines(grid: list[str | None], row: int, words: Words, margin: int) -> list[str]:
    cells = grid[row * 3 : row * 3 + 3]
    label = words.text("sequentia_shift.draw_row", row=str(row)).ljust(margin)
    blank = " " * margin
    numbers = blank + "|" + "".join(f"{row * 3 + column:<7}|" for column in range(3))
    digits = label + "|" + "".join(f"{_digit(c, ''):^7}|" for c in cells)
    texts = blank + "|" + "".join(f"{'' if c is None else c:^7}|" for c in cells)
    reads = words.text("sequentia_shift.draw_reads", code="-".join(_digit(c, ".") for c in cells))
    return [numbers, f"{digits}  {reads}", texts, blank + _BORDER]


def _code(card: str) -> str:
    return "-".join(SequentiaCard.parse(card).code)


def _target_line(view: dict[str, Any], target: str, words: Words) -> str:
    """The target, and what the rules say of it now (the observation carries their answers:
    the rows that show it, and whether the table can make it at all)."""
    showing: list[int] = view["rows_showing_target"] or []
    line = words.text("sequentia_shift.draw_target", card=target, code=_code(target))
    if showing:
        rows = ", ".join(str(row) for row in showing)
        line += " — " + words.plural("sequentia_shift.draw_target_shown", len(showing), rows=rows)
    elif view["target_possible"] is False:
        line += " — " + words.text("sequentia_shift.draw_target_impossible")
    return line


def render_shift(view: dict[str, Any], words: Words) -> str:
    grid: list[str | None] = view["grid"]
    seat = view["seat"]
    players = int(view["players"])
    lines = []
    if view["over"]:
        winners = view["result"]["winners"] if view["result"] else []
        names = ", ".join(
            words.text("common.draw_seat", seat=seat_number(winner)) for winner in winners
        )
        lines.append(
            "Sequentia · Shift — " + words.text("sequentia_shift.draw_over", winners=names)
        )
    else:
        to_act = view["to_act"]
        if seat is None:
            status = words.text("sequentia_shift.draw_to_play", seat=seat_number(to_act))
        else:
            status = words.text(
                "sequentia_shift.draw_to_play_you", seat=seat_number(to_act), you=seat_number(seat)
            )
        lines.append("Sequentia · Shift — " + status)
    parts = [
        words.text(
            "sequentia_shift.draw_deck", cards=words.plural("common.cards", view["deck_size"])
        ),
        words.text("sequentia_shift.draw_slides", slides=view["slides"], limit=view["slide_limit"]),
    ]
    if view["quiet_turn_limit"] is not None:
        parts.append(
            words.text(
                "sequentia_shift.draw_quiet",
                turns=view["quiet_turns"],
                limit=view["quiet_turn_limit"],
            )
        )
    lines.append(" · ".join(parts))
    if view["repetitions"] > 1 and not view["over"]:
        lines.append(
            words.text(
                "sequentia_shift.draw_repeated",
                times=view["repetitions"],
                limit=view["repetition_limit"],
            )
        )
    row_labels = [words.text("sequentia_shift.draw_row", row=str(row)) for row in range(3)]
    columns = words.text("sequentia_shift.draw_columns")
    margin = max(4, len(columns), *(len(label) for label in row_labels))
    numbers = "".join(f" {column:^7}" for column in range(3))
    lines += ["", (columns.ljust(margin) + numbers).rstrip()]
    lines.append(" " * margin + _BORDER)
    for row in range(3):
        lines += _row_lines(grid, row, words, margin)
    lines.append("")
    target = view["target"]
    if target is not None:
        lines.append(_target_line(view, target, words))
    elif seat is not None:
        lines.append(words.text("sequentia_shift.draw_no_target"))
    scores = " · ".join(
        words.text(
            "common.draw_seat_you" if other == seat else "common.draw_seat", seat=seat_number(other)
        )
        + f": {view['score_piles'][other]}"
        for other in range(players)
    )
    lines.append(words.text("sequentia_shift.draw_collected", scores=scores))
    holders = [seat_number(other) for other in range(players) if view["holds_target"][other]]
    holding = ", ".join(holders) or words.text("common.none")
    lines.append(words.text("sequentia_shift.draw_holding", seats=holding))
    if view["out_of_play"]:
        out = view["out_of_play"]
        lines.append(
            words.text("sequentia_shift.draw_out_of_play", count=len(out), cards=" ".join(out))
        )
    if view["phase"] == "refill" and not view["over"]:
        lines.append(words.text("sequentia_shift.draw_refill"))
    return "\n".join(lines)
