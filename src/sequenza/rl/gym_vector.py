"""A Gymnasium vector environment: N games of one table, every seat played by the learner.

>>> import gymnasium as gym
>>> import numpy as np
>>> envs = gym.make_vec("sequenza/Sequence-v0", num_envs=4)
>>> observations, infos = envs.reset(seed=0)
>>> observations["observation"].shape == (4, envs.single_observation_space["observation"].shape[0])
True
>>> actions = np.array([np.flatnonzero(row)[0] for row in observations["action_mask"]])
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.shape, terminations.dtype, sorted(infos)[:4]
((4,), dtype('bool'), ['_acted', '_rewards', '_seat', '_to_act'])

Every game registered with Gymnasium (``sequenza/<Game>-v0``, ``gym_id``) has this class as
its ``vector_entry_point``, so that ``gym.make_vec(id, num_envs=N)`` makes it; keyword
arguments are ``SequenzaVectorEnv``'s. ``vectorization_mode="sync"`` (or ``"async"``) gives
Gymnasium's own vector of N single-seat environments against bots (``SequenzaGymEnv``)
instead, as ``make_vector_env`` does; the single environment's keywords (``opponents``...)
given to this one raise ``TypeError`` saying so.

Each step takes one action id per game, played for the seat to act in that game, and every
game's observation is its next seat to act's, in the single environment's ``"flat"`` dict:
``"observation"`` (the game's tensor) and ``"action_mask"`` (its legal actions). The reward of
a game is that of the seat whose action the step played, +1 when it wins, -1 when it loses
(``"win_loss"``, as everywhere); ``infos`` holds, for every game, all seats' rewards
(``"rewards"``, games x seats: the losers' -1 is there), the seat whose action was played
(``"acted"``, -1 where none was), the seat whose view the observation is (``"seat"``) and the
seat to act, -1 where the game has just ended (``"to_act"``: PettingZoo's
``agent_selection``, which ``agent_selection`` spells as agent names). Gymnasium's ``"_key"``
masks come with each. Games end by their rules only: ``truncations`` stay false.

The auto-reset is Gymnasium's default, next step (``metadata["autoreset_mode"]``): a game that
ends shows its last position, as the seat that ended it sees it (its mask all zeros); the
next step ignores that game's action and shows the new game's first position, reward 0.
``autoreset_mode=AutoresetMode.SAME_STEP`` shows the new game at once and the last position
in ``infos["final_obs"]`` (and the ended game's infos in ``infos["final_info"]``).

Game ``i`` is first dealt from ``seed + i`` (without a seed, from a seed drawn from the
environment's generator); every later deal takes the next seed, in the order the games end
(within a step, by index), so that a run is a function of its seed and actions. The compiled
core steps all six games (``sequenza.fast.BATCH_GAMES``) when it is built (``engine="auto"``,
the default; ``"core"`` insists on it); a table with an option the core does not play
(``sequenza.fast.core_plays``), any other game, and every game with ``engine="python"`` run on
the Python rules, with the same arrays, number for number. An action the rules do not allow
raises ``ValueError`` before any game moves.
"""

from __future__ import annotations

from typing import Any, Protocol

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from sequenza import fast
from sequenza.core.game import Game, State
from sequenza.core.registry import make_game
from sequenza.rl.encoding import Encoding, action_mask, encoding_for
from sequenza.rl.gym_env import rewards_of
from sequenza.rl.observations import Observer

__all__ = ["ENGINES", "PythonBatch", "SequenzaVectorEnv"]

#: Where the games are stepped: the core when it can, the core, or the Python rules.
ENGINES = ("auto", "core", "python")
#: An action id that leaves a game where it is for one step (the next-step auto-reset's).
WAIT = -1
Arrays = dict[str, npt.NDArray[Any]]


class Batch(Protocol):
    """What steps the games: the core's ``Batch`` or ``PythonBatch``, writing into the
    caller's arrays (see ``Batch.step``)."""

    size: int

    def reset(self, seed: int, obs: Any, mask: Any, to_act: Any, /) -> None: ...

    def step(
        self,
        actions: Any,
        obs: Any,
        mask: Any,
        rewards: Any,
        done: Any,
        to_act: Any,
        final: Any = None,
        /,
    ) -> None: ...


class PythonBatch:
    """The core's ``Batch`` on the Python rules, for every encoded game: the same calls
    writing the same numbers into the same arrays."""

    def __init__(self, table: Game[Any], n: int) -> None:
        self.table = table
        self.n = n
        self.encoding: Encoding = encoding_for(table)
        self.size = self.encoding.size
        self.states: list[State[Any]] = []
        self.next_seed = 0

    def _deal(self) -> State[Any]:
        state: State[Any] = self.table.new_initial_state(self.next_seed)
        self.next_seed += 1
        return state

    def _view(self, i: int, obs: Any, mask: Any, to_act: Any) -> None:
        state = self.states[i]
        seat = state.current_seat
        assert seat is not None  # a game that ends is dealt again at once
        obs[i] = self.encoding.encode(state.observation(seat))
        mask[i] = action_mask(state).astype(bool)
        to_act[i] = seat

    def reset(self, seed: int, obs: Any, mask: Any, to_act: Any, /) -> None:
        self.next_seed = seed
        self.states = []
        for i in range(self.n):
            self.states.append(self._deal())
            self._view(i, obs, mask, to_act)

    def step(
        self,
        actions: Any,
        obs: Any,
        mask: Any,
        rewards: Any,
        done: Any,
        to_act: Any,
        final: Any = None,
        /,
    ) -> None:
        for i, action in enumerate(actions.tolist()):
            if action != WAIT and action not in self.states[i].legal_action_ids():
                raise ValueError(f"game {i}: action {action} is not legal now")
        space = self.table.action_space
        for i, action in enumerate(actions.tolist()):
            rewards[i] = 0.0
            done[i] = False
            if action == WAIT:
                self._view(i, obs, mask, to_act)
                continue
            state = self.states[i]
            mover = state.current_seat
            assert mover is not None
            state.apply_unchecked(space.actions[action])
            result = state.result()
            if result is not None:
                done[i] = True
                rewards[i] = rewards_of(result, "win_loss")
                if final is not None:
                    final[i] = self.encoding.encode(state.observation(mover))
                self.states[i] = self._deal()
            self._view(i, obs, mask, to_act)


def engine_for(table: Game[Any], engine: str) -> str:
    """``"core"`` or ``"python"``: where ``engine`` steps ``table``'s games."""
    if engine not in ENGINES:
        raise ValueError(f"engine is one of {', '.join(ENGINES)}, not {engine!r}")
    # core_plays is False where the core is not built, and for options it does not play.
    batched = table.id in fast.BATCH_GAMES and fast.core_plays(table)
    if engine == "core":
        if not fast.available():
            raise RuntimeError(f"the compiled core is not built: {fast.why_not()}")
        if not batched:
            raise ValueError(
                f"the compiled core steps batches of {sorted(fast.BATCH_GAMES)} only, with the "
                f"options it plays: not this table of {table.id}"
            )
        return "core"
    return "core" if engine == "auto" and batched else "python"


class SequenzaVectorEnv(gym.vector.VectorEnv[Arrays, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of one table stepped together, each step one action in each game
    for its seat to act, on the compiled core where it can."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012  (Gymnasium's form)

    def __init__(
        self,
        game: str = "sequence",
        num_envs: int = 256,
        players: int | None = None,
        *,
        options: dict[str, Any] | None = None,
        engine: str = "auto",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        **single: Any,
    ) -> None:
        if single:
            # gym.make_vec passes the single environment's keywords here too.
            raise TypeError(
                f"{', '.join(sorted(single))}: arguments of the single-seat SequenzaGymEnv; "
                'gym.make_vec(..., vectorization_mode="sync") makes N of those'
            )
        mode = AutoresetMode(autoreset_mode)
        if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ValueError(f"the games reset themselves: next step or same step, not {mode}")
        if num_envs < 1:
            raise ValueError(f"num_envs is a count of games, not {num_envs}")
        self.table = make_game(game, players, **dict(options or {}))
        self.game_id = self.table.id
        self.players = self.table.players
        self.num_envs = num_envs
        self.autoreset_mode = mode
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self.engine = engine_for(self.table, engine)
        self._batch: Batch = (
            fast.batch(self.table, num_envs)
            if self.engine == "core"
            else PythonBatch(self.table, num_envs)
        )
        encoding = encoding_for(self.table)
        self.size = encoding.size
        self.num_actions = self.table.num_distinct_actions
        self.single_observation_space = Observer(encoding, "flat").space
        self.single_action_space = gym.spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        # The batch's own arrays, written over at every call.
        self._obs = np.zeros((num_envs, self.size), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.num_actions), dtype=np.bool_)
        self._rewards = np.zeros((num_envs, self.players), dtype=np.float32)
        self._done = np.zeros(num_envs, dtype=np.bool_)
        self._to_act = np.zeros(num_envs, dtype=np.int64)
        self._final = np.zeros((num_envs, self.size), dtype=np.float32)
        # Games that ended at the last step and wait for the next one to show the new deal.
        self._waiting = np.zeros(num_envs, dtype=np.bool_)
        self._everywhere = np.ones(num_envs, dtype=np.bool_)
        self._seat = np.zeros(num_envs, dtype=np.int64)

    # ------------------------------------------------------------------ the Gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Arrays, dict[str, Any]]:
        """Every game dealt again: game ``i`` from ``seed + i``."""
        super().reset(seed=seed)
        if options:
            raise ValueError(f"reset takes no options, not {sorted(options)}")
        first = int(self.np_random.integers(2**31)) if seed is None else int(seed)
        self._batch.reset(first, self._obs, self._masks, self._to_act)
        self._waiting[:] = False
        self._seat = self._to_act.copy()
        observations = self._observations(self._obs, self._masks)
        infos = self._infos(
            np.zeros((self.num_envs, self.players), dtype=np.float32),
            np.full(self.num_envs, -1, dtype=np.int64),
            self._seat,
            self._seat,
        )
        return observations, infos

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Arrays,
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One action per game, for its seat to act (ignored in a game the last step ended,
        under next-step auto-reset): observations, rewards, terminations, truncations, infos."""
        chosen = np.array(actions, dtype=np.int64).reshape(-1)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"one action per game: {self.num_envs}, not {np.shape(actions)}")
        acted = np.where(self._waiting, -1, self._to_act)
        chosen[self._waiting] = WAIT
        self._batch.step(
            chosen, self._obs, self._masks, self._rewards, self._done, self._to_act, self._final
        )
        done = self._done.copy()
        everyone = self._rewards.copy()
        rewards = np.where(acted >= 0, everyone[np.arange(self.num_envs), acted], 0.0)
        rewards = rewards.astype(np.float32)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        to_act = np.where(done, -1, self._to_act)
        if self.autoreset_mode == AutoresetMode.NEXT_STEP:
            # A game that ended shows its last position now and its new deal next step.
            seat = np.where(done, acted, self._to_act)
            observations = self._observations(self._obs, self._masks)
            observations["observation"][done] = self._final[done]
            observations["action_mask"][done] = 0
            self._waiting = done
            infos = self._infos(everyone, acted, seat, to_act)
        else:
            seat = self._to_act.copy()
            observations = self._observations(self._obs, self._masks)
            infos = self._infos(everyone, acted, seat, seat)
            if done.any():
                infos.update(self._final_infos(done, everyone, acted))
        self._seat = seat
        return observations, rewards, done, truncations, infos

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the games live in this process."""

    # ------------------------------------------------------------------ for learners
    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each game's legal actions now (all false in a game that has just ended), for
        MaskablePPO and friends."""
        masks = self._masks.copy()
        masks[self._waiting] = False
        return masks

    @property
    def agent_selection(self) -> list[str]:
        """Each game's seat whose view its observation is, as PettingZoo names the agents
        (``player_0``...): the seat to act, or the one that has just ended the game."""
        return [f"player_{seat}" for seat in self._seat.tolist()]

    # ------------------------------------------------------------------ helpers
    def _observations(self, obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> Arrays:
        return {"observation": obs.copy(), "action_mask": masks.astype(np.int8)}

    def _infos(
        self,
        rewards: npt.NDArray[np.float32],
        acted: npt.NDArray[np.int64],
        seat: npt.NDArray[np.int64],
        to_act: npt.NDArray[np.int64],
    ) -> dict[str, Any]:
        every = self._everywhere
        return {
            "rewards": rewards,
            "_rewards": every,
            "acted": acted,
            "_acted": every,
            "seat": seat,
            "_seat": every,
            "to_act": to_act,
            "_to_act": every,
        }

    def _final_infos(
        self,
        done: npt.NDArray[np.bool_],
        rewards: npt.NDArray[np.float32],
        acted: npt.NDArray[np.int64],
    ) -> dict[str, Any]:
        """Same-step auto-reset: each ended game's last observation and infos, as
        Gymnasium's ``SyncVectorEnv`` gives them."""
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(done).tolist():
            final_obs[i] = {
                "observation": self._final[i].copy(),
                "action_mask": np.zeros(self.num_actions, dtype=np.int8),
            }
        final_info = {
            "rewards": np.where(done[:, None], rewards, 0.0).astype(np.float32),
            "_rewards": done.copy(),
            "acted": np.where(done, acted, 0),
            "_acted": done.copy(),
            "seat": np.where(done, acted, 0),
            "_seat": done.copy(),
            "to_act": np.where(done, -1, 0),
            "_to_act": done.copy(),
        }
        return {
            "final_obs": final_obs,
            "_final_obs": done.copy(),
            "final_info": final_info,
            "_final_info": done.copy(),
        }
