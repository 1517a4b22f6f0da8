"""Values of five-card (high) and two-card (low) hands, with the joker (rules.md §2-§4).

A value is an integer key: the category in bits 20-23, then up to five rank
nibbles that break ties, most significant first. Keys of five- and two-card
hands share one scale, so ``low_key > high_key`` is exactly a foul (§4).
``HandValue`` wraps a key with its human label, which takes no part in
comparison.

Straights store one code instead of ranks: the top rank for 6-high to K-high
(6..13), 15 for A-K-Q-J-T, and the wheel A-2-3-4-5 as 14 (rule ``second``) or
5 (rule ``low``).

>>> from paigow_cli.core.cards import parse_cards
>>> evaluate(parse_cards("KS KH JK 7D 3C")).label
'Pair of kings, A-7-3'
>>> evaluate(parse_cards("JK 2C 3D 4H 5S")) > evaluate(parse_cards("KS QH JD TC 9S"))
True
>>> evaluate(parse_cards("JK 2C 3D 4H 5S"), wheel_low=True).label
'Straight, six-high'

With a fully wild joker (``wild=True``, rules.md §11) the joker also pairs with any
rank: four of a kind and the joker are five of a kind (category ``FIVE_ACES``, its
rank the tie-break), and in a two-card hand it pairs the other card.

>>> evaluate(parse_cards("KS KH JK 7D 3C"), wild=True).label
'Three of a kind, kings, 7-3'
>>> evaluate(parse_cards("KS KH KD KC JK"), wild=True).label, evaluate(parse_cards("JK 4C"), wild=True).label
('Five kings', 'Pair of fours')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache
from itertools import combinations

from paigow_cli.core.cards import ACE, JOKER_CODE, RANK_CHARS, Card, sort_cards
from paigow_cli.core.errors import CardError


class Category(IntEnum):
    """Hand categories, weakest first; ``slug`` is the name used in JSON."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_ACES = 9

    @property
    def slug(self) -> str:
        return self.name.lower().replace("_", "-")


(
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    FIVE_ACES,
) = range(10)
CATEGORY_SHIFT = 20
ROYAL_CODE = 15  # straight code of A-K-Q-J-T
WHEEL_CODE = {False: 14, True: 5}  # straight code of A-2-3-4-5, by "wheel is low"


def pack(category: int, r1: int = 0, r2: int = 0, r3: int = 0, r4: int = 0, r5: int = 0) -> int:
    """The key of a category and its tie-breaking ranks.

    >>> pack(ONE_PAIR, 13) < pack(ONE_PAIR, 13, 14, 7, 3) < pack(ONE_PAIR, 14)
    True
    """
    return category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5


def category_of(key: int) -> Category:
    return Category(key >> CATEGORY_SHIFT)


def category_slug(key: int) -> str:
    """The category's name in JSON; five of a kind other than aces (a wild joker's) is its own.

    >>> category_slug(pack(FIVE_ACES, ACE)), category_slug(pack(FIVE_ACES, 13))
    ('five-aces', 'five-of-a-kind')
    """
    if key >> CATEGORY_SHIFT == FIVE_ACES and key_ranks(key)[0] != ACE:
        return FIVE_OF_A_KIND_SLUG
    return category_of(key).slug


FIVE_OF_A_KIND_SLUG = "five-of-a-kind"  # a wild joker's five of a rank other than aces (category FIVE_ACES)


def key_ranks(key: int) -> tuple[int, ...]:
    """The five rank nibbles of a key, most significant first (zeros included)."""
    return tuple((key >> shift) & 15 for shift in (16, 12, 8, 4, 0))


# --- straights -------------------------------------------------------------------------------


def _straight_tables(wheel_low: bool) -> tuple[dict[int, int], dict[int, int]]:
    """Rank masks of five-card straights -> code; four-rank masks the joker completes -> best code."""
    five: dict[int, int] = {}
    for top in range(6, 15):
        mask = sum(1 << r for r in range(top - 4, top + 1))
        five[mask] = ROYAL_CODE if top == ACE else top
    five[(1 << ACE) | 0b111100] = WHEEL_CODE[wheel_low]
    four: dict[int, int] = {}
    for mask, code in five.items():
        for r in range(2, 15):
            if mask >> r & 1:
                sub = mask & ~(1 << r)
                four[sub] = max(four.get(sub, 0), code)
    return five, four


STRAIGHTS = {wheel_low: _straight_tables(wheel_low) for wheel_low in (False, True)}


def straight_code(rank_mask: int, wheel_low: bool, joker: bool = False) -> int:
    """The best straight code made by these ranks (a mask of 1 << rank), 0 if none.

    With ``joker`` the mask holds four ranks and the joker fills the gap.

    >>> straight_code(0b111100 | 1 << 14, wheel_low=False), straight_code(0b111100 | 1 << 14, wheel_low=True)
    (14, 5)
    """
    five, four = STRAIGHTS[wheel_low]
    return (four if joker else five).get(rank_mask, 0)


# --- five-card hands -------------------------------------------------------------------------


def _grouped_key(ranks: list[int]) -> int:
    """Key of five ranks by their pairing alone (no straight or flush), ranks sorted high first."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    if len(counts) == 5:
        return pack(HIGH_CARD, *ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    order = [r for r, _ in groups]
    top = groups[0][1]
    if top == 5:
        return pack(FIVE_ACES, order[0])  # five aces, or (a wild joker) five of another rank
    if top == 4:
        return pack(FOUR_OF_A_KIND, *order)
    if top == 3:
        return pack(FULL_HOUSE if groups[1][1] == 2 else THREE_OF_A_KIND, *order)
    if groups[1][1] == 2:
        return pack(TWO_PAIR, *order)
    return pack(ONE_PAIR, *order)


def five_card_key(cards: Sequence[int], wheel_low: bool = False, *, wild: bool = False) -> int:
    """Key of a five-card hand; the joker takes its strongest reading (rules.md §2; ``wild``: §11).

    >>> from paigow_cli.core.cards import parse_cards
    >>> five_card_key(parse_cards("AS AH AD AC JK")) == pack(FIVE_ACES, 14)
    True
    """
    ranks: list[int] = []
    suits = 0
    joker = False
    mask = 0
    for card in cards:
        if card == JOKER_CODE:
            joker = True
        else:
            rank = (card >> 2) + 2
            ranks.append(rank)
            mask |= 1 << rank
            suits |= 1 << (card & 3)
    ranks.sort(reverse=True)
    flush = suits in (1, 2, 4, 8)
    five, four = STRAIGHTS[wheel_low]
    if not joker:
        if len(ranks) == 5 and mask.bit_count() == 5:
            code = five.get(mask, 0)
            if code:
                return pack(STRAIGHT_FLUSH if flush else STRAIGHT, code)
            return pack(FLUSH if flush else HIGH_CARD, *ranks)
        return _grouped_key(ranks)
    # The joker is an ace for pairing (wild: it joins the rank that makes the most of it), or
    # completes a straight or a flush.
    if wild:
        best = max(_grouped_key(sorted(ranks + [rank], reverse=True)) for rank in {ACE, *ranks})
    else:
        best = _grouped_key(sorted(ranks + [ACE], reverse=True))
    distinct = mask.bit_count() == 4
    if distinct:
        code = four.get(mask, 0)
        if code:
            best = max(best, pack(STRAIGHT_FLUSH if flush else STRAIGHT, code))
    if flush and distinct:
        missing = next(r for r in range(ACE, 1, -1) if not mask >> r & 1)
        best = max(best, pack(FLUSH, *sorted(ranks + [missing], reverse=True)))
    return best


def two_card_key(first: int, second: int, *, wild: bool = False) -> int:
    """Key of a two-card hand: a pair, or the higher card then the lower; the joker is an ace
    (``wild``: it pairs the other card).

    >>> from paigow_cli.core.cards import parse_cards
    >>> two_card_key(*parse_cards("JK AS")) == pack(ONE_PAIR, 14)
    True
    """
    a = ACE if first == JOKER_CODE else (first >> 2) + 2
    b = ACE if second == JOKER_CODE else (second >> 2) + 2
    if wild and JOKER_CODE in (first, second):
        return pack(ONE_PAIR, b if first == JOKER_CODE else a)
    if a == b:
        return pack(ONE_PAIR, a)
    return pack(HIGH_CARD, a, b) if a > b else pack(HIGH_CARD, b, a)


def best_five_key(cards: Sequence[int], wheel_low: bool = False, *, wild: bool = False) -> tuple[int, tuple[int, ...]]:
    """The best five-card key among the cards, and the five cards that make it."""
    return max(
        ((five_card_key(five, wheel_low, wild=wild), five) for five in combinations(cards, 5)), key=lambda kv: kv[0]
    )


# --- values with labels ----------------------------------------------------------------------

KINDS = (
    "five-aces",
    "four-of-a-kind",
    "full-house",
    "three-pair",
    "two-pair",
    "straight-or-flush-with-trips",
    "straight-or-flush-with-a-pair",
    "straight-or-flush",
    "three-of-a-kind",
    "one-pair",
    "no-pair",
)  # the kinds of seven cards a player learns to set (``house_ways.strategy_rules.hand_kind``)

RANK_NAMES = dict(
    zip(
        range(2, 15),
        ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"],
    )
)
RANK_PLURALS = {r: name + ("es" if name == "six" else "s") for r, name in RANK_NAMES.items()}


def straight_label(code: int) -> str:
    if code == ROYAL_CODE:
        return "ace-high"
    if code in (WHEEL_CODE[False], WHEEL_CODE[True]):
        return "wheel (A-2-3-4-5)"
    return f"{RANK_NAMES[code]}-high"


def _kickers(ranks: Sequence[int]) -> str:
    return "-".join(RANK_CHARS[r - 2] for r in ranks)


@lru_cache(maxsize=4096)
def label_of(key: int, size: int = 5) -> str:
    """What a player would call the hand (memoised: a batch names the same hands again and again).

    >>> label_of(pack(TWO_PAIR, 13, 9, 14))
    'Two pair, kings and nines, ace kicker'
    >>> label_of(pack(STRAIGHT_FLUSH, ROYAL_CODE)), label_of(pack(HIGH_CARD, 14, 13), size=2)
    ('Straight flush, royal', 'High card, A-K')
    """
    category = key >> CATEGORY_SHIFT
    r = key_ranks(key)
    if category == FIVE_ACES:
        return f"Five {RANK_PLURALS[r[0]]}"
    if category == STRAIGHT_FLUSH:
        return "Straight flush, royal" if r[0] == ROYAL_CODE else f"Straight flush, {straight_label(r[0])}"
    if category == FOUR_OF_A_KIND:
        return f"Four of a kind, {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[1]]} kicker"
    if category == FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[r[0]]} over {RANK_PLURALS[r[1]]}"
    if category == FLUSH:
        return f"Flush, {RANK_NAMES[r[0]]}-high"
    if category == STRAIGHT:
        return f"Straight, {straight_label(r[0])}"
    if category == THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[r[0]]}, {_kickers(r[1:3])}"
    if category == TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}, {RANK_NAMES[r[2]]} kicker"
    if category == ONE_PAIR:
        return f"Pair of {RANK_PLURALS[r[0]]}" + (f", {_kickers(r[1:4])}" if size == 5 else "")
    return f"High card, {_kickers(r[:size])}"


def brief_label(key: int, size: int = 5) -> str:
    """A short name for tables: no kickers.

    >>> brief_label(pack(TWO_PAIR, 13, 9, 14)), brief_label(pack(FULL_HOUSE, 13, 9))
    ('Kings and nines', 'Kings full of nines')
    >>> brief_label(pack(HIGH_CARD, 14, 13, 9, 6, 3)), brief_label(pack(HIGH_CARD, 14, 13), size=2)
    ('Ace-king high', 'Ace-king')
    """
    category = key >> CATEGORY_SHIFT
    r = key_ranks(key)
    if category == FIVE_ACES:
        return f"Five {RANK_PLURALS[r[0]]}"
    if category == STRAIGHT_FLUSH:
        return "Royal flush" if r[0] == ROYAL_CODE else f"Straight flush, {straight_label(r[0])}"
    if category == FOUR_OF_A_KIND:
        return f"Four {RANK_PLURALS[r[0]]}"
    if category == FULL_HOUSE:
        return f"{RANK_PLURALS[r[0]].capitalize()} full of {RANK_PLURALS[r[1]]}"
    if category == FLUSH:
        return f"Flush, {RANK_NAMES[r[0]]}-high"
    if category == STRAIGHT:
        return f"Straight, {straight_label(r[0])}"
    if category == THREE_OF_A_KIND:
        return f"Three {RANK_PLURALS[r[0]]}"
    if category == TWO_PAIR:
        return f"{RANK_PLURALS[r[0]].capitalize()} and {RANK_PLURALS[r[1]]}"
    if category == ONE_PAIR:
        return f"Pair of {RANK_PLURALS[r[0]]}"
    top_two = f"{RANK_NAMES[r[0]].capitalize()}-{RANK_NAMES[r[1]]}"
    return top_two if size == 2 else f"{top_two} high"


def table_label(key: int) -> str:
    """A five-card hand's name for a table cell, at most 16 characters (ranks as card letters
    where words would not fit).

    >>> table_label(pack(STRAIGHT_FLUSH, 8)), table_label(pack(STRAIGHT, 6)), table_label(pack(FULL_HOUSE, 7, 8))
    ('8-high str flush', '6-high straight', '7s full of 8s')
    >>> table_label(pack(TWO_PAIR, 12, 7, 14)), table_label(pack(FLUSH, 12, 9, 7, 5, 3))
    ('Queens & sevens', 'Queen-high flush')
    """
    category = key >> CATEGORY_SHIFT
    r = key_ranks(key)
    if category in (STRAIGHT, STRAIGHT_FLUSH) and not (category == STRAIGHT_FLUSH and r[0] == ROYAL_CODE):
        # straight codes: the wheel is 14 (second-highest) or 5 (lowest); A-K-Q-J-T is ROYAL_CODE
        top = (
            "A-5"
            if r[0] in WHEEL_CODE.values()
            else ("A-high" if r[0] == ROYAL_CODE else f"{RANK_CHARS[r[0] - 2]}-high")
        )
        return f"{top} {'straight' if category == STRAIGHT else 'str flush'}"
    if category == FULL_HOUSE:
        return f"{RANK_CHARS[r[0] - 2]}s full of {RANK_CHARS[r[1] - 2]}s"
    if category == TWO_PAIR:
        return f"{RANK_PLURALS[r[0]].capitalize()} & {RANK_PLURALS[r[1]]}"
    if category == FLUSH:
        return f"{RANK_NAMES[r[0]].capitalize()}-high flush"
    return brief_label(key)


@dataclass(frozen=True, order=True)
class HandValue:
    """The value of a two- or five-card hand. Compares by ``key`` only.

    A two-card value above a five-card value means the setting is a foul.

    >>> from paigow_cli.core.cards import parse_cards
    >>> evaluate(parse_cards("KS KH")) <= evaluate(parse_cards("KD KC 9S 5H 2D"))
    True
    """

    key: int
    size: int = field(compare=False)

    @property
    def category(self) -> Category:
        return category_of(self.key)

    @property
    def label(self) -> str:
        return label_of(self.key, self.size)

    @property
    def brief(self) -> str:
        """A short name without kickers, for tables."""
        return brief_label(self.key, self.size)

    @property
    def rank_text(self) -> str:
        """The ranks that decide a two-card hand, higher first, ``T`` for ten: ``"AK"``, ``"55"``."""
        r = key_ranks(self.key)
        if self.category == ONE_PAIR:
            return RANK_CHARS[r[0] - 2] * 2
        return RANK_CHARS[r[0] - 2] + RANK_CHARS[r[1] - 2]


def evaluate(cards: Sequence[Card], wheel_low: bool = False, *, wild: bool = False) -> HandValue:
    """The value of a two- or five-card hand, or of the best five of seven cards."""
    if len(cards) == 2:
        return HandValue(two_card_key(*cards, wild=wild), 2)
    if len(cards) == 5:
        return HandValue(five_card_key(cards, wheel_low, wild=wild), 5)
    if len(cards) == 7:
        return HandValue(best_five_key(cards, wheel_low, wild=wild)[0], 5)
    raise CardError(f"a hand to evaluate has 2, 5 or 7 cards, got {len(cards)}")


def best_five(cards: Sequence[Card], wheel_low: bool = False, wild: bool = False) -> tuple[HandValue, tuple[Card, ...]]:
    """The best five-card hand of seven cards, and its cards in display order.

    >>> from paigow_cli.core.cards import parse_cards
    >>> value, five = best_five(parse_cards("AS KD JK 9H 9C 4D 2S"))
    >>> value.label, five
    ('Two pair, aces and nines, king kicker', (JK, AS, KD, 9H, 9C))
    """
    key, five = best_five_key(cards, wheel_low, wild=wild)
    return HandValue(key, 5), sort_cards(card for card in cards if card in five)
