"""Sequence and Sequence Numbers: one scenario per rule of RULES.md, errors, options, data
files and the conformance kit.

Classic board, for reading the scenarios (row 0 on top, columns A-J)::

       A  B  C  D  E  F  G  H  I  J
    0  XX 2S 3S 4S 5S 6S 7S 8S 9S XX
    1  6C 5C 4C 3C 2C AH KH QH TH TS
    2  7C AS 2D 3D 4D 5D 6D 7D 9H QS
    3  8C KS 6C 5C 4C 3C 2C 8D 8H KS
    4  9C QS 7C 6H 5H 4H AH 9D 7H AS
    5  TC TS 8C 7H 2H 3H KH TD 6H 2D
    6  QC 9S 9C 8H 9H TH QH QD 5H 3D
    7  KC 8S TC QC KC AC AD KD 4H 4D
    8  AC 7S 6S 5S 4S 3S 2S 2H 3H 5D
    9  XX AD KD QD TD 9D 8D 7D 6D XX
"""

from __future__ import annotations

import doctest
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import sequenza
from sequenza.app.render import render
from sequenza.components.decks import load_data
from sequenza.components.number_decks import (
    card_result,
    generate_numbers_deck,
    parse_board,
    save_numbers_deck,
)
from sequenza.core.actions import Action
from sequenza.core.errors import IllegalActionError, NotationError, OptionError
from sequenza.core.game import Result
from sequenza.core.registry import make_game, state_from_json
from sequenza.games.sequence_board import rules as sequence_board
from sequenza.games.sequence_board.rules import (
    SPACE_OF,
    BoardTermination,
    SequenceBoardGame,
    SequenceBoardState,
    from_position,
)
from sequenza.testing import check_game

CLASSIC = "sequence"
NUMBERS = "sequence-numbers"


SPACE_WINDOWS = {name: index for index, name in enumerate(sequence_board.WINDOW_NAMES)}


def board(*teams: str) -> str:
    """A board text from lines like ``"0: B5 C5 D5"`` (team: spaces)."""
    cells = [["."] * 10 for _ in range(10)]
    for corner in ("A0", "J0", "A9", "J9"):
        cells[int(corner[1])]["ABCDEFGHIJ".index(corner[0])] = "x"
    for line in teams:
        team, _, spaces = line.partition(":")
        for space in spaces.split():
            cells[int(space[1])]["ABCDEFGHIJ".index(space[0])] = team.strip()
    return "\n".join(" ".join(row) for row in cells)


def position(
    game_id: str = CLASSIC, players: int = 2, options: dict[str, Any] | None = None, **data: Any
) -> SequenceBoardState:
    game = make_game(game_id, players, **(options or {}))
    assert isinstance(game, SequenceBoardGame)
    return from_position(game, data)


def legal(state: SequenceBoardState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def events(state: SequenceBoardState, name: str) -> list[dict[str, Any]]:
    return [event for event in state.log if event["event"] == name]


def refused(state: SequenceBoardState, action: str, reason: str) -> None:
    before = state.dumps()
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(action)
    assert state.dumps() == before


def outcome(state: SequenceBoardState) -> Result:
    result = state.result()
    assert state.is_over and result is not None
    return result


def hand(state: SequenceBoardState, seat: int) -> list[str]:
    view = state.observation(seat)["hand"]
    assert isinstance(view, list)
    return view


# ---------------------------------------------------------------------- data files
def test_classic_board_is_the_published_layout_with_every_card_twice() -> None:
    labels = parse_board(load_data("sequence_board.json")["rows"])
    assert labels[:10] == ["XX", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "XX"]
    assert labels[90:] == ["XX", "AD", "KD", "QD", "TD", "9D", "8D", "7D", "6D", "XX"]
    counts = Counter(label for label in labels if label != "XX")
    assert set(counts.values()) == {2}
    assert len(counts) == 48
    assert not any(label.startswith("J") for label in counts)


def test_classic_deck_is_two_standard_decks_with_two_and_one_eyed_jacks() -> None:
    deck = load_data("sequence_deck.json")
    counts = Counter(deck["cards"])
    assert len(deck["cards"]) == 104
    assert len(counts) == 52 and set(counts.values()) == {2}
    assert sorted(deck["anywhere"]) == ["JC", "JD"]
    assert sorted(deck["remove"]) == ["JH", "JS"]


def test_numbers_board_has_every_number_from_1_to_48_on_exactly_two_spaces() -> None:
    labels = parse_board(load_data("numbers_board.json")["rows"])
    counts = Counter(label for label in labels if label != "XX")
    assert sorted(int(label) for label in counts) == list(range(1, 49))
    assert set(counts.values()) == {2}
    # The classic geometry: the numbers stand where the classic cards stand.
    classic = parse_board(load_data("sequence_board.json")["rows"])
    pairs = {(c, n) for c, n in zip(classic, labels, strict=True)}
    assert len(pairs) == 49  # 48 cards each to one number, plus the corners


def test_numbers_board_colours_each_quarter_of_the_numbers_as_one_group() -> None:
    # The page colours a space by its group: numbers 1-12, 13-24, 25-36 and 37-48, so that
    # both spaces of a number, and the numbers near it, share a colour.
    view = position(NUMBERS).observation(None)
    labels = " ".join(view["board"]).split()
    groups = "".join(view["groups"])
    for label, group in zip(labels, groups, strict=True):
        assert group == ("x" if label == "XX" else str((int(label) - 1) // 12)), label
    assert Counter(groups) == {"x": 4, "0": 24, "1": 24, "2": 24, "3": 24}


def test_numbers_deck_has_one_sum_and_one_difference_per_number_and_four_action_cards() -> None:
    deck = load_data("numbers_deck.json")
    labels = set(parse_board(load_data("numbers_board.json")["rows"]))
    cards = deck["cards"]
    assert len(cards) == 100
    assert Counter(cards)["plus"] == 2 and Counter(cards)["minus"] == 2
    sums = [card for card in cards if card not in ("plus", "minus")]
    assert len(sums) == 96
    by_result: dict[int, list[str]] = {}
    for card in sums:
        result = card_result(card)
        assert str(result) in labels, f"{card} = {result} is not on the board"
        left, right = (int(n) for n in card.replace("+", " ").replace("-", " ").split())
        assert 0 <= left <= 50 and 0 <= right <= 50
        by_result.setdefault(result, []).append(card)
    assert sorted(by_result) == list(range(1, 49))
    for result, pair in by_result.items():
        assert sorted("+" in card for card in pair) == [False, True], (result, pair)


# ---------------------------------------------------------------------- seats and teams
@pytest.mark.parametrize(
    ("game_id", "players", "teams", "expected"),
    [
        (NUMBERS, 2, 0, [0, 1]),
        (NUMBERS, 3, 0, [0, 1, 2]),
        (NUMBERS, 4, 0, [0, 1, 0, 1]),
        (NUMBERS, 6, 2, [0, 1, 0, 1, 0, 1]),
        (NUMBERS, 6, 3, [0, 1, 2, 0, 1, 2]),
        (CLASSIC, 8, 0, [0, 1] * 4),
        (CLASSIC, 9, 0, [0, 1, 2] * 3),
        (CLASSIC, 10, 2, [0, 1] * 5),
        (CLASSIC, 12, 3, [0, 1, 2] * 4),
        (CLASSIC, 12, 0, [0, 1] * 6),
    ],
)
def test_teams_are_seated_alternately(
    game_id: str, players: int, teams: int, expected: list[int]
) -> None:
    assert make_game(game_id, players, teams=teams).teams() == expected


@pytest.mark.parametrize(
    ("game_id", "players", "teams", "message"),
    [
        (CLASSIC, 8, 3, "8 players cannot form 3 teams of equal size; they play in 2 teams of 4"),
        (CLASSIC, 9, 2, "9 players cannot form 2 teams"),
        (NUMBERS, 4, 3, "4 players cannot form 3 teams"),
        (CLASSIC, 6, 1, "6 players cannot form 1 teams"),
        (NUMBERS, 2, 3, "2 players play alone"),
        (NUMBERS, 5, 0, "played by 2, 3, 4, 6 players, not 5"),
        (CLASSIC, 7, 0, "not 7"),
    ],
)
def test_forbidden_counts_and_splits_are_refused(
    game_id: str, players: int, teams: int, message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        make_game(game_id, players, teams=teams)


@pytest.mark.parametrize(
    ("game_id", "players", "teams", "hand_size", "to_win"),
    [
        (CLASSIC, 2, 0, 7, 2),
        (CLASSIC, 3, 0, 6, 1),
        (CLASSIC, 4, 0, 6, 2),
        (CLASSIC, 6, 2, 5, 2),
        (CLASSIC, 6, 3, 5, 1),
        (CLASSIC, 8, 0, 4, 2),
        (CLASSIC, 9, 0, 4, 1),
        (CLASSIC, 10, 0, 3, 2),
        (CLASSIC, 12, 3, 3, 1),
        (NUMBERS, 2, 0, 5, 1),
        (NUMBERS, 3, 0, 5, 1),
        (NUMBERS, 4, 0, 4, 2),
        (NUMBERS, 6, 3, 4, 2),
    ],
)
def test_hand_sizes_and_sequences_to_win(
    game_id: str, players: int, teams: int, hand_size: int, to_win: int
) -> None:
    state = sequenza.make(game_id, players=players, seed=3, teams=teams)
    view = state.observation(0)
    assert view["hand_sizes"] == [hand_size] * players
    assert view["sequences_to_win"] == to_win


def test_teammates_share_a_colour_and_complete_each_others_lines() -> None:
    # Seats 0 and 2 are team 0; seat 2 plays the last 5H of A0-E4 onto its partner's chips.
    state = position(players=4, board=board("0: B1 C2 D3"), hands=["", "", "5H 2S", ""], to_act=2)
    view = state.observation(None)
    assert view["colours"] == ["blue", "green", "blue", "green"]
    state.apply("play 5H E4")
    assert state.observation(None)["sequences"] == [["A0-E4"], []]
    assert state.observation(None)["marked"] == ["A0", "B1", "C2", "D3", "E4"]


# ---------------------------------------------------------------------- sequences
@pytest.mark.parametrize(
    ("chips", "card", "space", "window"),
    [
        ("0: B0 C0 D0", "5S", "E0", "A0-E0"),  # row, with a free corner
        ("0: J1 J2 J3", "AS", "J4", "J0-J4"),  # column, with a free corner
        ("0: B1 C2 D3", "5H", "E4", "A0-E4"),  # diagonal down-right
        ("0: I1 H2 G3", "4H", "F4", "J0-F4"),  # diagonal down-left
        ("0: B5 C5 D5 E5", "3H", "F5", "B5-F5"),  # five chips, no corner
    ],
)
def test_five_in_a_line_in_every_direction_is_a_sequence(
    chips: str, card: str, space: str, window: str
) -> None:
    state = position(board=board(chips), hands=[card, ""])
    state.apply(f"play {card} {space}")
    assert state.observation(None)["sequences"] == [[window], []]
    assert [event["window"] for event in events(state, "sequence")] == [window]
    assert state.to_act == 1


def test_four_chips_and_a_gap_are_no_sequence() -> None:
    state = position(board=board("0: B5 C5 D5 E5"), hands=["3S", ""])
    state.apply("play 3S F8")
    assert state.sequences == [[], []]


def test_an_opponent_chip_breaks_the_line() -> None:
    state = position(board=board("0: B5 C5 E5", "1: D5"), hands=["3H", ""])
    state.apply("play 3H F5")
    assert state.sequences == [[], []]


def test_two_teams_may_use_the_same_free_corner() -> None:
    state = position(
        board=board("0: B0 C0 D0 E0", "1: A1 A2 A3"),
        sequences=["A0-E0"],
        hands=["", "9C"],
        to_act=1,
    )
    state.apply("play 9C A4")
    assert state.observation(None)["sequences"] == [["A0-E0"], ["A0-A4"]]


def test_marked_chips_can_never_be_removed() -> None:
    state = position(
        board=board("0: B0 C0 D0 E0 H7"), sequences=["A0-E0"], hands=["", "JS"], to_act=1
    )
    assert legal(state) == ["remove JS H7"]
    refused(state, "remove JS C0", "C0 is part of a sequence and cannot be removed")


def test_second_sequence_may_share_one_space_of_the_first() -> None:
    # B5-F5 is marked; F5-J5 shares only F5 with it: the second sequence, and the win.
    state = position(
        board=board("0: B5 C5 D5 E5 F5 G5 H5 I5"), sequences=["B5-F5"], hands=["2D", ""]
    )
    state.apply("play 2D J5")
    assert state.observation(None)["sequences"] == [["B5-F5", "F5-J5"], []]
    assert outcome(state) == Result((2.0, 0.0), (0,), BoardTermination.SEQUENCES_MADE)


def test_second_sequence_may_not_share_more_than_shared_limit_spaces() -> None:
    # C5-G5 would share 4 spaces with the marked B5-F5.
    state = position(board=board("0: B5 C5 D5 E5 F5"), sequences=["B5-F5"], hands=["KH", ""])
    state.apply("play KH G5")
    assert state.sequences == [[SPACE_WINDOWS["B5-F5"]], []]
    assert not state.is_over


def test_shared_limit_zero_forbids_even_one_shared_space() -> None:
    state = position(
        options={"shared_limit": 0},
        board=board("0: B5 C5 D5 E5 F5 G5 H5 I5"),
        sequences=["B5-F5"],
        hands=["2D", ""],
    )
    state.apply("play 2D J5")
    assert not state.is_over and len(state.sequences[0]) == 1


def test_shared_limit_four_lets_the_second_sequence_reuse_the_first_chips() -> None:
    state = position(
        options={"shared_limit": 4},
        board=board("0: B5 C5 D5 E5 F5"),
        sequences=["B5-F5"],
        hands=["KH", ""],
    )
    state.apply("play KH G5")
    assert state.observation(None)["sequences"] == [["B5-F5", "C5-G5"], []]
    assert state.is_over


def test_player_chooses_which_window_of_a_line_of_six_is_marked() -> None:
    state = position(board=board("0: B5 C5 D5 E5 G5"), hands=["3H", ""], draw="AS")
    state.apply("play 3H F5")
    assert legal(state) == ["mark B5 F5", "mark C5 G5"]
    assert state.observation(0)["choose_sequence"] == ["B5-F5", "C5-G5"]
    assert state.to_act == 0 and hand(state, 0) == []  # the draw waits for the choice
    refused(state, "play AS B2", "first choose which sequence is marked")
    state.apply("mark C5 G5")
    assert state.observation(None)["sequences"] == [["C5-G5"], []]
    assert hand(state, 0) == ["AS"] and state.to_act == 1


def test_windows_that_can_all_be_marked_are_marked_without_asking() -> None:
    # A cross through E5: row B5-F5 and column E1-E5 share only E5.
    state = position(board=board("0: B5 C5 D5 F5 E1 E2 E3 E4"), hands=["2H", ""])
    state.apply("play 2H E5")
    assert state.observation(None)["sequences"] == [["B5-F5", "E1-E5"], []]
    assert outcome(state).winners == (0,)


def test_the_winning_sequence_is_marked_without_asking() -> None:
    # Three players need one sequence: a line of six wins at once.
    state = position(players=3, board=board("0: B5 C5 D5 E5 G5"), hands=["3H", "", ""])
    state.apply("play 3H F5")
    assert outcome(state).winners == (0,)
    assert len(state.sequences[0]) == 1


def test_numbers_one_sequence_wins_with_two_players() -> None:
    state = position(NUMBERS, board=board("0: B0 C0 D0"), hands=["plus", ""])
    state.apply("play plus E0")
    assert outcome(state).winners == (0,)


def test_numbers_four_players_need_two_sequences() -> None:
    state = position(NUMBERS, players=4, board=board("0: B0 C0 D0"), hands=["plus", "", "", ""])
    state.apply("play plus E0")
    assert len(state.sequences[0]) == 1 and not state.is_over


# ---------------------------------------------------------------------- cards
def test_value_card_goes_on_either_empty_space_showing_its_value() -> None:
    state = position(board=board("1: E0"), hands=["5S 9C", ""])
    assert legal(state) == ["play 5S D8", "play 9C A4", "play 9C C6"]


def test_numbers_card_goes_on_the_spaces_showing_its_result() -> None:
    state = position(NUMBERS, hands=["2+3", ""])
    layout = state.game.layout
    fives = sorted(sequence_board.SPACE_NAMES[s] for s, v in enumerate(layout.labels) if v == "5")
    assert sorted(action.split()[2] for action in legal(state)) == fives


def test_two_eyed_jack_places_a_chip_on_any_empty_space_but_the_corners() -> None:
    state = position(board=board("0: B0", "1: C0"), hands=["JD", ""])
    targets = [action.split()[2] for action in legal(state)]
    assert len(targets) == 94
    assert not {"A0", "J0", "A9", "J9", "B0", "C0"} & set(targets)
    state.apply("play JD E4")
    assert state.board[SPACE_OF["E4"]] == 0


def test_plus_card_places_anywhere_and_minus_removes() -> None:
    state = position(NUMBERS, board=board("1: D4"), hands=["plus minus", ""])
    actions = legal(state)
    assert "remove minus D4" in actions and len([a for a in actions if a.startswith("play")]) == 95


def test_a_minus_card_removes_one_opponent_chip_not_all_of_them() -> None:
    state = position(NUMBERS, board=board("1: D4 E4 F4"), hands=["minus", ""])
    state.apply("remove minus E4")
    # E4 is freed; D4 and F4 keep their chips.
    assert state.observation(None)["chips"][4] == "...1.1...."
    assert events(state, "chips_removed") == []


def test_minus_removes_all_takes_every_loose_chip_of_the_named_opponent_only() -> None:
    # The Finnish reading: all of one opponent's chips, not those of their sequences, nor
    # those of the third player.
    state = position(
        NUMBERS,
        players=3,
        options={"minus_removes_all": True},
        board=board("1: A1 A2 A3 A4 A5 D4 E4 F4", "2: G7 H7"),
        sequences=["A1-A5"],
        hands=["minus", "", ""],
    )
    before = state.observation(None)["chips"]
    state.apply("remove minus E4")
    chips = state.observation(None)["chips"]
    assert chips[4] == "1........."  # D4, E4 and F4 freed; A4 stays in its sequence
    assert [row.count("1") for row in chips] == [0, 1, 1, 1, 1, 1, 0, 0, 0, 0]
    assert chips[7] == before[7] and chips[7].count("2") == 2
    assert state.to_act == 1
    # The log names every freed space (the default's log is the action alone).
    assert events(state, "chips_removed") == [
        {"event": "chips_removed", "seat": 0, "team": 1, "spaces": ["D4", "E4", "F4"]}
    ]


def test_minus_removes_all_is_a_numbers_decision_off_by_default() -> None:
    spec = {spec.name: spec for spec in make_game(NUMBERS, 2).options_class.specs()}[
        "minus_removes_all"
    ]
    assert spec.decision and spec.default is False
    assert "minus_removes_all" in make_game(NUMBERS, 2).info.rules_text
    assert "minus_removes_all" not in {
        spec.name for spec in make_game(CLASSIC, 2).options_class.specs()
    }
    report = check_game(NUMBERS, games=1, options={"minus_removes_all": True})
    assert report.games == 4  # one game at each player count


def test_one_eyed_jack_removes_an_opponent_chip_outside_sequences() -> None:
    state = position(
        board=board("0: B0 C0 D0 E0 G7", "1: H7 I8"),
        sequences=["A0-E0"],
        hands=["", "JS JH"],
        to_act=1,
    )
    assert legal(state) == ["remove JS G7", "remove JH G7"]
    refused(state, "remove JS H7", "H7 holds your own team's chip")
    refused(state, "remove JS F7", "F7 holds no chip")


def test_remove_ends_the_turn_so_the_freed_space_stays_empty_this_turn() -> None:
    state = position(board=board("0: G7"), hands=["AD", "JS AD"], draw="2S", to_act=1)
    state.apply("remove JS G7")
    assert state.board[SPACE_OF["G7"]] == -1
    assert state.to_act == 0  # the remover's turn is over: no chip of theirs goes there now
    assert hand(state, 1) == ["2S", "AD"]
    state.apply("play AD G7")  # the next player may take the freed space
    assert state.board[SPACE_OF["G7"]] == 0


def test_chip_on_a_card_discards_it_face_up_and_draws_the_next_card() -> None:
    state = position(hands=["5S 9C", ""], draw="KD QD")
    pile = len(state.draw_pile)
    state.apply("play 5S E0")
    view = state.observation(1)
    assert view["discards"] == [["5S"], []]
    assert sorted(hand(state, 0)) == ["9C", "KD"]
    assert view["draw_pile"] == pile - 1
    assert view["last_action"] == "play 5S E0"


# ---------------------------------------------------------------------- dead cards
def test_dead_card_is_exchanged_once_per_turn_then_the_player_goes_on() -> None:
    # 5S (E0, D8) and 4S (D0, E8) are both dead.
    state = position(board=board("1: E0 D8 D0 E8"), hands=["5S 4S", ""], draw="9C 2S")
    assert legal(state) == ["dead 4S", "dead 5S", "pass"]
    state.apply("dead 5S")
    assert state.to_act == 0 and sorted(hand(state, 0)) == ["4S", "9C"]
    assert state.observation(1)["discards"] == [["5S"], []]
    assert "dead 4S" not in legal(state)
    refused(state, "dead 4S", "already exchanged a dead card this turn")
    state.apply("play 9C A4")
    assert state.to_act == 1 and not state.dead_used


def test_a_card_with_one_empty_space_is_not_dead() -> None:
    state = position(board=board("1: E0"), hands=["5S", ""])
    assert "dead 5S" not in legal(state)
    refused(state, "dead 5S", "card 5S is not dead: D8 can still take it")


# ---------------------------------------------------------------------- deck, passes, draws
def test_empty_draw_pile_reshuffles_every_discard_pile_into_a_new_one() -> None:
    state = position(hands=["5S", "9C"], rest="discards")
    assert state.draw_pile == []
    cards = len(state.discards[0])
    state.apply("play 5S E0")
    assert events(state, "reshuffle") == [{"event": "reshuffle", "cards": cards + 1}]
    assert state.discards == [[], []]
    assert len(state.draw_pile) == cards and len(state.hands[0]) == 1


def test_reshuffle_is_seeded() -> None:
    first = position(hands=["5S", "9C"], rest="discards")
    second = position(hands=["5S", "9C"], rest="discards")
    first.apply("play 5S E0")
    second.apply("play 5S E0")
    assert first.draw_pile == second.draw_pile


def test_player_without_a_playable_card_passes() -> None:
    state = position(board=board("1: E0 D8"), hands=["5S", "9C"], dead_used=True)
    assert legal(state) == ["pass"]
    state.apply("pass")
    assert state.to_act == 1 and hand(state, 0) == ["5S"]
    refused(state, "pass", "you hold a card you can play")


def test_a_full_round_of_passes_draws_the_game() -> None:
    state = position(board=board("1: E0 D8", "0: A4 C6"), hands=["5S", "9C"], dead_used=True)
    state.apply("pass")
    state.apply("pass")
    assert state.is_over
    result = state.result()
    assert result is not None and result.winners == ()
    assert result.termination is BoardTermination.STALL and result.termination.is_stall
    assert events(state, "game_over")[0]["rounds"] == 1


def test_placing_a_chip_resets_the_idle_round() -> None:
    state = position(board=board("1: E0 D8"), hands=["5S", "9C"], dead_used=True)
    state.apply("pass")
    state.apply("play 9C A4")
    assert state.passes == 0 and not state.is_over


def test_idle_rounds_option_needs_more_rounds_of_passes() -> None:
    state = position(
        options={"idle_rounds": 2},
        board=board("1: E0 D8", "0: A4 C6"),
        hands=["5S", "9C"],
        dead_used=True,
        passes=2,
    )
    state.apply("pass")
    assert not state.is_over
    state.apply("pass")
    assert state.is_over


# ---------------------------------------------------------------------- errors
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    state = position(board=board("1: D3"), hands=["5S JD JS", ""])
    refused(state, "play 9C A4", "you hold no card 9C")
    refused(state, "play 5S B2", "card 5S goes on E0 or D8, not B2")
    refused(state, "play JD A0", "A0 is a free corner")
    refused(state, "play JD D3", "D3 already holds a chip")
    refused(state, "play QQ D3", "QQ is not a card of Sequence")
    refused(state, "play JS D4", "card JS is played as: remove JS SPACE")
    refused(state, "remove JS Z9", "Z9 is not a space")
    refused(state, "dead JD", "only a value card can be dead")
    refused(state, "mark A0 E0", "there is no sequence to choose")
    refused(state, "fly", "this game's actions are")


def test_game_over_refuses_every_action() -> None:
    state = position(players=3, board=board("0: B0 C0 D0"), hands=["5S", "", ""])
    state.apply("play 5S E0")
    assert state.is_over and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply("pass")


# ---------------------------------------------------------------------- options
@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("shared_limit", 5, "at most 4"),
        ("shared_limit", -1, "at least 0"),
        ("idle_rounds", 0, "at least 1"),
        ("teams", 4, "at most 3"),
        ("deck_file", 3, "text value"),
    ],
)
def test_option_values_are_checked(option: str, value: Any, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_game(NUMBERS, 2, **{option: value})


def test_decisions_are_options_named_in_the_rules_text() -> None:
    for game_id in (CLASSIC, NUMBERS):
        game = make_game(game_id, 2)
        decisions = {spec.name for spec in game.options_class.specs() if spec.decision}
        own = {"minus_removes_all"} if game_id == NUMBERS else set()
        assert decisions == {"shared_limit", "idle_rounds"} | own
        for name in decisions | {"teams"}:
            assert name in game.info.rules_text
    assert "deck_file" in make_game(NUMBERS, 2).info.rules_text


def test_random_first_player_is_seeded() -> None:
    seats = {
        sequenza.make(CLASSIC, players=4, seed=seed, random_first_player=True).current_seat
        for seed in range(20)
    }
    assert seats == {0, 1, 2, 3}
    assert sequenza.make(CLASSIC, players=4, seed=1).current_seat == 0


def test_deck_file_plays_a_teachers_deck(tmp_path: Path) -> None:
    data = generate_numbers_deck("*/", 10, 99, seed=4)
    path = tmp_path / "times.json"
    save_numbers_deck(data, path)
    state = sequenza.make(NUMBERS, players=2, seed=2, deck_file=str(path))
    assert isinstance(state, SequenceBoardState)
    faces = hand(state, 0)
    assert all(face in data["cards"] for face in faces)
    assert state.observation(None)["board"] == [
        " ".join(label.rjust(2) for label in row.split()) for row in data["board"]
    ]
    played = next(a for a in state.legal_actions() if a.verb == "play")
    state.apply(played)
    report = check_game(NUMBERS, games=2, options={"deck_file": str(path)})
    assert report.games == 8


def test_deck_file_that_cannot_be_played_is_refused(tmp_path: Path) -> None:
    data = generate_numbers_deck("+-", 1, 48, seed=1)
    data["cards"][0] = "60+1"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(OptionError, match="card 60\\+1 gives 61, which is not on the board"):
        make_game(NUMBERS, 2, deck_file=str(path))
    with pytest.raises(OptionError, match="cannot be read"):
        make_game(NUMBERS, 2, deck_file=str(tmp_path / "missing.json"))


# ---------------------------------------------------------------------- views and round trips
def test_observation_shows_own_hand_and_public_piles_only() -> None:
    state = sequenza.make(CLASSIC, players=2, seed=4)
    mine = state.observation(0)
    assert isinstance(mine["hand"], list) and len(mine["hand"]) == 7
    assert state.observation(None)["hand"] is None
    text = json.dumps(state.observation(1))
    assert "draw_pile" in text
    other = state.observation(1)["hand"]
    assert mine["hand"] != other
    assert mine["hand_sizes"] == [7, 7] and mine["draw_pile"] == 90


def test_no_hint_of_a_teammates_hand_reaches_a_player() -> None:
    # Seats 0 and 2 are partners: what seat 0 sees, the log included, is the same whatever
    # seat 2 holds.
    views = []
    for partner in ("2S 3S", "9C TC"):
        state = position(players=4, hands=["5H 4D", "", partner, ""], draw="KD QD")
        state.apply("play 5H E4")
        views.append((state.observation(0), state.log))
    assert views[0] == views[1]
    assert views[0][0]["hand_sizes"] == [2, 0, 2, 0]


def test_determinize_keeps_the_own_hand_and_redeals_the_rest() -> None:
    state = sequenza.make(CLASSIC, players=2, seed=4)
    assert isinstance(state, SequenceBoardState)
    twin = state.determinize(0, random.Random(1))
    assert twin.observation(0) == state.observation(0)
    assert twin.hands[0] == state.hands[0]
    assert twin.hands[1] != state.hands[1] or twin.draw_pile != state.draw_pile


def test_pending_choice_survives_a_json_round_trip() -> None:
    state = position(board=board("0: B5 C5 D5 E5 G5"), hands=["3H", ""])
    state.apply("play 3H F5")
    restored = state_from_json(state.dumps())
    assert restored.legal_actions() == state.legal_actions()
    restored.apply("mark B5 F5")
    assert restored.observation(None)["sequences"] == [["B5-F5"], []]


def test_every_action_round_trips_through_its_id_and_text() -> None:
    for game_id in (CLASSIC, NUMBERS):
        game = make_game(game_id, 2)
        for action_id in range(game.num_distinct_actions):
            action = game.action_from_id(action_id)
            assert game.action_to_id(Action.parse(str(action))) == action_id
        with pytest.raises(NotationError):
            game.action_to_id(Action("fly"))


def test_position_notation_errors_are_clear() -> None:
    with pytest.raises(NotationError, match="x marks the four corners"):
        position(board=board("0: B5").replace("x", ".", 1))
    with pytest.raises(NotationError, match="does not lie on one team's chips"):
        position(board=board("0: B5 C5"), sequences=["B5-F5"])
    with pytest.raises(NotationError, match="no card 5S left"):
        position(hands=["5S 5S", "5S"])


def test_renderer_draws_the_board_hand_and_piles() -> None:
    state = position(
        board=board("0: B0 C0 D0 E0 G7", "1: H7"),
        sequences=["A0-E0"],
        hands=["5S JD", ""],
        discards=["9C", ""],
    )
    text = render(state.observation(0))
    assert "[B]" in text and "(b)" in text and "(g)" in text and "**" in text
    assert "Your hand: 5S  JD" in text
    assert "discard pile top 9C (1 card)" in text
    assert "Sequences: blue 1, green 0 (2 to win)" in text


def test_module_examples_run() -> None:
    failures, tried = doctest.testmod(sequence_board)
    assert tried > 0 and failures == 0


# ---------------------------------------------------------------------- conformance
# Eight deals at each player count here (eight player counts in Sequence): they reach every
# line and branch of the rules that twenty reached, but for one refusal's wording (a chip in a
# sequence), which a scenario test above checks; bench/conformance.py soaks thousands more.
@pytest.mark.parametrize("game_id", [CLASSIC, NUMBERS])
def test_conformance_quick(game_id: str) -> None:
    report = check_game(game_id, games=8)
    assert report.games == 8 * len(make_game(game_id, 2).info.player_counts)


def test_conformance_with_options() -> None:
    check_game(
        CLASSIC,
        games=3,
        players=[6, 12],
        options={"teams": 3, "shared_limit": 4, "random_first_player": True},
    )
    check_game(NUMBERS, games=3, players=[6], options={"teams": 2, "idle_rounds": 2})
