"""House-way plugins (issue: your casino's house way): the API, loading, checking, errors, the cache."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import cards
from typer.testing import CliRunner

from paigow_cli.analysis.hand.house_way_check import check_house_way
from paigow_cli.cli import app
from paigow_cli.core.errors import OptionError, PluginError
from paigow_cli.core.rules import Rules
from paigow_cli.house_ways import HOUSE_WAYS, house_setting, way_named
from paigow_cli.house_ways.plugins import LOADED, load_file, resolve

ROOT = Path(__file__).resolve().parent.parent
GOLD_STAR = ROOT / "examples" / "house_ways" / "gold_star.py"
runner = CliRunner()


@pytest.fixture(autouse=True)
def fresh_plugins():
    """Each test loads its plugins afresh (in-process runs share the registry otherwise)."""
    LOADED.clear()
    yield
    LOADED.clear()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def gold_star() -> Rules:
    return Rules(house_way=resolve(str(GOLD_STAR)))


def front(hand: str) -> set[str]:
    return {str(card) for card in house_setting(cards(hand), gold_star()).split.low}


# --- the example, a case per clause of rules.md §7.8 -----------------------------------------------


@pytest.mark.parametrize(
    "clause, hand, expected",
    [
        ("no pair: highest in back, next two in front", "AS KD 9H 7C 5S 3H 2D", {"KD", "9H"}),
        ("one pair: pair in back, next two in front", "AS KD 9H 9C 5S 3H 2D", {"AS", "KD"}),
        ("two pair J+ with 6+: split", "JS JD 6H 6C AS 3H 2D", {"6H", "6C"}),
        ("two pair, high pair 6 or lower: together", "6S 6D 3H 3C KS 9H 2D", {"KS", "9H"}),
        ("two pair, other, an ace: together with the ace in front", "TS TD 4H 4C AS 9H 2D", {"AS", "9H"}),
        ("two pair, other, the joker as the ace: together", "TS TD 4H 4C JK 9H 2D", {"JK", "9H"}),
        ("two pair, other, no ace: split", "TS TD 4H 4C KS 9H 2D", {"4H", "4C"}),
        ("two pair J+ with a low pair below 6, an ace: together", "QS QD 5H 5C AS 9H 2D", {"AS", "9H"}),
        ("three pair: highest pair in front", "TS TD 4H 4C 8S 8H 2D", {"TS", "TD"}),
        ("three of a kind: in back", "8S 8D 8H KC 9S 4H 2D", {"KC", "9S"}),
        ("three aces: split, one ace in front", "AS AD AH KC 9S 4H 2D", {"AS", "KC"}),
        ("two trips: a pair from the highest in front", "8S 8D 8H 5C 5S 5H 2D", {"8S", "8H"}),
        ("straight, no pair: the highest two cards that allow it", "AS KD 9H 8C 7S 6H 5D", {"AS", "KD"}),
        ("straight, one pair: the pair in front", "9S 9D 8H 7C 6S 5H 4D", {"9S", "9D"}),
        ("straight, one pair that cannot go in front: complete hand, best front", "9S 9D 8H 7C 6S 5H 2D", {"9S", "2D"}),
        (
            "straight, pair of tens or better and an ace: pair in back, ace in front",
            "AS TD TH 9C 8S 7H 6D",
            {"AS", "9C"},
        ),
        ("full house: pair in front", "8S 8D 8H 5C 5S KH 2D", {"5C", "5S"}),
        ("full house of twos with A-K: kept, A-K in front", "8S 8D 8H 2C 2S KH AD", {"KH", "AD"}),
        ("trips and two pairs: highest pair in front", "8S 8D 8H 5C 5S 3H 3D", {"5C", "5S"}),
        ("four of a kind 2-6: together", "5S 5D 5H 5C KS 9H 2D", {"KS", "9H"}),
        ("four of a kind 7-10 with an ace: together", "9S 9D 9H 9C AS 7H 2D", {"AS", "7H"}),
        ("four of a kind 7-10 without an ace: split", "9S 9D 9H 9C KS 7H 2D", {"9S", "9H"}),
        ("four of a kind J-A: split", "QS QD QH QC AS 7H 2D", {"QS", "QH"}),
        ("four of a kind with a pair: the pair in front", "5S 5D 5H 5C KS KH 2D", {"KS", "KH"}),
        ("five aces: two aces in front", "AS AD AH AC JK 7H 2D", {"AS", "AH"}),
        ("five aces with a pair of kings: kings in front", "AS AD AH AC JK KH KD", {"KH", "KD"}),
    ],
    ids=lambda value: value if isinstance(value, str) and not value[:2].isupper() else None,
)
def test_gold_star_clause(clause, hand, expected):
    assert front(hand) == expected, clause


def test_gold_star_passes_its_checks():
    report = check_house_way(way_named(gold_star().house_way), hands=3000)
    assert report.passed, report.examples


# --- loading -------------------------------------------------------------------------------------------


def write_plugin(folder: Path, body: str, name: str = "plugin.py") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(body))
    return path


PLUGIN_HEAD = """
from paigow_cli.house_ways.api import Decision, HouseWay

class Broken(HouseWay):
    name = "{name}"
    casino = "Test casino"
    source = "a test"

    def two_pair(self, hand):
        return self.split_two_pair(hand, "Two pair")

    def four_of_a_kind(self, hand):
        return self.split_quads(hand, "Four of a kind")

    def straight_or_flush(self, hand):
        return None
"""
FAULTY = {
    "error": "    def two_pair(self, hand):\n        return 1 / 0\n",
    "cards": "    def one_pair(self, hand):\n        card = hand.cards[0]\n        return Decision((card, card), 'twice')\n",
    "foul": "    def no_pair(self, hand):\n        return Decision(hand.front_from_pool(hand.cards), 'two highest in front')\n",
    "order": "    def one_pair(self, hand):\n        return Decision(tuple(hand.cards_except(hand.pairs[0])[:2]), 'first two others')\n",
    "suits": (
        "    def no_pair(self, hand):\n"
        "        if any(str(card) == '2S' for card in hand.cards):\n"
        "            low = sorted(hand.cards, key=lambda card: (card.rank, card))[:2]\n"
        "            return Decision(tuple(low), 'two lowest when the two of spades is there')\n"
        "        return super().no_pair(hand)\n"
    ),
}


def faulty_plugin(folder: Path, fault: str) -> Path:
    return write_plugin(folder, PLUGIN_HEAD.format(name=f"broken-{fault}") + FAULTY[fault], f"broken_{fault}.py")


@pytest.mark.parametrize("fault", list(FAULTY))
def test_check_catches_each_fault(tmp_path, fault):
    path = faulty_plugin(tmp_path, fault)
    result = run("house-ways", "--check", str(path), "--hands", "4000", "--json")
    assert result.exit_code == 1, result.output
    document = json.loads(result.stdout)
    assert not document["passed"]
    assert document["faults"][fault]["count"] > 0, document["faults"]
    assert document["faults"][fault]["examples"]


@pytest.mark.parametrize("name", list(HOUSE_WAYS))
def test_the_shipped_house_ways_pass_the_check(name):
    result = run("house-ways", "--check", name, "--hands", "3000")
    assert result.exit_code == 0, result.output
    assert "no fault found" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("name", list(HOUSE_WAYS))
def test_the_shipped_house_ways_pass_a_long_check(name):
    assert check_house_way(HOUSE_WAYS[name], hands=50_000, seed=7).passed


def test_an_exception_in_a_clause_is_one_error_line_naming_plugin_clause_and_hand(tmp_path):
    path = faulty_plugin(tmp_path, "error")
    result = run("house", "9S 9H 4D 4C AS KD 2H", "--house-way", str(path))
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "'broken-error'" in lines[0] and "two_pair" in lines[0] and "AS KD 9S 9H 4D 4C 2H" in lines[0]
    assert "ZeroDivisionError" in lines[0]


def test_paigow_debug_shows_the_plugin_traceback(tmp_path):
    path = faulty_plugin(tmp_path, "error")
    env = dict(os.environ, PAIGOW_DEBUG="1")
    result = subprocess.run(
        [sys.executable, "-m", "paigow_cli", "house", "9S 9H 4D 4C AS KD 2H", "--house-way", str(path)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.returncode != 0 and "Traceback" in result.stderr and "ZeroDivisionError" in result.stderr


def test_a_failing_plugin_is_refused_before_its_table_is_built(tmp_path, cache_folder):
    path = faulty_plugin(tmp_path, "foul")
    result = run("advise", "AS KD JK 9H 9C 4D 2S", "--house-way", str(path))
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert "fails its checks" in line and "fouls" in line and "e.g." in line
    assert not list(cache_folder.glob("dealer-broken-foul-*"))


@pytest.mark.parametrize(
    "body, fragment",
    [
        ("x = 1\n", "exactly one HouseWay subclass (found: none)"),
        ("def broken(:\n", "SyntaxError"),
        (PLUGIN_HEAD.format(name="foxwoods"), "the name of a shipped house way"),
        (PLUGIN_HEAD.format(name="Not A Name"), "lower case letters"),
        (
            PLUGIN_HEAD.format(name="x").replace(
                '    def two_pair(self, hand):\n        return self.split_two_pair(hand, "Two pair")\n', ""
            ),
            "must define two_pair",
        ),
    ],
)
def test_a_bad_plugin_file_is_one_clear_error(tmp_path, body, fragment):
    path = write_plugin(tmp_path, body, "bad.py")
    result = run("house", "AS KD JK 9H 9C 4D 2S", "--house-way", str(path))
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr


def test_loading_a_file_with_two_house_ways_is_a_plugin_error(tmp_path):
    body = PLUGIN_HEAD.format(name="one") + PLUGIN_HEAD.format(name="two").replace("class Broken", "class Other")
    with pytest.raises(PluginError, match=r"exactly one HouseWay subclass .found: Broken, Other"):
        load_file(write_plugin(tmp_path, body, "two.py"))


def test_a_missing_plugin_file_is_a_usage_error(tmp_path):
    result = run("house", "AS KD JK 9H 9C 4D 2S", "--house-way", str(tmp_path / "nowhere.py"))
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_unknown_house_way_lists_the_choices():
    with pytest.raises(OptionError, match="choose foxwoods, trump-plaza"):
        resolve("caesars")


def test_editing_the_plugin_changes_its_table_cache_key(tmp_path):
    from paigow_cli.core.rules import Wheel
    from paigow_cli.engine.dealer_table import dealer_table_path

    path = write_plugin(tmp_path, PLUGIN_HEAD.format(name="editable"), "editable.py")
    first = dealer_table_path(register_file(path), Wheel.SECOND)
    path.write_text(path.read_text() + "\n# an edit\n")
    LOADED.pop("editable")
    second = dealer_table_path(register_file(path), Wheel.SECOND)
    assert first != second and "editable" in first.name


def register_file(path: Path) -> str:
    from paigow_cli.house_ways.plugins import register

    return register(load_file(path))


# --- a plugin from a file, and one from an installed package, in every command ---------------------------


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_a_file_plugin_works_in_house_advise_power_and_simulate(cache_folder):
    plugin = str(GOLD_STAR)
    house = json.loads(run("house", "9S 9H 4D 4C AS KD 2H", "--house-way", plugin, "--json").stdout)
    assert house["house_way"] == "gold-star" and house["low"] == ["AS", "KD"]
    advise = run("advise", "AS KD JK 9H 9C 4D 2S", "--house-way", plugin, "--json")
    assert advise.exit_code == 0, advise.stderr
    document = json.loads(advise.stdout)
    assert document["rules"]["house_way"] == "gold-star"
    assert sum(document["splits"][0][key] for key in ("wins", "pushes", "losses")) == 53_524_680
    power = json.loads(run("power", "--house-way", plugin, "--json").stdout)
    assert power["house_way"] == "gold-star" and power["total"] == 154_143_080
    simulate = json.loads(run("simulate", "--hands", "20000", "--seed", "1", "--house-way", plugin, "--json").stdout)
    assert simulate["house_way"] == "gold-star" and simulate["fouls"] == 0
    assert list(cache_folder.glob("dealer-gold-star-*"))


def install_package(folder: Path, house_way_name: str = "gold-star-inc") -> Path:
    """A tiny installed package, as pip lays it out: a module and a dist-info with an entry point
    (each test's package has its own module name: Python keeps an imported module for good)."""
    module = house_way_name.replace("-", "_")
    source = GOLD_STAR.read_text().replace('name = "gold-star"', f'name = "{house_way_name}"')
    (folder / f"{module}.py").write_text(source)
    write_dist_info(folder, house_way_name, "1.0", f"{module}:GoldStar")
    return folder


def write_dist_info(folder: Path, name: str, version: str, target: str) -> None:
    """The dist-info pip writes for a package whose entry point ``name`` names ``target``."""
    info = folder / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(f"[paigow.house_ways]\n{name} = {target}\n")


def test_an_installed_package_plugin_is_listed_and_sets_hands(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(install_package(tmp_path)))
    listed = json.loads(run("house-ways", "--json").stdout)
    plugin = next(way for way in listed if way["name"] == "gold-star-inc")
    assert plugin["plugin"] is True and plugin["origin"] == "package gold-star-inc 1.0"
    assert not any(way["plugin"] for way in listed if way["name"] == "foxwoods")
    text = run("house-ways").stdout
    assert "gold-star-inc (plugin)" in text and "from package gold-star-inc 1.0" in text
    house = json.loads(run("house", "9S 9H 4D 4C AS KD 2H", "--house-way", "gold-star-inc", "--json").stdout)
    assert house["house_way"] == "gold-star-inc" and house["low"] == ["AS", "KD"]
    assert run("house-ways", "--check", "gold-star-inc", "--hands", "2000").exit_code == 0


@pytest.mark.slow
def test_an_installed_package_plugin_works_in_advise_power_and_simulate(tmp_path, monkeypatch, cache_folder):
    monkeypatch.syspath_prepend(str(install_package(tmp_path, "gold-star-pkg")))
    result = run("advise", "AS KD JK 9H 9C 4D 2S", "--house-way", "gold-star-pkg", "--json")
    assert result.exit_code == 0, result.stderr
    advise = json.loads(result.stdout)
    assert advise["rules"]["house_way"] == "gold-star-pkg"
    power = json.loads(run("power", "--house-way", "gold-star-pkg", "--json").stdout)
    assert power["total"] == 154_143_080
    simulate = json.loads(
        run("simulate", "--hands", "20000", "--seed", "1", "--house-way", "gold-star-pkg", "--json").stdout
    )
    assert simulate["house_way"] == "gold-star-pkg"


def test_a_dealer_table_is_never_built_on_a_setting_that_fouls(tmp_path, cache_folder):
    """However rarely a plugin fouls, the table build sets every class and refuses the first foul."""
    from paigow_cli.core.rules import Wheel
    from paigow_cli.engine.dealer_table import build_table

    body = PLUGIN_HEAD.format(name="rare-foul") + (
        "    def one_pair(self, hand):\n"
        "        if hand.pairs == [14] and hand.singles[:2] == [13, 12] and len(hand.cards) == 7:\n"
        "            return Decision(hand.pair_in_front(14), 'aces in front with king-queen')\n"
        "        return super().one_pair(hand)\n"
    )
    name = resolve(str(write_plugin(tmp_path, body, "rare_foul.py")))
    with pytest.raises(PluginError, match=r"a foul.*aces in front with king-queen.*no dealer table"):
        build_table(name, Wheel.SECOND)


def test_two_installed_plugins_with_one_name_are_refused(monkeypatch):
    from types import SimpleNamespace

    from paigow_cli.house_ways import plugins

    def entry(package: str):
        return SimpleNamespace(
            name="twin", value=f"{package}:Twin", dist=SimpleNamespace(name=package, version="1.0"), load=None
        )

    monkeypatch.setattr(plugins, "entry_points", lambda: [entry("alpha-ways"), entry("beta-ways")])
    expected = "two installed house way plugins are named 'twin': package alpha-ways 1.0 and package beta-ways 1.0"
    with pytest.raises(PluginError, match=re.escape(expected)):
        resolve("twin")
    result = run("house", "AS KD JK 9H 9C 4D 2S", "--house-way", "twin")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and "alpha-ways" in result.stderr


def test_house_with_a_plugin_that_fouls_on_the_hand_says_so(tmp_path):
    path = faulty_plugin(tmp_path, "foul")
    result = run("house", "AS KD 9H 7C 5S 3H 2D", "--house-way", str(path))
    assert result.exit_code == 1, result.stdout
    assert result.stderr.startswith("Error: the house way 'broken-foul' fouls") and result.stderr.count("\n") == 1


# --- one check of a decision; errors at the plugin's own line; package digests ---------------------

RETURNS = {
    "complete-setting": (
        "    def straight_or_flush(self, hand):\n        return hand.best_complete()\n",
        "AS KS QS JS 9C 4D 2S",
        "returned a CompleteSetting (front (9C, 4D)), not a Decision: return self.complete(setting",
    ),
    "rule-42": (
        "    def one_pair(self, hand):\n"
        "        return Decision(hand.front_from_pool(hand.cards_except(hand.pairs[0])), 42)\n",
        "AS KD 9H 9C 4D 3S 2S",
        "returned a Decision whose rule is 42: the rule is the clause in words",
    ),
    "bare-tuple": (
        "    def one_pair(self, hand):\n        return tuple(hand.cards_except(hand.pairs[0])[:2])\n",
        "AS KD 9H 9C 4D 3S 2S",
        "returned the tuple (AS, KD), not a Decision",
    ),
}


@pytest.mark.parametrize("fault", list(RETURNS))
def test_what_check_refuses_every_command_refuses_alike(tmp_path, fault):
    """house-ways --check and the commands judge a decision by one check (decision_fault)."""
    body, hand, message = RETURNS[fault]
    head = PLUGIN_HEAD.format(name=fault)
    if "straight_or_flush" in body:
        head = head.replace("    def straight_or_flush(self, hand):\n        return None\n", "")
    path = write_plugin(tmp_path, head + body, f"{fault.replace('-', '_')}.py")
    result = run("house", hand, "--house-way", str(path))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    assert message in result.stderr and hand.split()[0] in result.stderr
    check = json.loads(run("house-ways", "--check", str(path), "--hands", "3000", "--json").stdout)
    assert not check["passed"] and check["faults"]["cards"]["count"] > 0
    kind = message.split(" (")[0].split(":")[0].split(",")[0]  # the same fault, whatever the hand
    assert all(kind in example for example in check["faults"]["cards"]["examples"]), (kind, check["faults"])


def test_a_misused_helper_names_itself_what_it_needed_and_the_plugins_line(tmp_path):
    body = (
        PLUGIN_HEAD.format(name="misused")
        + "    def one_pair(self, hand):\n        return Decision(hand.pair_in_front(13), 'kings')\n"
    )
    path = write_plugin(tmp_path, body, "misused.py")
    line = body.splitlines().index("        return Decision(hand.pair_in_front(13), 'kings')") + 1
    result = run("house", "AS KD 9H 9C 4D 3S 2S", "--house-way", str(path))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    assert "pair_in_front(13) needs two kings; the hand has 1" in result.stderr
    assert f"called at misused.py, line {line}" in result.stderr and "analysis.py" not in result.stderr
    check = run("house-ways", "--check", str(path), "--hands", "500").stdout
    assert f"called at misused.py, line {line}" in check


def test_a_move_called_on_the_wrong_hand_says_what_it_needs(tmp_path):
    body = (
        PLUGIN_HEAD.format(name="wrong-move")
        + "    def one_pair(self, hand):\n        return self.split_two_pair(hand, 'one pair')\n"
    )
    result = run("house", "AS KD 9H 9C 4D 3S 2S", "--house-way", str(write_plugin(tmp_path, body, "wrong_move.py")))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    assert "split_two_pair() needs a hand with two pairs" in result.stderr and "wrong_move.py, line" in result.stderr


def test_a_syntax_error_gives_its_place_once(tmp_path):
    result = run(
        "house", "AS KD JK 9H 9C 4D 2S", "--house-way", str(write_plugin(tmp_path, "def broken(:\n", "bad.py"))
    )
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert result.stderr.count("bad.py, line 1") == 1, result.stderr


@pytest.mark.parametrize(
    "body",
    [
        PLUGIN_HEAD.format(name="exits") + "    def one_pair(self, hand):\n        import sys\n        sys.exit(3)\n",
        "import sys\nsys.exit(3)\n",
    ],
    ids=["in-a-clause", "on-import"],
)
def test_a_plugin_that_calls_sys_exit_is_an_error_not_an_exit(tmp_path, body):
    path = write_plugin(tmp_path, body, "exits.py")
    result = subprocess.run(
        [sys.executable, "-m", "paigow_cli", "house", "AS KD 9H 9C 4D 3S 2S", "--house-way", str(path)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "sys.exit(3)" in lines[0], result.stderr


def install_package_of_modules(folder: Path, name: str) -> Path:
    """An installed plugin made of a package: the class in __init__.py, a clause in a helper module."""
    package = folder / name.replace("-", "_")
    package.mkdir()
    (package / "clauses.py").write_text("RULE = 'One pair: pair in back'\n")
    (package / "__init__.py").write_text(
        PLUGIN_HEAD.format(name=name).replace(
            "from paigow_cli.house_ways.api import Decision, HouseWay\n",
            "from paigow_cli.house_ways.api import Decision, HouseWay\nfrom .clauses import RULE\n",
        )
    )
    write_dist_info(folder, name, "2.0", f"{package.name}:Broken")
    return package


def test_a_package_plugins_cache_key_covers_every_module_of_its_package(tmp_path, monkeypatch):
    from paigow_cli.house_ways import plugins

    package = install_package_of_modules(tmp_path, "modular-way")
    monkeypatch.syspath_prepend(str(tmp_path))
    (entry,) = [entry for entry in plugins.entry_points() if entry.name == "modular-way"]
    first = plugins.load_entry_point(entry)
    assert first.home == str(package.resolve())
    (package / "clauses.py").write_text("RULE = 'One pair: pair in back, edited'\n")  # not the class's own file
    again = plugins.load_entry_point(entry)
    assert again.digest != first.digest
    assert again.digest == plugins.load_entry_point(entry).digest  # the same files, the same key


@pytest.mark.parametrize("fault", ["error", "foul"])
def test_play_checks_a_plugin_before_the_first_deal(tmp_path, fault, cache_folder):
    """A plugin that raises or fouls is refused before any money is on the table, as drill does."""
    path = faulty_plugin(tmp_path, fault)
    result = run("play", "--house-way", str(path), "--seed", "1", input="10\ndeal\nhouse\nquit\n")
    assert result.exit_code == 1, result.output
    assert "Pai Gow Poker" not in result.stdout and "$10" not in result.stdout
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith("Error: ") and f"broken-{fault}" in lines[-1] and "fails its checks" in lines[-1]


def test_the_shipped_house_ways_use_only_what_the_plugin_api_offers():
    """The shipped ways import from the modules behind ``house_ways.api`` (importing the facade
    would close an import circle through its ``house_way_class``), but only names the facade
    exports: each one could be written as a plugin as it stands."""
    import ast
    from pathlib import Path

    from paigow_cli.house_ways import api

    folder = Path(api.__file__).parent
    for name in ("foxwoods", "atlantic_city", "las_vegas", "santa_ana_star"):
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        used = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("paigow_cli.")
            for alias in node.names
        }
        assert used and used <= set(api.__all__), (name, sorted(used - set(api.__all__)))


def test_the_plugin_apis_help_is_the_api_not_ints_methods():
    """help() on the API had run to 825 lines, most of them the int methods a Card inherits."""
    import pydoc

    from paigow_cli.house_ways import api
    from paigow_cli.house_ways.analysis import Seven

    page = pydoc.render_doc(api, renderer=pydoc.plaintext)
    assert "bit_length" not in page and len(page.splitlines()) < 600
    assert "the joker counts as an ace" in (Seven.has_single.__doc__ or "").lower()
    assert api.Card is not None  # still importable for annotations


WIZARD = ROOT / "examples" / "strategies" / "wizard_two_pair.py"


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("4S 4H 5D 5C KS 9H 2D", {"KS", "9H"}),  # 4+5 = 9, a king: keep
        ("4S 4H 5D 5C QS 9H 2D", {"4S", "4H"}),  # 9, no king or ace: split
        ("7S 7H 8D 8C AS 9H 2D", {"AS", "9H"}),  # 15, an ace: keep
        ("7S 7H 8D 8C KS 9H 2D", {"7S", "7H"}),  # 15, a king only: split
        ("7S 7H 9D 9C AS KH 2D", {"7S", "7H"}),  # 16: split
        ("7S 7H 8D 8C JK KH 2D", {"JK", "KH"}),  # the joker is the ace singleton: keep
    ],
)
def test_the_wizard_two_pair_rule_keeps_only_what_the_sentence_says(hand, expected):
    from paigow_cli.house_ways.plugins import resolve

    rules = Rules(house_way=resolve(str(WIZARD)))
    assert {str(card) for card in house_setting(cards(hand), rules).split.low} == expected
