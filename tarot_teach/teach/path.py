"""The learning path: where a learner stands on each exercise, and when an exercise answered
wrong should come back for practice. Pure functions of the progress record (solve dates and
answers, see :mod:`tarot_teach.widgets.progress`) and of the date: no widgets, no clock.

An exercise is *not tried*, *tried* (answered, never right), *solved*, or *solved first time*
(no wrong answer before its first right one).

>>> answers = {"2026-11-01T10:00:00.000000": {"ok": False, "reason": "The trump wins."},
...            "2026-11-01T10:01:00.000000": {"ok": True}}
>>> state("2026-11-01T10:01:00", answers)
'solved'
>>> state("2026-11-01T09:00:00", {})
'solved first time'
>>> state(None, {"2026-11-01T10:00:00.000000": {"ok": False}}), state(None, {})
('tried', 'not tried')

The same day, :func:`missed_today` lists what was answered wrong and not yet put right, for a
"Retry what I got wrong" round. A wrong answer also brings the exercise back one day later; each right answer given once it is due
pushes it further (3, then 7, 14 and 30 days); after that it is learnt. A new wrong answer
starts again.

>>> import datetime
>>> due(answers)
datetime.datetime(2026, 11, 2, 10, 0)
>>> later = {**answers, "2026-11-02T12:00:00.000000": {"ok": True}}
>>> due(later)
datetime.datetime(2026, 11, 5, 12, 0)
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Iterable, Mapping

__all__ = ["NOT_TRIED", "TRIED", "SOLVED", "FIRST_TIME", "INTERVALS", "state", "wrong_answers",
           "due", "due_for_practice", "missed_today", "ChapterProgress", "chapter_progress", "STATE_WORDS",
           "STARS", "NextStep", "next_step", "stars_text"]

NOT_TRIED, TRIED, SOLVED, FIRST_TIME = "not tried", "tried", "solved", "solved first time"
STATE_WORDS = {NOT_TRIED: "not tried yet", TRIED: "tried, not solved yet", SOLVED: "solved",
               FIRST_TIME: "solved first time"}
STARS = 3
"""The most stars a chapter earns on the lesson map (all its exercises solved first time)."""
INTERVALS = (1, 3, 7, 14, 30)
"""Days before a missed exercise comes back: after the wrong answer, then after each right
answer given when it was due."""


def _when(moment: str) -> datetime.datetime:
    """A recorded time as this computer's local time, without an offset (as ``now`` is)."""
    when = datetime.datetime.fromisoformat(moment)
    return when.astimezone().replace(tzinfo=None) if when.tzinfo else when


def state(solved_on: "str | None", answers: Mapping[str, Mapping]) -> str:
    """The exercise's state from its first solve date (or None) and its answers."""
    wrong = [moment for moment, answer in answers.items() if not answer.get("ok")]
    if solved_on is None:
        rights = [moment for moment, answer in answers.items() if answer.get("ok")]
        if not rights:
            return TRIED if wrong else NOT_TRIED
        solved_on = min(rights, key=_when)
    if any(_when(moment) < _when(solved_on) for moment in wrong):
        return SOLVED
    return FIRST_TIME


@dataclass(frozen=True)
class WrongAnswers:
    """How often an exercise was answered wrong, when last, and the reason given then."""

    count: int
    last: "datetime.datetime | None"
    reason: str


def wrong_answers(answers: Mapping[str, Mapping]) -> WrongAnswers:
    """The wrong answers among ``answers``.

    >>> wrong_answers({"2026-11-01T10:00:00": {"ok": False, "reason": "Too low."},
    ...                "2026-11-01T09:00:00": {"ok": False}})
    WrongAnswers(count=2, last=datetime.datetime(2026, 11, 1, 10, 0), reason='Too low.')
    """
    wrong = sorted((_when(moment), answer.get("reason", "")) for moment, answer in answers.items()
                   if not answer.get("ok"))
    if not wrong:
        return WrongAnswers(0, None, "")
    moment, reason = wrong[-1]
    return WrongAnswers(len(wrong), moment, str(reason))


def due(answers: Mapping[str, Mapping],
        intervals: Iterable[int] = INTERVALS) -> "datetime.datetime | None":
    """When the exercise should next come back for practice; None if it never went wrong
    or is learnt again (a right answer given when due at every step since the last wrong).

    >>> due({"2026-11-01T10:00:00": {"ok": True}}) is None
    True
    >>> early = {"2026-11-01T10:00:00": {"ok": False}, "2026-11-01T10:05:00": {"ok": True}}
    >>> due(early)  # the right answer came before it was due: it still comes back
    datetime.datetime(2026, 11, 2, 10, 0)
    """
    intervals = tuple(intervals)
    ordered = sorted((_when(moment), bool(answer.get("ok"))) for moment, answer in answers.items())
    last_wrong = max((moment for moment, ok in ordered if not ok), default=None)
    if last_wrong is None:
        return None
    step, next_time = 0, last_wrong + datetime.timedelta(days=intervals[0])
    for moment, ok in ordered:
        if ok and moment > last_wrong and moment >= next_time:
            step += 1
            if step >= len(intervals):
                return None
            next_time = moment + datetime.timedelta(days=intervals[step])
    return next_time


def due_for_practice(all_answers: Mapping[str, Mapping[str, Mapping]],
                     now: datetime.datetime) -> list[str]:
    """The exercises due for practice at ``now``, the longest overdue first.

    >>> now = datetime.datetime(2026, 11, 5)
    >>> due_for_practice({"a": {"2026-11-01T10:00:00": {"ok": False}},
    ...                   "b": {"2026-11-04T10:00:00": {"ok": False}},
    ...                   "c": {"2026-10-31T10:00:00": {"ok": False}}}, now)
    ['c', 'a']
    """
    waiting = []
    for name, answers in all_answers.items():
        when = due(answers)
        if when is not None and when <= now:
            waiting.append((when, name))
    return [name for _when_due, name in sorted(waiting)]


def missed_today(all_answers: Mapping[str, Mapping[str, Mapping]],
                 now: datetime.datetime) -> list[str]:
    """The exercises answered wrong on ``now``'s day whose latest answer is still that wrong
    one (not yet put right), the latest miss first: the "Retry what I got wrong" round.

    >>> now = datetime.datetime(2026, 11, 5, 18, 0)
    >>> missed_today({"a": {"2026-11-05T10:00:00": {"ok": False}},
    ...               "b": {"2026-11-05T11:00:00": {"ok": False},
    ...                     "2026-11-05T11:05:00": {"ok": True}},     # put right since
    ...               "c": {"2026-11-04T10:00:00": {"ok": False}},    # yesterday: spaced review
    ...               "d": {"2026-11-05T12:00:00": {"ok": False}}}, now)
    ['d', 'a']
    """
    waiting = []
    for name, answers in all_answers.items():
        ordered = sorted((_when(moment), bool(answer.get("ok")))
                         for moment, answer in answers.items())
        if ordered and not ordered[-1][1] and ordered[-1][0].date() == now.date() \
                and ordered[-1][0] <= now:
            waiting.append((ordered[-1][0], name))
    return [name for _when_missed, name in sorted(waiting, reverse=True)]


@dataclass(frozen=True)
class ChapterProgress:
    """One chapter's exercises (id, title, state) and how many are solved."""

    title: str
    page: str
    exercises: "tuple[tuple[str, str, str], ...]"

    @property
    def solved(self) -> int:
        return sum(1 for _id, _title, st in self.exercises if st in (SOLVED, FIRST_TIME))

    @property
    def first_time(self) -> int:
        return sum(1 for _id, _title, st in self.exercises if st == FIRST_TIME)

    @property
    def total(self) -> int:
        return len(self.exercises)

    @property
    def done(self) -> bool:
        """Every exercise of the chapter solved."""
        return self.solved == self.total

    @property
    def started(self) -> bool:
        return any(st != NOT_TRIED for _id, _title, st in self.exercises)

    @property
    def stars(self) -> int:
        """The lesson map's stars, 0 to :data:`STARS`: the share of the chapter's exercises
        solved first time, rounded down (all :data:`STARS` only when every one was).

        >>> row = ChapterProgress("Tricks", "07-tricks", (("a", "A", FIRST_TIME),
        ...                       ("b", "B", FIRST_TIME), ("c", "C", SOLVED)))
        >>> row.stars, row.done
        (2, True)
        """
        return STARS * self.first_time // self.total if self.total else 0

    def first_unsolved(self) -> "tuple[str, str] | None":
        """The id and title of the chapter's first exercise not solved yet (None if done)."""
        return next(((ident, title) for ident, title, st in self.exercises
                     if st not in (SOLVED, FIRST_TIME)), None)


def stars_text(stars: int) -> str:
    """Stars as the map draws them: earned ones filled, the others hollow.

    >>> stars_text(2)
    '★★☆'
    """
    return "★" * stars + "☆" * (STARS - stars)


@dataclass(frozen=True)
class NextStep:
    """The lesson map's "Continue": the page to open (``anchor`` a place on it, or ""),
    the chapter or place named in words, and what to do there."""

    page: str
    anchor: str
    title: str
    detail: str


PRACTICE_PAGE, PRACTICE_ANCHOR = "90-your-progress", "practising-your-mistakes"
PUZZLES_PAGE = "22-puzzles"


def next_step(rows: Iterable[ChapterProgress], here: "str | None" = None, due_count: int = 0,
              anchors: "Mapping[str, str] | None" = None) -> NextStep:
    """The next recommended step: the first chapter, in the book's order, with an exercise
    not solved yet (not the page ``here``, where the learner is already), at its first such
    exercise; once every chapter is done, the exercises due for practice (``due_count``),
    else the puzzles. ``anchors`` gives an exercise's place on its page, by id.

    >>> rows = [ChapterProgress("Welcome", "01-welcome", (("w", "Name that card", NOT_TRIED),)),
    ...         ChapterProgress("The cards", "02-cards", (("a", "Find the bouts", FIRST_TIME),
    ...                                                   ("b", "Higher card", TRIED)))]
    >>> next_step(rows)
    NextStep(page='01-welcome', anchor='', title='Welcome', detail='Name that card')
    >>> next_step(rows, here="01-welcome").title
    'The cards'
    >>> done = [ChapterProgress("The cards", "02-cards", (("a", "A", SOLVED),))]
    >>> next_step(done, due_count=2).detail
    '2 exercises you got wrong come back today'
    >>> next_step(done).page
    '22-puzzles'
    """
    rows = list(rows)
    anchors = anchors or {}
    waiting = [row for row in rows if not row.done]
    if waiting:
        row = next((r for r in waiting if r.page != here), waiting[0])
        ident, title = row.first_unsolved()
        return NextStep(row.page, anchors.get(ident, ""), row.title, title)
    if due_count:
        return NextStep(PRACTICE_PAGE, PRACTICE_ANCHOR, "Practising your mistakes",
                        f"{due_count} exercise{'s' if due_count > 1 else ''} you got wrong "
                        "come{} back today".format("" if due_count > 1 else "s"))
    return NextStep(PUZZLES_PAGE, "", "Puzzles",
                    "every chapter is done: keep your eye sharp with a puzzle")


def chapter_progress(chapters: Iterable[Mapping], solved: Mapping[str, str],
                     answers: Mapping[str, Mapping], titles: Mapping[str, str]) -> list:
    """Each chapter with exercises (from the course map), with every exercise's state;
    ``titles`` names the exercises (by id) in words.

    >>> chapters = [{"page": "07-tricks", "title": "Playing tricks",
    ...              "exercises": [{"id": "a"}, {"id": "b"}]}, {"page": "x", "exercises": []}]
    >>> [c.exercises for c in chapter_progress(chapters, {"a": "2026-11-01T10:00:00"}, {},
    ...                                        {"a": "Who wins?", "b": "May you play it?"})]
    [(('a', 'Who wins?', 'solved first time'), ('b', 'May you play it?', 'not tried'))]
    """
    result = []
    for chapter in chapters:
        rows = tuple((item["id"], titles.get(item["id"], "Exercise"),
                      state(solved.get(item["id"]), answers.get(item["id"], {})))
                     for item in chapter["exercises"])
        if rows:
            result.append(ChapterProgress(chapter.get("title", ""), chapter["page"], rows))
    return result
