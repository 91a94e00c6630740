"""The mistakes of a mode file, and their words in every language.

Every mistake the checks name (the loader's, the JSON Schema's, a folder's or the workshop's)
is a ``Problem`` with a ``code`` and, when it has one, a ``fix_code``, and the fields its
sentences name. The sentences are the ``mistakes`` catalogue's (``sequenza/i18n/locale/<lang>/
LC_MESSAGES/mistakes.po``): English is the source and the words of the loader's own problems,
Italian, Finnish and Esperanto translate them, so that ``sequenza mode check`` and the
workshop page say each mistake in the reader's language. ``MESSAGES`` and ``FIXES`` name
every key literally (a test holds them to the catalogues).

>>> problem = Problem.of(3, 1, "names_no_phase", "did_you_mean", where="turn.start",
...                      name="plya", near="play")
>>> str(problem)
"3:1: turn.start names no phase 'plya' (fix: did you mean 'play'?)"
>>> worded(problem, "it")
("turn.start non nomina nessuna fase 'plya'", "forse intendevi 'play'?")
"""

from __future__ import annotations

from dataclasses import dataclass

from sequenza import i18n

DOMAIN = "mistakes"

#: Each mistake's code and the key of its sentence.
MESSAGES = {
    # the shape: TOML, and what the JSON Schema says
    "not_toml": "mistake.not_toml",
    "nested": "mistake.nested",
    "too_large": "mistake.too_large",
    "not_utf8": "mistake.not_utf8",
    "unreadable": "mistake.unreadable",
    "unknown_key": "mistake.unknown_key",
    "unknown_top_key": "mistake.unknown_top_key",
    "missing_key": "mistake.missing_key",
    "wrong_word": "mistake.wrong_word",
    "wrong_type": "mistake.wrong_type",
    "too_small": "mistake.too_small",
    "too_big": "mistake.too_big",
    "bad_form": "mistake.bad_form",
    "too_few": "mistake.too_few",
    "no_shape": "mistake.no_shape",
    "not_in_format": "mistake.not_in_format",
    # the shape, as the loader reads it
    "not_table": "mistake.not_table",
    "wrong_type_integer": "mistake.wrong_type_integer",
    "wrong_type_text": "mistake.wrong_type_text",
    "wrong_type_bool": "mistake.wrong_type_bool",
    "wrong_type_list": "mistake.wrong_type_list",
    "wrong_type_table": "mistake.wrong_type_table",
    "wrong_type_amount": "mistake.wrong_type_amount",
    "wrong_type_switch": "mistake.wrong_type_switch",
    "wrong_type_default": "mistake.wrong_type_default",
    "not_one_of": "mistake.not_one_of",
    "list_not_one_of": "mistake.list_not_one_of",
    "missing_section": "mistake.missing_section",
    "bad_id": "mistake.bad_id",
    "bad_players": "mistake.bad_players",
    # the deck
    "deck_and_list": "mistake.deck_and_list",
    "listed_without_cards": "mistake.listed_without_cards",
    "not_a_card": "mistake.not_a_card",
    "copies_range": "mistake.copies_range",
    "listed_twice": "mistake.listed_twice",
    "deck_too_large": "mistake.deck_too_large",
    "deck_too_short": "mistake.deck_too_short",
    "option_overdeals": "mistake.option_overdeals",
    "option_deals_unbounded": "mistake.option_deals_unbounded",
    # options
    "bool_range": "mistake.bool_range",
    "min_above_max": "mistake.min_above_max",
    "default_outside": "mistake.default_outside",
    "bad_option_name": "mistake.bad_option_name",
    "names_no_option": "mistake.names_no_option",
    "option_not_number": "mistake.option_not_number",
    "option_not_switch": "mistake.option_not_switch",
    # places and the set-up
    "grid_size": "mistake.grid_size",
    "start_empty_range": "mistake.start_empty_range",
    "second_seat_place": "mistake.second_seat_place",
    "second_table": "mistake.second_table",
    "no_table": "mistake.no_table",
    "setup_not_list": "mistake.setup_not_list",
    "deal_to_nowhere": "mistake.deal_to_nowhere",
    "extra_not_hand": "mistake.extra_not_hand",
    "extra_too_long": "mistake.extra_too_long",
    "extra_below_zero": "mistake.extra_below_zero",
    # every card can be reached
    "deal_to_row": "mistake.deal_to_row",
    "dealt_twice": "mistake.dealt_twice",
    "cards_never_reached": "mistake.cards_never_reached",
    "place_never_filled": "mistake.place_never_filled",
    "code_never_shown": "mistake.code_never_shown",
    # the turn
    "names_no_phase": "mistake.names_no_phase",
    "no_block": "mistake.no_block",
    "forced_no_exchange": "mistake.forced_no_exchange",
    "slides_on_cards": "mistake.slides_on_cards",
    "place_to_other_table": "mistake.place_to_other_table",
    "place_without_hand": "mistake.place_without_hand",
    "nobody_draws": "mistake.nobody_draws",
    "no_out_place": "mistake.no_out_place",
    "lines_of_table": "mistake.lines_of_table",
    "line_twice": "mistake.line_twice",
    "diagonals_square": "mistake.diagonals_square",
    "line_length": "mistake.line_length",
    "window_width": "mistake.window_width",
    "code_source_missing": "mistake.code_source_missing",
    "refill_needs_block": "mistake.refill_needs_block",
    "no_target_to_draw": "mistake.no_target_to_draw",
    "no_score_place": "mistake.no_score_place",
    "sets_need_placed": "mistake.sets_need_placed",
    "placed_on_row": "mistake.placed_on_row",
    "no_claim": "mistake.no_claim",
    "exchange_without_target": "mistake.exchange_without_target",
    # the endings
    "endings_not_list": "mistake.endings_not_list",
    "ending_name": "mistake.ending_name",
    "ending_at_once": "mistake.ending_at_once",
    "no_ending": "mistake.no_ending",
    "no_card_ending": "mistake.no_card_ending",
    "quiet_not_counted": "mistake.quiet_not_counted",
    "can_loop": "mistake.can_loop",
    "ending_needs_target": "mistake.ending_needs_target",
    "ending_never_hands": "mistake.ending_never_hands",
    "ending_never_quiet": "mistake.ending_never_quiet",
    "finish_round_stuck": "mistake.finish_round_stuck",
    # the words
    "words_not_table": "mistake.words_not_table",
    "not_a_word": "mistake.not_a_word",
    "plural_forms": "mistake.plural_forms",
    # a file among others, and a mode the workshop builds
    "id_taken": "mistake.id_taken",
    "no_folder": "mistake.no_folder",
    "not_buildable": "mistake.not_buildable",
}

#: Each fix's code and the key of its sentence.
FIXES = {
    "did_you_mean": "mistake_fix.did_you_mean",
    "known_keys": "mistake_fix.known_keys",
    "see_schema": "mistake_fix.see_schema",
    "toml_line": "mistake_fix.toml_line",
    "fewer_brackets": "mistake_fix.fewer_brackets",
    "write": "mistake_fix.write",
    "write_table": "mistake_fix.write_table",
    "add_key": "mistake_fix.add_key",
    "one_of": "mistake_fix.one_of",
    "trim": "mistake_fix.trim",
    "save_utf8": "mistake_fix.save_utf8",
    "add_section": "mistake_fix.add_section",
    "id_form": "mistake_fix.id_form",
    "listed_or_remove": "mistake_fix.listed_or_remove",
    "card_form": "mistake_fix.card_form",
    "add_counts": "mistake_fix.add_counts",
    "fewer_cards": "mistake_fix.fewer_cards",
    "more_cards": "mistake_fix.more_cards",
    "lower_maximum": "mistake_fix.lower_maximum",
    "remove_range": "mistake_fix.remove_range",
    "swap": "mistake_fix.swap",
    "default_inside": "mistake_fix.default_inside",
    "option_name": "mistake_fix.option_name",
    "declare_option": "mistake_fix.declare_option",
    "other_option": "mistake_fix.other_option",
    "one_seat_place": "mistake_fix.one_seat_place",
    "one_table": "mistake_fix.one_table",
    "declare_place": "mistake_fix.declare_place",
    "setup_form": "mistake_fix.setup_form",
    "add_or_remove_block": "mistake_fix.add_or_remove_block",
    "add_draw": "mistake_fix.add_draw",
    "lines_example": "mistake_fix.lines_example",
    "name_once": "mistake_fix.name_once",
    "square_grid": "mistake_fix.square_grid",
    "grid_of_code": "mistake_fix.grid_of_code",
    "declare_or_other": "mistake_fix.declare_or_other",
    "remove_key": "mistake_fix.remove_key",
    "endings_form": "mistake_fix.endings_form",
    "ending_name_example": "mistake_fix.ending_name_example",
    "ending_condition": "mistake_fix.ending_condition",
    "add_endings": "mistake_fix.add_endings",
    "card_ending": "mistake_fix.card_ending",
    "count_quiet": "mistake_fix.count_quiet",
    "stall_ending": "mistake_fix.stall_ending",
    "remove_deal": "mistake_fix.remove_deal",
    "draw_or_refill": "mistake_fix.draw_or_refill",
    "deal_to_place": "mistake_fix.deal_to_place",
    "more_of_digit": "mistake_fix.more_of_digit",
    "words_form": "mistake_fix.words_form",
    "word_keys": "mistake_fix.word_keys",
    "plural_forms": "mistake_fix.plural_forms",
    "other_id": "mistake_fix.other_id",
}

#: How a mistake is written on a line of its own, with its fix (``sequenza mode check``).
WITH_FIX = "mistake_form.with_fix"


@dataclass(frozen=True)
class Problem:
    """One mistake of a mode file: where, what, and how to fix it. ``message`` and ``fix``
    are the checks' English (the JSON Schema's own words for its complaints); ``code``,
    ``fix_code`` and ``fields`` word them in any language (``worded``)."""

    line: int
    column: int
    message: str
    fix: str = ""
    code: str = ""
    fix_code: str = ""
    fields: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        fix = f" (fix: {self.fix})" if self.fix else ""
        return f"{self.line}:{self.column}: {self.message}{fix}"

    @classmethod
    def of(cls, line: int, column: int, code: str, fix_code: str = "", **fields: object) -> Problem:
        """A mistake by its codes, its English words the catalogue's."""
        named = tuple((name, str(value)) for name, value in fields.items())
        message, fix = _words(code, fix_code, dict(named), "en")
        return cls(line, column, message, fix, code, fix_code, named)


def _words(code: str, fix_code: str, fields: dict[str, str], language: str) -> tuple[str, str]:
    words = i18n.Translator(DOMAIN, language)
    fix = words.text(FIXES[fix_code], **fields) if fix_code else ""
    return words.text(MESSAGES[code], **fields), fix


def worded(problem: Problem, language: str) -> tuple[str, str]:
    """A mistake's sentence and fix in ``language`` (the checks' English for one without a
    code, or whose fields its sentence does not find)."""
    if problem.code not in MESSAGES or (problem.fix_code and problem.fix_code not in FIXES):
        return problem.message, problem.fix
    try:
        return _words(problem.code, problem.fix_code, dict(problem.fields), language)
    except (KeyError, IndexError):
        return problem.message, problem.fix


def line(problem: Problem, language: str) -> str:
    """A mistake on a line of its own in ``language``: ``3:1: its sentence (fix: its fix)``."""
    message, fix = worded(problem, language)
    if not fix:
        return f"{problem.line}:{problem.column}: {message}"
    return i18n.Translator(DOMAIN, language).text(
        WITH_FIX, line=str(problem.line), column=str(problem.column), message=message, fix=fix
    )
