"""The trick table (lessons 1-3), the new options of the other tables, the pace of the
computer's cards, the trick that stays in view, and exercises.tables.table_for, driven from
Python as a pupil would drive them (and, for the pace, as the browser's messages arrive)."""
from __future__ import annotations

import re

import pytest

from cardlib import Deal, Seat, Side, manille, minibridge
from card_tables import ManilleTable, MiniBridgeTable, TrickTable
from card_tables.base import default_pace
from exercises.set_deals import SetDeal
from exercises.tables import table_for
from tests.widget_tools import browser_state, leaked

ONE_SUIT = "N:AK2... QJ3... 1098... 765..."  # the one-suit game: 3 spades each


def legal_button(table):
    legal = set(table.game.legal_plays())
    return next(b for b in table.hand_buttons if b.card in legal and not b.disabled)


def play_to_the_end(table) -> None:
    while not table.game.is_over:
        legal_button(table).click()


def browser_click(table, card) -> None:
    """The message the table's page sends when the pupil clicks a card."""
    table._on_view_message(table.view, {"card": card.letters}, [])


def browser_press(table, action: str, value: str = "") -> None:
    table._on_view_message(table.view, {"action": action, "value": value}, [])


# --- the trick table ---------------------------------------------------------------------------

def test_one_suit_game_of_three_cards_each_is_played_to_the_end():
    table = TrickTable(ONE_SUIT, pace=0)
    game = table.game
    assert game.trick_count == 3 and game.first_leader == Seat.E  # the dealer's left leads
    assert [len(h) for h in table.deal.hands.values()] == [3, 3, 3, 3]
    play_to_the_end(table)
    won = {side: game.tricks_won(side) for side in Side}
    assert sum(won.values()) == 3
    assert f"N–S {won[Side.NS]} · E–W {won[Side.EW]}" in table.view.html
    best = max(won, key=won.get)
    assert f"{best} took {won[best]} tricks" in table.message.value
    assert table.again_button.visible and not table.undo_button.visible
    table.again_button.click()
    assert table.game is not game and table.game.tricks == [] and table.game.trick_count == 3


def test_open_hands_show_every_card_and_closed_hands_only_the_pupils():
    deal = Deal.random(seed=21)
    open_table = TrickTable(deal, pace=0)
    assert set(leaked([c for s in Seat for c in deal[s]], browser_state())) == set(deal.cards) \
        if hasattr(deal, "cards") else True
    everything = [c for s in Seat for c in open_table.game.hands[s]]
    assert set(leaked(everything, open_table.view.html)) == set(everything)
    closed = TrickTable(deal, open_hands=False, pace=0)
    others = [c for s in (Seat.N, Seat.E, Seat.W) for c in closed.game.hands[s]]
    assert leaked(others, closed.view.html) == []


def test_trumps_chosen_on_the_table_replay_the_same_deal_in_that_denomination():
    deal = Deal.random(seed=5)
    table = TrickTable(deal, trumps="♥", choose_trumps=True, pace=0)
    assert table.game.trumps.symbol == "♥" and table.trumps_choice.value == "♥"
    legal_button(table).click()
    first = table.game
    browser_press(table, "trumps", "♠")
    assert table.game is not first and table.game.trumps.symbol == "♠"
    assert table.game.tricks == [] and all(seat != Seat.S for seat, _ in table.game.plays)  # the start again
    held = {s: set(h) | {c for seat, c in table.game.plays if seat == s} for s, h in table.game.hands.items()}
    assert held == {s: set(deal[s]) for s in Seat}  # the same deal
    browser_press(table, "trumps", "NT")
    assert table.game.trumps is None
    browser_press(table, "trumps", "♠ and more")  # forged: not one of the buttons
    assert table.game.trumps is None and table.game.tricks == []


def test_a_set_leader_and_a_pupil_in_another_seat():
    table = TrickTable(Deal.random(seed=8), leader="W", pupil="N", pace=0)
    assert table.game.first_leader == Seat.W and table.viewer == Seat.N
    assert table.game.to_play == Seat.N  # West led, the pupil (North) plays next
    assert 'class="mb-seat-N"' in table.view.html and "North · you" in table.view.html


# --- the pace ------------------------------------------------------------------------------------

@pytest.fixture
def clock():
    """Runs the table's paced cards by hand: ``clock.tick()`` plays the next one."""
    class Clock:
        def __init__(self):
            self.waiting = []
            self.delays = []

        def __call__(self, delay, step):
            self.delays.append(delay)
            self.waiting.append(step)

        def tick(self):
            self.waiting.pop(0)()

    return Clock()


def test_the_computers_cards_come_one_at_a_time_and_a_click_meanwhile_is_refused(clock):
    table = MiniBridgeTable(deal_number=3, role="defender", pace=0.8)
    table.scheduler = clock
    game = table.game
    assert table.pupil_to_play()
    card = legal_button(table).card
    browser_click(table, card)
    assert game.plays[-1] == (table.pupil_seat, card) and len(game.current) == 1
    assert table.busy and all(b.disabled for b in table.hand_buttons)
    before = game.snapshot()
    browser_click(table, next(iter(game.hands[table.pupil_seat])))  # a click while the computer plays
    assert game.snapshot() == before and "Wait a moment" in table.message.value
    table._on_undo()
    assert game.snapshot() == before
    seen = 0
    while table.busy:
        count = len(game.plays)
        clock.tick()
        assert len(game.plays) == count + 1  # exactly one card a step
        seen += 1
    assert seen >= 3 and table.pupil_to_play() and clock.delays[0] == 0.8
    assert not any(b.disabled for b in table.hand_buttons if b.seat == game.to_play)


def test_a_finished_trick_waits_longer_and_a_new_deal_silences_the_old_pace(clock):
    table = MiniBridgeTable(deal_number=3, role="defender", pace=0.5)
    table.scheduler = clock
    browser_click(table, legal_button(table).card)
    while table.busy:
        clock.tick()
    browser_click(table, legal_button(table).card)
    while table.busy:
        clock.tick()
    assert 1.0 in clock.delays  # after a trick was finished: twice the pace
    browser_click(table, legal_button(table).card)
    assert table.busy and clock.waiting
    table.next_button.click()  # a new deal before the paced cards came
    stale = list(clock.waiting)
    snapshot = table.game.snapshot()
    for step in stale:
        step()
    assert table.game.snapshot() == snapshot and not table.busy


def test_clicks_from_python_and_pace_zero_play_at_once(clock):
    table = MiniBridgeTable(deal_number=3, role="defender", pace=0.8)
    table.scheduler = clock
    legal_button(table).click()  # a lesson's cell or a test: no waiting
    assert not table.busy and clock.waiting == [] and table.pupil_to_play()
    quick = MiniBridgeTable(deal_number=3, role="defender", pace=0)
    quick.scheduler = clock
    browser_click(quick, legal_button(quick).card)
    assert not quick.busy and clock.waiting == [] and quick.pupil_to_play()


def test_the_pace_comes_from_the_environment_and_stays_sensible():
    assert default_pace({"MINIBRIDGE_PACE": "1.5"}) == 1.5
    assert default_pace({"MINIBRIDGE_PACE": "-3"}) == 0.0 and default_pace({"MINIBRIDGE_PACE": "99"}) == 5.0
    assert default_pace({"MINIBRIDGE_PACE": "nan"}) == 0.8


# --- the trick stays in view, the last trick one tap away ------------------------------------------

def cross_cards(html: str, label: str = "the trick on the table") -> list[str]:
    start = html.index(f'aria-label="{label}"')
    depth, i = 0, html.rfind("<div", 0, start)
    end = i
    for match in re.finditer(r"<div|</div>", html[i:]):
        depth += 1 if match.group(0) == "<div" else -1
        if depth == 0:
            end = i + match.end()
            break
    return re.findall(r'data-card="(\w+)"', html[i:end])


def test_a_finished_trick_stays_in_view_until_the_pupil_plays_again():
    table = MiniBridgeTable(deal_number=3, role="defender", pace=0)
    game = table.game
    while True:
        legal_button(table).click()
        if game.current and game.tricks and game.tricks[-1].winner != table.pupil_seat:
            break  # the computer won the trick and led again before the pupil's turn
        assert len(game.tricks) < 12, "the computer never led after winning a trick"
    trick = game.tricks[-1]
    html = table.view.html
    assert cross_cards(html, "the last trick") == [c.letters for _, c in trick.plays]
    assert f"Last trick: {trick.winner.word} won" in html
    assert cross_cards(html) == [c.letters for _, c in game.current]
    before = len(game.tricks)
    legal_button(table).click()  # the pupil plays again: that trick leaves the corner
    shown = cross_cards(table.view.html, "the last trick") if "the last trick" in table.view.html else []
    assert shown != [c.letters for _, c in trick.plays]
    if len(game.tricks) == before and game.current:  # nothing new finished: the corner is empty
        assert shown == [] and table.last_button.visible
        table.last_button.click()  # one tap brings it back
        assert cross_cards(table.view.html, "the last trick") == [c.letters for _, c in trick.plays]
        table.last_button.click()
        assert "the last trick" not in table.view.html


def test_when_the_pupil_leads_the_finished_trick_stays_in_the_middle_with_its_winner():
    table = TrickTable(Deal.random(seed=12), pace=0)
    game = table.game
    while not (game.tricks and not game.current and game.to_play == table.pupil_seat):
        legal_button(table).click()
    trick = game.tricks[-1]
    assert cross_cards(table.view.html) == [c.letters for _, c in trick.plays]
    assert f"{trick.winner.letter} wins" in table.view.html


# --- the new options of the MiniBridge and Manille tables ------------------------------------------

def test_a_set_deal_with_a_set_contract_and_no_score():
    deal = Deal("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    table = MiniBridgeTable(deal=deal, contract="♠ partscore", show_score=False, pace=0, name="4A")
    assert table.deal is deal and table.game.contract == minibridge.Contract("♠ partscore")
    assert table.declarer == minibridge.declarer(deal) and "Deal 4A" in table.view.html
    assert table.rules_choice not in table.widget.children[0].children
    play_to_the_end(table)
    assert table.pad.lines == [] and table.pad_html.value == "" and "Score" not in table.message.value
    assert table.game.result_words() in html_unescape(table.message.value)
    assert table.next_button.description == "Play again"
    table.next_button.click()
    assert table.deal is deal and table.game.plays[:0] == [] and len(table.game.tricks) == 0


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def test_the_score_is_written_one_way_and_the_rules_named_as_the_lessons_name_them():
    table = MiniBridgeTable(deal_number=4, rules="club", pace=0)
    assert [label for label, _ in table.rules_choice.options] == [
        "The English Bridge Union's rules for schools", "A Japanese bridge club's rules"]
    table.denomination_choice.value = "NT"
    table.level_choice.value = "game"
    table.contract_button.click()
    play_to_the_end(table)
    line = table.pad.lines[-1]
    assert html_unescape(table.message.value).endswith(line.working)
    assert "a Japanese bridge club's rules" in table.pad_html.value.replace("&#x27;", "'")


def test_heading_of_the_table_follows_the_deal():
    table = MiniBridgeTable(deal_number=1, role="defender", pace=0)
    assert "Deal 1" in table.view.html
    play_to_the_end(table)
    table.next_button.click()
    assert "Deal 2" in table.view.html and "Deal 1<" not in table.view.html


def test_a_tied_set_deal_is_refused_in_words():
    tied = next(d for d in (Deal.random(seed=n) for n in range(400)) if minibridge.declarer(d) is None)
    with pytest.raises(Exception, match="20 points"):
        MiniBridgeTable(deal=tied)


def test_manille_without_trumps_counts_card_points_and_no_match():
    deal = manille.deal(seed=9, dealer="W")
    table = ManilleTable(deal=deal, with_trumps=False, pace=0)
    assert table.round is None and table.game.trumps is None and table.game.to_play == Seat.S
    assert not table.trump_choice.visible and not table.tap_button.visible
    play_to_the_end(table)
    points = {side: table.game.card_points(side) for side in Side}
    assert sum(points.values()) == 60 and table.match.lines == [] and table.match_html.value == ""
    best = max(points, key=points.get)
    if points[best] > 30:
        assert f"{best} took {points[best]} card points" in table.message.value
    assert table.next_button.description == "Play again"
    table.next_button.click()
    assert table.deal is deal and table.game.tricks == []


# --- table_for: a course's set deal on its table -------------------------------------------------

def test_table_for_builds_the_table_each_set_deal_names():
    pbn = Deal.random(seed=30).to_pbn()
    tricks = table_for(SetDeal("2A", pbn, "tricks", why="", contract="♥", leader=Seat.W), pace=0)
    assert isinstance(tricks, TrickTable) and tricks.game.trumps.symbol == "♥"
    assert tricks.game.first_leader == Seat.W and "Deal 2A" in tricks.view.html
    bridge_deal = next(d for d in (Deal.random(seed=n) for n in range(40)) if minibridge.declarer(d) is not None)
    bridge = table_for(SetDeal("7A", bridge_deal.to_pbn(), "minibridge", why="", contract="NT game"), pace=0)
    assert isinstance(bridge, MiniBridgeTable) and bridge.game.contract == minibridge.Contract("NT game")
    chooser = table_for(SetDeal("5A", bridge_deal.to_pbn(), "minibridge", why=""), pace=0, show_score=False)
    assert chooser.contract is None and not chooser.show_score
    piquet = manille.deal(seed=2).to_pbn()
    no_trumps = table_for(SetDeal("14A", piquet, "manille", why="", contract="no trumps"), pace=0)
    assert isinstance(no_trumps, ManilleTable) and not no_trumps.with_trumps
    full = table_for(SetDeal("15A", piquet, "manille", why=""), pace=0)
    assert full.with_trumps and full.round is not None


def test_forged_messages_change_nothing():
    table = MiniBridgeTable(deal_number=6, pace=0)
    for content in ({"card": "ZZ"}, {"card": 5}, {"action": "contract", "value": 3}, "text", {"action": "next"},
                    {"card": "SA" * 40}):
        table._on_view_message(table.view, content, [])
    assert table.game is None and table.number_box.value == 6
    browser_press(table, "trumps", "♠")
    browser_press(table, "level", "game")
    browser_press(table, "level", "slam")
    assert table.level_choice.value == "game"
    browser_press(table, "contract")
    assert table.game is not None and table.game.contract == minibridge.Contract("♠ game")


def test_a_deal_without_a_contract_ends_with_the_tricks_and_no_verdict():
    """Lesson 1's Deal C: nobody promised any tricks, so neither ✔ nor ✘, whoever took more."""
    from tests.lesson_tools import deal_named

    for name in ("1A", "1B", "1C"):
        table = table_for(deal_named(name), pace=0)
        play_to_the_end(table)
        won = {side: table.game.tricks_won(side) for side in Side}
        assert "✔" not in table.message.value and "✘" not in table.message.value
        assert all(str(n) in table.message.value for n in won.values())


def test_a_trick_table_rebuilt_from_its_moves_shows_the_same_play():
    table = TrickTable(Deal.random(seed=7), choose_trumps=True, pace=0)
    table.trumps_choice.value = "♥"
    for _ in range(4):
        legal_button(table).click()
    moves = table.actions
    assert moves[0] == ("trumps", "♥") and len(moves) == 1 + len(table.game.plays)
    again = TrickTable(Deal.random(seed=7), choose_trumps=True, pace=0)
    again.replay(moves)
    assert again.actions == moves and again.game.snapshot() == table.game.snapshot() and again.pupil_to_play()
    assert again.trumps_choice.value == "♥"
    before = again.game.snapshot()
    for forged in ([("play", "SA")], [("trumps", "X")], [("trumps", "NT"), ("play", "ZZ")], "trumps",
                   [("trumps", "NT"), ["play"]], moves + [("play", moves[1][1])]):
        again.replay(forged)
        assert "✘" in again.message.value and again.game.snapshot() == before and again.actions == moves


# --- the computer players play at the table's level ------------------------------------------

def _south_plays_best(table) -> int:
    from cardlib import analysis
    while not table.game.is_over:
        card = analysis.best_card(table.game)
        next(b for b in table.hand_buttons if b.card == card).click()
    return table.game.tricks_won(Side.NS)


def test_the_computer_players_play_at_the_tables_level_a_club_player_by_default():
    from cardlib.bots import ClubPlayer, Beginner
    deal = SetDeal("1B", "N:A63.T987.AKQJ.43 QT42.654.T9.JT98 K85.32.7654.AKQ2 J97.AKQJ.832.765", "tricks", why="")
    assert all(isinstance(b, ClubPlayer) for b in table_for(deal, pace=0).bots.values())
    assert all(isinstance(b, Beginner) for b in table_for(deal, pace=0, level="beginner").bots.values())


@pytest.mark.parametrize("name,trumps,tricks", [("1B", None, 9), ("2A", "♥", 8), ("2B", "♠", 10)])
def test_the_set_deals_make_the_pages_numbers_when_south_plays_well(name, trumps, tricks):
    """Lesson 1's 1B (9 tricks to 4), lesson 2's 2A in hearts (8) and 2B (10): the computer's
    North, East and West at the lesson's table (its default level and seed) let South make them."""
    from exercises.set_deals import SET_DEALS
    deal = next(d for n in (1, 2) for d in SET_DEALS[n] if d.name == name)
    assert _south_plays_best(table_for(deal, pace=0, trumps=trumps)) == tricks


@pytest.mark.parametrize("name,trumps,tricks,lesson", [("2A", "♠", 10, "02_trumps"), ("3A", None, 8, "03_points")])
def test_where_the_computers_north_loses_one_the_pages_say_so(name, trumps, tricks, lesson):
    """2A in spades and 3A: 11 and 9 with good play by all four, but the computer's North loses
    one at the lesson's table; the answer says so in both editions."""
    import json
    from pathlib import Path
    from exercises.set_deals import SET_DEALS
    deal = next(d for n in (2, 3) for d in SET_DEALS[n] if d.name == name)
    assert _south_plays_best(table_for(deal, pace=0, trumps=trumps)) == tricks
    for folder, words in (("notebooks", "North may lose"), ("notebooks/ja", "トリックおとすことがあります")):
        cells = json.loads((Path(__file__).parents[2] / folder / f"{lesson}.ipynb").read_text())["cells"]
        answers = [("".join(c["source"])) for c in cells if c["cell_type"] == "markdown" and "<details>" in "".join(c["source"])]
        assert any(words in a for a in answers), (folder, lesson)


@pytest.mark.parametrize("name,lesson,on_screen,words", [
    ("1C", "01_tricks", {8}, ("pupils usually see 8–5", "たいてい8対5")),
    ("4A", "04_declarer_and_dummy", {10, 11}, ("South usually takes 10 or 11", "南はたいてい10か11トリック")),
])
def test_where_the_computer_gives_a_trick_the_notes_say_what_the_screen_shows(name, lesson, on_screen, words):
    """A reader played 1C (7 sure tricks to 6) and 4A (9 with good play by all four) on screen:
    the computer's East leads a third heart into South's ♥Q in 1C (8-5), and the computer's West
    leads a heart and lets its ♠A go early in 4A (11). The teacher's notes say what the screen
    gives, in both editions, and the pupil's answer for 4A says "at least 9"."""
    import json
    from pathlib import Path
    from exercises.set_deals import SET_DEALS
    deal = next(d for n in (1, 4) for d in SET_DEALS[n] if d.name == name)
    table = table_for(deal, pace=0, **({"show_score": False} if name == "4A" else {}))
    assert _south_plays_best(table) in on_screen
    for folder, said in zip(("notebooks", "notebooks/ja"), words):
        cells = json.loads((Path(__file__).parents[2] / folder / f"{lesson}.ipynb").read_text())["cells"]
        notes = "".join("".join(c["source"]) for c in cells if "teacher" in c["metadata"].get("tags", []))
        assert said in notes, (folder, said)
    if name == "4A":
        answers = "".join("".join(c["source"]) for c in json.loads(
            (Path(__file__).parents[2] / "notebooks" / f"{lesson}.ipynb").read_text())["cells"] if c["cell_type"] == "markdown")
        assert "At least 9; the defenders take 4 at most." in answers
