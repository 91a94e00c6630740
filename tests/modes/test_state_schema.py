"""A mode's state against its schema (``sequenza schema MODE --state``): the saved fields are
typed by the mode engine's state and bounded by the file (its deck's cards, its phases, its
table, whether seats hold hands or targets). Seeded games of every shipped example validate;
damaged states are refused."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import jsonschema
import pytest

from sequenza.core.schemas import state_schema
from sequenza.modes import EXAMPLES, read_mode
from sequenza.modes.engine import ModeGame, ModeState, compile_mode

FILES = sorted(path.name for path in EXAMPLES.glob("*.toml"))
#: A state is checked at its deal, every this many actions, and at its end.
EVERY = 20
#: Random play in Shift or Crossroads can wander for a long time: a game's first actions do.
MAX_ACTIONS = 120


@cache
def game(name: str) -> type[ModeGame]:
    return compile_mode(read_mode(EXAMPLES / name))


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = state_schema(game(name))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def new_state(name: str, players: int, seed: int) -> ModeState:
    kind = game(name)
    return kind(players, kind.options_class()).new_initial_state(seed)


def saved(state: ModeState) -> dict[str, Any]:
    """A state's JSON as a file holds it."""
    loaded: dict[str, Any] = json.loads(state.dumps())
    return loaded


@pytest.mark.parametrize("name", FILES)
def test_the_states_of_seeded_games_of_every_example_validate(name: str) -> None:
    check = validator(name)
    counts = game(name).info.player_counts
    for players, seed in ((counts[0], 1), (counts[-1], 2)):
        state = new_state(name, players, seed)
        rng = random.Random(seed)
        while True:
            if len(state.history) % EVERY == 0 or state.is_over:
                check.validate(saved(state))
            if state.is_over or len(state.history) >= MAX_ACTIONS:
                break
            state.apply(rng.choice(state.legal_actions()))
        check.validate(saved(state))


@pytest.mark.parametrize("name", FILES)
def test_every_saved_field_of_a_mode_is_typed(name: str) -> None:
    fields = state_schema(game(name))["properties"]["data"]["properties"]
    untyped = sorted(field for field, schema in fields.items() if set(schema) == {"description"})
    assert untyped == []


def damaged(good: dict[str, Any], change: str) -> dict[str, Any]:
    broken = copy.deepcopy(good)
    data = broken["data"]
    if change == "card beyond the deck":
        data["deck"].append(54)
    elif change == "negative card":
        data["out"].append(-1)
    elif change == "phase the file does not name":
        data["phase"] = "bidding"
    elif change == "grid missing a position":
        data["table"].pop()
    elif change == "hands in a mode without hands":
        data["hands"] = [[], []]
    elif change == "target that is no card":
        data["targets"][0] = "2:131"
    elif change == "position beyond the grid":
        data["last_pile"] = 9
    return broken


@pytest.mark.parametrize(
    "change",
    [
        "card beyond the deck",
        "negative card",
        "phase the file does not name",
        "grid missing a position",
        "hands in a mode without hands",
        "target that is no card",
        "position beyond the grid",
    ],
)
def test_a_damaged_mode_state_is_refused(change: str) -> None:
    # Crossroads: a 3x3 grid of the 54 Sequentia cards, targets and no hands.
    state = new_state("crossroads.toml", 2, 5)
    rng = random.Random(5)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    good = saved(state)
    validator("crossroads.toml").validate(good)
    with pytest.raises(jsonschema.ValidationError):
        validator("crossroads.toml").validate(damaged(good, change))


def test_a_row_mode_bounds_its_piles_and_takes_no_targets() -> None:
    schema = state_schema(game("stack.toml"))["properties"]["data"]["properties"]
    assert schema["table"]["maxItems"] == 4 and "minItems" not in schema["table"]
    assert schema["targets"] == {"type": "array", "maxItems": 0}
    assert schema["phase"]["enum"] == ["turn_start", "simple_placed", "bonus_placed", "end_turn"]
