"""The playout policy of Sequentia Cross: it models a player who sees one card ahead, so that
a search judging what a grid leaves to the next player meets the claims a player would find."""

from __future__ import annotations

import random

from sequenza.ai.greedy import playout_policy_for
from sequenza.core.actions import Action
from sequenza.core.registry import make_game
from sequenza.games.sequentia_cross.rules import CrossGame, CrossState, from_position

GAME_ID = "sequentia-cross"


def position(text: str) -> CrossState:
    game = make_game(GAME_ID, 2)
    assert isinstance(game, CrossGame)
    return from_position(game, text)


def playout_choices(state: CrossState, seeds: int = 20) -> set[Action]:
    policy = playout_policy_for(GAME_ID)
    assert policy is not None
    return {policy(state, state.legal_actions(), random.Random(seed)) for seed in range(seeds)}


def test_a_card_goes_where_its_row_then_shows_its_code() -> None:
    # Row 0 reads 1 2 1: card 3:123 on position 2 makes it read 1 2 3, its code.
    state = position(
        """
        grid: 1:111+ 2:111 1:113 / 2:112+ 3:112 2:121 / 3:113+ 1:121 3:122
        hand0: 3:123
        hand1: 1:123
        deck: 2:131 1:131 2:132
        """
    )
    assert len(state.legal_actions()) > 1
    assert playout_choices(state) == {Action("place", ("3:123", 2))}


def test_of_two_sequences_the_card_goes_on_the_taller_line() -> None:
    # 3:123 shows its code along row 0 (on position 2, after a 1 and a 2) and down column 2
    # (on position 8, under a 1 and a 2); the column's piles hold more cards.
    state = position(
        """
        grid: 1:111+ 2:111 1:113 / 3:112 3:113+ 3:122,2:112+ / 2:121 1:121 1:131,2:122
        hand0: 3:123
        hand1: 1:123
        deck: 2:131 2:132 3:132
        """
    )
    assert playout_choices(state) == {Action("place", ("3:123", 8))}


def test_the_claim_that_collects_the_most_cards_is_made() -> None:
    # 1:111+ on position 0 shows 111 down column 0 and along row 0; the column's piles are
    # taller (five cards against three).
    state = position(
        """
        grid: 1:111+ 1:113 1:121 / 2:112+,1:123 3:112 2:121 / 3:113+,1:131 2:122 3:122
        hand1: 1:133
        deck: 2:131 1:223 3:133
        covered: 0
        """
    )
    assert state.legal_actions() == [Action("claim", ("rows", 0)), Action("claim", ("columns", 0))]
    assert playout_choices(state) == {Action("claim", ("columns", 0))}


def test_of_the_sets_of_rows_the_one_that_collects_the_most_is_claimed() -> None:
    # 1:123 on pile 0 and 3:123 on pile 8 make rows 0 and 2 read 1-2-3.
    state = position(
        """
        grid: 2:111,1:123 2:112+ 3:112 / 1:113 3:113+ 2:121 / 1:121 2:122 2:131,3:123
        hand1: 1:133
        deck: 1:211+ 1:213 1:221 1:223 1:231 1:233
        covered: 0 8
        """
    )
    assert [str(action) for action in state.legal_actions()] == [
        "claim rows 0",
        "claim rows 2",
        "claim rows 0 2",
    ]
    assert playout_choices(state) == {Action("claim", ("rows", 0, 2))}
