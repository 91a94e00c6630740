"""The compiled core plays Sequentia Shift exactly as the Python rules do: the same legal
actions in the same order, the same state after every action (grid, deck, targets, score
piles, phase, slides, the stall counters, the positions counted for the repetition rule, the
generator's state) and the same results, at every player count and with every option; and
its batches, whole or from a state, are the engine's games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from sequenza import fast
from sequenza.core.game import Game
from sequenza.core.registry import make_game
from sequenza.games.sequentia_shift.rules import ShiftState
from tests.fast.greedy_choices import greedy_choices

pytestmark = pytest.mark.skipif(not fast.available(), reason=str(fast.why_not()))

FIELDS = (*ShiftState.SAVE_FIELDS, "to_act")
OPTIONS: list[dict[str, Any]] = [
    {},
    {"slide_limit": 2, "repetitions": 2, "random_first_player": True},
    {"idle_rounds": 3, "stall_rounds": 1},
    {"slide_limit": 12},
]
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
        state.apply_unchecked(state.game.action_from_id(action))
        core.apply(action)


def test_every_seeded_game_is_the_engines_action_by_action() -> None:
    seen: Counter[str] = Counter()
    for players, options in TABLES:
        table = make_game("sequentia-shift", players, **options)
        for seed in range(6):
            state = table.new_initial_state(seed)
            step_both(state, fast.core_state(table, seed), random.Random(seed + 1), seen)
    for what in ("slide", "claim", "end", "exchange", "pass", "hole", "refill"):
        assert seen[what], f"no {what} in {len(TABLES) * 6} games"
    for ending in ("deck_exhausted", "stall", "idle_rounds"):
        assert seen[ending], f"no game ended by {ending}"


def middle(table: Game[Any], seed: int) -> ShiftState:
    state = table.new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(120)):
        legal = state.legal_actions()
        trial = state.clone()
        trial.apply(legal[chooser.randrange(len(legal))])
        if trial.is_over:
            break
        state = trial
    assert isinstance(state, ShiftState)
    return state


def test_a_state_loaded_in_the_middle_plays_on_as_the_engines() -> None:
    seen: Counter[str] = Counter()
    for players, options in TABLES:
        table = make_game("sequentia-shift", players, **options)
        for seed in range(2):
            state = middle(table, seed)
            step_both(state.clone(), fast.load_state(state), random.Random(seed), seen)


@pytest.mark.parametrize(("players", "options"), TABLES[::3])
def test_batches_are_the_engines_games(players: int, options: dict[str, Any]) -> None:
    batch = fast.playouts("sequentia-shift", 25, seed=77, players=players, options=options)
    assert batch == fast.playouts(
        "sequentia-shift", 25, seed=77, players=players, options=options, engine="python"
    )
    state = middle(make_game("sequentia-shift", players, **options), 3)
    before = state.fingerprint()
    for seat in range(players):
        ours = fast.playouts_from(state, 10, seat=seat, seed=9)
        assert ours == fast.playouts_from(state, 10, seat=seat, seed=9, engine="python")
    assert state.fingerprint() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_batches_are_the_engines_games(players: int) -> None:
    """The greedy heuristic (claim at once, else follow the exact solver's fewest slides, else
    end the turn; any action at random where the turn cannot end), which is also Shift's
    playout policy, chooses as the engine's does: in whole games, with options that change
    the slides a turn allows and when the game ends, and from a state dealt again."""
    for options in OPTIONS[: 2 if players == 4 else 4]:
        batch = fast.playouts(
            "sequentia-shift", 12, seed=31, players=players, options=options, policy="greedy"
        )
        assert batch == fast.playouts(
            "sequentia-shift",
            12,
            seed=31,
            players=players,
            options=options,
            policy="greedy",
            engine="python",
        )
    state = middle(make_game("sequentia-shift", players), players)
    for policy in ("greedy", "cheap"):
        for seat in range(players):
            ours = fast.playouts_from(state, 3, seat=seat, seed=4, policy=policy)
            theirs = fast.playouts_from(state, 3, seat=seat, seed=4, policy=policy, engine="python")
            assert ours == theirs


def test_the_greedy_bot_makes_the_engines_every_choice() -> None:
    """The simulator's greedy bots in the core (each dealing the others' targets and the deck
    again from its own generator before it decides) make every choice the Python bots make,
    and the games meet every part of the heuristic: claims, the solver's slides, ends of turn,
    and the random choice among exchanges, passes, holes and refills."""
    seen: Counter[str] = Counter()
    for players in (2, 3, 4):
        for seed in range(8):
            for action in greedy_choices("sequentia-shift", players, seed):
                seen[action.verb] += 1
    for what in ("slide", "claim", "end", "exchange", "pass", "hole", "refill"):
        assert seen[what], f"the greedy bots made no {what}"


def test_diagonal_slides_are_the_engines_too() -> None:
    """With the option diagonal_slides the core lists a diagonal neighbour's slide after the
    others, as the rules number them: in whole games, from a loaded state and in batches."""
    seen: Counter[str] = Counter()
    diagonal = 0
    for players in (2, 3, 4):
        options = {"diagonal_slides": True, "slide_limit": 2 + players}
        table = make_game("sequentia-shift", players, **options)
        state = table.new_initial_state(players)
        core = fast.core_state(table, players)
        chooser = random.Random(players)
        while not state.is_over:
            legal = state.legal_action_ids()
            assert core.legal() == legal
            chosen = legal[chooser.randrange(len(legal))]
            action = table.action_from_id(chosen)
            if action.verb == "slide":
                source, empty = (int(arg) for arg in action.args)
                diagonal += abs(source - empty) in (2, 4)
            state.apply_unchecked(action)
            core.apply(chosen)
        snapshot = core.snapshot()
        for name in FIELDS:
            assert snapshot[name] == getattr(state, name), name
        halfway = middle(table, players)
        step_both(halfway.clone(), fast.load_state(halfway), random.Random(1), seen)
        for policy in ("random", "greedy"):
            batch = fast.playouts(
                "sequentia-shift", 6, seed=5, players=players, options=options, policy=policy
            )
            assert batch == fast.playouts(
                "sequentia-shift",
                6,
                seed=5,
                players=players,
                options=options,
                policy=policy,
                engine="python",
            )
    assert diagonal > 0
