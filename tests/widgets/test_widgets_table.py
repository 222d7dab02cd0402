"""The card table, clicked through headlessly from the bid to the score."""

import pytest

from tarot_teach import Card, Phase
from tarot_teach.players import ComputerPlayer
from tarot_teach.widgets.felt import NEXT
from tarot_teach.widgets.table import TableWidget


def _click_through(table: TableWidget, check_refusals: bool = True, declare: bool = False,
                   each=None) -> int:
    """Play the learner's seat by clicking, as a learner would; return the number of clicks.

    ``declare``: use the declaration buttons (poignée, misère) when they are offered;
    ``each(table)`` is called at each of the learner's turns.
    """
    clicks = 0
    while not table.state.is_over:
        view = table.state.view(table.learner)
        assert view.to_act == table.learner
        if each is not None:
            each(table)
        if view.phase is Phase.DISCARD:
            trial = table.state.copy()
            chosen = []
            for _ in range(table.rules.dog_size):
                action = ComputerPlayer().decide(trial).action
                trial.play(action)
                chosen.append(action)
            for card, button in table.hand.buttons.items():
                button.value = card in chosen
            table.discard_button.click()
        elif view.phase is Phase.PLAYING:
            legal = [a for a in view.legal_actions if isinstance(a, Card)]
            if declare and len(legal) < len(view.legal_actions) and clicks % 2 == 0:
                table.actions.children[0].click()  # a declaration button (misère, poignée)
            else:
                illegal = [c for c in view.hand if c not in legal]
                if check_refusals and illegal:
                    before = table.state.to_record()
                    table.hand.buttons[illegal[0]].value = True
                    assert "✘" in table.feedback.value  # refused, with the engine's reason
                    assert table.state.to_record() == before  # and nothing changed
                table.hand.buttons[legal[0]].value = True
        else:
            # The highest bid offered, "No slam", ...; in a goulash everybody passes.
            table.actions.children[0 if view.phase is Phase.BIDDING
                                   and table.rules.goulash else -1].click()
        clicks += 1
        assert clicks < 120
    return clicks


@pytest.mark.slow  # a whole deal through the table
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_whole_deal_from_bid_to_score(players):
    for seed in range(6):
        table = TableWidget(players=players, seed=seed)
        _click_through(table)
        assert ("<b>Score</b>" in table.score_view.value) or ("void" in table.score_view.value)
    assert table.ledger.deals, "at least one deal was scored"


@pytest.mark.slow  # whole deals through a table: seconds
def test_a_finished_trick_stays_on_the_felt_when_a_computer_leads_the_next():
    """The last trick, its cards and who won it, stays in view beside the trick a computer
    player led after it, until the learner has played to that one too."""
    seen = []

    def check(table):
        view = table.state.view(table.learner)
        if view.phase is not Phase.PLAYING or not view.tricks:
            return
        felt = table.felt.value
        _, cards, winner = view.tricks[-1]
        mid = felt.split('class="tt-mid"')[1]
        assert f"Last trick, won by {table.names[winner]}" in mid
        assert f"{table.names[winner]} (won)" in mid
        assert all(f'aria-label="{card.name}"' in mid for card in cards)
        if view.current_trick:  # a computer led: its card is shown too, after the last trick
            assert mid.index("Last trick") < mid.index("This trick")
            assert all(f'aria-label="{card.name}"' in mid.split("This trick")[1]
                       for _, card in view.current_trick)
            seen.append(len(view.current_trick))

    for seed in range(3):
        _click_through(TableWidget(players=4, seed=seed), check_refusals=False, each=check)
    assert len(seen) >= 10


def _marked(table: TableWidget) -> list:
    """The table's controls shown that carry the focus's next mark."""
    shown = [*table.actions.children, *table.hand.box.children]
    shown += [b for b in (table.discard_button, table.new_button) if b.layout.display != "none"]
    return [w for w in shown if NEXT in getattr(w, "_dom_classes", ())]


@pytest.mark.slow  # whole deals through a table: seconds
def test_the_focus_s_next_place_is_marked_at_every_turn():
    """At every turn one control carries the mark the page moves the keyboard focus to:
    the first bid, the playable card nearest the last one pressed, Discard once the cards
    are chosen, New deal once the deal is over; its second class changes at each turn."""
    turns = []

    def check(table):
        marked = _marked(table)
        assert len(marked) == 1, [w._dom_classes for w in marked]
        view = table.state.view(table.learner)
        if view.phase is Phase.PLAYING:
            slots = table.hand.slots
            playable = [i for i, b in enumerate(slots[:len(view.hand)])
                        if "tt-playable" in b._dom_classes]
            at = table.hand.pressed_at
            assert marked[0] is slots[min(playable, key=lambda i: (abs(i - at), i))]
        elif view.phase is Phase.DISCARD:
            assert "tt-playable" in marked[0]._dom_classes
        else:
            assert marked[0] is table.actions.children[0]
        turns.append([c for c in marked[0]._dom_classes if c.startswith(NEXT + "-")])

    for players in (3, 4, 5):
        table = TableWidget(players=players, seed=players)
        _click_through(table, check_refusals=False, each=check)
        assert _marked(table) == [table.new_button]
    assert all(len(t) == 1 for t in turns)
    assert all(a != b for a, b in zip(turns, turns[1:]))


def discarding_table() -> TableWidget:
    """A four-player table where the learner took and is about to discard."""
    for seed in range(20):
        table = TableWidget(players=4, seed=seed)
        take = [b for b in table.actions.children if b.description.startswith("Take")]
        if take:
            take[0].click()
        if table.state.phase is Phase.DISCARD and table.state.to_act == table.learner:
            return table
    raise AssertionError("no seed let the learner take")


def test_discard_is_the_focus_s_next_place_once_the_cards_are_chosen():
    table = discarding_table()
    playable = [b for b in table.hand.box.children if "tt-playable" in b._dom_classes]
    for button in playable[:table.rules.dog_size - 1]:
        button.value = True
        assert table.discard_button not in _marked(table)
    playable[table.rules.dog_size - 1].value = True
    assert _marked(table) == [table.discard_button]
    playable[0].value = False  # one card fewer: the mark leaves Discard
    assert _marked(table) == []


def test_the_table_never_shows_another_hand():
    table = TableWidget(players=4, seed=2)
    others = [c for seat in range(1, 4) for c in table.state.hand(seat)]
    shown = table.felt.value + table.header.value + table.live.value + table.log_view.value
    assert not any(f'aria-label="{card.name}"' in shown for card in others
                   if card not in [c for _, c in table.state.view(0).current_trick])


def test_hint_and_undo():
    table = TableWidget(players=4, seed=1)
    table.hint_button.click()
    assert "Hint:" in table.feedback.value
    assert "Hint:" not in table.live.value  # shown (and read out) once, not under the felt too
    record = table.state.to_record()
    table.actions.children[0].click()  # pass
    if not table.state.is_over:
        table.undo_button.click()
        assert table.state.to_record() == record
        assert "taken back" in table.feedback.value and "taken back" not in table.live.value
    table.undo_button.click()
    assert "nothing to undo" in table.feedback.value or "scored" in table.feedback.value


@pytest.mark.slow  # three whole deals through the table
def test_new_deal_passes_the_deal_on_and_sheet_sums_to_zero():
    table = TableWidget(players=4, seed=4)
    for _ in range(3):
        _click_through(table, check_refusals=False)
        table.new_button.click()
    assert sum(table.ledger.totals) == 0
    assert table.state.dealer == table.ledger.dealer


def test_a_cosmic_tribe_table_shows_that_game_s_card_names():
    table = TableWidget(variant={"cosmic_tribe": True}, seed=3)
    tooltips = [button.tooltip for button in table.hand.buttons.values()]
    assert any(" of Water" in t or " of Fire" in t or " of Earth" in t or " of Air" in t
               for t in tooltips)
    assert not any(" of hearts" in t for t in tooltips)


@pytest.mark.slow  # a whole deal through the table
def test_a_saved_table_resumes_where_it_was(tmp_path):
    from tarot_teach.widgets.progress import Progress

    path = tmp_path / "progress.json"
    table = TableWidget(players=4, seed=6, save_key="t", progress=Progress(path))
    for _ in range(6):  # a few of the learner's actions, whatever the phase
        if table.state.is_over:
            break
        view = table.state.view(table.learner)
        if view.phase is Phase.DISCARD:
            _click_through(table)
            break
        legal = [a for a in view.legal_actions if isinstance(a, Card)]
        if view.phase is Phase.PLAYING:
            table.hand.buttons[legal[0]].value = True
        else:
            table.actions.children[-1].click()
    again = TableWidget(players=4, seed=99, save_key="t", progress=Progress(path))
    assert again.state.to_record() == table.state.to_record()
    assert again.ledger.totals == table.ledger.totals and again.seed == table.seed
    _click_through(again)
    again.new_button.click()
    third = TableWidget(players=4, save_key="t", progress=Progress(path))
    assert third.ledger.deals == again.ledger.deals and third.state.dealer == again.state.dealer


def test_a_damaged_saved_table_gives_a_new_deal_and_says_so(tmp_path):
    from tarot_teach.widgets.progress import Progress

    progress = Progress(tmp_path / "progress.json")
    progress.save_game("t", {"record": {"players": 4, "hands": "nonsense"}, "dealer": 0,
                             "deals": []})
    table = TableWidget(players=4, seed=1, save_key="t", progress=Progress(tmp_path / "progress.json"))
    assert "could not be resumed" in table.feedback.value
    assert table.state.view(0).hand  # a playable new deal


# ----- the coach at the table ----------------------------------------------------------------

def _late_state(seed, tricks=15):
    """A four-player deal played by the learner computers until ``tricks`` tricks are done."""
    from tarot_teach import GameState, RuleSet

    player = ComputerPlayer()
    while True:
        state = GameState.new(RuleSet(players=4), seed=seed)
        while not state.is_over and (state.phase is not Phase.PLAYING
                                     or len(state.tricks) < tricks):
            state.play(player.decide(state).action)
        if not state.is_over:
            return state
        seed += 100  # everybody passed: another deal


@pytest.mark.slow  # a deal and the coach's review
def test_after_a_deal_review_this_deal_reviews_the_learner_s_seat():
    from tarot_teach.coach import review

    table = TableWidget(players=4, seed=2)
    assert table.review.widget.layout.display == "none" and table.review.button.disabled
    _click_through(table, check_refusals=False)
    if table.state.result.void:
        assert table.review.widget.layout.display == "none"
        return
    assert table.review.widget.layout.display is None and not table.review.button.disabled
    assert table.review.record == table.state.to_record() and table.review.seat == table.learner
    table.review.samples = 2
    table.review.button.click()
    entries = review(table.state.to_record(), table.learner, samples=2,
                     names=list(table.names))
    assert table.review.entries == entries
    assert table.review.output.value.count('class="tt-review-row"') == len(entries)
    table.new_button.click()  # the next deal clears the review
    assert table.review.output.value == "" and table.review.widget.layout.display == "none"


@pytest.mark.parametrize("seed", range(4))
def test_the_hint_is_the_coach_s_advice(seed):
    from tarot_teach.coach import advise
    from tarot_teach.tricks import winning_position
    from tarot_teach.widgets.seat_players import HINT_SAMPLES

    state = _late_state(seed)
    learner = state.to_act
    table = TableWidget(state=state.copy(), learner=learner, seed=seed)
    table.hint_button.click()
    action, reason = advise(state, learner, samples=HINT_SAMPLES)  # the review's deals
    import html as _html
    shown = _html.unescape(table.feedback.value)
    assert f"Hint: {action.short_name} — {reason}" in shown
    # Never "lost" when a legal card would take the trick.
    winners = [c for c in state.legal_actions() if isinstance(c, Card) and not c.is_excuse
               and state.trick and winning_position(list(state.trick) + [c.index]) == len(state.trick)]
    if winners:
        assert "No card you may play takes this trick" not in shown and "is lost" not in shown


def test_level_switch_and_the_strong_players_play_the_engine_s_strong_choice():
    from tarot_teach.players import StrongPlayer

    table = TableWidget(players=4, seed=5)
    assert table.level == "learner" and isinstance(table.computer, ComputerPlayer)
    table.level_choice.value = "strong"
    assert table.level == "strong" and isinstance(table.computer, StrongPlayer)
    table.level_choice.value = "learner"
    assert isinstance(table.computer, ComputerPlayer)
    with pytest.raises(ValueError):
        TableWidget(players=4, level="expert")

    state = _late_state(7, tricks=16)
    learner = (state.to_act + 1) % 4  # the computers act first
    strong = TableWidget(state=state.copy(), learner=learner, level="strong")
    replay = state.copy()
    plays = [entry for entry in strong.log if " played " in entry["text"]]
    assert plays
    for entry in plays[:2]:  # the card for everybody, the reason kept for the deal's end
        seat = replay.to_act
        decision = StrongPlayer().decide(replay)
        assert entry == {"text": f"{strong.names[seat]} played {decision.action.name}.",
                         "reason": decision.reason}
        replay.play(decision.action)


def test_a_saved_table_keeps_its_level(tmp_path):
    from tarot_teach.widgets.progress import Progress

    path = tmp_path / "progress.json"
    table = TableWidget(players=4, seed=6, save_key="t", progress=Progress(path))
    table.level_choice.value = "strong"
    again = TableWidget(players=4, seed=6, save_key="t", progress=Progress(path))
    assert again.level == "strong" and again.level_choice.value == "strong"


@pytest.mark.slow
@pytest.mark.parametrize("variant", [{"goulash": True}, {"two_players": True},
                                     {"cosmic_tribe": True}])
def test_strong_computers_play_every_variant_to_the_end(variant):
    table = TableWidget(variant=variant, seed=3, level="strong")
    _click_through(table, check_refusals=False)
    assert table.state.is_over and table.log
    table.hint_button.click()
    assert "No hint now" in table.feedback.value
