"""Pictures of a position for the environments' ``render()``: the terminal's text drawing
(``render_mode="ansi"``) and the same drawing as an RGB image (``render_mode="rgb_array"``,
an ``H x W x 3`` array of ``uint8``, as Gymnasium and PettingZoo define it).

The image is the text drawn on a fixed grid of character cells, light on dark, so that the
columns of the drawing line up whatever font is found: DejaVu Sans Mono (shipped with
matplotlib, and on most Linux systems) or else Pillow's own font. Pillow comes with
matplotlib (the ``sim`` extra) and with the ``rl`` extra.

>>> import sequenza
>>> state = sequenza.make("sequentia-stack", players=2, seed=1)
>>> image = render_view(state.observation(None))
>>> image.ndim, image.shape[2], image.dtype.name
(3, 3, 'uint8')
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from sequenza import i18n
from sequenza.core.registry import game_kit

RENDER_MODES = ("ansi", "rgb_array")
#: The font's size in pixels: a Sequence board comes out about 700 pixels wide.
FONT_SIZE = 14
_BACKGROUND = (24, 28, 36)
_INK = (230, 232, 236)


def drawing(observation: dict[str, Any], language: str = "en") -> str:
    """The terminal's text drawing of an observation, by its game's kit, in ``language``."""
    words = i18n.Translator("games", language)
    return game_kit(str(observation.get("game"))).drawing(observation, words)


@cache
def _font() -> Any:
    from PIL import ImageFont

    candidates = ["DejaVuSansMono.ttf"]
    try:
        import matplotlib

        candidates.insert(0, str(Path(matplotlib.get_data_path()) / "fonts/ttf/DejaVuSansMono.ttf"))
    except ImportError:
        pass
    for name in candidates:
        try:
            return ImageFont.truetype(name, FONT_SIZE)
        except OSError:
            continue
    return ImageFont.load_default(FONT_SIZE)


def text_image(text: str) -> npt.NDArray[np.uint8]:
    """``text`` drawn as an RGB image, one fixed cell per character."""
    from PIL import Image, ImageDraw

    font = _font()
    lines = text.splitlines() or [""]
    left, _, right, _ = font.getbbox("M")
    cell_w = max(int(font.getlength("M")), right - left, 1)
    cell_h = int(FONT_SIZE * 1.3)
    columns = max(len(line) for line in lines) or 1
    margin = cell_w
    image = Image.new(
        "RGB", (columns * cell_w + 2 * margin, len(lines) * cell_h + 2 * margin), _BACKGROUND
    )
    pen = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        for column, char in enumerate(line):
            if not char.isspace():
                place = (margin + column * cell_w, margin + row * cell_h)
                pen.text(place, char, fill=_INK, font=font)
    return np.asarray(image, dtype=np.uint8).copy()


def render_view(observation: dict[str, Any], language: str = "en") -> npt.NDArray[np.uint8]:
    """An observation's terminal drawing as an RGB image (``H x W x 3``, ``uint8``)."""
    return text_image(drawing(observation, language))
