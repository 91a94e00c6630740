"""A learner's hints (a teacher's table option): a table of a game whose view words them
(Sequence Numbers) may be made with them, everyone at it sees that they are on, they are kept
with the table; a game without them refuses the option in the asker's language. The page's
side (a picked card's places and their sums) is checked in the browser
(test_browser_languages)."""

from __future__ import annotations

from pathlib import Path

from sequenza.app.web.storage import SeatRecord, Storage, TableRecord
from tests.app.web.server_harness import LiveServer

FRIENDS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]


def test_a_table_of_sequence_numbers_may_show_learners_hints_to_everyone(
    server: LiveServer,
) -> None:
    with server.client() as http:
        games = {game["id"]: game for game in http.get("/api/games").json()}
    assert games["sequence-numbers"]["learner_hints"] is True
    assert games["sequentia-shift"]["learner_hints"] is False
    created = server.create_table(game="sequence-numbers", seats=FRIENDS, learner_hints=True)
    plain = server.create_table(game="sequence-numbers", seats=FRIENDS)
    with server.client() as http:
        shown = http.get(f"/api/tables/{created['id']}").json()["table"]
        assert http.get(f"/api/tables/{plain['id']}").json()["table"]["learner_hints"] is False
    assert shown["learner_hints"] is True
    # Online too: the friend who sits down sees them on, as the creator does.
    with server.join(created["id"], created["tokens"]["1"]) as bob:
        assert bob.wait_for("state")["table"]["learner_hints"] is True


def test_a_game_without_learners_hints_refuses_them_in_the_askers_words(
    server: LiveServer,
) -> None:
    with server.client() as http:
        refused = http.post(
            "/api/tables",
            json={"game": "sequentia-shift", "learner_hints": True},
            headers={"Accept-Language": "it"},
        )
        not_a_flag = http.post(
            "/api/tables", json={"game": "sequence-numbers", "learner_hints": "yes"}
        )
    assert refused.status_code == 400
    assert refused.json()["code"] == "bad_request"
    assert refused.json()["error"] == "Sequentia · Shift non ha aiuti per chi impara"
    assert not_a_flag.status_code in (400, 422) and "error" in not_a_flag.json()


def test_learners_hints_are_kept_with_the_table(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'tables.db'}")
    try:
        seats = [SeatRecord(0, "hotseat", "Ann", None, "a" * 64)]
        for number, on in enumerate((True, False)):
            storage.create_table(
                TableRecord(
                    f"t{number}", "sequence-numbers", "1", 2, {}, 1, seats, learner_hints=on
                )
            )
        loaded = [storage.load_table(f"t{number}") for number in range(2)]
        assert [table.learner_hints for table in loaded if table] == [True, False]
    finally:
        storage.close()
