"""What the bots know of Sequence and Sequence Numbers: heuristics from what the deciding seat
observes.

The greedy policy reads the chips from the observation and values each legal action by what
it does to the five-space windows through its space: a window that only one team occupies is
that team's chance of a sequence, worth more the fuller it is. A chip raises the mover's
windows and kills the opponents' windows through its space; a removal lowers an opponent's
windows and may reopen the mover's. Opponent windows one chip short are weighted far above
the mover's own (the opponent moves next), and the one that would complete an opponent's last
sequence above everything but the mover's own winning chip. Place-anywhere and remove cards
carry a cost, so they are spent only where a value card cannot do as well.

The typed observation gives each space and window its number in the rules module's
geometry (``SPACES``, ``WINDOWS``), which the valuation below reads.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.heuristics import shares
from sequenza.core.kit import Flow, HandModel, LearnedJudge, Play, PositionEvaluation

from .rules import ANYWHERE, REMOVE, RUN, SPACE_OF, SPACES, WINDOW_SETS, WINDOWS
from .types import EMPTY, FREE, BoardObservation

#: The windows through each space.
THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index, window in enumerate(WINDOWS) if space in window)
    for space in range(SPACES)
)

# The worth of a window to its team, by the chips (and free corners) in it. The mover's own
# windows are worth less than an opponent's of the same fill: the opponent moves next.
OWN = (0.0, 1.0, 3.0, 10.0, 40.0)
RIVAL = (0.0, 1.0, 3.0, 12.0)
#: A rival window one chip short: of a sequence that would not, or would, win the game.
RIVAL_FOUR = 400.0
RIVAL_WINNING_FOUR = 5000.0
#: A sequence of the mover's own that does not end the game yet, and one that does.
SEQUENCE = 1000.0
WIN = 1e6
#: What spending a place-anywhere or a remove card costs: they are the scarce cards that
#: complete or save a line wherever it is, so a value card that does as well is played first.
ANYWHERE_COST = 60.0
REMOVE_COST = 40.0
#: The share of a removal's worth that lasts: the owner may put a chip back on the space.
REMOVE_SHARE = 0.8


@dataclass
class Reading:
    """The board as the deciding seat reads it, with each team's windows valued."""

    board: list[int]
    team: int
    sides: int
    sequences: list[list[int]]
    to_win: int
    shared_limit: int
    #: Per team and window: the team's chips there, free corners included, or -1 where the
    #: team can no longer make that window a sequence.
    level: list[list[int]]
    #: Per window: chips of every team, and the free corners.
    chips: list[list[int]]

    @classmethod
    def of(cls, seen: BoardObservation, seat: int, shared_limit: int) -> Reading:
        teams = seen.teams
        sides = max(teams) + 1
        board = [cell for row in seen.chips for cell in row.cells]
        sequences = [[window.index for window in windows] for windows in seen.sequences]
        chips = []
        for window in WINDOWS:
            counts = [0] * (sides + 1)  # the last entry counts free corners
            for space in window:
                value = board[space]
                if value == FREE:
                    counts[sides] += 1
                elif value != EMPTY:
                    counts[value] += 1
            chips.append(counts)
        level = []
        for team in range(sides):
            own_sequences = [WINDOW_SETS[window] for window in sequences[team]]
            levels = []
            for index, counts in enumerate(chips):
                occupied = counts[team] + counts[-1]
                if sum(counts[:-1]) != counts[team] or not all(
                    len(WINDOW_SETS[index] & done) <= shared_limit for done in own_sequences
                ):
                    levels.append(-1)
                else:
                    levels.append(occupied)
            level.append(levels)
        return cls(
            board=board,
            team=teams[seat],
            sides=sides,
            sequences=sequences,
            to_win=seen.sequences_to_win,
            shared_limit=shared_limit,
            level=level,
            chips=chips,
        )

    def rival_worth(self, team: int, filled: int) -> float:
        if filled < RUN - 1:
            return RIVAL[filled]
        if len(self.sequences[team]) + 1 >= self.to_win:
            return RIVAL_WINNING_FOUR
        return RIVAL_FOUR

    def place_worth(self, space: int) -> float:
        """The worth of the mover's chip on an empty space."""
        me = self.team
        worth = 0.0
        completed: list[int] = []
        for window in THROUGH[space]:
            for team in range(self.sides):
                filled = self.level[team][window]
                if filled < 0:
                    continue
                if team != me:
                    worth += self.rival_worth(team, filled)
                elif filled + 1 == RUN:
                    completed.append(window)
                else:
                    worth += OWN[filled + 1] - OWN[filled]
        if completed:
            made = self._sequences_made(completed)
            if len(self.sequences[me]) + made >= self.to_win:
                return WIN
            worth += SEQUENCE * made
        return worth

    def _sequences_made(self, completed: list[int]) -> int:
        """How many of the completed windows can be marked together (a line of six gives two
        windows that overlap too much to count twice)."""
        kept: list[frozenset[int]] = []
        for window in completed:
            spaces = WINDOW_SETS[window]
            if all(len(spaces & other) <= self.shared_limit for other in kept):
                kept.append(spaces)
        return len(kept)

    def remove_worth(self, space: int) -> float:
        """The worth of taking the rival chip off a space (before the card's cost)."""
        me = self.team
        owner = self.board[space]
        worth = 0.0
        for window in THROUGH[space]:
            filled = self.level[owner][window]
            if filled >= 0:
                worth += self.rival_worth(owner, filled) - self.rival_worth(owner, filled - 1)
            counts = self.chips[window]
            # The removed chip was the only one in the way of one of the mover's windows.
            mine = counts[me] + counts[-1]
            if (
                sum(counts[:-1]) - counts[me] == 1
                and self.level[me][window] < 0
                and self._may_become_sequence(window)
            ):
                worth += OWN[mine]
        return worth

    def _may_become_sequence(self, window: int) -> bool:
        spaces = WINDOW_SETS[window]
        return all(
            len(spaces & WINDOW_SETS[done]) <= self.shared_limit
            for done in self.sequences[self.team]
        )

    def future_after_marking(self, window: int) -> float:
        """The mover's chances of another sequence once ``window`` is marked: the worth of the
        windows it would still allow."""
        spaces = WINDOW_SETS[window]
        return sum(
            OWN[min(filled, RUN - 1)]
            for index, filled in enumerate(self.level[self.team])
            if filled >= 0
            and index != window
            and len(WINDOW_SETS[index] & spaces) <= self.shared_limit
        )


def _shared_limit(state: State[Any]) -> int:
    """How many spaces a team's second sequence may share with its first (a rule option)."""
    limit: int = state.game.options.shared_limit
    return limit


def _anywhere_faces(legal: list[Action], labels: tuple[str, ...]) -> set[str]:
    """The cards played here as place-anywhere cards: those whose plays reach spaces of more
    than one board value (a value card goes only on the spaces showing its value)."""
    reached: dict[str, set[str]] = {}
    for action in legal:
        if action.verb == "play":
            reached.setdefault(str(action.args[0]), set()).add(
                labels[SPACE_OF[str(action.args[1])]]
            )
    return {face for face, values in reached.items() if len(values) > 1}


def board_worths(state: State[Any], legal: list[Action]) -> dict[Action, float]:
    """What each legal action is worth to the seat to act: the chip or removal by the lines
    through its space, a place-anywhere or remove card less its cost (so that it is kept for
    where it beats every value card), a sequence to mark by the room it leaves for the next."""
    seat = state.current_seat
    assert seat is not None
    reading = Reading.of(BoardObservation.of(state, seat), seat, _shared_limit(state))
    layout = state.game.layout
    if legal[0].verb == "mark":
        # The rules' meaning of a mark action: (kind, face, the window it marks).
        return {action: reading.future_after_marking(layout.moves[action][2]) for action in legal}
    anywhere = _anywhere_faces(legal, layout.labels)
    worths = {}
    for action in legal:
        if action.verb == "dead":
            worth = WIN  # a dead card is always worth exchanging first
        elif action.verb == "play":
            space = SPACE_OF[str(action.args[1])]
            worth = reading.place_worth(space)
            if str(action.args[0]) in anywhere:
                worth -= ANYWHERE_COST
        elif action.verb == "remove":
            space = SPACE_OF[str(action.args[1])]
            worth = REMOVE_SHARE * reading.remove_worth(space) - REMOVE_COST
        else:
            worth = -WIN
        worths[action] = worth
    return worths


def board_policy(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """Exchange a dead card first; then play the chip or removal worth most (see
    ``board_worths``)."""
    for action in legal:
        if action.verb == "dead":
            return action
    if len(legal) == 1:
        return legal[0]
    worths = board_worths(state, legal)
    return max(legal, key=lambda action: worths[action] + rng.random() * 1e-3)


def board_reason(state: State[Any], action: Action) -> tuple[str, dict[str, Any]] | None:
    """Why ``action`` is good, as the greedy valuation reads the windows through its space:
    it completes a sequence (or the game), blocks or breaks an opponent's line of four, or
    makes a line of four of the mover's own; a dead card is exchanged; a mark leaves room for
    the next sequence. ``None`` where no line stands out."""
    seat = state.current_seat
    if seat is None:
        return None
    if action.verb == "dead":
        return "dead_card", {}
    if action.verb == "mark":
        return "mark_room", {}
    if action.verb not in ("play", "remove"):
        return None
    seen = BoardObservation.of(state, seat)
    reading = Reading.of(seen, seat, _shared_limit(state))
    space = SPACE_OF[str(action.args[1])]

    def seat_of(team: int) -> int:
        return next(other for other, its in enumerate(seen.teams) if its == team)

    if action.verb == "remove":
        owner = reading.board[space]
        if any(reading.level[owner][window] == RUN - 1 for window in THROUGH[space]):
            return "breaks_four", {"seat": seat_of(owner)}
        return None
    me = reading.team
    completed = [window for window in THROUGH[space] if reading.level[me][window] == RUN - 1]
    if completed:
        if len(reading.sequences[me]) + reading._sequences_made(completed) >= reading.to_win:
            return "wins", {}
        return "sequence", {}
    for team in range(reading.sides):
        if team != me and any(reading.level[team][w] == RUN - 1 for w in THROUGH[space]):
            return "blocks_four", {"seat": seat_of(team)}
    if any(reading.level[me][window] == RUN - 2 for window in THROUGH[space]):
        return "four", {}
    for team in range(reading.sides):
        if team != me and any(reading.level[team][w] == RUN - 2 for w in THROUGH[space]):
            return "blocks_three", {"seat": seat_of(team)}
    return None


def _value_plays(legal: list[Action]) -> list[Action]:
    """The plays of cards with at most two of them: value cards, which go on the two spaces
    showing their value. Legal actions list each card's plays together, so the long run of a
    place-anywhere or remove card is skipped by bisection, not walked."""
    plays = []
    index, count = 0, len(legal)
    while index < count:
        face = legal[index].args[0]
        if index + 2 < count and legal[index + 2].args[0] == face:
            low, high = index + 2, count - 1
            while low < high:
                middle = (low + high + 1) // 2
                if legal[middle].args[0] == face:
                    low = middle
                else:
                    high = middle - 1
            index = low + 1
            continue
        plays.append(legal[index])
        index += 1
    return plays


def board_playout(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """For playouts, from the legal actions alone: exchange a dead card, then play a value
    card at random, and a place-anywhere or remove card only when no value card can go. A
    uniform choice would spend those cards at nearly every turn that holds one, as each has
    an action per space."""
    first = legal[0]
    if first.verb == "dead" or len(legal) == 1:
        return first
    if first.verb == "mark":
        return legal[rng.randrange(len(legal))]
    plays = _value_plays(legal) or legal
    return plays[rng.randrange(len(plays))]


#: A team's standing in the board evaluation: a marked sequence, and a unit of window worth.
SEQUENCE_STANDING = 120.0
STANDING_SCALE = 40.0


def board_shares(state: State[Any]) -> list[float]:
    """Each seat's share from its team's standing: its sequences and the worth of the windows
    it may still fill (``OWN`` by their fill)."""
    seen = BoardObservation.of(state, None)
    reading = Reading.of(seen, 0, _shared_limit(state))
    standing = [
        SEQUENCE_STANDING * len(reading.sequences[team])
        + sum(OWN[min(filled, RUN - 1)] for filled in reading.level[team] if filled > 0)
        for team in range(reading.sides)
    ]
    team_shares = shares(standing, STANDING_SCALE)
    teams = seen.teams
    return [team_shares[team] / teams.count(team) for team in teams]


# ------------------------------------------------------------------ the learned evaluation
# A judge fitted by self-play instead of written by hand (``bench/learn_judge.py`` plays
# greedy against greedy and fits the winner by logistic regression on these features of the
# positions at the start of each turn). It reads the whole state, as ``board_shares`` does:
# the search asks it about the deals it imagines, never about the true hidden cards.

#: What the learned judge counts of each team's position, in the order of its weights; one
#: more weight follows, the team to act's.
LEARNED_FEATURES = (
    "sequences",
    "windows_of_1",
    "windows_of_2",
    "windows_of_3",
    "windows_of_4",
    "fours_that_would_win",
    "fours_its_hands_finish",
    "threes_its_hands_raise",
    "place_anywhere_cards",
    "remove_cards",
)
LEARNED_FILE = Path(__file__).with_name("learned_judge.json")


def learned_features(state: State[Any], reading: Reading, team: int) -> list[int]:
    """``LEARNED_FEATURES`` of ``team``: its windows by fill (a free corner counts as a
    chip), those of four where one more sequence wins, its windows of four (of three) whose
    empty spaces a card in its seats' hands can fill, and its action cards."""
    board: Any = state
    layout = state.game.layout
    reach = [False] * SPACES
    anywhere = removes = 0
    for seat, seat_team in enumerate(state.game.teams()):
        if seat_team != team:
            continue
        for card in board.hands[seat]:
            face = layout.card_faces[card]
            if layout.kinds[face] == ANYWHERE:
                anywhere += 1
            elif layout.kinds[face] == REMOVE:
                removes += 1
            else:
                for space in layout.value_spaces[face]:
                    reach[space] = True
    counts = [0] * RUN
    finish = raise_ = 0
    for window, filled in enumerate(reading.level[team]):
        if filled <= 0:
            continue
        counts[min(filled, RUN - 1)] += 1
        if filled in (RUN - 2, RUN - 1) and (
            anywhere > 0
            or any(reading.board[space] == EMPTY and reach[space] for space in WINDOWS[window])
        ):
            if filled == RUN - 1:
                finish += 1
            else:
                raise_ += 1
    sequences = len(reading.sequences[team])
    winning = counts[RUN - 1] if sequences + 1 >= reading.to_win else 0
    return [sequences, *counts[1:], winning, finish, raise_, anywhere, removes]


@cache
def learned_weights(game_id: str) -> tuple[float, ...] | None:
    """The learned judge's weights for a game, as ``bench/learn_judge.py`` fitted them."""
    fitted = json.loads(LEARNED_FILE.read_text(encoding="utf-8")).get(game_id)
    return None if fitted is None else tuple(float(weight) for weight in fitted["weights"])


def learned_board_shares(state: State[Any]) -> list[float]:
    """Each seat's share from its team's learned standing (``LearnedJudge``)."""
    weights = learned_weights(state.game.id)
    if weights is None:
        raise ValueError(f"{state.game.id} has no learned judge")
    seen = BoardObservation.of(state, None)
    reading = Reading.of(seen, 0, _shared_limit(state))
    teams = seen.teams
    acting: Any = state
    standing = []
    for team in range(reading.sides):
        total = 0.0
        features = learned_features(state, reading, team)
        for weight, feature in zip(weights[: len(features)], features, strict=True):
            total += weight * feature
        if teams[acting.to_act] == team:
            total += weights[len(LEARNED_FEATURES)]
        standing.append(total)
    team_shares = shares(standing, 1.0)
    return [team_shares[team] / teams.count(team) for team in teams]


# ---------------------------------------------------------------------- reading hands
# The expert bot (``sequenza.ai.belief``) rewrites hands in the states it imagines, never in
# the true one: a hand is a list of card numbers, the draw pile another, and a card's face is
# its layout's.


def _hands(state: State[Any]) -> list[list[int]]:
    board: Any = state  # a board game's state: its hands are a list per seat
    hands: list[list[int]] = board.hands
    return hands


def _hand(state: State[Any], seat: int) -> list[Any]:
    return list(_hands(state)[seat])


def _set_hand(state: State[Any], seat: int, cards: list[Any]) -> None:
    board: Any = state  # a board game's state keeps its hand caches itself
    board.set_hand(seat, list(cards))


def _card_of(state: State[Any], face: str) -> Any:
    layout = state.game.layout
    return layout.card_faces.index(layout.face_index[face])


def _face_of(state: State[Any], card: Any) -> str:
    layout = state.game.layout
    face: str = layout.faces[layout.card_faces[card]]
    return face


def _flow(action: Action) -> Flow:
    """A chip placed or removed is the turn's choice, then one card is drawn; a dead card is
    exchanged for another (and the heuristics always exchange it first)."""
    if action.verb in ("play", "remove"):
        return Flow(str(action.args[0]), 1, rated=True)
    if action.verb == "dead":
        return Flow(str(action.args[0]), 1, rated=False)
    return Flow(None, 0, rated=False)


def _shuffle_rest(state: State[Any], rng: random.Random) -> None:
    board: Any = state
    rng.shuffle(board.draw_pile)


#: Sequence and Sequence Numbers share their bots' knowledge: only the board's faces differ.
PLAY = Play(
    greedy=board_policy,
    playout=board_playout,
    ranker=board_worths,
    evaluation=PositionEvaluation(
        board_shares,
        horizon=2,
        greedy_playouts=True,
        learned=LearnedJudge(learned_board_shares, learned_weights),
    ),
    hand_model=HandModel(_hand, _set_hand, _card_of, _face_of, _flow, _shuffle_rest),
    reason=board_reason,
)
