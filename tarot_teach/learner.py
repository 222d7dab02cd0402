"""The learner level's computer player: reasonable, beatable tarot, each decision with a
one-line reason (the strong level, :class:`~tarot_teach.players.StrongPlayer`, builds on it).

A player decides from what its seat may see (:meth:`GameState.view`), never
from the other hands. Decisions are deterministic: the same state gives the same
decision.

>>> from tarot_teach import GameState, RuleSet
>>> state = GameState.new(RuleSet(players=4), seed=12)
>>> decision = ComputerPlayer().decide(state)
>>> decision.action in state.legal_actions(), isinstance(decision.reason, str)
(True, True)
>>> play_out(state).is_over
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import DECK, Card, Suit
from .evaluation import bid_for_points, evaluate_hand
from .game import GameState, Poignee, SeatView, Slam
from .rules import Bid, Phase
from .tricks import beats, plain_order, winning_position_ranked

__all__ = ["Decision", "ComputerPlayer", "play_out", "hint", "hand_count", "discard_preference",
           "learner_discard"]


@dataclass(frozen=True)
class Decision:
    """An action and the one-line reason for it."""

    action: Any
    reason: str

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


class ComputerPlayer:
    """A rule-of-thumb player: bids on seed 003's hand points, discards to make voids,
    follows low when the trick is lost, wins with the lowest winning card, feeds
    points to a partner's safe trick, protects its Petit and plays the Excuse in time.
    Its declarations never depend on a secret it holds: while the partner is secret (five
    players) every seat but the taker shows a poignée it holds.
    """

    def decide(self, state: GameState) -> Decision:
        """The decision for the seat to act in ``state``, from that seat's view only."""
        if state.is_over:
            raise ValueError("the deal is over")
        return self.choose(state.lazy_view(state.to_act))

    def choose(self, view: SeatView) -> Decision:
        """The decision of the seat whose view this is (it must be that seat's turn; a
        :class:`~tarot_teach.results.LazySeatView` decides alike)."""
        phase = view.phase
        if phase is Phase.BIDDING:
            return self._bid(view)
        if phase is Phase.CALLING:
            return self._call(view)
        if phase is Phase.DISCARD:
            return self._discard(view)
        if phase is Phase.SLAM:
            return Decision(Slam.DECLINE, "A slam is too risky to announce with this hand.")
        return self._play(view)

    # ----- the auction ------------------------------------------------------------

    def _bid(self, view: SeatView) -> Decision:
        worth, wanted = hand_count(view.hand)
        highest = max((bid for _, bid in view.bids), default=Bid.PASS)
        allowed = [a for a in view.legal_actions if isinstance(a, Bid)]
        if wanted is Bid.PASS:
            return Decision(Bid.PASS, f"{worth}: not enough to take.")
        if wanted in allowed:
            return Decision(wanted, f"{worth}: {wanted.english}.")
        return Decision(Bid.PASS, f"{worth}, but {highest.english} has already been bid.")

    # ----- five players: the call ---------------------------------------------------

    def _call(self, view: SeatView) -> Decision:
        options = [a for a in view.legal_actions if isinstance(a, Card)]
        held = set(view.hand)

        def length(card: Card) -> int:
            return sum(1 for c in view.hand if c.suit is card.suit)

        outside = [c for c in options if c not in held] or options
        choice = max(outside, key=lambda c: (length(c), -options.index(c)))
        count, suit = length(choice), choice.suit
        if choice in held:
            why = "I hold every card I may call, so I call one of my own and play alone"
        elif count == 0:
            why = f"its holder becomes my partner (I hold no {suit.english} myself)"
        else:
            why = f"its holder becomes my partner and supports my {_count_of(count, suit)}"
        return Decision(choice, f"Call {choice.name}: {why}.")

    # ----- the discard ------------------------------------------------------------------

    def _discard(self, view: SeatView) -> Decision:
        options = [a for a in view.legal_actions if isinstance(a, Card)]
        hand = view.hand
        counts = {suit: sum(1 for c in hand if c.suit is suit) for suit in Suit}
        kings = {c.suit for c in hand if c.is_king}
        choice = min(options, key=discard_preference(hand))
        count, suit = counts[choice.suit], choice.suit
        if choice.is_trump:
            reason = (f"Nothing else may go: my lowest trump that may, the {choice.rank}, goes "
                      "to the discard (shown to everybody).")
        elif suit not in kings and count == 1:
            reason = (f"Discard {choice.short_name}, my last {_singular(suit)}: "
                      f"a void in {suit.english}.")
        elif suit not in kings and count <= 3:
            reason = (f"Discard {choice.short_name} to empty a short suit "
                      f"({_count_of(count, suit)}, no King).")
        elif choice.half_points > 1:
            reason = f"Discard {choice.short_name}: its points are safe in the discard."
        else:
            reason = f"Discard {choice.short_name}: a small card my hand can spare."
        return Decision(choice, reason)

    # ----- the play -------------------------------------------------------------------------

    def _play(self, view: SeatView) -> Decision:
        poignees = [a for a in view.legal_actions if isinstance(a, Poignee)]
        shown = self._poignee(view, poignees[-1]) if poignees else None
        if shown is not None:
            return shown
        legal = [a for a in view.legal_actions if isinstance(a, Card)]
        if len(legal) == 1:
            return Decision(legal[0], f"{legal[0].short_name} is the only card I may play.")
        tricks_left = view.hand_sizes[view.seat]
        excuse = next((c for c in legal if c.is_excuse), None)
        if excuse is not None and tricks_left == 2:
            return Decision(excuse, "Play the Excuse now: kept to the last trick it would "
                                    "change sides.")
        if not view.current_trick:
            return self._lead(view, legal)
        return self._follow(view, legal, excuse)

    def _poignee(self, view: SeatView, best: Poignee) -> "Decision | None":
        """Show the largest poignée, or None (play a card). While the partner is secret
        (five players) every seat but the taker decides alike: a poignée shown, or not
        shown, never tells who the partner is."""
        seat = view.seat
        show = f"Show a {best.level} poignée: the bonus goes to the side that wins the deal"
        if seat == view.taker:
            return Decision(best, f"{show}, and I took expecting to win.")
        if _partner_secret(view):
            side = ("I hold the called card, so the taker and I should win it" if
                    view.partner == seat else "with so many trumps I may well beat the taker")
            return Decision(best, f"{show}. While the partner is secret every player shows a "
                                  f"poignée, so showing it tells nothing of my side; {side}.")
        if seat == view.partner:
            return Decision(best, f"{show}, and the taker's side, mine, expects to win.")
        return None  # a known defender keeps its trumps secret

    def _partners(self, view: SeatView) -> set[int]:
        """The seats this seat knows to be on its side (itself included)."""
        seat = view.seat
        taker_side = {view.taker} | ({view.partner} if view.partner is not None else set())
        if seat in taker_side:
            return taker_side
        if view.players == 5 and view.partner is None:
            return {seat}  # the partner is still secret: trust nobody but myself
        return set(range(view.players)) - taker_side

    def _lead(self, view: SeatView, legal: list[Card]) -> Decision:
        seat = view.seat
        plain = [c for c in legal if c.suit.is_plain]
        trumps = [c for c in legal if c.is_trump]
        taker_side = seat == view.taker or seat == view.partner
        if taker_side and len(trumps) >= view.hand_sizes[view.seat] // 2 and trumps:
            top = max(trumps, key=lambda c: c.rank)
            played = {c for _, cards, _ in view.tricks for c in cards}
            if DECK[1] not in played and DECK[1] not in trumps:
                return Decision(top, f"Lead the {top.rank} to draw trumps and hunt the Petit.")
        kings = [c for c in plain if c.is_king and not _suit_played(view, c.suit)]
        if kings:
            king = kings[0]
            return Decision(king, f"Lead {king.short_name} while the {king.suit.english} have not "
                                  "been played yet: it should win.")
        if plain:
            counts = {}
            for c in plain:
                counts[c.suit] = counts.get(c.suit, 0) + 1
            suit = max(counts, key=lambda s: counts[s])
            low = min((c for c in plain if c.suit is suit), key=lambda c: (c.half_points, c.rank))
            return Decision(low, _plain_lead_reason(low, counts))
        non_petit = [c for c in trumps if c.rank != 1] or trumps
        if non_petit:
            low = min(non_petit, key=lambda c: c.rank)
            left = "Only trumps left" if len(trumps) == len(legal) else \
                "Only trumps left, and the Excuse"
            if low.rank == 1:
                return Decision(low, f"{left}: lead the Petit, my only trump.")
            if any(c.rank == 1 for c in trumps):
                return Decision(low, f"{left}: lead the {low.rank}, my lowest after the Petit, "
                                     "which I keep back.")
            return Decision(low, f"{left}: lead my lowest, the {low.rank}.")
        return Decision(legal[0], f"Lead {legal[0].short_name}.")

    def _follow(self, view: SeatView, legal: list[Card], excuse: "Card | None") -> Decision:
        trick_cards = [card for _, card in view.current_trick]
        order = plain_order(view.rules)  # (Cosmic Tribe: its own order of the pips)
        position = winning_position_ranked([c.index for c in trick_cards], order)
        winning_seat = view.current_trick[position][0] if position >= 0 else None
        best = trick_cards[position].index if position >= 0 else -1

        def wins(card: Card) -> bool:  # (played now, it would win the trick for now)
            return beats(card.index, best, order)

        partners = self._partners(view)
        players_after = [(view.seat + k) % view.players
                         for k in range(1, view.players - len(trick_cards))]
        opponents_after = [s for s in players_after if s not in partners]
        partner_winning = winning_seat in partners
        real = [c for c in legal if not c.is_excuse]
        winners = [c for c in real if wins(c)]
        trick_points = sum(c.half_points for c in trick_cards)

        if partner_winning and not opponents_after:
            give = max(real, key=lambda c: (c.half_points, c.is_trump is False, -c.rank))
            return Decision(give, f"My side already wins this trick and nobody can take it: "
                                  f"give it {give.short_name}.")
        if partner_winning and _safe_lead(trick_cards):
            give = max(real, key=lambda c: (c.half_points if not c.is_bout else 0, -c.rank))
            return Decision(give, f"My partner's card should hold: add {give.short_name}.")
        if winners and (not partner_winning):
            petit_saver = [c for c in winners if c.rank == 1 and c.is_trump]
            if petit_saver and not opponents_after:
                return Decision(petit_saver[0], "The Petit wins this trick safely: bring it home.")
            worth_it = trick_points >= 3 or not opponents_after or \
                any(c.suit.is_plain for c in winners)
            if worth_it:
                cheapest = min(winners, key=lambda c: (c.is_trump, c.rank if not c.is_trump else c.rank,
                                                       c.half_points))
                if cheapest.is_trump and cheapest.rank == 1 and opponents_after:
                    others = [c for c in winners if c.rank != 1 or not c.is_trump]
                    cheapest = min(others, key=lambda c: c.rank) if others else cheapest
                return Decision(cheapest, f"Win the trick with the lowest card that does: "
                                          f"{cheapest.short_name}.")
        # No card of mine takes the trick, or it is not worth winning: throw the least
        # valuable card. The reason never calls the trick lost: a partner may still win it,
        # and the card thrown may itself be winning for now.
        if excuse is not None and any(c.half_points >= 7 for c in real) and \
                all(c.half_points >= 7 or (c.is_trump and c.rank == 1) for c in real):
            return Decision(excuse, "Every card I may play is valuable: play the Excuse instead.")
        safe = [c for c in real if not (c.is_trump and c.rank == 1)] or real
        low = min(safe, key=lambda c: (c.half_points, c.is_trump, c.rank))
        if wins(low):
            return Decision(low, f"This trick is worth little: {low.short_name}, my least "
                                 "valuable card, takes it for now.")
        if partner_winning:
            return Decision(low, f"My side is winning this trick for now: "
                                 f"I add my least valuable card, {low.short_name}.")
        if not winners:
            led = next((c.suit for c in trick_cards if not c.is_excuse), None)
            verb = "follow with" if low.suit is led else "throw"
            return Decision(low, f"No card I may play takes this trick: {verb} the least valuable "
                                 f"one, {low.short_name}.")
        return Decision(low, f"This trick is worth little: keep my winners and throw the least "
                             f"valuable card, {low.short_name}.")


def discard_preference(hand):
    """The learner player's order of discarding from ``hand`` (a key: lowest goes first):
    short suits without a King first, to make a void, their high points first; a trump only
    when nothing else may go, the lowest first.

    >>> from tarot_teach.cards import parse_cards
    >>> hand = parse_cards("KS QS 3S 9H 2H QD 5C 4C 3C T5")
    >>> " ".join(map(str, sorted(parse_cards("QS 9H QD 5C T5"), key=discard_preference(hand))))
    'QD 9H 5C QS T5'
    """
    counts = {suit: sum(1 for c in hand if c.suit is suit) for suit in Suit}
    kings = {c.suit for c in hand if c.is_king}

    def preference(card: Card):
        if card.is_trump:
            return (2, card.rank, 0)
        return (0 if card.suit not in kings else 1, counts[card.suit], -card.half_points)

    return preference


def _partner_secret(view: SeatView) -> bool:
    """Five players: the called card has not been seen yet (neither played nor in the dog
    turned face up), so nobody at the table knows who the partner is."""
    if view.called is None:
        return False
    seen = {c for _, cards, _ in view.tricks for c in cards}
    seen.update(c for _, c in view.current_trick)
    seen.update(view.dog or ())
    return view.called not in seen


def _singular(suit: Suit) -> str:
    """ "heart" for hearts."""
    return suit.english[:-1]


def _count_of(count: int, suit: Suit) -> str:
    """ "1 heart", "3 hearts"."""
    return f"{count} {_singular(suit) if count == 1 else suit.english}"


def _plain_lead_reason(low: Card, counts: dict) -> str:
    """Why ``low`` is led from its suit, the longest (``counts``: cards per plain suit)."""
    suit, count = low.suit, counts[low.suit]
    if count == 1:
        return f"No plain suit of mine has more than one card: lead {low.short_name}."
    tied = sum(1 for n in counts.values() if n == count) > 1
    which = ("one of my longest suits" if tied else "my longest suit") \
        + f" ({_count_of(count, suit)})"
    if low.half_points == 1:  # "a small card" is the book's word for 0.5-point cards
        return f"Lead a small card of {which}: {low.short_name}."
    return f"Lead {which} with its lowest card, {low.short_name}."


def _suit_played(view: SeatView, suit: Suit) -> bool:
    return any(card.suit is suit for _, cards, _ in view.tricks for card in cards)


def _safe_lead(trick: list[Card]) -> bool:
    """A partner's card that the others can hardly beat: the 21 or a high trump."""
    return any(c.is_trump and c.rank >= 19 for c in trick)


def hand_count(hand) -> "tuple[str, Bid]":
    """Chapter 12's point count of a hand in words, and the bid it suggests.

    Seed 003's scale is for 18 cards: other hand sizes (3 and 5 players) are scaled to
    it, and the words name the scaled figure the bid comes from.

    >>> from tarot_teach.cards import parse_cards
    >>> hand_count(parse_cards("T21 T20 T19 T18 T15 T9 T4 EX KH QH 2H 5S 6S 3D 9C"))
    ('The hand is worth 54 points for 15 cards, 65 on the scale of 18 cards', <Bid.GUARD: 'guard'>)
    """
    hand = list(hand)
    total = evaluate_hand(hand).total
    scaled = round(total * 18 / len(hand))
    worth = f"The hand is worth {total} points"
    if scaled != total:
        worth += f" for {len(hand)} cards, {scaled} on the scale of 18 cards"
    return worth, bid_for_points(scaled)


def hint(state: GameState) -> Decision:
    """A suggested action for the seat to act, with its reason (the computer player's choice)."""
    return ComputerPlayer().decide(state)


def play_out(state: GameState, player: "ComputerPlayer | None" = None) -> GameState:
    """Let computer players play ``state`` to the end (in place) and return it."""
    player = player or ComputerPlayer()
    while not state.is_over:
        state.play(player.decide(state).action)
    return state


def learner_discard(state: GameState) -> tuple[Card, ...]:
    """The whole discard the learner player makes as the taker about to discard in
    ``state``, its cards in order (``state`` is unchanged)."""
    seat, after, plan = state.to_act, state.copy(), []
    learner = ComputerPlayer()
    while after.phase is Phase.DISCARD and after.to_act == seat:
        plan.append(learner.decide(after).action)
        after.play(plan[-1])
    return tuple(plan)
