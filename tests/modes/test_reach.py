"""Every card of a mode can be reached and every ending can hold: ``sequenza mode check`` names
a card that never comes into play, a seat's place that nothing fills, a code the deck can never
show, a set-up that deals where cards would be lost, and an ending that holds at once or never,
each at its line with a fix (a planted mistake of each kind, in a shipped file)."""

from __future__ import annotations

import re

import pytest

from sequenza.modes import EXAMPLES, ModeError, mistakes, parse_mode

SHIFT = (EXAMPLES / "shift.toml").read_text(encoding="utf-8")
STACK = (EXAMPLES / "stack.toml").read_text(encoding="utf-8")
CROSS = (EXAMPLES / "cross.toml").read_text(encoding="utf-8")


def _problems(text: str) -> list[mistakes.Problem]:
    with pytest.raises(ModeError) as caught:
        parse_mode(text, "mode.toml")
    return caught.value.problems


def _line_of(text: str, needle: str, after: str = "") -> int:
    start = text.index(after) if after else 0
    return text.count("\n", 0, text.index(needle, start)) + 1


def _planted(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def test_a_deck_that_nothing_draws_from_after_the_set_up_names_the_cards_never_reached() -> None:
    # Shift whose claims neither refill the grid nor draw a new target, with no exchange: the
    # set-up's 8 grid cards and 2 targets are all that ever come into play.
    text = re.sub(r"\[turn\.exchange\][^[]*", "", SHIFT)
    text = _planted(
        text,
        ('forced = "exchange"', ""),
        ('refill = "choose"', 'refill = "none"'),
        ("new_target = true", "new_target = false"),
        ('then = "refill"', 'then = "end_turn"'),
    )
    (problem,) = _problems(text)
    assert (problem.line, problem.column) == (_line_of(text, 'cards = "sequentia"'), 1)
    assert problem.message == (
        "44 of the deck's 54 cards never come into play: the set-up deals 10 at 2 players, "
        "and no rule of the turn takes a card from the deck"
    )
    assert "refill in [turn.claim]" in problem.fix
    message, fix = mistakes.worded(problem, "it")
    assert message.startswith("44 delle 54 carte del mazzo non entrano mai in gioco")
    assert "[turn.end]" in fix


def test_a_target_that_no_deal_fills_is_named_at_its_place() -> None:
    text = _planted(SHIFT, ('[[setup]]\ndeal = "target"', '[[setup]]\ndeal = "grid"\n#'))
    problems = {problem.code: problem for problem in _problems(text)}
    never = problems["place_never_filled"]
    assert (never.line, never.message) == (
        _line_of(text, "[places.target]"),
        "no card ever reaches places.target: the set-up deals none to it and no rule draws to it",
    )
    assert never.fix == 'add a set-up step: [[setup]] deal = "target"'
    # The grid dealt twice would cover its first cards: named at the second deal.
    twice = problems["dealt_twice"]
    assert twice.line == _line_of(text, 'deal = "grid"', after='deal = "grid"\n')
    assert "a second time (its step 1 already did)" in twice.message


def test_a_listed_code_the_deck_cannot_show_is_named_at_its_card() -> None:
    deck = (
        '[deck]\ncards = "listed"\n\n[[deck.list]]\ncard = "1:333"\ncount = 12\n\n'
        '[[deck.list]]\ncard = "2:121"\ncount = 12\n'
    )
    # Hands of at most 3: four of them fit in the short decks below.
    stack = _planted(STACK, ("maximum = 10\n", "maximum = 3\n"))
    text = _planted(stack, ('[deck]\ncards = "sequentia"\n', deck))
    problems = _problems(text)
    assert [(p.line, p.code) for p in problems] == [
        (_line_of(text, 'card = "1:333"'), "code_never_shown")
    ]
    assert problems[0].message == (
        "the code of 1:333 can never show on a line: the digit 3 is in 3 of its places, "
        "and the deck has 0 cards of that digit that can be on the table"
    )
    assert problems[0].fix == "list more cards of digit 3, or change this card's code"
    # A hand card asks from off the table: 1:111 among two other 1s cannot be shown, three can.
    short = _planted(deck, ("1:333", "1:111"), ("count = 12", "count = 3"))
    (problem,) = _problems(_planted(stack, ('[deck]\ncards = "sequentia"\n', short)))
    assert "the digit 1 is in 3 of its places, and the deck has 2 cards" in problem.message
    parse_mode(_planted(stack, ('[deck]\ncards = "sequentia"\n', short.replace("3\n", "4\n", 1))))


def test_a_row_dealt_to_and_endings_that_never_or_always_hold_are_named() -> None:
    row = _planted(
        STACK, ('[[setup]]\ndeal = "hand"', '[[setup]]\ndeal = "row"\n\n[[setup]]\ndeal = "hand"')
    )
    (problem,) = _problems(row)
    assert (problem.line, problem.code) == (_line_of(row, 'deal = "row"'), "deal_to_row")
    assert problem.fix == "remove this [[setup]] step"
    # Stack has no target: "nobody can claim a target" would end every game at its first turn.
    no_target = _planted(STACK, ('condition = "hands_empty"', 'condition = "no_target_possible"'))
    (problem,) = _problems(no_target)
    assert problem.code == "ending_needs_target"
    assert problem.line == _line_of(no_target, 'condition = "no_target_possible"')
    hands = _planted(STACK, ('when = "deck_empty"', 'when = "deck_not_empty"'))
    (problem,) = _problems(hands)
    assert (problem.code, problem.fix) == ("ending_never_hands", 'write when = "deck_empty"')
    # Cross counts quiet turns only with an empty deck: a stall tried only before never holds.
    quiet = _planted(CROSS, ('when = "always"', 'when = "deck_not_empty"'))
    (problem,) = _problems(quiet)
    assert problem.code == "ending_never_quiet" and problem.line == _line_of(
        quiet, 'when = "deck_not_empty"'
    )
    assert mistakes.worded(problem, "eo")[0].startswith("la fino 'stall' neniam povas validi")
