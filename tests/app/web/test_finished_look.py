"""A finished game's first look comes from the look saved when it ended, not from replaying
every move: a server that does not hold the table answers its page's GET and every screen's
join without a replay, and sends each screen the very bytes a replayed table sends (no hidden
card more). A game that ended before looks were kept is replayed as before, and its look kept
then; every record and replay still comes from the whole game."""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path
from typing import Any

import orjson
import pytest
import sqlalchemy as sa

from sequenza.app.web import table_core, table_manager
from sequenza.app.web.bot_workers import BotWorkers
from sequenza.app.web.storage import Storage
from sequenza.app.web.table_manager import TableManager
from sequenza.core.table import TableHistory

HOTSEATS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bob"}]
#: A per-move clock: the last look keeps the clocks as they stopped.
CLOCK = {"kind": "game", "game_minutes": 30}


def _manager(url: str) -> TableManager:
    return TableManager(Storage(url), bot_delay=0, bot_workers=BotWorkers(1))


def _encoded(message: Any) -> bytes:
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)


async def _finish(url: str, game: str, resign_after: int | None) -> str:
    """A game of two people at one screen, played with random moves until it ends, or until
    ``resign_after`` moves and Ann's resignation (cards still in hand)."""
    manager = _manager(url)
    try:
        made = await manager.create({"game": game, "seats": HOTSEATS, "seed": 3, "clock": CLOCK})
        table = made.table
        rng = random.Random(1)
        while not table.over and table.turn != resign_after:
            await table.act((0, 1), str(rng.choice(table.state.legal_actions())), table.turn)
        if not table.over:
            await table.resign((0, 1), 0)
        return table.id
    finally:
        manager.bot_workers.close()
        manager.storage.close()


async def _first_look(url: str, table_id: str) -> list[bytes]:
    """What a server just started sends: the page's GET, then the join of each seat alone,
    of both seats at one screen, and of spectators, in several languages."""
    manager = _manager(url)
    try:
        async with manager.borrowed(table_id) as table:
            sent = [_encoded({"table": table.summary(), "public": table.view(None)})]
        table = await manager.table(table_id)
        for seats, lang in (((0,), "en"), ((1,), "it"), ((0, 1), "fi"), ((), "eo"), ((), "en")):
            client = table.join(seats, lang)
            sent.append(_encoded(client.queue.get_nowait()))
        return sent
    finally:
        manager.bot_workers.close()
        manager.storage.close()


async def _record(url: str, table_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    manager = _manager(url)
    try:
        async with manager.borrowed(table_id) as table:
            await table.rebuilt()
            return table.game_record(), await table.replay_frame(2, "it")
    finally:
        manager.bot_workers.close()
        manager.storage.close()


def _forget_looks(url: str) -> None:
    """The database as a game that ended before last looks were kept left it."""
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("DELETE FROM sequenza_finals"))
    engine.dispose()


@pytest.mark.parametrize(
    ("game", "resign_after"), [("test-toy", 2), ("sequentia-cross", None)], ids=["resigned", "won"]
)
def test_a_finished_games_first_look_comes_from_its_saved_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, resign_after: int | None
) -> None:
    saved = f"sqlite:///{tmp_path / 'saved.db'}"
    old = f"sqlite:///{tmp_path / 'old.db'}"
    table_id = asyncio.run(_finish(saved, game, resign_after))
    shutil.copyfile(tmp_path / "saved.db", tmp_path / "old.db")
    _forget_looks(old)

    replayed = asyncio.run(_first_look(old, table_id))

    def never(record: Any) -> TableHistory:
        raise AssertionError("a finished game with a saved look was replayed")

    with monkeypatch.context() as patched:
        # Where a table is loaded (the manager) and where a table replays its moves.
        patched.setattr(table_manager, "replay_table", never)
        patched.setattr(table_core, "replay_table", never)
        from_look = asyncio.run(_first_look(saved, table_id))
    # Every screen gets what a replayed table sends it, byte for byte.
    assert from_look == replayed
    spectator = orjson.loads(from_look[-1])
    assert spectator["over"] and spectator["views"] == {} and spectator["seats"] == []
    bob = orjson.loads(from_look[2])
    assert list(bob["views"]) == ["1"]
    if resign_after is not None:  # Ann resigned with cards in hand: nobody else sees them
        ann_hand = orjson.loads(from_look[1])["views"]["0"]["hand"]
        assert ann_hand and spectator["public"]["hand"] is None
        assert bob["views"]["1"]["hand"] != ann_hand
        assert spectator["table"]["out"] == [0] and spectator["clock"] is not None
    # The whole game (its record, a replay) is replayed when asked for, the same either way.
    assert asyncio.run(_record(saved, table_id)) == asyncio.run(_record(old, table_id))
    # The game that ended before looks were kept has its look now, kept as it was replayed.
    with monkeypatch.context() as patched:
        # Where a table is loaded (the manager) and where a table replays its moves.
        patched.setattr(table_manager, "replay_table", never)
        patched.setattr(table_core, "replay_table", never)
        assert asyncio.run(_first_look(old, table_id)) == replayed


def test_a_look_this_code_cannot_read_is_replayed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    table_id = asyncio.run(_finish(url, "test-toy", 2))
    good = asyncio.run(_first_look(url, table_id))
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text('UPDATE sequenza_finals SET look = \'{"turn": "x"}\''))
    engine.dispose()
    assert asyncio.run(_first_look(url, table_id)) == good


async def _joins_of_a_finished_game(
    url: str, table_id: str, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[int, list[Any]]]:
    """For each join in turn: how many sentences the server worded for it, and its events."""
    manager = _manager(url)
    worded = 0
    real_describe = table_core.describe  # type: ignore[attr-defined]

    def counted(*args: Any, **kwargs: Any) -> str:
        nonlocal worded
        worded += 1
        return real_describe(*args, **kwargs)

    joins: list[tuple[int, list[Any]]] = []
    try:
        table = await manager.table(table_id)
        monkeypatch.setattr(table_core, "describe", counted)
        for seats, lang in (
            ((), "it"),
            ((), "it"),
            ((0,), "it"),
            ((), "fi"),
            (None, ""),
            ((), "it"),
        ):
            if seats is None:  # Ann names herself again: her name is in the sentences
                await table.rename((0,), "Annie")
                continue
            worded = 0
            client = table.join(seats, lang)
            joins.append((worded, client.queue.get_nowait()["events"]))
        return joins
    finally:
        manager.bot_workers.close()
        manager.storage.close()


def test_a_finished_games_log_is_worded_once_for_the_screens_that_open_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Everyone who opens a finished game is sent its whole log: a long game's words cost the
    # event loop milliseconds, so the next screen of the same seat and language gets them
    # as they were worded, and only a new reader (or a new name) has them worded again.
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    table_id = asyncio.run(_finish(url, "sequentia-cross", None))
    first, again, seat, finnish, renamed = asyncio.run(
        _joins_of_a_finished_game(url, table_id, monkeypatch)
    )
    assert first[0] > 10 and again == (0, first[1])
    assert seat[0] > 0 and seat[1] != first[1]  # the seat's own cards are named to it
    assert finnish[0] > 0 and finnish[1] != first[1]
    assert renamed[0] > 0 and any("Annie" in event.get("text", "") for event in renamed[1])
