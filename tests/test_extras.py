"""Commands that need an extra that is not installed say which one to install."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sequenza.app.cli import app
from sequenza.extras import EXTRAS, MissingExtraError, missing, require

runner = CliRunner()


@pytest.fixture
def without(monkeypatch: pytest.MonkeyPatch) -> object:
    def remove(extra: str) -> None:
        # An import name that no environment has stands for the extra's libraries.
        monkeypatch.setitem(EXTRAS, extra, ("sequenza_absent_library",))

    return remove


def test_serve_names_the_web_extra(without: object) -> None:
    without("web")  # type: ignore[operator]
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'sequenza[web]'" in result.output


def test_simulate_without_the_sim_extra_writes_its_data_and_names_the_extra(
    without: object, tmp_path: Path
) -> None:
    # A researcher who wants summary.json and games.csv needs no plotting library; the page
    # with plots does, and the command says so before the first game.
    without("sim")  # type: ignore[operator]
    out = tmp_path / "report"
    result = runner.invoke(
        app, ["simulate", "sequentia-shift", "--games", "2", "--workers", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "pip install 'sequenza[sim]'" in result.output
    assert result.output.index("sequenza[sim]") < result.output.index("summary.json")
    assert sorted(path.name for path in out.iterdir()) == ["games.csv", "summary.json"]
    assert len((out / "games.csv").read_text().splitlines()) == 3  # a header and two games


def test_the_ray_back_end_names_the_ray_extra(without: object) -> None:
    without("ray")  # type: ignore[operator]
    result = runner.invoke(app, ["simulate", "sequentia-shift", "--backend", "ray"])
    assert result.exit_code == 2
    assert "pip install 'sequenza[ray]'" in result.output


def test_require_raises_an_import_error_naming_the_extra(without: object) -> None:
    without("rl")  # type: ignore[operator]
    assert missing("rl") == ["sequenza_absent_library"]
    with pytest.raises(ImportError, match=r"pip install 'sequenza\[rl\]'"):
        require("rl", "sequenza.rl")
    with pytest.raises(MissingExtraError):
        require("rl", "sequenza.rl")


def test_every_extra_is_installed_for_the_tests() -> None:
    assert all(not missing(extra) for extra in EXTRAS)


def test_the_report_names_the_sim_extra_when_called_from_python(without: object) -> None:
    from sequenza.sim import report

    without("sim")  # type: ignore[operator]
    with pytest.raises(MissingExtraError, match=r"sequenza\[sim\]"):
        report._pyplot()
