"""Exercise on declaring a poignée (handful) before the first card (RULES.md §6).

The engine decides: :func:`tarot_teach.poignee_options` lists the
:class:`~tarot_teach.Poignee` declarations a hand may make, and
:func:`tarot_teach.poignee_problem` says why a declaration is refused.

>>> from tarot_teach import parse_cards
>>> hand = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX KH QH 3H 4S 5S 6D 7D 8C")
>>> [option.level for option in poignee_options(hand)]
['simple']
>>> any(card.is_excuse for card in poignee_options(hand)[0].cards)
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import parse_cards
from ..teach.poignee import (NONE, PoigneeQuestion, poignee_options, poignee_refusal,
                             random_poignee_hand, _answer_from_options, check_poignee)
from .base import AnswerError, Exercise, Feedback, section_link
from .render import cards_html

__all__ = ["PoigneeQuestion", "poignee_options", "poignee_refusal",
    "random_poignee_hand", "check_poignee", "PoigneeExercise", "NONE"]


class PoigneeExercise(Exercise):
    """A hand: the biggest poignée you may declare, and whether you show the Excuse."""

    title = "Declare a poignée?"
    section = section_link("09-scoring", "the-handful", "The handful")

    def build_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        self.level = widgets.ToggleButtons(
            options=[("none", NONE), ("simple", "simple"), ("double", "double"),
                     ("triple", "triple")], value=None,
            style=widgets.ToggleButtonsStyle(button_width="5.5em"))
        self.excuse = widgets.ToggleButtons(
            options=[("no", False), ("yes", True)], value=None,
            style=widgets.ToggleButtonsStyle(button_width="5.5em"))
        return [self.hand_view,
                widgets.HTML("<div>The biggest poignée you may declare:</div>"), self.level,
                widgets.HTML("<div>Is the Excuse among the cards you show?</div>"), self.excuse]

    def make_question(self, rng: random.Random) -> PoigneeQuestion:
        return random_poignee_hand(rng)

    def show_question(self, question: PoigneeQuestion) -> None:
        self.prompt.value = ("Four players. You are about to play your first card. "
                             "This is your hand:")
        self.hand_view.value = cards_html(question.hand, size="small")
        self.level.value = None
        self.excuse.value = None

    def read_answer(self):
        if self.level.value is None:
            raise AnswerError("Choose a poignée (or “none”) first.")
        if self.excuse.value is None:
            if self.level.value == NONE:
                return NONE, False
            raise AnswerError("Say whether the Excuse is among the cards you show (yes or no).")
        return self.level.value, bool(self.excuse.value)

    def judge(self, question: PoigneeQuestion, answer) -> Feedback:
        return check_poignee(question, *answer)

    def solution(self, question: PoigneeQuestion) -> str:
        options = poignee_options(question.hand)
        level, excuse = _answer_from_options(options)
        trumps = sum(1 for c in question.hand if c.is_trump)
        if level == NONE:
            return f"No poignée: {trumps} trumps" + (
                " and the Excuse" if any(c.is_excuse for c in question.hand) else "") + " are not enough."
        return (f"The biggest is a {level} poignée ({len(options[-1].cards)} cards shown"
                + (", the Excuse among them, since it is needed to reach the count)." if excuse
                   else ", trumps only).")
                + " Every level the engine allows (you may declare a smaller one): "
                + ", ".join(o.level for o in options) + ".")
