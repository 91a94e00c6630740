"""Sequentia · Cross, the whole game: its rules (``rules.py``), what the bots know of it
(``play.py``), what the simulator measures (``metrics.py``), its terminal drawing
(``drawing.py``), its log in words (``messages.py``), its web view and rules page for people
(``view.js``, ``guide.js``; ``rulebook/``, in Markdown, for the command line), its words in
every language (``locale/<lang>/LC_MESSAGES/``: ``games.po``, ``log.po``) and its observation
tensor (``encoding.py``, which only the RL layer imports; ``TENSORS.md`` lists its fields),
and the bot levels' measured standing in it (``levels.json``).
``KIT`` declares them all; ``pyproject.toml`` names it in the ``sequenza.games`` entry points."""

from pathlib import Path

from sequenza.core.kit import GameKit

from . import hidden
from .drawing import render_cross
from .messages import MESSAGES
from .metrics import METRICS
from .play import PLAY
from .rules import CrossGame

_HERE = Path(__file__).parent

KIT = GameKit(
    game=CrossGame,
    play=PLAY,
    metrics=METRICS,
    drawing=render_cross,
    messages=MESSAGES,
    view=_HERE / "view.js",
    guide=_HERE / "guide.js",
    rulebook=_HERE / "rulebook",
    locale=_HERE / "locale",
    encoder="sequenza.games.sequentia_cross.encoding:Encoder",
    ratings=_HERE / "levels.json",
    quiet=hidden.quiet,
    loud=hidden.loud,
)
