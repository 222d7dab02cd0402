"""The card table's view: what each seat is shown (pure functions and the widget, headless)."""

import re

import pytest

from tarot_teach import Card, GameState, Phase, RuleSet
from tarot_teach.cards import parse_card
from tarot_teach.errors import IllegalAction
from tarot_teach.players import ComputerPlayer
from tarot_teach.rules import Bid
from tarot_teach.teach.table_view import hand_entries, table_view
from tarot_teach.widgets.table import TableWidget


def _everything_shown(table: TableWidget) -> str:
    return " ".join([table.header.value, table.felt.value, table.live.value, table.log_view.value,
                     table.hand_head.value, table.feedback.value, table.score_view.value,
                     " ".join(b.description + b.tooltip for b in table.hand.buttons.values())])


def _computer_takes(players=4, contracts=(Bid.TAKE, Bid.GUARD)):
    """A table where the learner passed and a computer took with a contract that shows the dog."""
    for seed in range(60):
        table = TableWidget(players=players, seed=seed)
        while table.state.phase is Phase.BIDDING and not table.state.is_over:
            table.act(Bid.PASS)
        if table.state.taker not in (None, 0) and table.state.contract in contracts:
            return table
    raise AssertionError("no deal found where a computer takes")


@pytest.mark.slow  # whole deals through the table
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_defender_never_sees_the_computer_taker_s_discard(players):
    table = _computer_takes(players)
    discard = [card for card in table.state.view(table.state.taker).discard]
    assert len(discard) == table.rules.dog_size
    dog = table.state.view(0).dog
    discard = [card for card in discard if card not in dog]  # the dog was shown to all
    while not table.state.is_over:
        shown = _everything_shown(table)
        for card in discard:
            if card not in table.state.view(0).hand and not any(
                    card in cards for _, cards, _ in table.state.view(0).tricks) \
                    and card not in [c for _, c in table.state.view(0).current_trick]:
                assert card.name not in shown, f"{card.name} of the discard is shown"
                assert card.short_name not in table.log_view.value, card.short_name
        assert "lays 6 cards aside" in shown or "lays 3 cards aside" in shown
        view = table.state.view(0)
        legal = [a for a in view.legal_actions if isinstance(a, Card)]
        if view.phase is Phase.PLAYING:
            table.hand.buttons[legal[0]].value = True
        else:
            table.actions.children[-1].click()


def test_the_dog_is_face_up_after_a_computer_s_take_or_guard():
    table = _computer_takes(4)
    dog = table.state.view(0).dog
    assert dog is not None and "The dog, face up" in table.felt.value
    for card in dog:
        assert f'aria-label="{card.name}"' in table.felt.value
    assert "The dog is turned face up" in table.log_view.value


def _learner_discards():
    for seed in range(80):
        table = TableWidget(players=4, seed=seed)
        while table.state.phase is Phase.BIDDING and table.state.to_act == 0:
            table.act(max(a for a in table.state.legal_actions() if a is not Bid.GUARD_WITHOUT
                          and a is not Bid.GUARD_AGAINST))
        if table.state.phase is Phase.DISCARD and table.state.to_act == 0:
            return table
    raise AssertionError("no deal where the learner discards")


def test_discard_counter_and_a_refused_discard_keeps_the_picks():
    table = _learner_discards()
    assert "0 of 6 chosen" in table.hand_head.value
    assert "Discard the 6 chosen cards" == table.discard_button.description
    assert table.discard_button.layout.width == "auto"  # never cut to "Discard the 6 cho…"
    hand = table.state.hand(0)
    kings = [c for c in hand if c.is_king]
    allowed = [c for c in hand if c in table.state.legal_actions()]
    picks = allowed[:4]
    announced = table.live.value
    for card in picks:
        table.hand.buttons[card].value = True
    # Shown once (above the hand); the announcer's words stay on screen as they were (no line
    # moves under the pointer) and a screen reader is told the count.
    assert "4 of 6 chosen" in table.hand_head.value
    spoken = '<span class="tt-sr">4 of 6 chosen.</span>'
    assert spoken in table.live.value
    shown = re.sub(r'<span class="tt-sr">.*?</span>|<[^>]+>', "", table.live.value)
    assert shown and shown == re.sub(r"<[^>]+>", "", announced)
    assert "chosen for the discard" in table.hand.buttons[picks[0]].description
    table.discard_button.click()  # only 4: refused, the four stay chosen
    assert "4 of 6 chosen" in table.feedback.value and table.hand.selected == picks
    if kings:
        tooltip = table.hand.buttons[kings[0]].tooltip  # (the card named once)
        assert tooltip.count(kings[0].name) == 1 and "may not go to the discard" in tooltip
        wrong = picks + [kings[0], allowed[4]]
        for card in wrong:
            table.hand.buttons[card].value = True
        table.discard_button.click()
        assert "not allowed" in table.feedback.value and "King" in table.feedback.value
        assert sorted(table.hand.selected) == sorted(wrong)  # the picks are kept
        table.hand.buttons[kings[0]].value = False
        table.hand.buttons[allowed[5]].value = True
    else:
        for card in allowed[4:6]:
            table.hand.buttons[card].value = True
    table.discard_button.click()
    assert table.state.phase is not Phase.DISCARD
    assert "only you see it" in table.felt.value  # the taker sees its own discard


def test_cards_speak_their_name_and_the_engine_s_reason():
    for seed in range(20):
        table = TableWidget(players=4, seed=seed)
        while not table.state.is_over and table.state.phase is not Phase.PLAYING:
            action = ComputerPlayer().decide(table.state).action
            if table.state.phase is Phase.DISCARD:
                table.hand.buttons[action].value = True
                if len(table.hand.selected) == table.rules.dog_size:
                    table.discard_button.click()
            else:
                table.act(action)
        view = table.state.view(0)
        legal = {a for a in view.legal_actions if isinstance(a, Card)}
        if view.phase is Phase.PLAYING and len(legal) < len(view.hand):
            break
    for card, button in table.hand.buttons.items():
        if card in legal:
            assert button.description == f"{card.name}, playable"
            assert "tt-playable" in button._dom_classes
        else:
            trial = table.state.copy()
            with pytest.raises(IllegalAction) as refusal:
                trial.play(card)
            assert button.description == f"{card.name}, not playable: {refusal.value}"
            assert str(refusal.value) in button.tooltip and "tt-unplayable" in button._dom_classes
    refused = next(card for card in table.hand.buttons if card not in legal)
    before = table.state.to_record()
    table.hand.buttons[refused].value = True  # a click on a card that may not be played
    reason = table.hand.buttons[refused].description.split("not playable: ")[1]
    assert reason in table.feedback.value.replace("&#x27;", "'") or reason in table.feedback.value
    # Said once, in the feedback area (a live region: a11y.js), not again under the felt.
    assert "tt-feedback" in table.feedback._dom_classes and "must" in table.feedback.value
    assert "must" not in table.live.value
    assert table.state.to_record() == before and not table.hand.selected


def test_bids_show_their_multiplier_and_the_hand_is_sorted():
    table = TableWidget(players=4, seed=5)
    labels = [b.description for b in table.actions.children]
    assert "Pass" in labels and any(re.fullmatch(r"Guard ×2", label) for label in labels)
    cards = list(table.hand.buttons)
    from tarot_teach.cards import sort_cards
    assert cards == sort_cards(cards)


def test_a_click_while_the_computer_plays_is_refused_with_wait():
    table = TableWidget(players=4, seed=3)
    state = table.state
    state.play(state.legal_actions()[0]) if state.to_act == 0 else None
    if table.state.to_act != 0 and not table.state.is_over:
        before = table.state.to_record()
        feedback = table.act(table.state.legal_actions()[0])
        assert not feedback.ok and "Wait" in table.feedback.value
        assert table.state.to_record() == before


def test_two_players_counts_and_words():
    table = TableWidget(seed=1, variant={"two_players": True})
    shown = _everything_shown(table)
    assert "You's" not in shown and "Your piles" not in shown or "You's" not in shown
    view = table.state.view(0)
    face_up = sum(1 for card, _ in view.table[0] if card is not None)
    assert f"Your hand ({len(view.hand)} cards, and {face_up} face up on your piles)" \
        in table.hand_head.value
    assert len(table.hand.buttons) == len(view.hand) + face_up
    assert "face down on the piles" in table.felt.value


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_table_view_seats_and_hand(players):
    rules = RuleSet.from_variant({"two_players": True}, 2) if players == 2 else RuleSet(players=players)
    state = GameState.new(rules, seed=7)
    names = ("You", "Ada", "Bruno", "Chloé", "Dmitri")[:players]
    view = table_view(state, 0, names)
    assert [s["seat"] for s in view["seats"]] == list(range(players))
    assert sum(s["to_act"] for s in view["seats"]) == 1
    entries = hand_entries(state, 0)
    assert all(e["playable"] or e["reason"] for e in entries)


def test_what_the_play_has_shown_names_an_unplayed_excuse_once():
    """A computer showed a poignée holding the Excuse (4 players, seed 7): after trick 1 the
    shown facts say that it still holds those trumps and the Excuse, and not again "The Excuse
    has not been played yet"; its void and the trumps still out come from the learner's view."""
    from tarot_teach.teach.table_view import shown_facts, trumps_still_out

    state, computer = GameState.new(RuleSet(players=4), seed=7), ComputerPlayer()
    while len(state.tricks) < 1:
        state.play(computer.decide(state).action)
    view = state.view(0)
    shower = next(seat for seat, cards in view.poignees.items() if parse_card("EX") in cards)
    facts = shown_facts(view, ("You", "Ada", "Bruno", "Chloé"))
    excuse_lines = [line for line in facts if "Excuse" in line]
    assert len(excuse_lines) == 1, facts
    assert excuse_lines[0].startswith(("You", "Ada", "Bruno", "Chloé")[shower] + " still holds")
    assert facts[-1] == f"Trumps still out in the other hands: {trumps_still_out(view)}."
