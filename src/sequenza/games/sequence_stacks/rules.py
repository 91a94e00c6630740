"""Sequence Stacks: build shared colour piles from 1 to 5 and collect chips; five chips, at
least two of each colour, win.

The table holds four pile slots, two per colour; an action names a pile by its colour's slot
number (the card's colour says which colour)::

    blue 1 | blue 2 | red 1 | red 2

A turn is several actions by one seat, each naming the card's face and where it comes from
(``hand``, or the top of the player's own ``discard`` pile):

    play red-3 hand 1            red-3 from the hand onto red pile 1
    play blue-wild discard new   start a new blue pile (the wild stands for 1)
    play skip hand               the next player loses their next turn
    play reverse discard         the direction of play flips
    play steal-card hand 3       take the top card of seat 3's discard pile
    play steal-chip hand 2 red   take a red chip from seat 2
    discard red-3                discard from the hand: the turn ends
    end                          with an empty hand and nothing to draw: the turn ends

When a pile reaches 5 a **Block window** opens: every opponent in turn order, one action
each, answers ``allow`` or, holding a Block, ``block``. An opponent without a Block is asked
too (offered only ``allow``), so that being asked tells nobody what a hand holds.

>>> import sequenza
>>> state = sequenza.make("sequence-stacks", players=2, seed=1)
>>> str(state.legal_actions()[-1]).startswith("discard ")
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Self, cast

from sequenza.components.decks import draw, load_data, shuffle
from sequenza.components.turns import next_seat, seats_from
from sequenza.core.actions import Action, ActionSpace
from sequenza.core.errors import NotationError
from sequenza.core.game import Game, GameInfo, State, Termination
from sequenza.core.notation import position_fields
from sequenza.core.options import Options, option

from .types import (
    STACKS_EVENTS,
    ActionKind,
    StacksBlock,
    StacksCard,
    StacksChip,
    StacksCompleted,
    StacksDealt,
    StacksDrew,
    StacksNoChip,
    StacksObservation,
    StacksPile,
    StacksRefillsUsed,
    StacksReshuffled,
    StacksSkipped,
    StacksStoleCard,
    StacksTurnLost,
)

_DATA = load_data("sequence_stacks_deck.json")

COLOURS: tuple[str, ...] = tuple(_DATA["colours"])
PILES_PER_COLOUR = 2
#: A pile is complete when it holds this many cards (1 to 5).
TOP = 5
#: Cards dealt, and drawn again when a hand is played out.
HAND_SIZE = 5
MAX_SEATS = 6
#: Chips of each colour in the supply at the start.
CHIPS_PER_COLOUR = int(_DATA["chips_per_colour"])
#: Chips of each colour a winning collection holds at least, and chips in all.
WIN_EACH = 2
WIN_TOTAL = 5

SOURCES = ("hand", "discard")
HAND = 0
DISCARD = 1
#: Targets of a coloured card: slot 1, slot 2 or a new pile in the lowest free slot.
NEW = PILES_PER_COLOUR
TARGETS: tuple[int | str, ...] = (*range(1, PILES_PER_COLOUR + 1), "new")

#: The colourless action cards' faces.
ACTION_FACES = ("skip", "reverse", "steal-card", "block", "steal-chip")
_NUMBERS = tuple(str(value) for value in range(1, TOP + 1))


def _read_faces() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Faces in data order, each face's colour (-1: none) and value (0: wild, -1: an action
    card), and each card id's face."""
    faces: list[str] = []
    colours: list[int] = []
    values: list[int] = []
    cards: list[int] = []
    for entry in _DATA["cards"]:
        face = str(entry["face"])
        colour_name, _, value = face.partition("-")
        if face in ACTION_FACES:
            colours.append(-1)
            values.append(-1)
        elif colour_name in COLOURS and (value == "wild" or value in _NUMBERS):
            colours.append(COLOURS.index(colour_name))
            values.append(0 if value == "wild" else int(value))
        else:
            raise ValueError(f"sequence_stacks_deck.json: unknown card face {face!r}")
        cards += [len(faces)] * int(entry["count"])
        faces.append(face)
    return tuple(faces), tuple(colours), tuple(values), tuple(cards)


FACES, FACE_COLOUR, FACE_VALUE, CARD_FACE = _read_faces()
FACE_INDEX = {face: index for index, face in enumerate(FACES)}
#: Each face as a typed card.
CARDS: tuple[StacksCard, ...] = tuple(
    StacksCard(action=cast(ActionKind, face))
    if colour < 0
    else StacksCard(colour=COLOURS[colour], number=value or None, wild=value == 0)
    for face, colour, value in zip(FACES, FACE_COLOUR, FACE_VALUE, strict=True)
)
#: The typed card of each face text (as actions name cards).
CARD_OF_FACE: dict[str, StacksCard] = dict(zip(FACES, CARDS, strict=True))
DECK_SIZE = len(CARD_FACE)
_SKIP, _REVERSE, _STEAL_CARD, _BLOCK, _STEAL_CHIP = (FACE_INDEX[face] for face in ACTION_FACES)


@cache
def _removed_cards(players: int) -> tuple[int, ...]:
    """The cards taken out of the game for this player count: the last copies of each face.
    Computed once per count: every new game asks."""
    removed: list[int] = []
    for face, count in _DATA["removed_by_players"].get(str(players), {}).items():
        copies = [card for card in range(DECK_SIZE) if FACES[CARD_FACE[card]] == face]
        removed += copies[len(copies) - int(count) :]
    return tuple(sorted(removed))


@cache
def _cards_in_play(players: int) -> tuple[int, ...]:
    """Every card but the removed ones, in card order: the draw pile before its shuffle."""
    out = set(_removed_cards(players))
    return tuple(card for card in range(DECK_SIZE) if card not in out)


def pile_takes(height: int, value: int) -> bool:
    """Whether a coloured card of ``value`` (0: a wild) may go on a pile of its colour holding
    ``height`` cards (0: whether it may start a new pile).

    >>> pile_takes(0, 1), pile_takes(0, 0), pile_takes(0, 2), pile_takes(2, 3), pile_takes(4, 0)
    (True, True, False, True, True)
    """
    if height == 0:
        return value <= 1
    return value == 0 or height == value - 1


def pile_name(slot: int) -> str:
    """``blue 1`` for slot 0: the colour and its pile number."""
    colour, number = divmod(slot, PILES_PER_COLOUR)
    return f"{COLOURS[colour]} {number + 1}"


# ---------------------------------------------------------------------- the action space
# Every action is built once here; legal_actions picks from these tables, and _apply reads
# an action's meaning from _MEANING instead of parsing its words.
PLAY = "play"
_K_PLAY, _K_DISCARD, _K_BLOCK, _K_ALLOW, _K_END = range(5)
_ACTIONS: list[Action] = []
#: Action -> (kind, face, source, target, colour); unused fields are -1.
_MEANING: dict[Action, tuple[int, int, int, int, int]] = {}
#: _PLAYS[face][source][target]: target a slot number, NEW, or a seat for a steal.
_PLAYS: list[list[list[Action]]] = []
#: _STEAL_CHIPS[source][seat][colour].
_STEAL_CHIPS: list[list[list[Action]]] = []
_DISCARDS: list[Action] = []


def _add(action: Action, meaning: tuple[int, int, int, int, int]) -> Action:
    _ACTIONS.append(action)
    _MEANING[action] = meaning
    return action


def _build_actions() -> None:
    for face, text in enumerate(FACES):
        by_source: list[list[Action]] = []
        for source, source_text in enumerate(SOURCES):
            targets: list[Action] = []
            if FACE_COLOUR[face] >= 0:
                for target, target_text in enumerate(TARGETS):
                    action = Action(PLAY, (text, source_text, target_text))
                    targets.append(_add(action, (_K_PLAY, face, source, target, -1)))
            elif face in (_SKIP, _REVERSE):
                targets.append(
                    _add(Action(PLAY, (text, source_text)), (_K_PLAY, face, source, -1, -1))
                )
            elif face == _STEAL_CARD:
                for seat in range(MAX_SEATS):
                    action = Action(PLAY, (text, source_text, seat))
                    targets.append(_add(action, (_K_PLAY, face, source, seat, -1)))
            by_source.append(targets)
        _PLAYS.append(by_source)
    for source, source_text in enumerate(SOURCES):
        by_seat: list[list[Action]] = []
        for seat in range(MAX_SEATS):
            by_colour = [
                _add(
                    Action(PLAY, (FACES[_STEAL_CHIP], source_text, seat, colour_text)),
                    (_K_PLAY, _STEAL_CHIP, source, seat, colour),
                )
                for colour, colour_text in enumerate(COLOURS)
            ]
            by_seat.append(by_colour)
        _STEAL_CHIPS.append(by_seat)
    for face, text in enumerate(FACES):
        _DISCARDS.append(_add(Action("discard", (text,)), (_K_DISCARD, face, HAND, -1, -1)))


_build_actions()


def _colour_plays(face: int, source: int, lengths: tuple[int, ...]) -> tuple[Action, ...]:
    """The plays of a coloured card when its colour's piles hold ``lengths`` cards: onto a
    pile it continues (any pile for a wild card), then onto a new pile for a 1 or a wild."""
    value = FACE_VALUE[face]
    targets = _PLAYS[face][source]
    plays = [
        targets[slot] for slot, length in enumerate(lengths) if length and pile_takes(length, value)
    ]
    if 0 in lengths and pile_takes(0, value):
        plays.append(targets[NEW])
    return tuple(plays)


#: _COLOUR_PLAYS[face][source][first][second]: ``_colour_plays`` of every coloured face for
#: every length of its colour's two piles (up to TOP: a complete pile is answered and set
#: aside before anyone plays again), so that listing legal actions reads a table instead
#: of testing the piles.
assert PILES_PER_COLOUR == 2
_COLOUR_PLAYS: list[list[tuple[tuple[tuple[Action, ...], ...], ...]]] = [
    [
        tuple(
            tuple(_colour_plays(face, source, (first, second)) for second in range(TOP + 1))
            for first in range(TOP + 1)
        )
        if FACE_COLOUR[face] >= 0
        else ()
        for source in (HAND, DISCARD)
    ]
    for face in range(len(FACES))
]
BLOCK_ACTION = _add(Action("block"), (_K_BLOCK, _BLOCK, HAND, -1, -1))
ALLOW = _add(Action("allow"), (_K_ALLOW, -1, -1, -1, -1))
END = _add(Action("end"), (_K_END, -1, -1, -1, -1))


RULES_TEXT = """
Sequence Stacks uses 120 cards: per colour (blue, red) nine each of 1, 2, 3, 4, 5 and seven
wilds of that colour, plus 16 colourless action cards: 3 Skip, 3 Reverse, 3 Steal-a-Card,
3 Block, 4 Steal-a-Chip. With 2 players all 3 Reverse, 1 Block, 2 Steal-a-Chip, 1 Steal-a-Card
and 1 Skip are removed (112 cards). 20 blue and 20 red chips form the supply. Each player is
dealt 5 cards. [decision, our choice] The box also says "60 blue and 60 red cards", which its
own list contradicts; the list is followed (not an option: no deck fits both).

The table holds shared sequence piles, at most 2 of each colour at a time (blue 1, blue 2,
red 1, red 2). [decision, our choice] The box asks for room for "two sequence piles on each
side of the draw pile", read as one side per colour (not an option: the sentence lays out the
table). A pile starts with a 1 or a wild of its colour and goes up by one in the same
colour; a wild stands for the number the pile needs next (for 1 when it starts a pile).

Your turn:
1. You draw until you hold 5 cards (decision, option draw_up_to, default 5; a player with an
   empty hand always draws 5). When the draw pile is empty, the set-aside stack is shuffled
   into a new draw pile.
2. Play as many cards as you like, in any order, each from your hand or from the top of your
   own discard pile ("play red-3 hand 1": red-3 from the hand onto red pile 1; "new" starts a
   new pile in the free slot):
   - a number or wild onto a pile of its colour where it fits, or as a new pile (a 1 or a
     wild) while its colour has fewer than 2 piles;
   - Skip: the next player in the current direction loses their next turn (with 2 players:
     the opponent); Skips add up;
   - Reverse: the direction of play flips;
   - Steal-a-Card: take the top card of an opponent's discard pile into your hand
     ("play steal-card hand 3" takes from seat 3); everyone saw that card, so everyone knows
     it is in your hand until it leaves;
   - Steal-a-Chip: take one chip of an opponent's ("play steal-chip hand 2 red"); not allowed
     when that chip would make your collection a winning one.
   Played action cards go to a shared discard pile for action cards. If your hand empties
   during the turn, you draw 5 more and go on, at most 5 times a turn (decision, option
   turn_refill_limit, default 5: without a limit a turn could go on for ever, drawing back
   the cards of piles completed with no chip left to take); after that an emptied hand
   stays empty until the turn ends.
3. Completion. Placing a 5 (or a wild standing for 5) completes the pile. Before the chip is
   given, every opponent in turn order from you is asked, one at a time, whether to answer
   with a Block from their hand ("block") or to let it pass ("allow"); players without a
   Block are asked too, so the question reveals nothing. A Block discards the pile and no
   chip is given. Otherwise you take a chip of the pile's colour (none if that colour's
   supply is empty). Either way the pile's cards go to the set-aside stack.
4. End your turn by discarding one card from your hand onto your own discard pile
   ("discard red-3"; discard piles are public). With an empty hand and nothing left to draw,
   the turn ends without a discard ("end").

Win: the first player holding at least 5 chips, at least 2 red and at least 2 blue, wins at
once.

Stall rule (decision, option stall_rounds, default 1): when the draw pile and the set-aside
stack are both empty and that many full rounds pass with no chip taken (from the supply or
stolen), the game ends; most chips wins, equal counts share the win.
Safety net (decision, option chipless_round_limit, default 10): once the chips of a colour
have run out, that colour's piles can be completed and reshuffled for ever without a chip, so
the stall rule alone could not end every game. From then on the game also ends, scored the
same way, when that many full rounds pass with no chip taken at all.
A round is one turn per player; a lost turn counts.
"""


@dataclass(frozen=True)
class StacksOptions(Options):
    draw_up_to: int = option(
        HAND_SIZE,
        "At the start of a turn the player draws until holding this many cards "
        "(a player with an empty hand always draws 5)",
        minimum=0,
        maximum=10,
        decision=True,
    )
    stall_rounds: int = option(
        1,
        "With the draw pile and the set-aside stack both empty, the game ends after this "
        "many full rounds with no chip taken",
        minimum=1,
        maximum=50,
        decision=True,
    )
    turn_refill_limit: int = option(
        5,
        "A hand played out during a turn draws five more at most this many times in the turn; "
        "after that it stays empty until the turn ends",
        minimum=1,
        maximum=50,
        decision=True,
    )
    chipless_round_limit: int = option(
        10,
        "Safety net once a colour's chip supply is empty: the game ends after this many full "
        "rounds with no chip taken, whatever the piles hold",
        minimum=1,
        maximum=1000,
        decision=True,
    )


class StacksTermination(Termination):
    #: A player holds 5 chips, at least 2 of each colour.
    CHIPS_COLLECTED = "chips_collected"
    #: Nothing left to draw and ``stall_rounds`` full rounds with no chip taken.
    STALL = "stall"
    #: A colour's supply is empty and ``chipless_round_limit`` rounds passed with no chip.
    SAFETY_NET = "safety_net"

    @property
    def is_stall(self) -> bool:
        return self is not StacksTermination.CHIPS_COLLECTED


class StacksGame(Game[StacksOptions]):
    info: ClassVar[GameInfo] = GameInfo(
        id="sequence-stacks",
        name="Sequence Stacks",
        player_counts=(2, 3, 4, 5, 6),
        rules_version="1",
        summary="Build shared colour piles from 1 to 5 and collect chips; 5 chips with 2 of "
        "each colour win.",
        rules_text=RULES_TEXT,
    )
    options_class: ClassVar[type[Options]] = StacksOptions
    terminations = StacksTermination
    observation_class = StacksObservation
    event_classes = STACKS_EVENTS

    action_space = ActionSpace(
        _ACTIONS,
        "Sequence Stacks",
        "e.g. play red-3 hand 1, play red-1 discard new, play skip hand, play steal-card hand 2, "
        "play steal-chip hand 2 red, discard red-3, block, allow, end",
    )

    def new_initial_state(self, seed: int) -> StacksState:
        return StacksState(self, seed)


class StacksState(State[StacksGame]):
    SAVE_FIELDS = (
        "removed",
        "draw_pile",
        "hands",
        "known",
        "discards",
        "action_discard",
        "piles",
        "set_aside",
        "reshuffled",
        "chips",
        "supply",
        "direction",
        "skips",
        "turn_seat",
        "block_pile",
        "block_waiting",
        "quiet_turns",
        "chipless_turns",
        "refills",
    )
    #: Format 2 counts the turn's refills (``refills``).
    SAVE_FORMAT = 2

    # The saved fields' types (the state's JSON schema reads them); cards are ids into the
    # deck, faces indices into ``FACES``, colours indices into ``COLOURS``.
    removed: list[int]
    draw_pile: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    discards: list[list[int]]
    action_discard: list[int]
    piles: list[list[int]]
    set_aside: list[int]
    reshuffled: list[int]
    chips: list[list[int]]
    supply: list[int]
    direction: int
    skips: list[int]
    turn_seat: int
    block_pile: int
    block_waiting: list[int]
    quiet_turns: int
    chipless_turns: int
    refills: int

    def __init__(self, game: StacksGame, seed: int) -> None:
        super().__init__(game, seed)
        players = game.players
        #: Cards out of the game for this player count (public).
        self.removed = list(_removed_cards(players))
        #: The draw pile, top card last.
        self.draw_pile = list(_cards_in_play(players))
        shuffle(self.draw_pile, self.rng)
        self.hands = [draw(self.draw_pile, HAND_SIZE) for _ in range(players)]
        #: Faces everyone knows to be in each hand (taken with Steal-a-Card), by face index.
        self.known = [[] for _ in range(players)]
        #: Each seat's own discard pile, top card last (public).
        self.discards = [[] for _ in range(players)]
        #: The shared discard pile of played action cards (public).
        self.action_discard = []
        #: Pile slots blue 1, blue 2, red 1, red 2, bottom card first.
        self.piles = [[] for _ in range(len(COLOURS) * PILES_PER_COLOUR)]
        #: Completed piles waiting to be reshuffled into the draw pile (public).
        self.set_aside = []
        #: The faces the last reshuffle made the draw pile of (public); empty before one.
        self.reshuffled = []
        #: Chips per seat and colour, and the supply per colour.
        self.chips = [[0] * len(COLOURS) for _ in range(players)]
        self.supply = [CHIPS_PER_COLOUR] * len(COLOURS)
        self.direction = 1
        #: Turns each seat is still to lose to Skips.
        self.skips = [0] * players
        #: The seat whose turn it is (``to_act`` differs during a Block window).
        self.turn_seat = 0
        #: The completed pile's slot during a Block window, else -1.
        self.block_pile = -1
        #: Opponents still to answer the Block window, the one to act first.
        self.block_waiting = []
        #: Consecutive turns with no chip taken and, at their end, nothing left to draw.
        self.quiet_turns = 0
        #: Consecutive turns with no chip taken.
        self.chipless_turns = 0
        #: The times this turn's seat has drawn five more after playing out its hand.
        self.refills = 0
        self._legal: tuple[Action, ...] | None = None
        first = self.rng.randrange(players) if game.options.random_first_player else 0
        self._event(StacksDealt(cards=HAND_SIZE, draw_pile=len(self.draw_pile)))
        self._start_turn(first)

    # ------------------------------------------------------------------ rules
    def _would_win(self, collection: list[int]) -> bool:
        return sum(collection) >= WIN_TOTAL and min(collection) >= WIN_EACH

    def _draw(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards, reshuffling the set-aside stack when the draw pile runs
        out; the number drawn."""
        hand = self.hands[seat]
        pile = self.draw_pile
        drawn = 0
        while drawn < count:
            if not pile:
                if not self.set_aside:
                    break
                pile.extend(self.set_aside)
                self.set_aside = []
                shuffle(pile, self.rng)
                self.reshuffled = [CARD_FACE[card] for card in pile]
                self._event(StacksReshuffled(cards=len(pile)))
            hand.append(pile.pop())
            drawn += 1
        return drawn

    def _start_turn(self, seat: int) -> None:
        self.turn_seat = seat
        self.to_act = seat
        self.refills = 0
        held = len(self.hands[seat])
        wanted = (
            self.game.options.draw_up_to - held
            if held
            else max(self.game.options.draw_up_to, HAND_SIZE)
        )
        if wanted > 0:
            drawn = self._draw(seat, wanted)
            if drawn:
                self._event(StacksDrew(seat=seat, cards=drawn))

    def _refill(self, seat: int) -> None:
        """A hand played out during the turn draws five more, up to the turn's limit."""
        if self.hands[seat]:
            return
        limit = self.game.options.turn_refill_limit
        if self.refills >= limit:
            if self.draw_pile or self.set_aside:
                self._event(StacksRefillsUsed(seat=seat, refills=limit))
            return
        drawn = self._draw(seat, HAND_SIZE)
        if drawn:
            self.refills += 1
            self._event(StacksDrew(seat=seat, cards=drawn))

    def _take_from_hand(self, seat: int, face: int) -> int:
        hand = self.hands[seat]
        for index, card in enumerate(hand):
            if CARD_FACE[card] == face:
                del hand[index]
                known = self.known[seat]
                if face in known:
                    known.remove(face)
                return card
        raise AssertionError(f"seat {seat} holds no {FACES[face]}")

    def _chip_taken(self) -> None:
        self.quiet_turns = 0
        self.chipless_turns = 0

    def _count_turn(self) -> None:
        """Count one turn (played or lost) for the stall rule and the safety net."""
        self.chipless_turns += 1
        if self.draw_pile or self.set_aside:
            self.quiet_turns = 0
        else:
            self.quiet_turns += 1
        options = self.game.options
        players = self.game.players
        if self.quiet_turns >= options.stall_rounds * players:
            self._end_game(StacksTermination.STALL, rounds=options.stall_rounds)
        elif (
            self.chipless_turns >= options.chipless_round_limit * players and min(self.supply) == 0
        ):
            self._end_game(StacksTermination.SAFETY_NET, rounds=options.chipless_round_limit)

    def _end_game(
        self, termination: StacksTermination, winner: int | None = None, **details: int
    ) -> None:
        self._finish(
            [sum(collection) for collection in self.chips],
            termination,
            None if winner is None else [winner],
            **details,
        )

    def _end_turn(self) -> None:
        self._count_turn()
        seat = next_seat(self.turn_seat, self.game.players, self.direction)
        while not self.finished and self.skips[seat]:
            self.skips[seat] -= 1
            self._event(StacksTurnLost(seat=seat))
            self._count_turn()
            seat = next_seat(seat, self.players, self.direction)
        if not self.finished:
            self._start_turn(seat)

    def _complete(self, seat: int, slot: int) -> None:
        """Open the Block window: each opponent in turn order answers, one action each."""
        self.block_pile = slot
        self.block_waiting = seats_from(seat, self.players, self.direction)
        self.to_act = self.block_waiting[0]
        colour, number = divmod(slot, PILES_PER_COLOUR)
        self._event(StacksCompleted(seat=seat, colour=COLOURS[colour], pile=number + 1))

    def _close_window(self, *, blocked: bool) -> None:
        slot = self.block_pile
        self.set_aside += self.piles[slot]
        self.piles[slot] = []
        self.block_pile = -1
        self.block_waiting = []
        # The set-aside stack held cards during this turn: nothing-left-to-draw starts again.
        self.quiet_turns = 0
        seat = self.turn_seat
        self.to_act = seat
        if not blocked:
            colour = slot // PILES_PER_COLOUR
            if self.supply[colour]:
                self.supply[colour] -= 1
                self.chips[seat][colour] += 1
                self._chip_taken()
                self._event(StacksChip(seat=seat, colour=COLOURS[colour]))
                if self._would_win(self.chips[seat]):
                    self._end_game(
                        StacksTermination.CHIPS_COLLECTED,
                        seat,
                        chips=sum(self.chips[seat]),
                        each=WIN_EACH,
                    )
                    return
            else:
                self._event(StacksNoChip(seat=seat, colour=COLOURS[colour], reason="supply_empty"))
        self._refill(seat)

    def _play(self, seat: int, face: int, source: int, target: int, colour: int) -> None:
        card = self._take_from_hand(seat, face) if source == HAND else self.discards[seat].pop()
        face_colour = FACE_COLOUR[face]
        if face_colour >= 0:
            base = face_colour * PILES_PER_COLOUR
            if target == NEW:
                slot = base + next(k for k in range(PILES_PER_COLOUR) if not self.piles[base + k])
            else:
                slot = base + target
            pile = self.piles[slot]
            pile.append(card)
            if len(pile) == TOP:
                self._complete(seat, slot)
                return
        else:
            self.action_discard.append(card)
            if face == _SKIP:
                skipped = next_seat(seat, self.players, self.direction)
                self.skips[skipped] += 1
                self._event(StacksSkipped(seat=skipped))
            elif face == _REVERSE:
                self.direction = -self.direction
            elif face == _STEAL_CARD:
                stolen = self.discards[target].pop()
                self.hands[seat].append(stolen)
                self.known[seat].append(CARD_FACE[stolen])
                self._event(
                    StacksStoleCard(seat=seat, source=target, card=FACES[CARD_FACE[stolen]])
                )
            else:
                self.chips[target][colour] -= 1
                self.chips[seat][colour] += 1
                self._chip_taken()
        self._refill(seat)

    def _apply(self, action: Action) -> None:
        self._legal = None
        kind, face, source, target, colour = _MEANING[action]
        seat = self.to_act
        if kind == _K_PLAY:
            self._play(seat, face, source, target, colour)
        elif kind == _K_DISCARD:
            self.discards[seat].append(self._take_from_hand(seat, face))
            self._end_turn()
        elif kind == _K_END:
            self._end_turn()
        elif kind == _K_BLOCK:
            self.action_discard.append(self._take_from_hand(seat, _BLOCK))
            self._close_window(blocked=True)
        else:
            self.block_waiting.pop(0)
            if self.block_waiting:
                self.to_act = self.block_waiting[0]
            else:
                self._close_window(blocked=False)

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> tuple[Action, ...]:
        seat = self.to_act
        hand = self.hands[seat]
        if self.block_pile >= 0:
            if any(CARD_FACE[card] == _BLOCK for card in hand):
                return (ALLOW, BLOCK_ACTION)
            return (ALLOW,)
        faces = sorted({CARD_FACE[card] for card in hand})
        legal: list[Action] = []
        piles = self.piles
        for face in faces:
            colour = FACE_COLOUR[face]
            if colour >= 0:  # as in _plays, without a call per card
                base = colour * PILES_PER_COLOUR
                legal += _COLOUR_PLAYS[face][HAND][len(piles[base])][len(piles[base + 1])]
            else:
                self._plays(seat, face, HAND, legal)
        discard = self.discards[seat]
        if discard:
            self._plays(seat, CARD_FACE[discard[-1]], DISCARD, legal)
        if faces:
            legal += [_DISCARDS[face] for face in faces]
        else:
            legal.append(END)
        return tuple(legal)

    def _plays(self, seat: int, face: int, source: int, legal: list[Action]) -> None:
        """The plays of one card (by face) from one source, appended to ``legal``."""
        colour = FACE_COLOUR[face]
        if colour >= 0:
            base = colour * PILES_PER_COLOUR
            piles = self.piles
            legal += _COLOUR_PLAYS[face][source][len(piles[base])][len(piles[base + 1])]
        elif face in (_SKIP, _REVERSE):
            legal.append(_PLAYS[face][source][0])
        elif face == _STEAL_CARD:
            targets = _PLAYS[face][source]
            legal += [
                targets[other]
                for other in range(self.players)
                if other != seat and self.discards[other]
            ]
        elif face == _STEAL_CHIP:
            mine = self.chips[seat]
            for other in range(self.players):
                if other == seat:
                    continue
                for colour_index, count in enumerate(self.chips[other]):
                    if count and not self._would_win(_plus(mine, colour_index)):
                        legal.append(_STEAL_CHIPS[source][other][colour_index])

    def _why_illegal(self, action: Action) -> str:
        meaning = _MEANING.get(action)
        if meaning is None:
            return "it is not a Sequence Stacks action"
        kind, face, source, target, colour = meaning
        seat = self.to_act
        if self.block_pile >= 0:
            if kind == _K_BLOCK:
                return "you hold no Block card"
            if kind != _K_ALLOW:
                return (
                    f"seat {self.turn_seat} completed {pile_name(self.block_pile)}: "
                    f"seat {seat} must answer first, block or allow"
                )
        if kind == _K_BLOCK:
            return "a Block only answers a completed pile, before its chip is given"
        if kind == _K_ALLOW:
            return "there is no completed pile to answer"
        if kind == _K_END:
            return "you hold cards: end your turn by discarding one"
        # Outside a Block window a card held (or on top of one's discard pile) can always be
        # discarded or played somewhere, but not everywhere.
        if kind == _K_DISCARD or source == HAND:
            if face not in {CARD_FACE[card] for card in self.hands[seat]}:
                return f"you hold no {FACES[face]}"
        elif not self.discards[seat] or CARD_FACE[self.discards[seat][-1]] != face:
            top = self.discards[seat][-1] if self.discards[seat] else None
            shown = "empty" if top is None else FACES[CARD_FACE[top]]
            return f"the top of your discard pile is {shown}, not {FACES[face]}"
        return self._why_play_illegal(seat, face, target, colour)

    def _why_play_illegal(self, seat: int, face: int, target: int, colour: int) -> str:
        text = FACES[face]
        face_colour = FACE_COLOUR[face]
        if face_colour >= 0:
            base = face_colour * PILES_PER_COLOUR
            value = FACE_VALUE[face]
            if target == NEW:
                if value > 1:
                    return f"a new pile starts with a 1 or a wild, not {text}"
                return f"{COLOURS[face_colour]} already has {PILES_PER_COLOUR} piles"
            pile = self.piles[base + target]
            name = pile_name(base + target)
            if not pile:
                return f"{name} is empty: start a pile with 'new'"
            return f"{text} does not fit {name}: it needs a {len(pile) + 1}"
        if face not in (_STEAL_CARD, _STEAL_CHIP):
            return "it is not one of the legal actions now"
        if target >= self.players:
            return f"there is no seat {target} at a {self.players}-player table"
        if target == seat:
            return "steal from an opponent, not from yourself"
        if face == _STEAL_CARD:
            return f"seat {target}'s discard pile is empty"
        if not self.chips[target][colour]:
            return f"seat {target} has no {COLOURS[colour]} chip"
        return "Steal-a-Chip may not win the game: that chip would make a winning collection"

    # ------------------------------------------------------------------ views
    def _observation(self, seat: int | None) -> StacksObservation:
        options = self.game.options
        hand = None
        if seat is not None:
            hand = tuple(
                CARDS[face] for face in sorted(CARD_FACE[card] for card in self.hands[seat])
            )
        block = None
        if self.block_pile >= 0:
            block = StacksBlock(
                seat=self.turn_seat,
                pile=pile_name(self.block_pile),
                waiting=tuple(self.block_waiting),
            )
        return StacksObservation(
            **self._header(seat),
            colours=COLOURS,
            hand=hand,
            hand_sizes=tuple(len(cards) for cards in self.hands),
            known_cards=tuple(tuple(CARDS[face] for face in faces) for faces in self.known),
            discards=tuple(_cards(pile) for pile in self.discards),
            action_discard=_cards(self.action_discard),
            piles=tuple(
                StacksPile(
                    name=pile_name(slot),
                    colour=COLOURS[slot // PILES_PER_COLOUR],
                    cards=_cards(pile),
                    needs=len(pile) + 1 if pile else None,
                    complete=len(pile) >= TOP,
                )
                for slot, pile in enumerate(self.piles)
            ),
            draw_pile=len(self.draw_pile),
            set_aside=_cards(self.set_aside),
            removed=_cards(self.removed),
            chips=tuple(dict(zip(COLOURS, collection, strict=True)) for collection in self.chips),
            supply=dict(zip(COLOURS, self.supply, strict=True)),
            turn_seat=self.turn_seat,
            direction=self.direction,
            skips=tuple(self.skips),
            block=block,
            quiet_turns=self.quiet_turns,
            stall_turns=options.stall_rounds * self.players,
            chipless_turns=self.chipless_turns,
            chipless_turn_limit=options.chipless_round_limit * self.players,
        )

    def card_zones(self) -> dict[str, list[Any]]:
        zones: dict[str, list[Any]] = {
            "draw pile": list(self.draw_pile),
            "action discard": list(self.action_discard),
            "set aside": list(self.set_aside),
            "removed": list(self.removed),
        }
        for slot, pile in enumerate(self.piles):
            zones[f"pile {pile_name(slot)}"] = list(pile)
        for seat in range(self.players):
            zones[f"hand {seat}"] = list(self.hands[seat])
            zones[f"discard {seat}"] = list(self.discards[seat])
        return zones

    def _redeal_unseen(self, seat: int, rng: random.Random) -> None:
        # Piles, discard piles and the set-aside stack are face up. A card taken with
        # Steal-a-Card was face up too: it stays in its hand. The rest of the other hands and
        # the draw pile are dealt again, except that after a reshuffle everyone knows which
        # faces the draw pile was made of, so it is dealt only cards of those faces.
        others = [other for other in range(self.players) if other != seat]
        kept: list[list[int]] = []
        pool = list(self.draw_pile)
        sizes = []
        for other in others:
            known = list(self.known[other])
            keep: list[int] = []
            rest: list[int] = []
            for card in self.hands[other]:
                face = CARD_FACE[card]
                if face in known:
                    known.remove(face)
                    keep.append(card)
                else:
                    rest.append(card)
            kept.append(keep)
            pool += rest
            sizes.append(len(rest))
        rng.shuffle(pool)
        wanted = len(self.draw_pile)
        room = Counter(self.reshuffled) if self.reshuffled else Counter(CARD_FACE)
        # Taking each face while it has room reaches ``wanted``: the true draw pile is such a
        # choice, so every face offers at least as many cards as it holds there.
        self.draw_pile = []
        left: list[int] = []
        for card in pool:
            face = CARD_FACE[card]
            if len(self.draw_pile) < wanted and room[face]:
                room[face] -= 1
                self.draw_pile.append(card)
            else:
                left.append(card)
        start = 0
        for other, keep, size in zip(others, kept, sizes, strict=True):
            self.hands[other] = keep + left[start : start + size]
            start += size

    def _rebuild_caches(self) -> None:
        self._legal = None

    def clone(self) -> Self:
        # Hands, piles and chips are at most two lists deep: a copy per level is several
        # times faster than the base class's deep copy, for search and the kit.
        return self._clone_two_levels()

    # ------------------------------------------------------------------ positions
    @classmethod
    def from_position(
        cls, game: StacksGame, position: str | dict[str, str], seed: int = 0
    ) -> StacksState:
        """A state built from a compact description, one ``key: value`` per line::

            hand0: red-1 red-wild block      (hand1, hand2... likewise)
            discard0: red-3 skip             (bottom to top; discard1... likewise)
            red1: red-1 red-2                (a pile, bottom to top: blue1 blue2 red1 red2)
            draw: red-4 blue-2               (top card first)
            set_aside: blue-1 blue-2
            action_discard: reverse
            chips0: blue 2 red 1             (chips1... likewise)
            supply: blue 18 red 19           (default: 20 of each less the chips held)
            known1: red-3                    (faces everyone knows in hand 1)
            turn: 0          direction: 1 or -1          skips: 0 1 0
            quiet_turns: 0   chipless_turns: 0   refills: 0 (this turn's, so far)
            rest: draw       (where the cards named nowhere go: draw, under the named draw
                              cards; set_aside; action_discard; or discardN, under that pile)

        The position is taken as it stands in the middle of ``turn``'s turn: nobody draws.
        With 2 players the removed cards are out of the game as usual.
        """
        fields = position_fields(position)
        players = game.players
        seats = range(players)
        known_fields = {
            "draw",
            "set_aside",
            "action_discard",
            "supply",
            "turn",
            "direction",
            "skips",
            "quiet_turns",
            "chipless_turns",
            "refills",
            "rest",
        }
        known_fields |= {
            pile_name(slot).replace(" ", "") for slot in range(len(COLOURS) * PILES_PER_COLOUR)
        }
        known_fields |= {
            f"{zone}{seat}" for zone in ("hand", "discard", "chips", "known") for seat in seats
        }
        unknown = sorted(set(fields) - known_fields)
        if unknown:
            raise NotationError(
                f"unknown position field {unknown[0]!r}; known: {sorted(known_fields)}"
            )
        state = cls(game, seed)
        free = [card for card in range(DECK_SIZE) if card not in set(state.removed)]

        def cards(key: str) -> list[int]:
            found = []
            for word in fields.get(key, "").split():
                face = FACE_INDEX.get(word)
                if face is None:
                    raise NotationError(f"{word!r} is not a Sequence Stacks card ({key})")
                card = next((card for card in free if CARD_FACE[card] == face), None)
                if card is None:
                    raise NotationError(f"the position names more {word} cards than the game has")
                free.remove(card)
                found.append(card)
            return found

        state.hands = [cards(f"hand{seat}") for seat in seats]
        state.discards = [cards(f"discard{seat}") for seat in seats]
        state.piles = [cards(pile_name(slot).replace(" ", "")) for slot in range(len(state.piles))]
        state.draw_pile = cards("draw")[::-1]
        state.set_aside = cards("set_aside")
        state.action_discard = cards("action_discard")
        rest = fields.get("rest", "draw")
        if rest == "draw":
            state.draw_pile[:0] = free
        elif rest == "set_aside":
            state.set_aside += free
        elif rest == "action_discard":
            state.action_discard += free
        elif rest.startswith("discard") and rest[7:].isdigit() and int(rest[7:]) in seats:
            state.discards[int(rest[7:])][:0] = free
        else:
            raise NotationError(
                f"rest: {rest!r} is not draw, set_aside, action_discard or discardN"
            )
        for slot, pile in enumerate(state.piles):
            colour = slot // PILES_PER_COLOUR
            for height, card in enumerate(pile, start=1):
                face = CARD_FACE[card]
                if FACE_COLOUR[face] != colour or FACE_VALUE[face] not in (0, height):
                    raise NotationError(
                        f"{FACES[face]} cannot lie at height {height} of {pile_name(slot)}"
                    )
            if len(pile) >= TOP:
                raise NotationError(f"{pile_name(slot)} is complete: it would be set aside")
        state.chips = [_chips(fields.get(f"chips{seat}", "")) for seat in seats]
        if "supply" in fields:
            state.supply = _chips(fields["supply"])
        else:
            state.supply = [
                CHIPS_PER_COLOUR - sum(chips[c] for chips in state.chips)
                for c in range(len(COLOURS))
            ]
        state.known = []
        for seat in seats:
            faces = [FACE_INDEX.get(word, -1) for word in fields.get(f"known{seat}", "").split()]
            held = [CARD_FACE[card] for card in state.hands[seat]]
            if any(faces.count(face) > held.count(face) for face in faces):
                raise NotationError(f"known{seat} names cards hand{seat} does not hold")
            state.known.append(faces)
        try:
            state.turn_seat = int(fields.get("turn", "0"))
            state.direction = int(fields.get("direction", "1"))
            state.skips = [int(word) for word in fields.get("skips", "0 " * players).split()]
            state.quiet_turns = int(fields.get("quiet_turns", "0"))
            state.chipless_turns = int(fields.get("chipless_turns", "0"))
            state.refills = int(fields.get("refills", "0"))
        except ValueError as error:
            raise NotationError(f"a position number is not an integer: {error}") from None
        if (
            state.turn_seat not in seats
            or state.direction not in (1, -1)
            or len(state.skips) != players
        ):
            raise NotationError("turn must be a seat, direction 1 or -1, skips one count per seat")
        state.to_act = state.turn_seat
        state.block_pile = -1
        state.block_waiting = []
        state.history = []
        state.log = []
        state._rebuild_caches()
        return state


def _plus(collection: list[int], colour: int) -> list[int]:
    grown = list(collection)
    grown[colour] += 1
    return grown


def _cards(cards: list[int]) -> tuple[StacksCard, ...]:
    return tuple(CARDS[CARD_FACE[card]] for card in cards)


def _chips(text: str) -> list[int]:
    """``blue 2 red 1`` as counts per colour."""
    words = text.split()
    counts = [0] * len(COLOURS)
    if len(words) % 2:
        raise NotationError(f"write chips as colour count pairs, e.g. 'blue 2 red 1', not {text!r}")
    for colour, count in zip(words[::2], words[1::2], strict=True):
        if colour not in COLOURS or not count.isdigit():
            raise NotationError(
                f"write chips as colour count pairs, e.g. 'blue 2 red 1', not {text!r}"
            )
        counts[COLOURS.index(colour)] = int(count)
    return counts


def from_position(game: StacksGame, position: str | dict[str, str], seed: int = 0) -> StacksState:
    """Shorthand for ``StacksState.from_position``."""
    return StacksState.from_position(game, position, seed)
