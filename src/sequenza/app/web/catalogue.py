"""What a server offers, in the request's language: its games (``/api/games``), the bots a
seat may take (``/api/bots``), its features (``/api/features``) and the page's words
(``/api/messages``)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from fastapi import APIRouter, Request, Response

from sequenza import i18n
from sequenza.ai.levels import seat_menu as bot_menu
from sequenza.app.render import rules_for_people
from sequenza.core.errors import SequenzaError
from sequenza.core.registry import available_games, game_class, game_kit, make_game

from .api_models import ERRORS, BotInfo, Features, GameListing, PageMessages
from .errors import TableError
from .languages import browser_language, request_language
from .web_state import Web
from .workshop import is_workshop_game

router = APIRouter(tags=["catalogue"])


@router.get("/api/games", response_model=list[GameListing])
async def games(request: Request) -> list[dict[str, Any]]:
    """Every game, its name, summary, options' help and bots in the request's language
    (``lang``, else Accept-Language's)."""
    language = request_language(request)
    return [
        game_listing(info.id, language)
        for info in available_games()
        if not is_workshop_game(info.id)
    ]


@router.get("/api/games/{game_id}", response_model=GameListing, responses=ERRORS)
async def game(request: Request, game_id: str) -> dict[str, Any]:
    """One game, as ``/api/games`` lists it: a table's page reads a game the lobby does
    not list (a mode of the workshop) here."""
    if game_id not in {info.id for info in available_games()}:
        raise TableError("unknown_game", "problem.unknown_game", 404, game=repr(game_id))
    return game_listing(game_id, request_language(request))


@router.get("/api/bots", response_model=list[BotInfo])
async def bots(request: Request, game: str | None = None) -> list[dict[str, Any]]:
    """The bots a seat may take, weakest first; with ``game``, each described by its
    measured standing on that game's rating ladder; in the request's language."""
    if game is not None and game not in {info.id for info in available_games()}:
        raise TableError("unknown_game", "problem.unknown_game", 404, game=repr(game))
    return bot_menu(game, request_language(request))


@router.get("/api/features", response_model=Features)
async def features(web: Web) -> dict[str, bool]:
    """What this server offers beyond its tables: ``workshop``, the designers' workshop
    at ``/workshop`` (``sequenza serve --workshop``), so that the lobby links to it."""
    return {"workshop": web.workshop is not None}


@router.get("/api/messages", response_model=PageMessages)
async def messages(request: Request) -> Response:
    """The page's words in the browser's language (the first of its Accept-Language that
    has a catalogue), else English."""
    return Response(
        messages_json(browser_language(request)),
        media_type="application/json",
        headers={"Vary": "Accept-Language"},
    )


@router.get("/api/messages/{language}", response_model=PageMessages, responses=ERRORS)
async def messages_in(language: str) -> Response:
    """The page's words in one language ("it"): the one a player chose."""
    if language not in i18n.languages():
        known = ", ".join(i18n.languages())
        raise TableError("unknown_language", "problem.unknown_language", 404, languages=known)
    return Response(messages_json(language), media_type="application/json")


def game_listing(game_id: str, language: str = i18n.SOURCE_LANGUAGE) -> dict[str, Any]:
    """A game's facts; its name, summary, options' help and bots in ``language`` (the
    English in the code, or a mode file's, is the ``games`` catalogue's source: a mode file's
    ``mode.name`` in its ``[words.it]`` is its Italian name, its ``option.<name>`` its own
    words for an option)."""
    words = i18n.Translator("games", language)
    cls = game_class(game_id)
    info = cls.info
    try:
        rules = rules_for_people(make_game(game_id, info.min_players), language)
    except SequenzaError:
        rules = info.rules_text
    return {
        "id": info.id,
        "name": words.help(info.name),
        "summary": words.help(info.summary),
        "player_counts": list(info.player_counts),
        "hidden_information": info.hidden_information,
        "learner_hints": game_kit(game_id).learner_hints,
        "rules": rules,
        "bots": bot_menu(game_id, language),
        "options": [
            {
                "name": spec.name,
                "label": words.option_label(info.id, spec),
                "type": spec.kind.__name__,
                "default": spec.default,
                "description": words.option_description(info.id, spec),
                "minimum": spec.minimum,
                "maximum": spec.maximum,
                "choices": list(spec.choices) if spec.choices else None,
                "decision": spec.decision,
                "file": spec.file,
            }
            for spec in cls.options_class.specs()
            # A file of the server's machine is for its own command line, not for visitors.
            if not spec.names_a_path
        ],
    }


@cache
def messages_json(language: str) -> bytes:
    """The ``page`` catalogue of a known language, as ``/api/messages`` sends it (built once
    per process: ``messages_json.cache_clear()`` when the games' words change)."""
    body = {
        "language": language,
        "languages": [
            {"code": code, "name": i18n.language_name(code)} for code in i18n.languages()
        ],
        "messages": i18n.page_messages(language),
        "numbers": i18n.number_symbols(language),
    }
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
