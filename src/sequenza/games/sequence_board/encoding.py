"""Sequence and Sequence Numbers: the observation tensor, from what a seat is shown (the
conventions are ``sequenza.components.tensors``'s; ``python -m sequenza.rl`` lists the
fields). Both kits name ``Encoder`` by its path, so that only the RL layer imports this
module, and NumPy with it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from sequenza.components.tensors import Encoding, Field, fraction
from sequenza.core.game import Game

if TYPE_CHECKING:
    from sequenza.components.tensors import Vector


_BOARD = 10
_BOARD_PLANES = (
    "your team's chips",
    "the next team's chips",
    "the third team's chips",
    "free corners",
    "chips in a sequence",
    "spaces of a sequence you must choose",
    "spaces your cards name (count / 2)",
)
_MAX_TEAMS = 3
_MAX_HAND = 7


def _space(name: str) -> tuple[int, int]:
    """A space name (column letter, row digit: ``B7``) as (row, column)."""
    return int(name[1:]), ord(name[0]) - ord("A")


class BoardEncoding(Encoding):
    """Sequence and Sequence Numbers: the board as planes, the cards counted by face."""

    board_fields = ("board",)
    private_fields = ("hand",)

    def __init__(self, game: Game[Any]) -> None:
        layout: Any = getattr(game, "layout")  # noqa: B009  (the board games' own attribute)
        self.faces: tuple[str, ...] = layout.faces
        self.face_index: dict[str, int] = dict(layout.face_index)
        self.value_spaces: tuple[tuple[int, ...], ...] = layout.value_spaces
        copies = Counter(layout.card_faces)
        self.copies = float(max(copies.values()))
        self.deck = float(len(layout.card_faces))
        # Face x space: the spaces each face names, so that the hand's reach is one product.
        self.reach = np.zeros((len(self.faces), _BOARD * _BOARD), dtype=np.float32)
        for face, spaces in enumerate(self.value_spaces):
            self.reach[face, list(spaces)] = 1.0
        super().__init__(game)

    def _face_counts(self, faces: Iterable[str]) -> Vector:
        index = self.face_index
        counts = np.bincount([index[face] for face in faces], minlength=len(self.faces))
        return counts.astype(np.float32)

    def _fields(self) -> list[Field]:
        p, f = self.players, len(self.faces)
        return [
            Field(
                "board",
                (len(_BOARD_PLANES), _BOARD, _BOARD),
                "planes x row x column: " + "; ".join(_BOARD_PLANES),
            ),
            Field("sequences", (_MAX_TEAMS,), "sequences of each team / sequences to win"),
            Field("hand", (f,), "your hand: copies of each face / most copies of a face"),
            Field("hand_sizes", (p,), "cards in each seat's hand / 7"),
            Field("discarded", (f,), "faces in every discard pile / most copies of a face"),
            Field("discard_sizes", (p,), "cards in each seat's discard pile / deck size"),
            Field("draw_pile", (1,), "cards in the draw pile / deck size"),
            Field("dead_exchanged", (1,), "1 if a dead card was exchanged this turn"),
            Field("passes", (1,), "passes in a row / players"),
        ]

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        teams: list[int] = obs["teams"]
        sides = max(teams) + 1
        mine = teams[seat]
        board = out["board"]
        # The chips as one byte per space, compared whole planes at a time (a loop over the
        # hundred spaces cost more than everything else in the encoding).
        chips = np.frombuffer("".join(obs["chips"]).encode("ascii"), dtype=np.uint8)
        chips = chips.reshape(_BOARD, _BOARD)
        board[3] = chips == ord("x")
        for team in range(sides):
            board[(team - mine) % sides] = chips == ord(str(team))
        for name in obs["marked"]:
            board[4, *_space(name)] = 1.0
        for name in obs["choose_sequence_spaces"]:
            board[5, *_space(name)] = 1.0
        for team, windows in enumerate(obs["sequences"]):
            out["sequences"][(team - mine) % sides] = fraction(
                len(windows), obs["sequences_to_win"]
            )
        hand = self._face_counts(obs["hand"])
        np.clip(hand / self.copies, 0.0, 1.0, out=out["hand"])
        board[6] = np.clip(hand @ self.reach / 2.0, 0.0, 1.0).reshape(_BOARD, _BOARD)
        out["hand_sizes"][:] = self.per_seat(obs["hand_sizes"], seat, _MAX_HAND)
        discarded = self._face_counts(face for pile in obs["discards"] for face in pile)
        np.clip(discarded / self.copies, 0.0, 1.0, out=out["discarded"])
        out["discard_sizes"][:] = self.per_seat(
            (len(pile) for pile in obs["discards"]), seat, self.deck
        )
        out["draw_pile"][0] = fraction(obs["draw_pile"], self.deck)
        out["dead_exchanged"][0] = float(obs["dead_exchanged"])
        out["passes"][0] = fraction(obs["passes"], self.players)


Encoder = BoardEncoding
