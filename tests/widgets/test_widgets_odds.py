"""Headless tests of the chapter 13 exercises and the split explorer."""

import sys

import pytest

from tarot_teach import parse_cards
from tarot_teach.odds import dog_at_least, most_likely_pattern
from tarot_teach.widgets.odds import (DefenceTrumpsExercise, DogChanceExercise, DogQuestion,
                                      LikeliestSplitExercise, SplitExplorer, split_chart_html)

HAND = tuple(parse_cards("T21 EX KH QH KS 7S 5S 4S 3S 2S QD JD 9C 8C 6C T3 T7 T2"))


def test_dog_chance_tolerance_wrong_and_malformed():
    question = DogQuestion(4, HAND, tuple(parse_cards("KD KC")))   # 19.2%
    exercise = DogChanceExercise(question=question)
    for good in ("19", "21", "17,5 %"):
        exercise.answer_box.value = good
        assert exercise.check().ok, good
    exercise.answer_box.value = "10"
    result = exercise.check()
    assert not result.ok and "19.2%" in result.message
    assert "60 are unseen" in exercise.feedback.value
    assert "13-odds.html#a-card-in-the-dog" in exercise.feedback.value
    for bad in ("", "often", "150"):
        exercise.answer_box.value = bad
        assert exercise.check().invalid_input
        assert "Traceback" not in exercise.feedback.value


def test_dog_chance_random_questions():
    for seed in range(10):
        exercise = DogChanceExercise(seed=seed, exercise_id="t-dog")
        q = exercise.question
        exact = dog_at_least(len(q.wanted), 1, q.players) * 100
        exercise.answer_box.value = str(float(exact))
        assert exercise.check().ok
        assert not set(q.wanted) & set(q.hand)


def test_likeliest_split():
    exercise = LikeliestSplitExercise(question=7)
    assert (3, 2, 2) in [value for _, value in exercise.choice.options]
    exercise.choice.value = most_likely_pattern(7)
    assert exercise.check().ok
    exercise.choice.value = (4, 2, 1)      # the simple model's favourite, not the exact one's
    result = exercise.check()
    assert not result.ok and "3-2-2 is more likely than 4-2-1" in result.message
    exercise.choice.value = None
    assert exercise.check().invalid_input
    exercise.new_button.click()
    assert exercise.choice.value is None


def test_defence_trumps():
    exercise = DefenceTrumpsExercise(question=HAND)
    exercise.answer_box.value = "17"
    assert exercise.check().ok
    exercise.answer_box.value = "16"
    result = exercise.check()
    assert not result.ok and "21 − 4 = 17" in exercise.feedback.value
    for bad in ("", "x", "30"):
        exercise.answer_box.value = bad
        assert exercise.check().invalid_input


def test_a_tie_is_accepted_and_explained_as_a_tie():
    from tarot_teach.widgets.odds import check_likeliest_split, likeliest_text
    for split, other in (((4, 2, 1), "3-2-2"), ((3, 2, 2), "4-2-1")):
        result = check_likeliest_split(7, split, model="independent")
        assert result.ok and f"exactly tied with {other}" in result.message
    wrong = check_likeliest_split(7, (3, 3, 1), model="independent")
    assert not wrong.ok and "4-2-1 and 3-2-2 are each more likely than 3-3-1" in wrong.message
    assert any("exactly tied: 70/243 each" in line for line in wrong.details)
    assert "exactly tied (560/2187 each" in likeliest_text(8, "independent")
    exact = check_likeliest_split(7, (4, 2, 1))          # the exact count has one favourite
    assert not exact.ok and "3-2-2 is more likely than 4-2-1" in exact.message
    assert not any("tied" in line for line in check_likeliest_split(7, (3, 2, 2)).details[:2])


def test_chart_and_explorer():
    assert split_chart_html(6).startswith("<img")
    explorer = SplitExplorer(6)
    explorer.count.value = 8
    assert "3-3-2" in explorer.text.value
    assert "4-3-1 and 3-3-2, exactly tied" in explorer.text.value


def test_chart_without_matplotlib(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    html = split_chart_html(5)
    assert html.startswith('<div role="img"') and "%" in html


@pytest.mark.slow  # a fresh Python
def test_module_imports_without_matplotlib():
    import subprocess
    code = ("import sys; sys.modules['matplotlib'] = None; "
            "import tarot_teach.widgets.odds as m; print(m.split_chart_html(4)[:4])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("<div")
