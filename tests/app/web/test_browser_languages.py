"""The page in Italian, Finnish and Esperanto in Debian's Chromium: the browser's language
chooses first, the picker changes it and is remembered, and the lobby and a table show no
English where the page's catalogue has a translation. Set SEQUENZA_SCREENSHOTS=DIR to keep a
PNG of each language's lobby and table."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from babel.dates import get_month_names
from babel.numbers import format_decimal

from sequenza import i18n
from sequenza.ai.levels import label
from sequenza.app.web.bot_workers import BotWorkers
from sequenza.core.registry import available_games, game_class
from sequenza.text import describe
from tests.app.web.browser_pages import PAGES, Lent
from tests.app.web.conftest import CHROMIUM
from tests.app.web.server_harness import LiveServer, live_server
from tests.app.web.test_browser import (
    DESKTOP,
    server,
    shoot,
    shots,
    wait_for,
)
from tests.test_i18n import SAME_AS_ENGLISH

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

__all__ = ["server", "shots"]  # fixtures, used by name

LANGUAGES = ["it", "fi", "eo"]
BROWSER_LOCALES = {"en": "en-GB", "it": "it-IT", "fi": "fi-FI", "eo": "eo"}

#: What the page shows that is not its own words: the games' names, rules and options, the
#: bots' descriptions, the board, the log and the moves (in the games' views), and the names
#: of players and languages.
NOT_THE_PAGES_WORDS = [
    ".game-name",
    ".game-summary",
    ".option-row label",
    ".option-help",
    ".seat-help",
    'option[value^="bot:"]',
    ".topbar-title",
    ".board",
    ".actionbar",
    ".banner",
    ".log-list",
    ".move-list",
    ".player-name",
    ".player-kind",
    ".invite-name",
    "#language-picker",
    "script",
    "style",
]

#: The page's text and the words it gives to assistive technology and tooltips, without the
#: parts above.
CHROME_TEXT = """(excluded) => {
    const copy = document.body.cloneNode(true);
    for (const selector of excluded) {
        copy.querySelectorAll(selector).forEach((node) => node.remove());
    }
    const named = [...copy.querySelectorAll("[title], [aria-label], [placeholder]")];
    const attributes = named.flatMap((node) =>
        ["title", "aria-label", "placeholder"].map((name) => node.getAttribute(name) || ""));
    const hidden = [...copy.querySelectorAll("[hidden]")];
    hidden.forEach((node) => node.remove());
    document.body.append(copy);
    copy.style.position = "absolute";
    const text = copy.innerText;
    copy.remove();
    return [text, ...attributes].join("\\n");
}"""


def english_left(text: str, language: str) -> list[str]:
    """The page's English phrases (four letters or more, between placeholders) found in
    ``text`` where ``language`` has its own words for them."""
    found = []
    entries = i18n.entries("page", language)
    # A word the language's own messages use ("online" in Italian) is not English left over.
    translated = "\n".join(text for entry in entries.values() for text in entry.translated)
    for key, entry in entries.items():
        if (language, key) in SAME_AS_ENGLISH:
            continue
        for english in entry.english:
            for fragment in re.split(r"\{\w+\}", english):
                fragment = fragment.strip(" ,.:;()·\u2013\u2014●+")
                # A fragment not in the text at all cannot match: most are not, and the
                # substring test spares compiling a pattern for each (seconds a page).
                if fragment not in text:
                    continue
                if len(re.sub(r"\W", "", fragment)) < 4 or fragment in translated:
                    continue
                if re.search(rf"(?<!\w){re.escape(fragment)}(?!\w)", text):
                    found.append(f"{key}: {fragment!r}")
    return found


def open_page(browser: Any, language: str) -> tuple[Any, Any, list[str]]:
    # Reduced motion: nothing glides, so nothing is waited for (test_browser.Screen).
    page = PAGES.take(browser, DESKTOP, locale=BROWSER_LOCALES[language])
    errors: list[str] = []
    PAGES.listen(page, "pageerror", lambda error: errors.append(str(error)))
    return Lent(page), page, errors


def open_at_seat(
    page: Any, url: str, created: dict[str, Any], invites: dict[str, str] | None = None
) -> None:
    """Open a new table's page holding seat 0, as its link would leave it in this browser
    (written from a file of the origin: test_browser.open_seats says why)."""
    page.goto(url + "/static/icon.svg")
    entry = {created["id"]: {"seats": {"0": created["tokens"]["0"]}, "invites": invites or {}}}
    page.evaluate(f"localStorage.setItem('sequenza.tables', {json.dumps(json.dumps(entry))})")
    page.goto(url + created["url"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobby_speaks_the_browsers_language(
    server: LiveServer, browser: Any, shots: Path, language: str
) -> None:
    # Named seats: a seat's default name ("Player 1") is given once, in the creator's words.
    server.create_table(
        game="sequence",
        seats=[
            {"kind": "hotseat", "name": "Ada"},
            {"kind": "bot", "bot": "random", "name": "Robo"},
        ],
        listed=True,
    )
    context, page, errors = open_page(browser, language)
    try:
        page.goto(f"{server.url}/")
        page.wait_for_selector(".tables-recent .table-list")
        wait_for(page, "!document.querySelector('.tables-yours .muted')?.textContent.endsWith('…')")
        assert page.evaluate("document.documentElement.lang") == language
        assert page.input_value("#language-picker") == language
        # Every part of the form that shows on a click, shown.
        page.click(".options-details summary")
        page.select_option("#clock-kind", "game")
        page.click('.game-choice[data-game="sequence-stacks"]')
        shoot(page, shots / f"lobby-{language}.png", full_page=True)
        text = page.evaluate(CHROME_TEXT, NOT_THE_PAGES_WORDS)
        words = i18n.page_messages(language)
        assert str(words["lobby.start"]) in text and str(words["clock.game_minutes"]) in text
        assert english_left(text, language) == []
        # The games' summaries, options' help and bots' descriptions come in it too.
        catalogue = page.evaluate(GAME_TEXT, CATALOGUE_PARTS)
        assert (
            i18n.Translator("games", language).help(
                "Build shared colour piles from 1 to 5 and collect chips; 5 chips with 2 of "
                "each colour win."
            )
            in catalogue
        )
        assert games_english_left(catalogue, language) == []
        # Shift's seat menu offers each level once: Strong and Expert play like Casual there,
        # which the note under the seat says in the page's language.
        page.click('.game-choice[data-game="sequentia-shift"]')
        page.select_option('select[name="seat-1"]', "bot:greedy")
        offered = page.eval_on_selector_all(
            'select[name="seat-1"] option[value^="bot:"]', "options => options.map(o => o.value)"
        )
        assert offered[:3] == ["bot:random", "bot:novice", "bot:greedy"]
        assert "bot:mcts" not in offered and "bot:expert" not in offered
        merged = page.inner_text(".seat-row:nth-of-type(2) + .seat-help + .seat-merged")
        for level in ("mcts", "expert", "greedy"):
            assert label(level, language) in merged, merged
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_speaks_the_browsers_language(
    server: LiveServer, browser: Any, shots: Path, language: str
) -> None:
    created = server.create_table(
        game="sequence",
        players=3,
        seats=[
            {"kind": "hotseat", "name": "Ada"},
            {"kind": "invite", "name": "Bo"},
            {"kind": "bot", "bot": "random"},
        ],
        clock={"kind": "game", "game_minutes": 10, "increment_seconds": 5, "on_timeout": "bot"},
    )
    context, page, errors = open_page(browser, language)
    try:
        open_at_seat(page, server.url, created, invites={"1": created["tokens"]["1"]})
        page.wait_for_selector(".player-list")
        wait_for(page, "document.querySelector('.move-list .move')")
        words = i18n.page_messages(language)
        assert page.inner_text(".banner").startswith(str(words["table.your_turn"]))
        assert page.evaluate("document.title").startswith("● ")
        shoot(page, shots / f"table-{language}.png", full_page=True)
        text = page.evaluate(CHROME_TEXT, NOT_THE_PAGES_WORDS)
        assert str(words["invites.title"]) in text and str(words["table.log"]) in text
        assert english_left(text, language) == []
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("language", ["it", "fi"])
def test_the_log_reads_in_the_page_s_language_with_the_table_s_own_lines(
    server: LiveServer, browser: Any, shots: Path, language: str
) -> None:
    created = server.create_table(
        game="sequentia-stack",
        seed=3,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Bo"}],
    )
    # A few turns first, so that the log has moves and draws to show.
    with server.join(created["id"], *created["tokens"].values()) as both:
        both.wait_for("state")
        while both.state["turn"] < 8:
            turn = both.state["turn"]
            both.act(next(iter(both.state["legal"].values()))[-1])
            both.wait_until(lambda state, turn=turn: state["turn"] > turn)
    context, page, errors = open_page(browser, language)
    try:
        open_at_seat(page, server.url, created)
        wait_for(page, "document.querySelector('.log-list li')")
        with server.client() as http:
            resigned = http.post(
                f"/api/tables/{created['id']}/resign", json={"token": created["tokens"]["1"]}
            )
        assert resigned.status_code == 200, resigned.text
        wait_for(page, "document.querySelector('.log-list li.log-table_over')")
        lines = page.eval_on_selector_all(
            ".log-list li", "items => items.map((li) => li.innerText)"
        )
        shoot(page, shots / f"log-{language}.png", full_page=True)
        deal = describe(
            {"event": "deal", "cards_each": 3}, game_id="sequentia-stack", names=[], lang=language
        )
        assert lines[0] == deal
        words = i18n.Translator("page", language)
        assert words.text("log.resigned", name="Bo") in lines
        assert words.plural("log.game_over_won", 1, names="Ada") in lines
        assert not any("resigned" in line or "Game over" in line for line in lines)
        assert errors == []
    finally:
        context.close()


#: Where the lobby shows the server's game catalogue.
CATALOGUE_PARTS = [".game-summary", ".option-help", ".seat-help", 'option[value^="bot:"]']

#: What a game's view draws at a table: the board, the banner's prompt, the moves' labels.
GAME_PARTS = [".board", ".actionbar", ".banner", ".move-list"]

#: The games' words in the page's regions that show them, with the names the views give to
#: assistive technology and in tooltips; the log is the game log's own catalogue.
GAME_TEXT = """(parts) => {
    const found = parts.flatMap((selector) => [...document.querySelectorAll(selector)]);
    const named = found.flatMap(
        (node) => [node, ...node.querySelectorAll("[title], [aria-label]")]);
    const attributes = named.flatMap((node) =>
        ["title", "aria-label"].map((name) => node.getAttribute(name) || ""));
    return [...found.map((node) => node.innerText), ...attributes].join("\\n");
}"""

#: This package's games (a plugin game brings its own words).
GAMES = [
    info.id
    for info in available_games()
    if game_class(info.id).__module__.startswith("sequenza.games.")
]


def games_english_left(text: str, language: str) -> list[str]:
    """The games' English phrases found in ``text`` where ``language`` has its own words."""
    found = []
    entries = i18n.entries("games", language)
    translated = "\n".join(text for entry in entries.values() for text in entry.translated)
    for key, entry in entries.items():
        for english in entry.english:
            for fragment in re.split(r"\{\w+\}", english):
                fragment = fragment.strip(" ,.:;()·\u2013\u2014●+/")
                # A fragment not in the text at all cannot match: most are not, and the
                # substring test spares compiling a pattern for each (seconds a page).
                if fragment not in text:
                    continue
                if len(re.sub(r"\W", "", fragment)) < 4 or fragment in translated:
                    continue
                if re.search(rf"(?<!\w){re.escape(fragment)}(?!\w)", text):
                    found.append(f"{key}: {fragment!r}")
    return found


def play_into_the_game(server: LiveServer, game: str, language: str) -> dict[str, Any]:
    """A table of ``game`` a few moves in, between a player of the page and a bot, created in
    ``language``."""
    with server.client() as http:
        response = http.post(
            "/api/tables",
            json={
                "game": game,
                "seats": [{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
            },
            headers={"Accept-Language": language},
        )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    rng = random.Random(7)
    with server.join(created["id"], created["tokens"]["0"]) as ada:
        for _ in range(4):
            state = ada.wait_until(lambda state: state["over"] or state["legal"].get("0"))
            if state["over"]:
                break
            ada.act(rng.choice(state["legal"]["0"]))
            ada.wait_until(lambda seen, turn=state["turn"]: seen["turn"] > turn)
    return created


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_games_table_and_rules_page_speak_the_browsers_language(
    server: LiveServer,
    browser: Any,
    shots: Path,
    english_rules: Callable[[str], list[str]],
    language: str,
    game: str,
) -> None:
    english = english_rules(game)
    created = play_into_the_game(server, game, language)
    context, page, errors = open_page(browser, language)
    try:
        open_at_seat(page, server.url, created)
        wait_for(page, "document.querySelector('.move-list .move')")
        shoot(page, shots / f"{game}-{language}.png", full_page=True)
        text = page.evaluate(GAME_TEXT, GAME_PARTS)
        assert text.strip()
        assert games_english_left(text, language) == []
        # The bot's default name is the table creator's words.
        assert i18n.Translator("games", language).text(
            "common.default_bot", level="Random", number=2
        ) in (page.inner_text(".player-list"))
        # The table's rules page: the English one, sentence for sentence, and none of its
        # sentences left in English. Read on the table already open, since a page of its own
        # for each language cost a page load of the table each (a third of this file's time).
        translated = rules_page_sentences(page, language, shots / f"rules-{game}-{language}.png")
        assert len(translated) == len(english)
        left = [sentence for sentence in english if len(sentence) > 12 and sentence in translated]
        assert left == []
        rules = "\n".join(translated)
        words = i18n.Translator("games", language)
        assert words.text("common.guide_options_table") in rules
        assert words.text("common.guide_first_seat", name="Ada") in rules
        assert games_english_left(rules, language) == []
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plug_in_games_table_speaks_its_own_words(
    server: LiveServer, browser: Any, language: str
) -> None:
    # A game from another package brings its words in its own folder
    # (tests/plugin/toy_cards/locale), and its view asks for them as a built-in game's does.
    created = server.create_table(
        game="test-toy",
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    context, page, errors = open_page(browser, language)
    try:
        open_at_seat(page, server.url, created)
        wait_for(page, "document.querySelector('.move-list .move')")
        text = page.evaluate(GAME_TEXT, GAME_PARTS)
        words = i18n.page_messages(language)
        nothing = str(words["test_toy.nothing"])
        assert str(words["test_toy.played"]).format(seat=1, cards=nothing) in text
        moves = page.evaluate(
            "[...document.querySelectorAll('.move-list .move')].map((node) => node.textContent)"
        )
        assert moves and all(
            move.startswith(str(words["test_toy.play"]).split("{")[0]) for move in moves
        ), moves
        assert games_english_left(text, language) == []
        assert errors == []
    finally:
        context.close()


#: Each sentence of an open rules page: its paragraphs, steps, points, captions and titles.
RULES_SENTENCES = """() => [...document.querySelectorAll(
    "dialog .rules-page :is(p, li, h3, figcaption, .with-caption span)")]
    .map((node) => node.innerText.trim()).filter(Boolean)"""


def rules_page_sentences(page: Any, language: str, shot: Path | None = None) -> list[str]:
    """The sentences of the rules page that the Rules button of the table open in ``page``
    shows in ``language``; with ``shot``, a picture of the open page there."""
    page.click(f"text={i18n.page_messages(language)['common.rules']}")
    page.wait_for_selector("dialog .rules-page")
    if shot is not None:
        shoot(page.locator("dialog"), shot)
    sentences: list[str] = page.evaluate(RULES_SENTENCES)
    return sentences


@pytest.fixture(scope="module")
def english_rules(server: LiveServer, browser: Any) -> Callable[[str], list[str]]:
    """A game's rules page at a table of Ada and a random bot in English, read once for the
    module: each language's rules page is compared with it."""
    read: dict[str, list[str]] = {}

    def sentences(game: str) -> list[str]:
        if game not in read:
            created = server.create_table(
                game=game,
                seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
            )
            context, page, errors = open_page(browser, "en")
            try:
                page.goto(server.url + created["url"])
                page.wait_for_selector(".player-list")
                read[game] = rules_page_sentences(page, "en")
                assert errors == []
            finally:
                context.close()
        return read[game]

    return sentences


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", ["3+4", "9\u22122", "6\u00d72", "8\u00f74"]),
        ("it", ["3+4", "9\u22122", "6\u00d72", "8:4"]),
        ("fi", ["3+4", "9\u22122", "6\u00b72", "8:4"]),
        ("eo", ["3+4", "9\u22122", "6\u00b72", "8:4"]),
    ],
)
def test_sums_are_written_with_the_languages_signs(
    server: LiveServer, browser: Any, language: str, written: list[str]
) -> None:
    page = PAGES.take(browser, DESKTOP, locale=BROWSER_LOCALES.get(language, "en-GB"))
    context = Lent(page)
    try:
        page.goto(f"{server.url}/")
        page.wait_for_selector("#create")
        shown = page.evaluate(
            """async () => {
                const view = await import("/games/sequence-numbers/view.js");
                const numbers = { game: "sequence-numbers" };
                return ["3+4", "9-2", "6*2", "8/4"].map((face) => view.faceText(face, numbers));
            }"""
        )
        assert shown == written
    finally:
        context.close()


def written_date(created: float, language: str) -> str:
    """A moment as each language writes a date and a time (CLDR's medium date and short time,
    the short form in Esperanto, which Chromium has no data for), in Rome."""
    moment = datetime.fromtimestamp(created, ZoneInfo("Europe/Rome"))
    day, month, year = moment.day, moment.month, moment.year
    hour, minute = moment.hour, moment.minute
    italian_month = get_month_names("abbreviated", locale="it")[month]
    return {
        "it": f"{day} {italian_month} {year}, {hour:02}:{minute:02}",
        "fi": f"{day}.{month}.{year} klo {hour}.{minute:02}",
        "eo": f"{year}-{month:02}-{day:02} {hour:02}:{minute:02}",
    }[language]


@pytest.mark.parametrize(
    ("language", "clock"), [("it", r"\d+:\d\d"), ("fi", r"\d+\.\d\d"), ("eo", r"\d+:\d\d")]
)
def test_dates_clocks_and_numbers_follow_the_page_s_language(
    server: LiveServer, browser: Any, language: str, clock: str
) -> None:
    """In a browser set to American English, a page in another language writes the lobby's
    dates, the players' clocks and numbers that language's way, not the browser's."""
    created = server.create_table(
        game="sequence",
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
        clock={"kind": "game", "game_minutes": 10, "increment_seconds": 5, "on_timeout": "bot"},
        listed=True,
    )
    with server.client() as http:
        moment = http.get(f"/api/tables/{created['id']}").json()["table"]["created"]
    page = PAGES.take(browser, DESKTOP, locale="en-US", timezone_id="Europe/Rome")
    context = Lent(page)
    try:
        # The player's choice written from a file of the origin, so that the lobby loads
        # once, already in that language.
        page.goto(f"{server.url}/static/icon.svg")
        page.evaluate(f"localStorage.setItem('sequenza.language', {language!r})")
        page.goto(f"{server.url}/")
        line = f'.tables-recent .table-line:has(a[href="/t/{created["id"]}"])'
        page.wait_for_selector(line)
        assert page.inner_text(f"{line} time") == written_date(moment, language)
        shown = page.evaluate(
            "import('/static/i18n.js').then((i18n) => i18n.formatNumber(1234567.5))"
        )
        assert shown == format_decimal(1234567.5, locale=language)  # CLDR's way
        open_at_seat(page, server.url, created)
        page.wait_for_selector(".player-clock")
        assert re.fullmatch(clock, page.inner_text(".player-clock")), page.inner_text(
            ".player-clock"
        )
    finally:
        context.close()


def test_the_picker_changes_the_language_and_is_remembered(
    server: LiveServer, browser: Any
) -> None:
    context, page, errors = open_page(browser, "it")
    try:
        page.goto(f"{server.url}/")
        page.wait_for_selector("#create")
        assert page.inner_text("#create") == "Inizia la partita"
        with page.expect_navigation():
            page.select_option("#language-picker", "fi")
        page.wait_for_selector("#create")
        assert page.evaluate("document.documentElement.lang") == "fi"
        assert page.inner_text("#create") == "Aloita peli"
        page.goto(f"{server.url}/t/nosuchtable")
        page.wait_for_selector(".notice.error")
        assert page.inner_text(".notice").startswith("Pöytää nosuchtable ei ole.")
        assert page.evaluate("document.documentElement.lang") == "fi"
        assert errors == []
    finally:
        context.close()


def test_a_refusal_reads_in_the_players_language(server: LiveServer, browser: Any) -> None:
    context, page, errors = open_page(browser, "eo")
    try:
        page.goto(f"{server.url}/")
        page.wait_for_selector("#create")
        message = page.evaluate(
            """async () => {
                const { api } = await import("/static/api.js");
                try {
                    await api("/api/tables/nosuchtable/record");
                } catch (error) {
                    return error.message;
                }
            }"""
        )
        assert message == "tia tablo ne ekzistas"
        # Chromium has no Esperanto number data: the catalogue's CLDR signs stand in.
        written = page.evaluate(
            """async () => (await import("/static/i18n.js")).formatNumber(1234.5)"""
        )
        assert written == "1\u202f234,5"
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_move_that_cannot_be_taken_back_says_why_in_the_pages_language(
    server: LiveServer, browser: Any, shots: Path, language: str
) -> None:
    created = server.create_table(
        game="sequence",
        seed=2,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    context, page, errors = open_page(browser, language)
    try:
        open_at_seat(page, server.url, created)
        wait_for(page, "document.querySelector('.move-list .move')")
        # Every move of the classic game draws a card: it cannot be taken back.
        page.evaluate("window.sequenzaTable.act(window.sequenzaTable.message.legal['0'][0])")
        page.wait_for_selector(".undo-note")
        wait_for(page, "window.sequenzaTable.message.to_act === 0")
        assert page.evaluate("window.sequenzaTable.message.undo.reason") == "move_revealed"
        words = i18n.Translator("page", language)
        reason = words.text("undo.reason_move_revealed")
        assert page.inner_text(".undo-note") == words.text("undo.cannot", reason=reason)
        assert page.is_disabled("#undo") and page.get_attribute("#undo", "title") == reason
        assert english_left(page.inner_text(".undo-note"), language) == []
        shoot(page, shots / f"undo-refused-{language}.png", full_page=True)
        assert errors == []
    finally:
        context.close()


def test_the_server_words_its_refusals_in_the_language_the_player_chose(
    server: LiveServer, browser: Any
) -> None:
    # An Italian browser whose player chose Finnish: the server answers in Finnish.
    context, page, errors = open_page(browser, "it")
    try:
        page.goto(f"{server.url}/static/icon.svg")
        page.evaluate("localStorage.setItem('sequenza.language', 'fi')")
        page.goto(f"{server.url}/")
        page.wait_for_selector("#create")
        refused = page.evaluate(
            """async () => {
                const { api } = await import("/static/api.js");
                try {
                    const body = { game: "test-toy", options: { hand_size: 9 } };
                    await api("/api/tables", { method: "POST", body });
                } catch (error) {
                    return [error.code, error.status, error.message];
                }
            }"""
        )
        # The page has no words of its own for this code: it shows the server's sentence.
        assert "error.bad_option" not in i18n.page_messages("fi")
        assert refused == [
            "bad_option",
            400,
            i18n.Translator("page", "fi").text("problem.bad_option"),
        ]
        assert errors == []
    finally:
        context.close()


def test_a_bots_trouble_is_told_in_the_pages_language(
    browser: Any, shots: Path, tmp_path: Path
) -> None:
    import tests.app.web.failing_bots  # noqa: F401  (registers the failing bots)

    database = f"sqlite:///{tmp_path / 'tables.db'}"
    with live_server(database, bot_workers=BotWorkers(1, move_timeout=2.0)) as running:
        created = running.create_table(
            game="test-toy",
            seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "test-raise"}],
            seed=2,
        )
        context, page, errors = open_page(browser, "it")
        try:
            open_at_seat(page, running.url, created)
            page.wait_for_selector(".player-list")
            with running.join(created["id"], created["tokens"]["0"]) as ada:
                ada.wait_for("state")
                ada.act(ada.state["legal"]["0"][0])
                seen = ada.wait_until(lambda state: state["table"]["bot_error"] is not None, 30)
            # The banner says it in Italian, naming the bot as the table names that seat.
            bot = seen["table"]["seats"][1]["name"]
            said = str(i18n.page_messages("it")["bot_problem.failed"]).replace("{bot}", bot)
            wait_for(
                page, f"document.querySelector('.banner').innerText.includes({json.dumps(said)})"
            )
            shoot(page, shots / "bot-trouble-it.png")
            assert errors == []
        finally:
            context.close()


def test_a_hint_is_marked_and_worded_in_the_pages_language_and_counted_at_the_end(
    server: LiveServer, browser: Any, shots: Path
) -> None:
    language = "it"
    words = i18n.page_messages(language)
    context, page, errors = open_page(browser, language)
    try:
        # A table with hints: the hint marks its move on the board and in the moves' list, and
        # says why in the page's words.
        created = server.create_table(
            game="sequence-numbers",
            seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "greedy"}],
            hints=True,
        )
        open_at_seat(page, server.url, created)
        page.click("#hint-button")
        page.wait_for_selector(".hint-reason")
        reason = page.inner_text(".hint-reason")
        assert reason.startswith(str(words["hint.text"]).split("{")[0]), reason
        marked = page.eval_on_selector_all(
            ".move-list .hint-move", "buttons => buttons.map(b => b.dataset.action)"
        )
        assert len(marked) == 1
        assert page.eval_on_selector_all(".board .hint-move", "parts => parts.length") >= 1
        shoot(page, shots / f"hint-{language}.png", full_page=True)
        # The end screen counts the hints each player asked for.
        page.click(".tools-resign button")
        page.click("#resign-confirm")
        page.wait_for_selector(".end-hints")
        assert "1" in page.inner_text(".end-hints")
        assert errors == []
    finally:
        context.close()


#: Italian school signs for a sum card's face ("12-2" -> "12−2").
ITALIAN_SIGNS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": ":"}


def test_a_learners_hint_shows_every_place_of_a_picked_card_with_its_sum(
    server: LiveServer, browser: Any, shots: Path
) -> None:
    language = "it"
    words = i18n.page_messages(language)
    context, page, errors = open_page(browser, language)
    try:
        # A teacher turns the option on in the lobby; only a game whose view words it has it.
        page.goto(f"{server.url}/")
        page.click('.game-choice[data-game="sequentia-shift"]')
        assert page.is_hidden(".learner-hints-option")
        page.click('.game-choice[data-game="sequence-numbers"]')
        page.check("#learner-hints")
        page.select_option("#players", "2")
        page.fill('input[name="name-0"]', "Ada")
        page.select_option('select[name="seat-1"]', "bot:random")
        page.click("#create")
        page.wait_for_url("**/t/*")
        page.wait_for_selector(".hand .pcard.playable")
        seen = page.evaluate(
            "(() => { const page = window.sequenzaTable, now = page.current;"
            " return { legal: now.legal, board: now.observation.board, table: page.table }; })()"
        )
        assert seen["table"]["learner_hints"] is True
        plays: dict[str, list[str]] = {}
        for action in seen["legal"]:
            verb, face, *rest = action.split(" ")
            if verb == "play" and face not in ("plus", "minus"):
                plays.setdefault(face, []).append(rest[0])
        face, places = next(iter(plays.items()))
        sum_parts = re.fullmatch(r"(\d+)([-+*/])(\d+)", face)
        assert sum_parts is not None
        left, sign, right = sum_parts.groups()
        labels = [label for row in seen["board"] for label in row.split()]
        index = "ABCDEFGHIJ".index(places[0][0]) + 10 * int(places[0][1])
        result = labels[index].replace("-", "\u2212")
        page.click(f'.hand .pcard[data-part="hand:{face}"]')
        page.wait_for_selector(".learner-note")
        # Each place of the card shows its sum over its number, and says it to a screen reader.
        noted = page.eval_on_selector_all(
            ".space:has(.learner-note)",
            "spaces => spaces.map(s => [s.dataset.part,"
            " s.querySelector('.learner-note').textContent,"
            " s.getAttribute('aria-label'), s.classList.contains('playable')])",
        )
        written = f"{left}{ITALIAN_SIGNS[sign]}{right}"
        sign_key = {"+": "plus", "-": "minus", "*": "times", "/": "divided"}[sign]
        spoken = str(words[f"sequence_numbers.spoken_{sign_key}"]).format(left=left, right=right)
        said = str(words["sequence_numbers.learner_spoken"]).format(sum=spoken, result=result)
        assert sorted(part for part, *_ in noted) == sorted(f"space:{name}" for name in places)
        for part, note, label, playable in noted:
            assert note == f"{written}=" and playable
            assert label.startswith(part.split(":")[1]) and label.endswith(f", {said}"), label
        spaced = f"{left} {ITALIAN_SIGNS[sign]} {right}"
        joined = str(words["common.and"]).format(first=", ".join(places[:-1]), last=places[-1])
        line = str(words["sequence_numbers.learner_places"]).format(
            sum=spaced, result=result, places=joined if len(places) > 1 else places[0]
        )
        assert page.inner_text(".learner-line") == line
        shoot(page, shots / f"learner-hint-{language}.png", full_page=True)
        # Put back, the card's words go with it.
        page.click(f'.hand .pcard[data-part="hand:{face}"]')
        assert page.eval_on_selector_all(".learner-note", "notes => notes.length") == 0
        assert page.inner_text(".learner-line") == ""
        plain = {part: label.removesuffix(f", {said}") for part, _, label, _ in noted}
        labels_now = page.evaluate(
            "(parts) => parts.map(part =>"
            " document.querySelector(`[data-part='${part}']`).getAttribute('aria-label'))",
            list(plain),
        )
        assert labels_now == list(plain.values())
        # A space of that number that holds a chip already is named as taken: the view drawn
        # again with a chip on the first place, the card leading to the other one only.
        taken = page.evaluate(
            """async ([face, first, other]) => {
                const view = await import("/games/sequence-numbers/view.js");
                const page = window.sequenzaTable;
                const observation = structuredClone(page.current.observation);
                const index = "ABCDEFGHIJ".indexOf(first[0]) + 10 * Number(first.slice(1));
                const [row, column] = [Math.floor(index / 10), index % 10];
                const chips = observation.chips[row];
                observation.chips[row] = chips.slice(0, column) + "1" + chips.slice(column + 1);
                const board = view.render(observation, page.context(0, []));
                const parts = [`hand:${face}`, `space:${other}`];
                view.learnerPlaces(board, [parts[0]], [{ action: "", parts }], observation);
                const line = board.querySelector(".learner-line").textContent;
                return [board.querySelectorAll(".learner-note").length, line];
            }""",
            [face, places[0], places[-1]],
        )
        one_taken = words["sequence_numbers.learner_taken"]
        assert isinstance(one_taken, dict)
        taken_words = str(one_taken["one"]).format(places=places[0])
        assert taken[0] == 1 and taken[1].endswith(taken_words), taken
        assert errors == []
    finally:
        context.close()
