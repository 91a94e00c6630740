"""``python -m sequenza.text``: write the English catalogue from the messages the project's
games declare (the source other languages translate)."""

from sequenza.core.kit import Message, Word
from sequenza.core.registry import game_kits
from sequenza.text.catalogue import (
    SOURCE_LANGUAGE,
    catalogue_path,
    source_catalogue,
    write_catalogue,
)
from sequenza.text.describe import COMMON_SENTENCES, COMMON_WORDS


def project_messages() -> tuple[list[Message], list[Word]]:
    """The text layer's own messages and those of this project's games (a game from another
    package brings its own catalogue)."""
    sentences = list(COMMON_SENTENCES)
    words = list(COMMON_WORDS)
    for kit in game_kits():
        if kit.game.__module__.startswith("sequenza."):
            sentences += kit.messages.sentences
            words += kit.messages.words
    return sentences, words


def main() -> None:
    path = catalogue_path(SOURCE_LANGUAGE)
    write_catalogue(source_catalogue(*project_messages()), path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
