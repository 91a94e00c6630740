"""The games keep caches (``_``-prefixed attributes) up to date action by action so that
search reads them instead of walking the table; here they must always equal the caches a
state rebuilds from its saved data."""

from __future__ import annotations

import random
from typing import Any

import pytest

import sequenza
from sequenza.core.game import State

GAMES = [
    "sequentia-shift",
    "sequentia-stack",
    "sequentia-cross",
    "sequence-numbers",
    "sequence-stacks",
    "sequence",
]


def _caches(state: State[Any]) -> dict[str, Any]:
    state.legal_actions()  # fills any memo of the legal actions on both sides alike
    return {name: value for name, value in vars(state).items() if name.startswith("_")}


@pytest.mark.parametrize("game_id", GAMES)
def test_caches_kept_by_play_equal_caches_rebuilt_from_the_data(game_id: str) -> None:
    for seed in range(3):
        state = sequenza.make(game_id, players=2, seed=seed)
        copy = state.search_copy()
        chooser = random.Random(seed)
        for _ in range(250):
            if copy.is_over:
                break
            legal = copy.legal_actions()
            copy.apply_unchecked(legal[chooser.randrange(len(legal))])
            rebuilt = sequenza.state_from_json(copy.to_json())
            rebuilt.recording = False
            assert _caches(copy) == _caches(rebuilt), f"seed {seed}: {copy}"


@pytest.mark.parametrize("game_id", ["sequence", "sequence-numbers"])
def test_a_hand_rewritten_by_search_keeps_the_caches(game_id: str) -> None:
    """The expert bot's hand model gives imagined hands; the legal actions must follow."""
    state: Any = sequenza.make(game_id, players=2, seed=4).search_copy()
    first, second = list(state.hands[0]), list(state.hands[1])
    state.set_hand(0, second)
    state.set_hand(1, first)
    rebuilt = sequenza.state_from_json(state.to_json())
    rebuilt.recording = False
    assert _caches(state) == _caches(rebuilt)
    assert state.legal_actions() == rebuilt.legal_actions()
