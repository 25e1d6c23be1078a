"""Computer players: legal, deterministic, never peeking, and playing the club tips."""
from __future__ import annotations

import doctest
import random
import statistics

import pytest

from cardlib import BRIDGE_PACK, PIQUET_PACK, Card, CardError, Deal, Hand, IllegalPlay, Seat, Side, Suit, bots, manille, minibridge
from cardlib.bots import Beginner, ClubPlayer, View, choose_contract, choose_trumps, make, play_out
from cardlib.manille import ManilleRules


def test_doctests():
    assert doctest.testmod(bots).failed == 0


# --- helpers -------------------------------------------------------------------------------

def deal_with(fixed: dict[str, str], seed: int = 0, pack=BRIDGE_PACK, dealer: str = "N") -> Deal:
    """A deal in which each seat holds the cards given, the rest shuffled out at random."""
    hands = {Seat.parse(s): list(Hand.parse(h)) for s, h in fixed.items()}
    used = {c for h in hands.values() for c in h}
    rest = [c for c in pack.cards if c not in used]
    random.Random(seed).shuffle(rest)
    size = len(pack) // 4
    for seat in Seat:
        hand = hands.setdefault(seat, [])
        while len(hand) < size:
            hand.append(rest.pop())
    return Deal(hands, dealer=dealer, pack=pack)


def bridge_game(fixed: dict[str, str], contract: str, plays: str = "", seed: int = 0) -> minibridge.MiniBridgePlay:
    """South declares; West leads; ``plays`` are the cards played so far."""
    game = minibridge.start_play(deal_with(fixed, seed), "S", contract)
    for card in plays.split():
        game.play(card)
    return game


def manille_game(fixed: dict[str, str], plays: str = "", seed: int = 0, dealer: str = "W",
                 trumps: str = "♥") -> manille.ManillePlay:
    """The dealer's left leads (North when West deals)."""
    game = manille.start_play(deal_with(fixed, seed, PIQUET_PACK, dealer), trumps=trumps)
    for card in plays.split():
        game.play(card)
    return game


def club(game) -> Card:
    return ClubPlayer(seed=1).choose(game)


def beginner(game) -> Card:
    return Beginner(seed=1).choose(game)


def bridge_deals(count: int, start: int = 0):
    """(deal, declarer) for deals that are not thrown in."""
    i = start
    while count:
        deal = Deal.random(seed=f"bots:{i}", dealer=Seat(i % 4))
        i += 1
        if minibridge.declarer(deal) is not None:
            count -= 1
            yield deal, minibridge.declarer(deal)


MANILLE_RULES = [ManilleRules(), ManilleRules(must_overtrump=True), ManilleRules(partner_exempt=True),
                 ManilleRules(clockwise=False, packets="3-2-3"), ManilleRules(must_trump=False)]


def manille_games(count: int):
    for i in range(count):
        rules = MANILLE_RULES[i % len(MANILLE_RULES)]
        dealer = Seat(i % 4)
        deal = manille.deal(seed=f"bots:{i}", dealer=dealer, rules=rules)
        yield manille.start_play(deal, dealer, choose_trumps(deal[dealer]), rules=rules)


def play_checking(game, players: dict[Seat, bots.Bot]) -> list[Card]:
    """Play to the end, checking every choice is legal; the cards in order."""
    cards = []
    while not game.is_over:
        seat = game.to_play
        legal = game.legal_plays()
        card = players[game.controller(seat)].choose(game, seat)
        assert card in legal, (seat, card, legal)
        game.play(card)
        cards.append(card)
    return cards


def mixed_players(i: int) -> dict[Seat, bots.Bot]:
    """Club bots on one side, beginners on the other, swapping each deal."""
    club_side = Side.NS if i % 2 else Side.EW
    return {s: (ClubPlayer if s.side is club_side else Beginner)(seed=i) for s in Seat}


# --- many hands, all legal -----------------------------------------------------------------

def test_a_thousand_minibridge_hands_all_legal():
    for i, (deal, declarer) in enumerate(bridge_deals(1000)):
        game = minibridge.start_play(deal, declarer, choose_contract(deal, declarer))
        cards = play_checking(game, mixed_players(i))
        assert len(cards) == 52 and game.is_over
        assert game.tricks_won(Side.NS) + game.tricks_won(Side.EW) == 13


def test_a_thousand_manille_hands_all_legal_under_every_house_rule():
    for i, game in enumerate(manille_games(1000)):
        cards = play_checking(game, mixed_players(i))
        assert len(cards) == 32
        assert game.card_points(Side.NS) + game.card_points(Side.EW) == 60


def test_three_player_manille_bots_play_out():
    for i in range(50):
        deal = manille.deal_three(seed=i)
        game = manille.start_play_three(deal, trumps=choose_trumps(deal[deal.dealer]))
        cards = play_checking(game, {s: make("manille", ("club", "beginner")[i % 2], seed=i) for s in game.seats})
        assert len(cards) == 30


# --- determinism and no peeking --------------------------------------------------------------

def test_same_seed_same_play_for_both_games_and_levels():
    deal, declarer = next(bridge_deals(1, start=7))
    contract = choose_contract(deal, declarer)
    for level in bots.LEVELS:
        runs = [play_checking(minibridge.start_play(deal, declarer, contract),
                              {s: make("minibridge", level, seed=5) for s in Seat}) for _ in range(2)]
        assert runs[0] == runs[1]
        deal8 = manille.deal(seed=8, dealer="E")
        runs = [play_checking(manille.start_play(deal8, trumps="♠"), {s: make("manille", level, seed=5) for s in Seat})
                for _ in range(2)]
        assert runs[0] == runs[1]


def test_the_seed_changes_a_beginners_choice_between_equal_cards():
    # West leads with two four-card suits: the beginner's dice pick the suit.
    game = bridge_game({"W": "♠K842 ♥Q753 ♦962 ♣J4"}, "NT partscore")
    assert {Beginner(seed=s).choose(game) for s in range(20)} == {Card.parse("♠K"), Card.parse("♥Q")}


def scramble_hidden(game, viewer: Seat, rng: random.Random):
    """A copy of the game in which the hands ``viewer`` cannot see are shuffled among themselves."""
    twin = game.clone()
    hidden = [s for s in twin.hands if not game.can_see(viewer, s)]
    pool = [c for s in hidden for c in twin.hands[s]]
    rng.shuffle(pool)
    for s in hidden:
        size = len(twin.hands[s])
        twin.hands[s], pool = twin.pack.in_order(pool[:size]), pool[size:]
    return twin


@pytest.mark.parametrize("name", bots.GAMES)
def test_bots_never_look_at_hidden_hands(name):
    rng = random.Random(11)
    checked = changed = 0
    games = (manille_games(40) if name == "manille" else
             (minibridge.start_play(d, s, choose_contract(d, s)) for d, s in bridge_deals(40)))
    for i, game in enumerate(games):
        while not game.is_over:
            seat = game.to_play
            viewer = game.controller(seat)
            twin = scramble_hidden(game, viewer, rng)
            changed += twin.hands != game.hands
            view = View.of(game, seat)
            assert view == View.of(twin, seat)
            assert not {c for s, h in game.hands.items() if not game.can_see(viewer, s) for c in h} & \
                {c for h in view.hands.values() for c in h}
            for level in bots.LEVELS:
                assert make(name, level, seed=i).choose(game, seat) == make(name, level, seed=i).choose(twin, seat)
            checked += 1
            game.play(mixed_players(i)[viewer].choose(game, seat))
    assert checked > 1000 and changed > checked // 2


def test_the_view_of_dummy_is_declarers():
    deal, declarer = next(bridge_deals(1))
    game = minibridge.start_play(deal, declarer, choose_contract(deal, declarer))
    game.play(club(game))
    view = View.of(game, game.to_play)  # dummy plays second
    assert view.seat == declarer.partner and view.player == declarer
    assert set(view.hands) == {declarer, declarer.partner}


# --- MiniBridge: the club tips ---------------------------------------------------------------

SEEDS = range(6)  # each situation is tried with several random deals of the other cards


@pytest.mark.parametrize("seed", SEEDS)
def test_third_hand_high_but_only_as_high_as_needed(seed):
    # West leads low, dummy plays low: East plays the queen from K-Q (not the king, not low).
    fixed = {"W": "♠J1043", "N": "♠862", "E": "♠KQ5", "S": "♠A97"}
    game = bridge_game(fixed, "NT partscore", "♠3 ♠2", seed)
    assert club(game) == Card.parse("♠Q")
    assert beginner(game) == Card.parse("♠5")
    fixed = {"W": "♠10543", "N": "♠862", "E": "♠KQJ", "S": "♠A97"}
    assert club(bridge_game(fixed, "NT partscore", "♠3 ♠2", seed)) == Card.parse("♠J")


@pytest.mark.parametrize("seed", SEEDS)
def test_third_hand_plays_low_on_partners_sure_winner(seed):
    fixed = {"W": "♠AK43", "N": "♠862", "E": "♠Q105", "S": "♠J97"}
    assert club(bridge_game(fixed, "♥ game", "♠A ♠2", seed)) == Card.parse("♠5")


@pytest.mark.parametrize("seed", SEEDS)
def test_second_hand_low(seed):
    # Declarer leads low towards dummy's Q-J: West keeps the king back.
    fixed = {"W": "♣2 ♥K83", "N": "♣4 ♥QJ7", "E": "♣5 ♥A1096", "S": "♣A ♥542"}
    game = bridge_game(fixed, "NT partscore", "♣2 ♣4 ♣5 ♣A ♥4", seed)
    assert game.to_play == Seat.W
    assert club(game) == Card.parse("♥3")
    assert beginner(game) == Card.parse("♥8")


@pytest.mark.parametrize("seed", SEEDS)
def test_second_hand_takes_a_trick_that_is_sure(seed):
    # ...but with the ace (nobody can beat it, nobody can trump in no trumps) West takes it.
    fixed = {"W": "♣2 ♥A83", "N": "♣4 ♥QJ7", "E": "♣5 ♥K1096", "S": "♣A ♥542"}
    game = bridge_game(fixed, "NT partscore", "♣2 ♣4 ♣5 ♣A ♥4", seed)
    assert club(game) == Card.parse("♥A")


@pytest.mark.parametrize("seed", SEEDS)
def test_cover_an_honour_with_an_honour_but_wait_for_the_last_one(seed):
    fixed = {"W": "♣2 ♦872", "N": "♣A ♦Q54", "E": "♣3 ♦K63", "S": "♣4 ♦AJ109"}
    game = bridge_game(fixed, "NT partscore", "♣2 ♣A ♣3 ♣4 ♦Q", seed)
    assert club(game) == Card.parse("♦K")
    fixed = {"W": "♣2 ♦872", "N": "♣A ♦QJ10", "E": "♣3 ♦K63", "S": "♣4 ♦A954"}
    game = bridge_game(fixed, "NT partscore", "♣2 ♣A ♣3 ♣4 ♦Q", seed)
    assert club(game) == Card.parse("♦3")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_discard_says_not_this_suit_as_lesson_22s_signal_has_it(seed):
    # West cannot follow to diamonds: a 6 or higher thrown away would ask East to lead spades,
    # so the club player throws the ♥2 and keeps the ♥A (an ace needs no small card to guard it).
    fixed = {"W": "♠76 ♥A32 ♣KQJ109876", "N": "♣A ♦98", "E": "♣2", "S": "♣3 ♦AKQJ10"}
    game = bridge_game(fixed, "NT game", "♣K ♣A ♣2 ♣3 ♦9", seed)
    game.play(club(game))  # East
    game.play("♦A")
    assert game.to_play == Seat.W and club(game) == Card.parse("♥2")


@pytest.mark.parametrize("seed", SEEDS)
def test_dont_trump_partners_winner_but_trump_the_opponents(seed):
    east = "♠872 ♦J5432 ♣J5432"  # no hearts
    game = bridge_game({"W": "♥AK2", "N": "♥53", "E": east}, "♠ game", "♥A ♥3", seed)
    assert club(game).suit is not Suit.SPADES
    game = bridge_game({"W": "♥Q2", "N": "♥A53", "E": east}, "♠ game", "♥2 ♥A", seed)
    assert club(game).suit is Suit.SPADES


@pytest.mark.parametrize("seed", SEEDS)
def test_declarer_draws_trumps_until_the_opponents_have_none(seed):
    fixed = {"S": "♥AKQ54 ♣A", "N": "♥976 ♣2", "E": "♣3", "W": "♣K"}
    game = bridge_game(fixed, "♥ game", "♣K ♣2 ♣3 ♣A", seed)
    players = {s: ClubPlayer(seed=seed) for s in Seat}
    assert club(game).suit is Suit.HEARTS
    while not game.is_over:
        opponents_trumps = any(c.suit is Suit.HEARTS for s in (Seat.E, Seat.W) for c in game.hands[s])
        ours = [c for s in (Seat.N, Seat.S) for c in game.hands[s] if c.suit is Suit.HEARTS]
        card = players[game.controller(game.to_play)].choose(game)
        if not game.current and game.to_play in (Seat.N, Seat.S) and opponents_trumps and ours:
            assert card.suit is Suit.HEARTS
        game.play(card)


@pytest.mark.parametrize("seed", SEEDS)
def test_declarer_cashes_a_sure_winner(seed):
    # North-South hold every trump, so there are none to draw: declarer cashes a winner.
    fixed = {"S": "♠AKQJ1098 ♦AKQ ♣A", "W": "♣K", "N": "♠765432 ♣2", "E": "♣3"}
    game = bridge_game(fixed, "♠ game", "♣K ♣2 ♣3 ♣A", seed)
    card = club(game)
    assert card.suit is not Suit.SPADES and View.of(game, Seat.S).is_master(card)


def test_lead_the_top_of_a_sequence_or_from_length():
    game = bridge_game({"W": "♠KQJ4 ♥8532 ♦762 ♣93"}, "NT partscore")
    assert club(game) == Card.parse("♠K")
    game = bridge_game({"W": "♠Q9652 ♥K83 ♦J7 ♣Q42"}, "NT partscore")
    assert club(game) == Card.parse("♠5")  # fourth highest of the longest suit


def test_the_club_player_leads_as_lesson_10_teaches_the_pupil():
    from cardlib.defence import opening_lead
    led = 0
    for deal, declarer in bridge_deals(356):
        contract = choose_contract(deal, declarer)
        game = minibridge.start_play(deal, declarer, contract)
        leader = game.to_play
        for seed in (1, 2):  # the seed may break ties elsewhere, never here
            assert ClubPlayer(seed=seed).choose(game) == opening_lead(deal[leader], contract.denomination).card
        led += 1
    assert led == 356
    # a singleton against trumps is not the lesson's lead: the longest suit without its ace is
    game = bridge_game({"W": "♠7 ♥Q853 ♦A762 ♣J93"}, "♥ game")
    assert club(game) == Card.parse("♣3")


# --- Manille: the club tips ------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_manille_charger_puts_points_on_partners_sure_trick(seed):
    game = manille_game({"N": "♦109", "E": "♦8J", "S": "♦K7", "W": "♦AQ"}, "♦10 ♦8", seed)
    assert club(game) == Card.parse("♦K")
    assert beginner(game) == Card.parse("♦7")


@pytest.mark.parametrize("seed", SEEDS)
def test_manille_keeps_the_ace_while_the_ten_is_out(seed):
    # East leads the king; South's ace would win now but West may still hold the 10.
    game = manille_game({"E": "♠K8", "S": "♠A9", "W": "♠10J", "N": "♠Q7"}, seed=seed, dealer="N")
    game.play("♠K")
    assert club(game) == Card.parse("♠9")
    assert beginner(game) == Card.parse("♠A")


@pytest.mark.parametrize("seed", SEEDS)
def test_manille_never_leads_an_ace_while_the_ten_is_out(seed):
    game = manille_game({"S": "♣A87"}, seed=seed, dealer="E")
    assert game.to_play == Seat.S
    assert club(game) != Card.parse("♣A")


@pytest.mark.parametrize("seed", SEEDS)
def test_manille_takes_points_with_the_ten(seed):
    game = manille_game({"E": "♠K", "S": "♠107"}, seed=seed, dealer="N")
    game.play("♠K")
    assert club(game) == Card.parse("♠10")


def test_choose_trumps():
    assert choose_trumps("♠10A87 ♥K8 ♦Q ♣J") is Suit.SPADES
    assert choose_trumps("♠987 ♥10AK ♦Q9 ♣J") is Suit.HEARTS  # equal length: the stronger
    assert choose_trumps("♠10A ♥10A ♦10K ♣AK") is None  # balanced and strong: no trumps
    assert choose_trumps("♠98 ♥87 ♦97 ♣J7") is Suit.CLUBS  # balanced but weak: a suit, the one with points


def test_the_computer_manille_dealer_says_en_face_with_no_good_suit_and_en_voiture_when_strong():
    """A reader found that the computer's Manille dealer never said "en face" (lesson 15: "Say en
    face when your hand has no good suit") and hardly ever "en voiture". Now, over 300 seeded
    deals, it says en face on exactly the hands with no good trump suit (none of 4 cards, nor of
    3 with the 10 or the ace), en voiture on the strong balanced hands, otherwise names its
    trumps; each call is legal, and after en face the partner names a suit or no trumps."""
    from collections import Counter

    from cardlib.bots import decide, dealer_trumps
    from cardlib.bots.manille import good_trump_suit

    assert dealer_trumps("♠QJ ♥KQ ♦J98 ♣K") == manille.EN_FACE  # 15B's South: ♦J 9 8 is no good suit
    assert dealer_trumps("♠10 ♥KQJ87 ♦K9") is Suit.HEARTS  # five hearts without the 10 or the ace
    assert dealer_trumps("♠A10 ♥A10 ♦8 ♣A109") is None  # 16B's South: en voiture
    said = Counter()
    for seed in range(300):
        deal = manille.deal(seed=seed, dealer=list(Seat)[seed % 4])
        r = manille.Round(deal)
        call = decide(r)
        assert call in r.legal_actions()
        hand = deal[deal.dealer]
        if call.value == manille.EN_FACE:
            said["en face"] += 1
            assert not good_trump_suit(hand) and choose_trumps(hand) is not None
            r.act(call)
            answer = decide(r)
            assert answer in r.legal_actions() and answer.value == choose_trumps(deal[deal.dealer.partner])
            r.act(answer)
            assert r.call.en_face and r.call.named_by is deal.dealer.partner and r.call.trumps != manille.EN_FACE
        elif call.value is None:
            said["en voiture"] += 1
            assert choose_trumps(hand) is None
        else:
            said["suit"] += 1
            assert good_trump_suit(hand) and call.value is choose_trumps(hand)
    assert said["en face"] >= 40 and said["en voiture"] >= 3 and said["suit"] >= 150, said
    # no partner to ask with three players, nor with blind trumps: never en face there
    for seed in range(100):
        three = manille.ThreeRound(manille.deal_three(seed=seed))
        assert decide(three).value != manille.EN_FACE and decide(three) in three.legal_actions()
        blind = manille.Round(manille.deal(seed=seed), ManilleRules(blind_trump=True))
        assert decide(blind).value != manille.EN_FACE and decide(blind) in blind.legal_actions()


# --- the factory and bad input -----------------------------------------------------------------

def test_make_gives_the_level_asked_for():
    assert isinstance(make("minibridge", "beginner"), Beginner)
    assert isinstance(make("Manille", "Club", seed=3), ClubPlayer)
    with pytest.raises(CardError, match="not a game the computer plays"):
        make("chess")
    with pytest.raises(CardError, match="not a level"):
        make("manille", "grandmaster")


def test_a_bot_refuses_the_wrong_turn_the_wrong_game_and_a_finished_play():
    deal, declarer = next(bridge_deals(1))
    game = minibridge.start_play(deal, declarer, choose_contract(deal, declarer))
    before = game.snapshot()
    with pytest.raises(CardError, match="turn"):
        make().choose(game, game.to_play.left)
    with pytest.raises(CardError, match="made for manille"):
        make("manille").choose(game)
    assert game.snapshot() == before
    play_out(game, make("minibridge", "club"))
    with pytest.raises(IllegalPlay):
        make().choose(game)


def test_bot_declarer_takes_the_coachs_contract():
    for deal, declarer in bridge_deals(20):
        coach = minibridge.suggest_contract(deal[declarer], deal[declarer.partner]).contract
        assert choose_contract(deal, declarer) == coach


# --- club beats beginner ---------------------------------------------------------------------

def test_club_players_beat_beginners_at_both_games():
    tricks, points = [], []
    for i, (deal, declarer) in enumerate(bridge_deals(150, start=5000)):
        contract = choose_contract(deal, declarer)
        ns = [play_out(minibridge.start_play(deal, declarer, contract), mixed_players(k)).tricks_won(Side.NS)
              for k in (1, 0)]  # club N-S, then club E-W
        tricks.append(ns[0] - ns[1])
    for i in range(150):
        deal = manille.deal(seed=f"club:{i}", dealer=Seat(i % 4))
        trumps = choose_trumps(deal[deal.dealer])
        ns = [play_out(manille.start_play(deal, trumps=trumps), mixed_players(k)).card_points(Side.NS) for k in (1, 0)]
        points.append(ns[0] - ns[1])
    assert statistics.fmean(tricks) > 0.4
    assert statistics.fmean(points) > 1.0


def test_the_long_hand_overtakes_the_short_hands_last_card_when_it_has_no_way_back_in():
    """Lesson 9's "high from the short side first" is not enough if the long hand then plays low
    under the short hand's last card: 10A's South won the third diamond with the ♦9 and dummy's
    long diamonds never got the lead. With no winner outside the suit, dummy overtakes."""
    deal = Deal.from_pbn("N:432.432.QJT8753. JT98.JT98.64.T98 AKQ.AKQ.AK9.AKQJ 765.765.2.765432")
    game = minibridge.start_play(deal, "S", "NT game")
    for card in "♣2 ♠2 ♣8 ♣A ♦A ♦2 ♦3 ♦4 ♦K ♣3 ♦5 ♦6 ♦9 ♣4".split():
        game.play(card)
    assert game.to_play is Seat.N and club(game) == Card("♦10")
