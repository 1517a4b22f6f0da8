"""The exact EV engine: exactness against a brute force, sums, Monte Carlo, categories, the cache."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from itertools import combinations, pairwise
from math import comb

import numpy as np
import pytest
from helpers import cards, random_hands, stable_seed
from reference import brute_force

from paigow_cli.core.cards import DECK, JOKER
from paigow_cli.core.hands import Category
from paigow_cli.core.rules import Game, HouseWayName, Joker, Wheel
from paigow_cli.core.splits import all_splits
from paigow_cli.engine.cache import StaleCache, read_arrays, table_path, write_arrays
from paigow_cli.engine.categories import category_counts, power_rows
from paigow_cli.engine.dealer_table import load_categories, load_table
from paigow_cli.engine.distribution import DealerDistribution, hand_odds
from paigow_cli.house_ways import house_keys


def dead_cases(count: int, seed: int, dead_count: int) -> list[tuple[tuple, tuple]]:
    """(hand, dead) pairs: random decks, flush-heavy decks (spades kept live), joker live and dead."""
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        if i % 2:  # flush-heavy: the dead cards come from hearts, diamonds and clubs first
            others = [card for card in DECK[:52] if card.suit != "S"]
            rng.shuffle(others)
            spades = [card for card in DECK[:52] if card.suit == "S"]
            hand_pool = spades + others[:10]
            hand = tuple(rng.sample(hand_pool, 7))
            pool = [card for card in others if card not in hand]
        else:
            hand = tuple(rng.sample(DECK[:52], 7))
            pool = [card for card in DECK[:52] if card not in hand]
            rng.shuffle(pool)
        dead = tuple(pool[:dead_count])
        if i % 4 >= 2:  # the joker out of play
            dead = dead[:-1] + (JOKER,)
        cases.append((hand, dead))
    return cases


def test_engine_matches_brute_force_count_for_count(foxwoods_table):
    for hand, dead in dead_cases(8, seed=1, dead_count=29):
        assert [odds.counts for odds in hand_odds(hand, foxwoods_table, dead)] == brute_force(
            hand, dead, HouseWayName.FOXWOODS, wheel_low=False
        ), (hand, dead)


@pytest.mark.slow
@pytest.mark.parametrize("wheel", list(Wheel), ids=[w.value for w in Wheel])
@pytest.mark.parametrize("way", list(HouseWayName), ids=[w.value for w in HouseWayName])
def test_every_house_way_matches_brute_force(cache_folder, way, wheel):
    table = load_table(way, wheel)
    count = 20 if wheel is Wheel.SECOND else 6
    seed = stable_seed(way.value, wheel.value, modulus=997)
    for hand, dead in dead_cases(count, seed=seed, dead_count=28):
        assert [odds.counts for odds in hand_odds(hand, table, dead)] == brute_force(
            hand, dead, way, wheel is Wheel.LOW
        ), (f"seed {seed}", hand, dead)


def test_counts_sum_to_every_possible_dealer_hand(foxwoods_table):
    for hand in random_hands(40, seed=5):
        for odds in hand_odds(hand, foxwoods_table):
            assert odds.total == 53_524_680 == comb(46, 7)
            assert min(odds.counts) >= 0


def test_dead_cards_shrink_the_dealer_hands(foxwoods_table):
    hand, dead = cards("AS KD JK 9H 9C 4D 2S"), cards("AH AD 3C")
    assert {odds.total for odds in hand_odds(hand, foxwoods_table, dead)} == {comb(43, 7)}


def test_monte_carlo_agrees_with_the_exact_ev(foxwoods_table):
    """Sampled dealer hands, settled directly, agree with the exact EV within 4 standard errors."""
    rng = random.Random(2026)
    for hand in (cards("AS KD JK 9H 9C 4D 2S"), cards("QS JH 8D 6C 5S 4H 2D"), cards("7H 8H 9H TH 2H 2C KD")):
        splits = all_splits(hand)
        exact = hand_odds(hand, foxwoods_table)
        best = max(range(21), key=lambda i: exact[i].ev(0.05))
        split = splits[best]
        live = [card for card in DECK if card not in hand]
        payoffs = []
        for _ in range(20_000):
            dealer_high, dealer_low = house_keys(rng.sample(live, 7), HouseWayName.FOXWOODS)
            high, low = split.high_value.key, split.low_value.key
            payoffs.append(
                0.95
                if high > dealer_high and low > dealer_low
                else (-1.0 if high <= dealer_high and low <= dealer_low else 0.0)
            )
        mean = sum(payoffs) / len(payoffs)
        error = (sum((p - mean) ** 2 for p in payoffs) / (len(payoffs) - 1) / len(payoffs)) ** 0.5
        assert abs(mean - exact[best].ev(0.05)) < 4 * error, (hand, mean, exact[best].ev(0.05), error)


def test_a_foul_loses_to_every_dealer_hand(foxwoods_table):
    hand = cards("AS KD JK 9H 9C 4D 2S")
    splits, odds = all_splits(hand), hand_odds(hand, foxwoods_table)
    for split, split_odds in zip(splits, odds):
        if split.foul:
            assert split_odds.counts == (0, 0, 53_524_680) and split_odds.ev(0.05) == -1


# --- odds and power ----------------------------------------------------------------------------

# The Wizard of Odds' table of seven-card hands in Pai Gow Poker (53 cards, joker as the bug).
PUBLISHED_CATEGORY_COUNTS = {
    Category.FIVE_ACES: 1_128,
    Category.STRAIGHT_FLUSH: 184_832 + 26_132,
    Category.FOUR_OF_A_KIND: 307_472,
    Category.FULL_HOUSE: 4_188_528,
    Category.FLUSH: 6_172_088,
    Category.STRAIGHT: 11_236_028,
    Category.THREE_OF_A_KIND: 7_470_676,
    Category.TWO_PAIR: 35_553_816,
    Category.ONE_PAIR: 64_221_960,
    Category.HIGH_CARD: 24_780_420,
}


def test_seven_card_category_counts_match_the_published_table(cache_folder):
    classes, codes = load_categories()
    counts = category_counts(classes, codes)
    assert counts.total == comb(53, 7) == 154_143_080
    assert counts.counts == PUBLISHED_CATEGORY_COUNTS
    assert counts.royal_flushes == 26_132


def test_category_counts_with_dead_cards_match_a_brute_force(cache_folder):
    from paigow_cli.core.hands import best_five

    classes, codes = load_categories()
    rng = random.Random(8)
    for _ in range(3):
        dead = tuple(rng.sample(DECK, 38))
        live = [card for card in DECK if card not in dead]
        expected = Counter(best_five(seven)[0].category for seven in combinations(live, 7))
        counts = category_counts(classes, codes, dead)
        assert {k: v for k, v in counts.counts.items() if v} == dict(expected)


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_wild_joker_category_counts_with_dead_cards_match_a_brute_force(cache_folder):
    from paigow_cli.core.hands import best_five, category_slug

    classes, codes = load_categories(joker=Joker.WILD)
    rng = random.Random(9)
    for _ in range(3):
        dead = tuple(rng.sample(DECK[:52], 37))  # the joker stays live
        live = [card for card in DECK if card not in dead]
        expected = Counter(best_five(seven, wild=True)[0].category for seven in combinations(live, 7))
        counts = category_counts(classes, codes, dead)
        assert {k: v for k, v in counts.counts.items() if v} == dict(expected), dead
        fives = [best_five(seven, wild=True)[0].key for seven in combinations(live, 7)]
        assert counts.five_aces == sum(category_slug(key) == "five-aces" for key in fives), dead


def test_wild_joker_five_of_a_kind_counts_by_hand(cache_folder):
    """Four of a rank, the joker and any two of the 48 other cards: 13 x C(48, 2), 1,128 of them aces."""
    classes, codes = load_categories(joker=Joker.WILD)
    counts = category_counts(classes, codes)
    assert counts.total == comb(53, 7)
    assert counts.counts[Category.FIVE_ACES] == 13 * comb(48, 2) == 14_664
    assert counts.five_aces == comb(48, 2) == PUBLISHED_CATEGORY_COUNTS[Category.FIVE_ACES]


def test_wild_joker_changes_no_hand_without_the_joker(cache_folder):
    bug, wild = load_categories(), load_categories(joker=Joker.WILD)
    assert category_counts(*bug, [JOKER]).counts == category_counts(*wild, [JOKER]).counts
    assert category_counts(*wild).counts[Category.STRAIGHT_FLUSH] == PUBLISHED_CATEGORY_COUNTS[Category.STRAIGHT_FLUSH]


def test_power_distribution_sums_and_orders(foxwoods_table):
    distribution = DealerDistribution(foxwoods_table, ())
    lows, highs = power_rows(distribution)
    assert distribution.total == 154_143_080
    assert sum(row.count for row in lows) == sum(row.count for row in highs) == distribution.total
    assert lows[0].ranks == "AA" and lows[-1].ranks == "32"
    assert highs[0].category is Category.FIVE_ACES
    assert all(a.player_wins > b.player_wins for a, b in pairwise(lows))
    assert lows[-1].player_wins == 0


# --- the cache ---------------------------------------------------------------------------------


def test_garbled_and_truncated_files_are_not_trusted(tmp_path):
    path = tmp_path / "table.npz"
    write_arrays(path, {"values": __import__("numpy").arange(1000)}, {"kind": "test"})
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2])
    with pytest.raises(StaleCache, match="unreadable"):
        read_arrays(path, {"kind": "test"})
    garbled = bytearray(good)
    garbled[len(good) // 2] ^= 0xFF
    path.write_bytes(bytes(garbled))
    with pytest.raises(StaleCache):
        read_arrays(path, {"kind": "test"})
    path.write_bytes(good)
    with pytest.raises(StaleCache, match="another table"):
        read_arrays(path, {"kind": "other"})
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file is left behind"


def test_a_corrupt_table_is_rebuilt_with_a_note(foxwoods_table, monkeypatch):
    import paigow_cli.engine.dealer_table as dealer_table

    path = table_path("dealer", "foxwoods", "second")
    original = path.read_bytes()
    path.write_bytes(original[:5000])
    built = []
    monkeypatch.setattr(
        dealer_table, "build_table", lambda way, wheel, progress=None: built.append(way) or foxwoods_table
    )
    notes: list[str] = []
    rebuilt = load_table(HouseWayName.FOXWOODS, Wheel.SECOND, notify=notes.append)
    assert [way.name for way in built] == ["foxwoods"]  # resolved once, passed down as the way itself
    assert len(notes) == 1 and "rebuilding the foxwoods table" in notes[0]
    assert (rebuilt.high_values == foxwoods_table.high_values).all()
    assert read_arrays(path, {"kind": "dealer", "house_way": "foxwoods", "wheel": "second"})  # whole again


@pytest.mark.slow
def test_a_truncated_table_is_really_rebuilt_and_answers_the_same(foxwoods_table):
    hand = cards("AS KD JK 9H 9C 4D 2S")
    before = [odds.counts for odds in hand_odds(hand, foxwoods_table)]
    path = table_path("dealer", "foxwoods", "second")
    path.write_bytes(path.read_bytes()[:100_000])
    notes: list[str] = []
    table = load_table(HouseWayName.FOXWOODS, Wheel.SECOND, notify=notes.append)
    assert notes and [odds.counts for odds in hand_odds(hand, table)] == before


@pytest.mark.slow
def test_two_processes_building_the_same_table_both_finish_correctly(tmp_path):
    env = dict(os.environ, PAIGOW_CACHE_DIR=str(tmp_path))
    command = [
        sys.executable,
        "-m",
        "paigow_cli",
        "advise",
        "AS KD JK 9H 9C 4D 2S",
        "--house-way",
        "claridge",
        "--json",
    ]
    first = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    second = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    outputs = [process.communicate(timeout=600) for process in (first, second)]
    assert first.returncode == second.returncode == 0, outputs
    assert outputs[0][0] == outputs[1][0]
    assert len(list(tmp_path.glob("dealer-claridge-*.npz"))) == 1
    assert not list(tmp_path.glob(".*.tmp"))


def test_an_unwritable_cache_still_answers_with_a_note(foxwoods_table, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    import paigow_cli.engine.dealer_table as dealer_table
    from paigow_cli.cli import app

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PAIGOW_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setattr(dealer_table, "build_table", lambda way, wheel, progress=None: foxwoods_table)
    result = CliRunner().invoke(app, ["advise", "AS KD JK 9H 9C 4D 2S", "--json"])
    assert result.exit_code == 0
    assert "cannot write the table cache" in result.stderr and "built again next time" in result.stderr
    assert '"ev"' in result.stdout


# --- cache keys: what the code does, not where it lives ------------------------------------------------------


def test_code_digest_ignores_docstrings_imports_and_where_code_lives(tmp_path, monkeypatch):
    from paigow_cli.engine.cache import code_digest

    def package(name: str, files: dict[str, str]) -> list[str]:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "__init__.py").write_text("")
        for module, text in files.items():
            (folder / f"{module}.py").write_text(text)
        return [f"{name}.{module}" for module in files]

    monkeypatch.syspath_prepend(str(tmp_path))
    one = package("one", {"a": '"""Doc."""\nimport os\n\ndef f():\n    return 1\n', "b": "def g():\n    return 2\n"})
    moved = package(
        "two", {"c": "import sys\n\ndef g():\n    return 2\n\ndef f():\n    '''Other doc.'''\n    return 1\n"}
    )
    changed = package("three", {"a": "def f():\n    return 1\n", "b": "def g():\n    return 3\n"})
    assert code_digest(one) == code_digest(moved)
    assert code_digest(one) != code_digest(changed)


# --- the engine's two paths: numpy alone (one hand, no numba to load) and the compiled kernel ----------------


@pytest.mark.parametrize("game", list(Game), ids=[game.value for game in Game])
def test_the_numpy_path_and_the_compiled_kernel_count_the_same(foxwoods_table, game):
    """Integer for integer, on seeded hands with and without dead cards, both sides of the bank, the
    settings-bucketed grid and the full-resolution histogram (both push layers)."""
    from paigow_cli.engine.distribution import setting_keys_of

    rng = random.Random(18)
    for case in range(12):
        cards = rng.sample(DECK, 7 + (0 if case % 3 == 0 else rng.randrange(1, 30)))
        hand, dead = cards[:7], cards[7:]
        banker = case % 2 == 1
        settings = setting_keys_of(all_splits(hand)) if case % 4 else None
        paths = [
            DealerDistribution(
                foxwoods_table, (*hand, *dead), game, banker=banker, settings=settings, compiled=compiled
            )
            for compiled in (False, True)
        ]
        assert np.array_equal(paths[0].histogram, paths[1].histogram), (hand, dead)
        assert paths[0].pushing == paths[1].pushing and paths[0].total == comb(53 - len(cards), 7)


def test_one_hand_does_not_load_the_compiled_kernel(cache_folder, foxwoods_table):
    """advise for one hand takes the numpy path: numba is never imported (it costs most of a second)."""
    probe = (
        "import sys\n"
        "from paigow_cli.cli import main\n"
        "sys.argv = ['paigow', 'advise', 'AS KD JK 9H 9C 4D 2S', '--json']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('numba' in sys.modules, 'paigow_cli.engine.kernels' in sys.modules, file=sys.stderr)\n"
    )
    finished = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert finished.stderr.strip().splitlines()[-1] == "False False"
