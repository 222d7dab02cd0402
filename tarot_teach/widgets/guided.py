"""Replay a curated hand from the learner's seat; at each question, decide yourself.

The learner sees the deal from one seat (its hand, the public cards and the
commentary). "Play on to the next question" plays the recorded actions up to the
next decision of the learner and shows the comments passed on the way; Next and
Back still move one action at a time. The questions (:mod:`tarot_teach.guided`)
are the bid, the discard, a declaration, cards and the final score: every answer
is judged by the engine (:func:`~tarot_teach.teach.guided.judge_answer`); a defender reads its
partner's first lead (a signal) where a taker discards. A refused
answer changes nothing; any other answer is explained and the hand goes on as
it was played. A hand with every question answered right is solved (✔); the
place in the hand and the answers given are saved in the progress store, so a reload
resumes there. At the end, "Review this deal" goes back over the learner's own answers
(not the recorded play), each with the engine's verdict. The words and HTML are
:mod:`tarot_teach.widgets.guided_text`'s; the chapter's page opens each hand with a button
(:mod:`tarot_teach.widgets.guided_page`).

The hand is drawn as at the card table (:mod:`tarot_teach.widgets.table`): the seats
around a felt with their roles, the trick in the middle with who played what, the dog
face up once the rules expose it, and the learner's hand as card buttons with spoken
names (:class:`~tarot_teach.widgets.table.TableHand`); what was played since the last stop
is announced in an ARIA live region. Another seat's discard is never shown, but for the
trumps in it, shown to everybody as a poignée is (by its seat and in the log: RULES.md §5,
§6).

>>> import tempfile, pathlib
>>> from tarot_teach.widgets.progress import Progress
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> hand = pathlib.Path(__file__).parent.parent.parent / "exercises/hands/take-made.json"
>>> widget = GuidedHandWidget(hand, progress=progress, exercise_id="doc")
>>> widget.play_on(); widget.waiting_question.kind
'bid'
>>> widget.answer(widget.waiting_question.expect[0]).ok
True
>>> GuidedHandWidget(hand, progress=progress, exercise_id="doc").step == widget.step
True
"""

from __future__ import annotations

import itertools
from typing import Any

import ipywidgets as widgets

from ..guided import GuidedHand, Question, load_guided_hand
from ..teach.guided import gives_away, judge_answer
from ..teach.table_view import discard_counter, table_view
from .base import Feedback
from .guided_text import (SPOKEN, action_lines, choice_options, comments_html, hand_entries,
                          hand_head_html, plain_text, prompt_html, review_html, stored_answer,
                          title_html)
from .progress import Progress
from .table import SEAT_NAMES, TableHand, felt_html, header_html, live_html, result_html
from .table_style import TABLE_CSS, hand_faces_css, style_html

__all__ = ["GuidedHandWidget", "SAVE_PREFIX", "save_key"]

SAVE_PREFIX = "guided:"
"""Games in the progress store: ``guided:<exercise id>`` → the learner's place in the hand."""


def save_key(exercise_id: str) -> str:
    """Where the learner's place in a guided hand is kept in the progress store.

    >>> save_key("ch20-take-made")
    'guided:ch20-take-made'
    """
    return SAVE_PREFIX + exercise_id


_HAND_NUMBERS = itertools.count(1)
_LISTS: list = []  # lists of hands on the page (guided_page.GuidedHandList), redrawn after a solve

_SCOPE = ".tt-guided"
"""The table's style sheet is scoped to ``.tt-table``; a guided hand carries ``tt-guided``
instead (the browser tests count the tables of a page by ``.tt-table``)."""


def _guided_css(css: str) -> str:
    """The card table's CSS applied to a guided hand."""
    return css.replace(".tt-table", _SCOPE)


class GuidedHandWidget:
    """A curated hand, replayed from the learner's seat, that stops at each question."""

    def __init__(self, source, progress: "Progress | None" = None,
                 exercise_id: "str | None" = None) -> None:
        self.hand: GuidedHand = (source if isinstance(source, GuidedHand)
                                 else load_guided_hand(source))
        self.progress = progress if progress is not None else Progress.default()
        self.exercise_id = exercise_id or f"guided:{self.hand.title}"
        players = self.hand.record.get("players", 4)
        self.names = ["You" if seat == self.hand.learner else name
                      for seat, name in enumerate(SEAT_NAMES[1:1 + players])]
        self.rules = self.hand.state_at(0).rules
        self.step = 0
        self.answered: set[int] = set()  # question steps passed
        self.right: set[int] = set()  # question steps answered right (at least once)
        self.missed: set[int] = set()  # question steps answered wrong (their answer shown)
        self.given: dict[int, Any] = {}  # question step -> the learner's last legal answer
        self._questions = {self.hand.question_step(q): q for q in self.hand.questions}
        self._anchors = [(self.hand.anchor_step(note), note["text"])
                         for note in self.hand.commentary]
        self._seen_from = 0  # actions from this step on are told (after "Play on")
        self._notes_from = 0  # comments anchored from this step on are shown
        self.style = widgets.HTML(style_html(_guided_css(TABLE_CSS)))
        self.title = widgets.HTML()
        self.header = widgets.HTML()
        self.felt = widgets.HTML()  # the seats around the table, the trick in the middle
        self.live = widgets.HTML()  # what was played since the last stop, for screen readers
        self.hand_head = widgets.HTML()
        self.picker = TableHand(on_change=self._clicked, rules=self.rules)
        self.prompt = widgets.HTML()
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.discard_button = widgets.Button(description="Lay these cards aside",
                                             tooltip="Discard the chosen cards",
                                             layout=widgets.Layout(width="auto"))
        self.discard_button.add_class("tt-discard")
        self.discard_button.on_click(lambda _: self.answer(self.picker.selected))
        self.counter = widgets.HTML()
        self.counter.add_class("tt-counter")
        self.comment = widgets.HTML()
        self.feedback = widgets.HTML()
        self.feedback.add_class("tt-feedback")
        self.score = widgets.HTML()
        self.start_button = widgets.Button(description="« Start", tooltip="Back to the deal")
        self.start_button.add_class("tt-start")
        self.back_button = widgets.Button(description="◀ Back", tooltip="One step back")
        self.back_button.add_class("tt-back")
        self.next_button = widgets.Button(description="Next ▶", tooltip="One step forward")
        self.next_button.add_class("tt-next")
        self.play_button = widgets.Button(description="Play on to the next question ▶▶",
                                          button_style="primary",
                                          tooltip="Play the deal on until you have a decision",
                                          layout=widgets.Layout(width="auto"))
        self.play_button.add_class("tt-play-on")
        self.start_button.on_click(lambda _: self.go_to(0))
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.forward())
        self.play_button.on_click(lambda _: self.play_on())
        self.position = widgets.HTML()
        self.review_button = widgets.Button(description="Review this deal",
                                            tooltip="Your answers, each with its verdict",
                                            layout=widgets.Layout(width="auto"))
        self.review_button.add_class("tt-review-answers")
        self.review_button.on_click(lambda _: self.show_review())
        self.review_view = widgets.HTML()
        self.review = widgets.VBox([self.review_button, self.review_view])
        self.widget = widgets.VBox(
            [self.style, self.picker.faces, self.title, self.header, self.felt, self.live,
             self.comment, self.prompt, self.choices, self.hand_head, self.picker.box,
             widgets.HBox([self.discard_button, self.counter],
                          layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
             self.feedback,
             widgets.HBox([self.play_button, self.start_button, self.back_button,
                           self.next_button, self.position],
                          layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
             self.score, self.review],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", max_width="100%"))
        self.widget.add_class("tt-guided")
        # each hand's card faces apply to that hand only (a dozen hands share a page)
        self._scope = f"tt-guided-{next(_HAND_NUMBERS)}"
        self.widget.add_class(self._scope)
        self._busy = False
        self.note = self._resume()
        self._render()

    # ----- the learner's place, kept in the progress store --------------------------------

    @property
    def save_key(self) -> str:
        return save_key(self.exercise_id)

    @property
    def solved(self) -> bool:
        return self.progress.is_solved(self.exercise_id)

    def _resume(self) -> str:
        """Restore the saved place; a saved place that does not fit this hand is dropped
        with a message."""
        saved = self.progress.saved_game(self.save_key)
        if saved is None:
            return ""
        try:
            step = int(saved["step"])
            answered = {int(s) for s in saved.get("answered", [])}
            right = {int(s) for s in saved.get("right", [])}
            given = {int(s): answer for s, answer in dict(saved.get("given", {})).items()}
            missed = {int(s) for s in saved.get("missed", [])}
            if not 0 <= step <= self.hand.steps \
                    or not (answered | right | missed | set(given)) <= set(self._questions):
                raise ValueError("out of range")
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
            return "Your place in this hand could not be restored, so it starts again."
        self.step, self.answered, self.right, self.given = step, answered, right, given
        self.missed = missed
        self._seen_from = self._notes_from = step
        return ""

    def _save(self) -> None:
        self.progress.save_game(self.save_key, {"step": self.step,
                                                "answered": sorted(self.answered),
                                                "right": sorted(self.right),
                                                "missed": sorted(self.missed),
                                                "given": {str(s): a for s, a in
                                                          sorted(self.given.items())}})

    # ----- moving ------------------------------------------------------------------

    @property
    def waiting_question(self) -> "Question | None":
        """The question the learner must answer before going on, if any."""
        question = self._questions.get(self.step)
        return question if question is not None and self.step not in self.answered else None

    def _must_answer(self) -> bool:
        if self.waiting_question is None:
            return False
        self.feedback.value = Feedback(False, "First answer the question above.",
                                       invalid_input=True).html()
        return True

    def forward(self) -> None:
        """One action on (not past a question)."""
        if not self._must_answer() and self.step < self.hand.steps:
            self._move(self.step + 1, self.step + 1)

    def play_on(self) -> None:
        """Play the recorded actions up to the learner's next question (or the end)."""
        if self._must_answer():
            return
        later = [s for s in sorted(self._questions) if s > self.step and s not in self.answered]
        self._move(later[0] if later else self.hand.steps, self.step + 1)

    def back(self) -> None:
        if self.step > 0:
            self.go_to(self.step - 1)

    def go_to(self, step: int) -> None:
        """Jump to ``step``; the questions from there on are asked again."""
        self._move(step, step)

    def _move(self, step: int, seen_from: int) -> None:
        self.step = max(0, min(step, self.hand.steps))
        self.answered = {s for s in self.answered if s < self.step}
        self._seen_from = self._notes_from = min(seen_from, self.step)
        self.feedback.value = ""
        self._save()
        self._render()

    def answer(self, value) -> Feedback:
        """The learner's answer at the waiting question (a bid, a declaration, a card, the
        discard's cards, a score): judged by the engine; unless refused, the hand goes on."""
        question = self.waiting_question
        if question is None:
            feedback = Feedback(False, "There is no question now: press Play on or Next.",
                                invalid_input=True)
        else:
            judgement = judge_answer(self.hand, question, value)
            feedback = Feedback(judgement.right, judgement.text, invalid_input=not judgement.legal)
            if judgement.legal:
                step = self.step
                if judgement.right:
                    self.right.add(step)
                elif step not in self.missed:
                    # the hand now shows the recorded answer: this question is never again
                    # "first time", whatever the navigation (kept with the hand's answers)
                    self.missed.add(step)
                    self.progress.record_answer(self.exercise_id, False, plain_text(judgement.text))
                self.answered.add(step)
                self.given[step] = stored_answer(value)
                if set(self._questions) <= self.right and not self.solved:
                    self.progress.mark_solved(self.exercise_id)
                    for hand_list in _LISTS:
                        hand_list.render()
                self.step = self.hand.after_question(question)
                # the answer's own actions are told and announced, and the comments held
                # back while the question waited are shown now
                self._notes_from = min(self._notes_from, step)
                self._seen_from = step + 1
                self._save()
                self._render()
        self.feedback.value = feedback.html()
        if question is not None and question.kind == "discard" and feedback.invalid_input:
            self._count()  # a refused discard keeps its cards chosen, to change one or two
        else:
            self._clear_picker()
        return feedback

    def _clicked(self, selected) -> None:
        if self._busy:
            return
        question = self.waiting_question
        if question is not None and question.kind == "discard":
            self._count()
            return
        if not selected:
            return
        if question is None or question.kind != "card":
            self._clear_picker()
            self.feedback.value = Feedback(
                False, "Answer with the buttons above your hand." if question is not None
                else "No card to play now: press Play on or Next.", invalid_input=True).html()
            return
        self.answer(selected[0])

    def _clear_picker(self) -> None:
        self._busy = True
        self.picker.clear()
        self._busy = False
        self._count()

    def _count(self) -> None:
        size = self.rules.dog_size
        self.counter.value = discard_counter(len(self.picker.selected), size)
        self.discard_button.disabled = len(self.picker.selected) != size

    # ----- drawing ------------------------------------------------------------------

    def _render(self) -> None:
        self._busy = True
        try:
            state = self.hand.state_at(self.step)
            view = state.view(self.hand.learner)
            shown = table_view(state, self.hand.learner, self.names, self.rules)
            question = self.waiting_question
            self.title.value = title_html(self.hand, self.solved, len(self._questions),
                                          len(self.right & set(self._questions)), self.note)
            self.header.value = header_html(view, self.names, self.hand.learner)
            self.felt.value = felt_html(shown, self.rules)
            lines = self._lines(max(0, self._seen_from - 1), self.step)
            self.live.value = live_html(lines + ([SPOKEN[question.kind]] if question else []),
                                        {"my_turn": False, "to_act": None})
            discarding = question is not None and question.kind == "discard"
            self.picker.single = not discarding
            entries = hand_entries(shown["hand"], question)
            self.picker.show(entries)
            self.picker.faces.value = style_html(hand_faces_css(
                [e["card"] for e in entries], self.rules).replace(".tt-table", f".{self._scope}"))
            self.hand_head.value = hand_head_html(len(view.hand), question, self.rules)
            self.comment.value = comments_html(lines[-1:], [
                text for anchor, text in self._anchors if self._notes_from <= anchor <= self.step
                and not (question is not None and gives_away(question, text))])
            self.prompt.value = prompt_html(question, state, self.hand.learner, self.names,
                                            self.rules)
            self._draw_choices(question, state)
            self.discard_button.layout.display = None if discarding else "none"
            self.counter.layout.display = None if discarding else "none"
            self._count()
            self.position.value = f"step {self.step} of {self.hand.steps}"
            self.next_button.disabled = self.step >= self.hand.steps or question is not None
            self.play_button.disabled = question is not None or (
                self.step >= self.hand.steps)
            # a disabled primary button looks live: show it plain while a question waits
            self.play_button.button_style = "" if self.play_button.disabled else "primary"
            self.back_button.disabled = self.step == 0
            over = self.step >= self.hand.steps and question is None
            self.score.value = result_html(view, self.names) if over else ""
            self.review.layout.display = None if over else "none"
            if not over:
                self.review_view.value = ""
        finally:
            self._busy = False

    def _lines(self, start: int, stop: int) -> list[str]:
        """The actions from step ``start`` to ``stop`` in words (``guided_text.action_lines``)."""
        return action_lines(self.hand, self.names, self.rules, start, stop)

    # ----- the review of the learner's own answers -------------------------------------

    def show_review(self) -> None:
        """Each question with the learner's own answer (its last legal one) and the engine's
        verdict on it; a question passed without an answer says so."""
        self.review_view.value = review_html(self.hand, self._questions, self.given,
                                             self.right, self.rules)

    def _draw_choices(self, question, state) -> None:
        self.choice_values: list[str] = []
        if question is None or question.kind in ("card", "discard"):
            self.choices.children = ()
            return
        options = choice_options(question, state, self.rules)
        buttons = []
        for value, label in options:
            button = widgets.Button(description=label, tooltip=label,
                                    layout=widgets.Layout(width="auto", margin="2px"))
            button.add_class("tt-choice")
            button.on_click(lambda _b, v=value: self.answer(v))
            buttons.append(button)
        self.choices.children = tuple(buttons)
        self.choice_values = [value for value, _ in options]

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
