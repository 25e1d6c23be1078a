"""Quiz questions whose every other card or call is truly wrong: a generator never draws a
position where a second answer is as right by what the lessons teach (an independent teacher
found each of these marking a right answer wrong)."""
from __future__ import annotations

from cardlib import Card, Hand, Suit
from exercises.kinds import make_question
from exercises.minibridge_kinds import trumps_line

SEEDS = range(300)


def hand_of(q) -> Hand:
    return Hand([Card.parse(value) for _, value in q.options])


def trumps_of(q) -> Suit | None:
    return next((s for s in Suit if q.rules_line.endswith(trumps_line(s))), None)


def test_the_opening_lead_never_chooses_between_two_suits_as_long():
    """♠K 7 3 2 ♥9 7 2 ♦6 2 ♣K J 10 7 in no trumps: the ♣7 is as good a fourth-best lead as the
    ♠2, and no lesson says which of two long suits comes first."""
    for seed in SEEDS:
        q = make_question("lead", seed)
        hand, trumps, suit = hand_of(q), trumps_of(q), Card.parse(q.answer).suit
        tied = [s for s in Suit if s not in (suit, trumps) and hand.length(s) == hand.length(suit)]
        assert not tied, (seed, str(hand), q.answer, q.rules_line)


def test_a_sequence_lead_is_the_top_card_of_its_suit():
    """♠Q 10 8 ♥J 3 ♦K 10 9 8 5 ♣A 9 5: the ♦10 tops an interior sequence (the ♦K above it), which
    lesson 10 never shows, and "once declarer's higher card is gone" does not fit it."""
    sequences = 0
    for seed in SEEDS:
        q = make_question("lead", seed)
        if not any(s.code == "under_the_top" for s in q.slips):
            continue
        sequences += 1
        card = Card.parse(q.answer)
        assert hand_of(q).suit(card.suit)[0] == card, (seed, str(hand_of(q)), q.answer)
    assert sequences > 30


def rule_1_as_the_page_says(hand: Hand, trumps: Suit | None) -> set[Card]:
    """Lesson 10's rule 1 as the pupils read it, written again here: three cards in a row, the
    top one 10 or higher: lead the top one; against trumps, not a sequence under your ace."""
    tops = set()
    for suit in Suit:
        ranks = [int(c.rank) for c in hand.suit(suit)]  # highest first
        for i in range(len(ranks) - 2):
            if ranks[i] >= 10 and ranks[i + 1] == ranks[i] - 1 and ranks[i + 2] == ranks[i] - 2:
                if not (trumps is not None and i > 0 and ranks[0] == 14):
                    tops.add(hand.suit(suit)[i])
                break
    return tops


def test_the_three_lead_rules_in_order_give_the_key():
    """Lesson 10: "Try these three rules in order". Rule 1 picked the ♥Q from ♥A Q J 10 7 6 2
    against trumps, where the key leads the ♦9 (reader J, 1 item in 60): the page now says
    "against trumps, not a sequence under your ace", a child who leads it is told why, and a
    sequence in the trump suit (which rule 1 does not pass by) is never dealt."""
    under_ace = 0
    for seed in range(600):
        q = make_question("lead", seed)
        hand, trumps, card = hand_of(q), trumps_of(q), Card.parse(q.answer)
        tops = rule_1_as_the_page_says(hand, trumps)
        if tops:
            assert card in tops, (seed, str(hand), q.answer, q.rules_line)
        else:
            assert not any(s.code == "under_the_top" for s in q.slips), seed  # no sequence: rule 2 or 3
        assert trumps is None or not rule_1_as_the_page_says(Hand(list(hand.suit(trumps))), None), (seed, str(hand))
        for suit in Suit:
            if trumps in (None, suit):
                continue
            alone = Hand(list(hand.suit(suit)))
            for top in rule_1_as_the_page_says(alone, None) - rule_1_as_the_page_says(alone, trumps):
                under_ace += 1  # ♥A Q J 10: the ♥Q heads a sequence under the ace
                assert card.suit is not suit, (seed, str(hand), q.answer)
                assert q.check(str(top)).slip == "sequence_under_ace", (seed, str(hand))
    assert under_ace > 3


def test_a_lead_against_trumps_without_a_sequence_is_rule_3_as_the_page_says_it():
    """Lesson 10's rule 3 as the pupils read it: the longest suit without an ace, not trumps; the
    top of two high cards in a row at its top (♠K Q 4 2), otherwise the lowest (♠9 6 4 2). The
    key led the ♠9 from ♠9 5 (from two cards "the higher", a rule the page does not teach) in 1
    trump lead in 12; the working named that untaught rule in every one."""
    from cardlib import messages

    asked = 0
    for kind in ("lead", "lead:no_ace", "lead:tie"):
        for seed in SEEDS:
            q = make_question(kind, seed)
            hand, trumps, card = hand_of(q), trumps_of(q), Card.parse(q.answer)
            if trumps is None or any(s.code == "under_the_top" for s in q.slips):
                continue  # no trumps (rule 2), or a sequence (rule 1)
            asked += 1
            cards = hand.suit(card.suit)
            assert len(cards) >= 3, (kind, seed, str(hand), q.answer)
            two_in_a_row = cards[1].rank >= 11 and cards[1].rank == cards[0].rank - 1  # K Q, Q J (not J 10)
            assert card == (cards[0] if two_in_a_row else cards[-1]), (kind, seed, str(hand), q.answer)
            longest = max(hand.length(s) for s in Suit if s is not trumps and hand.suit(s) and hand.suit(s)[0].rank != 14)
            assert len(cards) == longest, (kind, seed, str(hand), q.answer)
    assert asked > 300
    try:
        for language, untaught in (("en", "from two cards"), ("ja", "2まいなら上のほう")):
            messages.set_language(language)
            assert untaught not in make_question("lead:no_ace", 3).explanation
    finally:
        messages.set_language("en")


def test_a_contract_question_never_needs_the_equal_fits_tie_break():
    """Lesson 5's practice sheet: East ♠Q107 ♥KJ1053, West ♠J8632 ♥Q76, 8 cards in both majors,
    "with equal fits choose spades", a tie-break the pupils' text never teaches."""
    from cardlib import minibridge
    from exercises.course import lesson_of

    asked = [make_question("contract", seed) for seed in SEEDS]
    asked += [q for part in (lesson_of(5).quiz, lesson_of(5).precheck) for q in part().questions if q.kind == "contract"]
    both = 0
    for q in asked:
        mine, dummy = (Hand([Card.parse(c) for c in q.picture.rows[i][1][1]]) for i in (0, 1))
        fits = minibridge.golden_fits(mine, dummy)
        both += len(fits) == 2
        assert not (len(fits) == 2 and fits[Suit.SPADES] == fits[Suit.HEARTS]), (q.seed, str(mine), str(dummy))
    assert both  # two unequal fits still come: the longer one is the answer


def test_a_call_to_open_has_one_longest_suit_or_two_and_names_lesson_13s_tie_break():
    """♠A 9 6 3 ♥A 9 ♦A 8 7 4 ♣6 4 3: "your longest suit is ♠" marked 1♦ wrong. Lesson 13 teaches
    the tie-break ("with two suits as long, bid the higher one"), so some opening hands have two
    longest suits (never three: the lesson names two), and then the working and the slip for the
    lower suit say the tie-break in the lesson's own words, in both editions."""
    from cardlib import messages
    from cardlib.auction import Auction, Bid
    from cardlib.bots import call_by_the_rules

    tie_break = {"en": "With two suits as long, bid the higher one", "ja": "同じ長さのスーツが2つなら、高いほう"}
    ties = 0
    for language in ("en", "ja"):
        messages.set_language(language)
        try:
            for kind in ("call:open", "call"):
                for seed in SEEDS:
                    q = make_question(kind, seed)
                    if len(q.options) != 5:
                        continue  # pass or raise partner's opening: no suit of one's own to choose
                    hand = Hand([Card.parse(c) for c in q.picture.rows[0][1][1]])
                    lengths = sorted((hand.length(s) for s in Suit), reverse=True)
                    assert lengths[0] > lengths[2], (kind, seed, str(hand), q.answer)  # never three as long
                    if lengths[0] > lengths[1]:
                        assert tie_break[language] not in q.explanation, (kind, seed)
                        continue
                    tied = [s for s in Suit if hand.length(s) == lengths[0]]
                    assert q.answer == Bid(1, max(tied)).text == call_by_the_rules(hand, Auction("N")).text, (kind, seed)
                    assert tie_break[language] in q.explanation, (kind, seed, q.explanation)
                    lower = q.check(Bid(1, min(tied)).text)
                    assert lower.correct is False and lower.slip == "lower_of_two" and tie_break[language] in lower.words
                    ties += 1
        finally:
            messages.set_language("en")
    assert ties >= 20  # the tie-break is asked, some of the time (about 3 opening hands in 20)


def test_a_discard_keeps_only_an_ace_alone_or_a_suit_with_a_king_queen_or_jack():
    """From ♠A 4 the ♠4 is as right as the card the rule throws (an ace needs no small card, as
    lesson 22's deal B throws the ♥2 from ♥A 3 2), and a queen alone may never win: every suit
    the pupil is told to keep for its high card is an ace alone or holds a king, queen or jack
    with another card, and the slip names the high card."""
    from cardlib import Rank

    for seed in SEEDS:
        q = make_question("discard", seed)
        hand, thrown = hand_of(q), Card.parse(q.answer)
        codes = {Card.parse(s.value).suit: s.code for s in q.slips if s.code != "discard_not_lowest"}
        for suit, code in codes.items():
            if code == "discard_honour":
                cards = hand.suit(suit)
                assert [c.rank for c in cards] == [Rank.ACE] or len(cards) >= 2 and any(
                    Rank.JACK <= c.rank <= Rank.KING for c in cards), (seed, str(hand), q.answer)
                assert all(any(str(c) in s.words for c in cards if c.rank >= Rank.TEN)
                           for s in q.slips if s.code == code and Card.parse(s.value).suit is suit)
        kept = [s for s in Suit if hand.suit(s) and s is not thrown.suit]
        assert all(codes.get(s) in ("discard_honour", "discard_long") for s in kept), (seed, str(hand), q.answer)


def test_a_defender_never_holds_more_than_five_of_declarers_trumps():
    """North defending E-W's ♠ partscore with ♠A Q J 10 8 6 2: no side would choose a trump
    suit in which the defenders hold 7."""
    for seed in SEEDS:
        q = make_question("cover", seed)
        trumps = trumps_of(q)
        if trumps is not None:
            assert hand_of(q).length(trumps) <= 5, (seed, str(hand_of(q)), q.rules_line)


def test_the_player_on_lead_never_holds_a_hand_whose_side_would_declare():
    """Lesson 10's practice sheet gave the player on lead ♠A 2 ♥A 10 8 7 3 2 ♦A K 9 ♣A K, 22
    points, against NT partscore (reader V): the side with more points declares (lesson 4), so no
    defender holds it. Every lead item's hand, put in West's seat with East holding the fewest
    points the other cards allow, leaves North or South to declare by cardlib's rule; and the
    bound is exact: one point more (20) and West's side declares or the deal is thrown in."""
    from cardlib import BRIDGE_PACK, Deal, Seat
    from cardlib.minibridge import declarer
    from exercises.minibridge_kinds import DEFENDERS_MOST_HCP

    def on_lead(west: Hand) -> Seat | None:
        rest = sorted((c for c in BRIDGE_PACK.cards if c not in west.cards), key=lambda c: Hand([c]).hcp)
        east, north_south = rest[:13], rest[13:]
        deal = Deal({"N": north_south[::2], "E": east, "S": north_south[1::2], "W": west}, dealer="N")
        return declarer(deal)

    most = 0
    for kind in ("lead", "lead:tie", "lead:no_ace"):
        for seed in range(600):
            hand = hand_of(make_question(kind, seed))
            assert hand.hcp <= DEFENDERS_MOST_HCP and on_lead(hand) in (Seat.N, Seat.S), (kind, seed, str(hand), hand.hcp)
            most = max(most, hand.hcp)
    assert most >= DEFENDERS_MOST_HCP - 2  # strong hands still come, up to the bound
    nineteen = Hand("♠A K Q J ♥A K Q ♦2 3 4 5 6 7")
    twenty = Hand("♠A K Q J ♥A K Q J ♦2 3 4 5 6")
    assert (nineteen.hcp, twenty.hcp) == (DEFENDERS_MOST_HCP, DEFENDERS_MOST_HCP + 1) == (19, 20)
    assert on_lead(nineteen) in (Seat.N, Seat.S) and on_lead(twenty) in (None, Seat.E, Seat.W)
    for lesson in (10, 12):
        from exercises.course import lesson_of
        asked = lesson_of(lesson).quiz().questions + lesson_of(lesson).precheck().questions + \
            (lesson_of(lesson).practice_sheet() if lesson == 10 else [])
        for q in asked:
            if q.kind.startswith("lead"):
                assert hand_of(q).hcp <= DEFENDERS_MOST_HCP, (lesson, q.seed, str(hand_of(q)))


def test_two_suits_as_long_are_a_real_tie_that_the_order_of_the_suits_decides():
    """Lesson 10's pre-check: ♠K 6 4 ♥A 6 2 ♦Q J 4 2 ♣A 9 6 against ♦ said the ♥A was wrong because
    of the suit order, when rule 3 passes the ♥ by for its ace (reader V). In a "lead:tie" item the
    lower suit is one the same rule leads from by itself (never the ace rule 3 falls back on, never
    a suit headed by its ace against trumps), and no third suit (not trumps) is as long."""
    from cardlib import Rank

    against_trumps = 0
    for seed in range(300):
        q = make_question("lead:tie", seed)
        hand, trumps, card = hand_of(q), trumps_of(q), Card.parse(q.answer)
        lower = Card.parse(q.slips[0].value)
        assert q.slips[0].code == "lower_suit" and lower.suit < card.suit, (seed, str(hand), q.slips)
        as_long = [s for s in Suit if s is not trumps and hand.length(s) == hand.length(card.suit)]
        assert sorted(as_long) == sorted({card.suit, lower.suit}), (seed, str(hand))  # these two, no third
        if trumps is not None:
            against_trumps += 1
            assert hand.suit(lower.suit)[0].rank != Rank.ACE and lower.rank != Rank.ACE, (seed, str(hand), q.answer)
    assert against_trumps > 30
