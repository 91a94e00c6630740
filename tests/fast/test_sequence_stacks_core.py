"""The compiled core plays Sequence Stacks exactly as the Python rules do: the same legal
actions in the same order, the same state after every action (draw pile, hands and the cards
known in them, discards, piles, the set-aside stack and its last reshuffle, chips, supply,
direction, skips, the Block window, the stall counters, the generator's state) and the same
results, at every player count and with every option; and its batches, whole or from a state
dealt again as the determiniser deals it (stolen cards kept, the draw pile of the reshuffled
faces), are the engine's games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from sequenza import fast
from sequenza.core.game import Game
from sequenza.core.registry import make_game
from sequenza.games.sequence_stacks.rules import StacksState
from tests.fast.greedy_choices import greedy_choices

pytestmark = pytest.mark.skipif(not fast.available(), reason=str(fast.why_not()))

FIELDS = (*StacksState.SAVE_FIELDS, "to_act")
OPTIONS: list[dict[str, Any]] = [
    {},
    {"draw_up_to": 7, "stall_rounds": 2, "chipless_round_limit": 2, "random_first_player": True},
    {"draw_up_to": 1, "turn_refill_limit": 1},
]
TABLES = [(players, options) for players in (2, 3, 4, 5, 6) for options in OPTIONS]


def step_both(state: Any, core: Any, chooser: random.Random, seen: Counter[str]) -> None:
    """Plays on to the end on both engines, random choices, compared at every step."""
    while True:
        snapshot = core.snapshot()
        for name in FIELDS:
            assert snapshot[name] == getattr(state, name), name
        assert snapshot["rng"] == state.rng.getstate()[1]
        assert bool(snapshot["ending"]) == state.is_over
        if state.is_over:
            seen[str(state.termination)] += 1
            return
        legal = state.legal_action_ids()
        assert core.legal() == legal
        action = state.game.action_from_id(legal[chooser.randrange(len(legal))])
        seen[action.verb] += 1
        seen[str(action.args[0]) if action.args else action.verb] += 1
        seen["reshuffle"] += bool(state.reshuffled)
        state.apply(action)
        core.apply(state.game.action_to_id(action))


def test_every_seeded_game_is_the_engines_action_by_action() -> None:
    """Every action and card is met, and both endings random games reach (the safety net
    needs a colour's whole chip supply taken, which random play does not do)."""
    seen: Counter[str] = Counter()
    for players, options in TABLES:
        table = make_game("sequence-stacks", players, **options)
        for seed in range(12):
            state = table.new_initial_state(seed)
            step_both(state, fast.core_state(table, seed), random.Random(seed + 1), seen)
    for what in (
        "play",
        "discard",
        "block",
        "allow",
        "end",
        "skip",
        "reverse",
        "steal-card",
        "steal-chip",
        "reshuffle",
        "chips_collected",
        "stall",
    ):
        assert seen[what], f"no {what} in {len(TABLES) * 12} games"


def middle(table: Game[Any], seed: int) -> StacksState:
    """A running game after a random number of random actions, among them (where the seed
    allows) a steal of a card, which the determiniser keeps in the thief's hand."""
    state = table.new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(30, 300)):
        legal = state.legal_actions()
        trial = state.clone()
        trial.apply(legal[chooser.randrange(len(legal))])
        if trial.is_over:
            break
        state = trial
    assert isinstance(state, StacksState)
    return state


def test_a_state_loaded_in_the_middle_plays_on_as_the_engines() -> None:
    seen: Counter[str] = Counter()
    for players, options in TABLES:
        table = make_game("sequence-stacks", players, **options)
        for seed in range(3):
            state = middle(table, seed)
            step_both(state.clone(), fast.load_state(state), random.Random(seed), seen)


def test_batches_are_the_engines_games() -> None:
    known = reshuffled = 0
    for players, options in TABLES:
        batch = fast.playouts("sequence-stacks", 20, seed=77, players=players, options=options)
        assert batch == fast.playouts(
            "sequence-stacks", 20, seed=77, players=players, options=options, engine="python"
        )
        for seed in range(3):
            state = middle(make_game("sequence-stacks", players, **options), seed)
            known += any(state.known)
            reshuffled += bool(state.reshuffled)
            before = state.fingerprint()
            for seat in range(players):
                ours = fast.playouts_from(state, 8, seat=seat, seed=9)
                assert ours == fast.playouts_from(state, 8, seat=seat, seed=9, engine="python")
            assert state.fingerprint() == before
    assert known and reshuffled


#: Greedy games compared per player count, fewer where games are longer (a game of six lasts
#: about three times one of two) or hands larger (odd counts draw up to 7, where the planner
#: has more orders to try), so that each count costs the engine well under a second.
GREEDY_GAMES = {2: 24, 3: 16, 4: 16, 5: 8, 6: 10}


@pytest.mark.parametrize("players", sorted(GREEDY_GAMES))
def test_greedy_and_playout_batches_are_the_engines_games(players: int) -> None:
    """The greedy heuristic (its turn planner, its steals told apart by a draw each) and the
    playout policy choose as the engine's do, in whole games and from a state dealt again."""
    options = OPTIONS[players % 2]
    for policy, games in (("greedy", GREEDY_GAMES[players]), ("cheap", 24)):
        batch = fast.playouts(
            "sequence-stacks", games, seed=31, players=players, options=options, policy=policy
        )
        assert batch == fast.playouts(
            "sequence-stacks",
            games,
            seed=31,
            players=players,
            options=options,
            policy=policy,
            engine="python",
        )
        state = middle(make_game("sequence-stacks", players, **options), players)
        ours = fast.playouts_from(state, 2, seat=1, seed=4, policy=policy)
        assert ours == fast.playouts_from(state, 2, seat=1, seed=4, policy=policy, engine="python")


def test_the_greedy_bot_makes_the_engines_every_choice() -> None:
    """The simulator's greedy bots in the core (each dealing the unseen cards again from its
    own generator before it decides) make every choice the Python bots make, and the games
    meet every part of the heuristic: blocks and allows, steals of chips and of cards, skips,
    reverses, plays from the hand and from the discard pile, and discards."""
    seen: Counter[str] = Counter()
    for players in (2, 3, 4, 6):
        for seed in range(2):
            for action in greedy_choices("sequence-stacks", players, seed):
                seen[action.verb] += 1
                if action.verb == "play":
                    seen[f"from {action.args[1]}"] += 1
                    seen[str(action.args[0])] += 1
    for what in ("block", "allow", "steal-chip", "steal-card", "skip", "reverse", "discard"):
        assert seen[what], f"the greedy bots played no {what}"
    for what in ("from hand", "from discard"):
        assert seen[what], f"the greedy bots played no card {what}"
