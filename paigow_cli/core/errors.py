"""The library's errors: one base class, a subclass per kind of failure.

The library raises these and never prints; the command line turns each into one
``Error:`` line and an exit code. The library does not know the command line's flags: an error
about one of its settings names the setting (``about``) and writes ``{option}`` where the
setting goes in the sentence; the command line puts its own flag there (``--commission``),
and anyone else reads the setting's name.

>>> raise CardError("'1S' is not a card: unknown rank '1'")
Traceback (most recent call last):
...
paigow_cli.core.errors.CardError: '1S' is not a card: unknown rank '1'
>>> error = OptionError("{option} 0 must be more than 0", about="bet")
>>> str(error), error.worded("--bet")
('bet 0 must be more than 0', '--bet 0 must be more than 0')
"""


class PaigowError(ValueError):
    """Base class of every error the library raises on purpose."""

    def __init__(self, message: str, *, about: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.about = about  # the setting the error is about (``commission``, ``house_way``), if any

    def worded(self, option: str | None = None) -> str:
        """The message with ``option`` (a flag, say) where the setting goes; its own name by default."""
        return self.message.replace("{option}", option or (self.about or "").replace("_", " "))

    def __str__(self) -> str:
        return self.worded()


class CardError(PaigowError):
    """Cards that cannot be read, repeat, or are the wrong number for the command."""


class OptionError(PaigowError):
    """An option value that is out of range or inconsistent with the others."""


class CacheError(PaigowError):
    """A table cache that cannot be read or written (not a user error)."""


class PluginError(PaigowError):
    """A house-way plugin that cannot be loaded, fails its checks, or raised inside a clause (exit 1)."""
