"""Exercises on playing a trick: which cards may be played, who wins the trick.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> exercise = PlayableCardsExercise(seed=1, progress=progress,
...     question=PlayPosition(hand=tuple(parse_cards("KH 2H T5 EX 9C")), trick=tuple(parse_cards("7H"))))
>>> exercise.picker.select(["KH", "2H"])
>>> exercise.check_button.click()
>>> "EX" in exercise.feedback.value or "Excuse" in exercise.feedback.value
True
>>> exercise.picker.select(["KH", "2H", "EX"]); exercise.check().ok
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import Card, parse_cards
from ..names import sentence
from ..teach.play import (PlayPosition, random_trick, random_play_position, check_playable,
                          check_trick_winner, REASONS, CardQuestion, rule_for, random_card_question, check_card_legal)
from ..tricks import legal_cards, trick_winner, why_illegal
from .base import AnswerError, Exercise, Feedback, cards_line, section_link
from .card_picker import CardPicker
from .render import cards_html

__all__ = ["PlayPosition", "random_play_position", "check_playable", "check_trick_winner",
    "PlayableCardsExercise", "TrickWinnerExercise", "CardQuestion", "REASONS", "rule_for",
    "random_card_question", "check_card_legal", "LegalCardExercise"]


class PlayableCardsExercise(Exercise):
    """Click every card you may play to this trick."""

    title = "Which cards may you play?"
    section = section_link("07-tricks", "the-rules-of-play", "The rules of play")

    def __init__(self, players: int = 4, **kwargs) -> None:
        self.players = players
        super().__init__(**kwargs)

    def build_inputs(self) -> list:
        self.trick_view = widgets.HTML()
        self.picker = CardPicker()
        return [self.trick_view, widgets.HTML("<div>Your hand — click every card you may play:</div>"),
                self.picker.box]

    def make_question(self, rng: random.Random) -> PlayPosition:
        return random_play_position(rng, self.players)

    def show_question(self, question: PlayPosition) -> None:
        self.prompt.value = "The trick so far (in the order played):"
        self.trick_view.value = cards_html(question.trick)
        self.picker.set_cards(question.hand)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question: PlayPosition, answer) -> Feedback:
        return check_playable(question, answer)

    def solution(self, question: PlayPosition) -> str:
        return "You may play " + cards_line(legal_cards(question.hand, question.trick)) + "."


class TrickWinnerExercise(Exercise):
    """Click the card that wins this trick."""

    title = "Who wins the trick?"
    section = section_link("07-tricks", "who-wins-the-trick", "Who wins the trick")

    def __init__(self, players: int = 4, **kwargs) -> None:
        self.players = players
        super().__init__(**kwargs)

    def build_inputs(self) -> list:
        self.picker = CardPicker(single=True, sort=False)
        return [self.picker.box]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        return random_trick(rng, self.players)

    def show_question(self, question) -> None:
        self.prompt.value = ("A complete trick, in the order played (the first card was led). "
                             "Click the card that wins it:")
        self.picker.set_cards(question)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question, answer) -> Feedback:
        return check_trick_winner(question, answer)

    def solution(self, question) -> str:
        winner = trick_winner(question)
        name = winner.name if winner.is_trump else winner.label
        return sentence(f"{name} wins the trick.")


class LegalCardExercise(Exercise):
    """Is the highlighted card allowed here? If not, which rule forbids it?"""

    title = "May you play this card?"
    section = section_link("07-tricks", "the-rules-of-play", "The rules of play")

    def __init__(self, players: int = 4, **kwargs) -> None:
        self.players = players
        super().__init__(**kwargs)

    def build_inputs(self) -> list:
        self.trick_view = widgets.HTML()
        self.hand_view = widgets.HTML()
        self.choice = widgets.RadioButtons(options=[(text, key) for key, text in REASONS.items()],
                                           value=None, layout=widgets.Layout(width="auto"))
        return [self.trick_view, self.hand_view, self.choice]

    def make_question(self, rng: random.Random) -> CardQuestion:
        return random_card_question(rng, self.players)

    def show_question(self, question: CardQuestion) -> None:
        self.prompt.value = ("The trick so far, then your hand. You would like to play the "
                             f"framed card, <b>{question.card.short_name}</b>. May you?")
        self.trick_view.value = cards_html(question.position.trick, caption="The trick so far:")
        self.hand_view.value = cards_html(question.position.hand, size="small",
                                          highlight=[question.card], caption="Your hand:")
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError("Choose an answer first: may the card be played, and if not, why?")
        return self.choice.value

    def judge(self, question: CardQuestion, answer) -> Feedback:
        return check_card_legal(question, answer)

    def solution(self, question: CardQuestion) -> str:
        reason = why_illegal(question.position.hand, question.position.trick, question.card)
        if reason is None:
            return f"Yes: {question.card.short_name} may be played."
        return f"No: {question.card.short_name} may not be played. {reason}"
