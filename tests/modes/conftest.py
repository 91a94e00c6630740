"""Mode kits registered by a test leave the registry afterwards: other test files list the
games this package ships, and a mode read from a file is none of them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sequenza.core import registry


@pytest.fixture(autouse=True)
def _registry_as_it_was() -> Iterator[None]:
    registry.game_kits()  # the entry points are loaded before the snapshot
    kept = dict(registry._KITS)
    yield
    registry._KITS.clear()
    registry._KITS.update(kept)
