"""Sequentia · Cross: one scenario per rule of RULES.md, errors, options and the kit."""

from __future__ import annotations

import doctest
import json
import random
from typing import Any

import pytest

import sequenza
from sequenza.app.render import render
from sequenza.components.sequentia_cards import sequentia_deck
from sequenza.core.actions import Action
from sequenza.core.errors import IllegalActionError, NotationError, OptionError
from sequenza.core.registry import make_game, state_from_json
from sequenza.games.sequentia_cross import rules as sequentia_cross
from sequenza.games.sequentia_cross.rules import (
    CrossGame,
    CrossState,
    CrossTermination,
    from_position,
)
from sequenza.testing import check_game

GAME_ID = "sequentia-cross"

# Top digits 1 2 3 in every row, so columns read 111, 222, 333 and every row 123.
STRIPES = "1:111+ 2:111 3:112 / 1:113 2:112+ 3:113+ / 1:121 2:121 3:122"
# The same with pile 2 empty, as once the deck has run dry.
GAP = "1:111+ 2:111 . / 1:113 2:112+ 3:113+ / 1:121 2:121 3:122"


def position(text: str, players: int = 2, **options: Any) -> CrossState:
    game = make_game(GAME_ID, players, **options)
    assert isinstance(game, CrossGame)
    return from_position(game, text)


def tops(state: CrossState) -> list[str | None]:
    return [pile["top"] for pile in state.observation(None)["grid"]]


def texts(cards: list[int]) -> list[str]:
    deck = sequentia_deck()
    return [str(deck[card]) for card in cards]


def events(state: CrossState, name: str) -> list[dict[str, Any]]:
    return [event for event in state.log if event["event"] == name]


def refused(state: CrossState, action: str, reason: str) -> None:
    before = state.dumps()
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(action)
    assert state.dumps() == before


# ---------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_nine_single_card_piles_and_three_cards_each(players: int) -> None:
    state = sequenza.make(GAME_ID, players=players, seed=5)
    assert isinstance(state, CrossState)
    assert [len(pile) for pile in state.grid] == [1] * 9
    assert [len(hand) for hand in state.hands] == [3] * players
    assert len(state.deck) == 54 - 9 - 3 * players
    assert state.current_seat == 0
    assert state.phase == "place"


def test_random_first_player_comes_from_the_seed() -> None:
    firsts = {
        sequenza.make(GAME_ID, players=4, seed=seed, random_first_player=True).current_seat
        for seed in range(20)
    }
    assert firsts == {0, 1, 2, 3}
    assert sequenza.make(GAME_ID, players=4, seed=3).current_seat == 0


# ---------------------------------------------------------------------- 1. place all
def test_a_card_may_not_cover_a_pile_showing_its_digit() -> None:
    state = position(f"grid: {STRIPES}\nhand0: 2:131 3:132\ndeck: 1:211+")
    legal = [str(action) for action in state.legal_actions()]
    assert "place 2:131 1" not in legal
    assert "place 2:131 0" in legal
    refused(state, "place 2:131 4", "cannot go on pile 4: its top digit is also 2")


def test_a_pile_is_covered_at_most_once_per_turn() -> None:
    state = position(f"grid: {STRIPES}\nhand0: 2:131 3:132\ndeck: 1:211+")
    state.apply("place 2:131 0")
    assert tops(state)[0] == "2:131"
    # Pile 0 now shows 2, which 3:132 could cover, but this player covered it already.
    refused(state, "place 3:132 0", "already covered it this turn")
    positions = sorted(int(action.args[1]) for action in state.legal_actions())
    assert positions == [1, 3, 4, 6, 7]


def test_the_player_must_place_every_card_before_the_turn_goes_on() -> None:
    state = position(f"grid: {STRIPES}\nhand0: 2:131 3:132 1:131\nhand1: 1:133\ndeck: 1:211+")
    state.apply("place 2:131 0")
    state.apply("place 3:132 1")
    assert state.current_seat == 0
    assert {action.verb for action in state.legal_actions()} == {"place"}
    state.apply("place 1:131 2")
    assert state.current_seat == 1


def test_an_empty_position_takes_any_card() -> None:
    state = position("grid: 2:111 2:121 2:122 / 2:131 . 2:132 / 2:211 2:212+ 2:221\nhand0: 2:222")
    assert [str(action) for action in state.legal_actions()] == ["place 2:222 4"]
    state.apply("place 2:222 4")
    assert tops(state)[4] == "2:222"


def test_a_card_left_without_an_allowed_position_is_discarded_for_good() -> None:
    state = position(
        "grid: 2:111 2:121 2:122 / 2:131 1:111+ 2:132 / 2:211 2:212+ 2:221\n"
        "hand0: 2:232 2:231\nhand1: 3:222\ndeck: 1:211+ 1:213 1:221 1:223"
    )
    state.apply("place 2:232 4")
    # 2:231 can go nowhere now: every other pile shows 2 and pile 4 is covered.
    assert texts(state.out_of_play)[-1] == "2:231"
    assert events(state, "discard") == [{"event": "discard", "seat": 0, "card": "2:231"}]
    assert "2:231" in state.observation(1)["out_of_play"]
    assert state.current_seat == 1
    holding = [name for name, zone in state.card_zones().items() if "2:231" in texts(zone)]
    assert holding == ["out_of_play"]


def test_a_hand_with_no_allowed_position_at_the_turn_start_is_discarded() -> None:
    state = position(
        "grid: 2:111 2:121 2:122 / 2:131 2:222 2:132 / 2:211 2:212+ 2:221\n"
        "hand0: 2:231\nhand1: 3:222\ndeck: 1:211+ 1:213 1:221 1:223"
    )
    assert events(state, "discard") == [{"event": "discard", "seat": 0, "card": "2:231"}]
    assert texts(state.hands[0]) == ["1:211+", "1:213", "1:221"]
    assert state.current_seat == 1


# ---------------------------------------------------------------------- 2. sequences
# Row 1 and column 1 both read 1-?-3 through the centre: 3:133 there makes both show 133.
CROSS = "grid: 3:222 1:111+ 2:111 / 1:121,1:113 2:112+ 3:112 / 2:121 3:113+ 3:122"


def test_a_row_and_a_column_through_one_card_offer_two_claims_never_both() -> None:
    state = position(f"{CROSS}\nhand0: 3:133\nhand1: 1:133\ndeck: 1:211+ 1:213 1:221 1:223")
    state.apply("place 3:133 4")
    assert state.sequences() == {"rows": [1], "columns": [1]}
    assert [str(action) for action in state.legal_actions()] == ["claim rows 1", "claim columns 1"]
    state.apply("claim columns 1")
    assert texts(state.collected[0]) == ["1:111+", "2:112+", "3:133", "3:113+"]
    # The crossing row was not collected: its side piles are still on the table.
    assert tops(state)[3] == "1:113" and tops(state)[5] == "3:112"


def test_the_claim_suggestion_marks_the_set_that_collects_most() -> None:
    state = position(f"{CROSS}\nhand0: 3:133\ndeck: 1:211+ 1:213 1:221 1:223")
    state.apply("place 3:133 4")
    claims = state.observation(0)["claims"]
    assert claims == [
        {"action": "claim rows 1", "lines": "rows", "indices": [1], "cards": 5, "suggested": True},
        {
            "action": "claim columns 1",
            "lines": "columns",
            "indices": [1],
            "cards": 4,
            "suggested": False,
        },
    ]
    assert state.observation(1)["claims"] == claims
    text = render(state.observation(0))
    assert "  claim rows 1: 5 cards   <- suggested" in text
    assert "  claim columns 1: 4 cards\n" in text + "\n"


def test_the_player_chooses_which_set_of_sequences_to_claim() -> None:
    # Rows 0 and 2 read 2-2-3 and 1-2-2: 1:123 on pile 0 and 3:123 on pile 8 make both 1-2-3.
    state = position(
        "grid: 2:111 2:112+ 3:112 / 1:113 3:113+ 2:121 / 1:121 2:122 2:131\n"
        "hand0: 1:123 3:123\nhand1: 1:133\ndeck: 1:211+ 1:213 1:221 1:223 1:231 1:233"
    )
    refused(state, "claim rows 0", "place every card of your hand first")
    state.apply("place 1:123 0")
    state.apply("place 3:123 8")
    assert state.sequences() == {"rows": [0, 2], "columns": []}
    assert [str(action) for action in state.legal_actions()] == [
        "claim rows 0",
        "claim rows 2",
        "claim rows 0 2",
    ]
    assert [(choice.action, choice.suggested) for choice in state.claim_choices()] == [
        ("claim rows 0", False),
        ("claim rows 2", False),
        ("claim rows 0 2", True),
    ]
    state.apply("claim rows 0 2")
    assert state.scores() == [8, 0]
    assert events(state, "claim")[-1] == {
        "event": "claim",
        "seat": 0,
        "lines": "rows",
        "indices": [0, 2],
        "cards": 8,
    }
    assert [len(pile) for pile in state.grid] == [1] * 9


def test_a_claim_of_one_sequence_leaves_the_other_on_the_table() -> None:
    state = position(
        "grid: 2:111 2:112+ 3:112 / 1:113 3:113+ 2:121 / 1:121 2:122 2:131\n"
        "hand0: 1:123 3:123\nhand1: 1:133\ndeck: 1:211+ 1:213 1:221 1:223 1:231 1:233"
    )
    play = ["place 1:123 0", "place 3:123 8", "claim rows 2"]
    for action in play:
        state.apply(action)
    assert events(state, "claim")[-1]["indices"] == [2] and state.scores() == [4, 0]
    # Row 0 still shows 1-2-3 with its two-card pile; row 2 was refilled from the deck.
    assert [len(pile) for pile in state.grid] == [2, 1, 1, 1, 1, 1, 1, 1, 1]
    assert tops(state)[6:] == ["1:211+", "1:213", "1:221"]


def test_a_claim_never_mixes_rows_and_columns() -> None:
    state = position(f"{CROSS}\nhand0: 3:133\nhand1: 1:133\ndeck: 1:211+ 1:213 1:221 1:223")
    state.apply("place 3:133 4")
    refused(state, "claim rows 1 2", "row 2: no sequence")
    refused(state, "claim rows 1 1", "each once and in order")
    with pytest.raises(NotationError):
        state.game.action_to_id(Action.parse("claim rows 2 0"))


def test_only_lines_through_a_card_placed_this_turn_read_forwards_count() -> None:
    # Row 0 shows 123, the code of 3:123 on pile 2, placed in an earlier turn; row 2 shows
    # 321 but does not run through pile 4; row 1 through pile 4 reads 321 only backwards.
    state = position(
        "grid: 1:111+ 2:111 3:123 / 1:113 1:121 3:113+ / 3:112 2:121 1:123\n"
        "hand0: 2:321\nhand1: 1:133\ndeck: 1:211+ 1:213 1:221 1:223"
    )
    state.apply("place 2:321 4")  # row 1: 1-2-3, column 1: 2-2-2
    assert state.sequences() == {"rows": [], "columns": []}
    assert events(state, "no_sequence") == [{"event": "no_sequence", "seat": 0}]
    assert state.current_seat == 1


def test_sequences_are_read_once_every_card_is_placed() -> None:
    # 1:123 goes on pile 0 first (row 0: 1-2-2); 3:312 on pile 2 then completes 1-2-3.
    state = position(
        "grid: 2:111 2:112+ 2:121 / 1:113 1:121 1:131 / 3:122 3:132 3:133\n"
        "hand0: 1:123 3:312\ndeck: 1:211+ 1:213 1:221 1:223 1:231 1:233"
    )
    state.apply("place 1:123 0")
    state.apply("place 3:312 2")
    assert state.sequences() == {"rows": [0], "columns": []}
    assert [str(action) for action in state.legal_actions()] == ["claim rows 0"]


def test_a_line_counts_once_its_empty_position_is_filled() -> None:
    state = position(f"grid: {GAP}\nhand0: 3:123")
    state.apply("place 3:123 2")  # row 0 reads 1-2-3 only now that pile 2 holds a card
    assert state.sequences() == {"rows": [0], "columns": []}


# ---------------------------------------------------------------------- 3. collect, refill
def test_collecting_takes_the_cards_underneath_and_refills_from_the_deck() -> None:
    state = position(f"{CROSS}\nhand0: 3:133\nhand1: 1:133\ndeck: 1:211+ 1:213 1:221 1:223")
    state.apply("place 3:133 4")
    state.apply("claim rows 1")
    assert sorted(texts(state.collected[0])) == sorted(
        ["1:121", "1:113", "2:112+", "3:133", "3:112"]
    )
    assert state.scores() == [5, 0]
    # Each emptied position gets one card, in position order, from the top of the deck.
    assert [len(state.grid[p]) for p in (3, 4, 5)] == [1, 1, 1]
    assert tops(state)[3:6] == ["1:211+", "1:213", "1:221"]
    assert events(state, "refill")[-1]["positions"] == {"3": "1:211+", "4": "1:213", "5": "1:221"}


def test_the_refill_goes_as_far_as_the_deck_allows() -> None:
    state = position(f"{CROSS}\nhand0: 3:133\nhand1: 1:133\ndeck: 1:211+ 1:213")
    state.apply("place 3:133 4")
    state.apply("claim rows 1")
    assert tops(state)[3:6] == ["1:211+", "1:213", None]
    assert state.deck == []
    assert state.hands[0] == []


# ---------------------------------------------------------------------- 4. draw
def test_the_player_draws_three_new_cards_at_the_end_of_the_turn() -> None:
    state = position(
        f"{CROSS}\nhand0: 3:133\nhand1: 1:133\ndeck: 1:211+ 1:213 1:221 1:223 1:231 1:233 1:311+"
    )
    state.apply("place 3:133 4")
    state.apply("claim rows 1")
    assert texts(state.hands[0]) == ["1:223", "1:231", "1:233"]
    assert texts(state.deck) == ["1:311+"]
    assert events(state, "draw")[-1] == {"event": "draw", "seat": 0, "cards": 3, "deck": 1}
    assert state.current_seat == 1


def test_the_draw_goes_as_far_as_the_deck_allows() -> None:
    state = position(f"grid: {STRIPES}\nhand0: 2:131\nhand1: 1:133\ndeck: 1:211+ 1:213")
    state.apply("place 2:131 0")
    assert texts(state.hands[0]) == ["1:211+", "1:213"]
    assert state.deck == []


# ---------------------------------------------------------------------- end of the game
def test_the_game_ends_when_the_deck_is_empty_and_no_hand_holds_a_card() -> None:
    state = position(
        f"grid: {STRIPES}\nhand0: 2:131\nhand1: 2:132\ncollected0: 1:211+ 1:213\ncollected1: 1:221"
    )
    state.apply("place 2:131 0")
    assert not state.is_over and state.current_seat == 1
    state.apply("place 2:132 3")
    assert state.is_over
    result = state.result()
    assert result is not None and result.scores == (2.0, 1.0) and result.winners == (0,)
    assert result.termination is CrossTermination.DECK_EXHAUSTED
    assert not result.termination.is_stall
    assert events(state, "game_over")[-1]["termination"] == "deck_exhausted"
    assert state.legal_actions() == []


def test_equal_collections_share_the_win() -> None:
    state = position(
        f"grid: {STRIPES}\nhand0: 2:131\ncollected0: 1:211+ 1:213\ncollected1: 1:221 1:223"
    )
    state.apply("place 2:131 0")
    result = state.result()
    assert result is not None and result.winners == (0, 1)
    assert result.payoffs == (0.5, 0.5)


def test_a_seat_with_no_card_passes_while_others_still_hold_cards() -> None:
    state = position(f"grid: {STRIPES}\nhand1: 2:131\nhand2: 2:132", players=3)
    assert events(state, "pass") == [{"event": "pass", "seat": 0}]
    assert state.current_seat == 1


def test_stall_rule_ends_after_full_rounds_without_a_claim_on_an_empty_deck() -> None:
    # With stall_rounds=2 at two seats the limit is 4 turns; three have gone by already.
    text = f"grid: {STRIPES}\nhand0: 2:131\nhand1: 2:132\nidle_turns: 3"
    state = position(text, stall_rounds=2)
    state.apply("place 2:131 0")
    assert state.is_over
    assert state.hands[1] != []
    result = state.result()
    assert result is not None and result.termination is CrossTermination.STALL
    assert result.termination.is_stall
    assert events(state, "game_over")[-1]["rounds"] == 2


def test_a_claim_resets_the_stall_count() -> None:
    state = position(f"{CROSS}\nhand0: 3:133\nhand1: 1:133\nidle_turns: 5")
    state.apply("place 3:133 4")
    state.apply("claim rows 1")
    assert state.idle_turns == 0 and not state.is_over


def test_turns_with_cards_left_in_the_deck_do_not_count_for_the_stall() -> None:
    state = position(f"grid: {STRIPES}\nhand0: 2:131\nhand1: 2:132\ndeck: 1:211+")
    state.apply("place 2:131 0")
    assert state.idle_turns == 0
    state.apply("place 2:132 3")
    assert state.idle_turns == 1


# ---------------------------------------------------------------------- errors
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    state = position(f"grid: {STRIPES}\nhand0: 2:131 3:132\ndeck: 1:211+")
    refused(state, "place 1:133 0", "card 1:133 is not in your hand")
    refused(state, "place 2:131 9", "there is no position 9")
    refused(state, "place 9:999 0", "is not a Sequentia card")
    refused(state, "claim rows 0", "place every card of your hand first")
    refused(state, "pass", "the actions are place CARD POSITION")
    refused(state, "place 2:131", "write place CARD POSITION")
    claiming = position(f"{CROSS}\nhand0: 3:133\ndeck: 1:211+ 1:213 1:221 1:223")
    claiming.apply("place 3:133 4")
    refused(claiming, "place 1:211+ 0", "your hand is empty: claim")
    refused(claiming, "claim diagonals", "write claim rows or claim columns and the lines")
    one_way = position(f"grid: {GAP}\nhand0: 3:123")
    one_way.apply("place 3:123 2")
    refused(
        one_way,
        "claim columns 2",
        "column 2: no sequence, it does not run through a card you placed",
    )


def test_a_finished_game_refuses_everything() -> None:
    state = position(f"grid: {STRIPES}\nhand0: 2:131")
    state.apply("place 2:131 0")
    assert state.is_over
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply("place 2:131 1")


def test_bad_positions_are_refused() -> None:
    game = make_game(GAME_ID, 2)
    assert isinstance(game, CrossGame)
    with pytest.raises(NotationError, match="appears twice"):
        from_position(game, f"grid: {STRIPES}\nhand0: 2:111")
    with pytest.raises(NotationError, match="needs 9 piles"):
        from_position(game, "grid: 1:111+ 2:111")
    with pytest.raises(NotationError, match="unknown position field 'hand2'"):
        from_position(game, f"grid: {STRIPES}\nhand2: 2:131")
    with pytest.raises(NotationError, match="not a seat"):
        from_position(game, f"grid: {STRIPES}\nto_act: 2")


# ---------------------------------------------------------------------- options, actions
def test_options_are_validated_and_the_stall_rule_is_a_named_decision() -> None:
    with pytest.raises(OptionError, match="stall_rounds"):
        sequenza.make(GAME_ID, players=2, stall_rounds=0)
    with pytest.raises(OptionError, match="unknown option"):
        sequenza.make(GAME_ID, players=2, slides=3)
    with pytest.raises(OptionError, match="2-4 players"):
        sequenza.make(GAME_ID, players=5)
    (spec,) = [s for s in CrossGame.options_class.specs() if s.name == "stall_rounds"]
    assert spec.decision and spec.default == 3
    assert "stall_rounds" in CrossGame.info.rules_text
    assert "stall_rounds = 3" in make_game(GAME_ID, 2).describe()


def test_every_action_id_maps_to_an_action_and_back() -> None:
    game = make_game(GAME_ID, 2)
    assert game.num_distinct_actions == 54 * 9 + 2 * 7  # 7 sets of rows, 7 of columns
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        assert Action.parse(str(action)) == action
        assert game.action_to_id(action) == action_id
    assert str(game.action_from_id(0)) == "place 1:111+ 0"
    assert str(game.action_from_id(487)) == "claim rows 1"
    with pytest.raises(NotationError):
        game.action_to_id(Action.parse("place 2:131 9"))
    assert str(game.action_from_id(499)) == "claim columns 0 1 2"
    with pytest.raises(NotationError):
        game.action_from_id(500)


# ---------------------------------------------------------------------- information
def test_observations_hide_other_hands_and_the_deck_order() -> None:
    state = sequenza.make(GAME_ID, players=3, seed=11)
    assert isinstance(state, CrossState)
    seen = state.observation(1)
    assert seen["hand"] == texts(state.hands[1])
    text = json.dumps(seen)
    for seat in (0, 2):
        for card in texts(state.hands[seat]):
            assert card not in text
    for card in texts(state.deck):
        assert card not in text
    assert state.observation(None)["hand"] is None
    assert seen["hand_sizes"] == [3, 3, 3] and seen["deck_size"] == len(state.deck)


def test_determinising_keeps_the_seat_s_hand_and_the_table() -> None:
    state = sequenza.make(GAME_ID, players=2, seed=4)
    assert isinstance(state, CrossState)
    twin = state.determinize(0, random.Random(1))
    assert twin.hands[0] == state.hands[0] and twin.grid == state.grid
    assert twin.hands[1] != state.hands[1] or twin.deck != state.deck
    assert twin.legal_actions() == state.legal_actions()


def test_a_saved_game_loads_back_mid_turn() -> None:
    state = position(f"{CROSS}\nhand0: 3:133\ndeck: 1:211+ 1:213 1:221 1:223")
    state.apply("place 3:133 4")
    restored = state_from_json(state.dumps())
    assert restored.dumps() == state.dumps()
    assert restored.legal_actions() == state.legal_actions()


def test_the_renderer_draws_the_grid_hand_and_scores() -> None:
    state = position(f"{CROSS}\nhand0: 3:133\nhand1: 1:133\ncollected1: 1:223\ndeck: 1:211+ 1:213")
    state.apply("place 3:133 4")
    text = render(state.observation(0))
    assert "To act: you (claim sequences)" in text
    assert "|     3     |" in text and "3:133" in text and "x2" in text and "*" in text
    assert "Seat 2: 1 card in hand, 1 card collected" in text
    assert "  claim columns 1: 4 cards" in text
    assert "1:133" not in text


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(sequentia_cross)
    assert tried > 0 and failures == 0


# ---------------------------------------------------------------------- conformance
# Twenty deals at each player count here; bench/conformance.py soaks thousands more.
def test_conformance_quick() -> None:
    report = check_game(GAME_ID, games=20)
    assert report.games == 60


def test_conformance_with_options() -> None:
    check_game(GAME_ID, games=10, options={"random_first_player": True, "stall_rounds": 1})
