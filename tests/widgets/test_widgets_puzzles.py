"""The puzzle trainer driven headlessly: cards clicked as the page clicks them (a hand button's
value), right and wrong cards, the refutation, Try again, Show the solution, the streak, the
keyboard's next place (tt-next), the tries kept in the progress file."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from fairness import hidden_cards, named, sent_text

from tarot_teach.cards import parse_card
from tarot_teach.puzzle_answers import _describe
from tarot_teach.puzzles import THEMES, position
from tarot_teach.teach.feedback import escape_text
from tarot_teach.teach.puzzles import exercise_id, puzzle_index, puzzle_ratings
from tarot_teach.widgets.progress import Progress
from tarot_teach.widgets.puzzle_progress import ratings_summary
from tarot_teach.widgets.puzzles import PuzzleTrainer

PUZZLES = puzzle_index()
LONG = next(p for p in PUZZLES.values() if len(p["solution"]) >= 3 and p["steps"][0]["refutations"])


@pytest.fixture
def store(tmp_path):
    return Progress(tmp_path / "progress.json")


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def marked(trainer) -> list:
    """The controls marked as the keyboard focus's next place."""
    return [w for w in _walk(trainer.widget) if "tt-next" in getattr(w, "_dom_classes", ())
            and w.layout.display != "none"]


def click(trainer, card) -> None:
    """Press a card's button as the page does (its value set to True)."""
    trainer.hand.buttons[parse_card(card)].value = True


def test_right_cards_to_the_end(store):
    trainer = PuzzleTrainer(progress=store, puzzle_id=LONG["id"])
    seat = LONG["seat"]
    for number, card in enumerate(LONG["solution"]):
        assert trainer.attempt.state.to_act == seat
        marks = marked(trainer)
        assert len(marks) == 1 and marks[0] in trainer.hand.buttons.values()
        assert "tt-playable" in marks[0]._dom_classes
        click(trainer, card)
        assert "Right" in trainer.feedback.value, trainer.feedback.value
        if number < len(LONG["solution"]) - 1:
            assert not trainer.attempt.solved
            assert "Your turn again" in trainer.live.value
    assert trainer.attempt.solved and trainer.attempt.state.is_over  # played out to the end
    assert "Solved at the first try" in trainer.feedback.value
    assert marked(trainer) == [trainer.next_button]
    assert store.is_solved(exercise_id(LONG))
    assert [a["ok"] for a in store.answers[exercise_id(LONG)].values()] == [True]
    assert puzzle_ratings(store.answers, PUZZLES).learner.r > 1500
    for theme in LONG["themes"]:
        assert escape_text(THEMES[theme]) in trainer.feedback.value


def test_a_wrong_card_is_refuted_then_retried(store):
    trainer = PuzzleTrainer(progress=store, puzzle_id=LONG["id"])
    before = trainer.attempt.state.copy()
    wrong = next(iter(LONG["refutations"]))
    click(trainer, wrong)
    attempt = trainer.attempt
    assert attempt.waiting and attempt.missed and not attempt.moves
    assert attempt.state.tricks == before.tricks and attempt.state.trick == before.trick
    # the refutation in words: the solver's line after the wrong card, card by card
    line = [parse_card(wrong)] + [parse_card(c) for c in LONG["refutations"][wrong]]
    seats, walk = [], before.copy()
    for card in line:
        seats.append(walk.to_act)
        walk.play(card)
    words = _describe(before, tuple(zip(seats, line)), LONG["seat"])
    assert escape_text(words) in trainer.feedback.value
    assert "Not this one" in trainer.feedback.value and " lost." in trainer.feedback.value
    assert [a["ok"] for a in store.answers[exercise_id(LONG)].values()] == [False]
    # no card is playable until Try again, which is where the focus goes
    assert not any("tt-playable" in b._dom_classes for b in trainer.hand.buttons.values())
    assert marked(trainer) == [trainer.retry_button] and not trainer.retry_button.disabled
    refused = trainer.press(LONG["solution"][0])
    assert not refused.ok and "Try again" in refused.message and not attempt.moves
    trainer.retry_button.click()
    assert not attempt.waiting and trainer.retry_button.disabled
    assert len(marked(trainer)) == 1 and "tt-playable" in marked(trainer)[0]._dom_classes
    for card in LONG["solution"]:
        click(trainer, card)
    assert attempt.solved and not attempt.clean
    assert "✔ Solved." in trainer.feedback.value
    # solved after a miss: marked solved, still rated as the miss it began with
    assert [a["ok"] for a in store.answers[exercise_id(LONG)].values()] == [False, True]
    assert puzzle_ratings(store.answers, PUZZLES).learner.r < 1500


def test_a_wrong_card_at_a_later_move(store):
    trainer = PuzzleTrainer(progress=store, puzzle_id=LONG["id"])
    click(trainer, LONG["solution"][0])
    wrong = next(iter(LONG["steps"][0]["refutations"]))
    click(trainer, wrong)
    assert trainer.attempt.waiting and trainer.attempt.moves == LONG["solution"][:1]
    assert "Not this one" in trainer.feedback.value


def test_show_the_solution(store):
    trainer = PuzzleTrainer(progress=store, puzzle_id=LONG["id"])
    trainer.solution_button.click()
    attempt = trainer.attempt
    assert attempt.revealed and attempt.state.is_over and not attempt.solved
    end = position(LONG)
    for card in LONG["line"]:
        end.play(parse_card(card))
    assert attempt.state.tricks == end.tricks  # the stored line, played out
    assert "The solution:" in trainer.feedback.value
    assert trainer.solution_button.disabled and marked(trainer) == [trainer.next_button]
    assert [a["ok"] for a in store.answers[exercise_id(LONG)].values()] == [False]
    assert not trainer.press(LONG["solution"][0]).ok  # nothing more to play
    trainer.next_button.click()
    assert trainer.attempt.puzzle["id"] != LONG["id"] and not trainer.attempt.over


def test_an_illegal_card_is_refused_in_words(store):
    puzzle = next(p for p in PUZZLES.values()
                  if len(position(p).hand(p["seat"])) > len(p["values"]))
    trainer = PuzzleTrainer(progress=store, puzzle_id=puzzle["id"])
    unplayable = [c for c, b in trainer.hand.buttons.items() if "tt-unplayable" in b._dom_classes]
    assert unplayable and all(str(c) not in puzzle["values"] for c in unplayable)
    verdict = trainer.press(unplayable[0])
    assert not verdict.ok and "must" in verdict.message and not trainer.attempt.missed
    assert exercise_id(puzzle) not in store.answers and verdict.message in trainer.live.value


def test_a_streak_ends_at_the_first_miss(store):
    trainer = PuzzleTrainer(progress=store, mode="streak", seed=2)
    for done in range(2):
        puzzle = trainer.attempt.puzzle
        for card in puzzle["solution"]:
            trainer.press(card)
        assert trainer.attempt.clean and trainer.streak == done + 1
        assert f"streak {done + 1}" in trainer.rating_view.value
        trainer.next_button.click()
    assert store.saved_game("puzzles") == {"best_streak": 2}
    puzzle = trainer.attempt.puzzle
    wrong = next(iter(puzzle["refutations"]))
    trainer.press(wrong)
    assert trainer.streak_over and "The streak ends here: 2 solved" in trainer.live.value
    assert trainer.next_button.description == "New streak"
    trainer.retry_button.click()
    for card in puzzle["solution"]:
        trainer.press(card)
    assert trainer.streak == 2  # a puzzle solved after the miss does not count
    trainer.next_button.click()
    assert trainer.streak == 0 and not trainer.streak_over
    assert trainer.next_button.description == "Next puzzle"
    assert store.saved_game("puzzles") == {"best_streak": 2}


def test_by_theme(store):
    trainer = PuzzleTrainer(progress=store, seed=1)
    assert trainer.theme_choice.layout.display == "none"
    trainer.mode_choice.value = "theme"
    assert trainer.theme_choice.layout.display is None
    for name in ("endplay", "hunt_petit"):
        trainer.theme_choice.value = name
        for _ in range(3):
            assert name in trainer.attempt.puzzle["themes"]
            trainer.next_button.click()


def test_the_rating_and_the_next_puzzle(store):
    trainer = PuzzleTrainer(progress=store, seed=5)
    first = trainer.attempt.puzzle
    assert "Your puzzle rating: 1500 (provisional)" in trainer.rating_view.value
    for card in first["solution"]:
        trainer.press(card)
    rating = puzzle_ratings(store.answers, PUZZLES).learner
    assert f"Your puzzle rating: {round(rating.r)}" in trainer.rating_view.value
    trainer.next_button.click()
    assert trainer.attempt.puzzle["id"] != first["id"]
    assert "puzzle rating" in ratings_summary(store) and "1 solved" in ratings_summary(store)


def test_the_page_shows_every_hand_and_the_felt(store):
    trainer = PuzzleTrainer(progress=store, puzzle_id=LONG["id"])
    state = trainer.attempt.state
    for seat in range(state.players):
        if seat != LONG["seat"]:
            for card in state.hand(seat):
                assert f'aria-label="{card.name}"' in trainer.hands_view.value
    assert 'class="tt-felt"' in trainer.felt.value
    assert set(trainer.hand.buttons) == set(state.hand(LONG["seat"]))
    assert {"tt-table", "tt-puzzles"} <= set(trainer.widget._dom_classes)
    assert isinstance(trainer.widget, widgets.VBox)


def test_a_seat_puzzle_sends_the_page_no_card_of_a_hidden_hand(store):
    """From the seat, only the seat's own hand and what was shown: no other card is named
    in anything the trainer sends the page (every widget's text), for every seat puzzle."""
    seat_puzzles = [p for p in PUZZLES.values() if p["kind"] == "seat"]
    assert seat_puzzles
    for puzzle in seat_puzzles:
        trainer = PuzzleTrainer(progress=store, puzzle_id=puzzle["id"])
        hidden = hidden_cards(trainer.attempt.state, trainer.attempt.seat)
        text = sent_text(trainer.widget, trainer.hand.buttons.values())
        assert hidden and not [c.name for c in hidden if named(c, text)], puzzle["id"]


def test_a_broken_puzzle_is_skipped_in_words(store):
    good = dict(LONG)
    broken = dict(LONG, id="broken", seat=(LONG["seat"] + 1) % LONG["record"]["players"])
    trainer = PuzzleTrainer(progress=store, puzzles={"broken": broken, good["id"]: good},
                            puzzle_id="broken")
    assert trainer.attempt.puzzle["id"] == good["id"]
    assert "could not be shown" in trainer.feedback.value
    nothing = PuzzleTrainer(progress=store, puzzles={"broken": broken}, puzzle_id="broken")
    assert nothing.attempt is None and "No puzzle to show" in nothing.prompt.value
    assert not nothing.press("KH").ok
