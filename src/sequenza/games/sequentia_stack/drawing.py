"""Sequentia · Stack in plain text: the row of piles with the digits they show, the codes that
three adjacent piles spell, the hands' sizes, the scores and your own hand.

::

    Sequentia · Stack: your turn (seat 0)
    Deck: 2 cards
      seat 0 (you): 2 cards in hand, 0 collected
      seat 1: 1 card in hand, 4 collected

    Row, 4 of 4 piles:
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

_ROW_LENGTH = 4
_COLUMN = 9


def _cell(text: str) -> str:
    return text.center(_COLUMN)


def _row_lines(observation: dict[str, Any]) -> list[str]:
    row: list[dict[str, Any]] = observation["row"]
    if not row:
        return ["Row: empty; the first card starts it."]
    last = observation["last_pile"]
    lines = [f"Row, {len(row)} of {_ROW_LENGTH} piles:"]
    header = [f"pile {pile['pile']}{'*' if pile['pile'] == last else ' '}" for pile in row]
    lines.append("        " + "".join(_cell(text) for text in header))
    lines.append("  shows " + "".join(_cell(str(pile["digit"])) for pile in row))
    lines.append("  top   " + "".join(_cell(pile["top"]) for pile in row))
    lines.append("  cards " + "".join(_cell(str(len(pile["cards"]))) for pile in row))
    marker = "   (* just played on)" if last is not None else ""
    if len(row) == _ROW_LENGTH:
        digits = "".join(str(pile["digit"]) for pile in row)
        lines.append(f"  piles 1-2-3 spell {digits[:3]}, piles 2-3-4 spell {digits[1:]}{marker}")
        if observation["claim_must_include_last_pile"] and last is not None:
            lines.append(f"  a claim must include pile {last}, the pile just played on")
    else:
        lines.append(f"  new cards start a pile at the left or right end{marker}")
    return lines


_YOUR_MOVE = {
    "turn_start": "Place a card.",
    "simple_placed": "You placed a simple card: claim a sequence or end your turn.",
    "bonus_placed": "You placed a bonus card: place another card or claim a sequence.",
}
_THEIR_MOVE = {
    "turn_start": "Seat {seat} places a card.",
    "simple_placed": "Seat {seat} placed a simple card: it claims or ends its turn.",
    "bonus_placed": "Seat {seat} placed a bonus card: it places another card or claims.",
}


def _situation(observation: dict[str, Any]) -> str:
    seat = observation["to_act"]
    mine = seat == observation["seat"]
    if observation["phase"] == "turn_start" and observation["hand_sizes"][seat] == 0:
        return "You hold no card: pass." if mine else f"Seat {seat} holds no card: it passes."
    return (_YOUR_MOVE if mine else _THEIR_MOVE)[observation["phase"]].format(seat=seat)


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def render_stack(observation: dict[str, Any]) -> str:
    seat = observation["seat"]
    if observation["over"]:
        title = "game over"
    elif observation["to_act"] == seat:
        title = f"your turn (seat {seat})"
    else:
        title = f"seat {observation['to_act']} to act"
    lines = [f"Sequentia · Stack: {title}", f"Deck: {_cards(observation['deck_size'])}"]
    for other, (held, collected) in enumerate(
        zip(observation["hand_sizes"], observation["collected"], strict=True)
    ):
        name = f"seat {other} (you)" if other == seat else f"seat {other}"
        lines.append(f"  {name}: {_cards(held)} in hand, {collected} collected")
    lines.append("")
    lines += _row_lines(observation)
    lines.append("")
    if observation["hand"] is not None:
        lines.append("Your hand: " + ("  ".join(observation["hand"]) or "empty"))
    result = observation["result"]
    if result is not None:
        winners = ", ".join(f"seat {winner}" for winner in result["winners"])
        lines.append(f"Won by {winners} with {int(max(result['scores']))} cards collected.")
    else:
        lines.append(_situation(observation))
    return "\n".join(line.rstrip() for line in lines)
