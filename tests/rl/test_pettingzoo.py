"""PettingZoo's own API, seed and max-cycles tests pass for every game and player count."""

from __future__ import annotations

import functools
import types
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, seed_test

from sequenza.rl import env
from sequenza.rl.encoding import encoded_games
from sequenza.rl.pettingzoo_env import parallel_env

TABLES = [(info.id, count) for info in encoded_games() for count in info.player_counts]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_pettingzoo_api_seed_and_max_cycles(game: str, players: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about any Dict observation space, the very form it documents for
        # action masks.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game, players), num_cycles=100)
    seed_test(functools.partial(env, game, players), num_cycles=100)
    module = types.SimpleNamespace(
        env=functools.partial(env, game, players, illegal="random"),
        parallel_env=functools.partial(parallel_env, game, players),
    )
    max_cycles_test(module)


def test_a_whole_game_rewards_the_winners() -> None:
    table = env("sequentia-cross", players=3)
    table.reset(seed=11)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[0]))
    result = table.game_state.result()
    assert result is not None and result.winners
    # +1 for each winner, -1 for each other seat.
    expected = [1.0 if seat in result.winners else -1.0 for seat in range(3)]
    assert [totals[f"player_{seat}"] for seat in range(3)] == expected


def test_only_the_agent_to_act_has_a_mask() -> None:
    table = env("sequence", players=4)
    table.reset(seed=3)
    to_act = table.agent_selection
    for agent in table.possible_agents:
        mask = table.observe(agent)["action_mask"]
        assert mask.any() == (agent == to_act)


def test_an_illegal_action_is_refused_unless_asked_otherwise() -> None:
    table = env("sequentia-shift", players=2)
    table.reset(seed=0)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        table.step(illegal)
    lenient = env("sequentia-shift", players=2, illegal="random")
    lenient.reset(seed=0)
    agent = lenient.agent_selection
    lenient.step(illegal)
    assert lenient.infos[agent]["illegal_action"] == illegal
    assert len(lenient.game_state.history) == 1


def test_the_same_seed_deals_the_same_game() -> None:
    first, second = env("sequence-stacks", players=3), env("sequence-stacks", players=3)
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.game_state.dumps() == second.game_state.dumps()
    first.reset(seed=6)
    assert first.game_state.dumps() != second.game_state.dumps()


def play_out(table: Any) -> dict[str, float]:
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    return totals


def test_share_rewards_are_an_option() -> None:
    table = env("sequentia-stack", players=2, rewards="share")
    table.reset(seed=4)
    totals = play_out(table)
    result = table.game_state.result()
    assert result is not None
    assert list(totals.values()) == list(result.payoffs)


def test_state_is_every_seats_tensor() -> None:
    table = env("sequentia-cross", players=3)
    table.reset(seed=1)
    state = table.state()
    assert table.state_space.contains(state)
    size = table.encoding.size
    for seat, agent in enumerate(table.possible_agents):
        part = state[seat * size : (seat + 1) * size]
        assert np.array_equal(part, table.observe(agent)["observation"])
    assert np.array_equal(
        parallel_env("sequentia-cross", 3).state_space.high, table.state_space.high
    )


def test_ansi_renders_the_spectators_drawing() -> None:
    table = env("sequence-stacks", players=2, render_mode="ansi")
    table.reset(seed=2)
    drawing = table.render()
    assert isinstance(drawing, str) and "Stacks" in drawing
    hand = table.game_state.observation(0)["hand"]
    # The spectator's drawing: no seat's hand.
    assert table.game_state.observation(None).get("hand") is None and hand
    with pytest.raises(ValueError, match="render_mode"):
        env("sequence-stacks", players=2, render_mode="human")
