"""``sequenza.fast.playouts`` answers with or without the compiled core: the policies the core
does not play in a game (or every game, where it is not installed) run on the Python engine,
and a batch says the same games whichever engine played it."""

from __future__ import annotations

import random

import pytest

import sequenza
from sequenza import fast
from sequenza.ai.base import Decision
from sequenza.ai.mcts import MctsBot


def test_available_says_why_not_exactly_when_the_core_is_missing() -> None:
    """Where the core is installed it plays every game with every policy; elsewhere the
    engine plays them all."""
    assert (fast.why_not() is None) == fast.available()
    for game in sorted(fast.FAST_GAMES):
        for policy in fast.POLICIES:
            assert fast.engine_for(game, policy) == ("fast" if fast.available() else "python")
    assert fast.engine_for("test-toy") == "python"


def test_engine_fast_refuses_where_the_core_is_missing() -> None:
    if fast.available():
        batch = fast.playouts("sequentia-shift", 2, seed=3, policy="cheap", engine="fast")
        assert batch == fast.playouts("sequentia-shift", 2, seed=3, policy="cheap", engine="python")
        return
    with pytest.raises(RuntimeError):
        fast.playouts("sequentia-shift", 2, seed=3, policy="cheap", engine="fast")


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("sequentia-stack", {"collect_revealed": False}),
        ("sequence-numbers", {"minus_removes_all": True}),
    ],
)
def test_an_option_the_core_does_not_play_runs_on_the_engine(
    game: str, options: dict[str, object]
) -> None:
    # The core plays the default rules only: it refuses these tables rather than play
    # another game, and a batch falls back to the Python engine.
    table = sequenza.make_game(game, 2, **options)
    assert not fast.core_plays(table)
    batch = fast.playouts(game, 2, seed=5, players=2, options=options)
    assert batch == fast.playouts(game, 2, seed=5, players=2, options=options, engine="python")
    with pytest.raises(ValueError if fast.available() else RuntimeError):
        fast.playouts(game, 1, seed=5, players=2, options=options, engine="fast")
    if fast.available():
        with pytest.raises(ValueError):
            fast.core_state(table, 5)
    # A search bot searches such a table in Python instead of failing in the core.
    state = sequenza.make(game, players=2, seed=5, **options)
    bot = MctsBot(iterations=4)
    assert bot.choose(Decision.of(state)) in state.legal_actions()


def test_a_batch_game_is_the_game_its_seed_makes() -> None:
    """Game ``seed + i`` of a batch is ``sequenza.make(game, seed=seed + i)`` played with
    choices from its own generator: replayed by hand, it ends the same way."""
    batch = fast.playouts("sequence", 3, seed=40, players=2, options={"idle_rounds": 2})
    for one in batch.games:
        state = sequenza.make("sequence", players=2, seed=one.seed, idle_rounds=2)
        chooser = random.Random(one.seed ^ fast.CHOICE_SALT)
        length = 0
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
            length += 1
        assert (length, state.result()) == (
            one.length,
            sequenza.Result(one.scores, one.winners, one.termination),
        )
    assert batch.endings.total() == 3


def test_every_policy_plays_every_game() -> None:
    """The core's policies are the games' own: every one plays the engine's games."""
    for policy in fast.POLICIES:
        batch = fast.playouts("sequence-stacks", 2, seed=8, policy=policy)
        assert batch == fast.playouts("sequence-stacks", 2, seed=8, policy=policy, engine="python")


def test_a_batch_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="policy"):
        fast.playouts("sequence", 1, policy="minimax")
    with pytest.raises(ValueError, match="seeds"):
        fast.playouts("sequence", 1, seed=-1)
    with pytest.raises(ValueError, match="seeds"):
        fast.playouts("sequence", 2, seed=2**64 - 1)
    with pytest.raises(sequenza.OptionError):
        fast.playouts("sequence", 1, players=5)
