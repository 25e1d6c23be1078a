"""Auction Manille (docs/rules.md §2.6): 3 to 7 players, each for themselves, one declarer
against all the others, in the rule book's three forms:

- form 1, "widow": a widow of 2 or 4 cards; the privilege offered from the eldest on; the
  declarer names trumps, then exchanges with the widow one card at a time; the target is 21
  points from cards and tricks (15 with four or more players); the winnings fall with each
  card exchanged (``AuctionRules.scale``);
- form 2, "bids": sevens taken out so all hold the same number of cards; rising bids of
  tricks from the eldest, a pass is final; the highest bidder names trumps; bids won or lost
  as bid;
- form 3, "layouts": a widow laid out face up and face down by the number of players; the
  declarer exchanges before naming trumps; ×2 for all the tricks or for no exchange, ×4 both.

Players are numbered 0 to n − 1 in the order of play; player 0 deals the first deal. A
``AuctionRound`` keeps its actions and ``AuctionRound.replay`` rebuilds it from them."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from cardlib import checks
from cardlib.cards import PIQUET_PACK, Card, Rank, Suit
from cardlib.manille import card_points, parse_trumps, EN_FACE
from cardlib.messages import CardError, IllegalPlay, say
from cardlib.play import winner_of

PACK = PIQUET_PACK
FORMS = (1, 2, 3)
PLAYERS = range(3, 8)
WIDOW = {3: 2, 4: 4, 5: 2, 6: 2, 7: 4}  # form 1: the widow that leaves the same number each
LAYOUT = {3: (2, 3), 4: (2, 2), 5: (1, 1), 6: (1, 1), 7: (2, 2)}  # form 3: (face up, face down)
SEVENS_OUT = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)  # form 2: which sevens go first


def player_word(player: int) -> str:
    """How a player is named at the table: "Player 1" for player 0."""
    number = player + 1 if isinstance(player, int) and not isinstance(player, bool) else player
    return say("auction_player", number=number)


@dataclass(frozen=True)
class AuctionRules:
    """One club's Auction Manille. ``scale``: form 1's winnings for 0, 1, 2, ... cards
    exchanged (default: one more than the widow's size for none, one less for each card);
    ``stake``: form 3's winnings before ×2 and ×4; ``deals``: the match's length (default:
    each player deals once); ``target``: None for the rule book's 21 (15 with four or more)."""

    form: int = 1
    players: int = 4
    scale: tuple[int, ...] | None = None
    stake: int = 1
    deals: int | None = None
    target: int | None = None

    def __post_init__(self):
        if self.form not in FORMS:
            raise CardError("manille_option", value=self.form, option="form", choices="1, 2, 3")
        if self.players not in PLAYERS:
            raise CardError("auction_players", count=self.players)
        if self.scale is not None:
            scale = tuple(self.scale)
            if len(scale) != self.widow_size + 1 or any(not isinstance(s, int) or s < 0 for s in scale):
                raise CardError("auction_scale", count=self.widow_size + 1)
            object.__setattr__(self, "scale", scale)

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
        """Forms 1 and 3: the points from cards and tricks the declarer needs."""
        if self.target is not None:
            return self.target
        return 21 if self.players == 3 else 15

    def winnings(self, exchanged: int, all_tricks: bool) -> int:
        """What each other player pays a declarer who makes it (and is paid if not)."""
        if self.form == 1:
            scale = self.scale or tuple(range(self.widow_size + 1, 0, -1))
            return scale[checks.whole(exchanged, 0, len(scale) - 1)]
        times = 2 ** ((checks.whole(exchanged, 0, self.widow_size) == 0) + bool(all_tricks))
        return self.stake * times


class AuctionRound:
    """One deal of Auction Manille, phase by phase:

    - "privilege" (forms 1, 3): ``take()`` or ``pass_on()``, offered from the eldest on in
      the order of play; the dealer, offered it last, must take it;
    - "bidding" (form 2): ``bid(tricks)`` above the last bid, or ``pass_on()`` (final);
    - "trumps": the declarer names trumps or no trumps (form 1 before the exchange);
    - "exchange" (forms 1, 3): ``exchange(card, take=None)`` gives a card to the widow and
      takes the top face-down card (or, form 3, a face-up one); ``stop()`` ends it;
    - "play", then "over" (``result()``);
    - "thrown in" (form 2): everyone passed; nobody scores.

    >>> r = AuctionRound(AuctionRules(form=1, players=3), seed=4)
    >>> r.phase, r.to_act, len(r.hands[0]), len(r.widow)
    ('privilege', 1, 10, 2)
    """

    def __init__(self, rules: AuctionRules = AuctionRules(), seed=None, dealer: int = 0):
        rules = checks.kind(rules, AuctionRules, "AuctionRules(form=1, players=4)")
        if isinstance(seed, bool) or not isinstance(seed, (int, str, type(None))):
            raise CardError("seed_kind", kind=type(seed).__name__)
        self.rules, self.seed, self.dealer = rules, seed, dealer
        n = rules.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise CardError("auction_no_player", number=dealer + 1 if isinstance(dealer, int) else dealer, count=n)
        cards = rules.pack
        random.Random(seed).shuffle(cards)
        size = rules.hand_size
        self.hands = {p: PACK.in_order(cards[i * size:(i + 1) * size]) for p, i in zip(self.order, range(n))}
        self.widow = cards[n * size:]  # the top card is widow[0]; form 3's first cards are face up
        self.actions: list[tuple] = []
        self.declarer: int | None = None
        self.bids: dict[int, int] = {}
        self.passed: set[int] = set()
        self.trumps: Suit | None | str = "unnamed"
        self.exchanged = 0
        self.exchange_over = False
        self.tricks: list[tuple[int, list[tuple[int, Card]]]] = []  # (winner, plays)
        self.current: list[tuple[int, Card]] = []
        self.leader: int | None = None
        self._speaker = self.eldest  # form 2: who bids next
        self._given: list[Card] = []  # cards the declarer put into the widow: never taken back

    @classmethod
    def replay(cls, rules: AuctionRules, seed, dealer: int, actions) -> AuctionRound:
        """The round rebuilt from its actions, as ``actions`` lists them."""
        round_ = cls(rules, seed, dealer)
        moves = ("take", "pass_on", "bid", "name_trumps", "exchange", "stop", "play")
        for action in checks.many(actions):
            if not isinstance(action, (tuple, list)) or not action or action[0] not in moves:
                raise CardError("round_move", text=action, moves=", ".join(moves))
            name, *args = action
            getattr(round_, name)(*args)
        return round_

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
        if self.declarer is None:
            if self.rules.form == 2 and len(self.passed) == self.rules.players:
                return "thrown in"
            return "bidding" if self.rules.form == 2 else "privilege"
        named = self.trumps != "unnamed"
        if self.rules.form != 2 and not self.exchange_over and (named or self.rules.form == 3):
            return "exchange"
        if not named:
            return "trumps"
        return "over" if len(self.tricks) == self.rules.hand_size else "play"

    @property
    def to_act(self) -> int | None:
        """Whose turn it is (None when the deal is over or thrown in)."""
        phase = self.phase
        if phase == "privilege":
            return next(p for p in self.order if p not in self.passed)
        if phase == "bidding":
            return self._speaker
        if phase in ("trumps", "exchange"):
            return self.declarer
        if phase == "play":
            return (self.leader + len(self.current)) % self.rules.players
        return None

    def _turn(self, phases: tuple[str, ...], player: int | None) -> int:
        if self.phase not in phases:
            raise CardError("auction_not_now", phase=say(f"auction_phase_{self.phase.replace(' ', '_')}"))
        if player is not None and player != self.to_act:
            raise CardError("auction_not_your_turn", player=player_word(player), turn=player_word(self.to_act))
        return self.to_act

    # --- the privilege and the bids ------------------------------------------------------
    def take(self, player: int | None = None) -> None:
        """The player whose turn it is takes the declarer's privilege (forms 1, 3)."""
        self.declarer = self._turn(("privilege",), player)
        self.actions.append(("take", self.declarer))

    def pass_on(self, player: int | None = None) -> None:
        """Pass the privilege on, or (form 2) pass in the bidding: a pass is final."""
        who = self._turn(("privilege", "bidding"), player)
        if self.phase == "privilege" and who == self.dealer:
            raise CardError("auction_dealer_takes")
        self.passed.add(who)
        self.actions.append(("pass_on", who))
        if self.phase == "bidding":
            self._end_bidding()

    @property
    def highest_bid(self) -> int:
        return max(self.bids.values(), default=0)

    def bid(self, tricks: int, player: int | None = None) -> None:
        """Bid to take this many tricks alone (form 2); each bid above the last."""
        who = self._turn(("bidding",), player)
        most = self.rules.hand_size
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 1 <= tricks <= most:
            raise CardError("auction_bid_form", bid=tricks, most=most)
        if tricks <= self.highest_bid:
            raise CardError("auction_bid_low", bid=tricks, last=self.highest_bid)
        self.bids[who] = tricks
        self.actions.append(("bid", tricks, who))
        self._end_bidding()

    def _end_bidding(self) -> None:
        """Move the bidding on to the next player still in, skipping the highest bidder;
        when nobody is left to outbid them, they are the declarer."""
        high = max(self.bids, key=self.bids.get) if self.bids else None
        order = self.order
        start = order.index(self._speaker)
        for step in range(1, len(order) + 1):
            p = order[(start + step) % len(order)]
            if p not in self.passed and p != high:
                break
        else:
            p = None
        if high is not None and (p is None or self.highest_bid == self.rules.hand_size):
            self.declarer = high
        elif p is not None:
            self._speaker = p

    # --- trumps and the exchange ---------------------------------------------------------
    def name_trumps(self, choice, player: int | None = None) -> None:
        """The declarer names a suit or no trumps."""
        self._turn(("trumps",), player)
        trumps = parse_trumps(choice)
        if trumps == EN_FACE:
            raise CardError("auction_no_en_face")
        self.trumps = trumps
        self.actions.append(("name_trumps", "no trumps" if trumps is None else trumps.symbol))
        self._maybe_start()

    @property
    def face_up_cards(self) -> list[Card]:
        """Form 3: the widow's cards lying face up (everyone sees them)."""
        return [c for c in self.widow[: self.rules.face_up] if c not in self._given]

    def exchange(self, give: Card | str, take: Card | str | None = None, player: int | None = None) -> None:
        """The declarer gives one card to the widow and takes the top face-down card, or in
        form 3 a face-up card named by ``take``."""
        who = self._turn(("exchange",), player)
        give = Card.parse(give)
        hand = self.hands[who]
        if give not in hand:
            raise CardError("auction_not_held", card=give)
        down = self.widow[self.rules.face_up:]
        if take is None:
            if not [c for c in down if c not in self._given]:
                raise CardError("auction_widow_empty")
            taken = next(c for c in down if c not in self._given)
        else:
            taken = Card.parse(take)
            if taken not in self.face_up_cards or taken in self._given:
                raise CardError("auction_not_face_up", card=taken)
        self.hands[who] = PACK.in_order([c for c in hand if c != give] + [taken])
        self.widow = [give if c == taken else c for c in self.widow]
        self._given.append(give)
        self.exchanged += 1
        self.actions.append(("exchange", str(give), None if take is None else str(taken), who))
        if self.exchanged == self.rules.widow_size:
            self._end_exchange()

    def stop(self, player: int | None = None) -> None:
        """The declarer exchanges no more cards."""
        who = self._turn(("exchange",), player)
        self.actions.append(("stop", who))
        self._end_exchange()

    def _end_exchange(self) -> None:
        self.exchange_over = True
        self._maybe_start()

    def _maybe_start(self) -> None:
        if self.phase == "play":
            all_bid = self.rules.form == 2 and self.bids[self.declarer] == self.rules.hand_size
            self.leader = self.declarer if all_bid else self.eldest

    # --- play ----------------------------------------------------------------------------
    @property
    def trump_suit(self) -> Suit | None:
        return None if self.trumps == "unnamed" else self.trumps

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

    def play(self, card: Card | str, player: int | None = None) -> None:
        """The player whose turn it is plays a card; an illegal card is refused in words."""
        who = self._turn(("play",), player)
        card = Card.parse(card)
        if card not in self.hands[who]:
            raise IllegalPlay("auction_not_held", card=card)
        if card not in self.legal_plays():
            led = self.current[0][1].suit
            if any(c.suit is led for c in self.hands[who]):
                raise IllegalPlay("must_follow", suit=led.word)
            raise IllegalPlay("must_trump", suit=self.trump_suit.word)
        self.hands[who] = [c for c in self.hands[who] if c != card]
        self.current.append((who, card))
        self.actions.append(("play", str(card), who))
        if len(self.current) == self.rules.players:
            winner = winner_of(self.current, self.trump_suit, PACK)
            self.tricks.append((winner, self.current))
            self.current, self.leader = [], winner

    # --- the score -----------------------------------------------------------------------
    def declarer_tricks(self) -> int:
        return sum(1 for winner, _ in self.tricks if winner == self.declarer)

    def declarer_points(self) -> int:
        """Forms 1, 3: the declarer's card points plus one a trick (the widow counts for nobody)."""
        cards = sum(card_points(c) for w, plays in self.tricks if w == self.declarer for _, c in plays)
        return cards + self.declarer_tricks()

    def result(self) -> AuctionResult:
        """Each player's winnings for the deal (call when the play is over), explained."""
        if self.phase == "thrown in":
            return AuctionResult({p: 0 for p in range(self.rules.players)}, say("auction_thrown_in"))
        if self.phase != "over":
            raise CardError("manille_not_over", left=self.rules.hand_size - len(self.tricks))
        rules, d = self.rules, self.declarer
        tricks = self.declarer_tricks()
        if rules.form == 2:
            stake, made = self.bids[d], tricks >= self.bids[d]
            words = say("auction_bid_made" if made else "auction_bid_lost", player=player_word(d),
                        bid=stake, tricks=tricks)
        else:
            points = self.declarer_points()
            stake = rules.winnings(self.exchanged, tricks == rules.hand_size)
            made = points >= rules.goal
            words = say("auction_goal_made" if made else "auction_goal_lost", player=player_word(d),
                        points=points, goal=rules.goal, exchanged=self.exchanged, stake=stake)
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
    """Deals added up, the deal passing round the table, over ``rules.deals`` deals
    (each player deals once unless the club agrees another number)."""

    rules: AuctionRules = AuctionRules()
    lines: list[AuctionResult] = field(default_factory=list)

    @property
    def length(self) -> int:
        return self.rules.deals or self.rules.players

    @property
    def next_dealer(self) -> int:
        return len(self.lines) % self.rules.players

    def add(self, result: AuctionResult) -> AuctionResult:
        if self.is_over:
            raise CardError("auction_match_over", deals=self.length)
        checks.kind(result, AuctionResult, "AuctionRound.result()")
        if set(result.scores) != set(range(self.rules.players)):
            raise CardError("auction_players", count=len(result.scores))
        self.lines.append(result)
        return result

    @property
    def totals(self) -> dict[int, int]:
        return {p: sum(r.scores[p] for r in self.lines) for p in range(self.rules.players)}

    @property
    def is_over(self) -> bool:
        return len(self.lines) >= self.length
