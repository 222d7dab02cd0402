"""The parts every exercise is built from.

An exercise is a small class: ``make_question(rng)`` draws a question,
``read_answer()`` turns what the learner entered into an answer (or raises
:class:`AnswerError` with a friendly message), and ``judge(question, answer)`` —
a pure function of the engine's results — says right or wrong and why. The
class wires these to ipywidgets: a prompt, the inputs, a Check button (CSS class
``tt-check``), a New question button (``tt-new``), a feedback area
(``tt-feedback``) and clickable cards (``tt-card``).

Tests drive exercises without a kernel: set ``.value``, call ``.click()``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable

import ipywidgets as widgets

from ..cards import Card, parse_card, parse_cards, sort_cards
from .progress import Progress
from .render import card_button_style, card_label, cards_html, escape_text

__all__ = ["Feedback", "AnswerError", "Exercise", "CardPicker", "read_number", "section_link",
           "judge_card_set"]


class AnswerError(ValueError):
    """The learner's input cannot be read as an answer; the message says what to enter."""


def section_link(page: str, anchor: str = "", title: str = "") -> tuple[str, str]:
    """A link to the part of the book that teaches a rule: ``(title, href)``."""
    href = f"{page}.html" + (f"#{anchor}" if anchor else "")
    return (title or page, href)


@dataclass
class Feedback:
    """What the learner is told after Check."""

    ok: bool
    message: str
    details: list[str] = field(default_factory=list)
    section: "tuple[str, str] | None" = None
    invalid_input: bool = False

    def html(self) -> str:
        if self.invalid_input:
            colour, mark = "#8a6d00", "⚠"
        elif self.ok:
            colour, mark = "#00734d", "✔"
        else:
            colour, mark = "#b34700", "✘"
        parts = [f'<div role="status" style="color:{colour};font-weight:bold">{mark} '
                 f"{escape_text(self.message)}</div>"]
        if self.details:
            items = "".join(f"<li>{escape_text(line)}</li>" for line in self.details)
            parts.append(f'<ul style="margin:0.3em 0">{items}</ul>')
        if self.section:
            title, href = self.section
            parts.append(f'<div>See <a href="{escape_text(href)}">{escape_text(title)}</a>.</div>')
        return "".join(parts)


def read_number(text: Any, what: str = "a number", allow_half: bool = True) -> Fraction:
    """Read a number typed by a learner (``"43"``, ``"40.5"``, ``"40,5"``, ``"-20"``).

    >>> read_number("40,5")
    Fraction(81, 2)
    >>> read_number("forty")
    Traceback (most recent call last):
    ...
    tarot_teach.widgets.base.AnswerError: Please type a number, like 43 or 40.5 — "forty" is not one.
    """
    raw = "" if text is None else str(text).strip()
    if not raw:
        raise AnswerError(f"Please type {what} in the box first.")
    cleaned = raw.replace(",", ".").replace("−", "-").replace(" ", "")
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        example = "43 or 40.5" if allow_half else "43"
        raise AnswerError(f'Please type a number, like {example} — "{raw}" is not one.') from None
    if abs(value) > 100_000:
        raise AnswerError(f"{raw} is far too large for a tarot score: please check the number.")
    if (value * (2 if allow_half else 1)).denominator != 1:
        raise AnswerError(f"Please type a whole number{' or a half' if allow_half else ''}: "
                          f"{raw} is not one.")
    return value


class CardPicker:
    """Cards shown as clickable buttons (class ``tt-card``); ``selected`` holds the chosen ones.

    ``single=True`` makes a click choose one card (and unchoose the others).
    """

    def __init__(self, cards: Iterable["Card | str"] = (), single: bool = False,
                 sort: bool = True, on_change=None, rules=None) -> None:
        self.rules = rules  # a Cosmic Tribe rule set shows that game's card names
        self.single = single
        self.sort = sort
        self._on_change = on_change
        self.box = widgets.Box(layout=widgets.Layout(display="flex", flex_flow="row wrap"))
        self.buttons: dict[Card, widgets.ToggleButton] = {}
        self.set_cards(cards)

    def set_cards(self, cards: Iterable["Card | str"]) -> None:
        cards = [parse_card(c) for c in cards]
        if self.sort:
            cards = sort_cards(cards)
        self.buttons = {}
        for card in cards:
            button = widgets.ToggleButton(
                value=False, description=card_label(card, self.rules),
                tooltip=card.display_name(self.rules),
                layout=widgets.Layout(width="3.4em", height="4.4em", margin="2px", padding="0"),
                style=card_button_style(card))
            button.add_class("tt-card")
            button.observe(self._changed(card), names="value")
            self.buttons[card] = button
        self.box.children = tuple(self.buttons.values())

    def _changed(self, card: Card):
        def handler(change):
            if self.single and change["new"]:
                for other, button in self.buttons.items():
                    if other is not card and button.value:
                        button.value = False
            if self._on_change:
                self._on_change(self.selected)
        return handler

    @property
    def cards(self) -> list[Card]:
        return list(self.buttons)

    @property
    def selected(self) -> list[Card]:
        return [card for card, button in self.buttons.items() if button.value]

    def select(self, cards: Iterable["Card | str"]) -> None:
        """Choose exactly these cards (as a learner's clicks would)."""
        wanted = {parse_card(c) for c in cards}
        unknown = wanted - set(self.buttons)
        if unknown:
            raise ValueError("not shown: " + ", ".join(str(c) for c in unknown))
        for card, button in self.buttons.items():
            button.value = card in wanted

    def clear(self) -> None:
        for button in self.buttons.values():
            button.value = False


class Exercise:
    """The common frame of every exercise. Subclasses define the four methods below."""

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
        self.load_question()
        self.widget = widgets.VBox(
            [self.status, self.prompt, *self.inputs,
             widgets.HBox([self.check_button, self.new_button],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.feedback],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", margin="0.5em 0",
                                  max_width="100%"))
        self.widget.add_class("tt-exercise")

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

    # ----- the frame -----------------------------------------------------------------

    def load_question(self) -> None:
        if self.fixed_question is not None:
            self.question = self.fixed_question
        else:
            self.question = self.make_question(random.Random(f"{self.exercise_id}:{self.seed}"))
        self.feedback.value = ""
        self.show_question(self.question)
        self._show_status()

    def new_question(self) -> None:
        """Draw a fresh seeded question (a fixed question gives way to random ones)."""
        self.fixed_question = None
        self.seed += 1
        self.load_question()

    def check(self) -> Feedback:
        """Read, judge and show. Never lets an exception reach the learner."""
        try:
            answer = self.read_answer()
        except AnswerError as problem:
            result = Feedback(False, str(problem), invalid_input=True)
        else:
            try:
                result = self.judge(self.question, answer)
            except AnswerError as problem:
                result = Feedback(False, str(problem), invalid_input=True)
            except Exception as error:  # a bug must not show a traceback to a learner
                result = Feedback(False, "Sorry, this answer could not be checked "
                                  f"({type(error).__name__}). Try a new question.",
                                  invalid_input=True)
        if result.section is None and not result.ok and not result.invalid_input:
            result.section = self.section
        self.feedback.value = result.html()
        if result.ok:
            self.progress.mark_solved(self.exercise_id)
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


def judge_card_set(chosen, right, praise: str, participle: str, why_not, why_too,
                   section: "tuple[str, str] | None" = None) -> Feedback:
    """Judge cards claimed to be exactly ``right`` (every card that may be ``participle``).

    A card chosen wrongly is explained by ``why_not(card)`` (the engine's refusal); a card
    missed gets ``why_too(card)``, a short note or ``""``.

    >>> judge_card_set(["KH"], ["KH", "2H"], "you may play", "played", str, lambda c: "").details
    ['2♥ may be played too.']
    """
    chosen, right = set(parse_cards(chosen)), set(parse_cards(right))
    if chosen == right:
        return Feedback(True, f"Right: {praise} {cards_line(sort_cards(right))}.")
    details = [f"{card.short_name} may not be {participle}: {why_not(card)}"
               for card in sort_cards(chosen - right)]
    details += [f"{card.short_name} may be {participle} too{why_too(card) or '.'}"
                for card in sort_cards(right - chosen)]
    return Feedback(False, "Not quite.", details, section)


def cards_line(cards: Iterable["Card | str"]) -> str:
    """Cards as text for feedback lines, trumps named as such.

    >>> cards_line(["KH", "10S", "T21", "EX"])
    'K♥, 10♠, trump 21, the Excuse'
    """
    return ", ".join(parse_card(c).short_name for c in cards)


__all__ += ["cards_line", "cards_html"]
