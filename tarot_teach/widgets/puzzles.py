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
from ..teach.puzzles import (Attempt, choose_puzzle, exercise_id, puzzle_index, puzzle_ratings,
                             stored_problems, streak_target)
from .progress import Progress
from .felt import _live_text
from .hand_buttons import TableHand
from .table_style import TABLE_CSS, style_html
from . import puzzle_drawing
# The progress page's puzzle panel, importable from here as before:
from .puzzle_progress import (SETTINGS_KEY, PuzzleProgress, rating_chart,  # noqa: F401
                              ratings_summary)

__all__ = ["PuzzleTrainer", "PuzzleProgress", "MODES", "PUZZLE_CSS", "ratings_summary",
           "rating_chart"]

MODES = (("Near my rating", "rating"), ("By theme", "theme"), ("From your seat", "seat"),
         ("Streak", "streak"), ("My mistakes", "mistakes"))
"""The trainer's modes: (label, value)."""

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


class PuzzleTrainer:
    """Puzzles, one at a time, chosen near the learner's puzzle rating.

    ``mode``: "rating", "theme" (with ``theme``, a key of :data:`~tarot_teach.puzzles.THEMES`),
    "seat" (seat puzzles only), "streak" or "mistakes" (the learner's own); ``puzzle_id``: begin with this puzzle; ``modes=False`` hides the mode
    choice (the welcome page's single puzzle)."""

    _rendering = False  # (drawing: a hand's change then is no click)

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

    def _render(self) -> None:
        puzzle_drawing.render(self)

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


def _saved_games(progress: Progress) -> dict:
    """Every game the progress file keeps, by key (the card tables' deals among them)."""
    games = getattr(progress, "games", None)  # (a public accessor, where the file has one)
    return dict(games if isinstance(games, dict) else progress._games)
