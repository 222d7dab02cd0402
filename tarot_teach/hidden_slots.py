"""Where the hidden cards may be, for :mod:`tarot_teach.deal_sampling`: the other hands (and
the dog or the discard when unseen), each with its size, the cards it may hold and the cards
known to be there, from every fact of :mod:`tarot_teach.inference`; and random placements
that keep them all."""

from __future__ import annotations

import random

from .bidding import CALL_RANKS
from .cards import DECK, SUIT_MASKS, TRUMP_MASK, Card, cards_of, mask_of
from .declarations import MISERE_KINDS
from .discard import FREE_DISCARD_MASK, KINGS_MASK
from .inference import _played_by, _trick_facts
from .rules import Phase, RuleSet
from .tricks import TRUMPS_ABOVE


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
