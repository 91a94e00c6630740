"""Bots by name, playing whole games, deciding only from what their seat may know, and
measured against each other."""

import random

import pytest

import sequenza
from sequenza import OptionError
from sequenza.ai import make_bot
from sequenza.ai.base import Decision, bot_names
from sequenza.ai.greedy import evaluation_for
from sequenza.ai.mcts import MctsBot
from sequenza.core.actions import Action
from sequenza.core.registry import make_game
from sequenza.games.sequentia_cross.rules import CrossGame
from sequenza.games.sequentia_cross.rules import from_position as cross_position
from sequenza.games.sequentia_shift.rules import ShiftGame, ShiftOptions, from_position
from tests.ai.matches import assert_decides_from_view, play_out, points_share

SEQUENTIA = ["sequentia-shift", "sequentia-stack", "sequentia-cross"]


def test_bots_are_made_by_name() -> None:
    assert {"random", "greedy", "mcts"} <= set(bot_names())
    # The all-seeing yardsticks of bench/strength.py cheat: never ones a player can pick.
    assert not {"all-seeing-mcts", "all-seeing-rollout"} & set(bot_names())
    with pytest.raises(OptionError, match="unknown bot 'genius'"):
        make_bot("genius")


@pytest.mark.parametrize("game_id", [info.id for info in sequenza.available_games()])
@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_every_bot_plays_every_game_to_the_end(game_id: str, name: str) -> None:
    state = sequenza.make(game_id, players=2, seed=11)
    settings = {"iterations": 12} if name == "mcts" else {}
    play_out(state, [make_bot(name, seed=seat, **settings) for seat in range(2)])


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


def test_mcts_reports_the_iterations_of_its_last_decision_only() -> None:
    searched = sequenza.make("sequentia-shift", players=2, seed=4)
    bot = make_bot("mcts", seed=9, iterations=60)
    assert isinstance(bot, MctsBot)
    bot.act(searched)
    assert bot.last_iterations == 60
    # A single claim left to make: nothing to search.
    cross = make_game("sequentia-cross", 2)
    assert isinstance(cross, CrossGame)
    forced = cross_position(
        cross,
        "grid: 1:111+ 1:113 1:121 / 2:112+ 3:112 2:121 / 3:113+ 2:122 3:122\n"
        "hand1: 1:133\ndeck: 2:131 1:223 3:133\ncovered: 0",
    )
    assert forced.legal_actions() == [Action("claim", ("rows", 0))]
    bot.act(forced)
    assert bot.last_iterations == 0


@pytest.mark.parametrize("game_id", SEQUENTIA)
def test_greedy_decides_from_what_its_seat_sees(game_id: str) -> None:
    assert_decides_from_view(game_id, players=3, seed=6, steps=60)


@pytest.mark.parametrize("game_id", SEQUENTIA)
def test_greedy_beats_random(game_id: str) -> None:
    assert points_share(game_id, "greedy", "random", 20) >= 0.9


@pytest.mark.parametrize(
    ("settings", "complaint"),
    [
        ({"iterations": "200:horizon=2"}, "iterations must be a whole number"),
        ({"seconds": -1}, "seconds must be a number above 0"),
        ({"horizon": 1.5}, "horizon must be a whole number"),
        ({"playout": "clever"}, "playout must be one of"),
    ],
)
def test_mcts_refuses_a_bad_setting_clearly(settings: dict[str, object], complaint: str) -> None:
    with pytest.raises(OptionError, match=complaint):
        make_bot("mcts", **settings)


@pytest.mark.parametrize("game_id", [info.id for info in sequenza.available_games()])
def test_position_evaluation_shares_the_payoff_from_public_facts(game_id: str) -> None:
    evaluation = evaluation_for(game_id)
    players = min(3, sequenza.core.game_class(game_id).info.max_players)
    state = sequenza.make(game_id, players=players, seed=3)
    bots = [make_bot("greedy", seed=seat) for seat in range(state.players)]
    for _ in range(40):
        if state.is_over:
            break
        state.apply(bots[state.current_seat or 0].act(state))
    judged = evaluation.judge(state)
    assert len(judged) == state.players
    assert sum(judged) == pytest.approx(1.0)
    assert all(0.0 <= share <= 1.0 for share in judged)
    # Another deal of what seat 0 cannot see leaves the judgement unchanged.
    assert evaluation.judge(state.determinize(0, random.Random(8))) == judged


def test_the_stack_evaluation_favours_the_seat_that_collected_more() -> None:
    state = sequenza.make("sequentia-stack", players=2, seed=5)
    bots = [make_bot("greedy", seed=seat) for seat in range(2)]
    while not state.is_over and len(set(state.observation(None)["collected"])) == 1:
        state.apply(bots[state.current_seat or 0].act(state))
    collected = state.observation(None)["collected"]
    judged = evaluation_for("sequentia-stack").judge(state)  # type: ignore[union-attr]
    leader = 0 if collected[0] > collected[1] else 1
    assert judged[leader] > 0.5 > judged[1 - leader]


@pytest.mark.parametrize("horizon", [0, 1])
def test_mcts_plays_to_the_end_or_judges_early(horizon: int) -> None:
    state = sequenza.make("sequence", players=2, seed=12)
    play_out(state, [make_bot("mcts", seed=seat, iterations=8, horizon=horizon) for seat in (0, 1)])
