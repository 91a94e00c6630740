"""OpenSpiel: every Sequenza game as a ``pyspiel`` Python game.

Importing this module registers six games, ``python_sequenza_<id>`` with the game id's dashes
as underscores (``python_sequenza_sequentia_shift``...), each with the parameters
``players`` (default: the game's fewest), ``deals`` and ``max_game_length``::

    >>> import pyspiel
    >>> from sequenza.rl import openspiel
    >>> game = pyspiel.load_game("python_sequenza_sequence", {"players": 4})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes()) == game.max_chance_outcomes()
    (True, True)

The games are imperfect-information, sequential, with explicit chance: the first node of a
game is a chance node that picks the deal, one of ``deals`` seeds (uniformly, 1024 by
default). The engine's seeded generator then does every shuffle of the game from that seed,
so the one chance node holds all of a game's luck and no player observes its outcome.

Observation tensors are the encodings of ``sequenza.rl.encoding`` (made from the seat's
observation only). Information states: the string is the seat's observation with every
action played so far (all actions of these games are played in the open), which is exact
and has perfect recall; the tensor is the observation tensor (a fixed-size summary that does
not recall the whole history). Returns are the payoffs: 1 shared among the winners, 0 for
everyone else. A game that reaches ``max_game_length`` actions ends there with no winner.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from sequenza.core.game import State
from sequenza.core.registry import game_class, make, make_game
from sequenza.rl.encoding import Encoding, encoded_games, encoding_for

DEFAULT_DEALS = 1024
DEFAULT_MAX_GAME_LENGTH = 20_000


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a Sequenza game."""
    return "python_sequenza_" + game_id.replace("-", "_")


def _game_type(game_id: str) -> Any:
    info = game_class(game_id).info
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Python Sequenza {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": info.min_players,
            "deals": DEFAULT_DEALS,
            "max_game_length": DEFAULT_MAX_GAME_LENGTH,
        },
    )


class SequenzaGame(pyspiel.Game):  # type: ignore[misc]
    """A Sequenza game for one player count, as OpenSpiel sees it."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        info = game_class(self.game_id).info
        players = int(params.get("players", info.min_players))
        self.deals = int(params.get("deals", DEFAULT_DEALS))
        self.length_cap = int(params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        self.table = make_game(self.game_id, players)
        self.encoding: Encoding = encoding_for(self.table)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_distinct_actions,
            max_chance_outcomes=self.deals,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.length_cap,
        )
        super().__init__(_game_type(self.game_id), game_info, params)

    def new_initial_state(self) -> SequenzaSpielState:
        return SequenzaSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SequenzaObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SequenzaObserver(self.encoding, perfect_recall)


class _Engine:
    """Holds the engine's state. OpenSpiel clones a Python state with ``deepcopy``; a generic
    deep copy would copy the rules and the board layout at every step, the engine's own
    ``clone`` copies only the position."""

    def __init__(self, state: State[Any] | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone() if self.state is not None else None)


class SequenzaSpielState(pyspiel.State):  # type: ignore[misc]
    """A position: before the deal a chance node, then the engine's state."""

    def __init__(self, game: SequenzaGame) -> None:
        super().__init__(game)
        self._game_id = game.game_id
        self._players = game.num_players()
        self._deals = game.deals
        self._cap = game.length_cap
        self._engine = _Engine(None)

    @property
    def engine(self) -> State[Any] | None:
        return self._engine.state

    # ------------------------------------------------------------------ the pyspiel hooks
    def current_player(self) -> int:
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.engine.current_seat
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None
        return sorted(self.engine.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        probability = 1.0 / self._deals
        return [(deal, probability) for deal in range(self._deals)]

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            self._engine.state = make(self._game_id, players=self._players, seed=int(action))
            return
        self.engine.apply_unchecked(self.engine.game.action_from_id(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        table = self.engine.game if self.engine is not None else None
        if table is None:
            return str(action)
        return str(table.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        if self.engine is None:
            return False
        return self.engine.is_over or len(self.engine.history) >= self._cap

    def returns(self) -> list[float]:
        result = self.engine.result() if self.engine is not None else None
        if result is None:
            return [0.0] * self._players
        return [float(payoff) for payoff in result.payoffs]

    def __str__(self) -> str:
        if self.engine is None:
            return "(not dealt yet)"
        return json.dumps(self.engine.observation(None), sort_keys=True)


class SequenzaObserver:
    """The observation (or information state) of a seat, as a tensor and a string."""

    def __init__(self, encoding: Encoding, perfect_recall: bool) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.size, dtype=np.float32)
        self.dict = encoding.split(self.tensor)

    def set_from(self, state: SequenzaSpielState, player: int) -> None:
        if state.engine is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.encoding.encode(state.engine.observation(player))

    def string_from(self, state: SequenzaSpielState, player: int) -> str:
        if state.engine is None:
            return f"seat {player}: not dealt yet"
        view = json.dumps(state.engine.observation(player), sort_keys=True)
        if not self.perfect_recall:
            return view
        return view + " | " + " ".join(state.engine.history)


def _register() -> dict[str, type[SequenzaGame]]:
    classes: dict[str, type[SequenzaGame]] = {}
    registered = set(pyspiel.registered_names())
    for game_id in [info.id for info in encoded_games()]:
        cls = type(
            f"SequenzaGame_{game_id.replace('-', '_')}", (SequenzaGame,), {"game_id": game_id}
        )
        classes[game_id] = cls
        if short_name(game_id) not in registered:
            pyspiel.register_game(_game_type(game_id), cls)
    return classes


GAMES = _register()


def load(game_id: str, players: int | None = None, **params: Any) -> Any:
    """The pyspiel game of ``game_id`` (``deals`` and ``max_game_length`` may be given)."""
    settings: dict[str, Any] = dict(params)
    if players is not None:
        settings["players"] = players
    return pyspiel.load_game(short_name(game_id), settings)
