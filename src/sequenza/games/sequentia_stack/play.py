"""What the bots know of Sequentia · Stack: a search through the whole turn (placements,
bonus chains, claims) keeps the line that collects the most cards."""

from __future__ import annotations

import random
from typing import Any

from sequenza.components.sequentia_cards import SequentiaCard
from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.heuristics import TurnSearch, pile_lead, pile_shares
from sequenza.core.kit import Play, PositionEvaluation

from .rules import CLAIM_STARTS, CLAIM_WIDTH, ROW_LENGTH
from .types import StackObservation

END = Action("end")
#: Each code is on this many cards of the deck: a run showing a code whose copies the seat
#: sees all of (in its hand and the row) is one no other player can claim.
COPIES = 2


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


def _runs(row: list[list[SequentiaCard]]) -> dict[int, str]:
    """The code each run of three piles shows, by its first pile (1 or 2), once the row holds
    its four piles; while it holds three, the one run they make (which stays a run, whichever
    end the fourth pile goes to)."""
    if len(row) == CLAIM_WIDTH:
        return {1: "".join(str(pile[-1].digit) for pile in row)}
    if len(row) < ROW_LENGTH:
        return {}
    return {
        start: "".join(str(pile[-1].digit) for pile in row[start - 1 : start - 1 + CLAIM_WIDTH])
        for start in CLAIM_STARTS
    }


def _run_started(
    row: list[list[SequentiaCard]], placed: int, hand: list[SequentiaCard]
) -> tuple[str, dict[str, Any]] | None:
    """While the row is short of four piles: the placed pile and its neighbour at an end of
    the row show two digits of a hand card's code, so that one more pile at that end shows it
    (``stack_run_start``: the card, the end and the digit the new pile needs)."""
    if len(row) < 2:
        return None
    digits = "".join(str(pile[-1].digit) for pile in row)
    for held in sorted(hand, key=str):
        code = held.code
        if placed >= len(row) - 2 and digits[-2:] == code[:2]:
            return "stack_run_start", {"card": str(held), "side": "right", "digit": int(code[2])}
        if placed <= 1 and digits[:2] == code[1:]:
            return "stack_run_start", {"card": str(held), "side": "left", "digit": int(code[0])}
    return None


def _end_reason(seen: StackObservation, legal_claim: bool) -> tuple[str, dict[str, Any]] | None:
    """Why ending the turn is the move: the row already shows a code of the hand and waits for
    its fourth pile (``stack_end_ready``), one more pile at an end shows one
    (``stack_end_start``), or nothing of the hand can be claimed now and the hand fills up
    again from the deck (``stack_end_draw``: the cards drawn). None where a claim is open,
    which ending the turn gives up for reasons a search weighs, not a rule of thumb."""
    if legal_claim or seen.hand is None:
        return None
    hand = list(seen.hand)
    row = [list(pile.cards) for pile in seen.row]
    if len(row) < ROW_LENGTH:
        runs = _runs(row)
        matching = sorted(str(held) for held in hand if held.code in runs.values())
        if matching:
            return "stack_end_ready", {"card": matching[0]}
        digits = "".join(str(pile[-1].digit) for pile in row)
        if len(row) >= 2:
            for held in sorted(hand, key=str):
                if digits[-2:] == held.code[:2]:
                    return "stack_end_start", {
                        "card": str(held),
                        "side": "right",
                        "digit": int(held.code[2]),
                    }
                if digits[:2] == held.code[1:]:
                    return "stack_end_start", {
                        "card": str(held),
                        "side": "left",
                        "digit": int(held.code[0]),
                    }
    return "stack_end_draw", {"count": max(0, min(seen.hand_size - len(hand), seen.deck_size))}


def _row_end(
    piles: int, target: str, card: SequentiaCard, kept: list[SequentiaCard]
) -> tuple[str, dict[str, Any]] | None:
    """A new pile at an end of a row that then has ``piles`` piles, two or more short of
    four: a kept card's code starts with its digit (at the right end: two more piles to its
    right show the code) or ends with it (at the left end): ``stack_row_end``."""
    if target not in ("left", "right") or piles > ROW_LENGTH - 2:
        return None
    digit = str(card.digit)
    # The first pile is at both ends: the row may grow from it either way.
    sides = ("left", "right") if piles == 1 else (target,)
    for held in sorted(kept, key=str):
        for side in sides:
            if held.code[0 if side == "right" else -1] == digit:
                # The first pile is worded as the row's start, not as the end the move names.
                return "stack_row_end", {
                    "card": str(held),
                    "side": side,
                    "digit": card.digit,
                    "first": piles == 1,
                }
    return None


def stack_reason(state: State[Any], action: Action) -> tuple[str, dict[str, Any]] | None:
    """Why a move is good, from the row and the seat's own hand. A placement: it makes a run
    of three piles show the code of a card in the hand (``claim_next`` when the row has its
    four piles and the claim is open, ``run_ready`` while the row is one pile short), or two
    piles at an end of a short row show two digits of one (``run_start``), it covers a run
    showing a code another player may hold (``blocks``), it leaves no run another player can
    claim (``safe``: the seat sees every copy of the codes shown), or it is a bonus card that
    lets the seat place again. While the row is built: a new pile at an end where a kept
    card's code starts or ends (``row_end``), or a third pile whose run shows a code the seat
    sees both cards of (``row_safe``), or runs that only show codes the seat sees a card of
    (``row_rare``); else the card is the one the hand needs least (``_spare``), or no
    placement leaves the others fewer cards to claim the row's runs with (``fewest_open``).
    Ending the turn: ``_end_reason``; passing: the hand is empty (``stack_pass``). Judged without
    applying the move: a hand's last card ends the turn and draws from the deck, which the
    seat cannot see."""
    seat = state.current_seat
    if seat is None:
        return None
    if action.verb == "pass":
        return "stack_pass", {}
    if action.verb not in ("place", "end"):
        return None
    seen = StackObservation.of(state, seat)
    if seen.hand is None:
        return None
    if action.verb == "end":
        claim_open = any(legal.verb == "claim" for legal in state.legal_actions())
        return _end_reason(seen, claim_open)
    text, target = str(action.args[0]), str(action.args[1])
    hand = list(seen.hand)
    card = next((held for held in hand if str(held) == text), None)
    if card is None:
        return None
    hand.remove(card)
    row = [list(pile.cards) for pile in seen.row]
    before = _runs(row)
    if target == "left":
        row.insert(0, [card])
        placed = 0
    elif target == "right":
        row.append([card])
        placed = len(row) - 1
    else:
        placed = int(target) - 1
        row[placed].append(card)
    after = _runs(row)
    if len(row) == ROW_LENGTH:
        for start, code in after.items():
            if seen.claim_must_include_last_pile and not (
                start - 1 <= placed < start - 1 + CLAIM_WIDTH
            ):
                continue
            matching = sorted(str(held) for held in hand if held.code == code)
            if matching:
                cards = sum(len(pile) for pile in row[start - 1 : start - 1 + CLAIM_WIDTH]) + 1
                return "stack_claim_next", {
                    "card": matching[0],
                    "first": start,
                    "last": start + CLAIM_WIDTH - 1,
                    "cards": cards,
                }
    else:
        matching = sorted(str(held) for held in hand if held.code in after.values())
        if matching:
            return "stack_run_ready", {"card": matching[0]}
        started = _run_started(row, placed, hand)
        if started is not None:
            return started
    if card.bonus:
        return "stack_bonus", {}
    in_sight = [*hand, *(pile_card for pile in row for pile_card in pile)]

    def open_to_others(code: str) -> bool:
        return sum(1 for seen_card in in_sight if seen_card.code == code) < COPIES

    covered = sorted(
        code for code in set(before.values()) - set(after.values()) if open_to_others(code)
    )
    if len(seen.row) == ROW_LENGTH and covered:
        return "stack_blocks", {"code": covered[0]}
    if len(row) == ROW_LENGTH and not any(open_to_others(code) for code in after.values()):
        return "stack_safe", {}
    if len(row) < ROW_LENGTH:
        by_end = _row_end(len(row), target, card, hand)
        if by_end is not None:
            return by_end
        if after and not any(open_to_others(code) for code in after.values()):
            return "stack_row_safe", {"code": next(iter(after.values()))}
    # The row's runs, once built, only show codes of which the seat sees a card: at most one
    # card each is left for the others to claim them with.
    if (
        len(seen.row) < ROW_LENGTH
        and after
        and all(any(seen_card.code == code for seen_card in in_sight) for code in after.values())
    ):
        return "stack_row_rare", {"codes": sorted(set(after.values()))}
    spare = _spare(card, hand)
    if spare is not None:
        return spare
    return _fewest_open(state, seen, action)


def _open_cards(seen: StackObservation, action: Action) -> int | None:
    """How many cards out of the seat's sight show a code of the row's runs after placing as
    ``action`` says (each code is on ``COPIES`` cards); None while the row has no run."""
    assert seen.hand is not None
    hand = list(seen.hand)
    card = next(held for held in hand if str(held) == str(action.args[0]))
    hand.remove(card)
    row = [list(pile.cards) for pile in seen.row]
    target = str(action.args[1])
    if target == "left":
        row.insert(0, [card])
    elif target == "right":
        row.append([card])
    else:
        row[int(target) - 1].append(card)
    codes = set(_runs(row).values())
    if not codes:
        return None
    in_sight = [held.code for held in hand] + [pile_card.code for pile in row for pile_card in pile]
    return sum(COPIES - min(COPIES, in_sight.count(code)) for code in codes)


def _fewest_open(
    state: State[Any], seen: StackObservation, action: Action
) -> tuple[str, dict[str, Any]] | None:
    """No placement of the seat's leaves fewer cards it cannot see that could claim the row's
    runs, and some leave more (``stack_fewest_open``: how many)."""
    count = _open_cards(seen, action)
    if not count:
        return None
    others = [
        _open_cards(seen, legal)
        for legal in state.legal_actions()
        if legal.verb == "place" and legal != action
    ]
    known = [other for other in others if other is not None]
    # Where every placement leaves as many, the choice is not about them.
    if not known or min(known) < count or max(known) == count:
        return None
    return "stack_fewest_open", {"count": count}


def _spare(card: SequentiaCard, kept: list[SequentiaCard]) -> tuple[str, dict[str, Any]] | None:
    """The card placed is the one the hand needs least: its digit is in no code of the cards
    kept (``stack_spare``), or in fewer of their digits than any other card's digit would be in
    the codes of the cards it would leave (``stack_spare_least``): the row gets the digit the
    seat's own runs ask for least, and the hand keeps the ones they ask for."""

    def need(digit: int, others: list[SequentiaCard]) -> int:
        return sum(held.code.count(str(digit)) for held in others)

    own = need(card.digit, kept)
    if own == 0:
        return "stack_spare", {"digit": card.digit}
    hand = [card, *kept]
    alternatives = [
        need(other.digit, [held for held in hand if held is not other])
        for other in kept
        if other.digit != card.digit
    ]
    if alternatives and own < min(alternatives):
        return "stack_spare_least", {"digit": card.digit}
    return None


PLAY = Play(
    greedy=stack_policy,
    playout=claim_first,
    turn_search=STACK_TURN,
    evaluation=PositionEvaluation(collected_shares, horizon=4, greedy_playouts=True),
    reason=stack_reason,
)
