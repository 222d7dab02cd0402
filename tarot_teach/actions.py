"""Reading and checking an action before the deal does it (RULES.md §4-§7).

``ActionsMixin`` gives :class:`~tarot_teach.game.GameState` ``is_legal`` and the checks
behind ``play``: an action is read from text (:func:`parse_action`), then refused with the
rule it breaks (:class:`~tarot_teach.errors.IllegalAction`), or allowed.

>>> from tarot_teach.rules import Phase
>>> parse_action("Garde sans", Phase.BIDDING), parse_action("kh", Phase.PLAYING)
(<Bid.GUARD_WITHOUT: 'guard_without'>, Card('KH'))
>>> parse_action("poignee:double", Phase.PLAYING)
Poignee(cards=(), level='double')
"""

from __future__ import annotations

from .bidding import CALL_RANKS
from .cards import DECK, Card, parse_card, parse_cards
from .declarations import MISERE_KINDS, Misere, Poignee, Slam, misere_problem, poignee_problem
from .discard import discard_refusal
from .errors import IllegalAction, Rule
from .names import the
from .rules import Bid, Phase
from .tables import HANDFUL_LEVELS
from .tricks import explain_refusal, legal_mask

__all__ = ["parse_action", "ActionsMixin"]


def parse_action(text, phase: Phase):
    """Read an action written as text for a phase (``"guard"``, ``"KH"``, ``"chelem"``)."""
    if isinstance(text, Bid) and phase is not Phase.BIDDING:
        raise ValueError(f"{text.value!r} is a bid")
    if isinstance(text, Misere):
        if text.kind not in MISERE_KINDS:
            raise ValueError(f"a misère is 'trumps' or 'honours', not {text.kind!r}")
        return text
    if isinstance(text, Poignee):
        # The shown cards may be card names; anything else is refused, not a TypeError later.
        if isinstance(text.cards, str) or not isinstance(text.cards, (list, tuple)):
            raise ValueError(f"a poignée shows a list of trumps, not {text.cards!r}")
        return Poignee(tuple(parse_card(card) for card in text.cards), text.level)
    if not isinstance(text, str):
        return text
    if phase is Phase.BIDDING:
        return Bid.parse(text)
    if phase is Phase.SLAM:
        word = text.strip().lower()
        for choice in Slam:
            if word == choice.value:
                return choice
        raise IllegalAction(f"{text!r}: say 'chelem' to announce a slam or 'no_chelem'.", Rule.BAD_INPUT)
    word = text.strip().lower()
    if word.startswith("poignee") or word.startswith("poignée"):
        level = word.replace("poignée", "poignee")[7:].strip(" :_-")
        if level not in HANDFUL_LEVELS:
            raise ValueError(f"{text!r}: a poignée is 'poignee:simple', 'poignee:double' "
                             "or 'poignee:triple'")
        return Poignee((), level)  # the state chooses the trumps to show (see GameState._read)
    if word.startswith("misere") or word.startswith("misère"):
        kind = word.replace("misère", "misere")[6:].strip(" :_-")
        if kind not in MISERE_KINDS:
            raise ValueError(f"{text!r}: a misère is 'misere:trumps' or 'misere:honours'")
        return Misere(kind)
    return parse_card(text)


_PHASE_WORDS = {
    Phase.CALLING: "the taker calls a King",
    Phase.DISCARD: "the taker lays cards aside",
    Phase.SLAM: "the taker says whether he announces a slam",
    Phase.PLAYING: "the cards are played",
}


def call_refusal(allowed) -> str:
    """Why a card may not be called, from the cards that may (:func:`callable_cards`): the
    rank called and, when it is not the King, the four-card sets the taker holds.

    >>> call_refusal(parse_cards("KS KH KD KC"))
    'You call a King: K♠, K♥, K♦ or K♣.'
    >>> call_refusal(parse_cards("CS CH CD CC"))
    'You hold all four Kings and all four Queens, so you call a Knight: C♠, C♥, C♦ or C♣.'
    """
    if not allowed:
        return "You hold every King, Queen, Knight and Jack: you may call no card."
    first = allowed[0]
    names = [card.short_name for card in allowed]
    rank_name = {card.rank: card.name.split(" of ")[0] for card in DECK if card.suit is first.suit}
    held = [f"all four {rank_name[rank]}s" for rank in CALL_RANKS if rank > first.rank]
    rank = rank_name[first.rank]
    why = "You"
    if held:
        why = f"You hold {' and '.join([', '.join(held[:-1]), held[-1]] if held[:-1] else held)}, so you"
    return f"{why} call a {rank}: {', '.join(names[:-1])} or {names[-1]}."


def _is_bid_word(action) -> bool:
    if isinstance(action, Bid):
        return True
    try:
        Bid.parse(action)
    except ValueError:
        return False
    return True


class ActionsMixin:
    """``is_legal`` and the refusals of :class:`~tarot_teach.game.GameState`."""

    # The words after "does not hold the ..." (two players: the piles hold cards too).
    _held_where = ""

    def is_legal(self, action) -> bool:
        try:
            self._refusal(self._read(action))
        except IllegalAction:
            return False
        return True

    def _read(self, action):
        if self.is_over:
            raise IllegalAction("The deal is over: no more actions.", Rule.DEAL_OVER)
        try:
            parsed = parse_action(action, self.phase)
        except ValueError as error:
            if self.phase is not Phase.BIDDING and _is_bid_word(action):
                raise IllegalAction(f"The auction is over: every seat has spoken once. "
                                    f"Now: {_PHASE_WORDS[self.phase]}.", Rule.AUCTION_OVER,
                                    self.to_act) from None
            if isinstance(error, IllegalAction):
                raise
            raise IllegalAction(str(error), Rule.BAD_INPUT, self.to_act) from None
        if isinstance(parsed, Poignee) and not parsed.cards:  # "poignee:simple": the trumps
            offered = {p.level: p for p in self.legal_actions() if isinstance(p, Poignee)}
            if parsed.level not in offered:
                self._refuse(f"You may not show a {parsed.level} poignée now: it is shown just "
                             f"before your first card, with enough trumps.", Rule.POIGNEE_COUNT)
            return offered[parsed.level]
        return parsed

    def _refuse(self, message: str, rule: str):
        raise IllegalAction(message, rule, self.to_act)

    def _refusal(self, action) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not allowed now; change nothing."""
        phase = self.phase
        seat = self.to_act
        if phase is Phase.PLAYING:
            if isinstance(action, Poignee):
                if self.seat_sides:
                    self._refuse("No poignée is shown in this game.", Rule.NO_POIGNEE)
                return self._poignee_refusal(seat, action)
            if isinstance(action, Misere):
                return self._misere_refusal(seat, action)
            if not isinstance(action, Card):
                self._refuse(f"Now seat {seat} plays a card to the trick.", Rule.WRONG_PHASE)
            bit = 1 << action.index
            if bit & self._legal_play_mask():
                return None
            if not bit & self.playable(seat):
                self._refuse(f"Seat {seat} does not hold {the(action)}{self._held_where}.",
                             Rule.NOT_IN_HAND)
            if self._called_suit_applies() and legal_mask(self.hands[seat], self.trick) & bit:
                self._refuse(f"The first lead may not be in the called suit "
                             f"({self.called.suit.english}), except the called card itself.",
                             Rule.CALLED_SUIT_LEAD)
            message, rule = explain_refusal(self._rules_hand(seat), self._rules_trick(), action)
            self._refuse(message, rule)
        elif phase is Phase.BIDDING:
            if not isinstance(action, Bid):
                self._refuse("Now it is the auction: pass or bid.", Rule.WRONG_PHASE)
            if action is Bid.PASS:
                return None
            if action not in self.rules.bids:
                self._refuse(f"{action.english} is not a bid in these rules.", Rule.UNKNOWN_BID)
            highest = max((bid for _, bid in self.bids), default=Bid.PASS)
            if not highest < action:
                self._refuse(f"{action.english} does not beat the {highest.english} already bid: "
                             f"bid higher or pass.", Rule.BID_TOO_LOW)
        elif phase is Phase.DISCARD:
            if not isinstance(action, Card):
                self._refuse("Now the taker lays cards aside: choose a card to discard.",
                             Rule.WRONG_PHASE)
            refusal = discard_refusal(self.hands[seat], action.index, self._still_to_discard())
            if refusal:
                self._refuse(*refusal)
        elif phase is Phase.SLAM:
            if not isinstance(action, Slam):
                self._refuse("Now the taker says 'chelem' or 'no_chelem'.", Rule.WRONG_PHASE)
            if action is Slam.ANNOUNCE_PETIT and not self.rules.petit_chelem:
                self._refuse("A petit chelem is announced only with the variant petit_chelem.",
                             Rule.NO_PETIT_CHELEM)
        elif phase is Phase.CALLING:
            if not isinstance(action, Card) or action not in self._callable_cards():
                self._refuse(call_refusal(self._callable_cards()), Rule.CALL)
        return None

    def _poignee_refusal(self, seat: int, poignee: Poignee) -> None:
        if self.tricks or seat in self.poignees or self._has_played(seat):
            self._refuse("A poignée is shown just before your first card, once.", Rule.POIGNEE_TIMING)
        problem = poignee_problem(self.hands[seat], poignee.cards, poignee.level, self.rules)
        if problem:
            self._refuse(*problem)

    def _misere_refusal(self, seat: int, misere: Misere) -> None:
        if not self.rules.misere:
            self._refuse("Misère is declared only with the variant misere.", Rule.NO_MISERE)
        if self.seat_sides:
            self._refuse("No misère is declared in this game.", Rule.NO_MISERE)
        if self.tricks or self._has_played(seat):
            self._refuse("A misère is declared just before your first card.", Rule.MISERE_TIMING)
        if misere.kind in self.miseres.get(seat, ()):
            self._refuse(f"Seat {seat} has already declared the {misere.kind} misère.",
                         Rule.MISERE_TIMING)
        problem = misere_problem(self.hands[seat], misere.kind, f"seat {seat}")
        if problem:
            self._refuse(problem, Rule.MISERE_HAND)

    def _has_played(self, seat: int) -> bool:
        return any(seat == (self.leader + k) % self.rules.players for k in range(len(self.trick)))

    def _called_suit_applies(self) -> bool:
        """Whether a card the rules of play allow may still be refused by the five-player
        opening-lead rule (the variants with their own play say no)."""
        return True

    def _rules_hand(self, seat: int) -> int:
        """The cards the rules of play judge a refused card against (a variant's Petit played
        like an Excuse is not one of them)."""
        return self.playable(seat)
