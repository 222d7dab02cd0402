"""The structural variants are their own classes, chosen from the RuleSet (issue 9)."""

import random

import pytest

from tarot_teach import GameState, RuleSet, random_playout
from tarot_teach.variant_games import (GoulashGame, GoulashImprenableGame, PetitImprenableGame,
                                      TwoPlayersGame, game_class)


@pytest.mark.parametrize("options, expected", [
    (dict(players=4), GameState),
    (dict(players=5, misere=True, cosmic_tribe=False), GameState),
    (dict(players=3, cosmic_tribe=True), GameState),
    (dict(players=2, two_players=True), TwoPlayersGame),
    (dict(players=4, goulash=True), GoulashGame),
    (dict(players=4, petit_imprenable=True), PetitImprenableGame),
    (dict(players=4, goulash=True, petit_imprenable=True), GoulashImprenableGame),
])
def test_the_rule_set_chooses_the_class(options, expected):
    rules = RuleSet(**options)
    assert game_class(rules) is expected
    state = GameState.new(rules, seed=3)
    assert type(state) is expected and isinstance(state, GameState)
    record = state.to_record()
    again = GameState.from_hands(rules, record["hands"], record["dog"], record["dealer"],
                                 record.get("piles"))
    assert type(again) is expected


@pytest.mark.parametrize("options", [dict(players=2, two_players=True),
                                     dict(players=4, goulash=True, petit_imprenable=True)])
def test_copy_and_undo_keep_the_class_and_the_play(options):
    rules = RuleSet(**options)
    state = GameState.new(rules, seed=8)
    rng = random.Random(8)
    for _ in range(30):
        if state.is_over:
            break
        actions = state.legal_actions()
        state.play(actions[rng.randrange(len(actions))])
    before = state.copy()
    assert type(before) is type(state)
    if not state.is_over:
        action = state.legal_actions()[0]
        state.play(action)
        undone = state.undo()
        assert type(undone) is type(state)
        assert undone.to_record() == before.to_record()
        assert undone.legal_actions() == before.legal_actions()
    random_playout(before, random.Random(1))
    assert before.is_over


def test_the_fft_class_has_no_variant_methods():
    for name in ("_close_goulash_trick", "_close_imprenable_trick", "_play_from_pile",
                 "_turn_piles", "_finish_two_players", "_finish_goulash", "_start_goulash"):
        assert not hasattr(GameState, name), name


@pytest.mark.parametrize("options", [dict(players=4), dict(players=2, two_players=True),
                                     dict(players=4, goulash=True)])
def test_deepcopy_and_pickle_keep_the_class(options):
    import copy
    import pickle
    state = GameState.new(RuleSet(**options), seed=2)
    for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert type(twin) is type(state)
        assert twin.to_record() == state.to_record()
        assert twin.legal_actions() == state.legal_actions()
