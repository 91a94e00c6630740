"""Micro: a card game small enough for algorithms that walk the whole tree (CFR, best
response, exploitability), played through the same OpenSpiel wrapper as the real games.

It is not one of Sequenza's games (the app and the registry do not know it); it keeps the
engine's contract in a few lines so that a researcher can check a tree-walking algorithm on
the wrapper before running it, sampled, on a real game. OpenSpiel knows it as
``python_sequenza_micro`` (``sequenza.rl.openspiel``)::

    >>> import sequenza.rl.micro as micro
    >>> state = micro.MicroGame(2, micro.MicroOptions()).new_initial_state(3)
    >>> len(state.hands[0]), len(state.draw_pile)
    (2, 0)

Rules: a deck of ``cards`` cards valued 1 to ``cards``, shuffled; each of the two players
holds ``hand`` of them (hidden), the rest lie face down. A round: the leader plays a card face
up, then the other player plays one; the higher card wins the round and its player leads the
next. After a round each player draws a card, the leader first, while the pile holds a card
for each. When
the hands are empty the player who won more rounds wins; equal rounds share the win.
Seat 0 leads the first round. An action is ``play V``, id ``V - 1``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from sequenza.components.decks import draw, redeal, shuffle
from sequenza.core import Action, ActionSpace, Game, GameInfo, Options, State, Termination, option
from sequenza.core.observation import Observation

MAX_CARDS = 8


@dataclass(frozen=True)
class MicroOptions(Options):
    cards: int = option(4, "Cards in the deck, valued 1 to cards", minimum=3, maximum=MAX_CARDS)
    hand: int = option(2, "Cards in each hand", minimum=1, maximum=3)


class MicroTermination(Termination):
    HANDS_PLAYED = "hands_played"


@dataclass(frozen=True, kw_only=True)
class MicroObservation(Observation):
    #: The seat's hand, lowest first; ``None`` for a spectator.
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    #: The card led in the round under way, if any.
    led: int | None
    #: Rounds won by each seat.
    rounds: tuple[int, ...]
    #: Every card played, in order.
    played: tuple[int, ...]
    draw_pile: int


class MicroGame(Game[MicroOptions]):
    """Micro for two players (see the module)."""

    info: ClassVar[GameInfo] = GameInfo(
        id="micro",
        name="Micro",
        player_counts=(2,),
        rules_version="1",
        summary="Lead a card, answer it; the higher card wins the round.",
        rules_text=__doc__ or "",
    )
    options_class = MicroOptions
    terminations = MicroTermination
    observation_class = MicroObservation

    def _check_setup(self) -> None:
        if 2 * self.options.hand > self.options.cards:
            raise ValueError("the deck must hold both hands")

    @property
    def action_space(self) -> ActionSpace:
        cards = range(1, self.options.cards + 1)
        return ActionSpace((Action("play", (value,)) for value in cards), "Micro")

    def new_initial_state(self, seed: int) -> MicroState:
        return MicroState(self, seed)


class MicroState(State[MicroGame]):
    SAVE_FIELDS = ("draw_pile", "hands", "played", "led", "rounds")

    def __init__(self, game: MicroGame, seed: int) -> None:
        super().__init__(game, seed)
        self.draw_pile = list(range(1, game.options.cards + 1))
        shuffle(self.draw_pile, self.rng)
        self.hands = [draw(self.draw_pile, game.options.hand) for _ in range(2)]
        self.played: list[int] = []
        #: [seat, card] of the card led in the round under way, or empty.
        self.led: list[int] = []
        self.rounds = [0, 0]

    def _legal_actions(self) -> list[Action]:
        return [Action("play", (value,)) for value in sorted(self.hands[self.to_act])]

    def _apply(self, action: Action) -> None:
        seat = self.to_act
        value = int(action.args[0])
        self.hands[seat].remove(value)
        self.played.append(value)
        if not self.led:
            self.led = [seat, value]
            self.to_act = 1 - seat
            return
        leader, led = self.led
        winner = leader if led > value else seat
        self.rounds[winner] += 1
        self.led = []
        # Both draw or neither: a card short of a pair stays face down, out of play.
        if len(self.draw_pile) >= 2:
            for drawer in (leader, 1 - leader):
                self.hands[drawer] += draw(self.draw_pile, 1)
        if not self.hands[0] and not self.hands[1]:
            self._finish(list(map(float, self.rounds)), MicroTermination.HANDS_PLAYED)
        else:
            self.to_act = winner

    def _observation(self, seat: int | None) -> MicroObservation:
        return MicroObservation(
            **self._header(seat),
            hand=tuple(sorted(self.hands[seat])) if seat is not None else None,
            hand_sizes=tuple(len(hand) for hand in self.hands),
            led=self.led[1] if self.led else None,
            rounds=tuple(self.rounds),
            played=tuple(self.played),
            draw_pile=len(self.draw_pile),
        )

    def card_zones(self) -> dict[str, list[Any]]:
        return {
            "draw": self.draw_pile,
            "hand 0": self.hands[0],
            "hand 1": self.hands[1],
            "played": self.played,
        }

    def _redeal_unseen(self, seat: int, rng: random.Random) -> None:
        redeal([self.draw_pile, self.hands[1 - seat]], rng)
