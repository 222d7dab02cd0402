"""The course map's exercises by title, and those that may come back for practice."""

from __future__ import annotations

import datetime

from ..teach import path as learning
from ..teach.course_map import CHAPTERS
from .progress import Progress

__all__ = ["exercise_titles", "practisable", "due_exercises", "NOT_PRACTISED"]


NOT_PRACTISED = ("guided", "final")
"""Course-map kinds that never come back for practice: a guided hand, the final test."""


def _exercise_classes() -> dict:
    from . import EXERCISES

    return {cls.__name__: cls for cls in EXERCISES}


def exercise_titles(chapters=CHAPTERS) -> "dict[str, str]":
    """Each exercise's (and guided hand's) title in words, by id.

    >>> exercise_titles()["ch07-winner"]
    'Who wins the trick?'
    """
    classes = _exercise_classes()
    titles = {}
    for chapter in chapters:
        for item in chapter["exercises"]:
            cls = classes.get(item["kind"])
            titles[item["id"]] = item.get("title") or (cls.title if cls else "Exercise")
    return titles


def practisable(chapters=CHAPTERS) -> dict:
    """The course map's exercises that may come back for practice (by id): not a guided
    hand, not the final test."""
    return {item["id"]: item for chapter in chapters for item in chapter["exercises"]
            if item["kind"] not in NOT_PRACTISED}


def due_exercises(progress: Progress, chapters, now: datetime.datetime) -> "list[str]":
    """Ids of the exercises due for practice at ``now`` (those that may come back)."""
    known = practisable(chapters)
    return [ident for ident in learning.due_for_practice(progress.answers, now)
            if ident in known]
