"""The open-hand solver: the best result for both sides when every hand is known.

The taker's side maximises its final card points, the defence minimises them (with five
players the partner is on the taker's side). Values are exactly what
``state.result.taker_points`` reports at the end of the deal, the Excuse rules of
RULES.md §8 included.
"""

from __future__ import annotations

from fractions import Fraction

from .cards import Card

__all__ = ["card_values", "best_line", "NotSolvable"]


class NotSolvable(ValueError):
    """A state the solver cannot analyse: not in the playing phase, or a game without a taker."""


def card_values(state, *, max_nodes=None) -> dict[Card, Fraction]:
    """Every legal card of the seat to play -> the taker's side's final card points with
    perfect play by both sides from here on."""
    raise NotImplementedError


def best_line(state) -> list[Card]:
    """The principal variation from ``state``: the cards perfect play chooses, to the end."""
    raise NotImplementedError
