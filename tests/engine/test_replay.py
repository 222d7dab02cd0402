"""Hand records (HAND_RECORD.md): replay, malformed records, refused steps."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarot_teach import (DECK, VARIANTS, GameState, IllegalAction, InvalidRecord, Poignee, RuleSet,
                         load_record, parse_card, random_playout, replay, state_from_record,
                         why_illegal)


def played_record(players=4, seed=3) -> dict:
    state = random_playout(GameState.new(RuleSet(players=players), seed=seed),
                           random.Random(seed))
    assert state.result.void is None
    return state.to_record()


@pytest.fixture(scope="module")
def record4():
    return played_record(4, 3)


def poignee_record(chelem: bool) -> dict:
    """Seat 1 holds T1-T12: it takes a Guard, shows a simple poignée of T3-T12 and the deal is
    played out at random."""
    cards = [str(c) for c in DECK]
    seat1 = cards[1:13] + cards[22:28]  # T1..T12 and 1S..6S
    rest = [c for c in cards if c not in seat1]
    hands = [rest[0:18], seat1, rest[18:36], rest[36:54]]
    state = GameState.from_hands(RuleSet(players=4), hands, rest[54:60])
    for bid in ("guard", "pass", "pass", "pass"):
        state.play(bid)
    while state.discard.__len__() < 6:
        state.play(state.legal_actions()[0])
    state.play("chelem" if chelem else "no_chelem")
    state.play(Poignee(tuple(parse_card(f"T{n}") for n in range(3, 13)), "simple"))
    random_playout(state, random.Random(1))
    return state.to_record()


def refused(record, error=InvalidRecord):
    """Replay a broken record: it raises ``error``, and the record is left as it was."""
    before = copy.deepcopy(record)
    with pytest.raises(error) as caught:
        replay(record)
    assert record == before
    return caught.value


# ----- well-formed records -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_played_record_replays_to_its_result(players):
    for seed in range(20):
        state = random_playout(GameState.new(RuleSet(players=players), seed=seed),
                               random.Random(seed))
        record = state.to_record()
        assert replay(record) == state.result.to_dict()
        assert replay(json.loads(json.dumps(record))) == state.result.to_dict()


def test_replay_result_format(record4):
    result = replay(record4)
    assert set(result) == {"taker", "partner", "bid", "taker_points", "taker_bouts",
                           "contract_made", "scores"}
    assert isinstance(result["taker_points"], float)
    assert len(result["scores"]) == 4 and sum(result["scores"]) == 0


def test_card_names_in_a_record_are_case_insensitive(record4):
    lower = copy.deepcopy(record4)
    lower["hands"] = [[c.lower() for c in hand] for hand in lower["hands"]]
    lower["tricks"] = [[c.lower() for c in trick] for trick in lower["tricks"]]
    assert replay(lower) == replay(record4)


def test_a_record_with_a_poignee_and_a_slam_announcement():
    record = poignee_record(chelem=True)
    assert record["declarations"] == {"chelem": True,
                                      "poignees": {"1": [f"T{n}" for n in range(3, 13)]}}
    result = replay(record)
    assert result["taker"] == 1 and sum(result["scores"]) == 0
    # without its poignée, the same deal scores differently
    without = copy.deepcopy(record)
    del without["declarations"]["poignees"]
    assert replay(without)["scores"] != replay(record)["scores"]


def test_void_records():
    state = GameState.new(RuleSet(players=4), seed=1)
    for _ in range(4):
        state.play("pass")
    record = state.to_record()
    assert record["bids"] == ["pass"] * 4
    assert replay(record) == {"void": "all_passed"}
    assert "void after the bids" in str(refused(dict(record, tricks=[["KH"]])))


def test_petit_sec_record():
    cards = [str(c) for c in DECK]
    plain = cards[22:]
    trumps = cards[2:22]  # T2 .. T21
    hands = [["T1"] + plain[0:17], plain[17:35], plain[35:53], trumps[:3] + plain[53:56] + trumps[3:15]]
    dog = ["EX"] + trumps[15:20]
    assert sorted(sum(hands, []) + dog) == sorted(cards)
    record = {"players": 4, "hands": hands, "dog": dog}
    assert replay(record) == {"void": "petit_sec"}
    hands[0][1], dog[0] = dog[0], hands[0][1]  # now the Petit has the Excuse for company
    with pytest.raises(InvalidRecord, match="incomplete"):
        replay(record)


def test_an_unfinished_record_is_refused_unless_asked_for(record4):
    partial = copy.deepcopy(record4)
    partial["tricks"] = partial["tricks"][:5] + [partial["tricks"][5][:2]]
    error = refused(partial)
    assert "incomplete" in str(error)
    state = state_from_record(partial, complete=False)
    assert len(state.tricks) == 5 and len(state.trick) == 2
    assert state.to_record() == partial
    random_playout(state, random.Random(0))
    assert replay(state.to_record()) == state.result.to_dict()


# ----- malformed records: InvalidRecord -------------------------------------------------------


def test_unknown_card(record4):
    broken = copy.deepcopy(record4)
    broken["hands"][2][5] = "11H"
    error = refused(broken)
    assert "'11H'" in str(error) and "seat 2" in str(error)
    broken = copy.deepcopy(record4)
    broken["tricks"][3][1] = "ZZ"
    error = refused(broken)
    assert "'ZZ'" in str(error) and "trick 4" in str(error)


def test_duplicate_card(record4):
    broken = copy.deepcopy(record4)
    broken["hands"][1][0] = broken["hands"][0][0]
    error = refused(broken)
    assert broken["hands"][0][0] in str(error) and "twice" in str(error)
    broken = copy.deepcopy(record4)
    broken["dog"][0] = broken["hands"][3][4]
    error = refused(broken)
    assert "twice" in str(error) and "dog" in str(error)
    broken = copy.deepcopy(record4)
    broken["hands"][2][1] = broken["hands"][2][0]
    assert "twice" in str(refused(broken))


def test_wrong_hand_size(record4):
    broken = copy.deepcopy(record4)
    broken["dog"].append(broken["hands"][2].pop())
    error = refused(broken)
    assert "seat 2 holds 17 cards" in str(error) and "18" in str(error)
    broken = copy.deepcopy(record4)
    broken["hands"][0].append(broken["dog"].pop())
    assert "19" in str(refused(broken))


def test_wrong_dog_size(record4):
    broken = copy.deepcopy(record4)
    broken["dog"] = broken["dog"][:5]
    assert "dog" in str(refused(broken))


def test_wrong_number_of_hands(record4):
    broken = copy.deepcopy(record4)
    broken["hands"] = broken["hands"][:3]
    assert "4 hands" in str(refused(broken))
    broken = copy.deepcopy(record4)
    broken["players"] = 5
    assert "5 hands" in str(refused(broken))


def test_bad_player_count(record4):
    for players in (2, 6, "4", None, True):
        broken = dict(record4, players=players)
        assert "3, 4 or 5" in str(refused(broken))


def test_bad_variant_name_lists_the_variants(record4):
    broken = dict(record4, variant={"chicane": True})
    message = str(refused(broken))
    assert "chicane" in message
    for name in VARIANTS:
        assert name in message


def test_variant_value_refused_or_wrong_table_size(record4):
    message = str(refused(dict(record4, variant={"alternative_scoring": "chicane"})))
    assert "chicane" in message and "round_tens" in message and "fixed_bases" in message
    assert "3 players" in str(refused(dict(record4, variant={"cosmic_tribe": True})))
    assert "true or false" in str(refused(dict(record4, variant={"pousse": "yes"})))
    assert "exclude" in str(refused(dict(record4, variant={"excuse_always_kept": True,
                                                           "excuse_last_trick_to_winner": True})))


def test_too_many_tricks(record4):
    broken = copy.deepcopy(record4)
    broken["tricks"].append(list(broken["tricks"][0]))
    assert "19 tricks" in str(refused(broken))


def test_trick_of_the_wrong_size(record4):
    broken = copy.deepcopy(record4)
    broken["tricks"][4] = broken["tricks"][4][:3]
    assert "trick 5" in str(refused(broken))
    broken = copy.deepcopy(record4)
    broken["tricks"][-1] = broken["tricks"][-1] + ["KH"]
    assert "trick 18" in str(refused(broken))


def test_other_malformed_fields(record4):
    assert "unknown field" in str(refused(dict(record4, score=3)))
    assert "bid" in str(refused(dict(record4, bids=["pass", "maybe", "pass", "pass"])))
    assert "list" in str(refused(dict(record4, bids="pass")))
    assert "five-player" in str(refused(dict(record4, called="KS")))
    assert "dealer" in str(refused(dict(record4, dealer=7)))
    assert refused(dict(record4, declarations="chelem"))
    assert refused(dict(record4, declarations={"chelem": "yes"}))
    assert refused(dict(record4, declarations={"poignees": {"x": []}}))
    assert refused(dict(record4, declarations={"poignees": {"9": []}}))
    assert "exactly" in str(refused(dict(record4, declarations={"poignees": {"1": ["T2"]}})))
    with pytest.raises(InvalidRecord):
        replay(["not", "a", "dict"])


def test_discard_after_a_guard_without(record4):
    state = GameState.new(RuleSet(players=4), seed=9)
    for bid in ("guard_without", "pass", "pass", "pass"):
        state.play(bid)
    state.play("no_chelem")
    random_playout(state, random.Random(9))
    record = state.to_record()
    assert "discard" not in record
    error = refused(dict(record, discard=record["hands"][1][:6]))
    assert "no discard" in str(error)


def test_five_players_need_the_called_card():
    record = played_record(5, 2)
    assert "called" in record
    broken = {k: v for k, v in record.items() if k != "called"}
    assert "called" in str(refused(broken))


@st.composite
def json_values(draw):
    return draw(st.recursive(
        st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False)
        | st.sampled_from(["", "KH", "T1", "EX", "pass", "guard", "1", "x"]),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
            st.sampled_from(["0", "1", "chelem", "poignees", "x"]), inner, max_size=2),
        max_leaves=6))


@pytest.mark.slow  # hypothesis, 300 corrupted records
@settings(derandomize=True, deadline=None, max_examples=300, database=None)
@given(data=st.data())
def test_any_corruption_is_a_value_error_never_a_crash(data, record4):
    """Whatever is written in a field, replay answers with a result or one of its two errors."""
    broken = copy.deepcopy(record4)
    key = data.draw(st.sampled_from(sorted(broken) + ["declarations", "called", "discard"]))
    value = data.draw(json_values())
    target = broken.get(key)
    if isinstance(target, list) and target and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(target) - 1))
        if isinstance(target[index], list) and target[index] and data.draw(st.booleans()):
            target[index][data.draw(st.integers(0, len(target[index]) - 1))] = value
        else:
            target[index] = value
    else:
        broken[key] = value
    try:
        replay(broken)
    except (InvalidRecord, IllegalAction) as error:
        assert str(error)


# ----- refused steps: IllegalAction naming the step, the seat and the rule ----------------------


def find_revoke(players=4, trick_number=3):
    """A played record, and where in trick ``trick_number`` a seat could have revoked:
    ``(record, position, seat, card played there, a card it held but could not play)``."""
    for seed in range(500):
        state = random_playout(GameState.new(RuleSet(players=players), seed=seed),
                               random.Random(seed))
        if state.result.void:
            continue
        index = trick_number - 1
        leader, cards, _ = state.tricks[index]
        for position in range(1, players):
            seat = (leader + position) % players
            later = [DECK[c] for (lead, trick, _) in state.tricks[index:]
                     for k, c in enumerate(trick) if (lead + k) % players == seat]
            trick = [DECK[c] for c in cards[:position]]
            for card in later[1:]:
                reason = why_illegal(later, trick, card)
                if reason and "follow" in reason:
                    return state.to_record(), position, seat, later[0], card
    raise AssertionError("no revoke found")


def test_a_revoke_in_trick_3_names_the_step_the_seat_and_the_rule():
    record, position, seat, played, revoke = find_revoke()
    broken = copy.deepcopy(record)
    # swap the two cards: the seat plays ``revoke`` in trick 3 and ``played`` later
    for trick in broken["tricks"][3:]:
        if str(revoke) in trick:
            trick[trick.index(str(revoke))] = str(played)
    broken["tricks"][2][position] = str(revoke)
    error = refused(broken, IllegalAction)
    message = str(error)
    assert message.startswith(f"trick 3, seat {seat}: ")
    assert "must follow" in message
    assert error.rule == "follow_suit" and error.seat == seat
    assert replay(record)  # the good record still replays


def test_illegal_bid_names_the_bid():
    state = random_playout(GameState.new(RuleSet(players=4), seed=5), random.Random(5))
    record = state.to_record()
    broken = dict(record, bids=["guard", "take", "pass", "pass"])
    error = refused(broken, IllegalAction)
    assert str(error).startswith("bid 2, seat 2: ") and error.rule == "bid_too_low"


def test_illegal_discard_names_the_discard():
    for seed in range(100):
        state = GameState.new(RuleSet(players=4), seed=seed)
        if state.is_over:
            continue
        for bid in ("guard", "pass", "pass", "pass"):
            state.play(bid)
        kings = [c for c in state.hand(1) if c.is_king]
        if kings:
            break
    random_playout(state, random.Random(seed))
    record = state.to_record()
    broken = copy.deepcopy(record)
    broken["discard"][2] = str(kings[0])
    error = refused(broken, IllegalAction)
    assert str(error).startswith("the discard, seat 1: ") and error.rule == "discard_king"


def test_a_card_not_held_names_the_trick():
    record = played_record(4, 3)
    broken = copy.deepcopy(record)
    # the first card of trick 1 replaced by a card of another seat's hand
    first = broken["tricks"][0][0]
    other = next(hand for hand in broken["hands"] if first not in hand)
    stranger = next(c for c in other if c not in sum(broken["tricks"][:1], []))
    broken["tricks"][0][0] = stranger
    error = refused(broken, IllegalAction)
    assert str(error).startswith("trick 1, seat ") and "does not hold" in str(error)
    assert error.rule == "not_in_hand"


def test_a_poignee_with_a_card_not_held():
    record = poignee_record(chelem=False)
    seat, shown = next(iter(record["declarations"]["poignees"].items()))
    broken = copy.deepcopy(record)
    foreign = next(c for other, hand in enumerate(record["hands"]) if other != int(seat)
                   for c in hand if parse_card(c).is_trump)
    broken["declarations"]["poignees"][seat][0] = foreign
    error = refused(broken, IllegalAction)
    assert "poignée" in str(error) and f"seat {seat}" in str(error)
    assert error.rule == "poignee_cards"


def test_load_record(tmp_path, record4):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record4), encoding="utf-8")
    assert load_record(path) == record4
    for content, words in ((b"{not json", "not valid JSON"), (b"[1, 2]", "one JSON object"),
                           (b"\xff\xfe\x00garbage", "UTF-8")):
        path.write_bytes(content)
        with pytest.raises(InvalidRecord, match=words):
            load_record(path)
    with pytest.raises(InvalidRecord, match="cannot read"):
        load_record(tmp_path / "missing.json")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    with pytest.raises(InvalidRecord):
        load_record(deep)


def _state_offering_a_poignee():
    """A deal played by computer players up to a seat's first card with a poignée to show."""
    from tarot_teach.players import ComputerPlayer

    for seed in range(300):
        state = GameState.new(RuleSet(players=4), seed=seed)
        while not state.is_over:
            offers = [a for a in state.legal_actions() if isinstance(a, Poignee)]
            if offers:
                return state, offers
            state.play(ComputerPlayer().decide(state).action)
    pytest.fail("no deal offered a poignée")


def test_a_saved_game_may_stop_between_a_poignee_and_its_card():
    from tarot_teach import state_from_record

    state, offers = _state_offering_a_poignee()
    state.play(offers[0])
    resumed = state_from_record(state.to_record(), complete=False)
    assert resumed.to_record() == state.to_record()
    assert resumed.legal_actions() == [a for a in state.legal_actions()]


def test_a_poignee_written_as_text_round_trips():
    state, offers = _state_offering_a_poignee()
    twin = state.copy()
    state.play(str(offers[0]))  # "poignee:simple"
    twin.play(offers[0])
    assert state.to_record() == twin.to_record()
    with pytest.raises(IllegalAction) as refused:
        state.copy().play("poignee:simple")  # only once, before the first card
    assert refused.value.rule in ("poignee_count", "poignee_timing")


def test_too_many_bids_and_bids_after_a_petit_sec_are_malformed():
    state = GameState.new(RuleSet(players=4), seed=8)
    record = state.to_record()
    record["bids"] = ["pass"] * 5
    with pytest.raises(InvalidRecord, match="each of the 4 seats speaks once"):
        replay(record)
    void = next(GameState.new(RuleSet(players=4), seed=seed) for seed in range(20_000)
                if GameState.new(RuleSet(players=4), seed=seed).is_over)  # a petit sec
    record = void.to_record()
    assert replay(record) == {"void": "petit_sec"}
    record["bids"] = ["pass"] * 4
    with pytest.raises(InvalidRecord, match="petit sec"):
        replay(record)
