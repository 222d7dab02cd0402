"""Exercises on the auction (book chapter 5): is this auction legal, the multipliers, the dog.

Every answer is worked out by the engine: an auction is played bid by bid through
:class:`tarot_teach.GameState`, whose :class:`tarot_teach.IllegalAction` message is the
reason shown to the learner; the multiplier is :attr:`tarot_teach.Bid.multiplier`; where
the dog goes is :func:`tarot_teach.dog_destination`.

>>> auction = Auction(dealer=3, bids=("pass", "take", "pass", "guard"))
>>> judge_auction(auction).taker, SEAT_NAMES[judge_auction(auction).taker]
(3, 'Dmitri')
>>> print(judge_auction(Auction(dealer=0, bids=("guard", "take", "pass", "pass"))).reason)
Take does not beat the Guard already bid: bid higher or pass.
>>> dog_fate(Bid.GUARD_AGAINST)
'defence_unseen'
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..rules import Bid
from ..teach.auction import (SEAT_NAMES, FFT_BIDS, CHAPTER, bid_name, Auction, AuctionVerdict,
                             judge_auction, check_auction, random_auction, load_auctions,
                             fixed_auction, check_multiplier, DOG_FATES, dog_fate, check_dog_fate)
from .base import AnswerError, Exercise, Feedback, NumberExercise, NumberField, section_link
from .render import escape_text

__all__ = ["SEAT_NAMES", "Auction", "AuctionVerdict", "judge_auction", "check_auction",
    "random_auction", "load_auctions", "fixed_auction", "auction_html", "bid_name",
    "check_multiplier", "dog_fate", "DOG_FATES", "check_dog_fate", "ChoiceExercise",
    "AuctionExercise", "MultiplierExercise", "DogFateExercise", "FFT_BIDS"]


def auction_html(auction: Auction) -> str:
    """The auction as a small list: who speaks, in order, and what each one says."""
    rows = []
    for seat, word in zip(auction.speakers(), auction.bids):
        bid = Bid.parse(word)
        rows.append(f"<li><b>{SEAT_NAMES[seat]}</b>: {escape_text(bid_name(bid))}</li>")
    return (f"<div>{SEAT_NAMES[auction.dealer]} dealt. The players spoke in this order:</div>"
            f'<ol style="margin:0.3em 0">{"".join(rows)}</ol>')


# ----- a multiple-choice exercise frame ---------------------------------------------------------


class ChoiceExercise(Exercise):
    """An exercise answered by choosing one option (radio buttons, wrapping on small screens).

    Subclasses set ``self.choice.options`` in ``show_question`` as ``[(label, key), ...]``.
    """

    choose_message = "Choose one answer, then Check."

    def build_inputs(self) -> list:
        self.question_view = widgets.HTML()
        self.choice = widgets.RadioButtons(options=[("-", None)], value=None,
                                           layout=widgets.Layout(width="auto", max_width="100%"))
        return [self.question_view, self.choice]

    def set_options(self, options) -> None:
        self.choice.options = list(options)
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError(self.choose_message)
        return self.choice.value


class AuctionExercise(ChoiceExercise):
    """Is this auction legal, and if it is, who takes?"""

    title = "Is this auction legal?"
    section = section_link(CHAPTER, "the-order-of-speaking", "The order of speaking")

    def make_question(self, rng: random.Random) -> Auction:
        return random_auction(rng)

    def show_question(self, question: Auction) -> None:
        self.prompt.value = "Read the auction, then say whether it is legal and who takes."
        self.question_view.value = auction_html(question)
        options = [("It is not legal", "illegal"),
                   ("Legal: everybody passed, the deal is void", "void")]
        options += [(f"Legal: {SEAT_NAMES[seat]} takes", f"seat:{seat}")
                    for seat in question.speakers()]
        self.set_options(options)

    def judge(self, question: Auction, answer) -> Feedback:
        return check_auction(question, answer)

    def solution(self, question: Auction) -> str:
        return judge_auction(question).text()


class MultiplierExercise(NumberExercise):
    """Type the multiplier of a contract."""

    title = "What is the contract worth?"
    section = section_link(CHAPTER, "the-four-contracts", "The four contracts")
    fields = (NumberField("answer_box", "the multiplier", "Multiplier:", "e.g. 3"),)

    def make_question(self, rng: random.Random) -> Bid:
        return rng.choice(FFT_BIDS)

    def show_question(self, question: Bid) -> None:
        self.prompt.value = (f"The taker bid <b>{escape_text(bid_name(question))}</b>. "
                             "By how much is the hand score multiplied?")

    def judge(self, question: Bid, answer) -> Feedback:
        return check_multiplier(question, answer)

    def solution(self, question: Bid) -> str:
        return f"A {bid_name(question)} multiplies the hand score by {question.multiplier}."


# ----- what happens to the dog -------------------------------------------------------------------


class DogFateExercise(ChoiceExercise):
    """What happens to the dog under this contract?"""

    title = "What happens to the dog?"
    section = section_link(CHAPTER, "the-four-contracts", "The four contracts")

    def make_question(self, rng: random.Random) -> Bid:
        return rng.choice(FFT_BIDS)

    def show_question(self, question: Bid) -> None:
        self.prompt.value = (f"The auction ends with a <b>{escape_text(bid_name(question))}</b>. "
                             "What happens to the dog?")
        self.question_view.value = ""
        self.set_options([(text, key) for key, text in DOG_FATES.items()])

    def judge(self, question: Bid, answer) -> Feedback:
        return check_dog_fate(question, answer)

    def solution(self, question: Bid) -> str:
        return f"With a {bid_name(question)}: {DOG_FATES[dog_fate(question)]}."
