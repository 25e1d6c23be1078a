"""The tables of Blind Manille and Manille parlée: what each pupil sees and may do."""
from __future__ import annotations

import re
from html import escape

import pytest

from cardlib import Card, Seat
from cardlib.messages import plain, say
from card_tables.manille_games import ROWS, blind_table, parlee_table, three_player_table


def cards_drawn(html: str) -> set[str]:
    """The cards whose faces the table's picture holds (a card's letters, e.g. "SQ")."""
    return set(re.findall(r"\b[SHDC][AKQJT987]\b", html))


def play_blind_to_the_end(t):
    while t.round.phase != "over":
        if t.trump_choice.visible:
            t.trump_choice.value = "♠"
            t.act(t._on_trumps)
        elif t.tap_button.visible:
            t.act(lambda: t._on_tap(False))
        else:
            assert t.draw_button.visible
            t.act(t._on_draw)


def test_the_blind_table_shows_every_hand_but_the_pupils_own():
    for number in range(1, 5):  # every seat deals once
        t = blind_table(deal_number=number, pace=0)
        drawn = cards_drawn(t.view.html)
        hands = t.game.hands if t.game is not None else {s: t.deal[s].cards for s in Seat}
        for seat in Seat:
            letters = {c.letters for c in hands[seat]}
            if seat == Seat.S:
                assert not letters & drawn  # none of the pupil's cards is sent to the browser
            else:
                assert letters <= drawn
        assert not t.hand_buttons  # no card to choose: the pupil draws


def test_the_pupil_draws_at_random_and_the_deal_is_scored():
    t = blind_table(deal_number=2, pace=0)
    play_blind_to_the_end(t)
    assert len(t.game.plays) == 32 and t.match.lines == [t.round.result()]
    assert t.round.result().words in t.message.value


def test_drawing_out_of_turn_is_refused_and_changes_nothing():
    t = blind_table(deal_number=1, pace=0)
    while t.game is None:
        if t.trump_choice.visible:
            t.trump_choice.value = "♠"
            t.act(t._on_trumps)
        else:
            t.act(lambda: t._on_tap(False))
    play_blind_to_the_end(t)
    before = list(t.game.plays)
    t.act(t._on_draw)
    assert t.game.plays == before and t.message.value.startswith("✘")


def to_the_pupils_lead(t):
    """Name trumps, play on, and let the pupil play low until it is their lead."""
    while t.game is None:
        if t.trump_choice.visible:
            t.trump_choice.value = "♠"
            t.act(t._on_trumps)
        else:
            t.act(lambda: t._on_tap(False))
    while not (t.pupil_to_play() and not t.game.current):
        t.act(lambda: t._on_card(next(b for b in t.hand_buttons if b.card in t.game.legal_plays())))


def test_the_pupil_asks_the_partner_and_everyone_hears_the_true_answer():
    t = parlee_table(deal_number=3, pace=0)
    to_the_pupils_lead(t)
    assert t.question.visible and "How many cards of" in t.view.html and 'data-value="how many|♥"' in t.view.html
    t.act(lambda: t.question.choose("how many|♥"))
    north = t.game.hands[Seat.N]
    count = sum(1 for c in north if c.suit.symbol == "♥")
    assert f"North has {count} ♥." in t.message.value and f"North has {count} ♥." in t.deal_words.value
    assert not t.question.visible and "How many" not in t.view.html  # one question before each lead


def test_a_question_out_of_turn_or_forged_is_refused_and_changes_nothing():
    t = parlee_table(deal_number=3, pace=0)
    to_the_pupils_lead(t)
    t.act(lambda: t.question.choose("how many|♥"))
    t.act(lambda: t.question.choose("holds|♠10"))  # a second question before the same lead
    assert len(t.round.talk) == 1
    t.act(lambda: t.question.choose("points|♠"))  # not in the menu: nothing happens
    assert len(t.round.talk) == 1
    t._on_view_message(t.view, {"action": "question", "value": "holds|♠10"}, [])
    assert len(t.round.talk) == 1 and t.message.value.startswith("✘")


def test_the_three_player_table_passes_the_deal_round_three_seats():
    dealers = [three_player_table(deal_number=n, pace=0).deal.dealer for n in range(1, 5)]
    assert dealers == [Seat.S, Seat.W, Seat.E, Seat.S]
    t = three_player_table(deal_number=2, pace=0)
    assert Seat.N not in t.deal.hands and t.game is not None  # West dealt, named trumps and swapped
    assert "North" not in t.match_html.value and "South 0" in t.match_html.value


def test_the_pupil_deals_names_trumps_swaps_and_is_refused_a_third_card():
    t = three_player_table(deal_number=1, pace=0)
    assert [v for _, v in t.trump_choice.options] == ["♠", "♥", "♦", "♣", "NT"]  # no partner: no "en face"
    t.trump_choice.value = "♥"
    t.act(t._on_trumps)
    assert t.round.phase == "aside" and t.aside_choice.visible
    mine = list(t.deal[Seat.S].cards)
    for card in mine[:3]:
        t.act(lambda: t.aside_choice.choose(card.letters))
    assert t.picked == mine[:2] and t.message.value.startswith("✘")  # two at most
    t.act(lambda: t.aside_choice.choose(mine[1].letters))  # changed my mind: keep it
    assert t.picked == mine[:1]
    t.act(t._on_swap)
    assert t.round.phase == "play" and mine[0] not in t.game.hands[Seat.S]
    assert t.deal.aside[0] in t.game.hands[Seat.S]
    while not t.game.is_over:
        t.act(lambda: t._on_card(next(b for b in t.hand_buttons if b.card in t.game.legal_plays())))
    assert t.match.lines == [t.round.result()] and t.round.result().words in t.message.value


def test_the_three_player_table_is_rebuilt_from_its_actions():
    t = three_player_table(deal_number=1, pace=0)
    t.trump_choice.value = "♦"
    t.act(t._on_trumps)
    t.act(lambda: t.aside_choice.choose(t.deal[Seat.S].cards[0].letters))
    t.act(t._on_swap)
    t.act(lambda: t._on_card(next(b for b in t.hand_buttons if b.card in t.game.legal_plays())))
    again = three_player_table(deal_number=1, pace=0)
    again.replay(t.actions)
    assert again.game.snapshot() == t.game.snapshot()
    again.replay([("deal", 1), ("aside", "SA", "HA", "DA")])
    assert "cannot be replayed" in again.message.value and again.game.snapshot() == t.game.snapshot()


def test_the_blind_table_is_rebuilt_from_its_actions_but_a_chosen_card_is_refused():
    t = blind_table(deal_number=1, pace=0)
    while t.game is None or not t.draw_button.visible:
        if t.trump_choice.visible:
            t.trump_choice.value = "♠"
            t.act(t._on_trumps)
        elif t.tap_button.visible:
            t.act(lambda: t._on_tap(False))
        else:
            t.act(t._on_draw)
    t.act(t._on_draw)
    again = blind_table(deal_number=1, pace=0)
    again.replay(t.actions)
    assert again.game.plays == t.game.plays
    forged = list(t.actions)
    assert forged[-1] == ("draw",)  # a blind card is drawn, never named
    drawn = t.game.plays[-1][1]
    choices = [c.letters for c in t.deal[Seat.S] if c != drawn]
    forged[-1] = ("card", choices[0])
    before = list(again.game.plays)
    again.replay(forged)
    assert "cannot be replayed" in again.message.value and again.game.plays == before


def test_the_pupil_asks_which_lead_and_must_make_it_when_able():
    t = parlee_table(deal_number=3, pace=0)
    to_the_pupils_lead(t)
    assert 'data-value="how many|10"' in t.view.html and 'data-value="lead|"' in t.view.html
    t.act(lambda: t.question.choose("lead|"))
    wanted = t.round.talk[-1].subject
    assert t.round.talk[-1].question == "lead" and f"North asks South to lead {wanted}." in t.message.value
    legal = t.game.legal_plays()
    hand = t.game.hands[Seat.S]
    able = any((c == wanted) if isinstance(wanted, Card) else (c.suit is wanted) for c in hand)
    assert legal == ([c for c in hand if (c == wanted if isinstance(wanted, Card) else c.suit is wanted)] if able else hand)
    other = next(b for b in t.hand_buttons if b.card not in legal)  # this deal: ♦ asked, South holds more
    t.act(lambda: t._on_card(other))
    assert "North asked you to lead ♦, and you can" in t.message.value and other.card in t.game.hands[Seat.S]
    t.act(lambda: t._on_card(next(b for b in t.hand_buttons if b.card in legal)))
    assert len(t.game.current) >= 1 or t.game.tricks


def test_the_pupil_asks_how_many_of_a_rank():
    t = parlee_table(deal_number=3, pace=0)
    to_the_pupils_lead(t)
    t.act(lambda: t.question.choose("how many|10"))
    tens = sum(1 for c in t.game.hands[Seat.N] if c.rank.symbol == "10")
    assert f"North has {tens} card(s) of rank 10." in t.message.value


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_screen_reader_hears_each_row_of_partners_questions_and_the_swap_named(language):
    from cardlib import messages

    messages.set_language(language)
    try:
        t = parlee_table(deal_number=3, pace=0)
        to_the_pupils_lead(t)
        page = t.view.html
        for key, values in ROWS:
            start = page.index(f'<div role="group" aria-label="{escape(plain(say(key)))}"')
            row = page[start:page.index("</div>", start)]
            assert row.count("<button") == len(values) and all(f'data-value="{v}"' in row for v in values)
        t = three_player_table(deal_number=1, pace=0)
        t.trump_choice.value = "♥"
        t.act(t._on_trumps)
        page = t.view.html
        start = page.index(f'<span role="group" aria-label="{escape(plain(say("table_choice_swap")))}">')
        group = page[start:page.index("</span>", start)]
        assert group.count('data-action="aside"') == len(t.deal[Seat.S].cards) == group.count("<button")
    finally:
        messages.set_language("en")
