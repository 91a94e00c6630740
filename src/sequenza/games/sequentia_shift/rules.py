"""Sequentia · Shift: slide the cards of a 3x3 grid until a row shows your target's code.

The grid is a list of 9 card ids (``None`` where a position is empty), row-major::

    +---+---+---+
    | 0 | 1 | 2 |   row 0
    +---+---+---+
    | 3 | 4 | 5 |   row 1      position 4, the centre, is the hole at the start
    +---+---+---+
    | 6 | 7 | 8 |   row 2
    +---+---+---+

Only rows count, read left to right: row ``r`` is positions ``3r, 3r+1, 3r+2``.

Most of the game there is one hole. When the deck runs short after a claim, several positions
stay empty, so a slide names both ends: ``slide 5 4`` moves the card at 5 into the empty 4.

>>> import sequenza
>>> state = sequenza.make("sequentia-shift", players=2, seed=1)
>>> state.grid[4] is None
True
>>> [str(action) for action in state.legal_actions()][:4]
['slide 1 4', 'slide 3 4', 'slide 5 4', 'slide 7 4']
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self, cast

from sequenza.components.decks import redeal, shuffle
from sequenza.components.sequentia_cards import SequentiaCard, sequentia_deck
from sequenza.core import (
    Action,
    ActionSpace,
    Game,
    GameInfo,
    NotationError,
    Options,
    State,
    Termination,
    option,
)
from sequenza.core.notation import position_fields
from sequenza.core.rng import copy_rng

from .types import (
    SHIFT_EVENTS,
    ExchangeCause,
    ShiftClaimed,
    ShiftDealt,
    ShiftDrewTarget,
    ShiftExchanged,
    ShiftNoTarget,
    ShiftObservation,
    ShiftPhase,
    ShiftRefilled,
    ShiftRepetition,
    ShiftTurnOver,
)

SIZE = 3
POSITIONS = SIZE * SIZE
CENTRE = 4

DECK = sequentia_deck()
TEXTS = tuple(str(card) for card in DECK)
DIGITS = tuple(card.digit for card in DECK)
CODES = tuple(tuple(int(digit) for digit in card.code) for card in DECK)
# How many 1s, 2s and 3s (indices 1..3) a card's code asks the table for.
NEEDS = tuple(tuple(code.count(digit) for digit in range(4)) for code in CODES)
# The table's digits packed in one integer, a byte per digit (bits 8-15 count the 1s, 16-23
# the 2s, 24-31 the 3s): rule 1's check is then one subtraction, not a count of the grid.
_DIGIT_UNITS = tuple(1 << (8 * digit) for digit in DIGITS)
_PACKED_NEEDS = tuple(
    sum(count << (8 * digit) for digit, count in enumerate(need)) for need in NEEDS
)
# The top bit of each digit's byte: a byte of ``counts + _GUARDS - needs`` keeps it exactly
# when the count covers the need (counts and needs stay below 10, so no byte borrows).
_GUARDS = sum(0x80 << (8 * digit) for digit in (1, 2, 3))
_ID_BY_FACE = {(card.digit, card.code): index for index, card in enumerate(DECK)}
# One character per card id, for the compact keys of the positions seen (JSON-safe, readable).
_KEY_CHARS = tuple(chr(ord("0") + card) for card in range(len(DECK)))
_EMPTY_KEY = ord(".")
# Per grid cell (a card id or None), its share of the caches that ``_grid_changed`` builds.
_CELL_UNITS: dict[int | None, int] = {None: 0, **dict(enumerate(_DIGIT_UNITS))}
_CELL_KEYS: dict[int | None, int] = {
    None: _EMPTY_KEY,
    **{c: ord(k) for c, k in enumerate(_KEY_CHARS)},
}
_CELL_DIGIT_TEXTS: dict[int | None, int] = {
    None: ord("0"),
    **{c: ord(str(d)) for c, d in enumerate(DIGITS)},
}
# Where a position's digit sits in the grid's digit text: the rows, split by "|".
_ROW_TEXT_INDEX = tuple(position + position // SIZE for position in range(POSITIONS))
# Each card's code as the text a row of the digit text shows when it reads the code.
_CODE_TEXTS = tuple("".join(map(str, code)).encode() for code in CODES)

NEIGHBOURS = tuple(
    tuple(
        sorted(
            row * SIZE + column
            for row, column in (
                (position // SIZE - 1, position % SIZE),
                (position // SIZE + 1, position % SIZE),
                (position // SIZE, position % SIZE - 1),
                (position // SIZE, position % SIZE + 1),
            )
            if 0 <= row < SIZE and 0 <= column < SIZE
        )
    )
    for position in range(POSITIONS)
)
SLIDES = tuple((source, target) for source in range(POSITIONS) for target in NEIGHBOURS[source])
#: The positions of each row, left to right (only rows count).
ROWS = tuple(tuple(range(row * SIZE, (row + 1) * SIZE)) for row in range(SIZE))

# The action space, in the order legal lists use: slides, claims, end, exchange, pass, hole,
# refill.
SLIDE_ACTIONS = tuple(Action("slide", pair) for pair in SLIDES)
CLAIM_ACTIONS = tuple(Action("claim", (row,)) for row in range(SIZE))
END = Action("end")
EXCHANGE = Action("exchange")
PASS = Action("pass")
HOLE_ACTIONS = tuple(Action("hole", (position,)) for position in range(POSITIONS))
REFILL_ACTIONS = tuple(Action("refill", (position,)) for position in range(POSITIONS))
ACTIONS = (
    *SLIDE_ACTIONS,
    *CLAIM_ACTIONS,
    END,
    EXCHANGE,
    PASS,
    *HOLE_ACTIONS,
    *REFILL_ACTIONS,
)
ACTION_SPACE = ActionSpace(ACTIONS, "Sequentia · Shift")
ACTION_IDS = {action: index for index, action in enumerate(ACTIONS)}
# For each empty position, the slides into it: (the card's position, the action).
SLIDES_INTO = tuple(
    tuple(
        (source, SLIDE_ACTIONS[index])
        for index, (source, empty) in enumerate(SLIDES)
        if empty == hole
    )
    for hole in range(POSITIONS)
)
SLIDE_ACTIONS_INTO = tuple(tuple(action for _, action in slides) for slides in SLIDES_INTO)

# The option diagonal_slides: a card diagonally next to the empty position slides too. Its
# slides come after every action of the orthogonal game, so that a table without the option
# keeps the action space (and every action's number) it always had.
DIAGONALS = tuple(
    tuple(
        sorted(
            row * SIZE + column
            for row in (position // SIZE - 1, position // SIZE + 1)
            for column in (position % SIZE - 1, position % SIZE + 1)
            if 0 <= row < SIZE and 0 <= column < SIZE
        )
    )
    for position in range(POSITIONS)
)
DIAGONAL_SLIDES = tuple(
    (source, target) for source in range(POSITIONS) for target in DIAGONALS[source]
)
DIAGONAL_SLIDE_ACTIONS = tuple(Action("slide", pair) for pair in DIAGONAL_SLIDES)
DIAGONAL_ACTIONS = (*ACTIONS, *DIAGONAL_SLIDE_ACTIONS)
DIAGONAL_ACTION_SPACE = ActionSpace(DIAGONAL_ACTIONS, "Sequentia · Shift with diagonal slides")
DIAGONAL_ACTION_IDS = {action: index for index, action in enumerate(DIAGONAL_ACTIONS)}
# For each empty position, every slide into it (orthogonal, then diagonal) with the option.
ALL_SLIDES_INTO = tuple(
    (
        *SLIDES_INTO[hole],
        *(
            (source, DIAGONAL_SLIDE_ACTIONS[index])
            for index, (source, empty) in enumerate(DIAGONAL_SLIDES)
            if empty == hole
        ),
    )
    for hole in range(POSITIONS)
)

# Phases of a turn: sliding and claiming, or placing deck cards after a claim.
PLAY = "play"
REFILL = "refill"

RULES_TEXT = """
Cards: 54 Sequentia cards. Each shows a big digit (1, 2 or 3) and asks for a code, three
digits read left to right (for example 2-1-3).

Setup: the cards are shuffled; 8 are dealt face up into a 3x3 grid with the centre empty.
Each player draws one card: their target, which only they see. Grid positions are numbered
0 to 8, left to right and top to bottom; rows are 0 (top), 1 and 2. Seat 0 plays first
(option random_first_player: a seat drawn at random).

Your turn, in order:
1. Impossible target. If the digits on the table do not include your target's code, counted
   with repetition (code 3-3-3 needs three 3s on the table), you must exchange it: it leaves
   the game for good (shown to everyone), you draw a new target and your turn ends. With an
   empty deck you can only pass.
   Repeated position (decision, option repetitions, default 3): when the same position
   (grid, every target, seat to act, slides made, deck size) occurs for the third time, the
   player to act must exchange their target in the same way (with an empty deck: pass).
   Players who undo each other's slides would otherwise loop for ever.
2. Slides. Up to 6 slides (option slide_limit): move a card that is next to an empty position
   (up, down, left or right) into it ("slide 5 4" moves the card at 5 into the empty 4).
   [decision] The published rules say only "adjacent"; orthogonal is the sliding-puzzle
   reading. Option diagonal_slides=true lets a diagonal neighbour slide in too ("slide 0 4").
3. Claim. At any moment of the turn, before the first slide too, if a row read left to
   right shows your target's code, you may claim it ("claim 1"); where two rows show it you
   pick one. Columns never count. You show your target and collect it with the row's 3 cards,
   then refill the grid from the deck leaving exactly one position empty, which you choose
   ("hole 4"). If the deck holds too few cards, you place the cards it has one by one where
   you like ("refill 3"). Then you draw a new target and your turn ends.
4. Without a claim you may end the turn at any time ("end"). After the 6th slide the turn
   ends by itself unless a row now shows your code (you may still claim it). The grid stays
   as you left it and you keep your target.

A player with no target (the deck ran out) passes. The game ends when the deck is empty and
no player can still claim: every remaining target is impossible, or nobody holds one.

Decisions (ours, not the publisher's; the published rules leave these points open):
- diagonal_slides (off): a card slides in only from above, below, left or right.
- stall_rounds (3): with an empty deck, the game also ends after 3 full rounds without a
  claim.
- repetitions (3): the repeated position rule above. Every exchange shrinks the deck, so
  every game reaches the end of the deck.
- idle_rounds (0, off): a safety net that ends the game while the deck still holds cards,
  after that many full rounds with no claim and no exchange. The published rules never end
  a game with cards in the deck, so it is off unless you ask for it.

The winner is the player with the most collected cards; equal counts share the win.
"""


@dataclass(frozen=True)
class ShiftOptions(Options):
    slide_limit: int = option(6, "Slides allowed in one turn", minimum=1, maximum=30)
    diagonal_slides: bool = option(
        False,
        "A card diagonally next to the empty position may slide into it too; by default only "
        "the cards above, below, left and right of it (the sliding-puzzle reading of the "
        'published rules\' "adjacent")',
        decision=True,
    )
    stall_rounds: int = option(
        3,
        "With an empty deck, the game ends after this many full rounds without a claim",
        minimum=1,
        maximum=50,
        decision=True,
    )
    repetitions: int = option(
        3,
        "When a position (grid, targets, seat to act, slides made, deck size) occurs this "
        "many times, the player to act must exchange their target (with an empty deck: pass)",
        minimum=2,
        maximum=100,
        decision=True,
    )
    idle_rounds: int = option(
        0,
        "Safety net, 0 for off: while the deck holds cards, the game ends after this many "
        "full rounds without a claim or an exchange",
        minimum=0,
        maximum=1000,
        decision=True,
    )


class ShiftTermination(Termination):
    #: The seed's ending: the deck is empty and no player can still claim.
    DECK_EXHAUSTED = "deck_exhausted"
    #: With an empty deck, ``stall_rounds`` full rounds without a claim.
    STALL = "stall"
    #: The ``idle_rounds`` safety net, with cards left in the deck.
    IDLE_ROUNDS = "idle_rounds"

    @property
    def is_stall(self) -> bool:
        return self is not ShiftTermination.DECK_EXHAUSTED


class ShiftGame(Game[ShiftOptions]):
    info = GameInfo(
        id="sequentia-shift",
        name="Sequentia · Shift",
        player_counts=(2, 3, 4),
        rules_version="2",
        summary="Slide cards on a 3x3 grid until a row shows the code of your secret target.",
        rules_text=RULES_TEXT,
    )
    options_class = ShiftOptions
    terminations = ShiftTermination
    observation_class = ShiftObservation
    event_classes = SHIFT_EVENTS

    @property
    def action_space(self) -> ActionSpace:
        return DIAGONAL_ACTION_SPACE if self.options.diagonal_slides else ACTION_SPACE

    def new_initial_state(self, seed: int) -> ShiftState:
        return ShiftState(self, seed)


class ShiftState(State[ShiftGame]):
    """A Shift position. ``grid`` holds card ids by position, ``deck`` the draw pile (top at
    the end), ``targets`` each seat's target card id (``None``: no target)."""

    SAVE_FIELDS = (
        "deck",
        "first_player",
        "grid",
        "targets",
        "score_piles",
        "out_of_play",
        "phase",
        "slides",
        "quiet_turns",
        "positions",
        "repetitions",
    )

    # The saved fields' types (the state's JSON schema reads them).
    deck: list[int]
    first_player: int
    grid: list[int | None]
    targets: list[int | None]
    score_piles: list[list[int]]
    out_of_play: list[int]
    phase: str
    slides: int
    quiet_turns: int
    positions: dict[str, int]
    repetitions: int

    def __init__(self, game: ShiftGame, seed: int) -> None:
        super().__init__(game, seed)
        self.deck = list(range(len(DECK)))
        shuffle(self.deck, self.rng)
        self.first_player = (
            self.rng.randrange(game.players) if game.options.random_first_player else 0
        )
        self.to_act = self.first_player
        self.grid = [
            None if position == CENTRE else self.deck.pop() for position in range(POSITIONS)
        ]
        self.targets = [self.deck.pop() for _ in range(game.players)]
        self.score_piles = [[] for _ in range(game.players)]
        self.out_of_play = []
        self.phase = PLAY
        self.slides = 0
        # Consecutive finished turns without a claim or an exchange (the stall rules).
        self.quiet_turns = 0
        # How often each position has occurred since the last claim or exchange, and how
        # often the current one has. Targets and the deck only change at a claim or an
        # exchange, so a key of grid, seat and slides stands for the whole position of the
        # rule, and it names no hidden card.
        self.positions = {}
        self.repetitions = 0
        self._grid_changed()
        self._event(
            ShiftDealt(
                grid=tuple(self._grid_texts()),
                targets_dealt=game.players,
                first_player=self.first_player,
            )
        )
        self._count_position()

    # ------------------------------------------------------------------ caches
    def _rebuild_caches(self) -> None:
        self._grid_changed()

    def _grid_changed(self) -> None:
        """Recompute what the legal actions read of the grid after cards came or left (a
        slide keeps them up to date by itself): the packed counts of the table's digits, the
        empty position where there is exactly one (else -1), the position key's grid
        characters and the rows' digits split by "|" ("0" where empty): a slide swaps two
        characters of each instead of writing them again."""
        grid = self.grid
        self._table_digits = sum(map(_CELL_UNITS.__getitem__, grid))
        self._hole = grid.index(None) if grid.count(None) == 1 else -1
        self._key_cells = bytearray(map(_CELL_KEYS.__getitem__, grid))
        digits = bytes(map(_CELL_DIGIT_TEXTS.__getitem__, grid))
        self._digit_rows = bytearray(b"|".join((digits[:3], digits[3:6], digits[6:])))

    # ------------------------------------------------------------------ rules helpers
    def _grid_texts(self) -> list[str | None]:
        return [None if card is None else TEXTS[card] for card in self.grid]

    def table_can_make(self, card: int) -> bool:
        """Whether the table holds every digit of ``card``'s code (rule 1)."""
        return (self._table_digits + _GUARDS - _PACKED_NEEDS[card]) & _GUARDS == _GUARDS

    def rows_showing(self, card: int) -> list[int]:
        """The rows that read ``card``'s code left to right."""
        code = CODES[card]
        grid = self.grid
        if _CODE_TEXTS[card] not in self._digit_rows:
            return []
        rows = []
        for row in range(SIZE):
            start = row * SIZE
            left, middle, right = grid[start], grid[start + 1], grid[start + 2]
            if (
                left is not None
                and middle is not None
                and right is not None
                and DIGITS[left] == code[0]
                and DIGITS[middle] == code[1]
                and DIGITS[right] == code[2]
            ):
                rows.append(row)
        return rows

    def _count_position(self) -> None:
        """Count the position the seat to act faces (in the sliding phase of a live game)."""
        if self.finished or self.phase != PLAY:
            return
        key = f"{self._key_cells.decode()}{self.to_act}/{self.slides}"  # _position_key
        seen = self.positions.get(key, 0) + 1
        self.positions[key] = seen
        self.repetitions = seen
        target = self.targets[self.to_act]
        if (
            seen == self.game.options.repetitions
            and target is not None
            and self.table_can_make(target)
        ):
            self._event(ShiftRepetition(seat=self.to_act, occurrences=seen))

    def _position_key(self) -> str:
        return f"{self._key_cells.decode()}{self.to_act}/{self.slides}"

    def must_exchange(self, target: int) -> bool:
        """Whether the seat to act must give up ``target``: it is impossible (rule 1) or the
        position has occurred ``repetitions`` times."""
        return self.repetitions >= self.game.options.repetitions or not self.table_can_make(target)

    def _refill_by_choice(self) -> bool:
        """After a claim: whether the deck is too short to fill all empty positions but one,
        so that the player places its cards one by one."""
        return len(self.deck) < self.grid.count(None) - 1

    # ------------------------------------------------------------------ contract hooks
    def _legal_actions(self) -> list[Action]:
        grid = self.grid
        if self.phase == REFILL:
            choices = REFILL_ACTIONS if self._refill_by_choice() else HOLE_ACTIONS
            return [choices[position] for position in range(POSITIONS) if grid[position] is None]
        target = self.targets[self.to_act]
        if target is None:
            return [PASS]
        options = self.game.options
        if (
            self.repetitions >= options.repetitions
            or (self._table_digits + _GUARDS - _PACKED_NEEDS[target]) & _GUARDS != _GUARDS
        ):  # must_exchange, written out: this runs before every action of a playout
            return [EXCHANGE] if self.deck else [PASS]
        actions: list[Action]
        if self.slides >= options.slide_limit:
            actions = []
        elif options.diagonal_slides:
            actions = [
                action
                for hole in range(POSITIONS)
                if grid[hole] is None
                for source, action in ALL_SLIDES_INTO[hole]
                if grid[source] is not None
            ]
            actions.sort(key=DIAGONAL_ACTION_IDS.__getitem__)
        elif self._hole >= 0:
            # Most of the game: one empty position, and a card on every position beside it.
            actions = list(SLIDE_ACTIONS_INTO[self._hole])
        else:
            actions = []
            for hole in range(POSITIONS):
                if grid[hole] is None:
                    actions += [
                        action for source, action in SLIDES_INTO[hole] if grid[source] is not None
                    ]
            actions.sort(key=ACTION_IDS.__getitem__)
        actions += [CLAIM_ACTIONS[row] for row in self.rows_showing(target)]
        actions.append(END)
        return actions

    def _apply(self, action: Action) -> None:
        self._play(action)
        self._count_position()

    def _play(self, action: Action) -> None:
        verb = action.verb
        seat = self.to_act
        if verb == "slide":
            source, empty = int(action.args[0]), int(action.args[1])
            self.grid[empty] = self.grid[source]
            self.grid[source] = None
            if self._hole == empty:
                self._hole = source
            cells = self._key_cells
            cells[empty], cells[source] = cells[source], _EMPTY_KEY
            rows = self._digit_rows
            into, out_of = _ROW_TEXT_INDEX[empty], _ROW_TEXT_INDEX[source]
            rows[into], rows[out_of] = rows[out_of], rows[into]
            self.slides += 1
            target = self.targets[seat]
            if (
                self.slides >= self.game.options.slide_limit
                and target is not None
                and not self.rows_showing(target)
            ):
                self._event(ShiftTurnOver(seat=seat, reason="slide_limit"))
                self._end_turn(progress=False)
        elif verb == "claim":
            self._claim(seat, int(action.args[0]))
        elif verb == "hole":
            self._refill_all_but(int(action.args[0]))
        elif verb == "refill":
            self._refill_one(int(action.args[0]))
        elif verb == "exchange":
            old = self.targets[seat]
            assert old is not None
            # Rule 1 comes first: a repeated position forces the exchange only of a target
            # the table could still make.
            cause: ExchangeCause = "impossible" if not self.table_can_make(old) else "repetition"
            self.out_of_play.append(old)
            self.targets[seat] = self.deck.pop()
            self._event(
                ShiftExchanged(seat=seat, card=TEXTS[old], deck_size=len(self.deck), cause=cause)
            )
            self._end_turn(progress=True)
        else:  # pass or end
            self._end_turn(progress=False)

    def _claim(self, seat: int, row: int) -> None:
        target = self.targets[seat]
        assert target is not None
        start = row * SIZE
        cards = [card for card in self.grid[start : start + SIZE] if card is not None]
        self.grid[start : start + SIZE] = [None] * SIZE
        self._grid_changed()
        self.score_piles[seat] += [*cards, target]
        self.targets[seat] = None
        self._event(
            ShiftClaimed(
                seat=seat,
                row=row,
                cards=tuple(TEXTS[card] for card in cards),
                target=TEXTS[target],
                collected=len(self.score_piles[seat]),
            )
        )
        if self.deck:
            self.phase = REFILL
        else:
            self._after_refill(seat)

    def _refill_all_but(self, hole: int) -> None:
        placed = {}
        for position in range(POSITIONS):
            if position != hole and self.grid[position] is None:
                card = self.deck.pop()
                self.grid[position] = card
                placed[str(position)] = TEXTS[card]
        self._grid_changed()
        self._event(ShiftRefilled(seat=self.to_act, placed=placed, hole=hole))
        self._after_refill(self.to_act)

    def _refill_one(self, position: int) -> None:
        card = self.deck.pop()
        self.grid[position] = card
        self._grid_changed()
        self._event(ShiftRefilled(seat=self.to_act, placed={str(position): TEXTS[card]}))
        if not self.deck:
            self._after_refill(self.to_act)

    def _after_refill(self, seat: int) -> None:
        if self.deck:
            self.targets[seat] = self.deck.pop()
            self._event(ShiftDrewTarget(seat=seat, deck_size=len(self.deck)))
        else:
            self._event(ShiftNoTarget(seat=seat, reason="deck_empty"))
        self._end_turn(progress=True)

    def _end_turn(self, *, progress: bool) -> None:
        self.phase = PLAY
        self.slides = 0
        if progress:
            # A claim or an exchange changes the deck or the grid for good: no position seen
            # so far can occur again.
            self.quiet_turns = 0
            self.positions = {}
        else:
            self.quiet_turns += 1
        ending = self._ending()
        if ending:
            termination, rounds = ending
            details = {"rounds": rounds} if rounds else {}
            self._finish([len(pile) for pile in self.score_piles], termination, None, **details)
        else:
            self.to_act = (self.to_act + 1) % self.game.players

    def _ending(self) -> tuple[ShiftTermination, int] | None:
        """How the game ends now, with the rounds of the rule that ends it (0 for none), or
        ``None``."""
        options = self.game.options
        if self.deck:
            if options.idle_rounds and self.quiet_turns >= options.idle_rounds * self.game.players:
                return ShiftTermination.IDLE_ROUNDS, options.idle_rounds
            return None
        if all(target is None or not self.table_can_make(target) for target in self.targets):
            return ShiftTermination.DECK_EXHAUSTED, 0
        if self.quiet_turns >= options.stall_rounds * self.players:
            return ShiftTermination.STALL, options.stall_rounds
        return None

    def _why_illegal(self, action: Action) -> str:
        if action not in ACTION_IDS:
            if action in DIAGONAL_ACTION_IDS and not self.game.options.diagonal_slides:
                return "cards slide diagonally only with the option diagonal_slides"
            if action not in DIAGONAL_ACTION_IDS:
                return f"{self.game.info.name} has no action {str(action)!r}"
        verb = action.verb
        seat = self.to_act
        target = self.targets[seat]
        if self.phase == REFILL:
            empty = [position for position in range(POSITIONS) if self.grid[position] is None]
            if verb not in ("hole", "refill"):
                return "after a claim you must first refill the grid"
            position = int(action.args[0])
            if position not in empty:
                return f"position {position} is not empty"
            if verb == "refill":
                return (
                    f"the deck holds enough cards to fill all empty positions but one: "
                    f"choose the one that stays empty with 'hole {position}'"
                )
            return (
                f"the deck holds only {len(self.deck)} card(s) for {len(empty)} empty "
                f"positions: place them one by one with 'refill {position}'"
            )
        if verb in ("hole", "refill"):
            return "you refill the grid only after a claim"
        if target is None:
            return "you hold no target (the deck ran out): you can only pass"
        if not self.table_can_make(target):
            if self.deck:
                return (
                    f"the table's digits cannot make your target {TEXTS[target]}: you must "
                    "exchange it"
                )
            return (
                f"the table's digits cannot make your target {TEXTS[target]} and the deck "
                "is empty: you can only pass"
            )
        if self.must_exchange(target):
            if self.deck:
                return (
                    f"this position has occurred {self.repetitions} times: you must exchange "
                    f"your target {TEXTS[target]}"
                )
            return (
                f"this position has occurred {self.repetitions} times and the deck is empty: "
                "you can only pass"
            )
        if verb == "exchange":
            return f"the table holds every digit of your target {TEXTS[target]}: keep playing it"
        if verb == "pass":
            return "you can play your target: slide, claim or end the turn"
        if verb == "claim":
            row = int(action.args[0])
            cells = self.grid[row * SIZE : row * SIZE + SIZE]
            if any(cell is None for cell in cells):
                return f"row {row} has an empty position"
            shown = "-".join(str(DIGITS[cell]) for cell in cells if cell is not None)
            wanted = "-".join(str(digit) for digit in CODES[target])
            return f"row {row} reads {shown}, your target {TEXTS[target]} asks for {wanted}"
        source, empty_position = int(action.args[0]), int(action.args[1])
        if self.slides >= self.game.options.slide_limit:
            return f"you have made all {self.game.options.slide_limit} slides of this turn"
        if self.grid[source] is None:
            return f"position {source} is empty: there is no card to slide"
        return f"position {empty_position} is not empty"

    def _observation(self, seat: int | None) -> ShiftObservation:
        own = None if seat is None else self.targets[seat]
        options = self.game.options
        return ShiftObservation(
            **self._header(seat),
            grid=tuple(None if card is None else DECK[card] for card in self.grid),
            deck_size=len(self.deck),
            target=None if own is None else DECK[own],
            rows_showing_target=None if own is None else tuple(self.rows_showing(own)),
            target_possible=None if own is None else self.table_can_make(own),
            holds_target=tuple(target is not None for target in self.targets),
            score_piles=tuple(len(pile) for pile in self.score_piles),
            out_of_play=tuple(DECK[card] for card in self.out_of_play),
            phase=cast(ShiftPhase, self.phase),
            slides=self.slides,
            slide_limit=options.slide_limit,
            quiet_turns=self.quiet_turns,
            quiet_turn_limit=self._quiet_turn_limit(),
            repetitions=self.repetitions,
            repetition_limit=options.repetitions,
            first_player=self.first_player,
        )

    def _quiet_turn_limit(self) -> int | None:
        """Turns without a claim (or exchange) that end the game now; ``None``: no limit."""
        options = self.game.options
        if not self.deck:
            return options.stall_rounds * self.players
        return options.idle_rounds * self.players if options.idle_rounds else None

    def card_zones(self) -> dict[str, list[Any]]:
        zones: dict[str, list[Any]] = {
            "deck": self.deck,
            "grid": [card for card in self.grid if card is not None],
            "out of play": self.out_of_play,
        }
        for seat in range(self.players):
            target = self.targets[seat]
            zones[f"target {seat}"] = [] if target is None else [target]
            zones[f"score pile {seat}"] = self.score_piles[seat]
        return zones

    def clone(self) -> Self:
        # The generic clone deep-copies the log, which grows with every action; logged events
        # are never changed once written, so sharing them keeps cloning cheap in long games.
        twin = copy.copy(self)
        twin.rng = copy_rng(self.rng)
        twin.grid = list(self.grid)
        twin._key_cells = self._key_cells.copy()
        twin._digit_rows = self._digit_rows.copy()
        twin.deck = list(self.deck)
        twin.targets = list(self.targets)
        twin.score_piles = [list(pile) for pile in self.score_piles]
        twin.out_of_play = list(self.out_of_play)
        twin.positions = dict(self.positions)
        twin.history = list(self.history)
        twin.log = list(self.log)
        if self.final_scores is not None:
            twin.final_scores = list(self.final_scores)
        if self.final_winners is not None:
            twin.final_winners = list(self.final_winners)
        return twin

    def _redeal_unseen(self, seat: int, rng: random.Random) -> None:
        others = [other for other in range(self.players) if other != seat]
        hands: list[list[int]] = []
        for other in others:
            target = self.targets[other]
            hands.append([] if target is None else [target])
        redeal([self.deck, *hands], rng)
        for other, hand in zip(others, hands, strict=True):
            self.targets[other] = hand[0] if hand else None


# ---------------------------------------------------------------------- position notation
_POSITION_KEYS = (
    "grid",
    "targets",
    "deck",
    "scores",
    "out",
    "to_act",
    "slides",
    "quiet_turns",
    "repetitions",
)


def from_position(game: ShiftGame, position: str | Mapping[str, Any]) -> ShiftState:
    """A state built from a compact description, for tests and puzzles.

    A text holds one ``key: value`` line per field (a mapping holds the same values):

    - ``grid``: three rows split by ``/``; a cell is ``.`` (empty), a digit (some card with
      that digit), a code (some card asking for it) or a card (``2:131``);
    - ``targets``: one entry per seat: a code, a card or ``-`` (no target);
    - ``deck``: the draw pile from the top: digits, codes or cards, ending with ``*`` to put
      every card not named anywhere underneath (the default); otherwise those cards are out of
      play;
    - ``scores``: the size of each seat's score pile (filled with unnamed cards);
    - ``out``: cards out of play; ``to_act``, ``slides``, ``quiet_turns``: numbers;
    - ``repetitions``: how often this position has occurred, this time included (default 1).

    >>> state = from_position(ShiftGame(2, ShiftOptions()), "grid: 231/1.2/333\\ntargets: 231 -")
    >>> [str(action) for action in state.legal_actions()][-2:]
    ['claim 0', 'end']
    """
    fields = position_fields(position, _POSITION_KEYS)
    if "grid" not in fields:
        raise NotationError("a position needs a grid")
    grid_cells = _grid_cells(str(fields["grid"]))
    target_words = _words(fields.get("targets", ""))
    if len(target_words) not in (0, game.players):
        raise NotationError(f"give one target per seat ({game.players}), not {target_words}")
    deck_words = _words(fields.get("deck", "*"))
    rest_in_deck = bool(deck_words) and deck_words[-1] == "*"
    if rest_in_deck:
        deck_words = deck_words[:-1]
    out_words = _words(fields.get("out", ""))
    score_sizes = [int(word) for word in _words(fields.get("scores", ""))] or [0] * game.players
    if len(score_sizes) != game.players:
        raise NotationError(f"give one score pile size per seat ({game.players})")

    slots = [*grid_cells, *target_words, *deck_words, *out_words]
    cards = _resolve(slots)
    grid = cards[:POSITIONS]
    targets = cards[POSITIONS : POSITIONS + len(target_words)] or [None] * game.players
    deck_top = cards[
        POSITIONS + len(target_words) : POSITIONS + len(target_words) + len(deck_words)
    ]
    out = [card for card in cards[len(slots) - len(out_words) :] if card is not None]
    if None in deck_top:
        raise NotationError("the deck cannot hold an empty card ('.' or '-')")

    named = {card for card in cards if card is not None}
    pool = [card for card in range(len(DECK)) if card not in named]
    if sum(score_sizes) > len(pool):
        raise NotationError(f"only {len(pool)} unnamed cards are left for the score piles")
    piles = []
    for size in score_sizes:
        piles.append(pool[:size])
        pool = pool[size:]
    deck = [card for card in deck_top if card is not None]
    if rest_in_deck:
        deck += pool
    else:
        out += pool

    state = game.new_initial_state(0)
    state.grid = grid
    state.targets = targets
    state.deck = deck[::-1]
    state.score_piles = piles
    state.out_of_play = out
    state.to_act = int(fields.get("to_act", 0))
    if not 0 <= state.to_act < game.players:
        raise NotationError(f"to_act {state.to_act} is not a seat of {game.players} players")
    state.first_player = state.to_act
    state.slides = int(fields.get("slides", 0))
    state.quiet_turns = int(fields.get("quiet_turns", 0))
    state.log = []
    state.positions = {}
    state._rebuild_caches()
    seen = int(fields.get("repetitions", 1))
    if seen < 1:
        raise NotationError(f"a position occurs at least once, not {seen} times")
    state.positions[state._position_key()] = seen - 1
    state._count_position()
    return state


def _words(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split()
    return ["-" if word is None else str(word) for word in value]


def _grid_cells(text: str) -> list[str]:
    rows = [row.split() for row in text.split("/")]
    cells = [cell for row in rows for cell in (list(row[0]) if len(row) == 1 else row)]
    if len(rows) != SIZE or len(cells) != POSITIONS:
        raise NotationError(f"a grid is 3 rows of 3 cells split by '/', not {text!r}")
    return cells


def _resolve(words: list[str]) -> list[int | None]:
    """Card ids for position words: named cards first, then codes, then digits, each taking
    the lowest free id, so that a vaguer word never takes a card named elsewhere."""
    cards: list[int | None] = [None] * len(words)
    taken: set[int] = set()
    kinds = [_word_kind(word) for word in words]
    for kind in ("card", "code", "digit"):
        for index, word in enumerate(words):
            if kinds[index] != kind:
                continue
            if kind == "card":
                face = SequentiaCard.parse(word)
                fitting = [_ID_BY_FACE.get((face.digit, face.code), -1)]
            elif kind == "code":
                fitting = [card for card in range(len(DECK)) if DECK[card].code == word]
            else:
                fitting = [card for card in range(len(DECK)) if str(DIGITS[card]) == word]
            free = [card for card in fitting if card >= 0 and card not in taken]
            if not free:
                raise NotationError(f"no card left for {word!r} (not in the deck, or named twice)")
            taken.add(free[0])
            cards[index] = free[0]
    return cards


def _word_kind(word: str) -> str:
    if word in (".", "-"):
        return "empty"
    if ":" in word:
        return "card"
    if len(word) == SIZE and set(word) <= set("123"):
        return "code"
    if word in ("1", "2", "3"):
        return "digit"
    raise NotationError(f"{word!r} is not a digit, a code or a Sequentia card")
