"""Sequentia · Stack in words: the English templates of its log (the source every language
translates, see ``sequenza.text``) and the sentence each event takes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sequenza.core.kit import Message, Messages, Phrase, Seat, Word

SIDES = {side: Word("side", side) for side in ("left", "right")}

SENTENCES = (
    Message("action.place", "Place {card} on pile {pile}"),
    Message("action.place.new", "Place {card} as a new pile at the {side}"),
    Message("action.claim", "Claim piles {first}–{last} with {card}"),
    Message("action.end", "End the turn"),
    Message("action.pass", "Pass"),
    Message(
        "deal",
        "Each player draws {cards} card.",
        "Each player draws {cards} cards.",
        count="cards",
    ),
    Message("turn_ends.hand_empty", "{who}'s turn ends: no card is left in hand"),
    Message("turn_ends.hand_empty.you", "Your turn ends: no card is left in your hand"),
    Message(
        "claim",
        "{who} claims piles {first}–{last} with {card} and collects {cards} card",
        "{who} claims piles {first}–{last} with {card} and collects {cards} cards",
        count="cards",
    ),
    Message(
        "claim.you",
        "You claim piles {first}–{last} with {card} and collect {cards} card",
        "You claim piles {first}–{last} with {card} and collect {cards} cards",
        count="cards",
    ),
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
    Message("ending.deck_exhausted", "The deck and every hand are empty."),
)


def _action(verb: str, args: list[str]) -> Phrase:
    if verb == "place":
        card, target = args
        if target in SIDES:
            return Phrase("action.place.new", {"card": card, "side": SIDES[target]})
        return Phrase("action.place", {"card": card, "pile": int(target)})
    if verb == "claim":
        card, start = args[0], int(args[1])
        return Phrase("action.claim", {"card": card, "first": start, "last": start + 2})
    return Phrase(f"action.{verb}")


def phrase(event: Mapping[str, Any]) -> Phrase | None:
    kind = event["event"]
    seat = event.get("seat")
    who = {"who": Seat(seat)} if seat is not None else {}
    if kind == "action":
        verb, *args = str(event["action"]).split()
        return _action(verb, args)
    if kind == "deal":
        return Phrase("deal", {"cards": event["cards_each"]})
    if kind == "turn_ends":
        return Phrase(f"turn_ends.{event['reason']}", who, subject=seat)
    if kind == "claim":
        piles = event["piles"]
        values = {"first": piles[0], "last": piles[-1], "card": event["card"]}
        return Phrase("claim", {**who, **values, "cards": event["cards"]}, subject=seat)
    if kind == "draw":
        return Phrase("draw", {**who, "cards": event["cards"], "deck": event["deck"]}, subject=seat)
    if kind == "game_over":
        return Phrase(f"ending.{event['termination']}")
    return None


MESSAGES = Messages(sentences=SENTENCES, words=tuple(SIDES.values()), phrase=phrase)
