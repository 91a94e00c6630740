"""The compiled core plays Sequence and Sequence Numbers exactly as the Python rules do: from
the same seed and the same choices, the same legal actions in the same order, the same state
after every action (board, sequences, hands, piles, counters and the random generator's
state) and the same results, over a few hundred seeded games at every player count and with
non-default options; and its batches of whole games are the engine's games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from sequenza import fast
from sequenza.core.game import Game
from sequenza.core.registry import make_game
from sequenza.games.sequence_board.rules import SequenceBoardState

pytestmark = pytest.mark.skipif(not fast.available(), reason=str(fast.why_not()))

#: The state's saved fields the core holds, besides ``to_act``.
FIELDS = (*SequenceBoardState.SAVE_FIELDS, "to_act")

#: (game, players, options): every player count of classic Sequence with the default rules,
#: then the options that change play.
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    *[("sequence", players, {}) for players in (2, 3, 4, 6, 8, 9, 10, 12)],
    ("sequence", 6, {"teams": 3}),
    ("sequence", 2, {"shared_limit": 0, "idle_rounds": 3}),
    ("sequence", 2, {"shared_limit": 4, "random_first_player": True}),
    ("sequence", 4, {"shared_limit": 2, "idle_rounds": 2, "random_first_player": True}),
    ("sequence-numbers", 2, {}),
    ("sequence-numbers", 3, {"random_first_player": True}),
    ("sequence-numbers", 4, {"shared_limit": 0}),
    ("sequence-numbers", 6, {"teams": 3}),
]
SEEDS_PER_TABLE = 20
#: Games per batch compared, by policy: the engine's greedy heuristic plays about 2,000
#: actions a second.
BATCH = {"random": 60, "cheap": 60, "greedy": 12}


def play_both(table: Game[Any], seed: int, seen: Counter[str]) -> None:
    """One game on both engines, random choices, compared at every step."""
    state = table.new_initial_state(seed)
    core = fast.core_state(table, seed)
    chooser = random.Random(seed + 1000)
    step = 0
    while True:
        snapshot = core.snapshot()
        where = f"{table!r} seed {seed} after {step} actions"
        for name in FIELDS:
            assert snapshot[name] == getattr(state, name), f"{name} differs, {where}"
        assert snapshot["rng"] == state.rng.getstate()[1], f"the generator differs, {where}"
        if state.is_over:
            break
        legal = state.legal_action_ids()
        assert core.legal() == legal, where
        action = legal[chooser.randrange(len(legal))]
        seen[table.action_from_id(action).verb] += 1
        state.apply(action)
        core.apply(action)
        step += 1
    result = state.result()
    assert result is not None
    assert core.legal() == []
    seen[result.termination.value] += 1
    sides = snapshot["sides"]
    assert snapshot["ending"] == {"sequences_made": 1, "stall": 2}[result.termination.value]
    winners = tuple(s for s in range(table.players) if s % sides == snapshot["winning_team"])
    assert winners == result.winners
    scores = tuple(float(len(snapshot["sequences"][s % sides])) for s in range(table.players))
    assert scores == result.scores


def test_the_generator_is_cpythons() -> None:
    for seed in (0, 1, 7, 2**32 - 1, 2**32, 2**63 + 11, 2**64 - 1):
        assert fast._fast is not None
        assert fast._fast.mt_state(seed) == random.Random(seed).getstate()[1]
        for bound in (1, 2, 3, 5, 104, 2**31 + 3):
            rng = random.Random(seed)
            expected = [rng.randrange(bound) for _ in range(40)]
            assert fast._fast.randbelow(seed, bound, 40) == expected


def test_every_seeded_game_is_the_engines_action_by_action() -> None:
    seen: Counter[str] = Counter()
    for game_id, players, options in TABLES:
        table = make_game(game_id, players, **options)
        for seed in range(SEEDS_PER_TABLE):
            play_both(table, seed * 7919 + players, seen)
    # Every branch of the rules was met: each action, the choice of a sequence, both endings.
    for what in ("play", "remove", "dead", "mark", "pass", "sequences_made", "stall"):
        assert seen[what], f"no {what} in {len(TABLES) * SEEDS_PER_TABLE} games"


def test_big_and_negative_seeds_deal_as_the_engine_does() -> None:
    table = make_game("sequence", 2)
    for seed in (2**64 + 5, 2**100, -12345):
        assert fast.core_state(table, seed).snapshot()["hands"] == (
            table.new_initial_state(seed).hands
        )


@pytest.mark.parametrize("policy", list(BATCH))
@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("sequence", 2, {}),
        ("sequence", 3, {}),
        ("sequence", 12, {"idle_rounds": 2}),
        ("sequence", 2, {"shared_limit": 0, "random_first_player": True}),
        ("sequence-numbers", 4, {}),
    ],
)
def test_a_batch_is_the_engines_games(
    game_id: str, players: int, options: dict[str, Any], policy: str
) -> None:
    n = BATCH[policy]
    batch = fast.playouts(game_id, n, seed=500, players=players, options=options, policy=policy)
    reference = fast.playouts(
        game_id, n, seed=500, players=players, options=options, policy=policy, engine="python"
    )
    assert batch == reference
    assert batch.actions == sum(batch.lengths) > 0
    assert sum(batch.endings.values()) == n
    assert sum(batch.wins) == pytest.approx(sum(1 for one in batch.games if one.winners))
    assert [one.seed for one in batch.games] == list(range(500, 500 + n))


def test_a_batch_game_is_the_engines_game_of_its_seed() -> None:
    """A batch's game does not depend on the games beside it: game ``seed + i`` of a big
    batch is the game of a batch that starts there."""
    whole = fast.playouts("sequence", 30, seed=70, players=4)
    assert fast.playouts("sequence", 5, seed=90, players=4).games == whole.games[20:25]


def positions(seed: int) -> list[SequenceBoardState]:
    """Running games of several tables, stopped after a random number of random actions, and
    one that waits for a choice of sequences."""
    found: list[SequenceBoardState] = []
    chooser = random.Random(seed)
    for game_id, players, options in TABLES[::2]:
        state = make_game(game_id, players, **options).new_initial_state(seed)
        for _ in range(chooser.randrange(200)):
            legal = state.legal_actions()
            if state.is_over:
                break
            state.apply(legal[chooser.randrange(len(legal))])
        if not state.is_over:
            assert isinstance(state, SequenceBoardState)
            found.append(state)
    table = make_game("sequence", 2, shared_limit=0)
    for deal in range(200):
        state = table.new_initial_state(deal)
        while not state.is_over and not state.pending:
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
        if state.pending:
            assert isinstance(state, SequenceBoardState)
            return [*found, state]
    raise AssertionError("no game waited for a choice of sequences")


def test_a_state_loaded_in_the_middle_plays_on_as_the_engines() -> None:
    for seed in range(4):
        for state in positions(seed):
            core = fast.load_state(state)
            twin = state.clone()
            chooser = random.Random(seed)
            while True:
                snapshot = core.snapshot()
                for name in FIELDS:
                    assert snapshot[name] == getattr(twin, name), name
                assert snapshot["rng"] == twin.rng.getstate()[1]
                if twin.is_over:
                    break
                legal = twin.legal_action_ids()
                assert core.legal() == legal
                action = legal[chooser.randrange(len(legal))]
                twin.apply(action)
                core.apply(action)


@pytest.mark.parametrize("policy", list(BATCH))
def test_playouts_from_a_state_are_the_engines_determinized_games(policy: str) -> None:
    n = BATCH[policy] // 3
    for seed in range(3):
        for state in positions(seed + 10):
            before = state.fingerprint()
            for seat in {0, state.to_act, state.players - 1}:
                batch = fast.playouts_from(state, n, seat=seat, seed=seed * 1000, policy=policy)
                assert batch == fast.playouts_from(
                    state, n, seat=seat, seed=seed * 1000, policy=policy, engine="python"
                )
                # Each seed deals the hidden cards again its own way and plays differently.
                assert policy != "random" or len(set(batch.lengths)) > 1
            assert state.fingerprint() == before


def test_a_damaged_state_is_refused() -> None:
    state = positions(0)[0]
    fields = {name: getattr(state, name) for name in (*state.SAVE_FIELDS, "to_act")}
    fields["rng"] = state.rng.getstate()[1]
    board = fast._rules(state.game)
    board.load(fields)
    for name, damaged in (
        ("draw_pile", fields["draw_pile"][1:]),
        ("board", [9] * 100),
        ("to_act", state.players),
        ("rng", (1, 2, 3)),
        ("hands", fields["hands"][:-1]),
    ):
        with pytest.raises(ValueError):
            board.load({**fields, name: damaged})
