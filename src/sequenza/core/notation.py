"""The one reader of the compact position notation that every game's ``from_position`` takes
(for tests, puzzles and bug reports)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from sequenza.core.errors import NotationError


def position_fields(
    position: str | Mapping[str, Any], known: Collection[str] | None = None
) -> dict[str, Any]:
    """A position written as ``field: value`` lines (spaces dropped from keys, blank lines
    skipped), or given as a mapping already, as a dict. With ``known``, a field outside it
    is refused, naming the fields there are.

    >>> position_fields("grid: 123/1.2/333\\nto act: 1")
    {'grid': '123/1.2/333', 'toact': '1'}
    >>> position_fields({"grid": "123"}, known=("deck",))
    Traceback (most recent call last):
    ...
    sequenza.core.errors.NotationError: unknown position field 'grid'; use deck
    """
    fields: dict[str, Any] = {}
    if isinstance(position, Mapping):
        fields = dict(position)
    else:
        for raw in position.strip().splitlines():
            line = raw.strip()
            if not line:
                continue
            key, colon, value = line.partition(":")
            if not colon:
                raise NotationError(f"write a position line as field: value, not {line!r}")
            fields[key.strip().replace(" ", "")] = value.strip()
    if known is not None:
        unknown = sorted(set(fields) - set(known))
        if unknown:
            raise NotationError(f"unknown position field {unknown[0]!r}; use {', '.join(known)}")
    return fields
