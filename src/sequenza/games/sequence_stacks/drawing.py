"""Text drawing of a Sequence Stacks observation::

    Sequence Stacks   action 3   seat 1 to act (you)
    Turn order: seat 0 -> 1 -> 2   draw pile 106   set-aside 0   action cards played 2
    Chip supply: blue 19  red 20

      pile     cards                     needs
      blue 1   1 2                       blue 3
      blue 2   -                         a blue 1 or wild
      red 1    1 W 3 4 5                 complete
      red 2    -                         a red 1 or wild

      seat        cards  blue  red  discard pile (top)       notes
      0         <     2     0    0  -                        holds blue-4
      1 (you)         1     0    0  red-2 (1 card)           loses 1 turn(s)
      2               0     1    0  red-1 (1 card)

    Your hand: block

    Seat 0 completed red 1. Before the chip is given, each opponent in turn may answer with
    a Block.
    Still to answer: seat 1, seat 2

``<`` marks the seat whose turn it is; a wild on a pile shows as ``W``; "holds" lists the
cards everyone saw go into that hand (taken with Steal-a-Card).
"""

from __future__ import annotations

from typing import Any

from .rules import CARD_OF_FACE


def _pile_cards(cards: list[str]) -> str:
    if not cards:
        return "-"
    return " ".join(
        "W" if CARD_OF_FACE[face].wild else str(CARD_OF_FACE[face].number) for face in cards
    )


def _turn_order(observation: dict[str, Any]) -> str:
    players = observation["players"]
    first = observation["turn_seat"]
    seats = [(first + observation["direction"] * step) % players for step in range(players)]
    return "seat " + " -> ".join(str(seat) for seat in seats)


def _player_rows(observation: dict[str, Any]) -> list[str]:
    seat = observation["seat"]
    colours = observation["colours"]
    header = "  ".join(colours)
    rows = [f"  {'seat':11} {'cards':>5}  {header}  {'discard pile (top)':24} notes"]
    for other in range(observation["players"]):
        label = f"{other} (you)" if other == seat else str(other)
        mark = "<" if other == observation["turn_seat"] and not observation["over"] else " "
        chips = "  ".join(
            str(observation["chips"][other][colour]).rjust(len(colour)) for colour in colours
        )
        pile = observation["discards"][other]
        top = f"{pile[-1]} ({len(pile)} card{'s' if len(pile) != 1 else ''})" if pile else "-"
        notes = []
        if observation["skips"][other]:
            notes.append(f"loses {observation['skips'][other]} turn(s)")
        if observation["known_cards"][other] and other != seat:
            notes.append("holds " + " ".join(observation["known_cards"][other]))
        rows.append(
            f"  {label:9} {mark} {observation['hand_sizes'][other]:5}  {chips}  "
            f"{top:24} {', '.join(notes)}".rstrip()
        )
    return rows


def render_stacks(observation: dict[str, Any]) -> str:
    seat = observation["seat"]
    lines = [f"Sequence Stacks   action {observation['turn']}"]
    if observation["over"]:
        result = observation["result"]
        winners = ", ".join(f"seat {winner}" for winner in result["winners"])
        lines[0] += f"   game over, won by {winners}"
    else:
        to_act = observation["to_act"]
        lines[0] += f"   seat {to_act} to act" + (" (you)" if to_act == seat else "")
    supply = "  ".join(f"{colour} {count}" for colour, count in observation["supply"].items())
    lines += [
        f"Turn order: {_turn_order(observation)}   draw pile {observation['draw_pile']}   "
        f"set-aside {len(observation['set_aside'])}   "
        f"action cards played {len(observation['action_discard'])}",
        f"Chip supply: {supply}",
        "",
        f"  {'pile':8} {'cards':26}needs",
    ]
    for pile in observation["piles"]:
        if pile["needs"] is None:
            needs = f"a {pile['colour']} 1 or wild"
        elif pile["needs"] > 5:
            needs = "complete"
        else:
            needs = f"{pile['colour']} {pile['needs']}"
        lines.append(f"  {pile['name']:8} {_pile_cards(pile['cards']):26}{needs}")
    lines += ["", *_player_rows(observation)]
    if observation["hand"] is not None:
        lines += ["", "Your hand: " + (" ".join(observation["hand"]) or "(empty)")]
    block = observation["block"]
    if block is not None and not observation["over"]:
        lines += [
            "",
            f"Seat {block['seat']} completed {block['pile']}. Before the chip is given, each "
            "opponent in turn may answer with a Block.",
            "Still to answer: " + ", ".join(f"seat {other}" for other in block["waiting"]),
        ]
    if observation["quiet_turns"]:
        lines.append(
            f"Nothing left to draw: {observation['quiet_turns']} of "
            f"{observation['stall_turns']} turns without a chip before the game stalls."
        )
    if observation["removed"]:
        lines.append(
            f"Out of the game for {observation['players']} players: "
            + " ".join(observation["removed"])
        )
    return "\n".join(lines)
