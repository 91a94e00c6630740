"""``mcts`` in the compiled core: its iterations draw from the bot's generator as the Python
search does, so that from the same seed it runs the same tree and makes the same choice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sequenza import fast
from sequenza.ai import BeliefMctsBot, Decision, make_bot
from sequenza.ai.mcts import MctsBot, _Node
from sequenza.core.actions import Action
from sequenza.core.errors import OptionError
from sequenza.core.game import State
from sequenza.core.registry import make_game

needs_core = pytest.mark.skipif(not fast.available(), reason="the compiled core is not built")


class TreeKept(MctsBot):
    """An mcts bot that keeps its root's children (visits and payoff totals per seat) for the
    test to compare: its iterations are ``MctsBot``'s own, so it searches in the core too."""

    tree: dict[Action, tuple[int, tuple[float, ...]]]

    def _verdict(self, root: _Node, candidates: list[Action], seat: int) -> Action:
        self.tree = {
            action: (child.visits, tuple(child.totals)) for action, child in root.children.items()
        }
        return super()._verdict(root, candidates, seat)


def positions(
    game: str, players: int, count: int, options: dict[str, Any] | None = None
) -> list[State[Any]]:
    """Positions a few random moves into seeded games where the bot has to search."""
    found = []
    for seed in range(40):
        state = make_game(game, players, **(options or {})).new_initial_state(seed)
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
    ("game", "players", "options", "settings"),
    [
        ("sequence", 2, {}, {}),
        ("sequence", 4, {}, {"horizon": 0, "playout": "cheap"}),
        ("sequence-numbers", 3, {}, {}),
        ("sequentia-stack", 2, {}, {}),
        ("sequentia-cross", 3, {}, {"horizon": 3}),
        ("sequentia-shift", 2, {}, {}),
        ("sequentia-shift", 3, {"slide_limit": 3, "idle_rounds": 2}, {"horizon": 0}),
        ("sequentia-shift", 4, {"repetitions": 2, "random_first_player": True}, {}),
        ("sequentia-shift", 3, {"diagonal_slides": True, "slide_limit": 4}, {"playout": "greedy"}),
        # Sequence Stacks' heuristic mostly agrees with itself over the root's deals, leaving
        # one move to search: without the narrowing every decision searches.
        ("sequence-stacks", 2, {}, {"prune_root": False}),
        ("sequence-stacks", 3, {"draw_up_to": 0, "turn_refill_limit": 2}, {"prune_root": False}),
        (
            "sequence-stacks",
            4,
            {"random_first_player": True},
            {"playout": "cheap", "horizon": 0, "prune_root": False},
        ),
        ("sequence-stacks", 6, {"stall_rounds": 3}, {"horizon": 1, "prune_root": False}),
        # The heuristic's alternatives at the root, narrowed in Python before the iterations.
        ("sequence-stacks", 2, {}, {"root": "wide"}),
        # Playouts judged by the evaluation fitted by self-play, of two teams and of three.
        ("sequence-numbers", 3, {}, {"judge": "learned"}),
        ("sequence", 4, {}, {"judge": "learned", "playout": "cheap", "horizon": 1}),
    ],
)
def test_the_core_searches_as_the_engine_does(
    game: str, players: int, options: dict[str, Any], settings: dict[str, Any]
) -> None:
    searched = 0
    for number, state in enumerate(positions(game, players, 4, options)):
        decision = Decision.of(state)
        core = TreeKept(seed=number, iterations=25, **settings)
        python = TreeKept(seed=number, iterations=25, engine="python", **settings)
        assert core.choose(decision) == python.choose(decision)
        assert core.last_iterations == python.last_iterations
        # Every draw of the search came from the bot's generator, in the engine's order, and
        # the root's children hold the same visits and payoffs, to the last bit.
        assert core.rng.getstate() == python.rng.getstate()
        assert getattr(core, "tree", None) == getattr(python, "tree", None)
        searched += core.last_iterations
        assert core._in_core(game) and not python._in_core(game)
        assert fast.core_plays(state.game)
    assert searched > 0


@needs_core
def test_a_time_budget_runs_in_the_core_too_and_other_searches_stay_in_python() -> None:
    (state,) = positions("sequence", 2, 1)
    bot = MctsBot(seed=1, seconds=0.05, prune_root=False)
    assert bot.choose(Decision.of(state)) in state.legal_actions()
    assert bot.last_iterations > 0
    custom = MctsBot(seed=1, playout_policy=lambda state, legal, rng: legal[0])
    custom._prepare("sequence")
    assert not custom._in_core("sequence")
    with pytest.raises(OptionError, match="engine"):
        MctsBot(engine="rust")
    with pytest.raises(OptionError, match="root"):
        MctsBot(root="everything")


class ExpertTreeKept(BeliefMctsBot):
    """The expert keeping its root's children, as ``TreeKept`` does for ``mcts``."""

    tree: dict[Action, tuple[int, tuple[float, ...]]]

    def _verdict(self, root: _Node, candidates: list[Action], seat: int) -> Action:
        self.tree = {
            action: (child.visits, tuple(child.totals)) for action, child in root.children.items()
        }
        return super()._verdict(root, candidates, seat)


@needs_core
@pytest.mark.parametrize(
    ("game", "read", "judge"),
    # The board games read the opponent's hand, and the core searches the weighted deals;
    # Sequentia Cross has no hand model, and the expert searches there as mcts does.
    # The learned judge where the board games' playouts stop, on the weighted deals too.
    [
        ("sequence", True, "hand"),
        ("sequence-numbers", True, "hand"),
        ("sequentia-cross", False, "hand"),
        ("sequence-numbers", True, "learned"),
    ],
)
def test_the_expert_searches_in_the_core_as_the_engine_does(
    game: str, read: bool, judge: str
) -> None:
    # Through a game against greedy, so that the expert remembers the opponent's choices and
    # weighs its deals by them: a twin searching in Python chooses the same at every turn.
    state = make_game(game, 2).new_initial_state(3)
    core = ExpertTreeKept(seed=5, iterations=20, deals=16, judge=judge)
    python = ExpertTreeKept(seed=5, iterations=20, deals=16, engine="python", judge=judge)
    greedy = make_bot("greedy", seed=6)
    weighed = decisions = 0
    while not state.is_over and decisions < 6:
        if state.current_seat == 1:
            state.apply(greedy.act(state))
            continue
        action = core.act(state)
        assert action == python.act(state)
        assert core.last_iterations == python.last_iterations
        assert core.rng.getstate() == python.rng.getstate()
        assert getattr(core, "tree", None) == getattr(python, "tree", None)
        assert core._in_core(game) and not python._in_core(game)
        weighed += bool(core.beliefs)
        decisions += 1
        state.apply(action)
    assert decisions == 6
    assert (weighed >= 4) if read else (weighed == 0)


@needs_core
def test_the_core_refuses_deals_and_judges_it_cannot_search() -> None:
    (state,) = positions("sequence", 2, 1)
    settings: dict[str, Any] = {
        "iterations": 2,
        "deadline": None,
        "exploration": 0.7,
        "horizon": None,
        "playout_limit": 50,
        "policy": "cheap",
    }
    allowed = state.legal_actions()
    other = make_game("sequence", 3).new_initial_state(1)
    with pytest.raises(ValueError, match="not a running game of these rules"):
        fast.search(state, 0, random.Random(1), allowed, deals=[other], weights=[1.0], **settings)
    with pytest.raises(ValueError, match="above zero"):
        fast.search(state, 0, random.Random(1), allowed, deals=[state], weights=[0.0], **settings)
    (stack,) = positions("sequentia-stack", 2, 1)
    with pytest.raises(ValueError, match="no learned judge"):
        fast.search(stack, 0, random.Random(1), stack.legal_actions(), learned=[0.0], **settings)
    with pytest.raises(ValueError, match="11 weights"):
        fast.search(state, 0, random.Random(1), allowed, learned=[0.5, 1.0], **settings)
    with pytest.raises(ValueError, match="given deals"):
        fast.search(
            stack,
            0,
            random.Random(1),
            stack.legal_actions(),
            deals=[stack],
            weights=[1.0],
            **settings,
        )
