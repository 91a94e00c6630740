"""Every mistake the checks of a mode file can name has words in every language: a code, and
the sentence and fix of the ``mistakes`` catalogue in English, Italian, Finnish and Esperanto,
with the fields each sentence names given by every check that names it. ``sequenza mode check``
and the workshop say the rarer mistakes of meaning in the reader's language as they say the
common ones."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sequenza
from sequenza import i18n
from sequenza.app.cli import app
from sequenza.app.web.workshop import worded
from sequenza.modes import EXAMPLES, ModeError, mistakes, parse_mode

SOURCE = Path(sequenza.__file__).parent
#: The code that names mistakes: the loader and its neighbours, and the workshop.
CHECKS = [*sorted((SOURCE / "modes").glob("*.py")), SOURCE / "app" / "web" / "workshop.py"]
SHIFT = (EXAMPLES / "shift.toml").read_text(encoding="utf-8")
#: Shift without its stall endings: its slides could loop for ever (a rare mistake of meaning).
LOOPING = SHIFT.split("[[endings]]")[0] + (
    '[[endings]]\nname = "deck_exhausted"\nwhen = "deck_empty"\ncondition = "no_target_possible"\n'
)
KEYS = {**mistakes.MESSAGES, **{f"fix:{code}": key for code, key in mistakes.FIXES.items()}}


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", i18n.languages())
def test_every_mistake_code_has_its_words_in_every_language(language: str) -> None:
    english = i18n.entries(mistakes.DOMAIN, "en")
    words = i18n.entries(mistakes.DOMAIN, language)
    assert i18n.catalogue_path(mistakes.DOMAIN, language).is_file()
    # Every key is a code's (or the form of a line), and every code has its key.
    assert set(words) == set(english) == {*KEYS.values(), mistakes.WITH_FIX}
    problems = []
    for key, entry in english.items():
        said = words[key].translated[0]
        if not said.strip():
            problems.append(f"{key}: empty")
        elif _placeholders(said) != _placeholders(entry.english[0]):
            problems.append(f"{key}: placeholders {_placeholders(said)}")
        elif language != "en" and said == entry.english[0]:
            problems.append(f"{key}: still English")
    assert not problems, "\n".join(problems)


def _calls() -> list[tuple[str, ast.Call]]:
    """Every call of the checks that names a mistake by its codes: ``Problem.of(line, column,
    code, fix)``, ``reader.problem(path, code, fix)``, ``reader.near(path, code, ...)``."""
    found = []
    for path in CHECKS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            owner = node.func.value
            named = (owner.id, node.func.attr) if isinstance(owner, ast.Name) else ()
            if named in (("Problem", "of"), ("reader", "problem"), ("reader", "near")) or (
                named in (("self", "problem"), ("self", "near")) and path.name == "loader.py"
            ):
                found.append((f"{path.name}:{node.lineno}", node))
    return found


def _literals(node: ast.expr) -> list[str]:
    """The codes an argument can be: a literal, either side of a conditional, or the values
    of the loader's table of wrong types."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        from sequenza.modes import loader

        return list(getattr(loader, node.value.id).values())
    raise AssertionError(f"a code that is not a literal: {ast.unparse(node)}")


def test_every_check_names_a_known_code_and_gives_the_fields_its_words_name() -> None:
    english = i18n.entries(mistakes.DOMAIN, "en")
    checked = 0
    for where, call in _calls():
        first = 2 if call.func.attr == "of" else 1  # type: ignore[attr-defined]
        if isinstance(call.args[first], ast.Name):
            continue  # the reader's own helpers, handing on their caller's code
        codes = _literals(call.args[first])
        given = {keyword.arg for keyword in call.keywords}
        if call.func.attr == "near":  # type: ignore[attr-defined]
            fixes = ["did_you_mean", "one_of"]
            given |= {"near", "words"}
        else:
            fixes = _literals(call.args[first + 1]) if len(call.args) > first + 1 else [""]
        for code in codes:
            assert code in mistakes.MESSAGES, f"{where}: {code}"
            wanted = _placeholders(english[mistakes.MESSAGES[code]].english[0])
            assert wanted <= given, f"{where}: {code} needs {wanted - given}"
        for fix in fixes:
            if fix:
                assert fix in mistakes.FIXES, f"{where}: {fix}"
                wanted = _placeholders(english[mistakes.FIXES[fix]].english[0])
                assert wanted <= given, f"{where}: {fix} needs {wanted - given}"
        checked += 1
    assert checked > 60


def _problem(text: str) -> mistakes.Problem:
    with pytest.raises(ModeError) as caught:
        parse_mode(text, "mode.toml")
    (problem,) = caught.value.problems
    return problem


def test_a_rare_mistake_of_meaning_reads_in_every_language() -> None:
    problem = _problem(LOOPING)
    assert problem.code == "can_loop" and str(problem).endswith(
        "a game could loop for ever (fix: add an ending with quiet_rounds = 3 and stall = true)"
    )
    said = {language: mistakes.worded(problem, language) for language in i18n.languages()}
    assert said["en"] == (problem.message, problem.fix)
    assert said["it"][0].startswith("i turni possono passare senza usare carte")
    assert said["fi"][1] == "lisää loppu, jossa quiet_rounds = 3 ja stall = true"
    assert said["eo"][0].endswith("ludo povus daŭri eterne")
    # The workshop answers with the same words, and the checks' English beside them.
    answer = worded(problem, "fi")
    assert answer["message"] == said["fi"][0] and answer["english"] == str(problem)


def test_mode_check_names_a_rare_mistake_in_the_terminal_s_language(tmp_path: Path) -> None:
    text = SHIFT.replace('deal = "target"', 'deal = "targets"')
    planted = tmp_path / "mode.toml"
    planted.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if '"targets"' in row)
    result = CliRunner().invoke(
        app, ["mode", "check", str(planted)], env={"LANGUAGE": "it", "LC_ALL": "it_IT.UTF-8"}
    )
    assert result.exit_code == 2
    assert (
        f"mode.toml:{line}:1: la preparazione distribuisce a 'targets', che non è un luogo del "
        "tavolo né dei posti (correzione: forse intendevi 'target'?)"
    ) in result.output


def test_a_mistake_without_the_fields_its_words_name_keeps_the_checks_english() -> None:
    problem = mistakes.Problem(2, 1, "something odd", "fix it", "names_no_option", "", ())
    assert mistakes.worded(problem, "it") == ("something odd", "fix it")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (("rows = 3", "rowz = 3"), "unknown_key"),
        (("[mode]", "colour = 1\n[mode]"), "unknown_top_key"),
        (('name = "Sequentia · Shift (mode file)"', ""), "missing_key"),
        (('code = "target"', 'code = "targte"'), "wrong_word"),
        (("rows = 3", 'rows = "3"'), "wrong_type"),
        (("maximum = 30", "maximum = 30.5"), "wrong_type"),
        (("[deck]", '[deck]\nlist = [{card = "1:123", count = 0}]'), "too_small"),
        (("[deck]", '[deck]\nlist = [{card = "1:123", count = 99}]'), "too_big"),
        (("[deck]", '[deck]\nlist = [{card = "4:123"}]'), "bad_form"),
        (('lines = ["rows"]', "lines = []"), "too_few"),
        (('id = "mode-shift"', 'id = "Mode Shift"'), "bad_form"),
        (('limit = "slide_limit"', "limit = 1.5"), "no_shape"),
    ],
)
def test_every_complaint_of_the_schema_reads_in_every_language(
    change: tuple[str, str], code: str
) -> None:
    from sequenza.modes.schema_check import schema_problems

    assert change[0] in SHIFT
    problems = schema_problems(SHIFT.replace(*change))
    assert code in {problem.code for problem in problems}
    for problem in problems:
        assert problem.code in mistakes.MESSAGES and problem.fix_code in mistakes.FIXES
        english = mistakes.worded(problem, "en")
        for language in ("it", "fi", "eo"):
            message, fix = mistakes.worded(problem, language)
            assert message != english[0] and fix != english[1], (language, problem)


def test_a_word_like_no_allowed_one_gets_every_allowed_word_as_its_fix() -> None:
    # "exchange" is a block, not an action a phase lists, and is near none of them.
    from sequenza.modes.schema_check import schema_problems

    old = 'actions = ["slide", "claim", "end"]'
    assert old in SHIFT
    (problem,) = schema_problems(SHIFT.replace(old, 'actions = ["slide", "claim", "exchange"]'))
    assert (problem.code, problem.fix_code) == ("wrong_word", "one_of")
    assert problem.fix == "one of slide, place, claim, end, refill, pass"
    assert mistakes.worded(problem, "it")[1] == "uno tra slide, place, claim, end, refill, pass"
