"""The rules of MiniBridge: announcements, declarer and dummy, the contract, the coach,
play, scoring (two presets) and the score pad. See RULES.md."""
from __future__ import annotations

from dataclasses import dataclass, field

from cardlib.cards import Suit
from cardlib.deal import Deal
from cardlib.hand import Hand
from cardlib.messages import CardError, say
from cardlib.play import TrickPlay
from cardlib.seats import Seat, Side

NO_TRUMPS_WORDS = ("nt", "no trumps", "no trump", "notrumps", "notrump", "no-trumps", "n")


@dataclass(frozen=True)
class Contract:
    """What declarer promises: a denomination (a trump suit, or None for no trumps) and
    partscore (7 tricks) or game (9 in NT, 10 in ♥/♠, 11 in ♣/♦).

    >>> c = Contract.parse("♠ game")
    >>> c.tricks_needed, str(c)
    (10, '♠ game')
    """

    denomination: Suit | None
    game: bool

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Read "♠ game", "NT partscore", "D partscore", "hearts game", "no trumps game"."""
        if isinstance(text, Contract):
            return text
        words = " ".join(str(text).lower().replace("-", " ").split())
        for level, game in (("partscore", False), ("part score", False), ("game", True)):
            if words.endswith(level):
                name = words[: -len(level)].strip()
                break
        else:
            raise CardError("contract_form", text=text)
        if name in NO_TRUMPS_WORDS:
            return cls(None, game)
        try:
            return cls(Suit.parse(name), game)
        except CardError:
            raise CardError("contract_form", text=text) from None

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

        >>> Contract.parse("♠ game").tricks_to_defeat
        4
        """
        return 13 - self.tricks_needed + 1

    @property
    def denomination_symbol(self) -> str:
        return "NT" if self.denomination is None else self.denomination.symbol

    @property
    def denomination_word(self) -> str:
        return "no trumps" if self.denomination is None else self.denomination.word

    def __str__(self) -> str:
        return f"{self.denomination_symbol} {'game' if self.game else 'partscore'}"


CONTRACTS = tuple(Contract(d, g) for g in (False, True) for d in (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))


# --- who declares -------------------------------------------------------------------

def announcements(deal: Deal, dealer: Seat | str | None = None) -> list[tuple[Seat, int]]:
    """Everyone's HCP, announced from the dealer clockwise. They add up to 40."""
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
    if ns == 20:
        return None
    side = Side.NS if ns > 20 else Side.EW
    best = max(p for s, p in said if s.side is side)
    return next(s for s, p in said if s.side is side and p == best)



def numbered_deal(number: int, deal_set: str = "minibridge") -> tuple[Deal, Seat, int]:
    """Deal ``number`` as it is played: thrown in at 20–20 and dealt again by the same
    dealer until one side has more; returns the deal, declarer and how many redeals.

    >>> deal, found, redeals = numbered_deal(1)
    >>> found == declarer(deal) and deal.dealer == Seat.N
    True
    """
    deal, redeals = Deal.numbered(number, deal_set), 0
    while (found := declarer(deal)) is None:
        redeals += 1
        deal = Deal.random(seed=f"{deal_set}:{number}:redeal {redeals}", dealer=deal.dealer)
    return deal, found, redeals

# --- the coach ------------------------------------------------------------------------

@dataclass(frozen=True)
class Suggestion:
    """The coach's contract and its reasons, in words."""

    contract: Contract
    reasons: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.contract}: " + " ".join(self.reasons)


def golden_fits(declarer_hand: Hand, dummy_hand: Hand) -> dict[Suit, int]:
    """Majors with 8 or more cards between the two hands, and how many."""
    lengths = {s: declarer_hand.length(s) + dummy_hand.length(s) for s in (Suit.SPADES, Suit.HEARTS)}
    return {s: n for s, n in lengths.items() if n >= 8}


GAME_POINTS = 25


def suggest_contract(declarer_hand: Hand | str, dummy_hand: Hand | str) -> Suggestion:
    """The contract the guidelines suggest (seed 000), with its reasons.

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
    """A scoring preset. Trick points are the same in every preset (RULES.md)."""

    name: str
    description: str
    partscore_bonus: int
    game_bonus: int
    per_trick_short: int
    opponents_score_penalty: bool  # True: the opponents score it; False: declarer's side loses it


EBU = Scoring("ebu", "EBU schools table (seed 000): game bonus 300, opponents score 50 a trick short",
              partscore_bonus=50, game_bonus=300, per_trick_short=50, opponents_score_penalty=True)
CLUB = Scoring("club", "The Japanese club's guide (seed 002): game bonus 500, 100 lost a trick short",
               partscore_bonus=50, game_bonus=500, per_trick_short=100, opponents_score_penalty=False)
PRESETS = {s.name: s for s in (EBU, CLUB)}


def scoring_rules(rules: str | Scoring) -> Scoring:
    if isinstance(rules, Scoring):
        return rules
    preset = PRESETS.get(str(rules).strip().lower())
    if preset is None:
        raise CardError("scoring_rules", text=rules, names=", ".join(PRESETS))
    return preset


def trick_points(denomination: Suit | None, tricks_over_six: int) -> int:
    """Points for tricks beyond six: NT 40 then 30 each, ♥/♠ 30 each, ♣/♦ 20 each."""
    if tricks_over_six <= 0:
        return 0
    if denomination is None:
        return 40 + 30 * (tricks_over_six - 1)
    return (30 if denomination.is_major else 20) * tricks_over_six


def _check_tricks(tricks: int) -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise CardError("tricks_range", tricks=tricks)
    return tricks


def score(contract: Contract | str, tricks: int, rules: str | Scoring = "ebu") -> int:
    """Points for declarer's side; negative when the contract fails.

    >>> score("♠ game", 10), score("♠ partscore", 10), score("♠ game", 8), score("♠ game", 8, rules="club")
    (420, 170, -100, -200)
    """
    contract, rules, tricks = Contract.parse(contract), scoring_rules(rules), _check_tricks(tricks)
    if tricks < contract.tricks_needed:
        return -rules.per_trick_short * (contract.tricks_needed - tricks)
    bonus = rules.game_bonus if contract.game else rules.partscore_bonus
    return trick_points(contract.denomination, tricks - 6) + bonus


def score_working(contract: Contract | str, tricks: int, rules: str | Scoring = "ebu") -> str:
    """How the score is worked out, as a pupil would write it.

    >>> score_working("NT game", 9)
    '40 + 30 + 30 = 100 trick points, + 300 game bonus = 400'
    >>> score_working("♥ game", 8)
    '2 tricks short × 50 = 100 to the opponents, so −100'
    """
    contract, rules, tricks = Contract.parse(contract), scoring_rules(rules), _check_tricks(tricks)
    total = score(contract, tricks, rules)
    short = contract.tricks_needed - tricks
    if short > 0:
        who = "to the opponents" if rules.opponents_score_penalty else "lost"
        return f"{short} trick{'s' if short > 1 else ''} short × {rules.per_trick_short} = {-total} {who}, so −{-total}"
    over = tricks - 6
    if contract.denomination is None:
        parts = ["40"] + ["30"] * (over - 1)
        sum_text = " + ".join(parts)
    else:
        each = 30 if contract.denomination.is_major else 20
        sum_text = f"{over} × {each}"
    points = trick_points(contract.denomination, over)
    kind, bonus = ("game", rules.game_bonus) if contract.game else ("partscore", rules.partscore_bonus)
    return f"{sum_text} = {points} trick points, + {bonus} {kind} bonus = {total}"


def result_words(contract: Contract | str, tricks: int) -> str:
    """The result as seed 002 says it: "♠ game: 10 tricks, makes 4" or "... 2 down"."""
    contract, tricks = Contract.parse(contract), _check_tricks(tricks)
    short = contract.tricks_needed - tricks
    if short > 0:
        return say("down", contract=contract, tricks=tricks, short=short)
    return say("makes", contract=contract, tricks=tricks, made=tricks - 6)


# --- play -----------------------------------------------------------------------------

class MiniBridgePlay(TrickPlay):
    """The play of a MiniBridge hand: declarer's left leads, declarer plays dummy's cards,
    dummy's hand is face up for everyone."""

    def __init__(self, deal: Deal, declarer: Seat | str, contract: Contract | str):
        self.deal = deal
        self.declarer = Seat.parse(declarer)
        self.dummy = self.declarer.partner
        self.contract = Contract.parse(contract)
        super().__init__(deal.hands, leader=self.declarer.left, trumps=self.contract.denomination)

    def controller(self, seat: Seat) -> Seat:
        return self.declarer if seat == self.dummy else seat

    def can_see(self, viewer: Seat, seat: Seat) -> bool:
        return viewer == seat or seat == self.dummy

    @property
    def declarer_tricks(self) -> int:
        return self.tricks_won(self.declarer)

    def score(self, rules: str | Scoring = "ebu") -> int:
        """Declarer's side's score for the tricks taken (call when the play is over)."""
        return score(self.contract, self.declarer_tricks, rules)

    def result_words(self) -> str:
        return result_words(self.contract, self.declarer_tricks)


def start_play(deal: Deal, declarer: Seat | str, contract: Contract | str) -> MiniBridgePlay:
    """Begin the play: the player on declarer's left leads.

    >>> game = start_play(Deal.random(seed=2), declarer="S", contract="♠ game")
    >>> game.to_play, game.dummy
    (<Seat.W: 3>, <Seat.N: 0>)
    """
    return MiniBridgePlay(deal, declarer, contract)


# --- the score pad --------------------------------------------------------------------

@dataclass(frozen=True)
class PadLine:
    number: int
    declarer: Seat
    contract: Contract
    tricks: int
    points: dict[Side, int]
    words: str


@dataclass
class ScorePad:
    """Adds up the deals per side. With the EBU preset a failed contract's points go to
    the opponents; with the club preset declarer's side loses them."""

    rules: Scoring | str = "ebu"
    lines: list[PadLine] = field(default_factory=list)

    def __post_init__(self):
        self.rules = scoring_rules(self.rules)

    def add(self, declarer: Seat | str, contract: Contract | str, tricks: int) -> PadLine:
        """Write one deal's result on the pad."""
        declarer, contract = Seat.parse(declarer), Contract.parse(contract)
        points = score(contract, tricks, self.rules)
        side = declarer.side
        got = {side: 0, side.other: 0}
        if points < 0 and self.rules.opponents_score_penalty:
            got[side.other] = -points
        else:
            got[side] = points
        line = PadLine(len(self.lines) + 1, declarer, contract, tricks, got, result_words(contract, tricks))
        self.lines.append(line)
        return line

    @property
    def totals(self) -> dict[Side, int]:
        return {s: sum(line.points[s] for line in self.lines) for s in Side}

    def _repr_html_(self) -> str:
        from cardlib import render

        return render.score_pad_html(self)
