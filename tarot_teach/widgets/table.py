"""A card table: the learner plays one seat of a real deal against computer players.

Everything shown comes from the learner's own view of the deal
(:meth:`GameState.view`): the other hands are never shown, the dog only once
turned over, the partner only once the called card is played. Whatever is shown to
everybody is drawn: a poignée's trumps, a taker's discarded trumps; after each trick a
panel lists what the play has shown about the other hands. The computer players' reasons
are kept with the log and shown, in "What happened", only once the deal is over. Illegal clicks
are refused with the engine's reason and change nothing. A Hint gives the coach's
choice (:func:`tarot_teach.coach.advise`: the hidden cards sampled from what the seat
has seen, the play solved) and its reason; Undo takes back the learner's last action.
The computer players play at the "learner" level (simple rules of thumb) or the
"strong" one (the coach's own choice); after a deal, "Review this deal" reviews the
learner's decisions (:class:`~tarot_teach.widgets.review.ReviewWidget`).

>>> table = TableWidget(players=4, seed=3)
>>> table.state.to_act == table.learner or table.state.is_over
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_bool import ToggleButtonStyle  # (not exported by ipywidgets)

from .. import coach
from ..cards import Card
from ..errors import IllegalAction, InvalidRecord
from ..record import state_from_record
from ..game import GameState
from ..judge import DEALS
from ..ledger import Ledger
from ..players import LEVELS as PLAYER_LEVELS, ComputerPlayer, Decision
from ..rules import Bid, Phase, RuleSet
from .base import CardButtons, Feedback, Launcher
from .progress import Progress
from .charts import running_totals_chart
from .render import PLAYER_NAMES, card_html, cards_html, escape_text
from .review import ReviewWidget
from .table_style import TABLE_CSS, card_class, hand_faces_css, style_html
from ..game import Poignee
from ..teach.table_view import (action_label, card_accessible_name, cards_phrase, discard_counter,
                                possessive, secret_discard_line, shown_facts, table_view)

__all__ = ["TableWidget", "TableLauncher", "table_rules", "TableHand", "SEAT_NAMES",
           "score_sheet_chart", "LEVELS", "AdvisedPlayer", "HINT_SAMPLES", "felt_html",
           "live_html", "log_html", "facts_html"]

NEXT = "tt-next"
"""The class of the one control the keyboard focus goes to after the learner's action: a
playable card, the first bid, the discard button once the cards are chosen, New deal once
the deal is over. A second class, ``tt-next-0`` or ``tt-next-1``, changes at each turn; the
page (scripts/assets/a11y.js) moves the focus there when the learner acted by keyboard."""

SEAT_NAMES = ("You",) + PLAYER_NAMES
"""'You' for the learner's seat, then the computer players' names."""


HINT_SAMPLES = DEALS[0]
"""Deals the coach draws for a hint: the judge's first number, as the review of the same
position uses, so the hint's card is never rated below best by the review."""

LEVELS = tuple(PLAYER_LEVELS)
"""The computer players' levels at the table: the engine's (``tarot_teach.players.LEVELS``)."""


class AdvisedPlayer:
    """The learner's hint: the coach's advice for its seat (:func:`tarot_teach.coach.advise`,
    from that seat's view only), with its reason. Where the coach cannot judge (a game
    without a taker's side), the learner player's choice."""

    def __init__(self, samples: int = HINT_SAMPLES, seed: int = 0) -> None:
        self.samples = samples
        self.seed = seed
        self.fallback = ComputerPlayer()

    def decide(self, state: GameState) -> Decision:
        try:
            action, reason = coach.advise(state, state.to_act, samples=self.samples,
                                          seed=self.seed)
        except ValueError:
            return self.fallback.decide(state)
        return Decision(action, reason)


def score_sheet_chart(ledger: Ledger, names=SEAT_NAMES) -> str:
    """Running totals as a small line chart, or a table when matplotlib is not available
    (as in the browser's Python)."""
    rows = ledger.running_totals
    chart = running_totals_chart(rows, names, "Score sheet")
    if chart or not rows:
        return chart
    head = "".join(f"<th>{escape_text(n)}</th>" for n in names[:ledger.players])
    body = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


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
                    button.tooltip = name if playable else f"{name}: {entry['reason']}"
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


def table_rules(players: "int | None" = None, variant: "dict | None" = None) -> RuleSet:
    """The rules of a table: ``players`` (4 if not given) and a ``variant`` by name
    (RULES.md §11); a variant that fixes the table size sets ``players``.

    >>> table_rules().players, table_rules(3).players, table_rules(variant={"two_players": True}).players
    (4, 3, 2)
    """
    return RuleSet.from_variant(variant, players) if variant else RuleSet(players=players or 4)


class TableWidget:
    """Play deals against computer players, one seat at a time (``learner`` is your seat)."""

    def __init__(self, players: "int | None" = None, seed: int = 0, learner: int = 0,
                 state: "GameState | None" = None, variant: "dict | None" = None,
                 save_key: "str | None" = None, progress: "Progress | None" = None,
                 level: str = "learner") -> None:
        # ``save_key``: keep the deal in progress and the score sheet in the progress file
        # under this key, and resume them when the table is shown again.
        # ``variant``: RuleSet options by name (RULES.md §11), e.g. {"goulash": True}; a
        # variant that fixes the table size (Cosmic Tribe, two players) sets ``players``.
        self.rules = state.rules if state is not None else table_rules(players, variant)
        self.players = self.rules.players
        self.learner = learner
        self.seed = seed
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.level = level
        self.computer = self._player(level)
        self.ledger = Ledger(players=self.players)
        self.names = SEAT_NAMES[:self.players]
        self._undo: list[GameState] = []
        self._scored: "GameState | None" = None  # the deal already written on the sheet
        # The log: {"text": what everybody saw, "reason": a computer player's reason, shown
        # once the deal is over}.
        self.log: list[dict] = []
        self._news: list[str] = []  # what happened since the learner's last action
        self._reasons: list[str] = []  # a computer's discard reasons, one a card
        self._turns = 0  # the focus marks drawn (NEXT): tt-next-0 and tt-next-1 alternate

        self.style = widgets.HTML(style_html(TABLE_CSS))
        self.header = widgets.HTML()
        self.felt = widgets.HTML()
        self.live = widgets.HTML()
        self.live.add_class("tt-announcer")  # made a polite live region in the book (a11y.js)
        self.actions = widgets.Box(layout=widgets.Layout(display="flex", flex_flow="row wrap"))
        self.actions.add_class("tt-actions")  # (arrow keys move between its buttons: a11y.js)
        self._action_slots: list[widgets.Button] = []
        self._action_layout = widgets.Layout(width="auto")  # (shared, as the hand's slots)
        self._action_style = widgets.ButtonStyle()
        self._action_of: dict[int, Any] = {}
        self.hand_head = widgets.HTML()
        self.hand = TableHand(on_change=self._card_clicked, rules=self.rules)
        self.discard_button = widgets.Button(description="Discard the chosen cards",
                                             layout=widgets.Layout(width="auto"))
        self.discard_button.add_class("tt-check")
        self.discard_button.add_class("tt-discard")
        self.discard_button.on_click(lambda _: self.discard_selected())
        self.feedback = widgets.HTML()
        self.feedback.add_class("tt-feedback")
        self.log_view = widgets.HTML()
        self.facts_view = widgets.HTML()  # what the play has shown about the other hands
        self.facts_view.add_class("tt-facts")
        self.score_view = widgets.HTML()
        self.hint_button = widgets.Button(description="Hint", tooltip="What would the coach do?")
        self.hint_button.add_class("tt-hint")
        self.undo_button = widgets.Button(description="Undo", tooltip="Take back my last action")
        self.undo_button.add_class("tt-undo")
        self.new_button = widgets.Button(description="New deal")
        self.new_button.add_class("tt-new")
        self.hint_button.on_click(lambda _: self.show_hint())
        self.undo_button.on_click(lambda _: self.undo())
        self.new_button.on_click(lambda _: self.new_deal())
        self.level_choice = widgets.ToggleButtons(
            options=[("Learner", "learner"), ("Strong", "strong")], value=level,
            description="Computer:", tooltips=["Simple rules of thumb", "The coach's own play"],
            style={"button_width": "6em"})
        self.level_choice.add_class("tt-level")
        self.level_choice.observe(lambda change: self.set_level(change["new"]), names="value")
        self.review = ReviewWidget(names=list(self.names), rules=self.rules)
        self.widget = widgets.VBox(
            [self.style, self.hand.faces, self.header, self.felt, self.live, self.actions,
             self.hand_head, self.hand.box, self.discard_button, self.feedback,
             widgets.HBox([self.hint_button, self.undo_button, self.new_button],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.facts_view, self.level_choice, self.log_view, self.score_view,
             self.review.widget],
            layout=widgets.Layout(border="1px solid #ccc", padding="0.5em", max_width="100%"))
        self.widget.add_class("tt-table")
        self.save_key = save_key
        self.progress = progress if progress is not None else (
            Progress.default() if save_key else None)
        resumed = self._resume() if state is None and save_key else None
        self.state = state if state is not None else (resumed or self._deal())
        self.level_choice.value = self.level  # a resumed game keeps its level
        self._advance()
        self._render()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    @property
    def trick_view(self) -> widgets.HTML:
        """The table's middle and seats (the earlier name of :attr:`felt`)."""
        return self.felt

    # ----- dealing and the computer players -------------------------------------------

    def _deal(self) -> GameState:
        # After a reset the kept table starts again with other deals: the reset's time
        # is part of the seed (a table never reset deals as it always did).
        reset = self.progress.reset_time if self.save_key and self.progress is not None else None
        seed = f"table:{self.seed}" + (f":{reset}" if reset else "")
        return GameState.new(self.rules, seed=seed, dealer=self.ledger.dealer)

    @staticmethod
    def _player(level: str):
        return PLAYER_LEVELS[level]()

    def set_level(self, level: str) -> None:
        """Play the computer players at ``level`` ("learner" or "strong") from their next move."""
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        if level != self.level:
            self.level = level
            self.computer = self._player(level)
        if self.level_choice.value != level:
            self.level_choice.value = level
        self._save()

    def new_deal(self) -> None:
        """Deal the next hand (the deal passes to the next seat)."""
        if not self.state.is_over:
            self.ledger.add([], void=True)  # an abandoned deal just passes the deal on
        self.seed += 1
        self.state = self._deal()
        self._undo.clear()
        self.log = []
        self._reasons = []
        self._news = ["A new deal."]
        self.feedback.value = ""
        self._advance()
        self._render()

    def _note(self, line: str, reason: str = "") -> None:
        """Log ``line`` (what everybody saw) with a computer player's ``reason`` (kept
        hidden until the deal is over)."""
        self.log.append({"text": line, "reason": reason})
        self._news.append(line)

    def _played(self, seat: int, action: Any, before: GameState, reason: str = "") -> None:
        """Log an action (another seat's discard only as "laid aside", with the trumps in
        it), a poignée with its trumps, and the dog once turned face up."""
        name = self.names[seat]
        if before.phase is Phase.DISCARD:
            if seat != self.learner:
                self._reasons.append(reason)
                if self.state.phase is not Phase.DISCARD:  # one line once the discard is made
                    trumps = [c.display_name(self.rules) for c in
                              self.state.view(self.learner).discarded_trumps]
                    why = " ".join(r for r in self._reasons if r)
                    self._reasons = []
                    self._note(secret_discard_line(name, self.rules.dog_size, trumps), why)
                return
        elif isinstance(action, Card) and before.phase is Phase.PLAYING:
            self._note(f"{name} played {action.display_name(self.rules)}.", reason)
        elif before.phase is Phase.CALLING:
            self._note(f"{name} called {action.display_name(self.rules)}.", reason)
        elif isinstance(action, Poignee):
            self._note(f"{name} showed a {action.level} poignée: "
                       + ", ".join(c.display_name(self.rules) for c in action.cards) + ".",
                       reason)
        else:
            self._note(_sentence(f"{name}: {action_label(action, self.rules)}"), reason)
        shown = self.state.view(self.learner)
        if before.view(self.learner).dog is None and shown.dog is not None \
                and shown.phase is not Phase.FINISHED:
            self._note("The dog is turned face up: "
                       + ", ".join(c.display_name(self.rules) for c in shown.dog) + ".")
        if len(self.state.tricks) > len(before.tricks):
            _, _, winner = self.state.tricks[-1]
            self._note(f"{self.names[winner]} won the trick.")

    def _advance(self) -> None:
        """Let the computer players act until it is the learner's turn or the deal ends
        (meanwhile the table says "wait": a click then is refused by :meth:`act`)."""
        state = self.state
        if not state.is_over and state.to_act != self.learner:
            self.live.value = _live_text("Wait: the computer players are playing…")
        while not state.is_over and state.to_act != self.learner:
            seat = state.to_act
            decision = self.computer.decide(state)
            before = state.copy()
            state.play(decision.action)
            self._played(seat, decision.action, before, decision.reason)
        if state.is_over and self._scored is not state:
            self._scored = state
            if state.result.void:
                self.ledger.add([], void=True)
            else:
                self.ledger.add(list(state.result.scores))
            self._note("The deal is over: see the score below, and the computer players' "
                       "reasons under “What happened”.")

    # ----- the learner's actions -----------------------------------------------------------

    def act(self, action: Any) -> Feedback:
        """Do an action for the learner's seat; refused actions change nothing."""
        if self.state.is_over:
            return self._say(Feedback(False, "This deal is over: press New deal.", invalid_input=True))
        if self.state.to_act != self.learner:
            return self._say(Feedback(False, "Wait: the computer players are still playing.",
                                      invalid_input=True))
        before = self.state.copy()
        try:
            self.state.play(action)
        except IllegalAction as refusal:
            return self._say(Feedback(False, str(refusal)))
        self._undo.append(before)
        self._news = []
        self._played(self.learner, action, before)
        self.feedback.value = ""
        self._advance()
        self._render()
        return Feedback(True, "")

    def discard_selected(self) -> Feedback:
        """Lay aside the cards chosen in the hand (the whole discard is checked at once; a
        refused discard keeps the cards chosen)."""
        if self.state.phase is not Phase.DISCARD or self.state.to_act != self.learner:
            return self._say(Feedback(False, "There is nothing to discard now.", invalid_input=True))
        from ..discard import discard_problems

        chosen = self._discard_choice
        size = self.rules.dog_size
        if len(chosen) != size:
            return self._say(Feedback(
                False, f"Choose {cards_phrase(size)} to lay aside: "
                f"{discard_counter(len(chosen), size)}.", invalid_input=True))
        hand = self.state.hand(self.learner)
        problems = discard_problems(hand, chosen, size)
        if problems:
            return self._say(Feedback(False, "That discard is not allowed.", problems))
        before = self.state.copy()
        for card in chosen:
            self.state.play(card)
        self._undo.append(before)
        self._news = []
        self._note(f"{self.names[self.learner]}: discard "
                   + ", ".join(c.display_name(self.rules) for c in chosen)
                   + " (only you see it).")
        self.feedback.value = ""
        self._advance()
        self._render()
        return Feedback(True, "")

    def show_hint(self) -> Feedback:
        """The coach's advice for the learner's seat (from its view only), with the reason."""
        if self.state.is_over or self.state.to_act != self.learner:
            return self._say(Feedback(False, "No hint now.", invalid_input=True))
        if self.state.phase is Phase.DISCARD:  # the whole discard, not its first card
            return self._say(Feedback(True, f"Hint: {coach.discard_hint(self.state)}"))
        decision = AdvisedPlayer().decide(self.state)
        return self._say(Feedback(True, f"Hint: {_describe(decision.action)} — {decision.reason}"))

    def undo(self) -> Feedback:
        if self.state.is_over:
            return self._say(Feedback(False, "This deal is scored: start a new deal.",
                                      invalid_input=True))
        if not self._undo:
            return self._say(Feedback(False, "There is nothing to undo.", invalid_input=True))
        self.state = self._undo.pop()
        self.log.append({"text": f"{self.names[self.learner]}: undo.", "reason": ""})
        self._news = ["Your last action was taken back."]
        self._render()
        return self._say(Feedback(True, "Your last action was taken back."))

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

    # ----- keeping the game --------------------------------------------------------------

    def _save(self) -> None:
        if not self.save_key or self.progress is None:
            return
        self.progress.save_game(self.save_key, {
            "record": self.state.to_record(), "seed": self.seed,
            "dealer": self.ledger.dealer, "deals": self.ledger.deals,
            "folded": self.ledger.folded,
            "scored": self._scored is self.state, "log": self.log[-200:], "level": self.level})

    def _resume(self) -> "GameState | None":
        """The deal saved under ``save_key``, with its score sheet (None if there is none)."""
        saved = self.progress.saved_game(self.save_key)
        if not saved:
            damaged = getattr(self.progress, "message", None)
            if damaged:  # the progress file itself could not be read: say so at the table too
                self.feedback.value = Feedback(False, f"{damaged} Here is a new deal.",
                                               invalid_input=True).html()
            return None
        try:
            if not isinstance(saved, dict):
                raise ValueError("it is not a saved deal")
            state = state_from_record(saved["record"], complete=False)
            if state.rules != self.rules:
                raise InvalidRecord("the saved deal was played with other rules")
            ledger = Ledger(players=self.players, dealer=int(saved["dealer"]))
            for deal in saved["deals"]:
                ledger.add(deal)
            ledger.dealer = int(saved["dealer"])
            folded = saved.get("folded", 0)
            if isinstance(folded, bool) or not isinstance(folded, int) or folded < 0:
                raise ValueError("its count of earlier deals is not a whole number")
            ledger.folded += folded
            seed, log = saved.get("seed", self.seed), saved.get("log", [])
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise ValueError("its seed is not a whole number")
            if not isinstance(log, list):
                raise ValueError("its log is not a list of lines")
        except (InvalidRecord, IllegalAction, KeyError, TypeError, ValueError,
                AttributeError, OverflowError) as problem:
            self.feedback.value = Feedback(
                False, f"Your saved deal could not be resumed ({problem}); here is a new deal.",
                invalid_input=True).html()
            return None
        self.ledger = ledger
        self.seed = seed
        self.log = [_log_entry(line) for line in log]
        if saved.get("scored") and state.is_over:
            self._scored = state
        if saved.get("level") in LEVELS:
            self.level = saved["level"]
            self.computer = self._player(self.level)
        return state

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


def _marked(classes, mark: str = "") -> tuple:
    """``classes`` without the focus mark (:data:`NEXT`), and with ``mark`` if given."""
    return tuple(c for c in classes if not c.startswith(NEXT)) + ((NEXT, mark) if mark else ())


def _sentence(text: str) -> str:
    """``text`` ending with a full stop (once)."""
    return text if text.endswith((".", "!", "?")) else text + "."


def _action_tooltip(action, rules) -> str:
    if isinstance(action, Bid) and action is not Bid.PASS:
        return f"{action.english} ({action.french}): the score is multiplied by {rules.multiplier(action)}"
    if isinstance(action, Card):
        return f"Call {action.display_name(rules)}"
    return action_label(action, rules)


def _seat_html(seat: dict, where: str, rules=None) -> str:
    roles = "".join(
        f'<span class="tt-badge {"tt-taker" if r.startswith("Taker") else "tt-partner" if r == "Partner" else ""}">'
        f"{escape_text(r)}</span>" for r in seat["roles"])
    count = cards_phrase(seat["in_hand"]) + " in hand"
    if seat["face_up"] or seat["face_down"]:
        count += f", {seat['face_up']} face up and {seat['face_down']} face down on the piles"
    facts = [count, f"{seat['tricks']} trick{'' if seat['tricks'] == 1 else 's'}"]
    if seat["bid"]:
        facts.append(f"bid: {seat['bid']}")
    facts += seat["notes"]
    turn = '<span class="tt-turn">▶ to play</span>' if seat["to_act"] else ""
    shown = ""
    if seat.get("poignee"):
        shown += cards_html(seat["poignee"], size="small", rules=rules,
                            caption="Poignée, shown to everybody:")
    if seat.get("aside"):
        shown += cards_html(seat["aside"], size="small", rules=rules,
                            caption="Trumps laid aside, shown to everybody:")
    return (f'<div class="tt-seat tt-area-{where}{" tt-acting" if seat["to_act"] else ""}">'
            f'<div><span class="tt-name">{escape_text(seat["name"])}</span>{turn}</div>'
            f"<div>{roles}</div><div>{escape_text(' · '.join(facts))}</div>{shown}</div>")


def _played_html(pairs, rules, winner: "str | None" = None) -> str:
    figures = "".join(
        f'<figure class="{"tt-won" if name == winner else ""}">{card_html(card, size="small", rules=rules)}'
        f"<figcaption>{escape_text(name)}{' (won)' if name == winner else ''}</figcaption></figure>"
        for name, card in pairs)
    return f'<div class="tt-played">{figures}</div>'


def felt_html(shown: dict, rules=None) -> str:
    """The table itself: the seats around it (you at the bottom, the others in the order of
    play), and in the middle the last trick and who won it (in view until the learner has
    played to the next one), the trick in progress with who played what, the dog once face
    up and the taker's own discard (shown to the taker only); by a seat, the poignée it
    showed and, by the taker, its discarded trumps."""
    seats = shown["seats"]
    others = seats[1:]
    if len(others) == 1:
        top, left, right = others, [], []
    else:
        right, left, top = [others[0]], [others[-1]], others[1:-1][::-1]
    middle = []
    last = shown["last_trick"]
    if last:  # (a computer's lead does not hide it before the learner has seen it)
        middle.append(f'<div class="tt-lasttrick"><div class="tt-caption">Last trick, won by '
                      f'{escape_text(last["winner"])}</div>'
                      f'{_played_html(last["cards"], rules, last["winner"])}</div>')
    if shown["trick"]:
        middle.append('<div class="tt-caption">This trick</div>' + _played_html(shown["trick"], rules))
    elif not last:
        middle.append('<div class="tt-caption">No card played yet</div>')
    if shown["dog"] is not None:
        middle.append('<div class="tt-caption">The dog, face up</div>'
                      + cards_html(shown["dog"], size="small", rules=rules))
    if shown["discard"]:
        middle.append('<div class="tt-caption">Your discard (only you see it)</div>'
                      + cards_html(shown["discard"], size="small", rules=rules))
    parts = ['<div class="tt-felt" role="group" aria-label="The card table">',
             '<div class="tt-area-top">' + "".join(_seat_html(s, "t", rules) for s in top)
             + "</div>"]
    parts += [_seat_html(s, "left", rules) for s in left]
    parts += [_seat_html(s, "right", rules) for s in right]
    parts.append(f'<div class="tt-mid">{"".join(middle)}</div>')
    parts.append('<div class="tt-area-you">' + _seat_html(seats[0], "me", rules)
                 + "</div></div>")
    return "".join(parts)


def live_html(news: list, shown: dict, region: bool = True) -> str:
    """The announcement: what happened since your last action, then whose turn it is.

    ``region``: the markup carries ``role="status" aria-live="polite"`` itself; the table
    passes False, its widget being the live region (see :func:`_live_text`)."""
    lines = [line.split(" — ")[0].rstrip(".") + "." for line in news[-8:]]
    if shown["my_turn"]:
        lines.append("Your turn.")
    elif shown["to_act"]:
        lines.append(f"{shown['to_act']} to play: wait.")
    return _live_text(" ".join(lines), region)


def _live_text(text: str, region: bool = False) -> str:
    """The announcement's markup around ``text``. At the table the widget around it (class
    ``tt-announcer``) is the ARIA live region, made live before it ever changes
    (scripts/assets/a11y.js), since ipywidgets replaces this markup at each update; with
    ``region`` the markup is a live region itself (no live region nested in another)."""
    live = ' role="status" aria-live="polite"' if region else ""
    return f'<div class="tt-announce"{live}>{escape_text(text)}</div>'


def _log_entry(line) -> dict:
    """A log entry ``{"text", "reason"}`` from a saved one; a line saved before reasons were
    kept apart had its reason after " — "."""
    if isinstance(line, dict):
        return {"text": str(line.get("text", "")), "reason": str(line.get("reason") or "")}
    text, dash, reason = str(line).partition(" — ")
    return {"text": _sentence(text.rstrip(".")) if dash else text, "reason": reason}


def log_html(log: list, recent: int = 5, over: bool = False) -> str:
    """A short log: the last few lines in view, everything under "What happened"; the
    computer players' reasons only once the deal is ``over``."""
    if not log:
        return ""
    entries = [_log_entry(line) for line in log]
    last = "".join(f"<li>{escape_text(e['text'])}</li>" for e in entries[-recent:])
    every = "".join(
        f"<li>{escape_text(e['text'])}"
        + (f' <span class="tt-why">(Why: {escape_text(e["reason"])})</span>'
           if over and e["reason"] else "") + "</li>" for e in entries)
    summary = ("What happened (the whole deal, with the computer players' reasons)" if over
               else "What happened (so far: the computer players' reasons are shown once the "
                    "deal is over)")
    return (f'<div class="tt-log"><b>Recently</b><ol start="{max(1, len(log) - recent + 1)}">'
            f"{last}</ol><details><summary>{summary}</summary><ol>{every}"
            "</ol></details></div>")


def facts_html(lines: list) -> str:
    """The panel of what the play has shown about the other hands (from
    :func:`~tarot_teach.teach.table_view.shown_facts`)."""
    if not lines:
        return ""
    items = "".join(f"<li>{escape_text(line)}</li>" for line in lines)
    return ('<div class="tt-shown" role="group" aria-label="What the play has shown">'
            "<b>What the play has shown</b> (from what you have seen)"
            f'<ul style="margin:0.2em 0">{items}</ul></div>')


def header_html(view, names, learner: int) -> str:
    """The contract, the call and whose turn it is, as the learner's seat sees them."""
    contract = (f"{names[view.taker]} took: {view.contract.english} ({view.contract.french})"
                if view.taker is not None else "Bidding")
    if view.called is not None:
        partner = (f"; partner: {names[view.partner]}" if view.partner is not None
                   else "; partner: secret until the called card is played")
        contract += f"; called {view.called.name}{partner}"
    if view.table:
        contract = "Two players: no bidding, the dealer's opponent leads"
    elif view.taker is None and view.phase is Phase.PLAYING:
        contract = "Everybody passed: a goulash, everyone for himself — take few points"
    if view.petit_imprenable is not None:
        contract += f"; {names[view.petit_imprenable]} holds the Petit imprenable"
    turn = ("your turn" if view.to_act == learner else
            "" if view.to_act is None else f"{names[view.to_act]} to play")
    return (f"<div><b>{escape_text(contract)}</b> · dealer {escape_text(names[view.dealer])}"
            f"{' · ' + turn if turn else ''}</div>")


def seats_html(view, names) -> str:
    """Each seat's cards left, tricks won, bid and poignée: public facts only."""
    rows = []
    for seat in range(view.players):
        bids = [b.english for s, b in view.bids if s == seat]
        rows.append(f"<li>{escape_text(names[seat])}: {view.hand_sizes[seat]} cards, "
                    f"{view.tricks_won[seat]} trick{'' if view.tricks_won[seat] == 1 else 's'}"
                    + (f", bid {escape_text(bids[0])}" if bids else "")
                    + (" — poignée shown" if seat in view.poignees else "")
                    + "".join(f" — {kind} misère" for kind in view.miseres.get(seat, ()))
                    + "</li>")
    return f'<ul style="margin:0.2em 0">{"".join(rows)}</ul>'


def trick_area_html(view, names, rules=None) -> str:
    """The dog (once shown), the last trick and the trick in progress."""
    parts = []
    if view.dog is not None and view.phase in (Phase.DISCARD, Phase.FINISHED):
        parts.append(cards_html(view.dog, size="small", rules=rules, caption="The dog"))
    if view.tricks:
        leader, cards, winner = view.tricks[-1]
        parts.append(cards_html(cards, size="small", rules=rules,
                                caption=f"Last trick, led by {names[leader]}, won by {names[winner]}"))
    if view.current_trick:
        parts.append(cards_html([c for _, c in view.current_trick], rules=rules,
                                caption="This trick: " + ", ".join(names[s] for s, _ in view.current_trick)))
    for seat, piles in enumerate(view.table):
        shown = [card for card, _ in piles if card is not None]
        left = sum(size for _, size in piles)
        parts.append(cards_html(shown, size="small", rules=rules,
                                caption=f"{possessive(names[seat])} piles: {left} cards, face up:"))
    return "".join(parts)


def result_html(view, names, ledger: "Ledger | None" = None) -> str:
    """The score worked out line by line (and the score sheet), once the deal is over."""
    result = view.result
    if result is None:
        return ""
    if result.void:
        why = ("everybody passed" if result.void == "all_passed"
               else "a player held the Petit alone (petit sec)")
        return f"<p><b>The deal is void: {why}.</b> Press New deal.</p>"
    working = result.breakdown.lines if result.breakdown is not None else result.lines
    if any(result.misere_scores):
        working = tuple(working) + ("Misère: " + ", ".join(
            f"{names[s]} {g:+d}" for s, g in enumerate(result.misere_scores)) + ".",)
    lines = "".join(f"<li>{escape_text(line)}</li>" for line in working)
    gains = ", ".join(f"{names[s]} {g:+d}" for s, g in enumerate(result.scores))
    chart = score_sheet_chart(ledger, names) if ledger is not None else ""
    return f"<div><b>Score</b><ol>{lines}</ol><p>{escape_text(gains)}</p>{chart}</div>"


def describe_action(action) -> str:
    """An action in words for buttons and the log."""
    return _describe(action)


def _describe(action) -> str:
    """Bids by their name alone (the log, a hint); anything else as its button says it."""
    if isinstance(action, Bid):
        return action.english
    return action_label(action)


_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


class TableLauncher(Launcher):
    """A card table built when the learner sits down at it: "Sit down at the table" in its
    place until then, or the table at once when a deal of it is saved (``save_key``).

    The arguments are :class:`TableWidget`'s. A table is about a hundred widget models:
    a page with two of them came alive a second later for every learner, most of whom
    read on first.

    >>> import tempfile, pathlib
    >>> store = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
    >>> seat = TableLauncher(players=3, seed=1, save_key="t3", progress=store)
    >>> seat.table is None, seat.open_button.description
    (True, 'Sit down at the table')
    >>> seat.open_button.click(); seat.table.players
    3
    >>> TableLauncher(players=3, seed=1, save_key="t3", progress=store).table is not None
    True
    """

    def __init__(self, players: "int | None" = None, seed: int = 0, *,
                 variant: "dict | None" = None, save_key: "str | None" = None,
                 progress: "Progress | None" = None, opened: bool = False,
                 **table_options: Any) -> None:
        self.table_arguments = dict(players=players, seed=seed, variant=variant,
                                    save_key=save_key, progress=progress, **table_options)
        rules = table_rules(players, variant)
        others = rules.players - 1
        against = f"{_COUNT_WORDS[others]} computer player{'s' if others > 1 else ''}"
        kept = " Your deal and score sheet are kept." if save_key else ""
        saved = None
        if save_key:
            store = progress if progress is not None else Progress.default()
            self.table_arguments["progress"] = store
            saved = store.saved_game(save_key)
        super().__init__(f"<b>A card table for {rules.players}</b> "
                         f"<span>(you and {against}).{kept}</span>",
                         "Sit down at the table", tooltip=f"Deal at a table for {rules.players}",
                         button_class="tt-open-table", closed_class="tt-table-closed",
                         opened=opened or saved is not None)

    @property
    def table(self) -> "TableWidget | None":
        """The table, once the learner sat down (None before)."""
        return self.built

    def build(self) -> "TableWidget":
        return TableWidget(**self.table_arguments)
