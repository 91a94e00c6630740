"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration deals a fresh determinisation of what the deciding seat cannot see, walks one
tree shared by all determinisations (nodes are keyed by actions, which name cards by their
face, so they mean the same in every deal), expands one action, plays on with a playout
policy and backs up every seat's payoff. Selection uses UCB with availability counts, since an
action may be legal in some determinisations and not in others.

Playouts stop a few turns ahead, where the game's position evaluation judges the position:
in these card games the end of a game owes much to cards not yet drawn, so a full playout
mostly adds noise, while the next turns show what a move gives away to the next player.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from sequenza import fast
from sequenza.ai.base import Bot, Decision, register_bot
from sequenza.ai.greedy import (
    action_ranker_for,
    alternatives_for,
    evaluation_for,
    playout_policy_for,
    policy_for,
    turn_search_for,
)
from sequenza.core.actions import Action
from sequenza.core.errors import OptionError
from sequenza.core.game import State
from sequenza.core.kit import Judge

#: Picks a playout action: (state, legal actions, rng) -> action.
PlayoutPolicy = Callable[[State[Any], list[Action], random.Random], Action]


def random_playout(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


#: The thinking time of a hard bot given no budget: a decision takes about a second.
DEFAULT_SECONDS = 1.0
PLAYOUTS = ("cheap", "greedy")
#: Where the iterations run: ``auto`` in the compiled core where it searches the game with the
#: bot's playout policy (the same draws, the same tree, the same choice), else in Python.
ENGINES = ("auto", "python")
#: How the root is narrowed (with ``prune_root``): ``narrow`` by the game's own-turn search,
#: its move valuation or else its greedy heuristic's votes; ``wide`` by the game's
#: alternatives to its heuristic's move where it names them (``Play.alternatives``: Sequence
#: Stacks, where the votes nearly always agree), else as ``narrow``.
ROOTS = ("narrow", "wide")
#: How playouts are judged where they stop: by the game's evaluation written by hand, or by
#: the one fitted by self-play (``PositionEvaluation.learned``), where the game has one.
JUDGES = ("hand", "learned")


class _Node:
    __slots__ = ("availability", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.availability = 1
        self.totals = [0.0] * players


def _positive(name: str, value: Any, kind: type, *, zero: bool = False) -> None:
    if value is None:
        return
    fits = isinstance(value, kind) or (kind is float and isinstance(value, int))
    if not fits or isinstance(value, bool) or value < 0 or (value == 0 and not zero):
        wanted = "a whole number" if kind is int else "a number"
        raise OptionError(
            f"mcts setting {name} must be {wanted} above {'or at ' if zero else ''}0, not {value!r}"
        )


class MctsBot(Bot):
    """ISMCTS with a time budget (``seconds``), a fixed number of ``iterations`` (repeatable
    from a seed whatever the machine's speed) or both (whichever ends first); with neither it
    thinks for ``DEFAULT_SECONDS``.

    Playouts stop ``horizon`` turns past the decision and the game's position evaluation
    judges the position there (``horizon=0``: play every game to its end); they play the
    game's greedy heuristic or its cheaper playout policy (``playout="greedy"`` or
    ``"cheap"``). Both default to the game's own choice. The search looks only at the moves
    the heuristics rate best and keeps the heuristic's favourite unless another one scores
    ``trust`` more (a share of the payoff) over the iterations; ``root="wide"`` looks at the
    game's alternatives to its heuristic's move instead, where it names them (see ``ROOTS``).
    ``judge="learned"`` judges the stopped playouts by the game's learned evaluation (see
    ``JUDGES``). ``last_iterations`` tells
    how many iterations the last decision ran: 0 when it had only one move to consider.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float | None = None,
        iterations: int | None = None,
        exploration: float = 0.7,
        horizon: int | None = None,
        playout: str | None = None,
        playout_limit: int = 400,
        playout_policy: PlayoutPolicy | None = None,
        prune_root: bool = True,
        root_width: int = 4,
        trust: float = 0.0,
        engine: str = "auto",
        root: str = "narrow",
        judge: str = "hand",
    ) -> None:
        _positive("seconds", seconds, float)
        _positive("iterations", iterations, int)
        _positive("exploration", exploration, float, zero=True)
        _positive("horizon", horizon, int, zero=True)
        _positive("playout_limit", playout_limit, int)
        _positive("root_width", root_width, int)
        _positive("trust", trust, float, zero=True)
        if engine not in ENGINES:
            raise OptionError(f"mcts setting engine must be one of {ENGINES}, not {engine!r}")
        if root not in ROOTS:
            raise OptionError(f"mcts setting root must be one of {ROOTS}, not {root!r}")
        if judge not in JUDGES:
            raise OptionError(f"mcts setting judge must be one of {JUDGES}, not {judge!r}")
        if playout is not None and playout not in PLAYOUTS:
            raise OptionError(f"mcts setting playout must be one of {PLAYOUTS}, not {playout!r}")
        if seconds is None and iterations is None:
            seconds = DEFAULT_SECONDS
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        self.horizon = horizon
        self.playout = playout
        self.playout_limit = playout_limit
        self.playout_policy = playout_policy
        self.prune_root = prune_root
        self.root_width = root_width
        self.trust = trust
        self.engine = engine
        self.root = root
        self.judge = judge
        self.last_iterations = 0
        self._game_id: str | None = None
        self._policy: PlayoutPolicy = random_playout
        self._judge: Judge | None = None
        #: The learned judge's weights, which the core needs (``None``: the hand-written one).
        self._learned_weights: tuple[float, ...] | None = None
        self._cut_after: int | None = None
        #: The playout policy by name where it is the game's own (the core knows those).
        self._playout_name: str | None = None

    def _prepare(self, game_id: str) -> None:
        """Settle the playout policy and where playouts stop, once per game."""
        if self._game_id == game_id:
            return
        evaluation = evaluation_for(game_id)
        playout = self.playout
        if playout is None:
            playout = "greedy" if evaluation.greedy_playouts else "cheap"
        if self.playout_policy is None:
            chosen = policy_for if playout == "greedy" else playout_policy_for
            self._policy = chosen(game_id)
            self._playout_name = playout
        else:
            self._policy = self.playout_policy
            self._playout_name = None
        horizon = self.horizon
        self._learned_weights = None
        if horizon == 0:
            self._judge, self._cut_after = None, None
        else:
            self._judge = evaluation.judge
            self._cut_after = evaluation.horizon if horizon is None else horizon
        if self.judge == "learned":
            learned = evaluation.learned
            weights = None if learned is None else learned.weights(game_id)
            if learned is None or weights is None:
                raise OptionError(f"mcts setting judge=learned: {game_id} has no learned judge")
            if self._judge is not None:
                self._judge, self._learned_weights = learned.judge, weights
        self._game_id = game_id

    def choose(self, decision: Decision) -> Action:
        self.last_iterations = 0
        if len(decision.legal_actions) == 1:
            return decision.legal_actions[0]
        # The budget covers the whole decision, the narrowing of the root included.
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        self._prepare(decision.game_id)
        players = int(decision.observation["players"])
        root = _Node(players)
        candidates = self._root_candidates(decision)
        if len(candidates) == 1:
            return candidates[0]
        if self._in_core(decision.game_id) and fast.core_plays(decision._state.game):
            done = self._search_in_core(decision, root, candidates, players, deadline)
        else:
            allowed = set(candidates)
            done = 0
            while True:
                if self.iterations is not None and done >= self.iterations:
                    break
                if deadline is not None and time.perf_counter() >= deadline and done > 0:
                    break
                self._iterate(root, self._deal(decision), players, allowed)
                done += 1
        self.last_iterations = done
        return self._verdict(root, candidates, decision.seat)

    def _in_core(self, game_id: str) -> bool:
        """Whether the compiled core runs this decision's iterations: it knows the game, its
        playout policy and position evaluation (the learned one where the bot asks for it,
        ``fast.LEARNED_GAMES``), and this bot searches as ``MctsBot`` does and
        deals as the core can (a bot that plays out otherwise, or deals in a way the core does
        not know, searches in Python). The caller also asks whether the core plays the
        table's options (``fast.core_plays``)."""
        kind = type(self)
        return (
            self.engine == "auto"
            and self._playout_name is not None
            and fast.search_engine(game_id, self._playout_name) == "fast"
            and all(
                getattr(kind, name) is getattr(MctsBot, name)
                for name in ("_iterate", "_select", "_playout")
            )
            and self._deals_in_core(game_id)
            and (self._learned_weights is None or game_id in fast.LEARNED_GAMES)
        )

    def _deals_in_core(self, game_id: str) -> bool:
        """Whether the core deals this decision's iterations as ``_deal`` does: this class's
        deal, the seat's determinisation, it knows (a subclass that deals otherwise answers
        for its own ``_deal``, and hands the core its deals through ``_core_deals``)."""
        return type(self)._deal is MctsBot._deal

    def _core_deals(self) -> tuple[list[State[Any]], list[float]] | None:
        """The full states ``_deal`` draws from, with their weights, for the core to draw and
        redeal as ``fast.search`` says; ``None``: it determinises the position itself."""
        return None

    def _search_in_core(
        self,
        decision: Decision,
        root: _Node,
        candidates: list[Action],
        players: int,
        deadline: float | None,
    ) -> int:
        """The iterations of ``_iterate`` run in the core, their root's children written into
        ``root``; returns how many ran."""
        assert self._playout_name is not None
        deals, weights = self._core_deals() or (None, None)
        searched = fast.search(
            decision._state,
            decision.seat,
            self.rng,
            candidates,
            iterations=self.iterations,
            deadline=deadline,
            exploration=self.exploration,
            horizon=self._cut_after if self._judge is not None else None,
            playout_limit=self.playout_limit,
            policy=self._playout_name,
            deals=deals,
            weights=weights,
            learned=self._learned_weights,
        )
        for action, (visits, totals) in searched.children.items():
            child = _Node(players)
            child.visits = visits
            child.totals = list(totals)
            root.children[action] = child
        return searched.iterations

    def _deal(self, decision: Decision) -> State[Any]:
        """The full state one iteration searches: a fresh deal of what the seat cannot see."""
        return decision.sample_state(self.rng)

    def _verdict(self, root: _Node, candidates: list[Action], seat: int) -> Action:
        """The most visited move, unless its mean falls short of the heuristic's favourite
        (the first candidate) by less than ``trust``."""
        visited = [
            (child.visits, str(action), action)
            for action, child in root.children.items()
            if action in candidates
        ]
        if not visited:
            return candidates[0]
        best = max(visited)[2]
        favourite = root.children.get(candidates[0])
        if best == candidates[0] or favourite is None or not favourite.visits:
            return best
        chosen = root.children[best]
        margin = chosen.totals[seat] / chosen.visits - favourite.totals[seat] / favourite.visits
        return best if margin > self.trust else candidates[0]

    def _root_candidates(self, decision: Decision) -> list[Action]:
        """Where the search looks at the root. With ``prune_root``: the actions whose best line
        through this turn is as good as any (the game's own-turn search, on one
        determinisation), or else the ``root_width`` best by the game's one-move valuation, or
        else the moves its greedy heuristic picks in a few determinisations; playouts then
        decide between moves that the heuristics cannot tell apart. With ``root="wide"``: the
        game's alternatives to its heuristic's move, where it names them."""
        legal = list(decision.legal_actions)
        if not self.prune_root:
            return legal
        alternatives = alternatives_for(decision.game_id) if self.root == "wide" else None
        if alternatives is not None:
            return alternatives(decision.sample_state(self.rng), legal)
        search = turn_search_for(decision.game_id)
        if search is not None:
            return search.candidates(decision.sample_state(self.rng), legal)
        ranker = action_ranker_for(decision.game_id)
        if ranker is None:
            policy = policy_for(decision.game_id)
            # What the heuristic would play in a few of the deals the seat can imagine, the
            # most frequent choice first.
            votes = Counter(
                policy(decision.sample_state(self.rng), legal, self.rng) for _ in range(5)
            )
            return [action for action, _ in votes.most_common()]
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
        turns = 0
        while not state.is_over:
            legal = state.legal_actions()
            if node is root:
                legal = [action for action in legal if action in allowed]
            untried = [action for action in legal if action not in node.children]
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                child = _Node(players)
                node.children[action] = child
                seat = state.current_seat
                state.apply_unchecked(action)
                if state.current_seat != seat:
                    turns += 1
                path.append(child)
                break
            seat = state.current_seat
            assert seat is not None
            action = self._select(node, legal, seat)
            state.apply_unchecked(action)
            if state.current_seat != seat:
                turns += 1
            node = node.children[action]
            path.append(node)
        payoffs = self._playout(state, players, turns)
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

    def _playout(self, state: State[Any], players: int, turns: int) -> list[float]:
        steps = 0
        policy = self._policy
        judge, cut_after = self._judge, self._cut_after
        while not state.is_over and steps < self.playout_limit:
            if judge is not None and cut_after is not None and turns >= cut_after:
                return judge(state)
            seat = state.current_seat
            legal = state.legal_actions()
            state.apply_unchecked(policy(state, legal, self.rng))
            if state.current_seat != seat:
                turns += 1
            steps += 1
        result = state.result()
        if result is None:  # unfinished within the limit: no seat is favoured
            return [1.0 / players] * players
        return list(result.payoffs)


register_bot("mcts", MctsBot)
