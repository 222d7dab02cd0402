"""The 78 cards (RULES.md §1, §2): notation, parsing, points, bouts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tarot_teach import (BOUTS, DECK, EXCUSE, MONDE, PETIT, Card, InvalidCard, Suit, count_bouts,
                         parse_card, parse_cards, points, sort_cards)

PLAIN = ("S", "H", "D", "C")
RANK_WORDS = {**{str(n): n for n in range(1, 11)}, "J": 11, "C": 12, "Q": 13, "K": 14}


def test_the_pack_holds_78_distinct_cards():
    assert len(DECK) == 78
    assert len(set(DECK)) == 78
    assert len({str(card) for card in DECK}) == 78


def test_the_pack_is_four_suits_of_14_21_trumps_and_the_excuse():
    by_suit = {suit: [c for c in DECK if c.suit is suit] for suit in Suit}
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        assert sorted(c.rank for c in by_suit[suit]) == list(range(1, 15))
    assert sorted(c.rank for c in by_suit[Suit.TRUMPS]) == list(range(1, 22))
    assert by_suit[Suit.EXCUSE] == [EXCUSE]


def test_canonical_names_are_exactly_those_of_rules_md():
    expected = {"EX"} | {f"T{n}" for n in range(1, 22)} | {
        rank + suit for suit in PLAIN for rank in RANK_WORDS}
    assert {str(card) for card in DECK} == expected


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_round_trips_through_its_name(card):
    assert parse_card(str(card)) is card
    assert parse_card(str(card).lower()) is card
    assert parse_card(f"  {str(card).lower()} ") is card
    assert parse_card(card) is card  # a Card passes through unchanged


@pytest.mark.parametrize("card", [c for c in DECK if c.suit.is_plain], ids=str)
def test_every_plain_card_parses_with_its_suit_symbol(card):
    assert parse_card(card.label) is card
    assert parse_card(card.french_label) is card


@pytest.mark.parametrize("text, expected", [
    # French rank letters: Roi, Dame, Cavalier, Valet
    ("RH", "KH"), ("DS", "QS"), ("CD", "CD"), ("VC", "JC"), ("rc", "KC"), ("dd", "QD"),
    ("vs", "JS"),
    # suit symbols, either way round of fill
    ("K♥", "KH"), ("10♠", "10S"), ("Q♦", "QD"), ("J♣", "JC"), ("k♤", "KS"), ("2♡", "2H"),
    ("R♥", "KH"),
    # the Excuse
    ("EX", "EX"), ("ex", "EX"), ("Fool", "EX"), ("FOOL", "EX"), ("excuse", "EX"),
    ("Excuse", "EX"),
    # bare trump numbers
    ("1", "T1"), ("21", "T21"), ("7", "T7"), ("t7", "T7"), ("T21", "T21"),
    # the ace is the 1
    ("AH", "1H"), ("1h", "1H"),
])
def test_alternative_spellings(text, expected):
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", [
    "11H", "T22", "T0", "0", "22", "T01", "01", "", " ", "ZZ", "K", "KX", "HK", "T", "T-1",
    "1.5", "EXX", "T 5", "K H", "Joker", "♠", "KHS",
])
def test_malformed_names_are_refused_with_what_was_expected(text):
    with pytest.raises(InvalidCard) as caught:
        parse_card(text)
    message = str(caught.value)
    assert repr(text) in message
    assert "expected" in message
    assert "T1-T21" in message and "EX" in message and "KH" in message


def test_out_of_range_trumps_say_trumps_go_from_1_to_21():
    for text in ("T22", "T0", "22"):
        with pytest.raises(InvalidCard, match="trumps go from 1 to 21"):
            parse_card(text)


@pytest.mark.parametrize("value", [None, 5, 5.0, ["KH"], b"KH", True])
def test_non_strings_are_refused(value):
    with pytest.raises(InvalidCard, match="expected"):
        parse_card(value)


@pytest.mark.parametrize("text", ["T²", "²", "T١٢", "١", "Ⅻ"])
def test_unusual_digits_are_refused_as_invalid_cards(text):
    # Not ASCII digits: still an InvalidCard with the usual explanation,
    # never a bare ValueError from int().
    with pytest.raises(InvalidCard, match="expected"):
        parse_card(text)


def test_invalid_card_is_a_value_error():
    assert issubclass(InvalidCard, ValueError)


def test_parse_cards_reads_strings_and_lists():
    assert parse_cards("KH T21, ex  7c") == [parse_card("KH"), MONDE, EXCUSE, parse_card("7C")]
    assert parse_cards(["kh", "21", "Fool"]) == [parse_card("KH"), MONDE, EXCUSE]
    assert parse_cards("") == []
    with pytest.raises(InvalidCard):
        parse_cards("KH 11H")


def test_card_points_by_kind():
    for card in DECK:
        if card.is_bout:
            expected = Fraction(9, 2)
        elif card.suit.is_plain and card.rank >= 11:
            expected = {14: Fraction(9, 2), 13: Fraction(7, 2), 12: Fraction(5, 2),
                        11: Fraction(3, 2)}[card.rank]
        else:
            expected = Fraction(1, 2)
        assert card.points == expected, card
        assert isinstance(card.points, Fraction)


def test_the_pack_totals_91_exactly():
    total = points(DECK)
    assert total == 91
    assert isinstance(total, Fraction)
    assert sum((card.points for card in DECK), Fraction(0)) == Fraction(91)


def test_points_of_a_few_piles():
    assert points(parse_cards("KH QH CH JH")) == 12
    assert points(parse_cards("T21 T1 EX")) == Fraction(27, 2)
    assert points(parse_cards("2S 3S 4S")) == Fraction(3, 2)
    assert points([]) == 0
    assert points(["KH", "7C"]) == 5  # names work too


def test_bouts_are_the_21_the_petit_and_the_excuse():
    assert set(BOUTS) == {MONDE, PETIT, EXCUSE}
    assert {c for c in DECK if c.is_bout} == {MONDE, PETIT, EXCUSE}
    assert str(MONDE) == "T21" and str(PETIT) == "T1" and str(EXCUSE) == "EX"
    assert count_bouts(DECK) == 3
    assert count_bouts(parse_cards("T21 T20 T2 KH")) == 1
    assert count_bouts(parse_cards("T1 EX")) == 2
    assert not parse_card("T2").is_bout and not parse_card("KH").is_bout


def test_card_kinds():
    assert EXCUSE.is_excuse and not EXCUSE.is_trump and EXCUSE.suit is Suit.EXCUSE
    assert PETIT.is_trump and MONDE.is_trump
    assert all(c.is_king == (c.suit.is_plain and c.rank == 14) for c in DECK)
    assert sum(c.is_king for c in DECK) == 4
    assert sum(c.is_court for c in DECK) == 16


def test_cards_are_immutable_and_interned():
    card = parse_card("KH")
    with pytest.raises(AttributeError):
        card.rank = 3
    import copy
    import pickle
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert isinstance(card, Card)


def test_names_for_people():
    assert parse_card("KH").name == "King of hearts"
    assert parse_card("CC").name == "Knight of clubs"
    assert parse_card("T12").name == "trump 12"
    assert EXCUSE.name == "the Excuse"
    assert parse_card("QS").french_name == "Dame de pique"


def test_sort_cards_puts_trumps_first_then_the_excuse_then_alternating_suits():
    hand = parse_cards("2H T3 EX KS T21 5C 9D")
    assert [str(c) for c in sort_cards(hand)] == ["T21", "T3", "EX", "KS", "2H", "5C", "9D"]
    assert sorted(sort_cards(DECK)) == sorted(DECK)
