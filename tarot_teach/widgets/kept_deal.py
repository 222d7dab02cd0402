"""Keeping the card table's game: the deal in progress, the score sheet, the log and the level
saved in the progress file under the table's ``save_key``, and resumed from it.
:class:`TableKeeping` is a part of :class:`~tarot_teach.widgets.table.TableWidget`."""

from __future__ import annotations

from ..errors import IllegalAction, InvalidRecord
from ..game import GameState
from ..ledger import Ledger
from ..record import state_from_record
from .base import Feedback
from .felt import _log_entry
from .seat_players import LEVELS

__all__ = ["TableKeeping"]


class TableKeeping:
    """Saving and resuming the table's game (a part of :class:`TableWidget`)."""

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
