"""A teacher's list of deals with a comment each (:class:`LessonList`), for the deal page."""

from __future__ import annotations


import ipywidgets as widgets

from ..errors import TarotError
from ..teach.deals import (deal_link, lesson_from_lines, lesson_link,  # noqa: F401 (doctest)
                           read_lesson)
from .deal_controls import _Shown, _box, _button, _message, _opening, _say
from .deal_pictures import _style
from .render import escape_text

__all__ = ["LessonList"]


class LessonList(_Shown):
    """A list of deals with a comment each: made from lines (a deal code or link, then the
    comment), shared as one link (``#l=CODE``), opened from such a link.

    >>> from tarot_teach.game import GameState
    >>> code = deal_link(GameState.new(seed=1).to_record())
    >>> lesson = LessonList()
    >>> lesson.lines_box.value = code + " Look at the dog."
    >>> lesson.make()
    True
    >>> lesson.open(lesson.link)
    True
    >>> "Look at the dog." in lesson.shown.value
    True
    """

    def __init__(self) -> None:
        self.link = ""
        self.code_box = widgets.Text(placeholder="Paste the link of a list of deals",
                                     description="List:", continuous_update=False,
                                     layout=widgets.Layout(width="100%"))
        self.code_box.add_class("tt-lesson-code")
        self.open_button = _opening(self.code_box, self.open, "Open the list", "tt-lesson-open")
        self.shown = widgets.HTML()
        self.message = _message()
        self.title_box = widgets.Text(description="Title:", placeholder="e.g. Tuesday's deals",
                                      layout=widgets.Layout(width="100%"))
        self.lines_box = widgets.Textarea(
            placeholder="One deal a line: its link (or code), a space, then your comment",
            description="Deals:", rows=4, layout=widgets.Layout(width="100%"))
        self.lines_box.add_class("tt-lesson-lines")
        self.make_button = _button("Make the list's link", "", ("tt-lesson-make",), self.make)
        self.made = widgets.HTML()
        self.widget = widgets.VBox(
            [_style(), self.code_box, _box([self.open_button]), self.message, self.shown,
             widgets.HTML("<b>Make a list</b>"), self.title_box, self.lines_box,
             _box([self.make_button]), self.made],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", max_width="100%"))
        self.widget.add_class("tt-deals")
        self.widget.add_class("tt-lesson")

    def open(self, text) -> bool:
        """Show the list in ``text`` (its link or code): each deal as a link to open in the
        viewer, with its comment; a deal that cannot be read says why (the others stay)."""
        if not str(text or "").strip():
            return False
        try:
            lesson = read_lesson(text)
        except (TarotError, ValueError) as problem:
            _say(self.message, False, f"This list cannot be opened: {problem}", invalid=True)
            return False
        rows = []
        for number, item in enumerate(lesson["items"], start=1):
            comment = escape_text(item["comment"]) or "<i>(no comment)</i>"
            if item["record"] is None:
                rows.append(f"<li>{comment}<br>⚠ This deal cannot be opened: "
                            f"{escape_text(item['problem'])}</li>")
                continue
            players = item["record"]["players"]
            rows.append(f'<li><a class="tt-lesson-deal" href="#d={escape_text(item["code"])}">'
                        f"Deal {number} ({players} players)</a>: {comment}</li>")
        title = escape_text(lesson["title"]) or "A list of deals"
        self.shown.value = (f"<div><b>{title}</b> (click a deal to open it in the viewer "
                            f"above)<ol>{''.join(rows)}</ol></div>")
        _say(self.message, True, f"A list of {len(lesson['items'])} deals.")
        return True

    def make(self) -> bool:
        """The link of the list written in the lines box (each deal checked)."""
        items, problems = lesson_from_lines(self.lines_box.value)
        if problems:
            _say(self.message, False, "Some lines need a change:", problems, invalid=True)
            return False
        try:
            self.link = lesson_link(items, self.title_box.value)
        except (TarotError, ValueError) as problem:
            _say(self.message, False, str(problem), invalid=True)
            return False
        self.made.value = (f'<div>The list\'s link: <a class="tt-link" href="{escape_text(self.link)}">'
                           f"{escape_text(self.link)}</a></div>")
        _say(self.message, True, f"A link for {len(items)} deals is below.")
        return True
