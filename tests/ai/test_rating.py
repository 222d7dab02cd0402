"""Glicko-2 against Glickman's worked example, and the puzzle rating kept in the progress file:
merged across tabs and from the browser's store, a corrupt file, old files, a reset."""

from __future__ import annotations

import json
import math
import random

import pytest

from tarot_teach import rating
from tarot_teach.rating import Rating, expected, play, update
from tarot_teach.teach.puzzles import (PUZZLE_RD, choose_puzzle, exercise_id, first_tries,
                                       puzzle_index, puzzle_ratings)
from tarot_teach.widgets.progress import Progress, merge_into_file

PAPER_GAMES = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
PUZZLES = puzzle_index()


def test_the_papers_intermediate_numbers():
    player = Rating(1500, 200, 0.06)
    assert (player.mu, round(player.phi, 4)) == (0, 1.1513)
    gs = [round(rating._g(o.phi), 4) for o, _ in PAPER_GAMES]
    assert gs == [0.9955, 0.9531, 0.7242]
    es = [round(expected(player, o), 3) for o, _ in PAPER_GAMES]
    assert es == [0.639, 0.432, 0.303]
    v = 1 / sum(rating._g(o.phi) ** 2 * expected(player, o) * (1 - expected(player, o))
                for o, _ in PAPER_GAMES)
    delta = v * sum(rating._g(o.phi) * (s - expected(player, o)) for o, s in PAPER_GAMES)
    # (the paper works from its rounded g and E: 1.7785 and -0.4834; unrounded 1.7790, -0.4839)
    assert abs(v - 1.7785) < 1e-3 and abs(delta - -0.4834) < 1e-3
    sigma = rating._volatility(player.phi, 0.06, v, delta, 0.5)
    assert round(sigma, 5) == 0.06 and abs(sigma - 0.05999) < 1e-5


def test_the_papers_result():
    after = update(Rating(1500, 200, 0.06), PAPER_GAMES, tau=0.5)
    assert round(after.mu, 4) == -0.2069 and round(after.phi, 4) == 0.8722
    assert abs(after.r - 1464.06) < 0.02 and round(after.rd, 2) == 151.52
    assert abs(after.sigma - 0.05999) < 1e-5


def test_a_period_without_games_widens_the_deviation_only():
    player = Rating(1600, 200, 0.06)
    after = update(player, [])
    assert after.r == 1600 and after.sigma == 0.06
    assert after.rd == pytest.approx(math.hypot(200 / rating.SCALE, 0.06) * rating.SCALE)


def test_scores_are_checked():
    with pytest.raises(ValueError, match="0, 0.5 or 1"):
        update(Rating(), [(Rating(), -1)])


def test_a_try_moves_both_ratings_the_right_way():
    learner, puzzle = Rating(), Rating(1500, PUZZLE_RD)
    won, beaten = play(learner, puzzle, solved=True)
    lost, held = play(learner, puzzle, solved=False)
    assert won.r > 1500 > lost.r and beaten.r < 1500 < held.r
    assert won.rd < learner.rd and beaten.rd < puzzle.rd
    # an easy puzzle solved gains less than a hard one
    easy, _ = play(learner, Rating(900, PUZZLE_RD), True)
    hard, _ = play(learner, Rating(2100, PUZZLE_RD), True)
    assert learner.r < easy.r < hard.r


# ----- the rating in the progress file ---------------------------------------------------------

IDS = sorted(PUZZLES)


def _try(progress: Progress, ident: str, ok: bool) -> None:
    progress.record_answer(exercise_id(PUZZLES[ident]), ok, "" if ok else "Not this one.")


def test_old_files_without_puzzles_load_as_before(tmp_path):
    path = tmp_path / "progress.json"
    old = {"version": 1, "solved": {"tricks-1": "2026-11-30T10:00:00"},
           "answers": {"tricks-1": {"2026-11-30T10:00:00": {"ok": True}}}}
    path.write_text(json.dumps(old))
    progress = Progress(path)
    assert progress.solved == {"tricks-1"} and progress.message is None
    ratings = puzzle_ratings(progress.answers, PUZZLES)
    assert ratings.learner == Rating() and ratings.tries == 0 and ratings.puzzles == {}


def test_the_rating_is_replayed_from_the_first_try_of_each_puzzle(tmp_path):
    progress = Progress(tmp_path / "progress.json")
    _try(progress, IDS[0], True)
    _try(progress, IDS[1], False)
    _try(progress, IDS[1], True)  # solved on a second try: not rated again
    ratings = puzzle_ratings(Progress(tmp_path / "progress.json").answers, PUZZLES)
    first = Rating(PUZZLES[IDS[0]]["rating"], PUZZLE_RD)
    second = Rating(PUZZLES[IDS[1]]["rating"], PUZZLE_RD)
    learner, puzzle0 = play(Rating(), first, True)
    learner, puzzle1 = play(learner, second, False)
    assert ratings.learner == learner and ratings.tries == 2 and ratings.solved_first == 1
    assert ratings.puzzles == {IDS[0]: puzzle0, IDS[1]: puzzle1}
    assert progress.is_solved(exercise_id(PUZZLES[IDS[1]]))


def test_a_rating_from_another_tab_is_merged_not_lost(tmp_path):
    path = tmp_path / "progress.json"
    tab_a, tab_b = Progress(path), Progress(path)  # both opened before any try
    _try(tab_a, IDS[0], True)
    _try(tab_b, IDS[1], True)  # tab B saves without having read A's try
    _try(tab_a, IDS[2], False)
    merged = puzzle_ratings(Progress(path).answers, PUZZLES)
    assert merged.tries == 3 and merged.solved_first == 2
    # the same as one tab that made the three tries in that order
    alone = Progress(tmp_path / "alone.json")
    for ident, ok in ((IDS[0], True), (IDS[1], True), (IDS[2], False)):
        _try(alone, ident, ok)
    assert merged.learner.r == pytest.approx(puzzle_ratings(alone.answers, PUZZLES).learner.r,
                                             abs=1e-9)
    # each tab sees the merged rating after its next save
    tab_b.refresh()
    assert puzzle_ratings(tab_b.answers, PUZZLES).tries == 3


def test_tries_from_the_browsers_store_are_merged(tmp_path):
    path = tmp_path / "progress.json"
    here = Progress(path)
    _try(here, IDS[0], True)
    other = {"version": 1, "solved": {}, "answers": {exercise_id(PUZZLES[IDS[5]]): {
        "2026-12-01T09:00:00.000000+00:00": {"ok": False, "reason": "Not this one."}}}}
    assert merge_into_file(json.dumps(other), path) is None
    ratings = puzzle_ratings(Progress(path).answers, PUZZLES)
    assert ratings.tries == 2 and ratings.solved_first == 1
    assert [t[1] for t in first_tries(Progress(path).answers)] == [IDS[5], IDS[0]]


def test_a_corrupt_file_is_set_aside_and_the_rating_starts_again(tmp_path):
    path = tmp_path / "progress.json"
    _try(Progress(path), IDS[0], True)
    path.write_text('{"solved": {}, "answers": ')
    progress = Progress(path)
    assert progress.message.startswith("Your progress file was damaged")
    assert puzzle_ratings(progress.answers, PUZZLES).tries == 0
    assert len(list(tmp_path.glob("progress.json.corrupt-*"))) == 1
    _try(progress, IDS[1], False)  # and the trainer goes on
    assert puzzle_ratings(Progress(path).answers, PUZZLES).tries == 1


def test_a_try_whose_time_is_not_a_date_is_left_out(tmp_path):
    path = tmp_path / "progress.json"
    good = exercise_id(PUZZLES[IDS[0]])
    bad = exercise_id(PUZZLES[IDS[1]])
    path.write_text(json.dumps({"version": 1, "solved": {}, "answers": {
        good: {"2026-12-01T09:00:00Z": {"ok": True}}, bad: {"soon": {"ok": True}}}}))
    progress = Progress(path)
    assert "left out" in progress.message
    ratings = puzzle_ratings(progress.answers, PUZZLES)
    assert ratings.tries == 1 and set(ratings.puzzles) == {IDS[0]}


def test_unknown_puzzles_and_a_reset(tmp_path):
    path = tmp_path / "progress.json"
    progress = Progress(path)
    progress.record_answer("puzzle:no-such-puzzle", True)
    _try(progress, IDS[0], True)
    assert puzzle_ratings(progress.answers, PUZZLES).tries == 1
    progress.reset()
    assert puzzle_ratings(Progress(path).answers, PUZZLES).tries == 0


def test_the_next_puzzle_is_chosen_near_the_rating(tmp_path):
    progress = Progress(tmp_path / "progress.json")
    pool = list(PUZZLES.values())
    low = puzzle_ratings({}, PUZZLES)
    rng = random.Random(0)
    picks = [choose_puzzle(pool, low, set(), rng) for _ in range(20)]
    assert all(abs(p["rating"] - 1500) <= 100 for p in picks)
    for ident in [p["id"] for p in pool if p["rating"] >= 1500][:8]:
        _try(progress, ident, True)  # eight hard puzzles solved: the rating goes up
    high = puzzle_ratings(progress.answers, PUZZLES)
    assert high.learner.r > 1700
    tried = {t[1] for t in first_tries(progress.answers)}
    pick = choose_puzzle(pool, high, tried, rng)
    assert pick["id"] not in tried and abs(pick["rating"] - high.learner.r) <= 150
