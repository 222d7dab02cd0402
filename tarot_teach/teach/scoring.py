"""Scoring a four-player deal and the score sheet (chapter 9): summaries and judges.

Every figure comes from ``score``, ``explain_score`` and ``Ledger``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..ledger import Ledger
from ..names import seat_names
from ..rules import Bid
from ..scoring import explain_score, score, score_summary, target_for
from .feedback import Feedback, section_link
from .piles import draw_pile

__all__ = ["SEAT_NAMES", "random_summary", "describe_summary", "check_deal_score", "SheetDeal",
    "random_sheet", "sheet_totals", "check_sheet"]

SEAT_NAMES = seat_names(4)
"""The four seats of a score sheet: the engine's seat names."""

_BIDS = (("take", 40), ("guard", 35), ("guard_without", 15), ("guard_against", 10))
_BOUTS = ((0, 15), (1, 35), (2, 35), (3, 15))


def _weighted(rng: random.Random, pairs):
    values, weights = zip(*pairs)
    return rng.choices(values, weights)[0]


def random_summary(rng: random.Random) -> dict:
    """A plausible four-player deal summary (HAND_RECORD.md), drawn with ``rng``.

    The facts agree with each other (:func:`~tarot_teach.teach.piles.draw_pile`): a petit
    au bout goes only to the side whose pile holds the Petit, the points leave room for
    the bouts counted.

    >>> summary = random_summary(random.Random(1))
    >>> score(summary)["hand_score"] != 0
    True
    """
    bid = _weighted(rng, _BIDS)
    pile = draw_pile(rng, _weighted(rng, _BOUTS), petit_chance=0.22)
    bouts, petit = pile.bouts, pile.petit_au_bout
    lowest, highest = int(pile.lowest) + 3, int(pile.highest) - 3
    points = target_for(bouts) + rng.randint(-14, 16)
    points = max(lowest, min(highest, points))
    if rng.random() < 0.12:  # an Excuse played to the last trick leaves a half point
        points += 0.5 if points < highest else -0.5
    poignees = []
    roll = rng.random()
    if roll < 0.18:
        poignees = ["simple"]
    elif roll < 0.24:
        poignees = ["double"]
    elif roll < 0.27:
        poignees = ["simple", "simple"]
    summary = {"players": 4, "bid": bid, "taker_points": points, "taker_bouts": bouts,
               "petit_au_bout": petit, "poignees": poignees, "chelem": None}
    score(summary)  # the engine checks the summary
    return summary


def describe_summary(summary: dict) -> list[str]:
    """The facts of a deal summary as short sentences for a learner.

    >>> describe_summary({"bid": "guard", "taker_points": 43, "taker_bouts": 2,
    ...                   "petit_au_bout": "taker", "poignees": ["simple"]})
    ['Contract: Guard.', "The taker's pile: 43 points with 2 bouts.", 'Petit au bout: won by the taker.', 'Handful (poignée) declared: simple.']
    """
    bid = Bid.parse(summary["bid"])
    points = summary["taker_points"]
    if isinstance(points, float) and points.is_integer():
        points = int(points)
    bouts = summary["taker_bouts"]
    lines = [f"Contract: {bid.english}.",
             f"The taker's pile: {points} points with {bouts} bout{'s' if bouts != 1 else ''}."]
    petit = summary.get("petit_au_bout")
    if petit:
        lines.append("Petit au bout: won by " + ("the taker." if petit == "taker" else "the defence."))
    poignees = summary.get("poignees") or []
    if poignees:
        lines.append("Handful (poignée) declared: " + ", ".join(poignees) + ".")
    chelem = summary.get("chelem")
    if chelem:
        lines.append("Slam: " + {"announced_made": "announced and made",
                                 "made": "made without announcement",
                                 "announced_failed": "announced and missed",
                                 "defence": "the defence took every trick",
                                 "announced_failed_defence": "announced by the taker, and the "
                                 "defence took every trick"}[chelem] + ".")
    return lines


def check_deal_score(summary: dict, hand_score, taker_total) -> Feedback:
    """Judge a hand score ``s`` and the taker's total for a deal summary.

    >>> summary = {"bid": "guard", "taker_points": 43, "taker_bouts": 2,
    ...            "petit_au_bout": "taker", "poignees": ["simple"]}
    >>> check_deal_score(summary, 94, 282).ok
    True
    >>> feedback = check_deal_score(summary, 74, 222)
    >>> feedback.ok, feedback.details[-1]
    (False, 'Each defender pays 94; the taker receives 3 × 94 = 282.')
    """
    result = score(summary)
    hand_right = hand_score == result["hand_score"]
    taker_right = taker_total == result["taker"]
    if hand_right and taker_right:
        return Feedback(True, f"Right: s = {result['hand_score']}, so the taker's total is "
                        f"{result['taker']} and each defender's {result['each_defender']}.")
    if hand_right:
        message = (f"The hand score {hand_score} is right, but the taker gets 3 × s = "
                   f"{result['taker']}, not {taker_total}.")
        section = section_link("09-scoring", "sharing-out-the-score", "Sharing out the score")
    else:
        message = f"Not quite: the hand score is {result['hand_score']}, not {hand_score}. The working:"
        section = section_link("09-scoring", "the-formula", "The formula")
    return Feedback(False, message, explain_score(summary), section)


# ----- the score sheet -------------------------------------------------------------------


@dataclass(frozen=True)
class SheetDeal:
    """One line of a score sheet: who took (a seat number) and the deal summary."""

    taker: int
    summary: dict

    def seat_scores(self) -> list[int]:
        """Each seat's gain for this deal, from the engine."""
        return score_summary(self.summary).seat_scores(self.taker)


def random_sheet(rng: random.Random, deals: int = 5) -> tuple[SheetDeal, ...]:
    """Five (by default) random deals of a four-player game, each with its taker.

    >>> len(random_sheet(random.Random(2)))
    5
    """
    return tuple(SheetDeal(rng.randrange(4), random_summary(rng)) for _ in range(deals))


def sheet_totals(deals) -> list[list[int]]:
    """The running totals after each deal, written into a :class:`Ledger`.

    >>> sheet_totals([SheetDeal(0, {"bid": "guard", "taker_points": 56, "taker_bouts": 2})])
    [[240, -80, -80, -80]]
    """
    ledger = Ledger(players=4)
    for deal in deals:
        ledger.add(deal.seat_scores())
    return ledger.running_totals


def check_sheet(deals, grid) -> Feedback:
    """Judge a grid of running totals (one row per deal, one number per seat).

    The first wrong row is explained with the engine's working for that deal.
    """
    expected = sheet_totals(deals)
    wrong = []
    for row, (typed, right) in enumerate(zip(grid, expected)):
        for seat, (value, total) in enumerate(zip(typed, right)):
            if value != total:
                wrong.append((row, seat, value, total))
    if not wrong:
        return Feedback(True, "Right: every running total is correct, and each line sums to zero.")
    first_row = wrong[0][0]
    details = [f"After deal {row + 1}, {SEAT_NAMES[seat]}: you wrote {value}, the total is {total}."
               for row, seat, value, total in wrong[:6]]
    if len(wrong) > 6:
        details.append(f"… and {len(wrong) - 6} more.")
    deal = deals[first_row]
    gains = deal.seat_scores()
    details.append(f"Deal {first_row + 1}: {SEAT_NAMES[deal.taker]} took. The working:")
    details += explain_score(deal.summary)
    details.append("So this deal gives " + ", ".join(
        f"{SEAT_NAMES[s]} {g:+d}" for s, g in enumerate(gains)) + ".")
    return Feedback(False, f"{len(wrong)} of the {4 * len(expected)} totals are not right.",
                    details, section_link("09-scoring", "the-score-sheet", "The score sheet"))
