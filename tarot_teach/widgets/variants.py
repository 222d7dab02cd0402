"""Exercises for chapter 30, variants and house rules (RULES.md §11–§12).

Every figure comes from the engine: :func:`tarot_teach.score` with the deal summary's
``variant`` for the scoring tables and Cosmic Tribe, :func:`tarot_teach.scoring.score_goulash`
for a goulash, :func:`tarot_teach.game.misere_kinds` for the misères and
:func:`tarot_teach.trick_winner` with a rule set for Cosmic Tribe's order of the pips.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> exercise = VariantScoreExercise(progress=progress, seed=1)
>>> exercise.box.value = str(score(exercise.question)["hand_score"])
>>> exercise.check().ok
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import sort_cards
from ..game import misere_kinds, misere_problem
from ..names import seat_names
from ..scoring import explain_score, score, score_goulash
from ..teach.variants import (PAGE, VARIANT_SCORINGS, side_by_side, random_variant_summary,
                              describe_variant_summary, check_variant_score, check_cosmic_points,
                              _COSMIC, check_cosmic_trick, _MISERE_CHOICES, check_misere,
                              check_goulash, random_cosmic_pile, random_cosmic_trick,
                              random_misere_hand, random_goulash)
from ..tricks import trick_winner
from ..variants import cosmic_name, format_points
from .base import AnswerError, Exercise, Feedback, NumberExercise, NumberField, section_link
from .render import cards_html, escape_text

__all__ = ["VARIANT_SCORINGS", "side_by_side", "side_by_side_html", "random_variant_summary",
    "check_variant_score", "VariantScoreExercise", "check_cosmic_points", "CosmicPointsExercise",
    "check_cosmic_trick", "CosmicTrickExercise", "check_misere", "MisereExercise", "check_goulash",
    "GoulashExercise"]


def side_by_side_html(summary: dict) -> str:
    """:func:`side_by_side` as boxes that wrap on a phone (no wide table)."""
    boxes = []
    for title, result, lines in side_by_side(summary):
        working = "".join(f"<li>{escape_text(line)}</li>" for line in lines)
        boxes.append(
            '<div style="border:1px solid #ccc;border-radius:6px;padding:0.4em 0.6em;'
            'margin:0.3em;flex:1 1 16em;max-width:100%">'
            f"<b>{escape_text(title)}</b>: s = {result['hand_score']}, taker "
            f"{result['taker']:+d}, each defender {result['each_defender']:+d}"
            f'<details><summary>working</summary><ul style="margin:0.2em 0;padding-left:1.2em">'
            f"{working}</ul></details></div>")
    return '<div style="display:flex;flex-wrap:wrap">' + "".join(boxes) + "</div>"


class VariantScoreExercise(NumberExercise):
    """Score a deal under one of the alternative tables (seed 001, seed 003)."""

    title = "Score it under another table"
    section = section_link(PAGE, "other-scoring-tables", "Other scoring tables")
    fields = (NumberField("box", "the hand score s", "Hand score <i>s</i> =", "e.g. 100"),)

    def question_inputs(self) -> list:
        self.facts = widgets.HTML()
        return [self.facts]

    def make_question(self, rng: random.Random) -> dict:
        return random_variant_summary(rng)

    def show_question(self, question: dict) -> None:
        self.prompt.value = ("Four players. What is the hand score <i>s</i> from the taker's "
                             "side (with its sign) under this scoring table?")
        items = "".join(f"<li>{escape_text(line)}</li>"
                        for line in describe_variant_summary(question))
        self.facts.value = f'<ul style="margin:0.3em 0">{items}</ul>'

    def judge(self, question: dict, answer: int) -> Feedback:
        return check_variant_score(question, answer)

    def solution(self, question: dict) -> str:
        return "\n".join(explain_score(question))


class CosmicPointsExercise(NumberExercise):
    """Count a Cosmic Tribe pile in tricky points."""

    title = "Count the tricky points"
    section = section_link(PAGE, "cosmic-tribe", "Cosmic Tribe")
    fields = (NumberField("box", "the tricky points", "Tricky points:", "e.g. 7"),)

    def question_inputs(self) -> list:
        self.cards_view = widgets.HTML()
        return [self.cards_view]

    def make_question(self, rng: random.Random) -> tuple:
        return random_cosmic_pile(rng)

    def show_question(self, question) -> None:
        self.prompt.value = ("Cosmic Tribe counting: how many tricky points is this pile worth? "
                             "(1 point for every three cards, Archon 4, Shaman 3, Marvel 2, "
                             "Practician 1, each key 4.)")
        names = ", ".join(cosmic_name(c) for c in question)
        self.cards_view.value = cards_html(question, caption="In Cosmic Tribe names: " + names)

    def judge(self, question, answer) -> Feedback:
        return check_cosmic_points(question, answer)

    def solution(self, question) -> str:
        return "\n".join(check_cosmic_points(question, None).details)


class CosmicTrickExercise(Exercise):
    """Which card wins this Cosmic Tribe trick? (Pips in Fire and Air run the other way.)"""

    title = "Who wins in Cosmic Tribe?"
    section = section_link(PAGE, "cosmic-tribe", "Cosmic Tribe")

    def build_inputs(self) -> list:
        self.trick_view = widgets.HTML()
        self.choice = widgets.RadioButtons(options=[], description="")
        return [self.trick_view, self.choice]

    def make_question(self, rng: random.Random) -> tuple:
        return random_cosmic_trick(rng)

    def show_question(self, question) -> None:
        self.prompt.value = ("Cosmic Tribe, three players. The first card was led; "
                             "which card wins the trick?")
        self.trick_view.value = cards_html(question, caption="In play order: " + ", ".join(
            cosmic_name(c) for c in question))
        self.choice.options = [(cosmic_name(c), c) for c in question]
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError("Please choose the card that wins the trick.")
        return self.choice.value

    def judge(self, question, answer) -> Feedback:
        return check_cosmic_trick(question, answer)

    def solution(self, question) -> str:
        return f"{cosmic_name(trick_winner(question, _COSMIC))} wins the trick."


class MisereExercise(Exercise):
    """May this hand declare a misère, and which?"""

    title = "Misère or not?"
    section = section_link(PAGE, "a-bonus-for-a-poor-hand", "A bonus for a poor hand")

    def build_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        self.choice = widgets.RadioButtons(options=[title for title, _ in _MISERE_CHOICES],
                                           value=None)
        return [self.hand_view, self.choice]

    def make_question(self, rng: random.Random) -> tuple:
        return random_misere_hand(rng)

    def show_question(self, question) -> None:
        self.prompt.value = ("Misère variant, four players. Just before your first card: "
                             "which misère may you declare with this hand?")
        self.hand_view.value = cards_html(sort_cards(question))
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError("Please choose one of the answers.")
        return dict(_MISERE_CHOICES)[self.choice.value]

    def judge(self, question, answer) -> Feedback:
        return check_misere(question, answer)

    def solution(self, question) -> str:
        kinds = misere_kinds(question)
        lines = [f"Allowed: {' and '.join(kinds) if kinds else 'no misère'}."]
        lines += [p for kind in ("trumps", "honours") if (p := misere_problem(question, kind))]
        return "\n".join(lines)


class GoulashExercise(NumberExercise):
    """Everybody passed, the deal was played as a goulash: what does one player score?"""

    title = "Settle a goulash"
    section = section_link(PAGE, "goulash", "Goulash")
    fields = (NumberField("box", "the score", "Score:", "e.g. -12"),)

    def question_inputs(self) -> list:
        self.facts = widgets.HTML()
        return [self.facts]

    def make_question(self, rng: random.Random) -> tuple:
        return random_goulash(rng)

    def show_question(self, question) -> None:
        halves, seat = question
        names = seat_names(len(halves))
        self.prompt.value = (f"Goulash, four players: everybody passed and the deal was played "
                             f"out. The points each player took are below. What does "
                             f"{escape_text(names[seat])} score (with the sign)?")
        items = "".join(f"<li>{escape_text(names[s])}: {format_points(h, 2)} points</li>"
                        for s, h in enumerate(halves))
        self.facts.value = f'<ul style="margin:0.3em 0">{items}</ul>'

    def judge(self, question, answer) -> Feedback:
        halves, seat = question
        return check_goulash(halves, seat, answer)

    def solution(self, question) -> str:
        halves, seat = question
        return "\n".join(score_goulash(halves, names=seat_names(len(halves)))[1])
