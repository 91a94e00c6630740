"""Sequence Stacks: the observation tensor, from what a seat is shown (the conventions are
``sequenza.components.tensors``'s; ``python -m sequenza.rl`` lists the fields). The kit
names ``Encoder`` by its path, so that only the RL layer imports this module, and NumPy
with it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sequenza.components.tensors import Encoding, Field, fraction
from sequenza.core.game import Game

from . import rules

if TYPE_CHECKING:
    from sequenza.components.tensors import Vector


class StacksEncoding(Encoding):
    """Sequence Stacks: hands and piles counted by face, chips by colour."""

    board_fields = ("piles",)
    private_fields = ("hand",)
    board_doc = "the shared piles as on the table: `piles`' size one-hot x colour x number"

    @property
    def board_shape(self) -> tuple[int, ...]:
        # The shared piles laid out as on the table: size one-hot x colour x number.
        return (self.top + 1, len(self.colours), self.per_colour)

    def board_planes(self, parts: dict[str, Vector]) -> Vector:
        return parts["piles"].T.reshape(self.board_shape)

    def __init__(self, game: Game[Any]) -> None:
        self.faces: tuple[str, ...] = tuple(rules.FACES)
        self.face_index = {face: index for index, face in enumerate(self.faces)}
        self.colours: tuple[str, ...] = tuple(rules.COLOURS)
        self.slots = len(self.colours) * rules.PILES_PER_COLOUR
        self.per_colour = rules.PILES_PER_COLOUR
        self.top = rules.TOP
        self.deck = float(rules.DECK_SIZE)
        self.chips = float(rules.CHIPS_PER_COLOUR)
        self.copies = float(max(Counter(rules.CARD_FACE).values()))
        super().__init__(game)

    def _fields(self) -> list[Field]:
        p, f, c, s = self.players, len(self.faces), len(self.colours), self.slots
        faces = ", ".join(self.faces)
        return [
            Field("hand", (f,), f"your hand: copies of each face / most copies ({faces})"),
            Field("hand_sizes", (p,), "cards in each seat's hand / 10"),
            Field("known_cards", (p, f), "faces each seat is known to hold (taken face up)"),
            Field("discards", (p, f), "faces in each seat's discard pile"),
            Field("discard_tops", (p, f), "the top card of each seat's discard pile, one-hot"),
            Field("action_discard", (f,), "faces on the action-card discard pile"),
            Field("piles", (s, self.top + 1), "each shared pile's size, one-hot 0..5"),
            Field("draw_pile", (1,), "cards in the draw pile / deck size"),
            Field("set_aside", (f,), "faces set aside"),
            Field("removed", (f,), "faces removed from the game"),
            Field("chips", (p, c), "each seat's chips of each colour / chips per colour"),
            Field("supply", (c,), "chips left in the supply per colour / chips per colour"),
            Field("turn_seat", (p,), "the seat whose turn it is, one-hot"),
            Field("direction", (1,), "1 if play goes in seat order"),
            Field("skips", (p,), "turns each seat will skip / 3"),
            Field("block", (1 + p + s + p,), "a Block window: open, its seat, pile, waiting"),
            Field("quiet_turns", (1,), "turns without a chip / the stall limit"),
            Field("chipless_turns", (1,), "chipless turns / their limit"),
        ]

    def _counts(self, faces: Iterable[str], into: Vector) -> None:
        for face, count in Counter(faces).items():
            into[self.face_index[face]] = fraction(count, self.copies)

    def _slot(self, name: str) -> int:
        colour, number = name.rsplit(" ", 1)
        return self.colours.index(colour) * self.per_colour + int(number) - 1

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        self._counts(obs["hand"], out["hand"])
        out["hand_sizes"][:] = self.per_seat(obs["hand_sizes"], seat, 10)
        for other in range(self.players):
            row = self.rel(other, seat)
            self._counts(obs["known_cards"][other], out["known_cards"][row])
            pile = obs["discards"][other]
            self._counts(pile, out["discards"][row])
            if pile:
                out["discard_tops"][row, self.face_index[pile[-1]]] = 1.0
        self._counts(obs["action_discard"], out["action_discard"])
        for pile in obs["piles"]:
            out["piles"][self._slot(pile["name"]), min(len(pile["cards"]), self.top)] = 1.0
        out["draw_pile"][0] = fraction(obs["draw_pile"], self.deck)
        self._counts(obs["set_aside"], out["set_aside"])
        self._counts(obs["removed"], out["removed"])
        for other, chips in enumerate(obs["chips"]):
            for colour, count in chips.items():
                out["chips"][self.rel(other, seat), self.colours.index(colour)] = fraction(
                    count, self.chips
                )
        for colour, count in obs["supply"].items():
            out["supply"][self.colours.index(colour)] = fraction(count, self.chips)
        out["turn_seat"][self.rel(obs["turn_seat"], seat)] = 1.0
        out["direction"][0] = float(obs["direction"] > 0)
        out["skips"][:] = self.per_seat(obs["skips"], seat, 3)
        block = obs["block"]
        if block is not None:
            p = self.players
            out["block"][0] = 1.0
            out["block"][1 + self.rel(block["seat"], seat)] = 1.0
            out["block"][1 + p + self._slot(block["pile"])] = 1.0
            for waiting in block["waiting"]:
                out["block"][1 + p + self.slots + self.rel(waiting, seat)] = 1.0
        out["quiet_turns"][0] = fraction(obs["quiet_turns"], obs["stall_turns"])
        out["chipless_turns"][0] = fraction(obs["chipless_turns"], obs["chipless_turn_limit"])


Encoder = StacksEncoding
