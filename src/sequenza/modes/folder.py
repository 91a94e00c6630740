"""Mode files registered as games of this process, one by one or a whole folder of them
(``sequenza serve --modes DIR``), with the list of files registered so far: a process that
starts others (the server's bot workers) hands them the list, so that they register the same
modes and can play their tables.

>>> from sequenza.modes import EXAMPLES
>>> registered, refused = register_folder(EXAMPLES)
>>> sorted(kit.id for kit in registered), refused
(['mode-cross', 'mode-shift', 'mode-stack'], [])
>>> str(EXAMPLES / "shift.toml") in registered_files()
True
"""

from __future__ import annotations

from pathlib import Path

from sequenza.core.kit import GameKit
from sequenza.core.registry import register_kit
from sequenza.modes.kit import load
from sequenza.modes.loader import ModeError
from sequenza.modes.mistakes import Problem

#: The mode files registered in this process, in the order they were.
_FILES: list[str] = []


def register_file(path: Path | str) -> GameKit:
    """Register the mode file at ``path`` as a game (``ModeError`` with its mistakes, one
    naming the clash when another game already has its id). Registering a file twice, or an
    unchanged copy of it, is harmless."""
    kit = load(path)
    try:
        register_kit(kit)
    except ValueError:
        raise ModeError(
            str(path),
            [Problem.of(1, 1, "id_taken", "other_id", name=kit.id)],
        ) from None
    name = str(path)
    if name not in _FILES:
        _FILES.append(name)
    return kit


def register_folder(folder: Path | str) -> tuple[list[GameKit], list[ModeError]]:
    """Register every ``*.toml`` file of ``folder`` (not its sub-folders), by name: the kits
    registered, and the mistakes of each file refused (a folder that cannot be read is one)."""
    place = Path(folder)
    if not place.is_dir():
        return [], [ModeError(str(place), [Problem.of(1, 1, "no_folder")])]
    registered: list[GameKit] = []
    refused: list[ModeError] = []
    for path in sorted(place.glob("*.toml")):
        try:
            registered.append(register_file(path))
        except ModeError as error:
            refused.append(error)
    return registered, refused


def registered_files() -> tuple[str, ...]:
    """The mode files registered in this process, for a process it starts to register too."""
    return tuple(_FILES)
