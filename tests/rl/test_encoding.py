"""Observation tensors: fixed shapes, values in [0, 1], documented fields, and no tensor that
changes when only what its seat cannot see is dealt again."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import sequenza
from sequenza.core.registry import game_kit
from sequenza.games.sequentia_shift.rules import DECK as SHIFT_DECK
from sequenza.games.sequentia_shift.types import ShiftObservation
from sequenza.rl import CARD_FEATURES, EncodingLeak, action_mask, check_encoding, encoding_for
from sequenza.rl.encoding import encoded_games, references, tensor_reference

TABLES = [(info.id, count) for info in encoded_games() for count in info.player_counts]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_no_tensor_reads_what_its_seat_cannot_see(game: str, players: int) -> None:
    compared = check_encoding(game, players, games=2, every=4)
    assert compared > 0


@pytest.mark.parametrize("game", [info.id for info in encoded_games()])
def test_a_seat_tensor_does_hold_what_only_that_seat_sees(game: str) -> None:
    # The check above has teeth only if a seat's tensor carries its private cards: dealing
    # again what seat 0 cannot see must change some other seat's tensor.
    state = sequenza.make(game, players=2, seed=3)
    encoding = encoding_for(state.game)
    chooser = random.Random(0)
    changed = False
    for _ in range(40):
        if state.is_over:
            break
        before = encoding.encode(state.observation(1))
        twin = state.determinize(0, random.Random(chooser.getrandbits(32)))
        changed |= not np.array_equal(before, encoding.encode(twin.observation(1)))
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
    assert changed


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_fields_are_documented_and_tile_the_vector(game: str, players: int) -> None:
    encoding = encoding_for(sequenza.make_game(game, players))
    assert sum(field.size for field in encoding.fields) == encoding.size
    assert all(field.doc for field in encoding.fields)
    assert len({field.name for field in encoding.fields}) == len(encoding.fields)
    assert encoding.describe().count("\n") == len(encoding.fields)


def test_shift_grid_planes_show_the_cards() -> None:
    state = sequenza.make("sequentia-shift", players=2, seed=7)
    observation = state.observation(0)
    parts = encoding_for(state.game).split(encoding_for(state.game).encode(observation))
    for place, text in enumerate(observation["grid"]):
        features = parts["grid"][:, place // 3, place % 3]
        if text is None:
            assert not features.any()
            continue
        on = {CARD_FEATURES[index] for index in np.flatnonzero(features)}
        digit, code = text.rstrip("+").split(":")
        expected = {"present", f"digit={digit}"} | {
            f"code[{place_}]={value}" for place_, value in enumerate(code)
        }
        if text.endswith("+"):
            expected.add("bonus")
        assert on == expected
    assert parts["target"][0] == 1.0


def test_seats_are_seen_from_the_observer() -> None:
    state = sequenza.make("sequentia-stack", players=3, seed=2)
    encoding = encoding_for(state.game)
    seat_to_act = state.current_seat
    assert seat_to_act == 0
    for observer in range(3):
        parts = encoding.split(encoding.encode(state.observation(observer)))
        assert int(np.argmax(parts["to_act"])) == (seat_to_act - observer) % 3


def test_sequence_board_planes_place_each_team_chip() -> None:
    state = sequenza.make("sequence", players=2, seed=5)
    encoding = encoding_for(state.game)
    chooser = random.Random(1)
    for _ in range(12):
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
    for observer in range(2):
        observation = state.observation(observer)
        board = encoding.split(encoding.encode(observation))["board"]
        mine = observation["teams"][observer]
        for row, line in enumerate(observation["chips"]):
            for col, symbol in enumerate(line):
                if symbol in "01":
                    plane = 0 if int(symbol) == mine else 1
                    assert board[plane, row, col] == 1.0
        assert board[3].sum() == 4  # the free corners


def test_a_spectator_has_no_tensor() -> None:
    state = sequenza.make("sequentia-cross", players=2, seed=0)
    with pytest.raises(ValueError, match="spectator"):
        encoding_for(state.game).encode(state.spectator_view())


def test_a_leak_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # A view that shows each seat the next seat's secret target instead of its own: the
    # tensor then changes when that target is dealt again, and the check says so.
    shift_state = type(sequenza.make("sequentia-shift", players=2, seed=0))
    honest = shift_state._observation

    def leaky(self: Any, seat: int | None) -> ShiftObservation:
        view = honest(self, seat)
        if seat is not None:
            other = self.targets[(seat + 1) % self.players]
            view = replace(view, target=None if other is None else SHIFT_DECK[other])
        return view

    monkeypatch.setattr(shift_state, "_observation", leaky)
    with pytest.raises(EncodingLeak, match="target"):
        check_encoding("sequentia-shift", 2, games=2, every=1)


def test_the_action_mask_marks_exactly_the_legal_actions() -> None:
    state = sequenza.make("sequence-stacks", players=3, seed=4)
    mask = action_mask(state)
    assert mask.dtype == np.int8
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(state.legal_action_ids())


def test_a_limit_switched_off_leaves_its_field_at_zero() -> None:
    # Views may give no limit (None) where a rule option turns it off.
    state = sequenza.make("sequentia-shift", players=2, seed=1)
    encoding = encoding_for(state.game)
    view = state.observation(0)
    view["quiet_turns"], view["quiet_turn_limit"] = 3, None
    assert encoding.split(encoding.encode(view))["quiet_turns"][0] == 0.0


def test_the_tensor_reference_is_current() -> None:
    # Every encoded game's fields, in the TENSORS.md of its own folder.
    written = references()
    assert {path.parent for path in written} == {
        Path(
            importlib.import_module(str(game_kit(info.id).encoder).split(":")[0]).__file__ or ""
        ).parent
        for info in encoded_games()
    }
    documented = set()
    for path, text in written.items():
        assert path.is_file() and path.read_text(encoding="utf-8") == text, (
            f"regenerate it: python -m sequenza.rl (writes {path.name} in each game's folder)"
        )
        documented |= {line[3:] for line in text.splitlines() if line.startswith("## ")}
    assert documented == {info.id for info in encoded_games()}
    assert tensor_reference().count("\n## ") == len(encoded_games())


def test_each_kit_names_its_encoder_and_only_the_rl_layer_imports_it() -> None:
    # The engine, the kits, the words and the log come without NumPy; the encoders the kits
    # name by path are imported when the RL layer first asks for a table's tensor.
    script = """
import sys
import sequenza
from sequenza import i18n
from sequenza.core.registry import game_kits
from sequenza.text import describe
kits = game_kits()
state = sequenza.make("sequence-stacks", players=2, seed=1)
i18n.page_messages("it")
describe({"event": "draw", "seat": 0, "cards": 1, "deck": 3}, game_id="sequentia-stack",
         names=["a", "b"], lang="fi")
assert all(kit.encoder is None or kit.encoder.split(":")[0] not in sys.modules for kit in kits)
assert "numpy" not in sys.modules
from sequenza.rl import encoding_for
encoding_for(state.game).encode(state.observation(0))
assert "sequenza.games.sequence_stacks.encoding" in sys.modules
"""
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)


def test_an_encoder_is_named_by_a_dotted_path() -> None:
    kit = game_kit("sequentia-shift")
    assert kit.encoder == "sequenza.games.sequentia_shift.encoding:Encoder"
    for wrong in ("sequenza.games.sequentia_shift.encoding", "a b:c", ":Encoder"):
        with pytest.raises(ValueError, match="encoder"):
            replace(kit, encoder=wrong).check()
    with pytest.raises(ValueError, match="no observation tensor"):
        encoding_for(sequenza.make_game("test-toy", 2))
