"""What the table has shown: facts about the hidden hands that the rules of play reveal.

A seat that does not follow the suit led has none of it; one that throws a plain card
instead of trumping has no trump; one that plays a trump under the highest trump of the
trick has no trump above it (overtrumping is compulsory). A poignée shows trumps, the dog
is shown after a Take or a Guard, the taker knows the discard and everybody sees the
trumps in it. :func:`inferences` says these in words; :func:`sample_deals` draws the
hidden cards consistently with all of them.

>>> from tarot_teach import GameState, RuleSet
>>> from tarot_teach.players import ComputerPlayer
>>> state, player = GameState.new(RuleSet(players=4), seed=3), ComputerPlayer()
>>> while state.phase is not Phase.PLAYING or len(state.tricks) < 8:
...     state.play(player.decide(state).action)
>>> for fact in inferences(state.view(3)):
...     print(fact.text)
Seat 2 has no diamonds (since trick 6).
Seat 2 took the dog: 1♠, 6♥, 3♦, Q♦ are in that hand or the discard.
>>> deals = sample_deals(state.view(3), 5, random.Random(1))
>>> all(deal.hands[3] == state.hands[3] and deal.tricks == state.tricks for deal in deals)
True
>>> any(deal.hands[2] & SUIT_MASKS[Suit.DIAMONDS] for deal in deals)
False
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .bidding import CALL_RANKS
from .cards import DECK, SUIT_MASKS, TRUMP_MASK, Card, Suit, cards_of, mask_of
from .deal import has_petit_sec
from .declarations import MISERE_KINDS
from .discard import FREE_DISCARD_MASK, KINGS_MASK
from .errors import IllegalAction, InvalidRecord
from .game import GameState, Misere, Poignee, Slam
from .rules import Phase, RuleSet
from .scoring import HANDFUL_LEVELS
from .tricks import TRUMPS_ABOVE

__all__ = ["Inference", "inferences", "sample_deals", "seat_name"]


@dataclass(frozen=True)
class Inference:
    """One fact about another seat's hand, learnt from the cards shown.

    ``kind``: ``"void"`` (no card of ``suit``), ``"no_trump"``, ``"trumps_below"`` (no
    trump above ``limit``), ``"holds"`` (the seat holds ``cards``: the rest of a poignée, the
    dog taken by the taker, in the hand or the discard), ``"partner"`` (the seat held the
    called card ``cards[0]``), ``"discard"`` (the cards laid aside, known
    to the taker; everybody sees its trumps). ``since_trick`` is 1-based (0: before the
    first trick).
    """

    seat: int
    kind: str
    suit: "Suit | None" = None
    limit: "int | None" = None
    since_trick: int = 0
    text: str = ""
    cards: tuple[Card, ...] = ()


def seat_name(seat: int, names=None) -> str:
    """``names[seat]`` when names are given, else ``Seat 2``."""
    return names[seat] if names else f"Seat {seat}"


def _trick_facts(view):
    """(seat, kind, suit, limit, trick number) for every card that revealed something."""
    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.current_trick:
        tricks.append((view.current_trick[0][0], tuple(card for _, card in view.current_trick)))
    players = view.players
    for number, (leader, cards) in enumerate(tricks, start=1):
        led = None
        highest = 0
        for position, card in enumerate(cards):
            seat = (leader + position) % players
            if card.is_excuse:
                continue
            if led is None:
                led = card.suit
                if card.is_trump:
                    highest = card.rank
                continue
            if led.is_plain and card.suit is not led:
                yield seat, "void", led, None, number
            if not card.is_trump:
                if led.is_plain and card.suit is not led or led is Suit.TRUMPS:
                    yield seat, "no_trump", None, None, number
            elif card.rank < highest:
                yield seat, "trumps_below", None, highest, number
            if card.is_trump:
                highest = max(highest, card.rank)


def inferences(view, names=None) -> list[Inference]:
    """What ``view`` (``state.view(seat)``) lets that seat infer about the others' hands,
    the strongest fact of each kind per seat (earliest trick first). ``names`` (one per
    seat) words the texts; by default seats are ``Seat N``.
    """
    me = view.seat
    hidden = ((1 << 78) - 1) & ~mask_of(view.hand) & ~_played_mask(view) \
        & ~mask_of(view.discard or ())
    voids: dict[tuple[int, Suit], int] = {}
    no_trump: dict[int, int] = {}
    below: dict[int, tuple[int, int]] = {}
    for seat, kind, suit, limit, number in _trick_facts(view):
        if seat == me:
            continue
        # Only what still says something about the hidden cards.
        if kind == "void" and not hidden & SUIT_MASKS[suit] \
                or kind == "no_trump" and not hidden & TRUMP_MASK \
                or kind == "trumps_below" and not hidden & TRUMPS_ABOVE[limit]:
            continue
        if kind == "void":
            voids.setdefault((seat, suit), number)
        elif kind == "no_trump":
            no_trump.setdefault(seat, number)
        elif seat not in below or limit < below[seat][0]:
            below[seat] = (limit, number)
    facts = []
    for (seat, suit), number in sorted(voids.items(), key=lambda item: (item[1], item[0][0])):
        facts.append(Inference(seat, "void", suit=suit, since_trick=number,
                               text=f"{seat_name(seat, names)} has no {suit.english} "
                                    f"(since trick {number})."))
    for seat, number in sorted(no_trump.items(), key=lambda item: item[1]):
        facts.append(Inference(seat, "no_trump", since_trick=number,
                               text=f"{seat_name(seat, names)} has no trumps "
                                    f"(since trick {number})."))
    for seat, (limit, number) in sorted(below.items(), key=lambda item: item[1][1]):
        if seat in no_trump:
            continue
        facts.append(Inference(seat, "trumps_below", limit=limit, since_trick=number,
                               text=f"{seat_name(seat, names)} has no trump above the {limit} "
                                    f"(since trick {number}: it could not overtrump)."))
    played = _played_mask(view)
    for seat, shown in sorted(view.poignees.items()):
        if seat == me:
            continue
        left = tuple(c for c in shown if not played >> c.index & 1)
        if left:
            facts.append(Inference(seat, "holds", since_trick=1, cards=left,
                                   text=f"{seat_name(seat, names)} showed a poignée and still "
                                        f"holds " + ", ".join(c.short_name for c in left) + "."))
    if view.called is not None and view.partner is not None and view.partner != me:
        facts.append(Inference(view.partner, "partner", cards=(view.called,),
                               since_trick=_called_trick(view),
                               text=f"{seat_name(view.partner, names)} held {view.called.name}: "
                                    f"the taker's partner."))
    dog_left = tuple(c for c in view.dog or () if not played >> c.index & 1)
    if dog_left and view.taker is not None and view.taker != me \
            and view.contract is not None and view.contract.takes_dog:
        facts.append(Inference(view.taker, "holds", cards=dog_left,
                               text=f"{seat_name(view.taker, names)} took the dog: "
                                    + ", ".join(c.short_name for c in dog_left)
                                    + " are in that hand or the discard."))
    if view.discard is not None and view.taker == me:
        facts.append(Inference(me, "discard", cards=tuple(view.discard),
                               text="My discard: " + ", ".join(c.short_name for c in view.discard)
                                    + " (out of play, counted for my side)."))
    elif view.discarded_trumps:
        facts.append(Inference(view.taker, "discard", cards=tuple(view.discarded_trumps),
                               text=f"{seat_name(view.taker, names)} discarded "
                                    + ", ".join(c.short_name for c in view.discarded_trumps)
                                    + " (shown to everybody)."))
    return facts


def _called_trick(view) -> int:
    for number, (_, cards, _) in enumerate(view.tricks, start=1):
        if view.called in cards:
            return number
    return len(view.tricks) + 1


def _played_by(view) -> dict[int, int]:
    played: dict[int, int] = {}
    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.current_trick:
        tricks.append((view.current_trick[0][0], tuple(card for _, card in view.current_trick)))
    for leader, cards in tricks:
        for position, card in enumerate(cards):
            seat = (leader + position) % view.players
            played[seat] = played.get(seat, 0) | 1 << card.index
    return played


def _played_mask(view) -> int:
    mask = 0
    for cards in _played_by(view).values():
        mask |= cards
    return mask


# ----- sampling ------------------------------------------------------------------------


class _Slots:
    """The places the hidden cards may be in, with their sizes and what each may hold.

    ``allowed[slot]``: the cards the slot may hold; ``fixed[slot]``: the cards known to be
    there; ``limits``: ``(slot, mask, most)``, at most ``most`` cards of ``mask`` in the slot.
    A view that no deal can fit raises ``ValueError`` with a sentence in words.
    """

    def __init__(self, view, rules: RuleSet) -> None:
        me = view.seat
        players = view.players
        self.me = me
        played = _played_by(view)
        played_all = 0
        for cards in played.values():
            played_all |= cards
        known = mask_of(view.hand) | played_all
        self.fixed: dict[int, int] = {}  # slot -> cards known to be there
        self.sizes: list[int] = []
        self.allowed: list[int] = []  # slot -> mask of the cards it may hold
        self.limits: list[tuple[int, int, int]] = []
        self.seats: list[int] = []
        everything = (1 << 78) - 1
        for seat in range(players):
            if seat == me:
                continue
            self.seats.append(seat)
            self.sizes.append(view.hand_sizes[seat])
            self.allowed.append(everything)
        contract = view.contract
        self.aside = None  # "discard" or "dog" when a hidden slot holds it
        taker = view.taker
        taker_slot = self.seats.index(taker) if taker is not None and taker != me else None
        dog_taken = contract is not None and contract.takes_dog \
            and view.phase not in (Phase.BIDDING, Phase.CALLING)
        discard_slot = None
        if dog_taken:
            if view.discard is None and taker_slot is not None:
                # The discard, hidden from this seat but for its trumps; in the discard
                # phase, what the taker has laid aside so far.
                self.aside = "discard"
                discard_slot = len(self.sizes)
                laid = rules.dog_size
                if view.phase is Phase.DISCARD:
                    laid = rules.hand_size + rules.dog_size - view.hand_sizes[taker]
                self.sizes.append(laid)
                trumps = mask_of(view.discarded_trumps)
                self.allowed.append(FREE_DISCARD_MASK | trumps)
                self.fixed[discard_slot] = trumps
                if trumps and view.phase is not Phase.DISCARD:
                    # §5: a trump goes to the discard only when nothing else can: the taker
                    # laid aside every plain card but its Kings.
                    self.allowed[taker_slot] &= ~FREE_DISCARD_MASK
                elif trumps:
                    # Each trump went when fewer free cards were left than cards to lay
                    # aside: the hand keeps at most that many until the discard is done.
                    self.limits.append((taker_slot, FREE_DISCARD_MASK, rules.dog_size - laid))
        elif view.dog is None and rules.dog_size:
            self.aside = "dog"
            self.sizes.append(rules.dog_size)
            self.allowed.append(everything)
        if view.discard is not None:
            known |= mask_of(view.discard)
        if self.aside != "dog" and view.dog is not None and not dog_taken:
            known |= mask_of(view.dog)
        # What the play revealed.
        for seat, kind, suit, limit, _ in _trick_facts(view):
            if seat == me:
                continue
            slot = self.seats.index(seat)
            if kind == "void":
                self.allowed[slot] &= ~SUIT_MASKS[suit]
            elif kind == "no_trump":
                self.allowed[slot] &= ~TRUMP_MASK
            else:
                self.allowed[slot] &= ~TRUMPS_ABOVE[limit]
        for seat, shown in view.poignees.items():  # only the poignées shown so far
            if seat != me:
                slot = self.seats.index(seat)
                self.fixed[slot] = self.fixed.get(slot, 0) | (mask_of(shown) & ~played_all)
                if any(card.is_excuse for card in shown):  # it had no other trump to show
                    self.allowed[slot] &= ~TRUMP_MASK | mask_of(shown)
        for seat, kinds in view.miseres.items():  # a misère shows what the hand lacks
            if seat != me:
                for kind in kinds:
                    self.allowed[self.seats.index(seat)] &= ~MISERE_KINDS[kind]
        # The dog, once shown, is in the taker's hand or discard.
        homes = [slot for slot in (taker_slot, discard_slot) if slot is not None]
        self.homes: list[int] = []
        self.kept = 0  # cards that are in one of the slots self.homes
        self.dog_cards = 0
        if view.dog is not None and dog_taken and taker_slot is not None:
            self.dog_cards = mask_of(view.dog) & ~played_all
            self._keep_in(homes, self.dog_cards)
        # §10: a Queen is called only by a taker holding the four Kings (a Knight: the
        # Kings and the Queens, ...). Kings are never discarded: those not played are in
        # the taker's hand; a Queen or a Knight may also be in the discard.
        held = _held_at_call(view.called)
        if held and taker_slot is not None:
            others = played_all & ~played.get(taker, 0) | mask_of(view.hand)
            if held & others:
                raise ValueError(f"This view does not add up: {view.called.name} was called, "
                                 f"so the taker held every card above it, yet another seat "
                                 f"had {cards_of(held & others)[0].name}.")
            held &= ~played_all
            if discard_slot is None:
                self.fixed[taker_slot] = self.fixed.get(taker_slot, 0) | held
            else:
                self.fixed[taker_slot] = self.fixed.get(taker_slot, 0) | held & KINGS_MASK
                self._keep_in(homes, held & ~KINGS_MASK)
        fixed_all = 0
        for slot, cards in self.fixed.items():
            fixed_all |= cards
            if cards & ~self.allowed[slot]:
                raise ValueError("This view does not add up: a card known to be in a hand "
                                 "is one that the play showed it cannot hold.")
        self.pool = everything & ~known & ~fixed_all
        self.free_sizes = [self.sizes[slot] - self.fixed.get(slot, 0).bit_count()
                           for slot in range(len(self.sizes))]
        if sum(self.free_sizes) != self.pool.bit_count() or min(self.free_sizes, default=0) < 0:
            raise ValueError("This view does not add up: the cards not yet seen do not fit "
                             "the hands, the dog and the discard.")
        # For propose: the places (one per hidden card) and the cards kept to the homes.
        self.kept &= self.pool
        self.places = [slot for slot, size in enumerate(self.free_sizes) for _ in range(size)]
        self.home_places = [place for place, slot in enumerate(self.places)
                            if slot in self.homes]
        self.kept_cards = [card.index for card in cards_of(self.kept)]
        self.other_cards = [card.index for card in cards_of(self.pool & ~self.kept)]
        self.order = sorted(range(len(self.sizes)), key=lambda slot: -self.free_sizes[slot]
                            * (self.pool & ~self.kept & ~self.allowed[slot]).bit_count())

    def _keep_in(self, homes: list[int], cards: int) -> None:
        """``cards`` are in one of the slots ``homes``, in no other."""
        self.homes = homes
        self.kept |= cards
        for slot in range(len(self.sizes)):
            if slot not in homes:
                self.allowed[slot] &= ~cards

    def within_limits(self, masks: list[int]) -> bool:
        return all((masks[slot] & mask).bit_count() <= most for slot, mask, most in self.limits)

    def propose(self, rng: random.Random) -> "list[int] | None":
        """A uniformly random placement of the pool; None if it breaks a constraint.

        The cards kept to the homes (the dog's, say) go to places there first, uniformly;
        the other cards are dealt to the other places one by one, the slots that refuse
        the most cards first, stopping at the first card refused: uniform over the
        placements that keep the homes, and quick to reject."""
        masks = [self.fixed.get(slot, 0) for slot in range(len(self.sizes))]
        need = list(self.free_sizes)
        allowed = self.allowed
        kept = self.kept_cards
        if kept:
            if len(kept) > len(self.home_places):
                return None
            for place, index in zip(rng.sample(self.home_places, len(kept)), kept):
                slot = self.places[place]
                if not allowed[slot] >> index & 1:
                    return None
                masks[slot] |= 1 << index
                need[slot] -= 1
        cards = self.other_cards[:]
        left = len(cards)
        uniform = rng.random
        position = 0
        for slot in self.order:
            mask = masks[slot]
            room = allowed[slot]
            for _ in range(need[slot]):
                pick = position + int(uniform() * left)
                index = cards[pick]
                if not room >> index & 1:
                    return None
                cards[pick] = cards[position]
                position += 1
                left -= 1
                mask |= 1 << index
            masks[slot] = mask
        return masks if self.within_limits(masks) else None

    def consistent_start(self, rng: random.Random) -> "list[int] | None":
        """Some placement that keeps every constraint (a random matching of cards to
        places), None if there is none."""
        cards = cards_of(self.pool)
        rng.shuffle(cards)
        units = []  # (slot, the cards this place in the slot may take)
        for slot, size in enumerate(self.free_sizes):
            room = size
            for limited, mask, most in self.limits:
                if limited == slot:
                    room = min(room, most - (self.fixed.get(slot, 0) & mask).bit_count())
                    if room < 0:
                        return None
                    units += [(slot, self.allowed[slot] & ~mask)] * (size - room)
            units += [(slot, self.allowed[slot])] * room
        rng.shuffle(units)
        owner: dict[int, int] = {}  # unit -> card index

        def place(card: Card, seen: set) -> bool:
            for unit, (_, allowed) in enumerate(units):
                if unit in seen or not allowed >> card.index & 1:
                    continue
                seen.add(unit)
                if unit not in owner or place(DECK[owner[unit]], seen):
                    owner[unit] = card.index
                    return True
            return False

        for card in cards:
            if not place(card, set()):
                return None
        masks = [self.fixed.get(slot, 0) for slot in range(len(self.sizes))]
        for unit, index in owner.items():
            masks[units[unit][0]] |= 1 << index
        return masks

    def shuffle_chain(self, masks: list[int], rng: random.Random, steps: int) -> list[int]:
        """Random swaps of two hidden cards between places, kept when both may go: a
        symmetric chain whose stationary law is uniform over the consistent placements."""
        masks = list(masks)
        movable = [cards_of(masks[slot] & ~self.fixed.get(slot, 0)) for slot in range(len(masks))]
        slots = [slot for slot in range(len(masks)) if movable[slot]]
        if len(slots) < 2:
            return masks
        limits = self.limits
        count = len(slots)
        uniform = rng.random
        for _ in range(steps):
            a = slots[int(uniform() * count)]
            b = slots[int(uniform() * (count - 1))]
            if b == a:
                b = slots[count - 1]  # two different places, each pair equally likely
            i, j = int(uniform() * len(movable[a])), int(uniform() * len(movable[b]))
            x, y = movable[a][i], movable[b][j]
            if self.allowed[b] >> x.index & 1 and self.allowed[a] >> y.index & 1:
                swap = (1 << x.index) | (1 << y.index)
                masks[a] ^= swap
                masks[b] ^= swap
                if limits and not self.within_limits(masks):
                    masks[a] ^= swap
                    masks[b] ^= swap
                    continue
                movable[a][i], movable[b][j] = y, x
        return masks


def _held_at_call(called: "Card | None") -> int:
    """The cards a taker who called ``called`` must have held: every card of the ranks
    above it in :data:`CALL_RANKS` (none for a King)."""
    held = 0
    if called is None or not called.suit.is_plain:
        return 0
    for rank in CALL_RANKS:
        if rank == called.rank:
            break
        for suit in range(4):
            held |= 1 << (22 + 14 * suit + rank - 1)
    return held


def sample_deals(view, n, rng, *, rules: "RuleSet | None" = None,
                 tries: int = 400) -> list[GameState]:
    """``n`` full open states consistent with ``view`` and every inference, each replayed
    through the engine from the deal (so each is a deal the rules allow, at the same point).

    Hidden cards are placed uniformly among the consistent deals by rejection; when
    consistent deals are too rare for that (``tries`` draws without one), a chain of
    random swaps from a consistent deal takes over, moving only to deals the engine
    accepts (uniform in the limit). ``rules`` defaults to the FFT rules for the view's
    number of players. A view that no deal fits raises ``ValueError`` with a sentence
    in words.
    """
    rules = rules or RuleSet(players=view.players)
    if rules.two_players:
        raise ValueError("sampling the hidden cards is not available for two players")
    slots = _Slots(view, rules)
    deals = []
    chain = None
    refused = 0  # rejection draws that kept every constraint but the engine refused
    steps = 30 * len(slots.sizes) + 200
    while len(deals) < n:
        if chain is None:
            masks = None
            for _ in range(tries):
                masks = slots.propose(rng)
                if masks is not None:
                    break
            if masks is not None:
                state = _rebuild(view, rules, slots, masks)
                if state is not None:
                    deals.append(state)
                    continue
                refused += 1
                if refused <= tries // 4:
                    continue
            chain = _chain_start(view, rules, slots, rng)
            continue
        for _ in range(max(tries, 50)):
            masks = slots.shuffle_chain(chain, rng, steps)
            state = _rebuild(view, rules, slots, masks)
            if state is not None:
                break
        else:
            raise ValueError(_NO_DEAL)
        deals.append(state)
        chain = masks  # the chain moves only to deals the engine accepts
    return deals


_NO_DEAL = ("No deal fits everything this seat has seen: the rules would not have allowed "
            "the cards played with any sharing out of the hidden cards.")


def _chain_start(view, rules: RuleSet, slots: _Slots, rng: random.Random):
    """A placement keeping every constraint that the engine accepts (the chain's start),
    from several random matchings; ``ValueError`` in words if none is found."""
    for _ in range(40):
        masks = slots.consistent_start(rng)
        if masks is None:
            raise ValueError("No deal fits everything this seat has seen: the hidden cards "
                             "cannot be shared out so that each hand keeps what the play "
                             "showed about it.")
        state = _rebuild(view, rules, slots, masks)
        if state is None:  # a petit sec, say: swap from there before trying again
            masks = slots.shuffle_chain(masks, rng, 30 * len(slots.sizes) + 200)
            state = _rebuild(view, rules, slots, masks)
        if state is not None:
            return masks
    raise ValueError(_NO_DEAL)


def _rebuild(view, rules: RuleSet, slots: _Slots, masks: list[int]) -> "GameState | None":
    """The deal these hidden cards make, replayed to the view's point; None if the engine
    refuses it (a petit sec, a card the rules would not have allowed)."""
    players = view.players
    me = view.seat
    current = [0] * players
    current[me] = mask_of(view.hand)
    for slot, seat in enumerate(slots.seats):
        current[seat] = masks[slot]
    played = _played_by(view)
    taker = view.taker
    contract = view.contract
    discard: list[Card] = []
    dog_mask = mask_of(view.dog) if view.dog is not None else 0
    if slots.aside == "discard":
        aside = masks[len(slots.seats)]
        discard = sorted(cards_of(aside), key=lambda c: c.is_trump)  # trumps last
    elif view.discard is not None:
        discard = list(view.discard)
    if slots.aside == "dog":
        dog_mask = masks[len(slots.seats)]
    original = []
    for seat in range(players):
        hand = current[seat] | played.get(seat, 0)
        if seat == taker and contract is not None and contract.takes_dog \
                and view.phase not in (Phase.BIDDING, Phase.CALLING):
            hand = (hand | mask_of(discard)) & ~dog_mask
        original.append(hand)
    if any(h.bit_count() != rules.hand_size for h in original):
        return None
    if not rules.petit_imprenable and any(has_petit_sec(h) for h in original):
        return None
    try:
        state = GameState.from_hands(rules, [cards_of(h) for h in original], cards_of(dog_mask),
                                     view.dealer)
        for _, bid in view.bids:
            state.play(bid)
        if view.called is not None:
            state.play(view.called)
        if state.phase is Phase.DISCARD:
            for card in discard:
                state.play(card)
        if state.phase is Phase.SLAM and view.phase is not Phase.SLAM:
            state.play(Slam.ANNOUNCE if view.chelem_announced else
                       Slam.ANNOUNCE_PETIT if view.petit_chelem_announced else Slam.DECLINE)
        thresholds = dict(zip(rules.handful_thresholds, HANDFUL_LEVELS))
        declared = set()

        def declare(seat: int) -> None:
            if seat in declared or state.tricks:
                return
            declared.add(seat)
            if seat in view.poignees:
                shown = tuple(view.poignees[seat])
                state.play(Poignee(shown, thresholds[len(shown)]))
            for kind in view.miseres.get(seat, ()):
                state.play(Misere(kind))

        tricks = [cards for _, cards, _ in view.tricks]
        if view.current_trick:
            tricks.append(tuple(card for _, card in view.current_trick))
        for cards in tricks:
            for card in cards:
                declare(state.to_act)
                state.play(card)
        if state.phase is Phase.PLAYING and not state.tricks \
                and (state.to_act in view.poignees or state.to_act in view.miseres):
            declare(state.to_act)  # it declared and has not played yet
    except (IllegalAction, InvalidRecord, KeyError):
        return None
    if any(state.hands[seat] != current[seat] for seat in range(players)):
        return None
    return state
