"""Exercises for the other table sizes: three players (chapter 10) and five players (chapter 11).

Every answer is judged by the engine: scores by :func:`tarot_teach.score` and
:func:`tarot_teach.explain_score`, poignées by :func:`tarot_teach.poignee_options`, calls by
:func:`tarot_teach.callable_cards`, opening leads by a real :class:`tarot_teach.GameState`
(its ``legal_actions()``), and every refusal by the :class:`tarot_teach.IllegalAction` that
``play`` raises on a copy.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> exercise = SplitScoreExercise(players=3, progress=progress, question={
...     "players": 3, "bid": "take", "taker_points": 40.5, "taker_bouts": 2})
>>> exercise.boxes["taker"].value, exercise.boxes["defender"].value = "-52", "26"
>>> exercise.check().ok
True
>>> exercise.boxes["taker"].value = "52"
>>> exercise.check().ok
False
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..bidding import callable_cards
from ..names import the
from ..scoring import explain_score
from ..teach.tables import (_PAGES, _SCORE_ANCHORS, random_score_summary, describe_summary,
                            check_split, HandfulQuestion, handful_question, best_handful,
                            check_handful, CallQuestion, _COURTS, call_question, check_call,
                            LeadQuestion, opening_lead_question, _lead_cards, check_opening_lead)
from .base import (AnswerError, Exercise, Feedback, NumberExercise, NumberField, cards_line,
                   section_link)
from .card_picker import CardPicker
from .render import cards_html, escape_text

__all__ = ["random_score_summary", "describe_summary", "check_split", "SplitScoreExercise",
    "HandfulQuestion", "handful_question", "best_handful", "check_handful", "HandfulExercise",
    "CallQuestion", "call_question", "check_call", "CallExercise", "LeadQuestion",
    "opening_lead_question", "check_opening_lead", "OpeningLeadExercise"]


class SplitScoreExercise(NumberExercise):
    """Score a three- or five-player deal and share it out among the players."""

    title = "Score the deal and share it out"

    def __init__(self, players: int = 3, **kwargs) -> None:
        if players not in (3, 5):
            raise ValueError("SplitScoreExercise is for 3 or 5 players")
        self.players = players
        self.section = section_link(_PAGES[players], *_SCORE_ANCHORS[players])
        super().__init__(**kwargs)

    def number_fields(self) -> tuple:
        roles = (("taker", "the taker's score", "The taker:"),
                 ("partner", "the partner's score", "The partner:"),
                 ("defender", "each defender's score", "Each defender:"))
        return tuple(NumberField(key, what, text, "e.g. -52", width="8em", label_width="8em")
                     for key, what, text in roles if key != "partner" or self.players == 5)

    def question_inputs(self) -> list:
        self.facts = widgets.HTML()
        hint = widgets.HTML("<div style='font-size:0.9em'>Type a gain as a positive number and a "
                            "loss as a negative one.</div>")
        return [self.facts, hint]

    def skipped_fields(self, question: dict) -> set:
        return {"partner"} if question.get("alone") else set()

    def make_question(self, rng: random.Random) -> dict:
        return random_score_summary(rng, self.players)

    def show_question(self, question: dict) -> None:
        self.prompt.value = "The deal is over. How many points does each player gain or lose?"
        self.facts.value = "<ul>" + "".join(f"<li>{escape_text(line)}</li>"
                                            for line in describe_summary(question)) + "</ul>"

    def judge(self, question: dict, answer: dict) -> Feedback:
        return check_split(question, answer)

    def solution(self, question: dict) -> str:
        return "\n".join(explain_score(question))


class HandfulExercise(Exercise):
    """How big a poignée may this hand declare?"""

    title = "How big a poignée?"

    CHOICES = (("No poignée", "none"), ("Simple", "simple"), ("Double", "double"),
               ("Triple", "triple"))

    def __init__(self, players: int = 3, **kwargs) -> None:
        self.players = players
        page = _PAGES.get(players, "09-scoring")
        self.section = section_link(page, "the-poignee-with-three" if players == 3
                                    else "the-poignee-with-five", "Handful thresholds")
        super().__init__(**kwargs)

    def build_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        self.choice = widgets.ToggleButtons(options=self.CHOICES, value=None,
                                            style={"button_width": "7.5em"})
        return [self.hand_view, widgets.HTML("<div>The biggest poignée you may declare:</div>"),
                self.choice]

    def make_question(self, rng: random.Random) -> HandfulQuestion:
        return handful_question(rng, self.players)

    def show_question(self, question: HandfulQuestion) -> None:
        self.prompt.value = (f"You are about to play your first card at a table of "
                             f"{question.players}. Your hand:")
        self.hand_view.value = cards_html(question.hand, size="small")
        self.choice.value = None

    def read_answer(self) -> str:
        if self.choice.value is None:
            raise AnswerError("Choose one of the buttons (No poignée, Simple, Double, Triple), "
                              "then Check.")
        return self.choice.value

    def judge(self, question: HandfulQuestion, answer: str) -> Feedback:
        return check_handful(question, answer)

    def solution(self, question: HandfulQuestion) -> str:
        best = best_handful(question)
        if best is None:
            return "No poignée: " + check_handful(question, "none").details[1]
        return (f"A {best.level} poignée, shown with {len(best.cards)} cards: "
                f"{cards_line(best.cards)}.")


class CallExercise(Exercise):
    """Click every card the five-player taker may call."""

    title = "Which cards may the taker call?"
    section = section_link("11-five-players", "calling-a-king", "Calling a King")

    def build_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        self.picker = CardPicker(sort=False)
        return [self.hand_view,
                widgets.HTML("<div>The court cards — click every card the taker may call:</div>"),
                self.picker.box]

    def make_question(self, rng: random.Random) -> CallQuestion:
        return call_question(rng)

    def show_question(self, question: CallQuestion) -> None:
        bid = question.state.contract
        self.prompt.value = (f"Five players. You won the auction with {bid.english} "
                             f"({bid.french}). Your hand, before the dog is turned over:")
        self.hand_view.value = cards_html(question.hand, size="small")
        order = [c for rank in (14, 13, 12, 11) for c in _COURTS if c.rank == rank]
        self.picker.set_cards(order)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question: CallQuestion, answer) -> Feedback:
        return check_call(question, answer)

    def solution(self, question: CallQuestion) -> str:
        cards = callable_cards(question.hand)
        return "The taker may call " + cards_line(cards) + "."


class OpeningLeadExercise(Exercise):
    """Click every card that may open a five-player deal, after the call."""

    title = "The first lead after the call"
    section = section_link("11-five-players", "the-first-lead", "The first lead")

    def build_inputs(self) -> list:
        self.called_view = widgets.HTML()
        self.picker = CardPicker()
        return [self.called_view,
                widgets.HTML("<div>Your hand — click every card you may lead:</div>"),
                self.picker.box]

    def make_question(self, rng: random.Random) -> LeadQuestion:
        return opening_lead_question(rng)

    def show_question(self, question: LeadQuestion) -> None:
        role = "You are the taker" if question.leader_is_taker else "You are not the taker"
        self.prompt.value = (f"Five players. The taker called {escape_text(the(question.called))}. "
                             f"{role}, and you lead to the very first trick.")
        self.called_view.value = cards_html([question.called], size="small",
                                            caption="The called card:")
        self.picker.set_cards(question.hand)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question: LeadQuestion, answer) -> Feedback:
        return check_opening_lead(question, answer)

    def solution(self, question: LeadQuestion) -> str:
        legal = _lead_cards(question)
        text = "You may lead " + cards_line(legal) + "."
        barred = [c for c in question.hand if c not in legal]
        if barred:
            text += (f" Not {cards_line(barred)}: the first lead may not be in the called suit "
                     f"({question.called.suit.english}), except the called card itself.")
        return text
