"""PettingZoo environments: every game as an AEC (agent-environment cycle) environment.

>>> from sequenza.rl import env
>>> table = env("sequence", players=4)
>>> table.reset(seed=3)
>>> table.agent_selection
'player_0'

Agents are ``player_0``... in seat order. Each observation is a dict, as PettingZoo documents
for action masking: ``"observation"`` is the seat's tensor (``sequenza.rl.encoding``) and
``"action_mask"`` marks its legal actions (all zeros when it is not that agent's turn); with
``observation="dict"`` (the default) it also holds the board's planes (``"board"``), the
seat's private part (``"private"``), the rest of the tensor (``"public"``) and the other
seats' last ``recent`` actions (``"recent_actions"``, ``"recent_seats"``,
``"recent_mask"``), all described in ``sequenza.rl.observations``; ``observation="flat"``
keeps only the first two. An action is an integer of the game's fixed action space.

At the end of a game each agent is rewarded (``rewards``): ``"win_loss"`` (the default)
gives +1 to each winner, -1 to each other agent, and 0 to all when nobody or everybody wins;
``"share"`` gives the payoffs, 1 shared among the winners and 0 otherwise.

``state()`` is the global state PettingZoo's API defines (for centralised critics): every
seat's observation tensor, seat after seat, in ``state_space``; it holds every hidden card,
so no agent may act on it. The engine's position itself is ``game_state``.
``render_mode="ansi"`` makes ``render()`` return the game's terminal drawing of the
spectator's view, in ``language`` (``"en"`` by default; the games' catalogue words), and
``render_mode="rgb_array"`` the same drawing as an image (``sequenza.rl.render``).

``max_cycles`` cuts a game short: each agent acts at most that many times, and once every
agent has, all are truncated. Turns that fall to an agent whose actions are spent meanwhile
are played for it at random, so that every agent gets the same number of actions (what
PettingZoo's ``max_cycles_test`` asks of an environment).

An illegal action raises ``ValueError`` unless the environment was made with
``illegal="random"``: then a legal action drawn from the environment's seeded generator is
played instead and ``info["illegal_action"]`` says so (for tools that sample actions without
the mask).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from sequenza.core.game import State
from sequenza.core.registry import make, make_game
from sequenza.rl.encoding import Encoding, encoding_for
from sequenza.rl.gym_env import REWARDS, rewards_of
from sequenza.rl.observations import RECENT, Observation, Observer
from sequenza.rl.render import RENDER_MODES, drawing, render_view


class SequenzaAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One table of a Sequenza game as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's form)
        "name": "sequenza",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        options: dict[str, Any] | None = None,
        max_cycles: int | None = None,
        illegal: str = "raise",
        rewards: str = "win_loss",
        render_mode: str | None = None,
        language: str = "en",
        observation: str = "dict",
        recent: int = RECENT,
    ) -> None:
        super().__init__()
        if illegal not in ("raise", "random"):
            raise ValueError(f"illegal is 'raise' or 'random', not {illegal!r}")
        if rewards not in REWARDS:
            raise ValueError(f"rewards is one of {', '.join(REWARDS)}, not {rewards!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}"
            )
        self.reward_kind = rewards
        self.language = language
        self.options = dict(options or {})
        table = make_game(game, players, **self.options)
        self.game_id = table.id
        self.players = table.players
        self.encoding: Encoding = encoding_for(table)
        self.num_actions = table.num_distinct_actions
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"sequenza_{table.id.replace('-', '_')}"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observer = Observer(self.encoding, observation, recent)
        observation_space = self.observer.space
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = {
            agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents
        }
        self.state_space = spaces.Box(0.0, 1.0, (self.players * self.encoding.size,), np.float32)
        self._seeds = random.Random()
        self._chooser = random.Random()
        self.game_state: State[Any] = make(
            self.game_id, players=self.players, seed=0, **self.options
        )
        self._acted = [0] * self.players
        # The game's actions so far as (seat, id): the recent public actions come from here.
        self.actions: list[tuple[int, int]] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = self._seeds.getrandbits(32)
        self._chooser.seed(self._seeds.getrandbits(32))
        self.game_state = make(self.game_id, players=self.players, seed=game_seed, **self.options)
        self._acted = [0] * self.players
        self.actions = []
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select_seat_to_act()

    def observe(self, agent: str) -> Observation:
        return self.observer.observe(self.game_state, self._seat_of[agent], self.actions)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action id, not None")
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos = {name: {} for name in self.agents}
        self._play(int(action), seat)
        self._play_spent_turns()
        if self.game_state.is_over:
            result = self.game_state.result()
            payoffs = (
                rewards_of(result, self.reward_kind)
                if result is not None
                else (0.0,) * self.players
            )
            for name in self.agents:
                self.rewards[name] = float(payoffs[self._seat_of[name]])
                self.terminations[name] = True
        elif self._cycles_done():
            for name in self.agents:
                self.truncations[name] = True
        self._accumulate_rewards()
        self._select_seat_to_act()

    def state(self) -> npt.NDArray[np.float32]:
        """The global state: every seat's observation tensor, seat after seat."""
        encode = self.encoding.encode
        return np.concatenate(
            [encode(self.game_state.observation(seat)) for seat in range(self.players)]
        )

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        if self.render_mode is None:
            return None
        view = self.game_state.observation(None)
        if self.render_mode == "ansi":
            return drawing(view, self.language)
        return render_view(view, self.language)

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers
    def _play(self, action_id: int, seat: int) -> None:
        legal = self.game_state.legal_action_ids()
        if action_id not in legal:
            if self.illegal == "raise":
                game = self.game_state.game
                name = game.action_from_id(action_id) if 0 <= action_id < self.num_actions else ""
                raise ValueError(f"action {action_id} ({name}) is not legal for seat {seat} now")
            self.infos[self.possible_agents[seat]]["illegal_action"] = action_id
            action_id = legal[self._chooser.randrange(len(legal))]
        self.game_state.apply_unchecked(self.game_state.game.action_from_id(action_id))
        self.actions.append((seat, action_id))
        self._acted[seat] += 1

    def _play_spent_turns(self) -> None:
        """Play at random the turns of seats whose ``max_cycles`` actions are spent, while some
        other seat still has actions left."""
        if self.max_cycles is None:
            return
        while not self.game_state.is_over and not self._cycles_done():
            seat = self.game_state.current_seat
            assert seat is not None
            if self._acted[seat] < self.max_cycles:
                return
            legal = self.game_state.legal_actions()
            chosen = legal[self._chooser.randrange(len(legal))]
            self.game_state.apply_unchecked(chosen)
            self.actions.append((seat, self.game_state.game.action_to_id(chosen)))

    def _cycles_done(self) -> bool:
        return self.max_cycles is not None and min(self._acted) >= self.max_cycles

    def _select_seat_to_act(self) -> None:
        seat = self.game_state.current_seat
        if seat is None or not self.agents:
            # Over or cut short: the dead steps go round the agents that are left.
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
        elif self.terminations.get(self.possible_agents[seat]) or self.truncations.get(
            self.possible_agents[seat]
        ):
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[seat]


class SequenzaParallelEnv(ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """The parallel form PettingZoo's tests ask for: each step plays the action of the seat to
    act and ignores the others' (it is a turn-based game), ``max_cycles`` steps at most."""

    metadata: ClassVar[dict[str, Any]] = {"name": "sequenza_parallel", "render_modes": []}

    def __init__(self, game: str, players: int | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("illegal", "random")
        self.aec = SequenzaAECEnv(game, players, **kwargs)
        self.possible_agents = list(self.aec.possible_agents)
        self.state_space = self.aec.state_space
        self.max_cycles = kwargs.get("max_cycles")
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def state(self) -> npt.NDArray[np.float32]:
        """The global state, as the AEC form's ``state()``."""
        return self.aec.state()

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        self._steps = 0
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        state = self.aec.game_state
        seat = state.current_seat
        assert seat is not None
        agent = self.possible_agents[seat]
        self.aec._play(int(actions[agent]), seat)
        self._steps += 1
        over = state.is_over
        cut = self.max_cycles is not None and self._steps >= self.max_cycles
        result = state.result()
        payoffs = (
            rewards_of(result, self.aec.reward_kind)
            if result is not None
            else (0.0,) * len(self.possible_agents)
        )
        observations = {a: self.aec.observe(a) for a in self.agents}
        rewards = {a: float(payoffs[self.possible_agents.index(a)]) for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut and not over)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def raw_env(game: str, players: int | None = None, **kwargs: Any) -> SequenzaAECEnv:
    """The AEC environment of ``game`` without PettingZoo's checking wrappers."""
    return SequenzaAECEnv(game, players, **kwargs)


def env(game: str, players: int | None = None, **kwargs: Any) -> SequenzaAECEnv:
    """The AEC environment of ``game`` for ``players`` seats (default: the game's fewest).
    Keyword arguments: ``options`` (rule options), ``max_cycles``, ``illegal``, ``rewards``,
    ``render_mode``, ``language``."""
    return raw_env(game, players, **kwargs)


def parallel_env(game: str, players: int | None = None, **kwargs: Any) -> SequenzaParallelEnv:
    """The parallel form of ``game`` (see ``SequenzaParallelEnv``)."""
    return SequenzaParallelEnv(game, players, **kwargs)
