"""Side bets (rules.md §8.3): each table's lines, exact odds against a brute force and the published counts."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

import pytest
from helpers import cards

from paigow_cli.analysis.money.pay_tables import PAY_TABLES, with_pays
from paigow_cli.analysis.money.side_bets import best_line, pay, side_bet_odds
from paigow_cli.core.bonus_hands import Line, hand_lines, pai_gow_top, setting_lines, three_card_lines
from paigow_cli.core.cards import ACE, DECK, JOKER, Card
from paigow_cli.core.errors import OptionError
from paigow_cli.core.hands import (
    FIVE_ACES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ROYAL_CODE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    best_five,
    category_of,
    five_card_key,
    key_ranks,
    pack,
)
from paigow_cli.engine.dealer_classes import dealer_classes


def independent_lines(hand) -> set[Line]:
    """The lines read from the five-card evaluator over all 21 fives, plus the seven-card ones by hand."""
    lines = set()
    categories = set()
    for five in combinations(hand, 5):
        key = five_card_key(five)
        category = category_of(key)
        categories.add(category)
        if category == STRAIGHT_FLUSH and key_ranks(key)[0] == ROYAL_CODE:
            lines.add(Line.ROYAL_FLUSH)
        if category == FIVE_ACES:  # five of a rank: aces with the bug, any rank with a wild joker
            lines.add(Line.FIVE_OF_A_KIND)
    if any(five_card_key(five) == pack(FIVE_ACES, ACE) for five in combinations(hand, 5)):
        lines.add(Line.FIVE_ACES)
    for category, line in (
        (STRAIGHT_FLUSH, Line.STRAIGHT_FLUSH),
        (FOUR_OF_A_KIND, Line.FOUR_OF_A_KIND),
        (FULL_HOUSE, Line.FULL_HOUSE),
        (FLUSH, Line.FLUSH),
        (THREE_OF_A_KIND, Line.THREE_OF_A_KIND),
        (STRAIGHT, Line.STRAIGHT),
    ):
        if category in categories:
            lines.add(line)
    # implied lines: a better hand of the same kind holds the lesser one
    if categories & {FIVE_ACES}:
        lines |= {Line.FOUR_OF_A_KIND, Line.THREE_OF_A_KIND}
    if categories & {FOUR_OF_A_KIND, FULL_HOUSE}:
        lines.add(Line.THREE_OF_A_KIND)
    if STRAIGHT_FLUSH in categories:
        lines |= {Line.FLUSH, Line.STRAIGHT}
    # seven-card straight flush: all seven cards one suit (the joker any) and seven ranks in sequence;
    # the ace may be high or low, and the joker fills a gap or extends the run
    real = [card for card in hand if not card.is_joker]
    ranks = {card.rank for card in real}
    if len({card.suit for card in real}) == 1 and len(ranks) == len(real):
        for run_ranks in (ranks, {1 if rank == 14 else rank for rank in ranks}):
            if max(run_ranks) - min(run_ranks) <= 6:
                lines.add(Line.SEVEN_CARD_STRAIGHT_FLUSH if len(real) == 7 else Line.SEVEN_CARD_STRAIGHT_FLUSH_JOKER)
    value, _ = best_five(hand)
    if value.category == HIGH_CARD and len({card.rank for card in hand}) == 7:
        top = max(card.rank for card in hand)
        lines.add(
            {
                9: Line.NINE_HIGH_PAI_GOW,
                10: Line.TEN_HIGH_PAI_GOW,
                11: Line.JACK_HIGH_PAI_GOW,
                12: Line.QUEEN_HIGH_PAI_GOW,
                13: Line.KING_HIGH_PAI_GOW,
                14: Line.ACE_HIGH_PAI_GOW,
            }[top]
        )
    # royal match: a royal flush, the other two cards a real suited K-Q
    for suit in "SHDC":
        royal = [card for card in real if card.suit == suit and card.rank >= 10]
        if len(royal) + (len(real) < 7) >= 5 and len(royal) <= 5:
            rest = [card for card in real if card not in royal]
            if len(rest) == 2 and {card.rank for card in rest} == {12, 13} and rest[0].suit == rest[1].suit:
                lines.add(Line.ROYAL_MATCH)
    return lines


def test_hand_lines_agree_with_an_independent_reading():
    rng = random.Random(12)
    hands = [tuple(rng.sample(DECK, 7)) for _ in range(4000)]
    spades = [card for card in DECK if card.suit == "S"]
    hands += [tuple(rng.sample(spades + [JOKER, *cards("2H 2D 2C KH QH")], 7)) for _ in range(3000)]
    for hand in hands:
        assert hand_lines(hand) == independent_lines(hand), hand


def test_fortune_pays_trips_above_a_straight():
    hand = cards("KS KH KD QC JS TH 9D")
    assert {Line.STRAIGHT, Line.THREE_OF_A_KIND} <= hand_lines(hand)
    assert pay(PAY_TABLES["fortune"], hand).line is Line.THREE_OF_A_KIND


def test_fortune_seven_card_straight_flush_natural_and_with_the_joker():
    assert pay(PAY_TABLES["fortune"], cards("2S 3S 4S 5S 6S 7S 8S")).pays == 8000
    assert pay(PAY_TABLES["fortune"], cards("2S 3S 4S JK 6S 7S 8S")).pays == 1000
    assert pay(PAY_TABLES["fortune"], cards("AS 2S 3S 4S 5S 6S 7S")).pays == 8000  # the ace low: our reading


def test_fortune_royal_match_needs_a_real_suited_king_queen():
    assert pay(PAY_TABLES["fortune"], cards("AS KS QS JS TS KH QH")).pays == 2000
    assert pay(PAY_TABLES["fortune"], cards("AS KS QS JS JK KH QH")).pays == 2000  # the joker in the royal
    assert pay(PAY_TABLES["fortune"], cards("AS KS QS JS TS KH QD")).pays == 150


def test_emperors_challenge_pays_low_pai_gow():
    table = PAY_TABLES["emperors-challenge"]
    assert pay(table, cards("9S 8H 7D 5C 4S 3H 2D")).pays == 40
    assert pay(table, cards("TS 8H 7D 5C 4S 3H 2D")).pays == 5
    assert pay(table, cards("JS 8H 7D 5C 4S 3H 2D")).pays == 2
    assert pay(table, cards("QS 8H 7D 5C 4S 3H 2D")).pays == -1


def test_queens_dragon_pays_a_queen_high_pai_gow_without_the_joker():
    table = PAY_TABLES["queens-dragon"]
    assert pay(table, cards("QS JH 9D 7C 5S 3H 2D")).pays == 50
    assert pay(table, cards("JK JH 9D 7C 5S 3H 2D")).pays == -1  # ace-high: the joker is the ace
    assert pai_gow_top(cards("JK JH 9D 7C 5S 3H 2D")) == 14


def test_tiger_9_pays_a_nine_high_low_hand():
    table = PAY_TABLES["tiger-9"]
    assert pay(table, cards("KS KH JD 9C 8S 4H 3D"), low_is_nine_high=True).pays == 30
    assert pay(table, cards("KS KH JD 9C 8S 4H 3D"), low_is_nine_high=False).pays == -1


def test_pays_overrides_a_line_and_rejects_unknown_names():
    table = with_pays(PAY_TABLES["fortune"], "five-aces=250, royal-flush=100")
    assert table.pays_of(Line.FIVE_ACES) == 250 and table.pays_of(Line.ROYAL_FLUSH) == 100
    with pytest.raises(OptionError, match="its lines are seven-card-straight-flush"):
        with_pays(PAY_TABLES["fortune"], "five-kings=10")
    for bad in ("five-aces", "five-aces=lots", "five-aces=0", "five-aces=inf", "five-aces=1.001"):
        with pytest.raises(OptionError, match=r"^pays: ") as raised:  # the library names the setting,
            with_pays(PAY_TABLES["fortune"], bad)
        assert raised.value.about == "pays" and raised.value.worded("--pays").startswith("--pays: ")  # the CLI its flag


def test_best_line_takes_the_highest_paying_line_not_the_strongest_hand():
    table = with_pays(PAY_TABLES["fortune"], "straight=30")
    assert best_line(table, [Line.FLUSH, Line.STRAIGHT]).line is Line.STRAIGHT


PUBLISHED = {
    # rentoncasino.com / emeraldqueen.com pay table; counts from the same exact analyses
    "fortune": (
        [32, 72, 196, 1128, 26020, 184644, 307472, 4188528, 6172088, 7672500, 11034204, 124556196],
        0.077656,
    ),
    # wizardofodds.com, pai gow poker appendix 5 (Pai Gow Mania, seven-card bonus)
    "mania-seven-card": ([1128, 26132, 184832, 307472, 4188528, 6172088, 7672500, 11034204, 124556196], 0.063667),
}


@pytest.mark.parametrize("name", PUBLISHED)
def test_seven_card_counts_match_the_published_table(name):
    counts, house_edge = PUBLISHED[name]
    odds = side_bet_odds(PAY_TABLES[name], dealer_classes())
    assert [row.count for row in odds.rows] == counts
    assert odds.total == comb(53, 7)
    assert round(float(odds.house_edge), 6) == house_edge


def independent_three_card(hand) -> Line | None:
    """The best Pai Gow Mania three-card line, read by trying the joker as every card (for a
    straight, a flush or a straight flush) and as an ace (for pairs and trips)."""
    real = [card for card in hand if not card.is_joker]
    joker = len(real) < 3
    stand_ins = [[*real, (rank, suit)] for rank in range(2, 15) for suit in "SHDC"] if joker else [real]
    as_pairs = [card.rank for card in real] + ([14] * joker)

    def shape(cards):
        ranks = sorted(card.rank if isinstance(card, Card) else card[0] for card in cards)
        suits = {SUIT_OF(card) for card in cards}
        run = len(set(ranks)) == 3 and (ranks[2] - ranks[0] == 2 or ranks == [2, 3, 14])
        return run, len(suits) == 1

    shapes = [shape(cards) for cards in stand_ins]
    if any(run and flush for run, flush in shapes):
        return Line.THREE_CARD_STRAIGHT_FLUSH_JOKER if joker else Line.THREE_CARD_STRAIGHT_FLUSH
    if max(Counter(as_pairs).values()) == 3:
        return Line.THREE_CARD_THREE_OF_A_KIND
    if any(run for run, _ in shapes):
        return Line.THREE_CARD_STRAIGHT
    if any(flush for _, flush in shapes):
        return Line.THREE_CARD_FLUSH
    if max(Counter(as_pairs).values()) == 2:
        return Line.THREE_CARD_PAIR
    return None


def SUIT_OF(card) -> str:
    return card.suit if isinstance(card, Card) else card[1]


def test_mania_three_card_counts_match_the_published_table_and_an_independent_reading():
    """Pai Gow Mania's three-card bonus over every three cards: the counts wizardofodds.com
    (pai gow poker appendix 5) publishes, and the same hand by hand as a reader that tries the
    joker as every card."""
    table = PAY_TABLES["mania-three-card"]
    odds = side_bet_odds(table, None)
    assert [row.count for row in odds.rows] == [48, 58, 100, 1020, 1308, 3912, 16980]
    assert odds.total == comb(53, 3) and round(float(odds.house_edge), 5) == 0.03859
    for hand in combinations(DECK, 3):
        assert best_line(table, three_card_lines(hand)).line is independent_three_card(hand), hand


def test_mania_three_card_pays_on_the_first_three_cards_as_dealt():
    from typer.testing import CliRunner

    from paigow_cli.cli import app

    def paid(hand: str) -> int:
        document = json.loads(
            CliRunner().invoke(app, ["bonus", *hand.split(), "--table", "mania-three-card", "--json"]).stdout
        )
        return document["tables"][0]["pays"]

    assert paid("KS KH KD AS 2C 3D 4H") == 30
    assert paid("AS 2C 3D KS KH KD 4H") == 4
    assert side_bet_odds(PAY_TABLES["mania-three-card"], None, list(cards("AS AH"))).total == comb(51, 3)


@cache
def every_hand_lines(live: tuple) -> list[tuple[tuple, frozenset]]:
    """Every seven-card hand of the live cards with its independently read lines (shared by the tables)."""
    return [(hand, frozenset(independent_lines(hand))) for hand in combinations(live, 7)]


def brute_force_counts(table, live, nine_high=None) -> Counter:
    counts = Counter()
    for hand, lines in every_hand_lines(tuple(live)):
        if nine_high is not None and nine_high(hand):
            lines = lines | {Line.NINE_HIGH_LOW_HAND}
        counts[best_line(table, lines).line] += 1
    return counts


def reduced_decks():
    spades = [card for card in DECK if card.suit == "S"]
    yield tuple(spades[:5] + spades[6:] + [JOKER, *cards("KH QH")])  # 7-card straight flushes, royal matches
    yield (*cards("AS AH AD AC"), JOKER, *cards("KS KH KD QS QH JS JH TS 9S 2C"))  # five aces, quads
    rng = random.Random(4)
    yield tuple(rng.sample(DECK, 15))
    yield tuple(card for card in DECK if 4 <= card.rank <= 12 and card.suit in "SH" and card.rank != 8) + (
        JOKER,
    )  # pai gow


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
@pytest.mark.parametrize("name", ["fortune", "emperors-challenge", "mania-seven-card", "queens-dragon"])
def test_exact_odds_match_a_brute_force_over_reduced_decks(name):
    table = PAY_TABLES[name]
    for live in reduced_decks():
        dead = [card for card in DECK if card not in live]
        odds = side_bet_odds(table, dealer_classes(), dead)
        assert {row.line: row.count for row in odds.rows if row.count} == +brute_force_counts(table, live), live
        assert odds.total == comb(len(live), 7)


@pytest.mark.parametrize("name", ["tiger-9", "dealer-bonus"])
def test_low_hand_tables_match_a_brute_force_with_the_house_way(foxwoods_table, name):
    from paigow_cli.core.games import is_nine_high_low
    from paigow_cli.core.rules import Rules
    from paigow_cli.engine.class_flags import nine_high_low_classes
    from paigow_cli.house_ways import house_setting

    table = PAY_TABLES[name]
    live = [*cards("2S 3H 4S 5H 6S 7H 8S 8D 9H 9S TS JH QD KC"), JOKER]
    dead = [card for card in DECK if card not in live]
    odds = side_bet_odds(table, foxwoods_table.classes, dead, nine_high_low_classes(foxwoods_table))
    expected = brute_force_counts(
        table, live, lambda hand: is_nine_high_low(house_setting(hand, Rules()).split.low_value.key)
    )
    assert {row.line: row.count for row in odds.rows if row.count} == +expected
    assert expected[Line.NINE_HIGH_LOW_HAND] > 0


def test_dealer_bonus_seven_card_counts_match_the_published_table(foxwoods_table):
    """The Dealer Bonus (wizardofodds.com, pai gow poker side bets, Dealer Bonus): every seven-card
    line's count as published (its two 7-card straight flush lines together make his 228); the
    9-high low hand depends on the house way, which the page does not name (the docs compare)."""
    from paigow_cli.engine.class_flags import nine_high_low_classes

    odds = side_bet_odds(PAY_TABLES["dealer-bonus"], foxwoods_table.classes, (), nine_high_low_classes(foxwoods_table))
    counts = {row.line: row.count for row in odds.rows}
    assert counts[Line.SEVEN_CARD_STRAIGHT_FLUSH] + counts[Line.SEVEN_CARD_STRAIGHT_FLUSH_JOKER] == 228
    assert [counts[line] for line in (Line.ROYAL_MATCH, Line.FIVE_ACES, Line.ROYAL_FLUSH, Line.STRAIGHT_FLUSH)] == [
        72,
        1128,
        26020,
        184644,
    ]
    assert [counts[line] for line in (Line.FOUR_OF_A_KIND, Line.FULL_HOUSE, Line.FLUSH)] == [307472, 4188528, 6172088]
    assert [counts[line] for line in (Line.THREE_OF_A_KIND, Line.STRAIGHT)] == [7672500, 11034204]
    assert odds.total == comb(53, 7)


def test_dealer_bonus_pays_the_highest_ranking_line_not_the_best_paid():
    table = PAY_TABLES["dealer-bonus"]
    assert best_line(table, [Line.STRAIGHT, Line.NINE_HIGH_LOW_HAND]).pays == 2
    assert best_line(table, [Line.NINE_HIGH_LOW_HAND]).pays == 5


def test_the_envy_of_each_other_player_is_the_tables_line_counts_times_its_amounts():
    """The Envy bonus (rentoncasino.com's envy amounts): $0.0463 a hand per other player, exactly
    7,143,240 / 154,143,080, so each other player takes 0.9268% off a $5 Fortune bet's house edge
    (the Wizard of Odds says 0.92%)."""
    from decimal import Decimal

    from paigow_cli.analysis.money.side_bets import Envy

    odds = side_bet_odds(PAY_TABLES["fortune"], dealer_classes())
    envy = Envy(odds, 1, Decimal(5))
    assert envy.per_player == Fraction(7_143_240, comb(53, 7))
    assert round(float(odds.house_edge - envy.house_edge), 6) == 0.009268


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_envy_dealt_from_the_deck_your_hand_leaves_has_the_same_mean():
    """Brute force on a small deck: every other hand dealt from the cards each of your hands leaves
    pays the envy, on average, what the table's own counts say (linearity; the decks are not
    independent, the mean does not care)."""
    from decimal import Decimal

    from paigow_cli.analysis.money.pay_tables import ENVY_TABLES
    from paigow_cli.analysis.money.side_bets import Envy

    live = (*cards("AS AH AD AC KS QS JS TS 9S 8S 7S 6S 2H"), JOKER, *cards("KH"))
    amounts = dict(ENVY_TABLES["fortune"])
    table = PAY_TABLES["fortune"]
    paid = pairs = 0
    for mine in combinations(live, 7):
        rest = [card for card in live if card not in mine]
        for other in combinations(rest, 7):
            paid += amounts.get(best_line(table, independent_lines(other)).line, 0)
            pairs += 1
    dead = [card for card in DECK if card not in live]
    envy = Envy(side_bet_odds(table, dealer_classes(), dead), 1, Decimal(5))
    assert paid > 0 and Fraction(paid, pairs) == envy.per_player


# --- the fully wild joker (the Dynasty Bonus) --------------------------------------------------------


def wild_lines(hand) -> set[Line]:
    """An independent reading of a wild joker: the lines of the hand with the joker read as each of the
    52 cards in turn, together (a hand with the joker is never a pai gow)."""
    if JOKER not in hand:
        return independent_lines(hand)
    real = [card for card in hand if card != JOKER]
    held: set[Line] = set()
    for stand_in in DECK[:52]:  # a card held already stands for its rank alone (it makes no flush twice)
        held |= independent_lines((*real, stand_in))
    return {line for line in held if line not in PAI_GOW_LINE_SET}


PAI_GOW_LINE_SET = {line for line in Line if line.slug.endswith("pai-gow")}


def wild_decks():
    yield (*cards("KS KH KD KC AS AH 9S 8S 7S 6S"), JOKER, *cards("2C 3D"))  # five of a kind, straight flushes
    rng = random.Random(14)
    yield (*rng.sample([card for card in DECK[:52] if card.suit in "SH"], 12), JOKER)


def test_dynasty_pays_the_best_hand_with_the_joker_fully_wild():
    table = PAY_TABLES["dynasty"]
    assert pay(table, cards("KS KH KD KC JK 7D 2C")).line is Line.FIVE_OF_A_KIND
    assert pay(table, cards("KS KH 9D 7C JK 5D 2C")).line is Line.THREE_OF_A_KIND  # the bug pays nothing here
    assert pay(PAY_TABLES["mania-seven-card"], cards("KS KH 9D 7C JK 5D 2C")).line is None
    assert pay(table, cards("AS KS QS JS JK 5D 2C")).line is Line.ROYAL_FLUSH


def test_a_wild_joker_holds_every_line_it_can_make():
    """Three kings, the joker and a nine hold four of a kind and, the joker a nine, a full house."""
    table = with_pays(PAY_TABLES["dynasty"], "full-house=1000")
    assert pay(table, cards("KS KH KD 9C JK 7D 2C")).line is Line.FULL_HOUSE


@pytest.mark.slow
def test_dynasty_odds_match_an_independent_brute_force_over_reduced_decks():
    table = PAY_TABLES["dynasty"]
    for live in wild_decks():
        dead = [card for card in DECK if card not in live]
        odds = side_bet_odds(table, dealer_classes(), dead)
        read = {hand: wild_lines(hand) for hand in combinations(live, 7)}
        expected = Counter(best_line(table, lines).line for lines in read.values())
        assert {row.line: row.count for row in odds.rows if row.count} == +expected, live
        assert all(hand_lines(hand, wild=True) == frozenset(lines) for hand, lines in read.items())


def test_dynasty_counts_are_the_wild_jokers_categories(cache_folder):
    """Paid by the best five cards' rank, the Dynasty's counts are the seven-card categories with the
    joker wild (``paigow odds --joker wild``), a royal flush apart from the other straight flushes."""
    from paigow_cli.core.hands import Category
    from paigow_cli.core.rules import Joker
    from paigow_cli.engine.categories import category_counts
    from paigow_cli.engine.dealer_table import load_categories

    counts = category_counts(*load_categories(joker=Joker.WILD))
    rows = {row.line: row.count for row in side_bet_odds(PAY_TABLES["dynasty"], dealer_classes()).rows}
    assert rows[Line.FIVE_OF_A_KIND] == counts.counts[Category.FIVE_ACES] == 14_664
    assert rows[Line.ROYAL_FLUSH] == counts.royal_flushes
    assert rows[Line.STRAIGHT_FLUSH] == counts.counts[Category.STRAIGHT_FLUSH] - counts.royal_flushes
    for line, category in (
        (Line.FOUR_OF_A_KIND, Category.FOUR_OF_A_KIND),
        (Line.FULL_HOUSE, Category.FULL_HOUSE),
        (Line.FLUSH, Category.FLUSH),
        (Line.STRAIGHT, Category.STRAIGHT),
        (Line.THREE_OF_A_KIND, Category.THREE_OF_A_KIND),
    ):
        assert rows[line] == counts.counts[category], line


def test_session_refuses_a_side_bet_dealt_with_a_wild_joker():
    from typer.testing import CliRunner

    from paigow_cli.cli import app

    result = CliRunner().invoke(app, ["session", "--side-bet", "dynasty", "--hands", "10"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: --side-bet dynasty is dealt in a game with a fully wild joker")
    assert len(result.stderr.strip().splitlines()) == 1


# --- Jackpot Pai Gow and the progressives ------------------------------------------------------------

JACKPOT_PUBLISHED = {  # wizardofodds.com, pai gow poker appendix 3 (Jackpot Pai Gow Poker Return Table)
    Line.NATURAL_ROYAL_PLUS_ACES: 12,
    Line.FIVE_ACES_PLUS_PAIR: 72,
    Line.ROYAL_FLUSH_PLUS_PAIR: 1_560,
    Line.FIVE_ACES: 1_056,
    Line.ROYAL_FLUSH: 24_560,
    Line.STRAIGHT_FLUSH_PLUS_PAIR: 11_748,
    Line.FOUR_OF_A_KIND_PLUS_PAIR: 57_648,
    Line.STRAIGHT_FLUSH: 173_084,
    Line.FOUR_OF_A_KIND: 249_824,
    Line.FULL_HOUSE_PLUS_PAIR: 150_480,
    Line.FLUSH_PLUS_PAIR: 489_260,
    Line.STRAIGHT_PLUS_PAIR: 1_155_536,
    Line.FULL_HOUSE: 4_024_560,
    Line.FLUSH: 5_631_420,
    Line.STRAIGHT: 10_145_388,
    Line.THREE_OF_A_KIND: 7_470_676,
    None: 124_556_196,
}


def jackpot_odds(table=None, dead=()):
    from paigow_cli.engine.setting_lines import load_setting_lines

    return side_bet_odds(table or PAY_TABLES["jackpot"], dealer_classes(), dead, settings=load_setting_lines())


def test_jackpot_counts_match_the_published_table(cache_folder):
    """Every count of the Wizard's table, and his house edge of 2.21% at a $100,000 top prize on $5."""
    odds = jackpot_odds()
    assert {row.line: row.count for row in odds.rows} == JACKPOT_PUBLISHED
    assert round(float(odds.house_edge), 4) == 0.0221


def test_jackpot_plus_pair_lines_are_the_best_setting_with_a_pair_in_front():
    table = PAY_TABLES["jackpot"]
    assert pay(table, cards("KS KH KD QC JS TH 9D")).line is Line.STRAIGHT_PLUS_PAIR  # K-Q-J-T-9 behind, K-K in front
    assert pay(table, cards("AS KS QS JS TS AH AD")).line is Line.NATURAL_ROYAL_PLUS_ACES
    assert pay(table, cards("JK KS QS JS TS AH AD")).line is Line.ROYAL_FLUSH_PLUS_PAIR  # the joker's royal
    assert pay(table, cards("KS QS JS TS 9S 3H 4D")).line is Line.STRAIGHT_FLUSH  # no pair to put in front


def jackpot_decks():
    yield (*cards("AS KS QS JS TS AH AD KH QH"), JOKER, *cards("9S 2C 2D"))  # the top lines
    yield (*cards("8S 8H 8D 8C 9S TS JS QS 9H 9D"), JOKER, *cards("3C 4C"))  # quads and straight flushes, with pairs
    yield tuple(random.Random(15).sample(DECK, 14))


def test_jackpot_odds_match_a_brute_force_over_reduced_decks(cache_folder):
    """Every hand of small decks, its lines read one by one (every setting tried), against the class counts."""
    table = PAY_TABLES["jackpot"]
    for live in jackpot_decks():
        dead = [card for card in DECK if card not in live]
        expected = Counter(
            best_line(table, hand_lines(hand) | setting_lines(hand)).line for hand in combinations(live, 7)
        )
        assert {row.line: row.count for row in jackpot_odds(dead=dead).rows if row.count} == +expected, live


def test_every_hand_of_a_class_holds_its_setting_lines():
    from paigow_cli.engine.setting_lines import _class_setting_lines

    classes = dealer_classes()
    rng = random.Random(16)
    for _ in range(400):
        hand = tuple(rng.sample(DECK, 7))
        index = classes.class_id(hand)
        kind, at = ("multiset", index) if index < classes.multisets else ("flush", index - classes.multisets)
        mask = int(_class_setting_lines(kind, at, at + 1)[0])
        assert mask == sum(1 << line for line in setting_lines(hand)), hand


def test_the_break_even_meter_makes_the_return_zero_exactly(cache_folder):
    """Jackpot's break-even top prize on a $5 bet, $1,518,660, set as the meter gives an EV of exactly 0."""
    from decimal import Decimal

    from paigow_cli.analysis.money.pay_tables import with_meter
    from paigow_cli.analysis.money.side_bets import break_even_meter

    even = break_even_meter(jackpot_odds())
    assert even == 1_518_660
    assert jackpot_odds(with_meter(PAY_TABLES["jackpot"], Decimal(even.numerator), Decimal(5))).ev == 0
    above = jackpot_odds(with_meter(PAY_TABLES["jackpot"], Decimal(1_600_000), Decimal(5)))
    assert above.ev > 0 and break_even_meter(above) == even  # the break-even does not depend on the meter shown


def test_face_up_progressive_matches_the_published_counts_and_return(cache_folder):
    """wizardofodds.com's newsletter of 20 October 2022: a $5 bet paid for one, the 7-card straight flush
    meter at $3,832,836. Every count is the newsletter's; the return, 9.309300 dollars a bet exactly at
    the amounts printed, is its 9.309231 to 1e-4 (its royal and 7-card rows' returns imply meters a
    few dollars from the ones printed)."""
    odds = side_bet_odds(PAY_TABLES["face-up-progressive"], dealer_classes())
    counts = {row.line: row.count for row in odds.rows}
    assert counts[Line.SEVEN_CARD_STRAIGHT_FLUSH] + counts[Line.SEVEN_CARD_STRAIGHT_FLUSH_JOKER] == 228
    assert [counts[line] for line in (Line.FIVE_ACES, Line.ROYAL_FLUSH, Line.STRAIGHT_FLUSH)] == [
        1_128,
        26_092,
        184_644,
    ]
    assert [counts[Line.FOUR_OF_A_KIND], counts[Line.FULL_HOUSE], counts[None]] == [307_472, 4_188_528, 149_434_988]
    dollars = 5 * (1 + odds.ev)  # paid for one: what comes back of a $5 bet
    assert round(float(dollars), 6) == 9.3093
    assert abs(float(dollars) - 9.309231) < 1e-4


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--odds", "--table", "jackpot", "--meter", "-5"], "--meter -5 is out of range"),
        (["--odds", "--table", "jackpot", "--meter", "3", "--bet", "5"], "shows 2000 or more"),
        (["--odds", "--table", "fortune", "--meter", "500"], "has no progressive meter"),
        (["--table", "jackpot", "--meter", "5000"], "give --odds --table jackpot too"),
        (["--odds", "--table", "jackpot", "--bet", "5"], "give --players N or --meter too"),
    ],
)
def test_meter_errors_are_one_line(args, fragment):
    from typer.testing import CliRunner

    from paigow_cli.cli import app

    result = CliRunner().invoke(app, ["bonus", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and fragment in lines[0], result.stderr


def test_session_refuses_a_side_bet_paid_on_the_setting():
    from typer.testing import CliRunner

    from paigow_cli.cli import app

    result = CliRunner().invoke(app, ["session", "--side-bet", "jackpot", "--hands", "10"])
    assert result.exit_code == 2 and "paid on the hand as the player sets it" in result.stderr


# --- the command ------------------------------------------------------------------------------------


def test_bonus_prices_a_hand_on_every_table():
    from typer.testing import CliRunner

    from paigow_cli.cli import app

    result = CliRunner().invoke(app, ["bonus", "AS", "KS", "QS", "JS", "TS", "KH", "QH", "--json"])
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert [(row["table"], row["pays"]) for row in document["tables"]] == [
        ("fortune", 2000),
        ("emperors-challenge", 150),
        ("mania-seven-card", 250),
        ("mania-three-card", 40),  # A K Q of spades, the first three as given: a straight flush
        ("dealer-bonus", 500),
        ("dynasty", 25),
        ("jackpot", 100),  # a royal flush, but no pair to set in front beside it
        ("face-up-progressive", 718),
        ("queens-dragon", -1),
        ("tiger-9", -1),
    ]


def test_bonus_odds_json_rows_sum_to_the_total(cache_folder):
    from typer.testing import CliRunner

    from paigow_cli.cli import app

    result = CliRunner().invoke(app, ["bonus", "--odds", "--table", "emperors-challenge", "--dead", "AS KS", "--json"])
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert sum(row["count"] for row in document["rows"]) == document["total"] == comb(51, 7)
    assert document["rows"][-1]["hand"] == "other" and document["rows"][-1]["pays"] == -1
    assert abs(sum(row["return"] for row in document["rows"]) - document["ev"]) < 1e-12
    assert document["house_edge"] == -document["ev"]


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--odds"], "--odds needs --table"),
        (["--odds", "--table", "fortune", "--pays", "aces=3"], "its lines are"),
        (["AS KD JK 9H 9C 4D 2S", "--odds", "--table", "fortune"], "give no cards"),
        (["AS KD JK 9H 9C 4D 2S", "--pays", "straight=3"], "name it with --table"),
        (["AS KD JK 9H 9C 4D 2S", "--dead", "2C"], "--dead applies to --odds only"),
    ],
)
def test_bonus_errors_are_one_line(args, fragment):
    from typer.testing import CliRunner

    from paigow_cli.cli import app

    result = CliRunner().invoke(app, ["bonus", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and fragment in lines[0], result.stderr
