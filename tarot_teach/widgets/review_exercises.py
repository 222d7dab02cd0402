"""Three exercises in reading the table (the coach chapter's).

The exercises ask what a seat can tell from the table: which players have shown a void
(:func:`tarot_teach.inference.inferences`), how many trumps are still out, and which card
the open-hand solver plays (:func:`tarot_teach.solver.card_values`). Their questions and
judges live in :mod:`tarot_teach.teach.review`; the classes here only show them.
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import DECK, Card
from ..teach.review import (_PAGE, SolverQuestion, TrumpsQuestion, VoidQuestion,
                            check_solver_card, check_trumps_out, check_void_seats, contract_words,
                            seat_names, solver_question, solver_solution, trumps_question,
                            trumps_solution, void_question, void_solution)
from .base import AnswerError, Exercise, Feedback, NumberExercise, NumberField, section_link
from .card_picker import CardPicker
from .render import cards_html, escape_text

__all__ = ["VoidSeatsExercise", "TrumpsOutExercise", "SolverCardExercise"]


def _tricks_html(view, names) -> str:
    """Every trick played so far, in order, each card with the seat that played it."""
    parts = []
    for number, (leader, cards, winner) in enumerate(view.tricks, start=1):
        order = ", ".join(names[(leader + k) % view.players] for k in range(len(cards)))
        parts.append(cards_html(cards, size="small", caption=f"Trick {number} ({order}); "
                                                             f"won by {names[winner]}"))
    if view.current_trick:
        order = ", ".join(names[seat] for seat, _ in view.current_trick)
        parts.append(cards_html([c for _, c in view.current_trick], size="small",
                                caption=f"This trick so far ({order})"))
    return "".join(parts)


class VoidSeatsExercise(Exercise):
    """After some tricks of a real deal: which players have shown a void in a suit?"""

    title = "Spot the voids"
    section = section_link(_PAGE, "spotting-voids", "Spotting voids")

    def build_inputs(self) -> list:
        self.table_view = widgets.HTML()
        self.choices = widgets.Box(layout=widgets.Layout(display="flex", flex_flow="row wrap"))
        self.toggles: dict[int, widgets.ToggleButton] = {}
        return [self.table_view, self.choices]

    def make_question(self, rng: random.Random) -> VoidQuestion:
        return void_question(rng)

    def show_question(self, question: VoidQuestion) -> None:
        view = question.state.view(question.seat)
        names = seat_names(view.players, question.seat)
        self.prompt.value = (
            f"{escape_text(contract_words(view, names))} You sit at the table as "
            f"<b>You</b>. Here are the tricks so far. Click every player who has shown that "
            f"they have <b>no {escape_text(question.suit.english)}</b> left.")
        self.table_view.value = _tricks_html(view, names) + cards_html(
            view.hand, size="small", caption="Your hand")
        self.toggles = {}
        for seat in range(view.players):
            if seat == question.seat:
                continue
            toggle = widgets.ToggleButton(value=False, description=names[seat],
                                          layout=widgets.Layout(width="auto", margin="2px"))
            toggle.add_class("tt-seat")
            self.toggles[seat] = toggle
        self.choices.children = tuple(self.toggles.values())

    def read_answer(self) -> set[int]:
        return {seat for seat, toggle in self.toggles.items() if toggle.value}

    def judge(self, question: VoidQuestion, answer) -> Feedback:
        return check_void_seats(question, answer)

    def solution(self, question: VoidQuestion) -> str:
        return void_solution(question)


class TrumpsOutExercise(NumberExercise):
    """After some tricks of a real deal: how many trumps are still in the other hands?"""

    title = "Count the trumps"
    section = section_link(_PAGE, "counting-trumps", "Counting trumps")
    fields = (NumberField("answer_box", what="the number of trumps", label="Trumps still out:",
                          placeholder="a number", width="8em"),)

    def question_inputs(self) -> list:
        self.table_view = widgets.HTML()
        return [self.table_view]

    def make_question(self, rng: random.Random) -> TrumpsQuestion:
        return trumps_question(rng)

    def show_question(self, question: TrumpsQuestion) -> None:
        view = question.state.view(question.seat)
        names = seat_names(view.players, question.seat)
        seen = ""
        if view.discard is not None:
            seen = cards_html(view.discard, size="small", caption="Your discard")
        elif view.discarded_trumps:
            seen = cards_html(view.discarded_trumps, size="small",
                              caption="Trumps shown in the taker's discard")
        self.prompt.value = (
            f"{escape_text(contract_words(view, names))} You sit as <b>You</b>. How many of "
            f"the 21 trumps (not the Excuse) are still out: in the other players' hands, or in "
            f"a dog nobody has seen?")
        self.table_view.value = _tricks_html(view, names) + seen + cards_html(
            view.hand, size="small", caption="Your hand")

    def judge(self, question: TrumpsQuestion, answer) -> Feedback:
        return check_trumps_out(question, answer)

    def solution(self, question: TrumpsQuestion) -> str:
        return trumps_solution(question)


class SolverCardExercise(Exercise):
    """The last tricks with every hand shown: find the card the solver plays."""

    title = "What would the solver play?"
    section = section_link(_PAGE, "what-would-the-solver-play", "What would the solver play?")

    def build_inputs(self) -> list:
        self.table_view = widgets.HTML()
        self.picker = CardPicker(single=True)
        return [self.table_view, self.picker.box]

    def make_question(self, rng: random.Random) -> SolverQuestion:
        return solver_question(rng)

    def show_question(self, question: SolverQuestion) -> None:
        state = question.state
        view = state.view(state.to_act)
        names = seat_names(state.players)
        seat = state.to_act
        side = "the taker's side" if state.side_of(seat) == state.side_of(state.taker) \
            else "the defence"
        self.prompt.value = (
            f"{escape_text(contract_words(view, names))} Every hand is shown. It is "
            f"<b>{escape_text(names[seat])}</b>'s turn, playing for {side}. Which card gives "
            f"{side} the most card points at the end of the deal, if everyone then plays "
            f"perfectly? Click it in {escape_text(names[seat])}'s hand.")
        hands = "".join(cards_html(state.hand(other), size="small",
                                   caption=f"{names[other]}" + (" (taker)" if other == state.taker
                                                                else ""))
                        for other in range(state.players) if other != seat)
        order = ", ".join(names[(state.leader + k) % state.players]
                          for k in range(len(state.trick)))
        trick = cards_html([DECK[i] for i in state.trick], size="small",
                           caption=f"This trick so far ({order})") if state.trick else \
            "<div>" + escape_text(names[seat]) + " leads to the trick.</div>"
        self.table_view.value = hands + trick + f"<div><b>{escape_text(names[seat])}'s hand</b></div>"
        self.picker.set_cards(state.hand(seat))

    def read_answer(self) -> Card:
        chosen = self.picker.selected
        if not chosen:
            raise AnswerError("Click a card, then Check.")
        return chosen[0]

    def judge(self, question: SolverQuestion, answer) -> Feedback:
        return check_solver_card(question, answer)

    def solution(self, question: SolverQuestion) -> str:
        return solver_solution(question)
