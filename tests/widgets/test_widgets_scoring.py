"""Headless tests of the scoring exercises (chapter 9)."""

import random

from tarot_teach import SEAT_NAMES, Ledger, explain_score, score
from tarot_teach.widgets.scoring import (ScoreDealExercise, ScoreSheetExercise, SheetDeal,
                                         random_summary, sheet_totals, totals_chart_html)

SEED_000 = {"players": 4, "bid": "guard", "taker_points": 43, "taker_bouts": 2,
            "petit_au_bout": "taker", "poignees": ["simple"]}


def test_score_deal_right_answer():
    exercise = ScoreDealExercise(question=SEED_000)
    exercise.hand_box.value = "94"
    exercise.taker_box.value = "282"
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value


def test_score_deal_wrong_answer_shows_the_working():
    exercise = ScoreDealExercise(question=SEED_000)
    exercise.hand_box.value = "74"
    exercise.taker_box.value = "222"
    assert not exercise.check().ok
    for line in explain_score(SEED_000):
        assert line.replace("'", "&#x27;") in exercise.feedback.value
    assert "09-scoring.html#the-formula" in exercise.feedback.value


def test_score_deal_wrong_share_only():
    exercise = ScoreDealExercise(question=SEED_000)
    exercise.hand_box.value = "94"
    exercise.taker_box.value = "94"
    assert not exercise.check().ok
    assert "3 × s" in exercise.feedback.value


def test_score_deal_malformed_input():
    exercise = ScoreDealExercise(seed=1)
    assert exercise.check().invalid_input
    exercise.hand_box.value = "lots"
    exercise.taker_box.value = "3"
    assert exercise.check().invalid_input and "not one" in exercise.feedback.value
    assert "Traceback" not in exercise.feedback.value


def test_random_summaries_are_valid_and_answerable():
    rng = random.Random(7)
    for _ in range(200):
        summary = random_summary(rng)
        result = score(summary)
        assert result["taker"] == 3 * result["hand_score"]
    exercise = ScoreDealExercise(seed=4)
    for _ in range(5):
        result = score(exercise.question)
        exercise.hand_box.value = str(result["hand_score"])
        exercise.taker_box.value = str(result["taker"])
        assert exercise.check().ok
        exercise.new_button.click()
        assert exercise.hand_box.value == ""


def test_seed_001_five_deal_sheet():
    """Seed 001's five-deal table, checked against the Ledger."""
    deals = [
        SheetDeal(0, {"bid": "guard", "taker_points": 56, "taker_bouts": 2}),
        SheetDeal(1, {"bid": "guard", "taker_points": 49, "taker_bouts": 3, "petit_au_bout": "taker"}),
        SheetDeal(2, {"bid": "guard", "taker_points": 40, "taker_bouts": 2, "petit_au_bout": "defence"}),
        SheetDeal(2, {"bid": "guard", "taker_points": 41, "taker_bouts": 2, "petit_au_bout": "defence"}),
        SheetDeal(3, {"bid": "guard", "taker_points": 40, "taker_bouts": 3, "poignees": ["simple"]}),
    ]
    assert sheet_totals(deals) == [[240, -80, -80, -80], [144, 208, -176, -176],
                                   [216, 280, -392, -104], [186, 250, -302, -134],
                                   [108, 172, -380, 100]]


def fill(exercise, grid):
    for row, values in zip(exercise.boxes_grid, grid):
        for box, value in zip(row, values):
            box.value = str(value)


def test_score_sheet_right_shows_chart():
    exercise = ScoreSheetExercise(seed=3)
    fill(exercise, sheet_totals(exercise.question))
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value
    assert "data:image/png;base64" in exercise.chart.value
    assert all(sum(row) == 0 for row in sheet_totals(exercise.question))


def test_score_sheet_wrong_cell_is_explained():
    exercise = ScoreSheetExercise(seed=3)
    grid = [list(row) for row in sheet_totals(exercise.question)]
    grid[2][1] += 10
    fill(exercise, grid)
    assert not exercise.check().ok
    assert f"After deal 3, {SEAT_NAMES[1]}" in exercise.feedback.value
    assert "Deal 3:" in exercise.feedback.value
    assert exercise.chart.value == ""


def test_score_sheet_malformed_input():
    exercise = ScoreSheetExercise(seed=3)
    assert exercise.check().invalid_input and f"Deal 1, player {SEAT_NAMES[0]}" in exercise.feedback.value
    fill(exercise, sheet_totals(exercise.question))
    exercise.boxes_grid[4][3].value = "ten"
    assert exercise.check().invalid_input and f"Deal 5, player {SEAT_NAMES[3]}" in exercise.feedback.value
    assert "Traceback" not in exercise.feedback.value


def test_chart_is_an_image():
    ledger = Ledger()
    ledger.add([30, -10, -10, -10])
    assert totals_chart_html(ledger.running_totals).startswith("<img")
