"""The Manille table widget, driven from Python as a pupil would drive it."""
from __future__ import annotations

import pytest

from cardlib import Seat, Side, manille
from cardlib.widgets import ManilleTable
from widget_tools import browser_state, leaked


def get_to_play(table: ManilleTable, trumps: str = "♥", tap: bool = False) -> None:
    """Name trumps if the pupil deals, answer the tap question if asked."""
    if table.call is None:
        table.trump_choice.value = trumps
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
    assert table.deal.dealer == Seat.S and table.trump_box.layout.display is None
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


def test_no_trumps_doubles_and_tapping_doubles_again():
    table = ManilleTable(deal_number=3)
    table.trump_choice.value = "No trumps (×2)"
    table.trump_button.click()
    if table.game is None:
        assert table.pupil_seat in table.tapping_side().seats
        table.no_tap_button.click()
    assert table.game.multiplier == 2 * 2 ** table.taps
    play_deal(table)
    result = table.game.result()
    best = max(result.points, key=result.points.get)
    assert result.scores[best] == manille.deal_score(result.points[best], table.game.multiplier)


def test_pupil_taps_when_the_other_side_named_trumps():
    for number in (2, 4, 6, 8):  # East or West deals
        table = ManilleTable(deal_number=number)
        if table.call is not None and table.trump_side() is Side.EW and table.game is None:
            table.tap_button.click()
            assert table.taps == 1 and table.game is not None and table.game.multiplier % 2 == 0
            return
    pytest.fail("no deal where the opponents named trumps")


def test_en_face_lets_the_computer_partner_choose():
    table = ManilleTable(deal_number=3)
    table.trump_choice.value = "En face"
    table.trump_button.click()
    assert table.call.en_face and table.call.named_by == Seat.N
    assert "en face" in table.deal_words.value


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
    assert table.game.snapshot() == after and table.taps == 0
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
    assert table.match.results == [] and table.number == 1
