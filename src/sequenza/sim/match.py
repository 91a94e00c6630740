"""One simulated game: who sits where, which seeds, and what is recorded when it ends.

A ``Simulation`` describes a batch of seeded bot games. Game ``i`` is a pure function of the
simulation and ``i``: its deal seed is derived from (``seed``, ``i``), each bot's seed from
the deal seed and its seat, and the bots rotate through the seats (game ``i`` seats bot
``(s + i) mod n`` of the line-up in seat ``s``). So a game plays the same on one process, on
many, or on a cluster, and every bot sits in every seat equally often over ``n`` games.

>>> sim = Simulation("test-toy", 2, parse_bots("random"), games=2)
>>> [bot.label for bot in sim.lineup(1)]
['random', 'random']
"""

from __future__ import annotations

import hashlib
import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from sequenza import fast
from sequenza.ai import Bot, Decision, make_bot
from sequenza.core.errors import OptionError, SequenzaError
from sequenza.core.game import Game, State
from sequenza.core.registry import game_class, make_game
from sequenza.sim.metrics import measure


class SimulationError(SequenzaError, RuntimeError):
    """A simulated game went wrong (a bot chose an illegal action, a rule raised)."""


#: The ending of a game the simulator stopped at ``max_actions`` (its safety net, not a rule).
UNFINISHED = "unfinished"


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from the given parts, the same on every machine and Python process
    (``hash()`` is salted per process, so it will not do).

    >>> derive_seed(1, 0) == derive_seed(1, 0), derive_seed(1, 0) == derive_seed(1, 1)
    (True, False)
    """
    text = "/".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


# ---------------------------------------------------------------------------------- bots
@dataclass(frozen=True)
class BotSpec:
    """A bot by name with its settings, e.g. ``mcts:iterations=200``."""

    name: str
    settings: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        """The bot as written on the command line (its identity in the report)."""
        if not self.settings:
            return self.name
        return self.name + ":" + ",".join(f"{key}={_format(value)}" for key, value in self.settings)

    def make(self, seed: int) -> Bot:
        try:
            return make_bot(self.name, seed=seed, **dict(self.settings))
        except TypeError as error:
            raise OptionError(f"bot {self.label!r}: {error}") from None


def parse_bots(text: str) -> tuple[BotSpec, ...]:
    """Bots from a comma-separated line-up. Settings follow a bot's name after a colon; a
    part holding ``=`` but no colon is one more setting of the bot before it.

    >>> [bot.label for bot in parse_bots("mcts:iterations=200,seconds=none,random")]
    ['mcts:iterations=200,seconds=none', 'random']
    >>> parse_bots("mcts:iterations=50")[0].settings
    (('iterations', 50),)
    """
    bots: list[tuple[str, list[tuple[str, Any]]]] = []
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            raise OptionError(f"empty bot name in {text!r}")
        if "=" in part and ":" not in part:
            if not bots:
                raise OptionError(f"{part!r} is a setting, but no bot comes before it in {text!r}")
            bots[-1][1].append(_setting(part))
            continue
        name, _, rest = part.partition(":")
        bots.append((name.strip(), [_setting(rest)] if rest else []))
    return tuple(BotSpec(name, tuple(settings)) for name, settings in bots)


def _setting(text: str) -> tuple[str, Any]:
    key, equals, value = text.partition("=")
    if not equals or not key.strip():
        raise OptionError(f"write a bot setting as name=value, not {text!r}")
    if key.strip() == "seed":
        raise OptionError("the simulator seeds every bot from its game and seat: drop seed=")
    return key.strip(), _value(value.strip())


_NUMBER = re.compile(r"^-?(\d+\.?\d*|\.\d+)([eE]-?\d+)?$")


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in {"true", "false"}:
        return lowered == "true"
    if lowered == "none":
        return None
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if _NUMBER.match(text):
        return float(text)
    return text


def _format(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# ---------------------------------------------------------------------------------- engines
#: Where a simulation's games are played: ``auto`` in the compiled core where it plays the
#: table and every bot of the line-up (else on the Python engine), ``fast`` in the core or
#: not at all, ``python`` on the Python engine. Both play the very same games.
ENGINES = ("auto", "fast", "python")

#: Why the core cannot play a simulation's games: it is not installed (``no_core``), it does
#: not play the game or this table of it (``no_game``), or it has no twin of a bot of the
#: line-up in that game (``no_bot``, with the bot's label).
CoreProblem = tuple[Literal["no_core", "no_game", "no_bot"], str]


# ---------------------------------------------------------------------------------- a batch
@dataclass(frozen=True)
class Simulation:
    """A batch of seeded bot games of one table (game, players, options)."""

    game: str
    players: int
    bots: tuple[BotSpec, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    #: A game still running after this many actions is stopped and counted as unfinished
    #: (a safety net: every game has a stall rule).
    max_actions: int = 20_000
    #: Modules that worker processes import first, so that a game or bot registered outside
    #: the package is known there too (filled in by ``check``).
    imports: tuple[str, ...] = ()
    #: Where the games are played (``ENGINES``); the results do not depend on it.
    engine: str = "auto"

    def __post_init__(self) -> None:
        if self.engine not in ENGINES:
            raise OptionError(
                f"unknown engine {self.engine!r}; the engines are: {', '.join(ENGINES)}"
            )
        if self.games < 1:
            raise OptionError("simulate at least one game")
        if len(self.bots) not in {1, self.players}:
            raise OptionError(
                f"give one bot for every seat or a single bot for all seats: {len(self.bots)} "
                f"bots for {self.players} players"
            )

    def check(self) -> Simulation:
        """This simulation with its table and bots checked, and the modules that register its
        game and bots noted for worker processes (which may know only the built-in ones).
        Raises ``OptionError`` or ``UnknownGameError`` with a clear message."""
        table(self)
        problem = core_problem(self)
        if self.engine == "fast" and problem is not None:
            raise OptionError(
                f"the compiled core cannot play these games: {problem[0]} {problem[1]}"
            )
        modules = [game_class(self.game).__module__]
        modules += [type(spec.make(0)).__module__ for spec in self.bots]
        return replace(self, imports=tuple(dict.fromkeys([*self.imports, *modules])))

    def lineup(self, index: int) -> tuple[BotSpec, ...]:
        """The bot of each seat in game ``index``: the line-up rotated by ``index``."""
        if len(self.bots) == 1:
            return self.bots * self.players
        count = self.players
        return tuple(self.bots[(seat + index) % count] for seat in range(count))

    def game_seed(self, index: int) -> int:
        return derive_seed(self.seed, index)

    def with_options(self, **changes: Any) -> Simulation:
        return replace(self, options={**self.options, **changes})

    def describe(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": [spec.label for spec in self.bots],
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "max_actions": self.max_actions,
        }


def core_problem(sim: Simulation) -> CoreProblem | None:
    """Why the compiled core cannot play ``sim``'s games; ``None`` when it can. The core
    plays the random and greedy bots, without settings, in the games it plays them in."""
    if not fast.available():
        return "no_core", ""
    if not fast.core_plays(table(sim)):
        return "no_game", sim.game
    known = fast.core_bots(sim.game)
    for spec in sim.bots:
        if spec.settings or spec.name not in known:
            return "no_bot", spec.label
    return None


def engine_used(sim: Simulation) -> Literal["fast", "python"]:
    """The engine that plays ``sim``'s games here."""
    if sim.engine == "python" or core_problem(sim) is not None:
        return "python"
    return "fast"


def sweep(base: Simulation, sweeps: list[str]) -> list[tuple[str, Simulation]]:
    """The rule variants of ``name=v1,v2,...`` sweeps (every combination when there are
    several), each labelled by its swept values. Every variant keeps the same seeds, so the
    variants play the same deals and differ only by their rules.

    >>> [label for label, _ in sweep(Simulation("test-toy", 2, parse_bots("random"), 1),
    ...                               ["hand_size=1,2"])]
    ['hand_size=1', 'hand_size=2']
    """
    if not sweeps:
        return [(_options_label(base.options), base)]
    options_class = game_class(base.game).options_class
    variants: list[tuple[list[str], dict[str, Any]]] = [([], {})]
    for text in sweeps:
        name, equals, values = text.partition("=")
        name = name.strip().replace("-", "_")
        choices = [value.strip() for value in values.split(",") if value.strip()]
        if not equals or not choices:
            raise OptionError(f"write a sweep as name=value1,value2,..., not {text!r}")
        typed = [options_class.parse([f"{name}={choice}"]).to_json()[name] for choice in choices]
        variants = [
            ([*label, f"{name}={choice}"], {**values_so_far, name: value})
            for label, values_so_far in variants
            for choice, value in zip(choices, typed, strict=True)
        ]
    result = []
    for label, changes in variants:
        variant = base.with_options(**changes)
        table(variant)
        result.append((" ".join(label), variant))
    return result


#: The label of a variant that sets no option (the report says it in its language).
DEFAULT_RULES = "default rules"


def _options_label(options: Mapping[str, Any]) -> str:
    if not options:
        return DEFAULT_RULES
    return " ".join(f"{name}={_format(value)}" for name, value in options.items())


def table(sim: Simulation) -> Game[Any]:
    return make_game(sim.game, sim.players, **dict(sim.options))


# ---------------------------------------------------------------------------------- results
@dataclass(frozen=True)
class GameResult:
    """What one finished game leaves for the report (plain values: pickles, JSON, CSV)."""

    index: int
    seed: int
    #: The bot label in each seat.
    lineup: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    #: 1 shared among the winners, per seat.
    payoffs: tuple[float, ...]
    actions: int
    #: Runs of consecutive actions by one seat (a turn, or an answer out of turn).
    turns: int
    first_player: int
    finished: bool
    #: Why the game ended: the value of its ``Termination``, or ``UNFINISHED``.
    termination: str
    #: Ended by a stall rule or a safety net (the game's or the simulator's), not by the
    #: ending its rules aim at.
    stalled: bool
    #: The win went to more than one team, or to nobody.
    draw: bool
    #: Best team score minus the next team's.
    margin: float
    #: Per-game counts: ``verb:<verb>`` for every verb played, plus the game's own measures.
    counts: dict[str, float]
    #: Per-game samples for histograms (e.g. slides before each claim).
    samples: dict[str, list[float]]


def play_game(
    sim: Simulation, index: int, rules: Game[Any] | None = None, engine: str | None = None
) -> GameResult:
    """Play game ``index`` of ``sim`` to the end (or to ``max_actions``), on ``engine``
    (default: ``engine_used(sim)``)."""
    rules = rules or table(sim)
    seed = sim.game_seed(index)
    lineup = sim.lineup(index)
    state = rules.new_initial_state(seed)
    if (engine or engine_used(sim)) == "fast":
        return _play_in_core(sim, rules, state, index, lineup)
    bots = [spec.make(derive_seed(seed, "seat", seat)) for seat, spec in enumerate(lineup)]
    actions = 0
    try:
        while not state.is_over and actions < sim.max_actions:
            decision = Decision.of(state)
            action = bots[decision.seat].choose(decision)
            if action not in decision.legal_actions:
                raise SimulationError(
                    f"bot {lineup[decision.seat].label!r} in seat {decision.seat} chose the "
                    f"illegal action {str(action)!r}"
                )
            state.apply_unchecked(action)
            actions += 1
        return _result(sim, rules, state, index, lineup)
    except Exception as error:
        # Say which game failed, in a message that survives the trip back from a worker
        # process (engine errors with their own constructors do not unpickle).
        raise SimulationError(
            f"game {index} (seed {seed}) of {sim.game} failed after {actions} actions "
            f"({', '.join(state.history[-3:])}): {type(error).__name__}: {error}"
        ) from error


def _play_in_core(
    sim: Simulation, rules: Game[Any], state: State[Any], index: int, lineup: tuple[BotSpec, ...]
) -> GameResult:
    """The game played by the core's twins of the bots, each seat's from the seed its Python
    bot gets, then replayed on the Python rules: the report reads the game's record, which
    only the Python state keeps."""
    seeds = [derive_seed(state.seed, "seat", seat) for seat in range(rules.players)]
    names = [spec.name for spec in lineup]
    played = fast.play_bots(rules, state.seed, seeds, names, sim.max_actions)
    actions = rules.action_space.actions
    try:
        for action_id in played:
            state.apply_unchecked(actions[action_id])
    except Exception as error:
        raise SimulationError(
            f"game {index} (seed {state.seed}) of {sim.game}, played in the compiled core, "
            f"failed on the Python rules after {len(state.history)} actions: "
            f"{type(error).__name__}: {error}"
        ) from error
    return _result(sim, rules, state, index, lineup)


def _result(
    sim: Simulation, rules: Game[Any], state: State[Any], index: int, lineup: tuple[BotSpec, ...]
) -> GameResult:
    result = state.result()
    players = rules.players
    teams = rules.teams()
    scores = result.scores if result else (0.0,) * players
    winners = result.winners if result else ()
    payoffs = result.payoffs if result else (0.0,) * players
    team_scores: dict[int, float] = {}
    for seat, score in enumerate(scores):
        team_scores[teams[seat]] = max(score, team_scores.get(teams[seat], score))
    ranked = sorted(team_scores.values(), reverse=True)
    seats_acting = [event["seat"] for event in state.log if event.get("event") == "action"]
    turns = sum(
        1
        for position, seat in enumerate(seats_acting)
        if not position or seat != seats_acting[position - 1]
    )
    measured = measure(sim.game, state)
    return GameResult(
        index=index,
        seed=state.seed,
        lineup=tuple(spec.label for spec in lineup),
        scores=tuple(scores),
        winners=tuple(winners),
        payoffs=tuple(payoffs),
        actions=len(state.history),
        turns=turns,
        first_player=seats_acting[0] if seats_acting else 0,
        finished=result is not None,
        termination=UNFINISHED if result is None else result.termination.value,
        stalled=result is None or result.termination.is_stall,
        draw=len({teams[seat] for seat in winners}) != 1,
        margin=ranked[0] - ranked[1] if len(ranked) > 1 else 0.0,
        counts=measured.counts,
        samples=measured.samples,
    )


def play_games(sim: Simulation, start: int, stop: int) -> list[GameResult]:
    """Games ``start`` to ``stop - 1`` of ``sim``: the unit of work of every back end."""
    for module in sim.imports:
        importlib.import_module(module)
    rules = table(sim)
    engine = engine_used(sim)
    return [play_game(sim, index, rules, engine) for index in range(start, stop)]
