"""N games stepped together in the compiled core, for learning at the core's speed.

>>> import numpy as np
>>> from sequenza import fast
>>> from sequenza.rl.vector import VectorEnv
>>> env = VectorEnv("sequence", num_envs=8) if fast.available() else None
>>> if env is not None:
...     observations, masks = env.reset(seed=0)
...     actions = np.array([np.flatnonzero(row)[0] for row in masks])
...     observations, masks, rewards, done, to_act = env.step(actions)
...     observations.shape == (8, env.size), masks.dtype == np.bool_, rewards.shape
... else:
...     print("(True, True, (8, 2))")
(True, True, (8, 2))

Each step takes one action id per game, for the seat to act in it, and returns NumPy arrays:
every game's observation tensor for its next seat to act (the game's ``Encoding``, number
for number: ``encoding_for(table).encode(state.observation(seat))``), its legal-action mask,
each seat's reward (``"win_loss"``: +1 for each winner and -1 for each other seat when a game
ends with some seats winning, else 0), whether the game ended at this step, and the seat to
act next. A game that ends is dealt again at once (auto-reset): its row then shows the new
game's first position. Game ``i`` is first dealt from ``seed + i``; every later deal takes the
next seed, in the order the games end, so that a run is a function of its seed and actions.

The arrays are the environment's own and the next call writes over them: copy what you keep.
An action the rules do not allow raises ``ValueError`` before any game moves; -1 leaves a
game as it is for that step (its reward 0, not done). ``sequenza.rl.gym_vector`` is the
Gymnasium face of the same core, with next-step auto-reset, and runs on the Python rules where
the core is not built.

The core steps all six games (``sequenza.fast.BATCH_GAMES``), at any player count, with the
options it plays (``sequenza.fast.core_plays``; another table raises ``ValueError``); where it
is not built, ``VectorEnv`` raises ``RuntimeError`` saying why.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from sequenza import fast
from sequenza.core.registry import make_game
from sequenza.rl.encoding import encoding_for


class VectorEnv:
    """``num_envs`` games of one table, stepped together in the compiled core."""

    def __init__(
        self,
        game: str = "sequence",
        num_envs: int = 256,
        players: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.table = make_game(game, players, **dict(options or {}))
        self.num_envs = num_envs
        self.players = self.table.players
        self.actions = len(self.table.action_space)
        self._batch = fast.batch(self.table, num_envs)
        self.size = self._batch.size
        encoding = encoding_for(self.table)
        if encoding.size != self.size:
            raise RuntimeError(
                f"the core's tensor has {self.size} numbers, the game's {encoding.size}"
            )
        self.observations = np.zeros((num_envs, self.size), dtype=np.float32)
        self.masks = np.zeros((num_envs, self.actions), dtype=np.bool_)
        self.rewards = np.zeros((num_envs, self.players), dtype=np.float32)
        self.done = np.zeros(num_envs, dtype=np.bool_)
        self.to_act = np.zeros(num_envs, dtype=np.int64)

    def reset(self, seed: int = 0) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Every game dealt again (game ``i`` from ``seed + i``): observations and masks."""
        self._batch.reset(seed, self.observations, self.masks, self.to_act)
        self.rewards[:] = 0.0
        self.done[:] = False
        return self.observations, self.masks

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int64],
    ]:
        """One action per game: observations, masks, rewards per seat, done, seats to act."""
        chosen = np.ascontiguousarray(actions, dtype=np.int64)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"one action per game: {self.num_envs}, not {chosen.shape}")
        self._batch.step(
            chosen, self.observations, self.masks, self.rewards, self.done, self.to_act
        )
        return self.observations, self.masks, self.rewards, self.done, self.to_act
