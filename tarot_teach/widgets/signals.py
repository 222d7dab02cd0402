"""The defenders' signals exercise (chapter 14): what does partner's card tell you?

The judge is :func:`tarot_teach.teach.signals.check_signal`.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> exercise = SignalExercise(progress=progress,
...     question=SignalQuestion("excuse_on_trumps", tuple(parse_cards("T8"))))
>>> exercise.choice.value = "stop_trumps"
>>> exercise.check().ok
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import EXCUSE, parse_cards
from ..teach.signals import (MEANINGS, SignalQuestion, check_signal, describe_signal, meaning_of,
                             random_signal_question)
from .base import AnswerError, Exercise, Feedback, section_link
from .render import cards_html, escape_text

__all__ = ["SignalExercise", "SignalQuestion"]


class SignalExercise(Exercise):
    """Read the message in a defender's card."""

    title = "What does the card tell you?"
    section = section_link("14-signals", "", "Signals and card play")

    def build_inputs(self) -> list:
        self.cards_view = widgets.HTML()
        self.choice = widgets.RadioButtons(options=[(f"“{text}.”", key)
                                                    for key, text in MEANINGS.items()],
                                           value=None,
                                           layout=widgets.Layout(width="auto", max_width="100%"))
        self.choice.add_class("tt-radio")
        return [self.cards_view, self.choice]

    def make_question(self, rng: random.Random) -> SignalQuestion:
        return random_signal_question(rng)

    def show_question(self, question: SignalQuestion) -> None:
        self.prompt.value = escape_text(describe_signal(question))
        if question.kind == "forced":
            shown = (cards_html(question.cards, caption="The trick so far:")
                     + cards_html(question.hand, size="small", caption="Your hand:"))
        elif question.kind == "excuse_on_trumps":
            shown = cards_html([*question.cards, EXCUSE], caption="The trick so far:")
        else:
            shown = cards_html(question.cards, caption="Your partner's card"
                               + ("s, in the order played:" if len(question.cards) > 1 else ":"))
        self.cards_view.value = shown
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError("Choose what the card tells you, then Check.")
        return self.choice.value

    def judge(self, question: SignalQuestion, answer) -> Feedback:
        return check_signal(question, answer)

    def solution(self, question: SignalQuestion) -> str:
        key, why = meaning_of(question)
        return f"“{MEANINGS[key]}.” {why}"
