"""The Gymnasium environment: Gymnasium's checker, bots in the other seats, many games at
once."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from sequenza.rl import SequenzaGymEnv, make_vector_env
from sequenza.rl.encoding import encoded_games


@pytest.mark.parametrize("game", [info.id for info in encoded_games()])
def test_gymnasium_checker_passes(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(SequenzaGymEnv(game, opponents="greedy", seat=None), skip_render_check=True)


def test_the_bots_play_the_other_seats_until_the_game_ends() -> None:
    env = SequenzaGymEnv("sequentia-stack", players=3, opponents="greedy,random", seat=1)
    observation, info = env.reset(seed=4)
    assert info["seat"] == 1
    rewards = []
    terminated = truncated = False
    while not (terminated or truncated):
        assert env.state.current_seat == 1
        assert np.array_equal(observation["action_mask"].astype(bool), env.action_masks())
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        assert "illegal_action" not in info
    result = env.state.result()
    assert result is not None and terminated
    assert sum(rewards) == result.payoffs[1]


def test_the_same_seed_plays_the_same_game() -> None:
    def play(seed: int) -> list[str]:
        env = SequenzaGymEnv("sequentia-shift", opponents="random", seat=None)
        observation, _ = env.reset(seed=seed)
        done = False
        while not done:
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        return env.state.history

    assert play(3) == play(3)
    assert play(3) != play(4)


def test_a_bad_line_up_is_refused() -> None:
    with pytest.raises(ValueError, match="one opponent bot or 2"):
        SequenzaGymEnv("sequentia-cross", players=3, opponents=["greedy", "random", "random"])


def test_many_games_step_together() -> None:
    envs = make_vector_env("sequence-numbers", 3, opponents="random")
    observations, _ = envs.reset(seed=2)
    assert observations["observation"].shape == (
        3,
        envs.single_observation_space["observation"].shape[0],
    )
    finished = 0
    for _ in range(300):
        actions = np.array(
            [
                int(np.flatnonzero(mask)[0]) if mask.any() else 0
                for mask in observations["action_mask"]
            ]
        )
        observations, rewards, terminated, _, _ = envs.step(actions)
        finished += int(terminated.sum())
        assert ((rewards >= 0) & (rewards <= 1)).all()
    assert finished > 0
    envs.close()
