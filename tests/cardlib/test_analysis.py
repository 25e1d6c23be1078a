"""cardlib.analysis: the makeable-tricks table, the tricks every legal card keeps, our own
endings search against endplay's solver, the hint and the review on the MiniBridge table,
and the expert computer player."""
from __future__ import annotations

import random
import re

import pytest

from cardlib import Card, Deal, Seat, Suit, analysis, bots, manille, minibridge, render
from cardlib.minibridge import CONTRACTS
from cardlib.play import TrickPlay


def ending(n: int, cards: int) -> minibridge.MiniBridgePlay:
    """A random hand played at random down to ``cards`` cards a hand, part of a trick played."""
    rng = random.Random(f"ending:{cards}:{n}")
    deal = Deal.random(seed=f"ending:{cards}:{n}")
    game = minibridge.start_play(deal, Seat(rng.randrange(4)), rng.choice(CONTRACTS))
    stop = (13 - cards) * 4 + rng.randrange(4)
    while len(game.plays) < stop:
        game.play(rng.choice(game.legal_plays()))
    return game


def brute_force(game: TrickPlay) -> int:
    """Tricks still to come for the side to play, trying every card (tiny endings only)."""
    if game.is_over:
        return 0
    side, values = game.to_play.side, []
    for card in game.legal_plays():
        before = game.tricks_won(side)
        game.play(card)
        now = game.tricks_won(side) - before
        rest = brute_force(game)
        left = 0 if game.is_over else len(game.hands[game.to_play])
        values.append(now + (rest if game.is_over or game.to_play.side is side else left - rest))
        game.undo()
    return max(values)


@pytest.mark.parametrize("cards", [1, 2, 3])
def test_our_search_agrees_with_trying_every_card(cards):
    for n in range(60):
        game = ending(n, cards)
        side = game.to_play.side
        for card, kept in analysis.own_card_tricks(game).items():
            twin = game.clone()
            before = twin.tricks_won(side)
            twin.play(card)
            now = twin.tricks_won(side) - before
            rest = brute_force(twin)
            left = 0 if twin.is_over else len(twin.hands[twin.to_play])
            assert kept == now + (rest if twin.is_over or twin.to_play.side is side else left - rest), (n, card)


def test_an_ending_by_hand():
    # North's ♠A K both win at no trumps; with hearts as trumps East, void in spades, ruffs
    # the first and wins the second with ♦4 (nobody else has a diamond above it).
    hands = {"N": "♠A ♠K", "E": "♥2 ♦4", "S": "♦3 ♦2", "W": "♣3 ♣2"}
    for trumps, tricks in ((None, 2), (Suit.HEARTS, 0)):
        game = TrickPlay({s: [Card(c) for c in h.split()] for s, h in hands.items()}, leader="N", trumps=trumps)
        assert analysis.own_card_tricks(game) == {Card("♠A"): tricks, Card("♠K"): tricks}


@pytest.mark.parametrize("cards", [1, 2, 3, 4, 5])
def test_our_endings_search_agrees_with_endplay_on_every_card(cards):
    pytest.importorskip("endplay.dds")
    endings = 1000 if cards <= 3 else 300
    for n in range(endings):
        game = ending(n, cards)
        assert analysis.own_card_tricks(game) == analysis._endplay_card_tricks(game), (cards, n)


def test_every_legal_card_gets_its_own_figure_from_endplay():
    # DDS answers for every card; a zero beside a better card is asked again card by card.
    pytest.importorskip("endplay.dds")
    for n in range(20):
        game = ending(n, 13 - n % 5)
        kept = analysis.card_tricks(game)
        assert sorted(kept) == sorted(game.legal_plays())
        side = game.to_play.side
        for card in game.legal_plays()[:3]:
            twin = game.clone()
            twin.play(card)
            later = analysis.card_tricks(twin)
            best = max(later.values()) if twin.to_play.side is side else 13 - max(later.values())
            assert kept[card] == best, (n, card)


def test_the_tricks_table_is_endplays_and_has_twenty_entries():
    dds = pytest.importorskip("endplay.dds")
    from endplay.types import Deal as EPDeal, Denom, Player

    deal = Deal.random(seed="analysis-table")
    table = analysis.tricks_table(deal)
    theirs = dds.calc_dd_table(EPDeal(deal.to_pbn("N").replace("10", "T")))
    assert len(table) == 20
    names = {None: Denom.nt, Suit.SPADES: Denom.spades, Suit.HEARTS: Denom.hearts,
             Suit.DIAMONDS: Denom.diamonds, Suit.CLUBS: Denom.clubs}
    seats = {Seat.N: Player.north, Seat.E: Player.east, Seat.S: Player.south, Seat.W: Player.west}
    assert table == {(t, s): theirs[names[t], seats[s]] for t in names for s in seats}
    for trumps in analysis.DENOMINATIONS:  # West leads against South
        game = minibridge.start_play(deal, Seat.S, minibridge.Contract(trumps, False))
        assert max(analysis.card_tricks(game).values()) == 13 - table[trumps, Seat.S]
    score, contracts = analysis.par(deal)
    assert isinstance(score, int) and contracts


def test_without_endplay_endings_are_solved_and_bigger_positions_say_so(monkeypatch):
    monkeypatch.setattr(analysis, "_endplay", lambda: None)
    assert not analysis.installed()
    small = ending(1, 4)
    assert sorted(analysis.card_tricks(small)) == sorted(small.legal_plays())
    with pytest.raises(analysis.NotInstalled, match="not installed"):
        analysis.card_tricks(ending(1, 9))
    with pytest.raises(analysis.NotInstalled):
        analysis.tricks_table(Deal.random(seed=1))


def test_import_cardlib_does_not_load_endplay():
    import subprocess
    import sys

    code = "import cardlib, cardlib.analysis, sys; print('endplay' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- the expert ----------------------------------------------------------------------------

def test_the_expert_plays_a_card_that_keeps_the_most_tricks():
    pytest.importorskip("endplay.dds")
    game = ending(3, 6)
    expert = bots.make("minibridge", "expert")
    kept = analysis.card_tricks(game)
    assert kept[expert.choose(game)] == max(kept.values())
    with pytest.raises(Exception, match="not a level"):
        bots.make("manille", "expert")


def test_the_expert_asks_endplay_for_the_best_cards_only_and_picks_what_every_cards_figures_pick():
    pytest.importorskip("endplay.dds")
    several = first_not_best = 0
    for n in range(300):
        game = ending(n, 2 + n % 12)
        kept = analysis.card_tricks(game)
        best = {card for card, tricks in kept.items() if tricks == max(kept.values())}
        assert analysis._endplay_best_cards(game) == best, n  # the quick way is the one taken, and right
        assert analysis.best_card(game) == next(c for c in game.legal_plays() if c in best), n
        several += len(best) > 1
        first_not_best += game.legal_plays()[0] not in best
    assert several > 200 and first_not_best > 40  # "the first in hand order" is tested, not given (225, 46)


def test_a_solver_that_leaves_out_best_cards_is_asked_for_every_card_instead(monkeypatch):
    dds = pytest.importorskip("endplay.dds")
    real = dds.solve_board

    def one_best_card_only(board, *mode):
        found = list(real(board, *mode))
        return found[-1:] if mode else found

    monkeypatch.setattr(dds, "solve_board", one_best_card_only)
    checked = 0
    for n in range(40):
        game = ending(n, 3 + n % 10)
        kept = analysis.card_tricks(game)
        best = [c for c in game.legal_plays() if kept[c] == max(kept.values())]
        assert analysis._endplay_best_cards(game) is None
        assert analysis.best_card(game) == best[0]
        checked += len(best) > 1
    assert checked > 10


# --- the table ---------------------------------------------------------------------------

def table(**options):
    from card_tables.minibridge_table import MiniBridgeTable

    t = MiniBridgeTable(deal_number=3, contract="NT game", pace=0, **options)
    t.scheduler = lambda _delay, step: step()
    return t


def test_the_hint_marks_only_the_pupils_playable_cards_and_shows_numbers_on_request():
    pytest.importorskip("endplay.dds")
    pytest.importorskip("ipywidgets")
    t = table(role="defender")
    while not t.pupil_to_play():
        t.computer_card()
    hidden = {c for s, cards in t.game.hands.items() if not t.game.can_see(t.pupil_seat, s) for c in cards}
    t.hint_button.click()
    html = t.view.html
    kept = analysis.card_tricks(t.game)
    top = max(kept.values())
    for card, tricks in kept.items():
        words = "best card" if tricks == top else f"{top - tricks} trick(s) fewer"
        assert re.search(rf'data-card="{card.letters}"[^>]*aria-label="[^"]*{re.escape(words)}', html)
    assert not any(f'data-card="{c.letters}"' in html for c in hidden)
    assert "✓" in html and not re.search(r">✓<br>\d+<", html)
    t.numbers_button.click()
    assert re.search(rf">✓<br>{top}<", t.view.html)


def test_hints_switched_off_show_no_button_and_refuse():
    pytest.importorskip("ipywidgets")
    t = table(hints=False)
    assert not t.hint_button.visible
    t.hint_button.click()
    assert "hint is for your turn" in t.message.value
    assert "✓" not in t.view.html


def test_after_the_hand_the_review_and_the_same_deal_again():
    pytest.importorskip("endplay.dds")
    pytest.importorskip("ipywidgets")
    t = table()
    first = t.deal
    while not t.game.is_over:
        playable = [b for b in t.hand_buttons if b.state == "playable"]
        playable[0].click()
    t.review_button.click()
    review = t.review_html.value
    dd = analysis.tricks_table(first)
    assert review.count("<tr") == 1 + len(CONTRACTS)
    assert f"<td>NT game</td><td style='text-align:right'>{dd[None, t.declarer]}</td>" in review
    assert "could see all four hands" in review
    t.again_button.click()
    assert t.deal == first and t.round.contract == minibridge.Contract("NT game") and not t.game.is_over


def test_the_japanese_review_names_each_contract_in_japanese():
    """A reader found the Japanese review's rows in English ("NT partscore", "♠ game") under a
    Japanese sentence, on every set deal's table of lessons 9-12."""
    pytest.importorskip("endplay.dds")
    pytest.importorskip("ipywidgets")
    from cardlib import messages

    messages.set_language("ja")
    try:
        t = table()
        while not t.game.is_over:
            [b for b in t.hand_buttons if b.state == "playable"][0].click()
        t.review_button.click()
        review = t.review_html.value
        assert "<td>ノートランプのゲーム</td>" in review and "<td>♠のパートスコア</td>" in review
        assert not re.search(r"partscore|\bgame\b|\bNT\b", review), review
    finally:
        messages.set_language("en")


def test_without_the_solver_a_set_deals_review_comes_from_its_stored_figures(monkeypatch):
    """As on the website (no endplay in the browser): lesson 5's set deal reviews from
    exercises/set_deals.pbn, a random deal's review and a whole hand's hint say why they cannot."""
    pytest.importorskip("ipywidgets")
    from exercises.set_deals import SET_DEALS, double_dummy
    from exercises.tables import table_for

    monkeypatch.setattr(analysis, "_endplay", lambda: None)
    set_deal = next(d for d in SET_DEALS[5] if d.table == "minibridge")
    t = table_for(set_deal, pace=0, contract="NT game")
    t.scheduler = lambda _delay, step: step()
    while not t.game.is_over:
        [b for b in t.hand_buttons if b.state == "playable"][0].click()
    t.review_button.click()
    stored = double_dummy(set_deal.name)
    assert f"<td>NT game</td><td style='text-align:right'>{stored[None, t.declarer]}</td>" in t.review_html.value
    # each contract's score as the pad writes it: the side that earns it, never a minus
    down = 0
    for contract in CONTRACTS:
        points = minibridge.score(contract, stored[contract.denomination, t.declarer], t.rules)
        side = t.declarer.side if points >= 0 else t.declarer.side.other
        down += points < 0
        assert f"<td style='text-align:right'>{side} {abs(points)}</td>" in t.review_html.value
    assert down and "−" not in t.review_html.value

    monkeypatch.setattr(render, "in_browser", lambda: True)
    other = table(role="defender")
    while not other.pupil_to_play():
        other.computer_card()
    other.hint_button.click()
    assert "cannot run in a web browser" in other.message.value and "5 cards or fewer" in other.message.value
    while not other.game.is_over:
        other.computer_card() if not other.pupil_to_play() else [
            b for b in other.hand_buttons if b.state == "playable"][0].click()
    other.review_button.click()
    assert other.review_html.value == "" and "only on the lesson&#x27;s own deals" in other.message.value


def test_a_set_deal_carries_its_stored_figures_only_while_its_cards_are_the_stored_ones():
    from exercises.set_deals import SET_DEALS, SetDeal, double_dummy

    whole = [d for deals in SET_DEALS.values() for d in deals if double_dummy(d.name) is not None]
    assert len(whole) >= 20 and all(d.tricks_table == double_dummy(d.name) for d in whole)
    changed = SetDeal(whole[0].name, Deal.random(seed=3).to_pbn(), "minibridge", why="")
    assert changed.tricks_table is None  # figures of other cards would be wrong: the review asks the solver


def test_a_tables_stored_figures_are_checked():
    pytest.importorskip("ipywidgets")
    from cardlib import CardError
    from card_tables.minibridge_table import MiniBridgeTable

    from exercises.set_deals import SET_DEALS

    deal = next(d for d in SET_DEALS[5] if d.table == "minibridge").deal
    with pytest.raises(CardError, match="analysis.tricks_table"):
        MiniBridgeTable(deal=deal, tricks_table={(None, Seat.N): 7})
    with pytest.raises(CardError, match="analysis.tricks_table"):
        MiniBridgeTable(deal_number=3, tricks_table={(t, s): 7 for t in analysis.DENOMINATIONS for s in Seat})


# --- the set deals' figures in the repository ----------------------------------------------

def test_every_whole_set_deal_carries_its_double_dummy_figures_and_endplay_agrees():
    pytest.importorskip("endplay.dds")
    from exercises.set_deals import SET_DEALS, double_dummy

    checked = 0
    for deals in SET_DEALS.values():
        for set_deal in deals:
            if set_deal.table == "manille" or any(len(set_deal.deal[s]) != 13 for s in Seat):
                assert double_dummy(set_deal.name) is None
                continue
            # A deal added or changed: `python -m exercises.set_deals` solves them all again.
            assert double_dummy(set_deal.name) == analysis.tricks_table(set_deal.deal), set_deal.name
            checked += 1
    assert checked >= 20


def test_a_solver_that_gives_0_for_all_but_the_best_card_is_worked_around(monkeypatch):
    dds = pytest.importorskip("endplay.dds")
    game = ending(7, 8)
    right = analysis.card_tricks(game)
    real = dds.solve_board

    def faulty(board, *args):
        found = list(real(board, *args))
        best = max(t for _, t in found)
        return [(c, t if t == best else 0) for c, t in found]

    monkeypatch.setattr(dds, "solve_board", faulty)
    assert len(set(right.values())) > 1  # the ending has cards worse than the best
    assert analysis.card_tricks(game) == right


# --- Manille: the card points each card keeps ----------------------------------------------

def manille_ending(n: int, cards: int, rules) -> "manille.ManillePlay":
    """A random Manille deal played at random down to ``cards`` cards a hand, part of a trick played."""
    from cardlib import manille

    rng = random.Random(f"manille-ending:{cards}:{n}")
    trumps = rng.choice(["♠", "♥", "♦", "♣", None])
    game = manille.start_play(manille.deal(seed=f"manille-ending:{n}", dealer=Seat(n % 4), rules=rules),
                              trumps=trumps, rules=rules)
    stop = (8 - cards) * 4 + rng.randrange(4)
    while len(game.plays) < stop:
        game.play(rng.choice(game.legal_plays()))
    return game


def points_by_trying_every_card(game) -> int:
    """Points still to come for the pair to play, trying every card by cardlib's own rules."""
    if game.is_over:
        return 0
    side, values = game.team_of(game.to_play), []
    for card in game.legal_plays():
        before = game.card_points(side) + game.rules.trick_point * game.tricks_won(side)
        game.play(card)
        now = game.card_points(side) + game.rules.trick_point * game.tricks_won(side) - before
        rest = points_by_trying_every_card(game)
        left = (0 if game.is_over else sum(manille.card_points(c) for h in game.hands.values() for c in h)
                + sum(manille.card_points(c) for _, c in game.current) + game.rules.trick_point
                * (game.trick_count - len(game.tricks)))
        values.append(now + (rest if game.is_over or game.to_play in side else left - rest))
        game.undo()
    return max(values)


MANILLE_RULES = {"the seed's": {}, "must overtrump": {"must_overtrump": True},
                 "partner exempt": {"partner_exempt": True, "must_overtrump": True},
                 "no duty to trump": {"must_trump": False}, "anticlockwise": {"clockwise": False},
                 "a point a trick": {"trick_point": 1}}


@pytest.mark.parametrize("options", MANILLE_RULES.values(), ids=MANILLE_RULES.keys())
def test_the_manille_search_agrees_with_trying_every_card_under_each_rule(options):
    rules = manille.ManilleRules(**options)
    for n in range(25):
        game = manille_ending(n, 2 + n % 2, rules)
        side = game.team_of(game.to_play)
        had = game.card_points(side) + rules.trick_point * game.tricks_won(side)
        kept = analysis.card_points(game)
        assert sorted(kept) == sorted(game.legal_plays())
        for card, points in kept.items():
            twin = game.clone()
            twin.play(card)
            now = twin.card_points(side) + rules.trick_point * twin.tricks_won(side)
            rest = points_by_trying_every_card(twin)
            left = (0 if twin.is_over else sum(manille.card_points(c) for h in twin.hands.values() for c in h)
                    + sum(manille.card_points(c) for _, c in twin.current)
                    + rules.trick_point * (twin.trick_count - len(twin.tricks)))
            expected = now + (rest if twin.is_over or twin.to_play in side else left - rest)
            assert points == expected, (options, n, card)
        assert max(kept.values()) >= had


def test_a_manille_ending_by_hand():
    # Two cards each, no trumps, South leads. N: ♥10 ♣7, E: ♠A ♣8, S: ♠K ♥7, W: ♠10 ♣9.
    # The ♥7 to North's ♥10: West throws the ♣9, East the ♠A (5 + 4 = 9 for N-S); then
    # North's ♣7 loses to East's ♣8. The ♠K runs into West's ♠10, and West's ♣9 wins the
    # last trick: nothing for N-S.
    deal = Deal({"N": "♥10 ♣7", "E": "♠A ♣8", "S": "♠K ♥7", "W": "♠10 ♣9"}, dealer="E", pack=manille.PACK)
    game = manille.start_play(deal, trumps=None)
    assert game.to_play is Seat.S
    assert analysis.card_points(game) == {Card("♥7"): 9, Card("♠K"): 0}


def test_the_manille_search_says_so_for_three_players():
    game = manille.start_play_three(manille.deal_three(seed=1))
    with pytest.raises(analysis.CardError, match="four players"):
        analysis.card_points(game)


# --- the hint on the Manille table -----------------------------------------------------------

def manille_table(cards_left: int = 3, **options):
    """A Manille table on a fixed deal, the pupil (South) playing their first legal card each
    turn until each hand has ``cards_left`` cards or fewer and it is the pupil's turn."""
    pytest.importorskip("ipywidgets")
    from card_tables.manille_table import ManilleTable

    t = ManilleTable(deal=manille.deal(seed=4, dealer="E"), pace=0, **options)
    t.scheduler = lambda _delay, step: step()
    if t.round is not None and t.round.to_call == t.pupil_seat:
        t.trump_choice.choose("♥")
        t.trump_button.click()
    while t.round is not None and t.round.tapping_side is not None:
        t.no_tap_button.click()
    while not t.game.is_over and (len(t.game.hands[Seat.S]) > cards_left or not t.pupil_to_play()):
        if t.pupil_to_play():
            [b for b in t.hand_buttons if b.state == "playable"][0].click()
        else:
            t.computer_card()
    return t


def test_the_manille_hint_marks_only_the_pupils_playable_cards_in_card_points():
    t = manille_table()
    assert t.hint_button.visible and not t.numbers_button.visible
    hidden = {c for s, cards in t.game.hands.items() if s != Seat.S for c in cards}
    t.hint_button.click()
    assert "card points fewer" in t.message.value or "best card" in t.message.value
    html = t.view.html
    kept = analysis.card_points(t.game)
    top = max(kept.values())
    for card, points in kept.items():
        lost = top - points
        words = "best card" if lost == 0 else f"{lost} card point(s) fewer"
        sign = "✓" if lost == 0 else "!" if lost <= 5 else "✗"
        assert re.search(rf'data-card="{card.letters}"[^>]*aria-label="[^"]*{re.escape(words)}"[^>]*>.*?'
                         rf'<span aria-hidden="true"[^>]*>{sign}<', html), (card, words)
    assert not any(f'data-card="{c.letters}"' in html for c in hidden)
    assert t.numbers_button.visible
    t.numbers_button.click()
    assert re.search(rf">✓<br>{top}<", t.view.html)
    assert f"your side takes {top} card points" in t.view.html
    before = t.game.plays[:]
    [b for b in t.hand_buttons if b.state.startswith("playable")][0].click()
    assert len(t.game.plays) > len(before) and "✓<br>" not in t.view.html  # the hint was for that turn


def test_the_manille_hint_switched_off_or_after_the_deal_says_so_and_marks_nothing():
    t = manille_table(hints=False)
    assert not t.hint_button.visible
    t.hint_button.click()
    assert "hint is for your turn" in t.message.value and "✓" not in t.view.html
    t._on_view_message(t.view, {"action": "hint", "value": ""}, [])  # a forged click
    assert "cannot be done now" in t.message.value
    assert "✓" not in t.view.html
    t = manille_table(cards_left=0)
    assert t.game.is_over and not t.hint_button.visible
    t.hint_button.click()
    assert "hint is for your turn" in t.message.value and "✓" not in t.view.html
