"""The board games' learned position evaluation (``mcts:judge=learned``): what it counts of a
position, what its fitted weights say, and where a search may not ask for it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from sequenza.ai import Decision
from sequenza.ai.mcts import MctsBot
from sequenza.core.errors import OptionError
from sequenza.core.registry import make_game
from sequenza.games.sequence_board.play import (
    LEARNED_FEATURES,
    Reading,
    _shared_limit,
    learned_board_shares,
    learned_features,
    learned_weights,
)
from sequenza.games.sequence_board.rules import SequenceBoardState
from sequenza.games.sequence_board.types import BoardObservation
from tests.ai.test_greedy_board import NUMBERS, board, numbers_card, position


def features(state: SequenceBoardState, team: int) -> dict[str, int]:
    reading = Reading.of(BoardObservation.of(state, None), 0, _shared_limit(state))
    return dict(zip(LEARNED_FEATURES, learned_features(state, reading, team), strict=True))


def fours(hand_of_team_0: str) -> SequenceBoardState:
    """Each team one chip short of its sequence, team 1 to act: team 0's C2-F2 needs B2 (26)
    or G2 (30), team 1's C5-F5 needs B5 or G5, and team 1 holds no card that fits."""
    return position(
        NUMBERS,
        board=board("0: C2 D2 E2 F2", "1: C5 D5 E5 F5"),
        hands=[hand_of_team_0, f"{numbers_card(4)} {numbers_card(5)}"],
        to_act=1,
    )


def test_a_four_its_hand_can_finish_is_counted_and_worth_more() -> None:
    finishing = fours(f"{numbers_card(30)} {numbers_card(6)}")
    stuck = fours(f"{numbers_card(7)} {numbers_card(6)}")
    assert features(finishing, 0)["fours_its_hands_finish"] == 1
    assert features(stuck, 0)["fours_its_hands_finish"] == 0
    # Each four is two windows of four (B2-F2 and C2-G2, B5-F5 and C5-G5): the 30 fills G2.
    assert features(finishing, 0)["windows_of_4"] == features(finishing, 1)["windows_of_4"] == 2
    assert features(finishing, 1)["fours_its_hands_finish"] == 0
    assert learned_board_shares(finishing)[0] > learned_board_shares(stuck)[0]
    assert learned_board_shares(finishing)[0] > 0.5
    assert sum(learned_board_shares(finishing)) == pytest.approx(1.0)


def test_the_fitted_weights_value_fuller_windows_more() -> None:
    for game_id in ("sequence", "sequence-numbers"):
        weights = learned_weights(game_id)
        assert weights is not None and len(weights) == len(LEARNED_FEATURES) + 1
        by_name = dict(zip((*LEARNED_FEATURES, "to_act"), weights, strict=True))
        windows = [by_name[f"windows_of_{fill}"] for fill in range(1, 5)]
        assert windows == sorted(windows) and windows[-1] > 0
        assert by_name["fours_its_hands_finish"] > windows[-1]
        assert by_name["to_act"] > 0


def test_a_search_asks_for_the_learned_judge_only_where_a_game_has_one() -> None:
    with pytest.raises(OptionError, match="judge"):
        MctsBot(judge="oracle")
    state = make_game("sequentia-cross", 2).new_initial_state(1)
    bot = MctsBot(seed=1, iterations=5, judge="learned")
    with pytest.raises(OptionError, match="sequentia-cross has no learned judge"):
        bot.choose(Decision.of(state))
    numbers = make_game(NUMBERS, 2).new_initial_state(1)
    searching = MctsBot(seed=1, iterations=5, judge="learned", prune_root=False)
    assert searching.choose(Decision.of(numbers)) in numbers.legal_actions()
    assert searching.last_iterations == 5


def bench_script() -> Any:
    """``bench/learn_judge.py``, which fits the weights, as a module."""
    path = Path(__file__).resolve().parents[2] / "bench" / "learn_judge.py"
    spec = importlib.util.spec_from_file_location("learn_judge", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_finds_the_weights_that_made_the_winners() -> None:
    np = pytest.importorskip("numpy")
    script = bench_script()
    generator = np.random.default_rng(3)
    rows = generator.integers(-4, 5, size=(20000, 3)).astype(float)
    truth = np.array([0.8, -0.3, 0.1])
    outcome = (generator.random(20000) < 1.0 / (1.0 + np.exp(-rows @ truth))).astype(float)
    assert np.allclose(script.fit(rows, outcome), truth, atol=0.05)


def test_the_positions_are_those_of_greedy_games_with_their_winner() -> None:
    pytest.importorskip("numpy")
    rows, outcome, hand = bench_script().positions(NUMBERS, range(3))
    assert rows.shape[1] == len(LEARNED_FEATURES) + 1
    assert len(rows) == len(outcome) == len(hand) > 30
    assert set(outcome.tolist()) <= {0.0, 0.5, 1.0} and len(set(outcome.tolist())) > 1
    # The last column says which team is to act; the first position has no chip on the board.
    assert set(rows[:, -1].tolist()) == {-1.0, 1.0}
    assert rows[0, 1:5].tolist() == [0.0, 0.0, 0.0, 0.0]
    assert ((hand > 0.0) & (hand < 1.0)).all()
