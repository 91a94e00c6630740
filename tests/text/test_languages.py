"""The game log in every language: each catalogue translates every English message, keeps its
placeholders and fills every plural form, and every event of every game reads in full in each
language, with numbers and lists written that language's way."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from sequenza import i18n
from sequenza.core.registry import game_kits
from sequenza.text import describe, describe_ending, describe_result
from sequenza.text.describe import DOMAIN
from tests.text.test_describe import FOLDERS, NAMES, played_logs

TRANSLATED = [lang for lang in i18n.languages() if lang != i18n.SOURCE_LANGUAGE]
#: Every game that brings its log's catalogues (the test plug-in's among them, from its folder).
OUR_GAMES = [kit.id for kit in game_kits() if kit.locale is not None]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(lang: str, folder: Path = i18n.LOCALE_DIR) -> Catalog:
    path = i18n.catalogue_path(DOMAIN, lang, folder)
    assert path.is_file(), f"no {lang} log catalogue in {folder}"
    with path.open("rb") as po:
        return read_po(po, locale=lang, domain=DOMAIN)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_log_reads_in_english_italian_finnish_and_esperanto() -> None:
    assert i18n.languages() == ("en", "eo", "fi", "it")


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.parent.name)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders_and_every_plural_form(
    lang: str, folder: Path
) -> None:
    english = {(message.context, message.id) for message in catalogue("en", folder) if message.id}
    translated = catalogue(lang, folder)
    # A game's catalogue counts plural forms as the language does (the shared one's rule).
    assert translated.plural_forms == catalogue(lang).plural_forms
    found = {(message.context, message.id) for message in translated if message.id}
    assert found == english, "update the catalogue from the English one (pybabel update)"
    for message in translated:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        source = message.id if isinstance(message.id, str) else message.id[0]
        expected = placeholders(source)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple):
            assert len(forms) == translated.num_plurals, (message.context, source)
        for form in forms:
            assert form.strip(), (lang, message.context, source)
            assert placeholders(form) == expected, (lang, message.context, source, form)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game_id", OUR_GAMES)
def test_every_event_of_every_game_reads_in_full_in_each_language(game_id: str, lang: str) -> None:
    for state, log in played_logs(game_id, games=2):
        names = NAMES[: state.players]
        for event in log:
            for viewer in (None, 0):
                text = describe(event, game_id=game_id, names=names, viewer=viewer, lang=lang)
                english = describe(event, game_id=game_id, names=names, viewer=viewer)
                assert text and "{" not in text and "}" not in text, text
                # A sentence reads as in English only when it is made of names and codes.
                assert text != english or not re.search(r"[a-z]{4}", english), text


EVENTS: list[tuple[str, dict[str, Any], dict[str, str]]] = [
    (
        "sequence-stacks",
        {"event": "draw", "seat": 1, "cards": 1, "deck": 9},
        {
            "it": "Greedy bot 2 pesca 1 carta",
            "fi": "Greedy bot 2 nostaa 1 kortin",
            "eo": "Greedy bot 2 tiras 1 karton",
        },
    ),
    (
        "sequentia-stack",
        {"event": "draw", "seat": 0, "cards": 2, "deck": 1234},
        {
            "it": "Peschi 2 carte (ne restano 1.234)",
            "fi": "Nostat 2 korttia (1\xa0234 jäljellä)",
            "eo": "Vi tiras 2 kartojn (restas 1\u202f234)",
        },
    ),
    (
        "sequence-stacks",
        {"event": "stole_card", "seat": 1, "source": 0, "card": "red-4"},
        {
            "it": "Greedy bot 2 ruba rossa 4 a te",
            "fi": "Greedy bot 2 varastaa kortin punainen 4 (kohde: sinä)",
            "eo": "Greedy bot 2 ŝtelas la karton ruĝa 4 de vi",
        },
    ),
    (
        "sequence-stacks",
        {"event": "chip", "seat": 1, "colour": "red"},
        {
            "it": "Greedy bot 2 prende una tessera rossa",
            "fi": "Greedy bot 2 saa pelimerkin (punainen)",
            "eo": "Greedy bot 2 prenas ruĝan ĵetonon",
        },
    ),
    (
        "sequentia-shift",
        {"event": "action", "seat": 1, "action": "slide 0 1"},
        {
            "it": "Greedy bot 2: Sposta a destra la carta in alto a sinistra",
            "fi": "Greedy bot 2: Siirrä vasemmalla ylhäällä oleva kortti oikealle",
            "eo": "Greedy bot 2: Ŝovi dekstren la karton supre maldekstre",
        },
    ),
    (
        "sequentia-cross",
        {"event": "claim", "seat": 1, "lines": "columns", "indices": [0, 2], "cards": 1},
        {
            "it": "Greedy bot 2 raccoglie le colonne di sinistra e di destra (1 carta)",
            "fi": "Greedy bot 2 kerää linjat: vasen sarake ja oikea sarake (1 kortti)",
            "eo": "Greedy bot 2 kolektas la vertikalojn maldekstre kaj dekstre (1 karto)",
        },
    ),
    (
        "sequence",
        {
            "event": "game_over",
            "scores": [0.0, 2.0],
            "winners": [1],
            "termination": "sequences_made",
            "sequences": 2,
        },
        {
            "it": "2 sequenze completate: la partita è vinta. Vittoria per Greedy bot 2 (0 – 2).",
            "fi": "2 sekvenssiä valmiina: peli on voitettu. Voitto: Greedy bot 2 (0 – 2).",
            "eo": "2 sekvencoj faritaj: la ludo estas venkita. Greedy bot 2 venkis (0 – 2).",
        },
    ),
]


@pytest.mark.parametrize(("game_id", "event", "sentences"), EVENTS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_sentences_agree_in_number_and_write_numbers_the_language_s_way(
    game_id: str, event: dict[str, Any], sentences: dict[str, str], lang: str
) -> None:
    text = describe(event, game_id=game_id, names=NAMES[:2], viewer=0, lang=lang)
    assert text == sentences[lang]


@pytest.mark.parametrize(
    ("lang", "ending", "result"),
    [
        ("it", "Un giocatore si è ritirato.", "Hai vinto"),
        ("fi", "Pelaaja luovutti.", "Voitit"),
        ("eo", "Ludanto rezignis.", "Vi venkis"),
    ],
)
def test_the_ending_and_the_result_alone_in_each_language(
    lang: str, ending: str, result: str
) -> None:
    event = {"event": "game_over", "scores": [1.0, 0.0], "winners": [0], "termination": "resigned"}
    assert describe_ending(event, game_id="sequence", names=NAMES[:2], lang=lang) == ending
    assert describe_result([0], names=NAMES[:2], viewer=0, lang=lang) == result
    shared = describe_result([0, 2], names=NAMES[:3], lang=lang)
    assert "Ann" in shared and "Carl" in shared and shared != "Ann and Carl share the win"
