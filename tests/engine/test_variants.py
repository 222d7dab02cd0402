"""Every variant of RULES.md §11–§12 in the engine: worked examples of the seeds, the decisions
taken where the sources leave room, and properties of random deals for each variant (cards
conserved, the pack's points shared, zero-sum scores, replay gives the same result)."""

from __future__ import annotations

import random

import pytest

from tarot_teach import (DECK, VARIANTS, Bid, GameState, IllegalAction, InvalidRecord, Phase,
                         RuleSet, Slam, parse_card, replay, score, trick_winner)
from tarot_teach.game import Misere, Poignee, cosmic_thirds_of, half_points_of
from tarot_teach.rules import IMPLEMENTED_VARIANTS
from tarot_teach.scoring import score_goulash, score_two_players
from tarot_teach.variants import (COSMIC_THIRDS, SCORING_TABLES, cosmic_name, display_name,
                                  draw_first_dealer)

ALL = (1 << 78) - 1
CARDS = [str(c) for c in DECK]


# ----- the list of variants -----------------------------------------------------------------------


def test_every_variant_is_implemented():
    assert IMPLEMENTED_VARIANTS == set(VARIANTS)


def test_unknown_variant_is_refused_with_the_list():
    with pytest.raises(InvalidRecord) as caught:
        score({"bid": "guard", "taker_points": 50, "taker_bouts": 2, "variant": {"chicane": True}})
    for name in VARIANTS:
        assert name in str(caught.value)


def test_unknown_scoring_table_is_refused_with_the_list():
    with pytest.raises(InvalidRecord) as caught:
        RuleSet.from_record(4, {"alternative_scoring": "mouches"})
    for name in set(SCORING_TABLES) - {"fft"}:
        assert name in str(caught.value)
    with pytest.raises(InvalidRecord):
        RuleSet.from_record(4, {"alternative_scoring": 3})


@pytest.mark.parametrize("variant, players", [("cosmic_tribe", 4), ("five_no_partner", 4),
                                              ("two_players", 4), ("cosmic_tribe", 5)])
def test_variants_that_fix_the_table_size(variant, players):
    with pytest.raises(InvalidRecord, match="played by"):
        RuleSet(players=players, **{variant: True})


def test_two_players_need_the_variant():
    with pytest.raises(InvalidRecord, match="two_players"):
        RuleSet(players=2)


# ----- seed 002: Cosmic Tribe -------------------------------------------------------------------


def cosmic(summary):
    return score(dict(summary, players=3, variant={"cosmic_tribe": True}))


def test_seed_002_guard_without_example():
    # Guard without, simple handful, 42 tricky points, 2 keys, the Wizard won at the last trick.
    result = cosmic({"bid": "guard_without", "taker_points": 42, "taker_bouts": 2,
                     "petit_au_bout": "taker", "poignees": ["simple"]})
    assert result["target"] == 36 and result["margin"] == 6
    assert result["hand_score"] == 184 and result["each_defender"] == -184
    assert result["taker"] == 368


def test_seed_002_take_example():
    # Take, 29 tricky points, 3 keys, the Wizard at last: -19 paid to each opponent.
    result = cosmic({"bid": "take", "taker_points": 29, "taker_bouts": 3,
                     "petit_au_bout": "taker"})
    assert result["target"] == 33 and not result["contract_made"]
    assert result["hand_score"] == -19 and result["each_defender"] == 19
    assert result["taker"] == -38


def test_cosmic_counting_in_thirds():
    assert sum(COSMIC_THIRDS) == 234  # 78 tricky points
    assert cosmic_thirds_of(ALL) == 234
    # a tierce of small cards is one point; an Archon adds 4, a key 4
    assert cosmic_thirds_of(sum(1 << parse_card(c).index for c in ("2H", "3H", "4H"))) == 3
    assert cosmic_thirds_of(1 << parse_card("KH").index) == 13
    assert cosmic_thirds_of(1) == 13  # the Fool
    # a third of a point: rounded like the half point of FFT (to the side that wins)
    made = cosmic({"bid": "take", "taker_points": "36 1/3", "taker_bouts": 2})
    assert made["contract_made"] and made["margin"] == 1
    failed = cosmic({"bid": "take", "taker_points": "35 2/3", "taker_bouts": 2})
    assert not failed["contract_made"] and failed["margin"] == 1


def test_cosmic_targets_and_handfuls():
    rules = RuleSet(players=3, cosmic_tribe=True)
    assert rules.targets == {0: 46, 1: 43, 2: 36, 3: 33}
    assert rules.handful_thresholds == (13, 16, 18)
    assert rules.total_points == 78 and rules.packet_size == 4


def test_cosmic_pip_order():
    # Fire (clubs) and Air (spades): 10 low ... 1 high, below the courts
    assert str(trick_winner(["5S", "10S"])) == "10S"  # FFT order
    state = GameState.from_hands(RuleSet(players=3, cosmic_tribe=True), *cosmic_hands())
    assert state._winner_of([parse_card("5S").index, parse_card("10S").index]) == 0
    assert state._winner_of([parse_card("1C").index, parse_card("JC").index]) == 1
    assert state._winner_of([parse_card("1C").index, parse_card("2C").index]) == 0
    # Earth and Water (diamonds, hearts) keep 1 low ... 10 high
    assert state._winner_of([parse_card("5H").index, parse_card("10H").index]) == 1


def cosmic_hands():
    return [CARDS[0:24], CARDS[24:48], CARDS[48:72]], CARDS[72:78]


def test_cosmic_display_skin():
    rules = RuleSet(players=3, cosmic_tribe=True)
    assert display_name("QD", rules) == "Shaman of Earth"
    assert cosmic_name("CS") == "Marvel of Air" and cosmic_name("JC") == "Practician of Fire"
    assert cosmic_name("T1").startswith("the Wizard") and cosmic_name("EX") == "the Fool"
    assert str(parse_card("KH")) == "KH"  # the notation is unchanged


def test_first_dealer_by_drawing_is_seeded():
    draw = draw_first_dealer(3, seed=7)
    assert draw == draw_first_dealer(3, seed=7)
    assert all(d[-1].is_trump and not any(c.is_trump for c in d[:-1]) for d in draw.draws)
    assert draw.trumps[draw.dealer].rank == max(c.rank for c in draw.trumps)
    assert len({c for d in draw.draws for c in d}) == sum(len(d) for d in draw.draws)


# ----- seed 001 / 003: the other scoring tables -----------------------------------------------------


def table(name, summary, players=4, **variant):
    return score(dict(summary, players=players, variant=dict(alternative_scoring=name, **variant)))


def test_round_tens_table_seed_001():
    # 80 for a Guard, margin rounded to the nearest ten, no multiplier
    result = table("round_tens", {"bid": "guard", "taker_points": 56, "taker_bouts": 2})
    assert result["hand_score"] == 80 + 20 and result["taker"] == 300  # margin 15 -> 20
    result = table("round_tens", {"bid": "guard_without", "taker_points": 45, "taker_bouts": 2})
    assert result["hand_score"] == 160  # margin 4 -> 0
    result = table("round_tens", {"bid": "guard_against", "taker_points": 30, "taker_bouts": 1})
    assert result["hand_score"] == -(320 + 20)  # failed by 21 -> 20
    result = table("round_tens", {"bid": "guard", "taker_points": 91, "taker_bouts": 3,
                                  "chelem": "made"})
    assert result["hand_score"] == 80 + 60 + 1000
    result = table("round_tens", {"bid": "guard", "taker_points": 80, "taker_bouts": 3,
                                  "chelem": "petit_made"}, petit_chelem=True)
    assert result["hand_score"] == 80 + 40 + 500  # margin 44 -> 40


def test_multipliers_x5_table_seed_001():
    result = table("garde_contre_x5", {"bid": "guard_against", "taker_points": 45,
                                       "taker_bouts": 2, "poignees": ["simple"]})
    assert result["hand_score"] == (25 + 4) * 5 + 10
    result = table("garde_contre_x5", {"bid": "pousse", "taker_points": 45, "taker_bouts": 2,
                                       "poignees": ["triple"]}, pousse=True)
    assert result["hand_score"] == (25 + 4) * 2 + 40


def test_pousse_doubling_table_seed_001():
    for bid, factor in (("take", 1), ("pousse", 2), ("guard", 4), ("guard_without", 8),
                        ("guard_against", 12)):
        result = table("pousse_doubling", {"bid": bid, "taker_points": 40, "taker_bouts": 2,
                                           "petit_au_bout": "taker", "poignees": ["double"]},
                       pousse=True)
        assert result["hand_score"] == (-26 + 10) * factor - 20


def test_petit_chelem_values_seed_001():
    base = {"bid": "guard", "taker_points": 70, "taker_bouts": 3, "variant": {"petit_chelem": True}}
    plain = score(dict(base))["hand_score"]
    assert score(dict(base, chelem="petit_announced_made"))["hand_score"] == plain + 300
    assert score(dict(base, chelem="petit_announced_failed"))["hand_score"] == plain - 150
    assert score(dict(base, chelem="petit_made"))["hand_score"] == plain  # RULES.md: no score
    with pytest.raises(InvalidRecord, match="petit_chelem"):
        score({"bid": "guard", "taker_points": 70, "taker_bouts": 3, "chelem": "petit_made"})


def test_fixed_bases_table_seed_003():
    for bid, base in (("take", 10), ("guard", 40), ("guard_without", 80), ("guard_against", 160)):
        result = table(True, {"bid": bid, "taker_points": 53, "taker_bouts": 2,
                              "petit_au_bout": "defence"})
        assert result["hand_score"] == base + 12 - 10
    result = table(True, {"bid": "pousse", "taker_points": 53, "taker_bouts": 2}, pousse=True)
    assert result["hand_score"] == 20 + 12


def test_garde_contre_x8_seed_003():
    result = table("garde_contre_x8", {"bid": "guard_against", "taker_points": 53,
                                       "taker_bouts": 2})
    assert result["hand_score"] == (25 + 12) * 8


def test_old_handful_scale_and_a_table_with_its_own_scale_exclude_each_other():
    with pytest.raises(InvalidRecord, match="poignée scale"):
        RuleSet(players=4, alternative_scoring="garde_contre_x5", old_handful_scale=True)


# ----- five players without a partner ------------------------------------------------------------


def test_five_no_partner_deals_14_and_8_and_has_no_call():
    rules = RuleSet(players=5, five_no_partner=True)
    state = GameState.new(rules, seed=11)
    assert [h.bit_count() for h in state.hands] == [14] * 5 and state.dog.bit_count() == 8
    state.play("guard")
    for _ in range(4):
        state.play("pass")
    assert state.phase is Phase.DISCARD and state.called is None
    random_finish(state, random.Random(1))
    assert state.partner is None and state.result.breakdown.alone
    taker = state.taker
    assert state.result.scores[taker] == 4 * state.result.breakdown.hand_score
    assert score({"players": 5, "bid": "guard", "taker_points": 50, "taker_bouts": 2,
                  "variant": {"five_no_partner": True}})["taker"] == 4 * (25 + 9) * 2


# ----- misère ---------------------------------------------------------------------------------------


def misere_deal():
    """Seat 2 has no trump and no Excuse; seat 3 no face card and no bout."""
    plain = [c for c in CARDS if c[0] != "T" and c != "EX"]
    courts = [c for c in plain if c[0] in "JCQK" and c[:2] != "10"]
    pips = [c for c in plain if c not in courts]
    seat2 = courts[:10] + pips[:8]
    seat3 = pips[8:18] + ["T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9"]
    rest = [c for c in CARDS if c not in seat2 and c not in seat3]
    return [rest[0:18], rest[18:36], seat2, seat3], rest[36:42]


def test_misere_declared_and_paid():
    hands, dog = misere_deal()
    state = GameState.from_hands(RuleSet(players=4, misere=True), hands, dog)
    for bid in ("guard", "pass", "pass", "pass"):
        state.play(bid)
    while state.phase is Phase.DISCARD:
        state.play(state.legal_actions()[0])
    state.play("no_chelem")
    assert state.to_act == 1
    state.play(state.legal_actions()[0])
    assert Misere("trumps") in state.legal_actions() and state.to_act == 2
    with pytest.raises(IllegalAction, match="honours misère"):
        state.play(Misere("honours"))
    state.play("misere:trumps")
    state.play(state.legal_actions()[0])
    assert Misere("honours") in state.legal_actions()
    with pytest.raises(IllegalAction, match="trumps misère"):
        state.play(Misere("trumps"))
    state.play(Misere("honours"))
    random_finish(state, random.Random(3))
    result = state.result
    assert result.misere_scores == (-20, -20, 30 - 10, 30 - 10)
    assert sum(result.scores) == 0
    assert [a - b for a, b in zip(result.scores, result.misere_scores)] == \
        list(result.breakdown.seat_scores(state.taker, state.partner))
    record = state.to_record()
    assert record["declarations"]["miseres"] == {"2": "trumps", "3": "honours"}
    assert replay(record) == result.to_dict()


def test_misere_after_the_first_card_is_refused():
    hands, dog = misere_deal()
    state = GameState.from_hands(RuleSet(players=4, misere=True), hands, dog)
    for bid in ("guard", "pass", "pass", "pass"):
        state.play(bid)
    while state.phase is not Phase.PLAYING:
        state.play(state.legal_actions()[0])
    for _ in range(4):
        state.play(next(a for a in state.legal_actions() if not isinstance(a, (Misere, Poignee))))
    with pytest.raises(IllegalAction, match="first card"):
        state.play(Misere("trumps"))


def test_misere_needs_the_variant():
    hands, dog = misere_deal()
    record = {"players": 4, "hands": hands, "dog": dog, "bids": ["guard"] + ["pass"] * 3,
              "declarations": {"miseres": {"2": "trumps"}}}
    with pytest.raises(InvalidRecord, match="misere"):
        replay(record)


# ----- petit chelem --------------------------------------------------------------------------


def strong_hand_deal():
    """Seat 1 holds the 12 top trumps, the Excuse and five Kings-and-Queens: it can win nearly
    every trick."""
    seat1 = ["EX"] + [f"T{n}" for n in range(10, 22)] + ["KS", "KH", "KD", "KC", "QS"]
    rest = [c for c in CARDS if c not in seat1]
    return [rest[0:18], seat1, rest[18:36], rest[36:54]], rest[54:60]


def test_petit_chelem_announcement_leads_and_scores():
    hands, dog = strong_hand_deal()
    state = GameState.from_hands(RuleSet(players=4, petit_chelem=True), hands, dog)
    for bid in ("guard_without", "pass", "pass", "pass"):
        state.play(bid)
    assert Slam.ANNOUNCE_PETIT in state.legal_actions()
    state.play("petit_chelem")
    assert state.to_act == state.taker == 1
    random_finish(state, random.Random(0))
    outcome = state.result.breakdown.chelem
    won = sum(1 for _, _, w in state.tricks if w == 1)
    assert outcome == ("petit_announced_made" if won >= 17 else "petit_announced_failed")
    record = state.to_record()
    assert record["declarations"]["petit_chelem"] is True
    assert replay(record) == state.result.to_dict()


def test_petit_chelem_needs_the_variant():
    hands, dog = strong_hand_deal()
    state = GameState.from_hands(RuleSet(players=4), hands, dog)
    for bid in ("guard_without", "pass", "pass", "pass"):
        state.play(bid)
    assert Slam.ANNOUNCE_PETIT not in state.legal_actions()
    with pytest.raises(IllegalAction, match="petit_chelem"):
        state.play("petit_chelem")


# ----- petit imprenable --------------------------------------------------------------------------


def petit_sec_deal():
    plain = [c for c in CARDS if c[0] != "T" and c != "EX"]
    seat0 = ["T1"] + plain[:17]
    rest = [c for c in CARDS if c not in seat0]
    return [seat0, rest[0:18], rest[18:36], rest[36:54]], rest[54:60]


def test_petit_sec_voids_the_deal_but_not_with_petit_imprenable():
    hands, dog = petit_sec_deal()
    assert GameState.from_hands(RuleSet(players=4), hands, dog).result.void == "petit_sec"
    state = GameState.from_hands(RuleSet(players=4, petit_imprenable=True), hands, dog)
    assert not state.is_over and state.imprenable == 0
    assert ("petit_imprenable", 0) in state.events
    assert state.view(2).petit_imprenable == 0


def test_imprenable_petit_is_played_like_an_excuse():
    hands, dog = petit_sec_deal()
    state = GameState.from_hands(RuleSet(players=4, petit_imprenable=True), hands, dog)
    for bid in ("pass", "guard", "pass", "pass"):
        state.play(bid)
    while state.phase is not Phase.PLAYING:
        state.play(state.legal_actions()[0])
    state.play("no_chelem") if state.phase is Phase.SLAM else None
    # seat 1 (the taker) leads a spade... whatever it leads, seat 0 may play the Petit
    while state.to_act != 0:
        state.play(next(a for a in state.legal_actions() if not isinstance(a, Poignee)))
    assert parse_card("T1") in state.legal_actions()
    state.play("T1")
    while len(state.tricks) < 1:
        state.play(next(a for a in state.legal_actions() if not isinstance(a, Poignee)))
    leader, cards, winner = state.tricks[0]
    assert winner != 0  # the Petit never wins
    random_finish(state, random.Random(5))
    assert state.final_piles[state.side_of(0)] & 2  # it stayed with its holder's side
    assert state.result.breakdown.petit_au_bout is None
    assert replay(state.to_record()) == state.result.to_dict()


# ----- goulash -------------------------------------------------------------------------------


def test_goulash_plays_the_deal_and_everyone_pays_the_points_he_took():
    state = GameState.new(RuleSet(players=4, goulash=True), seed=21)
    for _ in range(4):
        state.play("pass")
    assert state.phase is Phase.PLAYING and state.taker is None and state.goulash
    assert not any(isinstance(a, (Poignee, Misere)) for a in state.legal_actions())
    random_finish(state, random.Random(2))
    result = state.result
    assert result.kind == "goulash" and sum(result.scores) == 0
    units = result.seat_units
    assert sum(units) + half_points_of(state.dog) == 182
    assert result.scores == score_goulash(units)[0]
    record = state.to_record()
    assert replay(record) == result.to_dict() and replay(record)["goulash"] is True


def test_goulash_rounding_sums_to_zero():
    scores, lines = score_goulash([21, 61, 41, 59])  # 10.5, 30.5, 20.5, 29.5
    # rounded down to 10, 30, 20, 29: 89 taken in all; each gains 89 - 4 × his own
    assert scores == (49, -31, 9, -27) and sum(scores) == 0
    assert "rounded down" in lines[0]


def test_without_goulash_all_passed_is_void():
    state = GameState.new(RuleSet(players=4), seed=21)
    for _ in range(4):
        state.play("pass")
    assert state.result.void == "all_passed"


# ----- two players ---------------------------------------------------------------------------


def test_two_players_deal_view_and_piles():
    state = GameState.new(RuleSet(players=2, two_players=True), seed=4, dealer=0)
    assert state.phase is Phase.PLAYING and state.to_act == 1  # the non-dealer leads
    view = state.view(1)
    assert len(view.hand) == 21 and len(view.table[1]) == 6
    top_cards = {card for card, size in view.table[1]}
    assert all(size == 3 for _, size in view.table[0])
    legal = set(state.legal_actions())
    assert top_cards <= legal  # face-up cards are played like hand cards
    hidden = {DECK[i] for piles in state.table for pile in piles for i in pile[:-1]}
    assert not hidden & legal
    # play a pile card: the next one stays face down until the trick is over
    card = next(iter(top_cards))
    pile = next(n for n, (c, _) in enumerate(view.table[1]) if c is card)
    state.play(card)
    assert state.view(0).table[1][pile] == (None, 2)
    state.play(state.legal_actions()[0])
    turned = state.view(0).table[1][pile]
    assert turned[0] is not None and turned[1] == 2


def test_two_players_score_and_replay():
    for seed in range(5):
        state = random_finish(GameState.new(RuleSet(players=2, two_players=True), seed=seed),
                              random.Random(seed))
        result = state.result
        assert result.kind == "two_players" and len(state.tricks) == 39
        assert sum(result.seat_units) == 182 and sum(result.scores) == 0
        record = state.to_record()
        assert len(record["piles"][0]) == 6 and "bids" in record
        assert replay(record) == result.to_dict()


def test_two_player_scoring():
    winner, scores, _ = score_two_players([90, 92], [2, 1], petit_au_bout=1)
    assert winner == 0 and scores == (29 - 10, -29 + 10)
    winner, scores, lines = score_two_players([81, 101], [2, 1])  # 40.5 and 50.5: nobody
    assert winner is None and scores == (0, 0) and "drawn" in lines[-1]


def test_two_players_refuse_bids_and_poignees():
    state = GameState.new(RuleSet(players=2, two_players=True), seed=4)
    record = state.to_record()
    record["bids"] = ["pass", "pass"]
    with pytest.raises(InvalidRecord, match="do not bid"):
        replay(record)
    with pytest.raises(InvalidRecord, match="cannot be played with"):
        RuleSet(players=2, two_players=True, goulash=True)


# ----- random deals of every variant ----------------------------------------------------------


CONFIGS = [
    (4, {"petit_chelem": True}), (3, {"petit_chelem": True}),
    (4, {"alternative_scoring": "round_tens", "petit_chelem": True}),
    (4, {"alternative_scoring": True, "pousse": True}), (5, {"alternative_scoring": "garde_contre_x5"}),
    (4, {"alternative_scoring": "garde_contre_x8"}), (4, {"alternative_scoring": "pousse_doubling",
                                                         "pousse": True}),
    (4, {"goulash": True}), (3, {"goulash": True}), (5, {"goulash": True}),
    (5, {"five_no_partner": True}), (4, {"misere": True}), (5, {"misere": True, "goulash": True}),
    (4, {"petit_imprenable": True}), (3, {"petit_imprenable": True}),
    (5, {"petit_imprenable": True}), (3, {"cosmic_tribe": True}),
    (3, {"cosmic_tribe": True, "petit_chelem": True, "misere": True}),
    (2, {"two_players": True}), (4, {"clockwise": True, "no_take": True}),
    (3, {"excuse_last_trick_to_winner": True, "petit_imprenable": True}),
]


def random_finish(state: GameState, rng: random.Random) -> GameState:
    """Play to the end at random; the Excuse is often kept late so that §8's last trick is
    played, announcements and declarations are made when offered now and then."""
    keep_excuse = rng.random() < 0.5
    while not state.is_over:
        actions = state.legal_actions()
        if state.phase is Phase.BIDDING and state.rules.goulash and rng.random() < 0.7:
            actions = [Bid.PASS]
        if keep_excuse and len(actions) > 1 and DECK[0] in actions:
            actions = [a for a in actions if a is not DECK[0]]
        declarations = [a for a in actions if isinstance(a, Misere)]
        if declarations and rng.random() < 0.7:
            actions = declarations
        state.play(actions[rng.randrange(len(actions))])
    return state


def rigged(players: int, variant: dict, seed: int) -> GameState:
    """A seeded deal; for petit imprenable and misère, now and then a hand made to hold a Petit
    sec or a misère, so that those rules are played."""
    rules = RuleSet(players=players, **variant)
    rng = random.Random(seed)
    if (variant.get("petit_imprenable") or variant.get("misere")) and rng.random() < 0.5:
        cards = list(CARDS)
        rng.shuffle(cards)
        trumps = [c for c in cards if c[0] == "T" and c != "T1"] + ["EX"]
        others = [c for c in cards if c not in trumps and c != "T1"]
        special = ["T1"] + others[:rules.hand_size - 1]
        rest = [c for c in cards if c not in special]
        rng.shuffle(rest)
        seat = rng.randrange(players)
        hands, position = [], 0
        for s in range(players):
            if s == seat:
                hands.append(special)
            else:
                hands.append(rest[position:position + rules.hand_size])
                position += rules.hand_size
        dog = rest[position:position + rules.dog_size]
        if not variant.get("petit_imprenable"):  # a trump misère instead of a Petit sec
            swap = next(c for c in dog if c[0] != "T" and c != "EX")
            hands[seat] = [swap if c == "T1" else c for c in hands[seat]]
            dog = ["T1" if c == swap else c for c in dog]
        return GameState.from_hands(rules, hands, dog, dealer=seed % players)
    return GameState.new(rules, seed=seed, dealer=seed % players)


def check_cards(state: GameState) -> None:
    parts = list(state.hands) + [sum(1 << i for i in state.trick)]
    if not (state.contract is not None and state.contract.takes_dog
            and state.phase not in (Phase.BIDDING, Phase.CALLING)):
        parts.append(state.dog)
    parts.append(sum(1 << i for i in state.discard))
    parts.extend(state.piles)
    if state.table is not None:
        parts.extend(1 << i for piles in state.table for pile in piles for i in pile)
    seen = 0
    for part in parts:
        assert not seen & part, "a card is in two places"
        seen |= part
    assert seen == ALL, "a card went missing"


@pytest.mark.parametrize("players, variant", CONFIGS,
                         ids=[f"{p}-{'-'.join(f'{k}={v}' for k, v in sorted(v.items()))}"
                              for p, v in CONFIGS])
def test_random_deals_of_every_variant(players, variant):
    rules = RuleSet(players=players, **variant)
    seen_kinds = set()
    for seed in range(40):
        state = rigged(players, variant, seed)
        rng = random.Random(seed)
        while not state.is_over:
            check_cards(state)
            random_finish_one(state, rng)
        check_cards(state)
        result = state.result
        seen_kinds.add(result.void or result.kind)
        if result.void:
            continue
        assert sum(result.scores) == 0
        total = rules.points_unit * rules.total_points
        units = state._units_of
        if result.kind == "goulash":
            assert sum(result.seat_units) + units(state.dog) == total
        elif result.kind == "two_players":
            assert sum(result.seat_units) == total
        else:
            taker, defence = state.final_piles
            assert taker | defence == ALL and not taker & defence
            unpaid = state.unpaid_exchange
            assert result.taker_half_points == units(taker) + unpaid[1] - unpaid[0]
            assert units(taker) + units(defence) == total
        assert replay(state.to_record()) == result.to_dict()
    if variant.get("goulash"):
        assert "goulash" in seen_kinds


def random_finish_one(state: GameState, rng: random.Random) -> None:
    actions = state.legal_actions()
    if state.phase is Phase.BIDDING and state.rules.goulash and rng.random() < 0.6:
        actions = [Bid.PASS]
    declarations = [a for a in actions if isinstance(a, Misere)]
    if declarations and rng.random() < 0.7:
        actions = declarations
    if state.phase is Phase.SLAM and state.rules.petit_chelem and rng.random() < 0.3:
        actions = [Slam.ANNOUNCE_PETIT]
    state.play(actions[rng.randrange(len(actions))])


def test_misere_and_imprenable_are_played_in_the_random_deals():
    declared = imprenable = 0
    for seed in range(40):
        for variant in ({"misere": True}, {"petit_imprenable": True}):
            state = rigged(4, variant, seed)
            rng = random.Random(seed)
            while not state.is_over:
                random_finish_one(state, rng)
            declared += bool(state.miseres)
            imprenable += state.imprenable is not None and state.result.void is None
    assert declared >= 5 and imprenable >= 5


# ----- the exercises of chapter 30 (headless) -----------------------------------------------------

import ipywidgets as widgets  # noqa: E402

from tarot_teach.widgets.variants import (CosmicPointsExercise, CosmicTrickExercise,  # noqa: E402
                                          GoulashExercise, MisereExercise, VariantScoreExercise,
                                          side_by_side, side_by_side_html)

WIDGET_EXERCISES = (VariantScoreExercise, CosmicPointsExercise, CosmicTrickExercise,
                    MisereExercise, GoulashExercise)


def test_variant_score_exercise_right_wrong_and_malformed():
    exercise = VariantScoreExercise(seed=3)
    right = score(exercise.question)["hand_score"]
    exercise.box.value = str(right)
    assert exercise.check().ok
    exercise.box.value = str(right + 5)
    result = exercise.check()
    assert not result.ok and "The working" in result.message
    assert "30-variants.html#other-scoring-tables" in exercise.feedback.value
    exercise.box.value = "lots"
    assert exercise.check().invalid_input and "Traceback" not in exercise.feedback.value


def test_cosmic_points_exercise():
    exercise = CosmicPointsExercise(question=("KH", "2H", "3H", "T1", "5C", "6C"))
    # two tierces (2) + the Archon of Water (4) + the Wizard (4)
    expected = sum(COSMIC_THIRDS[parse_card(c).index] for c in exercise.question) // 3
    exercise.box.value = str(expected)
    assert expected == 10 and exercise.check().ok
    exercise.box.value = "9"
    result = exercise.check()
    assert not result.ok and any("Archon of Water: +4" in line for line in result.details)
    exercise.box.value = ""
    assert exercise.check().invalid_input


def test_cosmic_trick_exercise():
    exercise = CosmicTrickExercise(question=("9S", "2S", "4S"))
    exercise.choice.value = "2S"
    assert exercise.check().ok
    exercise.choice.value = "9S"
    result = exercise.check()
    assert not result.ok and "10 (lowest)" in result.message
    exercise.choice.value = None
    assert exercise.check().invalid_input


def test_misere_exercise():
    hand = ("KH", "2S", "3C", "4D", "5H", "6S", "7C", "8D", "9H", "10S", "1C", "2D", "3H",
            "4S", "5C", "6D", "7H", "8S")
    exercise = MisereExercise(question=hand)
    exercise.choice.value = "Trump misère"
    assert exercise.check().ok
    exercise.choice.value = "Both misères"
    result = exercise.check()
    assert not result.ok and "K♥" in result.details[0]
    exercise.choice.value = None
    assert exercise.check().invalid_input


def test_goulash_exercise():
    exercise = GoulashExercise(question=((20, 61, 40, 41), 1))
    exercise.box.value = "-40"
    assert exercise.check().ok
    exercise.box.value = "40"
    assert not exercise.check().ok and "30-variants.html#goulash" in exercise.feedback.value
    exercise.box.value = "minus"
    assert exercise.check().invalid_input


@pytest.mark.parametrize("exercise_class", WIDGET_EXERCISES, ids=lambda c: c.__name__)
def test_every_exercise_answers_and_draws_new_questions(exercise_class):
    exercise = exercise_class(seed=5)
    assert not exercise.check().ok  # nothing entered
    seen = {repr(exercise.question)}
    for _ in range(6):
        assert exercise.solution_text().strip()
        exercise.new_button.click()
        seen.add(repr(exercise.question))
    assert len(seen) >= 3
    for text in ("<script>alert(1)</script>", "1e999", "½"):
        for box in [w for w in exercise.inputs if isinstance(w, widgets.Text)]:
            box.value = text
            exercise.check()
            assert "<script>" not in exercise.feedback.value
            assert "could not be checked" not in exercise.feedback.value


def test_side_by_side_matches_the_engine():
    deal = {"players": 4, "bid": "guard", "taker_points": 49, "taker_bouts": 2,
            "petit_au_bout": "taker", "poignees": ["simple"]}
    rows = dict((title, result) for title, result, _ in side_by_side(deal))
    assert rows["FFT"]["taker"] == 318  # the FFT rulebook's example
    assert rows["Fixed bases (Norwegian article)"]["hand_score"] == 40 + 8 + 10 + 20
    assert rows["Round tens (German rules text)"]["hand_score"] == 80 + 10 + 10 + 20
    assert rows["Guard against ×5 (German rules text)"]["hand_score"] == (25 + 8 + 10) * 2 + 10
    assert rows["Pousse doubling (German rules text)"]["hand_score"] == (25 + 8 + 10) * 4 + 10
    assert "working" in side_by_side_html(deal)


def test_chapter_anchors_exist():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "book" / "30-variants.md").read_text()
    headings = {line[3:].strip().lower().replace(" ", "-") for line in text.splitlines()
                if line.startswith("## ")}
    for anchor in ("other-scoring-tables", "cosmic-tribe", "a-bonus-for-a-poor-hand", "goulash"):
        assert anchor in headings


# ----- the card table with variants -----------------------------------------------------------------

from tarot_teach.widgets.table import TableWidget  # noqa: E402
from test_widgets_table import _click_through  # noqa: E402


@pytest.mark.slow  # 24 whole deals through the table
@pytest.mark.parametrize("variant", [
    {"goulash": True}, {"two_players": True}, {"cosmic_tribe": True}, {"five_no_partner": True},
    {"misere": True}, {"petit_chelem": True}, {"petit_imprenable": True},
    {"alternative_scoring": "round_tens"}], ids=lambda v: "-".join(v))
def test_the_table_plays_every_variant(variant):
    for seed in range(3):
        table = TableWidget(seed=seed, variant=variant)
        assert table.rules.variant_names == tuple(variant)
        _click_through(table, check_refusals=False, declare=True)
        assert "✘" not in table.feedback.value
        assert table.state.is_over
        if not table.state.result.void:
            assert "Score" in table.score_view.value
            assert sum(table.ledger.totals) == 0
        table.new_button.click()


def test_two_player_table_shows_only_face_up_pile_cards():
    table = TableWidget(seed=2, variant={"two_players": True})
    state = table.state
    hidden = {DECK[i] for piles in state.table for pile in piles for i in pile[:-1]}
    assert not hidden & set(table.hand.buttons)
    for card in hidden:
        assert card.name not in table.trick_view.value
    assert "piles" in table.trick_view.value
