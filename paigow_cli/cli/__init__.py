"""The ``paigow`` command line: the only package that knows about Typer and Rich.

``app`` is the Typer app and ``main`` the console entry point (``paigow_cli.cli:main``).
Each command group is one module under ``commands/``, owning its options and its pure text and
JSON renderers; ``options``, ``output``, ``tables``, ``views`` and ``exits`` hold what they share.
"""

from paigow_cli.cli.app import app, main

__all__ = ["app", "main"]
