"""MiniBridge questions, one generator a kind; each takes a random.Random, the seed and the
variant, and returns a Question whose answer, working and slips come from cardlib.minibridge
and cardlib.play.

>>> import random
>>> q = hcp_question(random.Random(1), seed=1)
>>> q.check(q.answer).correct, q.check(q.answer + 1).correct
(True, False)
"""
from __future__ import annotations

import random

from cardlib import BRIDGE_PACK, Card, Deal, Hand, IllegalPlay, Rank, Seat, Side, Suit, TrickPlay, say, sentences, winner_of
from cardlib import minibridge
from cardlib.minibridge import CONTRACTS, Contract
from exercises.answers import NO, NOBODY, YES
from exercises.question import Picture, Question, Slip

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
TRICKY_DECLARER = 0.4  # share of declarer questions drawn so that the biggest hand defends


def seat_options() -> tuple[tuple[str, str], ...]:
    """The four seats as choices: label in words, value the seat's letter."""
    return tuple((seat.word, seat.name) for seat in Seat)


def yes_no_options() -> tuple[tuple[str, str], ...]:
    return ((say("yes"), YES), (say("no"), NO))


def _deal(rng: random.Random, dealer: Seat | None = None) -> Deal:
    """A deal from the question's own generator (dealer chosen by it too)."""
    dealer = Seat(rng.randrange(4)) if dealer is None else dealer
    return Deal.random(seed=rng.randrange(10**9), dealer=dealer)


def _plus(numbers) -> str:
    return " + ".join(str(n) for n in numbers)


def _cards(cards) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def trumps_line(trumps: Suit | None) -> str:
    """The rules line of a trick question: "Trumps: ♥ hearts" or "No trumps"."""
    return say("ex_no_trumps") if trumps is None else say("ex_trumps_are", suit=trumps.word, symbol=trumps.symbol)


# --- count the HCP ----------------------------------------------------------------------

def hcp_working(hand) -> str:
    """The count of a hand's high-card points as a sum: "A 4 + K 3 + Q 2 = 9".

    >>> hcp_working(Hand.parse("♠AK1032 ♥K32 ♦Q52 ♣J2"))
    'A 4 + K 3 + K 3 + Q 2 + J 1 = 13'
    """
    honours = sorted((c for c in hand.cards if c.hcp), key=lambda c: -c.hcp)
    if not honours:
        return say("ex_hcp_none")
    return f"{' + '.join(f'{c.rank.symbol} {c.hcp}' for c in honours)} = {hand.hcp}"


def hcp_by_suit(hand) -> str:
    """The count of a hand's high-card points one suit at a time, as lesson 3 teaches it: each
    suit's picture cards and points, then the suits added.

    >>> hcp_by_suit(Hand.parse("♠AK1032 ♥K32 ♦Q52 ♣J2"))
    '♠A K = 7, ♥K = 3, ♦Q = 2, ♣J = 1; in all 7 + 3 + 2 + 1 = 13'
    >>> hcp_by_suit(Hand.parse("♠A1032 ♥9832 ♦952 ♣T42"))
    '♠A = 4'
    """
    suits = [(suit, [c for c in hand.suit(suit) if c.hcp]) for suit in SUITS]
    suits = [(suit, cards, sum(c.hcp for c in cards)) for suit, cards in suits if cards]
    if not suits:
        return say("ex_hcp_none")
    each = say("list_comma").join(f"{suit.symbol}{' '.join(c.rank.symbol for c in cards)} = {points}"
                                  for suit, cards, points in suits)
    if len(suits) == 1:
        return each
    return say("ex_hcp_by_suit", suits=each, total=f"{' + '.join(str(points) for _, _, points in suits)} = {hand.hcp}")


def hcp_slips(hand: Hand) -> list[Slip]:
    """The likely miscounts of a hand, most likely first: a 10 counted as 1, an ace as 1,
    a suit missed, the picture cards counted one each.

    >>> [s.code for s in hcp_slips(Hand("♠A1032 ♥K32 ♦Q52 ♣J32"))]
    ['counted_ten', 'ace_as_one', 'missed_suit', 'missed_suit', 'missed_suit', 'missed_suit', 'counted_honours']
    """
    points = hand.hcp
    cards = hand.cards
    tens = sum(1 for c in cards if c.rank is Rank.TEN)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    slips = []
    if tens:
        slips.append(Slip(points + tens, "counted_ten", say("ex_slip_counted_ten")))
    if aces:
        slips.append(Slip(points - 3 * aces, "ace_as_one", say("ex_slip_ace_as_one")))
    for suit in SUITS:
        in_suit = Hand(hand.suit(suit)).hcp
        if in_suit:
            slips.append(Slip(points - in_suit, "missed_suit", say("ex_slip_missed_suit", suit=suit.word)))
    honours = sum(1 for c in cards if c.hcp)
    slips.append(Slip(honours, "counted_honours", say("ex_slip_counted_honours")))
    return slips


def hcp_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """How many high-card points does this hand hold?"""
    hand = _deal(rng)[Seat(rng.randrange(4))]
    return Question(
        kind="hcp", seed=seed, prompt=say("ex_hcp_prompt"), answer_kind="number",
        answer=hand.hcp, right_answer=str(hand.hcp), explanation=hcp_by_suit(hand),
        hint=say("ex_hcp_hint"), picture=Picture((("", ("hand", _cards(hand.cards))),)),
        slips=tuple(hcp_slips(hand)), ideas={"hcp"})


# --- add the announcements ----------------------------------------------------------------

def announcements_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Add announcements: a side's total ("side"), or the fourth announcement when the
    others are known ("fourth": the missing number, they make 40); the bare kind mixes both."""
    deal = _deal(rng)
    said = minibridge.announcements(deal)
    points = dict(said)
    form = variant or ("side" if rng.random() < 0.5 else "fourth")
    kind = "announcements" + (f":{variant}" if variant else "")
    slips = []
    if form == "side":
        side = rng.choice(list(Side))
        first, second = side.seats
        answer = points[first] + points[second]
        table = tuple((s.word, p) for s, p in said)
        prompt = say("ex_side_prompt", side=side)
        explanation = say("ex_side_working", side=side, sum=_plus(points[s] for s in side.seats), total=answer)
        hint = say("ex_side_hint", first=first.word, second=second.word)
        other = sum(points[s] for s in side.other.seats)
        slips.append(Slip(other, "other_side", say("ex_slip_other_side", other=side.other, side=side)))
        slips.append(Slip(40, "added_all", say("ex_slip_added_all", first=first.word, second=second.word)))
        for seat in side.seats:
            slips.append(Slip(points[seat], "one_player", say("ex_slip_one_player", seat=seat.word,
                                                               partner=seat.partner.word)))
        ideas = {"hcp"}
    else:
        missing, answer = said[-1]
        known = [p for _, p in said[:-1]]
        table = tuple((s.word, p) for s, p in said[:-1]) + ((missing.word, "?"),)
        prompt = say("ex_fourth_prompt", seat=missing.word)
        explanation = say("ex_fourth_working", known=" − ".join(str(p) for p in known), total=answer)
        hint = say("ex_fourth_hint")
        slips.append(Slip(sum(known), "added_instead", say("ex_slip_added_instead")))
        for i, forgotten in enumerate(known):
            rest = known[:i] + known[i + 1:]
            slips.append(Slip(40 - sum(rest), "missed_one", say("ex_slip_missed_one", points=forgotten)))
        ideas = {"hcp", "total_40"}
    return Question(
        kind=kind, seed=seed, prompt=prompt, answer_kind="number", answer=answer,
        right_answer=str(answer), explanation=explanation, hint=hint,
        picture=Picture(((say("ex_announced_label", dealer=deal.dealer.word), ("table", table)),)),
        slips=tuple(slips), ideas=ideas)


# --- who is declarer ------------------------------------------------------------------------

def declarer_working(deal: Deal) -> str:
    """Why the declarer is who minibridge.declarer says, step by step, in words."""
    said = minibridge.announcements(deal)
    points = {s: p for s, p in said}
    totals = {side: sum(points[s] for s in side.seats) for side in Side}
    sums = sentences(*(say("ex_side_total", side=side, sum=_plus(points[s] for s in side.seats),
                            total=totals[side]) for side in Side))
    chosen = minibridge.declarer(deal)
    if chosen is None:
        return sentences(sums, say("redeal"))
    partner = chosen.partner
    if points[chosen] == points[partner]:
        why = say("ex_declarer_tie", declarer=chosen.word, dummy=partner.word, points=points[chosen])
    else:
        why = say("declarer_is", declarer=chosen.word, points=points[chosen], dummy=partner.word)
    return sentences(sums, say("ex_side_plays", side=chosen.side), why)


def biggest_hand_defends(deal: Deal) -> bool:
    """Is the one biggest announcement on the side that does not declare? (Then "pick the
    biggest number" gives a wrong answer: the pupil has to add up each side.)"""
    chosen = minibridge.declarer(deal)
    if chosen is None:
        return False
    said = minibridge.announcements(deal)
    best = max(p for _, p in said)
    biggest = [s for s, p in said if p == best]
    return len(biggest) == 1 and biggest[0].side is not chosen.side


def declarer_slips(deal: Deal) -> list[Slip]:
    """Each wrong seat a pupil might pick, and why it is wrong, without naming the answer."""
    said = minibridge.announcements(deal)
    points = dict(said)
    chosen = minibridge.declarer(deal)
    best = max(points.values())
    slips = []
    if chosen is None:
        return redeal_slips()
    playing = chosen.side
    for seat in sorted(Seat, key=lambda s: -points[s]):
        if seat.side is not playing:
            code = "biggest_hand" if points[seat] == best else "weaker_side"
            slips.append(Slip(seat.name, code, say(f"ex_slip_{code}", seat=seat.word, side=seat.side)))
        elif seat is chosen.partner:
            code = "tie_first" if points[seat] == points[chosen] else "chose_dummy"
            slips.append(Slip(seat.name, code, say(f"ex_slip_{code}", seat=seat.word, side=seat.side,
                                                     partner=seat.partner.word)))
    slips.append(not_twenty_slip(deal, chosen))
    return slips


def redeal_slips() -> list[Slip]:
    """At 20–20 every seat is a wrong answer: nobody declares, the hand is dealt again."""
    return [Slip(seat.name, "twenty_twenty", say("ex_slip_twenty_twenty")) for seat in Seat]


def not_twenty_slip(deal: Deal, chosen: Seat) -> Slip:
    """"Nobody" is a wrong answer: declarer's side holds more than 20."""
    points = dict(minibridge.announcements(deal))
    return Slip(NOBODY, "not_twenty", say("ex_slip_not_twenty", side=chosen.side,
                                          total=sum(points[s] for s in chosen.side.seats)))


def dummy_slips(deal: Deal) -> list[Slip]:
    """Each wrong seat a pupil might pick for dummy, and why it is wrong."""
    chosen = minibridge.declarer(deal)
    if chosen is None:
        return redeal_slips()
    slips = [Slip(chosen.name, "declarer_not_dummy", say("ex_slip_declarer_not_dummy", seat=chosen.word))]
    slips += [Slip(seat.name, "weaker_side", say("ex_slip_weaker_side", seat=seat.word, side=seat.side))
              for seat in Seat if seat.side is not chosen.side]
    return slips + [not_twenty_slip(deal, chosen)]


def opening_leader(deal: Deal) -> Seat | None:
    """Who leads to the first trick (cardlib's rule: declarer's left); nobody at 20–20, when the
    hand is dealt again."""
    chosen = minibridge.declarer(deal)
    return None if chosen is None else minibridge.opening_leader(chosen)


def first_lead_slips(deal: Deal) -> list[Slip]:
    """Each wrong seat a pupil might pick to lead first, and why it is wrong, without naming the answer:
    declarer, dummy, declarer's right, or the dealer's left (who led in lessons 1 to 3)."""
    chosen = minibridge.declarer(deal)
    if chosen is None:
        return redeal_slips()
    leader = minibridge.opening_leader(chosen)
    slips = []
    for seat in Seat:
        if seat is leader:
            continue
        if seat is deal.dealer.left:  # lessons 1 to 3: the dealer's left led
            slips.append(Slip(seat.name, "lead_dealer_left", say("ex_slip_lead_dealer_left", seat=seat.word)))
        elif seat is chosen:
            slips.append(Slip(seat.name, "lead_declarer", say("ex_slip_lead_declarer", seat=seat.word)))
        elif seat is chosen.partner:
            slips.append(Slip(seat.name, "lead_dummy", say("ex_slip_lead_dummy", seat=seat.word)))
        else:
            slips.append(Slip(seat.name, "lead_right", say("ex_slip_lead_right", seat=seat.word, declarer=chosen.word)))
    return slips + [not_twenty_slip(deal, chosen)]


def declarer_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Who is declarer, given the four announcements (or nobody, at 20–20)? About a third of
    the deals have the biggest single hand on the defending side, so adding up is needed.
    The "dummy" variant asks who is dummy: declarer's partner; the "lead" variant who leads to
    the first trick: the player on declarer's left (``opening_leader``)."""
    dealer = Seat(rng.randrange(4))
    if rng.random() < TRICKY_DECLARER:
        deal = Deal.random_where(biggest_hand_defends, seed=rng.randrange(10**9), dealer=dealer)
    else:
        deal = Deal.random(seed=rng.randrange(10**9), dealer=dealer)
    said = minibridge.announcements(deal)
    declaring = chosen = minibridge.declarer(deal)
    explanation = declarer_working(deal)
    if chosen is not None and variant == "dummy":
        chosen = chosen.partner
    if variant == "lead":
        chosen = opening_leader(deal)
        if chosen is not None:
            explanation = sentences(explanation, say("ex_lead_first_working", leader=chosen.word, declarer=declaring.word))
    answer = NOBODY if chosen is None else chosen.name
    options = seat_options() + ((say("ex_nobody"), NOBODY),)
    prompt, hint = {"dummy": ("ex_dummy_prompt", "ex_dummy_hint"), "lead": ("ex_lead_first_prompt", "ex_lead_first_hint")}.get(
        variant, ("ex_declarer_prompt", "ex_declarer_hint"))
    slips = {"dummy": dummy_slips, "lead": first_lead_slips}.get(variant, declarer_slips)(deal)
    return Question(
        kind="declarer" + (f":{variant}" if variant else ""), seed=seed,
        prompt=say(prompt), answer_kind="seat",
        answer=answer, right_answer=say("ex_nobody") if chosen is None else chosen.word,
        explanation=explanation, hint=say(hint),
        options=options, rules_line=say("ex_lead_first_rules" if variant == "lead" else "ex_declarer_rules"),
        picture=Picture(((say("ex_announced_label", dealer=deal.dealer.word),
                          ("table", tuple((s.word, p) for s, p in said))),)),
        slips=tuple(slips),
        ideas={"hcp", "declarer", "dummy"})


# --- which card wins this trick -----------------------------------------------------------

def _trick(rng: random.Random, trumps: Suit | None, pack=BRIDGE_PACK) -> list[tuple[Seat, Card]]:
    """Four cards as a trick might go: mostly following suit, sometimes a trump or discard."""
    cards = list(pack.cards)
    rng.shuffle(cards)
    leader = Seat(rng.randrange(4))
    led = cards[-1].suit if rng.random() < 0.5 or trumps is None else rng.choice([s for s in Suit if s is not trumps])
    plays = []
    seat = leader
    for i in range(4):
        roll = rng.random()
        if i == 0 or roll < 0.65:
            wanted = [led]
        elif trumps is not None and roll < 0.85:
            wanted = [trumps]
        else:
            wanted = [s for s in Suit if s is not led]
        card = next(c for c in cards if c.suit in wanted)
        cards.remove(card)
        plays.append((seat, card))
        seat = seat.left
    return plays


def trick_working(plays, trumps: Suit | None, pack=BRIDGE_PACK, say_trumps: bool = True) -> str:
    """Why the winner wins, in words; the winner comes from cardlib.winner_of. Without
    ``say_trumps`` (before trumps are taught) the word "trump" is not used."""
    seat = winner_of(plays, trumps, pack)
    card = dict(plays)[seat]
    led = plays[0][1].suit
    if trumps is not None and any(c.suit is trumps for _, c in plays):
        if card.suit is led:
            return say("ex_trick_trump_led", card=card, seat=seat.word, suit=trumps.word)
        return say("ex_trick_trumped", card=card, seat=seat.word, suit=trumps.word)
    if any(c.suit is not led for _, c in plays):
        key = "ex_trick_discard" if say_trumps else "ex_trick_discard_nt"
        return say(key, card=card, seat=seat.word, card_suit=led.one_word)
    return say("ex_trick_highest", card=card, seat=seat.word, card_suit=led.one_word)


def trick_slips(plays, trumps: Suit | None, pack=BRIDGE_PACK) -> list[Slip]:
    """Why each losing card of a trick does not win, without naming the winner. In Manille
    (the piquet pack) the card that would win in bridge order comes first: the 10 is above
    the ace."""
    winner = dict(plays)[winner_of(plays, trumps, pack)]
    led = plays[0][1].suit
    trumped = trumps is not None and any(c.suit is trumps for _, c in plays)
    slips = []
    if pack is not BRIDGE_PACK:
        bridge_winner = dict(plays)[winner_of(plays, trumps, BRIDGE_PACK)]
        slips.append(Slip(str(bridge_winner), "ten_highest", say("ex_slip_ten_highest")))
    for _, card in plays:
        if card is winner:
            continue
        if card.rank is Rank.TWO and card.suit is winner.suit:  # in 大富豪 and President the 2 is the top card
            slips.append(Slip(str(card), "two_highest", say("ex_slip_two_highest", card=card)))
        elif trumps is not None and card.suit is trumps:
            slips.append(Slip(str(card), "lower_trump", say("ex_slip_lower_trump")))
        elif trumped and card.suit is led:
            slips.append(Slip(str(card), "forgot_trump", say("ex_slip_forgot_trump")))
        elif card.suit is not led:
            slips.append(Slip(str(card), "discard_wins", say("ex_slip_discard_wins", card=card)))
        else:
            slips.append(Slip(str(card), "lower_card", say("ex_slip_lower_card", card=card, suit=led.one_word)))
    return slips


def _ruffed_trick(rng: random.Random) -> tuple[Suit, list[tuple[Seat, Card]]]:
    """Trumps and a trick where another suit was led and a player who had none of it played a
    trump (a ruff), sometimes two players: the trick lesson 2 is about."""
    while True:
        trumps = rng.choice(list(Suit))
        plays = _trick(rng, trumps)
        if plays[0][1].suit is not trumps and any(c.suit is trumps for _, c in plays[1:]):
            return trumps, plays


def trick_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Which card wins this trick? The pupil clicks the card. Variant "no_trumps": always
    without trumps, and the word "trump" never appears (lesson 1, before trumps are taught).
    Variant "ruff": a suit other than trumps is led and a player trumps (lesson 2's quiz: a trick
    lesson 1's rules alone cannot answer)."""
    no_trumps = variant == "no_trumps"
    if variant == "ruff":
        trumps, plays = _ruffed_trick(rng)
    else:
        trumps = None if no_trumps else rng.choice([None, *Suit])
        plays = _trick(rng, trumps)
    winner = winner_of(plays, trumps)
    card = dict(plays)[winner]
    ideas = {"tricks", "follow_suit", "no_trumps" if trumps is None else "trumps"}
    return Question(
        kind="trick" + (f":{variant}" if variant else ""), seed=seed,
        prompt=say("ex_trick_prompt", leader=plays[0][0].word),
        answer_kind="card", answer=str(card), right_answer=str(card),
        explanation=trick_working(plays, trumps, say_trumps=not no_trumps),
        hint=say("ex_trick_hint_nt" if no_trumps else "ex_trick_hint"),
        options=tuple((str(c), str(c)) for _, c in plays),
        rules_line="" if no_trumps else trumps_line(trumps),
        picture=Picture((("", ("trick", tuple((s.name, str(c)) for s, c in plays))),)),
        slips=tuple(trick_slips(plays, trumps)), ideas=ideas)


# --- may this card be played ---------------------------------------------------------------

# What a "may I play it?" question is about, and how often (the rest of the share is leads).
PLAY_SITUATIONS = {
    "": (("follow", 0.33), ("not_follow", 0.37), ("discard", 0.27)),
    "trumps": (("follow", 0.24), ("not_follow", 0.33), ("trump", 0.22), ("discard", 0.18)),
    # lesson 2's quiz: "May South trump with the ♣2?": yes with no card of the suit led, no with one
    "ruff": (("trump", 0.5), ("not_follow", 0.5)),
}


def _situation(game: TrickPlay) -> dict[str, list[Card]]:
    """The cards of the player to play, sorted by what playing them would be."""
    hand = game.hands[game.to_play]
    if not game.current:
        return {"lead": list(hand)}
    led = game.suit_led
    follow = [c for c in hand if c.suit is led]
    if follow:
        return {"follow": follow, "not_follow": [c for c in hand if c.suit is not led]}
    trumps = [c for c in hand if c.suit is game.trumps]
    return {"trump": trumps, "discard": [c for c in hand if c.suit is not game.trumps]}


def _position(rng: random.Random, trumps: Suit | None, wanted: str, ruff: bool = False) -> tuple[TrickPlay, Card]:
    """A deal played part of the way with random legal cards, stopping where the player to
    play has a card of the ``wanted`` situation; returns the position and that card. With
    ``ruff`` the card is always a trump, on a trick where another suit was led."""
    for _ in range(500):
        deal = _deal(rng)
        game = TrickPlay(deal.hands, leader=Seat(rng.randrange(4)), trumps=trumps)
        deep = wanted in ("trump", "discard")
        tricks = rng.randrange(3, 11) if deep else rng.randrange(0, 7)
        cards = 4 * tricks + (0 if wanted == "lead" else rng.choice([1, 2, 3]))
        for _ in range(cards):
            game.play(rng.choice(game.legal_plays()))
        choices = _situation(game).get(wanted, [])
        if ruff and wanted == "not_follow":  # a trump while able to follow suit, and no other card
            choices = [c for c in choices if c.suit is trumps]
        elif wanted == "not_follow" and trumps is not None and rng.random() < 0.5:
            choices = [c for c in choices if c.suit is trumps] or choices  # trumping while able to follow
        if choices:
            return game, rng.choice(choices)
    raise AssertionError("no position found")  # pragma: no cover - 500 deals always give one


def play_working(game: TrickPlay, card: Card) -> str:
    """Why a card may or may not be played now, about the seat whose turn it is (the rule is
    cardlib's, TrickPlay.check; its sentence is the table's, to "you"), or why it is fine."""
    try:
        game.check(card)
    except IllegalPlay as rule:
        if rule.key in ("must_follow", "must_follow_hand"):
            return say("ex_may_not_follow", card=card, seat=game.to_play.word, suit=game.suit_led.word)
        return say("ex_may_not", card=card, why=str(rule))  # pragma: no cover - the questions ask only cards in the hand
    if not game.current:
        return say("ex_may_lead", card=card)
    led = game.suit_led
    if card.suit is led:
        return say("ex_may_follow", card=card, suit=led.word)
    if card.suit is game.trumps:
        return say("ex_may_trump", card=card, suit=led.word)
    return say("ex_may_discard", card=card, suit=led.word)


def may_play_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """May this card be played now? (yes or no). Mostly about following suit and, with the
    "trumps" variant, trumping; a lead ("any card") only now and then."""
    trumps = rng.choice(list(Suit)) if variant in ("trumps", "ruff") else None
    situations = PLAY_SITUATIONS[variant]
    roll, wanted = rng.random(), "lead"
    for name, share in situations:
        if roll < share:
            wanted = name
            break
        roll -= share
    game, card = _position(rng, trumps, wanted, ruff=variant == "ruff")
    seat = game.to_play
    hand = game.hands[seat]
    answer = NO if game.why_illegal(card) else YES
    rows = []
    if game.current:
        rows.append((say("ex_trick_so_far"), ("trick", tuple((s.name, str(c)) for s, c in game.current))))
    rows.append((say("ex_hand_of", seat=seat.word), ("hand", _cards(hand))))
    led = game.suit_led
    if wanted == "lead":
        slip_words = ("may_lead", say("ex_slip_may_lead"))
    else:
        slip_words = {
            "not_follow": ("must_follow", say("ex_slip_must_follow", seat=seat.word, suit=led.word)),
            "follow": ("need_not_beat", say("ex_slip_need_not_beat", suit=led.one_word)),
            "trump": ("may_trump", say("ex_slip_may_trump", suit=led.word)),
            "discard": ("may_discard", say("ex_slip_may_discard", suit=led.word)),
        }[wanted]
    wrong = YES if answer == NO else NO
    ideas = {"tricks", "follow_suit", "no_trumps" if trumps is None else "trumps"}
    return Question(
        kind="may_play" + (f":{variant}" if variant else ""), seed=seed,
        prompt=say("ex_may_prompt_ruff" if variant == "ruff" else "ex_may_prompt" if game.current else "ex_may_prompt_lead",
                   seat=seat.word, card=card),
        answer_kind="yes-no", answer=answer, right_answer=say("yes" if answer == YES else "no"),
        explanation=play_working(game, card), hint=say("ex_may_hint"), options=yes_no_options(),
        rules_line="" if trumps is None else trumps_line(trumps),
        picture=Picture(tuple(rows)), slips=(Slip(wrong, *slip_words),), ideas=ideas)


# --- which suit should be trumps ------------------------------------------------------------

def choose_trumps_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Which suit should North–South choose as trumps? The suit where the two hands together hold
    the most cards (lesson 2's deal A: hearts 4 + 3 = 7, spades 3 + 5 = 8). The lengths are
    cardlib's (Hand.length); most items have one hand's longest suit another, so counting one
    hand alone gives a wrong answer. The answer is always a major with 8 cards or more, the suit
    lesson 5's rules choose too."""
    north, south, lengths, best = Hand([]), Hand([]), {}, Suit.SPADES
    for _ in range(500):
        deal = _deal(rng)
        north, south = deal[Seat.N], deal[Seat.S]
        lengths = {suit: north.length(suit) + south.length(suit) for suit in Suit}
        most = max(lengths.values())
        tops = [suit for suit in Suit if lengths[suit] == most]
        one_hand = {max(Suit, key=hand.length) for hand in (north, south)}  # a longest suit of one hand
        # a major of 8 or more (reader hd): lesson 5 plays no trumps without an 8-card major fit, so
        # lesson 2's "9 clubs: clubs are trumps" would turn wrong three lessons on
        if len(tops) == 1 and tops[0].is_major and most >= 8 and (tops[0] not in one_hand or rng.random() < 0.3):
            best = tops[0]
            break
    assert lengths[best] > 13 - lengths[best]  # 7 or more of 13: the side has more trumps than the other side
    suits = sorted(Suit, reverse=True)  # ♠ ♥ ♦ ♣, as a hand is shown
    working = say("ex_trumps_sep").join(say("ex_trumps_count", symbol=suit.symbol, north=north.length(suit),
                                                south=south.length(suit), total=lengths[suit]) for suit in suits)
    slips = []
    for hand, seat in ((north, Seat.N), (south, Seat.S)):  # one hand's longest suit, counted alone
        longest = [suit for suit in suits if hand.length(suit) == max(map(hand.length, Suit))]
        if len(longest) == 1 and longest[0] is not best and longest[0].name not in [s.value for s in slips]:
            slips.append(Slip(longest[0].name, "one_hand", say("ex_slip_trumps_one_hand", seat=seat.word, suit=longest[0].word)))
    return Question(
        kind="choose_trumps", seed=seed, prompt=say("ex_trumps_prompt"),
        answer_kind="choice", answer=best.name, right_answer=f"{best.symbol} {best.word}",
        explanation=sentences(say("ex_trumps_working", counts=working),
                              say("ex_trumps_choose", symbol=best.symbol, suit=best.word, total=lengths[best])),
        hint=say("ex_trumps_hint"), options=tuple((f"{suit.symbol} {suit.word}", suit.name) for suit in suits),
        picture=Picture(((say("ex_hand_of", seat=Seat.N.word), ("hand", _cards(north))),
                         (say("ex_hand_of", seat=Seat.S.word), ("hand", _cards(south))))),
        slips=tuple(slips), ideas={"trumps"})


# --- how many tricks does this contract need ------------------------------------------------

def tricks_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """How many tricks does declarer need for this contract? Variant "defenders": how many
    do the defenders need to beat it?"""
    contract = rng.choice(CONTRACTS)
    needed = contract.tricks_needed
    rule = say("ex_needs_game" if contract.game else "ex_needs_partscore", contract=contract,
               tricks=needed, denomination=contract.denomination_word)
    slips = []
    if variant == "defenders":
        answer = contract.tricks_to_defeat
        prompt = say("ex_defence_prompt", contract=contract)
        explanation = sentences(rule, say("ex_defence_working", needed=needed, answer=answer))
        slips.append(Slip(answer - 1, "one_short", say("ex_slip_one_short", tricks=answer - 1)))
        slips.append(Slip(needed, "declarer_target", say("ex_slip_declarer_target")))
        ideas = {"tricks_needed", "defenders_target"}
    else:
        answer, prompt, explanation = needed, say("ex_tricks_prompt", contract=contract), rule
        slips.append(Slip(needed - 6, "over_six", say("ex_slip_over_six")))
        if contract.game:
            slips.append(Slip(7, "partscore_tricks", say("ex_slip_partscore_tricks")))
            for other in (9, 10, 11):
                slips.append(Slip(other, "wrong_game", say("ex_slip_wrong_game")))
        else:
            for other in (9, 10, 11):
                slips.append(Slip(other, "game_tricks", say("ex_slip_game_tricks")))
        ideas = {"tricks_needed"}
    return Question(
        kind="tricks_needed" + (f":{variant}" if variant else ""), seed=seed, prompt=prompt,
        answer_kind="number", answer=answer, right_answer=str(answer), explanation=explanation,
        hint=say("ex_defence_hint" if variant == "defenders" else "ex_tricks_hint"),
        slips=tuple(slips), ideas=ideas)


# --- what does this result score ----------------------------------------------------------

def score_steps(contract: Contract, tricks: int, rules: minibridge.Scoring, declarer: Seat) -> list[str]:
    """The working of a score one step a line: tricks over six → trick points → bonus (or,
    for a contract that failed, the tricks short → who scores what). Every number comes from
    cardlib.minibridge."""
    side = declarer.side
    needed = contract.tricks_needed
    if tricks < needed:
        short = needed - tricks
        line = minibridge.score_hand(declarer, contract, tricks, rules)
        steps = [say("ex_step_short", contract=contract, needed=needed, tricks=tricks, short=short)]
        if rules.opponents_score_penalty:
            steps.append(say("ex_step_down_ebu", short=short, each=rules.per_trick_short,
                             points=line.scores[side.other], other=side.other, side=side))
        else:
            steps.append(say("ex_step_down_club", short=short, each=rules.per_trick_short,
                             points=-line.scores[side], side=side, minus=minibridge.signed(line.scores[side])))
        return steps
    over = tricks - 6
    points = minibridge.trick_points(contract.denomination, over)
    steps = [say("ex_step_over", tricks=tricks, over=over)]
    if contract.denomination is None:
        first, rest = minibridge.trick_rates(None)
        if over == 1:  # one trick: no sum to show ("40 = 40")
            steps.append(say("ex_step_points_nt_one", points=points))
        else:
            sum_text = _plus([first] + [rest] * (over - 1))
            steps.append(say("ex_step_points_nt", sum=sum_text, points=points, first=first, rest=rest))
    else:
        each = minibridge.trick_rates(contract.denomination)[1]
        steps.append(say("ex_step_points", over=over, each=each, points=points))
    bonus = rules.bonus(contract)
    total = minibridge.score(contract, tricks, rules)
    key = "ex_step_bonus_game" if contract.game else "ex_step_bonus_partscore"
    steps.append(say(key, points=points, bonus=bonus, total=total, side=side))
    if not contract.game and tricks >= Contract(contract.denomination, True).tricks_needed:
        steps.append(say("ex_step_partscore_only"))
    return steps


def score_slips(contract: Contract, tricks: int, rules: minibridge.Scoring, declarer: Seat, asked: Side) -> list[Slip]:
    """The likely mistakes for this result, most likely first; every number from cardlib."""
    side = declarer.side
    needed = contract.tricks_needed
    den = contract.denomination
    slips = []
    if tricks >= needed:
        over = tricks - 6
        points = minibridge.trick_points(den, over)
        bonus = rules.bonus(contract)
        slips.append(Slip(points, "forgot_bonus", say("ex_slip_forgot_bonus")))
        if not contract.game:
            slips.append(Slip(points + rules.game_bonus, "partscore_game_bonus", say("ex_slip_partscore_game_bonus")))
        else:
            slips.append(Slip(points + rules.partscore_bonus, "game_small_bonus", say("ex_slip_game_small_bonus")))
            other = minibridge.EBU if rules is minibridge.CLUB else minibridge.CLUB
            slips.append(Slip(points + other.game_bonus, "other_rules_bonus",
                              say("ex_slip_other_rules_bonus", bonus=rules.game_bonus)))
        every = minibridge.trick_points(den, tricks)
        slips.append(Slip(every + bonus, "every_trick", say("ex_slip_every_trick")))
        slips.append(Slip(every, "every_trick", say("ex_slip_every_trick")))
        if den is None:
            flat = minibridge.trick_points(Suit.SPADES, over)  # 30 a trick, the first too
            slips.append(Slip(flat + bonus, "nt_first_30", say("ex_slip_nt_first_30")))
        else:
            swapped = Suit.CLUBS if den.is_major else Suit.SPADES
            slips.append(Slip(minibridge.trick_points(swapped, over) + bonus, "wrong_rate",
                              say("ex_slip_wrong_rate", each=minibridge.trick_points(den, 1))))
        return slips
    short = needed - tricks
    line = minibridge.score_hand(declarer, contract, tricks, rules)
    as_if_made = minibridge.trick_points(den, tricks - 6) + rules.bonus(contract)
    if rules.opponents_score_penalty:
        penalty = line.scores[side.other]
        if asked is side:
            slips.append(Slip(-penalty, "wrote_minus", say("ex_slip_wrote_minus_declarer", side=side, other=side.other)))
            slips.append(Slip(penalty, "wrong_side", say("ex_slip_wrong_side", other=side.other)))
        else:
            slips.append(Slip(-penalty, "wrote_minus", say("ex_slip_wrote_minus_defenders")))
            other = minibridge.EBU if rules.per_trick_short == minibridge.CLUB.per_trick_short else minibridge.CLUB
            slips.append(Slip(other.per_trick_short * short, "other_rules_short",
                              say("ex_slip_other_rules_short", each=rules.per_trick_short)))
    else:
        lost = line.scores[side]
        slips.append(Slip(-lost, "forgot_minus", say("ex_slip_forgot_minus")))
        slips.append(Slip(-minibridge.EBU.per_trick_short * short, "other_rules_short",
                          say("ex_slip_other_rules_short", each=rules.per_trick_short)))
    if tricks >= 7:
        slips.append(Slip(as_if_made, "not_made", say("ex_slip_not_made", needed=needed, tricks=tricks)))
    return slips


def rules_line(rules: minibridge.Scoring) -> str:
    """The scoring rules in force, for the small line under a score question."""
    key = f"ex_rules_line_{rules.name}" if rules.opponents_score_penalty else "ex_rules_line_minus"
    return say(key, partscore_bonus=rules.partscore_bonus, game_bonus=rules.game_bonus, short=rules.per_trick_short)


def score_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """What does a side score for this contract and number of tricks? The English schools'
    rules (the bare kind) or, with the "club" variant, a Japanese club's; under both nobody
    writes a minus: the defenders score a failed contract's points (docs/rules.md §1.6)."""
    preset = minibridge.CLUB if variant == "club" else minibridge.scoring_rules()
    contract = rng.choice(CONTRACTS)
    tricks = max(0, min(13, contract.tricks_needed + rng.choice([-3, -2, -1, -1, 0, 0, 0, 1, 1, 2, 3])))
    declarer = Seat(rng.randrange(4))
    side = declarer.side
    line = minibridge.score_hand(declarer, contract, tricks, preset)
    asked = side
    if not line.made and preset.opponents_score_penalty and rng.random() < 0.7:
        asked = side.other  # who gets the points of a failed contract
    answer = line.scores[asked]
    prompt_key = "ex_score_prompt" if asked is side else "ex_score_prompt_defenders"
    explanation = "\n".join(score_steps(contract, tricks, preset, declarer))
    return Question(
        kind="score" + (f":{variant}" if variant else ""), seed=seed,
        prompt=say(prompt_key, declarer=declarer.word, contract=contract, tricks=tricks, side=asked),
        answer_kind="number", answer=answer, right_answer=minibridge.signed(answer), explanation=explanation,
        hint=say("ex_score_hint"), rules_line=rules_line(preset),
        slips=tuple(score_slips(contract, tricks, preset, declarer, asked)),
        ideas={"tricks_needed", "scoring"} | ({"club_scoring"} if variant == "club" else set()))


# --- pick a sensible contract ---------------------------------------------------------------

def contract_slips(mine: Hand, dummy: Hand, accepted: set[Contract]) -> list[Slip]:
    """Why a contract the guidelines do not choose is not the one, without naming it."""
    fits = minibridge.golden_fits(mine, dummy)
    game = next(iter(accepted)).game
    points = mine.hcp + dummy.hcp
    slips = []
    for contract in CONTRACTS:
        if contract in accepted:
            continue
        den = contract.denomination
        if den is not None and not den.is_major:
            # A golden fit is a major's: however many ♦ or ♣ there are, "too few cards" is not why.
            # A minor game's slip says why (11 tricks, 9 in no trumps); a minor partscore's says the
            # rule alone (every partscore needs 7 tricks, so the 11 of a game is no reason for it):
            # without a golden fit, no trumps; with one, count the ♥ and ♠
            key = "ex_slip_minor" if contract.game else "ex_slip_minor_partscore_fit" if fits else "ex_slip_minor_partscore"
            slips.append(Slip(contract.text, "minor", say(key, suit=den.word)))
        elif den is not None and den not in fits:
            length = mine.length(den) + dummy.length(den)
            slips.append(Slip(contract.text, "no_fit", say("ex_slip_no_fit", suit=den.word, length=length)))
        elif den is None and fits:
            slips.append(Slip(contract.text, "missed_fit", say("ex_slip_missed_fit")))
        elif contract.game != game:
            slips.append(Slip(contract.text, "level", say("ex_slip_level", points=points)))
    return slips


def _equal_major_fits(deal: Deal) -> bool:
    """Whether declarer's side has a golden fit in both majors, as long in each: the guidelines
    then choose spades by a tie-break only the teacher's notes give (lesson 5's pupils never meet it)."""
    declarer = minibridge.declarer(deal)
    fits = minibridge.golden_fits(deal[declarer], deal[declarer.partner])
    return len(fits) == 2 and len(set(fits.values())) == 1


def _odd_for_the_guidelines(deal: Deal) -> bool:
    """Whether declarer's side holds hands the simple guidelines answer oddly: a hand with a suit
    of 7 cards or more in a minor (♠K ♥7 ♦A Q J 10 9 6 3 ♣A K 6 3 opposite a singleton diamond: only
    NT game was accepted), or, where the answer is no trumps, a hand with a singleton or a void.
    A club teacher found such hands in lesson 5's practice; a real player would not choose NT there."""
    declarer = minibridge.declarer(deal)
    hands = (deal[declarer], deal[declarer.partner])
    if any(hand.length(suit) >= 7 for hand in hands for suit in (Suit.DIAMONDS, Suit.CLUBS)):
        return True
    if minibridge.golden_fits(*hands):
        return False
    return any(hand.length(suit) <= 1 for hand in hands for suit in Suit)


def contract_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Pick a contract for declarer and dummy: every contract the guidelines allow is right. Hands
    the guidelines would answer oddly (a long minor; a short suit opposite a no-trump answer) are
    not asked."""
    deal = Deal.random_where(lambda d: minibridge.declarer(d) is not None and not _equal_major_fits(d)
                             and not _odd_for_the_guidelines(d),
                             seed=rng.randrange(10**9), dealer=Seat(rng.randrange(4)))
    declarer = minibridge.declarer(deal)
    mine, dummy = deal[declarer], deal[declarer.partner]
    coach = minibridge.suggest_contract(mine, dummy)
    allowed = minibridge.sensible_contracts(mine, dummy)
    reasons = sentences(*coach.reasons)
    others = [str(c) for c in CONTRACTS if c in allowed and c != coach.contract]
    explanation = reasons if not others else sentences(reasons, say("ex_contract_also", contracts=", ".join(others)))

    def right_words(value: str) -> str:
        if value == coach.contract.text:
            return say("ex_right", answer=coach.contract, explanation=reasons)
        return say("ex_contract_other_right", given=Contract(value), coach=coach.contract, reasons=reasons)

    return Question(
        kind="contract", seed=seed, prompt=say("ex_contract_prompt", declarer=declarer.word, dummy=declarer.partner.word),
        answer_kind="contract", answer=coach.contract.text, right_answer=str(coach.contract),
        explanation=explanation, hint=say("ex_contract_hint"),
        options=tuple((str(c), c.text) for c in CONTRACTS),
        accepted=frozenset(c.text for c in allowed),
        picture=Picture(((say("ex_hand_declarer", seat=declarer.word), ("hand", _cards(mine.cards))),
                         (say("ex_hand_dummy", seat=declarer.partner.word), ("hand", _cards(dummy.cards))))),
        right_words=right_words, slips=tuple(contract_slips(mine, dummy, allowed)),
        ideas={"hcp", "declarer", "dummy", "golden_fit", "game_points", "tricks_needed"})


# --- points → tricks: the table behind 25 for game -------------------------------------------

def points_table() -> tuple[tuple[str, str], ...]:
    """The rule-of-thumb table as rows of a picture: ("25–27 points", "9 tricks")."""
    return tuple((say("ex_ptt_points", low=low, high=high), say("ex_ptt_tricks", tricks=tricks))
                 for low, high, tricks in minibridge.POINTS_TO_TRICKS)


def points_to_tricks_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """How many tricks can a side expect with these points together (the rule of thumb in
    cardlib.minibridge.POINTS_TO_TRICKS)? Half the time the pupil adds up two hands first."""
    with_hands = rng.random() < 0.5
    rows = [(say("ex_ptt_table_label"), ("table", points_table()))]
    if with_hands:
        side = rng.choice(list(Side))
        deal = Deal.random_where(lambda d: d.hcp(side) >= 21, seed=rng.randrange(10**9))
        first, second = side.seats
        points = deal.hcp(side)
        rows = [(say("ex_hand_of", seat=first.word), ("hand", _cards(deal[first].cards))),
                (say("ex_hand_of", seat=second.word), ("hand", _cards(deal[second].cards)))] + rows
        prompt = say("ex_ptt_hands_prompt", first=first.word, second=second.word)
        added = say("ex_ptt_added", first=first.word, second=second.word, a=deal[first].hcp,
                    b=deal[second].hcp, points=points)
    else:
        side = rng.choice(list(Side))
        points = rng.choice([21, 22, 23, 24, 25, 25, 26, 26, 27, 28, 29, 30, 31, 32, 33, 34, 36, 38, 40])
        prompt = say("ex_ptt_prompt", side=side, points=points)
        added = ""
    low, high, answer = minibridge.points_range(points)
    explanation = sentences(added, say("ex_ptt_working", points=points, low=low, high=high, tricks=answer))
    slips = []
    for row_low, row_high, tricks in minibridge.POINTS_TO_TRICKS:
        if abs(tricks - answer) == 1:
            slips.append(Slip(tricks, "wrong_row", say("ex_slip_wrong_row", points=points)))
    slips.append(Slip(points, "gave_points", say("ex_slip_gave_points")))
    return Question(
        kind="points_to_tricks", seed=seed, prompt=prompt, answer_kind="number", answer=answer,
        right_answer=str(answer), explanation=explanation, hint=say("ex_ptt_hint"),
        rules_line=say("ex_ptt_rules", source=say("ex_ptt_source")),
        picture=Picture(tuple(rows)), slips=tuple(slips), ideas={"hcp", "points_to_tricks"})


# --- sure tricks -----------------------------------------------------------------------------

def sure_working(hand_a: Hand, hand_b: Hand, suit: Suit) -> str:
    """The sure-winner count of one suit in words, by cardlib.minibridge.sure_tricks' rule."""
    run = minibridge.top_winners(hand_a, hand_b, suit)
    longer = max(hand_a.length(suit), hand_b.length(suit))
    count = minibridge.sure_tricks(hand_a, hand_b, suit)
    if not run:
        return say("ex_sure_no_ace", suit=suit.word)
    ranks = " ".join(c.rank.symbol for c in run)
    if len(run) > longer:
        return say("ex_sure_limited", ranks=ranks, run=len(run), longer=longer, count=count)
    return say("ex_sure_run", ranks=ranks, run=len(run), longer=longer, count=count)


def _suit_holding(rng: random.Random, suit: Suit) -> tuple[Hand, Hand]:
    """Two partners' cards in one suit: the ace there most of the time, honours often, so
    that runs of one to five and a longer hand that stops the run both come up."""
    pool = [r for r in Rank if r is not Rank.ACE]
    rng.shuffle(pool)
    weights = {r: rng.random() - (0.6 if r >= Rank.TEN else 0) for r in pool}
    pool.sort(key=weights.get)
    ranks = ([Rank.ACE] if rng.random() < 0.85 else []) + pool
    n_a, n_b = rng.randint(1, 5), rng.randint(1, 4)
    cards = [Card(suit, r) for r in ranks[: n_a + n_b]]
    rng.shuffle(cards)
    return Hand(cards[:n_a]), Hand(cards[n_a:])


def sure_slips(hand_a: Hand, hand_b: Hand, suits) -> list[Slip]:
    """Over-counting sure tricks: counting honours past a gap (A K _ J counted as 3), or
    forgetting that the longer hand's length is the most a suit can give."""
    answer = sum(minibridge.sure_tricks(hand_a, hand_b, s) for s in suits)

    def total(limit: bool, gaps: bool) -> int:
        count = 0
        for suit in suits:
            run = len(minibridge.top_winners(hand_a, hand_b, suit))
            honours = sum(1 for c in hand_a.suit(suit) + hand_b.suit(suit) if c.rank >= Rank.JACK)
            counted = max(run, honours) if gaps else run
            longer = max(hand_a.length(suit), hand_b.length(suit))
            count += min(counted, longer) if limit else counted
        return count

    slips = []
    for value, code in ((total(True, True), "counted_gap"), (total(False, False), "length_limit"),
                        (total(False, True), "counted_gap")):
        if value > answer:
            slips.append(Slip(value, code, say(f"ex_slip_{code}")))
    return slips


def _counts_true(hand_a: Hand, hand_b: Hand, suit: Suit) -> bool:
    """Is lesson 1's count of sure tricks (the top cards in a row from the ace, no more than the
    longer hand holds) the number of tricks the suit really wins without giving up the lead?
    Not in a blocked suit (East ♣A, West ♣K J 10: after the ace East has no club to lead to
    West, and a way across in another suit gives up nothing, so whole hands could take more or
    fewer), and not when the defenders run out under the top cards (♣K 8 7 5 opposite
    ♣A Q 9 6 4 2: the defenders' J 10 3 fall under A K Q and all 6 clubs win, lesson 7's long
    suit)."""
    sure = minibridge.sure_tricks(hand_a, hand_b, suit)
    if minibridge.long_cards_win(hand_a, hand_b, suit):
        return False
    return sure < 2 or minibridge.tricks_in_a_row(hand_a, hand_b, suit) == sure


def sure_winners_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """How many sure tricks (tricks that can be taken at once) do two partners have in one
    suit, or (variant "hands") in two whole hands in no trumps? Counted by
    cardlib.minibridge.sure_tricks, where that count is the true one (``_counts_true``): never
    a blocked suit, never long cards that win too, and two whole hands whose sure tricks can all
    be taken one after another (cardlib.minibridge.sure_tricks_in_turn)."""
    first, second = (Seat.N, Seat.S) if rng.random() < 0.5 else (Seat.E, Seat.W)
    if variant == "hands":
        deal = Deal.random_where(lambda d: 2 <= minibridge.sure_tricks(d[first], d[second]) <= 9
                                 and not any(minibridge.long_cards_win(d[first], d[second], s) for s in SUITS)
                                 and minibridge.sure_tricks_in_turn(d[first], d[second]),
                                 seed=rng.randrange(10**9))
        hand_a, hand_b = deal[first], deal[second]
        suits = SUITS
        answer = minibridge.sure_tricks(hand_a, hand_b)
        per_suit = [minibridge.sure_tricks(hand_a, hand_b, s) for s in SUITS]
        lines = [f"{s.symbol} {sure_working(hand_a, hand_b, s)}" for s in SUITS]
        total = " + ".join(f"{s.symbol} {n}" for s, n in zip(SUITS, per_suit))
        explanation = "\n".join(lines + [f"{total} = {answer}"])
        prompt = say("ex_sure_hands_prompt", first=first.word, second=second.word)
        ideas = {"tricks", "no_trumps", "sure_winners"}
    else:
        suit = rng.choice(SUITS)
        hand_a, hand_b = _suit_holding(rng, suit)
        while not _counts_true(hand_a, hand_b, suit):
            hand_a, hand_b = _suit_holding(rng, suit)
        suits = (suit,)
        answer = minibridge.sure_tricks(hand_a, hand_b, suit)
        explanation = sure_working(hand_a, hand_b, suit)
        prompt = say("ex_sure_prompt", first=first.word, second=second.word, suit=suit.word)
        ideas = {"tricks", "sure_winners"}
    rows = ((say("ex_hand_of", seat=first.word), ("hand", _cards(hand_a.cards))),
            (say("ex_hand_of", seat=second.word), ("hand", _cards(hand_b.cards))))
    return Question(
        kind="sure_winners" + (f":{variant}" if variant else ""), seed=seed, prompt=prompt,
        answer_kind="number", answer=answer, right_answer=str(answer), explanation=explanation,
        hint=say("ex_sure_hint"), rules_line=say("ex_sure_rules"), picture=Picture(rows),
        slips=tuple(sure_slips(hand_a, hand_b, suits)), ideas=ideas)


# --- trumps still out -------------------------------------------------------------------------

def trumps_out_slips(declarer: int, dummy: int, rounds: int) -> list[Slip]:
    """Forgetting dummy's trumps, taking away 1 a round instead of 2, or forgetting the rounds."""
    answer = 13 - declarer - dummy - 2 * rounds
    slips, seen = [], {answer}
    for value, code in ((13 - declarer - 2 * rounds, "one_hand"), (13 - declarer - dummy - rounds, "one_a_round"),
                        (13 - declarer - dummy, "forgot_rounds")):
        if value not in seen:
            seen.add(value)
            slips.append(Slip(value, code, say(f"ex_slip_{code}")))
    return slips


def trumps_out_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """How many trumps do the defenders still hold? Declarer and dummy show theirs (7 to 10
    together); trumps have been led 0 to 2 times with both defenders following each time."""
    suit = rng.choice(SUITS)
    cards = [Card(suit, r) for r in Rank]
    rng.shuffle(cards)
    ours = rng.randint(7, 10)
    mine = rng.randint((ours + 1) // 2, min(ours - 2, 6))
    rounds = rng.randint(0, min(2, (13 - ours) // 2))
    declarer_cards, dummy_cards = Hand(cards[:mine]), Hand(cards[mine:ours])
    start, answer = 13 - ours, 13 - ours - 2 * rounds
    working = say("ex_trumps_out_working", declarer=mine, dummy=ours - mine, start=start)
    if rounds:
        working += "\n" + say("ex_trumps_out_working_rounds", rounds=rounds, start=start, answer=answer)
        prompt = say("ex_trumps_out_prompt_rounds", rounds=rounds, declarer=Seat.S.word, dummy=Seat.N.word)
    else:
        prompt = say("ex_trumps_out_prompt_start", declarer=Seat.S.word, dummy=Seat.N.word)
    rows = ((say("ex_hand_of", seat=Seat.S.word), ("hand", _cards(declarer_cards.cards))),
            (say("ex_hand_of", seat=Seat.N.word), ("hand", _cards(dummy_cards.cards))))
    return Question(
        kind="trumps_out", seed=seed, prompt=prompt, answer_kind="number", answer=answer,
        right_answer=str(answer), explanation=working, hint=say("ex_trumps_out_hint"),
        rules_line=trumps_line(suit), picture=Picture(rows),
        slips=tuple(trumps_out_slips(mine, ours - mine, rounds)), ideas={"trumps", "drawing_trumps"})


__all__ = [
    "announcements_question", "biggest_hand_defends", "contract_question", "declarer_question", "hcp_question",
    "hcp_by_suit", "hcp_slips", "hcp_working", "may_play_question", "points_to_tricks_question", "score_question",
    "score_steps", "sure_winners_question", "trick_question", "tricks_question", "trumps_out_question",
    "trumps_out_slips", "long_suit_question", "unblock_question", "ruff_question", "draw_or_ruff_question",
    "finesse_question",
]


# --- which bid is higher (the bridge-out lesson's auction) ----------------------------------

def bid_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Which of two bids is higher? Half the pairs share a level (the denomination decides),
    half put the better denomination on the lower level (the level decides)."""
    from cardlib.auction import Bid

    order = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)
    low, high = sorted(rng.sample(range(5), 2))
    if rng.random() < 0.5:
        level = rng.randint(1, 7)
        lower, higher = Bid(level, order[low]), Bid(level, order[high])
        slip = Slip(lower.text, "denomination_order", say("ex_slip_bid_denomination"))
    else:
        level = rng.randint(1, 6)
        lower, higher = Bid(level, order[high]), Bid(level + rng.randint(1, 7 - level), order[low])
        slip = Slip(lower.text, "level_first", say("ex_slip_bid_level"))
    pair = [lower, higher]
    rng.shuffle(pair)
    return Question(
        kind="bid_higher", seed=seed, prompt=say("ex_bid_prompt", first=pair[0], second=pair[1]),
        answer_kind="choice", answer=higher.text, right_answer=str(higher),
        explanation=say("ex_bid_working", higher=higher, lower=lower, tricks=higher.tricks_needed),
        hint=say("ex_bid_hint"), options=tuple((str(b), b.text) for b in pair),
        slips=(slip,), ideas={"tricks_needed", "bidding"})


# --- which card do you lead (the opening lead lesson) ----------------------------------------

LEAD_RULES = ("sequence", "fourth", "no_ace")  # nobody names a suit in MiniBridge: no "partner"
TIE_RULES = ("fourth", "no_ace")  # the rules that choose a suit by its length
# The most points a defending side holds: the side with more declares, and 20–20 is dealt again.
# So the player on lead, whose side defends, holds 19 points at most (partner then holds none).
DEFENDERS_MOST_HCP = minibridge.REDEAL_POINTS - 1


def _lead_hand(rng: random.Random, rule: str, tie: bool = False) -> tuple[Hand, Contract]:
    """A hand and a contract whose opening lead the rule ``rule`` chooses. Never a sequence in
    the trump suit: lesson 10's rule 1 does not say to pass it by (only rule 3 says "not
    trumps"), so a child who takes the rules in order would lead it. With ``tie`` the suit led
    is as long as a lower suit the same rule would lead from without it (``tied_lower_suit``),
    and no third suit is as long: the order of the suits chooses between them; without, no other
    suit is as long. Never a hand of 20 points or more: the side with more points declares and
    20–20 is dealt again (lesson 4), so the player on lead holds at most ``DEFENDERS_MOST_HCP``."""
    from cardlib.defence import opening_lead, sequence_top

    while True:
        cards = list(BRIDGE_PACK.cards)
        rng.shuffle(cards)
        hand = Hand(cards[:13])
        if hand.hcp > DEFENDERS_MOST_HCP:
            continue  # this hand's side would declare (or the deal be thrown in): nobody leads against it
        contract = rng.choice([c for c in CONTRACTS if (c.denomination is None) == (rule == "fourth")
                               or rule == "sequence"])
        lead = opening_lead(hand, contract.denomination)
        if lead.rule != rule:
            continue
        if (tied_lower_suit(hand, lead, contract.denomination) is None) if tie else \
                _tied_suit(hand, lead.card.suit, contract.denomination):
            continue
        if tie and sum(hand.length(s) == hand.length(lead.card.suit) for s in Suit if s is not contract.denomination) != 2:
            continue  # two suits as long, not three: the working names the two
        if contract.denomination is not None and sequence_top(hand.suit(contract.denomination)):
            continue
        if rule == "sequence" and hand.suit(lead.card.suit)[0] != lead.card:
            continue  # an interior sequence (♦K 10 9 8): lesson 10 shows only sequences at the top
        ace_king = any(hand.suit(s)[:2] == (Card(s, Rank.ACE), Card(s, Rank.KING)) for s in Suit)
        if rule == "no_ace" and (ace_king or lead.card.rank == Rank.ACE or not _away_from_ace(hand, contract.denomination)
                                 or hand.length(lead.card.suit) < 3):
            # a singleton is nobody's "longest suit"; from two cards the rule leads the higher, which
            # lesson 10 does not teach (its rule 3 leads the top of K Q or Q J, otherwise the lowest)
            continue
        return hand, contract


def _tied_suit(hand: Hand, suit: Suit, trumps: Suit | None) -> bool:
    """Whether another suit (not trumps) is as long as ``suit``. Lesson 10 says which to take (the
    higher suit), but the question keeps to hands with one longest suit: its slips and working
    name the rule that chose the card, not the order of the suits."""
    return any(s is not suit and s is not trumps and hand.length(s) == hand.length(suit) for s in Suit)


def tied_lower_suit(hand: Hand, lead, trumps: Suit | None) -> tuple[Suit, Card] | None:
    """Of two suits as long, the lower one and the card cardlib's rule leads from it when the
    higher suit (the one ``lead`` chose) is out of the way: the suit the order of the suits
    passed over, or None when no lower suit as long would have been led. The card comes from
    ``opening_lead`` on the hand without the higher suit, by the same rule."""
    from cardlib.defence import opening_lead

    suit = lead.card.suit
    if lead.rule not in TIE_RULES or hand.length(suit) < 3:  # two suits of 3 cards at least
        return None
    longest = max(hand.length(s) for s in Suit if s is not trumps)
    if lead.rule == "fourth" and hand.length(suit) != longest:
        return None
    tied = [s for s in Suit if s < suit and s is not trumps and hand.length(s) == hand.length(suit)]
    if not tied:
        return None
    other = opening_lead(Hand([c for c in hand.cards if c.suit is not suit]), trumps)
    if lead.rule == "no_ace" and other.card.rank == Rank.ACE:
        return None  # every suit left has its ace: rule 3 passes the lower suit by, not the order of the suits
    return (other.card.suit, other.card) if other.rule == lead.rule and other.card.suit in tied else None


def _away_from_ace(hand: Hand, trumps: Suit | None) -> Card | None:
    """The lowest card of a suit (not trumps) headed by the ace, with two cards or more under it."""
    return next((hand.suit(s)[-1] for s in Suit if s is not trumps and len(hand.suit(s)) >= 3
                 and hand.suit(s)[0].rank == Rank.ACE), None)


def lead_slips(hand: Hand, contract: Contract, card: Card, rule: str) -> list[Slip]:
    """The likely wrong leads for this hand, each with what went wrong."""
    slips = []
    cards = hand.suit(card.suit)
    if rule == "sequence":
        slips.append(Slip(str(cards[cards.index(card) + 1]), "under_the_top", say("ex_slip_lead_under_the_top")))
        if len(cards) > 3:
            slips.append(Slip(str(cards[-1]), "small_from_sequence", say("ex_slip_lead_small_from_sequence")))
    if rule == "fourth":
        slips.append(Slip(str(cards[0]), "top_of_long", say("ex_slip_lead_top_of_long")))
        slips.append(Slip(str(cards[2]), "third_not_fourth", say("ex_slip_lead_miscounted")))
        slips.append(Slip(str(cards[-1]), "lowest_of_long", say("ex_slip_lead_miscounted")))
    away = _away_from_ace(hand, contract.denomination)
    if contract.denomination is not None and away is not None:
        slips.append(Slip(str(away), "away_from_ace", say("ex_slip_lead_away_from_ace")))
    under = _sequence_under_ace(hand, contract.denomination)
    if under is not None:
        slips.append(Slip(str(under), "sequence_under_ace",
                          say("ex_slip_lead_sequence_under_ace", card=under, ace=Card(under.suit, Rank.ACE))))
    return slips


def _sequence_under_ace(hand: Hand, trumps: Suit | None) -> Card | None:
    """The top of a sequence the rules pass by, its suit's ace above it (cardlib's rule)."""
    from cardlib.defence import sequence_top, sequence_under_ace

    return next((sequence_top(hand.suit(s)) for s in Suit
                 if s is not trumps and sequence_under_ace(hand.suit(s), trumps)), None)


def lead_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Which card do you lead? The pupil is on declarer's left, against a contract the rules
    give; the answer is the card cardlib.defence.opening_lead chooses (nobody names a suit in
    MiniBridge, so partner never asks for one). The "tie" variant: two suits as long; the
    "no_ace" variant: always rule 3, against trumps, a hand with a suit headed by its ace that the
    rule passes by (so a quiz asks it for sure); the "sequence" variant: always rule 1, the top
    of a sequence (lesson 12 plays it, against no trumps or a suit)."""
    from cardlib.defence import opening_lead

    tie = variant == "tie"
    rule = variant if variant in ("no_ace", "sequence") else rng.choice(TIE_RULES if tie else LEAD_RULES)
    hand, contract = _lead_hand(rng, rule, tie=tie)
    lead = opening_lead(hand, contract.denomination)
    card = lead.card
    cards = hand.suit(card.suit)
    prompt = say("ex_lead_prompt", contract=contract)
    # Nothing is "declarer's higher card" above an ace: a sequence headed by one says so
    key = f"ex_lead_working_{rule}" + ("_ace" if rule == "sequence" and card.rank == Rank.ACE else "")
    working = say(key, card=card, suit=card.suit.symbol, cards=" ".join(c.rank.symbol for c in cards))
    slips = lead_slips(hand, contract, card, rule)
    if tie:  # two suits as long: the working says first why this one
        lower, other = tied_lower_suit(hand, lead, contract.denomination)
        suits = {"high": card.suit.symbol, "low": lower.symbol, "count": len(cards)}
        working = sentences(say("ex_lead_working_tie", **suits), working)
        slips = [Slip(str(other), "lower_suit", say("ex_slip_lead_lower_suit", **suits))] + \
            [s for s in slips if s.value != str(other)]
    return Question(
        kind=f"lead:{variant}" if variant else "lead", seed=seed, prompt=prompt, answer_kind="card", answer=str(card), right_answer=str(card),
        explanation=working, hint=say("ex_lead_hint"), rules_line=trumps_line(contract.denomination),
        picture=Picture(((say("ex_lead_your_hand"), ("hand", _cards(hand.cards))),)),
        options=tuple((str(c), str(c)) for c in hand.cards),
        slips=tuple(slips),
        ideas={"tricks_needed", "opening_lead"} | ({"trumps"} if contract.denomination is not None else set()))


# --- card play: long suits, unblocking, ruffing, the finesse, entries (lessons 7-9) ---------

def _suit_rows(pairs) -> tuple:
    """Picture rows of (seat, cards) for one suit each."""
    return tuple((say("ex_hand_of", seat=seat.word), ("hand", _cards(cards))) for seat, cards in pairs)


def long_suit_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """How many tricks does a suit give once the defenders' cards in it are gone? South and
    North's cards and the defenders' (West and East) are shown; counted by
    cardlib.minibridge.long_suit_tricks. One question in three knocks out the defenders' ace."""
    suit = rng.choice(SUITS)
    knock_out = rng.random() < 1 / 3
    while True:
        ranks = sorted(Rank, reverse=True)
        ours_n = rng.randint(7, 9)
        top = ranks[1:] if knock_out else ranks
        run = rng.randint(3, 5)
        rest = top[run:]
        rng.shuffle(rest)
        ours = top[:run] + rest[: ours_n - run]
        theirs = [r for r in Rank if r not in ours]
        rng.shuffle(ours)
        long_n = rng.randint(4, min(6, ours_n - 2))
        south, north = Hand([Card(suit, r) for r in ours[:long_n]]), Hand([Card(suit, r) for r in ours[long_n:]])
        if rng.random() < 0.5:
            south, north = north, south
        rng.shuffle(theirs)
        west_n = rng.randint(len(theirs) // 2 - 1, (len(theirs) + 1) // 2 + 1)
        west, east = Hand([Card(suit, r) for r in theirs[:west_n]]), Hand([Card(suit, r) for r in theirs[west_n:]])
        longest = max(west.length(suit), east.length(suit))
        gives = minibridge.long_suit_tricks(south, north, suit)
        sure = minibridge.sure_tricks(south, north, suit)
        if minibridge.runs_through(south, north, suit, longest) and south.length(suit) != north.length(suit) \
                and gives > sure:
            break
    longer, shorter = max(south.length(suit), north.length(suit)), min(south.length(suit), north.length(suit))
    long_seat = Seat.S if south.length(suit) == longer else Seat.N
    working = say("ex_long_working_split", suit=suit.word, west=west.length(suit), east=east.length(suit),
                  rounds=longest)
    ending = "ex_long_working_ace" if knock_out else "ex_long_working_total"
    working = sentences(working, say(ending, card=Card(suit, Rank.ACE), seat=long_seat.word, longer=longer, count=gives))
    slips = [Slip(sure, "top_only", say("ex_slip_long_top_only")),
             Slip(south.length(suit) + north.length(suit), "both_hands", say("ex_slip_long_both_hands")),
             Slip(shorter, "short_hand", say("ex_slip_long_short_hand"))]
    if knock_out:
        slips.insert(1, Slip(longer, "forgot_ace", say("ex_slip_long_forgot_ace")))
    return Question(
        kind="long_suit_tricks", seed=seed, prompt=say("ex_long_prompt", suit=suit.word, first=Seat.N.word, second=Seat.S.word),
        answer_kind="number", answer=gives, right_answer=str(gives), explanation=working,
        hint=say("ex_long_hint"), rules_line=say("ex_long_rules"),
        picture=Picture(_suit_rows(((Seat.N, north.cards), (Seat.S, south.cards),
                                    (Seat.W, west.cards), (Seat.E, east.cards)))),
        slips=tuple(slips), ideas={"sure_winners", "long_suits"})


def unblock_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Which card does the short hand play first in a suit whose long hand has no other way in?
    The answer is a card of cardlib.minibridge.unblocking_cards (high from the short side first).
    (The long hand's cards are no choice: whichever it leads, the short hand can play high on it.)"""
    suit = rng.choice(SUITS)
    ranks = sorted(Rank, reverse=True)
    # the short hand: one or two top cards and one small card to cross with (with two small
    # cards it could cross after playing small first); the long hand: the next cards of the
    # run, more than the short hand holds
    short_top = rng.randint(1, 2)
    long_top = rng.randint(short_top + 2, 5)
    small = rng.choice(ranks[short_top + long_top:])
    short = Hand([Card(suit, r) for r in ranks[:short_top]] + [Card(suit, small)])
    long = Hand([Card(suit, r) for r in ranks[short_top:short_top + long_top]])
    long_seat = rng.choice((Seat.N, Seat.S))
    short_seat = long_seat.partner
    first = minibridge.unblocking_cards(short, long, suit)
    stuck = say("ex_slip_unblock_stuck", seat=long_seat.word, other=short_seat.word)
    options = tuple((str(c), str(c)) for c in short.cards)
    slips = tuple(Slip(str(c), "stuck", stuck) for c in short.cards if c not in first)
    return Question(
        kind="unblock", seed=seed, prompt=say("ex_unblock_prompt", suit=suit.word, seat=short_seat.word),
        answer_kind="card", answer=str(first[0]), right_answer=" / ".join(str(c) for c in first),
        accepted=frozenset(str(c) for c in first),
        explanation=say("ex_unblock_working", short=short_seat.word, long=long_seat.word,
                        cards=" ".join(str(c) for c in first), tricks=long.length(suit)),
        hint=say("ex_unblock_hint"), rules_line=say("ex_unblock_rules", seat=long_seat.word),
        options=options,
        picture=Picture(_suit_rows(sorted(((short_seat, short.cards), (long_seat, long.cards)),
                                          key=lambda row: row[0] is not Seat.N))),
        slips=slips, ideas={"long_suits", "unblocking"})


def ruff_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Ruffing a side suit's losers: which hand should ruff, the one with more trumps or the one
    with fewer (bare kind; declarer holds the fewer about half the time), or how many tricks ruffing in dummy gains ("gain"), by
    cardlib.minibridge.ruffs_in_short_hand (a card that wins by itself gains nothing ruffed); always at least one."""
    trumps, side = rng.sample(SUITS, 2)
    ranks = sorted(Rank, reverse=True)
    long_t = rng.randint(5, 6)
    short_t = rng.randint(2, 9 - long_t)
    trump_cards = [Card(trumps, r) for r in ranks]
    rng.shuffle(trump_cards)
    # the short trump hand holds the lowest of the side's trumps: each of them falls under a higher
    # trump of the long hand when trumps are led, so it wins a trick only by ruffing and every ruff
    # is an extra trick (a trump that wins by itself gains nothing ruffed: lesson 8's quiz once counted dummy's ♦A)
    ours = sorted(trump_cards[:long_t + short_t], key=lambda card: card.rank, reverse=True)
    while True:  # a suit of sure tricks only (♥A K Q opposite none) gains nothing: deal again
        side_long = rng.randint(3, 5)
        side_short = rng.randint(0, min(2, side_long - 1))
        side_cards = [Card(side, r) for r in ranks]
        ace = side_cards.pop(0)
        rng.shuffle(side_cards)
        declarer = Hand(ours[:long_t] + [ace] + side_cards[:side_long - 1])
        dummy = Hand(ours[long_t:] + side_cards[side_long - 1:side_long - 1 + side_short])
        gain = minibridge.ruffs_in_short_hand(declarer, dummy, side, trumps)
        if gain:
            break
    short, long = dummy.length(side), declarer.length(side)
    # the cards it cannot follow to, while its trumps last; but a sure trick wins without a ruff
    # (cardlib's count leaves those out), so with more than that to ruff, the working says so
    unfollowed = min(short_t, long - short)
    sure = minibridge.sure_tricks(declarer, dummy, side)
    winners = " ".join(str(c) for c in minibridge.top_winners(declarer, dummy, side)[:sure])
    # the bare kind: half the time declarer (South) holds the short trumps and the side suit's
    # short holding, dummy (North) the long ones, so the answer is whichever hand has fewer trumps
    # (the "gain" kind keeps dummy the ruffing hand: its prompt says "ruffing in North")
    swap = variant != "gain" and rng.random() < 0.5
    short_seat, long_seat = (Seat.S, Seat.N) if swap else (Seat.N, Seat.S)
    rows = _suit_rows(((Seat.N, declarer.cards if swap else dummy.cards),
                       (Seat.S, dummy.cards if swap else declarer.cards)))
    if sure > short and gain == long - sure:  # every card but the sure tricks is ruffed
        working = say("ex_ruff_working_winners", dummy=short_seat.word, declarer=long_seat.word, short=short,
                      long=long, sure=sure, winners=winners, suit=side.word, gain=gain)
    elif short_t >= long - short:  # every card it cannot follow to is ruffed
        working = say("ex_ruff_working", dummy=short_seat.word, declarer=long_seat.word, short=short,
                      long=long, more=long - short, suit=side.word, gain=gain)
    elif sure > short:  # more to ruff than trumps, and the sure tricks (♥A K opposite none) are not ruffed
        working = say("ex_ruff_working_trumps_winners", dummy=short_seat.word, declarer=long_seat.word, short=short,
                      long=long, more=long - short, winners=winners, trumps=short_t, others=long - sure,
                      suit=side.word, gain=gain)
    else:  # more cards to ruff than trumps to ruff them with
        working = say("ex_ruff_working_trumps", dummy=short_seat.word, declarer=long_seat.word, short=short,
                      long=long, more=long - short, trumps=short_t, suit=side.word, gain=gain)
    if variant == "gain":
        north, suit = Seat.N.word, side.word
        slips = [Slip(unfollowed, "ruffed_winner", say("ex_slip_ruff_winner", cards=winners))]
        if short:
            slips.append(Slip(min(short_t, long - 1), "follow_first",
                              say("ex_slip_ruff_follow_first", seat=north, suit=suit)))
        # "follows suit to the first ones" only when North holds some of the suit
        counted_all = (say("ex_slip_ruff_counted_all", seat=north, suit=suit) if short
                       else say("ex_slip_ruff_counted_all_void", suit=suit))
        slips += [Slip(short_t, "all_trumps", say("ex_slip_ruff_all_trumps", seat=north, suit=suit)),
                  Slip(long, "counted_all", counted_all),
                  Slip(0, "no_gain", say("ex_slip_ruff_no_gain", seat=north))]
        return Question(
            kind="ruff_where:gain", seed=seed, prompt=say("ex_ruff_gain_prompt", dummy=Seat.N.word, suit=side.word),
            answer_kind="number", answer=gain, right_answer=str(gain), explanation=working,
            hint=say("ex_ruff_gain_hint"), rules_line=trumps_line(trumps), picture=Picture(rows),
            slips=tuple(slips), ideas={"trumps", "ruffing"})
    options = tuple((say(f"ex_ruff_{hand}", seat=seat.word),) * 2 for hand, seat in (("declarer", Seat.S), ("dummy", Seat.N)))
    right, wrong = (options[0], options[1]) if swap else (options[1], options[0])
    return Question(
        kind="ruff_where", seed=seed, prompt=say("ex_ruff_prompt", suit=side.word),
        answer_kind="choice", answer=right[1], right_answer=right[0],
        explanation=sentences(say("ex_ruff_where_working", declarer=long_seat.word, dummy=short_seat.word), working),
        hint=say("ex_ruff_gain_hint"), options=options, rules_line=trumps_line(trumps), picture=Picture(rows),
        slips=(Slip(wrong[1], "long_hand", say("ex_slip_ruff_long_hand", seat=long_seat.word)),),
        ideas={"trumps", "ruffing"})


# --- draw trumps first, or ruff first? (lesson 8's checklist) ---------------------------------

DRAW, RUFF = "draw", "ruff"


def _plan_hands(rng: random.Random, trumps: Suit) -> tuple[Hand, Hand]:
    """South's and North's 13 cards for a trump contract: South holds more trumps than North (so
    North is the short trump hand), and the side holds the trump ace, king and queen, so "every
    trump of the hand with more trumps" is the count cardlib makes (long_suit_tricks). North holds
    the side's lowest trumps, as in ruff_question: its trumps win tricks only by ruffing (reader
    r11 met dummy ♦A K 9 in a "ruff first" question)."""
    ranks = sorted(Rank, reverse=True)
    south_t, north_t = rng.randint(5, 6), rng.randint(2, 4)
    if south_t + north_t < 8:
        north_t = 8 - south_t
    low = ranks[3:]
    rng.shuffle(low)
    ours = ranks[:3] + low[:south_t + north_t - 3]
    rng.shuffle(ours)  # kept, so that each seed deals the same side suits as before
    ours.sort(reverse=True)
    south_trumps, north_trumps = ours[:south_t], ours[south_t:]
    rest = [c for c in BRIDGE_PACK.cards if c.suit is not trumps]
    rng.shuffle(rest)
    south = Hand([Card(trumps, r) for r in south_trumps] + rest[:13 - south_t])
    north = Hand([Card(trumps, r) for r in north_trumps] + rest[13 - south_t:26 - south_t - north_t])
    return south, north


def plan_working(declarer_hand: Hand, dummy_hand: Hand, trumps: Suit, needed: int) -> str:
    """Lesson 8's checklist in words: the count with trumps drawn, suit by suit (cardlib's
    tricks_with_trumps_drawn), then enough (draw trumps) or too few (ruff first, and where)."""
    count = minibridge.tricks_with_trumps_drawn(declarer_hand, dummy_hand, trumps)
    parts = [f"{trumps.symbol} {minibridge.long_suit_tricks(declarer_hand, dummy_hand, trumps)}"] + [
        f"{s.symbol} {minibridge.sure_tricks(declarer_hand, dummy_hand, s)}" for s in SUITS if s is not trumps]
    lines = [say("ex_plan_working_count", sum=" + ".join(parts), count=count)]
    if not minibridge.ruff_first(declarer_hand, dummy_hand, trumps, needed):
        lines.append(say("ex_plan_working_enough", count=count, needed=needed))
    else:
        suit = next(s for s in SUITS if s is not trumps
                    and minibridge.ruffs_in_short_hand(declarer_hand, dummy_hand, s, trumps) > 0)
        ruffs = needed - count  # the question is only asked where the ruffs make up the count
        lines.append(say("ex_plan_working_ruff", count=count, needed=needed, suit=suit.word,
                         dummy=Seat.N.word, declarer=Seat.S.word, short=dummy_hand.length(suit),
                         long=declarer_hand.length(suit), ruffs=ruffs))
    return "\n".join(lines)


def _plain_ruff(south: Hand, north: Hand, trumps: Suit, needed: int) -> bool:
    """Whether "ruff first" is the honest answer, as in lesson 8's deal B: the suit the working
    names to ruff (the first where North is shorter) has at most two cards in North, so North
    ruffs by the third round (ruffing South's fifth card opposite four would give the defenders
    four rounds to trump in first); and no side suit's long cards (lesson 7) would win the tricks
    the count is short of: there the count of sure tricks alone is not the real count, and drawing
    trumps then running the long suit is the better line. Its ruffs make up the count: a ♣ game 2
    short with 1 ruff would fail either way (reader r1)."""
    suit = next(s for s in SUITS if s is not trumps and minibridge.ruffs_in_short_hand(south, north, s, trumps) > 0)
    if north.length(suit) > 2:
        return False
    if minibridge.tricks_with_trumps_drawn(south, north, trumps) + minibridge.ruffs_in_short_hand(south, north, suit, trumps) < needed:
        return False
    for side in SUITS:
        if side is trumps:
            continue
        missing = 13 - south.length(side) - north.length(side)
        if minibridge.long_suit_tricks(south, north, side) > minibridge.sure_tricks(south, north, side) \
                and minibridge.runs_through(south, north, side, (missing + 1) // 2):
            return False
    return True


def draw_or_ruff_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Before trick 1 of a trump game: draw trumps first, or ruff first? The answer is
    cardlib.minibridge.ruff_first (lesson 8's checklist: count the tricks with trumps drawn; enough:
    draw; too few: ruff in the short trump hand first). Half the questions are each; a hand where
    the count is too few and nothing can be ruffed is never asked (the checklist says no more)."""
    wanted = rng.choice((DRAW, RUFF))
    trumps = rng.choice(SUITS)
    contract = Contract(trumps, game=True)
    needed = contract.tricks_needed
    while True:
        south, north = _plan_hands(rng, trumps)
        count = minibridge.tricks_with_trumps_drawn(south, north, trumps)
        ruff = minibridge.ruff_first(south, north, trumps, needed)
        if not needed - 2 <= count <= needed + 1 or (count < needed and not ruff):
            continue
        if ruff and not _plain_ruff(south, north, trumps, needed):
            continue
        if not ruff and 13 - minibridge.losers(south, north) < needed:
            continue  # "enough" would not be true: the defenders take their quick tricks first
        if (RUFF if ruff else DRAW) == wanted:
            break
    options = ((say("ex_plan_draw"), DRAW), (say("ex_plan_ruff"), RUFF))
    if wanted == RUFF:
        slip = Slip(DRAW, "drew_too_soon", say("ex_slip_plan_drew_too_soon", count=count, needed=needed,
                                                dummy=Seat.N.word))
    else:
        slip = Slip(RUFF, "ruffed_needlessly", say("ex_slip_plan_ruffed_needlessly", count=count, needed=needed))
    rows = ((say("ex_hand_of", seat=Seat.N.word), ("hand", _cards(north.cards))),
            (say("ex_hand_of", seat=Seat.S.word), ("hand", _cards(south.cards))))
    return Question(
        kind="draw_or_ruff", seed=seed,
        prompt=say("ex_plan_prompt", declarer=Seat.S.word, dummy=Seat.N.word, needed=needed),
        answer_kind="choice", answer=wanted, right_answer=dict((v, t) for t, v in options)[wanted],
        explanation=plan_working(south, north, trumps, needed), hint=say("ex_plan_hint"),
        options=options, rules_line=sentences(say("ex_defend_contract", contract=contract), trumps_line(trumps)),
        picture=Picture(rows), slips=(slip,), ideas={"trumps", "sure_winners", "drawing_trumps", "ruffing"})


FINESSE_CHANCES = ("1_in_2", "sure", "never", "1_in_4")


def _finesse_suit(rng: random.Random, suit: Suit) -> tuple[Hand, Hand]:
    """Declarer's A Q (and perhaps a small card) in ``suit``, and small cards opposite."""
    small = rng.sample([r for r in Rank if r < Rank.JACK], 5)
    tenace = Hand([Card(suit, Rank.ACE), Card(suit, Rank.QUEEN)] + [Card(suit, r) for r in small[:rng.randint(0, 1)]])
    opposite = Hand([Card(suit, r) for r in small[2:2 + rng.randint(2, 3)]])
    return tenace, opposite


def finesse_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """The simple finesse (lesson 9): which card do you play when you lead low towards A Q and
    second hand plays low (bare kind), what chance has it ("chance"), or which card of dummy's
    gets you over to lead towards your A Q ("entry", from cardlib.minibridge.sure_entries)."""
    if variant == "entry":
        return _entry_question(rng, seed)
    suit = rng.choice(SUITS)
    tenace, opposite = _finesse_suit(rng, suit)
    tenace_seat = rng.choice((Seat.S, Seat.N))
    leader = tenace_seat.partner
    second = leader.left
    rows = _suit_rows(sorted(((tenace_seat, tenace.cards), (leader, opposite.cards)),
                             key=lambda row: row[0] is not Seat.N))
    queen, ace = Card(suit, Rank.QUEEN), Card(suit, Rank.ACE)
    if variant == "chance":
        labels = {"1_in_2": say("ex_finesse_1_in_2"), "sure": say("ex_finesse_sure"),
                  "never": say("ex_finesse_never"), "1_in_4": say("ex_finesse_1_in_4")}
        options = tuple((labels[v],) * 2 for v in FINESSE_CHANCES)
        return Question(
            kind="finesse:chance", seed=seed,
            prompt=say("ex_finesse_chance_prompt", leader=leader.word, queen=queen, ace=ace),
            answer_kind="choice", answer=labels["1_in_2"], right_answer=labels["1_in_2"],
            explanation=say("ex_finesse_chance_working", second=second.word, fourth=second.partner.word, queen=queen),
            hint=say("ex_finesse_hint"), options=options, picture=Picture(rows),
            slips=(Slip(labels["sure"], "sure", say("ex_slip_finesse_sure", seat=second.partner.word)),
                   Slip(labels["never"], "never", say("ex_slip_finesse_never", seat=second.word)),
                   Slip(labels["1_in_4"], "four_hands", say("ex_slip_finesse_four_hands"))),
            ideas={"finesse"})
    small = [c for c in tenace.cards if c not in (ace, queen)]
    slips = [Slip(str(ace), "played_ace", say("ex_slip_finesse_ace", ace=ace, queen=queen, king=Card(suit, Rank.KING)))]
    slips += [Slip(str(c), "played_small", say("ex_slip_finesse_small", card=c)) for c in small]
    return Question(
        kind="finesse", seed=seed,
        prompt=say("ex_finesse_prompt", leader=leader.word, second=second.word, suit=suit.word, queen=queen, ace=ace),
        answer_kind="card", answer=str(queen), right_answer=str(queen),
        explanation=say("ex_finesse_working", second=second.word, fourth=second.partner.word, queen=queen, ace=ace,
                        king=Card(suit, Rank.KING)),
        hint=say("ex_finesse_hint"), options=tuple((str(c), str(c)) for c in tenace.cards), picture=Picture(rows),
        slips=tuple(slips), ideas={"finesse"})


def _entry_deal(deal: Deal) -> bool:
    """South holds A Q without the K in a suit North has only small cards in, and North has
    exactly one sure entry (another suit's top card)."""
    south, north = deal[Seat.S], deal[Seat.N]
    return any(_tenace_suit(south, north, s) for s in SUITS) and len(minibridge.sure_entries(north, south)) == 1


def _tenace_suit(south: Hand, north: Hand, suit: Suit) -> bool:
    ranks = {c.rank for c in south.suit(suit)}
    return {Rank.ACE, Rank.QUEEN} <= ranks and Rank.KING not in ranks and north.length(suit) >= 2 \
        and all(c.rank < Rank.JACK for c in north.suit(suit))


def _entry_working(entry: Card, south: Hand, north: Hand) -> str:
    """Why the entry wins: an ace because nobody can beat it; a lower card because the cards
    above it are in the pupil's two hands ("You hold the ♣A K Q, so North's ♣J ...")."""
    higher = [c for c in (*south.suit(entry.suit), *north.suit(entry.suit)) if c.rank > entry.rank]
    if not higher:
        return say("ex_entry_working", card=entry, dummy=Seat.N.word, suit=entry.suit.one_word)
    higher.sort(key=lambda c: c.rank, reverse=True)
    holding = " ".join([str(higher[0])] + [c.rank.symbol for c in higher[1:]])
    key = "ex_entry_working_above" if all(c in south for c in higher) else "ex_entry_working_above_both"
    return say(key, card=entry, dummy=Seat.N.word, suit=entry.suit.one_word, higher=holding)


def _entry_question(rng: random.Random, seed: int | str) -> Question:
    deal = Deal.random_where(_entry_deal, seed=rng.randrange(10**9))
    south, north = deal[Seat.S], deal[Seat.N]
    suit = next(s for s in SUITS if _tenace_suit(south, north, s))
    entry = minibridge.sure_entries(north, south)[0]
    slips = []
    for card in north.cards:
        if card == entry:
            continue
        if card.suit is suit:
            slips.append(Slip(str(card), "finesse_suit", say("ex_slip_entry_finesse_suit", suit=suit.one_word)))
        elif card in minibridge.top_winners(north, south, card.suit):
            slips.append(Slip(str(card), "nothing_to_lead", say("ex_slip_entry_nothing_to_lead", seat=Seat.S.word,
                                                                   suit=card.suit.word)))
        elif card.rank >= Rank.JACK:
            slips.append(Slip(str(card), "beaten", say("ex_slip_entry_beaten", card=card)))
        else:
            slips.append(Slip(str(card), "small", say("ex_slip_entry_small", card=card)))
    return Question(
        kind="finesse:entry", seed=seed,
        prompt=say("ex_entry_prompt", dummy=Seat.N.word, suit=suit.word, queen=Card(suit, Rank.QUEEN),
                   ace=Card(suit, Rank.ACE)),
        answer_kind="card", answer=str(entry), right_answer=str(entry),
        explanation=_entry_working(entry, south, north),
        hint=say("ex_entry_hint"), rules_line=say("ex_no_trumps"),
        options=tuple((str(c), str(c)) for c in north.cards),
        picture=Picture(((say("ex_hand_of", seat=Seat.N.word), ("hand", _cards(north.cards))),
                         (say("ex_hand_of", seat=Seat.S.word), ("hand", _cards(south.cards))))),
        slips=tuple(slips), ideas={"entries", "finesse"})


# --- which card does second or third hand play (the defence lesson) ---------------------------

DEFEND_RULES = ("second_hand_low", "third_hand_high", "third_hand_high", "partner_wins")
DEFEND_VARIANTS = {"second": "second_hand_low", "third": "third_hand_high", "partner": "partner_wins"}


def _defend_position(rng: random.Random, rule: str):
    """A position mid-hand (2 to 5 cards gone from each hand) where the pupil, a defender, plays
    second or third to a trick and ``rule`` chooses the card: (contract, the pupil's seat and
    cards, the trick so far as (seat, card) pairs)."""
    from cardlib.defence import second_hand, third_hand

    while True:
        deal = _deal(rng)
        gone = rng.randint(2, 5)
        hands = {seat: list(deal[seat].cards) for seat in Seat}
        for seat in Seat:
            for card in rng.sample(hands[seat], gone):
                hands[seat].remove(card)
        contract = rng.choice(CONTRACTS)
        me = Seat(rng.randrange(4))
        if rule == "second_hand_low":
            leader = me.right
            suits = [s for s in Suit if s is not contract.denomination and len([c for c in hands[me] if c.suit is s]) >= 2]
            if not suits:
                continue
            suit = rng.choice(suits)
            led = [c for c in hands[leader] if c.suit is suit and c.rank <= Rank.NINE]
            if not led:
                continue
            trick = [(leader, led[-1] if rng.random() < 0.6 else rng.choice(led))]
            if max(c.rank for c in hands[me] if c.suit is suit) < trick[0][1].rank:
                continue
            follow = second_hand(Hand(hands[me]), [trick[0][1]])
        else:
            leader, second = me.partner, me.right
            suits = [s for s in Suit if s is not contract.denomination and len([c for c in hands[me] if c.suit is s]) >= 2]
            if not suits:
                continue
            suit = rng.choice(suits)
            wanted = (lambda c: c.rank >= Rank.JACK) if rule == "partner_wins" else (lambda c: c.rank <= Rank.NINE)
            led = [c for c in hands[leader] if c.suit is suit and wanted(c)]
            theirs = [c for c in hands[second] if c.suit is suit]
            if not led or not theirs:
                continue
            trick = [(leader, rng.choice(led)), (second, rng.choice(theirs))]
            follow = third_hand(Hand(hands[me]), [c for _, c in trick], contract.denomination)
        mine = [c for c in hands[me] if c.suit is suit]
        if follow is None or follow.rule != rule or follow.card == (mine[0] if rule != "third_hand_high" else mine[-1]):
            continue
        return contract, me, Hand(hands[me]), trick, follow


def defend_slips(hand: Hand, trick, card: Card, rule: str) -> list[Slip]:
    """The likely wrong cards, each with what went wrong."""
    led = trick[0][1]
    cards = hand.suit(led.suit)
    slips = []
    if rule == "second_hand_low":
        slips.append(Slip(str(cards[0]), "second_hand_high", say("ex_slip_second_hand_high")))
        slips += [Slip(str(c), "second_hand_middle", say("ex_slip_second_hand_middle")) for c in cards[1:-1]]
    elif rule == "third_hand_high":
        # what the pupil's card does: one that cannot beat the trick's winning card is third hand
        # low (partner's card loses, or partner's small card is left to win alone); one that
        # beats it but is lower than the answer lets declarer win cheaply (reader M: ♠Q from
        # ♠A Q over partner's ♠9 was called "third hand low")
        winning = max((c for _, c in trick if c.suit is led.suit), key=lambda c: c.rank)
        low = (say("ex_slip_third_hand_low") if winning is not led
               else say("ex_slip_third_hand_low_small", led=led))
        above = [c for c in cards if c.rank > card.rank]
        slips += [Slip(str(c), "top_of_a_row", say("ex_slip_third_hand_row", card=card)) for c in above]
        slips += [Slip(str(c), "third_hand_low", low) if c.rank < winning.rank
                  else Slip(str(c), "not_high_enough", say("ex_slip_third_hand_not_high"))
                  for c in cards if c.rank < card.rank]
    else:
        slips += [Slip(str(c), "over_partner", say("ex_slip_over_partner", card=led)) if c.rank > led.rank
                  else Slip(str(c), "not_lowest", say("ex_slip_partner_wins_low", card=led, lowest=cards[-1]))
                  for c in cards[:-1]]
    slips += [Slip(str(c), "not_following", say("ex_slip_defend_follow", suit=led.suit.symbol))
              for c in hand.cards if c.suit is not led.suit]
    return slips


def tricks_gone(hand: Hand) -> str:
    """The rules line's word that a defender's hand is mid-deal: without it, 8 or 9 cards read as
    a misdeal (reader r10)."""
    return say("ex_defend_tricks_gone", count=13 - len(hand)) if len(hand) < 13 else ""


def defend_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Which card does second or third hand play? The pupil, a defender, follows to a trick that
    declarer's side or partner led; the answer is the card cardlib.defence's rule chooses. A
    variant picks the rule ("second": second hand low, "third": third hand high, "partner":
    partner's high card already wins), so a printed sheet can ask each of the lesson's rules."""
    rule = DEFEND_VARIANTS[variant] if variant else rng.choice(DEFEND_RULES)
    contract, me, hand, trick, follow = _defend_position(rng, rule)
    card = follow.card
    led = trick[0][1]
    if rule == "second_hand_low":
        prompt = say("ex_defend_prompt_second", seat=me.word, leader=trick[0][0].word, card=led)
    else:
        prompt = say("ex_defend_prompt_third", seat=me.word, partner=trick[0][0].word, card=led,
                     second=trick[1][0].word, second_card=trick[1][1])
    working = say(f"ex_defend_working_{rule}", card=card, led=led,
                  cards=" ".join(c.rank.symbol for c in hand.suit(led.suit)), suit=led.suit.symbol,
                  second_card=trick[-1][1])
    if rule == "third_hand_high" and card != hand.suit(led.suit)[0]:
        working = sentences(working, say("ex_defend_working_row"))
    ideas = {"tricks", "follow_suit", "second_hand_low" if rule == "second_hand_low" else "third_hand_high"}
    return Question(
        kind=f"defend:{variant}" if variant else "defend", seed=seed, prompt=prompt, answer_kind="card", answer=str(card), right_answer=str(card),
        explanation=working, hint=say("ex_defend_hint"),
        rules_line=sentences(tricks_gone(hand), say("ex_defend_contract", contract=contract),
                             trumps_line(contract.denomination)),
        picture=Picture(((say("ex_defend_trick_so_far"), ("trick_so_far", tuple((s.name, str(c)) for s, c in trick))),
                         (say("ex_lead_your_hand"), ("hand", _cards(hand.cards))))),
        options=tuple((str(c), str(c)) for c in hand.cards),
        slips=tuple(defend_slips(hand, trick, card, rule)),
        ideas=ideas | ({"trumps"} if contract.denomination is not None else {"no_trumps"}))


# --- what do you call? (the bridge-out lesson's two rules) -----------------------------------

def _hand_where(rng: random.Random, wanted) -> Hand:
    while True:
        cards = list(BRIDGE_PACK.cards)
        rng.shuffle(cards)
        hand = Hand(cards[:13])
        if wanted(hand):
            return hand


TIED_OPENING = 0.3  # share of opening hands with two longest suits as long (lesson 13's tie-break)


def _longest_suits(hand: Hand) -> int:
    """How many suits are as long as the hand's longest."""
    longest = max(hand.length(s) for s in Suit)
    return sum(1 for s in Suit if hand.length(s) == longest)


def call_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """What do you call, by the lesson's two rules? Half the questions ask whether to open (the
    players before you passed), half whether to raise partner's opening (variant "open" or
    "raise": always that one; "no_fit": partner opened a suit you hold fewer than 4 of, so you
    pass); the answer is the call ``bots.call_by_the_rules`` makes, and each
    likely slip is named. Some opening hands have two longest suits: the working then names the
    lesson's tie-break (the higher one)."""
    from cardlib.auction import PASS, Auction, Bid, call_text
    from cardlib.bots import call_by_the_rules
    from cardlib.bots.minibridge import FIT, OPENING_POINTS, RAISE_POINTS, opening_suit

    me = Seat.S
    auction = Auction(rng.choice(list(Seat)))
    slips = []
    tied = []  # an opening hand's two longest suits, when they are as long: the lesson's tie-break
    if variant == "open" or (variant not in ("raise", "no_fit") and rng.random() < 0.5):  # open or pass
        strong = rng.random() < 0.5
        # an opening hand has one longest suit, or (TIED_OPENING of them) exactly two as long, which
        # lesson 13's tie-break settles ("with two suits as long, bid the higher one"); a hand that
        # passes has one longest suit, as its suit plays no part
        two_longest = strong and rng.random() < TIED_OPENING
        hand = _hand_where(rng, lambda h: ((12 <= h.hcp <= 15) if strong else (9 <= h.hcp <= 11))
                           and _longest_suits(h) == (2 if two_longest else 1))
        while auction.to_call != me:
            auction.call(PASS)
        longest = opening_suit(hand)
        others = [Bid(1, s) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)]
        prompt = say("ex_call_prompt_open" if auction.calls else "ex_call_prompt_dealer")
        if two_longest:
            tied = sorted((s for s in Suit if hand.length(s) == hand.length(longest)), reverse=True)
        if strong:
            slips.append(Slip(PASS, "pass_with_12", say("ex_slip_call_pass_with_12", points=hand.hcp)))
            for bid in others:
                if bid.denomination in tied and bid.denomination is not longest:
                    slips.append(Slip(bid.text, "lower_of_two", say(
                        "ex_slip_call_tie_lower", higher=longest.symbol, lower=bid.denomination.symbol,
                        length=hand.length(longest))))
                elif bid.denomination is not longest:
                    slips.append(Slip(bid.text, "not_longest", say(
                        "ex_slip_call_not_longest", suit=longest.symbol, length=hand.length(longest))))
        else:
            for bid in others:
                slips.append(Slip(bid.text, "open_short", say("ex_slip_call_open_short", points=hand.hcp)))
        options = [PASS] + others
        ideas = {"hcp", "bidding"}
    else:  # raise or pass
        suit = rng.choice((Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES))
        fit = rng.random() < 0.5 and variant != "no_fit"
        # a fit comes with the points to raise, and no suit of five of your own: a bridge
        # player would bid that suit, which the lesson's two rules do not teach
        hand = _hand_where(rng, lambda h: (RAISE_POINTS if fit else 4) <= h.hcp <= 11 and (
            FIT - 4 <= h.length(suit) <= 5 if fit else 2 <= h.length(suit) < FIT - 4)
            and all(h.length(s) <= 4 for s in Suit if s is not suit))
        auction = Auction(me.partner)
        auction.call(Bid(1, suit))
        auction.call(PASS)
        raise_ = Bid(2, suit)
        mine = max((s for s in Suit if s is not suit), key=lambda s: (hand.length(s), s))
        own = Bid(1 if mine > suit else 2, mine)
        length = hand.length(suit)
        prompt = say("ex_call_prompt_raise", partner=me.partner.word, bid=Bid(1, suit), right=me.right.word)
        if fit:
            slips.append(Slip(PASS, "fit_missed", say("ex_slip_call_fit_missed", suit=suit.symbol, length=length,
                                                      total=length + 4)))
        else:
            slips.append(Slip(raise_.text, "no_fit", say("ex_slip_call_no_fit", suit=suit.symbol, length=length,
                                                         total=length + 4)))
        slips.append(Slip(own.text, "own_suit", say("ex_slip_call_own_suit", suit=suit.symbol)))
        options = [PASS, raise_, own]
        ideas = {"hcp", "golden_fit", "bidding"}
    answer = call_by_the_rules(hand, auction)
    value = PASS if answer == PASS else answer.text
    if answer == PASS:
        key = "ex_call_working_no_fit" if auction.calls and auction.last_bid else "ex_call_working_pass"
    else:
        key = "ex_call_working_raise" if auction.last_bid else "ex_call_working_open"
    suit = auction.last_bid.denomination if auction.last_bid else opening_suit(hand)
    if tied:
        key = "ex_call_working_open_tie"
    working = say(key, points=hand.hcp, call=call_text(answer), suit=suit.symbol, length=hand.length(suit),
                  total=hand.length(suit) + 4, most=OPENING_POINTS, lower=tied[-1].symbol if tied else "")
    return Question(
        kind="call" + (f":{variant}" if variant else ""), seed=seed, prompt=prompt, answer_kind="choice", answer=value,
        right_answer=call_text(answer),
        explanation=working, hint=say("ex_call_hint"),
        picture=Picture(((say("ex_lead_your_hand"), ("hand", _cards(hand.cards))),)),
        options=tuple((call_text(c), PASS if c == PASS else c.text) for c in options),
        slips=tuple(slips), ideas=ideas)


# --- count the losers; the hold-up (lesson 20) -------------------------------------------------

def losers_working(declarer_hand: Hand, dummy_hand: Hand, suit: Suit) -> str:
    """One suit's loser count in words, by cardlib.minibridge.losers' rule; opposite dummy's
    void it says that the losers count all the same (ruffing some in dummy is planned after).

    >>> losers_working(Hand("♥J 10 7"), Hand("♠A 10 4"), Suit.HEARTS)
    '♥ J 10 7: look for A K Q. Missing: A K Q. Losers: 3. North has no hearts: count them all the same. Ruffing some in dummy comes after the count.'
    """
    cards = declarer_hand.suit(suit)
    if not cards:
        return say("ex_losers_void", suit=suit.symbol)
    held = {c.rank for c in cards + dummy_hand.suit(suit)}
    tops = (Rank.ACE, Rank.KING, Rank.QUEEN)[:min(len(cards), 3)]
    missing = [r for r in tops if r not in held]
    first = " ".join(c.rank.symbol for c in cards[:3])
    look = " ".join(r.symbol for r in tops)
    if not missing:
        return say("ex_losers_none", suit=suit.symbol, cards=first, tops=look)
    line = say("ex_losers_line", suit=suit.symbol, cards=first, tops=look,
               missing=" ".join(r.symbol for r in missing), count=len(missing))
    # dummy's void: the lesson's recap says "ruff in dummy", but the count comes first
    return sentences(line, say("ex_losers_dummy_void", dummy=Seat.N.word, suit=suit.word)) if not dummy_hand.suit(suit) else line


def _losers_slips(declarer_hand: Hand, dummy_hand: Hand, suits, trumps: Suit) -> list[Slip]:
    """Forgetting dummy's top cards, or counting a side suit's cards past the three highest."""
    answer = sum(minibridge.losers(declarer_hand, dummy_hand, s) for s in suits)
    alone = sum(minibridge.losers(declarer_hand, Hand([]), s) for s in suits)
    past_three = answer + sum(max(0, declarer_hand.length(s) - 3) for s in suits if s is not trumps)
    slips, seen = [], {answer}
    for value, code in ((alone, "losers_dummy"), (past_three, "losers_past_three")):
        if value not in seen:
            seen.add(value)
            slips.append(Slip(value, code, say(f"ex_slip_{code}", dummy=Seat.N.word)))
    return slips


def _trump_fit(deal: Deal) -> Suit | None:
    """South and North's trump suit (8 cards or more, South with at least as many), if any."""
    fits = [s for s in SUITS if deal[Seat.S].length(s) + deal[Seat.N].length(s) >= 8
            and deal[Seat.S].length(s) >= deal[Seat.N].length(s)]
    return max(fits, key=lambda s: deal[Seat.S].length(s) + deal[Seat.N].length(s)) if fits else None


def losers_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """How many losers has declarer (South) in a trump contract, with dummy (North) beside? In all
    four suits (bare kind) or in one side suit ("suit"); counted by cardlib.minibridge.losers."""
    # only hands where each of dummy's counted top cards is guarded (a bare ♣K in dummy falls under
    # the ♣A, so "dummy holds it" would undercount the losers): the lesson's simple count is then right
    # the whole hand shows both hands' points: South declares by lesson 4's rule (reader r12 met North
    # 20 points to South's 8), as it does not always when one suit is asked
    deal = Deal.random_where(lambda d: _trump_fit(d) is not None and 2 <= minibridge.losers(d[Seat.S], d[Seat.N]) <= 6
                             and minibridge.dummy_tops_guarded(d[Seat.S], d[Seat.N])
                             and (variant == "suit" or minibridge.declarer(d) is Seat.S),
                             seed=rng.randrange(10**9))
    south, north = deal[Seat.S], deal[Seat.N]
    trumps = _trump_fit(deal)
    if variant == "suit":
        suit = rng.choice([s for s in SUITS if s is not trumps and south.length(s)])
        suits = (suit,)
        south, north = Hand(south.suit(suit)), Hand(north.suit(suit))
        explanation = losers_working(south, north, suit)
        prompt = say("ex_losers_suit_prompt", declarer=Seat.S.word, suit=suit.word)
    else:
        suits = SUITS
        explanation = "\n".join([losers_working(south, north, s) for s in SUITS] + [
            " + ".join(f"{s.symbol} {minibridge.losers(south, north, s)}" for s in SUITS)
            + f" = {minibridge.losers(south, north)}"])
        # "has the long trumps" only when South's trumps are longer than dummy's (the fit may be 4-4 or 5-5)
        longer = south.length(trumps) > north.length(trumps)
        prompt = say("ex_losers_prompt" if longer else "ex_losers_prompt_equal", declarer=Seat.S.word)
    answer = sum(minibridge.losers(south, north, s) for s in suits)
    rows = ((say("ex_hand_of", seat=Seat.N.word), ("hand", _cards(north.cards))),
            (say("ex_hand_of", seat=Seat.S.word), ("hand", _cards(south.cards))))
    return Question(
        kind="losers" + (f":{variant}" if variant else ""), seed=seed, prompt=prompt, answer_kind="number",
        answer=answer, right_answer=str(answer), explanation=explanation, hint=say("ex_losers_hint"),
        rules_line=trumps_line(trumps), picture=Picture(rows),
        slips=tuple(_losers_slips(south, north, suits, trumps)), ideas={"trumps", "counting_losers"})


def hold_up_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """On which round of the defenders' suit does declarer win with the ace, the side's only
    stopper, in no trumps? West leads the king from K Q J; the answer is
    cardlib.minibridge.hold_up_round."""
    suit = rng.choice(SUITS)
    small = [Card(suit, r) for r in rng.sample([r for r in Rank if r < Rank.TEN], 6)]
    south = Hand([Card(suit, Rank.ACE)] + small[:rng.choice((1, 2, 2, 3))])
    north = Hand(small[3:3 + rng.randint(1, 3)])
    answer = minibridge.hold_up_round(south, suit)
    king, ace = Card(suit, Rank.KING), Card(suit, Rank.ACE)
    slips = [Slip(1, "hold_up_at_once", say("ex_slip_hold_up_at_once", suit=suit.word))]
    if answer == 3:
        slips.append(Slip(2, "hold_up_once", say("ex_slip_hold_up_once", suit=suit.word)))
    for n in range(answer + 1, 5):
        code = "hold_up_no_card" if n > south.length(suit) else "hold_up_too_long"
        slips.append(Slip(n, code, say(f"ex_slip_{code}", length=south.length(suit), suit=suit.word, ace=ace)))
    return Question(
        kind="hold_up", seed=seed, prompt=say("ex_hold_up_prompt", card=king, suit=suit.word, ace=ace),
        answer_kind="number", answer=answer, right_answer=str(answer),
        explanation=say("ex_hold_up_working", cards=suit.symbol + " ".join(c.rank.symbol for c in south.cards), ace=ace,
                        round=answer, suit=suit.word),
        hint=say("ex_hold_up_hint"), rules_line=say("ex_no_trumps"),
        picture=Picture(_suit_rows(((Seat.N, north.cards), (Seat.S, south.cards)))),
        slips=tuple(slips), ideas={"no_trumps", "hold_up"})


# --- cover an honour with an honour; discards and the one signal (lesson 22) --------------------

DEFENDER_TRUMPS = 5  # most trumps a defender holds: nobody plays in a suit the other side has 6 of


COVER_CASES = ("promote", "promote", "ace", "low")  # the lesson's K on a Q twice as often as the others


def _cover_position(rng: random.Random, case: str, trumps: Suit | None):
    """A mid-hand position where declarer's side leads to the pupil, a defender playing second.
    ``case`` "promote": an honour the pupil covers with a lower card than the ace, the cover
    gains, and the next player (declarer's side) holds a higher card of the suit: the lesson's
    ♥K on the ♥Q. "ace": an honour the pupil covers with the ace, and the cover gains. "low": a
    small card (second hand low). In the honour cases the next player holds the suit, so cannot
    ruff. The pupil holds at most DEFENDER_TRUMPS of declarer's ``trumps``."""
    from cardlib.defence import cover_gains, cover_honour, is_honour

    while True:
        deal = _deal(rng)
        me = Seat(rng.randrange(4))
        leader = me.right
        suit = rng.choice(list(Suit))
        mine, theirs, third = deal[me].suit(suit), deal[leader].suit(suit), deal[me.left].suit(suit)
        if len(mine) < 2 or not theirs or (trumps is not None and deal[me].length(trumps) > DEFENDER_TRUMPS):
            continue
        if case == "low":
            # the pupil's lowest card must lose to it: with ♠A K, "second hand low, the ♠K" would win
            led = [c for c in theirs if c.rank <= Rank.NINE and mine[-1].rank < c.rank < mine[0].rank]
        elif not third:
            continue
        else:
            covers = {c: cover_honour(deal[me], [c]).card.rank for c in theirs
                      if is_honour(c) and c.rank < mine[0].rank and cover_gains(deal, me, c)}
            if case == "ace":
                led = [c for c, rank in covers.items() if rank == Rank.ACE]
            else:  # the next player, on declarer's side, must beat the cover with a higher card
                led = [c for c, rank in covers.items() if rank != Rank.ACE and third[0].rank > rank]
        if led:
            others = [c for c in deal[me].cards if c.suit is not suit]
            hand = Hand(sorted(list(mine) + rng.sample(others, max(0, 8 - len(mine))), key=deal[me].cards.index))
            return me, leader, hand, rng.choice(led)


def cover_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Declarer's side leads; which card does the pupil play second? Cover an honour with an
    honour, else second hand low: the card cardlib.defence.cover_honour chooses. The seed picks
    one of COVER_CASES: a cover with a king, queen, jack or 10 that declarer's side must beat with a
    higher card, a cover with the ace (it wins the trick), or a small card led. The variant "low"
    is always the small card led: do not cover (a lesson's quiz asks it as well as a cover)."""
    from cardlib.defence import cover_honour

    contract = rng.choice(CONTRACTS)
    case = variant if variant else rng.choice(COVER_CASES)
    me, leader, hand, led = _cover_position(rng, case, trumps=contract.denomination)
    follow = cover_honour(hand, [led])
    card, cards = follow.card, hand.suit(led.suit)
    slips = [Slip(str(c), "not_following", say("ex_slip_defend_follow", suit=led.suit.symbol))
             for c in hand.cards if c.suit is not led.suit]
    if follow.rule == "cover":
        ace = card.rank == Rank.ACE
        working = say("ex_cover_working_ace" if ace else "ex_cover_working", led=led, card=card)
        slips += [Slip(str(c), "cover_low", say("ex_slip_cover_low_ace" if ace else "ex_slip_cover_low", led=led))
                  for c in cards if c.rank < led.rank]
        slips += [Slip(str(c), "cover_too_high", say("ex_slip_cover_too_high", led=led, card=card))
                  for c in cards if c.rank > card.rank]
    else:
        working = say("ex_cover_working_low", led=led, card=card)
        slips += [Slip(str(c), "second_hand_high", say("ex_slip_cover_not_honour", led=led))
                  for c in cards if c != card]
    return Question(
        kind="cover" + (f":{variant}" if variant else ""), seed=seed, prompt=say("ex_defend_prompt_second", seat=me.word, leader=leader.word, card=led),
        answer_kind="card", answer=str(card), right_answer=str(card), explanation=working,
        hint=say("ex_cover_hint"),
        rules_line=sentences(tricks_gone(hand), say("ex_defend_contract", contract=contract),
                             trumps_line(contract.denomination)),
        picture=Picture(((say("ex_defend_trick_so_far"), ("trick_so_far", ((leader.name, str(led)),))),
                         (say("ex_lead_your_hand"), ("hand", _cards(hand.cards))))),
        options=tuple((str(c), str(c)) for c in hand.cards), slips=tuple(slips),
        ideas={"tricks", "follow_suit", "second_hand_low", "cover_honour"}
        | ({"trumps"} if contract.denomination is not None else {"no_trumps"}))


def _discard_hand(rng: random.Random, led: Suit) -> Hand:
    """Eight cards with none of ``led``, for which the page's rule (keep your high cards and your
    long suit; throw a low card from a suit you do not need) picks one card and no other:
    - one suit of 4 or more, longer than any other: your long suit, kept;
    - exactly one other suit with no honour, of 2 or more cards, its lowest a 5 or lower and
      every other card 6 or higher: the lowest says "not this suit" by the lesson's signal, and
      any other card of it would say "lead it" (from ♦5 3 either card would do);
    - any other suit is an ace alone, which wins a trick, or two or more cards with a king, queen
      or jack (from ♠A 4 the ♠4 would be as right as the card the rule throws, and a queen
      alone may never win)."""
    from cardlib.defence import discard, discard_says, is_honour, your_long_suit

    while True:
        hand = Hand(rng.sample([c for c in BRIDGE_PACK.cards if c.suit is not led], 8))
        keep = your_long_suit(hand)
        if hand.length(keep) < 4 or any(hand.length(s) >= hand.length(keep) for s in Suit if s is not keep):
            continue
        plain = [s for s in Suit if hand.suit(s) and s is not keep and not any(is_honour(c) for c in hand.suit(s))]
        if len(plain) != 1 or hand.length(plain[0]) < 2:
            continue
        low, *rest = reversed(hand.suit(plain[0]))
        if discard_says(low) != "not_this" or any(discard_says(c) != "lead_it" for c in rest):
            continue
        if all([c.rank for c in hand.suit(s)] == [Rank.ACE] or hand.length(s) >= 2 and any(
                Rank.JACK <= c.rank <= Rank.KING for c in hand.suit(s)) for s in Suit if hand.suit(s) and s not in (keep, plain[0])):
            assert discard(hand, led) == low
            return hand


def discard_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """You cannot follow suit in no trumps: which card do you throw away (cardlib.defence.discard)?
    Variant "signal": partner threw a card; what does it say (cardlib.defence.discard_says)?"""
    from cardlib.defence import discard, discard_says, is_honour, your_long_suit

    led = rng.choice(list(Suit))
    if variant == "signal":
        suit = rng.choice([s for s in Suit if s is not led])
        card = Card(suit, Rank(rng.choice([2, 3, 4, 5, 6, 7, 8, 9])))
        answer = discard_says(card)
        options = ((say("ex_signal_lead_it", suit=suit.symbol), "lead_it"), (say("ex_signal_not_this", suit=suit.symbol), "not_this"))
        wrong = "not_this" if answer == "lead_it" else "lead_it"
        return Question(
            kind="discard:signal", seed=seed, prompt=say("ex_signal_prompt", suit=led.symbol, card=card),
            answer_kind="choice", answer=answer, right_answer=dict((v, t) for t, v in options)[answer],
            explanation=say(f"ex_signal_working_{answer}", card=card, suit=suit.symbol), hint=say("ex_signal_hint"),
            rules_line=say("ex_no_trumps"), picture=Picture(((say("ex_signal_thrown"), ("hand", _cards((card,)))),)),
            options=options, slips=(Slip(wrong, f"signal_{wrong}", say("ex_slip_signal", card=card)),),
            ideas={"follow_suit", "discards"})
    hand = _discard_hand(rng, led)
    card = discard(hand, led)
    keep = your_long_suit(hand)
    slips = []
    for c in hand.cards:
        if c == card:
            continue
        if c.suit is keep:
            slips.append(Slip(str(c), "discard_long", say("ex_slip_discard_long", suit=keep.symbol)))
        elif is_honour(c):
            slips.append(Slip(str(c), "discard_honour", say("ex_slip_discard_honour", card=c, answer=card)))
        elif c.suit is not card.suit:
            honour = next(x for x in hand.suit(c.suit) if is_honour(x))
            slips.append(Slip(str(c), "discard_honour", say("ex_slip_discard_with_honour", suit=c.suit.symbol,
                                                            honour=honour, answer=card)))
        else:
            slips.append(Slip(str(c), "discard_not_lowest", say("ex_slip_discard_not_lowest", card=card)))
    return Question(
        kind="discard", seed=seed, prompt=say("ex_discard_prompt", suit=led.symbol), answer_kind="card", answer=str(card),
        right_answer=str(card), explanation=say("ex_discard_working", keep=keep.symbol, suit=card.suit.symbol, card=card),
        hint=say("ex_discard_hint"), rules_line=say("ex_no_trumps"),
        picture=Picture(((say("ex_lead_your_hand"), ("hand", _cards(hand.cards))),)),
        options=tuple((str(c), str(c)) for c in hand.cards), slips=tuple(slips), ideas={"follow_suit", "discards"})
