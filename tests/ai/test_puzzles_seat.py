"""Seat puzzles (issue 29): only what the seat sees. The stored ones (exercises/puzzles/
seat-puzzles.json) keep one card clearly best from the seat's view (best minus every other
card at least 3 points on average, the 95 % interval of each loss above 1); a sample is judged
again from the seat's view (the same deals: the same numbers); the learner's cards answered
from the stored values; the learner's own mistakes made into seat puzzles."""

from __future__ import annotations

import collections
import json
import random

import pytest
from test_puzzles import _spec

from tarot_teach import GameState, RuleSet
from tarot_teach.cards import Card, cards_of, parse_card
from tarot_teach.coach import review
from tarot_teach.errors import IllegalAction
from tarot_teach.judge import Band, equivalent_cards, judge_cards
from tarot_teach.players import ComputerPlayer
from tarot_teach.puzzle_answers import check_move
from tarot_teach.puzzle_maker import make_seat_puzzle, seat_values
from tarot_teach.puzzles import (PUZZLE_DIR, SEAT_DEALS, SEAT_GAP, SEAT_LOW, PuzzleError,
                                 load_puzzles, position, seat_interval, seat_right)
from tarot_teach.rules import Phase
from tarot_teach.solver import native_available
from tarot_teach.teach.puzzle_mistakes import (MINE_KEY, deal_key, finished_deals,
                                               mistake_puzzles)
from tarot_teach.teach.puzzles import Attempt, prompt_text
from tarot_teach.widgets.progress import Progress
from tarot_teach.widgets.puzzles import PuzzleTrainer

SEAT = load_puzzles(PUZZLE_DIR / "seat-puzzles.json")
SAMPLE = SEAT[::8]
needs_native = pytest.mark.skipif(not native_available(), reason="the stored numbers were "
                                  "judged with the native solver (more cards solved exactly)")


def test_seat_puzzles_stored():
    """At every table size (more come with ``make_puzzles.py --seat``)."""
    sizes = collections.Counter(p["record"]["players"] for p in SEAT)
    assert set(sizes) == {3, 4, 5} and min(sizes.values()) >= 10, sizes
    assert all(p["kind"] == "seat" for p in SEAT)
    assert len({p["id"] for p in SEAT}) == len(SEAT)


@pytest.mark.parametrize("puzzle", SEAT, ids=lambda p: p["id"])
def test_one_card_clearly_best_from_the_stored_numbers(puzzle):
    """Every card of another group loses at least SEAT_GAP on average, with its interval
    above SEAT_LOW; the solution's group alone is right."""
    state = position(puzzle)
    legal = [a for a in state.legal_actions() if isinstance(a, Card)]
    groups = equivalent_cards(state, puzzle["seat"], legal)
    best = parse_card(puzzle["solution"][0])
    cards = puzzle["values"]["cards"]
    assert puzzle["values"]["deals"] == SEAT_DEALS[-1]
    for card in legal:
        facts = cards[str(card)]
        if groups[card] == groups[best]:
            assert facts["loss"] == 0 and seat_right(puzzle["values"], card)
        else:
            assert facts["loss"] >= SEAT_GAP and seat_interval(facts)[0] > SEAT_LOW
            assert not seat_right(puzzle["values"], card)


@pytest.mark.slow
@needs_native
@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: p["id"])
def test_sample_judged_again_from_the_seat_view(puzzle):
    """The same deals drawn from the seat's view (its view and the stored seed only) give
    the same numbers and the same puzzle."""
    assert make_seat_puzzle(puzzle["record"], puzzle["start"], puzzle["id"],
                            seed=puzzle["values"]["seed"]) == puzzle


def test_the_numbers_are_the_judges():
    """A seat puzzle's values are the judge's verdict in the stored form (a small judgement,
    so that it runs fast): each card's mean, its loss and the paired interval's error."""
    puzzle = SEAT[0]
    state = position(puzzle)
    verdict = judge_cards(state, state.to_act, seed=5, deals=(6,))
    values = seat_values(verdict, 5)
    assert values["deals"] == 6 and values["seed"] == 5
    for card in verdict.legal:
        facts = values["cards"][str(card)]
        assert facts["mean"] == round(float(verdict.mean(card)), 2)
        assert facts["loss"] == round(float(verdict.loss(card)), 2)
        low, high = verdict.interval(card)
        assert abs(seat_interval(facts)[0] - low) < 0.05 and abs(seat_interval(facts)[1] - high) < 0.05


def test_check_move_on_a_seat_puzzle():
    for puzzle in SEAT[:6]:
        best = parse_card(puzzle["solution"][0])
        verdict = check_move(puzzle, [], best)
        assert verdict.right and verdict.solved and not verdict.replies
        assert f"over {puzzle['values']['deals']} deals" in verdict.text
        wrong = next(c for c in puzzle["values"]["cards"]
                     if not seat_right(puzzle["values"], c))
        verdict = check_move(puzzle, [], parse_card(wrong))
        facts = puzzle["values"]["cards"][wrong]
        assert not verdict.right and not verdict.solved
        assert float(verdict.loss) == facts["loss"] >= SEAT_GAP
        assert f"{facts['loss']:.1f} fewer than the best card" in verdict.text
        state = position(puzzle)
        illegal = cards_of(state.hands[(puzzle["seat"] + 1) % state.players])[0]  # not held
        with pytest.raises(IllegalAction):
            check_move(puzzle, [], illegal)


def test_a_seat_puzzle_is_one_card():
    puzzle = SEAT[0]
    attempt = Attempt(puzzle)
    attempt.play(puzzle["solution"][0])
    assert attempt.solved and attempt.clean
    assert len(attempt.plays) == 1  # the hidden hands are not played out
    with pytest.raises(IllegalAction):
        check_move(puzzle, puzzle["solution"], parse_card(puzzle["solution"][0]))
    shown = Attempt(puzzle)
    words = shown.reveal()
    assert parse_card(puzzle["solution"][0]).short_name in words and shown.revealed
    assert "You see only your own hand" in prompt_text(puzzle)


def test_bad_seat_values_are_refused(tmp_path):
    good = SEAT[0]
    bad = tmp_path / "bad.json"
    wrong = next(c for c in good["values"]["cards"] if not seat_right(good["values"], c))
    cards = dict(good["values"]["cards"])
    cards.pop(wrong)
    for change, message in (
            ({"values": {"cards": good["values"]["cards"]}}, "values are"),
            ({"values": dict(good["values"], cards=cards)}, "every legal card"),
            ({"solution": [wrong]}, "one card judged best"),
            ({"solution": good["solution"] * 2}, "one card judged best")):
        bad.write_text(json.dumps([dict(good, **change)]), encoding="utf-8")
        with pytest.raises(PuzzleError, match=message):
            load_puzzles(bad)


def test_the_trainer_shows_only_the_seat_hand(tmp_path):
    store = Progress(tmp_path / "p.json")
    puzzle = SEAT[0]
    trainer = PuzzleTrainer(progress=store, puzzle_id=puzzle["id"])
    assert trainer.hands_view.value == ""  # no other hand shown
    assert "You see only your own hand" in trainer.prompt.value
    wrong = next(c for c in puzzle["values"]["cards"] if not seat_right(puzzle["values"], c))
    trainer.hand.buttons[parse_card(wrong)].value = True
    assert "Not this one. From your view" in trainer.feedback.value
    assert trainer.attempt.waiting
    trainer.retry()
    trainer.hand.buttons[parse_card(puzzle["solution"][0])].value = True
    assert "Solved" in trainer.feedback.value and "from your view" in trainer.feedback.value
    assert trainer.hands_view.value == ""
    trainer.mode_choice.value = "seat"
    assert trainer.attempt.puzzle["kind"] == "seat"


@pytest.mark.slow
@needs_native
def test_seat_generator_is_deterministic():
    module = _spec()
    puzzle = SEAT[0]
    again = module.seat_deal_puzzles(puzzle["record"]["players"], puzzle["record"]["seed"],
                                     collections.Counter())
    assert puzzle in again


# ----- the learner's own mistakes ------------------------------------------------------------


def _saved(record) -> dict:
    return {"record": record, "seed": 1, "dealer": 0, "deals": [], "scored": True, "log": [],
            "level": "learner"}


def test_finished_deals_only(tmp_path):
    """Finished deals with a taker, each once; a deal in progress, a damaged one and other
    games are left out."""
    done = SEAT[0]["record"]
    unfinished = dict(done, tricks=done["tricks"][:3])
    games = {"a": _saved(done), "b": _saved(done), "c": _saved(unfinished),
             "d": _saved({"players": 4, "hands": []}), "e": {"best_streak": 3}, "f": [1]}
    assert finished_deals(games) == [done]
    assert deal_key(done) != deal_key(unfinished)


def test_no_mistake_to_practise_said_in_words(tmp_path):
    store = Progress(tmp_path / "p.json")
    trainer = PuzzleTrainer(progress=store, mode="mistakes")
    assert trainer.attempt is None
    assert "play a deal to the end at a card table" in trainer.prompt.value
    assert trainer.mine_button.layout.display is None
    feedback = trainer.find_mistakes()
    assert not feedback.ok and "finish a deal" in feedback.message
    store.save_game("ch10-table-3", _saved(SEAT[0]["record"]))
    trainer = PuzzleTrainer(progress=store, mode="mistakes")
    assert "1 finished deal of yours waiting" in trainer.prompt.value


def _careless_deal(players: int, seed: int) -> dict:
    """A deal where seat 0 plays its card worth the most points (ties drawn by ``seed``),
    the others as the computer players do."""
    rng = random.Random(seed)
    state = GameState.new(RuleSet(players=players), seed=seed)
    while not state.is_over:
        if state.phase is Phase.PLAYING and state.to_act == 0:
            state.play(max((a for a in state.legal_actions() if isinstance(a, Card)),
                           key=lambda c: (c.half_points, rng.random())))
        else:
            state.play(ComputerPlayer().decide(state).action)
    return state.to_record()


@pytest.mark.slow
@needs_native
def test_own_mistakes_become_seat_puzzles(tmp_path):
    """The review of a deal played at a table: each Mistake or Blunder is a seat puzzle
    where the card played is wrong and the review's best card right, judged from the seat's
    view as the review judged it; the trainer finds them, keeps them in the progress file
    and plays them (a deal reviewed once is not reviewed again)."""
    record = _careless_deal(4, 13)
    entries = [e for e in review(record, 0, samples=8)
               if e.kind == "card" and e.band in (Band.MISTAKE, Band.BLUNDER)]
    assert entries
    puzzles = mistake_puzzles(record, samples=8)
    assert len(puzzles) == len(entries)
    for puzzle, entry in zip(puzzles, entries):
        assert puzzle["played"] == entry.chosen and puzzle["seat"] == 0
        assert not seat_right(puzzle["values"], entry.chosen)
        assert all(seat_right(puzzle["values"], card) for card in entry.best)
        assert puzzle["values"]["deals"] == entry.deals
        assert puzzle["values"]["cards"][entry.chosen]["loss"] == \
            round(float(entry.points_lost), 2)
    store = Progress(tmp_path / "p.json")
    store.save_game("ch20-table-4", _saved(record))
    trainer = PuzzleTrainer(progress=store)
    feedback = trainer.find_mistakes()
    assert feedback.ok and f"{len(entries)} mistake" in feedback.message
    assert trainer.mode == "mistakes" and trainer.attempt.puzzle["id"].startswith("mine-")
    assert "From one of your deals" in trainer.prompt.value
    assert trainer.hands_view.value == ""
    kept = store.saved_game(MINE_KEY)
    assert kept["reviewed"] == [deal_key(record)] and len(kept["puzzles"]) == len(entries)
    played = trainer.attempt.puzzle["played"]
    trainer.press(played)
    assert "Not this one" in trainer.feedback.value
    trainer.retry()
    trainer.press(trainer.attempt.puzzle["solution"][0])
    assert "Solved" in trainer.feedback.value
    assert not trainer.find_mistakes().ok  # nothing new to review
    again = PuzzleTrainer(progress=store, mode="mistakes")
    assert again.attempt.puzzle["id"].startswith("mine-")
