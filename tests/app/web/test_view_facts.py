"""The views draw the rules' answers that the observation carries instead of working them out
again: given an observation that says a Shift row shows the seat's target, a Stack run reads
a card of the hand, a Stacks pile is complete, or which Sequence spaces a choice of sequence
covers, the page's view draws it so, whatever the cards say (here they say otherwise)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import sequenza
from tests.app.web.browser_pages import PAGES
from tests.app.web.conftest import CHROMIUM
from tests.app.web.server_harness import LiveServer
from tests.app.web.test_browser import DESKTOP, server

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

__all__ = ["server"]  # fixtures, used by name

#: Draws an observation with a game's view, as the table would for seat 0 when it is not its
#: turn (no legal actions), and gives back the classes and texts of the parts asked for.
DRAW = """async ([game, observation, selector]) => {
    const view = await import(`/games/${game}/view.js`);
    const names = ["Ada", "Ben", "Carl"].slice(0, observation.players);
    const ctx = { legal: [], seat: 0, names, replay: false };
    const board = view.render(observation, ctx);
    return [...board.querySelectorAll(selector)].map((part) => [part.className, part.textContent]);
}"""


@pytest.fixture
def page(server: LiveServer, browser: Any) -> Iterator[Any]:
    opened = PAGES.take(browser, DESKTOP, locale="en-GB")
    opened.goto(f"{server.url}/")
    opened.wait_for_selector("#create")
    yield opened
    PAGES.give_back(opened)


def test_the_shift_view_marks_the_rows_the_observation_says_show_the_target(page: Any) -> None:
    state = sequenza.make("sequentia-shift", players=2, seed=3)
    observation = state.observation(0)
    assert observation["rows_showing_target"] == []
    said = {**observation, "rows_showing_target": [2]}
    tags = page.evaluate(DRAW, ["sequentia-shift", said, ".row-tag"])
    assert ["match" in classes for classes, _ in tags] == [False, False, True]
    assert tags[2][1] == "◀ your code"
    plain = page.evaluate(DRAW, ["sequentia-shift", observation, ".row-tag"])
    assert not any("match" in classes for classes, _ in plain)


def test_the_stack_view_marks_the_runs_the_observation_says_the_hand_reads(page: Any) -> None:
    state = sequenza.make("sequentia-stack", players=2, seed=2)
    rng = random.Random(2)
    while len(state.observation(0)["row"]) < 4 or state.observation(0)["runs_matching_hand"]:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    observation = state.observation(0)
    said = {**observation, "runs_matching_hand": [2]}
    runs = page.evaluate(DRAW, ["sequentia-stack", said, ".claim-run"])
    assert ["match" in classes for classes, _ in runs] == [False, True]
    plain = page.evaluate(DRAW, ["sequentia-stack", observation, ".claim-run"])
    assert len(plain) == 2 and not any("match" in classes for classes, _ in plain)


def test_the_stacks_view_says_complete_where_the_observation_does(page: Any) -> None:
    observation = sequenza.make("sequence-stacks", players=2, seed=1).observation(0)
    piles = observation["piles"]
    assert not any(pile["complete"] for pile in piles)
    # A started pile (an empty one says so first), said complete though it holds two cards.
    started = {**piles[0], "cards": ["blue-1", "blue-2"], "needs": 3, "complete": True}
    said = {**observation, "piles": [started, *piles[1:]]}
    labels = page.evaluate(DRAW, ["sequence-stacks", said, ".pile-label"])
    assert [text for _, text in labels].count("complete") == 1
    going = {**observation, "piles": [{**started, "complete": False}, *piles[1:]]}
    labels = page.evaluate(DRAW, ["sequence-stacks", going, ".pile-label"])
    assert "complete" not in [text for _, text in labels]


def test_the_sequence_view_marks_the_spaces_the_observation_lists_for_a_choice(
    page: Any,
) -> None:
    observation = sequenza.make("sequence", players=2, seed=1).observation(0)
    assert observation["choose_sequence_spaces"] == []
    said = {**observation, "choose_sequence_spaces": ["B1", "C2", "D3"]}
    spaces = page.evaluate(DRAW, ["sequence", said, ".window"])
    assert len(spaces) == 3
    assert page.evaluate(DRAW, ["sequence", observation, ".window"]) == []
