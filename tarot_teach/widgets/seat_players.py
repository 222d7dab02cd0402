"""The players at the card table: the computer players' levels and the learner's hint
(:class:`AdvisedPlayer`, the coach's advice as a player)."""

from __future__ import annotations

from .. import coach
from ..game import GameState
from ..judge import DEALS
from ..players import LEVELS as PLAYER_LEVELS, ComputerPlayer, Decision

__all__ = ["LEVELS", "HINT_SAMPLES", "AdvisedPlayer"]

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
