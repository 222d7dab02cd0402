"""The stored puzzles (exercises/puzzles/*.json) re-proved by the solver, their themes checked
against the line, the learner's moves answered, corrupt files refused, the generator replayed."""

from __future__ import annotations

import collections
import importlib.util
import json
from fractions import Fraction
from pathlib import Path

import pytest

from tarot_teach.cards import DECK, cards_of, parse_card
from tarot_teach.errors import IllegalAction
from tarot_teach.puzzle_answers import check_move
from tarot_teach.puzzle_maker import make_puzzle
from tarot_teach.puzzle_themes import themes_of
from tarot_teach.puzzles import (MIN_LOSS, PUZZLE_DIR, THEMES, PuzzleError, card_groups,
                                 load_puzzles, position)
from tarot_teach.solver import best_line, card_values

FILES = {3: "three-players.json", 4: "four-players.json", 5: "five-players.json"}
PUZZLES = [p for name in FILES.values() for p in load_puzzles(PUZZLE_DIR / name)]
SAMPLE = PUZZLES[::10]


def _spec():
    path = Path(__file__).resolve().parents[2] / "scripts" / "make_puzzles.py"
    spec = importlib.util.spec_from_file_location("make_puzzles", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def prove(puzzle: dict) -> None:
    """The answer, its uniqueness, the values, the line: all from the solver again."""
    state = position(puzzle)
    seat = puzzle["seat"]
    values = card_values(state)
    assert {str(c): Fraction(v) for c, v in values.items()} == \
        {c: Fraction(v) for c, v in puzzle["values"].items()}
    sign = 1 if state.side_of(seat) == 0 else -1
    best = max(sign * v for v in values.values())
    groups = card_groups(state)
    first = parse_card(puzzle["solution"][0])
    assert {groups[c] for c, v in values.items() if sign * v == best} == {groups[first]}
    assert all(best - sign * v >= MIN_LOSS for c, v in values.items() if sign * v != best)
    line = [parse_card(c) for c in puzzle["line"]]
    assert line == best_line(state)  # every reply is the solver's
    walk, moves = state.copy(), 0
    for card in line:
        if walk.to_act == seat:
            here = card_values(walk)
            forced = len(set(here.values())) == 1
            if moves < len(puzzle["solution"]):
                assert str(card) == puzzle["solution"][moves]
                assert sign * here[card] == max(sign * v for v in here.values())
                assert moves == 0 or not forced
                if moves:  # a later move's stored values and refutations are the solver's
                    step = puzzle["steps"][moves - 1]
                    assert step["values"] == {str(c): float(v) if v.denominator > 1
                                              else int(v) for c, v in here.items()}
                    assert set(step["refutations"]) == {
                        str(c) for c, v in here.items() if sign * v < sign * here[card]}
            else:
                assert forced
                break
            moves += 1
        walk.play(card)


def test_enough_puzzles_across_tables_and_themes():
    sizes = collections.Counter(p["record"]["players"] for p in PUZZLES)
    assert set(sizes) == {3, 4, 5} and all(n >= 50 for n in sizes.values())
    themes = collections.Counter(t for p in PUZZLES for t in p["themes"])
    assert sum(1 for name in THEMES if themes[name] >= 15) >= 8, themes
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    ratings = [p["rating"] for p in PUZZLES]
    assert 800 <= min(ratings) < 1100 and 1600 < max(ratings) <= 2200


@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: p["id"])
def test_sample_reproved(puzzle):
    prove(puzzle)
    assert make_puzzle(puzzle["record"], puzzle["start"], puzzle["id"]) == puzzle


@pytest.mark.slow
def test_every_puzzle_reproved():
    for puzzle in PUZZLES:
        prove(puzzle)
        assert make_puzzle(puzzle["record"], puzzle["start"], puzzle["id"]) == puzzle


def _line_end(puzzle):
    state = position(puzzle)
    for card in puzzle["line"]:
        state.play(parse_card(card))
    return state


@pytest.mark.slow  # every themed puzzle played along its line: seconds
def test_themes_are_true_of_the_line():
    """Each theme checked on the deal played along the line, by the engine's own facts."""
    for puzzle in PUZZLES:
        if not puzzle["themes"]:
            continue
        start, end = position(puzzle), _line_end(puzzle)
        seat = puzzle["seat"]
        side = start.side_of(seat)
        ours = {s for s in range(start.players) if start.side_of(s) == side}
        tricks = end.tricks[len(start.tricks):]
        petit = parse_card("T1").index
        for theme in puzzle["themes"]:
            if theme == "petit_au_bout":
                leader, cards, winner = end.tricks[-1]
                assert petit in cards and winner in ours
                assert (leader + cards.index(petit)) % start.players in ours
            elif theme == "hunt_petit":
                held = list(start.hands)  # (with the cards of the trick begun before)
                for place, index in enumerate(start.trick):
                    held[(start.leader + place) % start.players] |= 1 << index
                holder = next(s for s in range(start.players) if held[s] >> petit & 1)
                assert holder not in ours and end.piles[side] >> petit & 1
            elif theme == "save_excuse":
                assert start.hands[seat] & 1
                assert not any(0 in cards for _, cards, _ in end.tricks[-1:])
            elif theme in ("cash_king", "count_trumps", "draw_trumps", "endplay"):
                assert any(leader == seat for leader, _, _ in tricks)
            elif theme == "keep_trump":
                assert any(winner == seat and DECK[cards[(seat - leader) %
                           start.players]].is_trump for leader, cards, winner in tricks)
            assert themes_of(puzzle)[theme]


def test_check_move_right_all_the_way():
    for puzzle in SAMPLE:
        moves = []
        for number, card in enumerate(puzzle["solution"]):
            verdict = check_move(puzzle, moves, parse_card(card))
            assert verdict.right and verdict.loss == 0 and verdict.text.startswith("Right")
            assert verdict.solved == (number == len(puzzle["solution"]) - 1)
            moves.append(card)


def test_check_move_wrong_card_refuted():
    for puzzle in SAMPLE:
        values = puzzle["values"]
        wrong = [c for c in values if values[c] != values[puzzle["solution"][0]]]
        for card in wrong[:2]:
            verdict = check_move(puzzle, [], parse_card(card))
            assert not verdict.right and verdict.loss >= MIN_LOSS
            assert [str(c) for _, c in verdict.replies] == puzzle["refutations"][card]
            assert f"{float(verdict.loss):g} lost" in verdict.text
            live = {k: v for k, v in puzzle.items() if k != "refutations"}
            assert check_move(live, [], parse_card(card)) == verdict  # stored = solver's


def test_later_wrong_cards_refuted_from_the_stored_steps():
    """A wrong card at a later move gets the stored refutation, which is what the solver
    finds (fails before the steps were stored: a search at every later move)."""
    later = [p for p in PUZZLES if len(p["solution"]) > 1][::8]
    assert later
    for puzzle in later:
        moves = puzzle["solution"][:1]
        step = puzzle["steps"][0]
        assert len(puzzle["steps"]) == len(puzzle["solution"]) - 1
        for card, refutation in list(step["refutations"].items())[:2]:
            verdict = check_move(puzzle, moves, parse_card(card))
            assert not verdict.right and verdict.loss > 0
            assert [str(c) for _, c in verdict.replies] == refutation
            live = {k: v for k, v in puzzle.items() if k != "steps"}
            assert check_move(live, moves, parse_card(card)) == verdict


def test_check_move_illegal_card():
    puzzle = PUZZLES[0]
    state = position(puzzle)
    illegal = next(c for hand in state.hands for c in cards_of(hand)
                   if str(c) not in puzzle["values"])
    with pytest.raises(IllegalAction):
        check_move(puzzle, [], illegal)


def test_corrupt_files_are_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    with pytest.raises(PuzzleError, match="not a JSON puzzle file"):
        load_puzzles(bad)
    bad.write_text('{"id": 1}', encoding="utf-8")
    with pytest.raises(PuzzleError, match="a JSON list"):
        load_puzzles(bad)
    good = PUZZLES[0]
    for change, message in (
            ({"kind": "riddle"}, "kind must be"),
            ({"seat": (good["seat"] + 1) % good["record"]["players"]}, "is not to play"),
            ({"values": {"T21": 1}}, "values must name every legal card"),
            ({"start": {"trick": 99, "card": 0}}, "past the record"),
            ({"themes": ["luck"]}, "unknown theme"),
            ({"record": dict(good["record"], hands=[])}, "hands must list")):
        bad.write_text(json.dumps([dict(good, **change)]), encoding="utf-8")
        with pytest.raises(PuzzleError, match=message):
            load_puzzles(bad)
    broken = {k: v for k, v in good.items() if k != "solution"}
    bad.write_text(json.dumps([broken]), encoding="utf-8")
    with pytest.raises(PuzzleError, match="missing field 'solution'"):
        load_puzzles(bad)


def test_generator_is_deterministic():
    module = _spec()
    stored = load_puzzles(PUZZLE_DIR / FILES[4])
    seed = next(p["record"]["seed"] for p in stored if p["id"].startswith("4p-learner"))
    again = module.deal_puzzles(4, seed, collections.Counter())
    mine = [p for p in stored if p["record"]["seed"] == seed]
    assert mine and all(p in again for p in mine)
