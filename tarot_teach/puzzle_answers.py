"""Answering a learner's card in a puzzle (:mod:`tarot_teach.puzzles`): :func:`check_move`
gives a :class:`Verdict` worded from the solver's facts (an open puzzle) or from the stored
averages (a seat puzzle).

>>> from tarot_teach.puzzles import PUZZLE_DIR, load_puzzles
>>> puzzle = load_puzzles(PUZZLE_DIR / "four-players.json")[0]
>>> check_move(puzzle, [], parse_card(puzzle["solution"][0])).right
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .cards import DECK, Card, parse_card
from .errors import IllegalAction
from .game import GameState
from .names import sentence
from .puzzles import (_forced, _loss, _name, _number, _play_line, _seat_cards, _side_best,
                      position, seat_interval, seat_right)
from .solver import best_line, card_values

__all__ = ["Verdict", "check_move"]


@dataclass(frozen=True)
class Verdict:
    """The answer to a learner's card: ``right`` (it keeps the best result) or not, what it
    costs (``loss``, card points for the learner's side), the other seats' cards that follow
    (``replies``: after a right card their answers up to the learner's next turn, after a
    wrong one the solver's line that refutes it), whether the puzzle is ``solved`` and a
    ``text`` worded from those facts."""

    right: bool
    card: Card
    loss: Fraction
    value: Fraction
    best: Fraction
    replies: tuple
    solved: bool
    text: str


def check_move(puzzle: dict, moves_so_far, card) -> Verdict:
    """The verdict on the learner playing ``card`` after their cards ``moves_so_far`` (each
    answered by the other seats' best cards). An illegal card raises the engine's
    :class:`~tarot_teach.errors.IllegalAction`.

    >>> from tarot_teach.puzzles import PUZZLE_DIR, load_puzzles
    >>> puzzle = load_puzzles(PUZZLE_DIR / "four-players.json")[0]
    >>> wrong = next(c for c in puzzle["values"] if c != puzzle["solution"][0])
    >>> verdict = check_move(puzzle, [], parse_card(wrong))
    >>> verdict.right, verdict.loss >= 3, len(verdict.replies) > 0
    (False, True, True)
    """
    learner = puzzle["seat"]
    state = position(puzzle)
    if puzzle["kind"] == "seat":
        if moves_so_far:
            raise IllegalAction("A seat puzzle is one card: it is already answered.")
        return _seat_verdict(puzzle, state, parse_card(card))
    line = [parse_card(c) for c in puzzle.get("line", [])]
    played = []  # the cards played since the start

    def answer():  # the other seats' best cards, up to the learner's turn
        replies = []
        while not state.is_over and state.to_act != learner:
            if played == line[:len(played)] and len(played) < len(line):
                reply = line[len(played)]
            else:
                reply = best_line(state)[0]
            replies.append((state.to_act, reply))
            state.play(reply)
            played.append(reply)
        return tuple(replies)

    for move in moves_so_far:
        state.play(parse_card(move))
        played.append(parse_card(move))
        answer()
    card = parse_card(card)
    on_line = played == line[:len(played)]
    stored = None  # the values and refutations kept with the puzzle for this move
    if puzzle["kind"] == "open" and on_line:
        steps = [puzzle, *puzzle.get("steps", ())]  # the first move's, then the later ones'
        if len(moves_so_far) < len(steps):
            stored = steps[len(moves_so_far)]
    if stored is not None:
        values = {parse_card(c): Fraction(v) for c, v in stored["values"].items()}
    else:
        values = card_values(state)
    if card not in values:
        state.play(card)  # the engine says which rule forbids it
    best = _side_best(state, values)
    loss = _loss(state, best, values[card])
    taking = state.side_of(learner) == 0
    side = "your side" if taking else "the taker's side"
    if loss:
        kept = stored.get("refutations", {}).get(str(card)) if stored is not None else None
        refutation = kept if kept is not None else _refutation(state, card)
        after = state.copy()
        after.play(card)
        replies = tuple(_play_line(after, [parse_card(c) for c in refutation]))
        text = (f"Not this one. {_describe(state, ((learner, card),) + replies, learner)} "
                f"With the best play from there {side} ends with {_number(values[card])} "
                f"points instead of {_number(best)}: {_number(loss)} lost.")
        return Verdict(False, card, loss, values[card], best, replies, False, text)
    before = state.copy()
    at = len(played)  # the card's place in the line
    state.play(card)
    played.append(card)
    replies = answer()
    if state.is_over:
        solved = True
    elif on_line and at < len(line) and card == line[at]:  # the stored line says
        solved = len(moves_so_far) + 1 >= len(puzzle["solution"])
    else:
        solved = _forced(card_values(state))
    text = (f"Right: {card.short_name} keeps {_number(best)} points for your side." if taking
            else f"Right: {card.short_name} holds the taker's side to {_number(best)} points.")
    text += " " + _describe(before, ((learner, card),) + replies, learner)
    if solved:
        text += " Solved: the rest plays itself."
    return Verdict(True, card, Fraction(0), best, best, replies, solved, text)


def _refutation(state: GameState, card: Card) -> list[str]:
    """The solver's line after ``card`` to the end of the next trick (or of the deal)."""
    after = state.copy()
    after.play(card)
    if after.is_over:
        return []
    line = best_line(after)
    stop = len(after.trick) and after.players - len(after.trick)  # the rest of this trick
    stop += after.players  # and the next one
    return [str(c) for c in line[:stop]]


def _seat_verdict(puzzle: dict, state: GameState, card: Card) -> "Verdict":
    """The verdict on a seat puzzle's card, from its stored values (no search)."""
    values = puzzle["values"]
    cards = _seat_cards(values)
    if str(card) not in cards:
        state.play(card)  # the engine says which rule forbids it
    facts = cards[str(card)]
    best_card = puzzle["solution"][0]
    best = cards[best_card]["mean"]
    deals = values["deals"]
    low, high = seat_interval(facts)
    right = seat_right(values, card)
    view = f"over {deals} deals that fit what you have seen"
    if right:
        rank = "best" if facts["loss"] <= 0 else "as good as the best (too close to tell apart)"
        text = (f"Right: {card.short_name} is {rank} from your view: on average {view}, your "
                f"side ends with {facts['mean']:.1f} card points (± {facts['se']:.1f}).")
        group = {c for c, f in cards.items() if f["mean"] == facts["mean"]}
        alike = [parse_card(c) for c, f in sorted(cards.items(), key=lambda i: i[1]["loss"])
                 if c not in group and seat_right(values, c)]
        worse = sorted((f["loss"], c) for c, f in cards.items() if not seat_right(values, c))
        if alike:
            text += (" As good from your view (too close to tell apart): "
                     + ", ".join(c.short_name for c in alike) + ".")
        elif worse:
            text += (f" The next best, {parse_card(worse[0][1]).short_name}, loses "
                     f"{worse[0][0]:.1f} on average.")
        return Verdict(True, card, Fraction(0), _fraction(facts["mean"]), _fraction(best),
                       (), True, text)
    text = (f"Not this one. From your view, on average {view}, {card.short_name} leaves your "
            f"side {facts['mean']:.1f} card points, {facts['loss']:.1f} fewer than the best "
            f"card (95 % interval: {max(low, 0):.1f} to {high:.1f} fewer): not an accident of "
            f"the deals drawn.")
    return Verdict(False, card, _fraction(facts["loss"]), _fraction(facts["mean"]),
                   _fraction(best), (), False, text)


def _fraction(number) -> Fraction:
    return Fraction(str(number))


def _describe(state: GameState, plays, learner: int) -> str:
    """Sentences for ``plays`` ((seat, card) pairs) played from ``state`` (not changed): who
    plays what, and who wins each trick with the points (and bouts) in it."""
    walk = state.copy()
    sentences, words = [], []
    for seat, card in plays:
        done = len(walk.tricks)
        walk.play(card)
        words.append(f"{_name(seat, learner)} "
                     f"play{'s' * (seat != learner)} {card.short_name}")
        if len(walk.tricks) > done:
            _, cards, winner = walk.tricks[-1]
            won = [DECK[i] for i in cards]
            bouts = [c.name for c in won if c.is_bout]
            with_bouts = f", {' and '.join(bouts)} among them" if bouts else ""
            sentences.append(f"{', '.join(words)}: {_name(winner, learner)} "
                             f"win{'s' * (winner != learner)} the trick "
                             f"({_number(sum(c.points for c in won))} points{with_bouts})")
            words = []
    if words:
        sentences.append(", ".join(words))
    return " ".join(sentence(text) + "." for text in sentences)
