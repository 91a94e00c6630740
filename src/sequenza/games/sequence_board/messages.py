"""Sequence and Sequence Numbers in words: the English templates of their log (the source
every language translates, see ``sequenza.text``) and the sentence each event takes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sequenza.core.kit import Message, Messages, Phrase, Seat, Word

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: Sequence Numbers' two special cards.
SPECIAL_CARDS = {"plus": Word("card", "Plus"), "minus": Word("card", "Minus")}

SENTENCES = (
    Message("action.play", "Play {card} on {space}"),
    Message("action.remove", "Remove the chip on {space} with {card}"),
    Message("action.dead", "Exchange the dead card {card}"),
    Message("action.mark", "Make {first}–{last} the sequence"),
    Message("action.pass", "Pass: no card can be played"),
    Message("sequence", "{who} completes a sequence ({window})"),
    Message("sequence.you", "You complete a sequence ({window})"),
    Message(
        "chips_removed",
        "The Minus removes {count} chip ({spaces})",
        "The Minus removes {count} chips ({spaces})",
        count="count",
    ),
    Message("cards", "{count} card", "{count} cards", count="count"),
    Message("reshuffle", "The discard piles are shuffled into a new draw pile ({cards})"),
    Message(
        "ending.sequences_made",
        "{sequences} sequence made: the game is won.",
        "{sequences} sequences made: the game is won.",
        count="sequences",
    ),
    Message(
        "ending.stall",
        "{rounds} full round without a chip placed or removed: a drawn game.",
        "{rounds} full rounds without a chip placed or removed: a drawn game.",
        count="rounds",
    ),
)


def classic_card(face: str) -> str:
    """A Sequence card as it is printed: ``TH`` is 10♥."""
    rank, suit = face[:-1], face[-1]
    return f"{'10' if rank == 'T' else rank}{SUITS[suit]}"


def number_card(face: str) -> str | Word:
    """A Sequence Numbers card: an equation (with a true minus sign), Plus or Minus."""
    return SPECIAL_CARDS.get(face) or face.replace("-", "−")


def _phrase_with(card: Callable[[str], str | Word]) -> Callable[[Mapping[str, Any]], Phrase | None]:
    def phrase(event: Mapping[str, Any]) -> Phrase | None:
        kind = event["event"]
        if kind == "action":
            verb, *args = str(event["action"]).split()
            if verb in ("play", "remove"):
                return Phrase(f"action.{verb}", {"card": card(args[0]), "space": args[1]})
            if verb == "dead":
                return Phrase("action.dead", {"card": card(args[0])})
            if verb == "mark":
                return Phrase("action.mark", {"first": args[0], "last": args[1]})
            return Phrase(f"action.{verb}")
        if kind == "sequence":
            seat = event["seat"]
            values = {"who": Seat(seat), "window": event["window"]}
            return Phrase("sequence", values, subject=seat)
        if kind == "chips_removed":
            spaces = event["spaces"]
            return Phrase("chips_removed", {"count": len(spaces), "spaces": " ".join(spaces)})
        if kind == "reshuffle":
            return Phrase("reshuffle", {"cards": Phrase("cards", {"count": event["cards"]})})
        if kind == "game_over":
            details = {key: event[key] for key in ("sequences", "rounds") if key in event}
            return Phrase(f"ending.{event['termination']}", details)
        return None

    return phrase


SEQUENCE_MESSAGES = Messages(sentences=SENTENCES, words=(), phrase=_phrase_with(classic_card))
NUMBERS_MESSAGES = Messages(
    sentences=SENTENCES, words=tuple(SPECIAL_CARDS.values()), phrase=_phrase_with(number_card)
)
