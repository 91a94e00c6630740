"""The teacher's Sequence Numbers decks: generated, validated, saved and loaded."""

from __future__ import annotations

import copy
import doctest
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from sequenza.components import number_decks
from sequenza.components.number_decks import (
    card_result,
    generate_numbers_deck,
    load_numbers_deck,
    parse_board,
    save_numbers_deck,
    shipped_numbers_deck,
    validate_numbers_deck,
)


def results(data: dict[str, Any]) -> Counter[int]:
    return Counter(card_result(card) for card in data["cards"] if card not in ("plus", "minus"))


def board_numbers(data: dict[str, Any]) -> Counter[int]:
    return Counter(int(label) for label in parse_board(data["board"]) if label != "XX")


@pytest.mark.parametrize("operations", ["+", "-", "*", "/", "+-", "*/", "+-*/", "x:"])
def test_generated_deck_has_every_result_on_the_board(operations: str) -> None:
    data = generate_numbers_deck(operations, 1, 48, seed=5)
    validate_numbers_deck(data)
    numbers = board_numbers(data)
    assert sorted(numbers) == list(range(1, 49)) and set(numbers.values()) == {2}
    assert len(data["cards"]) == 100
    assert Counter(data["cards"])["plus"] == 2 and Counter(data["cards"])["minus"] == 2
    assert results(data) == Counter({number: 2 for number in range(1, 49)})


def test_operations_take_turns_over_the_numbers() -> None:
    data = generate_numbers_deck("+-*/", 1, 48, seed=5)
    signs = Counter(
        sign for card in data["cards"] for sign in "+-*/" if sign in card and card != "plus"
    )
    assert signs == Counter({"+": 24, "-": 24, "*": 24, "/": 24})
    assert data["operations"] == "+-*/"


def test_synonyms_name_the_same_operations() -> None:
    assert generate_numbers_deck("x:", 1, 48, seed=1)["operations"] == "*/"
    assert generate_numbers_deck("\u00d7\u00f7", 1, 48, seed=1)["operations"] == "*/"


def test_a_wider_range_draws_48_numbers_from_it() -> None:
    data = generate_numbers_deck("*", 10, 120, seed=9)
    numbers = board_numbers(data)
    assert len(numbers) == 48 and min(numbers) >= 10 and max(numbers) <= 120
    assert generate_numbers_deck("*", 10, 120, seed=9) == data
    assert generate_numbers_deck("*", 10, 120, seed=10)["board"] != data["board"]


def test_operands_stay_within_operand_max_and_divisions_are_exact() -> None:
    data = generate_numbers_deck("+-", 1, 48, seed=2, operand_max=50)
    for card in data["cards"]:
        if card in ("plus", "minus"):
            continue
        left, right = (int(n) for n in card.replace("+", " ").replace("-", " ").split())
        assert 0 <= left <= 50 and 0 <= right <= 50
    for card in generate_numbers_deck("/", 1, 48, seed=2)["cards"][:96]:
        dividend, divisor = (int(n) for n in card.split("/"))
        assert 2 <= divisor <= 10 and dividend % divisor == 0


@pytest.mark.parametrize(
    ("operations", "low", "high", "message"),
    [
        ("+", 1, 40, "needs 48 different numbers; 1..40 has 40"),
        ("%", 1, 48, "unknown operation '%'"),
        ("", 1, 48, "name at least one operation"),
        ("+", -5, 48, "start at 0 or more"),
    ],
)
def test_generator_refuses_what_cannot_make_a_board(
    operations: str, low: int, high: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        generate_numbers_deck(operations, low, high, seed=1)


def test_card_results() -> None:
    assert [card_result(card) for card in ("12+7", "30-11", "6*8", "48/6")] == [19, 19, 48, 8]
    with pytest.raises(ValueError, match="not an exact division"):
        card_result("12/5")
    with pytest.raises(ValueError, match="not an exact division"):
        card_result("12/0")
    with pytest.raises(ValueError, match="negative"):
        card_result("3-5")
    with pytest.raises(ValueError, match="is not an operation"):
        card_result("12 + 7")


def broken(change: str) -> dict[str, Any]:
    data = copy.deepcopy(generate_numbers_deck("+-", 1, 48, seed=1))
    if change == "result off the board":
        data["cards"][0] = "40+40"
    elif change == "inexact division":
        data["cards"][0] = "7/2"
    elif change == "value three times":
        data["board"][1] = data["board"][1].replace("13", "42", 1)
    elif change == "corner taken":
        data["board"][0] = data["board"][0].replace("XX", "7", 1)
    elif change == "short row":
        data["board"][4] = "1 2 3"
    elif change == "too few cards":
        data["cards"] = data["cards"][:20]
    elif change == "no board":
        del data["board"]
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("result off the board", "card 40\\+40 gives 80, which is not on the board"),
        ("inexact division", "card 7/2 is not an exact division"),
        ("value three times", "board label 42 is on 3 spaces"),
        ("corner taken", "row 0, column 0: '7' on a corner"),
        ("short row", "board row 4 must hold 10 labels"),
        ("too few cards", "the deck has 20 cards; it needs at least 30"),
        ("no board", "no 'board' entry"),
    ],
)
def test_validation_names_the_problem(change: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        validate_numbers_deck(broken(change))


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    data = generate_numbers_deck("+-*/", 0, 60, seed=11)
    path = tmp_path / "deck.json"
    save_numbers_deck(data, path)
    assert load_numbers_deck(path) == data
    text = path.read_text(encoding="utf-8")
    assert data["board"][0] in text  # one board row a line: the board reads as a board
    assert json.loads(text) == data


def test_load_refuses_unreadable_and_invalid_files(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot read the deck file"):
        load_numbers_deck(tmp_path / "missing.json")
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not JSON"):
        load_numbers_deck(path)
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(ValueError, match="holds a JSON object"):
        load_numbers_deck(path)
    with pytest.raises(ValueError, match="not on the board"):
        save_numbers_deck(broken("result off the board"), tmp_path / "never.json")
    assert not (tmp_path / "never.json").exists()


def test_shipped_deck_passes_the_teachers_validation() -> None:
    data = shipped_numbers_deck()
    validate_numbers_deck(data)
    assert results(data) == Counter({number: 2 for number in range(1, 49)})


def test_module_examples_run() -> None:
    failures, tried = doctest.testmod(number_decks)
    assert tried > 0 and failures == 0
