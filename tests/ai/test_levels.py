"""The bot levels: each by name, each beating a weaker one in a quick seeded match that an
equal bot would pass less than once in a hundred times, and the expert's hand reading.

The full ladder, every level against every other in every game, is ``bench/ladder.py``."""

import math
import pickle
from collections import Counter
from typing import Any

import pytest

import sequenza
from sequenza import OptionError
from sequenza.ai import BeliefMctsBot, make_bot
from sequenza.ai.base import bot_names
from sequenza.ai.levels import LEVELS, describe, ladder, menu, rating, seat_menu
from sequenza.core.game import State
from sequenza.core.registry import game_class
from tests.ai.matches import points_share

#: The chance that an equal bot passes one of the matches below.
ALPHA = 0.01


def wins_needed(games: int, alpha: float = ALPHA) -> int:
    """The fewest points out of ``games`` that a bot no better than its opponent (a fair
    coin per game) reaches with a chance below ``alpha``.

    >>> wins_needed(20)
    16
    """
    for needed in range(games + 1):
        tail = sum(math.comb(games, won) for won in range(needed, games + 1)) / 2**games
        if tail < alpha:
            return needed
    raise ValueError(f"no score out of {games} games is that unlikely")


def test_every_level_is_a_bot() -> None:
    assert set(LEVELS) <= set(bot_names())
    for level in LEVELS:
        assert make_bot(level, seed=1).name == level


@pytest.mark.parametrize(
    ("game_id", "strong", "weak", "games", "settings"),
    [
        # Sequence Stacks is the quickest game to play out: each level there against the one
        # below where that is quick, and mcts against the novice at a few iterations. The
        # expert reads hands in the board games only, so it plays random in Sequence Numbers
        # with a small search (its hand reading at work all the same).
        ("sequence-stacks", "novice", "random", 20, {}),
        ("sequence-stacks", "greedy", "novice", 20, {}),
        ("sequence-stacks", "mcts", "novice", 20, {"iterations": 20}),
        ("sequence-numbers", "expert", "random", 12, {"iterations": 10, "deals": 16}),
    ],
)
def test_a_level_beats_a_weaker_one(
    game_id: str, strong: str, weak: str, games: int, settings: dict[str, Any]
) -> None:
    share = points_share(game_id, strong, weak, games, **settings)
    assert share * games >= wins_needed(games)


def _held(state: State[Any], seat: int) -> Counter[str]:
    layout = state.game.layout  # type: ignore[attr-defined]
    return Counter(layout.faces[layout.card_faces[card]] for card in state.hands[seat])  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", ["sequence", "sequence-numbers"])
def test_the_expert_weighs_deals_towards_the_hand_really_held(game_id: str) -> None:
    # Against greedy, whose plays the expert's model rates best, the deals it weighs most
    # share more cards with the opponent's true hand than its deals on average do.
    state = sequenza.make(game_id, players=2, seed=21)
    expert = make_bot("expert", seed=3, iterations=10)
    assert isinstance(expert, BeliefMctsBot)
    greedy = make_bot("greedy", seed=4)
    weighted = plain = 0.0
    read = 0
    while not state.is_over and read < 12:
        if state.current_seat == 1:
            state.apply(greedy.act(state))
            continue
        action = expert.act(state)
        beliefs = expert.beliefs
        if beliefs:
            read += 1
            truth = _held(state, 1)
            overlaps = [sum((_held(deal, 1) & truth).values()) for deal, _ in beliefs]
            total = sum(weight for _, weight in beliefs)
            weighted += sum(o * w for o, (_, w) in zip(overlaps, beliefs, strict=True)) / total
            plain += sum(overlaps) / len(overlaps)
        state.apply(action)
    assert read >= 8
    assert weighted > plain * 1.05


def test_the_expert_plays_as_mcts_where_it_reads_no_hands() -> None:
    state = sequenza.make("sequentia-stack", players=2, seed=4)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    expert = make_bot("expert", seed=9, iterations=40)
    assert expert.act(state) == make_bot("mcts", seed=9, iterations=40).act(state)
    assert isinstance(expert, BeliefMctsBot) and not expert.beliefs


@pytest.mark.parametrize(
    ("name", "settings", "complaint"),
    [
        ("novice", {"slip": 1.5}, "slip must be from 0 to 1"),
        ("expert", {"deals": 0}, "deals must be a whole number above 0"),
        ("expert", {"temperature": -2}, "temperature must be above 0"),
        ("expert", {"iterations": -1}, "iterations must be a whole number"),
    ],
)
def test_a_bad_level_setting_is_refused_clearly(
    name: str, settings: dict[str, Any], complaint: str
) -> None:
    with pytest.raises(OptionError, match=complaint):
        make_bot(name, **settings)


def test_every_game_has_every_level_measured() -> None:
    # Every game this package ships (other tests register toy games of their own).
    shipped = [
        info.id
        for info in sequenza.available_games()
        if game_class(info.id).__module__.startswith("sequenza.games.")
    ]
    # The six games of this project at least (a new one must be measured too).
    assert {
        "sequence",
        "sequence-numbers",
        "sequence-stacks",
        "sequentia-cross",
        "sequentia-shift",
        "sequentia-stack",
    } <= set(shipped)
    for game_id in shipped:
        for level in LEVELS:
            measured = rating(level, game_id)
            assert measured is not None, f"{level} in {game_id}: run bench/ladder.py --write"
            assert measured["low"] <= measured["rating"] <= measured["high"]
            assert str(measured["rating"]) in describe(level, game_id)


def test_the_menu_says_where_the_search_plays_greedys_move() -> None:
    # In Sequence Stacks the heuristic proposes the same move in nearly every deal, so the
    # search levels play it without searching; the ladder found so and the menu says it.
    said = {
        "en": "plays greedy's move",
        "it": "fa la mossa di greedy",
        "fi": "pelaa greedyn siirron",
        "eo": "faras la movon de greedy",
    }
    for language, words in said.items():
        assert words in describe("mcts", "sequence-stacks", language)
        assert words in describe("expert", "sequence-stacks", language)
        assert words not in describe("greedy", "sequence-stacks", language)
    assert "greedy's move" not in describe("mcts", "sequentia-shift")


def test_the_menu_offers_every_bot_the_levels_first() -> None:
    offered = [bot["name"] for bot in menu("sequence")]
    assert offered[: len(LEVELS)] == list(LEVELS)
    assert sorted(offered) == bot_names()
    assert all(bot["description"] for bot in menu())


def test_the_expert_keeps_a_bounded_memory_between_decisions() -> None:
    # A web worker keeps its bot pickled between moves: what the expert remembers stays flat
    # through a game, one deal (the newest decision's) and its last few read choices.
    state = sequenza.make("sequence", players=2, seed=7)
    expert = make_bot("expert", seed=5, iterations=8, memory=2)
    assert isinstance(expert, BeliefMctsBot)
    greedy = make_bot("greedy", seed=6)
    sizes: list[int] = []
    while not state.is_over and len(sizes) < 16:
        if state.current_seat == 1:
            state.apply(greedy.act(state))
            continue
        state.apply(expert.act(state))
        sizes.append(len(pickle.dumps(expert)))
        seen = expert._seen
        assert sum(entry.deal is not None for entry in seen) <= 1
        assert sum(entry.choice is not None for entry in seen) <= expert.memory
    assert len(sizes) == 16
    # Once its memory is full the pickled bot no longer grows with the game.
    assert max(sizes[8:]) <= 1.1 * max(sizes[4:8]), sizes
    # The pool of deals weighed for the last decision is not kept between decisions.
    assert not pickle.loads(pickle.dumps(expert)).beliefs and expert.beliefs


def _measured(ratings: dict[str, int], points: dict[tuple[str, str], float]) -> dict[str, Any]:
    """A levels.json of one game ``g``: each level's rating (a ±100 interval) and each pair's
    points of 30 games (the first level's)."""
    return {
        "games": {
            "g": {
                level: {"rating": value, "low": value - 100, "high": value + 100}
                for level, value in ratings.items()
            }
        },
        "pairings": {
            "g": [
                {"first": first, "second": second, "points": share, "games": 30}
                for (first, second), share in points.items()
            ]
        },
    }


def test_the_ladder_orders_levels_by_rating_and_merges_those_not_measurably_above() -> None:
    # As Shift measured: mcts and the expert rate under greedy and score 43-55% against it.
    measured = _measured(
        {"random": 0, "novice": 171, "greedy": 399, "mcts": 377, "expert": 379},
        {
            ("novice", "random"): 23.5,
            ("greedy", "novice"): 23.5,
            ("mcts", "novice"): 25.5,
            ("mcts", "greedy"): 13.0,
            ("expert", "mcts"): 16.5,
            ("expert", "greedy"): 13.0,
        },
    )
    # Ordered by rating, mcts comes first of the three; greedy, no step above it, joins it
    # and is the one shown: the simplest of a group, whose name promises least.
    assert ladder("g", measured) == [["random"], ["novice"], ["greedy", "mcts", "expert"]]


def test_a_level_above_the_shown_one_by_a_measured_step_stands_alone() -> None:
    # As Sequence measured: mcts is no step above greedy (63%), the expert is (77%, 59-88%),
    # though it is none above mcts (67%, 49-81%): it is compared with the level shown.
    measured = _measured(
        {"random": 0, "novice": 553, "greedy": 695, "mcts": 761, "expert": 866},
        {
            ("novice", "random"): 30,
            ("greedy", "novice"): 23,
            ("mcts", "greedy"): 19,
            ("expert", "mcts"): 20,
            ("expert", "greedy"): 23,
        },
    )
    assert ladder("g", measured) == [["random"], ["novice"], ["greedy", "mcts"], ["expert"]]
    # Without the pairs' games, ratings whose intervals overlap are no step either: greedy's
    # (595-795) overlaps novice's (453-653), the expert's mcts's, and mcts's is clear of
    # novice's, the level shown below it.
    unpaired = {"games": measured["games"]}
    assert ladder("g", unpaired) == [["random"], ["novice", "greedy"], ["mcts", "expert"]]
    # A game never measured keeps every level, weakest first.
    assert ladder("g", {}) == [[level] for level in LEVELS]


def test_the_ladder_at_the_time_a_move_players_meet_rules_the_menu_where_measured() -> None:
    # At fixed iterations mcts plays like greedy; at a second a move it beats it (25 of 30).
    fixed = _measured(
        {"random": 0, "novice": 300, "greedy": 600, "mcts": 610, "expert": 620},
        {
            ("novice", "random"): 27,
            ("greedy", "novice"): 27,
            ("mcts", "greedy"): 16,
            ("expert", "mcts"): 15,
            ("expert", "greedy"): 16,
        },
    )
    timed = _measured(
        {"random": 0, "novice": 300, "greedy": 600, "mcts": 880, "expert": 890},
        {
            ("novice", "random"): 27,
            ("greedy", "novice"): 27,
            ("mcts", "greedy"): 25,
            ("expert", "mcts"): 15,
            ("expert", "greedy"): 25,
        },
    )
    assert ladder("g", fixed) == [["random"], ["novice"], ["greedy", "mcts", "expert"]]
    assert ladder("g", {**fixed, "at_seconds": timed}) == [
        ["random"],
        ["novice"],
        ["greedy"],
        ["mcts", "expert"],
    ]
    # The timed table plays the search levels against greedy and each other only: one rated
    # under greedy there, its interval reaching the novice's but with no game against it, is
    # greedy's, not the novice's (as Cross measured at a second a move).
    below = _measured(
        {"random": 0, "novice": 300, "greedy": 600, "mcts": 380, "expert": 390},
        {
            ("novice", "random"): 27,
            ("greedy", "novice"): 27,
            ("mcts", "greedy"): 14,
            ("expert", "mcts"): 15,
            ("expert", "greedy"): 15,
        },
    )
    assert ladder("g", {**fixed, "at_seconds": below}) == [
        ["random"],
        ["novice"],
        ["greedy", "mcts", "expert"],
    ]
    # Another game's timed table leaves this one's fixed table in charge.
    other = {"games": {"h": timed["games"]["g"]}, "pairings": {"h": timed["pairings"]["g"]}}
    assert ladder("g", {**fixed, "at_seconds": other}) == ladder("g", fixed)


def test_the_menu_carries_the_order_and_the_merges_of_the_games_levels_json() -> None:
    for game_id in ("sequentia-shift", "sequence"):
        entries = seat_menu(game_id, "it")
        groups = ladder(game_id)
        shown = [entry for entry in entries if entry["name"] in LEVELS and not entry["merged_into"]]
        assert [entry["name"] for entry in shown] == [group[0] for group in groups]
        for entry, group in zip(shown, groups, strict=True):
            assert entry["merged"] == group[1:]
            assert entry["rating"] == rating(entry["name"], game_id)["rating"]  # type: ignore[index]
        merged = {entry["name"]: entry["merged_into"] for entry in entries if entry["merged_into"]}
        assert merged == {level: group[0] for group in groups for level in group[1:]}
    # Shift's top levels play like greedy, named in the player's language.
    casual = next(e for e in seat_menu("sequentia-shift", "it") if e["name"] == "greedy")
    assert casual["merged"] == ["mcts", "expert"] and casual["label"] == "Intermedio"


def test_the_ladders_wilson_bound_is_the_simulators() -> None:
    from sequenza.ai.levels import _wilson_low
    from sequenza.sim.stats import wilson

    for points, games in ((12, 16), (16, 16), (19, 30), (0, 30), (23, 30)):
        assert _wilson_low(points, games) == pytest.approx(wilson(points, games)[0], abs=1e-9)
