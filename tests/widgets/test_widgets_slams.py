"""Slam exercises (chapter 9): announcing a slam and what a slam is worth."""

import random

import pytest

from tarot_teach import first_to_act, score
from tarot_teach.teach.slams import (ANYONE, SLAM_OUTCOMES, WHEN, check_announcement,
                                     check_slam_score, random_announce_question,
                                     random_slam_summary, slam_bonus)
from tarot_teach.widgets.slams import SlamAnnounceExercise, SlamValueExercise

# RULES.md §9: the slam items, for the taker's side, not multiplied; the combined case adds up.
SPEC_VALUES = {"announced_made": 400, "made": 200, "announced_failed": -200, "defence": -200,
               "announced_failed_defence": -400}


def test_announcement_questions_follow_the_rules():
    rng = random.Random(11)
    seen = set()
    for _ in range(40):
        question = random_announce_question(rng)
        seen.add((question.players, question.announced, question.before))
        if question.announced:
            assert question.leader == question.taker
        else:
            assert question.leader == first_to_act(question.dealer, question.players)
        dog_taken = question.bid.value in ("take", "guard")
        assert question.before == ("after_discard" if dog_taken else "after_auction")
        assert check_announcement(question, question.taker, question.before, question.leader).ok
    assert {players for players, _, _ in seen} == {3, 4, 5}
    assert {before for _, _, before in seen} == {"after_discard", "after_auction"}


def test_each_wrong_part_is_explained():
    rng = random.Random(5)
    question = next(q for q in (random_announce_question(rng) for _ in range(50))
                    if q.announced and q.leader != first_to_act(q.dealer, q.players))
    wrong_when = next(key for key in WHEN if key != question.before)
    leader_if_not = first_to_act(question.dealer, question.players)
    feedback = check_announcement(question, ANYONE, wrong_when, leader_if_not)
    assert not feedback.ok and feedback.message.startswith("0 of your 3")
    assert feedback.details[0].startswith("Only the taker")
    assert ("dog" in feedback.details[1]) and "leads the first trick" in feedback.details[2]
    assert feedback.section[1] == "09-scoring.html#slams"


def test_announce_widget_right_wrong_and_unanswered():
    exercise = SlamAnnounceExercise(seed=3)
    question = exercise.question
    result = exercise.check()
    assert result.invalid_input and "all three" in exercise.feedback.value
    exercise.who.value = question.taker
    exercise.when.value = question.before
    exercise.leader.value = (question.leader + 1) % question.players
    assert not exercise.check().ok
    assert "leads" in exercise.feedback.value
    exercise.leader.value = question.leader
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value
    assert exercise.solution_text().startswith("Only ")


@pytest.mark.parametrize("outcome", SLAM_OUTCOMES)
def test_slam_values_come_from_the_engine_and_match_the_rules(outcome):
    rng = random.Random(outcome)
    for _ in range(20):
        summary = random_slam_summary(rng, outcome)
        assert slam_bonus(summary) == SPEC_VALUES[outcome]
        # not multiplied: the same slam under another contract adds the same
        for bid in ("take", "guard_against"):
            assert slam_bonus(dict(summary, bid=bid)) == SPEC_VALUES[outcome]


def test_slam_summaries_are_consistent():
    rng = random.Random(2)
    for _ in range(100):
        summary = random_slam_summary(rng)
        if summary["chelem"] in ("announced_made", "made"):
            assert score(summary)["contract_made"]
            assert summary["taker_bouts"] >= 2
        if summary["chelem"] in ("defence", "announced_failed_defence"):
            assert summary["taker_bouts"] == 0 and not score(summary)["contract_made"]


def test_slam_score_judge_explains_a_missed_combined_case():
    summary = {"players": 4, "bid": "take", "taker_points": 4, "taker_bouts": 0,
               "chelem": "announced_failed_defence"}
    right = score(summary)["hand_score"]
    feedback = check_slam_score(summary, -200, right + 200)
    assert not feedback.ok
    assert "-400" in feedback.details[0] and "defence took every trick" in feedback.details[0]
    assert check_slam_score(summary, -400, right).ok


def test_value_widget_right_wrong_and_bad_input():
    exercise = SlamValueExercise(seed=6)
    question = exercise.question
    exercise.bonus_box.value = "four hundred"
    exercise.hand_box.value = "1"
    result = exercise.check()
    assert result.invalid_input and "The slam box" in exercise.feedback.value
    assert "Traceback" not in exercise.feedback.value
    exercise.bonus_box.value = str(slam_bonus(question))
    exercise.hand_box.value = str(score(question)["hand_score"] + 1)
    assert not exercise.check().ok and "The working" in exercise.feedback.value
    exercise.hand_box.value = str(score(question)["hand_score"])
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value
