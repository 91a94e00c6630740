"""``mcts`` in the compiled core: its iterations draw from the bot's generator as the Python
search does, so that from the same seed it runs the same tree and makes the same choice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sequenza import fast
from sequenza.ai import Decision
from sequenza.ai.mcts import MctsBot
from sequenza.core.errors import OptionError
from sequenza.core.game import State
from sequenza.core.registry import make_game

needs_core = pytest.mark.skipif(not fast.available(), reason="the compiled core is not built")


def positions(game: str, players: int, count: int) -> list[State[Any]]:
    """Positions a few random moves into seeded games where the bot has to search."""
    found = []
    for seed in range(40):
        state = make_game(game, players).new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            if state.is_over:
                break
        if not state.is_over and len(state.legal_actions()) > 1:
            found.append(state)
        if len(found) == count:
            break
    return found


@needs_core
@pytest.mark.parametrize(
    ("game", "players", "settings"),
    [
        ("sequence", 2, {}),
        ("sequence", 4, {"horizon": 0, "playout": "cheap"}),
        ("sequence-numbers", 3, {}),
        ("sequentia-stack", 2, {}),
        ("sequentia-cross", 3, {"horizon": 3}),
    ],
)
def test_the_core_searches_as_the_engine_does(
    game: str, players: int, settings: dict[str, object]
) -> None:
    searched = 0
    for number, state in enumerate(positions(game, players, 4)):
        decision = Decision.of(state)
        core = MctsBot(seed=number, iterations=25, **settings)  # type: ignore[arg-type]
        python = MctsBot(seed=number, iterations=25, engine="python", **settings)  # type: ignore[arg-type]
        assert core.choose(decision) == python.choose(decision)
        assert core.last_iterations == python.last_iterations
        # Every draw of the search came from the bot's generator, in the engine's order.
        assert core.rng.getstate() == python.rng.getstate()
        searched += core.last_iterations
        assert core._in_core(game) and not python._in_core(game)
    assert searched > 0


@needs_core
def test_a_time_budget_runs_in_the_core_too_and_other_searches_stay_in_python() -> None:
    (state,) = positions("sequence", 2, 1)
    bot = MctsBot(seed=1, seconds=0.05, prune_root=False)
    assert bot.choose(Decision.of(state)) in state.legal_actions()
    assert bot.last_iterations > 0
    assert not MctsBot(seed=1)._in_core("sequentia-shift")
    custom = MctsBot(seed=1, playout_policy=lambda state, legal, rng: legal[0])
    custom._prepare("sequence")
    assert not custom._in_core("sequence")
    with pytest.raises(OptionError, match="engine"):
        MctsBot(engine="rust")
