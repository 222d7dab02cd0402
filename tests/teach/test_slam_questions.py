"""Every "What is the slam worth?" question states a deal that can happen (issue 26).

A slam decides which cards each side's pile holds, so the points and bouts a question
states must fit. These checks restate RULES.md §5, §8 and §9 with the engine's 78 cards:

- a taker's slam: the defence ends with nothing but the dog under Guard against and,
  when a defender played the Excuse before the last trick, the Excuse (whose exchange
  half point still goes to the taker);
- a defence slam: the taker ends with nothing but the discard (Take, Guard: no King, no
  bout), the dog (Guard without) or nothing (Guard against) and, when the taker played
  the Excuse before the last trick, the Excuse less its exchange half point;
- a slam announced and missed: each side won at least one trick.
"""

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations

import pytest

from tarot_teach import score
from tarot_teach.cards import BOUTS, DECK, EXCUSE, PETIT
from tarot_teach.rules import Bid, RuleSet
from tarot_teach.scoring import parse_points
from tarot_teach.teach.slams import SLAM_OUTCOMES, TAKER_SLAMS, random_slam_summary
from tarot_teach.widgets.slams import SlamValueExercise

RULES = RuleSet(players=4)
PACK = 2 * 91  # the pack in half points (RULES.md §2)
EXCHANGE = 1  # the exchange card is worth half a point (RULES.md §8)
TRICK = 4  # cards in a four-player trick
DEFENCE_SLAMS = ("defence", "announced_failed_defence")


@lru_cache(maxsize=None)
def piles(pool: frozenset, size: int) -> frozenset:
    """Every ``(half points, bouts held)`` a pile of ``size`` cards drawn from ``pool`` has."""
    values = Counter(card.half_points for card in pool if not card.is_bout)
    counted = {(0, 0)}  # (cards, half points) of the cards that are not bouts
    for value, available in values.items():
        counted = {(n + k, h + k * value) for n, h in counted
                   for k in range(min(available, size - n) + 1)}
    bouts = [card for card in pool if card.is_bout]
    found = set()
    for many in range(len(bouts) + 1):
        for chosen in combinations(bouts, many):
            extra = sum(card.half_points for card in chosen)
            found |= {(h + extra, frozenset(chosen)) for n, h in counted if n + many == size}
    return frozenset(found)


ANY_CARD = frozenset(DECK)
DISCARDABLE = frozenset(c for c in DECK if not c.is_bout and not c.is_king)  # RULES.md §5


def taker_slam_possible(bid, halves, bouts, petit) -> bool:
    dog = RULES.dog_size if bid is Bid.GUARD_AGAINST else 0
    for dog_halves, dog_bouts in piles(ANY_CARD, dog):
        for kept in (False, True):  # a defender kept the Excuse, played before the last trick
            if kept and EXCUSE in dog_bouts:
                continue
            defence = dog_halves + kept * (EXCUSE.half_points - EXCHANGE)
            if (PACK - defence, len(BOUTS) - len(dog_bouts) - kept) == (halves, bouts) \
                    and petit != "defence" and not (petit == "taker" and PETIT in dog_bouts):
                return True
    return False


def defence_slam_possible(bid, halves, bouts, petit) -> bool:
    if petit == "taker":
        return False
    dog = RULES.dog_size
    pool, size = {Bid.TAKE: (DISCARDABLE, dog), Bid.GUARD: (DISCARDABLE, dog),
                  Bid.GUARD_WITHOUT: (ANY_CARD, dog), Bid.GUARD_AGAINST: (ANY_CARD, 0)}[bid]
    for pile_halves, pile_bouts in piles(pool, size):
        for kept in (False, True):  # the taker kept the Excuse, played before the last trick
            if kept and EXCUSE in pile_bouts:
                continue
            taker = pile_halves + kept * (EXCUSE.half_points - EXCHANGE)
            if (taker, len(pile_bouts) + kept) == (halves, bouts) \
                    and not (petit == "defence" and PETIT in pile_bouts):
                return True
    return False


def missed_slam_possible(bid, halves, bouts, petit) -> bool:
    """Necessary conditions only: each side's pile holds a trick, its bouts and its dog."""
    dog = RULES.dog_size
    defence_cards = TRICK + (dog if bid is Bid.GUARD_AGAINST else 0)
    taker_cards = TRICK + (0 if bid is Bid.GUARD_AGAINST else dog)
    bout, small = BOUTS[0].half_points, 1
    missing = len(BOUTS) - bouts
    least_defence = missing * bout + max(0, defence_cards - missing) * small
    least_taker = bouts * bout + max(0, taker_cards - bouts) * small
    # An odd half point needs the Excuse crossing to the taker on the last trick (§8).
    half_point_fits = halves % 2 == 0 or bouts >= 1
    petit_fits = {None: True, "taker": bouts >= 1, "defence": bouts <= 2}[petit]
    return least_taker <= halves <= PACK - least_defence and half_point_fits and petit_fits


def possible(summary: dict) -> bool:
    bid = Bid.parse(summary["bid"])
    facts = (bid, parse_points(summary["taker_points"]), summary["taker_bouts"],
             summary.get("petit_au_bout"))
    chelem = summary["chelem"]
    if chelem in TAKER_SLAMS:
        return taker_slam_possible(*facts)
    if chelem in DEFENCE_SLAMS:
        return defence_slam_possible(*facts)
    return missed_slam_possible(*facts)


def summary(bid, points, bouts, chelem, petit=None):
    return {"players": 4, "bid": bid, "taker_points": points, "taker_bouts": bouts,
            "petit_au_bout": petit, "poignees": [], "chelem": chelem}


def test_the_checks_know_possible_from_impossible():
    # Guard against: the dog (six cards, at least 3 points) counts for the defence.
    assert not possible(summary("guard_against", 91, 3, "made"))
    assert not possible(summary("guard_against", 87, 2, "announced_made"))
    assert possible(summary("guard_against", 88, 3, "made"))
    assert possible(summary("guard_against", 84, 2, "made"))  # and a defender kept the Excuse
    assert not possible(summary("guard_against", 88, 3, "made", petit="defence"))
    for bid in ("take", "guard", "guard_without"):
        assert possible(summary(bid, 91, 3, "made", petit="taker"))
        assert possible(summary(bid, 87, 2, "announced_made"))
        assert not possible(summary(bid, 88, 3, "made"))
        assert not possible(summary(bid, 89, 2, "made"))
    assert possible(summary("take", 3, 0, "defence"))
    assert possible(summary("guard", 7, 1, "defence"))  # the taker kept the Excuse
    assert not possible(summary("take", 2, 0, "defence"))  # six cards are at least 3 points
    assert not possible(summary("guard", 6, 1, "defence"))  # the Excuse and 6 cards: 7 or more
    assert not possible(summary("take", 5, 0, "defence", petit="taker"))
    assert possible(summary("guard_against", 78, 1, "announced_failed"))
    assert not possible(summary("guard_against", 79, 1, "announced_failed"))
    assert possible(summary("take", 79, 1, "announced_failed"))
    assert not possible(summary("take", 74.5, 0, "announced_failed"))
    assert not possible(summary("take", 60, 3, "announced_failed", petit="defence"))


@pytest.mark.slow  # every question's deal searched
def test_every_slam_value_question_states_a_possible_deal():
    seen = Counter()
    for seed in range(600):
        question = random_slam_summary(random.Random(seed))
        score(question)  # the engine accepts it
        assert possible(question), question
        seen[question["chelem"], question["bid"]] += 1
    assert {chelem for chelem, _ in seen} == set(SLAM_OUTCOMES)
    assert seen["made", "guard_against"] + seen["announced_made", "guard_against"] > 0


@pytest.mark.parametrize("outcome", SLAM_OUTCOMES)
def test_each_outcome_states_possible_deals(outcome):
    rng = random.Random(outcome)
    # A missed slam is cheap to draw, and its rare impossible case (Guard against, one bout,
    # 79 points: the defence's dog and trick hold two bouts, so at least 13) needs many.
    for _ in range(3000 if outcome == "announced_failed" else 150):
        question = random_slam_summary(rng, outcome)
        assert question["chelem"] == outcome
        assert possible(question), question


def test_the_exercise_asks_only_possible_deals():
    for seed in range(30):
        exercise = SlamValueExercise(seed=seed)
        question = exercise.question
        assert possible(question)
        against = question["bid"] == "guard_against" and question["chelem"] in TAKER_SLAMS
        assert ("the dog counts for the defence" in exercise.prompt.value) == against
