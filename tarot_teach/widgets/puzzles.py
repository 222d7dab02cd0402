"""The puzzle trainer: puzzles from real deals, open (every hand shown) or from the seat (only
the learner's hand), played card by card on the card table's felt, rated like a chess site's
(issue 29).

The learner's hand is the card table's (:class:`~tarot_teach.widgets.table.TableHand`: one
focusable button per card, the chapters' card pictures, arrow keys along the hand, the
playable card to press next marked ``tt-next`` so that the focus comes back to the hand after
each card played by key). A right card is played with the other seats' best answers until
the result is forced; a wrong card is refused with the line that refutes it, then **Try
again** or **Show the solution**; a seat puzzle is one card, judged from the seat's view
(its average over the deals drawn, stored). Modes: near the learner's rating, by theme, seat
puzzles only, a streak (until the first miss), and the learner's own mistakes (their finished
deals at the card tables reviewed by the coach: each Mistake or Blunder a seat puzzle, kept
in the progress file, not rated). Every try is kept in the progress file (an answer of
``puzzle:<id>``), from which the ratings are replayed
(:func:`tarot_teach.teach.puzzles.puzzle_ratings`).

>>> import tempfile, pathlib
>>> store = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> trainer = PuzzleTrainer(progress=store, seed=1)
>>> right = trainer.attempt.puzzle["solution"][0]
>>> trainer.press(right).ok
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import Card, parse_card
from ..errors import IllegalAction
from ..names import seat_names
from ..puzzles import THEMES, PuzzleError
from ..teach.feedback import Feedback, escape_text
from ..teach.puzzle_mistakes import (MINE_KEEP, MINE_KEY, deal_key, finished_deals,
                                     mistake_puzzles, saved_mistakes)
from ..teach.puzzles import (Attempt, choose_puzzle, exercise_id, prompt_text, puzzle_index,
                             puzzle_rating, puzzle_ratings, stored_problems, streak_target,
                             themes_text)
from ..teach.table_view import hand_entries, table_view
from .progress import Progress
from .render import cards_html
from .felt import NEXT, _live_text, _marked, felt_html
from .hand_buttons import TableHand
from .table_style import TABLE_CSS, style_html

__all__ = ["PuzzleTrainer", "PuzzleProgress", "MODES", "PUZZLE_CSS", "ratings_summary",
           "rating_chart"]

MODES = (("Near my rating", "rating"), ("By theme", "theme"), ("From your seat", "seat"),
         ("Streak", "streak"), ("My mistakes", "mistakes"))
"""The trainer's modes: (label, value)."""

SETTINGS_KEY = "puzzles"
"""Where the trainer keeps its best streak in the progress file's games."""

PUZZLE_CSS = """
.tt-puzzles .tt-hands { display:flex; flex-wrap:wrap; gap:6px 14px; margin:0.4em 0; }
.tt-puzzles .tt-hands .tt-cards { min-width:0; max-width:100%; }
.tt-puzzles .tt-hands svg { width:30px; height:42px; margin:1px !important; }
.tt-puzzles .tt-prompt { margin:0.2em 0 0.4em; }
.tt-puzzles .tt-rating { font-size:0.95em; }
.tt-puzzles .tt-announcer { position:absolute !important; width:1px; height:1px;
  overflow:hidden; clip:rect(0 0 0 0); white-space:nowrap; }
.tt-puzzles .tt-puzzle-id { color:#555; font-size:0.85em; white-space:nowrap; }
.tt-puzzles .tt-themes { margin:0.3em 0; padding-left:1.2em; }
.tt-puzzles .widget-toggle-buttons .widget-toggle-button { width:auto !important; }
.tt-puzzles .widget-toggle-buttons { flex-wrap:wrap; max-width:100%; }
.tt-puzzles .widget-dropdown { max-width:100%; }
.tt-puzzles .widget-dropdown select { max-width:100%; }
"""
"""The trainer's own styles (inside ``.tt-puzzles``; the table's sheet does the rest): the
other hands shown in small cards, wrapping on a phone; the announcement for screen readers
only (the feedback below the hand shows the same words)."""


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


class PuzzleTrainer:
    """Puzzles, one at a time, chosen near the learner's puzzle rating.

    ``mode``: "rating", "theme" (with ``theme``, a key of :data:`~tarot_teach.puzzles.THEMES`),
    "seat" (seat puzzles only), "streak" or "mistakes" (the learner's own); ``puzzle_id``: begin with this puzzle; ``modes=False`` hides the mode
    choice (the welcome page's single puzzle)."""

    def __init__(self, progress: "Progress | None" = None, seed: int = 0, mode: str = "rating",
                 theme: "str | None" = None, puzzle_id: "str | None" = None,
                 modes: bool = True, puzzles: "dict | None" = None) -> None:
        self.progress = progress if progress is not None else Progress.default()
        self.puzzles = puzzles if puzzles is not None else puzzle_index()
        self.rng = random.Random(f"puzzles:{seed}")
        self.streak = 0
        self.streak_over = False
        self.recorded = False  # this try's answer is in the progress file
        self._turns = 0
        self._shown: list[str] = []  # puzzles shown here, not to be drawn again soon
        self.names: tuple = ()

        self.style = widgets.HTML(style_html(TABLE_CSS + PUZZLE_CSS))
        self.rating_view = widgets.HTML()
        self.mode_choice = widgets.ToggleButtons(options=list(MODES), value=mode,
                                                 description="Puzzles:",
                                                 style={"description_width": "initial"})
        self.mode_choice.add_class("tt-mode")
        themes = [(title, name) for name, title in THEMES.items()
                  if any(name in p["themes"] for p in self.puzzles.values())]
        self.theme_choice = widgets.Dropdown(
            options=themes, value=theme if theme in dict(map(reversed, themes)) else themes[0][1],
            description="Theme:", layout=widgets.Layout(width="auto", max_width="100%"))
        self.theme_choice.add_class("tt-theme")
        self.mine_button = widgets.Button(
            description="Look for mistakes in my deals", layout=widgets.Layout(width="auto"),
            tooltip="Review your finished deals at the card tables: each Mistake or Blunder "
                    "becomes a puzzle")
        self.mine_button.add_class("tt-mine")
        self.mine_button.on_click(lambda _b: self.find_mistakes())
        self.controls = widgets.VBox([self.mode_choice, self.theme_choice, self.mine_button],
                                     layout=widgets.Layout(max_width="100%"))
        if not modes:
            self.controls.layout.display = "none"
        self.prompt = widgets.HTML()
        self.felt = widgets.HTML()
        self.hands_view = widgets.HTML()
        self.live = widgets.HTML()
        self.live.add_class("tt-announcer")  # a polite live region (a11y.js)
        self.hand_head = widgets.HTML()
        self.hand = TableHand(on_change=self._card_clicked)
        self.feedback = widgets.HTML()
        self.feedback.add_class("tt-feedback")
        self.retry_button = widgets.Button(description="Try again",
                                           tooltip="Play another card from the same position")
        self.retry_button.add_class("tt-retry")
        self.solution_button = widgets.Button(description="Show the solution",
                                              tooltip="Play the best line to the end")
        self.solution_button.add_class("tt-solution")
        self.next_button = widgets.Button(description="Next puzzle", button_style="primary",
                                          tooltip="A new puzzle near your rating")
        self.next_button.add_class("tt-new")
        for button in (self.retry_button, self.solution_button):  # after it is pressed by
            button.add_class("tt-action")  # key, the page moves the focus on (a11y.js's ACTS)
        self.retry_button.on_click(lambda _b: self.retry())
        self.solution_button.on_click(lambda _b: self.show_solution())
        self.next_button.on_click(lambda _b: self.next_puzzle())
        self.buttons = widgets.HBox([self.retry_button, self.solution_button, self.next_button],
                                    layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = widgets.VBox(
            [self.style, self.hand.faces, self.rating_view, self.controls, self.prompt,
             self.felt, self.hands_view, self.live, self.hand_head, self.hand.box,
             self.feedback, self.buttons],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", max_width="100%"))
        self.widget.add_class("tt-table")  # the table's look and keyboard focus (a11y.js)
        self.widget.add_class("tt-puzzles")
        self._quiet = False
        self.mode_choice.observe(lambda _c: self._mode_changed(), names="value")
        self.theme_choice.observe(lambda _c: self._mode_changed(), names="value")
        self._show_controls()
        self.attempt: "Attempt | None" = None
        first = self.puzzles.get(puzzle_id) if puzzle_id else None
        self.load(first or self._choose())

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    # ----- choosing --------------------------------------------------------------------------

    @property
    def mode(self) -> str:
        return self.mode_choice.value

    def ratings(self):
        """The ratings replayed from the progress file's tries."""
        return puzzle_ratings(self.progress.answers, self.puzzles)

    def _pool(self) -> list:
        if self.mode == "mistakes":
            return self._mine()[0]
        if self.mode == "theme":
            return [p for p in self.puzzles.values() if self.theme_choice.value in p["themes"]]
        if self.mode == "seat":
            return [p for p in self.puzzles.values() if p["kind"] == "seat"]
        return list(self.puzzles.values())

    def _choose(self) -> "dict | None":
        ratings = self.ratings()
        tried = {name[len("puzzle:"):] for name in self.progress.answers
                 if name.startswith("puzzle:")}
        target = streak_target(ratings.learner, self.streak) if self.mode == "streak" else None
        return choose_puzzle(self._pool(), ratings, tried, self.rng, target,
                             avoid=self._shown[-20:])

    def _mode_changed(self) -> None:
        if self._quiet:
            return
        self._show_controls()
        self.streak, self.streak_over = 0, False
        self.next_puzzle()

    def _show_controls(self) -> None:
        self.theme_choice.layout.display = None if self.mode == "theme" else "none"
        self.mine_button.layout.display = None if self.mode == "mistakes" else "none"

    # ----- your own mistakes -------------------------------------------------------------

    def _mine(self) -> "tuple[list[dict], list[str]]":
        """The learner's own puzzles and the deals already reviewed (progress file)."""
        return saved_mistakes(self.progress.saved_game(MINE_KEY))

    def unreviewed_deals(self) -> "list[dict]":
        """The finished deals of the card tables not yet looked at for mistakes."""
        reviewed = set(self._mine()[1])
        return [r for r in finished_deals(_saved_games(self.progress))
                if deal_key(r) not in reviewed]

    def find_mistakes(self) -> Feedback:
        """Review the learner's finished deals not yet reviewed (the coach, from their seat):
        each Mistake or Blunder of theirs becomes a puzzle, kept in the progress file; then
        show one of them."""
        deals = self.unreviewed_deals()
        if not deals:
            return self._say(Feedback(False, "No new finished deal to look at: finish a deal "
                                             "at a card table first.", invalid_input=True))
        puzzles, reviewed = self._mine()
        found = []
        for record in deals:
            found += mistake_puzzles(record)
            reviewed.append(deal_key(record))
        known = {p["id"] for p in puzzles}
        puzzles = (puzzles + [p for p in found if p["id"] not in known])[-MINE_KEEP:]
        self.progress.save_game(MINE_KEY, {"reviewed": reviewed[-200:], "puzzles": puzzles})
        words = (f"{len(deals)} deal{'s' * (len(deals) != 1)} reviewed: "
                 + (f"{len(found)} mistake{'s' * (len(found) != 1)} of yours to practise."
                    if found else f"no Mistake or Blunder in {'them' if len(deals) > 1 else 'it'}. "
                      "Well played!"))
        if self.mode != "mistakes":
            self._quiet = True
            self.mode_choice.value = "mistakes"
            self._quiet = False
            self._show_controls()
        chosen = next((p for p in puzzles if p["id"] in {f["id"] for f in found}), None)
        self.load(chosen or self._choose())
        if self.attempt is None:
            return self._say(Feedback(True, words))
        self.news.insert(0, words)
        self._render()
        return Feedback(True, words)

    def next_puzzle(self) -> None:
        """Draw the next puzzle of the mode (after a missed streak: a new streak)."""
        if self.mode == "streak" and self.streak_over:
            self.streak, self.streak_over = 0, False
        self.load(self._choose())

    def load(self, puzzle: "dict | None") -> None:
        """Show ``puzzle`` (a stored one that cannot be used is said in words, and skipped)."""
        problems = " ".join(stored_problems())
        for _ in range(3):
            if puzzle is None:
                break
            try:
                self.attempt = Attempt(puzzle)
                break
            except PuzzleError as problem:
                problems += f" A puzzle could not be shown ({problem}); here is another one."
                self._shown.append(puzzle["id"])
                puzzle = self._choose()
        else:
            puzzle = None
        if puzzle is None:
            self.attempt = None
            if self.mode == "mistakes":
                waiting = len(self.unreviewed_deals())
                problems = (f"No mistake of yours to practise yet. {waiting} finished "
                            f"deal{'s' * (waiting != 1)} of yours waiting: press Look for "
                            "mistakes in my deals." if waiting else
                            "No mistake of yours to practise yet: play a deal to the end at "
                            "a card table (the chapters Three players, Guided hands and The "
                            "coach have one), then come back here.") + " " + problems
            self.prompt.value = ("<p><b>No puzzle to show.</b> "
                                 f"{escape_text(problems)}</p>")
            self.felt.value = self.hands_view.value = self.hand_head.value = ""
            self.hand.show([])
            return
        self._shown.append(puzzle["id"])
        self.recorded = False
        self.names = seat_names(self.attempt.state.players, learner=self.attempt.seat)
        self.news = [problems.strip(), "A new puzzle. Your turn."] if problems.strip() \
            else ["A new puzzle. Your turn."]
        self._render()

    # ----- the learner's actions -------------------------------------------------------------

    def _card_clicked(self, selected) -> None:
        if self._rendering or not selected:
            return
        self.press(selected[0])

    def press(self, card: "Card | str") -> Feedback:
        """Play ``card`` (as a click on it would): right, wrong with its refutation, or
        refused in words (an illegal card, or no card expected now)."""
        attempt = self.attempt
        if attempt is None:
            return self._say(Feedback(False, "There is no puzzle here.", invalid_input=True))
        try:
            verdict = attempt.play(parse_card(card))
        except IllegalAction as refusal:
            return self._say(Feedback(False, str(refusal), invalid_input=True))
        if not verdict.right:
            self._record(False, verdict.text)
            if self.mode == "streak" and not self.streak_over:
                self.streak_over = True
                self.news = [verdict.text, f"The streak ends here: {self.streak} solved in a "
                             "row. Try again, see the solution, or press Next puzzle for a "
                             "new streak."]
            else:
                self.news = [verdict.text, "Try again, or see the solution."]
            self._render()
            return Feedback(False, verdict.text)
        self.news = [verdict.text]
        if attempt.solved:
            self._record(True)
            if self.mode == "streak" and not self.streak_over and attempt.clean:
                self.streak += 1
                self._keep_best_streak()
        else:
            self.news.append("Your turn again.")
        self._render()
        return Feedback(True, verdict.text)

    def retry(self) -> Feedback:
        """After a wrong card: the same position again."""
        if self.attempt is None or not self.attempt.waiting:
            return self._say(Feedback(False, "Nothing to try again now.", invalid_input=True))
        self.attempt.retry()
        self.news = ["Try again: your turn."]
        self._render()
        return Feedback(True, "")

    def show_solution(self) -> Feedback:
        """Play the rest of the best line and say it (a try given up counts as missed)."""
        if self.attempt is None or self.attempt.over:
            return self._say(Feedback(False, "The solution is already on the table.",
                                      invalid_input=True))
        words = self.attempt.reveal()
        self._record(False, "Showed the solution.")
        if self.mode == "streak" and not self.streak_over:
            self.streak_over = True
        self.news = [words]
        self._render()
        return Feedback(True, words)

    def _record(self, ok: bool, reason: str = "") -> None:
        """Keep the try in the progress file: its first answer rates it (a miss, or solved
        without one); solved after a miss marks it solved too."""
        ident = exercise_id(self.attempt.puzzle)
        if not self.recorded or ok:
            self.progress.record_answer(ident, ok, reason)
        self.recorded = True

    def _keep_best_streak(self) -> None:
        settings = dict(self.progress.saved_game(SETTINGS_KEY) or {})
        best = settings.get("best_streak")
        if not isinstance(best, int) or self.streak > best:
            settings["best_streak"] = self.streak
            self.progress.save_game(SETTINGS_KEY, settings)

    def _say(self, feedback: Feedback) -> Feedback:
        self.feedback.value = feedback.html()
        self.live.value = _live_text(" ".join([feedback.message, *feedback.details]))
        self._rendering = True
        self.hand.clear()
        self._rendering = False
        return feedback

    # ----- drawing -----------------------------------------------------------------------------

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


def _saved_games(progress: Progress) -> dict:
    """Every game the progress file keeps, by key (the card tables' deals among them)."""
    games = getattr(progress, "games", None)  # (a public accessor, where the file has one)
    return dict(games if isinstance(games, dict) else progress._games)


def _themes_html(puzzle: dict) -> str:
    """The puzzle's ideas, each with the sentence from its line (once it is over)."""
    themes = themes_text(puzzle)
    if not themes:
        return ""
    items = "".join(f"<li><b>{escape_text(title)}</b>: {escape_text(text)}</li>"
                    for title, text in themes)
    return f'<div>The idea{"s" * (len(themes) > 1)}:</div><ul class="tt-themes">{items}</ul>'
