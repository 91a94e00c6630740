"""Text drawing of a Sequentia · Cross observation, in the words of the ``games`` catalogue.

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

from sequenza.core.kit import Words, seat_number

_WIDTH = 11


def _cell(position: int, pile: dict[str, Any], covered: bool, empty: str) -> list[str]:
    mark = "*" if covered else " "
    size = f"x{pile['size']}" if pile["size"] else ""
    head = f" {position}  {mark}".ljust(_WIDTH - len(size) - 1) + size + " "
    digit = str(pile["digit"]) if pile["top"] else "."
    text = str(pile["top"]) if pile["top"] else empty
    return [head, digit.center(_WIDTH), text.center(_WIDTH)]


def _grid(observation: dict[str, Any], words: Words) -> list[str]:
    labels = [words.text("sequentia_cross.draw_row", row=str(row)) for row in range(3)]
    margin = max(len(label) for label in labels) + 1
    border = " " * margin + "+".join([""] + ["-" * _WIDTH] * 3 + [""])
    columns = [
        words.text("sequentia_cross.draw_column", column=str(column)).center(_WIDTH)
        for column in range(3)
    ]
    lines = [(" " * (margin + 1) + " ".join(columns)).rstrip(), border]
    covered = set(observation["covered"])
    empty = words.text("common.empty")
    for row in range(3):
        cells = [
            _cell(position, observation["grid"][position], position in covered, empty)
            for position in range(row * 3, row * 3 + 3)
        ]
        for line in range(3):
            label = labels[row].ljust(margin) if line == 1 else " " * margin
            lines.append(label + "|" + "|".join(cell[line] for cell in cells) + "|")
        lines.append(border)
    return lines


def render_cross(observation: dict[str, Any], words: Words) -> str:
    seat = observation["seat"]
    players = observation["players"]
    lines = [
        "Sequentia · Cross   " + words.text("sequentia_cross.draw_action", turn=observation["turn"])
    ]
    if observation["over"]:
        result = observation["result"]
        winners = ", ".join(
            words.text("common.draw_seat", seat=seat_number(winner)) for winner in result["winners"]
        )
        lines.append(words.text("sequentia_cross.draw_over", winners=winners))
    else:
        to_act = observation["to_act"]
        mine = to_act == seat
        if observation["phase"] == "place":
            key = "sequentia_cross.draw_you_place" if mine else "sequentia_cross.draw_they_place"
        else:
            key = "sequentia_cross.draw_you_claim" if mine else "sequentia_cross.draw_they_claim"
        lines.append(words.text(key, seat=seat_number(to_act)))
    lines.append(
        words.text(
            "sequentia_cross.draw_counts",
            deck=words.plural("common.cards", observation["deck_size"]),
            out=words.plural("common.cards", len(observation["out_of_play"])),
        )
    )
    lines.append("")
    lines += _grid(observation, words)
    lines.append("  " + words.text("sequentia_cross.draw_legend"))
    lines.append("")
    for other in range(players):
        name = words.text(
            "common.draw_seat_you" if other == seat else "common.draw_seat", seat=seat_number(other)
        )
        held = words.plural("common.in_hand", observation["hand_sizes"][other])
        collected = words.plural("common.collected", observation["collected"][other])
        lines.append(f"{name[:1].upper()}{name[1:]}: {held}, {collected}")
    if observation["hand"] is not None:
        hand = "  ".join(observation["hand"]) or words.text("common.empty")
        lines.append(words.text("common.draw_hand", cards=hand))
    if observation["claims"]:
        lines.append(words.text("sequentia_cross.draw_claims"))
    for choice in observation["claims"]:
        hint = "   " + words.text("sequentia_cross.draw_suggested") if choice["suggested"] else ""
        cards = words.plural("common.cards", choice["cards"])
        lines.append(f"  {choice['action']}: {cards}{hint}")
    if observation["deck_size"] == 0 and not observation["over"]:
        lines.append(
            words.text(
                "sequentia_cross.draw_stall",
                turns=observation["idle_turns"],
                limit=observation["stall_turns"],
            )
        )
    return "\n".join(lines)
