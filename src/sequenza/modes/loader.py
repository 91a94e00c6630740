"""Reading a mode file: TOML text -> a checked ``Mode``, or a ``ModeError`` that lists every
mistake with its line, column and a suggested fix.

Two passes: the shape (each table's keys, each value's type and allowed words: what the JSON
Schema ``mode.schema.json`` says too), then the meaning (a phase or option that is named
exists and has the right kind, the set-up deals to places that exist, a turn that can repeat
without progress has a stall ending, an option's default lies in its range).

>>> mode = read_mode(Path(__file__).parent / "examples" / "shift.toml")
>>> mode.id, mode.places.table.kind, mode.turn.slide.limit
('mode-shift', 'grid', 'slide_limit')
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sequenza.components.sequentia_cards import SequentiaCard, sequentia_deck
from sequenza.modes.locate import Path as KeyPath
from sequenza.modes.locate import key_positions, locate
from sequenza.modes.model import (
    ACTION_BLOCKS,
    END_TURN,
    LANGUAGES,
    Amount,
    ClaimRule,
    Deal,
    Ending,
    ExchangeRule,
    ListedCard,
    Mode,
    OptionDecl,
    Phase,
    PlaceRule,
    Places,
    RefillRule,
    SeatPlace,
    SlideRule,
    TablePlace,
    Turn,
    TurnEnd,
)

#: What a file's words may word: an action, an ending, an event, an option or a place (its
#: name on the page), besides the mode's name, summary and rules.
WORD_PREFIXES = ("action.", "ending.", "event.", "option.", "place.")
MODE_WORDS = ("mode.name", "mode.summary", "mode.rules")
#: A mode file is small: anything larger is refused before it is parsed.
MAX_BYTES = 256 * 1024
DECKS = ("sequentia", "listed")
#: The digits of a card's code: the cards of a line or window that show one.
CODE_LENGTH = 3
#: A listed deck's bounds: copies of one card, and cards in all.
MAX_COPIES = 20
MAX_DECK = 300


@dataclass(frozen=True)
class Problem:
    """One mistake of a mode file: where, what, and how to fix it."""

    line: int
    column: int
    message: str
    fix: str = ""
    #: The commonest mistakes carry a code of their message and of their fix, and their
    #: fields, so that a page can word them in its language (the message is the English).
    code: str = ""
    fix_code: str = ""
    fields: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        fix = f" (fix: {self.fix})" if self.fix else ""
        return f"{self.line}:{self.column}: {self.message}{fix}"


class ModeError(ValueError):
    """A mode file that cannot be played; ``problems`` lists every mistake found."""

    def __init__(self, source: str, problems: list[Problem]) -> None:
        self.source = source
        self.problems = problems
        lines = [f"{source}:{problem}" for problem in problems]
        super().__init__(f"{len(problems)} mistake(s) in the mode file\n" + "\n".join(lines))


class _Skip(Exception):
    """A value too wrong to read further (its problem is already noted)."""


_MISSING = object()


class _Reader:
    def __init__(self, text: str) -> None:
        self.spots = key_positions(text)
        self.problems: list[Problem] = []

    def problem(self, path: KeyPath, message: str, fix: str = "") -> None:
        line, column = locate(self.spots, path)
        self.problems.append(Problem(line, column, message, fix))

    def table(self, data: Any, path: KeyPath, keys: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(data, dict):
            self.problem(path, f"{_name(path)} must be a table", f"write it as [{_name(path)}]")
            raise _Skip
        for key in data:
            if key not in keys:
                close = difflib.get_close_matches(key, keys, n=1)
                fix = f"did you mean {close[0]!r}?" if close else f"known keys: {', '.join(keys)}"
                where = _name(path) or "the file"
                line, column = locate(self.spots, (*path, key))
                self.problems.append(
                    Problem(
                        line,
                        column,
                        f"unknown key {key!r} in {where}",
                        fix,
                        "unknown_key",
                        "did_you_mean" if close else "known_keys",
                        (
                            ("name", key),
                            ("table", where),
                            ("near", close[0] if close else ""),
                            ("keys", ", ".join(keys)),
                        ),
                    )
                )
        return data

    def value(
        self,
        data: dict[str, Any],
        path: KeyPath,
        key: str,
        kind: type | tuple[type, ...],
        default: Any = _MISSING,
        words: tuple[str, ...] | None = None,
    ) -> Any:
        where = (*path, key)
        if key not in data:
            if default is _MISSING:
                self.problem(path, f"{_name(path) or 'the file'} needs {key!r}", f"add {key} = ...")
                raise _Skip
            return default
        value = data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # TOML's true is no number: a count never takes it.
        ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
        if not ok:
            wanted = " or ".join(_KIND_WORDS.get(one, one.__name__) for one in kinds)
            self.problem(where, f"{_name(where)} must be {wanted}, not {value!r}")
            raise _Skip
        if words is not None and isinstance(value, str) and value not in words:
            close = difflib.get_close_matches(value, words, n=1)
            fix = f"did you mean {close[0]!r}?" if close else f"one of {', '.join(words)}"
            self.problem(where, f"{_name(where)} is {value!r}, not one of {', '.join(words)}", fix)
            raise _Skip
        return value

    def words(
        self, data: dict[str, Any], path: KeyPath, key: str, allowed: tuple[str, ...]
    ) -> tuple[str, ...]:
        values = self.value(data, path, key, list)
        found = []
        for index, value in enumerate(values):
            if not isinstance(value, str) or value not in allowed:
                close = difflib.get_close_matches(str(value), allowed, n=1)
                fix = f"did you mean {close[0]!r}?" if close else f"one of {', '.join(allowed)}"
                self.problem(
                    (*path, key),
                    f"{key}[{index}] is {value!r}, not one of {', '.join(allowed)}",
                    fix,
                )
                raise _Skip
            found.append(value)
        return tuple(found)


_KIND_WORDS: dict[type, str] = {
    str: "a text",
    int: "an integer",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}


def _name(path: KeyPath) -> str:
    return ".".join(str(part) if isinstance(part, str) else f"[{part}]" for part in path).replace(
        ".[", "["
    )


def read_mode(path: Path | str) -> Mode:
    """Read and check a mode file (``ModeError`` listing its mistakes)."""
    file = Path(path)
    try:
        raw = file.read_bytes()
    except OSError as error:
        raise ModeError(
            str(file), [Problem(1, 1, f"cannot read the file: {error.strerror}")]
        ) from None
    return parse_mode(raw, str(file))


def parse_mode(raw: bytes | str, source: str = "<mode>") -> Mode:
    """A mode from its text (``ModeError`` listing its mistakes)."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise ModeError(
            source,
            [
                Problem(
                    1,
                    1,
                    f"a mode file holds at most {MAX_BYTES} bytes, this one {size}",
                    "split the rules text or trim the words",
                )
            ],
        )
    try:
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ModeError(
            source, [Problem(1, 1, "a mode file is UTF-8 text", "save it as UTF-8")]
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, column = _toml_position(str(error))
        raise ModeError(
            source,
            [
                Problem(
                    line,
                    column,
                    f"not valid TOML: {str(error).split(' (at')[0]}",
                    "check quotes, brackets and '=' on that line",
                    "not_toml",
                    "toml_line",
                    (("reason", str(error).split(" (at")[0]),),
                )
            ],
        ) from None
    except RecursionError:  # brackets in brackets past what the reader follows
        raise ModeError(
            source,
            [
                Problem(
                    1,
                    1,
                    "the file is nested too deeply",
                    "write fewer brackets in brackets",
                    "nested",
                    "fewer_brackets",
                )
            ],
        ) from None
    reader = _Reader(text)
    mode = _read(reader, data)
    if reader.problems or mode is None:
        raise ModeError(
            source, sorted(reader.problems, key=lambda problem: (problem.line, problem.column))
        )
    return mode


def _toml_position(message: str) -> tuple[int, int]:
    match = re.search(r"line (\d+), column (\d+)", message)
    return (int(match.group(1)), int(match.group(2))) if match else (1, 1)


_TOP = ("mode", "deck", "options", "places", "setup", "turn", "endings", "score", "words")


def _read(reader: _Reader, data: dict[str, Any]) -> Mode | None:
    reader.table(data, (), _TOP)
    parts: dict[str, Any] = {}
    for key, read in (
        ("mode", _read_meta),
        ("deck", _read_deck),
        ("options", _read_options),
        ("places", _read_places),
        ("setup", _read_setup),
        ("turn", _read_turn),
        ("endings", _read_endings),
        ("score", _read_score),
        ("words", _read_words),
    ):
        try:
            if key not in data and key not in ("options", "words", "score"):
                reader.problem((), f"the file needs a [{key}] section", f"add [{key}]")
                continue
            parts[key] = read(reader, data.get(key, {}))
        except _Skip:
            continue
    if reader.problems:
        return None
    mode = Mode(
        **parts["mode"],
        deck=parts["deck"][0],
        deck_list=parts["deck"][1],
        options=parts["options"],
        places=parts["places"],
        setup=parts["setup"],
        turn=parts["turn"],
        endings=parts["endings"],
        words=parts["words"],
    )
    _check_meaning(reader, mode)
    return None if reader.problems else mode


def _read_meta(reader: _Reader, data: Any) -> dict[str, Any]:
    path: KeyPath = ("mode",)
    reader.table(data, path, ("id", "name", "players", "version", "summary", "rules"))
    mode_id = reader.value(data, path, "id", str)
    if not re.fullmatch(r"[a-z][a-z0-9-]{1,39}", mode_id):
        reader.problem(
            (*path, "id"),
            f"id {mode_id!r} is not a game id",
            "lower-case letters, digits and '-', 2-40 of them, starting with a letter",
        )
    players = reader.value(data, path, "players", list)
    if not players or not all(
        isinstance(count, int) and not isinstance(count, bool) and 2 <= count <= 8
        for count in players
    ):
        reader.problem(
            (*path, "players"),
            "players lists the player counts, each 2 to 8",
            "players = [2, 3, 4]",
        )
    return {
        "id": mode_id,
        "name": reader.value(data, path, "name", str),
        "players": tuple(sorted(set(players))),
        "version": reader.value(data, path, "version", str, "1"),
        "summary": reader.value(data, path, "summary", str, ""),
        "rules": reader.value(data, path, "rules", str, ""),
    }


def _read_deck(reader: _Reader, data: Any) -> tuple[str, tuple[ListedCard, ...]]:
    path: KeyPath = ("deck",)
    reader.table(data, path, ("cards", "list"))
    cards: str = reader.value(data, path, "cards", str, words=DECKS)
    if cards == "sequentia":
        if "list" in data:
            reader.problem(
                (*path, "list"),
                "the deck is the Sequentia deck, and the file lists cards too",
                'cards = "listed" to play the listed cards, or remove the list',
            )
        return cards, ()
    entries = reader.value(data, path, "list", list, [])
    if not entries:
        reader.problem(
            (*path, "cards"),
            'a listed deck needs its cards: [[deck.list]] with card = "2:131" and count = 2',
            '[[deck.list]] with card = "2:131"',
        )
        raise _Skip
    listed: list[ListedCard] = []
    seen: dict[str, int] = {}
    for index, spec in enumerate(entries):
        where: KeyPath = (*path, "list", index)
        try:
            reader.table(spec, where, ("card", "count"))
            text = reader.value(spec, where, "card", str).strip()
            count = reader.value(spec, where, "count", int, 1)
        except _Skip:
            continue
        if not re.fullmatch(SequentiaCard.PATTERN, text):
            reader.problem(
                (*where, "card"),
                f"{text!r} is not a card",
                "digit:code, the digit and the code's three digits each 1, 2 or 3, "
                "+ for a bonus card: 2:131 or 2:131+",
            )
            continue
        if not 1 <= count <= MAX_COPIES:
            reader.problem(
                (*where, "count"),
                f"a card has 1 to {MAX_COPIES} copies, not {count}",
                f"count = {max(1, min(count, MAX_COPIES))}",
            )
            continue
        if text in seen:
            reader.problem(
                (*where, "card"),
                f"the card {text} is listed twice (first at list[{seen[text]}])",
                "write it once, with the copies added up in its count",
            )
            continue
        seen[text] = index
        listed.append(ListedCard(text, count))
    total = sum(card.count for card in listed)
    if total > MAX_DECK:
        reader.problem(
            (*path, "list"),
            f"a listed deck holds at most {MAX_DECK} cards, this one {total}",
            "list fewer cards or fewer copies",
        )
    return cards, tuple(listed)


def _read_options(reader: _Reader, data: Any) -> tuple[OptionDecl, ...]:
    reader.table(data, ("options",), tuple(data) if isinstance(data, dict) else ())
    options = []
    for name, spec in data.items():
        path: KeyPath = ("options", name)
        try:
            reader.table(spec, path, ("default", "minimum", "maximum", "description", "decision"))
            default = reader.value(spec, path, "default", (int, bool))
            minimum = reader.value(spec, path, "minimum", int, None)
            maximum = reader.value(spec, path, "maximum", int, None)
            if isinstance(default, bool) and (minimum is not None or maximum is not None):
                reader.problem(
                    path,
                    f"option {name!r} is true/false: it has no range",
                    "remove minimum and maximum",
                )
            if not isinstance(default, bool):
                if minimum is not None and maximum is not None and minimum > maximum:
                    reader.problem(
                        (*path, "minimum"),
                        f"option {name!r} has minimum {minimum} above maximum {maximum}",
                        "swap them",
                    )
                elif (minimum is not None and default < minimum) or (
                    maximum is not None and default > maximum
                ):
                    reader.problem(
                        (*path, "default"),
                        f"option {name!r}'s default {default} lies outside {minimum}..{maximum}",
                        "pick a default inside the range",
                    )
            if name == "random_first_player" or not name.isidentifier():
                reader.problem(
                    path,
                    f"{name!r} cannot be an option's name",
                    "a plain word other than random_first_player (every mode has that one)",
                )
            options.append(
                OptionDecl(
                    name=name,
                    default=default,
                    description=reader.value(spec, path, "description", str, ""),
                    minimum=minimum,
                    maximum=maximum,
                    decision=reader.value(spec, path, "decision", bool, False),
                )
            )
        except _Skip:
            continue
    return tuple(options)


def _read_places(reader: _Reader, data: Any) -> Places:
    reader.table(data, ("places",), tuple(data) if isinstance(data, dict) else ())
    table: TablePlace | None = None
    seats: dict[str, SeatPlace] = {}
    out: str | None = None
    for name, spec in data.items():
        path: KeyPath = ("places", name)
        try:
            reader.value(
                spec if isinstance(spec, dict) else {},
                path,
                "kind",
                str,
                words=("grid", "row", "hand", "target", "score", "out"),
            )
            kind = spec["kind"]
            if kind == "grid":
                reader.table(spec, path, ("kind", "rows", "columns", "holds", "start_empty"))
                rows = reader.value(spec, path, "rows", int)
                columns = reader.value(spec, path, "columns", int)
                if not (1 <= rows <= 9 and 1 <= columns <= 9):
                    reader.problem(
                        path, "a grid has 1 to 9 rows and columns", "rows = 3 and columns = 3"
                    )
                empty = reader.value(spec, path, "start_empty", list, [])
                if not all(isinstance(p, int) and 0 <= p < rows * columns for p in empty):
                    reader.problem(
                        (*path, "start_empty"),
                        f"start_empty lists positions 0 to {rows * columns - 1}",
                        "start_empty = [4]",
                    )
                place = TablePlace(
                    name,
                    "grid",
                    rows=rows,
                    columns=columns,
                    holds=reader.value(spec, path, "holds", str, "card", words=("card", "pile")),
                    start_empty=tuple(empty),
                )
            elif kind == "row":
                reader.table(spec, path, ("kind", "max_piles"))
                place = TablePlace(
                    name, "row", max_piles=reader.value(spec, path, "max_piles", int)
                )
            elif kind == "out":
                reader.table(spec, path, ("kind",))
                out = name
                continue
            else:
                reader.table(spec, path, ("kind", "order"))
                order = reader.value(spec, path, "order", str, "text", words=("text", "deck"))
                if kind in seats:
                    reader.problem(
                        path,
                        f"a second {kind} place ({name})",
                        f"a mode has one {kind} place in this version",
                    )
                seats[kind] = SeatPlace(name, kind, order)
                continue
            if table is not None:
                reader.problem(
                    path,
                    f"a second table place ({name})",
                    "a mode has one grid or one row in this version",
                )
            table = place
        except _Skip:
            continue
    declared = any(
        isinstance(spec, dict) and spec.get("kind") in ("grid", "row") for spec in data.values()
    )
    if table is None:
        if not declared:  # a table declared with a mistake has its problem noted already
            reader.problem(
                ("places",), "the table needs a grid or a row", '[places.grid] with kind = "grid"'
            )
        raise _Skip
    return Places(
        table, hand=seats.get("hand"), target=seats.get("target"), score=seats.get("score"), out=out
    )


def _read_setup(reader: _Reader, data: Any) -> tuple[Deal, ...]:
    if not isinstance(data, list):
        reader.problem(
            ("setup",), "setup is a list of deals", 'write each as [[setup]] with deal = "place"'
        )
        raise _Skip
    deals = []
    for index, spec in enumerate(data):
        path: KeyPath = ("setup", index)
        try:
            reader.table(spec, path, ("deal", "count"))
            deals.append(
                Deal(
                    reader.value(spec, path, "deal", str),
                    reader.value(spec, path, "count", (int, str), 1),
                )
            )
        except _Skip:
            continue
    return tuple(deals)


def _read_turn(reader: _Reader, data: Any) -> Turn:
    path: KeyPath = ("turn",)
    reader.table(
        data,
        path,
        ("start", "empty_handed", "phases", "slide", "place", "claim", "exchange", "refill", "end"),
    )
    phases_data = reader.value(data, path, "phases", dict)
    phases = []
    for name, spec in phases_data.items():
        where: KeyPath = (*path, "phases", name)
        try:
            reader.table(spec, where, ("actions", "forced"))
            phases.append(
                Phase(
                    name,
                    reader.words(spec, where, "actions", (*ACTION_BLOCKS, "pass")),
                    reader.value(spec, where, "forced", str, None, words=("exchange",)),
                )
            )
        except _Skip:
            continue
    blocks: dict[str, Any] = {}
    for block, read in (
        ("slide", _read_slide),
        ("place", _read_place),
        ("claim", _read_claim),
        ("exchange", _read_exchange),
        ("refill", _read_refill),
        ("end", _read_end),
    ):
        if block in data:
            try:
                blocks[block] = read(reader, data[block], (*path, block))
            except _Skip:
                continue
    return Turn(
        start=reader.value(data, path, "start", str),
        phases=tuple(phases),
        empty_handed=reader.value(data, path, "empty_handed", str, None, words=("pass",)),
        **blocks,
    )


def _read_slide(reader: _Reader, data: Any, path: KeyPath) -> SlideRule:
    reader.table(data, path, ("place", "limit", "at_limit", "diagonal"))
    return SlideRule(
        limit=reader.value(data, path, "limit", (int, str)),
        diagonal=reader.value(data, path, "diagonal", (bool, str), False),
        at_limit=reader.value(
            data,
            path,
            "at_limit",
            str,
            "end_turn_unless_claim",
            words=("end_turn_unless_claim", "stay"),
        ),
    )


def _read_place(reader: _Reader, data: Any, path: KeyPath) -> PlaceRule:
    reader.table(
        data,
        path,
        (
            "to",
            "then",
            "then_bonus",
            "whole_hand",
            "not_on_same_digit",
            "not_on_covered",
            "unplaceable",
            "empty_hand",
        ),
    )
    return PlaceRule(
        to=reader.value(data, path, "to", str, words=("row", "grid")),
        then=reader.value(data, path, "then", str),
        then_bonus=reader.value(data, path, "then_bonus", str, None),
        whole_hand=reader.value(data, path, "whole_hand", bool, False),
        not_on_same_digit=reader.value(data, path, "not_on_same_digit", bool, False),
        not_on_covered=reader.value(data, path, "not_on_covered", bool, False),
        unplaceable=reader.value(data, path, "unplaceable", str, "keep", words=("out", "keep")),
        empty_hand=reader.value(data, path, "empty_hand", str, END_TURN),
    )


def _read_claim(reader: _Reader, data: Any, path: KeyPath) -> ClaimRule:
    keys = (
        "lines",
        "code",
        "then",
        "width",
        "full_row",
        "sets",
        "must_include_last",
        "collect_code_card",
        "remove_lines",
        "refill",
        "new_target",
    )
    reader.table(data, path, keys)
    return ClaimRule(
        lines=reader.words(data, path, "lines", ("rows", "columns", "diagonals", "windows")),  # type: ignore[arg-type]
        code=reader.value(data, path, "code", str, words=("target", "hand", "placed")),
        then=reader.value(data, path, "then", str),
        width=reader.value(data, path, "width", int, 3),
        full_row=reader.value(data, path, "full_row", bool, False),
        sets=reader.value(data, path, "sets", bool, False),
        must_include_last=reader.value(data, path, "must_include_last", (bool, str), False),
        collect_code_card=reader.value(data, path, "collect_code_card", (bool, str), False),
        remove_lines=reader.value(data, path, "remove_lines", bool, False),
        refill=reader.value(data, path, "refill", str, "none", words=("none", "auto", "choose")),
        new_target=reader.value(data, path, "new_target", bool, False),
    )


def _read_exchange(reader: _Reader, data: Any, path: KeyPath) -> ExchangeRule:
    reader.table(data, path, ("when_impossible", "when_repeated", "empty_deck"))
    return ExchangeRule(
        when_impossible=reader.value(data, path, "when_impossible", bool, True),
        when_repeated=reader.value(data, path, "when_repeated", (int, str), None),
        empty_deck=reader.value(data, path, "empty_deck", str, "pass", words=("pass",)),
    )


def _read_refill(reader: _Reader, data: Any, path: KeyPath) -> RefillRule:
    reader.table(data, path, ("leave_empty", "then"))
    return RefillRule(
        leave_empty=reader.value(data, path, "leave_empty", int, 1),
        then=reader.value(data, path, "then", str, END_TURN),
    )


def _read_end(reader: _Reader, data: Any, path: KeyPath) -> TurnEnd:
    reader.table(data, path, ("draw_up_to", "draw", "quiet_turns"))
    return TurnEnd(
        draw_up_to=reader.value(data, path, "draw_up_to", (int, str), None),
        draw=reader.value(data, path, "draw", (int, str), None),
        quiet_turns=reader.value(
            data, path, "quiet_turns", str, "none", words=("every_turn", "empty_deck", "none")
        ),
    )


def _read_endings(reader: _Reader, data: Any) -> tuple[Ending, ...]:
    if not isinstance(data, list):
        reader.problem(("endings",), "endings is a list", "write each as [[endings]]")
        raise _Skip
    endings = []
    for index, spec in enumerate(data):
        path: KeyPath = ("endings", index)
        try:
            reader.table(spec, path, ("name", "when", "condition", "quiet_rounds", "stall"))
            endings.append(
                Ending(
                    name=reader.value(spec, path, "name", str),
                    when=reader.value(
                        spec,
                        path,
                        "when",
                        str,
                        "always",
                        words=("always", "deck_empty", "deck_not_empty"),
                    ),
                    condition=reader.value(
                        spec,
                        path,
                        "condition",
                        str,
                        None,
                        words=("no_target_possible", "hands_empty"),
                    ),
                    quiet_rounds=reader.value(spec, path, "quiet_rounds", (int, str), None),
                    stall=reader.value(spec, path, "stall", bool, False),
                )
            )
            if not re.fullmatch(r"[a-z][a-z0-9_]*", endings[-1].name):
                reader.problem(
                    (*path, "name"),
                    f"ending name {endings[-1].name!r} is not a plain lower-case word",
                    'e.g. name = "deck_exhausted"',
                )
            if endings[-1].condition is None and endings[-1].quiet_rounds is None:
                reader.problem(
                    path,
                    f"ending {endings[-1].name!r} names no condition and no quiet_rounds: "
                    "it would end every game at once",
                    'add condition = "hands_empty" or quiet_rounds = ...',
                )
        except _Skip:
            continue
    return tuple(endings)


def _read_score(reader: _Reader, data: Any) -> None:
    reader.table(data, ("score",), ("count",))
    reader.value(data, ("score",), "count", str, "score", words=("score",))


def _read_words(reader: _Reader, data: Any) -> dict[str, dict[str, str]]:
    reader.table(data, ("words",), LANGUAGES)
    words: dict[str, dict[str, str]] = {}
    for language, entries in data.items():
        if language not in LANGUAGES:
            continue
        path: KeyPath = ("words", language)
        if not isinstance(entries, dict):
            reader.problem(
                path,
                "words are a table of key = text",
                f'[words.{language}] with "action.end" = "..."',
            )
            continue
        words[language] = {}
        for key, text in entries.items():
            if not isinstance(text, str) or not (
                key.startswith(WORD_PREFIXES) or key in MODE_WORDS
            ):
                reader.problem(
                    (*path, key),
                    f"{key!r} is not a word of the mode",
                    '"action.<verb>", "ending.<name>", "event.<code>", "option.<name>", '
                    '"place.<name>", "mode.name", "mode.summary" or "mode.rules" = "text"',
                )
                continue
            words[language][key] = text
    return words


# ---------------------------------------------------------------------- meaning
def _kind_word(value: int | bool) -> str:
    return "true/false" if isinstance(value, bool) else "a number"


def _check_meaning(reader: _Reader, mode: Mode) -> None:
    options = {option.name: option for option in mode.options}
    turn = mode.turn
    phases = {phase.name for phase in turn.phases}

    def amount(value: Amount | bool | None, path: KeyPath, kind: type = int) -> None:
        if isinstance(value, str):
            option = options.get(value)
            if option is None:
                close = difflib.get_close_matches(value, list(options), n=1)
                fix = (
                    f"did you mean {close[0]!r}?"
                    if close
                    else f"declare [options.{value}] or write a number"
                )
                reader.problem(path, f"{_name(path)} names no option {value!r}", fix)
            elif isinstance(option.default, bool) != (kind is bool):
                reader.problem(
                    path,
                    f"option {value!r} is {_kind_word(option.default)} but {_name(path)} "
                    f"needs {'true/false' if kind is bool else 'a number'}",
                    "name another option",
                )

    def phase_or_end(name: str, path: KeyPath) -> None:
        if name != END_TURN and name not in phases:
            close = difflib.get_close_matches(name, [*phases, END_TURN], n=1)
            reader.problem(
                path,
                f"{_name(path)} names no phase {name!r}",
                f"did you mean {close[0]!r}?"
                if close
                else f"one of {', '.join([*phases, END_TURN])}",
            )

    if turn.start not in phases:
        phase_or_end(turn.start, ("turn", "start"))
    for phase in turn.phases:
        for block in phase.actions:
            if block in ("slide", "place", "claim", "refill") and getattr(turn, block) is None:
                reader.problem(
                    ("turn", "phases", phase.name, "actions"),
                    f"phase {phase.name!r} lists {block!r}, which has no [turn.{block}]",
                    f"add [turn.{block}] or remove {block!r}",
                )
        if phase.forced == "exchange" and turn.exchange is None:
            reader.problem(
                ("turn", "phases", phase.name, "forced"),
                "the phase forces an exchange but the turn has no [turn.exchange]",
                "add [turn.exchange]",
            )
    table = mode.places.table
    if turn.slide:
        amount(turn.slide.limit, ("turn", "slide", "limit"))
        amount(turn.slide.diagonal, ("turn", "slide", "diagonal"), bool)
        if table.kind != "grid" or table.holds != "card":
            reader.problem(
                ("turn", "slide"),
                "slides move cards on a grid that holds one card a position",
                'holds = "card" on the grid',
            )
    if turn.place:
        phase_or_end(turn.place.then, ("turn", "place", "then"))
        if turn.place.then_bonus:
            phase_or_end(turn.place.then_bonus, ("turn", "place", "then_bonus"))
        phase_or_end(turn.place.empty_hand, ("turn", "place", "empty_hand"))
        if turn.place.to != table.kind:
            reader.problem(
                ("turn", "place", "to"),
                f"cards are placed on the {turn.place.to}, but the table is a {table.kind}",
                f'to = "{table.kind}"',
            )
        if mode.places.hand is None:
            reader.problem(
                ("turn", "place"),
                "cards are placed from the hand, and the seats have no hand",
                '[places.hand] with kind = "hand"',
            )
        if turn.end.draw_up_to is None and turn.end.draw is None:
            reader.problem(
                ("turn", "end"),
                "cards are placed from the hand, and nobody ever draws: hands empty for good",
                "draw = 3 or draw_up_to = 3 in [turn.end]",
            )
        if turn.place.unplaceable == "out" and mode.places.out is None:
            reader.problem(
                ("turn", "place", "unplaceable"),
                "unplaceable cards go out of play, and there is no out-of-play place",
                '[places.out] with kind = "out"',
            )
    if turn.claim:
        claim = turn.claim
        phase_or_end(claim.then, ("turn", "claim", "then"))
        amount(claim.must_include_last, ("turn", "claim", "must_include_last"), bool)
        amount(claim.collect_code_card, ("turn", "claim", "collect_code_card"), bool)
        on_row = {"windows"}
        if (set(claim.lines) <= on_row) != (table.kind == "row") or (
            table.kind == "row" and set(claim.lines) != on_row
        ):
            reader.problem(
                ("turn", "claim", "lines"),
                "a grid's lines are rows, columns and diagonals, a row's are windows of "
                "adjacent piles",
                'lines = ["rows"] on a grid, ["windows"] on a row',
            )
        elif len(claim.lines) != len(set(claim.lines)):
            reader.problem(
                ("turn", "claim", "lines"),
                "lines names a kind of line twice",
                "name each kind once",
            )
        elif table.kind == "grid":
            # A line shows a code when its cards' digits are the code's three digits.
            length = {"rows": table.columns, "columns": table.rows, "diagonals": table.rows}
            if "diagonals" in claim.lines and table.rows != table.columns:
                reader.problem(
                    ("turn", "claim", "lines"),
                    f"diagonals run corner to corner of a square grid, and this one has "
                    f"{table.rows} rows and {table.columns} columns",
                    "rows = columns, or remove diagonals",
                )
            square = table.rows == table.columns
            for family in claim.lines:
                if length[family] != CODE_LENGTH and (square or family != "diagonals"):
                    reader.problem(
                        ("turn", "claim", "lines"),
                        f"{family} have {length[family]} cards, and a code has {CODE_LENGTH} "
                        "digits: no line of them could ever show one",
                        f"a grid of {CODE_LENGTH} rows and {CODE_LENGTH} columns, or "
                        f"remove {family}",
                    )
                    break
        if table.kind == "row" and claim.width != CODE_LENGTH:
            reader.problem(
                ("turn", "claim", "width"),
                f"a window of {claim.width} piles never shows a code of {CODE_LENGTH} digits",
                f"width = {CODE_LENGTH}",
            )
        place_of = {"target": mode.places.target, "hand": mode.places.hand, "placed": turn.place}
        if place_of[claim.code] is None:
            reader.problem(
                ("turn", "claim", "code"),
                f"the code comes from the {claim.code}, which this mode does not have",
                "declare it, or read another code",
            )
        if claim.refill == "choose" and turn.refill is None:
            reader.problem(
                ("turn", "claim", "refill"),
                "a refill by choice needs a [turn.refill] and a phase listing it",
                "add [turn.refill]",
            )
        if claim.new_target and mode.places.target is None:
            reader.problem(
                ("turn", "claim", "new_target"), "there is no target to draw", "remove new_target"
            )
        if mode.places.score is None:
            reader.problem(
                ("turn", "claim"),
                "a claim collects into the score pile, and there is none",
                '[places.score] with kind = "score"',
            )
        if claim.sets and claim.code != "placed":
            reader.problem(
                ("turn", "claim", "sets"),
                "sets of lines are claimed with the cards placed this turn",
                'code = "placed"',
            )
    else:
        reader.problem(
            ("turn",),
            "the turn has no [turn.claim]: nobody can ever collect a card",
            "add [turn.claim]",
        )
    if turn.exchange:
        amount(turn.exchange.when_repeated, ("turn", "exchange", "when_repeated"))
        if mode.places.target is None:
            reader.problem(
                ("turn", "exchange"),
                "an exchange gives up a target, and the seats have none",
                '[places.target] with kind = "target"',
            )
    amount(turn.end.draw_up_to, ("turn", "end", "draw_up_to"))
    amount(turn.end.draw, ("turn", "end", "draw"))
    if turn.refill:
        phase_or_end(turn.refill.then, ("turn", "refill", "then"))
    names = {
        table.name: "table",
        **{place.name: place.kind for place in (mode.places.hand, mode.places.target) if place},
    }
    for index, deal in enumerate(mode.setup):
        if deal.place not in names:
            reader.problem(
                ("setup", index, "deal"),
                f"the set-up deals to {deal.place!r}, which is no place of the table or the seats",
                f"one of {', '.join(names)}",
            )
        amount(deal.count, ("setup", index, "count"))
    _check_deck_size(reader, mode, options)
    if not mode.endings:
        reader.problem(("endings",), "the game has no ending", "add [[endings]]")
    ends_by_cards = any(ending.condition for ending in mode.endings)
    if not ends_by_cards:
        reader.problem(
            ("endings",),
            "no ending is reached when the cards run out",
            'an ending with condition = "hands_empty" or "no_target_possible"',
        )
    for index, ending in enumerate(mode.endings):
        amount(ending.quiet_rounds, ("endings", index, "quiet_rounds"))
        if ending.quiet_rounds is not None and turn.end.quiet_turns == "none":
            reader.problem(
                ("endings", index, "quiet_rounds"),
                "quiet rounds are counted only when [turn.end] says which turns count",
                'quiet_turns = "every_turn" in [turn.end]',
            )
    # A turn that can pass without using a card can repeat for ever: it needs a stall ending.
    can_loop = turn.slide is not None or turn.place is None
    if can_loop and not any(ending.quiet_rounds is not None for ending in mode.endings):
        reader.problem(
            ("endings",),
            "turns can pass without using a card, and no ending counts quiet rounds: "
            "a game could loop for ever",
            "add an ending with quiet_rounds = 3 and stall = true",
        )


def _check_deck_size(reader: _Reader, mode: Mode, options: dict[str, OptionDecl]) -> None:
    """The set-up, with the options' defaults at the most players, deals no more cards than
    the deck holds (a larger option is refused when a table is made)."""
    if mode.deck == "listed":
        size = sum(card.count for card in mode.deck_list)
    else:
        size = len(sequentia_deck())
    table = mode.places.table
    players = max(mode.players)
    dealt = 0
    for deal in mode.setup:
        if deal.place == table.name:
            dealt += table.positions - len(set(table.start_empty)) if table.kind == "grid" else 0
            continue
        count = deal.count
        if isinstance(count, str):
            declared = options.get(count)
            if declared is None or isinstance(declared.default, bool):
                return  # named already as a mistake of its own
            count = declared.default
        dealt += players * count
    if dealt > size:
        where: KeyPath = ("deck", "list") if mode.deck == "listed" else ("setup",)
        reader.problem(
            where,
            f"the set-up deals {dealt} cards to {players} players, and the deck holds {size}",
            "list more cards, or deal fewer",
        )
