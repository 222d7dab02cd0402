"""Drawing the puzzle trainer: its rating line, prompt, felt, hands and feedback redrawn after
each card: plain functions of a :class:`~tarot_teach.widgets.puzzles.PuzzleTrainer`.
"""

from __future__ import annotations

from ..teach.feedback import escape_text
from ..teach.puzzles import prompt_text, puzzle_rating, themes_text
from ..teach.table_view import hand_entries, table_view
from .render import cards_html
from .felt import NEXT, _live_text, _marked, felt_html
from .puzzle_progress import SETTINGS_KEY, _rating_text

__all__ = ["render", "render_all", "feedback_html"]


def render(trainer) -> None:
    """Draw the puzzle; the focus's next place gets a new mark (tt-next-0/1 alternate:
    the page moves the focus only to a new mark). Drawing is not a learner's click."""
    trainer._turns += 1
    trainer._rendering = True
    try:
        render_all(trainer, f"{NEXT}-{trainer._turns % 2}")
    finally:
        trainer._rendering = False


def render_all(trainer, mark: str) -> None:
    attempt = trainer.attempt
    state = attempt.state
    ratings = trainer.ratings()
    rating = ratings.learner
    here = puzzle_rating(ratings, attempt.puzzle)
    streak = ""
    if trainer.mode == "streak":
        best = (trainer.progress.saved_game(SETTINGS_KEY) or {}).get("best_streak")
        streak = f" · streak {trainer.streak}" + (
            f" (best {best})" if isinstance(best, int) and best else "")
    trainer.rating_view.value = (
        f'<div class="tt-rating"><b>Your puzzle rating: {_rating_text(rating)}</b>'
        f" · this puzzle: {round(here.r)}{streak}"
        f' <span class="tt-puzzle-id">(puzzle {escape_text(attempt.puzzle["id"])})</span>'
        "</div>")
    trainer.prompt.value = f'<p class="tt-prompt">{escape_text(prompt_text(attempt.puzzle))}</p>'
    shown = table_view(state, attempt.seat, trainer.names)
    trainer.felt.value = felt_html(shown)
    others = [(seat, state.hand(seat)) for seat in range(state.players)
              if seat != attempt.seat and state.hands[seat]] \
        if attempt.puzzle["kind"] == "open" else []  # a seat puzzle: the learner's hand only
    trainer.hands_view.value = "" if not others else (
        '<div class="tt-hands" role="group" aria-label="The other hands">'
        + "".join(cards_html(cards, size="small", caption=f"{trainer.names[seat]}'s hand")
                  for seat, cards in others) + "</div>")
    playing = attempt.can_play()
    entries = hand_entries(state, attempt.seat)
    if not playing:
        for entry in entries:
            entry.update(playable=False, idle=True)
    trainer.hand.show(entries, mark=mark if playing else "")
    trainer.hand_head.value = ('<div class="tt-handhead">Your hand'
                               + (" — raised cards may be played" if playing else "")
                               + "</div>")
    trainer.retry_button.disabled = not attempt.waiting
    trainer.solution_button.disabled = attempt.over
    trainer.retry_button._dom_classes = _marked(trainer.retry_button._dom_classes,
                                                mark if attempt.waiting else "")
    trainer.next_button._dom_classes = _marked(trainer.next_button._dom_classes,
                                               mark if attempt.over else "")
    trainer.next_button.description = ("New streak" if trainer.mode == "streak"
                                       and trainer.streak_over else "Next puzzle")
    trainer.feedback.value = feedback_html(trainer)
    trainer.live.value = _live_text(" ".join(trainer.news))


def feedback_html(trainer) -> str:
    attempt = trainer.attempt
    words = escape_text(" ".join(trainer.news))
    if attempt.solved and not attempt.revealed:
        head = "Solved at the first try!" if attempt.clean else "Solved."
        return (f'<div style="color:#00734d"><b>✔ {head}</b></div><div>{words}</div>'
                f"{_themes_html(attempt.puzzle)}")
    if attempt.revealed:
        return f"<div>{words}</div>{_themes_html(attempt.puzzle)}"
    if attempt.waiting:
        return (f'<div style="color:#b00020"><b>✘ {escape_text(trainer.news[0])}</b></div>'
                f"<div>{escape_text(' '.join(trainer.news[1:]))}</div>")
    return f"<div>{words}</div>"


def _themes_html(puzzle: dict) -> str:
    """The puzzle's ideas, each with the sentence from its line (once it is over)."""
    themes = themes_text(puzzle)
    if not themes:
        return ""
    items = "".join(f"<li><b>{escape_text(title)}</b>: {escape_text(text)}</li>"
                    for title, text in themes)
    return f'<div>The idea{"s" * (len(themes) > 1)}:</div><ul class="tt-themes">{items}</ul>'
