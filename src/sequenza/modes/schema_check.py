"""A mode file's text checked against the format's JSON Schema (``mode.schema.json``), each
complaint located at its line and column with a fix: what ``sequenza mode check`` and the web
app's workshop say first, before the loader's checks of meaning.

>>> from sequenza.modes import EXAMPLES
>>> text = (EXAMPLES / "shift.toml").read_text(encoding="utf-8").replace("rows =", "rowz =")
>>> [problem.fix for problem in schema_problems(text)][:1]
["did you mean 'rows' for 'rowz'?"]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sequenza.modes.loader import Problem
from sequenza.modes.locate import key_positions, locate

#: Where the JSON Schema of the format lives (beside the loader, shipped in the wheel).
SCHEMA = Path(__file__).parent / "mode.schema.json"


def schema_problems(text: str) -> list[Problem]:
    """The JSON Schema's complaints about a mode file's text, located (none without
    ``jsonschema``, a dev dependency: the loader checks the same shapes)."""
    try:
        import jsonschema  # type: ignore[import-untyped]
    except ImportError:
        return []
    import tomllib

    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return []  # the loader names the line
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    spots = key_positions(text)
    problems = []
    try:
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    except RecursionError:  # nested deeper than the checker follows
        return [
            Problem(
                1,
                1,
                "the file is nested too deeply",
                "write fewer brackets in brackets",
                "nested",
                "fewer_brackets",
            )
        ]
    # A misspelt required key is one mistake, not two: the fix of the misspelling names it.
    meant = {
        (tuple(error.absolute_path), fix)
        for error in errors
        for fix in [_schema_fix(error)]
        if error.validator == "additionalProperties"
    }
    for error in errors:
        path = tuple(error.absolute_path)
        if error.validator == "required" and any(
            where == path and f"did you mean {_missing(error)!r}" in fix for where, fix in meant
        ):
            continue
        where = ".".join(str(part) for part in path) or "the file"
        # A key the format does not know is named where it is written, not at its table.
        line, column = locate(spots, (*path, *_unknown_keys(error)[:1]))
        fix = _schema_fix(error)
        code, fields = _coded(error, where)
        fix_code = "did_you_mean" if fix.startswith("did you mean") else "see_schema"
        if fix_code == "did_you_mean":
            fields = (*fields, ("near", fix.split("'")[1]))
        problems.append(
            Problem(line, column, f"{where}: {error.message}", fix, code, fix_code, fields)
        )
    return sorted(problems, key=lambda problem: (problem.line, problem.column))


def _coded(error: Any, where: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The code of a schema complaint a page words in its language, and its fields ("" for
    the rarer ones, which keep the schema checker's English)."""
    if error.validator == "additionalProperties" and _unknown_keys(error):
        return "unknown_key", (("name", _unknown_keys(error)[0]), ("table", where))
    if error.validator == "required" and _missing(error):
        return "missing_key", (("name", _missing(error)), ("table", where))
    if error.validator == "enum":
        return "wrong_word", (("value", str(error.instance)), ("where", where))
    if error.validator == "type":
        expected = error.validator_value
        kinds = expected if isinstance(expected, list) else [expected]
        return "wrong_type", (("where", where), ("expected", " / ".join(map(str, kinds))))
    return "", (("where", where),)


def _missing(error: Any) -> str:
    """The key a ``required`` complaint names."""
    missing = [key for key in error.validator_value if key not in error.instance]
    return str(missing[0]) if missing else ""


def _unknown_keys(error: Any) -> list[str]:
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return []
    known = error.schema.get("properties", {})
    return [key for key in error.instance if key not in known]


def _schema_fix(error: Any) -> str:
    """A fix for a schema mistake: the nearest allowed word for a misspelt key or value,
    else where the allowed shapes are written."""
    import difflib

    wrong: list[str] = []
    allowed: list[str] = []
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(error.schema.get("properties", {}))
        wrong = [key for key in error.instance if key not in allowed]
    elif error.validator == "enum" and isinstance(error.instance, str):
        allowed = [str(value) for value in error.validator_value]
        wrong = [error.instance]
    for word in wrong:
        near = difflib.get_close_matches(word, allowed, n=1)
        if near:
            return f"did you mean '{near[0]}' for '{word}'?"
    return "see mode.schema.json"
