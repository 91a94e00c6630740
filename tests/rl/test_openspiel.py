"""OpenSpiel: the games are games of imperfect information with chance for every card dealt
and drawn, checked the way OpenSpiel checks its own games (random simulation with
serialisation, information sets, resampling, ISMCTS, observers)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

from sequenza.core.errors import OptionError
from sequenza.rl import openspiel
from sequenza.rl.encoding import encoded_games

# Every game at its fewest players for 100 actions, and at its most for 30: each action
# asks every seat's information state, and a cap ends a game as any ending is checked.
TABLES = [
    (info.id, count, 100 if count == min(info.player_counts) else 30)
    for info in encoded_games()
    for count in sorted({min(info.player_counts), max(info.player_counts)})
]


@pytest.mark.parametrize(("game", "players", "cap"), TABLES)
def test_random_simulation(game: str, players: int, cap: int) -> None:
    pyspiel.random_sim_test(
        openspiel.load(game, players, max_game_length=cap),
        num_sims=1,
        serialize=True,
        verbose=False,
    )


def test_a_whole_game_passes_the_random_simulation() -> None:
    pyspiel.random_sim_test(openspiel.load("sequentia-stack", 2), 2, True, False)


def test_registered_by_name_with_its_facts() -> None:
    game = pyspiel.load_game("python_sequenza_sequentia_stack", {"players": 3})
    kind = game.get_type()
    assert game.num_players() == 3
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0
    # The 54 cards of the Sequentia deck are the deal's outcomes.
    assert game.max_chance_outcomes() == 54
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert len(state.information_state_tensor(1)) == game.information_state_tensor_size()
    assert len(state.observation_tensor(1)) == game.observation_tensor_size()


def deal(state: Any, outcomes: list[int]) -> Any:
    """Play ``outcomes`` at the chance nodes, in order, then the first of what is left until
    a seat is to decide."""
    queue = list(outcomes)
    while state.is_chance_node():
        offered = [outcome for outcome, _ in state.chance_outcomes()]
        choice = queue.pop(0) if queue else offered[0]
        assert choice in offered
        state.apply_action(choice)
    return state


def test_the_deal_is_one_chance_node_per_card() -> None:
    game = openspiel.load("sequence", 2)
    state = game.new_initial_state()
    seen: list[int] = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
        # Each card comes from those not dealt yet, each as likely.
        assert len(outcomes) == 104 - len(seen)
        seen.append(outcomes[-1][0])
        state.apply_action(seen[-1])
    assert len(seen) == 14
    engine = state.engine
    assert sorted(engine.hands[0] + engine.hands[1]) == sorted(seen)
    assert sorted(engine.hands[0]) == sorted(seen[:7])


def test_seat_zeros_first_information_set_holds_every_other_hand() -> None:
    """Two deals that give seat 0 the same cards and seat 1 different ones: seat 0 cannot
    tell them apart, seat 1 can."""
    game = openspiel.load("sequence", 2)
    mine = list(range(7))
    first = deal(game.new_initial_state(), [*mine, *range(10, 17)])
    second = deal(game.new_initial_state(), [*mine, *range(40, 47)])
    assert first.history() != second.history()
    assert first.current_player() == second.current_player() == 0
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_tensor(0) == second.information_state_tensor(0)
    assert first.information_state_string(1) != second.information_state_string(1)


def test_a_draw_is_a_chance_node_the_drawer_sees() -> None:
    game = openspiel.load("sequence", 2)
    state = deal(game.new_initial_state(), [])
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    drawn = state.chance_outcomes()
    assert len(drawn) == 104 - 14
    left, right = state.clone(), state.clone()
    left.apply_action(drawn[0][0])
    right.apply_action(drawn[1][0])
    # Seat 0 drew one of two cards: it tells them apart, seat 1 does not.
    assert left.information_state_string(1) == right.information_state_string(1)
    assert left.information_state_string(0) != right.information_state_string(0)


def test_the_engines_generator_decides_no_card() -> None:
    """The same chance outcomes make the same game, whatever a state's generator holds."""
    game = openspiel.load("sequentia-shift", 2)
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_chance_node():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert again.engine.dumps() == state.engine.dumps()
    assert str(again) == str(state)


def test_resampling_deals_the_hidden_cards_consistently() -> None:
    game = openspiel.load("sequence", 2)
    rng = random.Random(0)
    state = deal(game.new_initial_state(), rng.sample(range(104), 14))
    state.apply_action(state.legal_actions()[0])
    state = deal(state, [])
    state.apply_action(state.legal_actions()[0])
    state = deal(state, [])
    assert state.current_player() == 0
    engine = state.engine
    key = state.information_state_string(0)
    hands = set()
    for draw in range(20):
        sample = state.resample_from_infostate(0, lambda: rng.random())
        assert sample.information_state_string(0) == key
        other = sample.engine
        assert other.hands[0] == engine.hands[0]
        assert other.discards == engine.discards and other.board == engine.board
        assert other.card_counter() == engine.card_counter()
        hands.add(tuple(sorted(other.hands[1])))
        if draw < 2:
            sample.apply_action(sample.legal_actions()[0])
    assert len(hands) > 15


@pytest.mark.parametrize("game", [info.id for info in encoded_games()])
def test_ismcts_plays_out_of_the_box(game: str) -> None:
    spiel = openspiel.load(game, 2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        spiel,
        evaluator,
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(1),
    )
    rng = random.Random(1)
    state = spiel.new_initial_state()
    decisions = 0
    while decisions < 3 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 3


def test_observers_split_public_and_private_information() -> None:
    game = openspiel.load("sequentia-cross", 2)
    state = deal(game.new_initial_state(), [])
    engine = state.engine
    own = engine.observation(0)["hand"]
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    text = public.string_from(state, 0)
    assert text == public.string_from(state, 1)
    assert not all(card in text for card in own)
    assert all(card in private.string_from(state, 0) for card in own)
    public.set_from(state, 0)
    shown = public.tensor.copy()
    # Dealing seat 0 other cards changes none of the public tensor.
    twin = state.resample_from_infostate(1, lambda: 0.25)
    assert twin.engine.hands[0] != engine.hands[0]
    public.set_from(twin, 0)
    assert np.array_equal(public.tensor, shown)
    private.set_from(twin, 0)
    assert private.tensor.any()


def test_the_information_state_tensor_recalls_what_the_seat_saw() -> None:
    game = openspiel.load("sequentia-stack", 2, recall=16)
    state = deal(game.new_initial_state(), [])
    size = game.observation_tensor_size()
    # Each event: present, chance, seen, the seat one-hot, its value.
    assert game.information_state_tensor_size() == size + 16 * (4 + 2)
    action = state.legal_actions()[0]
    state.apply_action(action)
    state = deal(state, [])
    drawn_at = len(state.engine.history)
    # Seat 0 plays on until its turn ends and it draws back up.
    while len(state.engine.hands[0]) < 3:
        assert state.current_player() == 0
        state.apply_action(state.legal_actions()[0])
        state = deal(state, [])
    mine = np.array(state.information_state_tensor(0)[size:]).reshape(16, 6)
    theirs = np.array(state.information_state_tensor(1)[size:]).reshape(16, 6)
    # The deal: three cards to seat 0 (seen by it alone), three to seat 1.
    assert mine[:3, 2].all() and not mine[3:6, 2].any() and not mine[3:6, 5].any()
    assert theirs[3:6, 2].all() and not theirs[:3, 2].any()
    # Seat 0's first action, seen by both.
    for rows in (mine, theirs):
        assert list(rows[6, :5]) == [1.0, 0.0, 1.0, 1.0, 0.0]
        assert rows[6, 5] == pytest.approx(action / (game.num_distinct_actions() - 1))
    # Then its actions, and the cards it drew at the end: seen by it alone.
    actions = len(state.engine.history) - drawn_at + 1
    draws = mine[6 + actions :]
    assert draws[:, 0].sum() >= 1 and (draws[:, 0] == draws[:, 1]).all()
    assert (draws[:, 2] == draws[:, 0]).all() and not theirs[6 + actions :, 2].any()
    # A state resampled for seat 1 recalls what seat 1 saw, exactly.
    twin = state.resample_from_infostate(1, lambda: 0.5)
    assert twin.information_state_tensor(1) == state.information_state_tensor(1)
    assert twin.information_state_string(1) == state.information_state_string(1)


@pytest.mark.parametrize(
    ("payoffs", "winner", "loser"), [("share", 1.0, 0.0), ("zero_sum", 1.0, -1.0)]
)
def test_every_ending_pays_its_declared_sum(payoffs: str, winner: float, loser: float) -> None:
    game = openspiel.load("sequentia-cross", 2, payoffs=payoffs)
    rng = random.Random(2)
    totals: Counter[float] = Counter()
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        assert sum(returns) == pytest.approx(game.utility_sum())
        totals.update(returns)
    assert set(totals) <= {winner, loser, (winner + loser) / 2}
    capped = openspiel.load("sequentia-cross", 2, payoffs=payoffs, max_game_length=2)
    state = deal(capped.new_initial_state(), [])
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0]) if not state.is_chance_node() else deal(
            state, []
        )
    assert state.returns() == [(winner + loser) / 2] * 2


def test_micro_is_walked_whole_and_cfr_lowers_its_exploitability() -> None:
    """The small game of ``sequenza.rl.micro`` through the same wrapper: CFR walks its whole
    tree, and a few iterations take the exploitability of the uniform policy down."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    game = openspiel.load("micro", 2, options={"cards": 4, "hand": 2})
    assert not game.get_type().provides_observation_tensor
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    # Seat 0 leads from 6 hands of two cards, then decides again after what it was shown.
    assert len(solver._info_state_nodes) > 12
    for _ in range(3):
        solver.evaluate_and_update_policy()
    learned = exploitability.exploitability(game, solver.average_policy())
    assert learned < uniform / 2


def test_a_game_takes_its_options() -> None:
    game = openspiel.load("sequentia-stack", 2, options={"hand_size": 2})
    state = deal(game.new_initial_state(), [])
    assert len(state.engine.hands[0]) == 2
    with pytest.raises(OptionError, match="no_such_option"):
        openspiel.load("sequentia-stack", 2, options={"no_such_option": 1})


def test_the_public_information_state_is_every_seats_and_hides_the_hands() -> None:
    game = openspiel.load("sequence", 2)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    states = []
    # The same cards for seat 0 and the same draw, other cards for seat 1.
    for theirs in (range(10, 17), range(40, 47)):
        state = deal(game.new_initial_state(), [*range(7), *theirs])
        state.apply_action(state.legal_actions()[0])
        states.append(deal(state, [100]))
    texts = {public.string_from(state, seat) for state in states for seat in (0, 1)}
    assert len(texts) == 1
    for seat in (0, 1):
        tensors = set()
        for state in states:
            public.set_from(state, seat)
            tensors.add(public.tensor.tobytes())
        # The tensor is seen from the seat (its seats rotated), the same in both deals.
        assert len(tensors) == 1


@pytest.mark.parametrize("game", ["sequence", "sequentia-stack"])
def test_outcome_sampling_mccfr_runs_on_a_real_game(game: str) -> None:
    """MCCFR with no code of the researcher's; a cap keeps its recursion (one Python frame
    per node, and more) inside the interpreter's default limit."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    spiel = openspiel.load(game, 2, max_game_length=40)
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel)
    for _ in range(3):
        solver.iteration()
    state = deal(spiel.new_initial_state(), [])
    policy = solver.average_policy().action_probabilities(state)
    assert set(policy) == set(state.legal_actions())
    assert sum(policy.values()) == pytest.approx(1.0)
