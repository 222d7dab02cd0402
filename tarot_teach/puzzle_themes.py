"""The themes of an open puzzle (:data:`tarot_teach.puzzles.THEMES`), found in its solution's
line from the engine's facts: :func:`themes_of`."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import DECK, SUIT_MASKS, Card, Suit, parse_card
from .game import GameState
from .names import sentence
from .puzzles import THEMES, _name, _number, position
from .tricks import beats, plain_order

__all__ = ["themes_of"]


@dataclass(frozen=True)
class _Trick:
    number: int  # 1-based trick of the deal
    plays: tuple  # (seat, card) in order of play
    winner: int
    before: tuple  # each seat's hand (a mask) before the trick's first card
    after: tuple  # and after its last
    solution: frozenset  # the learner's solution cards played in this trick


def _line_tricks(puzzle: dict) -> tuple[GameState, list[_Trick]]:
    """The tricks the puzzle's line completes, with who won each."""
    state = position(puzzle)
    walk = state.copy()
    hands = list(walk.hands)  # (the first trick may have started before the puzzle)
    for seat, index in zip(_trick_seats(walk), walk.trick):
        hands[seat] |= 1 << index
    solution = [parse_card(c) for c in puzzle["solution"]]
    learner_moves = 0
    tricks = []
    mine = set()
    for text in puzzle["line"]:
        card = parse_card(text)
        if walk.to_act == puzzle["seat"]:
            if learner_moves < len(solution):
                mine.add(card)
            learner_moves += 1
        done = len(walk.tricks)
        walk.play(card)
        if len(walk.tricks) > done:
            leader, cards, winner = walk.tricks[-1]
            seats = [(leader + k) % walk.players for k in range(len(cards))]
            plays = tuple((s, DECK[i]) for s, i in zip(seats, cards))
            tricks.append(_Trick(done + 1, plays, winner, tuple(hands), tuple(walk.hands),
                                 frozenset(c for _, c in plays if c in mine)))
            hands = list(walk.hands)
    return state, tricks


def _trick_seats(state: GameState) -> list[int]:
    return [(state.leader + k) % state.players for k in range(len(state.trick))]


def _cards(mask: int) -> list[Card]:
    return [DECK[i] for i in range(78) if mask >> i & 1]


def _trumps(mask: int) -> int:
    """The trumps (not the Excuse) of a hand mask."""
    return mask & ((1 << 22) - 2)


def _suit_of(plays) -> "Suit | None":
    """The suit led in a trick (after an Excuse lead, the next card's)."""
    return next((card.suit for _, card in plays if not card.is_excuse), None)


def themes_of(puzzle: dict) -> dict[str, str]:
    """The themes of an open puzzle's line, each with the sentence that shows it (from the
    engine's facts: the cards played, who won each trick, the hands before and after it).

    A decision theme needs one of the learner's solution cards: save the Excuse (played
    before the last trick), feed a partner (a face card into a trick the partner wins), draw
    the trumps (a trump lead after which the other side has none), endplay (a lead that loses
    the trick though a higher card of the winning suit was held, the next trick then won).
    A result theme may come anywhere in the line: cash a King (the learner leads it and it
    wins), keep a trump to ruff (the learner trumps a plain lead and wins, after the first
    trick), count the trumps (the learner's plain lead wins though an opponent is void: the
    other side has no trump), petit au bout (the Petit of the learner's side wins the last
    trick), hunt the Petit (the other side's Petit falls to the learner's side).

    >>> from tarot_teach.puzzles import PUZZLE_DIR, load_puzzles
    >>> puzzle = load_puzzles(PUZZLE_DIR / "four-players.json")[0]
    >>> list(themes_of(puzzle)) == puzzle["themes"]
    True
    """
    if puzzle.get("kind") == "seat":
        return {}
    state, tricks = _line_tricks(puzzle)
    learner = puzzle["seat"]
    side = state.side_of(learner)
    ours = {s for s in range(state.players) if state.side_of(s) == side}
    theirs = [s for s in range(state.players) if s not in ours]

    def who(seat):
        return _name(seat, learner)

    found = {}
    last = state.rules.tricks
    for trick in tricks:
        mine = {card for seat, card in trick.plays if seat == learner}
        leader, lead = trick.plays[0]
        led = _suit_of(trick.plays)
        winning = dict(trick.plays)[trick.winner]
        theirs_before = [trick.before[s] for s in theirs]
        for seat, card in trick.plays:
            if card.rank == 1 and card.suit is Suit.TRUMPS:
                if trick.number == last and seat in ours and trick.winner in ours:
                    found.setdefault("petit_au_bout", sentence(
                        f"{who(seat)} bring{'s' * (seat != learner)} the Petit home in the "
                        f"last trick: petit au bout for your side."))
                if seat not in ours and trick.winner in ours:
                    found.setdefault("hunt_petit", sentence(
                        f"the Petit of {who(seat)} falls in trick {trick.number}: "
                        f"{who(trick.winner)} win{'s' * (trick.winner != learner)} it with "
                        f"{winning.short_name}."))
            if card.is_excuse and seat in ours and trick.number < last and card in trick.solution:
                found.setdefault("save_excuse", sentence(
                    f"you play the Excuse in trick {trick.number}: kept to the last trick, "
                    f"it would go to the other side."))
            if card in trick.solution and card.suit.is_plain and card.half_points >= 3 \
                    and trick.winner in ours and trick.winner != seat:
                found.setdefault("feed_partner", sentence(
                    f"you give {card.short_name} to the trick {who(trick.winner)} wins "
                    f"(trick {trick.number}): {_number(card.points)} points for your side."))
        if lead in mine and lead.suit.is_plain and lead.rank == 14 and trick.winner == leader:
            found.setdefault("cash_king", sentence(
                f"you cash {lead.short_name} in trick {trick.number} while nobody "
                f"can trump it."))
        if lead in trick.solution:
            if lead.is_trump and any(_trumps(h) for h in theirs_before) \
                    and not any(_trumps(trick.after[s]) for s in theirs):
                found.setdefault("draw_trumps", sentence(
                    f"you lead {lead.short_name} in trick {trick.number} and draw the "
                    f"other side's last trump."))
        voids = [s for s in range(state.players)
                 if s not in ours and not trick.before[s] & SUIT_MASKS.get(led, 0)]
        if lead in mine and lead.suit.is_plain and trick.winner == leader and voids \
                and not any(_trumps(h) for h in theirs_before):
            void = voids[0]
            found.setdefault("count_trumps", sentence(
                f"the other side has no trump left and {who(void)} no "
                f"{led.english}: your {lead.short_name} wins trick {trick.number}."))
        ruff = [(s, c) for s, c in trick.plays if c.is_trump and c in mine]
        if led is not None and led.is_plain and ruff and trick.winner == learner \
                and trick.number > tricks[0].number:
            found.setdefault("keep_trump", sentence(
                f"you kept {ruff[0][1].short_name} and trump the {led.english} lead in "
                f"trick {trick.number}."))
    order = plain_order(state.rules)  # (Cosmic Tribe: its own order of the pips)
    for first, second in zip(tricks, tricks[1:]):
        leader, lead = first.plays[0]
        top = dict(first.plays)[first.winner]
        higher = [c for c in _cards(first.before[learner]) if c.suit is top.suit
                  and beats(c.index, top.index, order) and c is not lead]
        if lead in first.solution and first.winner not in ours and higher \
                and second.winner in ours and second.number < last:
            found.setdefault("endplay", sentence(
                f"you lose trick {first.number} to {who(first.winner)} on purpose (you held "
                f"{higher[0].short_name}): "
                f"{who(first.winner)} must lead next, and your side wins trick "
                f"{second.number}."))
    return {name: found[name] for name in THEMES if name in found}
