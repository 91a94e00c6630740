"""The team, chip and seat colours stay apart for colour-blind players: each pair of them, as a
deuteranope, a protanope and a tritanope sees it (Machado, Oliveira and Fernandes 2009, full
severity, applied in linear RGB), is at least MINIMUM_DISTANCE apart in CIEDE2000, read from
the custom properties of the page's stylesheet. A seat's colour carries its number, legible."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

import sequenza
from sequenza.core.registry import game_kits

STYLE = Path(sequenza.__file__).parent / "app" / "web" / "static" / "style.css"
TEAMS = ("blue", "green", "red")
#: CIEDE2000: 15 is far beyond "just noticeable" (about 2) and reads as plainly different chips.
MINIMUM_DISTANCE = 15.0

Matrix = tuple[tuple[float, float, float], ...]
#: Machado et al., "A Physiologically-based Model for Simulation of Color Vision Deficiency"
#: (IEEE TVCG 2009), the matrices for severity 1.0.
SIMULATIONS: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
Lab = tuple[float, float, float]
#: WCAG 2's least contrast for normal text: the seat numbers drawn on seat colours.
LEAST_CONTRAST = 4.5


def custom_properties(css: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\b", css))


def linear(hex_colour: str) -> tuple[float, float, float]:
    channels = [int(hex_colour[index : index + 2], 16) / 255 for index in (1, 3, 5)]
    red, green, blue = (
        value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
        for value in channels
    )
    return red, green, blue


def simulate(rgb: tuple[float, float, float], matrix: Matrix | None) -> tuple[float, ...]:
    if matrix is None:
        return rgb
    return tuple(
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    )


def lab(rgb: tuple[float, ...]) -> Lab:
    """CIELAB under D65 from linear sRGB."""
    red, green, blue = rgb
    x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
    y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
    z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(first: Lab, second: Lab) -> float:
    """Sharma, Wu and Dalal's formulation (2005)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c**7 / (mean_c**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    if c1 * c2 == 0:
        dh = 0.0
    elif abs(h2 - h1) <= 180:
        dh = h2 - h1
    else:
        dh = h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360
    delta_l, delta_c = l2 - l1, c2 - c1
    delta_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_cp = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    rotation = 30 * math.exp(-(((mean_h - 275) / 25) ** 2))
    rc = 2 * math.sqrt(mean_cp**7 / (mean_cp**7 + 25**7))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc = 1 + 0.045 * mean_cp
    sh = 1 + 0.015 * mean_cp * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt(
        (delta_l / sl) ** 2
        + (delta_c / sc) ** 2
        + (delta_h / sh) ** 2
        + rt * (delta_c / sc) * (delta_h / sh)
    )


def distances(colours: dict[str, str], matrix: Matrix | None) -> dict[tuple[str, str], float]:
    seen = {name: lab(simulate(linear(value), matrix)) for name, value in colours.items()}
    return {
        (first, second): ciede2000(seen[first], seen[second])
        for first, second in itertools.combinations(colours, 2)
    }


def test_ciede2000_matches_the_published_test_data() -> None:
    # Sharma, Wu and Dalal (2005), table 1, pairs 1, 7 and 17.
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (56, -27, -3)) == pytest.approx(31.9030, abs=1e-4)


def test_the_simulations_tell_apart_what_they_should() -> None:
    # The old red and green chips, the same olive for a deuteranope: the test would catch them.
    old = {"green": "#2f9e44", "red": "#d64545"}
    assert distances(old, None)[("green", "red")] > 40
    assert distances(old, SIMULATIONS["deuteranopia"])[("green", "red")] < 5


@pytest.mark.parametrize("vision", [None, *SIMULATIONS])
def test_team_colours_stay_apart(vision: str | None) -> None:
    properties = custom_properties(STYLE.read_text())
    colours = {team: properties[f"team-{team}"] for team in TEAMS}
    for pair, distance in distances(colours, SIMULATIONS[vision] if vision else None).items():
        assert distance >= MINIMUM_DISTANCE, f"{pair} under {vision}: ΔE00 {distance:.1f}"


def test_chips_of_sequence_stacks_use_the_team_colours() -> None:
    css = STYLE.read_text()
    for colour in ("blue", "red"):
        assert re.search(rf"\.token\.{colour} \{{ background: var\(--team-{colour}\); \}}", css)


def seats_drawn_by_colour() -> dict[str, int]:
    """The games whose tables tell seats apart by the seats' own colours (a view without team
    colours, ``seatColour``), each with its largest table."""
    return {
        kit.id: kit.game.info.max_players
        for kit in game_kits()
        if "export function seatColour" not in kit.view.read_text()
    }


def test_the_games_drawn_by_team_colours_are_sequences() -> None:
    # Sequence seats up to 12 players, in three teams: their marks are the team colours above.
    by_colour = seats_drawn_by_colour()
    assert {kit.id for kit in game_kits()} - set(by_colour) == {"sequence", "sequence-numbers"}
    assert max(by_colour.values()) == by_colour["sequence-stacks"] == 6


@pytest.mark.parametrize("vision", [None, *SIMULATIONS])
def test_seat_colours_stay_apart_at_the_largest_table(vision: str | None) -> None:
    properties = custom_properties(STYLE.read_text())
    for game, seats in seats_drawn_by_colour().items():
        colours = {f"seat {seat + 1}": properties[f"seat-{seat}"] for seat in range(seats)}
        for pair, distance in distances(colours, SIMULATIONS[vision] if vision else None).items():
            assert distance >= MINIMUM_DISTANCE, (
                f"{game}: {pair} under {vision}: ΔE00 {distance:.1f}"
            )


def relative_luminance(hex_colour: str) -> float:
    red, green, blue = linear(hex_colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    lighter, darker = sorted(map(relative_luminance, (first, second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_contrast_matches_wcag() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def test_every_seat_number_is_legible_on_its_colour() -> None:
    # The lobby numbers every seat of the largest table of all games on its colour.
    properties = custom_properties(STYLE.read_text())
    largest = max(kit.game.info.max_players for kit in game_kits())
    for seat in range(largest):
        colour, ink = properties[f"seat-{seat}"], properties[f"seat-ink-{seat}"]
        assert contrast(colour, ink) >= LEAST_CONTRAST, (seat, colour, ink)
