"""MiniBridge with an auction (the bridge-out lesson): a bid is a level 1 to 7 ("tricks over
six") and a denomination, ♣ < ♦ < ♥ < ♠ < NT; each bid must be higher than the last; a player
may pass; three passes after a bid end the auction and the last bid is the contract; four passes
before any bid mean nobody plays. Declarer is the player of the side that won the auction who
first named the contract's denomination, as in bridge."""
from __future__ import annotations

import re

from cardlib import checks
from cardlib.cards import Card, Suit, parse_denomination
from cardlib.messages import CardError, say
from cardlib.minibridge import MiniBridgePlay, Scoring, opening_leader, scoring_rules, trick_points
from cardlib.play import Action, RoundBase, TrickPlay, action_text
from cardlib.seats import Seat

# A denomination's place in the bidding order: the suits by their value, no trumps above them.
_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3, None: 4}


class Bid:
    """A level and a denomination: ``Bid("2♥")``, ``Bid("3NT")``, ``Bid(1, "spades")``.

    >>> Bid("2♥") > Bid("1NT"), Bid("2♥").tricks_needed, str(Bid("3NT"))
    (True, 8, '3NT')
    """

    __slots__ = ("level", "denomination")

    def __init__(self, level: int | str, denomination: Suit | str | None = ""):
        if denomination == "":
            text = str(level)
            found = re.fullmatch(r"\s*(\d+)\s*(.+?)\s*", text)
            if not found:
                raise CardError("bid_form", text=text)
            level, words = int(found.group(1)), found.group(2)
            try:
                denomination = parse_denomination(words)
            except (CardError, ValueError):
                raise CardError("bid_form", text=text) from None
        if not isinstance(level, int) or not 1 <= level <= 7:
            raise CardError("bid_level", level=level)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "denomination", parse_denomination(denomination))

    def __setattr__(self, name, value):
        raise AttributeError("a bid cannot be changed")

    @property
    def _rank(self) -> tuple[int, int]:
        return (self.level, _ORDER[self.denomination])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bid) and self._rank == other._rank

    def __hash__(self) -> int:
        return hash(self._rank)

    def __lt__(self, other: Bid) -> bool:
        return self._rank < other._rank

    def __gt__(self, other: Bid) -> bool:
        return self._rank > other._rank

    @property
    def tricks_needed(self) -> int:
        """Six tricks plus the level: the "tricks over six" of lesson 6."""
        return 6 + self.level

    @property
    def tricks_to_defeat(self) -> int:
        """Tricks the defenders need to beat it: 14 minus declarer's target."""
        return 14 - self.tricks_needed

    def made(self, tricks: int) -> bool:
        """Did declarer's side take the tricks it promised? ``Bid("2♥").made(8)`` → True."""
        return checks.whole(tricks, 0, 13) >= self.tricks_needed

    @property
    def game(self) -> bool:
        """A game: its tricks over six score 100 or more (3 or higher in NT, 4 in ♥ or ♠, 5 in ♣ or ♦).

        >>> Bid("3NT").game, Bid("3♠").game, Bid("5♦").game
        (True, False, True)
        """
        return trick_points(self.denomination, self.level) >= 100

    def __str__(self) -> str:
        return f"{self.level}{say('nt') if self.denomination is None else self.denomination.symbol}"

    @property
    def text(self) -> str:
        """The text form that ``Bid(text)`` reads back, the same in every language: "3NT"."""
        return f"{self.level}{'NT' if self.denomination is None else self.denomination.symbol}"

    def __repr__(self) -> str:
        return f'Bid("{self.text}")'


PASS = "pass"


def call_text(call: Bid | str) -> str:
    """A call as the table writes it: "1♥", or "Pass" in the edition's language."""
    return say("pass") if call == PASS else str(call)


class Auction:
    """The calls round the table from the dealer; ``call("1♠")`` or ``call(PASS)``.

    >>> a = Auction("N")
    >>> for c in ("1♥", "pass", "2♥", "pass", "pass", "pass"): a.call(c)
    >>> a.finished, str(a.contract), a.declarer
    (True, '2♥', <Seat.N: 0>)
    """

    def __init__(self, dealer: Seat | str = Seat.N):
        self.dealer = Seat.parse(dealer)
        self.calls: list[tuple[Seat, Bid | str]] = []

    @property
    def to_call(self) -> Seat | None:
        """The seat whose turn it is, or None when the auction is over."""
        if self.finished:
            return None
        return Seat((self.dealer + len(self.calls)) % 4)

    @property
    def last_bid(self) -> Bid | None:
        bids = [c for _, c in self.calls if isinstance(c, Bid)]
        return bids[-1] if bids else None

    @property
    def finished(self) -> bool:
        passes = 0
        for _, c in reversed(self.calls):
            if c != PASS:
                break
            passes += 1
        return passes >= 4 or (passes >= 3 and self.last_bid is not None)

    @property
    def contract(self) -> Bid | None:
        """The last bid once the auction is over (None if all four passed)."""
        return self.last_bid if self.finished else None

    @property
    def declarer(self) -> Seat | None:
        bid = self.contract
        if bid is None:
            return None
        winner = next(s for s, c in reversed(self.calls) if c == bid)
        return next(s for s, c in self.calls
                    if isinstance(c, Bid) and s.side == winner.side and c.denomination == bid.denomination)

    def call(self, call: Bid | str) -> None:
        """Make the next call; a bid not higher than the last raises CardError and changes nothing."""
        if self.finished:
            raise CardError("auction_over")
        if isinstance(call, str) and call.strip().lower() in (PASS, say("pass").lower()):
            call = PASS
        else:
            call = call if isinstance(call, Bid) else Bid(call)
            last = self.last_bid
            if last is not None and not call > last:
                raise CardError("bid_too_low", bid=str(call), last=str(last))
        self.calls.append((self.to_call, call))


def start_play(deal, auction: Auction):
    """The play of the contract the auction reached: declarer's left leads, then dummy goes face
    up (bridge's order) and declarer plays dummy's cards, as in MiniBridge; the bid is the
    contract (its tricks are six plus the level).

    >>> from cardlib import Deal
    >>> a = Auction("N")
    >>> for c in ("1♥", "pass", "2♥", "pass", "pass", "pass"): a.call(c)
    >>> game = start_play(Deal.random(seed=1), a)
    >>> str(game.contract), game.declarer.word, game.to_play.word
    ('2♥', 'North', 'East')
    """
    if auction.contract is None:
        raise CardError("auction_no_contract" if auction.finished else "auction_not_over")
    return AuctionPlay(deal, auction.declarer, auction.contract)



class AuctionPlay(MiniBridgePlay):
    """MiniBridge's play with a bid as the contract (``start_play`` makes it); its score is
    MiniBridge's table with the bid's tricks needed and the game bonus for a game bid."""

    def __init__(self, deal, declarer: Seat | str, contract: Bid):
        self.deal = deal
        self.declarer = Seat.parse(declarer)
        self.dummy = self.declarer.partner
        self.contract = contract
        TrickPlay.__init__(self, deal.hands, leader=opening_leader(self.declarer), trumps=contract.denomination)

    def can_see(self, viewer: Seat, seat: Seat) -> bool:
        """Bridge's order: the opening lead first, then dummy's cards go face up (in MiniBridge
        dummy goes down before the lead).

        >>> a = Auction("N")
        >>> for c in ("1♥", "pass", "2♥", "pass", "pass", "pass"): a.call(c)
        >>> from cardlib import Deal
        >>> game = start_play(Deal.random(seed=1), a)
        >>> game.can_see(Seat.E, game.dummy)
        False
        >>> game.play(game.legal_plays()[0]); game.can_see(Seat.E, game.dummy)
        True
        """
        return viewer == seat or (seat == self.dummy and bool(self.plays))

    def score(self, rules: str | Scoring | None = None) -> int:
        """The score for declarer's side (negative: the tricks short), once the play is over.

        >>> a = Auction("N")
        >>> for c in ("4♠", "pass", "pass", "pass"): a.call(c)
        >>> from cardlib import Deal, bots
        >>> game = bots.play_out(start_play(Deal.random(seed=4), a), bots.make("minibridge", "club"))
        >>> game.score() == (4 * 30 + 300 + 30 * (game.declarer_tricks - 10) if game.made else
        ...                  -50 * (10 - game.declarer_tricks))
        True
        """
        rules, tricks = scoring_rules(rules), self.declarer_tricks
        if tricks < self.contract.tricks_needed:
            return -rules.per_trick_short * (self.contract.tricks_needed - tricks)
        bonus = rules.game_bonus if self.contract.game else rules.partscore_bonus
        return trick_points(self.contract.denomination, tricks - 6) + bonus

    def result_words(self) -> str:
        tricks, needed = self.declarer_tricks, self.contract.tricks_needed
        if tricks < needed:
            return say("down", contract=self.contract, tricks=tricks, short=needed - tricks, needed=needed)
        return say("makes", contract=self.contract, tricks=tricks, needed=needed)


BIDS = tuple(Bid(level, d) for level in range(1, 8) for d in sorted(_ORDER, key=_ORDER.get))


class BiddingRound(RoundBase):
    """The bridge-out lesson's deal as one round (docs/protocol.md): "bidding" (``Action("bid",
    Bid)`` or ``Action("pass")`` round the table from the dealer), then "play" (``Action("card",
    card)``) of the contract reached, then "over". Four passes: nobody plays, the deal is over.

    >>> from cardlib import Deal
    >>> r = BiddingRound(Deal.random(seed=1, dealer="N"))
    >>> for call in ("1♥", "pass", "2♥", "pass", "pass", "pass"): r.call(call)
    >>> r.phase, r.game.declarer.word, r.to_act.word
    ('play', 'North', 'East')
    """

    KINDS = ("bid", "pass", "card")
    ALIASES = {"play": "card"}

    def __init__(self, deal, actions=()):
        self.deal = deal
        self._replay(actions)

    def _begin(self) -> None:
        self.auction = Auction(self.deal.dealer)
        self.game: AuctionPlay | None = None

    def __repr__(self) -> str:
        return f"BiddingRound({self.deal!r}, actions={[action_text(a) for a in self.actions]!r})"

    @property
    def phase(self) -> str:
        if not self.auction.finished:
            return "bidding"
        return "play" if self.game is not None and not self.game.is_over else "over"

    @property
    def to_act(self) -> Seat | None:
        phase = self.phase
        if phase == "bidding":
            return self.auction.to_call
        return self.game.controller(self.game.to_play) if phase == "play" else None

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "bidding":
            last = self.auction.last_bid
            return [Action("pass")] + [Action("bid", b) for b in BIDS if last is None or b > last]
        return [Action("card", c) for c in self.game.legal_plays()] if phase == "play" else []

    def _action(self, action, value=None) -> Action:
        if isinstance(action, (tuple, list)) and len(action) == 2 and action[0] == "call":  # the table's old word
            action = ("pass",) if str(action[1]).strip().lower() == PASS else ("bid", action[1])
        return super()._action(action, value)

    def _read(self, kind: str, value):
        if kind == "bid":
            return value if isinstance(value, Bid) else Bid(value if isinstance(value, str) else str(value))
        if kind == "card":
            return Card.parse(value)
        if value is not None:
            raise CardError("action_form", text=f"{kind} {value}", kinds=", ".join(self.KINDS))
        return None

    def _why_not(self, action: Action) -> tuple[str, dict]:
        phase = self.phase
        if action.kind in ("bid", "pass") and phase != "bidding":
            return "auction_over", {}
        if action.kind == "bid" and self.auction.last_bid is not None:
            return "bid_too_low", {"bid": str(action.value), "last": str(self.auction.last_bid)}
        if action.kind == "card" and phase == "bidding":
            return "auction_not_over", {}
        return super()._why_not(action)

    def _apply(self, action: Action) -> None:
        if action.kind == "card":
            self.game.play(action.value)
            return
        self.auction.call(PASS if action.kind == "pass" else action.value)
        if self.auction.contract is not None:
            self.game = start_play(self.deal, self.auction)

    def call(self, call: Bid | str) -> None:
        """The player to call bids (``"1♥"``, a Bid) or passes (``"pass"``)."""
        if isinstance(call, str) and call.strip().lower() in (PASS, say("pass").lower()):
            self.act(Action("pass"))
        else:
            self.act(Action("bid", call))

    def result(self, rules: str | Scoring | None = None) -> int:
        """The score for declarer's side once the deal is over (0 when all four passed)."""
        if self.phase != "over":
            raise CardError("auction_not_over" if self.phase == "bidding" else "round_not_over",
                            left=13 - len(self.game.tricks) if self.game else 13)
        return 0 if self.game is None else self.game.score(rules)
