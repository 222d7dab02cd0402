"""Drawing the card table: its widgets redrawn from the learner's view after each action, the
clicks on cards and bids, and the feedback: plain functions of a
:class:`~tarot_teach.widgets.table.TableWidget` (its methods call them)."""

from __future__ import annotations

import ipywidgets as widgets

from ..cards import Card
from ..rules import Phase
from ..teach.table_view import cards_phrase, discard_counter, shown_facts, table_view
from .base import Feedback
from .felt import (NEXT, _action_tooltip, _live_text, _marked, facts_html, felt_html,
                   header_html, live_line, log_html, result_html, score_sheet_chart)

__all__ = ["card_clicked", "discard_choice", "say", "render", "next_mark", "render_all",
           "show_counter", "render_actions", "action_clicked"]


def card_clicked(table, selected) -> None:
    if table._rendering:
        return
    if table.state.phase is Phase.DISCARD and table.state.to_act == table.learner:
        show_counter(table)  # cards are chosen, then discarded together
        table.live.value = _live_text(  # (the words on screen stay: no line moves)
            table._announced, spoken=discard_counter(len(table.hand.selected),
                                                     table.rules.dog_size) + ".")
        full = len(table.hand.selected) == table.rules.dog_size
        if full:  # the focus's next place: Discard
            table.hand.unmark()
        table.discard_button._dom_classes = _marked(table.discard_button._dom_classes,
                                                    next_mark(table) if full else "")
        return
    if selected:
        table.act(selected[0])


def discard_choice(table) -> list[Card]:
    if table.state.phase is not Phase.DISCARD:
        return []
    return table.hand.selected


def say(table, feedback: Feedback) -> Feedback:
    # Only in the feedback area, itself a polite live region (scripts/assets/a11y.js): the
    # announcer under the felt keeps what happened and whose turn it is (the hint was shown,
    # and read out, twice).
    table.feedback.value = feedback.html()
    if table.state.phase is not Phase.DISCARD:  # a refused discard keeps the picks
        table._rendering = True
        table.hand.clear()
        table._rendering = False
    return feedback


# ----- drawing -----------------------------------------------------------------

def render(table) -> None:
    table._rendering = True
    try:
        render_all(table)
    finally:
        table._rendering = False
    table._save()


def next_mark(table) -> str:
    """The focus mark of a new turn (:data:`NEXT`)."""
    table._turns += 1
    return f"{NEXT}-{table._turns % 2}"


def render_all(table) -> None:
    view = table.state.view(table.learner)
    shown = table_view(table.state, table.learner, table.names, table.rules)
    table.header.value = header_html(view, table.names, table.learner)
    table.felt.value = felt_html(shown, table.rules)
    table._announced = live_line(table._news, shown)
    table.live.value = _live_text(table._announced)
    discarding = view.phase is Phase.DISCARD and view.to_act == table.learner
    chosen = table.hand.selected if discarding else []
    # The focus's next place: Discard once the cards are chosen, else a playable card,
    # else the first of the other choices (a bid); New deal once the deal is over.
    mark = next_mark(table)
    full = discarding and len(chosen) == table.rules.dog_size
    table.hand.single = not discarding
    in_hand = table.hand.show(shown["hand"], chosen=chosen,
                              mark=mark if shown["my_turn"] and not full else "")
    render_actions(table, shown, mark if in_hand is None and not full else "")
    for button, marked in ((table.discard_button, full), (table.new_button, table.state.is_over)):
        button._dom_classes = _marked(button._dom_classes, mark if marked else "")
    if discarding:
        table.discard_button.layout.display = None
        table.discard_button.description = f"Discard the {table.rules.dog_size} chosen cards"
    else:
        table.discard_button.layout.display = "none"
    show_counter(table)
    table.log_view.value = log_html(table.log, over=table.state.is_over)
    playing = view.phase in (Phase.PLAYING, Phase.FINISHED) and not view.table
    table.facts_view.value = facts_html(shown_facts(view, table.names)) if playing else ""
    table.score_view.value = result_html(view, table.names, table.ledger) or (
        "<div><b>Score sheet</b> (the deals played at this table)"
        f"{score_sheet_chart(table.ledger, table.names)}</div>" if table.ledger.deals else "")
    reviewable = view.result is not None and not view.result.void \
        and not getattr(table.state, "seat_sides", False) and table.state.taker is not None
    if not reviewable:
        table._review_for = None
        table.review.set_deal(None)
        table.review.widget.layout.display = "none"
    elif table._review_for is not table.state:
        table._review_for = table.state
        table.review.set_deal(table.state.to_record(), table.learner, list(table.names))
        table.review.widget.layout.display = None


def show_counter(table) -> None:
    """The heading above the hand, with the discard counter while discarding."""
    view = table.state.view(table.learner)
    own = sum(1 for card, _ in view.table[table.learner] if card is not None) if view.table else 0
    what = f"Your hand ({cards_phrase(len(view.hand))}"
    what += f", and {own} face up on your piles)" if view.table else ")"
    if view.phase is Phase.DISCARD and view.to_act == table.learner:
        counter = discard_counter(len(table.hand.selected), table.rules.dog_size)
        what += (f' — choose {cards_phrase(table.rules.dog_size)} to lay aside: '
                 f'<span class="tt-counter">{counter}</span>')
    elif view.phase is Phase.PLAYING and view.to_act == table.learner:
        what += " — raised cards may be played"
    table.hand_head.value = f'<div class="tt-handhead">{what}</div>'


def render_actions(table, shown: dict, mark: str = "") -> None:
    """The bid and declaration buttons (slots reused, so the keyboard focus stays); with
    ``mark``, the first is the focus's next place."""
    choices = shown["actions"]
    while len(table._action_slots) < len(choices):
        button = widgets.Button(layout=table._action_layout, style=table._action_style,
                                _dom_classes=("tt-action",))
        button.on_click(table._action_clicked)
        table._action_slots.append(button)
    table._action_of = {}
    for slot, (button, (label, action)) in enumerate(zip(table._action_slots, choices)):
        with button.hold_sync():
            button.description = label
            button.tooltip = _action_tooltip(action, table.rules)
            button._dom_classes = _marked(button._dom_classes, mark if slot == 0 else "")
        table._action_of[id(button)] = action
    table.actions.children = tuple(table._action_slots[:len(choices)])


def action_clicked(table, button) -> None:
    if id(button) in table._action_of:
        table.act(table._action_of[id(button)])
