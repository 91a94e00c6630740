"""RULES_COVERAGE.md maps every rule of RULES.md to the scenario tests that check it: each
node id it names must be a test that exists, and no rule may be left MISSING."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COVERAGE = Path(__file__).with_name("RULES_COVERAGE.md")
NODE_ID = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def rule_lines() -> list[str]:
    return [
        line for line in COVERAGE.read_text(encoding="utf-8").splitlines() if line.startswith("- ")
    ]


@cache
def functions_of(path: str) -> frozenset[str]:
    """The test functions of a module, at its top level or in its classes."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return frozenset(
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name.startswith("test_")
    )


def test_every_rule_names_at_least_one_test_and_none_is_missing() -> None:
    lines = rule_lines()
    assert len(lines) >= 100  # the rules of all six games, not a truncated file
    assert [line for line in lines if "MISSING" in line] == []
    assert [line for line in lines if not NODE_ID.search(line)] == []


def test_every_named_test_exists() -> None:
    named = {match.groups() for line in rule_lines() for match in NODE_ID.finditer(line)}
    absent = sorted(
        f"{path}::{name}"
        for path, name in named
        if not (ROOT / path).is_file() or name not in functions_of(path)
    )
    assert absent == []


def test_the_checker_notices_a_test_that_does_not_exist() -> None:
    # A misspelt node id must fail the check above, not slip through the parser.
    assert "test_every_named_test_exists" in functions_of("tests/games/test_rules_coverage.py")
    assert "test_no_such_rule" not in functions_of("tests/games/test_rules_coverage.py")
    assert NODE_ID.findall("- X `tests/games/test_a.py::test_b` and `tests/c.py::test_d`") == [
        ("tests/games/test_a.py", "test_b"),
        ("tests/c.py", "test_d"),
    ]
