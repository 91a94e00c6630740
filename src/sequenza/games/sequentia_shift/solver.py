"""Exact fewest-slides solver for Sequentia Shift.

A Shift grid is nine positions holding the digits 1, 2, 3 and one hole (0)::

    0 1 2
    3 4 5
    6 7 8

A slide moves a card next to the hole into it, which swaps the hole with that neighbour, so the
graph of grids is undirected and one breadth-first search from every grid that shows a code in
a row (read left to right) gives the fewest slides from every grid to that code. There are
4**9 encodings (base 4, position 0 the lowest digit) of which 9 * 3**8 = 59,049 are grids; the
table for one code is computed once (a fraction of a second) and kept.

>>> fewest_slides((1, 2, 3, 3, 0, 2, 1, 1, 1), "123")
0
>>> fewest_slides((1, 2, 0, 1, 1, 3, 2, 2, 2), "123")
1
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache
from itertools import product

from .rules import NEIGHBOURS as ADJACENT
from .rules import POSITIONS, ROWS, SIZE

UNREACHABLE = 255


def _vertical_first(position: int) -> tuple[int, ...]:
    """The rules' neighbours of ``position``, those above and below it first, then those
    left and right: the order in which ``best_slide`` tries equally good slides, which decides
    the greedy bot's choice among them."""
    row = position // SIZE
    return tuple(sorted(ADJACENT[position], key=lambda other: (other // SIZE == row, other)))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _vertical_first(position) for position in range(POSITIONS)
)


def encode(grid: Sequence[int]) -> int:
    """A grid (nine digits, 0 for the hole) as one integer."""
    value = 0
    for digit in reversed(grid):
        value = value * 4 + digit
    return value


def decode(value: int) -> tuple[int, ...]:
    return tuple((value >> (2 * position)) & 3 for position in range(POSITIONS))


def _slide(value: int, hole: int, card: int) -> int:
    """The grid after the card at ``card`` slides into ``hole``."""
    digit = (value >> (2 * card)) & 3
    return value - (digit << (2 * card)) + (digit << (2 * hole))


def shows(grid: Sequence[int], code: str) -> list[int]:
    """The rows (0..2) whose digits read ``code`` left to right."""
    target = tuple(int(digit) for digit in code)
    return [index for index, row in enumerate(ROWS) if tuple(grid[p] for p in row) == target]


@cache
def distance_table(code: str) -> bytes:
    """Fewest slides to show ``code`` in a row, for every encoded grid (255: impossible)."""
    target = [int(digit) for digit in code]
    distances = bytearray([UNREACHABLE]) * (4**POSITIONS)
    queue: deque[tuple[int, int]] = deque()
    for row in ROWS:
        others = [position for position in range(POSITIONS) if position not in row]
        for hole in others:
            free = [position for position in others if position != hole]
            for digits in product((1, 2, 3), repeat=5):
                grid = [0] * POSITIONS
                for position, digit in zip(row, target, strict=True):
                    grid[position] = digit
                for position, digit in zip(free, digits, strict=True):
                    grid[position] = digit
                value = encode(grid)
                if distances[value] == UNREACHABLE:
                    distances[value] = 0
                    queue.append((value, hole))
    while queue:
        value, hole = queue.popleft()
        next_distance = distances[value] + 1
        for card in NEIGHBOURS[hole]:
            neighbour = _slide(value, hole, card)
            if distances[neighbour] == UNREACHABLE:
                distances[neighbour] = next_distance
                queue.append((neighbour, card))
    return bytes(distances)


def fewest_slides(grid: Sequence[int], code: str) -> int | None:
    """Fewest slides from ``grid`` (one 0 for the hole) until a row shows ``code``;
    ``None`` when no number of slides can (the grid lacks the code's digits)."""
    distance = distance_table(code)[encode(grid)]
    return None if distance == UNREACHABLE else distance


def best_slide(grid: Sequence[int], code: str) -> int | None:
    """The position whose card to slide to come one step closer to ``code`` (``None`` when
    the code is shown already or cannot be)."""
    table = distance_table(code)
    value = encode(grid)
    distance = table[value]
    if distance in (0, UNREACHABLE):
        return None
    hole = list(grid).index(0)
    for card in NEIGHBOURS[hole]:
        if table[_slide(value, hole, card)] == distance - 1:
            return card
    raise AssertionError("a solvable grid always has a closer neighbour")
