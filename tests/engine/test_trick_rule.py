"""One rule decides who wins a trick (RULES.md §7): ``tricks.beats``, folded over the trick by
``tricks.winning_position_ranked``. Everything else that picks a trick's winner calls it,
except the native search (tarot_teach/_solver.c), whose copy is tied to it here through the
values it finds.

Issue 31 item 4.
"""

import random

import pytest

from tarot_teach import DECK, GameState, RuleSet, solver
from tarot_teach.cards import parse_card
from tarot_teach.rules import Phase
from tarot_teach.teach.guided_cards import card_answers
from tarot_teach.tricks import (PLAIN_ORDER, beats, beats_table, legal_mask, plain_order,
                                trick_winner, winning_position, winning_position_ranked,
                                wins_if_played)
from tarot_teach.variants import COSMIC_RANK_VALUES

from test_solver import brute_force, cards_only, random_endgame

ORDERS = {"usual": PLAIN_ORDER, "cosmic": COSMIC_RANK_VALUES}


def random_trick(rng: random.Random, players: int) -> list[int]:
    """A complete legal trick (card indices in play order) from random hands of ``players``."""
    deck = list(range(78))
    rng.shuffle(deck)
    size = rng.randint(1, 78 // players)
    hands = [sum(1 << i for i in deck[seat * size:(seat + 1) * size]) for seat in range(players)]
    trick = []
    for seat in range(players):
        legal = legal_mask(hands[seat], trick)
        choices = [i for i in range(78) if legal >> i & 1]
        trick.append(rng.choice(choices))
    return trick


def reference_position(trick: list[int], values) -> int:
    """The rule as the book says it, in cards: the highest trump if any was played, else the
    highest card of the suit led; the Excuse never wins (-1: nothing wins)."""
    cards = [DECK[i] for i in trick]
    trumps = [k for k, card in enumerate(cards) if card.is_trump]
    if trumps:
        return max(trumps, key=lambda k: cards[k].rank)
    led = next((card.suit for card in cards if not card.is_excuse), None)
    followers = [k for k, card in enumerate(cards) if card.suit is led and not card.is_excuse]
    return max(followers, key=lambda k: values[trick[k]]) if followers else -1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("order", sorted(ORDERS))
def test_the_rule_picks_the_books_winner_of_random_legal_tricks(players, order):
    values = ORDERS[order]
    rng = random.Random(f"{players}{order}")
    excuse_seen = trumped = 0
    for _ in range(3000):
        trick = random_trick(rng, players)
        if rng.random() < 0.2:  # the Excuse played somewhere in the trick
            trick[rng.randrange(players)] = 0
        for end in range(len(trick) + 1):  # each trick in progress, too
            assert winning_position_ranked(trick[:end], values) == \
                reference_position(trick[:end], values), trick[:end]
        excuse_seen += 0 in trick
        trumped += any(0 < i <= 21 for i in trick[1:]) and trick[0] > 21
    assert excuse_seen > 100 and trumped > 100


def test_the_excuse_alone_or_nothing_wins_nothing():
    assert winning_position([]) == winning_position([0]) == -1
    assert winning_position([0, 30]) == 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_beats_read_card_by_card_gives_the_winner_so_far(players):
    """The solver follows a trick with ``beats`` one card at a time (the card winning so far),
    as the native search does: that reading gives the rule's winner after each card."""
    rng = random.Random(players)
    for _ in range(2000):
        trick = random_trick(rng, players)
        for values in ORDERS.values():
            position = best = -1
            for k, card in enumerate(trick):
                if beats(card, best, values):
                    position, best = k, card
                assert position == winning_position_ranked(trick[:k + 1], values)


def test_the_variants_order_comes_with_its_rule_set():
    cosmic = RuleSet(players=3, cosmic_tribe=True)
    assert plain_order(cosmic) is COSMIC_RANK_VALUES and plain_order(RuleSet(players=3)) is PLAIN_ORDER
    assert str(trick_winner(["9S", "2S", "QH"], cosmic)) == "2S"
    assert winning_position([parse_card("9S").index, parse_card("2S").index], cosmic) == 1
    assert wins_if_played(["9S"], "2S", cosmic) and not wins_if_played(["9S"], "2S")
    assert not wins_if_played(["9S"], "EX") and not wins_if_played(["T3"], "KS")


def _last_to_play(rules, seed):
    """A state of ``rules`` where the seat to act plays the last card of a trick, or None."""
    rng = random.Random(seed)
    state = GameState.new(rules, seed=seed)
    while not state.is_over and state.phase is not Phase.PLAYING:
        actions = state.legal_actions()
        state.play(actions[1] if state.phase is Phase.BIDDING and not state.bids
                   else actions[0] if state.phase is Phase.BIDDING
                   else actions[rng.randrange(len(actions))])
    stop = rng.randrange(1, rules.tricks - 1)
    while not state.is_over and (len(state.tricks) < stop or len(state.trick) < rules.players - 1):
        actions = cards_only(state)
        state.play(actions[rng.randrange(len(actions))])
    return None if state.is_over else state


def test_the_guided_win_answers_follow_cosmic_tribes_order():
    """Guided play's "cards that win the trick" are the ones the engine gives the trick for,
    under Cosmic Tribe's order of the pips too (Fire and Air run 10 low … 1 high)."""
    rules = RuleSet(players=3, cosmic_tribe=True)
    differ = 0
    for seed in range(120):
        state = _last_to_play(rules, seed)
        if state is None:
            continue
        seat = state.to_act
        engine = set()
        for card in cards_only(state):
            after = state.copy()
            after.play(card)
            if not card.is_excuse and after.tricks[-1][2] == seat:
                engine.add(card)
        assert card_answers(state, seat, "win") == engine, (seed, state.trick)
        usual = {c for c in cards_only(state)
                 if not c.is_excuse and winning_position(list(state.trick) + [c.index])
                 == len(state.trick)}
        differ += usual != engine
    assert differ >= 3  # positions where the usual order would give another answer


@pytest.mark.parametrize("search", ["native", "python"])
@pytest.mark.parametrize("players, variant", [(3, None), (3, "cosmic_tribe"), (4, None),
                                              (5, None), (4, "excuse_last_trick_to_winner")])
def test_the_searches_give_the_tricks_to_the_rules_winner(players, variant, search, monkeypatch):
    """The native search keeps its own copy of the rule (its winner of a complete trick, the
    card taking the lead, the winners tried first), the Python search reads
    ``tricks.beats_table``: on the last two tricks, from every point of a trick, with the
    Excuse and trumps, the card values of both are the engine's."""
    if search == "native":
        native = pytest.importorskip("tarot_teach._solver", reason="the native search was not built")
        monkeypatch.setattr(solver, "_native", native)
    else:
        monkeypatch.setattr(solver, "_native", None)
    for seed in range(40):
        rng = random.Random(seed)
        tricks_left = 1 + seed % 2
        state = random_endgame(seed, players, tricks_left, rng.randrange(players),
                               excuse_late=seed % 3 == 0, variant=variant)
        assert solver.card_values(state) == brute_force(state), (seed, state.trick)


@pytest.mark.parametrize("order", sorted(ORDERS))
def test_the_solvers_table_is_the_rule(order):
    values = ORDERS[order]
    table = beats_table(values)
    assert all(table[best][card] == beats(card, best, values)
               for best in range(-1, 78) for card in range(78))
