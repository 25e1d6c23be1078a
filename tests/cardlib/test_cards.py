"""Cards, suits, ranks and packs: the text forms a pupil types, and the order of the cards."""
import pytest

import cardlib
from cardlib import BRIDGE_PACK, PIQUET_PACK, Card, CardError, Rank, Suit
from cardlib.seats import Seat, Side


@pytest.mark.parametrize("card", BRIDGE_PACK.cards, ids=str)
def test_every_card_round_trips_through_both_text_forms(card):
    assert Card.parse(str(card)) is card
    assert Card.parse(card.letters) is card
    assert Card.parse(card.letters.lower()) is card


@pytest.mark.parametrize("text", ["♠A", "SA", "sa", "A♠", "♤A", "ＳＡ", "ｓａ", " ♠A "])
def test_the_ace_of_spades_in_every_form(text):
    assert Card.parse(text) is Card(Suit.SPADES, Rank.ACE)


@pytest.mark.parametrize("text", ["♥10", "H10", "HT", "ht", "10♥", "T♥", "Ｈ１０", "♥１０", "ＨＴ"])
def test_ten_is_written_10_or_t_in_plain_or_full_width(text):
    assert Card.parse(text) is Card.parse("♥10")


def test_text_forms_of_a_card():
    ten = Card.parse("HT")
    assert str(ten) == "♥10"
    assert ten.letters == "HT"
    assert repr(ten) == 'Card("♥10")'
    assert (ten.suit, ten.rank) == (Suit.HEARTS, Rank.TEN)


@pytest.mark.parametrize("text", ["S1", "XA", "S11", "", "A", "♠", "AS10"])
def test_a_bad_card_names_what_was_typed(text):
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert str(error.value) == f"'{text}' is not a card: write the suit and the rank, like ♠A or SA."


def test_suits_read_in_words_letters_and_symbols():
    for text in ("♥", "H", "h", "hearts", "Heart", "♡", "Ｈ"):
        assert Suit.parse(text) is Suit.HEARTS
    assert [s.symbol for s in sorted(Suit, reverse=True)] == ["♠", "♥", "♦", "♣"]
    assert [s for s in Suit if s.is_major] == [Suit.HEARTS, Suit.SPADES]
    assert [s for s in Suit if s.is_red] == [Suit.DIAMONDS, Suit.HEARTS]
    with pytest.raises(CardError, match="'X' is not a suit: use ♠ ♥ ♦ ♣ or S H D C."):
        Suit.parse("X")


def test_ranks_read_as_printed_or_as_pbn_writes_them():
    assert Rank.parse("10") is Rank.parse("T") is Rank.TEN
    assert Rank.parse("k") is Rank.KING
    assert [Rank.TEN.symbol, Rank.TEN.letter, Rank.ACE.symbol] == ["10", "T", "A"]
    with pytest.raises(CardError, match="'1' is not a rank: use A K Q J 10 9 8 7 6 5 4 3 2"):
        Rank.parse("1")


def test_cards_are_unique_and_cannot_be_changed():
    card = Card.parse("♦Q")
    assert Card("D", "Q") is card is Card(Suit.DIAMONDS, 12)
    with pytest.raises(AttributeError):
        card.rank = Rank.KING
    assert len(set(BRIDGE_PACK.cards)) == 52
    assert sorted(c.index for c in BRIDGE_PACK.cards) == list(range(52))


def test_high_card_points():
    assert [Card.parse(t).hcp for t in ("SA", "SK", "SQ", "SJ", "ST", "S2")] == [4, 3, 2, 1, 0, 0]
    assert sum(c.hcp for c in BRIDGE_PACK) == 40


def test_cards_sort_as_a_hand_is_held_spades_first_ace_first():
    cards = [Card.parse(t) for t in ("C2", "HA", "S3", "D10", "SA", "HK")]
    assert [str(c) for c in sorted(cards)] == ["♠A", "♠3", "♥A", "♥K", "♦10", "♣2"]


def test_the_bridge_pack_ranks_ace_high():
    assert len(BRIDGE_PACK) == 52
    assert [r.symbol for r in BRIDGE_PACK.ranks] == "A K Q J 10 9 8 7 6 5 4 3 2".split()
    assert BRIDGE_PACK.beats(Card.parse("HA"), Card.parse("HK"))
    assert BRIDGE_PACK.beats(Card.parse("H3"), Card.parse("H2"))
    assert not BRIDGE_PACK.beats(Card.parse("H10"), Card.parse("HJ"))


def test_the_piquet_pack_for_manille_ranks_ten_highest():
    assert len(PIQUET_PACK) == 32
    assert [r.symbol for r in PIQUET_PACK.ranks] == "10 A K Q J 9 8 7".split()
    assert PIQUET_PACK.beats(Card.parse("♥10"), Card.parse("♥A"))
    assert not BRIDGE_PACK.beats(Card.parse("♥10"), Card.parse("♥A"))
    assert Card.parse("♠6") not in PIQUET_PACK and Card.parse("♠7") in PIQUET_PACK
    held = PIQUET_PACK.in_order([Card.parse(t) for t in ("SA", "HK", "S10", "S7", "H10")])
    assert [str(c) for c in held] == ["♠10", "♠A", "♠7", "♥10", "♥K"]


# --- seats and sides ---------------------------------------------------------------

def test_partners_sit_opposite_and_play_goes_clockwise():
    assert [s.partner for s in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [s.left for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [s.right for s in Seat] == [Seat.W, Seat.N, Seat.E, Seat.S]
    assert Seat.N.next() is Seat.E and Seat.N.next(clockwise=False) is Seat.W
    assert [s.word for s in Seat] == ["North", "East", "South", "West"]


def test_sides():
    assert Seat.N.side is Seat.S.side is Side.NS
    assert Seat.E.side is Seat.W.side is Side.EW
    assert Side.NS.seats == (Seat.N, Seat.S) and Side.EW.seats == (Seat.E, Seat.W)
    assert Side.NS.other is Side.EW and Side.EW.other is Side.NS
    for text in ("NS", "N-S", "N–S", "ns", "SN"):
        assert Side.parse(text) is Side.NS
    assert Side.parse("E–W") is Side.parse(Seat.W) is Side.EW
    assert str(Side.NS) == "N–S"


def test_seats_read_as_letters_or_words():
    assert Seat.parse("n") is Seat.parse("North") is Seat.N
    with pytest.raises(CardError, match="'X' is not a seat: use N, E, S or W."):
        Seat.parse("X")


def test_every_repr_is_an_expression_that_rebuilds_the_object():
    """As python-chess's Board('fen'): repr() runs after ``from cardlib import *``."""
    from cardlib import manille, minibridge

    namespace: dict = {}
    exec("from cardlib import *", namespace)
    objects = [Card("♠A"), Card("H10"), cardlib.Hand("♠AK1032 ♥K32 ♦Q52 ♣J2"), cardlib.Hand("AKQJ.-.5432.5432"),
               cardlib.Deal.random(seed=3), cardlib.Deal.random(seed=4, dealer="W"), manille.deal(seed=2),
               manille.deal_three(seed=1), minibridge.Contract("NT partscore"), minibridge.Contract("♣ game")]
    for thing in objects:
        rebuilt = eval(repr(thing), namespace)
        assert rebuilt == thing and type(rebuilt) is type(thing), repr(thing)
    assert repr(Card("SA")) == 'Card("♠A")'
    assert repr(minibridge.Contract("hearts game")) == 'Contract("♥ game")'


def test_constructors_read_the_text_forms_and_parse_keeps_working():
    assert Card("♠A") is Card.parse("SA") is Card("♠", "A")
    assert cardlib.Hand("♠AK ♥- ♦- ♣-") == cardlib.Hand.parse("AK...") == cardlib.Hand(["♠A", "♠K"])
    deal = cardlib.Deal("E:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    assert deal.dealer == cardlib.Seat.E and deal == cardlib.Deal.from_pbn(deal.to_pbn())
    with pytest.raises(cardlib.CardError, match="not a PBN deal"):
        cardlib.Deal("AK1032.K32.Q52.J2")
