"""Exercises on the cards, their points, the bouts and the target (chapters 1-3).

Every answer is checked with the engine: :func:`~tarot_teach.parse_card` for
card names, :func:`~tarot_teach.points` and ``Card.points`` for counting,
:func:`~tarot_teach.count_bouts` and :func:`~tarot_teach.target_for` for the
target, :func:`~tarot_teach.trick_winner` for which card ranks higher and
:func:`~tarot_teach.score` / :func:`~tarot_teach.explain_score` for made or failed.

>>> check_card_name(parse_card("CC"), "cc").ok
True
>>> check_pile_points(parse_cards("KH 7C T21"), "9,5").ok
True
>>> check_target(parse_cards("T21 EX 3H"), "41").ok
True
>>> check_contract(ContractQuestion(81, 2, 3), "failed", "1").ok
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import BOUTS, Card, parse_card, parse_cards, points, count_bouts, sort_cards
from ..scoring import explain_score, target_for
from ..teach.points import (CARDS_NOTATION, CARD_POINTS, THE_BOUTS, SUITS_AND_RANKS, THE_TARGET,
                            MADE_OR_FAILED, HALF_POINT, half_text, short_line, _short,
                            check_card_name, card_name_solution, check_pile_points, check_bouts_clicked,
                            check_higher_card, check_target, ContractQuestion, check_contract,
                            random_card, random_pile, random_hand_with_bouts, random_pair,
                            random_target_pile, random_contract_question)
from ..tricks import trick_winner
from .base import AnswerError, Exercise, Feedback, NumberExercise, NumberField, answer_box
from .card_picker import CardPicker
from .render import card_html, cards_html

__all__ = ["half_text", "short_line", "check_card_name", "NameThatCardExercise",
    "check_pile_points", "CountPointsExercise", "check_bouts_clicked", "ClickBoutsExercise",
    "check_higher_card", "HigherCardExercise", "check_target", "TargetExercise", "ContractQuestion",
    "check_contract", "ContractExercise", "HalfPointExercise"]


class NameThatCardExercise(Exercise):
    """A card is drawn: type its name in the book's notation."""

    title = "Name that card"
    section = CARDS_NOTATION

    def build_inputs(self) -> list:
        self.card_view = widgets.HTML()
        self.answer = answer_box("The card is written:", "e.g. KH, 10S, T7, EX")
        return [self.card_view, self.answer]

    def make_question(self, rng: random.Random) -> Card:
        return random_card(rng)

    def show_question(self, question: Card) -> None:
        self.prompt.value = "How is this card written?"
        self.card_view.value = card_html(question)
        self.answer.value = ""

    def read_answer(self) -> str:
        return self.answer.value

    def judge(self, question: Card, answer: str) -> Feedback:
        return check_card_name(question, answer)

    def solution(self, question: Card) -> str:
        return card_name_solution(question)


class CountPointsExercise(NumberExercise):
    """Count the points of a small pile of cards."""

    title = "Count the points"
    section = CARD_POINTS
    fields = (NumberField("answer", "the number of points", "Points:", "e.g. 12.5",
                          halves=True),)

    def __init__(self, min_cards: int = 4, max_cards: int = 9, **kwargs) -> None:
        self.min_cards, self.max_cards = min_cards, max_cards
        super().__init__(**kwargs)

    def question_inputs(self) -> list:
        self.pile_view = widgets.HTML()
        return [self.pile_view]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        return random_pile(rng, self.min_cards, self.max_cards)

    def show_question(self, question) -> None:
        self.prompt.value = "How many points are these cards worth?"
        self.pile_view.value = cards_html(question)

    def judge(self, question, answer) -> Feedback:
        return check_pile_points(question, answer)

    def solution(self, question) -> str:
        parts = ", ".join(f"{_short(card)} {half_text(card.points)}" for card in question)
        return f"{parts}: {half_text(points(question))} points in all."


class ClickBoutsExercise(Exercise):
    """Click the bouts in a dealt hand."""

    title = "Find the bouts"
    section = THE_BOUTS

    def build_inputs(self) -> list:
        self.picker = CardPicker()
        return [self.picker.box]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        return random_hand_with_bouts(rng)

    def show_question(self, question) -> None:
        self.prompt.value = "A hand of 18 cards. Click every bout in it (it holds at least one):"
        self.picker.set_cards(question)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question, answer) -> Feedback:
        return check_bouts_clicked(question, answer)

    def solution(self, question) -> str:
        bouts = [card for card in sort_cards(question) if card.is_bout]
        return f"{len(bouts)} bout{'s' if len(bouts) > 1 else ''}: {short_line(bouts)}."


class HigherCardExercise(Exercise):
    """Two cards that can be compared: click the one that ranks higher."""

    title = "Which card ranks higher?"
    section = SUITS_AND_RANKS

    def build_inputs(self) -> list:
        self.picker = CardPicker(single=True, sort=False)
        return [self.picker.box]

    def make_question(self, rng: random.Random) -> tuple[Card, Card]:
        return random_pair(rng)

    def show_question(self, question) -> None:
        self.prompt.value = "Click the card that ranks higher:"
        self.picker.set_cards(question)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question, answer) -> Feedback:
        return check_higher_card(question, answer)

    def solution(self, question) -> str:
        higher = trick_winner(question)
        return f"{_short(higher)} ({higher.name}) ranks higher."


class TargetExercise(NumberExercise):
    """A taker's pile at the end of a deal: how many points does the taker need?"""

    title = "What is the target?"
    section = THE_TARGET
    fields = (NumberField("answer", "the target", "Target:", "e.g. 51", width="10em"),)

    def question_inputs(self) -> list:
        self.pile_view = widgets.HTML()
        return [self.pile_view]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        return random_target_pile(rng)

    def show_question(self, question) -> None:
        self.prompt.value = ("The taker's pile at the end of a deal. How many points does the "
                             "taker need to make the contract?")
        self.pile_view.value = cards_html(question, size="small")

    def judge(self, question, answer) -> Feedback:
        return check_target(question, answer)

    def solution(self, question) -> str:
        bouts = count_bouts(question)
        return f"{bouts} bout{'s' if bouts != 1 else ''}: the target is {target_for(bouts)} points."


class ContractExercise(NumberExercise):
    """Points and bouts of the taker: made or failed, and by how much?"""

    title = "Made or failed?"
    section = MADE_OR_FAILED
    half_points = False
    fields = (NumberField("margin", "by how many points", "By how many points:", "e.g. 6"),)

    def question_inputs(self) -> list:
        self.facts_view = widgets.HTML()
        self.verdict = widgets.RadioButtons(options=[("made", "made"), ("failed", "failed")],
                                            value=None, description="")
        return [self.facts_view, self.verdict, widgets.HTML("<div>By how many points?</div>")]

    def make_question(self, rng: random.Random) -> ContractQuestion:
        return random_contract_question(rng, self.half_points)

    def show_question(self, question: ContractQuestion) -> None:
        shown = list(BOUTS[:question.bouts])
        plural = "s" if question.bouts != 1 else ""
        self.prompt.value = (f"A game of {question.players}. At the end of the deal the taker's pile "
                             f"holds <b>{half_text(question.taker_points)} points</b> and "
                             f"<b>{question.bouts} bout{plural}</b>. Is the contract made, and by "
                             "how many points?")
        self.facts_view.value = (cards_html(shown, size="small", caption="The taker's bouts:")
                                 if shown else "<div>(no bout)</div>")
        self.verdict.value = None

    def read_answer(self):
        if self.verdict.value is None:
            raise AnswerError("Choose made or failed first.")
        return self.verdict.value, self.read_numbers()["margin"]

    def judge(self, question, answer) -> Feedback:
        return check_contract(question, *answer)

    def solution(self, question) -> str:
        return "\n".join(explain_score(question.summary())[:2])


class HalfPointExercise(ContractExercise):
    """Like :class:`ContractExercise`, with points ending in a half (three or five players)."""

    title = "The half point"
    section = HALF_POINT
    half_points = True
