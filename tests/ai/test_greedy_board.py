"""The greedy bot and the playout policy of Sequence and Sequence Numbers: the moves a player
relies on (win, block a four, spend a remove card on the biggest threat, keep a wild card),
decisions that ignore what the seat cannot see, and strength against random play.

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

Numbers board, row 2: ``43 1 26 27 28 29 30 31 21 11`` (A2 to J2).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import sequenza
from sequenza.ai import GreedyBot, make_bot
from sequenza.ai.greedy import playout_policy_for
from sequenza.components.number_decks import card_result, shipped_numbers_deck
from sequenza.core.registry import make_game
from sequenza.games.sequence_board.rules import SequenceBoardGame, SequenceBoardState, from_position
from tests.ai.matches import assert_decides_from_view, greedy_wins, play_out

CLASSIC = "sequence"
NUMBERS = "sequence-numbers"


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


def position(game_id: str = CLASSIC, **data: Any) -> SequenceBoardState:
    game = make_game(game_id, 2)
    assert isinstance(game, SequenceBoardGame)
    return from_position(game, data)


def greedy_choices(state: SequenceBoardState, seeds: int = 3) -> set[str]:
    """What the greedy bot plays here, over a few seeds (each samples other hidden cards)."""
    return {str(GreedyBot(seed).act(state)) for seed in range(seeds)}


def numbers_card(result: int) -> str:
    """A card of the shipped Numbers deck whose result is ``result``."""
    cards: list[str] = shipped_numbers_deck()["cards"]
    return next(
        face for face in cards if face not in ("plus", "minus") and card_result(face) == result
    )


# ---------------------------------------------------------------------- winning
def test_takes_the_winning_sequence_over_blocking_a_four() -> None:
    state = position(
        board=board("0: B9 C9 D9 E9 B4 C4 D4 E4", "1: B0 C0 D0 E0 C2 D2 E2 F2"),
        sequences=["A9-E9", "A0-E0"],
        hands=["4H 6D 7S 8S 9S TS QS", ""],
    )
    # 4H on F4 makes the second sequence; 6D on G2 would only block the opponent's.
    assert greedy_choices(state) == {"play 4H F4"}


def test_wins_with_a_value_card_and_keeps_the_two_eyed_jack() -> None:
    state = position(
        board=board("0: B9 C9 D9 E9 B4 C4 D4 E4"),
        sequences=["A9-E9"],
        hands=["JD 4H 2S", ""],
    )
    assert greedy_choices(state) == {"play 4H F4"}


def test_wins_with_the_two_eyed_jack_when_no_value_card_can() -> None:
    state = position(
        board=board("0: B9 C9 D9 E9 B4 C4 D4 E4", "1: A4"),
        sequences=["A9-E9"],
        hands=["JD 2S 3S", ""],
    )
    assert greedy_choices(state) == {"play JD F4"}


def test_numbers_takes_the_winning_space() -> None:
    thirty = numbers_card(30)
    state = position(NUMBERS, board=board("0: C2 D2 E2 F2", "1: B2"), hands=[f"{thirty} 2+3", ""])
    assert greedy_choices(state) == {f"play {thirty} G2"}


def test_numbers_counts_the_free_corner_in_its_line() -> None:
    # A0 is free: B0 C0 D0 and the corner are four of A0-E0, and E0 shows 5.
    five = numbers_card(5)
    state = position(NUMBERS, board=board("0: B0 C0 D0", "1: B2 C2"), hands=[f"{five} 2+6", ""])
    assert greedy_choices(state) == {f"play {five} E0"}


# ---------------------------------------------------------------------- blocking
def test_numbers_blocks_a_four_that_runs_through_a_free_corner() -> None:
    five = numbers_card(5)
    state = position(
        NUMBERS,
        board=board("0: B0 C0 D0", "1: B2 C2 D2"),
        hands=["", f"{five} {numbers_card(29)}"],
        to_act=1,
    )
    assert greedy_choices(state) == {f"play {five} E0"}


def test_blocks_an_opponents_four_rather_than_extend_its_own_three() -> None:
    state = position(
        board=board("0: B2 B6 C6 D6", "1: C2 D2 E2 F2"),
        hands=["6D 9H 2S 3S 5S 7S 8S", ""],
    )
    assert greedy_choices(state) == {"play 6D G2"}


def test_numbers_blocks_the_opponents_winning_four() -> None:
    thirty = numbers_card(30)
    state = position(
        NUMBERS,
        board=board("0: B2 B6 C6 D6", "1: C2 D2 E2 F2"),
        hands=[f"{thirty} {numbers_card(21)}", ""],
    )
    assert greedy_choices(state) == {f"play {thirty} G2"}


def test_saves_the_game_with_the_two_eyed_jack_when_no_value_card_blocks() -> None:
    state = position(
        board=board("0: B2 B6 C6 D6", "1: C2 D2 E2 F2"),
        hands=["JC 9H 2S", ""],
    )
    assert greedy_choices(state) == {"play JC G2"}


def test_breaks_an_open_four_with_a_remove_card() -> None:
    # Blocking one end (6D on G2 or AS on B2) would leave the other end to win.
    state = position(
        board=board("0: B6 C6", "1: C2 D2 E2 F2"),
        hands=["JS 6D AS 2S", ""],
    )
    choices = greedy_choices(state)
    assert choices <= {"remove JS C2", "remove JS D2", "remove JS E2", "remove JS F2"}, choices


def test_spends_the_remove_card_on_the_biggest_threat() -> None:
    # A closed four that no card in hand can block, and a three: the four loses a chip.
    state = position(
        board=board("0: B2", "1: C2 D2 E2 F2 C7 D7 E7"),
        hands=["JH 2S 3S 4S", ""],
    )
    choices = greedy_choices(state)
    assert choices <= {"remove JH C2", "remove JH D2", "remove JH E2", "remove JH F2"}, choices


def test_keeps_the_remove_card_when_there_is_no_threat() -> None:
    state = position(board=board("0: B6 C6", "1: C2 H8"), hands=["JS 8H 2S", ""])
    assert all(choice.startswith("play") for choice in greedy_choices(state))


# ---------------------------------------------------------------------- card economy
def test_plays_a_value_card_where_the_two_eyed_jack_would_do_no_better() -> None:
    state = position(board=board("0: B6 C6 D6"), hands=["JD 9H", ""])
    assert greedy_choices(state) == {"play 9H E6"}


def test_exchanges_a_dead_card_before_playing() -> None:
    # Both 2D spaces (C2 and J5) are taken.
    state = position(board=board("0: C2", "1: J5"), hands=["2D 9H 3S", ""])
    assert greedy_choices(state) == {"dead 2D"}


def test_marks_the_sequence_that_leaves_room_for_the_second() -> None:
    # F3 makes B3..G3 a line of six: B3-F3 or C3-G3. With B3-F3 marked, F3-J3 (one chip
    # short, at H3) may still become the second sequence, sharing only F3; C3-G3 would
    # share two spaces with it.
    state = position(board=board("0: B3 C3 D3 E3 G3 I3 J3"), hands=["3C 2S", ""])
    state.apply("play 3C F3")
    assert {str(action) for action in state.legal_actions()} == {"mark B3 F3", "mark C3 G3"}
    assert greedy_choices(state) == {"mark B3 F3"}


# ---------------------------------------------------------------------- what the bot may see
@pytest.mark.parametrize("game_id", [CLASSIC, NUMBERS])
def test_decisions_depend_only_on_what_the_seat_sees(game_id: str) -> None:
    assert_decides_from_view(game_id, players=2, seed=5, steps=30)


# ---------------------------------------------------------------------- playouts
def test_playout_policy_prefers_a_value_card_to_a_jack() -> None:
    playout = playout_policy_for(CLASSIC)
    assert playout is not None
    state = position(board=board("0: B6"), hands=["JD JS 9H", ""])
    legal = state.legal_actions()
    rng = random.Random(3)
    picks = [str(playout(state, legal, rng)) for _ in range(200)]
    # Uniform over actions would play the jack 95 times in 97 here.
    assert set(picks) == {"play 9H E6", "play 9H I2"}


def test_playout_policy_exchanges_a_dead_card() -> None:
    playout = playout_policy_for(CLASSIC)
    assert playout is not None
    state = position(board=board("0: C2", "1: J5"), hands=["2D 9H 3S", ""])
    assert str(playout(state, state.legal_actions(), random.Random(0))) == "dead 2D"


# ---------------------------------------------------------------------- strength
@pytest.mark.parametrize("game_id", [CLASSIC, NUMBERS])
def test_greedy_beats_random_in_nine_games_of_ten(game_id: str) -> None:
    # Numbers needs one sequence, so random play gets lucky about one game in thirty: 60
    # games keep the 90% bar clear of that luck.
    assert greedy_wins(game_id, 60, first_seed=100) >= 54


@pytest.mark.parametrize(("game_id", "players"), [(CLASSIC, 3), (CLASSIC, 4), (NUMBERS, 6)])
def test_greedy_plays_whole_games_with_more_players_and_teams(game_id: str, players: int) -> None:
    state = sequenza.make(game_id, players=players, seed=players)
    result = play_out(state, [make_bot("greedy", seed=seat) for seat in range(players)])
    assert result.winners
