"""The learner's puzzle rating: in words (:func:`ratings_summary`), as a chart
(:func:`rating_chart`) and as the progress page's panel (:class:`PuzzleProgress`).
"""

from __future__ import annotations

import ipywidgets as widgets

from ..teach.feedback import escape_text
from ..teach.puzzles import puzzle_index, puzzle_ratings
from .progress import Progress

__all__ = ["PuzzleProgress", "ratings_summary", "rating_chart", "SETTINGS_KEY"]

SETTINGS_KEY = "puzzles"
"""Where the trainer keeps its best streak in the progress file's games."""


def ratings_summary(progress: Progress) -> str:
    """The learner's puzzle rating and puzzles solved, in words (the progress page's line).

    >>> import tempfile, pathlib
    >>> ratings_summary(Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json"))
    'No puzzle tried yet: your puzzle rating starts at 1500.'
    """
    ratings = puzzle_ratings(progress.answers, puzzle_index())
    solved = sum(1 for name in progress.solved if name.startswith("puzzle:"))
    if not ratings.tries:
        return "No puzzle tried yet: your puzzle rating starts at 1500."
    return (f"Your puzzle rating: {_rating_text(ratings.learner)} after {ratings.tries} puzzle{'s' * (ratings.tries != 1)} tried; "
            f"{solved} solved, {ratings.solved_first} of them at the first try.")


def rating_chart(history) -> str:
    """The learner's puzzle rating after each rated try, as a small SVG line (empty without
    tries); its title and a text alternative say the numbers.

    >>> rating_chart([]), rating_chart([1600, 1550]).startswith("<svg")
    ('', True)
    """
    history = list(history)
    if not history:
        return ""
    width, height, pad = 320, 90, 6
    low, high = min(history + [1500]) - 50, max(history + [1500]) + 50
    step = (width - 2 * pad) / max(len(history), 1)

    def y(value):
        return round(pad + (high - value) * (height - 2 * pad) / (high - low), 1)

    points = [(pad, y(1500))] + [(round(pad + step * (k + 1), 1), y(v))
                                  for k, v in enumerate(history)]
    line = " ".join(f"{x},{v}" for x, v in points)
    words = (f"Your puzzle rating after each of your {len(history)} rated tries, from 1500: "
             + ", ".join(str(v) for v in history[-12:]) + ("" if len(history) <= 12 else
                                                            " (the last 12)"))
    return (f'<svg role="img" aria-label="{escape_text(words)}" viewBox="0 0 {width} {height}" '
            f'style="width:100%;max-width:{width}px;height:auto;display:block" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{escape_text(words)}</title>'
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#f6f6f6" rx="6"/>'
            f'<line x1="{pad}" x2="{width - pad}" y1="{y(1500)}" y2="{y(1500)}" '
            f'stroke="#999" stroke-dasharray="4 3"/>'
            f'<polyline points="{line}" fill="none" stroke="#005A8F" stroke-width="2.5"/>'
            f"</svg>")


class PuzzleProgress:
    """The progress page's puzzle panel: the rating, the puzzles tried and solved, the rating
    after each try (as :func:`rating_chart`), read from the progress file when shown."""

    def __init__(self, progress: "Progress | None" = None) -> None:
        self.progress = progress if progress is not None else Progress.default()
        self.widget = widgets.HTML()
        self.widget.add_class("tt-puzzle-progress")
        self.refresh()

    def refresh(self) -> None:
        """Read the tries again (another page may have added some)."""
        ratings = puzzle_ratings(self.progress.answers, puzzle_index())
        self.widget.value = (f"<p>{escape_text(ratings_summary(self.progress))}</p>"
                             + rating_chart(ratings.history))

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


PROVISIONAL_RD = 110
"""A rating whose deviation is above this is called provisional (a few tries more settle it)."""


def _rating_text(rating) -> str:
    """ "1530", or "1530 (provisional)" while its deviation is large."""
    return f"{round(rating.r)}" + (" (provisional)" if rating.rd > PROVISIONAL_RD else "")
