"""Sequence and Sequence Numbers, the whole games: one set of board rules (``rules.py``) played
on two boards, what the bots know of them (``play.py``), what the simulator measures
(``metrics.py``), their terminal drawing (``drawing.py``), their web view (``view.js``) and
their rules pages for people (``guide.js``, ``guide_numbers.js``; ``rulebook/`` in Markdown for
the command line); their log in words (``messages.py``), their words in every language
(``locale/<lang>/LC_MESSAGES/``: ``games.po``, ``log.po``) and their observation tensor
(``encoding.py``, which only the RL layer imports; ``TENSORS.md`` lists its fields), and
the bot levels' measured standing in them (``levels.json``). ``SEQUENCE`` and ``NUMBERS``
declare them; ``pyproject.toml`` names both in the ``sequenza.games`` entry points.
"""

from pathlib import Path

from sequenza.core.kit import GameKit

from . import hidden
from .drawing import render_sequence_board
from .messages import NUMBERS_MESSAGES, SEQUENCE_MESSAGES
from .metrics import METRICS
from .play import PLAY
from .rules import SequenceGame, SequenceNumbersGame

_HERE = Path(__file__).parent

SEQUENCE = GameKit(
    game=SequenceGame,
    play=PLAY,
    metrics=METRICS,
    drawing=render_sequence_board,
    messages=SEQUENCE_MESSAGES,
    view=_HERE / "view.js",
    guide=_HERE / "guide.js",
    rulebook=_HERE / "rulebook",
    locale=_HERE / "locale",
    encoder="sequenza.games.sequence_board.encoding:Encoder",
    ratings=_HERE / "levels.json",
    loud=hidden.loud,
)

NUMBERS = GameKit(
    game=SequenceNumbersGame,
    play=PLAY,
    metrics=METRICS,
    drawing=render_sequence_board,
    messages=NUMBERS_MESSAGES,
    view=_HERE / "view.js",
    guide=_HERE / "guide_numbers.js",
    rulebook=_HERE / "rulebook",
    locale=_HERE / "locale",
    encoder="sequenza.games.sequence_board.encoding:Encoder",
    ratings=_HERE / "levels.json",
    # A classroom's table: a picked sum card shows each space of its result, "8 + 5 = 13".
    learner_hints=True,
    loud=hidden.loud,
)
