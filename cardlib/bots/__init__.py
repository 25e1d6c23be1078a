"""Computer players for MiniBridge and Manille, at two honest levels, ``Beginner`` and
``ClubPlayer``, and for MiniBridge an ``Expert`` that plays as if it sees every card.

An honest bot chooses from a ``View`` (``cardlib.bots.view``): only what its player may see. The
club player's strategies are in ``cardlib.bots.minibridge`` and ``cardlib.bots.manille``. The
expert asks ``cardlib.analysis`` for the best card, looking at all four hands, and says so.

>>> from cardlib import Deal, minibridge
>>> deal = Deal.random(seed=3)
>>> declarer = minibridge.declarer(deal)
>>> game = minibridge.start_play(deal, declarer, choose_contract(deal, declarer))
>>> game = play_out(game, {seat: make("minibridge", "club", seed=1) for seat in game.seats})
>>> game.is_over
True
"""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping

from cardlib.bots.manille_auction import move as auction_move
from cardlib.bots.manille import choose_aside, choose_trumps, club_manille_card, dealer_trumps, wants_to_tap
from cardlib.bots.minibridge import auction_by_the_rules, call_by_the_rules, choose_contract, club_minibridge_card
from cardlib.bots.view import View, by_suit, lowest, pick
from cardlib import checks
from cardlib.cards import Card
from cardlib.manille_auction import AuctionRound
from cardlib.messages import CardError, IllegalPlay
from cardlib.play import Action, TrickPlay, acting_seats
from cardlib.seats import Seat, Side

GAMES = ("minibridge", "manille")
LEVELS = ("beginner", "club")  # the honest levels: they see only what their player may see
EXPERT = "expert"


# --- Beginner: legal and plausible (both games) ----------------------------------------------

def beginner_card(v: View, rng: random.Random) -> Card:
    """A beginner's card: leads the top of its longest suit; follows with the lowest card
    that wins unless partner is winning, otherwise the lowest."""
    legal = v.legal
    if not v.current:
        suits = by_suit(legal)
        longest = pick(rng, [cards[0] for cards in suits.values()], lambda c: -len(suits[c.suit]))
        return longest
    seat, best = v.winning
    if seat in v.team:
        return lowest(v, legal, rng)
    winners = [c for c in legal if v.beats(c, best)]
    return pick(rng, winners, v.strength) if winners else lowest(v, legal, rng)


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
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise CardError("seed_kind", kind=type(seed).__name__)
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
        if checks.kind(game, TrickPlay, "minibridge.start_play(...)").is_over:
            raise IllegalPlay("play_over")
        view = View.of(game, game.to_play if seat is None else seat)
        if type(game) is TrickPlay and self.game is not None:
            # plain tricks (the first lessons' trick table: no contract, no dummy) follow no
            # game's own rules, so the bot plays them by its own game's tips
            view = dataclasses.replace(view, game=self.game)
        if self.game is not None and view.game != self.game:
            raise CardError("bot_wrong_game", game=self.game, other=view.game)
        if len(view.legal) == 1:
            return view.legal[0]
        return self.strategies[view.game](view, self.rng)


    def action(self, round_) -> Action:
        """The computer's action for the player (or tapping side) whose turn it is in any round
        that follows the protocol (docs/protocol.md), chosen from what that player may see:
        a card by the bot's strategy, the rest by ``decide``.

        >>> from cardlib import minibridge
        >>> r = minibridge.Round(number=1)
        >>> make("minibridge", "club").action(r)
        Action(kind='contract', value=Contract("♠ partscore"))
        """
        if round_.is_over:
            raise IllegalPlay("action_over")
        if isinstance(round_, AuctionRound):  # its players are numbers, its phases its own
            return auction_move(round_, self.rng)
        legal = round_.legal_actions()
        if any(a.kind == "card" for a in legal) and getattr(round_, "game", None) is not None:
            return Action("card", self.choose(round_.game))
        return decide(round_)


def decide(round_) -> Action:
    """What the computer does in a round's phases other than choosing a card (the same for
    every level): the lesson's contract, trumps (the dealer's "en face" too), the tap, the cards
    put aside, the call; a phase with one thing to do (a card drawn blind, a hand dealt again) does it."""
    phase, legal = round_.phase, round_.legal_actions()
    if len(legal) == 1:
        return legal[0]
    who = round_.to_act
    blind = hasattr(round_, "can_see") and not round_.can_see(acting_seats(round_)[0], acting_seats(round_)[0])
    if phase == "contract":
        return Action("contract", choose_contract(round_.deal, who))
    if phase in ("trumps", "en face"):
        if blind:  # Blind Manille: the dealer sees every hand but his own
            from cardlib.manille_variants import blind_trumps
            return Action("trumps", blind_trumps(round_.deal, who))
        call = Action("trumps", dealer_trumps(round_.deal[who])) if phase == "trumps" else None
        return call if call in legal else Action("trumps", choose_trumps(round_.deal[who]))
    if phase == "tapping":
        tap = not blind and tap_decision(round_.deal, who, round_.call.trumps)
        return Action("tap" if tap else "pass")
    if phase == "aside":
        return Action("aside", tuple(choose_aside(round_.deal[who], round_.call.trumps)))
    if phase == "bidding":
        call = call_by_the_rules(round_.deal[who], round_.auction)
        return Action("pass") if call == "pass" else Action("bid", call)
    raise CardError("bot_phase", phase=phase)


def tap_decision(deal, side: Side, trumps) -> bool:
    """Does the computer's side tap the table? Yes if either of its players would
    (``wants_to_tap``): a tap speaks for the pair."""
    return any(wants_to_tap(deal[s], trumps) for s in side.seats)


def play_round(round_, players: Mapping | Bot):
    """Let the bots act for every player until the round is over (declarer's bot chooses for
    dummy, a tapping side's first player's bot taps for it); returns the same round.

    ``players`` maps seats to bots, or is one bot for every seat.

    >>> from cardlib import minibridge
    >>> play_round(minibridge.Round(number=3), make("minibridge", "club")).is_over
    True
    """
    while not round_.is_over:
        bot = players if isinstance(players, Bot) else players[acting_seats(round_)[0]]
        round_.act(bot.action(round_))
    return round_


class Beginner(Bot):
    """Plays legal, plausible cards: leads the top of its longest suit, wins a trick with
    the cheapest card that does when partner is not winning it, otherwise plays low."""

    level = "beginner"
    strategies = {"minibridge": beginner_card, "manille": beginner_card}


class ClubPlayer(Bot):
    """Plays as a club player would: second hand low (but takes a trick nobody can beat),
    third hand high (only as high as needed), covers an honour with an honour, never trumps
    partner's winner, leads the top of a sequence or from length; as declarer draws trumps
    (not the opponents' last ones when they beat its own), sets up a long suit in no trumps and
    cashes winners, high from the short side, the long hand overtaking the short hand's last card
    when it has no other way in, and takes its top tricks when they are enough. In
    Manille it keeps the 10 and the ace to take points, never leads an ace while the 10 is
    out, and puts points on partner's sure tricks (charger)."""

    level = "club"
    strategies = {"minibridge": club_minibridge_card, "manille": club_manille_card}


class Expert(Bot):
    """Plays double-dummy: the card that keeps the most tricks with best play by all four,
    seeing every card (``cardlib.analysis``). It does not play fair, and its name says so."""

    level = EXPERT

    def choose(self, game: TrickPlay, seat: Seat | str | None = None) -> Card:
        from cardlib import analysis

        if checks.kind(game, TrickPlay, "minibridge.start_play(...)").is_over:
            raise IllegalPlay("play_over")
        if seat is not None and Seat.parse(seat) != game.to_play:
            raise CardError("bot_expert_turn")
        return analysis.best_card(game)


BOTS: dict[str, type[Bot]] = {"beginner": Beginner, "club": ClubPlayer, EXPERT: Expert}


def make(game: str = "minibridge", level: str = "beginner", seed: int | str = 0) -> Bot:
    """A computer player for a game ("minibridge" or "manille") at a level ("beginner" or "club").

    >>> make("manille", "club", seed=4)
    ClubPlayer(seed=4, game='manille')
    """
    name = str(game).strip().lower()
    if name not in GAMES:
        raise CardError("bot_game", text=game, names=", ".join(GAMES))
    kind = BOTS.get(str(level).strip().lower())
    if kind is None or (kind is Expert and name != "minibridge"):
        names = LEVELS + (EXPERT,) if name == "minibridge" else LEVELS
        raise CardError("bot_level", text=level, names=", ".join(names))
    return kind(seed=seed, game=name)


def play_out(game: TrickPlay, players: Mapping[Seat, Bot] | Bot) -> TrickPlay:
    """Let the bots play every remaining card (the player choosing for dummy is declarer's
    bot); returns the same game, now over.

    ``players`` maps seats to bots, or is one bot for every seat.
    """
    checks.kind(game, TrickPlay, "minibridge.start_play(...)")
    if not isinstance(players, Bot) and not (isinstance(players, Mapping) and all(
            isinstance(players.get(game.controller(s)), Bot) for s in game.hands)):
        raise CardError("wrong_kind", text=players, example='make("minibridge", "club")')
    while not game.is_over:
        seat = game.to_play
        bot = players if isinstance(players, Bot) else players[game.controller(seat)]
        game.play(bot.choose(game, seat))
    return game


__all__ = ["BOTS", "Beginner", "Bot", "ClubPlayer", "EXPERT", "Expert", "GAMES", "LEVELS", "View", "auction_by_the_rules",
           "call_by_the_rules",
           "choose_contract",
           "choose_trumps", "dealer_trumps", "decide", "make", "play_out", "play_round", "tap_decision", "wants_to_tap"]
