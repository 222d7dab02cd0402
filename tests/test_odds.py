"""Exact odds: the dog, suit splits, and seed 003's tables."""

from fractions import Fraction
from math import comb

import pytest

from tarot_teach.odds import (SEED_003_SPLITS, at_least_longest, card_in_dog, dog_at_least,
                              dog_distribution, dog_exactly, longest_holding, percent,
                              seed_003_comparison, split_patterns)


def test_one_card_in_the_dog():
    assert card_in_dog(4) == Fraction(6, 60) == Fraction(1, 10)
    assert card_in_dog(3) == Fraction(6, 54)
    assert card_in_dog(5) == Fraction(3, 63)


def test_at_least_one_of_k_is_one_minus_none():
    for players, unseen, dog in ((3, 54, 6), (4, 60, 6), (5, 63, 3)):
        for k in range(1, 8):
            assert dog_at_least(k, 1, players) == 1 - Fraction(comb(unseen - k, dog), comb(unseen, dog))


def test_distributions_sum_to_one():
    for players in (3, 4, 5):
        for k in (0, 1, 4, 14, 21):
            assert sum(dog_distribution(k, players).values()) == 1


def test_seed_003_dog_examples():
    # "no Queen in hand: 30.5% to find one, 4.4% two"; "6 diamonds missing: 51.6% none";
    # "14 trumps missing: 43% two or more"
    assert percent(dog_exactly(4, 1)) == "30.5%" and percent(dog_exactly(4, 2)) == "4.4%"
    assert percent(dog_exactly(6, 0)) == "51.6%"
    assert percent(dog_at_least(14, 2)) == "43.0%"


@pytest.mark.parametrize("n", range(0, 22))
def test_split_models_sum_to_one(n):
    assert sum(split_patterns(n).values()) == 1
    assert sum(split_patterns(n, "independent").values()) == 1
    assert sum(longest_holding(n).values()) == 1


def test_exact_split_by_hand():
    # 3 cards among three hands of 18: 1-1-1 has 18^3 of C(54, 3) deals
    assert split_patterns(3)[(1, 1, 1)] == Fraction(18 ** 3, comb(54, 3))
    assert split_patterns(3, "independent")[(1, 1, 1)] == Fraction(6, 27)


def test_seed_003_table_is_the_independent_model():
    # Every printed cell equals the simple model to within 0.2 point, except one (row 7,
    # column 8: printed 1.7%, the model gives 0.7%).
    outliers = []
    for (longest, n), printed in SEED_003_SPLITS.items():
        model = longest_holding(n, "independent").get(longest, Fraction(0)) * 100
        if abs(Fraction(printed[:-1]) - model) > Fraction(2, 10):
            outliers.append((longest, n))
    assert outliers == [(7, 8)]
    assert SEED_003_SPLITS[(5, 6)] == "4.9%" and SEED_003_SPLITS[(9, 12)] == "1.0%"
    assert seed_003_comparison(6)[0] == (2, "12.4%", "12.3%", "13.9%")


def test_seed_003_examples_in_words():
    # "8 hearts in the taker's hand: a defender has 5 or more in 5.3% of cases"
    assert percent(at_least_longest(6, 5, "independent")) == "5.3%"
    assert percent(at_least_longest(6, 5, "exact")) == "3.8%"


def test_percent_rounds_half_up():
    assert percent(Fraction(1, 8), 1) == "12.5%" and percent(Fraction(1, 2000), 1) == "0.1%"
    assert percent(Fraction(0)) == "0.0%" and percent(Fraction(1)) == "100.0%"


def test_the_numbers_stated_in_chapter_13():
    from tarot_teach.odds import most_likely_pattern
    assert [percent(dog_at_least(k)) for k in (1, 2, 3, 4)] == ["10.0%", "19.2%", "27.5%", "35.1%"]
    assert most_likely_pattern(6) == (3, 2, 1)
    for n in (7, 8):
        assert most_likely_pattern(n) != most_likely_pattern(n, "independent")
    assert Fraction(1, 5) < at_least_longest(6, 4) < Fraction(3, 10)       # "one time in four"
    worst = max(abs(longest_holding(n).get(k, 0) - longest_holding(n, "independent").get(k, 0))
                for n in range(4, 17) for k in range(17))
    assert worst < Fraction(9, 100)                                          # "under 9 points"
    # the exact count makes 2-2-2 likelier and 6-0-0 less likely than the simple model
    assert split_patterns(6)[(2, 2, 2)] > split_patterns(6, "independent")[(2, 2, 2)]
    assert split_patterns(6)[(6, 0, 0)] < split_patterns(6, "independent")[(6, 0, 0)]
