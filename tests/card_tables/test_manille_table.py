"""The Manille table widget, driven from Python as a pupil would drive it."""
from __future__ import annotations

import html
import re

import pytest

from cardlib import Seat, Side, Suit, bots, manille
from card_tables import ManilleTable
from tests.widget_tools import browser_state, leaked


def get_to_play(table: ManilleTable, trumps: str = "♥", tap: bool = False) -> None:
    """Name trumps if the pupil deals, answer the tap question if asked."""
    if table.call is None:
        table.trump_choice.value = "NT" if trumps == "no trumps" else trumps
        table.trump_button.click()
    for _ in range(8):  # each answer to a tap question moves the deal on
        if table.game is not None:
            return
        (table.tap_button if tap else table.no_tap_button).click()
    pytest.fail("the deal never started")


def legal_button(table: ManilleTable):
    legal = set(table.game.legal_plays())
    return next(b for b in table.hand_buttons if table._buttons[b] in legal and not b.disabled)


def play_deal(table: ManilleTable, check_hidden: bool = False) -> None:
    while not table.game.is_over:
        if check_hidden:
            hidden = [c for s in Seat if s != Seat.S for c in table.game.hands[s]]
            assert leaked(hidden, browser_state()) == []
        legal_button(table).click()


def test_a_whole_deal_is_scored_and_added_to_the_match():
    table = ManilleTable(deal_number=3)  # deal 3: South deals
    assert table.deal.dealer == Seat.S and table.trump_choice.visible and table.trump_button.visible
    get_to_play(table, "♠")
    assert table.call.trumps.symbol == "♠" and table.game.trumps.symbol == "♠"
    play_deal(table)
    result = table.game.result()
    assert result.points[Side.NS] + result.points[Side.EW] == 60
    assert table.match.totals == result.scores
    assert "card points" in table.message.value
    assert f"N–S {result.scores[Side.NS]}" in table.match_html.value
    table.next_button.click()
    assert table.number == 4 and table.deal.dealer == Seat.W


def times_shown(text: str) -> list[int]:
    """Every multiplier written on the screen ("×4" → 4), in order."""
    return [int(n) for n in re.findall(r"×(\d+)", text)]


@pytest.fixture
def computer_choices(monkeypatch):
    """Fix what the computer players decide (trumps, tap or not), so each phase comes up."""
    choices = {"trumps": None, "tap": False}
    monkeypatch.setattr(bots, "choose_trumps", lambda hand: choices["trumps"])
    monkeypatch.setattr(bots, "dealer_trumps", lambda hand: choices["trumps"])
    monkeypatch.setattr(bots, "wants_to_tap", lambda hand, trumps: choices["tap"])
    return choices


def test_every_phase_of_a_round_shows_the_numbers_cardlib_scores(computer_choices):
    """East deals and names no trumps; the pupil taps; East–West tap back; the pupil plays on.
    At every step the screen shows the multiplier the round will score."""
    computer_choices.update(trumps=None, tap=True)
    table = ManilleTable(deal_number=2, rules=manille.ManilleRules(taps="unlimited"))
    r = table.round
    assert table.deal.dealer == Seat.E and r.call.trumps is None and r.phase == "tapping"
    assert r.tapping_side is Side.NS and table.tap_button.visible
    assert times_shown(table.tap_button.description) == [r.multiplier_if_tapped] == [4]  # ×2 no trumps, ×2 tap
    table.tap_button.click()
    assert r.taps == 2  # the pupil tapped, and East–West tapped back at once
    assert times_shown(" ".join(table.tap_words)) == [4, 8] == [2 * 2, 2 * 2 * 2]
    assert all(html.escape(words) in table.view.html for words in table.tap_words)  # on the table, by the trick
    assert times_shown(table.tap_button.description) == [r.multiplier_if_tapped] == [16]
    table.no_tap_button.click()
    assert r.phase == "play" and table.game is r.game and r.game.multiplier == 8
    assert times_shown(table.message.value) == [8] and f"×{r.multiplier}" in table.view.html
    play_deal(table)
    result = r.result()
    assert result.multiplier == 8 and table.match.lines == [result]
    best = max(result.points, key=result.points.get)
    if result.scores[best]:
        assert f"× 8 = {result.scores[best]}" in table.message.value
        assert result.scores[best] == manille.deal_score(result.points[best], 8)
    totals = table.match.totals
    assert f"N–S {totals[Side.NS]} · E–W {totals[Side.EW]}" in table.match_html.value


def test_the_tap_button_says_x4_against_no_trumps_and_the_deal_scores_x4(computer_choices):
    computer_choices.update(trumps=None, tap=False)
    table = ManilleTable(deal_number=2)  # East deals; one tap allowed
    assert table.tap_button.description == "Tap the table (×4)"
    table.tap_button.click()
    assert table.round.taps == 1 and table.game.multiplier == 4
    play_deal(table)
    assert table.game.result().multiplier == 4


def test_the_pupil_deals_names_no_trumps_and_the_other_side_taps(computer_choices):
    computer_choices.update(tap=True)
    table = ManilleTable(deal_number=3)  # South deals
    table.trump_choice.value = "NT"
    table.trump_button.click()
    assert table.round.taps == 1 and table.game.multiplier == 4
    assert "E–W tapped the table: points ×4." in table.view.html


def test_the_computer_dealer_says_en_face_and_the_pupil_names_trumps():
    """Deal 5: North, the computer, deals with no good trump suit and says "en face" (lesson 15):
    the table asks the pupil, North's partner, to choose, offers no "en face" back, and says who chose."""
    table = ManilleTable(deal_number=5)
    r = table.round
    assert table.deal.dealer is Seat.N and bots.dealer_trumps(table.deal[Seat.N]) == manille.EN_FACE
    assert r.phase == "en face" and r.to_call is Seat.S and table.trump_choice.visible
    assert table.message.value == "North deals and says “en face”: you choose trumps."
    assert manille.EN_FACE not in [value for _, value in table.trump_choice.options]
    table.trump_choice.value = "♣"
    table.trump_button.click()
    assert r.call == manille.TrumpCall(Suit.CLUBS, Seat.S, en_face=True)
    assert "North said “en face”, so you chose" in table.deal_words.value
    get_to_play(table)
    play_deal(table)
    assert table.game.is_over


def test_must_follow_and_must_trump_refusals_leave_the_deal_unchanged():
    refused = set()
    for number in range(1, 25):
        table = ManilleTable(deal_number=number)
        get_to_play(table)
        while not table.game.is_over:
            legal = set(table.game.legal_plays())
            bad = [b for b in table.hand_buttons if not b.disabled and table._buttons[b] not in legal]
            if bad:
                before = table.game.snapshot()
                bad[0].click()
                assert table.game.snapshot() == before and "✘" in table.message.value
                refused.add("trump" if "must play a trump" in table.message.value else "follow")
            legal_button(table).click()
        if refused == {"follow", "trump"}:
            return
    pytest.fail(f"saw only {refused} refusals")


def test_undo_and_forged_clicks():
    table = ManilleTable(deal_number=3)
    get_to_play(table)
    start = table.game.snapshot()
    old = table.hand_buttons
    legal_button(table).click()
    after = table.game.snapshot()
    for button in old:
        button.click()
    assert table.game.snapshot() == after
    table._on_tap(True)  # a forged tap during play
    assert table.game.snapshot() == after and table.round.taps == 0
    table.undo_button.click()
    assert table.game.snapshot() == start


def test_hidden_hands_never_reach_the_browser():
    table = ManilleTable(deal_number=1)
    get_to_play(table)
    play_deal(table, check_hidden=True)


def test_match_to_the_target_ends_with_a_winner():
    table = ManilleTable(deal_number=1, rules=manille.ManilleRules(target=15))
    deals = 0
    while not table.match.is_over and deals < 40:
        if table.game is not None and table.game.is_over:
            table.next_button.click()
        get_to_play(table)
        table.teacher_box.value = True
        while not table.game.is_over:
            table.step_button.click()
        table.teacher_box.value = False
        deals += 1
    assert table.match.is_over and max(table.match.totals.values()) >= 15
    assert "won" in table.match_html.value or "draw" in table.match_html.value.lower()
    table.new_match_button.click()
    assert table.match.lines == [] and table.number == 1


def test_a_set_deal_is_named_once_scored_alone_and_its_trumps_and_taps_are_on_the_table(computer_choices):
    """Lesson 15's set deals: the table says "Deal 15A" and nothing above it says "Deal 1"; a
    deal played again is not a match to 101 beside the short match of 4 deals."""
    from exercises.tables import table_for
    from tests.lesson_tools import deal_named

    computer_choices.update(trumps="♥", tap=True)
    table = table_for(deal_named("15A"), pace=0)
    get_to_play(table)
    assert "Deal 15A" in table.view.html and "Deal 1" not in table.deal_words.value
    r = table.round
    assert f"hearts · ×{r.multiplier}" in html.unescape(table.view.html)
    if r.taps:
        assert all(html.escape(words) in table.view.html for words in table.tap_words)
    play_deal(table)
    assert table.match_html.value == "" and table.match.lines == []
    assert "The four hands as they were dealt" in table.view.html
    table.next_button.click()  # play it again, as often as the class likes
    assert table.round.phase != "over" and table.match_html.value == ""


def test_a_manille_table_rebuilt_from_its_moves_shows_the_same_deal():
    for number, calls in ((3, [("trumps", "en face")]), (2, [("tap",)]), (5, [])):
        table = ManilleTable(deal_number=number, pace=0)
        for call in calls:
            if call[0] == "trumps" and table.round.to_call == table.pupil_seat:
                table.trump_choice.value = call[1]
                table.trump_button.click()
            elif call == ("tap",) and table.tap_button.visible:
                table.tap_button.click()
        get_to_play(table)
        for _ in range(6):
            legal_button(table).click()
        moves = table.actions
        cards = [("card", c.letters) for _, c in table.game.plays]
        assert moves[0] == ("deal", number) and moves[len(moves) - len(cards):] == cards
        assert {m[0] for m in moves[1:len(moves) - len(cards)]} <= {"trumps", "tap", "pass"}
        again = ManilleTable(deal_number=1, pace=0)
        again.replay(moves)
        assert again.actions == moves and again.game.snapshot() == table.game.snapshot()
        assert again.round.multiplier == table.round.multiplier and again.tap_words == table.tap_words
        assert again.deal_words.value == table.deal_words.value and again.pupil_to_play()
        before = (again.actions, again.game.snapshot())
        for forged in ([("deal", number), ("tap",), ("tap",), ("tap",)], [("deal", number), ("play", "ZZ")],
                       [("deal", number), ("trumps", "purple")], [("tap",)], "deal", [("deal", 0)],
                       moves + [("tap",)], [("deal", number), ["play", 5]]):
            again.replay(forged)
            assert "✘" in again.message.value and (again.actions, again.game.snapshot()) == before, forged


@pytest.mark.parametrize("language, said, never", [
    ("en", ("No trumps · ×", "No trumps. Points ×"), ("Trumps: no trumps",)),
    ("ja", ("切り札なし・×", "切り札なし。得点は×"), ("ノートランプ",)),
])
def test_a_table_with_no_trumps_says_it_in_the_manille_pages_words(language, said, never):
    """Reader r14: after en voiture the Japanese table said 切り札：ノートランプ and
    「あなたがノートランプをえらんだよ」, where lessons 15-17 and their glossary say 切り札なし
    (ノートランプ is MiniBridge's word). The badge and the start say 切り札なし now."""
    from cardlib import messages

    was = messages.current_language()
    messages.set_language(language)
    try:
        table = ManilleTable(deal_number=3)  # South deals
        get_to_play(table, trumps="no trumps")
        text = html.unescape(re.sub(r"<rt>.*?</rt>|<[^>]+>", "", table.view.html + table.message.value))
    finally:
        messages.set_language(was)
    for words in said:
        assert words in text, (words, text[:400])
    for words in never:
        assert words not in text


@pytest.mark.parametrize("language", ["en", "ja"])
def test_lesson_15s_tables_end_with_card_points_and_the_winner_not_the_score(computer_choices, language):
    """Reader r21: lesson 15's deal A ended "N–S have 32 card points: 32 − 30 = 2. N–S score 2.",
    but scoring is lesson 16's, and lesson 15 says the pair with more than 30 card points wins.
    Lesson 15's tables say the card points and who won; lesson 16's give the score, as before."""
    from cardlib import messages
    from exercises.tables import table_for
    from tests.lesson_tools import deal_named

    was = messages.current_language()
    messages.set_language(language)
    try:
        for name, scored in (("15A", False), ("15B", False), ("16A", True)):
            computer_choices.update(trumps=None if name == "15B" else "♥", tap=False)
            table = table_for(deal_named(name), pace=0)
            get_to_play(table, trumps="♣")
            play_deal(table)
            result = table.round.result()
            points = {side: table.game.card_points(side) for side in Side}
            best = max(points, key=points.get)
            words = html.unescape(re.sub(r"<rt>.*?</rt>|<[^>]+>", "", table.message.value))
            assert str(points[best]) in words
            assert (result.words in table.message.value) is scored, (name, words)
            if not scored and points[best] != manille.HALF:
                assert words.endswith(html.unescape(re.sub(r"<rt>.*?</rt>|<[^>]+>", "", messages.say(
                    "table_manille_points_won", side=best, points=points[best], other=best.other,
                    other_points=points[best.other]))))
                assert "−" not in words and "score" not in words and "得点" not in words
    finally:
        messages.set_language(was)
