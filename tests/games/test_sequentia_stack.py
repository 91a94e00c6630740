"""Sequentia · Stack: one scenario per rule of RULES.md, errors, options, notation and the kit."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import sequenza
from sequenza.app.render import render
from sequenza.components.sequentia_cards import sequentia_deck
from sequenza.core.errors import IllegalActionError, NotationError, OptionError
from sequenza.core.registry import make_game, state_from_json
from sequenza.games.sequentia_stack import rules as sequentia_stack
from sequenza.games.sequentia_stack.rules import (
    SequentiaStack,
    SequentiaStackState,
    StackTermination,
)
from sequenza.testing import check_game

GAME_ID = "sequentia-stack"

# Four piles showing 2 2 3 1. Placing a 1 on pile 1 makes them spell 123 (piles 1-2-3) and
# 231 (piles 2-3-4).
FULL_ROW = "2:111 | 2:121 | 3:122 | 1:131"


def position(text: str, players: int = 2, **options: Any) -> SequentiaStackState:
    game = make_game(GAME_ID, players, **options)
    assert isinstance(game, SequentiaStack)
    return SequentiaStackState.from_position(game, text)


def legal(state: SequentiaStackState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def texts(cards: list[int]) -> list[str]:
    deck = sequentia_deck()
    return [str(deck[card]) for card in cards]


def row(state: SequentiaStackState) -> list[list[str]]:
    return [texts(pile) for pile in state.piles]


def events(state: SequentiaStackState, name: str) -> list[dict[str, Any]]:
    return [event for event in state.log if event["event"] == name]


def refused(state: SequentiaStackState, action: str | int, reason: str) -> None:
    before = state.dumps()
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(action)
    assert state.dumps() == before


# ---------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_three_cards_each_and_an_empty_row(players: int) -> None:
    state = sequenza.make(GAME_ID, players=players, seed=5)
    assert isinstance(state, SequentiaStackState)
    assert [len(hand) for hand in state.hands] == [3] * players
    assert len(state.deck) == 54 - 3 * players
    assert state.piles == []
    assert state.to_act == 0
    assert state.phase == "turn_start"
    assert sorted(state.card_counter()) == list(range(54))


def test_hands_are_in_card_text_order() -> None:
    state = sequenza.make(GAME_ID, players=4, seed=3)
    assert isinstance(state, SequentiaStackState)
    for hand in state.hands:
        assert texts(hand) == sorted(texts(hand))


def test_hand_size_option_deals_and_refills_that_many() -> None:
    state = sequenza.make(GAME_ID, players=2, seed=2, hand_size=5)
    assert isinstance(state, SequentiaStackState)
    assert [len(hand) for hand in state.hands] == [5, 5]
    state = position(
        f"row: {FULL_ROW}\nhands: 1:133 / 2:222\ndeck: 1:121 1:123 2:131 2:122 2:132 3:133",
        hand_size=5,
    )
    state.apply("place 1:133 1")
    assert texts(state.hands[0]) == ["1:121", "1:123", "2:122", "2:131", "2:132"]


def test_random_first_player_comes_from_the_seed() -> None:
    firsts = {
        sequenza.make(GAME_ID, players=4, seed=seed, random_first_player=True).to_act
        for seed in range(20)
    }
    assert len(firsts) > 1
    again = sequenza.make(GAME_ID, players=4, seed=7, random_first_player=True)
    assert (
        again.to_act == sequenza.make(GAME_ID, players=4, seed=7, random_first_player=True).to_act
    )


# ---------------------------------------------------------------------- 1. place
def test_new_pile_at_the_left_end_while_the_row_has_fewer_than_four() -> None:
    state = position("row: 1:121 | 2:122\nhands: 3:123 1:123 / 2:111")
    assert legal(state) == [
        "place 1:123 left",
        "place 1:123 right",
        "place 3:123 left",
        "place 3:123 right",
    ]
    state.apply("place 3:123 left")
    assert row(state) == [["3:123"], ["1:121"], ["2:122"]]
    assert state.last_pile == 0


def test_new_pile_at_the_right_end_while_the_row_has_fewer_than_four() -> None:
    state = position("row: 1:121 | 2:122\nhands: 3:123 1:123 / 2:111")
    state.apply("place 3:123 right")
    assert row(state) == [["1:121"], ["2:122"], ["3:123"]]
    assert state.last_pile == 2


def test_no_stacking_before_the_row_has_four_piles() -> None:
    state = position("row: 1:121 | 2:122 | 3:123\nhands: 1:123 / 2:111")
    refused(state, "place 1:123 1", "the row has 3 of 4 piles: start a new pile")
    refused(state, "place 1:123 3", "start a new pile at the left or right end")


def test_the_first_card_starts_the_row() -> None:
    state = position("hands: 1:123 2:111 / 3:112")
    state.apply("place 2:111 right")
    assert row(state) == [["2:111"]]


def test_once_the_row_has_four_piles_cards_go_on_top_of_any_pile() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 / 2:222")
    assert legal(state) == [f"place 1:133 {pile}" for pile in (1, 2, 3, 4)]
    refused(state, "place 1:133 left", "the row already has 4 piles: place 1:133 on pile 1-4")
    refused(state, "place 1:133 right", "already has 4 piles")
    refused(state, "place 1:133 5", "not 5")
    state.apply("place 1:133 3")
    assert row(state)[2] == ["3:122", "1:133"]
    assert state.observation(None)["row"][2]["digit"] == 1


def test_the_fourth_pile_completes_the_row_and_claims_open_at_once() -> None:
    # Piles 2 2 3, then a 1 at the left end spells 122 (1-2-3) and 223 (2-3-4).
    state = position("row: 2:111 | 2:121 | 3:122\nhands: 1:133 3:223 / 2:222")
    state.apply("place 1:133 left")
    assert legal(state) == ["claim 3:223 2", "end"]


def test_a_turn_starts_with_a_placement_even_when_a_claim_is_shown() -> None:
    state = position("row: 1:133 | 2:121 | 3:122 | 1:131\nhands: 1:123 / 2:222")
    assert all(action.startswith("place ") for action in legal(state))
    refused(state, "claim 1:123 1", "place a card first")
    refused(state, "end", "place a card first")


# ---------------------------------------------------------------------- 2. simple and bonus cards
def test_after_a_simple_card_the_player_ends_the_turn_or_claims() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 2:231 / 2:222")
    state.apply("place 1:133 1")
    assert state.phase == "simple_placed"
    assert state.to_act == 0
    assert legal(state) == ["claim 1:123 1", "claim 2:231 2", "end"]
    refused(state, "place 1:123 2", "after a simple card you may only claim or end the turn")


def test_ending_the_turn_draws_and_passes_to_the_next_seat() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 / 2:222\ndeck: 3:333 2:332 1:331")
    state.apply("place 1:133 1")
    state.apply("end")
    assert texts(state.hands[0]) == ["1:123", "2:332", "3:333"]
    assert texts(state.deck) == ["1:331"]
    assert state.to_act == 1
    assert state.phase == "turn_start"
    assert state.last_pile is None


def test_a_bonus_card_forces_another_placement() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 2:112+ 1:121 3:133 / 2:222")
    state.apply("place 2:112+ 4")
    assert state.phase == "bonus_placed"
    assert state.to_act == 0
    refused(state, "end", "after a bonus card you must place another card or claim")
    assert legal(state) == [
        *(f"place 1:121 {pile}" for pile in (1, 2, 3, 4)),
        *(f"place 3:133 {pile}" for pile in (1, 2, 3, 4)),
    ]
    state.apply("place 1:121 2")
    assert state.phase == "simple_placed"
    assert legal(state) == ["end"]


def test_a_bonus_card_may_be_followed_by_a_claim() -> None:
    # 1:111+ on pile 1 spells 123 on piles 1-2-3.
    state = position(f"row: {FULL_ROW}\nhands: 1:111+ 1:123 / 2:222")
    state.apply("place 1:111+ 1")
    assert legal(state) == [*(f"place 1:123 {pile}" for pile in (1, 2, 3, 4)), "claim 1:123 1"]
    state.apply("claim 1:123 1")
    assert state.to_act == 1


def test_a_bonus_card_while_the_row_is_short_forces_a_new_pile() -> None:
    state = position("row: 1:121 | 2:122\nhands: 3:113+ 2:111 / 2:222")
    state.apply("place 3:113+ right")
    assert legal(state) == ["place 2:111 left", "place 2:111 right"]


def test_bonus_cards_chain_until_the_hand_is_empty() -> None:
    state = position("hands: 1:111+ 2:112+ 3:113+ / 2:222\ndeck: 1:121 1:123 1:131 2:121")
    state.apply("place 1:111+ right")
    state.apply("place 2:112+ right")
    assert state.to_act == 0
    state.apply("place 3:113+ right")
    assert row(state) == [["1:111+"], ["2:112+"], ["3:113+"]]
    assert state.to_act == 1
    assert texts(state.hands[0]) == ["1:121", "1:123", "1:131"]


def test_a_bonus_card_with_nothing_possible_ends_the_turn_by_itself() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 2:112+ / 2:222\ndeck: 1:121 1:123 1:133 2:122")
    state.apply("place 2:112+ 2")
    assert state.to_act == 1
    assert state.phase == "turn_start"
    ended = events(state, "turn_ends")
    assert ended == [
        {
            "event": "turn_ends",
            "seat": 0,
            "reason": "hand_empty",
        }
    ]
    assert texts(state.hands[0]) == ["1:121", "1:123", "1:133"]


def test_a_last_simple_card_also_ends_the_turn_by_itself() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 / 2:222\ndeck: 1:121")
    state.apply("place 1:133 1")
    assert state.to_act == 1
    assert len(events(state, "turn_ends")) == 1
    assert texts(state.hands[0]) == ["1:121"]


# ---------------------------------------------------------------------- 3. claims
def test_claim_on_piles_1_2_3_collects_the_three_piles_and_the_revealed_card() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 2:231 / 2:222")
    state.apply("place 1:133 1")
    state.apply("claim 1:123 1")
    assert sorted(texts(state.collected[0])) == sorted(
        ["2:111", "1:133", "2:121", "3:122", "1:123"]
    )
    assert row(state) == [["1:131"]]
    assert events(state, "claim") == [
        {
            "event": "claim",
            "seat": 0,
            "card": "1:123",
            "piles": [1, 2, 3],
            "cards": 5,
            "collected": 5,
        }
    ]
    assert state.to_act == 1


def test_collect_revealed_off_leaves_the_revealed_card_out_of_the_game() -> None:
    # The default collects it (the test above); off, the three piles score and the shown
    # card, played from the hand, goes out of play: it is neither collected nor back in hand.
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 2:231 / 2:222", collect_revealed=False)
    state.apply("place 1:133 1")
    state.apply("claim 1:123 1")
    assert sorted(texts(state.collected[0])) == sorted(["2:111", "1:133", "2:121", "3:122"])
    assert "1:123" not in texts(state.hands[0])
    assert texts(state.card_zones()["set aside"])[-1] == "1:123"
    assert [event["cards"] for event in events(state, "claim")] == [4]
    assert state.to_act == 1


def test_collect_revealed_is_a_decision_named_in_the_rules_text() -> None:
    spec = {spec.name: spec for spec in SequentiaStack.options_class.specs()}["collect_revealed"]
    assert spec.decision and spec.default is True
    assert "collect_revealed=false" in SequentiaStack.info.rules_text
    report = check_game(GAME_ID, games=3, options={"collect_revealed": False})
    assert report.games == 9


def test_claim_on_piles_2_3_4_keeps_pile_1() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 2:231 / 2:222")
    state.apply("place 1:133 1")
    state.apply("claim 2:231 2")
    assert sorted(texts(state.collected[0])) == sorted(["2:121", "3:122", "1:131", "2:231"])
    assert row(state) == [["2:111", "1:133"]]


def test_claims_need_the_code_shown_left_to_right() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:321 2:231 / 2:222")
    state.apply("place 1:133 1")
    assert legal(state) == ["claim 2:231 2", "end"]
    refused(state, "claim 1:321 1", "card 1:321 asks for 321 but piles 1-2-3 show 123")
    refused(state, "claim 2:231 1", "asks for 231 but piles 1-2-3 show 123")
    refused(state, "claim 2:231 3", r"claim piles 1-2-3 \(claim CARD 1\) or 2-3-4")


def test_no_claim_while_the_row_has_fewer_than_four_piles() -> None:
    state = position("row: 1:121 | 2:122\nhands: 3:123 1:123 / 2:111")
    state.apply("place 3:123 right")
    assert legal(state) == ["end"]
    refused(state, "claim 1:123 1", "claims need 4 piles in the row, it has 3")


def test_the_remaining_pile_is_rebuilt_at_either_end() -> None:
    state = position(
        f"row: {FULL_ROW}\nhands: 1:133 1:123 / 2:222 3:332\ndeck: 3:333 2:332 1:331 3:323"
    )
    state.apply("place 1:133 1")
    state.apply("claim 1:123 1")
    assert legal(state) == [
        "place 2:222 left",
        "place 2:222 right",
        "place 3:332 left",
        "place 3:332 right",
    ]
    refused(state, "place 2:222 1", "the row has 1 of 4 piles")
    state.apply("place 2:222 left")
    assert row(state) == [["2:222"], ["1:131"]]
    state.apply("end")
    state.apply("place 3:333 right")
    assert row(state) == [["2:222"], ["1:131"], ["3:333"]]


# ---------------------------------------------------------------------- 4. drawing
def test_the_player_draws_back_up_to_three_from_the_top() -> None:
    state = position(
        f"row: {FULL_ROW}\nhands: 1:133 1:123 2:231 / 2:222\ndeck: 3:333 2:332 1:331 3:323"
    )
    state.apply("place 1:133 1")
    state.apply("claim 1:123 1")
    assert texts(state.hands[0]) == ["2:231", "2:332", "3:333"]
    assert texts(state.deck[::-1]) == ["1:331", "3:323"]
    assert events(state, "draw") == [{"event": "draw", "seat": 0, "cards": 2, "deck": 2}]


def test_the_player_draws_only_as_far_as_the_deck_allows() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 2:231 / 2:222 3:332\ndeck: 3:333")
    state.apply("place 1:133 1")
    state.apply("claim 1:123 1")
    assert texts(state.hands[0]) == ["2:231", "3:333"]
    assert state.deck == []
    state.apply("place 2:222 left")
    state.apply("end")
    assert texts(state.hands[1]) == ["3:332"]
    assert events(state, "draw") == [{"event": "draw", "seat": 0, "cards": 1, "deck": 0}]


# ---------------------------------------------------------------------- passing and the end
def test_a_player_with_no_card_passes() -> None:
    state = position("row: 1:121\nhands: - / 2:111 2:121\ndeck: -")
    assert legal(state) == ["pass"]
    refused(state, "place 2:111 left", "your hand is empty: pass")
    state.apply("pass")
    assert state.to_act == 1
    refused(state, "pass", "you hold cards")


def test_the_game_ends_when_the_deck_and_every_hand_are_empty() -> None:
    state = position(
        f"row: {FULL_ROW}\nhands: 1:133 / 2:222\ndeck: -\n"
        "collected: 1:121 1:123 2:231 / 3:333 2:332"
    )
    state.apply("place 1:133 1")
    assert not state.is_over
    assert state.to_act == 1
    state.apply("place 2:222 4")
    assert state.is_over
    assert events(state, "game_over") == [
        {
            "event": "game_over",
            "scores": [3.0, 2.0],
            "winners": [0],
            "termination": "deck_exhausted",
        }
    ]
    result = state.result()
    assert result is not None
    assert result.termination is StackTermination.DECK_EXHAUSTED
    assert not result.termination.is_stall
    assert result.scores == (3.0, 2.0)
    assert result.winners == (0,)
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply("pass")


def test_equal_collected_counts_share_the_win() -> None:
    state = position(
        "row: 1:131\nhands: - / - / 2:222\ndeck: -\n"
        "collected: 1:121 1:123 / 3:333 / 2:332 3:332\nto_act: 2",
        players=3,
    )
    state.apply("place 2:222 left")
    result = state.result()
    assert result is not None
    assert result.winners == (0, 2)
    assert result.payoffs == (0.5, 0.0, 0.5)


def test_cards_left_in_the_row_score_for_nobody() -> None:
    state = position("row: 1:131 1:133 | 2:111\nhands: 2:222 / -\ndeck: -\ncollected: 3:333 / -")
    state.apply("place 2:222 right")
    result = state.result()
    assert result is not None
    assert result.scores == (1.0, 0.0)
    assert len(state.card_zones()["row"]) == 4


# ---------------------------------------------------------------------- the [decision] option
def test_by_default_a_claim_need_not_include_the_pile_just_played_on() -> None:
    # 3:332 on pile 4 leaves piles 1-2-3 spelling 223.
    state = position(f"row: {FULL_ROW}\nhands: 3:332 3:223 / 2:222")
    state.apply("place 3:332 4")
    assert legal(state) == ["claim 3:223 1", "end"]


def test_claim_must_include_last_pile_option() -> None:
    text = f"row: {FULL_ROW}\nhands: 3:332 3:223 1:233 / 2:222"
    state = position(text, claim_must_include_last_pile=True)
    state.apply("place 3:332 4")
    # Piles 2-3-4 now spell 233: they include pile 4, piles 1-2-3 do not.
    assert legal(state) == ["claim 1:233 2", "end"]
    refused(
        state,
        "claim 3:223 1",
        r"piles 1-2-3 do not include pile 4, the pile just played on "
        r"\(option claim_must_include_last_pile\)",
    )
    state.apply("claim 1:233 2")
    assert row(state) == [["2:111"]]


def test_claim_must_include_last_pile_follows_the_latest_placement_of_the_turn() -> None:
    # A bonus 2 on pile 1 keeps the tops 2 2 3 1, so piles 1-2-3 spell 223; a 1 on pile 4
    # then keeps the tops too, but moves the pile just played on out of piles 1-2-3.
    text = f"row: {FULL_ROW}\nhands: 2:212+ 1:321 3:223 / 2:222"
    strict = position(text, claim_must_include_last_pile=True)
    strict.apply("place 2:212+ 1")
    assert "claim 3:223 1" in legal(strict)
    strict.apply("place 1:321 4")
    assert legal(strict) == ["end"]
    free = position(text)
    free.apply("place 2:212+ 1")
    free.apply("place 1:321 4")
    assert legal(free) == ["claim 3:223 1", "end"]


# ---------------------------------------------------------------------- errors
def test_illegal_actions_are_refused_without_change() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 / 2:222")
    refused(state, "draw 1:133", "Stack's actions are place, claim, end and pass")
    refused(state, "place 9:999 1", r"'9:999' is not a card of the Sequentia deck")
    refused(state, "place 2:222 1", "card 2:222 is not in your hand")
    refused(state, "place 1:133", "write place CARD left, place CARD right or place CARD PILE")
    refused(state, "claim 1:123", "write claim CARD 1")
    refused(state, "place 1:133 middle", "not 'middle'")
    refused(state, 99999, "outside")
    refused(state, "pass", "you hold cards")


def test_options_are_validated() -> None:
    with pytest.raises(OptionError, match="hand_size"):
        make_game(GAME_ID, 2, hand_size=0)
    with pytest.raises(OptionError, match="hand_size"):
        make_game(GAME_ID, 2, hand_size=11)
    with pytest.raises(OptionError, match="claim_must_include_last_pile"):
        make_game(GAME_ID, 2, claim_must_include_last_pile="yes")
    with pytest.raises(OptionError, match="unknown option"):
        make_game(GAME_ID, 2, claim_anywhere=True)
    with pytest.raises(OptionError, match="2-4 players"):
        make_game(GAME_ID, 5)


def test_the_decision_is_an_option_named_in_the_rules_text() -> None:
    specs = {spec.name: spec for spec in SequentiaStack.options_class.specs()}
    decision = specs["claim_must_include_last_pile"]
    assert decision.decision and decision.default is False
    assert specs["hand_size"].default == 3
    assert "claim_must_include_last_pile" in SequentiaStack.info.rules_text
    assert "[decision]" in make_game(GAME_ID, 2).describe()


# ---------------------------------------------------------------------- notation and spaces
def test_the_docstring_position_reads_back_and_writes_out_unchanged() -> None:
    doc = sequentia_stack.__doc__ or ""
    example = doc[doc.index("    row:") : doc.index("``row``")]
    text = "\n".join(line.strip() for line in example.strip().splitlines())
    state = position(text)
    assert state.position_text() == text
    assert legal(state) == ["claim 2:232 1", "end"]
    assert len(state.set_aside) == 54 - 14


def test_positions_round_trip_through_their_text() -> None:
    state = sequenza.make(GAME_ID, players=3, seed=11)
    assert isinstance(state, SequentiaStackState)
    chooser = random.Random(4)
    for _ in range(30):
        state.apply(state.legal_actions()[chooser.randrange(len(state.legal_actions()))])
    again = position(state.position_text(), players=3)
    ignored = {"history", "log", "seed"}
    assert {k: v for k, v in again.data().items() if k not in ignored} == {
        k: v for k, v in state.data().items() if k not in ignored
    }


def test_unnamed_cards_form_a_shuffled_deck_when_no_deck_is_given() -> None:
    state = position("row: 1:121\nhands: 2:111 / 3:112")
    assert len(state.deck) == 51
    assert state.set_aside == []


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("hands: 2:111 2:111 / -", "appears twice"),
        ("hands: 2:999 / -", "is not a card"),
        ("hands: 2:111 / - / -", "hands gives 3 seats, the table has 2"),
        ("row: 2:111 | 2:121 | 3:122 | 1:131 | 1:133", "a row holds 1 to 4"),
        ("phase: thinking", "phase is one of"),
        ("to_act: 2", "to_act 2 is not a seat"),
        ("row: 2:111\nphase: simple_placed\nlast_pile: 3", "last_pile 3 is not a pile"),
        ("row: 2:111\nphase: simple_placed", "last_pile is given after a placement"),
        ("colour: red", "unknown position field"),
        ("just words", "field: value"),
    ],
)
def test_bad_positions_are_refused(text: str, error: str) -> None:
    with pytest.raises(NotationError, match=error):
        position(text)


def test_the_action_space_covers_every_card_target_and_verb() -> None:
    game = make_game(GAME_ID, 2)
    assert game.num_distinct_actions == 54 * 6 + 54 * 2 + 2
    for action_id in range(game.num_distinct_actions):
        assert game.action_to_id(game.action_from_id(action_id)) == action_id
    with pytest.raises(NotationError):
        game.action_from_id(game.num_distinct_actions)


# ---------------------------------------------------------------------- hidden information
def test_observations_show_only_the_own_hand() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 / 2:222 3:332")
    mine = state.observation(0)
    assert mine["hand"] == ["1:123", "1:133"]
    assert mine["hand_sizes"] == [2, 2]
    assert "2:222" not in json.dumps(mine)
    assert state.spectator_view()["hand"] is None
    assert [pile["top"] for pile in mine["row"]] == ["2:111", "2:121", "3:122", "1:131"]


def test_the_log_never_names_a_drawn_card() -> None:
    state = sequenza.make(GAME_ID, players=2, seed=9)
    assert isinstance(state, SequentiaStackState)
    chooser = random.Random(1)
    while not state.is_over:
        state.apply(state.legal_actions()[chooser.randrange(len(state.legal_actions()))])
        secret = set(texts(state.hands[0] + state.hands[1] + state.deck))
        assert not secret & set(json.dumps(state.log).replace('"', " ").split())


def test_determinize_deals_the_other_hands_and_the_deck_again() -> None:
    state = sequenza.make(GAME_ID, players=3, seed=4)
    assert isinstance(state, SequentiaStackState)
    twin = state.determinize(0, random.Random(2))
    assert twin.hands[0] == state.hands[0]
    assert twin.observation(0) == state.observation(0)
    assert (twin.hands[1:], twin.deck) != (state.hands[1:], state.deck)


def test_saved_games_load_back() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 / 2:222\nphase: turn_start")
    state.apply("place 1:133 1")
    restored = state_from_json(state.dumps())
    assert restored.dumps() == state.dumps()
    assert [str(action) for action in restored.legal_actions()] == legal(state)


# ---------------------------------------------------------------------- renderer
def test_the_renderer_shows_the_row_the_codes_and_the_own_hand_only() -> None:
    state = position(f"row: {FULL_ROW}\nhands: 1:133 1:123 / 2:222")
    state.apply("place 1:133 1")
    text = render(state.observation(0))
    assert "piles 1-2-3 spell 123, piles 2-3-4 spell 231" in text
    assert "Your hand: 1:123" in text
    assert "claim a sequence or end your turn" in text
    assert "2:222" not in text
    assert "Seat 1 placed a simple card" in render(state.observation(1))


# ---------------------------------------------------------------------- conformance
# Twenty deals at each player count here; bench/conformance.py soaks thousands more.
def test_conformance_quick() -> None:
    report = check_game(GAME_ID, games=20)
    assert report.games == 60


def test_conformance_quick_with_the_review_variant() -> None:
    report = check_game(GAME_ID, games=5, options={"claim_must_include_last_pile": True})
    assert report.games == 15
