"""Each game's own measures, read from scripted public logs and from real games."""

from types import SimpleNamespace
from typing import Any

import pytest

from sequenza.sim import Simulation, parse_bots, play_game
from sequenza.sim.metrics import measure, metrics_for


def _finished(*steps: tuple[int, str] | dict[str, Any]) -> Any:
    """A stand-in for a finished state: (seat, action) pairs and raw events, in order."""
    log: list[dict[str, Any]] = []
    history: list[str] = []
    for step in steps:
        if isinstance(step, dict):
            log.append(step)
        else:
            seat, action = step
            log.append({"event": "action", "seat": seat, "action": action})
            history.append(action)
    return SimpleNamespace(log=log, history=history)


def test_shift_counts_impossible_targets_and_slides_before_each_claim() -> None:
    state = _finished(
        (0, "slide 1 4"),
        (0, "slide 2 1"),
        (0, "claim 0"),
        (0, "hole 4"),
        (1, "exchange"),
        *((2, "slide 1 4") for _ in range(6)),
        {"event": "turn_over", "seat": 2, "reason": "slide limit reached"},
        (0, "claim 1"),
    )
    measured = measure("sequentia-shift", state)
    assert measured.samples == {"slides_before_claim": [2, 0]}
    assert measured.counts["claims"] == 2
    assert measured.counts["slides_before_claims"] == 2
    assert measured.counts["impossible_targets"] == 1
    assert measured.counts["slide_limit_turns"] == 1
    assert measured.counts["verb:slide"] == 8 and measured.counts["verb:hole"] == 1


def test_stacks_counts_blocks_and_steals() -> None:
    state = _finished(
        (0, "play blue-5 hand 0"),
        {"event": "completed", "seat": 0, "pile": "blue 1"},
        (1, "block"),
        (0, "discard red-1"),
        (1, "play steal-card hand 0"),
        (1, "play steal-chip discard 0 red"),
        (1, "play red-5 hand 2"),
        {"event": "completed", "seat": 1, "pile": "red 1"},
        (0, "allow"),
        {"event": "chip", "seat": 1, "colour": "red"},
        (1, "play skip hand"),
    )
    counts = measure("sequence-stacks", state).counts
    assert counts["blocks"] == 1 and counts["completed"] == 2 and counts["chips"] == 1
    assert counts["steal_card"] == 1 and counts["steal_chip"] == 1 and counts["steals"] == 2
    assert counts["skip"] == 1 and "reverse" not in counts


def test_unknown_games_get_verb_counts_and_the_generic_stall_rule() -> None:
    state = _finished((0, "move 3"), (1, "move 4"), (0, "pass"))
    measured = measure("some-future-game", state)
    assert measured.counts == {"verb:move": 2, "verb:pass": 1}
    generic = metrics_for("some-future-game")
    assert generic.is_stall("3 full rounds without a claim")
    assert not generic.is_stall("the deck is empty and no player can still claim")


GAMES = [
    "sequentia-shift",
    "sequentia-stack",
    "sequentia-cross",
    "sequence",
    "sequence-numbers",
    "sequence-stacks",
]


@pytest.mark.parametrize("game", GAMES)
def test_measures_of_real_games_agree_with_their_actions(game: str) -> None:
    result = play_game(Simulation(game, 2, parse_bots("random"), 1, seed=3), 0)
    counts = result.counts
    assert result.finished
    assert sum(value for key, value in counts.items() if key.startswith("verb:")) == result.actions
    if game == "sequentia-shift":
        assert (
            counts.get("claims", 0)
            == counts.get("verb:claim", 0)
            == len(result.samples["slides_before_claim"])
        )
        assert counts.get("slides_before_claims", 0) <= counts["verb:slide"]
    elif game.startswith("sequentia"):
        assert counts.get("claims", 0) == counts.get("verb:claim", 0)
    elif game == "sequence-stacks":
        assert counts.get("blocks", 0) == counts.get("verb:block", 0) <= counts["completed"]
        assert counts["chips"] <= counts["completed"]
    else:
        assert counts.get("dead", 0) == counts.get("verb:dead", 0)
        assert counts["sequences"] >= 1 or not result.winners
