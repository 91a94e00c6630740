"""``sequenza mode``: the designer's commands for a mode file, and a mode file's path taken
wherever a game id is (``sequenza play modes/shift.toml``).

``check FILE`` reads the file (every mistake named with its line, column and a fix: the JSON
Schema's where the dev install has ``jsonschema``, then the loader's checks of meaning), runs
the conformance kit on the game it makes and a smoke simulation, and prints a short balance
summary. ``compare FILE GAME`` plays seeded games in the mode and in a built-in game with the
same choices and exits 0 only when every step is identical.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from sequenza.app import cli
from sequenza.app.cli import app
from sequenza.app.cli_language import LocalizedCommand, LocalizedGroup, OneOf, Whole, words
from sequenza.core.errors import SequenzaError
from sequenza.core.game import Game
from sequenza.core.registry import register_kit
from sequenza.modes import ModeError, Problem, load, mistakes
from sequenza.modes.schema_check import schema_problems

mode_app = typer.Typer(
    cls=LocalizedGroup,
    help="Mode files: check one, or compare it with a built-in game.",
    no_args_is_help=True,
)
app.add_typer(mode_app, name="mode")


def is_mode_path(text: str) -> bool:
    """Whether a game argument names a mode file rather than a game id."""
    return text.endswith(".toml")


def resolve_game(text: str) -> str:
    """A game id as typed, or the id of the mode file it names, registered on the way (its
    mistakes printed and the command left with code 2)."""
    if not is_mode_path(text):
        return text
    try:
        kit = load(text)
    except ModeError as error:
        print_problems(error.source, error.problems)
        raise typer.Exit(code=2) from None
    try:
        register_kit(kit)
    except ValueError as error:  # another mode of this process has the same id
        raise cli._fail(error) from None
    return kit.id


def print_problems(source: str, problems: list[Problem]) -> None:
    """Each mistake on a line of its own, in the terminal's language."""
    for problem in problems:
        typer.secho(
            f"{source}:{mistakes.line(problem, words.language)}", fg=typer.colors.RED, err=True
        )
    typer.secho(
        words.plural("cli.mode_mistakes", len(problems)),
        fg=typer.colors.RED,
        err=True,
    )


@mode_app.command("check", cls=LocalizedCommand)
def check(
    file: Annotated[Path, typer.Argument(help="The mode file (TOML).")],
    games: Annotated[
        int, typer.Option(help="Games of the smoke simulation.", parser=Whole(1))
    ] = 200,
    players: Annotated[
        int | None, typer.Option(help="Players (default: the fewest).", parser=Whole(1))
    ] = None,
) -> None:
    """Check a mode file: its mistakes, the conformance kit and a smoke simulation."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise cli._fail(SequenzaError(str(error))) from None
    problems = schema_problems(text)
    if problems:
        print_problems(str(file), problems)
        raise typer.Exit(code=2)
    game_id = resolve_game(str(file))
    typer.echo(words.text("cli.mode_read", game=game_id))
    from sequenza.testing.conformance import ConformanceError, check_game

    try:
        report = check_game(game_id, games=2)
    except ConformanceError as error:
        typer.secho(str(error), fg=typer.colors.RED, err=True)
        raise typer.Exit(code=1) from None
    except Exception as error:
        # A file that reads but whose game fails when played (a combination of blocks the
        # checks do not foresee) is a mistake of the file, said as one: not a traceback.
        _cannot_be_built(file, error)
    typer.echo(words.text("cli.mode_conformance", games=report.games, actions=report.actions))
    try:
        _smoke(game_id, games, players)
    except Exception as error:
        _cannot_be_built(file, error)


def _cannot_be_built(file: Path, error: Exception) -> NoReturn:
    reason = f"{type(error).__name__}: {error}"
    print_problems(str(file), [Problem.of(1, 1, "not_buildable", reason=reason)])
    raise typer.Exit(code=2) from None


def _smoke(game_id: str, games: int, players: int | None) -> None:
    from sequenza.core.registry import game_class
    from sequenza.sim.match import Simulation, parse_bots
    from sequenza.sim.report import Variant, summarize
    from sequenza.sim.runner import run

    count = players or game_class(game_id).info.min_players
    sim = Simulation(game=game_id, players=count, bots=parse_bots("random"), games=games)
    start = time.perf_counter()
    results = run([sim], workers=1)[0]
    facts = summarize(Variant("", sim, results))
    typer.echo(
        words.text(
            "cli.mode_smoke",
            games=games,
            players=count,
            seconds=f"{time.perf_counter() - start:.1f}",
        )
    )
    for seat, rate in enumerate(facts["by_seat"]):
        typer.echo(
            "  "
            + words.text(
                "cli.mode_seat_rate",
                seat=seat + 1,  # people count seats from 1, as the terminal's table does
                rate=_percent(rate["rate"]),
                low=_percent(rate["low"]),
                high=_percent(rate["high"]),
            )
        )
    turns = facts["length"]["turns"]
    typer.echo("  " + words.text("cli.mode_length", mean=f"{turns['mean']:.1f}"))
    endings = ", ".join(f"{name} {n}" for name, n in facts["endings"]["terminations"].items())
    typer.echo("  " + words.text("cli.mode_endings", endings=endings))


def _percent(rate: float) -> str:
    return f"{100 * rate:.0f}%"


@mode_app.command("compare", cls=LocalizedCommand)
def compare(
    file: Annotated[Path, typer.Argument(help="The mode file (TOML).")],
    game: Annotated[str, typer.Argument(help="The built-in game to compare it with.")],
    games: Annotated[
        int, typer.Option(help="Seeded games per player count.", parser=Whole(1))
    ] = 100,
    players: Annotated[
        list[int] | None,
        typer.Option(help="Player counts (repeatable; default: all).", parser=Whole(1)),
    ] = None,
    chooser: Annotated[
        str,
        typer.Option(
            help="How actions are chosen: random, greedy or ends.",
            # The comparison's CHOOSERS (a test keeps them the same).
            parser=OneOf(("random", "greedy", "ends")),
        ),
    ] = "random",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A rule option as name=value (repeatable)."),
    ] = None,
) -> None:
    """Prove a mode file plays exactly as a built-in game (exit 0 only when identical)."""
    from sequenza.modes.identity import BUILT_IN
    from sequenza.modes.identity import compare as compare_games

    game_id = resolve_game(str(file))
    if game not in BUILT_IN:
        raise cli._fail(SequenzaError(words.text("cli.unknown_game", game=repr(game))))
    options = cli._options(game, option)
    from sequenza.core.registry import game_class

    mode_game: type[Game[Any]] = game_class(game_id)
    counts = tuple(players or game_class(game).info.player_counts)
    start = time.perf_counter()
    report = compare_games(
        mode_game, game, games=games, players=counts, options=options, chooser=chooser
    )
    seconds = f"{time.perf_counter() - start:.1f}"
    if report.identical:
        typer.echo(
            words.text(
                "cli.mode_identical",
                games=report.games,
                steps=report.steps,
                game=game,
                seconds=seconds,
            )
        )
        return
    typer.secho(
        words.text("cli.mode_differ", difference=report.difference),
        fg=typer.colors.RED,
        err=True,
    )
    raise typer.Exit(code=1)
