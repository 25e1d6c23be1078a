"""What a computer player may see (``View``), and small helpers every strategy shares.

A bot sees only what its player may see. ``View.of(game, seat)`` copies the visible hands
(one's own, and dummy's in MiniBridge), the cards played and the contract or trumps; the
strategy functions receive only that view, never the game, so they cannot peek.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from cardlib.cards import Card, Pack, Suit
from cardlib.messages import CardError
from cardlib.minibridge import Contract, MiniBridgePlay
from cardlib.play import Trick, TrickPlay, trick_winner
from cardlib.seats import Seat


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
        seat = trick_winner(self.current, self.trumps, self.pack)
        return seat, dict(self.current)[seat]

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

    def ruff_risk(self, suit: Suit) -> bool:
        """Could an opponent trump ``suit`` if it were led now? A hidden opponent may once
        they have shown out of it and trumps are still out; a visible one (dummy) if it
        holds trumps and none of the suit."""
        trumps = self.trumps
        if trumps is None or suit is trumps:
            return False
        for seat in self.order:
            if seat in self.team:
                continue
            if seat in self.hands:
                held = self.hands[seat]
                if not any(c.suit is suit for c in held) and any(c.suit is trumps for c in held):
                    return True
            elif suit in self.voids[seat] and self._unseen_count[trumps]:
                return True
        return False

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

def pick(rng: random.Random, cards: Iterable[Card], key: Callable) -> Card:
    """The card with the smallest key; equal keys are settled by the bot's own dice."""
    cards = list(cards)
    best = min(key(c) for c in cards)
    ties = [c for c in cards if key(c) == best]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def lowest(v: View, cards: Iterable[Card], rng: random.Random) -> Card:
    """The weakest card, keeping trumps if possible."""
    return pick(rng, cards, lambda c: (c.suit is v.trumps, v.strength(c)))


def by_suit(cards: Iterable[Card]) -> dict[Suit, list[Card]]:
    """The cards grouped by suit, each suit in the order given.

    >>> {str(s): [str(c) for c in cs] for s, cs in by_suit(map(Card.parse, ["♠A", "♥2", "♠3"])).items()}
    {'♠': ['♠A', '♠3'], '♥': ['♥2']}
    """
    out: dict[Suit, list[Card]] = {}
    for c in cards:
        out.setdefault(c.suit, []).append(c)
    return out


