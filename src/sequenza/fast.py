"""The compiled playout core: whole games played inside C, identical to the Python engine.

The Python rules stay the reference; the core (``sequenza._fast``, built from
``src/sequenza/_fast.c`` when the package is installed) is a fast twin held to them game by
game by ``tests/fast/``: from the same seed and the same choices it gives the same legal
actions in the same order, the same states and the same results. It is optional: where no C
compiler built it, every function here still answers, played by the Python engine.

>>> from sequenza import fast
>>> batch = fast.playouts("sequence", 3, seed=1, players=2)
>>> len(batch.games), batch.actions == sum(batch.lengths)
(3, True)
>>> batch == fast.playouts("sequence", 3, seed=1, players=2, engine="python")
True

What a batch plays, so that the Python engine can play the very same games: game ``i`` is
``sequenza.make(game, players, seed=seed + i, **options)``, and with the ``random`` policy
each of its choices is ``legal[rng.randrange(len(legal))]`` from one generator per game,
``random.Random((seed + i) ^ CHOICE_SALT)``; the other policies are the game's own functions
(``policy_function``), drawing from that generator (``python_playout`` plays one game so).
``playouts_from(state, n, seat=...)`` plays on from a running game as the bots imagine it:
game ``i`` is ``state.determinize(seat, random.Random(seed + i))`` played on with choices
from that same generator (``python_playout_from``).

The core plays all six games with every policy: random choices, the game's ``cheap`` playout
policy and its ``greedy`` heuristic (the game's ``play.py`` mirrored in C, held to it by the
same identity tests); ``engine_for(game, policy)`` says where a batch runs, and a table the
core does not play (an option it lacks) runs on the engine with the same results.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from sequenza.components.number_decks import CORNER_SPACES
from sequenza.components.sequentia_cards import card_ids_by_text, sequentia_deck
from sequenza.core.actions import Action
from sequenza.core.game import Game, State, Termination
from sequenza.core.heuristics import TurnSearch
from sequenza.core.kit import Policy
from sequenza.core.registry import game_kit, make_game
from sequenza.games.sequence_board.rules import WINDOWS, BoardTermination, SequenceBoardGame
from sequenza.games.sequence_stacks.rules import ACTION_FACES as STACKS_ACTION_FACES
from sequenza.games.sequence_stacks.rules import CARD_FACE as STACKS_CARD_FACE
from sequenza.games.sequence_stacks.rules import CHIPS_PER_COLOUR as STACKS_CHIPS_PER_COLOUR
from sequenza.games.sequence_stacks.rules import COLOURS as STACKS_COLOURS
from sequenza.games.sequence_stacks.rules import FACE_COLOUR as STACKS_FACE_COLOUR
from sequenza.games.sequence_stacks.rules import FACE_INDEX as STACKS_FACE_INDEX
from sequenza.games.sequence_stacks.rules import FACE_VALUE as STACKS_FACE_VALUE
from sequenza.games.sequence_stacks.rules import FACES as STACKS_FACES
from sequenza.games.sequence_stacks.rules import SOURCES as STACKS_SOURCES
from sequenza.games.sequence_stacks.rules import TARGETS as STACKS_TARGETS
from sequenza.games.sequence_stacks.rules import StacksGame, StacksOptions, StacksTermination
from sequenza.games.sequentia_cross.rules import CrossGame, CrossOptions, CrossTermination
from sequenza.games.sequentia_shift.rules import (
    ACTION_SPACE as SHIFT_ACTION_SPACE,
)
from sequenza.games.sequentia_shift.rules import (
    DIAGONAL_ACTION_SPACE as SHIFT_DIAGONAL_ACTION_SPACE,
)
from sequenza.games.sequentia_shift.rules import (
    ShiftGame,
    ShiftOptions,
    ShiftTermination,
)
from sequenza.games.sequentia_shift.rules import ShiftState as PythonShiftState
from sequenza.games.sequentia_stack.rules import (
    CLAIM_STARTS,
    PLACE_TARGETS,
    SequentiaStack,
    StackOptions,
    StackTermination,
)

if TYPE_CHECKING:
    from sequenza._fast import (
        Batch,
        Board,
        BoardState,
        CrossRules,
        CrossState,
        SeqStacksRules,
        SeqStacksState,
        ShiftRules,
        ShiftState,
        StackRules,
        StackState,
    )

    CoreState = BoardState | StackState | ShiftState | CrossState | SeqStacksState


def _load() -> tuple[ModuleType | None, str | None]:
    try:
        from sequenza import _fast
    except ImportError as error:  # installed without a C compiler, or a damaged build
        return None, (
            "the compiled core is not installed: pip builds it where a C compiler and "
            f"Python's headers are found, and installs without it elsewhere ({error})"
        )
    return _fast, None


_fast, _WHY_NOT = _load()

#: The playout policies, as ``policy=`` names them: ``random`` picks any legal action,
#: ``cheap`` is the game's playout policy (``playout`` of its kit's ``Play``, the one search
#: playouts use; its ``greedy`` where it has none), ``greedy`` its greedy heuristic.
POLICIES = ("random", "cheap", "greedy")
#: The games the core plays, and in each the policies it plays, by its number for them; the
#: engine plays every other game and policy.
_CORE_POLICIES: dict[str, dict[str, int]] = {
    "sequence": {"random": 0, "cheap": 1, "greedy": 2},
    "sequence-numbers": {"random": 0, "cheap": 1, "greedy": 2},
    "sequentia-stack": {"random": 0, "cheap": 1, "greedy": 2},
    "sequentia-shift": {"random": 0, "cheap": 1, "greedy": 2},
    "sequentia-cross": {"random": 0, "cheap": 1, "greedy": 2},
    "sequence-stacks": {"random": 0, "cheap": 1, "greedy": 2},
}
#: The games the core plays; every other game's playouts run on the Python engine.
FAST_GAMES = frozenset(_CORE_POLICIES)
#: Mixed into each game's seed for its choices' generator, so that the choices do not read the
#: very numbers that dealt the cards (``random.Random(seed)`` would draw them again).
CHOICE_SALT = 0x9E3779B97F4A7C15
#: The largest seed a batch may reach: the core's generators take seeds below 2**64.
MAX_SEED = 2**64 - 1
#: No random game comes near this many actions (classic Sequence ends in a few hundred); a
#: game that reaches it means a broken rule, not a long game.
ACTION_LIMIT = 1_000_000
_ENDINGS = {1: BoardTermination.SEQUENCES_MADE, 2: BoardTermination.STALL}

Engine = Literal["auto", "fast", "python"]


def available() -> bool:
    """Whether the compiled core is installed (``why_not()`` says why not)."""
    return _fast is not None


def why_not() -> str | None:
    """Why the compiled core does not run here; ``None`` when it does."""
    return _WHY_NOT


def engine_for(game_id: str, policy: str = "random") -> Literal["fast", "python"]:
    """Which engine plays ``game_id``'s playouts with ``policy`` here: the core where it is
    installed and knows the game and the policy, else the Python engine."""
    known = policy in _CORE_POLICIES.get(game_id, {})
    return "fast" if _fast is not None and known else "python"


#: The simulator's bots the core plays (``play_bots``), by the number it knows each by.
CORE_BOTS = {"random": 0, "greedy": 1}


def core_bots(game_id: str) -> frozenset[str]:
    """The simulator's bots the core plays in ``game_id`` (none where it is not installed):
    the random bot in every game it plays, the greedy bot where it plays the game's greedy
    heuristic."""
    if _fast is None or game_id not in _CORE_POLICIES:
        return frozenset()
    if "greedy" in _CORE_POLICIES[game_id]:
        return frozenset(CORE_BOTS)
    return frozenset({"random"})


def core_plays(table: Game[Any]) -> bool:
    """Whether the core is installed and plays this table (its game, players and options)."""
    if _fast is None or table.id not in FAST_GAMES:
        return False
    try:
        _rules(table)
    except ValueError:  # a seating the core does not know (it seats teams alternately)
        return False
    return True


def play_bots(
    table: Game[Any], seed: int, bot_seeds: list[int], bots: list[str], limit: int
) -> list[int]:
    """The ids of the actions of a simulated game, played in the core: the game dealt from
    ``seed``, each seat's bot (``random`` or ``greedy``, ``core_bots``) choosing with its own
    generator ``random.Random(bot_seeds[seat])`` as the Python bots choose, at most ``limit``
    actions. Replayed on the Python rules they are the game the simulator plays there."""
    if _fast is None:
        raise RuntimeError(str(_WHY_NOT))
    known = core_bots(table.id)
    for name in bots:
        if name not in known:
            raise ValueError(f"the compiled core has no {name} bot in {table.id}")
    state = _rules(table).new_state(seed_key(seed))
    return state.play_bots(bot_seeds, [CORE_BOTS[name] for name in bots], limit)


def _random_choice(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def policy_function(game_id: str, policy: str) -> Policy:
    """The Python engine's policy of that name: (state, legal actions, rng) -> action."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; the policies are: {', '.join(POLICIES)}")
    if policy == "random":
        return _random_choice
    play = game_kit(game_id).play
    if policy == "cheap" and play.playout is not None:
        return play.playout
    return play.greedy


def _core_call(table: Game[Any], policy: str, engine: Engine) -> bool:
    """Whether the core plays this batch (``engine="fast"`` refuses to fall back, also for
    options the core does not implement)."""
    game_id = table.id
    if engine == "python":
        return False
    if engine == "auto":
        return engine_for(game_id, policy) == "fast" and core_plays(table)
    if _fast is None:
        raise RuntimeError(str(_WHY_NOT))
    if policy not in _CORE_POLICIES.get(game_id, {}):
        raise ValueError(f"the compiled core does not play {game_id} with {policy} yet")
    return True


class Playout(NamedTuple):
    """One whole game of a batch: its actions, scores, winners and ending. (A named tuple:
    a batch makes one per game, thousands a second.)"""

    seed: int
    length: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    termination: Termination


@dataclass(frozen=True)
class Playouts:
    """A batch of whole games and their counts. Two batches are equal when they played the
    same games to the same ends, whichever engine played them."""

    game: str
    players: int
    games: tuple[Playout, ...]

    @property
    def lengths(self) -> list[int]:
        """Each game's number of actions."""
        return [one.length for one in self.games]

    @property
    def actions(self) -> int:
        """The actions of every game together."""
        return sum(one.length for one in self.games)

    @property
    def endings(self) -> Counter[str]:
        """How many games ended each way (by termination value)."""
        return Counter(one.termination.value for one in self.games)

    @property
    def wins(self) -> list[float]:
        """Per seat, its games won (a shared win counted as its share)."""
        totals = [0.0] * self.players
        for one in self.games:
            for seat in one.winners:
                totals[seat] += 1.0 / len(one.winners)
        return totals


def playouts(
    game: str,
    n: int,
    *,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    policy: str = "random",
    engine: Engine = "auto",
) -> Playouts:
    """Play ``n`` whole games of ``game`` from seeds ``seed``, ``seed + 1``... with ``policy``
    choosing every action, inside the core where it plays the game (``engine="auto"``), and
    return their results and counts. ``engine="python"`` plays the same games on the Python
    engine (the reference); ``engine="fast"`` refuses to fall back."""
    choose = policy_function(game, policy)
    if n < 0:
        raise ValueError(f"a batch plays 0 games or more, not {n}")
    if seed < 0 or seed + n - 1 > MAX_SEED:
        raise ValueError(f"a batch's seeds lie between 0 and 2**64 - 1, not from {seed}")
    table = make_game(game, players, **dict(options or {}))
    seeds = range(seed, seed + n)
    if _core_call(table, policy, engine):
        salted = [one ^ CHOICE_SALT for one in seeds]
        code = _CORE_POLICIES[table.id][policy]
        played = _played(table, seeds, _rules(table).playouts(seeds, salted, ACTION_LIMIT, code))
    else:
        played = tuple(python_playout(table, one, choose) for one in seeds)
    return Playouts(game=table.id, players=table.players, games=played)


def playouts_from(
    state: State[Any],
    n: int,
    *,
    seat: int,
    seed: int = 0,
    policy: str = "random",
    engine: Engine = "auto",
) -> Playouts:
    """Play ``n`` games on from ``state`` as ``seat`` imagines them: for game ``i``, the
    generator ``random.Random(seed + i)`` deals again every card ``seat`` cannot see
    (``state.determinize(seat, rng)``, the determiniser the bots use) and then makes every
    choice with ``policy``. Each game's scores and winners are those of the whole game;
    its length counts the actions after ``state``. The state itself does not change."""
    choose = policy_function(state.game.id, policy)
    if n < 0 or seed < 0 or seed + n - 1 > MAX_SEED:
        raise ValueError(f"a batch's seeds lie between 0 and 2**64 - 1, not from {seed}")
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat} at a {state.players}-player table")
    table = state.game
    seeds = range(seed, seed + n)
    if not state.is_over and _core_call(table, policy, engine):
        code = _CORE_POLICIES[table.id][policy]
        played = _played(table, seeds, load_state(state).playouts(seat, seeds, ACTION_LIMIT, code))
    else:
        played = tuple(python_playout_from(state, seat, one, choose) for one in seeds)
    return Playouts(game=table.id, players=table.players, games=played)


def python_playout_from(
    state: State[Any], seat: int, seed: int, choose: Policy = _random_choice
) -> Playout:
    """One game of ``playouts_from`` played by the Python engine (the reference)."""
    rng = random.Random(seed)
    twin = state.determinize(seat, rng)
    length = 0
    while not twin.is_over:
        legal = twin.legal_actions()
        twin.apply_unchecked(choose(twin, legal, rng))
        length += 1
    result = twin.result()
    assert result is not None
    return Playout(seed, length, result.scores, result.winners, result.termination)


def python_playout(table: Game[Any], seed: int, choose: Policy = _random_choice) -> Playout:
    """One game of a batch played by the Python engine: the reference the core is held to."""
    state = table.new_initial_state(seed)
    state.recording = False
    rng = random.Random(seed ^ CHOICE_SALT)
    length = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply_unchecked(choose(state, legal, rng))
        length += 1
    result = state.result()
    assert result is not None
    return Playout(seed, length, result.scores, result.winners, result.termination)


def _played(table: Game[Any], seeds: range, rows: list[Any]) -> tuple[Playout, ...]:
    """The core's answer as Playouts: per game its length, then what it ended with, which
    few games differ in (so each outcome is worked out once)."""
    outcomes: dict[tuple[Any, ...], tuple[tuple[float, ...], tuple[int, ...], Termination]] = {}
    played = []
    for seed, row in zip(seeds, rows, strict=True):
        ending = row[1:]
        outcome = outcomes.get(ending)
        if outcome is None:
            outcome = outcomes[ending] = _outcome(table, ending)
        played.append(Playout(seed, row[0], *outcome))
    return tuple(played)


def _outcome(
    table: Game[Any], ending: tuple[Any, ...]
) -> tuple[tuple[float, ...], tuple[int, ...], Termination]:
    """Scores, winners and termination from the core's ending of a game: in the board games
    (ending, winning team, sequences per side), in Sequence Stacks (ending, winner, chips per
    seat), in Shift and Cross (ending, cards collected per seat), in Stack (cards collected
    per seat)."""
    if isinstance(table, SequenceBoardGame):
        code, team, sequences = ending
        team_of = table.team_of
        scores = tuple(float(sequences[team_of[seat]]) for seat in range(table.players))
        winners = tuple(seat for seat in range(table.players) if team_of[seat] == team)
        return scores, winners, _ENDINGS[code]
    termination: Termination
    if isinstance(table, StacksGame):
        code, winner, collected = ending
        if winner >= 0:
            return tuple(float(count) for count in collected), (winner,), _STACKS_ENDINGS[code]
        termination = _STACKS_ENDINGS[code]
    elif isinstance(table, ShiftGame):
        code, collected = ending
        termination = _SHIFT_ENDINGS[code]
    elif isinstance(table, CrossGame):
        code, collected = ending
        termination = _CROSS_ENDINGS[code]
    else:
        (collected,) = ending
        termination = StackTermination.DECK_EXHAUSTED
    scores = tuple(float(count) for count in collected)
    winners = tuple(seat for seat, score in enumerate(scores) if score == max(scores))
    return scores, winners, termination


#: The games whose ``mcts`` iterations the core runs (``search``): those whose playout policies
#: and position evaluation it knows (all six).
SEARCH_GAMES = frozenset(
    {
        "sequence",
        "sequence-numbers",
        "sequentia-stack",
        "sequentia-cross",
        "sequentia-shift",
        "sequence-stacks",
    }
)


#: The games whose search the core runs on given deals drawn by weight (``search``'s
#: ``deals``: the expert's belief-weighted determinisations), redealing each drawn deal as the
#: game's hand model does (``shuffle_rest``): the games with a hand model.
DEAL_GAMES = frozenset({"sequence", "sequence-numbers"})
#: The games whose learned position evaluation the core knows (``search``'s ``learned``).
LEARNED_GAMES = frozenset({"sequence", "sequence-numbers"})


class Searched(NamedTuple):
    """What ``search`` found: the iterations it ran and, per action tried at the root, its
    visits and each seat's total payoff."""

    iterations: int
    children: dict[Action, tuple[int, tuple[float, ...]]]


def search_engine(game_id: str, policy: str) -> Literal["fast", "python"]:
    """Where ``mcts`` runs its iterations in ``game_id`` with playouts of ``policy``."""
    known = game_id in SEARCH_GAMES and policy in _CORE_POLICIES.get(game_id, {})
    return "fast" if _fast is not None and known else "python"


def search(
    state: State[Any],
    seat: int,
    rng: random.Random,
    allowed: list[Action],
    *,
    iterations: int | None,
    deadline: float | None,
    exploration: float,
    horizon: int | None,
    playout_limit: int,
    policy: str,
    deals: Sequence[State[Any]] | None = None,
    weights: Sequence[float] | None = None,
    learned: Sequence[float] | None = None,
) -> Searched:
    """``mcts``'s iterations (``MctsBot._iterate``) in the core, from ``state`` as ``seat``
    sees it: each deals the unseen cards again, walks the tree (only ``allowed`` at the root),
    expands one action, plays on with ``policy`` for ``horizon`` turns (to the end where
    ``None``) and judges the position with the game's evaluation. Every draw comes from ``rng``
    in the engine's order, and ``rng`` moves on as the engine's search moves it, so that the
    bot decides as it does on the engine. It stops after ``iterations`` or at ``deadline``
    (``time.perf_counter()``'s clock), whichever comes first, with one iteration at least.

    With ``deals`` (in a game of ``DEAL_GAMES``) each iteration searches instead one of those
    full states, drawn as ``rng.choices(deals, weights=weights)`` draws it, its draw pile
    shuffled again (the hand model's ``shuffle_rest``) and its generator
    ``random.Random(rng.getrandbits(64))``: the expert's ``_deal``.

    With ``learned`` (in a game of ``LEARNED_GAMES``) playouts are judged by the game's
    learned evaluation with these weights (``PositionEvaluation.learned``) instead of its
    hand-written one."""
    if search_engine(state.game.id, policy) != "fast":
        raise ValueError(f"the compiled core does not search {state.game.id} with {policy}")
    given: tuple[Any, ...] = ()
    if deals is not None:
        if state.game.id not in DEAL_GAMES or weights is None:
            raise ValueError(f"the compiled core does not search given deals of {state.game.id}")
        # random.choices's cumulative weights, summed as it sums them.
        given = ([load_state(deal) for deal in deals], list(accumulate(weights)))
    if learned is not None:
        if state.game.id not in LEARNED_GAMES:
            raise ValueError(f"the compiled core has no learned judge of {state.game.id}")
        given = (*(given or (None, None)), [float(weight) for weight in learned])
    core = load_state(state)
    version, words, gauss = rng.getstate()
    space = state.game.action_space
    moved, done, rows = core.search(
        words,
        seat,
        [space.id_of(action) for action in allowed],
        -1 if iterations is None else iterations,
        -1.0 if deadline is None else deadline,
        exploration,
        -1 if horizon is None else horizon,
        playout_limit,
        _CORE_POLICIES[state.game.id][policy],
        *given,
    )
    rng.setstate((version, moved, gauss))
    children = {space.actions[row[0]]: (row[1], row[2]) for row in rows}
    return Searched(done, children)


#: The games whose tables the core steps in batches for learning (``batch``): all six.
BATCH_GAMES = FAST_GAMES


def batch(table: Game[Any], n: int) -> Batch:
    """``n`` games of a table stepped together in the core, each step writing every game's
    observation tensor, legal-action mask, rewards and end into NumPy arrays
    (``sequenza.rl.vector.VectorEnv`` is its face). A table the core does not play (an
    option it lacks, ``core_plays``) raises ``ValueError``."""
    if _fast is None:
        raise RuntimeError(str(_WHY_NOT))
    if table.id not in BATCH_GAMES:
        raise ValueError(f"the compiled core steps batches of {sorted(BATCH_GAMES)} only")
    return _rules(table).batch(n)


def load_state(state: State[Any]) -> CoreState:
    """The core's copy of a Python state in the middle of a game: its cards, chips and
    counters passed once (the identity tests step it on beside the state)."""
    if _fast is None:
        raise RuntimeError(str(_WHY_NOT))
    if state.game.id not in FAST_GAMES or state.is_over:
        raise ValueError(f"the compiled core plays on from a running game of {FAST_GAMES} only")
    fields = {name: getattr(state, name) for name in (*state.SAVE_FIELDS, "to_act")}
    fields["rng"] = state.rng.getstate()[1]
    if isinstance(state, PythonShiftState):
        # The core writes an empty cell, and a seat without a target, as -1.
        fields["grid"] = [-1 if card is None else card for card in state.grid]
        fields["targets"] = [-1 if card is None else card for card in state.targets]
    return _rules(state.game).load(fields)


def core_state(table: Game[Any], seed: int) -> CoreState:
    """A new game of ``table`` in the core, dealt from ``seed`` as the Python engine deals it,
    played one action id at a time (``legal()``, ``apply(id)``, ``snapshot()``): what the
    identity tests compare, action by action."""
    if _fast is None:
        raise RuntimeError(str(_WHY_NOT))
    if table.id not in FAST_GAMES:
        raise ValueError(f"the compiled core does not play {table.id} yet")
    return _rules(table).new_state(seed_key(seed))


def seed_key(seed: int) -> list[int]:
    """The 32-bit words, low first, that ``random.Random(seed)`` seeds its generator with.

    >>> seed_key(0), seed_key(2**32 + 5), seed_key(-3)
    ([0], [5, 1], [3])
    """
    value = abs(seed)
    words = max(1, (value.bit_length() + 31) // 32)
    return [(value >> (32 * index)) & 0xFFFFFFFF for index in range(words)]


def _rules(table: Game[Any]) -> Board | StackRules | ShiftRules | CrossRules | SeqStacksRules:
    """The core's rules for a table (built once per game, player count and options)."""
    if isinstance(table, SequenceBoardGame):
        return _board_for(type(table), table.players, table.options)
    if isinstance(table, ShiftGame):
        return _shift_for(table.players, table.options)
    if isinstance(table, CrossGame):
        return _cross_for(table.players, table.options)
    if isinstance(table, StacksGame):
        return _stacks_for(table.players, table.options)
    assert isinstance(table, SequentiaStack)
    return _stack_for(table.players, table.options)


_CROSS_ENDINGS = {1: CrossTermination.DECK_EXHAUSTED, 2: CrossTermination.STALL}
_STACKS_ENDINGS = {
    1: StacksTermination.CHIPS_COLLECTED,
    2: StacksTermination.STALL,
    3: StacksTermination.SAFETY_NET,
}


@cache
def _stacks_for(players: int, options: StacksOptions) -> SeqStacksRules:
    assert _fast is not None
    # Each action's (kind, face, source, target, colour) as the rules mean it: kinds play 0,
    # discard 1, block 2, allow 3, end 4; a play's target is a pile slot (1, 2 or new as 0, 1
    # or 2) or a seat; -1 where none.
    moves = []
    for action in StacksGame.action_space.actions:
        args = action.args
        if action.verb == "play":
            face = STACKS_FACE_INDEX[str(args[0])]
            source = STACKS_SOURCES.index(str(args[1]))
            target, colour = -1, -1
            if STACKS_FACE_COLOUR[face] >= 0:
                target = STACKS_TARGETS.index(args[2])
            elif len(args) >= 3:
                target = int(args[2])
            if len(args) == 4:
                colour = STACKS_COLOURS.index(str(args[3]))
            moves.append((0, face, source, target, colour))
        elif action.verb == "discard":
            moves.append((1, STACKS_FACE_INDEX[str(args[0])], 0, -1, -1))
        elif action.verb == "block":
            moves.append((2, STACKS_FACE_INDEX["block"], 0, -1, -1))
        else:
            moves.append((3 if action.verb == "allow" else 4, -1, -1, -1, -1))
    removed = StacksGame(players, options).new_initial_state(0).removed
    rules: SeqStacksRules = _fast.SeqStacksRules(
        STACKS_CARD_FACE,
        STACKS_FACE_COLOUR,
        STACKS_FACE_VALUE,
        [STACKS_FACE_INDEX[face] for face in STACKS_ACTION_FACES],
        moves,
        [card for card in range(len(STACKS_CARD_FACE)) if card not in removed],
        removed,
        players,
        options.draw_up_to,
        options.stall_rounds,
        options.chipless_round_limit,
        int(options.random_first_player),
        STACKS_CHIPS_PER_COLOUR,
        options.turn_refill_limit,
        # The greedy heuristic's planner tries the hand's faces in the order of their texts.
        sorted(range(len(STACKS_FACES)), key=STACKS_FACES.__getitem__),
    )
    return rules


@cache
def _cross_for(players: int, options: CrossOptions) -> CrossRules:
    assert _fast is not None
    deck = sequentia_deck()
    ids = card_ids_by_text()
    # Each action's (0, card, position) for a placement, (1, rows 0 or columns 1, the lines
    # as bits) for a claim.
    moves = []
    for action in CrossGame.action_space.actions:
        if action.verb == "place":
            card, position = action.args
            moves.append((0, ids[str(card)], int(position)))
        else:
            direction, *lines = action.args
            bits = sum(1 << int(line) for line in lines)
            moves.append((1, 0 if direction == "rows" else 1, bits))
    rules: CrossRules = _fast.CrossRules(
        [card.digit for card in deck],
        [int(digit) for card in deck for digit in card.code],
        [int(card.bonus) for card in deck],
        moves,
        players,
        options.stall_rounds,
        int(options.random_first_player),
        _turn_budget("sequentia-cross"),
    )
    return rules


#: Each Shift action's kind, as the core numbers them.
_SHIFT_KINDS = {"slide": 0, "claim": 1, "end": 2, "exchange": 3, "pass": 4, "hole": 5, "refill": 6}
_SHIFT_ENDINGS = {
    1: ShiftTermination.DECK_EXHAUSTED,
    2: ShiftTermination.STALL,
    3: ShiftTermination.IDLE_ROUNDS,
}


@cache
def _shift_for(players: int, options: ShiftOptions) -> ShiftRules:
    assert _fast is not None
    deck = sequentia_deck()
    # Each action's (kind, first number, second number): a slide's two positions, a claim's
    # row, a hole's or a refill's position. Diagonal slides have ids after every other action.
    space = SHIFT_DIAGONAL_ACTION_SPACE if options.diagonal_slides else SHIFT_ACTION_SPACE
    moves = []
    for action in space.actions:
        numbers = [int(arg) for arg in action.args] + [-1, -1]
        moves.append((_SHIFT_KINDS[action.verb], numbers[0], numbers[1]))
    rules: ShiftRules = _fast.ShiftRules(
        [card.digit for card in deck],
        [int(digit) for card in deck for digit in card.code],
        [int(card.bonus) for card in deck],
        moves,
        players,
        options.slide_limit,
        options.stall_rounds,
        options.repetitions,
        options.idle_rounds,
        int(options.random_first_player),
        int(options.diagonal_slides),
    )
    return rules


def _turn_budget(game_id: str) -> int:
    """The positions the game's greedy heuristic, a search of the seat's own turn, values at
    most (its kit's ``TurnSearch``), which the core's search mirrors."""
    search = game_kit(game_id).play.turn_search
    assert isinstance(search, TurnSearch)
    return search.budget


@cache
def _stack_for(players: int, options: StackOptions) -> StackRules:
    assert _fast is not None
    if not options.collect_revealed:
        raise ValueError("the core collects the revealed card of a claim")
    deck = sequentia_deck()
    ranks = sorted(range(len(deck)), key=lambda card: str(deck[card]))
    ids = card_ids_by_text()
    # Each action's (kind, card, target): 0 a placement on PLACE_TARGETS[target], 1 a claim
    # of the piles from CLAIM_STARTS[target], 2 end, 3 pass.
    moves = []
    for action in SequentiaStack.action_space.actions:
        if action.verb == "place":
            card, target = action.args
            moves.append((0, ids[str(card)], PLACE_TARGETS.index(target)))
        elif action.verb == "claim":
            card, start = action.args
            moves.append((1, ids[str(card)], CLAIM_STARTS.index(int(start))))
        else:
            moves.append((2 if action.verb == "end" else 3, -1, -1))
    rules: StackRules = _fast.StackRules(
        [card.digit for card in deck],
        [int(card.code) for card in deck],
        [int(card.bonus) for card in deck],
        [ranks.index(card) for card in range(len(deck))],
        moves,
        players,
        options.hand_size,
        int(options.claim_must_include_last_pile),
        int(options.random_first_player),
        _turn_budget("sequentia-stack"),
    )
    return rules


@cache
def _board_for(game_class: type[SequenceBoardGame[Any]], players: int, options: Any) -> Board:
    assert _fast is not None
    board: Board = _fast.Board(*board_arguments(game_class, players, options))
    return board


def board_arguments(
    game_class: type[SequenceBoardGame[Any]], players: int, options: Any
) -> tuple[Any, ...]:
    """What the core's Board is built from: the table's layout (its cards' faces, the faces'
    kinds and spaces, each action id's move, the windows, the corners, the spaces' labels) and
    options, as lists of numbers (``bench/reference_sequence.py`` hands them to a plain C
    program too)."""
    if getattr(options, "minus_removes_all", False):
        raise ValueError("the core's Minus removes one chip")
    table = game_class(players, options)
    layout = table.layout
    if table.team_of != tuple(seat % table.sides for seat in range(players)):
        raise ValueError("the core seats teams alternately, as the rules do")
    value_spaces = [
        space for spaces in layout.value_spaces for space in (spaces if spaces else (-1, -1))
    ]
    labels = sorted(set(layout.labels))
    return (
        layout.card_faces,
        layout.kinds,
        value_spaces,
        [layout.moves[action] for action in layout.action_space.actions],
        [space for window in WINDOWS for space in window],
        [int(space in CORNER_SPACES) for space in range(100)],
        players,
        table.sides,
        table.sequences_to_win,
        table.hand_size,
        table.options.shared_limit,
        table.options.idle_rounds,
        int(table.options.random_first_player),
        [labels.index(label) for label in layout.labels],
    )
