"""A mode file as a ``GameKit``: the same declaration a game package makes, built from the
file, so that the registry, the command line, the bots, the simulator and the conformance kit
take a mode exactly as they take a built-in game.

What the kit holds for every mode, generic over the places the file declares:

- bots: ``greedy`` looks one action ahead and takes the one that leaves the seat's collected
  cards furthest ahead (the file's scoring), at random among equals; search judges a position
  by the shares of the score piles (the shared toolkit's ``pile_shares``);
- metrics: claims, exchanges, cards per claim and actions per turn, read from the log;
- the terminal drawing of the declared places;
- the log's sentences: the file's own English words for its actions and endings, and generic
  sentences for its events.
"""

from __future__ import annotations

import hashlib
import random
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.heuristics import lead, shares
from sequenza.core.kit import (
    Figure,
    GameKit,
    GameMetrics,
    Measured,
    Message,
    Messages,
    Phrase,
    Play,
    PositionEvaluation,
    Seat,
    Words,
    logged_actions,
    logged_events,
)
from sequenza.modes.engine import ModeGame, ModeObservation, compile_mode
from sequenza.modes.loader import MAX_BYTES, ModeError, Problem, parse_mode
from sequenza.modes.model import Mode

_HERE = Path(__file__).parent


# ---------------------------------------------------------------------- bots
def _collected(state: State[Any]) -> list[float]:
    return [float(count) for count in ModeObservation.of(state, None).scores]


def greedy(state: State[Any], legal: list[Action], rng: random.Random) -> Action:
    """One action ahead on the file's scoring: the action after which the seat's collected
    cards lead the others' most, at random among equals."""
    if len(legal) == 1:
        return legal[0]
    seat = state.current_seat
    assert seat is not None
    best: list[Action] = []
    top = float("-inf")
    for action in legal:
        twin = state.search_copy()
        twin.apply_unchecked(action)
        value = lead(_collected(twin), seat)
        if value > top:
            top, best = value, [action]
        elif value == top:
            best.append(action)
    return best[rng.randrange(len(best))]


def score_shares(state: State[Any]) -> list[float]:
    """Payoff shares from the collected cards, a lead counting for more the fewer cards are
    left in the deck."""
    seen = ModeObservation.of(state, None)
    return shares([float(count) for count in seen.scores], 2.0 + seen.deck_size / 8)


PLAY = Play(greedy=greedy, evaluation=PositionEvaluation(score_shares, horizon=2))


# ---------------------------------------------------------------------- metrics
def _measure(state: State[Any]) -> Measured:
    counts: defaultdict[str, float] = defaultdict(float)
    per_turn: list[float] = []
    before: int | None = None
    for seat, verb, _ in logged_actions(state):
        if seat != before:
            before = seat
            per_turn.append(0)
        per_turn[-1] += 1
        if verb in ("claim", "exchange", "pass"):
            counts[f"{verb}es" if verb == "pass" else f"{verb}s"] += 1
    sizes = [float(event.get("cards", 0)) for event in logged_events(state, "claim")]
    counts["claimed_cards"] = sum(sizes)
    return Measured(dict(counts), {"claim_size": sizes, "actions_per_turn": per_turn})


METRICS = GameMetrics(
    _measure,
    (
        Figure("claims", "Claims per game"),
        Figure("claimed_cards", "Cards per claim", "claims"),
        Figure("exchanges", "Exchanges per game"),
        Figure("passes", "Passes per game"),
    ),
    {"claim_size": "Cards collected by each claim", "actions_per_turn": "Actions in a turn"},
)


# ---------------------------------------------------------------------- drawing
def draw(observation: dict[str, Any], words: Words) -> str:
    """The declared places in plain text (English: a mode's drawing names its places by the
    file's own names)."""
    places = observation["places"]
    table = places[0]
    seat = observation["seat"]
    lines = [
        f"{observation['mode']}: phase {observation['phase']}, deck {observation['deck_size']}"
    ]
    cells = [f"{pile[-1]}({len(pile)})" if pile else "  .  " for pile in table["cells"]]
    if table["kind"] == "grid":
        rows, columns = table["shape"]
        lines.append(f"{table['name']}:")
        for row in range(rows):
            lines.append("  " + "  ".join(cells[row * columns : (row + 1) * columns]))
    else:
        lines.append(f"{table['name']}: " + ("  ".join(cells) if cells else "(no pile)"))
    for place in places[1:]:
        owner = place["seat"]
        who = "" if owner is None else f" {owner}{' (you)' if owner == seat else ''}"
        shown = " ".join(place["cards"]) if place["cards"] else ""
        lines.append(f"{place['name']}{who}: {shown or place['size']}")
    counters = ", ".join(f"{name} {value}" for name, value in observation["counters"].items())
    if counters:
        lines.append(counters)
    return "\n".join(lines)


# ---------------------------------------------------------------------- words
#: The English sentences of the events every mode may write (a file's ``event.<code>`` words
#: replace them).
EVENT_SENTENCES = {
    "deal": "The cards are dealt ({deck} left in the deck).",
    "claim": "{who} claims and collects {cards} cards",
    "claim.you": "You claim and collect {cards} cards",
    "exchange": "{who} exchanges the target {card}",
    "draw": "{who} draws {cards} cards ({deck} left)",
    "refill": "{who} refills the table",
    "turn_over": "{who}'s turn ends: no slide is left",
    "turn_ends": "{who}'s turn ends: no card is left in hand",
    "discard": "{who}'s card {card} has nowhere to go and leaves the game",
    "pass": "{who} has no card and passes",
    "no_sequence": "{who} shows no sequence",
    "repetition": "The position has come back {occurrences} times: {who} must exchange",
}


def _messages(mode: Mode) -> Messages:
    english = mode.words.get("en", {})
    sentences = {code: text for code, text in EVENT_SENTENCES.items()}
    for key, text in english.items():
        sentences[key.removeprefix("event.")] = text
    verbs = {"slide", "place", "claim", "end", "pass", "exchange", "hole", "refill"}
    for verb in verbs:
        sentences.setdefault(f"action.{verb}", f"{verb.title()} {{args}}")
    for ending in mode.endings:
        sentences.setdefault(f"ending.{ending.name}", f"The game ends ({ending.name}).")

    def phrase(event: Mapping[str, Any]) -> Phrase | None:
        kind = event["event"]
        if kind == "action":
            verb, *args = str(event["action"]).split()
            return Phrase(f"action.{verb}", {"args": args})
        if kind == "game_over":
            return Phrase(f"ending.{event['termination']}")
        if kind not in sentences:
            return None
        values: dict[str, Any] = {
            name: value for name, value in event.items() if name != "event" and name != "seat"
        }
        seat = event.get("seat")
        if seat is not None:
            values["who"] = Seat(int(seat))
        values = {
            name: value
            for name, value in values.items()
            if isinstance(value, int | str | Seat) and not isinstance(value, bool)
        }
        return Phrase(kind, values, subject=seat if f"{kind}.you" in sentences else None)

    return Messages(tuple(Message(code, text) for code, text in sentences.items()), (), phrase)


# ---------------------------------------------------------------------- the kit
def build_kit(mode: Mode) -> GameKit:
    """The kit of a checked mode."""
    game: type[ModeGame] = compile_mode(mode)
    return GameKit(
        game=game,
        play=PLAY,
        metrics=METRICS,
        drawing=draw,
        messages=_messages(mode),
        view=_HERE / "view.js",
        guide=_HERE / "guide.js",
    )


_LOADED: dict[str, GameKit] = {}


def load(path: Path | str) -> GameKit:
    """The kit of the mode file at ``path`` (``ModeError`` listing its mistakes). A file read
    before, unchanged, gives the same kit, so that registering it twice is harmless."""
    file = Path(path)
    try:
        if file.stat().st_size > MAX_BYTES:
            raise ModeError(
                str(file), [Problem(1, 1, f"a mode file holds at most {MAX_BYTES} bytes")]
            )
        raw = file.read_bytes()
    except OSError as error:
        raise ModeError(
            str(file), [Problem(1, 1, f"cannot read the file: {error.strerror}")]
        ) from None
    key = hashlib.sha256(raw).hexdigest()
    kit = _LOADED.get(key)
    if kit is None:
        kit = _LOADED[key] = build_kit(parse_mode(raw, str(path)))
    return kit
