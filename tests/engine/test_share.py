"""Deal codes (tarot_teach/share.py): every stored and self-played record comes back as the
engine writes it, a four-player deal fits in 160 characters, and anything that is not a code
(cut, edited, another version, not text) raises InvalidRecord with a sentence."""

import functools
import json
import random
from pathlib import Path

import pytest

from tarot_teach import (GameState, InvalidRecord, RuleSet, replay, share, share_lists,
                         state_from_record)
from tarot_teach.cards import DECK, EXCUSE
from tarot_teach.declarations import Misere, Poignee
from tarot_teach.players import ComputerPlayer
from tarot_teach.rules import VARIANTS
from tarot_teach.share import MAX_LENGTH, decode, encode
from tarot_teach.variants import SCORING_TABLES
from test_golden import golden  # scripts/golden.py, loaded there once

ROOT = Path(__file__).resolve().parents[2]
ALPHABET = share._ALPHABET




def normalised(record: dict) -> dict:
    """The record as the engine writes it back (what decode(encode(record)) must give)."""
    return state_from_record(record, complete=False).to_record()


def round_trip(record: dict) -> str:
    code = encode(record)
    assert code.startswith(share.VERSION) and set(code) <= set(ALPHABET)
    assert decode(code) == normalised(record)
    return code


# ----- the records -------------------------------------------------------------------------


def stored_records() -> list:
    """The sample hands' records (exercises/hands/*.json, under "record")."""
    paths = sorted((ROOT / "exercises" / "hands").glob("*.json"))
    assert paths
    return [(path.stem, json.loads(path.read_text(encoding="utf-8"))["record"])
            for path in paths]


@functools.cache
def golden_records() -> tuple:
    """The deals of the golden play-throughs (tests/playthroughs/, pinned by test_golden):
    FFT with 3, 4 and 5 players and every variant, played as scripts/golden.py plays them."""
    records = []
    for name, (options, seeds, forced) in golden.CONFIGS.items():
        rules = RuleSet(**options)
        for seed in golden._seeds(rules, seeds):
            state = GameState.new(rules, seed=seed, dealer=seed % rules.players)
            rng = random.Random(f"golden:{name}:{seed}")
            while not state.is_over:
                legal = state.legal_actions()
                state.play(golden._forced(state, legal, forced)
                           or golden._choose(state, legal, rng))
            records.append((f"{name}-{seed}", state))
    return tuple(records)


def self_played(rules: RuleSet, seed: int, shuffle_poignees: bool = False) -> GameState:
    """A deal played by the learner-level computer; with ``shuffle_poignees`` every poignée a
    seat may show is shown, with other trumps of the hand, in a shuffled order."""
    state = GameState.new(rules, seed=seed, dealer=seed % rules.players)
    player, rng = ComputerPlayer(), random.Random(seed)
    while not state.is_over:
        action = player.decide(state).action
        offered = [a for a in state.legal_actions() if isinstance(a, Poignee)]
        if shuffle_poignees and offered and EXCUSE not in offered[-1].cards:
            trumps = [c for c in state.hand(state.to_act) if c.is_trump]
            action = Poignee(tuple(rng.sample(trumps, len(offered[-1].cards))), offered[-1].level)
        state.play(action)
    return state


@functools.cache
def played(players: int, count: int) -> tuple:
    return tuple(self_played(RuleSet(players=players), seed) for seed in range(count))


def cut(state: GameState, steps: int) -> dict:
    """The record of ``state``'s deal stopped after its first ``steps`` actions."""
    again = type(state)(state.rules, list(state.dealt_hands), state.dealt_dog, state.dealer,
                        state.dealt_table)
    for action in state.history[:steps]:
        again.play(action)
    return again.to_record()


# ----- round trips -------------------------------------------------------------------------


@pytest.mark.parametrize("name, record", stored_records())
def test_stored_records_round_trip(name, record):
    code = round_trip(record)
    assert replay(decode(code)) == replay(record), name


@pytest.mark.slow  # every golden deal at every cut: seconds
def test_golden_deals_round_trip_every_variant_and_every_cut():
    seen = set()
    for name, state in golden_records():
        record = state.to_record()
        assert decode(encode(record)) == record, name
        for steps in range(0, len(state.history), 7):
            part = cut(state, steps)
            assert decode(encode(part)) == part, (name, steps)
        seen.add(state.rules.players)
        seen.update(state.rules.variant_names)
        declarations = record.get("declarations", {})
        seen.update(key for key in ("poignees", "miseres", "petit_chelem")
                    if declarations.get(key))
        seen.update(["chelem"] if declarations.get("chelem") else [])
        seen.update(["void"] if state.result.void else [])
    assert {2, 3, 4, 5, "poignees", "miseres", "petit_chelem", "chelem", "void"} \
        | set(VARIANTS) <= seen


def test_a_seat_declaring_both_miseres():
    pips = [card for card in DECK if card.suit.is_plain and card.rank <= 10]
    rest = [card for card in DECK if card not in pips[:18]]
    hands = [pips[:18]] + [rest[seat:54:3] for seat in range(3)]
    state = GameState.from_hands(RuleSet(misere=True), hands, rest[54:], dealer=0)
    for action in ("take", "pass", "pass", "pass"):
        state.play(action)
    while state.to_act != 0:
        state.play(state.legal_actions()[0])
    state.play(Misere("honours"))
    state.play(Misere("trumps"))
    assert state.to_record()["declarations"]["miseres"] == {"0": ["honours", "trumps"]}
    round_trip(state.to_record())
    while not state.is_over:
        state.play(state.legal_actions()[-1])
    round_trip(state.to_record())


@pytest.mark.slow  # 500 deals played out: seconds
@pytest.mark.parametrize("players, count", [(3, 100), (4, 300), (5, 100)])
def test_self_played_deals_round_trip_whole_and_cut(players, count):
    rng = random.Random(players)
    for state in played(players, count):
        record = state.to_record()
        assert decode(encode(record)) == record
        if rng.random() < 0.3:
            part = cut(state, rng.randrange(len(state.history) + 1))
            assert decode(encode(part)) == part


@pytest.mark.parametrize("name", list(golden.CONFIGS))
def test_self_played_variant_deals_round_trip(name):
    rules = RuleSet(**golden.CONFIGS[name][0])
    for seed in range(12):
        state = self_played(rules, 1000 + seed)
        record = state.to_record()
        assert decode(encode(record)) == record, seed
        part = cut(state, random.Random(seed).randrange(len(state.history) + 1))
        assert decode(encode(part)) == part, seed


def test_poignees_keep_the_trumps_shown_and_their_order():
    shown = shuffled = 0
    for players in (4, 5):
        rules = RuleSet(players=players)
        dealt = (GameState.new(rules, seed=seed, dealer=seed % players) for seed in range(3000))
        seeds = [seed for seed, state in enumerate(dealt)
                 if golden._wanted(rules, state, "poignee")]
        for seed in seeds[:15]:
            state = self_played(rules, seed, shuffle_poignees=True)
            shown += bool(state.poignees)
            shuffled += any(list(cards) != sorted(cards) for cards in state.poignees.values())
            assert decode(encode(state.to_record())) == state.to_record()
    assert shown >= 15 and shuffled >= 10


def test_records_written_by_hand_come_back_as_the_engine_writes_them():
    states = dict(golden_records())
    record = states["fft-4-poignee-" + str(golden._seeds(RuleSet(), golden.CONFIGS[
        "fft-4-poignee"][1])[0])].to_record()
    assert record["declarations"]["poignees"]
    # Cards in any order and case, extra fields, the tricks cut in the second trick.
    tricks = record["tricks"][:1] + [record["tricks"][1][:2]]
    untidy = dict(record, hands=[[c.lower() for c in reversed(h)] for h in record["hands"]],
                  tricks=tricks, title="a deal", commentary=["kept out of the code"])
    back = decode(encode(untidy))
    assert back == normalised(untidy) == dict(record, tricks=tricks)
    # Cut before the tricks, the slam choice, the discard, the call; in the auction; dealt.
    for name in ("fft-4-poignee", "fft-5"):
        record = next(state for key, state in states.items() if key.startswith(name)
                      and state.contract is not None).to_record()
        for keys in (("tricks", "declarations"), ("tricks", "declarations", "discard"),
                     ("tricks", "declarations", "discard", "called")):
            round_trip({key: value for key, value in record.items() if key not in keys})
        for bids in range(len(record["bids"])):
            round_trip(dict(record, bids=record["bids"][:bids], tricks=[], declarations={},
                            discard=[], called=None))


def pinned_record() -> dict:
    """A deal dealt card by card (seat 0 the Excuse, T4, T8 …): a Take, then the first legal
    action each time, twelve times."""
    hands = [[str(card) for card in DECK[seat:72:4]] for seat in range(4)]
    state = GameState.from_hands(RuleSet(), hands, [str(card) for card in DECK[72:]], 3)
    for bid in ("take", "pass", "pass", "pass"):
        state.play(bid)
    for _ in range(12):
        state.play(state.legal_actions()[0])
    return state.to_record()


PINNED_CODE = "1Dn-o_bsmkE-0eQprhxMZaEDyLsxkWACBCncZ"


def test_a_code_means_the_same_deal_in_every_later_version():
    # Version 1 of the format, pinned: a change of it needs a new version character.
    assert encode(pinned_record()) == PINNED_CODE
    assert decode(PINNED_CODE) == pinned_record()


def test_the_format_knows_every_variant_and_scoring_table():
    # A new variant or table needs a new version of the format (share._FLAGS, share._TABLES).
    assert set(share._FLAGS) | {"alternative_scoring"} == set(VARIANTS)
    assert set(share._TABLES) - {False} == set(SCORING_TABLES) - {"fft"}


# ----- lengths -----------------------------------------------------------------------------


def test_a_complete_four_player_deal_fits_in_160_characters():
    complete = [state for state in played(4, 300) if not state.result.void]
    assert len(complete) >= 200 and all(len(state.tricks) == 18 for state in complete)
    lengths = [len(encode(state.to_record())) for state in played(4, 300)]
    assert max(lengths) <= 160, max(lengths)


def test_the_longest_deals_stay_far_below_the_limit():
    longest = max(len(encode(state.to_record())) for _, state in golden_records())
    assert longest <= 120 < MAX_LENGTH


# ----- what is not a code ------------------------------------------------------------------


def sample_codes() -> list[str]:
    """A complete four-player deal, a five-player deal with a call, a two-player deal."""
    states = dict(golden_records())
    return [encode(states[name].to_record()) for name in ("fft-4-1", "fft-5-1", "two_players-24")]


def refused(text, read=decode) -> str:
    """The message of the InvalidRecord ``read(text)`` raises: a sentence."""
    with pytest.raises(InvalidRecord) as caught:
        read(text)
    message = str(caught.value)
    assert message[0].isupper() and message.endswith("."), message
    return message


def test_every_cut_code_is_refused():
    for code in sample_codes():
        for end in range(len(code)):
            refused(code[:end])


def test_every_single_changed_character_is_refused():
    for code in sample_codes():
        for place, char in enumerate(code):
            for other in ALPHABET + " %+/=é\x00":
                if other != char:
                    refused(code[:place] + other + code[place + 1:])


def test_every_lost_added_or_swapped_character_is_refused():
    for code in sample_codes():
        for place in range(len(code)):
            refused(code[:place] + code[place + 1:])
            if place + 1 < len(code) and code[place] != code[place + 1]:
                refused(code[:place] + code[place + 1] + code[place] + code[place + 2:])
        for place in range(len(code) + 1):
            for char in ALPHABET:
                refused(code[:place] + char + code[place:])


def test_messages_say_what_is_wrong():
    code = sample_codes()[0]
    assert "empty" in refused("") and "empty" in refused("  \n")
    assert "text" in refused(None) and "text" in refused(42)
    assert "text" in refused(code.encode()) and "text" in refused([code])
    assert "version 1" in refused("2" + code[1:])
    assert "version 1" in refused(share._signed("2" + code[1:-6]))
    assert "damaged" in refused(code[:-1] + ("A" if code[-1] != "A" else "B"))
    assert "cut short" in refused(code[:4])
    assert "Character 3" in refused(code[:2] + "#" + code[3:])
    assert "at most" in refused("1" * 100_000)
    assert decode(f"  {code}\n") == decode(code)


def test_codes_with_a_right_check_but_made_up_numbers_never_break_decode():
    rng = random.Random(30)
    decoded = 0
    for _ in range(600):
        body = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 140)))
        try:
            record = decode(share._signed("1" + body))
        except InvalidRecord as error:
            assert str(error)
            continue
        decoded += 1
        assert decode(encode(record)) == record  # a code that decodes holds a legal deal
    assert decoded


# ----- the code of a list of deals (issue 30 item 5) -------------------------------------------


def list_refused(text) -> str:
    return refused(text, share_lists.decode_list)


def test_a_list_of_deals_round_trips_with_its_comments():
    codes = sample_codes()[:5]
    items = [(code, f"Deal {n}: l'Excuse au bout, ♥ « guillemets » & <b>") for n, code
             in enumerate(codes)]
    code = share_lists.encode_list(items, "Mardi soir — table 2")
    assert code[0] == share.LIST_VERSION and set(code) <= set(ALPHABET)
    assert share_lists.decode_list(code) == {"title": "Mardi soir — table 2", "items": items}
    assert share_lists.decode_list(share_lists.encode_list([])) == {"title": "", "items": []}


def test_a_damaged_list_code_is_refused_in_words():
    code = share_lists.encode_list([(c, "x") for c in sample_codes()[:2]], "t")
    for place in range(1, len(code)):
        changed = code[:place] + ("A" if code[place] != "A" else "B") + code[place + 1:]
        assert "damaged" in list_refused(changed)
    for end in range(len(code)):
        list_refused(code[:end])
    assert "one deal" in list_refused(sample_codes()[0])
    assert "not the code of a list" in list_refused("Xabc")
    assert "Character 3" in list_refused(code[:2] + "#" + code[3:])
    assert "text" in list_refused(None)
    assert "holds no list" in list_refused(share._signed("L" + "ABCDEFGH"))
    # a right check over a number that unpacks to something else than a list
    raw = int.from_bytes(b"\x01" + __import__("zlib").compress(b'{"t": 3}'), "big")
    assert "holds no list" in list_refused(share._signed("L" + share._text(raw)))


def test_decode_says_a_list_code_is_not_a_deal():
    code = share_lists.encode_list([(sample_codes()[0], "x")])
    assert "list of deals" in refused(code)


def test_a_list_refuses_what_cannot_go_in_a_link():
    with pytest.raises(InvalidRecord, match="at most 40 deals"):
        share_lists.encode_list([("1ABC", "")] * 41)
    with pytest.raises(InvalidRecord, match="Comment 2 has 601 characters"):
        share_lists.encode_list([("1ABC", ""), ("1ABC", "é" * 601)])
    with pytest.raises(InvalidRecord, match="The title has"):
        share_lists.encode_list([], "t" * 700)
    with pytest.raises(InvalidRecord, match="Item 1 of the list has no deal code"):
        share_lists.encode_list([("  ", "x")])
    with pytest.raises(InvalidRecord, match="not a deal code and a comment"):
        share_lists.encode_list(["1ABC"])
