"""The JSON schemas of a game's log, of its saved records and of its states, generated from the
same typed declarations as the observation's (``observation_schema``): ``sequenza schema GAME
--events``, ``--save`` and ``--state`` print them.

>>> from sequenza.core.registry import game_class
>>> schema = events_schema(game_class("sequentia-stack"))
>>> sorted(kind["properties"]["event"]["const"] for kind in schema["oneOf"])[:4]
['action', 'claim', 'deal', 'draw']
>>> save_schema(game_class("sequentia-stack"))["properties"]["players"]
{'enum': [2, 3, 4]}
>>> state_schema(game_class("sequentia-stack"))["properties"]["data"]["properties"]["piles"]
{'type': 'array', 'items': {'type': 'array', 'items': {'type': 'integer'}}}
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from sequenza.core.events import (
    GAME_EVENTS,
    OMITTED_WHEN_NONE,
    TABLE_EVENTS,
    Event,
    GameOver,
    TableOver,
    game_over_class,
)
from sequenza.core.game import Game, SharedTermination, State
from sequenza.core.observation import Schema, json_schema
from sequenza.core.options import OptionSpec
from sequenza.core.table import EntryKind

_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def game_events(game: type[Game[Any]]) -> tuple[type[Event], ...]:
    """Every kind of event a game's state writes into its log: the action, the game's own
    events and its end (the game's ``GameOver`` subclass, or the shared one)."""
    own = tuple(kind for kind in game.event_classes if not issubclass(kind, GameOver))
    return (GAME_EVENTS[0], *own, game_over_class(game.event_classes))


def log_problem(game: type[Game[Any]], log: list[dict[str, Any]]) -> str | None:
    """What is wrong with a state's log, if anything: an entry whose code is none of the
    game's declared events (``Game.event_classes``), or whose fields are not its event's. The
    conformance kit asks it; the JSON schema says the same in more detail.

    >>> from sequenza.core.registry import game_class
    >>> log_problem(game_class("sequentia-stack"), [{"event": "shuffle", "cards": 3}])
    "log entry 0: the game declares no event 'shuffle' (Game.event_classes)"
    """
    kinds = {kind.code: kind for kind in game_events(game)}
    for index, entry in enumerate(log):
        code = entry.get("event")
        kind = kinds.get(code) if isinstance(code, str) else None
        if kind is None:
            return f"log entry {index}: the game declares no event {code!r} (Game.event_classes)"
        fields = dataclasses.fields(kind)
        names = {field.name for field in fields}
        required = {field.name for field in fields if not field.metadata.get(OMITTED_WHEN_NONE)}
        keys = set(entry) - {"event"}
        if not required <= keys <= names:
            return (
                f"log entry {index} ({code}) holds {sorted(keys)}, its event "
                f"{kind.__name__} declares {sorted(names)}"
            )
    return None


def event_schema(kind: type[Event], endings: list[str] | None = None) -> Schema:
    """The schema of one kind of event's JSON: ``event`` is its code; a field left out when
    ``None`` is optional (and never ``null``); ``termination`` is one of ``endings``."""
    schema = json_schema(kind)
    properties: dict[str, Schema] = {"event": {"const": kind.code}, **schema["properties"]}
    required = ["event"]
    for field in dataclasses.fields(kind):
        if field.metadata.get(OMITTED_WHEN_NONE):
            properties[field.name] = _without_null(properties[field.name])
        else:
            required.append(field.name)
    if endings is not None and "termination" in properties:
        properties["termination"] = {"type": "string", "enum": endings}
    return {
        "title": kind.code,
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _without_null(schema: Schema) -> Schema:
    choices = [choice for choice in schema.get("anyOf", [schema]) if choice != {"type": "null"}]
    return choices[0] if len(choices) == 1 else {"anyOf": choices}


def _endings(game: type[Game[Any]]) -> list[str]:
    return [member.value for kind in (game.terminations, SharedTermination) for member in kind]


def events_schema(game: type[Game[Any]], table: bool = True) -> Schema:
    """The JSON schema of every entry of ``game``'s log: one of its kinds of event, each
    with ``event`` as a constant. With ``table``, a table's log too (what the web page
    receives): the table's own events, and actions with their entry's ``turn``."""
    endings = _endings(game)
    kinds = [*game_events(game), *(TABLE_EVENTS if table else ())]
    return {
        "$schema": _DIALECT,
        "title": f"{game.info.name} log event",
        "oneOf": [
            event_schema(
                kind, endings if kind in (TableOver,) or issubclass(kind, GameOver) else None
            )
            for kind in kinds
        ],
    }


def _option_schema(spec: OptionSpec) -> Schema:
    schema = json_schema(spec.kind)
    if spec.choices:
        schema["enum"] = list(spec.choices)
    if spec.minimum is not None:
        schema["minimum"] = spec.minimum
    if spec.maximum is not None:
        schema["maximum"] = spec.maximum
    return {"description": spec.description, **schema}


def save_schema(game: type[Game[Any]]) -> Schema:
    """The JSON schema of a saved game record of ``game`` (``GameRecord.to_json``: what
    ``sequenza play`` saves and replays), with the fields the web app's record adds: every
    entry of the table (``history``), its outcome (``result``), the seats' names and the
    table's date."""
    endings = _endings(game)
    specs = game.options_class.specs()
    result: Schema = {
        "type": "object",
        "properties": {
            "scores": {"type": "array", "items": {"type": "number"}},
            "winners": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "termination": {"type": "string", "enum": endings},
        },
        "required": ["scores", "winners", "termination"],
        "additionalProperties": False,
    }
    entry: Schema = {
        "type": "object",
        "properties": {
            "kind": {"type": "string", "enum": [kind.value for kind in EntryKind]},
            "seat": {"type": "integer", "minimum": 0},
            "action": {"type": "string"},
            "elapsed": {"type": ["number", "null"]},
            "at": {"type": "number"},
        },
        "required": ["kind", "seat", "action"],
        "additionalProperties": False,
    }
    return {
        "$schema": _DIALECT,
        "title": f"{game.info.name} saved record",
        "type": "object",
        "properties": {
            "game": {"const": game.info.id},
            "rules_version": {"const": game.info.rules_version},
            "players": {"enum": list(game.info.player_counts)},
            "options": {
                "description": "the options that differ from their defaults",
                "type": "object",
                "properties": {spec.name: _option_schema(spec) for spec in specs},
                "additionalProperties": False,
            },
            "seed": {"type": "integer"},
            "actions": {
                "description": "the actions in force, in order: replaying them gives the game",
                "type": "array",
                "items": {"type": "string", "minLength": 1},
            },
            "history": {
                "description": "every entry of a web table: moves, resignations, time-outs, "
                "moves taken back",
                "type": "array",
                "items": entry,
            },
            "result": {"anyOf": [result, {"type": "null"}]},
            "names": {
                "description": "each seat's name at a web table, in seat order",
                "type": "array",
                "items": {"type": "string"},
            },
            "date": {
                "description": "when a web table was made (UTC, ISO 8601)",
                "type": "string",
                "format": "date-time",
            },
            "hints_used": {
                "description": "the hints each seat asked for at a web table, in seat order",
                "type": "array",
                "items": {"type": "integer", "minimum": 0},
            },
            "hints": {
                "description": "whether the players of a web table could ask for hints",
                "type": "boolean",
            },
            "hints_from": {
                "description": "the entry (of history) from which hints were on, when a person "
                "switched them on during the game; null when the table was made with them",
                "type": ["integer", "null"],
                "minimum": 0,
            },
        },
        "required": ["game", "rules_version", "players", "seed"],
        "additionalProperties": False,
    }


#: The size of ``random.Random``'s internal state (Mersenne Twister: 624 words and a position).
_RNG_WORDS = 625


def state_class(game: type[Game[Any]]) -> type[State[Any]]:
    """The class of ``game``'s states, as ``new_initial_state`` declares it."""
    kind = typing.get_type_hints(game.new_initial_state).get("return")
    if not (isinstance(kind, type) and issubclass(kind, State)):
        raise TypeError(f"{game.__name__}.new_initial_state does not declare its state class")
    return kind


def state_schema(game: type[Game[Any]]) -> Schema:
    """The JSON schema of a state of ``game`` as ``State.to_json`` writes it (and
    ``load_state`` reads it back): the game, its options in full, the random generator's
    state and the saved fields (``data``: the contract's, then the game's ``SAVE_FIELDS``),
    each described by the type the state class declares for it, a marked type
    (``Annotated[int, mark]``) by the game's ``saved_schemas``. A field the class does not
    type (``deck: list[int]`` in its body) is any JSON value, said so in its description."""
    kind = state_class(game)
    # With their marks (``Annotated``): the game may bound a marked type (``saved_schemas``).
    hints = typing.get_type_hints(kind, include_extras=True)
    endings = _endings(game)
    own: dict[str, Schema] = {
        "seed": {"type": "integer"},
        "to_act": {"type": "integer", "minimum": 0},
        "termination": {"anyOf": [{"type": "string", "enum": endings}, {"type": "null"}]},
        "log": {
            "type": "array",
            "items": {"oneOf": events_schema(game, table=False)["oneOf"]},
        },
    }
    fields = (*kind.CONTRACT_FIELDS, *kind.SAVE_FIELDS)
    data: dict[str, Schema] = {}
    for name in fields:
        if name in own:
            data[name] = own[name]
        elif name in hints:
            data[name] = json_schema(hints[name], game.saved_schemas)
        else:
            data[name] = {"description": f"not typed by {kind.__name__}: any JSON value"}
    specs = game.options_class.specs()
    return {
        "$schema": _DIALECT,
        "title": f"{game.info.name} state",
        "type": "object",
        "properties": {
            "game": {"const": game.info.id},
            "rules_version": {"const": game.info.rules_version},
            "format": {"const": kind.SAVE_FORMAT},
            "players": {"enum": list(game.info.player_counts)},
            "options": {
                "description": "every option, changed or not",
                "type": "object",
                "properties": {spec.name: _option_schema(spec) for spec in specs},
                "required": [spec.name for spec in specs],
                "additionalProperties": False,
            },
            "rng": {
                "description": "the random generator's state (random.Random.getstate())",
                "type": "array",
                "prefixItems": [
                    {"type": "integer"},
                    {
                        "type": "array",
                        "items": {"type": "integer", "minimum": 0},
                        "minItems": _RNG_WORDS,
                        "maxItems": _RNG_WORDS,
                    },
                    {"type": ["number", "null"]},
                ],
                "minItems": 3,
                "maxItems": 3,
            },
            "data": {
                "description": "the saved fields: the contract's, then the game's",
                "type": "object",
                "properties": data,
                "required": list(fields),
                "additionalProperties": False,
            },
        },
        "required": ["game", "rules_version", "format", "players", "options", "rng", "data"],
        "additionalProperties": False,
    }
