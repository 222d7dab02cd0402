"""Words the engine uses for people: a card with its article, the seats' names.

>>> from tarot_teach.cards import parse_card
>>> the(parse_card("KH")), the(parse_card("T1")), the(parse_card("EX"))
('the King of hearts', 'the Petit (trump 1)', 'the Excuse')
>>> SEAT_NAMES[:4]
('Ada', 'Bruno', 'Chloé', 'Dmitri')
>>> [seat_name(seat, learner=0) for seat in range(3)]
['You', 'Bruno', 'Chloé']
"""

from __future__ import annotations

__all__ = ["the", "sentence", "SEAT_NAMES", "LEARNER_NAME", "seat_name", "seat_names"]

SEAT_NAMES = ("Ada", "Bruno", "Chloé", "Dmitri", "Eve")
"""The one list of seat names: seat 0 … 4 in the order of play (counter-clockwise at a
real table)."""

LEARNER_NAME = "You"
"""The name of the learner's own seat."""


def the(card) -> str:
    """A card's English name with "the" in front, once (the Petit and the Excuse carry it)."""
    name = card.name
    return name if name.startswith("the ") else f"the {name}"


def sentence(text: str) -> str:
    """``text`` as the start of a sentence: its first letter a capital, the rest as it is.

    >>> sentence("trump 1 is one of the best cards here."), sentence("K♥ wins.")
    ('Trump 1 is one of the best cards here.', 'K♥ wins.')
    """
    return text[:1].upper() + text[1:]


def seat_name(seat: int, learner: "int | None" = None) -> str:
    """The name of a seat; the learner's seat is "You"."""
    if seat == learner:
        return LEARNER_NAME
    return SEAT_NAMES[seat]


def seat_names(players: int, learner: "int | None" = None) -> tuple[str, ...]:
    """The names of every seat at a table of ``players``.

    >>> seat_names(3, learner=1)
    ('Ada', 'You', 'Chloé')
    """
    return tuple(seat_name(seat, learner) for seat in range(players))
