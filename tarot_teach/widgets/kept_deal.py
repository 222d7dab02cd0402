"""Keeping the card table's game: the deal in progress, the score sheet, the log and the level
saved in the progress file under the table's ``save_key``, and resumed from it: plain functions
of a :class:`~tarot_teach.widgets.table.TableWidget`."""

from __future__ import annotations

from ..errors import IllegalAction, InvalidRecord
from ..game import GameState
from ..ledger import Ledger
from ..record import state_from_record
from .base import Feedback
from .felt import _log_entry
from .seat_players import LEVELS

__all__ = ["save", "resume"]


def save(table) -> None:
    """Keep the table's game under its ``save_key`` (if it has one)."""
    if not table.save_key or table.progress is None:
        return
    table.progress.save_game(table.save_key, {
        "record": table.state.to_record(), "seed": table.seed,
        "dealer": table.ledger.dealer, "deals": table.ledger.deals,
        "folded": table.ledger.folded,
        "scored": table._scored is table.state, "log": table.log[-200:], "level": table.level})


def resume(table) -> "GameState | None":
    """The deal saved under ``save_key``, with its score sheet (None if there is none)."""
    saved = table.progress.saved_game(table.save_key)
    if not saved:
        damaged = getattr(table.progress, "message", None)
        if damaged:  # the progress file itself could not be read: say so at the table too
            table.feedback.value = Feedback(False, f"{damaged} Here is a new deal.",
                                            invalid_input=True).html()
        return None
    try:
        if not isinstance(saved, dict):
            raise ValueError("it is not a saved deal")
        state = state_from_record(saved["record"], complete=False)
        if state.rules != table.rules:
            raise InvalidRecord("the saved deal was played with other rules")
        ledger = Ledger(players=table.players, dealer=int(saved["dealer"]))
        for deal in saved["deals"]:
            ledger.add(deal)
        ledger.dealer = int(saved["dealer"])
        folded = saved.get("folded", 0)
        if isinstance(folded, bool) or not isinstance(folded, int) or folded < 0:
            raise ValueError("its count of earlier deals is not a whole number")
        ledger.folded += folded
        seed, log = saved.get("seed", table.seed), saved.get("log", [])
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("its seed is not a whole number")
        if not isinstance(log, list):
            raise ValueError("its log is not a list of lines")
    except (InvalidRecord, IllegalAction, KeyError, TypeError, ValueError,
            AttributeError, OverflowError) as problem:
        table.feedback.value = Feedback(
            False, f"Your saved deal could not be resumed ({problem}); here is a new deal.",
            invalid_input=True).html()
        return None
    table.ledger = ledger
    table.seed = seed
    table.log = [_log_entry(line) for line in log]
    if saved.get("scored") and state.is_over:
        table._scored = state
    if saved.get("level") in LEVELS:
        table.level = saved["level"]
        table.computer = table._player(table.level)
    return state
