"""The guided-hand replayer, clicked through headlessly (the free table is tested in
tests/widgets/test_widgets_table.py)."""

import html
import re
from pathlib import Path

import pytest

from tarot_teach import parse_card
from tarot_teach.teach.guided import judge_answer
from tarot_teach.widgets.guided import GuidedHandWidget
from tarot_teach.widgets.guided_page import GuidedHandLauncher, GuidedHandList
from tarot_teach.widgets.guided_text import DECLARATION_WORDS
from tarot_teach.widgets.progress import Progress

HANDS = Path(__file__).resolve().parents[2] / "exercises" / "hands"


@pytest.fixture
def progress(tmp_path):
    return Progress(tmp_path / "progress.json")


def _text(widget):
    """The feedback as the learner reads it."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.feedback.value)).strip()


def _choose(widget, value):
    """Click the choice button that answers ``value`` (a bid, a declaration, a score)."""
    button = widget.choices.children[widget.choice_values.index(str(value))]
    button.click()
    return _text(widget)


def _click(widget, card):
    widget.picker.buttons[parse_card(card)].value = True
    return _text(widget)


def _discard(widget, cards):
    for card in cards:
        widget.picker.buttons[parse_card(card)].value = True
    widget.discard_button.click()
    return _text(widget)


def _answer(widget, question, value=None):
    """Answer the waiting question through the widgets a learner uses."""
    if question.kind == "card":
        return _click(widget, value or question.expect[0])
    if question.kind == "discard":
        return _discard(widget, value or question.expect)
    return _choose(widget, value or question.expect[0])


def test_play_on_stops_at_every_question_and_nowhere_else(progress):
    widget = GuidedHandWidget(HANDS / "take-made.json", progress=progress, exercise_id="t1")
    hand, clicks = widget.hand, 0
    asked = []
    while widget.step < hand.steps or widget.waiting_question is not None:
        if widget.waiting_question is None:
            widget.play_button.click()
            clicks += 1
            continue
        question = widget.waiting_question
        asked.append(question)
        assert widget.step == hand.question_step(question)
        assert "✔" in _answer(widget, question)
        clicks += 1
    assert asked == hand.questions
    assert clicks <= 2 * len(hand.questions) + 1  # not 80 clicks of Next
    assert widget.play_button.disabled and widget.next_button.disabled
    assert "<b>Score</b>" in widget.score.value
    assert progress.is_solved("t1") and "✔ solved" in widget.title.value


def test_a_question_blocks_next_and_play_on(progress):
    widget = GuidedHandWidget(HANDS / "take-made.json", progress=progress, exercise_id="t2")
    widget.play_on()
    step = widget.step
    assert widget.waiting_question.kind == "bid" and widget.next_button.disabled
    widget.forward()
    widget.play_on()
    assert widget.step == step and "First answer" in widget.feedback.value
    # a card click while a bid is asked is turned away, and nothing moves
    first = widget.picker.cards[0]
    assert "buttons" in _click(widget, first) and widget.step == step
    assert widget.picker.selected == []


def test_bids_show_their_multiplier_and_a_wrong_bid_is_explained(progress):
    widget = GuidedHandWidget(HANDS / "poignee.json", progress=progress, exercise_id="t3")
    widget.play_on()
    labels = [b.description for b in widget.choices.children]
    assert "Guard ×2" in labels and "Guard against the dog ×6" in labels and "Pass" in labels
    text = _choose(widget, "pass")
    assert text.startswith("✘") and "Guard" in text
    assert widget.step > widget.hand.question_step(widget.hand.questions[0])


def test_the_discard_counts_and_refuses_with_the_engines_reason(progress):
    widget = GuidedHandWidget(HANDS / "poignee.json", progress=progress, exercise_id="t4")
    widget.play_on()
    _choose(widget, "guard")
    widget.play_on() if widget.waiting_question is None else None
    question = widget.waiting_question
    assert question.kind == "discard" and widget.discard_button.layout.display is None
    for card in question.expect[:4]:
        widget.picker.buttons[parse_card(card)].value = True
    assert widget.counter.value == "4 of 6 chosen" and widget.discard_button.disabled
    widget.picker.buttons[parse_card("T21")].value = True
    widget.picker.buttons[parse_card(question.expect[4])].value = True
    assert widget.counter.value == "6 of 6 chosen" and not widget.discard_button.disabled
    step = widget.step
    widget.discard_button.click()
    text = _text(widget)
    assert text.startswith("⚠") and "not allowed" in text and widget.step == step
    # the refused discard keeps its six cards chosen, and the counter says so (issue 28,
    # item 4: it said "0 of 6" with six cards still looking chosen)
    chosen = {*map(parse_card, question.expect[:5]), parse_card("T21")}
    assert set(widget.picker.selected) == chosen
    assert all(button.value == (card in chosen) for card, button in widget.picker.buttons.items())
    assert widget.counter.value == "6 of 6 chosen" and not widget.discard_button.disabled
    widget.picker.buttons[parse_card("T21")].value = False  # change the one card refused
    assert widget.counter.value == "5 of 6 chosen" and widget.discard_button.disabled
    assert "✔" in _discard(widget, question.expect[5:])
    assert widget.step == widget.hand.after_question(question)


def test_an_illegal_card_is_refused_and_a_wrong_one_moves_on(progress):
    widget = GuidedHandWidget(HANDS / "take-made.json", progress=progress, exercise_id="t5")
    hand = widget.hand
    question = next(q for q in hand.questions if q.kind == "card" and q.rule == "sure")
    widget.go_to(hand.question_step(question))
    state = hand.state_at(widget.step)
    legal = [c for c in state.legal_actions() if hasattr(c, "suit")]
    illegal = [c for c in state.hand(hand.learner) if c not in legal]
    if illegal:
        text = _click(widget, illegal[0])
        assert text.startswith("⚠") and "may not be played" in text
        assert widget.waiting_question == question
    wrong = next(c for c in legal if c is not question.card and not c.is_excuse)
    text = _click(widget, wrong)
    assert text.startswith("✘") and "could still be beaten" in text
    assert widget.step == hand.question_step(question) + 1
    assert not progress.is_solved("t5")


def test_going_back_asks_again_and_a_solve_shows_in_the_list(progress):
    hands = GuidedHandList([("t6", "A Take made", "a-take-made"),
                            ("other", "Another", "")], progress=progress)
    assert "0 of 2 hands solved" in hands.widget.value and "✔" not in hands.widget.value
    widget = GuidedHandWidget(HANDS / "take-made.json", progress=progress, exercise_id="t6")
    widget.play_on()
    first = widget.waiting_question
    _choose(widget, "pass")  # wrong: the hand goes on as played
    while widget.step < widget.hand.steps or widget.waiting_question is not None:
        if widget.waiting_question is None:
            widget.play_on()
        else:
            _answer(widget, widget.waiting_question)
    assert not progress.is_solved("t6") and "✔ solved" not in widget.title.value
    widget.start_button.click()
    widget.play_on()
    assert widget.waiting_question == first
    assert "✔" in _choose(widget, first.expect[0])
    assert progress.is_solved("t6") and "✔ solved" in widget.title.value
    assert "1 of 2 hands solved" in hands.widget.value
    assert 'href="#a-take-made"' in hands.widget.value and "✔" in hands.widget.value


def test_a_reload_resumes_where_the_learner_was(progress):
    widget = GuidedHandWidget(HANDS / "three-players.json", progress=progress, exercise_id="t7")
    for _ in range(3):
        widget.play_on()
        _answer(widget, widget.waiting_question)
    step, answered, right = widget.step, set(widget.answered), set(widget.right)
    again = GuidedHandWidget(HANDS / "three-players.json",
                             progress=Progress(progress.path), exercise_id="t7")
    assert (again.step, again.answered, again.right) == (step, answered, right)
    assert "3 answered right" in again.title.value
    # a save that does not fit the hand starts it again, with a message
    progress.save_game("guided:t7", {"step": 9999, "answered": ["x"]})
    broken = GuidedHandWidget(HANDS / "three-players.json", progress=progress, exercise_id="t7")
    assert broken.step == 0 and "could not be restored" in broken.title.value


def test_play_on_shows_every_comment_passed(progress):
    widget = GuidedHandWidget(HANDS / "take-made.json", progress=progress, exercise_id="t8")
    widget.play_on()
    _answer(widget, widget.waiting_question)  # the bid
    widget.play_on()  # to the discard: the bid comment has been shown
    _answer(widget, widget.waiting_question)
    assert "The dog brings" in html.unescape(widget.comment.value)  # shown with the answer
    before = widget.step
    widget.play_on()
    passed = [t for s, t in widget._anchors if before < s <= widget.step]
    assert passed
    shown = html.unescape(widget.comment.value)
    for text in passed[-6:]:
        assert text.split("{")[0][:30] in shown


def test_trick_comments_appear_with_their_trick(progress):
    widget = GuidedHandWidget(HANDS / "slam.json", progress=progress, exercise_id="t9")
    hand = widget.hand
    note = next(n for n in hand.commentary if n["at"] == "trick" and n["trick"] == 5)
    widget.go_to(hand.anchor_step(note))
    shown = html.unescape(widget.comment.value)
    assert "Kings" in shown and "{KS}" not in shown  # the mention is drawn as a card label
    assert parse_card("KS").label in shown


def test_there_is_no_question_to_answer_between_questions(progress):
    widget = GuidedHandWidget(HANDS / "poignee.json", progress=progress, exercise_id="t10")
    feedback = widget.answer("KS")
    assert feedback.invalid_input and "Play on" in feedback.message


@pytest.mark.parametrize("path", sorted(HANDS.glob("*.json")), ids=lambda p: p.stem)
def test_every_hand_opens_and_answers_right(path, progress):
    widget = GuidedHandWidget(path, progress=progress, exercise_id=f"test-{path.stem}")
    while widget.step < widget.hand.steps or widget.waiting_question is not None:
        if widget.waiting_question is None:
            widget.play_on()
        else:
            assert "✔" in _answer(widget, widget.waiting_question)
    assert progress.is_solved(f"test-{path.stem}")


def test_five_player_hand_names_every_seat(progress):
    widget = GuidedHandWidget(HANDS / "five-players.json", progress=progress)
    assert len(widget.names) == 5 and "Eve" in widget.felt.value


def test_review_this_deal_judges_the_learners_own_answers(progress):
    """At the end, "Review this deal" lists every question with the learner's own answer
    (kept across a reload) and the engine's verdict on it, not the recorded play."""
    widget = GuidedHandWidget(HANDS / "petit-au-bout-won.json", progress=progress,
                              exercise_id="test-review")
    assert widget.review.layout.display == "none"
    hand, wrong = widget.hand, None
    while widget.step < hand.steps or widget.waiting_question is not None:
        question = widget.waiting_question
        if question is None:
            widget.play_on()
        elif question.kind == "card" and wrong is None:
            state = hand.state_at(widget.step)
            wrong = next(c for c in state.legal_actions() if hasattr(c, "suit")
                         and not judge_answer(hand, question, c).right)
            assert _click(widget, str(wrong)).startswith("✘")
            wrong = (question, wrong)
        else:
            _answer(widget, question)
    assert widget.review.layout.display is None
    again = GuidedHandWidget(HANDS / "petit-au-bout-won.json", progress=Progress(progress.path),
                             exercise_id="test-review")
    again.review_button.click()
    shown = html.unescape(again.review_view.value)
    assert shown.count('class="tt-review-row"') == len(hand.questions)
    assert shown.count("✘") == 1 and shown.count("✔") == len(hand.questions) - 1
    question, card = wrong
    assert f"you answered {card.display_name(again.rules)}" in shown
    assert html.unescape(judge_answer(hand, question, card).text) in re.sub(r"<[^>]+>", "", shown)
    assert f"{len(hand.questions) - 1} of {len(hand.questions)} right" in shown
    again.back_button.click()
    assert again.review.layout.display == "none"
    # One feedback area per widget: the browser tests find the hand's feedback by its class.

    def walk(w):
        yield w
        for child in getattr(w, "children", ()):
            yield from walk(child)
    assert sum("tt-feedback" in w._dom_classes for w in walk(again.widget)) == 1


def test_a_poignee_is_drawn_and_told(progress):
    """Eve's poignée: its trumps drawn by her seat, and named in the line that tells it."""
    widget = GuidedHandWidget(HANDS / "five-players.json", progress=progress, exercise_id="p1")
    hand = widget.hand
    step = next(s for s, a in enumerate(hand.actions) if str(a).startswith("poignee"))
    shown = hand.actions[step].cards
    widget.go_to(step)
    assert "Poignée, shown to everybody" not in widget.felt.value
    widget.forward()
    assert "Poignée, shown to everybody" in widget.felt.value
    for card in shown:
        assert f'aria-label="{card.display_name(widget.rules)}"' in widget.felt.value
    line = html.unescape(widget.live.value)
    assert "Eve showed a simple poignée: " + ", ".join(
        c.display_name(widget.rules) for c in shown) in line


def _trump_discard_hand():
    """A computer taker who must lay trumps aside (sixteen trumps, two Kings, and a dog of
    four small spades and two trumps); the learner, seat 0, defends."""
    from tarot_teach import DECK, GameState, RuleSet, replay
    from tarot_teach.guided import load_guided_hand
    from tarot_teach.players import play_out
    from tarot_teach.rules import Phase

    taker = [f"T{n}" for n in range(2, 18)] + ["KS", "KH"]
    dog = ["2S", "3S", "4S", "5S", "T18", "T19"]
    rest = [str(c) for c in DECK if str(c) not in set(taker + dog)]
    hands = [rest[0:18], taker, rest[18:36], rest[36:54]]
    state = GameState.from_hands(RuleSet(players=4), hands, dog, dealer=0)
    while state.phase is Phase.BIDDING:
        state.play("take" if state.to_act == 1 else "pass")
    record = play_out(state).to_record()
    return load_guided_hand({"title": "Trumps laid aside", "learner": 0, "record": record,
                             "expected": replay(record)})


def test_a_takers_discarded_trumps_are_shown_to_everybody(progress):
    hand = _trump_discard_hand()
    final = hand.state_at(hand.steps)
    trumps = final.view(0).discarded_trumps
    assert trumps and final.taker == 1
    widget = GuidedHandWidget(hand, progress=progress, exercise_id="d1")
    discards = [s for s in range(hand.steps) if hand.state_at(s).phase.value == "discard"]
    assert discards
    names = [c.display_name(widget.rules) for c in trumps]
    said = []
    widget.go_to(discards[0])
    for _ in discards:  # one card at a time (Next): a trump is named, another card is not
        widget.forward()
        said.append(html.unescape(widget.live.value))
    assert "Trumps laid aside, shown to everybody" in widget.felt.value
    for name in names:
        assert f'aria-label="{name}"' in widget.felt.value
        assert any(f"lays {name} aside, shown to everybody" in line for line in said)
    merged = " ".join(widget._lines(discards[0], discards[-1] + 1))  # as Play on tells it
    assert "face down (only the taker knows them)" in merged and ", ".join(names) in merged
    hidden = [a for a in hand.actions[discards[0]:discards[-1] + 1] if not a.is_trump]
    for card in hidden:
        assert all(card.display_name(widget.rules) not in text for text in said + [merged])


def test_the_hand_is_drawn_as_at_the_card_table(progress):
    """Seats around a felt with roles, the trick in the middle with who played it, the hand
    as card buttons named for a screen reader (the engine's reason on the others)."""
    widget = GuidedHandWidget(HANDS / "three-players-defence.json", progress=progress,
                              exercise_id="t11")
    hand = widget.hand
    assert 'class="tt-felt"' in widget.felt.value
    for name in widget.names:
        assert f'<span class="tt-name">{name}</span>' in widget.felt.value
    assert "tt-tcard" in widget.picker.box.children[0]._dom_classes
    scope = next(c for c in widget.widget._dom_classes if c.startswith("tt-guided-"))
    assert f".{scope} .tt-c-" in widget.picker.faces.value  # the SVG faces, for this hand only
    assert "tt-table" not in widget.widget._dom_classes  # the page's tables are counted apart
    # between questions nothing is to be clicked: every card at rest, named as in the hand
    assert all("tt-idle" in b._dom_classes and b.description.endswith("in your hand")
               for b in widget.picker.buttons.values())
    question = next(q for q in hand.questions if q.kind == "card"
                    and hand.state_at(hand.question_step(q)).view(hand.learner).current_trick)
    widget.go_to(hand.question_step(question))
    state = hand.state_at(widget.step)
    legal = {c for c in state.legal_actions() if hasattr(c, "suit")}
    for card, button in widget.picker.buttons.items():
        if card in legal:
            assert "tt-playable" in button._dom_classes
            assert button.description.endswith(", playable")
        else:
            assert "tt-unplayable" in button._dom_classes
            assert "not playable: " in button.description
    taker = widget.names[state.taker]
    assert "Taker" in widget.felt.value and taker in widget.felt.value
    first_seat, first = state.view(hand.learner).current_trick[0]
    assert f"<figcaption>{widget.names[first_seat]}</figcaption>" in widget.felt.value
    assert f'aria-label="{first.display_name(widget.rules)}"' in widget.felt.value
    assert "raised cards may be played" in widget.hand_head.value
    assert "Your turn to play a card" in widget.live.value
    assert 'aria-live="polite"' in widget.live.value


def test_a_defender_never_sees_the_takers_discard(progress):
    from tarot_teach.rules import Phase

    widget = GuidedHandWidget(HANDS / "three-players-defence.json", progress=progress,
                              exercise_id="t12")
    hand = widget.hand
    discards = [s for s in range(hand.steps) if hand.state_at(s).phase is Phase.DISCARD]
    assert discards and hand.state_at(discards[0]).to_act != hand.learner
    widget.go_to(discards[0])
    assert "The dog, face up" in widget.felt.value  # after the computer's Take
    for step in discards:
        widget.go_to(step + 1)
        card = hand.actions[step].display_name(widget.rules)
        said = html.unescape(widget.comment.value.split("</i>")[0] + widget.live.value)
        assert "aside, face down" in said and card not in said
    widget.go_to(discards[-1] + 1)
    assert "Your discard" not in widget.felt.value
    # Play on over the whole discard announces it without the cards
    widget.go_to(discards[0])
    widget.play_on()
    live = html.unescape(widget.live.value)
    assert f"lays {len(discards)} cards aside, face down (only the taker knows them)" in live
    assert all(hand.actions[s].display_name(widget.rules) not in live for s in discards)


def test_the_takers_own_discard_stays_in_view(progress):
    widget = GuidedHandWidget(HANDS / "take-made.json", progress=progress, exercise_id="t13")
    widget.play_on()
    _answer(widget, widget.waiting_question)  # the bid
    if widget.waiting_question is None:
        widget.play_on()
    question = widget.waiting_question
    assert question.kind == "discard"
    assert "click 6 cards to lay aside" in widget.hand_head.value
    assert "The dog, face up" in widget.felt.value
    _answer(widget, question)
    assert "Your discard (only you see it)" in widget.felt.value
    hand = widget.hand  # the learner's own discard (as it was played) is told in full
    laid = hand.actions[hand.question_step(question):hand.after_question(question)]
    said = "You lay " + ", ".join(c.display_name(widget.rules) for c in laid) + " aside."
    assert len(laid) == 6 and said in widget.live.value and said in widget.comment.value


def test_a_closed_hand_is_built_only_when_opened(progress):
    launcher = GuidedHandLauncher(HANDS / "poignee.json", progress=progress, exercise_id="l1")
    assert launcher.hand is None and "questions" in launcher.summary.value
    launcher.open_button.click()
    hand = launcher.hand
    assert hand is not None and launcher.widget.children == (hand.widget,)
    hand.play_on()
    launcher.open()  # opening again keeps the same hand and its place
    assert launcher.hand is hand and hand.step > 0


def test_a_hand_with_a_saved_place_opens_by_itself_where_the_learner_was(progress):
    first = GuidedHandWidget(HANDS / "poignee.json", progress=progress, exercise_id="l2")
    first.play_on()
    again = GuidedHandLauncher(HANDS / "poignee.json", progress=progress, exercise_id="l2")
    assert again.hand is not None and again.hand.step == first.step > 0
    untouched = GuidedHandLauncher(HANDS / "slam.json", progress=progress, exercise_id="l3")
    assert untouched.hand is None


def test_a_solved_closed_hand_says_so(progress):
    progress.record_answer("l4", True)
    launcher = GuidedHandLauncher(HANDS / "slam.json", progress=progress, exercise_id="l4")
    assert "✔ solved" in launcher.summary.value


def test_a_hand_titles_itself_one_level_under_the_section_it_stands_in(progress):
    """Each hand of the book stands in a section of its page: its title is the next heading
    level down (axe's heading-order: no level skipped for a screen reader's outline)."""
    page = HANDS.parent.parent / "book" / "20-guided-hands.md"
    level = None
    placed = 0
    for line in page.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"(#+) ", line)
        if heading:
            level = len(heading.group(1))
        if line.startswith("GuidedHand(HANDS"):
            placed += 1
            source = re.search(r'"([^"]+\.json)"', line).group(1)
            widget = GuidedHandWidget(HANDS / source, progress=progress)
            levels = [int(n) for n in re.findall(r"<h([1-6])", widget.title.value)]
            assert levels == [level + 1], (source, level, widget.title.value[:80])
    assert placed >= 8


def test_the_misere_is_the_learners_to_declare(progress):
    """Played on to the misère hand's declaration: the learner is asked before its first
    card; the misère its hand may not declare is refused with the cards that spoil it (the
    hand does not move); the right one says what the misère earns and moves on. ("Nothing"
    is judged in tests/teach/test_guided_hands.py.)"""
    widget = GuidedHandWidget(HANDS / "misere.json", progress=progress, exercise_id="m1")
    while widget.waiting_question is None or widget.waiting_question.kind != "declare":
        if widget.waiting_question is None:
            widget.play_button.click()
        else:
            _answer(widget, widget.waiting_question)
    question = widget.waiting_question
    assert [DECLARATION_WORDS[v] for v in widget.choice_values] == [
        "Trump misère", "Honours misère", "Nothing"]
    step = widget.step
    refused = _choose(widget, "misere:honours")
    assert "Not allowed: An honours misère needs a hand with no face card and no bout; " \
           "your hand holds" in refused
    assert widget.step == step and widget.waiting_question == question
    right = _choose(widget, "misere:trumps")
    assert right.startswith("✔") and "no trump and no Excuse" in right
    assert "each other player pays you 10, 30 in all" in right
    assert widget.waiting_question != question
