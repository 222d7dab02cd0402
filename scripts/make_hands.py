#!/usr/bin/env python3
"""Generate the curated guided hands of ``exercises/hands/*.json`` reproducibly.

    python scripts/make_hands.py            write every hand file (and check it)
    python scripts/make_hands.py --only NAME  write (and check) that hand only
    python scripts/make_hands.py --show NAME print a hand trick by trick with the
                                            computer players' reasons (to write commentary)

Each hand is a seeded deal played by the computer players of
``tarot_teach.players`` (or a hand built with ``GameState.from_hands`` and a
scripted line of play). The commentary is written by hand in ``HANDS`` below,
keyed by trick; a trick without a written comment gets sentences made from the
engine's facts of the trick (``tarot_teach.guided.trick_facts``: who led, who won
with what, where the Excuse went, whether a card is owed for it, the first void a
player shows, what the trick brought the winners' pile, the trumps still out, how
the taker's side stands), in a shape no other comment of the hand has used
(``comment_shape``); a trick with nothing new to say gets no comment. The
questions are chosen by :func:`choose_questions`: every answer comes from the
engine. A judged question's verdict (a lead, or a card late in the deal) is drawn on
hundreds of deals, twice with different seeds, and the question is kept only when both
draws accept the same cards (``guided_cards.stable_judged_cards``); those verdicts are kept in
``scripts/hand_verdicts.json`` by position (drawing them takes minutes: a run resumes
from it, ``--fresh`` draws them again).
Every file is checked with ``check_guided_hand`` (``scripts/check_hands.py``) before it is
written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_teach import DECK, GameState, RuleSet, parse_card, replay  # noqa: E402
from tarot_teach.cards import Card  # noqa: E402
from tarot_teach.evaluation import evaluate_hand  # noqa: E402
from tarot_teach.game import Misere, Poignee  # noqa: E402

from tarot_teach.guided import (JUDGE_TRICKS, JUDGED_RULES, JudgedCards,  # noqa: E402
                                Question, TrickFacts, load_guided_hand, trick_facts)
from tarot_teach.teach.guided import (bid_answer, declaration_why,  # noqa: E402
                                      discard_facts, signal_problem, signal_situation)
from tarot_teach.teach.guided_cards import (STABLE_DEALS, STABLE_SEEDS,  # noqa: E402
                                            card_answers, card_rule_applies, card_why,
                                            judged_cards, stable_judged_cards)
from tarot_teach.judge import SOLVE_CARDS, position_key  # noqa: E402
from tarot_teach.names import SEAT_NAMES as NAMES  # noqa: E402
from tarot_teach.players import ComputerPlayer, Decision  # noqa: E402
from tarot_teach.rules import Phase  # noqa: E402
from tarot_teach.solver import native_available  # noqa: E402
from tarot_teach.teach.signals import meaning_of  # noqa: E402
from tarot_teach.variants import format_points  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from check_hands import check_guided_hand, comment_shape  # noqa: E402

OUT = ROOT / "exercises" / "hands"
VERDICTS = ROOT / "scripts" / "hand_verdicts.json"
"""The judged questions' stored verdicts, by position and procedure (:func:`stable_verdict`):
drawing them takes minutes, so a run resumes from it and the generator test reads it."""


# ----- the judged questions' verdicts, drawn once and kept --------------------------------

_verdicts: "dict | None" = None
FRESH = False
"""True: draw every judged verdict again (``--fresh``) instead of reading VERDICTS."""


def verdict_key(state: GameState, seat: int) -> str:
    """The key of a judged question's verdict in :data:`VERDICTS`: the seat's view and the
    procedure (deals, seeds, the cards solved exactly)."""
    procedure = f"deals {STABLE_DEALS} seeds {STABLE_SEEDS} solve {SOLVE_CARDS}"
    return hashlib.sha256(f"{procedure}|{position_key(state, seat)}".encode()).hexdigest()[:20]


def stable_verdict(state: GameState, seat: int) -> "JudgedCards | None":
    """The verdict a judged question stores
    (:func:`tarot_teach.teach.guided_cards.stable_judged_cards`), or None when the
    independent draws accept different cards (no judged question there).
    Kept in :data:`VERDICTS` under the seat's view and the procedure, written at once so an
    interrupted run resumes."""
    global _verdicts
    if _verdicts is None:
        _verdicts = (json.loads(VERDICTS.read_text(encoding="utf-8"))
                     if VERDICTS.exists() else {})
    key = verdict_key(state, seat)
    entry = None if FRESH else _verdicts.get(key)
    if entry is None:
        verdict, settled = stable_judged_cards(state, seat)
        entry = _verdicts[key] = {"settled": settled, "verdict": verdict.to_json()}
        VERDICTS.write_text(json.dumps(_verdicts, indent=0) + "\n",
                            encoding="utf-8")
    return JudgedCards.from_json(entry["verdict"]) if entry["settled"] else None


# ----- playing a deal and keeping every reason ------------------------------------------

class KeepExcuse(ComputerPlayer):
    """A computer player that never plays the Excuse before the last trick (for one seat)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view):
        decision = super().choose(view)
        if view.seat == self.seat and isinstance(decision.action, Card) \
                and decision.action.is_excuse and len(view.hand) > 1:
            others = [c for c in view.legal_actions if isinstance(c, Card) and not c.is_excuse]
            trial = _without_excuse(view)
            choice = super().choose(trial) if trial is not None else None
            if choice is None or not isinstance(choice.action, Card) or choice.action.is_excuse:
                low = min(others, key=lambda c: (c.half_points, c.rank))
                return Decision(low, f"Keep the Excuse: play {low.label}.")
            return choice
        return decision


class CallOwnKing(ComputerPlayer):
    """Five players: a taker holding a King calls it, and so plays alone."""

    def _call(self, view):
        held = [c for c in view.legal_actions if isinstance(c, Card) and c in set(view.hand)]
        if held:
            return Decision(held[0], f"Call {held[0].name}, my own: I play alone.")
        return super()._call(view)


class DeclareMisere(ComputerPlayer):
    """Computer players, except that ``seat`` declares its misère (variant) when it may."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def decide(self, state):
        if state.to_act == self.seat and state.phase is Phase.PLAYING:
            miseres = [a for a in state.legal_actions() if isinstance(a, Misere)]
            if miseres:
                return Decision(miseres[0], "Declare the misère.")
        return super().decide(state)


def _without_excuse(view):
    legal = tuple(a for a in view.legal_actions if not (isinstance(a, Card) and a.is_excuse))
    if not any(isinstance(a, Card) for a in legal):
        return None
    return view.replaced(legal_actions=legal)


class Scripted(ComputerPlayer):
    """Computer players, except that ``lines[seat]`` lists the cards that seat plays, in order."""

    def __init__(self, lines: dict, reasons: "dict | None" = None) -> None:
        self.lines = {seat: [parse_card(c) for c in cards] for seat, cards in lines.items()}
        self.reasons = reasons or {}
        self.used = {seat: 0 for seat in lines}

    def decide(self, state):
        seat = state.to_act
        if state.phase is Phase.PLAYING and seat in self.lines:
            legal = state.legal_actions()
            poignees = [a for a in legal if isinstance(a, Poignee)]
            if poignees:
                return Decision(poignees[-1], "Show the poignée.")
            card = self.lines[seat][self.used[seat]]
            self.used[seat] += 1
            return Decision(card, self.reasons.get(str(card), "The planned card."))
        return super().decide(state)


def play(state: GameState, player: ComputerPlayer, actions: "list | None" = None):
    """Play ``state`` to the end; ``actions`` forces the first actions (bids, discard...).
    Returns ``[(seat, action, reason), ...]``."""
    log = []
    for action in actions or []:
        seat = state.to_act
        state.play(action)
        log.append((seat, state.history[-1], "scripted"))
    while not state.is_over:
        seat = state.to_act
        decision = player.decide(state)
        state.play(decision.action)
        log.append((seat, decision.action, decision.reason))
    return log


# ----- words -----------------------------------------------------------------------------

def who(seat: int, learner: int, capital: bool = True) -> str:
    if seat == learner:
        return "You" if capital else "you"
    return NAMES[seat]


def side_word(state: GameState, seat: int) -> str:
    if seat == state.taker:
        return "the taker"
    if seat == state.partner:
        return "the partner"
    return "the defence"


def mention(card: Card) -> str:
    """A card for the commentary: ``{KH}``, ``trump {T7}``, ``the Excuse``."""
    if card.is_excuse:
        return "the Excuse"
    if card.is_trump:
        return "trump {" + str(card) + "}"
    return "{" + str(card) + "}"


def lead_words(trick: TrickFacts, taker: int, learner: int, held: list,
               fresh: bool) -> list[str]:
    """Words for a lead, true of what the table has seen (``fresh``: nobody has played the
    suit yet) or, for your own lead, of your hand then (``held``): never another seat's
    hidden hand."""
    led = trick.plays[0][1]
    mine = trick.leader == learner
    if led.is_excuse:
        return [] if trick.last else ["the Excuse, so that it is not left for the last trick"]
    if led.is_trump:
        if mine and all(c.is_trump or c.is_excuse for c in held):
            return ["with nothing but trumps left"]
        return ["to pull the defenders' trumps"] if trick.leader == taker else []
    if led.is_king:
        return (["a King in a suit nobody has played yet", "a King while the suit is still "
                 "fresh"] if fresh else [])
    if not mine:
        return ["a low card that gives little away"] if led.half_points == 1 else []
    suit = [c for c in held if c.suit is led.suit]
    longest = len(suit) > 1 and len(suit) == max(
        sum(1 for c in held if c.suit is other) for other in {c.suit for c in held}
        if other.is_plain)
    lowest = led == min(suit, key=lambda c: c.rank)
    if led.half_points == 1:
        words = ["a small card of your longest suit"] if longest and lowest else []
        if any(c.rank > led.rank and c.half_points > 1 for c in suit):
            words.append("a small card, keeping the higher ones")
        return words or ["a low card that gives little away"]
    return ["the lowest card of your longest suit"] if longest and lowest else []


def _singular(suit) -> str:
    return suit.english[:-1] if suit.english.endswith("s") else suit.english


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def narrate(state: GameState, trick: TrickFacts, held: list, learner: int,
            seen: dict) -> list[str]:
    """Teacher's sentences about one trick, from the engine's facts of it
    (:func:`tarot_teach.guided.trick_facts`) and what the learner's seat has seen, most
    telling first: who led and why, who won it and how, where the Excuse went, the called
    King, the Petit, the Kings captured, the first void a player shows, what the trick was
    worth, the trumps still out, how the taker's side stands. ``seen`` carries what earlier
    tricks showed (voids, suits played, points so far); ``held`` is your hand before the
    trick. Returns several versions (the caller keeps one whose shape the hand has not used
    yet)."""
    number, leader, winner = trick.number, trick.leader, trick.winner
    cards = [card for _, card in trick.plays]
    led = cards[0]
    played_suits = seen.setdefault("suits", set())
    choices = lead_words(trick, state.taker, learner, held, led.suit not in played_suits)
    played_suits.update(c.suit for c in cards)
    why = choices[number % len(choices)] if choices else ""
    verb = "lead" if leader == learner else "leads"
    lead = f"{who(leader, learner)} {verb} {mention(led)}" + (f", {why}." if why else ".")
    led_suit = trick.led_suit
    win_card = trick.card_of(winner)
    if winner == leader and not win_card.is_excuse:
        how = ("Nobody plays a higher trump: it wins." if win_card.is_trump
               else "Nobody beats it or trumps it: it wins.")
    elif win_card.is_trump and led_suit is not None and led_suit.is_plain:
        has, trumps = ("have", "trump") if winner == learner else ("has", "trumps")
        how = (f"{who(winner, learner)} {has} no {led_suit.english} and {trumps} with "
               f"{{{win_card}}}.")
    elif win_card.is_trump:
        how = f"{_sentence(mention(win_card))} is the highest trump played and takes it."
    else:
        how = (f"{_sentence(mention(win_card))} is the highest {_singular(win_card.suit)} "
               "and takes it.")
    events = []
    for seat, card in trick.plays:
        if card.is_excuse and seat != winner:
            plays = "play" if seat == learner else "plays"
            if trick.excuse_to_side != state.side_of(seat):
                fate = "on the last trick: it changes sides."
            elif trick.exchange_owed:
                fate = ("instead of a card: it stays with its side, which owes the winners a "
                        "half-point card in exchange.")
            else:
                fate = "instead of a card: it stays with its side, which also wins the trick."
            events.append(f"{who(seat, learner)} {plays} the Excuse {fate}")
        elif state.called is not None and card is state.called:
            events.append(f"{_sentence(mention(card))} is the called card: now everybody knows "
                          "who the partner is.")
        elif card.is_trump and card.rank == 1:
            events.append(f"The Petit falls to {side_word(state, winner)}.")
    big = [c for s, c in trick.plays if (c.is_king or c.rank == 21 and c.is_trump)
           and state.side_of(s) != trick.winner_side and c is not win_card]
    if big:
        events.append(" and ".join(mention(c) for c in big)
                      + f" go{'es' if len(big) == 1 else ''} "
                      f"to {side_word(state, winner)}.")
    # Facts particular to this moment, each a different kind of sentence.
    particular = []
    for seat, card in trick.plays[1:]:
        if led_suit is not None and led_suit.is_plain and card.suit is not led_suit \
                and not card.is_excuse and (seat, led_suit) not in seen["voids"]:
            seen["voids"].add((seat, led_suit))
            if seat != winner or not win_card.is_trump:
                shown = ("You show" if seat == learner else f"{who(seat, learner)} shows")
                particular.append(f"{shown} a void in {led_suit.english}: from now on "
                                  f"{'you' if seat == learner else 'that player'} can "
                                  f"{'trump' if card.is_trump else 'throw other cards on'} "
                                  "that suit.")
    worth = format_points(int(trick.worth * 2), 2)
    if not big and (trick.worth >= 5 or trick.exchange_owed):
        particular.append(f"The trick is worth {worth} points to {side_word(state, winner)}.")
    seen["taker points"] += trick.worth if trick.winner_side == 0 else 0
    played_trumps = seen.setdefault("trumps", set())
    played_trumps.update(c for c in cards if c.is_trump)
    out = 21 - len(played_trumps)
    if trick.number < state.rules.tricks:
        particular.append(f"{out} trumps have still to be played, counting the taker's.")
        left = state.rules.tricks - trick.number
        particular.append(f"The taker's side has {format_points(int(seen['taker points'] * 2), 2)}"
                          f" points in its tricks so far, with {left} "
                          f"trick{'s' if left > 1 else ''} to come.")
        if not trick.worth % 1 and trick.worth < 5:
            particular.append(f"Only {worth} points change hands here.")
    texts = []
    core = [lead, how] + events
    for extra in particular + [""]:
        texts.append(" ".join(_sentence(p) for p in core + ([extra] if extra else [])))
    return texts


# ----- the hands ---------------------------------------------------------------------------

def seeded(players: int, seed: str, dealer: int, **variant) -> GameState:
    return GameState.new(RuleSet(players=players, **variant), seed=seed, dealer=dealer)


def slam_state() -> GameState:
    """A taker (seat 1) with the eleven top trumps, the Excuse, the Kings and two Queens."""
    taker = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 EX KS KH KD KC QH QS".split()
    dog = "2S 3H 4D 5C 6S 7H".split()
    rest = [str(c) for c in DECK if str(c) not in set(taker) | set(dog)]
    # The ten small trumps are shared 4, 3, 3 among the defenders; the plain cards dealt round.
    trumps = [c for c in rest if c.startswith("T")]
    plain = [c for c in rest if not c.startswith("T")]
    hands = [trumps[:4], None, trumps[4:7], trumps[7:10]]
    for seat in (0, 2, 3):
        need = 18 - len(hands[seat])
        hands[seat] = hands[seat] + plain[:need]
        plain = plain[need:]
    hands[1] = taker
    return GameState.from_hands(RuleSet(players=4), hands, dog, dealer=0)


def build(spec: dict):
    """Play a hand spec; return ``(state, reasons)``."""
    state = spec["state"]()
    player = spec.get("player", ComputerPlayer())
    log = play(state, player, spec.get("actions"))
    reasons = {}
    replayed = GameState.from_hands(state.rules,
                                    [[str(c) for c in _cards(m)] for m in state.dealt_hands],
                                    [str(c) for c in _cards(state.dealt_dog)], state.dealer)
    for seat, action, reason in log:
        if replayed.phase is Phase.PLAYING and isinstance(action, Card):
            reasons[(len(replayed.tricks) + 1, seat)] = reason
        replayed.play(action)
    return state, reasons


def _cards(mask: int) -> list[Card]:
    from tarot_teach.cards import cards_of

    return cards_of(mask)


def guided_file(name: str, spec: dict) -> dict:
    state, _ = build(spec)
    learner = spec["learner"]
    record = state.to_record()
    commentary = [{"at": "bids", "text": spec["bids"]}]
    if spec.get("discard"):
        commentary.append({"at": "discard", "text": spec["discard"]})
    written = spec.get("tricks", {})
    hand = load_guided_hand({"title": name, "learner": learner, "record": record,
                             "expected": replay(record)})
    facts = trick_facts(hand)
    shapes = {comment_shape(text) for text in [spec["bids"], spec.get("discard", ""), spec["end"]]
              + list(written.values())}
    seen = {"voids": set(), "taker points": 0,
            "trumps": {DECK[i] for i in state.discard if DECK[i].is_trump}}
    if state.contract is not None and state.contract.value in ("guard_without", "guard_against"):
        seen["trumps"] |= {c for c in _cards(state.dealt_dog) if c.is_trump}  # never played
    for number in range(1, len(state.tricks) + 1):
        held = [f.card_of(learner) for f in facts[number - 1:]]  # your hand before the trick
        versions = narrate(state, facts[number - 1], held, learner, seen) if facts else []
        text = written.get(number) or next(
            (v for v in versions if comment_shape(v) not in shapes), None)
        if text is None:
            continue  # nothing new to say about this trick: no comment
        shapes.add(comment_shape(text))
        commentary.append({"at": "trick", "trick": number, "winner": state.tricks[number - 1][2],
                           "text": text})
    commentary.append({"at": "end", "text": spec["end"]})
    questions = choose_questions(hand, spec.get("cards", 4))
    if len(questions) < 6:  # judged leads dropped (their draws disagreed): late leads too
        questions = choose_questions(hand, spec.get("cards", 4), late_leads=True)
    questions = [q.to_json() for q in questions]
    return {"title": spec["title"], "summary": spec["summary"], "learner": learner,
            "record": record, "expected": replay(record), "commentary": commentary,
            "questions": questions}


def choose_questions(hand, cards: int, late_leads: bool = False) -> list:
    """The hand's questions, every answer found by the engine: the learner's bid, the
    discard (a defender, who has none, reads its partner's first lead instead where the
    partner's hand bears chapter 14's convention out: a signal question before its first
    card), each declaration, the first lead the judge accepts (among at most three
    quarters of the legal cards; judged again for good by :func:`stable_verdict`, and
    asked only when its independent draws accept the same cards), and up to ``cards`` card questions where a rule of
    :data:`tarot_teach.guided.CARD_RULES` accepts the card played among fewer than all the
    legal cards (real choices first, then different rules, spread over the deal; a judged
    card that nearly every card would answer only to make six questions). ``late_leads``:
    leads late in the deal are card questions to choose from even after the first lead."""
    learner = hand.learner
    state = hand.state_at(0)
    questions, candidates, first_lead, lead_tries, by_trick = [], [], None, 0, {}
    discard_asked = signal_asked = False
    for step, action in enumerate(hand.actions):
        mine = state.to_act == learner
        if mine and isinstance(action, Card) and state.phase is Phase.PLAYING \
                and not discard_asked and not signal_asked:
            signal_asked = True  # the learner's first card: a signal to read, if honest
            if signal_situation(state, learner) is not None \
                    and signal_problem(state, learner) is None:
                message, why = meaning_of(signal_situation(state, learner))
                questions.append(Question("signal", (message,), why, len(state.tricks) + 1))
                state.play(action)
                continue
        if mine and state.phase is Phase.BIDDING and not any(q.kind == "bid" for q in questions):
            best, reason = bid_answer(state)
            questions.append(Question("bid", (str(action),), reason))
        elif mine and state.phase is Phase.DISCARD and not discard_asked:
            discard_asked = True
            size = state.rules.dog_size
            laid = hand.actions[step:step + size]
            questions.append(Question("discard", tuple(str(a) for a in laid),
                                      "The discard that was played: "
                                      + discard_facts(state, laid)))
        elif mine and state.phase in (Phase.PLAYING, Phase.SLAM) and not isinstance(action, Card) \
                and str(action) != "no_chelem":
            question = Question("declare", (str(action),))
            questions.append(Question("declare", (str(action),),
                                      declaration_why(state, question, declined=False)))
        elif mine and isinstance(action, Card) and state.phase is Phase.PLAYING:
            number = len(state.tricks) + 1
            legal = {c for c in state.legal_actions() if isinstance(c, Card)}
            late = card_rule_applies(state, learner, "judge") or (
                not state.trick and state.rules.tricks - number < JUDGE_TRICKS)
            rules = ["petit", "win", "feed", "duck", "sure", "judge"]
            if not state.trick and (lead_tries < 6 or late) \
                    and (first_lead is None or not late or late_leads):
                lead_tries += 1
                rules.insert(0, "lead")
            options = []
            for rule in rules:
                if not card_rule_applies(state, learner, rule):
                    continue
                verdict = judged_cards(state, learner) if rule in JUDGED_RULES else None
                accepted = card_answers(state, learner, rule, verdict)
                if action not in accepted or not accepted < legal:
                    continue
                weak = 4 * len(accepted) > 3 * len(legal)  # nearly every card right
                options.append((state.copy(), rule, weak, action))
            if options and options[0][1] == "lead" and first_lead is None and not options[0][2]:
                question = _settled(options[0])
                if question is not None:
                    first_lead = number
                    questions.append(question)
                    options = []
                else:
                    options.pop(0)
            if options:
                by_trick[number] = options
                candidates.append((number, options[0][1], options[0][2]))
        state.play(action)
    chosen, asked_cards = [], {}
    asked = {q.trick for q in questions}
    cards = max(cards, 5 - len(questions))  # at least six questions with the score
    while candidates and len(chosen) < cards:
        used = {rule for _, rule, _ in chosen}
        strong = [c for c in candidates if not c[2]]
        if not strong and len(questions) + len(chosen) >= 5:
            break  # weak questions only to make six with the score
        strong = strong or candidates
        pool = [c for c in strong if c[1] not in used] or strong
        near = asked | {number for number, _, _ in chosen}
        pick = max(pool, key=lambda c: (min((abs(c[0] - t) for t in near), default=99), -c[0]))
        candidates = [c for c in candidates if c[0] != pick[0]]
        number = pick[0]
        question = _settled(by_trick[number][0])
        if question is None:  # the draws disagree: the trick's next rule, if any
            by_trick[number].pop(0)
            if by_trick[number]:
                candidates.append((number, by_trick[number][0][1], by_trick[number][0][2]))
            continue
        chosen.append(pick)
        asked_cards[number] = question
    questions += [asked_cards[number] for number, _, _ in chosen]
    questions.sort(key=hand.question_step)
    if state.result.breakdown is not None:
        questions.append(Question("score", (str(state.result.breakdown.each_defender),),
                                  "The score, line by line."))
    return questions


def _settled(option) -> "Question | None":
    """The card question of ``option`` (the state before the card, its rule, whether it is
    weak, and the card ``action`` played), with the stored verdict of a judged rule (:func:`stable_verdict`); None when
    that verdict changes with the draw, or refuses ``action``, or accepts every legal card."""
    state, rule, _, action = option
    learner = state.to_act
    verdict = stable_verdict(state, learner) if rule in JUDGED_RULES else None
    if rule in JUDGED_RULES:
        legal = {c for c in state.legal_actions() if isinstance(c, Card)}
        if verdict is None or action not in verdict.accepted or not verdict.accepted < legal:
            return None
    accepted = card_answers(state, learner, rule, verdict)
    return Question("card", (str(action),), card_why(state, learner, rule, accepted, verdict),
                    len(state.tricks) + 1, rule, verdict)


def show(name: str) -> None:
    spec = HANDS[name]
    state, reasons = build(spec)
    learner = spec["learner"]
    print(f"{name}: players {state.players}, dealer {state.dealer}, learner {learner}")
    for seat in range(state.players):
        hand = [str(c) for c in _cards(state.dealt_hands[seat])]
        extra = ""
        if state.players == 4:
            extra = f"  (evaluation {evaluate_hand(hand).total}, {evaluate_hand(hand).bid})"
        print(f"  seat {seat} {NAMES[seat]}: {' '.join(hand)}{extra}")
    print("  dog:", " ".join(str(c) for c in _cards(state.dealt_dog)))
    print("  bids:", [(s, b.value) for s, b in state.bids], "called:", state.called,
          "partner:", state.partner)
    print("  discard:", [str(DECK[i]) for i in state.discard], "poignees:",
          {s: len(c) for s, c in state.poignees.items()})
    for number, (leader, indexes, winner) in enumerate(state.tricks, 1):
        seats = [(leader + k) % state.players for k in range(state.players)]
        plays = ", ".join(f"{NAMES[s]}:{DECK[i]}" for s, i in zip(seats, indexes))
        print(f"  {number:2d}. {plays}  -> {NAMES[winner]}")
        print(f"        {NAMES[learner]}: {reasons.get((number, learner), '')}")
    print("  result:", replay(state.to_record()))
    for line in state.result.breakdown.lines:
        print("    ", line)


def write_all(names=None) -> int:
    if not native_available():
        print("The judged questions are stored as the native solver judges them (judge."
              "SOLVE_CARDS differs without it): build it first (pip install -e .).",
              file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    failures = 0
    unknown = set(names or ()) - set(HANDS)
    if unknown:
        print(f"No such hand: {', '.join(sorted(unknown))}; the hands are "
              f"{', '.join(HANDS)}.", file=sys.stderr)
        return 2
    for name, spec in HANDS.items():
        if names and name not in names:
            continue
        data = guided_file(name, spec)
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        problems = check_guided_hand(path)
        for problem in problems:
            print(f"{path.name}: {problem}", file=sys.stderr)
        failures += bool(problems)
        print(f"wrote {path.relative_to(ROOT)}" + (" (with problems)" if problems else ""))
    return 1 if failures else 0


# ----- the curated hands and their commentary (written by hand) ------------------------------

HANDS: dict = {}

HANDS["take-made"] = dict(
    state=lambda: seeded(4, "guided:20", 0), learner=0,
    title="A Take, made by discarding a whole suit",
    summary="You take with a middling hand. The discard leaves you void in hearts, "
            "and your small trumps win trick after trick.",
    bids="Bruno, Chloé and Dmitri pass. Your hand counts 50 points on the scale of "
         "the hand-evaluation chapter: eight trumps with {T21}, a King in diamonds, "
         "nothing spectacular. That is a Take (Prise), the smallest bid: the dog will help.",
    discard="The dog brings {KS}, {T12}, three hearts ({QH}, {CH}, {7H}) and {7D}. You lay aside "
            "every heart ({QH}, {CH}, {JH}, {6H}, {7H}) and the lonely {7C}. The Queen and "
            "Knight of hearts are points kept safe in your pile, and with no hearts left any "
            "heart led by the defence can be trumped.",
    tricks={
        1: "Bruno leads {KH}, hoping the hearts are fresh. You have none left, so you must "
           "trump, and the smallest trump, {T2}, is enough: 4.5 points for a trump worth 0.5. "
           "This is the discard paying off.",
        2: "You lead {T21} to pull the defenders' trumps. The 21 can never be beaten, and each "
           "defender has to give up a trump ({T11}, {T3}, {T6}).",
        4: "You lead {T19}; Bruno plays {T1} under it and Dmitri overtrumps with {T20}. The "
           "Petit goes to the defence in a defence trick, so nothing is lost for you beyond "
           "the trick.",
        8: "Chloé leads {6S}. Your {JS} cannot stop Bruno's {QS}: the defence wins a "
           "few points here.",
        17: "You lead {QD}; Chloé saves her Excuse by playing it before the last trick, and "
            "Dmitri trumps with {T9}. The defence wins the trick and your Queen, and the "
            "Excuse stays on its own side: as the defence won the trick, nothing is given in "
            "return for it. Counting the trumps, {T9} was the only one still out: your 16 of "
            "trumps first would have drawn it, and your Queen would have won the last trick.",
        18: "Dmitri leads {QC} and you must trump with your last card, {T16}, which also "
            "catches Bruno's {KC}: a fine last trick.",
    },
    end="You needed 51 points with one bout (the 21) and scored 55: made by 4. With a Take "
        "the multiplier is 1, so each defender pays 25 + 4 = 29. The void in hearts won you "
        "the King of hearts on the first trick, but the defence let the contract through. "
        "In hindsight, with every hand open: in trick 15 Chloé trumped your {JD} with {T17} "
        "and Dmitri had to spend {T18} over it, two defence trumps on one trick. Had Chloé "
        "played the Excuse there instead, best play from then on would have held you to 41 "
        "points, and the Take would have failed.")

HANDS["guard-failed"] = dict(
    state=lambda: seeded(4, "guided:162", 2), learner=0,
    title="A Guard that fails by one point",
    summary="A Guard with a poignée, lost by a single point: every half point counts, "
            "and a poignée goes to the side that wins.",
    bids="Dmitri passes and you bid Guard (Garde): the hand counts 58 points, with eight "
         "trumps, {T1} to protect and two Kings. Bruno and Chloé pass.",
    discard="The dog gives you {T3} and {T13}, good news, with {2H}, {10D}, {CD} and {3C}. "
            "You discard {QH}, {2H}, {CD}, "
            "{10D}, {JS} and {3S}: the hearts and diamonds go, so that you can trump those "
            "suits, and the Queen and Knight are safe in your pile. You also show a simple "
            "poignée of ten trumps before your first card.",
    tricks={
        1: "Dmitri leads {KH}. Thanks to the discard you are void in hearts and take the King "
           "with {T3}.",
        3: "Your second King, {KC}, wins too. Both your Kings and a defender's King: a good "
           "start.",
        5: "Bruno leads {2D}, nobody has trumped yet and you play last: {T1} wins safely. "
           "The Petit is safe in your pile: a bout, and a target of 51 rather than 56.",
        17: "You lead {T18} and Bruno drops {T21} on it: the 21 was with the defence all "
            "along, and with it Dmitri's {KD} and Chloé's {CH} go to Bruno.",
    },
    end="You finish with 50 points and one bout: the target is 51, so the Guard fails by 1. "
        "That costs (25 + 1) × 2 = 52, and the poignée you showed now goes to the defence "
        "(−20): each defender gains 72. Remember that the bonus of a poignée goes to the side "
        "that wins, not to the player who showed it.")

HANDS["petit-au-bout-won"] = dict(
    state=lambda: seeded(4, "guided:4", 0), learner=0,
    title="Petit au bout: the Petit wins the last trick",
    summary="You keep the Petit to the very end and win the last trick with it: 10 points "
            "more, multiplied by the contract.",
    bids="Everybody else passes; your hand counts 46 points: five trumps with {T21} and "
         "{T1}, two Kings ({KS}, {KC}). A Take.",
    discard="The dog is generous: {T3}, {T6}, {T9}, {T16} and two small hearts, {4H} and "
            "{6H}. You discard "
            "{1D}, {2D}, {5D}, {QH}, {4H} and {5H}: void in diamonds, and the Queen of hearts "
            "safely counted.",
    tricks={
        5: "Chloé leads {KD}. You threw your diamonds away, so you trump with {T3} and win "
           "a King.",
        14: "Bruno leads {3S} and Chloé trumps with {T15}. You have no spade and must "
            "overtrump the 15 if you can: {T21} is your only trump above it, and it wins.",
        17: "You lead {T13}, Bruno plays {T8} and Dmitri wins with {T20}. You keep the Petit "
            "for the last trick, hoping no defender has a trump left.",
        18: "Dmitri leads {CD}, you have only {T1} left and must trump with it. Nobody after "
            "you has a trump: the Petit wins the last trick. That is the petit au bout.",
    },
    end="With two bouts (the 21 and the Petit) the target is 41 and you have 52: made by 11. "
        "The petit au bout adds 10 before the multiplier: (25 + 11 + 10) × 1 = 46 from each "
        "defender. Had the Petit been caught on the last trick, the 10 would have gone the "
        "other way.")

HANDS["petit-au-bout-lost"] = dict(
    state=lambda: seeded(4, "guided:50", 2), learner=0,
    title="Petit au bout lost: the defence catches the Petit on the last trick",
    summary="The Petit comes from the dog, stays in your hand to the end, and is captured "
            "on the last trick: a lost contract gets worse.",
    bids="Dmitri passes, you take: 44 points on the scale, with {T21} but a lot of small "
         "cards. Bruno and Chloé pass.",
    discard="The dog holds {T1}, a bout, but one to protect with your seven trumps, and "
            "{QS}, {QH}, {JC}, {7C} and {2S}. You "
            "discard {QD}, {CD}, {QC}, {JC}, {7C} and {9C}, emptying diamonds and clubs.",
    tricks={
        1: "Dmitri leads {4H}; your {10H} is beaten by Bruno's {JH}, and Chloé, void in "
           "hearts, trumps with {T10}. A bad start.",
        3: "Chloé leads {KD}: you are void and trump with {T3}, winning the King.",
        16: "Dmitri leads {CC}: you are void in clubs and must trump. You have {T21} and the "
            "Petit: the 21 wins for sure, the Petit could be overtrumped.",
        17: "You lead {KH}, hoping it wins; Chloé plays the Excuse and Dmitri trumps with "
            "{T16}. The King is lost.",
        18: "The last trick: Dmitri leads {T18}, your {T1} is the only card you hold and it is "
            "caught. The defence wins the Petit on the last trick: petit au bout for the "
            "defence.",
    },
    end="One bout only after losing the Petit, so the target is 51; you have 43: failed by 8. "
        "The defence's petit au bout adds 10 against you: (25 + 8 + 10) × 1 = 43 to each "
        "defender. A Petit with few trumps is better played early, when it can win safely, "
        "than kept for a last trick the defence controls.")

HANDS["poignee"] = dict(
    state=lambda: seeded(4, "guided:42", 2), learner=0,
    title="A Guard with a poignée",
    summary="You show ten trumps before your first card: 20 points for the side that wins.",
    bids="Dmitri passes. Your hand counts 56 points: all three bouts ({T21}, {T1} and the "
         "Excuse) with eight trumps. That is a Guard (Garde).",
    discard="The dog brings {T16}: nine trumps now. The rest of it is {2H}, {2D}, {9D}, {4C} "
            "and {9C}. You discard {CS}, {QH}, {2H}, {5H}, {QC} "
            "and {4C}: no more spades or hearts, and the Queens are safe. Just before your "
            "first card you show a simple poignée: your nine trumps and the Excuse. The Excuse "
            "may complete a poignée only like this, when you have no other trump to show.",
    tricks={
        1: "Dmitri leads {KS}; you are void in spades and trump with {T2}. A King for a small "
           "trump.",
        11: "Bruno leads {JH}, the others follow with hearts and you play last: {T1} wins "
            "safely and the Petit is yours.",
        17: "Bruno leads {KH}, Chloé trumps with {T20} and you play the Excuse: it stays in "
            "your pile, and you give Chloé a small card in exchange.",
        18: "Your last card, {T21}, wins the last trick.",
    },
    end="Three bouts, so the target is only 36; you have 50: made by 14. (25 + 14) × 2 = 78 "
        "for the Guard, then the poignée: 20, added after the multiplier, for the side that "
        "won. Each defender pays 98.")

HANDS["excuse-last-trick"] = dict(
    state=lambda: seeded(4, "guided:24", 0), player=KeepExcuse(1), learner=1,
    title="The Excuse kept to the last trick changes sides",
    summary="You keep the Excuse until the very last trick. By the rule this book follows, it "
            "then changes sides and goes to the defence: a bout and 4 points lost.",
    bids="You speak first: 51 points on the scale, with {T21}, the Excuse and two Kings. "
         "A Take; the others pass.",
    discard="The dog gives you {T1}, {T10} and {T18}, with {8S}, {QD} and {10C}. You discard "
            "{10H}, {QD}, {JD}, {4D}, "
            "{6D} and {7D}: void in hearts and diamonds.",
    tricks={
        4: "Chloé leads {1H}; you play last, nobody has trumped, so {T1} wins safely. Two bouts "
           "are now in your pile.",
        6: "Ada leads {KD}: you are void and take it with {T7}.",
        17: "You lead {T21}. Here, with two cards left, the Excuse was the card to play: "
            "before the last trick it would have stayed on your side.",
        18: "Last trick. You lead the Excuse, Chloé's {QH} sets the suit and Ada wins with "
            "{T16}. The Excuse played on the last trick changes sides: it goes to the defence, "
            "with its 4.5 points and its bout.",
    },
    end="You end with 49 points but only two bouts: target 41, made by 8, so each defender "
        "pays 33. Had you played the Excuse one trick earlier, it would have stayed with you: "
        "three bouts (target 36) and 4 more points. Never keep the Excuse for the last trick.")

HANDS["three-players"] = dict(
    state=lambda: seeded(3, "guided:12", 0), learner=1,
    title="Three players: a Guard with 24 cards",
    summary="Three players, 24 cards each and a dog of six: the same rules, longer hands.",
    bids="You speak first with seven trumps, {T21} and {T1}, and two Kings: a Guard. "
         "Chloé and Ada pass.",
    discard="The dog brings four trumps ({T2}, {T11}, {T12}, {T15}), {JH} and {1C}. You "
            "discard the hearts "
            "{QH}, {JH}, {8H}, {9H} and the spades {CS}, {JS}: void in hearts, and the court "
            "cards are safe.",
    tricks={
        1: "You lead {KD}: the diamonds are fresh and the King wins.",
        4: "Ada leads {6H}; you are void and trump with {T2}.",
        7: "Chloé leads {2H}, Ada follows, and you play last: {T1} wins safely.",
        23: "You lead {T19}; Ada gets rid of the Excuse before the last trick, so it stays "
            "with her side.",
        24: "Your {T21} wins the last trick and catches Chloé's {KH}.",
    },
    end="Two bouts (the 21 and the Petit) make the target 41; you have 53: made by 12. "
        "(25 + 12) × 2 = 74 from each of the two defenders, so the taker gains twice 74.")

HANDS["five-players"] = dict(
    state=lambda: seeded(5, "guided:5:62", 0), learner=3,
    title="Five players: you are the secret partner",
    summary="Eve takes and calls the King of hearts. You hold it: you are her partner, "
            "and nobody else knows until you play it.",
    bids="Bruno, Chloé and you pass; Eve bids a Guard, Ada passes. Eve calls {KH}, and it "
         "is in your hand: you are her partner, without saying a word. Every point you win "
         "now counts for her side.",
    discard="Eve turns over the dog ({T3}, {8H}, {JC}) and lays three cards aside; as a "
            "defender would, you only see the dog.",
    tricks={
        1: "Bruno leads {2D} and you play {JD}. Before her first card Eve shows a simple "
           "poignée: with five players, eight trumps make a simple one. Then she trumps "
           "with {T3} and takes the trick.",
        2: "Eve leads {7H}, a small heart, towards the called King. You play last, and "
           "{KH} wins the trick for your side. Everybody now knows who her partner is.",
        13: "Eve leads {T20} and Bruno has to play {T15} under it. You play last on your "
            "partner's trick and give it {KD}: 4.5 points more for your side.",
        15: "Eve's {T1} takes the last trick: the Petit au bout, 10 points for the taker's "
            "side before the multiplier.",
    },
    end="Eve and you have 59.5 points with two bouts: target 41, made by 19 (the half point "
        "goes to the winning side). 25 + 19 = 44, plus 10 for the Petit au bout: 54, "
        "doubled for the Guard: 108, plus Eve's simple poignée, 20: 128. Each defender pays "
        "128, you gain 128 and Eve, the taker, twice as much.")

HANDS["slam"] = dict(
    state=slam_state, learner=1,
    actions=["guard_against", "pass", "pass", "pass", "chelem"],
    player=Scripted({1: "T21 T20 T19 T18 KS KH KD KC QH QS T17 T16 T15 T14 T13 T12 T11 EX"
                        .split()}),
    title="A slam announced and made",
    summary="With the eleven top trumps, the Excuse and the four Kings you announce a slam "
            "(chelem) and take every trick.",
    bids="Your hand counts 96 points: {T21} down to {T11}, the Excuse, four Kings. That is "
         "a Guard against (garde contre): the dog stays face down and counts for the defence, "
         "and the stake is six times the base. The others pass. Then you announce the slam, "
         "which lets you lead the first trick, and you show a poignée of ten trumps.",
    tricks={
        1: "You lead {T21}: every defender must play a trump.",
        4: "After three rounds Chloé and Dmitri are out of trumps; Ada plays {T1}, her last "
           "one, on your {T18}. The defence has no trump left.",
        5: "Now the Kings: {KS} cannot be trumped any more.",
        9: "With the King of hearts gone, {QH} is the highest heart left.",
        18: "On the last trick of a slam the Excuse wins: you have taken every earlier trick, "
            "so your Excuse takes this one too.",
    },
    end="All three bouts and 88 points: the dog's 3 points went to the defence, as a Guard "
        "against wants. Target 36, made by 52: (25 + 52) × 6 = 462, plus 20 for the poignée "
        "and 400 for the slam announced and made. Each defender pays 882.")


HANDS["three-players-defence"] = dict(
    state=lambda: seeded(3, "guided:d10", 1), learner=0,
    title="Three players: you defend",
    summary="Bruno takes with three players. You and Chloé, the two defenders, beat him by "
            "six points.",
    bids="Chloé and you pass: two small trumps, {T8} and {T10}, are far too few to take, "
         "even with three Kings. Bruno takes.",
    discard="Bruno turns over the dog: {T2}, {T7}, {T14}, {5H}, {9D} and {3C}. He lays six "
            "cards aside, face down: as a defender you never see them.",
    tricks={
        2: "Bruno leads {3H}, Chloé plays {10H} and you play last: your {KH} wins. A King "
           "kept for the defence.",
        14: "Chloé leads {10C}; you have only small clubs and give {1C}. Bruno trumps with "
            "{T11}.",
    },
    end="Bruno has 45.5 points and one bout: the target is 51, so the Take fails by 6 (the "
        "half point goes to the side that wins). (25 + 6) × 1 = 31: each defender gains 31, "
        "and Bruno loses twice that.")

HANDS["five-players-alone"] = dict(
    state=lambda: seeded(5, "guided:a1", 1), player=CallOwnKing(), learner=2,
    title="Five players: you call your own King",
    summary="You take with five players and call a King you hold yourself: you play alone, "
            "one against four.",
    bids="You speak first with five trumps, {T21} among them, and {KD}: a Take. Everybody "
         "else passes. Now you call a King, and you call {KD}, your own: nobody is your "
         "partner, and the four others defend together.",
    discard="The dog holds {EX}, {1S} and {9H}: two bouts now, with the Excuse. With five "
            "players you lay three cards aside: {QS}, {1S} and {2C}. The Queen's 3.5 points "
            "are safe.",
    tricks={
        1: "You lead {KD}, the called King, yourself: every player follows in diamonds and "
           "the King wins. Everybody now knows that you play alone.",
        14: "Bruno leads {T18} and you put {T21} on it: nobody can take the 21, and the "
            "Petit, {T1}, falls to you as well.",
    },
    end="You have 44 points and all three bouts: target 36, made by 8. (25 + 8) × 1 = 33: "
        "each defender pays 33, and you, alone, receive four times 33.")

HANDS["misere"] = dict(
    state=lambda: seeded(4, "guided:m1773", 0, misere=True), player=DeclareMisere(1), learner=1,
    title="A variant: the misère",
    summary="With the misère variant, a hand without a single trump (nor the Excuse) is worth "
            "something, and yours is one: declared before your first card, it earns you 10 "
            "from every other player, whatever becomes of the contract.",
    bids="You speak first. Not one trump and no Excuse, but six court cards, {KS} among "
         "them: 33 points on the scale, not enough to take, so you pass. Chloé takes; Dmitri "
         "and Ada pass.",
    discard="The dog, face up, holds three trumps, {T2}, {T10} and {T17}, with {9H}, {JC} "
            "and {CC}: all for the taker. Chloé lays six cards aside, face down: you will not "
            "see them before the end.",
    tricks={
        1: "Before your first card you declare the misère: a hand with no trump and no "
           "Excuse, a trump misère. It is scored apart from the contract: Chloé, Dmitri and "
           "Ada each pay you 10. Then you lead {KS}, and Chloé trumps it with {T2}.",
    },
    end="Chloé has 42 points with one bout (target 51): failed by 9. (25 + 9) × 1 = 34: each "
        "defender gains 34, you too. Your misère is scored apart: Chloé, Dmitri and Ada each "
        "pay you 10, so you end the deal 64 points up.")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", metavar="NAME", help="print one hand with the players' reasons")
    parser.add_argument("--only", metavar="NAME", action="append",
                        help="write this hand only (may be given again)")
    parser.add_argument("--fresh", action="store_true",
                        help=f"draw the judged verdicts again (not from {VERDICTS.name})")
    args = parser.parse_args(argv)
    global FRESH
    FRESH = args.fresh
    if args.show:
        show(args.show)
        return 0
    return write_all(args.only)


if __name__ == "__main__":
    sys.exit(main())
