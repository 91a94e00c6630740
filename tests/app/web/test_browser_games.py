"""A whole game of every kind through the page against a bot: its opening and its last moves
clicked, the end screen with the game's own figures, and the replay. A file of its own, apart
from test_browser.py's many short tests, so that the two long runs go to two test workers.
Set SEQUENZA_SCREENSHOTS=DIR to keep PNGs of each game mid-game, at its end and in replay."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.app.web.server_harness import LiveServer
from tests.app.web.test_browser import (
    GAMES,
    LAST_CLICKS_FROM,
    LATE_CLICKED_MOVES,
    WHOLE_GAMES,
    Screen,
    play_seat_by_socket,
    screen,
    server,
    shoot,
    shots,
    start_from_lobby,
    wait_for,
)

__all__ = ["screen", "server", "shots"]  # fixtures, used by name

#: The game whose page stays at the table while the game's middle is played over the socket,
#: following every move; the other games' pages leave and come back for the last moves
#: (``play_seat_by_socket``'s ``away``), which spares Chromium drawing each of them.
FOLLOWED_GAME = "sequence"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_through_the_page(
    game: str, server: LiveServer, screen: Screen, shots: Path
) -> None:
    page = screen.page
    start_from_lobby(screen, server, game)
    rng = random.Random(game)
    middle = None
    moves = 0
    while True:
        state = screen.wait_for_turn()
        if state == "over":
            break
        screen.play_move(rng)
        moves += 1
        if WHOLE_GAMES:
            pass
        elif moves == 6:
            middle = shots / f"{game}-desktop.png"
            screen.wait_for_turn()
            shoot(page, middle, full_page=True)
            play_seat_by_socket(
                server,
                page,
                rng,
                until_turn=LAST_CLICKS_FROM[game],
                away=game != FOLLOWED_GAME,
            )
        elif moves == 6 + LATE_CLICKED_MOVES:
            # A deal that runs long is finished over the socket too (the deal is the
            # server's choice, so a game's length varies from run to run).
            screen.wait_for_turn()
            play_seat_by_socket(server, page, rng)
        assert moves < 400, "the game did not end"
    banner = page.inner_text(".banner")
    assert "Game over" in banner
    assert page.locator(".log-list li").count() > moves
    # The end screen says the same from this seat's view, with the game's own figures.
    page.wait_for_selector(".end-screen:not([hidden])")
    assert page.inner_text(".end-title") in banner
    assert page.locator(".end-table tbody tr").count() == 2
    assert page.locator(".end-table thead th").count() >= 3
    assert page.locator("#end-replay").count() == 1
    table_id = page.url.split("/t/")[1]
    assert page.get_attribute("#end-download", "href") == f"/api/tables/{table_id}/record"
    # A game of random moves may end in a draw, with no seat or every seat crowned.
    if "a draw" not in banner.lower():
        assert page.locator(".player.winner").count() >= 1
    shoot(page, shots / f"{game}-over.png", full_page=True)
    # The finished game replays move by move.
    page.click("#end-replay")
    page.wait_for_selector(".replaybar:not([hidden])")
    assert "Start of the game" in page.inner_text(".banner")
    page.click("#replay-next")
    wait_for(page, "document.querySelector('.banner').textContent.startsWith('Move 1 of')")
    page.select_option(".replay-seat", "0")
    wait_for(page, "document.querySelector('.replay-turn').textContent.startsWith('1 /')")
    shoot(page, shots / f"{game}-replay.png", full_page=True)
    assert screen.errors == []
