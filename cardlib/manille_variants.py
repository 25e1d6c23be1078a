"""Two four-player games of the Manille rule book (docs/rules.md §2.7): Blind Manille, a game
of pure chance, and Manille parlée, where the leader may talk about the cards. Both are a
``manille.Round`` with one more door; docs/rules.md §3 lists the choices we made."""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from cardlib import checks
from cardlib.cards import Card, Suit
from cardlib.deal import Deal, Seed
from cardlib.manille import ManilleRules, Round, deal as deal_manille, pile_points
from cardlib.messages import CardError, say
from cardlib.seats import Seat, Side


# --- Blind Manille -------------------------------------------------------------------------

class BlindRound(Round):
    """Blind Manille: each player holds their cards facing outwards, so everyone sees them
    but their owner (``can_see``); the dealer names trumps from the cards he sees, and each
    card is drawn at random from its owner's hand (``draw``). A drawn card that the rules
    forbid goes back and another is drawn, so only legal cards come out (docs/rules.md §3).
    Taps as in ``manille.Round``.

    >>> r = BlindRound(deal_manille(seed=3, dealer="N"), seed=1)
    >>> r.can_see(Seat.N, Seat.N), r.can_see(Seat.N, Seat.E)
    (False, True)
    >>> r.name_trumps("♠"); r.play_on(); card = r.draw(); r.game.plays[0] == (Seat.E, card)
    True
    """

    def __init__(self, deal: Deal, rules: ManilleRules = ManilleRules(), seed: Seed = 0):
        super().__init__(deal, rules)
        if isinstance(seed, bool) or not isinstance(seed, (int, str, type(None))):
            raise CardError("seed_kind", kind=type(seed).__name__)
        self.seed = seed

    @staticmethod
    def can_see(viewer: Seat | str, seat: Seat | str) -> bool:
        """May ``viewer`` see ``seat``'s cards? Everyone's but their own."""
        return Seat.parse(viewer) != Seat.parse(seat)

    def draw(self) -> Card:
        """Draw a card at random from the hand of the player to play (a legal one) and play it."""
        if self.phase != "play":
            raise CardError("blind_no_draw")
        # One random stream per card: the same round draws the same cards when rebuilt.
        rng = random.Random(f"blind:{self.seed}:{self.deal.seed}:{len(self.game.plays)}")
        card = rng.choice(self.game.legal_plays())
        self.game.play(card)
        return card

    def draw_all(self) -> None:
        """Draw every card left, to the end of the deal."""
        while self.phase == "play":
            self.draw()


def blind_trumps(deal: Deal, dealer: Seat) -> Suit | None:
    """What a blind dealer names from the cards he sees: the suit his partner holds most of."""
    partner = Deal.parse(deal)[Seat.parse(dealer).partner]
    return max(Suit, key=lambda s: (len(partner.suit(s)), s))


@dataclass(frozen=True)
class BlindCount:
    """What many deals of Blind Manille showed: how often the pair dealt more card points won."""

    deals: int
    more_points: int  # deals where one pair was dealt more card points than the other
    won: int  # ...and that pair took more than 30 in the play
    level: int  # deals with the points dealt level (30 each)

    @property
    def words(self) -> str:
        return say("blind_count", deals=self.deals, more=self.more_points, won=self.won,
                   percent=round(100 * self.won / self.more_points) if self.more_points else 0)


def simulate_blind(deals: int = 1000, seed: Seed = 0) -> BlindCount:
    """Play many deals of Blind Manille (trumps: the dealer's choice, no taps) and count how
    often the pair holding more card points in its hands takes more than 30 in the play.

    >>> count = simulate_blind(200, seed=1)
    >>> count.deals, count.more_points + count.level
    (200, 200)
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 100_000:
        raise CardError("blind_deals", deals=deals)
    more = won = level = 0
    for number in range(deals):
        dealer = Seat(number % 4)
        d = deal_manille(seed=f"{seed}:{number}", dealer=dealer)
        dealt = {side: sum(pile_points(d[s]) for s in side.seats) for side in Side}
        r = BlindRound(d, seed=seed)
        r.name_trumps(blind_trumps(d, dealer))
        r.play_on()
        r.draw_all()
        if dealt[Side.NS] == dealt[Side.EW]:
            level += 1
            continue
        richer = max(dealt, key=dealt.get)
        more += 1
        won += r.game.card_points(richer) > 30
    return BlindCount(deals, more, won, level)


# --- Manille parlée -------------------------------------------------------------------------

QUESTIONS = ("how many", "holds")  # how many cards of a suit; is a given card held


@dataclass(frozen=True)
class Talk:
    """One thing said at the table, heard by all: before which trick (0 for the first), who
    spoke, about whose hand, and the answer."""

    trick: int
    speaker: Seat
    about: Seat
    question: str
    subject: str  # the suit or the card asked about
    answer: int | bool

    @property
    def words(self) -> str:
        if self.question == "how many":
            return say("parlee_how_many", seat=self.about.word, count=self.answer, suit=self.subject)
        return say("parlee_holds_yes" if self.answer else "parlee_holds_no", seat=self.about.word, card=self.subject)


class ParleeRound(Round):
    """Manille parlée: before leading a trick, the leader may say one thing about their own
    hand (``tell``) or ask their partner one question (``ask``): how many cards of a suit,
    or whether a given card is held. The answer is the truth and every seat hears it
    (``talk``). Anything else is refused in words and changes nothing.

    >>> r = ParleeRound(deal_manille(seed=3, dealer="N")); r.name_trumps("♠"); r.play_on()
    >>> r.ask("how many", "♥").words == r.talk[-1].words
    True
    """

    def __init__(self, deal: Deal, rules: ManilleRules = ManilleRules(), dealer: Seat | str | None = None):
        super().__init__(deal, rules, dealer)
        self.talk: list[Talk] = []

    def may_talk(self, seat: Seat | str | None = None) -> bool:
        """May ``seat`` (the leader, by default) talk now?"""
        try:
            self._check_talk(seat)
        except CardError:
            return False
        return True

    def _check_talk(self, seat) -> Seat:
        if self.phase != "play":
            raise CardError("parlee_not_now")
        game = self.game
        leader = game.to_play
        if seat is not None and Seat.parse(seat) != leader:
            raise CardError("parlee_leader_only", seat=Seat.parse(seat).word, leader=leader.word)
        if game.current:
            raise CardError("parlee_after_lead")
        if self.talk and self.talk[-1].trick == len(game.tricks):
            raise CardError("parlee_once")
        return leader

    def ask(self, question: str, subject: Suit | Card | str, seat: Seat | str | None = None) -> Talk:
        """The leader asks their partner one question; the partner answers truthfully."""
        leader = self._check_talk(seat)
        return self._say(leader, leader.partner, question, subject)

    def tell(self, question: str, subject: Suit | Card | str, seat: Seat | str | None = None) -> Talk:
        """The leader says one true thing about their own hand."""
        leader = self._check_talk(seat)
        return self._say(leader, leader, question, subject)

    def _say(self, speaker: Seat, about: Seat, question: str, subject) -> Talk:
        if question not in QUESTIONS:
            raise CardError("parlee_question", question=question)
        hand, trick = self.game.hands[about], len(self.game.tricks)
        if question == "how many":
            suit = Suit.parse(subject)
            talk = Talk(trick, speaker, about, question, suit.symbol, sum(1 for c in hand if c.suit is suit))
        else:
            card = Card.parse(subject)
            talk = Talk(trick, speaker, about, question, str(card), card in hand)
        self.talk.append(talk)
        return talk
