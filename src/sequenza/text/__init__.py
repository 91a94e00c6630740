"""The text layer: the game log, endings and results as sentences, in the reader's language.

Games' events are codes and fields (``{"event": "draw", "seat": 1, "cards": 2}``); each game
declares the English template of each in its kit (``messages.py``), the ``log`` catalogues
translate them (this layer's shared sentences in ``sequenza.i18n``'s folder, each game's in
its own ``locale/``; ``sequenza.i18n`` reads them and knows the languages), and ``describe``
writes one event for one reader:

>>> describe({"event": "draw", "seat": 0, "cards": 1, "deck": 9},
...          game_id="sequentia-cross", names=["Ann", "Greedy bot 2"], viewer=0)
'You draw 1 card (9 left)'

The terminal and the web server use it (the page shows the server's sentences); the rules
never import it.
"""

from sequenza.text.describe import (
    COMMON_SENTENCES,
    COMMON_WORDS,
    describe,
    describe_ending,
    describe_result,
)

__all__ = [
    "COMMON_SENTENCES",
    "COMMON_WORDS",
    "describe",
    "describe_ending",
    "describe_result",
]
