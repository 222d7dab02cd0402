"""Variants and house rules (chapter 30): other scoring tables, Cosmic Tribe, misère, goulash.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..cards import DECK, parse_card
from ..declarations import misere_kinds, misere_problem
from ..rules import VARIANTS, Bid, RuleSet
from ..scoring import explain_score, score, score_goulash
from ..tricks import led_suit, trick_winner
from ..variants import (_COSMIC_SUITS, _DESCENDING, COSMIC_THIRDS, SCORING_TABLES, cosmic_name,
                        format_points)
from ..names import seat_names, sentence
from .feedback import Feedback, section_link
from .piles import draw_pile

__all__ = ["VARIANT_TITLES", "TABLE_TITLES", "variant_lines", "scoring_table_lines", "VARIANT_SCORINGS", "side_by_side", "random_variant_summary", "check_variant_score",
    "check_cosmic_points", "check_cosmic_trick", "check_misere", "check_goulash"]

PAGE = "30-variants"

VARIANT_TITLES = {
    "alternative_scoring": "Alternative scoring", "clockwise": "Clockwise",
    "cosmic_tribe": "Cosmic Tribe", "excuse_always_kept": "Excuse always kept",
    "excuse_last_trick_to_winner": "Excuse on the last trick", "five_no_partner":
    "Five without a partner", "goulash": "Goulash", "misere": "Misère", "no_take": "No Take",
    "old_handful_scale": "Old poignée scale", "petit_chelem": "Petit chelem",
    "petit_imprenable": "Petit imprenable", "pousse": "Pousse", "two_players": "Two players",
}
"""The name a variant is shown by (the engine's keys, ``VARIANTS``, are for hand records)."""

TABLE_TITLES = {
    "fft": "FFT", "fixed_bases": "Fixed bases", "garde_contre_x8": "Guard against ×8",
    "round_tens": "Round tens", "garde_contre_x5": "Guard against ×5",
    "pousse_doubling": "Pousse doubling",
}
"""The name a scoring table (``SCORING_TABLES``) is shown by."""


def _titled(title: str, text: str) -> str:
    """``Title: text``, once, even when ``text`` already starts with the title."""
    head = f"{title.lower()}:"
    if text.lower().startswith(head):
        text = text[len(head):].strip()
    return f"{title}: {text}"


def variant_lines() -> list[str]:
    """Every variant the engine knows, by its shown name, with its one-line summary.

    >>> [line for line in variant_lines() if line.startswith(("Cosmic", "Misère"))][0]
    "Cosmic Tribe: three players, 78 'tricky points', its own targets (the Cosmic Tribe rules)"
    """
    return [_titled(VARIANT_TITLES[name], text) for name, text in sorted(VARIANTS.items())]


def scoring_table_lines() -> list[str]:
    """Every scoring table, by its shown name, with its summary and source.

    >>> scoring_table_lines()[0].split(":")[0]
    'FFT, from the FFT rules'
    """
    return [f"{TABLE_TITLES[name]}, from {table.source}: {table.summary}"
            for name, table in SCORING_TABLES.items()]


VARIANT_SCORINGS = (
    ("FFT", {}),
    ("Pousse bid in use", {"pousse": True}),
    ("Old poignée scale", {"old_handful_scale": True}),
    ("Petit chelem", {"petit_chelem": True}),
    *((f"{TABLE_TITLES[name]} ({source})", {"alternative_scoring": name}) for name, source in (
        ("fixed_bases", "Norwegian article"), ("garde_contre_x8", "Norwegian article"),
        ("round_tens", "German rules text"), ("garde_contre_x5", "German rules text"))),
    ("Pousse doubling (German rules text)", {"alternative_scoring": "pousse_doubling", "pousse": True}),
)
"""The four-player scoring variants, by a short title, as ``variant`` objects."""


def side_by_side(summary: dict) -> list[tuple[str, dict, list[str]]]:
    """One deal summary scored under FFT and each scoring variant: ``(title, result, working)``.

    >>> rows = side_by_side({"bid": "guard", "taker_points": 49, "taker_bouts": 2,
    ...                      "petit_au_bout": "taker", "poignees": ["simple"]})
    >>> [(title, result["hand_score"]) for title, result, _ in rows][:3]
    [('FFT', 106), ('Pousse bid in use', 106), ('Old poignée scale', 106)]
    """
    rows = []
    for title, variant in VARIANT_SCORINGS:
        facts = dict(summary, variant=dict(summary.get("variant") or {}, **variant))
        rows.append((title, score(facts), explain_score(facts)))
    return rows


# ----- scoring under another table ------------------------------------------------------------

_TABLE_CHOICES = ("fixed_bases", "garde_contre_x8", "round_tens", "garde_contre_x5",
                  "pousse_doubling")


def random_variant_summary(rng: random.Random) -> dict:
    """A four-player deal summary with one of the alternative scoring tables.

    >>> summary = random_variant_summary(random.Random(3))
    >>> summary["variant"]["alternative_scoring"] in SCORING_TABLES
    True
    """
    name = rng.choice(_TABLE_CHOICES)
    variant = {"alternative_scoring": name}
    bids = ["take", "guard", "guard_without", "guard_against"]
    if name in ("pousse_doubling", "fixed_bases", "garde_contre_x5") and rng.random() < 0.4:
        variant["pousse"] = True
        bids.append("pousse")
    pile = draw_pile(rng, rng.choice([0, 1, 1, 2, 2, 3]), petit_chance=0.4)
    bouts, petit = pile.bouts, pile.petit_au_bout
    target = RuleSet().targets[bouts]
    points = max(int(pile.lowest) + 3, min(int(pile.highest) - 3, target + rng.randint(-15, 18)))
    poignees = ["simple"] if rng.random() < 0.25 else []
    summary = {"players": 4, "bid": rng.choice(bids), "taker_points": points,
               "taker_bouts": bouts, "petit_au_bout": petit, "poignees": poignees,
               "variant": variant}
    score(summary)  # checked by the engine
    return summary


def describe_variant_summary(summary: dict) -> list[str]:
    """The facts of the deal and the table in force, in words."""
    table = SCORING_TABLES[summary["variant"]["alternative_scoring"]]
    bouts = summary["taker_bouts"]
    lines = [f"Scoring table: {table.summary} ({table.source})",
             f"Contract: {Bid.parse(summary['bid']).english}.",
             f"The taker's pile: {summary['taker_points']} points with {bouts} "
             f"bout{'s' if bouts != 1 else ''}."]
    if summary.get("petit_au_bout"):
        lines.append(f"Petit au bout: won by the {summary['petit_au_bout']}.")
    if summary.get("poignees"):
        lines.append("Handful (poignée) declared: " + ", ".join(summary["poignees"]) + ".")
    return lines


def check_variant_score(summary: dict, hand_score: int) -> Feedback:
    """Judge a hand score ``s`` under the summary's scoring table.

    >>> summary = {"bid": "guard", "taker_points": 56, "taker_bouts": 2,
    ...            "variant": {"alternative_scoring": "round_tens"}}
    >>> check_variant_score(summary, 100).ok
    True
    >>> feedback = check_variant_score(summary, 95); feedback.ok, feedback.details[2]
    (False, 'This table rounds the margin to the nearest 10: 20.')
    """
    result = score(summary)
    if hand_score == result["hand_score"]:
        return Feedback(True, f"Right: s = {result['hand_score']} under this table; the taker "
                        f"gets {result['taker']:+d} in all.")
    return Feedback(False, f"Not quite: under this table s = {result['hand_score']}, not "
                    f"{hand_score}. The working:", explain_score(summary),
                    section_link(PAGE, "other-scoring-tables", "Other scoring tables"))


# ----- Cosmic Tribe: tricky points ------------------------------------------------------------


def check_cosmic_points(cards, answer) -> Feedback:
    """Judge the tricky points of a pile in Cosmic Tribe (1 per three cards, courts 1-4, keys 4).

    >>> check_cosmic_points(["KH", "2H", "3H"], 5).ok
    True
    >>> check_cosmic_points(["KH", "2H", "3H"], 4).details[0]
    'Three cards make one tierce: 1 point.'
    """
    cards = [parse_card(c) for c in cards]
    thirds = sum(COSMIC_THIRDS[c.index] for c in cards)
    right = format_points(thirds, 3)
    details = [f"{_number(len(cards))} cards make {_tierces(len(cards))}."]
    for card in cards:
        extra = (COSMIC_THIRDS[card.index] - 1) // 3
        if extra:
            details.append(f"{cosmic_name(card)}: +{extra}.")
    details.append(f"In all: {right} tricky points.")
    if answer is not None and Fraction(thirds, 3) == answer or str(answer) == right:
        return Feedback(True, f"Right: {right} tricky points.", details[-1:])
    return Feedback(False, f"Not quite: the pile is worth {right} tricky points, not {answer}.",
                    details, section_link(PAGE, "cosmic-tribe", "Cosmic Tribe"))


def _number(count: int) -> str:
    words = {3: "Three", 6: "Six", 9: "Nine", 12: "Twelve"}
    return words.get(count, str(count))


def _tierces(count: int) -> str:
    whole = count // 3
    return f"{'one tierce' if whole == 1 else f'{whole} tierces'}: {whole} point{'s' if whole != 1 else ''}"


# ----- Cosmic Tribe: who wins the trick --------------------------------------------------------

_COSMIC = RuleSet(players=3, cosmic_tribe=True)


def check_cosmic_trick(trick, chosen) -> Feedback:
    """Judge which card wins a three-card trick in Cosmic Tribe.

    >>> check_cosmic_trick(["9S", "2S", "4S"], "2S").ok
    True
    >>> check_cosmic_trick(["9S", "2S", "4S"], "9S").message
    'Not quite: 2 of Air wins. In Air, as in Fire, the pips run from 10 (lowest) up to 1 (highest), below the courts.'
    """
    winner = trick_winner(trick, _COSMIC)
    chosen = parse_card(chosen)
    if chosen is winner:
        return Feedback(True, f"Right: {cosmic_name(winner)} wins the trick.")
    why = _cosmic_trick_reason(trick, winner, chosen)
    return Feedback(False, f"Not quite: {cosmic_name(winner)} wins. {why}", [],
                    section_link(PAGE, "cosmic-tribe", "Cosmic Tribe"))


def _cosmic_trick_reason(trick, winner, chosen) -> str:
    """Why ``winner`` beats ``chosen``, naming only the suits of this trick.

    >>> _cosmic_trick_reason(["9D", "2D", "T4"], parse_card("T4"), parse_card("9D"))
    'A trump was played: the highest trump wins, whatever the plain cards.'
    >>> _cosmic_trick_reason(["9D", "2D", "3H"], parse_card("9D"), parse_card("3H"))
    '3 of Water is not of the suit led (Earth): a card of another suit never wins.'
    """
    led = led_suit(trick)
    if chosen.is_excuse:
        return "The Fool never wins a trick."
    if winner.is_trump:
        if chosen.is_trump:
            return f"Trump {winner.rank} is higher than trump {chosen.rank}."
        return "A trump was played: the highest trump wins, whatever the plain cards."
    if chosen.suit is not led:
        return (f"{sentence(cosmic_name(chosen))} is not of the suit led ({_COSMIC_SUITS[led]}): "
                "a card of another suit never wins.")
    if winner.is_court and chosen.is_court:
        return "The courts rank Archon, Shaman, Marvel, Practician, highest first."
    if winner.is_court:
        return "The courts rank above every pip."
    descending = led in _DESCENDING
    twin = next(suit for suit in _COSMIC_SUITS
                if suit is not led and (suit in _DESCENDING) == descending)
    order = ("the pips run from 10 (lowest) up to 1 (highest)" if descending
             else "the pips keep the usual order, 1 lowest up to 10")
    return f"In {_COSMIC_SUITS[led]}, as in {_COSMIC_SUITS[twin]}, {order}, below the courts."


# ----- misère ---------------------------------------------------------------------------------

_MISERE_CHOICES = (("No misère", ()), ("Trump misère", ("trumps",)),
                   ("Honours misère", ("honours",)), ("Both misères", ("trumps", "honours")))


def check_misere(hand, kinds) -> Feedback:
    """Judge which misères a hand may declare.

    >>> check_misere(["KH", "2S", "3C"], ("trumps",)).ok
    True
    >>> check_misere(["KH", "T2", "3C"], ("trumps",)).details
    ['A trumps misère needs a hand with no trump and no Excuse; this hand holds trump 2.', 'An honours misère needs a hand with no face card and no bout; this hand holds K♥.']
    """
    right = tuple(misere_kinds(hand))
    if tuple(sorted(kinds)) == tuple(sorted(right)):
        names = " and ".join(right) if right else "none"
        return Feedback(True, f"Right: misère allowed — {names}.")
    details = [problem for kind in ("trumps", "honours")
               if (problem := misere_problem(hand, kind))]
    message = ("Not quite: this hand may declare " + (" and ".join(
        f"the {kind} misère" for kind in right) if right else "no misère") + ".")
    return Feedback(False, message, details,
                    section_link(PAGE, "a-bonus-for-a-poor-hand", "A bonus for a poor hand"))


# ----- goulash --------------------------------------------------------------------------------


def check_goulash(half_points, seat: int, answer: int) -> Feedback:
    """Judge a seat's score in a goulash, from each seat's points (in half points).

    >>> check_goulash([20, 61, 40, 41], 0, 40).ok
    True
    """
    names = seat_names(len(half_points))
    scores, lines = score_goulash(half_points, names=names)
    if answer == scores[seat]:
        return Feedback(True, f"Right: {scores[seat]:+d}.", [lines[len(half_points) + seat]])
    return Feedback(False, f"Not quite: {names[seat]} scores {scores[seat]:+d}, not {answer}.",
                    list(lines), section_link(PAGE, "goulash", "Goulash"))


# ----- questions ------------------------------------------------------------------------------


def random_cosmic_pile(rng: random.Random) -> tuple[str, ...]:
    """Three, six or nine cards to count in Cosmic Tribe's tricky points."""
    count = rng.choice([3, 6, 6, 9])
    return tuple(str(c) for c in rng.sample(DECK, count))


def random_cosmic_trick(rng: random.Random) -> tuple[str, ...]:
    """Three cards of a suit (now and then a court or another suit), in play order."""
    suit = rng.choice("CSCSHD")
    pips = rng.sample(range(1, 11), 3)
    cards = [f"{rank}{suit}" for rank in pips]
    if rng.random() < 0.25:  # a court or another suit now and then
        cards[rng.randrange(1, 3)] = rng.choice([f"J{suit}", f"{rng.randint(1, 10)}"
                                                 f"{'H' if suit != 'H' else 'D'}"])
    return tuple(cards)


def random_misere_hand(rng: random.Random) -> tuple[str, ...]:
    """An 18-card hand: a trump misère, an honours misère, nearly one, or neither."""
    kind = rng.choice(["trumps", "honours", "none", "none"])
    pool = [c for c in DECK if kind == "none"
            or (kind == "trumps" and not (c.is_trump or c.is_excuse))
            or (kind == "honours" and not (c.is_court or c.is_bout))]
    hand = rng.sample(pool, 18)
    if kind == "none" and rng.random() < 0.5:
        # nearly a misère: one spoiling card
        clean = [c for c in DECK if not (c.is_trump or c.is_excuse)]
        hand = rng.sample(clean, 17) + [rng.choice([c for c in DECK if c.is_trump])]
    return tuple(str(c) for c in hand)


def random_goulash(rng: random.Random) -> tuple[tuple[int, ...], int]:
    """Each seat's points in half points (the dog's stay aside) and the seat asked about."""
    dog = rng.randint(3, 14)
    cuts = sorted(rng.sample(range(1, 182 - dog), 3))
    halves = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 182 - dog - cuts[2]]
    return tuple(halves), rng.randrange(4)


__all__ += ["random_cosmic_pile", "random_cosmic_trick", "random_misere_hand", "random_goulash"]
