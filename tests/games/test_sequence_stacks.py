"""Sequence Stacks: one scenario per rule of RULES.md, errors, options and the kit."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from typing import Any

import pytest

import sequenza
from sequenza.app.render import render
from sequenza.core.actions import Action
from sequenza.core.errors import IllegalActionError, NotationError, OptionError
from sequenza.core.game import State
from sequenza.core.registry import make_game, state_from_json
from sequenza.games.sequence_stacks import rules as sequence_stacks
from sequenza.games.sequence_stacks.rules import (
    StacksGame,
    StacksState,
    StacksTermination,
    from_position,
)
from sequenza.testing import check_game

GAME_ID = "sequence-stacks"


def position(text: str, players: int = 3, **options: Any) -> StacksState:
    game = make_game(GAME_ID, players, **options)
    assert isinstance(game, StacksGame)
    return from_position(game, text)


def hand(state: StacksState, seat: int) -> list[str]:
    return sorted(
        sequence_stacks.FACES[sequence_stacks.CARD_FACE[card]] for card in state.hands[seat]
    )


def pile(state: StacksState, name: str) -> list[str]:
    return next(p["cards"] for p in state.observation(None)["piles"] if p["name"] == name)


def events(state: StacksState, name: str) -> list[dict[str, Any]]:
    return [event for event in state.log if event["event"] == name]


def legal(state: StacksState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def refused(state: State[Any], action: str, reason: str) -> None:
    before = state.dumps()
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(action)
    assert state.dumps() == before


def play(state: StacksState, *actions: str) -> None:
    for action in actions:
        state.apply(action)


# ---------------------------------------------------------------------- the deck and setup
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_to_six_players_use_all_120_cards(players: int) -> None:
    state = sequenza.make(GAME_ID, players=players, seed=3)
    assert isinstance(state, StacksState)
    faces = Counter(
        sequence_stacks.FACES[sequence_stacks.CARD_FACE[card]]
        for cards in state.card_zones().values()
        for card in cards
    )
    assert sum(faces.values()) == 120
    for colour in ("blue", "red"):
        assert [faces[f"{colour}-{value}"] for value in range(1, 6)] == [9] * 5
        assert faces[f"{colour}-wild"] == 7
    assert (faces["skip"], faces["reverse"], faces["steal-card"], faces["block"]) == (3, 3, 3, 3)
    assert faces["steal-chip"] == 4
    assert state.removed == []
    assert [len(cards) for cards in state.hands] == [5] * players
    assert len(state.draw_pile) == 120 - 5 * players
    assert state.supply == [20, 20]
    assert state.current_seat == 0


def test_two_players_play_with_112_cards_without_reverse() -> None:
    state = sequenza.make(GAME_ID, players=2, seed=3)
    assert isinstance(state, StacksState)
    removed: Counter[str] = Counter(state.observation(None)["removed"])
    assert removed == Counter(
        {"reverse": 3, "block": 1, "steal-chip": 2, "steal-card": 1, "skip": 1}
    )
    assert len(state.draw_pile) + sum(len(cards) for cards in state.hands) == 112


def test_random_first_player_is_drawn_from_the_seed() -> None:
    firsts = {
        sequenza.make(GAME_ID, players=4, seed=seed, random_first_player=True).current_seat
        for seed in range(20)
    }
    assert len(firsts) > 1
    assert sequenza.make(GAME_ID, players=4, seed=5, random_first_player=True).current_seat == (
        sequenza.make(GAME_ID, players=4, seed=5, random_first_player=True).current_seat
    )


# ---------------------------------------------------------------------- piles
def test_a_pile_starts_with_a_one_and_goes_up_by_one() -> None:
    state = position("hand0: red-1 red-2 red-4 blue-3 skip")
    assert "play red-2 hand new" not in legal(state)
    refused(state, "play red-2 hand new", "a new pile starts with a 1 or a wild")
    play(state, "play red-1 hand new", "play red-2 hand 1")
    assert pile(state, "red 1") == ["red-1", "red-2"]
    refused(state, "play red-4 hand 1", "red-4 does not fit red 1: it needs a 3")
    refused(state, "play blue-3 hand 1", "blue 1 is empty")


def test_a_wild_stands_for_one_when_it_starts_a_pile() -> None:
    state = position("hand0: blue-wild blue-2 skip")
    play(state, "play blue-wild hand new", "play blue-2 hand 1")
    assert pile(state, "blue 1") == ["blue-wild", "blue-2"]


def test_a_wild_stands_for_five_and_completes_the_pile() -> None:
    state = position("hand0: red-wild skip\nred1: red-1 red-2 red-3 red-4", players=2)
    play(state, "play red-wild hand 1")
    assert events(state, "completed") == [
        {"event": "completed", "seat": 0, "colour": "red", "pile": 1}
    ]
    assert state.current_seat == 1
    play(state, "allow")
    assert state.chips[0] == [0, 1]
    assert pile(state, "red 1") == []
    assert sorted(state.observation(None)["set_aside"]) == [
        "red-1",
        "red-2",
        "red-3",
        "red-4",
        "red-wild",
    ]


def test_a_wild_is_of_its_colour_only() -> None:
    state = position("hand0: blue-wild skip\nred1: red-1")
    assert legal(state)[:1] == ["play blue-wild hand new"]
    assert not any("hand 1" in action for action in legal(state))


def test_a_third_pile_of_one_colour_is_refused() -> None:
    state = position("hand0: red-1 red-wild blue-1 skip\nred1: red-1\nred2: red-wild red-2")
    assert "play red-1 hand new" not in legal(state)
    refused(state, "play red-1 hand new", "red already has 2 piles")
    refused(state, "play red-wild hand new", "red already has 2 piles")
    play(state, "play blue-1 hand new")
    assert pile(state, "blue 1") == ["blue-1"]


def test_a_new_pile_takes_the_free_slot() -> None:
    state = position("hand0: red-1 skip\nred2: red-1 red-2")
    play(state, "play red-1 hand new")
    assert pile(state, "red 1") == ["red-1"]


# ---------------------------------------------------------------------- sources
def test_cards_play_from_the_hand_or_the_top_of_ones_own_discard_pile() -> None:
    state = position(
        "hand0: skip\ndiscard0: red-2 red-1\ndiscard1: blue-1\nred1: red-1 red-2", players=2
    )
    assert legal(state) == ["play skip hand", "play red-1 discard new", "discard skip"]
    refused(state, "play red-2 discard 1", "the top of your discard pile is red-1, not red-2")
    refused(state, "play blue-1 discard new", "the top of your discard pile is red-1")
    play(state, "play red-1 discard new")
    assert state.observation(None)["discards"][0] == ["red-2"]
    play(state, "play red-2 discard 2")
    assert pile(state, "red 2") == ["red-1", "red-2"]
    assert state.discards[0] == []


# ---------------------------------------------------------------------- action cards
def test_skip_with_three_players_the_next_player_loses_a_turn() -> None:
    state = position("hand0: skip red-3\nhand1: red-3\nhand2: blue-3")
    play(state, "play skip hand")
    assert state.skips == [0, 1, 0]
    assert state.observation(None)["action_discard"] == ["skip"]
    play(state, "discard red-3")
    assert state.current_seat == 2
    assert state.skips == [0, 0, 0]
    assert events(state, "turn_lost") == [{"event": "turn_lost", "seat": 1}]
    play(state, "discard blue-3")
    assert state.current_seat == 0


def test_skips_add_up() -> None:
    state = position("hand0: skip skip red-3")
    play(state, "play skip hand", "play skip hand")
    assert state.skips == [0, 2, 0]
    play(state, "discard red-3")
    assert (state.current_seat, state.skips) == (2, [0, 1, 0])


def test_skip_with_two_players_gives_the_player_another_turn() -> None:
    state = position("hand0: skip red-3 red-4\nhand1: blue-3", players=2)
    play(state, "play skip hand", "discard red-3")
    assert state.current_seat == 0
    assert state.turn_seat == 0
    play(state, "discard red-4")
    assert state.current_seat == 1


def test_reverse_with_three_players_flips_the_direction() -> None:
    state = position("hand0: reverse red-3\nhand2: blue-3\nhand1: blue-4")
    play(state, "play reverse hand", "discard red-3")
    assert state.current_seat == 2
    assert state.direction == -1
    play(state, "discard blue-3")
    assert state.current_seat == 1


def test_skip_after_reverse_hits_the_player_in_the_new_direction() -> None:
    state = position("hand0: reverse skip red-3\nhand1: blue-3")
    play(state, "play reverse hand", "play skip hand", "discard red-3")
    assert state.skips == [0, 0, 0]
    assert state.current_seat == 1
    assert events(state, "turn_lost") == [{"event": "turn_lost", "seat": 2}]


def test_steal_a_card_takes_the_top_of_an_opponents_discard_pile() -> None:
    state = position("hand0: steal-card red-3\ndiscard1: blue-1 red-4\ndiscard2: blue-2")
    assert [a for a in legal(state) if a.startswith("play steal-card")] == [
        "play steal-card hand 1",
        "play steal-card hand 2",
    ]
    play(state, "play steal-card hand 1")
    assert hand(state, 0) == ["red-3", "red-4"]
    assert state.observation(None)["discards"][1] == ["blue-1"]
    assert state.observation(None)["known_cards"][0] == ["red-4"]
    assert state.observation(None)["action_discard"] == ["steal-card"]
    assert events(state, "stole_card")[0]["card"] == "red-4"
    play(state, "discard red-4")
    assert state.observation(None)["known_cards"][0] == []


def test_steal_a_card_needs_a_card_to_take() -> None:
    state = position("hand0: steal-card red-3\ndiscard1: blue-1")
    refused(state, "play steal-card hand 2", "seat 2's discard pile is empty")
    refused(state, "play steal-card hand 0", "steal from an opponent")
    refused(state, "play steal-card hand 5", "there is no seat 5")


def test_steal_a_chip_takes_any_chip_of_an_opponent() -> None:
    state = position("hand0: steal-chip red-3\nchips0: blue 1\nchips1: blue 1 red 2")
    assert [a for a in legal(state) if a.startswith("play steal-chip")] == [
        "play steal-chip hand 1 blue",
        "play steal-chip hand 1 red",
    ]
    play(state, "play steal-chip hand 1 red")
    assert state.chips[0] == [1, 1]
    assert state.chips[1] == [1, 1]
    assert state.supply == [18, 18]
    assert not state.is_over


def test_steal_a_chip_may_not_win_the_game() -> None:
    state = position("hand0: steal-chip red-3\nchips0: blue 2 red 2\nchips1: blue 1 red 3")
    assert not any(action.startswith("play steal-chip") for action in legal(state))
    refused(state, "play steal-chip hand 1 red", "Steal-a-Chip may not win the game")
    refused(state, "play steal-chip hand 1 blue", "may not win")
    refused(state, "play steal-chip hand 2 red", "seat 2 has no red chip")


def test_steal_a_chip_is_refused_only_for_the_winning_colour() -> None:
    state = position("hand0: steal-chip red-3\nchips0: blue 1 red 3\nchips1: blue 1 red 3")
    assert [a for a in legal(state) if a.startswith("play steal-chip")] == [
        "play steal-chip hand 1 red"
    ]


def test_an_action_card_plays_from_the_discard_pile_too() -> None:
    state = position("hand0: red-3\ndiscard0: skip\nhand1: blue-3")
    play(state, "play skip discard")
    assert state.skips == [0, 1, 0]
    assert state.discards[0] == []


# ---------------------------------------------------------------------- drawing
def test_the_turn_starts_by_drawing_up_to_five() -> None:
    state = position("hand0: red-3\nhand1: blue-3 blue-4\ndraw: red-1 red-2 red-4 red-5 blue-1")
    play(state, "discard red-3")
    assert hand(state, 1) == ["blue-3", "blue-4", "red-1", "red-2", "red-4"]
    assert events(state, "draw") == [{"event": "draw", "seat": 1, "cards": 3}]


def test_draw_up_to_option_changes_the_turn_start_draw() -> None:
    state = position("hand0: red-3\nhand1: blue-3 blue-4\ndraw: red-1 red-2 red-4", draw_up_to=3)
    play(state, "discard red-3")
    assert hand(state, 1) == ["blue-3", "blue-4", "red-1"]
    state = position("hand0: red-3\nhand1: blue-3\nhand2:\ndraw: red-1 red-2", draw_up_to=0)
    play(state, "discard red-3")
    assert hand(state, 1) == ["blue-3"]
    play(state, "discard blue-3")
    assert len(state.hands[2]) == 5


def test_drawing_five_more_after_playing_out_the_hand() -> None:
    state = position(
        "hand0: red-1 red-2\ndraw: blue-1 blue-2 blue-3 blue-4 blue-5 red-5", players=2
    )
    play(state, "play red-1 hand new")
    assert len(state.hands[0]) == 1
    play(state, "play red-2 hand 1")
    assert hand(state, 0) == ["blue-1", "blue-2", "blue-3", "blue-4", "blue-5"]
    assert state.current_seat == 0
    assert events(state, "draw") == [{"event": "draw", "seat": 0, "cards": 5}]
    play(state, "play blue-1 hand new", "play blue-2 hand 1")
    assert state.current_seat == 0


@pytest.mark.parametrize("limit", [1, 5])
def test_a_turn_refills_an_emptied_hand_at_most_turn_refill_limit_times(limit: int) -> None:
    # With red's chips gone, a red pile completed gives no chip and its cards come straight
    # back: without a limit this hand would build the same pile again for ever.
    state = position(
        "hand0: red-1 red-2 red-3 red-4 red-5\nsupply: blue 20 red 0\nrest: discard1",
        players=2,
        turn_refill_limit=limit,
    )
    for _ in range(100):
        if legal(state) == ["end"]:
            break
        plays = [action for action in legal(state) if action.startswith("play")]
        play(state, plays[0] if plays else "allow")
    assert legal(state) == ["end"]
    assert hand(state, 0) == []
    assert len(events(state, "completed")) == limit + 1
    assert events(state, "draw") == [{"event": "draw", "seat": 0, "cards": 5}] * limit
    assert events(state, "refills_used") == [{"event": "refills_used", "seat": 0, "refills": limit}]
    play(state, "end")
    assert state.current_seat == 1
    assert state.refills == 0


def test_the_refill_count_is_the_turns_own() -> None:
    # Four refills earlier in this turn: the fifth is still allowed, the sixth is not; and
    # with nothing left to draw the limit says nothing.
    state = position("hand0: red-1\nrefills: 4\nrest: draw", players=2)
    play(state, "play red-1 hand new")
    assert len(state.hands[0]) == 5 and state.refills == 5
    state = position("hand0: red-1\nrefills: 5\nrest: draw", players=2)
    play(state, "play red-1 hand new")
    assert state.hands[0] == [] and events(state, "refills_used")
    state = position("hand0: red-1\nrefills: 5\nrest: discard1", players=2)
    play(state, "play red-1 hand new")
    assert state.hands[0] == [] and not events(state, "refills_used")


def test_the_set_aside_stack_is_reshuffled_when_the_draw_pile_runs_out() -> None:
    state = position(
        "hand0: red-3\nhand1: blue-3 blue-4 blue-5\ndraw: red-2\n"
        "set_aside: blue-1 blue-2 blue-wild blue-4 blue-5\nrest: discard2"
    )
    play(state, "discard red-3")
    assert events(state, "reshuffle") == [{"event": "reshuffle", "cards": 5}]
    assert len(state.hands[1]) == 5
    assert "red-2" in hand(state, 1)
    assert state.set_aside == []
    drawn_and_left = Counter(hand(state, 1)) - Counter(["blue-3", "blue-4", "blue-5", "red-2"])
    drawn_and_left += Counter(
        sequence_stacks.FACES[sequence_stacks.CARD_FACE[c]] for c in state.draw_pile
    )
    assert drawn_and_left == Counter(["blue-1", "blue-2", "blue-wild", "blue-4", "blue-5"])


# ---------------------------------------------------------------------- completion and Block
def test_completion_gives_a_chip_when_every_opponent_allows() -> None:
    state = position("hand0: red-5 blue-3\nred1: red-1 red-2 red-3 red-4\nhand1: block")
    play(state, "play red-5 hand 1")
    assert state.current_seat == 1
    assert legal(state) == ["allow", "block"]
    play(state, "allow")
    assert state.current_seat == 2
    assert legal(state) == ["allow"]
    assert state.chips[0] == [0, 0]
    play(state, "allow")
    assert state.chips[0] == [0, 1]
    assert state.supply == [20, 19]
    assert state.current_seat == 0
    assert state.set_aside and pile(state, "red 1") == []
    assert legal(state) == ["discard blue-3"]


def test_block_by_the_second_opponent_after_the_first_lets_it_pass() -> None:
    state = position(
        "hand0: blue-wild red-3\nblue2: blue-1 blue-2 blue-3 blue-4\n"
        "hand1: block blue-1\nhand2: block red-1"
    )
    play(state, "play blue-wild hand 2", "allow")
    assert state.current_seat == 2
    assert legal(state) == ["allow", "block"]
    play(state, "block")
    assert state.chips == [[0, 0], [0, 0], [0, 0]]
    assert state.supply == [20, 20]
    assert pile(state, "blue 2") == []
    assert len(state.set_aside) == 5
    assert state.observation(None)["action_discard"] == ["block"]
    assert hand(state, 2) == ["red-1"]
    assert hand(state, 1) == ["block", "blue-1"]
    assert state.current_seat == 0
    assert legal(state) == ["discard red-3"]


def test_the_block_window_asks_in_the_current_direction() -> None:
    state = position("hand0: red-5 blue-3\nred1: red-1 red-2 red-3 red-4\ndirection: -1")
    play(state, "play red-5 hand 1")
    assert state.current_seat == 2
    assert state.observation(None)["block"] == {"seat": 0, "pile": "red 1", "waiting": [2, 1]}


def test_players_without_a_block_are_asked_too() -> None:
    state = position("hand0: red-5 blue-3\nred1: red-1 red-2 red-3 red-4", players=4)
    play(state, "play red-5 hand 1")
    asked = []
    while state.current_seat != 0:
        asked.append(state.current_seat)
        assert legal(state) == ["allow"]
        refused(state, "block", "you hold no Block card")
        refused(state, "discard blue-3", "seat 0 completed red 1: seat .* must answer first")
        play(state, "allow")
    assert asked == [1, 2, 3]


def test_block_is_only_an_answer() -> None:
    state = position("hand0: block red-3")
    assert legal(state) == ["discard red-3", "discard block"]
    refused(state, "block", "a Block only answers a completed pile")
    refused(state, "allow", "there is no completed pile to answer")


def test_no_chip_when_the_colours_supply_is_empty() -> None:
    state = position(
        "hand0: red-5 blue-3\nred1: red-1 red-2 red-3 red-4\nsupply: blue 20 red 0", players=2
    )
    play(state, "play red-5 hand 1", "allow")
    assert state.chips[0] == [0, 0]
    assert events(state, "no_chip") == [
        {"event": "no_chip", "seat": 0, "colour": "red", "reason": "supply_empty"}
    ]
    assert len(state.set_aside) == 5


def test_completing_with_the_last_card_draws_five_more_after_the_window() -> None:
    state = position(
        "hand0: red-5\nred1: red-1 red-2 red-3 red-4\ndraw: blue-1 blue-2 blue-3 blue-4 skip",
        players=2,
    )
    play(state, "play red-5 hand 1")
    assert state.hands[0] == []
    play(state, "allow")
    assert hand(state, 0) == ["blue-1", "blue-2", "blue-3", "blue-4", "skip"]
    assert state.current_seat == 0


# ---------------------------------------------------------------------- end of turn
def test_the_turn_ends_with_a_discard_onto_ones_own_pile() -> None:
    state = position("hand0: red-3 red-4\ndiscard0: blue-1")
    refused(state, "end", "you hold cards: end your turn by discarding one")
    refused(state, "discard blue-2", "you hold no blue-2")
    play(state, "discard red-4")
    assert state.observation(None)["discards"][0] == ["blue-1", "red-4"]
    assert state.current_seat == 1


def test_with_an_empty_hand_and_nothing_to_draw_the_turn_ends_without_a_discard() -> None:
    state = position("hand0:\ndiscard0: red-1\nhand1: blue-3\nrest: discard2")
    assert legal(state) == ["play red-1 discard new", "end"]
    play(state, "end")
    assert state.current_seat == 1
    assert state.discards[0] != []


# ---------------------------------------------------------------------- winning
def test_five_chips_with_two_of_each_colour_win_at_once() -> None:
    state = position(
        "hand0: blue-5 red-3\nblue1: blue-1 blue-2 blue-3 blue-4\nchips0: blue 1 red 3",
        players=2,
    )
    play(state, "play blue-5 hand 1", "allow")
    assert state.is_over
    result = state.result()
    assert result is not None
    assert result.winners == (0,)
    assert result.scores == (5.0, 0.0)
    assert result.termination is StacksTermination.CHIPS_COLLECTED
    assert not result.termination.is_stall
    assert state.legal_actions() == []


def test_five_chips_without_two_of_each_colour_do_not_win() -> None:
    state = position(
        "hand0: red-5 red-3\nred1: red-1 red-2 red-3 red-4\nchips0: blue 1 red 3", players=2
    )
    play(state, "play red-5 hand 1", "allow")
    assert state.chips[0] == [1, 4]
    assert not state.is_over


def test_a_player_past_five_chips_wins_once_two_of_each_colour_are_held() -> None:
    # Five chips, one blue and four red, do not win; the sixth, a second blue, does at once.
    state = position(
        "hand0: blue-5 red-3\nblue1: blue-1 blue-2 blue-3 blue-4\nchips0: blue 1 red 4",
        players=2,
    )
    play(state, "play blue-5 hand 1", "allow")
    assert state.chips[0] == [2, 4]
    result = state.result()
    assert result is not None and result.winners == (0,)
    assert result.termination is StacksTermination.CHIPS_COLLECTED


# ---------------------------------------------------------------------- stall rule
def test_stall_a_full_round_without_a_chip_and_nothing_to_draw_ends_the_game() -> None:
    state = position(
        "hand0: red-3\nhand1: red-4\nhand2: blue-3\nchips1: red 1\nchips2: blue 1\nrest: discard0"
    )
    play(state, "discard red-3", "discard red-4")
    assert not state.is_over
    assert state.quiet_turns == 2
    play(state, "discard blue-3")
    assert state.is_over
    result = state.result()
    assert result is not None
    assert result.winners == (1, 2)
    assert result.termination is StacksTermination.STALL and result.termination.is_stall
    assert events(state, "game_over")[0]["rounds"] == 1


def test_stall_rounds_option_waits_longer() -> None:
    state = position(
        "hand0: red-3 red-4\nhand1: blue-3 blue-4\nrest: discard0", players=2, stall_rounds=2
    )
    play(state, "discard red-3", "discard blue-3", "discard red-4")
    assert not state.is_over
    play(state, "discard blue-4")
    assert state.is_over


def test_a_chip_taken_restarts_the_stall_count() -> None:
    state = position(
        "hand0: red-3\nhand1: steal-chip blue-4\nchips0: red 2\nrest: discard0", players=2
    )
    play(state, "discard red-3")
    assert state.quiet_turns == 1
    play(state, "play steal-chip hand 0 red")
    assert state.quiet_turns == 0
    play(state, "discard blue-4")
    assert not state.is_over
    play(state, "end")
    assert state.is_over
    result = state.result()
    assert result is not None and result.winners == (0, 1)


def test_the_stall_does_not_start_while_cards_remain_to_draw() -> None:
    state = position("hand0: red-3\nhand1: blue-3\nrest: set_aside", players=2)
    play(state, "discard red-3")
    assert state.quiet_turns == 0


def test_safety_net_ends_a_game_whose_chips_have_run_out() -> None:
    state = position(
        "hand0: red-3 red-4\nhand1: blue-3 blue-4\nsupply: blue 3 red 0\nchipless_turns: 18",
        players=2,
        chipless_round_limit=10,
    )
    play(state, "discard red-3")
    assert not state.is_over
    play(state, "discard blue-3")
    assert state.is_over
    result = state.result()
    assert result is not None and result.termination is StacksTermination.SAFETY_NET
    assert result.termination.is_stall
    assert events(state, "game_over")[0]["rounds"] == 10


def test_safety_net_counts_rounds_from_the_chip_that_emptied_a_supply() -> None:
    # Rounds without a chip before the last red chip was taken do not count: the net arms
    # only once a colour's supply is empty.
    state = position(
        "hand0: red-5 red-3\nred1: red-1 red-2 red-3 red-4\nsupply: blue 20 red 1\n"
        "chipless_turns: 40",
        players=2,
        chipless_round_limit=1,
    )
    play(state, "play red-5 hand 1", "allow", "discard red-3")
    assert state.supply == [20, 0] and not state.is_over
    discards = [str(action) for action in state.legal_actions() if action.verb == "discard"]
    state.apply(discards[0])
    result = state.result()
    assert result is not None and result.termination is StacksTermination.SAFETY_NET


def test_safety_net_waits_while_both_colours_have_chips() -> None:
    state = position(
        "hand0: red-3 red-4\nhand1: blue-3 blue-4\nchipless_turns: 40",
        players=2,
        chipless_round_limit=10,
    )
    play(state, "discard red-3", "discard blue-3")
    assert not state.is_over


# ---------------------------------------------------------------------- information
def test_observations_show_only_ones_own_hand() -> None:
    state = sequenza.make(GAME_ID, players=3, seed=11)
    assert isinstance(state, StacksState)
    mine, theirs, public = state.observation(1), state.observation(2), state.observation(None)
    assert sorted(mine["hand"]) == hand(state, 1)
    assert public["hand"] is None
    assert {key for key in mine if mine[key] != theirs[key]} == {"seat", "hand"}
    assert {key for key in mine if mine[key] != public[key]} == {"seat", "hand"}
    assert mine["hand_sizes"] == [5, 5, 5]


def test_determinize_keeps_stolen_cards_where_everyone_saw_them_go() -> None:
    state = position("hand0: steal-card red-3 red-4\nhand1: blue-1 blue-2\ndiscard2: block")
    play(state, "play steal-card hand 2")
    for seed in range(20):
        twin = state.determinize(1, random.Random(seed))
        assert "block" in hand(twin, 0)
        assert hand(twin, 1) == ["blue-1", "blue-2"]
        assert twin.observation(1) == state.observation(1)


def test_determinize_deals_the_draw_pile_only_faces_of_the_last_reshuffle() -> None:
    state = position(
        "hand0: red-3 red-4\nhand1: red-1\nhand2: blue-3 blue-4 blue-5 red-2 red-5\n"
        "set_aside: blue-1 blue-2 blue-wild blue-4 blue-5 red-wild red-wild\nrest: discard2"
    )
    play(state, "discard red-3")
    assert events(state, "reshuffle") == [{"event": "reshuffle", "cards": 7}]
    reshuffled = Counter(
        ["blue-1", "blue-2", "blue-wild", "blue-4", "blue-5", "red-wild", "red-wild"]
    )
    assert len(state.draw_pile) == 3
    for seed in range(30):
        twin = state.determinize(0, random.Random(seed))
        faces = Counter(sequence_stacks.FACES[sequence_stacks.CARD_FACE[c]] for c in twin.draw_pile)
        assert len(twin.draw_pile) == 3
        assert not faces - reshuffled
        assert twin.observation(0) == state.observation(0)


def test_the_acting_seats_legal_actions_survive_determinize() -> None:
    state = sequenza.make(GAME_ID, players=4, seed=2)
    twin = state.determinize(0, random.Random(1))
    assert twin.legal_actions() == state.legal_actions()
    assert twin.dumps() != state.dumps()


# ---------------------------------------------------------------------- notation and errors
def test_every_action_id_round_trips() -> None:
    game = make_game(GAME_ID, 6)
    assert game.num_distinct_actions == 132
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        assert game.action_to_id(Action.parse(str(action))) == action_id
    with pytest.raises(NotationError):
        game.action_to_id(Action.parse("play red-3 hand 3"))
    with pytest.raises(NotationError):
        game.action_from_id(132)


def test_unknown_or_malformed_actions_are_refused_without_change() -> None:
    state = sequenza.make(GAME_ID, players=2, seed=4)
    refused(state, "fly away", "not a Sequence Stacks action")
    refused(state, "play red-3", "not a Sequence Stacks action")
    refused(state, "", "empty")


def test_options_are_validated() -> None:
    with pytest.raises(OptionError, match="draw_up_to"):
        make_game(GAME_ID, 2, draw_up_to=11)
    with pytest.raises(OptionError, match="stall_rounds"):
        make_game(GAME_ID, 2, stall_rounds=0)
    with pytest.raises(OptionError, match="chipless_round_limit"):
        make_game(GAME_ID, 2, chipless_round_limit=0)
    with pytest.raises(OptionError, match="turn_refill_limit"):
        make_game(GAME_ID, 2, turn_refill_limit=0)
    with pytest.raises(OptionError, match="unknown option"):
        make_game(GAME_ID, 2, hand_size=4)
    with pytest.raises(OptionError, match="2-6 players"):
        make_game(GAME_ID, 7)
    decisions = {spec.name for spec in StacksGame.options_class.specs() if spec.decision}
    assert decisions == {"draw_up_to", "stall_rounds", "chipless_round_limit", "turn_refill_limit"}
    for name in decisions:
        assert name in StacksGame.info.rules_text


def test_positions_reject_bad_descriptions() -> None:
    with pytest.raises(NotationError, match="not a Sequence Stacks card"):
        position("hand0: red-6")
    with pytest.raises(NotationError, match="more reverse cards"):
        position("hand0: reverse", players=2)
    with pytest.raises(NotationError, match="cannot lie at height 2"):
        position("red1: red-1 red-3")
    with pytest.raises(NotationError, match="unknown position field"):
        position("hand9: red-1")


def test_json_round_trip_mid_block_window() -> None:
    state = position("hand0: red-5 blue-3\nred1: red-1 red-2 red-3 red-4\nhand2: block")
    play(state, "play red-5 hand 1", "allow")
    restored = state_from_json(state.dumps())
    assert restored.dumps() == state.dumps()
    assert restored.legal_actions() == state.legal_actions() == [Action("allow"), Action("block")]


def test_replay_gives_the_same_game() -> None:
    state = sequenza.make(GAME_ID, players=3, seed=9)
    rng = random.Random(9)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert sequenza.replay(state.record()).dumps() == state.dumps()


def test_render_shows_piles_players_hand_and_the_block_question() -> None:
    state = position(
        "hand0: red-5 blue-3\nred1: red-1 red-wild red-3 red-4\nhand1: block\ndiscard1: red-2"
    )
    play(state, "play red-5 hand 1")
    text = render(state.observation(1))
    assert "red 1    1 W 3 4 5" in text
    assert "Your hand: block" in text
    assert "Seat 1 completed red 1" in text
    assert "red-2 (1 card)" in text


def test_module_doctests() -> None:
    assert doctest.testmod(sequence_stacks).failed == 0


# ---------------------------------------------------------------------- the kit
# Five deals at each player count here (about 190 actions each, a deep check every tenth):
# with this file's other tests they reach every branch of the package that twenty deals did,
# measured with branch coverage. bench/conformance.py soaks thousands more.
def test_conformance_kit() -> None:
    report = check_game(GAME_ID, games=5)
    assert report.games == 25
