"""The club player's MiniBridge strategy: the card-play tips children are taught (the opening
lead of lesson 10, from cardlib.defence; second hand low, third hand high, cover an honour,
draw trumps, set up a long suit, high from the short side), a declarer's contract, and the
bridge-out lesson's two bidding rules."""
from __future__ import annotations

import random

from cardlib.auction import PASS, Auction, Bid
from cardlib.bots.view import View, by_suit, pick
from cardlib.cards import Card, Rank, Suit
from cardlib.deal import Deal
from cardlib.defence import opening_lead
from cardlib.hand import Hand
from cardlib.minibridge import Contract, suggest_contract, unblocking_cards
from cardlib.seats import Seat


def club_minibridge_card(v: View, rng: random.Random) -> Card:
    """A club player's card in MiniBridge, following the tips children are taught."""
    if v.current:
        return _bridge_follow(v, rng)
    if v.declarer is None:  # the trick table: no contract, no dummy, each player sees only its own hand
        return _trick_lead(v, rng)
    if v.player == v.declarer:
        return _declarer_lead(v, rng)
    return _defender_lead(v, rng)


def _trick_lead(v: View, rng: random.Random) -> Card:
    """A lead with no contract and no dummy (the first lessons' trick table): with the trumps
    (4 or more, or 3 with the top one) draw them; otherwise lead as declarer does with its own
    hand only: cash winners, set up the longest suit."""
    trumps = v.trumps
    mine = by_suit(v.legal).get(trumps, []) if trumps is not None else []
    if mine and v._unseen_count[trumps] and (len(mine) >= 4 or (len(mine) >= 3 and v.is_master(mine[0]))):
        return mine[0] if v.is_master(mine[0]) else (_sequence_top(v, mine) or mine[-1])
    return _declarer_lead(v, rng)


def _bridge_follow(v: View, rng: random.Random) -> Card:
    legal = v.legal
    seat, best = v.winning
    ours = seat in v.team
    last = not v.after
    sure = ours and (last or not v.beatable(best))
    if legal[0].suit is not v.led:  # cannot follow suit
        trumps = [c for c in legal if c.suit is v.trumps]
        if trumps and not sure:  # don't trump partner's sure winner
            ruffs = [c for c in trumps if v.beats(c, best)]
            if ruffs:
                safe = [c for c in ruffs if not v.beatable(c)]
                return pick(rng, safe or ruffs, v.strength)
        return _bridge_discard(v, [c for c in legal if c.suit is not v.trumps] or legal, rng)
    low = pick(rng, legal, v.strength)
    if sure:
        return _unblock(v, seat, best) or low
    winners = [c for c in legal if v.beats(c, best)]
    if not winners:
        return low
    if last:
        return pick(rng, winners, v.strength)
    if len(v.current) == 1:  # second hand
        if best.rank >= Rank.TEN and not _touching_below(v, seat, best):
            return pick(rng, winners, v.strength)  # cover an honour with an honour
        sure_winners = [c for c in winners if v.is_master(c) and not v.beatable(c)]
        if sure_winners:  # a trick that cannot be lost later is taken now
            return pick(rng, sure_winners, v.strength)
        return low  # second hand low
    # third hand high, but only as high as needed
    safe = [c for c in winners if not v.beatable(c)]
    high = _short_side_high(v, safe)
    if high:
        return high
    if safe:
        return pick(rng, safe, v.strength)
    card = v.lowest_equal(max(winners, key=v.strength))
    if ours and (best.rank >= Rank.TEN or not v.beats(card, best)):
        return low  # partner's honour is doing the work
    return card


def _short_side_high(v: View, safe: list[Card]) -> Card | None:
    """Declarer's side: partner led a suit in which partner's hand is the longer. This short hand
    takes the trick with its highest sure winner above all the long hand's cards (high from the
    short side first, lesson 9), not its lowest, so it does not keep a card that blocks the suit."""
    partner = v.seat.partner
    if v.current[0][0] != partner or partner not in v.hands or not safe:
        return None
    mine, theirs = v.suit(v.seat, v.led), v.suit(partner, v.led)
    if len(theirs) + 1 <= len(mine):  # partner's hand (with the card it led) is not the longer
        return None
    top = unblocking_cards(Hand(list(mine)), Hand(list(theirs)), v.led) if theirs else ()
    high = [c for c in safe if c in top]
    return max(high, key=v.strength) if high else None


def _unblock(v: View, seat: Seat, best: Card) -> Card | None:
    """Declarer's side cashing a suit (lesson 9: high from the short side first): partner's hand
    wins this trick with its last card of the suit, and this hand holds more of the suit but no
    winner in another suit to come back with. Then win the trick here, with the lowest card that
    takes it for sure, so this hand's cards of the suit are not stuck."""
    partner = v.seat.partner
    if seat == partner and partner not in v.hands and v.declarer is not None:
        return _unblock_partners_suit(v, best)
    if seat != partner or partner not in v.hands or any(c.suit is v.led for c in v.hands[partner]):
        return None
    mine = v.suit(v.seat, v.led)
    overtake = [c for c in mine if v.beats(c, best) and v.is_master(c) and not v.beatable(c)]
    if not overtake or len(mine) < 2:
        return None
    if any(v.is_master(c) and not v.ruff_risk(c.suit) for c in v.mine if c.suit is not v.led):
        return None  # a way back in: the short hand's card takes its own trick
    return min(overtake, key=v.strength)


def _unblock_partners_suit(v: View, best: Card) -> Card | None:
    """A defender, against no trumps: partner leads the suit of its opening lead (lesson 10: the
    longest suit) and wins the trick. This hand, with fewer cards of the suit than may be out,
    holds honours that win the suit's next tricks (♠K Q J 4 under partner's ♠A). Then play an
    honour now: the highest under partner's card (♠K), or, all of them higher, the lowest that
    takes the trick (♠J over the ♠10), keeping the small card to give partner the lead back, so
    partner's long cards are not stuck behind this hand's honours."""
    partner = v.seat.partner
    opening = v.tricks[0] if v.tricks else None
    long_suit = v.led if opening is None else opening.suit_led if opening.leader == partner else None
    if v.trumps is not None or v.current[0][0] != partner or long_suit is not v.led:
        return None
    mine = v.suit(v.seat, v.led)
    honours = [c for c in mine if c.rank >= Rank.TEN and v.is_master(c)]
    if not honours or len(honours) == len(mine) or len(mine) - 1 >= v._unseen_count[v.led]:
        return None
    under = [c for c in honours if not v.beats(c, best)]
    return max(under, key=v.strength) if under else v.lowest_equal(min(honours, key=v.strength))


def _touching_below(v: View, seat: Seat, card: Card) -> bool:
    """Does the visible hand that played ``card`` hold the next card down (Q led from Q-J)?
    Then wait to cover the last honour."""
    if seat not in v.hands:
        return False
    below = [c for c in v.pack.cards if c.suit is card.suit and v.strength(c) < v.strength(card)
             and c not in v.played]
    return bool(below) and below[0] in v.hands[seat]


def _bridge_discard(v: View, cards: list[Card], rng: random.Random) -> Card:
    """Throw a loser: not a winner (nor a long card that wins once the higher ones are out), for
    declarer's side not the small card that reaches the other hand's honours, not from a suit with
    a king, queen or jack to guard (while it can still win), then a card of 5 or lower where there
    is one (a 6 or higher asks partner to lead its suit: lesson 22's signal) and, for a defender,
    not from the suit partner led an honour in (partner's long suit: a low card would say "not
    this suit"), not from a suit with a winner or an honour."""
    suits = by_suit(v.mine)
    partner = v.hands.get(v.seat.partner, ()) if v.declarer is not None and v.seat in (v.declarer, v.declarer.partner) else ()
    defender = v.declarer is not None and v.seat not in (v.declarer, v.declarer.partner)
    partners = {t.suit_led for t in v.tricks if defender and t.leader == v.seat.partner and t.plays[0][1].rank >= Rank.TEN}

    def key(c: Card):
        held = suits.get(c.suit, [])
        # declarer's side keeps a small card to reach the other hand's honours (an entry)
        link = any(x.suit is c.suit and x.rank >= Rank.JACK and v.strength(x) > v.strength(c) for x in partner)
        guard = any(Rank.JACK <= x.rank <= Rank.KING and not v.is_master(x) and _may_win(v, x, len(held)) for x in held)
        # a long card wins too once this hand's higher cards have drawn all the others out
        unseen = sum(1 for x in v.unseen if x.suit is c.suit)
        long = unseen <= sum(1 for x in held if v.strength(x) > v.strength(c)) and len(held) > unseen
        return (c.suit is v.trumps, v.is_master(c) or long, link, guard, c.rank >= Rank.SIX or c.suit in partners, any(v.is_master(x) for x in held),
                any(x.rank >= Rank.JACK for x in held), len(held) >= 4, v.strength(c))
    return pick(rng, cards, key)


def _may_win(v: View, card: Card, held: int) -> bool:
    """Can a guarded honour still win a trick: fewer higher cards out than the cards held with it?"""
    higher = sum(1 for c in v.unseen if c.suit is card.suit and v.strength(c) > v.strength(card))
    return higher < held


def _enough_top_tricks(v: View) -> bool:
    """Do the tricks declarer's side has won and its top tricks (winners it can take now without
    losing the lead) make the contract? Then it takes them, drawing the last trumps first."""
    if v.contract is None:
        return False
    side = (v.seat, v.seat.partner)
    won = sum(1 for t in v.tricks if t.winner in side)
    top = 0
    for suit in Suit:
        mine, theirs = v.suit(side[0], suit), v.suit(side[1], suit)
        top += min(sum(1 for c in mine + theirs if v.is_master(c)), max(len(mine), len(theirs)))
    return won + top >= v.contract.tricks_needed


def _declarer_lead(v: View, rng: random.Random) -> Card:
    me = by_suit(v.legal)
    other = by_suit(v.hands.get(v.seat.partner, ()))
    trumps = v.trumps
    out_trumps = v._unseen_count[trumps] if trumps is not None else 0
    ours = me.get(trumps, []) + other.get(trumps, [])
    higher = all(v.strength(c) > v.strength(o) for c in v.unseen if c.suit is trumps for o in ours)
    # 1. draw trumps while the opponents have some and we have more, but not when every trump
    # they hold beats ours: that trump takes its trick anyway, and ours are kept to ruff
    enough = _enough_top_tricks(v)
    if trumps in me and out_trumps and not higher and (len(ours) > out_trumps or enough):
        mine = me[trumps]
        masters = [c for c in mine if v.is_master(c)]
        if masters:
            short = len(mine) <= len(other.get(trumps, []))
            return masters[0] if short else v.lowest_equal(masters[0])
        if any(v.is_master(c) for c in other.get(trumps, [])):
            return mine[-1]  # low towards the top trump opposite
        return _sequence_top(v, mine) or mine[-1]

    # 2. in no trumps, first set up a long suit (7+ cards together) while we still hold stoppers
    if trumps is None and not enough:
        long = max(me, key=lambda suit: len(me[suit]) + len(other.get(suit, [])))
        both = me[long][:1] + other.get(long, [])[:1]
        if len(me[long]) + len(other.get(long, [])) >= 7 and not v.is_master(max(both, key=v.strength)):
            return _sequence_top(v, me[long]) or me[long][-1]
    # 3. cash winners, high from the short side first; but in no trumps, without enough tricks,
    # keep the top cards of a suit they still hold (stoppers) while a suit has their ace to knock out
    to_set_up = [s for s in me if not v.is_master(max(me[s][:1] + other.get(s, [])[:1], key=v.strength))]
    keep = trumps is None and not enough and bool(to_set_up)
    plans = []
    for suit, mine in me.items():
        if keep and v._unseen_count[suit] and suit in other:
            continue
        if suit is trumps and (out_trumps == 0 or higher) and len(me) > 1:
            continue  # no need to lead trumps the opponents no longer hold (or only higher ones)
        theirs = other.get(suit, [])
        top = max(mine[:1] + theirs[:1], key=v.strength)
        if not v.is_master(top) or v.ruff_risk(suit):
            continue
        if suit is trumps and out_trumps:
            plans.append(((2, 0), mine[0]))  # a top trump left: keep it to ruff, cash it last
        elif theirs and len(theirs) < len(mine) and v.is_master(theirs[0]) and not v.beats(mine[-1], theirs[0]):
            plans.append(((0, len(theirs) - len(mine)), mine[-1]))  # the short hand's winner first
        elif top in theirs and len(mine) + 2 <= len(theirs):
            plans.append(((0, len(mine) - len(theirs)), mine[0]))  # the short hand's last cards, high first
        elif top in theirs:
            plans.append(((1, len(mine)), mine[-1]))  # over to the winner opposite
        elif not theirs:
            plans.append(((-1, -len(mine)), mine[0]))  # winners the other hand cannot reach: take them now
        else:
            plans.append(((0, len(mine) - len(theirs)), mine[0]))
    # winners opposite in a suit this hand has none of: cross to them with a low card first (an entry)
    stranded = sum(1 for c in v.hands.get(v.seat.partner, ()) if c.suit not in me and v.is_master(c)
                   and not v.ruff_risk(c.suit))
    if stranded:
        for suit, mine in me.items():
            entry = [c for c in other.get(suit, []) if v.is_master(c) and not v.beats(mine[-1], c)]
            if entry and not v.ruff_risk(suit) and not (suit is trumps and out_trumps and not enough):
                plans.append(((-2, -stranded), mine[-1]))
    if plans:
        keys = {card: key for key, card in plans}
        return pick(rng, keys, keys.get)
    # 4. set up the longest suit: knock out their high cards
    def length_key(c: Card):
        suit = c.suit
        top = max(me[suit][:1] + other.get(suit, [])[:1], key=v.strength)
        return (suit is trumps, v.ruff_risk(suit), v.is_master(top), -(len(me[suit]) + len(other.get(suit, []))))
    suit = pick(rng, [cards[0] for cards in me.values()], length_key).suit
    mine = me[suit]
    return _sequence_top(v, mine) or mine[-1]


def _sequence_top(v: View, cards: list[Card]) -> Card | None:
    """The top of a sequence of honours (K from K-Q-J, Q from Q-J-10), if the cards have one."""
    if len(cards) < 2 or cards[0].rank < Rank.TEN:
        return None
    top = cards[0]
    if v.lowest_equal(top) != top or _next_card(v, top) in v.hands.get(v.seat.partner, ()):
        return top
    return None


def _next_card(v: View, card: Card) -> Card | None:
    """The next lower card of the suit not yet played."""
    for c in v.pack.cards:
        if c.suit is card.suit and v.strength(c) < v.strength(card) and c not in v.played:
            return c
    return None


def _defender_lead(v: View, rng: random.Random) -> Card:
    me = by_suit(v.legal)
    trumps = v.trumps
    dummy = v.declarer.partner if v.declarer is not None else None  # no dummy on the trick table
    dummy_cards = by_suit(v.hands.get(dummy, ())) if dummy is not None else {}
    side = [s for s in me if s is not trumps] or list(me)

    if not v.tricks:  # the opening lead, by the rules lesson 10 teaches the pupil
        return opening_lead(Hand(v.mine), trumps).card

    # later leads: in no trumps keep setting up the suit we led first
    first = next((t.suit_led for t in v.tricks if t.leader == v.seat), None)
    if trumps is None and len(me.get(first, ())) >= 3 and not v.is_master(me[first][0]):
        return _sequence_top(v, me[first]) or me[first][-1]
    # then cash winners, return partner's suit, lead through dummy's honours
    masters = [me[s][0] for s in side if v.is_master(me[s][0]) and not v.ruff_risk(s)]
    if masters:
        return pick(rng, masters, lambda c: -len(me[c.suit]))
    partner = v.seat.partner
    partner_led = [t.suit_led for t in v.tricks if t.leader == partner and t.suit_led in me]
    if partner_led and not v.ruff_risk(partner_led[0]):
        cards = me[partner_led[0]]
        if len(cards) >= 3 and cards[1].rank >= Rank.JACK and _sequence_top(v, cards):
            return cards[0]  # the top of touching honours (♠K from ♠K Q 4), not the small card that blocks
        return cards[0] if len(cards) <= 2 else cards[-1]
    dummy_next = v.order[1] == dummy

    def key(c: Card):
        theirs = dummy_cards.get(c.suit, [])
        honour = bool(theirs) and theirs[0].rank >= Rank.TEN
        # through dummy's honours when dummy plays next; towards its weakness when it plays last
        good = honour if dummy_next else not honour
        return (v.ruff_risk(c.suit), c.suit is trumps, not good, -len(me[c.suit]))
    suit = pick(rng, [me[s][0] for s in me], key).suit
    return _sequence_top(v, me[suit]) or _from_length(me[suit])


def _from_length(cards: list[Card]) -> Card:
    """Lead from a long suit: the fourth highest; top of two; the only card."""
    if len(cards) >= 4:
        return cards[3]
    return cards[0] if len(cards) <= 2 else cards[-1]


def choose_contract(deal: Deal, declarer: Seat | str) -> Contract:
    """A bot declarer's contract, after seeing dummy: the coach's suggestion.

    >>> d = Deal.from_pbn("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    >>> str(choose_contract(d, "E"))
    'NT partscore'
    """
    declarer = Seat.parse(declarer)
    return suggest_contract(deal[declarer], deal[declarer.partner]).contract


# --- the bridge-out lesson's auction: two rules (docs/rules.md §1.7) ------------------------

OPENING_POINTS = 12  # open with 12 or more points
FIT = 8  # raise partner's suit with 8 cards together
RAISE_POINTS = 6  # and 6 or more points: with fewer, the side's points may not make 8 tricks


def opening_suit(hand: Hand) -> Suit:
    """The suit to open: the longest; of two as long, the higher one (♠ ♥ ♦ ♣).

    >>> opening_suit(Hand("♠AK32 ♥KQ32 ♦A2 ♣432")).word
    'spades'
    """
    return max(Suit, key=lambda s: (hand.length(s), s))


def call_by_the_rules(hand: Hand, auction: Auction) -> Bid | str:
    """The call the lesson's two rules give the player whose turn it is in ``auction``:

    1. nobody has bid yet and you have 12 or more points: open 1 of your longest suit;
    2. partner opened a suit, you have 4 or more cards in it (partner promised 4, so 8
       together) and 6 or more points: raise, with the lowest bid of that suit higher than
       the last bid;
    otherwise pass (and pass at every later turn).

    >>> a = Auction("N")
    >>> str(call_by_the_rules(Hand("♠AK32 ♥KQ32 ♦A2 ♣432"), a))
    '1♠'
    >>> a.call("1♥"); a.call("pass")
    >>> str(call_by_the_rules(Hand("♠5432 ♥J432 ♦Q2 ♣K32"), a))
    '2♥'
    >>> call_by_the_rules(Hand("♠5432 ♥J432 ♦Q2 ♣432"), a)  # a fit, but 3 points
    'pass'
    """
    me = auction.to_call
    bids = [(seat, call) for seat, call in auction.calls if isinstance(call, Bid)]
    if not bids:
        return Bid(1, opening_suit(hand)) if hand.hcp >= OPENING_POINTS else PASS
    opener, opening = bids[0]
    opened_at = next(i for i, (_, call) in enumerate(auction.calls) if call is opening)
    said = any(seat == me for seat, _ in auction.calls[opened_at + 1:])  # raise at the first turn only
    if opener != me.partner or said or opening.denomination is None:
        return PASS
    if hand.length(opening.denomination) < FIT - 4 or hand.hcp < RAISE_POINTS:
        return PASS
    last = auction.last_bid
    level = last.level + (last.denomination is None or last.denomination >= opening.denomination)
    return Bid(level, opening.denomination) if level <= 7 else PASS


def auction_by_the_rules(deal: Deal) -> Auction:
    """The whole auction of ``deal`` when all four players call by the two rules, from the dealer.

    >>> a = auction_by_the_rules(Deal("N:AK32.KQ532.A2.32 QJ4.AJ4.QJ4.QJ54 T9876.T9.K3.AK98 5.876.T98765.T76"))
    >>> [str(call) for _, call in a.calls], a.declarer.word
    (['1♥', 'pass', 'pass', 'pass'], 'North')
    """
    auction = Auction(deal.dealer)
    while not auction.finished:
        auction.call(call_by_the_rules(deal[auction.to_call], auction))
    return auction
