"""Each game's own measures, read from scripted public logs and from real games."""

from types import SimpleNamespace
from typing import Any

import pytest

from sequenza import UnknownGameError
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
        {"event": "exchange", "seat": 1, "card": "1:123", "deck_size": 30, "cause": "impossible"},
        *((2, "slide 1 4") for _ in range(6)),
        {"event": "turn_over", "seat": 2, "reason": "slide_limit"},
        (0, "claim 1"),
    )
    measured = measure("sequentia-shift", state)
    assert measured.samples == {"slides_before_claim": [2, 0]}
    assert measured.counts["claims"] == 2
    assert measured.counts["slides_before_claims"] == 2
    assert measured.counts["impossible_targets"] == 1
    assert measured.counts["forced_exchanges"] == 0
    assert measured.counts["games_with_forced_exchange"] == 0
    assert measured.counts["slide_limit_turns"] == 1
    assert measured.counts["verb:slide"] == 8 and measured.counts["verb:hole"] == 1


def test_shift_counts_exchanges_forced_by_a_repeated_position() -> None:
    state = _finished(
        (0, "end"),
        (1, "end"),
        (0, "end"),
        (1, "end"),
        {"event": "repetition", "seat": 0, "occurrences": 3},
        (0, "exchange"),
        {"event": "exchange", "seat": 0, "card": "1:123", "deck_size": 30, "cause": "repetition"},
        (1, "exchange"),
        {"event": "exchange", "seat": 1, "card": "3:333", "deck_size": 29, "cause": "impossible"},
    )
    counts = measure("sequentia-shift", state).counts
    assert counts["forced_exchanges"] == 1 and counts["impossible_targets"] == 1
    assert counts["games_with_forced_exchange"] == 1 and counts["repeated_positions"] == 1


def test_greedy_shift_players_loop_and_are_forced_to_exchange() -> None:
    # Two greedy players undo each other's slides (the flaw the repetition rule answers):
    # most of their games meet a position three times, and all reach the end of the deck.
    sim = Simulation("sequentia-shift", 2, parse_bots("greedy"), 6, seed=1)
    results = [play_game(sim, index) for index in range(6)]
    assert all(result.termination in {"deck_exhausted", "stall"} for result in results)
    assert sum(result.counts["games_with_forced_exchange"] for result in results) >= 3


def test_stacks_counts_blocks_and_steals() -> None:
    state = _finished(
        (0, "play blue-5 hand 0"),
        {"event": "completed", "seat": 0, "colour": "blue", "pile": 1},
        (1, "block"),
        (0, "discard red-1"),
        (1, "play steal-card hand 0"),
        (1, "play steal-chip discard 0 red"),
        (1, "play red-5 hand 2"),
        {"event": "completed", "seat": 1, "colour": "red", "pile": 1},
        (0, "allow"),
        {"event": "chip", "seat": 1, "colour": "red"},
        (1, "play skip hand"),
    )
    counts = measure("sequence-stacks", state).counts
    assert counts["blocks"] == 1 and counts["completed"] == 2 and counts["chips"] == 1
    assert counts["steal_card"] == 1 and counts["steal_chip"] == 1 and counts["steals"] == 2
    assert counts["skip"] == 1 and "reverse" not in counts


def test_a_plug_in_game_gets_its_own_measures_and_the_verb_counts() -> None:
    state = _finished((0, "play 6"), (1, "play 4"), (0, "play 6"))
    measured = measure("test-toy", state)
    assert measured.counts == {"sixes": 2, "verb:play": 3}
    assert [figure.key for figure in metrics_for("test-toy").figures] == ["sixes"]


def test_a_game_nobody_registered_has_no_metrics() -> None:
    with pytest.raises(UnknownGameError):
        metrics_for("some-future-game")


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
