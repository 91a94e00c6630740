"""The exact Shift solver against a plain breadth-first search, on thousands of grid and code
pairs."""

import random
from collections import deque
from itertools import product

from sequenza.games.sequentia_shift.rules import ROWS
from sequenza.games.sequentia_shift.solver import NEIGHBOURS, best_slide, fewest_slides, shows

CODES = ["".join(digits) for digits in product("123", repeat=3)]


def plain_distances(grid: tuple[int, ...], limit: int = 40) -> dict[str, int]:
    """Forward breadth-first search over slides, the obvious way: the fewest slides after which
    each code reads left to right in a row (a code never reached is absent). One search
    answers all 27 codes, where a search per code went over the same grids again."""
    found: dict[str, int] = {}
    seen = {grid}
    frontier = deque([(grid, 0)])
    while frontier and len(found) < len(CODES):
        current, depth = frontier.popleft()
        for row in ROWS:
            code = "".join(str(current[position]) for position in row)
            if "0" not in code and code not in found:
                found[code] = depth
        if depth == limit:
            continue
        hole = current.index(0)
        for card in NEIGHBOURS[hole]:
            after = list(current)
            after[hole], after[card] = after[card], 0
            following = tuple(after)
            if following not in seen:
                seen.add(following)
                frontier.append((following, depth + 1))
    return found


def random_grid(rng: random.Random) -> tuple[int, ...]:
    grid = [rng.choice((1, 2, 3)) for _ in range(9)]
    grid[rng.randrange(9)] = 0
    return tuple(grid)


def test_solver_matches_breadth_first_search_on_many_grids() -> None:
    rng = random.Random(2026)
    checked = impossible = 0
    for _ in range(60):
        grid = random_grid(rng)
        expected = plain_distances(grid)
        for code in CODES:
            assert fewest_slides(grid, code) == expected.get(code), (grid, code)
            assert bool(shows(grid, code)) == (expected.get(code) == 0), (grid, code)
            checked += 1
            impossible += code not in expected
    assert impossible > 0 and checked - impossible > 1000


def test_following_best_slides_reaches_the_code_in_the_fewest_slides() -> None:
    rng = random.Random(7)
    for _ in range(300):
        grid = random_grid(rng)
        code = rng.choice(CODES)
        distance = fewest_slides(grid, code)
        if distance is None:
            assert best_slide(grid, code) is None
            continue
        slides = 0
        while not shows(grid, code):
            card = best_slide(grid, code)
            assert card is not None and card in NEIGHBOURS[grid.index(0)]
            after = list(grid)
            after[grid.index(0)], after[card] = after[card], 0
            grid = tuple(after)
            slides += 1
        assert slides == distance


def test_a_code_needing_digits_the_grid_lacks_is_impossible() -> None:
    assert fewest_slides((3, 3, 1, 1, 2, 2, 1, 1, 0), "333") is None
    assert fewest_slides((3, 3, 1, 1, 3, 2, 1, 1, 0), "333") is not None
