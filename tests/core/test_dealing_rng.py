"""A game dealt from a generator the caller gives (``Game.new_state_drawing_from``): the hook
OpenSpiel's chance nodes deal through, neutral for every game dealt from a seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

import sequenza
from sequenza.core.registry import available_games, make_game


class Scripted(random.Random):
    """Shuffles put the cards in ascending order under ``top`` (its first card on top)."""

    def __init__(self, top: list[int]) -> None:
        super().__init__(0)
        self.top = top
        self.asked: list[str] = []

    def shuffle(self, x: Any, *args: Any) -> None:
        self.asked.append("shuffle")
        x[:] = sorted(card for card in x if card not in self.top) + self.top[::-1]

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        self.asked.append("randrange")
        return 0


def test_the_deal_takes_the_cards_the_generator_put_on_top() -> None:
    rng = Scripted([53, 7, 20])
    state = make_game("sequentia-stack", 2).new_state_drawing_from(rng)
    assert sorted(state.hands[0]) == [7, 20, 53]
    assert state.seed == 0 and state.rng is rng
    assert rng.asked == ["shuffle"]


@pytest.mark.parametrize("game", [info.id for info in available_games()])
def test_a_seeded_deal_is_unchanged_outside_the_hook(game: str) -> None:
    table = make_game(game, min(next(i for i in available_games() if i.id == game).player_counts))
    table.new_state_drawing_from(Scripted([]))
    # The hook is undone: a seed deals as it always has.
    assert (
        table.new_initial_state(11).dumps()
        == sequenza.make(game, players=table.players, seed=11).dumps()
    )
    assert table.new_initial_state(11).dumps() != table.new_initial_state(12).dumps()
