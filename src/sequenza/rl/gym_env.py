"""A Gymnasium environment: one seat learns, bots play the others.

>>> from sequenza.rl import SequenzaGymEnv
>>> env = SequenzaGymEnv("sequentia-stack", players=2, opponents="greedy")
>>> observation, info = env.reset(seed=0)
>>> observation["board"].shape, int(observation["action_mask"].sum()) > 0
((69, 1, 4), True)

Every game is registered with Gymnasium as ``sequenza/<Game>-v0`` (``sequenza/Sequence-v0``,
``sequenza/SequenceNumbers-v0``, ``sequenza/SequentiaShift-v0``...; ``gym_id`` names them),
keyword arguments as here::

    >>> import gymnasium as gym
    >>> env = gym.make("sequenza/SequentiaCross-v0", opponents="random")
    >>> env.reset(seed=1)[0]["observation"].shape == env.observation_space["observation"].shape
    True

The observation is the learning seat's, in the same dict as the PettingZoo environments
(``sequenza.rl.observations``): with ``observation="dict"`` (the default) its tensor
(``"observation"``), the board's planes (``"board"``), its private part (``"private"``), the
rest (``"public"``), the other seats' last ``recent`` actions (``"recent_actions"``,
``"recent_seats"``, ``"recent_mask"``) and ``"action_mask"``; ``observation="flat"`` keeps
only ``"observation"`` and ``"action_mask"``, the space this environment had before. The dict
is the default here too, so that one policy reads the same keys in both environments and as
an opponent; the two old keys are in it unchanged, so code that reads them works as it did.
``action_masks()`` returns the mask too, as sb3-contrib's ``MaskablePPO`` expects.

``opponents`` fills the other seats: one opponent for all or one per other seat in seat
order, each a bot named as everywhere (``"random"``, ``"greedy"``, ``"mcts:iterations=50"``...)
or any callable policy, called with that seat's observation (the same dict, its mask
included) and returning an action id, e.g. a trained network's greedy choice. Each decides
from its own view only.

Rewards come at the end (``rewards``): ``"win_loss"`` (the default) gives +1 to each winner,
-1 to each other seat, and 0 to all when nobody wins or everybody shares the win;
``"share"`` gives the payoff, 1 shared among the winners and 0 otherwise.

``render_mode="ansi"`` draws the learning seat's view as the terminal does, and
``render_mode="rgb_array"`` as an image (``sequenza.rl.render``).

An action the rules do not allow now is an error (``ValueError``, the game unchanged), as
Gymnasium's users expect. ``illegal="penalty"`` refuses it instead: the game stays where it
was, the step returns the same observation with reward ``illegal_penalty`` (-1 by default),
and ``info["illegal_action"]`` names the action; ``illegal="random"`` plays a random legal
action in its place and says so the same way. Tools that sample actions without the mask
(Gymnasium's ``check_env``) need one of the two.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import sequenza.ai  # noqa: F401  (registers the built-in bots)
from sequenza.ai.base import Bot
from sequenza.core.game import Result, State
from sequenza.core.registry import make, make_game
from sequenza.rl.encoding import action_mask, encoded_games, encoding_for
from sequenza.rl.observations import RECENT, Observation, Observer
from sequenza.rl.render import RENDER_MODES, drawing, render_view
from sequenza.sim.match import parse_bots

__all__ = ["SequenzaGymEnv", "drawing", "gym_id", "make_vector_env", "rewards_of"]
#: A policy for an opponent's seat: its observation dict in, an action id out.
Policy = Callable[[Observation], int]
ILLEGAL = ("raise", "penalty", "random")
REWARDS = ("win_loss", "share")


def rewards_of(result: Result, kind: str) -> tuple[float, ...]:
    """Each seat's reward at the end of a game: ``"win_loss"`` (+1 a winner, -1 the others,
    0 for all when nobody or everybody wins) or ``"share"`` (the payoffs).

    >>> from sequenza.core.game import SharedTermination
    >>> result = Result((3.0, 1.0, 3.0), (0, 2), SharedTermination.RESIGNED)
    >>> rewards_of(result, "win_loss"), rewards_of(result, "share")
    ((1.0, -1.0, 1.0), (0.5, 0.0, 0.5))
    """
    if kind == "share":
        return result.payoffs
    seats = len(result.scores)
    if not result.winners or len(result.winners) == seats:
        return (0.0,) * seats
    return tuple(1.0 if seat in result.winners else -1.0 for seat in range(seats))


class SequenzaGymEnv(gym.Env[Observation, np.int64]):
    """One seat of a Sequenza game against bots, as a Gymnasium environment."""

    # A frame rate as Gymnasium's own text environments declare one (its checker asks).
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012  (Gymnasium's form)

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        opponents: str | Policy | Sequence[str | Policy] = "random",
        seat: int | None = 0,
        options: dict[str, Any] | None = None,
        illegal: str = "raise",
        illegal_penalty: float = -1.0,
        rewards: str = "win_loss",
        max_actions: int = 20_000,
        render_mode: str | None = None,
        language: str = "en",
        observation: str = "dict",
        recent: int = RECENT,
    ) -> None:
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if rewards not in REWARDS:
            raise ValueError(f"rewards is one of {', '.join(REWARDS)}, not {rewards!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(RENDER_MODES)
            raise ValueError(f"render_mode is one of {modes} or None, not {render_mode!r}")
        self.options = dict(options or {})
        table = make_game(game, players, **self.options)
        self.game_id = table.id
        self.players = table.players
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat} at a {self.players}-player table")
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        if isinstance(opponents, str):
            line_up: list[str | Policy] = list(opponents.split(","))
        elif callable(opponents):
            line_up = [opponents]
        else:
            line_up = list(opponents)
        # One opponent fills every other seat, or one per other seat in seat order: a bot's
        # maker (a fresh bot each game, from a seed) or a policy, used as given.
        self._opponents: list[Callable[[int], Bot] | Policy] = []
        self._makers: list[bool] = []
        for item in line_up:
            if isinstance(item, str):
                self._opponents.append(parse_bots(item)[0].make)
            elif callable(item):
                self._opponents.append(item)
            else:
                raise ValueError(f"an opponent is a bot's name or a callable, not {item!r}")
            self._makers.append(isinstance(item, str))
        if len(self._opponents) not in (1, self.players - 1):
            raise ValueError(
                f"name one opponent bot or {self.players - 1}, not {len(self._opponents)}"
            )
        self.encoding = encoding_for(table)
        self.num_actions = table.num_distinct_actions
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.rewards = rewards
        self.language = language
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.observer = Observer(self.encoding, observation, recent)
        self.observation_space = self.observer.space
        self.action_space = spaces.Discrete(self.num_actions)
        self._seeds = random.Random()
        self._chooser = random.Random()
        self.state: State[Any] = make(self.game_id, players=self.players, seed=0, **self.options)
        self.bots: dict[int, Bot | Policy] = {}
        # The game's actions so far as (seat, id): the recent public actions come from here.
        self.actions: list[tuple[int, int]] = []

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
        self.actions = []
        others = [other for other in range(self.players) if other != self.seat]
        self.bots = {}
        for number, other in enumerate(others):
            index = number % len(self._opponents)
            opponent = self._opponents[index]
            seed = self._seeds.getrandbits(32)
            if self._makers[index]:
                self.bots[other] = cast("Callable[[int], Bot]", opponent)(seed)
            else:
                self.bots[other] = cast("Policy", opponent)
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
            if self.illegal == "penalty":
                return self._observe(), self.illegal_penalty, False, False, {**self._info(), **info}
            action_id = legal[self._chooser.randrange(len(legal))]
        self.state.apply_unchecked(self.state.game.action_from_id(action_id))
        self.actions.append((self.seat, action_id))
        self._play_bots()
        terminated = self.state.is_over
        truncated = not terminated and len(self.state.history) >= self.max_actions
        reward = 0.0
        result = self.state.result()
        if result is not None:
            reward = float(rewards_of(result, self.rewards)[self.seat])
        return self._observe(), reward, terminated, truncated, {**self._info(), **info}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, for MaskablePPO and friends."""
        return action_mask(self.state).astype(bool)

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """With ``render_mode="ansi"``: the terminal's drawing of the learning seat's view, in
        ``language`` (the game's own drawing, in the games' catalogue words); with
        ``"rgb_array"`` the same drawing as an image."""
        if self.render_mode is None:
            return None
        view = self.state.observation(self.seat)
        if self.render_mode == "ansi":
            return drawing(view, self.language)
        return render_view(view, self.language)

    # ------------------------------------------------------------------ helpers
    def _play_bots(self) -> None:
        while not self.state.is_over and len(self.state.history) < self.max_actions:
            seat = self.state.current_seat
            if seat == self.seat or seat is None:
                return
            opponent = self.bots[seat]
            if isinstance(opponent, Bot):
                action = opponent.act(self.state)
                self.state.apply(action)
                self.actions.append((seat, self.state.game.action_to_id(action)))
                continue
            action_id = int(opponent(self._observe_seat(seat)))
            # A policy's illegal action is the policy's error, never played in its place.
            self.state.apply(self.state.game.action_from_id(action_id))
            self.actions.append((seat, action_id))

    def _observe(self) -> Observation:
        return self._observe_seat(self.seat)

    def _observe_seat(self, seat: int) -> Observation:
        return self.observer.observe(self.state, seat, self.actions)

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


def gym_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``sequenza/SequentiaShift-v0`` for ``sequentia-shift``."""
    return "sequenza/" + "".join(part.capitalize() for part in game_id.split("-")) + "-v0"


def register_games() -> list[str]:
    """Give every encoded game its Gymnasium id (``gym_id``), as this module does when it is
    imported; a game registered later (a mode file's kit: ``register_kit(load(path))``) gets
    its own by a second call. ``gym.make`` makes a ``SequenzaGymEnv``, ``gym.make_vec`` a
    ``SequenzaVectorEnv`` (``vectorization_mode="sync"``: N ``SequenzaGymEnv``). Returns the
    ids added."""
    added = []
    for info in encoded_games():
        name = gym_id(info.id)
        if name not in gym.registry:
            gym.register(
                name,
                entry_point=f"{__name__}:SequenzaGymEnv",
                # gym.make_vec's default: every seat of N games (sequenza.rl.gym_vector).
                vector_entry_point="sequenza.rl.gym_vector:SequenzaVectorEnv",
                kwargs={"game": info.id},
            )
            added.append(name)
    return added


register_games()
