"""Sequenza: an engine for the Sequence family of card and board games.

>>> import sequenza
>>> state = sequenza.make("sequentia-shift", players=2, seed=7)
>>> state.current_seat
0
"""

import random
from typing import Any

from sequenza.core import (
    Action,
    CorruptStateError,
    GameRecord,
    IllegalActionError,
    NotationError,
    OptionError,
    Result,
    SharedTermination,
    State,
    Termination,
    UnknownGameError,
    available_games,
    make,
    make_game,
    replay,
    state_from_json,
)


def determinize(state: State[Any], seat: int, rng: random.Random) -> State[Any]:
    """A full state consistent with what ``seat`` has seen (see ``State.determinize``)."""
    return state.determinize(seat, rng)


__version__ = "0.1.0"

__all__ = [
    "Action",
    "CorruptStateError",
    "GameRecord",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "Result",
    "SharedTermination",
    "State",
    "Termination",
    "UnknownGameError",
    "available_games",
    "determinize",
    "make",
    "make_game",
    "replay",
    "state_from_json",
]
