"""Hints: the strongest cheap level's move for a seat and its reason, decided from that seat's
``Decision`` alone: dealing the other seats' hidden cards again changes nothing."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import sequenza
from sequenza.ai.base import Decision
from sequenza.ai.hints import hint, hint_level
from sequenza.ai.levels import ladder


@pytest.mark.parametrize(
    ("game_id", "level"),
    [
        ("sequence", "expert"),
        ("sequence-numbers", "greedy"),
        ("sequentia-cross", "mcts"),
        ("sequentia-shift", "greedy"),
    ],
)
def test_a_hint_is_the_same_whatever_cards_the_others_hold(game_id: str, level: str) -> None:
    state = sequenza.make(game_id, players=2, seed=11)
    rng = random.Random(2)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_seat
    assert seat is not None
    # A search at a few iterations where the level searches: a quick test.
    settings = {"iterations": 8} if level in ("mcts", "expert") else {}
    hints = []
    for redeal in range(2):
        # The same table as this seat sees it, the other hands and the deck dealt again (a
        # search copy, which keeps no log: who played each move is public all the same).
        again = state.determinize(seat, random.Random(99 + redeal))
        assert again.observation(seat) == state.observation(seat)
        assert again.observation(1 - seat) != state.observation(1 - seat)
        decision = replace(Decision.of(state), _state=again)
        hints.append(hint(decision, 7, level, **settings))
    found = hint(Decision.of(state), 7, level, **settings)
    assert hints == [found] * 2
    assert found.action in state.legal_actions()
    assert found.code and isinstance(found.data, dict)


def test_a_hint_asks_the_strongest_level_the_menu_offers() -> None:
    assert hint_level("sequence") == ladder("sequence")[-1][0] == "expert"
    assert hint_level("sequentia-shift") == "greedy"  # the top levels play like it there
    assert hint_level("no-such-game") == "greedy"


def test_a_claim_is_named_as_one() -> None:
    state = sequenza.make("sequentia-shift", players=2, seed=1)
    for _ in range(200):
        claims = [action for action in state.legal_actions() if action.verb == "claim"]
        if claims:
            break
        state.apply(random.Random(len(state.log)).choice(state.legal_actions()))
    else:
        pytest.skip("no claim within 200 moves of this deal")
    found = hint(Decision.of(state), 3, "greedy")
    assert found.action.verb == "claim" and found.code == "claim"
    assert found.to_json()["reason"] == {"code": "claim", "data": {}}


def test_a_hint_in_sequence_names_the_line_it_blocks_or_makes() -> None:
    # Greedy against random until the hint's move is about a line: a line of four of the
    # random seat blocked, or one of greedy's own made. Its sentence names the seat.
    state = sequenza.make("sequence", players=2, seed=3)
    rng = random.Random(4)
    codes: set[str] = set()
    while not state.is_over and not codes & {"blocks_four", "four", "sequence"}:
        if state.current_seat == 1:
            state.apply(rng.choice(state.legal_actions()))
            continue
        found = hint(Decision.of(state), 5, "greedy")
        codes.add(found.code)
        if found.code == "blocks_four":
            assert found.data == {"seat": 1}
        state.apply(found.action)
    assert codes & {"blocks_four", "four", "sequence"}, codes


def test_a_hint_in_shift_counts_the_slides_to_the_code_or_ends_the_turn() -> None:
    state = sequenza.make("sequentia-shift", players=2, seed=2)
    codes: dict[str, dict[str, int]] = {}
    while not state.is_over and not {"code_in", "end_turn"} <= set(codes):
        found = hint(Decision.of(state), 1, "greedy")
        codes.setdefault(found.code, found.data)
        state.apply(found.action)
    assert {"code_in", "end_turn"} <= set(codes), codes
    assert codes["code_in"]["slides"] >= 0
