"""What a taker's pile can hold at the end of a deal, for the scoring questions.

A deal summary names the bouts in the taker's pile and who won the petit au bout.
They are not independent: the Petit played to the last trick lies in the pile of
the side that won that trick. So the questions draw *which* of the engine's
bouts (:data:`tarot_teach.cards.BOUTS`) are in the taker's pile, and the petit au
bout can only go to the side whose pile holds the Petit; the card points then lie
between the points of those bouts and the whole pack less the other bouts.

>>> pile = draw_pile(random.Random(4), 0, petit_chance=1)
>>> pile.bouts, pile.petit_au_bout
(0, 'defence')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ..cards import BOUTS, PETIT, Card, count_bouts, parse_cards, points
from ..rules import RuleSet

__all__ = ["PileFacts", "draw_pile", "petit_au_bout_side"]


def petit_au_bout_side(pile_bouts) -> str:
    """The only side that can win the petit au bout: the one whose pile holds the Petit.

    >>> petit_au_bout_side(["T21", "T1"]), petit_au_bout_side(["EX"])
    ('taker', 'defence')
    """
    return "taker" if PETIT in parse_cards(list(pile_bouts)) else "defence"


@dataclass(frozen=True)
class PileFacts:
    """The bouts in the taker's pile, a possible petit au bout, and the card points possible."""

    pile_bouts: tuple[Card, ...]
    petit_au_bout: "str | None"
    lowest: Fraction   # the points of the taker's bouts alone
    highest: Fraction  # every point except the defence's bouts

    @property
    def bouts(self) -> int:
        return count_bouts(self.pile_bouts)


def draw_pile(rng: random.Random, bouts: int, petit_chance: float = 0.25,
              rules: "RuleSet | None" = None) -> PileFacts:
    """Draw which ``bouts`` bouts the taker's pile holds; with ``petit_chance``, a petit au bout
    for the side holding the Petit.

    >>> facts = draw_pile(random.Random(1), 3, petit_chance=1)
    >>> facts.petit_au_bout, facts.lowest, facts.highest
    ('taker', Fraction(27, 2), Fraction(91, 1))
    """
    rules = rules or RuleSet()
    held = tuple(rng.sample(BOUTS, bouts))
    petit = petit_au_bout_side(held) if rng.random() < petit_chance else None
    others = [card for card in BOUTS if card not in held]
    return PileFacts(held, petit, points(held), rules.total_points - points(others))
