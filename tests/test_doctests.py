"""The examples in docstrings run as written."""

import doctest
import importlib

import pytest

MODULES = [
    "sequenza",
    "sequenza.core.actions",
    "sequenza.core.game",
    "sequenza.core.events",
    "sequenza.core.schemas",
    "sequenza.core.notation",
    "sequenza.components.grids",
    "sequenza.core.registry",
    "sequenza.components.sequentia_cards",
    "sequenza.games.sequentia_shift.solver",
    "sequenza.games.sequentia_shift.rules",
    "sequenza.games.sequentia_stack.rules",
    "sequenza.games.sequentia_cross.rules",
    "sequenza.components.number_decks",
    "sequenza.games.sequence_stacks.rules",
    "sequenza.text",
    "sequenza.text.describe",
    "sequenza.fast",
    "sequenza.ai.review",
    "sequenza.ai.levels",
    "sequenza.app.web.storage",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
