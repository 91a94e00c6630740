"""What a table adds to a game's rules: seats that resign or run out of time, clocks, and moves
taken back. The rules know nothing of these; a table keeps its own history of entries, and the
position, the standing, the clocks and the outcome all follow from it::

    history = TableHistory(sequenza.make("sequentia-shift", players=3, seed=1))
    history.add(Entry(EntryKind.RESIGN, seat=1))      # seat 1 is out; two sides play on
    history.standing.out                               # frozenset({1})

Decisions (the table's, not the rules'; ``docs/tables.md`` says them for players):

- **Resigning** (or losing on time, which counts as resigning) puts the seat's whole side out:
  in a team game the team shares one result, so a player concedes for the team. With one side
  left the game ends at once and that side wins. With more sides left the game goes on; a bot
  plays the turns of the seats that are out, and they can no longer win: the winners of the
  rules' ending are taken among the sides still in.
- **Clocks** count each action (a Cross placement, a Stacks answer) as a move. They start with
  the game's first move, run for people's seats only, and time once spent stays spent, also
  when the move it was spent on is taken back.
- **Taking back** removes the last move of a person, together with the bots' moves after it,
  unless one of those moves showed that person something hidden (``reveals``).
- **Hints switched on** during the game (``HINTS_ON``, where the web table lets a person do
  it) are an entry too, once: the log and a replay show from where the players could ask for
  hints. It changes neither the position nor the clocks.

The module is generic: it reaches games only through the ``State`` contract.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.errors import SequenzaError, UnknownGameError
from sequenza.core.events import (
    HintsSwitchedOn,
    Resigned,
    TableOver,
    TimedOut,
    UndoAccepted,
    Undone,
    UndoRefused,
    UndoRequested,
)
from sequenza.core.game import Result, SharedTermination, State, Termination
from sequenza.core.observation import Observation
from sequenza.core.registry import game_kit

#: Determinisations that ``reveals`` compares.
REVEAL_SAMPLES = 8
#: Positions kept before the last moves of people (the positions a take-back returns to), so
#: that neither the take-back check nor taking back replays the game. Only those: every kept
#: position is hundreds of objects that each full collection of the server's memory walks.
SNAPSHOTS = 3
#: Seconds a per-game clock restarts with after a bot played for a seat whose time ran out,
#: unless the increment is longer: a player who is back can still play on.
RESTART_SECONDS = 10.0
#: The events the table itself writes in its log, beside the game's own.
TABLE_EVENTS = frozenset(
    {
        "resigned",
        "time_out",
        "table_over",
        "undo_request",
        "undo_refused",
        "undo_accepted",
        "undone",
        "hints_on",
    }
)


class HistoryError(SequenzaError):
    """A table entry that cannot be added (a corrupt history, or a bug of the caller)."""


class EntryKind(StrEnum):
    """What an entry of a table's history is."""

    MOVE = "move"  #: the seat's own action (a person's, or a bot seat's)
    STAND_IN = "stand_in"  #: a bot's action for a seat that is out
    TIME_MOVE = "time_move"  #: a bot's action for a seat whose time ran out
    RESIGN = "resign"
    TIME_OUT = "time_out"  #: the seat lost on time: as a resignation
    UNDO_REQUEST = "undo_request"
    UNDO_ACCEPT = "undo_accept"
    UNDO_REFUSE = "undo_refuse"
    UNDO = "undo"  #: moves taken back (``action``: how many)
    HINTS_ON = "hints_on"  #: hints switched on for the rest of the game, by ``seat``

    @property
    def is_move(self) -> bool:
        return self in (EntryKind.MOVE, EntryKind.STAND_IN, EntryKind.TIME_MOVE)


@dataclass(frozen=True)
class Entry:
    """One entry of a table's history. ``seat`` is who did it; ``elapsed`` the seconds it
    charged to the clock of the seat that was to act before it (``None``: no clock ran)."""

    kind: EntryKind
    seat: int
    action: str = ""
    elapsed: float | None = None
    at: float = 0.0


# ---------------------------------------------------------------------- who is out
@dataclass(frozen=True)
class Standing:
    """The sides of a table (``teams``: the team of each seat) and the seats that are out."""

    teams: tuple[int, ...]
    out: frozenset[int] = frozenset()

    def leave(self, seat: int) -> Standing:
        """``seat`` resigned or lost on time: its whole side is out.

        >>> Standing((0, 1, 0, 1)).leave(2).out
        frozenset({0, 2})
        """
        team = self.teams[seat]
        side = {other for other, other_team in enumerate(self.teams) if other_team == team}
        return replace(self, out=self.out | side)

    @property
    def sides_left(self) -> tuple[int, ...]:
        return tuple(sorted({team for seat, team in enumerate(self.teams) if seat not in self.out}))

    @property
    def decided(self) -> bool:
        """Whether at most one side is left: the game ends at once."""
        return len(self.sides_left) <= 1

    def conceded(self, termination: Termination) -> Result:
        """The result once the others left: the side still in wins. Scores are the win
        itself (1 and 0): a game stopped before its end has no score of its own."""
        winners = tuple(seat for seat in range(len(self.teams)) if seat not in self.out)
        scores = tuple(1.0 if seat in winners else 0.0 for seat in range(len(self.teams)))
        return Result(scores, winners, termination)

    def final(self, result: Result) -> Result:
        """The rules' result with the sides that are out taken from the winners: if every
        winner is out, the best score among the seats still in wins.

        >>> from sequenza.core.game import SharedTermination as T
        >>> Standing((0, 1, 2), frozenset({0})).final(Result((5, 3, 4), (0,), T.TIME)).winners
        (2,)
        """
        if not self.out:
            return result
        winners = tuple(seat for seat in result.winners if seat not in self.out)
        if not winners:
            left = [seat for seat in range(len(self.teams)) if seat not in self.out]
            best = max(result.scores[seat] for seat in left)
            winners = tuple(seat for seat in left if result.scores[seat] == best)
        return Result(result.scores, winners, result.termination)


# ---------------------------------------------------------------------- clocks
class ClockKind(StrEnum):
    NONE = "none"
    MOVE = "move"  #: so many seconds for each move
    GAME = "game"  #: so many minutes for the game, plus an increment per move (Fischer)


class OnTimeout(StrEnum):
    BOT = "bot"  #: a bot makes the move, and the seat plays on
    LOSE = "lose"  #: the seat loses, as if it resigned


#: Bounds of the settings (inclusive).
MOVE_SECONDS = (2, 3600)
GAME_MINUTES = (1, 180)
INCREMENT_SECONDS = (0, 600)


@dataclass(frozen=True)
class ClockSettings:
    """A table's clock, chosen when it is made."""

    kind: ClockKind = ClockKind.NONE
    move_seconds: int = 60
    game_minutes: int = 10
    increment_seconds: int = 0
    on_timeout: OnTimeout = OnTimeout.LOSE

    def __post_init__(self) -> None:
        for name, (low, high) in (
            ("move_seconds", MOVE_SECONDS),
            ("game_minutes", GAME_MINUTES),
            ("increment_seconds", INCREMENT_SECONDS),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise HistoryError(f"{name} is a whole number from {low} to {high}, not {value!r}")

    @property
    def on(self) -> bool:
        return self.kind is not ClockKind.NONE

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "move_seconds": self.move_seconds,
            "game_minutes": self.game_minutes,
            "increment_seconds": self.increment_seconds,
            "on_timeout": self.on_timeout.value,
        }

    @classmethod
    def from_json(cls, data: Any) -> ClockSettings:
        """Settings from JSON; anything else raises ``HistoryError`` naming the problem."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise HistoryError("a clock is a JSON object")
        unknown = set(data) - set(cls().to_json())
        if unknown:
            raise HistoryError(f"unknown clock settings: {', '.join(sorted(unknown))}")
        try:
            kind = ClockKind(data.get("kind", "none"))
            on_timeout = OnTimeout(data.get("on_timeout", "lose"))
        except ValueError as error:
            raise HistoryError(str(error)) from None
        defaults = cls()
        return cls(
            kind,
            data.get("move_seconds", defaults.move_seconds),
            data.get("game_minutes", defaults.game_minutes),
            data.get("increment_seconds", defaults.increment_seconds),
            on_timeout,
        )


@dataclass
class Clocks:
    """The time left of every seat under ``settings``."""

    settings: ClockSettings
    left: list[float]

    @classmethod
    def start(cls, settings: ClockSettings, players: int) -> Clocks:
        return cls(settings, [settings.game_minutes * 60.0] * players)

    def allowance(self, seat: int) -> float:
        """The seconds ``seat`` has for its next move."""
        if self.settings.kind is ClockKind.MOVE:
            return float(self.settings.move_seconds)
        return self.left[seat]

    def charge(self, seat: int, elapsed: float) -> None:
        """``seat`` used ``elapsed`` seconds on a move."""
        if self.settings.kind is ClockKind.GAME:
            spent = max(0.0, self.left[seat] - elapsed)
            self.left[seat] = spent + self.settings.increment_seconds

    def ran_out(self, seat: int) -> None:
        """A bot moved for ``seat``, whose time ran out: its clock starts again."""
        if self.settings.kind is ClockKind.GAME:
            self.left[seat] = max(float(self.settings.increment_seconds), RESTART_SECONDS)


# ---------------------------------------------------------------------- hidden information
def reveals(
    before: State[Any],
    action: str,
    seat: int,
    samples: int = REVEAL_SAMPLES,
    *,
    after: State[Any] | None = None,
) -> bool:
    """Whether playing ``action`` from ``before`` showed ``seat`` something it could not see
    before. The game's kit answers first where it can, with no sampling: ``GameKit.quiet``
    for a move that certainly showed nothing, ``GameKit.loud`` for one that certainly showed
    something (in Sequence every move draws a card: sampling it was most of a move's cost on
    a server); otherwise ``sampled_reveals`` decides, the reference both hooks are held to.
    ``after`` is the position the action made, when the caller has it already."""
    parsed = before.parse_action(action)
    quiet, loud = _hooks(before)
    if quiet is not None or loud is not None:
        if after is None:
            after = before.clone()
            after.apply_unchecked(parsed)
        if quiet is not None and quiet(before, parsed, seat, after):
            return False
        if loud is not None and loud(before, parsed, seat, after):
            return True
    return sampled_reveals(before, action, seat, samples)


def sampled_reveals(
    before: State[Any], action: str, seat: int, samples: int = REVEAL_SAMPLES
) -> bool:
    """The reference answer of ``reveals``: in several positions that ``seat`` cannot tell
    from ``before`` (determinisations), the same action must be legal and leave ``seat``
    seeing the same thing. A card drawn, a card played from another's hand, a reshuffle: each
    makes the views differ."""
    rng = random.Random(f"{before.seed}:{len(before.history)}:{seat}")
    parsed = before.parse_action(action)
    # The typed views are compared, not their JSON: equal typed views write the same JSON,
    # and leaving out the writing halves the cost of a check that runs after every move.
    seen: Observation | None = None
    for _ in range(samples):
        twin = before.determinize(seat, rng)
        if parsed not in twin.legal_actions():
            return True
        twin.apply_unchecked(parsed)
        view = twin.observe(seat)
        if seen is None:
            seen = view
        elif view != seen:
            return True
    return False


#: A kit's ``quiet`` or ``loud`` test: (before, action, seat, after) -> whether it vouches.
Hook = Callable[[State[Any], Action, int, State[Any]], bool]


def _hooks(state: State[Any]) -> tuple[Hook | None, Hook | None]:
    """The kit's ``quiet`` and ``loud`` tests of the state's game; None for a game the
    registry does not know, one without the hook, or another class under a registered id (a
    variant made in a test may hide cards differently)."""
    try:
        kit = game_kit(state.game.id)
    except UnknownGameError:
        return None, None
    if type(state.game) is not kit.game:
        return None, None
    return kit.quiet, kit.loud


def _played(state: State[Any], action: str) -> State[Any]:
    """A clone of ``state`` with ``action`` played on it."""
    after = state.clone()
    after.apply(action)
    return after


# ---------------------------------------------------------------------- the history
class UndoRefusal(StrEnum):
    """Why a seat may not take its last move back now: a code that the page words."""

    GAME_OVER = "game_over"
    OUT = "out"
    #: Another person moved after the seat's last move (or the seat has not moved).
    NOT_LAST = "not_last"
    #: A seat resigned or ran out of time after the move.
    PLAYER_LEFT = "player_left"
    #: The move itself drew or showed a card the seat had not seen.
    MOVE_REVEALED = "move_revealed"
    #: A bot's move after it did.
    BOT_REVEALED = "bot_revealed"


@dataclass(frozen=True)
class UndoPlan:
    """What taking back would do for a seat now: ``moves`` taken back, or why not."""

    seat: int
    moves: int
    reason: UndoRefusal | None = None

    @property
    def possible(self) -> bool:
        return self.reason is None


@dataclass
class UndoRequest:
    seat: int
    moves: int
    ask: tuple[int, ...]
    accepted: set[int] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "moves": self.moves,
            "ask": list(self.ask),
            "accepted": sorted(self.accepted),
        }


class TableHistory:
    """A table's entries and what follows from them: the position, who is out, the clocks, the
    table's log (the game's events and the table's own, never shortened, each action with the
    ``turn`` of its entry) and the outcome.

    ``bots`` are the seats that bots hold; the others are people's."""

    def __init__(
        self,
        initial: State[Any],
        bots: frozenset[int] = frozenset(),
        clock: ClockSettings | None = None,
    ) -> None:
        self.initial = initial.clone()
        self.state = initial.clone()
        self.bots = bots
        self.clock = clock or ClockSettings()
        self.entries: list[Entry] = []
        self.standing = Standing(tuple(initial.game.teams()))
        self.clocks = Clocks.start(self.clock, initial.players)
        self.log: list[dict[str, Any]] = [dict(event) for event in initial.log]
        self.outcome: Result | None = initial.result()
        #: The entries (by index) of the moves in force, in order.
        self.played: list[int] = []
        #: When the seat to act began its move (``at`` of an entry); None before the first move.
        self.turn_started: float | None = None
        self.request: UndoRequest | None = None
        #: The entry (by index) that switched hints on during the game; None: it has none.
        self.hints_from: int | None = None
        self._plans: dict[tuple[int, int], UndoPlan] = {}
        #: Whether the move of an entry (by index) showed a seat a hidden card, by (entry, seat).
        #: A fact of the table for good: an entry stays in force only with the moves before it,
        #: so copies share this memo, and each move is checked once, not at every broadcast.
        self._revealed: dict[tuple[int, int], bool] = {}
        #: The position after the first ``k`` moves in force, for the last few ``k``.
        self._snapshots: dict[int, State[Any]] = {}

    def copy(self) -> TableHistory:
        twin = TableHistory.__new__(TableHistory)
        twin.__dict__.update(self.__dict__)
        # The position is shared, not cloned: ``add`` never changes a position in place (a
        # move plays on a clone, a take-back replays), so a copy that is thrown away (a move
        # that could not be saved) cost nothing, and the position before a move is kept as
        # it is (``_snapshots``) without a second clone.
        twin.entries = list(self.entries)
        twin.clocks = Clocks(self.clocks.settings, list(self.clocks.left))
        twin.log = list(self.log)
        twin.played = list(self.played)
        twin.request = (
            None
            if self.request is None
            else replace(self.request, accepted=set(self.request.accepted))
        )
        twin._plans = {}
        twin._snapshots = dict(self._snapshots)  # never played on: shared
        return twin

    # ------------------------------------------------------------------ reading
    @property
    def turn(self) -> int:
        """The number of entries: a client answers the position of this turn."""
        return len(self.entries)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def to_act(self) -> int | None:
        return None if self.over else self.state.current_seat

    def timed(self, seat: int) -> bool:
        """Whether ``seat``'s clock runs on its moves: a person's seat that is still in."""
        return self.clock.on and seat not in self.bots and seat not in self.standing.out

    def deadline(self) -> float | None:
        """When the seat to act runs out of time (a ``time.time()``), if a clock runs."""
        seat = self.to_act
        if seat is None or self.turn_started is None or not self.timed(seat):
            return None
        return self.turn_started + self.clocks.allowance(seat)

    def clock_view(self, now: float) -> dict[str, Any] | None:
        """Every seat's time left now (``None``: no clock for that seat), and whose runs."""
        if not self.clock.on:
            return None
        started = self.turn_started
        seat = self.to_act
        running = seat if seat is not None and started is not None and self.timed(seat) else None
        left: list[float | None] = []
        for other in range(self.state.players):
            if not self.timed(other):
                left.append(None)
                continue
            allowance = self.clocks.allowance(other)
            if other == running and started is not None:
                allowance -= now - started
            left.append(round(max(0.0, allowance), 2))
        return {"left": left, "running": running}

    def last_person_move(self) -> int | None:
        """The index in ``played`` of the last move a person made, bots' moves after it aside."""
        for position in range(len(self.played) - 1, -1, -1):
            entry = self.entries[self.played[position]]
            if entry.kind is EntryKind.MOVE and entry.seat not in self.bots:
                return position
        return None

    def undo_plan(self, seat: int) -> UndoPlan:
        """Whether ``seat`` may take its last move back now (with the bots' moves after it)."""
        key = (self.turn, seat)
        if key not in self._plans:
            self._plans[key] = self._plan(seat)
        return self._plans[key]

    def _plan(self, seat: int) -> UndoPlan:
        if self.over:
            return UndoPlan(seat, 0, UndoRefusal.GAME_OVER)
        if seat in self.standing.out:
            return UndoPlan(seat, 0, UndoRefusal.OUT)
        position = self.last_person_move()
        if position is None or self.entries[self.played[position]].seat != seat:
            return UndoPlan(seat, 0, UndoRefusal.NOT_LAST)
        index = self.played[position]
        if any(
            entry.kind in (EntryKind.RESIGN, EntryKind.TIME_OUT)
            for entry in self.entries[index + 1 :]
        ):
            return UndoPlan(seat, 0, UndoRefusal.PLAYER_LEFT)
        moves = len(self.played) - position
        # The positions on the way are only read: the one kept before the move as it is, the
        # next ones played on clones, and the last one the table's own (this runs at every
        # move, and the last move is most often the person's own, with nothing to clone).
        kept = self._snapshots.get(position)
        cursor = self._replayed(position) if kept is None else kept
        for number, taken in enumerate(self.played[position:]):
            action = self.entries[taken].action
            last = number == moves - 1
            after = self.state if last else None
            known = self._revealed.get((taken, seat))
            if known is None:
                if after is None:
                    after = _played(cursor, action)
                known = self._revealed[(taken, seat)] = reveals(cursor, action, seat, after=after)
            if known:
                why = UndoRefusal.MOVE_REVEALED if number == 0 else UndoRefusal.BOT_REVEALED
                return UndoPlan(seat, moves, why)
            if not last:
                cursor = _played(cursor, action) if after is None else after
        return UndoPlan(seat, moves)

    def _replayed(self, moves: int) -> State[Any]:
        """The position after the first ``moves`` moves in force."""
        kept = self._snapshots.get(moves)
        if kept is not None:
            return kept.clone()
        state = self.initial.clone()
        for index in self.played[:moves]:
            state.apply(self.entries[index].action)
        return state

    # ------------------------------------------------------------------ writing
    def add(self, entry: Entry) -> None:
        """Add ``entry``: what it does to the position, the standing, the clocks and the log.
        An entry that cannot follow raises ``HistoryError`` (``IllegalActionError`` for a move
        the rules refuse) and leaves the history as it was only on a ``copy``: callers add to
        a copy and keep it once saved."""
        if self.over:
            raise HistoryError("the game is over")
        turn = len(self.entries)
        to_act = self.state.current_seat
        if entry.elapsed is not None and to_act is not None and self.timed(to_act):
            self.clocks.charge(to_act, entry.elapsed)
        kind = entry.kind
        if kind.is_move:
            self._move(entry, turn)
        elif kind in (EntryKind.RESIGN, EntryKind.TIME_OUT):
            self._leave(entry, turn)
        elif kind is EntryKind.UNDO_REQUEST:
            self._ask(entry)
        elif kind in (EntryKind.UNDO_ACCEPT, EntryKind.UNDO_REFUSE):
            self._answer(entry)
        elif kind is EntryKind.HINTS_ON:
            self._hints_on(entry, turn)
        else:
            self._undo(entry)
        self.entries.append(entry)
        restarts = (
            kind.is_move
            or kind in (EntryKind.UNDO, EntryKind.TIME_OUT)
            or (kind is EntryKind.RESIGN and entry.seat == to_act)
        )
        if restarts and (self.turn_started is not None or kind.is_move):
            self.turn_started = entry.at

    def _move(self, entry: Entry, turn: int) -> None:
        seat = self.state.current_seat
        if seat != entry.seat:
            raise HistoryError(f"entry {turn}: seat {entry.seat} moved, but seat {seat} is to act")
        before = len(self.state.log)
        previous = self.state
        self.state = previous.clone()
        self.state.apply(entry.action)
        if entry.kind is EntryKind.MOVE and entry.seat not in self.bots:
            self._snapshots[len(self.played)] = previous
            while len(self._snapshots) > SNAPSHOTS:
                del self._snapshots[min(self._snapshots)]
        if entry.kind is EntryKind.TIME_MOVE:
            self.clocks.ran_out(entry.seat)
        self.played.append(turn)
        self.request = None
        for event in self.state.log[before:]:
            event = dict(event)
            if event.get("event") == "action":
                event["turn"] = turn
                if entry.kind is not EntryKind.MOVE:
                    event["stand_in"] = "time" if entry.kind is EntryKind.TIME_MOVE else "out"
            self.log.append(event)
        result = self.state.result()
        if result is not None:
            self._end(self.standing.final(result), result)

    def _leave(self, entry: Entry, turn: int) -> None:
        if entry.seat in self.standing.out:
            raise HistoryError(f"entry {turn}: seat {entry.seat} is out already")
        self.standing = self.standing.leave(entry.seat)
        self.request = None
        left = Resigned if entry.kind is EntryKind.RESIGN else TimedOut
        self.log.append(
            left(seat=entry.seat, out=tuple(sorted(self.standing.out)), turn=turn).to_json()
        )
        if self.standing.decided:
            termination = (
                SharedTermination.RESIGNED
                if entry.kind is EntryKind.RESIGN
                else SharedTermination.TIME
            )
            self._end(self.standing.conceded(termination), None)

    def _end(self, outcome: Result, rules: Result | None) -> None:
        self.outcome = outcome
        if rules is None or outcome.winners != rules.winners:
            self.log.append(
                TableOver(
                    scores=outcome.scores,
                    winners=outcome.winners,
                    termination=outcome.termination.value,
                ).to_json()
            )

    def _ask(self, entry: Entry) -> None:
        if self.request is not None:
            raise HistoryError("a request to take back is waiting already")
        try:
            asked = json.loads(entry.action)
            request = UndoRequest(entry.seat, int(asked["moves"]), tuple(asked["ask"]))
        except (ValueError, KeyError, TypeError):
            raise HistoryError(f"not a request to take back: {entry.action!r}") from None
        self.request = request
        self.log.append(
            UndoRequested(
                seat=request.seat,
                moves=request.moves,
                ask=request.ask,
                accepted=tuple(sorted(request.accepted)),
            ).to_json()
        )

    def _answer(self, entry: Entry) -> None:
        request = self.request
        if request is None or entry.seat not in request.ask:
            raise HistoryError(f"seat {entry.seat} has no request to answer")
        if entry.kind is EntryKind.UNDO_REFUSE:
            self.request = None
            self.log.append(UndoRefused(seat=entry.seat, asker=request.seat).to_json())
        else:
            request.accepted.add(entry.seat)
            self.log.append(UndoAccepted(seat=entry.seat).to_json())

    def _hints_on(self, entry: Entry, turn: int) -> None:
        if self.hints_from is not None:
            raise HistoryError(f"entry {turn}: hints were switched on at entry {self.hints_from}")
        self.hints_from = turn
        self.log.append(HintsSwitchedOn(seat=entry.seat, turn=turn).to_json())

    def _undo(self, entry: Entry) -> None:
        moves = int(entry.action) if entry.action.isdigit() else 0
        if not 0 < moves <= len(self.played):
            raise HistoryError(f"{moves} moves cannot be taken back from {len(self.played)}")
        self.played = self.played[:-moves]
        self._snapshots = {k: v for k, v in self._snapshots.items() if k <= len(self.played)}
        self.state = self._replayed(len(self.played))
        self.request = None
        self.log.append(Undone(seat=entry.seat, moves=moves).to_json())
