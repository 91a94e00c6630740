"""OpenSpiel: every Sequenza game as a ``pyspiel`` Python game of imperfect information.

Importing this module registers six games, ``python_sequenza_<id>`` with the game id's dashes
as underscores (``python_sequenza_sequentia_shift``...), and ``python_sequenza_micro``, a
card game small enough to walk whole (``sequenza.rl.micro``: CFR, best response,
exploitability; strings only, no tensors). Each has the parameters ``players`` (default: the
game's fewest), ``options`` (the game's options as a JSON object, e.g. ``{"hand_size": 2}``),
``payoffs`` (``"share"`` or ``"zero_sum"``), ``recall`` (actions kept in the
information-state tensor) and ``max_game_length``::

    >>> import pyspiel
    >>> from sequenza.rl import openspiel
    >>> game = pyspiel.load_game("python_sequenza_sequentia_stack", {"players": 2})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 54)

**Chance.** Every card dealt or drawn is a chance event whose outcome is the card, drawn
uniformly from the cards of its pile not drawn yet, as OpenSpiel's card games deal: the game
starts with one chance node per card of the deal (and one for the first player where the
rules choose it at random), and an action that draws cards is followed by one chance node per
card drawn before the next decision. A face-down pile is an unordered set until a card is
taken from its top: the engine deals from a generator (``Game.new_state_drawing_from``)
whose ``shuffle`` puts the cards chance chose on top, and before each action the piles are
arranged the same way; the step is played again on a fresh copy each time chance adds a
card, so the engine's own rules decide how many cards a step draws, and the engine's seeded
generator never decides a hidden card. A seat's information set therefore holds every
history consistent with what it saw (at 2 players, every deal of the other hand).

**Information states** have perfect recall. The string is the seat's observation now, a
digest chained over every observation the seat had after each step (its own cards as they
came and everything public), and the actions played so far (every action of these games is
played in the open). The tensor is the observation tensor followed by the last ``recall``
events (512 by default), oldest first, each ``[present, chance, seen, seat one-hot...,
value]``: an action (its seat, its id scaled to [0, 1]), or a chance outcome, whose card the
seat saw (its own, or one turned face up: ``seen`` 1, value the card's id + 1 scaled) or not
(``seen`` 0, value 0); a card is unseen exactly when the engine's determiniser would deal it
again for that seat. It recalls everything the seat saw while a game is shorter than
``recall`` events. ``observation_tensor`` and ``observation_string`` are the seat's view now
(``sequenza.rl.encoding``).

**Observers** (``make_py_observer`` with an ``IIGObservationType``): public information only
gives the spectator's view as a string and, as a tensor, the seat's tensor with its private
fields at zero; private information only gives the fields of the seat's view that a spectator
does not see; both give the seat's view; ``perfect_recall`` gives the information state.
Every seat's private information at once (``ALL_PLAYERS``) is not offered.

**Resampling.** ``resample_from_infostate(seat, sampler)`` deals again every card the seat
cannot see with the engine's determiniser (``State.determinize``), at a decision node; the
new state has the seat's information state, and ``open_spiel.python.algorithms.ismcts``
searches the games with no code of the researcher's.

**Tree walks.** CFR, best response and ``exploitability`` walk every history: they fit
Micro, not the real games, whose deals alone have more histories than memory. Sampling
algorithms (outcome or external sampling MCCFR, ISMCTS) run on every game; OpenSpiel's Python
MCCFR recurses once per node, so a whole game needs ``sys.setrecursionlimit`` raised (50,000
was enough for Sequence and Sequentia · Stack) or a ``max_game_length`` cap.

**Payoffs.** ``"share"`` (the default): 1 shared among the winners, and an ending with no
winner (a stall, ``max_game_length`` reached) shares the 1 among everyone, so every ending
pays a total of 1 (constant-sum). ``"zero_sum"``: each seat gets ``players * share - 1``, so
at 2 players a win is +1, a loss -1 and a shared ending 0.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numpy as np
import pyspiel

from sequenza.core.game import Game, State
from sequenza.core.registry import game_class, game_kit
from sequenza.rl.encoding import Encoding, encoded_games, encoding_for
from sequenza.rl.micro import MicroGame

DEFAULT_MAX_GAME_LENGTH = 20_000
DEFAULT_RECALL = 512
PAYOFFS = ("share", "zero_sum")
#: The key of the spectator's recall, beside the seats'.
PUBLIC = -1
#: ``_pending``'s value while the deal is being made.
_DEAL = -1
#: Floats per event in the tensor's recall block, besides the seat one-hot: present, chance,
#: seen, value.
_RECALL_FIXED = 4


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a Sequenza game."""
    return "python_sequenza_" + game_id.replace("-", "_")


#: Games OpenSpiel knows beside the registered ones: not Sequenza's, made for tree walks.
_OWN_GAMES: dict[str, type[Game[Any]]] = {MicroGame.info.id: MicroGame}


def _table_class(game_id: str) -> type[Game[Any]]:
    own = _OWN_GAMES.get(game_id)
    return own if own is not None else game_class(game_id)


def _has_tensors(game_id: str) -> bool:
    return game_id not in _OWN_GAMES and game_kit(game_id).encoder is not None


def _make_table(game_id: str, players: int, options: str) -> Game[Any]:
    """The engine's rules of a table; ``options`` is a JSON object of the game's options."""
    cls = _table_class(game_id)
    values = json.loads(options) if options else {}
    if not isinstance(values, dict):
        raise ValueError(f"options is a JSON object, not {options!r}")
    return cls(players, cls.options_class.build(**values))


def _game_type(game_id: str, payoffs: str = "share") -> Any:
    info = _table_class(game_id).info
    tensors = _has_tensors(game_id)
    utility = (
        pyspiel.GameType.Utility.ZERO_SUM
        if payoffs == "zero_sum"
        else pyspiel.GameType.Utility.CONSTANT_SUM
    )
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Python Sequenza {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification={
            "players": info.min_players,
            "options": "",
            "payoffs": "share",
            "recall": DEFAULT_RECALL,
            "max_game_length": DEFAULT_MAX_GAME_LENGTH,
        },
    )


class _Chance(random.Random):
    """The generator of one step: every shuffle and ``randrange`` of the engine is answered
    from ``script``, the chance outcomes chosen so far, request by request.

    A request is a pile arranged (a shuffle, or a face-down pile at the start of the step)
    or a number drawn. A pile's answer is the cards chance put on its top, top first; the rest
    of the pile lies under them in a fixed order, which no later draw reads, since every
    step arranges the piles again. ``need`` tells, after the step, the first request that
    took more than chance has answered."""

    def __init__(self, script: list[list[int]]) -> None:
        super().__init__(0)
        self.script = script
        # Per request: [list arranged or None, the outcomes it may have, its size then].
        self.requests: list[list[Any]] = []
        #: Whether the rules shuffled a pile in this step (a new pile may have come).
        self.shuffled = False

    def _answer(self) -> list[int]:
        index = len(self.requests)
        return self.script[index] if index < len(self.script) else []

    def arrange(self, cards: list[Any]) -> None:
        """Put the cards chance chose on top (the end) of ``cards``."""
        top = self._answer()
        chosen = set(top)
        if not chosen <= set(cards):
            raise pyspiel.SpielError("a chance outcome is not a card of its pile")
        content = list(cards)
        cards[:] = [card for card in content if card not in chosen] + top[::-1]
        self.requests.append([cards, content, len(cards)])

    def shuffle(self, x: Any, *args: Any) -> None:
        for request in self.requests:
            # Piles are reshuffled once they are empty: the earlier arrangement was all drawn.
            if request[0] is x:
                request[0] = None
        self.shuffled = True
        self.arrange(x)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        if step != 1:
            raise pyspiel.SpielError("only plain ranges are chance events")
        answer = self._answer()
        self.requests.append([None, list(range(stop - start)), -1])
        return start + (answer[0] if answer else 0)

    def random(self) -> float:
        raise pyspiel.SpielError("the rules asked for randomness that is not a chance event")

    def need(self) -> tuple[int, list[int]] | None:
        """(request, outcomes) of the first request short of answers, or None."""
        for index, (cards, content, size) in enumerate(self.requests):
            answered = self.script[index] if index < len(self.script) else []
            if size < 0:
                if not answered:
                    return index, content
                continue
            taken = size - len(cards) if cards is not None else size
            if taken > len(answered):
                chosen = set(answered)
                return index, [card for card in content if card not in chosen]
        return None

    def outcomes(self) -> tuple[tuple[int, bool], ...]:
        """The outcomes of the step, request by request: (outcome, whether it is a card)."""
        return tuple(
            (outcome, size >= 0)
            for (_, _, size), answer in zip(self.requests, self.script, strict=False)
            for outcome in answer
        )

    def piles(self, state: State[Any]) -> list[str]:
        """The state's attributes that hold a pile arranged in this step."""
        arranged = [request[0] for request in self.requests if request[0] is not None]
        return sorted(
            name
            for name, value in vars(state).items()
            if isinstance(value, list) and any(value is cards for cards in arranged)
        )


def _card_ids(state: State[Any]) -> int:
    """One more than the largest card id of a game (cards of these games are ints)."""
    largest = 0
    for card in state.card_counter():
        if isinstance(card, int):
            largest = max(largest, card)
    return largest + 1


class SequenzaGame(pyspiel.Game):  # type: ignore[misc]
    """A Sequenza game for one player count, as OpenSpiel sees it."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        info = _table_class(self.game_id).info
        players = int(params.get("players", info.min_players))
        self.options = str(params.get("options", ""))
        self.payoffs = str(params.get("payoffs", "share"))
        if self.payoffs not in PAYOFFS:
            raise ValueError(f"payoffs is one of {', '.join(PAYOFFS)}, not {self.payoffs!r}")
        self.recall = int(params.get("recall", DEFAULT_RECALL))
        self.length_cap = int(params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        self.table = _make_table(self.game_id, players, self.options)
        self.encoding: Encoding | None = (
            encoding_for(self.table) if _has_tensors(self.game_id) else None
        )
        sample = self.table.new_initial_state(0)
        self.cards = _card_ids(sample)
        self.recall_width = players + _RECALL_FIXED
        self.private_mask = (
            _private_mask_of(self.game_id, players, self.options)
            if self.encoding is not None
            else None
        )
        zero_sum = self.payoffs == "zero_sum"
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_distinct_actions,
            max_chance_outcomes=max(self.cards, players),
            num_players=players,
            min_utility=-1.0 if zero_sum else 0.0,
            max_utility=float(players - 1) if zero_sum else 1.0,
            utility_sum=0.0 if zero_sum else 1.0,
            max_game_length=self.length_cap,
        )
        super().__init__(_game_type(self.game_id, self.payoffs), game_info, params)

    def new_initial_state(self) -> SequenzaSpielState:
        return SequenzaSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SequenzaObserver:
        if iig_obs_type is None:
            return SequenzaObserver(self, perfect_recall=False, public=True, private=True)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("every seat's private information at once is not offered")
        return SequenzaObserver(
            self,
            perfect_recall=bool(iig_obs_type.perfect_recall),
            public=bool(iig_obs_type.public_info),
            private=private == pyspiel.PrivateInfoType.SINGLE_PLAYER,
        )


_MASKS: dict[tuple[str, int, str], Any] = {}


def _private_mask_of(game_id: str, players: int, options: str) -> Any:
    """The private mask of a table, worked out once per process (OpenSpiel loads the game
    again for every state it deserialises)."""
    key = (game_id, players, options)
    if key not in _MASKS:
        table = _make_table(game_id, players, options)
        _MASKS[key] = _private_mask(table, encoding_for(table))
    return _MASKS[key]


def _private_mask(table: Any, encoding: Encoding) -> Any:
    """Which entries of the tensor hold a seat's private information: those that change
    when the cards only the seat sees are dealt again (its own hand), over a few positions;
    a field of planes is private plane by plane (a board's reach of the hand), any other
    field as a whole."""
    rng = random.Random(0)
    mask = np.zeros(encoding.size, dtype=bool)
    parts = encoding.split(mask)
    for seed in range(4):
        state = table.new_initial_state(seed)
        for _ in range(seed * 7):
            if state.is_over:
                break
            state.apply_unchecked(rng.choice(state.legal_actions()))
        seat = state.current_seat if state.current_seat is not None else 0
        other = (seat + 1) % table.players
        mine = encoding.split(encoding.encode(state.observation(seat)))
        for _ in range(3):
            redealt = state.determinize(other, rng)
            theirs = encoding.split(encoding.encode(redealt.observation(seat)))
            for name, values in mine.items():
                differ = values != theirs[name]
                if values.ndim >= 3:
                    planes = differ.reshape(differ.shape[0], -1).any(axis=1)
                    parts[name][planes] = True
                elif differ.any():
                    parts[name][...] = True
    return mask


class _Rules:
    """What a state reads of its game: shared by every copy of a state (a deep copy or a
    pickle of a state must not copy the rules)."""

    def __init__(self, game_id: str, players: int, payoffs: str, cap: int, options: str) -> None:
        self.key = (game_id, players, payoffs, cap, options)
        self.table = _make_table(game_id, players, options)
        self.payoffs = payoffs
        self.length_cap = cap

    def __deepcopy__(self, memo: dict[int, Any]) -> _Rules:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rules, self.key)


_RULES: dict[tuple[str, int, str, int, str], _Rules] = {}


def _rules(game_id: str, players: int, payoffs: str, cap: int, options: str) -> _Rules:
    key = (game_id, players, payoffs, cap, options)
    if key not in _RULES:
        _RULES[key] = _Rules(*key)
    return _RULES[key]


class _Recorder(random.Random):
    """A generator that keeps every card a determiniser shuffles."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.cards: list[Any] = []

    def shuffle(self, x: Any, *args: Any) -> None:
        self.cards.extend(x)


class _Step:
    """One finished step of a game: the engine's state after it, and the step before. A
    state's steps form a chain that its copies share (a finished step's engine state never
    changes: the next step plays on a clone of it), so that a seat's digest of the views it
    had is worked out only when an information state is asked for, and once."""

    __slots__ = ("action", "digests", "engine", "origin", "outcomes", "parent", "rows", "unseen")

    def __init__(
        self,
        engine: State[Any],
        parent: _Step | None,
        action: tuple[int, int] | None = None,
        outcomes: tuple[tuple[int, bool], ...] = (),
    ) -> None:
        self.engine = engine
        self.parent = parent
        #: (seat, action id) of the step's action; None for the deal.
        self.action = action
        #: The chance outcomes of the step, in order: (outcome, whether it is a card).
        self.outcomes = outcomes
        self.digests: dict[int, str] = {}
        self.unseen: dict[int, frozenset[Any]] = {}
        #: Per seat, the step's rows of the recall block, newest first (see the observer).
        self.rows: dict[int, list[list[float]]] = {}
        #: For the first step of a resampled state: the seat it was resampled for and the
        #: step it was resampled from, whose past is that seat's past here too.
        self.origin: tuple[int, _Step] | None = None

    def before(self, seat: int) -> _Step | None:
        """The step before this one, as ``seat`` recalls it."""
        if self.origin is not None:
            # The public past is the same in the imagined deal.
            return self.origin[1] if seat in (self.origin[0], PUBLIC) else None
        return self.parent

    def unseen_by(self, seat: int) -> frozenset[Any]:
        """The cards ``seat`` cannot see after this step: exactly those the engine's
        determiniser deals again (every game's ``_redeal_unseen`` shuffles them)."""
        if seat not in self.unseen:
            if seat == PUBLIC:
                seats = range(self.engine.players)
                self.unseen[seat] = frozenset().union(*(self.unseen_by(one) for one in seats))
            else:
                recorder = _Recorder(0)
                self.engine.determinize(seat, recorder)
                self.unseen[seat] = frozenset(recorder.cards)
        return self.unseen[seat]

    def digest(self, seat: int) -> str:
        """A digest of every view ``seat`` had, chained step by step."""
        chain: list[_Step] = []
        step: _Step | None = self
        while step is not None and seat not in step.digests:
            chain.append(step)
            step = step.parent
        digest = step.digests[seat] if step is not None else ""
        for step in reversed(chain):
            view = json.dumps(
                step.engine.observation(None if seat == PUBLIC else seat), sort_keys=True
            )
            digest = hashlib.sha256((digest + view).encode()).hexdigest()[:32]
            step.digests[seat] = digest
        return digest


class _Engine:
    """Holds the engine's state and the seats' recall. OpenSpiel clones a Python state with
    ``deepcopy``; a generic deep copy would copy the rules, the board layout and every past
    step; the steps are shared, and the engine's state of the last one never changes."""

    def __init__(
        self, step: _Step | None, actions: list[tuple[int, int]], resampled: str = ""
    ) -> None:
        self.step = step
        #: (seat, action id) of every action played, in order.
        self.actions = actions
        #: For a state made by ``resample_from_infostate``: the seat and its digest then.
        self.resampled = resampled

    @property
    def state(self) -> State[Any] | None:
        return self.step.engine if self.step is not None else None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.step, list(self.actions), self.resampled)


class SequenzaSpielState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine's state, and while a step waits for chance, the step."""

    def __init__(self, game: SequenzaGame) -> None:
        super().__init__(game)
        self._spiel = _rules(
            game.game_id, game.num_players(), game.payoffs, game.length_cap, game.options
        )
        self._players = game.num_players()
        self._engine = _Engine(None, [])
        #: The action being played (``_DEAL`` for the deal), while chance answers it.
        self._pending: int | None = _DEAL
        self._script: list[list[int]] = []
        self._need: tuple[int, list[int]] | None = None
        #: The attributes of the engine's state that hold face-down piles.
        self._piles: list[str] = []
        self._advance()

    @property
    def engine(self) -> State[Any] | None:
        """The engine's state of the last finished step (None before the deal)."""
        return self._engine.state

    # ------------------------------------------------------------------ chance
    def _advance(self) -> None:
        """Play the pending step with the outcomes chosen so far: stop at the next chance
        event it needs, or keep its result."""
        chance = _Chance(self._script)
        if self._pending == _DEAL:
            engine = self._spiel.table.new_state_drawing_from(chance)
        else:
            assert self.engine is not None and self._pending is not None
            engine = self.engine.clone()
            for name in self._piles:
                chance.arrange(getattr(engine, name))
            engine.rng = chance
            engine.apply_unchecked(engine.game.action_from_id(self._pending))
        self._need = chance.need()
        if self._need is not None:
            return
        if chance.shuffled:
            self._piles = chance.piles(engine)
        engine.rng = random.Random(0)
        action = None if self._pending == _DEAL else self._engine.actions[-1]
        self._engine.step = _Step(engine, self._engine.step, action, chance.outcomes())
        self._pending = None
        self._script = []

    # ------------------------------------------------------------------ the pyspiel hooks
    def current_player(self) -> int:
        if self._need is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        assert self.engine is not None
        seat = self.engine.current_seat
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None
        return sorted(self.engine.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._need is not None
        outcomes = sorted(self._need[1])
        probability = 1.0 / len(outcomes)
        return [(outcome, probability) for outcome in outcomes]

    def _apply_action(self, action: int) -> None:
        if self._need is not None:
            index = self._need[0]
            while len(self._script) <= index:
                self._script.append([])
            self._script[index] = [*self._script[index], int(action)]
        else:
            seat = self.current_player()
            self._engine.actions = [*self._engine.actions, (seat, int(action))]
            self._pending = int(action)
            self._script = []
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        return str(self._spiel.table.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        if self._need is not None or self.engine is None:
            return False
        return self.engine.is_over or len(self._engine.actions) >= self._spiel.length_cap

    def returns(self) -> list[float]:
        players = self._players
        if not self.is_terminal():
            return [0.0] * players
        assert self.engine is not None
        result = self.engine.result()
        if result is None or not result.winners:
            shares = [1.0 / players] * players
        else:
            shares = list(result.payoffs)
        if self._spiel.payoffs == "zero_sum":
            return [players * share - 1.0 for share in shares]
        return shares

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state with ``player_id``'s information state, the cards it cannot see dealt
        again by the engine's determiniser."""
        if self._need is not None or self.engine is None:
            raise pyspiel.SpielError("states are resampled at decisions, not chance nodes")
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        twin = self.clone()
        engine = self.engine.determinize(player_id, rng)
        # The determiniser makes a search copy; this copy plays on as the game itself does.
        engine.recording = True
        engine.log = list(self.engine.log)
        engine.rng = random.Random(0)
        # The seat's past views are its own; the others' in the imagined deal are unknown,
        # so the new chain starts from the seat's digest.
        mine = self._digest(player_id)
        step = _Step(engine, None)
        step.digests[player_id] = mine
        step.digests[PUBLIC] = self._digest(PUBLIC)
        assert self._engine.step is not None
        step.origin = (player_id, self._engine.step)
        twin._engine.step = step
        twin._engine.resampled = f"{player_id}:{mine}"
        return twin

    def _script_outcomes(self) -> list[int]:
        return [outcome for answer in self._script for outcome in answer]

    def _digest(self, seat: int) -> str:
        step = self._engine.step
        if step is None:
            return ""
        digest = step.digest(seat)
        resampled = self._engine.resampled
        if resampled and seat != PUBLIC and not resampled.startswith(f"{seat}:"):
            return f"{digest} from {resampled}"
        return digest

    def __str__(self) -> str:
        if self.engine is None:
            return "(dealing)"
        text = json.dumps(self.engine.observation(None), sort_keys=True)
        return text if self._need is None else text + f" (chance for {self._pending})"


class SequenzaObserver:
    """What a seat observes (or its information state), as a tensor and a string, for the
    kinds of observation OpenSpiel asks for (see the module)."""

    def __init__(self, game: SequenzaGame, perfect_recall: bool, public: bool, private: bool):
        self.game = game
        self.encoding = game.encoding
        self.perfect_recall = perfect_recall
        self.public = public
        self.private = private
        self.dict: dict[str, Any] = {}
        if self.encoding is None:
            # A game without an encoder (Micro) is observed by strings only.
            self.tensor = np.zeros(0, dtype=np.float32)
            return
        recall = game.recall * game.recall_width if perfect_recall else 0
        size = self.encoding.size
        self.tensor = np.zeros(size + recall, dtype=np.float32)
        self.dict.update(self.encoding.split(self.tensor[:size]))
        if perfect_recall:
            self.dict["recall"] = self.tensor[size:].reshape(game.recall, game.recall_width)

    def set_from(self, state: SequenzaSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        engine = state.engine
        mask = self.game.private_mask
        if engine is None or self.encoding is None or mask is None:
            return
        size = self.encoding.size
        self.tensor[:size] = self.encoding.encode(engine.observation(player))
        if not self.private:
            self.tensor[:size][mask] = 0.0
        if not self.public:
            self.tensor[:size][~mask] = 0.0
        if self.perfect_recall:
            # Public information alone recalls what every seat saw (the spectator's past).
            self._set_recall(state, player if self.private else PUBLIC)

    def _set_recall(self, state: SequenzaSpielState, player: int) -> None:
        game = self.game
        block = self.dict["recall"]
        players = game.num_players()
        actions = max(game.num_distinct_actions() - 1, 1)
        outcomes = max(game.max_chance_outcomes(), 1)
        # Rows: [present, chance, seen, seat one-hot..., value], oldest first.
        rows: list[list[float]] = []
        if state._need is not None and state._pending not in (None, _DEAL):
            # A step under way: its action is public, its cards not yet placed.
            seat, action = state._engine.actions[-1]
            pending = [[1.0, 1.0, 0.0, *([0.0] * players), 0.0] for _ in state._script_outcomes()]
            rows = [*pending[::-1], _action_row(seat, action / actions, players)]
        step = state._engine.step
        while step is not None and len(rows) < game.recall:
            if player not in step.rows:
                mine: list[list[float]] = []
                unseen = step.unseen_by(player) if step.outcomes else frozenset()
                for outcome, card in reversed(step.outcomes):
                    seen = not card or outcome not in unseen
                    value = (outcome + 1) / outcomes if seen else 0.0
                    mine.append([1.0, 1.0, float(seen), *([0.0] * players), value])
                if step.action is not None:
                    mine.append(_action_row(step.action[0], step.action[1] / actions, players))
                step.rows[player] = mine
            rows += step.rows[player]
            step = step.before(player)
        last = rows[: game.recall][::-1]
        if last:
            block[: len(last)] = np.array(last, dtype=np.float32)

    def string_from(self, state: SequenzaSpielState, player: int) -> str:
        engine = state.engine
        if engine is None:
            return f"seat {player}: dealing"
        view = _view(engine, player, self.public, self.private)
        if not self.perfect_recall:
            return view
        recall = state._digest(player if self.private else PUBLIC)
        actions = " ".join(str(action) for _, action in state._engine.actions)
        text = f"{view}\nrecall {recall}\nactions {actions}"
        if state._need is not None:
            text += f"\nchance {len(state._script)}"
        return text


def _action_row(seat: int, value: float, players: int) -> list[float]:
    row = [1.0, 0.0, 1.0, *([0.0] * players), value]
    row[3 + seat] = 1.0
    return row


def _view(engine: State[Any], player: int, public: bool, private: bool) -> str:
    """The JSON of what ``player`` sees: its whole view, the spectator's, or the fields of its
    view that a spectator does not see."""
    if public and private:
        return json.dumps(engine.observation(player), sort_keys=True)
    spectator = engine.observation(None)
    if public:
        return json.dumps(spectator, sort_keys=True)
    if not private:
        return ""
    own = engine.observation(player)
    return json.dumps(
        {key: value for key, value in own.items() if spectator.get(key) != value},
        sort_keys=True,
    )


def _register() -> dict[str, type[SequenzaGame]]:
    classes: dict[str, type[SequenzaGame]] = {}
    registered = set(pyspiel.registered_names())
    for game_id in [*(info.id for info in encoded_games()), *_OWN_GAMES]:
        cls = type(
            f"SequenzaGame_{game_id.replace('-', '_')}", (SequenzaGame,), {"game_id": game_id}
        )
        classes[game_id] = cls
        # Pickles name a class by its module attribute.
        globals()[cls.__name__] = cls
        if short_name(game_id) not in registered:
            pyspiel.register_game(_game_type(game_id), cls)
    return classes


GAMES = _register()


def load(game_id: str, players: int | None = None, **params: Any) -> Any:
    """The pyspiel game of ``game_id`` (``payoffs``, ``recall``, ``max_game_length`` may be
    given, and the game's ``options`` as a dict or a JSON object)."""
    settings: dict[str, Any] = dict(params)
    if isinstance(settings.get("options"), dict):
        settings["options"] = json.dumps(settings["options"], sort_keys=True)
    if players is not None:
        settings["players"] = players
    return pyspiel.load_game(short_name(game_id), settings)
