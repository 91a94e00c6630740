"""The examples in the RL modules' docstrings run as written."""

import doctest
import importlib

import pytest

MODULES = [
    "sequenza.extras",
    "sequenza.rl",
    "sequenza.rl.encoding",
    "sequenza.rl.pettingzoo_env",
    "sequenza.rl.gym_env",
    "sequenza.rl.gym_vector",
    "sequenza.rl.openspiel",
    "sequenza.rl.micro",
    "sequenza.rl.observations",
    "sequenza.rl.render",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
