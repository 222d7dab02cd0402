"""The hand-evaluation point count (seed 003) and its reading of the source."""

import pytest

from tarot_teach import Bid, RuleSet, deal_hands, parse_cards
from tarot_teach.evaluation import bid_for_points, evaluate_hand, suggest_bid


def lines(hand):
    return dict(evaluate_hand(hand).lines)


def test_bouts_and_the_petit_protection():
    assert lines("T21 EX T1 T2 T3 KH")["the 21 (T21)"] == 10
    assert lines("T21 EX T1 T2 T3 KH")["the Excuse"] == 8
    assert lines("T1 T2 T3")["the Petit with 3 trumps"] == 0
    assert lines("T1 T2 T3 T4")["the Petit with 4 trumps"] == 5
    assert lines("T1 T2 T3 T4 T5")["the Petit with 5 trumps"] == 7
    assert lines("T1 T2 T3 T4 T5 T6 T7")["the Petit with 7 trumps"] == 9


def test_the_excuse_is_not_a_trump():
    # 3 trumps and the Excuse: fewer than 4 trumps, so no points for the number of trumps
    evaluation = evaluate_hand("T1 T2 T3 EX")
    assert evaluation.groups["trumps"] == 0
    assert ("the Petit with 3 trumps", 0) in evaluation.lines


def test_trump_count_big_trumps_and_runs():
    evaluation = evaluate_hand("T21 T20 T18 T17 T16 T5")
    assert evaluation.groups["trumps"] == 6 * 2 + 5 * 2 + 2 + 3
    assert evaluate_hand("T21 T19 T17 T2").groups["trumps"] == 4 * 2 + 3 * 2   # no runs
    assert evaluate_hand("T20 T21").groups["trumps"] == 2 * 2 + 2              # only big trumps


def test_honours_and_long_suits():
    evaluation = evaluate_hand("KH QH KS QD CC JC 2S 3S 4S 5S 6S 7S 8S")
    assert evaluation.groups["honours"] == 10 + 6 + 3 + 2 + 1
    assert ("8 cards of ♠", 9) in evaluation.lines
    assert evaluate_hand("2S 3S 4S 5S 6S").groups["long suits"] == 5
    assert evaluate_hand("2S 3S 4S 5S 6S 7S").groups["long suits"] == 7


def test_shape_points_count_only_for_the_guards_without_the_dog():
    weak = evaluate_hand("T2 T3 T4 T5 2S 3S 4S 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H 7D")
    assert weak.shape == 6 + 3 and weak.total == weak.base
    strong = evaluate_hand("T21 T20 T19 T16 T12 T8 T5 T1 EX KH QH 7H 3H KS CS JD 4D 2D")
    assert (strong.base, strong.shape, strong.total) == (73, 6, 79)
    assert strong.bid is Bid.GUARD_WITHOUT


@pytest.mark.parametrize("points, bid", [(0, Bid.PASS), (39, Bid.PASS), (40, Bid.TAKE),
                                         (55, Bid.TAKE), (56, Bid.GUARD), (70, Bid.GUARD),
                                         (71, Bid.GUARD_WITHOUT), (80, Bid.GUARD_WITHOUT),
                                         (81, Bid.GUARD_AGAINST), (120, Bid.GUARD_AGAINST)])
def test_ranges(points, bid):
    assert bid_for_points(points) is bid


def test_every_point_is_explained_on_real_deals():
    for seed in range(200):
        hands, _ = deal_hands(RuleSet(), seed)
        for hand in hands:
            evaluation = evaluate_hand(hand)
            assert evaluation.base + evaluation.shape == sum(p for _, p in evaluation.lines)
            assert evaluation.total in (evaluation.base, evaluation.base + evaluation.shape)
            assert suggest_bid(hand) is evaluation.bid is bid_for_points(evaluation.total)


def test_a_card_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        evaluate_hand(parse_cards("KH KH"))
