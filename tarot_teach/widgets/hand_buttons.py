"""The learner's hand at the card table: one toggle button per card (:class:`TableHand`)."""

from __future__ import annotations

import ipywidgets as widgets
from ipywidgets.widgets.widget_bool import ToggleButtonStyle  # (not exported by ipywidgets)

from ..cards import Card
from ..teach.table_view import card_accessible_name
from .card_picker import CardButtons
from .felt import _marked
from .table_style import card_class, hand_faces_css, style_html

__all__ = ["TableHand"]


class TableHand(CardButtons):
    """The learner's hand: one toggle button per card (class ``tt-tcard``), drawn as the
    chapters' SVG cards, playable ones raised and the others dimmed with the engine's reason
    (on hover and on keyboard focus). ``buttons`` maps each card shown to its button.

    The buttons are slots reused from one turn to the next, so that the focus stays in the
    hand; ``show(..., mark=...)`` marks the playable card nearest the last one pressed as
    the focus's next place (:data:`NEXT`).
    """

    def __init__(self, on_change, rules=None) -> None:
        self.rules = rules
        self.single = True
        self._on_change = on_change
        self.box = widgets.Box(layout=widgets.Layout(display="flex", flex_flow="row wrap"))
        self.box.add_class("tt-hand")
        self.faces = widgets.HTML()
        self._pile_label = widgets.HTML('<div class="tt-pilelabel">On your piles, face up:</div>')
        self.slots: list[widgets.ToggleButton] = []
        # One layout and one style for every slot: each is a model of its own otherwise,
        # twice the Python and messages for a hand (the slots' look is set by CSS classes).
        self._slot_layout = widgets.Layout(width="50px", height="72px")
        self._slot_style = ToggleButtonStyle()
        self.buttons: dict[Card, widgets.ToggleButton] = {}
        self._card_of: dict[int, Card] = {}
        self._quiet = False
        self.pressed_at = 0  # the slot of the last card pressed

    def show(self, entries: list[dict], chosen=(), mark: str = "") -> "int | None":
        """Draw the hand: ``entries`` from :func:`~tarot_teach.teach.table_view.hand_entries`;
        with ``mark`` (``tt-next-0/1``), mark the playable card nearest the last one pressed
        and return its slot (None if no card is playable)."""
        chosen = set(chosen)
        playable = [i for i, entry in enumerate(entries) if entry["playable"]]
        marked = min(playable, key=lambda i: (abs(i - self.pressed_at), i)) \
            if mark and playable else None
        while len(self.slots) < len(entries):
            button = widgets.ToggleButton(value=False, layout=self._slot_layout,
                                          style=self._slot_style, _dom_classes=("tt-tcard",))
            button.observe(self._changed(button), names="value")
            self.slots.append(button)
        self._quiet = True
        try:
            self.buttons = {}
            self._card_of = {}
            for slot, (button, entry) in enumerate(zip(self.slots, entries)):
                with button.hold_sync():  # one message a card, not four
                    card, playable = entry["card"], entry["playable"]
                    picked = card in chosen
                    button.value = picked
                    idle = entry["idle"]
                    where = "face up on your piles" if entry.get("pile") else "in your hand"
                    name = card.display_name(self.rules)
                    button.description = (f"{name}, {where}" if idle else card_accessible_name(
                        card, playable, entry["reason"], self.rules, chosen=picked))
                    reason = entry["reason"]  # (said once when the reason names the card)
                    button.tooltip = (name if playable else reason if name in reason
                                      else f"{name}: {reason}")
                    button._dom_classes = _marked(
                        ("tt-tcard", card_class(card), "tt-idle" if idle else
                         "tt-playable" if playable else "tt-unplayable"),
                        mark if slot == marked else "")
                self.buttons[card] = button
                self._card_of[id(button)] = card
        finally:
            self._quiet = False
        shown = list(self.slots[:len(entries)])
        piles = sum(1 for e in entries if e.get("pile"))
        if piles:  # two players: the face-up cards of your piles after a label
            shown.insert(len(entries) - piles, self._pile_label)
        self.box.children = tuple(shown)
        self.faces.value = style_html(hand_faces_css([e["card"] for e in entries], self.rules))
        self._entries = {e["card"]: e for e in entries}
        return marked

    def unmark(self) -> None:
        """No card is the focus's next place."""
        for button in self.slots:
            button._dom_classes = _marked(button._dom_classes)

    def _changed(self, button):
        def handler(change):
            if self._quiet or id(button) not in self._card_of:
                return
            card = self._card_of[id(button)]
            if change["new"]:
                self.pressed_at = self.slots.index(button)
            if self.single and change["new"]:
                self._quiet = True
                for other in self.buttons.values():
                    if other is not button:
                        other.value = False
                self._quiet = False
            if not self.single:  # the discard: say "chosen" on the card itself
                entry = self._entries[card]
                button.description = card_accessible_name(card, entry["playable"], entry["reason"],
                                                          self.rules, chosen=change["new"])
            self._on_change(self.selected)
        return handler

    def clear(self) -> None:
        self._quiet = True
        for button in self.buttons.values():
            button.value = False
        self._quiet = False
