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
(not the recorded play), each with the engine's verdict.

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

from ..bidding import legal_bids
from ..cards import Card, parse_card
from ..declarations import Poignee
from ..guided import CARD_MENTION, GuidedHand, Question, load_guided_hand
from ..teach.guided import (declaration_options, gives_away, judge_answer, score_options,
                            score_words, signal_situation)
from ..teach.signals import MEANINGS
from ..rules import Bid, Phase
from ..teach.table_view import cards_phrase, discard_counter, secret_discard_line, table_view
from .base import Feedback, Launcher
from .progress import Progress
from .render import escape_text
from .table import (SEAT_NAMES, TableHand, describe_action, felt_html, header_html, live_html,
                    result_html)
from .table_style import TABLE_CSS, hand_faces_css, style_html

__all__ = ["GuidedHandWidget", "GuidedHandLauncher", "GuidedHandList", "commentary_html",
           "action_line", "SAVE_PREFIX", "save_key"]

SAVE_PREFIX = "guided:"
"""Games in the progress store: ``guided:<exercise id>`` → the learner's place in the hand."""


def save_key(exercise_id: str) -> str:
    """Where the learner's place in a guided hand is kept in the progress store.

    >>> save_key("ch20-take-made")
    'guided:ch20-take-made'
    """
    return SAVE_PREFIX + exercise_id


_HAND_NUMBERS = itertools.count(1)
_LISTS: "list[GuidedHandList]" = []  # lists of hands on the page, redrawn after a solve

PROMPTS = {
    "bid": "Your turn to bid: what do you say?",
    "discard": "Your turn to discard: click the cards to lay aside, then press the button.",
    "declare": "Before your first card: what do you declare?",
    "card": "Your turn: which card would you play? Click it.",
    "score": "The deal is over: what does each defender pay or gain?",
    "signal": "Before your card: by the conventions of the signals chapter, what does your "
              "partner's lead tell you?",
}

SPOKEN = {
    "bid": "Your turn to bid", "discard": "Your turn to discard",
    "declare": "Your turn to declare", "card": "Your turn to play a card",
    "score": "The deal is over: the score",
    "signal": "Your turn to read your partner's lead",
}
"""The live region's short form of each question (the prompt itself is shown in the page)."""

_SCOPE = ".tt-guided"
"""The table's style sheet is scoped to ``.tt-table``; a guided hand carries ``tt-guided``
instead (the browser tests count the tables of a page by ``.tt-table``)."""


def _guided_css(css: str) -> str:
    """The card table's CSS applied to a guided hand."""
    return css.replace(".tt-table", _SCOPE)


_SECRET = ", face down."  # the end of the line for another seat's discard


DECLARATION_WORDS = {
    "poignee:simple": "Simple poignée", "poignee:double": "Double poignée",
    "poignee:triple": "Triple poignée", "none": "Nothing", "chelem": "Announce the slam",
    "no_chelem": "No slam", "misere:trumps": "Trump misère", "misere:honours": "Honours misère",
}


def action_line(name: str, action, before, learner: int, rules=None) -> str:
    """One action in words, as the learner's seat may know it: another seat's discard
    is a secret (only the taker knows which cards were laid aside) but for a trump, shown
    to everybody, as are a poignée's trumps.

    >>> from tarot_teach import GameState, RuleSet
    >>> state = GameState.new(RuleSet(players=4), seed=1)
    >>> action_line("Ada", state.legal_actions()[0], state, 0)
    'Ada: Pass.'
    """
    if before.phase is Phase.DISCARD:
        if before.to_act == learner:
            return f"{name} lay {action.display_name(rules)} aside."
        if action.is_trump:
            return f"{name} lays {action.display_name(rules)} aside, shown to everybody."
        return f"{name} lays a card aside{_SECRET}"
    if before.phase is Phase.PLAYING and isinstance(action, Card):
        return f"{name} played {action.display_name(rules)}."
    if isinstance(action, Poignee):
        shown = "showed" if name != "You" else "show"
        return (f"{name} {shown} a {action.level} poignée: "
                + ", ".join(c.display_name(rules) for c in action.cards) + ".")
    return f"{name}: {describe_action(action)}."


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
                    self.progress.record_answer(self.exercise_id, False, _plain(judgement.text))
                self.answered.add(step)
                self.given[step] = _stored(value)
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

    def _title_html(self) -> str:
        mark = ('<span class="tt-solved" style="color:#1a7f37">✔ solved</span> '
                if self.solved else "")
        done = len(self.right & set(self._questions))
        # h3: the hand stands in an h2 section of its page (the size of the former h4)
        return (f"<h3 style='margin:0.2em 0;font-size:1.25rem'>{escape_text(self.hand.title)} "
                f"{mark}</h3>"
                f"<div>{commentary_html(self.hand.summary)}</div>"
                f"<div style='color:#555'>{len(self._questions)} questions, {done} answered "
                f"right so far.</div>"
                + (f"<div style='color:#8a6d00'>{escape_text(self.note)}</div>"
                   if self.note else ""))

    def _render(self) -> None:
        self._busy = True
        try:
            state = self.hand.state_at(self.step)
            view = state.view(self.hand.learner)
            shown = table_view(state, self.hand.learner, self.names, self.rules)
            question = self.waiting_question
            self.title.value = self._title_html()
            self.header.value = header_html(view, self.names, self.hand.learner)
            self.felt.value = felt_html(shown, self.rules)
            lines = self._lines(max(0, self._seen_from - 1), self.step)
            self.live.value = live_html(lines + ([SPOKEN[question.kind]] if question else []),
                                        {"my_turn": False, "to_act": None})
            discarding = question is not None and question.kind == "discard"
            self.picker.single = not discarding
            entries = self._hand_entries(shown["hand"], question)
            self.picker.show(entries)
            self.picker.faces.value = style_html(hand_faces_css(
                [e["card"] for e in entries], self.rules).replace(".tt-table", f".{self._scope}"))
            self.hand_head.value = self._hand_head_html(len(view.hand), question)
            self.comment.value = self._comments_html(lines[-1:], question)
            self.prompt.value = ('<div style="color:#0072B2">'
                                 f'<b>{self._prompt_text(question, state)}</b></div>'
                                 if question is not None else "")
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

    def _prompt_text(self, question, state) -> str:
        """The question in words (HTML): a signal names the lead to read."""
        if question.kind != "signal":
            return PROMPTS[question.kind]
        situation = signal_situation(state, self.hand.learner)
        card = situation.cards[0].display_name(self.rules)
        first = ("the first trump led" if situation.kind == "lead_trump"
                 else f"the first {situation.cards[0].suit.english[:-1]} led")
        return escape_text(f"{self.names[state.leader]}, your partner in defence, leads {card}, "
                           f"{first}. ") + PROMPTS["signal"]

    @staticmethod
    def _hand_entries(entries: list, question) -> list:
        """The table's hand entries; between questions (a replay) no card is to be clicked,
        so every card is shown at rest."""
        if question is not None and question.kind in ("card", "discard"):
            return entries
        why = ("First answer with the buttons above your hand." if question is not None
               else "Press Play on or Next to go on.")
        return [dict(entry, playable=False, idle=True, reason=why) for entry in entries]

    def _hand_head_html(self, count: int, question) -> str:
        """The heading above the hand: what to do with it now."""
        what = f"Your hand ({cards_phrase(count)})"
        if question is not None and question.kind == "discard":
            what += f" — click {cards_phrase(self.rules.dog_size)} to lay aside"
        elif question is not None and question.kind == "card":
            what += " — raised cards may be played: click one"
        return f'<div class="tt-handhead">{escape_text(what)}</div>'

    def _lines(self, start: int, stop: int) -> list[str]:
        """The actions from step ``start`` to ``stop`` in words; a discard is one line, and
        another seat's discard names only its trumps (shown to all); the dog once turned
        face up."""
        state = self.hand.state_at(start)
        lines, laid = [], []
        for action in self.hand.actions[start:stop]:
            before = state.copy()
            state.play(action)
            name = self.names[before.to_act]
            line = action_line(name, action, before, self.hand.learner, self.rules)
            laid = laid + [action] if before.phase is Phase.DISCARD else []
            if len(laid) < 2:
                lines.append(line)
            elif before.to_act != self.hand.learner:
                trumps = [c.display_name(self.rules) for c in laid if c.is_trump]
                lines[-1] = secret_discard_line(name, len(laid), trumps)
            else:
                lines[-1] = (f"{name} lay "
                             + ", ".join(c.display_name(self.rules) for c in laid) + " aside.")
            dog = state.view(self.hand.learner).dog
            if dog is not None and before.view(self.hand.learner).dog is None \
                    and not state.is_over:
                lines.append("The dog is turned face up: "
                             + ", ".join(c.display_name(self.rules) for c in dog) + ".")
        return lines

    # ----- the review of the learner's own answers -------------------------------------

    def show_review(self) -> None:
        """Each question with the learner's own answer (its last legal one) and the engine's
        verdict on it; a question passed without an answer says so."""
        rows = []
        for step, question in sorted(self._questions.items()):
            head = escape_text(_question_title(question))
            if step not in self.given:
                rows.append(f'<li class="tt-review-row"><b>{head}</b>: not answered.</li>')
                continue
            answer = self.given[step]
            verdict = judge_answer(self.hand, question, answer)
            mark = ('<span style="color:#1a7f37">✔</span>' if verdict.right
                    else '<span style="color:#b3261e">✘</span>')
            rows.append(f'<li class="tt-review-row">{mark} <b>{head}</b>: you answered '
                        f"{escape_text(_answer_words(question, answer, self.rules))}. "
                        f"{commentary_html(verdict.text)}</li>")
        right = sum(step in self.right for step in self._questions)
        self.review_view.value = (f"<p><b>Your answers: {right} of {len(self._questions)} "
                                  "right</b> (the deal itself went on as it was played)</p>"
                                  f'<ul style="padding-left:1.2em">{"".join(rows)}</ul>')

    def _comments_html(self, last: list, question: "Question | None" = None) -> str:
        """The last action (``last``: its line, if any), and every comment whose moment came
        since the learner last stopped (one step with Next; the whole way with Play on), but
        for one that tells the waiting ``question``'s answer: held back until it is answered."""
        html = "".join(f"<div><i>{escape_text(line)}</i></div>" for line in last)
        notes = [text for anchor, text in self._anchors if self._notes_from <= anchor <= self.step
                 and not (question is not None and gives_away(question, text))]
        boxes = "".join(f'<div style="background:#f4f4f8;padding:0.4em;margin:0.2em 0">'
                        f"{commentary_html(text)}</div>" for text in notes[-6:])
        return html + boxes

    def _draw_choices(self, question, state) -> None:
        self.choice_values: list[str] = []
        if question is None or question.kind in ("card", "discard"):
            self.choices.children = ()
            return
        if question.kind == "bid":
            options = [(str(bid), bid.english if bid is Bid.PASS
                        else f"{bid.english} ×{self.rules.multiplier(bid)}")
                       for bid in legal_bids((), self.rules)]
        elif question.kind == "declare":
            options = [(o, DECLARATION_WORDS.get(o, o))
                       for o in declaration_options(state, question)]
        elif question.kind == "signal":
            options = [(key, text) for key, text in MEANINGS.items() if key != "nothing"]
        else:
            each = state.result.breakdown.each_defender
            options = [(str(v), score_words(v).capitalize()) for v in score_options(each)]
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


def _plain(text: str) -> str:
    """A judgement's text with its ``{KH}`` card mentions as card names (for the store).

    >>> _plain("Not {KH}: it loses.")
    'Not K♥: it loses.'
    """
    return CARD_MENTION.sub(lambda m: _mention(m.group(1)), text)


def _mention(name: str) -> str:
    try:
        return parse_card(name).short_name
    except ValueError:
        return name


def _stored(value) -> Any:
    """An answer as kept in the progress store: a card or a bid as text, a discard as a
    list of card names."""
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return str(value)


def _question_title(question: Question) -> str:
    if question.kind == "card":
        return f"Trick {question.trick}, your card"
    if question.kind == "signal":
        return f"Trick {question.trick}, your partner's lead"
    return {"bid": "Your bid", "discard": "Your discard", "declare": "Your declaration",
            "score": "The score"}[question.kind]


def _answer_words(question: Question, answer, rules) -> str:
    """The learner's answer in words."""
    if question.kind == "card":
        return parse_card(answer).display_name(rules)
    if question.kind == "discard":
        return ", ".join(parse_card(c).display_name(rules) for c in answer)
    if question.kind == "bid":
        return Bid(answer).english
    if question.kind == "declare":
        return DECLARATION_WORDS.get(answer, answer)
    if question.kind == "signal":
        return f"“{MEANINGS.get(answer, answer)}”"
    return score_words(int(answer))


class GuidedHandLauncher(Launcher):
    """One hand of a page that holds many: its title, whether it is solved, and "Open this
    hand", which builds the hand (:class:`GuidedHandWidget`) in place.

    A dozen hands built at once made the page slow to come alive (thousands of widgets
    before the first answer); now only the hands opened are built. A hand opens by itself
    when ``opened`` is true or when the learner has a saved place in it.

    >>> import tempfile, pathlib, tarot_teach
    >>> hands = pathlib.Path(tarot_teach.__file__).resolve().parent.parent / "exercises" / "hands"
    >>> store = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
    >>> hand = GuidedHandLauncher(hands / "take-made.json", progress=store,
    ...                           exercise_id="ch20-take-made")
    >>> hand.hand is None, hand.open_button.description
    (True, 'Open this hand')
    >>> hand.open_button.click(); hand.hand.step, hand.widget.children == (hand.hand.widget,)
    (0, True)
    """

    def __init__(self, source, progress: "Progress | None" = None,
                 exercise_id: "str | None" = None, opened: bool = False) -> None:
        self.source = source if isinstance(source, GuidedHand) else load_guided_hand(source)
        self.progress = progress if progress is not None else Progress.default()
        self.exercise_id = exercise_id or f"guided:{self.source.title}"
        questions = len(self.source.questions)
        mark = ("✔ solved" if self.progress.is_solved(self.exercise_id)
                else f"{questions} questions")
        saved = self.progress.saved_game(save_key(self.exercise_id))
        super().__init__(f"<b>{escape_text(self.source.title)}</b> <span>({mark})</span>",
                         "Open this hand", tooltip=f"Open the hand: {self.source.title}",
                         button_class="tt-open-hand", closed_class="tt-guided-closed",
                         opened=opened or (isinstance(saved, dict) and bool(saved.get("step"))))

    @property
    def hand(self) -> "GuidedHandWidget | None":
        """The hand, once opened (None before)."""
        return self.built

    def build(self) -> "GuidedHandWidget":
        return GuidedHandWidget(self.source, progress=self.progress,
                                exercise_id=self.exercise_id)


class GuidedHandList:
    """The chapter's hands with a ✔ for each one solved, redrawn when a hand is solved.

    ``hands`` lists ``(exercise_id, title, anchor)``; ``anchor`` is the section's id in
    the page (a link), or "".
    """

    def __init__(self, hands, progress: "Progress | None" = None) -> None:
        self.hands = list(hands)
        self.progress = progress if progress is not None else Progress.default()
        self.widget = widgets.HTML()
        self.widget.add_class("tt-guided-list")
        _LISTS.append(self)
        self.render()

    def render(self) -> None:
        items = []
        solved = 0
        for ident, title, anchor in self.hands:
            done = self.progress.is_solved(ident)
            solved += done
            mark = ('<span style="color:#1a7f37" aria-label="solved">✔</span>' if done
                    else '<span style="color:#595959" aria-label="not solved yet">○</span>')
            name = (f'<a href="#{escape_text(anchor)}">{escape_text(title)}</a>' if anchor
                    else escape_text(title))
            items.append(f'<li class="tt-state" data-state="{"solved" if done else "open"}">'
                         f"{mark} {name}</li>")
        self.widget.value = (f"<p><b>{solved} of {len(self.hands)} hands solved</b></p>"
                             '<ul style="list-style:none;padding-left:0.5em">'
                             f'{"".join(items)}</ul>')

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
