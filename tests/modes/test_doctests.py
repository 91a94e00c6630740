"""The examples in the modes package's docstrings run as written."""

import doctest
import importlib

import pytest

MODULES = [
    "sequenza.modes",
    "sequenza.modes.locate",
    "sequenza.modes.loader",
    "sequenza.modes.identity",
    "sequenza.modes.encoding",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
