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

import base64
from typing import Any

import ipywidgets as widgets

from ..cards import DECK, Card, cards_of, parse_card, sort_cards
from ..declarations import Misere, Poignee, Slam
from ..errors import IllegalAction, InvalidRecord, TarotError
from ..game import GameState
from ..names import SEAT_NAMES, seat_names
from ..record import state_from_record
from ..rules import Bid, Phase
from ..teach.deal_editor import DOG, DealDraft
from ..teach.deal_handout import deal_svg
from ..teach.deals import (Replay, action_words, deal_link, lesson_from_lines, lesson_link,
                           read_deal, read_lesson, record_json)
from ..teach.feedback import Feedback
from ..teach.table_view import action_label, cards_phrase
from .render import card_button_style, card_label, cards_html, escape_text
from .review import ReviewWidget
from .table import TableWidget, table_rules

__all__ = ["DealViewer", "DealEditor", "LessonList", "deal_html", "DEALS_CSS", "deal_link"]

DEALS_CSS = """
.tt-deals { max-width:100%; box-sizing:border-box; }
.tt-deals * { box-sizing:border-box; }
.tt-deals .jupyter-widgets { margin-left:0 !important; margin-right:0 !important; }
.tt-deal-grid { display:grid; gap:6px; grid-template-columns:repeat(auto-fit, minmax(15em, 1fr)); }
.tt-deal-seat { border:1px solid #bbb; border-radius:8px; padding:4px 6px; min-width:0;
  background:#fdfcf7; color:#1b1b1b; }
.tt-deal-seat.tt-acting { border:3px solid #1b1b1b; }
.tt-deal-seat .tt-cards svg { width:30px; height:42px; margin:1px !important; }
.tt-deal-mid { border:2px solid #1d6b42; border-radius:8px; padding:4px 6px; margin:6px 0;
  display:flex; flex-wrap:wrap; gap:4px 24px; align-items:flex-start; }
.tt-deal-mid > div { max-width:100%; }
.tt-deal-mid > .tt-deal-result { flex-basis:100%; }
.tt-deal-step { font-weight:bold; margin:0.3em 0; min-height:1.3em; }
.tt-deals .tt-card { width:3.2em !important; height:4.2em !important; }
.tt-deals textarea { font-family:monospace; font-size:0.85em; }
.tt-deal-code textarea { width:100%; }
.tt-deals .tt-deal-box { min-height:2.4em; border:1px dashed #999; border-radius:6px;
  padding:2px; margin:2px 0 6px; }
.tt-deals .tt-handout svg { max-width:100%; height:auto; border:1px solid #ccc; }
.tt-deals .widget-dropdown select, .tt-deals .widget-dropdown { max-width:100%; }
.tt-deals .tt-link { overflow-wrap:anywhere; font-family:monospace; font-size:0.85em; }
"""
"""The deal page's styles (scoped to ``.tt-deals``): the hands wrap, a column each on a
phone."""


def _style() -> widgets.HTML:
    return widgets.HTML(f"<style>{DEALS_CSS}</style>")


def _roles(state: GameState, seat: int, view) -> list[str]:
    roles = []
    if view.taker == seat:
        roles.append(f"taker, {view.contract.english}")
    elif view.partner is not None and view.partner == seat:
        roles.append("partner")
    if seat == state.dealer:
        roles.append("dealer")
    return roles


def deal_html(state: GameState, seat: "int | None" = None, names=SEAT_NAMES) -> str:
    """The deal at ``state``: every hand (``seat`` None), or only what ``seat`` sees
    (:meth:`GameState.view`): its own hand, the others' card counts, what was shown.

    >>> html = deal_html(GameState.new(seed=1), seat=0)
    >>> html.count('aria-label="') > 18, "18 cards, hidden" in html
    (True, True)
    """
    rules = state.rules
    view = state.view(seat if seat is not None else 0)
    seats = []
    for other in range(state.players):
        roles = _roles(state, other, view)
        head = (f"<b>{escape_text(names[other])}</b> (seat {other})"
                + (f" — {escape_text(', '.join(roles))}" if roles else "")
                + (" ▶ to play" if state.to_act == other and not state.is_over else ""))
        if seat is None or other == seat:
            hand = cards_html(state.hand(other), size="small", rules=rules) \
                if state.hands[other] else "<div>No card left.</div>"
        else:
            hand = (f"<div>{cards_phrase(view.hand_sizes[other])}, hidden</div>"
                    if view.hand_sizes[other] else "<div>No card left.</div>")
        shown = view.poignees.get(other)
        if shown:
            hand += cards_html(shown, size="small", rules=rules, caption="Poignée shown:")
        bids = [b.english for s, b in view.bids if s == other]
        facts = [f"bid: {bids[0]}"] if bids else []
        facts.append(f"{view.tricks_won[other]} trick{'' if view.tricks_won[other] == 1 else 's'}")
        acting = " tt-acting" if state.to_act == other and not state.is_over else ""
        seats.append(f'<div class="tt-deal-seat{acting}" role="group" '
                     f'aria-label="{escape_text(names[other])}">{head}'
                     f"<div>{escape_text(' · '.join(facts))}</div>{hand}</div>")
    middle = []
    if view.called is not None:
        middle.append(f"<div>Called: {escape_text(view.called.display_name(rules))}</div>")
    if seat is None and state.dealt_dog:
        middle.append(cards_html(cards_of(state.dealt_dog), size="small", rules=rules,
                                 caption="The dog (as dealt)"))
    elif view.dog is not None:
        middle.append(cards_html(view.dog, size="small", rules=rules, caption="The dog"))
    discard = [parse_card(c) for c in state.to_record().get("discard", [])]
    if discard and (seat is None or seat == state.taker):
        middle.append(cards_html(discard, size="small", rules=rules, caption="The discard"))
    elif view.discarded_trumps:
        middle.append(cards_html(view.discarded_trumps, size="small", rules=rules,
                                 caption="Trumps shown in the discard"))
    if view.tricks:
        leader, cards, winner = view.tricks[-1]
        order = ", ".join(names[(leader + k) % state.players] for k in range(len(cards)))
        middle.append(cards_html(cards, size="small", rules=rules,
                                 highlight=[cards[(winner - leader) % state.players]],
                                 caption=f"Trick {len(view.tricks)} ({order}), won by "
                                         f"{names[winner]} (framed)"))
    if view.current_trick:
        middle.append(cards_html([c for _, c in view.current_trick], size="small", rules=rules,
                                 caption=f"Trick {len(view.tricks) + 1} so far ("
                                         + ", ".join(names[s] for s, _ in view.current_trick)
                                         + ")"))
    if state.is_over and state.result is not None:
        middle.append(f'<div class="tt-deal-result"><b>'
                      f"{escape_text(_result_words(state, names))}</b></div>")
    mid = f'<div class="tt-deal-mid">{"".join(middle)}</div>' if middle else ""
    return f'<div class="tt-deal-grid">{"".join(seats)}</div>{mid}'


def _result_words(state: GameState, names) -> str:
    result = state.result
    if result.void:
        return "The deal is void (" + ("everybody passed" if result.void == "all_passed"
                                       else "a Petit alone") + ")."
    gains = ", ".join(f"{names[s]} {g:+d}" for s, g in enumerate(result.scores))
    if result.kind == "contract":
        made = "made" if result.contract_made else "failed"
        return (f"{names[result.taker]}'s contract {made} with {float(result.taker_points):g} "
                f"points. Scores: {gains}.")
    return f"Scores: {gains}."


def _say(area: widgets.HTML, ok: bool, message: str, details=(), invalid: bool = False) -> None:
    area.value = Feedback(ok, message, list(details), invalid_input=invalid).html()


def _box(children=(), classes=()) -> widgets.Box:
    box = widgets.Box(list(children), layout=widgets.Layout(display="flex",
                                                            flex_flow="row wrap",
                                                            max_width="100%"))
    for name in classes:
        box.add_class(name)
    return box


def _button(text: str, tooltip: str = "", classes=(), handler=None) -> widgets.Button:
    button = widgets.Button(description=text, tooltip=tooltip or text,
                            layout=widgets.Layout(width="auto"))
    for name in classes:
        button.add_class(name)
    if handler is not None:
        button.on_click(lambda _b: handler())
    return button


def _message() -> widgets.HTML:
    """Where a widget says what happened (a polite live region on the page: a11y.js)."""
    message = widgets.HTML()
    message.add_class("tt-feedback")
    return message


def _opening(box, opener, text: str, classname: str) -> widgets.Button:
    """``box`` opens what is typed or pasted in it (``opener(text)``) once changed, and by
    the button returned."""
    box.observe(lambda change: opener(change["new"]), names="value")
    return _button(text, text, (classname,), lambda: opener(box.value))


class _Shown:
    """Shown in a notebook as its ``widget``."""

    widget: widgets.Widget

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class _SeatTable(TableWidget):
    """The card table from any seat: the learner's seat is "You", the others keep the
    engine's names (TableWidget names seat 0 "You" whatever the learner's seat)."""

    @property
    def names(self):
        return seat_names(self.players, self.learner)

    @names.setter
    def names(self, value) -> None:  # (TableWidget sets its own list: the seats' are kept)
        pass


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


# ----- the editor --------------------------------------------------------------------------


class DealEditor(_Shown):
    """Deal the cards by clicking (or by seed, or at random, or from a pasted deal), then
    take each step of the deal through the engine; export a link, JSON and an SVG handout.

    >>> editor = DealEditor(players=3)
    >>> editor.seed_box.value = "7"; editor.seed_button.click()
    >>> editor.start_button.click(); editor.state.phase.name
    'BIDDING'
    >>> editor.act("pass"), editor.act("take"), editor.act("take")
    (True, True, False)
    >>> print(editor.message.value)  # doctest: +ELLIPSIS
    <div ...>✘ Refused: ...</div>
    """

    def __init__(self, players: int = 4, names=SEAT_NAMES) -> None:
        self.names = tuple(names)
        self.draft = DealDraft(players=players, names=self.names)
        self.state: "GameState | None" = None
        self.target: Any = 0
        self.players_choice = widgets.Dropdown(description="Players:", options=[3, 4, 5],
                                               value=players, layout=widgets.Layout(width="auto"))
        self.players_choice.observe(lambda change: self.new_draft(change["new"]), names="value")
        self.dealer_choice = widgets.Dropdown(description="Dealer:",
                                              layout=widgets.Layout(width="auto"))
        self.dealer_choice.observe(self._dealer_changed, names="value")
        self.seed_box = widgets.Text(description="Seed:", placeholder="a number",
                                     layout=widgets.Layout(width="12em"))
        self.seed_button = _button("Deal by seed", "Deal every card from this seed",
                                   ("tt-deal-seed",), self.deal_by_seed)
        self.rest_button = _button("Deal the rest at random", "Give the cards not dealt yet "
                                   "at random", ("tt-deal-rest",), self.deal_rest)
        self.clear_button = _button("Clear", "Take every card back", ("tt-deal-clear",),
                                    self.clear)
        self.paste_box = widgets.Textarea(placeholder="…or paste a deal here: a code, a link, "
                                          "a JSON hand record, or a deal typed as text",
                                          description="Paste:", continuous_update=False, rows=2,
                                          layout=widgets.Layout(width="100%"))
        self.paste_box.add_class("tt-deal-paste")
        self.paste_button = _button("Open the pasted deal", "", ("tt-deal-paste-open",),
                                    self.open_pasted)
        self.target_choice = widgets.Dropdown(description="Deal to:",  # (wraps on a phone)
                                              layout=widgets.Layout(width="auto"))
        self.target_choice.add_class("tt-deal-target")
        self.target_choice.observe(lambda change: self._set_target(change["new"]), names="value")
        self.places: dict[Any, widgets.Box] = {}
        self.place_heads: dict[Any, widgets.HTML] = {}
        self.undealt_box = _box(classes=("tt-cards", "tt-deal-box", "tt-deal-undealt"))
        self.card_buttons: dict[Card, widgets.Button] = {}
        self.start_button = _button("Start the deal", "Every card is dealt: go on to the "
                                    "auction", ("tt-deal-start",), self.start)
        self.message = _message()
        self.dealing = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        # the play
        self.turn = widgets.HTML()
        self.action_box = _box(classes=("tt-actions",))
        self.hand_box = _box(classes=("tt-cards", "tt-deal-hand"))
        self.undo_button = _button("Undo", "Take back the last step", ("tt-deal-undo",),
                                   self.undo)
        self.redeal_button = _button("Change the cards", "Back to dealing (the steps played "
                                     "are lost)", ("tt-deal-redeal",), self.back_to_dealing)
        self.diagram = widgets.HTML()
        self.playing = widgets.VBox([self.turn, self.action_box, self.hand_box,
                                     _box([self.undo_button, self.redeal_button]),
                                     self.diagram], layout=widgets.Layout(max_width="100%"))
        # the export
        self.title_box = widgets.Text(description="Title:", placeholder="for the handout",
                                      layout=widgets.Layout(width="100%"))
        self.export_button = _button("Export", "A link, a JSON record and a printable handout",
                                     ("tt-deal-export",), self.export)
        self.export_area = widgets.HTML()
        self.json_box = widgets.Textarea(rows=6, description="JSON:", layout=widgets.Layout(width="100%",
                                                                       display="none"))
        self.json_box.add_class("tt-deal-json")
        self.widget = widgets.VBox(
            [_style(), _box([self.players_choice, self.dealer_choice]),
             _box([self.seed_box, self.seed_button, self.rest_button, self.clear_button]),
             self.paste_box, _box([self.paste_button]), self.message, self.dealing,
             self.playing, self.title_box, _box([self.export_button]), self.export_area,
             self.json_box],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", max_width="100%"))
        self.widget.add_class("tt-deals")
        self.widget.add_class("tt-deal-editor")
        self._make_cards()
        self.new_draft(players)

    # ----- dealing ---------------------------------------------------------------------

    def _make_cards(self) -> None:
        layout = widgets.Layout(width="3.2em", height="4.2em", margin="2px", padding="0")
        styles: dict = {}
        for card in DECK:
            look = card_button_style(card)
            key = tuple(sorted(look.items()))
            if key not in styles:
                styles[key] = widgets.ButtonStyle(**look)
            button = widgets.Button(description=card_label(card), tooltip=card.name,
                                    layout=layout, style=styles[key])
            button.add_class("tt-card")
            button.on_click(self._card_handler(card))
            self.card_buttons[card] = button

    def _card_handler(self, card: Card):
        return lambda _button: self.card_clicked(card)

    def new_draft(self, players: int) -> None:
        """Start dealing again for ``players`` (every card back in the pack)."""
        self.draft = DealDraft(players=players, names=self.names)
        self.state = None
        self._quiet = True
        if self.players_choice.value != players:
            self.players_choice.value = players
        self.dealer_choice.options = [(name, seat) for seat, name
                                      in enumerate(self.names[:players])]
        self.dealer_choice.value = 0
        self.target_choice.options = [(name, seat) for seat, name
                                      in enumerate(self.names[:players])] + [("Dog", DOG)]
        self.target_choice.value = 0
        self._quiet = False
        self.places = {}
        self.place_heads = {}
        rows = []
        for place in [*range(players), DOG]:
            self.place_heads[place] = widgets.HTML()
            self.places[place] = _box(classes=("tt-cards", "tt-deal-box", f"tt-deal-place-{place}"))
            rows += [self.place_heads[place], self.places[place]]
        self.dealing.children = (self.target_choice, *rows,
                                 widgets.HTML("<b>Cards not dealt yet</b> (click one to give "
                                              "it to the seat chosen above; click a dealt "
                                              "card to take it back)"),
                                 self.undealt_box, self.start_button)
        self.message.value = ""
        self._show_draft()

    _quiet = False

    def _dealer_changed(self, change) -> None:
        if self._quiet or change["new"] is None:
            return
        self.draft.dealer = change["new"]

    def _set_target(self, place) -> None:
        if not self._quiet:
            self.target = place

    def card_clicked(self, card) -> bool:
        """A click on a card: dealing, give it to the chosen place (or take it back if
        dealt); playing, play it for the seat to act (the engine may refuse it)."""
        card = parse_card(card)
        if self.state is not None:
            return self.act(card)
        try:
            if self.draft.place_of(card) is not None:
                self.draft.take_back(card)
            else:
                self.draft.give(card, self.target_choice.value)
        except InvalidRecord as problem:
            _say(self.message, False, str(problem), invalid=True)
            return False
        self.message.value = ""
        self._show_draft()
        return True

    def deal_by_seed(self) -> None:
        text = self.seed_box.value.strip()
        if not text:
            _say(self.message, False, "Type a seed (any number or word) first.", invalid=True)
            return
        self.draft.deal_seed(text)
        self.state = None
        _say(self.message, True, f"Dealt from the seed {text!r}.")
        self._show_draft()

    def deal_rest(self) -> None:
        self.draft.deal_rest()
        _say(self.message, True, "The cards left were dealt at random.")
        self._show_draft()

    def clear(self) -> None:
        self.draft.clear()
        self.state = None
        self.message.value = ""
        self._show_draft()

    def open_pasted(self) -> bool:
        """The pasted deal (code, link, record or notation), its steps too."""
        try:
            state = state_from_record(read_deal(self.paste_box.value), complete=False)
        except (TarotError, ValueError) as problem:
            _say(self.message, False, f"This deal cannot be opened: {problem}", invalid=True)
            return False
        if state.rules.two_players or state.rules.players not in (3, 4, 5):
            _say(self.message, False, "The editor works on deals for 3, 4 or 5 players.",
                 invalid=True)
            return False
        self._quiet = True
        self.players_choice.value = state.players
        self._quiet = False
        self.new_draft(state.players)
        self.draft.load(state)
        self._show_dealer()
        self.state = state
        _say(self.message, True, "The deal is open: go on from where it stopped, or undo.")
        self._show_play()
        return True

    def _show_draft(self) -> None:
        self.dealing.layout.display = ""
        self.playing.layout.display = "none"
        for place, box in self.places.items():
            cards = self.draft.cards(place)
            box.children = tuple(self.card_buttons[c] for c in cards)
            self.place_heads[place].value = (
                f"<b>{escape_text(self.draft.place_name(place))}</b>: {len(cards)} of "
                f"{self.draft.size(place)} cards")
        self.undealt_box.children = tuple(self.card_buttons[c] for c in self.draft.undealt())
        self.hand_box.children = ()
        self.start_button.disabled = bool(self.draft.missing())
        self._show_dealer()

    def _show_dealer(self) -> None:
        self._quiet = True
        self.dealer_choice.value = self.draft.dealer
        self._quiet = False

    def start(self) -> bool:
        """Play the dealt cards: the auction comes next."""
        try:
            self.state = self.draft.start()
        except (TarotError, ValueError) as problem:
            _say(self.message, False, str(problem), invalid=True)
            return False
        _say(self.message, True, "Every card is dealt: now the auction.")
        self._show_play()
        return True

    def back_to_dealing(self) -> None:
        self.state = None
        self.message.value = ""
        self._show_draft()

    # ----- playing ---------------------------------------------------------------------

    def choices(self) -> list:
        """The buttons offered beside the cards: every bid (the engine refuses those not
        allowed), or the slam choices and declarations the engine lists."""
        state = self.state
        if state is None or state.is_over:
            return []
        if state.phase is Phase.BIDDING:
            return [bid for bid in Bid if bid is not Bid.POUSSE or state.rules.pousse]
        return [a for a in state.legal_actions()
                if isinstance(a, (Slam, Poignee, Misere))]

    def act(self, action) -> bool:
        """One step for the seat to act; a refusal shows the engine's reason."""
        if self.state is None:
            _say(self.message, False, "Deal every card and press Start the deal first.",
                 invalid=True)
            return False
        if self.state.is_over:
            _say(self.message, False, "The deal is over: undo a step to change it.",
                 invalid=True)
            return False
        try:
            words = action_words(self.state, action, self.names)
        except (TarotError, ValueError) as problem:
            _say(self.message, False, str(problem), invalid=True)
            return False
        try:
            self.state.play(action)
        except IllegalAction as refusal:
            _say(self.message, False, f"Refused: {refusal}")
            return False
        _say(self.message, True, words)
        self._show_play()
        return True

    def undo(self) -> None:
        if self.state is None or not self.state.history:
            _say(self.message, False, "There is nothing to undo.", invalid=True)
            return
        self.state = self.state.undo()
        _say(self.message, True, "The last step was taken back.")
        self._show_play()

    def _show_play(self) -> None:
        state = self.state
        self.dealing.layout.display = "none"
        self.playing.layout.display = ""
        for box in (self.undealt_box, *self.places.values()):  # (one view of a card at a time)
            box.children = ()
        if state.is_over:
            self.turn.value = "<b>The deal is over.</b> Export it below, or undo a step."
            self.action_box.children = ()
            self.hand_box.children = ()
        else:
            seat = state.to_act
            what = {Phase.BIDDING: "bids", Phase.CALLING: "calls a King (click the card)",
                    Phase.DISCARD: f"lays aside {state.rules.dog_size - len(state.discard)} "
                                   "more cards (click them one at a time)",
                    Phase.SLAM: "may announce a slam",
                    Phase.PLAYING: "plays a card (or declares first)"}.get(state.phase, "acts")
            self.turn.value = f"<b>{escape_text(self.names[seat])}</b> {escape_text(what)}."
            buttons = []
            for action in self.choices():
                button = _button(action_label(action, state.rules), classes=("tt-action",))
                button.on_click(lambda _b, a=action: self.act(a))
                buttons.append(button)
            self.action_box.children = tuple(buttons)
            if state.phase is Phase.CALLING:  # (the engine refuses a card not callable)
                cards = [card for card in sort_cards(DECK) if card.is_court]
            elif state.phase in (Phase.DISCARD, Phase.PLAYING):
                cards = state.hand(seat)
            else:
                cards = []
            self.hand_box.children = tuple(self.card_buttons[c] for c in cards)
        self.diagram.value = deal_html(state, None, self.names)
        self.json_box.layout.display = "none"
        self.export_area.value = ""

    # ----- export ----------------------------------------------------------------------

    def record(self) -> "dict | None":
        """The deal as a hand record (as far as it has gone), or None while dealing."""
        return self.state.to_record() if self.state is not None else None

    def export(self) -> bool:
        """Show the deal's link, its JSON record and a printable SVG handout to download."""
        if self.state is None:
            try:
                self.draft.start()
            except (TarotError, ValueError) as problem:
                _say(self.message, False, f"Nothing to export yet: {problem}", invalid=True)
                return False
            self.start()
        record = self.record()
        link = deal_link(record)
        svg = deal_svg(record, self.names, self.title_box.value.strip())
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        self.export_area.value = (
            f'<div><b>Link</b> (open it on this page, or copy it to share the deal): '
            f'<a class="tt-link" href="{escape_text(link)}">{escape_text(link)}</a></div>'
            f'<div><b>Handout</b>: <a download="deal.svg" href="data:image/svg+xml;base64,'
            f'{data}">download the SVG</a> (print it from any browser)</div>'
            f'<div class="tt-handout">{svg}</div><div><b>JSON hand record</b>:</div>')
        self.json_box.value = record_json(record)
        self.json_box.layout.display = ""
        _say(self.message, True, "Exported: the link, the handout and the JSON record are below.")
        return True


# ----- a teacher's list of deals -----------------------------------------------------------


class LessonList(_Shown):
    """A list of deals with a comment each: made from lines (a deal code or link, then the
    comment), shared as one link (``#l=CODE``), opened from such a link.

    >>> from tarot_teach.game import GameState
    >>> code = deal_link(GameState.new(seed=1).to_record())
    >>> lesson = LessonList()
    >>> lesson.lines_box.value = code + " Look at the dog."
    >>> lesson.make()
    True
    >>> lesson.open(lesson.link)
    True
    >>> "Look at the dog." in lesson.shown.value
    True
    """

    def __init__(self) -> None:
        self.link = ""
        self.code_box = widgets.Text(placeholder="Paste the link of a list of deals",
                                     description="List:", continuous_update=False,
                                     layout=widgets.Layout(width="100%"))
        self.code_box.add_class("tt-lesson-code")
        self.open_button = _opening(self.code_box, self.open, "Open the list", "tt-lesson-open")
        self.shown = widgets.HTML()
        self.message = _message()
        self.title_box = widgets.Text(description="Title:", placeholder="e.g. Tuesday's deals",
                                      layout=widgets.Layout(width="100%"))
        self.lines_box = widgets.Textarea(
            placeholder="One deal a line: its link (or code), a space, then your comment",
            description="Deals:", rows=4, layout=widgets.Layout(width="100%"))
        self.lines_box.add_class("tt-lesson-lines")
        self.make_button = _button("Make the list's link", "", ("tt-lesson-make",), self.make)
        self.made = widgets.HTML()
        self.widget = widgets.VBox(
            [_style(), self.code_box, _box([self.open_button]), self.message, self.shown,
             widgets.HTML("<b>Make a list</b>"), self.title_box, self.lines_box,
             _box([self.make_button]), self.made],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", max_width="100%"))
        self.widget.add_class("tt-deals")
        self.widget.add_class("tt-lesson")

    def open(self, text) -> bool:
        """Show the list in ``text`` (its link or code): each deal as a link to open in the
        viewer, with its comment; a deal that cannot be read says why (the others stay)."""
        if not str(text or "").strip():
            return False
        try:
            lesson = read_lesson(text)
        except (TarotError, ValueError) as problem:
            _say(self.message, False, f"This list cannot be opened: {problem}", invalid=True)
            return False
        rows = []
        for number, item in enumerate(lesson["items"], start=1):
            comment = escape_text(item["comment"]) or "<i>(no comment)</i>"
            if item["record"] is None:
                rows.append(f"<li>{comment}<br>⚠ This deal cannot be opened: "
                            f"{escape_text(item['problem'])}</li>")
                continue
            players = item["record"]["players"]
            rows.append(f'<li><a class="tt-lesson-deal" href="#d={escape_text(item["code"])}">'
                        f"Deal {number} ({players} players)</a>: {comment}</li>")
        title = escape_text(lesson["title"]) or "A list of deals"
        self.shown.value = (f"<div><b>{title}</b> (click a deal to open it in the viewer "
                            f"above)<ol>{''.join(rows)}</ol></div>")
        _say(self.message, True, f"A list of {len(lesson['items'])} deals.")
        return True

    def make(self) -> bool:
        """The link of the list written in the lines box (each deal checked)."""
        items, problems = lesson_from_lines(self.lines_box.value)
        if problems:
            _say(self.message, False, "Some lines need a change:", problems, invalid=True)
            return False
        try:
            self.link = lesson_link(items, self.title_box.value)
        except (TarotError, ValueError) as problem:
            _say(self.message, False, str(problem), invalid=True)
            return False
        self.made.value = (f'<div>The list\'s link: <a class="tt-link" href="{escape_text(self.link)}">'
                           f"{escape_text(self.link)}</a></div>")
        _say(self.message, True, f"A link for {len(items)} deals is below.")
        return True
