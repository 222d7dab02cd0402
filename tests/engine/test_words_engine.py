"""Issue 28 item 8: the engine's refusals name cards with symbols and say why."""

import pytest

from tarot_teach import IllegalAction
from tarot_teach.actions import call_refusal
from tarot_teach.cards import parse_cards

from test_game import build

KINGS_AND_QUEENS = "KS KH KD KC QS QH QD QC T21 T20 T19 2H 3H 4H 5H"


def _calling(taker_hand):
    state = build(players=5, fixed={1: taker_hand}, dog="2C 3C 4C")
    for bid in ("take", "pass", "pass", "pass", "pass"):
        state.play(bid)
    return state


def test_a_refused_call_says_which_four_card_sets_the_taker_holds_in_symbols():
    state = _calling(KINGS_AND_QUEENS)
    with pytest.raises(IllegalAction) as caught:
        state.play("KS")
    message = str(caught.value)
    assert message == ("You hold all four Kings and all four Queens, so you call a Knight: "
                       "C♠, C♥, C♦ or C♣.")
    assert "CS" not in message


def test_a_refused_call_of_a_jack_lists_three_sets():
    assert call_refusal(parse_cards("JS JH JD JC")) == (
        "You hold all four Kings, all four Queens and all four Knights, so you call a Jack: "
        "J♠, J♥, J♦ or J♣.")


def test_a_refused_call_of_a_king_needs_no_reason():
    state = _calling("KD T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 2H 3H 4H 5H")
    with pytest.raises(IllegalAction) as caught:
        state.play("QS")
    assert str(caught.value) == "You call a King: K♠, K♥, K♦ or K♣."
