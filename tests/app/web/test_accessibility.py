"""The page for players who use a keyboard or a screen reader: a whole game of every kind played
by keyboard alone against a bot (Tab to a group of the board, arrow keys to a place, Enter or
Space to play), names for every part of the board, the others' moves read out, focus kept
through every redraw, the replay stepped with arrow keys (axe-core's audit of every screen
in every language is in test_audit.py). Set SEQUENZA_SCREENSHOTS=DIR to keep PNGs of the
focus ring on every game's table."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.app.web.test_browser import (
    GAMES,
    LAST_CLICKS_FROM,
    WHOLE_GAMES,
    Screen,
    open_seats,
    play_seat_by_socket,
    screen,
    server,
    shoot,
    shots,
    wait_for,
)

__all__ = ["screen", "server", "shots"]  # fixtures, used by name

# The rule options that keep a game of random moves short (see test_browser.OPTIONS).
OPTIONS: dict[str, dict[str, Any]] = {"sequentia-shift": {"idle_rounds": 5}}
MOST_KEYS_PER_STEP = 250

# Where the keyboard is: the focused element's part, group, action and what it is called.
FOCUS = """() => {
    const active = document.activeElement;
    const group = active && active.closest("[data-nav]");
    return {
        part: active && active.dataset ? active.dataset.part || null : null,
        action: active && active.dataset ? active.dataset.action || null : null,
        group: group ? group.dataset.nav : null,
        name: active ? active.getAttribute("aria-label") : null,
        body: active === document.body || active === null,
    };
}"""


def new_table(screen: Screen, server: Any, game: str, seed: int) -> dict[str, Any]:
    created: dict[str, Any] = server.create_table(
        game=game,
        seed=seed,
        options=OPTIONS.get(game, {}),
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    open_seats(screen, server, created, 0)
    return created


def focus(page: Any) -> dict[str, Any]:
    value: dict[str, Any] = page.evaluate(f"({FOCUS})()")
    return value


# Whether the focused element is a part, in a group, or a button of the action bar.
ON = {
    "part": "(part) => document.activeElement.dataset?.part === part",
    "group": "(group) => Boolean(document.activeElement.closest?.(`[data-nav='${group}']`))",
    "action": """(action) => Boolean(document.activeElement.closest?.('.actionbar'))
        && document.activeElement.dataset.action === action""",
}


def tab_to(page: Any, kind: str, what: str) -> None:
    """Press Tab until the focus is on ``what``: a part, a group or an action (``kind``)."""
    for _ in range(MOST_KEYS_PER_STEP):
        if page.evaluate(ON[kind], what):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {what}: at {focus(page)}")


def arrow_to(page: Any, part: str) -> None:
    """From a part of the same group, arrow keys to ``part``: the way a player looks at the
    board and steers there, a row or a column at a time."""
    for _ in range(MOST_KEYS_PER_STEP):
        step = page.evaluate(
            """(part) => {
            const active = document.activeElement;
            if (active.dataset.part === part) return null;
            const box = (element) => element.getBoundingClientRect();
            const here = box(active);
            const targets = [...active.closest("[data-nav]").querySelectorAll(
                `[data-part="${CSS.escape(part)}"]`)];
            const there = targets.map(box).sort((a, b) =>
                Math.hypot(a.x - here.x, a.y - here.y) - Math.hypot(b.x - here.x, b.y - here.y))[0];
            const dx = there.x - here.x;
            const dy = there.y - here.y;
            if (Math.abs(dy) > Math.abs(dx)) return dy > 0 ? "ArrowDown" : "ArrowUp";
            return dx > 0 ? "ArrowRight" : "ArrowLeft";
        }""",
            part,
        )
        if step is None:
            return
        page.keyboard.press(step)
    raise AssertionError(f"the arrow keys never reached {part}: at {focus(page)}")


def press_part(page: Any, part: str, key: str) -> None:
    """Reach a board part by keyboard and press it with ``key`` (Enter or Space)."""
    group = page.evaluate(
        """(part) => {
        const element = document.querySelector(`.board [data-part="${CSS.escape(part)}"]`);
        const group = element && element.closest("[data-nav]");
        return group ? group.dataset.nav : null;
    }""",
        part,
    )
    if group is None:
        tab_to(page, "part", part)
    else:
        tab_to(page, "group", group)
        arrow_to(page, part)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')"), part
    page.keyboard.press(key)


def play_by_keyboard(screen: Screen, rng: random.Random, presses: list[str]) -> str:
    """One legal move made with keys alone: the parts of its path, then a button if needed."""
    page = screen.page
    moves = page.eval_on_selector_all(
        ".move-list .move",
        "buttons => buttons.map(b => [b.dataset.action, JSON.parse(b.dataset.parts)])",
    )
    preferred = [move for move in moves if move[0].split(" ")[0] in {"claim", "mark"}]
    action, parts = rng.choice(preferred or moves)
    sent = page.evaluate("window.sequenzaTable.sent")
    for part in parts:
        # Enter and Space in turn, so that a short game presses both.
        key = ["Enter", " "][len(presses) % 2]
        presses.append(key)
        press_part(page, part, key)
    if page.evaluate("window.sequenzaTable.sent") == sent:
        tab_to(page, "action", action)
        page.keyboard.press("Enter")
    assert page.evaluate("window.sequenzaTable.sent") == sent + 1, (action, screen.at())
    return str(action)


#: The moves keyed at a game's start (Enter and Space in turn) and near its end, claims first;
#: a game's moves take a second each by keyboard (every part of a move's path reached by
#: arrows and Tab).
OPENING_KEYED_MOVES = 2
LATE_KEYED_MOVES = 4


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_keyboard_alone(
    game: str, server: Any, screen: Screen, shots: Path
) -> None:
    page = screen.page
    new_table(screen, server, game, seed=7)
    rng = random.Random(game)
    presses: list[str] = []
    moves = 0
    while screen.wait_for_turn() == "move":
        play_by_keyboard(screen, rng, presses)
        moves += 1
        # After a move the keyboard stays on the board: never on the page's body.
        wait_for(page, "!window.sequenzaTable.pending || window.sequenzaTable.message.over")
        assert not focus(page)["body"], f"focus lost after move {moves}"
        if WHOLE_GAMES:
            pass
        elif moves == OPENING_KEYED_MOVES:
            screen.wait_for_turn()
            shoot(page, shots / f"{game}-keyboard.png", full_page=True)
            # The middle of the game over the seat's socket; the keys play again near its
            # end, when claims come (test_browser.WHOLE_GAMES says why).
            # The page leaves the table meanwhile (test_browser_games.py has a page follow
            # a game's middle): the keys are the subject here, not the moves made elsewhere.
            play_seat_by_socket(server, page, rng, until_turn=LAST_CLICKS_FROM[game], away=True)
        elif moves == OPENING_KEYED_MOVES + LATE_KEYED_MOVES:
            # The rest over the socket too: the game's last moves are keyed in
            # bench/browser_games.py, as every move is.
            screen.wait_for_turn()
            play_seat_by_socket(server, page, rng)
        assert moves < 400, "the game did not end"
    assert screen.wait_for_turn() == "over"
    assert "Game over" in page.inner_text(".banner")
    assert {"Enter", " "} <= set(presses)
    assert screen.errors == []


def test_every_part_of_the_board_has_a_name_and_one_tab_stop_per_group(
    server: Any, screen: Screen
) -> None:
    page = screen.page
    for game in GAMES:
        new_table(screen, server, game, seed=3)
        assert screen.wait_for_turn() == "move"
        parts = page.eval_on_selector_all(
            ".board [data-part]",
            """parts => parts.map(p => ({part: p.dataset.part, name: p.getAttribute('aria-label')
                || p.textContent.trim(), tab: p.tabIndex, role: p.getAttribute('role')
                || p.tagName.toLowerCase(), group: p.closest('[data-nav]')?.dataset.nav}))""",
        )
        assert parts, game
        for part in parts:
            assert part["name"], (game, part)
            assert part["role"] in {"button"}, (game, part)
        groups = {part["group"] for part in parts if part["group"]}
        for group in groups:
            stops = [p for p in parts if p["group"] == group and p["tab"] == 0]
            assert len(stops) == 1, (game, group, stops)
    assert screen.errors == []


def test_a_space_is_named_as_a_player_sees_it(server: Any, screen: Screen) -> None:
    page = screen.page
    new_table(screen, server, "sequence", seed=3)
    assert screen.wait_for_turn() == "move"
    names = page.eval_on_selector_all(
        ".sboard [data-part]", "spaces => spaces.map(s => s.getAttribute('aria-label'))"
    )
    assert names[0] == "A0, free corner"
    assert any(name.startswith("B0, ") and " of " in name for name in names)
    # Play a card: its space names the chip on it, in its colour.
    action = play_by_keyboard(screen, random.Random(1), [])
    space = action.split(" ")[2]
    wait_for(page, "window.sequenzaTable.message.turn >= 1")
    name = page.get_attribute(f'.sboard [data-part="space:{space}"]', "aria-label")
    assert name.startswith(f"{space}, ") and "blue chip" in name, name
    assert screen.errors == []


def test_focus_follows_the_card_a_slide_moved(server: Any, screen: Screen) -> None:
    page = screen.page
    new_table(screen, server, "sequentia-shift", seed=3)
    assert screen.wait_for_turn() == "move"
    slide = next(
        move
        for move in page.eval_on_selector_all(
            ".move-list .move", "buttons => buttons.map(b => b.dataset.action)"
        )
        if move.startswith("slide ")
    )
    _, start, end = slide.split(" ")
    press_part(page, f"cell:{start}", "Enter")
    wait_for(page, "window.sequenzaTable.message.turn >= 1 && !window.sequenzaTable.pending")
    # The keyboard follows the card it slid into the hole, instead of staying on the place
    # the card left (now the hole, where nothing can be done).
    assert focus(page)["part"] == f"cell:{end}"
    assert "empty" not in focus(page)["name"]
    assert screen.errors == []


def test_escape_puts_a_chosen_card_back(server: Any, screen: Screen) -> None:
    page = screen.page
    new_table(screen, server, "sequence", seed=3)
    assert screen.wait_for_turn() == "move"
    card = page.evaluate("document.querySelector('.hand [data-part].playable').dataset.part")
    press_part(page, card, " ")
    assert page.evaluate("window.sequenzaTable.selected") == [card]
    assert page.get_attribute(".hand [aria-pressed='true']", "data-part") == card
    page.keyboard.press("Escape")
    assert page.evaluate("window.sequenzaTable.selected") == []
    assert focus(page)["part"] == card
    assert screen.errors == []


def test_the_others_moves_are_read_out(server: Any, screen: Screen) -> None:
    page = screen.page
    new_table(screen, server, "sequence", seed=5)
    assert screen.wait_for_turn() == "move"
    bot = page.inner_text('.player[data-seat="1"] .player-name')
    assert page.get_attribute(".announcer", "aria-live") == "polite"
    action = play_by_keyboard(screen, random.Random(2), [])
    wait_for(page, "window.sequenzaTable.message.turn >= 2")
    said = page.inner_text(".announcer p:last-child")
    assert said.startswith(f"{bot}: Play "), said
    assert action.split(" ")[2] not in said.split(":")[0]
    # The turn is announced by the banner, a polite live region itself.
    assert page.get_attribute(".banner", "aria-live") == "polite"
    assert page.inner_text(".banner").startswith("Your turn")
    assert screen.errors == []


def test_the_replay_steps_with_arrow_keys(server: Any, screen: Screen) -> None:
    page = screen.page
    created = new_table(screen, server, "sequentia-stack", seed=8)
    # The replay is the subject: the game is played over the seat's socket, quicker than keys.
    play_by_socket(server, created, random.Random(8), moves=2000)
    page.wait_for_selector("#end-replay")
    page.focus("#end-replay")
    page.keyboard.press("Enter")
    page.wait_for_selector(".replaybar:not([hidden])")
    wait_for(page, "document.querySelector('.banner').textContent.startsWith('Start')")
    page.keyboard.press("ArrowRight")
    wait_for(page, "document.querySelector('.banner').textContent.startsWith('Move 1 of')")
    page.keyboard.press("ArrowRight")
    wait_for(page, "document.querySelector('.banner').textContent.startsWith('Move 2 of')")
    page.keyboard.press("ArrowLeft")
    wait_for(page, "document.querySelector('.banner').textContent.startsWith('Move 1 of')")
    page.keyboard.press("End")
    turns = page.evaluate("window.sequenzaTable.replay.frame.turns")
    wait_for(page, f"document.querySelector('.replay-turn').textContent === '{turns} / {turns}'")
    # The replay bar is drawn again at every step; its button keeps the focus.
    page.focus("#replay-back")
    page.keyboard.press("Enter")
    wait_for(page, f"window.sequenzaTable.replay.turn === {turns - 1}")
    assert focus(page)["body"] is False
    assert page.evaluate("document.activeElement.id") == "replay-back"
    assert screen.errors == []


def play_by_socket(server: Any, created: dict[str, Any], rng: random.Random, moves: int) -> None:
    """Seat 0's moves, random and legal (claims first, as ``Screen.play_move`` picks), sent
    over the table's websocket: quicker than a page, so that every game's tables are made once
    for all the languages. ``moves`` of them, or to the end of the game."""
    with server.join(created["id"], created["tokens"]["0"]) as player:
        for _ in range(moves):
            state = player.wait_until(lambda state: state["over"] or state["legal"])
            if state["over"]:
                return
            actions = state["legal"]["0"]
            preferred = [action for action in actions if action.split(" ")[0] in {"claim", "mark"}]
            player.play(rng.choice(preferred or actions))
        player.wait_until(lambda state: state["over"] or state["legal"])


def test_focus_rings_on_every_table(server: Any, screen: Screen, shots: Path) -> None:
    """Screenshots for people: the keyboard's place on each game's board."""
    page = screen.page
    for game in GAMES:
        new_table(screen, server, game, seed=3)
        assert screen.wait_for_turn() == "move"
        first = page.evaluate("document.querySelector('.board [data-part].playable')?.dataset.part")
        turn = page.evaluate("window.sequenzaTable.message.turn")
        press_part(page, first, "Enter")
        # A move that plays waits for the server's answer and its drawing before the focus
        # is looked at (a busy machine takes its time); a first pick of a card plays nothing.
        if page.evaluate("document.querySelectorAll('.board .selected').length") == 0:
            wait_for(page, f"window.sequenzaTable.message.turn > {turn}")
        page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        wait_for(page, "document.activeElement?.closest('.board [data-part]')")
        assert focus(page)["part"], game
        shoot(page, shots / f"{game}-focus.png")
    assert screen.errors == []


def test_a_seat_is_told_by_its_number_as_well_as_its_colour(
    server: Any, screen: Screen, shots: Path
) -> None:
    """At the largest tables drawn by seat colours, every seat's mark carries the seat's number
    (the lobby's): colour is never the only cue."""
    page = screen.page
    for game, players in (("sequence-stacks", 6), ("sequentia-cross", 4)):
        created = server.create_table(
            game=game,
            seed=2,
            players=players,
            seats=[
                {"kind": "hotseat", "name": "Ada"},
                *({"kind": "bot", "bot": "random"} for _ in range(players - 1)),
            ],
        )
        open_seats(screen, server, created, 0)
        assert screen.wait_for_turn() == "move"
        numbers = [str(seat + 1) for seat in range(players)]
        for where in (".player-list", ".board"):
            marks = page.eval_on_selector_all(
                f"{where} .seat-mark",
                """marks => marks.map(mark =>
                    [mark.textContent, getComputedStyle(mark).backgroundColor])""",
            )
            assert [text for text, _ in marks] == numbers, (game, where)
            assert len({background for _, background in marks}) == players, (game, where)
        shoot(page, shots / f"{game}-{players}-seats.png", full_page=True)
    assert screen.errors == []
