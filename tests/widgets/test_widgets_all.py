"""Every exercise of the book, treated alike: it builds, checks bad input kindly, never shows a
traceback, escapes what the learner types, has a solution, and draws new questions."""

import re

import ipywidgets as widgets
import pytest

from tarot_teach.widgets import EXERCISES

HOSTILE_INPUTS = ["", "   ", "abc", "12abc", "-", "1e999", "<script>alert(1)</script>", "½"]


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _text_boxes(exercise):
    return [w for w in _walk(exercise.widget) if isinstance(w, (widgets.Text, widgets.Textarea))]


@pytest.mark.parametrize("exercise_class", EXERCISES, ids=lambda cls: cls.__name__)
def test_exercise_frame(exercise_class):
    exercise = exercise_class(seed=11)
    assert "tt-check" in exercise.check_button._dom_classes
    assert "tt-feedback" in exercise.feedback._dom_classes
    assert exercise.prompt.value or any(
        isinstance(w, widgets.HTML) and w.value for w in _walk(exercise.widget))
    assert exercise.solution_text().strip()
    result = exercise.check()  # nothing entered yet
    assert not result.ok
    assert "Traceback" not in exercise.feedback.value and "Sorry" not in exercise.feedback.value


def _with_text_boxes():
    """The exercises with somewhere to type (found by building each once)."""
    import os
    import tempfile

    os.environ.setdefault("TAROT_TEACH_PROGRESS", os.path.join(tempfile.mkdtemp(), "p.json"))
    return [cls for cls in EXERCISES if _text_boxes(cls(seed=12))]


WITH_TEXT = _with_text_boxes()  # (found once for the two tests below)


@pytest.mark.parametrize("exercise_class", WITH_TEXT, ids=lambda cls: cls.__name__)
def test_hostile_typing_gets_a_friendly_escaped_message(exercise_class):
    exercise = exercise_class(seed=12)
    boxes = _text_boxes(exercise)
    for text in HOSTILE_INPUTS:
        for box in boxes:
            box.value = text
        result = exercise.check()
        assert not result.ok or text.strip() not in ("", "abc")
        shown = exercise.feedback.value
        assert "<script>" not in shown, "typed text must be escaped"
        assert "Sorry, this answer could not be checked" not in shown, (text, shown)


def box_name(box) -> str:
    """The words a screen reader reads as a box's name: its description, which the page
    shows in a ``<label for>`` of the box (tags dropped)."""
    return re.sub(r"<[^>]*>", "", box.description).strip()


@pytest.mark.parametrize("exercise_class", WITH_TEXT, ids=lambda cls: cls.__name__)
def test_every_box_is_named_by_words_not_only_its_placeholder(exercise_class):
    exercise = exercise_class(seed=12)
    for box in _text_boxes(exercise):
        name = box_name(box)
        assert re.search(r"[A-Za-z]{3}", name), (exercise_class.__name__, box.placeholder, name)
        assert re.sub(r"\W", "", name).lower() != re.sub(r"\W", "", box.placeholder).lower()
        width = box.style.description_width  # the words whole, not cut to ipywidgets' width
        assert width == "initial" or float(width.removesuffix("em")) >= len(name) * 0.55


def test_the_other_boxes_are_named_too():
    """The bid advisor, the split explorer and the final test's boxes."""
    from tarot_teach.widgets import BidAdvisor, SplitExplorer
    from tarot_teach.widgets.final_test import FinalTestWidget

    assert box_name(BidAdvisor().text_box) == "Your 18 cards:"
    assert box_name(SplitExplorer().count) == "Cards the defence holds:"
    test = FinalTestWidget(seed=3)
    test._ask_numbers(["Points in your pile:"])
    shown = [box for box in test.boxes if box.layout.display != "none"]
    assert [box_name(box) for box in shown] == ["Points in your pile:"]


@pytest.mark.parametrize("exercise_class", EXERCISES, ids=lambda cls: cls.__name__)
def test_new_questions_never_run_out(exercise_class):
    exercise = exercise_class(seed=13)
    seen = {repr(exercise.question)}
    for _ in range(4):
        exercise.new_button.click()
        assert exercise.feedback.value == ""
        assert exercise.solution_text().strip()
        seen.add(repr(exercise.question))
    assert len(seen) >= 2
