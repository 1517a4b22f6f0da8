"""rules.md §1: deck and notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paigow_cli.core.cards import DECK, JOKER, Card, cards_text, parse_cards, parse_hand, sort_cards
from paigow_cli.core.errors import CardError


def test_deck_has_53_cards_52_plus_one_joker():
    assert len(DECK) == 53
    assert len(set(DECK)) == 53
    assert sum(card.is_joker for card in DECK) == 1
    assert {card.suit for card in DECK if not card.is_joker} == {"S", "H", "D", "C"}
    assert {card.rank for card in DECK if not card.is_joker} == set(range(2, 15))


def test_ranks_2_to_9_t_or_10_j_q_k_a():
    assert [c.rank for c in parse_cards("2S 9S TS 10H JS QS KS AS")] == [2, 9, 10, 10, 11, 12, 13, 14]


def test_suits_shdc_and_symbols():
    assert parse_cards("A♠ A♥ A♦ A♣") == parse_cards("AS AH AD AC")


def test_input_is_case_insensitive():
    assert parse_cards("As") == parse_cards("AS") == parse_cards("as") == parse_cards("aS")
    assert parse_cards("10h") == parse_cards("Th") == parse_cards("TH")


def test_joker_written_jk_or_joker():
    assert parse_cards("JK") == parse_cards("joker") == parse_cards("Jk") == (JOKER,)


def test_exactly_one_joker_in_the_deck():
    with pytest.raises(CardError, match="joker is given twice"):
        parse_cards("JK JOKER")


def test_canonical_output_form():
    assert cards_text(parse_cards("as kd 10h 9c joker")) == "AS KD TH 9C JK"


def test_separators_spaces_commas_or_none():
    expected = parse_cards("AS KD JK 9H 9C 4D 2S")
    assert parse_cards("AS,KD, JK  9H,9C 4D 2S") == expected
    assert parse_cards("ASKDJK9H9C4D2S") == expected
    assert parse_cards(["AS", "KD JK", "9H9C", "4D", "2S"]) == expected
    assert parse_cards("10h10s") == parse_cards("TH TS")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1S", "'1S' is not a card: unknown rank '1'"),
        ("AX", "'AX' is not a card: unknown suit 'X'"),
        ("ZZ", "'ZZ' is not a card: unknown rank 'Z'"),
        ("AS K", "'K' is not a card: it has no suit"),
        ("AS 10", "'10' is not a card: it has no suit"),
        (
            "ASKX",
            "'ASKX' is not a card: a card is a rank and a suit, like AS or 10H (read as cards written together, 'kx' is not one: unknown suit 'X'",
        ),
        ("AS as", "card AS is given twice"),
    ],
)
def test_bad_cards_are_named_in_the_error(text, message):
    with pytest.raises(CardError) as raised:
        parse_cards(text)
    assert str(raised.value).startswith(message)


def test_wrong_number_of_cards_says_how_many_were_expected():
    with pytest.raises(CardError, match="needs 7 cards, got 6"):
        parse_hand("AS KD JK 9H 9C 4D")
    with pytest.raises(CardError, match="needs 2, 5 or 7 cards, got 3"):
        parse_hand("AS KD JK", counts=(2, 5, 7))


def test_empty_input_is_an_error():
    with pytest.raises(CardError, match="no cards given"):
        parse_hand("  ,  ")


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True))
def test_canonical_text_parses_back_to_the_same_cards(hand):
    assert parse_cards(cards_text(hand)) == tuple(hand)
    assert parse_cards(" ".join(card.symbol_text() for card in hand)) == tuple(hand)
    assert parse_cards(cards_text(hand).lower()) == tuple(hand)


@given(st.permutations(DECK[:7]))
def test_display_order_does_not_depend_on_input_order(hand):
    assert sort_cards(hand) == sort_cards(DECK[:7])


def test_card_is_an_int_that_prints_as_notation():
    card = Card.from_text("qh")
    assert isinstance(card, int)
    assert (str(card), repr(card), card.rank, card.suit) == ("QH", "QH", 12, "H")
    assert JOKER.rank == 14 and JOKER.suit is None
