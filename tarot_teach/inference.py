"""What the table has shown: facts about the hidden hands that the rules of play reveal.

A seat that does not follow the suit led has none of it; one that throws a plain card
instead of trumping has no trump; one that plays a trump under the highest trump of the
trick has no trump above it (overtrumping is compulsory). A poignée shows trumps, the dog
is shown after a Take or a Guard, the taker knows the discard and everybody sees the
trumps in it. :func:`inferences` says these in words;
:func:`tarot_teach.deal_sampling.sample_deals` draws the hidden cards consistently with all of
them.

>>> from tarot_teach import GameState, RuleSet
>>> from tarot_teach.players import ComputerPlayer
>>> from tarot_teach.rules import Phase
>>> state, player = GameState.new(RuleSet(players=4), seed=3), ComputerPlayer()
>>> while state.phase is not Phase.PLAYING or len(state.tricks) < 8:
...     state.play(player.decide(state).action)
>>> for fact in inferences(state.view(3)):
...     print(fact.text)
Seat 2 has no diamonds (since trick 6).
Seat 2 took the dog: 1♠, 6♥, 3♦, Q♦ are in that hand or the discard.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SUIT_MASKS, TRUMP_MASK, Card, Suit, mask_of
from .tricks import TRUMPS_ABOVE

__all__ = ["Inference", "inferences", "seat_name"]


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
