"""The contract every game implements, and what front ends need to reach games."""

from sequenza.core.actions import Action, ActionSpace
from sequenza.core.errors import (
    CorruptStateError,
    IllegalActionError,
    NotationError,
    OptionError,
    SequenzaError,
    UnknownGameError,
)
from sequenza.core.game import (
    Game,
    GameInfo,
    GameRecord,
    Result,
    SharedTermination,
    State,
    Termination,
)
from sequenza.core.observation import Notated, Observation, observation_schema
from sequenza.core.options import Options, option
from sequenza.core.registry import (
    available_games,
    game_class,
    game_kit,
    game_kits,
    make,
    make_game,
    register_kit,
    replay,
    state_from_json,
)

__all__ = [
    "Action",
    "ActionSpace",
    "CorruptStateError",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalActionError",
    "Notated",
    "NotationError",
    "Observation",
    "OptionError",
    "Options",
    "Result",
    "SequenzaError",
    "SharedTermination",
    "State",
    "Termination",
    "UnknownGameError",
    "available_games",
    "game_class",
    "game_kit",
    "game_kits",
    "make",
    "make_game",
    "observation_schema",
    "option",
    "register_kit",
    "replay",
    "state_from_json",
]
