"""The deal notation (tarot_teach/notation.py): every stored and self-played record comes back
from its text as the engine writes it, untidy hand-typed text is read, hands may be left out,
and every error is an InvalidRecord naming the line (and the card)."""

import json
import random
import re
from pathlib import Path

import pytest

from tarot_teach import GameState, IllegalAction, InvalidRecord, RuleSet, replay
from tarot_teach import notation, state_from_record
from tarot_teach.errors import Rule
from tarot_teach.notation import format_deal, parse_deal
from tarot_teach.players import play_out

ROOT = Path(__file__).resolve().parents[2]


def normalised(record: dict) -> dict:
    return state_from_record(record, complete=False).to_record()


def stored_records() -> list:
    paths = sorted((ROOT / "exercises" / "hands").glob("*.json"))
    assert paths
    return [(path.stem, json.loads(path.read_text(encoding="utf-8"))["record"])
            for path in paths]


def self_played(rules: RuleSet, seed: int) -> GameState:
    return play_out(GameState.new(rules, seed=seed, dealer=seed % rules.players))


def cut(state: GameState, steps: int) -> dict:
    """``state``'s deal stopped after its first ``steps`` actions."""
    again = GameState(state.rules, list(state.dealt_hands), state.dealt_dog, state.dealer)
    for action in state.history[:steps]:
        again.play(action)
    return again.to_record()


def docstring_example() -> str:
    block = notation.__doc__.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    return "\n".join(line[4:] for line in block.splitlines())


def error_of(text: str, **options) -> str:
    with pytest.raises(InvalidRecord) as caught:
        parse_deal(text, **options)
    return str(caught.value)


# ----- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("name, record", stored_records())
def test_stored_records_round_trip(name, record):
    text = format_deal(record)
    assert parse_deal(text) == normalised(record), name
    assert replay(parse_deal(text)) == replay(record)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_self_played_deals_round_trip_whole_and_cut(players):
    rng = random.Random(players)
    rules = RuleSet(players=players)
    for seed in range(70):
        state = self_played(rules, seed)
        record = state.to_record()
        assert parse_deal(format_deal(record)) == record, seed
        part = cut(state, rng.randrange(len(state.history) + 1))
        assert parse_deal(format_deal(part)) == part, (seed, part)


@pytest.mark.parametrize("variant", ["misere", "petit_chelem", "goulash", "cosmic_tribe",
                                     "excuse_always_kept", "five_no_partner", "pousse"])
def test_variant_deals_round_trip(variant):
    rules = RuleSet.from_variant({variant: True})
    for seed in range(8):
        record = self_played(rules, seed).to_record()
        text = format_deal(record)
        assert text.startswith(f"players: {rules.players}\nvariant: ")
        assert parse_deal(text) == record, seed


def test_a_two_player_deal_has_no_notation():
    record = GameState.new(RuleSet.from_variant({"two_players": True}), seed=1).to_record()
    with pytest.raises(InvalidRecord, match="two-player"):
        format_deal(record)


# ----- the example, untidy text, parts left out ----------------------------------------------


def test_the_docstring_example_is_a_legal_whole_deal():
    record = parse_deal(docstring_example())
    assert len(record["tricks"]) == 18 and record["declarations"]["poignees"]["0"][-1] == "EX"
    assert replay(record)["scores"] == [180, -60, -60, -60]
    assert format_deal(record).splitlines() == [
        line for line in docstring_example().splitlines() if not line.startswith("#")]


def test_untidy_text_typed_by_hand():
    text = docstring_example()
    record = parse_deal(text)
    untidy = (text.replace("hand 0:", "  Main 0 =").replace("hand 1:", "SEAT1 :")
              .replace("hand 2:", "hand 2").replace("dog:", "Chien :")
              .replace("bids: take pass pass pass", "Enchères: Prise, passe,  PASS,pass")
              .replace("discard:", "écart:").replace("poignee 0:", "Poignée 0:")
              .replace("dealer: 3", "donneur: seat 3   # she shuffled")
              .replace(" 1: ", "trick 1: ").replace(" 2: ", "Pli 2 : ")
              .replace("KH", "R♥").replace("QS", "d♠").replace("EX", "excuse")
              .replace("T21", "21").replace(" 3C", " 3c").replace("8C", "8♣"))
    untidy = re.sub(r"(?m)^ ?3: ", "", untidy)  # a line of cards alone: the next trick
    assert "\n5D 10D" in untidy
    untidy = "\n\n".join(line.replace(" ", "  ") for line in untidy.splitlines())
    assert parse_deal(untidy) == record
    assert parse_deal(untidy.replace("players:  4", "")) == record
    assert parse_deal(untidy.replace("players:  4", ""), players=4) == record


def test_multi_word_bids_and_announcements():
    state = GameState.new(RuleSet(players=4), seed=3)
    text = format_deal(state.to_record())
    record = parse_deal(text + "bids: passe garde sans le chien pass, garde contre\n")
    assert record["bids"] == ["pass", "guard_without", "pass", "guard_against"]
    announced = parse_deal(text + "bids: pass pass guard-without pass\nslam: oui\n1: T18")
    assert announced["declarations"]["chelem"] and announced["tricks"] == [["T18"]]
    assert error_of(text + "bids: pass pass guard-without pass\nchelem: T21") \
        == "Line 9: say 'yes' or 'no', not 'T21'."


def test_hands_left_out():
    rules = RuleSet(players=4)
    for seed in range(30):
        state = self_played(rules, seed)
        record = state.to_record()
        lines = format_deal(record).splitlines()
        without_dog = "\n".join(line for line in lines if not line.startswith("dog:"))
        assert parse_deal(without_dog) == record, seed
        one_hand = "\n".join(line for line in lines if not line.startswith("hand 2:"))
        assert parse_deal(one_hand) == record, seed
        if record["tricks"] and len(record["tricks"][-1]) == 4 and len(record["tricks"]) == 18:
            no_hands = "\n".join(line for line in lines if not line.startswith("hand "))
            assert parse_deal(no_hands) == record, seed
            assert "the dog" in error_of(no_hands.replace("dog:", "# dog:"))
    for players in (3, 5):
        record = self_played(RuleSet(players=players), 1).to_record()
        no_hands = "\n".join(line for line in format_deal(record).splitlines()
                             if not line.startswith(("hand ", "players")))
        assert parse_deal(no_hands) == record


def test_a_slam_deal_without_hands_is_led_by_the_taker():
    record = dict(stored_records())["slam"]
    assert record["declarations"]["chelem"]
    text = format_deal(record)
    assert parse_deal("\n".join(line for line in text.splitlines()
                                if not line.startswith("hand "))) == normalised(record)


def test_partly_played_deals():
    state = self_played(RuleSet(players=5), 4)
    for steps in range(len(state.history) + 1):
        part = cut(state, steps)
        assert parse_deal(format_deal(part)) == part, steps


def test_the_example_stopped_anywhere_even_just_after_the_poignee():
    state = state_from_record(parse_deal(docstring_example()))
    for steps in range(len(state.history) + 1):
        part = cut(state, steps)
        assert parse_deal(format_deal(part)) == part, steps
    shown = next(n for n, action in enumerate(state.history) if "poignee" in str(action))
    assert "poignee 0:" in format_deal(cut(state, shown + 1))


@pytest.mark.slow  # the coach reviews a whole deal: seconds
def test_review_a_typed_deal():
    from tarot_teach.coach import review

    text = docstring_example()
    short = text.split("\n 3: ")[0]  # two tricks played
    entries = review(parse_deal(short), 0, samples=2)
    assert entries and all(entry for entry in entries)


# ----- errors --------------------------------------------------------------------------------


def test_a_wrong_card_names_the_line_and_the_card():
    text = docstring_example().replace("hand 1: T19 T15 KS", "hand 1: T19 T15 K")
    message = error_of(text)
    assert message.startswith("Line 5, card 3: 'K' is not a card: expected")
    assert error_of(docstring_example().replace(" 3: 5D 10D JD KD", " 3: 5D 10D JD 11D")) \
        .startswith("Line 14, card 4: '11D' is not a card")


def test_a_card_the_seat_does_not_hold():
    text = docstring_example().replace(" 1: 3S JS 2S 4S", " 1: 3S JS 2S 8S")
    assert error_of(text) == "Line 12, trick 1, card 4: seat 3 does not hold 8S."


def test_a_card_that_may_not_be_played():
    text = docstring_example().replace(" 5: KH 3H T2 1H", " 5: KH 5C T2 1H")
    message = error_of(text)
    assert message.startswith("Line 16, trick 5, card 2: seat 3 may not play 5C: ")
    with pytest.raises(InvalidRecord) as caught:
        parse_deal(text)
    assert isinstance(caught.value.__cause__, IllegalAction)
    assert caught.value.__cause__.rule is Rule.FOLLOW_SUIT


def test_wrong_numbers_of_cards():
    text = docstring_example()
    assert error_of(text.replace(" 5D\n", "\n", 1)) \
        == "Line 4: hand 0 has 17 cards; it has 18 in this game."
    assert error_of(text.replace("dog: T6 3S", "dog: T6")) \
        == "Line 8: the dog has 5 cards; it has 6 in this game."
    assert error_of(text.replace(" 3: 5D 10D JD KD", " 3: 5D 10D JD")) \
        == "Line 14: trick 3 has 3 cards; with 4 players a trick has 4."
    assert error_of(text.replace("18: T21 KS QH 10C", "18: T21 KS QH 10C 9C")) \
        .startswith("Line 29: trick 18 has 5 cards")
    assert error_of(text + "\n19: 9C") == "Line 30: no card is played here: the deal is over."


def test_unknown_keywords_and_misplaced_lines():
    text = docstring_example()
    assert error_of(text.replace("dealer:", "deeler:")) \
        .startswith("Line 3: 'deeler' is not a keyword; the keywords are players, variant")
    assert error_of(text.replace(" 4: ", " 5: ", 1)) \
        == "Line 15: trick 5 comes where trick 4 is expected (tricks are numbered 1, 2, 3…)."
    assert error_of(text.replace("dealer: 3", "dealer: 3\ndealer: 2")) \
        == "Line 4: a second 'dealer' line (the first is line 3)."
    assert error_of(text.replace("hand 2: T18", "hand 2: T19")) \
        == "Line 6, card 1: T19 is already in hand 1 (line 5)."
    assert error_of(text.replace("hand 0", "hand")).startswith("Line 4: 'hand': 'hand' needs")
    assert error_of(text.replace("dealer: 3", "dealer: 7")) \
        == "Line 3: there is no seat 7; with 4 players the seats are 0 to 3."
    assert error_of(text.replace("take pass", "take tkae")) \
        .startswith("Line 9, bid 2: 'tkae' is not a bid")
    assert error_of(text.replace("take pass pass pass", "take pass")) \
        == "Line 10: no discard yet: the auction is not over."
    assert error_of(text.replace("dealer: 3", "dealer: 3\ncall: KS")) \
        == "Line 4: only five players call a card."
    assert error_of(text.replace("variant", "x").replace("players: 4", "variant: turbo")) \
        .startswith("Line 2: unknown variant 'turbo'")


def test_illegal_declarations_and_bids_name_their_line():
    text = docstring_example()
    assert error_of(text.replace("take pass pass pass", "guard take pass pass")) \
        .startswith("Line 9, bid 2: seat 1 may not say take: ")
    assert error_of(text.replace("discard: JH", "discard: T21")) \
        .startswith("Line 10, card 1: seat 0 may not lay T21 aside: ")
    assert error_of(text.replace("discard: JH", "discard: KH")) \
        == "Line 10, card 1: seat 0 does not hold KH."
    message = error_of(text.replace("poignee 0: T1", "poignee 0: T3"))
    assert message.startswith("Line 11: seat 0 may not show this poignée: ")
    assert error_of(text.replace("poignee 0:", "poignee 1:")) \
        .startswith("Line 11: seat 1 may not show this poignée: ")
    assert error_of(text.replace("bids: take pass pass pass", "bids: take pass pass pass\n"
                                 "chelem: yes\nchelem: no")) \
        == "Line 11: a second 'chelem' line (the first is line 10)."


def test_not_text_or_nothing():
    with pytest.raises(InvalidRecord, match="text, not NoneType"):
        parse_deal(None)
    assert error_of("  # nothing\n\n").startswith("Give the dog")
    assert error_of("1: KH " * 20_000).startswith("This text has 120000 characters")
    assert error_of("dealer:\t" + "9" * 5000).startswith("Line 1: the dealer is a number")
    assert error_of("9" * 5000 + ": KH").startswith("Line 1: '999")
    assert error_of("dealer\t2\nhand\t0\tKH").startswith("Line 2: hand 0 has 1 cards")
