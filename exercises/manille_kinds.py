"""Manille questions: the card points of a trick or a pile, which card wins a trick (the 10
above the ace), and a deal's score with its multipliers. Answers and workings come from
cardlib.manille and cardlib.play.winner_of with the piquet pack.

>>> import random
>>> q = points_question(random.Random(2), seed=2)
>>> q.check(q.answer).correct
True
"""
from __future__ import annotations

import random

from cardlib import PIQUET_PACK, Card, Rank, Seat, Side, Suit, say, sentences, winner_of
from cardlib import manille
from cardlib.manille_auction import AuctionRules
from exercises.answers import NO, YES
from exercises.minibridge_kinds import trick_slips, trick_working, trumps_line, yes_no_options
from exercises.question import Picture, Question, Slip, spoken_list


def points_working(cards) -> str:
    """The card points of some cards as a sum, each card's points after it in brackets (so
    a child does not read "10 5" as 105).

    >>> points_working(["♥10", "♠A", "♦K", "♣9", "♣7"])
    '10 (5) + A (4) + K (3) = 12 (9 and 7: 0 points)'
    """
    cards = manille.PACK.in_order([Card.parse(c) for c in cards])
    scoring = sorted((c for c in cards if manille.card_points(c)), key=lambda c: -manille.card_points(c))
    blanks = [c.rank.symbol for c in cards if not manille.card_points(c)]
    total = manille.pile_points(cards)
    if not scoring:
        return say("ex_manille_no_points")
    sum_text = " + ".join(f"{c.rank.symbol} ({manille.card_points(c)})" for c in scoring)
    text = f"{sum_text} = {total}"
    if blanks:
        names = sorted(set(blanks), key=lambda r: -int(r))
        text += " " + say("ex_manille_blanks", ranks=spoken_list(names))
    return text


def points_slips(cards) -> list[Slip]:
    """The likely miscounts of Manille card points: the 10 forgotten (bridge points), the 10
    worth 10, the 10 and the ace swapped.

    >>> [(s.value, s.code) for s in points_slips(["♥10", "♠K"])]
    [(3, 'forgot_ten'), (13, 'ten_as_ten'), (7, 'swapped_ten_ace')]
    """
    cards = [Card.parse(c) for c in cards]
    total = manille.pile_points(cards)
    tens = sum(1 for c in cards if c.rank is Rank.TEN)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    ten = manille.card_points(Card(Suit.SPADES, Rank.TEN))
    ace = manille.card_points(Card(Suit.SPADES, Rank.ACE))
    slips = []
    if tens:
        slips.append(Slip(total - ten * tens, "forgot_ten", say("ex_slip_forgot_ten")))
        slips.append(Slip(total + (10 - ten) * tens, "ten_as_ten", say("ex_slip_ten_as_ten")))
    if tens != aces:
        slips.append(Slip(total + (ace - ten) * tens + (ten - ace) * aces, "swapped_ten_ace",
                          say("ex_slip_swapped_ten_ace")))
    return slips


def points_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """How many card points are in this trick (4 cards), or in the cards a pair won (2 or 3 tricks:
    what a pupil counts at the end of a deal)?"""
    cards = list(manille.PACK.cards)
    rng.shuffle(cards)
    if rng.random() < 0.5:
        leader = Seat(rng.randrange(4))
        seats = [leader, leader.left, leader.left.left, leader.right]
        plays = tuple((s.name, str(c)) for s, c in zip(seats, cards[:4]))
        chosen, prompt = cards[:4], say("ex_manille_trick_prompt")
        picture = Picture((("", ("trick", plays)),))
    else:
        tricks = rng.choice((2, 3))
        chosen = cards[: 4 * tricks]
        prompt = say("ex_manille_pile_prompt", count=len(chosen), tricks=tricks)
        picture = Picture((("", ("manille_cards", tuple(str(c) for c in chosen))),))
    answer = manille.pile_points(chosen)
    return Question(
        kind="manille_points", seed=seed, prompt=prompt, answer_kind="number", answer=answer,
        right_answer=str(answer), explanation=points_working(chosen), hint=say("ex_manille_points_hint"),
        picture=picture, slips=tuple(points_slips(chosen)), ideas={"manille_pack", "manille_points"})


# --- which card wins a Manille trick ------------------------------------------------------

def _manille_trick(rng: random.Random, trumps: Suit | None, ten: bool = True) -> list[tuple[Seat, Card]]:
    """Four cards of a Manille trick, as the rules allow them: follow suit, else trump (if
    there are trumps), else any card. The 10 and a higher-looking card of the suit led meet
    often, since that is what the question teaches. With ``ten`` false the 10 of the suit led
    is not in the trick, and the ace meets the king or the J meets the 9: the rest of the order."""
    cards = list(PIQUET_PACK.cards)
    rng.shuffle(cards)
    suits = [s for s in Suit if s is not trumps]
    led = rng.choice(suits)
    if not ten:
        cards.remove(Card(led, Rank.TEN))
    leader = Seat(rng.randrange(4))
    followers = [led] * 4
    for i in range(1, 4):
        roll = rng.random()
        if roll < 0.22:
            followers[i] = trumps if trumps is not None else rng.choice([s for s in Suit if s is not led])
        elif trumps is not None and roll < 0.3:
            followers[i] = rng.choice([s for s in Suit if s not in (led, trumps)])
    chosen: dict[int, Card] = {}
    if not ten:  # no 10 of the suit led: the ace and the king meet, or the J and the 9
        if followers.count(led) < 2:
            followers[rng.randrange(1, 4)] = led
        places = [i for i, s in enumerate(followers) if s is led]
        first, second = rng.sample(places, 2)
        high, low = rng.choice(((Rank.ACE, Rank.KING), (Rank.JACK, Rank.NINE)))
        chosen = {first: Card(led, high), second: Card(led, low)}
        for card in chosen.values():
            cards.remove(card)
    elif rng.random() < 0.6 and followers.count(led) >= 2:  # the 10 and the ace (or a picture) meet
        places = [i for i, s in enumerate(followers) if s is led]
        first, second = rng.sample(places, 2)
        chosen = {first: Card(led, Rank.TEN), second: Card(led, rng.choice([Rank.ACE, Rank.ACE, Rank.KING, Rank.QUEEN]))}
        for card in chosen.values():
            cards.remove(card)
    plays, seat = [], leader
    for i, suit in enumerate(followers):
        card = chosen.get(i)
        if card is None:
            card = next(c for c in cards if c.suit is suit)
            cards.remove(card)
        plays.append((seat, card))
        seat = seat.left
    return plays


def trick_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Which card wins this Manille trick? (10 above the ace; the bare kind has no trumps,
    the "trumps" variant names a trump suit, the "no_ten" variant has no trumps and no 10 of
    the suit led, so the ace beats the king or the J the 9.) The winner comes from
    cardlib.winner_of with the piquet pack."""
    trumps = rng.choice(list(Suit)) if variant == "trumps" else None
    plays = _manille_trick(rng, trumps, ten=variant != "no_ten")
    winner = winner_of(plays, trumps, PIQUET_PACK)
    card = dict(plays)[winner]
    ideas = {"manille_pack", "manille_trick"} | ({"manille_trumps"} if trumps is not None else set())
    working = trick_working(plays, trumps, PIQUET_PACK, say_trumps=trumps is not None)
    if card.rank is Rank.TEN:
        working = sentences(working, say("ex_manille_ten_wins"))
    elif variant == "no_ten":  # name the cards above the winner that were not played
        above = [str(Card(card.suit, rank)) for rank in PIQUET_PACK.ranks[:PIQUET_PACK.ranks.index(card.rank)]]
        assert above and not set(above) & {str(c) for _, c in plays}
        working = sentences(working, say("ex_manille_no_ten", ten=above[0], card=str(card)) if len(above) == 1
                            else say("ex_manille_none_above", missing=spoken_list(above), card=str(card)))
    return Question(
        kind="manille_trick" + (f":{variant}" if variant else ""), seed=seed,
        prompt=say("ex_manille_which_prompt", leader=plays[0][0].word),
        answer_kind="card", answer=str(card), right_answer=str(card), explanation=working,
        hint=say("ex_manille_trick_hint" if trumps is not None else "ex_manille_trick_hint_nt"),
        options=tuple((str(c), str(c)) for _, c in plays),
        rules_line="" if trumps is None else trumps_line(trumps),
        picture=Picture((("", ("trick", tuple((s.name, str(c)) for s, c in plays))),)),
        slips=tuple(trick_slips(plays, trumps, PIQUET_PACK)), ideas=ideas)


# --- may this card be played: the must-trump rule -----------------------------------------

# What the card asked about would be, and how often: mostly a player with none of the suit
# led, since the rule the question teaches is "then you must trump".
MAY_PLAY_SITUATIONS = (("must_trump", 0.4), ("trump", 0.2), ("not_follow", 0.15), ("follow", 0.1), ("discard", 0.15))
# The variants ask one half of the rule each, so a quiz can ask all of them: "must_trump" (No:
# the player has none of the suit led and a trump), "must_follow" (No: the player holds the suit
# led), "may" (Yes: the player may trump, or has neither and may discard).
MAY_PLAY_VARIANTS = {"": tuple(name for name, _ in MAY_PLAY_SITUATIONS), "must_trump": ("must_trump",),
                     "must_follow": ("not_follow",), "may": ("trump", "discard")}


def _may_play_situation(game: manille.ManillePlay) -> dict[str, list[Card]]:
    """The cards of the player to play, sorted by what playing them would be."""
    hand, led, trumps = game.hands[game.to_play], game.suit_led, game.trumps
    follow = [c for c in hand if c.suit is led]
    if follow:
        return {"follow": follow, "not_follow": [c for c in hand if c.suit is not led]}
    trump_cards = [c for c in hand if c.suit is trumps]
    if trump_cards:
        return {"trump": trump_cards, "must_trump": [c for c in hand if c.suit is not trumps]}
    return {"discard": list(hand)}


def _may_play_position(rng: random.Random, wanted: str) -> tuple[manille.ManillePlay, Card]:
    """A Manille deal with trumps, played part of the way with legal cards, stopping where the
    player to play holds a card of the ``wanted`` situation."""
    for _ in range(500):
        deal = manille.deal(seed=rng.randrange(10**9), dealer=Seat(rng.randrange(4)))
        game = manille.start_play(deal, trumps=rng.choice(list(Suit)))
        for _ in range(4 * rng.randrange(0, 6) + rng.choice([1, 2, 3])):
            game.play(rng.choice(game.legal_plays()))
        choices = _may_play_situation(game).get(wanted, [])
        if choices:
            return game, rng.choice(choices)
    raise AssertionError("no position found")  # pragma: no cover - 500 deals always give one


def may_play_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Manille: may this card be played now? (yes or no). In Manille a player who cannot follow
    suit must trump if able (cardlib.manille's rule); only a player with neither may discard.
    The variant asks one half of the rule (MAY_PLAY_VARIANTS); the bare kind asks any."""
    situations = [(name, share) for name, share in MAY_PLAY_SITUATIONS if name in MAY_PLAY_VARIANTS[variant]]
    roll, wanted = rng.random() * sum(share for _, share in situations), situations[-1][0]
    for name, share in situations:
        if roll < share:
            wanted = name
            break
        roll -= share
    game, card = _may_play_position(rng, wanted)
    seat, led, trumps = game.to_play, game.suit_led, game.trumps
    # a trump led: "no hearts and no trumps" read as two things to a child when hearts are trumps
    discard = "_trumps_led" if led is trumps else ""
    why = game.why_illegal(card)
    answer = NO if why else YES
    working = {
        # About the seat whose turn it is, not "you" (the table's sentence, why_illegal's)
        "must_trump": say("ex_manille_may_not_trump", card=card, seat=seat.word, suit=led.word),
        "not_follow": say("ex_may_not_follow", card=card, seat=seat.word, suit=led.word),
        "follow": say("ex_may_follow", card=card, suit=led.word),
        "trump": say("ex_manille_may_trump", card=card, suit=led.word),
        "discard": say("ex_manille_may_discard" + discard, card=card, suit=led.word),
    }[wanted]
    slip = {
        "must_trump": ("must_trump", say("ex_slip_must_trump", seat=seat.word, suit=led.word)),
        "not_follow": ("must_follow", say("ex_slip_must_follow", seat=seat.word, suit=led.word)),
        "follow": ("need_not_beat", say("ex_slip_need_not_beat", suit=led.one_word)),
        "trump": ("may_trump", say("ex_slip_manille_may_trump", seat=seat.word, suit=led.word)),
        "discard": ("may_discard", say("ex_slip_manille_may_discard" + discard, seat=seat.word, suit=led.word)),
    }[wanted]
    rows = ((say("ex_trick_so_far"), ("trick", tuple((s.name, str(c)) for s, c in game.current))),
            (say("ex_hand_of", seat=seat.word), ("manille_cards", tuple(str(c) for c in game.hands[seat]))))
    return Question(
        kind="manille_may_play" + (f":{variant}" if variant else ""), seed=seed, prompt=say("ex_manille_may_prompt", seat=seat.word, card=card),
        answer_kind="yes-no", answer=answer, right_answer=say("yes" if answer == YES else "no"),
        explanation=working, hint=say("ex_manille_may_hint"), options=yes_no_options(),
        rules_line=trumps_line(trumps), picture=Picture(rows),
        slips=(Slip(YES if answer == NO else NO, *slip),),
        ideas={"manille_pack", "manille_trick", "manille_trumps"})


# --- a deal's score ----------------------------------------------------------------------

def score_slips(points: int, times: int, other_points: int) -> list[Slip]:
    """Forgot a ×2, forgot to take away 30, multiplied before taking 30 away, or scored the
    other pair's points. Every number from cardlib.manille.deal_score."""
    slips = []
    if times > 1:
        slips.append(Slip(manille.deal_score(points), "forgot_x2", say("ex_slip_forgot_x2")))
        if times > 2:
            slips.append(Slip(manille.deal_score(points, times // 2), "forgot_x2", say("ex_slip_forgot_x2")))
    if points > manille.HALF:
        slips.append(Slip(points * times, "forgot_30", say("ex_slip_forgot_30")))
        if times > 1:
            slips.append(Slip(points * times - manille.HALF, "order", say("ex_slip_order")))
    else:
        won = manille.deal_score(other_points, times)
        if won:
            slips.append(Slip(won, "other_side", say("ex_slip_other_pair")))
            slips.append(Slip(-won, "other_side", say("ex_slip_other_pair")))
    return slips


DOUBLED_VARIANTS = ("tap", "both")  # a tap every time: with trumps (×2), en voiture (×4)


def score_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """What does this pair score for the deal, given its card points and the multipliers?
    The bare kind: trumps or no trumps (×2) and at most one tap (×2), as lesson 16 teaches;
    variant "tap" has trumps and a tap (×2), "both" en voiture and a tap (×4), each won by the
    pair asked (over 30 card points), so that the doubling shows in the answer (lesson 16's
    printed sheet); "tap_back" has a tap and a tap back every time (lesson 17), and asks about the
    pair that took more than 30 too, so the tap back always multiplies a score (a pair with 30 or
    fewer scores 0 however often the table was tapped: the bare kind asks that); "blind" blind trumps.

    >>> q = score_question(random.Random(1), 1, "both")
    >>> q.answer > 0 and "×4" in q.explanation
    True
    """
    side = rng.choice(list(Side))
    won = variant in DOUBLED_VARIANTS or variant == "tap_back"
    points = rng.randrange(manille.HALF + 1, 47) if won else rng.randrange(14, 47)
    trumps = {"tap": rng.choice(list(Suit)), "both": None}.get(variant) if variant in DOUBLED_VARIANTS \
        else rng.choice([None, *Suit])
    taps = 2 if variant == "tap_back" else 1 if variant in DOUBLED_VARIANTS else rng.choice([0, 1])
    blind = variant == "blind" and rng.random() < 0.6
    rules = manille.ManilleRules(taps="tap back" if taps > 1 else "single")
    times = manille.multiplier(trumps, taps=taps, blind=blind, rules=rules)
    answer = manille.deal_score(points, times)
    facts = [say("ex_manille_no_trumps") if trumps is None else say("ex_manille_trumps", suit=trumps.word)]
    if taps:
        facts.append(say("ex_manille_tapped", other=side.other) if taps == 1
                     else say("ex_manille_tapped_back", other=side.other, side=side))
    if blind:
        facts.append(say("ex_manille_blind"))
    result = manille.ManilleResult.from_points(side, points, times).words
    working = sentences(say("ex_manille_multiplier", factors=_factors(trumps, taps, blind), times=times), result)
    if answer == 0:
        working = sentences(say("ex_manille_zero", side=side, points=points), working)
    ideas = {"manille_scoring", "manille_trumps" if trumps is not None else "manille_no_trumps"}
    ideas |= {"manille_tapping"} if taps else set()
    ideas |= {"manille_tap_back"} if taps > 1 else set()
    ideas |= {"manille_blind"} if blind else set()
    return Question(
        kind="manille_score" + (f":{variant}" if variant else ""), seed=seed,
        prompt=say("ex_manille_score_prompt", side=side, points=points, facts=" ".join(facts)),
        answer_kind="number", answer=answer, right_answer=str(answer), explanation=working,
        hint=say("ex_manille_score_hint"),
        rules_line=sentences(say("ex_manille_score_rules"), say("ex_manille_blind_rule") if variant == "blind" else ""),
        slips=tuple(score_slips(points, times, manille.PACK_POINTS - points)), ideas=ideas)


def _factors(trumps: Suit | None, taps: int, blind: bool) -> str:
    """The multiplier as a product of its reasons: "× 2 (no trumps) × 2 (a tap)"."""
    parts = []
    if trumps is None:
        parts.append(say("ex_factor_no_trumps"))
    parts += [say("ex_factor_tap"), say("ex_factor_tap_back")][:taps]
    if blind:
        parts.append(say("ex_factor_blind"))
    return " ".join(parts) if parts else say("ex_factor_none")


# --- Auction Manille 1: has the player alone made the goal? --------------------------------

def alone_card_points(rules: AuctionRules, tricks: int) -> range:
    """The card points a player alone can hold in this many tricks: at most the best cards
    that fit in their tricks; at least what the others' tricks and the widow cannot hold
    (the widow's cards count for nobody).

    >>> four = AuctionRules(form=1, players=4)
    >>> alone_card_points(four, 7), alone_card_points(four, 2)
    (range(40, 61), range(0, 37))
    """
    best = sorted((manille.card_points(c) for c in rules.pack), reverse=True)
    elsewhere = rules.players * (rules.hand_size - tricks) + rules.widow_size
    return range(manille.PACK_POINTS - sum(best[:elsewhere]), sum(best[: rules.players * tricks]) + 1)


def alone_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Auction Manille 1 (lesson 17): the player alone counts their card points and 1 a trick
    towards the goal of cardlib.manille_auction (15 with four players, 21 with three). The
    card points are ones a real deal can give with that many tricks (``alone_card_points``),
    about 2 to 6 a trick where that is possible. The tricks are likely ones: 2 up to two short of
    every trick (a player alone against all the others seldom takes them all, and 41 card points
    in 7 tricks of 7 read as a slip of the question, not a deal)."""
    rules = AuctionRules(form=1, players=rng.choice([3, 4]))
    tricks = rng.randrange(2, rules.hand_size - 1)
    possible = alone_card_points(rules, tricks)
    low, high = max(2 * tricks, possible.start), min(6 * tricks, possible.stop - 1)
    cards = rng.randrange(low, high + 1)
    total = cards + tricks
    made = say("ex_manille_alone_made" if total >= rules.goal else "ex_manille_alone_short",
               total=total, goal=rules.goal)
    return Question(
        kind="manille_alone", seed=seed,
        prompt=say("ex_manille_alone_prompt", players=rules.players, cards=cards, tricks=tricks),
        answer_kind="number", answer=total, right_answer=str(total),
        explanation=say("ex_manille_alone_working", cards=cards, tricks=tricks, total=total, made=made), hint=say("ex_manille_alone_hint"),
        rules_line=say("ex_manille_alone_rules", players=rules.players, goal=rules.goal),
        slips=(Slip(cards, "alone_tricks", say("ex_slip_alone_tricks")),),
        ideas={"manille_points", "manille_rule_book"})


# --- a match to 101 ------------------------------------------------------------------------

def match_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """A match to 101 (lesson 16): a pair's scores in two or three deals it won, each from a deal
    as lesson 16 plays it: trumps or no trumps, tapped or not (cardlib.manille.multiplier), and
    31 to 46 card points (cardlib.manille.deal_score); how many more points does the pair need to
    reach 101? Adding the scores, then 101 − the total. No two scores add up to the pack's 60
    ("56 and 4" reads as one deal's card points, not two deals' scores), nor are two the same
    ("12, 12 and 12" reads as a made-up list)."""
    side = rng.choice(list(Side))
    while True:
        scores = [manille.deal_score(rng.randrange(31, 47), manille.multiplier(rng.choice([None, *Suit]), taps=rng.choice([0, 1])))
                  for _ in range(rng.choice([2, 3]))]
        total = sum(scores)
        looks_like_card_points = any(a + b == manille.PACK_POINTS for i, a in enumerate(scores) for b in scores[i + 1:])
        if total < manille.ManilleRules().target and not looks_like_card_points and len(set(scores)) == len(scores):
            break
    target = manille.ManilleRules().target
    answer = target - total
    listed = spoken_list([say("ex_manille_match_score", score=s) for s in scores], "ex_list_and_numbers")  # 4点、9点、48点
    return Question(
        kind="manille_match", seed=seed,
        prompt=say("ex_manille_match_prompt", side=side, scores=listed, target=target),
        answer_kind="number", answer=answer, right_answer=str(answer),
        explanation=say("ex_manille_match_working", sum=" + ".join(map(str, scores)), total=total,
                        target=target, more=answer),
        hint=say("ex_manille_match_hint", target=target),
        rules_line=say("ex_manille_match_rules", target=target),
        slips=(Slip(total, "match_total", say("ex_slip_match_total", target=target)),
               Slip(target - total + scores[-1], "match_one_deal", say("ex_slip_match_one_deal"))),
        ideas={"manille_match", "manille_scoring"})
