"""The conformance kit: one call checks a registered game over many seeded random games.

>>> from sequenza.testing import check_game
>>> report = check_game("sequentia-stack", games=3)
>>> report.games
9

At every step it checks that the seat to act is a seat, that ``legal_actions`` are unique,
map into the action space and back and parse back from their text, and that no card was
created or lost. At sampled steps ("deep" steps) it also checks that sampled illegal actions
are refused and change nothing, that clones and JSON round trips are equal to the original,
that observations are JSON-safe, and that dealing again what a seat cannot see leaves that
seat's observation byte-identical. Some games are also continued on a clone and on a JSON copy
in lockstep, every game is replayed from its record to the same final state, and every entry
of its log is one of the game's declared events with that event's fields.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.errors import IllegalActionError
from sequenza.core.game import State
from sequenza.core.registry import game_class, game_kit, make, replay, state_from_json
from sequenza.core.schemas import log_problem
from sequenza.core.table import sampled_reveals


class ConformanceError(AssertionError):
    """A game broke the contract; the message says which game, seed and step."""


@dataclass
class KitReport:
    game: str
    games: int = 0
    actions: int = 0
    deep_checks: int = 0
    determinizations: int = 0
    determinizations_that_changed_state: int = 0
    longest_game: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def check_game(
    game_id: str,
    *,
    games: int = 100,
    players: list[int] | None = None,
    options: dict[str, Any] | None = None,
    first_seed: int = 0,
    deep_every: int = 10,
    lockstep_every: int = 10,
    max_actions: int = 20_000,
) -> KitReport:
    """Play ``games`` seeded random games for each player count and check every invariant.
    Raises ``ConformanceError`` at the first broken one."""
    info = game_class(game_id).info
    counts = list(info.player_counts) if players is None else players
    report = KitReport(game_id)
    for count in counts:
        for index in range(games):
            seed = first_seed + index
            _check_one_game(
                game_id,
                count,
                seed,
                options or {},
                report,
                deep_every,
                lockstep=(index % lockstep_every == 0),
                max_actions=max_actions,
            )
    if info.hidden_information and report.determinizations_that_changed_state == 0:
        raise ConformanceError(
            f"{game_id}: has hidden information but determinize never dealt anything again"
        )
    return report


def _fail(game_id: str, players: int, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game_id}, {players} players, seed {seed}, step {step}: {message}")


def _check_one_game(
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    report: KitReport,
    deep_every: int,
    *,
    lockstep: bool,
    max_actions: int,
) -> None:
    state = make(game_id, players=players, seed=seed, **options)
    again = make(game_id, players=players, seed=seed, **options)
    if state.dumps() != again.dumps():
        raise _fail(game_id, players, seed, 0, "the same seed dealt two different games")
    reference_cards = state.card_counter()
    chooser = random.Random(seed * 7919 + players)
    followers: list[State[Any]] = []
    follow_from = chooser.randrange(1, 40) if lockstep else -1
    step = 0
    while not state.is_over:
        if step >= max_actions:
            raise _fail(game_id, players, seed, step, f"not over after {max_actions} actions")
        seat = state.current_seat
        if seat is None or not 0 <= seat < players:
            raise _fail(game_id, players, seed, step, f"seat to act {seat!r} is not a seat")
        legal = state.legal_actions()
        _check_legal_actions(state, legal, game_id, players, seed, step)
        if step % deep_every == 0:
            _deep_check(state, legal, chooser, report, game_id, players, seed, step)
        if step == follow_from:
            followers = [state.clone(), state_from_json(json.loads(state.dumps()))]
        action = legal[chooser.randrange(len(legal))]
        state.apply(action)
        for follower in followers:
            follower.apply(str(action))
        step += 1
        if state.card_counter() != reference_cards:
            raise _fail(game_id, players, seed, step, f"cards created or lost by {str(action)!r}")
    undeclared = state.undeclared_fields()
    if undeclared:
        raise _fail(
            game_id,
            players,
            seed,
            step,
            f"attributes {undeclared} are neither in SAVE_FIELDS nor '_' caches: a save "
            "would lose them",
        )
    problem = log_problem(type(state.game), state.log)
    if problem:
        raise _fail(game_id, players, seed, step, problem)
    result = state.result()
    if result is None or len(result.scores) != players:
        raise _fail(game_id, players, seed, step, f"a finished game needs a result: {result!r}")
    if not set(result.winners) <= set(range(players)):
        raise _fail(game_id, players, seed, step, f"winners {result.winners} are not seats")
    if state.legal_actions():
        raise _fail(game_id, players, seed, step, "a finished game still offers actions")
    final = state.dumps()
    for follower in followers:
        if follower.dumps() != final:
            raise _fail(
                game_id,
                players,
                seed,
                step,
                "a clone or JSON copy played the same actions to a different end",
            )
    if replay(state.record()).dumps() != final:
        raise _fail(game_id, players, seed, step, "replaying the record gave another game")
    report.games += 1
    report.actions += step
    report.longest_game = max(report.longest_game, step)
    report.outcomes["draw" if not result.winners else f"{len(result.winners)} winner(s)"] += 1


def _check_legal_actions(
    state: State[Any], legal: list[Action], game_id: str, players: int, seed: int, step: int
) -> None:
    if not legal:
        raise _fail(game_id, players, seed, step, "a game in progress offers no action")
    game = state.game
    ids = [game.action_to_id(action) for action in legal]
    if len(set(ids)) != len(ids):
        raise _fail(game_id, players, seed, step, f"duplicate legal actions: {legal}")
    for action, action_id in zip(legal, ids, strict=True):
        if not 0 <= action_id < game.num_distinct_actions:
            raise _fail(game_id, players, seed, step, f"{action} has id {action_id} outside")
        if game.action_from_id(action_id) != action:
            raise _fail(game_id, players, seed, step, f"{action} does not come back from its id")
        if Action.parse(str(action)) != action:
            raise _fail(game_id, players, seed, step, f"{action} does not parse back")


def _deep_check(
    state: State[Any],
    legal: list[Action],
    chooser: random.Random,
    report: KitReport,
    game_id: str,
    players: int,
    seed: int,
    step: int,
) -> None:
    report.deep_checks += 1
    before = state.fingerprint()
    legal_ids = {state.game.action_to_id(action) for action in legal}
    for _ in range(3):
        action_id = chooser.randrange(state.game.num_distinct_actions)
        if action_id in legal_ids:
            continue
        illegal = state.game.action_from_id(action_id)
        try:
            state.apply(illegal)
        except IllegalActionError:
            pass
        else:
            raise _fail(game_id, players, seed, step, f"illegal {illegal} was accepted")
        if state.fingerprint() != before:
            raise _fail(game_id, players, seed, step, f"refusing {illegal} changed the state")
    if state.clone().fingerprint() != before:
        raise _fail(game_id, players, seed, step, "a clone differs from the original")
    text = state.dumps()
    restored = state_from_json(json.loads(text))
    if restored.dumps() != text or restored.legal_actions() != legal:
        raise _fail(game_id, players, seed, step, "the JSON round trip changed the state")
    public = _canonical(state.spectator_view())
    for seat in range(players):
        seen = _canonical(state.observation(seat))
        twin = state.determinize(seat, random.Random(chooser.getrandbits(32)))
        report.determinizations += 1
        if _canonical(twin.observation(seat)) != seen:
            raise _fail(
                game_id,
                players,
                seed,
                step,
                f"seat {seat}'s observation changed when its unseen cards were dealt again",
            )
        if _canonical(twin.spectator_view()) != public:
            raise _fail(game_id, players, seed, step, "determinising changed the public view")
        if twin.card_counter() != state.card_counter():
            raise _fail(game_id, players, seed, step, "determinising created or lost cards")
        if twin.legal_actions() != legal and twin.current_seat == seat:
            raise _fail(
                game_id,
                players,
                seed,
                step,
                f"seat {seat}'s legal actions depend on cards it cannot see",
            )
        if twin.fingerprint() != before:
            report.determinizations_that_changed_state += 1
    if state.fingerprint() != before:
        raise _fail(game_id, players, seed, step, "checking the state changed it")


@dataclass
class HookReport:
    """What ``check_quiet`` or ``check_loud`` saw: the (position, action, seat) cases the
    kit's ``hook`` answered, and how many of them it vouched for."""

    game: str
    hook: str
    cases: int = 0
    vouched: int = 0


def check_quiet(
    game_id: str,
    *,
    games: int = 2,
    players: list[int] | None = None,
    first_seed: int = 0,
    moves: int = 80,
    actions_per_step: int = 3,
    samples: int = 32,
) -> HookReport:
    """Hold the kit's ``quiet`` test to the take-back check's sampler: in seeded random
    games, for sampled legal actions of each position and every seat, a move the test vouches
    for must show nothing to the sampler with ``samples`` determinisations (several times the
    table's own). Raises ``ConformanceError`` at the first move the test vouches for wrongly,
    or when it never vouches for any (a test that is never used is no test)."""
    return _check_hook(
        game_id, "quiet", False, games, players, first_seed, moves, actions_per_step, samples
    )


def check_loud(
    game_id: str,
    *,
    games: int = 2,
    players: list[int] | None = None,
    first_seed: int = 0,
    moves: int = 80,
    actions_per_step: int = 3,
    samples: int = 32,
) -> HookReport:
    """Hold the kit's ``loud`` test to the sampler as ``check_quiet`` holds ``quiet``: a move
    the test vouches for must show the sampler something."""
    return _check_hook(
        game_id, "loud", True, games, players, first_seed, moves, actions_per_step, samples
    )


def _check_hook(
    game_id: str,
    name: str,
    shows: bool,
    games: int,
    players: list[int] | None,
    first_seed: int,
    moves: int,
    actions_per_step: int,
    samples: int,
) -> HookReport:
    """``check_quiet`` (``shows`` False) and ``check_loud`` (True): each move the kit's hook
    ``name`` vouches for must be one the sampler says ``shows`` of."""
    kit = game_kit(game_id)
    hook = getattr(kit, name)
    if hook is None:
        raise ConformanceError(f"{game_id}: the kit has no {name} test")
    counts = list(kit.game.info.player_counts) if players is None else players
    report = HookReport(game_id, name)
    for count in counts:
        for seed in range(first_seed, first_seed + games):
            state = make(game_id, players=count, seed=seed)
            rng = random.Random(seed)
            for step in range(moves):
                if state.result() is not None:
                    break
                legal = state.legal_actions()
                for action in rng.sample(legal, min(actions_per_step, len(legal))):
                    after = state.clone()
                    after.apply(action)
                    for seat in range(state.players):
                        report.cases += 1
                        if not hook(state, action, seat, after):
                            continue
                        report.vouched += 1
                        if sampled_reveals(state, str(action), seat, samples) != shows:
                            raise _fail(
                                game_id,
                                count,
                                seed,
                                step,
                                f"{name} says {action} shows seat {seat} "
                                f"{'something' if shows else 'nothing'}, but the sampler sees "
                                f"it shown {'nothing' if shows else 'something'}",
                            )
                state.apply(rng.choice(legal))
    if report.vouched == 0:
        raise ConformanceError(f"{game_id}: the {name} test vouched for no move")
    return report
