"""The curated guided hands of exercises/hands/: every claim agrees with the engine,
and together they cover what the guided-hands chapter promises."""

import copy
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from tarot_teach import EXCUSE, parse_card, points, replay
from tarot_teach.guided import CARD_MENTION, check_guided_hand, load_guided_hand, trick_facts

HANDS = Path(__file__).resolve().parent.parent / "exercises" / "hands"
FILES = sorted(HANDS.glob("*.json"))


def _final(path):
    hand = load_guided_hand(path)
    return hand, hand.state_at(hand.steps)


def test_there_are_enough_hands():
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_claim_agrees_with_the_engine(path):
    assert check_guided_hand(path) == []
    hand = load_guided_hand(path)
    assert replay(hand.record) == hand.expected


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_commentary_is_complete(path):
    hand, final = _final(path)
    notes = hand.commentary
    assert any(n["at"] == "bids" for n in notes)
    assert any(n["at"] == "end" for n in notes)
    if hand.record.get("discard"):
        assert any(n["at"] == "discard" for n in notes)
    commented = {n["trick"] for n in notes if n["at"] == "trick"}
    assert commented == set(range(1, len(final.tricks) + 1)), "a comment on every trick"
    assert all("winner" in n for n in notes if n["at"] == "trick")
    assert len(hand.questions) >= 2
    assert all(len(q.why) > 15 for q in hand.questions)
    assert hand.title and hand.summary


def _features():
    found = {}
    for path in FILES:
        hand, final = _final(path)
        result, record = final.result, hand.record
        breakdown = result.breakdown
        features = set()
        if result.bid.value == "take" and breakdown.contract_made:
            features.add("take made")
        if result.bid.value == "guard" and not breakdown.contract_made:
            features.add("guard failed")
        if breakdown.petit_au_bout == "taker":
            features.add("petit au bout won")
        if breakdown.petit_au_bout == "defence":
            features.add("petit au bout lost")
        last_trick = [c for c in final.tricks[-1][1]]
        if 0 in last_trick:  # the Excuse has index 0
            features.add("Excuse on the last trick")
        if (record.get("declarations") or {}).get("poignees"):
            features.add("poignée")
        if breakdown.chelem in ("made", "announced_made"):
            features.add("slam")
        if record["players"] == 3:
            features.add("three players")
        if record["players"] == 5 and final.called is not None and final.partner is not None \
                and any(parse_card(record["called"]).index in cards for _, cards, _ in final.tricks):
            features.add("five players, called King")
        for feature in features:
            found.setdefault(feature, []).append(path.stem)
    return found


@pytest.mark.parametrize("feature", ["take made", "guard failed", "petit au bout won",
                                     "petit au bout lost", "Excuse on the last trick", "poignée",
                                     "slam", "three players", "five players, called King"])
def test_coverage(feature):
    assert feature in _features()


def test_the_excuse_hand_is_not_a_slam_exception():
    """In the Excuse hand, the Excuse on the last trick really changed sides."""
    hand, final = _final(HANDS / "excuse-last-trick.json")
    leader, cards, winner = final.tricks[-1]
    excuse_seat = (leader + cards.index(0)) % final.players
    assert final.side_of(excuse_seat) != final.side_of(winner)
    assert final.final_piles[1] & 1, "the Excuse ends in the defence's pile"


# ----- a broken copy is caught ----------------------------------------------------------------

def _broken(tmp_path, change, name="take-made"):
    data = json.loads((HANDS / f"{name}.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return check_guided_hand(path)


def _trick_note(data, number):
    return next(n for n in data["commentary"] if n.get("trick") == number)


def test_a_wrong_winner_is_reported(tmp_path):
    def change(data):
        note = _trick_note(data, 1)
        note["winner"] = (note["winner"] + 1) % 4
    problems = _broken(tmp_path, change)
    assert any("trick 1" in p and "wins" in p for p in problems)


def test_a_card_not_in_the_trick_is_reported(tmp_path):
    def change(data):
        played = {c for trick in data["record"]["tricks"][:1] for c in trick}
        other = next(c for c in data["record"]["tricks"][5] if c not in played)
        _trick_note(data, 1)["text"] += " {" + other + "}"
    problems = _broken(tmp_path, change)
    assert any("names" in p and "not played in trick 1" in p for p in problems)


def test_a_wrong_expected_score_is_reported(tmp_path):
    def change(data):
        data["expected"]["scores"] = [s + 1 if i == 0 else s - 1 if i == 1 else s
                                      for i, s in enumerate(data["expected"]["scores"])]
    problems = _broken(tmp_path, change)
    assert any(p.startswith("expected") for p in problems)


def test_a_wrong_question_card_is_reported(tmp_path):
    def change(data):
        question = data["questions"][0]
        trick = data["record"]["tricks"][question["trick"] - 1]
        question["expect"] = next(c for c in trick if c != question["expect"])
    problems = _broken(tmp_path, change)
    assert any("the question expects" in p for p in problems)


def test_every_mention_is_a_card():
    for path in FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        for note in data["commentary"]:
            for name in CARD_MENTION.findall(note["text"]):
                parse_card(name)


def test_the_generator_reproduces_the_files(tmp_path, monkeypatch):
    """scripts/make_hands.py builds exactly the committed files."""
    import importlib.util
    import sys

    script = HANDS.parent.parent / "scripts" / "make_hands.py"
    spec = importlib.util.spec_from_file_location("make_hands", script)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "make_hands", module)
    spec.loader.exec_module(module)
    for name, hand_spec in module.HANDS.items():
        made = module.guided_file(name, hand_spec)
        stored = json.loads((HANDS / f"{name}.json").read_text(encoding="utf-8"))
        assert made == stored, name


def test_a_two_player_record_with_piles_replays_step_by_step():
    from tarot_teach import GameState, RuleSet, replay
    from tarot_teach.guided import load_guided_hand
    from tarot_teach.players import play_out

    state = play_out(GameState.new(RuleSet(players=2, two_players=True), seed=4))
    record = state.to_record()
    assert "piles" in record
    hand = load_guided_hand({"title": "two", "learner": 0, "record": record,
                             "expected": replay(record)})
    final = hand.state_at(hand.steps)
    assert final.is_over and final.to_record() == record


@pytest.mark.parametrize("where, old, new, reported", [
    ("end", "made by 4", "made by 5", "made by 5"),
    ("end", "made by 4", "failed by 4", "failed by 4"),
    ("end", "needed 51 points", "needed 51 points (target 51), target 41", "target 41"),
    ("end", "= 29", "= 30", "pays 30"),
    ("bids", "50 points on the scale", "60 points on the scale", "counts 60 points"),
])
def test_a_wrong_figure_in_a_comment_is_reported(tmp_path, where, old, new, reported):
    def change(data):
        note = next(n for n in data["commentary"] if n["at"] == where)
        assert old in note["text"]
        note["text"] = note["text"].replace(old, new)
    problems = _broken(tmp_path, change)
    assert any(reported in p for p in problems), problems


# ----- the words agree with the engine's facts of each trick (issue 9, item 5) ----------------

def _trick_notes(hand):
    return {n["trick"]: n["text"] for n in hand.commentary if n["at"] == "trick"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_worth_claims_match_the_engines_piles(path):
    """Every "the trick is worth N points to X" equals what the engine's piles gained."""
    hand = load_guided_hand(path)
    facts = {f.number: f for f in trick_facts(hand)}
    notes = _trick_notes(hand)
    for number, text in notes.items():
        for amount, side in re.findall(r"worth (\d+(?:\.\d+)?) points to (the \w+)", text):
            trick = facts[number]
            assert Fraction(amount) == trick.worth, (number, text)
            assert (side == "the defence") == (trick.winner_side == 1), (number, text)


def test_an_excuse_kept_by_the_losers_is_not_counted_for_the_winners():
    """The issue's cases: a defender's Excuse in a trick the taker wins. The trick brings the
    taker its other cards plus the half-point card owed: 8.5 → 4.5, 7 → 3, 6 → 2."""
    seen = {}
    for path in FILES:
        hand = load_guided_hand(path)
        for trick in trick_facts(hand):
            if trick.exchange_owed:
                cards = [card for _, card in trick.plays]
                expected = points(cards) - EXCUSE.points + Fraction(1, 2)
                assert trick.worth == expected
                assert trick.excuse_to_side != trick.winner_side
                seen[(path.stem, trick.number)] = (points(cards), trick.worth)
    assert seen[("five-players", 14)] == (Fraction(17, 2), Fraction(9, 2))
    assert seen[("guard-failed", 16)] == (7, 3)
    assert seen[("petit-au-bout-won", 11)] == (6, 2)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_owed_card_only_when_the_excuses_side_lost_the_trick(path):
    hand = load_guided_hand(path)
    facts = {f.number: f for f in trick_facts(hand)}
    final = hand.state_at(hand.steps)
    for number, text in _trick_notes(hand).items():
        trick = facts[number]
        if trick.excuse_seat is not None:
            lost = final.side_of(trick.excuse_seat) != trick.winner_side
            assert trick.exchange_owed == (lost and not trick.last)
        if re.search(r"\bowes?\b|in exchange", text):
            assert trick.exchange_owed, (number, text)


SMALL_WORDS = re.compile(r"\{(\w+)\}[,:]? (?:a |the |your )?(?:small|low)\b")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_no_court_card_is_called_small(path):
    hand = load_guided_hand(path)
    for note in hand.commentary:
        for name in SMALL_WORDS.findall(note["text"]):
            card = parse_card(name)
            assert not card.is_court and card.points == Fraction(1, 2), note["text"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_throw_only_for_a_card_that_does_not_follow(path):
    hand = load_guided_hand(path)
    facts = {f.number: f for f in trick_facts(hand)}
    for number, text in _trick_notes(hand).items():
        plays = [card for _, card in facts[number].plays]
        led = next(card.suit for card in plays if not card.is_excuse)
        for name in re.findall(r"\b(?:throws?|threw) \{(\w+)\}", text):
            card = parse_card(name)
            assert card.suit is not led and not card.is_trump, (number, text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_discard_comment_names_the_whole_dog(path):
    hand = load_guided_hand(path)
    if not hand.record.get("discard"):
        return
    text = next(n["text"] for n in hand.commentary if n["at"] == "discard")
    named = {parse_card(name) for name in CARD_MENTION.findall(text)}
    assert {parse_card(c) for c in hand.record["dog"]} <= named


@pytest.mark.parametrize("name, trick, old, new, reported", [
    ("five-players", 14, "worth 4.5 points", "worth 8.5 points", "worth 8.5 points"),
    ("guard-failed", 16, "worth 3 points", "worth 7 points", "worth 7 points"),
    ("take-made", 17, "nothing is given in return for it.",
     "they owe you a small card for it.", "owed"),
    ("five-players", 1, "follow suit with {6S}", "throw {6S}", "thrown"),
    ("three-players", 15, "{CC}, a court card, but", "{CC}, a small card, but", "CC is called small"),
    ("take-made", None, "and {7D}. You lay", ". You lay", "7D"),
])
def test_the_old_wrong_words_are_reported(tmp_path, name, trick, old, new, reported):
    def change(data):
        note = next(n for n in data["commentary"]
                    if (n.get("trick") == trick if trick else n["at"] == "discard"))
        assert old in note["text"]
        note["text"] = note["text"].replace(old, new)
    problems = _broken(tmp_path, change, name)
    assert any(reported in p for p in problems), problems
