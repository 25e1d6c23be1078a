"""Blind Manille and Manille parlée (docs/rules.md §2.7): what each player may see, the
random draw, the simulation for the chance lesson, and what the leader may say and ask."""
from __future__ import annotations

import pytest

from cardlib import Card, CardError, IllegalPlay, Rank, Seat, Suit, manille
from cardlib.bots.manille import parlee_answer
from cardlib.manille_variants import BlindRound, Fact, ParleeRound, Question, blind_trumps, simulate_blind
from cardlib.play import Action


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
    for bad in (0, -5, 2.5, "many", True, 1001):
        with pytest.raises(CardError, match="whole number from 1 to 1000,"):
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


def acted_round():
    """A deal of Manille parlée made only through ``act``, so that it rebuilds from its actions."""
    r = ParleeRound(manille.deal(seed=3, dealer="N"))
    r.act("trumps", "♠")
    r.act("play on")
    return r


def test_the_leader_asks_how_many_cards_of_a_rank_and_the_answer_is_the_truth():
    r = acted_round()
    leader = r.game.to_play
    for rank in ("10", "A", "7"):
        r = acted_round()
        talk = r.ask("how many", rank)
        held = sum(1 for c in r.game.hands[leader.partner] if c.rank is Rank.parse(rank))
        assert talk.answer == held and talk.words == f"{leader.partner.word} has {held} card(s) of rank {rank}."
    assert r.actions[-2:] == (Action("ask", Question("how many", Rank.SEVEN)),
                              Action("answer", Fact("how many", Rank.SEVEN, talk.answer)))
    with pytest.raises(CardError, match="2 is not a rank of the Manille pack"):
        acted_round().ask("how many", "2")


def test_an_untrue_or_beside_the_point_answer_is_refused_in_words_and_changes_nothing():
    r = acted_round()
    partner = r.game.to_play.partner
    r.act("ask", Question("how many", Suit.HEARTS))
    assert r.to_act == partner and r.game.legal_plays() == []
    true = sum(1 for c in r.game.hands[partner] if c.suit is Suit.HEARTS)
    assert r.talk_actions() == [Action("answer", Fact("how many", Suit.HEARTS, true))]
    before = r.actions
    with pytest.raises(CardError, match="That is not true"):
        r.act("answer", Fact("how many", Suit.HEARTS, true + 1))
    with pytest.raises(CardError, match="does not answer the question"):
        r.act("answer", Fact("how many", Suit.CLUBS, 0))
    with pytest.raises(IllegalPlay, match=f"{partner.word} must answer the question first"):
        r.game.play(r.game.hands[r.game.to_play][0])
    assert r.actions == before
    r.act("answer", Fact("how many", Suit.HEARTS, true))
    assert r.talk[-1].answer == true


def test_a_lead_asked_for_is_made_when_the_leader_can_and_refused_in_words_otherwise():
    r = acted_round()
    leader = r.game.to_play
    hand = r.game.hands[leader]
    held = next(s for s in Suit if any(c.suit is s for c in hand) and any(c.suit is not s for c in hand))
    assert r.ask("lead") is None and r.pending == Question("lead")
    r.answer(Fact("lead", held), seat=leader.partner)
    assert r.talk[-1].words == f"{leader.partner.word} asks {leader.word} to lead {held.symbol}."
    assert r.game.legal_plays() == [c for c in hand if c.suit is held]
    other = next(c for c in hand if c.suit is not held)
    message = f"{leader.partner.word} asked you to lead {held.symbol}, and you can: lead {held.symbol}."
    assert r.why_illegal(("card", other)) == message
    with pytest.raises(IllegalPlay, match=message.replace(".", "\\.")):
        r.act("card", other)
    r.act("card", r.game.legal_plays()[0])
    # A card the leader does not hold: any card may be led; one the leader holds: that card.
    r = acted_round()
    absent = next(c for c in manille.PACK if c not in r.game.hands[leader] and c not in r.game.hands[leader.partner])
    r.ask("lead")
    r.answer(Fact("lead", absent))
    assert r.game.legal_plays() == list(r.game.hands[leader])
    r = acted_round()
    r.ask("lead")
    last = r.game.hands[leader][-1]
    r.answer(Fact("lead", last))
    assert r.game.legal_plays() == [last]
    r = acted_round()
    r.ask("lead")
    with pytest.raises(CardError, match="not a lead to ask for"):
        r.answer(Fact("lead", r.game.hands[leader.partner][0]))  # partner's own card: nonsense


def test_the_computer_partner_answers_truthfully_and_every_talk_rebuilds():
    for seed in range(12):
        r = ParleeRound(manille.deal(seed=seed, dealer="N"))
        r.act("trumps", "♥")
        r.act("play on")
        kinds = [Question("how many", Suit.SPADES), Question("how many", Rank.ACE), Question("holds", Card.parse("♦10")),
                 Question("anything"), Question("lead")]
        while r.phase == "play":
            if r.may_talk() and len(r.game.tricks) < len(kinds):
                r.act("ask", kinds[len(r.game.tricks)])
                partner_hand = list(r.game.hands[r.game.to_play.partner])
                answer = parlee_answer(r)
                assert answer in r.talk_actions()
                fact = answer.value
                if fact.kind == "how many":
                    key = (lambda c: c.suit) if isinstance(fact.subject, Suit) else (lambda c: c.rank)
                    assert fact.answer == sum(1 for c in partner_hand if key(c) == fact.subject)
                elif fact.kind == "holds":
                    assert fact.answer == (fact.subject in partner_hand)
                r.act(answer)
            r.act("card", r.game.legal_plays()[0])
        again = ParleeRound(r.deal, actions=r.actions)
        assert again.talk == r.talk and again.result() == r.result()
        undone = r.undo()
        assert undone.kind == "card" and r.phase == "play" and len(r.talk) == len(again.talk)
