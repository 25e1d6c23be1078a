"""Manille (docs/rules.md §2): points, dealing, trumps and taps, trump duties, revokes,
scoring against 30, the match, three-player Manille, and many random deals played out."""
from __future__ import annotations

import doctest
import random

import pytest

from cardlib import PIQUET_PACK, bots, Card, CardError, Deal, IllegalPlay, Seat, Side, Suit, manille, winner_of
from cardlib.manille import (
    EN_FACE, ManilleResult, ManilleRules, Match, call_trumps, card_points, deal_score, multiplier,
    parse_trumps, pile_points, start_play, start_play_three,
)

# E holds all the spades; S, W and N are void in them. Hearts are trumps: S ♥10 ♥8,
# W ♥9 ♥7, N ♥A ♥K ♥Q ♥J (none beats S's ♥10). Dealer N, so East leads.
VOIDS = Deal({
    "N": "♥AKQJ ♦87 ♣87",
    "E": "♠10AKQJ987",
    "S": "♥108 ♦10AK ♣10AK",
    "W": "♥97 ♦QJ9 ♣QJ9",
}, dealer="N", pack=PIQUET_PACK)


def cards(text: str) -> set[Card]:
    return {Card.parse(c) for c in text.split()}


def voids_game(rules: ManilleRules = ManilleRules(), **kwargs) -> manille.ManillePlay:
    game = start_play(VOIDS, trumps="♥", rules=rules, **kwargs)
    game.play("♠7")
    return game


def test_doctests():
    assert doctest.testmod(manille).failed == 0


# --- cards and points ------------------------------------------------------------------

def test_rank_order_ten_then_ace():
    assert [c.rank.symbol for c in PIQUET_PACK.in_order(Card.parse(f"♥{r}") for r in "7 8 9 J Q K A 10".split())] == \
        "10 A K Q J 9 8 7".split()
    plays = [(Seat.E, Card.parse("♥A")), (Seat.S, Card.parse("♥10")), (Seat.W, Card.parse("♥K"))]
    assert winner_of(plays, None, PIQUET_PACK) == Seat.S


def test_card_points_and_the_pack_holds_60():
    assert [card_points(f"♠{r}") for r in "10 A K Q J 9 8 7".split()] == [5, 4, 3, 2, 1, 0, 0, 0]
    assert pile_points(PIQUET_PACK) == 60
    assert pile_points(["♣10", "♦A", "♥7"]) == 9


# --- dealing ----------------------------------------------------------------------------

def shuffled(seed) -> list[Card]:
    order = list(PIQUET_PACK.cards)
    random.Random(seed).shuffle(order)
    return order


def test_deal_two_at_a_time_from_the_dealers_left():
    order = shuffled(7)
    d = manille.deal(seed=7, dealer="N")
    for i, seat in enumerate("ESWN"):  # East, on North's left, receives first
        expected = [c for r in range(4) for c in order[8 * r + 2 * i: 8 * r + 2 * i + 2]]
        assert set(d[seat]) == set(expected)
    assert d.pack is PIQUET_PACK and d.dealer == Seat.N


def test_deal_three_two_three_anticlockwise():
    order = shuffled("club night")
    d = manille.deal(seed="club night", dealer="N", rules=ManilleRules(packets="3-2-3", clockwise=False))
    assert set(d["W"]) == set(order[0:3] + order[12:14] + order[20:23])  # West is first going anticlockwise
    assert set(d["S"]) == set(order[3:6] + order[14:16] + order[23:26])
    assert set(d["E"]) == set(order[6:9] + order[16:18] + order[26:29])
    assert set(d["N"]) == set(order[9:12] + order[18:20] + order[29:32])


@pytest.mark.parametrize("pattern", [(2, 2, 2, 2), (3, 2, 3), (3, 3, 2), (4, 4)])
def test_every_pattern_gives_eight_each(pattern):
    d = manille.deal(seed=1, rules=ManilleRules(packets=pattern))
    assert all(len(d[s]) == 8 for s in Seat) and len({c for s in Seat for c in d[s]}) == 32


# --- trumps, taps and the multiplier ---------------------------------------------------

def test_parse_trumps():
    assert parse_trumps("♥") is Suit.HEARTS and parse_trumps("Spades") is Suit.SPADES
    assert parse_trumps(None) is None and parse_trumps("no trumps") is None and parse_trumps("en voiture") is None
    assert parse_trumps("en face") == EN_FACE


def test_en_face_lets_partner_name_trumps():
    call = call_trumps("E", "en face", partner_choice="no trumps")
    assert call.trumps is None and call.named_by == Seat.W and call.en_face
    assert call_trumps("E", "♦").named_by == Seat.E
    with pytest.raises(CardError, match="En face: West chooses the trumps"):
        call_trumps("E", "en face")
    with pytest.raises(CardError, match="cannot pass it back"):
        call_trumps("E", "en face", partner_choice="en face")
    game = start_play(manille.deal(seed=1, dealer="E"), trumps=call)
    assert game.trumps is None and game.multiplier == 2 and game.call.named_by == Seat.W


def test_multipliers():
    assert multiplier("♣") == 1 and multiplier(None) == 2
    assert multiplier("♣", taps=1) == 2 and multiplier(None, taps=1) == 4
    assert multiplier("♠", blind=True) == 2 and multiplier(None, blind=True) == 4
    assert multiplier("♠", taps=2, rules=ManilleRules(taps="tap back")) == 4
    assert multiplier("♠", taps=5, rules=ManilleRules(taps="unlimited")) == 32


def test_tap_limits():
    with pytest.raises(CardError, match="Only 1 tap"):
        multiplier("♥", taps=2)
    with pytest.raises(CardError, match="Only 2 tap"):
        multiplier("♥", taps=3, rules=ManilleRules(taps="tap back"))
    with pytest.raises(CardError, match="not a number of taps"):
        multiplier("♥", taps=-1)
    with pytest.raises(CardError, match="Only 1 tap"):
        start_play(VOIDS, trumps="♥", taps=2)


# --- who leads --------------------------------------------------------------------------

def test_leader_and_direction():
    d = manille.deal(seed=3, dealer="S")
    assert start_play(d).to_play == Seat.W
    assert start_play(d, blind=True).to_play == Seat.S and start_play(d, blind=True).multiplier == 2
    assert start_play(d, rules=ManilleRules(blind_trump=True)).to_play == Seat.S
    back = start_play(d, rules=ManilleRules(clockwise=False))
    assert back.to_play == Seat.E and back.seats == (Seat.E, Seat.N, Seat.W, Seat.S)


# --- the trump duties -------------------------------------------------------------------

def test_must_trump_when_void():
    game = voids_game()
    assert set(game.legal_plays()) == cards("♥10 ♥8")
    before = game.snapshot()
    with pytest.raises(IllegalPlay) as error:
        game.play("♦10")
    assert str(error.value) == "You cannot follow suit, so you must play a trump: you have hearts."
    assert game.snapshot() == before
    assert game.why_illegal("♣A") == str(error.value)


def test_no_duty_to_trump():
    game = voids_game(ManilleRules(must_trump=False))
    assert len(game.legal_plays()) == 8
    game.play("♦10")
    assert game.to_play == Seat.W


def test_default_duty_is_any_trump_even_a_lower_one():
    game = voids_game()
    game.play("♥10")
    assert set(game.legal_plays()) == cards("♥9 ♥7")  # West cannot beat ♥10 but must still trump
    game.play("♥7")
    assert set(game.legal_plays()) == cards("♥A ♥K ♥Q ♥J")  # partner South winning: no exemption
    game.play("♥A")
    assert game.tricks[0].winner == Seat.S  # the manille (10) beats the ace


def test_must_overtrump_an_opponent():
    game = voids_game(ManilleRules(must_overtrump=True))
    game.play("♥8")
    assert game.legal_plays() == [Card.parse("♥9")]
    with pytest.raises(IllegalPlay, match="You must play a higher trump than ♥8: you have one."):
        game.play("♥7")
    game.undo()
    game.play("♥10")
    assert len(game.legal_plays()) == 8  # no trump beats ♥10: never forced to undertrump
    game.play("♦Q")
    assert set(game.legal_plays()) == cards("♥A ♥K ♥Q ♥J")  # partner's trump winning: still must trump


def test_partner_exempt_while_partner_wins():
    for rules in (ManilleRules(partner_exempt=True), ManilleRules(partner_exempt=True, must_overtrump=True)):
        game = voids_game(rules)
        assert set(game.legal_plays()) == cards("♥10 ♥8")  # East (an opponent) is winning
        game.play("♥10")
        game.play(min(game.legal_plays()))
        assert len(game.legal_plays()) == 8  # partner South is winning
        game.play("♣8")
        assert game.tricks[0].winner == Seat.S


# --- revokes ----------------------------------------------------------------------------

def test_revoke_refused_by_default():
    game = voids_game()
    with pytest.raises(IllegalPlay, match="must play a trump"):
        game.play("♣10")
    assert game.revoke is None and not game.is_over


def test_revoke_penalty_ends_the_deal_and_undo_takes_it_back():
    game = voids_game(ManilleRules(revoke="penalty"), taps=1)
    game.play("♣10")  # South revokes: ♣ instead of a trump
    assert game.is_over and game.legal_plays() == []
    assert game.revoke.seat == Seat.S and game.revoke.card == Card.parse("♣10")
    result = game.result()
    assert result.scores == {Side.NS: 0, Side.EW: 30}  # the deal's maximum: the tap does not double it
    assert result.revoke is game.revoke and result.words.startswith("South broke a rule (You cannot follow suit")
    assert "the other side scores 30" in result.words
    with pytest.raises(IllegalPlay, match="The play is over"):
        game.play("♥10")
    assert game.undo() == Card.parse("♣10")
    assert game.revoke is None and not game.is_over and game.to_play == Seat.S
    assert Card.parse("♣10") in game.hands[Seat.S]
    game.play("♥10")
    assert game.revoke is None


def test_penalty_still_refuses_cards_not_in_hand():
    game = voids_game(ManilleRules(revoke="penalty"))
    with pytest.raises(IllegalPlay, match="not in South's hand"):
        game.play("♥9")
    assert game.revoke is None


# --- scoring ----------------------------------------------------------------------------

def test_deal_score_examples():
    assert deal_score(36) == 6 and deal_score(24) == 0
    assert deal_score(30) == 0
    assert deal_score(36, multiplier=2) == 12 and deal_score(40, multiplier=4) == 40


def test_result_words():
    assert ManilleResult.from_points("NS", 36).words == "N–S have 36 card points: 36 − 30 = 6. N–S score 6."
    r = ManilleResult.from_points("EW", 24, multiplier=2)
    assert r.scores == {Side.NS: 12, Side.EW: 0}
    assert r.words == "N–S have 36 card points: 36 − 30 = 6, 6 × 2 = 12. N–S score 12."
    tie = ManilleResult.from_points("NS", 30)
    assert tie.scores == {Side.NS: 0, Side.EW: 0} and tie.words == "Both sides have 30 points: nobody scores."


def test_result_before_the_end():
    game = voids_game()
    with pytest.raises(CardError, match="not over yet: 8 trick"):
        game.result()


def test_trick_point_option_holds_68():
    game = play_out(start_play(manille.deal(seed=9), trumps="♠", rules=ManilleRules(trick_point=True)), seed=9)
    r = game.result()
    assert sum(r.points.values()) == 68 and game.half == 34
    for side in Side:
        assert r.points[side] == game.card_points(side) + game.tricks_won(side)
        assert r.scores[side] == max(0, r.points[side] - 34)


# --- the match --------------------------------------------------------------------------

def test_match_to_101():
    match = Match()
    for _ in range(3):
        match.add(ManilleResult.from_points("NS", 60, multiplier=1))  # 30 each deal
    assert match.totals == {Side.NS: 90, Side.EW: 0} and not match.is_over and match.winner is None
    match.add(ManilleResult.from_points("EW", 40, multiplier=2))
    assert match.totals[Side.EW] == 20
    match.add(ManilleResult.from_points("NS", 41))
    assert match.totals[Side.NS] == 101 and match.is_over and match.winner == Side.NS
    assert match.words == "The match is over: N–S won with 101."
    with pytest.raises(CardError, match="The match is over"):
        match.add(ManilleResult.from_points("NS", 36))
    assert len(match.lines) == 5


def test_match_add_returns_the_line_written_as_the_score_pad_does():
    match, result = Match(), ManilleResult.from_points("EW", 38, multiplier=2)
    line = match.add(result)
    assert line is match.lines[-1] and line.scores == {Side.EW: 16, Side.NS: 0}


def test_match_of_twelve_deals_can_be_drawn():
    match = Match(ManilleRules(deals=12))
    for i in range(12):
        match.add(ManilleResult.from_points("NS" if i % 2 else "EW", 40))
    assert match.is_over and match.winner is None and match.totals == {Side.EW: 60, Side.NS: 60}
    assert "a draw" in match.words


# --- three players ----------------------------------------------------------------------

def test_three_player_flow():
    d = manille.deal_three(seed=11)
    assert [len(d[s]) for s in d] == [10, 10, 10] and len(d.aside) == 2 and Seat.N not in d.hands
    given = d["S"].cards[:2]
    swapped = manille.swap_aside(d, given)
    assert set(swapped["S"]) == (set(d["S"]) - set(given)) | set(d.aside)
    assert set(swapped.aside) == set(given)
    assert manille.swap_aside(d) == d
    game = play_out(start_play_three(swapped, "S", "♣"), seed=11)  # the same order as start_play
    assert game.teams == ((Seat.S,), (Seat.E, Seat.W)) and game.trick_count == 10
    first = game.team_of(game.tricks[0].winner)
    assert game.card_points(first) == pile_points(c for t in game.tricks if t.winner in first for c in t.cards) \
        + pile_points(swapped.aside)
    result = game.result()
    assert sum(result.points.values()) == 60
    match = Match()
    match.add(result)
    winners = max(result.scores, key=result.scores.get)
    assert all(match.totals[s] == result.scores[winners] for s in winners)


def test_three_player_bad_input():
    d = manille.deal_three(seed=2)
    with pytest.raises(CardError, match="swap 0, 1 or 2"):
        manille.swap_aside(d, d["S"].cards[:3])
    with pytest.raises(CardError, match="not in South's hand"):
        manille.swap_aside(d, [d["E"].cards[0]])
    with pytest.raises(CardError, match="North is not at the table"):
        manille.deal_three(seed=2, dealer="N")
    with pytest.raises(CardError, match="no partner"):
        start_play_three(d, trumps="en face")
    with pytest.raises(CardError, match="needs 4"):
        start_play(d)


# --- bad input --------------------------------------------------------------------------

def test_bad_input_messages():
    with pytest.raises(CardError, match="'purple' is not a trump choice"):
        parse_trumps("purple")
    with pytest.raises(CardError, match="'twice' is not a choice for taps"):
        ManilleRules(taps="twice")
    with pytest.raises(CardError, match="'lenient' is not a choice for revoke"):
        ManilleRules(revoke="lenient")
    with pytest.raises(CardError, match="The deal pattern 3-3-3 does not give 8 cards each"):
        ManilleRules(packets="3-3-3")
    with pytest.raises(CardError, match="'0' is not a choice for target: use a whole number above 0"):
        ManilleRules(target=0)
    with pytest.raises(CardError, match="61 is not a number of points for one side: it must be 0 to 60"):
        deal_score(61)
    with pytest.raises(CardError, match="piquet pack"):
        start_play(Deal.random(seed=1))
    with pytest.raises(CardError, match="En face: South chooses"):
        start_play(VOIDS, trumps="en face")


# --- many deals -------------------------------------------------------------------------

def play_out(game: manille.ManillePlay, seed) -> manille.ManillePlay:
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_plays()))
    return game


def allowed(game: manille.ManillePlay) -> set[Card]:
    """The trump duties restated independently: the cards the player to play may choose."""
    hand, rules, trumps = set(game.hands[game.to_play]), game.rules, game.trumps
    if not game.current:
        return hand
    led = game.current[0][1].suit
    follow = {c for c in hand if c.suit is led}
    mine = {c for c in hand if c.suit is trumps}
    if follow:
        return follow
    if not rules.must_trump or not mine:
        return hand
    winner = winner_of(game.current, trumps, PIQUET_PACK)
    if rules.partner_exempt and winner.side is game.to_play.side:
        return hand
    best = dict(game.current)[winner]
    if rules.must_overtrump and best.suit is trumps and winner.side is not game.to_play.side:
        return {c for c in mine if PIQUET_PACK.beats(c, best)} or hand
    return mine


@pytest.mark.parametrize("rules", [
    ManilleRules(),
    ManilleRules(must_overtrump=True, clockwise=False, packets=(4, 4)),
    ManilleRules(must_overtrump=True, partner_exempt=True),
    ManilleRules(must_trump=False, partner_exempt=True),
], ids=["default", "overtrump", "overtrump-exempt", "no-duty"])
def test_many_random_deals(rules):
    for seed in range(150):
        d = manille.deal(seed=seed, dealer=Seat(seed % 4), rules=rules)
        trumps = [None, *Suit][seed % 5]
        game = start_play(d, trumps=trumps, rules=rules)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_plays()
            assert legal and set(legal) <= set(game.hands[game.to_play])
            for card in game.hands[game.to_play]:
                if card not in legal:
                    before = game.snapshot()
                    with pytest.raises(IllegalPlay):
                        game.play(card)
                    assert game.snapshot() == before
            assert set(legal) == allowed(game)
            game.play(rng.choice(legal))
        assert len(game.tricks) == 8
        assert game.card_points(Side.NS) + game.card_points(Side.EW) == 60
        result = game.result()
        top = max(result.points.values())
        assert sum(result.scores.values()) == deal_score(top, game.multiplier)


def test_the_deal_passes_round_in_the_playing_direction_and_taps_alternate():
    assert [manille.dealer_of(n) for n in range(1, 6)] == [Seat.N, Seat.E, Seat.S, Seat.W, Seat.N]
    anticlockwise = manille.ManilleRules(clockwise=False)
    assert [manille.dealer_of(n, anticlockwise) for n in range(1, 5)] == [Seat.N, Seat.W, Seat.S, Seat.E]
    call = manille.call_trumps("S", "en face", partner_choice="♦")  # North names them: N–S side
    assert [manille.tapping_side(call, taps) for taps in range(3)] == [Side.EW, Side.NS, Side.EW]


# --- a round, phase by phase ----------------------------------------------------------------

def test_a_round_goes_trumps_tapping_play_over_with_the_multiplier_at_each_step():
    r = manille.Round(manille.deal(seed=4, dealer="E"))
    assert r.phase == "trumps" and r.to_call == Seat.E and r.multiplier is None and r.tapping_side is None
    r.name_trumps("♣", seat="E")
    assert r.phase == "tapping" and r.to_call is None and r.multiplier == 1
    assert r.tapping_side is Side.NS and r.multiplier_if_tapped == 2   # the opponents tap first
    r.tap(Side.NS)
    # one tap is all the default rules allow: the play starts, and scores the doubled points
    assert r.phase == "play" and r.tapping_side is None and r.multiplier == r.game.multiplier == 2
    assert r.game.to_play == Seat.S   # the dealer's neighbour leads
    while not r.game.is_over:
        r.game.play(r.game.legal_plays()[0])
    assert r.phase == "over" and r.result().multiplier == 2


def test_no_trumps_then_a_tap_back_multiply_to_eight_as_each_step_says():
    r = manille.Round(manille.deal(seed=1, dealer="N"), ManilleRules(taps="tap back"))
    r.name_trumps("no trumps")
    assert r.multiplier == 2 and r.multiplier_if_tapped == 4
    r.tap("EW")
    assert r.tapping_side is Side.NS and r.multiplier == 4 and r.multiplier_if_tapped == 8
    r.tap("NS")
    assert r.phase == "play" and r.game.multiplier == 8 == manille.multiplier(None, taps=2, rules=r.rules)


def test_tap_back_with_no_trumps_read_as_four_in_all_is_an_option():
    rules = ManilleRules(taps="tap back", no_trumps_tap_back=4)
    r = manille.Round(manille.deal(seed=1, dealer="N"), rules)
    r.name_trumps("no trumps")
    assert r.multiplier == 2 and r.multiplier_if_tapped == 4
    r.tap("EW")
    assert r.multiplier == 4 and r.multiplier_if_tapped == 4  # the tap back leaves it at ×4
    r.tap("NS")
    assert r.game.multiplier == 4
    assert manille.multiplier("♥", taps=2, rules=rules) == 4  # with trumps nothing changes
    with pytest.raises(CardError, match="'6' is not a choice for no_trumps_tap_back"):
        ManilleRules(no_trumps_tap_back=6)


def test_playing_on_ends_the_tapping_and_unlimited_tapping_goes_on():
    r = manille.Round(manille.deal(seed=1, dealer="N"), ManilleRules(taps="unlimited"))
    r.name_trumps("♥")
    for side in (Side.EW, Side.NS, Side.EW):
        assert r.tapping_side is side
        r.tap()
    assert r.multiplier == 8 and r.phase == "tapping"
    r.play_on(Side.NS)
    assert r.phase == "play" and r.game.multiplier == 8


def test_en_face_lets_the_partner_name_trumps_and_says_so():
    r = manille.Round(manille.deal(seed=2, dealer="W"))
    r.name_trumps("en face", seat="W")
    assert r.phase == "en face" and r.to_call == Seat.E
    with pytest.raises(CardError, match="East was asked to choose"):
        r.name_trumps("en face")
    r.name_trumps("♦", seat="E")
    assert r.call == manille.TrumpCall(Suit.DIAMONDS, Seat.E, en_face=True)
    assert r.tapping_side is Side.NS   # the pair against the trumps taps


def test_blind_trumps_double_at_once_and_the_dealer_leads():
    r = manille.Round(manille.deal(seed=3, dealer="S"), ManilleRules(blind_trump=True))
    with pytest.raises(CardError, match="no en face"):
        r.name_trumps("en face")
    r.name_trumps("♠")
    assert r.multiplier == 2 and r.multiplier_if_tapped == 4
    r.play_on()
    assert r.game.to_play == Seat.S and r.game.multiplier == 2


def test_a_round_refuses_what_is_not_its_turn_and_changes_nothing():
    r = manille.Round(manille.deal(seed=5, dealer="N"))
    with pytest.raises(CardError, match="East does not name trumps now: North does"):
        r.name_trumps("♠", seat="E")
    with pytest.raises(CardError, match="nothing to tap"):
        r.tap()
    assert r.phase == "trumps" and r.call is None
    r.name_trumps("♠")
    with pytest.raises(CardError, match="It is E–W's turn to tap, not N–S's"):
        r.tap(Side.NS)
    with pytest.raises(CardError, match="already named"):
        r.name_trumps("♥")
    assert r.taps == 0 and r.call.trumps is Suit.SPADES and r.phase == "tapping"


def test_one_list_of_no_trumps_words_for_both_games():
    from cardlib.cards import NO_TRUMPS_WORDS
    from cardlib.minibridge import Contract

    for words in NO_TRUMPS_WORDS:
        assert parse_trumps(words) is None
        assert Contract(f"{words} game") == Contract(None, game=True)


# --- three-player Manille as a whole round ----------------------------------------------

def test_the_deal_passes_round_the_three_seats():
    assert [manille.dealer_of(n, first="W", players=3) for n in range(1, 5)] == [Seat.W, Seat.E, Seat.S, Seat.W]
    anticlockwise = ManilleRules(clockwise=False)
    assert [manille.dealer_of(n, anticlockwise, "W", 3) for n in range(1, 4)] == [Seat.W, Seat.S, Seat.E]
    with pytest.raises(CardError, match="North is not at the table: the players are East, South, West"):
        manille.dealer_of(1, first="N", players=3)


def test_a_three_player_round_trumps_then_the_swap_then_the_play():
    deal = manille.deal_three(seed=4, dealer="E")
    r = manille.ThreeRound(deal)
    with pytest.raises(CardError, match="no partner to choose"):
        r.name_trumps("en face")
    with pytest.raises(CardError, match="South does not name trumps now: East does"):
        r.name_trumps("♠", seat="S")
    with pytest.raises(CardError, match="Trumps come first"):
        r.put_aside([])
    assert r.phase == "trumps" and r.actions == ()
    r.name_trumps("♦", seat="E")
    assert r.phase == "aside" and r.to_call is None
    mine, theirs = deal["E"].cards[0], deal["S"].cards[0]
    for bad in ([theirs], [mine, mine], [mine, deal["E"].cards[1], deal["E"].cards[2]]):
        with pytest.raises(CardError):
            r.put_aside(bad)
        assert r.phase == "aside" and r.game is None
    r.put_aside([mine])
    assert r.phase == "play" and r.game.to_play == Seat.S
    assert deal.aside[0] in r.game.hands[Seat.E] and mine not in r.game.hands[Seat.E]
    bots.play_out(r.game, bots.make("manille", "club", seed=2))
    result = r.result()
    assert r.phase == "over" and sum(result.points.values()) == 60
    assert manille.ThreeRound(deal, actions=r.actions).result() == result
