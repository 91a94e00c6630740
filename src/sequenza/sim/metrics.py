"""What matters for each game, measured from a finished game's public record.

Every measure reads only ``state.history`` (the actions' texts) and ``state.log`` (public
events: ``{"event": "action", "seat", "action"}`` for each action, plus the game's own
events), never a game's internals, so the games know nothing of the simulator. A small
table keyed by game id adds each game's own measures; every game, known here or not, gets the
generic ones: how often each action verb was played.

A measure yields per-game *counts* (summed or averaged over games by the report, see
``Figure``) and *samples* (values collected for a histogram, e.g. the slides before each
claim).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from sequenza.core.game import State


@dataclass(frozen=True)
class Figure:
    """One line of a game's table in the report: the sum of count ``key`` over all games,
    divided by the number of games (``per=None``) or by the sum of count ``per`` (a ratio,
    e.g. slides per claim). ``per`` may also be ``"turns"`` or ``"actions"``."""

    key: str
    label: str
    per: str | None = None
    percent: bool = False


@dataclass(frozen=True)
class Measured:
    counts: dict[str, float] = field(default_factory=dict)
    samples: dict[str, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameMetrics:
    """A game's own measures: how to take them and how to show them. How a game ended is
    not measured here: its ``Result`` says it."""

    measure: Callable[[State[Any]], Measured]
    figures: tuple[Figure, ...]
    #: Sample key -> histogram title.
    histograms: dict[str, str] = field(default_factory=dict)


def _actions(state: State[Any]) -> Iterator[tuple[int, str, list[str]]]:
    """Each action as (seat, verb, argument words), in order."""
    for event in state.log:
        if event.get("event") == "action":
            verb, *args = str(event["action"]).split()
            yield int(event["seat"]), verb, args


def _events(state: State[Any], name: str) -> list[dict[str, Any]]:
    return [event for event in state.log if event.get("event") == name]


# ------------------------------------------------------------------ Sequentia · Shift
def _shift(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    slides_before_claim: list[float] = []
    seat_before: int | None = None
    slides = 0
    for seat, verb, _ in _actions(state):
        # A seat never takes two turns in a row in Shift: a new seat is a new turn.
        if seat != seat_before:
            seat_before, slides = seat, 0
        if verb == "slide":
            slides += 1
        elif verb == "claim":
            counts["claims"] += 1
            counts["slides_before_claims"] += slides
            slides_before_claim.append(slides)
    for exchange in _events(state, "exchange"):
        if exchange.get("cause") == "repetition":
            counts["forced_exchanges"] += 1
        else:
            counts["impossible_targets"] += 1
    counts["games_with_forced_exchange"] = float(counts["forced_exchanges"] > 0)
    counts["repeated_positions"] = len(_events(state, "repetition"))
    counts["slide_limit_turns"] = len(_events(state, "turn_over"))
    return Measured(dict(counts), {"slides_before_claim": slides_before_claim})


SHIFT = GameMetrics(
    _shift,
    (
        Figure("impossible_targets", "Impossible targets exchanged, per game"),
        Figure("impossible_targets", "Turns spent exchanging an impossible target", "turns", True),
        Figure(
            "forced_exchanges",
            "Exchanges forced by a position met three times (players looping), per game",
        ),
        Figure("games_with_forced_exchange", "Games with a forced exchange", percent=True),
        Figure(
            "repeated_positions",
            "Positions met three times (an exchange, or a pass with an empty deck), per game",
        ),
        Figure("claims", "Claims per game"),
        Figure("slides_before_claims", "Slides per claim (in the claiming turn)", "claims"),
        Figure("slide_limit_turns", "Turns that used every slide without a claim, per game"),
    ),
    {"slides_before_claim": "Slides made in the turn before each claim"},
)


# ------------------------------------------------------------------ Sequentia · Stack
def _stack(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    places_in_turn: list[float] = []
    seat_before: int | None = None
    for seat, verb, _ in _actions(state):
        if seat != seat_before:
            seat_before = seat
            places_in_turn.append(0)
        if verb == "place":
            places_in_turn[-1] += 1
            counts["places"] += 1
        elif verb == "claim":
            counts["claims"] += 1
    claim_sizes = [float(event.get("cards", 0)) for event in _events(state, "claim")]
    counts["claimed_cards"] = sum(claim_sizes)
    counts["chained_turns"] = sum(1 for places in places_in_turn if places > 1)
    return Measured(dict(counts), {"claim_size": claim_sizes, "places_per_turn": places_in_turn})


STACK = GameMetrics(
    _stack,
    (
        Figure("claims", "Claims per game"),
        Figure("claimed_cards", "Cards per claim", "claims"),
        Figure("places", "Cards placed per turn", "turns"),
        Figure("chained_turns", "Turns that chained placements (bonus cards)", "turns", True),
    ),
    {"claim_size": "Cards collected by each claim", "places_per_turn": "Cards placed in a turn"},
)


# ------------------------------------------------------------------ Sequentia · Cross
def _cross(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    claim_sizes: list[float] = []
    for event in _events(state, "claim"):
        counts["claims"] += 1
        counts[f"claims_by_{event.get('lines', 'lines')}"] += 1
        claim_sizes.append(float(event.get("cards", 0)))
    counts["claimed_cards"] = sum(claim_sizes)
    counts["discarded_cards"] = len(_events(state, "discard"))
    counts["turns_without_sequence"] = len(_events(state, "no_sequence"))
    return Measured(dict(counts), {"claim_size": claim_sizes})


CROSS = GameMetrics(
    _cross,
    (
        Figure("claims", "Claims per game"),
        Figure("claims_by_rows", "Claims of rows", "claims", True),
        Figure("claims_by_columns", "Claims of columns", "claims", True),
        Figure("claimed_cards", "Cards per claim", "claims"),
        Figure("discarded_cards", "Cards discarded (no allowed pile), per game"),
        Figure("turns_without_sequence", "Turns that placed cards but made no sequence, per game"),
    ),
    {"claim_size": "Cards collected by each claim"},
)


# ------------------------------------------------------------------ Sequence Stacks
_STACKS_ACTION_CARDS = ("skip", "reverse", "steal-card", "steal-chip")


def _stacks(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    for _, verb, args in _actions(state):
        if verb == "block":
            counts["blocks"] += 1
        elif verb == "play" and args and args[0] in _STACKS_ACTION_CARDS:
            counts[args[0].replace("-", "_")] += 1
    counts["steals"] = counts["steal_card"] + counts["steal_chip"]
    counts["completed"] = len(_events(state, "completed"))
    counts["chips"] = len(_events(state, "chip"))
    counts["reshuffles"] = len(_events(state, "reshuffle"))
    return Measured(dict(counts))


STACKS = GameMetrics(
    _stacks,
    (
        Figure("blocks", "Blocks played, per game"),
        Figure("blocks", "Completed piles blocked", "completed", True),
        Figure("steals", "Steals per game (cards and chips)"),
        Figure("steal_card", "Steal-a-Card played, per game"),
        Figure("steal_chip", "Steal-a-Chip played, per game"),
        Figure("skip", "Skips per game"),
        Figure("reverse", "Reverses per game"),
        Figure("completed", "Piles completed, per game"),
        Figure("chips", "Chips taken from the supply, per game"),
        Figure("reshuffles", "Set-aside stack reshuffled into the draw pile, per game"),
    ),
)


# ------------------------------------------------------------------ Sequence and Sequence Numbers
def _board(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    for _, verb, _ in _actions(state):
        if verb in {"dead", "remove", "pass"}:
            counts[verb] += 1
    counts["sequences"] = len(_events(state, "sequence"))
    counts["reshuffles"] = len(_events(state, "reshuffle"))
    return Measured(dict(counts))


BOARD = GameMetrics(
    _board,
    (
        Figure("dead", "Dead cards replaced, per game"),
        Figure("dead", "Turns that began by replacing a dead card", "turns", True),
        Figure("remove", "Chips removed, per game"),
        Figure("sequences", "Sequences made, per game"),
        Figure("pass", "Turns passed without a playable card, per game"),
        Figure("reshuffles", "Discard piles reshuffled into the draw pile, per game"),
    ),
)


# ------------------------------------------------------------------ the table
#: Game id -> its own measures. Games missing here get the generic ones only.
GAMES: dict[str, GameMetrics] = {
    "sequentia-shift": SHIFT,
    "sequentia-stack": STACK,
    "sequentia-cross": CROSS,
    "sequence-stacks": STACKS,
    "sequence": BOARD,
    "sequence-numbers": BOARD,
}

GENERIC = GameMetrics(lambda state: Measured(), ())

#: The prefix of the generic counts: ``verb:slide`` is how many ``slide`` actions a game had.
VERB = "verb:"


def metrics_for(game_id: str) -> GameMetrics:
    return GAMES.get(game_id, GENERIC)


def measure(game_id: str, state: State[Any]) -> Measured:
    """Every count and sample of a finished game: the game's own and the verb counts."""
    own = metrics_for(game_id).measure(state)
    verbs = Counter(VERB + text.split(" ", 1)[0] for text in state.history)
    return Measured({**own.counts, **verbs}, own.samples)
