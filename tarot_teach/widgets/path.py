"""The "Your progress" page: every chapter's exercises with their state, the guided hands
played through, a chart, Reset (with confirmation), Export and Import, and — when the learner
opts in — the exercises answered wrong brought back, spaced out over later visits; and, the
same day, "Retry what I got wrong": a fresh question of each exercise answered wrong today and
not yet put right. The lesson map it shows is :class:`~.lesson_map.LessonMap`.

All of it reads and writes the one progress store (:class:`~.progress.Progress`); states and
spacing come from :mod:`tarot_teach.teach.path`. The chart is SVG (no matplotlib: it must
work in the browser's Python).

>>> import tempfile, pathlib
>>> from tarot_teach.widgets.progress import Progress
>>> page = ProgressPage(Progress(pathlib.Path(tempfile.mkdtemp()) / "progress.json"))
>>> page.reset_button.click()            # one click only asks
>>> page.confirm_box.layout.display
''
>>> page.cancel_button.click()
>>> page.confirm_box.layout.display
'none'
"""

from __future__ import annotations

import base64
import datetime
import random

import ipywidgets as widgets

from ..teach import path as learning
from ..teach.course_map import CHAPTERS
from ..teach.feedback import clip_words, escape_text
from .progress import Progress, UnreadableProgress
# The lesson map and the exercise lists, importable from here as before:
from .exercise_lists import (NOT_PRACTISED, _exercise_classes, due_exercises,  # noqa: F401
                             exercise_titles, practisable)
from .lesson_map import LessonMap, lesson_map_html  # noqa: F401
from .progress_upload import ProgressUpload, file_content  # noqa: F401

__all__ = ["ProgressPage", "LessonMap", "lesson_map_html", "exercise_titles",
           "progress_chart_svg"]

SETTINGS_KEY = "progress-page"  # kept with the saved games: {"practise": bool}
MAX_PRACTICE = 3  # exercises brought back at once
MAX_RETRY = 5  # exercises of one "Retry what I got wrong" round
MARKS = {learning.NOT_TRIED: ("○", "#666"), learning.TRIED: ("✘", "#b34700"),
         learning.SOLVED: ("✔", "#00734d"), learning.FIRST_TIME: ("★", "#00734d")}


def progress_chart_svg(rows: "list[learning.ChapterProgress]") -> str:
    """One bar per chapter: solved first time (dark), solved after a miss (light), out of
    the chapter's exercises.

    >>> row = learning.ChapterProgress("Tricks", "07-tricks", (("a", "A", "solved"),
    ...                                                         ("b", "B", "not tried")))
    >>> svg = progress_chart_svg([row])
    >>> svg.startswith("<svg") and "Tricks: 1 of 2 solved" in svg
    True
    """
    bar, label_width, height = 150, 200, 24  # (narrow: the labels stay legible on a phone)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="100%" '
             f'viewBox="0 0 {label_width + bar + 60} {height * len(rows) + 8}" '
             f'style="max-width:520px;font:14px sans-serif" aria-label="Exercises solved '
             f'in each chapter">']
    for number, row in enumerate(rows):
        y = 4 + number * height
        total = len(row.exercises)
        first = bar * row.first_time // total
        solved = bar * row.solved // total
        title = escape_text(row.title)
        parts.append(
            f'<g><title>{title}: {row.solved} of {total} solved</title>'
            f'<text x="{label_width - 6}" y="{y + 16}" text-anchor="end">'
            f'{escape_text(row.title[:26])}</text>'
            f'<rect x="{label_width}" y="{y + 4}" width="{bar}" height="16" fill="#eee"/>'
            f'<rect x="{label_width}" y="{y + 4}" width="{solved}" height="16" fill="#8fd1b5"/>'
            f'<rect x="{label_width}" y="{y + 4}" width="{first}" height="16" fill="#00734d"/>'
            f'<text x="{label_width + bar + 6}" y="{y + 16}">{row.solved}/{total}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


class ProgressPage:
    """The progress overview with its buttons; ``now`` (a function) is for tests."""

    def __init__(self, progress: "Progress | None" = None, chapters=CHAPTERS,
                 now=datetime.datetime.now) -> None:
        self.progress = progress if progress is not None else Progress.default()
        self.chapters = chapters
        self.now = now
        self.titles = exercise_titles(chapters)
        self.lesson_map = LessonMap(self.progress, chapters, here="90-your-progress", now=now)
        self.map_widget = self.lesson_map.widget
        self.overview = widgets.HTML()
        self.overview.add_class("tt-progress-overview")
        self.chart = widgets.HTML()
        self.message = widgets.HTML()
        self.message.add_class("tt-feedback")
        self.keep_message = widgets.HTML()  # what reset and import say, beside their buttons
        self.keep_message.add_class("tt-feedback")

        # As wide as their words (ipywidgets' 148 px cut them), not the whole row.
        fit = {"layout": widgets.Layout(width="auto", align_self="flex-start")}
        self.reset_button = widgets.Button(description="Reset my progress…",
                                           tooltip="Forget every exercise solved", **fit)
        self.reset_button.add_class("tt-reset")
        self.confirm_button = widgets.Button(description="Yes, forget everything",
                                             button_style="danger", **fit)
        self.confirm_button.add_class("tt-reset-confirm")
        self.cancel_button = widgets.Button(description="No, keep it", **fit)
        self.confirm_box = widgets.HBox(
            [widgets.HTML("Forget every exercise solved and every answer? This cannot be "
                          "undone: a copy exported before and imported here later does not "
                          "bring them back.&nbsp;"),
             self.confirm_button, self.cancel_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", display="none"))
        self.reset_button.on_click(lambda _: self._ask_reset())
        self.confirm_button.on_click(lambda _: self.reset())
        self.cancel_button.on_click(lambda _: self._hide_confirm())

        self.export_link = widgets.HTML()
        self.upload = ProgressUpload(accept=".json,application/json", multiple=False,
                                     description="Choose a file")
        self.import_button = widgets.Button(description="Import",
                                            tooltip="Add the chosen file's progress to yours")
        self.import_button.add_class("tt-import")
        self.import_button.on_click(lambda _: self.import_upload())

        self.practise_box = widgets.Checkbox(value=self._settings().get("practise", False),
                                             description="Bring back exercises I got wrong",
                                             indent=False,
                                             layout=widgets.Layout(width="auto"))
        self.practise_box.observe(lambda _change: self._practise_changed(), names="value")
        self.practice_note = widgets.HTML()
        self.practice_area = widgets.VBox()
        self.practice_exercises: list = []
        self.retry_button = widgets.Button(description="Retry what I got wrong",
                                           tooltip="A fresh question of each exercise you "
                                           "answered wrong today", button_style="primary",
                                           layout=widgets.Layout(width="auto",
                                                                 align_self="flex-start"))
        self.retry_button.add_class("tt-retry")
        self.retry_button.on_click(lambda _: self.start_retry())
        self.retry_note = widgets.HTML()
        self.retry_area = widgets.VBox()
        self.retry_exercises: list = []
        self._retry_round = 0

        # three parts, which a page may show apart: the overview, the practice, the buttons
        self.overview_widget = widgets.VBox([self.message, self.chart, self.overview],
                                            layout=widgets.Layout(max_width="100%"))
        self.practice_widget = widgets.VBox(
            [self.retry_button, self.retry_note, self.retry_area,
             self.practise_box, self.practice_note, self.practice_area],
            layout=widgets.Layout(max_width="100%"))
        self.keep_widget = widgets.VBox(
            [self.export_link,
             widgets.HBox([self.upload, self.import_button],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.reset_button, self.confirm_box, self.keep_message],
            layout=widgets.Layout(max_width="100%"))
        self.widget = widgets.VBox([self.overview_widget, self.practice_widget, self.keep_widget],
                                   layout=widgets.Layout(max_width="100%"))
        for part in (self.overview_widget, self.practice_widget, self.keep_widget, self.widget):
            part.add_class("tt-progress-page")
        self.progress.refresh()
        self.render()
        self._show_practice()
        self._show_retry_button()
        self.progress.watch(self._progress_changed)

    def _progress_changed(self) -> bool:
        """The progress changed (an answer here, a reset or a solve in another tab)."""
        if self.overview.comm is None:  # closed (its page was left): stop watching
            return False
        self.render()
        self._show_retry_button()
        return True

    # ----- showing ---------------------------------------------------------------------

    def rows(self) -> "list[learning.ChapterProgress]":
        return learning.chapter_progress(self.chapters, self.progress.solved_dates,
                                         self.progress.answers, self.titles)

    def render(self) -> None:
        """Draw the overview, the chart and the export link from the store."""
        answers = self.progress.answers
        exercise_rows = [row for row in self.rows() if not row.page.startswith("20-")]
        guided_rows = [row for row in self.rows() if row.page.startswith("20-")]
        html = []
        for row in exercise_rows:
            items = "".join(self._item_html(ident, title, st, answers.get(ident, {}))
                            for ident, title, st in row.exercises)
            started = any(st != learning.NOT_TRIED for _i, _t, st in row.exercises)
            opened = " open" if started else ""
            # The link stands below the summary: a link inside a <summary> (itself a
            # control) is a control in a control, which keyboards and screen readers trip on.
            html.append(f'<details class="tt-chapter"{opened}><summary>{escape_text(row.title)}'
                        f' — {row.solved} of {len(row.exercises)} solved</summary>'
                        f'<div style="margin:0.2em 0 0 1.2em"><a href="{row.page}.html">Open '
                        f'“{escape_text(row.title)}”</a></div>'
                        f'<ul style="margin:0.2em 0">{items}</ul></details>')
        for row in guided_rows:
            items = "".join(self._item_html(ident, title, st, {}, guided=True)
                            for ident, title, st in row.exercises)
            html.append(f'<h2>Guided hands</h2><p>{row.solved} of {len(row.exercises)} '
                        f'played through with every question right.</p>'
                        f'<ul style="margin:0.2em 0">{items}</ul>')
        self.overview.value = "".join(html)
        self.chart.value = progress_chart_svg(exercise_rows) if exercise_rows else ""
        encoded = base64.b64encode(self.progress.export().encode("utf-8")).decode("ascii")
        self.export_link.value = (
            f'<a class="tt-export" download="tarot-progress.json" '
            f'href="data:application/json;base64,{encoded}">Download your progress</a> '
            "(a small file you can import on another computer or browser).")
        if self.progress.message:
            self.message.value = (f'<span style="color:#8a6d00">'
                                  f'{escape_text(self.progress.message)}</span>')

    def _item_html(self, ident: str, title: str, state: str, answers: dict,
                   guided: bool = False) -> str:
        mark, colour = MARKS[state]
        words = ("played through" if state in (learning.SOLVED, learning.FIRST_TIME)
                 else "not played through yet") if guided else learning.STATE_WORDS[state]
        line = (f'<li class="tt-state" data-state="{escape_text(state)}">'
                f'<span style="color:{colour}">{mark}</span> {escape_text(title)} — {words}')
        wrong = learning.wrong_answers(answers)
        if wrong.count:
            times = "once" if wrong.count == 1 else f"{wrong.count} times"
            line += (f'<br><small style="color:#555">Answered wrong {times}, last on '
                     f'{wrong.last.day} {wrong.last:%B at %H:%M}')
            if wrong.reason:
                line += f": “{escape_text(clip_words(wrong.reason, 160))}”"
            line += "</small>"
        return line + "</li>"

    # ----- reset, export, import -----------------------------------------------------------

    def _ask_reset(self) -> None:
        self.confirm_box.layout.display = ""

    def _hide_confirm(self) -> None:
        self.confirm_box.layout.display = "none"

    def reset(self) -> None:
        """Forget everything (called by the confirmation button only)."""
        self.progress.reset()
        self._hide_confirm()
        self.practise_box.value = False
        self.keep_message.value = "Your progress has been reset: every exercise is new again."
        self.retry_exercises, self.retry_area.children = [], ()
        self.render()
        self._show_practice()
        self._show_retry_button()

    def import_text(self, content: "str | bytes") -> bool:
        """Merge an exported progress file into this one; a file that cannot be read
        changes nothing and says why."""
        try:
            left_out = self.progress.merge(content)
        except UnreadableProgress as problem:
            self.keep_message.value = ('<span style="color:#8a6d00">⚠ That file could not be '
                                  f'imported: {escape_text(problem)}. Nothing was changed.</span>')
            return False
        self.keep_message.value = ("✔ Imported: its progress has been added to yours "
                                   "(nothing you had was removed)." + (
                                       f' <span style="color:#8a6d00">{escape_text(left_out)}'
                                       "</span>" if left_out else ""))
        self.practise_box.value = self._settings().get("practise", self.practise_box.value)
        self.render()
        self._show_practice()
        self._show_retry_button()
        return True

    def import_upload(self) -> bool:
        """Import the file chosen in ``upload`` (whatever its value holds: never raises)."""
        files = list(self.upload.value)
        if not files:
            self.keep_message.value = ('<span style="color:#8a6d00">⚠ Choose a progress file '
                                  "first, then press Import.</span>")
            return False
        content = file_content(files[0])
        self.upload.value = ()
        if content is None:
            self.keep_message.value = ('<span style="color:#8a6d00">⚠ The chosen file did not '
                                       "reach the exercises (its content is missing). Choose "
                                       "it again, then press Import. Nothing was changed.</span>")
            return False
        return self.import_text(content)

    # ----- practising mistakes -------------------------------------------------------------

    def _settings(self) -> dict:
        """The learner's settings; a setting of the wrong kind (a saved ``"yes"``) is
        dropped, never a broken page."""
        saved = self.progress.saved_game(SETTINGS_KEY)
        if not isinstance(saved, dict):
            return {}
        return {key: value for key, value in saved.items()
                if key == "practise" and isinstance(value, bool)}

    def _practise_changed(self) -> None:
        if self._settings().get("practise", False) != self.practise_box.value:
            self.progress.save_game(SETTINGS_KEY, {"practise": self.practise_box.value})
        self._show_practice()

    def due_exercises(self) -> "list[str]":
        """Ids of the exercises due for practice now (those on a page of the book)."""
        return due_exercises(self.progress, self.chapters, self.now())

    def _practisable(self) -> dict:
        """The course map's exercises that may come back (by id), not a guided hand or the
        final test."""
        return practisable(self.chapters)

    def _fresh_exercise(self, item: dict, seed: int, on_check):
        """A fresh question of a course-map exercise (None if its class is unknown)."""
        cls = _exercise_classes().get(item["kind"])
        if cls is None:
            return None
        exercise = cls(seed=seed, exercise_id=item["id"], progress=self.progress,
                       **item.get("options", {}))
        exercise.check_button.on_click(lambda _button: on_check())
        return exercise

    # ----- retrying today's mistakes -----------------------------------------------------

    def missed_today(self) -> "list[str]":
        """Ids of the exercises answered wrong today and not yet put right."""
        known = self._practisable()
        return [ident for ident in learning.missed_today(self.progress.answers, self.now())
                if ident in known]

    def _show_retry_button(self) -> None:
        missed = self.missed_today()
        self.retry_button.layout.display = "" if missed else "none"
        self.retry_button.description = (f"Retry what I got wrong ({len(missed)})" if missed
                                          else "Retry what I got wrong")
        if not missed and not self.retry_exercises:
            self.retry_note.value = ""

    def _after_retry_check(self) -> None:
        self.render()
        self._show_retry_button()
        if self.retry_exercises and not self.missed_today():
            self.retry_note.value = ("✔ Everything you got wrong today is put right. The spaced "
                                     "reviews bring it back on later days.")

    def start_retry(self) -> None:
        """A round of fresh questions: each exercise answered wrong today, not yet put right
        (at most :data:`MAX_RETRY`, the latest miss first)."""
        missed = self.missed_today()
        known = self._practisable()
        self._retry_round += 1
        seed = random.Random(f"retry:{self.now().isoformat()}:{self._retry_round}"
                             ).randrange(10 ** 6)
        self.retry_exercises = [e for e in (self._fresh_exercise(known[ident], seed,
                                                                 self._after_retry_check)
                                            for ident in missed[:MAX_RETRY]) if e is not None]
        self.retry_area.children = tuple(e.widget for e in self.retry_exercises)
        more = len(missed) - len(self.retry_exercises)
        self.retry_note.value = (
            ("A fresh question of each exercise you got wrong today: answer it right to put "
             "it right." + (f" {more} more in the next round." if more > 0 else ""))
            if self.retry_exercises else "Nothing answered wrong today is waiting: well done.")
        self._show_retry_button()

    # ----- spaced reviews ------------------------------------------------------------------

    def _show_practice(self) -> None:
        self.practice_exercises = []
        if not self.practise_box.value:
            self.practice_note.value = ""
            self.practice_area.children = ()
            return
        due = self.due_exercises()
        items = self._practisable()
        seed = random.Random(self.now().isoformat()).randrange(10 ** 6)
        for ident in due[:MAX_PRACTICE]:
            exercise = self._fresh_exercise(items[ident], seed, self.render)
            if exercise is not None:
                self.practice_exercises.append(exercise)
        self.practice_area.children = tuple(e.widget for e in self.practice_exercises)
        if self.practice_exercises:
            more = len(due) - len(self.practice_exercises)
            self.practice_note.value = (
                "These exercises went wrong before; try a fresh question of each."
                + (f" {more} more will come after these." if more > 0 else ""))
        else:
            known = self._practisable()
            upcoming = [learning.due(a) for ident, a in self.progress.answers.items()
                        if ident in known]
            upcoming = sorted(d for d in upcoming if d is not None)
            self.practice_note.value = (
                "Nothing to practise today."
                + (f" The next exercise comes back on {upcoming[0].day} {upcoming[0]:%B}." if upcoming else
                   " Exercises you answer wrong will come back here a day later, then after "
                   "3, 7, 14 and 30 days each time you get them right."))
