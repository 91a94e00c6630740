"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration deals a fresh determinisation of what the deciding seat cannot see, walks one
tree shared by all determinisations (nodes are keyed by actions, which name cards by their
face, so they mean the same in every deal), expands one action, plays the rest of the game
with a playout policy and backs up every seat's payoff. Selection uses UCB with availability
counts, since an action may be legal in some determinisations and not in others.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from sequenza.ai.base import Bot, Decision, register_bot
from sequenza.core.actions import Action
from sequenza.core.game import State

#: Picks a playout action: (state, legal actions, rng) -> action.
PlayoutPolicy = Callable[[State[Any], list[Action], random.Random], Action]


def random_playout(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


#: The thinking time of a hard bot given no budget: a decision takes about a second.
DEFAULT_SECONDS = 1.0


class _Node:
    __slots__ = ("availability", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.availability = 1
        self.totals = [0.0] * players


class MctsBot(Bot):
    """ISMCTS with a time budget (``seconds``), a fixed number of ``iterations`` (repeatable
    from a seed whatever the machine's speed) or both (whichever ends first); with neither it
    thinks for ``DEFAULT_SECONDS``."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float | None = None,
        iterations: int | None = None,
        exploration: float = 0.7,
        playout_limit: int = 400,
        playout_policy: PlayoutPolicy | None = None,
        prune_root: bool = True,
        root_width: int = 4,
    ) -> None:
        if seconds is None and iterations is None:
            seconds = DEFAULT_SECONDS
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        self.playout_limit = playout_limit
        self.playout_policy = playout_policy
        self.prune_root = prune_root
        self.root_width = root_width
        self.last_iterations = 0

    def choose(self, decision: Decision) -> Action:
        if len(decision.legal_actions) == 1:
            return decision.legal_actions[0]
        players = int(decision.observation["players"])
        if self.playout_policy is None:
            from sequenza.ai.greedy import playout_policy_for

            self.playout_policy = playout_policy_for(decision.game_id) or random_playout
        root = _Node(players)
        candidates = self._root_candidates(decision)
        if len(candidates) == 1:
            return candidates[0]
        allowed = set(candidates)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline and done > 0:
                break
            self._iterate(root, decision.sample_state(self.rng), players, allowed)
            done += 1
        self.last_iterations = done
        visited = [(child.visits, str(action), action) for action, child in root.children.items()]
        best = max((entry for entry in visited if entry[2] in allowed), default=None)
        return best[2] if best else candidates[0]

    def _root_candidates(self, decision: Decision) -> list[Action]:
        """Where the search looks at the root. With ``prune_root``: the actions whose best line
        through this turn is as good as any (the game's own-turn search, on one
        determinisation), or else the ``root_width`` best by the game's one-move valuation, or
        else the moves its greedy heuristic picks in a few determinisations; playouts then
        decide between moves that the heuristics cannot tell apart."""
        legal = list(decision.legal_actions)
        if not self.prune_root:
            return legal
        from sequenza.ai.greedy import action_ranker_for, policy_for, turn_search_for

        search = turn_search_for(decision.game_id)
        if search is not None:
            return search.candidates(decision.sample_state(self.rng), legal)
        ranker = action_ranker_for(decision.game_id)
        if ranker is None:
            policy = policy_for(decision.game_id)
            if policy is None:
                return legal
            # What the heuristic would play in a few of the deals the seat can imagine.
            chosen = {policy(decision.sample_state(self.rng), legal, self.rng) for _ in range(5)}
            return [action for action in legal if action in chosen]
        worths = ranker(decision.sample_state(self.rng), legal)
        ranked = sorted(legal, key=lambda action: -worths[action])
        best = worths[ranked[0]]
        # The few best moves, and only those not far behind the best one.
        return [
            action
            for action in ranked[: self.root_width]
            if worths[action] >= best - max(1.0, abs(best) * 0.25)
        ]

    def _iterate(self, root: _Node, state: State[Any], players: int, allowed: set[Action]) -> None:
        path = [root]
        node = root
        while not state.is_over:
            legal = state.legal_actions()
            if node is root:
                legal = [action for action in legal if action in allowed]
            untried = [action for action in legal if action not in node.children]
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                child = _Node(players)
                node.children[action] = child
                state.apply_unchecked(action)
                path.append(child)
                break
            seat = state.current_seat
            assert seat is not None
            action = self._select(node, legal, seat)
            state.apply_unchecked(action)
            node = node.children[action]
            path.append(node)
        payoffs = self._playout(state, players)
        for visited in path:
            visited.visits += 1
            for seat in range(players):
                visited.totals[seat] += payoffs[seat]

    def _select(self, node: _Node, legal: list[Action], seat: int) -> Action:
        best_score = -math.inf
        best_action = legal[0]
        for action in legal:
            child = node.children[action]
            child.availability += 1
            score = child.totals[seat] / child.visits + self.exploration * math.sqrt(
                math.log(child.availability) / child.visits
            )
            if score > best_score:
                best_score, best_action = score, action
        return best_action

    def _playout(self, state: State[Any], players: int) -> list[float]:
        steps = 0
        policy = self.playout_policy or random_playout
        while not state.is_over and steps < self.playout_limit:
            legal = state.legal_actions()
            state.apply_unchecked(policy(state, legal, self.rng))
            steps += 1
        result = state.result()
        if result is None:  # unfinished within the limit: no seat is favoured
            return [1.0 / players] * players
        return list(result.payoffs)


register_bot("mcts", MctsBot)
