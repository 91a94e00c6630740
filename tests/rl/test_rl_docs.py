"""The code blocks of docs/rl.md run as written (at the small sizes the page gives them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts

import sequenza.rl
import sequenza.rl.openspiel

# What the blocks import, imported once for the file (as the other RL tests do), so that a
# block's time is its own.
IMPORTED = (sequenza.rl, sequenza.rl.openspiel, cfr, exploitability, ismcts, mcts)

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)
#: The page's Micro (4 cards, hands of 2) takes CFR's exploitability some seconds; the test
#: walks the smallest Micro through the same lines (the CFR test in test_openspiel.py runs
#: the page's size).
SMALLER = ('{"cards": 4, "hand": 2}', '{"cards": 3, "hand": 1}')


def test_the_page_has_its_loops() -> None:
    text = "\n".join(BLOCKS)
    assert len(BLOCKS) >= 4
    for needle in ("agent_iter", "gym.make", "CFRSolver", "ISMCTSBot"):
        assert needle in text


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_a_code_block_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = BLOCKS[index]
    if "CFRSolver" in code:
        assert SMALLER[0] in code
        code = code.replace(*SMALLER)
    exec(compile(code, f"docs/rl.md block {index + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()
