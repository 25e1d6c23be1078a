"""Deals: the same seed gives the same deal everywhere, dealing follows the rules, PBN
round-trips, constrained deals for exercises, and the draw for partners (docs/rules.md §1.1)."""
import random

import pytest

from cardlib import BRIDGE_PACK, PIQUET_PACK, CardError, Deal, Hand, Seat, Side, draw_for_partners

# Pinned: if the way deals are shuffled or dealt changes, "everyone play deal 17" breaks.
SEED_17 = "N:J98.AQ9.872.AJ95 K6542.J4.Q6.QT72 Q7.K852.K53.8643 AT3.T763.AJT94.K"
NUMBERED_17 = "N:A32.Q.8742.T9876 KJT85.KT5.T9.QJ4 Q9.A9742.AJ653.3 764.J863.KQ.AK52"
PBN = "N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973"


def test_seed_17_gives_the_pinned_deal_every_time():
    first, second = Deal.random(seed=17), Deal.random(seed=17)
    assert first == second
    assert first.to_pbn() == second.to_pbn() == SEED_17
    assert first.dealer is Seat.N and first.seed == 17


def test_different_seeds_give_different_deals():
    assert len({Deal.random(seed=s).to_pbn() for s in range(20)}) == 20
    assert Deal.random(seed="seventeen") == Deal.random(seed="seventeen") != Deal.random(seed=17)


def test_a_deal_without_a_seed_records_the_seed_it_used():
    deal = Deal.random()
    assert Deal.random(seed=deal.seed) == deal


def test_a_seed_must_be_a_number_or_a_word():
    with pytest.raises(CardError, match="A seed must be a whole number or a word, not float."):
        Deal.random(seed=1.5)


def test_every_hand_gets_13_different_cards():
    deal = Deal.random(seed=5)
    assert [len(deal[s]) for s in Seat] == [13, 13, 13, 13]
    assert set().union(*(set(h) for h in deal.hands.values())) == set(BRIDGE_PACK.cards)
    assert deal.hcp("NS") + deal.hcp("EW") == 40
    assert sum(deal.length("NS", s) + deal.length(Side.EW, s) for s in "♠♥♦♣") == 52


@pytest.mark.parametrize("dealer", list(Seat))
def test_the_dealer_deals_one_card_at_a_time_clockwise_from_their_left(dealer):
    order = list(BRIDGE_PACK.cards)
    random.Random(17).shuffle(order)  # the shuffled pack, top card first
    deal = Deal.random(seed=17, dealer=dealer)
    seat = dealer.left
    for card in order:
        assert card in deal[seat], f"{card} should have gone to {seat.word}"
        seat = seat.left
    assert deal.dealer is dealer


def test_the_dealer_receives_the_last_card():
    order = list(BRIDGE_PACK.cards)
    random.Random(17).shuffle(order)
    assert order[-1] in Deal.random(seed=17, dealer="W")["W"]
    assert order[0] in Deal.random(seed=17, dealer="W")["N"]


def test_manille_deals_eight_each_in_packets_of_two():
    deal = Deal.random(seed=4, pack=PIQUET_PACK, packets=(2, 2, 2, 2))
    order = list(PIQUET_PACK.cards)
    random.Random(4).shuffle(order)
    assert set(order[0:2]) | set(order[8:10]) <= set(deal["E"])
    assert set(order[6:8]) <= set(deal["N"])
    assert [len(deal[s]) for s in Seat] == [8, 8, 8, 8]
    with pytest.raises(CardError, match="The deal pattern 3-3 does not give 8 cards each."):
        Deal.random(seed=4, pack=PIQUET_PACK, packets=(3, 3))


def test_numbered_deals_are_fixed_and_the_dealer_moves_round():
    assert Deal.numbered(17) == Deal.numbered(17)
    assert Deal.numbered(17).to_pbn() == NUMBERED_17
    assert [Deal.numbered(n).dealer for n in range(1, 9)] == [Seat.N, Seat.E, Seat.S, Seat.W] * 2
    assert len({Deal.numbered(n).to_pbn(first="N") for n in range(1, 9)}) == 8
    assert Deal.numbered(3, deal_set="club night") != Deal.numbered(3)


# --- PBN ---------------------------------------------------------------------------

def test_pbn_reads_every_seat_in_clockwise_order():
    deal = Deal.from_pbn(PBN)
    assert str(deal["N"]) == "♠AK1032 ♥K32 ♦Q52 ♣J2"
    assert deal["E"] == Hand.parse("QJ9.AQJ.K743.K85")
    assert deal[Seat.W].to_pbn() == "65.54.JT98.QT973"
    assert (deal.hcp("N"), deal.hcp("E"), deal.hcp("S"), deal.hcp("W")) == (13, 16, 8, 3)
    assert deal.dealer is Seat.N


def test_pbn_round_trips():
    deal = Deal.from_pbn(PBN)
    assert deal.to_pbn() == PBN.replace("10", "T")
    assert Deal.from_pbn(deal.to_pbn()) == deal
    for seed in range(30):
        random_deal = Deal.random(seed=seed, dealer=Seat(seed % 4))
        assert Deal.from_pbn(random_deal.to_pbn()) == random_deal


def test_pbn_may_start_at_any_seat_which_is_then_the_dealer():
    east_first = "E:QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.QT973 AKT32.K32.Q52.J2"
    deal = Deal.from_pbn(east_first)
    assert deal.dealer is Seat.E
    assert deal.hands == Deal.from_pbn(PBN).hands
    assert deal.to_pbn() == east_first
    assert deal.to_pbn(first="N") == PBN.replace("10", "T")
    assert Deal.from_pbn(PBN, dealer="S").dealer is Seat.S
    assert Deal.from_pbn(f'"{PBN}"') == Deal.from_pbn(PBN)


def test_a_pbn_hand_not_known_is_written_as_a_dash():
    partial = "N:AKT32.K32.Q52.J2 - 874.T9876.A6.A64 65.54.JT98.QT973"
    deal = Deal.from_pbn(partial)
    assert deal.seats == (Seat.N, Seat.S, Seat.W)
    assert deal.to_pbn() == partial
    with pytest.raises(CardError, match="West has 12 cards: every hand needs 13."):
        Deal.from_pbn(partial[:-1])


def pbn_message(text: str) -> str:
    with pytest.raises(CardError) as error:
        Deal.from_pbn(text)
    return str(error.value)


def test_a_pbn_hand_with_the_wrong_number_of_cards_is_named():
    assert pbn_message(PBN[:-1]) == "West has 12 cards: every hand needs 13."
    assert pbn_message(PBN.replace("AK1032", "AK10432")) == "North has 14 cards: every hand needs 13."
    assert pbn_message(PBN.replace("J2 ", "JJ2 ")) == "North's hand: ♣J is in 'AK1032.K32.Q52.JJ2' twice."


def test_a_card_in_two_hands_is_named_with_both_seats():
    assert pbn_message(PBN.replace("QJ9", "AJ9")) == "♠A is in both North and East."


def test_an_unknown_symbol_in_a_pbn_hand_is_named_with_its_seat_and_position():
    assert pbn_message(PBN.replace("K743", "K7X3")) == (
        "East's hand: 'X' at position 11 of 'QJ9.AQJ.K7X3.K85' is not a suit or a rank.")


def test_a_pbn_string_must_have_a_first_seat_and_four_hands():
    bad_start = "X" + PBN[1:]
    assert pbn_message(bad_start) == (
        f"'{bad_start}' is not a PBN deal: it should look like N:AK1032.K32.Q52.J2 <east> <south> <west>.")
    assert "is not a PBN deal" in pbn_message(PBN[2:])
    assert pbn_message(PBN.rsplit(" ", 1)[0]) == "The deal has 3 hands: it needs 4, separated by spaces."
    assert pbn_message(PBN + " 2") == "The deal has 5 hands: it needs 4, separated by spaces."


def test_a_deal_made_from_hands_is_checked_too():
    hands = dict(Deal.from_pbn(PBN).hands)
    hands[Seat.S] = Hand.parse("874.T9876.A6.A6")
    with pytest.raises(CardError, match="South has 12 cards: every hand needs 13."):
        Deal(hands)
    with pytest.raises(CardError, match="North's hand: ♠A is in"):
        Deal({"N": "♠AA", "E": "", "S": "", "W": ""})


# --- constrained deals ---------------------------------------------------------------

def ns_game_in_hearts(deal: Deal) -> bool:
    return deal.hcp("NS") >= 25 and deal.length("NS", "♥") >= 8


def test_random_where_finds_a_deal_that_meets_the_condition():
    deal = Deal.random_where(ns_game_in_hearts, seed=7)
    assert deal.hcp("NS") >= 25 and deal.length("NS", "♥") >= 8
    assert deal == Deal.random_where(ns_game_in_hearts, seed=7)
    assert [len(deal[s]) for s in Seat] == [13] * 4
    assert set().union(*(set(h) for h in deal.hands.values())) == set(BRIDGE_PACK.cards)


def test_random_where_keeps_the_dealer_asked_for():
    deal = Deal.random_where(ns_game_in_hearts, seed=7, dealer="W")
    assert deal.dealer is Seat.W and ns_game_in_hearts(deal)


def test_an_impossible_condition_gives_a_clear_error():
    with pytest.raises(CardError) as error:
        Deal.random_where(lambda d: d.hcp("N") >= 38, seed=1, max_tries=50)
    assert str(error.value) == "No deal matched after 50 tries: the condition may be impossible."


# --- the draw for partners and the first dealer (docs/rules.md §1.1) ------------------

SUIT_ORDER = "♣♦♥♠"


def higher(card) -> tuple:
    return (card.rank, SUIT_ORDER.index(card.suit.symbol))


@pytest.mark.parametrize("seed", range(60))
def test_the_two_highest_cards_play_together_and_the_highest_deals(seed):
    players = ["Ann", "Ben", "Cat", "Dan"]
    draw = draw_for_partners(players, seed=seed)
    assert len(set(draw.cards.values())) == 4
    by_card = sorted(players, key=lambda p: higher(draw.cards[p]), reverse=True)
    assert set(draw.pairs[0]) == set(by_card[:2])
    assert set(draw.pairs[1]) == set(by_card[2:])
    assert draw.dealer == by_card[0]
    assert draw.seats[draw.dealer] is Seat.N
    partner = next(p for p in draw.pairs[0] if p != draw.dealer)
    assert draw.seats[partner] is Seat.S
    assert {draw.seats[p] for p in draw.pairs[1]} == {Seat.E, Seat.W}


def test_equal_ranks_are_broken_by_suit_for_the_dealer():
    draw = draw_for_partners(seed=15)
    assert {p: str(c) for p, c in draw.cards.items()} == {"N": "♥A", "E": "♠A", "S": "♦7", "W": "♣6"}
    assert draw.dealer == "E"  # ♠A beats ♥A
    assert set(draw.pairs[0]) == {"E", "N"}


def test_equal_ranks_are_broken_by_suit_for_partners():
    draw = draw_for_partners(seed=4)
    assert {p: str(c) for p, c in draw.cards.items()} == {"N": "♥Q", "E": "♥8", "S": "♠8", "W": "♣7"}
    assert draw.dealer == "N"
    assert set(draw.pairs[0]) == {"N", "S"}  # ♠8 beats ♥8 for the second place


def test_the_draw_is_reproducible_and_needs_four_players():
    assert draw_for_partners(seed=9) == draw_for_partners(seed=9)
    with pytest.raises(ValueError, match="four players"):
        draw_for_partners(["Ann", "Ben", "Cat"], seed=1)


def test_a_part_deal_of_equal_hands_for_a_one_suit_game():
    deal = Deal("N:AK2... QJ3... 1098... 765...")
    assert [len(deal[s]) for s in "NESW"] == [3, 3, 3, 3] and deal.pack.name == "bridge"
    assert Deal("N:AKQ... JT9... 876... 543...").pack.name == "bridge"  # high cards, but no Manille hands
    with pytest.raises(CardError, match="North has 3 cards: every hand needs 13."):
        Deal("N:AKQ... JT9... 876... ...2")  # unequal hands are still refused
