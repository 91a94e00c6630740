"""What the bots know of Sequence Stacks: heuristics from what the deciding seat observes.

A turn is planned card by card, re-planned at every decision from the observation:

1. In a Block window, block a completion when its chip would win the game for the
   completing player or bring them closer to winning; allow a chip that changes nothing
   for their win (one more of a colour they hold enough of, while they lack the other),
   so that the Block is still there for one that does.
2. Steal the chip that most helps oneself and most hurts its owner; play Skips (the next
   player loses a turn: with two players, one plays again); steal a discard-pile top worth
   having; play a Reverse when it turns play away from the more dangerous neighbour.
3. Search the orders in which the hand and one's own discard pile can go onto the piles and
   follow the best: chips for completions, a little for every card played (the hand refills),
   less for a wild spent short of a completion, and a penalty for leaving a pile one or two
   cards short of 5 for the next player to complete.
4. Discard the least useful card, so that one's discard pile, which every Steal-a-Card may
   take from, never shows a wild, a 5 or a good action card while a worse card is held.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Sequence
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.heuristics import shares
from sequenza.core.kit import Play, PositionEvaluation

# The rules' win (WIN_TOTAL chips, at least WIN_EACH of every colour), a pile's complete
# height (TOP), and which card a pile takes.
from .rules import CARD_OF_FACE, PILES_PER_COLOUR, TOP, WIN_EACH, WIN_TOTAL, pile_takes
from .types import StacksBlock, StacksObservation, StacksPile

BLOCK = "block"
ALLOW = "allow"
SKIP = "skip"
REVERSE = "reverse"
STEAL_CARD = "steal-card"
STEAL_CHIP = "steal-chip"

# Worth of a chip, in the units of the turn plan: any chip scores, and one that brings its
# holder a step closer to a winning collection is worth far more.
CHIP = 1.0
STEP = 3.0
#: A chip that wins the game: for oneself, and as a gift to an opponent.
WINNING_CHIP = 1000.0
WINNING_GIFT = 30.0
#: Every card played is replaced by a fresh one at the next draw.
PLAYED = 0.3
#: A wild held can finish a pile that anybody leaves one short.
WILD_KEPT = 0.6
#: Emptying the hand draws five new cards at once.
REFILL = 1.0
#: Chance-like weights that the next player completes a pile left at this height.
GIFT = {3: 0.1, 4: 0.5}
#: The same when the next player loses a turn to a Skip.
SKIPPED_GIFT = {3: 0.03, 4: 0.15}
#: Steal a discard-pile top at least this useful (see ``usefulness``).
WORTH_STEALING = 6.0
#: How useful an action card is to keep; wilds and numbers are valued by the piles.
KEEP = {BLOCK: 9.0, STEAL_CHIP: 8.0, SKIP: 7.0, STEAL_CARD: 4.0, REVERSE: 2.0}
WILD_USEFULNESS = 10.0


def need(chips: Sequence[int]) -> int:
    """Chips still missing from a winning collection (0: it wins).

    >>> need([2, 2]), need([4, 0]), need([3, 2])
    (1, 2, 0)
    """
    short = sum(max(0, WIN_EACH - count) for count in chips)
    return max(WIN_TOTAL - sum(chips), short)


def with_chip(chips: Sequence[int], colour: int) -> list[int]:
    grown = list(chips)
    grown[colour] += 1
    return grown


def chip_worth(chips: Sequence[int], colour: int, *, winning: float = WINNING_CHIP) -> float:
    """What a chip of ``colour`` is worth to a collection."""
    after = with_chip(chips, colour)
    if need(after) == 0:
        return winning
    return CHIP + STEP * (need(chips) - need(after))


class SeenTable:
    """The public table and the deciding seat's hand, read from its observation."""

    def __init__(self, seen: StacksObservation, seat: int) -> None:
        self.seat = seat
        self.players = seen.players
        self.colours: list[str] = list(seen.colours)
        # Cards by face, as actions name them.
        self.hand: list[str] = [str(card) for card in seen.hand or ()]
        self.discards: list[list[str]] = [[str(card) for card in pile] for pile in seen.discards]
        self.heights = [len(pile.cards) for pile in seen.piles]
        self.chips = [[held[colour] for colour in self.colours] for held in seen.chips]
        self.supply = [seen.supply[colour] for colour in self.colours]
        self.direction = seen.direction
        self.skips = list(seen.skips)
        self.block: StacksBlock | None = seen.block
        self.piles: list[StacksPile] = list(seen.piles)

    def card(self, face: str) -> tuple[int, int]:
        """(colour, value) of a face: value 0 for a wild; (-1, -1) for an action card."""
        card = CARD_OF_FACE[face]
        if card.colour is None:
            return -1, -1
        return self.colours.index(card.colour), card.number or 0

    def next_seat(self, seat: int, direction: int | None = None) -> int:
        return (seat + (self.direction if direction is None else direction)) % self.players

    def opponents(self) -> list[int]:
        return [seat for seat in range(self.players) if seat != self.seat]

    def gift(self, heights: Sequence[int]) -> float:
        """The risk of leaving piles at these heights to the players who move next."""
        weights = SKIPPED_GIFT if self.skips[self.next_seat(self.seat)] else GIFT
        risk = 0.0
        for slot, height in enumerate(heights):
            weight = weights.get(height)
            if weight is None:
                continue
            colour = slot // PILES_PER_COLOUR
            if not self.supply[colour]:
                continue
            risk += weight * max(
                chip_worth(self.chips[other], colour, winning=WINNING_GIFT)
                for other in self.opponents()
            )
        return risk

    def usefulness(self, face: str) -> float:
        """How much a card is worth holding: numbers by how soon a pile can take them."""
        if face in KEEP:
            return KEEP[face]
        colour, value = self.card(face)
        if value == 0:
            return WILD_USEFULNESS
        steps = []
        for slot in range(colour * PILES_PER_COLOUR, (colour + 1) * PILES_PER_COLOUR):
            height = self.heights[slot]
            if height == 0:
                steps.append(value - 1)
            elif value > height:
                steps.append(value - height - 1)
        if not steps:
            return 0.0
        return 6.0 - min(steps) + (1.0 if value == TOP else 0.0)


class _Planner:
    """Depth-first search over the orders in which coloured cards can go onto the piles this
    turn, with the hand, the depth into one's discard pile, the piles' heights and one's chips
    as the memo key."""

    def __init__(self, table: SeenTable) -> None:
        self.table = table
        self.discard = table.discards[table.seat]
        self.memo: dict[tuple[Any, ...], tuple[float, Action | None]] = {}

    def best(self) -> tuple[float, Action | None]:
        table = self.table
        return self._search(
            tuple(sorted(table.hand)),
            len(self.discard),
            tuple(table.heights),
            tuple(table.chips[table.seat]),
            tuple(table.supply),
        )

    def _search(
        self,
        hand: tuple[str, ...],
        depth: int,
        heights: tuple[int, ...],
        chips: tuple[int, ...],
        supply: tuple[int, ...],
    ) -> tuple[float, Action | None]:
        key = (hand, depth, heights, chips, supply)
        known = self.memo.get(key)
        if known is not None:
            return known
        table = self.table
        if not hand and table.hand:
            found: tuple[float, Action | None] = (REFILL - table.gift(heights), None)
            self.memo[key] = found
            return found
        best: tuple[float, Action | None] = (-table.gift(heights), None)
        for outcome, action in self._plays(hand, depth, heights, chips, supply):
            if outcome > best[0]:
                best = (outcome, action)
        self.memo[key] = best
        return best

    def _plays(
        self,
        hand: tuple[str, ...],
        depth: int,
        heights: tuple[int, ...],
        chips: tuple[int, ...],
        supply: tuple[int, ...],
    ) -> Iterator[tuple[float, Action]]:
        """Each pile play from this position with the best value of the line it begins, in
        the order the search tries them (the search keeps the first of equal values)."""
        table = self.table
        sources = [(face, "hand") for face in sorted(set(hand))]
        if depth:
            sources.append((self.discard[depth - 1], "discard"))
        for face, source in sources:
            colour, value = table.card(face)
            if colour < 0:
                continue
            rest = hand
            if source == "hand":
                position = hand.index(face)
                rest = hand[:position] + hand[position + 1 :]
            below = depth - 1 if source == "discard" else depth
            reward = PLAYED - (WILD_KEPT if value == 0 else 0.0)
            first_slot = colour * PILES_PER_COLOUR
            new_pile_tried = False
            for number in range(PILES_PER_COLOUR):
                slot = first_slot + number
                height = heights[slot]
                target: int | str
                if height == 0:
                    if not pile_takes(0, value) or new_pile_tried:
                        continue
                    new_pile_tried = True
                    target = "new"
                elif pile_takes(height, value):
                    target = number + 1
                else:
                    continue
                grown = list(heights)
                gain = reward
                after_chips, after_supply = chips, supply
                if height + 1 == TOP:
                    grown[slot] = 0
                    if supply[colour]:
                        gain += chip_worth(chips, colour)
                        after_chips = tuple(with_chip(chips, colour))
                        after_supply = tuple(
                            count - 1 if index == colour else count
                            for index, count in enumerate(supply)
                        )
                else:
                    grown[slot] = height + 1
                if gain >= WINNING_CHIP:
                    outcome = gain
                else:
                    outcome = (
                        gain + self._search(rest, below, tuple(grown), after_chips, after_supply)[0]
                    )
                yield outcome, Action("play", (face, source, target))


def _block_answer(table: SeenTable, legal: list[Action]) -> Action:
    block = table.block
    assert block is not None
    completer = block.seat
    colour = table.colours.index(next(p.colour for p in table.piles if p.name == block.pile))
    chips = table.chips[completer]
    block_action = Action(BLOCK)
    if (
        block_action in legal
        and table.supply[colour]
        and need(with_chip(chips, colour)) < need(chips)
    ):
        return block_action
    return Action(ALLOW)


def _steal_chip_worth(table: SeenTable, action: Action) -> float:
    victim, colour_name = int(action.args[2]), str(action.args[3])
    colour = table.colours.index(colour_name)
    mine = table.chips[table.seat]
    theirs = table.chips[victim]
    lost = list(theirs)
    lost[colour] -= 1
    # Setting back a player near a win matters more than one far from it.
    closeness = WIN_TOTAL / max(1, need(theirs))
    return chip_worth(mine, colour) + CHIP + STEP * closeness * (need(lost) - need(theirs))


def _reverse_helps(table: SeenTable) -> bool:
    """Whether turning play around puts a less advanced opponent next."""
    ahead = table.next_seat(table.seat)
    behind = table.next_seat(table.seat, -table.direction)
    return need(table.chips[ahead]) < need(table.chips[behind])


def _discard(table: SeenTable, legal: list[Action]) -> Action:
    """Discard the card least worth keeping (or end the turn with an empty hand)."""
    discards = [action for action in legal if action.verb == "discard"]
    if not discards:
        return legal[-1]
    held: dict[str, int] = {}
    for face in table.hand:
        held[face] = held.get(face, 0) + 1

    def keep(action: Action) -> float:
        face = str(action.args[0])
        # A second copy of a card is worth less than the first.
        return table.usefulness(face) - (3.0 if held.get(face, 0) > 1 else 0.0)

    return min(discards, key=keep)


def stacks_policy(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """Block what matters, play the action cards that pay now, follow the best plan of pile
    plays, then discard the least useful card."""
    seat = state.current_seat
    assert seat is not None
    table = SeenTable(StacksObservation.of(state, seat), seat)
    if table.block is not None:
        return _block_answer(table, legal)
    plays = [action for action in legal if action.verb == "play"]
    steals = [action for action in plays if action.args[0] == STEAL_CHIP]
    if steals:
        return max(
            steals, key=lambda action: _steal_chip_worth(table, action) + rng.random() * 1e-3
        )
    for action in plays:
        if action.args[0] == SKIP:
            return action
    best_card: tuple[float, Action | None] = (WORTH_STEALING, None)
    for action in plays:
        if action.args[0] == STEAL_CARD:
            pile = table.discards[int(action.args[2])]
            worth = table.usefulness(pile[-1])
            if worth >= best_card[0]:
                best_card = (worth, action)
    if best_card[1] is not None:
        return best_card[1]
    _, first = _Planner(table).best()
    if first is not None and first in legal:
        return first
    for action in plays:
        if action.args[0] == REVERSE and _reverse_helps(table):
            return action
    return _discard(table, legal)


#: The search's wide root (``stacks_alternatives``): the moves whose value falls short of
#: the best one's by less than this (a card played is worth ``PLAYED``, a chip at least
#: ``CHIP``), at most ``ROOT_WIDTH`` of them.
ROOT_MARGIN = 1.0
ROOT_WIDTH = 4
#: A discard's cost per unit of the card's usefulness: a wild or a good action card on one's
#: discard pile is a gift to the next Steal-a-Card.
DISCARD_COST = 0.1


def stacks_worths(state: State[Any], legal: list[Action]) -> dict[Action, float]:
    """The heuristic's own value of each legal move, in the units of the turn plan: a pile
    play by the best line it begins, a discard by the turn's end it makes less what the card
    was worth keeping, a Steal-a-Chip by the best line plus the chip's worth, another action
    card by the best line (it leaves the plan whole). A Block window's two answers are worth
    1 (the heuristic's) and 0."""
    seat = state.current_seat
    assert seat is not None
    table = SeenTable(StacksObservation.of(state, seat), seat)
    if table.block is not None:
        answer = _block_answer(table, legal)
        return {action: 1.0 if action == answer else 0.0 for action in legal}
    planner = _Planner(table)
    line, _ = planner.best()
    hand = tuple(sorted(table.hand))
    worths: dict[Action, float] = {}
    for outcome, action in planner._plays(
        hand,
        len(planner.discard),
        tuple(table.heights),
        tuple(table.chips[seat]),
        tuple(table.supply),
    ):
        worths.setdefault(action, outcome)
    stop = -table.gift(table.heights)
    held: dict[str, int] = {}
    for face in table.hand:
        held[face] = held.get(face, 0) + 1
    for action in legal:
        if action in worths:
            continue
        if action.verb == "discard":
            face = str(action.args[0])
            keep = table.usefulness(face) - (3.0 if held.get(face, 0) > 1 else 0.0)
            worths[action] = stop - DISCARD_COST * keep
        elif action.verb == "play" and action.args[0] == STEAL_CHIP:
            worths[action] = line + _steal_chip_worth(table, action)
        elif action.verb == "play":
            worths[action] = line
        else:
            worths[action] = stop
    return worths


def stacks_alternatives(state: State[Any], legal: list[Action]) -> list[Action]:
    """Where ``mcts`` searches when asked to look past the heuristic (``root="wide"``): the
    heuristic's move first, then the best-valued others (``stacks_worths``) within
    ``ROOT_MARGIN`` of the best value, at most ``ROOT_WIDTH`` in all.

    The heuristic's choice is the same in nearly every deal the seat can imagine, so the
    default root (the moves it picks in a few deals) leaves the search no choice; given these
    alternatives, the search picks worse moves than the heuristic (``docs/bots-research.md``),
    which is why they are not the default."""
    # The policy draws only to break exact ties between steals; a fixed draw keeps the
    # alternatives a function of the position.
    favourite = stacks_policy(state, legal, random.Random(0))
    worths = stacks_worths(state, legal)
    top = max(worths.values())
    others = sorted(
        (action for action in legal if action != favourite),
        key=lambda action: -worths[action],
    )
    close = [action for action in others if worths[action] >= top - ROOT_MARGIN]
    return [favourite, *close[: ROOT_WIDTH - 1]]


def stacks_playout(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """For playouts, from the legal actions alone: block when holding a Block, complete a
    pile with a 5, play a Steal-a-Chip or a Skip, otherwise play a coloured card if one fits
    (a number rather than a wild) and discard at random only when none does."""
    if len(legal) == 1:
        return legal[0]
    if legal[-1].verb == BLOCK:
        return legal[-1]
    numbers: list[Action] = []
    wilds: list[Action] = []
    for action in legal:
        if action.verb != "play":
            break
        card = CARD_OF_FACE[str(action.args[0])]
        if card.number == TOP or card.action in (STEAL_CHIP, SKIP):
            return action
        if card.wild:
            wilds.append(action)
        elif card.number is not None:
            numbers.append(action)
    options = numbers or wilds
    if options:
        return options[rng.randrange(len(options))]
    discards = [action for action in legal if action.verb == "discard"]
    if discards:
        return discards[rng.randrange(len(discards))]
    return legal[rng.randrange(len(legal))]


def chip_shares(state: State[Any]) -> list[float]:
    """Each seat's share from its chips: every chip counts, a step towards a winning
    collection counts far more."""
    seen = StacksObservation.of(state, None)
    standing = []
    for chips in seen.chips:
        counts = [chips[colour] for colour in seen.colours]
        standing.append(CHIP * sum(counts) - STEP * need(counts))
    return shares(standing, STEP)


def _plan_line(table: SeenTable) -> list[Action]:
    """The planner's best line of pile plays this turn, in order: its first play, then the
    best play from the position that play leaves, as its search found them."""
    planner = _Planner(table)
    planner.best()
    hand = tuple(sorted(table.hand))
    depth = len(planner.discard)
    heights = list(table.heights)
    chips, supply = list(table.chips[table.seat]), list(table.supply)
    line: list[Action] = []
    while True:
        found = planner.memo.get((hand, depth, tuple(heights), tuple(chips), tuple(supply)))
        if found is None or found[1] is None:
            return line
        play = found[1]
        line.append(play)
        face, source, target = str(play.args[0]), str(play.args[1]), play.args[2]
        if source == "hand":
            position = hand.index(face)
            hand = hand[:position] + hand[position + 1 :]
        else:
            depth -= 1
        slot = _slot(table, face, target, heights)
        colour = slot // PILES_PER_COLOUR
        if heights[slot] + 1 == TOP:
            heights[slot] = 0
            if supply[colour]:
                chips[colour] += 1
                supply[colour] -= 1
        else:
            heights[slot] += 1


def _slot(table: SeenTable, face: str, target: Any, heights: Sequence[int]) -> int:
    """The pile slot a coloured card's play goes to: its colour's pile ``target`` (1 or 2), or
    the colour's first empty slot for a new pile."""
    colour, _ = table.card(face)
    first = colour * PILES_PER_COLOUR
    if target == "new":
        return next(slot for slot in range(first, first + PILES_PER_COLOUR) if not heights[slot])
    return first + int(target) - 1


def _pile_play_reason(table: SeenTable, action: Action) -> tuple[str, dict[str, Any]]:
    face, target = str(action.args[0]), action.args[2]
    slot = _slot(table, face, target, table.heights)
    colour_index, _ = table.card(face)
    colour = table.colours[colour_index]
    height = table.heights[slot] + 1
    mine = table.chips[table.seat]
    if height == TOP:
        if not table.supply[colour_index]:
            return "stacks_completes_no_chip", {"colour": colour}
        return "stacks_completes", {
            "colour": colour,
            "need": need(with_chip(mine, colour_index)),
        }
    # Does the planner's best line from the position this play leaves complete this very
    # pile later this turn?
    after = copy.copy(table)
    after.hand = list(table.hand)
    after.discards = [list(pile) for pile in table.discards]
    if action.args[1] == "hand":
        after.hand.remove(face)
    else:
        after.discards[table.seat].pop()
    after.heights = list(table.heights)
    after.heights[slot] = height
    heights = after.heights[:]
    for play in _plan_line(after):
        played = _slot(table, str(play.args[0]), play.args[2], heights)
        if heights[played] + 1 == TOP:
            if played == slot:
                return "stacks_prepares", {"colour": colour}
            heights[played] = 0
        else:
            heights[played] += 1
    if target == "new":
        return "stacks_new_pile", {"colour": colour}
    return "stacks_builds", {"colour": colour, "needs": height + 1}


def stacks_reason(state: State[Any], action: Action) -> tuple[str, dict[str, Any]] | None:
    """Why an action is good, in the game's terms, from the seat's own view: the pile a play
    completes (and the chips then still missing from a win), prepares for a completion later
    this turn, starts or builds; the chip a Steal-a-Chip takes and from whom; the player a
    Skip makes wait; the card a Steal-a-Card takes; the neighbour a Reverse turns play away
    from; why a completion is blocked or allowed; the card discarded as the least useful."""
    seat = state.current_seat
    if seat is None:
        return None
    seen = StacksObservation.of(state, seat)
    table = SeenTable(seen, seat)
    if action.verb in (BLOCK, ALLOW) and table.block is not None:
        completer = table.block.seat
        pile = next(pile for pile in table.piles if pile.name == table.block.pile)
        chips = table.chips[completer]
        colour = table.colours.index(pile.colour)
        closer = bool(table.supply[colour]) and need(with_chip(chips, colour)) < need(chips)
        if action.verb == BLOCK and closer:
            wins = need(with_chip(chips, colour)) == 0
            return "stacks_block", {"seat": completer, "colour": pile.colour, "wins": wins}
        # Allowing is a choice only with a Block in hand, and kept for a chip that matters.
        if action.verb == ALLOW and not closer and BLOCK in table.hand:
            return "stacks_allow", {"seat": completer}
        return None
    if action.verb == "discard":
        legal = state.legal_actions()
        if _discard(table, legal) != action:
            return None  # not the card the heuristic values least: no reason of its own
        return "stacks_discard", {"card": str(action.args[0])}
    if action.verb != "play":
        return None
    face = str(action.args[0])
    if face == STEAL_CHIP:
        return "stacks_steal_chip", {"seat": int(action.args[2]), "colour": str(action.args[3])}
    if face == SKIP:
        return "stacks_skip", {"seat": table.next_seat(seat)}
    if face == STEAL_CARD:
        victim = int(action.args[2])
        discards = table.discards[victim]
        return "stacks_steal_card", {"seat": victim, "card": discards[-1] if discards else ""}
    if face == REVERSE:
        return "stacks_reverse", {"seat": table.next_seat(seat)}
    if face == BLOCK:
        return None
    return _pile_play_reason(table, action)


PLAY = Play(
    greedy=stacks_policy,
    playout=stacks_playout,
    evaluation=PositionEvaluation(chip_shares, horizon=3, greedy_playouts=True),
    reason=stacks_reason,
    alternatives=stacks_alternatives,
)
