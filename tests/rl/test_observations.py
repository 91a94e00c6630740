"""The environments' dict observation: its spaces hold it, it regroups the seat's tensor, its
recent actions are the other seats' public moves, and nothing in it moves when the cards the
seat cannot see are dealt again; the picture ``render_mode="rgb_array"`` draws."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from sequenza.rl import SequenzaAECEnv, SequenzaGymEnv, env
from sequenza.rl.encoding import encoded_games
from sequenza.rl.observations import Observer

GAMES = [info.id for info in encoded_games()]
KEYS = {
    "observation",
    "board",
    "private",
    "public",
    "recent_actions",
    "recent_seats",
    "recent_mask",
    "action_mask",
}


def _play(table: SequenzaAECEnv, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            return
        legal = np.flatnonzero(table.observe(agent)["action_mask"])
        table.step(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("game", GAMES)
def test_the_dict_observation_is_in_its_space_and_unmoved_by_unseen_cards(game: str) -> None:
    players = 3 if game != "sequence-numbers" else 2
    table = env(game, players)
    table.reset(seed=5)
    rng = random.Random(5)
    for _ in range(3):
        _play(table, 7, rng)
        for seat, agent in enumerate(table.possible_agents):
            view = table.observe(agent)
            assert set(view) == KEYS
            assert table.observation_space(agent).contains(view)
            # The groups hold the tensor's numbers, each once.
            regrouped = view["board"].sum() + view["private"].sum() + view["public"].sum()
            assert regrouped == pytest.approx(view["observation"].sum(), abs=1e-3)
            # Every other seat's hand and the deck dealt again: the seat sees no difference.
            real = table.game_state
            table.game_state = real.determinize(seat, random.Random(rng.getrandbits(32)))
            again = table.observe(agent)
            table.game_state = real
            for key in KEYS:
                assert np.array_equal(view[key], again[key]), (game, seat, key)


def test_recent_actions_are_the_other_seats_latest_moves() -> None:
    table = env("sequentia-cross", 3, recent=4)
    table.reset(seed=2)
    _play(table, 9, random.Random(2))
    view = table.observe("player_0")
    others = [(seat, action) for seat, action in table.actions if seat != 0][::-1][:4]
    assert view["recent_mask"].tolist() == [1] * len(others) + [0] * (4 - len(others))
    assert view["recent_actions"][: len(others)].tolist() == [action for _, action in others]
    assert view["recent_seats"][: len(others)].tolist() == [seat for seat, _ in others]
    # At the start nothing has been played: the mask is empty.
    table.reset(seed=2)
    assert not table.observe(table.agent_selection)["recent_mask"].any()


def test_the_flat_observation_keeps_the_old_space() -> None:
    table = env("sequence", 2, observation="flat")
    table.reset(seed=1)
    view = table.observe(table.agent_selection)
    assert sorted(view) == ["action_mask", "observation"]
    assert sorted(table.observer.space.spaces) == ["action_mask", "observation"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(table, num_cycles=20)
    gym_flat = SequenzaGymEnv("sequence", observation="flat")
    assert sorted(gym_flat.reset(seed=1)[0]) == ["action_mask", "observation"]
    with pytest.raises(ValueError, match="observation is one of"):
        env("sequence", 2, observation="planes")


def test_gymnasium_dict_observations_record_the_bots_moves() -> None:
    # (Gymnasium's checker runs on the dict observation of every game in test_gym.py.)
    gym_env = SequenzaGymEnv("sequentia-stack", opponents="greedy", seat=1)
    view, _ = gym_env.reset(seed=4)
    assert set(view) == KEYS and gym_env.observation_space.contains(view)
    # Seat 1 acts second: greedy's opening moves are the recent actions it sees.
    bot_moves = [action for seat, action in gym_env.actions if seat == 0][::-1]
    assert bot_moves and view["recent_actions"][: len(bot_moves)].tolist() == bot_moves[:8]


def test_an_observer_board_is_laid_out_as_its_game_says() -> None:
    table = env("sequentia-stack", 2)
    table.reset(seed=3)
    view = table.observe("player_0")
    observer: Observer = table.observer
    parts = observer.encoding.split(view["observation"])
    # Pile p's top card is in column p, after the 54 numbers of its cards.
    assert np.array_equal(view["board"][54:68, 0, 2], parts["pile_tops"][2])


@pytest.mark.parametrize("where", ["pettingzoo", "gymnasium"])
def test_rgb_array_is_a_picture_that_changes_after_a_move(where: str) -> None:
    if where == "pettingzoo":
        table = env("sequentia-cross", 2, render_mode="rgb_array")
        table.reset(seed=1)
        before = table.render()
        _play(table, 1, random.Random(1))
        after = table.render()
    else:
        gym_env = SequenzaGymEnv("sequentia-shift", render_mode="rgb_array")
        gym_env.reset(seed=1)
        before = gym_env.render()
        legal = np.flatnonzero(gym_env.action_masks())
        gym_env.step(np.int64(legal[0]))
        after = gym_env.render()
    assert isinstance(before, np.ndarray) and isinstance(after, np.ndarray)
    assert before.ndim == 3 and before.shape[2] == 3 and before.dtype == np.uint8
    # Light text on a dark ground: the picture holds both.
    assert before.min() < 64 and before.max() > 192
    assert before.shape != after.shape or not np.array_equal(before, after)
