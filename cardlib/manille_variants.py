"""Two four-player games of the Manille rule book (docs/rules.md §2.7): Blind Manille, a game
of pure chance, and Manille parlée, where the leader may talk about the cards. Both are a
``manille.Round`` with one more door; docs/rules.md §3 lists the choices we made."""
from __future__ import annotations

import random
from collections import namedtuple
from collections.abc import Iterable
from dataclasses import dataclass

from cardlib import checks, manille
from cardlib.cards import Card, Rank, Suit
from cardlib.deal import Deal, Seed
from cardlib.manille import ManilleRules, Round, deal as deal_manille, pile_points
from cardlib.messages import CardError, IllegalPlay, say
from cardlib.play import Action, RoundBase, action_text
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

    KINDS = Round.KINDS + ("draw",)

    def __init__(self, deal: Deal, rules: ManilleRules = ManilleRules(), seed: Seed = 0, actions: Iterable = ()):
        if isinstance(seed, bool) or not isinstance(seed, (int, str, type(None))):
            raise CardError("seed_kind", kind=type(seed).__name__)
        self.seed = seed
        super().__init__(deal, rules, actions=actions)

    def __repr__(self) -> str:
        return f"BlindRound({self.deal!r}, seed={self.seed!r}, actions={[action_text(a) for a in self.actions]!r})"

    @staticmethod
    def can_see(viewer: Seat | str, seat: Seat | str) -> bool:
        """May ``viewer`` see ``seat``'s cards? Everyone's but their own."""
        return Seat.parse(viewer) != Seat.parse(seat)

    def legal_actions(self) -> list[Action]:
        return [Action("draw")] if self.phase == "play" else super().legal_actions()

    def _why_not(self, action: Action) -> tuple[str, dict]:
        if action.kind == "draw" and self.phase != "play":
            return "blind_no_draw", {}
        if action.kind == "card" and self.phase == "play":
            return "blind_draw_only", {}
        return super()._why_not(action)

    def _check(self, action: Action) -> None:
        RoundBase._check(self, action)  # every card is drawn, none chosen: no revoke either

    def _apply(self, action: Action) -> None:
        if action.kind != "draw":
            return super()._apply(action)
        # One random stream per card: the same round draws the same cards when rebuilt.
        rng = random.Random(f"blind:{self.seed}:{self.deal.seed}:{len(self.game.plays)}")
        self.game.play(rng.choice(self.game.legal_plays()))

    PLAY_KINDS = ("draw",)

    def _play_action(self, card: Card) -> Action:
        return Action("draw")

    def draw(self) -> Card:
        """Draw a card at random from the hand of the player to play (a legal one) and play it."""
        self.act(Action("draw"))
        return self.game.plays[-1][1]

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
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 1000:  # more would take the lesson many seconds
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

QUESTIONS = ("how many", "holds", "anything", "lead")  # asked of partner; a fact is "how many" or "holds"


class Question(namedtuple("Question", "kind subject")):
    """What the leader asks their partner: "how many" cards of a suit or a rank, whether
    partner "holds" a card, "anything" (one fact of partner's choice), or which "lead" to make."""

    __slots__ = ()

    def __new__(cls, kind: str, subject=None):
        return super().__new__(cls, kind, subject)


class Fact(namedtuple("Fact", "kind subject answer")):
    """What is said in answer (or told unasked): ``Fact("how many", Suit.HEARTS, 3)``,
    ``Fact("how many", Rank.TEN, 1)``, ``Fact("holds", Card("♠10"), True)``, or a lead asked
    for, ``Fact("lead", Suit.HEARTS)`` (a suit or a card)."""

    __slots__ = ()

    def __new__(cls, kind: str, subject, answer=None):
        return super().__new__(cls, kind, subject, answer)


@dataclass(frozen=True)
class Talk:
    """One thing said at the table, heard by all: before which trick (0 for the first), who
    spoke, about whose hand (for a lead asked for: the leader, who must make it), and what."""

    trick: int
    speaker: Seat
    about: Seat
    question: str
    subject: Suit | Rank | Card
    answer: int | bool | None

    @property
    def words(self) -> str:
        if self.question == "lead":
            return say("parlee_lead", seat=self.speaker.word, leader=self.about.word, what=str(self.subject))
        if self.question == "how many":
            if isinstance(self.subject, Rank):
                return say("parlee_how_many_rank", seat=self.about.word, count=self.answer, rank=self.subject)
            return say("parlee_how_many", seat=self.about.word, count=self.answer, suit=self.subject.symbol)
        return say("parlee_holds_yes" if self.answer else "parlee_holds_no", seat=self.about.word, card=self.subject)


def _talk_from_text(value):
    """A question or fact from the words a room or a file keeps ("how many A", "holds SA True",
    "lead ♥"); anything else as it is."""
    if not isinstance(value, str):
        return value
    for kind in ("how many", "holds", "anything", "lead"):
        if value == kind or value.startswith(kind + " "):
            rest = value[len(kind):].split()
            if rest and rest[-1] == "None":  # a lead asked for has no answer
                rest.pop()
            if kind == "holds" and len(rest) == 2 and rest[1] in ("True", "False"):
                rest[1] = rest[1] == "True"
            elif kind == "how many" and len(rest) == 2 and rest[1].isdigit():
                rest[1] = int(rest[1])
            return (kind, *rest)
    return value


def _subject(kind: str, subject) -> Suit | Rank | Card | None:
    """A question's subject in its plain form, or CardError in words."""
    if kind == "holds":
        return Card.parse(subject)
    if kind in ("anything",):
        return None
    try:
        return Suit.parse(subject)
    except CardError:
        if kind == "lead":
            return Card.parse(subject)
    rank = Rank.parse(subject)
    if rank not in {c.rank for c in manille.PACK}:
        raise CardError("parlee_rank", rank=rank)
    return rank


class ParleePlay(manille.ManillePlay):
    """The play of a deal of Manille parlée: no card while a question waits for its answer, and
    a lead partner asked for is made if the leader can. These are refused whatever the revoke
    rule: they are the talk's rules, not a card the rules of play forbid."""

    requests: dict  # trick number -> the lead partner asked for (a Fact)
    waiting: Seat | None  # the partner who must answer first

    def _talk_limit(self, seat: Seat, cards: list[Card]) -> tuple[list[Card], str, dict] | None:
        if self.waiting is not None:
            return [], "parlee_answer_first", {"seat": self.waiting.word}
        wanted = self.requests.get(len(self.tricks))
        if self.current or wanted is None:
            return None
        subject = wanted.subject
        asked = [c for c in cards if (c == subject if isinstance(subject, Card) else c.suit is subject)]
        return (asked, "parlee_must_lead", {"what": str(subject), "seat": seat.partner.word}) if asked else None

    def _allowed(self, seat: Seat) -> tuple[list[Card], str | None, dict]:
        cards, rule, values = super()._allowed(seat)
        return self._talk_limit(seat, cards) or (cards, rule, values)

    def play(self, card: Card | str) -> None:
        card = Card.parse(card)
        limit = None if self.is_over else self._talk_limit(self.to_play, self.hands[self.to_play])
        if limit is not None and card not in limit[0] and card in self.hands[self.to_play]:
            raise IllegalPlay(limit[1], **limit[2])
        super().play(card)


class ParleeRound(Round):
    """Manille parlée: before leading a trick, the leader may say one thing about their own
    hand (``tell``) or ask their partner (``ask``) how many cards of a suit or a rank they
    hold, whether they hold a given card, to say one thing of their choice, or which lead to
    make; the partner answers truthfully (``answer``), and a lead asked for must be made if
    the leader can. Every seat hears it (``talk``), and it is written in ``actions`` as
    ``Action("ask", Question(...))`` and ``Action("answer", Fact(...))``, so the round rebuilds.
    Anything else is refused in words and changes nothing.

    >>> r = ParleeRound(deal_manille(seed=3, dealer="N")); r.name_trumps("♠"); r.play_on()
    >>> r.ask("how many", "10").words == r.talk[-1].words
    True
    """

    KINDS = Round.KINDS + ("ask", "answer")

    def _begin(self) -> None:
        super()._begin()
        self.talk: list[Talk] = []
        self.pending: Question | None = None  # a question the partner has still to answer

    def _start(self) -> None:
        super()._start()  # checks the deal
        self.game = ParleePlay(self.deal, self.dealer, self.call, self.rules, self.taps, self.blind, alone=False)
        self.game.requests, self.game.waiting = {}, None

    @property
    def to_act(self):
        """As in ``manille.Round``; while a question waits, the partner who must answer."""
        return self.game.to_play.partner if self.pending is not None else super().to_act

    # --- the protocol's talk ---
    def talk_actions(self) -> list[Action]:
        """The talk that may be made now: the partner's true answers to a question waiting, or
        the leader's questions and true facts about their own hand before the lead."""
        if self.pending is not None:
            return [Action("answer", f) for f in self._answers(self.pending)]
        if not self.may_talk():
            return []
        leader = self.game.to_play
        asks = [Question("how many", s) for s in Suit] + [Question("how many", r) for r in _RANKS] + \
            [Question("holds", c) for c in manille.PACK] + [Question("anything"), Question("lead")]
        return [Action("ask", q) for q in asks] + [Action("answer", f) for f in self._facts(leader)]

    def legal_actions(self) -> list[Action]:
        """Everything that may be done now: during the play, the talk and the cards."""
        if self.phase != "play":
            return super().legal_actions()
        return self.talk_actions() + super().legal_actions()

    def _read(self, kind: str, value):
        if kind in ("ask", "answer"):
            return self._check_talk(kind, _talk_from_text(value)).value
        return super()._read(kind, value)

    def _apply(self, action: Action) -> None:
        if action.kind in ("ask", "answer"):
            self._say(action)
        else:
            super()._apply(action)

    # --- friendly doors ---
    def may_talk(self, seat: Seat | str | None = None) -> bool:
        """May ``seat`` (the leader, by default) talk now?"""
        try:
            self._leader_may_talk(seat)
        except CardError:
            return False
        return True

    def ask(self, question: str, subject=None, seat: Seat | str | None = None) -> Talk | None:
        """The leader asks their partner a question. A question of fact has one true answer,
        which the partner gives at once (returned); "anything" and "lead" wait for ``answer``."""
        self._leader_may_talk(seat)
        self.act("ask", Question(question, subject))
        answers = self._answers(self.pending)
        if self.pending.kind in ("how many", "holds"):
            self.act("answer", answers[0])
            return self.talk[-1]
        return None

    def answer(self, fact: Fact, seat: Seat | str | None = None) -> Talk:
        """The partner answers the question waiting: a true fact about their hand, or the lead to make."""
        if seat is not None and self.pending is not None and Seat.parse(seat) != self.game.to_play.partner:
            raise CardError("parlee_not_asked", seat=Seat.parse(seat).word)
        self.act("answer", fact)
        return self.talk[-1]

    def tell(self, question: str, subject, seat: Seat | str | None = None) -> Talk:
        """The leader says one true thing about their own hand."""
        leader = self._leader_may_talk(seat)
        if question not in ("how many", "holds"):
            raise CardError("parlee_question", question=question)
        self.act("answer", self._fact(question, _subject(question, subject), self.game.hands[leader]))
        return self.talk[-1]

    # --- the rules of the talk ---
    def _leader_may_talk(self, seat) -> Seat:
        if self.phase != "play":
            raise CardError("parlee_not_now")
        game = self.game
        leader = game.to_play
        if self.pending is not None:
            raise CardError("parlee_answer_first", seat=leader.partner.word)
        if seat is not None and Seat.parse(seat) != leader:
            raise CardError("parlee_leader_only", seat=Seat.parse(seat).word, leader=leader.word)
        if game.current:
            raise CardError("parlee_after_lead")
        if self.talk and self.talk[-1].trick == len(game.tricks):
            raise CardError("parlee_once")
        return leader

    @staticmethod
    def _fact(kind: str, subject, hand) -> Fact:
        if kind == "holds":
            return Fact(kind, subject, subject in hand)
        return Fact(kind, subject, sum(1 for c in hand if (c.suit if isinstance(subject, Suit) else c.rank) == subject))

    def _facts(self, seat: Seat) -> list[Fact]:
        """Every true fact about ``seat``'s hand that may be said."""
        hand = self.game.hands[seat]
        return ([self._fact("how many", s, hand) for s in Suit] + [self._fact("how many", r, hand) for r in _RANKS]
                + [self._fact("holds", c, hand) for c in manille.PACK])

    def _answers(self, question: Question) -> list[Fact]:
        """The partner's possible answers: the one truth, any true fact, or any lead."""
        partner = self.game.to_play.partner
        hand = self.game.hands[partner]
        if question.kind == "anything":
            return self._facts(partner)
        if question.kind == "lead":
            cards = [c for c in manille.PACK if c not in hand and c not in self.game.played_cards]
            return [Fact("lead", s) for s in Suit] + [Fact("lead", c) for c in cards]
        return [self._fact(question.kind, question.subject, hand)]

    def _check_talk(self, move: str, value) -> Action:
        """The talk action in its plain form if it may be made now, else CardError in words."""
        if move == "ask":
            self._leader_may_talk(None)
            kind = value[0] if isinstance(value, tuple) and value else value
            if kind not in QUESTIONS:
                raise CardError("parlee_question", question=kind)
            subject = _subject(kind, value[1]) if kind in ("how many", "holds") and len(value) > 1 else None
            if kind in ("how many", "holds") and subject is None:
                raise CardError("parlee_question", question=value)
            return Action("ask", Question(kind, subject))
        if not isinstance(value, tuple) or len(value) not in (2, 3) or value[0] not in ("how many", "holds", "lead"):
            raise CardError("parlee_not_a_fact", fact=value)
        kind = value[0]
        fact = Fact(kind, _subject(kind, value[1]), value[2] if len(value) == 3 else None)
        asked = self.pending
        if asked is None:  # the leader tells something about their own hand
            if kind == "lead":
                raise CardError("parlee_not_a_fact", fact=value)
            truths = self._facts(self._leader_may_talk(None))
        else:
            if (asked.kind == "lead") != (kind == "lead") or \
                    (asked.kind in ("how many", "holds") and (kind, fact.subject) != asked):
                raise CardError("parlee_not_the_question")
            truths = self._answers(asked)
        if fact not in truths:
            raise CardError("parlee_lead_form" if kind == "lead" else "parlee_untrue", what=fact.subject)
        return Action("answer", fact)

    def _say(self, action: Action) -> None:
        game, trick = self.game, len(self.game.tricks)
        leader = game.to_play
        if action.kind == "ask":
            self.pending = action.value
            game.waiting = leader.partner
        else:
            fact = action.value
            speaker = leader if self.pending is None else leader.partner
            about = leader if fact.kind == "lead" else speaker
            self.talk.append(Talk(trick, speaker, about, fact.kind, fact.subject, fact.answer))
            if fact.kind == "lead":
                game.requests[trick] = fact
            self.pending, game.waiting = None, None
        game._legal = None  # what may be played has changed


_RANKS = tuple(dict.fromkeys(c.rank for c in manille.PACK))
