"""The rules of MiniBridge: announcements, declarer and dummy, the contract, the coach,
play, scoring (two presets) and the score pad, as docs/rules.md §1 writes them."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from cardlib import checks
from cardlib.cards import BRIDGE_PACK, Card, Rank, Suit, parse_denomination
from cardlib.deal import Deal
from cardlib.hand import SUITS_IN_HAND_ORDER as SUITS, Hand
from cardlib.messages import CardError, IllegalPlay, say, sentences
from cardlib.play import Action, RoundBase, TrickPlay, action_text
from cardlib.seats import Seat, Side

LEVELS = ("partscore", "game")


class Contract:
    """What declarer promises: a denomination (a trump suit, or None for no trumps) and
    partscore (7 tricks) or game (9 in NT, 10 in ♥/♠, 11 in ♣/♦).

    >>> c = Contract("♠ game")
    >>> c.tricks_needed, str(c), c == Contract(Suit.SPADES, game=True)
    (10, '♠ game', True)
    >>> c
    Contract("♠ game")
    """

    __slots__ = ("denomination", "game")
    denomination: Suit | None
    game: bool

    def __init__(self, denomination: Suit | str | None, game: bool | None = None):
        """``Contract("♠ game")``, ``Contract("notrump partscore")`` or ``Contract(Suit.SPADES, game=True)``."""
        if game is None:
            if not isinstance(denomination, str):
                raise CardError("contract_form", text=denomination)
            denomination, game = _read_contract(denomination)
        else:
            denomination = parse_denomination(denomination)
        object.__setattr__(self, "denomination", denomination)
        object.__setattr__(self, "game", bool(game))

    def __setattr__(self, name, value):
        raise AttributeError("a contract cannot be changed")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Contract) and (self.denomination, self.game) == (other.denomination, other.game)

    def __hash__(self) -> int:
        return hash((self.denomination, self.game))

    def __reduce__(self):
        return (Contract, (self.denomination, self.game))

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Read "♠ game", "NT partscore", "D partscore", "hearts game", "notrump game"."""
        return text if isinstance(text, Contract) else cls(text)

    @property
    def level(self) -> str:
        """ "game" or "partscore" (the names the text form uses)."""
        return LEVELS[self.game]

    @property
    def tricks_needed(self) -> int:
        if not self.game:
            return 7
        if self.denomination is None:
            return 9
        return 10 if self.denomination.is_major else 11

    @property
    def tricks_to_defeat(self) -> int:
        """Tricks the defenders need to beat the contract: one more than declarer may lose.

        >>> Contract("♠ game").tricks_to_defeat
        4
        """
        return 13 - self.tricks_needed + 1

    def made(self, tricks: int) -> bool:
        """Did declarer's side take enough tricks? ``Contract("♠ game").made(10)`` → True."""
        return _check_tricks(tricks) >= self.tricks_needed

    @property
    def denomination_symbol(self) -> str:
        return say("nt") if self.denomination is None else self.denomination.symbol

    @property
    def denomination_word(self) -> str:
        return say("no_trumps") if self.denomination is None else self.denomination.word

    @property
    def text(self) -> str:
        """The text form that ``Contract(text)`` reads back, the same in every language."""
        return f"{'NT' if self.denomination is None else self.denomination.symbol} {self.level}"

    def __str__(self) -> str:
        return say("contract_words", denomination=self.denomination_symbol, level=say(self.level))

    def __repr__(self) -> str:
        return f'Contract("{self.text}")'


def _read_contract(text: str) -> tuple[Suit | None, bool]:
    words = " ".join(text.lower().replace("-", " ").split())
    levels = [(LEVELS[0], False), ("part score", False), (LEVELS[1], True),
              (say("partscore").lower(), False), (say("game").lower(), True)]
    for level, game in levels:
        if words.endswith(level):
            try:
                return parse_denomination(words[: -len(level)].strip()), game
            except CardError:
                break
    raise CardError("contract_form", text=text)


CONTRACTS = tuple(Contract(d, g) for g in (False, True) for d in (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))


# --- who declares -------------------------------------------------------------------

def announcements(deal: Deal, dealer: Seat | str | None = None) -> list[tuple[Seat, int]]:
    """Everyone's HCP, announced from the dealer clockwise. They add up to 40."""
    deal = Deal.parse(deal)
    seat = deal.dealer if dealer is None else Seat.parse(dealer)
    order = []
    for _ in range(4):
        order.append((seat, deal[seat].hcp))
        seat = seat.left
    return order


def declarer(deal: Deal, dealer: Seat | str | None = None) -> Seat | None:
    """Declarer's seat, or None when both sides hold 20 and the hand is dealt again.

    The side with more HCP plays; its partner with more HCP declares; with equal HCP the
    one who announced first (the dealer, then clockwise) declares.

    >>> d = Deal.from_pbn("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    >>> declarer(d, dealer="N")  # N–S hold 13 + 8 = 21; North has more than South
    <Seat.N: 0>
    """
    said = announcements(deal, dealer)
    ns = sum(p for s, p in said if s.side is Side.NS)
    if ns == REDEAL_POINTS:
        return None
    side = Side.NS if ns > REDEAL_POINTS else Side.EW
    best = max(p for s, p in said if s.side is side)
    return next(s for s, p in said if s.side is side and p == best)



def numbered_deal(number: int, deal_set: str = "minibridge") -> tuple[Deal, Seat, int]:
    """Deal ``number`` as it is played: thrown in at 20–20 and dealt again by the same
    dealer until one side has more; returns the deal, declarer and how many redeals.

    >>> deal, found, redeals = numbered_deal(1)
    >>> found == declarer(deal) and deal.dealer == Seat.N
    True
    """
    hand = Round(number=number, deal_set=deal_set)
    while hand.phase == "redeal":
        hand.redeal()
    return hand.deal, hand.declarer, hand.redeals

# --- the coach ------------------------------------------------------------------------

@dataclass(frozen=True)
class Suggestion:
    """The coach's contract and its reasons, in words."""

    contract: Contract
    reasons: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.contract}: " + sentences(*self.reasons)


def golden_fits(declarer_hand: Hand, dummy_hand: Hand) -> dict[Suit, int]:
    """Majors with 8 or more cards between the two hands, and how many."""
    declarer_hand, dummy_hand = Hand.parse(declarer_hand), Hand.parse(dummy_hand)
    lengths = {s: declarer_hand.length(s) + dummy_hand.length(s) for s in (Suit.SPADES, Suit.HEARTS)}
    return {s: n for s, n in lengths.items() if n >= 8}


GAME_POINTS = 25
REDEAL_POINTS = 20  # both sides hold 20 of the 40 HCP: nobody plays, the hand is dealt again

# Points together → tricks the side can expect: the table behind "25 for game". It is a
# teaching rule of thumb (one published set of ranges, kept to throughout the course), not a
# rule of the game: cards and play decide the real number. Below 21 the other side declares.
POINTS_TO_TRICKS: tuple[tuple[int, int, int], ...] = (
    (21, 22, 7), (23, 24, 8), (25, 27, 9), (28, 30, 10), (31, 33, 11), (34, 37, 12), (38, 40, 13),
)
POINTS_TO_TRICKS_SOURCE = "a teaching rule of thumb"


def expected_tricks(points: int) -> int:
    """The tricks a side with ``points`` HCP together can expect, by the rule of thumb
    ``POINTS_TO_TRICKS`` (21 to 40 points; below 21 the other side plays the hand).

    >>> expected_tricks(21), expected_tricks(25), expected_tricks(40)
    (7, 9, 13)
    """
    return points_range(points)[2]


def points_range(points: int) -> tuple[int, int, int]:
    """The row of ``POINTS_TO_TRICKS`` that ``points`` falls in: (lowest, highest, tricks).

    >>> points_range(26)
    (25, 27, 9)
    """
    if isinstance(points, bool) or not isinstance(points, int):
        raise CardError("points_range", points=points)
    for row in POINTS_TO_TRICKS:
        if row[0] <= points <= row[1]:
            return row
    raise CardError("points_range", points=points)


def top_winners(hand_a: Hand | str, hand_b: Hand | str, suit: Suit | str) -> tuple[Card, ...]:
    """The cards two partners hold in ``suit`` that come in an unbroken run down from the ace
    (A, then K, then Q, ...), highest first: nobody else can beat them.

    >>> [str(c) for c in top_winners("♠AQ3", "♠K4", "♠")]
    ['♠A', '♠K', '♠Q']
    >>> top_winners("♠KQJ", "♠4", "♠")   # no ace: the king can be beaten
    ()
    """
    suit = Suit.parse(suit)
    held = {c.rank for c in Hand.parse(hand_a).suit(suit)} | {c.rank for c in Hand.parse(hand_b).suit(suit)}
    run = []
    for rank in sorted(Rank, reverse=True):
        if rank not in held:
            break
        run.append(Card(suit, rank))
    return tuple(run)


def sure_tricks(hand_a: Hand | str, hand_b: Hand | str, suit: Suit | str | None = None) -> int:
    """Sure tricks (tricks declarer can take at once, without losing the lead) in one suit, or
    in every suit when ``suit`` is None, in no trumps.

    The counting rule: count the top winners in a run down from the ace held between the two
    hands, but never more than the number of cards in the longer hand (each trick takes a card
    from each hand). ♠AK opposite ♠QJ is 2 sure tricks, not 4.

    >>> sure_tricks("♠AK ♥A", "♠QJ ♥K2", "♠"), sure_tricks("♠AQ3 ♥A", "♠K4 ♥K2")
    (2, 5)
    """
    hand_a, hand_b = Hand.parse(hand_a), Hand.parse(hand_b)
    suits = SUITS if suit is None else (Suit.parse(suit),)
    return sum(min(len(top_winners(hand_a, hand_b, s)), max(hand_a.length(s), hand_b.length(s))) for s in suits)


def long_cards_win(hand_a: Hand | str, hand_b: Hand | str, suit: Suit | str) -> bool:
    """Is lesson 1's count (``sure_tricks``) short in ``suit``? True when the top winners are at
    least as many as the defenders' cards there (all of them may be in one hand), so after the
    top winners the defenders have none, and the longer hand holds more cards than that: its
    other cards win too, still without giving up the lead (lesson 7's long suit). A question
    that asks lesson 1's count never shows such a suit.

    >>> long_cards_win("♣K875", "♣AQ9642", "♣"), sure_tricks("♣K875", "♣AQ9642", "♣")  # J 10 3 fall under A K Q: 6 win
    (True, 3)
    >>> long_cards_win("♦AKQ42", "♦753", "♦"), long_cards_win("♦AK2", "♦QJ1098", "♦")  # 5 defenders' cards; no card below the run
    (False, False)
    """
    hand_a, hand_b = Hand.parse(hand_a), Hand.parse(hand_b)
    suit = Suit.parse(suit)
    run = len(top_winners(hand_a, hand_b, suit))
    defenders = 13 - hand_a.length(suit) - hand_b.length(suit)
    return run >= defenders and max(hand_a.length(suit), hand_b.length(suit)) > run


def tricks_in_a_row(hand_a: Hand | str, hand_b: Hand | str, suit: Suit | str) -> int:
    """The most top winners two partners can take one after another in ``suit``, playing only
    that suit: each trick is won by a top winner (``top_winners``) and its hand leads the next,
    so a hand with no card of the suit left ends the run. Fewer than ``sure_tricks`` means the
    suit is blocked: the rest waits for a way across in another suit (lesson 7's unblocking).

    >>> tricks_in_a_row("♣A", "♣KJ10", "♣"), sure_tricks("♣A", "♣KJ10", "♣")  # the ace wins, then East must lead another suit
    (1, 2)
    >>> tricks_in_a_row("♣A2", "♣KJ10", "♣"), tricks_in_a_row("♠AK", "♠QJ", "♠")
    (2, 2)
    """
    hand_a, hand_b = Hand.parse(hand_a), Hand.parse(hand_b)
    suit = Suit.parse(suit)
    winners = set(top_winners(hand_a, hand_b, suit))

    def run(leader: frozenset, other: frozenset) -> int:
        best = 0
        for led in leader:
            for follow in other or (None,):  # a hand with none of the suit throws another card
                top = led if follow is None or led.rank > follow.rank else follow
                if top in winners:
                    won_by_leader = top is led
                    rest_leader = leader - {led}
                    rest_other = other - {follow} if follow else other
                    after = (run(rest_leader, rest_other) if won_by_leader else run(rest_other, rest_leader))
                    best = max(best, 1 + after)
        return best

    a, b = frozenset(hand_a.suit(suit)), frozenset(hand_b.suit(suit))
    return max(run(a, b), run(b, a))


def sure_tricks_in_turn(hand_a: Hand | str, hand_b: Hand | str) -> bool:
    """Can two partners take all their sure tricks (``sure_tricks`` of every suit) one after
    another in no trumps, a suit at a time, each trick won by a top winner and its hand leading
    the next? A suit whose winners are all in one hand needs that hand on lead: with ♠A K Q
    opposite no spade, and ♦A K opposite no diamond, the first suit played leaves the lead in
    the hand without the other suit's winners.

    >>> sure_tricks_in_turn("♠AKQ ♥2", "♦AK ♥A"), sure_tricks_in_turn("♠AKQ", "♦AK")
    (True, False)
    """
    hand_a, hand_b = Hand.parse(hand_a), Hand.parse(hand_b)
    hands = (hand_a, hand_b)
    ways = []  # for each suit with sure tricks: the (first leader, last winner) pairs that take them all
    for suit in SUITS:
        want = sure_tricks(hand_a, hand_b, suit)
        if not want:
            continue
        winners = set(top_winners(hand_a, hand_b, suit))
        ends: set[tuple[int, int]] = set()

        def run(leader: int, cards: tuple[frozenset, frozenset], won: int, start: int) -> None:
            if won == want:
                ends.add((start, leader))
                return
            for led in cards[leader]:
                for follow in cards[1 - leader] or (None,):
                    top = led if follow is None or led.rank > follow.rank else follow
                    if top in winners:
                        left = [cards[0], cards[1]]
                        left[leader] = left[leader] - {led}
                        if follow is not None:
                            left[1 - leader] = left[1 - leader] - {follow}
                        run(leader if top is led else 1 - leader, (left[0], left[1]), won + 1, start)

        held = (frozenset(hand_a.suit(suit)), frozenset(hand_b.suit(suit)))
        for start in (0, 1):
            run(start, held, 0, start)
        ways.append(ends)

    def chain(leader: int, left: tuple) -> bool:
        return not left or any(start == leader and chain(end, left[:i] + left[i + 1:])
                               for i, ends in enumerate(left) for start, end in ends)

    return any(chain(start, tuple(ways)) for start in (0, 1)) if all(ways) else False


def long_suit_tricks(hand_a: Hand | str, hand_b: Hand | str, suit: Suit | str) -> int:
    """The tricks a suit of two partners' hands gives once the defenders' cards in it are gone
    (lesson 7, docs/rules.md §1.4): every card of the longer hand takes a trick, less one for
    each defenders' card above the partners' best card (knocking out their ace).

    It holds when the partners' cards run down unbroken from their best card for as many
    rounds as the defenders can follow (``runs_through``), with a way to each hand.

    >>> long_suit_tricks("♦AKQ42", "♦753", "♦"), long_suit_tricks("♦KQJ10", "♦432", "♦")
    (5, 3)
    """
    hand_a, hand_b = Hand.parse(hand_a), Hand.parse(hand_b)
    suit = Suit.parse(suit)
    ours = hand_a.suit(suit) + hand_b.suit(suit)
    if not ours:
        return 0
    best = max(c.rank for c in ours)
    above = sum(1 for rank in Rank if rank > best)
    return max(0, max(hand_a.length(suit), hand_b.length(suit)) - above)  # never fewer than none


def runs_through(hand_a: Hand | str, hand_b: Hand | str, suit: Suit | str, longest_defender: int) -> bool:
    """Do the partners hold an unbroken run from their best card at least as long as the
    defenders' longer holding (so every defenders' card below the run falls under it)?

    >>> runs_through("♦AKQ42", "♦753", "♦", 3), runs_through("♦AK42", "♦753", "♦", 3)
    (True, False)
    """
    suit = Suit.parse(suit)
    longest_defender = checks.whole(longest_defender, 0, 13)
    held = {c.rank for c in Hand.parse(hand_a).suit(suit) + Hand.parse(hand_b).suit(suit)}
    run = 0
    for rank in sorted((r for r in Rank if r <= max(held, default=0)), reverse=True):
        if rank not in held:
            break
        run += 1
    return run >= longest_defender


def unblocking_cards(short: Hand | str, long: Hand | str, suit: Suit | str) -> tuple[Card, ...]:
    """The cards to play first from a suit when the long hand has no other way in: the short
    hand's top winners above all the long hand's cards (high from the short side first), so the
    long hand's winners are not stuck.

    >>> [str(c) for c in unblocking_cards("♦AK2", "♦QJ1098", "♦")], len(unblocking_cards("♦AK7", "♦QJ1098", "♦"))
    (['♦A', '♦K'], 2)
    """
    short, long = Hand.parse(short), Hand.parse(long)
    suit = Suit.parse(suit)
    highest = max((c.rank for c in long.suit(suit)), default=None)
    return tuple(c for c in top_winners(short, long, suit) if c in short.suit(suit)
                 and (highest is None or c.rank > highest))


def ruffs_in_short_hand(long_trumps: Hand | str, short_trumps: Hand | str, suit: Suit | str, trumps: Suit | str) -> int:
    """Tricks gained by ruffing ``suit`` in the hand with fewer trumps (lesson 8): one for each
    card the long trump hand has in ``suit`` beyond the short hand's, while its trumps last, but
    never a card that wins anyway: the suit's sure tricks (``sure_tricks``, lesson 1, counted
    already) take their tricks without a ruff, so at most the long hand's other cards (its
    losers) are ruffed. Ruffing in the long trump hand gains none: those trumps win their
    tricks anyway.

    >>> ruffs_in_short_hand("♠KJ1098 ♥AQ32", "♠A32 ♥54", "♥", "♠")
    2
    >>> ruffs_in_short_hand("♠A9832 ♣AJ3", "♠QJ5", "♣", "♠")   # the ♣A wins by itself: 2, not 3
    2
    """
    long_trumps, short_trumps = Hand.parse(long_trumps), Hand.parse(short_trumps)
    suit, trumps = Suit.parse(suit), Suit.parse(trumps)
    long_length = long_trumps.length(suit)
    return max(0, min(short_trumps.length(trumps), long_length - short_trumps.length(suit),
                      long_length - sure_tricks(long_trumps, short_trumps, suit)))


def tricks_with_trumps_drawn(hand_a: Hand | str, hand_b: Hand | str, trumps: Suit | str) -> int:
    """The tricks two partners can count before trick 1 of a trump contract if they draw trumps
    at once (lesson 8's checklist, step 1): the trumps of the longer trump hand, counted as a long
    suit (``long_suit_tricks``, lesson 7), and the sure tricks of the other three suits
    (``sure_tricks``, lesson 1). No ruffs: drawing trumps first leaves none to count.

    >>> tricks_with_trumps_drawn("♠AKQJ7 ♥A32 ♦A4 ♣A85", "♠1098 ♥84 ♦K9632 ♣J94", "♠")   # 5 + 1 + 2 + 1
    9
    """
    hand_a, hand_b = Hand.parse(hand_a), Hand.parse(hand_b)
    trumps = Suit.parse(trumps)
    return long_suit_tricks(hand_a, hand_b, trumps) + sum(sure_tricks(hand_a, hand_b, s) for s in SUITS if s is not trumps)


def ruff_first(declarer_hand: Hand | str, dummy_hand: Hand | str, trumps: Suit | str, needed: int) -> bool:
    """Lesson 8's checklist before trick 1 of a trump contract: count the tricks if you draw trumps
    now (``tricks_with_trumps_drawn``); enough for the ``needed`` tricks: draw trumps first (False).
    Too few, and the hand with fewer trumps is shorter in a suit than the other hand (a ruff there,
    ``ruffs_in_short_hand``): ruff first (True), as each round of trumps takes one of that hand's
    trumps too. Too few and nothing to ruff: False, no ruff to make first (the checklist says no
    more; lesson 20 adds throwing a loser on dummy's winner).

    >>> ruff_first("♠AKQJ7 ♥A32 ♦A4 ♣A85", "♠1098 ♥84 ♦K9632 ♣J94", "♠", 10)   # 9: one short; ruff a ♥
    True
    >>> ruff_first("♠AKQ107 ♥K53 ♦42 ♣A65", "♠865 ♥74 ♦AKQJ3 ♣J43", "♠", 10)   # 5 + 4 + 1 = 10: enough
    False
    """
    declarer_hand, dummy_hand = Hand.parse(declarer_hand), Hand.parse(dummy_hand)
    trumps = Suit.parse(trumps)
    needed = checks.whole(needed, 0, 13)
    if tricks_with_trumps_drawn(declarer_hand, dummy_hand, trumps) >= needed:
        return False
    long, short = sorted((declarer_hand, dummy_hand), key=lambda hand: hand.length(trumps), reverse=True)
    return any(ruffs_in_short_hand(long, short, s, trumps) > 0 for s in SUITS if s is not trumps)


def sure_entries(to_hand: Hand | str, from_hand: Hand | str) -> tuple[Card, ...]:
    """The cards of ``to_hand`` that surely win a trick led from ``from_hand`` in no trumps: a
    top winner of its suit, with a lower card in ``from_hand`` to lead to it (lesson 9's entries).

    >>> [str(c) for c in sure_entries("♠K2 ♦A76", "♠Q3 ♦42")]
    ['♦A']
    """
    to_hand, from_hand = Hand.parse(to_hand), Hand.parse(from_hand)
    found = []
    for suit in SUITS:
        tops = set(top_winners(to_hand, from_hand, suit))
        for card in to_hand.suit(suit):
            if card in tops and any(c.rank < card.rank for c in from_hand.suit(suit)):
                found.append(card)
    return tuple(found)


def losers(declarer_hand: Hand | str, dummy_hand: Hand | str, suit: Suit | str | None = None) -> int:
    """Declarer's losers in a trump contract (lesson 20), in one suit or, when ``suit`` is None,
    in all four: for each suit, look at declarer's three highest cards (fewer if declarer has
    fewer); count that many top cards, the A, then the K, then the Q; each of them that neither
    declarer nor dummy holds is a loser. Dummy's other winners and ruffs can then get rid of
    some (a loser discarded on dummy's winner, lesson 20; a loser ruffed, lesson 8). Dummy's top
    cards count whatever their length: right where ``dummy_tops_guarded`` is true (a bare K does not).

    >>> losers("♠KQJ109 ♥72 ♦A64 ♣KQJ", "♠864 ♥AKQ ♦873 ♣7532")   # ♠ 1, ♥ 0, ♦ 2, ♣ 1
    4
    >>> losers("♥72", "♥Q83", "♥"), losers("♦A64", "♦K3", "♦")     # A and K missing; only the Q
    (2, 1)
    """
    declarer_hand, dummy_hand = Hand.parse(declarer_hand), Hand.parse(dummy_hand)
    suits = SUITS if suit is None else (Suit.parse(suit),)
    count = 0
    for s in suits:
        held = {c.rank for c in declarer_hand.suit(s) + dummy_hand.suit(s)}
        tops = (Rank.ACE, Rank.KING, Rank.QUEEN)[:min(declarer_hand.length(s), 3)]
        count += sum(1 for rank in tops if rank not in held)
    return count


def dummy_tops_guarded(declarer_hand: Hand | str, dummy_hand: Hand | str, suit: Suit | str | None = None) -> bool:
    """Whether each top card that ``losers`` counts as held by dummy alone is guarded, so that
    it really wins a trick: dummy's A with any length, its K with one more card, its Q with two.
    A bare K in dummy falls under the defenders' A, so ``losers``' simple count (lesson 20's)
    is right only where this is true; the questions keep to such hands.

    >>> dummy_tops_guarded("♣10 8 4", "♣K"), dummy_tops_guarded("♣10 8 4", "♣K 5")
    (False, True)
    >>> dummy_tops_guarded("♥7 2", "♥A K Q"), dummy_tops_guarded("♦8 6 4", "♦K Q")   # the Q needs two more
    (True, False)
    """
    declarer_hand, dummy_hand = Hand.parse(declarer_hand), Hand.parse(dummy_hand)
    suits = SUITS if suit is None else (Suit.parse(suit),)
    for s in suits:
        mine = {c.rank for c in declarer_hand.suit(s)}
        dummys = {c.rank for c in dummy_hand.suit(s)}
        tops = (Rank.ACE, Rank.KING, Rank.QUEEN)[:min(declarer_hand.length(s), 3)]
        if any(rank in dummys and rank not in mine and dummy_hand.length(s) < place
               for place, rank in enumerate(tops, start=1)):
            return False
    return True


def hold_up_round(ace_hand: Hand | str, suit: Suit | str) -> int:
    """The round of the defenders' suit on which declarer, in no trumps, wins with an ace that is
    the side's only stopper (lesson 20's hold-up): let the suit go as long as the hand with the
    ace has a small card to play, up to twice, and win the third round. Then the defender who
    started with three cards has none left to lead back to partner.

    >>> hold_up_round("♥A63 ♠K2", "♥"), hold_up_round("♥A6", "♥"), hold_up_round("♥A8642", "♥")
    (3, 2, 3)
    """
    ace_hand, suit = Hand.parse(ace_hand), Suit.parse(suit)
    if Card(suit, Rank.ACE) not in ace_hand.suit(suit):
        raise CardError("hold_up_no_ace", suit=suit.symbol)
    return min(ace_hand.length(suit), 3)


def suggest_contract(declarer_hand: Hand | str, dummy_hand: Hand | str) -> Suggestion:
    """The contract the schools' guidelines suggest (docs/rules.md §1.3), with its reasons.

    Trumps: a major with 8+ cards together (the longer one; equal → ♠); else no trumps.
    Game with 25+ HCP together, else partscore.

    >>> s = suggest_contract("♠AK1032 ♥K32 ♦Q52 ♣J2", "♠QJ4 ♥AQ5 ♦K43 ♣Q1098")
    >>> str(s.contract)
    '♠ game'
    """
    declarer_hand, dummy_hand = Hand.parse(declarer_hand), Hand.parse(dummy_hand)
    fits = golden_fits(declarer_hand, dummy_hand)
    reasons = []
    if not fits:
        trumps = None
        reasons.append(say("coach_no_fit"))
    else:
        trumps = max(fits, key=lambda s: (fits[s], s))
        if len(fits) == 2:
            key = "coach_two_fits_equal" if fits[Suit.SPADES] == fits[Suit.HEARTS] else "coach_two_fits"
            reasons.append(say(key, length=fits[trumps], suit=trumps.word))
        reasons.append(say("coach_golden_fit", length=fits[trumps], suit=trumps.word))
    points = declarer_hand.hcp + dummy_hand.hcp
    game = points >= GAME_POINTS
    contract = Contract(trumps, game)
    if game:
        reasons.append(say("coach_game", points=points, tricks=contract.tricks_needed))
    else:
        reasons.append(say("coach_partscore", points=points))
    return Suggestion(contract, tuple(reasons))


def sensible_contracts(declarer_hand: Hand | str, dummy_hand: Hand | str) -> set[Contract]:
    """Every contract the guidelines allow: any golden major fit (or no trumps without
    one), at the coach's level. The coach's own choice is among them."""
    declarer_hand, dummy_hand = Hand.parse(declarer_hand), Hand.parse(dummy_hand)
    game = suggest_contract(declarer_hand, dummy_hand).contract.game
    fits = golden_fits(declarer_hand, dummy_hand) or {None: 0}
    return {Contract(s, game) for s in fits}


# --- scoring --------------------------------------------------------------------------

@dataclass(frozen=True)
class Scoring:
    """A scoring preset. Trick points are the same in every preset (docs/rules.md §1.5)."""

    name: str
    partscore_bonus: int
    game_bonus: int
    per_trick_short: int
    opponents_score_penalty: bool  # True: the opponents score it; False: declarer's side loses it (a minus)

    @property
    def description(self) -> str:
        """The rule book's name, as the lessons say it: "the English Bridge Union's rules for schools"."""
        return say(f"rules_{self.name}")

    def bonus(self, contract: Contract | str) -> int:
        """The bonus a made contract earns: the game bonus for a game, else the partscore bonus
        (a partscore never earns the game bonus, however many tricks it takes).

        >>> EBU.bonus("♠ game"), EBU.bonus("♠ partscore"), CLUB.bonus("NT game")
        (300, 50, 500)
        """
        return self.game_bonus if Contract.parse(contract).game else self.partscore_bonus

    @property
    def lost_per_trick_short(self) -> int:
        """What declarer's side loses for each trick short: nothing under both presets (the side
        that beats the contract scores it instead, docs/rules.md §1.6); a club sheet that writes
        the guide's minus (``opponents_score_penalty=False``) loses its ``per_trick_short``.

        >>> EBU.lost_per_trick_short, CLUB.lost_per_trick_short
        (0, 0)
        >>> Scoring("club", 50, 500, 100, opponents_score_penalty=False).lost_per_trick_short
        100
        """
        return 0 if self.opponents_score_penalty else self.per_trick_short


# The English Bridge Union's rules for schools (docs/rules.md §1.5) and a Japanese club's guide (§1.6).
# In both the side that beats a contract scores its points: the guide's "100 × downs" taken from
# declarer's side is written as 100 a trick in the other side's column, never a minus (§1.6).
EBU = Scoring("ebu", partscore_bonus=50, game_bonus=300, per_trick_short=50, opponents_score_penalty=True)
CLUB = Scoring("club", partscore_bonus=50, game_bonus=500, per_trick_short=100, opponents_score_penalty=True)
PRESETS = {s.name: s for s in (EBU, CLUB)}


# The scoring each edition's lessons teach (docs/rules.md §1.6: the club's in the Japanese
# lessons); an edition not named here teaches the English schools' rules.
EDITION_RULES = {"ja": "club"}
_in_use = EBU  # what ``scoring_rules()`` gives: set by ``use_rules``, never by the language


def scoring_rules(rules: str | Scoring | None = None) -> Scoring:
    """A preset by name; None is the one in use (``use_rules``: the English schools' rules
    until a lesson names its edition's).

    >>> scoring_rules().name, scoring_rules("club").game_bonus
    ('ebu', 500)
    """
    if isinstance(rules, Scoring):
        return rules
    if rules is None:
        return _in_use
    preset = PRESETS.get(rules.strip().lower()) if isinstance(rules, str) else None
    if preset is None:
        raise CardError("scoring_rules", text=rules, names=", ".join(PRESETS))
    return preset


def use_rules(rules: str | Scoring) -> Scoring:
    """Score by ``rules`` whenever a score is asked without naming its rules; returns the
    rules used until now. The language of the messages never changes them.

    >>> was = use_rules("club"); score("♠ game", 8)
    -200
    >>> _ = use_rules(was); score("♠ game", 8)
    -100
    """
    global _in_use
    if rules is None:
        raise CardError("scoring_rules", text=rules, names=", ".join(PRESETS))
    was, _in_use = _in_use, scoring_rules(rules)
    return was


def edition_rules(edition: str) -> Scoring:
    """The scoring an edition's lessons teach: the club's in Japanese, else the schools'.

    >>> edition_rules("ja").name, edition_rules("en").name
    ('club', 'ebu')
    """
    if not isinstance(edition, str):
        raise CardError("wrong_kind", text=edition, example='"en", "ja"')
    return scoring_rules(EDITION_RULES.get(edition, "ebu"))


def trick_rates(denomination: Suit | None) -> tuple[int, int]:
    """Points for the first trick beyond six and for each one after it.

    >>> trick_rates(None), trick_rates(Suit.HEARTS), trick_rates(Suit.CLUBS)
    ((40, 30), (30, 30), (20, 20))
    """
    denomination = parse_denomination(denomination)
    if denomination is None:
        return 40, 30
    return (30, 30) if denomination.is_major else (20, 20)


def trick_points(denomination: Suit | None, tricks_over_six: int) -> int:
    """Points for tricks beyond six: NT 40 then 30 each, ♥/♠ 30 each, ♣/♦ 20 each."""
    first, each = trick_rates(denomination)
    if checks.whole(tricks_over_six, -13, 13) <= 0:
        return 0
    return first + each * (tricks_over_six - 1)


def _check_tricks(tricks: int) -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise CardError("tricks_range", tricks=tricks)
    return tricks


def score(contract: Contract | str, tricks: int, rules: str | Scoring | None = None) -> int:
    """The score table's number for declarer's side: negative when the contract fails.

    A negative number is what the opponents score (declarer's side scores 0, under both
    presets): ``score_hand`` says who writes what. Pupils never read it with its minus.

    >>> score("♠ game", 10), score("♠ partscore", 10), score("♠ game", 8), score("♠ game", 8, rules="club")
    (420, 170, -100, -200)
    """
    contract, rules, tricks = Contract.parse(contract), scoring_rules(rules), _check_tricks(tricks)
    if tricks < contract.tricks_needed:
        return -rules.per_trick_short * (contract.tricks_needed - tricks)
    return trick_points(contract.denomination, tricks - 6) + rules.bonus(contract)


def declarers_score(contract: Contract | str, tricks: int, rules: str | Scoring | None = None) -> int:
    """What declarer's side writes on the score pad: the score when the contract is made;
    when it fails, 0 under both presets (lesson 6: "nobody writes a minus": the defenders score).

    >>> declarers_score("♠ game", 10), declarers_score("♠ game", 8), declarers_score("♠ game", 8, rules="club")
    (420, 0, 0)
    """
    contract, rules, tricks = Contract.parse(contract), scoring_rules(rules), _check_tricks(tricks)
    if tricks < contract.tricks_needed:
        return -rules.lost_per_trick_short * (contract.tricks_needed - tricks)
    return score(contract, tricks, rules)


def signed(number: int) -> str:
    """A score as it is written: a minus sign (−, not a hyphen) before a loss.

    >>> signed(-100), signed(420)
    ('−100', '420')
    """
    number = checks.whole(number, -10**6, 10**6)
    return f"−{-number}" if number < 0 else str(number)


def score_working(contract: Contract | str, tricks: int, rules: str | Scoring | None = None,
                  declarer: Seat | str | None = None) -> str:
    """How the score is worked out, as a pupil would write it (naming the sides when
    ``declarer`` is given).

    >>> score_working("NT game", 9)
    "40 + 30 + 30 = 100 trick points, + 300 game bonus = 400 for declarer's side."
    >>> score_working("♠ partscore", 6, declarer="E")
    '1 trick short: 1 × 50 = 50 for N–S; E–W score 0.'
    >>> score_working("♥ game", 8, declarer="N")
    '2 tricks short: 2 × 50 = 100 for E–W; N–S score 0.'
    >>> score_working("NT partscore", 7, declarer="S")
    '40 trick points (the first trick over six), + 50 partscore bonus = 90 for N–S.'
    >>> score_working("♥ game", 8, rules="club", declarer="N")
    '2 tricks short: 2 × 100 = 200 for E–W; N–S score 0.'
    >>> score_working("NT partscore", 6)
    "1 trick short: 1 × 50 = 50 for the defenders; 0 for declarer's side."
    """
    contract, rules, tricks = Contract.parse(contract), scoring_rules(rules), _check_tricks(tricks)
    total = score(contract, tricks, rules)
    if declarer is None:
        ours, theirs = say("declarers_side"), say("defenders")
    else:
        side = Seat.parse(declarer).side
        ours, theirs = str(side), str(side.other)
    short = contract.tricks_needed - tricks
    if short > 0:
        key = "working_down_opponents" if rules.opponents_score_penalty else "working_down_lost"
        if declarer is None and rules.opponents_score_penalty:
            key += "_one_side"  # "0 for declarer's side", where "N–S score 0"
        short_words = say("tricks_one" if short == 1 else "tricks_many", count=short)
        return say(key, short=short_words, count=short, each=rules.per_trick_short, points=-total, side=ours, other=theirs,
                   minus=signed(total))
    over = tricks - 6
    first, each = trick_rates(contract.denomination)
    if contract.denomination is None and over == 1:  # one trick: no sum to show ("40 = 40")
        return say("working_made_partscore_one", points=first, bonus=rules.bonus(contract), total=total, side=ours)
    if contract.denomination is None:
        sum_text = " + ".join([str(first)] + [str(each)] * (over - 1))
    else:
        sum_text = say("working_times", over=over, each=each)
    return say("working_made_game" if contract.game else "working_made_partscore", sum=sum_text,
               points=trick_points(contract.denomination, over), bonus=rules.bonus(contract), total=total, side=ours)


def result_words(contract: Contract | str, tricks: int) -> str:
    """The result in words: "♠ game: 10 tricks, made (10 needed)." or "… 2 down (10 needed)."."""
    contract, tricks = Contract.parse(contract), _check_tricks(tricks)
    short = contract.tricks_needed - tricks
    if short > 0:
        return say("down", contract=contract, tricks=tricks, short=short, needed=contract.tricks_needed)
    return say("makes", contract=contract, tricks=tricks, needed=contract.tricks_needed)


@dataclass(frozen=True)
class HandScore:
    """One hand's result as the score pad writes it: what each side scores (under both presets
    never below 0), in words, with the working.

    >>> line = score_hand("N", "♥ game", 8)
    >>> line.made, line.scores[Side.NS], line.scores[Side.EW]
    (False, 0, 100)
    """

    declarer: Seat
    contract: Contract
    tricks: int
    scores: dict[Side, int]
    words: str
    working: str
    number: int = 0  # the line's number on a score pad (0: not on a pad)
    name: str = ""  # a set deal's name ("8B"), written on the pad instead of the number

    @property
    def made(self) -> bool:
        return self.contract.made(self.tricks)

    def written(self, side: Side | str) -> str:
        """What the pad writes in ``side``'s column: the score with its minus, or nothing for 0."""
        points = self.scores[Side.parse(side)]
        return signed(points) if points else ""


def score_hand(declarer: Seat | str, contract: Contract | str, tricks: int, rules: str | Scoring | None = None,
               number: int = 0) -> HandScore:
    """Who scores what for one hand, and why."""
    declarer, contract, rules = Seat.parse(declarer), Contract.parse(contract), scoring_rules(rules)
    points = score(contract, tricks, rules)
    side = declarer.side
    ours = declarers_score(contract, tricks, rules)
    scores = {side: ours, side.other: ours - points}
    return HandScore(declarer, contract, tricks, scores, result_words(contract, tricks),
                     score_working(contract, tricks, rules, declarer), number)


# --- play -----------------------------------------------------------------------------

def minibridge_deal(deal: Deal | str, whole: bool = False) -> Deal:
    """``deal`` (or its PBN text) if MiniBridge can be played with it: four hands from the 52-card
    pack, as many cards each (13 each when ``whole``: a hand from the start)."""
    deal = Deal.parse(deal)
    sizes = {len(hand) for hand in deal.hands.values()}
    if deal.pack is not BRIDGE_PACK or len(deal.hands) != 4 or len(sizes) != 1 or whole and sizes != {13}:
        raise CardError("round_not_minibridge")
    return deal


def opening_leader(declarer: Seat | str) -> Seat:
    """Who leads to the first trick, once dummy's cards are face up: declarer's left.

    >>> opening_leader("S")
    <Seat.W: 3>
    """
    return Seat.parse(declarer).left


class MiniBridgePlay(TrickPlay):
    """The play of a MiniBridge hand: declarer's left leads, declarer plays dummy's cards,
    dummy's hand is face up for everyone."""

    def __init__(self, deal: Deal, declarer: Seat | str, contract: Contract | str):
        self.deal = deal = minibridge_deal(deal)
        self.declarer = Seat.parse(declarer)
        self.dummy = self.declarer.partner
        self.contract = Contract.parse(contract)
        super().__init__(deal.hands, leader=opening_leader(self.declarer), trumps=self.contract.denomination)

    def controller(self, seat: Seat) -> Seat:
        return self.declarer if seat == self.dummy else seat

    def can_see(self, viewer: Seat, seat: Seat) -> bool:
        return viewer == seat or seat == self.dummy

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by declarer's side (declarer and dummy)."""
        return self.tricks_won(self.declarer.side)

    @property
    def made(self) -> bool:
        """Has declarer's side taken the tricks the contract needs (so far)?"""
        return self.contract.made(self.declarer_tricks)

    def score(self, rules: str | Scoring | None = None) -> int:
        """The score table's number for declarer's side (call when the play is over)."""
        return score(self.contract, self.declarer_tricks, rules)

    def hand_score(self, rules: str | Scoring | None = None) -> HandScore:
        """Who scores what, in words (call when the play is over)."""
        return score_hand(self.declarer, self.contract, self.declarer_tricks, rules)

    def result_words(self) -> str:
        return result_words(self.contract, self.declarer_tricks)


def start_play(deal: Deal, declarer: Seat | str, contract: Contract | str) -> MiniBridgePlay:
    """Begin the play: the player on declarer's left leads.

    >>> game = start_play(Deal.random(seed=2), declarer="S", contract="♠ game")
    >>> game.to_play, game.dummy
    (<Seat.W: 3>, <Seat.N: 0>)
    """
    return MiniBridgePlay(deal, declarer, contract)


# --- a whole hand, phase by phase -------------------------------------------------------

class Round(RoundBase):
    """One MiniBridge hand from the deal to the score, phase by phase, so that every table,
    a printed hand record and a table several pupils share show one state:

    - "redeal": both sides hold 20 points, the hand is thrown in (``Action("redeal")``);
    - "contract": declarer looks at dummy and names the contract (``Action("contract", ...)``);
    - "play": the 13 tricks, card by card (``Action("card", ...)``);
    - "over": ``result()`` says who scores what.

    It answers as every round does (docs/protocol.md): ``act(action)`` is the one door
    (``choose_contract``, ``play`` and ``redeal`` go through it), ``actions`` lists what was
    done, ``Round(..., actions=round.actions)`` rebuilds the same state, ``undo()`` takes the
    last action back. A refused action raises IllegalPlay in words and changes nothing.

    >>> r = Round(number=1)
    >>> r.phase, r.declarer, r.to_act
    ('contract', <Seat.N: 0>, <Seat.N: 0>)
    >>> r.choose_contract("NT partscore"); r.play(r.game.legal_plays()[0]); r.actions[-1]
    Action(kind='card', value=Card("♠Q"))
    >>> Round(number=1, actions=r.actions).game.snapshot() == r.game.snapshot()
    True
    """

    KINDS = ("redeal", "contract", "card")
    ALIASES = {"play": "card"}

    def __init__(self, deal: Deal | str | None = None, number: int | None = None, rules: str | Scoring | None = None,
                 deal_set: str = "minibridge", actions: Iterable = ()):
        if deal is None:
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 9999:
                raise CardError("round_number", number=number)
            deal = Deal.numbered(number, deal_set)
        self.first_deal = minibridge_deal(deal, whole=True)
        self.number, self.deal_set, self.rules = number, deal_set, scoring_rules(rules)
        self._replay(actions)

    def _begin(self) -> None:
        self.deal = self.first_deal
        self.redeals = 0
        self.contract: Contract | None = None
        self.game: MiniBridgePlay | None = None

    def __repr__(self) -> str:
        start = f"number={self.number}" if self.number is not None and self.first_deal == Deal.numbered(
            self.number, self.deal_set) else repr(self.first_deal)
        rules = "" if self.rules is scoring_rules() else f', rules="{self.rules.name}"'
        return f"Round({start}{rules}, actions={[action_text(a) for a in self.actions]!r})"

    # --- asking ---
    @property
    def declarer(self) -> Seat | None:
        """Declarer's seat (None while the hand is thrown in)."""
        return declarer(self.deal)

    @property
    def dummy(self) -> Seat | None:
        return None if self.declarer is None else self.declarer.partner

    @property
    def announcements(self) -> list[tuple[Seat, int]]:
        return announcements(self.deal)

    @property
    def phase(self) -> str:
        if self.game is not None:
            return "over" if self.game.is_over else "play"
        return "redeal" if self.declarer is None else "contract"

    @property
    def to_act(self) -> Seat | None:
        """Who acts now: the dealer deals again a hand thrown in; declarer names the contract; in
        play, the player who chooses the card (declarer for dummy); None once over."""
        phase = self.phase
        if phase == "redeal":
            return self.deal.dealer
        if phase == "contract":
            return self.declarer
        return self.game.controller(self.game.to_play) if phase == "play" else None

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "redeal":
            return [Action("redeal")]
        if phase == "contract":
            return [Action("contract", c) for c in CONTRACTS]
        return [Action("card", c) for c in self.game.legal_plays()] if phase == "play" else []

    @property
    def declarer_tricks(self) -> int:
        return 0 if self.game is None else self.game.declarer_tricks

    def result(self, rules: str | Scoring | None = None) -> HandScore:
        """Who scores what, in words (once the play is over)."""
        if self.phase != "over":
            raise CardError("round_not_over", left=13 - (0 if self.game is None else len(self.game.tricks)))
        return score_hand(self.declarer, self.contract, self.declarer_tricks, self.rules if rules is None else rules)

    # --- changing: one door ---
    def _read(self, kind: str, value):
        if kind == "contract":
            return Contract.parse(value) if isinstance(value, (str, Contract)) else Contract(value)
        if kind == "card":
            return Card.parse(value)
        if value is not None:
            raise CardError("action_form", text=f"{kind} {value}", kinds=", ".join(self.KINDS))
        return None

    def _why_not(self, action: Action) -> tuple[str, dict]:
        phase = self.phase
        if action.kind == "redeal" and phase != "redeal":
            return "round_no_redeal", {}
        if action.kind == "contract" and phase != "contract":
            return ("round_redeal_first" if phase == "redeal" else "round_contract_chosen"), {}
        if action.kind == "card" and self.game is None:
            return ("round_redeal_first" if phase == "redeal" else "round_contract_first"), {
                "declarer": getattr(self.declarer, "word", "")}
        return super()._why_not(action)

    def _apply(self, action: Action) -> None:
        if action.kind == "redeal":
            self.redeals += 1
            start = self.first_deal.to_pbn() if self.number is None else f"{self.deal_set}:{self.number}"
            self.deal = Deal.random(seed=f"{start}:redeal {self.redeals}", dealer=self.first_deal.dealer)
        elif action.kind == "contract":
            self.game = start_play(self.deal, self.declarer, action.value)
            self.contract = action.value
        else:
            self.game.play(action.value)

    def redeal(self) -> None:
        """Throw in a hand where both sides hold 20 and deal again (the same dealer)."""
        self.act(Action("redeal"))

    def choose_contract(self, contract: Contract | str, seat: Seat | str | None = None) -> None:
        """Declarer (``seat``, if given, must be declarer) names the contract; the play starts."""
        if seat is not None and self.declarer is not None and Seat.parse(seat) != self.declarer:
            raise CardError("round_not_declarer", seat=Seat.parse(seat).word, declarer=self.declarer.word)
        self.act(Action("contract", contract))

    def play(self, card: Card | str, seat: Seat | str | None = None) -> None:
        """The player to play (``seat``, if given, must be the one who chooses it) plays ``card``."""
        if seat is not None and self.phase == "play" and Seat.parse(seat) != self.to_act:
            raise IllegalPlay("not_your_turn", seat=self.to_act.word, other=Seat.parse(seat).word)
        self.act(Action("card", card))


# --- the score pad --------------------------------------------------------------------

@dataclass
class ScorePad:
    """Adds up the hands per side, a line a hand. A failed contract's points go to the
    opponents under both presets (the club's 100 a trick too: docs/rules.md §1.6), so no
    total is below 0. With ``deals`` set the pad is over after that many hands.

    >>> pad = ScorePad()
    >>> pad.add("S", "♠ game", 10).scores[Side.NS], pad.add("E", "NT partscore", 6).scores[Side.NS]
    (420, 50)
    >>> pad.totals[Side.NS], pad.is_over
    (470, False)
    """

    rules: Scoring | str | None = None
    deals: int | None = None
    lines: list[HandScore] = field(default_factory=list)

    def __post_init__(self):
        self.rules = scoring_rules(self.rules)
        if self.deals is not None:
            self.deals = checks.whole(self.deals, 1, 1000)
        self.lines = list(checks.many(self.lines))

    def add(self, declarer: Seat | str, contract: Contract | str, tricks: int, name: str = "") -> HandScore:
        """Write one hand's result on the pad (``name``: a set deal's, "8B", shown instead of
        the line's number); returns the line written. A pad that is over takes no more."""
        if self.is_over:
            raise CardError("pad_full", deals=self.deals)
        if not isinstance(name, str):
            raise CardError("wrong_kind", text=name, example='"8B"')
        line = replace(score_hand(declarer, contract, tricks, self.rules, number=len(self.lines) + 1), name=name)
        self.lines.append(line)
        return line

    @property
    def totals(self) -> dict[Side, int]:
        return {s: sum(line.scores[s] for line in self.lines) for s in Side}

    def written_total(self, side: Side | str) -> str:
        """The total under ``side``'s column, with its minus."""
        return signed(self.totals[Side.parse(side)])

    @property
    def is_over(self) -> bool:
        return self.deals is not None and len(self.lines) >= self.deals

    @property
    def winner(self) -> Side | None:
        """The side ahead once the pad is over (None before, or for a draw)."""
        totals = self.totals
        if not self.is_over or totals[Side.NS] == totals[Side.EW]:
            return None
        return max(totals, key=totals.get)

    def _repr_html_(self) -> str:
        from cardlib import render

        return render.score_pad_html(self)
