"""The two modes no engine has, shipped as examples: Crossroads (Shift where a column counts
as a row does) and Stack Five (Stack with a row of five piles). Each reads without a mistake,
plays to its end against bots, speaks four languages, and claims what its rules say."""

from __future__ import annotations

from pathlib import Path

import pytest

from sequenza import i18n
from sequenza.ai import make_bot
from sequenza.app.render import rules_for_people
from sequenza.core.registry import make, make_game
from sequenza.modes import EXAMPLES, read_mode, register_file, register_folder
from sequenza.modes.model import LANGUAGES
from sequenza.text.describe import describe

NEW = {
    "crossroads.toml": "mode-crossroads",
    "stack_five.toml": "mode-stack-five",
    "sliding_hand.toml": "mode-sliding-hand",
}


@pytest.mark.parametrize("name", NEW)
def test_a_new_mode_has_its_name_summary_and_rules_in_every_language(name: str) -> None:
    kit = register_file(EXAMPLES / name)
    words = read_mode(EXAMPLES / name).words
    mode_words = {"mode.name", "mode.summary", "mode.rules"}
    english = rules_for_people(make_game(kit.id, 2), "en")
    for language in LANGUAGES:
        if language != "en":
            assert mode_words <= set(words[language])
            page = rules_for_people(make_game(kit.id, 2), language)
            assert page != english and words[language]["mode.name"] in page


@pytest.mark.parametrize("name", NEW)
@pytest.mark.parametrize("players", [2, 4])
def test_a_new_mode_plays_to_its_end_against_greedy_bots(name: str, players: int) -> None:
    game_id = register_file(EXAMPLES / name).id
    state = make(game_id, players=players, seed=3)
    bots = [make_bot("greedy", seed=seat) for seat in range(players)]
    for _ in range(5000):
        if state.is_over:
            break
        seat = state.current_seat
        assert seat is not None
        state.apply(bots[seat].act(state))
    assert state.is_over


def test_crossroads_claims_a_column_read_top_to_bottom() -> None:
    game_id = register_file(EXAMPLES / "crossroads.toml").id
    space = [str(action) for action in make_game(game_id, 2).action_space.actions]
    assert "claim columns 2" in space and "claim rows 0" in space


def test_sliding_hand_claims_a_grid_line_that_shows_a_hand_card_s_code() -> None:
    # A claim names the hand card and the line; it collects both, then the claimer refills.
    game_id = register_file(EXAMPLES / "sliding_hand.toml").id
    state = make(game_id, players=2, seed=0)
    while not any(action.verb == "claim" for action in state.legal_actions()):
        state.apply(state.legal_actions()[0])  # slides first, the end of the turn last
    claim = next(action for action in state.legal_actions() if action.verb == "claim")
    card, family, index = str(claim.args[0]), str(claim.args[1]), int(claim.args[2])
    seat = state.current_seat
    assert seat is not None
    grid = state.observation(seat)["places"][0]["cells"]
    line = (
        [index * 3 + i for i in range(3)] if family == "rows" else [i * 3 + index for i in range(3)]
    )
    assert "".join(grid[position][-1][0] for position in line) == card.split(":")[1][:3]
    state.apply(claim)
    after = state.observation(seat)
    assert after["scores"][seat] == 4 and after["phase"] == "refill"
    assert card not in next(place for place in after["places"] if place["seat"] == seat)["cards"]


def test_stack_five_builds_a_row_of_five_piles() -> None:
    game_id = register_file(EXAMPLES / "stack_five.toml").id
    state = make(game_id, players=2, seed=5)
    most = 0
    while not state.is_over:
        legal = state.legal_actions()
        # New piles first: the row grows to its five piles and no further.
        grow = [action for action in legal if str(action).endswith((" left", " right"))]
        state.apply((grow or legal)[0])
        row = state.observation(None)["places"][0]
        most = max(most, len(row["cells"]))
    assert most == 5


def test_a_modes_log_speaks_its_own_words_beside_every_other_modes() -> None:
    # Cross words no slide: its catalogue's untranslated "Slide {args}" once hid Crossroads'.
    register_folder(EXAMPLES)
    state = make("mode-crossroads", players=2, seed=1)
    state.apply(state.legal_actions()[0])
    said = describe(state.log[-1], game_id="mode-crossroads", names=["Ann", "Bob"], lang="it")
    assert said == "Ann: Fai scorrere 2 5"  # "slide 1 4", positions read from 1


def test_the_log_speaks_to_the_seat_reading_it() -> None:
    game_id = register_file(EXAMPLES / "stack_five.toml").id
    state = make(game_id, players=2, seed=2)
    while not any(event["event"] == "draw" for event in state.log):
        state.apply(state.legal_actions()[-1])
    draw = next(event for event in state.log if event["event"] == "draw")
    seat = draw["seat"]
    said = describe(draw, game_id=game_id, names=["Ann", "Bob"], viewer=seat, lang="it")
    assert said.startswith("Peschi ")


def test_the_pages_words_take_a_mode_registered_after_they_were_read(tmp_path: Path) -> None:
    # A server that read the page's words before a mode came (another mode folder, the
    # workshop) must give the browser the new mode's words too, or its moves read as notation.
    text = (EXAMPLES / "stack_five.toml").read_text(encoding="utf-8")
    path = tmp_path / "late.toml"
    path.write_text(text.replace('id = "mode-stack-five"', 'id = "mode-late-words"'), "utf-8")
    assert not any(key.startswith("mode-late-words:") for key in i18n.page_messages("en"))
    register_file(path)
    assert any(key.startswith("mode-late-words:action.") for key in i18n.page_messages("en"))
