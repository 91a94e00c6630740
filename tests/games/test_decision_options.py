"""RULES.md: every choice marked [decision] is a rule option whose default is the page's
reading, named in the rules text players read: the engine's rules text and the rules page of
every language (what `sequenza rules GAME` prints and the table's rules page shows)."""

from __future__ import annotations

import pytest

from sequenza.core.registry import game_class, game_kit

GAMES = ["sequentia-shift", "sequentia-stack", "sequence-numbers", "sequence", "sequence-stacks"]
LANGUAGES = ["en", "it", "fi", "eo"]
#: The label of a decision on the rules pages, by language.
OUR_CHOICE = {
    "en": "our choice",
    "it": "scelta nostra",
    "fi": "meidän valintamme",
    "eo": "nia elekto",
}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_option_is_named_in_every_rules_text(game_id: str) -> None:
    game = game_class(game_id)
    decisions = [spec.name for spec in game.options_class.specs() if spec.decision]
    rulebook = game_kit(game_id).rulebook
    assert rulebook is not None
    for name in decisions:
        assert name in game.info.rules_text, name
    for language in LANGUAGES:
        page = (rulebook / language / f"{game_id}.md").read_text(encoding="utf-8")
        for name in decisions:
            # The option's line names it and marks it as ours.
            line = page[page.index(f"`{name}`") :].split("\n- ")[0]
            assert OUR_CHOICE[language] in " ".join(line.split()), (language, name)


@pytest.mark.parametrize("language", LANGUAGES)
def test_sequence_stacks_decisions_without_an_option_are_labelled_our_choice(
    language: str,
) -> None:
    # The deck list over "60 blue and 60 red", and one side of the table per colour, have no
    # well-defined alternative rule: each is labelled as ours where it is explained.
    rulebook = game_kit("sequence-stacks").rulebook
    assert rulebook is not None
    page = (rulebook / language / "sequence-stacks.md").read_text(encoding="utf-8")
    paragraphs = [" ".join(paragraph.split()) for paragraph in page.split("\n\n")]
    sides = (
        "The original rules ask",
        "Le regole originali chiedono",
        "Alkuperäiset säännöt pyytävät",
        "La originalaj reguloj petas",
    )
    explained = [
        paragraph for paragraph in paragraphs if '"60 ' in paragraph or paragraph.startswith(sides)
    ]
    assert len(explained) == 2, language
    for paragraph in explained:
        assert OUR_CHOICE[language] in paragraph, (language, paragraph)
    text = game_class("sequence-stacks").info.rules_text
    assert text.count("[decision, our choice]") == 2
