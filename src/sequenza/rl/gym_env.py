"""A Gymnasium environment: one seat learns, bots play the others.

>>> from sequenza.rl import SequenzaGymEnv
>>> env = SequenzaGymEnv("sequentia-stack", players=2, opponents="greedy")
>>> observation, info = env.reset(seed=0)
>>> sorted(observation), int(observation["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)

The observation is the learning seat's, in the same dict as the PettingZoo environments:
``"observation"`` (its tensor) and ``"action_mask"``; ``action_masks()`` returns the mask
too, as sb3-contrib's ``MaskablePPO`` expects. The other seats are played by bots named as
everywhere (``"random"``, ``"greedy"``, ``"mcts:iterations=50"``...), each deciding from its
own view only. The reward is the learning seat's payoff at the end: 1 shared among the
winners, 0 otherwise.

An action the rules do not allow now is replaced by a random legal one
(``info["illegal_action"]`` says so) unless ``illegal="raise"``: tools such as Gymnasium's
checker sample actions without the mask.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import sequenza.ai  # noqa: F401  (registers the built-in bots)
from sequenza.ai.base import Bot
from sequenza.core.game import State
from sequenza.core.registry import make, make_game
from sequenza.rl.encoding import action_mask, encoding_for
from sequenza.sim.match import parse_bots

Observation = dict[str, Any]


class SequenzaGymEnv(gym.Env[Observation, np.int64]):
    """One seat of a Sequenza game against bots, as a Gymnasium environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium's form)

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        options: dict[str, Any] | None = None,
        illegal: str = "random",
        max_actions: int = 20_000,
        render_mode: str | None = None,
    ) -> None:
        if illegal not in ("raise", "random"):
            raise ValueError(f"illegal is 'raise' or 'random', not {illegal!r}")
        self.options = dict(options or {})
        table = make_game(game, players, **self.options)
        self.game_id = table.id
        self.players = table.players
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat} at a {self.players}-player table")
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        line_up = opponents.split(",") if isinstance(opponents, str) else list(opponents)
        specs = parse_bots(",".join(line_up))
        # One bot fills every other seat, or one per other seat in seat order.
        self._bot_makers: list[Callable[[int], Bot]] = [spec.make for spec in specs]
        if len(self._bot_makers) not in (1, self.players - 1):
            raise ValueError(
                f"name one opponent bot or {self.players - 1}, not {len(self._bot_makers)}"
            )
        self.encoding = encoding_for(table)
        self.num_actions = table.num_distinct_actions
        self.illegal = illegal
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.num_actions)
        self._seeds = random.Random()
        self._chooser = random.Random()
        self.state: State[Any] = make(self.game_id, players=self.players, seed=0, **self.options)
        self.bots: dict[int, Bot] = {}

    # ------------------------------------------------------------------ the Gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = self._seeds.getrandbits(32)
        self._chooser.seed(self._seeds.getrandbits(32))
        if self.fixed_seat is None:
            self.seat = self._seeds.randrange(self.players)
        self.state = make(self.game_id, players=self.players, seed=game_seed, **self.options)
        others = [other for other in range(self.players) if other != self.seat]
        self.bots = {}
        for number, other in enumerate(others):
            maker = self._bot_makers[number % len(self._bot_makers)]
            self.bots[other] = maker(self._seeds.getrandbits(32))
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action: np.int64) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self.state.is_over:
            raise RuntimeError("the game is over: call reset()")
        info: dict[str, Any] = {}
        legal = self.state.legal_action_ids()
        action_id = int(action)
        if action_id not in legal:
            if self.illegal == "raise":
                raise ValueError(f"action {action_id} is not legal now")
            info["illegal_action"] = action_id
            action_id = legal[self._chooser.randrange(len(legal))]
        self.state.apply_unchecked(self.state.game.action_from_id(action_id))
        self._play_bots()
        terminated = self.state.is_over
        truncated = not terminated and len(self.state.history) >= self.max_actions
        reward = 0.0
        result = self.state.result()
        if result is not None:
            reward = float(result.payoffs[self.seat])
        return self._observe(), reward, terminated, truncated, {**self._info(), **info}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, for MaskablePPO and friends."""
        return action_mask(self.state).astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return str(self.state.observation(self.seat))

    # ------------------------------------------------------------------ helpers
    def _play_bots(self) -> None:
        while not self.state.is_over and len(self.state.history) < self.max_actions:
            seat = self.state.current_seat
            if seat == self.seat or seat is None:
                return
            self.state.apply(self.bots[seat].act(self.state))

    def _observe(self) -> Observation:
        vector = self.encoding.encode(self.state.observation(self.seat))
        if self.state.current_seat == self.seat:
            mask = action_mask(self.state)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "turn": len(self.state.history)}


def make_vector_env(
    game: str,
    num_envs: int,
    players: int | None = None,
    **kwargs: Any,
) -> gym.vector.SyncVectorEnv:
    """``num_envs`` tables of ``game`` stepped together (Gymnasium's ``SyncVectorEnv``; each
    resets itself when its game ends). Keyword arguments go to ``SequenzaGymEnv``."""

    def factory() -> gym.Env[Any, Any]:
        return SequenzaGymEnv(game, players, **kwargs)

    return gym.vector.SyncVectorEnv([factory for _ in range(num_envs)])
