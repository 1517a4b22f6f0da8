"""Where paigow keeps what a person makes: the data folder (the drill history, saved strategy
cards). Caches live elsewhere (``engine.cache``).

>>> import os
>>> os.environ["PAIGOW_DATA_DIR"] = "/tmp/paigow-data"
>>> str(data_dir()), str(saved_cards_dir())
('/tmp/paigow-data', '/tmp/paigow-data/cards')
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

CARDS = "cards"  # the data folder's folder of saved strategy cards (``paigow strategy --save``)


def data_dir() -> Path:
    """``$PAIGOW_DATA_DIR``, else the platform's user data folder for paigow."""
    configured = os.environ.get("PAIGOW_DATA_DIR")
    if configured:
        return Path(configured).expanduser()
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "paigow"
    if os.name == "nt":
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / "paigow"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "paigow"


def saved_cards_dir() -> Path:
    """The folder of saved strategy cards: each ``NAME.py`` (its plugin) and ``NAME.json`` (the card)."""
    return data_dir() / CARDS


def saved_card(name: str) -> Path | None:
    """A saved card's plugin file, if a card of that name is saved."""
    path = saved_cards_dir() / f"{name}.py"
    return path if path.is_file() else None
