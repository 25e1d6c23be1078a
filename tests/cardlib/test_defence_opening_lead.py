"""Lesson 10, the opening lead: the rules in cardlib.defence, the "which card do you lead?"
question, and the two set deals, where the card the rules lead beats the contract and a wrong
lead lets it make (proved double-dummy with endplay, as the other lessons' deals are)."""
from __future__ import annotations

import pytest
from tests.lesson_tools import deal_named
from tests.lesson_tools import lead_results

from cardlib import BRIDGE_PACK, Card, Seat, Side, Suit
from cardlib.defence import opening_lead
from cardlib.minibridge import Contract, declarer, score_hand, suggest_contract
from exercises.kinds import make_question


@pytest.mark.parametrize("hand, trumps, partner, card, rule", [
    ("♠K Q J 7 2 ♥9 6 3 ♦8 5 ♣A 7 4", None, None, "♠K", "sequence"),
    ("♠A 10 9 6 2 ♥9 8 2 ♦6 2 ♣J 10 8", None, None, "♠6", "fourth"),
    ("♠A 10 9 6 2 ♥9 8 2 ♦6 2 ♣J 10 8", "♥", None, "♣8", "no_ace"),     # not away from the ♠A
    ("♠A J 10 9 ♥9 8 2 ♦6 5 2 ♣J 8 3", "♥", None, "♦2", "no_ace"),     # J 10 9 under the ace: still away from it
    ("♠A J 10 9 ♥9 8 2 ♦6 5 2 ♣J 8 3", None, None, "♠J", "sequence"),  # against no trumps the sequence is led
    ("♠K 8 5 3 ♥9 8 ♦Q J 10 2 ♣7 4 3", None, "♥", "♥9", "partner"),     # the higher of two
    ("♠K 8 5 3 ♥9 8 4 ♦Q J 10 2 ♣7 4", "♠", "♥", "♥4", "partner"),      # the lowest of three
    ("♠K 8 5 ♥Q J 10 ♦9 6 5 2 ♣7 4 3", "♠", "♦", "♦2", "partner"),      # partner's suit before a sequence
    ("♠K Q J ♥9 8 4 ♦Q 6 5 2 ♣7 4 3", "♠", None, "♦2", "no_ace"),       # no sequence in trumps
    # two suits as long: the higher suit, even the weaker one (lesson 10's "Two suits as long")
    ("♥9 7 5 3 ♦K Q 8 2 ♠6 4 ♣A 5 3", None, None, "♥3", "fourth"),
    ("♠8 6 4 2 ♥K 5 ♦Q 9 7 3 ♣A 5 3", "♥", None, "♠2", "no_ace"),
    ("♦J 10 9 2 ♣Q J 10 3 ♠A 4 ♥8 5 3", None, None, "♦J", "sequence"),
])
def test_the_rules_choose_the_card_the_lesson_teaches(hand, trumps, partner, card, rule):
    assert opening_lead(hand, trumps, partner) == (Card(card), rule)


def test_the_question_asks_for_the_card_the_rules_choose_and_names_the_slips():
    rules = set()
    for seed in range(200):
        q = make_question("lead", seed)
        hand = q.picture.rows[0][1][1]
        assert len(hand) == 13 and q.answer in hand
        assert q.check(q.answer).correct
        for slip in q.slips:
            assert slip.value in hand and slip.value != q.answer
            told = q.check(slip.value)
            assert not told.correct and slip.words in told.words
        rules.add(q.explanation.split(":")[0][:12])
    assert len(rules) >= 4
    q = make_question("lead", 1)
    assert q.check("♠Z").correct is None and "not a card" in q.check("♠Z").words
    missing = next(str(c) for c in BRIDGE_PACK.cards if str(c) not in q.picture.rows[0][1][1])
    assert q.check(missing).correct is None  # a card the pupil does not hold is refused, not marked wrong


def test_leading_away_from_an_ace_against_trumps_is_a_named_slip():
    found = [q for q in (make_question("lead", s) for s in range(200)) if "no trumps" not in q.rules_line.lower()
             and any(slip.code == "away_from_ace" for slip in q.slips)]
    assert found
    for q in found:
        slip = next(s for s in q.slips if s.code == "away_from_ace")
        assert "away from an ace" in q.check(slip.value).words


def test_10A_fourth_highest_beats_no_trumps_game_and_any_other_suit_lets_south_take_all_13():
    set_deal = deal_named("10A")
    deal = set_deal.deal
    assert declarer(deal) is Seat.S and Seat.S.left is Seat.W
    assert suggest_contract(deal[Seat.S], deal[Seat.N]).contract == Contract(set_deal.contract) == Contract("NT game")
    assert opening_lead(deal[Seat.W], None) == (Card("♠6"), "fourth")
    leads = lead_results(deal, Seat.S, None)
    assert leads[Card("♠6")] == 8 < 9
    assert all(tricks == 8 for card, tricks in leads.items() if card.suit is Suit.SPADES)
    assert all(tricks == 13 for card, tricks in leads.items() if card.suit is not Suit.SPADES)
    assert score_hand("S", "NT game", 8).scores == {Side.NS: 0, Side.EW: 50}


def test_10B_a_spade_beats_heart_game_and_a_club_from_the_ace_lets_it_make():
    set_deal = deal_named("10B")
    deal = set_deal.deal
    assert declarer(deal) is Seat.W and Seat.W.left is Seat.N
    assert suggest_contract(deal[Seat.W], deal[Seat.E]).contract == Contract(set_deal.contract) == Contract("♥ game")
    assert opening_lead(deal[Seat.N], Suit.HEARTS) == (Card("♠2"), "no_ace")
    assert [str(c) for c in deal[Seat.N].suit(Suit.CLUBS)] == ["♣A", "♣J", "♣8", "♣3"]
    leads = lead_results(deal, Seat.W, Suit.HEARTS)
    assert leads[Card("♠2")] == 9 < 10
    assert all(tricks >= 10 for card, tricks in leads.items() if card.suit is Suit.CLUBS)
    assert score_hand("W", "♥ game", 9).scores == {Side.NS: 50, Side.EW: 0}


def play_the_lessons_table(name: str, lead: str, pupil_leads=None):
    """Lesson 10's own table for ``name`` (``LESSON.deals[i].table_widget(role="defender")``): the
    pupil, on declarer's left, leads ``lead`` and then defends well (the solver's best card each
    time: the page's "with good play"), or, on lead, plays ``pupil_leads(game)`` where that gives a
    card; the computer declares and plays the pupil's partner. Returns the finished game."""
    from cardlib import analysis
    from exercises.tables import table_for

    table = table_for(deal_named(name), role="defender", pace=0)
    game = table.game
    assert table.pupil_seat is game.declarer.left
    card = Card(lead)
    while not game.is_over:
        assert table.pupil_to_play()
        table.play_card(card)
        table.after_card()
        if not game.is_over:
            card = pupil_leads(game) if pupil_leads and not game.current else None
            if card is None:
                tricks = analysis.card_tricks(game)
                card = max(tricks, key=tricks.get)  # the defender's best card (the defenders' most tricks)
    return game


# every opening lead the page and the notes talk about, and declarer's tricks there with good play:
# 10A "With the ♠6 ... or any spade ... South takes 8"; "After any heart, diamond or club South takes
# all 13"; 10B "With the ♠2 ... West is 1 down" (9); "After a small club, or the ♣A, West takes 10"
PAGE_TRICKS = {"10A": {**{c: 8 for c in ("♠A", "♠10", "♠9", "♠6", "♠2")},
                       **{c: 13 for c in ("♥9", "♥8", "♥2", "♦6", "♦2", "♣J", "♣10", "♣8")}},
               "10B": {"♠2": 9, "♣A": 10, "♣8": 10, "♣3": 10}}


@pytest.mark.parametrize("name, lead", [(n, c) for n, leads in PAGE_TRICKS.items() for c in leads])
def test_on_lesson_10s_table_the_computer_declarer_takes_the_tricks_the_page_says(name, lead):
    """An independent reader played lesson 10's tables: after a heart lead the computer's South
    took 7 tricks in 10A (it blocked its diamonds: the ♦9 won the third round and dummy's long
    diamonds had no way in), so the "wrong" lead did best at home; and 10B after the ♣A made 9,
    not 10. The computer declarer now cashes a suit as lesson 9 teaches (the short hand's high
    cards first, the long hand overtaking when it has no other way in), takes its top tricks when
    they are enough, and keeps its last trump while the opponents' one left beats it or is needed
    to ruff: after every lead the page talks about it takes what the page says (the solver's figure)."""
    from cardlib import analysis
    from cardlib.minibridge import start_play

    deal = deal_named(name).deal
    game = play_the_lessons_table(name, lead)
    assert lead_results(deal, declarer(deal), game.trumps)[Card(lead)] == PAGE_TRICKS[name][lead]
    # after trick 1 (the computer plays the pupil's partner too), the solver's figure for declarer
    after_one = start_play(deal, game.declarer, game.contract)
    for card in game.tricks[0].cards:
        after_one.play(card)
    best = analysis.card_tricks(after_one)
    figure = max(best.values())  # the tricks of the side to play
    figure = figure if after_one.to_play.side is game.declarer.side else 13 - figure
    line = [str(c) for t in game.tricks for _, c in t.plays]
    assert game.declarer_tricks == figure == PAGE_TRICKS[name][lead], line  # the computer declarer gives nothing away


def _spades(top: bool):
    def lead(game):
        spades = [c for c in game.legal_plays() if c.suit is Suit.SPADES]
        return (max if top else min)(spades, key=lambda c: game.pack.strength[c.index]) if spades else None
    return lead


@pytest.mark.parametrize("lead, top", [("♠A", True), ("♠A", False), ("♠6", True), ("♠6", False), ("♠2", True)])
def test_on_10A_the_computers_east_does_not_block_the_pupils_long_spades(lead, top):
    """A reader led the ♠A on 10A (the page: "any spade" beats the game) and South took 9: the
    computer's East played the ♠4 under it and kept ♠K Q J, so West's last spades were stuck
    behind them. After the ♠6, East won the ♠J and returned the ♠4 from ♠K Q 4: the same block
    when the pupil then cashed the ♠A. The computer's defender now plays high under partner's
    winning card in partner's long suit (the ♠K under the ♠A, the ♠J over the ♠10) and returns the
    top of its touching honours (the ♠K): whenever the pupil keeps leading spades, from the top or
    from the bottom, the defenders take their 5 tricks and South takes 8, as the page says."""
    game = play_the_lessons_table("10A", lead, _spades(top))
    line = [str(c) for t in game.tricks for _, c in t.plays]
    assert game.declarer_tricks == 8, line
    assert sum(1 for t in game.tricks if t.winner.side is Side.EW) == 5
    if lead == "♠A":
        assert line[:4] == ["♠A", "♠7", "♠K", "♠3"]


def test_the_pupil_picks_the_lead_from_their_own_thirteen_cards_in_the_exercise(tmp_path):
    from exercises.widget import ExerciseWidget

    w = ExerciseWidget(kinds=["lead"], seed=3, progress_dir=tmp_path)
    q = w.session.question
    assert [value for _, value in w.dropdown.options] == list(q.picture.rows[0][1][1])
    w.dropdown.value = q.answer
    w.check_button.click()
    assert "✔" in w.feedback.value
