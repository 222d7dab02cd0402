"""The guided hands' judged questions (a lead, or a card late in the deal) accept cards that
do not depend on the deals drawn: each stored verdict is drawn on many deals (more while a
card's acceptance is in doubt), and a question is kept only when independent draws accept
the same cards (issue 26)."""

import importlib.util
import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tarot_teach import GameState, RuleSet
from tarot_teach.cards import parse_card
from tarot_teach.guided import JUDGED_RULES, load_guided_hand
from tarot_teach.teach.guided_cards import (STABLE_DEALS, acceptance_undecided,
                                            stable_judged_cards)
from tarot_teach.judge import CardJudgement, judge_cards
from tarot_teach.solver import native_available

ROOT = Path(__file__).resolve().parents[2]
HANDS = ROOT / "exercises" / "hands"


def _make_hands(monkeypatch):
    spec = importlib.util.spec_from_file_location("make_hands", ROOT / "scripts" / "make_hands.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "make_hands", module)
    spec.loader.exec_module(module)
    return module


def _judged():
    for path in sorted(HANDS.glob("*.json")):
        hand = load_guided_hand(path)
        for question in hand.questions:
            if question.rule in JUDGED_RULES:
                yield path.stem, hand, question


def _judgement(losses):
    """Two cards on ten deals: A worth 50 on each, B losing ``losses`` (one per deal)."""
    a, b = parse_card("KS"), parse_card("QS")
    values = {a: tuple(Fraction(50) for _ in losses),
              b: tuple(Fraction(50) - Fraction(x) for x in losses)}
    return CardJudgement(0, (a, b), values, False)


def test_acceptance_is_undecided_only_near_the_point():
    """A card whose loss interval starts near 1 point (within its half width) could be
    accepted on one draw and refused on another; far from it, or exact, it could not."""
    near = _judgement([0, 2, 1, 3, 0, 2, 1, 3, 2, 1])  # mean 1.5, low about 0.9
    far = _judgement([6, 7, 5, 6, 7, 5, 6, 7, 6, 5])  # low about 5.5
    same = _judgement([0] * 10)
    assert acceptance_undecided(near)
    assert not acceptance_undecided(far) and not acceptance_undecided(same)
    exact = CardJudgement(0, near.legal, {c: v[:1] for c, v in near.values.items()}, True)
    assert not acceptance_undecided(exact)


def test_judge_cards_draws_more_only_while_the_caller_says_undecided():
    """judge_cards' ``undecided`` option: the larger deal counts only while it is true; left
    out, the verdict is the one it always was (its own band test)."""
    state = GameState.new(RuleSet(players=3), seed=3)
    from tarot_teach.players import ComputerPlayer

    while not (state.phase.name == "PLAYING" and len(state.tricks) == 20 and state.trick):
        state.play(ComputerPlayer().decide(state).action)
    seat = state.to_act
    more = judge_cards(state, seat, seed=5, deals=(6, 12), undecided=lambda v: True)
    fewer = judge_cards(state, seat, seed=6, deals=(6, 12), undecided=lambda v: False)
    if more.exact:
        pytest.skip("this position has no hidden card left")
    assert (more.deals, fewer.deals) == (12, 6)


def test_a_question_in_doubt_after_the_most_deals_is_not_settled(monkeypatch):
    """Two draws that accept the same cards are settled only when neither still has a card
    near the point after its last deal count: a third draw could accept other cards."""
    import tarot_teach.judge as judge

    hand = load_guided_hand(HANDS / "poignee.json")
    question = next(q for q in hand.questions if q.rule in JUDGED_RULES)
    state = hand.state_at(hand.question_step(question))
    losses = {"near": [0, 2, 1, 3, 0, 2, 1, 3, 2, 1], "far": [6, 7, 5, 6, 7, 5, 6, 7, 6, 5]}
    for kind, expected in (("near", False), ("far", True)):
        monkeypatch.setattr(judge, "judge_cards",
                            lambda *args, kind=kind, **options: _judgement(losses[kind]))
        verdict, settled = stable_judged_cards(state, hand.learner)
        assert settled is expected, kind
        assert verdict.accepted == {parse_card("KS")} | (
            {parse_card("QS")} if kind == "near" else set())


def test_every_stored_verdict_is_the_generators_settled_draw(monkeypatch):
    """Each judged question's verdict is the one scripts/make_hands.py keeps for its position
    (drawn on STABLE_DEALS deals, the draws of every seed agreeing) in its verdict file."""
    module = _make_hands(monkeypatch)
    kept = json.loads(module.VERDICTS.read_text(encoding="utf-8"))
    count = 0
    for name, hand, question in _judged():
        state = hand.state_at(hand.question_step(question))
        entry = kept[module.verdict_key(state, hand.learner)]
        assert entry["settled"], (name, question.trick)
        assert entry["verdict"] == question.verdict.to_json(), (name, question.trick)
        assert question.verdict.exact or question.verdict.deals >= STABLE_DEALS[0]
        count += 1
    assert count >= 6


def _cheapest(count):
    """The ``count`` judged questions with the fewest cards in play (the quickest to draw)
    and one lead."""
    judged = sorted(_judged(), key=lambda item: sum(
        h.bit_count() for h in item[1].state_at(item[1].question_step(item[2])).hands))
    lead = next(item for item in judged if item[2].rule == "lead")
    return [item for item in judged if not item[2].verdict.exact][:count] + [lead]


@pytest.mark.slow
@pytest.mark.parametrize("item", _cheapest(2), ids=lambda i: f"{i[0]}-{i[2].trick}")
def test_an_independent_draw_accepts_the_same_cards(item):
    """Drawn again with a seed the generator did not use, a stored judged question accepts
    exactly the stored cards; and its first seed gives back the stored verdict."""
    if not native_available():
        pytest.skip("the stored verdicts were judged with the native search")
    name, hand, question = item
    state = hand.state_at(hand.question_step(question))
    again, _ = stable_judged_cards(state, hand.learner, seeds=(11,))
    assert again.accepted == question.verdict.accepted, (name, question.trick)
    first, settled = stable_judged_cards(state, hand.learner)
    assert settled and first == question.verdict
