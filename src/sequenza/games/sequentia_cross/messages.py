"""Sequentia · Cross in words: the English templates of its log (the source every language
translates, see ``sequenza.text``) and the sentence each event takes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sequenza.core.kit import Message, Messages, Phrase, Seat, Word

#: The grid's nine piles, row by row from the top left.
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
#: A claim's lines by direction: rows from the top, columns from the left.
LINES = {
    "rows": tuple(Word("row", name) for name in ("top", "middle", "bottom")),
    "columns": tuple(Word("column", name) for name in ("left", "middle", "right")),
}

SENTENCES = (
    Message("action.place", "Place {card} on the {position} pile"),
    Message(
        "action.claim.rows",
        "Collect the {lines} row",
        "Collect the {lines} rows",
        count="count",
    ),
    Message(
        "action.claim.columns",
        "Collect the {lines} column",
        "Collect the {lines} columns",
        count="count",
    ),
    Message(
        "deal",
        "Nine cards are dealt to the grid; each player draws {cards} card.",
        "Nine cards are dealt to the grid; each player draws {cards} cards.",
        count="cards",
    ),
    Message("cards", "{count} card", "{count} cards", count="count"),
    Message(
        "claim.rows",
        "{who} collects the {lines} row ({cards})",
        "{who} collects the {lines} rows ({cards})",
        count="count",
    ),
    Message(
        "claim.rows.you",
        "You collect the {lines} row ({cards})",
        "You collect the {lines} rows ({cards})",
        count="count",
    ),
    Message(
        "claim.columns",
        "{who} collects the {lines} column ({cards})",
        "{who} collects the {lines} columns ({cards})",
        count="count",
    ),
    Message(
        "claim.columns.you",
        "You collect the {lines} column ({cards})",
        "You collect the {lines} columns ({cards})",
        count="count",
    ),
    Message(
        "refill",
        "The emptied pile gets a new card ({deck} left in the deck)",
        "The emptied piles get new cards ({deck} left in the deck)",
        count="count",
    ),
    Message("discard", "{who}'s {card} has no pile left: it leaves the game"),
    Message("discard.you", "Your {card} has no pile left: it leaves the game"),
    Message("no_sequence", "{who} makes no sequence"),
    Message("no_sequence.you", "You make no sequence"),
    Message("pass", "{who} has no card and passes"),
    Message("pass.you", "You have no card and pass"),
    Message(
        "draw",
        "{who} draws {cards} card ({deck} left)",
        "{who} draws {cards} cards ({deck} left)",
        count="cards",
    ),
    Message(
        "draw.you",
        "You draw {cards} card ({deck} left)",
        "You draw {cards} cards ({deck} left)",
        count="cards",
    ),
    Message("ending.deck_exhausted", "The deck is empty and no player holds a card."),
    Message(
        "ending.stall",
        "{rounds} full round passed without a claim with an empty deck.",
        "{rounds} full rounds passed without a claim with an empty deck.",
        count="rounds",
    ),
)


def _lines(direction: str, indices: list[int]) -> dict[str, Any]:
    names = LINES[direction]
    return {"lines": [names[index] for index in indices], "count": len(indices)}


def phrase(event: Mapping[str, Any]) -> Phrase | None:
    kind = event["event"]
    seat = event.get("seat")
    who = {"who": Seat(seat)} if seat is not None else {}
    if kind == "action":
        verb, first, *rest = str(event["action"]).split()
        if verb == "place":
            return Phrase("action.place", {"card": first, "position": POSITIONS[int(rest[0])]})
        return Phrase(f"action.claim.{first}", _lines(first, [int(index) for index in rest]))
    if kind == "deal":
        return Phrase("deal", {"cards": event["hand_size"]})
    if kind == "claim":
        cards = Phrase("cards", {"count": event["cards"]})
        values = {**who, **_lines(event["lines"], event["indices"]), "cards": cards}
        return Phrase(f"claim.{event['lines']}", values, subject=seat)
    if kind == "refill":
        return Phrase("refill", {"count": len(event["positions"]), "deck": event["deck"]})
    if kind == "discard":
        return Phrase("discard", {**who, "card": event["card"]}, subject=seat)
    if kind in ("no_sequence", "pass"):
        return Phrase(kind, who, subject=seat)
    if kind == "draw":
        return Phrase("draw", {**who, "cards": event["cards"], "deck": event["deck"]}, subject=seat)
    if kind == "game_over":
        rounds = {"rounds": event["rounds"]} if "rounds" in event else {}
        return Phrase(f"ending.{event['termination']}", rounds)
    return None


MESSAGES = Messages(
    sentences=SENTENCES,
    words=(*POSITIONS, *LINES["rows"], *LINES["columns"]),
    phrase=phrase,
)
