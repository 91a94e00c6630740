"""Actions: small immutable values with a text notation that parses back.

Every game speaks the same action shape: a verb and a few arguments, each an integer or a
word. ``Action("slide", (5,))`` reads ``slide 5``; ``Action("place", ("231+", "left"))``
reads ``place 231+ left``. Games give the verbs their meaning and map every action to an
integer of their fixed action space.

>>> Action.parse("place 231+ left")
Action('place', ('231+', 'left'))
>>> str(Action("slide", (5,)))
'slide 5'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sequenza.core.errors import NotationError

Argument = int | str

_WORD = re.compile(r"^[A-Za-z0-9+\-_.:/*]+$")
_INTEGER = re.compile(r"^-?[0-9]+$")


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat: a verb and its arguments."""

    verb: str
    args: tuple[Argument, ...] = ()

    def __post_init__(self) -> None:
        if not self.verb or not self.verb.isidentifier():
            raise NotationError(f"action verb {self.verb!r} must be a plain word")
        for arg in self.args:
            if isinstance(arg, bool) or not isinstance(arg, int | str):
                raise NotationError(f"action argument {arg!r} must be an integer or a word")
            if isinstance(arg, str) and (not _WORD.match(arg) or _INTEGER.match(arg)):
                raise NotationError(f"action argument {arg!r} is not a single word")

    def __str__(self) -> str:
        return " ".join([self.verb, *(str(arg) for arg in self.args)])

    def __repr__(self) -> str:
        return f"Action({self.verb!r}, {self.args!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text notation back: ``Action.parse(str(action)) == action``."""
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise NotationError("an empty text is not an action")
        verb, *rest = words
        if not verb.isidentifier():
            raise NotationError(f"{text!r} does not start with an action verb")
        args: list[Argument] = [int(word) if _INTEGER.match(word) else word for word in rest]
        return cls(verb, tuple(args))

    def to_json(self) -> str:
        """The JSON form of an action is its text notation."""
        return str(self)

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if isinstance(data, str):
            return cls.parse(data)
        if isinstance(data, dict) and isinstance(data.get("verb"), str):
            args = data.get("args", [])
            if not isinstance(args, list):
                raise NotationError(f"action args must be a list, got {args!r}")
            return cls(data["verb"], tuple(args))
        raise NotationError(f"{data!r} is not an action")


class ActionSpace:
    """A game's fixed action space: every action it can ever have, in a stable order, each
    numbered by its place. Games build one once (the actions are created here, never on the
    hot path) and the base ``Game`` answers ids, actions and masks from it.

    >>> space = ActionSpace([Action("end"), Action("pass")], "a game")
    >>> len(space), space.id_of(Action("pass")), space.action_of(0), space.mask([Action("pass")])
    (2, 1, Action('end', ()), [False, True])
    """

    __slots__ = ("_hint", "_ids", "actions", "name")

    def __init__(self, actions: Iterable[Action], name: str, hint: str = "") -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._ids = {action: index for index, action in enumerate(self.actions)}
        if len(self._ids) != len(self.actions):
            raise ValueError(f"the action space of {name} lists an action twice")
        self.name = name
        self._hint = hint

    def __len__(self) -> int:
        return len(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._ids

    def id_of(self, action: Action) -> int:
        """The action's number (``NotationError`` for an action outside the space)."""
        try:
            return self._ids[action]
        except KeyError:
            hint = f" ({self._hint})" if self._hint else ""
            raise NotationError(f"{str(action)!r} is not an action of {self.name}{hint}") from None

    def action_of(self, action_id: int) -> Action:
        """The action numbered ``action_id`` (``NotationError`` outside the space)."""
        if not 0 <= action_id < len(self.actions):
            raise NotationError(f"action id {action_id} is outside 0..{len(self.actions) - 1}")
        return self.actions[action_id]

    def mask(self, legal: Iterable[Action]) -> list[bool]:
        """One flag per action of the space: whether it is in ``legal``."""
        flags = [False] * len(self.actions)
        for action in legal:
            flags[self._ids[action]] = True
        return flags
