"""The NumberExercise base: boxes read with the bounded parser, optional and skipped boxes,
messages naming the box, and every type-a-number exercise built on it."""

import ipywidgets as widgets
import pytest

from tarot_teach.teach import Feedback
from tarot_teach.widgets import EXERCISES
from tarot_teach.widgets.base import Exercise, NumberExercise, NumberField


class Sum(NumberExercise):
    """Type two numbers whose sum is the question; the second box is optional."""

    fields = (NumberField("a", "the first number", "a =", halves=True, where="First box"),
              NumberField("b", "the second number", "b =", optional=True),
              NumberField("c", "the third number", "c ="))

    def make_question(self, rng):
        return rng.randint(1, 9)

    def show_question(self, question):
        self.prompt.value = f"Make {question}."

    def skipped_fields(self, question):
        return {"c"}

    def judge(self, question, answer):
        total = answer["a"] + (answer["b"] or 0)
        return Feedback(total == question, f"{total}")

    def solution(self, question):
        return str(question)


def test_boxes_are_read_and_judged():
    exercise = Sum(seed=1)
    exercise.a.value, exercise.b.value = f"{exercise.question - 1},5", "0.5"
    with_half = exercise.check()
    assert with_half.invalid_input and "whole number" in with_half.message  # b takes no half
    exercise.b.value = ""
    exercise.a.value = str(exercise.question)
    assert exercise.read_answer() == {"a": exercise.question, "b": None}  # c is skipped
    assert exercise.check().ok
    exercise.a.value, exercise.b.value = f"{exercise.question - 1},5", "1"
    assert not exercise.check().ok  # a half is read exactly: q - 0.5 + 1 is not q


def test_skipped_box_is_left_out_and_boxes_empty_on_a_new_question():
    exercise = Sum(seed=1)
    assert exercise.c not in _number_boxes(exercise)  # not on the page at all
    assert exercise.a in _number_boxes(exercise) and exercise.b in _number_boxes(exercise)
    exercise.a.value = "3"
    exercise.new_question()
    assert exercise.a.value == "" and exercise.c not in _number_boxes(exercise)


def test_messages_name_the_box():
    exercise = Sum(seed=1)
    result = exercise.check()
    assert result.invalid_input and result.message.startswith("First box: Please type the first")
    exercise.a.value = "1e100000000"
    assert "in full" in exercise.check().message


def test_an_unexpected_error_while_reading_is_caught():
    class Broken(Sum):
        def read_answer(self):
            raise KeyError("bug")

    result = Broken(seed=1).check()
    assert result.invalid_input and "could not be checked" in result.message


def _number_boxes(exercise):
    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)
    return [w for w in walk(exercise.widget) if isinstance(w, widgets.Text)]


NOT_NUMBERS = {"NameThatCardExercise": "a card's name is typed, not a number"}
NOT_OURS = {"DogChanceExercise", "DefenceTrumpsExercise"}  # widgets/odds.py (another owner)


@pytest.mark.parametrize("cls", EXERCISES, ids=lambda cls: cls.__name__)
def test_every_type_a_number_exercise_uses_the_base(cls):
    exercise = cls(seed=5)
    if not _number_boxes(exercise) or cls.__name__ in NOT_NUMBERS or cls.__name__ in NOT_OURS:
        return
    assert isinstance(exercise, NumberExercise), f"{cls.__name__} builds its own number box"
    assert set(exercise.boxes.values()) == set(_number_boxes(exercise))


def test_the_base_is_used_widely():
    assert sum(issubclass(cls, NumberExercise) for cls in EXERCISES) >= 15
    assert all(issubclass(cls, Exercise) for cls in EXERCISES)


def test_cards_share_their_layout_and_one_style_per_colour():
    """A hand of buttons is not three models a card: one layout for all the cards, one style
    per suit colour (each with that colour), in a picker and in the card table's hand."""
    from tarot_teach.widgets.card_picker import CardPicker
    from tarot_teach.widgets.render import SUIT_COLOURS
    from tarot_teach.widgets.table import TableWidget

    picker = CardPicker(["KH", "2H", "3S", "T21", "EX", "QD"])
    buttons = picker.buttons
    assert len({id(b.layout) for b in buttons.values()}) == 1
    styles = {id(b.style) for b in buttons.values()}
    assert len(styles) == len({SUIT_COLOURS[c.suit] for c in buttons}) == 4
    for card, button in buttons.items():
        assert button.style.text_color == SUIT_COLOURS[card.suit]
    table = TableWidget(players=4, seed=1)
    slots = table.hand.slots
    assert len(slots) >= 18
    assert len({id(b.layout) for b in slots}) == len({id(b.style) for b in slots}) == 1


def test_the_table_redraws_each_card_of_the_hand_in_one_message(monkeypatch):
    """Drawing the hand again sends at most one state message per card (not one per changed
    attribute: the name, tooltip and classes of a card go together)."""
    from collections import Counter

    from tarot_teach.widgets.table import TableWidget

    table = TableWidget(players=4, seed=3)
    sent = Counter()
    original = widgets.Widget.send_state

    def counting(widget, key=None):
        sent[id(widget)] += 1
        return original(widget, key)

    monkeypatch.setattr(widgets.Widget, "send_state", counting)
    other_hand = table.state.hand(1)  # other cards: each card's name, tooltip, classes change
    entries = [{"card": card, "playable": False, "reason": "follow suit", "idle": False}
               for card in other_hand]
    table.hand.show(entries)
    slots = table.hand.slots[:len(entries)]
    assert [sent[id(slot)] for slot in slots] == [1] * len(entries)
