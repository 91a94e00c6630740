"""The kits' ``quiet`` and ``loud`` tests against the take-back check's sampler: a move a game
vouches for shows nothing hidden (``quiet``) or certainly shows something (``loud``), so taking
back stays what the sampler allows."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import sequenza
from sequenza.core import registry
from sequenza.core.registry import game_kit
from sequenza.core.table import reveals, sampled_reveals
from sequenza.testing import ConformanceError, check_loud, check_quiet

HOOKED = ("sequentia-shift", "sequentia-stack", "sequentia-cross", "sequence-stacks")
LOUD = ("sequence", "sequence-numbers", "sequentia-stack", "sequentia-cross")


@pytest.mark.parametrize("game_id", HOOKED)
def test_quiet_moves_show_the_sampler_nothing(game_id: str) -> None:
    report = check_quiet(game_id, games=1, players=[2, 3], moves=60)
    assert 0 < report.vouched < report.cases


@pytest.mark.parametrize("game_id", LOUD)
def test_loud_moves_show_the_sampler_something(game_id: str) -> None:
    report = check_loud(game_id, games=1, players=[2, 3], moves=40, actions_per_step=2)
    assert 0 < report.vouched < report.cases


@pytest.mark.parametrize("game_id", sorted({*HOOKED, *LOUD}))
def test_reveals_gives_the_samplers_answer(game_id: str) -> None:
    """Where a hook vouches, the sampler says the same; elsewhere the sampler answers."""
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


def test_a_sequence_draw_shows_the_mover_its_card_and_the_others_nothing_certain() -> None:
    state = sequenza.make("sequence", players=2, seed=0)
    loud = game_kit("sequence").loud
    assert loud is not None and game_kit("sequence").quiet is None
    play = state.legal_actions()[-1]
    after = state.clone()
    after.apply(play)
    seat = state.current_seat
    assert seat is not None and len(after.draw_pile) == len(state.draw_pile) - 1
    assert loud(state, play, seat, after)
    # The other seat saw a card played from a hand it cannot see: the sampler decides that.
    assert not loud(state, play, 1 - seat, after)
    assert reveals(state, str(play), 1 - seat) == sampled_reveals(state, str(play), 1 - seat)


def test_a_draw_from_cards_all_alike_is_left_to_the_sampler() -> None:
    """Drawing from cards the seat cannot see but knows all alike shows it nothing new."""
    state = sequenza.make("sequence", players=2, seed=0)
    loud = game_kit("sequence").loud
    assert loud is not None
    seat = state.current_seat
    assert seat is not None
    faces = state.game.layout.card_faces
    card = state.draw_pile[-1]
    # Every card the seat cannot see becomes a copy of one face (a position made up for
    # the hook alone: the rules never deal it).
    alike = [other for other in range(len(faces)) if faces[other] == faces[card]]
    state.draw_pile = [alike[0]] * len(state.draw_pile)
    state.hands[1 - seat] = [alike[0]] * len(state.hands[1 - seat])
    play = next(a for a in state.legal_actions() if a.verb == "play")
    after = state.clone()
    after.apply(play)
    assert not loud(state, play, seat, after)


def test_a_game_without_hooks_is_sampled(monkeypatch: pytest.MonkeyPatch) -> None:
    kit = game_kit("sequence")
    monkeypatch.setitem(registry._KITS, "sequence", replace(kit, loud=None))
    state = sequenza.make("sequence", players=2, seed=0)
    action = str(state.legal_actions()[0])
    assert reveals(state, action, 0) == sampled_reveals(state, action, 0)


def test_a_quiet_hook_that_vouches_wrongly_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    kit = game_kit("sequentia-stack")
    # Vouch for every move, draws included: the conformance check must find one it got wrong.
    careless = replace(kit, quiet=lambda before, action, seat, after: True)
    monkeypatch.setitem(registry._KITS, "sequentia-stack", careless)
    with pytest.raises(ConformanceError, match="quiet says"):
        check_quiet("sequentia-stack", games=1, players=[2], moves=60)


def test_a_loud_hook_that_vouches_wrongly_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    kit = game_kit("sequentia-stack")
    # Vouch for every move, cards placed in the seat's own turn included.
    careless = replace(kit, loud=lambda before, action, seat, after: True)
    monkeypatch.setitem(registry._KITS, "sequentia-stack", careless)
    with pytest.raises(ConformanceError, match="loud says"):
        check_loud("sequentia-stack", games=1, players=[2], moves=60)


def test_a_block_window_shows_nothing_to_the_seat_that_opens_or_answers_it() -> None:
    """Sequence Stacks: the play that completes a pile opens the Block window and draws
    nothing, and every opponent is asked whatever it holds; an ``allow`` leaves the answering
    hand as it was. The hook vouches for both, and the sampler agrees."""
    quiet = game_kit("sequence-stacks").quiet
    assert quiet is not None
    vouched: set[str] = set()
    for seed in range(20):
        state = sequenza.make("sequence-stacks", players=3, seed=seed)
        rng = random.Random(seed)
        while state.result() is None and len(vouched) < 2:
            seat = state.current_seat
            assert seat is not None
            action = rng.choice(state.legal_actions())
            after = state.clone()
            after.apply(action)
            opens = action.verb == "play" and after.block_pile >= 0  # type: ignore[attr-defined]
            if (opens or action.verb == "allow") and quiet(state, action, seat, after):
                assert not sampled_reveals(state, str(action), seat, samples=32)
                vouched.add(action.verb)
            state = after
        if len(vouched) == 2:
            break
    assert vouched == {"play", "allow"}
