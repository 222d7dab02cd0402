"""The auction (chapter 5): legal auctions, multipliers, what happens to the dog.

An auction is played bid by bid through ``GameState``; its refusal is the reason shown.

>>> judge_auction(Auction(dealer=3, bids=("pass", "take", "pass", "guard"))).taker
3
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from ..bidding import DOG_DESTINATIONS, dog_destination, first_to_act
from ..errors import IllegalAction
from ..game import GameState
from ..names import SEAT_NAMES, sentence
from ..rules import Bid, Phase, RuleSet
from .feedback import Feedback, section_link
from .inputs import read_number

__all__ = ["SEAT_NAMES", "Auction", "AuctionVerdict", "judge_auction", "check_auction",
    "random_auction", "load_auctions", "fixed_auction", "bid_name", "check_multiplier", "dog_fate",
    "DOG_FATES", "check_dog_fate", "FFT_BIDS"]

PLAYERS = 4
"""The auction exercises are four-player tables."""

FFT_BIDS = (Bid.TAKE, Bid.GUARD, Bid.GUARD_WITHOUT, Bid.GUARD_AGAINST)
"""The four contracts of the FFT rules, lowest first."""

EXERCISES_DIR = Path(__file__).resolve().parents[2] / "exercises"

CHAPTER = "05-bidding"


def bid_name(bid: Bid) -> str:
    """``Guard (Garde)``: the English name with the French one."""
    if bid is Bid.PASS:
        return "Pass"
    return f"{bid.english} ({bid.french})"


# ----- is this auction legal? ---------------------------------------------------------


@dataclass(frozen=True)
class Auction:
    """The dealer's seat and the words spoken, in speaking order (first: the dealer's right)."""

    dealer: int
    bids: tuple[str, ...]

    def speakers(self) -> list[int]:
        """The seat of each speaker, in speaking order."""
        first = first_to_act(self.dealer, PLAYERS)
        return [(first + k) % PLAYERS for k in range(len(self.bids))]


@dataclass(frozen=True)
class AuctionVerdict:
    """What the engine says about an auction."""

    legal: bool
    taker: "int | None" = None
    contract: "Bid | None" = None
    reason: str = ""  # the engine's refusal, for an illegal auction
    bad_step: "int | None" = None  # index of the first refused bid

    def answer(self) -> str:
        """The answer key used by :class:`AuctionExercise`: ``illegal``, ``void`` or ``seat:N``."""
        if not self.legal:
            return "illegal"
        return "void" if self.taker is None else f"seat:{self.taker}"

    def text(self) -> str:
        if not self.legal:
            return f"The auction is not legal. {self.reason}"
        if self.taker is None:
            return "The auction is legal: everybody passed, so nobody takes and the deal is void."
        return (f"The auction is legal: {SEAT_NAMES[self.taker]} takes, "
                f"with a {bid_name(self.contract)}.")


def _fresh_state(dealer: int) -> GameState:
    """A deal (any cards: bidding does not depend on them) that is not void before the auction."""
    seed = 0
    while True:
        state = GameState.new(RuleSet(), seed=f"auction:{dealer}:{seed}", dealer=dealer)
        if not state.is_over:
            return state
        seed += 1


def judge_auction(auction: Auction) -> AuctionVerdict:
    """Play the bids through the engine; the first refusal makes the auction illegal."""
    state = _fresh_state(auction.dealer)
    for step, word in enumerate(auction.bids):
        if state.phase is not Phase.BIDDING:
            return AuctionVerdict(False, reason="Each player speaks once only: the auction is "
                                  "already over.", bad_step=step)
        try:
            state.play(word)
        except IllegalAction as refusal:
            return AuctionVerdict(False, reason=str(refusal), bad_step=step)
    if state.phase is Phase.BIDDING:
        return AuctionVerdict(False, reason="The auction is not finished: every player speaks "
                              "once.", bad_step=len(auction.bids))
    return AuctionVerdict(True, taker=state.taker, contract=state.contract)


def check_auction(auction: Auction, answer: str) -> Feedback:
    """Judge the learner's answer (``illegal``, ``void`` or ``seat:N``) to an auction."""
    verdict = judge_auction(auction)
    link = section_link(CHAPTER, "the-order-of-speaking", "The order of speaking")
    if answer == verdict.answer():
        return Feedback(True, "Right. " + verdict.text())
    details = []
    if not verdict.legal:
        speaker = auction.speakers()[verdict.bad_step] if verdict.bad_step < len(auction.bids) \
            else None
        where = f"{SEAT_NAMES[speaker]} may not say that. " if speaker is not None else ""
        details.append(where + verdict.reason)
    elif answer == "illegal":
        details.append("Every bid is higher than the bids before it (passes aside), and each "
                       "player speaks once, in turn.")
    if verdict.legal and verdict.taker is not None:
        details.append(f"The highest bid, {bid_name(verdict.contract)}, was "
                       f"{SEAT_NAMES[verdict.taker]}'s.")
    return Feedback(False, "Not quite. " + verdict.text(), details, link)


def random_auction(rng: random.Random) -> Auction:
    """An auction of four bids; about half of them break the rule 'bid higher or pass'."""
    dealer = rng.randrange(4)
    bids = []
    highest = Bid.PASS
    make_error = rng.random() < 0.45
    for k in range(4):
        higher = [b for b in FFT_BIDS if highest < b]
        if make_error and k > 0 and highest is not Bid.PASS and rng.random() < 0.6:
            lower = [b for b in FFT_BIDS if b <= highest]
            bid = rng.choice(lower)
            make_error = False
        elif higher and rng.random() < 0.5:
            bid = rng.choice(higher[:2])
        else:
            bid = Bid.PASS
        highest = max(highest, bid, key=lambda b: list(Bid).index(b))
        bids.append(bid.value)
    return Auction(dealer, tuple(bids))


def load_auctions(path: "Path | None" = None) -> list[dict]:
    """The fixed auctions of ``exercises/auction.json`` (each with the answer it states)."""
    path = path or EXERCISES_DIR / "auction.json"
    return json.loads(path.read_text(encoding="utf-8"))["auctions"]


def fixed_auction(name: str) -> Auction:
    """One auction of ``exercises/auction.json`` by its name."""
    for item in load_auctions():
        if item["name"] == name:
            return Auction(item["dealer"], tuple(item["bids"]))
    raise KeyError(name)


# ----- the multipliers ------------------------------------------------------------------------


def check_multiplier(bid: Bid, typed) -> Feedback:
    """Judge a typed multiplier against :attr:`Bid.multiplier`.

    >>> check_multiplier(Bid.GUARD_WITHOUT, "4").ok
    True
    """
    value = read_number(typed, "the multiplier", allow_half=False)
    right = bid.multiplier
    if value == right:
        return Feedback(True, f"Right: a {bid_name(bid)} multiplies the hand score by {right}.")
    return Feedback(False, f"No: a {bid_name(bid)} multiplies the hand score by {right}, "
                    f"not {value}.",
                    ["The four contracts count 1, 2, 4 and 6 times, lowest to highest."],
                    section_link(CHAPTER, "the-four-contracts", "The four contracts"))


# ----- what happens to the dog -------------------------------------------------------------------


DOG_FATES = {key: sentence(text) for key, text in DOG_DESTINATIONS.items()}
"""The engine's three destinations of the dog (:data:`tarot_teach.DOG_DESTINATIONS`), as answers."""

dog_fate = dog_destination
"""Where the dog goes under a contract: the engine's :func:`tarot_teach.dog_destination`."""


def check_dog_fate(bid: Bid, answer: str) -> Feedback:
    """Judge the learner's choice of what happens to the dog under ``bid``."""
    right = dog_destination(bid)
    fate = f"with a {bid_name(bid)}, the dog is {DOG_DESTINATIONS[right]}."
    if answer == right:
        return Feedback(True, f"Right: {fate}")
    return Feedback(False, f"No: {fate}", [],
                    section_link(CHAPTER, "the-four-contracts", "The four contracts"))
