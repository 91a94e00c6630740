"""``mcts`` at a time budget per move, its iterations in the compiled core against Python.

    python bench/mcts_core.py                         # every game, 2 players, 1 s a move
    python bench/mcts_core.py sequence --positions 10 --seconds 0.5
    python bench/mcts_core.py sequence-stacks --all-moves   # every legal move at the root
    python bench/mcts_core.py --bot expert            # the expert, hands read from its game

For each game it takes ``--positions`` decisions a few seeded random moves into seeded games
(only those where the bot searches: more than one move left after the root's narrowing) and
lets ``MctsBot(seconds=...)`` decide each with ``engine="python"`` and then with the core
(where it searches the game; the same bot and seed). It prints the mean iterations a
decision ran and the iterations per second of the process's CPU time, with the load average:
on a shared machine a time budget buys fewer iterations the busier the machine is, and the
CPU rate is the steadier figure. Before any timing it checks, at a fixed number of
iterations, that both engines make the same choice from the same seed. ``--all-moves`` searches
every legal move at the root (``prune_root=False``): in Sequence Stacks the heuristic's votes
mostly leave one move, and a default search then runs no iteration at all.

``--bot expert`` measures the expert instead: its decisions come from seeded games it plays
as seat 0 against greedy (it reads the opponent's hand from the plays it remembers), each
timed from a copy of the bot as it stood before deciding, so that both engines weigh the
same deals and search them. The CPU time of a decision includes its weighing (in Python
either way); the table says how many decisions weighed their deals.
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import time
from typing import Any

import sequenza
from sequenza import fast
from sequenza.ai import BeliefMctsBot, Decision, make_bot
from sequenza.ai.mcts import MctsBot
from sequenza.core.game import State
from sequenza.core.registry import make_game


def decisions(game: str, players: int, count: int, prune: bool) -> list[State[Any]]:
    """Positions where the bot searches, a few random moves into seeded games."""
    found: list[State[Any]] = []
    seed = 0
    while len(found) < count and seed < 400:
        state = make_game(game, players).new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(60)):
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            if state.is_over:
                break
        seed += 1
        if state.is_over:
            continue
        probe = MctsBot(seed=seed, iterations=4, engine="python", prune_root=prune)
        probe.choose(Decision.of(state))
        if probe.last_iterations:
            found.append(state)
    return found


def decide(
    state: State[Any], seed: int, engine: str, seconds: float, prune: bool
) -> tuple[int, float]:
    """Iterations one decision ran, and its CPU seconds."""
    bot = MctsBot(seed=seed, seconds=seconds, engine=engine, prune_root=prune)
    start = time.process_time()
    bot.choose(Decision.of(state))
    return bot.last_iterations, time.process_time() - start


#: An expert's decision to time: the position, and the bot pickled as it stood before it.
ExpertDecision = tuple[State[Any], bytes]


def expert_decisions(game: str, players: int, count: int, prune: bool) -> list[ExpertDecision]:
    """Every third decision, from the fourth on, of an expert playing seat 0 against greedy
    in seeded games, where it searched (20 iterations a decision in these games)."""
    found: list[ExpertDecision] = []
    seed = 0
    while len(found) < count and seed < 40:
        state = make_game(game, players).new_initial_state(seed)
        expert = BeliefMctsBot(seed=seed, iterations=20, prune_root=prune)
        greedy = make_bot("greedy", seed=seed + 1000)
        seed += 1
        turns = 0
        while not state.is_over and len(found) < count:
            if state.current_seat != 0:
                state.apply(greedy.act(state))
                continue
            kept = pickle.dumps(expert)
            action = expert.act(state)
            turns += 1
            if turns >= 4 and turns % 3 == 0 and expert.last_iterations:
                found.append((state.clone(), kept))
            state.apply(action)
    return found


def expert_bot(kept: bytes, engine: str, seconds: float | None) -> BeliefMctsBot:
    """The expert as it stood before a decision, on ``engine``, at ``seconds`` a move (or
    30 iterations with ``None``)."""
    bot = pickle.loads(kept)
    assert isinstance(bot, BeliefMctsBot)
    bot.engine = engine
    bot.seconds, bot.iterations = (None, 30) if seconds is None else (seconds, None)
    return bot


def expert_decide(decision: ExpertDecision, engine: str, seconds: float) -> tuple[int, float, bool]:
    """Iterations one decision of the expert ran, its CPU seconds, and whether it weighed its
    deals (it had read the opponent's plays)."""
    state, kept = decision
    bot = expert_bot(kept, engine, seconds)
    start = time.process_time()
    bot.choose(Decision.of(state))
    return bot.last_iterations, time.process_time() - start, bool(bot.beliefs)


def expert_rows(game: str, arguments: argparse.Namespace) -> None:
    """The expert's rows of the table for one game."""
    prune = not arguments.all_moves
    found = expert_decisions(game, arguments.players, arguments.positions, prune)
    engines = ["python"]
    if found:
        state, kept = found[0]
        probe = expert_bot(kept, "auto", None)
        probe.choose(Decision.of(state))
        if probe._in_core(game):
            engines.append("auto")
    for state, kept in found[:2] if len(engines) == 2 else []:
        chosen = [expert_bot(kept, engine, None).choose(Decision.of(state)) for engine in engines]
        if chosen[0] != chosen[1]:
            raise SystemExit(f"{game}: the core chose otherwise than the engine")
    rates = {}
    for engine in engines:
        runs = [expert_decide(decision, engine, arguments.seconds) for decision in found]
        iterations = sum(run[0] for run in runs)
        cpu = sum(run[1] for run in runs)
        weighed = sum(run[2] for run in runs)
        rates[engine] = iterations / cpu
        speed_up = f"{rates[engine] / rates['python']:.1f}x" if engine != "python" else ""
        name = "core" if engine == "auto" else "python"
        print(
            f"| {game} | {name} | {len(runs)} ({weighed} weighed) "
            f"| {iterations / len(runs):,.0f} | {rates[engine]:,.0f} | {speed_up} |",
            flush=True,
        )
    if len(engines) == 1:
        print(f"| {game} | core | | python instead | | |")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game_ids", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0, help="the bot's time a move")
    parser.add_argument(
        "--all-moves", action="store_true", help="search every legal move at the root"
    )
    parser.add_argument(
        "--bot", choices=("mcts", "expert"), default="mcts", help="the search bot to time"
    )
    arguments = parser.parse_args()
    game_ids = arguments.game_ids or [
        info.id for info in sequenza.available_games() if not info.id.startswith("test")
    ]
    print(f"# load average before: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
    print(
        f"| game | engine | decisions | iterations a decision at {arguments.seconds:g} s "
        "| iterations / CPU s | speed-up (CPU) |"
    )
    print("|---|---|---:|---:|---:|---:|")
    for game in game_ids:
        if arguments.bot == "expert":
            expert_rows(game, arguments)
            continue
        prune = not arguments.all_moves
        states = decisions(game, arguments.players, arguments.positions, prune)
        in_core = MctsBot(seed=0)
        in_core._prepare(game)
        engines = ["python"] + (["auto"] if in_core._in_core(game) else [])
        for number, state in enumerate(states[:2]):
            if len(engines) == 2:
                chosen = [
                    MctsBot(seed=number, iterations=30, engine=engine, prune_root=prune).choose(
                        Decision.of(state)
                    )
                    for engine in engines
                ]
                if chosen[0] != chosen[1]:
                    raise SystemExit(f"{game}: the core chose otherwise than the engine")
        rates = {}
        for engine in engines:
            runs = [
                decide(state, number, engine, arguments.seconds, prune)
                for number, state in enumerate(states)
            ]
            iterations = sum(run[0] for run in runs)
            cpu = sum(run[1] for run in runs)
            rates[engine] = iterations / cpu
            speed_up = f"{rates[engine] / rates['python']:.1f}x" if engine != "python" else ""
            name = "core" if engine == "auto" else "python"
            print(
                f"| {game} | {name} | {len(runs)} | {iterations / len(runs):,.0f} "
                f"| {rates[engine]:,.0f} | {speed_up} |",
                flush=True,
            )
        if len(engines) == 1:
            why = "no core" if not fast.available() else "its playout policy is not in the core"
            print(f"| {game} | core | | python instead: {why} | | |")
    print(f"# load average after: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
