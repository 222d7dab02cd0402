"""Exercises on scoring a deal and keeping the score sheet (RULES.md §9).

Every figure comes from the engine: :func:`tarot_teach.score` for a deal,
:func:`tarot_teach.explain_score` for the working shown after a wrong answer,
and :class:`tarot_teach.Ledger` for the running totals of a score sheet.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> summary = {"players": 4, "bid": "take", "taker_points": 31, "taker_bouts": 3,
...            "petit_au_bout": "taker"}
>>> exercise = ScoreDealExercise(progress=progress, question=summary)
>>> exercise.hand_box.value, exercise.taker_box.value = "-20", "-60"
>>> exercise.check().ok
True
>>> exercise.taker_box.value = "60"; exercise.check().ok
False
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..ledger import Ledger
from ..scoring import explain_score, score
from .charts import running_totals_chart
from .base import AnswerError, Exercise, Feedback, read_number, section_link
from .render import escape_text
from ..teach.scoring import (SEAT_NAMES, _BIDS, _BOUTS, _weighted, random_summary, describe_summary,
                             check_deal_score, SheetDeal, random_sheet, sheet_totals, check_sheet)  # noqa: F401 (re-exported)

__all__ = ["SEAT_NAMES", "random_summary", "describe_summary", "check_deal_score",
    "ScoreDealExercise", "SheetDeal", "random_sheet", "sheet_totals", "check_sheet",
    "totals_chart_html", "ScoreSheetExercise"]


class ScoreDealExercise(Exercise):
    """Score a deal: type the hand score ``s`` and the taker's total."""

    title = "Score this deal"
    section = section_link("09-scoring", "the-formula", "The formula")

    def build_inputs(self) -> list:
        self.facts = widgets.HTML()
        self.hand_box = widgets.Text(placeholder="e.g. 94", description="s =",
                                     layout=widgets.Layout(width="12em"))
        self.taker_box = widgets.Text(placeholder="e.g. 282", description="taker:",
                                      layout=widgets.Layout(width="12em"))
        return [self.facts, widgets.HBox([self.hand_box, self.taker_box],
                                         layout=widgets.Layout(flex_flow="row wrap"))]

    def make_question(self, rng: random.Random) -> dict:
        return random_summary(rng)

    def show_question(self, question: dict) -> None:
        self.prompt.value = ("Four players. What is the hand score <i>s</i> (from the taker's side, "
                             "with its sign), and what does the taker gain or lose in all?")
        items = "".join(f"<li>{escape_text(line)}</li>" for line in describe_summary(question))
        self.facts.value = f'<ul style="margin:0.3em 0">{items}</ul>'
        self.hand_box.value = ""
        self.taker_box.value = ""

    def read_answer(self):
        hand = read_number(self.hand_box.value, "the hand score s", allow_half=False)
        taker = read_number(self.taker_box.value, "the taker's total", allow_half=False)
        return int(hand), int(taker)

    def judge(self, question: dict, answer) -> Feedback:
        return check_deal_score(question, *answer)

    def solution(self, question: dict) -> str:
        return "\n".join(explain_score(question))


def totals_chart_html(running, title: str = "Running totals") -> str:
    """A line chart of running totals (a list of rows), as an inline PNG in HTML.

    Drawn with matplotlib when it is available (at build time or in a kernel);
    an empty string otherwise, so an exercise still works without it.
    """
    return running_totals_chart(running, SEAT_NAMES, title)


class ScoreSheetExercise(Exercise):
    """Fill in a five-deal score sheet: each player's running total after each deal."""

    title = "Fill in the score sheet"
    section = section_link("09-scoring", "the-score-sheet", "The score sheet")
    deals = 5

    def build_inputs(self) -> list:
        self.deal_list = widgets.HTML()
        self.boxes = [[widgets.Text(placeholder=SEAT_NAMES[seat],
                                    layout=widgets.Layout(width="4.6em", margin="1px"))
                       for seat in range(4)] for _ in range(self.deals)]
        head = widgets.HBox(
            [widgets.HTML("<b>deal</b>", layout=widgets.Layout(width="2.8em"))]
            + [widgets.HTML(f"<b>{name}</b>", layout=widgets.Layout(width="4.6em", margin="1px"))
               for name in SEAT_NAMES])
        rows = [widgets.HBox([widgets.HTML(f"{n + 1}", layout=widgets.Layout(width="2.8em"))]
                             + row) for n, row in enumerate(self.boxes)]
        self.chart = widgets.HTML()
        return [self.deal_list, widgets.VBox([head, *rows]), self.chart]

    def make_question(self, rng: random.Random) -> tuple[SheetDeal, ...]:
        return random_sheet(rng, self.deals)

    def show_question(self, question) -> None:
        self.prompt.value = ("Four players, A B C D. Here are five deals. Under each player, "
                             "write their running total after each deal.")
        items = []
        for number, deal in enumerate(question, start=1):
            facts = " ".join(describe_summary(deal.summary))
            items.append(f"<li><b>Deal {number}</b>: {SEAT_NAMES[deal.taker]} is the taker. "
                         f"{escape_text(facts)}</li>")
        self.deal_list.value = f'<ol style="padding-left:1.2em;margin:0.3em 0">{"".join(items)}</ol>'
        for row in self.boxes:
            for box in row:
                box.value = ""
        self.chart.value = ""

    def read_answer(self):
        grid = []
        for number, row in enumerate(self.boxes, start=1):
            values = []
            for seat, box in enumerate(row):
                if not str(box.value).strip():
                    raise AnswerError(f"Please fill in every box: deal {number}, "
                                      f"player {SEAT_NAMES[seat]} is empty.")
                try:
                    values.append(int(read_number(box.value, "a total", allow_half=False)))
                except AnswerError as problem:
                    raise AnswerError(f"Deal {number}, player {SEAT_NAMES[seat]}: {problem}") from None
            grid.append(values)
        return grid

    def judge(self, question, answer) -> Feedback:
        return check_sheet(question, answer)

    def check(self) -> Feedback:
        result = super().check()
        self.chart.value = totals_chart_html(sheet_totals(self.question)) if result.ok else ""
        return result

    def solution(self, question) -> str:
        lines = []
        for number, (deal, row) in enumerate(zip(question, sheet_totals(question)), start=1):
            lines.append(f"After deal {number}: " + ", ".join(
                f"{SEAT_NAMES[s]} {t}" for s, t in enumerate(row)))
        return "\n".join(lines)
