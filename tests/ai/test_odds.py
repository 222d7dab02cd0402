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
    from tarot_teach.odds import likeliest_patterns, most_likely_pattern
    assert [percent(dog_at_least(k)) for k in (1, 2, 3, 4)] == ["10.0%", "19.2%", "27.5%", "35.1%"]
    assert most_likely_pattern(6) == (3, 2, 1)
    # "With 7 and 8 cards the simple model has no single favourite": an exact tie at the top
    # (70/243 and 560/2187), while the exact count has one favourite for every number
    tied = [n for n in range(3, 13) if len(likeliest_patterns(n, "independent")) > 1]
    assert tied == [7, 8]
    assert all(len(likeliest_patterns(n)) == 1 for n in range(0, 22))
    assert most_likely_pattern(7) == (3, 2, 2) and most_likely_pattern(8) == (3, 3, 2)
    assert Fraction(1, 5) < at_least_longest(6, 4) < Fraction(3, 10)       # "one time in four"
    worst = max(abs(longest_holding(n).get(k, 0) - longest_holding(n, "independent").get(k, 0))
                for n in range(4, 17) for k in range(17))
    assert worst < Fraction(9, 100)                                          # "under 9 points"
    # the exact count makes 2-2-2 likelier and 6-0-0 less likely than the simple model
    assert split_patterns(6)[(2, 2, 2)] > split_patterns(6, "independent")[(2, 2, 2)]
    assert split_patterns(6)[(6, 0, 0)] < split_patterns(6, "independent")[(6, 0, 0)]


def test_ties_are_ties():
    """The simple model's top two splits of 7 and of 8 cards are exactly equal fractions."""
    from tarot_teach.odds import likeliest_patterns, most_likely_pattern
    simple7, simple8 = split_patterns(7, "independent"), split_patterns(8, "independent")
    assert simple7[(4, 2, 1)] == simple7[(3, 2, 2)] == Fraction(70, 243)
    assert simple8[(4, 3, 1)] == simple8[(3, 3, 2)] == Fraction(560, 2187)
    assert likeliest_patterns(7, "independent") == ((4, 2, 1), (3, 2, 2))
    assert likeliest_patterns(8, "independent") == ((4, 3, 1), (3, 3, 2))
    with pytest.raises(ValueError, match="exactly as likely"):
        most_likely_pattern(7, "independent")
    # every split of a tie has the top chance, and no other split does
    for n in range(0, 22):
        for model in ("exact", "independent"):
            patterns = split_patterns(n, model)
            best = likeliest_patterns(n, model)
            top = max(patterns.values())
            assert set(best) == {s for s, p in patterns.items() if p == top}


def test_chapter_13_shows_the_tie_as_a_tie():
    """The chapter's sentence names the card counts the engine finds tied, and no longer says
    that the two models disagree."""
    import re
    from pathlib import Path
    from tarot_teach.odds import likeliest_patterns
    text = (Path(__file__).resolve().parents[2] / "book" / "13-odds.md").read_text("utf-8")
    text = " ".join(text.split())
    stated = re.search(r"With (\d+) and with (\d+) cards the simple model cannot name a "
                       r"favourite", text)
    assert stated, "the sentence about the tie"
    tied = [n for n in range(3, 13) if len(likeliest_patterns(n, "independent")) > 1]
    assert [int(n) for n in stated.groups()] == tied
    assert "disagree" not in text
