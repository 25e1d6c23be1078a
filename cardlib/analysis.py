"""Double-dummy analysis: what best play by all four players, each seeing every card, makes.

The one place for it (the hint, the after-hand review, the expert player, the tests). For
MiniBridge, endplay's DDS solver does the work where it is installed (the optional extra
``analysis``, imported only when asked, so ``import cardlib`` stays light); without it,
endings of up to ``OWN_SEARCH_CARDS`` cards a hand are solved by a small search of our own, and anything bigger raises
``NotInstalled`` with a sentence for the table (in the pupil's browser, on the course's website,
where the solver cannot run, a sentence that says so). A set deal's whole-deal figures are stored
with it (exercises/set_deals.pbn), so its review needs no solver. Manille's card points (``card_points``) come
from the same search loop, which counts what a trick is worth: one trick, or its card points.

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


def warm_up() -> None:
    """Load the solver now, if it is installed, and let it check itself (half a second of CPU,
    nearly all endplay's import), so a pupil's first hint does not wait for it: the app's warm
    kernels call this before a page takes them, the kernels kept ready for a lesson once it has run."""
    if _endplay() is not None:
        _every_card_figured(_endplay()[1].solve_board)
        solve_board, best_only = _best_only()
        if best_only is not None:
            _best_cards_found(solve_board, best_only)


def installed() -> bool:
    """Is endplay's solver here (every position solved), or only our own endings search?"""
    return _endplay() is not None


def _need_endplay():
    found = _endplay()
    if found is None:
        from cardlib.render import in_browser

        raise NotInstalled("analysis_in_browser" if in_browser() else "analysis_not_installed", cards=OWN_SEARCH_CARDS)
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


def _position(game: TrickPlay) -> tuple[str, Suit | None, Seat, tuple[Card, ...]]:
    """The position as DDS reads it: the hands as they were at the trick's start (one PBN string:
    the hands are held in suit order already), trumps, the trick's leader and its cards so far."""
    hands = {seat: list(cards) for seat, cards in game.hands.items()}
    for seat, card in game.current:
        hands[seat].append(card)
    pbn = " ".join(".".join("".join(c.rank.letter for c in sorted(hands[seat], key=_stronger) if c.suit is suit)
                            for suit in _PBN_SUITS) for seat in Seat)
    return "N:" + pbn, game.trumps, game.leader, tuple(card for _, card in game.current)


def _board(game: TrickPlay):
    """endplay's board of the position."""
    return _board_at(*_position(game))


def _board_at(pbn: str, trumps: Suit | None, leader: Seat, trick: tuple[Card, ...]):
    types, _ = _endplay()
    board = types.Deal(pbn)
    board.trump = _denom(types, trumps)
    board.first = _player(types, leader)
    for card in trick:
        board.play(types.Card(card.letters))
    return board


_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _stronger(card: Card) -> int:
    return -card.rank


@functools.lru_cache(maxsize=1)
def _our_cards() -> dict[tuple[int, int], Card]:
    """Our card for each of endplay's, by its (suit, rank) numbers: quicker than reading its name."""
    return {(3 - int(suit), 1 << rank): Card(suit, rank) for suit in Suit for rank in Rank}


@functools.lru_cache(maxsize=1024)
def _solved(solve_board, mode, position: tuple) -> tuple[tuple[Card, int], ...]:
    """``solve_board``'s answer for a position (``mode``: endplay's, None for every card), as
    (our card, tricks) pairs. A position asked again is not solved again: a second click on the
    hint, or the expert's opening lead at the other table of a deal (DDS starts its table of
    positions afresh for each new hand, so it would take as long as the first time)."""
    ours = _our_cards()
    found = solve_board(_board_at(*position)) if mode is None else solve_board(_board_at(*position), mode)
    return tuple((ours[int(card.suit), card.rank.value], tricks) for card, tricks in found)


def _endplay_card_tricks(game: TrickPlay) -> dict[Card, int]:
    _, dds = _endplay()
    found = dict(_solved(dds.solve_board, None, _position(game)))
    legal = game.legal_plays()
    best = max(found.values(), default=0)
    # Some DDS builds give 0 for every card but the best: with such a build, those zeros are
    # asked again one by one, as is any card left out. A build that passes the check is trusted.
    suspect = (not _every_card_figured(dds.solve_board) and best > 0
               and all(t in (0, best) for t in found.values()) and 0 in found.values())
    for card in legal:
        if card not in found or (suspect and found[card] == 0):
            found[card] = _tricks_after(game, card)
    return {card: found[card] for card in legal}


@functools.lru_cache(maxsize=4)
def _every_card_figured(solve_board) -> bool:
    """Does this ``solve_board`` give every card its own figure? Asked once, on an ending worked
    out by hand: at no trumps North's ♠A K take two tricks; after the ♣2, East's ♣A K win and
    North keeps one spade for East's ♠Q, one trick."""
    types, _ = _endplay()
    board = types.Deal("N:AK...2 Q...AK ..432. ..765.")
    board.trump, board.first = types.Denom.nt, types.Player.north
    found = dict(solve_board(board))
    return [found.get(types.Card(c)) for c in ("SA", "SK", "C2")] == [2, 2, 1]


def _endplay_best_cards(game: TrickPlay) -> set[Card] | None:
    """The cards that keep the most tricks, DDS asked for those only: it then proves each other
    card worse instead of working out its figure (a fifth less CPU on a 13-card position,
    benchmarks/bench_analysis.py). None where that answer is not to be had or not to be trusted:
    the caller asks for every card's figure instead."""
    if _endplay() is None or len(game.hands[game.to_play]) <= 1:
        return None
    solve_board, best_only = _best_only()
    if best_only is None or not _best_cards_found(solve_board, best_only):
        return None
    return {card for card, _ in _solved(solve_board, best_only, _position(game))}


def _best_only():
    """endplay's ``solve_board`` and its mode that gives the best cards only (None if this endplay has none)."""
    _, dds = _endplay()
    try:
        from endplay.dds.solve import SolveMode
    except ImportError:
        return dds.solve_board, None
    return dds.solve_board, SolveMode.OptimalAll


@functools.lru_cache(maxsize=4)
def _best_cards_found(solve_board, best_only) -> bool:
    """Does this ``solve_board``, asked for the best cards only, give all of them and no other?
    Asked once, on two endings worked out by hand, at no trumps, North to lead: the one of
    ``_every_card_figured`` (♠A and ♠K keep two tricks, the ♣2 one), and one where the best cards
    are in two suits: with ♠A ♥A ♣2 against East's ♦A K ♣A, either ace takes two tricks; the ♣2
    none (East wins it and cashes the diamonds)."""
    types, _ = _endplay()
    endings = (("N:AK...2 Q...AK ..432. ..765.", {"SA", "SK"}), ("N:A.A..2 ..AK.A 3.3.2. 2.2..3", {"SA", "HA"}))
    for deal, best in endings:
        board = types.Deal(deal)
        board.trump, board.first = types.Denom.nt, types.Player.north
        if {card for card, _ in solve_board(board, best_only)} != {types.Card(c) for c in best}:
            return False
    return True


def _tricks_after(game: TrickPlay, card: Card) -> int:
    """Tricks still to come for the side playing ``card``, with best play after it."""
    _, dds = _endplay()
    side = game.to_play.side
    after = game.clone()
    after.play(card)
    won_now = after.tricks_won(side) - game.tricks_won(side)
    if after.is_over:
        return won_now
    best = max(t for _, t in _solved(dds.solve_board, None, _position(after)))
    left = len(after.hands[after.to_play])
    return won_now + (best if after.to_play.side is side else left - best)


# --- our own search: one loop for both games -----------------------------------------------

def own_card_tricks(game: TrickPlay) -> dict[Card, int]:
    """``card_tricks`` of the tricks still to come, by our own search (for endings: it grows fast)."""
    return _own_search(game, points={}, per_trick=1)


def card_points(game) -> dict[Card, int]:
    """For every legal card of the player to play in a Manille deal (four players): the card
    points of the whole deal that player's pair takes if it plays that card and all four play
    perfectly from then on (with the rules' point a trick, if they give one). Our own search
    does it, endplay or not: a whole deal's first lead (eight cards a hand) takes 0.5 s of CPU
    at the median and up to 8 s, one trick later 0.12 s and up to 1 s (20 deals,
    benchmarks/bench_analysis.py).

    >>> from cardlib import Deal, manille
    >>> ending = Deal({"N": "♥10 ♣7", "E": "♠A ♣8", "S": "♠K ♥7", "W": "♠10 ♣9"}, dealer="E", pack=manille.PACK)
    >>> card_points(manille.start_play(ending, trumps=None))   # South leads: the ♥7 to North's ♥10
    {Card("♠K"): 0, Card("♥7"): 9}
    """
    from cardlib import manille

    if len(game.hands) != 4:
        raise CardError("analysis_four_players")
    if game.is_over:
        return {}
    side = game.team_of(game.to_play)
    already = game.card_points(side) + game.rules.trick_point * game.tricks_won(side)
    values = {card: manille.card_points(card) for card in game.pack}
    later = _own_search(game, values, game.rules.trick_point, game.rules)
    return {card: already + points for card, points in later.items()}


def _own_search(game: TrickPlay, points: dict[Card, int], per_trick: int, duty=None) -> dict[Card, int]:
    """What each legal card keeps of the rest of the deal for the side to play: a trick is worth
    ``per_trick`` plus the ``points`` of its cards; ``duty``: Manille's rules of trumping."""
    pack = game.pack
    size = len(pack.ranks)
    place = {rank: i for i, rank in enumerate(pack.ranks)}  # 0 the strongest

    def index(card: Card) -> int:
        return int(card.suit) * size + place[card.rank]

    worth = [0] * (4 * size)
    for card, value in points.items():
        worth[index(card)] = value
    hands = [0, 0, 0, 0]
    for seat, cards in game.hands.items():
        for card in cards:
            hands[seat] |= 1 << index(card)
    search = _Search(size, None if game.trumps is None else int(game.trumps), tuple(worth), per_trick,
                     duty, 1 if game.clockwise else 3)
    plays = tuple(index(c) for _, c in game.current)
    best_seat, best = (None, None)
    for seat, card in game.current:
        c = index(card)
        if best is None or search.beats(c, best):
            best_seat, best = seat, c
    me = int(game.to_play)
    left = len(game.hands[game.to_play])  # tricks still to come, this one included
    rest = per_trick * left + sum(worth[c] for c in plays) + sum(
        worth[index(c)] for cards in game.hands.values() for c in cards)
    led = plays[0] // size if plays else None
    legal = game.legal_plays()
    others = (hands[0] | hands[1] | hands[2] | hands[3] | sum(1 << c for c in plays)) & ~hands[me]
    same, previous = {}, None  # a card that plays as the one above it, as in the search
    for c in sorted(index(card) for card in legal):
        if (previous is not None and c // size == previous // size and worth[c] == worth[previous]
                and not others & ((1 << c) - (2 << previous))):
            same[c] = same.get(previous, previous)
        previous = c
    out, guess, found = {}, rest // 2, {}
    for card in legal:
        c = index(card)
        if same.get(c, c) in found:
            out[card] = found[same.get(c, c)]
            continue
        after = list(hands)
        after[me] ^= 1 << c
        wins = best is None or search.beats(c, best)
        position = (tuple(after), search.after(me), plays + (c,), c // size if led is None else led,
                    me if wins else best_seat, c if wins else best)
        # MTD(f): windows of width one around a guess (the card before's value) until the
        # bounds meet; the table of bounds makes each window after the first cheap.
        low, high = 0, rest
        while low < high:
            beta = max(guess, low + 1)
            guess = search.in_trick(*position, beta - 1, beta)
            if guess < beta:
                high = guess
            else:
                low = guess
        out[card] = found[same.get(c, c)] = low if me % 2 == 0 else rest - low
    return out


class _Search:
    """Alpha-beta over whole tricks, North-South's share as the value (tricks in MiniBridge,
    card points in Manille), a table of bounds at each trick's start. A card is its suit's
    block of ``size`` bits, the strongest card lowest; touching cards in one hand (no live card
    between) worth the same count as one."""

    def __init__(self, size: int, trumps: int | None, worth: tuple[int, ...], per_trick: int, duty, step: int):
        self.size, self.trumps, self.worth, self.per_trick, self.step = size, trumps, worth, per_trick, step
        self.suit_mask = tuple(((1 << size) - 1) << (size * s) for s in range(4))
        self.must_trump = duty is not None and duty.must_trump and trumps is not None
        self.must_overtrump = self.must_trump and duty.must_overtrump
        self.partner_exempt = self.must_trump and duty.partner_exempt
        self.table: dict = {}
        self.lead = None  # a trick's best lead, as whole_tricks passes it down and back
        self.parts = _suit_worths(size, worth)

    def after(self, seat: int) -> int:
        return (seat + self.step) % 4

    def beats(self, card: int, best: int) -> bool:
        if card // self.size == best // self.size:
            return card < best
        return card // self.size == self.trumps

    def legal(self, mine: int, seat: int, led: int | None, best_seat: int, best: int) -> int:
        """Follow suit; unable to, Manille's duty to trump (or overtrump an opponent's trump)."""
        if led is None:
            return mine
        follow = mine & self.suit_mask[led]
        if follow:
            return follow
        if not self.must_trump:
            return mine
        trumps = mine & self.suit_mask[self.trumps]
        partners = best_seat % 2 == seat % 2
        if not trumps or (self.partner_exempt and partners):
            return mine
        if self.must_overtrump and best // self.size == self.trumps and not partners:
            return trumps & ((1 << best) - 1) or mine  # never forced to undertrump
        return trumps

    def whole_tricks(self, hands, leader, alpha, beta):
        mine = hands[leader]
        if not mine & (mine - 1):  # no card left, or one each: the last trick plays itself
            return self.last_trick(hands, leader) if mine else 0
        key = (hands, leader)
        found = self.table.get(key)
        if found is None:  # nothing known yet: at most all that is left
            live = hands[0] | hands[1] | hands[2] | hands[3]
            low, high, lead = 0, self.per_trick * _count(hands[leader]) + sum(
                part[live >> shift & full] for part, shift, full in self.parts), None
            if high <= alpha:
                return high
        else:
            low, high, lead = found
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        self.lead = lead
        value = self.in_trick(hands, leader, (), None, leader, None, a, b)
        lead = self.lead  # the best lead found, tried first next time
        if value <= a:
            high = min(high, value)
        elif value >= b:
            low = max(low, value)
        else:
            low = high = value
        self.table[key] = (low, high, lead)
        return value

    def last_trick(self, hands, leader) -> int:
        best_seat, best = leader, hands[leader].bit_length() - 1
        gained, seat = self.worth[best], leader
        for _ in range(3):
            seat = (seat + self.step) % 4
            c = hands[seat].bit_length() - 1
            gained += self.worth[c]
            if self.beats(c, best):
                best_seat, best = seat, c
        return self.per_trick + gained if best_seat % 2 == 0 else 0

    def in_trick(self, hands, seat, plays, led, best_seat, best, alpha, beta):
        size, worth = self.size, self.worth
        if len(plays) == 4:
            gained = self.per_trick + sum(worth[c] for c in plays) if best_seat % 2 == 0 else 0
            return gained + self.whole_tricks(hands, best_seat, alpha - gained, beta - gained)
        ns = seat % 2 == 0
        value = None
        mine = hands[seat]
        legal = self.legal(mine, seat, led, best_seat, best)
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for c in plays:  # a card on the table between two of mine also parts them
            live |= 1 << c
        cards, previous = [], None
        for c in _bits(legal):
            if not (previous is not None and c // size == previous // size and worth[c] == worth[previous]
                    and not live & ~mine & (((1 << c) - 1) ^ ((1 << (previous + 1)) - 1))):
                cards.append(c)
            previous = c
        if not plays and len(cards) > 1:
            cards.sort(key=worth.__getitem__, reverse=True)  # the cards worth most led first
            if self.lead in cards:
                cards.remove(self.lead)
                cards.insert(0, self.lead)
        if plays and len(cards) > 1:
            # Likely best first, so that the windows close early: beside a partner who is winning,
            # the cards worth most that do not take it over; else the cards that win, strongest
            # first, then the rest, worth least first.
            if best_seat % 2 == seat % 2:
                cards.sort(key=lambda c: (self.beats(c, best), -worth[c], -c))
            else:
                cards.sort(key=lambda c: (not self.beats(c, best), c if self.beats(c, best) else worth[c]))
        for c in cards:
            after = list(hands)
            after[seat] ^= 1 << c
            wins = best is None or self.beats(c, best)
            v = self.in_trick(tuple(after), (seat + self.step) % 4, plays + (c,), c // size if led is None else led,
                              seat if wins else best_seat, c if wins else best, alpha, beta)
            if value is None or (v > value if ns else v < value):
                value, chosen = v, c
                if ns:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
            if alpha >= beta:
                break
        if not plays:
            self.lead = chosen
        return value


@functools.lru_cache(maxsize=8)
def _suit_worths(size: int, worth: tuple[int, ...]) -> tuple:
    """What the cards of each suit are worth, for every set of them (a bound on what is left):
    (table, the suit's first bit, its mask) a suit; none when no card is worth anything (MiniBridge)."""
    full = (1 << size) - 1
    return tuple((tuple(sum(worth[s * size + i] for i in range(size) if m >> i & 1) for m in range(full + 1)),
                  s * size, full) for s in range(4) if any(worth[s * size:(s + 1) * size]))


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def best_card(game: TrickPlay) -> Card:
    """The first legal card (in hand order) that keeps the most tricks for the side to play.

    >>> from cardlib import Deal, minibridge
    >>> game = minibridge.start_play(Deal.random(seed=5), "S", "NT game")
    >>> kept = card_tricks(game)
    >>> kept[best_card(game)] == max(kept.values())
    True
    """
    legal = game.legal_plays()
    if len(legal) == 1:
        return legal[0]
    best = _endplay_best_cards(game)
    if best is None:
        kept = card_tricks(game)
        top = max(kept.values())
        best = {card for card, tricks in kept.items() if tricks == top}
    return next(c for c in legal if c in best)
