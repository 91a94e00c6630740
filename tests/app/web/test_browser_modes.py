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

from sequenza.core import registry
from sequenza.modes import EXAMPLES, scratch
from tests.app.web.conftest import CHROMIUM
from tests.app.web.server_harness import LiveServer, live_server
from tests.app.web.test_browser import Screen, open_seats, shoot, wait_for

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

MODES = ["mode-shift", "mode-stack", "mode-cross", "mode-crossroads", "mode-stack-five"]
LAPTOP = {"width": 1366, "height": 768}
#: Moves clicked in each mode: enough to meet its placements, slides and, often, a claim.
MOVES = 8
#: Each mode's name in Italian, from its file's words: the page's header and lobby show it.
ITALIAN_NAMES = {
    "mode-shift": "Sequentia · Shift (file di modalità)",
    "mode-stack": "Sequentia · Stack (file di modalità)",
    "mode-cross": "Sequentia · Cross (file di modalità)",
    "mode-crossroads": "Sequentia · Incrocio",
    "mode-stack-five": "Sequentia · Stack a cinque",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = tmp_path_factory.mktemp("modes") / "tables.db"
    # The modes leave the registry afterwards: other tests list the games the package ships.
    with registry.kits_restored():
        try:
            # The designer's workshop on too: its page is tried here, on the same browser.
            with live_server(
                f"sqlite:///{database}", mode_folder=EXAMPLES, workshop=True
            ) as running:
                yield running
        finally:
            for game_id in scratch.registered():
                scratch.forget(game_id)


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
        if mode == "mode-shift":
            # A grid's positions read from 1 on the buttons, as the built-in games show them.
            # (once the mode's words have come: until then a label is the notation itself)
            wait_for(
                page,
                "window.sequenzaTable.view.label('slide 1 4', "
                "window.sequenzaTable.current.observation) === 'Slide 2 5'",
            )
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
        # The header names the mode in the page's language, from the file's words.
        assert page.inner_text("#title") == ITALIAN_NAMES[mode]
        assert ITALIAN_NAMES[mode] in page.title()
        shoot(page, shots / f"{mode}-it.png")
        if mode == "mode-crossroads":
            # The rules page is the file's rules, in Italian, with the table's options.
            page.locator("button.nav-button", has_text="Regole").click()
            page.wait_for_selector("#dialog .rules-page p")
            rules = page.inner_text("#dialog")
            assert rules.startswith(f"{ITALIAN_NAMES[mode]}: regole")
            assert "finché una riga o una colonna mostra il codice" in rules
            assert "slide_limit = 6" in rules and "#" not in rules
            page.keyboard.press("Escape")
            # The lobby lists every mode, each by its Italian name (Sliding Hand's among them).
            page.goto(server.url + "/")
            page.wait_for_selector(".game-name")
            names = page.locator(".game-name").all_inner_texts()
            assert {*ITALIAN_NAMES.values(), "Sequentia · Mano scorrevole"} <= set(names)
            assert not [name for name in names if "(mode file)" in name or "Sliding" in name]
        assert screen.errors == []
    finally:
        screen.close()


def test_the_workshop_names_a_mistake_then_plays_the_fixed_file(
    server: LiveServer, browser: Any, tmp_path: Path
) -> None:
    text = (EXAMPLES / "stack.toml").read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("max_piles"))
    screen = Screen(browser, LAPTOP)
    shots = Path(os.environ.get("SEQUENZA_SCREENSHOTS") or tmp_path)
    try:
        page = screen.page
        # The lobby of a server with the workshop on links to it.
        page.goto(server.url + "/")
        page.click("#workshop-link")
        page.wait_for_url(server.url + "/workshop")
        page.fill("#workshop-text", text.replace("max_piles", "max_pilez"))
        page.click("#workshop-check")
        # The mistake is named at its line, with the fix, and the page moves to it on a click.
        mistake = page.locator(f'.workshop-mistake[data-line="{line}"]')
        assert "'max_piles'" in mistake.inner_text()
        assert f"Line {line}, column 1" in mistake.inner_text()
        mistake.locator("button").click()
        cursor = page.evaluate("document.querySelector('#workshop-text').selectionStart")
        assert text[:cursor].count("\n") == line - 1
        shoot(page, shots / "workshop-mistake-en.png")
        page.fill("#workshop-text", text)
        page.click("#workshop-check")
        page.select_option("#workshop-bot", "random")
        page.click("#workshop-play")
        # The trial table is drawn by the generic view, and a move is clicked on it; the
        # banner says what to do in the view's words.
        page.wait_for_selector(".board .scard")
        assert screen.wait_for_turn() == "move"
        assert "Place a card from your hand" in page.inner_text(".banner")
        screen.play_move(random.Random(5))
        # Resigned, the game ends on the view's figures: claims, the biggest, the deck's note.
        table_id = page.url.rsplit("/", 1)[-1]
        token = page.evaluate(
            f"JSON.parse(localStorage.getItem('sequenza.tables'))['{table_id}'].seats['0']"
        )
        with server.client() as http:
            http.post(f"/api/tables/{table_id}/resign", json={"token": token})
        page.wait_for_selector(".end-table")
        assert "Claims" in page.inner_text(".end-table thead")
        assert "Left in the deck" in page.inner_text(".end-screen")
        shoot(page, shots / "workshop-end-en.png")
        assert screen.errors == []
        # In Italian, the page's words are the workshop's catalogue's.
        page.evaluate("localStorage.setItem('sequenza.language', 'it')")
        page.goto(server.url + "/workshop")
        page.click("#workshop-check")
        page.wait_for_selector("#workshop-play")
        assert page.inner_text("#workshop-play") == "Gioca ora"
        shoot(page, shots / "workshop-it.png")
        assert screen.errors == []
    finally:
        screen.close()
