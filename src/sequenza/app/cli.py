"""The ``sequenza`` command line: list games, print rules, play in the terminal."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

# Typer carries its own copy of click: its commands are built on this Context.
from typer._click.core import Context as ClickContext
from typer.core import TyperCommand, TyperGroup

from sequenza import i18n
from sequenza.ai.base import make_bot
from sequenza.ai.levels import menu
from sequenza.core.errors import SequenzaError
from sequenza.core.observation import observation_schema
from sequenza.core.registry import available_games, game_class, make_game
from sequenza.core.rng import new_seed
from sequenza.extras import MissingExtraError, require

#: The CLI's own messages, in the language of ``--lang`` or of the environment.
words = i18n.Translator("cli", i18n.SOURCE_LANGUAGE)


def _wanted_language(args: list[str]) -> str | None:
    """The value of ``--lang`` among the options before the command, if given."""
    for index, arg in enumerate(args):
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg == "--lang":
            return args[index + 1] if index + 1 < len(args) else None
        if not arg.startswith("-"):
            return None
    return None


def _translate_help(command: TyperCommand | TyperGroup, translator: i18n.Translator) -> None:
    """Put the help of a command, its parameters and its subcommands in the translator's
    language (Typer fixes help texts when the commands are declared: they are swapped here,
    before anything is parsed or printed)."""
    if command.help:
        command.help = translator.help(command.help)
    for parameter in command.params:
        # Options and Typer's arguments both carry a help text.
        help_text = getattr(parameter, "help", None)
        if help_text:
            parameter.help = translator.help(help_text)  # type: ignore[attr-defined]
    if isinstance(command, TyperGroup):
        for subcommand in command.commands.values():
            if isinstance(subcommand, TyperCommand | TyperGroup):
                _translate_help(subcommand, translator)


class LocalizedGroup(TyperGroup):
    """The ``sequenza`` command, speaking the language of ``--lang`` (else LANGUAGE, LC_ALL,
    LC_MESSAGES or LANG) from its help to its last message."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: ClickContext | None = None,
        **extra: Any,
    ) -> ClickContext:
        global words
        wanted = _wanted_language(args)
        language = wanted if wanted in i18n.languages() else i18n.from_environment()
        words = i18n.Translator("cli", language)
        _translate_help(self, words)
        return super().make_context(info_name, args, parent=parent, **extra)


app = typer.Typer(
    cls=LocalizedGroup,
    help="Sequenza: play, study and design the games of the Sequence family.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def choose_language(
    lang: Annotated[
        str | None,
        typer.Option(
            help="The language of messages: en, it, fi or eo "
            "(default: from LANGUAGE, LC_ALL or LANG).",
        ),
    ] = None,
) -> None:
    if lang is not None and lang not in i18n.languages():
        known = ", ".join(i18n.languages())
        raise _fail(ValueError(words.text("cli.unknown_language", language=lang, languages=known)))


OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A rule option as name=value (repeatable)."),
]


def _options(game_id: str, assignments: list[str] | None) -> dict[str, Any]:
    options = game_class(game_id).options_class.parse(assignments or [])
    return options.changed()


def _fail(error: Exception) -> typer.Exit:
    typer.secho(words.text("cli.error", message=error), fg=typer.colors.RED, err=True)
    return typer.Exit(code=2)


@app.command("games")
def list_games() -> None:
    """List the games with their ids and player counts."""
    for info in available_games():
        players = words.plural(
            "cli.game_players", info.player_counts[-1], counts=info.players_text()
        )
        summary = i18n.Translator("games", words.language).help(info.summary)
        typer.echo(f"{info.id:18} {info.name:28} {players:>16}  {summary}")


@app.command("rules")
def rules(
    game: Annotated[str, typer.Argument(help="A game id (see `sequenza games`).")],
    players: Annotated[int | None, typer.Option(help="Players at the table.")] = None,
    option: OptionList = None,
) -> None:
    """Print a game's rules with its options and their defaults."""
    from sequenza.app.render import rules_for_people

    try:
        table = make_game(game, players, **_options(game, option))
    except SequenzaError as error:
        raise _fail(error) from None
    typer.echo(rules_for_people(table, words.language))


@app.command("schema")
def schema(
    game: Annotated[str, typer.Argument(help="A game id (see `sequenza games`).")],
) -> None:
    """Print the JSON schema of a game's observations (what the web page receives)."""
    try:
        kind = game_class(game)
    except SequenzaError as error:
        raise _fail(error) from None
    typer.echo(json.dumps(observation_schema(kind), indent=2, ensure_ascii=False))


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
                raise SequenzaError(words.text("cli.not_a_record", path=resume, game=game))
            terminal = TerminalGame.resume(
                data, seat=seat, bot=vs, record_path=record or resume, language=words.language
            )
        else:
            table = make_game(game, players, **_options(game, option))
            state = table.new_initial_state(new_seed() if seed is None else seed)
            if not 0 <= seat < table.players:
                raise SequenzaError(
                    words.text("cli.no_seat", seat=str(seat), players=table.players)
                )
            bots = {
                other: make_bot(vs, seed=state.seed + other)
                for other in range(table.players)
                if other != seat
            }
            terminal = TerminalGame(state, seat, bots, record_path=record, language=words.language)
    except (SequenzaError, OSError, json.JSONDecodeError) as error:
        raise _fail(error) from None
    terminal.run()


@app.command("serve")
def serve(
    host: Annotated[
        str, typer.Option(help="The address to listen on.", envvar="SEQUENZA_HOST")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(help="The port to listen on.", envvar="SEQUENZA_PORT")
    ] = 8000,
    database: Annotated[
        str,
        typer.Option(
            help="Where games are saved: sqlite:///FILE (one process) or a PostgreSQL URL, "
            "postgresql+psycopg://USER:PASSWORD@HOST/DBNAME (any number of processes).",
            envvar="SEQUENZA_DATABASE",
        ),
    ] = "sqlite:///sequenza.db",
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes (more than one needs PostgreSQL).",
            min=1,
            envvar="SEQUENZA_WORKERS",
        ),
    ] = 1,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another site whose pages may open tables here, e.g. https://games.example.org "
            "(repeatable; the server's own pages always may).",
            envvar="SEQUENZA_ALLOWED_ORIGINS",
        ),
    ] = None,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            help="Processes in which bots think, per server process "
            "(default: the cores shared among the server processes).",
            min=1,
            envvar="SEQUENZA_BOT_WORKERS",
        ),
    ] = None,
    bot_move_timeout: Annotated[
        float,
        typer.Option(
            help="Seconds a bot may think before a fallback move is played for it.",
            min=1,
            envvar="SEQUENZA_BOT_MOVE_TIMEOUT",
        ),
    ] = 30.0,
    bot_delay: Annotated[
        float,
        typer.Option(
            help="Seconds a bot waits before it moves, so that people see each move land.",
            min=0,
            envvar="SEQUENZA_BOT_DELAY",
        ),
    ] = 0.7,
    new_tables_per_minute: Annotated[
        int,
        typer.Option(
            help="Tables one address may create a minute (and at once).",
            min=1,
            envvar="SEQUENZA_NEW_TABLES_PER_MINUTE",
        ),
    ] = 20,
    log_format: Annotated[
        str,
        typer.Option(
            help="text: warnings and errors; json: one JSON line per request and table event.",
            envvar="SEQUENZA_LOG_FORMAT",
        ),
    ] = "text",
) -> None:
    """Play in the browser: start the web app (tables, bots, friends, saved games).

    Every option can also be set by its SEQUENZA_* environment variable."""
    try:
        require("web", "sequenza serve")
    except MissingExtraError as error:
        raise _fail(error) from None
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from sequenza.app.web.schema import SchemaError
    from sequenza.app.web.server import SERVER_SETTINGS
    from sequenza.app.web.storage import Storage, StorageInUseError

    if log_format not in ("text", "json"):
        raise _fail(ValueError(f"--log-format is text or json, not {log_format!r}"))
    if workers > 1 and database.startswith("sqlite"):
        raise _fail(
            ValueError(
                f"--workers {workers} needs a database that several processes can share: "
                "SQLite serves one process. Store the games in PostgreSQL "
                "(--database postgresql+psycopg://USER:PASSWORD@HOST/DBNAME), "
                "or run one worker."
            )
        )
    try:
        # Check the database (and create its schema when it is new) once, before any worker.
        Storage(database).close()
    except (SQLAlchemyError, SchemaError, StorageInUseError, ValueError, ImportError) as error:
        raise _fail(error) from None
    os.environ.update(
        {
            "SEQUENZA_DATABASE": database,
            "SEQUENZA_ALLOWED_ORIGINS": " ".join(allowed_origin or ()),
            "SEQUENZA_BOT_WORKERS": str(bot_workers or max(1, (os.cpu_count() or 1) // workers)),
            "SEQUENZA_BOT_MOVE_TIMEOUT": str(bot_move_timeout),
            "SEQUENZA_BOT_DELAY": str(bot_delay),
            "SEQUENZA_NEW_TABLES_PER_MINUTE": str(new_tables_per_minute),
            "SEQUENZA_LOG_FORMAT": log_format,
        }
    )
    shown = database.split("@")[-1] if "@" in database else database
    if workers > 1:
        typer.echo(
            words.plural(
                "cli.serving_processes", workers, host=host, port=str(port), database=shown
            )
        )
    else:
        typer.echo(words.text("cli.serving", host=host, port=str(port), database=shown))
    uvicorn.run(
        "sequenza.app.web.server:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        **SERVER_SETTINGS,
    )


db_app = typer.Typer(help="The web app's database: its schema version and upgrades.")
app.add_typer(db_app, name="db")


@db_app.command("upgrade")
def db_upgrade(
    database: Annotated[
        str,
        typer.Option(help="The database to upgrade.", envvar="SEQUENZA_DATABASE"),
    ] = "sqlite:///sequenza.db",
) -> None:
    """Bring a database to this version's schema (back it up first). Every game stays."""
    try:
        require("web", "sequenza db upgrade")
    except MissingExtraError as error:
        raise _fail(error) from None
    from sqlalchemy.exc import SQLAlchemyError

    from sequenza.app.web import schema
    from sequenza.app.web.storage import StorageInUseError, open_engine

    try:
        with open_engine(database) as engine:
            before, after = schema.upgrade(engine)
    except (SQLAlchemyError, StorageInUseError, ValueError, ImportError) as error:
        raise _fail(error) from None
    if before == after:
        typer.echo(words.text("cli.db_current", version=after))
    else:
        before_text = before or words.text("cli.db_none")
        typer.echo(words.text("cli.db_upgraded", before=before_text, after=after))


@app.command("simulate")
def simulate(
    game: Annotated[str, typer.Argument(help="A game id (see `sequenza games`).")],
    players: Annotated[int | None, typer.Option(help="Players at the table.")] = None,
    bots: Annotated[
        str,
        typer.Option(
            help="The line-up in seat order, comma-separated, settings after a colon "
            "(mcts:iterations=200,greedy,random). One bot fills every seat. "
            "Bots rotate through the seats from game to game."
        ),
    ] = "random",
    games: Annotated[int, typer.Option(help="Games per rule variant.")] = 1000,
    seed: Annotated[int, typer.Option(help="Base seed: game i is dealt from (seed, i).")] = 0,
    option: OptionList = None,
    sweep: Annotated[
        list[str] | None,
        typer.Option(
            help="Compare rule variants: name=v1,v2,... (repeatable: every combination).",
        ),
    ] = None,
    backend: Annotated[
        str, typer.Option(help="local (this machine's cores) or ray (a Ray cluster).")
    ] = "local",
    workers: Annotated[
        int | None, typer.Option(help="Processes of the local back end (default: every core).")
    ] = None,
    address: Annotated[
        str | None,
        typer.Option(help="The Ray cluster, HOST:PORT (default: start Ray on this machine)."),
    ] = None,
    max_actions: Annotated[
        int, typer.Option(help="Stop a game after this many actions (counted unfinished).")
    ] = 20_000,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder of the report (default: simulation-GAME)."),
    ] = None,
) -> None:
    """Play seeded bot games on every core (or a Ray cluster) and write a balance report:
    report.html with plots, summary.json and games.csv."""
    try:
        # Checked before any game is played, so that a missing plotting library does not
        # surface only when the report is written at the end of a long run.
        require("sim", "sequenza simulate (its report's plots)")
        if backend == "ray":
            require("ray", "sequenza simulate --backend ray")
    except MissingExtraError as error:
        raise _fail(error) from None
    import time

    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from sequenza.sim import Simulation, Variant, parse_bots, run, summarize, write_report
    from sequenza.sim import sweep as sweep_variants
    from sequenza.sim.runner import available_cores

    try:
        table = make_game(game, players, **_options(game, option))
        base = Simulation(
            game,
            table.players,
            parse_bots(bots),
            games,
            seed,
            _options(game, option),
            max_actions,
        )
        variants = sweep_variants(base, sweep or [])
        for spec in base.bots:
            if getattr(spec.make(0), "seconds", None) is not None:
                typer.secho(
                    f"warning: bot {spec.label!r} thinks against the clock, so its games depend "
                    "on the machine and its load; give it iterations=N for "
                    "results that the same seed reproduces",
                    fg=typer.colors.YELLOW,
                    err=True,
                )
        console = Console(stderr=True)
        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=console) as progress:
            task = progress.add_task(f"{game}", total=games * len(variants), rate="")
            start = time.perf_counter()

            def advance(done: int) -> None:
                progress.advance(task, done)
                finished = progress.tasks[0].completed
                speed = finished / max(time.perf_counter() - start, 1e-9)
                progress.update(task, rate=f"{speed:,.1f} games/s")

            results = run(
                [sim for _, sim in variants],
                backend=backend,
                workers=workers,
                address=address,
                on_progress=advance,
            )
            elapsed = time.perf_counter() - start
    except SequenzaError as error:
        raise _fail(error) from None
    played = games * len(variants)
    where = f"local, {workers or available_cores()} processes"
    if backend == "ray":
        where = f"ray, {address or 'a Ray instance on this machine'}"
    run_facts = {
        "back end": where,
        "time": f"{elapsed:.1f} s for {played:,} games ({played / elapsed:,.1f} games/s)",
    }
    report = [
        Variant(label, sim, games_played)
        for (label, sim), games_played in zip(variants, results, strict=True)
    ]
    paths = write_report(out or Path(f"simulation-{game}"), report, run_facts)
    for variant in report:
        facts = summarize(variant)
        typer.echo(
            f"{variant.label}: {facts['length']['turns']['mean']:.1f} turns on average, "
            f"draws {facts['endings']['draws']['rate']:.1%}, "
            f"stalls {facts['endings']['stalls']['rate']:.1%}; win rate by bot "
            f"(fair share {facts['fair_share']:.1%}):"
        )
        width = max(len(bot) for bot in facts["by_bot"])
        for bot, rate in facts["by_bot"].items():
            typer.echo(
                f"  {bot:{width}}  {rate['rate']:6.1%}  [{rate['low']:.1%}, {rate['high']:.1%}]"
            )
    typer.echo(f"{played:,} games in {elapsed:.1f} s ({played / elapsed:,.1f} games/s)")
    for path in paths.values():
        typer.echo(f"wrote {path}")


@app.command("numbers-deck")
def numbers_deck(
    out: Annotated[Path, typer.Argument(help="The deck file to write (JSON).")],
    operations: Annotated[
        str, typer.Option(help="Operations on the cards: any of + - * / (x and : work too).")
    ] = "+-",
    low: Annotated[int, typer.Option(help="The smallest number on the board.")] = 1,
    high: Annotated[int, typer.Option(help="The largest number on the board.")] = 48,
    operand_max: Annotated[
        int | None, typer.Option(help="The largest operand of + - * cards.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the choice of cards.")] = 0,
) -> None:
    """For teachers: make a Sequence Numbers board and deck for the sums a class is learning.
    Play it with `-o deck_file=FILE`."""
    from sequenza.components.number_decks import generate_numbers_deck, save_numbers_deck

    try:
        data = generate_numbers_deck(operations, low, high, seed, operand_max=operand_max)
        save_numbers_deck(data, out)
    except (ValueError, OSError) as error:
        raise _fail(error) from None
    cards = data["cards"]
    typer.echo(words.plural("cli.deck_written", len(cards), path=out, low=low, high=high))
    typer.echo("  " + "  ".join(cards[:8]))
    command = f"sequenza play sequence-numbers -o deck_file={out}"
    typer.echo(words.text("cli.deck_play", command=command))


@app.command("bots")
def list_bots(
    game: Annotated[
        str | None, typer.Argument(help="A game id: also how each level measured there.")
    ] = None,
) -> None:
    """List the bots that can fill a seat, the levels weakest first."""
    if game is not None and game not in {info.id for info in available_games()}:
        raise _fail(SequenzaError(words.text("cli.unknown_game", game=repr(game))))
    for bot in menu(game, words.language):
        typer.echo(f"{bot['name']:8} {bot['description']}")


def main() -> None:
    app()
