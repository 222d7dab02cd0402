"""The guided-hand replayer, clicked through headlessly (the free table is tested in
tests/test_widgets_table.py)."""

import html
from pathlib import Path

import pytest

from tarot_teach import parse_card
from tarot_teach.widgets.guided import GuidedHandWidget
from tarot_teach.widgets.progress import Progress

HANDS = Path(__file__).resolve().parent.parent / "exercises" / "hands"
NamedGuidedHand = GuidedHandWidget  # every table size is named (Ada … Eve)


def _next_until_question(widget):
    for _ in range(400):
        if widget.waiting_question is not None or widget.step >= widget.hand.steps:
            return widget.waiting_question
        widget.next_button.click()
    raise AssertionError("Next never stops")


def _click(widget, card):
    widget.picker.buttons[parse_card(card)].value = True
    return html.unescape(widget.feedback.value)


def test_click_through_a_whole_hand():
    widget = GuidedHandWidget(HANDS / "take-made.json", exercise_id="test-take-made")
    hand = widget.hand
    assert widget.step == 0 and widget.back_button.disabled
    first, second = hand.questions[0], hand.questions[1]

    question = _next_until_question(widget)
    assert question == first and widget.step == hand.question_step(first)
    assert "Your turn" in widget.comment.value
    # Next does not skip the question
    step = widget.step
    widget.next_button.click()
    assert widget.step == step and "Your turn" in widget.feedback.value

    state = hand.state_at(step)
    legal = [c for c in state.legal_actions() if hasattr(c, "suit")]
    illegal = [c for c in state.hand(hand.learner) if c not in legal]
    assert illegal, "the first question has an illegal card to try"
    text = _click(widget, illegal[0])
    assert "may not be played" in text and "✘" in text
    assert widget.step == step and widget.waiting_question == first  # no progress

    wrong = next(c for c in legal if c is not first.expect)
    text = _click(widget, wrong)
    assert "is legal, but" in text and first.why in text
    assert widget.step == step + 1 and not Progress.default().is_solved("test-take-made")

    question = _next_until_question(widget)
    assert question == second
    text = _click(widget, second.expect)
    assert text.startswith("✔") or "✔" in text
    assert second.why in text
    assert widget.step == hand.question_step(second) + 1

    while widget.step < hand.steps:
        _next_until_question(widget)
        if widget.waiting_question is not None:
            _click(widget, widget.waiting_question.expect)
    assert widget.next_button.disabled
    assert "<b>Score</b>" in widget.score.value
    # The first question was answered wrongly: the hand is not solved yet...
    assert not Progress.default().is_solved("test-take-made")
    end_comment = next(n for n in hand.commentary if n["at"] == "end")
    assert html.unescape(widget.comment.value).count(end_comment["text"][:40]) == 1
    # ...until the learner goes back, is asked again, and finds the card.
    widget.start_button.click()
    assert _next_until_question(widget) == first
    assert "✔" in _click(widget, first.expect)
    assert Progress.default().is_solved("test-take-made")
    widget.go_to(hand.steps)

    widget.back_button.click()
    assert widget.step == hand.steps - 1 and widget.score.value == ""
    widget.start_button.click()
    assert widget.step == 0 and widget.back_button.disabled
    # going back before a question asks it again
    assert _next_until_question(widget) == first


def test_trick_comments_appear_with_their_trick():
    widget = GuidedHandWidget(HANDS / "slam.json", exercise_id="test-slam")
    hand = widget.hand
    note = next(n for n in hand.commentary if n["at"] == "trick" and n["trick"] == 5)
    widget.go_to(hand.anchor_step(note))
    shown = html.unescape(widget.comment.value)
    assert "Kings" in shown and "{KS}" not in shown  # the mention is drawn as a card label
    assert parse_card("KS").label in shown


def test_there_is_no_question_to_answer_between_questions():
    widget = GuidedHandWidget(HANDS / "poignee.json", exercise_id="test-poignee")
    feedback = widget.answer("KS")
    assert feedback.invalid_input and "press Next" in feedback.message


@pytest.mark.parametrize("path", sorted(HANDS.glob("*.json")), ids=lambda p: p.stem)
def test_every_hand_opens_and_answers_right(path):
    widget = NamedGuidedHand(path, exercise_id=f"test-{path.stem}")
    while widget.step < widget.hand.steps:
        question = _next_until_question(widget)
        if question is not None:
            assert "✔" in _click(widget, question.expect)
    assert Progress.default().is_solved(f"test-{path.stem}")


def test_five_player_hand_names_every_seat():
    widget = GuidedHandWidget(HANDS / "five-players.json")
    assert len(widget.names) == 5 and "Eve" in widget.seats.value


def test_review_this_deal_at_the_end_of_the_hand():
    from tarot_teach.coach import review

    widget = GuidedHandWidget(HANDS / "petit-au-bout-won.json", exercise_id="test-review")
    assert widget.review.widget.layout.display == "none"
    widget.go_to(widget.hand.steps)
    assert widget.review.widget.layout.display is None
    widget.review.samples = 2
    widget.review.button.click()
    entries = review(widget.hand.record, widget.hand.learner, samples=2, names=widget.names)
    assert widget.review.entries == entries
    assert widget.review.output.value.count('class="tt-review-row"') == len(entries)
    widget.back_button.click()
    assert widget.review.widget.layout.display == "none"
    # One feedback area per widget: the browser tests find the hand's feedback by its class.

    def walk(w):
        yield w
        for child in getattr(w, "children", ()):
            yield from walk(child)
    assert sum("tt-feedback" in w._dom_classes for w in walk(widget.widget)) == 1
