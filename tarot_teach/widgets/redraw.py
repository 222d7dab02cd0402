"""Drawing the card table: its widgets redrawn from the learner's view after each action, the
clicks on cards and bids, and the feedback. :class:`TableRedraw` is a part of
:class:`~tarot_teach.widgets.table.TableWidget`."""

from __future__ import annotations

import ipywidgets as widgets

from ..cards import Card
from ..game import GameState
from ..rules import Phase
from ..teach.table_view import cards_phrase, discard_counter, shown_facts, table_view
from .base import Feedback
from .felt import (NEXT, _action_tooltip, _live_text, _marked, facts_html, felt_html,
                   header_html, live_html, log_html, result_html, score_sheet_chart)

__all__ = ["TableRedraw"]


class TableRedraw:
    """The table's drawing and clicks (a part of :class:`TableWidget`)."""

    def _card_clicked(self, selected) -> None:
        if self._rendering:
            return
        if self.state.phase is Phase.DISCARD and self.state.to_act == self.learner:
            self._show_counter()  # cards are chosen, then discarded together
            self.live.value = _live_text(
                discard_counter(len(self.hand.selected), self.rules.dog_size) + ".")
            full = len(self.hand.selected) == self.rules.dog_size
            if full:  # the focus's next place: Discard
                self.hand.unmark()
            self.discard_button._dom_classes = _marked(self.discard_button._dom_classes,
                                                       self._next_mark() if full else "")
            return
        if selected:
            self.act(selected[0])

    @property
    def _discard_choice(self) -> list[Card]:
        if self.state.phase is not Phase.DISCARD:
            return []
        return self.hand.selected

    def _say(self, feedback: Feedback) -> Feedback:
        self.feedback.value = feedback.html()
        self.live.value = _live_text(" ".join([feedback.message, *feedback.details]))
        if self.state.phase is not Phase.DISCARD:  # a refused discard keeps the picks
            self._rendering = True
            self.hand.clear()
            self._rendering = False
        return feedback

    # ----- drawing -----------------------------------------------------------------

    _rendering = False
    _review_for: "GameState | None" = None  # the deal the review button is for

    def _render(self) -> None:
        self._rendering = True
        try:
            self._render_all()
        finally:
            self._rendering = False
        self._save()

    def _next_mark(self) -> str:
        """The focus mark of a new turn (:data:`NEXT`)."""
        self._turns += 1
        return f"{NEXT}-{self._turns % 2}"

    def _render_all(self) -> None:
        view = self.state.view(self.learner)
        shown = table_view(self.state, self.learner, self.names, self.rules)
        self.header.value = header_html(view, self.names, self.learner)
        self.felt.value = felt_html(shown, self.rules)
        self.live.value = live_html(self._news, shown, region=False)
        discarding = view.phase is Phase.DISCARD and view.to_act == self.learner
        chosen = self.hand.selected if discarding else []
        # The focus's next place: Discard once the cards are chosen, else a playable card,
        # else the first of the other choices (a bid); New deal once the deal is over.
        mark = self._next_mark()
        full = discarding and len(chosen) == self.rules.dog_size
        self.hand.single = not discarding
        in_hand = self.hand.show(shown["hand"], chosen=chosen,
                                 mark=mark if shown["my_turn"] and not full else "")
        self._render_actions(shown, mark if in_hand is None and not full else "")
        for button, marked in ((self.discard_button, full), (self.new_button, self.state.is_over)):
            button._dom_classes = _marked(button._dom_classes, mark if marked else "")
        if discarding:
            self.discard_button.layout.display = None
            self.discard_button.description = f"Discard the {self.rules.dog_size} chosen cards"
        else:
            self.discard_button.layout.display = "none"
        self._show_counter()
        self.log_view.value = log_html(self.log, over=self.state.is_over)
        playing = view.phase in (Phase.PLAYING, Phase.FINISHED) and not view.table
        self.facts_view.value = facts_html(shown_facts(view, self.names)) if playing else ""
        self.score_view.value = result_html(view, self.names, self.ledger) or (
            "<div><b>Score sheet</b> (the deals played at this table)"
            f"{score_sheet_chart(self.ledger, self.names)}</div>" if self.ledger.deals else "")
        reviewable = view.result is not None and not view.result.void \
            and not getattr(self.state, "seat_sides", False) and self.state.taker is not None
        if not reviewable:
            self._review_for = None
            self.review.set_deal(None)
            self.review.widget.layout.display = "none"
        elif self._review_for is not self.state:
            self._review_for = self.state
            self.review.set_deal(self.state.to_record(), self.learner, list(self.names))
            self.review.widget.layout.display = None

    def _show_counter(self) -> None:
        """The heading above the hand, with the discard counter while discarding."""
        view = self.state.view(self.learner)
        own = sum(1 for card, _ in view.table[self.learner] if card is not None) if view.table else 0
        what = f"Your hand ({cards_phrase(len(view.hand))}"
        what += f", and {own} face up on your piles)" if view.table else ")"
        if view.phase is Phase.DISCARD and view.to_act == self.learner:
            counter = discard_counter(len(self.hand.selected), self.rules.dog_size)
            what += (f' — choose {cards_phrase(self.rules.dog_size)} to lay aside: '
                     f'<span class="tt-counter">{counter}</span>')
        elif view.phase is Phase.PLAYING and view.to_act == self.learner:
            what += " — raised cards may be played"
        self.hand_head.value = f'<div class="tt-handhead">{what}</div>'

    def _render_actions(self, shown: dict, mark: str = "") -> None:
        """The bid and declaration buttons (slots reused, so the keyboard focus stays); with
        ``mark``, the first is the focus's next place."""
        choices = shown["actions"]
        while len(self._action_slots) < len(choices):
            button = widgets.Button(layout=self._action_layout, style=self._action_style,
                                    _dom_classes=("tt-action",))
            button.on_click(self._action_clicked)
            self._action_slots.append(button)
        self._action_of = {}
        for slot, (button, (label, action)) in enumerate(zip(self._action_slots, choices)):
            with button.hold_sync():
                button.description = label
                button.tooltip = _action_tooltip(action, self.rules)
                button._dom_classes = _marked(button._dom_classes, mark if slot == 0 else "")
            self._action_of[id(button)] = action
        self.actions.children = tuple(self._action_slots[:len(choices)])

    def _action_clicked(self, button) -> None:
        if id(button) in self._action_of:
            self.act(self._action_of[id(button)])
