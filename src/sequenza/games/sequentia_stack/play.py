"""What the bots know of Sequentia · Stack: a search through the whole turn (placements,
bonus chains, claims) keeps the line that collects the most cards."""

from __future__ import annotations

import random
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.heuristics import TurnSearch, pile_lead, pile_shares
from sequenza.core.kit import Play, PositionEvaluation

END = Action("end")


def collected_lead(state: State[Any], seat: int) -> float:
    """Cards collected by the seat minus the best collection of any other seat."""
    return pile_lead(state, seat, "collected")


STACK_TURN = TurnSearch(collected_lead, budget=1500)


def stack_policy(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """Try every line of the turn (placements, bonus chains, claims) and keep the one that
    collects the most cards."""
    return STACK_TURN.best(state, legal, rng)


def claim_first(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """For playouts: claim whenever possible, otherwise end the turn or play at random."""
    claims = [action for action in legal if action.verb == "claim"]
    if claims:
        return claims[rng.randrange(len(claims))]
    if END in legal:
        return END
    return legal[rng.randrange(len(legal))]


def collected_shares(state: State[Any]) -> list[float]:
    return pile_shares(state, "collected")


PLAY = Play(
    greedy=stack_policy,
    playout=claim_first,
    turn_search=STACK_TURN,
    evaluation=PositionEvaluation(collected_shares, horizon=4, greedy_playouts=True),
)
