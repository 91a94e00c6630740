"""A mode compiled into a game: ``compile_mode(mode)`` builds, once, the ``Game`` class of a
mode file, with its options class, endings and action space; each table (a player count and
options) then resolves the file's numbers and picks plain functions for its phases, so that a
step costs a few list operations, never a walk of the file.

The state holds the places the file declares, in plain lists of card ids (the deck list's
indices): ``table`` (a pile per grid position, or the row's piles left to right; a grid that
holds one card a position has piles of at most one card), ``hands``, ``targets``,
``scores`` (score piles), ``out`` (out of play) and the deck (top card last), with the turn's
counters: ``phase``, ``steps`` (slides this turn), ``covered`` (grid positions placed on this
turn), ``last_pile`` (the row's pile placed on last), ``quiet_turns`` (turns without a claim
or an exchange) and the repeated positions.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Annotated, Any, ClassVar, Self, cast

from sequenza.components.decks import draw, redeal, shuffle
from sequenza.components.sequentia_cards import SequentiaCard, sequentia_deck
from sequenza.core.actions import Action, ActionSpace
from sequenza.core.errors import OptionError
from sequenza.core.game import Game, GameInfo, State, Termination
from sequenza.core.observation import Observation
from sequenza.core.options import Options, option
from sequenza.modes.events import (
    MODE_EVENTS,
    Claimed,
    Dealt,
    Discarded,
    Drew,
    Exchanged,
    NoSequence,
    Passed,
    Refilled,
    Repeated,
    TurnEnds,
    TurnOver,
)
from sequenza.modes.model import END_TURN, Amount, Ending, Mode

PASS = Action("pass")
END = Action("end")
EXCHANGE = Action("exchange")

Legal = Callable[["ModeState"], list[Action]]
Apply = Callable[["ModeState", Action], None]


class ModeStuckError(RuntimeError):
    """A mode that reached a position it can never leave (a mistake of the file that its
    checks did not catch): raised instead of looping for ever."""


class ModeTermination(Termination):
    """The endings of a mode file (each mode's enum is made from its ``[[endings]]``)."""

    @property
    def is_stall(self) -> bool:
        return self.value in _STALLS.get(type(self), frozenset())


_STALLS: dict[type, frozenset[str]] = {}


# ---------------------------------------------------------------------- observation
@dataclass(frozen=True, kw_only=True)
class PlaceView:
    """One place as a seat sees it. Table places give ``cells``: one tuple of cards per grid
    position (row by row) or per pile of the row (left to right), each bottom card first.
    Other places give ``cards`` (``None`` where the seat may not see them) and ``size``."""

    name: str
    #: ``grid``, ``row``, ``hand``, ``target``, ``score`` or ``out``.
    kind: str
    #: The seat a seat's place belongs to; ``None`` for the table's places.
    seat: int | None
    #: ``[rows, columns]`` of a grid, ``[max_piles]`` of a row, ``[]`` otherwise.
    shape: tuple[int, ...]
    cells: tuple[tuple[SequentiaCard, ...], ...] | None
    cards: tuple[SequentiaCard, ...] | None
    size: int


@dataclass(frozen=True, kw_only=True)
class ModeObservation(Observation):
    """What a seat sees of a mode's table: every declared place (see ``PlaceView``), the deck's
    size, the phase of the turn and its counters."""

    mode: str
    places: tuple[PlaceView, ...]
    deck_size: int
    phase: str
    #: ``slides`` (this turn), ``slide_limit``, ``quiet_turns``, ``repetitions``,
    #: ``final_round`` (1 once an ending that finishes the round holds), as the mode uses them.
    counters: dict[str, int]
    #: Grid positions placed on this turn, in order.
    covered: tuple[int, ...]
    #: The row's pile placed on last this turn (1 is the leftmost), ``None`` if none.
    last_pile: int | None
    #: Cards collected, per seat.
    scores: tuple[int, ...]
    first_player: int
    #: The kinds of line a claim names (``rows``, ``columns``, ``windows``), so that a front
    #: end can tell which line ``claim 1`` means; empty for a mode without claims.
    lines: tuple[str, ...] = ()


# ---------------------------------------------------------------------- compiled mode
class CompiledMode:
    """What a mode file becomes once: its card tables, actions, options and endings."""

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        if mode.deck == "listed":
            self.cards: tuple[SequentiaCard, ...] = tuple(
                SequentiaCard.parse(listed.card)
                for listed in mode.deck_list
                for _ in range(listed.count)
            )
        else:
            self.cards = sequentia_deck()
        self.texts = tuple(str(card) for card in self.cards)
        #: Each text's first card id, and each card's kind: the first id of its text. Copies
        #: of a card share their actions: a hand of two 2:131 places "2:131" once.
        self.ids: dict[str, int] = {}
        for card, text in enumerate(self.texts):
            self.ids.setdefault(text, card)
        self.kind = tuple(self.ids[text] for text in self.texts)
        #: Whether every card differs from every other (the Sequentia deck's): then a card
        #: is its own kind and no list of a hand's actions needs sifting.
        self.distinct = len(self.ids) == len(self.cards)
        self.digits = tuple(card.digit for card in self.cards)
        self.codes = tuple(card.code_digits for card in self.cards)
        self.code_texts = tuple(card.code for card in self.cards)
        self.bonus = tuple(card.bonus for card in self.cards)
        self.needs = tuple(tuple(code.count(digit) for digit in range(4)) for code in self.codes)
        #: One character per card, for the keys of the positions seen (readable in a save).
        self.key_chars = tuple(chr(48 + kind) for kind in self.kind)
        rank = sorted(range(len(self.cards)), key=self.texts.__getitem__)
        self.text_rank = {card: index for index, card in enumerate(rank)}
        table = mode.places.table
        self.table = table
        self.positions = table.positions
        self._build_lines()
        self._build_actions()
        self.options_class = _options_class(mode)
        self.terminations = _termination_class(mode)

    # -- lines: each family's lines as position tuples, and each position's line per family
    def _build_lines(self) -> None:
        table = self.table
        self.lines: dict[str, tuple[tuple[int, ...], ...]] = {}
        if table.kind == "grid":
            rows, columns = table.rows, table.columns
            self.lines["rows"] = tuple(
                tuple(row * columns + column for column in range(columns)) for row in range(rows)
            )
            self.lines["columns"] = tuple(
                tuple(row * columns + column for row in range(rows)) for column in range(columns)
            )
            if rows == columns:
                # Read top to bottom: 0 from the top left corner, 1 from the top right one.
                self.lines["diagonals"] = (
                    tuple(row * columns + row for row in range(rows)),
                    tuple(row * columns + columns - 1 - row for row in range(rows)),
                )
            #: The lines of each family through each position (a diagonal misses most
            #: positions, and the centre of an odd grid lies on both).
            self.lines_through = {
                family: tuple(
                    tuple(index for index, line in enumerate(lines) if position in line)
                    for position in range(self.positions)
                )
                for family, lines in self.lines.items()
            }

    def _build_actions(self) -> None:
        mode, table, turn = self.mode, self.table, self.mode.turn
        actions: list[Action] = []
        texts = self.texts
        self.diagonal_slides: tuple[tuple[int, int, Action], ...] = ()
        if turn.slide:
            columns = table.columns
            self.neighbours = tuple(
                tuple(
                    sorted(
                        other
                        for other in (
                            position - columns,
                            position + columns,
                            position - 1,
                            position + 1,
                        )
                        if 0 <= other < self.positions
                        and (
                            other // columns == position // columns
                            or other % columns == position % columns
                        )
                    )
                )
                for position in range(self.positions)
            )
            self.slides = tuple(
                (source, target, Action("slide", (source, target)))
                for source in range(self.positions)
                for target in self.neighbours[source]
            )
            self.slides_into = tuple(
                tuple(action for source, target, action in self.slides if target == hole)
                for hole in range(self.positions)
            )
            actions += [action for _, _, action in self.slides]
            # Diagonal slides, where the file allows them, come after every other action (as
            # the built-in Shift's do), so that a table without them keeps every action's
            # number.
            self.diagonal_slides = tuple(
                (source, target, Action("slide", (source, target)))
                for source in range(self.positions)
                for target in _diagonal_neighbours(source, table.rows, columns)
            )
            self.diagonal_slides_into = tuple(
                tuple(action for _, target, action in self.diagonal_slides if target == hole)
                for hole in range(self.positions)
            )
        if turn.place:
            if table.kind == "row":
                self.place_targets: tuple[str | int, ...] = (
                    "left",
                    "right",
                    *range(1, table.max_piles + 1),
                )
            else:
                self.place_targets = tuple(range(self.positions))
            self.place_actions = tuple(
                tuple(Action("place", (text, where)) for where in self.place_targets)
                for text in texts
            )
            actions += [action for row in self._of_kinds(self.place_actions) for action in row]
        claim = turn.claim
        if claim:
            self.claim_families = claim.lines
            if table.kind == "row":
                count = table.max_piles - claim.width + 1
                self.windows = tuple(range(max(count, 0)))
            families = claim.lines
            prefix = families if (claim.sets or len(families) > 1) else ()
            self.claim_by_line: dict[tuple[str, tuple[int, ...]], Action] = {}
            line_sets: list[tuple[str, tuple[int, ...]]] = []
            for kind in families:
                family: str = kind
                count = len(self.windows) if family == "windows" else len(self.lines[family])
                indices = range(count)
                if claim.sets:
                    line_sets += [
                        (family, chosen)
                        for size in range(1, count + 1)
                        for chosen in combinations(indices, size)
                    ]
                else:
                    line_sets += [(family, (index,)) for index in indices]
            self.line_sets = tuple(line_sets)
            base = 1 if families == ("windows",) else 0
            if claim.code == "hand":
                self.claim_hand = tuple(
                    tuple(
                        Action(
                            "claim",
                            (text, *((family,) if prefix else ()), *(i + base for i in chosen)),
                        )
                        for family, chosen in self.line_sets
                    )
                    for text in texts
                )
                actions += [action for row in self._of_kinds(self.claim_hand) for action in row]
                # Which line each hand claim names (on a grid: ``claim 1:123 rows 0``).
                self.claim_lines = {
                    action: line_set
                    for row in self.claim_hand
                    for action, line_set in zip(row, self.line_sets, strict=True)
                }
            else:
                for family, chosen in self.line_sets:
                    self.claim_by_line[family, chosen] = Action(
                        "claim",
                        (*((family,) if family in prefix else ()), *(i + base for i in chosen)),
                    )
                actions += list(self.claim_by_line.values())
                self.claim_lines = {action: key for key, action in self.claim_by_line.items()}
        verbs = {block for phase in turn.phases for block in phase.actions}
        if "end" in verbs:
            actions.append(END)
        if turn.exchange:
            actions.append(EXCHANGE)
        if turn.empty_handed or "pass" in verbs or turn.exchange:
            actions.append(PASS)
        if turn.refill:
            self.hole_actions = tuple(Action("hole", (p,)) for p in range(self.positions))
            self.refill_actions = tuple(Action("refill", (p,)) for p in range(self.positions))
            actions += [*self.hole_actions, *self.refill_actions]
        diagonal = turn.slide.diagonal if turn.slide else False
        with_diagonals = [*actions, *(action for _, _, action in self.diagonal_slides)]
        #: The space of a table with diagonal slides, when an option turns them on.
        self.diagonal_action_space: ActionSpace | None = None
        if diagonal is True:
            self.action_space = ActionSpace(with_diagonals, mode.name)
        else:
            self.action_space = ActionSpace(actions, mode.name)
            if diagonal:
                self.diagonal_action_space = ActionSpace(
                    with_diagonals, f"{mode.name} with diagonal slides"
                )

    def _of_kinds(self, rows: tuple[tuple[Action, ...], ...]) -> list[tuple[Action, ...]]:
        """The rows of a per-card table that belong to each kind's first card (the actions
        of the copies are the same actions)."""
        return [row for card, row in enumerate(rows) if self.kind[card] == card]

    def kinds_in(self, hand: list[int]) -> list[int]:
        """A hand's cards, one of each kind (the hand itself when the deck's cards differ)."""
        if self.distinct:
            return hand
        kinds: dict[int, int] = {}
        for card in hand:
            kinds.setdefault(self.kind[card], card)
        return list(kinds.values())

    def card_in(self, hand: list[int], text: str) -> int:
        """The card of a hand that an action's text names (a copy, when the hand has several)."""
        card = self.ids[text]
        if self.distinct:
            return card
        return next(held for held in hand if self.kind[held] == card)

    def saved_schemas(self) -> dict[object, dict[str, Any]]:
        """The JSON schemas of ``ModeState``'s saved values as this file bounds them (its
        deck's cards, its phases, its table's positions, whether seats hold hands or
        targets), for ``sequenza schema MODE --state`` (``Game.saved_schemas``)."""
        positions = self.positions
        card = {"type": "integer", "minimum": 0, "maximum": len(self.cards) - 1}
        pile = {"type": "array", "items": card}
        table: dict[str, Any] = {"type": "array", "items": pile, "maxItems": positions}
        if self.table.kind == "grid":
            table["minItems"] = positions
        places = self.mode.places
        none: dict[str, Any] = {"type": "array", "maxItems": 0}
        return {
            Saved.CARD: card,
            Saved.PHASE: {
                "type": "string",
                "enum": [*(phase.name for phase in self.mode.turn.phases), END_TURN],
            },
            Saved.TABLE: table,
            Saved.POSITION: {"type": "integer", "minimum": 0, "maximum": positions - 1},
            Saved.HANDS: {"type": "array", "items": pile} if places.hand else none,
            Saved.TARGETS: (
                {"type": "array", "items": {"anyOf": [card, {"type": "null"}]}}
                if places.target
                else none
            ),
        }

    def game_class(self) -> type[ModeGame]:
        mode = self.mode
        info = GameInfo(
            id=mode.id,
            name=mode.name,
            player_counts=mode.players,
            rules_version=mode.version,
            summary=mode.summary,
            rules_text=mode.rules,
        )
        return cast(
            "type[ModeGame]",
            type(
                f"ModeGame_{mode.id.replace('-', '_')}",
                (
                    RoundFinishingGame
                    if any(ending.finish_round for ending in mode.endings)
                    else ModeGame,
                ),
                {
                    "info": info,
                    "options_class": self.options_class,
                    "terminations": self.terminations,
                    "observation_class": ModeObservation,
                    "event_classes": MODE_EVENTS,
                    "action_space": self.action_space,
                    "compiled": self,
                    "saved_schemas": self.saved_schemas(),
                },
            ),
        )


def _diagonal_neighbours(position: int, rows: int, columns: int) -> list[int]:
    row, column = divmod(position, columns)
    return sorted(
        other_row * columns + other_column
        for other_row in (row - 1, row + 1)
        for other_column in (column - 1, column + 1)
        if 0 <= other_row < rows and 0 <= other_column < columns
    )


def _options_class(mode: Mode) -> type[Options]:
    fields = []
    for declared in mode.options:
        kind = bool if isinstance(declared.default, bool) else int
        fields.append(
            (
                declared.name,
                kind,
                option(
                    declared.default,
                    declared.description,
                    minimum=declared.minimum,
                    maximum=declared.maximum,
                    decision=declared.decision,
                ),
            )
        )
    name = "".join(part.title() for part in mode.id.split("-")) + "Options"
    return cast(
        type[Options], dataclasses.make_dataclass(name, fields, bases=(Options,), frozen=True)
    )


def _termination_class(mode: Mode) -> type[ModeTermination]:
    name = "".join(part.title() for part in mode.id.split("-")) + "Termination"
    kind = cast(
        type[ModeTermination],
        ModeTermination(  # type: ignore[call-arg]
            name, [(ending.name.upper(), ending.name) for ending in mode.endings]
        ),
    )
    _STALLS[kind] = frozenset(ending.name for ending in mode.endings if ending.stall)
    return kind


# ---------------------------------------------------------------------- one table's rules
class Rules:
    """A table's rules: the file's numbers resolved for its options, and a function per
    phase (the legal actions) and per verb (what an action does)."""

    def __init__(self, compiled: CompiledMode, players: int, options: Options) -> None:
        self.c = compiled
        self.players = players
        self.options = options
        mode = compiled.mode
        turn = mode.turn
        self.turn = turn
        self.start = turn.start
        self.hand_sorted_by_text = bool(mode.places.hand and mode.places.hand.order == "text")
        self.slide_limit = self.amount(turn.slide.limit) if turn.slide else 0
        self.diagonal_slides = bool(turn.slide and self.switch(turn.slide.diagonal))
        self.repeat_limit = (
            self.amount(turn.exchange.when_repeated)
            if turn.exchange and turn.exchange.when_repeated is not None
            else 0
        )
        self.draw_up_to = self.amount(turn.end.draw_up_to) if turn.end.draw_up_to is not None else 0
        self.draw_count = self.amount(turn.end.draw) if turn.end.draw is not None else 0
        self.must_include_last = bool(turn.claim and self.switch(turn.claim.must_include_last))
        self.collect_code_card = bool(turn.claim and self.switch(turn.claim.collect_code_card))
        self.deals = [(deal.place, self.amount(deal.count)) for deal in mode.setup]
        #: Each deal's cards more or fewer by seat, in the order of play (empty: all alike).
        self.deal_extras = [deal.extra_by_seat for deal in mode.setup]
        self.endings = [
            (
                ending,
                compiled.terminations(ending.name),
                None if ending.quiet_rounds is None else self.amount(ending.quiet_rounds),
            )
            for ending in mode.endings
        ]
        self.claims = self._claim_function()
        self.placements = self._placement_function()
        self.legal_by_phase = {
            phase.name: self._phase_function(phase.name) for phase in turn.phases
        }
        place = turn.place
        self.settle_phases = (
            frozenset(p.name for p in turn.phases if "place" in p.actions)
            if place and place.whole_hand
            else frozenset()
        )
        self.counts_positions = self.repeat_limit > 0

    def amount(self, value: Amount) -> int:
        return int(getattr(self.options, value)) if isinstance(value, str) else int(value)

    def switch(self, value: bool | str) -> bool:
        return bool(getattr(self.options, value)) if isinstance(value, str) else bool(value)

    # -- legal actions
    def _phase_function(self, name: str) -> Legal:
        phase = self.turn.phase(name)
        parts: list[Legal] = []
        for block in phase.actions:
            if block == "slide":
                parts.append(self._slides)
            elif block == "place":
                parts.append(self.placements)
            elif block == "claim":
                parts.append(self.claims)
            elif block == "end":
                parts.append(lambda state: [END])
            elif block == "pass":
                parts.append(lambda state: [PASS])
            elif block == "refill":
                parts.append(self._refills)
        checks_empty = self.turn.empty_handed is not None and name == self.start
        # What "nothing to play" is: in a mode of targets, no target (Shift: the seat would
        # only slide); in a mode of hands, an empty hand; in a mode with both, a turn that
        # offers nothing (a seat between targets still places its cards, an empty hand may
        # still claim its target).
        places = self.c.mode.places
        holding_target = places.target is not None and places.hand is None
        holding_both = places.target is not None and places.hand is not None
        forced = phase.forced == "exchange"
        exchange = self.turn.exchange
        impossible_forces = bool(exchange and exchange.when_impossible)
        repeat_limit = self.repeat_limit
        impossible = self.impossible
        single = parts[0] if len(parts) == 1 else None

        def legal(state: ModeState) -> list[Action]:
            if checks_empty:
                if holding_target:
                    if state.targets[state.to_act] is None:
                        return [PASS]
                elif not holding_both and not state.hands[state.to_act]:
                    return [PASS]
            if forced:
                target = state.targets[state.to_act]
                if (repeat_limit and state.repetitions >= repeat_limit) or (
                    impossible_forces and target is not None and impossible(state, target)
                ):
                    return [EXCHANGE] if state.deck else [PASS]
            if single is not None:
                actions = single(state)
            else:
                actions = []
                for part in parts:
                    actions += part(state)
            if not actions and checks_empty and holding_both:
                return [PASS]
            return actions

        return legal

    def impossible(self, state: ModeState, target: int) -> bool:
        """Whether the table's top digits, counted with repetition, lack the target's code."""
        counts = state._digit_counts
        if counts is None:
            # Slides move cards without changing which digits show: the counts are kept until
            # a card comes or goes.
            tally = [0, 0, 0, 0]
            digits = self.c.digits
            for pile in state.table:
                if pile:
                    tally[digits[pile[-1]]] += 1
            counts = state._digit_counts = tuple(tally)
        need = self.c.needs[target]
        return counts[1] < need[1] or counts[2] < need[2] or counts[3] < need[3]

    def _slides(self, state: ModeState) -> list[Action]:
        if state.steps >= self.slide_limit:
            return []
        table = state.table
        c = self.c
        empties = [position for position, pile in enumerate(table) if not pile]
        if len(empties) == 1:
            if self.diagonal_slides:
                return [*c.slides_into[empties[0]], *c.diagonal_slides_into[empties[0]]]
            return list(c.slides_into[empties[0]])
        found = [
            action for source, target, action in c.slides if table[source] and not table[target]
        ]
        if self.diagonal_slides:
            found += [
                action
                for source, target, action in c.diagonal_slides
                if table[source] and not table[target]
            ]
        return found

    def _refills(self, state: ModeState) -> list[Action]:
        empties = [position for position, pile in enumerate(state.table) if not pile]
        assert self.turn.refill is not None
        one_by_one = len(state.deck) < len(empties) - self.turn.refill.leave_empty
        actions = self.c.refill_actions if one_by_one else self.c.hole_actions
        return [actions[position] for position in empties]

    def _placement_function(self) -> Legal:
        place = self.turn.place
        c = self.c
        if place is None:
            return lambda state: []
        # Copies share their actions: a hand is sifted to one card of each kind, unless every
        # card differs from every other (the Sequentia deck), where a call per list would
        # only cost.
        sift = None if c.distinct else c.kinds_in
        if place.to == "row":
            ends = len(("left", "right"))
            max_piles = c.table.max_piles
            at_ends = tuple(row[:ends] for row in c.place_actions)
            on_piles = tuple(row[ends:] for row in c.place_actions)

            def on_row(state: ModeState) -> list[Action]:
                choices = at_ends if len(state.table) < max_piles else on_piles
                actions: list[Action] = []
                hand = state.hands[state.to_act]
                for card in hand if sift is None else sift(hand):
                    actions += choices[card]
                return actions

            return on_row
        same_digit, covered_rule = place.not_on_same_digit, place.not_on_covered
        digits, place_actions = c.digits, c.place_actions
        positions = range(c.positions)

        def on_grid(state: ModeState) -> list[Action]:
            table = state.table
            tops = [digits[pile[-1]] if pile else 0 for pile in table]
            covered = state.covered if covered_rule else ()
            actions: list[Action] = []
            hand = state.hands[state.to_act]
            for card in hand if sift is None else sift(hand):
                digit = digits[card]
                row = place_actions[card]
                actions += [
                    row[position]
                    for position in positions
                    if not (same_digit and tops[position] == digit) and position not in covered
                ]
            return actions

        return on_grid

    def allowed_somewhere(self, state: ModeState, card: int) -> bool:
        place = self.turn.place
        assert place is not None
        digit = self.c.digits[card]
        for position, pile in enumerate(state.table):
            if place.not_on_covered and position in state.covered:
                continue
            if place.not_on_same_digit and pile and self.c.digits[pile[-1]] == digit:
                continue
            return True
        return False

    def _hand_on_grid(self) -> Legal:
        """Claims of a grid's lines that show the code of a card in the hand: each card of
        the hand (one of each kind), then each line it matches in the file's order."""
        c = self.c
        digit_texts = tuple(str(digit) for digit in c.digits)
        code_texts, claim_hand = c.code_texts, c.claim_hand
        lines = [
            (index, c.lines[family][chosen[0]])
            for index, (family, chosen) in enumerate(c.line_sets)
        ]
        sift = None if c.distinct else c.kinds_in

        def by_hand_on_grid(state: ModeState) -> list[Action]:
            table = state.table
            shown: dict[str, list[int]] = {}
            for index, line in lines:
                if all(table[position] for position in line):
                    text = "".join(digit_texts[table[position][-1]] for position in line)
                    shown.setdefault(text, []).append(index)
            found = []
            hand = state.hands[state.to_act]
            for card in hand if sift is None else sift(hand):
                row = claim_hand[card]
                found += [row[index] for index in shown.get(code_texts[card], ())]
            return found

        return by_hand_on_grid

    def _target_on_row(self) -> Legal:
        """Claims of a row's windows whose top digits, left to right, are the code of the
        seat's target (as a hand card's code is read on a row: ``by_hand``)."""
        c = self.c
        claim = self.turn.claim
        assert claim is not None
        width, full, max_piles = claim.width, claim.full_row, c.table.max_piles
        must_include = self.must_include_last
        digits, codes = c.digits, c.codes
        by_start = [c.claim_by_line["windows", (start,)] for start in c.windows]

        def by_target_on_row(state: ModeState) -> list[Action]:
            target = state.targets[state.to_act]
            piles = state.table
            if target is None or (full and len(piles) < max_piles):
                return []
            code = codes[target]
            last = state.last_pile
            found = []
            for start in range(len(piles) - width + 1):
                if must_include and last is not None and not start <= last < start + width:
                    continue
                window = piles[start : start + width]
                if all(pile and digits[pile[-1]] == code[i] for i, pile in enumerate(window)):
                    found.append(by_start[start])
            return found

        return by_target_on_row

    def _claim_function(self) -> Legal:
        claim = self.turn.claim
        c = self.c
        if claim is None:
            return lambda state: []
        digits = c.digits
        if claim.code == "target" and c.table.kind == "row":
            return self._target_on_row()
        if claim.code == "target":
            checks = [
                (tuple(c.lines[family][chosen[0]]), c.claim_by_line[family, chosen])
                for family, chosen in c.line_sets
            ]
            codes = c.codes

            def by_target(state: ModeState) -> list[Action]:
                target = state.targets[state.to_act]
                if target is None:
                    return []
                code = codes[target]
                table = state.table
                found = []
                for line, action in checks:
                    for index, position in enumerate(line):
                        pile = table[position]
                        if not pile or digits[pile[-1]] != code[index]:
                            break
                    else:
                        found.append(action)
                return found

            return by_target
        if claim.code == "hand" and c.table.kind == "grid":
            return self._hand_on_grid()
        if claim.code == "hand":
            width, full = claim.width, claim.full_row
            max_piles = c.table.max_piles
            code_texts, claim_hand = c.code_texts, c.claim_hand
            must_include = self.must_include_last
            digit_texts = tuple(str(digit) for digit in digits)
            sift = None if c.distinct else c.kinds_in

            def by_hand(state: ModeState) -> list[Action]:
                piles = state.table
                if full and len(piles) < max_piles:
                    return []
                last = state.last_pile
                shown = []
                for start in range(len(piles) - width + 1):
                    if must_include and last is not None and not start <= last < start + width:
                        shown.append("")
                    else:
                        shown.append(
                            "".join(digit_texts[pile[-1]] for pile in piles[start : start + width])
                        )
                found = []
                hand = state.hands[state.to_act]
                for card in hand if sift is None else sift(hand):
                    code = code_texts[card]
                    row = claim_hand[card]
                    for index, text in enumerate(shown):
                        if text == code:
                            found.append(row[index])
                return found

            return by_hand
        # The code of the card placed this turn on the line.
        families = claim.lines
        line_sets = [
            (family, frozenset(chosen), action)
            for (family, chosen), action in c.claim_by_line.items()
        ]
        codes, lines, through = c.codes, c.lines, c.lines_through

        def by_placed(state: ModeState) -> list[Action]:
            table = state.table
            tops = [digits[pile[-1]] if pile else 0 for pile in table]
            found: dict[str, set[int]] = {family: set() for family in families}
            for position in state.covered:
                code = codes[table[position][-1]]
                for family in families:
                    for index in through[family][position]:
                        if tuple(tops[p] for p in lines[family][index]) == code:
                            found[family].add(index)
            return [action for family, chosen, action in line_sets if chosen <= found[family]]

        return by_placed


# ---------------------------------------------------------------------- the game
class ModeGame(Game[Options]):
    """A game made from a mode file (``compile_mode`` makes one subclass per file)."""

    compiled: ClassVar[CompiledMode]

    def __init__(self, players: int, options: Options) -> None:
        super().__init__(players, options)
        self.rules = Rules(self.compiled, players, options)
        wider = self.compiled.diagonal_action_space
        if wider is not None and self.rules.diagonal_slides:
            # The class's space is the one without diagonal slides (what the game's id means
            # to an encoder); a table whose option turns them on has the wider one.
            self.__dict__["action_space"] = wider

    def _check_setup(self) -> None:
        dealt = 0
        for deal in self.compiled.mode.setup:
            place, count = deal.place, deal.count
            table = self.compiled.table
            if place == table.name:
                dealt += table.positions - len(table.start_empty) if table.kind == "grid" else 0
            else:
                amount = getattr(self.options, count) if isinstance(count, str) else count
                dealt += self.players * int(amount)
                dealt += sum(deal.extra(order) for order in range(self.players))
        if dealt > len(self.compiled.cards):
            raise OptionError(
                f"the set-up deals {dealt} cards to {self.players} players, more than the "
                f"deck's {len(self.compiled.cards)}"
            )

    @property
    def action_space(self) -> ActionSpace:
        return self.compiled.action_space

    def new_initial_state(self, seed: int) -> ModeState:
        return ModeState(self, seed)


class Saved(Enum):
    """The marks of ``ModeState``'s saved values that the mode file bounds
    (``CompiledMode.saved_schemas``): ``Annotated[int, Saved.CARD]`` is a card of its deck."""

    #: A card, by its place in the file's deck (``CompiledMode.cards``).
    CARD = "card"
    #: A phase of the file's turn, or ``end_turn``.
    PHASE = "phase"
    #: The table: a grid's every position, or a row's piles (at most ``max_piles``).
    TABLE = "table"
    #: A grid's position, or a pile of the row, by its index.
    POSITION = "position"
    #: The seats' hands: none when the file gives seats no hand.
    HANDS = "hands"
    #: The seats' targets (``None``: none now): none when the file gives seats no target.
    TARGETS = "targets"


Card = Annotated[int, Saved.CARD]
Position = Annotated[int, Saved.POSITION]


class ModeState(State[ModeGame]):
    SAVE_FIELDS: ClassVar[tuple[str, ...]] = (
        "deck",
        "first_player",
        "table",
        "hands",
        "targets",
        "scores",
        "out",
        "phase",
        "steps",
        "covered",
        "last_pile",
        "quiet_turns",
        "positions",
        "repetitions",
    )

    # The saved fields' types, read by the state's JSON schema; the marked ones are bounded
    # by the mode file (``CompiledMode.saved_schemas``).
    deck: list[Card]
    first_player: int
    table: Annotated[list[list[Card]], Saved.TABLE]
    hands: Annotated[list[list[Card]], Saved.HANDS]
    targets: Annotated[list[Card | None], Saved.TARGETS]
    #: Each seat's collected cards.
    scores: list[list[Card]]
    #: The cards out of play.
    out: list[Card]
    phase: Annotated[str, Saved.PHASE]
    steps: int
    #: The grid positions placed on this turn.
    covered: list[Position]
    #: The pile or position last placed on this turn.
    last_pile: Position | None
    quiet_turns: int
    #: How often each position was seen since the last progress (its key: the piles' top
    #: cards, the seat to act and the turn's steps).
    positions: dict[str, int]
    repetitions: int

    def __init__(self, game: ModeGame, seed: int) -> None:
        super().__init__(game, seed)
        #: The table's shown digits counted (index 1-3), ``None`` until asked for again.
        self._digit_counts: tuple[int, ...] | None = None
        rules = game.rules
        c = rules.c
        places = c.mode.places
        players = game.players
        self.deck = list(range(len(c.cards)))
        shuffle(self.deck, self.rng)
        self.first_player = self.rng.randrange(players) if game.options.random_first_player else 0
        self.to_act = self.first_player
        self.table = [[] for _ in range(c.positions)] if c.table.kind == "grid" else []
        self.hands = [[] for _ in range(players)] if places.hand else []
        self.targets = [None] * players if places.target else []
        self.scores = [[] for _ in range(players)]
        self.out = []
        self.phase = rules.start
        self.steps = 0
        self.covered = []
        self.last_pile = None
        self.quiet_turns = 0
        self.positions = {}
        self.repetitions = 0
        for (place, count), extras in zip(rules.deals, rules.deal_extras, strict=True):
            if place == c.table.name:
                for position in range(c.positions):
                    if position not in c.table.start_empty:
                        self.table[position] = [self.deck.pop()]
            elif places.target and place == places.target.name:
                for seat in range(players):
                    self.targets[seat] = self.deck.pop()
            elif extras:
                # Seat by seat as for every deal; each seat's share counted from the first
                # player, so that the first to play is the first of the list.
                for seat in range(players):
                    order = (seat - self.first_player) % players
                    extra = extras[order] if order < len(extras) else 0
                    self.hands[seat] += draw(self.deck, count + extra)
                    self._sort_hand(self.hands[seat])
            else:
                for seat in range(players):
                    self.hands[seat] += draw(self.deck, count)
                    self._sort_hand(self.hands[seat])
        if self._recording:  # search copies build no events
            self._event(Dealt(deck=len(self.deck), first_player=self.first_player))
        self._after_action()

    def _rebuild_caches(self) -> None:
        self._digit_counts = None

    # -- helpers
    def _sort_hand(self, hand: list[int]) -> None:
        if self.game.rules.hand_sorted_by_text:
            hand.sort(key=self.game.rules.c.text_rank.__getitem__)
        else:
            hand.sort()

    def _after_action(self) -> None:
        rules = self.game.rules
        if rules.settle_phases:
            self._settle()
        if rules.counts_positions and not self.finished and self.phase == rules.start:
            self._count_position()

    def _count_position(self) -> None:
        chars = self.game.rules.c.key_chars
        # A list, not a generator, for join: this runs after every action of a playout.
        key = "".join([chars[pile[-1]] if pile else "." for pile in self.table])
        key = f"{key}{self.to_act}/{self.steps}"
        seen = self.positions.get(key, 0) + 1
        self.positions[key] = seen
        self.repetitions = seen
        if seen == self.game.rules.repeat_limit and self._recording:
            self._event(Repeated(seat=self.to_act, occurrences=seen))

    def _settle(self) -> None:
        """A whole-hand placement's own steps: discard cards with no allowed position, then
        with the hand placed claim (when a claim is open) or end the turn."""
        rules = self.game.rules
        place = rules.turn.place
        assert place is not None
        automatic = 0
        while not self.finished and self.phase in rules.settle_phases:
            automatic += 1
            if automatic > 2 * self.players:
                # Every seat's turn ended by itself twice over and nothing changed: a mode whose
                # seats can neither play nor draw would loop here for ever.
                raise ModeStuckError(
                    f"{rules.c.mode.id}: every seat's turn ends by itself and the game cannot "
                    "end (do the seats draw at the end of a turn?)"
                )
            seat = self.to_act
            hand = self.hands[seat]
            if place.unplaceable == "out":
                for card in [card for card in hand if not rules.allowed_somewhere(self, card)]:
                    hand.remove(card)
                    self.out.append(card)
                    if self._recording:  # search copies build no events
                        self._event(Discarded(seat=seat, card=rules.c.texts[card]))
            if hand:
                return
            if place.empty_hand != END_TURN and rules.claims(self):
                self.phase = place.empty_hand
                return
            if self._recording:  # search copies build no events
                self._event(NoSequence(seat=seat) if self.covered else Passed(seat=seat))
            self._end_turn(progress=False)

    # -- contract hooks
    def _legal_actions(self) -> list[Action]:
        return self.game.rules.legal_by_phase[self.phase](self)

    def _apply(self, action: Action) -> None:
        verb = action.verb
        if verb == "slide":
            self._slide(int(action.args[0]), int(action.args[1]))
        elif verb == "place":
            self._place(action)
        elif verb == "claim":
            self._claim(action)
        elif verb == "hole":
            self._fill_all_but(int(action.args[0]))
        elif verb == "refill":
            self._fill_one(int(action.args[0]))
        elif verb == "exchange":
            self._exchange()
        else:  # end, pass
            self._end_turn(progress=False)
        self._after_action()

    def _slide(self, source: int, target: int) -> None:
        rules = self.game.rules
        self.table[target], self.table[source] = self.table[source], self.table[target]
        self.steps += 1
        slide = rules.turn.slide
        assert slide is not None
        if (
            slide.at_limit == "end_turn_unless_claim"
            and self.steps >= rules.slide_limit
            and not rules.claims(self)
        ):
            if self._recording:  # search copies build no events
                self._event(TurnOver(seat=self.to_act, reason="slide_limit"))
            self._end_turn(progress=False)

    def _place(self, action: Action) -> None:
        rules = self.game.rules
        place = rules.turn.place
        assert place is not None
        where = action.args[1]
        hand = self.hands[self.to_act]
        card = rules.c.card_in(hand, str(action.args[0]))
        self._digit_counts = None
        hand.remove(card)
        if place.to == "row":
            if where == "left":
                self.table.insert(0, [card])
                self.last_pile = 0
            elif where == "right":
                self.table.append([card])
                self.last_pile = len(self.table) - 1
            else:
                self.last_pile = int(where) - 1
                self.table[self.last_pile].append(card)
        else:
            self.table[int(where)].append(card)
            self.covered.append(int(where))
        self.phase = place.then_bonus if place.then_bonus and rules.c.bonus[card] else place.then
        if not hand and not place.whole_hand:
            if place.empty_hand != END_TURN and rules.claims(self):
                self.phase = place.empty_hand
            else:
                if self._recording:  # search copies build no events
                    self._event(TurnEnds(seat=self.to_act, reason="hand_empty"))
                self._end_turn(progress=False)

    def _claim(self, action: Action) -> None:
        rules = self.game.rules
        c = rules.c
        claim = rules.turn.claim
        assert claim is not None
        seat = self.to_act
        collected = self.scores[seat]
        code_card: int | None = None
        if claim.code == "hand" and c.table.kind == "grid":
            code_card = c.card_in(self.hands[seat], str(action.args[0]))
            self.hands[seat].remove(code_card)
            family, chosen = c.claim_lines[action]
            positions = sorted({p for index in chosen for p in c.lines[family][index]})
        elif claim.code == "hand":
            code_card = c.card_in(self.hands[seat], str(action.args[0]))
            self.hands[seat].remove(code_card)
            numbers = [int(arg) for arg in action.args[1:] if isinstance(arg, int)]
            starts = [number - 1 for number in numbers]
            positions = sorted({p for start in starts for p in range(start, start + claim.width)})
        else:
            family, chosen = c.claim_lines[action]
            if family == "windows":
                positions = sorted(
                    {p for start in chosen for p in range(start, start + claim.width)}
                )
            else:
                positions = sorted({p for index in chosen for p in c.lines[family][index]})
            if claim.code == "target":
                code_card = self.targets[seat]
                self.targets[seat] = None
        taken = [card for position in positions for card in self.table[position]]
        self._digit_counts = None
        if claim.remove_lines:
            for position in reversed(positions):
                del self.table[position]
        else:
            for position in positions:
                self.table[position] = []
        collected += taken
        if code_card is not None:
            # A code card that is not collected has been shown and played: out of the game.
            (collected if rules.collect_code_card else self.out).append(code_card)
        if self._recording:  # search copies build no events
            self._event(
                Claimed(
                    seat=seat,
                    action=str(action),
                    cards=len(taken)
                    + (1 if rules.collect_code_card and code_card is not None else 0),
                    collected=len(collected),
                )
            )
        if claim.refill == "auto":
            for position in positions:
                if not self.deck:
                    break
                self.table[position] = [self.deck.pop()]
        elif claim.refill == "choose":
            if self.deck:
                self.phase = claim.then
                return
            self._after_refill()
            return
        self._go(claim.then, progress=True)

    def _fill_all_but(self, hole: int) -> None:
        self._digit_counts = None
        for position, pile in enumerate(self.table):
            if position != hole and not pile:
                self.table[position] = [self.deck.pop()]
        if self._recording:  # search copies build no events
            self._event(Refilled(seat=self.to_act, hole=hole))
        self._after_refill()

    def _fill_one(self, position: int) -> None:
        self._digit_counts = None
        self.table[position] = [self.deck.pop()]
        if self._recording:  # search copies build no events
            self._event(Refilled(seat=self.to_act, position=position))
        if not self.deck:
            self._after_refill()

    def _after_refill(self) -> None:
        rules = self.game.rules
        claim, refill = rules.turn.claim, rules.turn.refill
        if claim is not None and claim.new_target:
            self.targets[self.to_act] = self.deck.pop() if self.deck else None
        self._go(refill.then if refill else END_TURN, progress=True)

    def _exchange(self) -> None:
        seat = self.to_act
        old = self.targets[seat]
        assert old is not None
        self.out.append(old)
        self.targets[seat] = self.deck.pop()
        if self._recording:  # search copies build no events
            self._event(
                Exchanged(seat=seat, card=self.game.rules.c.texts[old], deck=len(self.deck))
            )
        self._end_turn(progress=True)

    def _go(self, phase: str, *, progress: bool) -> None:
        if phase == END_TURN:
            self._end_turn(progress=progress)
        else:
            self.phase = phase

    def _end_turn(self, *, progress: bool) -> None:
        rules = self.game.rules
        end = rules.turn.end
        seat = self.to_act
        if progress:
            self.quiet_turns = 0
            self.positions = {}
        elif end.quiet_turns == "every_turn" or (end.quiet_turns == "empty_deck" and not self.deck):
            self.quiet_turns += 1
        if self.hands:
            hand = self.hands[seat]
            drawn: list[int] = []
            if rules.draw_up_to:
                missing = rules.draw_up_to - len(hand)
                if missing > 0 and self.deck:
                    drawn = draw(self.deck, missing)
            elif rules.draw_count:
                drawn = draw(self.deck, rules.draw_count)
            if drawn:
                hand += drawn
                self._sort_hand(hand)
                if self._recording:  # search copies build no events
                    self._event(Drew(seat=seat, cards=len(drawn), deck=len(self.deck)))
        self.phase = rules.start
        self.steps = 0
        self.covered = []
        self.last_pile = None
        termination = self._ending_after(seat)
        if termination is not None:
            self._finish([len(pile) for pile in self.scores], termination)
            return
        self.to_act = (seat + 1) % self.players

    def _ending_after(self, seat: int) -> ModeTermination | None:
        """How the game ends after ``seat``'s turn: the first ending that holds, or ``None``."""
        held = self._ending_holding()
        return None if held is None else held[1]

    def _ending_holding(self) -> tuple[Ending, ModeTermination] | None:
        rules = self.game.rules
        for ending, termination, rounds in rules.endings:
            if ending.when == "deck_empty" and self.deck:
                continue
            if ending.when == "deck_not_empty" and not self.deck:
                continue
            if rounds is not None and (not rounds or self.quiet_turns < rounds * self.players):
                continue
            if ending.condition == "hands_empty" and (self.deck or any(self.hands)):
                continue
            if ending.condition == "no_target_possible" and not all(
                target is None or rules.impossible(self, target) for target in self.targets
            ):
                continue
            return ending, termination
        return None

    # -- views
    def _observation(self, seat: int | None) -> ModeObservation:
        rules = self.game.rules
        c = rules.c
        cards = c.cards
        places = c.mode.places
        table = c.table
        views = [
            PlaceView(
                name=table.name,
                kind=table.kind,
                seat=None,
                shape=(table.rows, table.columns) if table.kind == "grid" else (table.max_piles,),
                cells=tuple(tuple(cards[card] for card in pile) for pile in self.table),
                cards=None,
                size=sum(len(pile) for pile in self.table),
            )
        ]
        for owner in range(self.players):
            if places.hand:
                hand = self.hands[owner]
                views.append(
                    PlaceView(
                        name=places.hand.name,
                        kind="hand",
                        seat=owner,
                        shape=(),
                        cells=None,
                        cards=tuple(cards[card] for card in hand) if owner == seat else None,
                        size=len(hand),
                    )
                )
            if places.target:
                target = self.targets[owner]
                views.append(
                    PlaceView(
                        name=places.target.name,
                        kind="target",
                        seat=owner,
                        shape=(),
                        cells=None,
                        cards=(() if target is None else (cards[target],))
                        if owner == seat
                        else None,
                        size=0 if target is None else 1,
                    )
                )
            if places.score:
                views.append(
                    PlaceView(
                        name=places.score.name,
                        kind="score",
                        seat=owner,
                        shape=(),
                        cells=None,
                        cards=None,
                        size=len(self.scores[owner]),
                    )
                )
        if places.out:
            views.append(
                PlaceView(
                    name=places.out,
                    kind="out",
                    seat=None,
                    shape=(),
                    cells=None,
                    cards=tuple(cards[card] for card in self.out),
                    size=len(self.out),
                )
            )
        counters: dict[str, int] = {}
        turn = rules.turn
        if turn.slide:
            counters["slides"] = self.steps
            counters["slide_limit"] = rules.slide_limit
        if turn.end.quiet_turns != "none":
            counters["quiet_turns"] = self.quiet_turns
        if rules.counts_positions:
            counters["repetitions"] = self.repetitions
        return ModeObservation(
            **self._header(seat),
            mode=c.mode.id,
            places=tuple(views),
            deck_size=len(self.deck),
            phase=self.phase,
            counters=counters,
            covered=tuple(self.covered),
            last_pile=None if self.last_pile is None else self.last_pile + 1,
            scores=tuple(len(pile) for pile in self.scores),
            first_player=self.first_player,
            lines=tuple(c.claim_families) if c.mode.turn.claim else (),
        )

    def card_zones(self) -> dict[str, list[Any]]:
        zones: dict[str, list[Any]] = {
            "deck": list(self.deck),
            "table": [card for pile in self.table for card in pile],
            "out": list(self.out),
        }
        for seat in range(self.players):
            if self.hands:
                zones[f"hand {seat}"] = list(self.hands[seat])
            if self.targets:
                target = self.targets[seat]
                zones[f"target {seat}"] = [] if target is None else [target]
            zones[f"score {seat}"] = list(self.scores[seat])
        return zones

    def clone(self) -> Self:
        twin = self._clone_two_levels()
        twin.positions = dict(self.positions)
        return twin

    def _redeal_unseen(self, seat: int, rng: random.Random) -> None:
        others = [other for other in range(self.players) if other != seat]
        zones: list[list[int]] = [self.deck]
        if self.hands:
            zones += [self.hands[other] for other in others]
        held: list[list[int]] = []
        if self.targets:
            for other in others:
                target = self.targets[other]
                held.append([] if target is None else [target])
            zones += held
        redeal(zones, rng)
        if self.targets:
            for other, zone in zip(others, held, strict=True):
                self.targets[other] = zone[0] if zone else None
        for other in others:
            if self.hands:
                self._sort_hand(self.hands[other])


class RoundFinishingState(ModeState):
    """The state of a mode with an ending that finishes the round (``finish_round``):
    ``final_round`` names the ending that held before the round was complete; the game then
    ends by it once every seat has had as many turns as the first player. Modes without one
    keep ``ModeState``, their saves and views unchanged."""

    SAVE_FIELDS = (*ModeState.SAVE_FIELDS, "final_round")

    final_round: str | None

    def __init__(self, game: ModeGame, seed: int) -> None:
        # Set before the deal: a whole-hand placement may end turns while the state is built.
        self.final_round = None
        super().__init__(game, seed)

    def _ending_after(self, seat: int) -> ModeTermination | None:
        round_complete = (seat + 1) % self.players == self.first_player
        if self.final_round is not None:
            # The ending was reached: the last seats play their turns whatever they change.
            return self.game.compiled.terminations(self.final_round) if round_complete else None
        held = self._ending_holding()
        if held is None:
            return None
        ending, termination = held
        if ending.finish_round and not round_complete:
            self.final_round = ending.name
            return None
        return termination

    def _observation(self, seat: int | None) -> ModeObservation:
        observation = super()._observation(seat)
        # Public: every seat knows that the round under way is the last.
        observation.counters["final_round"] = int(self.final_round is not None)
        return observation


class RoundFinishingGame(ModeGame):
    """A mode with an ending that finishes the round: its states keep the ending reached."""

    def new_initial_state(self, seed: int) -> RoundFinishingState:
        return RoundFinishingState(self, seed)


def compile_mode(mode: Mode) -> type[ModeGame]:
    """The game class of a mode (built once; each table resolves its own numbers)."""
    return CompiledMode(mode).game_class()
