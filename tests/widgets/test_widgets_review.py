"""The review widget and the chapter's exercises in reading the table, clicked headlessly."""

import copy
import html
import random
from fractions import Fraction

import pytest

from tarot_teach import GameState, RuleSet, coach, parse_card
from tarot_teach.cards import SUIT_MASKS, TRUMP_MASK
from tarot_teach.coach import Band, ReviewEntry, review
from tarot_teach.inference import inferences
from tarot_teach.players import play_out
from tarot_teach.solver import best_line, card_values
from tarot_teach.widgets.review import (BAND_MARKS, ReviewWidget, check_solver_card,
                                        check_trumps_out, check_void_seats, points_lost_chart,
                                        review_html, solver_question, trumps_out, trumps_question,
                                        void_question)
from tarot_teach.widgets.review_exercises import (SolverCardExercise, TrumpsOutExercise,
                                                  VoidSeatsExercise)
from tarot_teach.widgets.base import AnswerError


def _finished_record(seed=8, players=4):
    return play_out(GameState.new(RuleSet(players=players), seed=seed)).to_record()


def _rows(widget):
    return widget.output.value.count('class="tt-review-row"')


@pytest.mark.slow  # the coach's review of a deal
def test_review_button_shows_one_row_per_coach_entry_and_the_bar_reaches_the_end(monkeypatch):
    record = _finished_record()
    reviews = []  # what the coach's review was asked and answered (not run a second time)

    def coach_review(*args, **kwargs):
        reviews.append((args, kwargs, review(*args, **kwargs)))
        return reviews[-1][2]

    monkeypatch.setattr(coach, "review", coach_review)
    widget = ReviewWidget(record, 3, samples=2, seed=5)
    seen = []
    widget.bar.observe(lambda change: seen.append(change["new"]), names="value")
    widget.button.click()
    [(args, kwargs, expected)] = reviews
    assert args == (record, 3) and (kwargs["samples"], kwargs["seed"]) == (2, 5)
    assert widget.entries == expected
    assert _rows(widget) == len(expected)
    assert widget.bar.max == len(expected) and widget.bar.value == widget.bar.max
    assert seen[-1] == len(expected) and seen == sorted(seen) and len(seen) >= len(expected)
    shown = html.unescape(widget.output.value)
    for entry in expected:
        assert entry.why in shown and entry.band.label in shown
    assert "Review ready" in widget.status.value and not widget.button.disabled
    assert 'class="tt-review-chart"' in widget.output.value


def test_a_bad_record_is_refused_in_words_and_the_deal_is_kept():
    record = _finished_record()
    first, second = record["tricks"][0][0], record["tricks"][0][1]
    record["tricks"][0][0], record["tricks"][0][1] = second, first  # played out of turn
    kept = copy.deepcopy(record)
    widget = ReviewWidget(record, 0, samples=2)
    assert widget.run() is None
    text = html.unescape(widget.status.value)
    assert "cannot be reviewed" in text and "Traceback" not in text
    assert widget.record == kept and widget.output.value == "" and not widget.button.disabled


def test_a_review_that_crashes_says_so_and_keeps_the_deal():
    def broken(*args, **kwargs):
        kwargs["progress"](1, 5)
        raise RuntimeError("out of memory")

    record = _finished_record()
    widget = ReviewWidget(record, 0, reviewer=broken)
    widget.button.click()
    text = html.unescape(widget.status.value)
    assert "could not finish" in text and "Your deal is kept" in text and "memory" not in text
    assert widget.record == record and widget.entries is None
    assert widget.bar.layout.display == "none"


def test_no_deal_yet():
    widget = ReviewWidget()
    assert widget.button.disabled
    assert widget.run() is None and "no deal" in widget.status.value


def test_a_bid_is_said_to_be_judged_on_the_hand_not_on_points_lost():
    # A bid loses no card point when it is made: "Mistake · 0 points lost" read as a
    # contradiction. Its row says what the band measured; a card's row keeps its points.
    bid = ReviewEntry("bid", None, "guard", ("pass",), Fraction(0), Band.MISTAKE,
                      "Too weak to take", False)
    card = ReviewEntry("card", 3, "KH", ("QH",), Fraction(4), Band.MISTAKE, "why", True)
    bid_row, card_row = html.unescape(review_html([bid, card])).split('class="tt-review-row"')[1:]
    assert "judged on the hand's value" in bid_row and "lost" not in bid_row
    assert "4 points lost" in card_row and "judged" not in card_row


def test_bands_have_distinct_marks_and_the_table_names_them():
    assert set(BAND_MARKS) == set(Band)
    assert len({mark for mark, _ in BAND_MARKS.values()}) == len(Band)
    entries = [ReviewEntry("card", n + 1, "KH", ("QH",), Fraction(n), band, "why", n % 2 == 0)
               for n, band in enumerate(Band)]
    shown = html.unescape(review_html(entries))
    for band in Band:
        assert f"{BAND_MARKS[band][0]}</span> {band.label}" in shown
    assert "about 1" in shown  # an estimate is said to be one


def test_the_chart_draws_one_bar_per_trick_with_the_points_lost():
    entries = [ReviewEntry("card", 2, "KH", ("QH",), Fraction(5, 2), Band.INACCURACY, "", True),
               ReviewEntry("card", 2, "QH", ("QH",), Fraction(1), Band.GOOD, "", True),
               ReviewEntry("card", 5, "1S", ("1S",), Fraction(0), Band.BEST, "", True),
               ReviewEntry("bid", None, "take", ("pass",), Fraction(0), Band.MISTAKE, "", False)]
    chart = points_lost_chart(entries, tricks=6)
    assert chart.count("<title>") == 6
    assert "trick 2: 3.5 points lost" in chart and "trick 5: 0 points lost" in chart
    assert "Card points lost per trick: trick 2: 3.5 points lost" in html.unescape(chart)
    assert points_lost_chart(entries[3:]) == ""


# ----- the exercises ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_void_answers_are_the_true_voids(seed):
    question = void_question(random.Random(seed))
    exercise = VoidSeatsExercise(question=question)
    state = question.state
    right = {f.seat for f in inferences(state.view(question.seat))
             if f.kind == "void" and f.suit is question.suit}
    for seat in right:  # what the table showed is true of the hidden hands
        assert not state.hands[seat] & SUIT_MASKS[question.suit]
    for seat, toggle in exercise.toggles.items():
        toggle.value = seat in right
    assert exercise.check().ok
    wrong = set(exercise.toggles) - right
    assert wrong
    extra = sorted(wrong)[0]
    exercise.toggles[extra].value = True
    result = exercise.check()
    assert not result.ok and any("has not shown a void" in line for line in result.details)
    assert result.section[1] == "21-coach.html#spotting-voids"


def test_void_bad_input():
    question = void_question(random.Random(1))
    with pytest.raises(AnswerError):
        check_void_seats(question, set())
    with pytest.raises(AnswerError):
        check_void_seats(question, {question.seat})
    exercise = VoidSeatsExercise(question=question)
    result = exercise.check()
    assert result.invalid_input and "Click every player" in result.message


@pytest.mark.parametrize("seed", range(10))
def test_trumps_out_counts_the_hidden_trumps(seed):
    question = trumps_question(random.Random(seed))
    count = trumps_out(question)
    state = question.state
    others = sum((state.hands[s] & TRUMP_MASK).bit_count()
                 for s in range(state.players) if s != question.seat)
    assert count["out"] >= others and count["out"] == count["hidden"]
    assert check_trumps_out(question, count["out"]).ok
    wrong = check_trumps_out(question, count["out"] - 1)
    assert not wrong.ok and str(count["out"]) in wrong.message


def test_trumps_exercise_by_typing():
    exercise = TrumpsOutExercise(seed=3)
    right = trumps_out(exercise.question)["out"]
    exercise.answer_box.value = f" {right} "
    assert exercise.check().ok
    exercise.answer_box.value = str(right + 2)
    assert not exercise.check().ok
    for text in ("", "many", "2.5", "<b>3</b>", "22", "-1"):
        exercise.answer_box.value = text
        result = exercise.check()
        assert result.invalid_input and "<b>3</b>" not in exercise.feedback.value


@pytest.mark.parametrize("seed", range(4))
def test_the_solver_card_exercise_follows_the_solver(seed):
    question = solver_question(random.Random(seed))
    state = question.state
    values = card_values(state)
    first = best_line(state)[0]
    exercise = SolverCardExercise(question=question)
    exercise.picker.select([first])
    assert exercise.check().ok
    taker_side = state.side_of(state.to_act) == state.side_of(state.taker)
    worst = (min if taker_side else max)(values, key=values.get)
    result = check_solver_card(question, worst)
    assert not result.ok and worst.short_name in result.message
    gap = abs(values[first] - values[worst])
    assert gap > 0
    illegal = [c for c in state.hand(state.to_act) if c not in values]
    if illegal:
        refused = check_solver_card(question, illegal[0])
        assert not refused.ok and "may not be played" in refused.message


def test_the_solver_card_exercise_bad_input():
    question = solver_question(random.Random(2))
    exercise = SolverCardExercise(question=question)
    assert exercise.check().invalid_input  # nothing clicked
    held = set(question.state.hand(question.state.to_act))
    elsewhere = next(c for c in map(parse_card, ["KH", "KS", "KD", "KC", "T21", "EX", "1S"])
                     if c not in held)
    with pytest.raises(AnswerError):
        check_solver_card(question, elsewhere)
