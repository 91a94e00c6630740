"""Typed events: what happened in a game, as frozen dataclasses with a code, and their one JSON
encoding (the log's entries).

A game declares the events its rules write in its ``types.py`` and lists them on its ``Game``
(``event_classes``); the rules write ``self._event(Claimed(seat=1, row=0, ...))`` and the log
keeps the event's JSON, ``{"event": code, field: value, ...}`` (fields in declaration order),
which the page, the saved logs and the text layer read. ``sequenza schema GAME --events``
describes every entry a game's log may hold. Events any game writes (an action played, the
game's end) and the table's own (a seat resigned, moves taken back) are declared here.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Drew(Event):
...     code = "draw"
...     seat: int
...     cards: tuple[str, ...]
...     deck: int | None = omitted_when_none()
>>> Drew(seat=1, cards=("1:1", "2:3")).to_json()
{'event': 'draw', 'seat': 1, 'cards': ['1:1', '2:3']}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Literal

JSON = Any

#: The metadata key of a field that the JSON leaves out when it is ``None`` (an event whose
#: entries differ in the details they name, such as the numbers an ending's sentence says).
OMITTED_WHEN_NONE = "sequenza.omitted_when_none"


def omitted_when_none() -> Any:
    """A field that defaults to ``None`` and is left out of the JSON when it is ``None``."""
    return dataclasses.field(default=None, metadata={OMITTED_WHEN_NONE: True})


@dataclasses.dataclass(frozen=True, kw_only=True)
class Event:
    """One entry of a game's log. Subclasses set ``code`` (the ``event`` of the JSON, which
    the text layer's sentences are keyed by) and declare the fields."""

    code: ClassVar[str]

    def to_json(self) -> dict[str, JSON]:
        """The log's entry: ``event`` first, then the fields in declaration order."""
        kind = type(self)
        encode = _ENCODERS.get(kind)
        if encode is None:
            encode = _ENCODERS[kind] = _encoder(kind)
        return encode(self)


#: Per event class, its encoding function, written once from its fields the way
#: ``dataclasses`` writes ``__init__``: events are encoded on every recorded move, and a loop
#: over the fields cost three times as much as a dict display.
_ENCODERS: dict[type[Event], Callable[[Event], dict[str, JSON]]] = {}


def _encoder(kind: type[Event]) -> Callable[[Event], dict[str, JSON]]:
    fields = dataclasses.fields(kind)
    always = [field.name for field in fields if not field.metadata.get(OMITTED_WHEN_NONE)]
    lines = [
        "def encode(self):",
        "    entry = {'event': code, "
        + "".join(f"{name!r}: plain(self.{name}), " for name in always)
        + "}",
    ]
    for field in fields:
        if field.metadata.get(OMITTED_WHEN_NONE):
            lines.append(f"    if self.{field.name} is not None:")
            lines.append(f"        entry[{field.name!r}] = plain(self.{field.name})")
    lines.append("    return entry")
    # The fields in order only while no optional one sits before a required one (as every
    # optional detail follows the event's own fields): else the generic loop keeps the order.
    names = [field.name for field in fields]
    if names != always + [name for name in names if name not in always]:
        return _in_order(kind)
    scope: dict[str, Any] = {"code": kind.code, "plain": _plain}
    # The text is made of the class's field names only (identifiers), as dataclasses does.
    exec("\n".join(lines), scope)
    encode: Callable[[Event], dict[str, JSON]] = scope["encode"]
    return encode


def _in_order(kind: type[Event]) -> Callable[[Event], dict[str, JSON]]:
    fields = dataclasses.fields(kind)
    layout = [(field.name, bool(field.metadata.get(OMITTED_WHEN_NONE))) for field in fields]

    def encode(event: Event) -> dict[str, JSON]:
        entry: dict[str, JSON] = {"event": kind.code}
        for name, omissible in layout:
            value = getattr(event, name)
            if value is None and omissible:
                continue
            entry[name] = _plain(value)
        return entry

    return encode


#: Types whose values are JSON values as they are (type tests, not ``isinstance``: an event
#: is encoded on every recorded move).
_SCALARS = frozenset({bool, int, float, str, type(None)})


def _plain(value: Any) -> JSON:
    """A field's value as JSON values: tuples as lists, mappings as objects with text keys."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [item if type(item) in _SCALARS else _plain(item) for item in value]
    if kind is dict or isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def game_over_class(events: Iterable[type[Event]]) -> type[GameOver]:
    """The ``game_over`` event of a game that lists ``events``: its own subclass of
    ``GameOver`` (with the details its endings name), or ``GameOver``."""
    for kind in events:
        if issubclass(kind, GameOver):
            return kind
    return GameOver


# ---------------------------------------------------------------------- every game's events
@dataclasses.dataclass(frozen=True, kw_only=True)
class ActionPlayed(Event):
    """An action, written before the events it causes. In a table's log it also carries
    the ``turn`` of its entry and, for a move a bot made for a seat, why (``stand_in``)."""

    code = "action"
    seat: int
    action: str
    turn: int | None = omitted_when_none()
    #: ``time``: the seat's time ran out; ``out``: the seat resigned or lost on time.
    stand_in: Literal["time", "out"] | None = omitted_when_none()


@dataclasses.dataclass(frozen=True, kw_only=True)
class GameOver(Event):
    """The end of a game by its rules. A game whose endings name numbers in their sentence
    (the rounds of a stall rule) subclasses it with those fields, each
    ``omitted_when_none()``, since each ending names its own."""

    code = "game_over"
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    #: The value of the game's ``Termination``.
    termination: str


# ---------------------------------------------------------------------- a table's own events
@dataclasses.dataclass(frozen=True, kw_only=True)
class Resigned(Event):
    code = "resigned"
    seat: int
    #: Every seat that is out now (a resigning seat takes its team with it).
    out: tuple[int, ...]
    turn: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class TimedOut(Event):
    code = "time_out"
    seat: int
    out: tuple[int, ...]
    turn: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class TableOver(Event):
    """The table's outcome, written when it differs from the rules' (seats resigned)."""

    code = "table_over"
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    termination: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class UndoRequested(Event):
    code = "undo_request"
    seat: int
    moves: int
    ask: tuple[int, ...]
    accepted: tuple[int, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class UndoRefused(Event):
    code = "undo_refused"
    seat: int
    asker: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class UndoAccepted(Event):
    code = "undo_accepted"
    seat: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Undone(Event):
    code = "undone"
    seat: int
    moves: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class HintsSwitchedOn(Event):
    """A person switched hints on during the game (where the table lets them: at one screen,
    or alone against bots); every player may ask for one from then on."""

    code = "hints_on"
    seat: int
    turn: int


#: Events a game's rules write whatever the game (the base ``State`` writes them).
GAME_EVENTS: tuple[type[Event], ...] = (ActionPlayed, GameOver)
#: Events a table writes into its log beside the game's (``sequenza.core.table``).
TABLE_EVENTS: tuple[type[Event], ...] = (
    Resigned,
    TimedOut,
    TableOver,
    UndoRequested,
    UndoRefused,
    UndoAccepted,
    Undone,
    HintsSwitchedOn,
)
