"""What the bots know of Sequentia · Shift: the greedy heuristic (which search also plays in
its playouts), the own-turn search and the position evaluation. They read the seat's
observation and take the grid's geometry from the rules module and the exact solver."""

from __future__ import annotations

import random
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.heuristics import TurnSearch, pile_lead, pile_shares
from sequenza.core.kit import Play, PositionEvaluation

from .solver import best_slide, fewest_slides
from .types import ShiftObservation

END = Action("end")


def shift_policy(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """Claim at once; otherwise follow the exact solver when the target can be reached within
    the slides left this turn, and end the turn rather than arrange the grid for others."""
    claims = [action for action in legal if action.verb == "claim"]
    if claims:
        return claims[0]
    if END not in legal:
        return legal[rng.randrange(len(legal))]
    seen = ShiftObservation.of(state, state.current_seat)
    target = seen.target
    if target is None or seen.grid.count(None) != 1:
        return END
    digits = [0 if card is None else card.digit for card in seen.grid]
    code = target.code
    distance = fewest_slides(digits, code)
    if distance is not None and 0 < distance <= seen.slide_limit - seen.slides:
        card = best_slide(digits, code)
        slide = Action("slide", (card, digits.index(0))) if card is not None else END
        if slide in legal:
            return slide
    return END


def shift_reason(state: State[Any], action: Action) -> tuple[str, dict[str, Any]] | None:
    """Why a slide or the turn's end is good, as the exact solver sees the grid: a slide that
    brings a row showing the seat's code within the slides left (``code_in``: how many more),
    an end of turn when no row can show it this turn (more slides would arrange the grid for
    the others)."""
    seat = state.current_seat
    if seat is None or action.verb not in ("slide", "end"):
        return None
    seen = ShiftObservation.of(state, seat)
    target = seen.target
    if target is None or seen.grid.count(None) != 1:
        return None
    if action == END:
        return "end_turn", {}
    after = state.clone()
    after.apply(action)
    now = ShiftObservation.of(after, seat)
    digits = [0 if card is None else card.digit for card in now.grid]
    distance = fewest_slides(digits, target.code)
    if distance is not None and distance <= seen.slide_limit - seen.slides - 1:
        return "code_in", {"slides": distance}
    return None


def _shift_lead(state: State[Any], seat: int) -> float:
    return pile_lead(state, seat, "score_piles")


def score_pile_shares(state: State[Any]) -> list[float]:
    return pile_shares(state, "score_piles")


PLAY = Play(
    greedy=shift_policy,
    playout=shift_policy,
    # For search: the lines of a turn that end in a claim are the ones worth looking at.
    turn_search=TurnSearch(_shift_lead, budget=2000),
    evaluation=PositionEvaluation(score_pile_shares, horizon=2),
    reason=shift_reason,
)
