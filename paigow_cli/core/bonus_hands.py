"""The side-bet hands seven cards make (rules.md §8.3), for one hand and for every dealer class.

Side bets pay on what the seven cards *hold*, whatever the setting: a hand holds a
line (a straight, three of a kind, a 9-high pai gow, ...) or not, and is paid at
its highest-paying line. So a hand's value here is a set of lines, not one
category: ``K♠ K♥ K♦ Q♣ J♠ T♥ 9♦`` holds both three of a kind and a straight, and
the Fortune table pays its trips (3 to 1) above its straight (2 to 1).

The joker pairs only with aces and may complete a straight, a flush or a straight
flush. A "pai gow" is seven different ranks (the joker counts as the ace) with no
straight and no flush, named by its top card. Readings we took where the tables are
silent: a 7-card straight flush may run A-2-3-4-5-6-7 (the ace low, as in a wheel);
a royal match is the five-card royal (the joker may stand in for one of its cards)
with a real suited K-Q as the other two cards.

>>> from paigow_cli.core.cards import parse_cards
>>> sorted(line.slug for line in hand_lines(parse_cards("KS KH KD QC JS TH 9D")))
['straight', 'three-of-a-kind']
>>> pai_gow_top(parse_cards("QS JH 9D 7C 5S 3H 2D"))
12
>>> Line.ROYAL_MATCH in hand_lines(parse_cards("AS KS QS JS JK KH QH"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations

from paigow_cli.core.cards import ACE, RANK_CHARS, SUIT_CHARS, Card
from paigow_cli.core.hands import (
    FIVE_ACES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    ONE_PAIR,
    ROYAL_CODE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    five_card_key,
    key_ranks,
    two_card_key,
)

RANKS = len(RANK_CHARS)


class Line(IntEnum):
    """A hand a side bet can pay on; the value is its bit in a class's line mask (from 1, so every line is truthy)."""

    SEVEN_CARD_STRAIGHT_FLUSH = 1  # seven suited cards in sequence, no joker
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER = 2  # six suited cards and the joker
    ROYAL_MATCH = 3  # a royal flush and a suited K-Q as the other two cards
    FIVE_ACES = 4
    ROYAL_FLUSH = 5
    STRAIGHT_FLUSH = 6
    FOUR_OF_A_KIND = 7
    FULL_HOUSE = 8
    FLUSH = 9
    THREE_OF_A_KIND = 10
    STRAIGHT = 11
    NINE_HIGH_PAI_GOW = 12
    TEN_HIGH_PAI_GOW = 13
    JACK_HIGH_PAI_GOW = 14
    QUEEN_HIGH_PAI_GOW = 15
    KING_HIGH_PAI_GOW = 16
    ACE_HIGH_PAI_GOW = 17
    NINE_HIGH_LOW_HAND = 18  # the low hand the house way sets is 9-high (not a seven-card line: ``side_bets``)
    # Three-card lines: on a player's first three cards (``three_card_lines``; Pai Gow Mania)
    THREE_CARD_STRAIGHT_FLUSH = 19  # three suited cards in sequence, no joker
    THREE_CARD_THREE_OF_A_KIND = 20  # three of a rank, or the joker with two aces
    THREE_CARD_STRAIGHT_FLUSH_JOKER = 21  # two suited cards the joker makes a straight flush of
    THREE_CARD_STRAIGHT = 22
    THREE_CARD_FLUSH = 23
    THREE_CARD_PAIR = 24
    FIVE_OF_A_KIND = 25  # four of a rank and a fully wild joker (rules.md §11; five aces included)
    # Setting lines: a hand set with this in the five-card hand and a pair in front (Jackpot Pai Gow;
    # ``setting_lines``: the player sets his hand to make the most of the bet)
    NATURAL_ROYAL_PLUS_ACES = 26  # a royal flush and a pair of aces in front, no joker in either
    FIVE_ACES_PLUS_PAIR = 27
    ROYAL_FLUSH_PLUS_PAIR = 28
    STRAIGHT_FLUSH_PLUS_PAIR = 29
    FOUR_OF_A_KIND_PLUS_PAIR = 30
    FULL_HOUSE_PLUS_PAIR = 31
    FLUSH_PLUS_PAIR = 32
    STRAIGHT_PLUS_PAIR = 33

    @property
    def slug(self) -> str:
        """The name users and JSON use: ``five-aces``, ``seven-card-straight-flush-joker``."""
        return self.name.lower().replace("_", "-")

    @property
    def label(self) -> str:
        return LABELS.get(self, self.slug.replace("-", " ").capitalize())


LABELS = {
    Line.SEVEN_CARD_STRAIGHT_FLUSH: "7-card straight flush, natural",
    Line.SEVEN_CARD_STRAIGHT_FLUSH_JOKER: "7-card straight flush with the joker",
    Line.ROYAL_MATCH: "Royal flush plus royal match",
    Line.NINE_HIGH_PAI_GOW: "9-high pai gow",
    Line.TEN_HIGH_PAI_GOW: "10-high pai gow",
    Line.JACK_HIGH_PAI_GOW: "J-high pai gow",
    Line.QUEEN_HIGH_PAI_GOW: "Q-high pai gow",
    Line.KING_HIGH_PAI_GOW: "K-high pai gow",
    Line.ACE_HIGH_PAI_GOW: "A-high pai gow",
    Line.NINE_HIGH_LOW_HAND: "9-high low hand (house way)",
    Line.THREE_CARD_STRAIGHT_FLUSH: "3-card straight flush, natural",
    Line.THREE_CARD_THREE_OF_A_KIND: "3-card three of a kind",
    Line.THREE_CARD_STRAIGHT_FLUSH_JOKER: "3-card straight flush with the joker",
    Line.THREE_CARD_STRAIGHT: "3-card straight",
    Line.THREE_CARD_FLUSH: "3-card flush",
    Line.THREE_CARD_PAIR: "3-card pair",
    Line.NATURAL_ROYAL_PLUS_ACES: "Natural royal plus pair of aces",
}
SETTING_LINES = frozenset(line for line in Line if line >= Line.NATURAL_ROYAL_PLUS_ACES)
PAI_GOW_LINES = {
    9: Line.NINE_HIGH_PAI_GOW,
    10: Line.TEN_HIGH_PAI_GOW,
    11: Line.JACK_HIGH_PAI_GOW,
    12: Line.QUEEN_HIGH_PAI_GOW,
    13: Line.KING_HIGH_PAI_GOW,
    14: Line.ACE_HIGH_PAI_GOW,
}

# Rank bit r is rank r + 2 (bit 12 the ace). Five-card windows: the wheel A-2-3-4-5, then 2-6 ... T-A.
FIVE_WINDOWS = (0b1_0000_0000_1111, *(0b11111 << low for low in range(9)))
ROYAL_WINDOW = 0b11111 << 8
# Seven-card windows: A-2-3-4-5-6-7, then 2-8 ... 8-A.
SEVEN_WINDOWS = (0b1_0000_0011_1111, *(0b1111111 << low for low in range(7)))


def _holds_run(mask: int, joker: bool, windows: Sequence[int], size: int) -> bool:
    """True when the ranks in ``mask`` (with the joker filling one gap) cover one of ``windows``."""
    return any((mask & window).bit_count() + joker >= size for window in windows)


# Rank bit r is rank r + 2, as above. Three-card windows: A-2-3, then 2-3-4 ... Q-K-A.
THREE_WINDOWS = (0b1_0000_0000_0011, *(0b111 << low for low in range(11)))


def three_card_lines(cards: Sequence[Card]) -> frozenset[Line]:
    """Every line three cards hold (a player's first three, for Pai Gow Mania's three-card bonus).
    The joker completes a straight, a flush or a straight flush, and otherwise is an ace: with
    two aces it makes three of a kind, with one a pair of aces.

    >>> from paigow_cli.core.cards import parse_cards
    >>> sorted(line.slug for line in three_card_lines(parse_cards("JK AS KS")))
    ['three-card-flush', 'three-card-pair', 'three-card-straight', 'three-card-straight-flush-joker']
    >>> sorted(line.slug for line in three_card_lines(parse_cards("2H 3H AH")))
    ['three-card-flush', 'three-card-straight', 'three-card-straight-flush']
    """
    if len(cards) != 3:
        raise ValueError("three-card lines are read from three cards")
    joker = any(card.is_joker for card in cards)
    real = [card for card in cards if not card.is_joker]
    counts = Counter(card.rank for card in real)
    counts[ACE] += joker
    mask = sum(1 << (rank - 2) for rank in {card.rank for card in real})
    distinct = len({card.rank for card in real}) == len(real)
    suited = len({card & 3 for card in real}) == 1
    run = distinct and _holds_run(mask, joker, THREE_WINDOWS, 3)
    lines: set[Line] = set()
    if max(counts.values()) == 3:
        lines.add(Line.THREE_CARD_THREE_OF_A_KIND)
    if max(counts.values()) >= 2:
        lines.add(Line.THREE_CARD_PAIR)
    if run:
        lines.add(Line.THREE_CARD_STRAIGHT)
    if suited:
        lines.add(Line.THREE_CARD_FLUSH)
        if run:
            lines.add(Line.THREE_CARD_STRAIGHT_FLUSH_JOKER if joker else Line.THREE_CARD_STRAIGHT_FLUSH)
    return frozenset(lines)


def hand_lines(cards: Sequence[Card], *, wild: bool = False) -> frozenset[Line]:
    """Every side-bet line that seven cards hold (one hand; see ``engine.class_flags.class_lines`` for all at once).

    A fully wild joker (``wild``) joins whichever rank it makes the most of; a hand that holds it is
    never a pai gow.

    >>> from paigow_cli.core.cards import parse_cards
    >>> sorted(line.slug for line in hand_lines(parse_cards("KS KH KD KC JK 7D 2C"), wild=True))
    ['five-of-a-kind', 'four-of-a-kind', 'full-house', 'three-of-a-kind']
    >>> sorted(line.slug for line in hand_lines(parse_cards("KS KH KD 9C JK 7D 2C"), wild=True))
    ['four-of-a-kind', 'full-house', 'three-of-a-kind']
    """
    joker = any(card.is_joker for card in cards)
    real = [card for card in cards if not card.is_joker]
    counts = Counter(card.rank for card in real)
    lines: set[Line] = set()
    if wild and joker:  # every rank the joker may stand for: the lines of each reading
        for rank in range(2, ACE + 1):
            lines |= _count_lines(counts + Counter({rank: 1}))
    else:
        counts[ACE] += joker  # the joker pairs with aces only
        lines |= _count_lines(counts)
    mask = sum(1 << (rank - 2) for rank in {card.rank for card in real})
    suited: Counter[str] = Counter()
    for card in real:
        suited[SUIT_CHARS[card & 3]] |= 1 << (card.rank - 2)
    if _holds_run(mask, joker, FIVE_WINDOWS, 5):
        lines.add(Line.STRAIGHT)
    for suit, suit_mask in suited.items():
        if suit_mask.bit_count() + joker < 5:
            continue
        lines.add(Line.FLUSH)
        if _holds_run(suit_mask, joker, FIVE_WINDOWS, 5):
            lines.add(Line.STRAIGHT_FLUSH)
        if (suit_mask & ROYAL_WINDOW).bit_count() + joker >= 5:
            lines.add(Line.ROYAL_FLUSH)
            if _royal_match(real, suit):
                lines.add(Line.ROYAL_MATCH)
        if any((suit_mask & window) == window for window in SEVEN_WINDOWS):
            lines.add(Line.SEVEN_CARD_STRAIGHT_FLUSH)
        elif joker and _holds_run(suit_mask, True, SEVEN_WINDOWS, 7):
            lines.add(Line.SEVEN_CARD_STRAIGHT_FLUSH_JOKER)
    top = pai_gow_top(cards)
    if top and not (wild and joker):
        lines.add(PAI_GOW_LINES[top])
    return frozenset(lines)


PLUS_PAIR = {
    FIVE_ACES: Line.FIVE_ACES_PLUS_PAIR,
    STRAIGHT_FLUSH: Line.STRAIGHT_FLUSH_PLUS_PAIR,
    FOUR_OF_A_KIND: Line.FOUR_OF_A_KIND_PLUS_PAIR,
    FULL_HOUSE: Line.FULL_HOUSE_PLUS_PAIR,
    FLUSH: Line.FLUSH_PLUS_PAIR,
    STRAIGHT: Line.STRAIGHT_PLUS_PAIR,
}  # the five-card hand's category -> its line with a pair in front


def setting_lines(cards: Sequence[Card]) -> frozenset[Line]:
    """The setting lines seven cards hold: for each way to set them with a pair in the two-card hand,
    the five-card hand's line "plus pair" (``plus_pair_line``). The bug joker, as in the main game.

    >>> from paigow_cli.core.cards import parse_cards
    >>> sorted(line.slug for line in setting_lines(parse_cards("KS KH KD QC JS TH 9D")))
    ['straight-plus-pair']
    >>> sorted(line.slug for line in setting_lines(parse_cards("AS KS QS JS TS AH AD")))
    ['natural-royal-plus-aces', 'royal-flush-plus-pair', 'straight-plus-pair']
    """
    if len(cards) != 7:
        raise ValueError("setting lines are read from seven cards")
    lines: set[Line] = set()
    for low in combinations(range(7), 2):
        high = [card for at, card in enumerate(cards) if at not in low]
        lines |= plus_pair_line(high, [cards[low[0]], cards[low[1]]])
    return frozenset(lines)


def plus_pair_line(high: Sequence[Card], low: Sequence[Card]) -> set[Line]:
    """The setting lines of one setting: with a pair in front, the five-card hand's line "plus
    pair" (straight or better; a royal flush its own, and a natural royal with a natural pair of
    aces the top one as well); none without a pair in front.

    >>> from paigow_cli.core.cards import parse_cards
    >>> sorted(line.slug for line in plus_pair_line(parse_cards("AS KS QS JS TS"), parse_cards("AH AD")))
    ['natural-royal-plus-aces', 'royal-flush-plus-pair']
    """
    front = two_card_key(int(low[0]), int(low[1]))
    if front >> 20 != ONE_PAIR:
        return set()
    back = five_card_key([int(card) for card in high])
    category = back >> 20
    if category == STRAIGHT_FLUSH and key_ranks(back)[0] == ROYAL_CODE:
        natural = key_ranks(front)[0] == ACE and not any(card.is_joker for card in (*high, *low))
        return {Line.ROYAL_FLUSH_PLUS_PAIR, Line.NATURAL_ROYAL_PLUS_ACES} if natural else {Line.ROYAL_FLUSH_PLUS_PAIR}
    return {PLUS_PAIR[category]} if category in PLUS_PAIR else set()


def _count_lines(counts: Counter[int]) -> set[Line]:
    """The lines rank counts hold (the joker counted in as one rank): five of a kind, four and
    three of a kind, full house."""
    lines: set[Line] = set()
    most = max(counts.values())
    if counts[ACE] == 5:
        lines.add(Line.FIVE_ACES)
    if most == 5:
        lines.add(Line.FIVE_OF_A_KIND)
    if most >= 4:
        lines.add(Line.FOUR_OF_A_KIND)
    if most >= 3:
        lines.add(Line.THREE_OF_A_KIND)
        if sum(count >= 2 for count in counts.values()) >= 2:
            lines.add(Line.FULL_HOUSE)
    return lines


def _royal_match(real: Sequence[Card], royal_suit: str) -> bool:
    """The two cards outside the royal are a real K and Q of one suit."""
    others = [card for card in real if not (card.suit == royal_suit and card.rank >= 10)]
    return len(others) == 2 and {card.rank for card in others} == {12, 13} and others[0].suit == others[1].suit


def pai_gow_top(cards: Sequence[Card]) -> int | None:
    """The top rank (2-14) of a pai gow hand, None when the cards make a pair, straight or flush.

    >>> from paigow_cli.core.cards import parse_cards
    >>> pai_gow_top(parse_cards("JK QS JH 9D 7C 5S 3H")), pai_gow_top(parse_cards("JK AS QS JH 9D 7C 5S"))
    (14, None)
    """
    joker = any(card.is_joker for card in cards)
    real = [card for card in cards if not card.is_joker]
    ranks = {card.rank for card in real}
    if len(ranks) < len(real) or (joker and ACE in ranks):
        return None
    mask = sum(1 << (rank - 2) for rank in ranks)
    if _holds_run(mask, joker, FIVE_WINDOWS, 5):
        return None
    if max(Counter(card.suit for card in real).values()) + joker >= 5:
        return None
    return ACE if joker else max(ranks)
