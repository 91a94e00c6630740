"""A review after the game: each of a seat's moves against the strongest level's choice, by
the chance of winning it cost.

Each of the seat's decisions is judged from that seat's information only, as a bot decides:
the hidden cards are dealt again from one sorted pool (``hints.canonical``), so the review is
the same whatever the other seats really held. There the strongest level the game's menu
offers (``hints.hint_level``, a search at a fixed number of iterations so that the review is
the same on every machine) chooses its move, and both moves, the one played and the level's,
are played on in seeded playouts: ``deals`` deals of the hidden cards (which card a draw
brings differs from deal to deal), ``playouts`` games on from each (the unseen cards dealt
again each game), every choice made by the playout ``policy``. A move's win chance is the
share of those games the seat won; what a move cost is how far its chance falls short of the
level's choice (never below nothing: a move the playouts like better cost nothing).

Both moves are played on with the same seeds (common random numbers), so that the playouts'
luck falls alike on both and the difference is mostly the moves'. The work is bounded: at
most ``max_decisions`` decisions (spread over the game when it had more), each at most
``2 * deals * playouts`` playouts and one decision of the level. The compiled core plays the
playouts where it plays the game (``sequenza.fast``): 60 decisions, 16 x 8 greedy playouts.
Where it does not (a mode file's game, a machine that could not build the core), the Python
engine plays them, a hundred times slower with a heuristic (0.1 s a greedy game of Shift), so
the review's budget is smaller there (``budget``): 30 decisions, 8 x 4 random playouts.

>>> import sequenza
>>> state = sequenza.make("sequentia-shift", players=2, seed=3)
>>> for _ in range(6):
...     state.apply(state.legal_actions()[-1])
>>> found = review_game(state.record(), 0, seed=1, deals=2, playouts=2)
>>> found.seat, found.policy, len(found.moves) <= found.decisions
(0, 'greedy', True)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from sequenza import fast
from sequenza.ai.base import Decision, make_bot
from sequenza.ai.hints import canonical, hint_level
from sequenza.core.actions import Action
from sequenza.core.errors import OptionError
from sequenza.core.game import GameRecord
from sequenza.core.registry import make

#: The most decisions one review judges: a longer game's are picked evenly through it.
MAX_DECISIONS = 60
#: Deals of the hidden cards per judged move, and games played on from each.
DEALS = 16
PLAYOUTS = 8
#: How the playouts choose every move: the game's greedy heuristic, so that a move is judged
#: against sensible answers (a random playout forgives every mistake alike).
POLICY = "greedy"
#: The searching levels' fixed budget in a review: the ladder's own (its ratings were measured
#: at it), and a review is the same on a fast machine and a slow one.
SEARCH_ITERATIONS = 100
#: The budget where the Python engine plays the playouts (``budget``): random choices, the
#: only ones it plays in a few milliseconds in every game, and fewer of them.
PYTHON_POLICY = "random"
PYTHON_MAX_DECISIONS = 30
PYTHON_DEALS = 8
PYTHON_PLAYOUTS = 4
#: A cost below this share is the playouts' noise, not a mistake to show a player.
NOTICEABLE = 0.05
#: How many of the costliest moves a review marks.
MARKED = 3


@dataclass(frozen=True)
class MoveReview:
    """One judged move: its place among the game's moves in force (``index``: 0 is the
    first move), the move ``played`` and the level's choice (``better``, the same action when
    they agree) with each one's estimated win chance (``None`` where they agree: nothing
    to compare)."""

    index: int
    played: str
    better: str
    played_chance: float | None = None
    better_chance: float | None = None

    @property
    def cost(self) -> float:
        """The win chance the move gave up against the level's choice (0 to 1)."""
        if self.played_chance is None or self.better_chance is None:
            return 0.0
        return max(0.0, self.better_chance - self.played_chance)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "played": self.played,
            "better": self.better,
            "played_chance": self.played_chance,
            "better_chance": self.better_chance,
            "cost": round(self.cost, 4),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveReview:
        def chance(value: Any) -> float | None:
            return None if value is None else float(value)

        return cls(
            int(data["index"]),
            str(data["played"]),
            str(data["better"]),
            chance(data.get("played_chance")),
            chance(data.get("better_chance")),
        )


@dataclass(frozen=True)
class Review:
    """A seat's judged moves (``moves``, in the order played) out of its ``decisions`` (its
    moves that had a choice), with what judged them: the ``level`` whose choice each is
    measured against, the playout ``policy`` and the playouts per move (``deals`` times
    ``playouts``)."""

    game: str
    seat: int
    level: str
    policy: str
    deals: int
    playouts: int
    decisions: int
    moves: tuple[MoveReview, ...]

    def costliest(self, count: int = MARKED) -> list[MoveReview]:
        """The ``count`` moves that cost most, the costliest first (an earlier move first
        among equals), leaving out those that cost less than ``NOTICEABLE``."""
        costly = [move for move in self.moves if move.cost >= NOTICEABLE]
        return sorted(costly, key=lambda move: (-move.cost, move.index))[:count]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "level": self.level,
            "policy": self.policy,
            "deals": self.deals,
            "playouts": self.playouts,
            "decisions": self.decisions,
            "moves": [move.to_json() for move in self.moves],
            "costliest": [move.index for move in self.costliest()],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        return cls(
            str(data["game"]),
            int(data["seat"]),
            str(data["level"]),
            str(data["policy"]),
            int(data["deals"]),
            int(data["playouts"]),
            int(data["decisions"]),
            tuple(MoveReview.from_json(move) for move in data["moves"]),
        )


def _whole(name: str, value: Any, lowest: int = 1) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < lowest:
        raise OptionError(f"review setting {name} must be a whole number of at least {lowest}")


def spread(count: int, most: int) -> list[int]:
    """Which of ``count`` decisions a review judges when it may judge ``most``: all of them,
    or ``most`` spread evenly from the first to the last.

    >>> spread(3, 5)
    [0, 1, 2]
    >>> spread(10, 4)
    [0, 3, 6, 9]
    """
    if count <= most:
        return list(range(count))
    if most == 1:
        return [0]
    return sorted({round(number * (count - 1) / (most - 1)) for number in range(most)})


def budget(game_id: str) -> dict[str, Any]:
    """A review's defaults for a game: ``policy``, ``max_decisions``, ``deals`` and
    ``playouts``, the larger where the compiled core plays the game's greedy playouts.

    >>> budget("a-game-the-core-does-not-play")
    {'policy': 'random', 'max_decisions': 30, 'deals': 8, 'playouts': 4}
    """
    if fast.engine_for(game_id, POLICY) == "fast":
        return {
            "policy": POLICY,
            "max_decisions": MAX_DECISIONS,
            "deals": DEALS,
            "playouts": PLAYOUTS,
        }
    return {
        "policy": PYTHON_POLICY,
        "max_decisions": PYTHON_MAX_DECISIONS,
        "deals": PYTHON_DEALS,
        "playouts": PYTHON_PLAYOUTS,
    }


def review_game(
    record: GameRecord,
    seat: int,
    *,
    seed: int,
    moves: Collection[int] | None = None,
    max_decisions: int | None = None,
    deals: int | None = None,
    playouts: int | None = None,
    policy: str | None = None,
    level: str | None = None,
    **settings: Any,
) -> Review:
    """The review of ``seat``'s moves in the game of ``record`` (finished or not): each of
    its decisions that had a choice, or those among the moves in force numbered in ``moves``
    (the player's own, where a bot stood in for some), judged as the module says. The record
    is replayed to find the decisions; each is judged from the seat's ``Decision`` only.
    The work's bounds left out are the game's ``budget``."""
    defaults = budget(record.game)
    max_decisions = defaults["max_decisions"] if max_decisions is None else max_decisions
    deals = defaults["deals"] if deals is None else deals
    playouts = defaults["playouts"] if playouts is None else playouts
    policy = defaults["policy"] if policy is None else policy
    _whole("max_decisions", max_decisions)
    _whole("deals", deals)
    _whole("playouts", playouts)
    if policy not in fast.POLICIES:
        raise OptionError(f"review setting policy must be one of {fast.POLICIES}, not {policy!r}")
    found: list[tuple[int, Decision, Action]] = []
    state = make(record.game, record.players, record.seed, **record.options)
    if not 0 <= seat < state.players:
        raise OptionError(f"there is no seat {seat} at a {state.players}-player table")
    for index, text in enumerate(record.actions):
        action = state.parse_action(text)
        if (
            state.current_seat == seat
            and (moves is None or index in moves)
            and len(state.legal_actions()) > 1
        ):
            # A copy: the game plays on from this state, and the decision keeps its position.
            found.append((index, Decision.of(state.clone()), action))
        state.apply(action)
    if not found:  # no move of this seat had a choice: nothing to judge
        chosen = level or hint_level(record.game)
        return Review(record.game, seat, chosen, policy, deals, playouts, 0, ())
    return review_decisions(
        found,
        seed=seed,
        max_decisions=max_decisions,
        deals=deals,
        playouts=playouts,
        policy=policy,
        level=level,
        **settings,
    )


def review_decisions(
    decisions: Sequence[tuple[int, Decision, Action]],
    *,
    seed: int,
    max_decisions: int = MAX_DECISIONS,
    deals: int = DEALS,
    playouts: int = PLAYOUTS,
    policy: str = POLICY,
    level: str | None = None,
    **settings: Any,
) -> Review:
    """The review of one seat's ``decisions``, each ``(index, decision, action played)`` in
    the order played: what ``review_game`` does once it has found them. Only each decision's
    view and determiniser are read."""
    if not decisions:
        raise ValueError("a review needs at least one decision")
    first = decisions[0][1]
    game_id, seat = first.game_id, first.seat
    chosen_level = level or hint_level(game_id)
    if chosen_level in ("mcts", "expert"):
        settings = {"iterations": SEARCH_ITERATIONS, **settings}
    # One bot for the whole game, asked in the order played: a level with a memory (the
    # expert reads its opponent's plays) remembers the decisions it saw before.
    bot = make_bot(chosen_level, seed=seed, **settings)
    judged = []
    for place in spread(len(decisions), max_decisions):
        index, decision, played = decisions[place]
        # The same seed for the deal and the bot at every table where this seat saw the same.
        own = random.Random(f"review {seed} {index}").getrandbits(48)
        seen = canonical(decision, own)
        better = bot.choose(seen)
        if better == played:
            judged.append(MoveReview(index, str(played), str(better)))
            continue
        chances = [
            win_chance(seen, action, own, deals=deals, playouts=playouts, policy=policy)
            for action in (played, better)
        ]
        judged.append(MoveReview(index, str(played), str(better), *chances))
    return Review(
        game_id, seat, chosen_level, policy, deals, playouts, len(decisions), tuple(judged)
    )


def win_chance(
    decision: Decision,
    action: Action,
    seed: int,
    *,
    deals: int = DEALS,
    playouts: int = PLAYOUTS,
    policy: str = POLICY,
) -> float:
    """The share of seeded games the deciding seat wins after ``action`` (a shared win counts
    as its share): ``deals`` deals of what the seat cannot see, ``action`` played in each,
    then ``playouts`` games on, the unseen cards dealt again for each and every move chosen
    by ``policy``. A deal where the action cannot be played (none of the seat's own moves
    depends on hidden cards in these games) is left out; none left: 0."""
    seat = decision.seat
    won = 0.0
    played = 0
    for number in range(deals):
        # Seeds apart by ``playouts`` for each deal: no two games of a move share one.
        start = seed + number * (playouts + 1)
        deal = decision.sample_state(random.Random(start))
        if action not in deal.legal_actions():
            continue
        deal.apply_unchecked(action)
        result = deal.result()
        if deal.is_over and result is not None:
            won += _share(seat, result.winners) * playouts
        else:
            batch = fast.playouts_from(deal, playouts, seat=seat, seed=start + 1, policy=policy)
            won += batch.wins[seat]
        played += playouts
    return round(won / played, 4) if played else 0.0


def _share(seat: int, winners: Sequence[int]) -> float:
    return 1.0 / len(winners) if seat in winners else 0.0
