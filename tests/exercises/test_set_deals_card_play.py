"""The set deals of the v3 card play lessons 08 (trumps in play) and 09 (entries and finesses)
do what their ``why`` says, proved double dummy as tests/lessons/test_lessons_5_12.py proves lesson 7's:
the right line makes the contract, the tempting one goes down."""
from __future__ import annotations

import re

import pytest
from tests.lesson_tools import dd_tricks
from tests.lesson_tools import SEAT_WORDS, scripted_play

from cardlib import Card, Seat, Suit
from cardlib.minibridge import Contract, declarer, golden_fits, suggest_contract, sure_tricks
from exercises.set_deals import SET_DEALS


def named(name: str):
    return next(d for d in SET_DEALS[int(name[:-1])] if d.name == name)


@pytest.mark.parametrize("name", ["8A", "8B", "9A", "9B"])
def test_south_declares_the_contract_the_guidelines_choose_with_the_points_the_why_gives(name):
    set_deal = named(name)
    deal = set_deal.deal
    assert set_deal.table == "minibridge" and all(len(deal[s]) == 13 for s in Seat)
    assert declarer(deal) is Seat.S and deal[Seat.S].hcp > deal[Seat.N].hcp
    assert suggest_contract(deal[Seat.S], deal[Seat.N]).contract == Contract(set_deal.contract)
    for word, points in re.findall(r"\b(North|East|South|West) \(?(\d+)\)?(?=[,.:;)])", set_deal.why):
        assert deal[SEAT_WORDS[word]].hcp == int(points), f"{name}: {word} has {deal[SEAT_WORDS[word]].hcp}"


def test_8A_drawing_trumps_first_makes_and_diamonds_first_fail():
    deal = named("8A").deal
    assert deal.length("NS", "♠") == 5 + 3 and deal.length(Seat.E, "♦") == 1
    assert dd_tricks(deal, Seat.S, Suit.SPADES) == 11
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♠A", "♠K", "♠Q"]) == 11
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♦4", "♦A", "♦K", "♦Q"]) == 9  # 1 down


def test_8B_trumping_hearts_in_the_short_trump_hand_makes_drawing_trumps_first_fails():
    deal = named("8B").deal
    assert golden_fits(deal[Seat.S], deal[Seat.N]) == {Suit.SPADES: 5 + 3}
    assert [str(c) for c in deal[Seat.S].suit(Suit.HEARTS)] == ["♥A", "♥3", "♥2"]
    assert [str(c) for c in deal[Seat.N].suit(Suit.HEARTS)] == ["♥8", "♥4"]
    assert dd_tricks(deal, Seat.S, Suit.SPADES) == 10
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♥A", "♥2", "♥3", "♠8"]) == 10
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♠A", "♠K", "♠Q"]) == 9  # 1 down


def test_8B_after_the_scripted_diamond_queen_the_heart_ruff_takes_10_and_best_play_11():
    """Reader U: after West's ♦Q (the curtain cards' lead) or a club lead, best play takes 11, not
    10: setting up North's diamonds too throws South's heart losers. The heart ruff makes the game
    (10) whatever West leads; a heart or a spade lead holds South to 10. So the page says "the heart
    ruff makes the game: 10 tricks", and the notes "at least 10; 11 after the ♦Q or a club lead"."""
    set_deal = named("8B")
    deal = set_deal.deal
    assert set_deal.script == "♦Q"
    for lead in ("♦Q", "♣2", "♣K"):
        assert scripted_play(deal, Seat.S, Suit.SPADES, [], lead) == 11, lead
    for lead in ("♥9", "♥6", "♠3"):
        assert scripted_play(deal, Seat.S, Suit.SPADES, [], lead) == 10, lead
    assert dd_tricks(deal, Seat.S, Suit.SPADES) == 10  # at least 10, whatever West leads
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♦A", "♥A", "♥2", "♥3"], "♦Q") == 10  # the heart ruff: the game
    # ♦A, two trumps, the ♦4 to the ♦K and a diamond given up (South throws the ♥2): North's diamonds win later
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♦A", "♠J", "♠Q", "♦4", "♦K", "♦6", "♥2"], "♦Q") == 11
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♦A", "♠A", "♠K", "♠Q"], "♦Q") == 9  # trumps first: 1 down
    assert "the heart ruff makes the game, at least 10 tricks whatever West leads" in set_deal.why
    assert "After West's ♦Q lead (or a club lead) best play takes 11" in set_deal.why
    assert "with good play South takes 10" not in set_deal.why


def test_9A_the_finesse_through_east_makes_ace_then_queen_fails():
    deal = named("9A").deal
    assert sure_tricks(deal[Seat.S], deal[Seat.N]) == 4 + 1 + 1 + 2 == 8
    assert Card("♥K") in deal[Seat.E] and Card("♦A") in deal[Seat.N]
    assert {str(c) for c in deal[Seat.S].suit(Suit.HEARTS)} == {"♥A", "♥Q", "♥4"}
    assert dd_tricks(deal, Seat.S, None) == 9
    assert scripted_play(deal, Seat.S, None, ["♦A", "♥3", "♥Q"], lead="♣Q") == 9
    assert scripted_play(deal, Seat.S, None, ["♥A", "♥Q"], lead="♣Q") == 8  # 1 down


def test_9B_is_9A_with_the_heart_king_on_the_other_side_and_the_finesse_loses():
    onside, offside = named("9A").deal, named("9B").deal
    assert onside[Seat.N] == offside[Seat.N] and onside[Seat.S] == offside[Seat.S]
    assert set(onside[Seat.E]) ^ set(offside[Seat.E]) == {Card("♥K"), Card("♥2")}
    assert Card("♥K") in offside[Seat.W]
    assert dd_tricks(offside, Seat.S, None) == 8 == Contract("NT game").tricks_needed - 1


def play_as_south(name: str, line: list[str]):
    """Play the set deal on lesson 9's own table as the pupil does (South, and North as dummy):
    the cards of ``line`` when they can be played, otherwise the solver's best card; the
    computer plays East and West. Returns the finished game."""
    from cardlib import analysis
    from exercises.tables import table_for

    table = table_for(named(name), pace=0)
    game, line = table.game, [Card(c) for c in line]
    while not game.is_over:
        assert table.pupil_to_play()
        mine = [c for c in line if c in game.hands[game.to_play] and c in game.legal_plays()]
        if mine:
            card = mine[0]
            line.remove(card)
        else:
            tricks = analysis.card_tricks(game)
            card = max(tricks, key=tricks.get)
        table.play_card(card)
        table.after_card()
    return game


@pytest.mark.parametrize("name, tricks", [("9A", 9), ("9B", 8)])
def test_9_on_the_lessons_table_west_leads_the_club_queen_and_the_finesse_decides(name, tricks):
    """Reader P: the computer's West led a heart by lesson 10's rule (two suits as long, the
    higher), into South's ♥A Q: the finesse was free at trick 1 and 9B made 9, not "only 8". With
    West's ♣10 (and East's ♣9) West leads the ♣Q, the top of a sequence, by the same rule; the set
    deals' script makes a pupil West at a real table lead it too (the curtain card says so)."""
    from cardlib import Hand
    from cardlib.defence import opening_lead
    from teacher.curtain_cards import first_cards

    set_deal = named(name)
    assert str(opening_lead(Hand(list(set_deal.deal[Seat.W])), None).card) == "♣Q" and set_deal.script == "♣Q"
    assert first_cards(set_deal)[Seat.W] == ["Trick 1: lead the ♣Q."]
    assert "West leads the ♣Q" in set_deal.why
    # the page's line: win the club, cross to North's ♦A, lead a small heart towards the ♥A Q
    game = play_as_south(name, ["♣4", "♣A", "♦3", "♦A", "♥3", "♥Q"])
    assert [str(c) for _, c in game.tricks[0].plays][0] == "♣Q"
    finesse = game.tricks[2]
    assert str(finesse.card_of(Seat.S)) == "♥Q" and (finesse.winner is Seat.S) == (name == "9A")
    assert game.declarer_tricks == tricks and game.made == (name == "9A")


def test_9B_after_the_club_queen_winning_the_first_club_holds_south_to_8():
    """Reader hj: "with good play South takes only 8" was false after West's ♣Q lead: a South
    who lets the ♣Q win can take 9. The words now say what the lesson's line gives: South wins
    the first club (then the ♦A and the finesse), and after that 8 is the most South can take."""
    from cardlib import analysis
    from exercises.tables import table_for

    table = table_for(named("9B"), pace=0)
    game = table.game
    assert game.to_play is Seat.N and Card("♣Q") not in game.hands[Seat.W]  # West has led it
    table.play_card(Card("♣4"))
    table.after_card()
    tricks = {str(card): n for card, n in analysis.card_tricks(game).items()}
    assert tricks == {"♣A": 8, "♣K": 8, "♣7": 9}
    why = named("9B").why
    assert "only 8" not in why and "South wins it, crosses to the ♦A" in why and "8 is the most" in why
    assert play_as_south("9B", ["♣4", "♣A", "♦3", "♦A", "♥3", "♥Q"]).declarer_tricks == 8
