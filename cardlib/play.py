"""One trick-taking engine for both games: whose turn, legal plays, play, undo, tricks.

MiniBridge and Manille differ only in data (pack, trumps, direction, who leads) and in
one small rule, which cards a player may choose from (``_allowed``); their modules
subclass ``TrickPlay`` for that and for scoring.
"""
from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Mapping
from collections import namedtuple

from cardlib import checks
from cardlib.cards import BRIDGE_PACK, Card, Pack, Suit, parse_denomination
from cardlib.deal import playing_order
from cardlib.hand import Hand
from cardlib.messages import CardError, IllegalPlay
from cardlib.seats import Seat, Side, seats_of

class Action(namedtuple("Action", "kind value")):
    """One thing a player does in a round, in the game's words: ``Action("card", Card)``,
    ``Action("bid", ...)``, ``Action("pass")``, ``Action("trumps", Suit)`` ...

    Every round answers the same questions with the same names (docs/protocol.md):
    ``to_act`` (whose turn, None when over), ``phase``, ``legal_actions()``,
    ``why_illegal(action)`` (a plain sentence or None), ``act(action)`` (raises
    ``IllegalPlay`` with that sentence and changes nothing), ``actions`` (all done so far),
    ``undo()``, ``is_over``, ``result()``; and ``Round(..., actions=...)`` replays them.
    """
    __slots__ = ()

    def __new__(cls, kind: str, value=None):
        return super().__new__(cls, kind, value)


# A named tuple rather than a dataclass: importing dataclasses would double the time
# ``import cardlib`` takes.
class Trick(namedtuple("Trick", "leader plays winner")):
    """A finished trick: who led, the cards in the order played ((seat, card) pairs), and
    who won it."""

    __slots__ = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    @property
    def suit_led(self) -> Suit:
        return self.plays[0][1].suit

    def card_of(self, seat: Seat | str) -> Card | None:
        seat = Seat.parse(seat)
        return next((card for s, card in self.plays if s == seat), None)

    @property
    def winning_card(self) -> Card:
        return self.card_of(self.winner)

    def _repr_html_(self) -> str:
        from cardlib import render

        return render.trick_html(self.plays, winner=self.winner)


def _pairs(plays) -> list:
    """(seat, card) pairs, each checked to be a pair."""
    pairs = checks.many(plays)
    if not all(isinstance(p, (tuple, list)) and len(p) == 2 for p in pairs):
        raise CardError("not_a_list", text=plays)
    return list(pairs)


def winner_of(plays: Iterable[tuple[Seat, Card]], trumps: Suit | None, pack: Pack = BRIDGE_PACK) -> Seat:
    """Who wins these cards: the highest trump, or else the highest card of the suit led.

    >>> from cardlib import Card
    >>> plays = [(Seat.W, Card.parse("H5")), (Seat.N, Card.parse("H8")),
    ...          (Seat.E, Card.parse("HA")), (Seat.S, Card.parse("HK"))]
    >>> winner_of(plays, trumps=None)
    <Seat.E: 1>
    """
    # a seat ("E" is read as one), or a player's number (Auction Manille)
    plays = [(Seat.parse(seat) if isinstance(seat, str) else seat, Card.parse(card)) for seat, card in _pairs(plays)]
    if not plays:
        raise CardError("winner_no_cards")
    return trick_winner(plays, parse_denomination(trumps), checks.kind(pack, Pack, "BRIDGE_PACK"))


def trick_winner(plays: list[tuple[Seat, Card]], trumps: Suit | None, pack: Pack) -> Seat:
    """``winner_of`` for plays the rules made themselves (the hot path of a search: no checks)."""
    best_seat, best = plays[0]
    strength = pack.strength
    for seat, card in plays[1:]:
        if card.suit is best.suit:
            if strength[card.index] > strength[best.index]:
                best_seat, best = seat, card
        elif card.suit is trumps:
            best_seat, best = seat, card
    return best_seat


class TrickPlay:
    """The play of one deal, card by card. State changes only through ``play`` and ``undo``.

    >>> from cardlib import Deal
    >>> game = TrickPlay(Deal.random(seed=1).hands, leader="W", trumps=None)
    >>> card = game.legal_plays()[0]
    >>> game.play(card); game.to_play
    <Seat.N: 0>
    >>> game.undo() == card and game.to_play == Seat.W
    True
    """

    def __init__(
        self,
        hands: Mapping[Seat | str, Iterable[Card]],
        leader: Seat | str,
        trumps: Suit | None,
        pack: Pack = BRIDGE_PACK,
        clockwise: bool = True,
    ):
        self.pack = pack = checks.kind(pack, Pack, "BRIDGE_PACK")
        self.trumps = parse_denomination(trumps)
        if not isinstance(clockwise, bool):
            raise CardError("rules_flag", text=clockwise, option="clockwise")
        self.clockwise = clockwise
        self.first_leader = Seat.parse(leader)
        if not isinstance(hands, Mapping) or not hands:
            raise CardError("pbn_form", text=hands)
        self.hands: dict[Seat, list[Card]] = {Seat.parse(s): pack.in_order(
            h if isinstance(h, Hand) else Hand(h if isinstance(h, str) else checks.many(h))) for s, h in hands.items()}
        if self.first_leader not in self.hands:
            raise CardError("seat_not_dealt", seat=self.first_leader.word)
        self.seats = tuple(playing_order(self.first_leader, tuple(self.hands), clockwise))
        self._next = {s: self.seats[(i + 1) % len(self.seats)] for i, s in enumerate(self.seats)}
        self.trick_count = len(next(iter(self.hands.values())))
        self.teams: tuple[tuple[Seat, ...], ...] = tuple(
            t for t in (Side.NS.seats, Side.EW.seats) if set(t) <= set(self.hands))
        self.tricks: list[Trick] = []
        self.current: list[tuple[Seat, Card]] = []
        self.leader = self.first_leader
        self.to_play = self.first_leader
        self._legal: tuple[Card, ...] | None = None  # legal_plays() of this position, until play/undo
        # The _legal of each position a card was played from: undo() returns to that very
        # position, so its answer comes back with it (a search asks again and again).
        self._legal_before: list[tuple[Card, ...] | None] = []

    # --- asking ---
    @property
    def is_over(self) -> bool:
        return len(self.tricks) == self.trick_count

    @property
    def suit_led(self) -> Suit | None:
        return self.current[0][1].suit if self.current else None

    def legal_plays(self) -> list[Card]:
        """The cards the player to play may choose from, in hand order."""
        if self._legal is not None:
            return list(self._legal)
        if self.is_over:
            return []
        allowed = self._allowed(self.to_play)[0]
        self._legal = tuple(allowed)
        return allowed

    def _allowed(self, seat: Seat) -> tuple[list[Card], str | None, dict]:
        """The cards ``seat`` may play now, and the rule (message key and values) that limits them.

        A suit among the values is put into words only if the rule is broken (this runs for
        every position a computer player looks at)."""
        hand = self.hands[seat]
        if self.current:
            led = self.current[0][1].suit
            follow = [c for c in hand if c.suit is led]
            if follow:
                return follow, "must_follow", {"suit": led}
        return list(hand), None, {}

    def why_illegal(self, card: Card | str) -> str | None:
        """The rule, in words, that forbids playing ``card`` now; None if it may be played."""
        try:
            self._check(Card.parse(card))
        except IllegalPlay as error:
            return str(error)
        return None

    def check(self, card: Card) -> None:
        """Raise IllegalPlay, with the rule's message key and values, if ``card`` may not be played now."""
        self._check(card)

    def controller(self, seat: Seat) -> Seat:
        """Who chooses the card for ``seat`` (declarer chooses dummy's in MiniBridge)."""
        return seat

    def can_see(self, viewer: Seat, seat: Seat) -> bool:
        """May the player at ``viewer`` see ``seat``'s unplayed cards?"""
        return viewer == seat

    def tricks_won(self, who: Side | Seat | str | Iterable[Seat]) -> int:
        """Tricks won by a side (``"NS"``), one seat (``"N"``), or a group of seats."""
        seats = seats_of(who)
        return sum(1 for t in self.tricks if t.winner in seats)

    def team_of(self, seat: Seat | str) -> tuple[Seat, ...]:
        """The seats playing together with ``seat`` (its side)."""
        seat = Seat.parse(seat)
        return next(t for t in self.teams if seat in t)

    @property
    def plays(self) -> list[tuple[Seat, Card]]:
        """Every card played so far, in order."""
        return [p for t in self.tricks for p in t.plays] + self.current

    @property
    def played_cards(self) -> set[Card]:
        return {c for _, c in self.plays}

    # --- changing ---
    def _check(self, card: Card) -> None:
        if self._legal is not None and card in self._legal:
            return  # legal_plays() already allowed it in this very position
        if self.is_over:
            raise IllegalPlay("play_over")
        seat = self.to_play
        if card not in self.hands[seat]:
            raise IllegalPlay("not_your_card", card=card, seat=seat.word)
        allowed, rule, values = self._allowed(seat)
        if card not in allowed:
            values = {k: v.word if isinstance(v, Suit) else v for k, v in values.items()}
            if rule == "must_follow" and self.controller(seat) != seat:
                rule, values["seat"] = "must_follow_hand", seat.word  # dummy's card: name the hand, not "you"
            raise IllegalPlay(rule, **values)

    def play(self, card: Card | str) -> None:
        """Play a card for the player whose turn it is; an illegal card raises IllegalPlay
        with the rule in words and changes nothing."""
        if card.__class__ is not Card:
            card = Card.parse(card)
        if self._legal is None or card not in self._legal:
            self._check(card)
        self._apply(card)

    def _apply(self, card: Card) -> None:
        self._legal_before.append(self._legal)
        self._legal = None
        seat = self.to_play
        self.hands[seat].remove(card)
        self.current.append((seat, card))
        if len(self.current) == len(self.seats):
            winner = trick_winner(self.current, self.trumps, self.pack)
            self.tricks.append(Trick(self.leader, tuple(self.current), winner))
            self.current = []
            self.leader = self.to_play = winner
        else:
            self.to_play = self._next[seat]

    def undo(self) -> Card:
        """Take back the last card played (back to the first card); returns it."""
        if not self.current:
            if not self.tricks:
                raise IllegalPlay("nothing_to_undo")
            trick = self.tricks.pop()
            self.current = list(trick.plays)
            self.leader = trick.leader
        self._legal = self._legal_before.pop() if self._legal_before else None
        seat, card = self.current.pop()
        # Hands stay in pack order, so the card goes back in its place (as in_order would put it).
        insort(self.hands[seat], card, key=self.pack.place_of)
        self.to_play = seat
        return card

    def clone(self) -> TrickPlay:
        """An independent copy, for a computer player to try things out."""
        twin = object.__new__(type(self))
        # One attribute at a time, not __dict__.update: the copy then keeps CPython's compact
        # attribute storage, and plays about a fifth faster.
        for name, value in self.__dict__.items():
            object.__setattr__(twin, name, value)
        twin.hands = {s: list(h) for s, h in self.hands.items()}
        twin.tricks = list(self.tricks)
        twin.current = list(self.current)
        twin._legal_before = list(self._legal_before)
        return twin

    def snapshot(self) -> tuple:
        """Everything that changes during play, for comparing two states."""
        return (tuple((s, tuple(h)) for s, h in self.hands.items()), tuple(self.tricks),
                tuple(self.current), self.leader, self.to_play)



# --- one protocol for every round ---------------------------------------------------------

def _value_text(value) -> str:
    """An action's value as text (what a room writes down, a page sends back)."""
    if isinstance(value, Card):
        return value.letters
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, (tuple, list)):
        return " ".join(_value_text(v) for v in value)
    text = getattr(value, "text", None)
    return text if isinstance(text, str) else str(value)


def action_text(action: Action) -> tuple[str, ...]:
    """An action in words a file or a database keeps: ``("card", "SQ")``, ``("pass",)``.
    A round reads it back (``Round(..., actions=[...])`` or ``act``).

    >>> action_text(Action("card", Card.parse("SQ"))), action_text(Action("pass"))
    (('card', 'SQ'), ('pass',))
    """
    if action.value is None:
        return ("trumps", "NT") if action.kind == "trumps" else (action.kind,)
    return action.kind, _value_text(action.value)


def acting_seats(round_) -> tuple:
    """The seats that may make the next move of a round: the one to act, both players of a
    side that may tap, none once over.

    >>> from cardlib import minibridge
    >>> acting_seats(minibridge.Round(number=1))
    (<Seat.N: 0>,)
    """
    who = round_.to_act
    if who is None:
        return ()
    return who.seats if isinstance(who, Side) else (who,)


class RoundBase:
    """What every round shares (docs/protocol.md): ``act`` is the one door, ``actions`` lists
    what was done, ``undo`` takes the last action back by replaying the others, ``why_illegal``
    says in words what ``act`` would refuse.

    A round class gives: ``KINDS`` (the kinds of action it knows), ``_begin()`` (the state
    before any action), ``phase``, ``to_act``, ``legal_actions()``, ``_read(kind, value)``
    (the value from its text form, raising CardError), ``_apply(action)`` (do a legal action),
    ``result()``; and, for a sentence better than the general one, ``_why_not(action)``.
    """

    KINDS: tuple[str, ...] = ()
    ALIASES: dict[str, str] = {}  # older names of kinds, still read ("play" for "card")

    def _replay(self, actions: Iterable) -> None:
        """Start from the beginning and make each action in turn (refused in words if one is illegal)."""
        self._done: list[Action] = []
        self._begin()
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
            raise IllegalPlay("action_list", text=_short(actions))
        for action in actions:
            self.act(action)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action done so far, in order: ``Round(..., actions=round.actions)`` rebuilds the round."""
        self._sync()
        return tuple(self._done)

    PLAY_KINDS = ("card",)  # the actions that are a card of ``self.game`` (a TrickPlay)

    def _play_action(self, card: Card) -> Action:
        return Action("card", card)

    def _sync(self) -> None:
        """Cards played or taken back on ``self.game`` itself (a computer player, a widget's
        trick engine) are actions too: the list follows the game."""
        game = getattr(self, "game", None)
        if game is None:
            return
        written = sum(1 for a in self._done if a.kind in self.PLAY_KINDS)
        plays = game.plays
        while written > len(plays):
            written -= self._done.pop().kind in self.PLAY_KINDS
        self._done += [self._play_action(card) for _, card in plays[written:]]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def _action(self, action, value=None) -> Action:
        """``action`` as an Action of this round, its value read from text; IllegalPlay if it is not one."""
        if isinstance(action, str):
            action = (action,) if value is None else (action, value)
        if not isinstance(action, (tuple, list)) or not 1 <= len(action) <= 2 or not isinstance(action[0], str):
            raise IllegalPlay("action_form", text=_short(action), kinds=", ".join(self.KINDS))
        kind = self.ALIASES.get(action[0], action[0])
        if kind not in self.KINDS:
            raise IllegalPlay("action_form", text=_short(action[0]), kinds=", ".join(self.KINDS))
        value = action[1] if len(action) == 2 else None
        if value == "" and not isinstance(action, Action):
            value = None  # a room writes an action without a value with an empty one
        try:
            return Action(kind, self._read(kind, value))
        except IllegalPlay:
            raise
        except CardError as error:
            raise IllegalPlay(error.key, **error.values) from None

    def _read(self, kind: str, value):
        """The value of an action of ``kind`` read from its text form (a round overrides this)."""
        return value

    def _check(self, action: Action) -> None:
        if self.is_over:
            raise IllegalPlay("action_over")
        if action not in self.legal_actions():
            key, values = self._why_not(action)
            raise IllegalPlay(key, **values)

    def _why_not(self, action: Action) -> tuple[str, dict]:
        """Why a well-formed ``action`` is refused now: a message key and its values."""
        game = getattr(self, "game", None)
        if action.kind == "card" and game is not None and not game.is_over:
            try:  # the trick engine's own sentence: follow suit, not your card ...
                game.check(action.value)
            except IllegalPlay as error:
                return error.key, error.values
        kinds = dict.fromkeys(a.kind for a in self.legal_actions())
        if action.kind in kinds:
            return "action_not_this", {"text": " ".join(action_text(action))}
        return "action_not_now", {"text": action.kind, "kinds": ", ".join(kinds)}

    def why_illegal(self, action, value=None) -> str | None:
        """The rule, in a plain sentence, that forbids ``action`` now; None if it is allowed.
        Never raises, whatever ``action`` is."""
        try:
            self._check(self._action(action, value))
        except CardError as error:
            return str(error)
        return None

    def act(self, action, value=None) -> None:
        """Do ``action`` (an Action, or its text form ``("card", "SQ")``, or kind and value) for
        the player whose turn it is; an illegal one raises IllegalPlay with the rule in words
        and changes nothing."""
        action = self._action(action, value)
        self._sync()
        self._check(action)
        self._apply(action)
        self._done.append(action)

    def undo(self) -> Action:
        """Take back the last action (back to the start); returns it."""
        self._sync()
        if not self._done:
            raise IllegalPlay("nothing_to_undo")
        last = self._done.pop()
        if last.kind in self.PLAY_KINDS:
            self.game.undo()
            return last
        keep, self._done = self._done, []
        self._begin()
        for action in keep:
            self._apply(action)
            self._done.append(action)
        return last

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _begin(self) -> None:
        raise NotImplementedError


def _short(value) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= 40 else text[:37] + "..."
