"""The few statistics a balance report needs: Wilson intervals for rates, normal intervals
for means, and quantiles.

>>> low, high = wilson(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion. Unlike the textbook ``p ± z·se`` it stays
    inside [0, 1] and keeps its coverage near 0 and 1, where balance questions often sit
    (a seat that almost never wins). ``successes`` may be fractional: a win shared by k
    seats counts 1/k."""
    if trials <= 0:
        return 0.0, 1.0
    rate = successes / trials
    z2 = z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials))
    spread /= 1 + z2 / trials
    # Rounding could leave a rate of exactly 0 or 1 a hair outside its own interval.
    return max(0.0, min(rate, centre - spread)), min(1.0, max(rate, centre + spread))


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% Wilson interval."""

    successes: float
    trials: float

    @property
    def value(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.trials)

    def to_json(self) -> dict[str, float]:
        low, high = self.interval
        return {
            "rate": self.value,
            "low": low,
            "high": high,
            "successes": self.successes,
            "trials": self.trials,
        }


@dataclass(frozen=True)
class Spread:
    """Where a quantity sits over many games: mean with a 95% normal interval, and quantiles."""

    count: int
    mean: float
    low: float
    high: float
    minimum: float
    p10: float
    median: float
    p90: float
    maximum: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """
        >>> spread = Spread.of([1, 2, 3, 4])
        >>> spread.mean, spread.median, spread.minimum, spread.maximum
        (2.5, 2.5, 1, 4)
        """
        if not values:
            return cls(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        ordered = sorted(values)
        count = len(ordered)
        mean = sum(ordered) / count
        variance = sum((value - mean) ** 2 for value in ordered) / (count - 1) if count > 1 else 0
        half = Z95 * math.sqrt(variance / count)
        return cls(
            count=count,
            mean=mean,
            low=mean - half,
            high=mean + half,
            minimum=ordered[0],
            p10=quantile(ordered, 0.1),
            median=quantile(ordered, 0.5),
            p90=quantile(ordered, 0.9),
            maximum=ordered[-1],
        )

    def to_json(self) -> dict[str, float]:
        return {
            "count": self.count,
            "mean": self.mean,
            "low": self.low,
            "high": self.high,
            "min": self.minimum,
            "p10": self.p10,
            "median": self.median,
            "p90": self.p90,
            "max": self.maximum,
        }


def quantile(ordered: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of sorted values, interpolating between neighbours.

    >>> quantile([10, 20, 30], 0.5), quantile([10, 20, 30], 0.25)
    (20, 15.0)
    """
    if not ordered:
        return 0.0
    position = fraction * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    weight = position - below
    if weight == 0:
        return ordered[below]
    return ordered[below] * (1 - weight) + ordered[above] * weight
