"""Sequentia · Stack: the observation tensor, from what a seat is shown (the conventions are
``sequenza.components.tensors``'s; ``python -m sequenza.rl`` lists the fields). The kit
names ``Encoder`` by its path, so that only the RL layer imports this module, and NumPy
with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sequenza.components.tensors import (
    CARD,
    DECK_SIZE,
    Encoding,
    Field,
    card_vector,
    deck_hot,
    fraction,
)

if TYPE_CHECKING:
    from sequenza.components.tensors import Vector


_STACK_PILES = 4
_STACK_PHASES = ("turn_start", "simple_placed", "bonus_placed")


class StackEncoding(Encoding):
    board_fields = ("pile_cards", "pile_tops", "pile_sizes")
    private_fields = ("hand",)
    board_doc = (
        "the row as a board of one row, features x 1 x pile: each pile's `pile_cards` (54),"
        " `pile_tops` (14) and `pile_sizes` (1)"
    )

    @property
    def board_shape(self) -> tuple[int, ...]:
        # The row of piles as a board of one row: features x 1 x pile.
        return (DECK_SIZE + CARD + 1, 1, _STACK_PILES)

    def board_planes(self, parts: dict[str, Vector]) -> Vector:
        import numpy as np

        planes = np.concatenate(
            [parts["pile_cards"].T, parts["pile_tops"].T, parts["pile_sizes"][None, :]], axis=0
        )
        return planes.reshape(self.board_shape)

    def _fields(self) -> list[Field]:
        p = self.players
        return [
            Field("pile_cards", (_STACK_PILES, DECK_SIZE), "the cards of each pile of the row"),
            Field("pile_tops", (_STACK_PILES, CARD), "the top card of each pile"),
            Field("pile_sizes", (_STACK_PILES,), "cards in each pile / deck size"),
            Field("hand", (DECK_SIZE,), "your hand, by deck-list index"),
            Field("hand_sizes", (p,), "cards in each seat's hand / hand size"),
            Field("collected", (p,), "cards each seat collected / deck size"),
            Field("phase", (len(_STACK_PHASES),), "phase one-hot: " + ", ".join(_STACK_PHASES)),
            Field("last_pile", (_STACK_PILES,), "the pile played on last this turn, one-hot"),
            Field("deck_size", (1,), "cards left in the deck / deck size"),
            Field("claim_rule", (1,), "1 if a claim must include the last pile played"),
        ]

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        for index, pile in enumerate(obs["row"]):
            out["pile_cards"][index] = deck_hot(pile["cards"])
            out["pile_tops"][index] = card_vector(pile["top"])
            out["pile_sizes"][index] = fraction(len(pile["cards"]), DECK_SIZE)
        out["hand"][:] = deck_hot(obs["hand"])
        out["hand_sizes"][:] = self.per_seat(obs["hand_sizes"], seat, obs["hand_size"])
        out["collected"][:] = self.per_seat(obs["collected"], seat, DECK_SIZE)
        out["phase"][_STACK_PHASES.index(obs["phase"])] = 1.0
        if obs["last_pile"] is not None:
            out["last_pile"][obs["last_pile"] - 1] = 1.0
        out["deck_size"][0] = fraction(obs["deck_size"], DECK_SIZE)
        out["claim_rule"][0] = float(obs["claim_must_include_last_pile"])


Encoder = StackEncoding
