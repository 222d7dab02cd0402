"""Every number of the rules, once (RULES.md §3, §4, §6, §9, §10, §12).

The rest of the engine reads these tables; nothing else writes a target, a threshold,
a multiplier or a bonus. Bids are keyed by their record word so that this module
imports nothing.

>>> TARGETS[2], COSMIC_TARGETS[2]
(41, 36)
>>> HANDFUL_THRESHOLDS[4], HANDFUL_BONUSES, OLD_HANDFUL_BONUSES
((10, 13, 15), (20, 30, 40), (20, 40, 60))
>>> MULTIPLIERS["guard_against"], CHELEM["announced_made"], PETIT_CHELEM["petit_announced_failed"]
(6, 400, -150)
>>> SIZES[5], FIVE_NO_PARTNER_SIZES
((15, 3), (14, 8))
>>> PACK_POINTS, COSMIC_PACK_POINTS, PACKET_SIZE
(91, 78, 3)
"""

from __future__ import annotations

__all__ = ["TARGETS", "COSMIC_TARGETS", "HANDFUL_LEVELS", "HANDFUL_THRESHOLDS",
           "COSMIC_HANDFUL_THRESHOLDS", "HANDFUL_BONUSES", "OLD_HANDFUL_BONUSES", "MULTIPLIERS",
           "CONTRACT_BASE", "PETIT_AU_BOUT", "CHELEM", "PETIT_CHELEM", "COMBINED_CHELEM",
           "MISERE_PAYMENT", "SIZES", "FIVE_NO_PARTNER_SIZES", "TWO_PLAYER_TABLE_CARDS",
           "TAKER_SHARE", "TAKER_ALONE_SHARE", "PACKET_SIZE", "COSMIC_PACKET_SIZE",
           "FIVE_NO_PARTNER_PACKET_SIZE", "PACK_POINTS", "COSMIC_PACK_POINTS"]

TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}
"""Points the taker needs, by the number of bouts in the taker's pile (§9)."""

COSMIC_TARGETS = {0: 46, 1: 43, 2: 36, 3: 33}
"""Cosmic Tribe targets by the number of keys in the taker's pile (§12)."""

HANDFUL_LEVELS = ("simple", "double", "triple")
"""The poignée levels, smallest first."""

HANDFUL_THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
"""Trumps to show for a simple, double and triple poignée, by the number of players (§6)."""

COSMIC_HANDFUL_THRESHOLDS = (13, 16, 18)
"""Cosmic Tribe's poignée thresholds (§12)."""

HANDFUL_BONUSES = (20, 30, 40)
"""The poignée bonuses (§6), not multiplied."""

OLD_HANDFUL_BONUSES = (20, 40, 60)
"""The older scale of seed 003 (variant ``old_handful_scale``)."""

MULTIPLIERS = {"pass": 0, "take": 1, "pousse": 1, "guard": 2, "guard_without": 4,
               "guard_against": 6}
"""The FFT multipliers by bid word (§4; Pousse 1 in FFT-era scoring)."""

CONTRACT_BASE = 25
"""The 25 points of every contract, made or failed (§9)."""

PETIT_AU_BOUT = 10
"""The petit au bout bonus before the multiplier (§9)."""

CHELEM = {None: 0, "announced_made": 400, "made": 200, "announced_failed": -200,
          "defence": -200}
"""Slam bonuses for the taker's side, not multiplied (§9)."""

PETIT_CHELEM = {"petit_announced_made": 300, "petit_announced_failed": -150, "petit_made": 0}
"""Variant ``petit_chelem`` (seed 001): all tricks but one."""

COMBINED_CHELEM = {"announced_failed_defence": ("announced_failed", "defence")}
"""Deal-summary values that add up two slam items (§9: a slam announced by the taker, and
the defence took every trick)."""

MISERE_PAYMENT = 10
"""Variant ``misere``: what every other player pays the declarer."""

SIZES = {2: (21, 0), 3: (24, 6), 4: (18, 6), 5: (15, 3)}
"""``(hand, dog)`` sizes by the number of players (§3; two players: the hand without the
piles on the table)."""

FIVE_NO_PARTNER_SIZES = (14, 8)
"""Variant ``five_no_partner``: 14 cards each and a dog of 8."""

TWO_PLAYER_TABLE_CARDS = 18
"""Variant ``two_players``: each player's six piles of three on the table."""

PACKET_SIZE = 3
"""Cards per packet in the deal (§3)."""

COSMIC_PACKET_SIZE = 4
"""Cosmic Tribe deals in packets of four (seed 002's quarts)."""

FIVE_NO_PARTNER_PACKET_SIZE = 2
"""Five players without a partner: packets of two (14 cards a hand is not a multiple of 3)."""

PACK_POINTS = 91
"""The pack's card points (§6): 43 in honours and bouts, 48 for the other cards' halves."""

COSMIC_PACK_POINTS = 78
"""Cosmic Tribe counts 78 'tricky points' in the pack (§12)."""

TAKER_SHARE = {3: 2, 4: 3, 5: 2}
"""How many hand scores the taker gains, by the number of players (§9, §10)."""

TAKER_ALONE_SHARE = 4
"""Five players: a taker without a partner gains 4 hand scores."""
