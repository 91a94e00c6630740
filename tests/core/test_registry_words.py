"""The text layer reads every kit's catalogues once, and again whenever a kit comes or goes:
a mode registered after the words were first read speaks at once, and is silent once gone."""

from __future__ import annotations

from sequenza import i18n
from sequenza.core import registry
from sequenza.core.registry import register_kit, unregister_kit
from sequenza.modes import EXAMPLES, load


def test_a_kit_registered_after_the_words_were_read_is_read_at_once() -> None:
    assert "mode.view.row_empty" not in i18n.entries("games", "it")
    before = registry.kits_generation()
    with registry.kits_restored():
        kit = register_kit(load(EXAMPLES / "stack.toml"))
        assert registry.kits_generation() > before
        assert i18n.entries("games", "it")["mode.view.row_empty"].translated
        assert "mode.view.row_empty" in i18n.page_messages("it")
        unregister_kit(kit.id)
        assert "mode.view.row_empty" not in i18n.entries("games", "it")
        register_kit(kit)
    # The registry as it was: the mode and its words are gone.
    assert kit.id not in {one.id for one in registry.game_kits()}
    assert "mode.view.row_empty" not in i18n.entries("games", "it")
    assert "mode.view.row_empty" not in i18n.page_messages("it")
