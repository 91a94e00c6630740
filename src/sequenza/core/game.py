"""The game contract. A game declares its facts as data and fills in a few private hooks;
the base classes own the public API, validation, serialisation and records.

::

    state = sequenza.make("sequentia-shift", players=2, seed=7)
    while not state.is_over:
        action = state.legal_actions()[0]
        state.apply(action)
    state.result().winners

The two halves:

``Game``
    the rules and options of one table: player count, options, the fixed action space
    (an ``ActionSpace``: every action maps to an integer below ``num_distinct_actions`` and
    back).
``State``
    one position of one game: the seat to act, the legal actions, ``apply``, observations,
    JSON round trips, records and determinisation.

A state keeps all of its data in plain JSON values (ints, strings, lists, dicts with text keys,
``None``, booleans) held in public attributes; the base class serialises and clones them
without help. Attributes whose name starts with ``_`` are caches that ``_rebuild_caches``
recomputes from the rest.
"""

from __future__ import annotations

import copy
import io
import json
import pickle
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from sequenza.core.actions import Action, ActionSpace
from sequenza.core.errors import CorruptStateError, IllegalActionError, NotationError, OptionError
from sequenza.core.events import Event, game_over_class
from sequenza.core.options import Options
from sequenza.core.rng import child_rng, copy_rng, rng_from_json, rng_to_json

if TYPE_CHECKING:
    from sequenza.core.observation import Header, Observation

JSON = Any
OptionsT = TypeVar("OptionsT", bound=Options)

# The generator a state being dealt by ``Game.new_state_drawing_from`` takes instead of one
# seeded from its seed: the deal happens in the state's constructor, before any caller could
# replace ``state.rng``.
_DEALING_RNG: ContextVar[random.Random | None] = ContextVar("dealing_rng", default=None)


@dataclass(frozen=True)
class GameInfo:
    """Facts about a game, as data."""

    id: str
    name: str
    player_counts: tuple[int, ...]
    rules_version: str
    summary: str
    rules_text: str
    hidden_information: bool = True

    @property
    def min_players(self) -> int:
        return min(self.player_counts)

    @property
    def max_players(self) -> int:
        return max(self.player_counts)

    def players_text(self) -> str:
        counts = self.player_counts
        if len(counts) == 1:
            return str(counts[0])
        if list(counts) == list(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]}-{counts[-1]}"
        return ", ".join(str(count) for count in counts)


class Termination(StrEnum):
    """Why a game ended. Each game subclasses it with the endings of its rules (and says
    which of them are stalls); ``SharedTermination`` holds the endings decided outside the
    rules. Reports and front ends read this value, never the wording of the log.

    >>> SharedTermination.RESIGNED.is_stall, str(SharedTermination.TIME)
    (False, 'time')
    """

    @property
    def is_stall(self) -> bool:
        """Whether the game was stopped by a stall rule or a safety net, rather than
        reaching the ending its rules aim at."""
        return False


class SharedTermination(Termination):
    """Endings any game can have, decided by the players or the table, not by the rules."""

    RESIGNED = "resigned"
    TIME = "time"


@dataclass(frozen=True)
class Result:
    """The end of a game: a score per seat, the winning seats (ties share the win) and why
    it ended."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    termination: Termination

    @property
    def payoffs(self) -> tuple[float, ...]:
        """1 shared among the winners, 0 for everyone else."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.scores)))

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "termination": self.termination.value,
        }


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game: its id, rules version, options, seed and actions."""

    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data: JSON) -> GameRecord:
        try:
            return cls(
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                players=int(data["players"]),
                options=dict(data.get("options", {})),
                seed=int(data["seed"]),
                actions=[str(action) for action in data.get("actions", [])],
            )
        except (KeyError, TypeError, ValueError) as error:
            raise CorruptStateError(f"not a game record: {error!r}") from None


class Game(ABC, Generic[OptionsT]):
    """The rules of one table: a game with its player count and options."""

    info: ClassVar[GameInfo]
    options_class: ClassVar[type[Options]] = Options
    #: The endings of this game's rules.
    terminations: ClassVar[type[Termination]]
    #: What ``State.observe`` returns for this game (its ``types.py``).
    observation_class: ClassVar[type[Observation]]
    #: The events this game's rules write (its ``types.py``), beyond the action and the end
    #: every game writes (``sequenza.core.events``); its own ``GameOver`` subclass among them
    #: when its endings name numbers.
    event_classes: ClassVar[tuple[type[Event], ...]] = ()
    #: The JSON schemas of the marks on its state's saved types (``Annotated[int, mark]``),
    #: for values that its own data bounds rather than a type (a mode file's cards and
    #: phases): ``sequenza.core.schemas.state_schema`` describes a marked field with them.
    saved_schemas: ClassVar[Mapping[object, dict[str, Any]]] = {}

    def __init__(self, players: int, options: OptionsT) -> None:
        if players not in self.info.player_counts:
            raise OptionError(
                f"{self.info.name} is played by {self.info.players_text()} players, not {players}"
            )
        self.players = players
        self.options: OptionsT = options
        self._check_setup()

    def _check_setup(self) -> None:
        """Refuse a player count and option combination the rules forbid (OptionError)."""

    @property
    def id(self) -> str:
        return self.info.id

    def teams(self) -> list[int]:
        """The team of each seat; by default every seat plays alone."""
        return list(range(self.players))

    @property
    @abstractmethod
    def action_space(self) -> ActionSpace:
        """Every action of this table's game, numbered (see ``ActionSpace``)."""

    @property
    def num_distinct_actions(self) -> int:
        """The size of the fixed action space."""
        return len(self.action_space)

    def action_to_id(self, action: Action) -> int:
        """The integer of an action, below ``num_distinct_actions``."""
        return self.action_space.id_of(action)

    def action_from_id(self, action_id: int) -> Action:
        """The action of an integer of the action space."""
        return self.action_space.action_of(action_id)

    @abstractmethod
    def new_initial_state(self, seed: int) -> State[Any]:
        """A new game, dealt from ``seed``."""

    def new_state_drawing_from(self, rng: random.Random) -> State[Any]:
        """A new game whose deal draws from ``rng`` (its ``shuffle`` and ``randrange``)
        instead of a generator seeded from a seed; its seed reads 0. OpenSpiel's chance nodes
        decide the cards this way (``sequenza.rl.openspiel``).

        >>> from sequenza.core.registry import make_game
        >>> class Reversed(random.Random):
        ...     def shuffle(self, cards):
        ...         cards.sort(reverse=True)
        >>> state = make_game("sequentia-stack", 2).new_state_drawing_from(Reversed(0))
        >>> state.hands[0] == sorted(state.hands[0]) and min(state.hands[0]) == 0
        True
        """
        token = _DEALING_RNG.set(rng)
        try:
            return self.new_initial_state(0)
        finally:
            _DEALING_RNG.reset(token)

    def describe(self) -> str:
        """The rules text with this table's options."""
        lines = [f"{self.info.name} ({self.info.id}), {self.info.players_text()} players", ""]
        lines.append(self.info.rules_text.strip())
        lines += ["", "Options (name = default):"]
        lines += [f"  {spec.describe()}" for spec in self.options_class.specs()]
        return "\n".join(lines)

    def __repr__(self) -> str:
        changed = self.options.changed()
        extra = "".join(f", {name}={value!r}" for name, value in changed.items())
        return f"<{type(self).__name__} {self.info.id!r} players={self.players}{extra}>"


G = TypeVar("G", bound=Game[Any])


class State(ABC, Generic[G]):
    """One position of one game. Subclasses fill in the hooks marked ``abstractmethod``.

    Attributes every game keeps up to date:

    - ``to_act``: the seat whose decision it is (ignored once the game is over);
    - ``history``: the text of every action applied, in order (the game record);
    - ``log``: public events, each the JSON of an ``Event`` (a dict with its code as
      ``"event"``; ``sequenza schema GAME --events`` describes them).
    """

    #: Attributes that are not game data and never travel in ``to_json``.
    _NOT_DATA: ClassVar[frozenset[str]] = frozenset({"game", "rng"})
    #: The contract's own saved fields, first in every save.
    CONTRACT_FIELDS: ClassVar[tuple[str, ...]] = (
        "seed",
        "to_act",
        "finished",
        "final_scores",
        "final_winners",
        "termination",
        "history",
        "log",
    )
    #: The game's saved fields, beyond the contract's: ``data()`` saves exactly these, so a
    #: new attribute must be declared here (or be a ``_`` cache), which the conformance kit
    #: checks.
    SAVE_FIELDS: ClassVar[tuple[str, ...]] = ()
    #: The version of the save format; raise it when ``SAVE_FIELDS`` or their meaning change.
    SAVE_FORMAT: ClassVar[int] = 1

    # The saved fields' types, declared on the class so that the state's JSON schema
    # (``sequenza.core.schemas.state_schema``) reads them; a game declares its own
    # ``SAVE_FIELDS`` the same way.
    seed: int
    to_act: int
    finished: bool
    final_scores: list[float] | None
    final_winners: list[int] | None
    #: The value of the game's ``Termination`` once it is over.
    termination: str | None
    history: list[str]
    log: list[dict[str, Any]]

    def __init__(self, game: G, seed: int) -> None:
        self.game: G = game
        self.seed = seed
        dealing = _DEALING_RNG.get()
        self.rng = dealing if dealing is not None else random.Random(seed)
        self.to_act = 0
        self.finished = False
        self.final_scores = None
        self.final_winners = None
        self.termination = None
        self.history = []
        self.log = []
        # Whether actions and events are written to ``history`` and ``log``. Search copies
        # (``search_copy``, ``determinize``) play without them: nobody reads a playout's log.
        self._recording = True

    # ------------------------------------------------------------------ hooks for games
    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action of ``to_act``, in a stable order, without duplicates."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Play a legal action (already checked) and move ``to_act`` on."""

    @abstractmethod
    def _observation(self, seat: int | None) -> Observation:
        """What ``seat`` may see (``None``: a spectator): the game's ``observation_class``,
        built on ``self._header(seat)``."""

    @abstractmethod
    def card_zones(self) -> dict[str, list[Any]]:
        """Every card of the game, zone by zone (draw pile, hands, table, score piles, out of
        play...). The conformance kit checks that no card is ever created or lost."""

    @abstractmethod
    def _redeal_unseen(self, seat: int, rng: random.Random) -> None:
        """Deal again, at random, every card ``seat`` cannot see (in place, on a clone)."""

    def _why_illegal(self, action: Action) -> str:
        """A short reason an action is refused; games give better ones where they can."""
        return "it is not one of the legal actions now"

    def _rebuild_caches(self) -> None:
        """Recompute ``_``-prefixed caches after loading or cloning."""

    # ------------------------------------------------------------------ helpers for games
    def _finish(
        self,
        scores: Sequence[float],
        termination: Termination,
        winners: Sequence[int] | None = None,
        **details: int,
    ) -> None:
        """End the game for the reason ``termination``. Without explicit winners, the highest
        scores share the win. ``details`` are the numbers the ending's sentence names (the
        rounds of a stall rule...): they go into the ``game_over`` event, never prose."""
        self.finished = True
        self.termination = termination.value
        self.final_scores = [float(score) for score in scores]
        if winners is None:
            best = max(self.final_scores)
            winners = [seat for seat, score in enumerate(self.final_scores) if score == best]
        self.final_winners = sorted(winners)
        if self._recording:
            over = game_over_class(self.game.event_classes)
            self._event(
                over(
                    scores=tuple(self.final_scores),
                    winners=tuple(self.final_winners),
                    termination=self.termination,
                    **details,
                )
            )

    def _event(self, event: Event) -> None:
        """Write ``event`` into the log (its JSON), unless this is a search copy."""
        if self._recording:
            self.log.append(event.to_json())

    # ------------------------------------------------------------------ the public API
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def current_seat(self) -> int | None:
        """The seat to act, ``None`` once the game is over."""
        return None if self.finished else self.to_act

    @property
    def is_over(self) -> bool:
        return self.finished

    def result(self) -> Result | None:
        if (
            not self.finished
            or self.final_scores is None
            or self.final_winners is None
            or self.termination is None
        ):
            return None
        return Result(
            tuple(self.final_scores), tuple(self.final_winners), self._termination_value()
        )

    def _termination_value(self) -> Termination:
        """The saved termination as the game's enum (or a shared one)."""
        for kind in (self.game.terminations, SharedTermination):
            try:
                return kind(str(self.termination))
            except ValueError:
                continue
        raise CorruptStateError(f"{self.termination!r} is not an ending of {self.game.info.name}")

    def legal_actions(self) -> list[Action]:
        if self.finished:
            return []
        return self._legal_actions()

    def legal_action_ids(self) -> list[int]:
        space = self.game.action_space
        return [space.id_of(action) for action in self.legal_actions()]

    def legal_action_mask(self) -> list[bool]:
        return self.game.action_space.mask(self.legal_actions())

    def parse_action(self, text: str | Action | int) -> Action:
        """An action from its text, its JSON form or its integer id."""
        if isinstance(text, Action):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            return self.game.action_from_id(text)
        return Action.from_json(text)

    def apply(self, action: Action | str | int) -> None:
        """Play an action of the seat to act. An illegal one raises ``IllegalActionError``
        and leaves the state exactly as it was."""
        seat = self.current_seat
        try:
            parsed = self.parse_action(action)
        except NotationError as error:
            raise IllegalActionError(str(action), seat, str(error)) from None
        if self.finished:
            raise IllegalActionError(parsed, None, "the game is over")
        if parsed not in self._legal_actions():
            raise IllegalActionError(parsed, seat, self._why_illegal(parsed))
        self.apply_unchecked(parsed)

    def apply_unchecked(self, action: Action) -> None:
        """The fast path for search: ``action`` must be legal; nothing checks it. The action
        and its events are recorded, except in a search copy."""
        if self._recording:
            text = str(action)
            self.history.append(text)
            # ``ActionPlayed``'s JSON, written out: this runs on every recorded action.
            self.log.append({"event": "action", "seat": self.to_act, "action": text})
        self._apply(action)

    def observe(self, seat: int | None) -> Observation:
        """Exactly what ``seat`` may see, typed: the game's ``observation_class`` (narrow it
        with ``ThatClass.of(state, seat)``). ``None`` gives the spectator view."""
        if seat is not None and not 0 <= seat < self.players:
            raise OptionError(f"there is no seat {seat} at a {self.players}-player table")
        return self._observation(seat)

    def observation(self, seat: int | None) -> dict[str, JSON]:
        """Exactly what ``seat`` may see, as JSON values (``observe(seat).to_json()``), which
        ``sequenza schema GAME`` describes. ``None`` gives the spectator view."""
        return self.observe(seat).to_json()

    def _header(self, seat: int | None) -> Header:
        """The fields every observation starts with."""
        return {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "to_act": self.current_seat,
            "over": self.finished,
            "result": self.result(),
            "turn": len(self.history),
        }

    def spectator_view(self) -> dict[str, JSON]:
        return self.observation(None)

    #: Lists whose items never change once appended: a clone copies the list, not the items.
    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset({"log", "history"})

    def clone(self) -> Self:
        """An independent copy (games may override it with a faster one)."""
        twin = copy.copy(self)
        for name, value in vars(self).items():
            if name == "game":
                continue
            if name == "rng":
                twin.rng = copy_rng(self.rng)
            elif name in self._APPEND_ONLY:
                setattr(twin, name, list(value))
            elif isinstance(value, list | dict):
                setattr(twin, name, copy.deepcopy(value))
        return twin

    def _clone_two_levels(self) -> Self:
        """A faster clone for states whose attributes are plain values, lists of them or lists
        of such lists (and the log, whose entries never change once written): each list and
        each inner list is copied, anything deeper is shared."""
        twin = copy.copy(self)
        twin.rng = copy_rng(self.rng)
        for name, value in vars(self).items():
            if isinstance(value, list):
                setattr(
                    twin, name, [item.copy() if isinstance(item, list) else item for item in value]
                )
        return twin

    @property
    def recording(self) -> bool:
        """Whether actions and events are written to ``history`` and ``log``. Search turns
        it off: it plays thousands of actions that nobody reads back."""
        return self._recording

    @recording.setter
    def recording(self, on: bool) -> None:
        self._recording = on

    def search_copy(self) -> Self:
        """An independent copy that plays on without recording: its ``history`` stays as it
        was and its ``log`` starts empty, so that copying it again stays cheap."""
        twin = self.clone()
        twin.recording = False
        twin.log = []
        return twin

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with everything ``seat`` has seen: the cards it cannot see
        dealt again at random, and future shuffles drawn from a fresh generator. It is a
        ``search_copy``: it records no history or log."""
        twin = self.search_copy()
        twin.rng = child_rng(rng)
        twin._redeal_unseen(seat, rng)
        twin._rebuild_caches()
        return twin

    # ------------------------------------------------------------------ records and JSON
    def record(self) -> GameRecord:
        return GameRecord(
            game=self.game.id,
            rules_version=self.game.info.rules_version,
            players=self.players,
            options=self.game.options.changed(),
            seed=self.seed,
            actions=list(self.history),
        )

    def data(self) -> dict[str, JSON]:
        """The game data, field by declared field (no caches, no generator)."""
        return {name: getattr(self, name) for name in (*self.CONTRACT_FIELDS, *self.SAVE_FIELDS)}

    def undeclared_fields(self) -> list[str]:
        """Public attributes that are neither declared save fields nor the table and its
        generator: data a save would silently lose."""
        declared = {*self.CONTRACT_FIELDS, *self.SAVE_FIELDS, *self._NOT_DATA}
        return sorted(name for name in vars(self) if name not in declared and name[0] != "_")

    def to_json(self) -> dict[str, JSON]:
        """The whole state as JSON values (a copy: changing it changes nothing here)."""
        return copy.deepcopy(self._json_view())

    def _json_view(self) -> dict[str, JSON]:
        return {
            "game": self.game.id,
            "rules_version": self.game.info.rules_version,
            "format": self.SAVE_FORMAT,
            "players": self.players,
            "options": self.game.options.to_json(),
            "rng": rng_to_json(self.rng),
            "data": self.data(),
        }

    def dumps(self) -> str:
        """The whole state as compact, canonical JSON text."""
        return json.dumps(self._json_view(), sort_keys=True, separators=(",", ":"))

    def fingerprint(self) -> bytes:
        """A fast exact snapshot for comparisons (not a storage format). The pickler runs
        without its memo so that equal values give equal bytes whatever objects they share."""
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=5)
        pickler.fast = True
        pickler.dump((self.data(), self.rng.getstate()))
        return buffer.getvalue()

    def card_counter(self) -> Counter[Any]:
        """Every card of every zone, counted (cards made hashable)."""
        counter: Counter[Any] = Counter()
        for zone in self.card_zones().values():
            try:
                counter.update(zone)
            except TypeError:  # cards that are lists or dicts
                counter.update(_freeze(card) for card in zone)
        return counter

    def __repr__(self) -> str:
        status = "over" if self.finished else f"seat {self.to_act} to act"
        return f"<{type(self).__name__} {self.game.id} turn {len(self.history)}, {status}>"


def _freeze(card: Any) -> Any:
    if isinstance(card, list):
        return tuple(_freeze(item) for item in card)
    if isinstance(card, dict):
        return tuple(sorted((key, _freeze(value)) for key, value in card.items()))
    return card


def load_state(game: Game[Any], data: JSON) -> State[Any]:
    """Rebuild a state saved by ``State.to_json`` for ``game``; a damaged one raises
    ``CorruptStateError`` and nothing else."""
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        raise CorruptStateError("a saved game is a JSON object with a 'data' field")
    if data.get("rules_version") != game.info.rules_version:
        raise CorruptStateError(
            f"saved with rules version {data.get('rules_version')!r}, this engine plays "
            f"{game.info.rules_version!r}"
        )
    state = game.new_initial_state(0)
    # Saves from before formats were versioned are format 1.
    if data.get("format", 1) != state.SAVE_FORMAT:
        raise CorruptStateError(
            f"saved in format {data.get('format')!r}, this engine reads format "
            f"{state.SAVE_FORMAT} of {game.info.name}"
        )
    reference_cards = state.card_counter()
    expected = state.data()
    saved = data["data"]
    missing = sorted(set(expected) - set(saved))
    extra = sorted(set(saved) - set(expected))
    if missing or extra:
        raise CorruptStateError(f"saved game fields differ: missing {missing}, unexpected {extra}")
    for name, value in expected.items():
        if value is not None and saved[name] is not None and type(value) is not type(saved[name]):
            raise CorruptStateError(
                f"saved field {name!r} holds {type(saved[name]).__name__}, "
                f"expected {type(value).__name__}"
            )
    # A JSON round trip copies the saved values so that the caller's dict stays its own.
    for name, value in json.loads(json.dumps(saved)).items():
        setattr(state, name, value)
    state.rng = rng_from_json(data.get("rng"))
    try:
        state._rebuild_caches()
        if state.card_counter() != reference_cards:
            raise CorruptStateError("the saved game's cards do not add up to the game's deck")
        state.legal_actions()
        json.dumps(state.observation(None))
    except CorruptStateError:
        raise
    except Exception as error:  # a damaged field can fail anywhere in the rules
        raise CorruptStateError(f"the saved game is inconsistent: {error!r}") from None
    return state
