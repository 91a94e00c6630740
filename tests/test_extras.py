"""Commands that need an extra that is not installed say which one to install."""

from __future__ import annotations

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


def test_simulate_names_the_sim_extra_before_playing(without: object) -> None:
    without("sim")  # type: ignore[operator]
    result = runner.invoke(app, ["simulate", "sequentia-shift", "--games", "2"])
    assert result.exit_code == 2
    assert "pip install 'sequenza[sim]'" in result.output
    assert "games in" not in result.output


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
