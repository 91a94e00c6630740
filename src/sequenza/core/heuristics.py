"""The toolkit the games' heuristics are written with (each game's ``play.py``): ``shares``,
``lead``, ``pile_lead``, ``pile_shares`` and ``TurnSearch``, which tries every line of play of
the seat's own turn (the turns of these games are several actions long) and keeps the first
action of the line whose end scores best. The bots use what a game's kit builds with it (the
MCTS bot also uses a turn search to choose where to look).

It sits with the rules, below the games, so that a game's package imports nothing of the bot
layer above it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.kit import Valuation


@dataclass(frozen=True)
class TurnSearch:
    """How to search a game's own turn: a valuation, a position budget and an optional
    narrowing of the actions tried at each step (for example to one order of placements whose
    order does not matter)."""

    value: Valuation
    budget: int = 3000
    narrow: Callable[[list[Action]], list[Action]] | None = None

    def values(self, state: State[Any], legal: list[Action]) -> dict[Action, float]:
        """The best value each first action can reach by the end of the seat's turn.

        Every line is played on a clone until another seat is to act (or the game ends) and
        valued for the seat; past the budget the remaining lines are valued where they stand.
        """
        seat = state.current_seat
        assert seat is not None
        narrow = self.narrow
        visited = 0

        def visit(node: State[Any], depth: int) -> float:
            nonlocal visited
            visited += 1
            if node.is_over or node.current_seat != seat or depth > 12 or visited > self.budget:
                return self.value(node, seat)
            outcome = -math.inf
            options = node.legal_actions()
            for action in narrow(options) if narrow is not None else options:
                child = node.clone()
                child.apply_unchecked(action)
                outcome = max(outcome, visit(child, depth + 1))
            return outcome

        values = {}
        for action in narrow(legal) if narrow is not None else legal:
            child = state.clone()
            child.apply_unchecked(action)
            values[action] = visit(child, 1)
        return values

    def best(self, state: State[Any], legal: list[Action], rng: random.Random) -> Action:
        """The first action of the best line (equal values broken at random)."""
        values = self.values(state, legal)
        top = max(values.values())
        ties = [action for action, worth in values.items() if worth >= top - 1e-9]
        return ties[rng.randrange(len(ties))]

    def candidates(self, state: State[Any], legal: list[Action]) -> list[Action]:
        """Every first action whose best line is as good as any: where a search should look."""
        values = self.values(state, legal)
        top = max(values.values())
        return [action for action, worth in values.items() if worth >= top - 1e-9]


def search_turn(
    state: State[Any],
    legal: list[Action],
    value: Valuation,
    rng: random.Random,
    *,
    budget: int = 3000,
    narrow: Callable[[list[Action]], list[Action]] | None = None,
) -> Action:
    """The first action of the best-valued line through the seat's own turn."""
    return TurnSearch(value, budget, narrow).best(state, legal, rng)


def shares(scores: Sequence[float], scale: float) -> list[float]:
    """Scores turned into payoff shares that add up to one: a lead of ``scale`` is worth
    about three to one (a logistic curve; with two seats, ``1 / (1 + exp(-lead / scale))``).

    >>> [round(share, 2) for share in shares([5.0, 5.0], 2.0)]
    [0.5, 0.5]
    >>> [round(share, 2) for share in shares([6.0, 4.0], 2.0)]
    [0.73, 0.27]
    """
    top = max(scores)
    weights = [math.exp((score - top) / scale) for score in scores]
    total = sum(weights)
    return [weight / total for weight in weights]


def lead(scores: list[float], seat: int) -> float:
    """A seat's score minus the best score of any other seat."""
    others = [score for other, score in enumerate(scores) if other != seat]
    return scores[seat] - (max(others) if others else 0.0)


def pile_lead(state: State[Any], seat: int, pile: str) -> float:
    """The seat's count in the observation's per-seat list ``pile`` (cards collected, say)
    minus the best count of any other seat."""
    counts = getattr(state.observe(seat), pile)
    return lead([float(count) for count in counts], seat)


def pile_shares(state: State[Any], pile: str) -> list[float]:
    """Payoff shares from the per-seat counts ``pile`` of the public view, where a lead counts
    for more the fewer cards are left to win (the draw pile's ``deck_size`` and the
    ``hand_sizes``)."""
    seen = state.observe(None)
    cards_left = getattr(seen, "deck_size", 0) + sum(getattr(seen, "hand_sizes", ()))
    return shares([float(count) for count in getattr(seen, pile)], 2.0 + cards_left / 8)
