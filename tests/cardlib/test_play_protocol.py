"""One protocol for every round (docs/protocol.md): the same tests, through the same names, for
every round class. Random legal actions play each round to its end; taking every action back
returns to a fresh round; the actions (in words, through JSON) rebuild the round; odd or
illegal actions are refused in a plain sentence and change nothing; the result comes only
once the round is over."""
from __future__ import annotations

import json
import random

import pytest

from cardlib import CardError, Deal, IllegalPlay, bots, manille
from cardlib.auction import BiddingRound
from cardlib.cards import Card
from cardlib.manille import ManilleRules
from cardlib.manille_auction import AuctionRound, AuctionRules
from cardlib.manille_variants import BlindRound, ParleeRound
from cardlib.minibridge import Round as MiniBridgeRound
from cardlib.play import Action, action_text
from cardlib.seats import Seat

NAMES = ("to_act", "phase", "legal_actions", "why_illegal", "act", "actions", "undo", "is_over", "result")


def _manille(seed, rules=ManilleRules()):
    return manille.Round(manille.deal(seed=seed, dealer="NESW"[seed % 4], rules=rules), rules)


# Each round class: how to start one from a seed, and how to start it again with actions.
ROUNDS = {
    "minibridge": (lambda s: MiniBridgeRound(number=s + 1),
                   lambda r, actions: MiniBridgeRound(r.first_deal, number=r.number, actions=actions)),
    "manille": (lambda s: _manille(s), lambda r, actions: manille.Round(r.deal, r.rules, actions=actions)),
    "manille tap back, penalty": (
        lambda s: _manille(s, ManilleRules(taps="tap back", revoke="penalty")),
        lambda r, actions: manille.Round(r.deal, r.rules, actions=actions)),
    "three players": (lambda s: manille.ThreeRound(manille.deal_three(seed=s, dealer="ESW"[s % 3])),
                      lambda r, actions: manille.ThreeRound(r.deal, r.rules, actions=actions)),
    "blind": (lambda s: BlindRound(manille.deal(seed=s), seed=s),
              lambda r, actions: BlindRound(r.deal, r.rules, seed=r.seed, actions=actions)),
    "parlee": (lambda s: ParleeRound(manille.deal(seed=s)),
               lambda r, actions: ParleeRound(r.deal, r.rules, actions=actions)),
    "bidding": (lambda s: BiddingRound(Deal.random(seed=s, dealer="NESW"[s % 4])),
                lambda r, actions: BiddingRound(r.deal, actions=actions)),
    "auction manille": (
        lambda s: AuctionRound(AuctionRules(form=1 + s % 3, players=3 + s % 5), seed=s, dealer=s % 3),
        lambda r, actions: AuctionRound(r.rules, seed=r.seed, dealer=r.dealer, actions=actions)),
}
def _param(name, *values):
    return pytest.param(name, *values, id="-".join(map(str, (name, *values))))


SEEDS = range(12)
CASES = [_param(name, seed) for name in ROUNDS for seed in SEEDS]


def state(r) -> tuple:
    """What a player could notice of a round: whose turn, what may be done, what was done,
    the cards, the trumps and taps."""
    game = getattr(r, "game", None)
    extra = tuple(getattr(r, name, None) for name in ("deal", "contract", "call", "taps", "en_face", "swapped"))
    extra = tuple(None if callable(v) else v for v in extra)  # BiddingRound.call is a method
    auction = getattr(r, "auction", None)
    extra += (None if auction is None else tuple(auction.calls),)
    return (r.phase, r.to_act, r.is_over, r.actions, tuple(r.legal_actions()),
            None if game is None else game.snapshot(), extra, repr(r))


def play_randomly(r, rng: random.Random) -> list[tuple]:
    """Random legal actions to the end; the state before each one."""
    before = []
    for _ in range(400):
        if r.is_over:
            break
        legal = r.legal_actions()
        assert legal and r.to_act is not None
        action = rng.choice(legal)
        assert r.why_illegal(action) is None
        before.append(state(r))
        r.act(action)
    assert r.is_over and r.to_act is None and r.legal_actions() == []
    return before


@pytest.mark.parametrize("name", [_param(name) for name in ROUNDS])
def test_every_round_class_answers_to_the_same_names(name):
    r = ROUNDS[name][0](0)
    missing = [n for n in NAMES if not hasattr(r, n)]
    assert not missing, f"{name} lacks {missing}"
    assert isinstance(r.actions, tuple) and isinstance(r.phase, str) and isinstance(r.is_over, bool)


@pytest.mark.parametrize("name, seed", CASES)
def test_random_legal_actions_play_to_the_end_and_the_result_comes_only_then(name, seed):
    start, _ = ROUNDS[name]
    r = start(seed)
    rng = random.Random(seed)
    while not r.is_over:
        with pytest.raises(CardError):
            r.result()
        r.act(rng.choice(r.legal_actions()))
    r.result()  # once over, the result is there
    assert all(isinstance(a, Action) for a in r.actions)
    with pytest.raises(IllegalPlay, match="over"):
        r.act(r.actions[-1])


@pytest.mark.parametrize("name, seed", CASES)
def test_undo_goes_back_step_by_step_to_a_fresh_round(name, seed):
    start, _ = ROUNDS[name]
    r = start(seed)
    before = play_randomly(r, random.Random(seed))
    done = r.actions
    for expected, action in zip(reversed(before), reversed(done)):
        assert r.undo() == action
        assert state(r) == expected
    assert state(r) == state(start(seed))
    with pytest.raises(IllegalPlay, match="nothing to take back"):
        r.undo()


@pytest.mark.parametrize("name, seed", CASES)
def test_the_actions_rebuild_the_round_also_in_words_through_json(name, seed):
    start, again = ROUNDS[name]
    r = start(seed)
    rng = random.Random(seed)
    play_randomly(r, rng)
    stop = rng.randrange(len(r.actions) + 1)
    for _ in range(len(r.actions) - stop):
        r.undo()
    assert state(again(r, r.actions)) == state(r)
    words = json.loads(json.dumps([action_text(a) for a in r.actions]))
    assert state(again(r, words)) == state(r)
    repr(r)  # the repr runs


def odd_actions(r) -> list:
    """Things that are not a legal action now: not an action at all, a kind the game does not
    know, a kind not of this phase, a card nobody may play now."""
    legal = r.legal_actions()
    odd = [None, "x", 3, "", (), ("card",), ("card", "not a card"), ("card", None), ("card", 7), ["card", "SA", "more"],
           Action("shout", "hello"), ("trumps", "purple"), ("bid", "9Z"), ("contract", "seven spades"),
           ("aside", "nonsense"), ("aside", 5), ("aside", ["SA", None]), ("contract", 3), ("trumps", 3.5),
           ("pass", "now"), ("redeal", 1), {"card": "SA"}, Action("card", Card.parse("♠A")).value]
    odd += [Action(kind) for kind in r.KINDS if kind not in {a.kind for a in legal}][:2]
    game = getattr(r, "game", None)
    if game is not None and not game.is_over:
        mover = game.to_play
        odd += [Action("card", c) for s, hand in game.hands.items() if s != mover for c in hand[:1]]
    return [a for a in odd if a not in legal]


@pytest.mark.parametrize("name, seed", CASES)
def test_odd_or_illegal_actions_are_refused_in_a_plain_sentence_and_change_nothing(name, seed):
    start, _ = ROUNDS[name]
    r = start(seed)
    rng = random.Random(seed)
    while True:
        before = state(r)
        for action in odd_actions(r):
            why = r.why_illegal(action)
            assert isinstance(why, str) and why.strip(), action
            assert why[-1] in ".!?" and "Error" not in why and "Traceback" not in why, why
            with pytest.raises(IllegalPlay) as refused:
                r.act(action)
            assert str(refused.value) == why
            assert state(r) == before
        if r.is_over:
            break
        r.act(rng.choice(r.legal_actions()))


@pytest.mark.parametrize("name, seed", [_param(n, s) for n in ROUNDS for s in range(4)])
def test_the_computer_plays_every_round_to_its_end_through_the_protocol(name, seed):
    start, again = ROUNDS[name]
    game = "minibridge" if name in ("minibridge", "bidding") else "manille"
    r = bots.play_round(start(seed), bots.make(game, "club", seed=seed))
    assert r.is_over and r.result() is not None
    assert state(again(r, r.actions)) == state(r)
    kinds = {a.kind for a in r.actions}
    assert kinds - {"card", "draw"}, "the computer decided more than the cards"


def test_a_computer_side_taps_when_either_player_would():
    seen = set()
    for seed in range(60):
        r = manille.Round(manille.deal(seed=seed, dealer="N"))
        r.name_trumps("♥")
        side = r.to_act
        wanted = any(bots.wants_to_tap(r.deal[s], r.call.trumps) for s in side.seats)
        action = bots.make("manille", "club").action(r)
        assert action == Action("tap" if wanted else "pass")
        seen.add(action.kind)
    assert seen == {"tap", "pass"}


def test_the_old_method_names_write_their_actions_so_the_round_rebuilds():
    deal, rules = manille.deal(seed=2, dealer="N"), ManilleRules(taps="tap back")
    r = manille.Round(deal, rules)
    r.name_trumps("en face")
    r.name_trumps("♠", seat=Seat.S)
    r.tap()
    assert manille.Round(deal, rules, actions=r.actions).phase == r.phase == "tapping"
    r.play_on()
    r.game.play(r.game.legal_plays()[0])  # a card played on the trick engine itself is an action too
    again = manille.Round(deal, rules, actions=r.actions)
    assert again.phase == "play" and again.multiplier == r.multiplier and again.game.snapshot() == r.game.snapshot()
    assert [a.kind for a in r.actions] == ["trumps", "trumps", "tap", "pass", "card"]
    three = manille.ThreeRound(manille.deal_three(seed=3, dealer="E"))
    three.name_trumps("♦")
    three.put_aside(three.deal[Seat.E].cards[:1])
    assert manille.ThreeRound(three.deal, actions=three.actions).game.snapshot() == three.game.snapshot()
