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

from .cards import DECK, KING, Card, PLAIN_SUITS, cards_of
from .declarations import Slam, hand_mask
from .rules import Bid, Phase, RuleSet

__all__ = ["first_to_act", "next_dealer", "legal_bids", "DOG_DESTINATIONS", "dog_destination",
           "callable_cards", "CALL_RANKS", "bid", "call", "discard", "announce"]


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
    highest = Bid.PASS
    for bid in bids_so_far:
        if type(bid) is not Bid:
            bid = Bid.parse(bid)
        if highest < bid:
            highest = bid
    return [Bid.PASS] + [bid for bid in (rules or _FFT).bids if highest < bid]


_FFT = RuleSet()


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


# ----- the actions of the auction, each already checked (GameState.play calls them) -----


def bid(state, bid: Bid) -> None:
    """The seat to act says ``bid``; after the last seat, the taker (or everybody passed:
    the state's ``_all_passed``)."""
    seat = state.to_act
    state.bids.append((seat, bid))
    state.events.append(("bid", seat, bid))
    players = state.rules.players
    if len(state.bids) < players:
        state.to_act = (seat + 1) % players
        return
    best_seat, best = max(state.bids, key=lambda item: item[1])
    if best is Bid.PASS:
        state._all_passed()
        return
    state.taker, state.contract = best_seat, best
    state.events.append(("taker", best_seat, best))
    state.to_act = best_seat
    if state.rules.has_partner_call:
        state.phase = Phase.CALLING
    else:
        _after_call(state)


def call(state, card: Card) -> None:
    """Five players: the taker calls ``card``."""
    state.called = card
    state.events.append(("call", state.taker, card))
    _after_call(state)


def _after_call(state) -> None:
    if dog_destination(state.contract) == "taken":
        state.events.append(("dog_shown", tuple(cards_of(state.dog))))
        state.hands[state.taker] |= state.dog
        state.phase = Phase.DISCARD
    else:
        state.events.append(("dog_set_aside",))
        _to_slam_phase(state)


def discard(state, card: Card) -> None:
    """The taker lays ``card`` aside; the last one leads to the slam announcement."""
    state.hands[state.taker] &= ~(1 << card.index)
    state.discard.append(card.index)
    if card.is_trump:
        state.events.append(("discarded_trump", state.taker, card))
    if len(state.discard) == state.rules.dog_size:
        state.events.append(("discard_done", state.taker))
        _to_slam_phase(state)


def _to_slam_phase(state) -> None:
    if state.called is not None:
        holder = next(seat for seat in range(state.rules.players)
                      if state.hands[seat] >> state.called.index & 1) \
            if any(h >> state.called.index & 1 for h in state.hands) else None
        state.partner = holder if holder != state.taker else None
    state.phase = Phase.SLAM
    state.to_act = state.taker


def announce(state, choice: Slam) -> None:
    """The taker announces a slam (or a petit chelem) or not; then the cards are played."""
    state.chelem_announced = choice is Slam.ANNOUNCE
    if state.chelem_announced:
        state.events.append(("chelem_announced", state.taker))
    state.petit_chelem_announced = choice is Slam.ANNOUNCE_PETIT
    if state.petit_chelem_announced:  # our choice: like a slam, the announcer leads
        state.events.append(("petit_chelem_announced", state.taker))
    state.phase = Phase.PLAYING
    state.leader = state.taker if state.chelem_announced or state.petit_chelem_announced \
        else first_to_act(state.dealer, state.rules.players)
    state.to_act = state.leader
