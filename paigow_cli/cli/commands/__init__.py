"""One module per command group, each with its own ``typer.Typer()`` that ``cli.app`` joins."""
