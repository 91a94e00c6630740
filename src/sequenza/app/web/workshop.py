"""The designer's workshop (``sequenza serve --workshop``): a page where a designer pastes or
uploads a mode file, reads its mistakes, plays it against bots at once, and runs a quick
balance simulation in the bot workers.

Off unless the operator turns it on: it runs what visitors send. What it takes is bounded
everywhere, as everything from the network is hostile:

- a mode file is at most ``MAX_MODE_BYTES`` of UTF-8 TOML, sent as the body itself with
  ``Content-Type: application/toml`` (a type no other site's form can send without asking);
- it is checked (the JSON Schema, then the loader's checks of meaning, as ``sequenza mode
  check``) before anything plays it; a mode with mistakes is refused 422 with each mistake's
  line, column and fix, never run;
- the modes live in this process's memory, at most ``MAX_MODES`` of them and each for at most
  ``MAX_AGE`` seconds, under ids of their own (``workshop-`` and a digest of the text) that
  the lobby never lists, nor their tables;
- each address may send so many files and ask for so many simulations a minute; one
  simulation runs at a time, of at most ``MAX_SIMULATION_GAMES`` games, in a bot worker, and
  only when a worker is free (else 503: people's tables come first).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, PlainTextResponse

from sequenza import i18n
from sequenza.core.kit import GameKit
from sequenza.modes import EXAMPLES, ModeError, Problem, mistakes, scratch
from sequenza.modes.schema_check import schema_problems

from .bot_workers import BotFailure, BotWorkers, WorkersBusy
from .errors import RateLimitedError, TableError
from .safety import RateLimiter, parse_json

logger = logging.getLogger("sequenza.web")

#: The largest mode file the workshop reads (the examples are 6 to 9 KiB).
MAX_MODE_BYTES = 64 * 1024
#: Workshop modes held at once, and how long each is kept (seconds).
MAX_MODES = 32
MAX_AGE = 2 * 60 * 60
#: The games one simulation may play.
MAX_SIMULATION_GAMES = 200
#: Mode files one address may send: a burst, then a rate a second.
FILES_BURST = 10
FILES_PER_SECOND = 10 / 60
#: Simulations one address may ask for: a burst, then a rate a second.
SIMULATIONS_BURST = 3
SIMULATIONS_PER_SECOND = 3 / 60
#: The bots a simulation may play with (the cheap ones: a search would take minutes).
SIMULATION_BOTS = ("random", "greedy")
#: The media types a mode file may be sent as.
MODE_MEDIA_TYPES = ("application/toml", "application/x-toml")


def is_workshop_game(game_id: str) -> bool:
    """Whether a game is a workshop mode (never listed in the lobby, nor its tables)."""
    return game_id.startswith(scratch.PREFIX)


class ModeRefused(TableError):
    """A mode file that cannot be played: the refusal carries its mistakes."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("mode_mistakes", "problem.mode_mistakes", 422, count=len(problems))
        self.problems = problems

    def body(self, language: str = "en") -> dict[str, Any]:
        body = super().body(language)
        body["mistakes"] = [worded(problem, language) for problem in self.problems]
        return body


def worded(problem: Problem, language: str) -> dict[str, Any]:
    """One mistake as the API answers it: where, and its message and fix in ``language``
    (the mistakes' catalogue words every one; ``english`` keeps the checks' own words)."""
    message, fix = mistakes.worded(problem, language)
    return {
        "line": problem.line,
        "column": problem.column,
        "message": message,
        "fix": fix,
        "english": str(problem),
    }


@dataclass
class _Held:
    kit: GameKit
    text: str
    since: float


class Workshop:
    """The workshop's modes, bounded in number and age, and its rate limits."""

    def __init__(
        self,
        bot_workers: BotWorkers | None,
        *,
        max_modes: int = MAX_MODES,
        max_age: float = MAX_AGE,
        files_rate: tuple[int, float] = (FILES_BURST, FILES_PER_SECOND),
        simulations_rate: tuple[int, float] = (SIMULATIONS_BURST, SIMULATIONS_PER_SECOND),
        clock: Callable[[], float] = time.monotonic,
        words_changed: Callable[[], None] = lambda: None,
    ) -> None:
        self.bot_workers = bot_workers
        #: Called when a mode comes or goes: the page's words (a mode's among them) change.
        self.words_changed = words_changed
        self.max_modes = max_modes
        self.max_age = max_age
        self.clock = clock
        self._modes: OrderedDict[str, _Held] = OrderedDict()
        self._files = RateLimiter(files_rate[1], files_rate[0])
        self._simulations = RateLimiter(simulations_rate[1], simulations_rate[0])
        self._simulating = False

    def modes(self) -> list[str]:
        """The workshop modes held now, oldest first."""
        self._expire()
        return list(self._modes)

    async def add(self, body: bytes, address: str) -> GameKit:
        """Check a mode file's bytes and hold the game it makes (``ModeRefused`` with its
        mistakes, ``TableError`` for a file too large). The file is read in a thread; the
        game is registered in the loop's, which reads the registry."""
        wait = self._files.wait_needed(address)
        if wait:
            raise RateLimitedError("problem.too_many_mode_files", wait)
        if len(body) > MAX_MODE_BYTES:
            raise TableError("too_large", "problem.body_too_large", 413, limit=MAX_MODE_BYTES)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise ModeRefused([Problem.of(1, 1, "not_utf8", "save_utf8")]) from None
        self._expire()
        game_id = scratch.scratch_id(text)
        held = self._modes.get(game_id)
        if held is not None:
            held.since = self.clock()
            self._modes.move_to_end(game_id)
            return held.kit
        built = await asyncio.to_thread(_read, text)
        try:
            kit = scratch.adopt(built)
        except ValueError as error:  # the kit's own check refused it
            raise ModeRefused([Problem.of(1, 1, "not_buildable", reason=error)]) from None
        self._modes[game_id] = _Held(kit, text, self.clock())
        if self.bot_workers is not None:
            self.bot_workers.scratch_modes[game_id] = text
        while len(self._modes) > self.max_modes:
            self._drop(next(iter(self._modes)))
        self.words_changed()
        return kit

    def text(self, game_id: str) -> str:
        """The file of a workshop mode held now (404 otherwise)."""
        self._expire()
        held = self._modes.get(game_id)
        if held is None:
            raise TableError("unknown_game", "problem.unknown_game", 404, game=repr(game_id))
        return held.text

    async def simulate(
        self, game_id: str, request: Any, address: str, language: str = i18n.SOURCE_LANGUAGE
    ) -> dict[str, Any]:
        """A quick balance simulation of a held mode: ``{"games", "players", "bots"}``; its
        endings come as codes with their words in ``language`` (``ending_words``)."""
        text = self.text(game_id)
        games, players, bots = _simulation_request(request, self._modes[game_id].kit)
        wait = self._simulations.wait_needed(address)
        if wait:
            raise RateLimitedError("problem.too_many_simulations", wait)
        if self.bot_workers is None or self._simulating:
            raise TableError("workshop_busy", "problem.workshop_busy", 503)
        self._simulating = True
        try:
            summary = await self.bot_workers.simulate(text, games, players, bots)
        except WorkersBusy:
            raise TableError("workshop_busy", "problem.workshop_busy", 503) from None
        except BotFailure as error:
            raise TableError(
                "simulation_failed", "problem.simulation_failed", 422, detail=str(error)
            ) from None
        finally:
            self._simulating = False
        if "endings" in summary:
            summary["ending_words"] = ending_words(summary["endings"], language)
        return summary

    def _expire(self) -> None:
        oldest = self.clock() - self.max_age
        for game_id, held in list(self._modes.items()):
            if held.since < oldest:
                self._drop(game_id)

    def _drop(self, game_id: str) -> None:
        self._modes.pop(game_id, None)
        if self.bot_workers is not None:
            self.bot_workers.scratch_modes.pop(game_id, None)
        scratch.forget(game_id)
        self.words_changed()

    def close(self) -> None:
        for game_id in list(self._modes):
            self._drop(game_id)


def ending_words(codes: Any, language: str) -> dict[str, str]:
    """The words for how games ended, by their codes, in ``language``: the simulator report's
    own words, so that the page and ``sequenza simulate``'s report say them alike."""
    # The report's module (and the simulator under it) loads on the first simulation only,
    # not when every server starts.
    from sequenza.sim.report import ReportWords

    words = ReportWords(language)
    return {code: words.ending(code) for code in codes}


def _read(text: str) -> GameKit:
    """A mode's kit from its text, checked as ``sequenza mode check`` does: the JSON Schema,
    then the loader (``ModeRefused`` with the mistakes of the first that finds some)."""
    try:
        problems = schema_problems(text)
        if problems:
            raise ModeRefused(problems)
        return scratch.read_text(text, "mode.toml")
    except ModeRefused:
        raise
    except ModeError as error:
        raise ModeRefused(error.problems) from None
    except RecursionError:  # a file nested too deeply for the schema's checker
        raise ModeRefused([Problem.of(1, 1, "nested", "fewer_brackets")]) from None
    except Exception as error:  # a file the checks let through and the compiler does not
        logger.warning("a workshop mode passed its checks and could not be built: %r", error)
        raise ModeRefused([Problem.of(1, 1, "not_buildable", reason=error)]) from None


def _simulation_request(request: Any, kit: GameKit) -> tuple[int, int, str]:
    if not isinstance(request, dict):
        raise TableError("bad_request", "problem.invalid_request", detail="a JSON object")
    info = kit.game.info
    games = request.get("games", 100)
    players = request.get("players", info.min_players)
    bots = request.get("bots", "random")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise TableError("bad_request", "problem.invalid_request", detail="games: 1 to 200")
    if games > MAX_SIMULATION_GAMES:
        raise TableError(
            "too_many_games", "problem.too_many_games", 400, limit=MAX_SIMULATION_GAMES
        )
    if players not in info.player_counts or isinstance(players, bool):
        counts = ", ".join(str(count) for count in info.player_counts)
        raise TableError("bad_request", "problem.invalid_request", detail=f"players: {counts}")
    if bots not in SIMULATION_BOTS:
        raise TableError(
            "bad_request", "problem.invalid_request", detail=f"bots: {', '.join(SIMULATION_BOTS)}"
        )
    return games, players, bots


def add_routes(
    app: FastAPI,
    workshop: Workshop,
    page: Callable[[Request], HTMLResponse],
    game_json: Callable[[str, str], dict[str, Any]],
    language: Callable[[Request], str],
) -> None:
    """The workshop's page and API (only on a server started with the workshop on)."""

    def address(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    @app.get("/workshop", include_in_schema=False)
    async def workshop_page(request: Request) -> HTMLResponse:
        return page(request)

    examples = {path.stem: path for path in sorted(EXAMPLES.glob("*.toml"))}

    @app.get("/api/workshop/examples", tags=["workshop"])
    async def example_names() -> list[str]:
        """The example mode files a designer may start from, by name."""
        return list(examples)

    @app.get("/api/workshop/examples/{name}", tags=["workshop"])
    async def example(name: str) -> PlainTextResponse:
        """An example mode file's text (TOML)."""
        if name not in examples:
            raise TableError("not_found", "problem.not_found", 404)
        return PlainTextResponse(examples[name].read_text(encoding="utf-8"))

    @app.post("/api/workshop/modes", status_code=201, tags=["workshop"])
    async def add_mode(request: Request) -> dict[str, Any]:
        """Check a mode file (the body, ``Content-Type: application/toml``, at most 64 KiB)
        and hold the game it makes for a while: its id and facts, to create tables of it with
        ``POST /api/tables`` and to simulate it; a file with mistakes is refused 422 with
        ``mistakes``, each with its line, column, message and fix."""
        media = (request.headers.get("content-type") or "").split(";", 1)[0].strip().lower()
        if media not in MODE_MEDIA_TYPES:
            raise TableError(
                "unsupported_media_type",
                "problem.not_toml",
                415,
                header="Content-Type: application/toml",
            )
        body = await request.body()
        kit = await workshop.add(body, address(request))
        return game_json(kit.id, language(request))

    @app.post("/api/workshop/modes/{game_id}/simulate", tags=["workshop"])
    async def simulate(game_id: str, request: Request) -> dict[str, Any]:
        """A quick balance simulation of a workshop mode in a bot worker: ``{"games": at most
        200, "players", "bots": "random" or "greedy"}``; 503 while the workers are busy."""
        if (request.headers.get("content-type") or "").split(";")[0].strip() != (
            "application/json"
        ):
            raise TableError(
                "unsupported_media_type",
                "problem.not_json",
                415,
                header="Content-Type: application/json",
            )
        body = parse_json(await request.body())
        return await workshop.simulate(game_id, body, address(request), language(request))
