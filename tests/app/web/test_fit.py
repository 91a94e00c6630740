"""One screen at a time: every game's table fits the screen it is shown on. From a 1920x1080
monitor down to a 1280x720 laptop, the banner, the whole board, the hand and the buttons under
it are in view without scrolling; on a 390x844 phone nothing reaches past the right edge and the
banner stays in view when the page scrolls down to the hand. Set SEQUENZA_SCREENSHOTS=DIR to keep
a PNG of every game at every size."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from sequenza import i18n
from tests.app.web.server_harness import LiveServer
from tests.app.web.test_browser import GAMES, PHONE, Screen, open_seats, server, shots

__all__ = ["server", "shots"]  # fixtures, used by name

SCREENS = [(1920, 1080), (1366, 768), (1280, 720)]

# Where each part of the table lies on the screen: [left, top, right, bottom], or None for a
# part the game or the moment does not show (Shift has no hand; the tools only for a seat).
PARTS = """() => {
    const box = (selector) => {
        const element = document.querySelector(selector);
        if (!element || !element.offsetParent) return null;
        const r = element.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
    };
    return {
        banner: box(".banner"),
        board: box(".board"),
        hand: box(".board .hand, .board [data-nav=hand]"),
        actions: box(".actionbar"),
        resign: box("#resign"),
        scrolled: [window.scrollX, window.scrollY],
        wide: document.documentElement.scrollWidth,
    };
}"""


# What a finger taps on a phone that is less than 44 px across or high (WCAG 2.5.5): every
# button, field and link of the page and every part of the board, but the spaces of a 10x10
# board, which a chosen card's magnified places stand in for.
SMALL_TARGETS = """() => {
    const small = [];
    const targets = document.querySelectorAll(
        ".topbar button, .topbar a, .topbar select, .table-page button, .table-page a.button, "
        + ".table-page select, .table-page input, .table-page summary, .board [data-part]"
    );
    for (const element of targets) {
        if (!element.offsetParent || element.closest(".sboard")) continue;
        const box = element.getBoundingClientRect();
        if (box.width < 43.5 || box.height < 43.5) {
            const part = element.dataset.part ? `[${element.dataset.part}]` : "";
            const name = [element.tagName.toLowerCase(), ...element.classList].join(".");
            small.push(`${name}${part} ${Math.round(box.width)}x${Math.round(box.height)}`);
        }
    }
    return small;
}"""
ZOOMED = """() => [...document.querySelectorAll(".zoom-strip:not([hidden]) .zoom-place")].map(
    (place) => Math.min(place.getBoundingClientRect().width, place.getBoundingClientRect().height)
)"""
# The strip of a card with places all over the board (a jack): where it lies, how high it is
# against what it holds, its places' smallest side and count, and the board's places.
STRIP = """() => {
    const strip = document.querySelector(".zoom-strip:not([hidden])");
    if (!strip) return null;
    const box = strip.getBoundingClientRect();
    const places = [...strip.querySelectorAll(".zoom-place")].map((place) => {
        const r = place.getBoundingClientRect();
        return Math.min(r.width, r.height);
    });
    return {
        left: box.left, right: box.right, height: box.height,
        scrolls: strip.scrollHeight > strip.clientHeight,
        rows: strip.querySelectorAll(".zoom-row").length,
        places: places.length, smallest: Math.min(...places),
        playable: document.querySelectorAll(".board [data-part].playable").length,
        wide: document.documentElement.scrollWidth,
    };
}"""
#: Sequence's jacks that go on any free space (the one-eyed jacks remove a chip).
TWO_EYED_JACKS = ("JD", "JC")


def shoot(page: Any, path: Path, *, full_page: bool = False) -> None:
    """A screenshot to look at, only when asked for: CI has no one to look at it."""
    if os.environ.get("SEQUENZA_SCREENSHOTS"):
        page.screenshot(path=str(path), full_page=full_page)


#: Resolves once the page has drawn two frames at its new size: the resize event's handler
#: fits the table at the next animation frame (table.js), so the second frame shows it
#: fitted. At most a second of frames is waited for the size itself.
FITTED = """async ([width, height]) => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    for (let waited = 0; waited < 60; waited++) {
        if (window.innerWidth === width && window.innerHeight === height) break;
        await frame();
    }
    await frame();
    await frame();
}"""


def resize(page: Any, width: int, height: int) -> None:
    """The page at ``width`` x ``height``, once the table has been fitted to it (waited for,
    not slept: a fixed pause is too long on an idle machine and may be too short on a busy
    one)."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(FITTED, [width, height])


def parts(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(PARTS)
    return found


def outside(found: dict[str, Any], width: int, height: int | None) -> list[str]:
    """The parts that reach past the screen (below it too, unless ``height`` is None)."""
    names = ["banner", "board", "hand", "actions", "resign"]
    return [
        f"{name} at {[round(edge) for edge in found[name]]}"
        for name in names
        if found[name] is not None
        and (
            found[name][0] < 0
            or found[name][2] > width + 0.5
            or found[name][1] < 0
            or (height is not None and found[name][3] > height + 0.5)
        )
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_table_fits_the_screen_it_is_on(
    game: str, server: LiveServer, browser: Any, shots: Path
) -> None:
    created = server.create_table(
        game=game,
        # Sequence's deal 5 gives Ada both two-eyed jacks: one is still hers on the phone.
        seed=5 if game == "sequence" else 3,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
        # A hint's box under the board fits too; Cross's reasons are worded by its view.
        hints=game == "sequentia-cross",
    )
    width, height = SCREENS[0]
    screen = Screen(browser, {"width": width, "height": height})
    page = screen.page
    try:
        open_seats(screen, server, created, 0)
        assert screen.wait_for_turn() == "move"
        for width, height in SCREENS:
            resize(page, width, height)
            found = parts(page)
            shoot(page, shots / f"fit-{game}-{width}x{height}.png")
            assert found["board"] is not None and found["actions"] is not None
            assert found["scrolled"] == [0, 0]
            assert outside(found, width, height) == [], f"{game} at {width}x{height}"
            if game not in {"sequentia-shift"}:
                assert found["hand"] is not None, f"{game} shows no hand at {width}x{height}"

        # Choosing a card or a place on a laptop's screen leaves the page where it is: the
        # banner that says what to do next stays in view.
        resize(page, 1366, 768)
        screen.play_move(random.Random(4))
        assert screen.wait_for_turn() in {"move", "over"}
        found = parts(page)
        assert found["scrolled"] == [0, 0]
        assert outside(found, 1366, 768) == [], f"{game} after a move"

        # A phone: nothing reaches past the right edge, and the banner is still in view when
        # the page is scrolled down to the hand and the buttons.
        resize(page, PHONE["width"], PHONE["height"])
        shoot(page, shots / f"fit-{game}-phone.png", full_page=True)
        found = parts(page)
        assert found["wide"] <= PHONE["width"]
        assert outside(found, PHONE["width"], None) == [], f"{game} on a phone"
        page.locator(".actionbar").scroll_into_view_if_needed()
        banner = parts(page)["banner"]
        assert banner[1] >= 0 and banner[3] <= PHONE["height"], f"the banner left: {banner}"
        # Every button and every part of the board a finger taps is 44 px at least; on a
        # 10x10 board a chosen card's places are shown again, magnified, under the board.
        assert page.evaluate(SMALL_TARGETS) == [], f"{game}: targets under 44 px on a phone"
        if game in {"sequence", "sequence-numbers"} and screen.ready() == "move":
            first = "document.querySelector('.board [data-part^=\"hand:\"].playable').dataset.part"
            card = f'.board [data-part="{page.evaluate(first)}"]'
            page.click(card)
            zoomed = page.evaluate(ZOOMED)
            assert zoomed and min(zoomed) >= 44, f"{game}: the chosen card's places {zoomed}"
            shoot(page, shots / f"fit-{game}-phone-zoom.png")
            page.click(card)
            assert page.evaluate(ZOOMED) == []
        if game == "sequentia-cross" and screen.ready() == "move":
            # The reason in the game's own terms, from its view: the line a placement makes
            # show a code, or the card left in hand that then can.
            page.click("#hint-button")
            page.wait_for_selector(".hint-reason")
            words = i18n.page_messages("en")
            told = page.inner_text(".hint-reason")
            own = ("sequentia_cross.hint_line", "sequentia_cross.hint_prepares")
            assert any(str(words[key]).split("{")[0] in told for key in own), told
            assert page.evaluate(SMALL_TARGETS) == [], f"{game}: the hint's targets on a phone"
        if game == "sequence" and screen.ready() == "move":
            # A two-eyed jack goes on any free space: its places, by the board's rows, in a
            # strip no wider than the phone and half its height at most, which scrolls.
            jacks = [f'.board [data-part="hand:{jack}"].playable' for jack in TWO_EYED_JACKS]
            jack = next(selector for selector in jacks if page.locator(selector).count())
            page.click(jack)
            strip = page.evaluate(STRIP)
            assert strip is not None, "no magnified places for a jack"
            assert strip["places"] == strip["playable"] > 8 and strip["smallest"] >= 44, strip
            assert strip["rows"] > 1 and strip["scrolls"], strip
            assert strip["left"] >= 0 and strip["right"] <= PHONE["width"], strip
            assert strip["height"] <= PHONE["height"] / 2 and strip["wide"] <= PHONE["width"]
            page.locator(".zoom-strip").scroll_into_view_if_needed()
            shoot(page, shots / f"fit-{game}-phone-jack.png")
            # A place far down the strip, scrolled to, plays the jack there.
            sent = page.evaluate("window.sequenzaTable.sent")
            page.locator(".zoom-strip .zoom-place").last.click()
            page.wait_for_function(f"window.sequenzaTable.sent !== {sent}")
        assert screen.errors == []
    finally:
        screen.close()


def test_every_page_has_a_heading_and_the_end_figures_can_be_reached_by_keyboard(
    server: LiveServer, browser: Any, shots: Path
) -> None:
    screen = Screen(browser, PHONE)
    page = screen.page
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        assert page.inner_text("h1").strip() == "Tables"
        created = server.create_table(
            game="sequence",
            seed=2,
            seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
        )
        open_seats(screen, server, created, 0)
        assert screen.wait_for_turn() == "move"
        assert page.inner_text("h1").strip() == "Sequence"
        page.click("#resign")
        page.click("#resign-confirm")
        page.wait_for_selector(".end-screen:not([hidden])")
        figures = page.locator(".end-figures")
        # The figures scroll sideways on a narrow phone: their box is a named tab stop.
        assert figures.get_attribute("tabindex") == "0"
        assert figures.get_attribute("aria-label") == "The game's figures"
        figures.focus()
        assert page.evaluate("document.activeElement.classList.contains('end-figures')")
        shoot(page, shots / "fit-end-phone.png", full_page=True)
        assert screen.errors == []
    finally:
        screen.close()
