"""The deal page's widgets: a deal viewer, a deal editor and a teacher's list of deals.

:class:`DealViewer` opens a deal from a code, a link, a JSON hand record or a deal typed as
text (the page hands it the code of its address, ``#d=CODE``), draws it (every hand, or
what one seat sees), steps through the auction and the tricks, plays on from any step at
the card table (:class:`~tarot_teach.widgets.table.TableWidget`, any seat) and reviews any
seat with the coach (:class:`~tarot_teach.widgets.review.ReviewWidget`).
:class:`DealEditor` deals cards by clicking (or by seed, or at random, or from a pasted
deal), then takes each step through the engine, saying its reason for a refusal, and
exports a link, a JSON record and an SVG handout. :class:`LessonList` makes and opens a
list of deals with a comment each. The logic lives in :mod:`tarot_teach.teach.deals`.

>>> from tarot_teach.game import GameState
>>> viewer = DealViewer()
>>> viewer.open(deal_link(GameState.new(seed=1).to_record()))
True
>>> viewer.step, len(viewer.replay)
(0, 1)
>>> viewer.open("1nonsense")
False
>>> "damaged" in viewer.message.value and viewer.replay is not None  # the deal is kept
True
"""

from __future__ import annotations


import ipywidgets as widgets

from ..errors import TarotError
from ..names import SEAT_NAMES
from ..teach.deals import Replay, deal_link, read_deal
from .deal_controls import _SeatTable, _Shown, _box, _button, _message, _opening, _say
from .deal_pictures import DEALS_CSS, _style, deal_html
from .render import escape_text
from .review import ReviewWidget
from .table import TableWidget
# The page's other widgets, importable from here as before:
from .deal_editor import DealEditor  # noqa: F401
from .lesson_list import LessonList  # noqa: F401

__all__ = ["DealViewer", "DealEditor", "LessonList", "deal_html", "DEALS_CSS", "deal_link"]

# ----- the viewer --------------------------------------------------------------------------


class DealViewer(_Shown):
    """A deal opened from a code or a link, drawn and stepped through; play on from any step
    or have the coach review a seat. Bad input is said in words and the deal shown is kept.
    """

    def __init__(self, names=SEAT_NAMES) -> None:
        self.names = tuple(names)
        self.replay: "Replay | None" = None
        self.step = 0
        self.code_box = widgets.Textarea(
            placeholder="Paste a deal code or link here (or a hand record, or a deal typed "
                        "as text), then press Open",
            description="Deal:", continuous_update=False, rows=2,
            layout=widgets.Layout(width="100%"))
        self.code_box.add_class("tt-deal-code")
        self.open_button = _opening(self.code_box, self.open, "Open", "tt-deal-open")
        self.message = _message()
        self.seat_choice = widgets.Dropdown(description="Show:", options=[("Every hand", -1)],
                                            value=-1, layout=widgets.Layout(width="auto"))
        self.seat_choice.observe(lambda _c: self._render(), names="value")
        self.first_button = _button("◀◀ Start", "Go to the deal as dealt", ("tt-deal-first",),
                                    lambda: self.go(0))
        self.back_button = _button("◀ Back", "One step back", ("tt-deal-back",),
                                   lambda: self.go(self.step - 1))
        self.next_button = _button("Next ▶", "One step on", ("tt-deal-next",),
                                   lambda: self.go(self.step + 1))
        self.last_button = _button("End ▶▶", "Go to the last step", ("tt-deal-last",),
                                   lambda: self.go(len(self.replay) - 1 if self.replay else 0))
        self.trick_choice = widgets.Dropdown(description="Jump to:", options=[("—", -1)],
                                             value=-1, layout=widgets.Layout(width="auto"))
        self.trick_choice.add_class("tt-deal-jump")
        self.trick_choice.observe(self._jump, names="value")
        self.step_text = widgets.HTML()
        self.step_text.add_class("tt-announcer")
        self.diagram = widgets.HTML()
        self.link = widgets.HTML()
        self.play_seat = widgets.Dropdown(description="Your seat:", options=[("Ada", 0)],
                                          layout=widgets.Layout(width="auto"))
        self.play_button = _button("Play on from here", "Play this deal on at the card table "
                                   "from this step, against the computer", ("tt-deal-play",),
                                   self.play_on)
        self.review_button = _button("Review this seat", "The coach reviews this seat's "
                                     "decisions in the whole deal", ("tt-deal-review",),
                                     self.review_seat)
        self.table_area = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        self.table: "TableWidget | None" = None
        self.review = ReviewWidget(names=list(self.names))
        self.review.widget.layout.display = "none"
        self.controls = widgets.VBox([
            _box([self.first_button, self.back_button, self.next_button, self.last_button],
                 ("tt-deal-nav",)),
            _box([self.trick_choice, self.seat_choice]),
            self.step_text, self.diagram, self.link,
            _box([self.play_seat, self.play_button, self.review_button]),
            self.review.widget, self.table_area], layout=widgets.Layout(max_width="100%"))
        self.controls.layout.display = "none"
        self.widget = widgets.VBox([_style(), self.code_box, _box([self.open_button]),
                                    self.message, self.controls],
                                   layout=widgets.Layout(border="1px solid #ccc",
                                                         padding="0.5em", max_width="100%"))
        self.widget.add_class("tt-deals")
        self.widget.add_class("tt-deal-viewer")

    def open(self, text) -> bool:
        """Open the deal in ``text`` (code, link, record or notation); False, with the reason
        shown, when it cannot be read (the deal shown before stays)."""
        if not str(text or "").strip():
            return False
        try:
            replay = Replay(read_deal(text), self.names)
        except (TarotError, ValueError) as problem:
            kept = " The deal shown is kept." if self.replay is not None else ""
            _say(self.message, False, f"This deal cannot be opened: {problem}{kept}",
                 invalid=True)
            return False
        except Exception as error:  # never a traceback in front of a reader
            _say(self.message, False, f"Sorry, this deal could not be opened "
                 f"({type(error).__name__}).", invalid=True)
            return False
        self.replay = replay
        players = replay.rules.players
        names = self.names[:players]
        self.seat_choice.options = [("Every hand", -1)] + [
            (f"{name}'s view", seat) for seat, name in enumerate(names)]
        self.seat_choice.value = -1
        self.play_seat.options = [(name, seat) for seat, name in enumerate(names)]
        self.play_seat.value = 0
        jumps = [("The deal as dealt", 0)]
        if any(step.trick == 0 for step in replay.steps[1:]):
            jumps.append(("The end of the auction", replay.trick_start(1)
                          if replay.tricks else len(replay) - 1))
        jumps += [(f"Trick {t}", replay.trick_end(t)) for t in range(1, replay.tricks + 1)]
        self._jumping = True
        self.trick_choice.options = [("—", -1)] + jumps
        self.trick_choice.value = -1
        self._jumping = False
        self.table_area.children = ()
        self.table = None
        self.review.set_deal(None)
        self.review.widget.layout.display = "none"
        self.controls.layout.display = ""
        code = deal_link(replay.record)
        self.link.value = (f'<div>Link to this deal: <a class="tt-link" href="{escape_text(code)}">'
                           f"{escape_text(code)}</a> (copy it to share the deal)</div>")
        over = "played to the end" if replay.final.is_over else \
            f"stopped after {len(replay) - 1} steps"
        _say(self.message, True, f"A deal for {players} players, {over}.")
        self.go(len(replay) - 1 if replay.tricks == 0 else 0)
        return True

    _jumping = False

    def _jump(self, change) -> None:
        if self._jumping or change["new"] is None or change["new"] < 0:
            return
        self.go(change["new"])

    def go(self, step: int) -> None:
        """Show step ``step`` (kept between the first and the last)."""
        if self.replay is None:
            return
        self.step = max(0, min(int(step), len(self.replay) - 1))
        self._render()

    def _render(self) -> None:
        if self.replay is None:
            return
        state = self.replay.state(self.step)
        seat = self.seat_choice.value
        self.diagram.value = deal_html(state, None if seat is None or seat < 0 else seat,
                                       self.names)
        last = len(self.replay) - 1
        self.step_text.value = (f'<div class="tt-deal-step">Step {self.step} of {last}: '
                                f"{escape_text(self.replay.steps[self.step].text)}</div>")
        self.first_button.disabled = self.back_button.disabled = self.step == 0
        self.next_button.disabled = self.last_button.disabled = self.step == last
        self.play_button.disabled = state.is_over

    def play_on(self) -> "TableWidget | None":
        """The card table from the step shown, the chosen seat yours, the computer the rest."""
        if self.replay is None:
            return None
        state = self.replay.state(self.step)
        if state.is_over:
            _say(self.message, False, "The deal is over at this step: go back to a step "
                 "before the end to play on.", invalid=True)
            return None
        try:
            self.table = _SeatTable(state=state, learner=self.play_seat.value)
        except Exception as error:  # never a traceback in front of a reader
            _say(self.message, False, f"Sorry, the card table could not start "
                 f"({type(error).__name__}). The deal is kept.", invalid=True)
            return None
        self.table_area.children = (widgets.HTML(
            f"<b>Playing on from step {self.step}, as {escape_text(self.names[self.play_seat.value])}"
            "</b>"), self.table.widget)
        _say(self.message, True, f"The card table is below: you play "
             f"{self.names[self.play_seat.value]}'s seat from step {self.step}.")
        return self.table

    def review_seat(self) -> "list | None":
        """The coach's review of the chosen seat's decisions in the whole deal."""
        if self.replay is None:
            return None
        seat = self.play_seat.value
        self.review.set_deal(self.replay.record, seat, list(self.names[:self.replay.rules.players]))
        self.review.widget.layout.display = ""
        return self.review.run()
