"""The lesson map (:class:`LessonMap`, on the welcome page and the progress page): every
chapter with its stars from first-time answers and a Continue link to the next recommended
step, as chess sites' learning maps have.
"""

from __future__ import annotations

import datetime

import ipywidgets as widgets

from ..teach import path as learning
from ..teach.course_map import CHAPTERS
from ..teach.feedback import escape_text
from .exercise_lists import due_exercises, exercise_titles
from .progress import Progress

__all__ = ["LessonMap", "lesson_map_html"]

STAR_COLOUR = "#8a6d00"  # (4.9:1 on white)
DONE_COLOUR, STARTED_COLOUR, NEW_COLOUR = "#00734d", "#8fd1b5", "#bbb"


def _step_link(step: learning.NextStep, here: "str | None") -> str:
    """The address of a step, from the page ``here`` (a place on this page: its anchor)."""
    anchor = f"#{step.anchor}" if step.anchor else ""
    return anchor if step.page == here and anchor else f"{step.page}.html{anchor}"


def lesson_map_html(rows: "list[learning.ChapterProgress]", step: learning.NextStep,
                    here: "str | None" = None) -> str:
    """The lesson map: the Continue link, then one tile per chapter (its link, its stars
    from first-time answers, how many exercises are solved); the next step's chapter is
    marked as the current step.

    >>> row = learning.ChapterProgress("Playing tricks", "07-tricks",
    ...     (("a", "Who wins?", learning.FIRST_TIME), ("b", "May you?", learning.NOT_TRIED)))
    >>> html = lesson_map_html([row], learning.next_step([row]))
    >>> 'href="07-tricks.html" class="tt-continue"' in html, "Continue: Playing tricks</a>" in html
    (True, True)
    >>> "1 of 2 solved" in html and "Next: May you?" in html
    True
    >>> 'aria-label="1 star of 3"' in html and 'aria-current="step"' in html
    True
    """
    tiles = []
    for row in rows:
        current = row.page == step.page
        edge = DONE_COLOUR if row.done else STARTED_COLOUR if row.started else NEW_COLOUR
        stars = row.stars
        words = f"{stars} star{'' if stars == 1 else 's'} of {learning.STARS}"
        tiles.append(
            f'<li class="tt-map-chapter" data-stars="{stars}" data-done="{str(row.done).lower()}"'
            + (' aria-current="step"' if current else "")
            + f' style="border:1px solid #ccc;border-left:6px solid {edge};border-radius:4px;'
            f'padding:0.3em 0.5em;{"outline:2px solid #00734d;" if current else ""}'
            f'min-width:0;overflow-wrap:anywhere">'
            f'<a href="{row.page}.html">{escape_text(row.title)}</a>'
            + (" <small><b>next</b></small>" if current else "")
            + f'<br><span role="img" aria-label="{words}" style="color:{STAR_COLOUR};'
            f'letter-spacing:0.1em">{learning.stars_text(stars)}</span> '
            f'<small>{row.solved} of {row.total} solved'
            + (" ✔" if row.done else "") + "</small></li>")
    return (f'<nav class="tt-map" aria-label="Lesson map">'
            f'<p style="margin:0.3em 0"><a href="{_step_link(step, here)}" class="tt-continue" '
            'style="display:inline-block;padding:0.45em 1em;background:#00734d;color:#fff;'
            'border-radius:4px;font-weight:bold;text-decoration:none">'
            f'Continue: {escape_text(step.title)}</a> '
            f'<span style="display:inline-block">Next: {escape_text(step.detail)}</span></p>'
            '<ol style="list-style:none;padding:0;margin:0.5em 0;display:grid;gap:0.4em;'
            'grid-template-columns:repeat(auto-fill,minmax(min(100%,13em),1fr))">'
            + "".join(tiles) + "</ol></nav>")


class LessonMap:
    """The lesson map as a widget, redrawn whenever the progress changes (an answer on
    this page, a reset in another tab). ``here`` is the page it stands on: the Continue
    link skips that page's chapter (the learner is there already); ``now`` is for tests.

    >>> import tempfile, pathlib
    >>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "progress.json")
    >>> lesson_map = LessonMap(progress, here="01-welcome")
    >>> "Continue: The cards" in lesson_map.widget.value
    True
    >>> progress.record_answer("ch01-name-card", True)
    >>> 'data-stars="3"' in lesson_map.widget.value      # redrawn at once
    True
    """

    def __init__(self, progress: "Progress | None" = None, chapters=CHAPTERS,
                 here: "str | None" = None, now=datetime.datetime.now) -> None:
        self.progress = progress if progress is not None else Progress.default()
        self.chapters = chapters
        self.here = here
        self.now = now
        self.titles = exercise_titles(chapters)
        self.widget = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.widget.add_class("tt-lesson-map")
        self.render()
        self.progress.watch(self._progress_changed)

    def rows(self) -> "list[learning.ChapterProgress]":
        return learning.chapter_progress(self.chapters, self.progress.solved_dates,
                                         self.progress.answers, self.titles)

    def next_step(self) -> learning.NextStep:
        """The step the Continue link leads to."""
        due = due_exercises(self.progress, self.chapters, self.now())
        anchors = {item["id"]: item["anchor"] for chapter in self.chapters
                   for item in chapter["exercises"] if item.get("anchor")}
        return learning.next_step(self.rows(), here=self.here, due_count=len(due),
                                  anchors=anchors)

    def render(self) -> None:
        self.widget.value = lesson_map_html(self.rows(), self.next_step(), self.here)

    def _progress_changed(self) -> bool:
        if self.widget.comm is None:  # closed (its page was left): stop watching
            return False
        self.render()
        return True

    def _ipython_display_(self) -> None:
        from IPython.display import display
        display(self.widget)
