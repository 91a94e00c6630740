"""The README's Python tour runs as written."""

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_python_tour_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has a Python example"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def test_the_two_set_up_commands_are_there() -> None:
    text = README.read_text(encoding="utf-8")
    assert '.venv/bin/pip install -e ".[web]" && .venv/bin/sequenza serve' in text
    assert "bash .ci/run" in text
