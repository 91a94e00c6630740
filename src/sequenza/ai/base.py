"""What a bot sees, and how bots are made by name.

A bot never receives the true state: it gets a ``Decision`` holding the seat's observation,
its legal actions and a determiniser that samples a full state consistent with what the seat
has seen.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.errors import OptionError
from sequenza.core.game import State


@dataclass(frozen=True)
class Decision:
    """One decision of one seat, as the bot may know it."""

    game_id: str
    seat: int
    observation: dict[str, Any]
    legal_actions: tuple[Action, ...]
    _state: State[Any]
    #: The seat that played each action of the game so far (public: every seat saw them).
    movers: tuple[int, ...] = ()

    @classmethod
    def of(cls, state: State[Any]) -> Decision:
        seat = state.current_seat
        if seat is None:
            raise ValueError("the game is over: there is no decision to take")
        movers = tuple(int(entry["seat"]) for entry in state.log if entry["event"] == "action")
        return cls(
            state.game.id,
            seat,
            state.observation(seat),
            tuple(state.legal_actions()),
            state,
            movers,
        )

    def sample_state(self, rng: random.Random) -> State[Any]:
        """A full state the seat cannot tell from the real one (unseen cards dealt again)."""
        return self._state.determinize(self.seat, rng)


class Bot(ABC):
    """A player that chooses one of the legal actions."""

    name: str = "bot"

    @abstractmethod
    def choose(self, decision: Decision) -> Action:
        """One of ``decision.legal_actions``."""

    def act(self, state: State[Any]) -> Action:
        """Choose for the seat to act in ``state`` (seeing only what that seat may see)."""
        return self.choose(Decision.of(state))


_BOTS: dict[str, Callable[..., Bot]] = {}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    _BOTS[name] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


def make_bot(name: str, seed: int | None = None, **settings: Any) -> Bot:
    """A bot by name: ``make_bot("random", seed=1)``."""
    try:
        factory = _BOTS[name]
    except KeyError:
        raise OptionError(f"unknown bot {name!r}; the bots are: {', '.join(bot_names())}") from None
    return factory(seed=seed, **settings)


def bot_modules() -> set[str]:
    """The modules whose code makes the registered bots (a worker process imports them)."""
    return {factory.__module__ for factory in _BOTS.values()}
