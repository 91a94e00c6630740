"""Heuristics for the three Sequentia modes, from what the deciding seat observes."""

from __future__ import annotations

import random
from typing import Any

from sequenza.ai.greedy import (
    TurnSearch,
    greedy_policy,
    lead,
    playout_policy,
    position_evaluation,
    register_turn_search,
    shares,
)
from sequenza.ai.shift_solver import best_slide, fewest_slides
from sequenza.core.actions import Action
from sequenza.core.game import State

END = Action("end")


@playout_policy("sequentia-shift")
@greedy_policy("sequentia-shift")
def shift_policy(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """Claim at once; otherwise follow the exact solver when the target can be reached within
    the slides left this turn, and end the turn rather than arrange the grid for others."""
    claims = [action for action in legal if action.verb == "claim"]
    if claims:
        return claims[0]
    if END not in legal:
        return legal[rng.randrange(len(legal))]
    seen = state.observation(state.current_seat)
    target = seen["target"]
    if target is None or seen["grid"].count(None) != 1:
        return END
    # A card's text is digit:code, e.g. 2:131+.
    digits = [0 if card is None else int(card[0]) for card in seen["grid"]]
    code = target[2:5]
    distance = fewest_slides(digits, code)
    if distance is not None and 0 < distance <= seen["slide_limit"] - seen["slides"]:
        card = best_slide(digits, code)
        slide = Action("slide", (card, digits.index(0))) if card is not None else END
        if slide in legal:
            return slide
    return END


def collected_lead(state: State[Any], seat: int) -> float:
    """Cards collected by the seat minus the best collection of any other seat."""
    return lead([float(count) for count in state.observation(seat)["collected"]], seat)


def _shift_lead(state: State[Any], seat: int) -> float:
    return lead([float(count) for count in state.observation(seat)["score_piles"]], seat)


# For search: the lines of a turn that end in a claim are the ones worth looking at.
register_turn_search("sequentia-shift", TurnSearch(_shift_lead, budget=2000))

STACK_TURN = register_turn_search("sequentia-stack", TurnSearch(collected_lead, budget=1500))


@greedy_policy("sequentia-stack")
def stack_policy(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """Try every line of the turn (placements, bonus chains, claims) and keep the one that
    collects the most cards."""
    return STACK_TURN.best(state, legal, rng)


def _one_card_at_a_time(legal: list[Action]) -> list[Action]:
    """Placements of the first placeable card only. Each position takes one card a turn, so
    the order in which the hand is placed hardly changes where the cards can end up."""
    first = legal[0]
    if first.verb != "place":
        return legal
    return [action for action in legal if action.args[0] == first.args[0]]


CROSS_TURN = register_turn_search(
    "sequentia-cross", TurnSearch(collected_lead, budget=2500, narrow=_one_card_at_a_time)
)


@greedy_policy("sequentia-cross")
def cross_policy(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """Try the placements of the whole hand and keep the set that collects the most cards."""
    return CROSS_TURN.best(state, legal, rng)


@playout_policy("sequentia-stack")
def claim_first(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """For playouts: claim whenever possible, otherwise end the turn or play at random."""
    claims = [action for action in legal if action.verb == "claim"]
    if claims:
        return claims[rng.randrange(len(claims))]
    if END in legal:
        return END
    return legal[rng.randrange(len(legal))]


#: Cross's grid of 3 by 3, positions numbered row by row: the row and the column through each.
_LINES_THROUGH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    (
        tuple(row * 3 + column for column in range(3)),
        tuple(other * 3 + column for other in range(3)),
    )
    for row in range(3)
    for column in range(3)
)


@playout_policy("sequentia-cross")
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


def _cards_left(seen: dict[str, Any]) -> int:
    return int(seen.get("deck_size", 0)) + sum(int(size) for size in seen.get("hand_sizes", []))


def _pile_shares(state: State[Any], pile: str) -> list[float]:
    """Cards in each seat's pile decide, and a lead counts for more the fewer cards are left
    to win."""
    seen = state.observation(None)
    return shares([float(count) for count in seen[pile]], 2.0 + _cards_left(seen) / 8)


@position_evaluation("sequentia-stack", horizon=4, greedy_playouts=True)
@position_evaluation("sequentia-cross", horizon=2)
def collected_shares(state: State[Any]) -> list[float]:
    return _pile_shares(state, "collected")


@position_evaluation("sequentia-shift", horizon=2)
def score_pile_shares(state: State[Any]) -> list[float]:
    return _pile_shares(state, "score_piles")
