"""Drawing the puzzle trainer: its rating line, prompt, felt, hands and feedback redrawn after
each card. :class:`PuzzleDrawing` is a part of
:class:`~tarot_teach.widgets.puzzles.PuzzleTrainer`.
"""

from __future__ import annotations

from ..teach.feedback import escape_text
from ..teach.puzzles import prompt_text, puzzle_rating, themes_text
from ..teach.table_view import hand_entries, table_view
from .render import cards_html
from .felt import NEXT, _live_text, _marked, felt_html
from .puzzle_progress import SETTINGS_KEY, _rating_text

__all__ = ["PuzzleDrawing"]


class PuzzleDrawing:
    """The trainer's drawing (a part of :class:`PuzzleTrainer`)."""


    _rendering = False

    def _render(self) -> None:
        """Draw the puzzle; the focus's next place gets a new mark (tt-next-0/1 alternate:
        the page moves the focus only to a new mark). Drawing is not a learner's click."""
        self._turns += 1
        self._rendering = True
        try:
            self._render_all(f"{NEXT}-{self._turns % 2}")
        finally:
            self._rendering = False

    def _render_all(self, mark: str) -> None:
        attempt = self.attempt
        state = attempt.state
        ratings = self.ratings()
        rating = ratings.learner
        here = puzzle_rating(ratings, attempt.puzzle)
        streak = ""
        if self.mode == "streak":
            best = (self.progress.saved_game(SETTINGS_KEY) or {}).get("best_streak")
            streak = f" · streak {self.streak}" + (
                f" (best {best})" if isinstance(best, int) and best else "")
        self.rating_view.value = (
            f'<div class="tt-rating"><b>Your puzzle rating: {_rating_text(rating)}</b>'
            f" · this puzzle: {round(here.r)}{streak}"
            f' <span class="tt-puzzle-id">(puzzle {escape_text(attempt.puzzle["id"])})</span>'
            "</div>")
        self.prompt.value = f'<p class="tt-prompt">{escape_text(prompt_text(attempt.puzzle))}</p>'
        shown = table_view(state, attempt.seat, self.names)
        self.felt.value = felt_html(shown)
        others = [(seat, state.hand(seat)) for seat in range(state.players)
                  if seat != attempt.seat and state.hands[seat]] \
            if attempt.puzzle["kind"] == "open" else []  # a seat puzzle: the learner's hand only
        self.hands_view.value = "" if not others else \
            '<div class="tt-hands" role="group" aria-label="The other hands">' + "".join(cards_html(cards, size="small", caption=f"{self.names[seat]}"
                                           f"'s hand") for seat, cards in others) + "</div>"
        playing = attempt.can_play()
        entries = hand_entries(state, attempt.seat)
        if not playing:
            for entry in entries:
                entry.update(playable=False, idle=True)
        self.hand.show(entries, mark=mark if playing else "")
        self.hand_head.value = ('<div class="tt-handhead">Your hand'
                                + (" — raised cards may be played" if playing else "")
                                + "</div>")
        self.retry_button.disabled = not attempt.waiting
        self.solution_button.disabled = attempt.over
        self.retry_button._dom_classes = _marked(self.retry_button._dom_classes,
                                                 mark if attempt.waiting else "")
        self.next_button._dom_classes = _marked(self.next_button._dom_classes,
                                                mark if attempt.over else "")
        self.next_button.description = ("New streak" if self.mode == "streak"
                                        and self.streak_over else "Next puzzle")
        self.feedback.value = self._feedback_html()
        self.live.value = _live_text(" ".join(self.news))

    def _feedback_html(self) -> str:
        attempt = self.attempt
        words = escape_text(" ".join(self.news))
        if attempt.solved and not attempt.revealed:
            head = "Solved at the first try!" if attempt.clean else "Solved."
            return (f'<div style="color:#00734d"><b>✔ {head}</b></div><div>{words}</div>'
                    f"{_themes_html(attempt.puzzle)}")
        if attempt.revealed:
            return f"<div>{words}</div>{_themes_html(attempt.puzzle)}"
        if attempt.waiting:
            return (f'<div style="color:#b00020"><b>✘ {escape_text(self.news[0])}</b></div>'
                    f"<div>{escape_text(' '.join(self.news[1:]))}</div>")
        return f"<div>{words}</div>"


def _themes_html(puzzle: dict) -> str:
    """The puzzle's ideas, each with the sentence from its line (once it is over)."""
    themes = themes_text(puzzle)
    if not themes:
        return ""
    items = "".join(f"<li><b>{escape_text(title)}</b>: {escape_text(text)}</li>"
                    for title, text in themes)
    return f'<div>The idea{"s" * (len(themes) > 1)}:</div><ul class="tt-themes">{items}</ul>'
