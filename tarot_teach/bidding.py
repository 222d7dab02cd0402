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
           "callable_cards", "CALL_RANKS", "BiddingMixin"]


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


class BiddingMixin:
    """The auction, the call, the dog and the discard, and the slam announcement, for
    :class:`~tarot_teach.game.GameState` (each method does an action already checked)."""

    def _bid(self, bid: Bid) -> None:
        seat = self.to_act
        self.bids.append((seat, bid))
        self.events.append(("bid", seat, bid))
        players = self.rules.players
        if len(self.bids) < players:
            self.to_act = (seat + 1) % players
            return
        best_seat, best = max(self.bids, key=lambda item: item[1])
        if best is Bid.PASS:
            self._all_passed()
            return
        self.taker, self.contract = best_seat, best
        self.events.append(("taker", best_seat, best))
        self.to_act = best_seat
        if self.rules.has_partner_call:
            self.phase = Phase.CALLING
        else:
            self._after_call()

    def _call(self, card: Card) -> None:
        self.called = card
        self.events.append(("call", self.taker, card))
        self._after_call()

    def _after_call(self) -> None:
        if dog_destination(self.contract) == "taken":
            self.events.append(("dog_shown", tuple(cards_of(self.dog))))
            self.hands[self.taker] |= self.dog
            self.phase = Phase.DISCARD
        else:
            self.events.append(("dog_set_aside",))
            self._to_slam_phase()

    def _discard(self, card: Card) -> None:
        self.hands[self.taker] &= ~(1 << card.index)
        self.discard.append(card.index)
        if card.is_trump:
            self.events.append(("discarded_trump", self.taker, card))
        if len(self.discard) == self.rules.dog_size:
            self.events.append(("discard_done", self.taker))
            self._to_slam_phase()

    def _to_slam_phase(self) -> None:
        if self.called is not None:
            holder = next(seat for seat in range(self.rules.players)
                          if self.hands[seat] >> self.called.index & 1) \
                if any(h >> self.called.index & 1 for h in self.hands) else None
            self.partner = holder if holder != self.taker else None
        self.phase = Phase.SLAM
        self.to_act = self.taker

    def _slam(self, choice: Slam) -> None:
        self.chelem_announced = choice is Slam.ANNOUNCE
        if self.chelem_announced:
            self.events.append(("chelem_announced", self.taker))
        self.petit_chelem_announced = choice is Slam.ANNOUNCE_PETIT
        if self.petit_chelem_announced:  # our choice: like a slam, the announcer leads
            self.events.append(("petit_chelem_announced", self.taker))
        self.phase = Phase.PLAYING
        self.leader = self.taker if self.chelem_announced or self.petit_chelem_announced \
            else first_to_act(self.dealer, self.rules.players)
        self.to_act = self.leader

    def _all_passed(self) -> None:
        """Everybody passed: the deal is void (the goulash variant plays it instead)."""
        self._void("all_passed")
