"""Bad input gets a sentence, never a crash: every public entry point of cardlib, called with
each of its arguments replaced by a wrong value (None, '', '♠', 'ZZ', -1, 10**9, floats, lists,
bytes, a seat where a suit belongs ...), in every phase of every game, either works or raises
our plain-words error, CardError, and a refused call changes nothing. A raw TypeError,
KeyError, IndexError, AttributeError, ZeroDivisionError or a hang fails the test.

``python tests/cardlib/test_fuzz_api.py`` prints how many calls and entry points it covers."""
from __future__ import annotations

import math
import random
import signal
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import (Card, CardError, Deal, Hand, Rank, Seat, Side, Suit, TrickPlay, auction, chance, defence,
                     duplicate, manille, manille_auction, manille_variants, minibridge, pbn, winner_of)
from cardlib.bots import make, play_out
from cardlib.cards import parse_denomination
from cardlib.deal import draw_for_partners

BAD = (None, "", "♠", "ZZ", -1, 0, 10**9, 2.5, math.nan, [], ["ZZ"], b"N", True, {}, Seat.E, Suit.CLUBS,
       object())
HAND = "♠AK1032 ♥K32 ♦Q52 ♣J2"
DUMMY = "♠QJ4 ♥AQ5 ♦K43 ♣Q1098"
DEAL = Deal.random(seed=1)
BOARD = duplicate.seeded_boards(1, seed="fuzz")[0]
MANILLE = manille.deal(seed=2)
THREE = manille.deal_three(seed=3)
PBN_TEXT = pbn.write([BOARD])


def mb_round(phase: str) -> minibridge.Round:
    r = minibridge.Round(number=1)
    if phase in ("play", "over"):
        r.choose_contract("NT partscore")
        r.play(r.game.legal_plays()[0])
    while phase == "over" and r.phase != "over":
        r.play(r.game.legal_plays()[0])
    return r


def mn_round(phase: str) -> manille.Round:
    r = manille.Round(MANILLE)
    if phase != "trumps":
        r.name_trumps("♠")
    if phase in ("play", "over"):
        while r.phase != "play":
            r.play_on()
    while phase == "over" and r.phase != "over":
        r.act("card", r.game.legal_plays()[0].letters)
    return r


def auction_round(form: int, steps: int) -> manille_auction.AuctionRound:
    r = manille_auction.AuctionRound(manille_auction.AuctionRules(form=form, players=4), seed=5)
    from cardlib.bots.manille_auction import move
    rng = random.Random(0)
    for _ in range(steps):
        if r.to_act is None:
            break
        r.act(move(r, rng))
    return r


def three_round(phase: str) -> manille.ThreeRound:
    r = manille.ThreeRound(THREE)
    if phase != "trumps":
        r.name_trumps("♥")
    if phase == "play":
        r.put_aside()
    return r


# Each entry point: a name, what to call (made fresh for each call: a round in a phase), good arguments.
FUNCTIONS = [
    ("Suit.parse", lambda: Suit.parse, {"text": "♠"}),
    ("Rank.parse", lambda: Rank.parse, {"text": "Q"}),
    ("parse_denomination", lambda: parse_denomination, {"text": "♥"}),
    ("Card", lambda: Card, {"suit": "♠", "rank": "A"}),
    ("Card.parse", lambda: Card.parse, {"text": "♠A"}),
    ("Hand", lambda: Hand, {"cards": HAND}),
    ("Hand.parse", lambda: Hand.parse, {"text": HAND}),
    ("Hand.suit", lambda: Hand(HAND).suit, {"suit": "♠"}),
    ("Hand.length", lambda: Hand(HAND).length, {"suit": "♥"}),
    ("Deal", lambda: Deal, {"hands": DEAL.to_pbn(), "dealer": "E"}),
    ("Deal.random", lambda: Deal.random, {"seed": 4, "dealer": "S", "clockwise": True, "aside": 0}),
    ("Deal.random(seats)", lambda: Deal.random, {"seats": ("N", "S")}),
    ("Deal.random(packets)", lambda: Deal.random, {"packets": (3, 2, 3, 5)}),
    ("Deal.numbered", lambda: Deal.numbered, {"number": 3, "deal_set": "minibridge"}),
    ("Deal.random_where", lambda: Deal.random_where, {"condition": lambda d: True, "seed": 1, "dealer": "W",
                                                      "max_tries": 5}),
    ("Deal.hcp", lambda: DEAL.hcp, {"who": "N"}),
    ("Deal.length", lambda: DEAL.length, {"who": "NS", "suit": "♠"}),
    ("Deal.from_pbn", lambda: Deal.from_pbn, {"text": DEAL.to_pbn(), "dealer": "S"}),
    ("Deal.to_pbn", lambda: DEAL.to_pbn, {"first": "E"}),
    ("draw_for_partners", lambda: draw_for_partners, {"players": ["Ann", "Ben", "Cy", "Di"], "seed": 3}),
    ("Seat.parse", lambda: Seat.parse, {"text": "N"}),
    ("Seat.next", lambda: Seat.N.next, {"clockwise": False}),
    ("Side.parse", lambda: Side.parse, {"text": "NS"}),
    ("winner_of", lambda: winner_of, {"plays": [("N", "♠2"), ("E", "♠A")], "trumps": "♥"}),
    ("TrickPlay", lambda: TrickPlay, {"hands": DEAL.hands, "leader": "W", "trumps": "♠"}),
    ("Contract", lambda: minibridge.Contract, {"denomination": "♠", "game": True}),
    ("Contract.parse", lambda: minibridge.Contract.parse, {"text": "♠ game"}),
    ("Contract.made", lambda: minibridge.Contract("♠ game").made, {"tricks": 10}),
    ("announcements", lambda: minibridge.announcements, {"deal": DEAL, "dealer": "E"}),
    ("declarer", lambda: minibridge.declarer, {"deal": DEAL, "dealer": "E"}),
    ("numbered_deal", lambda: minibridge.numbered_deal, {"number": 5, "deal_set": "minibridge"}),
    ("golden_fits", lambda: minibridge.golden_fits, {"declarer_hand": HAND, "dummy_hand": DUMMY}),
    ("expected_tricks", lambda: minibridge.expected_tricks, {"points": 25}),
    ("points_range", lambda: minibridge.points_range, {"points": 25}),
    ("top_winners", lambda: minibridge.top_winners, {"hand_a": HAND, "hand_b": DUMMY, "suit": "♠"}),
    ("sure_tricks", lambda: minibridge.sure_tricks, {"hand_a": HAND, "hand_b": DUMMY, "suit": "♥"}),
    ("long_suit_tricks", lambda: minibridge.long_suit_tricks, {"hand_a": HAND, "hand_b": DUMMY, "suit": "♠"}),
    ("runs_through", lambda: minibridge.runs_through, {"hand_a": HAND, "hand_b": DUMMY, "suit": "♠",
                                                       "longest_defender": 3}),
    ("unblocking_cards", lambda: minibridge.unblocking_cards, {"short": DUMMY, "long": HAND, "suit": "♠"}),
    ("ruffs_in_short_hand", lambda: minibridge.ruffs_in_short_hand, {"long_trumps": HAND, "short_trumps": DUMMY,
                                                                     "suit": "♣", "trumps": "♠"}),
    ("tricks_with_trumps_drawn", lambda: minibridge.tricks_with_trumps_drawn, {"hand_a": HAND, "hand_b": DUMMY,
                                                                               "trumps": "♠"}),
    ("ruff_first", lambda: minibridge.ruff_first, {"declarer_hand": HAND, "dummy_hand": DUMMY, "trumps": "♠",
                                                   "needed": 10}),
    ("sure_entries", lambda: minibridge.sure_entries, {"to_hand": HAND, "from_hand": DUMMY}),
    ("suggest_contract", lambda: minibridge.suggest_contract, {"declarer_hand": HAND, "dummy_hand": DUMMY}),
    ("sensible_contracts", lambda: minibridge.sensible_contracts, {"declarer_hand": HAND, "dummy_hand": DUMMY}),
    ("scoring_rules", lambda: minibridge.scoring_rules, {"rules": "club"}),
    ("edition_rules", lambda: minibridge.edition_rules, {"edition": "ja"}),
    ("Scoring.bonus", lambda: minibridge.EBU.bonus, {"contract": "♠ game"}),
    ("trick_rates", lambda: minibridge.trick_rates, {"denomination": "♠"}),
    ("trick_points", lambda: minibridge.trick_points, {"denomination": "♠", "tricks_over_six": 3}),
    ("score", lambda: minibridge.score, {"contract": "♠ game", "tricks": 10, "rules": "ebu"}),
    ("signed", lambda: minibridge.signed, {"number": -100}),
    ("score_working", lambda: minibridge.score_working, {"contract": "♠ game", "tricks": 8, "rules": "club",
                                                         "declarer": "N"}),
    ("result_words", lambda: minibridge.result_words, {"contract": "NT game", "tricks": 9}),
    ("score_hand", lambda: minibridge.score_hand, {"declarer": "E", "contract": "♥ game", "tricks": 9,
                                                   "rules": "ebu", "number": 2}),
    ("start_play", lambda: minibridge.start_play, {"deal": DEAL, "declarer": "S", "contract": "♠ game"}),
    ("Round", lambda: minibridge.Round, {"deal": DEAL, "rules": "club", "actions": [("contract", "NT game")]}),
    ("Round(number)", lambda: minibridge.Round, {"number": 4, "deal_set": "minibridge"}),
    ("ScorePad", lambda: minibridge.ScorePad, {"rules": "club", "deals": 4}),
    ("ScorePad.add", lambda: minibridge.ScorePad(deals=4).add, {"declarer": "S", "contract": "♠ game",
                                                                "tricks": 10, "name": "8B"}),
    ("ScorePad.written_total", lambda: minibridge.ScorePad().written_total, {"side": "EW"}),
    ("card_points", lambda: manille.card_points, {"card": "♠10"}),
    ("pile_points", lambda: manille.pile_points, {"cards": ["♠10", "♥A"]}),
    ("ManilleRules", lambda: manille.ManilleRules, {"packets": (3, 2, 3), "clockwise": False, "taps": "unlimited",
                                                    "blind_trump": True, "must_overtrump": True, "target": 61,
                                                    "deals": 12, "trick_point": True, "revoke": "penalty"}),
    ("manille.deal", lambda: manille.deal, {"seed": 3, "dealer": "W", "rules": manille.ManilleRules()}),
    ("dealer_of", lambda: manille.dealer_of, {"number": 3, "first": "E", "players": 4}),
    ("parse_trumps", lambda: manille.parse_trumps, {"text": "♠"}),
    ("call_trumps", lambda: manille.call_trumps, {"dealer": "N", "choice": "en face", "partner_choice": "♦"}),
    ("tapping_side", lambda: manille.tapping_side, {"call": manille.call_trumps("N", "♠"), "taps": 1}),
    ("multiplier", lambda: manille.multiplier, {"trumps": None, "taps": 1, "blind": False}),
    ("deal_score", lambda: manille.deal_score, {"points": 40, "multiplier": 2, "half": 30}),
    ("ManilleResult.from_points", lambda: manille.ManilleResult.from_points, {"team": "NS", "points": 40,
                                                                              "multiplier": 2}),
    ("manille.start_play", lambda: manille.start_play, {"deal": MANILLE, "dealer": "N", "trumps": "♠", "taps": 1}),
    ("manille.Round", lambda: manille.Round, {"deal": MANILLE, "dealer": "N", "actions": [("trumps", "♠")]}),
    ("deal_three", lambda: manille.deal_three, {"seed": 3, "dealer": "S", "seats": ("E", "S", "W")}),
    ("swap_aside", lambda: manille.swap_aside, {"deal": THREE, "cards": [THREE[THREE.dealer].cards[0]]}),
    ("start_play_three", lambda: manille.start_play_three, {"deal": THREE, "trumps": "♥", "taps": 0}),
    ("ThreeRound", lambda: manille.ThreeRound, {"deal": THREE}),
    ("ThreeRound with actions", lambda: manille.ThreeRound, {"deal": THREE, "actions": [("trumps", "♥")]}),
    ("Match.add", lambda: manille.Match().add, {"result": manille.ManilleResult.from_points("NS", 40)}),
    ("BlindRound", lambda: manille_variants.BlindRound, {"deal": MANILLE, "seed": 2}),
    ("BlindRound.can_see", lambda: manille_variants.BlindRound.can_see, {"viewer": "N", "seat": "E"}),
    ("blind_trumps", lambda: manille_variants.blind_trumps, {"deal": MANILLE, "dealer": "N"}),
    ("simulate_blind", lambda: manille_variants.simulate_blind, {"deals": 3, "seed": 1}),
    ("ParleeRound", lambda: manille_variants.ParleeRound, {"deal": MANILLE, "dealer": "E"}),
    ("player_word", lambda: manille_auction.player_word, {"player": 2}),
    ("AuctionRules", lambda: manille_auction.AuctionRules, {"form": 1, "players": 4, "scale": (5, 4, 3, 2, 1),
                                                                 "deals": 4, "target": 15}),
    ("AuctionRules.winnings", lambda: manille_auction.AuctionRules().winnings, {"drawn": 1}),
    ("AuctionRules.times", lambda: manille_auction.AuctionRules(form=3).times, {"drawn": 1, "promised_all": False}),
    ("AuctionRound", lambda: manille_auction.AuctionRound, {"rules": manille_auction.AuctionRules(), "seed": 1,
                                                            "dealer": 1}),
    ("AuctionRound with actions", lambda: manille_auction.AuctionRound, {
        "rules": manille_auction.AuctionRules(), "seed": 1, "dealer": 0, "actions": [("take",)]}),
    ("AuctionMatch.add", lambda: manille_auction.AuctionMatch().add, {
        "result": manille_auction.AuctionResult({0: 1, 1: -1, 2: 0, 3: 0}, "")}),
    ("Bid", lambda: auction.Bid, {"level": 2, "denomination": "♥"}),
    ("Bid.made", lambda: auction.Bid(2, "♥").made, {"tricks": 8}),
    ("call_text", lambda: auction.call_text, {"call": "1♠"}),
    ("Auction", lambda: auction.Auction, {"dealer": "E"}),
    ("Auction.call", lambda: auction.Auction("N").call, {"call": "1♠"}),
    ("seeded_boards", lambda: duplicate.seeded_boards, {"count": 2, "seed": "x"}),
    ("score_ns", lambda: duplicate.score_ns, {"declarer": "E", "contract": "♠ game", "tricks": 10}),
    ("check_result", lambda: duplicate.check_result, {
        "board": BOARD, "table": 2, "declarer": BOARD.declarer, "contract": "NT game", "tricks": 9,
        "source": "form", "rules": "ebu", "tables": 8, "results": []}),
    ("read_results", lambda: duplicate.read_results, {"rows": [{"board": 1, "table": 1, "declarer": "N",
                                                                "contract": "NT game", "tricks": 9}],
                                                      "boards": [BOARD]}),
    ("rank", lambda: duplicate.rank, {"results": [duplicate.check_result(BOARD, 1, BOARD.declarer, "NT game", 9)]}),
    ("average", lambda: duplicate.average, {"results": [duplicate.check_result(BOARD, 1, BOARD.declarer,
                                                                               "NT game", 9)]}),
    ("par", lambda: duplicate.par, {"board": BOARD, "tricks_table": {(d, s): 7 for d in duplicate.DENOMINATIONS
                                                                     for s in Seat}}),
    ("pbn.read", lambda: pbn.read, {"text": PBN_TEXT}),
    ("pbn.read_boards", lambda: pbn.read_boards, {"text": PBN_TEXT}),
    ("pbn.write", lambda: pbn.write, {"boards": [BOARD], "results": [], "event": "Lesson 6", "rules": "club"}),
    ("sequence_top", lambda: defence.sequence_top, {"cards": Hand("♠QJ104").suit("♠")}),
    ("opening_lead", lambda: defence.opening_lead, {"hand": HAND, "trumps": "♥", "partner_suit": "♦"}),
    ("second_hand", lambda: defence.second_hand, {"hand": HAND, "trick": ["♦4"]}),
    ("third_hand", lambda: defence.third_hand, {"hand": HAND, "trick": ["♥4", "♥6"], "trumps": None,
                                                "gone": ["♠3"]}),
    ("point_ways", lambda: chance.point_ways, {"cards": 13}),
    ("points_distribution", lambda: chance.points_distribution, {"cards": 13}),
    ("chance_of_points", lambda: chance.chance_of_points, {"at_least": 12, "cards": 13}),
    ("chance_of_side_points", lambda: chance.chance_of_side_points, {"points": 20}),
    ("chance_of_long_suit", lambda: chance.chance_of_long_suit, {"length": 6}),
    ("split_chance", lambda: chance.split_chance, {"missing": 5, "east": 3}),
    ("split_chances", lambda: chance.split_chances, {"missing": 4}),
    ("points_of", lambda: chance.points_of, {"deal": DEAL, "seat": "S"}),
    ("longest_suit_of", lambda: chance.longest_suit_of, {"deal": DEAL, "seat": "E"}),
    ("side_points_of", lambda: chance.side_points_of, {"deal": DEAL}),
    ("split_of", lambda: chance.split_of, {"deal": DEAL, "held": 8}),
    ("standard_error", lambda: chance.standard_error, {"p": 0.5, "n": 100}),
    ("agrees", lambda: chance.agrees, {"share": 0.5, "p": 0.5, "n": 100, "errors": 3}),
    ("percent", lambda: chance.percent, {"p": 0.25, "places": 1}),
    ("bots.make", lambda: make, {"game": "manille", "level": "club", "seed": 2}),
    ("Bot.choose", lambda: make("minibridge", "club").choose, {"game": minibridge.start_play(DEAL, "S", "♠ game"),
                                                               "seat": "W"}),
    ("play_out", lambda: play_out, {"game": minibridge.start_play(DEAL, "S", "♠ game"),
                                    "players": make("minibridge", "beginner")}),
]

# The methods of the games' states, in each phase: (name, the state, {method: good arguments}).
TRICK_METHODS = {"why_illegal": {"card": "♠A"}, "play": {"card": "♠A"}, "tricks_won": {"who": "NS"},
                 "team_of": {"seat": "N"}, "can_see": {"viewer": "N", "seat": "S"}, "controller": {"seat": "N"}}
STATES = [
    ("TrickPlay", lambda: minibridge.start_play(DEAL, "S", "♠ game"), TRICK_METHODS),
    ("ManillePlay", lambda: manille.start_play(MANILLE, trumps="♠"), {**TRICK_METHODS, "card_points": {"who": "EW"}}),
    *[(f"minibridge.Round:{phase}", (lambda phase=phase: mb_round(phase)), {
        "act": {"action": "card", "value": "♠A"}, "choose_contract": {"contract": "♠ game", "seat": "N"},
        "play": {"card": "♠A", "seat": "E"}, "result": {"rules": "club"}}) for phase in ("contract", "play", "over")],
    *[(f"manille.Round:{phase}", (lambda phase=phase: mn_round(phase)), {
        "act": {"action": "tap", "value": None}, "name_trumps": {"choice": "♠", "seat": "N"}, "tap": {"side": "EW"},
        "play_on": {"side": "NS"}}) for phase in ("trumps", "taps", "play", "over")],
    *[(f"ThreeRound:{phase}", (lambda phase=phase: three_round(phase)), {
        "name_trumps": {"choice": "♠", "seat": "S"}, "put_aside": {"cards": []}})
      for phase in ("trumps", "aside", "play")],
    ("ParleeRound", lambda: manille_variants.ParleeRound(MANILLE), {
        "may_talk": {"seat": "E"}, "ask": {"question": "count", "subject": "♠", "seat": "E"},
        "tell": {"question": "count", "subject": "♠", "seat": "E"}}),
    *[(f"AuctionRound:form {form}, step {steps}", (lambda form=form, steps=steps: auction_round(form, steps)), {
        "take": {"player": 0}, "pass_on": {"player": 1}, "bid": {"points": 25, "player": 1},
        "name_trumps": {"choice": "♠", "player": 0}, "draw": {"card": None, "player": 0},
        "discard": {"card": "♠A", "player": 0}, "act": {"action": ("pass",)},
        "stop": {"player": 0}, "play": {"card": "♠A", "player": 0}})
      for form in (1, 2, 3) for steps in (0, 3, 8)],
    ("Auction", lambda: auction.Auction("N"), {"call": {"call": "1♠"}}),
    ("ScorePad", lambda: minibridge.ScorePad(), {"add": {"declarer": "N", "contract": "NT game", "tricks": 9},
                                                 "written_total": {"side": "NS"}}),
]


def _state(thing):
    """What a refused call must leave as it was."""
    for name in ("actions", "lines", "calls"):
        if hasattr(thing, name):
            value = getattr(thing, name)
            return repr(value() if callable(value) else value)
    return repr(thing.snapshot()) if hasattr(thing, "snapshot") else None


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def attempt(name: str, call, kwargs: dict, owner=None) -> str | None:
    """Call; None if it worked or said why in words (and, refused, changed nothing), else what went wrong."""
    before = _state(owner) if owner is not None else None
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(5)
    try:
        call(**kwargs)
    except CardError as error:
        if not str(error).strip():
            return f"{name}({kwargs!r}): an empty message"
        if owner is not None and _state(owner) != before:
            return f"{name}({kwargs!r}): refused, but it changed the game"
    except Hang:
        return f"{name}({kwargs!r}): still running after 5 s"
    except Exception as error:  # noqa: BLE001 - what this test looks for
        return f"{name}({kwargs!r}): {type(error).__name__}: {error}"
    finally:
        signal.alarm(0)
    return None


def calls():
    """Every call the test makes: (name, a maker of the callable, its owner or None, the arguments)."""
    for name, make_callable, good in FUNCTIONS:
        for param in good:
            for bad in BAD:
                yield name, make_callable, None, {**good, param: bad}
    for name, make_state, methods in STATES:
        for method, good in methods.items():
            for param in good:
                for bad in BAD:
                    yield f"{name}.{method}", (make_state, method), True, {**good, param: bad}


def run_all() -> tuple[int, int, list[str]]:
    failures, count, points = [], 0, set()
    for name, maker, owned, kwargs in calls():
        count += 1
        points.add(name.split(":")[0] + ("." + name.split(".")[-1] if ":" in name else ""))
        if owned:
            make_state, method = maker
            try:
                owner = make_state()
            except CardError:
                continue
            problem = attempt(name, getattr(owner, method), kwargs, owner)
        else:
            problem = attempt(name, maker(), kwargs)
        if problem:
            failures.append(problem)
    return count, len(points), failures


def test_every_good_call_works():
    """The good arguments are good: otherwise a bad one would be refused for another reason."""
    for name, make_callable, good in FUNCTIONS:
        make_callable()(**good)


def test_every_public_entry_point_refuses_bad_arguments_in_words():
    count, points, failures = run_all()
    assert count > 3000 and points > 150
    kinds = Counter(f.split(": ")[1] if ": " in f else f for f in failures)
    assert failures == [], f"{len(failures)} of {count} calls crashed: {kinds.most_common(10)}\n" + "\n".join(
        failures[:40])


# --- what was silently wrong: now right, or refused in words ---------------------------------------

def test_trumps_given_as_text_are_trumps():
    plays = [("N", "♥A"), ("E", "♠2")]
    assert winner_of(plays, "♠") is Seat.E and winner_of(plays, None) is Seat.N
    game = TrickPlay({"N": "♥A", "E": "♠2"}, leader="N", trumps="♠")
    game.play("♥A")
    game.play("♠2")
    assert game.trumps is Suit.SPADES and game.tricks[0].winner is Seat.E


def test_text_forms_the_readme_documents_are_taken_everywhere():
    text = DEAL.to_pbn()
    assert minibridge.declarer(text) == minibridge.declarer(DEAL)
    assert minibridge.golden_fits(HAND, DUMMY) == {Suit.SPADES: 8}
    assert minibridge.trick_rates("♥") == (30, 30) and minibridge.trick_points("NT", 3) == 100
    assert manille_variants.blind_trumps(MANILLE, "N") == manille_variants.blind_trumps(MANILLE, Seat.N)
    assert Card("♠", 14) == Card("♠A") and Deal.random(seed=1, seats=("N", "S")).seats == (Seat.N, Seat.S)


@pytest.mark.parametrize("call, words", [
    (lambda: minibridge.Round(MANILLE), "52-card pack to four players"),
    (lambda: manille.ManilleRules(clockwise="no"), "'no' is not yes or no for clockwise"),
    (lambda: manille.deal_score(40, "N"), "'N' is not a whole number"),
    (lambda: Deal.random(seats=""), "is not a list"),
    (lambda: Deal.random(seats=()), "needs at least one seat"),
    (lambda: winner_of([], None), "No card has been played"),
    (lambda: manille.Match().add("SA"), "'SA' cannot be used here"),
    (lambda: minibridge.Round(deal="x"), "'x' is not a PBN deal"),
    (lambda: defence.opening_lead("", None), "nothing to lead"),
])
def test_what_was_silently_wrong_or_crashed_is_refused_in_words(call, words):
    with pytest.raises(CardError, match=words):
        call()


def test_a_score_pad_that_is_over_takes_no_more_hands():
    pad = minibridge.ScorePad(deals=1)
    pad.add("S", "♠ game", 10)
    with pytest.raises(CardError, match="The score pad is over: it was for 1 hands"):
        pad.add("S", "♠ game", 10)
    assert len(pad.lines) == 1 and pad.is_over


def test_a_long_suit_never_gives_fewer_than_no_tricks():
    assert minibridge.long_suit_tricks("♦2", "♦3", "♦") == 0
    assert minibridge.long_suit_tricks("♠A", "♠K", "♦") == 0
    assert minibridge.long_suit_tricks("♦AKQ42", "♦753", "♦") == 5


TEXT = st.one_of(st.text(max_size=12), st.sampled_from(["♠", "♥10", "SA", "N", "NS", "NT game", "1♠", "pass",
                                                         "en face", "10", "T", "♠AK ♥", "N:"]))
ODD = st.one_of(TEXT, st.integers(-10**12, 10**12), st.floats(allow_nan=True), st.none(), st.booleans(),
                st.lists(TEXT, max_size=3), st.binary(max_size=4))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(FUNCTIONS) - 1), which=st.integers(0, 10), value=ODD)
def test_random_odd_arguments_are_refused_in_words(index, which, value):
    name, make_callable, good = FUNCTIONS[index]
    param = list(good)[which % len(good)]
    problem = attempt(name, make_callable(), {**good, param: value})
    assert problem is None, problem


if __name__ == "__main__":
    count, points, failures = run_all()
    print(f"{count} calls on {points} entry points (functions, and methods of the games in each phase); "
          f"{len(failures)} crashed")
    for f in failures:
        print(" ", f[:300])
