"""MiniBridge rules (docs/rules.md §1): who declares, the contract, the coach, scoring with both
presets, the words for a result, the play of a hand and the score pad."""
import random

import pytest

from cardlib import BRIDGE_PACK, CardError, Deal, Hand, Rank, Seat, Side, Suit, minibridge
from cardlib.minibridge import (
    CLUB, CONTRACTS, EBU, PRESETS, Contract, ScorePad, Scoring, announcements, declarer, result_words,
    score, score_working, sensible_contracts, start_play, suggest_contract, trick_points,
)

HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


def deal_with(honours: dict[str, str], dealer: str = "N") -> Deal:
    """A deal where each seat holds exactly the honours given; low cards fill the hands."""
    hands = {seat: list(Hand.parse(text)) for seat, text in honours.items()}
    assert sum(map(len, hands.values())) == 16, "give every ace, king, queen and jack a seat"
    low = [c for c in BRIDGE_PACK.cards if c.rank not in HONOURS]
    for cards in hands.values():
        while len(cards) < 13:
            cards.append(low.pop())
    return Deal(hands, dealer=dealer)


EVEN = deal_with({"N": "♠A ♥K ♦Q ♣J", "E": "♥A ♦K ♣Q ♠J", "S": "♦A ♣K ♠Q ♥J", "W": "♣A ♠K ♥Q ♦J"})
# N 12 and S 12 (N–S 24), E 10, W 6.
EQUAL_PARTNERS = deal_with({"N": "♠AKJ ♥A", "S": "♦A ♣A ♥KJ", "E": "♦K ♣K ♠Q ♥Q", "W": "♦QJ ♣QJ"})


# --- announcements and declarer -------------------------------------------------------

def test_announcements_go_from_the_dealer_clockwise_and_add_up_to_40():
    said = announcements(EQUAL_PARTNERS, dealer="S")
    assert said == [(Seat.S, 12), (Seat.W, 6), (Seat.N, 12), (Seat.E, 10)]
    assert sum(p for _, p in said) == 40
    assert [s for s, _ in announcements(Deal.random(seed=3, dealer="E"))] == [Seat.E, Seat.S, Seat.W, Seat.N]


def test_the_side_with_more_points_declares_and_its_stronger_player_is_declarer():
    deal = Deal.from_pbn("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    assert (deal.hcp("NS"), deal.hcp("EW")) == (21, 19)
    assert declarer(deal) is Seat.N  # 13 against South's 8
    east_west = deal_with({"N": "♠A", "S": "♠K ♠Q", "E": "♥AKQJ ♦AKQJ", "W": "♣AKQJ ♠J ♥-"})
    assert declarer(east_west) is Seat.E  # E–W 33, E 20 against W 13


def test_twenty_all_is_thrown_in():
    assert [EVEN.hcp(s) for s in Seat] == [10, 10, 10, 10]
    for dealer in Seat:
        assert declarer(EVEN, dealer=dealer) is None


@pytest.mark.parametrize("dealer, expected", [
    (Seat.N, Seat.N),  # N announces first
    (Seat.E, Seat.S),  # E, S, W, N: South before North
    (Seat.S, Seat.S),
    (Seat.W, Seat.N),  # W, N, E, S: North before South
])
def test_equal_partners_the_one_who_announced_first_declares(dealer, expected):
    assert EQUAL_PARTNERS.hcp("N") == EQUAL_PARTNERS.hcp("S") == 12
    assert declarer(EQUAL_PARTNERS, dealer=dealer) is expected


def test_declarer_uses_the_deals_own_dealer_by_default():
    assert declarer(deal_with(dict(zip("NESW", ("♠AKJ ♥A", "♦K ♣K ♠Q ♥Q", "♦A ♣A ♥KJ", "♦QJ ♣QJ"))),
                              dealer="E")) is Seat.S


# --- the contract ---------------------------------------------------------------------

@pytest.mark.parametrize("text, denomination, game, tricks", [
    ("♠ game", Suit.SPADES, True, 10),
    ("NT partscore", None, False, 7),
    ("D partscore", Suit.DIAMONDS, False, 7),
    ("hearts game", Suit.HEARTS, True, 10),
    ("no trumps game", None, True, 9),
    ("♣ game", Suit.CLUBS, True, 11),
    ("diamonds game", Suit.DIAMONDS, True, 11),
    ("spade part score", Suit.SPADES, False, 7),
    ("Ｈ GAME", Suit.HEARTS, True, 10),
])
def test_contracts_read_in_every_form_and_know_the_tricks_needed(text, denomination, game, tricks):
    contract = Contract.parse(text)
    assert contract == Contract(denomination, game)
    assert contract.tricks_needed == tricks
    assert Contract.parse(str(contract)) == contract


def test_the_ten_contracts():
    assert len(CONTRACTS) == len(set(CONTRACTS)) == 10
    assert {str(c) for c in CONTRACTS} == {f"{d} {level}" for d in ("NT", "♠", "♥", "♦", "♣")
                                           for level in ("partscore", "game")}


@pytest.mark.parametrize("text", ["♠ slam", "X game", "game", "♠", ""])
def test_a_bad_contract_says_what_a_contract_looks_like(text):
    with pytest.raises(CardError) as error:
        Contract.parse(text)
    assert str(error.value) == (
        f"'{text}' is not a contract: say a denomination and partscore or game, like '♠ game' or 'NT partscore'.")


# --- scoring: the whole table of the schools' rules (docs/rules.md §1.5) -------------------

EBU_TABLE = {  # tricks taken by declarer's side: 0, 1, ..., 13
    "NT partscore": [-350, -300, -250, -200, -150, -100, -50, 90, 120, 150, 180, 210, 240, 270],
    "♥ partscore": [-350, -300, -250, -200, -150, -100, -50, 80, 110, 140, 170, 200, 230, 260],
    "♣ partscore": [-350, -300, -250, -200, -150, -100, -50, 70, 90, 110, 130, 150, 170, 190],
    "NT game": [-450, -400, -350, -300, -250, -200, -150, -100, -50, 400, 430, 460, 490, 520],
    "♥ game": [-500, -450, -400, -350, -300, -250, -200, -150, -100, -50, 420, 450, 480, 510],
    "♣ game": [-550, -500, -450, -400, -350, -300, -250, -200, -150, -100, -50, 400, 420, 440],
}
SAME_ROW = {"♥": "♠", "♣": "♦"}


@pytest.mark.parametrize("row", EBU_TABLE)
@pytest.mark.parametrize("tricks", range(14))
def test_every_cell_of_the_ebu_table(row, tricks):
    expected = EBU_TABLE[row][tricks]
    assert score(row, tricks) == expected
    assert score(row, tricks, rules="ebu") == expected
    symbol, level = row.split()
    if symbol in SAME_ROW:  # ♥/♠ and ♣/♦ share a row
        assert score(f"{SAME_ROW[symbol]} {level}", tricks) == expected


def test_the_ebu_table_has_all_six_rows_and_fourteen_columns():
    assert len(EBU_TABLE) == 6 and all(len(row) == 14 for row in EBU_TABLE.values())


def test_trick_points_count_only_tricks_beyond_six():
    assert [trick_points(None, n) for n in range(0, 8)] == [0, 40, 70, 100, 130, 160, 190, 220]
    assert trick_points(Suit.HEARTS, 4) == trick_points(Suit.SPADES, 4) == 120
    assert trick_points(Suit.CLUBS, 5) == trick_points(Suit.DIAMONDS, 5) == 100
    assert trick_points(Suit.CLUBS, -2) == 0


def test_a_partscore_never_earns_the_game_bonus():
    assert score("♠ partscore", 10) == 170 and score("♠ game", 10) == 420
    assert score("NT partscore", 13) == 270


@pytest.mark.parametrize("tricks", [-1, 14, 3.5, True, "7"])
def test_a_number_of_tricks_must_be_0_to_13(tricks):
    with pytest.raises(CardError) as error:
        score("NT game", tricks)
    assert str(error.value) == f"{tricks} is not a number of tricks: it must be 0 to 13."


def test_an_unknown_preset_is_named():
    with pytest.raises(CardError, match="'acbl' is not a scoring preset: use one of ebu, club."):
        score("NT game", 9, rules="acbl")


# --- the club's rules (docs/rules.md §1.6) ------------------------------------------------

def test_the_club_preset_has_a_game_bonus_of_500():
    assert PRESETS == {"ebu": EBU, "club": CLUB}
    assert score("♠ game", 10, rules="club") == 120 + 500
    assert score("NT game", 9, rules="club") == 100 + 500
    assert score("♣ game", 13, rules=CLUB) == 140 + 500


def test_the_club_preset_keeps_the_partscore_bonus_of_50():
    assert score("♦ partscore", 8, rules="club") == 90
    assert score("NT partscore", 7, rules="club") == 90


@pytest.mark.parametrize("contract", [str(c) for c in CONTRACTS])
def test_the_club_preset_loses_100_a_trick_short(contract):
    needed = Contract.parse(contract).tricks_needed
    for tricks in range(needed):
        assert score(contract, tricks, rules="club") == -100 * (needed - tricks)
        assert score(contract, tricks, rules="ebu") == -50 * (needed - tricks)


# --- words: the result and the working --------------------------------------------------

@pytest.mark.parametrize("contract, tricks, words", [
    ("♠ game", 10, "♠ game: 10 tricks, made (10 needed)."),
    ("NT partscore", 7, "NT partscore: 7 tricks, made (7 needed)."),
    ("NT partscore", 13, "NT partscore: 13 tricks, made (7 needed)."),
    ("♥ game", 8, "♥ game: 8 tricks, 2 down (10 needed)."),
    ("♣ game", 0, "♣ game: 0 tricks, 11 down (11 needed)."),
    ("D partscore", 6, "♦ partscore: 6 tricks, 1 down (7 needed)."),
])
def test_result_words_say_made_or_how_many_down_and_what_was_needed(contract, tricks, words):
    assert result_words(contract, tricks) == words


@pytest.mark.parametrize("contract, tricks, rules, working", [
    ("NT game", 9, "ebu", "40 + 30 + 30 = 100 trick points, + 300 game bonus = 400 for N–S."),
    ("♠ partscore", 10, "ebu", "4 × 30 = 120 trick points, + 50 partscore bonus = 170 for N–S."),
    ("♦ game", 11, "ebu", "5 × 20 = 100 trick points, + 300 game bonus = 400 for N–S."),
    ("♥ game", 10, "club", "4 × 30 = 120 trick points, + 500 game bonus = 620 for N–S."),
    ("♥ game", 8, "ebu", "2 tricks short: 2 × 50 = 100 for E–W; N–S score 0."),
    ("NT partscore", 6, "ebu", "1 trick short: 1 × 50 = 50 for E–W; N–S score 0."),
    ("♥ game", 8, "club", "2 tricks short: 2 × 100 = 200 for E–W; N–S score 0."),
])
def test_score_working_shows_the_sum_and_who_scores_it(contract, tricks, rules, working):
    assert score_working(contract, tricks, rules, declarer="S") == working


@pytest.mark.parametrize("rules", ["ebu", "club"])
def test_score_working_agrees_with_the_score_pad(rules):
    """The words and the pad's columns give the same numbers to the same sides, and under
    the English schools' rules nobody's column goes below 0."""
    for contract in CONTRACTS:
        for tricks in range(14):
            line = ScorePad(rules).add("W", contract, tricks)
            ours, theirs = line.scores[Side.EW], line.scores[Side.NS]
            if rules == "ebu":
                assert ours >= 0 and theirs >= 0
            if ours > 0:
                assert line.working.endswith(f"= {ours} for E–W.")
            elif theirs > 0:
                assert line.working.startswith(f"{line.contract.tricks_needed - tricks} trick")
                assert f"= {theirs} for N–S; E–W score 0." in line.working
            else:
                assert line.working.endswith(f": −{-ours}.") and "lost by E–W" in line.working
            assert line.made == (tricks >= line.contract.tricks_needed)


# --- the coach -----------------------------------------------------------------------------

def test_coach_golden_fit_in_spades_and_game_with_27_points():
    tip = suggest_contract("♠AK1032 ♥K32 ♦Q52 ♣J2", "♠QJ4 ♥AQ5 ♦K43 ♣Q1098")
    assert str(tip.contract) == "♠ game"
    assert tip.reasons == (
        "You have 8 spades between you: a golden fit (8 or more), so spades are trumps.",
        "You have 27 points together: 25 or more, so promise a game (10 tricks).",
    )


def test_coach_with_two_golden_fits_takes_the_longer():
    tip = suggest_contract("♠AK32 ♥AK432 ♦32 ♣32", "♠QJ54 ♥QJ65 ♦54 ♣765")
    assert str(tip.contract) == "♥ partscore"
    assert tip.reasons[0] == "You have golden fits in both majors: 9 hearts is the longer one."
    assert tip.reasons[-1] == "You have 20 points together: less than 25, so play a partscore (7 tricks)."


def test_coach_with_equal_golden_fits_takes_spades():
    tip = suggest_contract("♠AK32 ♥AK32 ♦Q2 ♣432", "♠QJ54 ♥QJ54 ♦K4 ♣765")
    assert str(tip.contract) == "♠ game"  # 16 + 9 = 25 points: exactly enough for game
    assert tip.reasons[0] == "You have 8 cards in both majors: with equal fits choose spades."


def test_coach_24_points_is_a_partscore():
    tip = suggest_contract("♠AK32 ♥AK32 ♦J2 ♣432", "♠QJ54 ♥QJ54 ♦K4 ♣765")
    assert str(tip.contract) == "♠ partscore"


def test_coach_no_major_fit_means_no_trumps_even_with_eight_diamonds():
    tip = suggest_contract("♠AK3 ♥AK3 ♦5432 ♣432", "♠QJ5 ♥QJ5 ♦AKQJ ♣765")
    assert str(tip.contract) == "NT game"  # 14 + 16 = 30 points
    assert tip.reasons[0] == "No major suit has 8 cards between you, so play in no trumps."
    assert tip.reasons[1] == "You have 30 points together: 25 or more, so promise a game (9 tricks)."
    assert str(suggest_contract("♠AK32 ♥AK3 ♦432 ♣432", "♠QJ5 ♥QJ54 ♦765 ♣765").contract) == "NT partscore"


def test_sensible_contracts_include_the_coachs_choice():
    for seed in range(40):
        deal = Deal.random(seed=seed)
        tip = suggest_contract(deal["N"], deal["S"])
        allowed = sensible_contracts(deal["N"], deal["S"])
        assert tip.contract in allowed
        assert all(c.game == tip.contract.game for c in allowed)


# --- the play of a MiniBridge hand ------------------------------------------------------------

def test_declarers_left_leads_and_declarer_plays_for_dummy():
    deal = Deal.random(seed=2)
    game = start_play(deal, declarer="S", contract="♠ game")
    assert game.to_play is Seat.W and game.dummy is Seat.N
    assert game.trumps is Suit.SPADES
    assert game.controller(Seat.N) is Seat.S and game.controller(Seat.E) is Seat.E
    assert game.can_see(Seat.E, Seat.N) and game.can_see(Seat.W, Seat.N)  # dummy is face up
    assert not game.can_see(Seat.E, Seat.S) and not game.can_see(Seat.N, Seat.S)


def test_the_score_of_a_played_hand():
    deal = Deal.random(seed=8)
    game = start_play(deal, declarer="E", contract="NT partscore")
    rng = random.Random(8)
    while not game.is_over:
        game.play(rng.choice(game.legal_plays()))
    tricks = game.declarer_tricks
    assert tricks == game.tricks_won(Side.EW) == 13 - game.tricks_won("NS")
    assert game.score() == score("NT partscore", tricks)
    assert game.score("club") == score("NT partscore", tricks, "club")
    assert game.result_words() == result_words("NT partscore", tricks)


# --- the score pad ----------------------------------------------------------------------------

def fill(pad: ScorePad) -> ScorePad:
    pad.add("N", "♠ game", 10)        # N–S make game
    pad.add("E", "NT partscore", 5)   # E–W 2 down
    pad.add(Seat.W, "♦ partscore", 8)  # E–W make a partscore
    return pad


def test_the_ebu_score_pad_gives_failed_contracts_to_the_opponents():
    pad = fill(ScorePad())
    assert [line.scores for line in pad.lines] == [
        {Side.NS: 420, Side.EW: 0}, {Side.NS: 100, Side.EW: 0}, {Side.NS: 0, Side.EW: 90}]
    assert pad.totals == {Side.NS: 520, Side.EW: 90}
    assert [line.number for line in pad.lines] == [1, 2, 3]
    assert pad.lines[1].words == "NT partscore: 5 tricks, 2 down (7 needed)."
    assert not pad.is_over and pad.winner is None


def test_the_club_score_pad_writes_failed_contracts_in_the_other_sides_column():
    """The guide's "100 × downs" lost by declarer's side is written as the other side's points
    (docs/rules.md §1.6): nobody's score or total is below 0, and who is ahead, by how much, is
    what the guide's minus gives."""
    pad = fill(ScorePad("club"))
    assert [line.scores for line in pad.lines] == [
        {Side.NS: 620, Side.EW: 0}, {Side.NS: 200, Side.EW: 0}, {Side.NS: 0, Side.EW: 90}]
    assert pad.totals == {Side.NS: 820, Side.EW: 90}
    assert all(points >= 0 for line in pad.lines for points in line.scores.values())
    assert pad.totals[Side.NS] - pad.totals[Side.EW] == 620 - (-200 + 90)  # the guide's minus: the same lead
    minus = fill(ScorePad(Scoring("club", 50, 500, 100, opponents_score_penalty=False)))  # a sheet with the minus
    assert minus.totals == {Side.NS: 620, Side.EW: -110} and minus.lines[1].written(Side.EW) == "−200"


def test_a_pad_of_a_set_number_of_deals_is_over_with_a_winner():
    pad = ScorePad(deals=2)
    first = pad.add("N", "♠ game", 10)
    assert first is pad.lines[0] and first.number == 1 and not pad.is_over
    pad.add("E", "NT partscore", 5)
    assert pad.is_over and pad.winner is Side.NS


def test_an_empty_pad_and_a_bad_entry():
    pad = ScorePad()
    assert pad.totals == {Side.NS: 0, Side.EW: 0}
    with pytest.raises(CardError, match="is not a contract"):
        pad.add("N", "♠ slam", 12)
    with pytest.raises(CardError, match="14 is not a number of tricks"):
        pad.add("N", "♠ game", 14)
    assert pad.lines == [] and pad.totals == {Side.NS: 0, Side.EW: 0}


def test_numbered_deal_is_thrown_in_at_20_20_and_dealt_again_by_the_same_dealer():
    thrown_in = [n for n in range(1, 200) if minibridge.declarer(Deal.numbered(n)) is None]
    assert thrown_in, "some numbered deals are 20-20"
    for n in thrown_in[:5]:
        deal, found, redeals = minibridge.numbered_deal(n)
        assert redeals >= 1 and found is not None and found == minibridge.declarer(deal)
        assert deal.dealer == Deal.numbered(n).dealer and deal != Deal.numbered(n)
    deal, found, redeals = minibridge.numbered_deal(1)
    assert redeals == 0 and deal == Deal.numbered(1)


# --- lesson 8's checklist: draw trumps, or ruff first? -------------------------------------------

def test_the_count_with_trumps_drawn_is_the_long_trump_hands_trumps_and_the_other_suits_sure_tricks():
    from cardlib.minibridge import tricks_with_trumps_drawn

    # the trumps as a long suit (lesson 7): five of them, the ace on top, all win once drawn
    assert tricks_with_trumps_drawn("♠AKQ107 ♥K53 ♦42 ♣A65", "♠865 ♥74 ♦AKQJ3 ♣J43", "♠") == 5 + 0 + 4 + 1
    # the ace of trumps missing: one trump fewer; no ruff is counted, however short a hand is
    assert tricks_with_trumps_drawn("♠KQJ107 ♥A ♦AK", "♠865 ♥7654 ♦32", "♠") == 4 + 1 + 2
    # either hand may hold the long trumps
    assert tricks_with_trumps_drawn("♠865 ♥7654 ♦32", "♠KQJ107 ♥A ♦AK", "♠") == 7


@pytest.mark.parametrize("declarer_hand, dummy_hand, needed, first", [
    ("♠AKQJ7 ♥A32 ♦A4 ♣A85", "♠1098 ♥84 ♦K9632 ♣J94", 10, True),    # 9 counted: ruff a heart in dummy
    ("♠AKQJ7 ♥A32 ♦A4 ♣A85", "♠1098 ♥84 ♦K9632 ♣J94", 9, False),    # 9 needed: enough, draw trumps
    ("♠AKQ107 ♥K53 ♦42 ♣A65", "♠865 ♥74 ♦AKQJ3 ♣J43", 10, False),  # 10 counted: draw, though a ruff is there
    ("♠AKQJ7 ♥A32 ♦A4 ♣A85", "♠1098 ♥843 ♦K963 ♣J94", 10, False),  # 9, but dummy is short nowhere: no ruff
    ("♠1098 ♥84 ♦K9632 ♣J94", "♠AKQJ7 ♥A32 ♦A4 ♣A85", 10, True),    # declarer holds the short trumps
    ("♠AKQJ7 ♥AKQ ♦A32 ♣32", "♠1098 ♦K7654 ♣J9876", 11, False),    # 10; dummy has no ♥, but the ♥A K Q win anyway
])
def test_ruff_first_only_when_the_count_is_short_and_the_short_trump_hand_can_ruff(declarer_hand, dummy_hand, needed, first):
    from cardlib.minibridge import ruff_first

    assert ruff_first(declarer_hand, dummy_hand, "♠", needed) is first


@pytest.mark.parametrize("long_hand, short_hand, suit, gain", [
    ("♠KJ1098 ♥AQ32", "♠A32 ♥54", "♥", 2),      # two hearts beyond North's two, three trumps
    ("♠A9832 ♣AJ3", "♠QJ5", "♣", 2),           # lesson 8's quiz (reader J): the ♣A wins anyway, so 2, not 3
    ("♠A9832 ♣A854", "♠QJ54", "♣", 3),         # four trumps for four clubs: the ace is not ruffed
    ("♠AKQ107 ♥AKQ", "♠865", "♥", 0),          # every heart a sure trick: nothing to ruff
    ("♠AKQ107 ♥A854", "♠865 ♥K", "♥", 2),      # ♥A K sure, South plays a small one under the K: 2 lose
    ("♠AKQ107 ♥A854", "♠86 ♥7", "♥", 2),       # three to ruff, but only two trumps
    ("♠AKQ107 ♥5", "♠86 ♥7432", "♥", 0),       # the short trump hand is the longer in hearts
])
def test_ruffing_in_the_short_trump_hand_gains_a_trick_for_each_card_that_would_lose(long_hand, short_hand, suit, gain):
    """Lesson 8's count: each card of the long trump hand's suit beyond the short hand's, while the
    short hand's trumps last, but never a sure trick (counted already: it wins without a ruff)."""
    from cardlib.minibridge import ruffs_in_short_hand, sure_tricks

    assert ruffs_in_short_hand(long_hand, short_hand, suit, "♠") == gain
    # the suit never gives more tricks than the long hand has cards
    assert sure_tricks(long_hand, short_hand, suit) + gain <= max(Hand.parse(long_hand).length(suit),
                                                                   Hand.parse(short_hand).length(suit))
