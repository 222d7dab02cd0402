"""Cards as toggle buttons: :class:`CardButtons` (what a row of them holds) and
:class:`CardPicker` (an exercise's clickable cards)."""

from __future__ import annotations

from typing import Iterable

import ipywidgets as widgets
from ipywidgets.widgets.widget_bool import ToggleButtonStyle  # (not exported by ipywidgets)

from ..cards import Card, parse_card, sort_cards
from .render import card_button_classes, card_button_style, card_label

__all__ = ["CardButtons", "CardPicker"]


class CardButtons:
    """A row of cards as toggle buttons: ``buttons`` maps each card shown to its button
    (an exercise's :class:`CardPicker`, the table's hand)."""

    buttons: "dict[Card, widgets.ToggleButton]"

    @property
    def cards(self) -> list[Card]:
        """The cards shown, in their order."""
        return list(self.buttons)

    @property
    def selected(self) -> list[Card]:
        """The cards chosen (their buttons pressed), in the order shown."""
        return [card for card, button in self.buttons.items() if button.value]


class CardPicker(CardButtons):
    """Cards shown as clickable buttons (class ``tt-card``); ``selected`` holds the chosen ones.

    ``single=True`` makes a click choose one card (and unchoose the others). A chosen
    card's tooltip says so (for screen readers; the page's CSS adds a tick):

    >>> picker = CardPicker(["KH", "T21"])
    >>> picker.select(["KH"])
    >>> picker.buttons[parse_card("KH")].tooltip, picker.buttons[parse_card("T21")].tooltip
    ('King of hearts, chosen', 'the 21 of trumps (le Monde)')
    """

    def __init__(self, cards: Iterable["Card | str"] = (), single: bool = False,
                 sort: bool = True, on_change=None, rules=None) -> None:
        self.rules = rules  # a Cosmic Tribe rule set shows that game's card names
        self.single = single
        self.sort = sort
        self._on_change = on_change
        self.box = widgets.Box(layout=widgets.Layout(display="flex", flex_flow="row wrap"))
        self.box.add_class("tt-cards")  # (arrow keys move between its cards: a11y.js)
        self.buttons: dict[Card, widgets.ToggleButton] = {}
        self.set_cards(cards)

    def set_cards(self, cards: Iterable["Card | str"]) -> None:
        cards = [parse_card(c) for c in cards]
        if self.sort:
            cards = sort_cards(cards)
        self.buttons = {}
        # The cards share one layout, and one style per colour: each would be a model of
        # its own otherwise, twice the Python and messages for a hand of cards.
        layout = widgets.Layout(width="3.4em", height="4.4em", margin="2px", padding="0")
        styles: dict[tuple, ToggleButtonStyle] = {}
        for card in cards:
            look = card_button_style(card)
            key = tuple(sorted(look.items()))
            if key not in styles:
                styles[key] = ToggleButtonStyle(**look)
            button = widgets.ToggleButton(
                value=False, description=card_label(card, self.rules),
                tooltip=card.display_name(self.rules), layout=layout, style=styles[key],
                _dom_classes=card_button_classes(card))
            button.observe(self._changed(card), names="value")
            self.buttons[card] = button
        self.box.children = tuple(self.buttons.values())

    def _changed(self, card: Card):
        def handler(change):
            # The card's title (read by screen readers after its name) says it is chosen:
            # the pressed look is not the only cue.
            name = card.display_name(self.rules)
            self.buttons[card].tooltip = f"{name}, chosen" if change["new"] else name
            if self.single and change["new"]:
                for other, button in self.buttons.items():
                    if other is not card and button.value:
                        button.value = False
            if self._on_change:
                self._on_change(self.selected)
        return handler

    def select(self, cards: Iterable["Card | str"]) -> None:
        """Choose exactly these cards (as a learner's clicks would)."""
        wanted = {parse_card(c) for c in cards}
        unknown = wanted - set(self.buttons)
        if unknown:
            raise ValueError("not shown: " + ", ".join(str(c) for c in unknown))
        for card, button in self.buttons.items():
            button.value = card in wanted

    def clear(self) -> None:
        for button in self.buttons.values():
            button.value = False

