"""The public conformance kit: every game, built in or new, passes ``check_game``."""

from sequenza.testing.conformance import ConformanceError, KitReport, check_game

__all__ = ["ConformanceError", "KitReport", "check_game"]
