"""Simulation for designers: seeded bot games on every core or a Ray cluster, and a balance
report (win rates by seat and by bot with intervals, lengths, draws, stalls, margins and
each game's own measures) as an HTML page with plots beside CSV and JSON.

::

    from pathlib import Path
    from sequenza.sim import Simulation, Variant, parse_bots, run, write_report

    bots = parse_bots("mcts:iterations=100,seconds=none,random,random")
    sim = Simulation("sequentia-shift", 3, bots, games=300, seed=1)
    (results,) = run([sim])              # every core; backend="ray" for a cluster
    write_report(Path("report"), [Variant("default rules", sim, results)])
"""

from sequenza.sim.match import (
    BotSpec,
    GameResult,
    Simulation,
    SimulationError,
    derive_seed,
    parse_bots,
    play_game,
    sweep,
)
from sequenza.sim.report import Variant, summarize, write_report
from sequenza.sim.runner import BACKENDS, run

__all__ = [
    "BACKENDS",
    "BotSpec",
    "GameResult",
    "Simulation",
    "SimulationError",
    "Variant",
    "derive_seed",
    "parse_bots",
    "play_game",
    "run",
    "summarize",
    "sweep",
    "write_report",
]
