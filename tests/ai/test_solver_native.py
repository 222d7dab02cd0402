"""The native search (tarot_teach/_solver.c) gives the pure Python search's values.

Skipped only when the extension was not built (an install without a C compiler); the
install scripts build it, so CI runs these.
"""

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarot_teach import solver
from tarot_teach.solver import Position, SearchLimit, _move_values, card_values

from test_solver import brute_force, random_endgame, strong_taker_endgame

_solver = pytest.importorskip(
    "tarot_teach._solver", reason="the native search was not built (no C compiler at install)")

VARIANTS = [None, "excuse_always_kept", "excuse_last_trick_to_winner"]


@pytest.fixture(autouse=True)
def native(monkeypatch):
    """The native search, even if TAROT_TEACH_NATIVE=0 switched it off for this run."""
    monkeypatch.setattr(solver, "_native", _solver)


def values(state, native, max_entries=None):
    """_move_values on the native search or the pure Python one (and the nodes it took)."""
    saved = solver._native, solver._NATIVE_ENTRIES
    solver._native = _solver if native else None
    if max_entries:
        solver._NATIVE_ENTRIES = max_entries
    try:
        position = Position(state)
        return _move_values(position), position
    finally:
        solver._native, solver._NATIVE_ENTRIES = saved


def endgame(draw, seed, players, tricks_left):
    """An endgame of either generator of test_solver (Excuse positions, slams, variants)."""
    cards_in_trick = draw(st.integers(0, players - 1))
    excuse_late = draw(st.booleans())
    if draw(st.booleans()):
        return strong_taker_endgame(seed, players, tricks_left, cards_in_trick, excuse_late)
    variant = draw(st.sampled_from(VARIANTS + (["cosmic_tribe"] if players == 3 else [])))
    return random_endgame(seed, players, tricks_left, cards_in_trick, excuse_late, variant)


@pytest.mark.slow  # the pure Python search on many positions
@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10 ** 9), players=st.sampled_from([3, 4, 5]),
       tricks_left=st.integers(1, 6), data=st.data())
def test_native_values_equal_the_python_search(seed, players, tricks_left, data):
    if players == 5:
        tricks_left = min(tricks_left, 5)  # the pure Python search takes seconds beyond
    state = endgame(data.draw, seed, players, tricks_left)
    native, position = values(state, True)
    assert position.native is not False  # the native search ran (None: no search needed)
    assert native == values(state, False)[0]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10 ** 9), players=st.sampled_from([3, 4, 5]),
       tricks_left=st.integers(1, 2), data=st.data())
def test_native_card_values_equal_brute_force(seed, players, tricks_left, data):
    state = endgame(data.draw, seed, players, tricks_left)
    assert card_values(state) == brute_force(state)


def test_every_excuse_variant_and_the_excuse_cases_are_checked():
    """Endgames where the Excuse's rules decide (the Excuse still in a hand, a card owed,
    a slam in progress), in each variant of the last trick's Excuse."""
    checked = 0
    for seed in range(40):
        for variant in VARIANTS:
            state = random_endgame(seed, 4, 3, seed % 4, seed % 2 == 0, variant)
            if any(hand & 1 for hand in state.hands) or any(state.owed_exchange):
                assert values(state, True)[0] == values(state, False)[0], (seed, variant)
                checked += 1
        state = strong_taker_endgame(seed, 4, 4, 0, seed % 2 == 0)
        assert values(state, True)[0] == values(state, False)[0], seed
    assert checked >= 30


@pytest.mark.slow  # eight endgames solved three ways each: seconds
def test_a_tiny_table_replaces_entries_and_changes_no_value():
    for seed in range(8):
        state = random_endgame(seed, 4, 6, seed % 4, False)
        small, position = values(state, True, max_entries=8)
        assert position.native.entries <= 8
        assert small == values(state, True)[0] == values(state, False)[0]


def test_the_table_lasts_across_searches_of_one_position():
    state = random_endgame(3, 4, 6, 0, False)
    position = Position(state)
    first = position.value()
    spent = position.nodes
    assert position._searcher().entries > 0
    assert position.value() == first
    assert position.nodes - spent < spent / 10  # the second search reads the first's table


def test_a_node_limit_stops_the_native_search_and_loses_nothing():
    state = random_endgame(2, 4, 7, 0, False)
    exact = values(state, False)[0]
    for limit in (1, 50, 2000):
        position = Position(state)
        position.max_nodes = limit
        saved = position.snapshot()
        with pytest.raises(SearchLimit, match=f"more than {limit} nodes"):
            _move_values(position)
        assert position.nodes > limit
        position.restore(saved)  # (the stopped line was not taken back)
        position.max_nodes = 1 << 62  # the same table, with what the stopped search filed
        assert _move_values(position) == exact


def test_the_environment_switch_forces_pure_python():
    code = "from tarot_teach import solver; print(solver._native is None)"
    env = {**os.environ, "TAROT_TEACH_NATIVE": "0"}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == "True"
    env["TAROT_TEACH_NATIVE"] = "1"
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == "False"


def test_bad_arguments_are_refused_with_a_message():
    state = random_endgame(1, 4, 3, 0, False)
    position = Position(state)
    searcher = position._searcher()
    with pytest.raises(ValueError, match="4 masks expected"):
        searcher.search(position.hands[:3], [], 0, 3, False, -1, -1, False, False,
                        -10, 10, -1, -1, 100)
    with pytest.raises(ValueError, match="above the 78 cards"):
        searcher.search([1 << 80] * 4, [], 0, 3, False, -1, -1, False, False,
                        -10, 10, -1, -1, 100)
    with pytest.raises(ValueError, match="do not hold 4 cards each"):  # 3 tricks are left
        searcher.search(position.hands, [], 0, 4, False, -1, -1, False, False,
                        -10, 10, -1, -1, 100)
    with pytest.raises(ValueError, match="3 to 5 players"):
        _solver.Searcher(6, [0] * 6, [1] * 78, list(range(78)), [1] * 78, True, 0, 0,
                         [[0] * 78] * 5, 0)
    with pytest.raises(ValueError, match="keys: 5 tables"):
        _solver.Searcher(4, [0] * 4, [1] * 78, list(range(78)), [1] * 78, True, 0, 0,
                         [[0] * 78] * 4, 0)
    with pytest.raises(ValueError, match=r"keys\[1\] \(lead\): 78 values"):
        _solver.Searcher(4, [0] * 4, [1] * 78, list(range(78)), [1] * 78, True, 0, 0,
                         [[0] * 78, [0] * 77, [0] * 78, [0] * 78, [0] * 78], 0)
