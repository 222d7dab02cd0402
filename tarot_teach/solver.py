"""The open-hand solver: the best result for both sides when every hand is known.

The taker's side maximises its final card points, the defence minimises them (with five
players the partner is on the taker's side). A value is exactly what
``state.result.taker_points`` reports at the end of the deal, the Excuse rules of
RULES.md §8 included (the exchange half point, the Excuse changing sides on the last
trick, the slam exception).

>>> from tarot_teach import GameState, RuleSet
>>> from tarot_teach.players import ComputerPlayer
>>> state, player = GameState.new(RuleSet(players=4), seed=8), ComputerPlayer()
>>> while state.phase is not Phase.PLAYING or len(state.tricks) < 16:
...     state.play(player.decide(state).action)
>>> state.to_act == state.taker, [str(card) for card in state.hand(state.to_act)]
(True, ['T1', 'EX'])
>>> {str(card): value for card, value in card_values(state).items()}
{'EX': Fraction(51, 1), 'T1': Fraction(47, 1)}
>>> [str(card) for card in best_line(state)][:4]
['EX', 'QS', '9S', '9D']

The taker plays the Excuse now: kept to the last trick it would change sides, 4 points
(its 4.5 less the half point given in exchange) lost. Games without a taker's side
(goulash, two players) and an imprenable Petit are refused, and so is a deal not yet in play:

>>> card_values(GameState.new(RuleSet(players=4), seed=3))
Traceback (most recent call last):
...
tarot_teach.solver.NotSolvable: The solver analyses the play of the cards; this deal is in the bidding phase.

Two searches give the same values: :meth:`Position.search` in pure Python (the reference,
and what runs in Pyodide) and, when a C compiler was there at install, the same search in C
(``tarot_teach/_solver.c``, keyed by the hands with the small cards renumbered as below, its
table kept on the position), used by CPython unless ``TAROT_TEACH_NATIVE=0``. The proof tree
of a 9-trick position is about a million nodes, and CPython searches some 400,000 a second
where C searches 10 million or more: 3 s becomes 0.1 s; everything above the search is shared.

How it searches: alpha-beta over bit masks (the taker's side maximises), a transposition
table at the start of each trick keyed by the hands by relative ranks (a low card only
counts by its rank among the cards still in play, so that positions differing only by
which low cards fell earlier are one entry), the leader and the few facts the Excuse rules
need, equivalent cards merged into one move (cards of the same value next to each other in
one hand with no card between them still in play elsewhere), moves ordered by a cheap
trick-level guess, and the points still in play (and the Excuse, which its holder can keep)
bounding what is to come. The first card
is searched with a full window, each next one in a narrow window around the value before
it, widened on the side where it fails.

Tried and dropped, measured in nodes on the benchmark's 9-trick positions: zero-window
MTD(f) (5 % fewer); a bound from the trumps each side must win (under 1 %); no table at two
tricks left (3 times more); a table inside the trick too, keyed by the trick's start and
the cards played (1 % fewer: a trick start is searched again in another window, not its
inside); exact values (full window) below 2, 3 or 4 tricks left (2 %, 12 %, 41 % more);
windows widened by steps of 6, 18, ... after a failure (no change); cards of suits no other
hand holds merged across suits, and suits permuted in the key (0.1 %, 0.3 %); the merged
moves memoised (slower); at the last card of a trick, the next tricks' table entries read
first for a cut-off (enhanced transposition cut-offs: 2 % fewer nodes, 5 % slower); the key
by cards instead of relative ranks at two tricks left (5 % more nodes). Where the nodes go:
over 98 % of the cut-offs come from the first move tried, so no move ordering can do much;
a value is mostly the proof that every defence line leaves the taker at least that much,
and the first card's full window costs a third to a half of all the nodes, but a guess 4
units off saves nothing.

Kept since: a complete trick reads the next trick's entry before filing itself and returns
at once when it decides (the call, the filing and the putting back saved); a trick
start's entry begins at what the Excuse's holder can make sure of (played in this trick,
its side keeps it, the exchange half point aside: 1.5 % fewer nodes); the merged moves
found with one table lookup per card. Together: a few per cent less CPU on the benchmark,
within the noise of a shared machine. Tried and dropped in the same session (6 of the benchmark's 9-trick
positions unless said): partition search (GIB, DDS's "winning ranks"): a trick start's
bound filed with only the cards that decided it (the winning card of a trick holding
another card of its group, the trump winning so far when a hand's choice of trumps
depends on it, whole runs of merged cards), the other low cards of each group
interchangeable between hands that keep as many; exact on every test, 3 to 25 % fewer
nodes (median about 15 %) but 50 % more CPU per node, so slower (git history: commit
f9ae175). Principal variation search inside the tree (0.6 % fewer nodes); the cards
already played to the trick counting for merging only by the one winning it (within 2 %,
either way); a root window re-centred on the fail-soft bound after a failure (under 1 %);
even the true value as every root card's guess saves only 8 %; a trick start searched a
second time searched in a full window (to 3 tricks left: 0.4 % more nodes; everywhere: 8 %
more); a trick that already gives the taker more than the window returning at once
(its looser fail-soft bound: 9 % more nodes on the worst position). The proof is simply that large: most trick starts are reached again with other
points already won (so in another window), and each is searched about 2.7 times.
"""

from __future__ import annotations

import os
from fractions import Fraction

from .cards import DECK, EXCUSE_BIT, SUIT_MASKS, TRUMP_MASK, Card
from .rules import Bid, Phase
from .tricks import PLAIN_ORDER, TRUMPS_ABOVE, beats_table, legal_mask, winning_position_ranked
from .variants import COSMIC_RANK_VALUES, COSMIC_THIRDS

__all__ = ["card_values", "best_line", "NotSolvable", "SearchLimit", "Position",
           "native_available", "position_value"]


def _load_native():
    """The native search (``tarot_teach._solver``, built from ``_solver.c`` when a C compiler
    was there at install), or None: not built, in Pyodide, or ``TAROT_TEACH_NATIVE=0``."""
    if os.environ.get("TAROT_TEACH_NATIVE", "").strip() == "0":
        return None
    try:
        from . import _solver
    except ImportError:
        return None
    return _solver


_native = _load_native()  # read once; Position._searcher() decides with it


def native_available() -> bool:
    """Whether the native (C) search is loaded; without it the search is pure Python.

    >>> isinstance(native_available(), bool)
    True
    """
    return _native is not None

_LAST_EXCUSE = {"changes": 0, "winner": 1, "kept": 2}  # as _solver.c numbers them
_NATIVE_ENTRIES = 1 << 20  # the native table's most entries (96 bytes each), then replaced

SMALL_MASK = sum(1 << c.index for c in DECK if c.half_points == 1)
_HALVES = tuple(c.half_points for c in DECK)
# The plain suit (its mask) or the trumps of each card index; the Excuse has none.
_GROUP = tuple(0 if i == 0 else TRUMP_MASK if i <= 21 else SUIT_MASKS[DECK[i].suit]
               for i in range(78))
_INF = 10 ** 6
# Move ordering keys by card index (lower first).
_LEAD_KEY = tuple(10 ** 5 if i == 0 else -(1000 + i) if i <= 21
                  else -(_HALVES[i] * 30 + (i - 22) % 14) for i in range(78))
_NEG_UNITS = tuple(-h for h in _HALVES)
_GIVE_KEY = tuple(10 ** 5 if i == 0 else -_HALVES[i] for i in range(78))
_LOSE_KEY = tuple(3 if i == 0 else _HALVES[i] for i in range(78))
# The relative-rank key: cards worth more than the least (the Excuse, the bouts, the faces)
# keep their place; the low cards of a suit or of the trumps only count by rank among those
# still in play. The groups: (first card index, number of cards).
_HIGH_MASK = sum(1 << i for i in range(78) if _HALVES[i] != 1)
_GROUPS = ((1, 21), (22, 14), (36, 14), (50, 14), (64, 14))
_GROUP_MASKS = tuple((first, ((1 << width) - 1) << first) for first, width in _GROUPS)


def _pack(live: int, hand: int) -> int:
    """The bits of ``hand`` at the places of the bits of ``live``, packed low (a 'pext').

    >>> bin(_pack(0b101101, 0b100100))
    '0b1010'
    """
    packed = 0
    bit = 1
    while live:
        low = live & -live
        if hand & low:
            packed |= bit
        bit <<= 1
        live ^= low
    return packed


def _merged(legal: int, live: int, units) -> list[int]:
    """The cards of ``legal`` (a mask), one per class of equivalent cards: of the same group
    and value as the card before, with no card of ``live`` (the others' cards in play)
    between them, a card is not a new move (``live = -1``: only cards next to each other).

    >>> from tarot_teach.cards import cards_of, mask_of, parse_cards
    >>> hand, others = mask_of(parse_cards("2S 3S 5S 7S KS")), mask_of(parse_cards("4S 6S"))
    >>> [str(DECK[index]) for index in _merged(hand, others, _HALVES)]
    ['2S', '5S', '7S', 'KS']
    """
    classes = _classes(units)
    moves = []
    previous = -2  # the class of the card before (-2: none yet)
    before = 0  # the card before, as a bit
    while legal:
        low = legal & -legal
        index = low.bit_length() - 1
        legal ^= low
        kind = classes[index]
        if kind == previous and not live & (low - (before << 1)):
            before = low  # the same as the card before: not a new move
            continue
        moves.append(index)
        previous, before = kind, low
    return moves


_CLASSES = {}


def _classes(units) -> tuple:
    """Each card index's class for :func:`_merged`: its group and its value (in ``units``,
    one of the module's constant tuples); the Excuse alone (-1)."""
    classes = _CLASSES.get(id(units))
    if classes is None:
        classes = _CLASSES[id(units)] = tuple(
            -1 if i == 0 else (1 if i <= 21 else 2 + (i - 22) // 14) * 1000 + units[i]
            for i in range(78))
    return classes


def _excuse_facts(inplay: int, sweep: int, has_small: list, owed: int) -> int:
    """What the Excuse rules need to know at a trick start, as one number of the table's
    key: with the Excuse still in play, which side has won every trick so far (``sweep``:
    0, 1, -1 none, 2 no trick yet) and which sides have won a small card; else which side
    still owes an exchange card (``owed``, -1 none).

    >>> _excuse_facts(EXCUSE_BIT, 0, [True, False], -1), _excuse_facts(0, -1, [True, True], 1)
    (102, 11)
    """
    if inplay & EXCUSE_BIT:
        return 100 + sweep * 4 + has_small[0] * 2 + has_small[1]
    return 10 + owed if owed >= 0 else 0


_WEIGHTS = {}


def _weights(units: tuple) -> tuple:
    """(mask, extra units) pairs so that units(mask) = count + sum(extra * count(mask & weighted))."""
    weights = _WEIGHTS.get(id(units))  # (units is one of the module's constant tuples)
    if weights is None:
        weights = _WEIGHTS[id(units)] = tuple(
            (sum(1 << i for i in range(78) if units[i] == value), value - 1)
            for value in sorted(set(units)) if value != 1)
    return weights


class NotSolvable(ValueError):
    """A state the solver cannot analyse: not in the playing phase, or a game without a taker."""


class SearchLimit(NotSolvable):
    """The search needed more nodes than ``max_nodes`` allowed."""


class Position:
    """A compact copy of a playing-phase state, searched in place (ints and lists only)."""

    __slots__ = ("rules", "n", "hands", "trick", "inplay", "leader", "side", "tricks_left",
                 "first_trick", "called", "units", "order", "beats", "merge", "unit", "weights", "base",
                 "has_small", "owed", "sweep", "last_excuse", "table", "relative_ranks", "packed",
                 "relative", "nodes", "max_nodes", "native")

    def __init__(self, state) -> None:
        if state.phase is not Phase.PLAYING or state.is_over:
            raise NotSolvable("The solver analyses the play of the cards; this deal is in the "
                              f"{state.phase.value} phase.")
        if state.rules.two_players or state.taker is None:
            raise NotSolvable("The solver needs a taker's side and a defence; in this game "
                              "(goulash or two players) every seat plays for itself.")
        if state.lazy_view(state.to_act).petit_imprenable is not None:
            raise NotSolvable("The solver does not analyse deals with an imprenable Petit.")
        rules = state.rules
        self._set_rules(rules)
        self.hands = list(state.hands)
        self.trick = list(state.trick)
        inplay = 0
        for hand in self.hands:
            inplay |= hand
        for index in self.trick:
            inplay |= 1 << index
        self.inplay = inplay  # the cards in the hands and in the trick in progress
        self.leader = state.leader
        self.side = [state.side_of(seat) for seat in range(self.n)]
        self.tricks_left = rules.tricks - len(state.tricks)
        self.first_trick = not state.tricks
        self.called = state.called
        units = self.units
        contract = state.contract
        aside = 0
        for index in state.discard:
            aside |= 1 << index
        if not contract.takes_dog:
            aside = state.dog
        aside_side = 1 if contract is Bid.GUARD_AGAINST else 0
        base = sum(units[i] for i in range(78) if state.piles[0] >> i & 1)
        if aside_side == 0:
            base += sum(units[i] for i in range(78) if aside >> i & 1)
        self.base = base
        self.has_small = [bool(state.piles[0] & SMALL_MASK), bool(state.piles[1] & SMALL_MASK)]
        owed = state.owed_exchange
        self.owed = 0 if owed[0] else 1 if owed[1] else -1
        if state.tricks:
            done = len(state.tricks)
            self.sweep = 0 if state.side_tricks[0] == done else \
                1 if state.side_tricks[1] == done else -1
        else:
            self.sweep = 2  # no trick yet: both sides have won "every earlier trick"

    @classmethod
    def at_first_card(cls, rules, hands: list[int], leader: int, side: list[int], called,
                      taker_units: int) -> "Position":
        """The position before the first card, built without a :class:`GameState` (for fast
        play-outs): ``side`` of each seat (0 the taker's), ``taker_units`` what the taker's
        side already holds (the discard or the dog, in the rule set's units)."""
        position = cls.__new__(cls)
        position._set_rules(rules)
        position.hands = list(hands)
        position.trick = []
        position.inplay = sum(hands)
        position.leader = leader
        position.side = side
        position.tricks_left = rules.tricks
        position.first_trick = True
        position.called = called
        position.base = taker_units
        position.has_small = [False, False]
        position.owed = -1
        position.sweep = 2
        return position

    def _set_rules(self, rules) -> None:
        """What the rule set decides: the values and order of the cards, the Excuse's fate."""
        self.rules = rules
        self.n = rules.players
        if rules.cosmic_tribe:
            self.units = COSMIC_THIRDS
            self.order = COSMIC_RANK_VALUES
            self.merge = False
        else:
            self.units = _HALVES
            self.order = PLAIN_ORDER
            self.merge = True
        self.beats = beats_table(self.order)  # tricks.beats: beats[best][card] (best -1: none)
        self.unit = rules.points_unit
        self.weights = _weights(self.units)
        if rules.excuse_always_kept:
            self.last_excuse = "kept"
        elif rules.excuse_last_trick_to_winner:
            self.last_excuse = "winner"
        else:
            self.last_excuse = "changes"
        self.table = {}
        self.relative_ranks = self.merge  # the key by relative ranks (not in Cosmic Tribe)
        self.packed = {}  # a group's cards in play and each hand's -> their relative ranks
        self.relative = {}  # raw_key() -> its entry of the table (shared by relative key)
        self.nodes = 0
        self.max_nodes = 1 << 62
        self.native = None  # the native search, made on first use (False: pure Python)

    # ----- the rules of play, on masks --------------------------------------------------

    def legal(self, seat: int) -> int:
        mask = legal_mask(self.hands[seat], self.trick)
        if self.first_trick and not self.trick and self.called is not None \
                and self.called.suit.is_plain:
            forbidden = SUIT_MASKS[self.called.suit] & ~(1 << self.called.index)
            mask = (mask & ~forbidden) or mask
        return mask

    def moves(self, seat: int) -> list[int]:
        """The legal cards of ``seat``, one per class of equivalent cards."""
        return _merged(self.legal(seat), self.inplay & ~self.hands[seat] if self.merge else -1,
                       self.units)

    # ----- the search ---------------------------------------------------------------

    def raw_key(self) -> tuple:
        """The position at the start of a trick: the hands, the leader and the few facts
        the Excuse rules need."""
        return (*self.hands, self.leader,
                _excuse_facts(self.inplay, self.sweep, self.has_small, self.owed))

    def slot(self, raw: tuple) -> list:
        """The table's entry ``[lower, upper, best move, points in play]`` for the position
        of ``raw`` (:meth:`raw_key`), shared by the positions of the same relative key and
        remembered for ``raw`` (the units still in play are fixed by the relative key: the
        low cards all count 1)."""
        key = raw if self.first_trick or not self.relative_ranks else self._relative_key(raw)
        slot = self.table.get(key)
        if slot is None:
            inplay = self.inplay  # the trick is empty: the cards in the hands
            remaining = inplay.bit_count()
            for weighted, extra in self.weights:
                remaining += extra * (inplay & weighted).bit_count()
            lower, upper = -_INF, _INF
            if inplay & EXCUSE_BIT:  # its holder can play it in this trick and keep it:
                for seat, hand in enumerate(self.hands):
                    if hand & EXCUSE_BIT:
                        if self.side[seat]:  # at most the rest, and the exchange half point
                            upper = remaining - self.units[0] + 1
                        else:  # at least the Excuse, less the exchange half point
                            lower = self.units[0] - 1
            slot = self.table[key] = [lower, upper, -1, remaining]
        self.relative[raw] = slot
        return slot

    def _relative_key(self, raw: tuple) -> tuple:
        """The key by relative ranks: positions that differ only by which low cards were
        played before (the same pattern of holders and values among the cards left) share it."""
        hands = self.hands
        inplay = self.inplay
        table = self.packed
        key = [-1]  # the Excuse's holder
        if inplay & EXCUSE_BIT:
            for seat, hand in enumerate(hands):
                if hand & EXCUSE_BIT:
                    key[0] = seat
                    break
        for first, group in _GROUP_MASKS:
            live = inplay & group
            if not live:
                key.append(None)
                continue
            bits = (live, *map(live.__and__, hands))
            entry = table.get(bits)
            if entry is None:  # the cards of value left, how many left, each hand's places
                entry = table[bits] = ((live & _HIGH_MASK) >> first, live.bit_count(),
                                       *(_pack(live, hand) for hand in bits[1:]))
            key.append(entry)
        key += raw[-2:]
        return tuple(key)

    def winner_now(self) -> tuple[int, int]:
        """(position, card) of the card winning the trick in progress; (-1, -1) if none."""
        position = winning_position_ranked(self.trick, self.order) if self.trick else -1
        return (position, self.trick[position]) if position >= 0 else (-1, -1)

    def search(self, alpha: int, beta: int, wpos: int, wcard: int) -> int:
        """The taker's side's units still to come from here (the cards of the trick in
        progress, the later tricks, the exchange half point), fail-soft alpha-beta.
        ``wpos``, ``wcard``: the card winning the trick so far (-1 if none)."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimit(f"the search needed more than {self.max_nodes} nodes")
        trick = self.trick
        n = self.n
        k = len(trick)
        leader = self.leader
        seat = (leader + k) % n
        hands = self.hands
        entry = None
        if self.tricks_left == 1:  # one card each: no choice is left
            if self.owed < 0 and not self.inplay & EXCUSE_BIT:  # no Excuse rule to apply
                units = self.units
                gained = 0
                for card in trick:
                    gained += units[card]
                for position in range(k, n):
                    card = hands[(leader + position) % n].bit_length() - 1
                    gained += units[card]
                    if self.beats[wcard][card]:
                        wpos, wcard = position, card
                return 0 if self.side[(leader + wpos) % n] else gained
            for _ in range(n - k):
                trick.append(hands[(leader + len(trick)) % n].bit_length() - 1)
            value = self._outcome(winning_position_ranked(trick, self.order))[0]
            del trick[k:]
            return value
        if k == 0:
            raw = (*hands, leader,  # as raw_key()
                   _excuse_facts(self.inplay, self.sweep, self.has_small, self.owed))
            entry = self.relative.get(raw)
            if entry is None:
                entry = self.slot(raw)
            lower, upper, _, remaining = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
            # All the points still in play (and an exchange half point) bound what is to come.
            if remaining + 1 <= alpha:
                return remaining + 1
            if beta <= -1:
                return -1
            orig_alpha, orig_beta = alpha, beta
        hand = hands[seat]
        units = self.units
        # The legal cards, one per class of equivalent cards.
        # legal_mask's rules (§7), read from the card winning so far: a winning plain card
        # is of the suit led, a winning trump is the highest trump played.
        if wcard < 0:  # nothing played yet but perhaps the Excuse
            legal = hand
            if self.first_trick and self.called is not None and k == 0:
                legal = self.legal(seat)
        else:
            lead = trick[0] or trick[1]
            legal = hand & _GROUP[lead] if lead > 21 else 0
            if legal:
                legal |= hand & EXCUSE_BIT
            else:
                legal = hand & TRUMP_MASK
                if legal:
                    legal = (legal & TRUMPS_ABOVE[wcard if wcard <= 21 else 0]
                             or legal) | (hand & EXCUSE_BIT)
                else:
                    legal = hand
        if not legal & (legal - 1):
            moves = [legal.bit_length() - 1]
        else:
            moves = _merged(legal, self.inplay & ~hand if self.merge else -1, units)
            if len(moves) > 1:
                if k == 0:
                    moves.sort(key=_LEAD_KEY.__getitem__)
                elif wcard < 0:
                    moves.sort(key=_NEG_UNITS.__getitem__)
                elif self.side[(leader + wpos) % n] == self.side[seat]:
                    moves.sort(key=_GIVE_KEY.__getitem__)  # my side wins: give it points
                else:
                    winners, losers = [], []
                    takes = self.beats[wcard]
                    for card in moves:
                        if takes[card]:
                            winners.append(card)
                        else:
                            losers.append(card)
                    winners.sort(key=units.__getitem__)  # the cheapest winner first
                    losers.sort(key=_LOSE_KEY.__getitem__)  # then the cheapest loser
                    moves = winners + losers
        if entry is not None and entry[2] >= 0 and entry[2] in moves:
            moves.remove(entry[2])
            moves.insert(0, entry[2])
        maximise = self.side[seat] == 0
        best = -_INF if maximise else _INF
        best_move = moves[0]
        last = k + 1 == n
        takes = self.beats[wcard]
        for card in moves:
            hands[seat] = hand & ~(1 << card)
            trick.append(card)
            if takes[card]:  # this card takes the lead in the trick
                npos, ncard = k, card
            else:
                npos, ncard = wpos, wcard
            if last:
                value = self._close(alpha, beta, npos)
            else:
                value = self.search(alpha, beta, npos, ncard)
            trick.pop()
            hands[seat] = hand
            if maximise:
                if value > best:
                    best, best_move = value, card
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            else:
                if value < best:
                    best, best_move = value, card
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        if k == 0:
            if best <= orig_alpha:
                if best < entry[1]:
                    entry[1] = best
            elif best >= orig_beta:
                if best > entry[0]:
                    entry[0] = best
            else:
                entry[0] = entry[1] = best
            entry[2] = best_move
        return best

    def _outcome(self, position: int) -> tuple:
        """The complete trick filed (RULES.md §8 for an Excuse), ``position`` the winning
        card's: the taker's side's units from it, and the new (leader, sweep, owed,
        has_small[0], has_small[1])."""
        trick = self.trick
        side = self.side
        units = self.units
        leader = self.leader
        n = self.n
        winner = (leader + position) % n
        win_side = side[winner]
        is_last = self.tricks_left == 1
        gained = 0  # for the winner's side
        small = False
        for index in trick:
            gained += units[index]
            if (1 << index) & SMALL_MASK:
                small = True
        taker = 0  # units for the taker's side from this trick
        owed = self.owed
        sweep = self.sweep
        if 0 in trick:
            excuse_seat = (leader + trick.index(0)) % n
            excuse_side = side[excuse_seat]
            if is_last and (sweep == excuse_side or sweep == 2):
                winner, win_side = excuse_seat, excuse_side  # the slam exception
            elif is_last and self.last_excuse == "changes":
                gained -= units[0]
                if excuse_side == 1:  # the Excuse goes over to the taker's side
                    taker += units[0]
            elif is_last and self.last_excuse == "winner":
                pass
            elif excuse_side != win_side:  # kept by its side, which owes a small card
                gained -= units[0]
                if excuse_side == 0:
                    taker += units[0]
                owed = excuse_side
        if win_side == 0:
            taker += gained
        has_small = [self.has_small[0], self.has_small[1]]
        if small:
            has_small[win_side] = True
        if owed >= 0 and has_small[owed]:
            taker += -1 if owed == 0 else 1  # the exchange card is given
            owed = -1
        if is_last and owed >= 0:  # given from the discard (or the dog), or never given:
            taker += -1 if owed == 0 else 1  # its half point moves all the same (RULES.md §8)
            owed = -1
        sweep = win_side if sweep == 2 or sweep == win_side else -1
        return taker, (winner, sweep, owed, has_small[0], has_small[1])

    def _file_simple(self, position: int) -> "int | None":
        """File the complete trick in the common case of :meth:`_outcome` (no Excuse in it,
        no card owed, not the last trick): the taker's side's units from it; ``None`` (and
        nothing done) in any other case. What it changes: ``leader``, ``sweep``,
        ``has_small`` (a new list), ``first_trick``, ``trick`` (a new list), ``inplay``,
        ``tricks_left``."""
        trick = self.trick
        if self.owed >= 0 or 0 in trick or self.tricks_left == 1:
            return None
        units = self.units
        mask = gained = 0
        for index in trick:
            gained += units[index]
            mask |= 1 << index
        leader, sweep, has_small = self.leader, self.sweep, self.has_small
        winner = (leader + position) % self.n
        win_side = self.side[winner]
        if mask & SMALL_MASK and not has_small[win_side]:
            self.has_small = [True, has_small[1]] if win_side == 0 else [has_small[0], True]
        self.leader = winner
        self.sweep = win_side if sweep == 2 or sweep == win_side else -1
        self.first_trick = False
        self.trick = []
        self.inplay ^= mask
        self.tricks_left -= 1
        return gained if win_side == 0 else 0

    def _close(self, alpha: int, beta: int, position: int) -> int:
        """The trick is complete: file it, search on, and put everything back.
        (:meth:`_file_simple` is written out here: this runs once per trick searched.)"""
        trick = self.trick
        if self.owed < 0 and 0 not in trick and self.tricks_left > 1:  # _file_simple's case
            units = self.units
            mask = gained = 0
            for index in trick:
                gained += units[index]
                mask |= 1 << index
            leader, sweep, has_small, first_trick, inplay = \
                self.leader, self.sweep, self.has_small, self.first_trick, self.inplay
            winner = (leader + position) % self.n
            win_side = self.side[winner]
            offset = 0 if win_side else gained
            small = has_small
            if mask & SMALL_MASK and not has_small[win_side]:
                small = [True, has_small[1]] if win_side == 0 else [has_small[0], True]
            swept = sweep if sweep == win_side or sweep == -1 else win_side if sweep == 2 else -1
            if self.tricks_left > 2:  # the next trick's entry, read here when it decides
                entry = self.relative.get((*self.hands, winner,  # raw_key() once filed
                                           _excuse_facts(inplay ^ mask, swept, small, -1)))
                if entry is not None:
                    lower, upper = entry[0], entry[1]
                    if lower >= beta - offset or lower == upper:
                        self.nodes += 1  # (the node search() would have counted)
                        return offset + lower
                    if upper <= alpha - offset:
                        self.nodes += 1
                        return offset + upper
            self.has_small = small
            self.leader = winner
            self.sweep = swept
            self.first_trick = False
            self.trick = []
            self.inplay = inplay ^ mask
            self.tricks_left -= 1
            value = offset + self.search(alpha - offset, beta - offset, -1, -1)
            self.tricks_left += 1
            self.leader, self.sweep, self.has_small, self.first_trick, self.trick, self.inplay = \
                leader, sweep, has_small, first_trick, trick, inplay
            return value
        taker, after = self._outcome(position)
        if self.tricks_left == 1:
            return taker
        saved = (self.leader, self.sweep, self.owed, self.has_small, self.first_trick, self.trick,
                 self.inplay)
        for index in self.trick:
            self.inplay &= ~(1 << index)
        self.leader, self.sweep, self.owed, small0, small1 = after
        self.has_small = [small0, small1]
        self.first_trick = False
        self.trick = []
        self.tricks_left -= 1
        value = taker + self.search(alpha - taker, beta - taker, -1, -1)
        self.tricks_left += 1
        (self.leader, self.sweep, self.owed, self.has_small, self.first_trick,
         self.trick, self.inplay) = saved
        return value

    def play(self, card: int) -> None:
        """Play a card for the seat to act, for good (to follow a line)."""
        seat = (self.leader + len(self.trick)) % self.n
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) == self.n:
            self._file(winning_position_ranked(self.trick, self.order))

    def _file(self, position: int) -> None:
        """The trick is complete (``position`` the winning card's): file it for good."""
        filed = self._file_simple(position)
        if filed is not None:
            self.base += filed
            return
        taker, after = self._outcome(position)
        for index in self.trick:
            self.inplay &= ~(1 << index)
        self.base += taker
        self.leader, self.sweep, self.owed, small0, small1 = after
        self.has_small = [small0, small1]
        self.first_trick = False
        self.trick = []
        self.tricks_left -= 1

    def play_randomly(self, random) -> list[int]:
        """Play to the end with uniformly random legal cards (``random()`` in [0, 1), like
        ``random.Random().random``); the cards played, in order. ``base`` is then the
        taker's side's final units.

        The rules of play are :func:`~tarot_teach.tricks.legal_mask`'s, followed card by
        card (the suit led, the highest trump so far) rather than re-read from the trick;
        the first trick goes through :meth:`legal` (the called King's suit).
        """
        cards = []
        n = self.n
        seats = [seat % n for seat in range(2 * n)]
        hands = self.hands
        beats = self.beats
        suit_of = _GROUP
        above = TRUMPS_ABOVE
        file_simple = self._file_simple
        while self.tricks_left:
            trick = self.trick
            leader = self.leader
            first_trick = self.first_trick
            led = 0  # the led group's mask (0: none yet)
            position = best = -1  # the winning card's position and index (-1: none yet)
            for k, card in enumerate(trick):  # a trick already begun
                if card and not led:
                    led = suit_of[card]
                if beats[best][card]:
                    best, position = card, k
            begun = len(trick)
            for k in range(begun, n):
                seat = seats[leader + k]
                hand = hands[seat]
                if first_trick:
                    legal = self.legal(seat)
                elif not led:
                    legal = hand
                elif led != TRUMP_MASK and hand & led:
                    legal = hand & (led | EXCUSE_BIT)
                else:
                    legal = hand & TRUMP_MASK
                    if legal:
                        legal = (legal & above[best if best <= 21 else 0]
                                 or legal) | (hand & EXCUSE_BIT)
                    else:
                        legal = hand
                pick = int(random() * legal.bit_count())
                while pick:
                    legal &= legal - 1
                    pick -= 1
                low = legal & -legal
                hands[seat] = hand ^ low
                card = low.bit_length() - 1
                trick.append(card)
                if card and not led:
                    led = suit_of[card]
                if beats[best][card]:
                    best, position = card, k
            cards += trick[begun:] if begun else trick
            filed = file_simple(position)
            if filed is None:
                self._file(position)
            else:
                self.base += filed
        return cards

    def snapshot(self) -> tuple:
        return (list(self.hands), list(self.trick), self.leader, self.base, self.tricks_left,
                self.sweep, self.owed, list(self.has_small), self.first_trick, self.inplay)

    def restore(self, saved: tuple) -> None:
        (hands, trick, self.leader, self.base, self.tricks_left, self.sweep, self.owed,
         has_small, self.first_trick, self.inplay) = saved
        self.hands, self.trick, self.has_small = list(hands), list(trick), list(has_small)

    def value(self, alpha: int = -_INF, beta: int = _INF) -> int:
        """The taker's side's final units with perfect play (exact in a full window), by
        the native search if there is one, else by :meth:`search`."""
        base = self.base
        native = self._searcher()
        if native is None:
            return base + self.search(alpha - base, beta - base, *self.winner_now())
        value, nodes = native.search(self.hands, self.trick, self.leader, self.tricks_left,
                                     self.first_trick, self.sweep, self.owed, *self.has_small,
                                     alpha - base, beta - base, *self.winner_now(),
                                     self.max_nodes - self.nodes)
        self.nodes += nodes
        if value is None:
            raise SearchLimit(f"the search needed more than {self.max_nodes} nodes")
        return base + value

    def _searcher(self):
        """The native search of this position (``_solver.Searcher``, made once: its table
        lasts as long as the position), or None for the pure Python :meth:`search`. The one
        place that decides which search runs."""
        if self.native is None:
            self.native = False
            if _native is not None:
                called = self.called
                forbidden = 0
                if called is not None and called.suit.is_plain:
                    forbidden = SUIT_MASKS[called.suit] & ~(1 << called.index)
                # The move ordering's tables, defined here once for both searches.
                keys = (_classes(self.units), _LEAD_KEY, _NEG_UNITS, _GIVE_KEY, _LOSE_KEY)
                self.native = _native.Searcher(self.n, self.side, self.units, self.order,
                                               _HALVES, self.merge,
                                               _LAST_EXCUSE[self.last_excuse], forbidden,
                                               keys, SMALL_MASK, _NATIVE_ENTRIES)
        return self.native or None

    def exact(self, guess: "int | None" = None, margin: int = 2) -> int:
        """The exact value: an alpha-beta search in a window of ``margin`` units around a
        guess (a sibling's value), widened on the side where it fails."""
        if guess is None:
            return self.value()
        alpha, beta = guess - margin, guess + margin
        value = self.value(alpha, beta)
        if value <= alpha:
            value = self.value(-_INF, value + 1)
        elif value >= beta:
            value = self.value(value - 1, _INF)
        return value


def _position(state, max_nodes) -> Position:
    position = Position(state)
    if max_nodes is not None:
        position.max_nodes = max_nodes
    return position


def _move_values(position: Position) -> dict[int, int]:
    """Exact final units for each merged move of the seat to play."""
    seat = (position.leader + len(position.trick)) % position.n
    values = {}
    saved = position.snapshot()
    guess = None
    for card in position.moves(seat):
        position.play(card)
        values[card] = guess = position.base if position.tricks_left == 0 \
            else position.exact(guess)
        position.restore(saved)
    return values


def _expand(position: Position, seat: int, values: dict[int, int]) -> dict[int, int]:
    """Give every legal card the value of the merged move that stands for it."""
    legal = position.legal(seat)
    result = {}
    current = None
    for index in range(78):
        if legal >> index & 1:
            if index in values:
                current = values[index]
            result[index] = current
    return result


def card_values(state, *, max_nodes=None) -> dict[Card, Fraction]:
    """Every legal card of the seat to play -> the taker's side's final card points with
    perfect play by both sides from here on (what ``result.taker_points`` would report).

    Cards are in index order. ``max_nodes`` bounds the search: past it, :class:`SearchLimit`
    (a ``ValueError``). A state not in the playing phase, a goulash or two players:
    :class:`NotSolvable` (a ``ValueError``) saying why.
    """
    position = _position(state, max_nodes)
    seat = (position.leader + len(position.trick)) % position.n
    values = _expand(position, seat, _move_values(position))
    unit = position.unit
    return {DECK[index]: Fraction(value, unit) for index, value in values.items()}


def position_value(state, *, max_nodes=None) -> Fraction:
    """The taker's side's final card points with perfect play by everyone from ``state``: the
    best of :func:`card_values` for the seat to play, found by one search.

    >>> from tarot_teach import GameState, RuleSet
    >>> from tarot_teach.players import ComputerPlayer
    >>> state = GameState.new(RuleSet(players=4), seed=3)
    >>> while state.phase.name != "PLAYING" or len(state.tricks) < 15:
    ...     state.play(ComputerPlayer().decide(state).action)
    >>> values = card_values(state)
    >>> best = max if state.side_of(state.to_act) == 0 else min
    >>> position_value(state) == best(values.values())
    True
    """
    position = _position(state, max_nodes)
    value = position.base if position.tricks_left == 0 else position.value()
    return Fraction(value, position.unit)


def best_line(state, *, max_nodes=None) -> list[Card]:
    """The principal variation from ``state``: the cards perfect play chooses, to the end.

    Among equally good cards, the first in the solver's order is taken.
    """
    position = _position(state, max_nodes)
    line = []
    while position.tricks_left:
        seat = (position.leader + len(position.trick)) % position.n
        values = _move_values(position)
        pick = max if position.side[seat] == 0 else min
        target = pick(values.values())
        card = next(c for c in values if values[c] == target)
        line.append(DECK[card])
        position.play(card)
    return line
