"""Sequence Stacks in words: the English templates of its log (the source every language
translates, see ``sequenza.text``) and the sentence each event takes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sequenza.core.kit import Message, Messages, Phrase, Seat, Word

from .rules import COLOURS

COLOUR_WORDS = {colour: Word("colour", colour) for colour in COLOURS}
#: The action cards, by face.
ACTION_CARDS = {
    "skip": Word("card", "Skip"),
    "reverse": Word("card", "Reverse"),
    "steal-card": Word("card", "Steal a card"),
    "steal-chip": Word("card", "Steal a chip"),
    "block": Word("card", "Block"),
}

SENTENCES = (
    Message("card", "{colour} {value}"),
    Message("card.wild", "{colour} wild"),
    Message("action.play", "Play {card} on {colour} pile {pile}"),
    Message("action.play.new", "Start a {colour} pile with {card}"),
    Message("action.play.skip", "Play Skip"),
    Message("action.play.reverse", "Play Reverse"),
    Message("action.play.steal-card", "Steal the top discard of {target}"),
    Message("action.play.steal-chip", "Steal a {colour} chip from {target}"),
    Message("action.from_discard", "{action} (the card from your discard pile)"),
    Message("action.discard", "Discard {card} and end the turn"),
    Message("action.block", "Block the completed pile"),
    Message("action.allow", "Let the pile score"),
    Message("action.end", "End the turn"),
    Message(
        "deal",
        "Each player is dealt {cards} card.",
        "Each player is dealt {cards} cards.",
        count="cards",
    ),
    Message("cards", "{count} card", "{count} cards", count="count"),
    Message(
        "reshuffle",
        "The set-aside cards are shuffled into a new draw pile ({cards})",
    ),
    Message("draw", "{who} draws {cards} card", "{who} draws {cards} cards", count="cards"),
    Message("draw.you", "You draw {cards} card", "You draw {cards} cards", count="cards"),
    Message("completed", "{who} completes {colour} pile {pile}"),
    Message("completed.you", "You complete {colour} pile {pile}"),
    Message("chip", "{who} takes a {colour} chip"),
    Message("chip.you", "You take a {colour} chip"),
    Message("no_chip.supply_empty", "{who} gets no {colour} chip: the supply is empty"),
    Message("no_chip.supply_empty.you", "You get no {colour} chip: the supply is empty"),
    Message(
        "refills_used",
        "{who} has refilled their hand {refills} time this turn, the most allowed: "
        "no more cards until the turn ends",
        "{who} has refilled their hand {refills} times this turn, the most allowed: "
        "no more cards until the turn ends",
        count="refills",
    ),
    Message(
        "refills_used.you",
        "You have refilled your hand {refills} time this turn, the most allowed: "
        "no more cards until the turn ends",
        "You have refilled your hand {refills} times this turn, the most allowed: "
        "no more cards until the turn ends",
        count="refills",
    ),
    Message("skip", "{who} will lose their next turn"),
    Message("skip.you", "You will lose your next turn"),
    Message("turn_lost", "{who} loses this turn"),
    Message("turn_lost.you", "You lose this turn"),
    Message("stole_card", "{who} steals {card} from {source}"),
    Message("stole_card.you", "You steal {card} from {source}"),
    Message(
        "ending.chips_collected", "{winner} holds {chips} chips, at least {each} of each colour."
    ),
    Message(
        "ending.chips_collected.you", "You hold {chips} chips, at least {each} of each colour."
    ),
    Message(
        "ending.stall",
        "{rounds} full round passed with no chip taken and nothing left to draw.",
        "{rounds} full rounds passed with no chip taken and nothing left to draw.",
        count="rounds",
    ),
    Message(
        "ending.safety_net",
        "A colour's chips have run out and {rounds} full round passed with no chip taken.",
        "A colour's chips have run out and {rounds} full rounds passed with no chip taken.",
        count="rounds",
    ),
)


def card(face: str) -> Phrase | Word:
    """A card in words: "red 3", "blue wild", "Skip"."""
    if face in ACTION_CARDS:
        return ACTION_CARDS[face]
    colour, value = face.split("-")
    if value == "wild":
        return Phrase("card.wild", {"colour": COLOUR_WORDS[colour]})
    return Phrase("card", {"colour": COLOUR_WORDS[colour], "value": int(value)})


def _play(face: str, args: list[str]) -> Phrase:
    if face in ("skip", "reverse"):
        return Phrase(f"action.play.{face}")
    if face == "steal-card":
        return Phrase("action.play.steal-card", {"target": Seat(int(args[0]))})
    if face == "steal-chip":
        return Phrase(
            "action.play.steal-chip",
            {"target": Seat(int(args[0])), "colour": COLOUR_WORDS[args[1]]},
        )
    colour = COLOUR_WORDS[face.split("-")[0]]
    if args[0] == "new":
        return Phrase("action.play.new", {"card": card(face), "colour": colour})
    return Phrase("action.play", {"card": card(face), "colour": colour, "pile": int(args[0])})


def _action(verb: str, args: list[str]) -> Phrase:
    if verb == "play":
        face, source, *rest = args
        played = _play(face, rest)
        if source == "discard":
            return Phrase("action.from_discard", {"action": played})
        return played
    if verb == "discard":
        return Phrase("action.discard", {"card": card(args[0])})
    return Phrase(f"action.{verb}")


def phrase(event: Mapping[str, Any]) -> Phrase | None:
    kind = event["event"]
    seat = event.get("seat")
    who = {"who": Seat(seat)} if seat is not None else {}
    if kind == "action":
        verb, *args = str(event["action"]).split()
        return _action(verb, args)
    if kind == "deal":
        return Phrase("deal", {"cards": event["cards"]})
    if kind == "reshuffle":
        return Phrase("reshuffle", {"cards": Phrase("cards", {"count": event["cards"]})})
    if kind == "draw":
        return Phrase("draw", {**who, "cards": event["cards"]}, subject=seat)
    if kind == "completed":
        values = {**who, "colour": COLOUR_WORDS[event["colour"]], "pile": event["pile"]}
        return Phrase("completed", values, subject=seat)
    if kind == "chip":
        return Phrase("chip", {**who, "colour": COLOUR_WORDS[event["colour"]]}, subject=seat)
    if kind == "no_chip":
        values = {**who, "colour": COLOUR_WORDS[event["colour"]]}
        return Phrase(f"no_chip.{event['reason']}", values, subject=seat)
    if kind == "refills_used":
        return Phrase("refills_used", {**who, "refills": event["refills"]}, subject=seat)
    if kind in ("skip", "turn_lost"):
        return Phrase(kind, who, subject=seat)
    if kind == "stole_card":
        values = {**who, "card": card(event["card"]), "source": Seat(event["source"])}
        return Phrase("stole_card", values, subject=seat)
    if kind == "game_over":
        termination = event["termination"]
        if termination == "chips_collected":
            winner = event["winners"][0]
            values = {"winner": Seat(winner), "chips": event["chips"], "each": event["each"]}
            return Phrase("ending.chips_collected", values, subject=winner)
        return Phrase(f"ending.{termination}", {"rounds": event["rounds"]})
    return None


MESSAGES = Messages(
    sentences=SENTENCES,
    words=(*COLOUR_WORDS.values(), *ACTION_CARDS.values()),
    phrase=phrase,
)
