"""Sequentia · Cross: the observation tensor, from what a seat is shown (the conventions are
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


_CROSS_HAND = 3


class CrossEncoding(Encoding):
    board_fields = ("grid", "pile_sizes", "covered")
    private_fields = ("hand",)

    def _fields(self) -> list[Field]:
        p = self.players
        return [
            Field("grid", (CARD, 3, 3), "the top card of each pile of the grid"),
            Field("pile_sizes", (1, 3, 3), "cards in each pile / deck size"),
            Field("covered", (1, 3, 3), "places covered this turn"),
            Field("claims", (2, 3), "lines that may be claimed now: rows, columns"),
            Field("phase", (2,), "phase one-hot: place, claim"),
            Field("hand", (DECK_SIZE,), "your hand, by deck-list index"),
            Field("hand_sizes", (p,), "cards in each seat's hand / 3"),
            Field("collected", (p,), "cards each seat collected / deck size"),
            Field("out_of_play", (DECK_SIZE,), "cards out of play, by deck-list index"),
            Field("deck_size", (1,), "cards left in the deck / deck size"),
            Field("idle_turns", (1,), "turns without a claim / the limit that ends the game"),
        ]

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        for place, pile in enumerate(obs["grid"]):
            row, col = divmod(place, 3)
            if pile["top"] is not None:
                out["grid"][:, row, col] = card_vector(pile["top"])
            out["pile_sizes"][0, row, col] = fraction(pile["size"], DECK_SIZE)
        for place in obs["covered"]:
            out["covered"][0, place // 3, place % 3] = 1.0
        for claim in obs["claims"]:
            direction = ("rows", "columns").index(claim["lines"])
            for index in claim["indices"]:
                out["claims"][direction, index] = 1.0
        out["phase"][("place", "claim").index(obs["phase"])] = 1.0
        out["hand"][:] = deck_hot(obs["hand"])
        out["hand_sizes"][:] = self.per_seat(obs["hand_sizes"], seat, _CROSS_HAND)
        out["collected"][:] = self.per_seat(obs["collected"], seat, DECK_SIZE)
        out["out_of_play"][:] = deck_hot(obs["out_of_play"])
        out["deck_size"][0] = fraction(obs["deck_size"], DECK_SIZE)
        out["idle_turns"][0] = fraction(obs["idle_turns"], obs["stall_turns"])


Encoder = CrossEncoding
