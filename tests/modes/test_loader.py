"""Reading mode files: every shipped file is valid by the loader and the JSON Schema alike, and a
mistake is named with its line, its column and a fix; the loader and the schema refuse the
same bad files."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from sequenza.modes import EXAMPLES, ModeError, parse_mode, read_mode
from sequenza.modes.locate import key_positions, locate

SCHEMA = json.loads((EXAMPLES.parent / "mode.schema.json").read_text(encoding="utf-8"))
SHIPPED = sorted(EXAMPLES.glob("*.toml"))
SHIFT = (EXAMPLES / "shift.toml").read_text(encoding="utf-8")


def _problems(text: str) -> list[str]:
    with pytest.raises(ModeError) as caught:
        parse_mode(text, "shift.toml")
    return [str(problem) for problem in caught.value.problems]


def _line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.name)
def test_every_shipped_mode_file_is_valid_by_the_schema_and_the_loader(path: Path) -> None:
    jsonschema.validate(tomllib.loads(path.read_text(encoding="utf-8")), SCHEMA)
    assert read_mode(path).id.startswith("mode-")


def test_a_misspelt_option_is_named_with_its_line_and_the_option_meant() -> None:
    text = SHIFT.replace('limit = "slide_limit"', 'limit = "slide_limt"')
    line = _line_of(text, 'limit = "slide_limt"')
    assert _problems(text) == [
        f"{line}:1: turn.slide.limit names no option 'slide_limt' "
        "(fix: did you mean 'slide_limit'?)"
    ]


def test_every_mistake_of_a_file_is_named_at_once_in_the_order_of_the_file() -> None:
    text = (
        SHIFT.replace('start = "play"', 'start = "plya"')
        .replace('kind = "score"', 'kind = "scores"')
        .replace("rows = 3", 'rows = "3"')
    )
    problems = _problems(text)
    assert len(problems) == 2
    assert problems[0].startswith(f"{_line_of(text, 'rows = ')}:1: places.grid.rows")
    assert "places.score.kind is 'scores'" in problems[1] and "did you mean 'score'?" in problems[1]
    # The meaning is checked once the file has its shape: then the phase is named.
    fixed = text.replace('kind = "scores"', 'kind = "score"').replace('rows = "3"', "rows = 3")
    (problem,) = _problems(fixed)
    assert problem.startswith(f"{_line_of(fixed, 'start = ')}:1: turn.start names no phase 'plya'")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("rows = 3", 'rows = "three"'), "places.grid.rows must be an integer"),
        (("[turn.claim]", "[turn.claims]"), "unknown key 'claims' in turn"),
        (('then = "refill"', 'then = "refil"'), "turn.claim.then names no phase 'refil'"),
        (("default = 6", "default = 60"), "default 60 lies outside 1..30"),
        (('deal = "target"', 'deal = "targets"'), "deals to 'targets'"),
        (('cards = "sequentia"', 'cards = "poker"'), "deck.cards is 'poker'"),
        (('quiet_rounds = "stall_rounds"', 'quiet_rounds = "stall"'), "names no option 'stall'"),
        (('"action.end" =', '"end" ='), "'end' is not a word of the mode"),
        (
            ("[words.it]\n", '[words.it]\n"event.draw" = { one = "{cards}" }\n'),
            "'event.draw' is not a table of plural forms with an 'other' form",
        ),
        (
            ("[words.it]\n", '[words.it]\n"event.draw" = { other = "{cards}", uno = "" }\n'),
            "'event.draw' is not a table of plural forms",
        ),
        (("players = [2, 3, 4]", "players = [1, 3]"), "players lists the player counts"),
    ],
)
def test_the_loader_and_the_schema_refuse_the_same_bad_files(
    change: tuple[str, str], words: str
) -> None:
    text = SHIFT.replace(*change)
    assert text != SHIFT
    problems = _problems(text)
    assert any(words in problem for problem in problems), problems
    # Every refusal of shape is the schema's too; a refusal of meaning (a name that names
    # nothing, a default outside its range) is beyond a schema, which lets the file pass.
    of_meaning = "names no" in words or "lies outside" in words or "deals to" in words
    valid = jsonschema.Draft202012Validator(SCHEMA).is_valid(tomllib.loads(text))
    assert valid == of_meaning


def test_a_file_that_is_not_toml_is_refused_at_its_line() -> None:
    (problem,) = _problems(SHIFT.replace("rows = 3", "rows = = 3"))
    assert problem.startswith(f"{_line_of(SHIFT, 'rows = 3')}:") and "not valid TOML" in problem


def test_a_turn_that_can_loop_needs_a_stall_ending() -> None:
    text = SHIFT.split("[[endings]]")[0] + (
        '[[endings]]\nname = "deck_exhausted"\nwhen = "deck_empty"\n'
        'condition = "no_target_possible"\n'
    )
    assert any("could loop for ever" in problem for problem in _problems(text))


def test_an_oversized_file_is_refused_before_it_is_read() -> None:
    with pytest.raises(ModeError, match="at most"):
        parse_mode(SHIFT + "#" * 300_000)


def test_keys_are_located_in_tables_arrays_of_tables_and_after_multi_line_texts() -> None:
    spots = key_positions(SHIFT)
    assert locate(spots, ("turn", "slide", "limit")) == (_line_of(SHIFT, 'limit = "slide'), 1)
    assert locate(spots, ("endings", 2, "quiet_rounds")) == (
        _line_of(SHIFT, 'quiet_rounds = "stall_rounds"'),
        1,
    )
    assert locate(spots, ("setup", 1, "deal")) == (_line_of(SHIFT, 'deal = "target"'), 1)
    # The rules text holds a "key = value"-looking line that must not count.
    assert (
        "Setup: 8 cards face up in a 3x3 grid, the centre empty; each player draws",
    ) not in spots


def test_a_mode_whose_seats_never_draw_is_refused_or_stopped() -> None:
    from sequenza.modes.engine import ModeStuckError, compile_mode

    cross = (EXAMPLES / "cross.toml").read_text(encoding="utf-8")
    with pytest.raises(ModeError, match="nobody ever draws"):
        parse_mode(cross.replace("draw = 3\n", ""))
    # Drawing no card reads, but the engine stops rather than pass turns for ever.
    game = compile_mode(parse_mode(cross.replace("draw = 3\n", "draw = 0\n")))
    state = game(2, game.options_class()).new_initial_state(1)
    with pytest.raises(ModeStuckError, match="cannot end"):
        while not state.is_over:
            state.apply(state.legal_actions()[0])
