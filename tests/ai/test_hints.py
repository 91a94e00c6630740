"""Hints: the strongest cheap level's move for a seat and its reason, decided from that seat's
``Decision`` alone: dealing the other seats' hidden cards again changes nothing."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import sequenza
from sequenza.ai.base import Decision
from sequenza.ai.hints import hint, hint_level, reason
from sequenza.ai.levels import ladder
from sequenza.core.game import State
from sequenza.games.sequence_stacks.rules import StacksGame, StacksOptions
from sequenza.games.sequence_stacks.rules import from_position as stacks_position
from sequenza.games.sequentia_cross.rules import CrossGame, CrossOptions
from sequenza.games.sequentia_cross.rules import from_position as cross_position
from sequenza.games.sequentia_stack.rules import SequentiaStack, SequentiaStackState, StackOptions


@pytest.mark.parametrize(
    ("game_id", "level"),
    [
        ("sequence", "expert"),
        ("sequence-numbers", "greedy"),
        ("sequentia-cross", "mcts"),
        ("sequentia-shift", "greedy"),
    ],
)
def test_a_hint_is_the_same_whatever_cards_the_others_hold(game_id: str, level: str) -> None:
    state = sequenza.make(game_id, players=2, seed=11)
    rng = random.Random(2)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_seat
    assert seat is not None
    # A search at a few iterations where the level searches: a quick test.
    settings = {"iterations": 8} if level in ("mcts", "expert") else {}
    hints = []
    for redeal in range(2):
        # The same table as this seat sees it, the other hands and the deck dealt again (a
        # search copy, which keeps no log: who played each move is public all the same).
        again = state.determinize(seat, random.Random(99 + redeal))
        assert again.observation(seat) == state.observation(seat)
        assert again.observation(1 - seat) != state.observation(1 - seat)
        decision = replace(Decision.of(state), _state=again)
        hints.append(hint(decision, 7, level, **settings))
    found = hint(Decision.of(state), 7, level, **settings)
    assert hints == [found] * 2
    assert found.action in state.legal_actions()
    assert found.code and isinstance(found.data, dict)


def test_a_hint_asks_the_strongest_level_the_menu_offers() -> None:
    assert hint_level("sequence") == ladder("sequence")[-1][0] == "expert"
    assert hint_level("sequentia-shift") == "greedy"  # the top levels play like it there
    assert hint_level("no-such-game") == "greedy"


def test_a_claim_is_named_as_one() -> None:
    state = sequenza.make("sequentia-shift", players=2, seed=1)
    for _ in range(200):
        claims = [action for action in state.legal_actions() if action.verb == "claim"]
        if claims:
            break
        state.apply(random.Random(len(state.log)).choice(state.legal_actions()))
    else:
        pytest.skip("no claim within 200 moves of this deal")
    found = hint(Decision.of(state), 3, "greedy")
    assert found.action.verb == "claim" and found.code == "claim"
    assert found.to_json()["reason"] == {"code": "claim", "data": {}}


def test_a_hint_in_sequence_names_the_line_it_blocks_or_makes() -> None:
    # Greedy against random until the hint's move is about a line: a line of four of the
    # random seat blocked, or one of greedy's own made. Its sentence names the seat.
    state = sequenza.make("sequence", players=2, seed=3)
    rng = random.Random(4)
    codes: set[str] = set()
    while not state.is_over and not codes & {"blocks_four", "four", "sequence"}:
        if state.current_seat == 1:
            state.apply(rng.choice(state.legal_actions()))
            continue
        found = hint(Decision.of(state), 5, "greedy")
        codes.add(found.code)
        if found.code == "blocks_four":
            assert found.data == {"seat": 1}
        state.apply(found.action)
    assert codes & {"blocks_four", "four", "sequence"}, codes


def test_a_hint_in_shift_counts_the_slides_to_the_code_or_ends_the_turn() -> None:
    state = sequenza.make("sequentia-shift", players=2, seed=2)
    codes: dict[str, dict[str, int]] = {}
    while not state.is_over and not {"code_in", "end_turn"} <= set(codes):
        found = hint(Decision.of(state), 1, "greedy")
        codes.setdefault(found.code, found.data)
        state.apply(found.action)
    assert {"code_in", "end_turn"} <= set(codes), codes
    assert codes["code_in"]["slides"] >= 0


def reasons(state: State[Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """The reason of each legal action of the seat to act, by the action's text, judged as a
    hint judges it, once on the true deal and once with the hidden cards dealt again: a reason
    reads the seat's own view only, so both agree."""
    seat = state.current_seat
    assert seat is not None
    found = {}
    again = replace(Decision.of(state), _state=state.determinize(seat, random.Random(5)))
    for action in state.legal_actions():
        told = reason(Decision.of(state), action, random.Random(1))
        assert reason(again, action, random.Random(2)) == told, action
        found[str(action)] = told
    return found


def test_a_hint_in_stack_names_the_run_it_readies_covers_or_leaves_safe() -> None:
    game = SequentiaStack(2, StackOptions())
    # Piles show 2 2 3 1: runs 223 and 231. Placing 1:113 on pile 1 makes 123, the code of
    # the 3:123 in hand: a claim of piles 1-3 (4 cards and the revealed one).
    state = SequentiaStackState.from_position(
        game, "row: 2:111 | 2:121 | 3:122 | 1:121\nhands: 1:113 3:123 2:311 / 2:122 2:131 3:132"
    )
    told = reasons(state)
    assert told["place 1:113 1"] == (
        "stack_claim_next",
        {"card": "3:123", "first": 1, "last": 3, "cards": 5},
    )
    assert hint(Decision.of(state), 3, "greedy").code == "stack_claim_next"
    # 2:311 on pile 4 turns 231 (a code whose cards the seat cannot see) into 232.
    assert told["place 2:311 4"] == ("stack_blocks", {"code": "231"})
    # A bonus card lets the seat place again; three piles showing a code of the hand are a
    # claim waiting for the fourth pile.
    state = SequentiaStackState.from_position(
        game, "row: 1:121 | 2:121\nhands: 1:111+ 3:112 1:123 / 2:122 2:131 3:132"
    )
    told = reasons(state)
    assert told["place 3:112 right"] == ("stack_run_ready", {"card": "1:123"})
    assert told["place 1:111+ right"] == ("stack_bonus", {})
    # A second pile that, with the first, shows the start of a code of the hand: one more
    # pile at that end shows it.
    state = SequentiaStackState.from_position(
        game, "row: 1:121\nhands: 1:113 3:122 2:211 / 2:122 2:131 3:132"
    )
    told = reasons(state)
    assert told["place 2:211 right"] == (
        "stack_run_start",
        {"card": "3:122", "side": "right", "digit": 2},
    )
    assert told["place 2:211 left"][0] != "stack_run_start"
    # The row shows 111 and 113, and the seat sees both cards of each code in its piles:
    # after a placement that keeps them, nobody else can claim.
    state = SequentiaStackState.from_position(
        game,
        "row: 2:111 1:113 | 1:111+ | 3:112 1:121 | 3:113+\n"
        "hands: 1:221 2:122 3:122 / 2:131 3:132 1:133",
    )
    assert reasons(state)["place 1:221 3"] == ("stack_safe", {})


def test_a_hint_in_cross_names_the_line_it_makes_or_readies() -> None:
    state = cross_position(
        CrossGame(2, CrossOptions()),
        "grid: 1:113 1:121 2:121 / 3:113+ 1:123 2:122 / 2:131 3:132 1:133\n"
        "hand0: 3:312 2:211 1:213\nhand1: 1:211+ 2:212+ 3:212\n"
        "deck: 3:213+ 2:221 1:221 2:222 3:222",
    )
    told = reasons(state)
    # The top row then reads 3 1 2, the card's own code: its two piles and the pile under it.
    assert told["place 3:312 0"] == (
        "cross_line",
        {"card": "3:312", "lines": "rows", "index": 0, "cards": 4},
    )
    # On the middle row's left (2 1 2 then), the 1:213 left in hand makes it read 2 1 1:
    # the code of the 2:211 just placed.
    assert told["place 2:211 3"] == ("cross_prepares", {"card": "1:213"})
    state.apply("place 2:211 3")
    assert reasons(state)["place 1:213 5"] == (
        "cross_line",
        {"card": "2:211", "lines": "rows", "index": 1, "cards": 5},
    )


def test_a_hint_in_sequence_stacks_names_the_pile_the_chip_or_the_player() -> None:
    game = StacksGame(2, StacksOptions())
    position = (
        "hand0: red-5 red-3 blue-2 skip steal-chip\nhand1: blue-1 red-1 block\n"
        "red1: red-1 red-2 red-3 red-4\nblue1: blue-1\nchips0: blue 2 red {red}\n"
        "chips1: red 1 blue 1\nturn: 0"
    )
    state = stacks_position(game, position.format(red=1))
    told = reasons(state)
    assert told["play red-5 hand 1"] == ("stacks_completes", {"colour": "red", "need": 1})
    assert told["play blue-2 hand 1"] == ("stacks_builds", {"colour": "blue", "needs": 3})
    assert told["play skip hand"] == ("stacks_skip", {"seat": 1})
    assert told["play steal-chip hand 1 red"] == ("stacks_steal_chip", {"seat": 1, "colour": "red"})
    # Only the card the heuristic values least is discarded for that reason.
    discards = {action: told[action] for action in told if action.startswith("discard")}
    assert [action for action, why in discards.items() if why[0] == "stacks_discard"] == [
        "discard red-3"
    ]
    # With two chips of each colour, the red chip wins: the other seat's Block is told so.
    state = stacks_position(game, position.format(red=2))
    assert reasons(state)["play red-5 hand 1"][1] == {"colour": "red", "need": 0}
    state.apply("play red-5 hand 1")
    assert reasons(state)["block"] == ("stacks_block", {"seat": 0, "colour": "red", "wins": True})
    found = hint(Decision.of(state), 1, "greedy")
    assert (found.action.verb, found.code) == ("block", "stacks_block")
    # A 4 that the 5 in hand then completes prepares the pile; a 1 starts one.
    state = stacks_position(
        game, "hand0: red-4 red-5 blue-1 skip blue-3\nhand1: blue-2\nred1: red-1 red-2 red-3"
    )
    told = reasons(state)
    assert told["play red-4 hand 1"] == ("stacks_prepares", {"colour": "red"})
    assert told["play blue-1 hand new"] == ("stacks_new_pile", {"colour": "blue"})


def test_a_hint_in_stack_words_ending_the_turn_passing_and_building_the_row() -> None:
    game = SequentiaStack(2, StackOptions())

    def told(position: str) -> dict[str, tuple[str, dict[str, Any]]]:
        return reasons(SequentiaStackState.from_position(game, position))

    others = " / 2:131 3:132 2:112+"
    # Ending the turn: the row's three piles show 1 2 3, the code of the 3:123 kept for when
    # the row has four piles; or the two piles show 2 1, the start of the 3:213+'s code.
    assert told(
        "row: 1:113 | 2:121 | 3:122\nhands: 3:123 2:311" + others + "\n"
        "phase: simple_placed\nlast_pile: 3"
    )["end"] == ("stack_end_ready", {"card": "3:123"})
    assert told(
        "row: 2:111 | 1:121\nhands: 3:213+ 2:322" + others + "\nphase: simple_placed\nlast_pile: 2"
    )["end"] == ("stack_end_start", {"card": "3:213+", "side": "right", "digit": 3})
    # Nothing to claim: the hand fills up from the deck again (none drawn from an empty one).
    full = "row: 1:111+ | 2:222 | 3:333 | 1:121\nhands: 2:311 1:313" + others
    full += "\nphase: simple_placed\nlast_pile: 4"
    assert told(full)["end"] == ("stack_end_draw", {"count": 1})
    assert told(full + "\ndeck: -")["end"] == ("stack_end_draw", {"count": 0})
    assert told("row: 1:111+ | 2:222\nhands: - / 2:122\ndeck: -")["pass"] == ("stack_pass", {})
    # The first pile: the 2 starts the 1:213's code, so the row grows right from it.
    first = told("hands: 2:111 1:213 3:312" + others)
    assert first["place 2:111 left"] == first["place 2:111 right"]
    assert first["place 2:111 right"] == (
        "stack_row_end",
        {"card": "1:213", "side": "right", "digit": 2, "first": True},
    )
    # A second pile at the left end: the 2 ends the 3:312's code.
    second = told("row: 3:222\nhands: 2:111 1:213 3:312" + others)
    assert second["place 2:111 left"] == (
        "stack_row_end",
        {"card": "3:312", "side": "left", "digit": 2, "first": False},
    )
    # A third pile: the run 1 2 3 whose two cards both lie in the piles, which no one else can
    # claim; with one of them in sight, one other card at most can. A 2 at the left is the
    # digit the kept 3:312 and 1:313 ask for least.
    third = "row: 1:123 1:121 | 3:123 2:122\nhands: 3:312 2:311 1:313" + others
    assert told(third)["place 3:312 right"] == ("stack_row_safe", {"code": "123"})
    third = third.replace("1:123 1:121", "1:121")
    assert told(third)["place 3:312 right"] == ("stack_row_rare", {"codes": ["123"]})
    assert told(third)["place 2:311 left"] == ("stack_spare_least", {"digit": 2})
    # The row's fourth pile: a 1 before 1 1 1 makes both runs show 111, two cards out of the
    # seat's sight; a 2 would show 211 and 111, four.
    fourth = "row: 1:121 | 1:223 | 1:321\nhands: 1:131 2:311 2:312+ / 1:123 2:132 3:113+"
    assert told(fourth)["place 1:131 left"] == ("stack_fewest_open", {"count": 2})
    # A card whose digit no code kept has: the one the hand needs least.
    assert told("hands: 2:311 1:113 3:133" + others)["place 2:311 left"] == (
        "stack_spare",
        {"digit": 2},
    )


def test_every_reason_a_game_gives_is_worded_by_its_view_or_the_shared_page() -> None:
    # A code without words reaches the player as the generic "no single reason stands out".
    package = Path(sequenza.__file__).parent
    shared = (package / "app" / "web" / "static" / "hints.js").read_text(encoding="utf-8")
    for play in sorted(package.glob("games/*/play.py")):
        given = set(re.findall(r'return "(\w+)", \{', play.read_text(encoding="utf-8")))
        worded = (play.parent / "view.js").read_text(encoding="utf-8") + shared
        assert given, play
        assert {code for code in given if f'case "{code}":' not in worded} == set(), play
