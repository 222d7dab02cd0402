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

from ..cards import DECK, Card, parse_card, parse_cards, points, count_bouts, sort_cards
from ..scoring import explain_score, score, target_for
from ..tricks import trick_winner
from .base import CardPicker, Exercise, Feedback
from .render import card_html, cards_html
from ..teach.points import (CARDS_NOTATION, CARD_POINTS, THE_BOUTS, SUITS_AND_RANKS, THE_TARGET,
                            MADE_OR_FAILED, HALF_POINT, half_text, short_line, _short, _random_hand,
                            check_card_name, _plain_name, check_pile_points, check_bouts_clicked,
                            check_higher_card, check_target, ContractQuestion, check_contract)  # noqa: F401 (re-exported)

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
        self.answer = widgets.Text(placeholder="e.g. KH, 10S, T7, EX",
                                   layout=widgets.Layout(width="12em", max_width="100%"))
        return [self.card_view, self.answer]

    def make_question(self, rng: random.Random) -> Card:
        return DECK[rng.randrange(len(DECK))]

    def show_question(self, question: Card) -> None:
        self.prompt.value = "How is this card written?"
        self.card_view.value = card_html(question)
        self.answer.value = ""

    def read_answer(self) -> str:
        return self.answer.value

    def judge(self, question: Card, answer: str) -> Feedback:
        return check_card_name(question, answer)

    def solution(self, question: Card) -> str:
        return f"This is the {_plain_name(question)}, written {question}."


class CountPointsExercise(Exercise):
    """Count the points of a small pile of cards."""

    title = "Count the points"
    section = CARD_POINTS

    def __init__(self, min_cards: int = 4, max_cards: int = 9, **kwargs) -> None:
        self.min_cards, self.max_cards = min_cards, max_cards
        super().__init__(**kwargs)

    def build_inputs(self) -> list:
        self.pile_view = widgets.HTML()
        self.answer = widgets.Text(placeholder="points, e.g. 12.5",
                                   layout=widgets.Layout(width="12em", max_width="100%"))
        return [self.pile_view, self.answer]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        size = rng.randint(self.min_cards, self.max_cards)
        return tuple(sort_cards(rng.sample(DECK, size)))

    def show_question(self, question) -> None:
        self.prompt.value = "How many points are these cards worth?"
        self.pile_view.value = cards_html(question)
        self.answer.value = ""

    def read_answer(self) -> str:
        return self.answer.value

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
        while True:
            hand = _random_hand(rng)
            if count_bouts(hand):
                return tuple(hand)

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
        kind = rng.choice(["suit", "suit", "courts", "trumps", "trump-plain"])
        plain = [c for c in DECK if c.suit.is_plain]
        trumps = [c for c in DECK if c.is_trump]
        if kind == "trump-plain":
            pair = [rng.choice(trumps[:8]), rng.choice([c for c in plain if c.rank >= 9])]
        elif kind == "trumps":
            pair = rng.sample(trumps, 2)
        else:
            suit = rng.choice(plain).suit
            ranks = [c for c in plain if c.suit is suit and (kind == "suit" or c.rank >= 9)]
            pair = rng.sample(ranks, 2)
        rng.shuffle(pair)
        return tuple(pair)

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


class TargetExercise(Exercise):
    """A taker's pile at the end of a deal: how many points does the taker need?"""

    title = "What is the target?"
    section = THE_TARGET

    def build_inputs(self) -> list:
        self.pile_view = widgets.HTML()
        self.answer = widgets.Text(placeholder="e.g. 51",
                                   layout=widgets.Layout(width="10em", max_width="100%"))
        return [self.pile_view, self.answer]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        bouts = rng.choice([0, 1, 1, 2, 2, 3])
        chosen = rng.sample([c for c in DECK if c.is_bout], bouts)
        others = rng.sample([c for c in DECK if not c.is_bout], rng.randint(14, 26))
        return tuple(sort_cards(chosen + others))

    def show_question(self, question) -> None:
        self.prompt.value = ("The taker's pile at the end of a deal. How many points does the "
                             "taker need to make the contract?")
        self.pile_view.value = cards_html(question, size="small")
        self.answer.value = ""

    def read_answer(self) -> str:
        return self.answer.value

    def judge(self, question, answer) -> Feedback:
        return check_target(question, answer)

    def solution(self, question) -> str:
        bouts = count_bouts(question)
        return f"{bouts} bout{'s' if bouts != 1 else ''}: the target is {target_for(bouts)} points."


class ContractExercise(Exercise):
    """Points and bouts of the taker: made or failed, and by how much?"""

    title = "Made or failed?"
    section = MADE_OR_FAILED
    half_points = False

    def build_inputs(self) -> list:
        self.facts_view = widgets.HTML()
        self.verdict = widgets.RadioButtons(options=[("made", "made"), ("failed", "failed")],
                                            value=None, description="")
        self.margin = widgets.Text(placeholder="by how many points?",
                                   layout=widgets.Layout(width="12em", max_width="100%"))
        return [self.facts_view, self.verdict,
                widgets.HTML("<div>By how many points?</div>"), self.margin]

    def make_question(self, rng: random.Random) -> ContractQuestion:
        bouts = rng.choice([0, 1, 1, 2, 2, 3])
        target = target_for(bouts)
        if self.half_points:
            halves = 2 * (target + rng.randint(-4, 3)) + 1
            return ContractQuestion(halves, bouts, rng.choice([3, 5]))
        return ContractQuestion(2 * (target + rng.randint(-12, 12)), bouts, 4)

    def show_question(self, question: ContractQuestion) -> None:
        bouts = [c for c in (DECK[21], DECK[1], DECK[0])]
        shown = bouts[:question.bouts] if question.bouts else []
        plural = "s" if question.bouts != 1 else ""
        self.prompt.value = (f"A game of {question.players}. At the end of the deal the taker's pile "
                             f"holds <b>{half_text(question.taker_points)} points</b> and "
                             f"<b>{question.bouts} bout{plural}</b>. Is the contract made, and by "
                             "how many points?")
        self.facts_view.value = (cards_html(shown, size="small", caption="The taker's bouts:")
                                 if shown else "<div>(no bout)</div>")
        self.verdict.value = None
        self.margin.value = ""

    def read_answer(self):
        return self.verdict.value, self.margin.value

    def judge(self, question, answer) -> Feedback:
        return check_contract(question, *answer)

    def solution(self, question) -> str:
        return "\n".join(explain_score(question.summary())[:2])


class HalfPointExercise(ContractExercise):
    """Like :class:`ContractExercise`, with points ending in a half (three or five players)."""

    title = "The half point"
    section = HALF_POINT
    half_points = True
