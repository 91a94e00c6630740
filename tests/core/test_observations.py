"""Typed observations: every game's ``observation(seat)`` is its typed observation's JSON,
unchanged by the typing (fingerprints of seeded random games, taken before it), and it
validates against the game's published JSON schema (``sequenza schema GAME``)."""

from __future__ import annotations

import functools
import hashlib
import json
import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

import jsonschema
import pytest

import sequenza
from sequenza.core import Notated, Observation, game_class, observation_schema
from sequenza.core.observation import json_schema, to_json

#: (game, players, seed) -> the first 16 hex digits of the SHA-256 of every observation (the
#: spectator's, then each seat's, compact JSON in field order) before the game's first action
#: and after each one, up to ``MAX_ACTIONS``, as the engine wrote them before observations
#: were typed.
FINGERPRINTS = {
    "sequentia-shift/2/1": "09c3296d6bda5a60",
    "sequentia-shift/2/2": "dcea2ddfc4e8a3e3",
    "sequentia-shift/3/1": "be1b7028f57b03b8",
    "sequentia-shift/3/2": "de8ca8c5f7883ff3",
    "sequentia-shift/4/1": "4d24c62428590072",
    "sequentia-shift/4/2": "ab812f55c0c54503",
    "sequentia-stack/2/1": "7f49d4d657630a44",
    "sequentia-stack/2/2": "0eb93f4a1036b331",
    "sequentia-stack/3/1": "c5667d1625e18cea",
    "sequentia-stack/3/2": "230f1a2111df045e",
    "sequentia-cross/2/1": "7089ddbea4e4c663",
    "sequentia-cross/2/2": "fd633adeeb939e91",
    "sequentia-cross/4/1": "1f2b9ebc88958aaf",
    "sequentia-cross/4/2": "c8c2645b3a95ed16",
    "sequence-numbers/2/1": "0d340767e022e620",
    "sequence-numbers/2/2": "b58c729d7ac26b3e",
    "sequence-numbers/3/1": "2ed20fc2389dce68",
    "sequence-numbers/3/2": "b52c1750f8d07b17",
    "sequence-stacks/2/1": "55f5470bc7f9c970",
    "sequence-stacks/2/2": "40830d53478128d3",
    "sequence-stacks/3/1": "f367325e507a30f7",
    "sequence-stacks/3/2": "74700088dee509bc",
    "sequence-stacks/6/1": "a3dd3230025df6aa",
    "sequence-stacks/6/2": "b8b7fde0d9cdfa92",
    "sequence/2/1": "55dd43c1a63044d1",
    "sequence/2/2": "2bf4fb0cbcc08ec6",
    "sequence/4/1": "366e64c44f9670aa",
    "sequence/4/2": "4c81f106a73b8ea5",
    "test-toy/2/1": "4d125ca5a93be7c4",
    "test-toy/2/2": "9c13d501f262ec25",
}
#: Random play can wander for a long time in Shift: a game's first actions are enough.
MAX_ACTIONS = 400
#: Fields added to the observations after the fingerprints were taken (the rules' answers that
#: the drawings and views used to work out again), at the top and in each pile: the
#: fingerprints hold the rest unchanged.
ADDED_SINCE = {
    "sequentia-shift": ("rows_showing_target", "target_possible"),
    "sequentia-stack": ("runs_matching_hand",),
    "sequence": ("choose_sequence_spaces",),
    "sequence-numbers": ("choose_sequence_spaces",),
}
ADDED_TO_PILES_SINCE = {"sequence-stacks": ("complete",)}


def as_before(game_id: str, seen: dict[str, Any]) -> dict[str, Any]:
    """An observation without the fields added since the fingerprints were taken."""
    added = ADDED_SINCE.get(game_id, ())
    before = {key: value for key, value in seen.items() if key not in added}
    added_to_piles = ADDED_TO_PILES_SINCE.get(game_id, ())
    if added_to_piles:
        before["piles"] = [
            {key: value for key, value in pile.items() if key not in added_to_piles}
            for pile in seen["piles"]
        ]
    return before


@functools.cache
def observations(game_id: str, players: int, seed: int) -> tuple[tuple[Any, Observation], ...]:
    """Every seat's observation, typed and as JSON, through a seeded random game: played once
    for the file, since both tests below read the same games."""
    state = sequenza.make(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    seen: list[tuple[Any, Observation]] = []
    while True:
        for seat in (None, *range(players)):
            seen.append((state.observation(seat), state.observe(seat)))
        if state.is_over or len(state.history) == MAX_ACTIONS:
            return tuple(seen)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


class SchemaCheck:
    """A game's schema applied to observations field by field, each distinct value of a field
    validated once: consecutive views share most of their fields (the board, the hand sizes,
    the options), and validating each whole view again cost this file two thirds of its time.
    The top level (an object with exactly the schema's fields) is validated whole, with every
    field accepted there, so the keywords checked are those of the whole schema."""

    def __init__(self, schema: dict[str, Any]) -> None:
        jsonschema.Draft202012Validator.check_schema(schema)
        # Each field's schema is applied alone: right only while none refers to another part.
        assert "$ref" not in json.dumps(schema) and "$defs" not in schema
        self.top = jsonschema.Draft202012Validator(
            {**schema, "properties": dict.fromkeys(schema["properties"], True)}
        )
        self.fields = {
            name: jsonschema.Draft202012Validator(field)
            for name, field in schema["properties"].items()
        }
        self.valid: set[tuple[str, str]] = set()

    def validate(self, seen: dict[str, Any]) -> None:
        self.top.validate(seen)
        for name, value in seen.items():
            key = (name, json.dumps(value, separators=(",", ":")))
            if key not in self.valid:
                self.fields[name].validate(value)
                self.valid.add(key)


@pytest.mark.parametrize("case", sorted(FINGERPRINTS))
def test_observations_are_the_json_they_were_before_typing(case: str) -> None:
    game_id, players, seed = case.split("/")
    digest = hashlib.sha256()
    for seen, typed in observations(game_id, int(players), int(seed)):
        assert seen == typed.to_json()
        digest.update(json.dumps(as_before(game_id, seen), separators=(",", ":")).encode())
    assert digest.hexdigest()[:16] == FINGERPRINTS[case]


@pytest.mark.parametrize("case", sorted(FINGERPRINTS))
def test_a_view_encoded_beside_another_is_its_own_encoding(case: str) -> None:
    """A table encodes each seat's view beside the first one of the position, reusing its
    alike fields (``to_json_beside``): the text sent must be the view's own, to the byte
    (``1`` and ``1.0``, or ``true``, are equal values that JSON writes apart), beside every
    other view of the position and beside the one before it."""
    game_id, players, seed = case.split("/")
    seen = observations(game_id, int(players), int(seed))
    views = int(players) + 1  # the spectator's, then each seat's, at each position
    positions = [seen[start : start + views] for start in range(0, len(seen), views)]
    earlier = positions[0]
    for position in positions:
        for own, typed in position:
            text = json.dumps(own, separators=(",", ":"))
            for _, other in (*position, earlier[-1]):
                beside = typed.to_json_beside(other, other.to_json())
                assert json.dumps(beside, separators=(",", ":")) == text
        earlier = position


@pytest.mark.parametrize("game_id", sorted({case.split("/")[0] for case in FINGERPRINTS}))
def test_every_observation_validates_against_the_game_schema(game_id: str) -> None:
    game = game_class(game_id)
    check = SchemaCheck(observation_schema(game))
    for players in game.info.player_counts[:2]:
        for seed in (1, 2):
            for seen, typed in observations(game_id, players, seed):
                assert isinstance(typed, game.observation_class)
                check.validate(seen)


def test_the_field_by_field_check_refuses_what_the_whole_schema_refuses() -> None:
    check = SchemaCheck(observation_schema(game_class("sequentia-shift")))
    seen, _ = observations("sequentia-shift", 2, 1)[0]
    check.validate(seen)
    for damaged in (
        {**seen, "extra": 1},
        {key: value for key, value in seen.items() if key != "grid"},
        {**seen, "grid": ["x", *seen["grid"][1:]]},
        {**seen, "slides": "1"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            check.validate(damaged)


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class Tile(Notated):
    PATTERN = r"^[a-z]+[0-9]$"

    colour: Colour
    number: int

    def __str__(self) -> str:
        return f"{self.colour}{self.number}"


@dataclass(frozen=True, kw_only=True)
class Rack:
    tiles: tuple[Tile, ...]
    corner: tuple[int, str]


@dataclass(frozen=True, kw_only=True)
class TileObservation(Observation):
    phase: Literal["draw", "play"]
    rack: Rack | None
    scores: dict[str, float]
    colour: Colour


def test_the_schema_follows_the_type_hints_and_validates_the_encoding() -> None:
    seen = TileObservation(
        game="tiles",
        players=2,
        seat=None,
        to_act=1,
        over=False,
        result=None,
        turn=4,
        phase="play",
        rack=Rack(tiles=(Tile(Colour.RED, 3),), corner=(2, "b")),
        scores={"red": 1.5},
        colour=Colour.BLUE,
    )
    encoded = seen.to_json()
    assert encoded["rack"] == {"tiles": ["red3"], "corner": [2, "b"]}
    assert encoded["colour"] == "blue" and list(encoded)[:7] == [
        "game",
        "players",
        "seat",
        "to_act",
        "over",
        "result",
        "turn",
    ]
    schema = json_schema(TileObservation)
    properties = schema["properties"]
    assert properties["phase"] == {"enum": ["draw", "play"]}
    assert properties["colour"] == {"enum": ["red", "blue"], "type": "string"}
    assert properties["scores"] == {"type": "object", "additionalProperties": {"type": "number"}}
    rack = properties["rack"]["anyOf"][0]
    assert rack["properties"]["tiles"]["items"] == {"type": "string", "pattern": Tile.PATTERN}
    assert rack["properties"]["corner"]["prefixItems"] == [{"type": "integer"}, {"type": "string"}]
    validator = jsonschema.Draft202012Validator(schema)
    validator.validate(encoded)
    # Fields are all required and no other is allowed; a tile's text must match its pattern.
    for damaged in (
        {**encoded, "extra": 1},
        {key: value for key, value in encoded.items() if key != "phase"},
        {**encoded, "rack": {"tiles": ["red"], "corner": [2, "b"]}},
        {**encoded, "phase": "pass"},
    ):
        assert not validator.is_valid(damaged)


def test_a_type_without_an_encoding_is_refused() -> None:
    with pytest.raises(TypeError, match="no JSON schema"):
        json_schema(set[int])
    with pytest.raises(TypeError, match="no JSON encoding"):
        to_json({1, 2})
