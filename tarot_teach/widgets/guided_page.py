"""The guided-hands chapter's page: each hand behind an "Open this hand" button
(:class:`GuidedHandLauncher`) and the list of hands with a ✔ for each one solved
(:class:`GuidedHandList`)."""

from __future__ import annotations

import ipywidgets as widgets

from ..guided import GuidedHand, load_guided_hand
from .base import Launcher
from .guided import _LISTS, GuidedHandWidget, save_key
from .progress import Progress
from .render import escape_text

__all__ = ["GuidedHandLauncher", "GuidedHandList"]


class GuidedHandLauncher(Launcher):
    """One hand of a page that holds many: its title, whether it is solved, and "Open this
    hand", which builds the hand (:class:`~tarot_teach.widgets.guided.GuidedHandWidget`) in
    place.

    A dozen hands built at once made the page slow to come alive (thousands of widgets
    before the first answer); now only the hands opened are built. A hand opens by itself
    when ``opened`` is true or when the learner has a saved place in it.

    >>> import tempfile, pathlib, tarot_teach
    >>> hands = pathlib.Path(tarot_teach.__file__).resolve().parent.parent / "exercises" / "hands"
    >>> store = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
    >>> hand = GuidedHandLauncher(hands / "take-made.json", progress=store,
    ...                           exercise_id="ch20-take-made")
    >>> hand.hand is None, hand.open_button.description
    (True, 'Open this hand')
    >>> hand.open_button.click(); hand.hand.step, hand.widget.children == (hand.hand.widget,)
    (0, True)
    """

    def __init__(self, source, progress: "Progress | None" = None,
                 exercise_id: "str | None" = None, opened: bool = False) -> None:
        self.source = source if isinstance(source, GuidedHand) else load_guided_hand(source)
        self.progress = progress if progress is not None else Progress.default()
        self.exercise_id = exercise_id or f"guided:{self.source.title}"
        questions = len(self.source.questions)
        mark = ("✔ solved" if self.progress.is_solved(self.exercise_id)
                else f"{questions} questions")
        saved = self.progress.saved_game(save_key(self.exercise_id))
        super().__init__(f"<b>{escape_text(self.source.title)}</b> <span>({mark})</span>",
                         "Open this hand", tooltip=f"Open the hand: {self.source.title}",
                         button_class="tt-open-hand", closed_class="tt-guided-closed",
                         opened=opened or (isinstance(saved, dict) and bool(saved.get("step"))))

    @property
    def hand(self) -> "GuidedHandWidget | None":
        """The hand, once opened (None before)."""
        return self.built

    def build(self) -> "GuidedHandWidget":
        return GuidedHandWidget(self.source, progress=self.progress,
                                exercise_id=self.exercise_id)


class GuidedHandList:
    """The chapter's hands with a ✔ for each one solved, redrawn when a hand is solved.

    ``hands`` lists ``(exercise_id, title, anchor)``; ``anchor`` is the section's id in
    the page (a link), or "".
    """

    def __init__(self, hands, progress: "Progress | None" = None) -> None:
        self.hands = list(hands)
        self.progress = progress if progress is not None else Progress.default()
        self.widget = widgets.HTML()
        self.widget.add_class("tt-guided-list")
        _LISTS.append(self)
        self.render()

    def render(self) -> None:
        items = []
        solved = 0
        for ident, title, anchor in self.hands:
            done = self.progress.is_solved(ident)
            solved += done
            mark = ('<span style="color:#1a7f37" aria-label="solved">✔</span>' if done
                    else '<span style="color:#595959" aria-label="not solved yet">○</span>')
            name = (f'<a href="#{escape_text(anchor)}">{escape_text(title)}</a>' if anchor
                    else escape_text(title))
            items.append(f'<li class="tt-state" data-state="{"solved" if done else "open"}">'
                         f"{mark} {name}</li>")
        self.widget.value = (f"<p><b>{solved} of {len(self.hands)} hands solved</b></p>"
                             '<ul style="list-style:none;padding-left:0.5em">'
                             f'{"".join(items)}</ul>')

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
