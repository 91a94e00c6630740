"""A table's history as the database holds it: made new for a record, replayed from its saved
entries, and its parts as JSON (the outcome, an entry).
"""

from __future__ import annotations

from typing import Any

from sequenza.core.errors import SequenzaError
from sequenza.core.game import GameRecord, State
from sequenza.core.registry import replay
from sequenza.core.table import Entry, TableHistory

from .errors import TableError
from .storage import TableRecord


def outcome_json(history: TableHistory) -> dict[str, Any] | None:
    outcome = history.outcome
    return None if outcome is None else dict(outcome.to_json())


def entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "kind": entry.kind.value,
        "seat": entry.seat,
        "action": entry.action,
        "elapsed": entry.elapsed,
        "at": entry.at,
    }


def new_history(record: TableRecord, initial: State[Any]) -> TableHistory:
    bots = frozenset(seat.seat for seat in record.seats if seat.kind == "bot")
    return TableHistory(initial, bots, record.clock)


def replay_table(record: TableRecord) -> TableHistory:
    try:
        initial = replay(
            GameRecord(
                game=record.game,
                rules_version=record.rules_version,
                players=record.players,
                options=record.options,
                seed=record.seed,
            )
        )
        history = new_history(record, initial)
        for entry in record.entries:
            history.add(entry)
        return history
    except SequenzaError as error:
        raise TableError(
            "corrupt", "problem.corrupt", 410, detail=str(error), table=record.id
        ) from None
