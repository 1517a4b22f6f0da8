"""Helpers the test modules import: a card-parsing shorthand, every command of the app, seeded
random hands, and the check of a one-line error."""

from __future__ import annotations

import random

from paigow_cli.core.cards import DECK, Card, parse_cards


def cards(text: str) -> tuple[Card, ...]:
    """Shorthand: ``cards("AS KD")``."""
    return parse_cards(text)


def command_paths() -> list[list[str]]:
    """Every command of the app, found from the app itself: ``[["eval"], ..., ["cache", "info"], ...]``."""
    from typer.main import get_command

    from paigow_cli.cli import app

    paths = []
    for name, command in get_command(app).commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        paths += [[name, child] for child in sub] if sub else [[name]]
    return paths


def random_hands(count: int, seed: int, size: int = 7) -> list[tuple[Card, ...]]:
    """``count`` seeded random hands of ``size`` distinct cards from the 53-card deck."""
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, size)) for _ in range(count)]


def one_error(result, code: int, *fragments: str) -> str:
    """A CLI result that failed with ``code`` and exactly one ``Error:`` line holding ``fragments``."""
    assert result.exit_code == code, (result.exit_code, result.output)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def stable_seed(*parts: object, modulus: int = 1000) -> int:
    """A seed from names that is the same in every process (``hash`` of a string is not: Python
    salts it per process, so a failure could not be replayed).

    >>> stable_seed("foxwoods", "second") == stable_seed("foxwoods", "second")
    True
    """
    import zlib

    return zlib.crc32("-".join(str(part) for part in parts).encode()) % modulus
