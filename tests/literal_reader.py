"""A strategy card's words read literally, as a person with the card's glossary would read them.

Written from the glossary (``analysis.strategy.card.GLOSSARY`` and the kinds' meanings), not from
the code that decides a rule: it counts the seven cards itself (ranks, suits, the joker as an ace
that also fills a straight or a flush), splits a rule's words at their commas, and tests each
phrase. Only the poker ranking of a back against a front (for "beat") comes from the engine,
which its own tests check against brute force.

>>> from paigow_cli.core.cards import parse_cards
>>> reads("No pair, no straight or flush possible, highest card an ace (the joker counts as an ace): "
...       "highest card in back, the 2nd and 5th highest in front", parse_cards("AS JD 8C 7H 6S 5D 2C"))
True
>>> reads("No pair, no straight or flush possible, highest card an ace (the joker counts as an ace): "
...       "highest card in back, the 2nd and 5th highest in front", parse_cards("AS JD 8C 7H 6S 5D 4C"))
False
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

from paigow_cli.core.cards import JOKER_CODE
from paigow_cli.core.splits import setting_keys

RANK_WORDS = {"J": 11, "Q": 12, "K": 13, "A": 14, **{str(rank): rank for rank in range(2, 11)}}
SINGLE_WORDS = {"an ace": 14, "a king": 13, "a queen": 12, "a jack": 11, "an 8": 8}
SINGLE_WORDS.update({f"a {rank}": rank for rank in (2, 3, 4, 5, 6, 7, 9, 10)})
PLURAL_WORDS = {
    "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "sevens": 7, "eights": 8, "nines": 9,
    "tens": 10, "jacks": 11, "queens": 12, "kings": 13, "aces": 14,
}  # fmt: skip
PLACES = {"highest": 1, "2nd highest": 2, "3rd highest": 3, "4th highest": 4}
JOKER_NOTE = " (the joker counts as an ace)"


class Hand:
    """Seven cards counted as the glossary says."""

    def __init__(self, cards) -> None:
        self.cards = tuple(cards)
        self.joker = JOKER_CODE in self.cards
        real = [card for card in self.cards if card != JOKER_CODE]
        self.counts = Counter((card >> 2) + 2 for card in real)
        if self.joker:
            self.counts[14] += 1  # the joker counts as an ace wherever a rank is compared
        self.pairs = sorted((rank for rank, n in self.counts.items() if n == 2), reverse=True)
        self.trips = sorted((rank for rank, n in self.counts.items() if n == 3), reverse=True)
        self.quads = [rank for rank, n in self.counts.items() if n == 4]
        self.five = [rank for rank, n in self.counts.items() if n == 5]
        self.singles = sorted((rank for rank, n in self.counts.items() if n == 1), reverse=True)
        self.front_beside: tuple[int, int] | None = None

    def rank_at(self, place: int) -> int:
        return self.singles[place - 1] if len(self.singles) >= place else 0


def makes_straight_or_flush(cards) -> bool:
    """Five of ``cards`` make a straight (A-2-3-4-5 included) or a flush, the joker filling one card."""
    joker = JOKER_CODE in cards
    real = [card for card in cards if card != JOKER_CODE]
    suits = Counter(card & 3 for card in real)
    if max(suits.values(), default=0) + joker >= 5:
        return True
    ranks = {(card >> 2) + 2 for card in real}
    if 14 in ranks:
        ranks.add(1)
    return any(len(ranks & set(range(low, low + 5))) + joker >= 5 for low in range(1, 11))


def flush_possible(cards) -> bool:
    joker = JOKER_CODE in cards
    suits = Counter(card & 3 for card in cards if card != JOKER_CODE)
    return max(suits.values(), default=0) + joker >= 5


def cards_of_rank(hand: Hand, rank: int) -> list[int]:
    return [card for card in hand.cards if (14 if card == JOKER_CODE else (card >> 2) + 2) == rank]


def kept_with_pair_in_front(hand: Hand, ranks) -> bool:
    """A straight or flush in the five cards left when two cards of one of ``ranks`` go in front."""
    for rank in ranks:
        for front in combinations(cards_of_rank(hand, rank), 2):
            if makes_straight_or_flush([card for card in hand.cards if card not in front]):
                return True
    return False


def value_range(text: str, words: dict[str, int]) -> tuple[int, int]:
    """A value as the card words it: one value, 'X or lower[, or none]', 'X or higher', 'X-Y'."""
    text = text.strip()
    if text == "none":
        return 0, 0
    if text in words:
        return words[text], words[text]
    if text.isdigit():
        return int(text), int(text)
    if text.endswith(" or lower, or none"):
        return 0, parse_rank(text.removesuffix(" or lower, or none"))
    if text.endswith(" or lower"):
        return 1, parse_rank(text.removesuffix(" or lower"))
    if text.endswith(" or higher"):
        return parse_rank(text.removesuffix(" or higher")), 99
    low, high = text.split("-")
    return parse_rank(low), parse_rank(high)


def parse_rank(text: str) -> int:
    return RANK_WORDS.get(text) or int(text)


def kind_fits(phrase: str, hand: Hand) -> bool | None:
    """The glossary's kinds of hand (None: the phrase is not a kind)."""
    pairs, trips, quads, five = len(hand.pairs), len(hand.trips), len(hand.quads), len(hand.five)
    return {
        "No pair": pairs + trips + quads + five == 0,
        "One pair": pairs == 1 and trips + quads + five == 0,
        "Two pair": pairs == 2 and trips + quads + five == 0,
        "Three pair": pairs == 3,
        "Three of a kind": trips == 1 and pairs + quads + five == 0,
        "Full house": quads + five == 0 and ((trips and pairs) or trips == 2),
        "Four of a kind": quads == 1 and five == 0,
        "Five aces": hand.five == [14],
    }.get(phrase)


def condition_fits(phrase: str, hand: Hand) -> bool:
    """One condition, as the glossary says."""
    flags = {
        "a straight or flush possible": lambda: makes_straight_or_flush(hand.cards),
        "no straight or flush possible": lambda: not makes_straight_or_flush(hand.cards),
        "a flush possible": lambda: flush_possible(hand.cards),
        "no flush possible": lambda: not flush_possible(hand.cards),
        "with the joker": lambda: hand.joker,
        "without the joker": lambda: not hand.joker,
        "where a straight or flush can be made": lambda: makes_straight_or_flush(hand.cards),
        "where a straight or flush can be kept in back with a pair in front": lambda: kept_with_pair_in_front(
            hand, hand.pairs + hand.trips
        ),
        "where a straight or flush can be kept in back with the pair in front": lambda: kept_with_pair_in_front(
            hand, hand.pairs
        ),
        "where there is a pair besides the trips": lambda: bool(hand.pairs),
        "where there is another pair or three of a kind": lambda: bool(hand.pairs or hand.trips),
        "where the five cards left by a pair of the trips beat that pair": lambda: trips_pair_beaten(hand),
    }
    if phrase in flags:
        return flags[phrase]()
    found = re.fullmatch(r"pair ranks adding up to (.+)", phrase)
    if found:
        low, high = value_range(found[1], {})
        return low <= sum(hand.pairs[:2]) <= high
    found = re.fullmatch(r"(highest|2nd highest|3rd highest|4th highest) (card|single) (.+)", phrase)
    if found:
        low, high = value_range(found[3], SINGLE_WORDS)
        return low <= hand.rank_at(PLACES[found[1]]) <= high
    found = re.fullmatch(r"straight-or-flush (front led by|front's 2nd card) (.+)", phrase)
    if found:
        low, high = value_range(found[2], SINGLE_WORDS)
        return low <= front_beside_straight_or_flush(hand)[found[1] != "front led by"] <= high
    found = re.fullmatch(r"(pair|high pair|low pair|lowest pair|trips|four of a kind|other pair) (.+)", phrase)
    if found:
        low, high = value_range(found[2], PLURAL_WORDS)
        value = {
            "pair": (hand.pairs + [0])[0],
            "high pair": (hand.pairs + [0])[0],
            "low pair": (hand.pairs + [0, 0])[1],
            "lowest pair": (hand.pairs + [0, 0, 0])[2],
            "trips": (hand.trips + [0])[0],
            "four of a kind": (hand.quads + [0])[0],
            "other pair": max([*hand.pairs, *hand.trips, 0]),
        }[found[1]]
        return low <= value <= high
    raise ValueError(f"a phrase the glossary does not define: {phrase!r}")


def front_beside_straight_or_flush(hand: Hand) -> tuple[int, int]:
    """The best two cards for the front with a straight or flush in the five left (a pair first,
    then the higher card, then the lower; the joker an ace): their ranks, or (0, 0). Counted once
    per hand."""
    if hand.front_beside is None:
        hand.front_beside = _front_beside(hand)
    return hand.front_beside


def _front_beside(hand: Hand) -> tuple[int, int]:

    def rank(card: int) -> int:
        return 14 if card == JOKER_CODE else (card >> 2) + 2

    fronts = [
        front
        for front in combinations(hand.cards, 2)
        if makes_straight_or_flush([card for card in hand.cards if card not in front])
    ]
    if not fronts:
        return (0, 0)
    ranked = [tuple(sorted((rank(card) for card in front), reverse=True)) for front in fronts]
    high, low = max(ranked, key=lambda ranks: (ranks[0] == ranks[1], ranks))
    return high, low


def trips_pair_beaten(hand: Hand) -> bool:
    """Two cards of the three of a kind in front: the five cards left beat them."""
    front = tuple(cards_of_rank(hand, hand.trips[0])[:2])
    high, low = setting_keys(hand.cards, front)
    return low <= high


def phrases(words: str) -> list[str]:
    """A rule's words before the colon, split at its commas (', or none' belongs to its value)."""
    named = words.split(". Unless ", 1)[0].split(": ", 1)[0].replace(JOKER_NOTE, "")
    parts: list[str] = []
    for part in named.split(", "):
        if part == "or none":
            parts[-1] += ", or none"
        else:
            parts.append(part)
    return parts


def exception_phrases(words: str) -> list[list[str]]:
    """A rule's exceptions: after '. Unless ', up to the colon after them, split at ', or ' (not ', or none'),
    each exception's conditions split at ' and '."""
    if ". Unless " not in words:
        return []
    unless = words.split(". Unless ", 1)[1].split(": ", 1)[0].replace(JOKER_NOTE, "")
    return [box.split(" and ") for box in re.split(r", or (?!none)", unless)]


def excepts(words: str, cards) -> bool:
    """Does one of the rule's exceptions, read literally, name these cards?"""
    hand = Hand(cards)
    return any(all(condition_fits(phrase, hand) for phrase in box) for box in exception_phrases(words))


def reads(words: str, cards) -> bool:
    """Do a rule's words, read literally, name these seven cards?"""
    hand = Hand(cards)
    first, *rest = phrases(words)
    kind = kind_fits(first, hand)
    if kind is None:
        raise ValueError(f"a rule must start with a kind of hand: {first!r}")
    return kind and all(condition_fits(phrase, hand) for phrase in rest)
