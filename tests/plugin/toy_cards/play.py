"""What the bots know of Toy cards: play the highest card; a position is worth the lead."""

from __future__ import annotations

import random
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.heuristics import shares
from sequenza.core.kit import Play, PositionEvaluation


def highest_card(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    return max(legal, key=lambda action: int(action.args[0]))


def played_shares(state: State[Any]) -> list[float]:
    seen = state.observation(None)
    return shares([float(sum(cards)) for cards in seen["played"]], 3.0)


PLAY = Play(greedy=highest_card, evaluation=PositionEvaluation(played_shares, horizon=1))
