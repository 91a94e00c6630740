"""Text drawing of a Sequence Stacks observation, in the words of the ``games`` catalogue
(English here)::

    Sequence Stacks   action 3   seat 2 to act (you)
    Turn order: seat 1 -> 2 -> 3   draw pile 106   set aside 0   action cards played 2
    Chip supply: blue 19  red 20

      pile     cards                     needs
      blue 1   1 2                       blue 3
      blue 2   -                         a blue 1 or wild
      red 1    1 W 3 4 5                 complete
      red 2    -                         a red 1 or wild

      seat        cards  blue  red  discard pile (top)       notes
      1         <     2     0    0  -                        holds blue-4
      2 (you)         1     0    0  red-2 (1 card)           loses 1 turn
      3               0     1    0  red-1 (1 card)

    Your hand: block

    Seat 1 completed red 1. Before the chip is given, each opponent in turn may answer with
    a Block.
    Still to answer: seat 2, seat 3

``<`` marks the seat whose turn it is; a wild on a pile shows as ``W``; "holds" lists the
cards everyone saw go into that hand (taken with Steal-a-Card).
"""

from __future__ import annotations

from typing import Any

from sequenza.core.kit import Words, seat_number

from .rules import CARD_OF_FACE


def _pile_cards(cards: list[str]) -> str:
    if not cards:
        return "-"
    return " ".join(
        "W" if CARD_OF_FACE[face].wild else str(CARD_OF_FACE[face].number) for face in cards
    )


#: The game's colours' names, by colour.
_COLOURS = {"blue": "sequence_stacks.blue", "red": "sequence_stacks.red"}


def _colour(colour: str, words: Words) -> str:
    """A colour's name in the language."""
    return words.text(_COLOURS[colour]) if colour in _COLOURS else colour


def _pile_name(name: str, colour: str, words: Words) -> str:
    """A pile's name ("blue 1") in the language: its colour and its number."""
    # The colour, then the number, in each of the languages: no sentence to translate.
    return f"{_colour(colour, words)} {name.rsplit(' ', 1)[-1]}"


def _turn_order(observation: dict[str, Any], words: Words) -> str:
    players = observation["players"]
    first = observation["turn_seat"]
    seats = [(first + observation["direction"] * step) % players for step in range(players)]
    return words.text("common.draw_seat", seat=" -> ".join(seat_number(seat) for seat in seats))


def _player_rows(observation: dict[str, Any], words: Words) -> list[str]:
    seat = observation["seat"]
    colours = observation["colours"]
    names = [_colour(colour, words) for colour in colours]
    labels = [
        words.text("sequence_stacks.draw_you_label", seat=seat_number(other))
        if other == seat
        else seat_number(other)
        for other in range(observation["players"])
    ]
    seat_title = words.text("sequence_stacks.draw_seat_column")
    label_width = max(9, len(seat_title) - 2, *(len(label) for label in labels))
    cards_title = words.text("sequence_stacks.draw_cards_column")
    cards_width = max(5, len(cards_title))
    tops = []
    for other in range(observation["players"]):
        pile = observation["discards"][other]
        tops.append(
            words.plural("sequence_stacks.draw_top", len(pile), card=pile[-1]) if pile else "-"
        )
    pile_title = words.text("sequence_stacks.draw_discard_column")
    top_width = max(24, len(pile_title), *(len(top) for top in tops))
    header = "  ".join(names)
    notes_title = words.text("sequence_stacks.draw_notes_column")
    rows = [
        f"  {seat_title:{label_width + 2}} {cards_title:>{cards_width}}  {header}  "
        f"{pile_title:{top_width}} {notes_title}"
    ]
    for other in range(observation["players"]):
        mark = "<" if other == observation["turn_seat"] and not observation["over"] else " "
        chips = "  ".join(
            str(observation["chips"][other][colour]).rjust(len(name))
            for colour, name in zip(colours, names, strict=True)
        )
        notes = []
        if observation["skips"][other]:
            notes.append(words.plural("sequence_stacks.draw_loses", observation["skips"][other]))
        if observation["known_cards"][other] and other != seat:
            known = " ".join(observation["known_cards"][other])
            notes.append(words.text("sequence_stacks.draw_holds", cards=known))
        rows.append(
            f"  {labels[other]:{label_width}} {mark} "
            f"{observation['hand_sizes'][other]:{cards_width}}  {chips}  "
            f"{tops[other]:{top_width}} {', '.join(notes)}".rstrip()
        )
    return rows


def _needs(pile: dict[str, Any], words: Words) -> str:
    colour = _colour(pile["colour"], words)
    if pile["needs"] is None:
        return words.text("sequence_stacks.draw_needs_start", colour=colour)
    if pile["complete"]:
        return words.text("sequence_stacks.draw_complete")
    return f"{colour} {pile['needs']}"


def render_stacks(observation: dict[str, Any], words: Words) -> str:
    seat = observation["seat"]
    lines = [
        "Sequence Stacks   " + words.text("sequence_stacks.draw_action", turn=observation["turn"])
    ]
    if observation["over"]:
        result = observation["result"]
        winners = ", ".join(
            words.text("common.draw_seat", seat=seat_number(winner)) for winner in result["winners"]
        )
        lines[0] += "   " + words.text("sequence_stacks.draw_over", winners=winners)
    else:
        to_act = observation["to_act"]
        key = "sequence_stacks.draw_you_act" if to_act == seat else "sequence_stacks.draw_to_act"
        lines[0] += "   " + words.text(key, seat=seat_number(to_act))
    supply = "  ".join(
        f"{_colour(colour, words)} {count}" for colour, count in observation["supply"].items()
    )
    lines += [
        words.text(
            "sequence_stacks.draw_counts",
            order=_turn_order(observation, words),
            draw=observation["draw_pile"],
            aside=len(observation["set_aside"]),
            actions=len(observation["action_discard"]),
        ),
        words.text("sequence_stacks.draw_supply", chips=supply),
        "",
    ]
    piles = [
        (
            _pile_name(pile["name"], pile["colour"], words),
            _pile_cards(pile["cards"]),
            _needs(pile, words),
        )
        for pile in observation["piles"]
    ]
    pile_title = words.text("sequence_stacks.draw_pile_column")
    name_width = max(8, len(pile_title), *(len(name) for name, _, _ in piles))
    cards_title = words.text("sequence_stacks.draw_cards_column")
    lines.append(
        f"  {pile_title:{name_width}} {cards_title:26}"
        + words.text("sequence_stacks.draw_needs_column")
    )
    for name, cards, needs in piles:
        lines.append(f"  {name:{name_width}} {cards:26}{needs}")
    lines += ["", *_player_rows(observation, words)]
    if observation["hand"] is not None:
        hand = " ".join(observation["hand"]) or words.text("common.empty")
        lines += ["", words.text("common.draw_hand", cards=hand)]
    block = observation["block"]
    if block is not None and not observation["over"]:
        colour, _, _ = block["pile"].partition(" ")
        waiting = ", ".join(
            words.text("common.draw_seat", seat=seat_number(other)) for other in block["waiting"]
        )
        lines += [
            "",
            words.text(
                "sequence_stacks.draw_block",
                seat=seat_number(block["seat"]),
                pile=_pile_name(block["pile"], colour, words),
            ),
            words.text("sequence_stacks.draw_waiting", seats=waiting),
        ]
    if observation["quiet_turns"]:
        lines.append(
            words.text(
                "sequence_stacks.draw_quiet",
                turns=observation["quiet_turns"],
                limit=observation["stall_turns"],
            )
        )
    if observation["removed"]:
        lines.append(
            words.plural(
                "sequence_stacks.draw_removed",
                observation["players"],
                cards=" ".join(observation["removed"]),
            )
        )
    return "\n".join(lines)
