"""Toy cards: a tiny card game that exercises the contract without any real game's rules.

Six cards valued 1..6; each of two players holds two (hidden) and the rest lie face down.
On a turn a player plays a card from the hand face up and draws one. Scores: the sum of the
cards each played. Action ``play V`` has id ``V - 1``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from sequenza.components.decks import draw, redeal
from sequenza.core import (
    Action,
    ActionSpace,
    Game,
    GameInfo,
    Options,
    State,
    Termination,
    option,
)

from .types import ToyObservation


@dataclass(frozen=True)
class ToyOptions(Options):
    hand_size: int = option(2, "Cards in each hand", minimum=1, maximum=3)


class ToyTermination(Termination):
    CARDS_PLAYED = "cards_played"


class ToyGame(Game[ToyOptions]):
    info = GameInfo(
        id="test-toy",
        name="Toy cards",
        player_counts=(2,),
        rules_version="1",
        summary="a test game",
        rules_text="Play a card, draw a card. Highest total wins.",
    )
    options_class = ToyOptions
    terminations = ToyTermination
    observation_class = ToyObservation

    action_space = ActionSpace((Action("play", (value,)) for value in range(1, 7)), "Toy cards")

    def new_initial_state(self, seed: int) -> ToyState:
        return ToyState(self, seed)


class ToyState(State[ToyGame]):
    SAVE_FIELDS = ("draw_pile", "hands", "played")

    # The saved fields' types (the state's JSON schema reads them).
    draw_pile: list[int]
    hands: list[list[int]]
    played: list[list[int]]

    def __init__(self, game: ToyGame, seed: int) -> None:
        super().__init__(game, seed)
        self.draw_pile = list(range(1, 7))
        self.rng.shuffle(self.draw_pile)
        self.hands = [draw(self.draw_pile, game.options.hand_size) for _ in range(2)]
        self.played = [[], []]

    def _legal_actions(self) -> list[Action]:
        return [Action("play", (value,)) for value in sorted(self.hands[self.to_act])]

    def _apply(self, action: Action) -> None:
        value = int(action.args[0])
        self.hands[self.to_act].remove(value)
        self.played[self.to_act].append(value)
        self.hands[self.to_act] += draw(self.draw_pile, 1)
        if not self.hands[0] and not self.hands[1]:
            self._finish([sum(cards) for cards in self.played], ToyTermination.CARDS_PLAYED)
        else:
            self.to_act = 1 - self.to_act

    def _observation(self, seat: int | None) -> ToyObservation:
        return ToyObservation(
            **self._header(seat),
            hand=tuple(sorted(self.hands[seat])) if seat is not None else None,
            hand_sizes=tuple(len(hand) for hand in self.hands),
            played=tuple(tuple(cards) for cards in self.played),
            draw_pile=len(self.draw_pile),
        )

    def card_zones(self) -> dict[str, list[Any]]:
        return {
            "draw": self.draw_pile,
            "hand 0": self.hands[0],
            "hand 1": self.hands[1],
            "played 0": self.played[0],
            "played 1": self.played[1],
        }

    def _redeal_unseen(self, seat: int, rng: random.Random) -> None:
        redeal([self.draw_pile, self.hands[1 - seat]], rng)
