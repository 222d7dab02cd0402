"""The coach: a deal reviewed decision by decision, and hints with true reasons (the hints,
:func:`advise`, are in :mod:`tarot_teach.advice`; the sentences about a judged card in
:mod:`tarot_teach.review_words`).

Every card is judged from what the seat could see, by :func:`tarot_teach.judge.judge_cards`
(the one evaluator of the hint, the review, the guided hands and the strong level): the
legal cards valued on the same deals drawn to fit the seat's view, exactly solved late,
played out earlier. A card is banded by the points it loses against the best, and worse
than Good only when that loss is clearly above the threshold; a card the sample cannot
tell from the best is *close*. The open-hand result (every hand laid open) is added after
the deal as hindsight, never as the band. ``exact`` is True when the seat's view fixed
every hidden card. Bids are compared with the hand evaluation, the call and the discard
with the computer's choice by sampled play-outs; a declaration (slam, poignée) changes the
bonuses, not the card points.

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

import random
from dataclasses import dataclass
from fractions import Fraction

from .advice import (advise, cards_only, cards_words, discard_hint, points_text, strong_choice,
                     tricks_left)
from .cards import DECK, parse_card
from .game import GameState
from .deal_sampling import sample_deals
from .judge import BAND_THRESHOLDS, Band, band_for, judge_cards
from .learner import ComputerPlayer
from .names import sentence
from .record import state_from_record
from .review_words import EXACT_CARDS, best_of, hindsight, hindsight_values, loss_of, why_judged
from .rules import Bid, Phase
from .scoring import HANDFUL_LEVELS
from .solver import NotSolvable, card_values

__all__ = ["Band", "BAND_THRESHOLDS", "ReviewEntry", "review", "advise", "band_for",
           "EXACT_CARDS", "strong_choice", "hindsight_values", "discard_hint"]

ENDGAME_TRICKS = 3
"""Sampled play-outs of the call and the discard: the learner players play until this many
tricks are left, then the solver finishes the deal exactly."""


@dataclass(frozen=True)
class ReviewEntry:
    """One decision of the reviewed seat.

    ``kind``: ``"bid"``, ``"call"``, ``"discard"``, ``"declaration"`` or ``"card"``;
    ``trick``: the 1-based trick number of a card (None otherwise); ``chosen`` and
    ``best``: actions as the engine writes them (``"KH"``, ``"guard"``; a discard as its
    cards separated by spaces); ``points_lost``: card points for the seat's side (0 for
    a best choice; bids and declarations lose none in card points, their band says how
    far they were from the hand evaluation); ``why``: one sentence; ``exact``: the seat's
    view fixed every hidden card (True) or the cards were compared over sampled deals
    (False); ``close``: the sample cannot tell the choice from the best; ``deals``: how many
    deals a card was judged on; ``hindsight``: what the open-hand solver says after the
    deal (a sentence, or empty), never the band.
    """

    kind: str
    trick: "int | None"
    chosen: str
    best: tuple[str, ...]
    points_lost: Fraction
    band: Band
    why: str
    exact: bool
    close: bool = False
    deals: int = 0
    hindsight: str = ""


def _playout_value(state: GameState, player: ComputerPlayer) -> Fraction:
    """Play ``state`` (a copy) with the learner players until :data:`ENDGAME_TRICKS` tricks
    are left, then perfectly: the taker's side's final points."""
    while not state.is_over and tricks_left(state) > ENDGAME_TRICKS:
        state.play(player.decide(state).action)
    if state.is_over:
        return state.result.taker_points
    return best_of(card_values(state), state.side_of(state.to_act))


# ----- review ----------------------------------------------------------------------------


def _prefix(record: dict, trick: int, position: int, first_leader: int) -> dict:
    """The record cut just before card ``position`` of trick ``trick`` (0-based): in the
    first trick, a seat's poignée or misère is there only once that seat is to play
    (``first_leader`` led the first trick)."""
    prefix = dict(record)
    tricks = list(record.get("tricks") or [])
    prefix["tricks"] = tricks[:trick] + ([list(tricks[trick][:position])] if position else [])
    if trick == 0 and isinstance(record.get("declarations"), dict):
        players = len(record.get("hands") or []) or 4
        spoken = {str((first_leader + k) % players) for k in range(position + 1)}
        declarations = dict(record["declarations"])
        for kind in ("poignees", "miseres"):
            if isinstance(declarations.get(kind), dict):
                declarations[kind] = {seat: value for seat, value
                                      in declarations[kind].items() if str(seat) in spoken}
        prefix["declarations"] = declarations
    return prefix


def _bid_entry(state: GameState, seat: int, chosen: Bid) -> ReviewEntry:
    """A bid against the learner's, which follows the hand evaluation (seed 003's scale):
    the same bid is Best, one step away an Inaccuracy, further a Mistake."""
    decision = ComputerPlayer().decide(state)
    best = decision.action
    order = [bid for bid in Bid if bid is not Bid.POUSSE or Bid.POUSSE in (best, chosen)]
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
    lost = max(Fraction(0), loss_of(values, chosen, side))
    best = chosen if lost == 0 else other
    total = before.rules.total_points

    def points(value):
        return points_text(value if side == 0 else total - value)

    why = (f"Over {samples} sampled deals played out, your {kind} "
           f"({cards_words(chosen_actions)}) gives your side {points(values[chosen])} points "
           f"on average, the computer's ({cards_words(computer_actions)}) "
           f"{points(values[other])}.")
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
            first_leader = final.tricks[0][0] if final.tricks else final.leader
            before = state_from_record(_prefix(record, number, position, first_leader),
                                       complete=False)
            chosen = DECK[_card_index(record["tricks"][number][position])]
            entries.append(_card_entry(before, seat, chosen, number + 1, seed, names))
        if progress is not None:
            progress(len(entries), total)
    return entries


def _card_index(text) -> int:
    return parse_card(text).index


def _card_entry(state, seat, chosen, trick, seed, names) -> ReviewEntry:
    legal = cards_only(state.legal_actions())
    if len(legal) == 1:
        return ReviewEntry("card", trick, str(chosen), (str(chosen),), Fraction(0), Band.BEST,
                           sentence(f"{chosen.short_name} was the only card you could play."), True)
    verdict = judge_cards(state, seat, seed=seed, focus=[chosen])
    return ReviewEntry("card", trick, str(chosen), tuple(map(str, verdict.best)),
                       verdict.loss(chosen), verdict.band(chosen),
                       why_judged(state, seat, chosen, verdict, names), verdict.exact,
                       close=verdict.close(chosen), deals=verdict.deals,
                       hindsight=hindsight(state, seat, chosen, verdict, names))


