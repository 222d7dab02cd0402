"""The structural variants of RULES.md §11, each a subclass of the FFT game
(:class:`~tarot_teach.game.GameState`) in its own module overriding only what its variant
changes: two players (piles on the table), goulash (everyone for himself when all pass) and
Petit imprenable (a Petit sec played like an Excuse). The FFT game has no trace of them.

:func:`game_class` chooses the class from a :class:`~tarot_teach.rules.RuleSet`, and
:func:`new_game` builds a deal with it. Importing this package sets the one hook through
which ``GameState.new`` and ``GameState.from_hands`` build the same class
(:func:`~tarot_teach.game.set_variant_chooser`); ``tarot_teach`` imports it.

>>> from tarot_teach.game import GameState
>>> from tarot_teach.rules import RuleSet
>>> type(GameState.new(RuleSet(players=2, two_players=True), seed=1)).__name__
'TwoPlayersGame'
>>> type(GameState.new(RuleSet(goulash=True, petit_imprenable=True), seed=1)).__name__
'GoulashImprenableGame'
>>> type(GameState.new(RuleSet(), seed=1)).__name__
'GameState'
"""

from __future__ import annotations

from ..game import GameState, set_variant_chooser
from ..rules import RuleSet
from .goulash import GoulashGame
from .petit_imprenable import PetitImprenableGame
from .two_players import TwoPlayersGame

__all__ = ["game_class", "new_game", "TwoPlayersGame", "GoulashGame", "PetitImprenableGame",
           "GoulashImprenableGame"]


class GoulashImprenableGame(GoulashGame, PetitImprenableGame):
    """The variants ``goulash`` and ``petit_imprenable`` together."""


def game_class(rules: RuleSet) -> type:
    """The class that plays a rule set's deals: the FFT game or a structural variant's.

    >>> game_class(RuleSet(players=5)).__name__, game_class(RuleSet(goulash=True)).__name__
    ('GameState', 'GoulashGame')
    """
    if rules.two_players:
        return TwoPlayersGame
    if rules.goulash:
        return GoulashImprenableGame if rules.petit_imprenable else GoulashGame
    return PetitImprenableGame if rules.petit_imprenable else GameState


def new_game(rules: RuleSet, hands: list[int], dog: int, dealer: int = 0,
             table=None) -> GameState:
    """A deal from its hands and dog as bit masks (two players: ``table``, the piles of card
    indices), in the class that plays ``rules``: what ``GameState(...)`` is for the FFT game.

    >>> from tarot_teach.deal import deal_two_players
    >>> hands, table = deal_two_players(5, 0)
    >>> type(new_game(RuleSet(players=2, two_players=True), hands, 0, 0, table)).__name__
    'TwoPlayersGame'
    """
    return game_class(rules)(rules, hands, dog, dealer, table)


set_variant_chooser(game_class)
