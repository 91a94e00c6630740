"""A review after the game: each of a seat's moves against the strongest level's choice, by
the win chance it cost, judged from that seat's information alone."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import sequenza
from sequenza import fast
from sequenza.ai.base import Decision, make_bot
from sequenza.ai.review import Review, budget, review_decisions, review_game, spread
from sequenza.core.actions import Action
from sequenza.core.errors import OptionError
from sequenza.core.game import GameRecord, State


def planted_blunder() -> tuple[State[Any], int, str]:
    """A Sequence Numbers game of a novice (seat 0) against greedy where, at move 44, the
    novice could have made its winning sequence and played elsewhere: the game, the move's
    number and the winning move it passed up."""
    state = sequenza.make("sequence-numbers", players=2, seed=24)
    bots = [make_bot("novice", seed=1), make_bot("greedy", seed=2)]
    blunder = 44
    while not state.is_over:
        if len(state.history) == blunder:
            state.apply("play 6+1 G0")  # elsewhere: "play 6+1 B8" completes the sequence
            continue
        seat = state.current_seat
        assert seat is not None
        state.apply(bots[seat].act(state))
    return state, blunder, "play 6+1 B8"


def test_a_move_that_gives_up_an_immediate_win_is_the_costliest() -> None:
    state, blunder, winning = planted_blunder()
    review = review_game(state.record(), 0, seed=3)
    # Greedy playouts where the compiled core plays them, random ones in Python.
    assert review.level == "greedy" and review.policy == budget("sequence-numbers")["policy"]
    assert review.decisions == len(review.moves) > 10
    worst = review.costliest()
    assert worst[0].index == blunder
    assert worst[0].played == "play 6+1 G0" and worst[0].better == winning
    assert worst[0].better_chance == 1.0 and worst[0].cost > 0.5
    # The novice's other slips cost less, and at most three moves are marked.
    assert 1 <= len(worst) <= 3
    assert all(move.cost < worst[0].cost for move in review.moves if move.index != blunder)
    # A move the level would have played itself cost nothing and is not played on.
    agreed = [move for move in review.moves if move.played == move.better]
    assert agreed and all(move.cost == 0 and move.played_chance is None for move in agreed)
    # The review travels as JSON (a worker's answer, kept with the table).
    assert Review.from_json(review.to_json()) == review
    assert review.to_json()["costliest"] == [move.index for move in worst]


def decisions_of(record: GameRecord, seat: int) -> list[tuple[int, Decision, Action]]:
    state = sequenza.replay(replace(record, actions=[]))
    found = []
    for index, text in enumerate(record.actions):
        action = state.parse_action(text)
        if state.current_seat == seat and len(state.legal_actions()) > 1:
            found.append((index, Decision.of(state.clone()), action))
        state.apply(action)
    return found


@pytest.mark.parametrize(("game_id", "moves"), [("sequence", 24), ("sequentia-stack", 40)])
def test_a_review_never_reads_the_cards_the_seat_could_not_see(game_id: str, moves: int) -> None:
    # Sequence's strongest level is the expert (a search with a memory of the plays), the
    # Stack's mcts: each decides at a few iterations here, a quick test.
    state = sequenza.make(game_id, players=2, seed=5)
    rng = random.Random(6)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    found = decisions_of(state.record(), 1)
    review = review_decisions(found, seed=9, deals=2, playouts=4, iterations=8)
    assert review.moves and any(move.played_chance is not None for move in review.moves)
    # Every decision with the other seat's hand and the deck dealt again: the same review.
    again = [
        (index, replace(decision, _state=decision.sample_state(random.Random(index))), action)
        for index, decision, action in found
    ]
    for (_, before, _), (_, after, _) in zip(found, again, strict=True):
        assert after.sample_state(random.Random(0)).observation(1) == before.observation
    assert any(
        before._state.observation(0) != after._state.observation(0)
        for (_, before, _), (_, after, _) in zip(found, again, strict=True)
    )
    assert review_decisions(again, seed=9, deals=2, playouts=4, iterations=8) == review


def test_a_long_game_is_reviewed_at_a_bounded_number_of_decisions() -> None:
    state = sequenza.make("sequentia-shift", players=2, seed=4)
    rng = random.Random(1)
    while not state.is_over and len(state.history) < 60:
        state.apply(rng.choice(state.legal_actions()))
    review = review_game(state.record(), 0, seed=1, max_decisions=5, deals=1, playouts=2)
    assert review.decisions > 5 and len(review.moves) == 5
    indices = [move.index for move in review.moves]
    assert indices == sorted(indices) and len(set(indices)) == 5
    # Only the moves asked for: a bot's stand-in moves for the seat are not the player's.
    asked = set(indices[:2])
    assert {m.index for m in review_game(state.record(), 0, seed=1, moves=asked).moves} == asked
    assert spread(10, 4) == [0, 3, 6, 9] and spread(2, 4) == [0, 1]


def test_a_review_refuses_settings_it_cannot_bound() -> None:
    record = sequenza.make("sequentia-shift", players=2, seed=4).record()
    with pytest.raises(OptionError, match="playouts"):
        review_game(record, 0, seed=1, playouts=0)
    with pytest.raises(OptionError, match="policy"):
        review_game(record, 0, seed=1, policy="oracle")
    with pytest.raises(OptionError, match="seat"):
        review_game(record, 2, seed=1)


def test_a_game_the_compiled_core_does_not_play_is_reviewed_at_a_smaller_budget() -> None:
    # A plug-in's game (or a mode file's): the Python engine plays its playouts, where a
    # heuristic's game of Shift takes a tenth of a second: random ones, fewer of them.
    state = sequenza.make("test-toy", seed=2)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert fast.engine_for("test-toy", "greedy") == "python"
    review = review_game(state.record(), 0, seed=1)
    assert (review.policy, review.deals, review.playouts) == ("random", 8, 4)
    assert review.moves and all(0 <= move.cost <= 1 for move in review.moves)
