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

from sequenza.modes.locate import key_positions, locate
from sequenza.modes.mistakes import Problem

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
        return [Problem.of(1, 1, "nested", "fewer_brackets")]
    # A misspelt required key is one mistake, not two: the fix of the misspelling names it.
    meant = {
        (tuple(error.absolute_path), near)
        for error in errors
        for near, _ in [_nearest(error)]
        if error.validator == "additionalProperties" and near
    }
    for error in errors:
        path = tuple(error.absolute_path)
        if error.validator == "required" and (path, _missing(error)) in meant:
            continue
        where = ".".join(str(part) for part in path) or "the file"
        # A key the format does not know is named where it is written, not at its table.
        line, column = locate(spots, (*path, *_unknown_keys(error)[:1]))
        near, word = _nearest(error)
        code, fields = _coded(error, where, path)
        if near:
            fix, fix_code = f"did you mean '{near}' for '{word}'?", "did_you_mean"
        elif error.validator == "enum":
            # A word like none of the allowed ones: they are few, so name them all.
            allowed = ", ".join(str(value) for value in error.validator_value)
            fix, fix_code = f"one of {allowed}", "one_of"
            fields = (*fields, ("words", allowed))
        else:
            fix, fix_code = "see mode.schema.json", "see_schema"
        problems.append(
            Problem(
                line,
                column,
                f"{where}: {error.message}",
                fix,
                code,
                fix_code,
                (*fields, ("near", near), ("word", word)),
            )
        )
    return sorted(problems, key=lambda problem: (problem.line, problem.column))


def _coded(
    error: Any, where: str, path: tuple[Any, ...]
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The code of a schema complaint (its words in the ``mistakes`` catalogue) and the
    fields its sentence names."""
    validator = error.validator
    if validator == "additionalProperties" and _unknown_keys(error):
        name = _unknown_keys(error)[0]
        return ("unknown_key" if path else "unknown_top_key"), (("name", name), ("table", where))
    if validator == "required" and _missing(error):
        if not path:
            return "missing_section", (("name", _missing(error)),)
        return "missing_key", (("name", _missing(error)), ("table", where))
    if validator == "enum":
        return "wrong_word", (("value", str(error.instance)), ("where", where))
    if validator == "type":
        expected = error.validator_value
        kinds = expected if isinstance(expected, list) else [expected]
        return "wrong_type", (("where", where), ("expected", " / ".join(map(str, kinds))))
    limit = str(error.validator_value)
    if validator in ("minimum", "exclusiveMinimum"):
        return "too_small", (("where", where), ("value", str(error.instance)), ("limit", limit))
    if validator in ("maximum", "exclusiveMaximum"):
        return "too_big", (("where", where), ("value", str(error.instance)), ("limit", limit))
    if validator == "pattern":
        return "bad_form", (("where", where), ("value", str(error.instance)))
    if validator == "minItems":
        return "too_few", (("where", where), ("limit", limit))
    if validator in ("anyOf", "oneOf"):
        return "no_shape", (("where", where),)
    return "not_in_format", (("where", where),)


def _missing(error: Any) -> str:
    """The key a ``required`` complaint names."""
    missing = [key for key in error.validator_value if key not in error.instance]
    return str(missing[0]) if missing else ""


def _unknown_keys(error: Any) -> list[str]:
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return []
    known = error.schema.get("properties", {})
    return [key for key in error.instance if key not in known]


def _nearest(error: Any) -> tuple[str, str]:
    """For a misspelt key or value, the nearest allowed word and the word written (both ""
    when there is none: the fix then points at the schema)."""
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
            return near[0], word
    return "", ""
