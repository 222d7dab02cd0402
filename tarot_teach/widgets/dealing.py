"""Exercises on the deal (chapter 4): petit sec, hand and dog sizes, the dog's place
in the deal, who deals next and who speaks first.

The engine decides every answer: :func:`~tarot_teach.has_petit_sec`,
:class:`~tarot_teach.RuleSet` (hand and dog sizes),
:class:`~tarot_teach.GameState` (who bids and leads first),
:class:`~tarot_teach.Ledger` (who deals next). The engine deals legally
(:func:`tarot_teach.deal.dealing_order`) and checks a dealing order
(:func:`tarot_teach.deal.dog_position_problems`).

>>> dog_position_problems(RuleSet(players=4), [3, 7, 11, 15, 19, 23])
[]
>>> dog_position_problems(RuleSet(players=4), [0, 7, 11, 15, 19, 23])
['Card 1 goes to the dog: the first card of the pack never goes to the dog.']
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import Card
from ..deal import dog_position_problems, has_petit_sec
from ..names import seat_names
from ..rules import RuleSet
from ..teach.dealing import (THE_DOG, HOW_MANY, PETIT_SEC, WHO_DEALS, steps_to_positions,
                             DealSequence, legal_deal_steps, random_deal_sequence,
                             check_dealing_order, check_petit_sec, random_petit_sec_hand,
                             check_hand_sizes, TableQuestion, first_to_speak, next_dealer,
                             _answer_seat, check_table_answer)
from .base import Exercise, Feedback, NumberExercise, NumberField
from .render import PLAYER_NAMES, cards_html, escape_text

__all__ = ["dog_position_problems", "DealSequence", "steps_to_positions", "legal_deal_steps",
    "check_dealing_order", "DealingOrderExercise", "random_deal_sequence", "random_petit_sec_hand",
    "deal_strip_html", "check_petit_sec", "PetitSecExercise", "check_hand_sizes",
    "HandSizesExercise", "TableQuestion", "PLAYER_NAMES", "first_to_speak", "next_dealer",
    "check_table_answer", "table_svg", "WhoDealsExercise"]


def deal_strip_html(question: DealSequence) -> str:
    """The deal as a wrapping row of chips: grey "3" for a packet, a yellow "dog" for a dog card."""
    chips = []
    for number, step in enumerate(question.steps, start=1):
        if step == "D":
            chips.append('<span title="one card to the dog" style="display:inline-block;'
                         'min-width:2.4em;text-align:center;margin:2px;padding:2px 3px;'
                         'border:2px solid #8a6d00;background:#FFE9A8;border-radius:4px;'
                         'font-weight:bold">dog</span>')
        else:
            chips.append('<span title="a packet of three cards to a player" '
                         'style="display:inline-block;min-width:1.6em;text-align:center;'
                         'margin:2px;padding:2px 3px;border:1px solid #777;background:#EEE;'
                         'border-radius:4px">3</span>')
    return ('<div style="display:flex;flex-wrap:wrap;align-items:center" '
            'aria-label="the deal, step by step">' + "".join(chips) + "</div>")


class DealingOrderExercise(Exercise):
    """A deal shown step by step (packets and dog cards): is it legal?"""

    title = "Is this deal legal?"
    section = THE_DOG

    def build_inputs(self) -> list:
        self.strip = widgets.HTML()
        self.verdict = widgets.RadioButtons(options=["legal", "illegal"], value=None)
        return [self.strip, self.verdict]

    def make_question(self, rng: random.Random) -> DealSequence:
        return random_deal_sequence(rng)

    def show_question(self, question: DealSequence) -> None:
        rules = question.rules
        self.prompt.value = (f"{question.players} players. The dealer deals the 78 cards from the "
                             f"start, reading left to right: each grey <b>3</b> is a packet of three "
                             f"cards to the next player, each yellow <b>dog</b> one card put into "
                             f"the dog ({rules.dog_size} in all). Is this deal legal?")
        self.strip.value = deal_strip_html(question)
        self.verdict.value = None

    def read_answer(self):
        return self.verdict.value

    def judge(self, question, answer) -> Feedback:
        return check_dealing_order(question, answer)

    def solution(self, question) -> str:
        problems = dog_position_problems(question.rules, question.positions)
        if not problems:
            return "Legal: every dog card falls between packets, not first, not last, never two in a row."
        return "Illegal. " + " ".join(problems)


class PetitSecExercise(Exercise):
    """A hand of 18 cards: is it petit sec?"""

    title = "Petit sec?"
    section = PETIT_SEC

    def build_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        self.verdict = widgets.RadioButtons(options=["yes", "no"], value=None)
        return [self.hand_view, self.verdict]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        return random_petit_sec_hand(rng)

    def show_question(self, question) -> None:
        self.prompt.value = "You have just picked up this hand. Is it petit sec?"
        self.hand_view.value = cards_html(question, size="small")
        self.verdict.value = None

    def read_answer(self):
        return self.verdict.value

    def judge(self, question, answer) -> Feedback:
        return check_petit_sec(question, answer)

    def solution(self, question) -> str:
        verdict = "yes" if has_petit_sec(question) else "no"
        return ("Yes: " if verdict == "yes" else "No. ") + " ".join(
            check_petit_sec(question, verdict).details)


class HandSizesExercise(NumberExercise):
    """How many cards in each hand, and in the dog, for 3, 4 or 5 players?"""

    title = "How many cards?"
    section = HOW_MANY
    fields = (NumberField("hand", "the number of cards in a hand", "Cards in each hand:", "hand",
                          width="7em"),
              NumberField("dog", "the number of cards in the dog", "Cards in the dog:", "dog",
                          width="7em"))

    def make_question(self, rng: random.Random) -> int:
        return rng.choice([3, 4, 5])

    def show_question(self, question: int) -> None:
        self.prompt.value = (f"A game with <b>{question} players</b>. How many cards does each "
                             "player get, and how many go to the dog?")

    def judge(self, question, answer) -> Feedback:
        return check_hand_sizes(question, answer["hand"], answer["dog"])

    def solution(self, question) -> str:
        rules = RuleSet(players=question)
        return (f"With {question} players: {rules.hand_size} cards each and a dog of "
                f"{rules.dog_size} ({question} × {rules.hand_size} + {rules.dog_size} = 78).")


def table_svg(question: TableQuestion) -> str:
    """The table seen from above: names in the order of play, counter-clockwise, the dealer marked."""
    import math

    size, radius = 260, 92
    centre = size / 2
    parts = [f'<svg role="img" aria-label="A table of {question.players} players; '
             f'{escape_text(question.names[question.dealer])} deals" viewBox="0 0 {size} {size}" '
             f'width="{size}" style="max-width:100%;height:auto" xmlns="http://www.w3.org/2000/svg">',
             f'<circle cx="{centre}" cy="{centre}" r="55" fill="#2E7D4F" stroke="#1B4D30"/>',
             f'<text x="{centre}" y="{centre - 4}" text-anchor="middle" font-size="13" '
             f'font-family="sans-serif" fill="#FFF">play goes</text>',
             f'<text x="{centre}" y="{centre + 14}" text-anchor="middle" font-size="13" '
             f'font-family="sans-serif" fill="#FFF">↺ anticlockwise</text>']
    for seat, name in enumerate(question.names):
        angle = math.radians(270 + 360 * seat / question.players)
        x = centre + radius * math.cos(angle)
        y = centre - radius * math.sin(angle)
        dealer = seat == question.dealer
        parts.append(f'<rect x="{x - 34:.1f}" y="{y - 13:.1f}" width="68" height="26" rx="6" '
                     f'fill="{"#FFE9A8" if dealer else "#FFF"}" '
                     f'stroke="{"#8a6d00" if dealer else "#555"}" '
                     f'stroke-width="{2.5 if dealer else 1}"/>')
        parts.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="13" '
                     f'font-family="sans-serif" font-weight="{"bold" if dealer else "normal"}">'
                     f'{escape_text(name)}</text>')
        if dealer:
            parts.append(f'<text x="{x:.1f}" y="{y + 26:.1f}" text-anchor="middle" font-size="11" '
                         f'font-family="sans-serif" fill="#8a6d00">dealer</text>')
    parts.append("</svg>")
    return "".join(parts)


class WhoDealsExercise(Exercise):
    """A table with its dealer: who speaks first, or who deals next?"""

    title = "Who speaks first? Who deals next?"
    section = WHO_DEALS

    def build_inputs(self) -> list:
        self.table = widgets.HTML()
        self.choice = widgets.RadioButtons(options=list(seat_names(4)), value=None)
        return [self.table, self.choice]

    def make_question(self, rng: random.Random) -> TableQuestion:
        players = rng.choice([4, 4, 3, 5])
        return TableQuestion(players, rng.randrange(players), rng.choice(["first", "next_dealer"]))

    def show_question(self, question: TableQuestion) -> None:
        dealer = question.names[question.dealer]
        if question.ask == "first":
            ask = f"{dealer} has just dealt. Who speaks first in the bidding?"
        else:
            ask = f"{dealer} dealt this deal. Who deals the next one?"
        self.prompt.value = f"A table of {question.players}, seen from above. {escape_text(ask)}"
        self.table.value = table_svg(question)
        self.choice.options = list(question.names)
        self.choice.value = None

    def read_answer(self):
        return self.choice.value

    def judge(self, question, answer) -> Feedback:
        return check_table_answer(question, answer)

    def solution(self, question) -> str:
        right = question.names[_answer_seat(question)]
        return f"{right}. " + " ".join(check_table_answer(question, right).details)
