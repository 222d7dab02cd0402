"""The deal page's pure logic (tarot_teach/teach/deals.py, issue 30 items 2, 3, 5): reading
what a reader pastes or a link brings, stepping through a deal, dealing cards one by one,
the SVG handout and the teacher's list of deals. Every refusal is an InvalidRecord in words."""

import json
import random
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from tarot_teach import GameState, IllegalAction, InvalidRecord, RuleSet
from tarot_teach.cards import DECK, parse_card
from tarot_teach.declarations import Misere, Poignee, Slam
from tarot_teach.notation import format_deal
from tarot_teach.players import ComputerPlayer, play_out
from tarot_teach.record import state_from_record
from tarot_teach.rules import Bid, Phase
from tarot_teach.share import decode, encode
from tarot_teach.share_lists import encode_list
from test_share import refused as worded
from tarot_teach.teach.deal_draft import DOG, DealDraft
from tarot_teach.teach.deal_handout import deal_svg
from tarot_teach.teach.deals import (Replay, action_words, code_in, deal_link, lesson_from_lines,
                                     lesson_link, read_deal, read_lesson, record_json)

ROOT = Path(__file__).resolve().parents[2]


def played(players=4, seed=1, cut=None) -> dict:
    """A deal played by the computer (cut after ``cut`` actions)."""
    state = GameState.new(RuleSet(players=players), seed=seed)
    player = ComputerPlayer()
    while not state.is_over and (cut is None or len(state.history) < cut):
        state.play(player.decide(state).action)
    return state.to_record()


def stored() -> list:
    return [json.loads(p.read_text(encoding="utf-8"))["record"]
            for p in sorted((ROOT / "exercises" / "hands").glob("*.json"))]


def refused(text) -> str:
    return worded(text, read_deal)


# ----- reading a deal -------------------------------------------------------------------------


@pytest.mark.parametrize("record", stored() + [played(3), played(5, 2), played(4, 3, cut=9)])
def test_a_deal_is_read_back_from_its_code_link_json_and_text(record):
    expected = state_from_record(record, complete=False).to_record()
    code = encode(record)
    assert read_deal(code) == expected
    assert read_deal(f"  https://example.org/book/23-deals.html#d={code}\n") == expected
    assert read_deal(deal_link(record, "23-deals.html")) == expected
    assert read_deal(f"#x=1&d={code}") == expected
    assert read_deal(json.dumps(record)) == expected
    assert read_deal(record_json(record)) == expected
    assert read_deal(format_deal(record)) == expected


def test_bad_links_and_codes_are_refused_in_words():
    code = encode(played())
    assert "nothing to read" in refused("   ")
    assert "cut short" in refused("https://x.org/23-deals.html#d=")
    assert "cut short" in refused(f"https://x.org/23-deals.html#d={code[:5]}")
    assert "damaged" in refused(f"#d={code[:-1]}")
    assert "damaged" in refused(code[:20] + ("A" if code[20] != "A" else "B") + code[21:])
    assert "list of deals" in refused("#l=" + encode_list([(code, "x")]))
    assert "list of deals" in refused(encode_list([(code, "x")]))
    assert "not valid JSON" in refused('{"players": 4,')
    assert "nested too deeply" in refused('{"a":' + '[' * 100_000 + ']' * 100_000 + '}')
    assert "not a deal the rules allow" in refused('{"players": 4, "hands": []}')
    assert "text" in refused(None)
    assert "Line 1" in refused("hand 0: KH KH")
    # An address without a deal, a word: said so (not read as a typed deal or a newer code).
    assert "holds no deal" in refused("https://x.org/23-deals.html#deal=" + code)
    assert "not a deal code: a deal code starts with '1'" in refused("hello")
    assert "newer version" in refused("2" + code[1:])


def test_read_deal_never_raises_anything_else():
    rng = random.Random(30)
    code = encode(played())
    alphabet = code + "#d=:{}[]\n \"'é&?"
    for _ in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 80)))
        try:
            read_deal(text)
        except InvalidRecord as error:
            assert str(error)


def test_code_in_finds_the_deal_or_the_list():
    assert code_in("https://a.b/c.html#d=1AB&x=2") == ("d", "1AB")
    assert code_in("https://a.b/c.html?l=LAB") == ("l", "LAB")
    assert code_in("1ABC") is None and code_in(None) is None


# ----- stepping through a deal ----------------------------------------------------------------


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (5, 7)])
def test_steps_replay_the_deal_and_each_trick_ends_where_it_says(players, seed):
    record = played(players, seed)
    final = state_from_record(record)
    replay = Replay(record)
    discard = len(final.discard)
    assert len(replay) == 1 + len(final.history) - max(0, discard - 1)
    assert replay.state(len(replay) - 1).to_record() == final.to_record()
    assert replay.state(0).history == [] and replay.state(-5).history == []
    assert replay.state(10 ** 6).to_record() == final.to_record()
    assert replay.tricks == len(final.tricks)
    for trick in range(1, replay.tricks + 1):
        at_end = replay.state(replay.trick_end(trick))
        assert len(at_end.tricks) == trick and not at_end.trick
        before = replay.state(replay.trick_start(trick))
        assert len(before.tricks) == trick - 1 and not before.trick
        winner = final.tricks[trick - 1][2]
        assert replay.steps[replay.trick_end(trick)].text.endswith(
            f"{replay.names[winner]} wins the trick.")
    texts = [step.text for step in replay.steps]
    assert texts[0] == "The cards are dealt."
    if discard:
        assert sum("lays aside:" in t for t in texts) == 1


def test_a_deal_cut_in_the_discard_shows_the_cards_laid_aside_so_far():
    state = GameState.new(RuleSet(players=4), seed=1)
    state.play("take")
    for bid in ("pass", "pass", "pass"):
        state.play(bid)
    state.play(state.legal_actions()[0])
    replay = Replay(state.to_record())
    assert replay.steps[-1].text.endswith("(not finished).")
    assert replay.state(len(replay) - 1).discard == state.discard


def test_a_petit_sec_deal_is_void_from_the_start():
    state = GameState.new(RuleSet(players=4), seed=2200)
    assert state.is_over  # (a Petit alone)
    replay = Replay(state.to_record())
    assert len(replay) == 1 and "void" in replay.steps[0].text


def test_action_words_for_every_kind_of_step():
    state = GameState.new(RuleSet(players=5, misere=True), seed=4)
    assert action_words(state, Bid.GUARD) == "Bruno: Guard."
    for bid in ("take", "pass", "pass", "pass", "pass"):
        state.play(bid)
    called = state.legal_actions()[0]
    assert action_words(state, called).startswith("Bruno calls ")
    state.play(called)
    card = state.legal_actions()[0]
    assert action_words(state, card) == f"Bruno lays {card.display_name()} aside."
    while state.phase is Phase.DISCARD:
        state.play(state.legal_actions()[0])
    assert action_words(state, Slam.ANNOUNCE) == "Bruno announces a slam."
    assert action_words(state, Slam.DECLINE) == "Bruno announces no slam."
    state.play(Slam.DECLINE)
    assert action_words(state, Misere("trumps")).endswith("declares a trumps misère.")
    shown = Poignee(tuple(parse_card(f"T{n}") for n in range(1, 9)), "simple")
    assert "shows a simple poignée: " in action_words(state, shown)
    card = next(a for a in state.legal_actions() if a in DECK)
    assert action_words(state, card).startswith("Trick 1: ")


# ----- dealing by hand ------------------------------------------------------------------------


def test_cards_are_dealt_one_by_one_and_a_full_place_refuses_more():
    draft = DealDraft(players=4)
    hand = [card for card in DECK[:18]]
    for card in hand:
        draft.give(card, 1)
    with pytest.raises(InvalidRecord, match="Bruno's hand is full: it holds 18 cards with 4 "
                                            "players. Take a card out of it first."):
        draft.give(DECK[20], 1)
    draft.give(DECK[0], 2)  # moved from Bruno to Chloé
    assert draft.count(1) == 17 and draft.place_of(DECK[0]) == 2
    draft.take_back(DECK[0])
    assert draft.place_of(DECK[0]) is None and DECK[0] in draft.undealt()
    assert draft.missing()[0] == "Ada has 0 cards of 18."
    with pytest.raises(InvalidRecord, match="Deal every card first: Ada has 0 cards of 18."):
        draft.start()
    with pytest.raises(InvalidRecord, match="seat from 0 to 3 or to the dog"):
        draft.give("KH", 4)
    with pytest.raises(ValueError):
        draft.give("ZZ", 0)
    draft.deal_rest(seed=3)
    assert draft.missing() == [] and draft.count(1) == 17 + 1 and draft.count(DOG) == 6
    assert set(draft.cards(1)) >= set(hand[1:])  # what was dealt by hand stays
    state = draft.start()
    assert state.players == 4 and not state.history


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_deal_by_seed_is_the_engines_deal(players):
    draft = DealDraft(players=players, dealer=1)
    draft.deal_seed(9)
    expected = GameState.new(RuleSet(players=players), seed=9, dealer=1)
    assert draft.start().to_record() == expected.to_record()


def test_the_editor_deals_no_two_player_game_and_knows_its_dealers():
    with pytest.raises(InvalidRecord, match="3, 4 or 5 players"):
        DealDraft(players=2, variant={"two_players": True})
    with pytest.raises(InvalidRecord, match="dealer is a seat from 0 to 2"):
        DealDraft(players=3, dealer=3)


# ----- the handout ----------------------------------------------------------------------------


@pytest.mark.parametrize("record", stored()[:4] + [played(5, 3), played(3, 1, cut=12)])
def test_the_handout_is_svg_with_every_card_dealt_and_played(record):
    svg = deal_svg(record, title="Mardi <soir> & co")
    tree = ElementTree.fromstring(svg)  # well-formed XML
    assert tree.tag.endswith("svg")
    words = " ".join(tree.itertext())
    assert "Mardi <soir> & co" in words
    state = state_from_record(record, complete=False)
    labels = words.split()
    for hand in state.to_record()["hands"]:
        for card in hand:
            assert parse_card(card).label in labels
    assert len([w for w in words.split("won by")]) - 1 == len(state.tricks)
    if state.is_over and not state.result.void:
        assert "Scores:" in words


# ----- a teacher's list -----------------------------------------------------------------------


def test_a_lesson_link_opens_with_its_comments_and_a_bad_deal_keeps_the_others():
    good = [played(4, 1), played(3, 2)]
    link = lesson_link([(deal_link(good[0], "https://x.org/23-deals.html"), "The dog."),
                        (encode(good[1]), "Trick 3."), ("1ABCDEFGHIJ", "A typo.")],
                       "Mardi")
    assert link.startswith("#l=L")
    lesson = read_lesson("https://x.org/23-deals.html" + link)
    assert lesson["title"] == "Mardi"
    first, second, bad = lesson["items"]
    assert first["record"] == state_from_record(good[0]).to_record()
    assert (first["comment"], second["comment"]) == ("The dog.", "Trick 3.")
    assert bad["record"] is None and "damaged" in bad["problem"] and bad["comment"] == "A typo."
    assert read_lesson(link[3:]) == lesson


def test_a_lesson_link_is_refused_in_words():
    with pytest.raises(InvalidRecord, match="one deal, not a list"):
        read_lesson("#d=" + encode(played()))
    with pytest.raises(InvalidRecord, match="no list code"):
        read_lesson("#l=")
    with pytest.raises(InvalidRecord, match="damaged"):
        link = lesson_link([(encode(played()), "x")])
        read_lesson(link[:-2])
    with pytest.raises(InvalidRecord, match="text"):
        read_lesson(None)


def test_the_teachers_lines_are_read_and_each_deal_checked():
    code = encode(played())
    text = (f"# Tuesday\n\nhttps://x.org/23-deals.html#d={code} Look at the dog.\n"
            f"{code}\n#d={code} Again\n1ABC oops\n")
    items, problems = lesson_from_lines(text)
    assert items == [(code, "Look at the dog."), (code, ""), (code, "Again")]
    assert len(problems) == 1 and problems[0].startswith("Line 6: The deal code is cut short")
