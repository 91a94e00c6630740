"""A finished game's review is saved with the table: a server started again on the same
database, or another process on the same PostgreSQL database, serves the review worked out
before, even while its bot workers are busy, instead of working it out again."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from sequenza.app.web.storage import REVIEW_MOST_CHARS, Storage
from tests.app.web.conftest import fresh_postgres_database
from tests.app.web.server_harness import LiveServer, live_server
from tests.app.web.test_server import play_out
from tests.app.web.test_storage import new_table

#: Two people at one screen: no bot plays, so only a review asks the bot workers for work.
SEATS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bo"}]


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with contextlib.ExitStack() as stack:
        if request.param == "sqlite":
            yield f"sqlite:///{tmp_path / 'tables.db'}"
        else:
            yield stack.enter_context(fresh_postgres_database())


def ask(server: LiveServer, table_id: str, token: str, lang: str = "en") -> httpx.Response:
    with server.client() as http:
        return http.post(f"/api/tables/{table_id}/review?lang={lang}", json={"token": token})


@contextlib.contextmanager
def workers_busy(server: LiveServer) -> Iterator[None]:
    """Every bot worker of ``server`` counted busy: a review it would work out is refused."""
    workers = server.manager.bot_workers
    workers.busy += workers.workers
    try:
        yield
    finally:
        workers.busy -= workers.workers


def test_a_review_is_served_after_a_restart_and_by_another_process(database_url: str) -> None:
    with live_server(database_url) as first:
        created = first.create_table(game="test-toy", seed=2, seats=SEATS)
        table_id, ann, bo = created["id"], created["tokens"]["0"], created["tokens"]["1"]
        with first.join(table_id, ann, bo) as screen:
            screen.wait_for("state")
            play_out(screen)
        worked_out = ask(first, table_id, ann)
        assert worked_out.status_code == 200, worked_out.text
        review: dict[str, Any] = worked_out.json()
        assert review["moves"]
        if not database_url.startswith("sqlite"):
            # Another process on the same database, its workers busy: the saved review.
            with live_server(database_url) as second, workers_busy(second):
                assert ask(second, table_id, ann).json() == review
                # Bo's review was never worked out: nothing saved to serve.
                assert ask(second, table_id, bo).json()["code"] == "workers_busy"
    with live_server(database_url) as restarted, workers_busy(restarted):
        kept = ask(restarted, table_id, ann, lang="it")
        assert kept.status_code == 200, kept.text
        assert kept.json()["level_label"] == "Intermedio"  # worded anew, in the asker's words
        assert [move["cost"] for move in kept.json()["moves"]] == [
            move["cost"] for move in review["moves"]
        ]
        assert ask(restarted, table_id, "").json()["code"] == "bad_token"  # still a player's
        assert ask(restarted, table_id, bo).json()["code"] == "workers_busy"


@pytest.fixture
def storage(database_url: str) -> Iterator[Storage]:
    opened = Storage(database_url)
    yield opened
    opened.close()


def test_a_review_is_saved_once_and_only_within_its_bound(storage: Storage) -> None:
    table = new_table()
    storage.create_table(table)
    assert storage.load_review(table.id, 0) is None
    review = {"seat": 0, "moves": [{"index": 0, "played": "play 1", "cost": 0.25}]}
    assert storage.save_review(table.id, 0, review) is True
    # A second process that worked it out at the same moment saves nothing over it.
    assert storage.save_review(table.id, 0, {**review, "moves": []}) is True
    assert storage.load_review(table.id, 0) == review
    assert storage.load_review(table.id, 1) is None
    too_long = {"seat": 1, "moves": ["x" * REVIEW_MOST_CHARS]}
    assert storage.save_review(table.id, 1, too_long) is False
    assert storage.load_review(table.id, 1) is None
