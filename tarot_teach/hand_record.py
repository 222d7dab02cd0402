"""A deal and its hand record (HAND_RECORD.md): building a deal from given hands, checked
for completeness, and writing the deal back as a record.

:func:`read_deal` checks what :meth:`~tarot_teach.game.GameState.from_hands` is given and
:func:`to_record` writes a state back; :func:`tarot_teach.replay` plays a record's steps
through the deal.

>>> from tarot_teach.game import GameState
>>> state = GameState.new(seed=4)
>>> again = GameState.from_hands(state.rules, state.to_record()["hands"], state.to_record()["dog"])
>>> again.dealt_hands == state.dealt_hands
True
"""

from __future__ import annotations

from .cards import DECK, Card, cards_of, parse_card
from .errors import InvalidRecord
from .rules import RuleSet

__all__ = ["read_deal", "to_record"]


def read_deal(rules: RuleSet, hands, dog, dealer: int = 0, piles=None) -> tuple:
    """Given hands and dog (lists of cards or names), checked for completeness, as the
    arguments of a game's constructor: ``(hand masks, dog mask, dealer, table)``.

    Two players: ``piles`` gives each seat's six piles of three cards, bottom first.

    >>> read_deal(RuleSet(players=3), [["KH"]] * 3, [])
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: seat 0 holds 1 cards; with 3 players a hand holds 24
    """
    if not isinstance(hands, (list, tuple)) or len(hands) != rules.players:
        raise InvalidRecord(f"hands must list {rules.players} hands")
    masks = []
    seen = 0
    for seat, hand in enumerate(hands):
        cards = _read_cards(hand, f"hand of seat {seat}")
        if len(cards) != rules.hand_size:
            raise InvalidRecord(f"seat {seat} holds {len(cards)} cards; "
                                f"with {rules.players} players a hand holds {rules.hand_size}")
        masks.append(_unique_mask(cards, seen, f"hand of seat {seat}"))
        seen |= masks[-1]
    dog_cards = _read_cards(dog, "dog")
    if len(dog_cards) != rules.dog_size:
        raise InvalidRecord(f"the dog holds {len(dog_cards)} cards; "
                            f"with {rules.players} players it holds {rules.dog_size}")
    dog_mask = _unique_mask(dog_cards, seen, "dog")
    seen |= dog_mask
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise InvalidRecord(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
    table = None
    if rules.two_players:
        table = []
        if not isinstance(piles, (list, tuple)) or len(piles) != 2:
            raise InvalidRecord("two players: piles must list each seat's six piles")
        for seat, seat_piles in enumerate(piles):
            if not isinstance(seat_piles, (list, tuple)) or len(seat_piles) != 6:
                raise InvalidRecord(f"seat {seat} must have six piles on the table")
            table.append([])
            for number, pile in enumerate(seat_piles):
                cards = _read_cards(pile, f"pile {number} of seat {seat}")
                if len(cards) != 3:
                    raise InvalidRecord(f"pile {number} of seat {seat} holds {len(cards)} "
                                        "cards, not 3")
                mask = _unique_mask(cards, seen, f"pile {number} of seat {seat}")
                seen |= mask
                table[-1].append([c.index for c in cards])
    elif piles is not None:
        raise InvalidRecord("only a two-player deal has piles on the table")
    return masks, dog_mask, dealer, table


def to_record(state) -> dict:
    """This deal as a hand record (HAND_RECORD.md), as far as it has gone."""
    record = {
        "players": state.rules.players,
        "variant": state.rules.to_record(),
        "dealer": state.dealer,
        "hands": [[str(c) for c in cards_of(h)] for h in state.dealt_hands],
        "dog": [str(c) for c in cards_of(state.dealt_dog)],
        "bids": [bid.value for _, bid in state.bids],
    }
    if state.dealt_table is not None:
        record["piles"] = [[[str(DECK[i]) for i in pile] for pile in piles]
                           for piles in state.dealt_table]
    if state.called is not None:
        record["called"] = str(state.called)
    if state.discard:
        record["discard"] = [str(DECK[i]) for i in state.discard]
    if state.chelem_announced or state.poignees:
        record["declarations"] = {
            "chelem": state.chelem_announced,
            "poignees": {str(seat): [str(c) for c in cards]
                         for seat, cards in sorted(state.poignees.items())}}
    if state.petit_chelem_announced or state.miseres:
        declarations = record.setdefault("declarations", {"chelem": False, "poignees": {}})
        if state.petit_chelem_announced:
            declarations["petit_chelem"] = True
        if state.miseres:
            declarations["miseres"] = {
                str(seat): kinds[0] if len(kinds) == 1 else list(kinds)
                for seat, kinds in sorted(state.miseres.items())}
    tricks = [[str(DECK[i]) for i in cards] for _, cards, _ in state.tricks]
    if state.trick:
        tricks.append([str(DECK[i]) for i in state.trick])
    record["tricks"] = tricks
    return record


def _read_cards(cards, what: str) -> list[Card]:
    if isinstance(cards, str) or not isinstance(cards, (list, tuple)):
        raise InvalidRecord(f"the {what} must be a list of card names, not {cards!r}")
    try:
        return [parse_card(c) for c in cards]
    except ValueError as error:
        raise InvalidRecord(f"in the {what}: {error}") from None


def _unique_mask(cards: list[Card], seen: int, what: str) -> int:
    mask = 0
    for card in cards:
        bit = 1 << card.index
        if (mask | seen) & bit:
            raise InvalidRecord(f"{card} appears twice (again in the {what})")
        mask |= bit
    return mask
