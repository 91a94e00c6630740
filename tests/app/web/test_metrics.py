"""An operator's view: ``/metrics`` answers in Prometheus's text format with the cost per move,
the sockets, the tables in memory and the bots' queue, and they move as the server works."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from tests.app.web.server_harness import LiveServer

HOTSEATS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bob"}]


def _figures(server: LiveServer) -> dict[str, float]:
    with server.client() as http:
        response = http.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def test_metrics_follow_the_tables_sockets_and_moves(server: LiveServer) -> None:
    before = _figures(server)
    for name in (
        "sequenza_bot_queue",
        "sequenza_bot_workers_busy",
        "sequenza_storage_errors_total",
        "sequenza_bot_wait_seconds_count",
        "sequenza_event_loop_lag_seconds_count",
        "process_resident_memory_bytes",
    ):
        assert name in before, name
    created = server.create_table(game="test-toy", seats=HOTSEATS)
    with (
        server.join(created["id"], created["tokens"]["0"], created["tokens"]["1"]) as ann,
        server.join(created["id"]) as watcher,
    ):
        state = ann.wait_for("state")
        watcher.wait_for("state")
        ann.act(state["legal"][str(state["to_act"])][0])
        ann.wait_until(lambda state: state["turn"] == 1)
        during = _figures(server)
    assert during["sequenza_sockets"] == before["sequenza_sockets"] + 2
    assert during["sequenza_spectators"] == before["sequenza_spectators"] + 1
    assert during["sequenza_tables_in_memory"] >= 1
    assert during["sequenza_moves_total"] == before.get("sequenza_moves_total", 0) + 1
    moves_timed = "sequenza_move_cpu_seconds_count"
    assert during[moves_timed] == before.get(moves_timed, 0) + 1
    assert during["sequenza_move_cpu_seconds_sum"] > before.get("sequenza_move_cpu_seconds_sum", 0)
