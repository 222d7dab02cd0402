"""Headless tests of the three- and five-player exercises (chapters 10 and 11)."""

import random

import pytest

from tarot_teach import RuleSet, score
from tarot_teach.widgets.play import PlayableCardsExercise, TrickWinnerExercise
from tarot_teach.widgets.tables import (CallExercise, HandfulExercise, OpeningLeadExercise,
                                        SplitScoreExercise, best_handful, call_question,
                                        handful_question, opening_lead_question,
                                        random_score_summary)

HALF_POINT_DEAL = {"players": 3, "bid": "take", "taker_points": 40.5, "taker_bouts": 2}


def fill(exercise, values):
    for role, value in values.items():
        exercise.boxes[role].value = str(value)


# ----- scores ---------------------------------------------------------------------------

def test_three_player_half_point_deal_fails_by_one():
    result = score(HALF_POINT_DEAL)
    assert (result["contract_made"], result["margin"], result["taker"]) == (False, 1, -52)
    exercise = SplitScoreExercise(players=3, question=dict(HALF_POINT_DEAL))
    fill(exercise, {"taker": -52, "defender": 26})
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value


def test_three_player_wrong_score_shows_the_engine_working():
    exercise = SplitScoreExercise(players=3, question=dict(HALF_POINT_DEAL))
    fill(exercise, {"taker": -78, "defender": 26})  # taker paid like a four-player taker
    result = exercise.check()
    assert not result.ok
    assert "failed by 1 (the half point goes to the side that wins)" in exercise.feedback.value
    assert "10-three-players.html#scoring-with-three" in exercise.feedback.value


@pytest.mark.parametrize("text", ["", "lots", "12.5"])
def test_score_malformed_input_is_friendly(text):
    exercise = SplitScoreExercise(players=3, seed=1)
    fill(exercise, {"taker": text, "defender": "10"})
    result = exercise.check()
    assert result.invalid_input and "Traceback" not in exercise.feedback.value


def test_five_player_split_with_partner_and_alone():
    deal = {"players": 5, "bid": "guard", "taker_points": 45, "taker_bouts": 2}
    exercise = SplitScoreExercise(players=5, question=deal)
    fill(exercise, {"taker": 116, "partner": 58, "defender": -58})  # (25 + 4) × 2 = 58
    assert exercise.check().ok
    alone = dict(deal, alone=True)
    exercise = SplitScoreExercise(players=5, question=alone)
    assert exercise.boxes["partner"] not in exercise.rows_box.children  # no partner box shown
    fill(exercise, {"taker": 116, "defender": -58})
    assert not exercise.check().ok and "4 × 58 = 232" in exercise.feedback.value
    fill(exercise, {"taker": 232, "defender": -58})
    assert exercise.check().ok


def test_random_summaries_score_and_new_question_resets():
    rng = random.Random(7)
    for players in (3, 5):
        for _ in range(50):
            score(random_score_summary(rng, players))  # never an invalid summary
    exercise = SplitScoreExercise(players=5, seed=3)
    first = exercise.question
    exercise.new_button.click()
    assert exercise.question != first and exercise.boxes["taker"].value == ""


def test_score_solution_matches_the_engine():
    exercise = SplitScoreExercise(players=3, question=dict(HALF_POINT_DEAL))
    assert "the taker loses 2 × 26 = 52" in exercise.solution_text()


# ----- poignée --------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 5])
def test_handful_right_and_wrong(players):
    exercise = HandfulExercise(players=players, seed=2)
    best = best_handful(exercise.question)
    right = best.level if best else "none"
    wrong = "triple" if right != "triple" else "none"
    exercise.choice.value = wrong
    assert not exercise.check().ok and "poignée needs" in exercise.feedback.value
    exercise.choice.value = right
    assert exercise.check().ok


def test_handful_thresholds_follow_the_rule_set():
    rng = random.Random(11)
    for players in (3, 5):
        thresholds = RuleSet(players=players).handful_thresholds
        for _ in range(40):
            question = handful_question(rng, players)
            trumps = sum(c.is_trump for c in question.hand)
            excuse = any(c.is_excuse for c in question.hand)
            expected = [lvl for lvl, n in zip(("simple", "double", "triple"), thresholds)
                        if trumps + excuse >= n]
            best = best_handful(question)
            assert (best.level if best else None) == (expected[-1] if expected else None)


def test_handful_no_choice_is_friendly():
    exercise = HandfulExercise(players=3, seed=1)
    result = exercise.check()
    assert result.invalid_input and "Choose one of the buttons" in exercise.feedback.value


# ----- the call -------------------------------------------------------------------------

def test_call_kings_and_all_kings():
    rng = random.Random(0)
    seen_queens = False
    for _ in range(40):
        question = call_question(rng)
        callable_ = question.state.legal_actions()
        kings = [c for c in question.hand if c.is_king]
        if len(kings) == 4:
            ranks = {c.rank for c in callable_}
            assert len(ranks) == 1 and ranks < {11, 12, 13}
            assert not all(c in question.hand for c in callable_)
            seen_queens = True
        else:
            assert sorted(c.rank for c in callable_) == [14] * 4
    assert seen_queens


def test_call_exercise_right_wrong_and_empty():
    exercise = CallExercise(seed=4)
    callable_ = exercise.question.state.legal_actions()
    assert exercise.check().invalid_input
    wrong = next(c for c in exercise.picker.cards if c not in callable_)
    exercise.picker.select([wrong])
    exercise.check_button.click()
    assert "may not be called" in exercise.feedback.value
    assert "11-five-players.html#calling-a-king" in exercise.feedback.value
    exercise.picker.select(callable_)
    assert exercise.check().ok


# ----- the first lead -------------------------------------------------------------------

def test_opening_lead_refuses_the_called_suit_with_the_engine_reason():
    rng = random.Random(1)
    for _ in range(50):
        question = opening_lead_question(rng)
        legal = [a for a in question.state.legal_actions() if hasattr(a, "suit")]
        barred = [c for c in question.hand if c not in legal]
        if barred:
            break
    assert barred and all(c.suit is question.called.suit and c is not question.called
                          for c in barred)
    exercise = OpeningLeadExercise(question=question)
    exercise.picker.select(question.hand)
    exercise.check_button.click()
    assert "may not be in the called suit" in exercise.feedback.value
    exercise.picker.select(legal)
    assert exercise.check().ok
    assert "Not " in exercise.solution_text()


def test_opening_lead_empty_is_friendly():
    exercise = OpeningLeadExercise(seed=2)
    assert exercise.check().invalid_input
    assert "Click every card you may lead" in exercise.feedback.value


# ----- reused with three players -----------------------------------------------------------

def test_play_exercises_work_with_three_players():
    exercise = PlayableCardsExercise(players=3, seed=1, exercise_id="ch10-playable")
    assert len(exercise.question.trick) in (1, 2)
    winner = TrickWinnerExercise(players=3, seed=1, exercise_id="ch10-winner")
    assert len(winner.question) == 3


# ----- the links in the feedback lead to real headings ------------------------------------

def test_section_links_point_to_existing_headings():
    import re
    import unicodedata
    from pathlib import Path

    import tarot_teach.widgets.tables as tables

    root = Path(__file__).resolve().parents[2] / "book"

    def slug(title):
        text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
        return re.sub(r"[^a-z0-9]+", "-", text).strip("-")

    source = Path(tables.__file__).read_text()
    links = set(re.findall(r'"(1[01]-[a-z-]+)", "([a-z-]+)"', source))
    links |= {(tables._PAGES[n], a) for n, (a, _) in tables._SCORE_ANCHORS.items()}
    links |= {("10-three-players", "the-poignee-with-three"),
              ("11-five-players", "the-poignee-with-five")}
    assert len(links) >= 5
    for page, anchor in links:
        headings = re.findall(r"^#+ (.+)$", (root / f"{page}.md").read_text(), re.M)
        assert anchor in {slug(h) for h in headings}, (page, anchor)
