"""The language an HTTP request is answered in: its ``lang`` parameter when a catalogue has
it, else the first of its Accept-Language that has one, else English."""

from __future__ import annotations

from fastapi import Request

from sequenza import i18n

from .errors import TableError

#: The longest language code a client may send ("eo", "it"; room for a region).
MAX_LANGUAGE_LENGTH = 16


def request_language(request: Request) -> str:
    """The language a request asks for: its ``lang`` parameter when known, else the first of
    its Accept-Language that has a catalogue."""
    asked = request.query_params.get("lang", "")
    return asked if asked in i18n.languages() else browser_language(request)


def browser_language(request: Request) -> str:
    """The first language of the browser's Accept-Language that has a catalogue."""
    return i18n.negotiate(i18n.parse_accept_language(request.headers.get("accept-language")))


def known_language(value: object) -> str:
    """A language a client names outright (none: English), refused unless it is one of the
    catalogues' languages: unlike ``request_language``, a wrong one is an error."""
    if value is None:
        return i18n.SOURCE_LANGUAGE
    if not isinstance(value, str) or len(value) > MAX_LANGUAGE_LENGTH:
        raise TableError("bad_request", "problem.lang_code", example='"it"')
    known = i18n.languages()
    if value not in known:
        raise TableError("unknown_language", "problem.unknown_language", languages=", ".join(known))
    return value
