"""The greedy bot: a fast heuristic for each game, from the seat's point of view.

It samples one determinisation of what the seat cannot see (so it never reads a hidden card)
and asks the game's heuristic (``play.greedy`` of the game's kit, in its package under
``sequenza.games``) for an action.

The toolkit the games' heuristics are written with (``shares``, ``TurnSearch``...) lies below
the games, in ``sequenza.core.heuristics``: a game never imports a bot.
"""

from __future__ import annotations

import random

from sequenza.ai.base import Bot, Decision, register_bot
from sequenza.core.actions import Action
from sequenza.core.kit import Alternatives, OwnTurnSearch, Policy, PositionEvaluation, Ranker
from sequenza.core.registry import game_kit


def policy_for(game_id: str) -> Policy:
    """The game's greedy heuristic."""
    return game_kit(game_id).play.greedy


def playout_policy_for(game_id: str) -> Policy:
    """The game's cheap policy for search playouts (its greedy heuristic where it has no
    cheaper one)."""
    play = game_kit(game_id).play
    return play.playout or play.greedy


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Action:
        legal = list(decision.legal_actions)
        if len(legal) == 1:
            return legal[0]
        policy = policy_for(decision.game_id)
        action = policy(decision.sample_state(self.rng), legal, self.rng)
        if action not in legal:
            raise AssertionError(f"the {decision.game_id} heuristic chose illegal {action}")
        return action


def action_ranker_for(game_id: str) -> Ranker | None:
    """The game's one-move valuation of the legal actions, if it has one."""
    return game_kit(game_id).play.ranker


def alternatives_for(game_id: str) -> Alternatives | None:
    """The game's alternatives to its heuristic's move, if it names them."""
    return game_kit(game_id).play.alternatives


def turn_search_for(game_id: str) -> OwnTurnSearch | None:
    """The game's own-turn search, if its heuristics define one."""
    return game_kit(game_id).play.turn_search


def evaluation_for(game_id: str) -> PositionEvaluation:
    """How search judges the game's positions."""
    return game_kit(game_id).play.evaluation


register_bot("greedy", GreedyBot)
