"""Step through a curated hand with its commentary; at marked steps, find the card yourself.

The learner sees the deal from one seat (its hand, the public cards and the
commentary). Back and Next move one action at a time. At a question the
learner clicks a card: an illegal card is refused with the engine's reason, a
legal but different card is answered with the commentary's reason, and the
record's card is then played so the hand goes on. At the end of the hand, "Review this
deal" reviews the learner's decisions (:class:`~tarot_teach.widgets.review.ReviewWidget`).
"""

from __future__ import annotations

import ipywidgets as widgets

from ..guided import CARD_MENTION, GuidedHand, judge_answer, load_guided_hand
from ..cards import parse_card
from .base import CardPicker, Feedback
from .progress import Progress
from .render import escape_text
from .review import ReviewWidget
from .table import SEAT_NAMES, describe_action, header_html, result_html, seats_html, trick_area_html

__all__ = ["GuidedHandWidget", "commentary_html"]


def commentary_html(text: str) -> str:
    """Commentary text, escaped, with ``{KH}`` card mentions shown as card labels."""
    def label(match) -> str:
        try:
            card = parse_card(match.group(1))
        except ValueError:
            return escape_text(match.group(0))
        return (f'<b style="white-space:nowrap" title="{escape_text(card.name)}">'
                f"{escape_text(card.label)}</b>")
    parts, last = [], 0
    for match in CARD_MENTION.finditer(text):
        parts.append(escape_text(text[last:match.start()]))
        parts.append(label(match))
        last = match.end()
    parts.append(escape_text(text[last:]))
    return "".join(parts)


class GuidedHandWidget:
    """A curated hand, replayed step by step from the learner's seat."""

    def __init__(self, source, progress: "Progress | None" = None,
                 exercise_id: "str | None" = None) -> None:
        self.hand: GuidedHand = source if isinstance(source, GuidedHand) else load_guided_hand(source)
        self.progress = progress if progress is not None else Progress.default()
        self.exercise_id = exercise_id or f"guided:{self.hand.title}"
        players = self.hand.record.get("players", 4)
        self.names = ["You" if seat == self.hand.learner else name
                      for seat, name in enumerate(SEAT_NAMES[1:1 + players])]
        self.step = 0
        self.answered: set[int] = set()  # question steps passed
        self.right: set[int] = set()  # question steps answered right
        self._question_steps = {self.hand.question_step(q): q for q in self.hand.questions}
        self.title = widgets.HTML(f"<h4 style='margin:0.2em 0'>{escape_text(self.hand.title)}</h4>"
                                  f"<div>{commentary_html(self.hand.summary)}</div>")
        self.header = widgets.HTML()
        self.seats = widgets.HTML()
        self.trick_view = widgets.HTML()
        self.picker = CardPicker(single=True, on_change=self._clicked,
                                 rules=self.hand.state_at(0).rules)
        self.comment = widgets.HTML()
        self.feedback = widgets.HTML()
        self.feedback.add_class("tt-feedback")
        self.score = widgets.HTML()
        self.back_button = widgets.Button(description="◀ Back", tooltip="One step back")
        self.back_button.add_class("tt-back")
        self.next_button = widgets.Button(description="Next ▶", tooltip="One step forward")
        self.next_button.add_class("tt-next")
        self.start_button = widgets.Button(description="« Start", tooltip="Back to the deal")
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.forward())
        self.start_button.on_click(lambda _: self.go_to(0))
        self.position = widgets.HTML()
        self.review = ReviewWidget(self.hand.record, self.hand.learner, names=list(self.names),
                                   rules=self.hand.state_at(0).rules)
        self.widget = widgets.VBox(
            [self.title, self.header, self.seats, self.trick_view,
             widgets.HTML("<b>Your hand</b>"), self.picker.box, self.comment, self.feedback,
             widgets.HBox([self.start_button, self.back_button, self.next_button, self.position],
                          layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
             self.score, self.review.widget],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", max_width="100%"))
        self.widget.add_class("tt-guided")
        self._busy = False
        self._render()

    # ----- moving ------------------------------------------------------------------

    @property
    def waiting_question(self):
        """The question the learner must answer before going on, if any."""
        question = self._question_steps.get(self.step)
        return question if question is not None and self.step not in self.answered else None

    def forward(self) -> None:
        if self.waiting_question is not None:
            self.feedback.value = Feedback(
                False, "Your turn: click the card you would play.", invalid_input=True).html()
            return
        if self.step < self.hand.steps:
            self.go_to(self.step + 1)

    def back(self) -> None:
        if self.step > 0:
            self.go_to(self.step - 1)

    def go_to(self, step: int) -> None:
        self.step = max(0, min(step, self.hand.steps))
        # Going back before a question asks it again.
        self.answered = {s for s in self.answered if s < self.step}
        self.feedback.value = ""
        self._render()

    def answer(self, card) -> Feedback:
        """The learner's card at a question: judged, and the hand goes on if it was legal."""
        question = self.waiting_question
        if question is None:
            return Feedback(False, "There is no question now: press Next.", invalid_input=True)
        right, explanation = judge_answer(self.hand, question, card)
        feedback = Feedback(right, explanation)
        if right or not explanation.startswith("That card may not be played"):
            if right:
                self.right.add(self.step)
            self.answered.add(self.step)
            self.step += 1
            self._render()
            if set(self._question_steps) <= self.right:
                self.progress.mark_solved(self.exercise_id)
        self.feedback.value = feedback.html()
        self._clear_picker()
        return feedback

    def _clicked(self, selected) -> None:
        if self._busy or not selected:
            return
        self.answer(selected[0])

    def _clear_picker(self) -> None:
        self._busy = True
        self.picker.clear()
        self._busy = False

    # ----- drawing ------------------------------------------------------------------

    def _render(self) -> None:
        self._busy = True
        try:
            state = self.hand.state_at(self.step)
            view = state.view(self.hand.learner)
            self.header.value = header_html(view, self.names, self.hand.learner)
            self.seats.value = seats_html(view, self.names)
            self.trick_view.value = trick_area_html(view, self.names, state.rules)
            self.picker.set_cards(view.hand)
            comments = self.hand.comments_until(self.step)
            last_action = ""
            if self.step:
                seat = state.history and self._actor_of(self.step - 1)
                last_action = (f"<div><i>{escape_text(self.names[seat])}: "
                               f"{escape_text(describe_action(self.hand.actions[self.step - 1]))}"
                               f"</i></div>")
            question = self.waiting_question
            prompt = ('<div style="color:#0072B2"><b>Your turn: which card would you play? '
                      "Click it.</b></div>" if question is not None else "")
            self.comment.value = last_action + (
                f'<div style="background:#f4f4f8;padding:0.4em">{commentary_html(comments[-1])}</div>'
                if comments else "") + prompt
            self.position.value = f"step {self.step} of {self.hand.steps}"
            self.next_button.disabled = self.step >= self.hand.steps
            self.back_button.disabled = self.step == 0
            self.score.value = result_html(view, self.names)
            self.review.widget.layout.display = None if self.step >= self.hand.steps else "none"
        finally:
            self._busy = False

    def _actor_of(self, step: int) -> int:
        """The seat that took action number ``step``."""
        return self.hand.state_at(step).to_act

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
