"""The registry: the one list of games. Each game is a ``GameKit`` (see ``sequenza.core.kit``)
named in the ``sequenza.games`` entry-point group, the built-in games included; ``make``
starts a game.

Front ends, bots and the simulator reach games only through here and the contract.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import entry_points
from typing import Any

from sequenza.core.errors import CorruptStateError, OptionError, UnknownGameError
from sequenza.core.game import Game, GameInfo, GameRecord, State, load_state
from sequenza.core.kit import GameKit
from sequenza.core.rng import new_seed

#: The entry-point group a package names its games' kits in: ``game-id = "module:KIT"``.
ENTRY_POINT_GROUP = "sequenza.games"

_KITS: dict[str, GameKit] = {}
_loaded = False
#: Counts the changes of the registry: what is read from every kit (the text layer's
#: catalogues) is cached under it, and read again once a kit comes or goes.
_generation = 0


def register_kit(kit: GameKit) -> GameKit:
    """Make a game available by its id, once its kit is checked complete."""
    if not isinstance(kit, GameKit):
        raise ValueError(f"{kit!r} is not a GameKit")
    kit.check()
    known = _KITS.get(kit.id)
    if known is not None and known is not kit:
        raise ValueError(f"game id {kit.id!r} is registered twice")
    if known is None:
        global _generation
        _KITS[kit.id] = kit
        _generation += 1
    return kit


def unregister_kit(game_id: str) -> None:
    """Forget a game registered at run time (a mode a designer tries out in the workshop):
    its id may then name another game. Unknown ids are ignored."""
    global _generation
    if _KITS.pop(game_id, None) is not None:
        _generation += 1


@contextmanager
def kits_restored() -> Iterator[None]:
    """The registry as it was before, once the block ends: the kits registered inside it (a
    test's modes) are forgotten, and the text layer reads the catalogues again."""
    global _generation
    _load_entry_points()  # the installed games belong to the registry as it was
    kept = dict(_KITS)
    try:
        yield
    finally:
        _KITS.clear()
        _KITS.update(kept)
        _generation += 1


def kits_generation() -> int:
    """A number that changes whenever a game kit is registered or forgotten: a cache of what
    the kits hold keys on it, so that a mode registered at run time is read at once."""
    _load_entry_points()
    return _generation


def _load_entry_points() -> None:
    """Register every kit the installed packages name (once per process)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in _KITS:  # the same distribution seen twice on the path
            continue
        kit = entry.load()
        if getattr(kit, "id", None) != entry.name:
            raise ValueError(
                f"entry point {entry.name!r} of {ENTRY_POINT_GROUP!r} names "
                f"{entry.value!r}, not the kit of game {entry.name!r}"
            )
        register_kit(kit)


def game_kit(game_id: str) -> GameKit:
    """Everything the system knows of a game (``UnknownGameError`` for an unknown id)."""
    _load_entry_points()
    try:
        return _KITS[game_id]
    except KeyError:
        known = ", ".join(sorted(_KITS))
        raise UnknownGameError(f"unknown game {game_id!r}; the games are: {known}") from None


def game_kits() -> list[GameKit]:
    """Every registered game's kit, by id."""
    _load_entry_points()
    return [_KITS[game_id] for game_id in sorted(_KITS)]


def game_class(game_id: str) -> type[Game[Any]]:
    return game_kit(game_id).game


def available_games() -> list[GameInfo]:
    """Every registered game's facts, by id."""
    return [one.game.info for one in game_kits()]


def make_game(game_id: str, players: int | None = None, /, **options: Any) -> Game[Any]:
    """The rules of a table, options checked (an option named ``game_id`` or ``players`` is
    an unknown option, as any name the game's options class does not have)."""
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
