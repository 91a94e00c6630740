"""The greedy bot: a fast heuristic for each game, from the seat's point of view.

It samples one determinisation of what the seat cannot see (so it never reads a hidden card)
and asks the game's heuristic, registered with ``@greedy_policy("game-id")`` in
``sequenza.ai.heuristics``, for an action. Games without a heuristic play at random.

``TurnSearch`` is a helper many heuristics share: it tries every line of play of the seat's
own turn (the turns of these games are several actions long) and keeps the first action of
the line whose end scores best. The MCTS bot also uses it to choose where to look.
"""

from __future__ import annotations

import importlib
import math
import pkgutil
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sequenza.ai.base import Bot, Decision, register_bot
from sequenza.core.actions import Action
from sequenza.core.game import State

#: A heuristic: (a full state as the seat may imagine it, the legal actions, rng) -> action.
Policy = Callable[[State[Any], list[Action], random.Random], Action]
#: A position's worth to a seat (higher is better).
Valuation = Callable[[State[Any], int], float]

_POLICIES: dict[str, Policy] = {}
_PLAYOUT_POLICIES: dict[str, Policy] = {}


def greedy_policy(game_id: str) -> Callable[[Policy], Policy]:
    def register(policy: Policy) -> Policy:
        _POLICIES[game_id] = policy
        return policy

    return register


def playout_policy(game_id: str) -> Callable[[Policy], Policy]:
    """Register a cheap policy for search playouts (many thousands of calls a decision)."""

    def register(policy: Policy) -> Policy:
        _PLAYOUT_POLICIES[game_id] = policy
        return policy

    return register


def load_heuristics() -> None:
    import sequenza.ai.heuristics as heuristics

    for module in pkgutil.iter_modules(heuristics.__path__):
        importlib.import_module(f"{heuristics.__name__}.{module.name}")


def policy_for(game_id: str) -> Policy | None:
    """The game's heuristic, if it has one."""
    load_heuristics()
    return _POLICIES.get(game_id)


def playout_policy_for(game_id: str) -> Policy | None:
    """The game's cheap playout policy, if it has one."""
    load_heuristics()
    return _PLAYOUT_POLICIES.get(game_id)


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal_actions)
        if len(legal) == 1:
            return legal[0]
        policy = policy_for(decision.game_id)
        if policy is None:
            return legal[self.rng.randrange(len(legal))]
        action = policy(decision.sample_state(self.rng), legal, self.rng)
        if action not in legal:
            raise AssertionError(f"the {decision.game_id} heuristic chose illegal {action}")
        return action


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


#: What each legal action is worth to the seat to act: (state, legal) -> worths.
Ranker = Callable[[State[Any], list[Action]], dict[Action, float]]
_RANKERS: dict[str, Ranker] = {}


def action_ranker(game_id: str) -> Callable[[Ranker], Ranker]:
    """Register a game's one-move valuation of the legal actions (search uses it to choose
    where to look)."""

    def register(ranker: Ranker) -> Ranker:
        _RANKERS[game_id] = ranker
        return ranker

    return register


def action_ranker_for(game_id: str) -> Ranker | None:
    load_heuristics()
    return _RANKERS.get(game_id)


_TURN_SEARCHES: dict[str, TurnSearch] = {}


def register_turn_search(game_id: str, search: TurnSearch) -> TurnSearch:
    _TURN_SEARCHES[game_id] = search
    return search


def turn_search_for(game_id: str) -> TurnSearch | None:
    """The game's own-turn search, if its heuristics define one."""
    load_heuristics()
    return _TURN_SEARCHES.get(game_id)


#: Each seat's expected share of the payoff, judged from a position before the end (a full
#: state as the searching seat imagines it -> one share per seat).
Judge = Callable[[State[Any]], list[float]]


@dataclass(frozen=True)
class PositionEvaluation:
    """How search judges a game's positions: it plays ``horizon`` turns past the decision, with
    the greedy heuristic (``greedy_playouts``) or the cheap playout policy, then asks ``judge``
    instead of playing to the end, whose outcome owes more to the cards still to come."""

    judge: Judge
    horizon: int
    greedy_playouts: bool


_EVALUATIONS: dict[str, PositionEvaluation] = {}


def position_evaluation(
    game_id: str, *, horizon: int, greedy_playouts: bool = False
) -> Callable[[Judge], Judge]:
    """Register how a game's positions are judged (see ``PositionEvaluation``)."""

    def register(judge: Judge) -> Judge:
        _EVALUATIONS[game_id] = PositionEvaluation(judge, horizon, greedy_playouts)
        return judge

    return register


def evaluation_for(game_id: str) -> PositionEvaluation | None:
    load_heuristics()
    return _EVALUATIONS.get(game_id)


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


register_bot("greedy", GreedyBot)
