"""The coach's sentences about a card it judged in a review: why the verdict, from what the
seat could know (:func:`why_judged`), and what every hand laid open says after the deal
(:func:`hindsight`), never the band.

>>> best_of({"a": 3, "b": 5}, 0), best_of({"a": 3, "b": 5}, 1), loss_of({"a": 3, "b": 5}, "a", 0)
(5, 3, 2)
"""

from __future__ import annotations

from fractions import Fraction

from .advice import cards_left, points_text
from .cards import DECK, Card
from .game import GameState
from .inference import inferences, seat_name
from .judge import CardJudgement
from .names import sentence
from .solver import best_line, card_values, native_available

__all__ = ["EXACT_CARDS", "best_of", "loss_of", "why_judged", "hindsight", "hindsight_values"]

EXACT_CARDS = 20 if native_available() else 16
"""With at most this many cards still to play, the open-hand solver gives the hindsight
value of each card (after the deal, never the band)."""


def best_of(values: dict, side: int):
    """The best value for ``side`` (the taker's side maximises)."""
    return max(values.values()) if side == 0 else min(values.values())


def loss_of(values: dict, card, side: int) -> Fraction:
    """What ``card`` loses against the best value for ``side``."""
    best = best_of(values, side)
    return best - values[card] if side == 0 else values[card] - best


def side_words(state: GameState, seat: int, other: int, names) -> str:
    if other == seat:
        return "you"
    if state.side_of(other) == state.side_of(seat):
        return f"your partner {seat_name(other, names)}"
    return seat_name(other, names)


def line_tricks(state: GameState, first: Card) -> GameState:
    after = state.copy()
    after.play(first)
    for card in best_line(after) if not after.is_over else []:
        after.play(card)
    return after


def open_hand_words(state: GameState, seat: int, chosen: Card, best: Card, values,
                     names) -> str:
    """What the open-hand solver says of ``chosen`` against ``best`` (``values``: its
    taker's-side values): with the best play by everyone, which trick changes hands."""
    side = state.side_of(seat)
    if chosen is best or values[chosen] == values[best]:
        total = values[chosen] if side == 0 else state.rules.total_points - values[chosen]
        return sentence(f"{chosen.short_name} is one of the best cards: with the best play by "
                        f"everyone your side ends the deal with {points_text(total)} points.")
    lost = loss_of(values, chosen, side)
    good = line_tricks(state, best)
    bad = line_tricks(state, chosen)
    start = len(state.tricks)
    for number in range(start, min(len(good.tricks), len(bad.tricks))):
        _, good_cards, good_winner = good.tricks[number]
        leader, bad_cards, bad_winner = bad.tricks[number]
        if good.side_of(good_winner) != bad.side_of(bad_winner) and bad.side_of(bad_winner) != side:
            win_card = DECK[bad_cards[(bad_winner - leader) % state.players]]
            text = (f"After {chosen.short_name}, {side_words(state, seat, bad_winner, names)} "
                    f"takes trick {number + 1} with {win_card.short_name}; after "
                    f"{best.short_name} your side wins it: {points_text(lost)} points lost "
                    f"with the best play by everyone.")
            led = next((DECK[i] for i in bad_cards if i), None)
            if win_card.is_trump and led is not None and led.suit.is_plain:
                for fact in inferences(state.view(seat), names):
                    if fact.kind == "void" and fact.seat == bad_winner and fact.suit is led.suit:
                        text = text[:-1] + (f" ({seat_name(bad_winner, names)} had shown no "
                                            f"{led.suit.english} in trick {fact.since_trick}).")
                        break
            return text
    return sentence(f"{best.short_name} is better than {chosen.short_name} by {points_text(lost)} "
                    f"points with the best play by everyone: the same tricks, but more points "
                    f"in your side's.")


def hindsight_values(state: GameState) -> "dict[Card, Fraction] | None":
    """The open-hand solver's value of each legal card (taker's side's points), when few
    enough cards are left (:data:`EXACT_CARDS`) to solve quickly; else None."""
    if cards_left(state) > EXACT_CARDS:
        return None
    return card_values(state)


def hindsight(state, seat, chosen: Card, verdict: CardJudgement, names) -> str:
    """After the deal, what every hand open says, when it differs from the verdict."""
    values = hindsight_values(state)
    if values is None:
        return ""
    side = state.side_of(seat)
    open_best = min(values, key=lambda c: (-values[c] if side == 0 else values[c], c.index))
    chosen_was_best = loss_of(values, chosen, side) == 0
    if chosen_was_best == (chosen in verdict.best):
        return ""
    words = open_hand_words(state, seat, chosen, open_best, values, names)
    return "In hindsight, with every hand open (not the verdict): " + words


def void_note(state, seat, chosen: Card, text: str, names) -> str:
    """``text`` with an opponent's shown void in the chosen card's suit, if any."""
    if chosen.suit.is_plain:
        side = state.side_of(seat)
        for fact in inferences(state.view(seat), names):
            if fact.kind == "void" and fact.suit is chosen.suit \
                    and state.side_of(fact.seat) != side:
                return text[:-1] + (f"; {seat_name(fact.seat, names)} had shown no "
                                    f"{chosen.suit.english} in trick {fact.since_trick}.")
    return text


def interval_words(verdict: CardJudgement, card: Card) -> str:
    low, high = verdict.interval(card)
    return f"95 % interval {points_text(Fraction(round(low, 1)).limit_denominator(10))} to " \
           f"{points_text(Fraction(round(high, 1)).limit_denominator(10))}"


def why_judged(state, seat, chosen: Card, verdict: CardJudgement, names) -> str:
    """Why the verdict, in the seat's own terms: what it could know, on how many deals."""
    best = verdict.ranked[0]
    if verdict.exact:
        mine = {card: verdict.mean(card) for card in verdict.legal}
        values = mine if state.side_of(seat) == 0 else \
            {card: state.rules.total_points - value for card, value in mine.items()}
        return "You could tell where every card was. " + open_hand_words(
            state, seat, chosen, best, values, names)
    count = verdict.deals
    if chosen in verdict.best:
        text = sentence(f"{chosen.short_name} is one of the best cards here: over {count} "
                        f"deals that fit what you had seen, your side ends with "
                        f"{points_text(verdict.mean(chosen))} points on average.")
    elif verdict.close(chosen):
        text = (f"Close: over {count} deals that fit what you had seen, {best.short_name} "
                f"gives your side {points_text(verdict.mean(best))} points on average and "
                f"{chosen.short_name} {points_text(verdict.mean(chosen))}, a difference the deals "
                f"cannot tell from none ({interval_words(verdict, chosen)}): as good as "
                f"{best.short_name} for all you could know.")
    else:
        text = (f"Over {count} deals that fit what you had seen, {best.short_name} gives your "
                f"side {points_text(verdict.mean(best))} points on average, {chosen.short_name} "
                f"{points_text(verdict.mean(chosen))}: {points_text(verdict.loss(chosen))} lost "
                f"({interval_words(verdict, chosen)}).")
        return void_note(state, seat, chosen, text, names)
    return text
