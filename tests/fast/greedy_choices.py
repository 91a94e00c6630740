"""The compiled core's greedy bots held to the Python ones choice by choice."""

from __future__ import annotations

from collections.abc import Iterator

from sequenza import fast
from sequenza.ai.base import Decision
from sequenza.ai.greedy import GreedyBot
from sequenza.core.game import Action
from sequenza.core.registry import make_game


def greedy_choices(game_id: str, players: int, seed: int) -> Iterator[Action]:
    """Each action of one game the core's greedy bots play (seat ``s`` seeded ``seed * 10 +
    s``, as the simulator seeds them), after asserting that the Python ``GreedyBot`` with the
    same seed chose it too; the game is played to its end."""
    table = make_game(game_id, players)
    seeds = [seed * 10 + seat for seat in range(players)]
    greedy = [fast.CORE_BOTS["greedy"]] * players
    core = fast.core_state(table, seed).play_bots(seeds, greedy, 5000)
    state = table.new_initial_state(seed)
    bots = [GreedyBot(one) for one in seeds]
    for action_id in core:
        seat = state.current_seat
        assert seat is not None
        action = bots[seat].choose(Decision.of(state))
        assert state.game.action_to_id(action) == action_id
        yield action
        state.apply(action)
    assert state.is_over
