"""Back ends: the same seeds give the same games on one process, many, or Ray."""

import doctest
from pathlib import Path

import pytest

import sequenza.sim.runner
from sequenza.core.errors import OptionError
from sequenza.sim import Simulation, SimulationError, parse_bots, run, sweep
from tests.sim import cheat_bot  # noqa: F401  (registers the test-cheat bot)


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(sequenza.sim.runner)
    assert tried > 0 and failures == 0


def test_one_process_and_two_play_the_same_games_in_the_same_order() -> None:
    # The toy game lives in the tests: worker processes import its module by themselves.
    toy = Simulation("test-toy", 2, parse_bots("random,mcts:iterations=8,seconds=none"), 40, 5)
    shift = Simulation("sequentia-shift", 3, parse_bots("random"), 6, seed=11)
    progress: list[int] = []
    alone = run([toy, shift], workers=1, on_progress=progress.append)
    shared = run([toy, shift], workers=2)
    assert alone == shared
    assert sum(progress) == 46
    assert [game.index for game in alone[0]] == list(range(40))
    assert {game.lineup for game in alone[0]} == {
        ("random", "mcts:iterations=8,seconds=none"),
        ("mcts:iterations=8,seconds=none", "random"),
    }
    assert all(game.finished for games in alone for game in games)


def test_variants_of_a_sweep_play_the_same_deals() -> None:
    base = Simulation("test-toy", 2, parse_bots("random"), 10, seed=2)
    (_, narrow), (_, wide) = sweep(base, ["hand_size=1,2"])
    results = run([narrow, wide], workers=1)
    assert [game.seed for game in results[0]] == [game.seed for game in results[1]]
    assert [game.actions for game in results[0]] == [6] * 10


def test_bad_back_ends_and_worker_counts_are_refused() -> None:
    sim = Simulation("test-toy", 2, parse_bots("random"), 1)
    with pytest.raises(OptionError, match="unknown back end 'spark'"):
        run([sim], backend="spark")
    with pytest.raises(OptionError, match="at least one worker"):
        run([sim], workers=-1)


def test_a_failure_in_a_worker_comes_back_with_its_game() -> None:
    # Worker processes learn the test-cheat bot from the module its class lives in.
    cheat = Simulation("test-toy", 2, parse_bots("random,test-cheat"), 4)
    with pytest.raises(SimulationError, match=r"game \d \(seed \d+\) of test-toy"):
        run([cheat], workers=2)


def test_an_unreachable_ray_cluster_is_reported_at_once() -> None:
    pytest.importorskip("ray")
    sim = Simulation("test-toy", 2, parse_bots("random"), 1)
    with pytest.raises(SimulationError, match=r"no Ray cluster answers at 127\.0\.0\.1:9"):
        run([sim], backend="ray", address="127.0.0.1:9")


@pytest.mark.slow
def test_ray_plays_the_same_games_as_the_local_back_end(monkeypatch: pytest.MonkeyPatch) -> None:
    ray = pytest.importorskip("ray")
    sims = [
        Simulation("test-toy", 2, parse_bots("random,mcts:iterations=5,seconds=none"), 12, 4),
        Simulation("sequentia-shift", 2, parse_bots("random"), 4, seed=4),
    ]
    local = run(sims, workers=2)
    # The plug-in game is installed on the cluster's machines as it is here (on the path):
    # the local cluster's processes inherit this environment. A job's runtime_env would do
    # the same at the cost of a worker of its own, started beside the idle one Ray starts.
    plugin = str(Path(__file__).parents[1] / "plugin")
    monkeypatch.setenv("PYTHONPATH", plugin)
    ray.init(address="local", num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        assert run(sims, backend="ray") == local
    finally:
        ray.shutdown()
