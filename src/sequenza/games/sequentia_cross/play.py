"""What the bots know of Sequentia · Cross: try the placements of the whole hand and keep
the set that collects the most cards; playouts place cards where their line then shows their
code."""

from __future__ import annotations

import random
from typing import Any

from sequenza.ai.greedy import TurnSearch, pile_lead, pile_shares
from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.kit import Play, PositionEvaluation


def collected_lead(state: State[Any], seat: int) -> float:
    """Cards collected by the seat minus the best collection of any other seat."""
    return pile_lead(state, seat, "collected")


def _one_card_at_a_time(legal: list[Action]) -> list[Action]:
    """Placements of the first placeable card only. Each position takes one card a turn, so
    the order in which the hand is placed hardly changes where the cards can end up."""
    first = legal[0]
    if first.verb != "place":
        return legal
    return [action for action in legal if action.args[0] == first.args[0]]


CROSS_TURN = TurnSearch(collected_lead, budget=2500, narrow=_one_card_at_a_time)


def cross_policy(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """Try the placements of the whole hand and keep the set that collects the most cards."""
    return CROSS_TURN.best(state, legal, rng)


#: Cross's grid of 3 by 3, positions numbered row by row: the row and the column through each.
_LINES_THROUGH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    (
        tuple(row * 3 + column for column in range(3)),
        tuple(other * 3 + column for other in range(3)),
    )
    for row in range(3)
    for column in range(3)
)


def cross_playout(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """For playouts, a player who sees one card ahead: place a card where its row or column
    then shows its code (on the tallest piles), otherwise anywhere; claim the most cards.
    Random placements would almost never claim, and a search would then think every grid
    safe to leave to the next player."""
    seen = state.observation(state.current_seat)
    if legal[0].verb == "claim":
        claims = {str(claim["action"]): int(claim["cards"]) for claim in seen["claims"]}
        return max(legal, key=lambda action: claims.get(str(action), 0))
    grid = seen["grid"]
    digits = [str(pile["digit"]) if pile["digit"] is not None else "" for pile in grid]
    sizes = [int(pile["size"]) for pile in grid]
    best, best_cards = legal[rng.randrange(len(legal))], 0
    for action in legal:
        text, position = str(action.args[0]), int(action.args[1])
        # A card's text is digit:code, e.g. 2:131+.
        digit, code = text[0], text[2:5]
        cards = 0
        for line in _LINES_THROUGH[position]:
            shown = "".join(digit if spot == position else digits[spot] for spot in line)
            if shown == code:
                cards += sum(sizes[spot] for spot in line) + 1
        if cards > best_cards:
            best, best_cards = action, cards
    return best


def collected_shares(state: State[Any]) -> list[float]:
    return pile_shares(state, "collected")


PLAY = Play(
    greedy=cross_policy,
    playout=cross_playout,
    turn_search=CROSS_TURN,
    evaluation=PositionEvaluation(collected_shares, horizon=2),
)
