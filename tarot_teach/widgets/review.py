"""A deal reviewed decision by decision (the exercises in reading the table are in
:mod:`.review_exercises`).

:class:`ReviewWidget` runs the coach (:func:`tarot_teach.coach.review`) on a finished deal
for one seat, with a progress bar while it works, and shows one row per decision — what
was chosen, the best choices, the points lost, the band (a word and a mark, never colour
alone) and why — with a chart of the points lost per trick drawn in SVG (no matplotlib,
so it draws in the browser's Python too). A review that cannot be made says so in words.

>>> from fractions import Fraction
>>> from tarot_teach.coach import Band, ReviewEntry
>>> entry = ReviewEntry("card", 3, "KH", ("KH",), Fraction(0), Band.BEST, "Well done.", True)
>>> "Trick 3" in review_html([entry]) and 'aria-label="King of hearts"' in review_html([entry])
True
>>> band_mark(Band.BLUNDER)
'??'
>>> points_text(Fraction(5, 2))
'2.5'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

import ipywidgets as widgets

from .. import coach
from ..cards import parse_card
from ..errors import IllegalAction, InvalidRecord
from ..rules import Bid
from ..teach.review import (SolverQuestion, TrumpsQuestion, VoidQuestion, check_solver_card,
                            check_trumps_out, check_void_seats, points_text, seat_names,
                            solver_question, trumps_out, trumps_question, void_question)
from .base import Feedback
from .render import cards_html, escape_text
# The exercises in reading the table, importable from here as before:
from .review_exercises import SolverCardExercise, TrumpsOutExercise, VoidSeatsExercise  # noqa: F401

__all__ = ["ReviewWidget", "review_html", "review_summary", "points_lost_chart", "band_mark",
           "points_text", "BAND_MARKS", "REVIEW_SAMPLES", "VoidQuestion", "void_question",
           "check_void_seats", "VoidSeatsExercise", "TrumpsQuestion", "trumps_question",
           "trumps_out", "check_trumps_out", "TrumpsOutExercise", "SolverQuestion",
           "solver_question", "check_solver_card", "SolverCardExercise", "seat_names"]

REVIEW_SAMPLES = 8
"""Deals sampled per early decision in a review from the book (fewer than the coach's
default, so that a review in the browser finishes in reasonable time)."""

BAND_MARKS = {
    coach.Band.BEST: ("✔", "#00734d"),
    coach.Band.GOOD: ("✓", "#0072B2"),
    coach.Band.INACCURACY: ("?!", "#8a6d00"),
    coach.Band.MISTAKE: ("?", "#b34700"),
    coach.Band.BLUNDER: ("??", "#a50f15"),
}
"""Each band's mark (told apart by its shape, as chess annotations are) and a dark colour
(readable on white) that only repeats what the mark and the word say."""

_KIND_WORDS = {"bid": "Bid", "call": "Call", "discard": "Discard",
               "declaration": "Declaration"}
_DECLARATION_WORDS = {"chelem": "Announce a slam", "petit_chelem": "Announce a petit chelem",
                      "no_chelem": "No slam", "poignee:simple": "Show a single poignée",
                      "poignee:double": "Show a double poignée",
                      "poignee:triple": "Show a triple poignée"}


def band_mark(band: "coach.Band") -> str:
    """The mark of a band: ``✔`` best, ``✓`` good, ``?!`` inaccuracy, ``?`` mistake,
    ``??`` blunder."""
    return BAND_MARKS[band][0]


def _band_html(band: "coach.Band") -> str:
    mark, colour = BAND_MARKS[band]
    return (f'<span style="white-space:nowrap;font-weight:bold;color:{colour}">'
            f'<span aria-hidden="true">{escape_text(mark)}</span> {escape_text(band.label)}</span>')


def _action_html(kind: str, text: str, rules=None) -> str:
    """One action as the book shows it: cards as pictures, a bid or a declaration in words."""
    if kind in ("card", "call", "discard"):
        try:
            cards = [parse_card(token) for token in text.split()]
        except ValueError:
            cards = []
        if cards:
            return cards_html(cards, size="small", rules=rules)
    if kind == "bid":
        try:
            return escape_text(Bid.parse(text).english)
        except ValueError:
            pass
    return escape_text(_DECLARATION_WORDS.get(text, text))


def _decision_words(entry) -> str:
    return f"Trick {entry.trick}" if entry.kind == "card" and entry.trick else \
        _KIND_WORDS.get(entry.kind, entry.kind)


def review_summary(entries) -> str:
    """One line: how many decisions fell in each band, and the card points lost in all.

    >>> review_summary([])
    'No decision to review.'
    """
    if not entries:
        return "No decision to review."
    counts = {band: sum(1 for e in entries if e.band is band) for band in coach.Band}
    parts = [f"{count} {band.label.lower()}" for band, count in counts.items() if count]
    lost = sum((e.points_lost for e in entries), Fraction(0))
    return (f"{len(entries)} decisions: " + ", ".join(parts)
            + f". Card points lost in all: {points_text(lost)}.")


# Bids and declarations cost no card point when they are made: they are judged on what the
# hand is worth (coach._bid_entry), so their row says that instead of "0 points lost".
_JUDGED_ON_THE_HAND = ("bid", "declaration")
_JUDGED_WORDS = "judged on the hand's value"


def _cost_html(entry) -> str:
    """What a decision cost, with how it was measured as its title: card points lost (an
    estimate says "about"), or for a bid or a declaration what it was judged on.

    >>> from tarot_teach.coach import Band, ReviewEntry
    >>> _cost_html(ReviewEntry("bid", None, "guard", ("pass",), Fraction(0), Band.MISTAKE,
    ...                        "why", False))
    '<span title="bids and declarations lose no card point: the band says how far the choice was from what the hand is worth">judged on the hand&#x27;s value</span>'
    >>> _cost_html(ReviewEntry("card", 2, "KH", ("QH",), Fraction(7, 2), Band.MISTAKE,
    ...                        "why", False, deals=40))
    '<span title="on average over 40 deals that fit what you had seen">about 3.5 points lost</span>'
    """
    if entry.kind in _JUDGED_ON_THE_HAND:
        return ('<span title="bids and declarations lose no card point: the band says how far '
                f'the choice was from what the hand is worth">{escape_text(_JUDGED_WORDS)}</span>')
    lost = points_text(entry.points_lost)
    if not entry.exact and entry.points_lost:
        lost = f"about {lost}"
    how = "exact: your view showed where every card was" if entry.exact else \
        f"on average over {entry.deals} deals that fit what you had seen" if entry.deals \
        else "no other choice"
    return (f'<span title="{how}">{escape_text(lost)} point'
            f"{'' if entry.points_lost == 1 else 's'} lost</span>")


def review_html(entries, rules=None) -> str:
    """The review: a summary line, the chart of points lost per trick, and one row per
    decision (class ``tt-review-row``) that wraps on a narrow screen."""
    rows = []
    for entry in entries:
        best = "".join(f'<span style="display:inline-block">{_action_html(entry.kind, b, rules)}'
                       f"</span>" for b in entry.best)
        cost = _cost_html(entry)
        close = ' · <i class="tt-close">close</i>' if getattr(entry, "close", False) else ""
        hindsight = getattr(entry, "hindsight", "")
        later = (f'<div class="tt-hindsight" style="flex:1 1 100%;font-size:0.9em;color:#444">'
                 f"{escape_text(hindsight)}</div>") if hindsight else ""
        rows.append(
            f'<div class="tt-review-row" role="listitem" style="border-top:1px solid #ddd;'
            f'padding:0.3em 0;display:flex;flex-wrap:wrap;align-items:center;gap:0.2em 1em">'
            f'<div style="min-width:5.5em"><b>{escape_text(_decision_words(entry))}</b></div>'
            f'<div style="display:flex;align-items:center;gap:0.3em;min-width:7em">Chosen '
            f"{_action_html(entry.kind, entry.chosen, rules)}</div>"
            f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:0.3em;min-width:13em">Best '
            f"{best}</div>"
            f'<div style="min-width:11em">{_band_html(entry.band)} · {cost}{close}</div>'
            f'<div style="flex:1 1 100%">{escape_text(entry.why)}</div>{later}</div>')
    return (f'<div class="tt-review"><p><b>{escape_text(review_summary(entries))}</b></p>'
            f'{points_lost_chart(entries)}<div role="list" style="font-size:0.92em">'
            f"{''.join(rows)}</div></div>")


def points_lost_chart(entries, tricks: "int | None" = None) -> str:
    """Card points lost per trick as an SVG bar chart (scaled to the screen), with a text
    summary for screen readers. ``""`` when no card was reviewed.

    >>> from tarot_teach.coach import Band, ReviewEntry
    >>> chart = points_lost_chart([ReviewEntry("card", 2, "KH", ("QH",), Fraction(4),
    ...                                        Band.MISTAKE, "", True)], tricks=3)
    >>> "trick 2: 4 points" in chart, chart.count("<rect") - 1
    (True, 3)
    """
    cards = [e for e in entries if e.kind == "card" and e.trick]
    if not cards:
        return ""
    count = max(tricks or 0, max(e.trick for e in cards))
    lost = [Fraction(0)] * (count + 1)
    for entry in cards:
        lost[entry.trick] += entry.points_lost
    step_value = max(1, -(-max(lost) // 4))  # whole points between grid lines
    top = max(step_value * -(-max(lost) // step_value), Fraction(1))
    step, left, bottom, height = 22, 34, 20, 120
    width = left + step * count + 8
    scale = Fraction(height - 14, 1) / top
    parts = [f'<rect x="0" y="0" width="{width}" height="{height + bottom}" fill="#ffffff"/>']
    for tick in range(0, int(top) + 1, int(step_value)):
        y = float(height - tick * scale)
        parts.append(f'<line x1="{left - 3}" x2="{width - 4}" y1="{y:.1f}" y2="{y:.1f}" '
                     f'stroke="#dddddd"/><text x="{left - 5}" y="{y + 4:.1f}" '
                     f'text-anchor="end" font-size="10" fill="#444">{points_text(tick)}</text>')
    described = []
    for number in range(1, count + 1):
        value = lost[number]
        x = left + step * (number - 1) + 3
        bar = float(value * scale)
        words = f"trick {number}: {points_text(value)} point{'' if value == 1 else 's'} lost"
        described.append(words)
        parts.append(f'<rect x="{x}" y="{height - bar:.1f}" width="{step - 6}" '
                     f'height="{bar:.1f}" fill="#0072B2"><title>{escape_text(words)}</title>'
                     f"</rect>")
        if value:
            parts.append(f'<text x="{x + (step - 6) / 2}" y="{height - bar - 2:.1f}" '
                         f'text-anchor="middle" font-size="9" fill="#222">'
                         f"{points_text(value)}</text>")
        if count <= 12 or number % 2 == 1 or number == count:
            parts.append(f'<text x="{x + (step - 6) / 2}" y="{height + 13}" text-anchor="middle" '
                         f'font-size="10" fill="#444">{number}</text>')
    parts.append(f'<line x1="{left - 3}" x2="{width - 4}" y1="{height}" y2="{height}" '
                 f'stroke="#444"/>')
    label = "Card points lost per trick: " + "; ".join(
        w for w in described if not w.split(": ")[1].startswith("0 ")) if any(lost) \
        else "Card points lost per trick: none."
    if label.endswith(": "):
        label += "none."
    return (f'<figure style="margin:0.4em 0"><figcaption style="font-size:0.9em">Card points '
            f"lost per trick</figcaption>"
            f'<svg class="tt-review-chart" role="img" aria-label="{escape_text(label)}" '
            f'viewBox="0 0 {width} {height + bottom}" width="{width}" '
            f'style="max-width:100%;height:auto" xmlns="http://www.w3.org/2000/svg">'
            f"{''.join(parts)}</svg></figure>")


class ReviewWidget:
    """A "Review this deal" button for one seat of a finished deal, and the review it shows.

    ``record``: a hand record (:meth:`GameState.to_record`), or None until a deal is given
    with :meth:`set_deal`. ``reviewer`` stands in for :func:`tarot_teach.coach.review`
    (same arguments); by default the coach itself.
    """

    def __init__(self, record: "dict | None" = None, seat: int = 0, names=None,
                 samples: int = REVIEW_SAMPLES, seed: int = 0, rules=None,
                 reviewer: "Callable | None" = None) -> None:
        self.samples = samples
        self.seed = seed
        self.rules = rules
        self.reviewer = reviewer
        self.entries: "list | None" = None
        self.button = widgets.Button(description="Review this deal",
                                     tooltip="How good was each of my decisions?")
        self.button.add_class("tt-review-button")
        self.button.on_click(lambda _: self.run())
        self.bar = widgets.IntProgress(value=0, min=0, max=1, description="",
                                       layout=widgets.Layout(display="none", width="16em"))
        self.status = widgets.HTML()
        self.status.add_class("tt-review-status")
        self.output = widgets.HTML()
        self.widget = widgets.VBox(
            [widgets.HBox([self.button, self.bar, self.status],
                          layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
             self.output], layout=widgets.Layout(max_width="100%"))
        self.widget.add_class("tt-review-widget")
        self.set_deal(record, seat, names)

    def set_deal(self, record: "dict | None", seat: int = 0, names=None) -> None:
        """Review this deal next (the old review is cleared)."""
        self.record = record
        self.seat = seat
        self.names = names
        self.entries = None
        self.output.value = ""
        self.status.value = ""
        self.bar.layout.display = "none"
        self.button.disabled = record is None

    def _progress(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = min(done, self.bar.max)
        self.status.value = f"Decision {done} of {total} analysed…"

    def run(self) -> "list | None":
        """Review the deal; the entries, or None if the review could not be made (then the
        reason is shown in words and the deal is kept)."""
        if self.record is None:
            self.status.value = Feedback(False, "There is no deal to review yet.",
                                         invalid_input=True).html()
            return None
        reviewer = self.reviewer or coach.review
        self.button.disabled = True
        self.output.value = ""
        self.bar.value, self.bar.max = 0, 1
        self.bar.layout.display = None
        self.status.value = "Reviewing the deal…"
        try:
            entries = reviewer(self.record, self.seat, samples=self.samples, seed=self.seed,
                               progress=self._progress, names=self.names)
        except (InvalidRecord, IllegalAction, ValueError) as problem:
            return self._failed(f"This deal cannot be reviewed: {problem}")
        except Exception as error:  # never a traceback in front of a learner
            return self._failed(f"Sorry, the review could not finish ({type(error).__name__}). "
                                "Your deal is kept: try again, or play on.")
        finally:
            self.button.disabled = False
        self.entries = entries
        self.bar.value = self.bar.max
        self.status.value = Feedback(True, "Review ready.").html()
        self.output.value = review_html(entries, self.rules)
        return entries

    def _failed(self, message: str) -> None:
        self.bar.layout.display = "none"
        self.entries = None
        self.status.value = Feedback(False, message, invalid_input=True).html()
        return None

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

