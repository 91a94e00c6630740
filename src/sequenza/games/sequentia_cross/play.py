"""What the bots know of Sequentia · Cross: try the placements of the whole hand and keep
the set that collects the most cards; playouts place cards where their line then shows their
code."""

from __future__ import annotations

import random
from typing import Any

from sequenza.components.sequentia_cards import sequentia_deck
from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.heuristics import TurnSearch, pile_lead, pile_shares
from sequenza.core.kit import Play, PositionEvaluation

from .rules import COLUMNS, POSITIONS, ROWS
from .types import CrossObservation


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


#: The card each placement names.
_CARD_NAMED = {str(card): card for card in sequentia_deck()}
#: The row and the column through each position of the rules' grid.
_LINES_THROUGH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(line for line in (*ROWS, *COLUMNS) if position in line) for position in range(POSITIONS)
)


def cross_playout(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """For playouts, a player who sees one card ahead: place a card where its row or column
    then shows its code (on the tallest piles), otherwise anywhere; claim the most cards.
    Random placements would almost never claim, and a search would then think every grid
    safe to leave to the next player."""
    seen = CrossObservation.of(state, state.current_seat)
    if legal[0].verb == "claim":
        claims = {claim.action: claim.cards for claim in seen.claims}
        return max(legal, key=lambda action: claims.get(str(action), 0))
    digits = [pile.digit for pile in seen.grid]
    sizes = [pile.size for pile in seen.grid]
    best, best_cards = legal[rng.randrange(len(legal))], 0
    for action in legal:
        card, position = _CARD_NAMED[str(action.args[0])], int(action.args[1])
        code = card.code_digits
        cards = 0
        for line in _LINES_THROUGH[position]:
            shown = tuple(card.digit if spot == position else digits[spot] for spot in line)
            if shown == code:
                cards += sum(sizes[spot] for spot in line) + 1
        if cards > best_cards:
            best, best_cards = action, cards
    return best


def collected_shares(state: State[Any]) -> list[float]:
    return pile_shares(state, "collected")


def _line_shows(digits: list[int | None], line: tuple[int, ...], code: tuple[int, ...]) -> bool:
    return tuple(digits[spot] for spot in line) == code


def cross_reason(state: State[Any], action: Action) -> tuple[str, dict[str, Any]] | None:
    """Why a placement is good, from the grid and the seat's own hand: the row or column
    through it then shows the code of a card placed this turn, this one or one placed before
    (``cross_line``: the line and the cards it collects), or it readies a line for a card
    still in the hand (``cross_prepares``: that card then has a place where a line through
    this one shows its code or the code of a card placed this turn). Judged without applying
    the placement: the hand's last card ends the placing, and a turn without a claim draws
    from the deck, which the seat cannot see."""
    seat = state.current_seat
    if seat is None or action.verb != "place":
        return None
    seen = CrossObservation.of(state, seat)
    if seen.hand is None:
        return None
    text, position = str(action.args[0]), int(action.args[1])
    card = _CARD_NAMED.get(text)
    if card is None:
        return None
    digits: list[int | None] = [pile.digit for pile in seen.grid]
    sizes = [pile.size for pile in seen.grid]
    digits[position] = card.digit
    sizes[position] += 1
    # The cards placed this turn, where they lie: the top of each covered position.
    placed = {spot: seen.grid[spot].top for spot in seen.covered}
    placed[position] = card
    best: tuple[int, dict[str, Any]] | None = None
    for spot, top in placed.items():
        if top is None:
            continue
        for lines, through in (("rows", ROWS), ("columns", COLUMNS)):
            index = next(number for number, line in enumerate(through) if spot in line)
            line = through[index]
            # Only what this placement changed: its own lines, or a line it crosses.
            if position not in line or not _line_shows(digits, line, top.code_digits):
                continue
            cards = sum(sizes[place] for place in line)
            if best is None or cards > best[0]:
                data = {"card": str(top), "lines": lines, "index": index, "cards": cards}
                best = (cards, data)
    if best is not None:
        return "cross_line", best[1]
    hand = list(seen.hand)
    hand.remove(card)
    covered = {*seen.covered, position}
    for held in sorted(hand, key=str):
        for spot in range(POSITIONS):
            if spot in covered or digits[spot] == held.digit:
                continue
            shown = list(digits)
            shown[spot] = held.digit
            # Its own code, or the code of a card placed this turn that lies on the line.
            for line in _LINES_THROUGH[spot]:
                if position not in line:
                    continue
                codes = [held, *(top for place, top in placed.items() if place in line and top)]
                if any(_line_shows(shown, line, one.code_digits) for one in codes):
                    return "cross_prepares", {"card": str(held)}
    return None


PLAY = Play(
    greedy=cross_policy,
    playout=cross_playout,
    turn_search=CROSS_TURN,
    evaluation=PositionEvaluation(collected_shares, horizon=2),
    reason=cross_reason,
)
