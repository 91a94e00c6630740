"""The ``sequenza`` command line: list games, print rules, play in the terminal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from sequenza.ai.base import bot_names, make_bot
from sequenza.core.errors import SequenzaError
from sequenza.core.registry import available_games, game_class, make_game
from sequenza.core.rng import new_seed

app = typer.Typer(
    help="Sequenza: play, study and design the games of the Sequence family.",
    no_args_is_help=True,
    add_completion=False,
)

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A rule option as name=value (repeatable)."),
]


def _options(game_id: str, assignments: list[str] | None) -> dict[str, Any]:
    options = game_class(game_id).options_class.parse(assignments or [])
    return options.changed()


def _fail(error: Exception) -> typer.Exit:
    typer.secho(f"error: {error}", fg=typer.colors.RED, err=True)
    return typer.Exit(code=2)


@app.command("games")
def list_games() -> None:
    """List the games with their ids and player counts."""
    for info in available_games():
        typer.echo(f"{info.id:18} {info.name:28} {info.players_text():>8} players  {info.summary}")


@app.command("rules")
def rules(
    game: Annotated[str, typer.Argument(help="A game id (see `sequenza games`).")],
    players: Annotated[int | None, typer.Option(help="Players at the table.")] = None,
    option: OptionList = None,
) -> None:
    """Print a game's rules with its options and their defaults."""
    try:
        table = make_game(game, players, **_options(game, option))
    except SequenzaError as error:
        raise _fail(error) from None
    typer.echo(table.describe())


@app.command("play")
def play(
    game: Annotated[str, typer.Argument(help="A game id (see `sequenza games`).")],
    players: Annotated[int | None, typer.Option(help="Players at the table.")] = None,
    seat: Annotated[int, typer.Option(help="Your seat (0 plays first).")] = 0,
    vs: Annotated[str, typer.Option(help="The bot in every other seat.")] = "random",
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (random if absent).")] = None,
    record: Annotated[
        Path | None,
        typer.Option(help="Save the game record to this file after every move."),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Continue a game from a record saved with --record.")
    ] = None,
    option: OptionList = None,
) -> None:
    """Play a game in the terminal against bots."""
    from sequenza.app.terminal import TerminalGame

    try:
        if resume is not None:
            data = json.loads(resume.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("game") != game:
                raise SequenzaError(f"{resume} is not a record of a {game} game")
            terminal = TerminalGame.resume(data, seat=seat, bot=vs, record_path=record or resume)
        else:
            table = make_game(game, players, **_options(game, option))
            state = table.new_initial_state(new_seed() if seed is None else seed)
            if not 0 <= seat < table.players:
                raise SequenzaError(f"there is no seat {seat} at a {table.players}-player table")
            bots = {
                other: make_bot(vs, seed=state.seed + other)
                for other in range(table.players)
                if other != seat
            }
            terminal = TerminalGame(state, seat, bots, record_path=record)
    except (SequenzaError, OSError, json.JSONDecodeError) as error:
        raise _fail(error) from None
    terminal.run()


@app.command("bots")
def list_bots() -> None:
    """List the bots that can fill a seat."""
    for name in bot_names():
        typer.echo(name)


def main() -> None:
    app()
