"""The training example runs end to end at a tiny size, and its loss falls while it trains
(the full run, a few minutes, prints the figures the README quotes)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_masked_policy.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_masked_policy", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Its dataclass looks its module up by name.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_example_learns_at_a_tiny_size(capsys: pytest.CaptureFixture[str]) -> None:
    example = _example()
    tiny = ["--rounds", "2", "--games", "1", "--epochs", "4", "--hidden", "32"]
    figures = example.run([*tiny, "--eval-games", "1"])
    for losses in figures["losses"]:
        # Each round's passes over its data take its loss down.
        assert losses[-1] < losses[0]
    for rates in (figures["before"], figures["after"]):
        assert set(rates) == {"random", "greedy"}
        assert all(games == 1 and 0 <= wins <= 1 for wins, games in rates.values())
    out = capsys.readouterr().out
    assert "| untrained network |" in out and "| trained network |" in out


def test_wilson_intervals_hold_the_rate() -> None:
    wilson = _example().wilson
    low, high = wilson(0, 300)
    assert low == 0.0 and 0.01 < high < 0.015
    low, high = wilson(150, 300)
    assert low < 0.5 < high and high - low == pytest.approx(0.113, abs=0.002)
