"""Structured logs, opt-in (``sequenza serve --log-format json``): one JSON object a line for
every request and every table event, ready for a log collector.

Events are ordinary ``logging`` records of the ``sequenza.web`` logger whose ``extra`` fields
become keys: ``logger.info("move", extra={"table": ..., "turn": ...})``.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from typing import Any

#: Attributes every ``LogRecord`` has: anything else came in ``extra``.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
            "process": os.getpid(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD:
                entry[key] = value
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def configure(log_format: str) -> None:
    """``text``: warnings and errors in plain words; ``json``: every event, one JSON a line."""
    if log_format not in ("text", "json"):
        raise ValueError(f"the log format is text or json, not {log_format!r}")
    logger = logging.getLogger("sequenza")
    handler = logging.StreamHandler(sys.stderr)
    if log_format == "json":
        handler.setFormatter(JsonFormatter())
        logger.setLevel(logging.INFO)
    else:
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        logger.setLevel(logging.WARNING)
    logger.handlers[:] = [handler]
    logger.propagate = False
