"""A mode file's observation tensor, made from the places the file declares (the conventions
are ``sequenza.components.tensors``'s; ``Encoding.describe`` lists a table's fields). Every
mode's kit names ``Encoder`` by its path, so that only the RL layer imports this module, and
NumPy with it; the rules it reads are the file's, public to every seat, and the cards only
what ``state.observation(seat)`` shows that seat.

The table place is the board, channels first, whatever its kind: a grid of ``rows`` x
``columns`` positions, or a row of ``max_piles`` piles as a board of one row. Its planes are
each position's top card (14 numbers, ``CARD_FEATURES``), its pile's size, and the positions
placed on this turn (a grid's ``covered``, a row's last pile). A seat's hand and the cards out
of play are counted by *kind* (each distinct card of the deck list, in its order, the copies'
count divided by the kind's copies), so that the Sequentia deck gives the 54 numbers of the
built-in encoders and a listed deck one per card it lists. Another seat's hand or target is
only its size, as the observation gives it.

>>> from sequenza.modes import EXAMPLES, load
>>> from sequenza.core.registry import make, register_kit
>>> kit = register_kit(load(EXAMPLES / "stack.toml"))
>>> state = make(kit.id, players=2, seed=1)
>>> encoding = Encoder(state.game)
>>> parts = encoding.split(encoding.encode(state.observation(0)))
>>> encoding.board_shape, parts["hand"].sum(), parts["phase"].tolist()
((16, 1, 4), np.float32(3.0), [1.0, 0.0, 0.0])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sequenza.components.tensors import CARD, Encoding, Field, card_vector, fraction
from sequenza.modes.engine import ModeGame

if TYPE_CHECKING:
    from sequenza.components.tensors import Vector


class ModeEncoding(Encoding):
    """The encoder of one table of a mode (its player count and options)."""

    board_fields = ("table", "sizes", "placed")

    def __init__(self, game: Any) -> None:
        if not isinstance(game, ModeGame):
            raise TypeError(f"{game.id!r} is not a game made from a mode file")
        compiled, rules = game.compiled, game.rules
        mode = compiled.mode
        self.table = compiled.table
        self.places = mode.places
        #: Each kind of card (its text) and its index, in the deck list's order, with the
        #: copies of it the deck holds.
        self.kinds: dict[str, int] = {}
        self.copies: list[int] = []
        for card, text in enumerate(compiled.texts):
            if compiled.kind[card] == card:
                self.kinds[text] = len(self.copies)
                self.copies.append(0)
            self.copies[self.kinds[text]] += 1
        self.deck = len(compiled.cards)
        self.phases = tuple(phase.name for phase in mode.turn.phases)
        if self.table.kind == "grid":
            self.shape = (self.table.rows, self.table.columns)
        else:
            self.shape = (1, self.table.max_piles)
        hand_deals = [
            count + max((0, *extras))
            for (place, count), extras in zip(rules.deals, rules.deal_extras, strict=True)
            if mode.places.hand and place == mode.places.hand.name
        ]
        #: The most cards a hand holds in the usual course (clipped above it).
        self.hand_bound = max(rules.draw_up_to, sum(hand_deals) + rules.draw_count, 1)
        self.slide_limit = rules.slide_limit
        self.repeat_limit = rules.repeat_limit
        # What only the seat sees: its hand and its target, where the mode has them.
        self.private_fields = tuple(
            name
            for name, place in (("hand", self.places.hand), ("target", self.places.target))
            if place
        )
        quiet = [rounds for _, _, rounds in rules.endings if rounds]
        #: The quiet turns that end a game by the largest quiet-rounds ending (0: none).
        self.quiet_limit = max(quiet, default=0) * game.players
        super().__init__(game)

    def _fields(self) -> list[Field]:
        p, (rows, columns) = self.players, self.shape
        kinds = len(self.copies)
        where = "grid position" if self.table.kind == "grid" else "pile of the row (1 x piles)"
        fields = [
            Field("table", (CARD, rows, columns), f"the top card of each {where}"),
            Field("sizes", (1, rows, columns), f"cards in each {where} / deck size"),
            Field(
                "placed",
                (1, rows, columns),
                "positions placed on this turn (a grid's), or the pile placed on last (a row's)",
            ),
        ]
        if self.places.hand:
            fields += [
                Field("hand", (kinds,), "your hand: each kind of card of the deck list / copies"),
                Field("hand_sizes", (p,), "cards in each seat's hand / the most a hand is dealt"),
            ]
        if self.places.target:
            fields += [
                Field("target", (CARD,), "your secret target card"),
                Field("holds_target", (p,), "whether each seat holds a target"),
            ]
        fields += [
            Field("scores", (p,), "cards in each seat's score pile / deck size"),
            Field("out", (kinds,), "cards out of play: each kind of the deck list / copies"),
            Field("deck_size", (1,), "cards left in the deck / deck size"),
            Field("phase", (len(self.phases),), "phase one-hot: " + ", ".join(self.phases)),
            Field("slides", (1,), "slides made this turn / slide limit (0 without slides)"),
            Field(
                "quiet_turns",
                (1,),
                "turns without a claim / the most a quiet-rounds ending waits (0 without one)",
            ),
            Field(
                "repetitions",
                (1,),
                "times the position came back / the repetition limit (0 without one)",
            ),
            Field("first_player", (p,), "the seat that played first, one-hot"),
        ]
        return fields

    def _fill(self, obs: dict[str, Any], seat: int, out: dict[str, Vector]) -> None:
        columns = self.shape[1]
        places = obs["places"]
        table = places[0]
        for position, pile in enumerate(table["cells"]):
            row, column = divmod(position, columns)
            if pile:
                out["table"][:, row, column] = card_vector(pile[-1])
            out["sizes"][0, row, column] = fraction(len(pile), self.deck)
        if self.table.kind == "grid":
            for position in obs["covered"]:
                out["placed"][0, position // columns, position % columns] = 1.0
        elif obs["last_pile"] is not None:
            out["placed"][0, 0, obs["last_pile"] - 1] = 1.0
        hand_sizes = [0] * self.players
        holds = [0] * self.players
        for place in places[1:]:
            kind, owner = place["kind"], place["seat"]
            if kind == "hand":
                hand_sizes[owner] = place["size"]
                if place["cards"] is not None:  # the seat's own hand: no other is shown
                    self._count(place["cards"], out["hand"])
            elif kind == "target":
                holds[owner] = place["size"]
                if place["cards"]:
                    out["target"][:] = card_vector(place["cards"][0])
            elif kind == "out":
                self._count(place["cards"], out["out"])
        if self.places.hand:
            out["hand_sizes"][:] = self.per_seat(hand_sizes, seat, self.hand_bound)
        if self.places.target:
            out["holds_target"][:] = self.per_seat(holds, seat, 1)
        out["scores"][:] = self.per_seat(obs["scores"], seat, self.deck)
        out["deck_size"][0] = fraction(obs["deck_size"], self.deck)
        out["phase"][self.phases.index(obs["phase"])] = 1.0
        counters = obs["counters"]
        out["slides"][0] = fraction(counters.get("slides", 0), self.slide_limit)
        out["quiet_turns"][0] = fraction(counters.get("quiet_turns", 0), self.quiet_limit)
        out["repetitions"][0] = fraction(counters.get("repetitions", 0), self.repeat_limit)
        out["first_player"][self.rel(obs["first_player"], seat)] = 1.0

    def _count(self, texts: list[str], field: Vector) -> None:
        """Add each card to its kind's number, a copy at a time."""
        for text in texts:
            kind = self.kinds[text]
            field[kind] += 1.0 / self.copies[kind]


Encoder = ModeEncoding
