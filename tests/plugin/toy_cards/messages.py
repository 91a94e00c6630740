"""Toy cards in words: its log's English templates and the sentence each event takes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sequenza.core.kit import Message, Messages, Phrase

SENTENCES = (
    Message("action.play", "Play {card}"),
    Message("ending.cards_played", "Every card is played."),
)


def phrase(event: Mapping[str, Any]) -> Phrase | None:
    if event["event"] == "action":
        return Phrase("action.play", {"card": int(str(event["action"]).split()[1])})
    if event["event"] == "game_over":
        return Phrase(f"ending.{event['termination']}")
    return None


MESSAGES = Messages(sentences=SENTENCES, words=(), phrase=phrase)
