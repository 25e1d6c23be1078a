"""Double-dummy analysis: what best play by all four players, each seeing every card, makes.

The one place for it (the hint, the after-hand review, the expert player, the tests). endplay's
DDS solver does the work where it is installed (the optional extra ``analysis``, imported only
when asked, so ``import cardlib`` stays light); without it, endings of up to ``OWN_SEARCH_CARDS``
cards a hand are solved by a small search of our own, and anything bigger raises
``NotInstalled`` with a sentence for the table.

>>> from cardlib import Deal, minibridge
>>> game = minibridge.start_play(Deal.random(seed=5), "S", "NT game")
>>> kept = card_tricks(game)
>>> sorted(kept) == sorted(game.legal_plays())
True
"""
from __future__ import annotations

import functools

from cardlib.cards import Card, Rank, Suit
from cardlib.messages import CardError
from cardlib.play import TrickPlay
from cardlib.seats import Seat

OWN_SEARCH_CARDS = 5  # cards a hand our own search solves in a blink (see benchmarks/bench_analysis.py)
DENOMINATIONS: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)


class NotInstalled(CardError):
    """The double-dummy solver is not installed and the position is too big for our own search."""


@functools.lru_cache(maxsize=1)
def _endplay():
    try:
        from endplay import dds, types
    except ImportError:
        return None
    return types, dds


def installed() -> bool:
    """Is endplay's solver here (every position solved), or only our own endings search?"""
    return _endplay() is not None


def _need_endplay():
    found = _endplay()
    if found is None:
        raise NotInstalled("analysis_not_installed", cards=OWN_SEARCH_CARDS)
    return found


# --- the makeable-tricks table and par ------------------------------------------------------

def _denom(types, trumps: Suit | None):
    return types.Denom.nt if trumps is None else types.Denom(3 - int(trumps))  # endplay: ♠ 0 ... ♣ 3


def _player(types, seat: Seat):
    return types.Player(int(seat))  # both count N, E, S, W from 0


def tricks_table(deal) -> dict[tuple[Suit | None, Seat], int]:
    """Tricks each declarer's side makes in each denomination (None: no trumps), declarer's
    left leading: 5 denominations x 4 declarers."""
    types, dds = _need_endplay()
    table = dds.calc_dd_table(types.Deal(deal.to_pbn("N").replace("10", "T")))
    return {(trumps, seat): table[_denom(types, trumps), _player(types, seat)]
            for trumps in DENOMINATIONS for seat in Seat}


def par(deal, vulnerable: bool = False) -> tuple[int, list[str]]:
    """Bridge's par result (North-South's score, and the par contracts as endplay writes them)."""
    types, dds = _need_endplay()
    board = types.Deal(deal.to_pbn("N").replace("10", "T"))
    found = dds.par(dds.calc_dd_table(board), types.Vul.both if vulnerable else types.Vul.none,
                    _player(types, deal.dealer or Seat.N))
    return found.score, [str(c) for c in found]


# --- every card of a position in play ----------------------------------------------------------

def card_tricks(game: TrickPlay) -> dict[Card, int]:
    """For every legal card of the player to play: the tricks of the whole hand that player's
    side takes if it plays that card and all four play perfectly from then on."""
    if game.is_over:
        return {}
    side = game.to_play.side
    already = game.tricks_won(side)
    largest = len(game.hands[game.to_play])
    if _endplay() is None or largest <= 1:
        if largest > OWN_SEARCH_CARDS:
            _need_endplay()
        later = own_card_tricks(game)
    else:
        later = _endplay_card_tricks(game)
    return {card: already + tricks for card, tricks in later.items()}


def _board(game: TrickPlay):
    """endplay's board of the position: the hands as they were at the trick's start, then the
    current trick's cards played again."""
    types, _ = _endplay()
    hands = {seat: list(cards) for seat, cards in game.hands.items()}
    for seat, card in game.current:
        hands[seat].append(card)
    board = types.Deal()
    for seat, cards in hands.items():
        board[_player(types, seat)] = types.Hand(".".join(
            "".join(c.rank.letter for c in sorted(cards, key=lambda c: -c.rank) if c.suit == suit) or ""
            for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)))
    board.trump = _denom(types, game.trumps)
    board.first = _player(types, game.leader)
    for _, card in game.current:
        board.play(types.Card(card.letters))
    return board


def _endplay_card_tricks(game: TrickPlay) -> dict[Card, int]:
    types, dds = _endplay()
    board = _board(game)
    found = {Card(str(card).replace("T", "10")): tricks for card, tricks in dds.solve_board(board)}
    legal = game.legal_plays()
    best = max(found.values(), default=0)
    # Some DDS builds give 0 for every card but the best: then those zeros are asked again one
    # by one (a real 0 beside a better card costs one solve more), as is any card left out.
    suspect = best > 0 and all(t in (0, best) for t in found.values()) and 0 in found.values()
    for card in legal:
        if card not in found or (suspect and found[card] == 0):
            found[card] = _tricks_after(game, card)
    return {card: found[card] for card in legal}


def _tricks_after(game: TrickPlay, card: Card) -> int:
    """Tricks still to come for the side playing ``card``, with best play after it."""
    types, dds = _endplay()
    side = game.to_play.side
    after = game.clone()
    after.play(card)
    won_now = after.tricks_won(side) - game.tricks_won(side)
    if after.is_over:
        return won_now
    board = _board(after)
    best = max(t for _, t in dds.solve_board(board))
    left = len(after.hands[after.to_play])
    return won_now + (best if after.to_play.side is side else left - best)


# --- our own search, for endings -------------------------------------------------------------

def _index(card: Card) -> int:
    """A card's bit: suits in blocks of 13, the ace lowest, so a suit's bits run high to low."""
    return int(card.suit) * 13 + (Rank.ACE - card.rank)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


def own_card_tricks(game: TrickPlay) -> dict[Card, int]:
    """``card_tricks`` of the tricks still to come, by our own search (for endings: it grows fast)."""
    trumps = None if game.trumps is None else int(game.trumps)
    hands = [0, 0, 0, 0]
    for seat, cards in game.hands.items():
        for card in cards:
            hands[seat] |= 1 << _index(card)
    search = _Search(trumps)
    plays = tuple(_index(c) for _, c in game.current)
    best_seat, best = (None, None)
    for seat, card in game.current:
        c = _index(card)
        if best is None or search.beats(c, best):
            best_seat, best = seat, c
    me = int(game.to_play)
    left = len(game.hands[game.to_play])  # tricks still to come, this one included
    led = plays[0] // 13 if plays else None
    out = {}
    for card in game.legal_plays():
        c = _index(card)
        after = list(hands)
        after[me] ^= 1 << c
        wins = best is None or search.beats(c, best)
        ns = search.in_trick(tuple(after), (me + 1) % 4, plays + (c,), c // 13 if led is None else led,
                             me if wins else best_seat, c if wins else best, -1, 14)
        out[card] = ns if me % 2 == 0 else left - ns
    return out


class _Search:
    """Alpha-beta over whole tricks, North-South's tricks as the value, a table of bounds at
    each trick's start; touching cards in one hand (no live card between) count as one."""

    def __init__(self, trumps: int | None):
        self.trumps = trumps
        self.table: dict = {}

    def beats(self, card: int, best: int) -> bool:
        if card // 13 == best // 13:
            return card < best
        return card // 13 == self.trumps

    def whole_tricks(self, hands, leader, alpha, beta):
        if not hands[leader]:
            return 0
        key = (hands, leader)
        low, high = self.table.get(key, (0, 13))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        value = self.in_trick(hands, leader, (), None, leader, None, a, b)
        if value <= a:
            high = min(high, value)
        elif value >= b:
            low = max(low, value)
        else:
            low = high = value
        self.table[key] = (low, high)
        return value

    def in_trick(self, hands, seat, plays, led, best_seat, best, alpha, beta):
        if len(plays) == 4:
            gained = 1 if best_seat % 2 == 0 else 0
            return gained + self.whole_tricks(hands, best_seat, alpha - gained, beta - gained)
        ns = seat % 2 == 0
        value = -1 if ns else 14
        mine = hands[seat]
        legal = mine & _SUIT_MASK[led] if led is not None and mine & _SUIT_MASK[led] else mine
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for c in plays:  # a card on the table between two of mine also parts them
            live |= 1 << c
        previous = None
        for c in _bits(legal):
            same = (previous is not None and c // 13 == previous // 13
                    and not live & ~mine & (((1 << c) - 1) ^ ((1 << (previous + 1)) - 1)))
            previous = c
            if same:
                continue
            after = list(hands)
            after[seat] ^= 1 << c
            wins = best is None or self.beats(c, best)
            v = self.in_trick(tuple(after), (seat + 1) % 4, plays + (c,), c // 13 if led is None else led,
                              seat if wins else best_seat, c if wins else best, alpha, beta)
            if ns and v > value:
                value, alpha = v, max(alpha, v)
            elif not ns and v < value:
                value, beta = v, min(beta, v)
            if alpha >= beta:
                break
        return value


def best_card(game: TrickPlay) -> Card:
    """The first legal card (in hand order) that keeps the most tricks for the side to play."""
    kept = card_tricks(game)
    top = max(kept.values())
    return next(c for c in game.legal_plays() if kept[c] == top)
