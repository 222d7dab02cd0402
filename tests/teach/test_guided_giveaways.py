"""Issue 28 item 4: a guided hand never shows a question's answer before it is answered, and a
question answered wrong stays "not first time" whatever the navigation (headless clicks)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tarot_teach import parse_card
from tarot_teach.teach.guided import judge_answer
from tarot_teach.rules import Bid
from tarot_teach.teach.signals import MEANINGS
from tarot_teach.teach import path as learning
from tarot_teach.widgets.guided import GuidedHandWidget
from tarot_teach.widgets.progress import Progress

HANDS = Path(__file__).resolve().parents[2] / "exercises" / "hands"
PATHS = sorted(HANDS.glob("*.json"))


@pytest.fixture
def progress(tmp_path):
    return Progress(tmp_path / "progress.json")


def _read(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value)).strip()


def narration(widget, table: bool) -> str:
    """What the page tells around the question: the comments, the actions told, the live
    region, the prompt and the choices, the last feedback; with ``table`` also the seats and
    the felt (public cards as they lie: the dog, a poignée, the called King). Not the hand's
    title and summary (the lesson's theme, known before it opens) nor the learner's hand."""
    parts = [widget.comment.value, widget.live.value, widget.prompt.value,
             widget.hand_head.value, widget.feedback.value, widget.score.value]
    if table:
        parts += [widget.header.value, widget.felt.value]
    return "\n".join(parts)


def giveaways(widget, question) -> list[str]:
    """The answer of ``question`` wherever the narration shows it."""
    shown = narration(widget, table=question.kind == "score")
    text = _read(shown)
    found = []
    if question.kind == "score":
        figure = str(abs(int(question.expect[0])))
        found += re.findall(rf"[^\n]{{0,40}}(?<![\d.]){figure}(?!\d|\.\d)[^\n]{{0,20}}", text)
    elif question.kind in ("card", "discard"):
        named = []
        for name in question.expect:
            card = parse_card(name)
            if any(re.search(rf"\b{re.escape(words)}\b", text)
                   for words in {card.name, card.display_name(widget.rules)}) \
                    or f'title="{html.escape(card.name)}"' in shown:
                named.append(card.name)
        if named and (question.kind == "card" or len(named) == len(question.expect)):
            found += named  # the card to play, or the whole discard as it was made
    elif question.kind == "signal":
        if MEANINGS[question.expect[0]].lower() in text.lower():
            found.append(MEANINGS[question.expect[0]])
    elif question.kind == "bid":
        word = Bid(question.expect[0]).english
        if question.expect[0] != "pass" and re.search(rf"\b{word}\b", text):
            found.append(word)
    else:  # a declaration
        word = {"poignee": "poignée", "chelem": "slam", "misere": "misère"}.get(
            question.expect[0].split(":")[0])
        if word and word in text.lower():
            found.append(word)
    return found


def play_through(widget, at_question):
    """Play the hand to its end, calling ``at_question(question)`` at each, which answers."""
    while widget.step < widget.hand.steps or widget.waiting_question is not None:
        if widget.waiting_question is None:
            widget.play_on()
        else:
            at_question(widget.waiting_question)


def answer(widget, question, value=None):
    if question.kind == "card":
        widget.picker.buttons[parse_card(value or question.expect[0])].value = True
    elif question.kind == "discard":
        for name in value or question.expect:
            widget.picker.buttons[parse_card(name)].value = True
        widget.discard_button.click()
    else:
        value = str(value or question.expect[0])
        widget.choices.children[widget.choice_values.index(value)].click()
    return _read(widget.feedback.value)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_no_answer_is_shown_before_its_question_is_answered(path, progress):
    widget = GuidedHandWidget(path, progress=progress, exercise_id=f"scan-{path.stem}")
    kinds, problems = set(), []

    def at_question(question):
        kinds.add(question.kind)
        problems.extend(f"{question.kind} {question.trick or ''}: {found!r}"
                        for found in giveaways(widget, question))
        answer(widget, question)

    play_through(widget, at_question)
    assert not problems, problems
    assert "score" in kinds and "card" in kinds


def to_question(widget, kind):
    """Play on, answering right, to the first question of ``kind``."""
    while widget.waiting_question is None or widget.waiting_question.kind != kind:
        if widget.waiting_question is None:
            widget.play_on()
        else:
            answer(widget, widget.waiting_question)
    return widget.waiting_question


def test_the_score_is_told_only_after_the_score_question(progress):
    """The example of the issue: "…so each defender pays 25 + 4 = 29" above the question."""
    widget = GuidedHandWidget(HANDS / "take-made.json", progress=progress,
                              exercise_id="score-told")
    to_question(widget, "score")
    assert "25 + 4 = 29" not in _read(widget.comment.value)
    answer(widget, widget.waiting_question)
    assert "25 + 4 = 29" in _read(widget.comment.value)  # the end comment, once answered


def test_a_wrong_answer_then_back_is_never_first_time(progress):
    widget = GuidedHandWidget(HANDS / "take-made.json", progress=progress, exercise_id="wrong")
    question = to_question(widget, "card")
    wrong = next(c for c in widget.hand.state_at(widget.step).legal_actions()
                 if not judge_answer(widget.hand, question, c).right)
    assert answer(widget, question, str(wrong)).startswith("✘")
    widget.back_button.click()  # back to the question: the recorded card was shown
    while widget.waiting_question != question:
        widget.back_button.click()
    assert answer(widget, question).startswith("✔")
    play_through(widget, lambda q: answer(widget, q))
    assert progress.is_solved("wrong")  # played through, every question right in the end
    state = learning.state(progress.solved_dates["wrong"], progress.answers.get("wrong", {}))
    assert state == learning.SOLVED  # but not "solved first time" (no ★)
    again = GuidedHandWidget(HANDS / "take-made.json", progress=Progress(progress.path),
                             exercise_id="wrong")
    assert widget.hand.question_step(question) in again.missed  # kept with the hand


def test_every_question_right_first_time_earns_the_star(progress):
    widget = GuidedHandWidget(HANDS / "take-made.json", progress=progress, exercise_id="star")
    play_through(widget, lambda q: answer(widget, q))
    assert learning.state(progress.solved_dates["star"],
                          progress.answers.get("star", {})) == learning.FIRST_TIME
