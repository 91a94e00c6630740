"""Optional parts of Sequenza and the extras that install them.

``pip install sequenza`` brings the engine, the bots and the terminal only. The web app, the
simulation report's plots, the reinforcement-learning environments and the Ray back end need
third-party libraries that researchers who only import the engine should not have to install:

>>> EXTRAS["web"]
('fastapi', 'fastapi_offline', 'uvicorn', 'sqlalchemy', 'alembic', 'psycopg')
>>> missing("ray") == [] or missing("ray") == ["ray"]
True
"""

from __future__ import annotations

import importlib.util

from sequenza.core.errors import SequenzaError

#: The modules each extra provides (the import names, not the package names).
EXTRAS: dict[str, tuple[str, ...]] = {
    "web": ("fastapi", "fastapi_offline", "uvicorn", "sqlalchemy", "alembic", "psycopg"),
    "sim": ("matplotlib",),
    "rl": ("numpy", "gymnasium", "pettingzoo"),
    "ray": ("ray",),
}


class MissingExtraError(SequenzaError, ImportError):
    """A feature needs an extra that is not installed; the message says how to install it."""

    def __init__(self, extra: str, feature: str, modules: list[str]) -> None:
        self.extra = extra
        self.feature = feature
        self.modules = list(modules)
        names = ", ".join(modules)
        super().__init__(
            f"{feature} needs {names}: install it with pip install 'sequenza[{extra}]'"
        )


def missing(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported here."""
    return [name for name in EXTRAS[extra] if importlib.util.find_spec(name) is None]


def require(extra: str, feature: str) -> None:
    """Raise ``MissingExtraError`` if ``feature`` cannot run for want of ``extra``."""
    absent = missing(extra)
    if absent:
        raise MissingExtraError(extra, feature, absent)
