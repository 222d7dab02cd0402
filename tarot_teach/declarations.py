"""Declarations before the first trick (RULES.md §6): the slam choice, the poignée, the misère.

The poignée and misère rules are written here once; the game, the widgets and the pages
ask these functions.

>>> from tarot_teach.cards import parse_cards
>>> hand = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX KH 3H 4S 5S 6D 7D 8C 9C")
>>> [(p.level, [str(c) for c in p.cards][-2:]) for p in poignee_options(hand, 4)]
[('simple', ['T10', 'EX'])]
>>> poignee_options(hand, 5)[-1].level
'double'
>>> print(poignee_problem(hand, parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX"), "simple", 4))
None
>>> hand = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 EX KH 3H 4S 5S 6D 7D 8C")
>>> print(poignee_problem(hand, parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX"), "simple", 4)[0])
The Excuse may be shown in a poignée only by a player who has no other trump left to show.
>>> misere_kinds(["KH", "2S", "3C"]), misere_kinds(["T5", "2S", "3C"]), misere_kinds(["EX", "KH"])
(['trumps'], ['honours'], [])
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .cards import (DECK, EXCUSE_BIT, TRUMP_MASK, Card, cards_of, mask_of, parse_card,
                    short_names)
from .errors import Rule
from .tables import HANDFUL_LEVELS, HANDFUL_THRESHOLDS

__all__ = ["Slam", "Poignee", "Misere", "poignee_options", "poignee_problem", "MISERE_KINDS",
           "MISERE_WORDS", "misere_kinds", "misere_problem", "hand_mask"]

BOUTS_MASK = EXCUSE_BIT | (1 << 1) | (1 << 21)
COURTS_MASK = sum(1 << c.index for c in DECK if c.is_court)


class Slam(enum.Enum):
    """The taker's choice after the discard: announce a chelem or not (or, with the variant
    petit_chelem, announce a petit chelem: all tricks but one)."""

    ANNOUNCE = "chelem"
    DECLINE = "no_chelem"
    ANNOUNCE_PETIT = "petit_chelem"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Poignee:
    """A handful declared by showing trumps, just before the seat's first card."""

    cards: tuple[Card, ...]
    level: str

    def __str__(self) -> str:
        return f"poignee:{self.level}"


@dataclass(frozen=True)
class Misere:
    """Misère (variant): declared just before the seat's first card; ``kind`` is ``"trumps"``
    (no trump and no Excuse) or ``"honours"`` (no face card and no bout)."""

    kind: str

    def __str__(self) -> str:
        return f"misere:{self.kind}"


def hand_mask(hand) -> int:
    """A hand given as a mask, or as cards or card names, as a mask."""
    if isinstance(hand, int):
        return hand
    if isinstance(hand, str):
        hand = hand.split()
    return mask_of(parse_card(c) for c in hand)


def _thresholds(rules) -> tuple[int, int, int]:
    """A rule set's poignée thresholds; a number of players means the FFT thresholds."""
    if isinstance(rules, int):
        return HANDFUL_THRESHOLDS[rules]
    return rules.handful_thresholds


def poignee_options(hand, rules=4) -> list[Poignee]:
    """The poignées ``hand`` may show (smallest first), each with the trumps it would show:
    the lowest trumps, and the Excuse only when it is needed to reach the count.

    ``rules`` is a :class:`~tarot_teach.rules.RuleSet` or a number of players (FFT).
    """
    mask = hand_mask(hand)
    trumps = cards_of(mask & TRUMP_MASK)
    has_excuse = bool(mask & EXCUSE_BIT)
    options = []
    for level, needed in zip(HANDFUL_LEVELS, _thresholds(rules)):
        if len(trumps) >= needed:
            shown = tuple(trumps[:needed])
        elif has_excuse and len(trumps) == needed - 1:
            shown = tuple(trumps) + (DECK[0],)
        else:
            break
        options.append(Poignee(shown, level))
    return options


def poignee_problem(hand, cards, level: str, rules=4) -> "tuple[str, str] | None":
    """``(message, rule)`` if ``hand`` may not show ``cards`` as a ``level`` poignée, else None.

    Checks the cards shown (from the hand, each once, only trumps and the Excuse), their
    number, and the Excuse rule; the moment of the declaration is the game's business.
    """
    mask = hand_mask(hand)
    cards = tuple(parse_card(c) for c in cards)
    if len(set(cards)) != len(cards) or any(not mask >> c.index & 1 for c in cards):
        return "A poignée shows trumps from your own hand, each once.", Rule.POIGNEE_CARDS
    if any(not (c.is_trump or c.is_excuse) for c in cards):
        return "A poignée shows only trumps (and the Excuse).", Rule.POIGNEE_CARDS
    thresholds = dict(zip(HANDFUL_LEVELS, _thresholds(rules)))
    if level not in thresholds or thresholds[level] != len(cards):
        return (f"A {level} poignée shows exactly {thresholds.get(level, '?')} trumps.",
                Rule.POIGNEE_COUNT)
    if any(c.is_excuse for c in cards) and (mask & TRUMP_MASK).bit_count() != len(cards) - 1:
        return ("The Excuse may be shown in a poignée only by a player who has no other trump "
                "left to show.", Rule.POIGNEE_EXCUSE)
    return None


MISERE_KINDS = {"trumps": TRUMP_MASK | EXCUSE_BIT, "honours": COURTS_MASK | BOUTS_MASK}
"""Misère: the cards a hand must be without, by kind (no trump and no Excuse; no face card
and no bout)."""
MISERE_WORDS = {"trumps": "no trump and no Excuse", "honours": "no face card and no bout"}
"""The same, in words (for messages that explain the rule)."""


def misere_kinds(hand) -> list[str]:
    """The misères a hand may declare (variant ``misere``): ``"trumps"``, ``"honours"``."""
    mask = hand_mask(hand)
    return [kind for kind, without in MISERE_KINDS.items() if not mask & without]


def misere_problem(hand, kind: str, holder: str = "this hand") -> "str | None":
    """Why a hand may not declare this misère (the cards that spoil it), or None if it may.

    >>> print(misere_problem(["KH", "T3", "2S"], "trumps"))
    A trumps misère needs a hand with no trump and no Excuse; this hand holds trump 3.
    """
    held = cards_of(hand_mask(hand) & MISERE_KINDS[kind])
    if not held:
        return None
    article = "An" if kind == "honours" else "A"
    return (f"{article} {kind} misère needs a hand with {MISERE_WORDS[kind]}; {holder} holds "
            + short_names(held, 4) + ".")
