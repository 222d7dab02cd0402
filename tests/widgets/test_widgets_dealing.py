"""Headless tests of the dealing exercises (chapter 4)."""

import random

import pytest

from tarot_teach import GameState, Ledger, RuleSet, has_petit_sec, parse_cards
from tarot_teach.deal import dealing_order
from tarot_teach.widgets.dealing import (DealingOrderExercise, DealSequence, HandSizesExercise,
                                         PetitSecExercise, TableQuestion, WhoDealsExercise,
                                         dog_position_problems, first_to_speak, next_dealer,
                                         steps_to_positions)


def no_traceback(exercise):
    assert "Traceback" not in exercise.feedback.value


# ----- the checker agrees with the engine's own dealer ------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_engine_deal_passes_the_dog_checker(players):
    rules = RuleSet(players=players)
    for seed in range(200):
        _pack, positions = dealing_order(rules, random.Random(seed))
        assert dog_position_problems(rules, positions) == []


def test_dog_checker_names_each_fault():
    rules = RuleSet(players=4)
    assert "first card" in dog_position_problems(rules, [0, 7, 11, 15, 19, 23])[0]
    assert "last card" in dog_position_problems(rules, [3, 7, 11, 15, 19, 77])[0]
    assert "two dog cards in a row" in dog_position_problems(rules, [3, 4, 11, 15, 19, 23])[0]
    assert "middle of a packet" in dog_position_problems(rules, [4, 8, 12, 16, 20, 24])[0]
    assert "6 cards" in dog_position_problems(rules, [3, 7])[0]


# ----- is this deal legal? ----------------------------------------------------------------

def test_dealing_order_right_wrong_and_empty():
    legal = DealSequence(4, "PPD" + "P" * 5 + "D" + "P" * 4 + "DPPDPPDPPD" + "P" * 5)
    assert steps_to_positions(legal.steps) == [6, 22, 35, 42, 49, 56]
    assert dog_position_problems(legal.rules, legal.positions) == []
    exercise = DealingOrderExercise(question=legal)
    assert exercise.check().invalid_input and "legal or illegal" in exercise.feedback.value
    exercise.verdict.value = "illegal"
    assert not exercise.check().ok and "this deal is legal" in exercise.feedback.value
    assert "04-dealing.html#the-dog" in exercise.feedback.value
    exercise.verdict.value = "legal"
    assert exercise.check().ok
    no_traceback(exercise)


def test_dealing_order_illegal_gives_the_reason():
    broken = DealSequence(5, "PPPPDD" + "P" * 20 + "D")
    exercise = DealingOrderExercise(question=broken)
    exercise.verdict.value = "legal"
    assert not exercise.check().ok
    assert "two dog cards in a row" in exercise.feedback.value


def test_dealing_order_random_questions_have_the_right_sizes():
    exercise = DealingOrderExercise(seed=0)
    verdicts = set()
    for _ in range(30):
        question = exercise.question
        rules = question.rules
        assert question.steps.count("D") == rules.dog_size
        assert question.steps.count("P") * 3 == rules.players * rules.hand_size
        problems = dog_position_problems(rules, question.positions)
        verdicts.add(bool(problems))
        exercise.verdict.value = "illegal" if problems else "legal"
        assert exercise.check().ok
        assert exercise.solution_text().startswith("Illegal" if problems else "Legal")
        exercise.new_question()
    assert verdicts == {True, False}


# ----- petit sec --------------------------------------------------------------------------

PLAIN = "KH QH 2H 3H 4H 5H 6S 7S 8S 9S 10S 1D 2D 3D 4D 5D 6D"


@pytest.mark.parametrize("hand,sec,reason", [
    ("T1 " + PLAIN, True, "only trump"),
    ("T1 EX " + PLAIN[3:], False, "holds the Excuse"),
    ("T1 T12 " + PLAIN[3:], False, "also holds T12"),
    ("7C " + PLAIN, False, "no Petit"),
])
def test_petit_sec_cases(hand, sec, reason):
    hand = tuple(parse_cards(hand))
    assert len(hand) == 18 and has_petit_sec(hand) is sec
    exercise = PetitSecExercise(question=hand)
    exercise.verdict.value = "no" if sec else "yes"
    assert not exercise.check().ok and reason in exercise.feedback.value
    assert "04-dealing.html#petit-sec" in exercise.feedback.value
    exercise.verdict.value = "yes" if sec else "no"
    assert exercise.check().ok


def test_petit_sec_no_choice_is_friendly():
    exercise = PetitSecExercise(seed=1)
    assert exercise.check().invalid_input and "yes or no" in exercise.feedback.value
    no_traceback(exercise)


def test_petit_sec_random_hands_mix_both_answers():
    exercise = PetitSecExercise(seed=0)
    answers = set()
    for _ in range(30):
        assert len(exercise.question) == 18
        sec = has_petit_sec(exercise.question)
        answers.add(sec)
        exercise.verdict.value = "yes" if sec else "no"
        assert exercise.check().ok
        exercise.new_question()
    assert answers == {True, False}


# ----- hand and dog sizes -----------------------------------------------------------------

@pytest.mark.parametrize("players,hand,dog", [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_hand_sizes(players, hand, dog):
    exercise = HandSizesExercise(question=players)
    exercise.hand.value, exercise.dog.value = str(hand), str(dog)
    assert exercise.check().ok
    exercise.dog.value = str(dog + 1)
    assert not exercise.check().ok and "= 78 cards" in exercise.feedback.value
    assert "04-dealing.html#how-many-cards" in exercise.feedback.value


@pytest.mark.parametrize("hand,dog,words", [("", "6", "Please type"), ("18", "six", "is not one"),
                                            ("17.5", "6", "whole number")])
def test_hand_sizes_malformed(hand, dog, words):
    exercise = HandSizesExercise(question=4)
    exercise.hand.value, exercise.dog.value = hand, dog
    assert exercise.check().invalid_input and words in exercise.feedback.value
    no_traceback(exercise)


# ----- who speaks first, who deals next ---------------------------------------------------

def test_table_helpers_follow_the_engine():
    for players in (3, 4, 5):
        for dealer in range(players):
            state = GameState.new(RuleSet(players=players), seed=11, dealer=dealer)
            if state.to_act is not None:
                assert first_to_speak(players, dealer) == state.to_act
            sheet = Ledger(players=players, dealer=dealer)
            sheet.add(None, void=True)
            assert next_dealer(players, dealer) == sheet.dealer == (dealer + 1) % players


def test_who_deals_right_and_wrong():
    exercise = WhoDealsExercise(question=TableQuestion(4, 2, "first"))
    assert exercise.choice.options == ("Ada", "Bruno", "Chloé", "Dmitri")
    exercise.choice.value = "Chloé"
    assert not exercise.check().ok and "last to speak" in exercise.feedback.value
    exercise.choice.value = "Bruno"
    assert not exercise.check().ok and "who cuts" in exercise.feedback.value
    assert "04-dealing.html#who-deals-next-and-who-speaks-first" in exercise.feedback.value
    exercise.choice.value = "Dmitri"
    assert exercise.check().ok


def test_who_deals_next_wraps_round_the_table():
    exercise = WhoDealsExercise(question=TableQuestion(5, 4, "next_dealer"))
    exercise.choice.value = "Ada"
    assert exercise.check().ok
    assert "Eve" in exercise.table.value and "dealer" in exercise.table.value


def test_who_deals_no_choice_and_random_questions():
    exercise = WhoDealsExercise(seed=0)
    assert exercise.check().invalid_input and "Choose a player" in exercise.feedback.value
    for _ in range(15):
        question = exercise.question
        assert len(exercise.choice.options) == question.players
        exercise.choice.value = exercise.solution_text().split(".")[0]
        assert exercise.check().ok
        exercise.new_question()
