"""Shared helpers of the bot tests: whole games between bots, and the check that a bot's
choice depends only on what its seat may see."""

import random
from typing import Any

import sequenza
from sequenza.ai import make_bot
from sequenza.ai.base import Bot, Decision
from sequenza.ai.greedy import policy_for
from sequenza.core.game import Result, State


def play_out(state: State[Any], bots: list[Bot]) -> Result:
    """Play the game to its end with one bot per seat (every choice checked legal)."""
    while not state.is_over:
        seat = state.current_seat
        assert seat is not None
        state.apply(bots[seat].act(state))
    result = state.result()
    assert result is not None
    return result


def points_share(
    game_id: str, strong: str, weak: str, games: int, first_seed: int = 1000, **settings: Any
) -> float:
    """The strong bot's share of the points over seeded 2-player games, seats alternating (a
    shared win counts half). ``settings`` go to the search bots (``mcts``, ``expert``)."""
    points = 0.0
    for index in range(games):
        names = [strong, weak] if index % 2 == 0 else [weak, strong]
        bots = [
            make_bot(name, seed=index, **(settings if name in ("mcts", "expert") else {}))
            for name in names
        ]
        result = play_out(sequenza.make(game_id, players=2, seed=first_seed + index), bots)
        points += sum(result.payoffs[seat] for seat in range(2) if names[seat] == strong)
    return points / games


def greedy_wins(game_id: str, games: int, first_seed: int) -> int:
    """2-player games the greedy bot wins outright against the random bot, seats alternating."""
    wins = 0
    for game in range(games):
        greedy_seat = game % 2
        bots = [make_bot("greedy", seed=game), make_bot("random", seed=game)]
        if greedy_seat:
            bots.reverse()
        result = play_out(sequenza.make(game_id, players=2, seed=first_seed + game), bots)
        wins += result.winners == (greedy_seat,)
    return wins


def assert_decides_from_view(game_id: str, players: int, seed: int, steps: int) -> None:
    """Along a random game, the greedy heuristic makes the same choice in two different deals
    of the cards its seat cannot see (with the same tie-breaking)."""
    policy = policy_for(game_id)
    assert policy is not None
    state = sequenza.make(game_id, players=players, seed=seed)
    walk = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        decision = Decision.of(state)
        first = policy(decision.sample_state(random.Random(1)), legal, random.Random(9))
        second = policy(decision.sample_state(random.Random(2)), legal, random.Random(9))
        assert first == second, f"{game_id}: the choice depends on unseen cards"
        state.apply(legal[walk.randrange(len(legal))])
