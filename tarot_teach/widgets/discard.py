"""Exercises on the dog and the discard (book chapter 6).

Hands come from real seeded deals played through :class:`tarot_teach.GameState` up to
the discard; a discard is judged by :func:`tarot_teach.discard_problems`, and a single
card by the engine's own refusal (:class:`tarot_teach.IllegalAction`) when the taker
tries to lay it aside.

>>> question = forced_trump_example()
>>> [str(c) for c in question.forbidden()]
['T21', 'T1', 'EX', 'KS', 'KH', 'KC', 'KD']
>>> check_discard(question, ["2S", "3S", "4H", "T2", "T3", "T4"]).ok
True
>>> print(check_discard(question, ["2S", "3S", "4H", "T2", "T3", "KH"]).details[0])
A King may not go to the discard (King of hearts).
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..discard import discardable_cards
from ..teach.discard import (CHAPTER, DiscardQuestion, discard_question_from_state,
                             random_discard_question, forced_trump_example, sample_discard,
                             check_discard, refusal_of, check_forbidden, DogPointsQuestion,
                             check_dog_points, random_dog_points_question, dog_points_solution)
from .auction import SEAT_NAMES, bid_name
from .base import (AnswerError, Exercise, Feedback, NumberExercise, NumberField, cards_line,
                   section_link)
from .card_picker import CardPicker
from .render import cards_html, escape_text

__all__ = ["DiscardQuestion", "discard_question_from_state", "random_discard_question",
    "forced_trump_example", "check_discard", "sample_discard", "refusal_of", "check_forbidden",
    "check_dog_points", "DogPointsQuestion", "DiscardExercise", "ForbiddenDiscardExercise",
    "DogPointsExercise"]


def _hand_header(question: DiscardQuestion) -> str:
    return (f"{SEAT_NAMES[question.taker]} bid a <b>{escape_text(bid_name(question.contract))}</b>"
            f" and took the dog in:" + cards_html(question.dog, size="small", caption="The dog"))


class DiscardExercise(Exercise):
    """Choose a legal discard from the taker's 24 cards."""

    title = "Make the discard"
    section = section_link(CHAPTER, "what-may-go-to-the-discard", "What may go to the discard")

    def build_inputs(self) -> list:
        self.dog_view = widgets.HTML()
        self.count = widgets.HTML()
        self.picker = CardPicker(on_change=self._count_changed)
        return [self.dog_view, widgets.HTML("<div>Your hand — click the cards to lay aside:</div>"),
                self.picker.box, self.count]

    def _count_changed(self, selected) -> None:
        self.count.value = f"<div>{len(selected)} of {self.question.dog_size} chosen</div>"

    def make_question(self, rng: random.Random) -> DiscardQuestion:
        return random_discard_question(rng)

    def show_question(self, question: DiscardQuestion) -> None:
        self.prompt.value = (f"You are the taker. Lay aside {question.dog_size} cards, "
                             "following the rules of the discard.")
        self.dog_view.value = _hand_header(question)
        self.picker.set_cards(question.hand)
        self.count.value = f"<div>0 of {question.dog_size} chosen</div>"

    def read_answer(self):
        chosen = self.picker.selected
        if not chosen:
            raise AnswerError(f"Click the {self.question.dog_size} cards you lay aside, then Check.")
        return chosen

    def judge(self, question: DiscardQuestion, answer) -> Feedback:
        return check_discard(question, answer)

    def solution(self, question: DiscardQuestion) -> str:
        allowed = discardable_cards(question.hand, question.dog_size)
        return (f"One legal discard: {cards_line(sample_discard(question))}. "
                f"The cards that may go to the discard: {cards_line(allowed)}.")


class ForbiddenDiscardExercise(Exercise):
    """Click every card of the taker's hand that may not go to the discard."""

    title = "Which cards may not go to the discard?"
    section = section_link(CHAPTER, "what-may-go-to-the-discard", "What may go to the discard")

    def build_inputs(self) -> list:
        self.dog_view = widgets.HTML()
        self.picker = CardPicker()
        return [self.dog_view,
                widgets.HTML("<div>Your hand — click every card that may <b>not</b> go to the "
                             "discard:</div>"),
                self.picker.box]

    def make_question(self, rng: random.Random) -> DiscardQuestion:
        while True:
            question = random_discard_question(rng)
            if question.forbidden():
                return question

    def show_question(self, question: DiscardQuestion) -> None:
        self.prompt.value = f"You are the taker and must lay aside {question.dog_size} cards."
        self.dog_view.value = _hand_header(question)
        self.picker.set_cards(question.hand)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question: DiscardQuestion, answer) -> Feedback:
        return check_forbidden(question, answer)

    def solution(self, question: DiscardQuestion) -> str:
        return (f"These may not go to the discard: {cards_line(question.forbidden())}. "
                "Every other card may.")


class DogPointsExercise(NumberExercise):
    """How many points does the dog add to this side under this contract?"""

    title = "Whose are the dog's points?"
    section = section_link(CHAPTER, "guard-without-and-guard-against",
                           "Guard without and Guard against")
    fields = (NumberField("answer_box", "a number of points", "Points:", "e.g. 7.5",
                          halves=True),)

    def question_inputs(self) -> list:
        self.dog_view = widgets.HTML()
        return [self.dog_view]

    def make_question(self, rng: random.Random) -> DogPointsQuestion:
        return random_dog_points_question(rng)

    def show_question(self, question: DogPointsQuestion) -> None:
        self.prompt.value = (f"The contract is a <b>{escape_text(bid_name(question.contract))}"
                             f"</b>. After the last trick the dog is turned over. How many card "
                             f"points does it add to the <b>{question.side}</b>'s pile?")
        self.dog_view.value = cards_html(question.dog, caption="The dog")

    def judge(self, question: DogPointsQuestion, answer) -> Feedback:
        return check_dog_points(question, answer)

    def solution(self, question: DogPointsQuestion) -> str:
        return dog_points_solution(question)
