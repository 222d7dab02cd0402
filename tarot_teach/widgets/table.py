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

from .. import coach
from ..cards import Card
from ..errors import IllegalAction
from ..game import GameState
from ..ledger import Ledger
from ..rules import Phase, RuleSet
from .base import Feedback
from .launcher import Launcher
from .progress import Progress
from .review import ReviewWidget
from .table_style import TABLE_CSS, style_html
from ..game import Poignee
from ..teach.table_view import action_label, cards_phrase, discard_counter, secret_discard_line
# The table's parts, importable from here as before:
from .felt import (NEXT, SEAT_NAMES, _describe, _live_text, _marked, _sentence,  # noqa: F401
                   describe_action, facts_html, felt_html, header_html, live_html, log_html,
                   result_html, score_sheet_chart, seats_html, trick_area_html)
from .hand_buttons import TableHand
from . import kept_deal, redraw
from .seat_players import HINT_SAMPLES, LEVELS, AdvisedPlayer
from ..players import LEVELS as PLAYER_LEVELS

__all__ = ["TableWidget", "TableLauncher", "table_rules", "TableHand", "SEAT_NAMES",
           "score_sheet_chart", "LEVELS", "AdvisedPlayer", "HINT_SAMPLES", "felt_html",
           "live_html", "log_html", "facts_html"]


def table_rules(players: "int | None" = None, variant: "dict | None" = None) -> RuleSet:
    """The rules of a table: ``players`` (4 if not given) and a ``variant`` by name
    (RULES.md §11); a variant that fixes the table size sets ``players``.

    >>> table_rules().players, table_rules(3).players, table_rules(variant={"two_players": True}).players
    (4, 3, 2)
    """
    return RuleSet.from_variant(variant, players) if variant else RuleSet(players=players or 4)


class TableWidget:
    """Play deals against computer players, one seat at a time (``learner`` is your seat)."""

    _rendering = False  # (drawing: a hand's change then is no click)
    _review_for: "GameState | None" = None  # the deal the review button is for

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
        self._announced = ""  # the announcer's words on screen
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
        resumed = kept_deal.resume(self) if state is None and save_key else None
        self.state = state if state is not None else (resumed or self._deal())
        self.level_choice.value = self.level  # a resumed game keeps its level
        self._advance()
        self._render()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    # Drawing (redraw.py) and keeping the game (kept_deal.py), for the buttons and callers:
    def _card_clicked(self, selected) -> None: redraw.card_clicked(self, selected)
    def _action_clicked(self, button) -> None: redraw.action_clicked(self, button)
    def _say(self, feedback: Feedback) -> Feedback: return redraw.say(self, feedback)
    def _render(self) -> None: redraw.render(self)
    def _save(self) -> None: kept_deal.save(self)

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

        chosen = redraw.discard_choice(self)
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
        self._news = []  # (said once, by the feedback beside the Undo button)
        self._render()
        return self._say(Feedback(True, "Your last action was taken back."))


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
