"""Judging a hand with the point count of chapter 12 (``evaluate_hand``).
"""

from __future__ import annotations

import random

from ..cards import Card, parse_cards, short_names, sort_cards
from ..deal import deal_hands
from ..evaluation import evaluate_hand
from ..rules import Bid, RuleSet
from .feedback import AnswerError, Feedback, section_link
from .inputs import read_text

__all__ = ["PAGE", "random_hand", "check_group_points", "read_hand", "check_bid"]

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


def read_hand(text) -> list[Card]:
    """The 18 cards of a four-player hand typed as card names (bounded; :class:`AnswerError`
    with a message for anything else).

    >>> len(read_hand("T21 T18 T9 T5 T1 EX KH QH 10H 7H KS 3S 5D 2D QC CC 9C 4C"))
    18
    >>> read_hand("KH QH")
    Traceback (most recent call last):
    ...
    tarot_teach.teach.feedback.AnswerError: A hand has 18 cards with 4 players; you typed 2 (K♥, Q♥).
    """
    typed = read_text(text, "a hand of 18 cards")
    if not typed:
        raise AnswerError("Type the 18 cards of a hand, separated by spaces, e.g. "
                          "T21 EX KH QH 10S …")
    try:
        cards = parse_cards(typed)
    except ValueError as error:
        raise AnswerError(str(error)) from None
    if len(cards) != HAND_SIZE:
        raise AnswerError(f"A hand has 18 cards with 4 players; you typed {len(cards)} "
                          f"({short_names(cards, 20)}).")
    repeated = sorted({card for card in cards if cards.count(card) > 1})
    if repeated:
        raise AnswerError("Each card exists only once in the pack: "
                          + ", ".join(card.short_name for card in repeated) + " typed twice.")
    return cards


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
