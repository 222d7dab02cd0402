"""Headless tests of the card, points, bouts and contract exercises (chapters 1-3)."""

from fractions import Fraction

import pytest

from tarot_teach import count_bouts, parse_card, parse_cards, points, score, target_for, trick_winner
from tarot_teach.widgets.points import (ClickBoutsExercise, ContractExercise, ContractQuestion,
                                        CountPointsExercise, HalfPointExercise, HigherCardExercise,
                                        NameThatCardExercise, TargetExercise, half_text)


def no_traceback(exercise):
    assert "Traceback" not in exercise.feedback.value


# ----- name that card ----------------------------------------------------------------------

def test_name_that_card_right_in_english_and_french():
    exercise = NameThatCardExercise(question=parse_card("KH"))
    exercise.answer.value = "kh"
    assert exercise.check().ok and "Right" in exercise.feedback.value
    exercise.answer.value = "RH"
    assert exercise.check().ok and "the book writes it KH" in exercise.feedback.value


def test_name_that_card_wrong_names_both_cards():
    exercise = NameThatCardExercise(question=parse_card("CC"))
    exercise.answer.value = "QC"
    result = exercise.check()
    assert not result.ok
    assert "Queen of clubs" in exercise.feedback.value and "Knight of clubs" in exercise.feedback.value
    assert "01-welcome.html#how-cards-are-written" in exercise.feedback.value


@pytest.mark.parametrize("typed", ["", "   ", "11H", "T22", "hello"])
def test_name_that_card_malformed_input_is_friendly(typed):
    exercise = NameThatCardExercise(seed=3)
    exercise.answer.value = typed
    result = exercise.check()
    assert result.invalid_input and not result.ok
    no_traceback(exercise)
    if typed.strip():
        assert "is not a card" in exercise.feedback.value


def test_name_that_card_random_questions_and_solution():
    exercise = NameThatCardExercise(seed=1)
    exercise.answer.value = str(exercise.question)
    assert exercise.check().ok
    assert str(exercise.question) in exercise.solution_text()
    first = exercise.question
    exercise.new_button.click()
    exercise.answer.value = str(exercise.question)
    assert exercise.check().ok or exercise.question is first


# ----- count points -----------------------------------------------------------------------

def test_count_points_accepts_comma_and_dot():
    pile = tuple(parse_cards("KH 7C T21 QD 2S"))
    exercise = CountPointsExercise(question=pile)
    assert points(pile) == Fraction(27, 2)
    for typed in ("13.5", "13,5", " 13,5 "):
        exercise.answer.value = typed
        assert exercise.check().ok


def test_count_points_wrong_is_explained_card_by_card():
    pile = tuple(parse_cards("KH 7C JS"))
    exercise = CountPointsExercise(question=pile)
    exercise.answer.value = "6"
    assert not exercise.check().ok
    feedback = exercise.feedback.value
    assert "King of hearts): 4.5" in feedback and "Jack of spades): 1.5" in feedback
    assert "Total: 6.5 points" in feedback and "02-cards.html#card-points" in feedback


@pytest.mark.parametrize("typed,words", [("", "Please type"), ("lots", "is not one"),
                                         ("12.25", "whole number")])
def test_count_points_malformed(typed, words):
    exercise = CountPointsExercise(seed=2)
    exercise.answer.value = typed
    result = exercise.check()
    assert result.invalid_input and words in exercise.feedback.value
    no_traceback(exercise)


def test_count_points_random_solution_matches_engine():
    exercise = CountPointsExercise(seed=5)
    exercise.answer.value = half_text(points(exercise.question))
    assert exercise.check().ok
    assert exercise.solution_text().endswith(f": {half_text(points(exercise.question))} points in all.")


# ----- find the bouts ---------------------------------------------------------------------

def test_click_bouts_right_wrong_and_empty():
    exercise = ClickBoutsExercise(seed=4)
    hand = exercise.question
    bouts = [c for c in hand if c.is_bout]
    assert bouts and len(hand) == 18
    assert exercise.check().invalid_input and "Click every bout" in exercise.feedback.value
    not_bout = next(c for c in hand if not c.is_bout)
    exercise.picker.select(bouts + [not_bout])
    assert not exercise.check().ok and "is not a bout" in exercise.feedback.value
    exercise.picker.select(bouts)
    assert exercise.check().ok
    assert str(count_bouts(hand)) in exercise.feedback.value


def test_click_bouts_missed_bout_is_named():
    exercise = ClickBoutsExercise(question=tuple(parse_cards("T21 EX KH 3S T4")))
    exercise.picker.select(["T21"])
    assert not exercise.check().ok and "the Excuse) is a bout too" in exercise.feedback.value


# ----- which card ranks higher ------------------------------------------------------------

@pytest.mark.parametrize("pair,higher,reason", [
    ("10S JS", "JS", "King, Queen, Knight, Jack"),
    ("KH T1", "T1", "Every trump"),
    ("T12 T9", "T12", "12 beats 9"),
    ("1D 2D", "2D", "lowest card"),
    ("CC QC", "QC", "Queen"),
])
def test_higher_card(pair, higher, reason):
    exercise = HigherCardExercise(question=tuple(parse_cards(pair)))
    lower = next(c for c in exercise.question if str(c) != higher)
    exercise.picker.select([lower])
    assert not exercise.check().ok and reason in exercise.feedback.value
    exercise.picker.select([higher])
    assert exercise.check().ok


def test_higher_card_random_questions_are_comparable():
    exercise = HigherCardExercise(seed=0)
    for _ in range(30):
        a, b = exercise.question
        assert trick_winner([a, b]) is trick_winner([b, a])
        exercise.new_question()
    assert exercise.check().invalid_input


# ----- target -----------------------------------------------------------------------------

def test_target_right_wrong_and_malformed():
    exercise = TargetExercise(seed=7)
    target = target_for(count_bouts(exercise.question))
    exercise.answer.value = str(target)
    assert exercise.check().ok
    exercise.answer.value = str(target + 5)
    assert not exercise.check().ok and "Targets: 3 bouts 36" in exercise.feedback.value
    assert "03-bouts.html#the-target" in exercise.feedback.value
    exercise.answer.value = "40.5"
    assert exercise.check().invalid_input
    no_traceback(exercise)


def test_target_random_piles_cover_every_bout_count():
    exercise = TargetExercise(seed=0)
    seen = set()
    for _ in range(40):
        seen.add(count_bouts(exercise.question))
        exercise.new_question()
    assert seen == {0, 1, 2, 3}


# ----- made or failed ---------------------------------------------------------------------

def test_contract_made_and_failed():
    exercise = ContractExercise(question=ContractQuestion(2 * 47, 2))
    exercise.verdict.value = "made"
    exercise.margin.value = "6"
    assert exercise.check().ok
    exercise.verdict.value = "failed"
    assert not exercise.check().ok
    assert "made by 6" in exercise.feedback.value and "Target with 2 bouts: 41" in exercise.feedback.value


def test_contract_exact_target_is_made_by_zero():
    exercise = ContractExercise(question=ContractQuestion(2 * 56, 0))
    exercise.verdict.value = "made"
    exercise.margin.value = "0"
    assert exercise.check().ok


def test_contract_malformed():
    exercise = ContractExercise(seed=1)
    exercise.margin.value = "3"
    assert exercise.check().invalid_input and "made or failed" in exercise.feedback.value
    exercise.verdict.value = "made"
    exercise.margin.value = "three"
    assert exercise.check().invalid_input
    no_traceback(exercise)


def test_half_point_rounding_follows_the_engine():
    exercise = HalfPointExercise(question=ContractQuestion(81, 2, 3))
    exercise.verdict.value = "failed"
    exercise.margin.value = "0.5"
    assert exercise.check().invalid_input  # margins are whole points
    exercise.margin.value = "1"
    assert exercise.check().ok
    exercise.question = ContractQuestion(83, 2, 3)
    exercise.verdict.value = "made"
    exercise.margin.value = "1"
    assert exercise.check().ok
    exercise.margin.value = "0"
    assert not exercise.check().ok and "03-bouts.html#the-half-point" in exercise.feedback.value


@pytest.mark.parametrize("cls", [ContractExercise, HalfPointExercise])
def test_contract_random_questions_agree_with_score(cls):
    exercise = cls(seed=0)
    for _ in range(20):
        question = exercise.question
        result = score(question.summary())
        if cls is HalfPointExercise:
            assert question.taker_half_points % 2 == 1 and question.players in (3, 5)
        exercise.verdict.value = "made" if result["contract_made"] else "failed"
        exercise.margin.value = str(result["margin"])
        assert exercise.check().ok, question
        assert exercise.solution_text().startswith("Target with")
        exercise.new_question()
