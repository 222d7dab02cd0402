"""The coach: a deal reviewed decision by decision, and hints with true reasons.

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

from .cards import DECK, Card
from .game import GameState
from .inference import inferences, sample_deals, seat_name
from .judge import BAND_THRESHOLDS, DEALS, Band, CardJudgement, band_for, judge_cards
from .names import sentence
from .players import ComputerPlayer, discard_plans
from .record import state_from_record
from .rules import Bid, Phase
from .scoring import HANDFUL_LEVELS
from .solver import NotSolvable, best_line, card_values, native_available
from .tricks import winning_position

__all__ = ["Band", "BAND_THRESHOLDS", "ReviewEntry", "review", "advise", "band_for",
           "EXACT_CARDS", "strong_choice", "hindsight_values"]


EXACT_CARDS = 20 if native_available() else 16
"""With at most this many cards still to play, the open-hand solver gives the hindsight
value of each card (after the deal, never the band)."""

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


def _open_hand_words(state: GameState, seat: int, chosen: Card, best: Card, values,
                     names) -> str:
    """What the open-hand solver says of ``chosen`` against ``best`` (``values``: its
    taker's-side values): with the best play by everyone, which trick changes hands."""
    side = state.side_of(seat)
    if chosen is best or values[chosen] == values[best]:
        total = values[chosen] if side == 0 else state.rules.total_points - values[chosen]
        return sentence(f"{chosen.short_name} is one of the best cards: with the best play by "
                        f"everyone your side ends the deal with {_points(total)} points.")
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


def hindsight_values(state: GameState) -> "dict[Card, Fraction] | None":
    """The open-hand solver's value of each legal card (taker's side's points), when few
    enough cards are left (:data:`EXACT_CARDS`) to solve quickly; else None."""
    if _cards_left(state) > EXACT_CARDS:
        return None
    return card_values(state)


def _hindsight(state, seat, chosen: Card, verdict: CardJudgement, names) -> str:
    """After the deal, what every hand open says, when it differs from the verdict."""
    values = hindsight_values(state)
    if values is None:
        return ""
    side = state.side_of(seat)
    open_best = min(values, key=lambda c: (-values[c] if side == 0 else values[c], c.index))
    chosen_was_best = _lost(values, chosen, side) == 0
    if chosen_was_best == (chosen in verdict.best):
        return ""
    words = _open_hand_words(state, seat, chosen, open_best, values, names)
    return "In hindsight, with every hand open (not the verdict): " + words


def _void_note(state, seat, chosen: Card, text: str, names) -> str:
    """``text`` with an opponent's shown void in the chosen card's suit, if any."""
    if chosen.suit.is_plain:
        side = state.side_of(seat)
        for fact in inferences(state.view(seat), names):
            if fact.kind == "void" and fact.suit is chosen.suit \
                    and state.side_of(fact.seat) != side:
                return text[:-1] + (f"; {seat_name(fact.seat, names)} had shown no "
                                    f"{chosen.suit.english} in trick {fact.since_trick}.")
    return text


def _interval_words(verdict: CardJudgement, card: Card) -> str:
    low, high = verdict.interval(card)
    return f"95 % interval {_points(Fraction(round(low, 1)).limit_denominator(10))} to " \
           f"{_points(Fraction(round(high, 1)).limit_denominator(10))}"


def _why_judged(state, seat, chosen: Card, verdict: CardJudgement, names) -> str:
    """Why the verdict, in the seat's own terms: what it could know, on how many deals."""
    best = verdict.ranked[0]
    if verdict.exact:
        mine = {card: verdict.mean(card) for card in verdict.legal}
        values = mine if state.side_of(seat) == 0 else \
            {card: state.rules.total_points - value for card, value in mine.items()}
        return "You could tell where every card was. " + _open_hand_words(
            state, seat, chosen, best, values, names)
    count = verdict.deals
    if chosen in verdict.best:
        text = sentence(f"{chosen.short_name} is one of the best cards here: over {count} "
                        f"deals that fit what you had seen, your side ends with "
                        f"{_points(verdict.mean(chosen))} points on average.")
    elif verdict.close(chosen):
        text = (f"Close: over {count} deals that fit what you had seen, {best.short_name} "
                f"gives your side {_points(verdict.mean(best))} points on average and "
                f"{chosen.short_name} {_points(verdict.mean(chosen))}, a difference the deals "
                f"cannot tell from none ({_interval_words(verdict, chosen)}): as good as "
                f"{best.short_name} for all you could know.")
    else:
        text = (f"Over {count} deals that fit what you had seen, {best.short_name} gives your "
                f"side {_points(verdict.mean(best))} points on average, {chosen.short_name} "
                f"{_points(verdict.mean(chosen))}: {_points(verdict.loss(chosen))} lost "
                f"({_interval_words(verdict, chosen)}).")
        return _void_note(state, seat, chosen, text, names)
    return text


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


def _cards_words(cards) -> str:
    """Cards in a sentence, by their symbols: ``Q♠, C♠ and 6♠``.

    >>> from tarot_teach.cards import parse_cards
    >>> _cards_words(parse_cards("QS CS 6S")), _cards_words(parse_cards("KH"))
    ('Q♠, C♠ and 6♠', 'K♥')
    """
    names = [card.short_name for card in cards]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]


def discard_hint(state: GameState) -> str:
    """The hint for the taker about to discard: the whole discard the learner player makes
    (:func:`tarot_teach.players.discard_plans`), every card of it, with the first one's reason.

    >>> from tarot_teach import RuleSet
    >>> state = GameState.new(RuleSet(players=4), seed=3)
    >>> while state.phase is not Phase.DISCARD:
    ...     state.play(ComputerPlayer().decide(state).action)
    >>> print(discard_hint(state))
    discard Q♦, 3♦, 9♦, Q♠, C♠ and 1♠ — Discard Q♦ to empty a short suit (3 diamonds, no King).
    """
    if state.phase is not Phase.DISCARD:
        raise ValueError("The taker is not discarding now.")
    plan = discard_plans(state)["usual"]
    return (f"discard {_cards_words(plan)} — "
            f"{ComputerPlayer().decide(state).reason}")


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

    why = (f"Over {samples} sampled deals played out, your {kind} "
           f"({_cards_words(chosen_actions)}) gives your side {points(values[chosen])} points "
           f"on average, the computer's ({_cards_words(computer_actions)}) "
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
    from .cards import parse_card
    return parse_card(text).index


def _card_entry(state, seat, chosen, trick, seed, names) -> ReviewEntry:
    legal = _cards_only(state.legal_actions())
    if len(legal) == 1:
        return ReviewEntry("card", trick, str(chosen), (str(chosen),), Fraction(0), Band.BEST,
                           sentence(f"{chosen.short_name} was the only card you could play."), True)
    verdict = judge_cards(state, seat, seed=seed, focus=[chosen])
    return ReviewEntry("card", trick, str(chosen), tuple(map(str, verdict.best)),
                       verdict.loss(chosen), verdict.band(chosen),
                       _why_judged(state, seat, chosen, verdict, names), verdict.exact,
                       close=verdict.close(chosen), deals=verdict.deals,
                       hindsight=_hindsight(state, seat, chosen, verdict, names))


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


def advise(state, seat, *, samples=None, seed=0):
    """``(action, reason)``: the best action for ``seat`` (to act) judged from its view only.

    Cards: the legal cards compared by :func:`tarot_teach.judge.judge_cards` on ``samples``
    deals (default: the judge's first number, as the review uses) that fit the seat's view;
    the reason states what the card does to the trick (checked with the engine) and the
    average it gives. Other decisions: the learner computer's choice and reason.
    """
    if state.is_over or state.to_act != seat:
        raise ValueError(f"It is not seat {seat}'s turn to act.")
    if state.phase is not Phase.PLAYING:
        decision = ComputerPlayer().decide(state)
        return decision.action, decision.reason
    legal = _cards_only(state.legal_actions())
    if len(legal) == 1:
        return legal[0], sentence(f"{legal[0].short_name} is the only card you may play.")
    return _best_card(state, seat, samples, seed, _YOU)


_YOU = {"your side": "your side", "Your side": "Your side", "you": "you",
        "you may": "you may", "your": "your"}
_I = {"your side": "my side", "Your side": "My side", "you": "I", "you may": "I may",
      "your": "my"}


def _best_card(state, seat, samples, seed, voice) -> tuple[Card, str]:
    deals = (samples,) if samples else DEALS[:1]
    verdict = judge_cards(state, seat, seed=seed, deals=deals)
    card = verdict.ranked[0]
    return card, _advice_reason(state, seat, card, verdict, voice)


def strong_choice(state, seat, *, samples=None, seed=0) -> tuple[Card, str]:
    """The strong computer's card (first-person reason): :func:`advise` for the table's
    "strong" level, from its own view; the seat must be to play a card."""
    legal = _cards_only(state.legal_actions())
    if len(legal) == 1:
        return legal[0], sentence(f"{legal[0].short_name} is the only card I may play.")
    return _best_card(state, seat, samples, seed, _I)


def _advice_reason(state, seat, card, verdict: CardJudgement, voice=_YOU) -> str:
    legal, ranked = verdict.legal, verdict.ranked
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
    text = (f"{what}. Over {verdict.deals} deals that fit what {voice['you']} have seen it "
            f"leaves {voice['your side']} {_points(verdict.mean(card))} points on average")
    if len(ranked) > 1:
        text += f" ({ranked[1].short_name}: {_points(verdict.mean(ranked[1]))})"
    return text + "."
