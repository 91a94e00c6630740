"""Two building blocks for a mode's fairness between seats: an ending that waits for the round
to be complete (``finish_round``) and a hand deal that differs by seat (``extra_by_seat``).
A file without them plays as before: ``test_identity`` holds the rulebook's modes to the
hand-written engines."""

from __future__ import annotations

import re
from typing import Any

import pytest

from sequenza.core.registry import make, register_kit
from sequenza.modes import EXAMPLES, ModeError, build_kit, parse_mode

SLIDING = (EXAMPLES / "sliding_hand.toml").read_text(encoding="utf-8")
ENDINGS = ('condition = "hands_empty"\n', 'quiet_rounds = "last_rounds"\n')
HAND_DEAL = 'count = "hand_size"\n'
BLOCKS = ("finish_round", "extra_by_seat")


def _without_blocks(text: str) -> str:
    """Sliding Hand as first written: every seat dealt 2 cards (1 to 5), the game over at
    once."""
    text = re.sub(
        r"\[options\.hand_size\]\n(.+\n)+?description",
        "[options.hand_size]\ndefault = 2\nminimum = 1\nmaximum = 5\ndescription",
        text,
    )
    lines = text.splitlines()
    return "\n".join(line for line in lines if not line.startswith(BLOCKS)) + "\n"


def _mode(game_id: str, *, finish_round: bool, extra: str = "") -> str:
    text = _without_blocks(SLIDING).replace('id = "mode-sliding-hand"', f'id = "{game_id}"')
    if finish_round:
        for ending in ENDINGS:
            text = text.replace(ending, f"{ending}finish_round = true\n")
    if extra:
        text = text.replace(HAND_DEAL, f"{HAND_DEAL}extra_by_seat = {extra}\n")
    return text


_KITS: dict[str, str] = {}


def _state(text: str, players: int, **options: Any) -> Any:
    if text not in _KITS:
        _KITS[text] = register_kit(build_kit(parse_mode(text, "mode.toml"))).id
    return make(_KITS[text], players=players, seed=0, **options)


def _empty_the_deck_and_hands(state: Any) -> None:
    # Every card still to come goes to the first seat's score: the next turn to end meets
    # the ending "the deck and every hand are empty".
    for hand in state.hands:
        state.scores[0] += hand
        hand.clear()
    state.scores[0] += state.deck
    state.deck.clear()


@pytest.mark.parametrize("finish_round", [False, True])
def test_an_ending_that_finishes_the_round_lets_the_last_seats_play(finish_round: bool) -> None:
    state = _state(_mode(f"mode-round-{finish_round}".lower(), finish_round=finish_round), 3)
    _empty_the_deck_and_hands(state)
    state.apply(state.legal_actions()[-1])  # the first seat passes: the ending holds now
    if not finish_round:
        assert state.is_over
        return
    seats = []
    while not state.is_over:
        seats.append(state.current_seat)
        assert state.observation(state.current_seat)["counters"]["final_round"] == 1
        state.apply(state.legal_actions()[-1])  # an empty hand passes
    # The second and third seats had their turn: every seat played one turn.
    assert sorted(set(seats)) == [1, 2]
    assert state.termination == "deck_exhausted"


def test_the_round_is_counted_from_the_first_player() -> None:
    state = _state(_mode("mode-round-first", finish_round=True), 3, random_first_player=True)
    first = state.first_player
    last = (first + 2) % 3
    while state.current_seat != last:
        state.apply("end")
    _empty_the_deck_and_hands(state)
    state.apply(state.legal_actions()[-1])  # the round is complete: the game ends at once
    assert state.is_over
    assert state.data()["final_round"] is None


def test_a_deal_differs_by_seat_in_the_order_of_play() -> None:
    text = _mode("mode-deal-by-seat", finish_round=False, extra="[-1, 0, 2]")
    for players, sizes in ((3, [1, 2, 4]), (4, [1, 2, 4, 2])):
        state = _state(text, players, random_first_player=True)
        first = state.first_player
        assert [len(state.hands[(first + order) % players]) for order in range(players)] == sizes
        assert sum(state.card_counter().values()) == 54


@pytest.mark.parametrize(
    ("extra", "deal", "code"),
    [
        ("[0, 1]", "grid", "extra_not_hand"),
        ("[0, 1, 1, 1, 1]", "hand", "extra_too_long"),
        ("[-2]", "hand", "extra_below_zero"),
    ],
)
def test_a_deal_by_seat_is_checked(extra: str, deal: str, code: str) -> None:
    text = _mode("mode-deal-checked", finish_round=False)
    # hand_size may be 1: a seat dealt 2 fewer would get fewer than none.
    text = text.replace(f'deal = "{deal}"\n', f'deal = "{deal}"\nextra_by_seat = {extra}\n', 1)
    with pytest.raises(ModeError) as caught:
        parse_mode(text, "mode.toml")
    assert [problem.code for problem in caught.value.problems] == [code]


def test_a_deal_by_seat_counts_in_the_deck_check() -> None:
    # 8 on the grid and 4 seats of 5 (hand_size's maximum) use 28 of 54 cards; 27 more for
    # the last seat overdeal.
    text = _mode("mode-deal-overdealt", finish_round=False, extra="[0, 0, 0, 27]")
    with pytest.raises(ModeError) as caught:
        parse_mode(text, "mode.toml")
    assert {problem.code for problem in caught.value.problems} == {"option_overdeals"}


def test_an_ending_that_finishes_the_round_needs_a_move_for_an_empty_hand() -> None:
    # Without the pass, the end or a slide, a seat of the last round with an empty hand and
    # an empty deck would have no move.
    text = _mode("mode-round-stuck", finish_round=True)
    text = text.replace('empty_handed = "pass"\n', "").replace(
        'actions = ["slide", "claim", "end"]', 'actions = ["claim"]'
    )
    with pytest.raises(ModeError) as caught:
        parse_mode(text, "mode.toml")
    assert {problem.code for problem in caught.value.problems} == {"finish_round_stuck"}
    parse_mode(text.replace("finish_round = true\n", ""), "mode.toml")
