"""The table's own rules over any game: resigning, clocks, taking back, hidden information."""

from __future__ import annotations

import json

import pytest

import sequenza
from sequenza.core.errors import SequenzaError
from sequenza.core.game import Result, SharedTermination
from sequenza.core.table import (
    ClockKind,
    Clocks,
    ClockSettings,
    Entry,
    EntryKind,
    HistoryError,
    OnTimeout,
    Standing,
    TableHistory,
    UndoRefusal,
    reveals,
)


def moved(history: TableHistory, count: int, at: float = 0.0) -> None:
    """Play the first legal action ``count`` times, each by the seat to act."""
    for _ in range(count):
        seat = history.to_act
        assert seat is not None
        action = str(history.state.legal_actions()[0])
        history.add(Entry(EntryKind.MOVE, seat, action, at=at))


# ---------------------------------------------------------------------- standing
def test_a_resignation_puts_the_whole_team_out() -> None:
    teams = Standing((0, 1, 0, 1)).leave(3)
    assert teams.out == {1, 3} and teams.decided
    assert teams.conceded(SharedTermination.RESIGNED) == Result(
        (1.0, 0.0, 1.0, 0.0), (0, 2), SharedTermination.RESIGNED
    )
    three = Standing((0, 1, 2)).leave(1)
    assert three.out == {1} and not three.decided and three.sides_left == (0, 2)


def test_winners_are_taken_among_the_sides_still_in() -> None:
    standing = Standing((0, 1, 2), frozenset({1}))
    shared = Result((3.0, 3.0, 1.0), (0, 1), SharedTermination.TIME)
    assert standing.final(shared).winners == (0,)
    only_out = Result((1.0, 5.0, 2.0), (1,), SharedTermination.TIME)
    assert standing.final(only_out).winners == (2,)
    assert Standing((0, 1)).final(only_out) is only_out


def test_two_sides_end_at_once_and_three_play_on_with_a_stand_in() -> None:
    duel = TableHistory(sequenza.make("test-toy", players=2, seed=1))
    duel.add(Entry(EntryKind.RESIGN, 0))
    assert duel.over and duel.to_act is None
    assert duel.outcome == Result((0.0, 1.0), (1,), SharedTermination.RESIGNED)
    assert duel.log[-2]["event"] == "resigned" and duel.log[-1]["event"] == "table_over"
    with pytest.raises(HistoryError):
        duel.add(Entry(EntryKind.MOVE, 1, "play 1"))
    trio = TableHistory(sequenza.make("sequentia-shift", players=3, seed=2))
    trio.add(Entry(EntryKind.TIME_OUT, 0))
    assert not trio.over and trio.standing.out == {0} and trio.to_act == 0
    trio.add(Entry(EntryKind.STAND_IN, 0, str(trio.state.legal_actions()[0])))
    assert trio.log[-1]["stand_in"] == "out" or any(
        event.get("stand_in") == "out" for event in trio.log
    )
    with pytest.raises(HistoryError):
        trio.add(Entry(EntryKind.RESIGN, 0))
    trio.add(Entry(EntryKind.RESIGN, 2))
    assert trio.outcome is not None and trio.outcome.winners == (1,)
    assert trio.outcome.termination is SharedTermination.RESIGNED


def test_the_rules_ending_leaves_out_the_seats_that_resigned() -> None:
    history = TableHistory(sequenza.make("sequentia-shift", players=3, seed=4))
    history.add(Entry(EntryKind.RESIGN, 1))
    while not history.over:
        seat = history.to_act
        assert seat is not None
        kind = EntryKind.STAND_IN if seat == 1 else EntryKind.MOVE
        history.add(Entry(kind, seat, str(history.state.legal_actions()[0])))
    assert history.outcome is not None and 1 not in history.outcome.winners
    assert history.outcome.termination == history.state.result().termination  # type: ignore[union-attr]


# ---------------------------------------------------------------------- clocks
def test_clock_settings_are_bounded_and_round_trip() -> None:
    settings = ClockSettings(ClockKind.GAME, game_minutes=5, increment_seconds=3)
    assert ClockSettings.from_json(settings.to_json()) == settings
    assert ClockSettings.from_json(None) == ClockSettings()
    for bad in (
        {"kind": "sundial"},
        {"move_seconds": 1},
        {"game_minutes": 10_000},
        {"increment_seconds": True},
        {"colour": "red"},
        [1],
    ):
        with pytest.raises(HistoryError):
            ClockSettings.from_json(bad)


def test_a_fischer_clock_spends_and_adds_the_increment() -> None:
    clocks = Clocks.start(ClockSettings(ClockKind.GAME, game_minutes=1, increment_seconds=5), 2)
    clocks.charge(0, 20.0)
    assert clocks.left == [45.0, 60.0]
    clocks.charge(1, 99.0)
    assert clocks.left[1] == 5.0
    clocks.ran_out(1)
    assert clocks.left[1] == 10.0
    per_move = Clocks.start(ClockSettings(ClockKind.MOVE, move_seconds=7), 2)
    per_move.charge(0, 6.0)
    assert per_move.allowance(0) == 7.0


def test_the_clock_starts_with_the_first_move_and_runs_for_people_only() -> None:
    settings = ClockSettings(ClockKind.GAME, game_minutes=1, on_timeout=OnTimeout.BOT)
    history = TableHistory(
        sequenza.make("test-toy", players=2, seed=3), bots=frozenset({1}), clock=settings
    )
    assert history.deadline() is None
    history.add(Entry(EntryKind.MOVE, 0, str(history.state.legal_actions()[0]), at=100.0))
    assert history.to_act == 1 and history.deadline() is None  # a bot's seat
    history.add(Entry(EntryKind.MOVE, 1, str(history.state.legal_actions()[0]), at=101.0))
    assert history.deadline() == 161.0
    view = history.clock_view(131.0)
    assert view == {"left": [30.0, None], "running": 0}
    history.add(
        Entry(EntryKind.TIME_MOVE, 0, str(history.state.legal_actions()[0]), 60.0, at=161.0)
    )
    assert history.clocks.left[0] == 10.0
    assert any(event.get("stand_in") == "time" for event in history.log)


def test_hints_switched_on_are_an_entry_once_that_changes_neither_position_nor_clock() -> None:
    settings = ClockSettings(ClockKind.GAME, game_minutes=1)
    history = TableHistory(sequenza.make("test-toy", players=2, seed=3), clock=settings)
    moved(history, 1, at=100.0)
    position, started = history.state.dumps(), history.turn_started
    history.add(Entry(EntryKind.HINTS_ON, 1, at=120.0))
    assert history.hints_from == 1 and history.turn == 2 and history.to_act == 1
    assert history.state.dumps() == position and history.turn_started == started
    assert history.log[-1] == {"event": "hints_on", "seat": 1, "turn": 1}
    with pytest.raises(HistoryError):
        history.copy().add(Entry(EntryKind.HINTS_ON, 0))  # on already
    moved(history, 1)
    assert history.entries[history.played[-1]].seat == 1 and history.hints_from == 1


# ---------------------------------------------------------------------- taking back
def test_a_move_that_drew_a_card_cannot_be_taken_back() -> None:
    state = sequenza.make("test-toy", players=2, seed=5)
    assert reveals(state, str(state.legal_actions()[0]), 0)
    history = TableHistory(state, bots=frozenset({1}))
    moved(history, 1)
    plan = history.undo_plan(0)
    assert not plan.possible and plan.reason is UndoRefusal.MOVE_REVEALED


def test_a_bots_move_that_showed_a_card_after_yours_stops_the_take_back_too() -> None:
    history = TableHistory(sequenza.make("sequence-stacks", players=2, seed=0), frozenset({1}))
    reasons = []
    for _ in range(20):  # the person plays what shows them nothing, the bot its first move
        seat = history.to_act
        assert seat is not None
        actions = [str(action) for action in history.state.legal_actions()]
        if seat == 0:
            action = next(one for one in actions if not reveals(history.state, one, 0))
        else:
            action = actions[0]
        history.add(Entry(EntryKind.MOVE, seat, action))
        reasons.append(history.undo_plan(0).reason)
        if reasons[-1] is UndoRefusal.BOT_REVEALED:
            break
    assert reasons[-1] is UndoRefusal.BOT_REVEALED and UndoRefusal.MOVE_REVEALED not in reasons


def test_why_a_move_cannot_be_taken_back_is_a_code() -> None:
    history = TableHistory(sequenza.make("sequentia-shift", players=3, seed=1))
    moved(history, 1)
    assert history.undo_plan(1).reason is UndoRefusal.NOT_LAST
    left = history.copy()
    left.add(Entry(EntryKind.RESIGN, 2))
    assert left.undo_plan(0).reason is UndoRefusal.PLAYER_LEFT
    assert left.undo_plan(2).reason is UndoRefusal.OUT
    two = TableHistory(sequenza.make("sequentia-shift", players=2, seed=1))
    moved(two, 1)
    two.add(Entry(EntryKind.RESIGN, 1))
    assert two.over and two.undo_plan(0).reason is UndoRefusal.GAME_OVER


def shift_without_reveals(seed: int) -> TableHistory | None:
    """A Shift table where the first seat's first slide and the bot's answer show nothing."""
    history = TableHistory(sequenza.make("sequentia-shift", players=2, seed=seed), frozenset({1}))
    state = history.state
    slides = [action for action in state.legal_actions() if str(action).startswith("slide")]
    if not slides:
        return None
    history.add(Entry(EntryKind.MOVE, 0, str(slides[0])))
    while history.to_act == 0:
        history.add(Entry(EntryKind.MOVE, 0, "end"))
    moved(history, 1)
    return history if history.undo_plan(0).possible else None


def test_a_person_takes_back_their_move_with_the_bots_moves_after_it() -> None:
    history = next(found for seed in range(40) if (found := shift_without_reveals(seed)))
    before_bot = len(history.played)
    plan = history.undo_plan(0)
    assert plan.moves >= 2 and history.undo_plan(1).reason is UndoRefusal.NOT_LAST
    log_length = len(history.log)
    history.add(Entry(EntryKind.UNDO, 0, str(plan.moves)))
    assert len(history.played) == before_bot - plan.moves
    replayed = sequenza.make("sequentia-shift", players=2, seed=history.state.seed)
    for index in history.played:
        replayed.apply(history.entries[index].action)
    assert replayed.dumps() == history.state.dumps()
    # The log keeps what was taken back and says it was.
    assert len(history.log) == log_length + 1 and history.log[-1]["event"] == "undone"


def test_a_request_is_answered_by_every_seat_asked() -> None:
    history = TableHistory(sequenza.make("sequentia-shift", players=3, seed=1))
    moved(history, 1)
    request = json.dumps({"moves": 1, "ask": [1, 2]})
    history.add(Entry(EntryKind.UNDO_REQUEST, 0, request))
    with pytest.raises(HistoryError):
        history.copy().add(Entry(EntryKind.UNDO_REQUEST, 0, request))
    history.add(Entry(EntryKind.UNDO_ACCEPT, 1))
    assert history.request is not None and history.request.accepted == {1}
    refused = history.copy()
    refused.add(Entry(EntryKind.UNDO_REFUSE, 2))
    assert refused.request is None and refused.log[-1]["event"] == "undo_refused"
    with pytest.raises(HistoryError):
        refused.add(Entry(EntryKind.UNDO_ACCEPT, 2))
    # A move cancels it.
    moved(history, 1)
    assert history.request is None


def test_a_copy_is_independent() -> None:
    history = TableHistory(sequenza.make("test-toy", players=2, seed=1))
    twin = history.copy()
    moved(twin, 1)
    assert history.turn == 0 and twin.turn == 1 and history.state.history == []


def test_positions_kept_for_taking_back_match_a_replay() -> None:
    history = TableHistory(sequenza.make("sequentia-shift", players=2, seed=6))
    moved(history, 12)
    for moves in (0, 3, 11, 12):
        fresh = sequenza.make("sequentia-shift", players=2, seed=6)
        for index in history.played[:moves]:
            fresh.apply(history.entries[index].action)
        assert history._replayed(moves).dumps() == fresh.dumps()


@pytest.mark.parametrize(
    "entry",
    [
        Entry(EntryKind.UNDO_REQUEST, 0, "not json"),
        Entry(EntryKind.UNDO_REQUEST, 0, '{"moves": 1}'),
        Entry(EntryKind.UNDO, 0, "many"),
        Entry(EntryKind.UNDO, 0, "5"),
        Entry(EntryKind.MOVE, 0, "play 1"),  # not seat 0's turn
        Entry(EntryKind.MOVE, 1, "play 9"),
    ],
)
def test_an_entry_that_cannot_follow_is_refused(entry: Entry) -> None:
    history = TableHistory(sequenza.make("test-toy", players=2, seed=1))
    moved(history, 1)
    with pytest.raises(SequenzaError):
        history.copy().add(entry)
