"""The identity proof: a mode file plays exactly as a hand-written game. Both are played from
the same seed, player count, options and choices; at every step the legal actions must be
the same ``Action`` values in the same order, every seat's (and the spectator's) view the
same, and at the end the same result.

The two views are different types (a built-in game's own observation, a mode's generic
``ModeObservation``), so each is brought to one canonical projection: what each seat sees in
each place, the hidden sizes, the seat to act, the turn's counters and the scores. It reads
observations' JSON through the registry, so this module imports no game package.

>>> from sequenza.modes import EXAMPLES, read_mode
>>> from sequenza.modes.engine import compile_mode
>>> game = compile_mode(read_mode(EXAMPLES / "stack.toml"))
>>> compare(game, "sequentia-stack", games=2, players=(2,)).identical
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sequenza.core.game import Game, State
from sequenza.core.registry import game_kit, make_game

JSON = Any
Projection = Callable[[dict[str, JSON]], dict[str, JSON]]

CHOOSERS = ("random", "greedy", "ends")
#: How many steps a compared game may take (every mode ends far sooner).
MAX_STEPS = 20_000


def _common(seen: dict[str, JSON]) -> dict[str, JSON]:
    return {
        "seat": seen["seat"],
        "to_act": seen["to_act"],
        "over": seen["over"],
        "result": seen["result"],
        "turn": seen["turn"],
        "deck_size": seen["deck_size"],
        "phase": seen["phase"],
    }


def _shift(seen: dict[str, JSON]) -> dict[str, JSON]:
    own = seen["target"]
    return {
        **_common(seen),
        "table": [[] if card is None else [card] for card in seen["grid"]],
        "own": None if seen["seat"] is None else ([] if own is None else [own]),
        "held": [1 if held else 0 for held in seen["holds_target"]],
        "scores": seen["score_piles"],
        "out": seen["out_of_play"],
        "slides": seen["slides"],
        "quiet_turns": seen["quiet_turns"],
        "repetitions": seen["repetitions"],
    }


def _stack(seen: dict[str, JSON]) -> dict[str, JSON]:
    return {
        **_common(seen),
        "table": [pile["cards"] for pile in seen["row"]],
        "own": seen["hand"],
        "held": seen["hand_sizes"],
        "scores": seen["collected"],
        "last_pile": seen["last_pile"],
    }


def _cross(seen: dict[str, JSON]) -> dict[str, JSON]:
    return {
        **_common(seen),
        "tops": [[pile["top"], pile["size"]] for pile in seen["grid"]],
        "own": seen["hand"],
        "held": seen["hand_sizes"],
        "scores": seen["collected"],
        "out": seen["out_of_play"],
        "covered": seen["covered"],
        "quiet_turns": seen["idle_turns"],
    }


#: The canonical projection of each hand-written game a mode can be compared with.
BUILT_IN: dict[str, Projection] = {
    "sequentia-shift": _shift,
    "sequentia-stack": _stack,
    "sequentia-cross": _cross,
}


def mode_projection(seen: dict[str, JSON]) -> dict[str, JSON]:
    """A mode's view in the canonical projection (every key any built-in one has; the
    comparison reads those the built-in game's projection names)."""
    places = seen["places"]
    table = places[0]
    seat = seen["seat"]
    own = None
    held: list[int] = []
    out: list[str] = []
    for place in places[1:]:
        if place["kind"] in ("hand", "target"):
            held.append(place["size"])
            if place["seat"] == seat:
                own = place["cards"]
        elif place["kind"] == "out":
            out = place["cards"]
    counters = seen["counters"]
    return {
        **_common(seen),
        "table": table["cells"],
        "tops": [[cell[-1] if cell else None, len(cell)] for cell in table["cells"]],
        "own": own,
        "held": held,
        "scores": seen["scores"],
        "out": out,
        "slides": counters.get("slides"),
        "quiet_turns": counters.get("quiet_turns"),
        "repetitions": counters.get("repetitions"),
        "last_pile": seen["last_pile"],
        "covered": seen["covered"],
    }


@dataclass
class Comparison:
    """The outcome of a comparison: games and steps compared, and the first difference."""

    games: int = 0
    steps: int = 0
    difference: str | None = None
    #: Games per ending, for the summary.
    endings: dict[str, int] = field(default_factory=dict)

    @property
    def identical(self) -> bool:
        return self.difference is None


def compare(
    mode_game: type[Game[Any]],
    game_id: str,
    *,
    games: int = 100,
    players: Iterable[int] = (2, 3, 4),
    options: dict[str, Any] | None = None,
    first_seed: int = 0,
    chooser: str = "random",
) -> Comparison:
    """Play ``games`` seeded games per player count in the mode and in the built-in game
    ``game_id`` with the same choices, and stop at the first difference. ``chooser``:
    ``random`` (a seeded random legal action), ``greedy`` (the built-in game's greedy
    heuristic, which claims whenever it can) or ``ends`` (the first and the last legal
    action in turn, which reach claims and ends of turn often)."""
    if chooser not in CHOOSERS:
        raise ValueError(f"chooser {chooser!r} is not one of {', '.join(CHOOSERS)}")
    project = BUILT_IN.get(game_id)
    if project is None:
        raise ValueError(f"no canonical projection for {game_id!r}; known: {', '.join(BUILT_IN)}")
    report = Comparison()
    for count in players:
        for index in range(games):
            seed = first_seed + index
            built_in = make_game(game_id, count, **(options or {}))
            ours = mode_game(count, mode_game.options_class.build(**(options or {})))
            difference = _compare_one(
                built_in.new_initial_state(seed),
                ours.new_initial_state(seed),
                project,
                seed,
                chooser,
                report,
            )
            report.games += 1
            if difference:
                report.difference = f"{count} players, seed {seed}: {difference}"
                return report
    return report


def _compare_one(
    theirs: State[Any],
    ours: State[Any],
    project: Projection,
    seed: int,
    chooser: str,
    report: Comparison,
) -> str | None:
    rng = random.Random(seed * 7919 + 13)
    for step in range(MAX_STEPS):
        for seat in (*range(theirs.players), None):
            expected = project(theirs.observation(seat))
            got = mode_projection(ours.observation(seat))
            for key, value in expected.items():
                if got.get(key) != value:
                    who = "spectator" if seat is None else f"seat {seat}"
                    return (
                        f"step {step}, {who}'s view of {key!r}: built-in {value!r}, "
                        f"mode {got.get(key)!r}"
                    )
        if theirs.is_over or ours.is_over:
            if theirs.is_over != ours.is_over:
                return f"step {step}: one game is over and the other is not"
            result = theirs.result()
            if result != ours.result() and (
                result is None or ours.result() is None or _result(theirs) != _result(ours)
            ):
                return (
                    f"step {step}: results differ: built-in {_result(theirs)}, mode {_result(ours)}"
                )
            ending = str(_result(theirs)["termination"])
            report.endings[ending] = report.endings.get(ending, 0) + 1
            return None
        legal = theirs.legal_actions()
        mine = ours.legal_actions()
        if legal != mine:
            return (
                f"step {step}, legal actions: built-in {[str(a) for a in legal]}, "
                f"mode {[str(a) for a in mine]}"
            )
        if chooser == "random":
            action = legal[rng.randrange(len(legal))]
        elif chooser == "greedy":
            action = game_kit(theirs.game.id).play.greedy(theirs, legal, rng)
        else:
            action = legal[0] if step % 2 else legal[-1]
        theirs.apply(action)
        ours.apply(action)
        report.steps += 1
    return f"no end after {MAX_STEPS} steps"


def _result(state: State[Any]) -> dict[str, JSON]:
    result = state.result()
    return {} if result is None else result.to_json()
