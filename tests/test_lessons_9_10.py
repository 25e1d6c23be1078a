"""Lessons 9 and 10 (Manille) say what their deals and examples show: every claim is checked here.

"With good play" means best play by all four players. Manille is scored in card points, not
tricks, so a bridge solver cannot say it; this file has its own small double-dummy search for
Manille card points (``best_points``), written apart from cardlib's play code and checked
against it card by card on random play-outs of every set deal. The lines of play the lessons
describe are played with cardlib's ``manille.start_play``.
"""
from __future__ import annotations

import ast
import functools
import random

import pytest
from lesson_tools import cell_text, deal_named, notebook_cells

from cardlib.messages import say
from cardlib import Card, Deal, Seat, Side, Suit, bots, manille, winner_of
from exercises.course import lesson_of

NINE, TEN, SIXTEEN = "14_manille_cards_and_points", "15_manille_trumps", "16_manille_scoring"


# --- a double-dummy search for Manille card points --------------------------------------------
# A card is suit * 8 + place (place 0 is the 10, 1 the ace ... 7 the 7); a hand is a bit mask.
# Seats 0-3 are N, E, S, W (cardlib's numbers); N-S are the even seats.

PLACES = ("10", "A", "K", "Q", "J", "9", "8", "7")
POINTS = (5, 4, 3, 2, 1, 0, 0, 0)
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))


def code(card: Card | str) -> int:
    card = Card(card) if isinstance(card, str) else card
    return int(card.suit) * 8 + PLACES.index(card.rank.symbol)


def mask(cards) -> int:
    return sum(1 << code(c) for c in cards)


def bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def legal_mask(hand: int, led: int | None, trumps: int | None, must_trump: bool) -> int:
    """Follow suit; unable to, trump if the rules say so and you can; else any card."""
    if led is None:
        return hand
    follow = hand & SUIT_MASK[led]
    if follow:
        return follow
    if trumps is not None and must_trump and hand & SUIT_MASK[trumps]:
        return hand & SUIT_MASK[trumps]
    return hand


def beats(card: int, best: int, trumps: int | None) -> bool:
    """Does ``card`` beat the card winning the trick so far?"""
    if card // 8 == best // 8:
        return card % 8 < best % 8
    return trumps is not None and card // 8 == trumps


def best_points(hands: tuple[int, ...], leader: int, trumps: int | None, must_trump: bool = True,
                first: tuple[int, ...] = (), guess: int | None = None) -> int:
    """Card points N-S take from here with best play by all four; ``first``: cards already
    played to the current trick, from ``leader`` on. A right ``guess`` is proved with two
    searches ("at least the guess" and "not more"); a wrong one costs two searches more."""
    table: dict = {}

    def whole_tricks(hands, leader, alpha, beta):
        if not hands[0]:
            return 0
        key = (hands, leader)
        low, high = table.get(key, (0, 60))
        if low >= beta or high <= alpha:
            return low if low >= beta else high
        value = in_trick(hands, leader, (), None, leader, 0, max(alpha, low), min(beta, high))
        if value <= max(alpha, low):
            high = min(high, value)
        elif value >= min(beta, high):
            low = max(low, value)
        else:
            low = high = value
        table[key] = (low, high)
        return value

    def in_trick(hands, seat, plays, led, best_seat, best, alpha, beta):
        if len(plays) == 4:
            gained = sum(POINTS[c % 8] for c in plays) if best_seat % 2 == 0 else 0
            return gained + whole_tricks(hands, best_seat, alpha - gained, beta - gained)
        ns = seat % 2 == 0
        value = -1 if ns else 61
        live = hands[0] | hands[1] | hands[2] | hands[3]
        previous = None
        for c in bits(legal_mask(hands[seat], led, trumps, must_trump)):
            # A 9, 8 or 7 next to another in the same hand (no live card between) is the same card.
            between = ((1 << c) - 1) ^ ((1 << (previous + 1)) - 1) if previous is not None else 0
            same = (previous is not None and c // 8 == previous // 8 and c % 8 >= 5 and previous % 8 >= 5
                    and not live & ~hands[seat] & between)
            previous = c
            if same:
                continue
            after = list(hands)
            after[seat] ^= 1 << c
            wins = not plays or beats(c, best, trumps)
            v = in_trick(tuple(after), (seat + 1) % 4, plays + (c,), c // 8 if led is None else led,
                         seat if wins else best_seat, c if wins else best, alpha, beta)
            if ns and v > value:
                value, alpha = v, max(alpha, v)
            elif not ns and v < value:
                value, beta = v, min(beta, v)
            if alpha >= beta:
                break
        return value

    hands, seat, plays, best_seat, best = list(hands), leader, (), leader, None
    for c in first:
        assert hands[seat] >> c & 1, "a card of the line is not in that hand"
        hands[seat] ^= 1 << c
        if best is None or beats(c, best, trumps):
            best_seat, best = seat, c
        plays, seat = plays + (c,), (seat + 1) % 4
    hands = tuple(hands)

    def at_least(v: int) -> bool:  # one null-window search
        if not plays:
            return whole_tricks(hands, leader, v - 1, v) >= v
        return in_trick(hands, seat, plays, first[0] // 8, best_seat, best, v - 1, v) >= v

    low, high = 0, 60
    for v in () if guess is None else (guess, guess + 1):
        if low < v <= high:
            low, high = (v, high) if at_least(v) else (low, v - 1)
    while low < high:
        v = (low + high + 1) // 2
        low, high = (v, high) if at_least(v) else (low, v - 1)
    return low


@functools.lru_cache(maxsize=None)
def good_play(pbn: str, trumps: str | None, first: tuple[str, ...] = (), must_trump: bool = True,
              guess: int | None = None) -> int:
    """N-S's card points with best play by all four, the dealer's left leading (after ``first``)."""
    deal = Deal(pbn)
    leader = manille.start_play(deal, trumps=trumps).to_play
    suit = None if trumps is None else int(Suit.parse(trumps))
    hands = tuple(mask(deal[seat]) for seat in Seat)
    return best_points(hands, int(leader), suit, must_trump, tuple(code(c) for c in first), guess)


# What each deal's note and the teacher section say good play gives N-S:
# (deal, trumps, cards led first, must-trump rule, N-S card points).
GOOD_PLAY = [
    ("14A", None, ("♥10",), True, 36), ("14A", None, ("♥K",), True, 19),
    ("14B", None, ("♣10",), True, 35), ("14B", None, ("♠A",), True, 27), ("14B", None, ("♦A",), True, 28),
    ("15A", "♥", (), True, 33), ("15A", "♥", (), False, 23),
    ("15B", "♣", (), True, 35), ("15B", "♦", (), True, 14),
    ("15B", "♠", (), True, 9), ("15B", "♥", (), True, 9), ("15B", None, (), True, 9),
    ("16B", None, (), True, 46), ("16B", "♥", (), True, 52), ("16B", "♣", (), True, 52),
    ("16A", "♣", (), True, 38),
]


def table_of(name: str):
    """The card table a lesson plays the set deal on (the computer at full speed)."""
    pytest.importorskip("ipywidgets")  # the rules' tests run without it; the tables need it
    return deal_named(name).table_widget(pace=0)


MANILLE_DEALS = [d for n in (14, 15, 16) for d in lesson_of(n).deals]


# --- the search plays by cardlib's rules ------------------------------------------------------

def test_the_search_finds_a_small_ending_worked_out_by_hand():
    # Two cards each, no trumps, South leads. N: ♥10 ♣7, E: ♠A ♣8, S: ♠K ♥7, W: ♠10 ♣9.
    hands = (mask(["♥10", "♣7"]), mask(["♠A", "♣8"]), mask(["♠K", "♥7"]), mask(["♠10", "♣9"]))
    # The ♥7 to North's ♥10: West throws the ♣9, East the ♠A (5 + 4 = 9 for N–S); then
    # North's ♣7 loses to East's ♣8. Any other throws give N–S more.
    assert best_points(hands, leader=2, trumps=None) == 9
    # The ♠K runs into West's ♠10, and West's ♣9 wins the last trick: nothing for N–S.
    assert best_points(hands, leader=2, trumps=None, first=(code("♠K"),)) == 0


@pytest.mark.parametrize("must_trump", [True, False])
@pytest.mark.parametrize("set_deal", MANILLE_DEALS, ids=lambda d: d.name)
def test_the_search_follows_cardlibs_rules_card_by_card(set_deal, must_trump):
    """Random play-outs: at every card the search's legal cards and each trick's winner are cardlib's."""
    rules = manille.ManilleRules(must_trump=must_trump)
    trumps = None if set_deal.contract in ("", "no trumps") else set_deal.contract
    trump_suit = None if trumps is None else int(Suit.parse(trumps))
    rng = random.Random(set_deal.name)
    for _ in range(15):
        game = manille.start_play(set_deal.deal, trumps=trumps, rules=rules)
        while not game.is_over:
            led = None if not game.current else int(game.current[0][1].suit)
            hand = mask(game.hands[game.to_play])
            assert legal_mask(hand, led, trump_suit, must_trump) == mask(game.legal_plays())
            game.play(rng.choice(game.legal_plays()))
            if not game.current:
                trick = game.tricks[-1]
                winner, best = trick.plays[0]
                for seat, card in trick.plays[1:]:
                    if beats(code(card), code(best), trump_suit):
                        winner, best = seat, card
                assert winner is trick.winner


# --- every Manille set deal --------------------------------------------------------------------

@pytest.mark.parametrize("set_deal", MANILLE_DEALS, ids=lambda d: d.name)
def test_each_deal_is_the_32_card_pack_8_each_and_60_card_points(set_deal):
    deal = set_deal.deal
    assert set_deal.table == "manille" and deal.pack is manille.PACK
    assert [len(deal[seat]) for seat in Seat] == [8, 8, 8, 8]
    assert sum(manille.pile_points(deal[seat]) for seat in Seat) == manille.pile_points(manille.PACK.cards) == 60


def test_lesson_9_plays_without_trumps_and_the_pupil_leads():
    for set_deal in lesson_of(14).deals:
        table = table_of(set_deal.name)
        assert not table.with_trumps and table.game.trumps is None
        assert set_deal.deal.dealer is Seat.E and table.game.to_play is Seat.S is table.pupil_seat


@pytest.mark.parametrize("name", ["15A", "16A"])
def test_the_computer_dealer_names_the_trumps_the_deal_is_about(name):
    set_deal = deal_named(name)
    dealer = set_deal.deal.dealer
    assert bots.choose_trumps(set_deal.deal[dealer]) is Suit.parse(set_deal.contract)
    table = table_of(name)
    assert table.round.call.trumps is Suit.parse(set_deal.contract) and table.round.call.named_by is dealer
    # The trump side is E-W, so the table asks the pupil's pair whether to tap.
    assert table.round.tapping_side is Side.NS and table.tap_button.visible


@pytest.mark.slow
@pytest.mark.parametrize("name, trumps, first, must_trump, points", GOOD_PLAY,
                         ids=[f"{c[0]}-{c[1] or 'NT'}-{'-'.join(c[2]) or 'any lead'}-{'rule' if c[3] else 'no rule'}"
                              for c in GOOD_PLAY])
def test_good_play_gives_north_south_the_points_the_lesson_says(name, trumps, first, must_trump, points):
    assert good_play(deal_named(name).pbn, trumps, first, must_trump, guess=points) == points


def test_the_points_of_good_play_are_in_the_deal_notes_and_the_teacher_section():
    teacher = teacher_text(NINE) + teacher_text(TEN) + teacher_text(SIXTEEN)
    for name, _trumps, _first, _rule, points in GOOD_PLAY:
        line = next(line for line in teacher.splitlines() if line.startswith(f"- **{name}**"))
        assert str(points) in line and str(points) in deal_named(name).why, (name, points)


# --- lesson 14 ----------------------------------------------------------------------------------

def test_9A_the_10_takes_wests_bare_ace():
    deal = deal_named("14A").deal
    assert set(deal[Seat.S].suit(Suit.HEARTS)) == {Card("♥10"), Card("♥K"), Card("♥9")}
    assert list(deal[Seat.W].suit(Suit.HEARTS)) == [Card("♥A")]
    game = manille.start_play(deal, trumps=None)
    game.play("♥10")
    assert game.legal_plays() == [Card("♥A")]
    for card in ("♥A", "♥J", "♥7"):
        game.play(card)
    assert game.tricks[0].winner is Seat.S and manille.pile_points(game.tricks[0].cards) >= 9
    king = manille.start_play(deal, trumps=None)
    king.play("♥K")
    king.play("♥A")
    assert winner_of(king.current, None, manille.PACK) is Seat.W


def test_9B_the_ace_led_into_easts_10_gives_away_11_points():
    deal = deal_named("14B").deal
    assert {Card(c) for c in ("♠A", "♠K", "♦A", "♣10")} <= set(deal[Seat.S])
    assert {Card(c) for c in ("♠10", "♠J", "♦10", "♦9")} <= set(deal[Seat.E])
    game = manille.start_play(deal, trumps=None)
    game.play("♠A")
    assert game.legal_plays() == [Card("♠Q")]  # West's only spade
    game.play("♠Q")
    game.play(game.legal_plays()[-1])
    game.play("♠10")
    assert game.tricks[0].winner is Seat.E and manille.pile_points(game.tricks[0].cards) == 4 + 2 + 5 == 11


# --- lesson 15 ---------------------------------------------------------------------------------

def test_10A_the_rule_makes_west_trump_with_the_ace_and_north_take_it():
    deal = deal_named("15A").deal
    assert deal[Seat.W].length(Suit.DIAMONDS) == 0 and list(deal[Seat.W].suit(Suit.HEARTS)) == [Card("♥A")]
    assert deal[Seat.N].length(Suit.DIAMONDS) == 0 and Card("♥10") in deal[Seat.N]
    game = manille.start_play(deal, trumps="♥")
    assert game.to_play is Seat.S
    game.play("♦A")
    assert game.legal_plays() == [Card("♥A")]
    assert "trump" in game.why_illegal("♣7")
    game.play("♥A")
    assert {c.suit for c in game.legal_plays()} == {Suit.HEARTS}
    game.play("♥10")
    game.play(game.legal_plays()[-1])
    assert game.tricks[0].winner is Seat.N and manille.pile_points(game.tricks[0].cards) == 13
    # Without the rule West could throw a small club and keep the ace.
    free = manille.start_play(deal, trumps="♥", rules=manille.ManilleRules(must_trump=False))
    free.play("♦A")
    assert Card("♣7") in free.legal_plays()


def test_10B_south_has_no_good_suit_and_en_face_brings_north_s_clubs():
    set_deal = deal_named("15B")
    deal = set_deal.deal
    assert deal.dealer is Seat.S and set_deal.contract == ""
    assert [c.rank.symbol for c in deal[Seat.S].suit(Suit.DIAMONDS)] == ["J", "9", "8"]
    assert max(deal[Seat.S].length(s) for s in Suit) == 3 and bots.choose_trumps(deal[Seat.S]) is Suit.DIAMONDS
    assert deal[Seat.N].length(Suit.CLUBS) == 5 and {Card("♣10"), Card("♣A"), Card("♣Q")} <= set(deal[Seat.N])
    # At the table: the pupil says en face, the computer partner names clubs, nobody taps.
    table = table_of("15B")
    assert table.round.to_call is Seat.S and table.trump_button.visible
    table.trump_choice.value = manille.EN_FACE
    table.trump_button.click()
    assert table.round.call == manille.TrumpCall(Suit.CLUBS, Seat.N, en_face=True)
    assert table.game.first_leader is Seat.W and table.round.taps == 0
    assert table.game.to_play is Seat.S  # the computer has played West, North and East's cards


def test_10C_south_has_28_card_points_and_the_top_trumps():
    deal = deal_named("16A").deal
    south = deal[Seat.S]
    assert manille.pile_points(south) == 28 and 60 // 4 == 15
    assert {Card("♣10"), Card("♣K")} <= set(south) and bots.wants_to_tap(south, Suit.CLUBS)


def test_10C_the_tap_doubles_north_souths_score():
    assert manille.deal_score(38, manille.multiplier("♣", taps=1)) == (38 - 30) * 2 == 16
    assert manille.deal_score(38) == 8
    assert "16" in deal_named("16A").why and "(38 − 30) × 2 = 16" in teacher_text(SIXTEEN)


# --- the example hands in the lessons' text -----------------------------------------------------

def cells(name: str, kind: str = "markdown") -> list[str]:
    return [cell_text(c) for c in notebook_cells(name) if c["cell_type"] == kind]


def teacher_text(name: str) -> str:
    return next(c for c in cells(name) if c.startswith("## For the teacher"))


def constant(name: str, variable: str):
    """What a lesson's code gives ``variable`` (the hands and tricks its pictures show)."""
    for source in cells(name, "code"):
        if "lesson_setup" in source:
            continue
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == variable:
                return eval(compile(ast.Expression(node.value), name, "eval"), {"Seat": Seat, "Card": Card, "say": say})
    raise AssertionError(f"{variable} is not in {name}")


def test_lesson_9s_tricks_are_won_as_the_text_says():
    for variable, winner, points in (("CLUB_TRICK", Seat.E, 4 + 3 + 5), ("DIAMOND_TRICK", Seat.E, 5 + 1)):
        plays = constant(NINE, variable)
        assert [seat for seat, _ in plays] == [Seat.W, Seat.N, Seat.E, Seat.S]
        assert winner_of(plays, None, manille.PACK) is winner
        assert manille.pile_points(card for _, card in plays) == points
    # The club trick: in MiniBridge order West's ace would have won.
    assert winner_of(constant(NINE, "CLUB_TRICK"), None) is Seat.W


def test_lesson_10s_must_trump_example_gives_the_roles_the_text_says():
    deal = Deal(constant(TEN, "HANDS"), dealer="N", pack=manille.PACK)
    assert sum(manille.pile_points(deal[seat]) for seat in Seat) == 60
    game = manille.start_play(deal, trumps="♥")
    assert game.to_play is Seat.E  # the dealer's left leads
    game.play("♦10")
    assert game.to_play is Seat.S and set(game.legal_plays()) == {Card("♥10"), Card("♥9")}
    game.play("♥9")
    assert set(game.legal_plays()) == {Card("♥8"), Card("♥7")}  # West must trump too
    game.play("♥7")
    assert all(c.suit is Suit.DIAMONDS for c in game.legal_plays())  # North follows suit
    game.play("♦J")
    assert game.tricks[0].winner is Seat.S and manille.pile_points(game.tricks[0].cards) == 5 + 1


def test_lesson_10s_dealer_has_a_long_suit_with_the_10_and_the_ace():
    hand = constant(TEN, "DEALER_HAND")
    assert len(hand) == 8 and bots.choose_trumps(hand) is Suit.SPADES
    assert {Card("♠10"), Card("♠A")} <= set(hand) and sum(c.suit is Suit.SPADES for c in hand) == 4


def test_lesson_10s_match_adds_up_as_its_text_says():
    match = manille.Match(manille.ManilleRules(deals=12))
    for side, points, _words, times in constant(SIXTEEN, "DEALS"):
        match.add(manille.ManilleResult.from_points(side.replace("–", ""), points, times))
    assert match.totals == {Side.NS: 6 + 10, Side.EW: 22} and 101 - 22 == 79 and not match.is_over
