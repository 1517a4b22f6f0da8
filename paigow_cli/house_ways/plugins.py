"""House ways from outside the package: a Python file, or an installed package's entry point.

A plugin is one ``HouseWay`` subclass (see ``house_ways.api``) with a ``name``, a
``casino`` and a ``source``. Bring one as ``--house-way PATH/TO/FILE.py``, or
install a package that names it in the entry point group ``paigow.house_ways``
(``name = "module:Class"``). A loaded plugin carries where it came from
(``origin``) and a digest of its source, which goes into its dealer table's cache
key, so editing the file rebuilds the table.

An exception inside a plugin's clause becomes a ``PluginError`` naming the
plugin, the clause and the hand (one ``Error:`` line, exit 1, at the command line).

>>> resolve("foxwoods")
'foxwoods'
>>> resolve("caesars")
Traceback (most recent call last):
...
paigow_cli.core.errors.OptionError: house way: unknown house way 'caesars': choose foxwoods, trump-plaza, claridge, ballys, flamingo, golden-nugget, santa-ana-star, an installed plugin (none installed), a saved card (paigow strategy --list) or a plugin file PATH.py
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import re
import sys
from collections.abc import Sequence
from difflib import get_close_matches
from pathlib import Path

from paigow_cli.core.cards import Card, cards_text, printable, sort_cards
from paigow_cli.core.errors import OptionError, PluginError
from paigow_cli.house_ways.analysis import CompleteSetting, Decision, HelperError, Seven
from paigow_cli.house_ways.base import HouseWay
from paigow_cli.house_ways.shipped import HOUSE_WAYS

ENTRY_POINT_GROUP = "paigow.house_ways"
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
LOADED: dict[str, HouseWay] = {}  # plugins loaded in this process, by name


def shipped() -> dict[str, HouseWay]:
    return HOUSE_WAYS


def looks_like_path(text: str) -> bool:
    return text.endswith(".py") or "/" in text or "\\" in text


def resolve(text: str, *, words: Sequence[str] = ()) -> str:
    """The name of the house way ``text`` names (a shipped name or an installed plugin's, in any
    case, or a path to a plugin file), loading the plugin first. An unknown name is refused with
    the nearest known one suggested; ``words`` are other names the option takes (``--player``'s
    house, best and best-way), offered too."""
    text = str(getattr(text, "value", text))
    if text in shipped() or text in LOADED:
        return text
    if looks_like_path(text) or Path(text).is_file():
        way = load_file(Path(text))
        return register(way)
    lower = text.lower()
    if lower in shipped() or lower in LOADED:
        return lower
    entry = installed_entry(lower)
    if entry is not None:
        return register(load_entry_point(entry))
    from paigow_cli.core.folders import saved_card

    saved = saved_card(lower) if NAME_PATTERN.match(lower) else None
    if saved is not None:  # a strategy card kept by paigow strategy --save
        return register(load_file(saved))
    installed = [entry.name for entry in entry_points()]
    known = [*words, *shipped(), *installed]
    kind = "strategy or house way" if words else "house way"
    unknown = f"{{option}}: unknown {kind} '{printable(text)}'"
    nearest = get_close_matches(lower, known, n=1, cutoff=0.6)
    if nearest:
        raise OptionError(
            f"{unknown}: did you mean {nearest[0]}? (paigow house-ways lists them all)", about="house_way"
        )
    plugins = ", ".join(installed) if installed else "none installed"
    raise OptionError(
        f"{unknown}: choose {', '.join([*words, *shipped()])}, an installed plugin ({plugins}), a saved card "
        "(paigow strategy --list) or a plugin file PATH.py",
        about="house_way",
    )


def register(way: HouseWay) -> str:
    """Make a loaded plugin findable by its name; a name of ours or another plugin's is refused."""
    from paigow_cli.core.rules import PLAYER_WORDS

    if way.name in shipped():
        raise PluginError(
            f"the house way plugin {way.origin} is named '{way.name}', the name of a shipped house way: rename it"
        )
    if way.name in PLAYER_WORDS:
        raise PluginError(
            f"the house way plugin {way.origin} is named '{way.name}', a word --player keeps for itself: rename it"
        )
    other = LOADED.get(way.name)
    if other is not None and other.origin != way.origin:
        raise PluginError(f"two house way plugins are named '{way.name}': {other.origin} and {way.origin}")
    LOADED[way.name] = way
    return way.name


def find(name: str) -> HouseWay | None:
    """A loaded plugin by name (loading an installed one on first use)."""
    way = LOADED.get(name)
    if way is None and not looks_like_path(name):
        entry = installed_entry(name)
        if entry is not None:
            register(load_entry_point(entry))
            return LOADED[name]
    return way


def installed_entry(name: str):
    """The installed entry point of that name; two packages claiming one name are refused, not
    one of them picked at random."""
    found = [entry for entry in entry_points() if entry.name == name]
    if len(found) > 1:
        packages = " and ".join(where_from(entry) for entry in found)
        raise PluginError(f"two installed house way plugins are named '{name}': {packages}; uninstall one")
    return found[0] if found else None


def where_from(entry) -> str:
    """The package an entry point comes from, for messages."""
    return (
        f"package {entry.dist.name} {entry.dist.version}"
        if getattr(entry, "dist", None)
        else f"entry point {entry.value}"
    )


def entry_points() -> list:
    from importlib.metadata import entry_points as found

    return sorted(found(group=ENTRY_POINT_GROUP), key=lambda entry: entry.name)


def load_file(path: Path) -> HouseWay:
    """The one HouseWay subclass a Python file defines."""
    if path.is_dir():
        raise OptionError(
            f"{{option}} {path}: that is a folder; a plugin is a .py file defining one HouseWay subclass",
            about="house_way",
        )
    if not path.is_file():
        raise OptionError(
            f"{{option}} {path}: no such file (a plugin is a .py file defining one HouseWay subclass)",
            about="house_way",
        )
    source = path.read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:12]
    module_name = f"paigow_house_way_{re.sub(r'[^0-9a-zA-Z_]', '_', path.stem)}_{digest}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"cannot load the house way plugin {path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as error:  # the plugin's own code failed: say where
        raise PluginError(f"cannot load the house way plugin {path}: {describe(error, str(path.resolve()))}") from error
    defined = [
        value
        for value in vars(module).values()
        if inspect.isclass(value) and issubclass(value, HouseWay) and value.__module__ == module_name
    ]
    classes = [cls for cls in defined if not any(other is not cls and issubclass(other, cls) for other in defined)]
    if len(classes) != 1:  # helper base classes are fine: the house way is the one no other derives from
        found = ", ".join(cls.__name__ for cls in classes) or "none"
        raise PluginError(
            f"the house way plugin {path} must define exactly one HouseWay subclass (found: {found}); a helper "
            "base class is fine, the house way being the one no other of the file's classes derives from"
        )
    return instantiate(classes[0], f"file {path.resolve()}", digest, str(path.resolve()))


def load_entry_point(entry) -> HouseWay:
    """The house way an installed package names in the ``paigow.house_ways`` group."""
    where = where_from(entry)
    try:
        loaded = entry.load()
    except (Exception, SystemExit) as error:
        raise PluginError(f"cannot load the house way plugin '{entry.name}' ({where}): {describe(error)}") from error
    cls = type(loaded) if isinstance(loaded, HouseWay) else loaded
    if not (inspect.isclass(cls) and issubclass(cls, HouseWay)):
        raise PluginError(f"the house way plugin '{entry.name}' ({where}) is not a HouseWay subclass")
    home = package_home(cls)
    digest = package_digest(home, where) if home else hashlib.sha256((entry.value + where).encode()).hexdigest()[:12]
    way = instantiate(cls, where, digest, home)
    if way.name != entry.name:
        raise PluginError(
            f"the house way plugin '{entry.name}' ({where}) calls itself '{way.name}': the names must agree"
        )
    return way


def package_home(cls: type) -> str:
    """The folder of the package a plugin class comes from (its top-level package), or its module's
    file when it is a module on its own; "" when there is no source on disk."""
    top = sys.modules.get(cls.__module__.partition(".")[0])
    folders = list(getattr(top, "__path__", []) or [])
    if folders:
        return str(Path(folders[0]).resolve())
    try:
        return str(Path(inspect.getsourcefile(cls) or "").resolve()) if inspect.getsourcefile(cls) else ""
    except TypeError:
        return ""


def package_digest(home: str, where: str) -> str:
    """A digest of every Python file of a plugin's package (or its one module) and of the package's
    name and version: editing any module the plugin is made of rebuilds its dealer table."""
    root = Path(home)
    files = sorted(root.rglob("*.py")) if root.is_dir() else [root]
    digest = hashlib.sha256(where.encode())
    for file in files:
        if "__pycache__" in file.parts:
            continue
        digest.update(str(file.relative_to(root) if root.is_dir() else file.name).encode() + b"\0")
        try:
            digest.update(file.read_bytes())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()[:12]


def instantiate(cls: type[HouseWay], origin: str, digest: str, home: str = "") -> HouseWay:
    """An instance of a plugin class, its name, casino and source checked, marked with its origin."""
    try:
        way = cls()
    except (Exception, SystemExit) as error:
        raise PluginError(
            f"cannot create the house way plugin {cls.__name__} ({origin}): {describe(error, home)}"
        ) from error
    for field in ("name", "casino", "source"):
        value = getattr(way, field, "")
        if not isinstance(value, str) or not value.strip():
            raise PluginError(f"the house way plugin {cls.__name__} ({origin}) needs a {field} (a non-empty string)")
    if not NAME_PATTERN.match(way.name):
        raise PluginError(
            f"the house way plugin {cls.__name__} ({origin}) is named {way.name!r}: use lower case letters, digits and hyphens, "
            "e.g. gold-star"
        )
    missing = [
        clause
        for clause in ("two_pair", "four_of_a_kind", "straight_or_flush")
        if getattr(cls, clause) is getattr(HouseWay, clause)
    ]
    if missing:
        raise PluginError(f"the house way plugin {cls.__name__} ({origin}) must define {', '.join(missing)}")
    way.warnings = stray_methods(cls)
    way.plugin = True
    way.origin = origin
    way.digest = digest
    way.home = home
    return way


CLAUSES = (
    "five_aces",
    "four_of_a_kind",
    "full_house",
    "two_trips",
    "straight_or_flush",
    "three_pair",
    "two_pair",
    "three_of_a_kind",
    "one_pair",
    "no_pair",
)  # the methods ``HouseWay.decide`` (and ``full_house``) call


def stray_methods(cls: type[HouseWay]) -> tuple[str, ...]:
    """Warnings about a plugin's public methods that are neither clauses nor ``HouseWay``'s own:
    paigow never calls them, so a misspelt clause (``two_pairs``) would be ignored without a word.

    >>> class Mine(HouseWay):
    ...     __module__ = "my_way"  # a plugin's own module
    ...     def two_pairs(self, hand): ...
    ...     def _helper(self, hand): ...
    ...     def two_pair(self, hand): ...
    >>> stray_methods(Mine)
    ('two_pairs is not a clause paigow calls (did you mean two_pair?); name a helper with a leading underscore, _two_pairs',)
    """
    import difflib

    warnings = []
    for klass in cls.__mro__:
        if klass is HouseWay or not issubclass(klass, HouseWay) or klass.__module__.startswith("paigow_cli."):
            continue  # paigow's own classes (a shipped way a plugin derives from) are not the plugin's
        for name, value in vars(klass).items():
            if name.startswith("_") or not callable(value) or hasattr(HouseWay, name):
                continue
            close = difflib.get_close_matches(name, CLAUSES, n=1, cutoff=0.75)
            hint = f" (did you mean {close[0]}?)" if close else ""
            warnings.append(
                f"{name} is not a clause paigow calls{hint}; name a helper with a leading underscore, _{name}"
            )
    return tuple(dict.fromkeys(warnings))


def describe(error: BaseException, home: str = "") -> str:
    """``ZeroDivisionError: division by zero (gold_star.py, line 12)``: the error and where it was
    raised. With ``home`` (the plugin's file, or its package's folder), an error raised inside
    paigow's code names the plugin's line that called it: ``HelperError: pair_in_front(13) needs
    two kings; the hand has none (called at gold_star.py, line 12)``."""
    if isinstance(error, SyntaxError):
        where = f" ({Path(error.filename).name}, line {error.lineno})" if error.filename else ""
        return f"{type(error).__name__}: {error.msg}{where}"  # str() would repeat the place
    if isinstance(error, SystemExit):
        text = f"it called sys.exit({error.code!r}) (a plugin must never exit)"
    else:
        text = f"{type(error).__name__}: {error}"
    frames = inspect.getinnerframes(error.__traceback__, context=0) if error.__traceback__ else []
    if not frames:
        return text
    innermost = frames[-1]
    own = [at for at, frame in enumerate(frames) if home and _inside(frame.filename, home)]
    if own and own[-1] != len(frames) - 1:
        caller = frames[own[-1]]
        helper = "" if isinstance(error, HelperError) else f" in paigow's {frames[own[-1] + 1].function}(),"
        return f"{text} ({helper.strip(' ,')}{', ' if helper else ''}called at {Path(caller.filename).name}, line {caller.lineno})"
    return f"{text} ({Path(innermost.filename).name}, line {innermost.lineno})"


def _inside(filename: str, home: str) -> bool:
    """Whether a frame's file is the plugin's file, or in its package's folder."""
    path, root = Path(filename), Path(home)
    return path == root or root in path.parents


def decision_fault(decision: object, cards: Sequence[Card]) -> str | None:
    """What is wrong with what a house way returned for ``cards``, or None for a ``Decision`` of
    two different cards of the hand with its clause's text: the one check of a decision, for
    ``house-ways --check`` and every command alike.

    >>> from paigow_cli.core.cards import parse_cards
    >>> hand = parse_cards("AS KD JK 9H 9C 4D 2S")
    >>> decision_fault(Decision(hand[:2], "two highest"), hand) is None
    True
    >>> decision_fault(hand[:2], hand)
    'returned the tuple (AS, KD), not a Decision: return Decision((card, card), "the clause in words")'
    >>> decision_fault(Decision(hand[:2], 42), hand)
    'returned a Decision whose rule is 42: the rule is the clause in words, a non-empty string'
    """
    if isinstance(decision, CompleteSetting):
        return (
            f"returned a CompleteSetting (front {_cards_shown(decision.front)}), not a Decision: "
            'return self.complete(setting, "the clause in words") to play it'
        )
    if not isinstance(decision, Decision):
        shown = "None" if decision is None else f"the {type(decision).__name__} {_cards_shown(decision)}"
        return f'returned {shown}, not a Decision: return Decision((card, card), "the clause in words")'
    front = decision.front
    if (
        not isinstance(front, (tuple, list))
        or len(front) != 2
        or not all(isinstance(card, Card) for card in front)
        or front[0] == front[1]
        or not set(front) <= set(cards)
    ):
        return f"returned a Decision whose front {_cards_shown(front)} is not two different cards of the hand"
    if not isinstance(decision.rule, str) or not decision.rule.strip():
        return (
            f"returned a Decision whose rule is {decision.rule!r}: the rule is the clause in words, a non-empty string"
        )
    return None


def _cards_shown(value: object) -> str:
    """Cards as a player writes them, anything else as Python shows it (for messages)."""
    if isinstance(value, (tuple, list)) and all(isinstance(card, Card) for card in value):
        return f"({', '.join(str(card) for card in value)})" if value else "()"
    return repr(value)


def clause_of(way: HouseWay, error: BaseException) -> str:
    """The innermost method of the house way that was running when ``error`` was raised."""
    clause = "decide"
    traceback = error.__traceback__
    while traceback is not None:
        frame = traceback.tb_frame
        if frame.f_locals.get("self") is way:
            clause = frame.f_code.co_name
        traceback = traceback.tb_next
    return clause


def guarded_decide(way: HouseWay, cards: Sequence[Card], wheel_low: bool) -> Decision:
    """A plugin's decision, checked (``decision_fault``); anything raised inside it, even
    ``sys.exit``, reported as a PluginError naming the clause, the hand and the plugin's line."""
    try:
        decision = way.decide(Seven(cards, wheel_low))
    except (Exception, SystemExit) as error:
        raise PluginError(
            f"the house way plugin '{way.name}' failed in its clause {clause_of(way, error)} on {cards_text(sort_cards(cards))}: "
            f"{describe(error, way.home)}"
        ) from error
    fault = decision_fault(decision, cards)
    if fault is not None:
        raise PluginError(f"the house way plugin '{way.name}' {fault} (for {cards_text(sort_cards(cards))})")
    return decision
