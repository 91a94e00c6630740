"""The registry: game ids to game classes, and ``make`` to start a game.

Front ends, bots and the simulator reach games only through here and the contract.
"""

from __future__ import annotations

import json
from typing import Any

from sequenza.core.errors import CorruptStateError, OptionError, UnknownGameError
from sequenza.core.game import Game, GameInfo, GameRecord, State, load_state
from sequenza.core.rng import new_seed

_GAMES: dict[str, type[Game[Any]]] = {}


def register(game_class: type[Game[Any]]) -> type[Game[Any]]:
    """Class decorator: make a game available by its id."""
    game_id = game_class.info.id
    if not isinstance(getattr(game_class, "terminations", None), type):
        raise ValueError(f"game {game_id!r} declares no terminations (its Termination enum)")
    if game_id in _GAMES and _GAMES[game_id] is not game_class:
        raise ValueError(f"game id {game_id!r} is registered twice")
    _GAMES[game_id] = game_class
    return game_class


def _load_builtin_games() -> None:
    import sequenza.games  # noqa: F401  (registers every built-in game)


def game_class(game_id: str) -> type[Game[Any]]:
    _load_builtin_games()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"unknown game {game_id!r}; the games are: {known}") from None


def available_games() -> list[GameInfo]:
    """Every registered game's facts, by id."""
    _load_builtin_games()
    return [_GAMES[game_id].info for game_id in sorted(_GAMES)]


def make_game(game_id: str, players: int | None = None, **options: Any) -> Game[Any]:
    """The rules of a table, options checked."""
    cls = game_class(game_id)
    count = cls.info.min_players if players is None else players
    if isinstance(count, bool) or not isinstance(count, int):
        raise OptionError(f"the number of players is an integer, not {count!r}")
    return cls(count, cls.options_class.build(**options))


def make(
    game_id: str, players: int | None = None, seed: int | None = None, **options: Any
) -> State[Any]:
    """A new game, ready to play.

    >>> state = make("sequentia-shift", players=2, seed=1)
    >>> state.current_seat
    0
    """
    game = make_game(game_id, players, **options)
    return game.new_initial_state(new_seed() if seed is None else seed)


def replay(record: GameRecord | dict[str, Any]) -> State[Any]:
    """The state a game record leads to, each action checked."""
    if isinstance(record, dict):
        record = GameRecord.from_json(record)
    cls = game_class(record.game)
    if record.rules_version != cls.info.rules_version:
        raise CorruptStateError(
            f"record of rules version {record.rules_version!r}, this engine plays "
            f"{cls.info.rules_version!r}"
        )
    state = make(record.game, record.players, record.seed, **record.options)
    for action in record.actions:
        state.apply(action)
    return state


def state_from_json(data: dict[str, Any] | str) -> State[Any]:
    """A state saved with ``State.to_json`` (or its text)."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise CorruptStateError(f"a saved game is JSON: {error}") from None
    if not isinstance(data, dict):
        raise CorruptStateError("a saved game is a JSON object")
    try:
        cls = game_class(str(data["game"]))
        options = cls.options_class.build(**data["options"])
        game = cls(int(data["players"]), options)
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, CorruptStateError):
            raise
        raise CorruptStateError(f"the saved game's header is damaged: {error}") from None
    return load_state(game, data)
