"""tarot_teach: the rules of French Tarot (FFT), for a tutorial that checks every answer.

>>> from tarot_teach import parse_cards, legal_cards, score
>>> [str(c) for c in legal_cards(parse_cards("KH 2H T5"), ["7H"])]
['2H', 'KH']
>>> score({"players": 4, "bid": "guard", "taker_points": 49, "taker_bouts": 2,
...        "petit_au_bout": "taker", "poignees": ["simple"]})["taker"]
318
"""

from .cards import (BOUTS, DECK, EXCUSE, MONDE, PETIT, Card, InvalidCard, Suit, count_bouts,
                    parse_card, parse_cards, points, sort_cards)
from .bidding import (DOG_DESTINATIONS, callable_cards, dog_destination, first_to_act, legal_bids,
                      next_dealer)
from .deal import deal_hands, has_petit_sec
from .declarations import (MISERE_KINDS, Misere, misere_kinds, misere_problem, poignee_options,
                           poignee_problem)
from .discard import discard_problems, discardable_cards
from .errors import IllegalAction, InvalidNotation, InvalidRecord, Rule, TarotError
from .game import DealResult, GameState, Poignee, SeatView, Slam, random_playout
from . import variant_games  # noqa: F401,E402  (GameState.new builds the variants' classes)
from .ledger import Ledger
from .names import SEAT_NAMES, seat_name, seat_names, the
from .record import load_record, replay, state_from_record
from .rules import VARIANTS, Bid, Phase, RuleSet
from .scoring import TARGETS, ScoreBreakdown, explain_score, score, score_summary, target_for
from .tricks import led_suit, legal_cards, trick_winner, why_illegal

__version__ = "0.1.0"

# The coach (open-hand solver, inferences, review, computer players) is imported on first use:
# the exercises of most pages never need it, and the browser's Python starts faster without it.
_LAZY = {
    "card_values": "solver", "best_line": "solver",
    "Inference": "inference", "inferences": "inference", "sample_deals": "deal_sampling",
    "Band": "coach", "BAND_THRESHOLDS": "coach", "ReviewEntry": "coach", "review": "coach",
    "advise": "coach", "ComputerPlayer": "players", "StrongPlayer": "players",
}


def __getattr__(name):
    """``tarot_teach.review`` and the other coach names, imported when first asked for.

    >>> from tarot_teach import Band, card_values
    >>> Band.BEST.label
    'Best'
    """
    if name not in _LAZY:
        raise AttributeError(f"module 'tarot_teach' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "BOUTS", "DECK", "EXCUSE", "MONDE", "PETIT", "Card", "InvalidCard", "Suit", "count_bouts",
    "parse_card", "parse_cards", "points", "sort_cards", "deal_hands", "has_petit_sec",
    "discard_problems", "discardable_cards", "IllegalAction", "InvalidRecord", "DealResult",
    "GameState", "Poignee", "SeatView", "Slam", "random_playout", "Ledger", "load_record",
    "replay", "state_from_record", "VARIANTS", "Bid", "Phase", "RuleSet", "TARGETS",
    "ScoreBreakdown", "explain_score", "score", "score_summary", "target_for", "led_suit",
    "legal_cards", "trick_winner", "why_illegal", "DOG_DESTINATIONS", "callable_cards",
    "dog_destination", "first_to_act", "legal_bids", "next_dealer", "MISERE_KINDS", "Misere",
    "misere_kinds", "misere_problem", "poignee_options", "poignee_problem", "SEAT_NAMES",
    "seat_name", "seat_names", "the", "InvalidNotation", "Rule", "TarotError", *_LAZY,
]
