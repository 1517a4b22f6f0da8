"""How help pages are laid out: options' help wraps and folds instead of being cut, and the page
is drawn without loading the parts of Rich it never shows.

``prepare_help_pages()`` is called only when a run asks for help: it is what makes ``paigow
--help`` import Typer's Rich layout (and Rich) at all.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

# Typer's help layout imports these for Markdown help text and pretty tracebacks, neither of which
# a paigow page shows (markup is Rich's, tracebacks are off): a third of a page's imports.
NOT_SHOWN = (("rich.markdown", "Markdown"), ("rich.traceback", "Traceback"))


def prepare_help_pages() -> None:
    """Import Typer's help layout without what it never shows here, then make it fold."""
    if "typer.rich_utils" not in sys.modules:
        import_without_unshown()
    fold_help_text()


def import_without_unshown() -> None:
    """Import ``typer.rich_utils`` with ``NOT_SHOWN``'s modules stood in for by ``on_demand`` names;
    the real modules are imported if a stand-in is ever used, and by any later import.

    >>> import subprocess, sys
    >>> probe = ("from paigow_cli.cli.help_pages import import_without_unshown as i; i(); import sys; "
    ...          "print('rich.markdown' in sys.modules, 'typer.rich_utils' in sys.modules)")
    >>> subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout
    'False True\\n'
    """
    stood_in = [name for name, _ in NOT_SHOWN if name not in sys.modules]
    for module, name in NOT_SHOWN:
        if module in stood_in:
            placeholder = types.ModuleType(module)
            setattr(placeholder, name, on_demand(module, name))
            sys.modules[module] = placeholder
    try:
        import typer.rich_utils  # noqa: F401
    finally:
        for module in stood_in:
            del sys.modules[module]


def on_demand(module: str, name: str) -> type:
    """A stand-in for the class ``module.name`` that imports it when first called or asked about.

    >>> Fraction = on_demand("fractions", "Fraction")
    >>> Fraction(1, 3), Fraction.from_float(0.5)
    (Fraction(1, 3), Fraction(1, 2))
    """

    def real() -> Any:
        return getattr(importlib.import_module(module), name)

    class OnDemand(type):
        def __getattr__(cls, attribute: str) -> Any:
            return getattr(real(), attribute)

    def new(cls: type, *args: Any, **kwargs: Any) -> Any:
        return real()(*args, **kwargs)

    return OnDemand(name, (), {"__new__": new, "__module__": module})


def fold_help_text() -> None:
    """Help pages wrap an option's help, and fold a word too long for a narrow column (a house way's
    name at 50 columns), instead of cutting it with an ellipsis: Typer lays the help out as columns
    of pieces, each cut to its width; here it is one text, which wraps. Called only when help is
    asked for (it imports Rich)."""
    import typer.rich_utils as rich_utils
    from rich.text import Text

    original = rich_utils._get_parameter_help
    if getattr(original, "folds", False):
        return

    def folded(**arguments: Any) -> Any:
        found = original(**arguments)
        pieces = list(getattr(found, "renderables", []))
        if not pieces or not all(isinstance(piece, Text) for piece in pieces):
            return found
        text = Text(" ").join(pieces)
        text.overflow = "fold"
        return text

    folded.folds = True  # type: ignore[attr-defined]
    rich_utils._get_parameter_help = folded
    # option names: fold, never cut
    rich_utils.highlighter = FoldingHighlighter(rich_utils.highlighter)  # type: ignore[assignment]


class FoldingHighlighter:
    """A Rich highlighter whose texts fold a word too long for their column instead of cutting it."""

    def __init__(self, highlighter: Any) -> None:
        self.highlighter = highlighter

    def __call__(self, text: Any) -> Any:
        found = self.highlighter(text)
        found.overflow = "fold"
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self.highlighter, name)
