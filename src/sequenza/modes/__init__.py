"""Modes as data: a Sequentia mode described in a TOML file, read into typed values
(``loader``), compiled once into a game (``engine``) and wrapped in the same ``GameKit`` as a
built-in game (``kit``), so that every front end, bot and the simulator play it.

>>> from sequenza.modes import EXAMPLES, read_mode
>>> from sequenza.modes.engine import compile_mode
>>> game = compile_mode(read_mode(EXAMPLES / "shift.toml"))
>>> state = game(2, game.options_class()).new_initial_state(1)
>>> [str(action) for action in state.legal_actions()][:2]
['slide 1 4', 'slide 3 4']
"""

from pathlib import Path

from sequenza.modes.folder import register_file, register_folder, registered_files
from sequenza.modes.kit import build_kit, load
from sequenza.modes.loader import ModeError, parse_mode, read_mode
from sequenza.modes.mistakes import Problem

EXAMPLES = Path(__file__).parent / "examples"

__all__ = [
    "EXAMPLES",
    "ModeError",
    "Problem",
    "build_kit",
    "load",
    "parse_mode",
    "read_mode",
    "register_file",
    "register_folder",
    "registered_files",
]
