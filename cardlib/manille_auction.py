"""Auction Manille (docs/rules.md §2.6): 3 to 7 players, each for themselves, one declarer
against all the others, in the rule book's three forms:

- form 1, "widow": a widow of 2 or 4 cards; the privilege offered from the eldest round the
  table until someone takes it; the declarer draws from the widow and discards (perhaps the
  card just drawn), again and again until satisfied, and only then names trumps; the target
  is 21 points from cards and tricks (15 with four or more players); the winnings fall with
  each card drawn (``AuctionRules.scale``);
- form 2, "bids": sevens taken out so all hold the same number of cards; rising bids of
  points (or of all the tricks) from the eldest, a pass is final; the highest bidder names
  trumps; a bid is won or lost as bid;
- form 3, "layouts": played as form 2, with a widow laid out face up and face down by the
  number of players, which the highest bidder may exchange with before naming trumps; ×2 for
  promising all the tricks, ×2 for no exchange, ×4 for both.

Points from cards and tricks: each card's points and 1 a trick (docs/rules.md §3). Players are
numbered 0 to n − 1 in the order of play; player 0 deals the first deal. ``AuctionRound``
follows the rounds' protocol (``cardlib.play.Action``): ``AuctionRound(..., actions=...)``
rebuilds a round from its ``actions``."""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from cardlib import checks
from cardlib.cards import PIQUET_PACK, Card, Rank, Suit
from cardlib.manille import EN_FACE, PACK_POINTS, card_points, parse_trumps
from cardlib.messages import CardError, IllegalPlay, say
from cardlib.play import Action, winner_of

PACK = PIQUET_PACK
FORMS = (1, 2, 3)
PLAYERS = range(3, 8)
WIDOW = {3: 2, 4: 4, 5: 2, 6: 2, 7: 4}  # form 1: the widow that leaves the same number each
LAYOUT = {3: (2, 3), 4: (2, 2), 5: (1, 1), 6: (1, 1), 7: (2, 2)}  # form 3: (face up, face down)
SEVENS_OUT = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)  # form 2: which sevens go first
ALL = "all"  # the bid to take all the tricks: above every bid of points
TRUMP_CHOICES = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)


def player_word(player: int) -> str:
    """How a player is named at the table: "Player 1" for player 0."""
    number = player + 1 if isinstance(player, int) and not isinstance(player, bool) else player
    return say("auction_player", number=number)


def _points_words(points: int) -> str:
    """A number of points paid, in words: "1 point", "3 points" (in Japanese "1点")."""
    return say("points_one" if points == 1 else "points_many", count=points)


def bid_words(bid: int | str) -> str:
    """A bid in words: "20 points", or "all the tricks"."""
    return say("auction_bid_all") if bid == ALL else say("auction_bid_points", points=bid)


def _whole(value, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def action_words(action: Action) -> tuple:
    """An action as text that ``act`` reads back: ``("draw",)``, ``("discard", "S7")``,
    ``("bid", 21)``, ``("trumps", "♥")``, ``("trumps", "NT")``."""
    kind, value = action
    if value is None:
        return ("trumps", "NT") if kind == "trumps" else (kind,)
    if isinstance(value, Card):
        return kind, value.letters
    return kind, value.symbol if isinstance(value, Suit) else value


@dataclass(frozen=True)
class AuctionRules:
    """One club's Auction Manille. ``scale``: form 1's winnings for 0, 1, 2, ... cards drawn
    (default: one more than the widow's size for none, one less for each card); ``deals``:
    the match's length (default: each player deals once); ``target``: form 1's goal, None for
    the rule book's 21 (15 with four or more players); ``start``: what each player starts the
    match with, so that paying moves points from one player to another and no total goes below
    0 (the course's choice, docs/rules.md §3; default 20 for form 1, 500 for form 2, 1000 for form 3)."""

    form: int = 1
    players: int = 4
    scale: tuple[int, ...] | None = None
    deals: int | None = None
    target: int | None = None
    start: int | None = None

    def __post_init__(self):
        if self.form not in FORMS:
            raise CardError("manille_option", value=self.form, option="form", choices="1, 2, 3")
        if self.players not in PLAYERS:
            raise CardError("auction_players", count=self.players)
        if self.scale is not None:
            scale = tuple(self.scale) if isinstance(self.scale, (tuple, list)) else ()
            if len(scale) != self.widow_size + 1 or any(not _whole(s, 0) for s in scale):
                raise CardError("auction_scale", count=self.widow_size + 1)
            object.__setattr__(self, "scale", scale)
        for option in ("deals", "target", "start"):
            value = getattr(self, option)
            if value is not None and not _whole(value, 1):
                raise CardError("manille_option", value=value, option=option, choices="1, 2, 3 ...")

    @property
    def widow_size(self) -> int:
        if self.form == 1:
            return WIDOW[self.players]
        return sum(LAYOUT[self.players]) if self.form == 3 else 0

    @property
    def face_up(self) -> int:
        return LAYOUT[self.players][0] if self.form == 3 else 0

    @property
    def hand_size(self) -> int:
        return (len(PACK) - self.widow_size) // self.players

    @property
    def pack(self) -> list[Card]:
        """The cards in play: the piquet pack, with form 2 some sevens taken out."""
        cards = list(PACK)
        if self.form == 2:
            out = [Card(suit, Rank.SEVEN) for suit in SEVENS_OUT[: len(cards) % self.players]]
            cards = [c for c in cards if c not in out]
        return cards

    @property
    def goal(self) -> int:
        """Form 1: the points from cards and tricks the declarer needs."""
        if self.target is not None:
            return self.target
        return 21 if self.players == 3 else 15

    @property
    def most(self) -> int:
        """Forms 2, 3: the points from cards and tricks a player takes with every trick; a bid
        of points is below it, and the bid of all the tricks is worth it."""
        return PACK_POINTS + self.hand_size

    @property
    def counters(self) -> int:
        """What each player starts the match with: ``start``, or 20 for form 1 (its stakes are 1
        to 5), 500 for form 2 (a promise is points, up to a whole deal's) and 1000 for form 3
        (a promise that counts × 2 or × 4)."""
        if self.start is not None:
            return self.start
        return {1: 20, 2: 500, 3: 1000}[self.form]

    def bid_value(self, bid: int | str) -> int:
        """What a bid is worth: its points, or ``most`` for all the tricks."""
        return self.most if bid == ALL else bid

    def winnings(self, drawn: int) -> int:
        """Form 1: what each other player pays a declarer who drew this many cards and made it."""
        scale = self.scale or tuple(range(self.widow_size + 1, 0, -1))
        return scale[checks.whole(drawn, 0, len(scale) - 1)]

    def times(self, drawn: int, promised_all: bool) -> int:
        """Form 3's multiplier: ×2 for promising all the tricks, ×2 for playing without an
        exchange, ×4 for both (forms 1 and 2: ×1)."""
        drawn, promised_all = checks.whole(drawn, 0, self.widow_size), checks.flag(promised_all, "promised_all")
        return 2 ** ((drawn == 0) + promised_all) if self.form == 3 else 1


class AuctionRound:
    """One deal of Auction Manille, phase by phase (``phase``, ``to_act``, ``legal_actions()``,
    ``act(action)``, ``undo()``, ``actions``, ``result()``):

    - "privilege" (form 1): ``take()`` or ``pass_on()``, offered from the eldest round the
      table in the order of play; nobody is forced: if all pass, the deal is thrown in;
    - "bidding" (forms 2, 3): ``bid(points)`` (or ``bid("all")``, all the tricks) above the
      last bid, or ``pass_on()``, which is final;
    - "draw" (forms 1, 3): the declarer ``draw()``s the top face-down card of the widow (form 3:
      or a face-up card, ``draw(card)``), or ``stop()``s; after each card drawn, "discard": the
      declarer ``discard(card)``s one card, perhaps the one just drawn;
    - "trumps": the declarer names a suit or no trumps (``name_trumps``);
    - "play", then "over" (``result()``); "thrown in": everyone passed, nobody scores.

    >>> r = AuctionRound(AuctionRules(form=1, players=3), seed=4)
    >>> r.phase, r.to_act, len(r.hands[0]), len(r.widow)
    ('privilege', 1, 10, 2)
    >>> r.take(); drawn = r.draw(); r.discard(drawn); r.phase, r.drawn
    ('draw', 1)
    >>> eval(repr(r)).hands == r.hands
    True
    """

    KINDS = ("take", "pass", "bid", "draw", "discard", "stop", "trumps", "card")

    def __init__(self, rules: AuctionRules = AuctionRules(), seed=None, dealer: int = 0,
                 actions: Iterable[Action] = ()):
        if not isinstance(rules, AuctionRules):
            raise CardError("auction_rules", rules=rules)
        if isinstance(seed, bool) or not isinstance(seed, (int, str, type(None))):
            raise CardError("seed_kind", kind=type(seed).__name__)
        self.rules, self.seed, self.dealer = rules, seed, dealer
        n = rules.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise CardError("auction_no_player", number=dealer + 1 if isinstance(dealer, int) else dealer, count=n)
        cards = rules.pack
        random.Random(seed).shuffle(cards)
        size = rules.hand_size
        self._dealt = ({p: PACK.in_order(cards[i * size:(i + 1) * size]) for p, i in zip(self.order, range(n))},
                       cards[n * size:])  # the widow: form 3's first cards lie face up
        self._reset()
        for action in checks.many(actions):
            self.act(action)

    def __repr__(self) -> str:
        return (f"AuctionRound({self.rules!r}, seed={self.seed!r}, dealer={self.dealer!r}, "
                f"actions={[action_words(a) for a in self.actions]!r})")

    def _reset(self) -> None:
        hands, widow = self._dealt
        self.hands: dict[int, list[Card]] = {p: list(h) for p, h in hands.items()}
        self.widow: list[Card] = list(widow)  # the cards not drawn yet; the top face-down card first
        self.face_up_cards: list[Card] = widow[: self.rules.face_up]  # form 3: seen by all until drawn
        self.discards: list[Card] = []  # out of play: they count for nobody
        self.actions: tuple[Action, ...] = ()
        self.declarer: int | None = None
        self.bids: dict[int, int | str] = {}
        self.passed: set[int] = set()
        self.trumps: Suit | None | str = "unnamed"
        self.drawn = 0  # cards drawn from the widow
        self.just_drawn: Card | None = None  # the card drawn, waiting for a discard
        self.draw_over = False
        self.tricks: list[tuple[int, list[tuple[int, Card]]]] = []  # (winner, plays)
        self.current: list[tuple[int, Card]] = []
        self.leader: int | None = None
        self._speaker = self.eldest  # who bids next

    # --- who, what phase ---------------------------------------------------------------
    @property
    def order(self) -> list[int]:
        """The players from the eldest (the dealer's neighbour) round to the dealer."""
        n = self.rules.players
        return [(self.dealer + 1 + i) % n for i in range(n)]

    @property
    def eldest(self) -> int:
        return self.order[0]

    @property
    def phase(self) -> str:
        form = self.rules.form
        if self.declarer is None:
            if len(self.passed) == self.rules.players:
                return "thrown in"
            return "privilege" if form == 1 else "bidding"
        if self.just_drawn is not None:
            return "discard"
        if form != 2 and not self.draw_over:
            return "draw"
        if self.trumps == "unnamed":
            return "trumps"
        return "over" if len(self.tricks) == self.rules.hand_size else "play"

    @property
    def is_over(self) -> bool:
        return self.phase in ("over", "thrown in")

    @property
    def to_act(self) -> int | None:
        """Whose turn it is (None when the deal is over or thrown in)."""
        phase = self.phase
        if phase == "privilege":
            return next(p for p in self.order if p not in self.passed)
        if phase == "bidding":
            return self._speaker
        if phase in ("draw", "discard", "trumps"):
            return self.declarer
        if phase == "play":
            return (self.leader + len(self.current)) % self.rules.players
        return None

    @property
    def highest_bid(self) -> int | str:
        """The highest bid so far (0 before any): points, or "all" for all the tricks."""
        return max(self.bids.values(), key=self.rules.bid_value, default=0)

    @property
    def trump_suit(self) -> Suit | None:
        return None if self.trumps == "unnamed" else self.trumps

    # --- the protocol --------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Everything the player whose turn it is may do now."""
        phase = self.phase
        if phase == "privilege":
            return [Action("take"), Action("pass")]
        if phase == "bidding":
            low = self.rules.bid_value(self.highest_bid) + 1
            bids = [Action("bid", n) for n in range(low, self.rules.most)]
            return bids + ([Action("bid", ALL)] if self.highest_bid != ALL else []) + [Action("pass")]
        if phase == "draw":
            return ([Action("draw")] if self._face_down() else []) + \
                [Action("draw", c) for c in self.face_up_cards] + [Action("stop")]
        if phase == "discard":
            return [Action("discard", c) for c in self.hands[self.declarer]]
        if phase == "trumps":
            return [Action("trumps", t) for t in TRUMP_CHOICES]
        if phase == "play":
            return [Action("card", c) for c in self.legal_plays()]
        return []

    def why_illegal(self, action) -> str | None:
        """Why ``action`` may not be done now, in a sentence; None if it may."""
        try:
            self._check(action)
        except CardError as error:
            return str(error)
        return None

    def act(self, action) -> None:
        """Do ``action`` (an ``Action``, or a (kind, value) pair) for the player whose turn it
        is; one the rules forbid raises IllegalPlay in words and changes nothing."""
        try:
            action = self._check(action)
        except IllegalPlay:
            raise
        except CardError as error:
            raise IllegalPlay(error.key, **error.values) from None
        self._apply(action)
        self.actions += (action,)

    def undo(self) -> Action:
        """Take back the last action; returns it."""
        if not self.actions:
            raise IllegalPlay("nothing_to_undo")
        *before, last = self.actions
        self._reset()
        for action in before:
            self._apply(action)
        self.actions = tuple(before)
        return last

    def _face_down(self) -> list[Card]:
        return [c for c in self.widow if c not in self.face_up_cards]

    def _check(self, action) -> Action:
        """The action in its plain form (cards as Cards, trumps as a Suit or None), if the
        rules allow it now; else CardError in words."""
        if isinstance(action, list):  # its words read back from JSON
            action = tuple(action)
        if not isinstance(action, tuple) or len(action) not in (1, 2) or not isinstance(action[0], str):
            raise CardError("auction_action", action=action)
        kind, value = action[0], action[1] if len(action) == 2 else None
        phase = self.phase
        wanted = {"take": ("privilege",), "pass": ("privilege", "bidding"), "bid": ("bidding",),
                  "draw": ("draw",), "stop": ("draw",), "discard": ("discard",), "trumps": ("trumps",),
                  "card": ("play",)}
        if kind not in wanted:
            raise CardError("auction_action", action=action)
        if phase not in wanted[kind]:
            raise CardError("auction_not_now", phase=say(f"auction_phase_{phase.replace(' ', '_')}"))
        if kind in ("take", "pass", "stop"):
            if value not in (None, ""):
                raise CardError("auction_action", action=action)
            return Action(kind)
        if kind == "bid":
            return Action(kind, self._check_bid(value))
        if kind == "trumps":
            trumps = parse_trumps(value)
            if trumps == EN_FACE:
                raise CardError("auction_no_en_face")
            return Action(kind, trumps)
        if kind == "draw":
            if value is None:
                if not self._face_down():
                    raise CardError("auction_widow_empty")
                return Action(kind)
            card = Card.parse(value)
            if card not in self.face_up_cards:
                raise CardError("auction_not_face_up", card=card)
            return Action(kind, card)
        card = Card.parse(value)
        hand = self.hands[self.to_act]
        if card not in hand:
            raise CardError("auction_not_held", card=card)
        if kind == "card" and card not in self.legal_plays():
            led = self.current[0][1].suit
            if any(c.suit is led for c in hand):
                raise CardError("must_follow", suit=led.word)
            raise CardError("must_trump", suit=self.trump_suit.word)
        return Action(kind, card)

    def _check_bid(self, bid) -> int | str:
        rules, high = self.rules, self.highest_bid
        if isinstance(bid, str) and bid.strip().isdigit():
            bid = int(bid)
        elif isinstance(bid, str) and bid.strip().lower() in (ALL, "all tricks", "all the tricks"):
            bid = ALL
        if bid != ALL and (isinstance(bid, bool) or not isinstance(bid, int) or not 1 <= bid < rules.most):
            raise CardError("auction_bid_form", bid=bid, most=rules.most - 1)
        if high == ALL or (high and rules.bid_value(bid) <= rules.bid_value(high)):
            raise CardError("auction_bid_low", bid=bid_words(bid), last=bid_words(high))
        return bid

    def _apply(self, action: Action) -> None:
        kind, value = action
        who = self.to_act
        if kind == "take":
            self.declarer = who
        elif kind == "pass":
            self.passed.add(who)
            if self.phase == "bidding":
                self._next_bidder()
        elif kind == "bid":
            self.bids[who] = value
            self._next_bidder()
        elif kind == "draw":
            card = value or self._face_down()[0]
            self.widow.remove(card)
            if card in self.face_up_cards:
                self.face_up_cards = [c for c in self.face_up_cards if c != card]
            self.hands[who] = PACK.in_order(self.hands[who] + [card])
            self.just_drawn, self.drawn = card, self.drawn + 1
        elif kind == "discard":
            self.hands[who] = [c for c in self.hands[who] if c != value]
            self.discards.append(value)
            self.just_drawn = None
            self.draw_over = not self.widow
        elif kind == "stop":
            self.draw_over = True
        elif kind == "trumps":
            self.trumps = value
            promised_all = self.rules.form != 1 and self.bids[self.declarer] == ALL
            self.leader = self.declarer if promised_all else self.eldest
        else:
            self.hands[who] = [c for c in self.hands[who] if c != value]
            self.current.append((who, value))
            if len(self.current) == self.rules.players:
                winner = winner_of(self.current, self.trump_suit, PACK)
                self.tricks.append((winner, self.current))
                self.current, self.leader = [], winner

    def _next_bidder(self) -> None:
        """Move the bidding on to the next player still in, skipping the highest bidder;
        when nobody is left to outbid them (or they bid all the tricks), they declare."""
        high = max(self.bids, key=lambda p: self.rules.bid_value(self.bids[p])) if self.bids else None
        order = self.order
        start = order.index(self._speaker)
        nxt = next((p for p in (order[(start + step) % len(order)] for step in range(1, len(order) + 1))
                    if p not in self.passed and p != high), None)
        if high is not None and (nxt is None or self.bids[high] == ALL):
            self.declarer = high
        elif nxt is not None:
            self._speaker = nxt

    # --- friendly doors: each is one action ----------------------------------------------
    def _do(self, action: Action, player: int | None) -> None:
        if player is not None and player != self.to_act:
            turn = self.to_act
            if turn is None:
                raise IllegalPlay("auction_not_now", phase=say(f"auction_phase_{self.phase.replace(' ', '_')}"))
            raise IllegalPlay("auction_not_your_turn", player=player_word(player), turn=player_word(turn))
        self.act(action)

    def take(self, player: int | None = None) -> None:
        """The player whose turn it is takes the declarer's privilege (form 1)."""
        self._do(Action("take"), player)

    def pass_on(self, player: int | None = None) -> None:
        """Pass the privilege on, or pass in the bidding: a pass is final."""
        self._do(Action("pass"), player)

    def bid(self, points: int | str, player: int | None = None) -> None:
        """Bid to take this many points from cards and tricks, or "all" the tricks (forms 2, 3)."""
        self._do(Action("bid", points), player)

    def draw(self, card: Card | str | None = None, player: int | None = None) -> Card:
        """The declarer draws the top face-down card of the widow (or, form 3, the face-up
        ``card``); returns the card drawn. A discard must follow."""
        self._do(Action("draw", card), player)
        return self.just_drawn

    def discard(self, card: Card | str, player: int | None = None) -> None:
        """The declarer discards a card after drawing one: any card, even the one just drawn."""
        self._do(Action("discard", card), player)

    def stop(self, player: int | None = None) -> None:
        """The declarer draws no more: trumps are named next."""
        self._do(Action("stop"), player)

    def name_trumps(self, choice, player: int | None = None) -> None:
        """The declarer names a suit or no trumps."""
        self._do(Action("trumps", choice), player)

    def play(self, card: Card | str, player: int | None = None) -> None:
        """The player whose turn it is plays a card; an illegal card is refused in words."""
        self._do(Action("card", card), player)

    # --- play ----------------------------------------------------------------------------
    def legal_plays(self) -> list[Card]:
        """The cards the player to play may play: follow suit, else trump if able."""
        if self.phase != "play":
            return []
        hand = self.hands[self.to_act]
        if not self.current:
            return list(hand)
        led = self.current[0][1].suit
        follow = [c for c in hand if c.suit is led]
        if follow:
            return follow
        trumps = [c for c in hand if c.suit is self.trump_suit]
        return trumps or list(hand)

    # --- the score -----------------------------------------------------------------------
    def declarer_tricks(self) -> int:
        return sum(1 for winner, _ in self.tricks if winner == self.declarer)

    def declarer_points(self) -> int:
        """The declarer's card points plus one a trick (discards count for nobody)."""
        cards = sum(card_points(c) for w, plays in self.tricks if w == self.declarer for _, c in plays)
        return cards + self.declarer_tricks()

    def result(self) -> AuctionResult:
        """Each player's winnings for the deal (call when the play is over), explained."""
        if self.phase == "thrown in":
            return AuctionResult({p: 0 for p in range(self.rules.players)}, say("auction_thrown_in"))
        if self.phase != "over":
            raise CardError("manille_not_over", left=self.rules.hand_size - len(self.tricks))
        rules, d = self.rules, self.declarer
        points, tricks = self.declarer_points(), self.declarer_tricks()
        if rules.form == 1:
            stake, made = rules.winnings(self.drawn), points >= rules.goal
            flat = rules.scale is not None and len(set(rules.scale)) == 1  # the same however many were drawn
            key = ("auction_goal_made" if made else "auction_goal_lost") + ("_flat" if flat else "")
            words = say(key, player=player_word(d), points=points, goal=rules.goal, drawn=self.drawn,
                        stake=_points_words(stake))
        else:
            bid = self.bids[d]
            made = tricks == rules.hand_size if bid == ALL else points >= bid
            times = rules.times(self.drawn, bid == ALL)
            stake = rules.bid_value(bid) * times
            key = ("auction_bid_made" if made else "auction_bid_lost") + ("_times" if times > 1 else "")
            words = say(key, player=player_word(d), bid=bid_words(bid), points=points,
                        tricks=say("tricks_one" if tricks == 1 else "tricks_many", count=tricks),
                        times=times, stake=_points_words(stake))
        others = rules.players - 1
        scores = {p: (-stake if made else stake) for p in range(rules.players) if p != d}
        scores[d] = stake * others if made else -stake * others
        return AuctionResult(dict(sorted(scores.items())), words)


@dataclass(frozen=True)
class AuctionResult:
    """One deal's winnings per player (what the others pay each other) and why, in words."""

    scores: dict[int, int]
    words: str


@dataclass
class AuctionMatch:
    """Deals added up, the deal passing round the table from ``first_dealer``, over
    ``rules.deals`` deals (each player deals once unless the club agrees another number).

    Each player starts with ``rules.counters`` and a deal's payments move them from one player
    to another, so a total is what a player has in front of them, never below 0: nobody pays
    more than they have (the course's choice, docs/rules.md §3). A player alone who is short and
    cannot pay everyone in full gives out what they have one at a time round the table, from
    their left; another player who cannot pay in full pays all they have.

    >>> m = AuctionMatch(AuctionRules(form=2, players=4, start=50))
    >>> _ = m.add(AuctionResult({0: -60, 1: 20, 2: 20, 3: 20}, ""))
    >>> m.totals, m.short[-1]
    ({0: 0, 1: 67, 2: 67, 3: 66}, [(0, 50)])
    >>> _ = m.add(AuctionResult({0: 30, 1: -10, 2: -10, 3: -10}, ""))
    >>> m.totals, m.short[-1]
    ({0: 30, 1: 57, 2: 57, 3: 56}, [])
    """

    rules: AuctionRules = AuctionRules()
    lines: list[AuctionResult] = field(default_factory=list)
    first_dealer: int = 0

    @property
    def length(self) -> int:
        return self.rules.deals or self.rules.players

    @property
    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.lines)) % self.rules.players

    def add(self, result: AuctionResult) -> AuctionResult:
        if not isinstance(result, AuctionResult):
            raise CardError("auction_not_result", result=result)
        if self.is_over:
            raise CardError("auction_match_over", deals=self.length)
        checks.kind(result, AuctionResult, "AuctionRound.result()")
        if set(result.scores) != set(range(self.rules.players)):
            raise CardError("auction_players", count=len(result.scores))
        self.lines.append(result)
        return result

    @staticmethod
    def _settle(scores: dict[int, int], have: dict[int, int]) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """A deal's payments as points moved, none more than the payer has; and who could not
        pay in full, with what they had (they pay it all)."""
        moves = dict.fromkeys(scores, 0)
        short = []
        winners = [p for p, s in scores.items() if s > 0]
        for payer in (p for p, s in scores.items() if s < 0):
            # one winner: each loser pays what they lost; one loser: each winner gets what they won
            owed = {winners[0]: -scores[payer]} if len(winners) == 1 else {w: scores[w] for w in winners}
            if sum(owed.values()) > have[payer]:  # one point at a time round the table from the payer's left
                short.append((payer, have[payer]))
                order = [w for w in ((payer + step) % len(scores) for step in range(1, len(scores))) if w in owed]
                each, extra = divmod(have[payer], len(order))
                owed = {w: each + (i < extra) for i, w in enumerate(order)}
            for w, points in owed.items():
                moves[w] += points
                moves[payer] -= points
        return moves, short

    def _ledger(self) -> tuple[dict[int, int], list[list[tuple[int, int]]]]:
        """What each player has after the deals so far, and for each deal who could not pay in full."""
        have = dict.fromkeys(range(self.rules.players), self.rules.counters)
        shorts = []
        for line in self.lines:
            moves, short = self._settle(line.scores, have)
            have = {p: have[p] + moves[p] for p in have}
            shorts.append(short)
        return have, shorts

    @property
    def short(self) -> list[list[tuple[int, int]]]:
        """For each deal, who could not pay in full: (player, what they had)."""
        return self._ledger()[1]

    @property
    def totals(self) -> dict[int, int]:
        return self._ledger()[0]

    @property
    def is_over(self) -> bool:
        return len(self.lines) >= self.length
