"""A mode file is an RL environment too: its tensor is made from the places the file declares,
never reads what its seat cannot see, and PettingZoo's API test and Gymnasium's checker pass
on a mode table as on a built-in game's."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from sequenza.core import registry
from sequenza.core.registry import make, register_kit
from sequenza.modes import EXAMPLES, load
from sequenza.rl import check_encoding, encoding_for, env
from sequenza.rl.gym_env import gym_id, register_games

FILES = sorted(EXAMPLES.glob("*.toml"))


@pytest.fixture
def registered() -> Iterator[dict[str, str]]:
    """Every shipped mode file registered (each one's id by its file name), then taken out of
    the registry again: the other RL tests list the games the package ships."""
    with registry.kits_restored():
        yield {path.name: register_kit(load(path)).id for path in FILES}
    for name in [name for name in gym.registry if "Mode" in name]:
        del gym.registry[name]


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_no_mode_tensor_reads_what_its_seat_cannot_see(
    registered: dict[str, str], path: Path
) -> None:
    game = registered[path.name]
    assert check_encoding(game, 2, games=1, every=4) > 0


def test_a_mode_tensor_holds_the_seat_s_own_hand_and_target(registered: dict[str, str]) -> None:
    # The check above has teeth only if a seat's tensor carries its private cards: dealing
    # again what seat 0 cannot see changes seat 1's tensor (its hand, or its target).
    for name in ("stack.toml", "shift.toml"):
        state = make(registered[name], players=2, seed=3)
        encoding = encoding_for(state.game)
        twin = state.determinize(0, random.Random(1))
        before = encoding.split(encoding.encode(state.observation(1)))
        after = encoding.split(encoding.encode(twin.observation(1)))
        private = encoding.private_fields
        assert private == (("hand",) if name == "stack.toml" else ("target",))
        assert not all(np.array_equal(before[field], after[field]) for field in private)
        # The board is the declared table: Shift's 3x3 grid with its hole, Stack's empty row.
        if name == "shift.toml":
            assert before["table"].shape == (14, 3, 3) and before["table"][0].sum() == 8


def test_pettingzoo_and_gymnasium_check_a_mode_table(registered: dict[str, str]) -> None:
    game = registered["stack.toml"]
    with warnings.catch_warnings():
        # PettingZoo warns about any Dict observation space, the very form it documents for
        # action masks.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game, 2), num_cycles=30)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # The checker samples actions without the mask: it needs the refusal with a penalty.
        # A mode registered after the environments were imported gets its Gymnasium id
        # from a second call; made by that id, the checker tries the render modes too.
        assert gym_id(game) in register_games()
        made = gym.make(gym_id(game), opponents="random", seat=None, illegal="penalty")
        check_env(made.unwrapped)
