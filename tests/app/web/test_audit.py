"""axe-core's audit of the lobby, each game's table mid-game, its end screen and its replay in
every language, and the end screen and the replay on a phone. Set SEQUENZA_SCREENSHOTS=DIR to
keep PNGs of every game's end screen and replay in every language, on a desktop and on a
phone. A file of its own, apart from the keyboard's whole games, so that the two long runs
go to two test workers."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.app.web.test_accessibility import OPTIONS, play_by_socket
from tests.app.web.test_browser import (
    DESKTOP,
    GAMES,
    PHONE,
    Screen,
    server,
    shoot,
    shots,
    wait_for,
)

__all__ = ["server", "shots"]  # fixtures, used by name

axe_playwright = pytest.importorskip("axe_playwright_python")


AXE_SOURCE = (Path(axe_playwright.__file__).parent / "axe.min.js").read_text()
SERIOUS = {"serious", "critical"}


def audit(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now. The page's content
    security policy forbids inline scripts, so axe is not added as a script tag: Playwright
    evaluates its source through the browser's debugging protocol, which the policy does not
    govern, and axe itself needs no eval."""
    if not page.evaluate("Boolean(window.axe)"):
        page.evaluate(AXE_SOURCE)
    results = page.evaluate(
        """async () => {
        const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
        // resultTypes: every violation is still reported with all its nodes; only the
        // passes and the inapplicable rules stop at one node each, which spares axe building
        // a CSS selector for every element of the board (most of its time on a table).
        const results = await axe.run(document, {
            runOnly: { type: "tag", values: tags },
            resultTypes: ["violations"],
        });
        return results.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + " " + n.failureSummary)}));
    }"""
    )
    return [
        f"{found['id']} ({found['impact']}): {found['help']} {found['nodes']}"
        for found in results
        if found["impact"] in SERIOUS
    ]


LANGUAGES = ["en", "it", "fi", "eo"]


def games_audited_in(language: str) -> list[str]:
    """The games whose screens are walked in ``language``: every game in English, and in each
    other language a third of them, so that every game's screens are audited in English and in
    one more language (what a translation changes: lengths, labels, the page's language), and
    every language on two games' screens. Sequence Stacks, whose long action names once made its
    end table overflow a phone, is walked in Finnish, the language of the longest words."""
    if language == "en":
        return GAMES
    others = ["fi", "it", "eo"]
    order = ["sequence-stacks", "sequentia-shift", "sequentia-cross"]
    order += [game for game in GAMES if game not in order]
    return [game for index, game in enumerate(order) if others[index % 3] == language]


@pytest.fixture(scope="module")
def tables(server: Any) -> dict[str, dict[str, dict[str, Any]]]:
    """Every game's tables, made once for the audits in every language: one three moves in and
    waiting for Ada, one played to its end (its end screen and replay)."""
    made: dict[str, dict[str, dict[str, Any]]] = {}
    for game in GAMES:
        made[game] = {}
        for kind, moves in (("mid", 3), ("over", 2000)):
            created = server.create_table(
                game=game,
                seed=4,
                options=OPTIONS.get(game, {}),
                seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
            )
            play_by_socket(server, created, random.Random(game), moves)
            made[game][kind] = created
    return made


def hold_seat_0(page: Any, created: list[dict[str, Any]]) -> None:
    """Seat 0 of every table in ``created`` kept in this browser, as each table's link would
    leave it: written at once, so that each table's page then opens straight from its address
    (``open_seats`` loads the lobby first to write one table's seat, a page load per table)."""
    entries = {
        table["id"]: {"seats": {"0": table["tokens"]["0"]}, "invites": {}} for table in created
    }
    page.evaluate(f"localStorage.setItem('sequenza.tables', {json.dumps(json.dumps(entries))})")


def open_table(page: Any, server: Any, created: dict[str, Any]) -> None:
    page.goto(server.url + created["url"])
    page.wait_for_selector(".player-list")


def settle(page: Any) -> None:
    """The page drawn and answered before the audit reads colours: the screen asks for
    reduced motion, so no piece is still gliding into place."""
    wait_for(page, "!window.sequenzaTable.pending")


#: How much wider than the window the page is: something that does not fit sticks out.
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def on_a_phone(page: Any, shot: Path) -> list[str]:
    """Screenshots of the page as it is, on a desktop and on a phone (``shot``.png and
    ``shot``-phone.png), and what sticks out of the phone's screen."""
    shoot(page, f"{shot}.png", full_page=True)
    page.set_viewport_size(PHONE)
    try:
        page.wait_for_timeout(100)  # the phone's layout applies
        shoot(page, f"{shot}-phone.png", full_page=True)
        wider = page.evaluate(OVERFLOW)
        return [f"{wider} px wider than a phone"] if wider > 0 else []
    finally:
        page.set_viewport_size(DESKTOP)


def test_every_game_is_audited_in_english_and_in_one_more_language() -> None:
    for game in GAMES:
        languages = [language for language in LANGUAGES if game in games_audited_in(language)]
        assert languages[0] == "en" and len(languages) == 2, (game, languages)
    assert all(len(games_audited_in(language)) == 2 for language in LANGUAGES[1:])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_passes_the_audit_in_each_language(
    server: Any,
    browser: Any,
    tables: dict[str, dict[str, dict[str, Any]]],
    shots: Path,
    language: str,
) -> None:
    """The lobby (its form at the largest table too), each game's table mid-game, its end
    screen and its replay, in each language (every game in English, a third of them in each
    other: ``games_audited_in``): translations change lengths, labels and the page's language.
    On a phone, the end screen and the replay fit the screen's width. Every finding is
    gathered, so that one run shows them all."""
    screen = Screen(browser, DESKTOP)
    page = screen.page
    found: dict[str, list[str]] = {}
    try:
        page.goto(server.url + "/")
        page.evaluate(f"localStorage.setItem('sequenza.language', {language!r})")
        page.reload()
        page.wait_for_selector(".game-choice")
        assert page.evaluate("document.documentElement.lang") == language
        # The workshop is off on this server: the lobby does not link to it.
        assert page.locator("#workshop-link").count() == 0
        found["lobby"] = audit(page)
        # Every seat's number on its colour, at the largest table of all.
        page.click('.game-choice[data-game="sequence"]')
        page.select_option("#players", "12")
        found["lobby, 12 seats"] = audit(page)
        hold_seat_0(page, [table for made in tables.values() for table in made.values()])
        for game in games_audited_in(language):
            open_table(page, server, tables[game]["mid"])
            assert screen.wait_for_turn() == "move", game
            settle(page)
            found[f"{game} mid-game"] = audit(page)
            open_table(page, server, tables[game]["over"])
            page.wait_for_selector(".end-screen:not([hidden])")
            settle(page)
            found[f"{game} end"] = audit(page)
            found[f"{game} end, phone"] = on_a_phone(page, shots / f"{game}-end-{language}")
            page.click("#end-replay")
            page.wait_for_selector(".replaybar:not([hidden])")
            page.click("#replay-next")
            wait_for(page, "window.sequenzaTable.replay.turn === 1")
            settle(page)
            found[f"{game} replay"] = audit(page)
            found[f"{game} replay, phone"] = on_a_phone(page, shots / f"{game}-replay-{language}")
        assert page.evaluate("document.documentElement.lang") == language
        assert {where: findings for where, findings in found.items() if findings} == {}
        assert screen.errors == []
    finally:
        screen.close()
