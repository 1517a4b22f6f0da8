"""The ``paigow`` command line: the only package that knows about Typer and Rich.

``app`` is the Typer app and ``main`` the console entry point (``paigow_cli.cli:main``).
Each command group is one module under ``commands/``, owning its options and its pure text and
JSON renderers; ``options``, ``output``, ``tables``, ``views``, ``terminal`` and ``exits`` hold
what they share.
"""

try:
    from paigow_cli.cli.app import app, main
except KeyboardInterrupt:  # Ctrl-C while the command line is still loading: the same quiet end as later
    import os
    import sys

    sys.stderr.write("Interrupted.\n")
    sys.stderr.flush()
    os._exit(130)

__all__ = ["app", "main"]
