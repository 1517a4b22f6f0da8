"""paigow: a Pai Gow Poker hand-setting advisor.

The library never prints and never exits; ``paigow_cli.cli`` is the only
module that knows about the command line.
"""

__version__ = "0.6.0"
