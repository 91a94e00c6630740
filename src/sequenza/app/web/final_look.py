"""A finished game's last look, saved with its last entry so that a finished table is served
without replaying its moves."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sequenza.core.table import TableHistory


@dataclass(frozen=True)
class FinalLook:
    """What the screens of a finished game show, saved with its last entry: each seat's view,
    the public view, the table's log (its events before they are worded for a reader), who was
    out and the clocks. A finished table read with its look serves joins and looks from it
    as it would from its history (the same messages), and replays its moves only when the
    whole game is asked for (its record, a replay). Nothing in it is new to the database,
    which holds the seed; each screen is sent only what it was sent before."""

    turn: int
    views: list[Any]
    public: Any
    log: list[dict[str, Any]]
    out: list[int]
    clock: dict[str, Any] | None

    @classmethod
    def of(cls, history: TableHistory) -> FinalLook:
        state = history.state
        return cls(
            turn=history.turn,
            views=[state.observation(seat) for seat in range(state.players)],
            public=state.observation(None),
            log=list(history.log),
            out=sorted(history.standing.out),
            # A finished game's clocks stand still: no seat is to act.
            clock=history.clock_view(time.time()),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "views": self.views,
            "public": self.public,
            "log": self.log,
            "out": self.out,
            "clock": self.clock,
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> FinalLook | None:
        """The look as saved; None for anything else (the game is then replayed)."""
        try:
            look = cls(
                turn=data["turn"],
                views=data["views"],
                public=data["public"],
                log=data["log"],
                out=data["out"],
                clock=data["clock"],
            )
        except (KeyError, TypeError):
            return None
        shaped = (
            isinstance(look.turn, int)
            and isinstance(look.views, list)
            and len(look.views) == players
            and isinstance(look.log, list)
            and all(isinstance(event, dict) for event in look.log)
            and isinstance(look.out, list)
            and (look.clock is None or isinstance(look.clock, dict))
        )
        return look if shaped else None
