"""Blind Manille and Manille parlée (docs/rules.md §2.7): what each player may see, the
random draw, the simulation for the chance lesson, and what the leader may say and ask."""
from __future__ import annotations

import pytest

from cardlib import Card, CardError, Seat, Suit, manille
from cardlib.manille_variants import BlindRound, ParleeRound, blind_trumps, simulate_blind


def blind_round(seed=1):
    r = BlindRound(manille.deal(seed=7, dealer="N"), seed=seed)
    r.name_trumps(blind_trumps(r.deal, Seat.N))
    r.play_on()
    return r


def test_blind_players_see_every_hand_but_their_own():
    r = blind_round()
    for viewer in Seat:
        assert [s for s in Seat if r.can_see(viewer, s)] == [s for s in Seat if s != viewer]


def test_the_dealer_names_the_suit_his_partner_holds_most_of():
    deal = manille.deal(seed=7, dealer="N")
    suit = blind_trumps(deal, Seat.N)
    assert len(deal["S"].suit(suit)) == max(len(deal["S"].suit(s)) for s in Suit)


def test_blind_draws_only_legal_cards_and_the_same_round_draws_the_same_cards():
    r = blind_round()
    while r.phase == "play":
        legal = r.game.legal_plays()
        assert r.draw() in legal
    assert len(r.game.plays) == 32 and sum(r.result().points.values()) == 60
    again = blind_round()
    again.draw_all()
    assert again.game.plays == r.game.plays
    other = blind_round(seed=2)
    other.draw_all()
    assert other.game.plays != r.game.plays


def test_no_draw_before_the_play_or_after_it():
    r = BlindRound(manille.deal(seed=7, dealer="N"))
    with pytest.raises(CardError, match="drawn only during the play"):
        r.draw()
    assert r.phase == "trumps"
    r = blind_round()
    r.draw_all()
    with pytest.raises(CardError, match="This deal is over"):
        r.draw()


def test_the_simulation_counts_how_often_the_richer_pair_wins():
    count = simulate_blind(400, seed=3)
    assert count.deals == 400 and count.more_points + count.level == 400
    assert 0.5 < count.won / count.more_points < 0.9  # more points help, but it is chance
    assert count == simulate_blind(400, seed=3)
    assert f"won {count.won} of them" in count.words
    for bad in (0, -5, 2.5, "many", True):
        with pytest.raises(CardError, match="whole number from 1 to 100000"):
            simulate_blind(bad)


def parlee_round():
    r = ParleeRound(manille.deal(seed=3, dealer="N"))
    r.name_trumps("♠")
    r.play_on()
    return r


def test_the_leader_asks_the_partner_and_the_answer_is_the_truth():
    r = parlee_round()
    leader = r.game.to_play
    partner = r.game.hands[leader.partner]
    talk = r.ask("how many", "♥")
    assert talk.answer == sum(c.suit is Suit.HEARTS for c in partner) and talk.about == leader.partner
    assert talk.words == f"{leader.partner.word} has {talk.answer} ♥."
    assert r.talk == [talk]


def test_the_leader_tells_about_a_card_of_their_own():
    r = parlee_round()
    leader = r.game.to_play
    held = r.game.hands[leader][0]
    talk = r.tell("holds", str(held))
    assert talk.answer is True and talk.words == f"Yes: {leader.word} holds {held}."
    r.game.play(r.game.legal_plays()[0])
    while r.game.current:
        r.game.play(r.game.legal_plays()[0])
    not_held = next(c for c in manille.PACK if c not in r.game.hands[r.game.to_play])
    assert r.tell("holds", not_held).answer is False  # a new trick: the new leader may talk


def test_what_parlee_does_not_allow_is_refused_and_changes_nothing():
    r = ParleeRound(manille.deal(seed=3, dealer="N"))
    with pytest.raises(CardError, match="only during the play"):
        r.ask("how many", "♥")
    r.name_trumps("♠")
    r.play_on()
    leader = r.game.to_play
    other = leader.left
    with pytest.raises(CardError, match=f"Only the leader may talk: it is {leader.word}'s lead"):
        r.ask("how many", "♥", seat=other)
    with pytest.raises(CardError, match="'what points' is not a question you may ask"):
        r.ask("what points", "♥")
    with pytest.raises(CardError):
        r.ask("how many", "stars")
    assert r.talk == [] and r.may_talk()
    r.ask("holds", "♥10")
    with pytest.raises(CardError, match="already talked this trick"):
        r.tell("how many", "♦")
    assert len(r.talk) == 1 and not r.may_talk()
    r.game.play(r.game.legal_plays()[0])
    with pytest.raises(CardError, match="before the first card"):
        r.ask("how many", "♥", seat=r.game.to_play)
    assert len(r.talk) == 1
