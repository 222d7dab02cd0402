"""Three and five players (chapters 10-11): sharing out scores, poignées, the call, the first lead.

Scores come from ``score``, poignées from ``poignee_options``, calls from ``callable_cards``,
the first lead and every refusal from a real ``GameState``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK, Card, parse_cards, sort_cards
from ..bidding import callable_cards
from ..declarations import poignee_options
from ..errors import IllegalAction
from ..game import GameState, Poignee, Slam
from ..rules import Bid, Phase, RuleSet
from ..scoring import HANDFUL_LEVELS, TARGETS, explain_score, score
from .feedback import AnswerError, Feedback, judge_card_set, section_link
from .piles import draw_pile

__all__ = ["random_score_summary", "describe_summary", "check_split", "HandfulQuestion",
    "handful_question", "best_handful", "check_handful", "CallQuestion", "call_question",
    "check_call", "LeadQuestion", "opening_lead_question", "check_opening_lead"]

_PAGES = {3: "10-three-players", 5: "11-five-players"}
_SCORE_ANCHORS = {3: ("scoring-with-three", "Scoring with three"),
                  5: ("sharing-the-score", "Sharing the score")}


# ----- scoring and sharing ----------------------------------------------------------------

def random_score_summary(rng: random.Random, players: int) -> dict:
    """A deal summary for ``players`` players, often with a half point near the target.

    The facts can happen in a real deal: a petit au bout goes only to the side whose pile
    holds the Petit (:func:`~tarot_teach.teach.piles.draw_pile`).

    >>> summary = random_score_summary(random.Random(1), 5)
    >>> summary["players"], sorted(score(summary))[:2]
    (5, ['contract_made', 'each_defender'])
    """
    bid = rng.choices(["take", "guard", "guard_without", "guard_against"], [5, 4, 1, 1])[0]
    pile = draw_pile(rng, rng.choice([0, 1, 1, 2, 2, 2, 3]), petit_chance=0.25,
                     rules=RuleSet(players=players))
    target = TARGETS[pile.bouts]
    if rng.random() < 0.5:  # just over or just under: the half point decides
        halves = 2 * target + rng.choice([-3, -1, 1, 3])
    else:
        halves = 2 * target + rng.randint(-24, 24)
    halves = max(2 * pile.lowest, min(2 * pile.highest, halves))
    summary = {"players": players, "bid": bid, "taker_points": int(halves) / 2,
               "taker_bouts": pile.bouts}
    if pile.petit_au_bout:
        summary["petit_au_bout"] = pile.petit_au_bout
    if rng.random() < 0.2:
        summary["poignees"] = ["simple"]
    if players == 5 and rng.random() < 0.3:
        summary["alone"] = True
    return summary


def describe_summary(summary: dict) -> list[str]:
    """The facts of a deal summary in words, one line each.

    >>> describe_summary({"players": 3, "bid": "guard", "taker_points": 40.5, "taker_bouts": 2})
    ['Three players; the contract is Guard (Garde).', "The taker's pile holds 40.5 points and 2 bouts."]
    """
    players = summary.get("players", 4)
    bid = Bid.parse(summary["bid"])
    words = {3: "Three", 4: "Four", 5: "Five"}[players]
    lines = [f"{words} players; the contract is {bid.english} ({bid.french})."]
    points = summary["taker_points"]
    points_text = f"{points:g}" if isinstance(points, (int, float)) else str(points)
    bouts = summary["taker_bouts"]
    lines.append(f"The taker's pile holds {points_text} points and {bouts} bout"
                 f"{'' if bouts == 1 else 's'}.")
    if summary.get("petit_au_bout"):
        who = "the taker's side" if summary["petit_au_bout"] == "taker" else "the defence"
        lines.append(f"The Petit was played to the last trick, which {who} won (petit au bout).")
    for level in summary.get("poignees") or ():
        lines.append(f"A {level} poignée was declared.")
    if players == 5:
        lines.append("The called King was in the dog or in the taker's hand: the taker plays alone."
                     if summary.get("alone") else "The taker has a partner (the called King's holder).")
    return lines


def check_split(summary: dict, answer: dict) -> Feedback:
    """Judge what each role gains (``taker``, ``partner`` when there is one, ``defender``).

    >>> check_split({"players": 3, "bid": "take", "taker_points": 41.5, "taker_bouts": 2},
    ...             {"taker": 52, "defender": -26}).ok
    True
    """
    result = score(summary)
    players = summary.get("players", 4)
    expected = {"taker": result["taker"], "defender": result["each_defender"]}
    if result["partner"] is not None:
        expected["partner"] = result["partner"]
    names = {"taker": "the taker", "partner": "the partner", "defender": "each defender"}
    wrong = [role for role in expected if answer.get(role) != expected[role]]
    section = section_link(_PAGES.get(players, "09-scoring"), *_SCORE_ANCHORS.get(players, ("", "Scoring")))
    if not wrong:
        shares = ", ".join(f"{names[r]} {expected[r]:+d}" for r in expected)
        return Feedback(True, f"Right: {shares}.")
    details = [f"You gave {names[r]} {answer.get(r):+d}; the engine says {expected[r]:+d}."
               for r in wrong]
    details += explain_score(summary)
    return Feedback(False, "Not quite — here is the working:", details, section)


# ----- poignée ----------------------------------------------------------------------------

@dataclass(frozen=True)
class HandfulQuestion:
    """A hand dealt at a table of ``players`` (seat 1 holds ``hand`` and is first to play)."""

    players: int
    hand: tuple[Card, ...]
    state: GameState


def _ready_to_play(rules: RuleSet, hands, dog, taker: int, bid: str = "guard_without") -> "GameState | None":
    """A state at the first trick: ``taker`` bid ``bid``, the others passed; None if void."""
    state = GameState.from_hands(rules, [[str(c) for c in h] for h in hands], [str(c) for c in dog])
    if state.is_over:
        return None
    for seat in range(rules.players):
        state.play(bid if (seat + 1) % rules.players == taker else "pass")
    return state


def handful_question(rng: random.Random, players: int = 3) -> HandfulQuestion:
    """A hand with many trumps (sometimes with the Excuse), first to play in a real deal."""
    rules = RuleSet(players=players)
    low, high, top = rules.handful_thresholds
    while True:
        count = rng.randint(low - 3, min(top + 1, 21))
        with_excuse = rng.random() < 0.4
        trumps = rng.sample(range(1, 22), count)
        chosen = [DECK[i] for i in trumps] + ([DECK[0]] if with_excuse else [])
        if len(chosen) > rules.hand_size:
            continue
        rest = [c for c in DECK if c not in chosen]
        rng.shuffle(rest)
        fill = rules.hand_size - len(chosen)
        # the filler is plain cards only, so the hand holds exactly the trumps drawn
        plain = [c for c in rest if not (c.is_trump or c.is_excuse)]
        hand = chosen + plain[:fill]
        others = [c for c in DECK if c not in hand]
        rng.shuffle(others)
        size = rules.hand_size
        hands = [others[k * size:(k + 1) * size] for k in range(players - 1)]
        dog = others[(players - 1) * size:]
        all_hands = [hands[0], hand] + hands[1:]  # seat 1 leads (dealer 0)
        state = _ready_to_play(rules, all_hands, dog, taker=rng.randrange(players))
        if state is None:
            continue
        if state.phase is Phase.CALLING:
            calls = state.legal_actions()
            state.play(calls[rng.randrange(len(calls))])
        state.play(Slam.DECLINE)
        if state.to_act != 1:
            continue
        return HandfulQuestion(players, tuple(sort_cards(hand)), state)


def best_handful(question: HandfulQuestion) -> "Poignee | None":
    """The biggest poignée the engine allows this hand (:func:`tarot_teach.poignee_options`),
    None if none."""
    options = poignee_options(question.hand, question.players)
    return options[-1] if options else None


def check_handful(question: HandfulQuestion, level: str) -> Feedback:
    """Judge the biggest poignée claimed (``"none"``, ``"simple"``, ``"double"``, ``"triple"``)."""
    if level not in ("none",) + HANDFUL_LEVELS:
        raise AnswerError("Choose one of the buttons, then Check.")
    best = best_handful(question)
    right = best.level if best else "none"
    rules = question.state.rules
    trumps = sum(1 for c in question.hand if c.is_trump)
    has_excuse = any(c.is_excuse for c in question.hand)
    needs = ", ".join(f"{lvl} {n}" for lvl, n in zip(HANDFUL_LEVELS, rules.handful_thresholds))
    details = [f"With {question.players} players a poignée needs: {needs} trumps.",
               f"This hand holds {trumps} trump{'s' if trumps != 1 else ''}"
               + (" and the Excuse." if has_excuse else " and no Excuse.")]
    if best is not None and any(c.is_excuse for c in best.cards):
        details.append("The Excuse completes the count here: it may be shown because the "
                       "player has no other trump to show.")
    elif has_excuse and right != "triple":
        details.append("The Excuse counts as a trump only when it brings the count up to a "
                       "threshold; here it does not reach the next one.")
    page = _PAGES.get(question.players, "09-scoring")
    anchor = "the-poignee-with-three" if question.players == 3 else "the-poignee-with-five"
    section = section_link(page, anchor, "Handful thresholds")
    word = "no poignée" if right == "none" else f"a {right} poignée"
    if level == right:
        return Feedback(True, f"Right: {word}.", details)
    return Feedback(False, f"No: the biggest you may declare is {word}.", details, section)


# ----- five players: the call -------------------------------------------------------------

@dataclass(frozen=True)
class CallQuestion:
    """A five-player taker's hand at the moment of calling (``state`` is in the CALLING phase)."""

    hand: tuple[Card, ...]
    state: GameState


_COURTS = tuple(c for c in DECK if c.is_court)


def call_question(rng: random.Random) -> CallQuestion:
    """A real five-player deal where the taker must now call; often the taker holds all Kings."""
    rules = RuleSet(players=5)
    while True:
        forced = []
        roll = rng.random()
        ranks = [14] if roll < 0.35 else [14, 13] if roll < 0.5 else [14, 13, 12] if roll < 0.55 else []
        for rank in ranks:
            forced += [c for c in _COURTS if c.rank == rank]
        rest = [c for c in DECK if c not in forced]
        rng.shuffle(rest)
        hand = forced + rest[:rules.hand_size - len(forced)]
        others = rest[rules.hand_size - len(forced):]
        size = rules.hand_size
        taker = rng.randrange(5)
        hands = []
        for seat in range(5):
            if seat == taker:
                hands.append(hand)
            else:
                hands.append(others[:size])
                others = others[size:]
        state = _ready_to_play(rules, hands, others, taker, bid=rng.choice(["take", "guard"]))
        if state is None or state.phase is not Phase.CALLING:
            continue
        return CallQuestion(tuple(sort_cards(hand)), state)


def check_call(question: CallQuestion, chosen) -> Feedback:
    """Judge the set of cards claimed to be exactly the ones the taker may call."""
    chosen = set(parse_cards(chosen))
    if not chosen:
        raise AnswerError("Click every card the taker may call, then Check.")
    held = set(question.hand)
    return judge_card_set(
        chosen, callable_cards(question.hand), "the taker may call", "called",
        lambda card: _refusal(question.state, card),
        lambda card: (" — even though the taker holds it: calling your own card means playing "
                      "alone.") if card in held else "",
        section_link("11-five-players", "calling-a-king", "Calling a King"))


# ----- five players: the opening lead -----------------------------------------------------

@dataclass(frozen=True)
class LeadQuestion:
    """The first lead of a five-player deal, after the call (``state`` is ready to lead)."""

    hand: tuple[Card, ...]
    called: Card
    leader_is_taker: bool
    state: GameState


def opening_lead_question(rng: random.Random) -> LeadQuestion:
    """A real five-player deal at its first lead, where the leader holds the called suit."""
    rules = RuleSet(players=5)
    while True:
        state = GameState.new(rules, seed=rng.getrandbits(32))
        if state.is_over:
            continue
        taker = rng.randrange(5)
        bid = rng.choice(["take", "guard", "guard_without"])
        for seat in range(5):
            state.play(bid if (seat + 1) % 5 == taker else "pass")
        leader_hand = set(state.hand(1))
        options = state.legal_actions()
        suits_held = [c for c in options if any(h.suit is c.suit for h in leader_hand)]
        if not suits_held:
            continue
        state.play(rng.choice(suits_held))
        while state.phase is Phase.DISCARD:
            choices = state.legal_actions()
            state.play(choices[rng.randrange(len(choices))])
        state.play(Slam.DECLINE)
        hand = tuple(state.hand(state.to_act))
        return LeadQuestion(hand, state.called, state.to_act == state.taker, state)


def _refusal(state: GameState, card: Card) -> str:
    """The engine's reason for refusing ``card`` now (tried on a copy)."""
    try:
        state.copy().play(card)
    except IllegalAction as refusal:
        return str(refusal)
    return "the engine accepts it"


def _lead_cards(question: LeadQuestion) -> list[Card]:
    return [a for a in question.state.legal_actions() if isinstance(a, Card)]


def check_opening_lead(question: LeadQuestion, chosen) -> Feedback:
    """Judge the set of cards claimed to be exactly the ones that may open the deal."""
    chosen = set(parse_cards(chosen))
    if not chosen:
        raise AnswerError("Click every card you may lead, then Check.")
    return judge_card_set(
        chosen, _lead_cards(question), "you may lead", "led",
        lambda card: _refusal(question.state, card),
        lambda card: " — it is the called card itself." if card is question.called else "",
        section_link("11-five-players", "the-first-lead", "The first lead"))
