"""The ``paigow`` app: the command group, ``--version``, help text, and the console entry point.

Each command lives in its own module under ``commands/`` with its own ``typer.Typer()``; this
module joins them (Typer's "one file per command"), lists them in the order people learn them,
and turns every way a run can end into an exit code (design.md, command-line contract).
"""

from __future__ import annotations

import inspect
import itertools
import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

# Typer vendors Click since 0.26; its exception classes live here.
from typer._click.exceptions import ClickException
from typer.core import TyperGroup

from paigow_cli import __version__
from paigow_cli.cli.commands import (
    advise,
    bank,
    bonus,
    cache,
    compare,
    dealing,
    dragon,
    drill,
    edge,
    hands,
    house,
    mistakes,
    play,
    session,
    stats,
    strategy,
    table,
)
from paigow_cli.cli.exits import (
    INTERRUPTION,
    ExitCode,
    error_line,
    exit_interrupted,
    leave_now,
)
from paigow_cli.cli.help_pages import prepare_help_pages
from paigow_cli.cli.options import WORDS
from paigow_cli.cli.terminal import (
    SETTINGS,
    ClosedPipe,
    StreamError,
    fitted_streams,
    flush_output,
    guard_streams,
    quiet_stdout,
)

if TYPE_CHECKING:
    from collections.abc import Sequence


class PaigowGroup(TyperGroup):
    """Typer's group, with usage errors reported as one ``Error:`` line, never a traceback."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> NoReturn:
        INTERRUPTION.reported = False
        words = list(sys.argv[1:] if args is None else args)
        if not words or words[0] == "help" or "--help" in words or "-h" in words:
            prepare_help_pages()
        refuse_completion_arguments(words)
        with fitted_streams():
            try:
                self._run(args, prog_name, complete_var, windows_expand_args, **extra)
            except ClosedPipe:  # the reader closed the pipe (paigow deal | head -1): a normal end
                quiet_stdout()
                sys.exit(ExitCode.OK)

    def _run(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        windows_expand_args: bool,
        **extra: Any,
    ) -> NoReturn:
        try:
            code = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,  # errors are ours to report: one Error: line
                windows_expand_args=windows_expand_args,
                **extra,
            )
        except ClickException as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # help was asked for by giving nothing
                typer.echo(error.format_message())
                sys.exit(ExitCode.OK)
            context = getattr(error, "ctx", None)
            hint = f" (see '{context.command_path} --help')" if context is not None else ""
            error_line(f"{error.format_message()}{hint}")
            sys.exit(error.exit_code)
        except typer.Abort:
            error_line("aborted")
            sys.exit(ExitCode.FAILURE)
        except KeyboardInterrupt:
            code = ExitCode.INTERRUPTED
        if code == ExitCode.INTERRUPTED:
            exit_interrupted()
        sys.exit(code if isinstance(code, int) else ExitCode.OK)

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return sorted(
            names, key=lambda name: COMMAND_ORDER.index(name) if name in COMMAND_ORDER else len(COMMAND_ORDER)
        )


COMPLETION_FLAGS = ("--install-completion", "--show-completion")


def refuse_completion_arguments(words: Sequence[str]) -> None:
    """``--install-completion`` and ``--show-completion`` take no shell: they act for the shell they
    run in, so a word beside them (``--install-completion nosuchshell``) is refused before anything
    is installed, rather than ignored while the current shell's completion is written.

    >>> refuse_completion_arguments(["--install-completion"])
    """
    for flag in COMPLETION_FLAGS:
        if flag in words:
            others = [word for word in words if word != flag]
            if others:
                error_line(
                    f"{flag} takes no other argument ({others[0]!r} given): it acts for the shell it runs "
                    "in (bash, zsh, fish or PowerShell), so run it from that shell"
                )
                sys.exit(ExitCode.BAD_INPUT)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"paigow {__version__}")
        raise typer.Exit()


def _main_options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version and exit."),
    ] = False,
    ascii_only: Annotated[
        bool,
        typer.Option(
            "--ascii",
            help="Print letter suits (AS) and ASCII lines only, for terminals that cannot show card symbols "
            "(also PAIGOW_ASCII=1; chosen by itself where the output's encoding needs it).",
        ),
    ] = False,
) -> None:
    """Pai Gow Poker hand-setting advisor."""
    if ascii_only:
        SETTINGS.ascii_only = True


TOPICS = ("cards", "games", "json", "plugins")  # paigow help TOPIC: paigow_cli/cli/topics/TOPIC.md


def topic_text(name: str) -> str:
    """The text of a help topic, the same file the docs include."""
    from importlib.resources import files

    return files("paigow_cli.cli").joinpath("topics", f"{name}.md").read_text(encoding="utf-8")


def complete_command(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of ``paigow help``: the commands and topics, and a group's subcommands after it."""
    group: Any = ctx.find_root().command
    words = ctx.params.get("command") or []
    for word in words:
        group = getattr(group, "commands", {}).get(word, group)
    names = [*getattr(group, "commands", {}), *([] if words else TOPICS)]
    return [name for name in names if name.startswith(incomplete)]


def help_command(
    ctx: typer.Context,
    command: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="COMMAND...|TOPIC",
            help="The command (and subcommand) to explain, or a topic: cards, games, json, plugins.",
            show_default=False,
            click_type=WORDS,
            autocompletion=complete_command,
        ),
    ] = None,
) -> None:
    """Show the help of paigow or of one command, as git and pip do, or a topic (cards, games,
    json, plugins: the same text as the docs).

    Examples:

    $ paigow help
    $ paigow help advise
    $ paigow help cache clear
    $ paigow help plugins
    """
    root = ctx.find_root()
    group: Any = root.command
    names = list(command or [])
    if len(names) == 1 and names[0].lower() in TOPICS:
        typer.echo(topic_text(names[0].lower()), nl=False)
        return
    for depth, name in enumerate(names):
        found = group.get_command(root, name) if hasattr(group, "get_command") else None
        if found is None:
            where = " ".join(["paigow", *names[:depth]])
            topics = f"; topics: {', '.join(TOPICS)}" if depth == 0 else ""
            error_line(f"no command '{name}' in {where} (see '{where} --help'{topics})")
            raise typer.Exit(ExitCode.BAD_INPUT)
        group = found
    root.command.main(args=[*names, "--help"], prog_name="paigow", standalone_mode=False)


def new_app() -> typer.Typer:
    """A ``paigow`` app with its own options and help, and no command yet."""
    fresh = typer.Typer(
        name="paigow",
        cls=PaigowGroup,
        help="Pai Gow Poker hand-setting advisor: rank the 21 ways to set seven cards, "
        "show a casino's house way, settle against a dealer.\n\n"
        "Cards are a rank (2-9, T or 10, J, Q, K, A) and a suit (S H D C or ♠ ♥ ♦ ♣), any case; "
        "the joker is JK. Give them as separate arguments or one quoted string; "
        "give - to read one hand per line from stdin.",
        epilog="Example:  $ paigow advise AS KD JK 9H 9C 4D 2S",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    fresh.callback()(_main_options)
    return fresh


# The one ordered registry of commands: each command's name and the module that defines it (with its
# own ``typer.Typer()``; ``cache`` is a group of its own), in the order the help page lists them,
# the everyday ones first. A test checks that it names every command the modules define.
COMMANDS: tuple[tuple[str, ModuleType], ...] = (
    ("eval", hands),
    ("advise", advise),
    ("house", house),
    ("house-ways", house),
    ("odds", hands),
    ("power", hands),
    ("deal", dealing),
    ("simulate", dealing),
    ("edge", edge),
    ("mistakes", mistakes),
    ("compare", compare),
    ("strategy", strategy),
    ("table", table),
    ("session", session),
    ("bank", bank),
    ("dragon", dragon),
    ("drill", drill),
    ("stats", stats),
    ("play", play),
    ("bonus", bonus),
    ("cache", cache),
)
COMMAND_ORDER = tuple(name for name, _ in COMMANDS)
COMMAND_MODULES = tuple(dict.fromkeys(module for name, module in COMMANDS if name != "cache"))
MODULE_OF = dict(COMMANDS)

app = new_app()
app.command("help")(help_command)
for commands in COMMAND_MODULES:
    app.add_typer(commands.app)
app.add_typer(cache.app, name="cache")


# The options of the ``paigow`` group itself; none takes a value.
GROUP_FLAGS = frozenset({"--ascii", "--version", "--help", "-h"})


def app_to_run(words: Sequence[str]) -> typer.Typer:
    """The app a run needs, since Typer builds every command's options before it runs one or lists
    them (a sixth of a one-hand ``advise``, a tenth of ``--help``): for one named command
    (``paigow advise HAND``, ``paigow advise --help``), an app of that command's module alone; for
    the group's own page and options (``paigow``, ``--help``, ``help``, ``--version``), the app's
    ``outline``; the whole ``app`` for the rest (``help advise``, shell completion, errors).

    >>> [command.name for command in app_to_run(["house", "AS KD JK 9H 9C 4D 2S"]).registered_groups[0].typer_instance.registered_commands]
    ['house', 'house-ways']
    >>> app_to_run(["advise", "--help"]) is app, app_to_run(["help", "advise"]) is app
    (False, True)
    >>> app_to_run(["--ascii", "--help"]).registered_groups[0].typer_instance.registered_commands[0].callback
    <function takes_no_options at ...>
    """
    if any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return app  # shell completion reads the whole app
    leading = list(itertools.takewhile(GROUP_FLAGS.__contains__, words))
    rest = list(words[len(leading) :])
    if not rest or "--help" in leading or "-h" in leading:
        return outline(app)  # the group's page or its version: a flag before any command is eager
    if rest[0] == "help" and all(word in GROUP_FLAGS for word in rest[1:]):
        return outline(app)
    slim = new_app()
    module = MODULE_OF.get(rest[0])
    if module is cache:
        slim.add_typer(cache.app, name="cache")
        return slim
    if module is not None:
        slim.add_typer(module.app)
        return slim
    return app


def takes_no_options() -> None:
    """The callback of a command in an outline: its page lists commands, it runs none of them."""


def outline(typer_app: typer.Typer, *, own_commands: bool = True) -> typer.Typer:
    """A copy of ``typer_app`` whose sub-apps' commands keep their names and help but take no
    options: all a list of commands needs. The app's own callback (``--ascii``, ``--version``) and,
    with ``own_commands``, its own commands (``help``) are kept as they are.

    >>> [info.callback.__name__ for info in outline(app).registered_commands]
    ['help_command']
    >>> {info.callback.__name__ for group in outline(app).registered_groups for info in group.typer_instance.registered_commands}
    {'takes_no_options'}
    """
    import copy

    from typer.main import get_command_name

    copied = copy.copy(typer_app)
    if not own_commands:
        copied.registered_commands = []
        for info in typer_app.registered_commands:
            command = copy.copy(info)
            if info.callback is not None:
                command.name = info.name or get_command_name(info.callback.__name__)
                command.help = info.help if info.help is not None else inspect.getdoc(info.callback)
            command.callback = takes_no_options
            copied.registered_commands.append(command)
    copied.registered_groups = []
    for group_info in typer_app.registered_groups:
        group = copy.copy(group_info)
        if group_info.typer_instance is not None:
            group.typer_instance = outline(group_info.typer_instance, own_commands=False)
        copied.registered_groups.append(group)
    return copied


def unwrap_help(doc: str | None) -> str | None:
    """A docstring as help text: each paragraph on one line (the help page wraps it to the
    terminal), except example paragraphs (``$ ...`` lines), which keep their lines.

    >>> print(unwrap_help('''Title.
    ...
    ...     Text that
    ...     goes on.
    ...
    ...     $ paigow a
    ...     $ paigow b
    ...     '''))
    Title.
    <BLANKLINE>
    Text that goes on.
    <BLANKLINE>
    $ paigow a
    $ paigow b
    """
    if doc is None:
        return None
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(
        paragraph if any(line.startswith("$ ") for line in paragraph.splitlines()) else " ".join(paragraph.split())
        for paragraph in paragraphs
    )


def _tidy_help(typer_app: typer.Typer) -> None:
    """Give every command its unwrapped help text."""
    for info in typer_app.registered_commands:
        if info.help is None and info.callback is not None:
            info.help = unwrap_help(info.callback.__doc__)
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _tidy_help(group.typer_instance)


_tidy_help(app)


def main() -> None:
    """Console-script entry point: no traceback reaches a user unless PAIGOW_DEBUG is set. A
    closed or full standard stream is an error like any other (``terminal.guard_streams``)."""
    guard_streams(failure=ExitCode.FAILURE, bad_input=ExitCode.BAD_INPUT)
    try:
        try:
            app_to_run(sys.argv[1:])(prog_name="paigow")
        finally:
            flush_output(ExitCode.FAILURE)
    except SystemExit as exit:
        if exit.code == ExitCode.INTERRUPTED:
            leave_now(ExitCode.INTERRUPTED)
        raise
    except StreamError as error:
        quiet_stdout()  # nothing more can be written there, and the last flush must not fail again
        error_line(str(error))
        sys.exit(error.code)
    except KeyboardInterrupt:
        typer.echo("Interrupted.", err=True)
        leave_now(ExitCode.INTERRUPTED)
    except (BrokenPipeError, ClosedPipe):  # the reader closed the pipe (paigow deal | head -1): a normal end
        quiet_stdout()
        sys.exit(ExitCode.OK)
    except Exception as error:  # a bug: say so in one line
        if os.environ.get("PAIGOW_DEBUG"):
            raise
        error_line(f"internal error: {type(error).__name__}: {error} (set PAIGOW_DEBUG=1 for a traceback)")
        sys.exit(ExitCode.FAILURE)
