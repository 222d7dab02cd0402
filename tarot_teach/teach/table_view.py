"""What the card table shows to one seat, as plain data (no widgets).

:func:`table_view` turns a deal and a seat into a dict the table draws: the seats
around the table with their roles, the trick in the middle with who played what,
the dog once the rules turn it face up, the discard only for the taker who made it,
and the seat's hand with, for each card, whether it may be played and the engine's
reason when it may not. Everything comes from :meth:`GameState.view` and the engine's
own refusals: nothing here re-derives a rule.

>>> from tarot_teach import GameState, RuleSet
>>> state = GameState.new(RuleSet(players=4), seed=1)
>>> view = table_view(state, 0, ("You", "Ada", "Bruno", "Chloé"))
>>> [seat["name"] for seat in view["seats"]], view["phase"]
(['You', 'Ada', 'Bruno', 'Chloé'], 'bidding')
>>> discard_counter(4, 6)
'4 of 6 chosen'
"""

from __future__ import annotations

from ..cards import DECK, Card, sort_cards
from ..errors import IllegalAction
from ..rules import Bid, Phase

__all__ = ["table_view", "hand_entries", "discard_counter", "action_label", "card_accessible_name",
           "possessive", "cards_phrase", "secret_discard_line", "seat_roles", "shown_facts",
           "trumps_still_out"]


def possessive(name: str) -> str:
    """ "Bruno's", and "Your" for the learner's seat ("You").

    >>> possessive("You"), possessive("Bruno")
    ('Your', "Bruno's")
    """
    return "Your" if name == "You" else f"{name}'s"


def cards_phrase(count: int) -> str:
    """ "1 card", "21 cards".

    >>> cards_phrase(1), cards_phrase(0)
    ('1 card', '0 cards')
    """
    return f"{count} card{'' if count == 1 else 's'}"


def discard_counter(chosen: int, size: int) -> str:
    """How far the discard has got: ``"4 of 6 chosen"``."""
    return f"{chosen} of {size} chosen"


def secret_discard_line(name: str, size: int, trumps=()) -> str:
    """The log's line for another seat's discard: it says that it happened, never which cards
    but the ``trumps`` among them (their names), shown to everybody (RULES.md, the discard).

    >>> secret_discard_line("Ada", 6)
    'Ada lays 6 cards aside, face down (only the taker knows them).'
    >>> secret_discard_line("Ada", 6, ["trump 5"]).endswith("shows the trump among them: trump 5.")
    True
    """
    line = f"{name} lays {cards_phrase(size)} aside, face down (only the taker knows them)"
    trumps = list(trumps)
    if trumps:
        line += (f", but shows the trump{'s' if len(trumps) > 1 else ''} among them: "
                 + ", ".join(trumps))
    return line + "."


def action_label(action, rules=None) -> str:
    """A non-card action as a button says it; bids show their multiplier.

    >>> action_label(Bid.GUARD), action_label(Bid.PASS)
    ('Guard ×2', 'Pass')
    """
    if isinstance(action, Bid):
        if action is Bid.PASS:
            return action.english
        times = rules.multiplier(action) if rules is not None else action.multiplier
        return f"{action.english} ×{times}"
    from ..game import Misere, Poignee, Slam

    if isinstance(action, Slam):
        return {Slam.ANNOUNCE: "Announce a slam", Slam.DECLINE: "No slam",
                Slam.ANNOUNCE_PETIT: "Announce a petit chelem"}[action]
    if isinstance(action, Misere):
        return f"Declare a {action.kind} misère"
    if isinstance(action, Poignee):
        return f"Show a {action.level} poignée"
    if isinstance(action, Card):
        return action.short_name
    return str(action)


def card_accessible_name(card: Card, playable: bool, reason: str = "", rules=None,
                         chosen: bool = False) -> str:
    """What a screen reader says for a card of the hand.

    >>> from tarot_teach.cards import parse_card
    >>> card_accessible_name(parse_card("KH"), True)
    'King of hearts, playable'
    >>> card_accessible_name(parse_card("KH"), False, "You hold spades (♠): you must follow spades.")
    'King of hearts, not playable: You hold spades (♠): you must follow spades.'
    """
    name = card.display_name(rules)
    if chosen:
        return f"{name}, chosen for the discard"
    if playable:
        return f"{name}, playable"
    return f"{name}, not playable: {reason}" if reason else f"{name}, not playable"


def hand_entries(state, seat: int) -> list[dict]:
    """The seat's cards in display order, each ``{"card", "playable", "reason", "idle", "pile"}``
    (``idle``: cards are not being played or discarded now, e.g. during the auction;
    ``pile``: two players, a face-up card of the seat's piles).

    A card is playable when the engine lists it among the legal actions; for the others
    the reason is the engine's own refusal (``IllegalAction``), asked of a copy of the deal.
    With two players the face-up cards of the seat's piles are played like hand cards.
    """
    view = state.view(seat)
    own_table = [card for card, _ in (view.table[seat] if view.table else ()) if card is not None]
    cards = sort_cards(list(view.hand)) + [c for c in own_table if c not in view.hand]
    legal = {a for a in view.legal_actions if isinstance(a, Card)}
    my_turn = view.to_act == seat and not state.is_over
    entries = []
    trial = None
    for card in cards:
        if not my_turn:
            entries.append({"card": card, "playable": False, "reason": _not_now(view, seat),
                            "idle": True})
            continue
        if view.phase is Phase.DISCARD:
            ok = card in legal
            entries.append({"card": card, "playable": ok, "reason": "" if ok else
                            _refusal(state, card), "idle": False})
            continue
        if view.phase is not Phase.PLAYING:
            entries.append({"card": card, "playable": False, "idle": True,
                            "reason": "First choose one of the buttons above the hand."})
            continue
        if card in legal:
            entries.append({"card": card, "playable": True, "reason": "", "idle": False})
            continue
        trial = trial or state.copy()
        entries.append({"card": card, "playable": False, "reason": _refusal(trial, card),
                        "idle": False})
    for entry in entries:  # two players: the cards of the seat's piles, not of its hand
        entry["pile"] = entry["card"] not in view.hand
    return entries


def _refusal(state, card: Card) -> str:
    """The engine's reason for refusing ``card`` (``state`` is a copy: a refusal changes nothing)."""
    try:
        state.copy().play(card)
    except IllegalAction as refusal:
        return str(refusal)
    return ""


def _not_now(view, seat: int) -> str:
    if view.phase in (Phase.FINISHED, Phase.VOID) or view.to_act is None:
        return "The deal is over."
    return "Wait: it is not your turn."


def seat_roles(view, seat: int, names) -> list[str]:
    """The public roles of a seat: Dealer, Taker (with the contract), Partner, Defender.

    The partner is named only once known to the viewing seat; in a five-player deal the
    defenders are named as such only then too.
    """
    roles = []
    if view.table:  # two players: no roles but the dealer
        return ["Dealer"] if seat == view.dealer else []
    if view.taker is not None:
        if seat == view.taker:
            roles.append(f"Taker · {view.contract.english}")
        elif view.partner is not None and seat == view.partner:
            roles.append("Partner")
        elif view.called is None or view.partner is not None:
            roles.append("Defender")
    if seat == view.dealer:
        roles.append("Dealer")
    return roles


def table_view(state, seat: int, names, rules=None) -> dict:
    """The table as ``seat`` sees it, as a dict of plain values (cards stay :class:`Card`).

    Keys: ``players``, ``phase``, ``to_act`` (the name, or None), ``my_turn``, ``seats``
    (a list starting with ``seat``, then in the order of play: ``seat``, ``name``,
    ``roles``, ``in_hand``, ``face_up``, ``face_down``, ``tricks``, ``bid``, ``to_act``,
    ``notes``, ``poignee``: the trumps it showed, ``aside``: a taker's discarded trumps,
    shown to all), ``trick`` (``(name, card)`` of the trick in progress), ``last_trick``
    (``{"cards": [(name, card)], "winner": name}`` or None), ``dog`` (face up, or None),
    ``discard`` (only the taker's own), ``hand`` (:func:`hand_entries`), ``actions``
    (the other choices: ``(label, action)``), ``discard_size``.
    """
    view = state.view(seat)
    rules = rules or state.rules
    players = view.players
    seats = []
    for k in range(players):
        s = (seat + k) % players
        bids = [b for who, b in view.bids if who == s]
        piles = view.table[s] if view.table else ()
        face_up = sum(1 for card, _ in piles if card is not None)
        notes = []
        if s in view.poignees:
            notes.append("showed a poignée")
        # The taker's discarded trumps are shown to all (the viewer's own discard is
        # drawn whole in the middle).
        aside = list(view.discarded_trumps) if s == view.taker and s != seat else []
        notes += [f"{kind} misère" for kind in view.miseres.get(s, ())]
        if view.petit_imprenable == s:
            notes.append("Petit imprenable")
        seats.append({
            "seat": s, "name": names[s], "roles": seat_roles(view, s, names),
            "in_hand": view.hand_sizes[s], "face_up": face_up,
            "face_down": sum(size for _, size in piles) - face_up,
            "tricks": view.tricks_won[s], "bid": bids[-1].english if bids else None,
            "to_act": view.to_act == s and not state.is_over, "notes": notes,
            "poignee": list(view.poignees.get(s, ())), "aside": aside})
    last = None
    if view.tricks:
        leader, cards, winner = view.tricks[-1]
        last = {"cards": [(names[(leader + k) % players], c) for k, c in enumerate(cards)],
                "winner": names[winner]}
    dog = None
    if view.dog is not None and (view.taker is not None or view.phase is Phase.FINISHED):
        dog = list(view.dog)
    discard = list(view.discard) if view.discard and seat == view.taker else None
    actions = [] if view.to_act != seat else [
        (action_label(a, rules), a) for a in view.legal_actions
        if not isinstance(a, Card) or view.phase is Phase.CALLING]
    return {
        "players": players, "phase": view.phase.value,
        "to_act": None if view.to_act is None or state.is_over else names[view.to_act],
        "my_turn": view.to_act == seat and not state.is_over,
        "seats": seats, "trick": [(names[s], c) for s, c in view.current_trick],
        "last_trick": last, "dog": dog, "discard": discard,
        "hand": hand_entries(state, seat), "actions": actions,
        "discard_size": rules.dog_size}


def trumps_still_out(view) -> int:
    """How many trumps ``view``'s seat has not seen go: neither played, nor in its hand, nor
    in a discard it has seen (its own, or the trumps shown from the taker's).

    >>> from tarot_teach import GameState, RuleSet
    >>> view = GameState.new(RuleSet(players=4), seed=1).view(0)
    >>> trumps_still_out(view) == 21 - sum(1 for c in view.hand if c.is_trump)
    True
    """
    gone = set(view.hand) | set(view.discard or ()) | set(view.discarded_trumps)
    gone |= {c for _, cards, _ in view.tricks for c in cards}
    gone |= {c for _, c in view.current_trick}
    if view.table:  # two players: the face-up cards of the seat's own piles
        gone |= {card for card, _ in view.table[view.seat] if card is not None}
    return sum(1 for c in DECK if c.is_trump and c not in gone)


def shown_facts(view, names) -> list[str]:
    """What the play has shown about the other hands, for ``view``'s seat (its view only):
    the facts of :func:`tarot_teach.inference.inferences` worded for a learner, then the
    trumps still out.

    >>> from tarot_teach import GameState, RuleSet
    >>> view = GameState.new(RuleSet(players=4), seed=1).view(0)
    >>> shown_facts(view, ("You", "Ada", "Bruno", "Chloé"))[-1].startswith("Trumps still out")
    True
    """
    from ..inference import inferences

    lines = []
    excuse = DECK[0]
    excuse_placed = False  # a line already says where the unplayed Excuse is
    for fact in inferences(view, names):
        who, trick = names[fact.seat], fact.since_trick
        cards = ", ".join(c.short_name for c in fact.cards)
        poignee = set(view.poignees.get(fact.seat, ()))
        if fact.kind == "void":
            suit = fact.suit.english
            lines.append(f"{who} has no {suit}: did not follow {suit} in trick {trick}.")
        elif fact.kind == "no_trump":
            lines.append(f"{who} has no trumps: played none when one was due (trick {trick}).")
        elif fact.kind == "trumps_below":
            lines.append(f"{who} has no trump above the {fact.limit}: could not overtrump it "
                         f"in trick {trick}.")
        elif fact.kind == "holds" and poignee and set(fact.cards) <= poignee:
            lines.append(f"{who} still holds {cards}: shown in a poignée, not played yet.")
            excuse_placed |= excuse in fact.cards
        elif fact.kind == "holds":
            lines.append(f"{who} took the dog: {cards} are in that hand or laid aside.")
        elif fact.kind == "partner":
            lines.append(f"{who} is the taker's partner: played {fact.cards[0].name}.")
        elif fact.kind == "discard" and fact.seat == view.seat:
            lines.append(f"Your discard: {cards} (out of play, counted for your side).")
        elif fact.kind == "discard":
            lines.append(f"{who} laid aside {cards} (discarded trumps are shown to everybody).")
        else:
            lines.append(fact.text)
    where = "in the other hands" + (" or the dog" if view.dog is None else "")
    lines.append(f"Trumps still out {where}: {trumps_still_out(view)}.")
    played = {c for _, cards, _ in view.tricks for c in cards} | {c for _, c in view.current_trick}
    if excuse not in played and excuse not in view.hand and excuse not in (view.discard or ()) \
            and not excuse_placed:
        lines.append("The Excuse has not been played yet.")
    return lines
