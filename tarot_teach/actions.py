"""Reading and checking an action before the deal does it (RULES.md §4-§7).

Plain functions of the state behind :meth:`~tarot_teach.game.GameState.play` and ``is_legal``:
an action is read from text (:func:`read`, :func:`parse_action`), then refused with the rule
it breaks (:func:`refusal` raises :class:`~tarot_teach.errors.IllegalAction`), or allowed.

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

__all__ = ["parse_action", "call_refusal", "is_legal", "read", "refusal", "has_played",
           "still_to_discard"]


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


def is_legal(state, action) -> bool:
    """Whether the seat to act may do ``action`` now (:meth:`GameState.is_legal`)."""
    try:
        refusal(state, read(state, action))
    except IllegalAction:
        return False
    return True


def read(state, action):
    """``action`` read for the state's phase (text accepted); a poignée named by its level
    gets the trumps the state shows. Raises :class:`IllegalAction` for unreadable input."""
    if state.is_over:
        raise IllegalAction("The deal is over: no more actions.", Rule.DEAL_OVER)
    try:
        parsed = parse_action(action, state.phase)
    except ValueError as error:
        if state.phase is not Phase.BIDDING and _is_bid_word(action):
            raise IllegalAction(f"The auction is over: every seat has spoken once. "
                                f"Now: {_PHASE_WORDS[state.phase]}.", Rule.AUCTION_OVER,
                                state.to_act) from None
        if isinstance(error, IllegalAction):
            raise
        raise IllegalAction(str(error), Rule.BAD_INPUT, state.to_act) from None
    if isinstance(parsed, Poignee) and not parsed.cards:  # "poignee:simple": the trumps
        offered = {p.level: p for p in state.legal_actions() if isinstance(p, Poignee)}
        if parsed.level not in offered:
            refuse(state, f"You may not show a {parsed.level} poignée now: it is shown just "
                          f"before your first card, with enough trumps.", Rule.POIGNEE_COUNT)
        return offered[parsed.level]
    return parsed


def refuse(state, message: str, rule: str):
    """Raise :class:`IllegalAction` for the seat to act."""
    raise IllegalAction(message, rule, state.to_act)


def refusal(state, action) -> None:
    """Raise :class:`IllegalAction` if ``action`` (already read) is not allowed now; change
    nothing. The state's hooks (``playable``, ``_rules_hand``, ``_rules_trick``,
    ``_called_suit_applies``, ``_held_where``) say what its variant changes."""
    phase = state.phase
    seat = state.to_act
    if phase is Phase.PLAYING:
        if isinstance(action, Poignee):
            if state.seat_sides:
                refuse(state, "No poignée is shown in this game.", Rule.NO_POIGNEE)
            return _poignee_refusal(state, seat, action)
        if isinstance(action, Misere):
            return _misere_refusal(state, seat, action)
        if not isinstance(action, Card):
            refuse(state, f"Now seat {seat} plays a card to the trick.", Rule.WRONG_PHASE)
        bit = 1 << action.index
        if bit & state._legal_play_mask():
            return None
        if not bit & state.playable(seat):
            refuse(state, f"Seat {seat} does not hold {the(action)}{state._held_where}.",
                   Rule.NOT_IN_HAND)
        if state._called_suit_applies() and legal_mask(state.hands[seat], state.trick) & bit:
            refuse(state, f"The first lead may not be in the called suit "
                          f"({state.called.suit.english}), except the called card itself.",
                   Rule.CALLED_SUIT_LEAD)
        message, rule = explain_refusal(state._rules_hand(seat), state._rules_trick(), action)
        refuse(state, message, rule)
    elif phase is Phase.BIDDING:
        if not isinstance(action, Bid):
            refuse(state, "Now it is the auction: pass or bid.", Rule.WRONG_PHASE)
        if action is Bid.PASS:
            return None
        if action not in state.rules.bids:
            refuse(state, f"{action.english} is not a bid in these rules.", Rule.UNKNOWN_BID)
        highest = max((bid for _, bid in state.bids), default=Bid.PASS)
        if not highest < action:
            refuse(state, f"{action.english} does not beat the {highest.english} already bid: "
                          f"bid higher or pass.", Rule.BID_TOO_LOW)
    elif phase is Phase.DISCARD:
        if not isinstance(action, Card):
            refuse(state, "Now the taker lays cards aside: choose a card to discard.",
                   Rule.WRONG_PHASE)
        problem = discard_refusal(state.hands[seat], action.index, still_to_discard(state))
        if problem:
            refuse(state, *problem)
    elif phase is Phase.SLAM:
        if not isinstance(action, Slam):
            refuse(state, "Now the taker says 'chelem' or 'no_chelem'.", Rule.WRONG_PHASE)
        if action is Slam.ANNOUNCE_PETIT and not state.rules.petit_chelem:
            refuse(state, "A petit chelem is announced only with the variant petit_chelem.",
                   Rule.NO_PETIT_CHELEM)
    elif phase is Phase.CALLING:
        if not isinstance(action, Card) or action not in state._callable_cards():
            refuse(state, call_refusal(state._callable_cards()), Rule.CALL)
    return None


def _poignee_refusal(state, seat: int, poignee: Poignee) -> None:
    if state.tricks or seat in state.poignees or has_played(state, seat):
        refuse(state, "A poignée is shown just before your first card, once.",
               Rule.POIGNEE_TIMING)
    problem = poignee_problem(state.hands[seat], poignee.cards, poignee.level, state.rules)
    if problem:
        refuse(state, *problem)


def _misere_refusal(state, seat: int, misere: Misere) -> None:
    if not state.rules.misere:
        refuse(state, "Misère is declared only with the variant misere.", Rule.NO_MISERE)
    if state.seat_sides:
        refuse(state, "No misère is declared in this game.", Rule.NO_MISERE)
    if state.tricks or has_played(state, seat):
        refuse(state, "A misère is declared just before your first card.", Rule.MISERE_TIMING)
    if misere.kind in state.miseres.get(seat, ()):
        refuse(state, f"Seat {seat} has already declared the {misere.kind} misère.",
               Rule.MISERE_TIMING)
    problem = misere_problem(state.hands[seat], misere.kind, f"seat {seat}")
    if problem:
        refuse(state, problem, Rule.MISERE_HAND)


def has_played(state, seat: int) -> bool:
    """Whether ``seat`` has a card in the trick on the table."""
    return any(seat == (state.leader + k) % state.rules.players for k in range(len(state.trick)))


def still_to_discard(state) -> int:
    """How many cards the taker has still to lay aside."""
    return state.rules.dog_size - len(state.discard)
