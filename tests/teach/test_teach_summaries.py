"""Every deal summary a scoring question describes could happen in a real deal (issue 9, item 7)."""

import random

import pytest

from tarot_teach import score
from tarot_teach.cards import BOUTS, points
from tarot_teach.teach.scoring import random_summary
from tarot_teach.teach.tables import random_score_summary
from tarot_teach.teach.variants import random_variant_summary

SEEDS = range(3000)

GENERATORS = {
    "share out, 3 players": lambda rng: random_score_summary(rng, 3),
    "share out, 5 players": lambda rng: random_score_summary(rng, 5),
    "score a deal, 4 players": random_summary,
    "another scoring table": random_variant_summary,
}


def _possible(summary) -> list[str]:
    """What makes a summary impossible, from card facts: the Petit of a petit au bout lies in
    the pile of the side that won the last trick, and the pile's points hold its bouts'."""
    problems = []
    bouts, petit = summary["taker_bouts"], summary.get("petit_au_bout")
    if petit == "taker" and bouts == 0:
        problems.append("the taker won the petit au bout with no bout in the pile")
    if petit == "defence" and bouts == len(BOUTS):
        problems.append("the defence won the petit au bout while the taker holds every bout")
    taker_points = summary["taker_points"]
    if not points(BOUTS[:bouts]) <= taker_points <= 91 - points(BOUTS[bouts:]):
        problems.append(f"{taker_points} points cannot hold {bouts} bouts")
    return problems


@pytest.mark.slow  # every question's deal searched
@pytest.mark.parametrize("name", GENERATORS)
def test_every_question_describes_a_possible_deal(name):
    generate = GENERATORS[name]
    seen = set()
    for seed in SEEDS:
        summary = generate(random.Random(seed))
        assert not _possible(summary), (seed, summary, _possible(summary))
        score(summary)  # and the engine scores it
        seen.add((summary["taker_bouts"], summary.get("petit_au_bout")))
    # not vacuous: both sides win the petit au bout, including at the edges
    assert {(1, "taker"), (2, "defence"), (3, "taker"), (0, "defence")} <= seen, seen


def test_the_check_catches_the_old_impossible_deals():
    assert _possible({"taker_bouts": 0, "petit_au_bout": "taker", "taker_points": 40})
    assert _possible({"taker_bouts": 3, "petit_au_bout": "defence", "taker_points": 40})
    assert _possible({"taker_bouts": 3, "petit_au_bout": None, "taker_points": 10})
    assert not _possible({"taker_bouts": 1, "petit_au_bout": "taker", "taker_points": 40.5})
