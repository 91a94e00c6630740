"""The public conformance kit: every game, built in or new, passes ``check_game``."""

from sequenza.testing.conformance import (
    ConformanceError,
    KitReport,
    QuietReport,
    check_game,
    check_quiet,
)

__all__ = ["ConformanceError", "KitReport", "QuietReport", "check_game", "check_quiet"]
