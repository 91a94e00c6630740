"""Sequentia · Shift: the observation tensor, from what a seat is shown (the conventions are
``sequenza.components.tensors``'s; ``python -m sequenza.rl`` lists the fields). The kit
names ``Encoder`` by its path, so that only the RL layer imports this module, and NumPy
with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sequenza.components.sequentia_cards import SequentiaCard
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


class ShiftEncoding(Encoding):
    board_fields = ("grid",)
    # The match is worked out from the target, so it is as private as the target.
    private_fields = ("target", "target_match")

    def _fields(self) -> list[Field]:
        p = self.players
        return [
            Field(
                "grid", (CARD, 3, 3), "the card at each place of the grid (features x row x col)"
            ),
            Field("target", (CARD,), "your secret target card"),
            Field(
                "target_match",
                (1, 3, 3),
                "1 where the grid's digit is your target's code digit for that column",
            ),
            Field("holds_target", (p,), "whether each seat holds a target"),
            Field("score_piles", (p,), "cards in each seat's score pile / deck size"),
            Field("out_of_play", (DECK_SIZE,), "cards out of play, by deck-list index"),
            Field("deck_size", (1,), "cards left in the deck / deck size"),
            Field("phase", (2,), "phase one-hot: play, refill"),
            Field("slides", (1,), "slides made this turn / slide limit"),
            Field("quiet_turns", (1,), "turns without a claim / the limit that ends the game"),
            Field("first_player", (p,), "the seat that played first, one-hot"),
        ]

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        grid = out["grid"]
        for place, text in enumerate(obs["grid"]):
            if text is not None:
                grid[:, place // 3, place % 3] = card_vector(text)
        if obs["target"] is not None:
            out["target"][:] = card_vector(obs["target"])
            # Rows read left to right: a row shows the code when all three of its places
            # match. Spelled out because a small network finds the comparison hard to learn.
            code = SequentiaCard.parse(obs["target"]).code
            for place, text in enumerate(obs["grid"]):
                if text is not None and text[0] == code[place % 3]:
                    out["target_match"][0, place // 3, place % 3] = 1.0
        out["holds_target"][:] = self.per_seat(obs["holds_target"], seat, 1)
        out["score_piles"][:] = self.per_seat(obs["score_piles"], seat, DECK_SIZE)
        out["out_of_play"][:] = deck_hot(obs["out_of_play"])
        out["deck_size"][0] = fraction(obs["deck_size"], DECK_SIZE)
        out["phase"][("play", "refill").index(obs["phase"])] = 1.0
        out["slides"][0] = fraction(obs["slides"], obs["slide_limit"])
        out["quiet_turns"][0] = fraction(obs["quiet_turns"], obs["quiet_turn_limit"])
        out["first_player"][self.rel(obs["first_player"], seat)] = 1.0


Encoder = ShiftEncoding
