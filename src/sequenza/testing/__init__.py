"""The public conformance kit: every game, built in or new, passes ``check_game``."""

from sequenza.testing.conformance import (
    ConformanceError,
    HookReport,
    KitReport,
    check_game,
    check_loud,
    check_quiet,
)

__all__ = ["ConformanceError", "HookReport", "KitReport", "check_game", "check_loud", "check_quiet"]
