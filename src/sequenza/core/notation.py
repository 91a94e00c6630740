"""Shared pieces of the compact text notations that games use for positions."""

from __future__ import annotations

from sequenza.core.errors import NotationError


def position_fields(text: str) -> dict[str, str]:
    """A position written as ``key: value`` lines, as a dict (spaces dropped from keys).

    >>> position_fields("grid: 123/1.2/333\\nto act: 1")
    {'grid': '123/1.2/333', 'toact': '1'}
    """
    fields: dict[str, str] = {}
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise NotationError(f"write a position line as key: value, not {line!r}")
        fields[key.strip().replace(" ", "")] = value.strip()
    return fields
