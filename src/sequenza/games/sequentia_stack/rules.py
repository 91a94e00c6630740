"""Sequentia · Stack: build a row of four piles, then claim three adjacent piles whose top
digits spell the code of a card in your hand.

::

    >>> import sequenza
    >>> state = sequenza.make("sequentia-stack", players=2, seed=1)
    >>> [str(action) for action in state.legal_actions()][:2]
    ['place 1:311+ left', 'place 1:311+ right']

The row, as the actions number it once it holds four piles::

    pile:     1        2        3        4
            [top]    [top]    [top]    [top]      <- each pile shows its top card's digit
             ...      ...      ...      ...
    claim CARD 1  -> piles 1-2-3 must show CARD's code, left to right
    claim CARD 2  -> piles 2-3-4

A turn is several actions by the same seat: ``place`` (always first), then ``end`` or
``claim`` after a simple card, ``place`` again or ``claim`` after a bonus card. The engine ends
a turn by itself when the player's hand is empty after a placement (nothing else is possible),
then draws back up to the hand size.

Positions have a compact text form for studies and tests (``from_position`` reads it,
``position_text`` writes it)::

    row: 1:111+ 2:122 | 3:312 | 2:131 | 1:123
    hands: 2:232 2:312+ / 3:112
    deck: 1:113 3:333
    collected: - / 1:121 2:211 2:111 1:131
    to_act: 0
    phase: simple_placed
    last_pile: 4

``row``: the piles left to right, each bottom to top; ``hands`` and ``collected``: seat by
seat, ``-`` for none; ``deck``: top card first; ``phase``: ``turn_start`` (place, or pass
with an empty hand), ``simple_placed`` (end or claim) or ``bonus_placed`` (place or claim);
``last_pile``: the pile just played on, ``-`` at the start of a turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Self, cast

from sequenza.components.decks import draw, redeal, shuffle
from sequenza.components.sequentia_cards import card_ids_by_text, sequentia_deck
from sequenza.components.turns import next_seat
from sequenza.core.actions import Action, ActionSpace, Argument
from sequenza.core.errors import NotationError, OptionError
from sequenza.core.game import Game, GameInfo, State, Termination
from sequenza.core.notation import position_fields
from sequenza.core.options import Options, option

from .types import (
    STACK_EVENTS,
    StackClaimed,
    StackDealt,
    StackDrew,
    StackObservation,
    StackPhase,
    StackPile,
    StackTurnEnds,
)

ROW_LENGTH = 4
CLAIM_WIDTH = 3
#: The first pile of each claimable run of three piles (piles 1-2-3 and 2-3-4).
CLAIM_STARTS = (1, 2)

TURN_START = "turn_start"
SIMPLE_PLACED = "simple_placed"
BONUS_PLACED = "bonus_placed"
PHASES = (TURN_START, SIMPLE_PLACED, BONUS_PLACED)

NEW_PILE_ENDS = ("left", "right")
PILE_NUMBERS = tuple(range(1, ROW_LENGTH + 1))
PLACE_TARGETS: tuple[str | int, ...] = (*NEW_PILE_ENDS, *PILE_NUMBERS)

_DECK = sequentia_deck()
_IDS = card_ids_by_text()
_TEXT = tuple(str(card) for card in _DECK)
_DIGIT = tuple(str(card.digit) for card in _DECK)
_CODE = tuple(card.code for card in _DECK)
_BONUS = tuple(card.bonus for card in _DECK)
#: Each card's place in card-text order. Hands are kept in that order, so that a seat's legal
#: actions never depend on the order in which it happened to draw its cards.
_RANK = {card: rank for rank, card in enumerate(sorted(range(len(_DECK)), key=_TEXT.__getitem__))}

END = Action("end")
PASS = Action("pass")


@dataclass(frozen=True)
class _ActionTables:
    actions: tuple[Action, ...]
    #: ``place[card][i]``: the placement of ``card`` on ``PLACE_TARGETS[i]``.
    place: tuple[tuple[Action, ...], ...]
    #: ``claim[card][i]``: the claim of piles starting at ``CLAIM_STARTS[i]`` with ``card``.
    claim: tuple[tuple[Action, ...], ...]
    #: ``place`` split: each card's placements at the ends, and those on piles 1-4.
    place_ends: tuple[tuple[Action, ...], ...]
    place_on_piles: tuple[tuple[Action, ...], ...]


def _build_action_tables() -> _ActionTables:
    place = tuple(
        tuple(Action("place", (text, target)) for target in PLACE_TARGETS) for text in _TEXT
    )
    claim = tuple(tuple(Action("claim", (text, start)) for start in CLAIM_STARTS) for text in _TEXT)
    actions = (
        *(action for row in place for action in row),
        *(action for row in claim for action in row),
        END,
        PASS,
    )
    ends = len(NEW_PILE_ENDS)
    return _ActionTables(
        actions,
        place,
        claim,
        tuple(row[:ends] for row in place),
        tuple(row[ends:] for row in place),
    )


_SPACE = _build_action_tables()


def _sort_hand(hand: list[int]) -> None:
    hand.sort(key=_RANK.__getitem__)


@dataclass(frozen=True)
class StackOptions(Options):
    claim_must_include_last_pile: bool = option(
        False,
        "A claim's three piles must include the pile just played on (a published review's "
        "reading); by default any three adjacent piles may be claimed",
        decision=True,
    )
    collect_revealed: bool = option(
        True,
        "A claim collects the revealed card with the three piles (as Shift's text says of the "
        "target); off, the revealed card leaves the game and scores for nobody",
        decision=True,
    )
    hand_size: int = option(
        3,
        "Cards dealt to each player, and drawn back up to after every turn",
        minimum=1,
        maximum=10,
    )


RULES_TEXT = """
The Sequentia deck: 54 cards. Each card has a digit (1, 2 or 3: what it shows on the table),
a code of three digits (what it asks for when claimed with) and may carry a bonus mark "+".
Cards are written digit:code, e.g. 2:112+ (digit 2, code 112, bonus).

Setup: shuffle the deck; each player draws 3 cards (option hand_size), kept secret. The table
holds a row of at most 4 piles, empty at the start. A pile shows the digit of its top card.
Seat 0 plays first (option random_first_player picks the first player at random).

Your turn:
1. Place a card from your hand face up. While the row has fewer than 4 piles it starts a new
   pile at the left or the right end ("place 2:131 left" / "place 2:131 right"): filling the
   row comes before anything else. Once the row has 4 piles, place it on top of any pile,
   numbered 1 to 4 from the left ("place 2:131 3").
2. After a simple card, either end your turn ("end") or claim (3).
   After a bonus card you must place another card (back to 1) or claim; only when you have no
   card left does your turn end, by itself.
3. Claim (only while the row has 4 piles): reveal a card from your hand whose code is shown,
   left to right, by the top digits of piles 1-2-3 ("claim 2:131 1") or 2-3-4
   ("claim 2:131 2"). You collect every card of those three piles and the revealed card, and
   your turn ends. The remaining pile stays; players rebuild the row to 4 at either end.
   [decision] The three piles need not include the pile you just played on. Option
   claim_must_include_last_pile=true follows a published review that says they must.
   [decision] The revealed card is collected too: the published rules say only that you
   take the three piles (Shift's text does say the target is collected). Option
   collect_revealed=false leaves it out: it leaves the game and scores for nobody.
4. At the end of your turn draw back up to 3 cards (hand_size), as far as the deck allows.
If your turn ends because your hand is empty after a placement, the engine ends it for you.

A player with no card in hand passes ("pass"). The game ends when the deck and every hand are
empty (this always happens: every turn but a pass uses a card). Cards still in the row belong
to nobody. The most collected cards wins; equal counts share the win.
"""


class StackTermination(Termination):
    #: The deck and every hand are empty: the only ending (every turn but a pass uses a card).
    DECK_EXHAUSTED = "deck_exhausted"


class SequentiaStack(Game[StackOptions]):
    info: ClassVar[GameInfo] = GameInfo(
        id="sequentia-stack",
        name="Sequentia · Stack",
        player_counts=(2, 3, 4),
        rules_version="1",
        summary="Build a row of four piles; claim three whose top digits spell a card's code.",
        rules_text=RULES_TEXT,
    )
    options_class = StackOptions
    terminations = StackTermination
    observation_class = StackObservation
    event_classes = STACK_EVENTS

    def _check_setup(self) -> None:
        if self.players * self.options.hand_size > len(_DECK):
            raise OptionError(
                f"{self.players} hands of {self.options.hand_size} cards need more than the "
                f"deck's {len(_DECK)} cards"
            )

    action_space = ActionSpace(_SPACE.actions, "Sequentia · Stack")

    def new_initial_state(self, seed: int) -> SequentiaStackState:
        return SequentiaStackState(self, seed)


class SequentiaStackState(State[SequentiaStack]):
    """A Stack position. Cards are deck ids; the deck's top is the end of ``deck``; each pile
    of ``piles`` (left to right) lists its cards bottom to top."""

    SAVE_FIELDS = (
        "deck",
        "hands",
        "piles",
        "collected",
        "set_aside",
        "phase",
        "last_pile",
    )

    # The saved fields' types (the state's JSON schema reads them).
    deck: list[int]
    hands: list[list[int]]
    piles: list[list[int]]
    collected: list[list[int]]
    set_aside: list[int]
    phase: str
    last_pile: int | None

    def __init__(self, game: SequentiaStack, seed: int) -> None:
        super().__init__(game, seed)
        self.deck = list(range(len(_DECK)))
        shuffle(self.deck, self.rng)
        if game.options.random_first_player:
            self.to_act = self.rng.randrange(game.players)
        self.hands = []
        for _ in range(game.players):
            hand = draw(self.deck, game.options.hand_size)
            _sort_hand(hand)
            self.hands.append(hand)
        self.piles = []
        self.collected = [[] for _ in range(game.players)]
        #: Cards out of play: those a studied position left out, and the revealed cards of
        #: claims when the option collect_revealed is off.
        self.set_aside = []
        self.phase = TURN_START
        #: Index in ``piles`` of the pile played on last this turn.
        self.last_pile = None
        self._event(StackDealt(cards_each=game.options.hand_size, deck=len(self.deck)))

    # ------------------------------------------------------------------ rules
    def _claims(self, hand: list[int]) -> list[Action]:
        piles = self.piles
        if len(piles) < ROW_LENGTH:
            return []
        # Written out for the row's four piles and two claims (piles 1-2-3 and 2-3-4): this
        # runs for most legal-action listings of a playout.
        second, third = _DIGIT[piles[1][-1]], _DIGIT[piles[2][-1]]
        left = _DIGIT[piles[0][-1]] + second + third if self._may_claim(1) else ""
        right = second + third + _DIGIT[piles[3][-1]] if self._may_claim(2) else ""
        claims = []
        for card in hand:
            code = _CODE[card]
            if code == left:
                claims.append(_SPACE.claim[card][0])
            if code == right:
                claims.append(_SPACE.claim[card][1])
        return claims

    def _may_claim(self, start: int) -> bool:
        if self.last_pile is None or not self.game.options.claim_must_include_last_pile:
            return True
        return start - 1 <= self.last_pile < start - 1 + CLAIM_WIDTH

    def _legal_actions(self) -> list[Action]:
        hand = self.hands[self.to_act]
        if self.phase == SIMPLE_PLACED:
            return [*self._claims(hand), END]
        if not hand:
            return [PASS]
        # A card's placements: at the row's two ends until it holds four piles, then on them.
        placements = _SPACE.place_ends if len(self.piles) < ROW_LENGTH else _SPACE.place_on_piles
        actions: list[Action] = []
        for card in hand:
            actions += placements[card]
        if self.phase == BONUS_PLACED:
            actions += self._claims(hand)
        return actions

    def _apply(self, action: Action) -> None:
        if action.verb == "place":
            self._place(_IDS[str(action.args[0])], action.args[1])
        elif action.verb == "claim":
            self._claim(_IDS[str(action.args[0])], int(action.args[1]))
        else:  # "end", or "pass" with an empty hand: the turn ends either way
            self._end_turn()

    def _place(self, card: int, target: Argument) -> None:
        hand = self.hands[self.to_act]
        hand.remove(card)
        if target == "left":
            self.piles.insert(0, [card])
            self.last_pile = 0
        elif target == "right":
            self.piles.append([card])
            self.last_pile = len(self.piles) - 1
        else:
            self.last_pile = int(target) - 1
            self.piles[self.last_pile].append(card)
        self.phase = BONUS_PLACED if _BONUS[card] else SIMPLE_PLACED
        if not hand:
            self._event(StackTurnEnds(seat=self.to_act, reason="hand_empty"))
            self._end_turn()

    def _claim(self, card: int, start: int) -> None:
        seat = self.to_act
        self.hands[seat].remove(card)
        first = start - 1
        taken = self.piles[first : first + CLAIM_WIDTH]
        del self.piles[first : first + CLAIM_WIDTH]
        gained = [pile_card for pile in taken for pile_card in pile]
        if self.game.options.collect_revealed:
            gained.append(card)
        else:
            # The card was played from the hand, so it does not go back there.
            self.set_aside.append(card)
        self.collected[seat].extend(gained)
        self._event(
            StackClaimed(
                seat=seat,
                card=_TEXT[card],
                piles=tuple(range(start, start + CLAIM_WIDTH)),
                cards=len(gained),
                collected=len(self.collected[seat]),
            )
        )
        self._end_turn()

    def _end_turn(self) -> None:
        seat = self.to_act
        hand = self.hands[seat]
        missing = self.game.options.hand_size - len(hand)
        if missing > 0 and self.deck:
            drawn = draw(self.deck, missing)
            hand.extend(drawn)
            _sort_hand(hand)
            self._event(StackDrew(seat=seat, cards=len(drawn), deck=len(self.deck)))
        self.phase = TURN_START
        self.last_pile = None
        if not self.deck and not any(self.hands):
            self._finish([len(pile) for pile in self.collected], StackTermination.DECK_EXHAUSTED)
        else:
            self.to_act = next_seat(seat, self.game.players)

    # ------------------------------------------------------------------ why an action is refused
    def _why_illegal(self, action: Action) -> str:
        hand = self.hands[self.to_act]
        if action.verb not in {"place", "claim", "end", "pass"}:
            return "Stack's actions are place, claim, end and pass"
        if action.verb == "pass":
            return "you hold cards: place one (only a player with an empty hand passes)"
        if self.phase == TURN_START and not hand:
            return "your hand is empty: pass"
        if action.verb == "end":
            if self.phase == TURN_START:
                return "place a card first"
            return "after a bonus card you must place another card or claim"
        card_problem = self._card_problem(action, hand)
        if card_problem:
            return card_problem
        card = _IDS[str(action.args[0])]
        if action.verb == "place":
            return self._why_not_placed(card, action.args[1])
        return self._why_not_claimed(card, action.args[1])

    def _card_problem(self, action: Action, hand: list[int]) -> str:
        if len(action.args) != 2:
            return (
                "write place CARD left, place CARD right or place CARD PILE (PILE 1-4)"
                if action.verb == "place"
                else "write claim CARD 1 (piles 1-2-3) or claim CARD 2 (piles 2-3-4)"
            )
        text = str(action.args[0])
        if text not in _IDS:
            return (
                f"{text!r} is not a card of the Sequentia deck "
                "(write digit:code, e.g. 2:131 or 2:112+)"
            )
        if _IDS[text] not in hand:
            return f"card {text} is not in your hand"
        return ""

    def _why_not_placed(self, card: int, target: Argument) -> str:
        if self.phase == SIMPLE_PLACED:
            return "after a simple card you may only claim or end the turn"
        count = len(self.piles)
        if target in NEW_PILE_ENDS:
            return f"the row already has {ROW_LENGTH} piles: place {_TEXT[card]} on pile 1-4"
        if target in PILE_NUMBERS:
            return (
                f"the row has {count} of {ROW_LENGTH} piles: start a new pile at the left or "
                "right end before stacking"
            )
        return f"place a card at the left or right end, or on pile 1-4, not {target!r}"

    def _why_not_claimed(self, card: int, start: Argument) -> str:
        if self.phase == TURN_START:
            return "place a card first: a claim comes after a placement"
        if start not in CLAIM_STARTS:
            return "claim piles 1-2-3 (claim CARD 1) or 2-3-4 (claim CARD 2)"
        first = int(start) - 1
        if len(self.piles) < ROW_LENGTH:
            return f"claims need {ROW_LENGTH} piles in the row, it has {len(self.piles)}"
        piles = f"piles {first + 1}-{first + 2}-{first + 3}"
        shown = "".join(_DIGIT[pile[-1]] for pile in self.piles[first : first + CLAIM_WIDTH])
        if shown != _CODE[card]:
            return f"card {_TEXT[card]} asks for {_CODE[card]} but {piles} show {shown}"
        assert self.last_pile is not None
        return (
            f"{piles} do not include pile {self.last_pile + 1}, the pile just played on "
            "(option claim_must_include_last_pile)"
        )

    def clone(self) -> Self:
        # Search and the conformance kit clone constantly; every attribute here is at most
        # two lists deep, so a copy per level is enough and much faster than a deep copy.
        return self._clone_two_levels()

    # ------------------------------------------------------------------ views and zones
    def _observation(self, seat: int | None) -> StackObservation:
        return StackObservation(
            **self._header(seat),
            deck_size=len(self.deck),
            row=tuple(
                StackPile(
                    pile=number,
                    digit=_DECK[pile[-1]].digit,
                    top=_DECK[pile[-1]],
                    cards=tuple(_DECK[card] for card in pile),
                )
                for number, pile in enumerate(self.piles, start=1)
            ),
            hand=None if seat is None else tuple(_DECK[card] for card in self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            collected=tuple(len(pile) for pile in self.collected),
            phase=cast(StackPhase, self.phase),
            last_pile=None if self.last_pile is None else self.last_pile + 1,
            hand_size=self.game.options.hand_size,
            claim_must_include_last_pile=self.game.options.claim_must_include_last_pile,
            runs_matching_hand=None if seat is None else self._runs_matching(self.hands[seat]),
        )

    def _runs_matching(self, hand: list[int]) -> tuple[int, ...]:
        """The runs (by first pile, from 1) whose top digits read a code of ``hand``."""
        piles = self.piles
        if len(piles) < ROW_LENGTH:
            return ()
        codes = {_CODE[card] for card in hand}
        return tuple(
            start + 1
            for start in range(ROW_LENGTH - CLAIM_WIDTH + 1)
            if "".join(_DIGIT[pile[-1]] for pile in piles[start : start + CLAIM_WIDTH]) in codes
        )

    def card_zones(self) -> dict[str, list[Any]]:
        zones: dict[str, list[Any]] = {"deck": self.deck}
        for seat, hand in enumerate(self.hands):
            zones[f"hand {seat}"] = hand
        zones["row"] = [card for pile in self.piles for card in pile]
        for seat, pile in enumerate(self.collected):
            zones[f"collected {seat}"] = pile
        zones["set aside"] = self.set_aside
        return zones

    def _redeal_unseen(self, seat: int, rng: random.Random) -> None:
        others = [hand for other, hand in enumerate(self.hands) if other != seat]
        redeal([self.deck, *others], rng)
        for hand in others:
            _sort_hand(hand)

    # ------------------------------------------------------------------ compact positions
    @classmethod
    def from_position(
        cls, game: SequentiaStack, position: str | dict[str, Any], seed: int = 0
    ) -> SequentiaStackState:
        """A state from the compact notation of this module's docstring (a text, or a dict
        with the same keys; ``hands`` and ``collected`` may be lists of texts there). Cards the
        position does not name form the deck, shuffled from ``seed``, unless ``deck`` is given:
        then they are set aside."""
        fields = position_fields(position)
        unknown = sorted(set(fields) - _POSITION_KEYS)
        if unknown:
            raise NotationError(f"unknown position field {unknown[0]!r}")
        state = game.new_initial_state(seed)
        named: set[int] = set()

        def cards(text: str) -> list[int]:
            ids = []
            for word in text.split():
                if word == "-":
                    continue
                if word not in _IDS:
                    raise NotationError(f"{word!r} is not a card of the Sequentia deck")
                card = _IDS[word]
                if card in named:
                    raise NotationError(f"card {word} appears twice in the position")
                named.add(card)
                ids.append(card)
            return ids

        state.piles = [cards(pile) for pile in _split(fields.get("row", ""), "|")]
        if len(state.piles) > ROW_LENGTH or not all(state.piles):
            raise NotationError(f"a row holds 1 to {ROW_LENGTH} non-empty piles")
        state.hands = [cards(hand) for hand in _seat_values(fields, "hands", game.players)]
        for hand in state.hands:
            _sort_hand(hand)
        state.collected = [cards(pile) for pile in _seat_values(fields, "collected", game.players)]
        rest = [card for card in range(len(_DECK)) if card not in named]
        if "deck" in fields:
            state.deck = cards(str(fields["deck"]))[::-1]
            state.set_aside = [card for card in rest if card not in named]
        else:
            state.rng.shuffle(rest)
            state.deck = rest
            state.set_aside = []
        state.to_act = _number(fields, "to_act", "0")
        if not 0 <= state.to_act < game.players:
            raise NotationError(f"to_act {state.to_act} is not a seat")
        state.phase = str(fields.get("phase", TURN_START))
        if state.phase not in PHASES:
            raise NotationError(f"phase is one of {', '.join(PHASES)}, not {state.phase!r}")
        last = str(fields.get("last_pile", "-"))
        state.last_pile = None if last == "-" else _number(fields, "last_pile", last) - 1
        if state.last_pile is not None and not 0 <= state.last_pile < len(state.piles):
            raise NotationError(f"last_pile {last} is not a pile of the row")
        if (state.phase == TURN_START) != (state.last_pile is None):
            raise NotationError("last_pile is given after a placement, and only then")
        state.history = []
        state.log = []
        return state

    def position_text(self) -> str:
        """This position in the notation ``from_position`` reads. The deck is written out, so
        the cards it does not name are exactly the set-aside ones."""

        def texts(cards: list[int]) -> str:
            return " ".join(_TEXT[card] for card in cards) or "-"

        lines = [
            "row: " + " | ".join(texts(pile) for pile in self.piles),
            "hands: " + " / ".join(texts(hand) for hand in self.hands),
            "deck: " + texts(self.deck[::-1]),
            "collected: " + " / ".join(texts(pile) for pile in self.collected),
            f"to_act: {self.to_act}",
            f"phase: {self.phase}",
            "last_pile: " + ("-" if self.last_pile is None else str(self.last_pile + 1)),
        ]
        return "\n".join(lines)


_POSITION_KEYS = frozenset({"row", "hands", "deck", "collected", "to_act", "phase", "last_pile"})


def _number(fields: dict[str, Any], key: str, default: str) -> int:
    text = str(fields.get(key, default))
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{key} is a number, not {text!r}") from None


def _split(text: str, separator: str) -> list[str]:
    return [part for part in (piece.strip() for piece in text.split(separator)) if part]


def _seat_values(fields: dict[str, Any], key: str, players: int) -> list[str]:
    value = fields.get(key)
    if value is None:
        return ["-"] * players
    parts = [str(part) for part in value] if isinstance(value, list) else value.split("/")
    if len(parts) != players:
        raise NotationError(f"{key} gives {len(parts)} seats, the table has {players}")
    return parts
