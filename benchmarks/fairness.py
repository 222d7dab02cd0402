"""Is the coach fair? Its Mistake and Blunder verdicts re-judged on many more deals.

    python benchmarks/fairness.py --deals 6 --seed 1 --recheck 96 [--minutes 20]

Deals are seeded and played to the end by the learner computer players (4 players). Each
seat's cards are reviewed by ``coach.review`` (the verdict a learner sees). Every card it
calls a Mistake or a Blunder is judged again from the same seat's view on other deals
(another seed, ``--recheck`` deals): the verdict was unfair when the card is within 1 card
point of the best there. Prints the share of unfair verdicts early (more than 20 cards
left) and late, separately (the issue's goal: at most 5 % each), and how many verdicts
were "close".

Then the guided hands' judged questions (leads and late cards, ``exercises/hands``): each is
drawn again by the procedure that made its stored verdict (``guided_cards.stable_judged_cards``:
160 deals, more while a card's acceptance is in doubt) with other seeds (``--guided-seeds``);
prints how many accepted sets change (goal: 0). ``--guided``: that part only.
"""

import argparse
import time
from pathlib import Path

from tarot_teach import GameState, RuleSet
from tarot_teach.cards import parse_card
from tarot_teach.coach import Band, review
from tarot_teach.judge import judge_cards
from tarot_teach.players import play_out
from tarot_teach.record import state_from_record

ROOT = Path(__file__).resolve().parent.parent


def _before(record: dict, final, trick: int, seat: int):
    """The state just before ``seat``'s card of trick ``trick`` (1-based)."""
    from tarot_teach.coach import _prefix

    leader = final.tricks[trick - 1][0]
    position = (seat - leader) % final.players
    first = final.tricks[0][0]
    return state_from_record(_prefix(record, trick - 1, position, first), complete=False)


def verdicts(deals: int, seed: int, recheck: int, deadline: float) -> dict:
    counts = {"early": [0, 0], "late": [0, 0], "close": 0, "cards": 0}
    for number in range(deals):
        if time.monotonic() > deadline:
            break
        record = play_out(GameState.new(RuleSet(players=4), seed=f"{seed}:{number}")).to_record()
        final = state_from_record(record, complete=False)
        if final.taker is None:
            continue
        for seat in range(4):
            for entry in review(record, seat):
                if entry.kind != "card":
                    continue
                counts["cards"] += 1
                counts["close"] += entry.close
                if entry.band not in (Band.MISTAKE, Band.BLUNDER):
                    continue
                before = _before(record, final, entry.trick, seat)
                left = sum(hand.bit_count() for hand in before.hands)
                again = judge_cards(before, seat, seed=seed + 1000, deals=(recheck,))
                unfair = again.loss(parse_card(entry.chosen)) <= 1
                when = "early" if left > 20 else "late"
                counts[when][0] += 1
                counts[when][1] += unfair
                if unfair:
                    print(f"  unfair? deal {number} seat {seat} trick {entry.trick}: "
                          f"{entry.chosen} {entry.band.label} ({float(entry.points_lost):.1f}) "
                          f"-> {float(again.loss(parse_card(entry.chosen))):.1f} on {recheck}")
        print(f"deal {number}: {counts}", flush=True)
    return counts


def guided_seeds(seeds=(3, 4)) -> tuple[int, int]:
    """The guided hands' judged questions drawn again by the procedure that made them
    (:func:`tarot_teach.teach.guided_cards.stable_judged_cards`) with each of ``seeds`` (not
    the stored draws' seeds): how many questions, and how many whose accepted cards differ
    from the stored ones on some seed."""
    from tarot_teach.guided import JUDGED_RULES, load_guided_hand
    from tarot_teach.teach.guided_cards import stable_judged_cards

    questions = changed = 0
    for path in sorted((ROOT / "exercises/hands").glob("*.json")):
        hand = load_guided_hand(path)
        for question in hand.questions:
            if question.rule not in JUDGED_RULES:
                continue
            state = hand.state_at(hand.question_step(question))
            started = time.monotonic()
            again = [stable_judged_cards(state, hand.learner, seeds=(seed,))[0]
                     for seed in seeds]
            moved = [sorted(str(c) for c in draw.accepted ^ question.verdict.accepted)
                     for draw in again]
            questions += 1
            changed += any(moved)
            print(f"  {path.stem} trick {question.trick}: {question.verdict.deals} deals stored, "
                  f"{[draw.deals for draw in again]} drawn; changed {moved} "
                  f"({time.monotonic() - started:.0f} s)", flush=True)
    return questions, changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--recheck", type=int, default=96)
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--no-guided", action="store_true")
    parser.add_argument("--guided", action="store_true", help="the guided hands only")
    parser.add_argument("--guided-seeds", type=int, nargs="+", default=[3, 4])
    args = parser.parse_args()
    deadline = time.monotonic() + 60 * args.minutes
    if not args.guided:
        counts = verdicts(args.deals, args.seed, args.recheck, deadline)
        for when in ("early", "late"):
            total, unfair = counts[when]
            share = f"{100 * unfair / total:.1f} %" if total else "n/a"
            print(f"{when}: {unfair} of {total} Mistake/Blunder verdicts within 1 point of "
                  f"the best on {args.recheck} other deals ({share}; goal at most 5 %)")
        print(f"close verdicts: {counts['close']} of {counts['cards']} cards reviewed")
    if not args.no_guided:
        started = time.monotonic()
        questions, changed = guided_seeds(tuple(args.guided_seeds))
        print(f"guided judged questions whose accepted cards change when drawn again "
              f"(seeds {args.guided_seeds}): {changed} of {questions} (goal 0; "
              f"{time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
