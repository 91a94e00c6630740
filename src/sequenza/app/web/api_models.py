"""The web API's bodies as pydantic models: what ``/api/docs`` shows, and what every response
is checked against before it leaves.

Request bodies are read by the server itself first (``safety.parse_json``: bounded size, depth
and integers), then validated strictly against these models (no silent conversion: ``"5"`` is
not a number of players); a mismatch is a 400 ``bad_request`` naming the field.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from sequenza.core.table import GAME_MINUTES, INCREMENT_SECONDS, MOVE_SECONDS


class Error(BaseModel):
    """Every refusal: a sentence for people, in the request's language (``lang``, else
    Accept-Language's, else English), and a code for programs. Nothing changed."""

    error: str = Field(examples=["it is Ann's turn, not yours"])
    code: str = Field(examples=["not_your_turn"])
    detail: str | None = Field(
        None,
        description="what the server cannot translate, in English: the rules' reason for a "
        "refused move or option, or the fields a body got wrong",
        examples=["illegal action 'play 9' for seat 0: that card is not in your hand"],
    )


class OptionInfo(BaseModel):
    name: str = Field(description="the option's id, as a table request names it")
    label: str = Field(description="the option's name for people, in the request's language")
    type: str = Field(description="bool, int or str")
    default: Any
    description: str
    minimum: int | None
    maximum: int | None
    choices: list[str] | None
    decision: bool = Field(description="a point the published rules leave open")
    file: str | None = Field(
        description="contents: the value is a file's text, uploaded from the page"
    )


class BotInfo(BaseModel):
    name: str
    label: str = Field("", description="the level's short name in the request's language")
    description: str = Field(description="what it plays like, and its rating in the game")
    rating: int | None = Field(
        default=None, description="its measured rating in the game (Elo, random at 0)"
    )
    merged: list[str] = Field(
        default_factory=list,
        description="the levels no measured step above this one in the game, offered as it",
    )
    merged_into: str | None = Field(
        default=None,
        description="the level this one plays like in the game, which a menu offers instead",
    )


class GameListing(BaseModel):
    id: str
    name: str
    summary: str
    player_counts: list[int]
    hidden_information: bool
    learner_hints: bool = Field(
        False, description="a table of it may show learner's hints (TableRequest.learner_hints)"
    )
    rules: str = Field(
        description="the rules for people as Markdown, in the request's language where the game"
        " brings them in it, with the default options in words"
    )
    bots: list[BotInfo] = Field(
        description="the seat menu in the order of its measured ratings, with merged levels"
    )
    options: list[OptionInfo]


class SeatRequest(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    kind: Literal["hotseat", "invite", "bot", "open"] = Field(
        description="hotseat: at the creator's screen; invite: a friend's link; bot; open: "
        "the first visitor who takes it from the lobby's list"
    )
    bot: str | None = Field(None, description="the bot's name, for a bot seat")
    name: str | None = Field(None, description="1-40 letters; a default otherwise")


class ClockRequest(BaseModel):
    """A table's clock. People's seats only: bots have none. On time-out, ``bot``: a bot
    (greedy) makes that move and the seat plays on (a per-game clock restarts with its
    increment, 10 s at least); ``lose``: the seat loses, as if it resigned."""

    model_config = ConfigDict(strict=True, extra="forbid")

    kind: Literal["none", "move", "game"] = Field(
        "none", description="none; move: seconds per move; game: minutes per game + increment"
    )
    move_seconds: int = Field(60, ge=MOVE_SECONDS[0], le=MOVE_SECONDS[1])
    game_minutes: int = Field(10, ge=GAME_MINUTES[0], le=GAME_MINUTES[1])
    increment_seconds: int = Field(
        0, ge=INCREMENT_SECONDS[0], le=INCREMENT_SECONDS[1], description="Fischer increment"
    )
    on_timeout: Literal["bot", "lose"] = "lose"


class TableRequest(BaseModel):
    """A new table. Options a game reads from a file of the server are refused; upload the
    file's text in its ``contents`` option instead (``deck`` for Sequence Numbers)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    game: str = Field(examples=["sequentia-shift"])
    players: int | None = Field(None, description="the game's fewest when left out")
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] | None = Field(
        None, description="one per player; default: you at this screen, random bots elsewhere"
    )
    seed: int | None = Field(
        None,
        ge=0,
        le=2**63 - 1,
        description="the deal, for a table with nobody invited (a seed tells every card)",
    )
    listed: bool = Field(
        False,
        description="list the table in the lobby's recent tables, for anyone to watch; "
        "otherwise only its link opens it",
    )
    clock: ClockRequest | None = Field(None, description="no clock when left out")
    spectator_chat: bool = Field(
        False, description="spectators may write in the table's chat (they always read it)"
    )
    hints: bool = Field(
        False,
        description="its players may ask what the strongest bot would play (a websocket "
        "hint); set only here, and shown to everyone at the table",
    )
    learner_hints: bool = Field(
        False,
        description="a picked card shows every place it can go and what puts it there (Sequence "
        "Numbers: the sum); only for games whose listing says learner_hints, shown to everyone",
    )


class SeatSummary(BaseModel):
    seat: int
    kind: str
    name: str
    bot: str | None
    connected: bool | None = None
    claimed: bool | None = Field(
        None,
        description="an invited or open seat: whether a friend opened its invitation, or a "
        "visitor took it",
    )
    hints_used: int | None = Field(None, description="the hints the seat asked for")


class TableSummary(BaseModel):
    id: str
    game: str
    name: str | None = None
    players: int
    options: dict[str, Any] | None = None
    seats: list[SeatSummary]
    spectators: int | None = None
    turn: int
    to_act: int | None = None
    finished: bool
    result: dict[str, Any] | None
    created: float
    updated: float | None = None
    listed: bool | None = None
    hints: bool | None = Field(
        None, description="whether its players may ask for hints (everyone at it sees so)"
    )
    hints_from: int | None = Field(
        None, description="the turn at which a person switched hints on during the game"
    )
    hints_switchable: bool | None = Field(
        None,
        description="whether a person at it may switch hints on now (hints off, the game on, "
        'every person at one screen or one person against bots): {"type": "hints_on"}',
    )
    learner_hints: bool | None = Field(
        None, description="a picked card shows every place it can go and what puts it there"
    )
    rematch: str | None = Field(None, description="the table of the rematch, once asked for")
    rematch_by: int | None = Field(
        None, description="the seat that offered the rematch; none: not known on this process"
    )
    rematch_accepted: list[int] | None = Field(None, description="seats that accepted it")
    rematch_declined: list[int] | None = Field(None, description="seats that declined it")
    bot_error: dict[str, Any] | None = Field(
        None,
        description="a bot's trouble: code (move_refused, not_saved, failed), bot (its name),"
        " seconds (not_saved: the wait before trying again), detail (English, for developers)",
    )
    clock: dict[str, Any] | None = Field(None, description="the clock's settings; none: no clock")
    out: list[int] | None = Field(None, description="seats that resigned or lost on time")
    undo_request: dict[str, Any] | None = Field(
        None, description="a waiting request to take back: seat, moves, ask, accepted"
    )
    spectator_chat: bool | None = Field(None, description="spectators may write in the chat")
    open_wait: float | None = Field(
        None,
        description="seconds until the table offers a bot for its empty open seats (0: now); "
        "none when no open seat is empty",
    )


class TableCreated(BaseModel):
    id: str
    url: str
    tokens: dict[str, str] = Field(
        description="each seat at the creator's screen (hotseat): its secret token"
    )
    invites: dict[str, str] = Field(
        default_factory=dict,
        description="each invited seat: its invitation code, for the link /t/ID#invite=CODE. "
        "The friend who opens it claims the seat once (POST /api/tables/{id}/claim) and "
        "receives the seat's token; the code itself opens no seat",
    )
    table: TableSummary


class ClaimRequest(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    invite: str = Field(max_length=64, description="the invitation code of the link")
    name: str | None = Field(
        None, max_length=160, description="the friend's name for the seat; the creator's otherwise"
    )


class TakeRequest(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    seat: int | None = Field(
        None, ge=0, le=63, description="the open seat to take; the first still empty otherwise"
    )
    name: str | None = Field(None, max_length=160, description="the visitor's name for the seat")


class PlayerRequest(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    key: str = Field(
        max_length=64, description="the browser's secret player key (22 to 64 URL-safe letters)"
    )


class PlayerGame(BaseModel):
    id: str
    game: str
    name: str | None = None
    players: int
    created: float
    result: dict[str, Any] | None
    seats: list[SeatSummary]
    mine: list[int] = Field(description="the seats this player held")


class SeatClaimed(BaseModel):
    seat: int
    token: str = Field(description="the seat's secret token: only this friend holds it")


class TableView(BaseModel):
    table: TableSummary
    public: dict[str, Any] = Field(description="the position as a spectator sees it")


class ActionRequest(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    token: str
    action: str | int = Field(description='the action\'s text ("slide 5 4") or its number')
    turn: int = Field(description="the turn of the position the action answers")


class ResignRequest(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    token: str
    seat: int | None = Field(
        None, ge=0, le=63, description="the seat that resigns, if the token opens several"
    )


class RematchRequest(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    token: str = Field(description="the token of a seat of the finished table")
    answer: Literal["accept", "decline"] | None = Field(
        None,
        description="the answer to a rematch another player offered; none: offer one, or "
        "accept the one offered",
    )


class RematchCreated(BaseModel):
    id: str
    url: str
    table: TableSummary
    offered: bool = Field(
        False, description="true: this request offered the rematch; false: it answered one"
    )


class ActionResult(BaseModel):
    turn: int
    to_act: int | None
    over: bool


class GameRecordOut(BaseModel):
    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[str] = Field(description="the moves in force: replaying them gives the game")
    history: list[dict[str, Any]] = Field(
        description="every entry of the table: moves, resignations, time-outs, moves taken back"
    )
    result: dict[str, Any] | None
    names: list[str] = Field(description="each seat's name, in seat order")
    date: str = Field(description="when the table was made, UTC, ISO 8601")
    hints_used: list[int] | None = Field(
        None, description="the hints each seat asked for, in seat order (a table with hints)"
    )
    hints: bool | None = Field(None, description="whether its players could ask for hints")
    hints_from: int | None = Field(
        None,
        description="the turn (entry) from which hints were on, when a person switched them on"
        " during the game (that entry of history, kind hints_on); none when the table was made"
        " with them",
    )


class ReplayFrame(BaseModel):
    type: Literal["frame"]
    table: TableSummary
    turn: int
    turns: int
    kind: str | None = Field(description="what the entry is: move, resign, undo, hints_on...")
    action: str | None
    seat: int | None
    to_act: int | None
    result: dict[str, Any] | None
    out: list[int]
    views: dict[str, dict[str, Any]]
    public: dict[str, Any]
    log: list[dict[str, Any]]
    chat: list[dict[str, Any]] = Field(
        default_factory=list, description="the chat's lines said up to this entry, the last 50"
    )
    hints: bool = Field(
        False,
        description="whether the players could ask for hints here: from the start at a table"
        " made with them, else from the entry that switched them on (kind hints_on)",
    )


class ReviewRequest(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    token: str = Field(description="the token of a person's seat of the finished table")
    seat: int | None = Field(
        None, ge=0, le=63, description="the seat to review, if the token opens several"
    )


class ReviewedMove(BaseModel):
    index: int = Field(description="the move's place among the game's moves in force, from 0")
    turn: int = Field(description="the replay's turn where it was chosen (the entries before it)")
    played: str
    better: str = Field(description="the strongest level's choice (the move played if it agrees)")
    played_text: str = Field(description="the move played, as the log words it")
    better_text: str
    played_chance: float | None = Field(description="its win chance; null where they agree")
    better_chance: float | None
    cost: float = Field(description="the win chance the move gave up, 0 to 1")
    marked: bool = Field(description="one of the three costliest")
    noticeable: bool = Field(description="a cost above the estimate's margin (``noticeable``)")


class ReviewOut(BaseModel):
    game: str
    seat: int
    level: str = Field(description="the level each move is measured against")
    level_label: str = Field(description="its name in the request's language")
    policy: str = Field(description="how the playouts choose: greedy, or random in Python")
    deals: int
    playouts: int
    games_per_move: int = Field(description="games played on from each move judged")
    noticeable: float = Field(description="the least cost told from the playouts' noise")
    decisions: int = Field(description="the seat's moves that had a choice")
    moves: list[ReviewedMove] = Field(description="the moves judged, at most 60, in order")
    costliest: list[int] = Field(description="the index of each marked move, costliest first")


class Status(BaseModel):
    status: str


class Features(BaseModel):
    workshop: bool = Field(
        description="the designers' workshop is open at /workshop (sequenza serve --workshop)"
    )


class LanguageInfo(BaseModel):
    code: str = Field(description='"it"')
    name: str = Field(description='The language\'s name in itself: "Italiano".')


class PageMessages(BaseModel):
    """The page's words in one language, from the ``page`` catalogue."""

    language: str
    languages: list[LanguageInfo]
    messages: dict[str, str | dict[str, str]] = Field(
        description="Key to text with {named} placeholders, or to plural forms by CLDR "
        'category ("one", "other"...), as Intl.PluralRules names them.'
    )
    numbers: dict[str, str] = Field(
        description='The decimal and group signs ({"decimal": ",", "group": "."}), for browsers '
        "without the language's number data."
    )


#: What each request body is, for the documentation (the routes read their bodies through
#: ``bodies.body_as``, with ``safety``'s limits, so FastAPI does not see their models).
REQUEST_BODIES: dict[tuple[str, str], type[BaseModel]] = {
    ("/api/tables", "post"): TableRequest,
    ("/api/tables/{table_id}/claim", "post"): ClaimRequest,
    ("/api/tables/{table_id}/take", "post"): TakeRequest,
    ("/api/players/games", "post"): PlayerRequest,
    ("/api/tables/{table_id}/actions", "post"): ActionRequest,
    ("/api/tables/{table_id}/rematch", "post"): RematchRequest,
    ("/api/tables/{table_id}/resign", "post"): ResignRequest,
    ("/api/tables/{table_id}/review", "post"): ReviewRequest,
}

#: The refusals an API route may answer, each ``{"error", "code"}``.
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": Error, "description": description}
    for status, description in (
        (400, "a bad request"),
        (403, "a wrong token or invitation code"),
        (404, "no such table"),
        (409, "not now: a stale turn, another's turn, a game not finished, an invitation claimed"),
        (413, "a body too large"),
        (415, "a body that is not JSON"),
        (429, "too many requests from one address"),
        (503, "the storage or the server is busy or away: nothing changed"),
    )
}
