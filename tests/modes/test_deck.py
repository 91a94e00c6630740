"""A deck listed in the mode file: the designer's own cards and copies instead of the Sequentia
deck. Short Stack (the shipped example) plays to its end on it, copies of a card share their
actions, and a deck written wrong, or too short for an option's maximum, is named at its line
with a fix."""

from __future__ import annotations

from collections import Counter

import pytest

from sequenza.ai import make_bot
from sequenza.core.registry import make, register_kit
from sequenza.modes import EXAMPLES, ModeError, build_kit, load, mistakes, parse_mode
from sequenza.testing.conformance import check_game

SHORT = (EXAMPLES / "short_stack.toml").read_text(encoding="utf-8")
STACK = (EXAMPLES / "stack.toml").read_text(encoding="utf-8")


def _problems(text: str) -> list[str]:
    with pytest.raises(ModeError) as caught:
        parse_mode(text, "deck.toml")
    return [str(problem) for problem in caught.value.problems]


def _line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if needle in line)


def _listed(*entries: str) -> str:
    """Stack's file with its deck replaced by the listed entries (each a [[deck.list]]'s body)."""
    deck = '[deck]\ncards = "listed"\n' + "".join(f"\n[[deck.list]]\n{e}\n" for e in entries)
    return STACK.replace('[deck]\ncards = "sequentia"\n', deck)


def test_short_stack_is_the_listed_deck_and_plays_to_its_end_against_greedy_bots() -> None:
    game_id = register_kit(load(EXAMPLES / "short_stack.toml")).id
    state = make(game_id, players=2, seed=4)
    texts = state.game.compiled.texts
    dealt = Counter(texts[card] for zone in state.card_zones().values() for card in zone)
    assert sum(dealt.values()) == 33
    assert dealt["1:111"] == 2 and dealt["2:123+"] == 1 and "2:131" not in dealt
    bots = [make_bot("greedy", seed=seat) for seat in range(2)]
    while not state.is_over:
        seat = state.current_seat
        assert seat is not None
        state.apply(bots[seat].act(state))
    result = state.result()
    assert result is not None and result.termination.value == "deck_exhausted"
    assert sum(state.observation(None)["scores"]) > 0  # claims were made on the listed codes
    report = check_game(game_id, games=2, players=[2, 3])
    assert report.games == 4


def test_copies_of_a_card_in_a_hand_give_its_actions_once_and_play_one_copy() -> None:
    # Two kinds whose codes the deck's own digits can show (a code no line can show is a
    # mistake of its own).
    text = _listed('card = "1:121"\ncount = 12', 'card = "2:121"\ncount = 12')
    # Hands of at most 6: four of them fit in the 24 cards.
    text = text.replace("maximum = 10\n", "maximum = 6\n")
    kit = register_kit(build_kit(parse_mode(text, "deck.toml")))
    state = make(kit.id, players=2, seed=1)
    hand = state.observation(0)["places"][1]["cards"]
    assert len(hand) == 3 and len(set(hand)) < 3  # 24 cards of two kinds: copies in hand
    legal = [str(action) for action in state.legal_actions()]
    assert len(legal) == len(set(legal))
    ends = ("left", "right")
    assert legal == [f"place {card} {end}" for card in sorted(set(hand)) for end in ends]
    state.apply(state.legal_actions()[0])
    assert len(state.observation(0)["places"][1]["cards"]) == 2


@pytest.mark.parametrize(
    ("entry", "needle", "words"),
    [
        ('card = "4:123"', 'card = "4:123"', "'4:123' is not a card (fix: digit:code"),
        ('card = "1:12"', 'card = "1:12"', "'1:12' is not a card"),
        ('card = "1:123"\ncount = 0', "count = 0", "a card has 1 to 20 copies, not 0"),
        ('card = "1:123"\ncount = 99', "count = 99", "a card has 1 to 20 copies, not 99"),
        ('card = "1:123"\ncolour = "red"', "colour =", "unknown key 'colour' in deck.list[1]"),
    ],
)
def test_a_bad_card_of_a_listed_deck_is_named_at_its_line_with_a_fix(
    entry: str, needle: str, words: str
) -> None:
    text = _listed('card = "2:131"\ncount = 20', entry, 'card = "3:333"\ncount = 20')
    (problem,) = _problems(text)
    assert problem.startswith(f"{_line_of(text, needle)}:1: ") and words in problem


def test_a_listed_deck_names_a_card_listed_twice_and_a_deck_too_short_for_the_setup() -> None:
    twice = _listed('card = "2:222"\ncount = 20', 'card = "2:222"')
    (problem,) = _problems(twice)
    assert "the card 2:222 is listed twice (first at list[0])" in problem
    assert "(fix: write it once, with the copies added up in its count)" in problem
    # Four players are dealt three cards each: twelve, and the deck lists ten.
    short = _listed('card = "2:222"\ncount = 10')
    (problem,) = _problems(short)
    assert "the set-up deals 12 cards to 4 players, and the deck holds 10" in problem
    assert problem.startswith(f"{_line_of(short, '[deck]')}:2:")  # at the deck's table


def test_the_sequentia_deck_with_a_list_or_a_listed_deck_without_one_is_a_mistake() -> None:
    listed = 'cards = "sequentia"\nlist = [{card = "1:123"}]\n'
    both = STACK.replace('cards = "sequentia"\n', listed)
    assert any("and the file lists cards too" in problem for problem in _problems(both))
    empty = STACK.replace('cards = "sequentia"', 'cards = "listed"')
    (problem,) = _problems(empty)
    assert problem.startswith(f"{_line_of(empty, 'cards = ')}:1: a listed deck needs its cards")


def test_an_option_whose_maximum_deals_more_than_the_deck_is_named_at_its_maximum() -> None:
    # Stack's hand_size may reach 20: four hands of 20 are 80 cards, and the deck holds 54.
    # Its default (3) fits, so only a table made at the maximum would find out, too late.
    over = STACK.replace("minimum = 1\nmaximum = 10\n", "minimum = 1\nmaximum = 20\n")
    with pytest.raises(ModeError) as caught:
        parse_mode(over, "deck.toml")
    (problem,) = caught.value.problems
    assert problem.code == "option_overdeals"
    assert (problem.line, problem.column) == (_line_of(over, "maximum = 20"), 1)
    assert str(problem).endswith(
        "with option 'hand_size' at its maximum 20, the set-up deals 80 cards to 4 players, "
        "and the deck holds 54 (fix: lower the maximum to 13)"
    )
    assert mistakes.worded(problem, "it") == (
        "con l'opzione 'hand_size' al massimo 20, la preparazione distribuisce 80 carte a 4 "
        "giocatori, e il mazzo ne contiene 54",
        "abbassa il massimo a 13",
    )
    # The fix it names is enough, and a maximum taken away leaves any number open.
    parse_mode(over.replace("maximum = 20", "maximum = 13"), "deck.toml")
    (unbounded,) = _problems(over.replace("maximum = 20\n", ""))
    assert "option 'hand_size' counts the cards the set-up deals and has no maximum" in unbounded
    assert unbounded.endswith("(fix: write maximum = 13)")


def test_two_options_that_deal_too_much_together_get_fixes_that_fit_together() -> None:
    # Short Stack deals its hands twice here: three players of up to 10 + 10 cards are 60,
    # and its deck holds 33. The first maximum goes down to its default, the second the rest.
    text = (
        SHORT.replace(
            '[[setup]]\ndeal = "hand"\ncount = "hand_size"\n',
            '[[setup]]\ndeal = "hand"\ncount = "hand_size"\n\n'
            '[[setup]]\ndeal = "hand"\ncount = "extra"\n',
        )
        + "\n[options.extra]\ndefault = 1\nminimum = 0\nmaximum = 10\n"
    )
    first, second = _problems(text)
    assert first.startswith(f"{_line_of(text, 'maximum = 10')}:1: ")
    assert first.endswith(
        "deals 60 cards to 3 players, and the deck holds 33 (fix: lower the maximum to 3)"
    )
    assert second.startswith(f"{len(text.splitlines())}:1: ")
    assert second.endswith(
        "deals 39 cards to 3 players, and the deck holds 33 (fix: lower the maximum to 8)"
    )
    fixed = text.replace("maximum = 10\n", "maximum = 3\n", 1).replace(
        "maximum = 10\n", "maximum = 8\n"
    )
    parse_mode(fixed, "deck.toml")
