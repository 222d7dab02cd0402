"""The final test (chapter 40): a thin ipywidgets shell around
:class:`tarot_teach.teach.final_test.FinalTest`.

The attempt is saved in the progress store when first shown and after every answer (its
seed and the answers given), so a reload, or another tab, resumes the same deal; a fresh
test's seed comes from the progress itself (:func:`~tarot_teach.teach.final_test.fresh_seed`),
so tabs opened together show one test too. The learner plays every card of the deal (the
computer players play the other seats). At the end each step is listed with ✔ or ✘; a test
with every step right first time says "Well done" and is stored as solved, one with a step
missed is stored as a wrong answer naming the steps (a new test may do better).

>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> widget = FinalTestWidget(progress=progress, seed=1)
>>> widget.choice.value = widget.test.right_answer()
>>> widget.check().ok, widget.test.step
(True, 'bid')
>>> FinalTestWidget(progress=progress).test.step     # a reload resumes the attempt
'bid'
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..rules import Bid
from ..teach.auction import DOG_FATES, bid_name
from ..teach.feedback import AnswerError, Feedback
from ..teach.final_test import (CARDS_TO_PLAY, PLAYERS, STEP_TITLES, STEPS, BadRecord,
                                FinalTest, fresh_seed)
from ..teach.table_view import discard_counter
from .base import answer_box
from .card_picker import CardPicker
from .progress import Progress
from .render import cards_html, escape_text

__all__ = ["FinalTestWidget", "SAVE_KEY", "EXERCISE_ID"]

SAVE_KEY = "final-test"
EXERCISE_ID = "final-test"


def quoted_list(titles) -> str:
    """Step titles in quotes, joined as a sentence joins them.

    >>> quoted_list(["Who speaks first?", "Your bid", "The dog"])
    '“Who speaks first?”, “Your bid” and “The dog”'
    """
    quoted = [f"“{title}”" for title in titles]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1] if len(quoted) > 1 else "".join(quoted)


def _wrap() -> widgets.Layout:
    return widgets.Layout(width="auto", max_width="100%")


class FinalTestWidget:
    """The nine steps of one deal, one at a time, with Check and New test."""

    def __init__(self, progress: "Progress | None" = None, seed: "int | None" = None,
                 exercise_id: str = EXERCISE_ID) -> None:
        self.exercise_id = exercise_id
        self.progress = progress if progress is not None else Progress.default()
        self.title = widgets.HTML()
        self.prompt = widgets.HTML()
        self.choice = widgets.RadioButtons(options=[], value=None, layout=_wrap())
        self.choice.add_class("tt-radio")
        self.picker = CardPicker(on_change=lambda _selected: self._count())
        self.counter = widgets.HTML()  # the discard's "4 of 6 chosen"
        self.counter.add_class("tt-counter")
        self.boxes = [answer_box("", width="7em") for _ in range(PLAYERS)]
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           tooltip="Check my answer")
        self.check_button.add_class("tt-check")
        self.new_button = widgets.Button(description="New test", tooltip="Deal a new test")
        self.new_button.add_class("tt-new")
        self.feedback = widgets.HTML()
        self.feedback.add_class("tt-feedback")
        self.check_button.on_click(lambda _button: self.check())
        self.new_button.on_click(lambda _button: self.new_test())
        self.widget = widgets.VBox(
            [self.title, self.prompt, self.choice, self.picker.box, self.counter,
             widgets.VBox(self.boxes), widgets.HBox(
                 [self.check_button, self.new_button], layout=widgets.Layout(flex_flow="row wrap")),
             self.feedback],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", margin="0.5em 0",
                                  max_width="100%"))
        self.widget.add_class("tt-exercise")
        self.widget.add_class("tt-final-test")
        self.note = ""
        self.test = self._resume() if seed is None else None
        if self.test is None:
            self.test = FinalTest.new(seed if seed is not None else self._fresh_seed())
            self._save()
        self.show()

    # ----- the attempt ----------------------------------------------------------------

    def _resume(self) -> "FinalTest | None":
        saved = self.progress.saved_game(SAVE_KEY)
        if saved is None:
            return None
        try:
            return FinalTest.from_record(saved)
        except BadRecord:
            self.note = "Your saved test could not be resumed, so here is a new one."
            return None

    def _fresh_seed(self) -> int:
        """The learner's next fresh test, the same in every tab until one is finished."""
        finished = tuple(self.progress.answers.get(self.exercise_id, {}))
        return fresh_seed(self.progress.reset_time, finished)

    def _save(self) -> None:
        self.progress.save_game(SAVE_KEY, self.test.record())

    def new_test(self) -> None:
        """Deal a fresh test (a new seed) and forget the old one."""
        self.note = ""
        self.test = FinalTest.new(random.SystemRandom().randrange(2 ** 32))
        self._save()
        self.feedback.value = ""
        self.show()

    def check(self) -> Feedback:
        """Read the answer of the current step, judge it and move on if right; never a
        traceback for the learner. A refused discard keeps its cards chosen."""
        step, chosen = self.test.step, self.picker.selected
        try:
            result = self.test.answer(self.read_answer())
        except AnswerError as problem:
            result = Feedback(False, str(problem), invalid_input=True)
        except Exception as error:  # a bug must not show a traceback to a learner
            result = Feedback(False, "Sorry, this answer could not be checked "
                              f"({type(error).__name__}). Try a new test.", invalid_input=True)
        if not result.invalid_input:
            self._save()
            if self.test.done:
                missed = self.test.missed()
                self.progress.record_answer(
                    self.exercise_id, not missed,
                    f"Steps missed: {quoted_list(missed)}." if missed else "")
        self.feedback.value = result.html()
        self.show()
        if step == "discard" and self.test.step == "discard":
            self.picker.select(chosen)  # (to change a card or two, not choose six again)
        return result

    def read_answer(self):
        step = self.test.step
        if step in ("first", "bid", "dog"):
            if self.choice.value is None:
                raise AnswerError("Choose an answer first.")
            return self.choice.value
        if step in ("discard", "play"):
            chosen = [str(card) for card in self.picker.selected]
            if step == "play" and len(chosen) != 1:
                raise AnswerError("Click one card of your hand to play it.")
            return chosen
        if step == "sheet":
            return [box.value for box in self.boxes]
        return self.boxes[0].value

    # ----- the screen ------------------------------------------------------------------

    def show(self) -> None:
        test = self.test
        step = test.step
        done = test.done
        number = len(STEPS) if done else STEPS.index(step) + 1
        heading = "Final test: finished" if done else \
            f"Final test — step {number} of {len(STEPS)}: {STEP_TITLES[step]}"
        note = (f'<div style="color:#8a6d00">{escape_text(self.note)}</div>' if self.note else "")
        if self.progress.message:
            note += f'<div style="color:#8a6d00">{escape_text(self.progress.message)}</div>'
        self.title.value = f"<b>{escape_text(heading)}</b>{note}"
        self.choice.layout.display = "none"
        self.picker.box.layout.display = "none"
        self.counter.layout.display = "none"
        for box in self.boxes:
            box.layout.display = "none"
        self.check_button.layout.display = "none" if done else ""
        self.prompt.value = self._finished_html() if done else getattr(self, f"_show_{step}")()

    def _ask_choice(self, options) -> None:
        self.choice.options = options
        self.choice.value = None
        self.choice.layout.display = ""

    def _ask_cards(self, cards, single: bool) -> None:
        self.picker.single = single
        self.picker.set_cards(cards)
        self.picker.box.layout.display = ""

    def _count(self) -> None:
        """The discard's counter, from the cards chosen."""
        test = getattr(self, "test", None)
        if test is not None and test.step == "discard":
            size = len(test.state.view(test.learner).dog or ())
            self.counter.value = discard_counter(len(self.picker.selected), size)

    def _ask_numbers(self, labels, label_width: str = "initial") -> None:
        """Show one answer box per label; ``label_width`` lines the boxes up under each
        other (the score sheet: one box per player name)."""
        for box, text in zip(self.boxes, list(labels) + [None] * PLAYERS):
            box.value = ""
            box.style.description_width = label_width
            if text is not None:
                box.description = escape_text(text)  # (its label: the box's name)
                box.layout.display = ""

    def _seat(self) -> str:
        test = self.test
        return (f"<p>Four players. {escape_text(test.name(test.dealer))} "
                f"{'deal' if test.dealer == test.learner else 'deals'}.</p>")

    def _hand(self, caption: str = "Your hand") -> str:
        return cards_html(self.test.hand, size="small", caption=caption)

    def _show_first(self) -> str:
        test = self.test
        self._ask_choice([(test.name(seat), seat) for seat in range(PLAYERS)])
        order = ", ".join(test.name(seat) for seat in range(PLAYERS))
        return (self._seat() + f"<p>The order of play is {escape_text(order)} (then round "
                "again). Who speaks first in the auction?</p>" + self._hand())

    def _auction_text(self) -> str:
        bids = [f"{self.test.name(seat)}: {bid_name(bid)}" for seat, bid in self.test.state.bids]
        return escape_text("; ".join(bids)) if bids else "nobody has spoken yet"

    def _show_bid(self) -> str:
        self._ask_choice([(bid_name(bid), bid.value) for bid in Bid if bid in (
            Bid.PASS, Bid.TAKE, Bid.GUARD, Bid.GUARD_WITHOUT, Bid.GUARD_AGAINST)])
        return (self._seat() + f"<p>The auction so far: {self._auction_text()}. Count your hand "
                "as in the chapter on hand evaluation: what do you bid?</p>" + self._hand())

    def _show_dog(self) -> str:
        self._ask_choice([(text, key) for key, text in DOG_FATES.items()])
        bid = bid_name(self.test.state.contract)
        return (f"<p>The auction: {self._auction_text()}. You are the taker with a "
                f"{escape_text(bid)}. What happens to the dog?</p>")

    def _show_discard(self) -> str:
        test = self.test
        dog = test.state.view(test.learner).dog or ()
        self._ask_cards(test.hand, single=False)
        self.counter.layout.display = ""
        self._count()
        return (cards_html(dog, size="small", caption="The dog, now in your hand")
                + f"<p>Click the {len(dog)} cards you lay aside (your discard).</p>")

    def _show_play(self) -> str:
        test = self.test
        state = test.state
        self._ask_cards(test.hand, single=True)
        parts = []
        view = state.view(test.learner)
        if view.tricks:
            leader, cards, winner = view.tricks[-1]
            seats = [(leader + k) % PLAYERS for k in range(len(cards))]
            names = ", ".join(test.name(seat) for seat in seats)
            parts.append(cards_html(cards, size="small",
                                    caption=f"The last trick ({names}); "
                                    f"{test.name(winner)} won it"))
        trick = view.current_trick
        if trick:
            names = ", ".join(test.name(seat) for seat, _card in trick)
            parts.append(cards_html([card for _seat, card in trick], size="small",
                                    caption=f"The trick so far ({names})"))
        else:
            parts.append("<p>You lead this trick.</p>")
        won = sum(1 for _leader, _cards, winner in view.tricks if winner == test.learner)
        if view.tricks:
            parts.append(f"<p>You have won {won} of the {len(view.tricks)} tricks so far.</p>")
        return ("".join(parts) + f"<p>Card {test.cards_played + 1} of {CARDS_TO_PLAY}: click the "
                "card you play.</p>")

    def _pile_html(self) -> str:
        pile = self.test.pile()
        return ("<p>The deal is over. "
                f"Your pile (the tricks you won and your discard, {len(pile)} cards):</p>"
                + cards_html(pile, size="small"))

    def _show_points(self) -> str:
        self._ask_numbers(["Points in your pile:"])
        return self._pile_html() + "<p>How many points does it hold (halves allowed)?</p>"

    def _show_bouts(self) -> str:
        self._ask_numbers(["Bouts in your pile:"])
        return self._pile_html() + "<p>How many bouts does it hold?</p>"

    def _facts_html(self) -> str:
        items = "".join(f"<li>{escape_text(line)}</li>" for line in self.test.facts())
        return f"<ul>{items}</ul>"

    def _show_score(self) -> str:
        self._ask_numbers(["Hand score:"])
        return ("<p>The deal:</p>" + self._facts_html()
                + "<p>What is the hand score (as in the chapter on scoring: from your side, "
                "with a minus sign if the contract failed)?</p>")

    def _show_sheet(self) -> str:
        test = self.test
        self._ask_numbers([f"{test.name(seat)}:" for seat in range(PLAYERS)], label_width="5em")
        return ("<p>The deal:</p>" + self._facts_html()
                + "<p>Write the deal's line on the score sheet: each player's gain (a loss "
                "with a minus sign).</p>")

    def _finished_html(self) -> str:
        """The score, every step with ✔ (right first time) or ✘ (missed), and "Well done"
        only when no step was missed."""
        wrong = self.test.wrong
        rows = "".join(
            f'<li class="tt-step" data-missed="{str(step in wrong).lower()}">'
            + ('<span style="color:#b34700">✘</span> ' if step in wrong
               else '<span style="color:#00734d">✔</span> ')
            + escape_text(STEP_TITLES[step])
            + (" — missed first time" if step in wrong else "") + "</li>" for step in STEPS)
        missed = self.test.missed()
        verdict = ("<p>Well done: every step right first time, a whole deal played without "
                   "help. Press New test for another one.</p>" if not missed else
                   f"<p>To look at again: {escape_text(quoted_list(missed))} (the message of "
                   "each wrong answer links to the part of the book that teaches it). Press "
                   "New test and play another deal.</p>")
        return (f'<p style="font-size:1.2em"><b>{escape_text(self.test.score_line())}</b></p>'
                f'<ul class="tt-steps" style="list-style:none;padding-left:0.3em">{rows}</ul>'
                + verdict)

    def _ipython_display_(self) -> None:
        from IPython.display import display
        display(self.widget)

