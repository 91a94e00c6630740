"""Turn order helpers."""

from __future__ import annotations


def next_seat(seat: int, players: int, direction: int = 1) -> int:
    """The seat after ``seat`` in the direction of play (1 clockwise, -1 the other way)."""
    return (seat + direction) % players


def seats_from(seat: int, players: int, direction: int = 1) -> list[int]:
    """Every other seat in turn order, starting after ``seat``."""
    return [(seat + direction * step) % players for step in range(1, players)]
