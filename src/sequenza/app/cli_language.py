"""The command line's own words: its help, usage lines, usage errors and values in the CLI's
language, through the places a Typer command lets a program speak for itself.

Typer (which carries its own copy of Click since 0.26, without Click's gettext calls) writes
its help, its usage lines and its errors in English. Nothing of Typer is patched here and no
English sentence of it is read back: the commands of this CLI are of the two classes below,
which

- draw their help and usage line themselves (``format_help``, ``collect_usage_pieces``,
  ``format_usage``), from the parameters' own facts (names, help, default, environment
  variable, required), every word from the ``cli`` catalogue;
- read their numbers with this module's parsers (Typer's ``parser=``), which refuse a value
  with the reason in the CLI's words (``ValueRefused``);
- say the usage errors Typer raises while it reads a command line again from their parts: the
  kind of error (its class, as Click documents them), the option's name and its close
  matches, the parameter (``parse_args``), and find an unknown command, a missing one and
  extra arguments themselves (``resolve_command``, ``invoke``, ``allow_extra_args``);
- print every error and the abort message themselves (``main``).

A catalogue entry is asked for by its key, so that an upgrade of Typer that rewords its
English changes nothing here. Two things are taken from inside Typer, its copy of Click: the
error classes (``typer._click.exceptions``: Typer exports only ``BadParameter``), to tell the
kinds of usage error apart, and ``Command``, the class both of Typer's command classes extend,
on which the help and usage line are drawn once for both; should they move, the import fails
loudly rather than a message falling back to English.
"""

from __future__ import annotations

import difflib
import inspect
import io
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import typer
from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from typer._click.core import Command
from typer._click.exceptions import (
    BadOptionUsage,
    ClickException,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer.core import TyperCommand, TyperGroup

from sequenza import i18n

#: The CLI's own messages, in the language of ``--lang`` or of the environment: one object
#: whose language each command line sets (``speak``), so that every module holding it speaks.
words = i18n.Translator("cli", i18n.SOURCE_LANGUAGE)


def speak(language: str) -> None:
    """Speak ``language`` from now on (English where it has no catalogues)."""
    words.language = language if language in i18n.languages() else i18n.SOURCE_LANGUAGE


def wanted_language(args: Sequence[str]) -> str:
    """The language a command line asks for: its ``--lang`` among the options before the
    command when that is a known one, else the environment's (LANGUAGE, LC_ALL, LC_MESSAGES,
    LANG). An unknown ``--lang`` is refused later, in the environment's language."""
    for index, arg in enumerate(args):
        if not arg.startswith("-"):
            break  # the command: its own options are not the CLI's
        if arg == "--lang" or arg.startswith("--lang="):
            following = args[index + 1] if index + 1 < len(args) else ""
            given = arg.partition("=")[2] if "=" in arg else following
            if given in i18n.languages():
                return given
            break
    return i18n.from_environment()


# The values: Typer reads them with a parser of ours, which refuses in the CLI's words.


class ValueRefused(typer.BadParameter):
    """A value a parser of this module refuses; its message is the reason, in the CLI's
    words (Typer names the parameter it belongs to)."""


@dataclass(frozen=True)
class Whole:
    """Reads a whole number, within its limits when it has them."""

    minimum: int | None = None
    maximum: int | None = None

    def __call__(self, value: object) -> int:
        # A default comes as a number already.
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip())
            except ValueError:
                raise ValueRefused(words.text("cli.reason_integer")) from None
        _check_limits(number, self.minimum, self.maximum)
        return number


@dataclass(frozen=True)
class Number:
    """Reads a number (decimals allowed, written with a point), within its limits."""

    minimum: float | None = None
    maximum: float | None = None

    def __call__(self, value: object) -> float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            number = float(value)
        else:
            try:
                number = float(str(value).strip())
            except ValueError:
                raise ValueRefused(words.text("cli.reason_number")) from None
            if number != number or number in (float("inf"), float("-inf")):
                raise ValueRefused(words.text("cli.reason_number"))
        _check_limits(number, self.minimum, self.maximum)
        return number


@dataclass(frozen=True)
class OneOf:
    """Reads one of a few words, as written."""

    choices: tuple[str, ...]

    def __call__(self, value: object) -> str:
        text = str(value)
        if text not in self.choices:
            raise ValueRefused(words.text("cli.reason_choice", choices=", ".join(self.choices)))
        return text


def _check_limits(number: float, minimum: float | None, maximum: float | None) -> None:
    if minimum is not None and number < minimum:
        raise ValueRefused(words.text("cli.reason_at_least", limit=_limit(minimum)))
    if maximum is not None and number > maximum:
        raise ValueRefused(words.text("cli.reason_at_most", limit=_limit(maximum)))


def _limit(limit: float) -> str | float:
    """A limit as the reason shows it: a whole one as typed (a port, 65535, reads without a
    thousands separator), a decimal one the language's way ("0,1" in Finnish)."""
    return str(limit) if isinstance(limit, int) else limit


# The usage errors.


class CliUsageError(UsageError):
    """A mistake in a command line, said in the CLI's language."""

    def show(self, file: Any = None) -> None:
        show_error(self)


def _hint(param: Any) -> str:
    """How an error names a parameter: an argument by its name, an option by its flags."""
    if param.param_type_name == "argument":
        return repr(param.name)
    return " / ".join(repr(flag) for flag in param.opts)


def _option(ctx: Any, flag: str) -> Any:
    """The parameter of the context's command that ``flag`` names, if any."""
    for param in ctx.command.get_params(ctx):
        if flag in (*param.opts, *param.secondary_opts):
            return param
    return None


def said_again(error: ClickException, ctx: Any) -> ClickException:
    """A usage error Typer raised while reading a command line, said in the CLI's words from
    its parts; one of a kind not known here is given back as it is (a ``NoArgsIsHelpError``,
    whose message is the help, is one)."""
    if isinstance(error, CliUsageError | NoArgsIsHelpError):
        return error
    context = error.ctx if isinstance(error, UsageError) and error.ctx is not None else ctx
    if isinstance(error, NoSuchOption):
        options = ", ".join(sorted(error.possibilities or ()))
        key = "cli.no_such_option_hint" if options else "cli.no_such_option"
        return CliUsageError(words.text(key, option=error.option_name, options=options), context)
    if isinstance(error, BadOptionUsage):
        # The parser says this of an option it knows: a flag given a value, or an option
        # given none.
        param = _option(context, error.option_name)
        flag = param is not None and getattr(param, "is_flag", False)
        key = "cli.option_takes_no_value" if flag else "cli.option_needs_value"
        return CliUsageError(words.text(key, option=repr(error.option_name)), context)
    if isinstance(error, MissingParameter) and error.param is not None:
        argument = error.param.param_type_name == "argument"
        key = "cli.missing_argument" if argument else "cli.missing_option"
        return CliUsageError(words.text(key, name=_hint(error.param)), context)
    if isinstance(error, typer.BadParameter) and error.param is not None:
        return CliUsageError(_invalid_value(error, context), context)
    return error


def _invalid_value(error: typer.BadParameter, ctx: Any) -> str:
    """The sentence for a value refused: the parameter, where the value came from when that
    was the environment, and the reason (a parser's of this module; Typer's own checks are
    not worded here, and say only that the value is not valid)."""
    param = error.param
    assert param is not None
    source = ctx.get_parameter_source(param.name) if ctx is not None else None
    variable = param.envvar if source is not None and source.name == "ENVIRONMENT" else None
    name = _hint(param)
    if isinstance(error, ValueRefused):
        if variable:
            return words.text(
                "cli.invalid_value_env", name=name, variable=repr(variable), reason=error.message
            )
        return words.text("cli.invalid_value", name=name, reason=error.message)
    if variable:
        return words.text("cli.invalid_value_env_only", name=name, variable=repr(variable))
    return words.text("cli.invalid_value_only", name=name)


# Help and usage lines.


def _paragraphs(text: str) -> list[str]:
    """A help text's paragraphs, each on one line (the source wraps them)."""
    return [" ".join(part.split()) for part in inspect.cleandoc(text).split("\n\n") if part]


def _default(param: Any, ctx: Any) -> str:
    """A parameter's default as its help shows it; empty where none is worth showing."""
    if getattr(param, "is_flag", False):
        if param.secondary_opts:
            # A pair of flags shows the one that is on by default.
            on = param.opts if param.default else param.secondary_opts
            return str(on[0]).lstrip("-")
        return ""
    if not param.show_default or param.required:
        return ""
    value = param.get_default(ctx, call=False)
    if value is None or callable(value):
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(str(one) for one in value)
    return str(value)


def _parameter_help(param: Any, ctx: Any, help_option: Any) -> Text:
    """A parameter's help in the CLI's language, with its environment variable, its default
    and whether it is required."""
    if param is help_option:
        said = words.text("cli.help_option")
    else:
        said = " ".join(_paragraphs(words.help(param.help))) if param.help else ""
    text = Text(said)
    extras = []
    if param.envvar and getattr(param, "show_envvar", False):
        variables = [param.envvar] if isinstance(param.envvar, str) else list(param.envvar)
        extras.append(words.text("cli.help_envvar", variable=", ".join(variables)))
    default = _default(param, ctx)
    if default:
        extras.append(words.text("cli.help_default", value=default))
    if param.required:
        extras.append(words.text("cli.help_required"))
    for extra in extras:
        text.append(" " if text else "")
        text.append(extra, style="dim")
    return text


def _parameters_panel(title: str, params: list[Any], ctx: Any, help_option: Any) -> Panel:
    table = Table.grid(padding=(0, 2), expand=True)
    required = any(param.required for param in params)
    if required:
        table.add_column(style="red", no_wrap=True)
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column(style="bold green", no_wrap=True)
    table.add_column(ratio=1)
    for param in params:
        if param.param_type_name == "argument":
            names, short = [param.name], []
        else:
            flags = [*param.opts, *param.secondary_opts]
            names = [flag for flag in flags if flag.startswith("--")]
            short = [flag for flag in flags if not flag.startswith("--")]
        # A pair of flags (--workshop, --no-workshop) takes two lines of a narrow column.
        row: list[RenderableType] = ["\n".join(names), ", ".join(short)]
        row.append(_parameter_help(param, ctx, help_option))
        if required:
            row.insert(0, "*" if param.required else "")
        table.add_row(*row)
    return Panel(table, title=title, title_align="left", border_style="dim")


def _commands_panel(group: TyperGroup, ctx: Any) -> Panel | None:
    table = Table.grid(padding=(0, 2), expand=True)
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column(ratio=1)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        summary = _paragraphs(words.help(command.help))[:1] if command.help else []
        table.add_row(name, " ".join(summary))
    if not table.row_count:
        return None
    return Panel(
        table, title=words.text("cli.help_commands"), title_align="left", border_style="dim"
    )


def rendered(*renderables: RenderableType) -> str:
    """Text drawn by Rich, as wide as the terminal, its colours kept for ``typer.echo``
    (which drops them where the output is not a terminal)."""
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=shutil.get_terminal_size().columns,
        force_terminal=True,
        color_system="standard",
        highlight=False,
        markup=False,
        emoji=False,
    )
    for renderable in renderables:
        console.print(renderable)
    return buffer.getvalue()


def _help(command: Command, ctx: Any) -> str:
    """A command's help page, every word in the CLI's language."""
    parts: list[RenderableType] = [
        Padding(Text(command.get_usage(ctx), style="bold"), (1, 1, 0, 1))
    ]
    if command.help:
        first, *others = _paragraphs(words.help(command.help))
        parts.append(Padding(Text(first), (1, 1, 0, 1)))
        if others:
            parts.append(Padding(Text("\n\n".join(others), style="dim"), (1, 1, 0, 1)))
    parts.append(Text(""))
    params = [param for param in command.get_params(ctx) if not getattr(param, "hidden", False)]
    help_option = command.get_help_option(ctx)
    arguments = [param for param in params if param.param_type_name == "argument"]
    options = [param for param in params if param.param_type_name != "argument"]
    if arguments:
        title = words.text("cli.help_arguments")
        parts.append(_parameters_panel(title, arguments, ctx, help_option))
    if options:
        parts.append(_parameters_panel(words.text("cli.help_options"), options, ctx, help_option))
    if isinstance(command, TyperGroup):
        commands = _commands_panel(command, ctx)
        if commands is not None:
            parts.append(commands)
    return rendered(*parts)


def _usage_pieces(command: Command, ctx: Any) -> list[str]:
    """The usage line after the command's path: "[OPTIONS]", the arguments, and
    "COMMAND [ARGS]..." for a group, in the CLI's language."""
    pieces = [words.text("cli.usage_options")]
    for param in command.get_params(ctx):
        pieces.extend(param.get_usage_pieces(ctx))
    if isinstance(command, TyperGroup):
        pieces.append(words.text("cli.usage_command"))
    return pieces


def show_error(error: ClickException) -> None:
    """Print an error the way Typer does (the usage line, where to find help, the message in
    a box), in the CLI's words."""
    parts: list[RenderableType] = []
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        parts.append(Text(ctx.get_usage(), style="bold"))
        if ctx.command.get_help_option(ctx) is not None:
            command = f"'{ctx.command_path} {ctx.help_option_names[0]}'"
            parts.append(Text(words.text("cli.help_hint", command=command), style="dim"))
    title = words.text("cli.error_title")
    parts.append(
        Panel(Text(error.format_message()), title=title, title_align="left", border_style="red")
    )
    typer.echo(rendered(*parts), err=True, nl=False)


# The overrides below take the context and the formatter Typer passes: Typer builds its
# commands on its own copy of Click, whose types it does not export (``typer.Context`` is a
# subclass, narrower than what an override must accept).


class _DrawnInTheCliLanguage(Command):
    """The help page and usage line of a command or a group, in the CLI's language: a part of
    both classes below, on the class both of Typer's command classes extend."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        formatter.write(_help(self, ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = " ".join(self.collect_usage_pieces(ctx))
        formatter.write_usage(ctx.command_path, pieces, prefix=words.text("cli.usage") + " ")

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return _usage_pieces(self, ctx)


class LocalizedCommand(_DrawnInTheCliLanguage, TyperCommand):
    """A command whose help, usage line and usage errors speak the CLI's language."""

    # Extra arguments are refused by ``parse_args`` below, in the CLI's words.
    allow_extra_args = True

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            rest = super().parse_args(ctx, args)
        except ClickException as error:
            raise said_again(error, ctx) from None
        if rest and not ctx.resilient_parsing:
            extra = " ".join(rest)
            raise CliUsageError(words.text("cli.extra_arguments", arguments=extra), ctx)
        return rest


class LocalizedGroup(_DrawnInTheCliLanguage, TyperGroup):
    """The ``sequenza`` command and its groups, speaking the language of ``--lang`` (else
    LANGUAGE, LC_ALL, LC_MESSAGES or LANG) from their help to their last message."""

    def __init__(self, *, invoke_without_command: bool = False, **attrs: Any) -> None:
        # Typer would refuse a missing command in English: the group runs without one, and
        # ``invoke`` refuses it in the CLI's words.
        super().__init__(invoke_without_command=True, **attrs)
        self.needs_command = not invoke_without_command

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        speak(wanted_language(sys.argv[1:] if args is None else args))
        # Typer prints its errors in English when it runs standalone: it runs here as a part,
        # and what it raises is printed below.
        try:
            result = super().main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except ClickException as error:
            if not standalone_mode:
                raise
            if isinstance(error, NoArgsIsHelpError):
                # Its message is the help, shown where help always goes.
                typer.echo(error.format_message())
            else:
                show_error(error)
            sys.exit(error.exit_code)
        except typer.Abort:
            if not standalone_mode:
                raise
            typer.secho(words.text("cli.aborted"), fg=typer.colors.RED, err=True)
            sys.exit(1)
        if not standalone_mode:
            return result
        # A part's run gives back an exit code (``typer.Exit``) or, from a command, None.
        sys.exit(result if isinstance(result, int) else 0)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except ClickException as error:
            raise said_again(error, ctx) from None

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name = args[0] if args else ""
        if (
            args
            and self.get_command(ctx, name) is None
            and not name.startswith("-")
            and not ctx.resilient_parsing
        ):
            close = difflib.get_close_matches(name, self.list_commands(ctx))
            if close:
                said = words.text(
                    "cli.no_such_command_hint",
                    command=repr(name),
                    commands=", ".join(repr(one) for one in close),
                )
            else:
                said = words.text("cli.no_such_command", command=repr(name))
            raise CliUsageError(said, ctx)
        try:
            return super().resolve_command(ctx, args)
        except ClickException as error:
            raise said_again(error, ctx) from None

    def invoke(self, ctx: Any) -> Any:
        result = super().invoke(ctx)
        if ctx.invoked_subcommand is None and self.needs_command:
            raise CliUsageError(words.text("cli.missing_command"), ctx)
        return result
