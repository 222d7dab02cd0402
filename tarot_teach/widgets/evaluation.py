"""Exercises on judging a hand with the point count of chapter 12 (4 players).

Every answer is judged by :func:`tarot_teach.evaluation.evaluate_hand`; the
feedback lists its lines, so the learner sees which feature earned what.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> hand = tuple(parse_cards("T21 EX KH QH KS 7S 5S 4S 3S 2S QD JD 9C 8C 6C T3 T7 T2"))
>>> exercise = BidAdvisorExercise(progress=progress, question=hand)
>>> exercise.bid_box.value = Bid.TAKE; exercise.total_box.value = "55"
>>> exercise.check().ok
True
>>> "A hand has 18 cards" in advice_html("KH QH")
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import Card, parse_cards, sort_cards
from ..evaluation import evaluate_hand
from ..rules import Bid
from ..teach.evaluation import (PAGE, BIDS, random_hand, _lines_for, check_group_points, check_bid,
                                read_hand)
from .base import AnswerError, Feedback, NumberExercise, NumberField, section_link
from .render import cards_html, escape_text

__all__ = ["PAGE", "random_hand", "check_group_points", "check_bid", "advice_html",
    "evaluation_html", "TrumpPointsExercise", "HonourPointsExercise", "BidAdvisorExercise",
    "BidAdvisor"]


def advice_html(text: str) -> str:
    """The evaluation of a hand typed as card names, as HTML (or a friendly message).

    >>> "far too long" in advice_html("9" * 5000)
    True
    """
    try:
        cards = read_hand(text)
    except AnswerError as problem:
        return Feedback(False, str(problem), invalid_input=True).html()
    return evaluation_html(cards)


def evaluation_html(hand, caption: str = "Your hand", evaluation=None) -> str:
    """A hand drawn as cards, followed by its evaluation line by line (HTML)."""
    evaluation = evaluation or evaluate_hand(hand)
    items = "".join(f"<li>{escape_text(line)}</li>" for line in evaluation.explanation())
    return (cards_html(sort_cards(evaluation.cards), size="small", caption=caption)
            + f'<ul style="margin:0.3em 0">{items}</ul>')


class _HandExercise(NumberExercise):
    """A hand shown as cards and a number box."""

    groups: tuple = ()
    what = "the points"
    strong: "bool | None" = None

    def number_fields(self) -> tuple:
        return (NumberField("answer_box", self.what, "Points:", "e.g. 7"),)

    def question_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        return [self.hand_view]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        return random_hand(rng, self.strong)

    def show_question(self, question) -> None:
        self.hand_view.value = cards_html(question, size="small", caption="Your 18 cards")

    def judge(self, question, answer) -> Feedback:
        return check_group_points(question, self.groups, answer, self.section)

    def solution(self, question) -> str:
        evaluation = evaluate_hand(question)
        right = sum(evaluation.groups[group] for group in self.groups)
        return f"{right} points: " + "; ".join(_lines_for(evaluation, self.groups)) + "."


class TrumpPointsExercise(_HandExercise):
    """Count only the points of the bouts and the trumps."""

    title = "Count the trump points"
    groups = ("bouts", "trumps")
    what = "the points of the bouts and trumps"
    section = section_link(PAGE, "bouts-and-trumps", "Bouts and trumps")

    def show_question(self, question) -> None:
        super().show_question(question)
        self.prompt.value = ("How many points do the <b>bouts and trumps</b> of this hand earn "
                             "(the 21, the Excuse, the Petit, the number of trumps, big trumps "
                             "and runs)?")


class HonourPointsExercise(_HandExercise):
    """Count only the points of the Kings, Queens, Knights, Jacks and long suits."""

    title = "Count the points of the suits"
    groups = ("honours", "long suits")
    what = "the points of the plain suits"
    section = section_link(PAGE, "kings-queens-and-long-suits", "Kings, Queens and long suits")

    def show_question(self, question) -> None:
        super().show_question(question)
        self.prompt.value = ("How many points do the <b>plain suits</b> of this hand earn "
                             "(Kings, Queens, Knights, Jacks and long suits; leave voids and "
                             "singletons out)?")


class BidAdvisorExercise(NumberExercise):
    """Evaluate a hand and choose the bid the count suggests; the total is optional."""

    title = "Evaluate this hand and bid"
    section = section_link(PAGE, "from-points-to-a-bid", "From points to a bid")
    fields = (NumberField("total_box", "your total", "Your total:", "optional", optional=True),)

    def question_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        return [self.hand_view]

    def after_inputs(self) -> list:
        self.bid_box = widgets.Dropdown(
            options=[("Choose a bid…", None)] + [(bid.english, bid) for bid in BIDS],
            value=None, description="Bid:", layout=widgets.Layout(width="18em", max_width="100%"))
        return [self.bid_box]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        return random_hand(rng)

    def show_question(self, question) -> None:
        self.prompt.value = ("You are one of 4 players. Count this hand's points (you may type "
                             "your total) and choose the bid the count suggests.")
        self.hand_view.value = cards_html(question, size="small", caption="Your 18 cards")
        self.bid_box.value = None

    def read_answer(self):
        total = self.read_numbers()["total_box"]
        if self.bid_box.value is None:
            raise AnswerError("Choose a bid in the list, then Check.")
        return total, self.bid_box.value

    def judge(self, question, answer) -> Feedback:
        total, bid = answer
        return check_bid(question, total, bid)

    def solution(self, question) -> str:
        evaluation = evaluate_hand(question)
        text = evaluation.explanation()
        return "; ".join(text[:-2]) + ". " + " ".join(text[-2:])


class BidAdvisor:
    """Type (or deal) any 18 cards and see the count, line by line, and the suggested bid."""

    def __init__(self, seed: int = 0, text: str = "") -> None:
        self.rng = random.Random(f"bid-advisor:{seed}")
        self.text_box = widgets.Textarea(
            value=text, placeholder="e.g. T21 T18 T9 T5 T1 EX KH QH 10H 7H KS 3S 5D 2D QC CC 9C 4C",
            description="Your 18 cards:", style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", height="4.5em"))  # (fills the row)
        self.evaluate_button = widgets.Button(description="Evaluate", button_style="primary")
        self.evaluate_button.add_class("tt-check")
        self.deal_button = widgets.Button(description="Deal me a hand")
        self.deal_button.add_class("tt-new")
        self.output = widgets.HTML()
        self.output.add_class("tt-feedback")
        self.evaluate_button.on_click(lambda _b: self.evaluate())
        self.deal_button.on_click(lambda _b: self.deal())
        self.widget = widgets.VBox(
            [widgets.HTML("<b>Bid advisor</b> — type the 18 cards of a hand (4 players):"),
             self.text_box,
             widgets.HBox([self.evaluate_button, self.deal_button],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.output],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", margin="0.5em 0",
                                  max_width="100%"))
        self.widget.add_class("tt-exercise")
        if text:
            self.evaluate()

    def evaluate(self) -> str:
        """Evaluate the typed cards and show the result."""
        self.output.value = advice_html(self.text_box.value)
        return self.output.value

    def deal(self) -> str:
        """Fill the box with a hand from a fresh seeded deal, and evaluate it."""
        self.text_box.value = " ".join(str(c) for c in random_hand(self.rng))
        return self.evaluate()

    def _ipython_display_(self) -> None:
        from IPython.display import display
        display(self.widget)
