"""The real page in Debian's Chromium, driven by Playwright: a whole game of every kind played
by clicking legal moves on the board, phone-sized pages, the hotseat screen, invitation links
and replays. Set SEQUENZA_SCREENSHOTS=DIR to keep a PNG of every game's page."""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sequenza
from tests.app.web.browser_pages import PAGES
from tests.app.web.conftest import CHROMIUM
from tests.app.web.server_harness import LiveServer, live_server

GAMES = [
    "sequentia-shift",
    "sequentia-stack",
    "sequentia-cross",
    "sequence",
    "sequence-numbers",
    "sequence-stacks",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}

# What a page is ready for: the end, the hotseat cover, or a move of its own.
READY = """() => {
    const table = window.sequenzaTable;
    if (!table || !table.message) return false;
    if (table.message.over) return "over";
    if (document.querySelector("#reveal")) return "reveal";
    if (!table.pending && document.querySelector(".move-list .move")) return "move";
    return false;
}"""

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = tmp_path_factory.mktemp("browser") / "tables.db"
    with live_server(f"sqlite:///{database}") as running:
        yield running


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SEQUENZA_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


#: Screenshots are for people, and taken only when SEQUENZA_SCREENSHOTS names a folder to keep
#: them in: no test reads one, and each costs the browser a tenth to a quarter of a second of
#: CPU (a whole page the most), about a hundred of them in a run.
KEEP_SHOTS = bool(os.environ.get("SEQUENZA_SCREENSHOTS"))


def shoot(target: Any, path: Path | str, *, full_page: bool = False) -> None:
    """A screenshot of a page (the whole page with ``full_page``) or of a locator's element
    at ``path``, when screenshots are asked for."""
    if not KEEP_SHOTS:
        return
    if full_page:
        target.screenshot(path=str(path), full_page=True)
    else:
        target.screenshot(path=str(path))


class Screen:
    """One browser page at a Sequenza table, with the errors its scripts raised."""

    def __init__(self, browser: Any, viewport: dict[str, int], *, motion: bool = False) -> None:
        # Without motion (as a player may ask), the board's pieces land at once instead of
        # gliding for 0.4 s, which every click and screenshot would otherwise wait out.
        reduced_motion = "no-preference" if motion else "reduce"
        self.page = PAGES.take(browser, viewport, reduced_motion=reduced_motion)
        self.context = self.page.context
        self.errors: list[str] = []
        PAGES.listen(self.page, "pageerror", lambda error: self.errors.append(str(error)))
        # What the content security policy blocks shows only on the console.
        PAGES.listen(self.page, "console", self._note_blocked)

    def _note_blocked(self, message: Any) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            self.errors.append(message.text)

    def close(self) -> None:
        PAGES.give_back(self.page)

    def wait_for_turn(self) -> str:
        """'over', 'reveal' (the hotseat cover) or 'move', once the page is ready for it."""
        return str(wait_for(self.page, f"({READY})()"))

    def ready(self) -> str | bool:
        """The same, now: False while the page waits for someone else."""
        value: str | bool = self.page.evaluate(f"({READY})()")
        return value

    def at(self) -> str:
        """What the page holds now: enough to tell why a click found nothing to click."""
        return str(
            self.page.evaluate(
                """() => {
                const table = window.sequenzaTable;
                return JSON.stringify({
                    turn: table.message && table.message.turn,
                    pending: table.pending,
                    selected: table.selected,
                    legal: table.current && table.current.legal,
                    playable: [...document.querySelectorAll(".board .playable")].map(
                        (element) => element.dataset.part),
                    toast: document.querySelector(".toast")?.textContent,
                });
            }"""
            )
        )

    def play_move(self, rng: random.Random) -> str:
        """Pick a legal move and make it the way a player does: board parts, then buttons."""
        moves = self.page.eval_on_selector_all(
            ".move-list .move",
            "buttons => buttons.map(b => [b.dataset.action, JSON.parse(b.dataset.parts)])",
        )
        # Claims end games sooner; otherwise any move.
        preferred = [move for move in moves if move[0].split(" ")[0] in {"claim", "mark"}]
        action, parts = rng.choice(preferred or moves)
        sent = self.page.evaluate("window.sequenzaTable.sent")
        for part in parts:
            try:
                self.page.click(f'.board [data-part="{part}"].playable')
            except playwright_api.TimeoutError as error:
                raise AssertionError(
                    f"{part} of {action!r} never became playable: {self.at()}, {self.errors}"
                ) from error
        if parts and self.page.evaluate("window.sequenzaTable.sent") == sent:
            self.page.click(f'.actionbar button.choice[data-action="{action}"]')
        elif not parts:
            self.page.click(f'.actionbar button[data-action="{action}"]')
        return str(action)


def wait_for(page: Any, expression: str, timeout: float = 15) -> Any:
    """The first truthy value of ``expression`` in the page. Polled from here, since
    Playwright's own ``wait_for_function`` compiles its predicate with ``eval``, which the
    page's content security policy rightly forbids."""
    deadline = time.monotonic() + timeout
    while not (value := page.evaluate(expression)):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{expression} stayed false for {timeout} s")
        time.sleep(0.05)
    return value


@pytest.fixture
def screen(browser: Any) -> Iterator[Screen]:
    opened = Screen(browser, DESKTOP)
    yield opened
    opened.close()


# Random players seldom claim in Shift, so under its default rules a game plays the whole deck
# out one exchange at a time, thousands of moves; the idle_rounds net, set in the lobby's
# rule options, ends it within the test's budget.
OPTIONS = {"sequentia-shift": {"idle_rounds": "5"}}

#: Every move of a whole game clicked through the page takes a minute a game. The tests click
#: a game's opening and its last moves, and play its middle over the table's websocket with
#: the page's own seat token, as the player's other device would, while the page follows.
#: SEQUENZA_WHOLE_GAMES=1 clicks every move (bench/browser_games.py times them).
WHOLE_GAMES = bool(os.environ.get("SEQUENZA_WHOLE_GAMES"))

#: The turn from which the page clicks again: some 16 turns before a game of random moves
#: (claims first) usually ends, by the median length of 40 seeded games of each.
LAST_CLICKS_FROM = {
    "sequentia-shift": 24,
    "sequentia-stack": 74,
    "sequentia-cross": 25,
    "sequence": 65,
    "sequence-numbers": 46,
    "sequence-stacks": 129,
}


#: The moves clicked from LAST_CLICKS_FROM on, claims first (many games end within them; the
#: rest is played over the socket, and bench/browser_games.py clicks every move).
LATE_CLICKED_MOVES = 4


def start_from_lobby(screen: Screen, server: LiveServer, game: str) -> None:
    page = screen.page
    page.goto(f"{server.url}/")
    page.click(f'.game-choice[data-game="{game}"]')
    if game in OPTIONS:
        page.click(".options-details summary")
        for name, value in OPTIONS[game].items():
            page.fill(f"#option-{name}", value)
    page.select_option("#players", "2")
    page.fill('input[name="name-0"]', "Ada")
    page.select_option('select[name="seat-1"]', "bot:random")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".player-list")


def play_seat_by_socket(
    server: LiveServer,
    page: Any,
    rng: random.Random,
    until_turn: int | None = None,
    *,
    away: bool = False,
) -> None:
    """Seat 0's moves, random and legal (claims first, as ``Screen.play_move`` picks), sent
    over a websocket of its own with the seat token the page holds, until the table's turn
    reaches ``until_turn`` or the game ends; the page follows every move, unless ``away``.

    ``away``: the page leaves the table while they are made and comes back for what follows,
    as a player's first device does while the second plays on. Chromium then draws none of
    them, where it redraws the board for each move it follows (about 30 ms of its main
    thread a move on the 10x10 boards); the tests that follow a long run of moves made
    elsewhere keep the page at the table (test_the_end_screen_after_a_whole_game, a whole
    game of Sequentia Stack, and test_a_whole_game_through_the_page for Sequence)."""
    table_id = page.url.split("/t/")[1]
    address = page.url
    token = page.evaluate(
        f"JSON.parse(localStorage.getItem('sequenza.tables'))[{table_id!r}].seats['0']"
    )
    if away:
        page.goto("about:blank")
    with server.join(table_id, token) as player:
        while True:
            state = player.wait_until(lambda state: state["over"] or state["legal"].get("0"))
            if state["over"] or (until_turn is not None and state["turn"] >= until_turn):
                break
            actions = state["legal"]["0"]
            preferred = [action for action in actions if action.split(" ")[0] in {"claim", "mark"}]
            player.play(rng.choice(preferred or actions))
    if away:
        page.goto(address)
        page.wait_for_selector(".player-list")
    # The page has caught up: it neither shows an earlier turn nor offers a move made.
    wait_for(page, f"window.sequenzaTable.message.turn >= {state['turn']}")


@pytest.mark.parametrize("game", GAMES)
def test_the_log_shows_the_servers_sentences_naming_the_players(
    game: str, server: LiveServer, screen: Screen, shots: Path
) -> None:
    page = screen.page
    start_from_lobby(screen, server, game)
    rng = random.Random(3)
    for _ in range(4):
        if screen.wait_for_turn() != "move":
            break
        screen.play_move(rng)
    screen.wait_for_turn()
    events = page.evaluate("window.sequenzaTable.log")
    # The sentences as the server worded them: a card drawn small in the log reads as its code.
    lines = page.eval_on_selector_all(
        ".log-list li",
        """items => items.map(item => {
            const copy = item.cloneNode(true);
            for (const card of copy.querySelectorAll(".mini-card")) card.replaceWith(card.title);
            return copy.textContent;
        })""",
    )
    assert lines == [event["text"] for event in events][-300:]
    assert any(line.startswith("Random bot 2") for line in lines)
    assert any(line.startswith("You") for line in lines)
    assert not any("seat" in line or "{" in line for line in lines)
    shoot(page.locator(".log-panel"), shots / f"{game}-log.png")
    # The same page, a few moves in, is the view's check too (a page of its own per game
    # played the same four moves again).
    assert_the_view_drew_an_observation_that_validates(screen, game)
    assert screen.errors == []


#: Resolves once the pieces have landed: the glides still running (flip.js) have finished.
#: The page's CSS animations are left out: the banner's while-waiting pulse never ends.
LANDED = """() => Promise.all(document.getAnimations()
    .filter((animation) => !(animation instanceof CSSAnimation))
    .map((animation) => animation.finished.catch(() => null))).then(() => true)"""


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_sized_page_fits_and_plays(
    game: str, server: LiveServer, browser: Any, shots: Path
) -> None:
    # With motion, as most players have it: the pieces glide, and the page raises no error.
    phone = Screen(browser, PHONE, motion=True)
    try:
        start_from_lobby(phone, server, game)
        rng = random.Random(1)
        for _ in range(2):
            if phone.wait_for_turn() != "move":
                break
            phone.play_move(rng)
        phone.wait_for_turn()
        page = phone.page
        # Measured once every piece has landed: a glide under way moves it from elsewhere.
        assert page.evaluate(LANDED)
        shoot(page, shots / f"{game}-phone.png", full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{game} overflows a phone screen: {width}px wide"
        assert phone.errors == []
    finally:
        phone.close()


# What the terminal's rules say and a page must not: verbs with positions ("slide 5 4",
# "claim 1"), 0-based seats, option names.
CLI_SYNTAX = re.compile(
    r"\b(slide|claim|hole|refill|place|play|remove|mark|dead|discard|exchange) [0-9]"
    r"|\bseat [0-9]|_"
)


def test_the_rules_are_one_click_away(server: LiveServer, screen: Screen, shots: Path) -> None:
    start_from_lobby(screen, server, "sequentia-shift")
    screen.page.click("text=Rules")
    screen.page.wait_for_selector("dialog .rules-page")
    text = screen.page.inner_text("dialog .rules-page")
    assert "Up to 6 slides a turn" in text and "Ada starts" in text
    assert "bonus card" in text  # what the "+" means
    assert CLI_SYNTAX.search(text) is None, CLI_SYNTAX.search(text)
    assert screen.page.locator("dialog .rules-figure .scard").count() >= 4
    shoot(screen.page.locator("dialog"), shots / "rules-shift.png")
    assert screen.errors == []


def test_the_lobby_shows_the_rules_with_the_default_options(
    server: LiveServer, screen: Screen
) -> None:
    page = screen.page
    page.goto(f"{server.url}/")
    page.click('.game-choice[data-game="sequence-stacks"]')
    page.click(".new-table button.link")
    page.wait_for_selector("dialog .rules-page")
    text = page.inner_text("dialog .rules-page")
    assert "Options (the defaults" in text and "draw up to 5 cards" in text
    assert CLI_SYNTAX.search(text) is None, CLI_SYNTAX.search(text)
    assert screen.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_page_speaks_the_pages_words(
    game: str, server: LiveServer, screen: Screen
) -> None:
    created = server.create_table(
        game=game, seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Ben"}]
    )
    screen.page.goto(server.url + created["url"])
    screen.page.wait_for_selector(".player-list")
    screen.page.click("text=Rules")
    screen.page.wait_for_selector("dialog .rules-page")
    text = screen.page.inner_text("dialog .rules-page")
    assert CLI_SYNTAX.search(text) is None, CLI_SYNTAX.search(text)
    assert "This table's options" in text and "Ada starts" in text
    assert screen.page.locator("dialog .rules-figure").count() >= 2
    # An option that is off (0) is not described as a rule ("ends after 0 full rounds").
    assert not re.search(r"\b0 full rounds?\b", text), text
    assert screen.errors == []


def test_hotseat_hides_each_hand_until_its_player_taps_in(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequence",
        seed=11,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "hotseat", "name": "Ben"}],
    )
    truth = sequenza.make("sequence", players=2, seed=11)
    page = screen.page
    page.goto(server.url + "/")
    entry = {created["id"]: {"seats": created["tokens"], "invites": {}}}
    page.evaluate(f"localStorage.setItem('sequenza.tables', {json.dumps(json.dumps(entry))})")
    page.goto(server.url + created["url"])
    page.wait_for_selector(".player-list")
    # Every banner the page shows, with whether the cover was up and a hand in sight then.
    page.evaluate(
        """() => {
        window.banners = [];
        const banner = document.querySelector(".banner");
        new MutationObserver(() => window.banners.push({
            text: banner.textContent,
            cover: !document.querySelector(".cover").hidden,
            hand: document.querySelectorAll(".board .hand .pcard").length,
        })).observe(banner, { childList: true, characterData: true, subtree: true });
    }"""
    )
    for seat, name in [(0, "Ada"), (1, "Ben"), (0, "Ada")]:
        assert screen.wait_for_turn() == "reveal"
        assert f"Pass the device to {name}" in page.inner_text(".cover")
        assert page.locator(".board .pcard").count() == 0
        if seat == 1:
            shoot(page, shots / "hotseat-cover.png")
        page.click("#reveal")
        assert screen.wait_for_turn() == "move"
        shown = page.eval_on_selector_all(".hand .pcard", "cards => cards.map(c => c.title)")
        assert shown == truth.observation(seat)["hand"]
        action = screen.play_move(random.Random(seat))
        truth.apply(action)
    # Each mover saw their move land, their own hand still there, before the cover came down.
    banners = page.evaluate("window.banners")
    for mover, next_name in [("Ada", "Ben"), ("Ben", "Ada")]:
        landing = [b for b in banners if b["text"] == f"Pass the device to {next_name}"]
        assert landing and all(not b["cover"] and b["hand"] > 0 for b in landing), mover
    assert screen.errors == []


def test_a_friend_joins_with_the_invitation_link(
    server: LiveServer, browser: Any, screen: Screen
) -> None:
    page = screen.page
    page.goto(f"{server.url}/")
    page.click('.game-choice[data-game="sequentia-cross"]')
    page.select_option('select[name="seat-1"]', "invite")
    page.fill('input[name="name-1"]', "Friend")
    page.click("#create")
    page.wait_for_selector(".invite-link")
    link = page.input_value(".invite-link")
    # The link holds an invitation code, not the seat's token: the creator never holds that.
    assert "#invite=" in link and "#join" not in link
    created = json.loads(page.evaluate("localStorage.getItem('sequenza.tables')"))
    (entry,) = created.values()
    assert set(entry["invites"]) == {"1"} and set(entry["seats"]) == {"0"}
    friend = Screen(browser, PHONE)
    try:
        friend.page.goto(link)
        # The friend names themself: the creator's name for the seat is the suggestion.
        friend.page.wait_for_selector("#name-input")
        assert friend.page.input_value("#name-input") == "Friend"
        friend.page.fill("#name-input", "Fiona")
        friend.page.click("#name-save")
        friend.page.wait_for_selector(".player-list")
        assert "#invite" not in friend.page.url
        wait_for(page, "document.querySelector('.player-list').textContent.includes('Fiona')")
        wait_for(
            page, "document.querySelector('.invite-panel .hint').textContent.includes('Everyone')"
        )
        # The creator's panel shows the seat taken, its spent link gone.
        wait_for(page, "document.querySelector('.invite.claimed .invite-claimed') !== null")
        assert page.query_selector(".invite-panel .invite-link") is None
        # The link opened a second time, on another device: the seat is taken, it says so.
        stranger = Screen(browser, PHONE)
        try:
            stranger.page.goto(link)
            stranger.page.wait_for_selector(".claim-notice:not([hidden])")
            assert "already used" in stranger.page.inner_text(".claim-notice")
            assert "#invite" not in stranger.page.url
        finally:
            stranger.close()
        rng = random.Random(3)
        played = {screen: 0, friend: 0}
        while min(played.values()) < 4:
            for player in (screen, friend):
                state = player.ready()
                assert state != "over", "the game ended before both played"
                if state == "move":
                    player.play_move(rng)
                    played[player] += 1
            page.wait_for_timeout(50)
        # Each screen shows its own hand only.
        own = friend.page.eval_on_selector_all(
            ".hand .scard", "cards => cards.map(c => c.dataset.card)"
        )
        mine = page.eval_on_selector_all(".hand .scard", "cards => cards.map(c => c.dataset.card)")
        assert own and mine and not set(own) & set(mine)
        assert friend.errors == [] and screen.errors == []
    finally:
        friend.close()


def test_a_wrong_invitation_link_watches_instead(server: LiveServer, screen: Screen) -> None:
    created = server.create_table(
        game="sequentia-stack", seats=[{"kind": "hotseat"}, {"kind": "invite"}]
    )
    screen.page.goto(f"{server.url}{created['url']}#join=1.forged-token")
    screen.page.wait_for_selector(".toast:not([hidden])")
    assert "spectator" in screen.page.inner_text(".toast")


def test_an_unknown_table_says_so(server: LiveServer, screen: Screen) -> None:
    screen.page.goto(f"{server.url}/t/nosuchtable")
    screen.page.wait_for_selector(".notice.error")
    assert "There is no table nosuchtable" in screen.page.inner_text(".notice")


def open_seats(screen: Screen, server: LiveServer, created: dict[str, Any], *seats: int) -> None:
    """Open the table on ``screen`` holding ``seats`` (none: watching), as its links would."""
    page = screen.page
    # The browser's storage is its origin's: a file of the origin that runs no script is
    # enough to write it, where the lobby would load the whole page first.
    page.goto(server.url + "/static/icon.svg")
    tokens = {str(seat): created["tokens"][str(seat)] for seat in seats}
    entry = {created["id"]: {"seats": tokens, "invites": {}}}
    page.evaluate(f"localStorage.setItem('sequenza.tables', {json.dumps(json.dumps(entry))})")
    page.goto(server.url + created["url"])
    page.wait_for_selector(".player-list")


class Cable:
    """The page's websocket to the server, through a switch the test can open: while it is
    off, every connection the page opens is closed at once, as when the server is down."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.up = True
        page.route_web_socket("**/ws/tables/*", self._route)

    def _route(self, socket: Any) -> None:
        if self.up:
            socket.connect_to_server()
        else:
            socket.close()

    def cut(self) -> None:
        self.up = False
        self.page.evaluate("window.sequenzaTable.socket.close()")
        wait_for(self.page, "!window.sequenzaTable.online")

    def mend(self) -> None:
        self.up = True


def played_actions(server: LiveServer, table_id: str) -> list[str]:
    """Every action the server has played at the table, as a spectator's log shows them."""
    with server.join(table_id) as spectator:
        spectator.wait_for("state")
        return [event["action"] for event in spectator.log if event["event"] == "action"]


def test_a_move_made_offline_is_sent_when_the_connection_returns(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequentia-shift",
        seed=3,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Ben"}],
    )
    page = screen.page
    cable = Cable(page)
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    cable.cut()
    action = screen.play_move(random.Random(1))
    # Until the next reconnection attempt the banner says "Not connected"; once one has failed
    # it says "Connection lost: reconnecting…": either way it names the move and keeps it.
    banner = page.inner_text(".banner")
    assert "Not connected" in banner or "Connection lost" in banner, banner
    assert "will be sent" in banner, banner
    assert page.evaluate("window.sequenzaTable.pending")
    shoot(page, shots / "offline-kept.png")
    assert played_actions(server, created["id"]) == []
    # The browser keeps it through a reload while still offline.
    page.reload()
    wait_for(page, "document.querySelector('.banner')?.textContent.includes('is kept')")
    assert page.evaluate("window.sequenzaTable.pending")
    cable.mend()
    wait_for(page, "!window.sequenzaTable.pending && window.sequenzaTable.message.turn === 1")
    assert played_actions(server, created["id"]) == [action]
    assert "Sent after reconnecting" in page.inner_text(".toast")
    assert page.locator(".refusal:not([hidden])").count() == 0
    shoot(page, shots / "offline-sent.png")
    assert screen.errors == []


def test_a_sent_move_shows_it_is_on_its_way_until_the_server_answers(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    """The network goes quiet with the socket still open: the move says it is being sent,
    and when no answer comes the page says so, connects again and the move lands once."""
    created = server.create_table(
        game="sequentia-shift",
        seed=3,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Ben"}],
    )
    page = screen.page
    held: list[str] = []

    def route(socket: Any) -> None:
        to_server = socket.connect_to_server()

        def from_page(message: str | bytes) -> None:
            # The first move sent never reaches the server, nor does an answer come back.
            if not held and isinstance(message, str) and json.loads(message)["type"] == "act":
                held.append(message)
            else:
                to_server.send(message)

        socket.on_message(from_page)

    page.route_web_socket("**/ws/tables/*", route)
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    page.evaluate("window.sequenzaTable.answerWait = 600000")
    action = screen.play_move(random.Random(1))
    wait_for(page, "document.querySelector('.banner').textContent.startsWith('Sending “')")
    assert page.get_attribute(".banner", "class") == "banner wait"
    assert page.evaluate("window.sequenzaTable.pending")
    assert page.locator(".board.pending").count() == 1
    shoot(page, shots / "sending.png")
    # The wait runs out (its timer, called now rather than waited for).
    page.evaluate("window.sequenzaTable.noAnswer(window.sequenzaTable.outbox)")
    assert page.inner_text(".banner").startswith("No answer for “")
    wait_for(page, "!window.sequenzaTable.pending && window.sequenzaTable.message.turn === 1")
    assert played_actions(server, created["id"]) == [action]
    assert page.locator(".refusal:not([hidden])").count() == 0
    assert len(held) == 1 and screen.errors == []


def test_a_move_made_offline_is_refused_aloud_when_the_table_moved_on(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequence",
        seed=5,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Ben"}],
    )
    page = screen.page
    cable = Cable(page)
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    cable.cut()
    action = screen.play_move(random.Random(2))
    # Meanwhile the same seat plays another move from elsewhere (its other device).
    with server.join(created["id"], created["tokens"]["0"]) as elsewhere:
        state = elsewhere.wait_for("state")
        other = next(move for move in state["legal"]["0"] if move != action)
        elsewhere.act(other)
        elsewhere.wait_until(lambda position: position["turn"] == 1)
    cable.mend()
    page.wait_for_selector(".refusal:not([hidden])")
    refusal = page.inner_text(".refusal")
    assert "was not played" in refusal and "moved on" in refusal and "Ada played" in refusal
    assert not page.evaluate("window.sequenzaTable.pending")
    assert played_actions(server, created["id"]) == [other]
    shoot(page, shots / "offline-refused.png")
    assert screen.errors == []


@pytest.mark.slow
def test_the_end_screen_after_a_whole_game(server: LiveServer, screen: Screen, shots: Path) -> None:
    created = server.create_table(
        game="sequentia-stack",
        seed=8,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "greedy"}],
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    # A move clicked, then the rest of the game over the seat's own socket (the end is the
    # subject here; test_a_whole_game_through_the_page clicks the ends of games).
    rng = random.Random(8)
    assert screen.wait_for_turn() == "move"
    screen.play_move(rng)
    play_seat_by_socket(server, page, rng)
    assert screen.wait_for_turn() == "over"
    page.wait_for_selector(".end-screen:not([hidden])")
    result = page.evaluate("window.sequenzaTable.message.result")
    title = page.inner_text(".end-title")
    bot = page.inner_text('.player[data-seat="1"] .player-name')
    expected = {(0,): "You won", (1,): f"{bot} won", (0, 1): "A draw"}
    assert title == expected[tuple(result["winners"])]
    table = page.inner_text(".end-table")
    assert "Cards collected" in table and "Claims" in table and "Biggest claim" in table
    rows = page.locator(".end-table tbody tr")
    assert rows.count() == 2
    for seat in (0, 1):
        score = page.inner_text(f'.end-table tr[data-seat="{seat}"] td.num')
        assert float(score) == result["scores"][seat]
    turn = page.evaluate("window.sequenzaTable.message.turn")
    assert f"({turn} moves)" in page.inner_text(".end-length")
    # Why it ended and what happened, in the server's sentences, the bot by its name.
    assert page.inner_text(".end-reason") == "The deck and every hand are empty."
    log = page.locator(".log-list li").all_inner_texts()
    assert log[-1].startswith("The deck and every hand are empty. ")
    assert any(line.startswith(f"{bot}: ") for line in log)
    assert any(line.startswith("You: ") for line in log)
    # A review of Ada's moves against the strongest bot: her moves listed, the costliest
    # marked, each shown in the replay with the better move marked on the board.
    page.click("#end-review")
    page.wait_for_selector(".review-list")
    assert "against the strongest bot" in page.inner_text(".review-title")
    played = [line for line in log if line.startswith("You: ")]
    assert 0 < page.locator(".review-table tbody tr").count() <= len(played)
    assert 1 <= page.locator(".review-costly").count() <= 3
    shoot(page, shots / "end-screen.png", full_page=True)
    with page.expect_download() as download:
        page.click("#end-download")
    record = json.loads(Path(download.value.path()).read_text())
    assert record["game"] == "sequentia-stack" and len(record["actions"]) == turn
    page.locator(".review-costly .review-show").first.click()
    page.wait_for_selector(".review-note")
    assert page.locator(".end-screen:not([hidden])").count() == 0
    assert page.locator(".review-jump").count() == page.locator(".review-costly").count()
    assert page.inner_text(".review-note").startswith("Your move here: ")
    assert page.locator(".board .review-better").count() >= 1
    page.click("#replay-next")
    page.wait_for_selector(".review-note", state="detached")
    assert screen.errors == []


@pytest.mark.slow
def test_play_again_seats_everyone_with_the_first_player_rotated(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequentia-cross",
        seed=4,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    bot = page.inner_text('.player[data-seat="1"] .player-name')
    play_seat_by_socket(server, page, random.Random(4))
    assert screen.wait_for_turn() == "over"
    page.wait_for_selector(".end-screen:not([hidden])")
    assert page.inner_text("#end-rematch") == "Play again"
    page.click("#end-rematch")
    page.wait_for_url(lambda url: created["id"] not in url)
    page.wait_for_selector(".player-list")
    # The bot, second last game, plays first now; Ada keeps her seat, one on.
    assert page.inner_text('.player[data-seat="0"] .player-name') == bot
    assert page.inner_text('.player[data-seat="1"] .player-name') == "Ada"
    wait_for(page, "window.sequenzaTable.message && window.sequenzaTable.message.seats.length")
    assert page.evaluate("window.sequenzaTable.message.seats") == [1]
    assert not page.evaluate("window.sequenzaTable.message.over")
    shoot(page, shots / "rematch.png", full_page=True)
    # The old table points to the rematch for whoever comes back to it.
    page.goto(server.url + created["url"])
    page.wait_for_selector(".end-screen:not([hidden])")
    assert page.inner_text("#end-rematch") == "Join the rematch"
    assert screen.errors == []


def test_a_seat_follows_its_player_to_another_device(
    server: LiveServer, browser: Any, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequentia-cross",
        seed=6,
        seats=[{"kind": "invite", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    open_seats(screen, server, created, 0)
    screen.page.click("#continue-elsewhere")
    link = screen.page.input_value(".seat-link")
    assert link.endswith(f"/t/{created['id']}#join=0.{created['tokens']['0']}")
    shoot(screen.page, shots / "seat-link.png")
    phone = Screen(browser, PHONE)
    try:
        # Without the link the phone only watches, and says how to take the seat back.
        phone.page.goto(server.url + created["url"])
        phone.page.wait_for_selector(".watching:not([hidden])")
        assert "Continue on another device" in phone.page.inner_text(".watching")
        phone.page.goto("about:blank")  # the link opens afresh, as on another device
        phone.page.goto(link)
        wait_for(
            phone.page,
            "window.sequenzaTable && window.sequenzaTable.message"
            " && window.sequenzaTable.message.seats.length",
        )
        assert phone.page.evaluate("window.sequenzaTable.message.seats") == [0]
        assert phone.page.locator(".watching:not([hidden])").count() == 0
        phone.play_move(random.Random(6))
        assert phone.errors == []
    finally:
        phone.close()
    assert screen.errors == []


def test_the_banner_says_what_to_do_in_shift(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequentia-shift",
        seed=3,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Ben"}],
    )
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    banner = screen.page.inner_text(".banner")
    assert banner.startswith("Your turn: Slide a card next to the hole"), banner
    # Row tags are labels until a row can be claimed; the target's code is its large part.
    assert (
        screen.page.locator("button.row-tag").count()
        == screen.page.locator(".row-tag.claim").count()
    )
    code = screen.page.locator(".target-zone .scard.target .code span").first.bounding_box()
    digit = screen.page.locator(".target-zone .scard.target .big").bounding_box()
    assert code["height"] > digit["height"]
    shoot(screen.page, shots / "notice-shift.png")
    assert screen.errors == []


def block_window(seed: int) -> tuple[list[str], int] | None:
    """The moves of a Sequence Stacks game dealt from ``seed`` that reach a Block window
    where the answering seat holds a Block, and that seat; None if this deal has none."""
    state = sequenza.make("sequence-stacks", players=2, seed=seed)
    rng = random.Random(seed)
    moves: list[str] = []
    while not state.is_over and len(moves) < 400:
        legal = [str(action) for action in state.legal_actions()]
        if "block" in legal:
            assert state.current_seat is not None
            return moves, state.current_seat
        # Building piles reaches a completed one sooner than stealing and skipping.
        builds = [move for move in legal if move.startswith("play ") and "-" in move.split()[1]]
        move = rng.choice(builds or legal)
        state.apply(move)
        moves.append(move)
    return None


def test_the_stacks_block_window_is_an_answer_not_a_turn(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    seed, found = next((seed, found) for seed in range(1, 60) if (found := block_window(seed)))
    moves, answering = found
    created = server.create_table(
        game="sequence-stacks",
        seed=seed,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "hotseat", "name": "Ben"}],
    )
    with server.join(created["id"], *created["tokens"].values()) as both:
        both.wait_for("state")
        for move in moves:
            both.act(move)
            both.wait_until(lambda position, turn=both.state["turn"]: position["turn"] > turn)
    open_seats(screen, server, created, answering)
    assert screen.wait_for_turn() == "move"
    banner = screen.page.inner_text(".banner")
    completer = ["Ada", "Ben"][1 - answering]
    wanted = rf"{completer} completed (blue|red) [12]: block it or let the pile score"
    assert re.fullmatch(wanted, banner), banner
    assert "your turn" not in banner.lower()
    assert "answer" in screen.page.get_attribute(".banner", "class")
    shoot(screen.page, shots / "notice-block.png")
    assert screen.errors == []


def test_a_screen_without_a_seat_says_it_is_watching(server: LiveServer, screen: Screen) -> None:
    created = server.create_table(
        game="sequence-numbers", seats=[{"kind": "hotseat"}, {"kind": "bot", "bot": "random"}]
    )
    open_seats(screen, server, created)
    screen.page.wait_for_selector(".watching:not([hidden])")
    assert "You are watching" in screen.page.inner_text(".watching")
    assert screen.errors == []


def test_turn_alerts_are_opt_in_and_remembered(server: LiveServer, screen: Screen) -> None:
    created = server.create_table(
        game="sequentia-cross", seats=[{"kind": "hotseat"}, {"kind": "bot", "bot": "random"}]
    )
    open_seats(screen, server, created, 0)
    page = screen.page
    assert page.inner_text(".alerts") == "Alerts off"
    page.click(".alerts")
    assert page.get_attribute(".alerts", "aria-pressed") == "true"
    page.reload()
    page.wait_for_selector(".player-list")
    assert page.inner_text(".alerts") == "Alerts on"
    # The tab is hidden and notifications are allowed: the bot's move makes it our turn.
    page.evaluate(
        """() => {
        window.notices = [];
        window.Notification = class {
            static permission = "granted";
            constructor(title, options) { window.notices.push([title, options.body]); }
        };
        Object.defineProperty(document, "hidden", { get: () => true });
    }"""
    )
    rng = random.Random(5)
    # A Cross turn is several placements: play until the bot has moved and the turn is back.
    while not page.evaluate("window.notices.length"):
        assert screen.wait_for_turn() == "move"
        if not page.evaluate("window.notices.length"):
            screen.play_move(rng)
    notice = page.evaluate("window.notices[0]")
    assert notice[0] == "Your turn · Sequentia · Cross"
    assert notice[1].startswith("Your turn: Place every card of your hand")
    assert screen.errors == []


def first_claim(seed: int) -> bool:
    """Whether the first player of a Shift deal from ``seed`` may claim a row at once."""
    state = sequenza.make("sequentia-shift", players=2, seed=seed)
    return any(str(action).startswith("claim ") for action in state.legal_actions())


def test_shift_claims_from_a_row_button_then_asks_for_the_hole(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    seed = next(seed for seed in range(1, 500) if first_claim(seed))
    created = server.create_table(
        game="sequentia-shift",
        seed=seed,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Ben"}],
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    assert "claim it" in page.inner_text(".banner")
    # Only the claimable row's tag is a button; the others are labels.
    assert page.locator("button.row-tag").count() == 1
    assert page.locator("span.row-tag.inert").count() == 2
    page.click("button.row-tag.claim.playable")
    wait_for(page, "window.sequenzaTable.message.turn === 1 && !window.sequenzaTable.pending")
    assert screen.wait_for_turn() == "move"
    assert page.inner_text(".banner").startswith("Your turn: Choose the position that stays empty")
    target = page.inner_text(".target-zone .zone")
    assert "a new one is drawn after the refill" in target and "deck is empty" not in target
    shoot(page, shots / "shift-refill.png")
    assert screen.errors == []


# ---------------------------------------------------------------------- resign, clocks, undo
def log_text(page: Any) -> str:
    return str(page.inner_text(".log-list"))


def test_resigning_ends_a_two_player_game_for_the_other_side(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequentia-cross",
        seed=5,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Ben"}],
        clock={"kind": "game", "game_minutes": 10, "increment_seconds": 5},
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    screen.play_move(random.Random(5))
    # Both people's clocks show; Ada's runs now that the game has begun.
    wait_for(page, "document.querySelector('.player-clock.running')")
    assert page.locator(".player-clock").count() == 2
    assert "10 min a game + 5 s a move" in page.inner_text(".clock-summary")
    page.click("#resign")
    page.wait_for_selector("dialog[open] #resign-confirm")
    assert "you lose, and the other side wins" in page.inner_text("dialog")
    shoot(page.locator("dialog"), shots / "resign-confirm.png")
    page.click("#resign-confirm")
    page.wait_for_selector(".end-screen:not([hidden])")
    assert page.inner_text(".end-title") == "Ben won"
    assert page.inner_text(".end-reason") == "Ada resigned."
    assert "Ada resigned" in log_text(page)
    assert page.locator("#resign").count() == 0 or not page.is_visible("#resign")
    shoot(page, shots / "resigned.png", full_page=True)
    # The replay shows the resignation as a step of its own.
    page.click("#end-replay")
    page.wait_for_selector(".replaybar:not([hidden])")
    turns = page.evaluate("window.sequenzaTable.replay.frame.turns")
    page.click(".replaybar button[title='End']")
    wait_for(page, f"document.querySelector('.replay-turn').textContent.startsWith('{turns} /')")
    assert page.inner_text(".banner").endswith("Ada resigned")
    assert screen.errors == []


def test_a_per_move_clock_running_out_loses_the_game(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    page = screen.page
    page.goto(f"{server.url}/")
    page.click('.game-choice[data-game="sequentia-shift"]')
    page.select_option("#players", "2")
    page.fill('input[name="name-0"]', "Ada")
    page.select_option('select[name="seat-1"]', "bot:random")
    page.select_option("#clock-kind", "move")
    page.fill("#clock-move-seconds", "2")
    page.select_option("#clock-on-timeout", "lose")
    shoot(page, shots / "lobby-clock.png", full_page=True)
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".player-list")
    assert "2 s a move; then the seat loses" in page.inner_text(".clock-summary")
    # The clock starts with the first move; then Ada stops playing.
    assert screen.wait_for_turn() == "move"
    screen.play_move(random.Random(1))
    page.wait_for_selector(".end-screen:not([hidden])", timeout=20_000)
    assert page.inner_text(".end-reason") == "Ada ran out of time."
    assert page.inner_text(".end-title").endswith("won")
    assert page.evaluate("window.sequenzaTable.message.result.termination") == "time"
    assert "Ada ran out of time" in log_text(page)
    shoot(page, shots / "clock-ran-out.png", full_page=True)
    assert screen.errors == []


def test_a_move_is_taken_back_against_a_bot(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequentia-shift",
        seed=3,
        # Greedy answers this deal by ending its turn, a move that shows nothing.
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "greedy"}],
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    start = page.evaluate("JSON.stringify(window.sequenzaTable.message.views['0'].grid)")
    page.evaluate("window.sequenzaTable.act('slide 1 4')")
    wait_for(page, "window.sequenzaTable.message.turn === 1 && !window.sequenzaTable.pending")
    page.evaluate("window.sequenzaTable.act('end')")
    # The bot ends its turn; Ada's move and the bot's can be taken back together.
    page.wait_for_selector("#undo:not([disabled])")
    wait_for(page, "window.sequenzaTable.message.to_act === 0")
    assert page.inner_text("#undo") == "Take back"
    shoot(page, shots / "undo-bot.png", full_page=True)
    page.click("#undo")
    wait_for(page, "document.querySelector('.log-list').textContent.includes('took back 2 moves')")
    grid = page.evaluate("JSON.stringify(window.sequenzaTable.message.views['0'].grid)")
    truth = sequenza.make("sequentia-shift", players=2, seed=3)
    truth.apply("slide 1 4")
    assert json.loads(grid) == truth.observation(0)["grid"] and grid != start
    assert screen.wait_for_turn() == "move"
    # The moves taken back do not count in the game's length.
    page.click("#resign")
    page.click("#resign-confirm")
    page.wait_for_selector(".end-screen:not([hidden])")
    assert "(1 move)" in page.inner_text(".end-length")
    assert screen.errors == []


def test_a_move_that_drew_a_card_says_why_it_cannot_be_taken_back(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequence",
        seed=2,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    screen.play_move(random.Random(2))
    page.wait_for_selector(".undo-note")
    wait_for(page, "window.sequenzaTable.message.to_act === 0")
    assert page.is_disabled("#undo")
    assert "drew or showed a card you had not seen" in page.inner_text(".undo-note")
    shoot(page, shots / "undo-refused-hidden.png", full_page=True)
    assert screen.errors == []


@pytest.mark.parametrize("accept", [True, False])
def test_online_the_other_player_accepts_or_refuses_to_take_back(
    server: LiveServer, browser: Any, screen: Screen, shots: Path, accept: bool
) -> None:
    created = server.create_table(
        game="sequentia-shift",
        seed=3,
        seats=[{"kind": "invite", "name": "Ada"}, {"kind": "invite", "name": "Ben"}],
    )
    ada = screen.page
    open_seats(screen, server, created, 0)
    friend = Screen(browser, PHONE)
    try:
        open_seats(friend, server, created, 1)
        ben = friend.page
        assert screen.wait_for_turn() == "move"
        ada.evaluate("window.sequenzaTable.act('slide 1 4')")
        ada.wait_for_selector("#undo:not([disabled])")
        assert ada.inner_text("#undo") == "Ask to take back"
        ada.click("#undo")
        ada.wait_for_selector(".undo-note")
        assert "waiting for Ben to accept" in ada.inner_text(".undo-note")
        ben.wait_for_selector(".undo-ask")
        assert "Ada asks to take back their last move" in ben.inner_text(".undo-ask")
        if accept:
            shoot(ben, shots / "undo-ask.png", full_page=True)
        ben.click("#undo-accept" if accept else "#undo-refuse")
        wait_for(ada, "!window.sequenzaTable.table.undo_request")
        expected = "took back a move" if accept else "Ben refused to take the move back"
        wait_for(ada, f"document.querySelector('.log-list').textContent.includes('{expected}')")
        turn = ada.evaluate("window.sequenzaTable.message.views['0'].turn")
        assert turn == (0 if accept else 1)
        assert ben.locator(".undo-ask").count() == 0
        if not accept:
            shoot(ada, shots / "undo-refused.png", full_page=True)
        assert friend.errors == [] and screen.errors == []
    finally:
        friend.close()


def test_with_three_players_a_resigned_seat_is_played_by_a_bot(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequentia-shift",
        players=3,
        seed=2,
        seats=[
            {"kind": "hotseat", "name": "Ada"},
            {"kind": "hotseat", "name": "Ben"},
            {"kind": "bot", "bot": "random"},
        ],
    )
    page = screen.page
    open_seats(screen, server, created, 0, 1)
    assert screen.wait_for_turn() == "reveal"
    page.click("#reveal")
    page.click("#resign")
    page.wait_for_selector("dialog[open] #resign-confirm")
    assert "a bot plays your turns" in page.inner_text("dialog")
    page.click("#resign-confirm")
    # Ada's turns are played for her; then Ben is asked for the device, not Ada.
    wait_for(page, "document.querySelector('.log-list').textContent.includes('out of the game)')")
    assert "Ada resigned" in log_text(page)
    assert "this screen · out" in page.inner_text('.player[data-seat="0"]')
    assert screen.wait_for_turn() == "reveal"
    assert "Pass the device to Ben" in page.inner_text(".cover")
    shoot(page, shots / "resigned-three.png", full_page=True)
    assert screen.errors == []


def assert_the_view_drew_an_observation_that_validates(screen: Screen, game: str) -> None:
    """A game's view.js draws what ``sequenza schema GAME`` describes: the observation the
    page drew, a few moves into a table, validates against the schema, and the board is drawn
    without a script error."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = sequenza.core.observation_schema(sequenza.core.game_class(game))
    drawn = screen.page.evaluate("JSON.stringify(window.sequenzaTable.current.observation)")
    observation = json.loads(drawn)
    jsonschema.Draft202012Validator(schema).validate(observation)
    assert observation["turn"] >= 2
    assert screen.page.locator(".board *").count() > 0
    assert screen.errors == []


def test_the_plug_in_games_view_draws_a_table_mid_game_from_observations_that_validate(
    server: LiveServer, screen: Screen
) -> None:
    """The same for a game of another package (every built-in game's view is checked by the
    log's test, on the page it plays)."""
    game = "test-toy"
    created = server.create_table(
        game=game,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    open_seats(screen, server, created, 0)
    rng = random.Random(game)
    for _ in range(4):
        if screen.wait_for_turn() != "move":
            break
        screen.play_move(rng)
    screen.wait_for_turn()
    assert_the_view_drew_an_observation_that_validates(screen, game)
