"""OpenSpiel: every game passes pyspiel's random-simulation test at every player count."""

from __future__ import annotations

import pyspiel
import pytest

from sequenza.rl import openspiel
from sequenza.rl.encoding import encoded_games

TABLES = [(info.id, count) for info in encoded_games() for count in info.player_counts]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_random_simulation(game: str, players: int) -> None:
    pyspiel.random_sim_test(
        openspiel.load(game, players), num_sims=1, serialize=True, verbose=False
    )


def test_registered_by_name_with_its_facts() -> None:
    game = pyspiel.load_game("python_sequenza_sequentia_stack", {"players": 3})
    assert game.num_players() == 3
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.max_chance_outcomes() == openspiel.DEFAULT_DEALS
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(17)
    assert state.current_player() == 0
    assert len(state.observation_tensor(1)) == game.observation_tensor_size()
    assert len(state.information_state_tensor(1)) == game.information_state_tensor_size()


def test_a_clone_is_independent_and_deals_are_seeds() -> None:
    game = openspiel.load("sequence", 2, deals=8)
    state = game.new_initial_state()
    state.apply_action(5)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(state.history()) == 1 and len(twin.history()) == 2
    again = game.new_initial_state()
    again.apply_action(5)
    assert str(again) == str(state)


def test_information_states_hide_the_other_hands() -> None:
    game = openspiel.load("sequentia-cross", 2)
    state = game.new_initial_state()
    state.apply_action(1)
    text = state.information_state_string(0)
    engine = state.engine
    assert engine is not None
    own = engine.observation(0)["hand"]
    other = engine.observation(1)["hand"]
    assert all(card in text for card in own)
    assert not all(card in text for card in other)
