"""The compiled core plays Sequentia Cross exactly as the Python rules do: the same legal
actions in the same order, the same state after every action (deck, grid of piles, hands,
collected cards, cards out of play, phase, covered piles, idle turns, the generator's state)
and the same results, at every player count and with every option; and its batches, whole or
from a state, with random choices or the game's playout policy, are the engine's games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from sequenza import fast
from sequenza.core.game import Game
from sequenza.core.registry import make_game
from sequenza.games.sequentia_cross.rules import CrossState

pytestmark = pytest.mark.skipif(not fast.available(), reason=str(fast.why_not()))

FIELDS = (*CrossState.SAVE_FIELDS, "to_act")
OPTIONS: list[dict[str, Any]] = [{}, {"stall_rounds": 1, "random_first_player": True}]
TABLES = [(players, options) for players in (2, 3, 4) for options in OPTIONS]


def step_both(state: Any, core: Any, chooser: random.Random, seen: Counter[str]) -> None:
    """Plays on to the end on both engines, random choices, compared at every step."""
    while True:
        snapshot = core.snapshot()
        for name in FIELDS:
            assert snapshot[name] == getattr(state, name), name
        assert snapshot["rng"] == state.rng.getstate()[1]
        assert bool(snapshot["ending"]) == state.is_over
        if state.is_over:
            seen[str(state.termination)] += 1
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
        table = make_game("sequentia-cross", players, **options)
        for seed in range(30):
            state = table.new_initial_state(seed)
            step_both(state, fast.core_state(table, seed), random.Random(seed + 1), seen)
    # The stall rule never ends a game of random or playout-policy choices (none in 18,000
    # such games): every game here ends with the deck and the hands empty.
    for what in ("place", "claim", "deck_exhausted"):
        assert seen[what], f"no {what} in {len(TABLES) * 30} games"


def middle(table: Game[Any], seed: int) -> CrossState:
    state = table.new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(40)):
        legal = state.legal_actions()
        trial = state.clone()
        trial.apply(legal[chooser.randrange(len(legal))])
        if trial.is_over:
            break
        state = trial
    assert isinstance(state, CrossState)
    return state


def test_a_state_loaded_in_the_middle_plays_on_as_the_engines() -> None:
    seen: Counter[str] = Counter()
    for players, options in TABLES:
        table = make_game("sequentia-cross", players, **options)
        for seed in range(6):
            state = middle(table, seed)
            step_both(state.clone(), fast.load_state(state), random.Random(seed), seen)


@pytest.mark.parametrize("policy", ["random", "cheap"])
@pytest.mark.parametrize(("players", "options"), TABLES[::2])
def test_batches_are_the_engines_games(players: int, options: dict[str, Any], policy: str) -> None:
    batch = fast.playouts(
        "sequentia-cross", 40, seed=77, players=players, options=options, policy=policy
    )
    assert batch == fast.playouts(
        "sequentia-cross",
        40,
        seed=77,
        players=players,
        options=options,
        policy=policy,
        engine="python",
    )
    state = middle(make_game("sequentia-cross", players, **options), 3)
    before = state.fingerprint()
    for seat in range(players):
        ours = fast.playouts_from(state, 15, seat=seat, seed=9, policy=policy)
        theirs = fast.playouts_from(state, 15, seat=seat, seed=9, policy=policy, engine="python")
        assert ours == theirs
    assert state.fingerprint() == before


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_batches_are_the_engines_games(players: int) -> None:
    """The greedy heuristic, a search through the whole turn one card at a time, chooses as
    the engine's does (whose search is slow: few games)."""
    batch = fast.playouts("sequentia-cross", 2, seed=11, players=players, policy="greedy")
    assert batch == fast.playouts(
        "sequentia-cross", 2, seed=11, players=players, policy="greedy", engine="python"
    )
    state = middle(make_game("sequentia-cross", players), 5)
    ours = fast.playouts_from(state, 1, seat=1, seed=3, policy="greedy")
    assert ours == fast.playouts_from(state, 1, seat=1, seed=3, policy="greedy", engine="python")
