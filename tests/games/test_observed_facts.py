"""Observations carry what the rules know, so that drawings and views read it instead of
working it out again: the rows that show a Shift seat's target and whether the table can make
it, the Stack runs that read a code of the seat's hand, whether a Stacks pile is complete, the
spaces of the Sequence windows a seat must choose from.
Each is checked against the rules (the legal claims) over random games, kept from the seats
that may not see it, and shown by the drawings as the observation says it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import sequenza
from sequenza import i18n
from sequenza.components.sequentia_cards import SequentiaCard
from sequenza.games.sequence_stacks.drawing import render_stacks
from sequenza.games.sequentia_shift.drawing import render_shift

WORDS = i18n.Translator("games", "en")


def positions(game_id: str, players: int, seeds: range, limit: int = 300) -> Iterator[Any]:
    """The states of seeded random games, one after each action (a copy is not needed: each
    is read before the next action)."""
    for seed in seeds:
        state = sequenza.make(game_id, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < limit:
            yield state
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def digits(texts: list[str | None]) -> str:
    return "".join(str(SequentiaCard.parse(text).digit) for text in texts if text is not None)


def test_a_shift_seat_sees_the_rows_that_show_its_target_and_whether_it_can_be_made() -> None:
    claims_checked = 0
    for state in positions("sequentia-shift", 3, range(6)):
        assert state.observation(None)["rows_showing_target"] is None
        for seat in range(3):
            view = state.observation(seat)
            target = view["target"]
            if target is None:
                assert view["rows_showing_target"] is None and view["target_possible"] is None
                continue
            code = "".join(SequentiaCard.parse(target).code)
            grid = view["grid"]
            rows = [
                row
                for row in range(3)
                if None not in grid[row * 3 : row * 3 + 3]
                and digits(grid[row * 3 : row * 3 + 3]) == code
            ]
            assert view["rows_showing_target"] == rows
            on_table = digits(grid)
            assert view["target_possible"] == all(
                code.count(digit) <= on_table.count(digit) for digit in "123"
            )
            if seat == state.current_seat and view["phase"] == "play":
                claims = [
                    int(str(a).split()[1]) for a in state.legal_actions() if a.verb == "claim"
                ]
                # A claim is open on exactly the rows that show the target.
                assert claims == rows
                claims_checked += bool(claims)
    assert claims_checked > 0


def test_a_stack_seat_sees_the_runs_its_hand_reads() -> None:
    matched = 0
    for state in positions("sequentia-stack", 2, range(8)):
        assert state.observation(None)["runs_matching_hand"] is None
        for seat in range(2):
            view = state.observation(seat)
            row = view["row"]
            codes = {"".join(SequentiaCard.parse(text).code) for text in view["hand"]}
            runs = (
                [
                    start
                    for start in (1, 2)
                    if "".join(str(pile["digit"]) for pile in row[start - 1 : start + 2]) in codes
                ]
                if len(row) == 4
                else []
            )
            assert view["runs_matching_hand"] == runs
            matched += bool(runs)
            if seat == state.current_seat:
                # Every open claim is on a run the hand reads.
                for action in state.legal_actions():
                    if action.verb == "claim":
                        assert int(action.args[1]) in runs
    assert matched > 0


def test_a_stacks_pile_says_when_it_is_complete() -> None:
    complete = 0
    for state in positions("sequence-stacks", 3, range(4), limit=400):
        for pile in state.observation(None)["piles"]:
            assert pile["complete"] == (len(pile["cards"]) == 5)
            complete += pile["complete"]
    assert complete > 0


def test_the_drawings_say_what_the_observation_carries() -> None:
    """The drawings take the rules' answers from the observation: a view that says a row
    shows the target is drawn so, whatever the grid (here it does not)."""
    state = sequenza.make("sequentia-shift", players=2, seed=3)
    view = state.observation(state.current_seat)
    assert view["target"] is not None
    shown = render_shift({**view, "rows_showing_target": [2], "target_possible": True}, WORDS)
    assert "row 2 shows it" in shown
    lacking = render_shift({**view, "rows_showing_target": [], "target_possible": False}, WORDS)
    assert "the table lacks its digits: it cannot be made" in lacking
    plain = render_shift({**view, "rows_showing_target": [], "target_possible": True}, WORDS)
    assert "shows it" not in plain and "cannot be made" not in plain

    stacks = sequenza.make("sequence-stacks", players=2, seed=1).observation(0)
    # A started pile (the drawing names what an empty one needs to start), said complete.
    piles = [
        {**pile, "needs": 3, "complete": index == 0} for index, pile in enumerate(stacks["piles"])
    ]
    drawn = render_stacks({**stacks, "piles": piles}, WORDS)
    assert drawn.count("complete") == 1


@pytest.mark.parametrize("game_id", ["sequentia-shift", "sequentia-stack"])
def test_the_seat_s_facts_are_the_seat_s_alone(game_id: str) -> None:
    """The facts derive from the seat's secret (its target, its hand): the spectator's view
    holds none (the conformance kit checks that a seat's view ignores the others' secrets)."""
    field = "rows_showing_target" if game_id == "sequentia-shift" else "runs_matching_hand"
    state = sequenza.make(game_id, players=2, seed=5)
    assert state.observation(None)[field] is None
    assert state.observation(0)[field] is not None


def board_space(name: str) -> tuple[int, int]:
    return int(name[1]), "ABCDEFGHIJ".index(name[0])


def test_a_sequence_choice_names_the_spaces_of_its_windows() -> None:
    """The spaces of the windows a seat must choose a sequence from (the page highlights them
    and the tensor marks them): each window's five spaces in a line, from end to end."""
    kit = sequenza.core.game_kit("sequence")
    choices = 0
    # Two windows at once are rare: about one game in five of these makes them.
    for seed in range(12, 40):
        state = sequenza.make("sequence", players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.observation(None)
            spaces = set()
            for window in view["choose_sequence"]:
                (row, column), (last_row, last_column) = map(board_space, window.split("-"))
                for step in range(5):
                    spaces.add(
                        (
                            row + (last_row - row) * step // 4,
                            column + (last_column - column) * step // 4,
                        )
                    )
            listed = [board_space(name) for name in view["choose_sequence_spaces"]]
            assert set(listed) == spaces and len(listed) == len(spaces)
            choices += bool(spaces)
            legal = state.legal_actions()
            state.apply(kit.play.greedy(state, legal, rng))
    assert choices > 0
