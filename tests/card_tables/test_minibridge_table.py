"""The MiniBridge table widget, driven from Python as a pupil would drive it."""
from __future__ import annotations

import html

import pytest

from cardlib import Seat, minibridge, say
from card_tables import MiniBridgeTable
from tests.widget_tools import browser_state, leaked


def choose_contract(table: MiniBridgeTable, text: str = None) -> None:
    advice = minibridge.suggest_contract(table.deal[table.declarer], table.deal[table.declarer.partner])
    contract = minibridge.Contract.parse(text) if text else advice.contract
    table.denomination_choice.value = contract.denomination_symbol
    table.level_choice.value = "game" if contract.game else "partscore"
    table.contract_button.click()


def legal_button(table: MiniBridgeTable):
    legal = set(table.game.legal_plays())
    return next(b for b in table.hand_buttons if table._buttons[b] in legal and not b.disabled)


def play_to_the_end(table: MiniBridgeTable, check_hidden: bool = False) -> None:
    checked = 0
    while not table.game.is_over:
        assert table.pupil_to_play()
        if check_hidden:
            hidden = [c for s in Seat if not table.game.can_see(table.pupil_seat, s)
                      for c in table.game.hands[s]]
            checked += len(hidden)
            assert leaked(hidden, browser_state()) == []
        legal_button(table).click()
    assert checked or not check_hidden, "some cards should have been hidden during play"


def test_whole_hand_as_declarer_reaches_the_score_pad():
    table = MiniBridgeTable(deal_number=1)
    assert table.game is None and table.declarer in table.pupil_seats
    assert "40" in table.announce_html.value
    choose_contract(table)
    advice = minibridge.suggest_contract(table.deal[table.declarer], table.deal[table.declarer.partner])
    assert table.game.contract == advice.contract and table.game.plays[0][0] == table.declarer.left
    assert f"You chose {advice.contract}" in table.message.value
    play_to_the_end(table)
    line = table.pad.lines[-1]
    assert line.tricks == table.game.declarer_tricks
    expected = minibridge.score(table.game.contract, line.tricks, "ebu")
    assert line.scores[table.declarer.side] == max(expected, 0)
    assert line.scores[table.declarer.side.other] == max(-expected, 0)
    # The message says what the pad writes: the same points, to the same side.
    assert "Score:" in table.message.value and html.escape(line.working) in table.message.value
    assert ("✔" in table.message.value) == table.game.contract.made(line.tricks) == table.game.made
    assert "N–S" in table.pad_html.value or "NS" in table.pad_html.value
    # Next deal: the dealer moves on.
    dealer = table.deal.dealer
    table.next_button.click()
    assert table.number_box.value == 2 and table.deal.dealer == dealer.left


def test_pupil_plays_dummys_cards_when_dummy_is_to_play():
    """On dummy's turn only dummy's cards are raised; declarer's own are lowered ("wait") and
    a click on one says, in words, which hand is to play, and changes nothing. The same the
    other way round on declarer's turn."""
    table = MiniBridgeTable(deal_number=2)
    choose_contract(table)
    seen = set()
    while not table.game.is_over:
        game = table.game
        to_play = game.to_play
        if to_play in (game.dummy, game.declarer) and table.pupil_to_play():
            playable = {b.card for b in table.hand_buttons if b.state == "playable"}
            assert playable and playable <= set(game.hands[to_play])
            waiting = [b for b in table.hand_buttons if b.seat != to_play]  # none at the last trick's end
            assert all(b.state == "wait" and not b.disabled for b in waiting)
            if waiting and to_play not in seen:
                seen.add(to_play)
                plays = list(game.plays)
                waiting[0].click()
                key = "table_turn_dummy" if to_play == game.dummy else "table_turn_declarer"
                assert html.escape(say(key, seat=to_play.word)) in table.message.value
                assert "✘" in table.message.value and game.plays == plays
        legal_button(table).click()
    assert seen == {table.game.dummy, table.game.declarer}


def test_illegal_card_is_refused_with_the_rule_naming_the_hand_and_nothing_changes():
    """The pupil's own card: "You must follow suit"; a card of dummy's, which the pupil plays
    for dummy: the rule names dummy's hand, never "you have"."""
    refused = set()
    for number in range(1, 40):
        table = MiniBridgeTable(deal_number=number)
        choose_contract(table)
        game = table.game
        while not game.is_over and len(refused) < 2:
            legal = set(game.legal_plays())
            seat = game.to_play
            bad = [b for b in table.hand_buttons if b.seat == seat and table._buttons[b] not in legal and not b.disabled]
            if bad and (seat == game.dummy) not in refused:
                before, moves = game.snapshot(), table.round.actions
                bad[0].click()
                suit = game.suit_led.word
                if seat == game.dummy:
                    assert f"✘ {seat.word} must follow suit: {seat.word} has {suit}." == table.message.value
                else:
                    assert f"✘ You must follow suit: you have {suit}." == table.message.value
                assert game.snapshot() == before and table.round.actions == moves
                refused.add(seat == game.dummy)
            legal_button(table).click()
        if len(refused) == 2:
            return
    pytest.fail(f"no deal gave a chance to try an illegal card in both hands: {refused}")


def test_forged_click_from_a_stale_button_is_refused():
    table = MiniBridgeTable(deal_number=4)
    choose_contract(table)
    old_buttons = table.hand_buttons
    legal_button(table).click()
    before = table.game.snapshot()
    for button in old_buttons:  # buttons from before: no longer on the table
        button.click()
        assert table.game.snapshot() == before
    assert "cannot be played now" in table.message.value


def test_forged_contract_choice_is_refused():
    table = MiniBridgeTable(deal_number=1)
    with pytest.raises(Exception):
        table.denomination_choice.value = "♠ but bigger"
    table.contract_button.click()  # nothing chosen yet
    assert table.game is None and "Choose trumps" in table.message.value


def test_undo_takes_back_the_pupils_card_and_the_computers_replies():
    table = MiniBridgeTable(deal_number=1)
    choose_contract(table)
    start = table.game.snapshot()
    legal_button(table).click()
    after_first = table.game.snapshot()
    legal_button(table).click()
    table.undo_button.click()
    assert table.game.snapshot() == after_first and table.pupil_to_play()
    table.undo_button.click()
    assert table.game.snapshot() == start
    table.undo_button.click()
    assert table.game.snapshot() == start
    assert "nothing to take back" in table.message.value.lower()


def test_pupil_as_defender_leads_and_declarer_is_the_computer():
    table = MiniBridgeTable(deal_number=5, role="defender")
    # the computer declarer chose the coach's contract
    advice = minibridge.suggest_contract(table.deal[table.declarer], table.deal[table.declarer.partner])
    assert table.game.contract == advice.contract and str(advice.contract) in table.message.value
    assert table.pupil_seat == table.declarer.left == table.game.to_play
    play_to_the_end(table)
    assert len(table.pad.lines) == 1


def test_no_hidden_card_reaches_the_browser_during_a_hand():
    table = MiniBridgeTable(deal_number=6)
    hidden_at_start = [c for s in Seat if s not in (table.declarer, table.declarer.partner) for c in table.deal[s]]
    assert leaked(hidden_at_start, browser_state()) == []
    choose_contract(table)
    play_to_the_end(table, check_hidden=True)


def test_defender_does_not_see_declarers_hand():
    table = MiniBridgeTable(deal_number=7, role="defender")
    declarer_cards = list(table.game.hands[table.declarer])
    assert leaked(declarer_cards, browser_state()) == []


def test_teacher_mode_shows_everything_and_steps_card_by_card():
    table = MiniBridgeTable(deal_number=3)
    choose_contract(table)
    table.teacher_box.value = True
    everything = [c for s in Seat for c in table.game.hands[s]]
    assert set(leaked(everything, browser_state())) == set(everything)
    count = len(table.game.plays)
    table.step_button.click()
    assert len(table.game.plays) == count + 1
    while not table.game.is_over:
        table.step_button.click()
    assert len(table.pad.lines) == 1


def test_club_scoring_preset_is_used_on_the_pad():
    table = MiniBridgeTable(deal_number=8, rules="club")
    choose_contract(table, "NT game")
    play_to_the_end(table)
    line = table.pad.lines[-1]
    points = minibridge.score(table.game.contract, line.tricks, "club")  # the club's numbers: 500 a game, 100 a trick short
    side = table.declarer.side if points >= 0 else table.declarer.side.other  # down: the defenders' column, no minus
    assert line.scores == {side: abs(points), side.other: 0}


def test_a_refusal_is_cleared_by_the_next_card_and_a_scored_hand_cannot_be_taken_back():
    table = MiniBridgeTable(deal_number=9)
    choose_contract(table)
    refused = False
    while not table.game.is_over:
        legal = set(table.game.legal_plays())
        bad = [b for b in table.hand_buttons if not b.disabled and table._buttons[b] not in legal]
        if bad and not refused:
            bad[0].click()
            assert "✘" in table.message.value
            legal_button(table).click()
            assert "✘" not in table.message.value
            refused = True
        else:
            legal_button(table).click()
    assert refused, "deal 9 gives a chance to try an illegal card"
    scored = (table.game.snapshot(), list(table.pad.lines))
    table._on_undo()
    assert (table.game.snapshot(), table.pad.lines) == scored
    assert "cannot be taken back" in table.message.value
    assert not table.undo_button.visible and 'data-action="undo"' not in table.view.html


# --- the pupils' app: no teacher's tools --------------------------------------------------------

@pytest.fixture
def pupils_app(monkeypatch):
    """The preferences the pupils' app gives its kernels (MINIBRIDGE_AUDIENCE=pupils)."""
    from cardlib import render

    monkeypatch.setattr(render, "PREFERENCES", render.Preferences.from_environment({"MINIBRIDGE_AUDIENCE": "pupils"}))


@pytest.mark.parametrize("make", ["minibridge", "manille"])
def test_a_pupils_table_has_no_teacher_mode_and_a_forged_switch_shows_nothing(pupils_app, make):
    from cardlib import say
    from card_tables import ManilleTable

    table = MiniBridgeTable(deal_number=3) if make == "minibridge" else ManilleTable(deal_number=1)
    state = browser_state()
    assert table.teacher_box is None and table.teacher_row() == []
    assert say("table_teacher_mode") not in state and "Checkbox" not in state
    # what a forged message could reach, and the attribute itself: all refused
    table._on_teacher({"new": True, "old": False, "name": "value"})
    table.teacher_mode = True
    assert table.teacher_mode is False
    table.step_button.click()  # "Next card" plays nothing for a pupil
    opponents = [s for s in Seat if s not in (table.pupil_seat, table.pupil_seat.partner)]
    hidden = [c for s in opponents  # the cards still in their hands (played ones are on the table)
              for c in (table.deal[s].cards if table.game is None else table.game.hands[s])]
    assert hidden
    assert leaked(hidden, browser_state()) == []


def test_teacher_mode_is_there_when_the_audience_is_not_said():
    from cardlib import render

    assert render.Preferences.from_environment({}).teacher_tools
    assert render.Preferences.from_environment({"MINIBRIDGE_AUDIENCE": "teacher"}).teacher_tools
    from cardlib import say

    table = MiniBridgeTable(deal_number=1)
    assert table.teacher_row() == [table.teacher_box] and table.teacher_box.description == say("table_teacher_mode")


def shown_numbers_match_the_round(table: MiniBridgeTable) -> None:
    """Every number the finished table shows is the round's."""
    r = table.round
    assert table.game is r.game and r.phase == "over"
    view = html.unescape(table.view.html)
    assert f"{r.contract} · {r.contract.tricks_needed} tricks" in view
    ours = sum(t.winner.side is table.pupil_seat.side for t in r.game.tricks)
    assert f"Won {ours} – Lost {13 - ours}" in view
    for seat, points in r.announcements:
        assert f"{seat.word}{' (dealer)' if seat == r.deal.dealer else ''} says {points}" in table.announce_html.value
    line = r.result()
    assert table.pad.lines[-1].scores == line.scores
    pad = html.unescape(table.pad_html.value)
    assert all(f">{line.written(side)}<" in pad for side in line.scores if line.scores[side])
    message = html.unescape(table.message.value)
    assert line.words in message and line.working in message
    won = (table.pupil_seat.side is r.declarer.side) == line.made  # a defender who beats it has won
    assert message.startswith("✔" if won else "✘")
    # The four hands come back, captioned, so the pupil's own cards do not look unplayed.
    assert "The four hands as they were dealt" in view
    assert all(f'data-card="{c.letters}"' in table.view.html for s in Seat for c in r.deal[s])


def test_whole_hands_through_the_table_show_the_rounds_numbers_from_the_pupils_side():
    seen = set()
    for number in range(1, 60):
        for role in ("declarer", "defender"):
            table = MiniBridgeTable(deal_number=number, role=role, pace=0)
            if role == "declarer":
                choose_contract(table)
            play_to_the_end(table)
            shown_numbers_match_the_round(table)
            seen.add((role, table.game.made))
        if len(seen) == 4:
            break
    assert seen == {(r, m) for r in ("declarer", "defender") for m in (True, False)}


def test_a_defender_who_beats_the_contract_is_told_so_with_a_tick():
    for number in range(1, 80):
        table = MiniBridgeTable(deal_number=number, role="defender", pace=0)
        play_to_the_end(table)
        if not table.game.made:
            assert table.message.value.startswith("✔ You beat it!")
            return
    pytest.fail("no deal was beaten")


def test_a_table_rebuilt_from_its_moves_shows_the_same_hand():
    table = MiniBridgeTable(deal_number=5, pace=0)
    choose_contract(table)
    for _ in range(5):
        legal_button(table).click()
    moves = table.actions
    assert moves[0] == ("deal", 5) and moves[1][0] == "contract" and all(m[0] == "card" for m in moves[2:])
    again = MiniBridgeTable(deal_number=1, pace=0)
    again.replay(moves)
    assert again.actions == moves and again.game.snapshot() == table.game.snapshot()
    assert again.pupil_to_play() and again.view.html.count("mb-playable") == table.view.html.count("mb-playable")
    play_to_the_end(again)
    assert len(again.pad.lines) == 1
    # Moves that cannot be replayed: a message, and the table as it was.
    before = (again.actions, again.view.html.count("data-card"))
    for forged in ([("deal", 3), ("play", "SA")], [("contract", "NT game")], "deal 3", [("deal", "x")],
                   [("deal", 2), ("contract", "NT game"), ("play", "ZZ")]):
        again.replay(forged)
        assert "✘" in again.message.value and (again.actions, again.view.html.count("data-card")) == before


def test_a_set_deal_is_written_on_the_pad_by_its_name():
    from exercises.tables import table_for
    from tests.lesson_tools import deal_named

    table = table_for(deal_named("12B"), pace=0)
    if table.game is None:
        choose_contract(table)
    play_to_the_end(table)
    assert table.pad.lines[-1].name == "12B" and ">12B<" in table.pad_html.value
    assert "Deal 12B" in table.view.html


def test_a_replay_stopped_before_a_redeal_deals_again_and_a_set_contract_stays():
    thrown_in = next(n for n in range(1, 400) if minibridge.Round(number=n).phase == "redeal")
    table = MiniBridgeTable(deal_number=1, pace=0)
    table.replay([("deal", thrown_in)])
    assert table.actions[:2] == [("deal", thrown_in), ("redeal",)] and table.declarer is not None
    fixed = MiniBridgeTable(deal_number=1, pace=0, contract="NT game")
    fixed.replay([("deal", 2), ("contract", "♠ game")])
    assert "✘" in fixed.message.value and fixed.actions[:2] == [("deal", 1), ("contract", "NT game")]


def test_tap_to_raise_is_off_for_a_mouse_and_turned_on_by_the_table_or_the_environment():
    from cardlib import render
    from card_tables import ManilleTable, TrickTable

    assert MiniBridgeTable(deal_number=1).view.tap_to_raise is False
    assert MiniBridgeTable(deal_number=1, tap_to_raise=True).view.tap_to_raise is True
    assert ManilleTable(deal_number=1, tap_to_raise=True).view.tap_to_raise is True
    assert TrickTable("N:AK2... QJ3... 1098... 765...", tap_to_raise=True).view.tap_to_raise is True
    assert render.Preferences.from_environment({"MINIBRIDGE_TAP_TO_RAISE": "1"}).tap_to_raise is True
    assert render.Preferences.from_environment({}).tap_to_raise is False


@pytest.mark.parametrize("language, first, between, end", [
    ("en", "{seat} (dealer) says {points}", "; ", ". Check: "),
    ("ja", "{seat}（ディーラー）は{points}点", "、", "。たしかめ："),
])
def test_the_points_said_read_as_one_sentence_of_the_tables_language(language, first, between, end):
    from cardlib import messages

    messages.set_language(language)
    try:
        table = MiniBridgeTable(deal_number=1)
        said = table.round.announcements
        (dealer, points), *rest = said
        words = [first.format(seat=dealer.word, points=points)] + [
            messages.say("table_says", seat=seat.word, points=p) for seat, p in rest]
        total = " + ".join(str(p) for _, p in said) + " = 40"
        assert f"<p>{html.escape(between.join(words) + end + total)}" in table.announce_html.value
    finally:
        messages.set_language("en")


def test_ask_the_coach_selects_its_suggestion_on_the_buttons():
    table = MiniBridgeTable(deal_number=1)
    assert table.game is None and table.declarer in table.pupil_seats
    advice = minibridge.suggest_contract(table.deal[table.declarer], table.deal[table.declarer.partner]).contract
    table.coach_button.click()
    assert str(advice) in table.message.value
    assert 'aria-pressed="true"' in table.view.html  # the suggestion shows selected
    table.contract_button.click()  # "Choose" then plays the coach's contract
    assert table.game is not None and table.game.contract == advice


@pytest.mark.parametrize("language, trumps, level", [("en", "Trumps", "Partscore or game"),
                                                     ("ja", "切り札（きりふだ）", "パートスコアかゲームか")])
def test_a_screen_reader_hears_each_contract_choice_named_with_its_buttons_inside(language, trumps, level):
    from cardlib import messages

    messages.set_language(language)
    try:
        table = MiniBridgeTable(deal_number=1)
        page = table.view.html
        for name, action in ((trumps, "trumps"), (level, "level")):
            start = page.index(f'<span role="group" aria-label="{name}">')
            group = page[start:page.index("</span>", start)]
            options = table.denomination_choice.options if action == "trumps" else table.level_choice.options
            assert group.count(f'data-action="{action}"') == len(options) == group.count("<button")
    finally:
        messages.set_language("en")


@pytest.mark.parametrize("role", ["declarer", "defender"])
def test_without_the_levels_name_the_end_of_the_hand_says_the_tricks_only(role):
    """Before the lessons of partscore, game and making (name_level off) the end of the hand says
    the tricks taken and needed, from the pupil's side, for a declarer and for a defender."""
    import re as _re
    from cardlib import Deal
    deal = Deal.random(seed=11)
    table = MiniBridgeTable(deal=deal, contract="NT partscore", role=role, show_score=False, pace=0, name_level=False)
    while not table.game.is_over:
        legal = set(table.game.legal_plays())
        next(b for b in table.hand_buttons if not b.disabled and b.card in legal).click()
    said = table.message.value
    assert not _re.search(r"partscore|\bmade\b|\bdown\b", said), said
    assert "7" in said and ("you needed 7" in said if role == "declarer" else "7 were needed" in said), said
