import random

import pytest

from sequenza.components.decks import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 54, 100, 104, 257])
def test_shuffle_deals_the_permutation_of_random_shuffle(size: int) -> None:
    # Seeds replay games: the fast shuffle must leave the cards and the generator exactly as
    # random.Random.shuffle does.
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        cards = list(range(size))
        expected = list(range(size))
        shuffle(cards, ours)
        theirs.shuffle(expected)
        assert cards == expected
        assert ours.getstate() == theirs.getstate()


def test_shuffle_leaves_other_generators_to_their_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(cards, Reversing(0))
    assert cards == [3, 2, 1]
