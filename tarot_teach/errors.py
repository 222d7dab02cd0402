"""The errors of the public API: one base, :class:`TarotError`, a ``ValueError``.

- :class:`InvalidCard` / :class:`InvalidNotation`: a card name that is not one of the 78 cards;
- :class:`InvalidRecord`: a malformed hand record or deal summary;
- :class:`IllegalAction`: an action the rules forbid; ``.rule`` names the rule (a :class:`Rule`,
  equal to its short string, so ``error.rule == "follow_suit"`` holds).

>>> issubclass(IllegalAction, TarotError), issubclass(InvalidRecord, TarotError)
(True, True)
>>> issubclass(InvalidNotation, InvalidCard), issubclass(InvalidCard, TarotError), issubclass(TarotError, ValueError)
(True, True, True)
>>> error = IllegalAction("You hold hearts (♥): you must follow hearts.", "follow_suit", seat=2)
>>> error.rule is Rule.FOLLOW_SUIT, error.rule == "follow_suit", f"{error.rule}", error.seat
(True, True, 'follow_suit', 2)
>>> error.rule, Rule("overtrump").name
('follow_suit', 'OVERTRUMP')
>>> IllegalAction("A house rule.", "house_rule").rule  # a key outside the enum stays a string
'house_rule'
"""

from __future__ import annotations

import enum

__all__ = ["TarotError", "InvalidCard", "InvalidNotation", "InvalidRecord", "IllegalAction",
           "Rule"]


class TarotError(ValueError):
    """Every error the engine raises on purpose: bad input or a move the rules forbid."""


class InvalidCard(TarotError):
    """A card name that is not one of the 78 cards."""


class InvalidNotation(InvalidCard):
    """Unreadable card text (the notation of RULES.md §1); the message says what was expected."""


class InvalidRecord(TarotError):
    """A malformed hand record or deal summary: unknown card, wrong sizes, duplicates, bad field."""


class Rule(enum.StrEnum):
    """The rule an :class:`IllegalAction` breaks. Each value is the stable short key that
    widgets and tests compare with (``Rule.FOLLOW_SUIT == "follow_suit"``)."""

    ILLEGAL = "illegal"  # no more precise rule given
    # play of the cards (§7)
    NOT_IN_HAND = "not_in_hand"
    FOLLOW_SUIT = "follow_suit"
    FOLLOW_TRUMPS = "follow_trumps"
    MUST_TRUMP = "must_trump"
    OVERTRUMP = "overtrump"
    CALLED_SUIT_LEAD = "called_suit_lead"
    # auction and call (§4, §10)
    UNKNOWN_BID = "unknown_bid"
    BID_TOO_LOW = "bid_too_low"
    AUCTION_OVER = "auction_over"
    CALL = "call"
    # discard (§5)
    DISCARD_KING = "discard_king"
    DISCARD_BOUT = "discard_bout"
    DISCARD_TRUMP = "discard_trump"
    # declarations (§6)
    POIGNEE_TIMING = "poignee_timing"
    POIGNEE_CARDS = "poignee_cards"
    POIGNEE_COUNT = "poignee_count"
    POIGNEE_EXCUSE = "poignee_excuse"
    NO_POIGNEE = "no_poignee"
    MISERE_HAND = "misere_hand"
    MISERE_TIMING = "misere_timing"
    NO_MISERE = "no_misere"
    NO_PETIT_CHELEM = "no_petit_chelem"
    # the course of the deal
    WRONG_PHASE = "wrong_phase"
    DEAL_OVER = "deal_over"
    NOTHING_TO_UNDO = "nothing_to_undo"
    BAD_INPUT = "bad_input"

    def __repr__(self) -> str:
        # Shown like the string it equals, so printed verdicts read as they always did.
        return repr(self.value)


class IllegalAction(TarotError):
    """An action the rules forbid. The message names the rule in plain words.

    ``rule`` is a :class:`Rule` (equal to its short stable key, ``"follow_suit"``,
    ``"discard_king"``, …) that widgets and tests can rely on; the message is for people.
    """

    def __init__(self, message: str, rule: "Rule | str" = Rule.ILLEGAL,
                 seat: "int | None" = None):
        super().__init__(message)
        try:
            self.rule = Rule(rule)
        except ValueError:
            self.rule = rule
        self.seat = seat

    @property
    def reason(self) -> str:
        return str(self)
