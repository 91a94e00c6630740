"""Who offered a rematch, and each answer to it, are part of the table's record: a server
started again on the same database (or another process reading it) names the offerer and
shows the answers, as the one that heard them did."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from sequenza.app.web.storage import Storage
from tests.app.web.conftest import fresh_postgres_database
from tests.app.web.server_harness import live_server
from tests.app.web.test_storage import new_table

PEOPLE = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]


def test_who_offered_a_rematch_is_named_after_a_restart(database: str) -> None:
    with live_server(database) as first, first.client() as http:
        created = first.create_table(game="test-toy", seats=PEOPLE)
        table_id, tokens = created["id"], created["tokens"]
        resigned = http.post(f"/api/tables/{table_id}/resign", json={"token": tokens["0"]})
        assert resigned.status_code == 200 and resigned.json()["over"] is True
        offered = http.post(f"/api/tables/{table_id}/rematch", json={"token": tokens["1"]})
        assert offered.status_code == 201 and offered.json()["offered"] is True
        rematch = offered.json()["id"]
    with live_server(database) as second, second.client() as http:
        looked = http.get(f"/api/tables/{table_id}").json()["table"]
        assert looked["rematch"] == rematch and looked["rematch_by"] == 1
        with second.join(table_id, tokens["0"]) as ann:
            # Ann's screen says "Bob offers a rematch", with Accept and Decline.
            table = ann.wait_for("state")["table"]
            assert table["rematch_by"] == 1 and table["rematch_accepted"] == []
            accepted = http.post(f"/api/tables/{table_id}/rematch", json={"token": tokens["0"]})
            assert accepted.json()["id"] == rematch and accepted.json()["offered"] is False
            heard = ann.wait_until_table(lambda table: table["rematch_accepted"] == [0])
            assert heard["rematch_by"] == 1
        again = http.post(f"/api/tables/{table_id}/rematch", json={"token": tokens["1"]})
        assert again.json()["offered"] is True  # Bob's offer, still his
    with live_server(database) as third, third.client() as http:
        # Ann's acceptance was saved: a server started again shows it, not an open offer.
        looked = http.get(f"/api/tables/{table_id}").json()["table"]
        assert looked["rematch_by"] == 1 and looked["rematch_accepted"] == [0]
        assert looked["rematch_declined"] == []


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    with contextlib.ExitStack() as stack:
        url = (
            f"sqlite:///{tmp_path / 'tables.db'}"
            if request.param == "sqlite"
            else stack.enter_context(fresh_postgres_database())
        )
        opened = Storage(url)
        yield opened
        opened.close()


def test_each_seats_answer_to_a_rematch_is_saved(storage: Storage) -> None:
    finished, rematch = new_table(), new_table()
    storage.create_table(finished)
    storage.create_rematch(finished.id, rematch, by=0)
    storage.answer_rematch(finished.id, 1, "decline", rematch.id)
    loaded = storage.load_table(finished.id)
    assert loaded is not None and loaded.rematch_answers == {1: "decline"}
    storage.answer_rematch(finished.id, 1, "accept", rematch.id)  # a change of mind
    loaded = storage.load_table(finished.id)
    assert loaded is not None and loaded.rematch_answers == {1: "accept"}
    fresh = storage.load_table(rematch.id)
    assert fresh is not None and fresh.rematch_answers == {}


def test_the_offerer_is_saved_with_the_rematch(storage: Storage) -> None:
    finished, rematch, other = new_table(), new_table(), new_table()
    storage.create_table(finished)
    assert storage.create_rematch(finished.id, rematch, by=1) == rematch.id
    # A second ask finds the rematch made: the offerer stays the first one.
    assert storage.create_rematch(finished.id, other, by=0) == rematch.id
    loaded = storage.load_table(finished.id)
    assert loaded is not None and loaded.rematch == rematch.id and loaded.rematch_by == 1
    fresh = storage.load_table(rematch.id)
    assert fresh is not None and fresh.rematch is None and fresh.rematch_by is None
