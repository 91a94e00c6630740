"""Sequentia · Shift in words: the English templates of its log (the source every language
translates, see ``sequenza.text``) and the sentence each event takes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sequenza.core.kit import Message, Messages, Phrase, Seat, Word

#: The grid's nine positions, in the order of the rules (row by row, from the top left).
POSITIONS = tuple(
    Word("position", name)
    for name in (
        "top left",
        "top",
        "top right",
        "left",
        "centre",
        "right",
        "bottom left",
        "bottom",
        "bottom right",
    )
)
ROWS = tuple(Word("row", name) for name in ("top", "middle", "bottom"))
DIRECTIONS = {
    -1: Word("direction", "left"),
    1: Word("direction", "right"),
    -3: Word("direction", "up"),
    3: Word("direction", "down"),
}

SENTENCES = (
    Message("action.slide", "Slide the {position} card {direction}"),
    Message("action.claim", "Claim the {row} row"),
    Message("action.end", "End the turn"),
    Message("action.exchange", "Exchange the target"),
    Message("action.pass", "Pass"),
    Message("action.hole", "Leave the {position} space empty"),
    Message("action.refill", "Refill the {position} space"),
    Message("deal", "The grid is dealt; each player draws a secret target. {first} starts."),
    Message("deal.you", "The grid is dealt; each player draws a secret target. You start."),
    Message(
        "repetition",
        "The position has occurred {occurrences} time: {who} must exchange the target",
        "The position has occurred {occurrences} times: {who} must exchange the target",
        count="occurrences",
    ),
    Message(
        "repetition.you",
        "The position has occurred {occurrences} time: you must exchange your target",
        "The position has occurred {occurrences} times: you must exchange your target",
        count="occurrences",
    ),
    Message("turn_over.slide_limit", "{who}'s turn ends: the slide limit is reached"),
    Message("turn_over.slide_limit.you", "Your turn ends: the slide limit is reached"),
    Message("exchange.impossible", "{who} exchanges an impossible target: {card} leaves the game"),
    Message("exchange.impossible.you", "You exchange an impossible target: {card} leaves the game"),
    Message(
        "exchange.repetition",
        "{who} exchanges the target after a repeated position: {card} leaves the game",
    ),
    Message(
        "exchange.repetition.you",
        "You exchange your target after a repeated position: {card} leaves the game",
    ),
    Message("claim", "{who} claims the {row} row with {target} and collects {cards}"),
    Message("claim.you", "You claim the {row} row with {target} and collect {cards}"),
    Message(
        "refill",
        "The grid gets {count} new card",
        "The grid gets {count} new cards",
        count="count",
    ),
    Message(
        "refill.hole",
        "The grid gets {count} new card; the {position} space stays empty",
        "The grid gets {count} new cards; the {position} space stays empty",
        count="count",
    ),
    Message(
        "draw_target",
        "{who} draws a new target ({deck} card left)",
        "{who} draws a new target ({deck} cards left)",
        count="deck",
    ),
    Message(
        "draw_target.you",
        "You draw a new target ({deck} card left)",
        "You draw a new target ({deck} cards left)",
        count="deck",
    ),
    Message("no_target.deck_empty", "{who} gets no new target: the deck is empty"),
    Message("no_target.deck_empty.you", "You get no new target: the deck is empty"),
    Message("ending.deck_exhausted", "The deck is empty and no player can still claim."),
    Message(
        "ending.stall",
        "The deck is empty and {rounds} full round passed without a claim.",
        "The deck is empty and {rounds} full rounds passed without a claim.",
        count="rounds",
    ),
    Message(
        "ending.idle_rounds",
        "{rounds} full round passed without a claim or an exchange.",
        "{rounds} full rounds passed without a claim or an exchange.",
        count="rounds",
    ),
)


def _action(verb: str, args: list[str]) -> Phrase:
    if verb == "slide":
        source, empty = int(args[0]), int(args[1])
        return Phrase(
            "action.slide",
            {"position": POSITIONS[source], "direction": DIRECTIONS[empty - source]},
        )
    if verb == "claim":
        return Phrase("action.claim", {"row": ROWS[int(args[0])]})
    if verb in ("hole", "refill"):
        return Phrase(f"action.{verb}", {"position": POSITIONS[int(args[0])]})
    return Phrase(f"action.{verb}")


def phrase(event: Mapping[str, Any]) -> Phrase | None:
    kind = event["event"]
    seat = event.get("seat")
    who = {"who": Seat(seat)} if seat is not None else {}
    if kind == "action":
        verb, *args = str(event["action"]).split()
        return _action(verb, args)
    if kind == "deal":
        first = event["first_player"]
        return Phrase("deal", {"first": Seat(first)}, subject=first)
    if kind == "repetition":
        return Phrase("repetition", {**who, "occurrences": event["occurrences"]}, subject=seat)
    if kind in ("turn_over", "no_target"):
        return Phrase(f"{kind}.{event['reason']}", who, subject=seat)
    if kind == "exchange":
        return Phrase(f"exchange.{event['cause']}", {**who, "card": event["card"]}, subject=seat)
    if kind == "claim":
        values = {**who, "row": ROWS[event["row"]], "target": event["target"]}
        return Phrase("claim", {**values, "cards": event["cards"]}, subject=seat)
    if kind == "refill":
        count = len(event["placed"])
        if "hole" in event:
            return Phrase("refill.hole", {"count": count, "position": POSITIONS[event["hole"]]})
        return Phrase("refill", {"count": count})
    if kind == "draw_target":
        return Phrase("draw_target", {**who, "deck": event["deck_size"]}, subject=seat)
    if kind == "game_over":
        rounds = {"rounds": event["rounds"]} if "rounds" in event else {}
        return Phrase(f"ending.{event['termination']}", rounds)
    return None


MESSAGES = Messages(
    sentences=SENTENCES,
    words=(*POSITIONS, *ROWS, *DIRECTIONS.values()),
    phrase=phrase,
)
