"""A game kit: one declaration of everything the rest of the system needs from a game.

Each game package (``sequenza.games.<name>``) builds one ``GameKit`` per game it plays and
names it in the ``sequenza.games`` entry-point group (see ``pyproject.toml``); the registry
loads the group, so a game from another installed package shows up in the command line, the
web lobby, the simulator and the bots exactly like a built-in one. A kit is checked when it
is registered: a missing piece is an error then, never a silent fallback later.

A kit holds:

``game``
    the rules (a ``Game`` subclass), with the typed observation its states return
    (``observation_class``, from the game's ``types.py``).
``play``
    what the bots need: the greedy heuristic, the search's position evaluation and the
    optional helpers that make search sharper (a cheap playout policy, a one-move valuation,
    an own-turn search, a model of hidden hands).
``metrics``
    what the simulator measures in a finished game and how the balance report shows it.
``drawing``
    the terminal's text drawing of an observation, in words it asks a ``Words`` for (the
    terminal hands it the ``games`` catalogue in the player's language).
``messages``
    the log's sentences: the English templates of the game's events, actions and endings,
    and how an event fills them (``sequenza.text`` turns them into a language).
``locale``
    the game's own message catalogues in every language it speaks (``sequenza.i18n`` reads
    them with the words all games share): the words its view, rules page and drawing ask for,
    and its log's sentences translated.
``encoder``
    the observation tensor's encoder, named by a dotted path that only the RL layer imports.
``ratings``
    the bot levels' measured standing in the game (a JSON file in its folder, written by
    ``bench/ladder.py --write``), which the bots' per-game descriptions read.
``view`` and ``guide``
    the web page's view module and its rules page for people (JavaScript files in the
    package, served at ``/games/<id>/view.js`` and ``/games/<id>/guide.js``).
``rulebook``
    the rules for people as Markdown, one folder per language (``<lang>/<id>.md``), which the
    command line prints; a game without one shows its own English ``rules_text``.
``quiet`` and ``loud``
    optional: which moves certainly show a seat no hidden card, and which certainly show it
    one, so that a table's take-back check (``sequenza.core.table.reveals``) need not sample
    hidden cards for them.

The types here are plain data and protocols: a game package imports ``core`` and
``components`` (and the bot toolkit in ``sequenza.ai`` for its heuristics), while ``ai``,
``sim`` and ``app`` ask the kit; none of them keeps a table keyed by game id.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeAlias

from sequenza.core.actions import Action
from sequenza.core.game import Game, State
from sequenza.core.observation import Observation

#: A heuristic: (a full state as the seat may imagine it, the legal actions, rng) -> action.
Policy = Callable[[State[Any], list[Action], random.Random], Action]
#: A position's worth to a seat (higher is better).
Valuation = Callable[[State[Any], int], float]
#: What each legal action is worth to the seat to act: (state, legal) -> worths.
Ranker = Callable[[State[Any], list[Action]], dict[Action, float]]
#: The moves a search looks at past the heuristic's own: (state, legal) -> the heuristic's
#: move first, then the others it values nearly as high.
Alternatives = Callable[[State[Any], list[Action]], list[Action]]
#: Each seat's expected share of the payoff, judged from a position before the end (a full
#: state as the searching seat imagines it -> one share per seat).
Judge = Callable[[State[Any]], list[float]]
#: Why an action is good for the seat to act, in the game's own terms: (a full state as the
#: seat may imagine it, the action) -> a reason's code and the data its sentence names
#: (``("blocks_four", {"seat": 1})``), or ``None`` where nothing specific stands out.
Explainer = Callable[[State[Any], Action], "tuple[str, dict[str, Any]] | None"]


class Words(Protocol):
    """The words of a catalogue in one language (``sequenza.i18n.Translator`` is one): a
    message by its key, with its placeholders filled and numbers written the language's way,
    and a message with a number in the language's plural form."""

    def text(self, key: str, **params: object) -> str: ...

    def plural(self, key: str, count: int, **params: object) -> str: ...


#: The terminal's text drawing of one observation, in the words given (a game from another
#: package may bring its own words, or write the drawing in one language and ignore them).
Drawing = Callable[[dict[str, Any], Words], str]


def seat_number(seat: int) -> str:
    """A seat as people read it, counted from 1 as the page and the players' default names
    count ("Player 1" sits in seat 1); the engine, its actions and records count from 0."""
    return str(seat + 1)


@dataclass(frozen=True)
class LearnedJudge:
    """A position evaluation learned by self-play: each team's standing is a weighted sum of
    the game's features of the position, and the standings become shares as ``shares`` makes
    them at a scale of 1 (with two teams, a logistic regression of the winner). ``weights``
    gives a game's fitted weights by its id (``None`` where none were fitted)."""

    judge: Judge
    weights: Callable[[str], tuple[float, ...] | None]


@dataclass(frozen=True)
class PositionEvaluation:
    """How search judges a game's positions: it plays ``horizon`` turns past the decision, with
    the greedy heuristic (``greedy_playouts``) or the cheap playout policy, then asks ``judge``
    instead of playing to the end, whose outcome owes more to the cards still to come.
    ``learned`` is a judge fitted by self-play instead of written by hand, where the game has
    one (``mcts``'s ``judge="learned"``)."""

    judge: Judge
    horizon: int
    greedy_playouts: bool = False
    learned: LearnedJudge | None = None


class OwnTurnSearch(Protocol):
    """A search through the seat's own turn (these games' turns are several actions long)."""

    def best(self, state: State[Any], legal: list[Action], rng: random.Random) -> Action: ...

    def candidates(self, state: State[Any], legal: list[Action]) -> list[Action]: ...


@dataclass(frozen=True)
class Flow:
    """What one action does to its player's hidden hand: the card it takes out (by face, as
    the action names it, or ``None``), how many cards it makes the player draw, and whether
    it is a choice the opponent model rates."""

    card: str | None
    draws: int
    rated: bool


@dataclass(frozen=True)
class HandModel:
    """A game's hands as search imagines them (always on a clone, never the true state)."""

    hand: Callable[[State[Any], int], list[Any]]
    set_hand: Callable[[State[Any], int, list[Any]], None]
    #: A card of the given face (any copy: the model only reads what the hand can play).
    card_of: Callable[[State[Any], str], Any]
    #: A card's face, as actions name it.
    face_of: Callable[[State[Any], Any], str]
    flow: Callable[[Action], Flow]
    #: Shuffle again what no seat's hand holds (the draw pile), keeping the hands.
    shuffle_rest: Callable[[State[Any], random.Random], None]


@dataclass(frozen=True)
class Play:
    """What the bots know of a game. ``greedy`` and ``evaluation`` are required; each optional
    helper is ``None`` on purpose, and the bots then do without it (``playout=None``: search
    playouts use ``greedy``)."""

    greedy: Policy
    evaluation: PositionEvaluation
    playout: Policy | None = None
    ranker: Ranker | None = None
    turn_search: OwnTurnSearch | None = None
    #: Reading opponents' hidden hands from their plays (the expert bot needs ``ranker`` too).
    hand_model: HandModel | None = None
    #: A hint's reason for a move, from what the greedy heuristic reads of the position.
    reason: Explainer | None = None
    #: The heuristic's move first, then the few others it values nearly as high: where a
    #: search asked to look past the heuristic's choice searches (``mcts``'s ``root="wide"``).
    alternatives: Alternatives | None = None


@dataclass(frozen=True)
class Figure:
    """One line of a game's table in the report: the sum of count ``key`` over all games,
    divided by the number of games (``per=None``) or by the sum of count ``per`` (a ratio,
    e.g. slides per claim). ``per`` may also be ``"turns"`` or ``"actions"``."""

    key: str
    label: str
    per: str | None = None
    percent: bool = False


@dataclass(frozen=True)
class Measured:
    """A finished game's counts (summed or averaged over games by the report) and samples
    (values collected for a histogram)."""

    counts: dict[str, float] = field(default_factory=dict)
    samples: dict[str, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameMetrics:
    """A game's own measures: how to take them from a finished game and how to show them.
    How a game ended is not measured here: its ``Result`` says it."""

    measure: Callable[[State[Any]], Measured]
    figures: tuple[Figure, ...]
    #: Sample key -> histogram title.
    histograms: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Message:
    """One English sentence template of a game's log, the source a catalogue translates:
    ``code`` is its message context (the event's code, ``action.<verb>``, ``ending.<how>``;
    ``<code>.you`` is the sentence whose subject is the seat reading it), ``text`` its message
    id with ``{named}`` placeholders. A sentence with a number has a ``plural`` form too, and
    ``count`` names the placeholder whose number picks the form.

    ``Message("draw", "{who} draws {cards} card", "{who} draws {cards} cards", "cards")``
    """

    code: str
    text: str
    plural: str | None = None
    count: str | None = None


@dataclass(frozen=True)
class Word:
    """A word the log puts into a sentence and translates on its own (a row's name, a
    colour): ``context`` groups the words of one kind (``row``, ``colour``), ``text`` is the
    English word. A game lists the words it uses as it lists its sentences."""

    context: str
    text: str


@dataclass(frozen=True)
class Seat:
    """A seat a sentence names: the player's name, or "you" for the seat reading it."""

    seat: int


@dataclass(frozen=True)
class Seats:
    """Several seats a sentence names together ("Ann and Carl")."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class Phrase:
    """An event (or a piece of a sentence) as data: the ``code`` of its message and the
    values of the placeholders. ``subject`` is the seat that acts in it, whose own reading
    takes the ``<code>.you`` sentence."""

    code: str
    values: Mapping[str, Value] = field(default_factory=dict)
    subject: int | None = None


#: What fills a placeholder: a number, a notation (a card's code, a board space), a list of
#: notations (written with spaces between), one word or a list of words ("the top and bottom"),
#: one or several seats, or a phrase.
Value: TypeAlias = int | float | str | Sequence[str] | Sequence[Word] | Word | Seat | Seats | Phrase


@dataclass(frozen=True)
class Messages:
    """A game's log in words: its sentence templates and words (English, the source), and
    ``phrase``, which tells the sentence of one event (``None`` for an event the game does
    not know, which the text layer refuses). For an action event it gives the action's
    sentence and for ``game_over`` the ending's (``ending.<termination>``); the seat before
    an action and the result are the text layer's own."""

    sentences: tuple[Message, ...]
    words: tuple[Word, ...]
    phrase: Callable[[Mapping[str, Any]], Phrase | None]


#: How a kit names its encoder: ``"package.module:name"``.
_DOTTED_PATH = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*")


def logged_actions(state: State[Any]) -> Iterator[tuple[int, str, list[str]]]:
    """Each action of a finished game's log as (seat, verb, argument words), in order."""
    for event in state.log:
        if event.get("event") == "action":
            verb, *args = str(event["action"]).split()
            yield int(event["seat"]), verb, args


def logged_events(state: State[Any], name: str) -> list[dict[str, Any]]:
    """The events called ``name`` of a finished game's log."""
    return [event for event in state.log if event.get("event") == name]


@dataclass(frozen=True)
class GameKit:
    """Everything the system needs from one game (see the module's text)."""

    game: type[Game[Any]]
    play: Play
    metrics: GameMetrics
    drawing: Drawing
    #: The log's sentences (read by ``sequenza.text``).
    messages: Messages
    #: The page's view module (JavaScript, an ES module).
    view: Path
    #: The page's rules for people (JavaScript, an ES module exporting ``rules(context)``).
    guide: Path
    #: The rules for people in Markdown, ``<lang>/<id>.md`` under this folder (English at
    #: least); ``None``: the command line prints the game's ``rules_text``.
    rulebook: Path | None = None
    #: The game's message catalogues, ``<lang>/LC_MESSAGES/<domain>.po`` under this folder
    #: (English at least, as every catalogue of ``sequenza.i18n``): ``games.po``, the words its
    #: view, rules page and drawing ask for (keys ``<game_id>.…``) and the English texts of its
    #: summary, options and measures; ``log.po``, its log's sentences (``python -m
    #: sequenza.text`` writes the English one from ``messages``). ``None``: it speaks English.
    locale: Path | None = None
    #: The observation tensor's encoder as ``"package.module:name"``: a callable from a
    #: ``Game`` to a ``sequenza.components.tensors.Encoding``. A path, not the object, so that
    #: the encoder (and NumPy) is imported only when the RL layer asks for it and the light
    #: install never does. ``None``: the game has no tensor.
    encoder: str | None = None
    #: The bot levels' measured standing in this game, a JSON file in its folder
    #: (``levels.json``; two kits of one package share it) that ``bench/ladder.py --write``
    #: writes and ``sequenza.ai.levels`` reads. ``None``: the levels are described unmeasured.
    ratings: Path | None = None
    #: ``quiet(before, action, seat, after)``: whether ``action``, played from ``before`` to
    #: ``after``, certainly showed ``seat`` nothing it could not see before. A sufficient test,
    #: never a guess: True only where every position ``seat`` cannot tell from ``before``
    #: would let it play ``action`` and see the same ``after``; False hands the question to
    #: the sampler (``sequenza.core.table.reveals``), which stays the reference, and which the
    #: conformance kit holds every hook to. ``None``: the sampler answers every move.
    quiet: Callable[[State[Any], Action, int, State[Any]], bool] | None = None
    #: ``loud(before, action, seat, after)``: the sufficient test the other way, whether
    #: ``action`` certainly showed ``seat`` something it could not see before (the seat drew
    #: a card from cards it could not see that were not all alike). True only where some
    #: position ``seat`` cannot tell from ``before`` would let it play ``action`` and see
    #: another ``after``; False hands the question to the sampler, which the conformance kit
    #: holds this hook to as it holds ``quiet``. ``None``: the sampler answers every move.
    loud: Callable[[State[Any], Action, int, State[Any]], bool] | None = None
    #: Whether its view words a learner's hint (``learnerPlaces`` in ``view.js``): once a card
    #: is picked, every place it can go and what puts it there, from the seat's own
    #: observation. A table made with ``learner_hints`` shows it; other games refuse the option.
    learner_hints: bool = False

    @property
    def id(self) -> str:
        return self.game.info.id

    def check(self) -> None:
        """Refuse an incomplete kit (``ValueError`` naming what is missing)."""
        name = getattr(getattr(self.game, "info", None), "id", repr(self.game))
        problems = []
        if not isinstance(self.game, type) or not issubclass(self.game, Game):
            problems.append("game is not a Game class")
        elif not isinstance(getattr(self.game, "terminations", None), type):
            problems.append("the game declares no terminations (its Termination enum)")
        if isinstance(self.game, type) and not (
            isinstance(observed := getattr(self.game, "observation_class", None), type)
            and issubclass(observed, Observation)
        ):
            problems.append("the game declares no observation_class (its Observation type)")
        if not isinstance(self.play, Play) or not callable(self.play.greedy):
            problems.append("play has no greedy heuristic")
        elif not isinstance(self.play.evaluation, PositionEvaluation):
            problems.append("play has no position evaluation")
        if not isinstance(self.metrics, GameMetrics):
            problems.append("metrics is not a GameMetrics")
        if not callable(self.drawing):
            problems.append("drawing is not a function")
        if not isinstance(self.messages, Messages) or not callable(self.messages.phrase):
            problems.append("messages is not a Messages (the log's sentences)")
        for piece in ("view", "guide"):
            path = getattr(self, piece)
            if not isinstance(path, Path) or path.suffix != ".js" or not path.is_file():
                problems.append(f"{piece} {path!s} is not a JavaScript file")
        if self.rulebook is not None and not (self.rulebook / "en" / f"{name}.md").is_file():
            problems.append(f"rulebook {self.rulebook!s} has no en/{name}.md")
        if self.locale is not None and not any((self.locale / "en" / "LC_MESSAGES").glob("*.po")):
            problems.append(f"locale {self.locale!s} has no en/LC_MESSAGES/*.po catalogue")
        if self.encoder is not None and not _DOTTED_PATH.fullmatch(str(self.encoder)):
            problems.append(f"encoder {self.encoder!r} is not a 'package.module:name' path")
        if self.ratings is not None and not (
            isinstance(self.ratings, Path) and self.ratings.suffix == ".json"
        ):
            problems.append(f"ratings {self.ratings!s} is not a JSON file's path")
        for hook in ("quiet", "loud"):
            if getattr(self, hook) is not None and not callable(getattr(self, hook)):
                problems.append(f"{hook} is not a function")
        if problems:
            raise ValueError(f"the kit of game {name!r} is incomplete: " + "; ".join(problems))
