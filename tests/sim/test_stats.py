"""Intervals and summaries: checked against values computed by hand."""

import doctest
import math

import pytest

import sequenza.sim.stats
from sequenza.sim.stats import Rate, Spread, quantile, wilson


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(sequenza.sim.stats)
    assert tried > 0 and failures == 0


def test_wilson_matches_the_closed_form_at_zero_and_one() -> None:
    # With no successes the upper bound is z^2 / (n + z^2).
    z2 = 1.959963984540054**2
    low, high = wilson(0, 10)
    assert low == 0.0 and math.isclose(high, z2 / (10 + z2))
    low, high = wilson(10, 10)
    assert high == 1.0 and math.isclose(low, 10 / (10 + z2))


@pytest.mark.parametrize("trials", [1, 3, 7, 10, 60, 99, 1000])
def test_every_rate_lies_inside_its_interval(trials: int) -> None:
    for successes in range(trials + 1):
        low, high = wilson(successes, trials)
        assert 0.0 <= low <= successes / trials <= high <= 1.0


def test_wilson_narrows_with_more_games_and_holds_the_rate() -> None:
    small = wilson(30, 100)
    large = wilson(3000, 10000)
    assert small[0] < 0.3 < small[1] and large[0] < 0.3 < large[1]
    assert large[1] - large[0] < (small[1] - small[0]) / 5


def test_shared_wins_count_as_fractions() -> None:
    rate = Rate(2.5, 10)
    assert rate.value == 0.25
    assert rate.to_json()["low"] < 0.25 < rate.to_json()["high"]


def test_spread_of_values() -> None:
    spread = Spread.of([2, 4, 4, 4, 5, 5, 7, 9])
    assert spread.mean == 5 and spread.median == 4.5
    assert spread.minimum == 2 and spread.maximum == 9
    # Sample standard deviation 2.138: the interval is mean ± 1.96 · 2.138 / sqrt(8).
    assert spread.high - spread.mean == pytest.approx(1.96 * 2.13809 / math.sqrt(8), rel=1e-3)
    assert Spread.of([]).count == 0


def test_quantile_interpolates() -> None:
    assert quantile([1, 2, 3, 4, 5], 0.9) == pytest.approx(4.6)
    assert quantile([7], 0.5) == 7
