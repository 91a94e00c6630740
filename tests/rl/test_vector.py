"""The vectorised environment in the compiled core: every row is the game the Python rules
play from the same seed and actions, its tensor the game's encoding number for number."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from sequenza import fast
from sequenza.rl.encoding import action_mask, encoding_for
from sequenza.rl.vector import VectorEnv

pytestmark = pytest.mark.skipif(not fast.available(), reason="the compiled core is not built")


@pytest.mark.parametrize(
    ("game", "players", "options", "steps"),
    [
        ("sequence", 2, {}, 160),
        ("sequence", 3, {"random_first_player": True, "shared_limit": 0}, 90),
        ("sequence-numbers", 4, {}, 90),
        # The other four games at every player count they allow, each with options.
        ("sequentia-stack", 2, {}, 120),
        ("sequentia-stack", 3, {"hand_size": 4, "claim_must_include_last_pile": True}, 120),
        ("sequentia-stack", 4, {"random_first_player": True}, 120),
        ("sequentia-shift", 2, {"idle_rounds": 2}, 120),
        ("sequentia-shift", 3, {"diagonal_slides": True, "idle_rounds": 1}, 120),
        ("sequentia-shift", 4, {"slide_limit": 2, "idle_rounds": 1}, 120),
        ("sequentia-cross", 2, {}, 90),
        ("sequentia-cross", 3, {"random_first_player": True}, 90),
        ("sequentia-cross", 4, {"stall_rounds": 1}, 90),
        ("sequence-stacks", 2, {"chipless_round_limit": 3, "turn_refill_limit": 1}, 200),
        ("sequence-stacks", 3, {}, 200),
        ("sequence-stacks", 4, {"draw_up_to": 6, "random_first_player": True}, 200),
        ("sequence-stacks", 5, {"stall_rounds": 2}, 200),
        ("sequence-stacks", 6, {"chipless_round_limit": 2}, 200),
    ],
)
def test_every_row_is_the_python_game_with_its_tensor_mask_and_rewards(
    game: str, players: int, options: dict[str, Any], steps: int
) -> None:
    count = 5
    env = VectorEnv(game, count, players, options)
    table = env.table
    encoding = encoding_for(table)
    observations, masks = env.reset(seed=40)
    states = [table.new_initial_state(40 + i) for i in range(count)]
    next_seed, ended = 40 + count, 0
    rng = np.random.default_rng(1)

    def same(i: int) -> None:
        seat = states[i].current_seat
        assert seat is not None and env.to_act[i] == seat
        assert np.array_equal(observations[i], encoding.encode(states[i].observation(seat)))
        assert np.array_equal(masks[i], action_mask(states[i]).astype(bool))

    for i in range(count):
        same(i)
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        observations, masks, rewards, done, _ = env.step(actions)
        for i in range(count):
            states[i].apply_unchecked(table.action_space.actions[int(actions[i])])
            result = states[i].result()
            assert bool(done[i]) == (result is not None)
            if result is not None:
                winners = result.winners
                wanted = [0.0] * players
                if winners and len(winners) < players:
                    wanted = [1.0 if seat in winners else -1.0 for seat in range(players)]
                assert rewards[i].tolist() == wanted
                # Dealt again at once, from the next seed.
                states[i] = table.new_initial_state(next_seed)
                next_seed, ended = next_seed + 1, ended + 1
            else:
                assert not rewards[i].any()
            same(i)
    assert ended > 0


def test_an_illegal_action_moves_no_game() -> None:
    env = VectorEnv("sequence", 3)
    observations, masks = env.reset(seed=2)
    before = observations.copy()
    actions = np.array([np.flatnonzero(row)[0] for row in masks])
    actions[1] = np.flatnonzero(~masks[1])[0]
    with pytest.raises(ValueError, match="game 1"):
        env.step(actions)
    assert np.array_equal(env.observations, before)
    with pytest.raises(ValueError, match="one action per game"):
        env.step(actions[:2])
    # An option the core does not play.
    with pytest.raises(ValueError, match="collects the revealed card"):
        VectorEnv("sequentia-stack", 2, options={"collect_revealed": False})
