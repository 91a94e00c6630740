"""A mode file's tables in the real page: the generic view (``modes/view.js``) draws the places
each example declares (the rulebook's three modes and the two new ones), and a player picks
moves on the board by clicking cards and places, as in the built-in games. Set
SEQUENZA_SCREENSHOTS=DIR to keep a PNG of each mode's page in English and Italian at 1366x768."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sequenza import i18n
from sequenza.core import registry
from sequenza.modes import EXAMPLES
from tests.app.web.server_harness import LiveServer, live_server
from tests.app.web.test_browser import ARGS, CHROMIUM, Screen, open_seats, shoot

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

MODES = ["mode-shift", "mode-stack", "mode-cross", "mode-crossroads", "mode-stack-five"]
LAPTOP = {"width": 1366, "height": 768}
#: Moves clicked in each mode: enough to meet its placements, slides and, often, a claim.
MOVES = 8


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = tmp_path_factory.mktemp("modes") / "tables.db"
    registry.game_kits()
    kept = dict(registry._KITS)
    try:
        with live_server(f"sqlite:///{database}", mode_folder=EXAMPLES) as running:
            yield running
    finally:
        # The modes leave the registry: other tests list the games the package ships.
        registry._KITS.clear()
        registry._KITS.update(kept)
        i18n.entries.cache_clear()
        i18n.translations.cache_clear()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.mark.parametrize("mode", MODES)
def test_a_modes_moves_are_picked_on_the_board_by_clicking(
    server: LiveServer, browser: Any, mode: str, tmp_path: Path
) -> None:
    seats = [{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
    created = server.create_table(game=mode, seed=7, seats=seats)
    screen = Screen(browser, LAPTOP)
    try:
        open_seats(screen, server, created, 0)
        page = screen.page
        # The declared places are drawn as the built-in games draw them: cards, not texts.
        page.wait_for_selector(".board .scard")
        rng = random.Random(7)
        played = []
        while len(played) < MOVES:
            if screen.wait_for_turn() == "over":
                break
            played.append(screen.play_move(rng))
        on_board = [action for action in played if action.split(" ")[0] not in ("end", "pass")]
        assert len(played) == MOVES and on_board, played
        assert screen.errors == []
        shots = Path(os.environ.get("SEQUENZA_SCREENSHOTS") or tmp_path)
        shoot(page, shots / f"{mode}-en.png")
        # In Italian the view's words and the file's come from the mode's own catalogue.
        page.evaluate("localStorage.setItem('sequenza.language', 'it')")
        page.reload()
        page.wait_for_selector(".board .scard")
        screen.wait_for_turn()
        assert "Mazzo" in page.inner_text(".board")
        shoot(page, shots / f"{mode}-it.png")
        assert screen.errors == []
    finally:
        screen.close()
