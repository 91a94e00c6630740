"""Errors raised by the engine. Every one is a ``ValueError`` (or ``KeyError``) that says
what was wrong and where, so a front end can show it to a player as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sequenza.core.actions import Action


class SequenzaError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(SequenzaError, ValueError):
    """An action the rules do not allow now. The state it was offered to is unchanged."""

    def __init__(self, action: Action | str, seat: int | None, reason: str) -> None:
        self.action = action
        self.seat = seat
        self.reason = reason
        who = "nobody (the game is over)" if seat is None else f"seat {seat}"
        super().__init__(f"illegal action {str(action)!r} for {who}: {reason}")


class NotationError(SequenzaError, ValueError):
    """Text that does not parse as an action, a card or a position."""


class OptionError(SequenzaError, ValueError):
    """An unknown rule option, a bad option value or a forbidden player count."""


class UnknownOptionError(OptionError):
    """An option name the game does not have: ``name``, and the names it has (``known``,
    sorted), for a front end to word in its reader's language."""

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(f"unknown option {name!r}; this game's options are: " + ", ".join(known))
        self.name = name
        self.known = known


class UnknownGameError(SequenzaError, ValueError):
    """A game id that is not registered."""


class CorruptStateError(SequenzaError, ValueError):
    """A saved state or game record that cannot be loaded as it is."""
