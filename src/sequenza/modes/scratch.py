"""Modes a designer tries out: read from text (not a file), registered under an id of their
own made from the text, and forgotten again, so that a server can hold a bounded number of
them for a while (the web app's workshop) and its bot workers can follow.

The id is ``workshop-`` and a digest of the text: the same text is the same game in every
process (the server and each worker register it by itself), and it cannot take the id of a
mode the server serves to everyone.

>>> from sequenza.modes import EXAMPLES
>>> text = (EXAMPLES / "shift.toml").read_text(encoding="utf-8")
>>> kit = register_text(text)
>>> kit.id == scratch_id(text), kit.id.startswith("workshop-")
(True, True)
>>> forget(kit.id)
>>> from sequenza.core.registry import game_kits
>>> kit.id in {one.id for one in game_kits()}
False
"""

from __future__ import annotations

import dataclasses
import hashlib

from sequenza.core.kit import GameKit
from sequenza.core.registry import game_kits, register_kit, unregister_kit
from sequenza.modes.kit import build_kit, release_catalogues
from sequenza.modes.loader import ModeError, parse_mode
from sequenza.modes.mistakes import Problem

#: The prefix of every scratch mode's id.
PREFIX = "workshop-"

_KITS: dict[str, GameKit] = {}


def scratch_id(text: str) -> str:
    """The id a mode's text is registered under."""
    return PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def read_text(text: str, source: str = "<mode>") -> GameKit:
    """The kit of a mode's text under its scratch id, registered nowhere (``ModeError`` with
    its mistakes). A text nested too deeply for the TOML reader is a mistake, not a crash."""
    try:
        mode = parse_mode(text, source)
    except RecursionError:
        raise ModeError(source, [Problem.of(1, 1, "nested", "fewer_brackets")]) from None
    return build_kit(dataclasses.replace(mode, id=scratch_id(text)))


def register_text(text: str, source: str = "<mode>") -> GameKit:
    """Register a mode's text as a game under its scratch id (``ModeError`` with its mistakes);
    registering the same text again gives the same kit."""
    known = _KITS.get(scratch_id(text))
    return known if known is not None else adopt(read_text(text, source))


def adopt(kit: GameKit) -> GameKit:
    """Register a kit ``read_text`` made (a server reads the text in a thread, then registers
    it in the thread that serves its tables); the same id again gives the kit held first."""
    known = _KITS.get(kit.id)
    if known is not None:
        if known is not kit and kit.locale is not None:
            release_catalogues(kit.locale)
        return known
    register_kit(kit)  # the text layer reads the kits' catalogues again
    _KITS[kit.id] = kit
    return kit


def forget(game_id: str) -> None:
    """Unregister a scratch mode and remove its catalogues (unknown ids are ignored)."""
    kit = _KITS.pop(game_id, None)
    if kit is None:
        return
    if game_id in {one.id for one in game_kits()}:
        unregister_kit(game_id)
    if kit.locale is not None:
        release_catalogues(kit.locale)


def registered() -> tuple[str, ...]:
    """The scratch modes registered in this process, oldest first."""
    return tuple(_KITS)
