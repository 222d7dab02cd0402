"""Judging a hand with the point count of chapter 12 (``evaluate_hand``).
"""

from __future__ import annotations

import random

from ..cards import Card, sort_cards
from ..deal import deal_hands
from ..evaluation import evaluate_hand
from ..rules import Bid, RuleSet
from .feedback import Feedback, section_link

__all__ = ["PAGE", "random_hand", "check_group_points", "check_bid"]

PAGE = "12-hand-evaluation"
HAND_SIZE = 18

BIDS = (Bid.PASS, Bid.TAKE, Bid.GUARD, Bid.GUARD_WITHOUT, Bid.GUARD_AGAINST)


def random_hand(rng: random.Random, strong: "bool | None" = None) -> tuple[Card, ...]:
    """An 18-card hand from a real seeded 4-player deal.

    ``strong=True`` takes the best of the four hands, ``False`` a random seat,
    ``None`` either (half the time each), so that bids other than Pass come up.
    """
    hands, _dog = deal_hands(RuleSet(players=4), rng.getrandbits(32))
    if strong is None:
        strong = rng.random() < 0.5
    if strong:
        hand = max(hands, key=lambda h: evaluate_hand(h).total)
    else:
        hand = hands[rng.randrange(4)]
    return tuple(sort_cards(hand))


def _lines_for(evaluation, groups) -> list[str]:
    lines = [f"{feature}: {value}" for (feature, value), group
             in zip(evaluation.lines, evaluation.line_groups) if group in groups]
    return lines or ["no feature of this kind scores in this hand"]


def check_group_points(hand, groups, answer, section) -> Feedback:
    """Judge a number claimed to be the points of the families ``groups`` (see ``GROUPS``)."""
    evaluation = evaluate_hand(hand)
    right = sum(evaluation.groups[group] for group in groups)
    details = _lines_for(evaluation, groups)
    if answer == right:
        return Feedback(True, f"Right: {right} points.", details)
    return Feedback(False, f"Not quite: the count gives {right} points, not {answer}.", details,
                    section)


def check_bid(hand, total, bid: Bid) -> Feedback:
    """Judge a suggested bid (and, if given, a point total) for a hand."""
    evaluation = evaluate_hand(hand)
    details = evaluation.explanation()
    problems = []
    if total is not None and total != evaluation.total:
        problems.append(f"the total is {evaluation.total}, not {total}")
    if bid is not evaluation.bid:
        problems.append(f"{evaluation.total} points suggest {evaluation.bid.english}, "
                        f"not {bid.english}")
    if not problems:
        return Feedback(True, f"Right: {evaluation.total} points, {bid.english}.", details)
    return Feedback(False, "Not quite: " + "; ".join(problems) + ".", details,
                    section_link(PAGE, "from-points-to-a-bid", "From points to a bid"))
