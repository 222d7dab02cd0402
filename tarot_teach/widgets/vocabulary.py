"""The French ↔ English terms exercise (the glossary).

The judge is :func:`tarot_teach.teach.vocabulary.check_term`.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> exercise = VocabularyExercise(progress=progress, question=TermQuestion(
...     "pli", "fr", ("the trick", "the dog", "a slam", "the taker")))
>>> exercise.choice.value = "the dog"
>>> exercise.check().ok
False
>>> exercise.choice.value = "the trick"; exercise.check().ok
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..teach.vocabulary import SECTION, TermQuestion, check_term, random_term_question, translate
from .base import AnswerError, Exercise, Feedback
from .render import escape_text

__all__ = ["VocabularyExercise", "TermQuestion"]


class VocabularyExercise(Exercise):
    """Pick the translation of a French or English tarot word."""

    title = "French ↔ English"
    section = SECTION

    def build_inputs(self) -> list:
        self.choice = widgets.RadioButtons(options=[], value=None,
                                           layout=widgets.Layout(width="auto", max_width="100%"))
        self.choice.add_class("tt-radio")
        return [self.choice]

    def make_question(self, rng: random.Random) -> TermQuestion:
        return random_term_question(rng)

    def show_question(self, question: TermQuestion) -> None:
        into = "English" if question.language == "fr" else "French"
        self.prompt.value = (f"How do you say <b>{escape_text(question.word)}</b> in {into}?")
        self.choice.options = list(question.choices)
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError("Choose one of the translations offered, then Check.")
        return self.choice.value

    def judge(self, question: TermQuestion, answer) -> Feedback:
        return check_term(question, answer)

    def solution(self, question: TermQuestion) -> str:
        return f"“{question.word}” is “{translate(question.word)[0]}”."
