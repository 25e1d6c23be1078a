"""Computer players for MiniBridge and Manille, at two levels: ``Beginner`` and ``ClubPlayer``.

A bot sees only what its player may see. ``View.of(game, seat)`` copies the visible hands
(one's own, and dummy's in MiniBridge), the cards played and the contract or trumps; the
strategy functions receive only that view, never the game, so they cannot peek.

>>> from cardlib import Deal, minibridge
>>> deal = Deal.random(seed=3)
>>> declarer = minibridge.declarer(deal)
>>> game = minibridge.start_play(deal, declarer, choose_contract(deal, declarer))
>>> game = play_out(game, {seat: make("minibridge", "club", seed=1) for seat in game.seats})
>>> game.is_over
True
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from cardlib.cards import Card, Pack, Rank, Suit
from cardlib.deal import Deal
from cardlib.hand import Hand
from cardlib.manille import card_points
from cardlib.messages import CardError, IllegalPlay
from cardlib.minibridge import Contract, MiniBridgePlay, suggest_contract
from cardlib.play import Trick, TrickPlay
from cardlib.seats import Seat

GAMES = ("minibridge", "manille")
LEVELS = ("beginner", "club")


# --- what a player may see ------------------------------------------------------------------

@dataclass(frozen=True)
class View:
    """Everything the player choosing for ``seat`` may know, and nothing else.

    >>> from cardlib import Deal, minibridge
    >>> game = minibridge.start_play(Deal.random(seed=2), declarer="S", contract="♠ game")
    >>> view = View.of(game, game.to_play)
    >>> sorted(s.name for s in view.hands)   # West sees West and dummy (North)
    ['N', 'W']
    """

    game: str
    seat: Seat  # the seat whose card is chosen
    player: Seat  # who chooses it (declarer chooses dummy's cards)
    hands: Mapping[Seat, tuple[Card, ...]]  # only the hands the player may see
    legal: tuple[Card, ...]
    current: tuple[tuple[Seat, Card], ...]
    tricks: tuple[Trick, ...]
    order: tuple[Seat, ...]  # every seat, in playing order from this trick's leader
    team: frozenset[Seat]  # the seats on ``seat``'s side
    trumps: Suit | None
    pack: Pack
    declarer: Seat | None = None
    contract: Contract | None = None

    @classmethod
    def of(cls, game: TrickPlay, seat: Seat | str) -> View:
        """The view of the player who chooses the card for ``seat`` (whose turn it is)."""
        seat = Seat.parse(seat)
        if seat != game.to_play:
            raise CardError("not_your_turn", seat=game.to_play.word, other=seat.word)
        player = game.controller(seat)
        start = game.seats.index(game.leader)
        bridge = isinstance(game, MiniBridgePlay)
        return cls(
            game="minibridge" if bridge else "manille",
            seat=seat,
            player=player,
            hands={s: tuple(h) for s, h in game.hands.items() if game.can_see(player, s)},
            legal=tuple(game.legal_plays()),
            current=tuple(game.current),
            tricks=tuple(game.tricks),
            order=game.seats[start:] + game.seats[:start],
            team=frozenset(game.team_of(seat)),
            trumps=game.trumps,
            pack=game.pack,
            declarer=game.declarer if bridge else None,
            contract=game.contract if bridge else None,
        )

    # --- facts worked out from the view ---
    @property
    def mine(self) -> tuple[Card, ...]:
        return self.hands[self.seat]

    @property
    def led(self) -> Suit | None:
        return self.current[0][1].suit if self.current else None

    @property
    def after(self) -> tuple[Seat, ...]:
        """The seats still to play to this trick after ``seat``."""
        return self.order[len(self.current) + 1:]

    @cached_property
    def played(self) -> frozenset[Card]:
        return frozenset(c for t in self.tricks for c in t.cards) | {c for _, c in self.current}

    @cached_property
    def unseen(self) -> frozenset[Card]:
        """Cards neither played nor in a hand the player can see."""
        visible = {c for h in self.hands.values() for c in h}
        return frozenset(c for c in self.pack.cards if c not in visible and c not in self.played)

    @cached_property
    def _unseen_top(self) -> dict[Suit, int]:
        """The strength of the best unseen card of each suit (-1: none out)."""
        top = {s: -1 for s in Suit}
        strength = self.pack.strength
        for c in self.unseen:
            top[c.suit] = max(top[c.suit], strength[c.index])
        return top

    @cached_property
    def _unseen_count(self) -> dict[Suit, int]:
        count = {s: 0 for s in Suit}
        for c in self.unseen:
            count[c.suit] += 1
        return count

    @cached_property
    def voids(self) -> dict[Seat, set[Suit]]:
        """Suits each seat has shown out of (failed to follow)."""
        out: dict[Seat, set[Suit]] = {s: set() for s in self.order}
        for plays in [t.plays for t in self.tricks] + [self.current]:
            if plays:
                led = plays[0][1].suit
                for s, c in plays[1:]:
                    if c.suit is not led:
                        out[s].add(led)
        return out

    @property
    def hidden(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.order if s not in self.hands)

    @property
    def winning(self) -> tuple[Seat, Card]:
        """The seat and card winning the trick so far."""
        best_seat, best = self.current[0]
        for s, c in self.current[1:]:
            if self.beats(c, best):
                best_seat, best = s, c
        return best_seat, best

    def strength(self, card: Card) -> int:
        return self.pack.strength[card.index]

    def suit(self, seat: Seat, suit: Suit) -> list[Card]:
        """A visible hand's cards of one suit, strongest first."""
        return [c for c in self.hands[seat] if c.suit is suit]

    def beats(self, card: Card, best: Card) -> bool:
        """Would ``card`` take the trick from ``best``, the card now winning it?"""
        if card.suit is best.suit:
            return self.pack.strength[card.index] > self.pack.strength[best.index]
        return card.suit is self.trumps

    def is_master(self, card: Card) -> bool:
        """Is every higher card of its suit played or in a hand the player can see?"""
        return self._unseen_top[card.suit] < self.pack.strength[card.index]

    def beatable(self, card: Card) -> bool:
        """Could an opponent still to play take the trick from ``card``, as far as the player knows?"""
        led = self.led or card.suit
        for s in self.after:
            if s in self.team:
                continue
            if s in self.hands:
                cards = self.hands[s]
                pool = [c for c in cards if c.suit is led] or cards
                if any(self.beats(c, card) for c in pool):
                    return True
            elif self._hidden_may_beat(s, card, led):
                return True
        return False

    def _hidden_may_beat(self, seat: Seat, card: Card, led: Suit) -> bool:
        void = self.voids[seat]
        if card.suit is led and led not in void and self._unseen_top[led] > self.strength(card):
            return True
        trumps = self.trumps
        if trumps is None or led is trumps or trumps in void or not self._unseen_count[trumps]:
            return False
        may_be_void = led in void or self._unseen_count[led] < len(self.hidden)
        if not may_be_void:
            return False
        return card.suit is not trumps or self._unseen_top[trumps] > self.strength(card)

    def lowest_equal(self, card: Card) -> Card:
        """The lowest of the player's cards worth the same as ``card`` in this trick: every
        card between them is played, ours, or held by someone who has already played.
        (K from K-Q: "only as high as needed".)"""
        alive = set(self.unseen)
        for s in self.after:
            if s not in self.team and s in self.hands:
                alive.update(self.hands[s])
        mine = self.suit(self.seat, card.suit)
        best = card
        for c in self.pack.cards:
            if c.suit is not card.suit or self.strength(c) >= self.strength(card):
                continue
            if c in alive:
                break
            if c in mine:
                best = c
        return best


# --- small helpers -----------------------------------------------------------------------

def _pick(rng: random.Random, cards: Iterable[Card], key: Callable) -> Card:
    """The card with the smallest key; equal keys are settled by the bot's own dice."""
    cards = list(cards)
    best = min(key(c) for c in cards)
    ties = [c for c in cards if key(c) == best]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def _lowest(v: View, cards: Iterable[Card], rng: random.Random) -> Card:
    """The weakest card, keeping trumps if possible."""
    return _pick(rng, cards, lambda c: (c.suit is v.trumps, v.strength(c)))


def _by_suit(cards: Iterable[Card]) -> dict[Suit, list[Card]]:
    out: dict[Suit, list[Card]] = {}
    for c in cards:
        out.setdefault(c.suit, []).append(c)
    return out


# --- Beginner: legal and plausible ---------------------------------------------------------

def beginner_card(v: View, rng: random.Random) -> Card:
    """A beginner's card: leads the top of its longest suit; follows with the lowest card
    that wins unless partner is winning, otherwise the lowest."""
    legal = v.legal
    if not v.current:
        suits = _by_suit(legal)
        longest = _pick(rng, [cards[0] for cards in suits.values()], lambda c: -len(suits[c.suit]))
        return longest
    seat, best = v.winning
    if seat in v.team:
        return _lowest(v, legal, rng)
    winners = [c for c in legal if v.beats(c, best)]
    return _pick(rng, winners, v.strength) if winners else _lowest(v, legal, rng)


# --- ClubPlayer, MiniBridge ----------------------------------------------------------------

def club_minibridge_card(v: View, rng: random.Random) -> Card:
    """A club player's card in MiniBridge (see the module's tips: TEACHING.md §5)."""
    if v.current:
        return _bridge_follow(v, rng)
    if v.player == v.declarer:
        return _declarer_lead(v, rng)
    return _defender_lead(v, rng)


def _bridge_follow(v: View, rng: random.Random) -> Card:
    legal = v.legal
    seat, best = v.winning
    ours = seat in v.team
    last = not v.after
    sure = ours and (last or not v.beatable(best))
    if legal[0].suit is not v.led:  # cannot follow suit
        trumps = [c for c in legal if c.suit is v.trumps]
        if trumps and not sure:  # don't trump partner's sure winner
            ruffs = [c for c in trumps if v.beats(c, best)]
            if ruffs:
                safe = [c for c in ruffs if not v.beatable(c)]
                return _pick(rng, safe or ruffs, v.strength)
        return _bridge_discard(v, [c for c in legal if c.suit is not v.trumps] or legal, rng)
    low = _pick(rng, legal, v.strength)
    if sure:
        return low
    winners = [c for c in legal if v.beats(c, best)]
    if not winners:
        return low
    if last:
        return _pick(rng, winners, v.strength)
    if len(v.current) == 1:  # second hand
        if best.rank >= Rank.TEN and not _touching_below(v, seat, best):
            return _pick(rng, winners, v.strength)  # cover an honour with an honour
        sure_winners = [c for c in winners if v.is_master(c) and not v.beatable(c)]
        if sure_winners:  # a trick that cannot be lost later is taken now
            return _pick(rng, sure_winners, v.strength)
        return low  # second hand low
    # third hand high, but only as high as needed
    safe = [c for c in winners if not v.beatable(c)]
    if safe:
        return _pick(rng, safe, v.strength)
    card = v.lowest_equal(max(winners, key=v.strength))
    if ours and (best.rank >= Rank.TEN or not v.beats(card, best)):
        return low  # partner's honour is doing the work
    return card


def _touching_below(v: View, seat: Seat, card: Card) -> bool:
    """Does the visible hand that played ``card`` hold the next card down (Q led from Q-J)?
    Then wait to cover the last honour."""
    if seat not in v.hands:
        return False
    below = [c for c in v.pack.cards if c.suit is card.suit and v.strength(c) < v.strength(card)
             and c not in v.played]
    return bool(below) and below[0] in v.hands[seat]


def _bridge_discard(v: View, cards: list[Card], rng: random.Random) -> Card:
    """Throw a loser: not a winner, not from a suit with a winner or an honour to guard."""
    suits = _by_suit(v.mine)

    def key(c: Card):
        held = suits.get(c.suit, [])
        return (c.suit is v.trumps, v.is_master(c), any(v.is_master(x) for x in held),
                any(x.rank >= Rank.JACK for x in held), len(held) >= 4, v.strength(c))
    return _pick(rng, cards, key)


def _declarer_lead(v: View, rng: random.Random) -> Card:
    me = _by_suit(v.legal)
    other = _by_suit(v.hands[v.seat.partner])
    trumps = v.trumps
    out_trumps = v._unseen_count[trumps] if trumps is not None else 0
    opponents = [s for s in v.order if s not in v.team]
    # 1. draw trumps while the opponents have some and we have more
    if trumps in me and out_trumps and len(me[trumps]) + len(other.get(trumps, [])) > out_trumps:
        mine = me[trumps]
        masters = [c for c in mine if v.is_master(c)]
        if masters:
            short = len(mine) <= len(other.get(trumps, []))
            return masters[0] if short else v.lowest_equal(masters[0])
        if any(v.is_master(c) for c in other.get(trumps, [])):
            return mine[-1]  # low towards the top trump opposite
        return _sequence_top(v, mine) or mine[-1]

    def ruff_risk(suit: Suit) -> bool:
        return bool(out_trumps) and suit is not trumps and any(suit in v.voids[s] for s in opponents)

    # 2. in no trumps, first set up a long suit (7+ cards together) while we still hold stoppers
    if trumps is None:
        long = max(me, key=lambda suit: len(me[suit]) + len(other.get(suit, [])))
        both = me[long][:1] + other.get(long, [])[:1]
        if len(me[long]) + len(other.get(long, [])) >= 7 and not v.is_master(max(both, key=v.strength)):
            return _sequence_top(v, me[long]) or me[long][-1]
    # 3. cash winners, high from the short side first
    plans = []
    for suit, mine in me.items():
        if suit is trumps and out_trumps == 0 and len(me) > 1:
            continue  # no need to lead trumps the opponents no longer hold
        theirs = other.get(suit, [])
        top = max(mine[:1] + theirs[:1], key=v.strength)
        if not v.is_master(top) or ruff_risk(suit):
            continue
        if top in theirs:
            plans.append(((1, len(mine)), mine[-1]))  # over to the winner opposite
        else:
            plans.append(((0, len(mine) - len(theirs)), mine[0]))
    if plans:
        keys = {card: key for key, card in plans}
        return _pick(rng, keys, keys.get)
    # 4. set up the longest suit: knock out their high cards
    def length_key(c: Card):
        suit = c.suit
        return (suit is trumps, ruff_risk(suit), -(len(me[suit]) + len(other.get(suit, []))))
    suit = _pick(rng, [cards[0] for cards in me.values()], length_key).suit
    mine = me[suit]
    return _sequence_top(v, mine) or mine[-1]


def _sequence_top(v: View, cards: list[Card]) -> Card | None:
    """The top of a sequence of honours (K from K-Q-J, Q from Q-J-10), if the cards have one."""
    if len(cards) < 2 or cards[0].rank < Rank.TEN:
        return None
    top = cards[0]
    if v.lowest_equal(top) != top or _next_card(v, top) in v.hands.get(v.seat.partner, ()):
        return top
    return None


def _next_card(v: View, card: Card) -> Card | None:
    """The next lower card of the suit not yet played."""
    for c in v.pack.cards:
        if c.suit is card.suit and v.strength(c) < v.strength(card) and c not in v.played:
            return c
    return None


def _defender_lead(v: View, rng: random.Random) -> Card:
    me = _by_suit(v.legal)
    trumps = v.trumps
    dummy = v.declarer.partner
    dummy_cards = _by_suit(v.hands.get(dummy, ()))
    side = [s for s in me if s is not trumps] or list(me)
    out_trumps = v._unseen_count[trumps] if trumps is not None else 0
    dummy_trumps = bool(dummy_cards.get(trumps)) if trumps is not None else False

    def ruff_risk(suit: Suit) -> bool:
        if trumps is None or suit is trumps:
            return False
        declarer_ruffs = suit in v.voids[v.declarer] and out_trumps > 0
        return declarer_ruffs or (suit not in dummy_cards and dummy_trumps)

    if not v.tricks:  # the opening lead
        tops = [c for c in (_sequence_top(v, me[s]) for s in side) if c is not None]
        if tops:
            return _pick(rng, tops, lambda c: (-len(me[c.suit]), -v.strength(c)))
        if trumps is not None and trumps in me:
            singles = [me[s][0] for s in side if len(me[s]) == 1 and me[s][0].rank < Rank.ACE]
            if singles:
                return _pick(rng, singles, v.strength)  # hoping to trump later
        no_ace = [s for s in side if me[s][0].rank != Rank.ACE] if trumps is not None else side
        suit = _pick(rng, [me[s][0] for s in (no_ace or side)], lambda c: -len(me[c.suit])).suit
        return _from_length(me[suit])

    # later leads: in no trumps keep setting up the suit we led first
    first = next((t.suit_led for t in v.tricks if t.leader == v.seat), None)
    if trumps is None and len(me.get(first, ())) >= 3 and not v.is_master(me[first][0]):
        return _sequence_top(v, me[first]) or me[first][-1]
    # then cash winners, return partner's suit, lead through dummy's honours
    masters = [me[s][0] for s in side if v.is_master(me[s][0]) and not ruff_risk(s)]
    if masters:
        return _pick(rng, masters, lambda c: -len(me[c.suit]))
    partner = v.seat.partner
    partner_led = [t.suit_led for t in v.tricks if t.leader == partner and t.suit_led in me]
    if partner_led and not ruff_risk(partner_led[0]):
        cards = me[partner_led[0]]
        return cards[0] if len(cards) <= 2 else cards[-1]
    dummy_next = v.order[1] == dummy

    def key(c: Card):
        theirs = dummy_cards.get(c.suit, [])
        honour = bool(theirs) and theirs[0].rank >= Rank.TEN
        # through dummy's honours when dummy plays next; towards its weakness when it plays last
        good = honour if dummy_next else not honour
        return (ruff_risk(c.suit), c.suit is trumps, not good, -len(me[c.suit]))
    suit = _pick(rng, [me[s][0] for s in me], key).suit
    return _sequence_top(v, me[suit]) or _from_length(me[suit])


def _from_length(cards: list[Card]) -> Card:
    """Lead from a long suit: the fourth highest; top of two; the only card."""
    if len(cards) >= 4:
        return cards[3]
    return cards[0] if len(cards) <= 2 else cards[-1]


# --- ClubPlayer, Manille -------------------------------------------------------------------

def club_manille_card(v: View, rng: random.Random) -> Card:
    """A club player's card in Manille: take points with the 10 and the ace, load points on
    partner's sure tricks, give the opponents as few points as possible."""
    if v.current:
        return _manille_follow(v, rng)
    return _manille_lead(v, rng)


def _manille_lead(v: View, rng: random.Random) -> Card:
    me = _by_suit(v.legal)
    trumps = v.trumps
    opponents = [s for s in v.order if s not in v.team]
    out_trumps = v._unseen_count[trumps] if trumps is not None else 0
    # No drawing trumps: the top trumps are kept to take the points (playing 3,000 deals
    # against beginners, leading them gained 2.5 card points a deal, keeping them 3.3).
    def ruff_risk(suit: Suit) -> bool:
        return bool(out_trumps) and suit is not trumps and any(suit in v.voids[s] for s in opponents)

    masters = [cards[0] for s, cards in me.items() if s is not trumps and v.is_master(cards[0]) and not ruff_risk(s)]
    if masters:
        return _pick(rng, masters, lambda c: -card_points(c))

    def key(c: Card):
        ace_alone = c.rank == Rank.ACE and not v.is_master(c)  # the 10 of the suit is still out
        return (ace_alone, ruff_risk(c.suit), c.suit is trumps, card_points(c), len(me[c.suit]), v.strength(c))
    return _pick(rng, v.legal, key)


def _manille_follow(v: View, rng: random.Random) -> Card:
    legal = v.legal
    seat, best = v.winning
    ours = seat in v.team
    last = not v.after
    if ours and (last or not v.beatable(best)):
        # charger: load points on partner's sure trick, but keep trumps
        return _pick(rng, legal, lambda c: (c.suit is v.trumps, v.strength(c) if c.suit is v.trumps else -card_points(c),
                                            v.strength(c)))
    winners = [c for c in legal if v.beats(c, best)]
    safe = [c for c in winners if last or not v.beatable(c)]
    if safe:
        # take the trick; a card that would win later anyway is kept for later
        return _pick(rng, safe, lambda c: (c.suit is v.trumps, v.is_master(c) and len(safe) > 1,
                                           -card_points(c), v.strength(c)))
    if winners and not ours:
        cheap = [c for c in winners if card_points(c) == 0]
        if cheap:
            return _pick(rng, cheap, v.strength)  # a try that costs nothing
    return _pick(rng, legal, lambda c: (card_points(c), c.suit is v.trumps, v.is_master(c), v.strength(c)))


def choose_trumps(hand: Hand | Iterable[Card | str]) -> Suit | None:
    """A Manille dealer's trumps: the longest suit (the strongest of equal ones), or no
    trumps (None) with a balanced hand holding 24 card points or more.

    >>> choose_trumps("♠10A7 ♥K8 ♦Q9 ♣J").symbol
    '♠'
    >>> choose_trumps("♠10A ♥10A ♦10K ♣AK") is None
    True
    """
    cards = list(Hand.parse(hand) if isinstance(hand, str) else Hand(hand))
    suits = _by_suit(cards)
    lengths = [len(suits.get(s, [])) for s in Suit]
    if min(lengths) >= 1 and max(lengths) <= 3 and sum(card_points(c) for c in cards) >= 24:
        return None
    return max(suits, key=lambda s: (len(suits[s]), sum(card_points(c) for c in suits[s]), s))



def wants_to_tap(hand: Hand | Iterable[Card | str], trumps: Suit | None) -> bool:
    """Does a Manille player tap the table (double the deal) against these trumps?

    A tap says "our pair will take more than 30". Tap with half the pack's points in one
    hand (15 of 60 is already a quarter), or with the 10 and the ace of the trump suit.

    >>> wants_to_tap("♠10A7 ♥10A ♦10 ♣AK", Suit.HEARTS)
    True
    >>> wants_to_tap("♠987 ♥87 ♦97 ♣J", Suit.SPADES)
    False
    """
    cards = list(Hand.parse(hand) if isinstance(hand, str) else Hand(hand))
    points = sum(card_points(c) for c in cards)
    trump_top = trumps is not None and {Card(trumps, "10"), Card(trumps, "A")} <= set(cards)
    return points >= 22 or (trump_top and points >= 15)

# --- the players ---------------------------------------------------------------------------

Strategy = Callable[[View, random.Random], Card]


class Bot:
    """A computer player: ``bot.choose(game, seat)`` is the card it plays for ``seat``.

    It chooses from a ``View`` only, and its dice come from its own seed, so the same
    seed and the same visible cards give the same choices.
    """

    level = ""
    strategies: dict[str, Strategy] = {}

    def __init__(self, seed: int | str = 0, game: str | None = None):
        self.seed = seed
        self.game = game
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}, game={self.game!r})"

    def choose(self, game: TrickPlay, seat: Seat | str | None = None) -> Card:
        """The card this bot plays for ``seat`` (whose turn it is; by default the player to play).

        >>> from cardlib import Deal, minibridge
        >>> game = minibridge.start_play(Deal.random(seed=2), declarer="S", contract="♠ game")
        >>> Beginner(seed=0).choose(game) in game.legal_plays()
        True
        """
        if game.is_over:
            raise IllegalPlay("play_over")
        view = View.of(game, game.to_play if seat is None else seat)
        if self.game is not None and view.game != self.game:
            raise CardError("bot_wrong_game", game=self.game, other=view.game)
        if len(view.legal) == 1:
            return view.legal[0]
        return self.strategies[view.game](view, self.rng)


class Beginner(Bot):
    """Plays legal, plausible cards: leads the top of its longest suit, wins a trick with
    the cheapest card that does when partner is not winning it, otherwise plays low."""

    level = "beginner"
    strategies = {"minibridge": beginner_card, "manille": beginner_card}


class ClubPlayer(Bot):
    """Plays as a club player would: second hand low (but takes a trick nobody can beat),
    third hand high (only as high as needed), covers an honour with an honour, never trumps
    partner's winner, leads the top of a sequence or from length; as declarer draws trumps,
    sets up a long suit in no trumps and cashes winners, high from the short side. In
    Manille it keeps the 10 and the ace to take points, never leads an ace while the 10 is
    out, and puts points on partner's sure tricks (charger)."""

    level = "club"
    strategies = {"minibridge": club_minibridge_card, "manille": club_manille_card}


BOTS: dict[str, type[Bot]] = {"beginner": Beginner, "club": ClubPlayer}


def make(game: str = "minibridge", level: str = "beginner", seed: int | str = 0) -> Bot:
    """A computer player for a game ("minibridge" or "manille") at a level ("beginner" or "club").

    >>> make("manille", "club", seed=4)
    ClubPlayer(seed=4, game='manille')
    """
    name = str(game).strip().lower()
    if name not in GAMES:
        raise CardError("bot_game", text=game, names=", ".join(GAMES))
    kind = BOTS.get(str(level).strip().lower())
    if kind is None:
        raise CardError("bot_level", text=level, names=", ".join(LEVELS))
    return kind(seed=seed, game=name)


def play_out(game: TrickPlay, players: Mapping[Seat, Bot] | Bot) -> TrickPlay:
    """Let the bots play every remaining card (the player choosing for dummy is declarer's
    bot); returns the same game, now over.

    ``players`` maps seats to bots, or is one bot for every seat.
    """
    while not game.is_over:
        seat = game.to_play
        bot = players if isinstance(players, Bot) else players[game.controller(seat)]
        game.play(bot.choose(game, seat))
    return game


def choose_contract(deal: Deal, declarer: Seat | str) -> Contract:
    """A bot declarer's contract, after seeing dummy: the coach's suggestion.

    >>> d = Deal.from_pbn("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    >>> str(choose_contract(d, "E"))
    'NT partscore'
    """
    declarer = Seat.parse(declarer)
    return suggest_contract(deal[declarer], deal[declarer.partner]).contract
