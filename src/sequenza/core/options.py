"""Rule options: a frozen dataclass per game, each field described and validated.

A game declares its options as data::

    @dataclass(frozen=True)
    class ShiftOptions(Options):
        slide_limit: int = option(6, "Slides allowed in one turn", minimum=1, maximum=20)

``Options.build(**values)`` checks names, types and ranges and raises ``OptionError`` with a
message that names the option; ``Options.parse_value`` reads a value typed on a command line.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Self, TypeVar, get_type_hints

from sequenza.core.errors import OptionError, UnknownOptionError

T = TypeVar("T")


def option(
    default: T,
    description: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    choices: tuple[str, ...] | None = None,
    decision: bool = False,
    file: str | None = None,
) -> T:
    """A described rule option. ``decision`` marks a point the rules page settled itself.

    ``file`` marks a text option that stands for a file: ``"path"`` names a file of this
    machine (the command line only: a server never opens a path a visitor sends), and
    ``"contents"`` holds a file's text itself (what the web page uploads)."""
    if file not in (None, "path", "contents"):
        raise ValueError(f"file is 'path', 'contents' or None, not {file!r}")
    metadata = {
        "description": description,
        "minimum": minimum,
        "maximum": maximum,
        "choices": choices,
        "decision": decision,
        "file": file,
    }
    return dataclasses.field(default=default, metadata=metadata)


@dataclass(frozen=True)
class OptionSpec:
    """What a player or designer needs to know about one option."""

    name: str
    kind: type
    default: Any
    description: str
    minimum: int | None
    maximum: int | None
    choices: tuple[str, ...] | None
    decision: bool
    file: str | None = None

    @property
    def label(self) -> str:
        """The option's name as people read it ("Slide limit" for ``slide_limit``), in English:
        the text layer translates it by this text; the name stays the option's id."""
        return self.name.replace("_", " ").capitalize()

    @property
    def names_a_path(self) -> bool:
        """Whether the option names a file of the machine that runs the game."""
        return self.file == "path"

    def describe(self) -> str:
        allowed = ""
        if self.choices:
            allowed = f" (one of {', '.join(self.choices)})"
        elif self.minimum is not None or self.maximum is not None:
            allowed = f" ({self.minimum}..{self.maximum})"
        elif self.kind is bool:
            allowed = " (true/false)"
        mark = " [decision]" if self.decision else ""
        return f"{self.name} = {format_value(self.default)}{allowed}: {self.description}{mark}"

    def check(self, value: Any) -> Any:
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r} takes true or false, not {value!r}")
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r} takes an integer, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name!r} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name!r} must be at most {self.maximum}")
        elif self.kind is str:
            if not isinstance(value, str):
                raise OptionError(f"option {self.name!r} takes a text value, not {value!r}")
            if self.choices and value not in self.choices:
                raise OptionError(
                    f"option {self.name!r} must be one of {', '.join(self.choices)}, not {value!r}"
                )
        return value

    def parse(self, text: str) -> Any:
        """Read a value typed by a person (``true``, ``5``, ``rows``)."""
        if self.kind is bool:
            lowered = text.strip().lower()
            if lowered in {"true", "yes", "on", "1"}:
                return True
            if lowered in {"false", "no", "off", "0"}:
                return False
            raise OptionError(f"option {self.name!r} takes true or false, not {text!r}")
        if self.kind is int:
            try:
                return self.check(int(text))
            except ValueError as error:
                if isinstance(error, OptionError):
                    raise
                raise OptionError(f"option {self.name!r} takes an integer, not {text!r}") from None
        return self.check(text)


def format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_SPECS: dict[type, list[OptionSpec]] = {}


@dataclass(frozen=True)
class Options:
    """Options every game has. Games subclass this with their own fields."""

    random_first_player: bool = option(
        False,
        "Pick the first player at random (from the game's seed) instead of seat 0",
    )

    @classmethod
    def specs(cls) -> list[OptionSpec]:
        """Every option of this class, described (computed once per class)."""
        cached = _SPECS.get(cls)
        if cached is None:
            cached = _SPECS[cls] = cls._describe_fields()
        return list(cached)

    @classmethod
    def _describe_fields(cls) -> list[OptionSpec]:
        hints = get_type_hints(cls)
        specs = []
        for spec_field in dataclasses.fields(cls):
            meta = spec_field.metadata
            specs.append(
                OptionSpec(
                    name=spec_field.name,
                    kind=hints[spec_field.name],
                    default=spec_field.default,
                    description=meta.get("description", ""),
                    minimum=meta.get("minimum"),
                    maximum=meta.get("maximum"),
                    choices=meta.get("choices"),
                    decision=meta.get("decision", False),
                    file=meta.get("file"),
                )
            )
        return specs

    @classmethod
    def build(cls, /, **values: Any) -> Self:
        """Options from keyword values, every name and value checked (``cls`` too is an
        option name, an unknown one)."""
        specs = {spec.name: spec for spec in cls.specs()}
        unknown = sorted(set(values) - set(specs))
        if unknown:
            # The one check of an option's name: a front end words ``UnknownOptionError`` (the
            # name and the known ones) in its reader's language instead of checking names again.
            raise UnknownOptionError(unknown[0], sorted(specs))
        checked = {name: specs[name].check(value) for name, value in values.items()}
        return cls(**checked)

    @classmethod
    def parse(cls, assignments: list[str] | dict[str, str]) -> Self:
        """Options from ``name=value`` texts, as typed on a command line."""
        specs = {spec.name: spec for spec in cls.specs()}
        pairs: dict[str, str] = {}
        if isinstance(assignments, dict):
            pairs = dict(assignments)
        else:
            for text in assignments:
                name, equals, value = text.partition("=")
                if not equals:
                    raise OptionError(f"write an option as name=value, not {text!r}")
                pairs[name.strip().replace("-", "_")] = value.strip()
        values: dict[str, Any] = {}
        for name, text in pairs.items():
            if name not in specs:
                raise UnknownOptionError(name, sorted(specs))
            values[name] = specs[name].parse(text)
        return cls.build(**values)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults."""
        return {
            spec.name: getattr(self, spec.name)
            for spec in self.specs()
            if getattr(self, spec.name) != spec.default
        }
