"""The ``sequenza`` command line: list games, print rules, play in the terminal."""

from __future__ import annotations

import json
import os
import sys
from copy import copy
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from babel import Locale

from sequenza import i18n
from sequenza.ai.base import make_bot
from sequenza.ai.levels import menu
from sequenza.app.cli_language import LocalizedCommand, LocalizedGroup, Number, OneOf, Whole, words
from sequenza.core.errors import OptionError, SequenzaError, UnknownOptionError
from sequenza.core.game import Game
from sequenza.core.observation import observation_schema
from sequenza.core.options import OptionSpec
from sequenza.core.registry import available_games, game_class, make_game
from sequenza.core.rng import new_seed
from sequenza.extras import MissingExtraError, missing, require

if TYPE_CHECKING:
    from sequenza.sim.match import Simulation

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


def _allowed(spec: OptionSpec) -> str:
    """The values an option takes, in the CLI's language."""
    if spec.choices:
        return words.text("cli.option_choices", choices=", ".join(spec.choices))
    if spec.kind is bool:
        return words.text("cli.option_bool")
    if spec.kind is int and spec.minimum is not None and spec.maximum is not None:
        return words.text("cli.option_range", low=str(spec.minimum), high=str(spec.maximum))
    if spec.kind is int and spec.minimum is not None:
        return words.text("cli.option_minimum", low=str(spec.minimum))
    if spec.kind is int:
        return words.text("cli.option_integer")
    return words.text("cli.option_text")


def _check_game(game_id: str) -> None:
    """Refuse a game id that no installed game has, in the CLI's language."""
    if game_id not in {info.id for info in available_games()}:
        raise _fail(SequenzaError(words.text("cli.unknown_game", game=repr(game_id))))


def _options(game_id: str, assignments: list[str] | None) -> dict[str, Any]:
    """The options typed as ``-o name=value``, checked; the CLI says what is wrong in its
    language (the engine's own messages are English, for developers)."""
    _check_game(game_id)
    options_class = game_class(game_id).options_class
    specs = {spec.name: spec for spec in options_class.specs()}
    for text in assignments or []:
        name, equals, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not equals:
            raise _fail(SequenzaError(words.text("cli.option_form", text=repr(text))))
        spec = specs.get(name)
        if spec is None:
            continue  # an unknown name: the options class refuses it, below
        try:
            spec.parse(value.strip())
        except OptionError:
            said = words.text(
                "cli.bad_option", name=name, value=repr(value.strip()), allowed=_allowed(spec)
            )
            raise _fail(SequenzaError(said)) from None
    try:
        return options_class.parse(assignments or []).changed()
    except UnknownOptionError as error:
        known = ", ".join(error.known)
        said = words.text("cli.unknown_option", name=repr(error.name), options=known)
        raise _fail(SequenzaError(said)) from None


def _table(game_id: str, players: int | None, assignments: list[str] | None) -> Game[Any]:
    """A table of the game, its player count and options checked first by the CLI."""
    changed = _options(game_id, assignments)
    info = game_class(game_id).info
    if players is not None and players not in info.player_counts:
        said = words.plural("cli.bad_players", players, game=info.name, counts=info.players_text())
        raise _fail(SequenzaError(said))
    return make_game(game_id, players, **changed)


def _fail(error: Exception) -> typer.Exit:
    """Print an error and leave with code 2. A missing extra is said in the CLI's language; any
    other error is a sentence the CLI made (or a machine's message, such as a file's)."""
    message = str(error)
    if isinstance(error, MissingExtraError):
        message = words.text(
            "cli.missing_extra",
            feature=error.feature,
            modules=", ".join(error.modules),
            extra=error.extra,
        )
    typer.secho(words.text("cli.error", message=message), fg=typer.colors.RED, err=True)
    return typer.Exit(code=2)


@app.command("games", cls=LocalizedCommand)
def list_games() -> None:
    """List the games with their ids and player counts."""
    rows = [
        (
            info.id,
            info.name,
            words.plural("cli.game_players", info.player_counts[-1], counts=info.players_text()),
            i18n.Translator("games", words.language).help(info.summary),
        )
        for info in available_games()
    ]
    # Each column as wide as its longest entry, in whatever language the words came.
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    for game_id, name, players, summary in rows:
        typer.echo(f"{game_id:{widths[0]}}  {name:{widths[1]}}  {players:{widths[2]}}  {summary}")


@app.command("rules", cls=LocalizedCommand)
def rules(
    game: Annotated[str, typer.Argument(help="A game id (see `sequenza games`).")],
    players: Annotated[
        int | None, typer.Option(help="Players at the table.", parser=Whole())
    ] = None,
    option: OptionList = None,
) -> None:
    """Print a game's rules with its options and their defaults."""
    from sequenza.app.modes_cli import resolve_game
    from sequenza.app.render import rules_for_people, show_markdown

    game = resolve_game(game)
    try:
        table = _table(game, players, option)
    except SequenzaError as error:
        raise _fail(error) from None
    show_markdown(rules_for_people(table, words.language), sys.stdout)


@app.command("schema", cls=LocalizedCommand)
def schema(
    game: Annotated[str, typer.Argument(help="A game id (see `sequenza games`).")],
    events: Annotated[
        bool,
        typer.Option(
            "--events",
            help="Print the schema of the log's events instead: the game's and the table's.",
        ),
    ] = False,
    save: Annotated[
        bool, typer.Option("--save", help="Print the schema of a saved game record instead.")
    ] = False,
    state: Annotated[
        bool,
        typer.Option(
            "--state", help="Print the schema of a whole state's JSON (State.to_json) instead."
        ),
    ] = False,
) -> None:
    """Print the JSON schema of a game's observations (what the web page receives), of its
    log's events (--events), of its saved records (--save) or of its states (--state)."""
    from sequenza.app.modes_cli import resolve_game
    from sequenza.core.schemas import events_schema, save_schema, state_schema

    if events + save + state > 1:
        raise _fail(ValueError(words.text("cli.schema_one")))
    game = resolve_game(game)
    _check_game(game)
    kind = game_class(game)
    if events:
        described = events_schema(kind)
    elif save:
        described = save_schema(kind)
    elif state:
        described = state_schema(kind)
    else:
        described = observation_schema(kind)
    typer.echo(json.dumps(described, indent=2, ensure_ascii=False))


@app.command("play", cls=LocalizedCommand)
def play(
    game: Annotated[str, typer.Argument(help="A game id (see `sequenza games`).")],
    players: Annotated[
        int | None, typer.Option(help="Players at the table.", parser=Whole())
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat (1 plays first).", parser=Whole())] = 1,
    vs: Annotated[str, typer.Option(help="The bot in every other seat.")] = "random",
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deal (random if absent).", parser=Whole())
    ] = None,
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
    from sequenza.app.modes_cli import resolve_game
    from sequenza.app.terminal import TerminalGame

    game = resolve_game(game)

    try:
        if resume is not None:
            data = json.loads(resume.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("game") != game:
                raise SequenzaError(words.text("cli.not_a_record", path=resume, game=game))
            # Seats are counted from 1 wherever people read them; the engine counts from 0.
            terminal = TerminalGame.resume(
                data, seat=seat - 1, bot=vs, record_path=record or resume, language=words.language
            )
        else:
            table = _table(game, players, option)
            state = table.new_initial_state(new_seed() if seed is None else seed)
            if not 1 <= seat <= table.players:
                raise SequenzaError(
                    words.text("cli.no_seat", seat=str(seat), players=table.players)
                )
            bots = {
                other: make_bot(vs, seed=state.seed + other)
                for other in range(table.players)
                if other != seat - 1
            }
            terminal = TerminalGame(
                state, seat - 1, bots, record_path=record, language=words.language
            )
    except (SequenzaError, OSError, json.JSONDecodeError) as error:
        raise _fail(error) from None
    terminal.run()


def _check_modes(folder: Path) -> None:
    """Read every mode file of ``folder`` before the server starts: each one refused is
    named with its mistakes (the server leaves it out), each one read is named with its id."""
    from sequenza.app.modes_cli import print_problems
    from sequenza.modes import register_folder

    if not folder.is_dir():
        raise _fail(ValueError(words.text("cli.no_mode_folder", folder=str(folder))))
    registered, refused = register_folder(folder)
    for error in refused:
        print_problems(error.source, error.problems)
    for kit in registered:
        typer.echo(words.text("cli.mode_served", game=kit.id))


@app.command("serve", cls=LocalizedCommand)
def serve(
    host: Annotated[
        str, typer.Option(help="The address to listen on.", envvar="SEQUENZA_HOST")
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(help="The port to listen on.", envvar="SEQUENZA_PORT", parser=Whole(0, 65535)),
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
            parser=Whole(1),
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
            parser=Whole(1),
            envvar="SEQUENZA_BOT_WORKERS",
        ),
    ] = None,
    bot_move_timeout: Annotated[
        float,
        typer.Option(
            help="Seconds a bot may think before a fallback move is played for it.",
            parser=Number(1),
            envvar="SEQUENZA_BOT_MOVE_TIMEOUT",
        ),
    ] = 30.0,
    bot_delay: Annotated[
        float,
        typer.Option(
            help="Seconds a bot waits before it moves, so that people see each move land.",
            parser=Number(0),
            envvar="SEQUENZA_BOT_DELAY",
        ),
    ] = 0.7,
    new_tables_per_minute: Annotated[
        int,
        typer.Option(
            help="Tables one address may create a minute (and at once).",
            parser=Whole(1),
            envvar="SEQUENZA_NEW_TABLES_PER_MINUTE",
        ),
    ] = 20,
    log_format: Annotated[
        str,
        typer.Option(
            help="text: warnings and errors; json: one JSON line per request and table event.",
            envvar="SEQUENZA_LOG_FORMAT",
            parser=OneOf(("text", "json")),
        ),
    ] = "text",
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A host name this server answers to (repeatable; default: the listening "
            "address, and localhost when it is a loopback one; * for any).",
            envvar="SEQUENZA_ALLOWED_HOSTS",
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="A reverse proxy's address or network whose X-Forwarded-For names the "
            "visitor (repeatable; never *).",
            envvar="SEQUENZA_TRUSTED_PROXIES",
        ),
    ] = None,
    request_timeout: Annotated[
        float,
        typer.Option(
            help="Seconds a client has to send a request's headers and body, from the "
            "connection's opening or the end of the previous response.",
            parser=Number(0.1),
            envvar="SEQUENZA_REQUEST_TIMEOUT",
        ),
    ] = 10.0,
    max_connections_per_address: Annotated[
        int,
        typer.Option(
            help="Connections one client address may hold at once, websockets included (a "
            "school behind one address needs many); a trusted proxy's are left to the proxy.",
            parser=Whole(1),
            envvar="SEQUENZA_MAX_CONNECTIONS_PER_ADDRESS",
        ),
    ] = 128,
    max_connections: Annotated[
        int | None,
        typer.Option(
            help="Connections one server process holds at once (default: its open-file "
            "limit, raised to the most allowed, less some for itself).",
            parser=Whole(1),
            envvar="SEQUENZA_MAX_CONNECTIONS",
        ),
    ] = None,
    lookup_misses_per_minute: Annotated[
        int,
        typer.Option(
            help="Unknown table ids one address may ask for a minute (and at once).",
            parser=Whole(1),
            envvar="SEQUENZA_LOOKUP_MISSES_PER_MINUTE",
        ),
    ] = 30,
    modes: Annotated[
        Path | None,
        typer.Option(
            help="A folder of mode files (*.toml): each one that reads without a mistake "
            "becomes a game of the lobby.",
            envvar="SEQUENZA_MODES",
        ),
    ] = None,
    workshop: Annotated[
        bool,
        typer.Option(
            help="Open the designers' workshop at /workshop: visitors may send mode files, "
            "play them against bots and simulate them (off unless asked).",
            envvar="SEQUENZA_WORKSHOP",
        ),
    ] = False,
) -> None:
    """Play in the browser: start the web app (tables, bots, friends, saved games).

    Every option can also be set by its SEQUENZA_* environment variable."""
    try:
        require("web", "sequenza serve")
    except MissingExtraError as error:
        raise _fail(error) from None
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from sequenza.app.web.connections import (
        ConnectionLimits,
        default_allowed_hosts,
        default_max_connections,
        raise_open_file_limit,
        trusts_everyone,
    )
    from sequenza.app.web.schema import SchemaError
    from sequenza.app.web.server import SERVER_SETTINGS, edge_settings
    from sequenza.app.web.storage import Storage, StorageInUseError

    if workers > 1 and database.startswith("sqlite"):
        raise _fail(ValueError(words.text("cli.workers_need_postgres", workers=str(workers))))
    if workers > 1 and workshop:
        # A workshop mode lives in the memory of the process that read it.
        raise _fail(ValueError(words.text("cli.workshop_one_process", workers=str(workers))))
    proxies = tuple(trusted_proxy or ())
    if trusts_everyone(proxies):
        raise _fail(ValueError(words.text("cli.trusted_proxy_star")))
    if os.environ.get("FORWARDED_ALLOW_IPS"):
        typer.echo(words.text("cli.forwarded_allow_ips_ignored"), err=True)
    hosts = list(allowed_host or ()) or default_allowed_hosts(host)
    if hosts is None:
        typer.echo(words.text("cli.any_host", host=host), err=True)
    # Each connection is an open file: take all the operating system allows (the worker
    # processes inherit the limit), and stop taking connections before it runs out.
    open_files = raise_open_file_limit()
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
            "SEQUENZA_ALLOWED_HOSTS": " ".join(hosts or ["*"]),
            "SEQUENZA_TRUSTED_PROXIES": " ".join(proxies),
            "SEQUENZA_REQUEST_TIMEOUT": str(request_timeout),
            "SEQUENZA_MAX_CONNECTIONS_PER_ADDRESS": str(max_connections_per_address),
            "SEQUENZA_MAX_CONNECTIONS": str(max_connections or default_max_connections(open_files)),
            "SEQUENZA_LOOKUP_MISSES_PER_MINUTE": str(lookup_misses_per_minute),
        }
    )
    if modes is not None:
        _check_modes(modes)
        os.environ["SEQUENZA_MODES"] = str(modes)
    os.environ["SEQUENZA_WORKSHOP"] = "1" if workshop else "0"
    if workshop:
        typer.echo(words.text("cli.workshop_on", port=str(port)), err=True)
    limits = ConnectionLimits.from_environment()
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
        # Each server process reads the limits from the variables above.
        http="sequenza.app.web.connections:ServeProtocol",
        **edge_settings(limits),
        **SERVER_SETTINGS,
    )


db_app = typer.Typer(
    cls=LocalizedGroup, help="The web app's database: its schema version and upgrades."
)
app.add_typer(db_app, name="db")


@db_app.command("upgrade", cls=LocalizedCommand)
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


def _simulation_engine(sim: Simulation, engine: str | None) -> str:
    """The engine a simulation runs on: ``python`` when asked, or where the compiled core
    cannot play its games (said, with the reason, unless ``python`` was asked); ``fast``
    where it can (asking for it where it cannot is an error)."""
    from sequenza.sim.match import ENGINES, core_problem

    if engine is not None and engine not in ENGINES[1:]:
        raise OptionError(
            words.text("cli.sim_engine_unknown", engine=engine, engines=", ".join(ENGINES[1:]))
        )
    if engine == "python":
        return "python"
    problem = core_problem(sim)
    if problem is None:
        return "fast"
    code, name = problem
    if code == "no_core":
        reason = words.text("cli.sim_engine_no_core")
    elif code == "no_game":
        reason = words.text("cli.sim_engine_no_game", game=name)
    else:
        reason = words.text("cli.sim_engine_no_bot", bot=name, game=sim.game)
    if engine == "fast":
        raise OptionError(words.text("cli.sim_engine_refused", reason=reason))
    typer.echo(words.text("cli.sim_engine_python", reason=reason), err=True)
    return "python"


@app.command("simulate", cls=LocalizedCommand)
def simulate(
    game: Annotated[str, typer.Argument(help="A game id (see `sequenza games`).")],
    players: Annotated[
        int | None, typer.Option(help="Players at the table.", parser=Whole())
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help="The line-up in seat order, comma-separated, settings after a colon "
            "(mcts:iterations=200,greedy,random). One bot fills every seat. "
            "Bots rotate through the seats from game to game."
        ),
    ] = "random",
    games: Annotated[int, typer.Option(help="Games per rule variant.", parser=Whole(1))] = 1000,
    seed: Annotated[
        int, typer.Option(help="Base seed: game i is dealt from (seed, i).", parser=Whole())
    ] = 0,
    option: OptionList = None,
    sweep: Annotated[
        list[str] | None,
        typer.Option(
            help="Compare rule variants: name=v1,v2,... (repeatable: every combination).",
        ),
    ] = None,
    backend: Annotated[
        str,
        typer.Option(
            help="local (this machine's cores) or ray (a Ray cluster).",
            # The runner's BACKENDS (a test keeps them the same), named here so that the
            # command line refuses another in its own words without importing the simulator.
            parser=OneOf(("local", "ray")),
        ),
    ] = "local",
    workers: Annotated[
        int | None,
        typer.Option(
            help="Processes of the local back end (default: every core).", parser=Whole(1)
        ),
    ] = None,
    address: Annotated[
        str | None,
        typer.Option(help="The Ray cluster, HOST:PORT (default: start Ray on this machine)."),
    ] = None,
    max_actions: Annotated[
        int,
        typer.Option(
            help="Stop a game after this many actions (counted unfinished).", parser=Whole(1)
        ),
    ] = 20_000,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder of the report (default: simulation-GAME)."),
    ] = None,
    engine: Annotated[
        str | None,
        typer.Option(
            help="fast (the compiled core) or python: the same games either way. Default: "
            "fast where the core plays the game and every bot of the line-up (random, greedy)."
        ),
    ] = None,
) -> None:
    """Play seeded bot games on every core (or a Ray cluster) and write a balance report:
    report.html with plots (with the sim extra), summary.json and games.csv."""
    from sequenza.app.modes_cli import is_mode_path, resolve_game

    if is_mode_path(game):
        # A mode file is registered in this process only: its games are played here.
        game, workers = resolve_game(game), 1
    # Without the plotting library the run still writes its data (summary.json, games.csv),
    # and says so before any game is played rather than at the end of a long run.
    page = not missing("sim")
    if not page:
        typer.echo(words.text("cli.sim_no_page", extra="sim"), err=True)
    try:
        if backend == "ray":
            require("ray", "sequenza simulate --backend ray")
    except MissingExtraError as error:
        raise _fail(error) from None
    import time
    from dataclasses import replace

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
        table = _table(game, players, option)
        base = Simulation(
            game,
            table.players,
            parse_bots(bots),
            games,
            seed,
            _options(game, option),
            max_actions,
        )
        base = replace(base, engine=_simulation_engine(base, engine))
        variants = sweep_variants(base, sweep or [])
        for spec in base.bots:
            if getattr(spec.make(0), "seconds", None) is not None:
                typer.secho(
                    words.text("cli.sim_clock_warning", bot=repr(spec.label)),
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
                progress.update(task, rate=words.text("cli.sim_speed", rate=round(speed, 1)))

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
    processes = workers or available_cores()
    where = f"local, {processes} processes"
    shown_where = words.plural("cli.sim_local", processes)
    if backend == "ray":
        here = words.text("cli.sim_ray_here")
        where = f"ray, {address or 'a Ray instance on this machine'}"
        # "ray" names the back end in every language.
        shown_where = f"ray, {address or here}"
    rate = round(played / elapsed, 1)
    # summary.json keeps its facts in English (data); the report shows them in the language.
    run_facts = {
        "back end": where,
        "time": f"{elapsed:.1f} s for {played:,} games ({played / elapsed:,.1f} games/s)",
    }
    run_shown = {
        "back end": shown_where,
        "time": words.plural("cli.sim_done", played, seconds=round(elapsed, 1), rate=rate),
    }
    report = [
        Variant(label, sim, games_played)
        for (label, sim), games_played in zip(variants, results, strict=True)
    ]
    paths = write_report(
        out or Path(f"simulation-{game}"),
        report,
        run_facts,
        words.language,
        run_shown,
        page=page,
    )
    # The findings first, in words (the report's sentences), then the figures behind them.
    from sequenza.sim.findings import sweep_findings
    from sequenza.sim.report import ReportWords, finding_text

    said = ReportWords(words.language)
    summaries = [summarize(variant) for variant in report]
    typer.secho(said("report.findings"), bold=True)
    for variant, facts in zip(report, summaries, strict=True):
        if len(report) > 1:
            typer.echo(said.variant(variant.label))
        for finding in facts["findings"]:
            typer.echo(f"  • {finding_text(finding, said)}")
    for finding in sweep_findings(summaries):
        typer.echo(f"  • {finding_text(finding.to_json(), said)}")
    for variant, facts in zip(report, summaries, strict=True):
        typer.echo(
            words.text(
                "cli.sim_variant",
                variant=variant.label,
                turns=round(facts["length"]["turns"]["mean"], 1),
                draws=_percent(facts["endings"]["draws"]["rate"]),
                stalls=_percent(facts["endings"]["stalls"]["rate"]),
                fair=_percent(facts["fair_share"]),
            )
        )
        width = max(len(bot) for bot in facts["by_bot"])
        for bot, rate in facts["by_bot"].items():
            share = _percent(rate["rate"])
            typer.echo(
                f"  {bot:{width}}  {share:>7}  [{_percent(rate['low'])}, {_percent(rate['high'])}]"
            )
    typer.echo(run_shown["time"])
    for path in paths.values():
        typer.echo(words.text("cli.sim_wrote", path=str(path)))


def _percent(rate: float) -> str:
    """A rate as a percentage with one decimal, the CLI language's way ("50,0 %" in Finnish)."""
    locale = Locale.parse(words.language)
    pattern = copy(locale.percent_formats[None])
    pattern.frac_prec = (1, 1)
    return str(pattern.apply(rate, locale))


@app.command("numbers-deck", cls=LocalizedCommand)
def numbers_deck(
    out: Annotated[Path, typer.Argument(help="The deck file to write (JSON).")],
    operations: Annotated[
        str, typer.Option(help="Operations on the cards: any of + - * / (x and : work too).")
    ] = "+-",
    low: Annotated[int, typer.Option(help="The smallest number on the board.", parser=Whole())] = 1,
    high: Annotated[
        int, typer.Option(help="The largest number on the board.", parser=Whole())
    ] = 48,
    operand_max: Annotated[
        int | None, typer.Option(help="The largest operand of + - * cards.", parser=Whole())
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the choice of cards.", parser=Whole())] = 0,
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


@app.command("bots", cls=LocalizedCommand)
def list_bots(
    game: Annotated[
        str | None, typer.Argument(help="A game id: also how each level measured there.")
    ] = None,
) -> None:
    """List the bots that can fill a seat, the levels weakest first."""
    if game is not None:
        _check_game(game)
    for bot in menu(game, words.language):
        typer.echo(f"{bot['name']:8} {bot['description']}")


def main() -> None:
    app()


# ``sequenza mode`` and mode files taken where a game id is: declared in their own module.
from sequenza.app import modes_cli  # noqa: E402, F401
