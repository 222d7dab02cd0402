"""The auction and what follows it (RULES.md §3, §4, §10): who speaks first, which bids are
still allowed, where the dog goes, which card a five-player taker calls.

>>> first_to_act(dealer=0, players=4), first_to_act(3, 4), next_dealer(4, 5)
(1, 0, 0)
>>> [dog_destination(bid) for bid in ("take", "guard", "guard_without", "guard_against")]
['taken', 'taken', 'taker_unseen', 'defence_unseen']
>>> [str(c) for c in callable_cards("KS KH KD QC 2S")]
['KS', 'KH', 'KD', 'KC']
>>> [str(c) for c in callable_cards("KS KH KD KC 2S")]
['QS', 'QH', 'QD', 'QC']
>>> legal_bids(["pass", "guard"])
[<Bid.PASS: 'pass'>, <Bid.GUARD_WITHOUT: 'guard_without'>, <Bid.GUARD_AGAINST: 'guard_against'>]
"""

from __future__ import annotations

from .cards import DECK, KING, Card, PLAIN_SUITS
from .declarations import hand_mask
from .rules import Bid, RuleSet

__all__ = ["first_to_act", "next_dealer", "legal_bids", "DOG_DESTINATIONS", "dog_destination",
           "callable_cards", "CALL_RANKS"]


def first_to_act(dealer: int, players: int) -> int:
    """The seat that bids first and leads the first trick (unless a slam is announced): the
    one after the dealer in the order of play (to the dealer's right at a real table)."""
    return (dealer + 1) % players


def next_dealer(dealer: int, players: int) -> int:
    """The next deal is dealt by the next seat in the order of play (also after a void deal)."""
    return (dealer + 1) % players


def legal_bids(bids_so_far, rules: "RuleSet | None" = None) -> list[Bid]:
    """What the next seat may say: pass, or any contract of the rule set higher than every
    earlier bid."""
    rules = rules or RuleSet()
    highest = max((Bid.parse(bid) for bid in bids_so_far), default=Bid.PASS)
    return [Bid.PASS] + [bid for bid in rules.bids if highest < bid]


DOG_DESTINATIONS = {
    "taken": "shown to everybody, taken into the taker's hand; the taker lays as many aside",
    "taker_unseen": "unseen; it counts for the taker at the end",
    "defence_unseen": "unseen; it counts for the defence at the end",
}
"""The three things that can happen to the dog (RULES.md §4), by key."""


def dog_destination(bid) -> str:
    """Where the dog goes under a contract: a key of :data:`DOG_DESTINATIONS`."""
    bid = Bid.parse(bid)
    if bid is Bid.PASS:
        raise ValueError("nobody took: the dog goes nowhere")
    if bid.takes_dog:
        return "taken"
    return "defence_unseen" if bid is Bid.GUARD_AGAINST else "taker_unseen"


CALL_RANKS = (KING, KING - 1, KING - 2, KING - 3)
"""Five players: the taker calls a King; holding all four, a Queen; then a Knight; then a Jack."""


def callable_cards(hand) -> list[Card]:
    """Five players: the cards the taker may call, from the hand the taker held before the dog:
    the four Kings, or the four Queens when the hand holds every King, and so on down to the
    Jacks. A taker may call a card he holds himself (he then plays alone)."""
    mask = hand_mask(hand)
    for rank in CALL_RANKS:
        cards = [DECK[22 + 14 * n + rank - 1] for n in range(len(PLAIN_SUITS))]
        if not all(mask >> c.index & 1 for c in cards):
            return cards
    return []
