"""The coach: a deal reviewed decision by decision, and hints with true reasons.

Each card a seat played is compared with the best card it had, in card points for its
side at the end of the deal:

- late in the deal (at most :data:`EXACT_CARDS` cards left to play), exactly, with every
  hand open (the open-hand solver of :mod:`tarot_teach.solver`): ``exact`` is True;
- earlier, on average over deals drawn to fit what the seat had seen (its hand, the cards
  played, what they revealed: :mod:`tarot_teach.inference`), each played out by the
  learner players and finished by the solver: ``exact`` is False.

The points lost give the band (:data:`BAND_THRESHOLDS`). Bids are compared with the hand
evaluation, the call and the discard with the computer's choice by sampled play-outs; a
declaration (slam, poignée) changes the bonuses, not the card points.

>>> from tarot_teach import GameState, RuleSet
>>> from tarot_teach.players import play_out
>>> record = play_out(GameState.new(RuleSet(players=4), seed=8)).to_record()
>>> entries = review(record, 3, samples=4)
>>> [entry.kind for entry in entries][:2], len([e for e in entries if e.kind == "card"])
(['bid', 'discard'], 18)
>>> last = entries[-1]
>>> last.trick, last.exact, last.band, last.points_lost
(18, True, <Band.BEST: 'Best'>, Fraction(0, 1))
>>> band_for(Fraction(5, 2)).label
'Inaccuracy'
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from fractions import Fraction

from .cards import DECK, Card
from .game import GameState
from .inference import inferences, sample_deals, seat_name
from .names import sentence
from .players import ComputerPlayer
from .record import state_from_record
from .rules import Bid, Phase
from .scoring import HANDFUL_LEVELS
from .solver import NotSolvable, best_line, card_values
from .tricks import winning_position

__all__ = ["Band", "BAND_THRESHOLDS", "ReviewEntry", "review", "advise", "band_for",
           "EXACT_CARDS", "estimate_card_values", "strong_choice"]


class Band(enum.Enum):
    """How good a decision was, by the card points it lost."""

    BEST = "Best"
    GOOD = "Good"
    INACCURACY = "Inaccuracy"
    MISTAKE = "Mistake"
    BLUNDER = "Blunder"

    @property
    def label(self) -> str:
        """The word the book shows: ``Best``, ``Good``, ``Inaccuracy``, ``Mistake``, ``Blunder``."""
        return self.value


BAND_THRESHOLDS: tuple[tuple[Fraction, Band], ...] = (
    (Fraction(0), Band.BEST),
    (Fraction(1), Band.GOOD),
    (Fraction(3), Band.INACCURACY),
    (Fraction(7), Band.MISTAKE),
)
"""Card points lost → band: at most 0 Best, at most 1 Good, at most 3 Inaccuracy, at most 7
Mistake, more than 7 Blunder."""

EXACT_CARDS = 20
"""With at most this many cards still to play (5 tricks of 4 players), a card is judged
exactly with every hand open; earlier, on sampled deals."""

ENDGAME_TRICKS = 3
"""Sampled play-outs: the learner players play until this many tricks are left, then the
solver finishes the deal exactly."""


def band_for(points_lost: Fraction) -> Band:
    """The band of a decision that lost ``points_lost`` card points (BAND_THRESHOLDS).

    >>> [band_for(Fraction(n, 2)).label for n in (0, 2, 3, 14, 15)]
    ['Best', 'Good', 'Inaccuracy', 'Mistake', 'Blunder']
    """
    for limit, band in BAND_THRESHOLDS:
        if points_lost <= limit:
            return band
    return Band.BLUNDER


@dataclass(frozen=True)
class ReviewEntry:
    """One decision of the reviewed seat.

    ``kind``: ``"bid"``, ``"call"``, ``"discard"``, ``"declaration"`` or ``"card"``;
    ``trick``: the 1-based trick number of a card (None otherwise); ``chosen`` and
    ``best``: actions as the engine writes them (``"KH"``, ``"guard"``; a discard as its
    cards separated by spaces); ``points_lost``: card points for the seat's side (0 for
    a best choice; bids and declarations lose none in card points, their band says how
    far they were from the hand evaluation); ``why``: one sentence; ``exact``: an exact
    open-hand solve (True) or an estimate over sampled deals (False).
    """

    kind: str
    trick: "int | None"
    chosen: str
    best: tuple[str, ...]
    points_lost: Fraction
    band: Band
    why: str
    exact: bool


def _points(value: Fraction) -> str:
    """``43``, ``40.5``: card points as the book writes them."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        return f"{value.numerator / 2:.1f}"
    return f"{float(value):.1f}"


def _cards_only(actions) -> list[Card]:
    return [a for a in actions if isinstance(a, Card)]


def _tricks_left(state) -> int:
    return state.rules.tricks - len(state.tricks)


def _cards_left(state) -> int:
    return sum(hand.bit_count() for hand in state.hands)


def _best_of(values: dict, side: int):
    """The best value for ``side`` (the taker's side maximises)."""
    return max(values.values()) if side == 0 else min(values.values())


def _lost(values: dict, card, side: int) -> Fraction:
    best = _best_of(values, side)
    return best - values[card] if side == 0 else values[card] - best


def _playout_value(state: GameState, player: ComputerPlayer) -> Fraction:
    """Play ``state`` (a copy) with the learner players until :data:`ENDGAME_TRICKS` tricks
    are left, then perfectly: the taker's side's final points."""
    while not state.is_over and _tricks_left(state) > ENDGAME_TRICKS:
        state.play(player.decide(state).action)
    if state.is_over:
        return state.result.taker_points
    return _best_of(card_values(state), state.side_of(state.to_act))


def estimate_card_values(state: GameState, seat: int, samples: int, rng: random.Random,
                         deals: "list[GameState] | None" = None) -> dict[Card, Fraction]:
    """Each legal card of ``seat`` (to play) -> the taker's side's final points on average
    over ``samples`` deals fitting the seat's view: solved exactly when few cards are left,
    else played out by the learner players and finished exactly."""
    if deals is None:
        deals = sample_deals(state.view(seat), samples, rng, rules=state.rules)
    legal = _cards_only(state.legal_actions())
    classes = _equivalent_cards(state, seat, legal)
    totals = {card: Fraction(0) for card in classes}
    player = ComputerPlayer()
    for deal in deals:
        if _cards_left(deal) <= EXACT_CARDS:
            values = card_values(deal)
            for card in totals:
                totals[card] += values[card]
            continue
        for card in totals:
            after = deal.copy()
            after.play(card)
            totals[card] += _playout_value(after, player)
    return {card: totals[classes[card]] / len(deals) for card in legal}


def _equivalent_cards(state: GameState, seat: int, legal: list[Card]) -> dict[Card, Card]:
    """Each legal card -> the card standing for it: cards of one suit (or trumps) and the
    same value, with no card the seat has not seen between them, play the same in every
    deal that fits its view."""
    seen = state.hands[seat]
    for _, cards, _ in state.tricks:
        for index in cards:
            seen |= 1 << index
    for index in state.trick:
        seen |= 1 << index
    if seat == state.taker:
        for index in state.discard:
            seen |= 1 << index
    classes = {}
    previous = None
    for card in sorted(legal, key=lambda c: c.index):
        if previous is not None and card.suit is previous.suit and not card.is_excuse \
                and card.half_points == previous.half_points \
                and not ~seen & ((1 << card.index) - (2 << previous.index)):
            classes[card] = classes[previous]
        else:
            classes[card] = card
        previous = card
    return classes


# ----- review ----------------------------------------------------------------------------


def _prefix(record: dict, trick: int, position: int) -> dict:
    """The record cut just before card ``position`` of trick ``trick`` (0-based)."""
    prefix = dict(record)
    tricks = list(record.get("tricks") or [])
    prefix["tricks"] = tricks[:trick] + ([list(tricks[trick][:position])] if position else [])
    return prefix


def _side_words(state: GameState, seat: int, other: int, names) -> str:
    if other == seat:
        return "you"
    if state.side_of(other) == state.side_of(seat):
        return f"your partner {seat_name(other, names)}"
    return seat_name(other, names)


def _line_tricks(state: GameState, first: Card) -> GameState:
    after = state.copy()
    after.play(first)
    for card in best_line(after) if not after.is_over else []:
        after.play(card)
    return after


def _why_exact(state: GameState, seat: int, chosen: Card, best: Card, values, names) -> str:
    side = state.side_of(seat)
    if chosen is best or values[chosen] == values[best]:
        total = values[chosen] if side == 0 else state.rules.total_points - values[chosen]
        return sentence(f"{chosen.short_name} is one of the best cards here: with the best "
                        f"play by everyone your side ends the deal with {_points(total)} points.")
    lost = _lost(values, chosen, side)
    good = _line_tricks(state, best)
    bad = _line_tricks(state, chosen)
    start = len(state.tricks)
    for number in range(start, min(len(good.tricks), len(bad.tricks))):
        _, good_cards, good_winner = good.tricks[number]
        leader, bad_cards, bad_winner = bad.tricks[number]
        if good.side_of(good_winner) != bad.side_of(bad_winner) and bad.side_of(bad_winner) != side:
            win_card = DECK[bad_cards[(bad_winner - leader) % state.players]]
            text = (f"After {chosen.short_name}, {_side_words(state, seat, bad_winner, names)} "
                    f"takes trick {number + 1} with {win_card.short_name}; after "
                    f"{best.short_name} your side wins it: {_points(lost)} points lost "
                    f"with the best play by everyone.")
            led = next((DECK[i] for i in bad_cards if i), None)
            if win_card.is_trump and led is not None and led.suit.is_plain:
                for fact in inferences(state.view(seat), names):
                    if fact.kind == "void" and fact.seat == bad_winner and fact.suit is led.suit:
                        text = text[:-1] + (f" ({seat_name(bad_winner, names)} had shown no "
                                            f"{led.suit.english} in trick {fact.since_trick}).")
                        break
            return text
    return sentence(f"{best.short_name} is better than {chosen.short_name} by {_points(lost)} "
                    f"points with the best play by everyone: the same tricks, but more points "
                    f"in your side's.")


def _why_sampled(state, seat, chosen, best, values, count, names) -> str:
    side = state.side_of(seat)

    def mine(value):
        return value if side == 0 else state.rules.total_points - value

    if values[chosen] == values[best]:
        text = sentence(f"{chosen.short_name} is one of the best cards here: over {count} "
                        f"deals that fit what you had seen, your side ends with "
                        f"{_points(mine(values[chosen]))} points on average.")
    else:
        text = (f"Over {count} deals that fit what you had seen, {best.short_name} gives your "
                f"side {_points(mine(values[best]))} points on average, {chosen.short_name} "
                f"{_points(mine(values[chosen]))}.")
    if chosen.suit.is_plain:
        for fact in inferences(state.view(seat), names):
            if fact.kind == "void" and fact.suit is chosen.suit \
                    and state.side_of(fact.seat) != side:
                text = text[:-1] + (f"; {seat_name(fact.seat, names)} had shown no "
                                    f"{chosen.suit.english} in trick {fact.since_trick}.")
                break
    return text


def _bid_entry(state: GameState, seat: int, chosen: Bid) -> ReviewEntry:
    """A bid against the learner's, which follows the hand evaluation (seed 003's scale):
    the same bid is Best, one step away an Inaccuracy, further a Mistake."""
    decision = ComputerPlayer().decide(state)
    best = decision.action
    order = list(Bid)
    distance = abs(order.index(best) - order.index(chosen))
    band = Band.BEST if distance == 0 else Band.INACCURACY if distance == 1 else Band.MISTAKE
    return ReviewEntry("bid", None, str(chosen), (str(best),), Fraction(0), band,
                       decision.reason, False)


def _compare_by_playouts(states: dict, side: int, rng: random.Random, samples: int,
                         seat: int) -> dict:
    """Each alternative (a state just after it) -> the taker's side's average final points
    over the same sampled deals, played out by the learner players."""
    player = ComputerPlayer()
    results = {}
    for label, state in states.items():
        deals = sample_deals(state.view(seat), samples, random.Random(rng.random()),
                             rules=state.rules)
        results[label] = sum((_playout_value(deal, player) for deal in deals), Fraction(0)) \
            / len(deals)
    return results


def _choice_entry(kind: str, before: GameState, seat: int, chosen_actions: list, samples: int,
                  rng: random.Random) -> ReviewEntry:
    """The call or the whole discard: the seat's choice against the computer's."""
    computer = ComputerPlayer()
    mine = before.copy()
    for action in chosen_actions:
        mine.play(action)
    theirs = before.copy()
    computer_actions = []
    while theirs.phase is before.phase and not theirs.is_over:
        action = computer.decide(theirs).action
        computer_actions.append(action)
        theirs.play(action)
    chosen = " ".join(str(a) for a in chosen_actions)
    other = " ".join(str(a) for a in computer_actions)
    side = before.side_of(seat)
    if set(map(str, chosen_actions)) == set(map(str, computer_actions)):
        return ReviewEntry(kind, None, chosen, (chosen,), Fraction(0), Band.BEST,
                           "The computer makes the same choice.", False)
    values = _compare_by_playouts({chosen: mine, other: theirs}, side, rng, samples, seat)
    lost = max(Fraction(0), _lost(values, chosen, side))
    best = chosen if lost == 0 else other
    total = before.rules.total_points

    def points(value):
        return _points(value if side == 0 else total - value)

    why = (f"Over {samples} sampled deals played out, {chosen} gives your side "
           f"{points(values[chosen])} points on average, {other} {points(values[other])}.")
    return ReviewEntry(kind, None, chosen, (best,), lost, band_for(lost), why, False)


def review(record, seat, *, samples=20, seed=0, progress=None, names=None) -> list[ReviewEntry]:
    """One entry per decision ``seat`` made in the deal ``record`` (a hand record), in order:
    its bid, the call and the discard if it took, its declarations, each card.

    ``progress(done, total)`` is called after each entry. A malformed or illegal record
    raises the engine's :class:`InvalidRecord` / :class:`IllegalAction` unchanged; a game
    without a taker's side (goulash, two players) a ``ValueError``. ``names`` (one per seat)
    words the sentences.
    """
    final = state_from_record(record, complete=False)
    if not isinstance(seat, int) or not 0 <= seat < final.players:
        raise ValueError(f"seat must be between 0 and {final.players - 1}")
    if final.rules.two_players or final.taker is None:
        raise NotSolvable("A review needs a taker's side and a defence; in this deal every "
                          "seat plays for itself (or nobody took).")
    rng = random.Random(seed)
    shown = final.view(seat)  # what everybody saw: the bids, the poignées, the slam
    tasks = []
    for number, (bidder, bid) in enumerate(shown.bids):
        if bidder == seat:
            tasks.append(("bid", number))
    if final.taker == seat and final.called is not None:
        tasks.append(("call", None))
    if final.taker == seat and final.discard:
        tasks.append(("discard", None))
    if final.taker == seat and final.phase in (Phase.PLAYING, Phase.FINISHED):
        tasks.append(("slam", None))
    if seat in shown.poignees:
        tasks.append(("poignee", None))
    for number, trick in enumerate(record.get("tricks") or []):
        leader = final.tricks[number][0] if number < len(final.tricks) else final.leader
        for position in range(len(trick)):
            if (leader + position) % final.players == seat:
                tasks.append(("card", (number, position)))
    total = len(tasks)
    entries = []
    for kind, where in tasks:
        if kind == "bid":
            prefix = dict(record, bids=list(record["bids"][:where]), tricks=[])
            prefix.pop("called", None)
            prefix.pop("discard", None)
            prefix.pop("declarations", None)
            before = state_from_record(prefix, complete=False)
            entries.append(_bid_entry(before, seat, shown.bids[where][1]))
        elif kind in ("call", "discard"):
            prefix = dict(record, tricks=[])
            prefix.pop("declarations", None)
            prefix.pop("discard", None)
            if kind == "call":
                prefix.pop("called", None)
            before = state_from_record(prefix, complete=False)
            chosen = [final.called] if kind == "call" else [DECK[i] for i in final.discard]
            entries.append(_choice_entry(kind, before, seat, chosen, max(4, samples // 2), rng))
        elif kind == "slam":
            announced = final.chelem_announced or shown.petit_chelem_announced
            choice = "chelem" if final.chelem_announced else \
                "petit_chelem" if shown.petit_chelem_announced else "no_chelem"
            why = ("A slam announcement changes the bonus, not the card points: announce it "
                   "only when your side is sure to win every trick.") if announced else \
                ("No slam announced: the card points are the same either way.")
            entries.append(ReviewEntry("declaration", None, choice, (choice,), Fraction(0),
                                       Band.BEST, why, False))
        elif kind == "poignee":
            cards = shown.poignees[seat]
            level = dict(zip(final.rules.handful_thresholds, HANDFUL_LEVELS))[len(cards)]
            entries.append(ReviewEntry(
                "declaration", None, f"poignee:{level}", (f"poignee:{level}",), Fraction(0),
                Band.BEST, "A poignée changes the bonus, which goes to the side that wins the "
                           "deal, not the card points.", False))
        else:
            number, position = where
            before = state_from_record(_prefix(record, number, position), complete=False)
            chosen = DECK[_card_index(record["tricks"][number][position])]
            entries.append(_card_entry(before, seat, chosen, number + 1, samples, rng, names))
        if progress is not None:
            progress(len(entries), total)
    return entries


def _card_index(text) -> int:
    from .cards import parse_card
    return parse_card(text).index


def _card_entry(state, seat, chosen, trick, samples, rng, names) -> ReviewEntry:
    side = state.side_of(seat)
    legal = _cards_only(state.legal_actions())
    if len(legal) == 1:
        return ReviewEntry("card", trick, str(chosen), (str(chosen),), Fraction(0), Band.BEST,
                           sentence(f"{chosen.short_name} was the only card you could play."), True)
    exact = _cards_left(state) <= EXACT_CARDS
    if exact:
        values = card_values(state)
    else:
        values = estimate_card_values(state, seat, samples, random.Random(rng.random()))
    target = _best_of(values, side)
    best = tuple(card for card in legal if values[card] == target)
    lost = _lost(values, chosen, side)
    if exact:
        why = _why_exact(state, seat, chosen, best[0], values, names)
    else:
        why = _why_sampled(state, seat, chosen, best[0], values, samples, names)
    return ReviewEntry("card", trick, str(chosen), tuple(map(str, best)), lost,
                       band_for(lost), why, exact)


# ----- advice at the table -------------------------------------------------------------------


def _known_side(view) -> set:
    """The seats a seat knows to be on its side (itself included)."""
    seat = view.seat
    taker_side = {view.taker} | ({view.partner} if view.partner is not None else set())
    if seat in taker_side:
        return taker_side
    if view.players == 5 and view.partner is None and view.called is not None:
        return {seat}  # the partner is still secret
    return set(range(view.players)) - taker_side


def advise(state, seat, *, samples=20, seed=0):
    """``(action, reason)``: the best action for ``seat`` (to act) judged from its view only.

    Cards: each legal card over ``samples`` deals that fit the seat's view (solved exactly
    late in the deal, else played out); the reason states what the card does to the trick
    (checked with the engine) and the average it gives. Other decisions: the learner
    computer's choice and reason.
    """
    if state.is_over or state.to_act != seat:
        raise ValueError(f"It is not seat {seat}'s turn to act.")
    if state.phase is not Phase.PLAYING:
        decision = ComputerPlayer().decide(state)
        return decision.action, decision.reason
    legal = _cards_only(state.legal_actions())
    if len(legal) == 1:
        return legal[0], sentence(f"{legal[0].short_name} is the only card you may play.")
    return _best_card(state, seat, legal, samples, random.Random(seed), _YOU)


_YOU = {"your side": "your side", "Your side": "Your side", "you": "you",
        "you may": "you may", "your": "your"}
_I = {"your side": "my side", "Your side": "My side", "you": "I", "you may": "I may",
      "your": "my"}


def _best_card(state, seat, legal, samples, rng, voice) -> tuple[Card, str]:
    side = state.side_of(seat)
    values = estimate_card_values(state, seat, samples, rng)
    ranked = sorted(legal, key=lambda c: (-values[c] if side == 0 else values[c], c.index))
    card = ranked[0]
    return card, _advice_reason(state, seat, card, legal, values, ranked, samples, voice)


def strong_choice(state, seat, *, samples=6, seed=0) -> tuple[Card, str]:
    """The strong computer's card (first-person reason): :func:`advise` for the table's
    "strong" level; the seat must be to play a card."""
    legal = _cards_only(state.legal_actions())
    if len(legal) == 1:
        return legal[0], sentence(f"{legal[0].short_name} is the only card I may play.")
    return _best_card(state, seat, legal, samples, random.Random(seed), _I)


def _advice_reason(state, seat, card, legal, values, ranked, samples, voice=_YOU) -> str:
    side = state.side_of(seat)
    total = state.rules.total_points

    def mine(value):
        return _points(value if side == 0 else total - value)

    view = state.view(seat)
    trick = [c for _, c in view.current_trick]
    seats = [s for s, _ in view.current_trick]

    def wins(candidate: Card) -> bool:
        cards = [c.index for c in trick] + [candidate.index]
        return winning_position(cards) == len(trick)

    if not trick:
        what = f"Lead {card.short_name}"
    elif card.is_excuse:
        what = "Play the Excuse" + (f": it stays with {voice['your side']}"
                                    if _tricks_left(state) > 1 else "")
    elif wins(card):
        what = sentence(f"{card.short_name} takes the trick for now")
    else:
        leading = trick[winning_position([c.index for c in trick])] \
            if any(not c.is_excuse for c in trick) else None
        holder = seats[[c.index for c in trick].index(leading.index)] if leading else None
        known_friends = _known_side(view)
        if holder is not None and holder in known_friends:
            what = f"{voice['Your side']} is winning the trick: {card.short_name} adds its points"
        elif not any(wins(c) for c in legal if not c.is_excuse):
            what = f"Play {card.short_name}: no card {voice['you may']} play takes this trick"
        else:
            what = (f"Play {card.short_name}: it does not take the trick, though "
                    f"{voice['you']} could")
    text = (f"{what}. Over {samples} deals that fit what {voice['you']} have seen it "
            f"leaves {voice['your side']} "
            f"{mine(values[card])} points on average")
    if len(ranked) > 1:
        text += f" ({ranked[1].short_name}: {mine(values[ranked[1]])})"
    return text + "."
