"""Exercises on slams (chapter 9): announcing one, and what a slam is worth.

The judges are in :mod:`tarot_teach.teach.slams`; they read the engine's state and
:func:`tarot_teach.score`.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> exercise = SlamValueExercise(progress=progress, question={"players": 4, "bid": "take",
...     "taker_points": 91, "taker_bouts": 3, "chelem": "made"})
>>> exercise.bonus_box.value, exercise.hand_box.value = "200", "280"
>>> exercise.check().ok
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..names import sentence
from ..scoring import explain_score
from ..teach.slams import (ANYONE, SLAM_SECTION, TAKER_SLAMS, WHEN, AnnounceQuestion,
                           check_announcement, check_slam_score, random_announce_question,
                           random_slam_summary, slam_bonus)
from .base import AnswerError, Exercise, Feedback, NumberField
from .render import escape_text
from .scoring import DealSummaryExercise

__all__ = ["SlamAnnounceExercise", "SlamValueExercise"]



def _wrap() -> widgets.Layout:
    return widgets.Layout(width="auto", max_width="100%")


class SlamAnnounceExercise(Exercise):
    """Who may announce a slam, when, and who leads the first trick then."""

    title = "Announcing a slam"
    section = SLAM_SECTION

    def build_inputs(self) -> list:
        self.who = widgets.Dropdown(description="Who may announce?", options=[], value=None,
                                    style={"description_width": "initial"}, layout=_wrap())
        self.when = widgets.RadioButtons(options=[(text, key) for key, text in WHEN.items()],
                                         value=None, layout=_wrap())
        self.when.add_class("tt-radio")
        self.leader = widgets.Dropdown(description="Who leads the first trick?", options=[],
                                       value=None, style={"description_width": "initial"},
                                       layout=_wrap())
        return [self.who, widgets.HTML("<div>When is the slam announced (or not)?</div>"),
                self.when, self.leader]

    def make_question(self, rng: random.Random) -> AnnounceQuestion:
        return random_announce_question(rng)

    def show_question(self, question: AnnounceQuestion) -> None:
        names = question.names
        bids = ", ".join(f"{names[seat]} passes" if bid.value == "pass"
                         else f"{names[seat]} bids {bid.english}" for seat, bid in question.auction)
        choice = "announces a slam" if question.announced else "does not announce a slam"
        self.prompt.value = (
            f"{question.players} players; {escape_text(names[question.dealer])} dealt. The auction: "
            f"{escape_text(bids)}. The taker, {escape_text(names[question.taker])}, "
            f"{choice}.")
        self.who.options = [("Any player", ANYONE)] + [(name, seat) for seat, name in
                                                       enumerate(names)]
        self.who.value = None
        self.leader.options = [(name, seat) for seat, name in enumerate(names)]
        self.leader.value = None
        self.when.value = None

    def read_answer(self):
        if self.who.value is None or self.when.value is None or self.leader.value is None:
            raise AnswerError("Answer all three questions (who, when, who leads), then Check.")
        return self.who.value, self.when.value, self.leader.value

    def judge(self, question: AnnounceQuestion, answer) -> Feedback:
        return check_announcement(question, *answer)

    def solution(self, question: AnnounceQuestion) -> str:
        text = check_announcement(question, question.taker, question.before,
                                  question.leader).message.removeprefix("Right: ")
        return sentence(text)


class SlamValueExercise(DealSummaryExercise):
    """Type what the slam adds to the hand score, and the hand score itself."""

    title = "What is the slam worth?"
    section = SLAM_SECTION
    fields = (NumberField("bonus_box", "the slam's bonus", "The slam counts:", "e.g. 400",
                          width="8em", where="The slam box"),
              NumberField("hand_box", "the hand score s", "Hand score <i>s</i> =", "e.g. 292",
                          width="8em", where="The hand score box"))

    def make_question(self, rng: random.Random) -> dict:
        return random_slam_summary(rng)

    def show_question(self, question: dict) -> None:
        self.prompt.value = ("Four players. What does the slam add to the hand score (with its "
                             "sign, from the taker's side), and what is the hand score <i>s</i>?")
        if question["bid"] == "guard_against" and question["chelem"] in TAKER_SLAMS:
            self.prompt.value += (" The taker took every trick, but with Guard against the dog "
                                  "counts for the defence: it is not in the taker's pile.")
        self.show_facts(question)

    def judge(self, question: dict, answer) -> Feedback:
        return check_slam_score(question, answer["bonus_box"], answer["hand_box"])

    def solution(self, question: dict) -> str:
        return (f"The slam counts {slam_bonus(question):+d}. "
                + " ".join(explain_score(question)))
