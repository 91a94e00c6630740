"""The Gymnasium vector environment: the core and the Python rules give the same arrays from
the same seed and actions, with Gymnasium's spaces, auto-reset and masks."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode

from sequenza import fast
from sequenza.rl.encoding import encoding_for
from sequenza.rl.gym_env import SequenzaGymEnv
from sequenza.rl.gym_vector import SequenzaVectorEnv

core = pytest.mark.skipif(not fast.available(), reason="the compiled core is not built")


def random_legal(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A random legal action in every game; 0 where none is legal (a game that has just
    ended, whose action the next step ignores)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])


@core
@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("sequence", 2, {}),
        ("sequence-numbers", 4, {"random_first_player": True}),
        ("sequentia-stack", 3, {"hand_size": 4}),
        ("sequentia-shift", 2, {"idle_rounds": 2, "diagonal_slides": True}),
        ("sequentia-cross", 4, {"stall_rounds": 1}),
        ("sequence-stacks", 5, {"chipless_round_limit": 2}),
    ],
)
def test_the_core_and_the_python_rules_give_the_same_arrays(
    game: str, players: int, options: dict[str, Any]
) -> None:
    on_core = SequenzaVectorEnv(game, 4, players, options=options, engine="core")
    on_python = SequenzaVectorEnv(game, 4, players, options=options, engine="python")
    assert (on_core.engine, on_python.engine) == ("core", "python")
    first = on_core.reset(seed=11)
    assert data_equivalence(first, on_python.reset(seed=11))
    rng = np.random.default_rng(3)
    observations, ended = first[0], 0
    for _ in range(300):
        actions = random_legal(rng, observations["action_mask"])
        stepped = on_core.step(actions)
        assert data_equivalence(stepped, on_python.step(actions), exact=True)
        assert on_core.observation_space.contains(stepped[0])
        observations, ended = stepped[0], ended + int(stepped[2].sum())
    assert ended > 0  # the comparison went through game ends and new deals


def test_next_step_auto_reset_shows_the_last_position_then_the_new_deal() -> None:
    envs = SequenzaVectorEnv("sequence", 3, engine="python")
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    encoding = encoding_for(envs.table)
    observations, infos = envs.reset(seed=7)
    assert observations["action_mask"].dtype == np.int8
    assert np.array_equal(infos["seat"], infos["to_act"])
    rng = np.random.default_rng(0)
    while True:
        before = infos["to_act"].copy()
        observations, rewards, terminations, truncations, infos = envs.step(
            random_legal(rng, observations["action_mask"])
        )
        assert not truncations.any()
        assert np.array_equal(infos["acted"], before)
        if terminations.any():
            break
    i = int(np.flatnonzero(terminations)[0])
    # The ended game as the seat that ended it sees it: over, nobody to act, no legal action.
    assert infos["seat"][i] == infos["acted"][i] and infos["to_act"][i] == -1
    assert encoding.split(observations["observation"][i])["over"][0] == 1.0
    assert not observations["action_mask"][i].any() and not envs.action_masks()[i].any()
    assert rewards[i] == infos["rewards"][i][infos["acted"][i]] == 1.0
    assert sorted(infos["rewards"][i].tolist()) == [-1.0, 1.0]
    assert envs.agent_selection[i] == f"player_{infos['acted'][i]}"
    # Next step: its action is ignored (even an illegal one) and it shows the new deal, the
    # next seed after the three first ones.
    actions = random_legal(rng, observations["action_mask"])
    actions[i] = envs.num_actions - 1
    observations, rewards, terminations, _, infos = envs.step(actions)
    fresh = envs.table.new_initial_state(7 + 3)
    assert np.array_equal(
        observations["observation"][i], encoding.encode(fresh.observation(fresh.current_seat))
    )
    assert (rewards[i], terminations[i], infos["acted"][i]) == (0.0, False, -1)
    assert infos["to_act"][i] == fresh.current_seat and observations["action_mask"][i].any()


def test_same_step_auto_reset_puts_the_last_position_in_the_infos() -> None:
    same = SequenzaVectorEnv("sequence", 3, engine="python", autoreset_mode="SameStep")
    following = SequenzaVectorEnv("sequence", 3, engine="python")
    observations, _ = same.reset(seed=2)
    following.reset(seed=2)
    rng = np.random.default_rng(1)
    while True:
        actions = random_legal(rng, observations["action_mask"])
        observations, _, terminations, _, infos = same.step(actions)
        last, _, _, _, _ = following.step(actions)
        if terminations.any():
            break
    i = int(np.flatnonzero(terminations)[0])
    assert infos["_final_obs"][i] and infos["final_info"]["to_act"][i] == -1
    assert np.array_equal(infos["final_obs"][i]["observation"], last["observation"][i])
    assert observations["action_mask"][i].any()  # the new game at once


def test_gymnasium_makes_it_and_its_vector_wrappers_take_it() -> None:
    envs = gym.make_vec("sequenza/SequenceNumbers-v0", num_envs=2, players=3)
    assert isinstance(envs.unwrapped, SequenzaVectorEnv) and envs.unwrapped.players == 3
    single = SequenzaGymEnv("sequence-numbers", 3, observation="flat")
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.action_space.shape == (2,)
    sync = gym.make_vec("sequenza/Sequence-v0", num_envs=2, vectorization_mode="sync")
    assert isinstance(sync, gym.vector.SyncVectorEnv)
    sync.close()
    # Observation wrappers accept only next-step auto-reset; the statistics wrapper counts
    # episodes through it.
    wrapped = gym.wrappers.vector.RecordEpisodeStatistics(
        gym.wrappers.vector.FlattenObservation(envs)
    )
    observations, _ = wrapped.reset(seed=0)
    assert observations.shape == (2, envs.unwrapped.size + envs.unwrapped.num_actions)
    wrapped.close()


def test_bad_actions_and_games_are_refused() -> None:
    # An option the core does not play: the Python rules step the table.
    options = {"collect_revealed": False}
    envs = SequenzaVectorEnv("sequentia-stack", 2, options=options)
    assert envs.engine == "python"
    observations, _ = envs.reset(seed=4)
    actions = random_legal(np.random.default_rng(0), observations["action_mask"])
    actions[1] = np.flatnonzero(observations["action_mask"][1] == 0)[0]
    with pytest.raises(ValueError, match="game 1"):
        envs.step(actions)
    with pytest.raises(ValueError, match="one action per game"):
        envs.step(actions[:1])
    if fast.available():
        with pytest.raises(ValueError, match="steps batches"):
            SequenzaVectorEnv("sequentia-stack", 2, options=options, engine="core")
    with pytest.raises(ValueError, match="engine is one of"):
        SequenzaVectorEnv("sequence", 2, engine="gpu")
    with pytest.raises(ValueError, match="next step or same step"):
        SequenzaVectorEnv("sequence", 2, autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(TypeError, match="opponents: arguments of the single-seat"):
        gym.make_vec("sequenza/Sequence-v0", num_envs=2, opponents="greedy")
