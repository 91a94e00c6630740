"""What a seat sees of Sequence Stacks, typed: the shared piles, its own hand, the discard
piles, the chips and the turn's state. ``state.observation(seat)`` is
``StacksObservation.to_json()``; cards travel in JSON as their face text (``blue-3``,
``red-wild``, ``steal-chip``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sequenza.core.events import Event, GameOver, omitted_when_none
from sequenza.core.observation import Notated, Observation

#: The colourless action cards.
ActionKind = Literal["skip", "reverse", "steal-card", "block", "steal-chip"]


@dataclass(frozen=True, slots=True)
class StacksCard(Notated):
    """A card: a colour with a number (1 to 5) or a wild, or a colourless action card."""

    PATTERN = r"^([a-z]+-([1-5]|wild)|skip|reverse|steal-card|block|steal-chip)$"

    #: ``None`` for an action card.
    colour: str | None = None
    #: 1 to 5; ``None`` for a wild or an action card.
    number: int | None = None
    wild: bool = False
    action: ActionKind | None = None

    def __str__(self) -> str:
        if self.action is not None:
            return self.action
        return f"{self.colour}-{'wild' if self.wild else self.number}"


@dataclass(frozen=True, kw_only=True)
class StacksPile:
    """One of the shared piles (two per colour)."""

    #: ``blue 1``: its colour and number.
    name: str
    colour: str
    #: Its cards, bottom first.
    cards: tuple[StacksCard, ...]
    #: The number the next card must show; ``None`` on an empty pile.
    needs: int | None
    #: Whether the pile holds its top card (5): it waits for the Block window's answers.
    complete: bool


@dataclass(frozen=True, kw_only=True)
class StacksBlock:
    """A Block window: a completion waiting for the others' answers."""

    #: The seat that completed the pile.
    seat: int
    #: The pile's name.
    pile: str
    #: The seats yet to answer, in order.
    waiting: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class StacksObservation(Observation):
    colours: tuple[str, ...]
    #: The seat's hand, sorted; ``None`` for a spectator.
    hand: tuple[StacksCard, ...] | None
    hand_sizes: tuple[int, ...]
    #: Per seat, the cards of its hand everybody has seen it take.
    known_cards: tuple[tuple[StacksCard, ...], ...]
    #: Per seat, its discard pile, bottom first.
    discards: tuple[tuple[StacksCard, ...], ...]
    action_discard: tuple[StacksCard, ...]
    piles: tuple[StacksPile, ...]
    draw_pile: int
    set_aside: tuple[StacksCard, ...]
    removed: tuple[StacksCard, ...]
    #: Per seat, its chips by colour.
    chips: tuple[dict[str, int], ...]
    #: Chips left in the supply, by colour.
    supply: dict[str, int]
    turn_seat: int
    #: 1 or -1: the way play goes round.
    direction: int
    #: Per seat, the turns it will lose to Skips.
    skips: tuple[int, ...]
    block: StacksBlock | None
    quiet_turns: int
    stall_turns: int
    chipless_turns: int
    chipless_turn_limit: int


# ---------------------------------------------------------------------- events
@dataclass(frozen=True, kw_only=True)
class StacksDealt(Event):
    code = "deal"
    #: Cards dealt to each seat.
    cards: int
    draw_pile: int


@dataclass(frozen=True, kw_only=True)
class StacksReshuffled(Event):
    """The draw pile ran out: the set-aside stack, shuffled, became the draw pile."""

    code = "reshuffle"
    cards: int


@dataclass(frozen=True, kw_only=True)
class StacksDrew(Event):
    code = "draw"
    seat: int
    cards: int


@dataclass(frozen=True, kw_only=True)
class StacksTurnLost(Event):
    """The seat's turn passed without a move (it had nothing to draw and nothing to play)."""

    code = "turn_lost"
    seat: int


@dataclass(frozen=True, kw_only=True)
class StacksCompleted(Event):
    """A pile reached its top card: the Block window opens."""

    code = "completed"
    seat: int
    colour: str
    #: The pile of the colour, 1 or 2.
    pile: int


@dataclass(frozen=True, kw_only=True)
class StacksChip(Event):
    code = "chip"
    seat: int
    colour: str


@dataclass(frozen=True, kw_only=True)
class StacksNoChip(Event):
    code = "no_chip"
    seat: int
    colour: str
    reason: Literal["supply_empty"]


@dataclass(frozen=True, kw_only=True)
class StacksRefillsUsed(Event):
    """The seat played out its hand again after drawing five more ``refills`` times this turn:
    it draws no more until the turn ends."""

    code = "refills_used"
    seat: int
    refills: int


@dataclass(frozen=True, kw_only=True)
class StacksSkipped(Event):
    code = "skip"
    seat: int


@dataclass(frozen=True, kw_only=True)
class StacksStoleCard(Event):
    code = "stole_card"
    seat: int
    #: The seat whose discard pile the card came from.
    source: int
    #: The card's face.
    card: str


@dataclass(frozen=True, kw_only=True)
class StacksGameOver(GameOver):
    #: The winner's chips and the chips of each colour a win needs (a win by chips).
    chips: int | None = omitted_when_none()
    each: int | None = omitted_when_none()
    #: The rounds of the stall rule or safety net that ended the game.
    rounds: int | None = omitted_when_none()


#: Every event of Sequence Stacks' log beyond the actions.
STACKS_EVENTS: tuple[type[Event], ...] = (
    StacksDealt,
    StacksReshuffled,
    StacksDrew,
    StacksTurnLost,
    StacksCompleted,
    StacksChip,
    StacksNoChip,
    StacksRefillsUsed,
    StacksSkipped,
    StacksStoleCard,
    StacksGameOver,
)
