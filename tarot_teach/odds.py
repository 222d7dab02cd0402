"""Exact odds for the taker: cards in the dog, and how a suit splits among the defenders.

Pure Python (``fractions.Fraction`` and ``math.comb``), so it runs in a browser
kernel too. Every probability is an exact fraction; :func:`percent` formats one.

The chance that one card you lack is in the dog, with 4 players: you see your
18 cards, so 60 are unseen, and 6 of them are in the dog:

>>> card_in_dog(players=4)
Fraction(1, 10)
>>> percent(dog_at_least(2, players=4))       # at least one of two missing Kings
'19.2%'

Suit splits: the defenders hold 6 cards of a suit among their three hands of 18:

>>> percent(longest_holding(6)[2])            # 2-2-2
'13.9%'
>>> percent(longest_holding(6, model="independent")[2])
'12.3%'
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

__all__ = ["HAND_SIZES", "DOG_SIZES", "unseen_cards", "dog_exactly", "dog_distribution",
           "dog_at_least", "card_in_dog", "split_patterns", "longest_holding",
           "at_least_longest", "most_likely_pattern", "likeliest_patterns", "percent",
           "pattern_text", "patterns_text",
           "SEED_003_SPLITS", "seed_003_comparison", "DEFENDERS", "DEFENDER_HAND"]

HAND_SIZES = {3: 24, 4: 18, 5: 15}
"""Cards in each hand, by number of players (RULES.md §3)."""
DOG_SIZES = {3: 6, 4: 6, 5: 3}
"""Cards in the dog, by number of players."""
DEFENDERS = 3
"""Defenders in a 4-player deal."""
DEFENDER_HAND = 18
"""Cards in each defender's hand with 4 players."""


def _check_players(players: int) -> None:
    if players not in HAND_SIZES:
        raise ValueError(f"players must be 3, 4 or 5, not {players!r}")


def unseen_cards(players: int = 4) -> int:
    """Cards the taker cannot see before the dog is turned: 78 minus his hand.

    >>> unseen_cards(4), unseen_cards(3), unseen_cards(5)
    (60, 54, 63)
    """
    _check_players(players)
    return 78 - HAND_SIZES[players]


def dog_exactly(wanted: int, m: int, players: int = 4) -> Fraction:
    """The chance that the dog holds exactly ``m`` of ``wanted`` cards the taker lacks.

    Hypergeometric: choose the dog among the unseen cards.

    >>> dog_exactly(4, 2)      # two of the four Queens, when you hold none
    Fraction(1431, 32509)
    """
    _check_players(players)
    unseen, dog = unseen_cards(players), DOG_SIZES[players]
    if not 0 <= wanted <= unseen:
        raise ValueError(f"wanted must be between 0 and {unseen}")
    if m < 0 or m > wanted or m > dog:
        return Fraction(0)
    return Fraction(comb(wanted, m) * comb(unseen - wanted, dog - m), comb(unseen, dog))


def dog_distribution(wanted: int, players: int = 4) -> dict[int, Fraction]:
    """``{m: chance the dog holds exactly m of the wanted cards}``; the values sum to 1.

    >>> sum(dog_distribution(14).values())
    Fraction(1, 1)
    """
    return {m: dog_exactly(wanted, m, players)
            for m in range(0, min(wanted, DOG_SIZES[players]) + 1)}


def dog_at_least(wanted: int, m: int = 1, players: int = 4) -> Fraction:
    """The chance that the dog holds at least ``m`` of ``wanted`` cards (default: at least one).

    >>> percent(dog_at_least(14, 2))   # 14 trumps missing: two or more in the dog
    '43.0%'
    """
    if m <= 0:
        return Fraction(1)
    return sum((p for k, p in dog_distribution(wanted, players).items() if k >= m), Fraction(0))


def card_in_dog(players: int = 4) -> Fraction:
    """The chance that one given card you lack is in the dog.

    >>> card_in_dog(4), card_in_dog(3), card_in_dog(5)
    (Fraction(1, 10), Fraction(1, 9), Fraction(1, 21))
    """
    return dog_at_least(1, 1, players)


@lru_cache(maxsize=None)
def _patterns(n: int, model: str, hands: int, hand: int) -> tuple:
    if model not in ("exact", "independent"):
        raise ValueError("model must be 'exact' or 'independent'")
    if not 0 <= n <= hands * hand:
        raise ValueError(f"the defenders cannot hold {n} cards of one suit")
    total: dict[tuple, Fraction] = {}

    def ways(split: tuple) -> int:
        if model == "exact":
            product = 1
            for cards in split:
                product *= comb(hand, cards)
            return product
        product = factorial(n)
        for cards in split:
            product //= factorial(cards)
        return product

    denominator = comb(hands * hand, n) if model == "exact" else hands ** n

    def walk(prefix: tuple, left: int) -> None:
        if len(prefix) == hands - 1:
            split = prefix + (left,)
            if left <= hand or model == "independent":
                key = tuple(sorted(split, reverse=True))
                total[key] = total.get(key, Fraction(0)) + Fraction(ways(split), denominator)
            return
        for cards in range(0, left + 1):
            if model == "exact" and cards > hand:
                break
            walk(prefix + (cards,), left - cards)

    walk((), n)
    return tuple(sorted(total.items(), key=lambda item: item[0], reverse=True))


def split_patterns(n: int, model: str = "exact", hands: int = DEFENDERS,
                   hand: int = DEFENDER_HAND) -> dict[tuple[int, ...], Fraction]:
    """The chance of each split of ``n`` cards among the defenders, e.g. ``(3, 2, 0)``.

    ``model="exact"``: the 54 unknown cards lie in three hands of 18 (the taker
    knows his 18 cards and his discard), so every deal of them is equally likely
    (multivariate hypergeometric). ``model="independent"``: each card goes to
    each defender with chance 1/3, whatever the others did — a simpler model.

    >>> split_patterns(2)
    {(2, 0, 0): Fraction(17, 53), (1, 1, 0): Fraction(36, 53)}
    >>> split_patterns(2, model="independent")
    {(2, 0, 0): Fraction(1, 3), (1, 1, 0): Fraction(2, 3)}
    """
    return dict(_patterns(n, model, hands, hand))


def longest_holding(n: int, model: str = "exact", hands: int = DEFENDERS,
                    hand: int = DEFENDER_HAND) -> dict[int, Fraction]:
    """``{k: chance that the longest defender's holding has exactly k cards}``.

    >>> {k: percent(p) for k, p in longest_holding(4).items()}
    {4: '2.9%', 3: '27.9%', 2: '69.2%'}
    """
    result: dict[int, Fraction] = {}
    for split, chance in split_patterns(n, model, hands, hand).items():
        result[split[0]] = result.get(split[0], Fraction(0)) + chance
    return result


def at_least_longest(n: int, k: int, model: str = "exact") -> Fraction:
    """The chance that some defender holds ``k`` or more of the ``n`` cards.

    >>> percent(at_least_longest(12, 9, model="independent"))   # seed 003 adds its rounded cells: 1.1%
    '1.2%'
    """
    return sum((p for size, p in longest_holding(n, model).items() if size >= k), Fraction(0))


def likeliest_patterns(n: int, model: str = "exact") -> tuple[tuple[int, ...], ...]:
    """Every split of ``n`` cards that is the likeliest: one, or several exactly tied
    (compared as exact fractions), the most uneven first.

    >>> likeliest_patterns(6)
    ((3, 2, 1),)
    >>> likeliest_patterns(7, model="independent")     # both 70/243: a tie, not a winner
    ((4, 2, 1), (3, 2, 2))
    """
    patterns = split_patterns(n, model)
    best = max(patterns.values())
    return tuple(sorted((split for split, chance in patterns.items() if chance == best),
                        reverse=True))


def most_likely_pattern(n: int, model: str = "exact") -> tuple[int, ...]:
    """The likeliest split of ``n`` cards among the three defenders, when there is only one.

    >>> most_likely_pattern(5), most_likely_pattern(6)
    ((2, 2, 1), (3, 2, 1))
    >>> most_likely_pattern(8, model="independent")
    Traceback (most recent call last):
    ...
    ValueError: 4-3-1 and 3-3-2 are exactly as likely: use likeliest_patterns
    """
    best = likeliest_patterns(n, model)
    if len(best) > 1:
        raise ValueError(f"{patterns_text(best)} are exactly as likely: use likeliest_patterns")
    return best[0]


def pattern_text(split) -> str:
    """A split written the usual way: ``3-2-0``.

    >>> pattern_text((3, 2, 0))
    '3-2-0'
    """
    return "-".join(str(cards) for cards in split)


def patterns_text(splits) -> str:
    """Several splits in words: ``4-2-1 and 3-2-2``.

    >>> patterns_text([(3, 2, 1)]), patterns_text([(4, 2, 1), (3, 2, 2)])
    ('3-2-1', '4-2-1 and 3-2-2')
    """
    texts = [pattern_text(split) for split in splits]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def percent(chance: Fraction, digits: int = 1) -> str:
    """A chance as a percentage, rounded half up to ``digits`` decimals (exactly).

    >>> percent(Fraction(1, 10)), percent(Fraction(1, 3)), percent(Fraction(1, 8), 0)
    ('10.0%', '33.3%', '13%')
    """
    scaled = Fraction(chance) * 100 * 10 ** digits
    rounded = (scaled.numerator * 2 + scaled.denominator) // (scaled.denominator * 2)
    text = str(rounded).rjust(digits + 1, "0")
    if digits:
        text = text[:-digits] + "." + text[-digits:]
    return text + "%"


# Seed 003's table "Fordeling av dresser" (suit distribution, 4 players), as the source gives
# it: {(longest holding, cards the defenders hold): percentage}. These are the source's
# numbers, kept only to compare with the computation above; the book never uses them as facts.
_SEED_ROWS = {
    2: "66,7 37,0 12,4",
    3: "29,6 49,4 57,6 48,0 25,6 8,5",
    4: "3,7 12,3 24,7 38,4 48,0 48,0 37,3 19,5 6,5",
    5: "1,2 4,9 11,5 20,5 30,7 39,7 43,8 40,7 30,5 15,8 5,3",
    6: "0,4 1,9 5,1 10,2 17,1 25,0 32,9 38,4 39,5 35,2 25,8",
    7: "0,1 1,7 2,2 4,9 8,9 14,3 20,7 27,3 33,1 36,4",
    8: "0,3 0,9 2,2 4,5 7,7 12,2 17,1 22,8",
    9: "0,1 0,4 1,0 2,2 4,0 6,6 10,2",
    10: "0,1 0,4 1,0 2,0 3,6",
    11: "0,1 0,2 0,5 1,0",
    12: "0,1 0,2",
}


def _seed_table() -> dict[tuple[int, int], str]:
    # The extracted table lost its empty cells: each row's values are the consecutive
    # columns that end at the largest possible column for that row (3 × row, at most 16).
    table = {}
    for longest, row in _SEED_ROWS.items():
        values = row.split()
        last = min(3 * longest, 16)
        first = last - len(values) + 1
        for column, value in zip(range(first, last + 1), values):
            table[(longest, column)] = value.replace(",", ".") + "%"
    return table


SEED_003_SPLITS: dict[tuple[int, int], str] = _seed_table()
"""Seed 003's split table as printed: ``{(longest holding, cards held by the defence): "12.4%"}``."""


def seed_003_comparison(n: int) -> list[tuple[int, str, str, str]]:
    """Rows ``(longest, seed 003's value, independent model, exact model)`` for ``n`` cards.

    >>> seed_003_comparison(4)[0]
    (2, '66.7%', '66.7%', '69.2%')
    """
    exact = longest_holding(n, "exact")
    independent = longest_holding(n, "independent")
    rows = []
    for longest in sorted(set(exact) | set(independent)):
        rows.append((longest, SEED_003_SPLITS.get((longest, n), "—"),
                     percent(independent.get(longest, Fraction(0))),
                     percent(exact.get(longest, Fraction(0)))))
    return rows
