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

from ..scoring import explain_score
from ..teach.scoring import (SEAT_NAMES, random_summary, describe_summary, check_deal_score,
                             SheetDeal, random_sheet, sheet_totals, check_sheet)
from .base import Feedback, NumberExercise, NumberField, section_link
from .charts import running_totals_chart
from .render import escape_text

__all__ = ["SEAT_NAMES", "random_summary", "describe_summary", "check_deal_score",
    "ScoreDealExercise", "SheetDeal", "random_sheet", "sheet_totals", "check_sheet",
    "totals_chart_html", "ScoreSheetExercise"]


class DealSummaryExercise(NumberExercise):
    """A number exercise about a deal summary: the summary's facts as a list above the boxes,
    which stand in one row that wraps on a narrow screen."""

    def question_inputs(self) -> list:
        self.facts = widgets.HTML()
        return [self.facts]

    def box_layout(self, rows: list) -> list:
        return [widgets.HBox(rows, layout=widgets.Layout(flex_flow="row wrap"))]

    def show_facts(self, question: dict) -> None:
        items = "".join(f"<li>{escape_text(line)}</li>" for line in describe_summary(question))
        self.facts.value = f'<ul style="margin:0.3em 0">{items}</ul>'


class ScoreDealExercise(DealSummaryExercise):
    """Score a deal: type the hand score ``s`` and the taker's total."""

    title = "Score this deal"
    section = section_link("09-scoring", "the-formula", "The formula")
    fields = (NumberField("hand_box", "the hand score s", "Hand score <i>s</i> =", "e.g. 94",
                          width="8em"),
              NumberField("taker_box", "the taker's total", "Taker's total:", "e.g. 282",
                          width="8em"))

    def make_question(self, rng: random.Random) -> dict:
        return random_summary(rng)

    def show_question(self, question: dict) -> None:
        self.prompt.value = ("Four players. What is the hand score <i>s</i> (from the taker's side, "
                             "with its sign), and what does the taker gain or lose in all?")
        self.show_facts(question)

    def judge(self, question: dict, answer) -> Feedback:
        return check_deal_score(question, answer["hand_box"], answer["taker_box"])

    def solution(self, question: dict) -> str:
        return "\n".join(explain_score(question))


# ----- the score sheet -------------------------------------------------------------------


def totals_chart_html(running, title: str = "Running totals") -> str:
    """A line chart of running totals (a list of rows), as an inline PNG in HTML.

    Drawn with matplotlib when it is available (at build time or in a kernel);
    an empty string otherwise, so an exercise still works without it.
    """
    return running_totals_chart(running, SEAT_NAMES, title)


class ScoreSheetExercise(NumberExercise):
    """Fill in a five-deal score sheet: each player's running total after each deal."""

    title = "Fill in the score sheet"
    section = section_link("09-scoring", "the-score-sheet", "The score sheet")
    deals = 5

    def number_fields(self) -> tuple:
        return tuple(NumberField(f"{row},{seat}", "a total",
                                 f"{SEAT_NAMES[seat]}'s total after deal {row + 1}",
                                 SEAT_NAMES[seat], width="auto", shown=False,
                                 where=f"Deal {row + 1}, player {SEAT_NAMES[seat]}")
                     for row in range(self.deals) for seat in range(4))

    def question_inputs(self) -> list:
        self.deal_list = widgets.HTML()
        return [self.deal_list]

    def box_layout(self, rows: list) -> list:
        self.boxes_grid = [[self.boxes[f"{row},{seat}"] for seat in range(4)]
                           for row in range(self.deals)]
        for box in self.boxes.values():
            box.layout.margin = "1px"
        # One grid for the headers and the boxes: each name stands over its own column
        # whatever margins the widgets' styles add (an HBox per line drifted).
        def cell(html: str) -> widgets.HTML:
            return widgets.HTML(html, layout=widgets.Layout(width="auto", margin="1px"))

        head = [cell("<b>deal</b>")] + [cell(f"<b>{name}</b>") for name in SEAT_NAMES]
        lines = [widget for n, row in enumerate(self.boxes_grid)
                 for widget in [cell(f"{n + 1}"), *row]]
        grid = widgets.GridBox(head + lines, layout=widgets.Layout(
            grid_template_columns="2.8em repeat(4, minmax(3.2em, 4.8em))", grid_gap="0",
            max_width="100%"))
        grid.add_class("tt-score-sheet")
        return [grid]

    def after_inputs(self) -> list:
        self.chart = widgets.HTML()
        return [self.chart]

    def make_question(self, rng: random.Random) -> tuple[SheetDeal, ...]:
        return random_sheet(rng, self.deals)

    def show_question(self, question) -> None:
        self.prompt.value = (f"Four players: {', '.join(SEAT_NAMES[:-1])} and {SEAT_NAMES[-1]}. "
                             "Here are five deals. Under each player, write their running total "
                             "after each deal.")
        items = []
        for number, deal in enumerate(question, start=1):
            facts = " ".join(describe_summary(deal.summary))
            items.append(f"<li><b>Deal {number}</b>: {SEAT_NAMES[deal.taker]} is the taker. "
                         f"{escape_text(facts)}</li>")
        self.deal_list.value = f'<ol style="padding-left:1.2em;margin:0.3em 0">{"".join(items)}</ol>'
        self.chart.value = ""

    def read_answer(self):
        numbers = self.read_numbers()
        return [[numbers[f"{row},{seat}"] for seat in range(4)] for row in range(self.deals)]

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
