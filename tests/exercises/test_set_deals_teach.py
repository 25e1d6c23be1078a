"""Every set deal that shows a card-play technique is won by that technique and lost without
it (issue 27, section 3), and every "with good play ... takes N tricks" of a hand record is what
a double-dummy solver finds (endplay, an independent library).

"No endplay or squeeze needed" is proved by a plain declarer: after the technique's cards (the
script) it only cashes its winners, gives up a trick with its lowest card when it has none,
plays the lowest card that wins the trick (or its lowest when partner is winning) and ruffs
with its lowest trump that wins. Such a declarer never plans a throw-in or a squeeze; the
defenders against it play their best cards. If it still makes the contract, a child's simple
line does too.
"""
from __future__ import annotations

import json
import re

import pytest
from tests.lesson_tools import NOTEBOOKS, SEAT_WORDS, _ecard, dd_tricks, denom, endplay, player, scripted_play

from cardlib import Card, Deal, Hand, Seat, Suit, say
from cardlib.defence import cover_honour, discard, discard_says, opening_lead, second_hand
from cardlib.minibridge import Contract, declarer, suggest_contract, sure_tricks
from exercises.course import lesson_of
from exercises.set_deals import SET_DEALS

DENOMINATION_WORDS = {"spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS,
                      "clubs": Suit.CLUBS, "no trumps": None}


def plain_play(deal: Deal, boss: Seat, trumps: Suit | None, script=(), lead: str | None = None) -> int:
    """The tricks a plain declarer (the module's docstring) takes after playing ``script``
    whenever each card is legal (a card of it played already, as the lead made it, is passed
    over); the defenders play their best cards (the lead ``lead`` if given)."""
    return scripted_play(deal, boss, trumps, script, lead, declarer_card=_plain_card, pass_played=True)


def _beats(card, best, trump) -> bool:
    if card.suit == best.suit:
        return int(card.rank) > int(best.rank)
    return trump is not None and card.suit == trump


def _plain_card(types, board, legal, trump, ours):
    trick = list(board.curtrick)
    lowest = min(legal, key=lambda c: int(c.rank))
    if not trick:
        unplayed = [c for p in types.Player for c in board[p]]
        winners = [c for c in legal if all(o.suit != c.suit or int(o.rank) <= int(c.rank) for o in unplayed)]
        if winners:  # cash a winner: from the shorter hand in that suit first (unblocking)
            partner = board[types.Player((int(board.curplayer) + 2) % 4)]
            mine = board[board.curplayer]
            return min(winners, key=lambda c: (sum(x.suit == c.suit for x in mine) - sum(x.suit == c.suit for x in partner),
                                               -int(c.rank)))
        longest = max({c.suit for c in legal}, key=lambda s: sum(c.suit == s for c in legal))
        return min((c for c in legal if c.suit == longest), key=lambda c: int(c.rank))
    best, best_at = trick[0], 0
    for i, c in enumerate(trick[1:], 1):
        if _beats(c, best, trump):
            best, best_at = c, i
    partner_winning = types.Player((int(board.first) + best_at) % 4) in ours
    if partner_winning:
        return _discard(legal, trump, lowest)
    winning = [c for c in legal if _beats(c, best, trump)]
    if winning:
        return min(winning, key=lambda c: (c.suit == trump and c.suit != trick[0].suit, int(c.rank)))
    return _discard(legal, trump, lowest)


def _discard(legal, trump, lowest):
    """The lowest card of the shortest suit (not trumps): the long suit keeps its length."""
    if lowest.suit == legal[0].suit and all(c.suit == legal[0].suit for c in legal):
        return lowest  # following suit
    others = [c for c in legal if c.suit != trump] or legal
    shortest = min({c.suit for c in others}, key=lambda s: (sum(c.suit == s for c in others), -int(s)))
    return min((c for c in others if c.suit == shortest), key=lambda c: int(c.rank))


# name: (declarer, trumps, the technique's script, the opening lead or None, the wrong line's
# script, the tricks the wrong line takes, what the technique adds to the sure tricks)
TECHNIQUES = {
    "7A": (Seat.S, None, [], None, None, None, 2),                     # the long diamonds: 7 + 2
    "7B": (Seat.S, None, ["♠4", "♠A", "♦K"], "♠Q",
           ["♠4", "♠A", "♥A", "♥5", "♥4", "♥K", "♣3", "♣A", "♣2", "♣K", "♠K", "♠5", "♦7", "♦K"], 7, 3),
    "7C": (Seat.S, None, ["♦A", "♦K", "♦2"], "♣7", ["♦2", "♦Q", "♦J", "♦K", "♦A"], 7, 0),
    "8A": (Seat.S, Suit.SPADES, ["♠A", "♠K", "♠Q"], None, ["♦4", "♦A", "♦K", "♦Q"], 9, None),
    "8B": (Seat.S, Suit.SPADES, ["♥A", "♥2", "♥3", "♠8"], None, ["♠A", "♠K", "♠Q"], 9, None),
    "9A": (Seat.S, None, ["♦3", "♦A", "♥3", "♥Q"], "♣Q", ["♥A", "♥Q"], 8, 1),  # the scripted lead
    # a diamond loser thrown on dummy's ♥Q before trumps; trumps first: 4 losers
    "20A": (Seat.S, Suit.SPADES, ["♦A", "♥2", "♥A", "♥K", "♥Q", "♦4", "♠4"], "♦K", ["♦A", "♠K"], 9, None),
    # hold up the ♥A to the third round, then the diamonds (3 once the ♦A is gone); win at once: 1 down
    "20B": (Seat.S, None, ["♥3", "♥6", "♥A", "♦Q"], "♥K", ["♥A", "♦Q"], 8, 3),
}


def named(name: str):
    return next(d for deals in SET_DEALS.values() for d in deals if d.name == name)


@pytest.mark.parametrize("name", TECHNIQUES)
def test_the_technique_makes_the_contract_without_an_endplay_and_the_wrong_line_fails(name):
    boss, trumps, script, lead, wrong, wrong_tricks, gain = TECHNIQUES[name]
    set_deal = named(name)
    deal = set_deal.deal
    needed = Contract(set_deal.contract).tricks_needed
    assert declarer(deal) is boss and Contract(set_deal.contract).denomination == trumps
    assert dd_tricks(deal, boss, trumps) >= needed
    assert plain_play(deal, boss, trumps, script, lead) >= needed, "the technique's plain line goes down"
    if wrong is not None:
        assert scripted_play(deal, boss, trumps, wrong, lead) == wrong_tricks < needed
    if gain is not None:  # no trick from a squeeze: the sure tricks and the technique's tricks are enough
        assert sure_tricks(deal[boss], deal[boss.partner]) + gain >= needed


def test_9A_and_9B_the_finesse_is_the_ninth_trick_and_a_lost_finesse_is_1_down():
    onside, offside = named("9A").deal, named("9B").deal
    assert onside[Seat.N] == offside[Seat.N] and onside[Seat.S] == offside[Seat.S]
    assert sure_tricks(onside[Seat.S], onside[Seat.N]) == 4 + 1 + 1 + 2 == 8
    assert dd_tricks(onside, Seat.S, None) == 9 and dd_tricks(offside, Seat.S, None) == 8
    assert plain_play(offside, Seat.S, None, ["♦3", "♦A", "♥3", "♥Q"], lead="♣Q") == 8  # the same good play: 1 down


def test_9A_north_has_one_entry_and_spending_it_on_anything_but_the_heart_lead_goes_down():
    """A reader found that 9A did not test entries: North had two (the ♦A and the ♣K), so a South
    who spent one still had the other for the heart lead. The ♣K is South's now and the ♦A North's
    only entry; the ♦K sits with West, so East cannot be thrown in with a diamond to lead a heart
    into the ♥A Q. A South who wins the ♦A and leads back a spade or a diamond takes 8, even double
    dummy; crossing to the ♦A for the heart lead after cashing the other winners still takes 9."""
    from cardlib.minibridge import sure_entries

    for name in ("9A", "9B"):
        deal = named(name).deal
        assert [str(c) for c in sure_entries(deal[Seat.N], deal[Seat.S])] == ["♦A"]
    onside = named("9A").deal
    for back in ("♠2", "♦2"):
        assert scripted_play(onside, Seat.S, None, ["♣A", "♦3", "♦A", back], lead="♣Q") == 8
    cash_first = ["♣A", "♠A", "♠K", "♠Q", "♠J", "♣K", "♦3", "♦A", "♥3", "♥Q"]
    assert plain_play(onside, Seat.S, None, cash_first, lead="♣Q") == 9


# --- "with good play ... takes N tricks", as the hand records say ----------------------------------

CLAIM = re.compile(r"[Ww]ith good play (North|East|South|West) takes (?:exactly |only )?(\d+) tricks"
                   r"(?: in (spades|hearts|diamonds|clubs|no trumps))?"
                   r"((?:,| and| but)? only (\d+) in (spades|hearts|diamonds|clubs|no trumps))?")


def claims():
    found = []
    for deals in SET_DEALS.values():
        for set_deal in deals:
            if set_deal.table not in ("minibridge", "auction"):
                continue
            for match in CLAIM.finditer(set_deal.why):
                found.append((set_deal.name, match))
    return found


def _trumps_of(set_deal, deal, seat):
    contract = set_deal.contract
    if not contract:
        return suggest_contract(deal[seat], deal[seat.partner]).contract.denomination
    if set_deal.table == "auction":
        return {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}.get(contract[-1])
    return Contract(contract).denomination


def test_the_hand_records_make_good_play_claims():
    assert len(claims()) >= 15, [name for name, _ in claims()]


@pytest.mark.parametrize("name, match", claims(), ids=[f"{n}-{i}" for i, (n, _) in enumerate(claims())])
def test_every_good_play_claim_is_what_the_solver_finds(name, match):
    set_deal = named(name)
    deal = set_deal.deal
    seat = SEAT_WORDS[match.group(1)]
    trumps = DENOMINATION_WORDS[match.group(3)] if match.group(3) else _trumps_of(set_deal, deal, seat)
    assert dd_tricks(deal, seat, trumps) == int(match.group(2)), match.group(0)
    if match.group(4):
        assert dd_tricks(deal, seat, DENOMINATION_WORDS[match.group(6)]) == int(match.group(5)), match.group(0)


# --- the same claims in the lessons' own words -------------------------------------------------------

def lesson_claims():
    """Each "With good play <seat> takes N tricks" of a lesson's pupil text (lessons 4-13, 20 and 22), with
    the set deal shown last before it."""
    found = []
    for number in (*range(4, 14), 20, 22):
        lesson = lesson_of(number)
        cells = json.loads((NOTEBOOKS / f"{lesson.notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
        current = None
        for cell in cells:
            source = "".join(cell["source"])
            if source.lstrip().startswith("## For the teacher"):
                break
            if cell["cell_type"] == "code":
                shown = re.findall(r"LESSON\.deals\[(\d)\]|Deal\(\"", source)
                if shown:
                    current = lesson.deals[int(shown[-1])] if shown[-1] else None
            elif current is not None:
                found += [(current.name, match) for match in CLAIM.finditer(source.replace("With good play,", "With good play"))]
    return found


def test_the_lessons_make_good_play_claims():
    assert len(lesson_claims()) >= 12, [name for name, _ in lesson_claims()]


@pytest.mark.parametrize("name, match", lesson_claims(), ids=[f"{n}-{i}" for i, (n, _) in enumerate(lesson_claims())])
def test_every_good_play_claim_of_a_lesson_is_what_the_solver_finds(name, match):
    test_every_good_play_claim_is_what_the_solver_finds(name, match)


# --- defence deals: the defenders' technique beats the contract by one, the natural slip lets it make --

def defended_play(deal: Deal, boss: Seat, trumps: Suit | None, lead: str, script=(), defence=(),
                  plain: bool = False) -> int:
    """The tricks declarer's side takes when it plays ``script`` and the defenders ``defence`` (see
    scripted_play); every other card is the solver's best for its side (a plain declarer's card
    with ``plain``: no endplay or squeeze). West's opening lead is ``lead``."""
    return scripted_play(deal, boss, trumps, script, lead, declarer_card=_plain_card if plain else None,
                         defence=defence)


# name: (declarer, the opening lead, declarer's script, the defenders' technique, their natural slip)
DEFENCES = {
    # South leads the ♥Q (a finesse) after winning the ♦A; West covers with the ♥K, or plays low
    "22A": (Seat.S, "♦J", ["♦Q", "♦A", "♥Q"], ["♦K", "♥K"], ["♦K", "♥5"]),
    # dummy's ♣A wins, South runs five diamonds and leads the ♥K; West throws the ♠5, ♥2 and ♥3 as
    # lesson 22 says (low cards: none asks for its suit), or a club
    "22B": (Seat.S, "♣K", ["♣A", "♦7", "♦A", "♦K", "♦Q", "♦J", "♦10", "♥K"], ["♠5", "♥2", "♥3"], ["♣9"]),
}


@pytest.mark.parametrize("name", DEFENCES)
def test_the_defence_beats_the_contract_by_one_and_the_slip_lets_it_make(name):
    boss, lead, script, technique, slip = DEFENCES[name]
    set_deal = named(name)
    deal, contract = set_deal.deal, Contract(set_deal.contract)
    trumps, needed = contract.denomination, contract.tricks_needed
    assert declarer(deal) is boss and suggest_contract(deal[boss], deal[boss.partner]).contract == contract
    assert str(opening_lead(deal[boss.left], trumps).card) == lead  # lesson 10's lead, as the computer's West leads
    assert dd_tricks(deal, boss, trumps) == needed - 1  # best play by all four: 1 down
    assert defended_play(deal, boss, trumps, lead, script, technique) == needed - 1  # declarer's best after the cover
    assert defended_play(deal, boss, trumps, lead, script, slip) >= needed  # the slip: the contract makes ...
    assert defended_play(deal, boss, trumps, lead, script, slip, plain=True) >= needed  # ... with plain play


def test_22A_the_cover_is_the_rule_and_second_hand_low_is_the_slip():
    deal = named("22A").deal
    west = deal[Seat.W]
    assert cover_honour(west, ["♥Q"]) == (Card("♥K"), "cover") and second_hand(west, ["♥Q"]).card == Card("♥5")


def test_22B_the_discard_rule_throws_low_cards_and_keeps_the_clubs():
    west = [c for c in named("22B").deal[Seat.W].cards if str(c) not in ("♣K", "♦3", "♦2")]  # after two diamonds
    thrown = []
    for _ in range(3):
        card = discard(Hand(west), "♦")
        thrown.append(str(card))
        west.remove(card)
    assert thrown == ["♠5", "♥2", "♥3"] and all(discard_says(c) == "not_this" for c in thrown)


def _solve_after(deal: Deal, trumps: Suit | None, leader: Seat, cards: list[str]) -> dict[str, int]:
    """The solver's tricks still to come for the side to play, for each of its cards, after ``cards``."""
    types, dds = endplay()
    board = types.Deal(deal.to_pbn())
    board.trump, board.first = denom(types, trumps), player(types, leader)
    for card in cards:
        board.play(_ecard(types, card))
    return {str(Card(str(c).replace("T", "10"))): tricks for c, tricks in dds.solve_board(board)}


def test_22A_after_second_hand_low_south_draws_trumps_before_the_hearts():
    """West plays low on the ♥Q: South has 2 tricks (♦A, ♥Q). Only a trump now gives South 10 in
    all; a heart first lets West ruff the third heart (9). The hand record and the page say so."""
    set_deal = named("22A")
    after = _solve_after(set_deal.deal, Suit.SPADES, Seat.W, ["♦J", "♦Q", "♦K", "♦A", "♥Q", "♥5", "♥3", "♥6"])
    assert {card: 2 + more for card, more in after.items() if card.startswith("♠")} == dict.fromkeys(
        ("♠8", "♠9", "♠10", "♠J", "♠Q", "♠K"), 10)
    assert all(2 + more == 9 for card, more in after.items() if not card.startswith("♠"))
    assert "South draws trumps first (West would ruff the third heart)" in set_deal.why
    assert "cashing winners" not in set_deal.why
    for edition, words in (("22_covering_and_discards", "South draws your trumps. Then dummy's ♥A wins"),
                           ("ja/22_covering_and_discards", "をぬいてから、ダミーの♥Aで勝ち")):
        cells = json.loads((NOTEBOOKS / f"{edition}.ipynb").read_text(encoding="utf-8"))["cells"]
        assert words in "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"), edition


def test_20B_after_the_ace_at_once_only_easts_heart_back_beats_it_and_the_notes_tell_east():
    """Readers (club teachers): where South wins the ♥A at once, the wrong line fails only if East,
    on winning the ♦A, leads a heart back (8 tricks); any other card gives South 11. The course does
    not teach returning partner's suit, so the notes tell each East, as lesson 10's do."""
    after = _solve_after(named("20B").deal, None, Seat.W, ["♥K", "♥4", "♥2", "♥A", "♦Q", "♦2", "♦3", "♦A"])
    south = {card: 13 - (1 + tricks) for card, tricks in after.items()}  # E–W: the ♦A, then the tricks to come
    assert {card: n for card, n in south.items() if card.startswith("♥")} == {"♥7": 8, "♥5": 8}
    assert set(n for card, n in south.items() if not card.startswith("♥")) == {11}
    for edition, words in (("20_losers_and_the_hold_up", "East wins the first diamond with the ♦A and must lead a heart"),
                           ("ja/20_losers_and_the_hold_up", "東は1回目のダイヤを♦Aで勝って、すぐにハートを返します")):
        cells = json.loads((NOTEBOOKS / f"{edition}.ipynb").read_text(encoding="utf-8"))["cells"]
        notes = "".join("".join(c["source"]) for c in cells if "teacher" in c["metadata"].get("tags", []))
        assert words.replace("\n", " ") in " ".join(notes.split("\n")), edition
    # and East's slip says it, so a table with real cards needs no one to remember (reader r9)
    from cardlib import messages
    from teacher.curtain_cards import defenders_next

    for language in ("en", "ja"):
        messages.set_language(language)
        try:
            line = defenders_next(named("20B"), Seat.E)
            assert "♦A" in line and ("heart" in line or "ハート" in line), line
        finally:
            messages.set_language("en")


def test_20A_south_stops_drawing_trumps_when_theirs_are_gone_and_keeps_one_for_easts_heart_jack():
    """Reader (a teacher): after ♥A K Q, East's ♥J is a winner. West wins the ♠A, cashes the ♦Q and
    forces South with the ♦J; South draws East's last trumps and has one left. A South who leads it
    too (every trump, out of habit) loses the ♣A and then the ♥J: 9 tricks; a South who stops and
    knocks out the ♣A ruffs the ♥J: 10. The page, the notes and the hand record say to keep one."""
    line = ["♦K", "♦8", "♦2", "♦A", "♥2", "♥3", "♥A", "♥8", "♥K", "♥9", "♥7", "♥4", "♥Q", "♥10", "♦4", "♥5",
            "♠8", "♠2", "♠K", "♠A", "♦Q", "♦7", "♦5", "♦6", "♦J", "♦3", "♦9", "♠Q", "♠J", "♠7", "♠6", "♠3",
            "♠10", "♥6", "♠4", "♠5"]  # South has won 7 tricks and leads: ♠9 ♣K Q J; E–W have no trump
    deal = named("20A").deal
    after = _solve_after(deal, Suit.SPADES, Seat.W, line)
    assert {card: 7 + more for card, more in after.items()} == {"♠9": 9, "♣K": 10, "♣Q": 10, "♣J": 10}
    assert "until theirs are gone, keeping one to ruff East's ♥J" in named("20A").why
    for edition, page, notes in (("20_losers_and_the_hold_up", "Then draw trumps until theirs are gone. Keep one for East's ♥J.",
                                  "stop when theirs are gone"),
                                 ("ja/20_losers_and_the_hold_up", "東の♥Jのために1まいのこします", "東の♥Jのために1まいのこす")):
        cells = json.loads((NOTEBOOKS / f"{edition}.ipynb").read_text(encoding="utf-8"))["cells"]
        pupils = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"
                         and "teacher" not in c["metadata"].get("tags", []))
        teachers = "".join("".join(c["source"]) for c in cells if "teacher" in c["metadata"].get("tags", []))
        assert page in pupils and notes in teachers, edition
    from cardlib import messages
    import teacher  # noqa: F401  (registers the hand records' words)
    assert "東の♥Jをラフする1まいをのこす" in messages.texts("ja")["desk_why_20A"]


def test_22A_only_a_diamond_lead_lets_the_cover_decide_and_each_west_is_told_to_lead_the_jack():
    """Readers (club teachers): West's ♣10 is also the top of a sequence, and after it South takes
    10 tricks whatever West plays on the ♥Q; after a diamond, 9 (the cover). The hand record, the
    plan and the notes tell each West to lead the ♦J, as the page does."""
    set_deal = named("22A")
    south = {card: 13 - tricks for card, tricks in _solve_after(set_deal.deal, Suit.SPADES, Seat.W, []).items()}
    assert {n for card, n in south.items() if card.startswith("♦")} == {9}
    assert {n for card, n in south.items() if not card.startswith("♦")} == {10}
    assert "Tell each West to lead the ♦J: after a club lead South takes 10 tricks" in set_deal.why
    assert "tell West: lead the ♦J" in say("plan_22_deal_a")
    for edition, words in (("22_covering_and_discards", "tell each West: lead the ♦J"),
                           ("ja/22_covering_and_discards", "22Aの西には「画面と同じように♦Jをリードする」")):
        cells = json.loads((NOTEBOOKS / f"{edition}.ipynb").read_text(encoding="utf-8"))["cells"]
        notes = "".join("".join(c["source"]) for c in cells if "teacher" in c["metadata"].get("tags", []))
        assert words in notes, edition


def test_13B_takes_8_tricks_in_spades_after_any_lead_but_a_heart_and_9_after_a_heart():
    """Reader T: the hand record said "exactly 8 tricks in spades", but a club West with ♥A J 9 6 3 2
    often leads a heart, and then South's ♥K wins a trick: 9. The hand record and the notes now say
    which lead gives which (the computer's West leads the ♣2: 8)."""
    set_deal = named("13B")
    deal = set_deal.deal
    after = _solve_after(deal, Suit.SPADES, Seat.W, [])  # West's side's tricks for each opening lead
    south = {card: 13 - tricks for card, tricks in after.items()}
    assert {card: n for card, n in south.items() if card.startswith("♥")} == dict.fromkeys(
        [str(c) for c in deal[Seat.W].suit(Suit.HEARTS)], 9)
    assert set(n for card, n in south.items() if not card.startswith("♥")) == {8}
    assert str(opening_lead(deal[Seat.W], Suit.SPADES).card) == "♣2"
    assert "exactly 8" not in set_deal.why
    assert ("after a spade, a diamond or a club lead (the computer's West leads the ♣2); after a heart lead "
            "South's ♥K wins a trick, and South takes 9") in set_deal.why


def test_22_hand_records_tell_south_the_contract():
    """South is a pupil and chooses the contract at real tables: 22A makes NT game too (where the
    cover is not the point), so each hand record tells South what to play."""
    assert dd_tricks(named("22A").deal, Seat.S, None) == 9 == Contract("NT game").tricks_needed
    assert "tell each South to play ♠ game" in named("22A").why
    assert "Tell each South to play NT game" in named("22B").why


def test_22B_hand_record_names_the_discards_the_rule_throws():
    """The hand record's three discards are discard()'s, and each says "not this suit"."""
    why = named("22B").why
    found = re.search(r"throws away three low cards: the (♠\d+), then the (♥\d+) and (♥\d+)", why)
    assert found, why
    west = [c for c in named("22B").deal[Seat.W].cards if str(c) not in ("♣K", "♦3", "♦2")]
    thrown = []
    for _ in range(3):
        card = discard(Hand(west), "♦")
        thrown.append(str(card))
        west.remove(card)
    assert list(found.groups()) == thrown and all(discard_says(c) == "not_this" for c in thrown)
