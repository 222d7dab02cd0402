"""Issue 28 item 4: a defender's guided hand asks something where a taker discards: what the
partner's first lead tells it, by chapter 14's conventions (a signal question), only where
the partner's hand bears the convention out (headless clicks and the pure checks)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tarot_teach.errors import InvalidRecord
from tarot_teach.guided import Question, load_guided_hand
from tarot_teach.teach.guided import judge_answer, signal_problem, signal_situation
from tarot_teach.teach.signals import MEANINGS
from tarot_teach.widgets.guided import GuidedHandWidget
from tarot_teach.widgets.progress import Progress
from test_guided_hands import check_guided_hand  # scripts/check_hands.py, loaded there once

HANDS = Path(__file__).resolve().parents[2] / "exercises" / "hands"
DEFENCE = HANDS / "three-players-defence.json"


@pytest.fixture
def progress(tmp_path):
    return Progress(tmp_path / "progress.json")


def _read(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value)).strip()


def test_the_defender_reads_its_partners_lead_in_place_of_the_discard(progress):
    widget = GuidedHandWidget(DEFENCE, progress=progress, exercise_id="signal")
    widget.play_on()
    bid = widget.waiting_question
    assert bid.kind == "bid"
    widget.choices.children[widget.choice_values.index(bid.expect[0])].click()
    widget.play_on()
    question = widget.waiting_question
    assert question.kind == "signal" and question.trick == 1  # the next thing asked
    prompt = _read(widget.prompt.value)
    assert "Chloé, your partner in defence, leads 1 of spades" in prompt
    assert "first spade led" in prompt
    labels = [b.description for b in widget.choices.children]
    assert MEANINGS["honour"] in labels and MEANINGS["no_honour"] in labels
    assert not any(b.value for b in widget.picker.buttons.values())
    step = widget.step
    widget.choices.children[widget.choice_values.index("no_honour")].click()
    wrong = _read(widget.feedback.value)
    assert wrong.startswith("✘") and "promises the King or the Queen" in wrong
    assert widget.step == step and widget.waiting_question is None  # the card is still to come
    widget.back_button.click()
    widget.play_on()
    assert widget.waiting_question == question
    widget.choices.children[widget.choice_values.index("honour")].click()
    assert _read(widget.feedback.value).startswith("✔")
    widget.play_on()  # the learner's own card of trick 1 is played as recorded
    assert "You played" in _read(widget.comment.value) + _read(widget.live.value)
    assert widget.hand.question_step(question) in widget.missed  # never first time now


def test_every_hand_asks_something_before_its_second_card():
    """A taker discards; a defender reads a signal or declares; the partner of five-players
    has no honest signal at trick 1 and is asked its trick-2 card."""
    for path in sorted(HANDS.glob("*.json")):
        hand = load_guided_hand(path)
        kinds = [(q.kind, q.trick) for q in hand.questions]
        early = [k for k in kinds if k[0] in ("discard", "signal", "declare")
                 or (k[0] == "card" and k[1] <= 2)]
        assert early, (path.stem, kinds)


def test_a_signal_the_leaders_hand_does_not_bear_out_is_not_asked():
    hand = load_guided_hand(HANDS / "misere.json")
    state = hand.state_at(0)
    untrue = []
    for action in hand.actions:
        if state.to_act == hand.learner and signal_situation(state, hand.learner) is not None:
            untrue.append(signal_problem(state, hand.learner))
        state.play(action)
    assert not untrue or all(problem is None or "does not bear out" in problem
                             for problem in untrue)
    assert not any(q.kind == "signal" for q in hand.questions if
                   signal_problem(hand.state_at(hand.question_step(q)), hand.learner))


def test_a_signal_question_is_checked_against_chapter_14():
    hand = load_guided_hand(DEFENCE)
    question = next(q for q in hand.questions if q.kind == "signal")
    assert judge_answer(hand, question, "honour").right
    refused = judge_answer(hand, question, "something else")
    assert not refused.legal
    data = {"title": "t", "learner": hand.learner, "record": hand.record,
            "expected": hand.expected, "questions": [{**question.to_json(),
                                                       "expect": ["no_honour"]}]}
    assert any("signal question" in p for p in check_guided_hand(data))
    with pytest.raises(InvalidRecord):
        Question.from_json({"kind": "signal", "expect": ["honour"]})  # no trick
