"""The Gymnasium environment: Gymnasium's checker, bots in the other seats, many games at
once."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from sequenza.rl import SequenzaGymEnv, make_vector_env
from sequenza.rl.encoding import encoded_games
from sequenza.rl.gym_env import gym_id


@pytest.mark.parametrize("game", [info.id for info in encoded_games()])
def test_gymnasium_checker_passes(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # The checker samples actions without the mask: it needs the refusal with a penalty.
        # Made by its Gymnasium id, so that the checker tries the render modes too.
        made = gym.make(gym_id(game), opponents="greedy", seat=None, illegal="penalty")
        check_env(made.unwrapped)


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
    # +1 for a win, -1 for a loss, 0 when nobody or everybody wins.
    expected = 0.0 if not result.winners else (1.0 if 1 in result.winners else -1.0)
    assert sum(rewards) == expected


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
        assert np.isin(rewards, (-1.0, 0.0, 1.0)).all()
    assert finished > 0
    envs.close()


def first_legal(observation: dict[str, np.ndarray]) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


def test_an_illegal_action_is_an_error_and_changes_nothing() -> None:
    env = SequenzaGymEnv("sequentia-stack", opponents="random")
    observation, _ = env.reset(seed=1)
    before = env.state.dumps()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(np.int64(illegal))
    assert env.state.dumps() == before


def test_an_illegal_action_may_cost_a_penalty_instead() -> None:
    env = SequenzaGymEnv("sequentia-stack", opponents="random", illegal="penalty")
    observation, _ = env.reset(seed=1)
    before = env.state.dumps()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = env.step(np.int64(illegal))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, False, False, illegal)
    assert env.state.dumps() == before
    assert np.array_equal(again["observation"], observation["observation"])


def test_any_callable_policy_plays_an_opponent() -> None:
    seen: list[int] = []

    def last_legal(observation: dict[str, np.ndarray]) -> int:
        seen.append(int(observation["action_mask"].sum()))
        return int(np.flatnonzero(observation["action_mask"])[-1])

    env = SequenzaGymEnv("sequentia-cross", players=3, opponents=[last_legal, "random"])
    observation, _ = env.reset(seed=2)
    while True:
        observation, reward, terminated, truncated, _ = env.step(np.int64(first_legal(observation)))
        if terminated or truncated:
            break
    # The policy saw its own masks: never an empty one.
    assert seen and min(seen) > 0
    assert reward in (-1.0, 0.0, 1.0)


def test_share_rewards_are_an_option() -> None:
    env = SequenzaGymEnv("sequentia-stack", opponents="greedy", rewards="share")
    observation, _ = env.reset(seed=5)
    reward, done = 0.0, False
    while not done:
        observation, reward, terminated, truncated, _ = env.step(np.int64(first_legal(observation)))
        done = terminated or truncated
    result = env.state.result()
    assert result is not None and reward == result.payoffs[0]


@pytest.mark.parametrize("game", [info.id for info in encoded_games()])
def test_gym_make_knows_every_game(game: str) -> None:
    env = gym.make(gym_id(game), opponents="random", render_mode="ansi")
    observation, _ = env.reset(seed=0)
    assert env.observation_space.contains(observation)
    drawing = env.render()
    assert isinstance(drawing, str) and drawing.strip()
    env.close()


def test_the_drawing_speaks_the_language_asked() -> None:
    english = SequenzaGymEnv("sequence", render_mode="ansi")
    italian = SequenzaGymEnv("sequence", render_mode="ansi", language="it")
    english.reset(seed=0)
    italian.reset(seed=0)
    assert "turn" in str(english.render()) and "turno" in str(italian.render())
