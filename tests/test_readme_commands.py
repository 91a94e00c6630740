"""Everything the README tells a reader to type is real, so that it cannot go stale unseen:
each `sequenza` command line parses with the installed CLI (its subcommands, its options and
their values, its game and the game's options), each bench or example script exists and knows
every option the README gives it, each dotted `sequenza.` name imports, and each path in the
repository that it names exists. Parsing stands in for running: the commands themselves play
whole games, serve or simulate for minutes, and their behaviour has its own tests."""

import functools
import importlib
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import typer

from sequenza.app import cli
from sequenza.core.registry import available_games, game_class

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: Words that stand for something the reader chooses, and what a test puts in their place.
PLACEHOLDERS = {
    "GAME": "sequence",
    "FILE": "src/sequenza/modes/examples/stack.toml",
    "DIR": "src/sequenza/modes/examples",
    "HEAD:6379": "127.0.0.1:6379",
}
#: Names the README gives as examples of what a reader would write, not as things that exist.
INVENTED = ("sequenza.games.my_game", "src/sequenza/games/my_game", "my-game", "my-mode.toml")


def block_lines() -> list[str]:
    """The command lines of the README's shell blocks: continuations joined, comments cut,
    commands chained with && apart."""
    lines: list[str] = []
    for block in re.findall(r"```bash\n(.*?)```", README, re.S):
        joined = block.replace("\\\n", " ")
        for line in joined.splitlines():
            line = re.sub(r"\s#.*$", "", line).strip()
            lines += [part.strip() for part in line.split("&&") if part.strip()]
    return lines


def inline_commands() -> list[str]:
    """The `sequenza ...` commands written inline in the text (often fragments)."""
    spans = re.findall(r"`(sequenza [^`]*)`", README)
    return [span for span in spans if not re.search(r"\bneeds\b", span)]


def words_of(command: str) -> list[str]:
    words = [PLACEHOLDERS.get(word, word) for word in shlex.split(command)]
    if "..." in words:  # "the rest as you like"
        words = words[: words.index("...")]
    return words[1:]  # without the program's own name


@functools.cache
def the_cli() -> Any:
    """The CLI's command tree, as ``sequenza`` builds it."""
    return typer.main.get_command(cli.app)


def resolve(args: list[str]) -> tuple[Any, Any]:
    """The command that ``args`` name and its parsed context, as the CLI would parse them."""
    command = the_cli()
    context = command.make_context("sequenza", list(args))
    while hasattr(command, "resolve_command"):
        rest = [*context._protected_args, *context.args]
        name, command, rest = command.resolve_command(context, rest)
        context = command.make_context(name, rest, parent=context)
    return command, context


def sequenza_lines() -> list[str]:
    lines = [re.sub(r"^\.venv/bin/", "", line) for line in block_lines()]
    return [line for line in lines if line.startswith("sequenza ")]


@pytest.mark.parametrize("line", sequenza_lines())
def test_each_command_line_of_the_readme_parses(line: str) -> None:
    if any(invented in line for invented in INVENTED):
        line = line.replace("my-mode.toml", PLACEHOLDERS["FILE"])
    _, context = resolve(words_of(line))
    game = context.params.get("game") or context.params.get("file")
    if isinstance(game, str) and not game.endswith(".toml"):
        assert game in {info.id for info in available_games()}, line
        for assignment in context.params.get("option") or ():
            name = assignment.partition("=")[0].replace("-", "_")
            names = {spec.name for spec in game_class(game).options_class.specs()}
            assert name in names, f"{line}: the game has no option {name!r}"
    elif game is not None:
        assert (ROOT / str(game)).is_file(), line


@pytest.mark.parametrize("span", inline_commands())
def test_each_command_named_in_the_text_exists_with_its_options(span: str) -> None:
    """A fragment such as `sequenza play --record` names a command and options: both exist."""
    words = words_of(span)
    command = the_cli()
    context = command.make_context("sequenza", [], resilient_parsing=True)
    for word in words:
        if word.startswith("-"):
            known = {option for param in command.params for option in param.opts}
            known |= set(context.help_option_names)
            assert word.split("=")[0] in known, f"{span}: no option {word}"
        elif hasattr(command, "get_command") and command.get_command(context, word):
            command = command.get_command(context, word)
    if "--help" not in words:
        assert not hasattr(command, "get_command"), f"{span}: names no command"


def script_lines() -> list[str]:
    return [line for line in block_lines() if re.match(r"(python3? |\S*python )", line)] + [
        span for span in re.findall(r"`(python3? [^`]*)`", README)
    ]


@pytest.mark.parametrize("line", script_lines())
def test_each_script_the_readme_runs_exists_and_knows_its_options(line: str) -> None:
    words = shlex.split(line)[1:]
    if words[0] == "-m":
        importlib.import_module(words[1])
        return
    if words[0] == "-c":
        exec(compile(words[1], "README.md", "exec"), {})
        return
    script = ROOT / words[0]
    assert script.is_file(), line
    source = script.read_text(encoding="utf-8")
    for word in words[1:]:
        if word.startswith("--"):
            assert f'"{word.split("=")[0]}"' in source, f"{line}: the script has no {word}"


def dotted_names() -> list[str]:
    names = set(re.findall(r"\bsequenza(?:\.[A-Za-z_][A-Za-z0-9_]*)+", README))
    return sorted(
        name
        for name in names
        if not name.startswith(INVENTED) and name != "sequenza.db"  # the server's database file
    )


@pytest.mark.parametrize("name", dotted_names())
def test_each_dotted_name_imports(name: str) -> None:
    parts = name.split(".")
    for length in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:length]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[length:]:
            found = getattr(found, attribute)
        return
    pytest.fail(f"{name} does not import")


def repository_paths() -> list[str]:
    spans = re.findall(r"`((?:src|bench|docs|examples|tests|deploy|\.ci)/[^`\s]*)`", README)
    links = re.findall(r"\]\(((?:src|bench|docs|examples|tests|deploy|\.ci)/[^)\s#]*)", README)
    return sorted({path for path in spans + links if not path.startswith(INVENTED)})


@pytest.mark.parametrize("path", repository_paths())
def test_each_path_the_readme_names_exists(path: str) -> None:
    if "*" in path or "<" in path:
        assert list(ROOT.glob(re.sub(r"<[^>]*>", "*", path))), path
    else:
        assert (ROOT / path).exists(), path
