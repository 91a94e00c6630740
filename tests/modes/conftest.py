"""Mode kits registered by a test leave the registry afterwards, and their words the text
layer's catalogues: other test files list the games this package ships and check the words
of its catalogues, and a mode read from a file is none of them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sequenza import i18n
from sequenza.core import registry
from sequenza.modes import folder


@pytest.fixture(autouse=True)
def _registry_as_it_was() -> Iterator[None]:
    registry.game_kits()  # the entry points are loaded before the snapshot
    kept = dict(registry._KITS)
    files = list(folder._FILES)
    yield
    registry._KITS.clear()
    registry._KITS.update(kept)
    folder._FILES[:] = files
    i18n.entries.cache_clear()
    i18n.translations.cache_clear()
    i18n.page_messages.cache_clear()
