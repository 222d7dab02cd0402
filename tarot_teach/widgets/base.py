"""The parts every exercise is built from.

An exercise is a small class: ``make_question(rng)`` draws a question,
``read_answer()`` turns what the learner entered into an answer (or raises
:class:`AnswerError` with a friendly message), and ``judge(question, answer)`` —
a pure function of the engine's results — says right or wrong and why. The
class wires these to ipywidgets: a prompt, the inputs, a Check button (CSS class
``tt-check``), a New question button (``tt-new``), a feedback area
(``tt-feedback``) and clickable cards (``tt-card``).

A wrong answer's feedback tells the right one (or enough of it): after it, the same
question answered right is praised but does not mark the exercise solved; a fresh question
(New question) does. Mastery is shown on a question not yet seen answered.

Tests drive exercises without a kernel: set ``.value``, call ``.click()``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..names import sentence
from ..teach.feedback import (AnswerError, Feedback, cards_line, escape_text, judge_card_set,
                              section_link)
from ..teach.inputs import parse_number, read_number, read_text
from .progress import Progress
from .render import cards_html
# The cards as buttons and the launcher, importable from here as before:
from .card_picker import CardButtons, CardPicker  # noqa: F401
from .launcher import Launcher  # noqa: F401

__all__ = ["Feedback", "AnswerError", "Exercise", "NumberExercise", "NumberField", "CardPicker",
           "CardButtons", "Launcher", "answer_box", "read_number", "parse_number", "read_text",
           "section_link", "judge_card_set", "cards_line", "cards_html"]


def answer_box(name: str, placeholder: str = "", width: str = "12em", *, shown: bool = True,
               label_width: str = "initial", kind=widgets.Text, **options) -> widgets.Text:
    """A box to type an answer in, named by ``name`` (HTML allowed, e.g. ``"<i>s</i> ="``).

    The name is the widget's description: the page shows it in a ``<label for>`` of the
    box (static or live), so a screen reader reads it as the box's name, not the
    placeholder. ``shown=False`` keeps the label for screen readers only (a grid's cell,
    whose column and row headers show the words).

    ``width`` is the box's own width (``"7em"``, ``"8em"``, ``"10em"`` or ``"12em"``, set
    in a11y.css; any other width is the whole widget's); the label takes what it needs,
    or ``label_width`` (e.g. ``"8em"``) to line up boxes under labels of different
    lengths. On a narrow screen the box goes under its label.

    >>> box = answer_box("Points:", "e.g. 12", "8em")
    >>> box.description, box.style.description_width, box._dom_classes
    ('Points:', 'initial', ('tt-number', 'tt-w8'))
    """
    box = kind(placeholder=placeholder, description=name, description_allow_html=True,
               style={"description_width": label_width},
               layout=widgets.Layout(width="auto", max_width="100%"), **options)
    box.add_class("tt-number")
    if width in ("7em", "8em", "10em"):
        box.add_class("tt-w" + width[:-2])
    elif width != "12em":
        box.layout.width = width  # (a grid's cell: "auto")
    if not shown:
        box.add_class("tt-label-hidden")
    return box


REVEALED_NOTE = ("This question's answer was shown after a wrong answer, so it does not count "
                 "as solved: press New question and solve a fresh one.")
"""Said under a right answer given after the feedback showed it (the exercise stays unsolved)."""


class Exercise:
    """The common frame of every exercise. Subclasses define the four methods below.

    After a wrong answer (its feedback shows the answer) the same question answered right
    is not a solve; a fresh one is:

    >>> import tempfile, pathlib
    >>> class Double(Exercise):
    ...     def make_question(self, rng): return rng.randint(1, 9)
    ...     def show_question(self, question): self.prompt.value = f"Double {question}?"
    ...     def read_answer(self): return self.given
    ...     def judge(self, question, answer):
    ...         return Feedback(answer == 2 * question, f"It is {2 * question}.")
    >>> store = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
    >>> exercise = Double(progress=store, exercise_id="double")
    >>> exercise.given = 0; exercise.check().ok
    False
    >>> exercise.given = 2 * exercise.question; exercise.check().ok, store.is_solved("double")
    (True, False)
    >>> exercise.new_question(); exercise.given = 2 * exercise.question
    >>> exercise.check().ok, store.is_solved("double")
    (True, True)
    """

    title = "Exercise"
    section: "tuple[str, str] | None" = None

    def __init__(self, seed: int = 0, exercise_id: "str | None" = None,
                 progress: "Progress | None" = None, question: Any = None) -> None:
        self.seed = seed
        self.exercise_id = exercise_id or f"{type(self).__name__}"
        self.progress = progress if progress is not None else Progress.default()
        self.fixed_question = question
        self.prompt = widgets.HTML()
        self.feedback = widgets.HTML(value="")
        self.feedback.add_class("tt-feedback")
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           tooltip="Check my answer")
        self.check_button.add_class("tt-check")
        self.new_button = widgets.Button(description="New question", tooltip="Draw a new question")
        self.new_button.add_class("tt-new")
        self.status = widgets.HTML()
        self.check_button.on_click(lambda _button: self.check())
        self.new_button.on_click(lambda _button: self.new_question())
        self.inputs = self.build_inputs()
        self.question = None
        self.answer_revealed = False  # a wrong answer to this question has shown the answer
        self.load_question()
        self.widget = widgets.VBox(
            [self.status, self.prompt, *self.inputs,
             widgets.HBox([self.check_button, self.new_button],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.feedback],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", margin="0.5em 0",
                                  max_width="100%"))
        self.widget.add_class("tt-exercise")
        self.progress.watch(self._progress_changed)

    def _progress_changed(self) -> bool:
        """The progress changed (here, or a reset in another tab): show the status again;
        False (stop watching) once the page was left and its widgets closed."""
        if self.widget.comm is None:
            return False
        self._show_status()
        return True

    # ----- to override ------------------------------------------------------------

    def build_inputs(self) -> list:
        """The widgets the learner answers with (built once)."""
        return []

    def make_question(self, rng: random.Random) -> Any:
        """A fresh question drawn with ``rng``."""
        raise NotImplementedError

    def show_question(self, question: Any) -> None:
        """Put the question on screen and reset the inputs."""
        raise NotImplementedError

    def read_answer(self) -> Any:
        """The learner's answer from the inputs; raise :class:`AnswerError` if it cannot be read."""
        raise NotImplementedError

    def judge(self, question: Any, answer: Any) -> Feedback:
        """Right or wrong, and why — from the engine's own results."""
        raise NotImplementedError

    def solution(self, question: Any) -> str:
        """The answer to ``question``, worked out by the engine, as text."""
        raise NotImplementedError

    def reset_inputs(self, question: Any) -> None:
        """Called after ``show_question``: empty the inputs for a new question."""

    # ----- the frame -----------------------------------------------------------------

    def load_question(self) -> None:
        if self.fixed_question is not None:
            self.question = self.fixed_question
        else:
            self.question = self.make_question(random.Random(f"{self.exercise_id}:{self.seed}"))
        self.feedback.value = ""
        self.answer_revealed = False
        self.show_question(self.question)
        self.reset_inputs(self.question)
        self._show_status()

    def new_question(self) -> None:
        """Draw a fresh seeded question (a fixed question gives way to random ones)."""
        self.fixed_question = None
        self.seed += 1
        self.load_question()

    def check(self) -> Feedback:
        """Read, judge and show. Never lets an exception reach the learner."""
        try:
            result = self.judge(self.question, self.read_answer())
        except AnswerError as problem:
            result = Feedback(False, str(problem), invalid_input=True)
        except Exception as error:  # a bug must not show a traceback to a learner
            result = Feedback(False, "Sorry, this answer could not be checked "
                              f"({type(error).__name__}). Try a new question.",
                              invalid_input=True)
        if result.section is None and not result.ok and not result.invalid_input:
            result.section = self.section
        if result.ok and self.answer_revealed:
            # typed back after the feedback showed it: right, but not a solve
            result.details = [*result.details, REVEALED_NOTE]
        self.feedback.value = result.html()
        if not result.invalid_input and not (result.ok and self.answer_revealed):
            # a right or wrong answer is kept (the reason too)
            reason = "" if result.ok else " ".join([result.message, *result.details])
            self.progress.record_answer(self.exercise_id, result.ok, reason)
        if not result.ok and not result.invalid_input:
            self.answer_revealed = True
        self._show_status()
        return result

    def solution_text(self) -> str:
        return self.solution(self.question)

    def _show_status(self) -> None:
        notes = []
        if self.progress.is_solved(self.exercise_id):
            notes.append('<span style="color:#00734d">✔ solved before</span>')
        if self.progress.message:
            notes.append(f'<span style="color:#8a6d00">{escape_text(self.progress.message)}</span>')
        self.status.value = (f'<b>{escape_text(self.title)}</b> ' + " · ".join(notes))

    def _ipython_display_(self) -> None:
        from IPython.display import display
        display(self.widget)


@dataclass(frozen=True)
class NumberField:
    """One number box of a :class:`NumberExercise`.

    ``what`` names the number in messages ("Please type the target in the box first");
    ``where`` (optional) says which box, before the message; ``halves`` lets a half
    point through; an ``optional`` box left empty reads as None. ``label`` (HTML) is the
    box's name, shown beside it and read by screen readers (see :func:`answer_box`);
    ``shown=False`` keeps it for screen readers only; ``label_width`` lines boxes up.
    """

    key: str
    what: str = "a number"
    label: str = ""
    placeholder: str = ""
    halves: bool = False
    optional: bool = False
    width: str = "12em"
    where: str = ""
    shown: bool = True
    label_width: str = "initial"


class NumberExercise(Exercise):
    """An exercise answered by typing numbers: the boxes, Check and the feedback.

    Subclasses list their boxes in ``fields`` (or override :meth:`number_fields`), may put
    widgets above the boxes (:meth:`question_inputs`) or below them (:meth:`after_inputs`),
    show the question in ``show_question`` (the boxes are emptied for them) and judge in
    ``judge``. Each box is read with :func:`~tarot_teach.teach.read_number` (bounded: long
    or exotic text is refused with a message, never evaluated); ``judge`` receives the
    number (an ``int``, or a ``Fraction`` where a half is allowed) for a single box, or a
    dict ``key → number`` for several. A box named in :meth:`skipped_fields` is hidden.
    """

    fields: "tuple[NumberField, ...]" = (NumberField("answer_box"),)

    def number_fields(self) -> "tuple[NumberField, ...]":
        return tuple(self.fields)

    def question_inputs(self) -> list:
        """Widgets shown above the number boxes (built once)."""
        return []

    def after_inputs(self) -> list:
        """Widgets shown below the number boxes (built once)."""
        return []

    def box_layout(self, rows: list) -> list:
        """The number boxes (each with its label) as shown; override to arrange them.

        By default the rows stand in :attr:`rows_box`, from which a skipped row is removed
        (not merely hidden: the page then holds no box that cannot be filled)."""
        self.rows_box = widgets.VBox(rows, layout=widgets.Layout(max_width="100%"))
        return [self.rows_box]

    def skipped_fields(self, question: Any) -> "set[str]":
        """Keys of the boxes this question does not ask for (hidden, not read)."""
        return set()

    def build_inputs(self) -> list:
        self.number_specs = {spec.key: spec for spec in self.number_fields()}
        self.rows_box = None
        self.boxes: dict[str, widgets.Text] = {
            key: answer_box(spec.label or sentence(spec.what) + ":",
                            spec.placeholder, spec.width, shown=spec.shown,
                            label_width=spec.label_width)
            for key, spec in self.number_specs.items()}
        return [*self.question_inputs(), *self.box_layout(list(self.boxes.values())),
                *self.after_inputs()]

    def reset_inputs(self, question: Any) -> None:
        skipped = self.skipped_fields(question)
        for box in self.boxes.values():
            box.value = ""
        if self.rows_box is not None:
            shown = tuple(box for key, box in self.boxes.items() if key not in skipped)
            if self.rows_box.children != shown:
                self.rows_box.children = shown
        else:  # a layout of the subclass's own: hide what is skipped
            for key, box in self.boxes.items():
                box.layout.display = "none" if key in skipped else ""

    def read_numbers(self) -> dict:
        """Every box asked for, read as a number (``None`` for an empty optional box)."""
        values = {}
        skipped = self.skipped_fields(self.question)
        for key, spec in self.number_specs.items():
            if key in skipped:
                continue
            text = self.boxes[key].value
            if spec.optional and not str(text or "").strip():
                values[key] = None
                continue
            try:
                value = read_number(text, spec.what, allow_half=spec.halves)
            except AnswerError as problem:
                if not spec.where:
                    raise
                raise AnswerError(f"{spec.where}: {problem}") from None
            values[key] = value if spec.halves else int(value)
        return values

    def read_answer(self) -> Any:
        values = self.read_numbers()
        return next(iter(values.values())) if len(self.number_specs) == 1 else values

    def __getattr__(self, name: str):
        # each box is also an attribute named by its key (``exercise.answer_box.value = "41"``)
        boxes = self.__dict__.get("boxes")
        if boxes is not None and name in boxes:
            return boxes[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


