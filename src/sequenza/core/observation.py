"""Typed observations: what a seat may see, as frozen dataclasses with structured cards, their
one JSON encoding, and the JSON schema that describes it.

Each game subclasses ``Observation`` in its ``types.py`` with the fields of its table; the
header fields here (the game, the seat, whose turn, the result) come first in every one.
Code reads the fields; the web page, saved files and RL encoders read ``to_json()``. A card
may travel in JSON as its notation text (``2:131+``): its class is then ``Notated``, and the
schema describes the text with the class's ``PATTERN``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Seen(Observation):
...     hand: tuple[int, ...] | None
>>> seen = Seen(game="g", players=2, seat=0, to_act=0, over=False, result=None, turn=3,
...             hand=(4, 2))
>>> seen.to_json()["hand"], seen.to_json()["turn"]
([4, 2], 3)
>>> json_schema(Seen)["properties"]["hand"]
{'anyOf': [{'type': 'array', 'items': {'type': 'integer'}}, {'type': 'null'}]}
"""

from __future__ import annotations

import dataclasses
import keyword
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Self, TypedDict, Union

from sequenza.core.game import Result, SharedTermination, Termination

if TYPE_CHECKING:
    from sequenza.core.game import Game, State

JSON = Any
#: A JSON schema, as JSON values.
Schema = dict[str, Any]


class Notated:
    """A value written in JSON as its notation text (``str(value)``), which matches the
    class's ``PATTERN``. Code reads the value's fields; only the encoding writes the text."""

    __slots__ = ()
    #: A regular expression (JSON Schema dialect) that every notation text of the class matches.
    PATTERN: ClassVar[str]


class Header(TypedDict):
    """The fields every observation starts with (see ``State.observation``)."""

    game: str
    players: int
    seat: int | None
    to_act: int | None
    over: bool
    result: Result | None
    turn: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Observation:
    """What one seat (``None``: a spectator) may see of a position. Games subclass it with
    their table's fields and build it on ``State._header(seat)``."""

    #: The game's id.
    game: str
    players: int
    seat: int | None
    #: The seat to act, ``None`` once the game is over.
    to_act: int | None
    over: bool
    result: Result | None
    #: Actions played so far.
    turn: int

    def to_json(self) -> dict[str, JSON]:
        """The observation as JSON values, field by field in declaration order."""
        encoded: dict[str, JSON] = to_json(self)
        return encoded

    def to_json_beside(self, other: Observation, encoded: dict[str, JSON]) -> dict[str, JSON]:
        """``to_json()``, reusing ``encoded``, the encoding of ``other`` (another seat's view
        of the same position), for each field whose value equals ``other``'s: a table words a
        view for each seat, and all of them but a hand or a target are alike (the board, the
        discard piles), most often the very same objects. Equal values of one field encode
        alike in the views one state makes; ``tests/core/test_observations.py`` holds this
        to ``to_json`` in every game."""
        kind = type(self)
        if type(other) is not kind:
            return self.to_json()
        names = _FIELD_NAMES.get(kind)
        if names is None:
            names = _FIELD_NAMES[kind] = tuple(field.name for field in dataclasses.fields(self))
        beside: dict[str, JSON] = {}
        for name in names:
            value = getattr(self, name)
            if type(value) in _JSON_SCALARS:
                beside[name] = value
                continue
            known = getattr(other, name)
            same = value is known or (type(value) is type(known) and value == known)
            beside[name] = encoded[name] if same else to_json(value)
        return beside

    @classmethod
    def of(cls, state: State[Any], seat: int | None) -> Self:
        """``state.observe(seat)`` as this class: for code that knows which game it reads."""
        seen = state.observe(seat)
        if not isinstance(seen, cls):
            raise TypeError(f"{state.game.id} observes {type(seen).__name__}, not {cls.__name__}")
        return seen


def to_json(value: Any) -> JSON:
    """A typed value as JSON values: dataclasses as objects of their fields, tuples as
    arrays, enums as their values, ``Notated`` values as their text."""
    kind = type(value)
    if kind in _JSON_SCALARS:
        return value
    encode = _ENCODERS.get(kind)
    if encode is None:
        encode = _ENCODERS[kind] = _encoder(kind)
    return encode(value)


#: Each observation class's field names, in order (``Observation.to_json_beside``).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
#: Types whose values are JSON values as they are.
_JSON_SCALARS = frozenset({bool, int, float, str, type(None)})
#: How each type met so far is encoded: bots and the web server encode observations all the
#: time, so the type tests are made once per type, not once per value.
_ENCODERS: dict[type, Callable[[Any], JSON]] = {}


def _encoder(kind: type) -> Callable[[Any], JSON]:
    if issubclass(kind, Enum):
        return lambda value: value.value
    if issubclass(kind, bool | int | float | str):
        return lambda value: value
    if issubclass(kind, Notated):
        return str
    if dataclasses.is_dataclass(kind):
        return _dataclass_encoder(kind)
    if issubclass(kind, tuple | list):
        return _array
    if issubclass(kind, Mapping):
        return lambda value: {str(key): to_json(item) for key, item in value.items()}
    raise TypeError(f"{kind.__name__} has no JSON encoding")


def _dataclass_encoder(kind: type) -> Callable[[Any], JSON]:
    """An encoder written out for ``kind``'s fields: one dict display that reads each field
    once and calls ``to_json`` only for a value that is not a JSON scalar already. Every view
    of every position sent goes through these, and a generic loop over the fields (a call
    and a type test per field) cost a server a fifth of a move."""
    names = [field.name for field in dataclasses.fields(kind)]
    if not all(name.isidentifier() and not keyword.iskeyword(name) for name in names):
        # A name that cannot be written as an attribute (set up by hand) is read generically.
        return lambda value: {name: to_json(getattr(value, name)) for name in names}
    items = ", ".join(
        f"{name!r}: (v if type(v := value.{name}) in scalars else to_json(v))" for name in names
    )
    namespace: dict[str, Any] = {"scalars": _JSON_SCALARS, "to_json": to_json}
    exec(f"def encode(value):\n    return {{{items}}}\n", namespace)
    encode: Callable[[Any], JSON] = namespace["encode"]
    return encode


def _array(values: Any) -> list[JSON]:
    return [item if type(item) in _JSON_SCALARS else to_json(item) for item in values]


_SCALARS: dict[Any, Schema] = {
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    float: {"type": "number"},
    str: {"type": "string"},
    type(None): {"type": "null"},
    None: {"type": "null"},
}


def json_schema(kind: Any, overrides: Mapping[Any, Schema] | None = None) -> Schema:
    """The JSON schema of the encoding (``to_json``) of values of the type ``kind``, read
    from type hints: scalars, ``None``, lists, tuples, dicts with text keys, ``Literal``,
    unions and ``Optional``, enums, ``Notated`` classes and nested dataclasses. ``overrides``
    gives the schema of some types outright, and of the (hashable) marks of ``Annotated``
    types: ``Annotated[int, mark]`` for values that only a game's own data bounds, described
    as its first argument when no override names its mark."""
    overrides = overrides or {}
    if kind in overrides:
        return dict(overrides[kind])
    if kind is Any:
        return {}
    if kind in _SCALARS:
        return dict(_SCALARS[kind])
    origin = typing.get_origin(kind)
    arguments = typing.get_args(kind)
    if origin is Annotated:
        marked = [mark for mark in kind.__metadata__ if mark in overrides]
        return dict(overrides[marked[0]]) if marked else json_schema(arguments[0], overrides)
    if origin is Literal:
        return {"enum": list(arguments)}
    if origin in (Union, types.UnionType):
        return {"anyOf": [json_schema(argument, overrides) for argument in arguments]}
    if origin in (list, tuple) or kind in (list, tuple):
        if origin is tuple and arguments and arguments[-1] is not Ellipsis:
            items = [json_schema(argument, overrides) for argument in arguments]
            return {
                "type": "array",
                "prefixItems": items,
                "minItems": len(items),
                "maxItems": len(items),
            }
        item = arguments[0] if arguments else Any
        return {"type": "array", "items": json_schema(item, overrides)}
    if origin is dict or kind is dict:
        value = arguments[1] if arguments else Any
        return {"type": "object", "additionalProperties": json_schema(value, overrides)}
    if isinstance(kind, type) and issubclass(kind, Notated):
        return {"type": "string", "pattern": kind.PATTERN}
    if isinstance(kind, type) and issubclass(kind, Enum):
        values = [member.value for member in kind]
        schema: Schema = {"enum": values}
        if all(isinstance(value, str) for value in values):
            schema["type"] = "string"
        return schema
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        names = [field.name for field in dataclasses.fields(kind)]
        return {
            "type": "object",
            "properties": {name: json_schema(hints[name], overrides) for name in names},
            "required": names,
            "additionalProperties": False,
        }
    raise TypeError(f"no JSON schema for {kind!r}")


def observation_schema(game: type[Game[Any]]) -> Schema:
    """The JSON schema of ``state.observation(seat)`` for every state of ``game``: its
    observation class, with the result's termination one of the game's endings."""
    endings = [member.value for kind in (game.terminations, SharedTermination) for member in kind]
    schema = json_schema(game.observation_class, {Termination: {"type": "string", "enum": endings}})
    schema["properties"]["game"] = {"const": game.info.id}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{game.info.name} observation",
        **schema,
    }
