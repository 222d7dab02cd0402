#!/usr/bin/env python3
"""Check the guided hands of ``exercises/hands/*.json`` against the engine.

    python scripts/check_hands.py              check every hand
    python scripts/check_hands.py NAME|PATH …  check those hands (NAME: exercises/hands/NAME.json)

Prints each problem and exits 1 if there is one. :func:`check_guided_hand` verifies every
claim of a hand: the result, each trick's winner, that each card named in a trick's comment
was played in that trick, that a comment shown during play names no card the learner's seat
has not seen and describes no hidden hand (:func:`hidden_problems`), that each question is
asked where the record takes that decision and that the engine accepts the record's answer
(:func:`question_problems`), and the figures the comments state: the hand's points in the
bid comment; the target, the margin and what each defender pays or gains in the end
comment. It also checks the words against the engine's facts of each trick
(:func:`~tarot_teach.guided.trick_facts`): what "the trick is worth N points" to a side,
that an exchange card is owed only when the Excuse's side lost the trick, that only a card
worth half a point is called small or low, that "throw" names only a card that neither
follows suit nor trumps, and that the discard comment names every card of the dog.
``scripts/make_hands.py`` checks every file it writes, and the tests every stored hand.
"""

from __future__ import annotations

import argparse
import re
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_teach.cards import DECK, Card, parse_card  # noqa: E402
from tarot_teach.declarations import poignee_options  # noqa: E402
from tarot_teach.errors import IllegalAction, InvalidRecord  # noqa: E402
from tarot_teach.evaluation import evaluate_hand  # noqa: E402
from tarot_teach.game import GameState  # noqa: E402
from tarot_teach.guided import CARD_MENTION, GuidedHand, load_guided_hand, trick_facts  # noqa: E402
from tarot_teach.record import replay  # noqa: E402
from tarot_teach.teach.guided import (bid_answer, bid_answers, signal_problem,  # noqa: E402
                                      signal_situation)
from tarot_teach.teach.guided_cards import (card_answers, card_rule_applies,  # noqa: E402
                                            card_why, playable_cards, points_text)
from tarot_teach.teach.signals import meaning_of  # noqa: E402

HANDS = ROOT / "exercises" / "hands"


def check_guided_hand(source) -> list[str]:
    """Everything in a guided hand that the engine contradicts (empty when all is right)."""
    try:
        hand = load_guided_hand(source)
    except (InvalidRecord, IllegalAction) as error:
        return [f"the hand does not load: {error}"]
    problems = []
    result = replay(hand.record)
    if result != hand.expected:
        problems.append(f"expected {hand.expected}, the engine gives {result}")
    final = hand.state_at(hand.steps)
    for note in hand.commentary:
        try:
            hand.anchor_step(note)
        except (InvalidRecord, KeyError, ValueError) as error:
            problems.append(f"comment {note!r}: {error}")
            continue
        played = None
        if note.get("at") == "trick":
            number = int(note["trick"])
            _, played, winner = final.tricks[number - 1]
            if "winner" in note and note["winner"] != winner:
                problems.append(f"trick {number}: the comment says seat {note['winner']} wins, "
                                f"the engine says seat {winner}")
        for name in CARD_MENTION.findall(note.get("text", "")):
            try:
                card = parse_card(name)
            except ValueError as error:
                problems.append(f"comment at {note.get('at')}: {error}")
                continue
            if played is not None and card.index not in played:
                problems.append(f"comment at trick {number} names {name}, which is not "
                                f"played in trick {number}")
    problems += hidden_problems(hand)
    problems += _number_problems(hand, final)
    problems += _wording_problems(hand, final)
    problems += question_problems(hand)
    return problems


def question_problems(hand: GuidedHand) -> list[str]:
    """Each question checked against the engine: it is asked where the record takes that
    decision, its ``expect`` is what the record does, the engine accepts the record's answer
    (a bid :func:`~tarot_teach.teach.guided.bid_answers` accepts, the largest poignée, a slam
    that is made, a card the rule accepts among fewer than all the legal cards, judged on the
    legal cards), and its stated reason is the engine's."""
    problems = []
    final = hand.state_at(hand.steps)
    for question in hand.questions:
        where = f"the {question.kind} question" + (f" of trick {question.trick}"
                                                   if question.trick else "")
        try:
            step = hand.question_step(question)
        except InvalidRecord as error:
            problems.append(str(error))
            continue
        recorded = hand.recorded_answer(question)
        if recorded != question.expect:
            problems.append(f"{where}: the question expects {' '.join(question.expect)}, "
                            f"the record plays {' '.join(recorded)}")
            continue
        state = hand.state_at(step)
        if question.kind == "bid":
            if question.expect[0] not in bid_answers(state):
                problems.append(f"{where}: the record bids {question.expect[0]}, the hand "
                                f"evaluation suggests {bid_answer(state)[0]}")
        elif question.kind == "declare":
            expect = question.expect[0]
            if expect.startswith("poignee"):
                options = poignee_options(state.hands[hand.learner], state.rules)
                if not options or str(options[-1]) != expect:
                    problems.append(f"{where}: {expect} is not the largest poignée allowed")
            elif expect == "chelem" and final._chelem_outcome() != "announced_made":
                problems.append(f"{where}: the slam is announced but not made")
        elif question.kind == "signal":
            problem = signal_problem(state, hand.learner)
            if problem:
                problems.append(f"{where}: {problem}")
            elif question.why != meaning_of(signal_situation(state, hand.learner))[1]:
                problems.append(f"{where}: the reason is not chapter 14's")
        elif question.kind == "card":
            legal = set(playable_cards(state))
            verdict = question.verdict
            if not card_rule_applies(state, hand.learner, question.rule):
                problems.append(f"{where}: the rule {question.rule!r} does not fit the trick")
                continue
            if verdict is not None and {row[0] for row in verdict.rows} != legal:
                problems.append(f"{where}: the verdict does not judge the legal cards")
                continue
            accepted = card_answers(state, hand.learner, question.rule, verdict)
            if question.card not in accepted:
                problems.append(f"{where}: the engine does not accept the record's "
                                f"{question.card} (it accepts {sorted(map(str, accepted))})")
            elif accepted >= legal:
                problems.append(f"{where}: every legal card is accepted: no choice to make")
            elif question.why != card_why(state, hand.learner, question.rule, accepted,
                                          verdict):
                problems.append(f"{where}: the reason is not the engine's")
    return problems


_PRIVATE = re.compile(
    r"\b(?:Ada|Bruno|Chloé|Dmitri|Eve)\b[^.;:]*?\b(?P<words>longest suit|nothing but trumps"
    r"|only trumps left|keeping the high|(?:his|her) (?:only|last) trump|with (?:\w+ )?trumps"
    r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+) trumps\b)")
"""A hidden hand described: another seat's name, then (in the same clause) its longest suit,
its trumps counted, its only or last trump: the computer players' private reasons."""


def seen_cards(state: GameState, seat: int) -> set:
    """The cards ``seat`` has seen by now (its view): its hand, the cards played, the dog
    once shown, its own discard, a taker's discarded trumps and the poignées shown."""
    view = state.view(seat)
    seen = set(view.hand) | set(view.dog or ()) | set(view.discard or ())
    seen |= set(view.discarded_trumps) | {c for cards in view.poignees.values() for c in cards}
    seen |= {c for _, cards, _ in view.tricks for c in cards} | {c for _, c in view.current_trick}
    return seen


def hidden_problems(hand: GuidedHand) -> list[str]:
    """Comments shown during play (all but the end comment) that name a card the learner's
    seat has not seen by then (:func:`seen_cards`), or describe another seat's hidden hand
    (:data:`_PRIVATE`)."""
    problems = []
    for note in hand.commentary:
        if note.get("at") == "end":
            continue
        try:
            step = hand.anchor_step(note)
        except (InvalidRecord, KeyError, ValueError):
            continue  # reported by check_guided_hand
        place = f"trick {note['trick']}" if note.get("at") == "trick" else f"the {note['at']}"
        text = note.get("text", "")
        seen = seen_cards(hand.state_at(step), hand.learner)
        for name in CARD_MENTION.findall(text):
            card = _card_or_none(name)
            if card is not None and card not in seen:
                problems.append(f"the comment at {place} names {name}, which the learner has "
                                "not seen by then")
        for match in _PRIVATE.finditer(text):
            problems.append(f"the comment at {place} describes a hidden hand: "
                            f"{match.group(0)!r}")
    return problems


_HAND_POINTS = re.compile(r"(?:counts|worth) (\d+) points|(\d+) points on the scale")
_TARGET = re.compile(r"(?<!\()target (?:is |was )?(?:only )?(\d+)")  # "(target 36)": an aside
_MARGIN = re.compile(r"\b(made|fails?|failed) by (\d+)")
_EACH_DEFENDER = re.compile(
    r"each defender (pays|gains) ([^.;,]*)|(\d+) (from|to) each (?:of the two )?defenders?", re.I)


def _number_problems(hand: GuidedHand, final: GameState) -> list[str]:
    """Check the figures the comments state: the bid comment's hand points, and the end
    comment's target, margin and what each defender pays or gains."""
    problems = []
    result = final.result
    for note in hand.commentary:
        text = note.get("text", "")
        if note.get("at") == "bids" and final.taker is not None:
            stated = [int(a or b) for a, b in _HAND_POINTS.findall(text)]
            seats = {final.taker, hand.learner}
            worth = {evaluate_hand(_parse_all(hand.record["hands"][s])).total for s in seats}
            problems += [f"the bid comment says the hand counts {n} points; the evaluation "
                         f"gives {sorted(worth)}" for n in stated if n not in worth]
        if note.get("at") != "end" or result is None or result.breakdown is None:
            continue
        breakdown = result.breakdown
        for target in map(int, _TARGET.findall(text)):
            if target != breakdown.target:
                problems.append(f"the end comment says target {target}; the engine: "
                                f"{breakdown.target}")
        for verdict, margin in _MARGIN.findall(text):
            made = verdict == "made"
            if made != breakdown.contract_made or int(margin) != breakdown.margin:
                problems.append(f"the end comment says {verdict} by {margin}; the engine: "
                                f"{'made' if breakdown.contract_made else 'failed'} by "
                                f"{breakdown.margin}")
        for verb, words, amount, direction in _EACH_DEFENDER.findall(text):
            numbers = re.findall(r"\d+", words) if verb else [amount]
            if not numbers:
                continue
            paid = int(numbers[-1])  # "pays 25 + 4 = 29": the result
            pays = verb.lower() == "pays" or direction == "from"
            if paid != abs(breakdown.each_defender) or pays != (breakdown.each_defender < 0):
                problems.append(f"the end comment says each defender "
                                f"{'pays' if pays else 'gains'} {paid}; the engine: "
                                f"{breakdown.each_defender:+d}")
    return problems


_WORTH = re.compile(r"trick is worth (\d+(?:\.\d+)?) points? to "
                    r"(the taker|the partner|the defence)")
_SMALL = re.compile(r"\{([^{}\s]+)\}[,:]? (?:a |the |your |her |his |their )?(?:small|low)\b"
                    r"|\b(?:small|low) (?:card|trump|one)s?,? \{([^{}\s]+)\}")
_THROW = re.compile(r"\b(?:throws?|threw|throwing) (?:away )?\{([^{}\s]+)\}")
_OWED = re.compile(r"\bowes?\b[^.]*\bcard|\bcard in exchange")
_TRUMPS_OUT = re.compile(r"(\d+) trumps have still to be played")
_SO_FAR = re.compile(r"taker's side has (\d+(?:\.\d+)?) points in its tricks so far")


def _trumps_out(hand: GuidedHand, final: GameState, number: int) -> int:
    """Trumps not yet played after trick ``number`` that will still be: the 21 less those
    played, discarded, or left in a dog nobody plays from."""
    gone = {i for _, cards, _ in final.tricks[:number] for i in cards if DECK[i].is_trump}
    gone |= {i for i in final.discard if DECK[i].is_trump}
    if final.contract is not None and final.contract.value in ("guard_without", "guard_against"):
        gone |= {c.index for c in _parse_all(hand.record["dog"]) if c.is_trump}
    return 21 - len(gone)


_SIDE_WORDS = {"the taker": 0, "the partner": 0, "the defence": 1}


def _wording_problems(hand: GuidedHand, final: GameState) -> list[str]:
    """Check the words of the comments against the engine's facts of each trick."""
    problems = []
    facts = {f.number: f for f in trick_facts(hand)}
    for note in hand.commentary:
        text, where = note.get("text", ""), note.get("at")
        place = f"trick {note.get('trick')}" if where == "trick" else f"the {where} comment"
        for first, second in _SMALL.findall(text):
            card = _card_or_none(first or second)
            if card is not None and card.half_points != 1:
                problems.append(f"{place}: {card} is called small or low, but it is worth "
                                f"{points_text(card.points)} points")
        if where == "discard" and hand.record.get("discard"):
            named = {_card_or_none(name) for name in CARD_MENTION.findall(text)}
            missing = [name for name in hand.record["dog"] if parse_card(name) not in named]
            if missing:
                problems.append(f"the discard comment does not name the dog's "
                                f"{', '.join(missing)}")
        if where != "trick" or int(note.get("trick", 0)) not in facts:
            continue
        trick = facts[int(note["trick"])]
        for amount, side in _WORTH.findall(text):
            if Fraction(amount) != trick.worth or _SIDE_WORDS[side] != trick.winner_side:
                problems.append(f"trick {trick.number}: the comment says the trick is worth "
                                f"{amount} points to {side}; the engine gives "
                                f"{points_text(trick.worth)} to "
                                f"the {('taker', 'defence')[trick.winner_side]}'s side")
        for amount in _TRUMPS_OUT.findall(text):
            if int(amount) != _trumps_out(hand, final, trick.number):
                problems.append(f"trick {trick.number}: the comment says {amount} trumps are "
                                f"still to be played; the engine counts "
                                f"{_trumps_out(hand, final, trick.number)}")
        for amount in _SO_FAR.findall(text):
            won = sum((f.worth for f in facts.values()
                       if f.number <= trick.number and f.winner_side == 0), Fraction(0))
            if Fraction(amount) != won:
                problems.append(f"trick {trick.number}: the comment says the taker's side has "
                                f"{amount} points in its tricks; the engine: {points_text(won)}")
        for name in _THROW.findall(text):
            card = _card_or_none(name)
            if card is not None and not trick.discarded(card):
                problems.append(f"trick {trick.number}: {card} is said to be thrown, but it "
                                "follows the suit led (or trumps)")
        if _OWED.search(text) and not trick.exchange_owed:
            problems.append(f"trick {trick.number}: the comment says a card is owed for the "
                            "Excuse, but its side won the trick or it changed sides")
    return problems


_SHAPE_WORDS = re.compile(
    r"\b(?:you|your|yours|ada|bruno|chloé|dmitri|eve|her|his|she|he|hearts?|spades?|diamonds?"
    r"|clubs?|king|queen|knight|jack|petit|excuse)\b", re.I)


def comment_shape(text: str) -> str:
    """A comment with the names, cards, suits and numbers taken out (and the ``-s`` of
    verbs): two comments with the same shape are one template with different names.

    >>> comment_shape("Ada leads {KH}: it wins.") == comment_shape("You lead {QS}: it wins.")
    True
    """
    text = re.sub(r"(?:trump )?\{[^{}]*\}|the Excuse", "C", text)
    text = _SHAPE_WORDS.sub("N", text)
    text = re.sub(r"\d+(?:\.\d+)?", "#", text)
    return re.sub(r"(\w)s\b", r"\1", text.lower())


def _card_or_none(name: str) -> "Card | None":
    try:
        return parse_card(name)
    except ValueError:
        return None


def _parse_all(names) -> list[Card]:
    return [parse_card(name) for name in names]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hands", nargs="*", help="hand files, or names in exercises/hands "
                                                 "(default: every hand)")
    args = parser.parse_args(argv)
    paths = [Path(name) if Path(name).is_file() else HANDS / f"{name}.json"
             for name in args.hands] or sorted(HANDS.glob("*.json"))
    found = 0
    for path in paths:
        for problem in check_guided_hand(path):
            print(f"{path.stem}: {problem}")
            found += 1
    def count(n: int, word: str) -> str:
        return f"{n} {word}" + ("s" if n != 1 else "")
    print(f"{count(len(paths), 'hand')} checked: "
          + (count(found, "problem") if found else "every claim agrees with the engine"))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
