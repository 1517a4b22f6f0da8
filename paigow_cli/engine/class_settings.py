"""A class's settings as hand values: every one of its 21 settings' (high key, low key), and the
legal ones strongest first, from the ranks alone (three bits a rank, memoised), as the whole
game, the strategy table and ``advise`` list them.

>>> from paigow_cli.core.hands import HIGH_CARD, TWO_PAIR, pack
>>> legal_settings([0, 0, 12, 12, 11, 10, 9], 0, False, False)[0] == (pack(TWO_PAIR, 14, 2, 13), pack(HIGH_CARD, 12, 11))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from paigow_cli.core.cards import JOKER_CODE


def legal_settings(ranks: list[int], suited: int, joker: bool, wheel_low: bool) -> list[tuple[int, int]]:
    """The distinct (high key, low key) of a class's legal settings, strongest first (the best
    EV's ties go to the stronger setting, as ``splits.strength_order``). ``ranks`` are the real
    cards' ranks (0-12), the first ``suited`` of them in the class's flush suit.

    >>> from paigow_cli.core.hands import HIGH_CARD, TWO_PAIR, pack
    >>> legal_settings([0, 0, 12, 12, 11, 10, 9], 0, False, False)[0] == (pack(TWO_PAIR, 14, 2, 13), pack(HIGH_CARD, 12, 11))
    True
    """
    found = {(high, low) for high, low in every_setting(ranks, suited, joker, wheel_low) if low <= high}  # no foul
    return sorted(found, reverse=True)


def every_setting(ranks: list[int], suited: int, joker: bool, wheel_low: bool) -> list[tuple[int, int]]:
    """(high key, low key) of each of a class's 21 settings, fouls too, in the order of
    ``splits.LOW_POSITIONS`` (the joker, if any, the seventh card): see ``legal_settings``.

    Hand values are memoised by a code of the cards' ranks (three bits a rank, then the joker
    and whether the five are one suit), so a setting costs two lookups.
    """
    codes = [1 << 3 * rank for rank in ranks] + ([JOKER_BIT] if joker else [])
    everything = sum(codes)
    low_codes = [codes[i] + codes[j] for i, j in _low_positions()]
    high_codes = [everything - low + flush for low, flush in zip(low_codes, _flush_settings(suited, joker))]
    highs = _looked_up(_HIGH_KEYS[wheel_low], high_codes, lambda code: _five_key(code, wheel_low))
    return list(zip(highs, _looked_up(_LOW_KEYS, low_codes, _two_key)))


def _looked_up(known: dict[int, int], codes: list[int], make: Callable[[int], int]) -> list[int]:
    """``known[code]`` for each code, made (and kept) when missing: nearly always every code is
    known already, so the common case is one lookup a code."""
    try:
        return [known[code] for code in codes]
    except KeyError:
        return [known[code] if code in known else known.setdefault(code, make(code)) for code in codes]


JOKER_BIT = 1 << 39  # in a code of cards: three bits per rank's count, then the joker


FLUSH_BIT = 1 << 40  # the five high cards are one suit (with the joker)


_HIGH_KEYS: dict[bool, dict[int, int]] = {False: {}, True: {}}


_LOW_KEYS: dict[int, int] = {}


@cache
def _low_positions() -> tuple[tuple[int, int], ...]:
    """``splits.LOW_POSITIONS``, imported once."""
    from paigow_cli.core.splits import LOW_POSITIONS

    return tuple(LOW_POSITIONS)


@cache
def _flush_settings(suited: int, joker: bool) -> tuple[int, ...]:
    """Per setting (``splits.LOW_POSITIONS``, the joker last): FLUSH_BIT when its five high cards
    are the ``suited`` cards (listed first) and the joker, else 0."""
    from paigow_cli.core.splits import LOW_POSITIONS

    return tuple(
        FLUSH_BIT if suited - (i < suited) - (j < suited) + (joker and j != 6) >= 5 else 0 for i, j in LOW_POSITIONS
    )


def _code_cards(code: int, suited: bool) -> list[int]:
    """Real cards with the code's ranks and joker: all spades, or round the other suits."""
    ranks = [rank for rank in range(13) for _ in range(code >> 3 * rank & 7)]
    cards = [rank * 4 + (0 if suited else 1 + turn % 3) for turn, rank in enumerate(ranks)]
    return cards + [JOKER_CODE] * (code >> 39 & 1)


def _five_key(code: int, wheel_low: bool) -> int:
    from paigow_cli.core.hands import five_card_key

    return five_card_key(_code_cards(code, bool(code & FLUSH_BIT)), wheel_low)


def _two_key(code: int) -> int:
    from paigow_cli.core.hands import two_card_key

    first, second = _code_cards(code, False)
    return two_card_key(first, second)


def hand_settings(cards: Sequence[int], wheel_low: bool) -> list[tuple[int, int]]:
    """The legal settings of seven cards, strongest first, from their class: the ranks of the
    cards in a suit that holds five (with the joker), then the rest.

    >>> from paigow_cli.core.cards import parse_cards
    >>> len(hand_settings(parse_cards("AS KD JK 9H 9C 4D 2S"), False))  # 20 legal, 11 distinct values
    11
    """
    real = [int(card) for card in cards if card != JOKER_CODE]
    joker = len(real) < len(cards)
    suits = [sum(1 for card in real if card & 3 == suit) for suit in range(4)]
    flush_suit = max(range(4), key=suits.__getitem__)
    if suits[flush_suit] + joker < 5:
        return legal_settings([card >> 2 for card in real], 0, joker, wheel_low)
    suited = [card >> 2 for card in real if card & 3 == flush_suit]
    others = [card >> 2 for card in real if card & 3 != flush_suit]
    return legal_settings(suited + others, len(suited), joker, wheel_low)
