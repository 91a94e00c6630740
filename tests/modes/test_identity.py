"""The three Sequentia modes written as data play exactly as the hand-written engines: the
same legal actions in the same order, the same view for every seat and the spectator at every
step, the same result. CI plays about 150 games; ``bench/modes.py --prove`` plays 1,000
of each at 2, 3 and 4 players."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

import pytest

from sequenza.core.actions import Action
from sequenza.modes import EXAMPLES
from sequenza.modes.engine import compile_mode
from sequenza.modes.identity import Comparison, compare
from sequenza.modes.loader import parse_mode, read_mode

MODES = {
    "sequentia-shift": "shift.toml",
    "sequentia-stack": "stack.toml",
    "sequentia-cross": "cross.toml",
}

#: Options away from the defaults, each set reaching another ending or branch of the rules.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "sequentia-shift": [
        {"slide_limit": 2, "repetitions": 2, "stall_rounds": 1, "random_first_player": True},
        {"idle_rounds": 2, "slide_limit": 9},
    ],
    "sequentia-stack": [
        {"claim_must_include_last_pile": True, "random_first_player": True},
        {"hand_size": 5, "collect_revealed": False},
    ],
    "sequentia-cross": [{"stall_rounds": 1, "random_first_player": True}],
}


@functools.cache
def _game(game_id: str) -> Any:
    return compile_mode(read_mode(EXAMPLES / MODES[game_id]))


#: Seeded games per player count and chooser. Every view of every seat is compared at every
#: step, and a random Shift game plays the whole deck out (a thousand steps), a greedy Cross
#: game asks the heuristic at each of them: these counts reach every line and branch of the
#: mode engine and of the three games' rules that several times as many reach (measured
#: with coverage; test_shift_games_reach_every_ending_of_the_rules checks the endings);
#: ``bench/modes.py --prove`` plays 1,000 of each at every player count.
GAMES = {
    ("sequentia-shift", "random"): 2,
    ("sequentia-shift", "greedy"): 2,
    ("sequentia-shift", "ends"): 1,
    ("sequentia-stack", "random"): 5,
    ("sequentia-stack", "greedy"): 2,
    ("sequentia-stack", "ends"): 3,
    ("sequentia-cross", "random"): 10,
    ("sequentia-cross", "greedy"): 2,
    ("sequentia-cross", "ends"): 5,
}
#: Seeded games per player count for each set of options away from the defaults (chosen as
#: GAMES is).
VARIANT_GAMES = {"sequentia-shift": 2, "sequentia-stack": 3, "sequentia-cross": 5}


@functools.cache
def _compared(game_id: str, chooser: str) -> Comparison:
    """One comparison per mode and chooser, shared by the tests that read it."""
    return compare(_game(game_id), game_id, games=GAMES[game_id, chooser], chooser=chooser)


@pytest.mark.parametrize("game_id", sorted(MODES))
@pytest.mark.parametrize("chooser", ["random", "greedy", "ends"])
def test_a_mode_file_plays_as_its_built_in_game(game_id: str, chooser: str) -> None:
    report = _compared(game_id, chooser)
    assert report.difference is None
    assert report.games == 3 * GAMES[game_id, chooser]


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_a_mode_file_keeps_the_built_in_options(game_id: str) -> None:
    game = _game(game_id)
    for options in VARIANTS[game_id]:
        report = compare(game, game_id, games=VARIANT_GAMES[game_id], options=options)
        assert report.difference is None, options


def test_shift_games_reach_every_ending_of_the_rules() -> None:
    # The comparison is only as good as the rules it walks through: the seeded games it
    # plays end by the deck, by the stall rule and by the idle safety net.
    game = _game("sequentia-shift")
    endings = Counter(_compared("sequentia-shift", "random").endings)
    endings.update(_compared("sequentia-shift", "ends").endings)
    endings.update(compare(game, "sequentia-shift", games=3, options={"idle_rounds": 1}).endings)
    assert set(endings) == {"deck_exhausted", "stall", "idle_rounds"}


def test_a_difference_names_the_seed_the_step_and_what_differed() -> None:
    # Shift's data with another slide limit is another game: the first difference is found.
    text = (EXAMPLES / "shift.toml").read_text().replace('limit = "slide_limit"', "limit = 1")
    changed = compile_mode(parse_mode(text))
    report = compare(changed, "sequentia-shift", games=5, players=(2,))
    assert report.difference is not None
    assert report.difference.startswith("2 players, seed 0: step ")


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_a_mode_file_declares_the_built_in_options(game_id: str) -> None:
    # The same names, kinds, defaults, ranges, marks and descriptions: a player's -o works
    # the same on both, and the rules pages name the same options.
    from sequenza.core.registry import game_class

    built_in = list(game_class(game_id).options_class.specs())
    assert list(_game(game_id).options_class.specs()) == built_in


def test_shift_s_diagonal_slides_play_as_the_built_in_option() -> None:
    # The file's [turn.slide] diagonal names the option: a few games, each step compared
    # (sequenza mode compare FILE sequentia-shift -o diagonal_slides=true plays a thousand).
    game = _game("sequentia-shift")
    options = {"diagonal_slides": True}
    for chooser, players in (("random", (2, 3)), ("ends", (2,))):
        report = compare(
            game, "sequentia-shift", games=1, players=players, options=options, chooser=chooser
        )
        assert report.difference is None and report.steps > 300
    # The slides from a corner into the centre exist only at a table with the option on,
    # after every other action, as in the built-in game's space.
    diagonal = Action("slide", (0, 4))
    table = game(2, game.options_class.build(**options))
    assert diagonal not in game(2, game.options_class()).action_space
    assert table.action_space.actions[-1] == Action("slide", (8, 4))
    assert diagonal in table.new_initial_state(0).legal_actions()
