"""The card table during a deal shows every public card and no private thought: no computer
player's reason (they are revealed in "What happened" once the deal is over), no card of a
hidden hand, nothing that gives a secret partner away; poignées and discarded trumps drawn,
and what the play has shown listed after each trick."""

import dataclasses
import html
import random
import re

import pytest

from fairness import hidden_cards, named, played, sent_text

from tarot_teach import Card, GameState, Phase, RuleSet
from tarot_teach.cards import DECK
from tarot_teach.game import Poignee
from tarot_teach.inference import inferences
from tarot_teach.players import LEVELS, ComputerPlayer
from tarot_teach.widgets.progress import Progress
from tarot_teach.widgets.table import TableWidget

TELLTALE = ("partner", "our side", "my side")


class _Told:
    """The reasons the computer players gave at a table, as (seat, reason)."""

    def __init__(self) -> None:
        self.reasons: list = []

    def level(self, player_class):
        told = self

        class Recording(player_class):
            def decide(self, state):
                decision = super().decide(state)
                told.reasons.append((state.to_act, decision.reason))
                return decision

        return Recording


@pytest.fixture
def told(monkeypatch):
    """Every computer player built by a table records its reasons here."""
    told = _Told()
    for name, player_class in list(LEVELS.items()):
        monkeypatch.setitem(LEVELS, name, told.level(player_class))
    return told


def _text(value: str) -> str:
    return html.unescape(value)


def _shown(table: TableWidget) -> str:
    """All the table sends the page, but the learner's own cards (their names and why they
    may not be played: a rule may name a card, "A bout (the 21, the Petit or the Excuse)...")
    and the bids and calls offered (a call names a King, not where it is)."""
    return sent_text(table.widget, [*table.hand.buttons.values(), *table._action_slots])


def _secret_cards(table: TableWidget) -> set:
    return hidden_cards(table.state, table.learner)


def _trumps_out(view) -> int:
    gone = set(view.hand) | played(view) | set(view.discard or ()) | set(view.discarded_trumps)
    return sum(1 for c in DECK if c.is_trump and c not in gone)


def _partner_secret(view) -> bool:
    return view.called is not None and view.called not in played(view) | set(view.dog or ())


class _Seen:
    """What the sweep met: poignées, voids listed, discarded trumps."""

    def __init__(self) -> None:
        self.poignees = self.voids = self.discarded_trumps = self.revealed = 0


def _check(table: TableWidget, told: _Told, seen: _Seen) -> None:
    """Everything shown now is public, and every public thing asked for is shown."""
    shown = _shown(table)
    state, view = table.state, table.state.view(table.learner)
    if not state.is_over:
        for seat, reason in told.reasons:
            assert reason not in shown, f"{table.names[seat]}'s reason shown: {reason!r}"
    for card in _secret_cards(table):
        assert not named(card, shown), f"{card.name} of a hidden hand is shown"
    partner = state.partner
    if state.rules.players == 5 and partner not in (None, table.learner) \
            and _partner_secret(view) and not state.is_over:
        said = [_text(line) for line in re.findall(r"<li>(.*?)</li>", table.log_view.value)]
        said.append(_text(table.live.value))
        for line in said:
            if line.startswith(table.names[partner]):
                assert not any(word in line.lower() for word in TELLTALE), line
    for seat, cards in view.poignees.items():  # a poignée: drawn and listed
        seen.poignees += 1
        for card in cards:
            assert f'aria-label="{html.escape(card.name)}"' in table.felt.value \
                or f'aria-label="{card.name}"' in table.felt.value, card.name
            assert card.display_name(table.rules) in _text(table.log_view.value), card.name
    if view.discarded_trumps and view.taker != table.learner:
        seen.discarded_trumps += 1
        for card in view.discarded_trumps:
            assert f'aria-label="{card.name}"' in _text(table.felt.value), card.name
            assert card.display_name(table.rules) in _text(table.log_view.value), card.name
    if view.phase is Phase.PLAYING and not view.table:
        facts = _text(table.facts_view.value) if hasattr(table, "facts_view") else ""
        for fact in inferences(view, table.names):
            if fact.kind == "void":
                seen.voids += 1
                assert f"{table.names[fact.seat]} has no {fact.suit.english}" in facts, fact
        found = re.search(r"Trumps still out[^:]*: (\d+)", facts)
        assert found and int(found.group(1)) == _trumps_out(view), facts
    if state.is_over and told.reasons:  # the reasons are revealed once the deal is over
        assert told.reasons[-1][1] in _text(table.log_view.value)
        seen.revealed += 1


def _learner_acts(table: TableWidget, player) -> None:
    """The learner's seat, played by ``player`` through the table's buttons; it shows any
    poignée it holds."""
    state = table.state
    view = state.view(table.learner)
    if view.phase is Phase.DISCARD:
        trial, chosen = state.copy(), []
        while trial.phase is Phase.DISCARD:
            card = player.decide(trial).action
            trial.play(card)
            chosen.append(card)
        for card, button in table.hand.buttons.items():
            button.value = card in chosen
        table.discard_button.click()
        return
    poignees = [a for a in view.legal_actions if isinstance(a, Poignee)]
    action = poignees[0] if poignees else player.decide(state).action
    if isinstance(action, Card) and view.phase is Phase.PLAYING:
        table.hand.buttons[action].value = True
    else:
        table.act(action)


def _play_deal(table: TableWidget, told: _Told, seen: _Seen) -> None:
    player = ComputerPlayer()
    _check(table, told, seen)
    for _ in range(200):
        if table.state.is_over:
            return
        _learner_acts(table, player)
        _check(table, told, seen)
    raise AssertionError("the deal did not end")


@pytest.mark.slow  # 14 whole deals through the table
@pytest.mark.parametrize("players", [3, 4, 5])
def test_learner_level_deals_show_nothing_private(players, told):
    seen, played = _Seen(), 0
    for seed in range(14):
        told.reasons.clear()
        table = TableWidget(players=players, seed=seed)
        _play_deal(table, told, seen)
        played += not table.state.result.void
    assert seen.revealed and seen.voids and played >= 7


@pytest.mark.slow  # the strong player judges each card over many deals: a minute a table
@pytest.mark.parametrize("players", [3, 4, 5])
def test_strong_level_deals_show_nothing_private(players, told):
    seen, played = _Seen(), 0
    for seed in (1, 2):
        told.reasons.clear()
        table = TableWidget(players=players, seed=seed, level="strong")
        _play_deal(table, told, seen)
        played += not table.state.result.void
    assert seen.revealed and played


def _poignee_deal(players: int, rng_seed: int = 0) -> GameState:
    """A deal in which a computer seat holds a poignée and nobody else does (taken by
    somebody)."""
    from tarot_teach.declarations import poignee_options

    rules = RuleSet(players=players)
    for number in range(3000):
        state = GameState.new(rules, seed=f"poignee:{rng_seed}:{number}")
        holders = [s for s in range(players) if poignee_options(state.hands[s], rules)]
        if state.is_over or holders != [1]:
            continue
        trial, player = state.copy(), ComputerPlayer()
        while trial.phase is Phase.BIDDING and not trial.is_over:
            trial.play(player.decide(trial).action)
        if not trial.is_over and trial.taker == 1:  # the computer holder takes: it shows
            return state
    raise AssertionError("no deal found")


@pytest.mark.slow  # a whole deal through the table
@pytest.mark.parametrize("players", [4, 5])
def test_a_computer_s_poignee_is_drawn_and_listed(players, told):
    seen = _Seen()
    _play_deal(TableWidget(state=_poignee_deal(players)), told, seen)
    assert seen.poignees


@pytest.mark.slow  # a whole deal through the table
def test_the_learner_s_own_poignee_is_drawn_and_listed(told):
    from tarot_teach.declarations import poignee_options

    seen = _Seen()
    rules = RuleSet(players=4)
    for number in range(3000):
        state = GameState.new(rules, seed=f"mine:{number}")
        if not state.is_over and poignee_options(state.hands[0], rules):
            break
    table = TableWidget(state=state)
    _play_deal(table, told, seen)
    assert seen.poignees and "You showed a" in _text(table.log_view.value)


def _trumps_discard_state() -> GameState:
    """Four players: seat 1 takes with the four Kings, the Excuse and trumps 1 to 19, so
    that six trumps must go to its discard; the learner (seat 0) passes."""
    rng = random.Random(3)
    kings = [c for c in DECK if c.is_king]
    taker = kings + [DECK[0]] + [DECK[r] for r in range(1, 14)]
    dog = [DECK[r] for r in range(14, 20)]
    rest = [c for c in DECK if c not in taker and c not in dog]
    rng.shuffle(rest)
    hands = [rest[:18], taker, rest[18:36], rest[36:]]
    state = GameState.from_hands(RuleSet(players=4), hands, dog, dealer=3)
    for bid in ("pass", "take", "pass", "pass"):
        state.play(bid)
    return state


@pytest.mark.slow  # a whole deal through the table
def test_a_computer_taker_s_discarded_trumps_are_drawn_and_listed(told):
    seen = _Seen()
    table = TableWidget(state=_trumps_discard_state())
    assert len(table.state.view(0).discarded_trumps) == 6
    _play_deal(table, told, seen)
    assert seen.discarded_trumps


@pytest.mark.slow  # whole deals through a table: seconds
def test_a_guard_without_the_dog_never_names_the_dog(told):
    """A deal where a computer guards without (or against) the dog: its cards stay unnamed
    until the deal is over (checked by :func:`_check` at every step)."""
    from tarot_teach.rules import Bid

    seen = _Seen()
    for number in range(400):
        state = GameState.new(RuleSet(players=4), seed=f"without:{number}")
        if state.is_over or state.to_act == 0:
            continue
        state.play(Bid.GUARD_WITHOUT)
        while state.phase is Phase.BIDDING and not state.is_over:
            state.play(Bid.PASS)
        if not state.is_over:
            break
    table = TableWidget(state=state)
    assert table.state.contract is Bid.GUARD_WITHOUT and table.state.taker != 0
    _play_deal(table, told, seen)


@pytest.mark.slow  # whole deals through a table: seconds
def test_a_poignee_shown_never_tells_who_the_partner_is():
    """Five players: before the called card is seen, a seat other than the taker declares
    (or not) a poignée alike whether it is the partner or not."""
    player, compared = ComputerPlayer(), 0
    for number in range(400):
        state = GameState.new(RuleSet(players=5), seed=f"poignee:{number}")
        while not state.is_over and (state.phase is not Phase.PLAYING or not state.tricks):
            view = state.view(state.to_act)
            if view.seat != view.taker and _partner_secret(view) \
                    and any(isinstance(a, Poignee) for a in view.legal_actions):
                as_partner = player.choose(dataclasses.replace(view, partner=view.seat))
                as_defender = player.choose(dataclasses.replace(view, partner=None))
                assert as_partner.action == as_defender.action, (number, as_partner, as_defender)
                compared += 1
            state.play(player.choose(view).action)
    assert compared >= 5


@pytest.mark.slow  # 180 deals played to the end
def test_lead_and_call_reasons_fit_the_hand():
    """No "longest suit" for a single card, no "lowest" for a lone King, no "my 0 hearts"."""
    player = ComputerPlayer()
    for players in (3, 4, 5):
        for number in range(60):
            state = GameState.new(RuleSet(players=players), seed=number)
            while not state.is_over:
                view = state.view(state.to_act)
                decision = player.choose(view)
                card, reason = decision.action, decision.reason
                assert not re.search(r"\bmy 0 ", reason), reason
                if isinstance(card, Card) and card.suit.is_plain and view.phase is Phase.PLAYING \
                        and not view.current_trick:  # a lead
                    count = sum(1 for c in view.hand if c.suit is card.suit)
                    if count == 1:
                        assert "longest" not in reason and "lowest" not in reason, reason
                state.play(card)


# ----- the saved table ---------------------------------------------------------------------

def _to_the_middle(table: TableWidget, actions: int = 8) -> None:
    player = ComputerPlayer()
    for _ in range(actions):
        if table.state.is_over:
            return
        _learner_acts(table, player)


@pytest.mark.slow  # a whole deal through the table
def test_a_saved_table_keeps_the_reasons_hidden_then_reveals_them(tmp_path, told):
    path = tmp_path / "progress.json"
    table = TableWidget(players=4, seed=2, save_key="t", progress=Progress(path))
    _to_the_middle(table)
    assert not table.state.is_over and told.reasons
    again = TableWidget(players=4, seed=2, save_key="t", progress=Progress(path))
    shown = _shown(again)
    assert not any(reason in shown for _, reason in told.reasons)
    _play_deal(again, told, _Seen())
    log = _text(again.log_view.value)
    assert told.reasons[0][1] in log  # a reason given before the save, revealed at the end


@pytest.mark.slow  # a whole deal through the table
def test_an_old_saved_table_with_reasons_in_its_log_hides_them(tmp_path):
    """Saved games from before kept each line with its reason after " — "."""
    path = tmp_path / "progress.json"
    table = TableWidget(players=4, seed=2, save_key="t", progress=Progress(path))
    _to_the_middle(table)
    saved = dict(Progress(path).saved_game("t"))
    reason = "The hand is worth 66 points: Guard."
    saved["log"] = ["A new deal.", f"Bruno: Guard ×2 — {reason}", "You: Pass.",
                    "Bruno played 9♥ — 9♥ is the only card I may play."]
    Progress(path).save_game("t", saved)
    again = TableWidget(players=4, seed=2, save_key="t", progress=Progress(path))
    shown = _shown(again)
    assert "could not be resumed" not in shown
    assert reason not in shown and "only card I may play" not in shown
    assert "Bruno: Guard ×2." in shown and "Bruno played 9♥." in shown
    _play_deal(again, _Told(), _Seen())
    assert reason in _text(again.log_view.value)
