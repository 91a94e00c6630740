"""Text drawing of a Sequence or Sequence Numbers observation.

Each space shows its value while it is empty, and the chip on it once taken::

          A    B    C    D    E
      0   **   2S   3S  (b)   5S      ** free corner, (b) a blue chip,
      1   6C  [G]  [G]  [G]   2C      [G] a green chip in a sequence
"""

from __future__ import annotations

from typing import Any

_COLUMNS = "ABCDEFGHIJ"


def _cell(label: str, chip: str, marked: bool, colours: list[str]) -> str:
    if chip == "x":
        return "**"
    if chip == ".":
        return label
    initial = colours[int(chip)][0]
    return f"[{initial.upper()}]" if marked else f"({initial})"


def _team_colours(observation: dict[str, Any]) -> list[str]:
    """Colour of each team, by team index."""
    colours: dict[int, str] = dict(zip(observation["teams"], observation["colours"], strict=True))
    return [colours[team] for team in sorted(colours)]


def _board(observation: dict[str, Any]) -> list[str]:
    colours = _team_colours(observation)
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


def _seats(observation: dict[str, Any]) -> list[str]:
    lines = []
    for seat, colour in enumerate(observation["colours"]):
        team = observation["teams"][seat]
        mates = [other for other, t in enumerate(observation["teams"]) if t == team]
        pile = observation["discards"][seat]
        top = f"top {pile[-1]} ({len(pile)} cards)" if pile else "empty"
        who = "you" if seat == observation["seat"] else f"seat {seat}"
        turn = "  <- to act" if seat == observation["to_act"] else ""
        team_text = f", team of seats {', '.join(map(str, mates))}" if len(mates) > 1 else ""
        lines.append(
            f"  {who:<7} {colour}{team_text}: {observation['hand_sizes'][seat]} cards in hand, "
            f"discard pile {top}{turn}"
        )
    return lines


def _score(observation: dict[str, Any]) -> str:
    colours = _team_colours(observation)
    counts = ", ".join(
        f"{colour} {len(windows)}"
        for colour, windows in zip(colours, observation["sequences"], strict=True)
    )
    return f"Sequences: {counts} ({observation['sequences_to_win']} to win)"


def render_sequence_board(observation: dict[str, Any]) -> str:
    name = "Sequence Numbers" if observation["game"] == "sequence-numbers" else "Sequence"
    lines = [f"{name}, turn {observation['turn']}", _score(observation), ""]
    lines += _board(observation)
    lines += ["", "  ** free corner (every team's)   (b) chip   [B] chip in a sequence", ""]
    lines += _seats(observation)
    lines.append(f"  draw pile: {observation['draw_pile']} cards")
    for team, windows in enumerate(observation["sequences"]):
        if windows:
            colour = _team_colours(observation)[team]
            lines.append(f"  {colour} sequences: {', '.join(windows)}")
    if observation["last_action"]:
        lines.append(f"  last action: {observation['last_action']}")
    lines.append("")
    if observation["hand"] is not None:
        lines.append(f"Your hand: {'  '.join(observation['hand'])}")
        if observation["dead_exchanged"] and not observation["over"]:
            lines.append("(you have exchanged a dead card this turn)")
    if observation["choose_sequence"]:
        lines.append("Choose which sequence to mark: " + ", ".join(observation["choose_sequence"]))
    result = observation["result"]
    if observation["over"] and result is not None:
        if result["winners"]:
            winners = ", ".join(f"seat {seat}" for seat in result["winners"])
            lines.append(f"Game over: {winners} won.")
        else:
            lines.append("Game over: drawn (a full round without a chip placed or removed).")
    return "\n".join(lines)
