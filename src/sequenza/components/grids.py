"""Square boards and the straight lines on them.

Spaces are numbered row by row from the top left, ``row * size + column``, and named by a
column letter and a row digit: on a 10x10 board ``D3`` is row 3, column 3, space 33::

        A  B  C  D ...
    0   0  1  2  3
    1  10 11 12 13
    2  20 21 22 23
    3  30 31 32 33

>>> space_names(10)[33]
'D3'
>>> line_windows(10, 5)[0]
(0, 1, 2, 3, 4)
"""

from __future__ import annotations

from functools import cache

COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Right, down, down-right, down-left: every straight line is one of these.
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


@cache
def space_names(size: int) -> tuple[str, ...]:
    """The name of every space of a ``size`` x ``size`` board."""
    return tuple(f"{COLUMN_LETTERS[space % size]}{space // size}" for space in range(size * size))


@cache
def line_windows(size: int, run: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``run`` spaces in a straight line, direction by direction, each from the
    end nearest the top left."""
    found = []
    for row_step, column_step in DIRECTIONS:
        for row in range(size):
            for column in range(size):
                end_row = row + row_step * (run - 1)
                end_column = column + column_step * (run - 1)
                if 0 <= end_row < size and 0 <= end_column < size:
                    found.append(
                        tuple(
                            (row + row_step * step) * size + column + column_step * step
                            for step in range(run)
                        )
                    )
    return tuple(found)
