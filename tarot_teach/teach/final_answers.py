"""Reading the learner's answers in the final test (:mod:`tarot_teach.teach.final_test`): a
seat of the test's table of :data:`PLAYERS`, cards, and the JSON form an answer is saved in."""

from __future__ import annotations

from fractions import Fraction

from ..cards import Card, parse_card
from ..rules import Bid
from .feedback import AnswerError
from .inputs import half_text, read_text

__all__ = ["PLAYERS"]

PLAYERS = 4


def _seat(given) -> int:
    if isinstance(given, bool) or not isinstance(given, (int, str)):
        raise AnswerError("Choose a player first.")
    if isinstance(given, str):
        text = read_text(given, "the player")
        if not text.isdigit() or len(text) > 1:
            raise AnswerError("Choose a player first.")
        given = int(text)
    if not 0 <= given < PLAYERS:
        raise AnswerError("Choose a player first.")
    return given


def _cards(given, what: str) -> list[Card]:
    if isinstance(given, str):
        given = read_text(given, what).split()
    if not isinstance(given, (list, tuple)) or len(given) > 30:
        raise AnswerError(f"Choose {what} first.")
    try:
        cards = [parse_card(c) for c in given]
    except (ValueError, TypeError):
        raise AnswerError(f"Choose {what} among the cards shown.") from None
    if len(set(cards)) != len(cards):
        raise AnswerError("A card is chosen twice.")
    return cards


def _jsonable(given):
    if isinstance(given, (list, tuple)):
        return [str(item) for item in given]
    if isinstance(given, Card):
        return str(given)
    if isinstance(given, Bid):
        return given.value
    if isinstance(given, Fraction):
        return half_text(given)
    return given
