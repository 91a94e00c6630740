"""The kits' ``quiet`` tests against the take-back check's sampler: a move a game vouches for
shows nothing hidden, so taking back stays exactly what the sampler allows."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import sequenza
from sequenza.core import registry
from sequenza.core.registry import game_kit
from sequenza.core.table import reveals, sampled_reveals
from sequenza.testing import ConformanceError, check_quiet

HOOKED = ("sequentia-shift", "sequentia-stack", "sequentia-cross", "sequence-stacks")


@pytest.mark.parametrize("game_id", HOOKED)
def test_quiet_moves_show_the_sampler_nothing(game_id: str) -> None:
    report = check_quiet(game_id, games=1, players=[2, 3], moves=60)
    assert 0 < report.quiet < report.cases


@pytest.mark.parametrize("game_id", HOOKED)
def test_reveals_gives_the_samplers_answer(game_id: str) -> None:
    """Where the hook vouches, both say nothing was shown; elsewhere the sampler answers."""
    state = sequenza.make(game_id, players=2, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if state.result() is not None:
            break
        action = str(rng.choice(state.legal_actions()))
        for seat in range(state.players):
            assert reveals(state, action, seat) == sampled_reveals(state, action, seat)
        state.apply(action)


def test_a_slide_shows_nothing_and_a_claimed_target_shows_the_others_a_card() -> None:
    state = sequenza.make("sequentia-shift", players=2, seed=1)
    quiet = game_kit("sequentia-shift").quiet
    assert quiet is not None
    slide = next(a for a in state.legal_actions() if a.verb == "slide")
    after = state.clone()
    after.apply(slide)
    seat = state.current_seat
    assert seat is not None
    assert quiet(state, slide, seat, after)
    # The other seat's slide is no move of its own: the hook leaves it to the sampler.
    assert not quiet(state, slide, 1 - seat, after)


def test_a_game_without_the_hook_is_sampled() -> None:
    assert game_kit("sequence").quiet is None
    state = sequenza.make("sequence", players=2, seed=0)
    action = str(state.legal_actions()[0])
    assert reveals(state, action, 0) == sampled_reveals(state, action, 0)


def test_a_hook_that_vouches_wrongly_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    kit = game_kit("sequentia-stack")
    # Vouch for every move, draws included: the conformance check must find one it got wrong.
    careless = replace(kit, quiet=lambda before, action, seat, after: True)
    monkeypatch.setitem(registry._KITS, "sequentia-stack", careless)
    with pytest.raises(ConformanceError, match="quiet says"):
        check_quiet("sequentia-stack", games=1, players=[2], moves=60)
