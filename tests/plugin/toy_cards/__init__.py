"""Toy cards, a game from another package: it touches nothing outside its folder, yet plays in
the command line, the web app, the simulator and against every bot, in every language, because
its kit is named in the ``sequenza.games`` entry points of its distribution
(``toy_cards-1.0.dist-info`` beside this folder stands for an installed package's metadata) and
its kit names its own catalogues (``locale/<lang>/LC_MESSAGES/``: ``games.po`` for its view,
rules page, drawing, summary, option and measure, ``log.po`` for its log's sentences)."""

from pathlib import Path

from sequenza.core.kit import GameKit

from .drawing import draw
from .messages import MESSAGES
from .metrics import METRICS
from .play import PLAY
from .rules import ToyGame

_HERE = Path(__file__).parent

KIT = GameKit(
    game=ToyGame,
    play=PLAY,
    metrics=METRICS,
    drawing=draw,
    messages=MESSAGES,
    view=_HERE / "view.js",
    guide=_HERE / "guide.js",
    # Its words in every language Sequenza speaks, read with Sequenza's own.
    locale=_HERE / "locale",
)
