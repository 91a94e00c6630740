"""The Sequentia deck of RULES.md, shared by Shift, Stack and Cross: a card's three features and
the [provisional] 54-card composition, shipped as a data file."""

from __future__ import annotations

from collections import Counter
from itertools import product

import sequenza
from sequenza.components.decks import load_data
from sequenza.components.sequentia_cards import SequentiaCard, sequentia_deck


def test_a_card_has_a_digit_a_code_of_three_digits_and_maybe_a_bonus_mark() -> None:
    for card in sequentia_deck():
        assert card.digit in (1, 2, 3)
        assert len(card.code) == 3 and set(card.code) <= {"1", "2", "3"}
        assert isinstance(card.bonus, bool)
        # The text a player types reads back as the same card.
        assert SequentiaCard.parse(str(card)) == card


def test_the_provisional_deck_has_54_cards_every_code_twice_on_two_digits() -> None:
    deck = sequentia_deck()
    assert len(deck) == 54
    copies: dict[str, list[int]] = {}
    for card in deck:
        copies.setdefault(card.code, []).append(card.digit)
    # All 27 codes, each twice, and the two copies of a code show different digits.
    assert sorted(copies) == ["".join(code) for code in product("123", repeat=3)]
    assert all(len(digits) == 2 and digits[0] != digits[1] for digits in copies.values())
    assert Counter(card.digit for card in deck) == {1: 18, 2: 18, 3: 18}
    assert Counter(card.digit for card in deck if card.bonus) == {1: 3, 2: 3, 3: 3}


def test_the_deck_is_the_shipped_data_file_and_every_sequentia_game_deals_it() -> None:
    # The list lives in a data file marked provisional, so that the publisher's list can
    # replace it without touching code.
    data = load_data("sequentia_deck.json")
    assert data["provisional"] is True
    assert [SequentiaCard(c["digit"], c["code"], c["bonus"]) for c in data["cards"]] == list(
        sequentia_deck()
    )
    for game_id in ("sequentia-shift", "sequentia-stack", "sequentia-cross"):
        state = sequenza.make(game_id, players=2, seed=1)
        assert sorted(state.card_counter()) == list(range(54)), game_id
