"""A state's JSON (``State.to_json``: what ``load_state`` reads back) against its game's schema
(``sequenza schema GAME --state``): seeded games of every game, from their deal to their end,
and damaged states refused."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import jsonschema
import pytest

import sequenza
from sequenza.core.registry import game_class, game_kits
from sequenza.core.schemas import state_schema

GAMES = sorted(kit.id for kit in game_kits())
#: A state is checked at its deal, every this many actions, and at its end.
EVERY = 40
#: Random play can wander for a long time in Shift: a game's first actions are enough.
MAX_ACTIONS = 160


@cache
def validator(game_id: str) -> jsonschema.Draft202012Validator:
    schema = state_schema(game_class(game_id))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def saved(state: sequenza.State[Any]) -> dict[str, Any]:
    """A state's JSON as a file holds it."""
    loaded: dict[str, Any] = json.loads(state.dumps())
    return loaded


@pytest.mark.parametrize("game_id", GAMES)
def test_the_states_of_seeded_games_validate_against_the_state_schema(game_id: str) -> None:
    check = validator(game_id)
    counts = game_class(game_id).info.player_counts
    for players, seed in ((counts[0], 1), (counts[-1], 2)):
        state = sequenza.make(game_id, players=players, seed=seed)
        rng = random.Random(seed)
        while True:
            if len(state.history) % EVERY == 0 or state.is_over:
                check.validate(saved(state))
            if state.is_over or len(state.history) >= MAX_ACTIONS:
                break
            state.apply(rng.choice(state.legal_actions()))
        check.validate(saved(state))


def test_a_damaged_state_is_refused_by_the_schema() -> None:
    check = validator("sequentia-stack")
    state = sequenza.make("sequentia-stack", players=3, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    good = saved(state)
    check.validate(good)

    def damaged(change: str) -> dict[str, Any]:
        broken = copy.deepcopy(good)
        data = broken["data"]
        if change == "format":
            broken["format"] = 99
        elif change == "missing field":
            del data["piles"]
        elif change == "unknown field":
            data["cache"] = []
        elif change == "field of the wrong type":
            data["piles"] = [["3"]]
        elif change == "short generator":
            broken["rng"][1] = broken["rng"][1][:3]
        elif change == "unknown event":
            data["log"].append({"event": "shuffle", "cards": 3})
        elif change == "option left out":
            broken["options"].popitem()
        elif change == "unknown ending":
            data["termination"] = "bored"
        return broken

    for change in (
        "format",
        "missing field",
        "unknown field",
        "field of the wrong type",
        "short generator",
        "unknown event",
        "option left out",
        "unknown ending",
    ):
        with pytest.raises(jsonschema.ValidationError):
            check.validate(damaged(change))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_saved_field_is_typed_by_its_state_class(game_id: str) -> None:
    fields = state_schema(game_class(game_id))["properties"]["data"]["properties"]
    # A field the class does not type (``deck: list[int]`` in its body) would be any JSON
    # value, described only.
    untyped = sorted(name for name, schema in fields.items() if set(schema) == {"description"})
    assert untyped == [], f"{game_id} does not type {untyped}"
