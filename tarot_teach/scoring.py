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

__all__ = ["TARGETS", "target_for", "ScoreBreakdown", "score_deal", "score", "explain_score",
           "parse_points", "CHELEM_OUTCOMES", "HANDFUL_LEVELS"]

TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}
"""Points the taker needs, by the number of bouts in the taker's pile."""

HANDFUL_LEVELS = ("simple", "double", "triple")
CHELEM_OUTCOMES = {
    None: 0,
    "announced_made": 400,
    "made": 200,
    "announced_failed": -200,
    "defence": -200,
}
_CHELEM_WORDS = {
    "announced_made": "Slam announced and made",
    "made": "Slam made without announcement",
    "announced_failed": "Slam announced and missed",
    "defence": "Slam by the defence",
}


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

    @property
    def taker_points(self) -> Fraction:
        return Fraction(self.taker_half_points, 2)

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


def _half_point_word(halves: int) -> str:
    return f"{halves // 2}" if halves % 2 == 0 else f"{halves // 2}.5"


def score_deal(rules: RuleSet, bid: Bid, taker_half_points: int, taker_bouts: int,
               petit_au_bout: "str | None" = None, poignees=(), chelem: "str | None" = None,
               alone: bool = False) -> ScoreBreakdown:
    """Score a deal from its facts. ``taker_half_points`` counts half points (43 points → 86).

    This is the one place where §9's formula is written; :func:`score` and the
    replay of a full hand record both call it.
    """
    players = rules.players
    target = TARGETS[taker_bouts]
    difference = taker_half_points - 2 * target
    made = difference >= 0
    margin = (abs(difference) + 1) // 2  # the half point goes to the side that wins the deal
    sign = 1 if made else -1
    multiplier = bid.multiplier
    lines = [f"Target with {taker_bouts} bout{'s' if taker_bouts != 1 else ''}: {target} points."]
    points_word = _half_point_word(taker_half_points)
    verdict = f"made by {margin}" if made else f"failed by {margin}"
    if taker_half_points % 2:
        verdict += " (the half point goes to the side that wins)"
    lines.append(f"The taker has {points_word} points: {verdict}.")
    base = sign * (25 + margin)
    lines.append(f"Contract: 25 + {margin} = {25 + margin}"
                 + (", counted for the taker: +" if made else ", counted against the taker: ")
                 + f"{base}.")
    running = base
    if petit_au_bout is not None:
        bonus = 10 if petit_au_bout == "taker" else -10
        running += bonus
        who = "the taker" if petit_au_bout == "taker" else "the defence"
        lines.append(f"Petit au bout won by {who}: {bonus:+d}, so {running}.")
    running *= multiplier
    lines.append(f"{bid.english} multiplies by {multiplier}: {running}.")
    bonuses = dict(zip(HANDFUL_LEVELS, rules.handful_bonuses))
    for level in poignees:
        bonus = bonuses[level] * sign
        running += bonus
        side = "the taker's side won" if made else "the defence won"
        lines.append(f"Poignée {level} ({bonuses[level]}), to the side that wins ({side}): "
                     f"{bonus:+d}, so {running}.")
    chelem_bonus = CHELEM_OUTCOMES[chelem]
    if chelem is not None:
        running += chelem_bonus
        lines.append(f"{_CHELEM_WORDS[chelem]}: {chelem_bonus:+d}, so {running}.")
    hand_score = running
    if players == 5:
        taker_share = 4 if alone else 2
        partner_gain = None if alone else hand_score
    else:
        taker_share = players - 1
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
        taker=taker_gain, partner=partner_gain, each_defender=-hand_score, lines=tuple(lines))


def parse_points(value, name: str = "taker_points") -> int:
    """Read a number of card points (``43``, ``40.5``, ``"40,5"``) as half points.

    >>> parse_points(40.5), parse_points("41"), parse_points("40,5")
    (81, 82, 81)
    >>> parse_points("forty")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: taker_points must be a number of points such as 43 or 40.5, not 'forty'
    """
    problem = InvalidRecord(f"{name} must be a number of points such as 43 or 40.5, not {value!r}")
    if isinstance(value, bool):
        raise problem
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise problem from None
    if not isinstance(value, Real):
        raise problem
    try:
        halves = Fraction(value) * 2
    except (ValueError, OverflowError):  # nan, inf
        raise problem from None
    if halves.denominator != 1:
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
    bid = Bid.parse(summary["bid"])
    if bid is Bid.PASS:
        raise InvalidRecord("a scored deal needs a contract, not 'pass'")
    if bid not in rules.bids:
        raise InvalidRecord(f"{bid.value!r} is not a bid in these rules")
    halves = parse_points(summary["taker_points"])
    if not 0 <= halves <= 182:
        raise InvalidRecord(f"taker_points must be between 0 and 91, not {summary['taker_points']!r}")
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
    if chelem not in CHELEM_OUTCOMES:
        raise InvalidRecord("chelem must be null, " + ", ".join(
            repr(k) for k in CHELEM_OUTCOMES if k) + f", not {chelem!r}")
    alone = summary.get("alone", False)
    if not isinstance(alone, bool):
        raise InvalidRecord(f"alone must be true or false, not {alone!r}")
    if alone and rules.players != 5:
        raise InvalidRecord("only a five-player taker can play alone")
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
