"""Where a key of a TOML text is: ``tomllib`` keeps no positions, so this scanner maps each
key path (``("turn", "slide", "limit")``, an array of tables counted: ``("setup", 1,
"deal")``) to the line and column of its key, for error messages.

>>> spots = key_positions('[turn.slide]\\nlimit = 7\\n[[setup]]\\ndeal = "grid"\\n')
>>> spots[("turn", "slide", "limit")], spots[("setup", 0, "deal")]
((2, 1), (4, 1))
>>> locate(spots, ("turn", "slide", "limit", "more"))
(2, 1)
"""

from __future__ import annotations

import re

Path = tuple[str | int, ...]

_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''
_KEY = rf"(?:{_BARE}|{_QUOTED})"
_DOTTED = rf"{_KEY}(?:\s*\.\s*{_KEY})*"
_HEADER = re.compile(rf"^\s*(\[\[?)\s*({_DOTTED})\s*\]\]?")
_ASSIGN = re.compile(rf"^(\s*)({_DOTTED})\s*=")
_PART = re.compile(_KEY)


def _parts(dotted: str) -> tuple[str, ...]:
    parts = []
    for match in _PART.finditer(dotted):
        word = match.group(0)
        parts.append(word[1:-1] if word[0] in "\"'" else word)
    return tuple(parts)


def key_positions(text: str) -> dict[Path, tuple[int, int]]:
    """Each table's and key's (line, column), both counted from 1."""
    spots: dict[Path, tuple[int, int]] = {}
    counts: dict[tuple[str, ...], int] = {}
    table: Path = ()
    in_string: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if in_string is not None:
            if line.count(in_string) % 2 == 1:
                in_string = None
            continue
        header = _HEADER.match(line)
        if header:
            names = _parts(header.group(2))
            if header.group(1) == "[[":
                index = counts.get(names, -1) + 1
                counts[names] = index
                table = (*names, index)
            else:
                # A sub-table of the last element of an array of tables belongs to it.
                table = _under_arrays(names, counts)
            spots.setdefault(table, (number, header.start(2) + 1))
            continue
        assign = _ASSIGN.match(line)
        if assign:
            path = (*table, *_parts(assign.group(2)))
            spots.setdefault(path, (number, len(assign.group(1)) + 1))
            rest = line[assign.end() :]
            for quotes in ('"""', "'''"):
                if rest.count(quotes) % 2 == 1:
                    in_string = quotes
    return spots


def _under_arrays(names: tuple[str, ...], counts: dict[tuple[str, ...], int]) -> Path:
    path: list[str | int] = []
    for depth, name in enumerate(names):
        path.append(name)
        index = counts.get(names[: depth + 1])
        if index is not None and depth + 1 < len(names):
            path.append(index)
    return tuple(path)


def locate(spots: dict[Path, tuple[int, int]], path: Path) -> tuple[int, int]:
    """The position of ``path``, or of its nearest located parent (1, 1 for none)."""
    for end in range(len(path), 0, -1):
        spot = spots.get(path[:end])
        if spot is not None:
            return spot
    return (1, 1)
