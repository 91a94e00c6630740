"""Reading a mode file: TOML text -> a checked ``Mode``, or a ``ModeError`` that lists every
mistake with its line, column and a suggested fix.

Two passes: the shape (each table's keys, each value's type and allowed words: what the JSON
Schema ``mode.schema.json`` says too), then the meaning (a phase or option that is named
exists and has the right kind, the set-up deals to places that exist, a turn that can repeat
without progress has a stall ending, an option's default lies in its range, every card can be
reached and every ending can hold: ``_check_reach``).

>>> mode = read_mode(Path(__file__).parent / "examples" / "shift.toml")
>>> mode.id, mode.places.table.kind, mode.turn.slide.limit
('mode-shift', 'grid', 'slide_limit')
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sequenza.components.sequentia_cards import SequentiaCard, sequentia_deck
from sequenza.modes.locate import Path as KeyPath
from sequenza.modes.locate import key_positions, locate
from sequenza.modes.mistakes import Problem
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
#: The CLDR plural categories a counted event's words may give a form for (each language uses
#: some of them: English ``one`` and ``other``, Italian ``one``, ``many`` and ``other``).
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
#: A mode file is small: anything larger is refused before it is parsed.
MAX_BYTES = 256 * 1024
DECKS = ("sequentia", "listed")
#: The digits of a card's code: the cards of a line or window that show one.
CODE_LENGTH = 3
#: A listed deck's bounds: copies of one card, and cards in all.
MAX_COPIES = 20
MAX_DECK = 300


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

    def problem(self, path: KeyPath, code: str, fix_code: str = "", **fields: object) -> None:
        """Note a mistake at ``path`` by its codes (its words are the ``mistakes``
        catalogue's, ``sequenza.modes.mistakes``)."""
        line, column = locate(self.spots, path)
        self.problems.append(Problem.of(line, column, code, fix_code, **fields))

    def near(
        self, path: KeyPath, code: str, word: str, allowed: Iterable[str], **fields: object
    ) -> None:
        """Note a mistake whose fix is the allowed word nearest ``word``, or all of them."""
        words = list(allowed)
        close = difflib.get_close_matches(word, words, n=1)
        fix = "did_you_mean" if close else "one_of"
        near = close[0] if close else ""
        self.problem(path, code, fix, near=near, words=", ".join(words), **fields)

    def table(self, data: Any, path: KeyPath, keys: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(data, dict):
            self.problem(path, "not_table", "write_table", where=_name(path))
            raise _Skip
        for key in data:
            if key not in keys:
                close = difflib.get_close_matches(key, keys, n=1)
                self.problem(
                    (*path, key),
                    "unknown_key" if path else "unknown_top_key",
                    "did_you_mean" if close else "known_keys",
                    name=key,
                    table=_name(path),
                    near=close[0] if close else "",
                    keys=", ".join(keys),
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
                self.problem(path, "missing_key", "add_key", table=_name(path), name=key)
                raise _Skip
            return default
        value = data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # TOML's true is no number: a count never takes it.
        ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
        if not ok:
            self.problem(
                where, _WRONG_TYPE[frozenset(kinds)], where=_name(where), value=repr(value)
            )
            raise _Skip
        if words is not None and isinstance(value, str) and value not in words:
            self.near(where, "not_one_of", value, words, where=_name(where), value=value)
            raise _Skip
        return value

    def words(
        self, data: dict[str, Any], path: KeyPath, key: str, allowed: tuple[str, ...]
    ) -> tuple[str, ...]:
        values = self.value(data, path, key, list)
        found = []
        for index, value in enumerate(values):
            if not isinstance(value, str) or value not in allowed:
                self.near(
                    (*path, key),
                    "list_not_one_of",
                    str(value),
                    allowed,
                    where=key,
                    index=index,
                    value=value,
                )
                raise _Skip
            found.append(value)
        return tuple(found)


#: The mistake of a value of another type than the kinds a key takes.
_WRONG_TYPE: dict[frozenset[type], str] = {
    frozenset({str}): "wrong_type_text",
    frozenset({int}): "wrong_type_integer",
    frozenset({bool}): "wrong_type_bool",
    frozenset({list}): "wrong_type_list",
    frozenset({dict}): "wrong_type_table",
    frozenset({int, str}): "wrong_type_amount",
    frozenset({bool, str}): "wrong_type_switch",
    frozenset({int, bool}): "wrong_type_default",
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
            str(file), [Problem.of(1, 1, "unreadable", reason=error.strerror)]
        ) from None
    return parse_mode(raw, str(file))


def parse_mode(raw: bytes | str, source: str = "<mode>") -> Mode:
    """A mode from its text (``ModeError`` listing its mistakes)."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise ModeError(source, [Problem.of(1, 1, "too_large", "trim", limit=MAX_BYTES, size=size)])
    try:
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ModeError(source, [Problem.of(1, 1, "not_utf8", "save_utf8")]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, column = _toml_position(str(error))
        reason = str(error).split(" (at")[0]
        raise ModeError(
            source, [Problem.of(line, column, "not_toml", "toml_line", reason=reason)]
        ) from None
    except RecursionError:  # brackets in brackets past what the reader follows
        raise ModeError(source, [Problem.of(1, 1, "nested", "fewer_brackets")]) from None
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
                reader.problem((), "missing_section", "add_section", name=key)
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
        words=parts["words"][0],
        plurals=parts["words"][1],
    )
    _check_meaning(reader, mode)
    return None if reader.problems else mode


def _read_meta(reader: _Reader, data: Any) -> dict[str, Any]:
    path: KeyPath = ("mode",)
    reader.table(data, path, ("id", "name", "players", "version", "summary", "rules"))
    mode_id = reader.value(data, path, "id", str)
    if not re.fullmatch(r"[a-z][a-z0-9-]{1,39}", mode_id):
        reader.problem((*path, "id"), "bad_id", "id_form", value=mode_id)
    players = reader.value(data, path, "players", list)
    if not players or not all(
        isinstance(count, int) and not isinstance(count, bool) and 2 <= count <= 8
        for count in players
    ):
        reader.problem((*path, "players"), "bad_players", "write", toml="players = [2, 3, 4]")
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
            reader.problem((*path, "list"), "deck_and_list", "listed_or_remove")
        return cards, ()
    entries = reader.value(data, path, "list", list, [])
    if not entries:
        reader.problem(
            (*path, "cards"), "listed_without_cards", "write", toml='[[deck.list]] card = "2:131"'
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
            reader.problem((*where, "card"), "not_a_card", "card_form", value=text)
            continue
        if not 1 <= count <= MAX_COPIES:
            reader.problem(
                (*where, "count"),
                "copies_range",
                "write",
                most=MAX_COPIES,
                count=count,
                toml=f"count = {max(1, min(count, MAX_COPIES))}",
            )
            continue
        if text in seen:
            reader.problem(
                (*where, "card"), "listed_twice", "add_counts", card=text, first=seen[text]
            )
            continue
        seen[text] = index
        listed.append(ListedCard(text, count))
    total = sum(card.count for card in listed)
    if total > MAX_DECK:
        reader.problem((*path, "list"), "deck_too_large", "fewer_cards", most=MAX_DECK, size=total)
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
                reader.problem(path, "bool_range", "remove_range", name=name)
            if not isinstance(default, bool):
                if minimum is not None and maximum is not None and minimum > maximum:
                    reader.problem(
                        (*path, "minimum"),
                        "min_above_max",
                        "swap",
                        name=name,
                        minimum=minimum,
                        maximum=maximum,
                    )
                elif (minimum is not None and default < minimum) or (
                    maximum is not None and default > maximum
                ):
                    reader.problem(
                        (*path, "default"),
                        "default_outside",
                        "default_inside",
                        name=name,
                        default=default,
                        minimum=minimum,
                        maximum=maximum,
                    )
            if name == "random_first_player" or not name.isidentifier():
                reader.problem(path, "bad_option_name", "option_name", name=name)
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
                    reader.problem(path, "grid_size", "write", toml="rows = 3, columns = 3")
                empty = reader.value(spec, path, "start_empty", list, [])
                if not all(isinstance(p, int) and 0 <= p < rows * columns for p in empty):
                    reader.problem(
                        (*path, "start_empty"),
                        "start_empty_range",
                        "write",
                        last=rows * columns - 1,
                        toml="start_empty = [4]",
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
                        path, "second_seat_place", "one_seat_place", kind=kind, name=name
                    )
                seats[kind] = SeatPlace(name, kind, order)
                continue
            if table is not None:
                reader.problem(path, "second_table", "one_table", name=name)
            table = place
        except _Skip:
            continue
    declared = any(
        isinstance(spec, dict) and spec.get("kind") in ("grid", "row") for spec in data.values()
    )
    if table is None:
        if not declared:  # a table declared with a mistake has its problem noted already
            reader.problem(("places",), "no_table", "declare_place", name="grid", kind="grid")
        raise _Skip
    return Places(
        table, hand=seats.get("hand"), target=seats.get("target"), score=seats.get("score"), out=out
    )


def _read_setup(reader: _Reader, data: Any) -> tuple[Deal, ...]:
    if not isinstance(data, list):
        reader.problem(("setup",), "setup_not_list", "setup_form")
        raise _Skip
    deals = []
    for index, spec in enumerate(data):
        path: KeyPath = ("setup", index)
        try:
            reader.table(spec, path, ("deal", "count", "extra_by_seat"))
            extras = reader.value(spec, path, "extra_by_seat", list, [])
            for order, extra in enumerate(extras):
                if not isinstance(extra, int) or isinstance(extra, bool):
                    reader.problem(
                        (*path, "extra_by_seat"),
                        "wrong_type_integer",
                        where=f"{_name((*path, 'extra_by_seat'))}[{order}]",
                        value=repr(extra),
                    )
                    raise _Skip
            deals.append(
                Deal(
                    reader.value(spec, path, "deal", str),
                    reader.value(spec, path, "count", (int, str), 1),
                    tuple(extras),
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
        reader.problem(("endings",), "endings_not_list", "endings_form")
        raise _Skip
    endings = []
    for index, spec in enumerate(data):
        path: KeyPath = ("endings", index)
        try:
            reader.table(
                spec, path, ("name", "when", "condition", "quiet_rounds", "stall", "finish_round")
            )
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
                    finish_round=reader.value(spec, path, "finish_round", bool, False),
                )
            )
            if not re.fullmatch(r"[a-z][a-z0-9_]*", endings[-1].name):
                reader.problem(
                    (*path, "name"), "ending_name", "ending_name_example", name=endings[-1].name
                )
            if endings[-1].condition is None and endings[-1].quiet_rounds is None:
                reader.problem(path, "ending_at_once", "ending_condition", name=endings[-1].name)
        except _Skip:
            continue
    return tuple(endings)


def _read_score(reader: _Reader, data: Any) -> None:
    reader.table(data, ("score",), ("count",))
    reader.value(data, ("score",), "count", str, "score", words=("score",))


def _read_words(
    reader: _Reader, data: Any
) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, dict[str, str]]]]:
    """The file's words by language, and the forms of the counted events it words by plural
    category (``"event.draw" = { one = "...", other = "..." }``)."""
    reader.table(data, ("words",), LANGUAGES)
    words: dict[str, dict[str, str]] = {}
    plurals: dict[str, dict[str, dict[str, str]]] = {}
    for language, entries in data.items():
        if language not in LANGUAGES:
            continue
        path: KeyPath = ("words", language)
        if not isinstance(entries, dict):
            reader.problem(path, "words_not_table", "words_form", language=language)
            continue
        words[language] = {}
        for key, text in entries.items():
            if not (key.startswith(WORD_PREFIXES) or key in MODE_WORDS):
                reader.problem((*path, key), "not_a_word", "word_keys", name=key)
                continue
            if isinstance(text, dict) and key.startswith("event."):
                forms = _plural_forms(reader, (*path, key), text)
                if forms is not None:
                    plurals.setdefault(language, {})[key] = forms
                    words[language][key] = forms["other"]
                continue
            if not isinstance(text, str):
                reader.problem((*path, key), "not_a_word", "word_keys", name=key)
                continue
            words[language][key] = text
    return words, plurals


def _plural_forms(reader: _Reader, path: KeyPath, table: dict[str, Any]) -> dict[str, str] | None:
    """An event's words as forms by CLDR plural category, ``other`` among them (the form a
    language's category takes where the file leaves that one out)."""
    if (
        "other" not in table
        or not set(table) <= set(PLURAL_CATEGORIES)
        or not all(isinstance(text, str) for text in table.values())
    ):
        reader.problem(path, "plural_forms", "plural_forms", name=path[-1])
        return None
    return dict(table)


# ---------------------------------------------------------------------- meaning
def _check_meaning(reader: _Reader, mode: Mode) -> None:
    options = {option.name: option for option in mode.options}
    turn = mode.turn
    phases = {phase.name for phase in turn.phases}

    def amount(value: Amount | bool | None, path: KeyPath, kind: type = int) -> None:
        if isinstance(value, str):
            option = options.get(value)
            if option is None:
                close = difflib.get_close_matches(value, list(options), n=1)
                reader.problem(
                    path,
                    "names_no_option",
                    "did_you_mean" if close else "declare_option",
                    where=_name(path),
                    name=value,
                    near=close[0] if close else "",
                )
            elif isinstance(option.default, bool) != (kind is bool):
                reader.problem(
                    path,
                    "option_not_switch" if kind is bool else "option_not_number",
                    "other_option",
                    name=value,
                    where=_name(path),
                )

    def phase_or_end(name: str, path: KeyPath) -> None:
        if name != END_TURN and name not in phases:
            reader.near(
                path, "names_no_phase", name, [*phases, END_TURN], where=_name(path), name=name
            )

    if turn.start not in phases:
        phase_or_end(turn.start, ("turn", "start"))
    for phase in turn.phases:
        for block in phase.actions:
            if block in ("slide", "place", "claim", "refill") and getattr(turn, block) is None:
                reader.problem(
                    ("turn", "phases", phase.name, "actions"),
                    "no_block",
                    "add_or_remove_block",
                    phase=phase.name,
                    block=block,
                )
        if phase.forced == "exchange" and turn.exchange is None:
            reader.problem(
                ("turn", "phases", phase.name, "forced"),
                "forced_no_exchange",
                "add_section",
                name="turn.exchange",
            )
    table = mode.places.table
    if turn.slide:
        amount(turn.slide.limit, ("turn", "slide", "limit"))
        amount(turn.slide.diagonal, ("turn", "slide", "diagonal"), bool)
        if table.kind != "grid" or table.holds != "card":
            reader.problem(("turn", "slide"), "slides_on_cards", "write", toml='holds = "card"')
    if turn.place:
        phase_or_end(turn.place.then, ("turn", "place", "then"))
        if turn.place.then_bonus:
            phase_or_end(turn.place.then_bonus, ("turn", "place", "then_bonus"))
        phase_or_end(turn.place.empty_hand, ("turn", "place", "empty_hand"))
        if turn.place.to != table.kind:
            reader.problem(
                ("turn", "place", "to"),
                "place_to_other_table",
                "write",
                to=turn.place.to,
                kind=table.kind,
                toml=f'to = "{table.kind}"',
            )
        if mode.places.hand is None:
            reader.problem(
                ("turn", "place"), "place_without_hand", "declare_place", name="hand", kind="hand"
            )
        if turn.end.draw_up_to is None and turn.end.draw is None:
            reader.problem(("turn", "end"), "nobody_draws", "add_draw")
        if turn.place.unplaceable == "out" and mode.places.out is None:
            reader.problem(
                ("turn", "place", "unplaceable"),
                "no_out_place",
                "declare_place",
                name="out",
                kind="out",
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
            reader.problem(("turn", "claim", "lines"), "lines_of_table", "lines_example")
        elif len(claim.lines) != len(set(claim.lines)):
            reader.problem(("turn", "claim", "lines"), "line_twice", "name_once")
        elif table.kind == "grid":
            # A line shows a code when its cards' digits are the code's three digits.
            length = {"rows": table.columns, "columns": table.rows, "diagonals": table.rows}
            if "diagonals" in claim.lines and table.rows != table.columns:
                reader.problem(
                    ("turn", "claim", "lines"),
                    "diagonals_square",
                    "square_grid",
                    rows=table.rows,
                    columns=table.columns,
                )
            square = table.rows == table.columns
            for family in claim.lines:
                if length[family] != CODE_LENGTH and (square or family != "diagonals"):
                    reader.problem(
                        ("turn", "claim", "lines"),
                        "line_length",
                        "grid_of_code",
                        family=family,
                        length=length[family],
                        digits=CODE_LENGTH,
                    )
                    break
        if table.kind == "row" and claim.width != CODE_LENGTH:
            reader.problem(
                ("turn", "claim", "width"),
                "window_width",
                "write",
                width=claim.width,
                digits=CODE_LENGTH,
                toml=f"width = {CODE_LENGTH}",
            )
        place_of = {"target": mode.places.target, "hand": mode.places.hand, "placed": turn.place}
        if place_of[claim.code] is None:
            reader.problem(
                ("turn", "claim", "code"),
                "code_source_missing",
                "declare_or_other",
                source=claim.code,
            )
        if claim.refill == "choose" and turn.refill is None:
            reader.problem(
                ("turn", "claim", "refill"), "refill_needs_block", "add_section", name="turn.refill"
            )
        if claim.new_target and mode.places.target is None:
            reader.problem(
                ("turn", "claim", "new_target"),
                "no_target_to_draw",
                "remove_key",
                name="new_target",
            )
        if mode.places.score is None:
            reader.problem(
                ("turn", "claim"), "no_score_place", "declare_place", name="score", kind="score"
            )
        if claim.sets and claim.code != "placed":
            reader.problem(
                ("turn", "claim", "sets"), "sets_need_placed", "write", toml='code = "placed"'
            )
        if claim.code == "placed" and table.kind == "row":
            # The placed cards' code is read on the grid's lines through them (the engine keeps
            # which positions were covered); a row keeps only its last pile.
            reader.problem(
                ("turn", "claim", "code"), "placed_on_row", "write", toml='code = "hand"'
            )
    else:
        reader.problem(("turn",), "no_claim", "add_section", name="turn.claim")
    if turn.exchange:
        amount(turn.exchange.when_repeated, ("turn", "exchange", "when_repeated"))
        if mode.places.target is None:
            reader.problem(
                ("turn", "exchange"),
                "exchange_without_target",
                "declare_place",
                name="target",
                kind="target",
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
            reader.near(
                ("setup", index, "deal"), "deal_to_nowhere", deal.place, names, name=deal.place
            )
        amount(deal.count, ("setup", index, "count"))
        if deal.extra_by_seat:
            _check_extra_by_seat(reader, mode, options, index, deal)
    _check_deck_size(reader, mode, options)
    _check_reach(reader, mode, options)
    if not mode.endings:
        reader.problem(("endings",), "no_ending", "add_endings")
    ends_by_cards = any(ending.condition for ending in mode.endings)
    if not ends_by_cards:
        reader.problem(("endings",), "no_card_ending", "card_ending")
    # The last seats of a round play on after the ending holds, perhaps with an empty hand and
    # an empty deck: their first phase needs a move for them (a pass, an end, a slide, or a
    # whole-hand placement that ends such a turn by itself).
    start = next((phase for phase in turn.phases if phase.name == turn.start), None)
    moves_when_empty = (
        turn.empty_handed is not None
        or mode.places.hand is None
        or (start is not None and bool({"end", "slide"} & set(start.actions)))
        or (turn.place is not None and turn.place.whole_hand)
    )
    for index, ending in enumerate(mode.endings):
        amount(ending.quiet_rounds, ("endings", index, "quiet_rounds"))
        if ending.quiet_rounds is not None and turn.end.quiet_turns == "none":
            reader.problem(("endings", index, "quiet_rounds"), "quiet_not_counted", "count_quiet")
        if ending.finish_round and not moves_when_empty:
            reader.problem(
                ("endings", index, "finish_round"),
                "finish_round_stuck",
                "write",
                name=ending.name,
                toml='empty_handed = "pass"',
            )
    # A turn that can pass without using a card can repeat for ever: it needs a stall ending.
    can_loop = turn.slide is not None or turn.place is None
    if can_loop and not any(ending.quiet_rounds is not None for ending in mode.endings):
        reader.problem(("endings",), "can_loop", "stall_ending")


def _check_extra_by_seat(
    reader: _Reader, mode: Mode, options: dict[str, OptionDecl], index: int, deal: Deal
) -> None:
    """A deal that differs by seat deals to a hand (the grid and the targets take one card a
    position or a seat), names no more seats than the most players, and leaves no seat fewer
    than no cards at the smallest count its option allows."""
    where: KeyPath = ("setup", index, "extra_by_seat")
    hand = mode.places.hand
    if hand is None or deal.place != hand.name:
        reader.problem(where, "extra_not_hand", "remove_key", name="extra_by_seat")
        return
    players = max(mode.players)
    extras = deal.extra_by_seat
    if len(extras) > players:
        reader.problem(
            where,
            "extra_too_long",
            "write",
            seats=len(extras),
            players=players,
            toml=f"extra_by_seat = {list(extras[:players])}",
        )
    count = deal.count
    if isinstance(count, str):
        declared = options.get(count)
        if declared is None or isinstance(declared.default, bool):
            return  # a mistake of its own
        count = declared.minimum if declared.minimum is not None else int(declared.default)
    fewest = min(extras[:players])
    if count + fewest < 0:
        reader.problem(
            where,
            "extra_below_zero",
            "write",
            count=count,
            extra=fewest,
            toml=f"extra_by_seat = {[max(extra, -count) for extra in extras[:players]]}",
        )


def _dealt(
    mode: Mode, options: dict[str, OptionDecl], players: int, values: dict[str, int] | None = None
) -> int | None:
    """The cards the set-up deals at ``players`` with the options' defaults, or the ``values``
    given for some of them (``None`` where a count names no number option: a mistake of its
    own)."""
    table = mode.places.table
    dealt = 0
    for deal in mode.setup:
        if deal.place == table.name:
            dealt += table.positions - len(set(table.start_empty)) if table.kind == "grid" else 0
            continue
        count = deal.count
        if isinstance(count, str):
            declared = options.get(count)
            if declared is None or isinstance(declared.default, bool):
                return None
            count = (values or {}).get(count, declared.default)
        dealt += players * count + sum(deal.extra(order) for order in range(players))
    return dealt


def _check_deck_size(reader: _Reader, mode: Mode, options: dict[str, OptionDecl]) -> None:
    """The set-up, with the options' defaults at the most players, deals no more cards than
    the deck holds; and so does every value a table may choose for an option that counts the
    cards dealt (``_check_dealing_options``), which a table would otherwise refuse only when
    it is made."""
    size = _deck_size(mode)
    players = max(mode.players)
    dealt = _dealt(mode, options, players)
    if dealt is None:
        return
    if dealt > size:
        where: KeyPath = ("deck", "list") if mode.deck == "listed" else ("setup",)
        reader.problem(
            where, "deck_too_short", "more_cards", dealt=dealt, players=players, size=size
        )
        return
    _check_dealing_options(reader, mode, options, players, size)


def _check_dealing_options(
    reader: _Reader, mode: Mode, options: dict[str, OptionDecl], players: int, size: int
) -> None:
    """Each number option that counts the cards a deal gives every seat, at its maximum and
    the others at theirs, at the most players, deals no more cards than the deck holds (the
    defaults do: ``_check_deck_size``; a count only grows with its option, so no minimum can
    deal too many). An option without a maximum could ask for any number: it gets the largest
    that fits, the others at their defaults. The maxima too large are lowered in the order the
    set-up names them, each as little as the deal needs, so that the fixes named together make
    the file pass."""
    table = mode.places.table
    # How many cards one more of each option deals: a seat's share for each deal naming it.
    per_step: dict[str, int] = {}
    for deal in mode.setup:
        if deal.place != table.name and isinstance(deal.count, str):
            per_step[deal.count] = per_step.get(deal.count, 0) + players
    at_defaults = _dealt(mode, options, players) or 0
    most: dict[str, int] = {}
    for name, step in per_step.items():
        declared = options[name]
        if declared.maximum is None:
            most[name] = int(declared.default) + (size - at_defaults) // step
            reader.problem(
                ("options", name),
                "option_deals_unbounded",
                "write",
                name=name,
                size=size,
                toml=f"maximum = {most[name]}",
            )
        else:
            most[name] = max(declared.maximum, int(declared.default))
    dealt = _dealt(mode, options, players, most) or 0
    for name, step in per_step.items():
        if dealt <= size:
            break
        declared = options[name]
        lowered = min(most[name] - int(declared.default), -((size - dealt) // step))
        if declared.maximum is None or lowered <= 0:
            continue
        reader.problem(
            ("options", name, "maximum"),
            "option_overdeals",
            "lower_maximum",
            name=name,
            maximum=declared.maximum,
            dealt=dealt,
            players=players,
            size=size,
            most=most[name] - lowered,
        )
        dealt -= lowered * step


def _deck_size(mode: Mode) -> int:
    if mode.deck == "listed":
        return sum(card.count for card in mode.deck_list)
    return len(sequentia_deck())


# ---------------------------------------------------------------------- reach
def _check_reach(reader: _Reader, mode: Mode, options: dict[str, OptionDecl]) -> None:
    """Every card can be reached, and every ending can hold.

    A card is *reached* when it can come into play and can then count for a claim:

    - it comes into play when the set-up deals it, or when a rule of the turn takes cards
      from the deck (a draw at the end of a turn, a refill or a new target after a claim, an
      exchange). A deck the set-up does not deal whole, in a mode where nothing draws, keeps
      its other cards for ever (and an ending that waits for an empty deck never comes);
    - a seat's place gets cards only from a deal or a draw: a hand or target that nothing
      fills leaves its seat with nothing to play;
    - its code can count only when the deck holds enough cards of each of its digits for a
      line to show it (beside the card itself, when the code is a target's or a hand card's:
      that card is not on the table while it asks).

    The set-up deals to each place as the engine does: a grid or a target twice would cover
    the first cards (lost), and a row starts empty (nothing can be dealt to it).
    """
    table, places, turn = mode.places.table, mode.places, mode.turn
    target = places.target.name if places.target else None
    hand = places.hand.name if places.hand else None
    first: dict[str, int] = {}
    for index, deal in enumerate(mode.setup):
        where: KeyPath = ("setup", index, "deal")
        if deal.place == table.name and table.kind == "row":
            reader.problem(where, "deal_to_row", "remove_deal", name=deal.place)
        elif deal.place in (table.name, target) and deal.place in first:
            reader.problem(
                where, "dealt_twice", "remove_deal", name=deal.place, first=first[deal.place] + 1
            )
        first.setdefault(deal.place, index)
    claim = turn.claim
    draws_at_end = any(
        amount is not None and amount != 0 for amount in (turn.end.draw, turn.end.draw_up_to)
    )
    draws_later = (
        draws_at_end
        or turn.exchange is not None
        or (claim is not None and (claim.refill != "none" or claim.new_target))
    )
    size = _deck_size(mode)
    players = min(mode.players)
    dealt = _dealt(mode, options, players)
    if not draws_later and dealt is not None and dealt < size:
        reader.problem(
            ("deck", "list") if mode.deck == "listed" else ("deck", "cards"),
            "cards_never_reached",
            "draw_or_refill",
            left=size - dealt,
            size=size,
            dealt=dealt,
            players=players,
        )
    dealt_to = {deal.place for deal in mode.setup if deal.count != 0}
    if hand is not None and hand not in dealt_to and not draws_at_end:
        reader.problem(("places", hand), "place_never_filled", "deal_to_place", name=hand)
    if (
        target is not None
        and target not in dealt_to
        and not (claim is not None and claim.new_target and claim.code != "target")
    ):
        reader.problem(("places", target), "place_never_filled", "deal_to_place", name=target)
    if claim is not None:
        _check_codes(reader, mode, claim.code)
    for index, ending in enumerate(mode.endings):
        path: KeyPath = ("endings", index)
        if ending.condition == "no_target_possible" and target is None:
            reader.problem(
                (*path, "condition"),
                "ending_needs_target",
                "write",
                name=ending.name,
                toml='condition = "hands_empty"',
            )
        if ending.when == "deck_not_empty" and ending.condition == "hands_empty":
            reader.problem(
                (*path, "when"),
                "ending_never_hands",
                "write",
                name=ending.name,
                toml='when = "deck_empty"',
            )
        if (
            ending.when == "deck_not_empty"
            and ending.quiet_rounds is not None
            and turn.end.quiet_turns == "empty_deck"
        ):
            reader.problem(
                (*path, "when"),
                "ending_never_quiet",
                "write",
                name=ending.name,
                toml='when = "always"',
            )


def _check_codes(reader: _Reader, mode: Mode, source: str) -> None:
    """Each card's code can be shown: the deck holds enough cards of each of its digits."""
    entries: list[tuple[KeyPath, SequentiaCard, int]]
    if mode.deck == "listed":
        entries = [
            (("deck", "list", index, "card"), SequentiaCard.parse(listed.card), listed.count)
            for index, listed in enumerate(mode.deck_list)
        ]
    else:
        entries = [(("deck", "cards"), card, 1) for card in sequentia_deck()]
    held = {digit: 0 for digit in (1, 2, 3)}
    for _, card, count in entries:
        held[card.digit] += count
    for where, card, _ in entries:
        # A target or a hand card asks from off the table; a placed card is on its line.
        have = dict(held)
        if source in ("target", "hand"):
            have[card.digit] -= 1
        for digit in sorted(set(card.code_digits)):
            need = card.code_digits.count(digit)
            if need > have[digit]:
                reader.problem(
                    where,
                    "code_never_shown",
                    "more_of_digit",
                    card=str(card),
                    digit=digit,
                    need=need,
                    have=have[digit],
                )
                break
