"""Text drawing of a Sequentia · Shift observation: the grid with position numbers, each
card's big digit and its full text, then the player's target and the public counts."""

from __future__ import annotations

from typing import Any

from sequenza.components.sequentia_cards import SequentiaCard

_BORDER = "    +" + "-------+" * 3


def _digit(text: str | None, empty: str) -> str:
    """The digit a card (by its text) shows, or ``empty`` for an empty position."""
    return empty if text is None else str(SequentiaCard.parse(text).digit)


def _row_lines(grid: list[str | None], row: int) -> list[str]:
    cells = grid[row * 3 : row * 3 + 3]
    numbers = "    |" + "".join(f"{row * 3 + column:<7}|" for column in range(3))
    digits = f"row{row}|" + "".join(f"{_digit(c, ''):^7}|" for c in cells)
    texts = "    |" + "".join(f"{'' if c is None else c:^7}|" for c in cells)
    reads = "-".join(_digit(cell, ".") for cell in cells)
    return [numbers, f"{digits}  reads {reads}", texts, _BORDER]


def _code(card: str) -> str:
    return "-".join(SequentiaCard.parse(card).code)


def render_shift(view: dict[str, Any]) -> str:
    grid: list[str | None] = view["grid"]
    seat = view["seat"]
    players = int(view["players"])
    lines = []
    if view["over"]:
        winners = view["result"]["winners"] if view["result"] else []
        names = " and ".join(f"seat {winner}" for winner in winners)
        lines.append(f"Sequentia · Shift — game over, won by {names}")
    else:
        you = "" if seat is None else f" (you are seat {seat})"
        lines.append(f"Sequentia · Shift — seat {view['to_act']} to play{you}")
    status = (
        f"Deck: {view['deck_size']} cards · slides this turn: {view['slides']} of "
        f"{view['slide_limit']}"
    )
    if view["quiet_turn_limit"] is not None:
        status += (
            f" · turns without a claim or exchange: {view['quiet_turns']} of "
            f"{view['quiet_turn_limit']}"
        )
    lines.append(status)
    if view["repetitions"] > 1 and not view["over"]:
        lines.append(
            f"This position has occurred {view['repetitions']} times; at "
            f"{view['repetition_limit']} the player to act must exchange their target."
        )
    lines += ["", "      col 0   col 1   col 2", _BORDER]
    for row in range(3):
        lines += _row_lines(grid, row)
    lines.append("")
    target = view["target"]
    if target is not None:
        code = _code(target)
        showing = [
            row
            for row in range(3)
            if all(cell is not None for cell in grid[row * 3 : row * 3 + 3])
            and "-".join(_digit(cell, ".") for cell in grid[row * 3 : row * 3 + 3]) == code
        ]
        on_table = [_digit(cell, ".") for cell in grid if cell is not None]
        note = ""
        if showing:
            note = f" — row {' and row '.join(map(str, showing))} shows it"
        elif any(code.count(digit) > on_table.count(digit) for digit in "123"):
            note = " — the table lacks its digits: it cannot be made"
        lines.append(f"Your target: {target}, asking for {code}{note}")
    elif seat is not None:
        lines.append("You hold no target.")
    scores = " · ".join(
        f"seat {other}: {view['score_piles'][other]}{' (you)' if other == seat else ''}"
        for other in range(players)
    )
    lines.append(f"Collected cards: {scores}")
    holders = [str(other) for other in range(players) if view["holds_target"][other]]
    lines.append(f"Seats holding a target: {', '.join(holders) or 'none'}")
    if view["out_of_play"]:
        out = view["out_of_play"]
        lines.append(f"Out of play ({len(out)}): {' '.join(out)}")
    if view["phase"] == "refill" and not view["over"]:
        lines.append(
            "Claim made: refill the grid — 'hole P' chooses the position left empty, "
            "'refill P' places the deck's next card at P when the deck runs short."
        )
    return "\n".join(lines)
