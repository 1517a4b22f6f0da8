"""The library's errors: one base class, a subclass per kind of failure.

The library raises these and never prints; ``cli.py`` turns each into one
``Error:`` line and an exit code.

>>> raise CardError("'1S' is not a card: unknown rank '1'")
Traceback (most recent call last):
...
paigow_cli.errors.CardError: '1S' is not a card: unknown rank '1'
"""


class PaigowError(ValueError):
    """Base class of every error the library raises on purpose."""


class CardError(PaigowError):
    """Cards that cannot be read, repeat, or are the wrong number for the command."""


class OptionError(PaigowError):
    """An option value that is out of range or inconsistent with the others."""


class CacheError(PaigowError):
    """A table cache that cannot be read or written (not a user error)."""


class PluginError(PaigowError):
    """A house-way plugin that cannot be loaded, fails its checks, or raised inside a clause (exit 1)."""
