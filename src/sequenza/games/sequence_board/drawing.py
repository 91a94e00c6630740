"""Text drawing of a Sequence or Sequence Numbers observation, in the words of the ``games``
catalogue; a chip shows its team colour's initial in the language (English here).

Each space shows its value while it is empty, and the chip on it once taken::

          A    B    C    D    E
      0   **   2S   3S  (b)   5S      ** free corner, (b) a blue chip,
      1   6C  [G]  [G]  [G]   2C      [G] a green chip in a sequence
"""

from __future__ import annotations

from typing import Any

from sequenza.core.kit import Words, seat_number

_COLUMNS = "ABCDEFGHIJ"


def _cell(label: str, chip: str, marked: bool, colours: list[str]) -> str:
    if chip == "x":
        return "**"
    if chip == ".":
        return label
    initial = colours[int(chip)][0]
    return f"[{initial.upper()}]" if marked else f"({initial})"


#: The team colours' names, by colour.
_COLOURS = {
    "blue": "sequence.blue",
    "green": "sequence.green",
    "red": "sequence.red",
    "grey": "sequence.grey",
}


def _colour(colour: str, words: Words) -> str:
    """A team colour's name in the language."""
    return words.text(_COLOURS[colour]) if colour in _COLOURS else colour


def _team_colours(observation: dict[str, Any], words: Words) -> list[str]:
    """Colour of each team, by team index, in the language."""
    colours: dict[int, str] = dict(zip(observation["teams"], observation["colours"], strict=True))
    return [_colour(colours[team], words) for team in sorted(colours)]


def _board(observation: dict[str, Any], words: Words) -> list[str]:
    colours = _team_colours(observation, words)
    marked = set(observation["marked"])
    rows = [row.split() for row in observation["board"]]
    width = max(3, *(len(label) for row in rows for label in row)) + 2
    lines = ["    " + "".join(letter.rjust(width) for letter in _COLUMNS)]
    for number, (labels, chips) in enumerate(zip(rows, observation["chips"], strict=True)):
        cells = [
            _cell(label, chip, f"{_COLUMNS[column]}{number}" in marked, colours)
            for column, (label, chip) in enumerate(zip(labels, chips, strict=True))
        ]
        lines.append(f"{number:>4}" + "".join(cell.rjust(width) for cell in cells))
    return lines


def _seats(observation: dict[str, Any], words: Words) -> list[str]:
    lines = []
    names = []
    for seat in range(len(observation["colours"])):
        you = seat == observation["seat"]
        names.append(
            words.text("sequence.draw_you" if you else "common.draw_seat", seat=seat_number(seat))
        )
    width = max(len(name) for name in names)
    for seat, colour in enumerate(observation["colours"]):
        team = observation["teams"][seat]
        mates = [other for other, t in enumerate(observation["teams"]) if t == team]
        pile = observation["discards"][seat]
        if pile:
            top = words.plural("sequence.draw_discards", len(pile), card=pile[-1])
        else:
            top = words.text("sequence.draw_no_discards")
        turn = "  " + words.text("sequence.draw_to_act") if seat == observation["to_act"] else ""
        team_text = ""
        if len(mates) > 1:
            team_text = ", " + words.text(
                "sequence.draw_team", seats=", ".join(map(seat_number, mates))
            )
        hand = words.plural("common.in_hand", observation["hand_sizes"][seat])
        lines.append(
            f"  {names[seat]:<{width}} {_colour(colour, words)}{team_text}: {hand}, {top}{turn}"
        )
    return lines


def _score(observation: dict[str, Any], words: Words) -> str:
    colours = _team_colours(observation, words)
    counts = ", ".join(
        f"{colour} {len(windows)}"
        for colour, windows in zip(colours, observation["sequences"], strict=True)
    )
    return words.text("sequence.draw_score", counts=counts, goal=observation["sequences_to_win"])


def render_sequence_board(observation: dict[str, Any], words: Words) -> str:
    name = "Sequence Numbers" if observation["game"] == "sequence-numbers" else "Sequence"
    turn = words.text("sequence.draw_turn", turn=observation["turn"])
    lines = [f"{name}, {turn}", _score(observation, words), ""]
    lines += _board(observation, words)
    colours = _team_colours(observation, words)
    initial = colours[0][:1] if colours else "b"
    legend = words.text(
        "sequence.draw_legend", chip=f"({initial.lower()})", marked=f"[{initial.upper()}]"
    )
    lines += ["", f"  {legend}", ""]
    lines += _seats(observation, words)
    draw_pile = words.plural("common.cards", observation["draw_pile"])
    lines.append("  " + words.text("sequence.draw_draw_pile", cards=draw_pile))
    for team, windows in enumerate(observation["sequences"]):
        if windows:
            colour = colours[team]
            lines.append(
                "  "
                + words.text("sequence.draw_sequences", colour=colour, spaces=", ".join(windows))
            )
    if observation["last_action"]:
        lines.append("  " + words.text("sequence.draw_last", action=observation["last_action"]))
    lines.append("")
    if observation["hand"] is not None:
        lines.append(words.text("common.draw_hand", cards="  ".join(observation["hand"])))
        if observation["dead_exchanged"] and not observation["over"]:
            lines.append(words.text("sequence.draw_dead_exchanged"))
    if observation["choose_sequence"]:
        lines.append(
            words.text("sequence.draw_choose", windows=", ".join(observation["choose_sequence"]))
        )
    result = observation["result"]
    if observation["over"] and result is not None:
        if result["winners"]:
            winners = ", ".join(
                words.text("common.draw_seat", seat=seat_number(seat)) for seat in result["winners"]
            )
            lines.append(words.text("sequence.draw_won", winners=winners))
        else:
            lines.append(words.text("sequence.draw_drawn"))
    return "\n".join(lines)
