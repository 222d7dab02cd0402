"""A card table: the learner plays one seat of a real deal against computer players.

Everything shown comes from the learner's own view of the deal
(:meth:`GameState.view`): the other hands are never shown, the dog only once
turned over, the partner only once the called card is played. Illegal clicks
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

from .. import coach
from ..cards import Card
from ..errors import IllegalAction, InvalidRecord
from ..record import state_from_record
from ..game import GameState, Misere, Poignee, Slam
from ..ledger import Ledger
from ..players import LEVELS as PLAYER_LEVELS, ComputerPlayer, Decision
from ..rules import Bid, Phase, RuleSet
from .base import CardPicker, Feedback
from .progress import Progress
from .charts import running_totals_chart
from .render import PLAYER_NAMES, cards_html, escape_text
from .review import ReviewWidget

__all__ = ["TableWidget", "SEAT_NAMES", "score_sheet_chart", "LEVELS", "AdvisedPlayer",
           "HINT_SAMPLES"]

SEAT_NAMES = ("You",) + PLAYER_NAMES
"""'You' for the learner's seat, then the computer players' names."""


HINT_SAMPLES = 12
"""Deals sampled by the coach for a hint."""

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
                                          seed=self.seed + len(state.history))
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
        if state is not None:
            self.rules = state.rules
        elif variant:
            self.rules = RuleSet.from_variant(variant, players)
        else:
            self.rules = RuleSet(players=players or 4)
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
        self.log: list[str] = []

        self.header = widgets.HTML()
        self.seats = widgets.HTML()
        self.trick_view = widgets.HTML()
        self.actions = widgets.Box(layout=widgets.Layout(display="flex", flex_flow="row wrap"))
        self.hand = CardPicker(single=True, on_change=self._card_clicked, rules=self.rules)
        self.discard_button = widgets.Button(description="Discard the chosen cards")
        self.discard_button.add_class("tt-check")
        self.discard_button.on_click(lambda _: self.discard_selected())
        self.feedback = widgets.HTML()
        self.feedback.add_class("tt-feedback")
        self.log_view = widgets.HTML()
        self.score_view = widgets.HTML()
        self.hint_button = widgets.Button(description="Hint", tooltip="What would the computer do?")
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
            [self.header, self.seats, self.trick_view, self.actions,
             widgets.HTML("<b>Your hand</b>"), self.hand.box, self.discard_button, self.feedback,
             widgets.HBox([self.hint_button, self.undo_button, self.new_button],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.level_choice, self.log_view, self.score_view, self.review.widget],
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

    # ----- dealing and the computer players -------------------------------------------

    def _deal(self) -> GameState:
        return GameState.new(self.rules, seed=f"table:{self.seed}", dealer=self.ledger.dealer)

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
        self.feedback.value = ""
        self._advance()
        self._render()

    def _advance(self) -> None:
        """Let the computer players act until it is the learner's turn or the deal ends."""
        state = self.state
        while not state.is_over and state.to_act != self.learner:
            seat = state.to_act
            decision = self.computer.decide(state)
            state.play(decision.action)
            self.log.append(f"{self.names[seat]}: {_describe(decision.action)} — {decision.reason}")
        if state.is_over and self._scored is not state:
            self._scored = state
            if state.result.void:
                self.ledger.add([], void=True)
            else:
                self.ledger.add(list(state.result.scores))

    # ----- the learner's actions -----------------------------------------------------------

    def act(self, action: Any) -> Feedback:
        """Do an action for the learner's seat; refused actions change nothing."""
        if self.state.is_over:
            return self._say(Feedback(False, "This deal is over: press New deal.", invalid_input=True))
        if self.state.to_act != self.learner:
            return self._say(Feedback(False, "Wait for your turn.", invalid_input=True))
        before = self.state.copy()
        try:
            self.state.play(action)
        except IllegalAction as refusal:
            return self._say(Feedback(False, str(refusal)))
        self._undo.append(before)
        self.log.append(f"{self.names[self.learner]}: {_describe(action)}")
        self.feedback.value = ""
        self._advance()
        self._render()
        return Feedback(True, "")

    def discard_selected(self) -> Feedback:
        """Lay aside the cards chosen in the hand (the whole discard is checked at once)."""
        if self.state.phase is not Phase.DISCARD or self.state.to_act != self.learner:
            return self._say(Feedback(False, "There is nothing to discard now.", invalid_input=True))
        from ..discard import discard_problems

        chosen = self._discard_choice
        hand = self.state.hand(self.learner)
        problems = discard_problems(hand, chosen, self.rules.dog_size)
        if problems:
            return self._say(Feedback(False, "That discard is not allowed.", problems))
        before = self.state.copy()
        for card in chosen:
            self.state.play(card)
        self._undo.append(before)
        self.log.append(f"{self.names[self.learner]}: discard " + ", ".join(c.short_name for c in chosen))
        self._advance()
        self._render()
        return Feedback(True, "")

    def show_hint(self) -> Feedback:
        """The coach's advice for the learner's seat (from its view only), with the reason."""
        if self.state.is_over or self.state.to_act != self.learner:
            return self._say(Feedback(False, "No hint now.", invalid_input=True))
        decision = AdvisedPlayer(seed=self.seed).decide(self.state)
        return self._say(Feedback(True, f"Hint: {_describe(decision.action)} — {decision.reason}"))

    def undo(self) -> Feedback:
        if self.state.is_over:
            return self._say(Feedback(False, "This deal is scored: start a new deal.",
                                      invalid_input=True))
        if not self._undo:
            return self._say(Feedback(False, "There is nothing to undo.", invalid_input=True))
        self.state = self._undo.pop()
        self.log.append(f"{self.names[self.learner]}: undo")
        self._render()
        return self._say(Feedback(True, "Your last action was taken back."))

    def _card_clicked(self, selected) -> None:
        if self._rendering or not selected:
            return
        if self.state.phase is Phase.DISCARD:
            return  # cards are chosen, then discarded together
        self.act(selected[0])

    @property
    def _discard_choice(self) -> list[Card]:
        return [c for c, b in self._discard_buttons.items() if b.value]

    def _say(self, feedback: Feedback) -> Feedback:
        self.feedback.value = feedback.html()
        self._rendering = True
        self.hand.clear()
        self._rendering = False
        return feedback

    # ----- drawing -----------------------------------------------------------------

    _rendering = False
    _review_for: "GameState | None" = None  # the deal the review button is for
    _discard_buttons: dict = {}

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
            "scored": self._scored is self.state, "log": self.log[-200:], "level": self.level})

    def _resume(self) -> "GameState | None":
        """The deal saved under ``save_key``, with its score sheet (None if there is none)."""
        saved = self.progress.saved_game(self.save_key)
        if not saved:
            return None
        try:
            state = state_from_record(saved["record"], complete=False)
            if state.rules != self.rules:
                raise InvalidRecord("the saved deal was played with other rules")
            ledger = Ledger(players=self.players, dealer=int(saved["dealer"]))
            for deal in saved["deals"]:
                ledger.add(deal)
            ledger.dealer = int(saved["dealer"])
            seed, log = saved.get("seed", self.seed), saved.get("log", [])
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise ValueError("its seed is not a whole number")
            if not isinstance(log, list):
                raise ValueError("its log is not a list of lines")
        except (InvalidRecord, IllegalAction, KeyError, TypeError, ValueError) as problem:
            self.feedback.value = Feedback(
                False, f"Your saved deal could not be resumed ({problem}); here is a new deal.",
                invalid_input=True).html()
            return None
        self.ledger = ledger
        self.seed = seed
        self.log = [str(line) for line in log]
        if saved.get("scored") and state.is_over:
            self._scored = state
        if saved.get("level") in LEVELS:
            self.level = saved["level"]
            self.computer = self._player(self.level)
        return state

    def _render_all(self) -> None:
        view = self.state.view(self.learner)
        self.header.value = header_html(view, self.names, self.learner)
        self.seats.value = seats_html(view, self.names)
        self.trick_view.value = trick_area_html(view, self.names, self.rules)
        self._render_actions(view)
        # Two players: the face-up cards of your piles are played like hand cards.
        own_table = [card for card, _ in (view.table[self.learner] if view.table else ())
                     if card is not None]
        self.hand.set_cards(list(view.hand) + own_table)
        self._discard_buttons = {}
        if view.phase is Phase.DISCARD and view.to_act == self.learner:
            self.hand.single = False
            self._discard_buttons = dict(self.hand.buttons)
            self.discard_button.layout.display = None
            self.discard_button.description = f"Discard the {self.rules.dog_size} chosen cards"
        else:
            self.hand.single = True
            self.discard_button.layout.display = "none"
        self.log_view.value = ("<details><summary>What happened</summary><ol>"
                               + "".join(f"<li>{escape_text(line)}</li>" for line in self.log)
                               + "</ol></details>") if self.log else ""
        self.score_view.value = result_html(view, self.names, self.ledger)
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

    def _render_actions(self, view) -> None:
        buttons = []
        if view.to_act == self.learner:
            for action in view.legal_actions:
                if isinstance(action, Card) and view.phase is not Phase.CALLING:
                    continue
                button = widgets.Button(description=_describe(action),
                                        layout=widgets.Layout(width="auto"))
                button.add_class("tt-action")
                button.on_click(lambda _b, a=action: self.act(a))
                buttons.append(button)
        self.actions.children = tuple(buttons)


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


def _possessive(name: str) -> str:
    """ "Bruno's", and "Your" for the learner's seat."""
    return "Your" if name == "You" else f"{name}'s"


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
                                caption=f"{_possessive(names[seat])} piles: {left} cards, face up:"))
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
    if isinstance(action, Bid):
        return action.english
    if isinstance(action, Slam):
        return {Slam.ANNOUNCE: "Announce a slam", Slam.DECLINE: "No slam",
                Slam.ANNOUNCE_PETIT: "Announce a petit chelem"}[action]
    if isinstance(action, Misere):
        return f"Declare a {action.kind} misère"
    if isinstance(action, Poignee):
        return f"Show a {action.level} poignée"
    if isinstance(action, Card):
        return action.short_name
    return str(action)
