"""The trick-taking engine: following suit, who wins a trick with and without trumps,
illegal cards refused with the rule in words, and undo."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from cardlib import Card, Deal, Hand, IllegalPlay, Seat, Side, Suit, TrickPlay, winner_of

# The club's guide's four pictured tricks (docs/rules.md §1.4). In each picture North is at the top, West on the left
# with "(スタート)" (start: West leads), East on the right and South at the bottom, so the
# cards are played W, N, E, S.
SEED_002_TRICKS = [
    # trumps, W, N, E, S, winner
    (None, "H5", "H8", "HA", "HK", Seat.E),        # H-A wins
    (None, "H5", "DQ", "SK", "DA", Seat.W),        # H-5 wins: nobody else had a heart
    (Suit.CLUBS, "HQ", "H6", "HJ", "C2", Seat.S),  # C-2 wins: a trump beats the suit led
    (Suit.CLUBS, "H8", "H9", "C5", "C7", Seat.S),  # C-7 wins: the higher trump
]
PLAY_ORDER = (Seat.W, Seat.N, Seat.E, Seat.S)


def hands(**cards: list[str]) -> dict[str, Hand]:
    return {seat: Hand(texts) for seat, texts in cards.items()}


@pytest.mark.parametrize("trumps, w, n, e, s, winner", SEED_002_TRICKS)
def test_seed_002_pictured_tricks_with_winner_of(trumps, w, n, e, s, winner):
    plays = [(seat, Card.parse(c)) for seat, c in zip(PLAY_ORDER, (w, n, e, s))]
    assert winner_of(plays, trumps) is winner


@pytest.mark.parametrize("trumps, w, n, e, s, winner", SEED_002_TRICKS)
def test_seed_002_pictured_tricks_played_through_the_engine(trumps, w, n, e, s, winner):
    game = TrickPlay(hands(W=[w], N=[n], E=[e], S=[s]), leader="W", trumps=trumps)
    for card in (w, n, e, s):
        game.play(card)
    trick = game.tricks[0]
    assert trick.winner is winner
    assert trick.leader is Seat.W
    assert [seat for seat, _ in trick.plays] == list(PLAY_ORDER)
    assert trick.winning_card == Card.parse({Seat.W: w, Seat.N: n, Seat.E: e, Seat.S: s}[winner])
    assert game.is_over and game.tricks_won(winner) == 1


def test_a_trump_may_not_be_played_while_the_player_can_follow_suit():
    # The club's guide (docs/rules.md §1.4): "if you can follow suit you must, even when you hold trumps".
    game = TrickPlay(hands(W=["HQ", "S2"], N=["H6", "S3"], E=["HJ", "S4"], S=["C2", "H3"]),
                     leader="W", trumps=Suit.CLUBS)
    for card in ("HQ", "H6", "HJ"):
        game.play(card)
    assert game.legal_plays() == [Card.parse("H3")]
    with pytest.raises(IllegalPlay, match="You must follow suit: you have hearts."):
        game.play("C2")
    game.play("H3")
    assert game.tricks[0].winner is Seat.W  # ♥Q is the highest heart; no trump was played


def test_the_winner_leads_the_next_trick():
    game = TrickPlay(hands(W=["H5", "S2"], N=["H8", "S3"], E=["HA", "S4"], S=["HK", "S5"]),
                     leader="W", trumps=None)
    for card in ("H5", "H8", "HA", "HK"):
        game.play(card)
    assert game.leader is game.to_play is Seat.E
    assert game.current == [] and len(game.tricks) == 1
    game.play("S4")
    assert game.to_play is Seat.S


# --- a whole deal ---------------------------------------------------------------------

DEAL = Deal.random(seed=17)  # W holds AT3.T763.AJT94.K, N J98.AQ9.872.AJ95


def new_game() -> TrickPlay:
    return TrickPlay(DEAL.hands, leader="W", trumps=None)


def test_the_player_who_leads_may_play_any_card_then_others_must_follow():
    game = new_game()
    assert game.to_play is Seat.W
    assert game.legal_plays() == list(game.hands[Seat.W]) and len(game.legal_plays()) == 13
    game.play("♥3")
    assert game.suit_led is Suit.HEARTS
    assert game.to_play is Seat.N
    assert [str(c) for c in game.legal_plays()] == ["♥A", "♥Q", "♥9"]


def test_an_illegal_card_is_refused_with_the_rule_and_nothing_changes():
    game = new_game()
    game.play("♥3")
    before = game.snapshot()
    with pytest.raises(IllegalPlay) as error:
        game.play("♣A")
    assert str(error.value) == "You must follow suit: you have hearts."
    assert game.snapshot() == before
    assert game.why_illegal("♣A") == "You must follow suit: you have hearts."
    assert game.why_illegal("♥Q") is None
    assert game.snapshot() == before


def test_a_card_from_another_hand_is_refused():
    game = new_game()
    before = game.snapshot()
    with pytest.raises(IllegalPlay, match="♠K is not in West's hand."):
        game.play("♠K")
    assert game.snapshot() == before


def test_a_player_who_cannot_follow_may_play_any_card():
    game = new_game()
    for card in ("♣K", "♣A", "♣2", "♣3"):  # W leads its only club, N wins with ♣A
        game.play(card)
    assert game.tricks[0].winner is Seat.N
    for card in ("♣J", "♣Q", "♣8"):
        game.play(card)
    assert game.to_play is Seat.W and not any(c.suit is Suit.CLUBS for c in game.hands[Seat.W])
    assert game.legal_plays() == game.hands[Seat.W] and len(game.legal_plays()) == 12
    game.play("♠A")  # a discard: a card of another suit cannot win
    assert game.tricks[1].winner is Seat.E


def play_out(game: TrickPlay, rng: random.Random) -> list[Card]:
    played = []
    while not game.is_over:
        card = rng.choice(game.legal_plays())
        game.play(card)
        played.append(card)
    return played


def test_undo_goes_back_card_by_card_to_the_start():
    game = new_game()
    start = game.snapshot()
    played = play_out(game, random.Random(3))
    assert len(played) == 52 and game.is_over
    assert game.legal_plays() == []
    with pytest.raises(IllegalPlay, match="The play is over: all the tricks have been played."):
        game.play(played[0])
    for card in reversed(played):
        assert game.undo() is card
    assert game.snapshot() == start
    assert game.to_play is Seat.W and game.tricks == [] and game.current == []
    with pytest.raises(IllegalPlay, match="There is nothing to take back yet."):
        game.undo()
    assert game.snapshot() == start


def test_undo_in_the_middle_of_a_trick_and_after_a_finished_one():
    game = new_game()
    for card in ("♥3", "♥A", "♥J", "♥2"):
        game.play(card)
    assert game.tricks[0].winner is Seat.N and game.to_play is Seat.N
    assert game.undo() == Card.parse("♥2")
    assert game.tricks == [] and game.to_play is Seat.S and game.leader is Seat.W
    assert Card.parse("♥2") in game.hands[Seat.S]
    assert game.hands[Seat.S] == [c for c in DEAL["S"] if c not in game.played_cards]


def test_clone_is_independent():
    game = new_game()
    game.play("♥3")
    twin = game.clone()
    twin.play("♥A")
    assert game.to_play is Seat.N and len(game.current) == 1
    assert twin.to_play is Seat.E and len(twin.current) == 2
    assert Card.parse("♥A") in game.hands[Seat.N]


# --- properties over many deals and plays ---------------------------------------------

def highest(plays, trumps):
    """An independent statement of the rule: highest trump, else highest of the suit led."""
    led = plays[0][1].suit
    trumps_played = [p for p in plays if p[1].suit is trumps]
    candidates = trumps_played or [p for p in plays if p[1].suit is led]
    return max(candidates, key=lambda p: p[1].rank)[0]


@settings(max_examples=60, deadline=None)
@given(deal_seed=st.integers(0, 10**6), play_seed=st.integers(0, 10**6),
       trumps=st.sampled_from([None, *Suit]), leader=st.sampled_from(list(Seat)))
def test_any_legal_play_follows_the_rules(deal_seed, play_seed, trumps, leader):
    deal = Deal.random(seed=deal_seed)
    game = TrickPlay(deal.hands, leader=leader, trumps=trumps)
    rng = random.Random(play_seed)
    holding = {s: set(deal[s]) for s in Seat}
    while not game.is_over:
        seat = game.to_play
        legal = game.legal_plays()
        if game.current:
            led = game.current[0][1].suit
            same = {c for c in holding[seat] if c.suit is led}
            assert set(legal) == (same or holding[seat])
        else:
            assert set(legal) == holding[seat]
        card = rng.choice(legal)
        game.play(card)
        holding[seat].remove(card)
    assert len(game.tricks) == 13
    assert game.tricks_won("NS") + game.tricks_won(Side.EW) == 13
    assert game.tricks_won(Seat.N) + game.tricks_won("S") == game.tricks_won("NS") == game.tricks_won([Seat.N, Seat.S])
    assert game.tricks_won("N") == sum(1 for t in game.tricks if t.winner == Seat.N)  # a seat is that seat
    assert game.played_cards == set().union(*(set(deal[s]) for s in Seat))
    expected_leader = leader
    for trick in game.tricks:
        assert trick.leader is expected_leader
        order = [expected_leader]
        while len(order) < 4:
            order.append(order[-1].left)
        assert [s for s, _ in trick.plays] == order
        assert trick.winner is highest(trick.plays, trumps)
        expected_leader = trick.winner


def test_legal_plays_remembered_across_undo_are_still_right():
    """undo() brings back the legal cards of the position it returns to: they must be
    the ones the rules give there, at every step back, in both games."""
    import random

    from cardlib import manille, minibridge

    for seed in range(30):
        rng = random.Random(seed)
        games = [minibridge.start_play(Deal.random(seed=seed), "S", "♥ game"),
                 manille.start_play(manille.deal(seed=seed), trumps="♠")]
        for game in games:
            while not game.is_over:
                game.play(rng.choice(game.legal_plays()))
            while game.plays:
                game.undo()
                assert game.legal_plays() == game._allowed(game.to_play)[0]
