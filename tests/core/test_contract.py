"""The base contract, checked on a toy game: validation, round trips, records, errors."""

import dataclasses
import json
import random
from typing import Any

import pytest
from toy_cards.rules import ToyGame, ToyState, ToyTermination
from toy_cards.types import ToyObservation

import sequenza
from sequenza import CorruptStateError, IllegalActionError, OptionError, UnknownGameError
from sequenza.core.registry import state_from_json
from sequenza.testing import ConformanceError, check_game


def new_toy(seed: int = 3) -> ToyState:
    state = sequenza.make("test-toy", players=2, seed=seed)
    assert isinstance(state, ToyState)
    return state


def test_make_deals_by_seed() -> None:
    assert new_toy(5).dumps() == new_toy(5).dumps()
    assert any(new_toy(5).dumps() != new_toy(seed).dumps() for seed in range(6, 12))


def test_make_refuses_unknown_games_and_player_counts() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        sequenza.make("chess")
    with pytest.raises(OptionError, match="played by 2 players, not 3"):
        sequenza.make("test-toy", players=3)


def test_illegal_action_names_action_seat_and_reason_and_changes_nothing() -> None:
    state = new_toy()
    missing = next(v for v in range(1, 7) if v not in state.hands[0])
    before = state.dumps()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(f"play {missing}")
    assert caught.value.seat == 0
    assert f"play {missing}" in str(caught.value) and "seat 0" in str(caught.value)
    assert state.dumps() == before
    with pytest.raises(IllegalActionError, match=r"not an action|empty"):
        state.apply("")
    assert state.dumps() == before


def test_actions_by_text_id_or_value() -> None:
    state = new_toy()
    first = state.legal_actions()[0]
    twin = state.clone()
    state.apply(str(first))
    twin.apply(state.game.action_to_id(first))
    assert state.dumps() == twin.dumps()


def play_out(state: ToyState) -> None:
    while not state.is_over:
        state.apply(state.legal_actions()[-1])


def test_finished_game_has_a_result_and_refuses_actions() -> None:
    state = new_toy()
    play_out(state)
    result = state.result()
    assert result is not None and state.current_seat is None
    assert sum(result.scores) == 21
    assert result.payoffs[result.winners[0]] > 0
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply("play 1")


def test_a_result_says_why_the_game_ended_and_keeps_it_through_json() -> None:
    state = new_toy()
    play_out(state)
    result = state.result()
    assert result is not None and result.termination is ToyTermination.CARDS_PLAYED
    assert state.observation(0)["result"]["termination"] == "cards_played"
    restored = state_from_json(state.dumps())
    assert restored.result() == result


def test_a_saved_game_with_an_unknown_ending_is_refused() -> None:
    state = new_toy()
    play_out(state)
    data = json.loads(state.dumps())
    data["data"]["termination"] = "checkmate"
    with pytest.raises(CorruptStateError, match="'checkmate' is not an ending of Toy cards"):
        state_from_json(data)


def test_shared_endings_belong_to_every_game() -> None:
    state = new_toy()
    play_out(state)
    state.termination = sequenza.SharedTermination.RESIGNED.value
    result = state.result()
    assert result is not None and result.termination is sequenza.SharedTermination.RESIGNED
    assert not result.termination.is_stall


def test_a_game_must_declare_its_endings_to_register() -> None:
    class Nameless(sequenza.core.Game[Any]):
        info = dataclasses.replace(ToyGame.info, id="test-nameless")

    kit = dataclasses.replace(sequenza.core.game_kit("test-toy"), game=Nameless)
    with pytest.raises(ValueError, match="declares no terminations"):
        sequenza.core.register_kit(kit)
    with pytest.raises(sequenza.UnknownGameError):
        sequenza.core.game_kit("test-nameless")


@pytest.mark.parametrize("game_id", ["test-toy", *(info.id for info in sequenza.available_games())])
def test_a_search_copy_plays_the_same_game_without_recording_it(game_id: str) -> None:
    state = sequenza.make(game_id, seed=5)
    state.apply(state.legal_actions()[0])
    searched = state.search_copy()
    history = list(searched.history)
    chooser = random.Random(5)
    for _ in range(300):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert searched.legal_actions() == legal
        action = legal[chooser.randrange(len(legal))]
        state.apply_unchecked(action)
        searched.apply_unchecked(action)
    assert searched.history == history and searched.log == []
    assert len(state.history) > len(history) and state.log
    recorded = dict(state.data())
    quiet = dict(searched.data())
    for name in ("history", "log"):
        del recorded[name], quiet[name]
    assert quiet == recorded and searched.rng.getstate() == state.rng.getstate()


def test_determinized_states_record_nothing() -> None:
    state = new_toy()
    twin = state.determinize(0, random.Random(1))
    assert not twin.recording and state.recording
    twin.apply_unchecked(twin.legal_actions()[0])
    assert twin.history == state.history and twin.log == []


def test_recording_can_be_turned_off_and_on_in_place() -> None:
    state = new_toy()
    state.recording = False
    state.apply_unchecked(state.legal_actions()[0])
    assert state.history == [] and state.log == []
    state.recording = True
    state.apply(state.legal_actions()[0])
    assert len(state.history) == 1 and state.log[-1]["event"] == "action"


def test_record_replays_to_the_same_state() -> None:
    state = new_toy(9)
    play_out(state)
    record = json.loads(json.dumps(state.record().to_json()))
    assert sequenza.replay(record).dumps() == state.dumps()


def test_clone_is_independent() -> None:
    state = new_toy()
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin.dumps() != state.dumps()
    assert len(state.history) == 0


def test_observation_hides_the_other_hand() -> None:
    state = new_toy()
    seen = state.observation(0)
    assert seen["hand"] == sorted(state.hands[0])
    assert "hands" not in json.dumps(seen)
    assert state.spectator_view()["hand"] is None
    with pytest.raises(OptionError, match="no seat 2"):
        state.observation(2)


def test_determinize_keeps_what_the_seat_saw() -> None:
    state = new_toy()
    rng = random.Random(1)
    twins = [state.determinize(0, rng) for _ in range(20)]
    assert all(twin.observation(0) == state.observation(0) for twin in twins)
    assert any(twin.hands[1] != state.hands[1] for twin in twins)


def saved(state: ToyState) -> dict[str, Any]:
    return json.loads(state.dumps())


def test_json_round_trip() -> None:
    state = new_toy()
    state.apply(state.legal_actions()[0])
    restored = state_from_json(state.dumps())
    assert restored.dumps() == state.dumps()
    restored.apply(restored.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert restored.dumps() == state.dumps()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: data["data"].pop("hands"), "missing"),
        (lambda data: data["data"].update(hands="many"), "hands"),
        (lambda data: data["data"]["hands"][0].append(1), "do not add up"),
        (lambda data: data.update(rules_version="0"), "rules version"),
        (lambda data: data.update(game="nothing"), "unknown game"),
        (lambda data: data.update(rng=[1, 2]), "generator"),
        (lambda data: data["options"].update(hand_size=9), "hand_size"),
    ],
)
def test_corrupt_saved_games_are_refused_clearly(damage: Any, message: str) -> None:
    data = saved(new_toy())
    damage(data)
    with pytest.raises(CorruptStateError, match=message):
        state_from_json(data)


def test_text_that_is_not_json_is_a_corrupt_save() -> None:
    with pytest.raises(CorruptStateError):
        state_from_json("{not json")


def test_the_kit_passes_a_conforming_game() -> None:
    report = check_game("test-toy", games=30)
    assert report.games == 30
    assert report.determinizations_that_changed_state > 0


@dataclasses.dataclass(frozen=True, kw_only=True)
class LeakyObservation(ToyObservation):
    other: tuple[int, ...]


class LeakyState(ToyState):
    def _observation(self, seat: int | None) -> LeakyObservation:
        seen = super()._observation(seat)
        return LeakyObservation(**vars(seen), other=tuple(self.hands[1 - (seat or 0)]))


class LosingState(ToyState):
    def _apply(self, action: Any) -> None:
        super()._apply(action)
        if self.draw_pile:
            self.draw_pile.pop()


def test_the_kit_catches_a_leak_and_a_lost_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyGame, "new_initial_state", lambda self, seed: LeakyState(self, seed))
    with pytest.raises(ConformanceError, match="observation changed"):
        check_game("test-toy", games=10)
    monkeypatch.setattr(ToyGame, "new_initial_state", lambda self, seed: LosingState(self, seed))
    with pytest.raises(ConformanceError, match="cards created or lost"):
        check_game("test-toy", games=10)


def test_a_state_attribute_outside_the_declared_save_fields_fails_the_kit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain_apply = ToyState._apply

    def apply_and_remember(self: ToyState, action: sequenza.Action) -> None:
        plain_apply(self, action)
        self.last_value = int(action.args[0])  # type: ignore[attr-defined]

    monkeypatch.setattr(ToyState, "_apply", apply_and_remember)
    with pytest.raises(ConformanceError, match=r"\['last_value'\] are neither in SAVE_FIELDS"):
        check_game("test-toy", games=1)


def test_a_save_in_another_format_is_refused() -> None:
    saved = new_toy().to_json()
    assert saved["format"] == ToyState.SAVE_FORMAT == 1
    assert sequenza.state_from_json(saved).dumps() == new_toy().dumps()
    del saved["format"]  # saves from before formats were versioned read as format 1
    sequenza.state_from_json(saved)
    saved["format"] = 2
    with pytest.raises(sequenza.CorruptStateError, match="format 2"):
        sequenza.state_from_json(saved)
