"""Allow ``python -m paigow_cli``."""

from paigow_cli.cli import main

main()
