"""Golden play-throughs (scripts/golden.py): seeded deals for FFT 3/4/5 players and every
variant, with the number of legal actions at each step and perft counts, must replay
exactly as committed in tests/playthroughs/."""

import importlib.util
import sys
from pathlib import Path

import pytest

from tarot_teach import GameState, RuleSet, replay

ROOT = Path(__file__).resolve().parents[2]


def _golden():
    spec = importlib.util.spec_from_file_location("golden", ROOT / "scripts" / "golden.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("golden", module)
    spec.loader.exec_module(module)
    return module


golden = _golden()


@pytest.mark.slow  # every golden play-through replayed
def test_golden_playthroughs_unchanged():
    problems = golden.differences()
    if problems:
        pytest.fail("The engine now plays the golden deals differently:\n\n"
                    + "\n\n".join(problems)
                    + "\n\nIf this change of behaviour is deliberate, regenerate the files with "
                      "`.venv/bin/python scripts/golden.py --write` and say why in the commit.")


def test_every_configuration_has_its_file():
    files = {path.name for path in golden.FOLDER.glob("*.txt")}
    assert files == {f"{name}.txt" for name in golden.CONFIGS}


def test_perft_counts_the_sequences():
    """perft(1) is the number of legal actions; perft(2) sums them over the children."""
    state = GameState.new(RuleSet(players=4), seed=5, dealer=1)
    legal = state.legal_actions()
    assert golden.perft(state, 1) == len(legal)
    total = 0
    for action in legal:
        child = state.copy()
        child.play(action)
        total += len(child.legal_actions())
    assert golden.perft(state, 2) == total


def test_a_transcript_replays_through_the_record():
    """A golden deal, written as a hand record, replays to the result in its transcript."""
    rules = RuleSet(players=4)
    lines = golden.transcript("check", rules, 3, {})
    result_line = next(line for line in lines if line.startswith("result: "))
    state = GameState.new(rules, seed=3, dealer=3)
    import random
    rng = random.Random("golden:check:3")
    while not state.is_over:
        legal = state.legal_actions()
        state.play(golden._choose(state, legal, rng))
    assert result_line == f"result: {replay(state.to_record())}"
