"""Mode kits registered by a test leave the registry afterwards, and their words the text
layer's catalogues: other test files list the games this package ships and check the words
of its catalogues, and a mode read from a file is none of them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sequenza.core import registry
from sequenza.modes import folder


@pytest.fixture(autouse=True)
def _registry_as_it_was() -> Iterator[None]:
    files = list(folder._FILES)
    with registry.kits_restored():
        yield
    folder._FILES[:] = files
