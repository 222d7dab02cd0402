"""Computer players: reasonable, beatable tarot, each decision with a one-line reason. The
learner level (:class:`ComputerPlayer`, with the doctest) is in :mod:`tarot_teach.learner`;
the strong level (:class:`StrongPlayer`) judges its cards as the coach does. Both decide
from what their seat may see, deterministically.
"""

from __future__ import annotations

from .cards import PLAIN_SUITS, Card
from .game import GameState
from .learner import (ComputerPlayer, Decision, discard_preference, hand_count, hint,
                      learner_discard, play_out)
from .rules import Bid, Phase

__all__ = ["Decision", "ComputerPlayer", "StrongPlayer", "LEVELS", "play_out", "hint",
           "hand_count", "discard_plans", "discard_preference"]


class StrongPlayer(ComputerPlayer):
    """The "strong" level: at every card it judges its legal cards from its own view as the
    coach does (:func:`tarot_teach.judge.judge_cards` on ``samples`` deals drawn to fit what
    its seat has seen, never the hidden hands) and plays the best. It bids, calls (five
    players) and discards as the learner player does unless another choice clearly scores
    more on ``choice_deals`` deals drawn to fit its hand (0: never): the bids next to the
    counted one, every card it may call, the discards that empty each suit first. Its
    declarations are the learner player's. Deterministic: the draws are seeded by ``seed``
    and the seat's view.

    >>> from tarot_teach import GameState, RuleSet
    >>> state = GameState.new(RuleSet(players=4), seed=12)
    >>> strong, learner = StrongPlayer(samples=2, choice_deals=4), ComputerPlayer()
    >>> while not state.is_over:
    ...     player = strong if state.to_act == 0 else learner
    ...     decision = player.decide(state)
    ...     assert decision.reason
    ...     state.play(decision.action)
    >>> state.result.to_dict() == __import__("tarot_teach").replay(state.to_record())
    True
    """

    def __init__(self, samples: int = 12, seed: int = 0, choice_deals: int = 24) -> None:
        self.samples = samples
        self.seed = seed
        self.choice_deals = choice_deals
        self._discards: dict = {}  # the discard chosen at its first card, by seat's hand

    def decide(self, state: GameState) -> Decision:
        if state.is_over:
            raise ValueError("the deal is over")
        if self.choice_deals and state.phase is Phase.BIDDING:
            return self._bid_by_simulation(state, super().decide(state))
        if self.choice_deals and state.phase is Phase.CALLING:
            return self._call_by_simulation(state, super().decide(state))
        if self.choice_deals and state.phase is Phase.DISCARD:
            return self._discard_by_simulation(state)
        if state.phase is Phase.PLAYING and state.taker is not None:
            legal = state.legal_actions()
            if len(legal) > 1 and all(isinstance(a, Card) for a in legal):
                from .advice import strong_choice  # the judge and solver load when first needed

                card, reason = strong_choice(state, state.to_act, samples=self.samples,
                                             seed=self.seed)
                return Decision(card, reason)
        return super().decide(state)

    def _clearly_better(self, state: GameState, choices: dict, usual, label: str):
        """``(best, verdict)``: the choice that clearly scores more than ``usual`` on deals
        drawn to fit the hand (:func:`tarot_teach.judge.judge_choices`: the whole 95 %
        interval of the gain above 0), or None, and the verdict."""
        from .judge import judge_choices  # (not at import: the learner's pages stay light)

        verdict = judge_choices(state, state.to_act, choices, seed=self.seed,
                                deals=self.choice_deals, label=label)
        best = max(choices, key=lambda choice: (verdict.mean(choice), choice == usual))
        return (best if verdict.clearly_better(best, usual) else None), verdict

    def _bid_by_simulation(self, state: GameState, counted: Decision) -> Decision:
        """The bid the hand's count suggests (``counted``), unless another bid near it (Pass,
        one step below or above) clearly scores more on deals drawn to fit the hand
        (:func:`tarot_teach.judge.judge_bids`: the whole 95 % interval of the gain above 0)."""
        legal = [a for a in state.legal_actions() if isinstance(a, Bid)]
        if len(legal) < 2:
            return counted
        at = legal.index(counted.action)
        near = {Bid.PASS, counted.action, *legal[max(at - 1, 0):at + 2]}
        candidates = [bid for bid in legal if bid in near]
        best, verdict = self._clearly_better(state, {bid: (bid,) for bid in candidates},
                                             counted.action, "bid")
        if best is None:
            return counted
        return Decision(best, _clearly_better_reason(verdict, best, best.english,
                                                     f"{counted.action.english}, which my "
                                                     "hand's count suggests",
                                                     {bid: bid.english for bid in candidates}))

    def _call_by_simulation(self, state: GameState, usual: Decision) -> Decision:
        """The learner player's call (``usual``), unless calling another card clearly scores
        more on deals drawn to fit the hand."""
        legal = [a for a in state.legal_actions() if isinstance(a, Card)]
        if len(legal) < 2:
            return usual
        best, verdict = self._clearly_better(state, {card: (card,) for card in legal},
                                             usual.action, "call")
        if best is None:
            return usual
        return Decision(best, _clearly_better_reason(
            verdict, best, f"calling {best.name}", f"calling {usual.action.name}",
            {card: card.name for card in legal}))

    def _discard_by_simulation(self, state: GameState) -> Decision:
        """The discard is chosen whole at its first card: the learner player's, unless a
        discard that empties one suit first clearly scores more on deals drawn to fit the
        hand (and dog); each later card follows the chosen discard."""
        seat = state.to_act
        view = state.lazy_view(seat)
        done = tuple(view.discard or ())
        key = (seat, state.dealer, frozenset(view.hand) | frozenset(done), tuple(state.bids))
        chosen = self._discards.get(key)
        if chosen is not None and chosen[0][:len(done)] == done and len(done) < len(chosen[0]):
            return Decision(chosen[0][len(done)], chosen[1])
        usual = super().decide(state)
        if done:  # the discard began without this player's plan: the learner player's way
            return usual
        plans = discard_plans(state)
        if len(plans) < 2:
            return usual
        best, verdict = self._clearly_better(state, plans, "usual", "discard")
        if best is None:
            plan, reason = plans["usual"], usual.reason
        else:
            plan = plans[best]
            reason = _clearly_better_reason(
                verdict, best, f"discarding {' '.join(c.short_name for c in plan)}",
                "the usual discard (short suits without a King first)",
                {name: "the usual discard" if name == "usual" else f"emptying {name} first"
                 for name in plans})
        if len(self._discards) > 64:
            self._discards.clear()
        self._discards[key] = (plan, reason)
        return Decision(plan[0], reason)


def discard_plans(state: GameState) -> dict:
    """The whole discards the strong level weighs for the taker about to discard in
    ``state``: ``"usual"``, the learner player's, and for each plain suit of the hand one
    that empties that suit first (named by the suit), each as its cards in order (the same
    discard reached by two ways is kept once).

    >>> from tarot_teach import GameState, RuleSet
    >>> state = GameState.new(RuleSet(players=4), seed=3)
    >>> while state.phase is not Phase.DISCARD:
    ...     state.play(ComputerPlayer().decide(state).action)
    >>> plans = discard_plans(state)
    >>> "usual" in plans, all(len(plan) == 6 for plan in plans.values())
    (True, True)
    """
    seat = state.to_act
    hand = state.lazy_view(seat).hand
    preference = discard_preference(hand)
    orders = {suit.english: (lambda card, suit=suit: (card.suit is not suit, preference(card)))
              for suit in PLAIN_SUITS if any(c.suit is suit and not c.is_king for c in hand)}
    plans = {"usual": learner_discard(state)}
    seen = {frozenset(plans["usual"])}
    for name, order in orders.items():
        after, plan = state.copy(), []
        while after.phase is Phase.DISCARD and after.to_act == seat:
            card = min((a for a in after.legal_actions() if isinstance(a, Card)), key=order)
            plan.append(card)
            after.play(card)
        if frozenset(plan) not in seen:
            seen.add(frozenset(plan))
            plans[name] = tuple(plan)
    return plans


def _clearly_better_reason(verdict, best, best_words: str, usual_words: str,
                           words: dict) -> str:
    """Why the strong level chose ``best`` over its usual choice, with the averages."""
    others = ", ".join(f"{words[choice]} {float(verdict.mean(choice)):+.0f}"
                       for choice in verdict.choices if choice != best)
    return (f"Over {verdict.deals} deals that fit my hand, {best_words} scores "
            f"{float(verdict.mean(best)):+.0f} on average ({others}): clearly more than "
            f"{usual_words}.")


LEVELS = {"learner": ComputerPlayer, "strong": StrongPlayer}
"""The computer's levels at the table, by name."""
