"""Line-ups, seeds, sweeps and single games: what makes a simulation reproducible."""

import doctest

import pytest

import sequenza.sim.match
from sequenza.core.errors import OptionError, UnknownGameError
from sequenza.sim import Simulation, SimulationError, derive_seed, parse_bots, play_game, sweep
from sequenza.sim.match import UNFINISHED, BotSpec
from tests.sim import cheat_bot  # noqa: F401  (registers the test-cheat bot)


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(sequenza.sim.match)
    assert tried > 0 and failures == 0


def test_bot_line_up_with_settings() -> None:
    bots = parse_bots("mcts:iterations=200,seconds=none, greedy ,random:exploration=0.5")
    assert [bot.name for bot in bots] == ["mcts", "greedy", "random"]
    assert bots[0].settings == (("iterations", 200), ("seconds", None))
    assert bots[2].settings == (("exploration", 0.5),)
    assert bots[0].label == "mcts:iterations=200,seconds=none"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seconds=1,random", "no bot comes before it"),
        ("random,,random", "empty bot name"),
        ("mcts:iterations", "name=value"),
    ],
)
def test_bad_line_ups_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_bots(text)


def test_unknown_bots_games_and_settings_are_refused_before_playing() -> None:
    with pytest.raises(OptionError, match="unknown bot 'nobody'"):
        Simulation("test-toy", 2, parse_bots("nobody"), 1).check()
    with pytest.raises(OptionError, match="bot 'random:depth=3'"):
        Simulation("test-toy", 2, parse_bots("random:depth=3"), 1).check()
    with pytest.raises(UnknownGameError):
        Simulation("no-such-game", 2, parse_bots("random"), 1).check()
    with pytest.raises(OptionError, match="2 bots for 3 players"):
        Simulation("test-toy", 3, parse_bots("random,random"), 1)


def test_bots_rotate_so_each_sits_in_each_seat_equally() -> None:
    a, b, c = BotSpec("a"), BotSpec("b"), BotSpec("c")
    sim = Simulation("test-toy", 3, (a, b, c), games=3)
    assert [sim.lineup(index) for index in range(4)] == [
        (a, b, c),
        (b, c, a),
        (c, a, b),
        (a, b, c),
    ]


def test_seeds_depend_on_base_seed_and_index_only() -> None:
    sim = Simulation("test-toy", 2, parse_bots("random"), games=5, seed=9)
    assert sim.game_seed(3) == derive_seed(9, 3)
    assert len({sim.game_seed(index) for index in range(1000)}) == 1000
    assert Simulation("test-toy", 2, parse_bots("random"), 5, seed=10).game_seed(3) != derive_seed(
        9, 3
    )


def test_a_game_replays_identically_and_records_its_result() -> None:
    sim = Simulation("test-toy", 2, parse_bots("random,mcts:iterations=10,seconds=none"), 4)
    first = play_game(sim, 1)
    assert first == play_game(sim, 1)
    assert first.lineup == ("mcts:iterations=10,seconds=none", "random")
    assert first.finished and first.actions == 6 and first.turns == 6
    assert first.counts["verb:play"] == 6
    assert sum(first.payoffs) == pytest.approx(1.0)
    best = max(first.scores)
    assert first.margin == best - min(first.scores)
    assert first.draw == (first.scores[0] == first.scores[1])


def test_a_game_past_the_action_limit_is_unfinished_and_stalled() -> None:
    sim = Simulation("test-toy", 2, parse_bots("random"), 1, max_actions=3)
    result = play_game(sim, 0)
    assert not result.finished and result.stalled and result.draw
    assert result.actions == 3 and result.payoffs == (0.0, 0.0)
    assert result.termination == UNFINISHED


def test_a_finished_game_records_the_termination_its_rules_gave() -> None:
    result = play_game(Simulation("test-toy", 2, parse_bots("random"), 1), 0)
    assert result.finished and result.termination == "cards_played" and not result.stalled


def test_a_stall_is_read_from_the_termination_not_from_the_log() -> None:
    # Random Shift players seldom claim, so a one-round safety net ends the game early.
    sim = Simulation("sequentia-shift", 2, parse_bots("random"), 1, options={"idle_rounds": 1})
    result = play_game(sim, 0)
    assert result.finished and result.termination == "idle_rounds" and result.stalled


def test_a_bot_playing_an_illegal_action_stops_the_run_with_the_game_to_replay() -> None:
    sim = Simulation("test-toy", 2, parse_bots("random,test-cheat"), 1)
    with pytest.raises(SimulationError) as caught:
        play_game(sim, 0)
    message = str(caught.value)
    assert f"game 0 (seed {sim.game_seed(0)}) of test-toy" in message
    assert "bot 'test-cheat' in seat 1 chose the illegal action 'play 9'" in message
    with pytest.raises(OptionError, match="drop seed="):
        parse_bots("random:seed=1")


def test_sweep_makes_every_combination_with_typed_values() -> None:
    sim = Simulation("test-toy", 2, parse_bots("random"), 1, options={"random_first_player": True})
    variants = sweep(sim, ["hand_size=1,3", "random_first_player=false,true"])
    assert [label for label, _ in variants] == [
        "hand_size=1 random_first_player=false",
        "hand_size=1 random_first_player=true",
        "hand_size=3 random_first_player=false",
        "hand_size=3 random_first_player=true",
    ]
    assert variants[2][1].options == {"random_first_player": False, "hand_size": 3}
    assert [label for label, _ in sweep(sim, [])] == ["random_first_player=true"]
    with pytest.raises(OptionError, match="at most 3"):
        sweep(sim, ["hand_size=2,4"])
    with pytest.raises(OptionError, match="name=value1,value2"):
        sweep(sim, ["hand_size"])
