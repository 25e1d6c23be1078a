"""The club player's Manille strategy, the dealer's trumps and when to tap the table."""
from __future__ import annotations

import random
from collections.abc import Iterable

from cardlib.bots.view import View, by_suit, pick
from cardlib.cards import Card, Rank, Suit
from cardlib.hand import Hand
from cardlib.manille import EN_FACE, card_points
from cardlib.manille_variants import Fact, ParleeRound
from cardlib.play import Action


def club_manille_card(v: View, rng: random.Random) -> Card:
    """A club player's card in Manille: take points with the 10 and the ace, load points on
    partner's sure tricks, give the opponents as few points as possible."""
    if v.current:
        return _manille_follow(v, rng)
    return _manille_lead(v, rng)


def _manille_lead(v: View, rng: random.Random) -> Card:
    me = by_suit(v.legal)
    trumps = v.trumps
    # No drawing trumps: the top trumps are kept to take the points (playing 3,000 deals
    # against beginners, leading them gained 2.5 card points a deal, keeping them 3.3).
    masters = [cards[0] for s, cards in me.items() if s is not trumps and v.is_master(cards[0]) and not v.ruff_risk(s)]
    if masters:
        return pick(rng, masters, lambda c: -card_points(c))

    def key(c: Card):
        ace_alone = c.rank == Rank.ACE and not v.is_master(c)  # the 10 of the suit is still out
        return (ace_alone, v.ruff_risk(c.suit), c.suit is trumps, card_points(c), len(me[c.suit]), v.strength(c))
    return pick(rng, v.legal, key)


def _manille_follow(v: View, rng: random.Random) -> Card:
    legal = v.legal
    seat, best = v.winning
    ours = seat in v.team
    last = not v.after
    if ours and (last or not v.beatable(best)):
        # charger: load points on partner's sure trick, but keep trumps
        return pick(rng, legal, lambda c: (c.suit is v.trumps, v.strength(c) if c.suit is v.trumps else -card_points(c),
                                            v.strength(c)))
    winners = [c for c in legal if v.beats(c, best)]
    safe = [c for c in winners if last or not v.beatable(c)]
    if safe:
        # take the trick; a card that would win later anyway is kept for later
        return pick(rng, safe, lambda c: (c.suit is v.trumps, v.is_master(c) and len(safe) > 1,
                                           -card_points(c), v.strength(c)))
    if winners and not ours:
        cheap = [c for c in winners if card_points(c) == 0]
        if cheap:
            return pick(rng, cheap, v.strength)  # a try that costs nothing
    return pick(rng, legal, lambda c: (card_points(c), c.suit is v.trumps, v.is_master(c), v.strength(c)))


def choose_trumps(hand: Hand | Iterable[Card | str]) -> Suit | None:
    """A Manille dealer's trumps: the longest suit (the strongest of equal ones), or no
    trumps (None) with a balanced hand holding 24 card points or more.

    >>> choose_trumps("♠10A7 ♥K8 ♦Q9 ♣J").symbol
    '♠'
    >>> choose_trumps("♠10A ♥10A ♦10K ♣AK") is None
    True
    """
    cards = list(Hand(hand))
    suits = by_suit(cards)
    lengths = [len(suits.get(s, [])) for s in Suit]
    if min(lengths) >= 1 and max(lengths) <= 3 and sum(card_points(c) for c in cards) >= 24:
        return None
    return max(suits, key=lambda s: (len(suits[s]), sum(card_points(c) for c in suits[s]), s))


def good_trump_suit(hand: Hand | Iterable[Card | str]) -> bool:
    """Lesson 15's good trump suit: a long one, best with the 10 or the ace in it: 4 cards or
    more, or 3 with the 10 or the ace.

    >>> good_trump_suit("♠10A87 ♥K ♦Q9 ♣J"), good_trump_suit("♠QJ ♥KQ ♦J98 ♣K")
    (True, False)
    """
    return any(len(cards) >= 4 or (len(cards) == 3 and any(c.rank in (Rank.TEN, Rank.ACE) for c in cards))
               for cards in by_suit(Hand(hand)).values())


def dealer_trumps(hand: Hand | Iterable[Card | str]) -> Suit | None | str:
    """What a Manille dealer with a partner says (lesson 15): no trumps, "en voiture", with the
    strong balanced hand ``choose_trumps`` keeps for it; else the trumps it chooses if the hand
    has a good trump suit (``good_trump_suit``); with no good suit, "en face" (``EN_FACE``): the
    partner chooses. (Played by the computer over 3,000 deals, saying en face with no good suit
    won the dealer's pair 1.3 points a deal more than naming the longest suit anyway.)

    >>> dealer_trumps("♠10A87 ♥K ♦Q9 ♣J").symbol, dealer_trumps("♠QJ ♥KQ ♦J98 ♣K")
    ('♠', 'en face')
    """
    trumps = choose_trumps(hand)
    return trumps if trumps is None or good_trump_suit(hand) else EN_FACE


def wants_to_tap(hand: Hand | Iterable[Card | str], trumps: Suit | None) -> bool:
    """Does a Manille player tap the table (double the deal) against these trumps?

    A tap says "our pair will take more than 30". Tap with half the pack's points in one
    hand (15 of 60 is already a quarter), or with the 10 and the ace of the trump suit.

    >>> wants_to_tap("♠10A7 ♥10A ♦10 ♣AK", Suit.HEARTS)
    True
    >>> wants_to_tap("♠987 ♥87 ♦97 ♣J", Suit.SPADES)
    False
    """
    cards = list(Hand(hand))
    points = sum(card_points(c) for c in cards)
    trump_top = trumps is not None and {Card(trumps, "10"), Card(trumps, "A")} <= set(cards)
    return points >= 22 or (trump_top and points >= 15)


def choose_aside(hand: Hand | Iterable[Card | str], trumps: Suit | None) -> list[Card]:
    """The three-player dealer's cards to put aside for the face-down ones: up to two
    cards worth nothing outside trumps (a face-down card is worth 60 ÷ 32, almost 2, on average).

    >>> [str(c) for c in choose_aside("♠10A7 ♥K8 ♦Q9 ♣J ♣7 ♥9", Suit.SPADES)]
    ['♣7', '♥8']
    """
    cards = [c for c in Hand(hand) if c.suit is not trumps and card_points(c) == 0]
    return sorted(cards, key=lambda c: (c.rank, c.suit))[:2]


def parlee_answer(round_: ParleeRound) -> Action:
    """The computer partner's answer in Manille parlée, always the truth: the one true answer to
    a question of fact; asked for one thing, how many trumps it holds (or, with no trumps, how
    many tens); asked for a lead, the suit of its best card outside trumps (a ten or an ace
    there wins the trick), else its longest suit."""
    question, game = round_.pending, round_.game
    hand = game.hands[game.to_play.partner]
    if question.kind in ("how many", "holds"):
        return next(a for a in round_.talk_actions())
    if question.kind == "anything":
        subject = game.trumps if game.trumps is not None else Rank.TEN
        key = (lambda c: c.suit) if isinstance(subject, Suit) else (lambda c: c.rank)
        return Action("answer", Fact("how many", subject, sum(1 for c in hand if key(c) == subject)))
    side = [c for c in hand if c.suit is not game.trumps] or list(hand)
    best = max(side, key=lambda c: (card_points(c), sum(1 for d in hand if d.suit is c.suit)))
    return Action("answer", Fact("lead", best.suit))
