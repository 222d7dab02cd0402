"""Scoring a deal (RULES.md §9): from what the players write down to what each one gains.

>>> result = score({"players": 4, "bid": "guard", "taker_points": 43, "taker_bouts": 2,
...                 "petit_au_bout": "taker", "poignees": ["simple"]})
>>> result["hand_score"], result["taker"], result["each_defender"]
(94, 282, -94)
>>> print("\\n".join(explain_score({"bid": "take", "taker_points": 31, "taker_bouts": 3,
...                                "petit_au_bout": "taker"})))
Target with 3 bouts: 36 points.
The taker has 31 points: failed by 5.
Contract: 25 + 5 = 30, counted against the taker: -30.
Petit au bout won by the taker: +10, so -20.
Take multiplies by 1: -20.
Each defender gains 20; the taker loses 3 × 20 = 60.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Real

from .errors import InvalidRecord
from .rules import Bid, RuleSet
from .tables import (CHELEM, COMBINED_CHELEM, CONTRACT_BASE, HANDFUL_LEVELS, MISERE_PAYMENT,
                     PETIT_AU_BOUT, PETIT_CHELEM, TAKER_ALONE_SHARE, TAKER_SHARE, TARGETS)
from .variants import format_points

__all__ = ["TARGETS", "target_for", "ScoreBreakdown", "score_deal", "score", "explain_score",
           "parse_points", "CHELEM_OUTCOMES", "CHELEM_WORDS", "PETIT_CHELEM_OUTCOMES", "HANDFUL_LEVELS",
           "score_goulash", "score_two_players", "misere_payments"]

CHELEM_OUTCOMES = CHELEM
"""The FFT slam bonuses by deal-summary value (:data:`tarot_teach.tables.CHELEM`)."""
_CHELEM_WORDS = {
    "announced_made": "Slam announced and made",
    "made": "Slam made without announcement",
    "announced_failed": "Slam announced and missed",
    "defence": "Slam by the defence",
    "announced_failed_defence": "Slam announced and missed (-200), and the defence took every "
                                "trick (-200)",
    "petit_announced_made": "Petit chelem announced and made",
    "petit_announced_failed": "Petit chelem announced and missed",
    "petit_made": "Petit chelem made without announcement",
}
CHELEM_WORDS = _CHELEM_WORDS
"""Each ``chelem`` value of a deal summary in words (for the book and the exercises)."""
PETIT_CHELEM_OUTCOMES = tuple(PETIT_CHELEM)
"""The chelem values of the petit_chelem variant (all tricks but one)."""


def target_for(bouts: int) -> int:
    """The target for a number of bouts.

    >>> [target_for(b) for b in range(4)]
    [56, 51, 41, 36]
    """
    return TARGETS[bouts]


@dataclass(frozen=True)
class ScoreBreakdown:
    """A scored deal: the hand score ``s`` from the taker's side and each role's gain."""

    players: int
    bid: Bid
    taker_half_points: int
    taker_bouts: int
    target: int
    contract_made: bool
    margin: int
    petit_au_bout: "str | None"
    poignees: tuple[str, ...]
    chelem: "str | None"
    alone: bool
    hand_score: int
    taker: int
    partner: "int | None"
    each_defender: int
    lines: tuple[str, ...] = field(default=(), compare=False)
    unit: int = 2  # taker_half_points counts halves (2), or thirds in Cosmic Tribe (3)

    @property
    def taker_points(self) -> Fraction:
        return Fraction(self.taker_half_points, self.unit)

    def to_dict(self) -> dict:
        """The dict that :func:`score` returns (HAND_RECORD.md)."""
        return {"contract_made": self.contract_made, "target": self.target,
                "margin": self.margin, "hand_score": self.hand_score, "taker": self.taker,
                "partner": self.partner, "each_defender": self.each_defender}

    def seat_scores(self, taker: int, partner: "int | None" = None) -> list[int]:
        """Each seat's gain, for a taker (and a five-player partner) seated as given."""
        gains = [self.each_defender] * self.players
        gains[taker] = self.taker
        if partner is not None and partner != taker and self.partner is not None:
            gains[partner] = self.partner
        return gains


def score_deal(rules: RuleSet, bid: Bid, taker_half_points: int, taker_bouts: int,
               petit_au_bout: "str | None" = None, poignees=(), chelem: "str | None" = None,
               alone: bool = False) -> ScoreBreakdown:
    """Score a deal from its facts. ``taker_half_points`` counts half points (43 points → 86);
    in Cosmic Tribe (``rules.points_unit`` 3) it counts thirds of a tricky point.

    This is the one place where §9's formula is written; :func:`score` and the
    replay of a full hand record both call it. The scoring table of the rule set
    (FFT by default; ``alternative_scoring``) gives the bases, multipliers and bonuses.
    """
    players = rules.players
    table = rules.scoring_table
    unit = rules.points_unit
    target = rules.targets[taker_bouts]
    difference = taker_half_points - unit * target
    made = difference >= 0
    margin = (abs(difference) + unit - 1) // unit  # the fraction goes to the side that wins
    sign = 1 if made else -1
    multiplier = table.multiplier(bid)
    word = rules.bout_word
    lines = [f"Target with {taker_bouts} {word}{'s' if taker_bouts != 1 else ''}: {target} points."]
    points_word = format_points(taker_half_points, unit)
    verdict = f"made by {margin}" if made else f"failed by {margin}"
    if taker_half_points % unit:
        verdict += (" (the half point goes to the side that wins)" if unit == 2
                    else " (the fraction of a point goes to the side that wins)")
    lines.append(f"The taker has {points_word} points: {verdict}.")
    counted = table.round_margin(margin)
    if counted != margin:
        lines.append(f"This table rounds the margin to the nearest {table.round_to}: {counted}.")
    if table.bases is None:
        base = sign * (CONTRACT_BASE + counted)
        lines.append(f"Contract: {CONTRACT_BASE} + {counted} = {CONTRACT_BASE + counted}"
                     + (", counted for the taker: +" if made else ", counted against the taker: ")
                     + f"{base}.")
    else:
        fixed = table.bases[bid.value]
        base = sign * (fixed + counted)
        lines.append(f"Contract: {fixed} for {bid.english} + {counted} = {fixed + counted}"
                     + (", counted for the taker: +" if made else ", counted against the taker: ")
                     + f"{base}.")
    running = base
    if petit_au_bout is not None:
        bonus = PETIT_AU_BOUT if petit_au_bout == "taker" else -PETIT_AU_BOUT
        running += bonus
        who = "the taker" if petit_au_bout == "taker" else "the defence"
        lines.append(f"Petit au bout won by {who}: {bonus:+d}, so {running}.")
    if table.bases is None:
        running *= multiplier
        lines.append(f"{bid.english} multiplies by {multiplier}: {running}.")
    else:
        lines.append(f"No multiplier in this scoring table: {running}.")
    bonuses = dict(zip(HANDFUL_LEVELS, rules.handful_bonuses))
    for level in poignees:
        bonus = bonuses[level] * sign
        running += bonus
        side = "the taker's side won" if made else "the defence won"
        lines.append(f"Handful ({level} poignée, {bonuses[level]}), to the side that wins ({side}): "
                     f"{bonus:+d}, so {running}.")
    if chelem is not None:
        chelem_bonus = table.chelem_bonus(chelem)
        running += chelem_bonus
        if chelem == "petit_made" and not chelem_bonus:
            lines.append(f"{_CHELEM_WORDS[chelem]}: no score when it was not announced.")
        else:
            lines.append(f"{_CHELEM_WORDS[chelem]}: {chelem_bonus:+d}, so {running}.")
    hand_score = running
    if players == 5:
        alone = alone or rules.five_no_partner
        taker_share = TAKER_ALONE_SHARE if alone else TAKER_SHARE[5]
        partner_gain = None if alone else hand_score
    else:
        taker_share = TAKER_SHARE[players]
        partner_gain = None
    taker_gain = taker_share * hand_score
    amount = abs(hand_score)
    if players == 5 and not alone:
        who_pays = (f"Each defender {'pays' if hand_score >= 0 else 'gains'} {amount}; "
                    f"the partner {'gains' if hand_score >= 0 else 'loses'} {amount}; ")
    else:
        who_pays = f"Each defender {'pays' if hand_score >= 0 else 'gains'} {amount}; "
    lines.append(who_pays + f"the taker {'receives' if hand_score >= 0 else 'loses'} "
                 f"{taker_share} × {amount} = {abs(taker_gain)}.")
    return ScoreBreakdown(
        players=players, bid=bid, taker_half_points=taker_half_points, taker_bouts=taker_bouts,
        target=target, contract_made=made, margin=margin, petit_au_bout=petit_au_bout,
        poignees=tuple(poignees), chelem=chelem, alone=alone, hand_score=hand_score,
        taker=taker_gain, partner=partner_gain, each_defender=-hand_score, lines=tuple(lines),
        unit=unit)


def parse_points(value, name: str = "taker_points", unit: int = 2) -> int:
    """Read a number of card points (``43``, ``40.5``, ``"40,5"``) as half points
    (``unit`` 3: as thirds, for Cosmic Tribe's ``"35 1/3"`` or ``Fraction(106, 3)``).

    >>> parse_points(40.5), parse_points("41"), parse_points("40,5"), parse_points("35 1/3", unit=3)
    (81, 82, 81, 106)
    >>> parse_points("forty")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: taker_points must be a number of points such as 43 or 40.5, not 'forty'
    """
    problem = InvalidRecord(f"{name} must be a number of points such as 43 or 40.5, not {value!r}")
    if isinstance(value, bool):
        raise problem
    if isinstance(value, str):
        text = value.strip().replace(",", ".").replace("⅓", " 1/3").replace("⅔", " 2/3")
        try:
            parts = text.split()
            if len(parts) == 2 and "/" in parts[1] and "/" not in parts[0]:
                value = Fraction(parts[0]) + Fraction(parts[1])
            else:
                value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise problem from None
    if not isinstance(value, Real):
        raise problem
    try:
        halves = Fraction(value) * unit
    except (ValueError, OverflowError):  # nan, inf
        raise problem from None
    if halves.denominator != 1:
        if unit == 3:
            raise InvalidRecord(f"{name} must be a whole number of tricky points or a number of "
                                f"thirds (35 1/3), not {value!r}")
        raise InvalidRecord(f"{name} must be a whole or half number of points, not {value!r}")
    return int(halves)


_SUMMARY_KEYS = {"players", "bid", "taker_points", "taker_bouts", "petit_au_bout", "poignees",
                 "chelem", "alone", "variant"}


def _read_summary(summary) -> tuple[RuleSet, dict]:
    if not isinstance(summary, dict):
        raise InvalidRecord(f"a deal summary must be an object (dict), not {type(summary).__name__}")
    unknown = sorted(set(summary) - _SUMMARY_KEYS)
    if unknown:
        raise InvalidRecord(f"unknown field {', '.join(map(repr, unknown))} in the deal summary; "
                            f"the fields are {', '.join(sorted(_SUMMARY_KEYS))}")
    for key in ("bid", "taker_points", "taker_bouts"):
        if key not in summary:
            raise InvalidRecord(f"the deal summary needs {key!r}")
    rules = RuleSet.from_record(summary.get("players", 4), summary.get("variant"))
    if rules.two_players:
        raise InvalidRecord("a two-player deal has no bid: score it with score_two_players "
                            "(each player's points and bouts)")
    bid = Bid.parse(summary["bid"])
    if bid is Bid.PASS:
        raise InvalidRecord("a scored deal needs a contract, not 'pass'")
    if bid not in rules.bids:
        raise InvalidRecord(f"{bid.value!r} is not a bid in these rules")
    halves = parse_points(summary["taker_points"], unit=rules.points_unit)
    if not 0 <= halves <= rules.points_unit * rules.total_points:
        raise InvalidRecord(f"taker_points must be between 0 and {rules.total_points}, "
                            f"not {summary['taker_points']!r}")
    bouts = summary["taker_bouts"]
    if isinstance(bouts, bool) or not isinstance(bouts, int) or not 0 <= bouts <= 3:
        raise InvalidRecord(f"taker_bouts must be 0, 1, 2 or 3, not {bouts!r}")
    petit = summary.get("petit_au_bout")
    if petit not in (None, "taker", "defence"):
        raise InvalidRecord(f"petit_au_bout must be 'taker', 'defence' or null, not {petit!r}")
    poignees = summary.get("poignees") or []
    if not isinstance(poignees, (list, tuple)) or any(p not in HANDFUL_LEVELS for p in poignees):
        raise InvalidRecord(f"poignees must be a list of 'simple', 'double', 'triple', not {poignees!r}")
    if len(poignees) > rules.players:
        raise InvalidRecord("there cannot be more poignées than players")
    chelem = summary.get("chelem")
    allowed = list(CHELEM_OUTCOMES) + list(COMBINED_CHELEM) \
        + (list(PETIT_CHELEM_OUTCOMES) if rules.petit_chelem else [])
    if chelem not in allowed:
        raise InvalidRecord("chelem must be null, " + ", ".join(
            repr(k) for k in allowed if k) + f", not {chelem!r}"
            + (" (the petit chelem values need the variant petit_chelem)"
               if chelem in PETIT_CHELEM_OUTCOMES else ""))
    alone = summary.get("alone", False)
    if not isinstance(alone, bool):
        raise InvalidRecord(f"alone must be true or false, not {alone!r}")
    if alone and rules.players != 5:
        raise InvalidRecord("only a five-player taker can play alone")
    alone = alone or rules.five_no_partner
    return rules, dict(bid=bid, taker_half_points=halves, taker_bouts=bouts,
                       petit_au_bout=petit, poignees=tuple(poignees), chelem=chelem, alone=alone)


def score_summary(summary: dict) -> ScoreBreakdown:
    """The :class:`ScoreBreakdown` of a deal summary (checked; raises :class:`InvalidRecord`)."""
    rules, facts = _read_summary(summary)
    return score_deal(rules, **facts)


def score(summary: dict) -> dict:
    """Score a deal summary (HAND_RECORD.md): the margin, made or failed, and each role's gain.

    >>> score({"players": 5, "bid": "take", "taker_points": 40.5, "taker_bouts": 2})
    {'contract_made': False, 'target': 41, 'margin': 1, 'hand_score': -26, 'taker': -52, 'partner': -26, 'each_defender': 26}
    """
    return score_summary(summary).to_dict()


def explain_score(summary: dict) -> list[str]:
    """The working of :func:`score`, one line per step, for the book and the exercises."""
    return list(score_summary(summary).lines)


# ----- variants scored without a taker (RULES.md §9, §11) --------------------------------------


def score_goulash(half_points, unit: int = 2, names=None) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Goulash (seed 004): each player pays every other player the points he took.

    ``half_points`` lists each seat's points in halves (``unit`` 2). Our rounding: each
    player's points are first rounded to a whole number, half points downwards (in the
    taker-of-points' favour); then seat i gains Σ_j≠i (p_j − p_i), so the scores sum to zero.
    Returns ``(scores, lines)``; ``names`` (the seats' names, for a reader) replaces
    "Seat 0"… in the lines.

    >>> score_goulash([20, 61, 40, 41])[0]  # 10, 30.5 → 30, 20, 20.5 → 20
    (40, -40, 0, 0)
    >>> score_goulash([20, 61, 40, 41], names=("Ada", "Bruno", "Chloé", "Dmitri"))[1][0]
    'Ada took 10 points.'
    """
    seat_word = (lambda seat: names[seat]) if names else (lambda seat: f"Seat {seat}")
    whole = [h // unit for h in half_points]
    total = sum(whole)
    players = len(whole)
    scores = tuple(total - players * p for p in whole)
    lines = []
    for seat, (h, p) in enumerate(zip(half_points, whole)):
        note = "" if h % unit == 0 else f" (rounded down from {format_points(h, unit)})"
        lines.append(f"{seat_word(seat)} took {p} points{note}.")
    for seat, p in enumerate(whole):
        lines.append(f"{seat_word(seat)} pays {p} to each of the {players - 1} others and receives "
                     f"{total - p} in all from them: {scores[seat]:+d}.")
    return scores, tuple(lines)


def score_two_players(half_points, bouts, petit_au_bout: "int | None" = None, names=None
                      ) -> tuple["int | None", tuple[int, int], tuple[str, ...]]:
    """Two players (seed 001): each player has the usual target for his bouts; the one who
    reaches it wins 25 plus the excess; petit au bout gives 10 to the player who won the last
    trick with the Petit in it. Half points go to the winner as in §9, so the margin is
    rounded up. Targets for 3 bouts between them add up to 92 > 91 points, so at most one
    player reaches his; when neither does (each half a point short) the deal is drawn: only
    petit au bout is paid. Returns ``(winner, scores, lines)``; ``names`` (the two players'
    names, for a reader) replaces "Seat 0" and "seat 1" in the lines.

    >>> score_two_players([90, 92], [2, 1])  # 45 points with 2 bouts, 46 with 1
    (0, (29, -29), ('Seat 0: 45 points, 2 bouts, target 41: made by 4.', 'Seat 1: 46 points, 1 bout, target 51: failed by 5.', 'Seat 0 wins 25 + 4 = 29 from seat 1.'))
    """
    inner = names or ("seat 0", "seat 1")  # a name inside a sentence
    names = names or ("Seat 0", "Seat 1")
    lines = []
    winner = None
    margin = 0
    for seat in (0, 1):
        target = TARGETS[bouts[seat]]
        difference = half_points[seat] - 2 * target
        this_margin = (abs(difference) + 1) // 2
        verdict = f"made by {this_margin}" if difference >= 0 else f"failed by {this_margin}"
        lines.append(f"{names[seat]}: {format_points(half_points[seat], 2)} points, {bouts[seat]} "
                     f"bout{'s' if bouts[seat] != 1 else ''}, target {target}: {verdict}.")
        if difference >= 0:
            winner, margin = seat, this_margin
    gains = [0, 0]
    if winner is None:
        lines.append("Neither player reaches his target: the deal is drawn.")
    else:
        amount = CONTRACT_BASE + margin
        gains[winner] += amount
        gains[1 - winner] -= amount
        lines.append(f"{names[winner]} wins {CONTRACT_BASE} + {margin} = {amount} "
                     f"from {inner[1 - winner]}.")
    if petit_au_bout is not None:
        gains[petit_au_bout] += PETIT_AU_BOUT
        gains[1 - petit_au_bout] -= PETIT_AU_BOUT
        lines.append(f"Petit au bout: {inner[petit_au_bout]} wins {PETIT_AU_BOUT} more.")
    return winner, (gains[0], gains[1]), tuple(lines)


def misere_payments(players: int, declarers) -> tuple[int, ...]:
    """Misère (variant): each declarer receives 10 from every other player.

    >>> misere_payments(4, [2])
    (-10, -10, 30, -10)
    """
    gains = [0] * players
    for seat in declarers:
        for other in range(players):
            if other != seat:
                gains[other] -= MISERE_PAYMENT
                gains[seat] += MISERE_PAYMENT
    return tuple(gains)
