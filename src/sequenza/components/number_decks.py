"""Boards and decks of the Sequence board games, and the teacher's Sequence Numbers generator.

A board is ten rows of ten labels, row 0 on top, ``XX`` for the four free corners; every
other label appears on exactly two spaces. A Sequence Numbers card is an operation written
without spaces (``12+7``, ``30-11``, ``6*8``, ``48/6``) whose result is a number on the board,
or one of the action cards ``plus`` (place anywhere) and ``minus`` (remove a chip).

A deck file as a teacher saves it, and as ``deck_file`` of ``sequence-numbers`` reads it::

    {"format": "sequenza-numbers", "operations": "+-", "low": 1, "high": 48, "seed": 7,
     "board": ["XX 1 2 ... XX", ...], "cards": ["12+7", ..., "plus", "minus"],
     "anywhere": ["plus"], "remove": ["minus"]}

>>> data = generate_numbers_deck("*/", 1, 48, seed=3)
>>> len(data["cards"]), data["board"][0].split()[:3]
(100, ['XX', '2', '3'])
>>> validate_numbers_deck(data)
>>> card_result("48/6"), card_result("6*8")
(8, 48)
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from sequenza.components.decks import load_data

SIZE = 10
CORNER = "XX"
CORNER_SPACES = (0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1)
#: 96 playable spaces, each label on two of them.
VALUES_ON_BOARD = (SIZE * SIZE - len(CORNER_SPACES)) // 2
FORMAT = "sequenza-numbers"
OPERATIONS = "+-*/"
#: What a teacher may type for an operation, and the sign the cards use.
_OPERATION_SIGNS = {
    "+": "+",
    "-": "-",
    "*": "*",
    "x": "*",
    "\u00d7": "*",
    "/": "/",
    ":": "/",
    "\u00f7": "/",
}
_CARD = re.compile(r"^(\d+)([+\-*/])(\d+)$")
_WORD = re.compile(r"^[A-Za-z0-9+\-_.:/*]+$")
#: Dealing 6 hands of 4 needs 24 cards; the game needs some left to draw.
MINIMUM_CARDS = 30
#: The divisor of a generated division card (times tables).
DIVISORS = range(2, 11)
_CLASSIC_RANKS = "A23456789TQK"
_CLASSIC_SUITS = "SHDC"


def parse_board(rows: Any) -> list[str]:
    """The 100 labels of a board given as ten rows of ten whitespace-separated labels,
    checked: ``XX`` exactly on the corners, every other label on exactly two spaces."""
    if not isinstance(rows, list) or len(rows) != SIZE:
        raise ValueError(f"a board is a list of {SIZE} rows of text")
    labels: list[str] = []
    for number, row in enumerate(rows):
        cells = row.split() if isinstance(row, str) else []
        if len(cells) != SIZE:
            raise ValueError(f"board row {number} must hold {SIZE} labels, not {row!r}")
        labels.extend(cells)
    for space, label in enumerate(labels):
        if (label == CORNER) != (space in CORNER_SPACES):
            where = "a corner" if space in CORNER_SPACES else "a space that is not a corner"
            raise ValueError(
                f"board row {space // SIZE}, column {space % SIZE}: {label!r} on {where} "
                f"({CORNER} marks the four corners and nothing else)"
            )
    counts = Counter(label for label in labels if label != CORNER)
    for label, count in counts.items():
        if count != 2:
            raise ValueError(f"board label {label} is on {count} spaces; every value needs two")
        if not _WORD.match(label):
            raise ValueError(f"board label {label!r} must be one word of letters and digits")
    return labels


def card_result(face: str) -> int:
    """The result of an operation card: ``12+7`` is 19. A malformed card, a division that is
    not exact or a negative result raises ``ValueError``."""
    match = _CARD.match(face)
    if not match:
        raise ValueError(f"card {face!r} is not an operation (write e.g. 12+7, 30-11, 6*8 or 48/6)")
    left, sign, right = int(match.group(1)), match.group(2), int(match.group(3))
    if sign == "+":
        return left + right
    if sign == "*":
        return left * right
    if sign == "-":
        if left < right:
            raise ValueError(f"card {face} gives a negative number")
        return left - right
    if right == 0 or left % right:
        raise ValueError(f"card {face} is not an exact division")
    return left // right


def validate_numbers_deck(data: Any) -> None:
    """Check a Sequence Numbers board and deck; a problem raises ``ValueError`` naming the card
    or the space. Every card must be playable: its result lies on the board."""
    if not isinstance(data, dict):
        raise ValueError("a Sequence Numbers deck file holds a JSON object")
    for key in ("board", "cards", "anywhere", "remove"):
        if key not in data:
            raise ValueError(f"the deck file has no {key!r} entry")
    labels = parse_board(data["board"])
    for label in labels:
        if label != CORNER and not label.isdigit():
            raise ValueError(f"board label {label!r} is not a whole number")
    actions = _face_list(data["anywhere"], "anywhere") + _face_list(data["remove"], "remove")
    if len(set(actions)) != len(actions):
        raise ValueError("a card cannot both place anywhere and remove")
    for face in actions:
        if _CARD.match(face) or not _WORD.match(face):
            raise ValueError(f"action card {face!r} must be one word that is not an operation")
    cards = _face_list(data["cards"], "cards")
    if len(cards) < MINIMUM_CARDS:
        raise ValueError(f"the deck has {len(cards)} cards; it needs at least {MINIMUM_CARDS}")
    on_board = set(labels)
    for face in cards:
        if face in actions:
            continue
        result = card_result(face)
        if str(result) not in on_board:
            raise ValueError(f"card {face} gives {result}, which is not on the board")


def _face_list(value: Any, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(face, str) for face in value):
        raise ValueError(f"the deck file's {key!r} entry is a list of card texts")
    return list(value)


def generate_numbers_deck(
    operations: str, low: int, high: int, seed: int, *, operand_max: int | None = None
) -> dict[str, Any]:
    """A validated board and 100-card deck for Sequence Numbers, as JSON values.

    The board holds 48 numbers between ``low`` and ``high`` (all of them when the range has
    exactly 48; else 48 drawn with ``seed``), laid out on the classic Sequence board's
    geometry, each number on two spaces. Each number gets two cards whose result it is, their
    operations taken in turn from ``operations`` (any of ``+-*/``; ``x``, ``:`` and the
    multiplication and division signs also work). The operands of ``+``, ``-`` and ``*`` lie
    between 0 and ``operand_max`` (default ``high + 2``); a division's divisor is 2 to 10.
    Then 2 ``plus`` and 2 ``minus`` cards.
    """
    signs = _parse_operations(operations)
    if low < 0:
        raise ValueError(f"the numbers start at 0 or more, not {low}")
    if high - low + 1 < VALUES_ON_BOARD:
        raise ValueError(
            f"the board needs {VALUES_ON_BOARD} different numbers; {low}..{high} has "
            f"{max(high - low + 1, 0)}"
        )
    limit = high + 2 if operand_max is None else operand_max
    if limit < high:
        raise ValueError(f"operand_max {limit} is below the highest number {high}")
    rng = random.Random(seed)
    values = list(range(low, high + 1))
    if len(values) > VALUES_ON_BOARD:
        values = sorted(rng.sample(values, VALUES_ON_BOARD))
    cards: list[str] = []
    for index, value in enumerate(values):
        made: set[str] = set()
        for copy in range(2):
            sign = signs[(2 * index + copy) % len(signs)]
            face = _operation_card(sign, value, limit, rng, avoid=made)
            made.add(face)
            cards.append(face)
    cards += ["plus", "plus", "minus", "minus"]
    data: dict[str, Any] = {
        "format": FORMAT,
        "operations": "".join(signs),
        "low": low,
        "high": high,
        "seed": seed,
        "board": _numbers_board(values),
        "cards": cards,
        "anywhere": ["plus"],
        "remove": ["minus"],
    }
    validate_numbers_deck(data)
    return data


def _parse_operations(operations: str) -> list[str]:
    signs: list[str] = []
    for character in operations.replace(" ", "").replace(",", ""):
        sign = _OPERATION_SIGNS.get(character)
        if sign is None:
            raise ValueError(f"unknown operation {character!r}; use any of {OPERATIONS}")
        if sign not in signs:
            signs.append(sign)
    if not signs:
        raise ValueError(f"name at least one operation of {OPERATIONS}")
    return signs


def _operation_card(sign: str, value: int, limit: int, rng: random.Random, avoid: set[str]) -> str:
    """A card of ``sign`` whose result is ``value``, unlike the cards in ``avoid`` where the
    numbers allow it. Trivial operands (adding 0, multiplying by 1) only when nothing else fits."""
    choices: list[str]
    if sign == "+":
        choices = [f"{left}+{value - left}" for left in range(1, value)]
        choices = choices or [f"0+{value}", f"{value}+0"]
    elif sign == "-":
        choices = [f"{value + right}-{right}" for right in range(1, limit - value + 1)]
        choices = choices or [f"{value}-0"]
    elif sign == "*":
        if value == 0:
            choices = [f"0*{right}" for right in range(1, 11)]
        else:
            choices = [
                f"{left}*{value // left}"
                for left in range(2, value)
                if value % left == 0 and value // left > 1
            ]
            choices = choices or [f"1*{value}", f"{value}*1"]
    else:
        choices = [f"{value * divisor}/{divisor}" for divisor in DIVISORS]
    fresh = [face for face in choices if face not in avoid]
    return rng.choice(fresh or choices)


def _numbers_board(values: list[int]) -> list[str]:
    """The classic board with its 48 cards replaced by ``values`` in order: spades A-K (no
    jacks) take the first 12 numbers, then hearts, diamonds, clubs. The four suits become the
    four colour groups of numbers."""
    classic = parse_board(load_data("sequence_board.json")["rows"])
    order = [rank + suit for suit in _CLASSIC_SUITS for rank in _CLASSIC_RANKS]
    number_of = {card: str(value) for card, value in zip(order, values, strict=True)}
    width = max(len(str(value)) for value in values)
    rows: list[str] = []
    for row in range(SIZE):
        cells = classic[row * SIZE : (row + 1) * SIZE]
        rows.append(" ".join(number_of.get(cell, cell).rjust(width) for cell in cells))
    return rows


def save_numbers_deck(data: dict[str, Any], path: str | Path) -> None:
    """Write a validated deck file (one board row and up to 12 cards a line)."""
    validate_numbers_deck(data)
    Path(path).write_text(format_deck_json(data), encoding="utf-8")


def load_numbers_deck(path: str | Path) -> dict[str, Any]:
    """Read and validate a deck file; ``ValueError`` says what is wrong with it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot read the deck file {str(path)!r}: {error.strerror}") from None
    return parse_numbers_deck(text)


def parse_numbers_deck(text: str) -> dict[str, Any]:
    """A deck file's text, parsed and validated."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"the deck file is not JSON: {error}") from None
    except RecursionError:
        # A deck is two levels deep; lists nested past the interpreter's limit are no deck,
        # and must not become an error of the server that reads the upload.
        raise ValueError("the deck file is nested too deeply to be a deck") from None
    if not isinstance(data, dict):
        raise ValueError("a Sequence Numbers deck file holds a JSON object")
    validate_numbers_deck(data)
    return data


def shipped_numbers_deck() -> dict[str, Any]:
    """The provisional board and deck shipped with the game, in the deck file's shape."""
    data: dict[str, Any] = dict(load_data("numbers_deck.json"))
    data["board"] = load_data("numbers_board.json")["rows"]
    validate_numbers_deck(data)
    return data


def format_deck_json(data: dict[str, Any]) -> str:
    """JSON text with each list of texts kept a few items a line, so that a board reads as a
    board and a deck file stays short."""
    lines = ["{"]
    items = list(data.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
            per_line = 1 if key in ("board", "rows") else 12
            chunks = [
                ", ".join(json.dumps(item) for item in value[start : start + per_line])
                for start in range(0, len(value), per_line)
            ]
            body = ",\n".join(f"  {chunk}" for chunk in chunks)
            lines.append(f" {json.dumps(key)}: [\n{body}\n ]{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
