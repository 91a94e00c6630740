"""PettingZoo's own API, seed and max-cycles tests pass for every game and player count."""

from __future__ import annotations

import functools
import types
import warnings

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
    result = table.state.result()
    assert result is not None
    assert [totals[f"player_{seat}"] for seat in range(3)] == list(result.payoffs)
    assert sum(totals.values()) == pytest.approx(1.0 if result.winners else 0.0)


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
    assert len(lenient.state.history) == 1


def test_the_same_seed_deals_the_same_game() -> None:
    first, second = env("sequence-stacks", players=3), env("sequence-stacks", players=3)
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.state.dumps() == second.state.dumps()
    first.reset(seed=6)
    assert first.state.dumps() != second.state.dumps()
