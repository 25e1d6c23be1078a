"""The rules of Manille (docs/rules.md §2): card points, dealing in packets, naming trumps and
tapping, the trump duties, play, scoring against 30, the match, and three-player Manille.
Every option is a field of ``ManilleRules``; docs/rules.md §3 lists the choices we made."""
from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from dataclasses import dataclass, field

from cardlib import checks
from cardlib.cards import PIQUET_PACK, Card, Rank, Suit, parse_denomination
from cardlib.deal import Deal, Seed, playing_order
from cardlib.messages import CardError, IllegalPlay, say
from cardlib.play import Action, RoundBase, TrickPlay, action_text, trick_winner, winner_of
from cardlib.seats import Seat, Side, seats_of

PACK = PIQUET_PACK
CARD_POINTS = {Rank.TEN: 5, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
EN_FACE = "en face"
EN_FACE_WORDS = ("en face", "enface", "opposite")
TAPS = {"single": 1, "tap back": 2, "unlimited": None}  # taps allowed in one deal
REVOKE = ("refuse", "penalty")
THREE_SEATS = (Seat.E, Seat.S, Seat.W)  # three players: North's seat stays empty
THREE_PACKETS = (2, 2, 2, 2, 2)


def card_points(card: Card | str) -> int:
    """A card's points: 10 = 5, A = 4, K = 3, Q = 2, J = 1, the others 0.

    >>> card_points("♥10"), card_points("♠A"), card_points("♣9")
    (5, 4, 0)
    """
    return CARD_POINTS.get(Card.parse(card).rank, 0)


def pile_points(cards: Iterable[Card | str]) -> int:
    """The points in a pile of cards (a trick, a hand, the whole pack: 60).

    >>> pile_points(["♥10", "♥A", "♥K", "♥7"]), pile_points(PACK)
    (12, 60)
    """
    return sum(card_points(c) for c in checks.many(cards))


PACK_POINTS = pile_points(PACK)  # 60: the two sides' points add up to this
HALF = PACK_POINTS // 2  # 30: a side scores only the points it takes above this


# --- the rules object ------------------------------------------------------------------

@dataclass(frozen=True)
class ManilleRules:
    """The house rules of one club; the defaults follow the Manille article (docs/rules.md §2).

    >>> ManilleRules(packets="3-2-3", must_overtrump=True).packets
    (3, 2, 3)

    ``revoke``: "refuse" (default here) means software will not let an illegal card be
    played and says why, which suits learners; "penalty" is the rule books' rule: the card
    is played, the deal ends at once and the other side scores the deal's maximum, 30
    (half the points in play: 34 with a point a trick), whatever the multiplier.

    ``no_trumps_tap_back``: what a no-trump deal tapped back counts: 8 (default: the
    multipliers multiply, ×2 for no trumps, ×2 for each tap) or 4 (the rule book's "the
    double tap makes the deal ×4" read as the deal's whole multiplier).
    """

    packets: tuple[int, ...] = (2, 2, 2, 2)  # cards per round of dealing: also 3-2-3, 3-3-2, 4-4
    clockwise: bool = True  # False: anticlockwise, the traditional Belgian way
    taps: str = "single"  # "single" (×2), "tap back" (×4 at most), "unlimited"
    blind_trump: bool = False  # dealer names trumps unseen, leads, points doubled
    must_trump: bool = True  # a player who cannot follow must trump if able
    must_overtrump: bool = False  # ...and beat an opponent's trump if able (never undertrump)
    partner_exempt: bool = False  # no duty to trump or overtrump while partner wins the trick
    revoke: str = "refuse"  # "refuse" or "penalty"
    target: int = 101  # the match ends when a side reaches this...
    deals: int | None = None  # ...or, when set, after this many deals (12 or 50)
    trick_point: bool = False  # +1 point per trick won: the pack then holds 68
    no_trumps_tap_back: int = 8  # a no-trump deal tapped back: ×8 (multipliers multiply) or ×4

    def __post_init__(self):
        packets = self.packets
        if isinstance(packets, str):
            try:
                packets = tuple(int(p) for p in packets.replace("–", "-").split("-"))
            except ValueError:
                raise CardError("pattern_form", pattern=self.packets, size=8) from None
        packets = checks.many(packets)
        if not all(isinstance(p, int) and not isinstance(p, bool) and p > 0 for p in packets) or sum(packets) != 8:
            raise CardError("pattern_form", pattern="-".join(map(str, packets)), size=8)
        object.__setattr__(self, "packets", packets)
        for name in ("clockwise", "blind_trump", "must_trump", "must_overtrump", "partner_exempt", "trick_point"):
            if type(getattr(self, name)) not in (bool, int) or getattr(self, name) not in (0, 1):  # "no" is not False
                raise CardError("rules_flag", text=getattr(self, name), option=name)
        _choice("taps", self.taps, tuple(TAPS))
        _choice("revoke", self.revoke, REVOKE)
        _choice("no_trumps_tap_back", self.no_trumps_tap_back, (8, 4))
        for name in ("target", "deals"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise CardError("manille_option", value=value, option=name, choices="a whole number above 0")

    @property
    def tap_limit(self) -> int | None:
        """How many taps one deal may have (None: no limit)."""
        return TAPS[self.taps]


def _choice(option: str, value, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise CardError("manille_option", value=value, option=option, choices=", ".join(repr(c) for c in choices))


# --- dealing -----------------------------------------------------------------------------

def deal(seed: Seed = None, dealer: Seat | str = "N", rules: ManilleRules = ManilleRules()) -> Deal:
    """Shuffle the piquet pack and deal 8 each in packets (2-2-2-2 unless the rules say
    otherwise), starting with the dealer's neighbour in the dealing direction.

    >>> d = deal(seed=5, dealer="W")
    >>> [len(d[s]) for s in "NESW"], d.pack.name
    ([8, 8, 8, 8], 'piquet')
    """
    rules = checks.kind(rules, ManilleRules, "ManilleRules()")
    return Deal.random(seed=seed, dealer=dealer, pack=PACK, packets=rules.packets, clockwise=rules.clockwise)



def dealer_of(number: int, rules: ManilleRules = ManilleRules(), first: Seat | str = Seat.N,
              players: int = 4) -> Seat:
    """Who deals deal ``number`` of a match: ``first`` deals deal 1, then the deal passes
    round the players' seats in the playing direction (with three players North's seat is empty).

    >>> dealer_of(2), dealer_of(2, ManilleRules(clockwise=False)), dealer_of(2, first="W", players=3)
    (<Seat.E: 1>, <Seat.W: 3>, <Seat.E: 1>)
    """
    rules, number = checks.kind(rules, ManilleRules, "ManilleRules()"), checks.whole(number, 1, 10**6)
    seats = THREE_SEATS if checks.whole(players, 3, 4) == 3 else tuple(Seat)
    dealer = Seat.parse(first)
    if dealer not in seats:
        raise CardError("three_dealer", seat=dealer.word, seats=", ".join(s.word for s in seats))
    for _ in range(number - 1):
        dealer = dealer.next(rules.clockwise)
        while dealer not in seats:
            dealer = dealer.next(rules.clockwise)
    return dealer

# --- trumps and the multiplier -----------------------------------------------------------

def parse_trumps(text: Suit | str | None | TrumpCall) -> Suit | None | str:
    """Read a trump choice: a suit, None for no trumps ("en voiture"), or ``EN_FACE``.

    >>> parse_trumps("hearts"), parse_trumps("no trumps"), parse_trumps("en face")
    (<Suit.HEARTS: 2>, None, 'en face')
    """
    if text is None or isinstance(text, Suit):
        return text
    if isinstance(text, TrumpCall):
        return text.trumps
    if " ".join(str(text).lower().split()) in EN_FACE_WORDS:
        return EN_FACE
    try:
        return parse_denomination(text)
    except CardError:
        raise CardError("trumps_form", text=text) from None


@dataclass(frozen=True)
class TrumpCall:
    """The trumps for a deal (None: no trumps), who named them, and whether the dealer
    said "en face" so that their partner chose."""

    trumps: Suit | None
    named_by: Seat
    en_face: bool = False

    @property
    def word(self) -> str:
        return say("manille_no_trumps") if self.trumps is None else self.trumps.word


def call_trumps(dealer: Seat | str, choice: Suit | str | None, partner_choice: Suit | str | None = None) -> TrumpCall:
    """The dealer names trumps, or says "en face" and their partner names them.

    >>> call_trumps("N", "en face", partner_choice="♠")
    TrumpCall(trumps=<Suit.SPADES: 3>, named_by=<Seat.S: 2>, en_face=True)
    """
    dealer = Seat.parse(dealer)
    trumps = parse_trumps(choice)
    if trumps != EN_FACE:
        return TrumpCall(trumps, dealer)
    partner = dealer.partner
    if partner_choice is None:
        raise CardError("en_face_choice", partner=partner.word)
    trumps = parse_trumps(partner_choice)
    if trumps == EN_FACE:
        raise CardError("en_face_twice", partner=partner.word)
    return TrumpCall(trumps, partner, en_face=True)


def tapping_side(call: TrumpCall, taps: int) -> Side:
    """Whose turn it is to tap: first the pair against the trumps, then the trump side
    taps back, and so on (as far as the rules allow).

    >>> tapping_side(TrumpCall(Suit.HEARTS, Seat.N), taps=0)
    <Side.EW: (<Seat.E: 1>, <Seat.W: 3>)>
    """
    trump_side = checks.kind(call, TrumpCall, 'call_trumps("N", "♥")').named_by.side
    return trump_side.other if checks.whole(taps, 0, 100) % 2 == 0 else trump_side


def multiplier(trumps: Suit | str | None, taps: int = 0, blind: bool = False, rules: ManilleRules = ManilleRules()) -> int:
    """What the deal's points are multiplied by: no trumps ×2, each tap ×2, blind trump ×2
    (with ``rules.no_trumps_tap_back=4``, no trumps tapped back is ×4, not ×8).

    >>> multiplier("♥"), multiplier(None), multiplier("♥", taps=1), multiplier("no trumps", blind=True)
    (1, 2, 2, 4)
    >>> tap_back = ManilleRules(taps="tap back")
    >>> multiplier(None, 2, rules=tap_back), multiplier(None, 2, rules=ManilleRules(taps="tap back", no_trumps_tap_back=4))
    (8, 4)
    """
    trumps, rules = parse_trumps(trumps), checks.kind(rules, ManilleRules, "ManilleRules()")
    if trumps == EN_FACE:
        raise CardError("en_face_choice", partner="the dealer's partner")
    if not isinstance(blind, bool):
        raise CardError("rules_flag", text=blind, option="blind")
    if isinstance(taps, bool) or not isinstance(taps, int) or taps < 0:
        raise CardError("taps_count", taps=taps)
    if rules.tap_limit is not None and taps > rules.tap_limit:
        raise CardError("taps_limit", limit=rules.tap_limit)
    # Read as "×4 in all", a tap back takes the place of the no-trump doubling.
    no_trumps = 2 if trumps is None and not (taps >= 2 and rules.no_trumps_tap_back == 4) else 1
    return no_trumps * 2**taps * (2 if blind else 1)


def deal_score(points: int, multiplier: int = 1, half: int = HALF) -> int:
    """A side's score for the deal: the points it took above 30 (half the pack), times
    the multiplier; 30 or fewer score nothing.

    >>> deal_score(36), deal_score(24), deal_score(30), deal_score(36, multiplier=2)
    (6, 0, 0, 12)
    """
    half = checks.whole(half, 1, 100)
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 2 * half:
        raise CardError("card_points_range", points=points, total=2 * half)
    return max(0, points - half) * checks.whole(multiplier, 1, 2**20)


# --- the result of a deal ----------------------------------------------------------------

Team = Side | tuple[Seat, ...]  # a Side with four players; the seats of a team with three


def team_name(team: Team) -> str:
    """How a team is written: "N–S", or in three-player Manille "South" or "E–W"."""
    if isinstance(team, Side):
        return str(team)
    return team[0].word if len(team) == 1 else "–".join(s.name for s in team)


@dataclass(frozen=True)
class Revoke:
    """An illegal card that ended the deal (with ``revoke="penalty"``): who, which card, why."""

    seat: Seat
    card: Card
    why: str


@dataclass(frozen=True)
class ManilleResult:
    """One deal's result: points taken and scores per team, the multiplier, the working in
    words, and the revoke that ended the deal, if one did.

    >>> r = ManilleResult.from_points(Side.NS, 36)
    >>> r.scores[Side.NS], r.scores[Side.EW], r.words
    (6, 0, 'N–S have 36 card points: 36 − 30 = 6. N–S score 6.')
    """

    points: dict[Team, int]
    scores: dict[Team, int]
    multiplier: int
    words: str
    revoke: Revoke | None = None

    @classmethod
    def from_points(cls, team: Side | str, points: int, multiplier: int = 1) -> ManilleResult:
        """The result of a four-player deal from one side's card points, as written on paper."""
        side = Side.parse(team)
        deal_score(points, multiplier)
        return _result({side: points, side.other: PACK_POINTS - points}, multiplier, HALF)


def _result(points: dict[Team, int], times: int, half: int, tricks: dict[Team, int] | None = None) -> ManilleResult:
    scores = {t: deal_score(p, times, half) for t, p in points.items()}
    best = max(points, key=points.get)
    if points[best] == half:
        return ManilleResult(points, scores, times, say("manille_no_score", half=half))
    p = points[best]
    working = (f"{p} − {half} = {p - half}" if times == 1
               else say("manille_working_times", points=p, half=half, over=p - half, times=times, score=scores[best]))
    name = team_name(best)
    if tricks is None:
        words = say("manille_scores", side=name, points=p, working=working, score=scores[best])
    else:
        words = say("manille_scores_tricks", side=name, cards=p - tricks[best], tricks=tricks[best],
                    points=p, working=working, score=scores[best])
    return ManilleResult(points, scores, times, words)


# --- play --------------------------------------------------------------------------------

class ManillePlay(TrickPlay):
    """The play of a Manille deal, with the trump duties of the rules and, under
    ``revoke="penalty"``, a revoke that ends the deal."""

    def __init__(self, deal: Deal, dealer: Seat, call: TrumpCall, rules: ManilleRules, taps: int,
                 blind: bool, alone: bool):
        self.deal, self.dealer, self.rules, self.call = deal, dealer, rules, call
        self.blind, self.taps = blind, taps
        self.multiplier = multiplier(call.trumps, taps, blind, rules)
        seats = playing_order(dealer, deal.seats, rules.clockwise)
        super().__init__(deal.hands, leader=dealer if blind else seats[1], trumps=call.trumps,
                         pack=PACK, clockwise=rules.clockwise)
        # Three players: the dealer alone against the other two, who also get the set-aside cards' points.
        self.teams = ((dealer,), tuple(sorted(s for s in self.seats if s != dealer))) if alone else self.teams
        self.aside = deal.aside if alone else ()
        self.revoke: Revoke | None = None

    @property
    def is_over(self) -> bool:
        return self.revoke is not None or super().is_over

    def _allowed(self, seat: Seat) -> tuple[list[Card], str | None, dict]:
        cards, rule, values = super()._allowed(seat)
        if rule or not self.current or self.trumps is None or not self.rules.must_trump:
            return cards, rule, values
        trumps = [c for c in cards if c.suit is self.trumps]
        if not trumps:
            return cards, None, {}
        winner = trick_winner(self.current, self.trumps, PACK)
        partners = self.team_of(seat)
        if self.rules.partner_exempt and winner in partners:
            return cards, None, {}
        best = dict(self.current)[winner]
        if self.rules.must_overtrump and best.suit is self.trumps and winner not in partners:
            higher = [c for c in trumps if PACK.beats(c, best)]
            # Never forced to undertrump: with no higher trump, any card will do.
            return (higher, "must_overtrump", {"card": best}) if higher else (cards, None, {})
        return trumps, "must_trump", {"suit": self.trumps.word}

    def play(self, card: Card | str) -> None:
        """Play a card for the player whose turn it is. An illegal card raises IllegalPlay
        and changes nothing; under ``revoke="penalty"`` it is played and ends the deal."""
        card = Card.parse(card)
        try:
            self._check(card)
        except IllegalPlay as error:
            if self.rules.revoke == "refuse" or error.key in ("play_over", "not_your_card"):
                raise
            self.revoke = Revoke(self.to_play, card, str(error))
        self._apply(card)

    def undo(self) -> Card:
        """Take back the last card played, a revoke included."""
        self.revoke = None  # a revoke is always the last card played
        return super().undo()

    def snapshot(self) -> tuple:
        return super().snapshot() + (self.revoke,)

    @property
    def half(self) -> int:
        """Half the points in play: 30, or with a point a trick 34 (35 with three players)."""
        return (PACK_POINTS + self.trick_count * self.rules.trick_point) // 2

    def card_points(self, who: Side | Seat | str | Iterable[Seat]) -> int:
        """Card points in the tricks a side ("NS"), one seat ("N") or a group of seats has
        won; with three players the first trick's winner also takes the set-aside cards' points."""
        seats = seats_of(who)
        points = sum(pile_points(t.cards) for t in self.tricks if t.winner in seats)
        if self.tricks and self.tricks[0].winner in seats:
            points += pile_points(self.aside)
        return points

    def _team_keys(self) -> list[Team]:
        if len(self.teams) == 2 and set(self.teams) == {Side.NS.seats, Side.EW.seats}:
            return [Side.NS, Side.EW]
        return list(self.teams)

    def result(self) -> ManilleResult:
        """The deal's points and scores per team, explained (call when the play is over)."""
        if not self.is_over:
            raise CardError("manille_not_over", left=self.trick_count - len(self.tricks))
        keys = self._team_keys()
        tricks = {t: self.tricks_won(t if isinstance(t, Side) else t) for t in keys}
        extra = tricks if self.rules.trick_point else {t: 0 for t in keys}
        points = {t: self.card_points(t) + extra[t] for t in keys}
        if self.revoke is None:
            return _result(points, self.multiplier, self.half, tricks if self.rules.trick_point else None)
        offender = next(t for t in keys if self.revoke.seat in seats_of(t))
        penalty = self.half  # the rule book: the deal's maximum, with no multiplier
        scores = {t: 0 if t == offender else penalty for t in keys}
        words = say("revoke", seat=self.revoke.seat.word, why=self.revoke.why, points=penalty)
        return ManilleResult(points, scores, self.multiplier, words, self.revoke)


def _start(deal: Deal, dealer, trumps, rules: ManilleRules, taps: int, blind: bool | None, players: int) -> ManillePlay:
    deal, rules = Deal.parse(deal), checks.kind(rules, ManilleRules, "ManilleRules()")
    if blind is not None and not isinstance(blind, bool):
        raise CardError("rules_flag", text=blind, option="blind")
    if deal.pack is not PACK:
        raise CardError("manille_pack", pack=deal.pack.words)
    if len(deal.hands) != players:
        raise CardError("manille_hands", players=players, count=len(deal.hands))
    dealer = deal.dealer if dealer is None else Seat.parse(dealer)
    if dealer not in deal.hands:
        raise CardError("three_dealer", seat=dealer.word, seats=", ".join(s.word for s in deal.seats))
    call = trumps if isinstance(trumps, TrumpCall) else TrumpCall(parse_trumps(trumps), dealer)
    if call.trumps == EN_FACE:
        raise CardError("en_face_choice", partner=dealer.partner.word)
    blind = rules.blind_trump if blind is None else blind
    return ManillePlay(deal, dealer, call, rules, taps, blind, alone=players == 3)


def start_play(deal: Deal, dealer: Seat | str | None = None, trumps: Suit | str | None | TrumpCall = "♥",
               rules: ManilleRules = ManilleRules(), taps: int = 0, blind: bool | None = None) -> ManillePlay:
    """Begin the play: the dealer's neighbour in the playing direction leads (the dealer
    with blind trump). ``dealer`` defaults to the deal's; ``blind`` to the rules'.

    >>> game = start_play(deal(seed=2, dealer="N"), trumps="no trumps", taps=1)
    >>> game.to_play, game.multiplier
    (<Seat.E: 1>, 4)
    """
    return _start(deal, dealer, trumps, rules, taps, blind, players=4)


# --- a whole deal, phase by phase -------------------------------------------------------

class Round(RoundBase):
    """One four-player deal from the trump call to the score, phase by phase, so that a
    table only shows what the round says:

    - "trumps": the dealer names trumps (``Action("trumps", suit)``, None for no trumps),
      or says "en face" (``Action("trumps", EN_FACE)``);
    - "en face": the dealer's partner names them;
    - "tapping": the side whose turn it is (``tapping_side``, also ``to_act``) taps
      (``Action("tap")``), doubling the points, or plays on (``Action("pass")``); the
      opponents of the trump side first, then the trump side taps back, as far as
      ``rules.taps`` allows;
    - "play" (``Action("card", card)``), then "over" (``result()``).

    >>> r = Round(deal(seed=2, dealer="N"))
    >>> r.phase, r.to_call
    ('trumps', <Seat.N: 0>)
    >>> r.name_trumps("no trumps"); r.multiplier, r.tapping_side.name, r.multiplier_if_tapped
    (2, 'EW', 4)
    >>> r.tap(); r.phase, r.multiplier, r.game.multiplier
    ('play', 4, 4)

    It answers as every round does (docs/protocol.md): ``act(action)`` is the one door
    (``name_trumps``, ``tap``, ``play_on`` go through it), ``actions`` lists what was done and
    ``Round(deal, actions=...)`` rebuilds the same state (a table several pupils share keeps
    only these).

    >>> r = Round(deal(seed=2, dealer="N")); r.act("trumps", "♥"); r.act("pass"); r.actions
    (Action(kind='trumps', value=<Suit.HEARTS: 2>), Action(kind='pass', value=None))
    >>> Round(deal(seed=2, dealer="N"), actions=r.actions).phase
    'play'
    """

    KINDS = ("trumps", "tap", "pass", "card")
    ALIASES = {"play": "card", "play on": "pass"}

    def __init__(self, deal: Deal, rules: ManilleRules = ManilleRules(), dealer: Seat | str | None = None,
                 actions: Iterable = ()):
        self.deal, self.rules = deal, rules = Deal.parse(deal), checks.kind(rules, ManilleRules, "ManilleRules()")
        self.dealer = deal.dealer if dealer is None else Seat.parse(dealer)
        self.blind = rules.blind_trump
        self._replay(actions)

    def _begin(self) -> None:
        self.en_face = False  # the dealer said "en face": their partner names trumps
        self.call: TrumpCall | None = None
        self.taps = 0
        self.game: ManillePlay | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.deal!r}, actions={[action_text(a) for a in self.actions]!r})"

    @property
    def to_act(self) -> Seat | Side | None:
        """Who acts now: the caller of trumps, the side that may tap (either of its players),
        the player to play; None once the deal is over."""
        phase = self.phase
        if phase in ("trumps", "en face"):
            return self.to_call
        if phase == "tapping":
            return self.tapping_side
        return self.game.to_play if phase == "play" else None

    @property
    def phase(self) -> str:
        if self.game is not None:
            return "over" if self.game.is_over else "play"
        if self.call is None:
            return "en face" if self.en_face else "trumps"
        return "tapping"

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase in ("trumps", "en face"):
            choices = [*Suit, None] + ([EN_FACE] if phase == "trumps" and not self.blind else [])
            return [Action("trumps", c) for c in choices]
        if phase == "tapping":
            return [Action("tap"), Action("pass")]
        return [Action("card", c) for c in self.game.legal_plays()] if phase == "play" else []

    @property
    def to_call(self) -> Seat | None:
        """Who names trumps now (None once they are named)."""
        return {"trumps": self.dealer, "en face": self.dealer.partner}.get(self.phase)

    def _read(self, kind: str, value):
        if kind == "trumps":
            return parse_trumps(value) if value is None or isinstance(value, (str, Suit)) else parse_trumps(str(value))
        if kind == "card":
            return Card.parse(value)
        if value is not None:
            raise CardError("action_form", text=f"{kind} {value}", kinds=", ".join(self.KINDS))
        return None

    def _check(self, action: Action) -> None:
        if action.kind == "card" and self.phase == "play" and self.rules.revoke == "penalty":
            try:
                self.game.check(action.value)
            except IllegalPlay as error:
                if error.key in ("play_over", "not_your_card"):
                    raise
            return  # a card that breaks a rule is a revoke: it is played and ends the deal
        super()._check(action)

    def _why_not(self, action: Action) -> tuple[str, dict]:
        phase = self.phase
        if action.kind == "trumps":
            if self.to_call is None:
                return "round_trumps_named", {}
            if action.value == EN_FACE:
                return ("en_face_twice", {"partner": self.to_call.word}) if self.en_face else ("blind_en_face", {})
        if action.kind in ("tap", "pass") and phase != "tapping":
            return "round_no_tap", {}
        return super()._why_not(action)

    def _apply(self, action: Action) -> None:
        if action.kind == "trumps":
            if action.value == EN_FACE:
                self.en_face = True
                return
            self.call = TrumpCall(action.value, self.to_call, en_face=self.en_face)
            if self.tapping_side is None:
                self._start()
        elif action.kind == "tap":
            self.taps += 1
            if self.tapping_side is None:
                self._start()
        elif action.kind == "pass":
            self._start()
        else:
            self.game.play(action.value)

    def name_trumps(self, choice: Suit | str | None, seat: Seat | str | None = None) -> None:
        """``seat`` (if given, it must be the one whose call it is) names trumps: a suit,
        None or "no trumps", or "en face" (the dealer only, not with blind trumps)."""
        caller = self.to_call
        if caller is None:
            raise CardError("round_trumps_named")
        if seat is not None and Seat.parse(seat) != caller:
            raise CardError("round_not_calling", seat=Seat.parse(seat).word, caller=caller.word)
        self.act(Action("trumps", parse_trumps(choice)))

    @property
    def multiplier(self) -> int | None:
        """What the deal's points are multiplied by now (None before trumps are named)."""
        if self.call is None:
            return None
        return multiplier(self.call.trumps, self.taps, self.blind, self.rules)

    @property
    def tapping_side(self) -> Side | None:
        """The side that may tap now (None outside the tapping phase or past the rules' limit)."""
        limit = self.rules.tap_limit
        if self.phase != "tapping" or (limit is not None and self.taps >= limit):
            return None
        return tapping_side(self.call, self.taps)

    @property
    def multiplier_if_tapped(self) -> int | None:
        """What the multiplier becomes if ``tapping_side`` taps (None if nobody may tap)."""
        if self.tapping_side is None:
            return None
        return multiplier(self.call.trumps, self.taps + 1, self.blind, self.rules)

    def _tapper(self, side: Side | str | None) -> Side:
        turn = self.tapping_side
        if turn is None:
            raise CardError("round_no_tap")
        if side is not None and Side.parse(side) != turn:
            raise CardError("round_not_your_tap", side=turn, other=Side.parse(side))
        return turn

    def tap(self, side: Side | str | None = None) -> None:
        """The side whose turn it is taps the table; play starts when no more taps are allowed."""
        self._tapper(side)
        self.act(Action("tap"))

    def play_on(self, side: Side | str | None = None) -> None:
        """The side whose turn it is does not tap: the play starts."""
        self._tapper(side)
        self.act(Action("pass"))

    def _start(self) -> None:
        self.game = _start(self.deal, self.dealer, self.call, self.rules, self.taps, self.blind, players=4)

    def result(self) -> ManilleResult:
        """The deal's result (when the play is over)."""
        if self.game is None:
            raise CardError("manille_not_over", left=8)
        return self.game.result()


# --- three-player Manille ----------------------------------------------------------------

def deal_three(seed: Seed = None, dealer: Seat | str = "S", rules: ManilleRules = ManilleRules(),
               seats: Iterable[Seat | str] = THREE_SEATS, packets: tuple[int, ...] = THREE_PACKETS) -> Deal:
    """Deal three-player Manille: 10 cards each (two at a time unless ``packets`` says
    otherwise) and 2 set aside face down. The players sit at East, South and West.

    >>> d = deal_three(seed=1)
    >>> [len(d[s]) for s in d], len(d.aside)
    ([10, 10, 10], 2)
    """
    seats, rules = tuple(Seat.parse(s) for s in checks.many(seats)), checks.kind(rules, ManilleRules, "ManilleRules()")
    dealer = Seat.parse(dealer)
    if dealer not in seats:
        raise CardError("three_dealer", seat=dealer.word, seats=", ".join(s.word for s in seats))
    return Deal.random(seed=seed, dealer=dealer, pack=PACK, packets=tuple(packets),
                       clockwise=rules.clockwise, seats=seats, aside=2)


def swap_aside(deal: Deal, cards: Iterable[Card | str] = ()) -> Deal:
    """The dealer gives up 0, 1 or 2 cards and takes as many face-down cards unseen (from
    the top of the set-aside pile); the cards given up join the pile.

    >>> d = deal_three(seed=1)
    >>> swapped = swap_aside(d, [d["S"].cards[0]])
    >>> d.aside[0] in swapped["S"], d["S"].cards[0] in swapped.aside
    (True, True)
    """
    deal = Deal.parse(deal)
    cards = [Card.parse(c) for c in checks.many(cards)]
    hand = list(deal[deal.dealer])
    if len(set(cards)) != len(cards) or len(cards) > len(deal.aside):
        raise CardError("swap_count", count=len(cards))
    for card in cards:
        if card not in hand:
            raise CardError("not_your_card", card=card, seat=deal.dealer.word)
    taken = list(deal.aside[: len(cards)])
    hands = dict(deal.hands)
    hands[deal.dealer] = [c for c in hand if c not in cards] + taken
    return Deal(hands, deal.dealer, PACK, aside=list(deal.aside[len(cards):]) + cards, seed=deal.seed)


def start_play_three(deal: Deal, dealer: Seat | str | None = None, trumps: Suit | str | None = "♥",
                     rules: ManilleRules = ManilleRules(), taps: int = 0, blind: bool | None = None) -> ManillePlay:
    """Begin three-player Manille: the dealer plays alone against the other two; the
    dealer's neighbour leads (the dealer with blind trump).

    >>> game = start_play_three(deal_three(seed=1), trumps="♠")
    >>> game.teams, game.to_play
    (((<Seat.S: 2>,), (<Seat.E: 1>, <Seat.W: 3>)), <Seat.W: 3>)
    """
    if parse_trumps(trumps) == EN_FACE:
        raise CardError("en_face_three")
    return _start(deal, dealer, trumps, rules, taps, blind, players=3)


class ThreeRound(RoundBase):
    """One three-player deal, phase by phase (docs/rules.md §2.5):

    - "trumps": the dealer names trumps (a suit or None for no trumps; no "en face": no partner);
    - "aside": the dealer puts 0, 1 or 2 cards aside and takes as many face-down cards unseen
      (``Action("aside", cards)``);
    - "play", then "over" (``result()``): the dealer alone against the other two; whoever
      wins the first trick takes the two face-down cards' points.

    It answers as every round does (docs/protocol.md); ``ThreeRound(deal, actions=...)`` rebuilds it.

    >>> r = ThreeRound(deal_three(seed=1, dealer="S"))
    >>> r.phase, r.to_call
    ('trumps', <Seat.S: 2>)
    >>> r.name_trumps("♠"); r.phase
    'aside'
    >>> r.put_aside([]); r.phase, r.game.to_play
    ('play', <Seat.W: 3>)
    """

    KINDS = ("trumps", "aside", "card")
    ALIASES = {"play": "card"}

    def __init__(self, deal: Deal, rules: ManilleRules = ManilleRules(), actions: Iterable = ()):
        deal, rules = Deal.parse(deal), checks.kind(rules, ManilleRules, "ManilleRules()")
        if deal.pack is not PACK or len(deal.hands) != 3 or len(deal.aside) != 2:
            raise CardError("manille_hands", players=3, count=len(deal.hands))
        self.deal, self.rules, self.dealer = deal, rules, deal.dealer
        self._replay(actions)

    def _begin(self) -> None:
        self.call: TrumpCall | None = None
        self.swapped: tuple[Card, ...] | None = None  # the dealer's cards put aside
        self.game: ManillePlay | None = None

    def __repr__(self) -> str:
        return f"ThreeRound({self.deal!r}, actions={[action_text(a) for a in self.actions]!r})"

    @property
    def phase(self) -> str:
        if self.game is not None:
            return "over" if self.game.is_over else "play"
        return "trumps" if self.call is None else "aside"

    @property
    def to_act(self) -> Seat | None:
        phase = self.phase
        if phase in ("trumps", "aside"):
            return self.dealer
        return self.game.to_play if phase == "play" else None

    @property
    def to_call(self) -> Seat | None:
        """Who names trumps now: the dealer, until they are named."""
        return self.dealer if self.phase == "trumps" else None

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "trumps":
            return [Action("trumps", c) for c in (*Suit, None)]
        if phase == "aside":
            hand = self.deal[self.dealer].cards
            return [Action("aside", cards) for n in range(len(self.deal.aside) + 1) for cards in combinations(hand, n)]
        return [Action("card", c) for c in self.game.legal_plays()] if phase == "play" else []

    def _read(self, kind: str, value):
        if kind == "trumps":
            trumps = parse_trumps(value) if value is None or isinstance(value, (str, Suit)) else parse_trumps(str(value))
            if trumps == EN_FACE:
                raise CardError("en_face_three")
            return trumps
        if kind == "card":
            return Card.parse(value)
        if value is None:
            return ()
        items = value.split() if isinstance(value, str) else value if isinstance(value, (tuple, list)) else [value]
        cards = [Card.parse(c) for c in items]
        hand = self.deal[self.dealer].cards
        return tuple(sorted(cards, key=hand.index)) if set(cards) <= set(hand) else tuple(cards)

    def _why_not(self, action: Action) -> tuple[str, dict]:
        phase = self.phase
        if action.kind == "trumps" and phase != "trumps":
            return "round_trumps_named", {}
        if action.kind == "aside" and phase != "aside":
            return "three_not_aside", {}
        if action.kind == "aside":
            try:
                swap_aside(self.deal, action.value)
            except CardError as error:
                return error.key, error.values
        return super()._why_not(action)

    def _apply(self, action: Action) -> None:
        if action.kind == "trumps":
            self.call = TrumpCall(action.value, self.dealer)
        elif action.kind == "aside":
            self.swapped = action.value
            self.game = _start(swap_aside(self.deal, action.value), self.dealer, self.call, self.rules, 0, False,
                               players=3)
        else:
            self.game.play(action.value)

    def name_trumps(self, choice: Suit | str | None, seat: Seat | str | None = None) -> None:
        """The dealer names trumps: a suit, or None / "no trumps"."""
        if self.phase != "trumps":
            raise CardError("round_trumps_named")
        if seat is not None and Seat.parse(seat) != self.dealer:
            raise CardError("round_not_calling", seat=Seat.parse(seat).word, caller=self.dealer.word)
        self.act(Action("trumps", choice))

    def put_aside(self, cards: Iterable[Card | str] = ()) -> None:
        """The dealer gives up 0, 1 or 2 cards for as many face-down ones, unseen; the play starts."""
        self.act(Action("aside", tuple(checks.many(cards))))

    def result(self) -> ManilleResult:
        """The deal's result (when the play is over)."""
        if self.game is None:
            raise CardError("manille_not_over", left=10)
        return self.game.result()


# --- the match ---------------------------------------------------------------------------

@dataclass
class Match:
    """Deals added up until a side reaches the target (101) or, with ``rules.deals`` set,
    after that many deals. With three players each player of a scoring team scores.

    >>> match = Match()
    >>> match.add(ManilleResult.from_points("NS", 36)).scores[Side.NS]
    6
    >>> match.totals[Side.NS], match.is_over
    (6, False)
    """

    rules: ManilleRules = ManilleRules()
    lines: list[ManilleResult] = field(default_factory=list)

    def add(self, result: ManilleResult) -> ManilleResult:
        """Write one deal's result into the match; returns the line written."""
        if self.is_over:
            key, values = self._over_message()
            raise CardError(key, **values)
        checks.kind(result, ManilleResult, 'ManilleResult.from_points("NS", 36)')
        self.lines.append(result)
        return result

    @property
    def totals(self) -> dict[Side | Seat, int]:
        """Points so far per side (per player with three players)."""
        totals: dict[Side | Seat, int] = {}
        for result in self.lines:
            for team, score in result.scores.items():
                for who in (team,) if isinstance(team, Side) else team:
                    totals[who] = totals.get(who, 0) + score
        return totals or {Side.NS: 0, Side.EW: 0}

    @property
    def is_over(self) -> bool:
        if self.rules.deals is not None:
            return len(self.lines) >= self.rules.deals
        return max(self.totals.values()) >= self.rules.target

    @property
    def winner(self) -> Side | Seat | None:
        """Who won (None while the match goes on, or for a draw)."""
        if not self.is_over:
            return None
        best = max(self.totals.values())
        leaders = [w for w, t in self.totals.items() if t == best]
        return leaders[0] if len(leaders) == 1 else None

    def _over_message(self) -> tuple:
        best = max(self.totals.values())
        if self.winner is None:
            return ("match_drawn", {"points": best})
        return ("match_over", {"side": getattr(self.winner, "word", str(self.winner)), "points": best})

    @property
    def words(self) -> str:
        """How the match stands, in a sentence once it is over ("" before)."""
        if not self.is_over:
            return ""
        key, values = self._over_message()
        return say(key, **values)
