"""Declaring a poignée (RULES.md §6): the engine's allowed declarations
(:func:`tarot_teach.poignee_options`) and refusals (:func:`tarot_teach.poignee_problem`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK, EXCUSE, Card, parse_cards, sort_cards
from ..declarations import poignee_options, poignee_problem
from ..game import Poignee
from ..rules import RuleSet
from ..scoring import HANDFUL_LEVELS
from .feedback import AnswerError, Feedback, section_link

__all__ = ["PoigneeQuestion", "poignee_options", "poignee_refusal",
    "random_poignee_hand", "check_poignee", "NONE"]

NONE = "none"
LEVEL_ORDER = (NONE,) + HANDFUL_LEVELS
PLAYERS = 4
"""The poignée exercise is for four players."""


@dataclass(frozen=True)
class PoigneeQuestion:
    """An 18-card hand, held by the player about to play their first card."""

    hand: tuple[Card, ...]


def poignee_refusal(hand, level: str, with_excuse: bool) -> "str | None":
    """The engine's reason (:func:`tarot_teach.poignee_problem`) for refusing a ``level``
    poignée shown with or without the Excuse, or None if the engine accepts it.

    The shown cards are the hand's lowest trumps (and the Excuse if ``with_excuse``), as many
    as the level needs.

    >>> hand = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 EX KH 3H 4S 5S 6D 7D 8C")
    >>> print(poignee_refusal(hand, "simple", True))
    The Excuse may be shown in a poignée only by a player who has no other trump left to show.
    >>> poignee_refusal(hand, "simple", False) is None
    True
    """
    rules = RuleSet(players=PLAYERS)
    needed = dict(zip(HANDFUL_LEVELS, rules.handful_thresholds))[level]
    trumps = [card for card in sort_cards(hand) if card.is_trump]
    shown = trumps[:needed - 1] + [EXCUSE] if with_excuse else trumps[:needed]
    problem = poignee_problem(hand, shown, level, rules)
    return problem[0] if problem else None


def random_poignee_hand(rng: random.Random) -> PoigneeQuestion:
    """A hand with 8 to 16 trumps (often near a threshold), sometimes with the Excuse."""
    trumps_count = rng.choice((8, 9, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15, 16))
    with_excuse = rng.random() < 0.5
    trumps = rng.sample([c for c in DECK if c.is_trump], trumps_count)
    plain = rng.sample([c for c in DECK if c.suit.is_plain], 18 - trumps_count - with_excuse)
    hand = trumps + plain + ([DECK[0]] if with_excuse else [])
    if sum(1 for c in hand if c.is_trump) == 1 and not with_excuse:  # pragma: no cover
        return random_poignee_hand(rng)
    return PoigneeQuestion(tuple(sort_cards(hand)))


def _answer_from_options(options: list[Poignee]) -> tuple[str, bool]:
    if not options:
        return NONE, False
    biggest = options[-1]
    return biggest.level, any(card.is_excuse for card in biggest.cards)


def check_poignee(question: PoigneeQuestion, level: str, shows_excuse: bool) -> Feedback:
    """Judge the biggest poignée claimed for a hand, and whether the Excuse is shown in it."""
    if level not in LEVEL_ORDER:
        raise AnswerError("Choose a poignée (or “none”) first.")
    hand = question.hand
    options = poignee_options(hand, PLAYERS)
    right_level, right_excuse = _answer_from_options(options)
    trumps = sum(1 for c in hand if c.is_trump)
    holds_excuse = any(c.is_excuse for c in hand)
    count = f"You hold {trumps} trumps" + (" and the Excuse." if holds_excuse else " and no Excuse.")
    section = section_link("09-scoring", "the-handful", "The handful")
    allowed = ", ".join(f"{o.level} ({len(o.cards)} cards)" for o in options) or "none"
    if level != right_level:
        details = [count, f"The engine allows: {allowed}."]
        if LEVEL_ORDER.index(level) > LEVEL_ORDER.index(right_level):
            reason = poignee_refusal(hand, level, holds_excuse)
            if reason:
                details.insert(1, reason)
            return Feedback(False, f"You cannot declare a {level} poignée with this hand.",
                            details, section)
        return Feedback(False, (f"You could declare more than that: the biggest allowed is a "
                                f"{right_level} poignée.") if right_level != NONE else
                        "No poignée can be declared with this hand.", details, section)
    if level == NONE:
        if shows_excuse:
            return Feedback(False, "There is no poignée to declare, so nothing is shown.",
                            [count], section)
        return Feedback(True, f"Right: no poignée. {count}")
    if shows_excuse != right_excuse:
        if shows_excuse:
            reason = (poignee_refusal(hand, level, True) if holds_excuse
                      else "You do not hold the Excuse.")
            return Feedback(False, "The Excuse may not be shown here.", [count, reason], section)
        return Feedback(False, "Here the Excuse must be shown: without it you are one trump short.",
                        [count, f"The engine's declaration shows {len(options[-1].cards)} cards, "
                                "the Excuse among them."], section)
    shown = "with the Excuse" if right_excuse else "trumps only"
    return Feedback(True, f"Right: a {level} poignée, {shown}. {count}")
