"""Bots by name, playing whole games, deciding only from what their seat may know, and
measured against each other."""

import random

import pytest

import sequenza
from sequenza import OptionError
from sequenza.ai import make_bot
from sequenza.ai.base import Decision, bot_names
from sequenza.games.sequentia_shift import ShiftGame, ShiftOptions, from_position

SEQUENTIA = ["sequentia-shift", "sequentia-stack", "sequentia-cross"]


def test_bots_are_made_by_name() -> None:
    assert {"random", "greedy", "mcts"} <= set(bot_names())
    with pytest.raises(OptionError, match="unknown bot 'genius'"):
        make_bot("genius")


@pytest.mark.parametrize("game_id", [info.id for info in sequenza.available_games()])
@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_every_bot_plays_every_game_to_the_end(game_id: str, name: str) -> None:
    state = sequenza.make(game_id, players=2, seed=11)
    settings = {"iterations": 12} if name == "mcts" else {}
    bots = [make_bot(name, seed=seat, **settings) for seat in range(2)]
    while not state.is_over:
        seat = state.current_seat
        assert seat is not None
        state.apply(bots[seat].act(state))  # apply checks every choice is legal
    assert state.result() is not None


def test_a_decision_carries_only_what_the_seat_may_know() -> None:
    state = sequenza.make("sequentia-stack", players=3, seed=2)
    decision = Decision.of(state)
    twin = state.determinize(decision.seat, random.Random(5))
    assert Decision.of(twin).observation == decision.observation
    assert Decision.of(twin).legal_actions == decision.legal_actions


def test_greedy_shift_follows_the_fewest_slides_then_claims() -> None:
    # Row 0 needs the 1 at position 3 to move up: the hole is at 0, one slide away.
    state = from_position(
        ShiftGame(2, ShiftOptions()), "grid: .23/122/333\ntargets: 123 -\ndeck: *"
    )
    bot = make_bot("greedy", seed=1)
    assert str(bot.act(state)) == "slide 3 0"
    state.apply("slide 3 0")
    assert str(bot.act(state)) == "claim 0"


def test_greedy_shift_ends_the_turn_when_the_target_is_out_of_reach() -> None:
    # 333 needs three 3s in one row; seven slides are more than a turn allows.
    state = from_position(
        ShiftGame(2, ShiftOptions()), "grid: 3.1/121/313\ntargets: 333 -\ndeck: *"
    )
    assert str(make_bot("greedy", seed=1).act(state)) == "end"


def test_mcts_with_a_seed_and_an_iteration_budget_is_repeatable() -> None:
    state = sequenza.make("sequentia-stack", players=2, seed=4)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    first = make_bot("mcts", seed=9, iterations=60).act(state)
    again = make_bot("mcts", seed=9, iterations=60).act(state)
    assert first == again


def play_match(game_id: str, strong: str, weak: str, games: int, **settings: object) -> float:
    """The strong bot's share of the points over seeded games, seats alternating."""
    points = 0.0
    for index in range(games):
        state = sequenza.make(game_id, players=2, seed=1000 + index)
        names = [strong, weak] if index % 2 == 0 else [weak, strong]
        bots = [
            make_bot(name, seed=index, **(settings if name == "mcts" else {})) for name in names
        ]
        while not state.is_over:
            seat = state.current_seat
            assert seat is not None
            state.apply(bots[seat].act(state))
        result = state.result()
        assert result is not None
        points += sum(result.payoffs[seat] for seat in range(2) if names[seat] == strong)
    return points / games


@pytest.mark.parametrize("game_id", SEQUENTIA)
def test_greedy_beats_random(game_id: str) -> None:
    assert play_match(game_id, "greedy", "random", 20) >= 0.9


@pytest.mark.slow
@pytest.mark.parametrize("game_id", SEQUENTIA)
def test_mcts_beats_greedy(game_id: str) -> None:
    # The full measure (more games, the default thinking time) is bench/strength.py.
    assert play_match(game_id, "mcts", "greedy", 10, iterations=200) >= 0.5
