"""The French ↔ English exercise: every term asked is in the glossary, answers are judged both ways."""

import random
import re
from pathlib import Path

from tarot_teach.teach.vocabulary import WORDS, check_term, random_term_question, terms, translate
from tarot_teach.widgets.vocabulary import VocabularyExercise

GLOSSARY = (Path(__file__).resolve().parents[2] / "book" / "appendix-glossary.md").read_text(
    encoding="utf-8")


def _normal(text):
    return re.sub(r"\s+", " ", text.lower())


def test_every_word_asked_is_in_the_glossary():
    glossary = _normal(GLOSSARY)
    for french, english in WORDS:
        assert french in glossary, french
        # the glossary gives the English word (bold), the exercise may add an article
        key = re.sub(r"^(the|a|an|to) ", "", english.split(" (")[0].lower())
        assert key in glossary, (french, english)


def test_questions_have_exactly_one_right_choice():
    rng = random.Random(4)
    for _ in range(200):
        question = random_term_question(rng)
        right = [c for c in question.choices if check_term(question, c).ok]
        assert len(right) == 1 and len(set(question.choices)) == 4
        assert right[0] in translate(question.word)


def test_both_directions_and_the_wrong_choice_is_translated_back():
    rng = random.Random(9)
    seen = set()
    for _ in range(60):
        question = random_term_question(rng)
        seen.add(question.language)
        wrong = next(c for c in question.choices if c not in translate(question.word))
        feedback = check_term(question, wrong)
        assert not feedback.ok and feedback.details and wrong in feedback.details[0]
        assert feedback.section[1].startswith("appendix-glossary.html")
    assert seen == {"fr", "en"}


def test_engine_names_are_asked():
    pairs = dict(terms())
    assert pairs["Garde sans"] == "Guard without the dog" and pairs["trèfle"] == "clubs"


def test_widget_right_wrong_and_no_choice():
    exercise = VocabularyExercise(seed=2)
    assert exercise.check().invalid_input
    question = exercise.question
    wrong = next(c for c in question.choices if c not in translate(question.word))
    exercise.choice.value = wrong
    exercise.check_button.click()
    assert "No:" in exercise.feedback.value
    exercise.choice.value = translate(question.word)[0]
    assert exercise.check().ok
