"""The lines a claim reads on a grid: rows, columns and the two diagonals of a square grid, each
read from its top (the diagonal from the top left corner is 0, from the top right 1); a line
that could never show a code of three digits is a mistake of the file."""

from __future__ import annotations

import pytest

from sequenza.core.actions import Action
from sequenza.core.registry import register_kit
from sequenza.modes import EXAMPLES, ModeError, build_kit, parse_mode
from sequenza.modes.engine import ModeState, compile_mode
from sequenza.testing.conformance import check_game

SHIFT = (EXAMPLES / "shift.toml").read_text(encoding="utf-8")
CROSS = (EXAMPLES / "cross.toml").read_text(encoding="utf-8")
STACK = (EXAMPLES / "stack.toml").read_text(encoding="utf-8")


def _with(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    return text


def _problems(text: str) -> list[str]:
    with pytest.raises(ModeError) as caught:
        parse_mode(text, "lines.toml")
    return [str(problem) for problem in caught.value.problems]


def _show_code_on(state: ModeState, positions: tuple[int, ...], code: tuple[int, ...]) -> None:
    """Put cards showing ``code`` on ``positions``, from the deck (each card taken off the grid
    goes back to it, so that no card is made or lost)."""
    c = state.game.rules.c
    for position, digit in zip(positions, code, strict=True):
        card = next(card for card in state.deck if c.digits[card] == digit)
        state.deck.remove(card)
        state.deck += state.table[position]
        state.table[position] = [card]
    state._digit_counts = None


def test_a_diagonal_that_shows_the_target_s_code_is_claimed_and_collected() -> None:
    text = _with(SHIFT, ('lines = ["rows"]', 'lines = ["rows", "diagonals"]'))
    game = compile_mode(parse_mode(text))
    space = game.action_space
    assert Action("claim", ("diagonals", 0)) in space and Action("claim", ("rows", 2)) in space
    state = game(2, game.options_class()).new_initial_state(3)
    target = state.targets[0]
    assert target is not None
    # The diagonal from the top right corner, read top to bottom: positions 2, 4 and 6.
    _show_code_on(state, (2, 4, 6), game.compiled.codes[target])
    claim = Action("claim", ("diagonals", 1))
    assert claim in state.legal_actions()
    state.apply(claim)
    seen = state.observation(0)
    assert [seen["places"][0]["cells"][p] for p in (2, 4, 6)] == [[], [], []]
    assert seen["scores"][0] == 4  # the line's three cards and the target
    assert seen["phase"] == "refill"


def test_a_placed_card_s_diagonal_counts_in_a_mode_whose_placed_cards_claim() -> None:
    # Cross reads the lines through the card placed: the centre lies on both diagonals.
    text = _with(
        CROSS,
        ('lines = ["rows", "columns"]', 'lines = ["rows", "columns", "diagonals"]'),
        ('id = "mode-cross"', 'id = "mode-cross-diagonals"'),
    )
    kit = register_kit(build_kit(parse_mode(text)))
    assert Action("claim", ("diagonals", 0, 1)) in kit.game.action_space
    assert check_game(kit.id, games=2, players=[2]).games == 2


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            _with(
                SHIFT, ("columns = 3", "columns = 4"), ("start_empty = [4]", "start_empty = [5]")
            ),
            "rows have 4 cards, and a code has 3 digits",
        ),
        (
            _with(
                SHIFT,
                ("rows = 3", "rows = 4"),
                ('lines = ["rows"]', 'lines = ["rows", "diagonals"]'),
            ),
            "diagonals run corner to corner of a square grid, and this one has 4 rows and 3 "
            "columns (fix: rows = columns, or remove diagonals)",
        ),
        (
            _with(STACK, ('lines = ["windows"]', 'lines = ["windows", "diagonals"]')),
            "a grid's lines are rows, columns and diagonals, a row's are windows",
        ),
        (_with(STACK, ("width = 3", "width = 4")), "a window of 4 piles never shows a code"),
        (
            _with(SHIFT, ('lines = ["rows"]', 'lines = ["rows", "rows"]')),
            "lines names a kind of line twice",
        ),
    ],
    ids=["long-rows", "diagonals-of-a-rectangle", "diagonals-of-a-row", "wide-window", "twice"],
)
def test_a_line_that_could_never_show_a_code_is_named_with_a_fix(text: str, words: str) -> None:
    (problem,) = _problems(text)
    assert words in problem
