"""Rule sets: the table size, the bids, and the named variants of RULES.md §11.

>>> rules = RuleSet(players=4)
>>> rules.hand_size, rules.dog_size, rules.handful_thresholds
(18, 6, (10, 13, 15))
>>> RuleSet(players=5).dog_size
3
>>> RuleSet.from_record(3, {})
RuleSet(players=3)
>>> RuleSet.from_record(4, {"chicane": True})
Traceback (most recent call last):
...
tarot_teach.errors.InvalidRecord: unknown variant 'chicane'; the variants are: alternative_scoring, clockwise, cosmic_tribe, excuse_always_kept, excuse_last_trick_to_winner, five_no_partner, goulash, misere, no_take, old_handful_scale, petit_chelem, petit_imprenable, pousse, two_players
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields

from .errors import InvalidRecord
from .tables import (COSMIC_HANDFUL_THRESHOLDS, COSMIC_PACK_POINTS, COSMIC_PACKET_SIZE,
                     COSMIC_TARGETS, FIVE_NO_PARTNER_PACKET_SIZE, FIVE_NO_PARTNER_SIZES,
                     HANDFUL_BONUSES, HANDFUL_THRESHOLDS, MULTIPLIERS, OLD_HANDFUL_BONUSES,
                     PACK_POINTS, PACKET_SIZE, SIZES, TARGETS, TWO_PLAYER_TABLE_CARDS)
from .variants import DEFAULT_ALTERNATIVE_TABLE, SCORING_TABLES, cosmic_name

__all__ = ["Bid", "Phase", "RuleSet", "VARIANTS", "IMPLEMENTED_VARIANTS"]


class Bid(enum.Enum):
    """The contracts, lowest first. ``str()`` gives the hand-record word.

    >>> Bid.parse("Garde sans"), Bid.GUARD.multiplier, str(Bid.GUARD_AGAINST)
    (<Bid.GUARD_WITHOUT: 'guard_without'>, 2, 'guard_against')
    >>> Bid.TAKE < Bid.GUARD
    True
    """

    PASS = "pass"
    TAKE = "take"
    POUSSE = "pousse"
    GUARD = "guard"
    GUARD_WITHOUT = "guard_without"
    GUARD_AGAINST = "guard_against"

    def __str__(self) -> str:
        return self.value

    def __lt__(self, other: "Bid") -> bool:
        return _BID_ORDER[self] < _BID_ORDER[other]

    def __le__(self, other: "Bid") -> bool:
        return _BID_ORDER[self] <= _BID_ORDER[other]

    @property
    def multiplier(self) -> int:
        """The FFT multiplier (Take 1, Guard 2, Guard without 4, Guard against 6)."""
        return MULTIPLIERS[self.value]

    @property
    def english(self) -> str:
        return _ENGLISH[self]

    @property
    def french(self) -> str:
        return _FRENCH[self]

    @property
    def takes_dog(self) -> bool:
        """True when the taker picks up the dog and discards (Take, Pousse, Guard)."""
        return self in (Bid.TAKE, Bid.POUSSE, Bid.GUARD)

    @classmethod
    def parse(cls, text: "str | Bid") -> "Bid":
        """Read a bid from its record word or its English or French name."""
        if isinstance(text, Bid):
            return text
        if not isinstance(text, str):
            raise InvalidRecord(f"{text!r} is not a bid")
        key = " ".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
        bid = _BID_WORDS.get(key)
        if bid is None:
            raise InvalidRecord(
                f"{text!r} is not a bid: expected one of "
                + ", ".join(b.value for b in Bid if b is not Bid.POUSSE)
                + " (or pousse where the variant allows it)")
        return bid


_BID_ORDER = {bid: n for n, bid in enumerate(Bid)}
_ENGLISH = {Bid.PASS: "Pass", Bid.TAKE: "Take", Bid.POUSSE: "Pousse", Bid.GUARD: "Guard",
            Bid.GUARD_WITHOUT: "Guard without the dog", Bid.GUARD_AGAINST: "Guard against the dog"}
_FRENCH = {Bid.PASS: "Passe", Bid.TAKE: "Prise", Bid.POUSSE: "Pousse", Bid.GUARD: "Garde",
           Bid.GUARD_WITHOUT: "Garde sans", Bid.GUARD_AGAINST: "Garde contre"}
_BID_WORDS = {
    "pass": Bid.PASS, "passe": Bid.PASS, "take": Bid.TAKE, "prise": Bid.TAKE,
    "petite": Bid.TAKE, "small": Bid.TAKE, "pousse": Bid.POUSSE, "guard": Bid.GUARD,
    "garde": Bid.GUARD, "guard without": Bid.GUARD_WITHOUT,
    "guard without the dog": Bid.GUARD_WITHOUT, "garde sans": Bid.GUARD_WITHOUT,
    "garde sans le chien": Bid.GUARD_WITHOUT, "guard against": Bid.GUARD_AGAINST,
    "guard against the dog": Bid.GUARD_AGAINST, "garde contre": Bid.GUARD_AGAINST,
    "garde contre le chien": Bid.GUARD_AGAINST,
}


class Phase(enum.Enum):
    """Where a deal stands."""

    BIDDING = "bidding"
    CALLING = "calling"  # five players: the taker calls a King
    DISCARD = "discard"  # the taker lays aside as many cards as the dog held
    SLAM = "slam"  # the taker may announce a chelem
    PLAYING = "playing"
    FINISHED = "finished"
    VOID = "void"  # petit sec, or everybody passed

    def __str__(self) -> str:
        return self.value


VARIANTS = {
    "cosmic_tribe": "Cosmic Tribe: three players, 78 'tricky points', its own targets (the Cosmic Tribe rules)",
    "excuse_last_trick_to_winner": "the Excuse played to the last trick goes to that trick's winner",
    "excuse_always_kept": "the Excuse stays with its side even on the last trick",
    "petit_imprenable": "a Petit sec does not void the deal; it is played like an Excuse",
    "misere": "misère: no trump and no Excuse, or no face card and no bout, earns 10 from each player",
    "petit_chelem": "all tricks but one: 300 announced and made, -150 missed",
    "pousse": "the Pousse bid between Take and Guard",
    "no_take": "Guard is the lowest bid",
    "alternative_scoring": "fixed bases without multipliers",
    "old_handful_scale": "poignée bonuses 20 / 40 / 60",
    "goulash": "when all pass, the deal is played with no taker",
    "two_players": "two players: 21 cards in hand and six piles on the table",
    "clockwise": "play and deal go clockwise",
    "five_no_partner": "five players, 14 cards each, a dog of 8, the taker alone",
}
"""Every variant name a record may use, with what it changes."""

IMPLEMENTED_VARIANTS = frozenset(VARIANTS)
"""The variants this version of the engine plays (all of them)."""

_SIZES = SIZES
_FFT_TABLE = SCORING_TABLES["fft"]
# Variants that fix the number of players.
_PLAYERS_OF = {"cosmic_tribe": 3, "five_no_partner": 5, "two_players": 2}


@dataclass(frozen=True)
class RuleSet:
    """The rules of one deal: the number of players and the variants in force.

    Variant options are keyword flags named as in RULES.md §11; ``alternative_scoring``
    also takes the name of a scoring table (:data:`tarot_teach.variants.SCORING_TABLES`).

    >>> RuleSet(players=4, excuse_always_kept=True)
    RuleSet(players=4, excuse_always_kept=True)
    >>> RuleSet(players=4).bids
    (<Bid.TAKE: 'take'>, <Bid.GUARD: 'guard'>, <Bid.GUARD_WITHOUT: 'guard_without'>, <Bid.GUARD_AGAINST: 'guard_against'>)
    >>> RuleSet(players=4, alternative_scoring=True)
    RuleSet(players=4, alternative_scoring='fixed_bases')
    >>> RuleSet(players=3, cosmic_tribe=True).targets[2], RuleSet(players=3, cosmic_tribe=True).points_unit
    (36, 3)
    >>> r = RuleSet(players=2, two_players=True); r.hand_size, r.table_cards, r.tricks, r.dog_size
    (21, 18, 39, 0)
    >>> r = RuleSet(players=5, five_no_partner=True); r.hand_size, r.dog_size, r.packet_size
    (14, 8, 2)
    >>> RuleSet(players=4, cosmic_tribe=True)
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: the variant cosmic_tribe is played by 3 players, not 4
    """

    players: int = 4
    cosmic_tribe: bool = field(default=False, repr=False)
    excuse_last_trick_to_winner: bool = field(default=False, repr=False)
    excuse_always_kept: bool = field(default=False, repr=False)
    petit_imprenable: bool = field(default=False, repr=False)
    misere: bool = field(default=False, repr=False)
    petit_chelem: bool = field(default=False, repr=False)
    pousse: bool = field(default=False, repr=False)
    no_take: bool = field(default=False, repr=False)
    alternative_scoring: "bool | str" = field(default=False, repr=False)
    old_handful_scale: bool = field(default=False, repr=False)
    goulash: bool = field(default=False, repr=False)
    two_players: bool = field(default=False, repr=False)
    clockwise: bool = field(default=False, repr=False)
    five_no_partner: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or self.players not in _SIZES:
            raise InvalidRecord(f"players must be 3, 4 or 5 (2 with two_players), "
                                f"not {self.players!r}")
        table = self.alternative_scoring
        if table is True:
            object.__setattr__(self, "alternative_scoring", DEFAULT_ALTERNATIVE_TABLE)
        elif isinstance(table, str) and (table not in SCORING_TABLES or table == "fft"):
            raise InvalidRecord(
                f"unknown scoring table {table!r}; alternative_scoring is true or one of: "
                + ", ".join(sorted(set(SCORING_TABLES) - {"fft"})))
        elif not isinstance(table, (bool, str)):
            raise InvalidRecord("alternative_scoring must be true, false or the name of a "
                                f"scoring table, not {table!r}")
        for name, players in _PLAYERS_OF.items():
            if getattr(self, name) and self.players != players:
                raise InvalidRecord(f"the variant {name} is played by {players} players, "
                                    f"not {self.players}")
        if self.players == 2 and not self.two_players:
            raise InvalidRecord("players must be 3, 4 or 5 (2 only with the variant two_players)")
        if self.excuse_last_trick_to_winner and self.excuse_always_kept:
            raise InvalidRecord("excuse_last_trick_to_winner and excuse_always_kept exclude each other")
        if self.two_players:
            clash = [name for name in ("goulash", "pousse", "no_take", "misere", "petit_chelem",
                                       "alternative_scoring", "old_handful_scale",
                                       "petit_imprenable") if getattr(self, name)]
            if clash:
                raise InvalidRecord(f"two_players has no bidding, no poignée and no declarations: "
                                    f"it cannot be played with {', '.join(clash)}")
        if self.old_handful_scale and self.scoring_table.handful_bonuses is not None:
            raise InvalidRecord(f"the scoring table {self.alternative_scoring!r} has its own "
                                "poignée scale: it cannot be played with old_handful_scale")

    def __repr__(self) -> str:
        flags = "".join(f", {name}={getattr(self, name)!r}" for name in self.variant_names)
        return f"RuleSet(players={self.players}{flags})"

    @classmethod
    def from_record(cls, players, variant) -> "RuleSet":
        """The rule set of a hand record's ``players`` and ``variant`` fields."""
        if variant is None:
            variant = {}
        if not isinstance(variant, dict):
            raise InvalidRecord(f"variant must be an object of options, not {variant!r}")
        unknown = sorted(set(variant) - set(VARIANTS))
        if unknown:
            raise InvalidRecord(
                f"unknown variant {', '.join(map(repr, unknown))}; the variants are: "
                + ", ".join(sorted(VARIANTS)))
        options = {}
        for name, value in variant.items():
            if name == "alternative_scoring" and isinstance(value, str):
                options[name] = value
                continue
            if not isinstance(value, bool):
                extra = (" or the name of a scoring table" if name == "alternative_scoring"
                         else "")
                raise InvalidRecord(f"variant option {name!r} must be true or false{extra}, "
                                    f"not {value!r}")
            options[name] = value
        return cls(players=players, **options)

    @classmethod
    def from_variant(cls, variant=None, players: "int | None" = None) -> "RuleSet":
        """The rule set of a ``variant`` object; a variant that fixes the table size (Cosmic
        Tribe 3, five without partner 5, two players 2) sets ``players`` when it is not given.

        >>> RuleSet.from_variant({"cosmic_tribe": True}).players
        3
        """
        variant = variant or {}
        if players is None:
            players = next((size for name, size in _PLAYERS_OF.items()
                            if isinstance(variant, dict) and variant.get(name)), 4)
        return cls.from_record(players, variant)

    @property
    def variant_names(self) -> tuple[str, ...]:
        """The names of the variants switched on, in a stable order."""
        return tuple(f.name for f in fields(self) if f.name != "players" and getattr(self, f.name))

    def to_record(self) -> dict:
        """The ``variant`` object of a hand record."""
        return {name: getattr(self, name) for name in self.variant_names}

    @property
    def hand_size(self) -> int:
        """Cards in each hand (with two players, the hand without the six piles)."""
        if self.five_no_partner:
            return FIVE_NO_PARTNER_SIZES[0]
        return _SIZES[self.players][0]

    @property
    def dog_size(self) -> int:
        if self.five_no_partner:
            return FIVE_NO_PARTNER_SIZES[1]
        return _SIZES[self.players][1]

    @property
    def table_cards(self) -> int:
        """Two players: the cards each player has in six piles on the table (18); else 0."""
        return TWO_PLAYER_TABLE_CARDS if self.two_players else 0

    @property
    def tricks(self) -> int:
        """The number of tricks in a deal (the hand size, plus the piles with two players)."""
        return self.hand_size + self.table_cards

    @property
    def packet_size(self) -> int:
        """Cards per packet in the deal: 3; 4 in Cosmic Tribe (seed 002's quarts); 2 for
        five players without a partner (14 cards a hand is not a multiple of 3)."""
        if self.cosmic_tribe:
            return COSMIC_PACKET_SIZE
        if self.five_no_partner:
            return FIVE_NO_PARTNER_PACKET_SIZE
        return PACKET_SIZE

    @property
    def handful_thresholds(self) -> tuple[int, int, int]:
        """Trumps to show for a simple, double and triple poignée."""
        if self.cosmic_tribe:
            return COSMIC_HANDFUL_THRESHOLDS
        return HANDFUL_THRESHOLDS.get(self.players, HANDFUL_THRESHOLDS[4])

    @property
    def scoring_table(self):
        """The :class:`~tarot_teach.variants.ScoringTable` in force (FFT by default)."""
        if self.alternative_scoring:
            return SCORING_TABLES[self.alternative_scoring]
        return _FFT_TABLE

    @property
    def handful_bonuses(self) -> tuple[int, int, int]:
        own = self.scoring_table.handful_bonuses
        if own is not None:
            return own
        return OLD_HANDFUL_BONUSES if self.old_handful_scale else HANDFUL_BONUSES

    @property
    def targets(self) -> dict:
        """Points the taker needs, by the number of bouts (keys in Cosmic Tribe)."""
        return COSMIC_TARGETS if self.cosmic_tribe else TARGETS

    @property
    def points_unit(self) -> int:
        """Points are counted in halves (2) or, in Cosmic Tribe, in thirds (3)."""
        return 3 if self.cosmic_tribe else 2

    @property
    def total_points(self) -> int:
        """The pack's points: 91, or 78 tricky points in Cosmic Tribe."""
        return COSMIC_PACK_POINTS if self.cosmic_tribe else PACK_POINTS

    @property
    def has_partner_call(self) -> bool:
        """Five players calling a King (not in five_no_partner)."""
        return self.players == 5 and not self.five_no_partner

    @property
    def bout_word(self) -> str:
        return "key" if self.cosmic_tribe else "bout"

    def card_name(self, card) -> str:
        """A card's name under these rules (:meth:`Card.display_name` asks it): Cosmic Tribe
        names its cards its own way.

        >>> from tarot_teach.cards import parse_card
        >>> RuleSet(players=3, cosmic_tribe=True).card_name(parse_card("CC"))
        'Marvel of Fire'
        """
        return cosmic_name(card) if self.cosmic_tribe else card.name

    @property
    def bids(self) -> tuple[Bid, ...]:
        """The contracts that may be bid, lowest first (Pass is always allowed)."""
        result = [Bid.TAKE, Bid.POUSSE, Bid.GUARD, Bid.GUARD_WITHOUT, Bid.GUARD_AGAINST]
        if not self.pousse:
            result.remove(Bid.POUSSE)
        if self.no_take:
            result.remove(Bid.TAKE)
        return tuple(result)

    def multiplier(self, bid: Bid) -> int:
        """The bid's multiplier in the scoring table in force."""
        return self.scoring_table.multiplier(bid)

