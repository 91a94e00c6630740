"""Events into sentences: a game's ``phrase`` names the message of an event and its values,
the ``log`` catalogues of the reader's language (the game's own with the shared ones, read by
``sequenza.i18n``) give the template, and the values are written in that language (seats by
the names players see, "you" for the reader, numbers and lists as the language writes them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal

from sequenza import i18n
from sequenza.core.game import SharedTermination
from sequenza.core.kit import Message, Messages, Phrase, Seat, Seats, Value, Word
from sequenza.core.registry import game_kit

#: The catalogues' domain of the log's sentences (this layer's own and each game's).
DOMAIN = "log"

#: Suffix of the message whose subject is the seat reading it ("You draw 2 cards").
YOU = ".you"
#: "you", when a sentence names the reader elsewhere than as its subject.
YOU_WORD = Word("seat", "you")

#: The text layer's own sentences, the same for every game: the seat before an action, the
#: end of the game, its result, and the endings decided outside the rules.
COMMON_SENTENCES = (
    Message("action", "{who}: {action}"),
    Message("action.you", "You: {action}"),
    Message("game_over", "{ending} {result} ({scores})."),
    Message("result.draw", "A draw"),
    Message("result.won", "{winners} won"),
    Message("result.won.you", "You won"),
    Message("result.shared", "{winners} share the win"),
    Message("result.shared.you", "You share the win with {others}"),
    Message("result.team.you", "Your team won, with {others}"),
    Message(f"ending.{SharedTermination.RESIGNED.value}", "A player resigned."),
    Message(f"ending.{SharedTermination.TIME.value}", "A player ran out of time."),
)
COMMON_WORDS = (YOU_WORD,)


@dataclass(frozen=True)
class _Reader:
    """Who reads, in which language, and the sentences at hand."""

    sentences: Mapping[str, Message]
    names: Sequence[str]
    viewer: int | None
    lang: str

    def render(self, phrase: Phrase) -> str:
        code = phrase.code
        if phrase.subject is not None and phrase.subject == self.viewer:
            code += YOU
        message = self.sentences.get(code)
        if message is None:
            raise LookupError(f"no message {code!r} for this game")
        catalogue = i18n.translations(DOMAIN, self.lang)
        if message.plural is None or message.count is None:
            template = catalogue.pgettext(message.code, message.text)
        else:
            count = phrase.values[message.count]
            assert isinstance(count, int), f"{code}: {message.count} is not a number"
            template = catalogue.npgettext(message.code, message.text, message.plural, count)
        return template.format_map(
            {name: self.value(value) for name, value in phrase.values.items()}
        )

    def value(self, value: Value) -> str:
        if isinstance(value, Phrase):
            return self.render(value)
        if isinstance(value, Word):
            return i18n.translations(DOMAIN, self.lang).pgettext(value.context, value.text)
        if isinstance(value, Seat):
            return self.seat(value.seat)
        if isinstance(value, Seats):
            return format_list([self.seat(seat) for seat in value.seats], locale=self.lang)
        if isinstance(value, bool):
            raise TypeError("a sentence names no truth value")
        if isinstance(value, int | float):
            return self.number(value)
        if isinstance(value, str):
            return value
        items = list(value)
        words = [item for item in items if isinstance(item, Word)]
        if items and len(words) == len(items):
            return format_list([self.value(word) for word in words], locale=self.lang)
        return " ".join(str(item) for item in items)

    def number(self, number: float) -> str:
        if isinstance(number, float) and number.is_integer():
            number = int(number)
        return _decimal(number, self.lang)

    def seat(self, seat: int) -> str:
        if seat == self.viewer:
            return self.value(YOU_WORD)
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)


@lru_cache(maxsize=4096)
def _decimal(number: float, lang: str) -> str:
    # Babel reads the locale's pattern again at every call: a server words the same few
    # counts (cards left, points) thousands of times a minute.
    return str(format_decimal(number, locale=lang))


def _reader(
    messages: Messages | None, names: Sequence[str], viewer: int | None, lang: str
) -> _Reader:
    return _Reader(_sentences(messages), names, viewer, lang)


def _sentences(messages: Messages | None) -> Mapping[str, Message]:
    """The sentences a reader of ``messages``' game knows, by code: built once per game's
    messages (a kit's, which never change), not once per event worded. Kept by identity:
    hashing the frozen messages would cost about what building the map does."""
    key = id(messages)
    kept = _SENTENCES.get(key)
    if kept is not None and kept[0] is messages:
        return kept[1]
    sentences = {message.code: message for message in COMMON_SENTENCES}
    if messages is not None:
        sentences.update({message.code: message for message in messages.sentences})
    if len(_SENTENCES) >= 256:  # modes made and dropped at run time: bounded
        _SENTENCES.clear()
    _SENTENCES[key] = (messages, sentences)
    return sentences


#: Each game's sentences by code, under the id of its messages (held, so the id stays theirs).
_SENTENCES: dict[int, tuple[Messages | None, dict[str, Message]]] = {}


def _game_phrase(messages: Messages, event: Mapping[str, Any], game_id: str) -> Phrase:
    phrase = messages.phrase(event)
    if phrase is None:
        raise LookupError(f"{game_id} has no sentence for its event {event.get('event')!r}")
    return phrase


def _ending(messages: Messages, event: Mapping[str, Any], game_id: str) -> Phrase:
    termination = str(event["termination"])
    if termination in {shared.value for shared in SharedTermination}:
        return Phrase(f"ending.{termination}")
    return _game_phrase(messages, event, game_id)


def result_phrase(
    winners: Sequence[int], players: int, viewer: int | None, teams: Sequence[int] | None
) -> Phrase:
    """Who won, as the reader sees it: "You won", "Greedy bot 2 won", a shared win, a draw.
    Teammates win together, named by their members (never "Team 2")."""
    if not winners or len(winners) == players:
        return Phrase("result.draw")
    one_side = len({teams[seat] for seat in winners}) == 1 if teams else len(winners) == 1
    if viewer is not None and viewer in winners:
        others = tuple(seat for seat in winners if seat != viewer)
        if not others:
            return Phrase("result.won", subject=viewer)
        code = "result.team" if one_side else "result.shared"
        return Phrase(code, {"others": Seats(others)}, subject=viewer)
    code = "result.won" if one_side else "result.shared"
    return Phrase(code, {"winners": Seats(tuple(winners))})


def describe(
    event: Mapping[str, Any],
    *,
    game_id: str,
    names: Sequence[str],
    viewer: int | None = None,
    lang: str = "en",
    teams: Sequence[int] | None = None,
) -> str:
    """One event of a game's log as a sentence for ``viewer`` (``None``: anyone), in
    ``lang``. ``names`` are the seats' names as the players see them; ``teams`` each seat's
    team, where seats play in teams.

    >>> describe({"event": "draw", "seat": 1, "cards": 2, "deck": 30},
    ...          game_id="sequentia-stack", names=["Ann", "Greedy bot 2"])
    'Greedy bot 2 draws 2 cards (30 left)'
    """
    messages = game_kit(game_id).messages
    reader = _reader(messages, names, viewer, lang)
    kind = event["event"]
    if kind == "action":
        seat = int(event["seat"])
        action = _game_phrase(messages, event, game_id)
        return reader.render(Phrase("action", {"who": Seat(seat), "action": action}, seat))
    if kind == "game_over":
        winners = [int(seat) for seat in event["winners"]]
        scores = " – ".join(reader.number(float(score)) for score in event["scores"])
        values: dict[str, Value] = {
            "ending": _ending(messages, event, game_id),
            "result": result_phrase(winners, len(names), viewer, teams),
            "scores": scores,
        }
        return reader.render(Phrase("game_over", values))
    return reader.render(_game_phrase(messages, event, game_id))


def describe_action(
    action: str,
    *,
    seat: int,
    game_id: str,
    names: Sequence[str],
    viewer: int | None = None,
    lang: str = "en",
) -> str:
    """A move ``seat`` may make, as a sentence without its subject, in ``lang``: what the
    terminal writes beside each move's notation (which counts seats from 0 where it names one,
    while people count them from 1: the sentence names the seat's player instead).

    >>> describe_action("play 9S I0", seat=0, game_id="sequence", names=["Ann", "Bob"])
    'Play 9♠ on I0'
    """
    messages = game_kit(game_id).messages
    reader = _reader(messages, names, viewer, lang)
    return reader.render(
        _game_phrase(messages, {"event": "action", "seat": seat, "action": action}, game_id)
    )


def describe_ending(
    event: Mapping[str, Any],
    *,
    game_id: str,
    names: Sequence[str],
    viewer: int | None = None,
    lang: str = "en",
) -> str:
    """Why the game ended, from its ``game_over`` event: "The deck is empty and no player
    can still claim." """
    messages = game_kit(game_id).messages
    return _reader(messages, names, viewer, lang).render(_ending(messages, event, game_id))


def describe_result(
    winners: Sequence[int],
    *,
    names: Sequence[str],
    viewer: int | None = None,
    lang: str = "en",
    teams: Sequence[int] | None = None,
) -> str:
    """Who won, for ``viewer``: "You won", "Greedy bot 2 won", "Ann and Carl won" (a team),
    "You share the win with Ann", "A draw".

    >>> describe_result([1], names=["Ann", "Greedy bot 2"])
    'Greedy bot 2 won'
    """
    phrase = result_phrase(winners, len(names), viewer, teams)
    return _reader(None, names, viewer, lang).render(phrase)
