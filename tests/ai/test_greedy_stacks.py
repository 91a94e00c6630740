"""The greedy bot and the playout policy of Sequence Stacks: Blocks kept for the completions
that matter, piles completed and not fed to the next player, chips stolen where they hurt,
the least useful card discarded, decisions that ignore what the seat cannot see, and
strength against random play."""

from __future__ import annotations

import random

import pytest

import sequenza
from sequenza.ai import Decision, GreedyBot, make_bot
from sequenza.ai.greedy import playout_policy_for
from sequenza.ai.mcts import MctsBot
from sequenza.core.registry import make_game
from sequenza.games.sequence_stacks.play import (
    ROOT_MARGIN,
    ROOT_WIDTH,
    need,
    stacks_alternatives,
    stacks_worths,
)
from sequenza.games.sequence_stacks.rules import StacksGame, StacksState, from_position
from tests.ai.matches import assert_decides_from_view, greedy_wins, play_out

GAME_ID = "sequence-stacks"


def position(text: str, players: int = 2) -> StacksState:
    game = make_game(GAME_ID, players)
    assert isinstance(game, StacksGame)
    return from_position(game, text)


def greedy_choices(state: StacksState, seeds: int = 3) -> set[str]:
    """What the greedy bot plays here, over a few seeds (each samples other hidden cards)."""
    return {str(GreedyBot(seed).act(state)) for seed in range(seeds)}


def test_need_counts_the_chips_still_missing_from_a_win() -> None:
    assert need([0, 0]) == 5
    assert need([4, 0]) == 2
    assert need([2, 2]) == 1
    assert need([3, 2]) == 0


# ---------------------------------------------------------------------- the Block window
def completed(chips: str, hand1: str = "block blue-1") -> StacksState:
    """Seat 0 has just completed red 1; seat 1, holding ``hand1``, is asked."""
    state = position(
        f"hand0: red-5 blue-3\nred1: red-1 red-2 red-3 red-4\nhand1: {hand1}\nchips0: {chips}"
    )
    state.apply("play red-5 hand 1")
    assert state.current_seat == 1
    return state


def test_blocks_a_completion_that_would_win() -> None:
    assert greedy_choices(completed("blue 2 red 2")) == {"block"}


def test_blocks_a_chip_that_brings_the_completer_closer_to_winning() -> None:
    assert greedy_choices(completed("blue 1 red 1")) == {"block"}
    assert greedy_choices(completed("")) == {"block"}


def test_allows_a_chip_that_brings_the_completer_no_closer() -> None:
    # Four reds and no blue: the win still needs two blues.
    assert greedy_choices(completed("red 4")) == {"allow"}


def test_allows_a_red_chip_to_a_player_one_blue_short_of_winning() -> None:
    # Keep the Block for the blue that would win.
    assert greedy_choices(completed("blue 1 red 3")) == {"allow"}


def test_allows_when_the_colour_has_no_chip_left() -> None:
    state = position(
        "hand0: red-5 blue-3\nred1: red-1 red-2 red-3 red-4\nhand1: block\n"
        "chips0: blue 2 red 2\nsupply: blue 16 red 0"
    )
    state.apply("play red-5 hand 1")
    assert greedy_choices(state) == {"allow"}


# ---------------------------------------------------------------------- the piles
def test_completes_a_pile_with_the_five_and_keeps_the_wild() -> None:
    state = position("hand0: red-5 red-wild blue-3\nred1: red-1 red-2 red-3 red-4")
    assert greedy_choices(state) == {"play red-5 hand 1"}


def test_completes_a_pile_from_its_own_discard_pile() -> None:
    state = position("hand0: blue-3 blue-4\ndiscard0: red-5\nred1: red-1 red-2 red-3 red-4")
    assert greedy_choices(state) == {"play red-5 discard 1"}


def test_plays_a_four_when_it_holds_the_five_to_follow() -> None:
    state = position("hand0: red-4 red-5 blue-3\nred1: red-1 red-2 red-3")
    assert greedy_choices(state) == {"play red-4 hand 1"}


def test_does_not_leave_a_pile_one_short_for_the_next_player() -> None:
    # red-4 alone would leave red 1 needing a 5: the opponent's chip to take.
    state = position("hand0: red-4 blue-4 blue-5\nred1: red-1 red-2 red-3\nblue1: blue-1")
    assert all("red-4" not in choice or "discard" in choice for choice in greedy_choices(state))


def test_starts_and_builds_piles_with_the_cards_it_can_play() -> None:
    state = position("hand0: blue-1 blue-2 red-3 red-4 red-5")
    assert greedy_choices(state) == {"play blue-1 hand new"}
    state.apply("play blue-1 hand new")
    assert greedy_choices(state) == {"play blue-2 hand 1"}


# ---------------------------------------------------------------------- action cards
def test_steals_the_chip_its_owner_cannot_spare() -> None:
    # Seat 1 needs one red more; taking a blue would leave them one chip short all the same.
    state = position("hand0: steal-chip red-3\nchips1: blue 4 red 1")
    assert greedy_choices(state) == {"play steal-chip hand 1 red"}


def test_steals_from_the_player_nearest_a_win() -> None:
    state = position("hand0: steal-chip red-3\nchips1: red 1\nchips2: blue 2 red 2", players=3)
    assert {choice.split()[3] for choice in greedy_choices(state)} == {"2"}


def test_plays_a_skip() -> None:
    state = position("hand0: skip red-3 blue-3")
    assert greedy_choices(state) == {"play skip hand"}


def test_steals_a_wild_from_a_discard_pile_but_not_a_useless_card() -> None:
    state = position("hand0: steal-card red-3 blue-3\ndiscard1: blue-2 red-wild")
    assert greedy_choices(state) == {"play steal-card hand 1"}
    state = position(
        "hand0: steal-card red-3 blue-3\ndiscard1: blue-wild blue-2\nblue1: blue-1 blue-2"
    )
    assert all("steal-card hand 1" not in choice for choice in greedy_choices(state))


def test_discards_the_least_useful_card_never_a_wild_or_a_block() -> None:
    # blue-2 fits neither blue pile any more; everything else is worth keeping.
    state = position(
        "hand0: blue-2 red-5 blue-wild block\n"
        "blue1: blue-1 blue-2 blue-3\nblue2: blue-1 blue-2 blue-3"
    )
    assert greedy_choices(state) == {"discard blue-2"}


# ---------------------------------------------------------------------- the search's wide root
def test_the_wide_root_offers_the_heuristics_move_first_and_the_nearly_as_good_ones() -> None:
    state = position("hand0: blue-1 blue-2 red-3 red-4 red-5")
    legal = state.legal_actions()
    worths = stacks_worths(state, legal)
    alternatives = stacks_alternatives(state, legal)
    assert str(alternatives[0]) == "play blue-1 hand new"
    assert 1 < len(alternatives) <= ROOT_WIDTH < len(legal)
    assert len(set(alternatives)) == len(alternatives)
    top = max(worths.values())
    assert all(worths[action] >= top - ROOT_MARGIN for action in alternatives[1:])
    # After the heuristic's move, the best-valued others: here the discards that end the turn
    # (one card short of the line through blue-1 and blue-2), the least useful card first.
    rest = [worths[action] for action in alternatives[1:]]
    assert rest == sorted(rest, reverse=True)
    assert str(alternatives[1]) in {"discard red-4", "discard red-5"}


def test_the_wide_root_searches_where_the_default_root_leaves_one_move() -> None:
    state = position("hand0: blue-1 blue-2 red-3 red-4 red-5")
    narrow = MctsBot(seed=3, iterations=40)
    wide = MctsBot(seed=3, iterations=40, root="wide")
    assert str(narrow.choose(Decision.of(state))) == "play blue-1 hand new"
    assert narrow.last_iterations == 0
    assert wide.choose(Decision.of(state)) in stacks_alternatives(state, state.legal_actions())
    assert wide.last_iterations == 40


# ---------------------------------------------------------------------- what the bot may see
def test_decisions_depend_only_on_what_the_seat_sees() -> None:
    assert_decides_from_view(GAME_ID, players=3, seed=4, steps=60)


# ---------------------------------------------------------------------- playouts
def test_playout_policy_completes_blocks_and_plays_before_discarding() -> None:
    playout = playout_policy_for(GAME_ID)
    assert playout is not None
    rng = random.Random(0)
    state = position("hand0: red-5 blue-1 red-2\nred1: red-1 red-2 red-3 red-4")
    assert str(playout(state, state.legal_actions(), rng)) == "play red-5 hand 1"
    state = completed("", hand1="block blue-1")
    assert str(playout(state, state.legal_actions(), rng)) == "block"
    state = position("hand0: blue-wild red-3 blue-2\nblue1: blue-1")
    assert str(playout(state, state.legal_actions(), rng)) == "play blue-2 hand 1"
    state = position("hand0: red-3 blue-3")
    assert str(playout(state, state.legal_actions(), rng)).startswith("discard")


# ---------------------------------------------------------------------- strength
def test_greedy_beats_random_in_nine_games_of_ten() -> None:
    assert greedy_wins(GAME_ID, 40, first_seed=200) >= 36


@pytest.mark.parametrize("players", [3, 4])
def test_greedy_plays_legal_games_at_larger_tables(players: int) -> None:
    state = sequenza.make(GAME_ID, players=players, seed=players)
    result = play_out(state, [make_bot("greedy", seed=seat) for seat in range(players)])
    assert len(result.scores) == players
