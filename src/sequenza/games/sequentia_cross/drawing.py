"""Text drawing of a Sequentia · Cross observation.

Each cell of the grid shows its position and pile size on the first line, the top digit
large in the middle (that is what rows and columns read) and the top card's text below::

    +-----------+
    | 4  *   x3 |
    |     2     |
    |  2:131+   |
    +-----------+

``*`` marks a pile covered this turn (no second card may go there).
"""

from __future__ import annotations

from typing import Any

_WIDTH = 11


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _cell(position: int, pile: dict[str, Any], covered: bool) -> list[str]:
    mark = "*" if covered else " "
    size = f"x{pile['size']}" if pile["size"] else ""
    head = f" {position}  {mark}".ljust(_WIDTH - len(size) - 1) + size + " "
    digit = str(pile["digit"]) if pile["top"] else "."
    text = str(pile["top"]) if pile["top"] else "empty"
    return [head, digit.center(_WIDTH), text.center(_WIDTH)]


def _grid(observation: dict[str, Any]) -> list[str]:
    border = "      " + "+".join([""] + ["-" * _WIDTH] * 3 + [""])
    lines = ["        column 0    column 1    column 2", border]
    covered = set(observation["covered"])
    for row in range(3):
        cells = [
            _cell(position, observation["grid"][position], position in covered)
            for position in range(row * 3, row * 3 + 3)
        ]
        for line in range(3):
            label = f"row {row} " if line == 1 else "      "
            lines.append(label + "|" + "|".join(cell[line] for cell in cells) + "|")
        lines.append(border)
    return lines


def render_cross(observation: dict[str, Any]) -> str:
    seat = observation["seat"]
    players = observation["players"]
    lines = [f"Sequentia · Cross   action {observation['turn']}"]
    if observation["over"]:
        result = observation["result"]
        winners = ", ".join(f"seat {winner}" for winner in result["winners"])
        lines.append(f"Game over. Winner: {winners}")
    else:
        who = "you" if observation["to_act"] == seat else f"seat {observation['to_act']}"
        doing = "places cards" if observation["phase"] == "place" else "claims sequences"
        lines.append(f"To act: {who} ({doing})")
    lines.append(
        f"Deck: {_count(observation['deck_size'], 'card')}   "
        f"Out of play: {_count(len(observation['out_of_play']), 'card')}"
    )
    lines.append("")
    lines += _grid(observation)
    lines.append("  * = covered this turn (no second card there); xN = cards in the pile")
    lines.append("")
    for other in range(players):
        you = " (you)" if other == seat else ""
        lines.append(
            f"Seat {other}{you}: {_count(observation['hand_sizes'][other], 'card')} in hand, "
            f"{observation['collected'][other]} collected"
        )
    if observation["hand"] is not None:
        hand = "  ".join(observation["hand"]) if observation["hand"] else "(empty)"
        lines.append(f"Your hand: {hand}")
    if observation["claims"]:
        lines.append("Claims open (a set of rows or a set of columns, never both):")
    for choice in observation["claims"]:
        hint = "   <- suggested: collects the most" if choice["suggested"] else ""
        cards = _count(choice["cards"], "card")
        lines.append(f"  {choice['action']}: {cards}{hint}")
    if observation["deck_size"] == 0 and not observation["over"]:
        lines.append(
            f"Empty deck: {observation['idle_turns']} of {observation['stall_turns']} turns "
            "without a claim before the game ends"
        )
    return "\n".join(lines)
