"""Exercises on the Excuse (book chapter 8).

Where the Excuse goes is decided by :func:`tarot_teach.excuse.excuse_outcome` and
explained with its own text; the cards playable after an Excuse lead come from
:func:`tarot_teach.legal_cards` (through :class:`~tarot_teach.widgets.play.PlayableCardsExercise`);
the points effect of the exchange is read from a real deal played to the end by
:class:`tarot_teach.GameState`.

>>> s = ExcuseSituation(trick=18, played_by="taker", best_other="defence", won_every_earlier=False)
>>> excuse_answer(s)
'changes'
>>> check_excuse(s, "kept").ok
False
>>> excuse_answer(ExcuseSituation(18, "taker", "defence", True))
'wins'
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..teach.excuse import (CHAPTER, EXCUSE_CHOICES, ExcuseSituation, excuse_answer, check_excuse,
                            random_excuse_situation, excuse_lead_position, check_after_excuse_lead,
                            ExchangeQuestion, find_exchange_deal, check_exchange_points)
from ..teach.inputs import half_text
from .auction import SEAT_NAMES, ChoiceExercise
from .base import Feedback, NumberExercise, NumberField, section_link
from .play import PlayableCardsExercise, PlayPosition
from .render import cards_html, escape_text

__all__ = ["ExcuseSituation", "EXCUSE_CHOICES", "excuse_answer", "check_excuse",
    "random_excuse_situation", "ExcuseExercise", "excuse_lead_position", "check_after_excuse_lead",
    "ExcuseLeadPlayableExercise", "ExchangeQuestion", "find_exchange_deal", "check_exchange_points",
    "ExchangePointsExercise"]


class ExcuseExercise(ChoiceExercise):
    """Where does the Excuse go?"""

    title = "Where does the Excuse go?"
    section = section_link(CHAPTER, "the-excuse-stays-with-its-side",
                           "The Excuse stays with its side")

    def make_question(self, rng: random.Random) -> ExcuseSituation:
        return random_excuse_situation(rng)

    def show_question(self, question: ExcuseSituation) -> None:
        self.prompt.value = "Four players, FFT rules. Where does the Excuse go?"
        self.question_view.value = f"<p>{escape_text(question.describe())}</p>"
        self.set_options([(text, key) for key, text in EXCUSE_CHOICES.items()])

    def judge(self, question: ExcuseSituation, answer) -> Feedback:
        return check_excuse(question, answer)

    def solution(self, question: ExcuseSituation) -> str:
        return question.outcome().explanation


class ExcuseLeadPlayableExercise(PlayableCardsExercise):
    """The trick began with the Excuse: click every card you may play."""

    title = "After an Excuse lead"
    section = section_link(CHAPTER, "when-the-excuse-is-led", "When the Excuse is led")

    def make_question(self, rng: random.Random) -> PlayPosition:
        return excuse_lead_position(rng)

    def judge(self, question: PlayPosition, answer) -> Feedback:
        return check_after_excuse_lead(question, answer)


class ExchangePointsExercise(NumberExercise):
    """Count the taker's points when the Excuse was kept by its side."""

    title = "The Excuse and the points"
    section = section_link(CHAPTER, "the-excuse-stays-with-its-side",
                           "The Excuse stays with its side")
    fields = (NumberField("answer_box", "the taker's points", "The taker's points:", "e.g. 43.5",
                          halves=True),)

    def question_inputs(self) -> list:
        self.trick_view = widgets.HTML()
        return [self.trick_view]

    def make_question(self, rng: random.Random) -> ExchangeQuestion:
        return find_exchange_deal(rng)

    def show_question(self, question: ExchangeQuestion) -> None:
        who = "the taker" if question.taker_played_excuse else "a defender"
        winner = "the taker" if question.taker_won_trick else "the defence"
        self.prompt.value = (
            f"A real deal, four players: {SEAT_NAMES[question.taker]} played a "
            f"{escape_text(question.contract_name)}. The cards of the tricks the taker won, "
            f"together with the discard (or the dog), add up to "
            f"<b>{half_text(question.won_points)}</b> points as they lie — the Excuse counted "
            f"wherever it lies. In trick {question.excuse_trick_number}, shown below, {who} "
            f"played the Excuse and {winner} won the trick. How many points does the taker "
            f"count at the end?")
        self.trick_view.value = cards_html(question.excuse_trick,
                                           caption=f"Trick {question.excuse_trick_number}")

    def judge(self, question: ExchangeQuestion, answer) -> Feedback:
        return check_exchange_points(question, answer)

    def solution(self, question: ExchangeQuestion) -> str:
        return f"The taker counts {half_text(question.answer)}: {question.explanation()}."
