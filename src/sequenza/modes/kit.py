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
import tempfile
from collections import defaultdict
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from sequenza import i18n
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
    seat_number,
)
from sequenza.modes.engine import ModeGame, ModeObservation, compile_mode
from sequenza.modes.loader import MAX_BYTES, ModeError, parse_mode
from sequenza.modes.mistakes import Problem
from sequenza.modes.model import LANGUAGES, Mode

_HERE = Path(__file__).parent
#: The catalogues' domain of the log's sentences (the text layer's ``DOMAIN``).
LOG_DOMAIN = "log"


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
def draw(
    observation: dict[str, Any], words: Words, *, name: str | None = None, piles: bool = True
) -> str:
    """The declared places in plain text, each place by the file's own name and a seat's
    places by their seat counted from 1, as every game's drawing counts them ("seat 1 (you)"
    in the ``games`` catalogue's words). ``name`` is the mode's English name (its catalogue
    words it in the reader's language; the mode's id without it); ``piles`` whether the
    table's places hold piles, whose sizes are then shown ("2:131(3)"): a grid of single
    cards shows its cards alone."""
    places = observation["places"]
    table = places[0]
    seat = observation["seat"]
    # The phase is the file's own word for it, as the places' names are.
    deck = f"{words.text('common.deck')} {observation['deck_size']}"
    lines = [f"{_name(name, words) or observation['mode']} · {observation['phase']} · {deck}"]
    width = max((len(pile[-1]) for pile in table["cells"] if pile), default=5)
    cells = [
        (f"{pile[-1]}({len(pile)})" if piles else pile[-1].ljust(width))
        if pile
        else ("  .  " if piles else ".".center(width))
        for pile in table["cells"]
    ]
    if table["kind"] == "grid":
        rows, columns = table["shape"]
        lines.append(f"{table['name']}:")
        for row in range(rows):
            lines.append(("  " + "  ".join(cells[row * columns : (row + 1) * columns])).rstrip())
    else:
        empty = words.text("mode.view.row_empty")
        lines.append(f"{table['name']}: " + ("  ".join(cells) if cells else empty))
    for place in places[1:]:
        owner = place["seat"]
        who = ""
        if owner is not None:
            key = "common.draw_seat_you" if owner == seat else "common.draw_seat"
            who = f", {words.text(key, seat=seat_number(owner))}"
        shown = " ".join(place["cards"]) if place["cards"] else ""
        lines.append(f"{place['name']}{who}: {shown or place['size']}")
    counters = observation["counters"]
    said = []
    if "slides" in counters:
        said.append(
            words.text("mode.view.slides", slides=counters["slides"], limit=counters["slide_limit"])
        )
    if "quiet_turns" in counters:
        said.append(words.text("mode.view.quiet", turns=counters["quiet_turns"]))
    if said:
        lines.append(" · ".join(said))
    return "\n".join(lines)


def _name(name: str | None, words: Words) -> str | None:
    """The mode's name in the reader's language: its catalogue's translation of the English
    name, the name itself where the words have none (a drawing asked for in other words)."""
    if name is None:
        return None
    try:
        return words.text(name)
    except (KeyError, ValueError, IndexError):  # no entry, or braces a designer wrote
        return name


# ---------------------------------------------------------------------- words
#: A sentence's forms by CLDR plural category (``one``, ``many``, ``other``...); a sentence
#: without a number has its ``other`` form alone.
Forms = dict[str, str]

#: The events whose sentence says a number, and the field whose number picks the sentence's
#: plural form ("draws 1 card", "draws 2 cards"); their ``.you`` sentences too.
COUNTED = {"deal": "deck", "claim": "cards", "draw": "cards", "repetition": "occurrences"}

#: The English sentences of the events every mode may write (a file's ``event.<code>`` words
#: replace them), a counted event's by plural category as a file words it. They live here,
#: beside the generic view's words, rather than in a catalogue of their own: each mode's
#: catalogue is written from them under the mode's id, and a file's own words for an event take
#: the same shape, so that one path turns both into the language's gettext plural forms.
EVENT_SENTENCES: dict[str, str | Forms] = {
    "deal": "The cards are dealt ({deck} left in the deck).",
    "claim": {
        "one": "{who} claims and collects {cards} card",
        "other": "{who} claims and collects {cards} cards",
    },
    "claim.you": {
        "one": "You claim and collect {cards} card",
        "other": "You claim and collect {cards} cards",
    },
    "exchange.you": "You exchange the target {card}",
    "draw.you": {
        "one": "You draw {cards} card ({deck} left)",
        "other": "You draw {cards} cards ({deck} left)",
    },
    "refill.you": "You refill the table",
    "turn_over.you": "Your turn ends: no slide is left",
    "turn_ends.you": "Your turn ends: no card is left in hand",
    "discard.you": "Your card {card} has nowhere to go and leaves the game",
    "pass.you": "You have no card and pass",
    "no_sequence.you": "You show no sequence",
    "repetition.you": {
        "one": "The position has come back {occurrences} time: you must exchange",
        "other": "The position has come back {occurrences} times: you must exchange",
    },
    "exchange": "{who} exchanges the target {card}",
    "draw": {
        "one": "{who} draws {cards} card ({deck} left)",
        "other": "{who} draws {cards} cards ({deck} left)",
    },
    "refill": "{who} refills the table",
    "turn_over": "{who}'s turn ends: no slide is left",
    "turn_ends": "{who}'s turn ends: no card is left in hand",
    "discard": "{who}'s card {card} has nowhere to go and leaves the game",
    "pass": "{who} has no card and passes",
    "no_sequence": "{who} shows no sequence",
    "repetition": {
        "one": "The position has come back {occurrences} time: {who} must exchange",
        "other": "The position has come back {occurrences} times: {who} must exchange",
    },
}


#: The event sentences in the other languages (a file's own words replace them too), a
#: counted one by the language's plural categories: Italian's ``many`` is the form of a round
#: million ("1.000.000 di carte").
EVENT_TRANSLATIONS: dict[str, dict[str, str | Forms]] = {
    "it": {
        "deal": {
            "one": "Le carte sono distribuite (nel mazzo ne resta {deck}).",
            "many": "Le carte sono distribuite (nel mazzo ne restano {deck}).",
            "other": "Le carte sono distribuite (nel mazzo ne restano {deck}).",
        },
        "claim": {
            "one": "{who} reclama e raccoglie {cards} carta",
            "many": "{who} reclama e raccoglie {cards} di carte",
            "other": "{who} reclama e raccoglie {cards} carte",
        },
        "claim.you": {
            "one": "Reclami e raccogli {cards} carta",
            "many": "Reclami e raccogli {cards} di carte",
            "other": "Reclami e raccogli {cards} carte",
        },
        "exchange.you": "Cambi l'obiettivo {card}",
        "draw.you": {
            "one": "Peschi {cards} carta (nel mazzo: {deck})",
            "many": "Peschi {cards} di carte (nel mazzo: {deck})",
            "other": "Peschi {cards} carte (nel mazzo: {deck})",
        },
        "refill.you": "Riempi il tavolo",
        "turn_over.you": "Il tuo turno finisce: non restano scorrimenti",
        "turn_ends.you": "Il tuo turno finisce: non restano carte in mano",
        "discard.you": "La tua carta {card} non ha dove andare ed esce dal gioco",
        "pass.you": "Non hai carte e passi",
        "no_sequence.you": "Non mostri sequenze",
        "repetition.you": {
            "one": "La posizione si è ripetuta {occurrences} volta: devi cambiare",
            "many": "La posizione si è ripetuta {occurrences} di volte: devi cambiare",
            "other": "La posizione si è ripetuta {occurrences} volte: devi cambiare",
        },
        "exchange": "{who} cambia l'obiettivo {card}",
        "draw": {
            "one": "{who} pesca {cards} carta (nel mazzo: {deck})",
            "many": "{who} pesca {cards} di carte (nel mazzo: {deck})",
            "other": "{who} pesca {cards} carte (nel mazzo: {deck})",
        },
        "refill": "{who} riempie il tavolo",
        "turn_over": "Il turno di {who} finisce: non restano scorrimenti",
        "turn_ends": "Il turno di {who} finisce: non restano carte in mano",
        "discard": "La carta {card} di {who} non ha dove andare ed esce dal gioco",
        "pass": "{who} non ha carte e passa",
        "no_sequence": "{who} non mostra sequenze",
        "repetition": {
            "one": "La posizione si è ripetuta {occurrences} volta: {who} deve cambiare",
            "many": "La posizione si è ripetuta {occurrences} di volte: {who} deve cambiare",
            "other": "La posizione si è ripetuta {occurrences} volte: {who} deve cambiare",
        },
    },
    "fi": {
        "deal": "Kortit jaetaan (pakassa {deck}).",
        "claim": {
            "one": "{who} ottaa ja kerää {cards} kortin",
            "other": "{who} ottaa ja kerää {cards} korttia",
        },
        "claim.you": {
            "one": "Otat ja keräät {cards} kortin",
            "other": "Otat ja keräät {cards} korttia",
        },
        "exchange.you": "Vaihdat tavoitteen {card}",
        "draw.you": {
            "one": "Nostat {cards} kortin (jäljellä {deck})",
            "other": "Nostat {cards} korttia (jäljellä {deck})",
        },
        "refill.you": "Täytät pöydän",
        "turn_over.you": "Vuorosi päättyy: liu'utuksia ei ole jäljellä",
        "turn_ends.you": "Vuorosi päättyy: kädessä ei ole kortteja",
        "discard.you": "Kortillasi {card} ei ole paikkaa, ja se poistuu pelistä",
        "pass.you": "Sinulla ei ole kortteja, ja passaat",
        "no_sequence.you": "Et näytä sarjaa",
        "repetition.you": {
            "one": "Asema on toistunut {occurrences} kerran: joudut vaihtamaan",
            "other": "Asema on toistunut {occurrences} kertaa: joudut vaihtamaan",
        },
        "exchange": "{who} vaihtaa tavoitteen {card}",
        "draw": {
            "one": "{who} nostaa {cards} kortin (jäljellä {deck})",
            "other": "{who} nostaa {cards} korttia (jäljellä {deck})",
        },
        "refill": "{who} täyttää pöydän",
        "turn_over": "Pelaajan {who} vuoro päättyy: liu'utuksia ei ole jäljellä",
        "turn_ends": "Pelaajan {who} vuoro päättyy: kädessä ei ole kortteja",
        "discard": "Pelaajan {who} kortilla {card} ei ole paikkaa, ja se poistuu pelistä",
        "pass": "{who} on ilman kortteja ja passaa",
        "no_sequence": "{who} ei näytä sarjaa",
        "repetition": {
            "one": "Asema on toistunut {occurrences} kerran: {who} joutuu vaihtamaan",
            "other": "Asema on toistunut {occurrences} kertaa: {who} joutuu vaihtamaan",
        },
    },
    "eo": {
        "deal": "La kartoj estas disdonitaj ({deck} restas en la stako).",
        "claim": {
            "one": "{who} postulas kaj kolektas {cards} karton",
            "other": "{who} postulas kaj kolektas {cards} kartojn",
        },
        "claim.you": {
            "one": "Vi postulas kaj kolektas {cards} karton",
            "other": "Vi postulas kaj kolektas {cards} kartojn",
        },
        "exchange.you": "Vi interŝanĝas la celon {card}",
        "draw.you": {
            "one": "Vi tiras {cards} karton ({deck} restas)",
            "other": "Vi tiras {cards} kartojn ({deck} restas)",
        },
        "refill.you": "Vi replenigas la tablon",
        "turn_over.you": "Via vico finiĝas: neniu glitigo restas",
        "turn_ends.you": "Via vico finiĝas: neniu karto restas en la mano",
        "discard.you": "Via karto {card} havas nenien iri kaj forlasas la ludon",
        "pass.you": "Vi havas neniun karton kaj pasas",
        "no_sequence.you": "Vi montras neniun sekvencon",
        "repetition.you": {
            "one": "La pozicio revenis {occurrences} fojon: vi devas interŝanĝi",
            "other": "La pozicio revenis {occurrences} fojojn: vi devas interŝanĝi",
        },
        "exchange": "{who} interŝanĝas la celon {card}",
        "draw": {
            "one": "{who} tiras {cards} karton ({deck} restas)",
            "other": "{who} tiras {cards} kartojn ({deck} restas)",
        },
        "refill": "{who} replenigas la tablon",
        "turn_over": "La vico de {who} finiĝas: neniu glitigo restas",
        "turn_ends": "La vico de {who} finiĝas: neniu karto restas en la mano",
        "discard": "La karto {card} de {who} havas nenien iri kaj forlasas la ludon",
        "pass": "{who} havas neniun karton kaj pasas",
        "no_sequence": "{who} montras neniun sekvencon",
        "repetition": {
            "one": "La pozicio revenis {occurrences} fojon: {who} devas interŝanĝi",
            "other": "La pozicio revenis {occurrences} fojojn: {who} devas interŝanĝi",
        },
    },
}


def _forms(words: str | Forms) -> Forms:
    """A sentence's forms by plural category: a plain sentence is its ``other`` form."""
    return {"other": words} if isinstance(words, str) else dict(words)


def _counted(code: str) -> str | None:
    """The field whose number picks a log sentence's plural form, if it says a number."""
    return COUNTED.get(code.removesuffix(".you"))


#: The generic view's own words (``modes/view.js``), the same for every mode: the kit writes
#: them into each mode's ``games`` catalogue, where the page reads them by key.
VIEW_WORDS: dict[str, dict[str, str | Forms]] = {
    "en": {
        "mode.view.new_left": "◀ New pile",
        "mode.view.new_right": "New pile ▶",
        "mode.view.pile": "Pile {pile} · {size}",
        "mode.view.row": "Row {line}",
        "mode.view.column": "Column {line}",
        "mode.view.diagonal": "Diagonal {line}",
        "mode.view.window": "From pile {line}",
        "mode.view.slides": "Slides: {slides} of {limit}",
        "mode.view.quiet": "Turns without a claim: {turns}",
        "mode.view.hint": "Pick a card, then where it goes; or a line to claim",
        "mode.view.seat": "Collected: {score}",
        "mode.view.hand_size": "in hand: {size}",
        "mode.view.holds_target": "holds a target",
        "mode.view.covered": "placed on this turn",
        "mode.view.row_empty": "No pile yet",
        "mode.view.prompt_pass": "You have nothing to play: pass",
        "mode.view.prompt_exchange": "Your target cannot be made: exchange it",
        "mode.view.prompt_refill": (
            "Choose the position that stays empty; the deck fills the others"
        ),
        "mode.view.prompt_end": "Nothing more to play: end your turn",
        "mode.view.prompt_claim": "A line shows a code: claim it",
        "mode.view.prompt_claim_or_play": "A line shows a code: claim it, or play on",
        "mode.view.prompt_place": "Place a card from your hand",
        "mode.view.prompt_slide": "Slide a card into a hole",
        "mode.view.prompt_slide_left": {
            "one": "Slide a card into a hole ({slides} slide left)",
            "other": "Slide a card into a hole ({slides} slides left)",
        },
        "mode.view.exchanges": "Targets exchanged",
        "mode.view.end_note": "Left in the deck: {deck} · out of play: {out}",
    },
    "it": {
        "mode.view.new_left": "◀ Nuova pila",
        "mode.view.new_right": "Nuova pila ▶",
        "mode.view.pile": "Pila {pile} · {size}",
        "mode.view.row": "Riga {line}",
        "mode.view.column": "Colonna {line}",
        "mode.view.diagonal": "Diagonale {line}",
        "mode.view.window": "Dalla pila {line}",
        "mode.view.slides": "Scorrimenti: {slides} su {limit}",
        "mode.view.quiet": "Turni senza reclami: {turns}",
        "mode.view.hint": "Scegli una carta, poi dove va; oppure una linea da reclamare",
        "mode.view.seat": "Raccolte: {score}",
        "mode.view.hand_size": "in mano: {size}",
        "mode.view.holds_target": "ha un obiettivo",
        "mode.view.covered": "coperta in questo turno",
        "mode.view.row_empty": "Ancora nessuna pila",
        "mode.view.prompt_pass": "Non hai niente da giocare: passa",
        "mode.view.prompt_exchange": "Il tuo obiettivo non si può comporre: cambialo",
        "mode.view.prompt_refill": "Scegli la posizione che resta vuota; il mazzo riempie le altre",
        "mode.view.prompt_end": "Non c'è altro da giocare: termina il turno",
        "mode.view.prompt_claim": "Una linea mostra un codice: reclamala",
        "mode.view.prompt_claim_or_play": (
            "Una linea mostra un codice: reclamala, o continua a giocare"
        ),
        "mode.view.prompt_place": "Posa una carta dalla mano",
        "mode.view.prompt_slide": "Fai scorrere una carta in un buco",
        "mode.view.prompt_slide_left": {
            "one": "Fai scorrere una carta in un buco (resta {slides} scorrimento)",
            "many": "Fai scorrere una carta in un buco (restano {slides} di scorrimenti)",
            "other": "Fai scorrere una carta in un buco (restano {slides} scorrimenti)",
        },
        "mode.view.exchanges": "Obiettivi cambiati",
        "mode.view.end_note": "Nel mazzo: {deck} · fuori gioco: {out}",
    },
    "fi": {
        "mode.view.new_left": "◀ Uusi pino",
        "mode.view.new_right": "Uusi pino ▶",
        "mode.view.pile": "Pino {pile} · {size}",
        "mode.view.row": "Rivi {line}",
        "mode.view.column": "Sarake {line}",
        "mode.view.diagonal": "Lävistäjä {line}",
        "mode.view.window": "Pinosta {line}",
        "mode.view.slides": "Liu'utukset: {slides}/{limit}",
        "mode.view.quiet": "Vuoroja ilman ottoa: {turns}",
        "mode.view.hint": "Valitse kortti ja sitten sen paikka, tai otettava linja",
        "mode.view.seat": "Kerätty: {score}",
        "mode.view.hand_size": "kädessä: {size}",
        "mode.view.holds_target": "tavoite kädessä",
        "mode.view.covered": "katettu tällä vuorolla",
        "mode.view.row_empty": "Ei vielä pinoja",
        "mode.view.prompt_pass": "Sinulla ei ole pelattavaa: passaa",
        "mode.view.prompt_exchange": "Tavoitettasi ei voi koota: vaihda se",
        "mode.view.prompt_refill": "Valitse paikka, joka jää tyhjäksi; pakka täyttää muut",
        "mode.view.prompt_end": "Ei enempää pelattavaa: päätä vuorosi",
        "mode.view.prompt_claim": "Linja näyttää koodin: ota se",
        "mode.view.prompt_claim_or_play": "Linja näyttää koodin: ota se tai jatka pelaamista",
        "mode.view.prompt_place": "Pelaa kortti kädestäsi",
        "mode.view.prompt_slide": "Liu'uta kortti aukkoon",
        "mode.view.prompt_slide_left": {
            "one": "Liu'uta kortti aukkoon (jäljellä {slides} liu'utus)",
            "other": "Liu'uta kortti aukkoon (jäljellä {slides} liu'utusta)",
        },
        "mode.view.exchanges": "Vaihdetut tavoitteet",
        "mode.view.end_note": "Pakassa: {deck} · pois pelistä: {out}",
    },
    "eo": {
        "mode.view.new_left": "◀ Nova amaso",
        "mode.view.new_right": "Nova amaso ▶",
        "mode.view.pile": "Amaso {pile} · {size}",
        "mode.view.row": "Vico {line}",
        "mode.view.column": "Kolumno {line}",
        "mode.view.diagonal": "Diagonalo {line}",
        "mode.view.window": "De amaso {line}",
        "mode.view.slides": "Glitigoj: {slides} el {limit}",
        "mode.view.quiet": "Vicoj sen postulo: {turns}",
        "mode.view.hint": "Elektu karton, poste kien ĝi iras; aŭ linion por postuli",
        "mode.view.seat": "Kolektitaj: {score}",
        "mode.view.hand_size": "en mano: {size}",
        "mode.view.holds_target": "havas celon",
        "mode.view.covered": "kovrita en ĉi tiu vico",
        "mode.view.row_empty": "Ankoraŭ neniu amaso",
        "mode.view.prompt_pass": "Vi havas nenion por ludi: pasu",
        "mode.view.prompt_exchange": "Via celo ne estas farebla: interŝanĝu ĝin",
        "mode.view.prompt_refill": (
            "Elektu la pozicion kiu restas malplena; la stako plenigas la aliajn"
        ),
        "mode.view.prompt_end": "Nenio plu por ludi: finu vian vicon",
        "mode.view.prompt_claim": "Linio montras kodon: postulu ĝin",
        "mode.view.prompt_claim_or_play": "Linio montras kodon: postulu ĝin, aŭ plu ludu",
        "mode.view.prompt_place": "Metu karton el via mano",
        "mode.view.prompt_slide": "Glitigu karton en truon",
        "mode.view.prompt_slide_left": {
            "one": "Glitigu karton en truon (restas {slides} glitigo)",
            "other": "Glitigu karton en truon (restas {slides} glitigoj)",
        },
        "mode.view.exchanges": "Interŝanĝitaj celoj",
        "mode.view.end_note": "En la stako: {deck} · ekster la ludo: {out}",
    },
}


def _file_key(code: str) -> str:
    """The key a file words a sentence by: ``event.<code>`` for an event's."""
    return code if code.startswith(("action.", "ending.")) else f"event.{code}"


def _sentences(mode: Mode) -> dict[str, Forms]:
    """Every sentence of a mode's log, by code, in English, each by its plural forms."""
    english = mode.words.get("en", {})
    plurals = mode.plurals.get("en", {})
    sentences = {code: _forms(words) for code, words in EVENT_SENTENCES.items()}
    for key, text in english.items():
        if key.startswith(("action.", "ending.", "event.")):
            sentences[key.removeprefix("event.")] = plurals.get(key) or {"other": text}
    verbs = {"slide", "place", "claim", "end", "pass", "exchange", "hole", "refill"}
    for verb in verbs:
        sentences.setdefault(f"action.{verb}", {"other": f"{verb.title()} {{args}}"})
    for ending in mode.endings:
        sentences.setdefault(f"ending.{ending.name}", {"other": f"The game ends ({ending.name})."})
    return sentences


def _message(code: str, forms: Forms) -> Message:
    """A log sentence's ``Message``: a counted one with its singular and plural (an old file's
    single sentence is both), the others with their one form."""
    count = _counted(code.partition(":")[2] or code)
    if count is None:
        return Message(code, forms["other"])
    return Message(code, forms.get("one", forms["other"]), forms["other"], count)


def _translated_forms(mode: Mode, code: str, english: Forms, language: str) -> tuple[str, ...]:
    """A counted sentence's gettext forms in ``language``, in the order of its catalogue's
    plural categories: the file's own forms (a missing category takes its ``other``), its
    single sentence for every form, or the shared translation of a sentence the file keeps."""
    categories = i18n.plural_categories(LOG_DOMAIN, language)
    if language == "en":
        return tuple(english.get(category, english["other"]) for category in categories)
    key = _file_key(code)
    own: Forms | None = mode.plurals.get(language, {}).get(key)
    if own is None and key in mode.words.get(language, {}):
        own = {"other": mode.words[language][key]}
    if own is None and english == _forms(EVENT_SENTENCES.get(code, "")):
        shared = EVENT_TRANSLATIONS.get(language, {}).get(code)
        own = _forms(shared) if shared is not None else None
    if own is None:
        return tuple("" for _ in categories)
    return tuple(own.get(category, own["other"]) for category in categories)


def _log_code(mode: Mode, code: str) -> str:
    """A log sentence's message context: under the mode's id, since every mode words its own
    ``action.slide`` (the log catalogues of all the modes a process reads are merged)."""
    return f"{mode.id}:{code}"


def shown_args(args: list[str], table: str) -> list[str]:
    """An action's arguments as people read them: on a grid, its positions and the rows and
    columns a claim names counted from 1, as the built-in games show them ("slide 1 4" reads
    "2 5"); a row's piles and windows are counted from 1 already. The generic view
    (``view.js``) shows them the same way.

    >>> shown_args(["1", "4"], "grid"), shown_args(["2:131", "right"], "grid")
    (['2', '5'], ['2:131', 'right'])
    >>> shown_args(["2:131", "3"], "row")
    ['2:131', '3']
    """
    if table != "grid":
        return args
    return [str(int(arg) + 1) if arg.isdigit() else arg for arg in args]


def _messages(mode: Mode) -> Messages:
    sentences = _sentences(mode)
    mine = {code: _log_code(mode, code) for code in sentences}
    table = mode.places.table.kind

    def phrase(event: Mapping[str, Any]) -> Phrase | None:
        kind = event["event"]
        if kind == "action":
            verb, *args = str(event["action"]).split()
            return Phrase(mine[f"action.{verb}"], {"args": shown_args(args, table)})
        if kind == "game_over":
            code = f"ending.{event['termination']}"
            return Phrase(mine.get(code, code))
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
        return Phrase(mine[kind], values, subject=seat if f"{kind}.you" in sentences else None)

    return Messages(
        tuple(_message(mine[code], forms) for code, forms in sentences.items()), (), phrase
    )


def _page_words(mode: Mode) -> dict[str, str]:
    """The English words the generic view reads under the mode's id: each action's (as the
    log words it) and each place's name (``place.<name>``, the name itself by default)."""
    sentences = _sentences(mode)
    english = mode.words.get("en", {})
    words = {key: forms["other"] for key, forms in sentences.items() if key.startswith("action.")}
    for name in mode.places.names():
        words[f"place.{name}"] = english.get(f"place.{name}", name.replace("_", " ").capitalize())
    return words


#: The folders of the catalogues written for the modes read in this process (removed when it
#: ends).
_FOLDERS: list[tempfile.TemporaryDirectory[str]] = []


def release_catalogues(root: Path) -> None:
    """Remove the catalogues ``write_catalogues`` wrote at ``root`` (a mode forgotten)."""
    for folder in list(_FOLDERS):
        if Path(folder.name) == root:
            _FOLDERS.remove(folder)
            folder.cleanup()


def write_catalogues(mode: Mode) -> Path:
    """The mode's words as the catalogues the text layer reads (``<lang>/LC_MESSAGES/``):
    ``log.po``, its log's sentences, and ``games.po``, its name, summary and the page's words,
    each in the file's words where the file gives them and in English otherwise, and its
    options' words where the file gives them (under the mode's own keys: elsewhere its options
    read as every game's words for their English); and its rules page for people in each
    language (``rulebook/<lang>/<id>.md``)."""
    folder = tempfile.TemporaryDirectory(prefix=f"sequenza-{mode.id}-")
    _FOLDERS.append(folder)
    root = Path(folder.name)
    sentences = _sentences(mode)
    described = {"mode.name": mode.name, "mode.summary": mode.summary}
    # An option's description, and its name as people read it (the lobby shows it), by the
    # English the text layer reads them by (``OptionSpec.description`` and ``.label``).
    options = {
        **{f"option.{option.name}": option.description for option in mode.options},
        **{
            f"option.{option.name}.label": option.name.replace("_", " ").capitalize()
            for option in mode.options
        },
    }
    for language in LANGUAGES:
        own = mode.words.get(language, {})
        log = Catalog(locale=language, domain="log")
        for code, forms in sentences.items():
            if _counted(code) is not None:
                english = _message(code, forms)
                log.add(
                    (english.text, english.plural or english.text),
                    _translated_forms(mode, code, forms, language),
                    context=_log_code(mode, code),
                )
                continue
            text = forms["other"]
            translated = text if language == "en" else own.get(_file_key(code), "")
            if not translated and text == EVENT_SENTENCES.get(code):
                shared = EVENT_TRANSLATIONS.get(language, {}).get(code, "")
                translated = _forms(shared)["other"]
            log.add(text, translated, context=_log_code(mode, code))
        games = Catalog(locale=language, domain="games")
        for key, text in described.items():
            if text:
                games.add(text, text if language == "en" else own.get(key, ""))
        # The file's own words for its options are the mode's alone (``i18n.game_key``): another
        # game may describe an option in the same English and translate it otherwise. An
        # option the file does not word reads as every game's words for its English.
        for key, text in options.items():
            if text and own.get(key):
                games.add(text, own[key], context=i18n.game_key(mode.id, key))
        # The page's words, by key: the generic view's own, then the file's actions and
        # places under the mode's id ("mode-shift:action.slide"), in the file's words where
        # it gives them and in English otherwise.
        for key, words in VIEW_WORDS["en"].items():
            said = _forms(words)
            theirs = _forms(VIEW_WORDS[language].get(key, words))
            if len(said) == 1:
                games.add(said["other"], theirs["other"], context=key)
                continue
            # A sentence with a number, in the language's plural forms (the page picks one by
            # the number it passes as ``count``).
            games.add(
                (said["one"], said["other"]),
                tuple(
                    theirs.get(category, theirs["other"])
                    for category in i18n.plural_categories("games", language)
                ),
                context=key,
            )
        for key, text in _page_words(mode).items():
            games.add(
                text, own.get(key, text) if language != "en" else text, context=f"{mode.id}:{key}"
            )
        place = root / language / "LC_MESSAGES"
        place.mkdir(parents=True)
        for domain, catalogue in (("log", log), ("games", games)):
            with (place / f"{domain}.po").open("wb") as file:
                write_po(file, catalogue)
        # The rules page for people: the file's rules in this language (English without them).
        page = root / "rulebook" / language / f"{mode.id}.md"
        page.parent.mkdir(parents=True)
        title = own.get("mode.name", mode.name) if language != "en" else mode.name
        summary = own.get("mode.summary", mode.summary) if language != "en" else mode.summary
        rules = own.get("mode.rules", mode.rules) if language != "en" else mode.rules
        page.write_text(
            "\n\n".join(part.strip() for part in (f"# {title}", summary, rules) if part.strip())
            + "\n",
            encoding="utf-8",
        )
    return root


# ---------------------------------------------------------------------- the kit
def build_kit(mode: Mode) -> GameKit:
    """The kit of a checked mode."""
    game: type[ModeGame] = compile_mode(mode)
    return GameKit(
        game=game,
        play=PLAY,
        metrics=METRICS,
        # A row's places are piles; a grid's are piles where the file says so.
        drawing=partial(
            draw,
            name=mode.name,
            piles=mode.places.table.kind == "row" or mode.places.table.holds == "pile",
        ),
        messages=_messages(mode),
        view=_HERE / "view.js",
        guide=_HERE / "guide.js",
        locale=(folder := write_catalogues(mode)),
        rulebook=folder / "rulebook",
        # The tensor made from the declared places (imported by the RL layer alone).
        encoder="sequenza.modes.encoding:Encoder",
    )


_LOADED: dict[str, GameKit] = {}


def load(path: Path | str) -> GameKit:
    """The kit of the mode file at ``path`` (``ModeError`` listing its mistakes). A file read
    before, unchanged, gives the same kit, so that registering it twice is harmless."""
    file = Path(path)
    try:
        if file.stat().st_size > MAX_BYTES:
            raise ModeError(
                str(file),
                [Problem.of(1, 1, "too_large", "trim", limit=MAX_BYTES, size=file.stat().st_size)],
            )
        raw = file.read_bytes()
    except OSError as error:
        raise ModeError(
            str(file), [Problem.of(1, 1, "unreadable", reason=error.strerror)]
        ) from None
    key = hashlib.sha256(raw).hexdigest()
    kit = _LOADED.get(key)
    if kit is None:
        kit = _LOADED[key] = build_kit(parse_mode(raw, str(path)))
    return kit
