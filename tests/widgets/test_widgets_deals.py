"""The deal page's widgets driven headlessly (tarot_teach/widgets/deals.py, issue 30): the
viewer opened from a link, stepped through and jumped about, a bad code said in words with
the deal kept, play on from a step at the card table from any seat, a seat reviewed; the
editor dealing by clicks, refusing a wrong step with the engine's own reason, exporting; the
teacher's list made and opened."""

import html
import json
import re

import pytest

from tarot_teach import GameState, IllegalAction, RuleSet
from tarot_teach.cards import DECK, parse_card
from tarot_teach.players import ComputerPlayer
from tarot_teach.record import state_from_record
from tarot_teach.rules import Bid, Phase
from tarot_teach.share import decode, encode
from tarot_teach.teach.deal_draft import DOG
from tarot_teach.teach.deals import deal_link
from tarot_teach.widgets.deal_editor import DealEditor
from tarot_teach.widgets.deal_pictures import deal_html
from tarot_teach.widgets.deals import DealViewer
from tarot_teach.widgets.lesson_list import LessonList


def played(players=4, seed=2) -> dict:
    state = GameState.new(RuleSet(players=players), seed=seed)
    player = ComputerPlayer()
    while not state.is_over:
        state.play(player.decide(state).action)
    assert state.taker is not None, "pick a seed where somebody takes"
    return state.to_record()


def said(area) -> str:
    """What an HTML widget says, as text (entities read)."""
    return html.unescape(area.value)


def labels(markup: str) -> set:
    return set(re.findall(r'aria-label="([^"]+)"', markup))


def step_number(viewer) -> int:
    return int(re.search(r"Step (\d+) of", viewer.step_text.value).group(1))


# ----- the viewer -----------------------------------------------------------------------------


def test_the_viewer_opens_a_link_and_steps_forward_and_back():
    record = played(4, 2)
    viewer = DealViewer()
    viewer.code_box.value = "https://example.org/book/23-deals.html" + deal_link(record)
    assert viewer.replay is not None and viewer.controls.layout.display != "none"
    assert "✔" in said(viewer.message) and step_number(viewer) == 0
    assert viewer.back_button.disabled and viewer.first_button.disabled
    seen = []
    while not viewer.next_button.disabled:
        viewer.next_button.click()
        seen.append(step_number(viewer))
    assert seen == list(range(1, len(viewer.replay)))
    assert "contract" in viewer.diagram.value  # the result at the end
    viewer.back_button.click()
    assert step_number(viewer) == len(viewer.replay) - 2
    viewer.first_button.click()
    assert step_number(viewer) == 0
    viewer.last_button.click()
    assert viewer.replay.state(viewer.step).is_over


def test_jump_to_a_trick_shows_it_complete():
    viewer = DealViewer()
    assert viewer.open(encode(played(4, 2)))
    options = dict(viewer.trick_choice.options)
    viewer.trick_choice.value = options["Trick 5"]
    state = viewer.replay.state(viewer.step)
    assert len(state.tricks) == 5 and not state.trick
    assert "Trick 5 (" in viewer.diagram.value
    viewer.trick_choice.value = options["The deal as dealt"]
    assert viewer.step == 0


def test_one_seats_view_hides_the_other_hands():
    record = played(4, 2)
    viewer = DealViewer()
    viewer.open(encode(record))
    everyone = labels(viewer.diagram.value)
    assert {parse_card(c).name for c in record["hands"][2]} <= everyone
    viewer.seat_choice.value = 1
    shown = labels(viewer.diagram.value)
    assert {parse_card(c).name for c in record["hands"][1]} <= shown
    assert viewer.step == 0
    assert not {parse_card(c).name for c in record["hands"][2]} & shown
    assert "18 cards, hidden" in viewer.diagram.value


@pytest.mark.parametrize("bad,words", [
    ("1ABCDEFGHIJ", "damaged"), ("#d=", "cut short"), ("#l=Labc", "list of deals"),
    ("{not json", "not valid JSON"), ("hand 0: KH KH", "Line 1")])
def test_a_bad_code_is_said_in_words_and_the_deal_shown_is_kept(bad, words):
    viewer = DealViewer()
    viewer.open(encode(played(4, 2)))
    viewer.go(7)
    before = (viewer.replay, viewer.step, viewer.diagram.value)
    assert viewer.open(bad) is False
    assert words in said(viewer.message) and "The deal shown is kept." in said(viewer.message)
    assert "Traceback" not in said(viewer.message)
    assert (viewer.replay, viewer.step, viewer.diagram.value) == before


def test_a_truncated_or_edited_link_never_opens_another_deal():
    code = encode(played(4, 2))
    viewer = DealViewer()
    for text in [code[:k] for k in range(1, len(code), 7)] + [
            code[:9] + ("A" if code[9] != "A" else "B") + code[10:]]:
        assert viewer.open("#d=" + text) is False
        assert viewer.replay is None and "⚠" in said(viewer.message)


def test_play_on_from_any_step_and_seat_at_the_card_table():
    record = played(4, 2)
    viewer = DealViewer()
    viewer.open(encode(record))
    viewer.trick_choice.value = dict(viewer.trick_choice.options)["Trick 3"]
    viewer.play_seat.value = 2
    viewer.play_button.click()
    table = viewer.table
    assert table is not None and table.learner == 2
    assert table.widget in viewer.table_area.children
    final = state_from_record(record)
    assert len(table.state.tricks) >= 3
    assert table.state.history[:len(viewer.replay.state(viewer.step).history)] == \
        final.history[:len(viewer.replay.state(viewer.step).history)]
    assert table.names[2] == "You" and table.names[0] == "Ada"
    assert table.state.is_over or table.state.to_act == 2
    # the table plays on; the viewer's deal is untouched
    assert viewer.replay.state(len(viewer.replay) - 1).to_record() == final.to_record()
    viewer.last_button.click()
    assert viewer.play_button.disabled
    assert viewer.play_on() is None and "over" in said(viewer.message)


def test_review_this_seat_asks_the_coach_for_that_seat():
    record = played(4, 2)
    viewer = DealViewer()
    viewer.open(encode(record))
    asked = []

    def reviewer(deal, seat, **options):
        asked.append((deal, seat, options["names"]))
        return []

    viewer.review.reviewer = reviewer
    viewer.play_seat.value = 3
    viewer.review_button.click()
    assert asked == [(viewer.replay.record, 3, ["Ada", "Bruno", "Chloé", "Dmitri"])]
    assert viewer.review.widget.layout.display != "none"
    assert "No decision to review." in viewer.review.output.value


def test_a_review_that_cannot_be_made_says_why():
    state = GameState.new(RuleSet(players=4), seed=1)
    state.play("pass")
    viewer = DealViewer()
    viewer.open(encode(state.to_record()))
    viewer.review_button.click()
    assert "cannot be reviewed" in viewer.review.status.value


# ----- the editor -----------------------------------------------------------------------------


def test_the_editor_deals_by_clicks_and_refuses_a_full_hand():
    editor = DealEditor(players=3)
    editor.target_choice.value = 1
    for card in DECK[:24]:
        editor.card_buttons[card].click()
    assert editor.draft.count(1) == 24
    assert editor.card_buttons[DECK[0]] in editor.places[1].children
    editor.card_buttons[DECK[30]].click()
    assert "Bruno's hand is full" in said(editor.message)
    assert editor.draft.place_of(DECK[30]) is None
    editor.card_buttons[DECK[0]].click()  # a dealt card goes back
    assert editor.draft.place_of(DECK[0]) is None
    assert editor.card_buttons[DECK[0]] in editor.undealt_box.children
    editor.target_choice.value = DOG
    editor.card_buttons[DECK[0]].click()
    assert editor.draft.place_of(DECK[0]) == DOG
    assert editor.start_button.disabled
    assert editor.start() is False and "Deal every card first" in said(editor.message)
    editor.rest_button.click()
    assert not editor.start_button.disabled
    editor.start_button.click()
    assert editor.state is not None and editor.state.phase is Phase.BIDDING
    assert editor.dealing.layout.display == "none"


def engine_reason(state, action) -> str:
    with pytest.raises(IllegalAction) as caught:
        state.copy().play(action)
    return str(caught.value)


def test_the_editor_refuses_a_wrong_step_with_the_engines_reason():
    editor = DealEditor(players=4)
    editor.seed_box.value = "12"
    editor.seed_button.click()
    editor.start_button.click()
    by_label = {b.description: b for b in editor.action_box.children}
    by_label["Guard ×2"].click()
    assert editor.state.bids == [(1, Bid.GUARD)]
    reason = engine_reason(editor.state, Bid.TAKE)
    {b.description: b for b in editor.action_box.children}["Take ×1"].click()
    assert f"Refused: {reason}" in said(editor.message) and len(editor.state.bids) == 1
    for _ in range(3):
        {b.description: b for b in editor.action_box.children}["Pass"].click()
    assert editor.state.phase is Phase.DISCARD
    taker = editor.state.taker
    king = next(c for c in editor.state.hand(taker) if c.is_king)
    reason = engine_reason(editor.state, king)
    editor.card_buttons[king].click()
    assert f"Refused: {reason}" in said(editor.message) and not editor.state.discard
    for card in list(editor.state.legal_actions()[:6]):
        editor.card_buttons[card].click()
    assert editor.state.phase is Phase.PLAYING or editor.state.phase is Phase.SLAM
    if editor.state.phase is Phase.SLAM:
        {b.description: b for b in editor.action_box.children}["No slam"].click()
    # a card that does not follow suit, refused with the engine's words
    leader = editor.state.to_act
    lead = next(c for c in editor.state.legal_actions() if c in DECK and not c.is_trump
                and not c.is_excuse)
    editor.card_buttons[lead].click()
    seat = editor.state.to_act
    wrong = [c for c in editor.state.hand(seat) if c not in editor.state.legal_actions()]
    assert wrong  # (seed 12: the second seat holds trumps it may not play on a plain lead)
    reason = engine_reason(editor.state, wrong[0])
    editor.card_buttons[wrong[0]].click()
    assert f"Refused: {reason}" in said(editor.message)
    # a card not in the hand of the seat to play
    other = editor.state.hand(leader)[0]
    assert editor.card_clicked(other) is False and "Refused" in said(editor.message)
    played_before = len(editor.state.history)
    editor.undo_button.click()
    assert len(editor.state.history) == played_before - 1


def test_an_unfinished_deal_exports_as_a_link_json_and_a_handout():
    editor = DealEditor(players=5)
    editor.seed_box.value = "3"
    editor.seed_button.click()
    editor.start_button.click()
    editor.act("pass")
    editor.act("take")
    editor.title_box.value = "Mardi"
    editor.export_button.click()
    record = editor.record()
    assert len(record["bids"]) == 2
    code = re.search(r'href="#d=([^"]+)"', editor.export_area.value).group(1)
    assert decode(code) == record
    assert json.loads(editor.json_box.value) == record
    assert "<svg" in editor.export_area.value and "Mardi" in editor.export_area.value
    assert 'download="deal.svg"' in editor.export_area.value


def test_the_editor_exports_nothing_while_cards_are_missing():
    editor = DealEditor(players=4)
    editor.card_buttons[DECK[5]].click()
    assert editor.export() is False
    assert "Nothing to export yet: Deal every card first" in said(editor.message)
    assert editor.export_area.value == ""


def test_the_editor_opens_a_pasted_deal_and_goes_on_from_it():
    state = GameState.new(RuleSet(players=3), seed=4, dealer=2)
    state.play("take")
    editor = DealEditor(players=4)
    editor.paste_box.value = deal_link(state.to_record())
    assert editor.open_pasted()
    assert editor.players_choice.value == 3 and editor.state.bids == state.bids
    assert editor.dealer_choice.value == 2 and not editor.undealt_box.children
    assert editor.playing.layout.display != "none"
    editor.paste_box.value = "#d=1AAAA"
    assert editor.open_pasted() is False and "cannot be opened" in said(editor.message)
    assert editor.state.bids == state.bids  # kept


def test_changing_the_table_size_starts_dealing_again():
    editor = DealEditor(players=4)
    editor.seed_box.value = "1"
    editor.seed_button.click()
    editor.players_choice.value = 5
    assert editor.draft.players == 5 and not editor.draft.places
    assert len(editor.undealt_box.children) == 78
    assert [o[0] for o in editor.target_choice.options][-1] == "Dog"


# ----- the teacher's list ---------------------------------------------------------------------


def test_a_teacher_makes_a_list_and_a_reader_opens_it():
    links = [deal_link(played(4, 2), "https://x.org/23-deals.html"), encode(played(3, 2))]
    lesson = LessonList()
    lesson.title_box.value = "Mardi"
    lesson.lines_box.value = f"{links[0]} Watch the dog.\n{links[1]} Count trumps."
    assert lesson.make()
    assert "#l=L" in lesson.made.value
    reader = LessonList()
    reader.code_box.value = "https://x.org/23-deals.html" + lesson.link
    shown = reader.shown.value
    assert "Mardi" in shown and "Watch the dog." in shown and "Count trumps." in shown
    assert shown.count('class="tt-lesson-deal"') == 2


def test_a_bad_line_or_a_bad_list_link_is_said_in_words():
    lesson = LessonList()
    lesson.lines_box.value = "1ABC oops"
    assert lesson.make() is False and "Line 1:" in said(lesson.message)
    assert lesson.open("#l=Lxyz") is False and "damaged" in said(lesson.message)
    assert lesson.open("#d=" + encode(played())) is False and "one deal" in said(lesson.message)


def test_deal_html_marks_the_seat_to_play():
    state = GameState.new(RuleSet(players=4), seed=1)
    assert deal_html(state).count("▶ to play") == 1
