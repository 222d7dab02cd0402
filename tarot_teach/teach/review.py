"""Reading the table (chapter 21): which players have shown a void, how many trumps are
still out, and which card the open-hand solver plays at the end of a deal.

Voids come from :func:`tarot_teach.inference.inferences` (what the rules of play reveal),
the trump count from the seat's own view and is checked against the hidden hands, the best
card from :func:`tarot_teach.solver.card_values`.

>>> question = trumps_question(random.Random(4))
>>> count = trumps_out(question)
>>> count["out"] == count["hidden"], check_trumps_out(question, count["out"]).ok
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ..cards import PLAIN_SUITS, TRUMP_MASK, Card, Suit, parse_card
from ..errors import IllegalAction
from ..game import GameState
from ..inference import inferences
from ..names import seat_names, sentence
from ..players import ComputerPlayer
from ..rules import Phase, RuleSet
from ..solver import best_line, card_values
from .feedback import AnswerError, Feedback, section_link

__all__ = ["points_text", "seat_names", "VoidQuestion", "void_question", "check_void_seats",
           "void_solution", "TrumpsQuestion", "trumps_question", "trumps_out",
           "check_trumps_out", "trumps_solution", "SolverQuestion", "solver_question",
           "check_solver_card", "solver_solution", "contract_words"]


def points_text(value: Fraction) -> str:
    """Card points as the book writes them: ``3``, ``2.5``, or one decimal for an average."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        return f"{value.numerator // 2}.5" if value > 0 else f"{float(value):.1f}"
    return f"{float(value):.1f}"


_PAGE = "21-coach"


def _deal_in_play(rng: random.Random, players: int, tricks: int) -> GameState:
    """A real deal, played by the computer players until ``tricks`` tricks are done."""
    player = ComputerPlayer()
    while True:
        state = GameState.new(RuleSet(players=players), seed=rng.getrandbits(32))
        while not state.is_over and (state.phase is not Phase.PLAYING
                                     or len(state.tricks) < tricks):
            state.play(player.decide(state).action)
        if not state.is_over and state.taker is not None:
            return state


def _deal_key(state: GameState) -> str:
    """A short name for a deal at one moment (the hands dealt and the actions so far)."""
    record = state.to_record()
    return f"{record['hands'][0][:3]}…, {len(state.history)} actions"


def contract_words(view, names) -> str:
    """Who took, with which contract (and the call), in words."""
    return (f"{names[view.taker]} is the taker ({view.contract.english})"
            + (f" and called the {view.called.name}" if view.called is not None else "") + ".")


@dataclass(frozen=True)
class VoidQuestion:
    """After some tricks: which other seats have shown a void in ``suit`` (seen from ``seat``)."""

    state: GameState
    seat: int
    suit: Suit

    def __repr__(self) -> str:
        return f"VoidQuestion({_deal_key(self.state)}, {self.seat}, {self.suit})"


def _shown_voids(question: VoidQuestion) -> dict[int, str]:
    """Seat -> the inference's words, for every other seat known to be void in the suit."""
    names = seat_names(question.state.players, question.seat)
    return {fact.seat: fact.text for fact in inferences(question.state.view(question.seat), names)
            if fact.kind == "void" and fact.suit is question.suit}


def void_question(rng: random.Random, players: int = 4) -> VoidQuestion:
    """A deal after several tricks where someone has shown a void in a suit still in play."""
    while True:
        state = _deal_in_play(rng, players, rng.randint(4, 9))
        seat = rng.randrange(players)
        suits = list(PLAIN_SUITS)
        rng.shuffle(suits)
        for suit in suits:
            question = VoidQuestion(state, seat, suit)
            voids = _shown_voids(question)
            if voids and len(voids) < players - 1:
                return question


def check_void_seats(question: VoidQuestion, seats) -> Feedback:
    """Judge the set of seats said to have shown a void (the inferences' facts)."""
    chosen = set(seats)
    if not chosen:
        raise AnswerError("Click every player who has shown a void, then Check.")
    if question.seat in chosen:
        raise AnswerError("The question is about the other players: you know your own hand.")
    voids = _shown_voids(question)
    names = seat_names(question.state.players, question.seat)
    section = section_link(_PAGE, "spotting-voids", "Spotting voids")
    suit = question.suit.english
    if chosen == set(voids):
        return Feedback(True, "Right: " + " ".join(voids[s] for s in sorted(voids)))
    details = [voids[s] for s in sorted(set(voids) - chosen)]
    details += [f"{names[s]} has not shown a void in {suit}: whenever {suit} were led, "
                f"{names[s]} followed suit (or had not played yet)." for s in sorted(chosen - set(voids))]
    return Feedback(False, "Not quite.", details, section)


@dataclass(frozen=True)
class TrumpsQuestion:
    """After some tricks: how many trumps are still out, seen from ``seat``."""

    state: GameState
    seat: int

    def __repr__(self) -> str:
        return f"TrumpsQuestion({_deal_key(self.state)}, {self.seat})"


def trumps_out(question: TrumpsQuestion) -> dict:
    """The count from the seat's view, and the truth from the whole deal.

    ``mine``, ``played``, ``shown`` (in a discard the seat has seen), ``out`` (what is left:
    21 less those), and ``hidden``: the trumps really in the other hands or an unseen dog.
    """
    state, seat = question.state, question.seat
    view = state.view(seat)
    mine = sum(1 for c in view.hand if c.is_trump)
    played = sum(1 for _, cards, _ in view.tricks for c in cards if c.is_trump) \
        + sum(1 for _, c in view.current_trick if c.is_trump)
    seen_discard = view.discard if view.discard is not None else view.discarded_trumps
    shown = sum(1 for c in seen_discard or () if c.is_trump)
    hidden = sum((state.hands[other] & TRUMP_MASK).bit_count()
                 for other in range(state.players) if other != seat)
    if view.dog is None:
        hidden += (state.dog & TRUMP_MASK).bit_count()
    return {"mine": mine, "played": played, "shown": shown, "out": 21 - mine - played - shown,
            "hidden": hidden}


def trumps_question(rng: random.Random, players: int = 4) -> TrumpsQuestion:
    """A deal after several tricks, seen from one seat."""
    state = _deal_in_play(rng, players, rng.randint(3, 10))
    return TrumpsQuestion(state, rng.randrange(players))


def _trumps_working(count: dict) -> str:
    """The count in words.

    >>> _trumps_working({"mine": 5, "played": 7, "shown": 0, "out": 9})
    '21 trumps, less the 5 in your hand and the 7 played: 9 are still out.'
    """
    parts = [f"the {count['mine']} in your hand", f"the {count['played']} played"]
    if count["shown"]:
        parts.append(f"the {count['shown']} shown in a discard")
    return (f"21 trumps, less {', '.join(parts[:-1])} and {parts[-1]}: "
            f"{count['out']} {'is' if count['out'] == 1 else 'are'} still out.")


def check_trumps_out(question: TrumpsQuestion, answer) -> Feedback:
    """Judge the number of trumps (the Excuse not counted) said to be still out."""
    if not 0 <= answer <= 21:
        raise AnswerError("There are 21 trumps: type a number from 0 to 21.")
    count = trumps_out(question)
    if count["out"] != count["hidden"]:  # the count must agree with the deal itself
        raise ValueError("the count of trumps does not match the deal")
    if answer == count["out"]:
        return Feedback(True, "Right: " + _trumps_working(count))
    details = [_trumps_working(count)]
    if answer < count["out"]:
        details.append("Count every trump you have seen played, the small ones too.")
    return Feedback(False, f"Not quite: {count['out']}, not {answer}.", details,
                    section_link(_PAGE, "counting-trumps", "Counting trumps"))


@dataclass(frozen=True)
class SolverQuestion:
    """An open endgame (every hand shown): the best card for the seat to play."""

    state: GameState

    def __repr__(self) -> str:
        return f"SolverQuestion({_deal_key(self.state)})"


def _side_points(state: GameState, seat: int, taker_points: Fraction) -> Fraction:
    side_is_taker = state.side_of(seat) == state.side_of(state.taker)
    return taker_points if side_is_taker else state.rules.total_points - taker_points


def solver_question(rng: random.Random, players: int = 4, tricks_left: int = 3) -> SolverQuestion:
    """A deal with ``tricks_left`` tricks to go (sometimes in the middle of a trick) where
    the legal cards of the seat to play are not all worth the same."""
    while True:
        state = _deal_in_play(rng, players, RuleSet(players=players).tricks - tricks_left)
        player = ComputerPlayer()
        for _ in range(rng.randrange(players)):
            state.play(player.decide(state).action)
        if state.is_over or state.phase is not Phase.PLAYING:
            continue
        try:
            values = card_values(state)
        except ValueError:
            continue
        if len(set(values.values())) > 1:
            return SolverQuestion(state)


def _best_cards(state: GameState) -> tuple[dict, list[Card]]:
    values = card_values(state)
    side_is_taker = state.side_of(state.to_act) == state.side_of(state.taker)
    target = max(values.values()) if side_is_taker else min(values.values())
    return values, [card for card in values if values[card] == target]


def _line_words(state: GameState, first: Card) -> str:
    after = state.copy()
    after.play(first)
    line = [first] + (best_line(after) if not after.is_over else [])
    return ", ".join(card.short_name for card in line)


def check_solver_card(question: SolverQuestion, card) -> Feedback:
    """Judge the card said to be the solver's: right if no card gives the side more."""
    state = question.state
    card = parse_card(card)
    seat = state.to_act
    names = seat_names(state.players)
    if card not in state.hand(seat):
        raise AnswerError(sentence(f"{card.short_name} is not in {names[seat]}'s hand."))
    try:
        state.copy().play(card)
    except IllegalAction as refusal:
        return Feedback(False, sentence(f"{card.short_name} may not be played: {refusal}"),
                        section=section_link("07-tricks", "", "Playing tricks"))
    values, best = _best_cards(state)
    mine = _side_points(state, seat, values[card])
    top = _side_points(state, seat, values[best[0]])
    if card in best:
        return Feedback(True, f"Right: {card.short_name} is best. With the best play by "
                              f"everyone {names[seat]}'s side ends with {points_text(top)} "
                              f"points (the play: {_line_words(state, card)}).")
    return Feedback(False, f"Not the best: {card.short_name} leaves {names[seat]}'s side "
                           f"{points_text(mine)} points, {best[0].short_name} "
                           f"{points_text(top)}.",
                    [f"The best play after {best[0].short_name}: {_line_words(state, best[0])}.",
                     f"After {card.short_name}: {_line_words(state, card)}."],
                    section_link(_PAGE, "what-would-the-solver-play", "What would the solver play?"))


def void_solution(question: VoidQuestion) -> str:
    """The players who have shown a void in the question's suit, with the trick that showed it."""
    voids = _shown_voids(question)
    return " ".join(voids[s] for s in sorted(voids))


def trumps_solution(question: TrumpsQuestion) -> str:
    """The count of the trumps still out, worked."""
    return _trumps_working(trumps_out(question))


def solver_solution(question: SolverQuestion) -> str:
    """The solver's card (or cards), the points they leave the side, and the play after."""
    state = question.state
    values, best = _best_cards(state)
    names = seat_names(state.players)
    top = _side_points(state, state.to_act, values[best[0]])
    return sentence(f"{' or '.join(c.short_name for c in best)}: {names[state.to_act]}'s side "
                    f"then ends with {points_text(top)} points (the play: "
                    f"{_line_words(state, best[0])}).")
