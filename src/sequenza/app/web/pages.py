"""The page (one ``index.html`` for the lobby, "My games" and every table, in the browser's
language) and the games' page modules; ``/static`` itself is mounted by ``create_app``."""

from __future__ import annotations

import re
from functools import cache
from html import escape
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse

from sequenza import i18n
from sequenza.core.registry import game_kits

from .errors import TableError
from .languages import browser_language

STATIC = Path(__file__).parent / "static"
#: The page modules a game's kit serves, by file name: the kit's attribute holding each.
GAME_MODULES = {"view.js": "view", "guide.js": "guide"}

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page(request: Request) -> HTMLResponse:
    return index_page(request)


@router.get("/me")
async def my_games_page(request: Request) -> HTMLResponse:
    return index_page(request)


@router.get("/t/{table_id}")
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    return index_page(request)


@router.get("/games/{game_id}/{module}")
async def game_module(game_id: str, module: str) -> FileResponse:
    """A game's page modules, from its package: ``view.js`` and ``guide.js`` (the two files
    its kit names, nothing else of the package)."""
    known = {one.id: one for one in game_kits()}
    if game_id not in known or module not in GAME_MODULES:
        raise TableError("not_found", "problem.no_page_module", 404)
    return FileResponse(getattr(known[game_id], GAME_MODULES[module]), media_type="text/javascript")


def index_page(request: Request) -> HTMLResponse:
    """The page, in the browser's language until the script reads the player's choice."""
    return HTMLResponse(_index_html(browser_language(request)), headers={"Vary": "Accept-Language"})


#: Paths whose answers are for programs (and the page's own files), never the page itself.
_PROGRAM_PATHS = ("/api/", "/ws/", "/static/", "/games/", "/metrics", "/healthz", "/docs")


def wants_page(request: Request) -> bool:
    """A browser asking to show an address (not a script, an image or a program)."""
    return (
        request.method == "GET"
        and "text/html" in request.headers.get("accept", "")
        and not request.url.path.startswith(_PROGRAM_PATHS)
    )


#: An element of index.html whose text the server writes in the page's language.
_TRANSLATED_ELEMENT = re.compile(r'(<(\w+)[^>]*\bdata-i18n="([\w.]+)"[^>]*>)[^<]*(</\2>)')


#: A static ``import ... from "./x.js"`` of one of the page's modules.
_STATIC_IMPORT = re.compile(r'^import\b[^;]*?\bfrom\s+"(\.{1,2}/[\w./-]+\.js)"', re.MULTILINE)


@cache
def _page_modules() -> tuple[str, ...]:
    """Every module that ``app.js`` imports, directly or not, as ``/static/`` paths, in the
    order they are first reached. Listed in the page as ``modulepreload`` links, the browser
    asks for them all at once instead of one level of imports after another (five round trips
    before the page can start, and seen by the player as the time the lobby takes to show)."""
    found: list[str] = []
    waiting = [STATIC / "app.js"]
    while waiting:
        module = waiting.pop(0)
        for relative in _STATIC_IMPORT.findall(module.read_text(encoding="utf-8")):
            imported = (module.parent / relative).resolve()
            path = "/static/" + imported.relative_to(STATIC.resolve()).as_posix()
            if path not in found:
                found.append(path)
                waiting.append(imported)
    return tuple(found)


@cache
def _index_html(language: str) -> str:
    """index.html in a known language: ``<html lang>``, the words shown before the page's
    script has run (or when it cannot run), and its modules to fetch at once."""
    messages = i18n.page_messages(language)
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    html = html.replace('<html lang="en">', f'<html lang="{language}">', 1)
    script = '<script type="module" src="/static/app.js"></script>'
    preloads = "".join(
        f'\n  <link rel="modulepreload" href="{module}">' for module in _page_modules()
    )
    html = html.replace(script, script + preloads, 1)
    return _TRANSLATED_ELEMENT.sub(
        lambda found: f"{found[1]}{escape(str(messages[found[3]]))}{found[4]}", html
    )
