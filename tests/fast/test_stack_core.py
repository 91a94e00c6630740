"""The compiled core plays Sequentia Stack exactly as the Python rules do: the same legal
actions in the same order, the same state after every action (deck, hands, piles, collected
cards, phase, the pile just played on, the generator's state) and the same results, over a
few hundred seeded games at every player count and with every option; and its batches, whole
or from a state, are the engine's games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from sequenza import fast
from sequenza.core.game import Game
from sequenza.core.registry import make_game
from sequenza.games.sequentia_stack.rules import SequentiaStackState

pytestmark = pytest.mark.skipif(not fast.available(), reason=str(fast.why_not()))

FIELDS = (*SequentiaStackState.SAVE_FIELDS, "to_act")
OPTIONS: list[dict[str, Any]] = [
    {},
    {"claim_must_include_last_pile": True},
    {"hand_size": 5, "random_first_player": True},
    {"hand_size": 1},
]
TABLES = [(players, options) for players in (2, 3, 4) for options in OPTIONS]


def step_both(state: Any, core: Any, chooser: random.Random, seen: Counter[str]) -> None:
    """Plays on to the end on both engines, random choices, compared at every step."""
    while True:
        snapshot = core.snapshot()
        for name in FIELDS:
            assert snapshot[name] == getattr(state, name), name
        assert snapshot["rng"] == state.rng.getstate()[1]
        assert snapshot["over"] == state.is_over
        if state.is_over:
            return
        legal = state.legal_action_ids()
        assert core.legal() == legal
        action = legal[chooser.randrange(len(legal))]
        seen[state.game.action_from_id(action).verb] += 1
        state.apply(action)
        core.apply(action)


def test_every_seeded_game_is_the_engines_action_by_action() -> None:
    seen: Counter[str] = Counter()
    for players, options in TABLES:
        table = make_game("sequentia-stack", players, **options)
        for seed in range(20):
            state = table.new_initial_state(seed)
            step_both(state, fast.core_state(table, seed), random.Random(seed + 1), seen)
    for verb in ("place", "claim", "end", "pass"):
        assert seen[verb], f"no {verb} in {len(TABLES) * 20} games"


def middle(table: Game[Any], seed: int) -> SequentiaStackState:
    state = table.new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(60)):
        legal = state.legal_actions()
        trial = state.clone()
        trial.apply(legal[chooser.randrange(len(legal))])
        if trial.is_over:
            break
        state = trial
    assert isinstance(state, SequentiaStackState)
    return state


def test_a_state_loaded_in_the_middle_plays_on_as_the_engines() -> None:
    seen: Counter[str] = Counter()
    for players, options in TABLES:
        table = make_game("sequentia-stack", players, **options)
        for seed in range(5):
            state = middle(table, seed)
            step_both(state.clone(), fast.load_state(state), random.Random(seed), seen)


@pytest.mark.parametrize("policy", ["random", "cheap"])
@pytest.mark.parametrize(("players", "options"), TABLES[::3])
def test_batches_are_the_engines_games(players: int, options: dict[str, Any], policy: str) -> None:
    batch = fast.playouts(
        "sequentia-stack", 40, seed=77, players=players, options=options, policy=policy
    )
    assert batch == fast.playouts(
        "sequentia-stack",
        40,
        seed=77,
        players=players,
        options=options,
        policy=policy,
        engine="python",
    )
    state = middle(make_game("sequentia-stack", players, **options), 3)
    before = state.fingerprint()
    for seat in range(players):
        ours = fast.playouts_from(state, 20, seat=seat, seed=9, policy=policy)
        theirs = fast.playouts_from(state, 20, seat=seat, seed=9, policy=policy, engine="python")
        assert ours == theirs
    assert state.fingerprint() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_batches_are_the_engines_games(players: int) -> None:
    """The greedy heuristic, a search through the whole turn, chooses as the engine's does."""
    batch = fast.playouts("sequentia-stack", 6, seed=11, players=players, policy="greedy")
    assert batch == fast.playouts(
        "sequentia-stack", 6, seed=11, players=players, policy="greedy", engine="python"
    )
    state = middle(make_game("sequentia-stack", players), 5)
    ours = fast.playouts_from(state, 2, seat=0, seed=3, policy="greedy")
    assert ours == fast.playouts_from(state, 2, seat=0, seed=3, policy="greedy", engine="python")
