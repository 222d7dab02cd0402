"""Where the Excuse goes once played (RULES.md §8).

>>> excuse_outcome(RuleSet(), last_trick=False, won_every_earlier_trick=False).name
'KEPT'
>>> print(excuse_outcome(RuleSet(), last_trick=True, won_every_earlier_trick=False).explanation)
On the last trick the Excuse changes sides: it goes to the other side, even when its own side wins the trick, and no card is given in exchange.
>>> excuse_outcome(RuleSet(), last_trick=True, won_every_earlier_trick=True).name
'WINS_TRICK'
"""

from __future__ import annotations

import enum

from .rules import RuleSet

__all__ = ["ExcuseOutcome", "excuse_outcome"]


class ExcuseOutcome(enum.Enum):
    """What happens to the Excuse played to a trick."""

    KEPT = ("The Excuse stays with the side that played it. If the other side wins the trick, "
            "the Excuse's side gives it a half-point card in exchange (as soon as it has one).")
    CHANGES_SIDES = ("On the last trick the Excuse changes sides: it goes to the other side, even "
                     "when its own side wins the trick, and no card is given in exchange.")
    TO_TRICK_WINNER = ("On the last trick the Excuse goes with the trick to whoever wins it "
                       "(the older rule of this variant).")
    WINS_TRICK = ("A side that has won every earlier trick and plays the Excuse to the last trick "
                  "wins that trick with it: the slam is made.")

    @property
    def explanation(self) -> str:
        return self.value


def excuse_outcome(rules: RuleSet, last_trick: bool, won_every_earlier_trick: bool) -> ExcuseOutcome:
    """The rule that applies to an Excuse just played.

    ``won_every_earlier_trick``: the side that played the Excuse has won all the
    tricks before this one. This is the one place where §8 is decided.
    """
    if not last_trick:
        return ExcuseOutcome.KEPT
    if won_every_earlier_trick:
        return ExcuseOutcome.WINS_TRICK
    if rules.excuse_always_kept:
        return ExcuseOutcome.KEPT
    if rules.excuse_last_trick_to_winner:
        return ExcuseOutcome.TO_TRICK_WINNER
    return ExcuseOutcome.CHANGES_SIDES
