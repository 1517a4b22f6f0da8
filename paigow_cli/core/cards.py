"""Cards, the 53-card deck, and parsing card strings (rules.md §1).

A card is an ``int`` from 0 to 52 so that hot loops stay cheap: ``rank_index * 4
+ suit_index`` with ranks 2..A as 0..12 and suits S H D C as 0..3; 52 is the
joker. ``Card`` subclasses ``int`` only to print as poker notation.

>>> parse_cards("as kd JK 10h")
(AS, KD, JK, TH)
>>> Card.from_text("9c").rank
9
>>> parse_cards("AS AX")
Traceback (most recent call last):
...
paigow_cli.core.errors.CardError: 'AX' is not a card: unknown suit 'X' (suits are S H D C or ♠ ♥ ♦ ♣)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from paigow_cli.core.errors import CardError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
JOKER_CODE = 52
DECK_SIZE = 53
ACE = 14

_SYMBOL_TO_SUIT = dict(zip(SUIT_SYMBOLS, SUIT_CHARS))


class Card(int):
    """One card. ``rank`` is 2..14 (the joker reports 14: it pairs only with aces).

    >>> Card.from_text("Th"), Card.from_text("joker")
    (TH, JK)
    >>> Card.from_text("JK").is_joker, Card.from_text("AS").suit
    (True, 'S')
    """

    __slots__ = ()

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Read one card such as ``AS``, ``10h``, ``K♦`` or ``JK``."""
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardError(f"{text!r} is not one card")
        return cards[0]

    @property
    def is_joker(self) -> bool:
        return self == JOKER_CODE

    @property
    def rank(self) -> int:
        """2..14; the joker counts as an ace (14)."""
        return ACE if self == JOKER_CODE else (self >> 2) + 2

    @property
    def suit(self) -> str | None:
        """``'S' 'H' 'D' 'C'``, or ``None`` for the joker."""
        return None if self == JOKER_CODE else SUIT_CHARS[self & 3]

    def __str__(self) -> str:
        return CARD_TEXT[self]

    __repr__ = __str__

    def symbol_text(self) -> str:
        """The card with a suit symbol, for people: ``A♠``, ``T♥``, ``JK``."""
        if self == JOKER_CODE:
            return "JK"
        return RANK_CHARS[self >> 2] + SUIT_SYMBOLS[self & 3]


CARD_TEXT = tuple([r + s for r in RANK_CHARS for s in SUIT_CHARS] + ["JK"])
DECK = tuple(Card(code) for code in range(DECK_SIZE))
JOKER = DECK[JOKER_CODE]

# One card token: the joker, or a rank (10 or one character) then a suit.
_TOKEN = re.compile(r"JOKER|JK|(10|.)(.)", re.DOTALL)
_SEPARATORS = re.compile(r"[\s,]+")
# Pasted text carries invisible marks: the emoji variation selector after a suit symbol (A♠️) and
# a byte-order mark at the start of a file. They mean nothing for a card, so they are dropped.
_INVISIBLE = str.maketrans("", "", "\ufe0f\ufeff")


def _read_token(chunk: str, position: int) -> tuple[Card, int]:
    """Read the card at ``position`` of an upper-cased chunk; return it and the next position."""
    rest = chunk[position:]
    if rest in ("10", *RANK_CHARS):
        raise CardError(f"{rest!r} is not a card: it has no suit (a card is a rank and a suit, like AS or 10H)")
    match = _TOKEN.match(chunk, position)
    if match is None:  # one character left over
        raise CardError(f"{rest!r} is not a card: a card is a rank and a suit, like AS or 10H")
    text = match.group(0)
    if text in ("JK", "JOKER"):
        return JOKER, match.end()
    rank, suit = match.group(1), match.group(2)
    rank = "T" if rank == "10" else rank
    suit = _SYMBOL_TO_SUIT.get(suit, suit)
    if rank not in RANK_CHARS:
        raise CardError(f"{text!r} is not a card: unknown rank {rank!r} (ranks are 2-9, T or 10, J, Q, K, A)")
    if suit not in SUIT_CHARS:
        raise CardError(f"{text!r} is not a card: unknown suit {suit!r} (suits are S H D C or ♠ ♥ ♦ ♣)")
    return DECK[RANK_CHARS.index(rank) * 4 + SUIT_CHARS.index(suit)], match.end()


def _as_typed(typed: str, chunk: str, position: int, error: CardError) -> str:
    """A card error that quotes what the user typed: the word as a whole, not a piece of it.

    >>> _as_typed("11s", "11S", 0, CardError("'11' is not a card: unknown rank '1' (ranks are 2-9)"))
    "'11s' is not a card: unknown rank '11' (ranks are 2-9, T or 10, J, Q, K, A)"
    >>> _as_typed("bad", "BAD", 0, CardError("'BA' is not a card: unknown rank 'B' (ranks are 2-9)"))
    "'bad' is not a card: a card is a rank and a suit, like AS or 10H"
    >>> _as_typed("askdqx", "ASKDQX", 4, CardError("'QX' is not a card: unknown suit 'X' (suits are S H D C)"))
    "'askdqx' is not a card: a card is a rank and a suit, like AS or 10H (read as cards written together, 'qx' is not one: unknown suit 'X' (suits are S H D C))"
    """
    message = str(error)
    typed = printable(typed)
    basic = f"{typed!r} is not a card: a card is a rank and a suit, like AS or 10H"
    if position == 0 and len(chunk) <= 3:  # one card, mistyped
        rank, suit = chunk[:-1], chunk[-1]
        if len(chunk) == 3 and (suit in SUIT_CHARS or suit in _SYMBOL_TO_SUIT) and rank.isdigit() and rank != "10":
            return f"{typed!r} is not a card: unknown rank {rank!r} (ranks are 2-9, T or 10, J, Q, K, A)"
        if len(chunk) == 3 and not chunk.startswith("10"):
            return basic
        detail = message.split(" is not a card", 1)[1] if " is not a card" in message else f": {message}"
        return f"{typed!r} is not a card{detail}"
    if position == 0 or " is not a card" not in message:
        return basic
    piece, detail = message.split(" is not a card", 1)
    detail = detail.replace(" (a card is a rank and a suit, like AS or 10H)", "")
    return f"{basic} (read as cards written together, {piece.lower()} is not one{detail})"


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, or written together; any case.

    Accepts one string or several (command-line arguments). Rejects unknown
    ranks or suits and any card given twice, naming the offending card.

    >>> parse_cards(["ASKDJK9H", "9c,4d 2s"])
    (AS, KD, JK, 9H, 9C, 4D, 2S)
    >>> parse_cards("\ufeffA\u2660\ufe0f K\u2665\ufe0f")  # a byte-order mark, emoji variation selectors
    (AS, KH)
    >>> parse_cards("JK joker")
    Traceback (most recent call last):
    ...
    paigow_cli.core.errors.CardError: the joker is given twice (the deck has one joker)
    """
    joined = (text if isinstance(text, str) else " ".join(text)).translate(_INVISIBLE)
    cards: list[Card] = []
    seen: set[int] = set()
    for typed in _SEPARATORS.split(joined.strip()):
        chunk = typed.upper()
        position = 0
        while position < len(chunk):
            try:
                card, position = _read_token(chunk, position)
            except CardError as error:
                raise CardError(_as_typed(typed, chunk, position, error)) from None
            if card in seen:
                if card == JOKER_CODE:
                    raise CardError("the joker is given twice (the deck has one joker)")
                raise CardError(f"card {card} is given twice")
            seen.add(card)
            cards.append(card)
    return tuple(cards)


def parse_hand(text: str | Iterable[str], counts: tuple[int, ...] = (7,), what: str = "a hand") -> tuple[Card, ...]:
    """Parse cards and check how many there are.

    >>> parse_hand("AS KD", counts=(2, 5, 7), what="a hand to evaluate")
    (AS, KD)
    >>> parse_hand("AS KD")
    Traceback (most recent call last):
    ...
    paigow_cli.core.errors.CardError: a hand needs 7 cards, got 2: AS KD
    """
    cards = parse_cards(text)
    if not cards:
        raise CardError(f"no cards given: {what} needs {_count_words(counts)} cards, e.g. {example_cards(counts)}")
    if len(cards) not in counts:
        shown = f": {cards_text(cards)}" if len(cards) <= 10 else ""
        raise CardError(f"{what} needs {_count_words(counts)} cards, got {len(cards)}{shown}")
    return cards


def _count_words(counts: tuple[int, ...]) -> str:
    """``7``, ``2, 5 or 7``, ``1 to 46``.

    >>> _count_words((2, 5, 7)), _count_words(tuple(range(1, 47)))
    ('2, 5 or 7', '1 to 46')
    """
    if len(counts) == 1:
        return str(counts[0])
    if len(counts) > 3 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(str(c) for c in counts[:-1]) + f" or {counts[-1]}"


EXAMPLE_HAND = "AS KD JK 9H 9C 4D 2S"


def example_cards(counts: tuple[int, ...]) -> str:
    """An example of as many cards as ``counts`` wants: the hand, five of it, or two.

    >>> example_cards((2,)), example_cards(tuple(range(1, 47)))
    ('KD 4D', 'AH 7C')
    """
    if len(counts) > 3:  # a range, such as dead cards
        return "AH 7C"
    if 7 in counts:
        return EXAMPLE_HAND
    if 5 in counts:
        return "AS KD JK 9H 9C"
    return "KD 4D"


def check_disjoint(
    first: Iterable[Card], second: Iterable[Card], first_name: str, second_name: str, about: str | None = None
) -> None:
    """Raise a CardError naming every card that appears in both groups.

    >>> check_disjoint(parse_cards("AS KD"), parse_cards("KD 2C"), "the player", "the dealer")
    Traceback (most recent call last):
    ...
    paigow_cli.core.errors.CardError: the player and the dealer share KD: a card is dealt only once
    """
    shared = sorted(set(first) & set(second), key=sort_key)
    if shared:
        names = " ".join(str(card) for card in shared)
        raise CardError(f"{first_name} and {second_name} share {names}: a card is dealt only once", about=about)


def sort_key(card: int) -> tuple[int, int]:
    """Order for display: joker first, then by rank high to low, then suit S H D C."""
    if card == JOKER_CODE:
        return (-1, 0)
    return (12 - (card >> 2), card & 3)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in display order.

    >>> sort_cards(parse_cards("2S JK 9H AS 9C"))
    (JK, AS, 9H, 9C, 2S)
    """
    return tuple(sorted(cards, key=sort_key))


def cards_text(cards: Iterable[Card]) -> str:
    """Canonical text: ``AS KD JK``."""
    return " ".join(CARD_TEXT[card] for card in cards)


ECHO_LIMIT = 60  # characters of typed text an error repeats; a longer text is cut


def printable(text: str, limit: int = ECHO_LIMIT) -> str:
    r"""Text as typed, to repeat in a message: control and escape characters shown as escapes, never
    sent to the terminal, and a long text cut (a megabyte pasted at a prompt is not echoed whole).

    >>> print(printable("ab\x1b[2Jc"))
    ab\x1b[2Jc
    >>> len(printable("x" * 10_000))
    60
    """
    text = cut(text, limit)
    return "".join(character if character.isprintable() else repr(character)[1:-1] for character in text)


def cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """Text no longer than ``limit``: a longer one ends in ``...``.

    >>> cut("abcdef", 5)
    'ab...'
    """
    return text if len(text) <= limit else text[: limit - 3] + "..."


def typing_example(hand: Iterable[Card]) -> str:
    """Two cards to show how cards are typed when a player mistypes his setting: never two of his
    own, so the example is no setting of the hand (least of all the one to make).

    >>> typing_example(parse_cards("QH 7C AS KD JK 9H 2S"))
    'TD 3S'
    """
    held = set(hand)
    return cards_text([card for card in parse_cards(TYPING_EXAMPLES) if card not in held][:2])


TYPING_EXAMPLES = "QH 7C TD 3S 8D 5C JH 4D 9S"  # nine: a hand of seven leaves at least two of them


def looks_like_words(text: str) -> bool:
    """True when typed text is words (a command), never to be read as cards: every token is three or
    more letters and not the joker.

    >>> looks_like_words("clear"), looks_like_words("KD 4D"), looks_like_words("joker AS")
    (True, False, False)
    """
    words = text.lower().split()
    return bool(words) and all(word.isalpha() and len(word) >= 3 and word != "joker" for word in words)
