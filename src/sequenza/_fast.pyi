"""The compiled playout core (``_fast.c``); ``sequenza.fast`` is its Python face."""

from collections.abc import Sequence
from typing import Any

class FastError(RuntimeError): ...

class BoardState:
    def search(
        self,
        rng: Sequence[int],
        seat: int,
        allowed: Sequence[int],
        iterations: int,
        deadline: float,
        exploration: float,
        cut_after: int,
        limit: int,
        policy: int,
        deals: Sequence[Any] | None = None,
        cum_weights: Sequence[float] | None = None,
        learned: Sequence[float] | None = None,
        /,
    ) -> tuple[tuple[int, ...], int, list[tuple[int, int, tuple[float, ...]]]]: ...
    def play_bots(self, seeds: Sequence[int], bots: Sequence[int], limit: int, /) -> list[int]: ...
    def legal(self) -> list[int]: ...
    def apply(self, action: int, /) -> None: ...
    def snapshot(self) -> dict[str, Any]: ...
    def playouts(
        self, seat: int, seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, int, int, tuple[int, ...]]]: ...

class Batch:
    size: int
    def reset(self, seed: int, obs: Any, mask: Any, to_act: Any, /) -> None: ...
    def step(
        self,
        actions: Any,
        obs: Any,
        mask: Any,
        rewards: Any,
        done: Any,
        to_act: Any,
        final: Any = None,
        /,
    ) -> None: ...

class Board:
    def batch(self, n: int, /) -> Batch: ...
    def __init__(
        self,
        card_faces: Sequence[int],
        kinds: Sequence[int],
        value_spaces: Sequence[int],
        moves: Sequence[tuple[int, int, int]],
        windows: Sequence[int],
        corners: Sequence[int],
        players: int,
        sides: int,
        to_win: int,
        hand_size: int,
        shared_limit: int,
        idle_rounds: int,
        random_first_player: int,
        labels: Sequence[int],
        /,
    ) -> None: ...
    def new_state(self, seed_key: Sequence[int], /) -> BoardState: ...
    def load(self, fields: dict[str, Any], /) -> BoardState: ...
    def playouts(
        self, seeds: Sequence[int], choice_seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, int, int, tuple[int, ...]]]: ...

def mt_state(seed: int, /) -> tuple[int, ...]: ...
def randbelow(seed: int, n: int, count: int, /) -> list[int]: ...

class StackState:
    def search(
        self,
        rng: Sequence[int],
        seat: int,
        allowed: Sequence[int],
        iterations: int,
        deadline: float,
        exploration: float,
        cut_after: int,
        limit: int,
        policy: int,
        deals: Sequence[Any] | None = None,
        cum_weights: Sequence[float] | None = None,
        /,
    ) -> tuple[tuple[int, ...], int, list[tuple[int, int, tuple[float, ...]]]]: ...
    def play_bots(self, seeds: Sequence[int], bots: Sequence[int], limit: int, /) -> list[int]: ...
    def legal(self) -> list[int]: ...
    def apply(self, action: int, /) -> None: ...
    def snapshot(self) -> dict[str, Any]: ...
    def playouts(
        self, seat: int, seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, tuple[int, ...]]]: ...

class StackRules:
    def batch(self, n: int, /) -> Batch: ...
    def __init__(
        self,
        digits: Sequence[int],
        codes: Sequence[int],
        bonus: Sequence[int],
        ranks: Sequence[int],
        moves: Sequence[tuple[int, int, int]],
        players: int,
        hand_size: int,
        claim_must_include_last_pile: int,
        random_first_player: int,
        turn_budget: int,
        /,
    ) -> None: ...
    def new_state(self, seed_key: Sequence[int], /) -> StackState: ...
    def load(self, fields: dict[str, Any], /) -> StackState: ...
    def playouts(
        self, seeds: Sequence[int], choice_seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, tuple[int, ...]]]: ...

class ShiftState:
    def search(
        self,
        rng: Sequence[int],
        seat: int,
        allowed: Sequence[int],
        iterations: int,
        deadline: float,
        exploration: float,
        cut_after: int,
        limit: int,
        policy: int,
        deals: Sequence[Any] | None = None,
        cum_weights: Sequence[float] | None = None,
        /,
    ) -> tuple[tuple[int, ...], int, list[tuple[int, int, tuple[float, ...]]]]: ...
    def play_bots(self, seeds: Sequence[int], bots: Sequence[int], limit: int, /) -> list[int]: ...
    def legal(self) -> list[int]: ...
    def apply(self, action: int, /) -> None: ...
    def snapshot(self) -> dict[str, Any]: ...
    def playouts(
        self, seat: int, seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, int, tuple[int, ...]]]: ...

class ShiftRules:
    def batch(self, n: int, /) -> Batch: ...
    def __init__(
        self,
        digits: Sequence[int],
        codes: Sequence[int],
        bonus: Sequence[int],
        moves: Sequence[tuple[int, int, int]],
        players: int,
        slide_limit: int,
        stall_rounds: int,
        repetitions: int,
        idle_rounds: int,
        random_first_player: int,
        diagonal_slides: int,
        /,
    ) -> None: ...
    def new_state(self, seed_key: Sequence[int], /) -> ShiftState: ...
    def load(self, fields: dict[str, Any], /) -> ShiftState: ...
    def playouts(
        self, seeds: Sequence[int], choice_seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, int, tuple[int, ...]]]: ...

class CrossState:
    def search(
        self,
        rng: Sequence[int],
        seat: int,
        allowed: Sequence[int],
        iterations: int,
        deadline: float,
        exploration: float,
        cut_after: int,
        limit: int,
        policy: int,
        deals: Sequence[Any] | None = None,
        cum_weights: Sequence[float] | None = None,
        /,
    ) -> tuple[tuple[int, ...], int, list[tuple[int, int, tuple[float, ...]]]]: ...
    def play_bots(self, seeds: Sequence[int], bots: Sequence[int], limit: int, /) -> list[int]: ...
    def legal(self) -> list[int]: ...
    def apply(self, action: int, /) -> None: ...
    def snapshot(self) -> dict[str, Any]: ...
    def playouts(
        self, seat: int, seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, int, tuple[int, ...]]]: ...

class CrossRules:
    def batch(self, n: int, /) -> Batch: ...
    def __init__(
        self,
        digits: Sequence[int],
        codes: Sequence[int],
        bonus: Sequence[int],
        moves: Sequence[tuple[int, int, int]],
        players: int,
        stall_rounds: int,
        random_first_player: int,
        turn_budget: int,
        /,
    ) -> None: ...
    def new_state(self, seed_key: Sequence[int], /) -> CrossState: ...
    def load(self, fields: dict[str, Any], /) -> CrossState: ...
    def playouts(
        self, seeds: Sequence[int], choice_seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, int, tuple[int, ...]]]: ...

class SeqStacksState:
    def search(
        self,
        rng: Sequence[int],
        seat: int,
        allowed: Sequence[int],
        iterations: int,
        deadline: float,
        exploration: float,
        cut_after: int,
        limit: int,
        policy: int,
        deals: Sequence[Any] | None = None,
        cum_weights: Sequence[float] | None = None,
        /,
    ) -> tuple[tuple[int, ...], int, list[tuple[int, int, tuple[float, ...]]]]: ...
    def play_bots(self, seeds: Sequence[int], bots: Sequence[int], limit: int, /) -> list[int]: ...
    def legal(self) -> list[int]: ...
    def apply(self, action: int, /) -> None: ...
    def snapshot(self) -> dict[str, Any]: ...
    def playouts(
        self, seat: int, seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, int, int, tuple[int, ...]]]: ...

class SeqStacksRules:
    def batch(self, n: int, /) -> Batch: ...
    def __init__(
        self,
        card_faces: Sequence[int],
        face_colours: Sequence[int],
        face_values: Sequence[int],
        action_faces: Sequence[int],
        moves: Sequence[tuple[int, int, int, int, int]],
        in_play: Sequence[int],
        removed: Sequence[int],
        players: int,
        draw_up_to: int,
        stall_rounds: int,
        chipless_round_limit: int,
        random_first_player: int,
        chips_per_colour: int,
        turn_refill_limit: int,
        face_order: Sequence[int],
        /,
    ) -> None: ...
    def new_state(self, seed_key: Sequence[int], /) -> SeqStacksState: ...
    def load(self, fields: dict[str, Any], /) -> SeqStacksState: ...
    def playouts(
        self, seeds: Sequence[int], choice_seeds: Sequence[int], limit: int, policy: int, /
    ) -> list[tuple[int, int, int, tuple[int, ...]]]: ...
