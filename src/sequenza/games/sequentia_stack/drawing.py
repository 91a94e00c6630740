"""Sequentia · Stack in plain text: the row of piles with the digits they show, the codes that
three adjacent piles spell, the hands' sizes, the scores and your own hand, in the words of
the ``games`` catalogue (English here)::

    Sequentia · Stack: your turn (seat 0)
    Deck: 2 cards
      seat 0 (you): 2 cards in hand, 0 cards collected
      seat 1: 1 card in hand, 4 cards collected

    Row: 4 of 4 piles
             pile 1   pile 2   pile 3*  pile 4
      shows     2        3        2        1
      top     2:122    3:312    2:131    1:123
      cards     2        1        1        1
      piles 1-2-3 spell 232, piles 2-3-4 spell 321   (* just played on)

    Your hand: 2:232  2:312+
    You placed a simple card: claim a sequence or end your turn.
"""

from __future__ import annotations

from typing import Any

from sequenza.core.kit import Words, seat_number

_ROW_LENGTH = 4
_COLUMN = 9


def _cell(text: str) -> str:
    return text.center(_COLUMN)


def _row_lines(observation: dict[str, Any], words: Words) -> list[str]:
    row: list[dict[str, Any]] = observation["row"]
    if not row:
        return [words.text("sequentia_stack.draw_row_empty")]
    last = observation["last_pile"]
    lines = [words.plural("sequentia_stack.draw_row", _ROW_LENGTH, piles=len(row))]
    header = [
        words.text("sequentia_stack.draw_pile", pile=str(pile["pile"]))
        + ("*" if pile["pile"] == last else " ")
        for pile in row
    ]
    labels = [
        words.text("sequentia_stack.draw_shows"),
        words.text("sequentia_stack.draw_top"),
        words.text("sequentia_stack.draw_cards"),
    ]
    width = max(len(label) for label in labels) + 1
    lines.append("  " + " " * width + "".join(_cell(text) for text in header))
    columns = [
        [str(pile["digit"]) for pile in row],
        [pile["top"] for pile in row],
        [str(len(pile["cards"])) for pile in row],
    ]
    for label, cells in zip(labels, columns, strict=True):
        lines.append("  " + label.ljust(width) + "".join(_cell(cell) for cell in cells))
    marker = "   " + words.text("sequentia_stack.draw_just_played") if last is not None else ""
    if len(row) == _ROW_LENGTH:
        digits = "".join(str(pile["digit"]) for pile in row)
        spelt = words.text("sequentia_stack.draw_spell", first=digits[:3], second=digits[1:])
        lines.append(f"  {spelt}{marker}")
        if observation["claim_must_include_last_pile"] and last is not None:
            lines.append("  " + words.text("sequentia_stack.draw_claim_must", pile=str(last)))
    else:
        lines.append("  " + words.text("sequentia_stack.draw_new_piles") + marker)
    return lines


#: What the seat to act does now, by the turn's phase: its own words, or another seat's.
_YOUR_MOVE = {
    "turn_start": "sequentia_stack.draw_place",
    "simple_placed": "sequentia_stack.draw_simple_placed",
    "bonus_placed": "sequentia_stack.draw_bonus_placed",
}
_THEIR_MOVE = {
    "turn_start": "sequentia_stack.draw_they_place",
    "simple_placed": "sequentia_stack.draw_they_simple",
    "bonus_placed": "sequentia_stack.draw_they_bonus",
}


def _situation(observation: dict[str, Any], words: Words) -> str:
    seat = observation["to_act"]
    mine = seat == observation["seat"]
    if observation["phase"] == "turn_start" and observation["hand_sizes"][seat] == 0:
        if mine:
            return words.text("sequentia_stack.draw_pass")
        return words.text("sequentia_stack.draw_they_pass", seat=seat_number(seat))
    return words.text(
        (_YOUR_MOVE if mine else _THEIR_MOVE)[observation["phase"]], seat=seat_number(seat)
    )


def render_stack(observation: dict[str, Any], words: Words) -> str:
    seat = observation["seat"]
    if observation["over"]:
        title = words.text("sequentia_stack.draw_game_over")
    elif observation["to_act"] == seat:
        title = words.text("sequentia_stack.draw_your_turn", seat=seat_number(seat))
    else:
        title = words.text("sequentia_stack.draw_to_act", seat=seat_number(observation["to_act"]))
    deck = words.plural("common.cards", observation["deck_size"])
    lines = [f"Sequentia · Stack: {title}", words.text("sequentia_stack.draw_deck", cards=deck)]
    for other, (held, collected) in enumerate(
        zip(observation["hand_sizes"], observation["collected"], strict=True)
    ):
        name = words.text(
            "common.draw_seat_you" if other == seat else "common.draw_seat", seat=seat_number(other)
        )
        hand = words.plural("common.in_hand", held)
        gathered = words.plural("common.collected", collected)
        lines.append(f"  {name}: {hand}, {gathered}")
    lines.append("")
    lines += _row_lines(observation, words)
    lines.append("")
    if observation["hand"] is not None:
        hand_text = "  ".join(observation["hand"]) or words.text("common.empty")
        lines.append(words.text("common.draw_hand", cards=hand_text))
    result = observation["result"]
    if result is not None:
        winners = ", ".join(
            words.text("common.draw_seat", seat=seat_number(winner)) for winner in result["winners"]
        )
        count = int(max(result["scores"]))
        lines.append(words.plural("sequentia_stack.draw_won", count, winners=winners))
    else:
        lines.append(_situation(observation, words))
    return "\n".join(line.rstrip() for line in lines)
