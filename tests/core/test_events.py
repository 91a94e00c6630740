"""Typed events: the rules write dataclasses, the log keeps their JSON exactly as it was when
events were dicts (records replayed against logs fingerprinted before the typing), every
entry of every game's log and of a table's log validates against the game's published
schema (``sequenza schema GAME --events``), and saved records against theirs (``--save``)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

import sequenza
from sequenza.app.cli import app
from sequenza.core.errors import SequenzaError
from sequenza.core.events import (
    TABLE_EVENTS,
    ActionPlayed,
    Event,
    GameOver,
    omitted_when_none,
)
from sequenza.core.game import GameRecord
from sequenza.core.registry import game_class, game_kit, game_kits
from sequenza.core.schemas import (
    event_schema,
    events_schema,
    game_events,
    log_problem,
    save_schema,
    state_schema,
)
from sequenza.core.table import Entry, EntryKind, TableHistory

BEFORE = json.loads(
    (Path(__file__).parent / "data" / "logs_before_typed_events.json").read_text("utf-8")
)
GAMES = sorted(kit.id for kit in game_kits())
#: Random play can wander for a long time in Shift: a game's first actions are enough.
MAX_ACTIONS = 600


@pytest.mark.parametrize("game_id", sorted({game["record"]["game"] for game in BEFORE}))
def test_replayed_records_write_the_logs_they_wrote_before_events_were_typed(
    game_id: str,
) -> None:
    games = [game for game in BEFORE if game["record"]["game"] == game_id]
    assert len(games) >= 4
    for game in games:
        state = sequenza.replay(game["record"])
        text = json.dumps(state.log, ensure_ascii=False)
        assert len(state.log) == game["events"]
        assert hashlib.sha256(text.encode()).hexdigest() == game["log_sha256"], game["record"]


def random_game(
    game_id: str, players: int, seed: int, greedy: bool = False, **options: Any
) -> sequenza.State[Any]:
    """A seeded game played at random, or by the greedy bots (they claim and score more)."""
    state = sequenza.make(game_id, players=players, seed=seed, **options)
    rng = random.Random(seed)
    kit = game_kit(game_id)
    while not state.is_over and len(state.history) < MAX_ACTIONS:
        legal = state.legal_actions()
        state.apply(kit.play.greedy(state, legal, rng) if greedy else rng.choice(legal))
    return state


def validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_of_random_games_validates_against_the_game_s_events_schema(
    game_id: str,
) -> None:
    game = game_class(game_id)
    schema = events_schema(game)
    check = validator(schema)
    # Each entry against its own kind's schema (the whole ``oneOf`` tries every kind, which
    # is slow), and the first entry of each kind against the whole schema as well.
    kinds = {kind["properties"]["event"]["const"]: kind for kind in schema["oneOf"]}
    each = {code: jsonschema.Draft202012Validator(kind) for code, kind in kinds.items()}
    seen: set[str] = set()
    states = [
        random_game(game_id, players, seed)
        for players in game.info.player_counts
        for seed in range(4)
    ]
    states.append(random_game(game_id, game.info.player_counts[0], 1, greedy=True))
    for state in states:
        for event in state.log:
            if event["event"] not in seen:
                check.validate(event)
                seen.add(event["event"])
            each[event["event"]].validate(event)
    # The schema is no looser than the log: an unknown event or an unknown field is refused.
    with pytest.raises(jsonschema.ValidationError):
        check.validate({"event": "no_such_event", "seat": 0})
    with pytest.raises(jsonschema.ValidationError):
        check.validate({"event": "action", "seat": 0, "action": "x", "extra": 1})
    assert {"action", "game_over"} <= seen


def test_each_kind_of_event_says_its_code_and_the_game_s_endings() -> None:
    game = game_class("sequentia-shift")
    schema = events_schema(game, table=False)
    codes = [kind["properties"]["event"]["const"] for kind in schema["oneOf"]]
    assert codes[0] == "action" and codes[-1] == "game_over"
    assert len(codes) == len(set(codes)) == len(game_events(game))
    refill = schema["oneOf"][codes.index("refill")]
    assert refill["required"] == ["event", "seat", "placed"]
    assert refill["properties"]["hole"] == {"type": "integer"}
    over = schema["oneOf"][-1]
    assert "stall" in over["properties"]["termination"]["enum"]
    assert "resigned" in over["properties"]["termination"]["enum"]


def test_an_event_is_its_code_and_its_fields_in_order_without_the_absent_details() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True, kw_only=True)
    class Moved(Event):
        code = "moved"
        seat: int
        path: tuple[int, ...]
        placed: dict[str, str]
        why: str | None = omitted_when_none()

    moved = Moved(seat=1, path=(3, 4), placed={"2": "1:1"})
    assert json.dumps(moved.to_json()) == (
        '{"event": "moved", "seat": 1, "path": [3, 4], "placed": {"2": "1:1"}}'
    )
    assert Moved(seat=0, path=(), placed={}, why="slid").to_json()["why"] == "slid"
    schema = event_schema(Moved)
    assert schema["required"] == ["event", "seat", "path", "placed"]
    check = validator({"$schema": "https://json-schema.org/draft/2020-12/schema", **schema})
    check.validate(moved.to_json())
    with pytest.raises(jsonschema.ValidationError):
        check.validate({**moved.to_json(), "why": None})

    @dataclass(frozen=True, kw_only=True)
    class Noted(Event):
        code = "noted"
        note: str | None = omitted_when_none()
        seat: int

    # An optional field before a required one keeps its place.
    assert list(Noted(note="n", seat=2).to_json()) == ["event", "note", "seat"]
    assert Noted(seat=2).to_json() == {"event": "noted", "seat": 2}
    assert ActionPlayed(seat=0, action="pass").to_json() == {
        "event": "action",
        "seat": 0,
        "action": "pass",
    }
    assert GameOver(scores=(1.0,), winners=(0,), termination="x").to_json()["scores"] == [1.0]


#: The table's own events of ``test_a_table_s_log_validates_with_its_own_events`` as the
#: table wrote them before they were typed.
TABLE_LOG_BEFORE = (
    '[{"event": "undo_request", "seat": 1, "moves": 1, "ask": [0, 2], "accepted": []}, '
    '{"event": "undo_refused", "seat": 0, "asker": 1}, '
    '{"event": "undo_request", "seat": 1, "moves": 1, "ask": [0, 2], "accepted": []}, '
    '{"event": "undo_accepted", "seat": 0}, {"event": "undone", "seat": 1, "moves": 1}, '
    '{"event": "time_out", "seat": 0, "out": [0], "turn": 11}, '
    '{"event": "resigned", "seat": 1, "out": [0, 1], "turn": 12}, '
    '{"event": "table_over", "scores": [0.0, 0.0, 1.0], "winners": [2], '
    '"termination": "resigned"}]'
)
TABLE_CODES = {kind.code for kind in TABLE_EVENTS}


def test_a_table_s_log_validates_with_its_own_events() -> None:
    """Resignations, time-outs, take-backs and the table's outcome, beside the game's."""
    check = validator(events_schema(game_class("sequence-stacks")))
    history = TableHistory(sequenza.make("sequence-stacks", players=3, seed=4), frozenset({2}))
    for _ in range(6):
        seat = history.to_act
        assert seat is not None
        action = str(history.state.legal_actions()[0])
        history.add(Entry(EntryKind.MOVE, seat, action))
    mover = history.entries[-1].seat
    others = [seat for seat in range(3) if seat != mover]
    ask = json.dumps({"moves": 1, "ask": others})
    history.add(Entry(EntryKind.UNDO_REQUEST, mover, ask))
    history.add(Entry(EntryKind.UNDO_REFUSE, others[0]))
    history.add(Entry(EntryKind.UNDO_REQUEST, mover, ask))
    history.add(Entry(EntryKind.UNDO_ACCEPT, others[0]))
    history.add(Entry(EntryKind.UNDO, mover, "1"))
    history.add(Entry(EntryKind.TIME_OUT, 0))
    history.add(Entry(EntryKind.RESIGN, 1))
    own = [event for event in history.log if event["event"] in TABLE_CODES]
    # The table's own events, written as typed events, are the JSON they were as dicts.
    assert json.dumps(own) == TABLE_LOG_BEFORE
    for event in history.log:
        check.validate(event)
    with pytest.raises(jsonschema.ValidationError):
        validator(events_schema(game_class("sequence-stacks"), table=False)).validate(
            history.log[-1]
        )


def test_hints_switched_on_during_a_game_validate_as_a_table_s_event() -> None:
    history = TableHistory(sequenza.make("test-toy", players=2, seed=1))
    history.add(Entry(EntryKind.HINTS_ON, 0))
    assert history.log[-1] == {"event": "hints_on", "seat": 0, "turn": 0}
    validator(events_schema(game_class("test-toy"))).validate(history.log[-1])
    with pytest.raises(jsonschema.ValidationError):
        validator(events_schema(game_class("test-toy"), table=False)).validate(history.log[-1])


@pytest.mark.parametrize("game_id", GAMES)
def test_saved_records_of_random_games_validate_against_the_save_schema(game_id: str) -> None:
    game = game_class(game_id)
    check = validator(save_schema(game))
    # An option changed from its default travels in the record: the first with a maximum
    # that the smallest table accepts.
    changed = {}
    for spec in game.options_class.specs():
        try:
            sequenza.make(game_id, game.info.player_counts[0], 0, **{spec.name: spec.maximum})
        except SequenzaError:
            continue
        changed = {spec.name: spec.maximum}
        break
    for players in game.info.player_counts:
        for seed, options in ((1, {}), (2, changed)):
            record = random_game(game_id, players, seed, **options).record().to_json()
            check.validate(record)
            assert GameRecord.from_json(record).to_json() == record
    # What the web app's record adds: every entry of the table and its outcome.
    web = {
        **record,
        "history": [{"kind": "move", "seat": 0, "action": record["actions"][0], "elapsed": None}],
        "result": None,
    }
    check.validate(web)
    for broken in (
        {**record, "players": 99},
        {**record, "game": "another"},
        {**record, "options": {"no_such_option": 1}},
        {**record, "actions": "pass"},
        {key: value for key, value in record.items() if key != "seed"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            check.validate(broken)


@pytest.mark.parametrize("flag", ["--events", "--save", "--state"])
def test_the_command_line_prints_the_schemas(flag: str) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["--lang", "en", "schema", "sequentia-shift", flag])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    jsonschema.Draft202012Validator.check_schema(schema)
    expected = {"--events": events_schema, "--save": save_schema, "--state": state_schema}[flag]
    assert schema == expected(game_class("sequentia-shift"))
    both = runner.invoke(app, ["--lang", "en", "schema", "sequence", "--events", flag])
    if flag != "--events":
        assert both.exit_code == 2
        assert "Choose one of --events, --save and --state." in both.output


def test_the_conformance_kit_names_a_log_entry_the_game_does_not_declare() -> None:
    game = game_class("sequentia-shift")
    state = random_game("sequentia-shift", 2, 1)
    assert log_problem(game, state.log) is None
    claim = {"event": "claim", "seat": 0, "row": 1, "cards": [], "target": "1:1", "collected": 4}
    assert log_problem(game, [claim]) is None
    missing = {key: value for key, value in claim.items() if key != "target"}
    assert "ShiftClaimed declares" in str(log_problem(game, [claim, missing]))
    assert "log entry 0" in str(log_problem(game, [{**claim, "extra": 1}]))
    assert "no event 'slid'" in str(log_problem(game, [{"event": "slid", "seat": 0}]))
    refill = {"event": "refill", "seat": 0, "placed": {}}
    assert log_problem(game, [refill, {**refill, "hole": 3}]) is None
