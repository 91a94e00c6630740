"""The mode model: what a mode file says, as typed frozen values. ``sequenza.modes.loader``
reads a file into a ``Mode`` (every field checked, every mistake located), and
``sequenza.modes.engine`` compiles a ``Mode`` into a game.

A number in a mode may name an option instead (``limit = "slide_limit"``): an ``Amount``.
The engine resolves it once per table, when the options are known, never during play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

#: A number, or the name of an option (of the same kind) that gives it.
Amount: TypeAlias = int | str
#: A yes/no, or the name of a true/false option that gives it.
Switch: TypeAlias = bool | str

TableKind = Literal["grid", "row"]
LineFamily = Literal["rows", "columns", "diagonals", "windows"]
CodeSource = Literal["target", "hand", "placed"]

#: What a turn can end in: the next seat's turn, or a phase of the same turn.
END_TURN = "end_turn"

#: The actions (building blocks) a phase may list, in the order its legal actions list them.
ACTION_BLOCKS = ("slide", "place", "claim", "end", "refill")
#: The verbs each block gives its actions.
BLOCK_VERBS = {
    "slide": ("slide",),
    "place": ("place",),
    "claim": ("claim",),
    "end": ("end",),
    "refill": ("hole", "refill"),
}
LANGUAGES = ("en", "it", "fi", "eo")


@dataclass(frozen=True)
class OptionDecl:
    """A rule option: its name, default, range and description, as a game's ``Options``."""

    name: str
    default: int | bool
    description: str
    minimum: int | None = None
    maximum: int | None = None
    decision: bool = False


@dataclass(frozen=True)
class ListedCard:
    """One line of a deck listed in the file: a card's text (``digit:code``, ``+`` for a
    bonus card) and how many copies of it the deck holds."""

    card: str
    count: int = 1


@dataclass(frozen=True)
class TablePlace:
    """The table's place: a grid of ``rows`` x ``columns`` positions, each holding one card
    (``holds="card"``) or a pile, some starting empty; or a row of at most ``max_piles``
    piles that grows at either end."""

    name: str
    kind: TableKind
    rows: int = 0
    columns: int = 0
    holds: Literal["card", "pile"] = "card"
    start_empty: tuple[int, ...] = ()
    max_piles: int = 0

    @property
    def positions(self) -> int:
        return self.rows * self.columns if self.kind == "grid" else self.max_piles


@dataclass(frozen=True)
class SeatPlace:
    """A place each seat has: a secret ``hand`` (kept sorted by the cards' text or in the deck
    list's order), a secret ``target`` (one card) or a ``score`` pile (its size is public)."""

    name: str
    kind: Literal["hand", "target", "score"]
    order: Literal["text", "deck"] = "text"


@dataclass(frozen=True)
class Places:
    table: TablePlace
    hand: SeatPlace | None = None
    target: SeatPlace | None = None
    score: SeatPlace | None = None
    #: The name of the out-of-play place (face up), if the mode has one.
    out: str | None = None

    def names(self) -> tuple[str, ...]:
        named = [self.table.name]
        named += [place.name for place in (self.hand, self.target, self.score) if place]
        return (*named, *((self.out,) if self.out else ()))


@dataclass(frozen=True)
class Deal:
    """One step of the set-up: deal to ``place`` (the grid: a card on each position that does
    not start empty; a hand: ``count`` cards each; a target: one each)."""

    place: str
    count: Amount = 1
    #: A hand deal's cards more (negative: fewer) for each seat in the order of play, the
    #: first player's first; seats past the list get ``count``. Empty: every seat alike.
    extra_by_seat: tuple[int, ...] = ()

    def extra(self, order: int) -> int:
        """The cards more than ``count`` for the seat ``order`` turns after the first player."""
        return self.extra_by_seat[order] if order < len(self.extra_by_seat) else 0


@dataclass(frozen=True)
class Phase:
    name: str
    #: The action blocks open in this phase, in the order the legal actions list them.
    actions: tuple[str, ...]
    #: A block that, when its conditions hold, is the only move (``"exchange"``).
    forced: str | None = None


@dataclass(frozen=True)
class SlideRule:
    """Slide a card into an orthogonally adjacent empty position of the grid."""

    limit: Amount
    #: ``end_turn_unless_claim``: the last slide ends the turn unless a claim is open.
    at_limit: Literal["end_turn_unless_claim", "stay"] = "end_turn_unless_claim"
    #: Whether a card diagonally next to an empty position slides into it too (``true``/
    #: ``false`` or a true/false option): its slides come after every other action.
    diagonal: Switch = False


@dataclass(frozen=True)
class PlaceRule:
    """Place a card of the hand: on the row (a new pile at either end while the row is not
    full, then on any pile) or on a grid position."""

    to: TableKind
    then: str
    then_bonus: str | None = None
    whole_hand: bool = False
    not_on_same_digit: bool = False
    not_on_covered: bool = False
    unplaceable: Literal["out", "keep"] = "keep"
    #: What an empty hand after a placement leads to: ``end_turn``, or a phase (entered only
    #: when a claim is open there; otherwise the turn ends).
    empty_hand: str = END_TURN


@dataclass(frozen=True)
class ClaimRule:
    """Claim lines that show a code, and what the claim does."""

    lines: tuple[LineFamily, ...]
    code: CodeSource
    then: str
    width: int = 3
    full_row: bool = False
    sets: bool = False
    must_include_last: Switch = False
    collect_code_card: Switch = False
    remove_lines: bool = False
    refill: Literal["none", "auto", "choose"] = "none"
    new_target: bool = False


@dataclass(frozen=True)
class ExchangeRule:
    """The forced exchange of a target: it leaves the game, a new one is drawn, the turn
    ends."""

    when_impossible: bool = True
    when_repeated: Amount | None = None
    empty_deck: Literal["pass"] = "pass"


@dataclass(frozen=True)
class RefillRule:
    """After a claim that refills by choice: fill every empty position but ``leave_empty``
    (the claimer names the one left: ``hole P``), or, with too few cards, one by one
    (``refill P``)."""

    leave_empty: int = 1
    then: str = END_TURN


@dataclass(frozen=True)
class TurnEnd:
    draw_up_to: Amount | None = None
    draw: Amount | None = None
    #: Which turns without a claim or an exchange count for the endings' quiet rounds.
    quiet_turns: Literal["every_turn", "empty_deck", "none"] = "none"


@dataclass(frozen=True)
class Ending:
    name: str
    when: Literal["always", "deck_empty", "deck_not_empty"] = "always"
    condition: Literal["no_target_possible", "hands_empty"] | None = None
    quiet_rounds: Amount | None = None
    stall: bool = False
    #: When it holds, play goes on until the round is complete (every seat has had as many
    #: turns as the first player) and the game then ends by this ending, whatever the last
    #: turns of the round change.
    finish_round: bool = False


@dataclass(frozen=True)
class Turn:
    start: str
    phases: tuple[Phase, ...]
    empty_handed: Literal["pass"] | None = None
    slide: SlideRule | None = None
    place: PlaceRule | None = None
    claim: ClaimRule | None = None
    exchange: ExchangeRule | None = None
    refill: RefillRule | None = None
    end: TurnEnd = field(default_factory=TurnEnd)

    def phase(self, name: str) -> Phase:
        return next(phase for phase in self.phases if phase.name == name)


@dataclass(frozen=True)
class Mode:
    """A whole mode file."""

    id: str
    name: str
    players: tuple[int, ...]
    version: str
    summary: str
    rules: str
    #: ``sequentia`` (the 54-card deck of the package's data) or ``listed``.
    deck: str
    options: tuple[OptionDecl, ...]
    places: Places
    setup: tuple[Deal, ...]
    turn: Turn
    endings: tuple[Ending, ...]
    #: Language -> message key (``action.<verb>``, ``ending.<name>``) -> English template.
    words: dict[str, dict[str, str]] = field(default_factory=dict)
    #: Language -> an event's key -> its forms by CLDR plural category (``one``, ``many``,
    #: ``other``...), where the file gives a counted event's words as a table of forms; its
    #: ``words`` entry is then the ``other`` form.
    plurals: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)
    #: The cards of a ``listed`` deck, in the order of the file (a card's copies one after
    #: another make the deck list, whose indices are the cards' ids).
    deck_list: tuple[ListedCard, ...] = ()
