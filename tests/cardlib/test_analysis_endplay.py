"""cardlib against endplay, an independent bridge library: scores, legal cards, trick winners.

MiniBridge scoring is contract-bridge scoring without bidding: a partscore is a 1-level
contract, a game is 3NT, 4♥/4♠ or 5♣/5♦. The schools' table (docs/rules.md §1.5, the EBU preset) is bridge
not vulnerable; the club's rules (§1.6) are bridge vulnerable.
"""
from __future__ import annotations

import random

import pytest

endplay_types = pytest.importorskip("endplay.types")

from cardlib import Card, Deal, Seat, Side, Suit, minibridge  # noqa: E402
from cardlib.minibridge import CONTRACTS, Contract, ScorePad, score  # noqa: E402

EPContract, EPDeal, EPCard = endplay_types.Contract, endplay_types.Deal, endplay_types.Card
Denom, Player, Penalty, Vul = endplay_types.Denom, endplay_types.Player, endplay_types.Penalty, endplay_types.Vul

DENOM = {None: Denom.nt, Suit.SPADES: Denom.spades, Suit.HEARTS: Denom.hearts,
         Suit.DIAMONDS: Denom.diamonds, Suit.CLUBS: Denom.clubs}
PLAYER = {Seat.N: Player.north, Seat.E: Player.east, Seat.S: Player.south, Seat.W: Player.west}
VULNERABILITY = {"ebu": Vul.none, "club": Vul.both}


def bridge_level(contract: Contract) -> int:
    if not contract.game:
        return 1
    return 3 if contract.denomination is None else 4 if contract.denomination.is_major else 5


def endplay_score(contract: Contract, declarer: Seat, tricks: int, rules: str) -> int:
    level = bridge_level(contract)
    bridge = EPContract(level=level, denom=DENOM[contract.denomination], declarer=PLAYER[declarer],
                        penalty=Penalty.passed, result=tricks - 6 - level)
    return bridge.score(VULNERABILITY[rules])


@pytest.mark.parametrize("rules", ["ebu", "club"])
def test_every_contract_and_trick_count_scores_as_bridge_does(rules):
    for contract in CONTRACTS:
        assert contract.tricks_needed == 6 + bridge_level(contract)
        for tricks in range(14):
            for declarer in Seat:
                assert score(contract, tricks, rules) == endplay_score(contract, declarer, tricks, rules), (
                    str(contract), tricks, rules)


def to_endplay(deal: Deal, trumps: Suit | None, leader: Seat) -> EPDeal:
    table = EPDeal(deal.to_pbn("N"))
    table.trump = DENOM[trumps]
    table.first = PLAYER[leader]
    return table


def from_endplay(cards) -> set[Card]:
    return {Card.parse(str(c)) for c in cards}  # endplay writes "♠T", which cardlib reads


@pytest.mark.parametrize("seed", range(60))
def test_random_hands_agree_on_legal_cards_trick_winners_and_score(seed):
    rng = random.Random(seed)
    deal = Deal.random(seed=f"oracle:{seed}", dealer=Seat(seed % 4))
    declarer = Seat(rng.randrange(4))
    contract = rng.choice(CONTRACTS)
    game = minibridge.start_play(deal, declarer, contract)
    table = to_endplay(deal, contract.denomination, game.to_play)
    while not game.is_over:
        legal = game.legal_plays()
        # endplay asks its double-dummy solver for the legal cards.
        assert set(legal) == from_endplay(table.legal_moves())
        card = rng.choice(legal)
        tricks_before = len(game.tricks)
        game.play(card)
        table.play(EPCard(card.letters))
        if len(game.tricks) > tricks_before:
            assert PLAYER[game.tricks[-1].winner] == table.first  # endplay's trick winner leads next
    ours = game.declarer_tricks
    assert ours == sum(1 for t in game.tricks if t.winner.side is declarer.side)
    for rules in ("ebu", "club"):
        assert game.score(rules) == endplay_score(contract, declarer, ours, rules)
        pad = ScorePad(rules)
        pad.add(declarer, contract, ours)
        side = declarer.side
        # However each preset books a failed contract, the difference between the sides is bridge's score.
        assert pad.totals[side] - pad.totals[side.other] == endplay_score(contract, declarer, ours, rules)


@pytest.mark.parametrize("trumps", [None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS])
def test_trick_winners_agree_over_many_whole_hands(trumps):
    from endplay.utils.play import trick_winner

    rng = random.Random(str(trumps))
    for n in range(40):
        deal = Deal.random(seed=f"winners:{trumps}:{n}")
        leader = Seat(n % 4)
        game = minibridge.MiniBridgePlay(deal, leader.right, Contract(trumps, n % 2 == 0))
        assert game.to_play == leader
        while not game.is_over:
            game.play(rng.choice(game.legal_plays()))
        for trick in game.tricks:
            cards = [EPCard(card.letters) for _, card in trick.plays]
            assert PLAYER[trick.winner] == trick_winner(cards, PLAYER[trick.leader], DENOM[trumps])
        assert sum(1 for t in game.tricks if t.winner in Side.NS.seats) + game.tricks_won("EW") == 13
