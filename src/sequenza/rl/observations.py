"""What the environments hand a seat: its observation as a dict, and the space it lies in.

``observation="dict"`` (the default of both environments) gives, for one seat:

- ``"observation"``: the seat's whole tensor (``sequenza.rl.encoding``), as before;
- ``"board"``: the board's planes, channels first (``Encoding.board_planes``; the fields each
  game stacks are in its ``TENSORS.md``);
- ``"private"``: what only the seat sees (its hand, or its target), flat;
- ``"public"``: every other field of the tensor, flat;
- ``"recent_actions"``: the ids of the last ``recent`` actions the other seats played, the
  latest first (every action of these games is played in the open); ``"recent_seats"``:
  who played each, seen from the observer (1 the next seat...); ``"recent_mask"``: 1 where
  an action is there (0 before a game has had that many), the ids and seats then 0;
- ``"action_mask"``: the seat's legal actions (all zeros when it is not its turn).

``observation="flat"`` gives the two keys the environments had before this dict,
``"observation"`` and ``"action_mask"``, in a space of exactly those two (for wrappers that
flatten the whole space, whose input size then stays the same).

>>> import sequenza
>>> from sequenza.rl.encoding import encoding_for
>>> from sequenza.rl.observations import Observer
>>> state = sequenza.make("sequentia-shift", players=2, seed=7)
>>> observer = Observer(encoding_for(state.game), "dict", recent=4)
>>> view = observer.observe(state, 0, [])
>>> view["board"].shape, view["private"].shape, view["recent_mask"].tolist()
((14, 3, 3), (23,), [0, 0, 0, 0])
>>> observer.space.contains(view)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from sequenza.core.game import State
from sequenza.rl.encoding import Encoding, action_mask

OBSERVATIONS = ("dict", "flat")
#: How many of the other seats' last actions a dict observation holds unless told.
RECENT = 8

Observation = dict[str, Any]


class Observer:
    """Builds one table's observations of the kind asked for, and their space."""

    def __init__(self, encoding: Encoding, kind: str = "dict", recent: int = RECENT) -> None:
        if kind not in OBSERVATIONS:
            raise ValueError(f"observation is one of {', '.join(OBSERVATIONS)}, not {kind!r}")
        if recent < 0:
            raise ValueError(f"recent is a count of actions, not {recent}")
        self.encoding = encoding
        self.kind = kind
        self.recent = recent
        self.players = encoding.players
        self.num_actions = encoding.game.num_distinct_actions
        fields: dict[str, spaces.Space[Any]] = {
            "observation": spaces.Box(0.0, 1.0, (encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        }
        if kind == "dict":
            fields["board"] = spaces.Box(0.0, 1.0, encoding.board_shape, np.float32)
            fields["private"] = spaces.Box(0.0, 1.0, (encoding.private_size,), np.float32)
            fields["public"] = spaces.Box(0.0, 1.0, (encoding.public_size,), np.float32)
            fields["recent_actions"] = spaces.Box(0, self.num_actions - 1, (recent,), np.int64)
            fields["recent_seats"] = spaces.Box(0, self.players - 1, (recent,), np.int64)
            fields["recent_mask"] = spaces.Box(0, 1, (recent,), np.int8)
        self.space = spaces.Dict(fields)

    def observe(
        self, state: State[Any], seat: int, actions: Sequence[tuple[int, int]]
    ) -> Observation:
        """``seat``'s observation of ``state``; ``actions`` is the game's (seat, action id) so
        far, in order (the environment keeps it: a determinised copy records no history)."""
        vector = self.encoding.encode(state.observation(seat))
        if state.current_seat == seat:
            mask = action_mask(state)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        view: Observation = {"observation": vector, "action_mask": mask}
        if self.kind == "flat":
            return view
        parts = self.encoding.split(vector)
        view["board"] = self.encoding.board_planes(parts)
        view["private"] = self.encoding.private_part(parts)
        view["public"] = self.encoding.public_part(parts)
        ids = np.zeros(self.recent, dtype=np.int64)
        seats = np.zeros(self.recent, dtype=np.int64)
        present = np.zeros(self.recent, dtype=np.int8)
        found = 0
        for other, action_id in reversed(actions):
            if found == self.recent:
                break
            if other == seat:
                continue
            ids[found] = action_id
            seats[found] = (other - seat) % self.players
            present[found] = 1
            found += 1
        view["recent_actions"] = ids
        view["recent_seats"] = seats
        view["recent_mask"] = present
        return view
