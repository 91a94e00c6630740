"""The rules for people: every game has them in every language, in its package (where the
installed command line reads them), naming every option, and the index's links all lead
somewhere."""

import re
from pathlib import Path

import pytest

import sequenza
from sequenza.core.registry import game_class, game_kit

DOCS = Path(__file__).resolve().parent.parent / "docs"
INDEX = DOCS / "rules" / "README.md"
LANGUAGES = ("en", "it", "fi", "eo")

#: The games this package ships. A game registered from another installed package (or by a
#: test) brings its own rules, so only ours are held to this folder.
GAME_IDS = sorted(
    info.id
    for info in sequenza.available_games()
    if game_class(info.id).__module__.startswith("sequenza.")
)


def page(game_id: str, language: str) -> Path:
    """A game's rules for people in a language, in its package's rulebook."""
    rulebook = game_kit(game_id).rulebook
    assert rulebook is not None, f"{game_id} declares no rulebook in its kit"
    return rulebook / language / f"{game_id}.md"


#: Markdown links, inline: [text](target).
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_every_game_is_documented() -> None:
    assert len(GAME_IDS) >= 6


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_exist_in_each_language(game_id: str, language: str) -> None:
    path = page(game_id, language)
    assert path.is_file(), f"{game_id} has no rules in {language}: write {path}"
    assert path.read_text(encoding="utf-8").strip(), f"{path} is empty"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_english_rules_name_every_option(game_id: str) -> None:
    text = page(game_id, "en").read_text(encoding="utf-8")
    missing = [
        spec.name for spec in game_class(game_id).options_class.specs() if spec.name not in text
    ]
    assert not missing, f"the English rules of {game_id} do not mention {missing}"


def test_index_links_resolve() -> None:
    targets = LINK.findall(INDEX.read_text(encoding="utf-8"))
    assert targets, "the rules index links to nothing"
    broken = []
    for target in targets:
        if "://" in target or target.startswith(("#", "mailto:")):
            continue
        path = (INDEX.parent / target.split("#", 1)[0]).resolve()
        if not path.exists():
            broken.append(target)
    assert not broken, f"links in docs/rules/README.md that lead nowhere: {broken}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_index_links_every_rules_file(game_id: str, language: str) -> None:
    targets = {
        (INDEX.parent / target).resolve() for target in LINK.findall(INDEX.read_text("utf-8"))
    }
    assert page(game_id, language).resolve() in targets
