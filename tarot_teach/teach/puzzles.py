"""The puzzle trainer's pure parts (no widgets): one try at a puzzle, the ratings from the
learner's tries, the next puzzle near the learner's rating.

A try (:class:`Attempt`) answers each card with :func:`tarot_teach.puzzle_answers.check_move` (the
stored values: no search along the solution); a right card is played with the other seats'
best answers, a wrong one is refused with the line that refutes it, and the learner may try
again or see the solution.

The ratings are kept in the progress file as the tries themselves: each try is an answer of
the exercise ``puzzle:<id>`` (:func:`exercise_id`; right when solved without a miss, wrong with
the refutation in words), so they merge across tabs and files as every answer does, a reset
forgets them, and an old file without any is a newcomer's. :func:`puzzle_ratings` replays the
first answer of each puzzle, in time order, through Glicko-2 (:mod:`tarot_teach.rating`): the
learner's rating and each tried puzzle's own.

>>> puzzles = puzzle_index()
>>> puzzle = puzzles["4p-learner-s1-t12c0"] if "4p-learner-s1-t12c0" in puzzles \\
...     else next(iter(puzzles.values()))
>>> attempt = Attempt(puzzle)
>>> verdict = attempt.play(puzzle["solution"][0])
>>> verdict.right, attempt.moves == puzzle["solution"][:1]
(True, True)
>>> ratings = puzzle_ratings({exercise_id(puzzle): {
...     "2026-12-01T10:00:00.000000+00:00": {"ok": True}}}, puzzles)
>>> ratings.learner.r > 1500, ratings.tries, ratings.solved_first
(True, 1, 1)
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from ..cards import Card, parse_card
from ..errors import IllegalAction
from ..names import seat_name, sentence, the
from ..puzzle_answers import Verdict, _describe, check_move
from ..puzzle_themes import themes_of
from ..puzzles import PUZZLE_DIR, SEAT_GAP, THEMES, position, validate
from ..rating import Rating, play
from ..solver import best_line

__all__ = ["PREFIX", "PUZZLE_RD", "NEAREST", "exercise_id", "puzzle_index", "read_puzzle_file",
           "stored_problems", "Attempt", "Ratings", "first_tries", "puzzle_ratings",
           "puzzle_rating", "choose_puzzle", "streak_target", "prompt_text", "themes_text"]

PREFIX = "puzzle:"
"""Exercise ids of puzzle tries in the progress file: ``puzzle:<the puzzle's id>``."""

PUZZLE_RD = 250.0
"""A puzzle's first rating deviation: its first rating is the generator's estimate
(:func:`tarot_teach.puzzle_maker.rating_of`), surer than a newcomer's (350)."""

NEAREST = 6
"""The next puzzle is drawn among this many untried ones nearest the target rating."""

FILES = ("three-players.json", "four-players.json", "five-players.json", "seat-puzzles.json")


def exercise_id(puzzle: dict) -> str:
    """The progress file's exercise id of a puzzle's tries.

    >>> exercise_id({"id": "3p-learner-s1-t16c0"})
    'puzzle:3p-learner-s1-t16c0'
    """
    return PREFIX + puzzle["id"]


def read_puzzle_file(path) -> "tuple[list[dict], str | None]":
    """The puzzles of one stored file, read quickly (each is checked when shown), and a
    message in words if the file could not be read (then no puzzle).

    >>> read_puzzle_file("/nonexistent.json")[1]
    'The puzzles of nonexistent.json could not be read (No such file or directory).'
    """
    name = Path(path).name
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        return [], f"The puzzles of {name} could not be read ({error.strerror or error})."
    except ValueError as error:
        return [], f"The puzzles of {name} could not be read (not JSON: {error})."
    if not isinstance(data, list):
        return [], f"The puzzles of {name} could not be read (not a list of puzzles)."
    return [p for p in data if isinstance(p, dict) and isinstance(p.get("id"), str)], None


@functools.lru_cache(maxsize=1)
def _stored() -> "tuple[dict, tuple]":
    index, problems = {}, []
    for name in FILES:
        puzzles, problem = read_puzzle_file(PUZZLE_DIR / name)
        if problem:
            problems.append(problem)
        for puzzle in puzzles:
            index.setdefault(puzzle["id"], puzzle)
    return index, tuple(problems)


def puzzle_index() -> "dict[str, dict]":
    """Every stored puzzle by id (3, 4 and 5 players; read once)."""
    return dict(_stored()[0])


def stored_problems() -> "tuple[str, ...]":
    """What could not be read of the stored puzzles, in words (nothing, normally)."""
    return _stored()[1]


# ----- one try ----------------------------------------------------------------------------


@dataclass
class Attempt:
    """One try at a puzzle: the position now (``state``), the learner's right cards so far
    (``moves``), every card played since the start (``plays``: (seat, card)), whether a card
    was wrong (``missed``), whether the solution was shown (``revealed``), whether it is
    ``solved``, and ``waiting`` (after a wrong card, until :meth:`retry`)."""

    puzzle: dict
    state: object = None
    moves: list = field(default_factory=list)
    plays: list = field(default_factory=list)
    missed: bool = False
    revealed: bool = False
    solved: bool = False
    waiting: bool = False
    last: "Verdict | None" = None

    def __post_init__(self) -> None:
        validate(self.puzzle, f"puzzle {self.puzzle.get('id')!r}")
        self.state = position(self.puzzle)

    @property
    def seat(self) -> int:
        return self.puzzle["seat"]

    @property
    def over(self) -> bool:
        """Solved, or the solution shown: no more cards to play."""
        return self.solved or self.revealed

    @property
    def clean(self) -> bool:
        """Solved without a miss and without the solution shown (a win for the rating)."""
        return self.solved and not self.missed and not self.revealed

    def can_play(self) -> bool:
        return not self.over and not self.waiting and self.state.to_act == self.seat

    def play(self, card: "Card | str") -> Verdict:
        """The verdict on the learner's card; a right card is played with the other seats'
        best answers, a wrong one changes nothing but ``missed`` and ``waiting``. Raises
        :class:`~tarot_teach.errors.IllegalAction` (in words) for a card that may not be
        played, or when no card is expected now."""
        if not self.can_play():
            raise IllegalAction(self._not_now())
        card = parse_card(card)
        verdict = check_move(self.puzzle, self.moves, card)
        self.last = verdict
        if not verdict.right:
            self.missed = True
            self.waiting = True
            return verdict
        for seat, played in ((self.seat, card), *verdict.replies):
            self.state.play(played)
            self.plays.append((seat, played))
        self.moves.append(str(card))
        self.solved = verdict.solved
        if self.solved:  # the rest plays itself: show it to the end
            self.plays.extend(self._play_out())
        return verdict

    def _not_now(self) -> str:
        if self.solved:
            return "This puzzle is solved: press Next puzzle."
        if self.revealed:
            return "The solution is shown: press Next puzzle."
        return "Press Try again first (or Show the solution)."

    def retry(self) -> None:
        """After a wrong card: play again from the same position."""
        self.waiting = False

    def reveal(self) -> str:
        """Show the solution: the rest of the best line is played (of a seat puzzle, its
        best card); its words."""
        self.revealed = True
        self.waiting = False
        if self.puzzle["kind"] == "seat":
            card = parse_card(self.puzzle["solution"][0])
            facts = self.puzzle["values"]["cards"][str(card)]
            self.state.play(card)
            self.plays.append((self.seat, card))
            return (f"The solution: {card.short_name}, best from your view: your side ends "
                    f"with {facts['mean']:.1f} card points on average over "
                    f"{self.puzzle['values']['deals']} deals that fit what you have seen.")
        before = self.state.copy()
        plays = self._play_out()
        self.plays.extend(plays)
        if not plays:
            return "The deal is over."
        return "The solution: " + _describe(before, tuple(plays), self.seat)

    def _play_out(self) -> list:
        """Play the best line to the end of the deal (the stored one while on it); nothing
        for a seat puzzle (its hidden hands stay hidden)."""
        if self.puzzle["kind"] == "seat":
            return []
        line = [parse_card(c) for c in self.puzzle.get("line", ())]
        done = [card for _, card in self.plays]
        rest = line[len(done):] if line[:len(done)] == done else best_line(self.state)
        plays = []
        for card in rest:
            plays.append((self.state.to_act, card))
            self.state.play(card)
        return plays


# ----- ratings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ratings:
    """The learner's puzzle rating, each tried puzzle's own rating (by id), the rated tries
    and how many of them were solved first time; ``history``: the learner's rating after
    each rated try."""

    learner: Rating
    puzzles: dict
    tries: int
    solved_first: int
    history: tuple


def first_tries(answers: dict) -> "list[tuple[str, str, bool]]":
    """Each puzzle's first try in the progress answers, in time order: (time, id, solved).

    >>> first_tries({"puzzle:b": {"2026-12-01T10:00:00.000000+00:00": {"ok": False},
    ...                           "2026-12-01T11:00:00.000000+00:00": {"ok": True}},
    ...              "puzzle:a": {"2026-12-01T10:30:00.000000+00:00": {"ok": True}},
    ...              "tricks-1": {"2026-12-01T09:00:00.000000+00:00": {"ok": True}}})
    [('2026-12-01T10:00:00.000000+00:00', 'b', False), \
('2026-12-01T10:30:00.000000+00:00', 'a', True)]
    """
    tries = []
    for name, per_time in answers.items():
        if name.startswith(PREFIX) and per_time:
            first = min(per_time)
            tries.append((first, name[len(PREFIX):], bool(per_time[first].get("ok"))))
    return sorted(tries)


def puzzle_ratings(answers: dict, puzzles: "dict[str, dict]") -> Ratings:
    """The ratings after the first try of each puzzle, replayed in time order (a try of a
    puzzle no longer stored is left out: its rating is not known)."""
    learner = Rating()
    ratings: dict[str, Rating] = {}
    tries = solved_first = 0
    history = []
    for _time, ident, solved in first_tries(answers):
        if ident not in puzzles:
            continue
        before = ratings.get(ident) or Rating(puzzles[ident]["rating"], PUZZLE_RD)
        learner, ratings[ident] = play(learner, before, solved)
        tries += 1
        solved_first += solved
        history.append(round(learner.r))
    return Ratings(learner, ratings, tries, solved_first, tuple(history))


def puzzle_rating(ratings: Ratings, puzzle: dict) -> Rating:
    """A puzzle's rating now: its own after this learner's tries, else its first one."""
    return ratings.puzzles.get(puzzle["id"]) or Rating(puzzle["rating"], PUZZLE_RD)


def streak_target(learner: Rating, streak: int) -> float:
    """The rating a streak's next puzzle is chosen near: easy at first (400 below the
    learner's rating, not under 800), 100 harder at each puzzle solved.

    >>> streak_target(Rating(1500), 0), streak_target(Rating(1000), 3)
    (1100.0, 1100.0)
    """
    return max(800.0, learner.r - 400.0) + 100 * streak


def choose_puzzle(pool, ratings: Ratings, tried, rng: random.Random,
                  target: "float | None" = None, avoid=()) -> "dict | None":
    """The next puzzle of ``pool``: one of the :data:`NEAREST` untried puzzles (not in
    ``tried``, nor in ``avoid``) whose rating is nearest ``target`` (the learner's rating if
    not given), drawn with ``rng``; when every puzzle was tried, among all but ``avoid``.

    >>> pool = [{"id": str(r), "rating": r} for r in range(800, 2300, 100)]
    >>> empty = Ratings(Rating(), {}, 0, 0, ())
    >>> choose_puzzle(pool, empty, set(), random.Random(1))["rating"] in range(1300, 1800)
    True
    >>> choose_puzzle(pool, empty, set(), random.Random(1), target=800)["rating"] <= 1300
    True
    """
    pool = [p for p in pool if p["id"] not in set(avoid)] or list(pool)
    if not pool:
        return None
    fresh = [p for p in pool if p["id"] not in set(tried)] or pool
    aim = ratings.learner.r if target is None else target
    fresh.sort(key=lambda p: (abs(puzzle_rating(ratings, p).r - aim), p["id"]))
    return rng.choice(fresh[:NEAREST])


# ----- words ---------------------------------------------------------------------------------


def prompt_text(puzzle: dict) -> str:
    """The puzzle's task in words: where the deal stands, who the learner is and what the
    best play keeps (from the stored values); of a seat puzzle, that only the learner's hand
    is shown and the best card is found over the deals that fit it."""
    state = position(puzzle)
    seat = puzzle["seat"]
    players = state.players
    taker = seat_name(state.taker, learner=seat)
    contract = state.contract.english if state.contract is not None else ""
    role = ("" if seat == state.taker else "; you are the taker's partner"
            if seat == state.partner else "; you defend")
    partner = ""
    if state.partner is not None and state.partner not in (seat, state.taker):
        partner = (f" {seat_name(state.partner, learner=seat)} is the taker's partner "
                   f"(holds {the(state.called)}).")
    elif players == 5 and state.partner == state.taker:
        partner = " The taker called a King of their own: alone against four."
    where = (f"{players} players, trick {len(state.tricks) + 1} of {state.rules.tricks}. "
             f"{sentence(taker)} took ({contract}){role}.{partner}")
    if puzzle["kind"] == "seat":
        ask = "What do you lead?" if not state.trick else "What do you play?"
        deals = puzzle["values"]["deals"]
        if "played" in puzzle:  # one of the learner's own mistakes
            return (f"From one of your deals. {where} You see only your own hand and the "
                    f"cards played. {ask} You played {parse_card(puzzle['played']).short_name} "
                    f"here, and the review found a better card from your view (over {deals} "
                    f"deals that fit what you saw): find it.")
        return (f"{where} You see only your own hand and the cards played. {ask} One card "
                f"is clearly best from your view: on average over {deals} deals that fit "
                f"what you have seen, every other card loses at least {SEAT_GAP:g} card "
                f"points.")
    values = [float(v) for v in puzzle["values"].values()]
    taking = state.side_of(seat) == 0
    best = max(values) if taking else min(values)
    goal = (f"With the best play of every seat, your side ends with {best:g} card "
            "points: find the card that keeps them." if taking else
            f"With the best play of every seat, the taker's side ends with {best:g} "
            "card points: find the card that holds them to that.")
    return f"{where} Every hand is shown. {goal}"


def themes_text(puzzle: dict) -> "list[tuple[str, str]]":
    """The puzzle's themes, each (title, the sentence from its line), shown once it is over."""
    found = themes_of(puzzle)
    return [(THEMES[name], found[name]) for name in puzzle["themes"] if name in found]
