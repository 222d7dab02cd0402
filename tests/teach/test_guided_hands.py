"""The curated guided hands of exercises/hands/: every claim agrees with the engine,
and together they cover what the guided-hands chapter promises."""

import copy
import importlib.util
import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tarot_teach import EXCUSE, parse_card, points, replay
from tarot_teach.guided import CARD_MENTION, load_guided_hand, trick_facts

HANDS = Path(__file__).resolve().parents[2] / "exercises" / "hands"


def _check_hands():
    """scripts/check_hands.py, loaded once as ``check_hands`` (as make_hands.py imports it)."""
    if "check_hands" not in sys.modules:
        script = HANDS.parent.parent / "scripts" / "check_hands.py"
        spec = importlib.util.spec_from_file_location("check_hands", script)
        sys.modules["check_hands"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules["check_hands"])
    return sys.modules["check_hands"]


check_hands = _check_hands()
check_guided_hand, comment_shape = check_hands.check_guided_hand, check_hands.comment_shape
FILES = sorted(HANDS.glob("*.json"))


def _final(path):
    hand = load_guided_hand(path)
    return hand, hand.state_at(hand.steps)


def test_there_are_enough_hands():
    assert len(FILES) >= 12


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
    assert commented <= set(range(1, len(final.tricks) + 1))
    assert len(commented) >= len(final.tricks) * 3 // 4, "most tricks have something to say"
    assert all("winner" in n for n in notes if n["at"] == "trick")
    assert all(len(q.why) > 15 for q in hand.questions)
    assert hand.title and hand.summary


SHORT = {"five-players": 5}
"""Hands with fewer than six questions, until they are reworked (issue 26): five-players'
only lead with a choice (trick 9, 8S) loses about 2 points against T10 on 320 deals drawn
twice, so it is no judged question; no other card of the learner's is a choice."""


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_hand_asks_at_least_six_questions_of_the_promised_kinds(path):
    """The bid, the discard (or, for a player who does not discard, three cards or more),
    every declaration the learner makes, cards, and the score."""
    hand, final = _final(path)
    kinds = [q.kind for q in hand.questions]
    assert len(kinds) >= SHORT.get(path.stem, 6)
    assert kinds.count("bid") == 1 and kinds.count("score") == 1
    if final.taker == hand.learner and final.discard:
        assert "discard" in kinds
    else:
        assert kinds.count("card") >= 3
    learner_declares = [a for step, a in enumerate(hand.actions)
                        if hand.state_at(step).to_act == hand.learner
                        and str(a).startswith(("poignee", "chelem", "misere"))]
    declared = [q.expect[0] for q in hand.questions if q.kind == "declare"]
    assert declared == [str(a) for a in learner_declares]
    assert kinds.count("card") >= 2
    steps = [hand.question_step(q) for q in hand.questions]
    assert steps == sorted(steps) and len(set(steps)) == len(steps)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_answer_is_judged_by_the_engine(path):
    """At each card question: every legal card is judged, the right ones are exactly the
    engine's accepted set (which holds the record's card and not every legal card), every
    other legal card gets a reason, and a card the rules forbid is refused with the
    engine's own words."""
    from tarot_teach import IllegalAction
    from tarot_teach.teach.guided import judge_answer
    from tarot_teach.teach.guided_cards import card_answers

    hand = load_guided_hand(path)
    for question in hand.questions:
        verdict = judge_answer(hand, question, list(question.expect) if question.kind ==
                               "discard" else question.expect[0])
        assert verdict.right and verdict.legal, (question, verdict)
        if question.kind != "card":
            continue
        state = hand.state_at(hand.question_step(question))
        legal = [c for c in state.legal_actions() if hasattr(c, "suit")]
        accepted = card_answers(state, hand.learner, question.rule, question.verdict)
        assert question.card in accepted and set(accepted) < set(legal)
        for card in legal:
            verdict = judge_answer(hand, question, card)
            assert verdict.right == (card in accepted) and verdict.legal
            assert len(verdict.text) > 20
        for card in state.hand(hand.learner):
            if card not in legal:
                try:
                    state.copy().play(card)
                except IllegalAction as refusal:
                    reason = str(refusal)
                verdict = judge_answer(hand, question, card)
                assert not verdict.legal and reason in verdict.text


def test_a_bid_a_declaration_a_discard_and_a_score_are_judged():
    from tarot_teach.teach.guided import judge_answer

    hand = load_guided_hand(HANDS / "poignee.json")
    ask = {q.kind: q for q in hand.questions}
    assert judge_answer(hand, ask["bid"], "guard").right
    passed = judge_answer(hand, ask["bid"], "pass")
    assert passed.legal and not passed.right and "Guard" in passed.text
    assert judge_answer(hand, ask["declare"], "poignee:simple").right
    nothing = judge_answer(hand, ask["declare"], "none")  # a choice the rules leave open
    assert nothing.legal and nothing.right and "poignée of 10" in nothing.text
    assert "keep your trumps secret" in nothing.text
    double = judge_answer(hand, ask["declare"], "poignee:double")
    assert not double.legal  # the engine refuses a double with nine trumps and the Excuse
    state = hand.state_at(hand.question_step(ask["discard"]))
    five = judge_answer(hand, ask["discard"], ask["discard"].expect[:5])
    assert not five.legal and "exactly 6" in five.text
    from tarot_teach import IllegalAction

    try:  # a bout may never be laid aside: the engine's own reason is shown
        state.copy().play("T21")
    except IllegalAction as refusal:
        reason = str(refusal)
    refused = judge_answer(hand, ask["discard"], ["T21"] + list(ask["discard"].expect[1:]))
    assert not refused.legal and reason in refused.text
    other = [str(c) for c in state.hand(hand.learner)
             if not c.is_king and not c.is_trump and not c.is_excuse][-6:]
    own = judge_answer(hand, ask["discard"], other)
    assert own.right and "you lay aside" in own.text
    each = hand.state_at(hand.steps).result.breakdown.each_defender
    assert judge_answer(hand, ask["score"], each).right
    wrong = judge_answer(hand, ask["score"], -each)
    assert wrong.legal and not wrong.right and "Target" in wrong.text
    assert not judge_answer(hand, ask["score"], 12345).legal


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_no_two_comments_are_one_template(path):
    """Comments say something particular to their moment: no two comments of a hand are
    the same sentence with other names, cards or numbers."""
    hand = load_guided_hand(path)
    shapes = [comment_shape(n["text"]) for n in hand.commentary]
    assert len(shapes) == len(set(shapes))


def test_the_template_test_catches_a_repeated_sentence(tmp_path):
    a = "Bruno leads {KS}. Nobody can beat it or trump it: it wins. 9 trumps are out."
    b = "You lead {QH}. Nobody can beat it or trump it: it wins. 12 trumps are out."
    assert comment_shape(a) == comment_shape(b)
    assert comment_shape(a) != comment_shape("Bruno leads {KS}; Eve trumps with {T2}.")


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
            if final.taker != hand.learner:
                features.add("three players, defending")
        if record["players"] == 5 and final.taker == hand.learner and final.partner is None:
            features.add("five players, alone")
        if (record.get("variant") or {}).get("misere") and any(result.misere_scores):
            features.add("misère variant")
        if record["players"] == 5 and final.called is not None and final.partner is not None \
                and any(parse_card(record["called"]).index in cards
                        for _, cards, _ in final.tricks):
            features.add("five players, called King")
        for feature in features:
            found.setdefault(feature, []).append(path.stem)
    return found


@pytest.mark.parametrize("feature", ["take made", "guard failed", "petit au bout won",
                                     "petit au bout lost", "Excuse on the last trick", "poignée",
                                     "slam", "three players", "five players, called King",
                                     "three players, defending", "five players, alone",
                                     "misère variant"])
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


def test_the_checker_script_lists_the_problems_and_fails(tmp_path, capsys):
    """scripts/check_hands.py NAME|PATH …: each problem on a line, exit status 1 if any."""
    broken = tmp_path / "broken.json"
    data = json.loads((HANDS / "slam.json").read_text(encoding="utf-8"))
    data["expected"]["scores"][0] += 1
    broken.write_text(json.dumps(data), encoding="utf-8")
    assert check_hands.main(["slam"]) == 0
    assert capsys.readouterr().out == "1 hand checked: every claim agrees with the engine\n"
    assert check_hands.main(["slam", str(broken)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("broken: expected ") and lines[-1] == "2 hands checked: 1 problem"


def test_a_wrong_question_card_is_reported(tmp_path):
    def change(data):
        question = next(q for q in data["questions"] if q["kind"] == "card")
        trick = data["record"]["tricks"][question["trick"] - 1]
        question["expect"] = [next(c for c in trick if c != question["expect"][0])]
    problems = _broken(tmp_path, change)
    assert any("the question expects" in p for p in problems)


@pytest.mark.parametrize("kind, change, reported", [
    ("bid", lambda q: q.update(expect=["guard"]), "the question expects guard"),
    ("card", lambda q: q.update(rule="feed"), "does not fit the trick"),
    ("card", lambda q: q.update(why="Because I say so."), "not the engine's"),
    ("card", lambda q: q.update(trick=40), "no card decision in trick 40"),
])
def test_a_question_the_engine_contradicts_is_reported(tmp_path, kind, change, reported):
    def edit(data):
        question = next(q for q in data["questions"] if q["kind"] == kind
                        and q.get("rule") in (None, "sure"))
        change(question)
    problems = _broken(tmp_path, edit)
    assert any(reported in p for p in problems), problems


def test_a_card_every_rule_accepts_is_no_question(tmp_path):
    """A question where every legal card is right asks nothing: reported."""
    def edit(data):
        question = next(q for q in data["questions"] if q.get("rule") == "sure")
        state_trick = question["trick"]
        # the last trick: one card left, so every legal card is accepted
        question.update(trick=len(data["record"]["tricks"]), rule="sure",
                        expect=[data["record"]["tricks"][-1][
                            (data["learner"] - _leader(data, -1)) % data["record"]["players"]]])
        assert state_trick
    problems = _broken(tmp_path, edit)
    assert any("no choice to make" in p or "does not accept" in p for p in problems), problems


def _leader(data, index):
    hand = load_guided_hand(data)
    return hand.state_at(hand.steps).tricks[index][0]


def test_every_mention_is_a_card():
    for path in FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        for note in data["commentary"]:
            for name in CARD_MENTION.findall(note["text"]):
                parse_card(name)


@pytest.mark.slow
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
    taker its other cards plus the half-point card owed: 13.5 → 9.5, 7 → 3, 6 → 2."""
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
    assert seen[("five-players", 14)] == (Fraction(27, 2), Fraction(19, 2))
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
    ("five-players", 14, "worth 9.5 points", "worth 13.5 points", "worth 13.5 points"),
    ("guard-failed", 16, "worth 3 points", "worth 7 points", "worth 7 points"),
    ("take-made", 17, "nothing is given in return for it.",
     "they owe you a small card for it.", "owed"),
    ("five-players", 1, "you play {JD}", "you throw {JD}", "thrown"),
    ("take-made", 17, "You lead {QD};", "You lead {QD}, a small card;", "QD is called small"),
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


@pytest.mark.parametrize("pattern", [r"(\d+) trumps have still to be played",
                                     r"taker's side has (\d+(?:\.\d+)?) points in its tricks"])
def test_a_wrong_running_count_is_reported(tmp_path, pattern):
    """The counts a comment gives along the way (trumps still out, the taker's points so
    far) are the engine's; a changed figure is reported."""
    name = next(p.stem for p in FILES if any(
        re.search(pattern, n["text"]) for n in load_guided_hand(p).commentary))

    def change(data):
        note = next(n for n in data["commentary"] if re.search(pattern, n["text"]))
        figure = re.search(pattern, note["text"]).group(1)
        note["text"] = note["text"].replace(figure, str(int(float(figure)) + 3), 1)
    problems = _broken(tmp_path, change, name)
    assert any("trumps are still" in p or "points in its tricks" in p for p in problems), problems


def test_the_learner_decides_the_misere_and_the_rule_judges_it():
    """The misère hand is the learner's: asked before the first card, "none" and the misère
    its hand may not declare are wrong with the variant rule's reason (the cards that spoil
    it, the 10 each other player pays); the misère the rule allows is right."""
    from tarot_teach.declarations import misere_kinds, misere_problem
    from tarot_teach.teach.guided import judge_answer
    from tarot_teach.scoring import misere_payments

    hand = load_guided_hand(HANDS / "misere.json")
    asked = [q for q in hand.questions if q.kind == "declare"]
    assert [q.expect[0][:7] for q in asked] == ["misere:"]
    state = hand.state_at(hand.question_step(asked[0]))
    assert state.to_act == hand.learner
    mine = state.hands[hand.learner]
    allowed = misere_kinds(mine)
    assert allowed
    gain = misere_payments(state.players, [hand.learner])[hand.learner]
    for kind in allowed:
        verdict = judge_answer(hand, asked[0], f"misere:{kind}")
        assert verdict.right and f"{gain}" in verdict.text, verdict
    for kind in {"trumps", "honours"} - set(allowed):
        verdict = judge_answer(hand, asked[0], f"misere:{kind}")
        assert not verdict.right and not verdict.legal
        assert misere_problem(mine, kind, "your hand") in verdict.text  # the rule's own reason
    declined = judge_answer(hand, asked[0], "none")
    assert not declined.right and declined.legal
    assert "10" in declined.text and f"{gain}" in declined.text
    final = replay(hand.record)
    assert final["misere_scores"][hand.learner] == gain  # the record pays it as the text says


# ----- fair verdicts and nothing hidden (issue 26) --------------------------------------------

NAMES = ("Ada", "Bruno", "Chloé", "Dmitri", "Eve")
PRIVATE_PHRASES = re.compile(r"longest suit|nothing but trumps|only trumps left|keeping the high"
                             r"|only trump|last trump|with (?:\w+ )?trumps")
"""Words of the computer players' private reasons about their own hands."""


def _seen_by(state, seat):
    view = state.view(seat)
    seen = set(view.hand) | set(view.dog or ()) | set(view.discard or ())
    seen |= set(view.discarded_trumps) | {c for cards in view.poignees.values() for c in cards}
    return seen | {c for _, cards, _ in view.tricks for c in cards}


def _shown_too_early(hand):
    """Each comment shown before the end that names a card the learner's seat has not seen
    then, or says something private of another seat's hand."""
    found = []
    for note in hand.commentary:
        if note["at"] == "end":
            continue
        seen = _seen_by(hand.state_at(hand.anchor_step(note)), hand.learner)
        found += [(note["at"], name) for name in CARD_MENTION.findall(note["text"])
                  if parse_card(name) not in seen]
        for clause in re.split(r"[.;:]", note["text"]):
            if any(name in clause for name in NAMES):
                found += [(note["at"], words) for words in PRIVATE_PHRASES.findall(clause)]
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_no_comment_during_play_shows_what_the_learner_has_not_seen(path):
    """Comments shown while the deal is played use only what the learner's seat has seen:
    remarks about hidden hands belong to the end comment."""
    assert _shown_too_early(load_guided_hand(path)) == []


@pytest.mark.parametrize("where, text, reported", [
    ("bids", " Bruno, with seven trumps and {T21}, takes.", "names T21"),
    ("bids", " Bruno, with seven trumps, takes.", "describes a hidden hand"),
    ("discard", " Bruno keeps {T21}.", "names T21"),
])
def test_a_hidden_card_or_hand_in_a_comment_is_reported(tmp_path, where, text, reported):
    def change(data):
        next(n for n in data["commentary"] if n["at"] == where)["text"] += text
    problems = _broken(tmp_path, change, "three-players-defence")
    assert any(reported in p for p in problems), problems
    data = json.loads((HANDS / "three-players-defence.json").read_text(encoding="utf-8"))
    change(data)
    assert _shown_too_early(load_guided_hand(data))  # the test's own check sees it too


def test_a_private_lead_reason_in_a_trick_comment_is_reported(tmp_path):
    def change(data):
        note = next(n for n in data["commentary"] if n.get("trick") == 9)
        assert "Bruno leads {5C}, a low card that gives little away." in note["text"]
        note["text"] = note["text"].replace("a low card that gives little away",
                                            "a small card of the longest suit")
    problems = _broken(tmp_path, change)
    assert any("describes a hidden hand" in p for p in problems), problems


def _judged():
    from tarot_teach.guided import JUDGED_RULES

    for path in FILES:
        hand = load_guided_hand(path)
        for question in hand.questions:
            if question.rule in JUDGED_RULES:
                yield hand, question


def test_a_judged_question_accepts_every_card_as_good_as_the_best():
    """Every card the judge finds acceptable (Best, or Good: within a point or within the
    error of its deals) is right, "as good as" the best when not one of the best; a refused
    card is told its loss with its 95 % interval."""
    from tarot_teach.teach.guided import judge_answer

    as_good = refused = 0
    for hand, question in _judged():
        verdict = question.verdict
        for card, _, band, low, high, ok in verdict.rows:
            said = judge_answer(hand, question, card)
            assert said.legal and said.right == ok == (band in ("Best", "Good"))
            if ok and card not in verdict.best:
                as_good += 1
                assert said.text.startswith("Right: As good as"), said.text
                assert f"{verdict.deals} deals" in said.text
            if not ok:
                refused += 1
                assert verdict.exact or f"95 % interval {low:.1f} to {high:.1f}" in said.text
                assert low >= 1 and band.lower() in said.text  # (to a tenth)
    assert as_good and refused


def test_a_bid_near_a_limit_is_right_either_way():
    """As the final test judges a bid: the hand counts 56, so Take is as right as Guard."""
    from tarot_teach.teach.guided import bid_answers, judge_answer
    from tarot_teach.teach.final_test import reasonable_bids

    hand = load_guided_hand(HANDS / "poignee.json")
    bid = next(q for q in hand.questions if q.kind == "bid")
    state = hand.state_at(hand.question_step(bid))
    assert {str(b) for b in reasonable_bids(56)} == bid_answers(state) == {"take", "guard"}
    take = judge_answer(hand, bid, "take")
    assert take.right and "reasonable" in take.text and "Guard" in take.text
    assert not judge_answer(hand, bid, "guard_without").right


def test_feeding_a_trick_is_worded_from_who_wins_it():
    """"Your side's X wins this trick whatever you play" only when no card of yours beats X;
    else the trick is won either by X or by your own card."""
    from tarot_teach.teach.guided_cards import _wins, card_answers, card_rule_applies, card_why

    kinds = set()
    for path in FILES:
        hand = load_guided_hand(path)
        state = hand.state_at(0)
        for action in hand.actions:
            if state.to_act == hand.learner and card_rule_applies(state, hand.learner, "feed"):
                legal = [c for c in state.legal_actions() if hasattr(c, "suit")]
                why = card_why(state, hand.learner, "feed",
                               card_answers(state, hand.learner, "feed"))
                beats = any(_wins(state, card) for card in legal)
                kinds.add(beats)
                assert ("Your side's" in why) != beats, why
            state.play(action)
    assert kinds == {True, False}
