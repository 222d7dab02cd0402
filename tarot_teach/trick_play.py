"""A complete trick: the Excuse in it (RULES.md §8) and the cards to the winner's side.

Plain functions of a :class:`~tarot_teach.game.GameState`, which calls them when a trick is
complete (a variant's ``_close_trick`` may call them too).

>>> from tarot_teach import GameState, RuleSet
>>> state = GameState.new(RuleSet(players=4), seed=3)
>>> for bid in ("take", "pass", "pass", "pass"):
...     state.play(bid)
>>> while not state.tricks:
...     state.play(state.legal_actions()[0])
>>> leader, cards, winner = state.tricks[0]
>>> state.leader == winner and sum(state.side_tricks) == 1
True
"""

from __future__ import annotations

from .cards import DECK, EXCUSE_BIT
from .excuse import ExcuseOutcome, excuse_outcome
from .results import settle_exchange

__all__ = ["place_excuse", "file_trick"]


def place_excuse(state, trick, cards: int, winner: int, is_last: bool):
    """Apply §8 to an Excuse in the complete ``trick`` (card indices; ``cards``: its mask):
    ``(winner, cards going to the winner)``."""
    if 0 not in trick:
        return winner, cards
    excuse_seat = (state.leader + trick.index(0)) % state.players
    excuse_side = state.side_of(excuse_seat)
    outcome = excuse_outcome(state.rules, is_last,
                             state.side_tricks[excuse_side] == len(state.tricks))
    if outcome is ExcuseOutcome.WINS_TRICK:
        state.excuse_slam = True
        return excuse_seat, cards
    if outcome is ExcuseOutcome.CHANGES_SIDES:
        state.piles[1 - excuse_side] |= EXCUSE_BIT
        return winner, cards & ~EXCUSE_BIT
    if outcome is ExcuseOutcome.KEPT and excuse_side != state.side_of(winner):
        state.piles[excuse_side] |= EXCUSE_BIT
        state.owed_exchange[excuse_side] += 1
        return winner, cards & ~EXCUSE_BIT
    return winner, cards


def file_trick(state, winner: int, cards: int, is_last: bool) -> None:
    """The trick's ``cards`` go to the winner's side; the winner leads next (after the
    state's ``_after_trick``); the last trick ends the deal (its ``_finish``)."""
    winner_side = state.side_of(winner)
    state.piles[winner_side] |= cards
    state.side_tricks[winner_side] += 1
    if state.owed_exchange[0] or state.owed_exchange[1]:
        settle_exchange(state.piles, state.owed_exchange)
    trick = state.trick
    state.tricks.append((state.leader, tuple(trick), winner))
    state.events.append(("trick", winner, tuple(map(DECK.__getitem__, trick))))
    state.trick = []
    state.leader = state.to_act = winner
    state._after_trick()
    if is_last:
        state._finish()
