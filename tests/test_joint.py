"""The main bet and a side bet together (``analysis.joint``): their joint exact counts against a
brute force over every deal of small decks, and the premise of the dealer-side bets."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from whole_game_reference import each_player_hand

from paigow_cli.analysis.game.counting import settings_table
from paigow_cli.analysis.game.question import Question
from paigow_cli.analysis.money.joint import JointCounts, dealer_side_joint, player_side_joint
from paigow_cli.analysis.money.pay_tables import PAY_TABLES
from paigow_cli.analysis.money.side_bets import pay, side_bet_odds
from paigow_cli.analysis.strategy.answers import strategy_table_of
from paigow_cli.core.bonus_hands import Line
from paigow_cli.core.cards import DECK, parse_cards
from paigow_cli.core.games import dealer_pushes
from paigow_cli.core.rules import Game, Rules
from paigow_cli.engine.class_flags import class_lines, nine_high_low_classes, push_classes
from paigow_cli.house_ways import house_setting

# 15 live cards with royal flushes and royal matches (the joker may stand in for the ten of diamonds)
ROYAL_LIVE = parse_cards("TS TH JS JH JD QS QH QD KS KH KD AS AH AD JK")
ROYAL_DEAD = tuple(card for card in DECK if card not in set(ROYAL_LIVE))
# 16 live cards with queen-high pai gows and 9-high low hands
PAI_GOW_LIVE = parse_cards("2S 3H 4D 5C 7S 8H 9D TC JS QH AD 2H 3D 6C 8S KC")
PAI_GOW_DEAD = tuple(card for card in DECK if card not in set(PAI_GOW_LIVE))


def joint_by_brute_force(question: Question, table_name: str) -> dict[str, dict[tuple[str, Line | None], int]]:
    """Per player (house, best): deals by the main bet's result and the player's paid line, every
    player hand settled against every dealer hand directly."""
    pay_table = PAY_TABLES[table_name]
    found: dict[str, dict[tuple[str, Line | None], int]] = {"house": {}, "best": {}}
    for hand, rows, _ in each_player_hand(question):
        line = pay(pay_table, hand).line
        for player, row in rows.items():
            for main, count in zip(("win", "push", "lose"), row[1:4]):
                if count:
                    found[player][main, line] = found[player].get((main, line), 0) + count
    return found


@pytest.mark.parametrize(
    ("rules", "table_name"),
    [
        (Rules(), "fortune"),
        (Rules(game=Game.FACE_UP), "fortune"),
        pytest.param(Rules(banker=True), "emperors-challenge", marks=pytest.mark.slow),
        pytest.param(Rules(game=Game.EZ), "fortune", marks=pytest.mark.slow),
    ],
    ids=["classic-fortune", "face-up-fortune", "banker-emperors", "ez-fortune"],
)
def test_side_bet_8_3_joint_counts_equal_every_deal_by_brute_force(cache_folder, rules, table_name):
    """rules.md §8.3: a side bet on the player's seven is settled on them whatever the setting; with
    the main bet its joint counts, from the strategy table by class and the royal-match hands one
    by one, equal the brute force's deal for deal, for the house way and for best play."""
    question = Question(rules, ROYAL_DEAD)
    table = strategy_table_of(question)
    dealer = settings_table(rules.house_way, rules.wheel)
    reference = joint_by_brute_force(question, table_name)
    pay_table = PAY_TABLES[table_name]
    house = player_side_joint(pay_table, table, table.choice(dealer), dealer)
    best = player_side_joint(pay_table, table, None, dealer)
    assert house.cells == reference["house"]
    assert best.cells == reference["best"]
    if table_name == "fortune":
        assert any(line is Line.ROYAL_MATCH for _, line in house.cells)  # the hand-by-hand part was exercised
    odds = side_bet_odds(pay_table, dealer.classes, ROYAL_DEAD)
    side = house.side()
    assert {row.line: row.count * question.dealer_hands for row in odds.rows if row.count} == side


def test_side_bet_8_3_royal_match_needs_the_per_hand_settling(cache_folder):
    """A class holds royal flushes with a suited and an unsuited K-Q beside: moving only the
    matched hands' deals is what makes the counts exact (the class's line alone would not)."""
    question = Question(Rules(), ROYAL_DEAD)
    table = strategy_table_of(question)
    dealer = settings_table("foxwoods", Rules().wheel)
    joint = player_side_joint(PAY_TABLES["fortune"], table, table.choice(dealer), dealer)
    matched = sum(count for (_, line), count in joint.cells.items() if line is Line.ROYAL_MATCH)
    royal = sum(count for (_, line), count in joint.cells.items() if line is Line.ROYAL_FLUSH)
    assert matched > 0 and royal > 0


def test_side_bet_8_1_queens_dragon_pays_only_on_hands_that_push_in_ez(foxwoods_table):
    """rules.md §8.1 and §8.3: the dealer hands Queen's Dragon pays on (a queen-high pai gow) are
    exactly those EZ pushes every bet on, class by class over the full deck; and Tiger 9's (a 9-high
    low hand by the house way) those Commission-Free pushes on."""
    multiset_lines, flush_lines = class_lines(foxwoods_table.classes)
    queen = 1 << Line.QUEEN_HIGH_PAI_GOW
    ez = push_classes(foxwoods_table, Game.EZ)
    assert np.array_equal(ez[0], (multiset_lines & queen) > 0)
    assert np.array_equal(ez[1], (flush_lines & queen) > 0)
    nine = nine_high_low_classes(foxwoods_table)
    free = push_classes(foxwoods_table, Game.COMMISSION_FREE)
    assert all(np.array_equal(a, b) for a, b in zip(nine, free))


@pytest.mark.parametrize(("game", "table_name"), [(Game.EZ, "queens-dragon"), (Game.COMMISSION_FREE, "tiger-9")])
def test_side_bet_8_3_dealer_side_joint_by_brute_force(cache_folder, foxwoods_table, game, table_name):
    """Every deal of 16 live cards: the dealer's side bet paid on a deal only where the main bet
    pushed, and the joint counts from the side bet's odds equal the deals counted one by one."""
    rules = Rules(game=game)
    pay_table = PAY_TABLES[table_name]
    dealers = {}
    for hand in combinations(PAI_GOW_LIVE, 7):
        split = house_setting(hand, rules).split
        paid = pay(pay_table, hand, low_is_nine_high=is_nine_high(split)).line
        dealers[hand] = (paid, dealer_pushes(game, split))
    assert all(pushes for paid, pushes in dealers.values() if paid is not None)
    paying = sum(1 for paid, _ in dealers.values() if paid is not None)
    assert paying > 0
    question = Question(rules, PAI_GOW_DEAD)
    nine_high = nine_high_low_classes(foxwoods_table) if pay_table.needs_house_way else None
    odds = side_bet_odds(pay_table, foxwoods_table.classes, PAI_GOW_DEAD, nine_high)
    joint = dealer_side_joint(odds, 100_000, 600_000, 100_000, question.dealer_hands)
    assert joint.cells[("push", pay_table.lines[0][0])] == paying * question.dealer_hands
    assert joint.main() == (100_000, 600_000, 100_000)


def is_nine_high(split) -> bool:
    from paigow_cli.core.games import is_nine_high_low

    return is_nine_high_low(split.low_value.key)


def test_a_hands_money_with_a_side_bet_by_hand():
    """Win 19/20 and lose a fifth-bet side bet: 3/4 of a bet; push and hit 3 to 1: 3/5."""
    joint = JointCounts(PAY_TABLES["fortune"], {("win", None): 1, ("push", Line.THREE_OF_A_KIND): 1})
    payouts = joint.payouts(Fraction(19, 20), Fraction(1, 5))
    assert payouts.counts == ((Fraction(3, 5), 1), (Fraction(3, 4), 1))
    assert joint.side_payouts().mean == Fraction(1, 1)  # lose 1, win 3: one each
    assert joint.main() == (1, 1, 0)


def test_dealer_side_joint_refuses_more_paying_deals_than_pushes():
    from paigow_cli.analysis.money.side_bets import OddsRow, SideBetOdds

    table = PAY_TABLES["queens-dragon"]
    odds = SideBetOdds(table, (OddsRow(Line.QUEEN_HIGH_PAI_GOW, 50, 5), OddsRow(None, -1, 5)), 10)
    with pytest.raises(ArithmeticError):
        dealer_side_joint(odds, 10, 4, 10, 1)
