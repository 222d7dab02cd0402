"""The deal editor of the deal page (:class:`DealEditor`): cards dealt by clicking, by seed, at
random or from a pasted deal, each step taken through the engine, and exported."""

from __future__ import annotations

import base64
from typing import Any

import ipywidgets as widgets

from ..cards import DECK, Card, parse_card, sort_cards
from ..declarations import Misere, Poignee, Slam
from ..errors import IllegalAction, InvalidRecord, TarotError
from ..game import GameState
from ..names import SEAT_NAMES
from ..record import state_from_record
from ..rules import Bid, Phase
from ..teach.deal_draft import DOG, DealDraft
from ..teach.deal_handout import deal_svg
from ..teach.deals import action_words, deal_link, read_deal, record_json
from ..teach.table_view import action_label
from .deal_controls import _Shown, _box, _button, _message, _say
from .deal_pictures import _style, deal_html
from .render import card_button_classes, card_button_style, card_label, escape_text

__all__ = ["DealEditor"]


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
                                    layout=layout, style=styles[key],
                                    _dom_classes=card_button_classes(card))
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
