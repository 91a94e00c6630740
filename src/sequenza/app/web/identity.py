"""Who is who at a table: seat names as others will see them, the secret tokens and player
keys that prove a seat, and the ids of tables.

Every seat held by a person has a secret token, handed out once; the server keeps only its
hash (``hash_token``). The creator receives the tokens of the seats at its own screen, and for
each invited seat an invitation code: the friend who opens the link claims the seat once and
receives a fresh token that the creator never saw (``TableManager.claim``). A player key (a
browser's own secret) lists the finished games of the person who holds it (``player_hash``).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from typing import Any

from sequenza import i18n

from .errors import TableError

MAX_NAME = 40


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


#: A table id as this server makes them (``secrets.token_urlsafe``: 16 characters now, 8 for
#: tables made before ids grew to 96 bits); anything else names no table and is never looked up.
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: Bytes of randomness in a new table's id: 96 bits, so that nobody finds a private table by
#: trying ids.
TABLE_ID_BYTES = 12
#: The longest invitation code or token a client may send (ours have 32 characters).
MAX_TOKEN = 64


#: A player key as a browser makes it: at least 128 bits of randomness in URL-safe base64.
PLAYER_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")


def player_hash(key: Any) -> str:
    """The hash a player key is kept under; ``bad_player`` for anything that is no key."""
    if not isinstance(key, str) or not PLAYER_KEY.fullmatch(key):
        raise TableError("bad_player", "problem.bad_player", 403)
    return hash_token(f"player:{key}")


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def check_table_id(table_id: str) -> None:
    """Refuse an id no table can have before it reaches the database (a NUL is an error
    there, not a miss): the same 404 as an unknown table."""
    if not TABLE_ID.fullmatch(table_id):
        raise TableError("unknown_table", "problem.unknown_table", 404, table=repr(table_id[:40]))


#: An ANSI escape sequence (colours, cursor moves) as a terminal reads it: removed whole, so
#: that no "[31m" is left behind once its escape character is gone.
_ANSI_ESCAPE = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b[@-_]")
_ZERO_WIDTH_JOINER = "\u200d"
_ZERO_WIDTH_NON_JOINER = "\u200c"
#: Scripts whose letters never join nor ligate: a joiner between two of their letters changes
#: nothing on screen, so it could only make one name look like another ("Ad\u200cmin").
_UNJOINED_SCRIPTS = ("LATIN ", "GREEK ", "CYRILLIC ")


def clean_name(text: str) -> str:
    """A person's name as others will see it: NFC, without control, format (zero-width, bidi
    override) or unassigned characters and ANSI escapes, its spaces collapsed to one. Letters
    of every script and emoji stay. The zero-width joiner and non-joiner stay where they are
    spelling: between two letters of a script that joins them (Persian writes "علی‌رضا" with
    a non-joiner, Hindi a half form with a joiner after the virama), and the joiner inside an
    emoji sequence (a family, a flag); anywhere else they hide something, and go."""
    text = unicodedata.normalize("NFC", _ANSI_ESCAPE.sub("", text))
    kept: list[str] = []
    for index, char in enumerate(text):
        category = unicodedata.category(char)
        if char in (_ZERO_WIDTH_JOINER, _ZERO_WIDTH_NON_JOINER):
            after = text[index + 1 : index + 2]
            before = kept[-1] if kept else ""
            if (
                char == _ZERO_WIDTH_JOINER
                and before
                and after
                and _emoji_part(before)
                and _emoji_part(after)
            ) or _joins_letters(before, after):
                kept.append(char)
        elif category[0] == "Z" or char.isspace():
            kept.append(" ")
        elif category not in ("Cc", "Cf", "Cs", "Co", "Cn"):
            kept.append(char)
    return " ".join("".join(kept).split())


def _joins_letters(before: str, after: str) -> bool:
    """Whether a joiner between ``before`` (a letter, or a mark on one) and ``after`` (a
    letter) is spelling: not when both are letters of a script that never joins."""
    if not before or not after or before in ("\u200c", "\u200d"):
        return False
    if unicodedata.category(before)[0] not in "LM" or unicodedata.category(after)[0] != "L":
        return False
    return not (
        unicodedata.name(before, "").startswith(_UNJOINED_SCRIPTS)
        and unicodedata.name(after, "").startswith(_UNJOINED_SCRIPTS)
    )


def _emoji_part(char: str) -> bool:
    # Pictures, skin tones, and the variation selector that asks for a picture's colour form.
    return (
        unicodedata.category(char) == "So"
        or "\U0001f3fb" <= char <= "\U0001f3ff"
        or char == "\ufe0f"
    )


def checked_name(name: Any, number: int | None) -> str:
    """A seat's name from the network, cleaned (``clean_name``); refused when it is not text,
    too long, or nothing is left of it. ``number``: the seat, when the request names several."""
    cleaned = clean_name(name) if isinstance(name, str) else ""
    if not cleaned or len(name) > MAX_NAME * 4 or len(cleaned) > MAX_NAME:
        if number is None:
            raise TableError("bad_request", "problem.claim_name", limit=MAX_NAME)
        raise TableError("bad_request", "problem.seat_name", number=number, limit=MAX_NAME)
    return cleaned


def default_name(number: int, kind: str, bot: str | None, language: str) -> str:
    """ "Player 1", "Greedy bot 2": a seat's name when its creator gives none, in their words."""
    words = i18n.Translator("games", language)
    if kind == "bot":
        return words.text(
            "common.default_bot", level=(bot or "random").capitalize(), number=number + 1
        )
    return words.text("common.default_player", number=number + 1)
