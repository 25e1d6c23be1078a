"""Seams a child would notice between lessons: a rule taught one way and used another, a lesson
that promises what its quiz never asks, two scoring systems in one edition, a guess quizzed as a
fact, and two words for one thing (issue 18, item 3)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlib import messages
from cardlib.messages import say
from cardlib.minibridge import suggest_contract, sure_tricks
from exercises.course import COURSE, lesson_of
from exercises.kinds import make_question
import teacher  # noqa: F401  (registers the teacher's words: the contract card's steps are its)

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = {"en": ROOT / "notebooks", "ja": ROOT / "notebooks" / "ja"}
# The word lesson 1 teaches for a trick that cannot be lost, in each edition.
SURE_TRICK = {"en": "sure trick", "ja": "かならず取れるトリック"}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    messages.set_language("en")


def pupils_markdown(edition: str, notebook: str) -> list[str]:
    """The markdown a pupil reads (the teacher's cells left out), one string per cell."""
    cells = json.loads((EDITIONS[edition] / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells
            if c["cell_type"] == "markdown" and "teacher" not in c["metadata"].get("tags", [])]


def pupils_code(edition: str, notebook: str) -> list[str]:
    cells = json.loads((EDITIONS[edition] / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells
            if c["cell_type"] == "code" and "teacher" not in c["metadata"].get("tags", [])]


# --- the sure-trick rule: taught whole in lesson 1, asked there, named again in lesson 7 --------

@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_1_quiz_asks_the_sure_tricks_it_promises(edition):
    messages.set_language(edition)
    promise = pupils_markdown(edition, "01_tricks")[0]  # "You will learn: ... sure tricks"
    assert SURE_TRICK[edition] in promise or "sure tricks" in promise
    questions = lesson_of(1).quiz().questions
    sure = [q for q in questions if q.kind.startswith("sure_winners")]
    assert sure, [q.kind for q in questions]
    assert all(SURE_TRICK[edition] in q.prompt for q in sure), [q.prompt for q in sure]


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_1_teaches_the_whole_rule_its_questions_use(edition):
    # The rule's second step: partners' ♠A K and ♠Q J make 2 sure tricks, not 4. A lesson 1
    # question whose answer needs that step must find it in lesson 1's own text.
    assert sure_tricks("♠AK", "♠QJ", "♠") == 2
    text = "\n".join(pupils_markdown(edition, "01_tricks"))
    assert ("♠A K" in text and "♠Q J" in text and ("2 sure tricks, not 4" in text or "4つではなく2つ" in text))
    needs_it = [q for q in (make_question("sure_winners", seed) for seed in range(200))
                if any(slip.code == "length_limit" for slip in q.slips)]
    assert needs_it, "lesson 1's kind of question asks the second step too"


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_7_counts_sure_winners_by_lesson_1s_rule_and_says_so(edition):
    text = "\n".join(pupils_markdown(edition, "07_long_suits"))
    assert "lesson 1" in text.lower() or "レッスン1" in text
    assert SURE_TRICK[edition] in text



# The other English words found for the same count: lessons 7-9 and 20 said "sure winners" (and
# "counting winners" for the maths) while lesson 1, the quiz and the kinds said "sure tricks"; the
# Japanese says かならず取れるトリック in every lesson. Lesson 1's word is the one: it
# teaches it first (its "sure trick" section), and the quiz and the kinds use it.
OTHER_SURE_WORDS = {"en": re.compile(r"sure winners?|counting winners", re.I),
                    "ja": re.compile(r"かならず勝てるトリック")}
COUNTS_SURE_TRICKS = ("01_tricks", "07_long_suits", "08_trumps_in_play", "09_entries_and_finesses",
                      "20_losers_and_the_hold_up")


@pytest.mark.parametrize("edition", EDITIONS)
def test_one_word_for_sure_tricks_in_every_lesson_message_note_and_printout(edition):
    import card_tables, shared_tables  # noqa: F401  (their words too)
    from exercises.glossary import GLOSSARY
    from exercises.set_deals import SET_DEALS

    other = OTHER_SURE_WORDS[edition]
    for notebook in sorted(p.stem for p in EDITIONS[edition].glob("*.ipynb")):
        cells = json.loads((EDITIONS[edition] / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
        said = [m.group(0) for c in cells for m in other.finditer("".join(c["source"]))]  # the code cells' words too
        assert not said, (notebook, said)
    for notebook in COUNTS_SURE_TRICKS:
        assert SURE_TRICK[edition] in "\n".join(pupils_markdown(edition, notebook)).lower(), notebook  # "Sure tricks: ..."
    messages.set_language(edition)
    said = {key: text for key, text in messages._table(edition).items() if other.search(text)}
    assert not said, said
    assert not [term.word for term in GLOSSARY if other.search(term.word + term.meaning + term.example)]
    assert SURE_TRICK[edition] in [term.word for term in GLOSSARY]
    notes = [say(f"desk_why_{deal.name}") for deals in SET_DEALS.values() for deal in deals]  # the hand records' notes
    assert notes and not [note for note in notes if other.search(note)]
    if edition == "en":
        assert not [deal.why for deals in SET_DEALS.values() for deal in deals if other.search(deal.why)]
        assert not other.search((ROOT / "README.md").read_text(encoding="utf-8"))
        assert make_question("sure_winners:hands", 1).prompt.startswith("No trumps. How many sure tricks")

# --- one scoring system per edition ------------------------------------------------------------

MINUS_SCORE = re.compile(r"(?<![\d\s])[−-]\d{2,}|(?<=\s)−\d{2,}")  # "−200", not "13 − 8" or "21-22"


@pytest.mark.parametrize("notebook", [lesson.notebook for lesson in COURSE if not lesson.extension
                                      and (EDITIONS["en"] / f"{lesson.notebook}.ipynb").exists()])
def test_the_english_edition_never_shows_pupils_a_minus_score(notebook):
    # Its rules (the English schools') give the defenders the points: nobody writes a minus.
    for text in pupils_markdown("en", notebook):
        assert not MINUS_SCORE.search(text), text
    for code in pupils_code("en", notebook):  # the code cells show the same in both editions
        assert 'rules="club"' not in code and '"score:club"' not in code, code


def test_each_edition_scores_lesson_6_by_its_own_rules_only():
    english = "\n".join(pupils_markdown("en", "06_scoring"))
    assert "Nobody writes a minus" in english and "500" not in english and "club's" not in english
    japanese = "\n".join(pupils_markdown("ja", "06_scoring"))
    # the club's 100 a trick short, in the defenders' column as lesson 21's traveller (docs/rules.md
    # §1.6): no minus in either edition; and never the schools' bonus
    assert "東西の列に 200" in japanese and not MINUS_SCORE.search(japanese) and "300" not in japanese


# --- a guess is asked as a guess; the advice and the quiz agree ---------------------------------

@pytest.mark.parametrize("edition, guide", [("en", "rule of thumb"), ("ja", "目安")])
def test_points_to_tricks_asks_what_the_rule_of_thumb_says(edition, guide):
    messages.set_language(edition)
    prompts = {make_question("points_to_tricks", seed).prompt for seed in range(20)}
    assert len(prompts) > 2 and all(guide in prompt for prompt in prompts), prompts
    assert guide in "\n".join(pupils_markdown(edition, "05_choosing_the_contract"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_5_says_why_no_trumps_beats_the_minor_games_its_quiz_asks(edition):
    messages.set_language(edition)
    quizzed = {q.prompt for q in lesson_of(5).quiz().questions if q.kind == "tricks_needed"}
    assert quizzed  # the quiz asks how many tricks contracts need, a minor's 11 among them
    no_fit = next(text for text in pupils_markdown(edition, "05_choosing_the_contract")
                  if "ノートランプ</b>でプレイします" in text or "play in **no trumps**" in text)
    assert "11" in no_fit and "9" in no_fit


@pytest.mark.parametrize("edition, lesson_2, lesson_5", [
    ("en", "the suit where your side has the most cards", "This replaces lesson 2's rule (most cards): trumps need a golden fit."),
    ("ja", "北と南の2人でいちばん多いスーツを", "レッスン2のルール（いちばん多いスーツ）がかわり")])
def test_lesson_5_says_its_golden_fit_replaces_lesson_2s_most_cards(edition, lesson_2, lesson_5):
    """Lesson 2 chooses the suit with the most cards; lesson 5 plays no trumps without a golden fit
    (deal 5B: 7 spades, 7 hearts): lesson 5 says it changes the rule."""
    from cardlib import Seat, Suit
    from cardlib.minibridge import Contract

    deal_b = lesson_of(5).deals[1].deal
    assert max(deal_b.length("NS", suit) for suit in Suit) == 7
    assert suggest_contract(deal_b[Seat.S], deal_b[Seat.N]).contract == Contract("NT game")
    assert lesson_2 in "\n".join(pupils_markdown(edition, "02_trumps"))
    assert lesson_5 in "\n".join(pupils_markdown(edition, "05_choosing_the_contract"))


# --- one word for one thing ---------------------------------------------------------------------

def english_catalogue() -> dict[str, str]:
    messages.set_language("en")
    return dict(messages._table("en"))


def test_a_side_is_asked_with_do_and_have_everywhere():
    singular = re.compile(r"\{side\} (has|is|does|scores|plays|takes|needs)\b|\b(does|has|is) \{side\}(?!')")
    wrong = {key: text for key, text in english_catalogue().items() if singular.search(text)}
    assert not wrong, wrong
    messages.set_language("en")
    assert say("ex_side_prompt", side="N–S") == "How many points do N–S have together?"
    assert make_question("score", seed=1).prompt.endswith("score?") and " do " in make_question("score", seed=1).prompt


def test_the_contract_card_says_promise_as_the_course_does():
    messages.set_language("en")
    step = say("desk_step_level", points=25)
    assert "promise a game" in step and "bid" not in step


# The words lesson 5 teaches for "25 points or more: the big contract", in each edition.
PROMISE_GAME = {"en": "promise a game", "ja": "ゲームをやくそく"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_coach_and_the_hint_say_game_in_lesson_5s_words(edition):
    assert any(PROMISE_GAME[edition] in text for text in pupils_markdown(edition, "05_choosing_the_contract"))
    messages.set_language(edition)
    tip = suggest_contract("♠AK1032 ♥K32 ♦Q52 ♣J2", "♠QJ4 ♥AQ5 ♦K43 ♣Q1098")
    assert PROMISE_GAME[edition] in tip.reasons[-1]
    assert PROMISE_GAME[edition] in say("ex_contract_hint")
    assert PROMISE_GAME[edition] in say("desk_step_level", points=25)
    others = {"en": ("choose game", "choose a game"), "ja": ("ゲームをえらび", "ゲームにします")}[edition]
    said = [text for text in messages._table(edition).values() if any(word in text for word in others)]
    assert not said, said


# --- sentences that state a rule of play, proved against cardlib (issue 27, section 2) --------------

def every_text(edition: str, notebook: str) -> str:
    """All the markdown of a notebook, the teacher's cells too."""
    cells = json.loads((EDITIONS[edition] / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


NOTEBOOKS = [lesson.notebook for lesson in COURSE if (EDITIONS["en"] / f"{lesson.notebook}.ipynb").exists()]
LEAD_BEFORE_DUMMY = {"en": re.compile(r"lead comes before dummy|before dummy goes down|leads and dummy lays"),
                     "ja": re.compile(r"ダミーのカードが開かれる前|リードし、ダミーは")}
DUMMY_SHOWN_FIRST = {"en": "First dummy's cards go face up on the table. Then West leads",
                     "ja": "まずダミーのカードが表向きに開かれます。それから西がリードします。"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_dummy_goes_down_before_the_opening_lead_as_the_table_plays_it(edition):
    from cardlib import Deal, Seat
    from cardlib.minibridge import start_play

    table = start_play(Deal.random(seed=3), Seat.S, "NT game")
    assert table.to_play is Seat.W and not table.plays and table.can_see(Seat.W, Seat.N)  # the leader sees dummy
    assert DUMMY_SHOWN_FIRST[edition] in every_text(edition, "10_the_opening_lead")
    for notebook in NOTEBOOKS:
        assert not LEAD_BEFORE_DUMMY[edition].search(every_text(edition, notebook)), notebook


BRIDGE_ORDER = {"en": ("East, on North's left, leads first; then dummy's cards go face up.",
                       "The table on\nthe screen plays it in that order, and so do the real tables."),
                "ja": ("北の左の東がリードします。そのあとで、ダミーのカードを表にします。",
                       "画面のテーブルもこの順番で、本物のカードのテーブルも同じです。")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_13s_bridge_table_has_the_opening_lead_first_then_dummy_face_up(edition):
    """Lesson 13's notes said bridge leads first and dummy goes down after, while its table showed
    dummy before the lead and the notes let the real tables do the same (MiniBridge's order): a
    pupil going on to a bridge club would lay dummy down too soon. The table now plays bridge's
    order, and the page and the notes say so."""
    from cardlib import Seat
    from cardlib.auction import start_play
    from cardlib.bots import auction_by_the_rules
    from exercises.tables import table_for
    from tests.lesson_tools import deal_named

    for name in ("13A", "13B"):
        deal = deal_named(name).deal
        game = start_play(deal, auction_by_the_rules(deal))
        leader = game.declarer.left
        assert game.to_play is leader and not any(game.can_see(s, game.dummy) for s in Seat if s != game.dummy)
        game.play(game.legal_plays()[0])
        assert all(game.can_see(s, game.dummy) for s in Seat)
    table = table_for(deal_named("13B"), pace=0)  # the pupil South opens 1♠ and passes; North raises
    for call in ("1♠", "pass"):
        table.call(call)
    assert table.game is not None and table.game.plays[0][0] is Seat.W  # the computer's West has led
    hands = table.visible_hands(table.pupil_seats | {table.pupil})
    assert isinstance(hands[Seat.N], list) and isinstance(hands[Seat.E], int)  # dummy is up, East hidden
    page, notes = BRIDGE_ORDER[edition]
    assert page in "\n".join(pupils_markdown(edition, "13_bidding"))
    assert notes in every_text(edition, "13_bidding")



# Reader se: lesson 13's notes said "Print the hand records of 13A and 13B and make up one set of
# boards per table" and "For the free play, the tables deal their own cards", while its plan plays
# only 13A in class (13B and the free play are for a club session): seven boards made up for nothing.
BOARDS_BEFORE_13 = {"en": ("make up one board of 13A per table", "13B is for a club session or home",
                           "In a club session's free play"),
                    "ja": ("4人のテーブルごとに13Aのボードを作ります", "13Bはクラブ活動か家で", "クラブ活動の自由プレイでは")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_13s_notes_make_up_the_boards_its_plan_plays_in_class_and_leave_the_rest_to_a_club(edition):
    from exercises.plans import plan_of

    plan = plan_of(13, edition)
    assert [deal for deal, _ in plan.class_boards] == ["A"] and "B" in plan.later_boards
    assert not any(s.kind == "deal" for _, s in plan.in_class), plan.in_class  # the free play: a club session
    notes = every_text(edition, "13_bidding")
    for said in BOARDS_BEFORE_13[edition]:
        assert said in notes.replace("\n", " "), said
    assert "13A and 13B" not in notes and "13Aと13B" not in notes and "For the free play" not in notes


def test_13s_opening_bid_promises_four_or_more_cards_by_the_lessons_rule():
    """Lesson 13 says "An opening bid promises 4 or more cards" (and its answers count "the four the
    opening promises"): the rule opens the longest suit, and 13 cards in 4 suits always have one of 4
    or more. Proved on the rule as the table's computer plays it, for every hand that opens."""
    from cardlib import Deal
    from cardlib.auction import PASS, Auction
    from cardlib.bots import call_by_the_rules

    opened = 0
    for seed in range(300):
        for hand in Deal.random(seed=seed).hands.values():
            call = call_by_the_rules(hand, Auction("N"))
            assert (call == PASS) == (hand.hcp < 12), (hand, call)
            if call != PASS:
                opened += 1
                assert call.level == 1 and hand.length(call.denomination) >= 4, (hand, call)
                assert hand.length(call.denomination) == max(hand.length(s) for s in "♠♥♦♣")
    assert opened > 100 and -(-13 // 4) == 4  # 13 cards in 4 suits: one suit holds 4 or more
    for edition, said in (("en", "An opening bid promises 4 or more cards."), ("ja", "オープンは、そのスーツを4まいか、それより多く持っているというやくそくです。")):
        assert said in "\n".join(pupils_markdown(edition, "13_bidding"))


@pytest.mark.parametrize("edition, mistake", [
    ("en", "Bidding your own suit after the other side opens, like West's five spades and 10 points in 13A: "
           "someone has bid and partner did not open, so neither rule fits: pass."),
    ("ja", "相手のペアがオープンしたあと、自分のスーツをビッドする（13Aの西はスペード5枚と10点）：もうビッドがあり、"
           "パートナーはオープンしていないので、どちらのルールにも合いません。パスします。")])
def test_13s_notes_say_pass_after_the_other_side_opens_as_the_two_rules_do(edition, mistake):
    """A club teacher read lesson 13: at real tables 13A's West, with five spades and 10 points,
    wants to bid 1♠ over North's 1♥, which leaves the lesson's auction (1♥ Pass 2♥ Pass Pass Pass)
    and the class's results. The notes' common mistakes now say what the two rules say: after the
    other side opens neither rule fits, so pass. Proved on the rules as the table's computer calls."""
    from cardlib import Seat
    from cardlib.auction import PASS, Auction
    from cardlib.bots import auction_by_the_rules, call_by_the_rules

    deal = lesson_of(13).deals[0].deal
    west = deal[Seat.W]
    assert deal.dealer is Seat.N and west.hcp == 10 and west.length("♠") == 5
    assert [str(call) for _, call in auction_by_the_rules(deal).calls] == ["1♥", "pass", "2♥", "pass", "pass", "pass"]
    auction = Auction("N")
    auction.call("1♥"); auction.call("pass"); auction.call("2♥")
    assert call_by_the_rules(west, auction) == PASS
    cells = json.loads((EDITIONS[edition] / "13_bidding.ipynb").read_text(encoding="utf-8"))["cells"]
    notes = "\n".join("".join(c["source"]) for c in cells if "teacher" in c["metadata"].get("tags", []))
    assert mistake in notes


@pytest.mark.parametrize("edition", EDITIONS)
def test_13s_fast_pupils_score_a_bid_by_its_tricks_not_as_a_minibridge_partscore(edition):
    """Reader se: lesson 13's notes had fast pupils score the auction's contract "with lesson 6's
    table", whose partscore makes with 7 tricks; 2♥ needs 8, and the table on the screen (cardlib's
    AuctionPlay) scores 2♥ with 7 tricks 1 down. The notes now say so, and cardlib agrees."""
    from cardlib import Deal, bots, minibridge
    from cardlib.auction import Auction, Bid, start_play

    assert Bid("2♥").tricks_needed == 6 + 2 == 8 and not Bid("2♥").made(7) and Bid("2♥").made(8)
    rules = minibridge.edition_rules(edition)
    assert minibridge.score("♥ partscore", 7, rules) > 0  # lesson 6's table alone would call 7 tricks made
    for seed in range(6):
        auction = Auction("N")
        for call in ("2♥", "pass", "pass", "pass"):
            auction.call(call)
        game = bots.play_out(start_play(Deal.random(seed=seed), auction), bots.make("minibridge", "club"))
        tricks = game.declarer_tricks
        assert game.score(rules) == (-rules.per_trick_short * (8 - tricks) if tricks < 8
                                     else minibridge.score("♥ partscore", tricks, rules))
    said = {"en": "2♥ with 7 tricks is 1 down", "ja": "2♥で7トリックなら、パートスコアのメイクではなく1ダウン"}[edition]
    assert said in every_text(edition, "13_bidding").replace("\n", " ")


# Reader: fast pupils score free-play auctions, but the notes did not say which bids are game.
# Reader r11: "3NT, 4♥, 4♠, 5♣, 5♦ or higher" reads as if 4♣ (above 3NT) were a game: each strain says its own level.
GAME_BIDS = {"en": "A game bid ({nt} or higher in NT, {h} or higher in ♥ or ♠, {c} or higher in ♣ or ♦: {nt_tricks}, "
                   "{h_tricks} and {c_tricks} tricks, lesson 6's games) takes the game bonus when made; a lower bid, "
                   "the partscore bonus.",
             "ja": "メイクしてゲームのボーナスになるのは、NTはレベル{nt}から、♥と♠はレベル{h}から、♣と♦はレベル{c}からのビッドです"
                   "（レッスン6のゲームと同じ{nt_tricks}、{h_tricks}、{c_tricks}トリック）。それより下は、パートスコアのボーナスです。"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_13s_notes_name_the_game_bids_cardlibs_scoring_gives_the_game_bonus(edition):
    """The game bids in lesson 13's notes are worked out here from the table's own scoring
    (AuctionPlay.score, made with exactly the tricks bid, less the trick points): in each strain the
    lowest level whose bonus is the game bonus, every level above it too; and they need the tricks
    of lesson 6's game contracts."""
    from types import SimpleNamespace

    from cardlib import Suit, minibridge
    from cardlib.auction import AuctionPlay, Bid

    rules = minibridge.edition_rules(edition)
    lowest, tricks = {}, {}
    for strain, name in ((None, "NT"), (Suit.HEARTS, "♥"), (Suit.SPADES, "♠"), (Suit.CLUBS, "♣"), (Suit.DIAMONDS, "♦")):
        bonuses = []
        for level in range(1, 8):
            bid = Bid(level, strain)
            made = AuctionPlay.score(SimpleNamespace(contract=bid, declarer_tricks=bid.tricks_needed), rules)
            bonuses.append(made - minibridge.trick_points(strain, level))
        assert set(bonuses) == {rules.partscore_bonus, rules.game_bonus}, (name, bonuses)
        first = bonuses.index(rules.game_bonus)
        assert bonuses == [rules.partscore_bonus] * first + [rules.game_bonus] * (7 - first), (name, bonuses)
        lowest[name] = first + 1
        tricks[name] = Bid(first + 1, strain).tricks_needed
        assert minibridge.Contract.parse(f"{name} game").tricks_needed == tricks[name]  # lesson 6's game
    said = GAME_BIDS[edition].format(nt=lowest["NT"], h=lowest["♥"], s=lowest["♠"], c=lowest["♣"], d=lowest["♦"],
                                     nt_tricks=tricks["NT"], h_tricks=tricks["♥"], c_tricks=tricks["♣"])
    assert (lowest["♥"], lowest["♣"]) == (lowest["♠"], lowest["♦"])  # one level for both majors, both minors
    assert (tricks["♥"], tricks["♣"]) == (tricks["♠"], tricks["♦"])
    assert said in every_text(edition, "13_bidding").replace("\n", " ")


# Lesson 4 put the trumps on dummy's right as dummy laid the cards down; lesson 5 has declarer
# see dummy first and name the trumps after. Both now say it in that order.
TRUMPS_AFTER_NAMING = {"en": ("Once declarer names trumps, they go on dummy's right", "cards, trumps on dummy's right"),
                       "ja": ("を決めたら、ダミーはそれを右におきます", "全部を表にして、<ruby>切り札")}
CONTRACT_AFTER_DUMMY = {"en": "Declarer sees dummy, then chooses the contract", "ja": "ディクレアラーはダミーを見て、コントラクトをえらびます"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_trumps_go_on_dummys_right_once_declarer_has_seen_dummy_and_named_them(edition):
    from cardlib.minibridge import Round

    hand = Round(number=1)
    assert hand.phase == "contract" and hand.contract is None and hand.to_act is hand.declarer
    said, old = TRUMPS_AFTER_NAMING[edition]
    lesson_4 = pupils_markdown(edition, "04_declarer_and_dummy")
    summary = next(text for text in lesson_4 if text.startswith(("## In short", "## 今日のポイント")))
    assert said in summary, summary
    assert not any(old in text for text in lesson_4)
    assert CONTRACT_AFTER_DUMMY[edition] in "\n".join(pupils_markdown(edition, "05_choosing_the_contract"))

ASKS_FOR_A_SUIT = {"en": re.compile(r"partner asked|asked (you )?(to lead|for a suit)|asks for a suit"),
                   "ja": re.compile(r"出してほしい|「このスーツを出して」|を出してね」と言って")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_nobody_asks_for_a_suit_in_minibridge(edition):
    # Partners say only their points: no lesson, practice question or answer has partner ask.
    for notebook in NOTEBOOKS:
        assert not ASKS_FOR_A_SUIT[edition].search(every_text(edition, notebook)), notebook
    messages.set_language(edition)
    for key, text in messages._table(edition).items():
        if not key.startswith("parlee_"):  # Manille parlée, where the rule book lets partner ask for a lead
            assert not ASKS_FOR_A_SUIT[edition].search(text), key
    leads = [make_question("lead", seed) for seed in range(150)]
    assert all(not ASKS_FOR_A_SUIT[edition].search(q.prompt + q.explanation) for q in leads)


def test_dummy_never_plays_declarer_plays_both_hands_and_the_lessons_say_so():
    from cardlib import Deal, Seat
    from cardlib.minibridge import start_play

    table = start_play(Deal.random(seed=4), Seat.N, "♥ partscore")
    assert table.controller(Seat.S) is Seat.N and table.controller(Seat.N) is Seat.N
    for edition, said in (("en", "At a table North plays both hands"), ("ja", "テーブルでは北が2つの")):
        text = every_text(edition, "13_bidding")
        assert said in text and "You play both hands" not in text
    messages.set_language("en")
    assert "You play both hands" not in say("bidding_you_play_for_declarer", contract="2♥",
                                           declarer="North", dummy="South", leader="East")


def test_every_lead_the_answers_give_against_trumps_keeps_k_q_and_is_from_a_real_suit():
    from cardlib import Card, Hand, Rank
    from cardlib.defence import opening_lead

    assert opening_lead("♠Q J 9 ♥K Q 9 4 2 ♦A Q 3 ♣6 5", "♠").card == Card("♥K")  # not the ♥2
    asked = [make_question("lead", seed) for seed in range(300)] + [
        q for n in (10, 11) for q in lesson_of(n).quiz().questions + lesson_of(n).precheck().questions
        if q.kind.startswith("lead")] + [make_question("lead:tie", seed) for seed in range(100)]
    for q in asked:
        hand = Hand([Card(c) for c in q.picture.rows[0][1][1]])
        card = Card(q.answer)
        cards = hand.suit(card.suit)
        if "trumps" in q.ideas and card.rank != Rank.ACE:
            top, second = cards[0], cards[1] if len(cards) > 1 else None
            touching = second is not None and second.rank >= Rank.JACK and second.rank == top.rank - 1
            assert not touching or card == top, (q.prompt, hand, card)
        if "longest suit" in q.explanation:
            assert len(cards) >= 2, (q.explanation, hand)


TWO_SUITS_AS_LONG = {"en": ("two suits as long", "Lead from the higher suit"),
                     "ja": ("同じ長さのスーツが2つなら", "高いほうのスーツ")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_10_asks_two_suits_as_long_and_the_answer_is_cardlibs(edition):
    """Lesson 10 teaches "two suits as long: the higher suit (♠ ♥ ♦ ♣)" but no question ever had
    two longest suits as long. "lead:tie" does, each time: the card led is cardlib's, from the
    higher of two suits as long that the same rule would lead from; the working says why, and
    leading from the lower one is a named slip. The bare "lead" keeps to one longest suit. The
    quiz (the Japanese class's 3 too), the pre-check and the printed sheet ask it once."""
    from cardlib import Card, Hand, Suit
    from cardlib.defence import opening_lead

    messages.set_language(edition)
    ties, rules = 0, set()
    for seed in range(200):
        q = make_question("lead:tie", seed)
        hand, card = Hand([Card(c) for c in q.picture.rows[0][1][1]]), Card(q.answer)
        trumps = next((s for s in Suit if s.symbol in q.prompt), None)
        assert card == opening_lead(hand, trumps).card and q.right_answer == q.answer, (q.prompt, hand)
        lower = [s for s in Suit if s < card.suit and s is not trumps and hand.length(s) == hand.length(card.suit)]
        slip = q.slips[0]
        assert lower and Card(slip.value).suit in lower and slip.code == "lower_suit", (hand, card, q.slips)
        assert hand.length(card.suit) >= 3
        rules.add(opening_lead(hand, trumps).rule)
        assert all(words in q.explanation for words in TWO_SUITS_AS_LONG[edition]), q.explanation
        assert card.suit.symbol in q.explanation and Card(slip.value).suit.symbol in q.explanation
        ties += 1
    assert ties == 200 and rules == {"fourth", "no_ace"}  # against no trumps and against trumps
    for seed in range(200):  # the bare kind: one longest suit (the rule, not the suits' order, chooses)
        q = make_question("lead", seed)
        hand, card = Hand([Card(c) for c in q.picture.rows[0][1][1]]), Card(q.answer)
        trumps = next((s for s in Suit if s.symbol in q.prompt), None)
        assert card == opening_lead(hand, trumps).card
        assert not any(s is not card.suit and s is not trumps and hand.length(s) == hand.length(card.suit) for s in Suit)
    lesson = lesson_of(10)
    size = lesson.quiz_size_in(edition)
    assert [q.kind for q in lesson.quiz().questions[:size]].count("lead:tie") == 1
    assert [q.kind for q in lesson.precheck().questions].count("lead:tie") == 1
    assert [q.kind for q in lesson.practice_sheet()].count("lead:tie") == 1
    assert "lead:tie" in lesson.practice


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_10s_quiz_asks_rule_3_not_away_from_an_ace_against_trumps(edition):
    """Reader P: lesson 10's exit quiz never asked rule 3 (do not lead away from an ace against
    trumps), which deal B is about, and the Japanese class's 3 were all no-trump leads. The
    "lead:no_ace" kind always asks it: against trumps, a suit headed by its ace with two cards or
    more under it, the answer cardlib's opening lead by rule 3 and the small card under the ace a
    named slip. Both editions' quiz (the Japanese class's first 3 too) ask it once."""
    from cardlib import Card, Hand, Rank, Suit
    from cardlib.defence import opening_lead

    messages.set_language(edition)
    for seed in [*range(100), *("lesson 10:4", "lesson 10:1")]:
        q = make_question("lead:no_ace", seed)
        hand, card = Hand([Card(c) for c in q.picture.rows[0][1][1]]), Card(q.answer)
        trumps = next((s for s in Suit if s.symbol in q.prompt), None)
        assert trumps is not None and q.kind == "lead:no_ace" and "trumps" in q.ideas, q.prompt
        lead = opening_lead(hand, trumps)
        assert lead.card == card and lead.rule == "no_ace" and card.rank != Rank.ACE, (hand, trumps)
        aces = [s for s in Suit if s is not trumps and hand.length(s) >= 3 and hand.suit(s)[0].rank == Rank.ACE]
        assert aces and card.suit not in aces, hand
        away = [sl for sl in q.slips if sl.code == "away_from_ace"]
        assert away and Card(away[0].value).suit in aces and Card(away[0].value) == hand.suit(Card(away[0].value).suit)[-1]
    lesson = lesson_of(10)
    asked = [q for q in lesson.quiz().questions[:lesson.quiz_size_in(edition)] if q.kind == "lead:no_ace"]
    assert len(asked) == 1 and len(lesson.quiz().questions) == lesson.quiz_size_in(edition)
    q = asked[0]
    hand, trumps = Hand([Card(c) for c in q.picture.rows[0][1][1]]), next(s for s in Suit if s.symbol in q.prompt)
    assert Card(q.answer) == opening_lead(hand, trumps).card and opening_lead(hand, trumps).rule == "no_ace"
    words = {"en": "do not lead away from an ace", "ja": "Aのあるスーツから小さいカードを出しません"}[edition]
    assert words in q.explanation, q.explanation


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_leads_working_is_true_of_its_hand(edition):
    """The answer key said "Lead from your longest suit that has no ace" when the trump suit was
    longer, and "once declarer's higher card is gone" above the lead of an ace."""
    from cardlib import Card, Hand, Rank, Suit
    from cardlib.defence import opening_lead

    # opening_lead never leads from the trump suit, however long: the working must say so
    assert opening_lead("♠K 3 ♥Q J 10 3 ♦10 7 ♣A 8 7 3 2", "♥").card == Card("♠K")
    messages.set_language(edition)
    not_trumps = {"en": "has no ace and is not trumps", "ja": "でもない、いちばん長いスーツ"}[edition]
    higher = {"en": "declarer's higher card", "ja": "ディクレアラーの大きいカード"}[edition]
    seen = set()
    for seed in range(300):
        q = make_question("lead", seed)
        hand, card = Hand([Card(c) for c in q.picture.rows[0][1][1]]), Card(q.answer)
        trumps = next((s for s in Suit if s.symbol in q.prompt), None)  # the contract's suit, if any
        if opening_lead(hand, trumps).rule == "no_ace":
            seen.add("no_ace")
            assert not_trumps in q.explanation, q.explanation
            longer = [s for s in Suit if s is not trumps and len(hand.suit(s)) > len(hand.suit(card.suit))
                      and hand.suit(s)[0].rank != Rank.ACE]
            assert not longer, (q.prompt, hand, card)
        if card.rank == Rank.ACE and len(hand.suit(card.suit)) >= 3 and hand.suit(card.suit)[1].rank == Rank.KING:
            seen.add("ace")
            assert higher not in q.explanation, q.explanation
    assert seen == {"no_ace", "ace"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_8s_summary_ruffs_before_drawing_trumps_as_its_deal_b_does(edition):
    """Lesson 8's "In short" said "draw the defenders' trumps first" over a deal B that goes
    down when trumps are drawn first (lesson 20's deal A too): the summary says when to ruff."""
    from cardlib import Seat, Suit
    from tests.lesson_tools import scripted_play

    deal = lesson_of(8).deals[1].deal  # ♠ game, 10 tricks: ruff a heart in North, then draw trumps
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♥A", "♥2", "♥3", "♠8"]) == 10
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♠A", "♠K", "♠Q"]) == 9  # trumps first: 1 down
    summary = next(t for t in pupils_markdown(edition, "08_trumps_in_play") if t.startswith(("## In short", "## 今日のポイント")))
    first, before = {"en": ("trumps first", "But count your tricks first. Too few: ruff in the hand with fewer trumps before you draw."),
                     "ja": ("まず相手の", "先にトリックを数えます。足りなければ、")}[edition]
    assert first not in summary and before in summary, summary


# Lesson 8's checklist for "draw trumps or ruff first?", in each edition's words: its three steps,
# then the count of each deal.
CHECKLIST = {"en": ("1. **Count** your tricks if you draw trumps now", "2. **Enough:** draw trumps.",
                    "3. **Too few:** find a suit where dummy has fewer cards than you. Ruff there first, then draw trumps.",
                    "5 + 4 + 1 = 10. Enough: draw trumps.", "5 + 1 + 2 + 1 = 9. Too few! Ruff a heart in North: 9 + 1 = 10."),
             "ja": ("1. <b>数える</b>", "2. <b>足りる</b>：", "3. <b>足りない</b>：",
                    "5 + 4 + 1 = 10。10トリックで足ります。", "5 + 1 + 2 + 1 = 9。9トリックでは足りません！")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_8s_checklist_chooses_the_line_that_makes_each_deal(edition):
    """The teacher's reading found no test a child could apply to choose between drawing trumps
    and ruffing first. The checklist (count the tricks with trumps drawn; enough: draw; too few:
    ruff in the short trump hand first) chooses drawing trumps in deal A and a heart ruff first in
    deal B, and in each deal the line it chooses makes the game while the other line of the lesson
    goes down (deal A: diamonds before trumps) or takes fewer tricks (deal B: trumps first)."""
    from cardlib import Seat, Suit
    from cardlib.minibridge import Contract, ruff_first, tricks_with_trumps_drawn
    from tests.lesson_tools import scripted_play

    deal_a, deal_b = (set_deal.deal for set_deal in lesson_of(8).deals)
    needed = Contract(lesson_of(8).deals[0].contract).tricks_needed
    assert needed == Contract(lesson_of(8).deals[1].contract).tricks_needed == 10
    assert tricks_with_trumps_drawn(deal_a[Seat.S], deal_a[Seat.N], "♠") == 10 == needed
    assert not ruff_first(deal_a[Seat.S], deal_a[Seat.N], "♠", needed)  # enough: draw trumps
    assert scripted_play(deal_a, Seat.S, Suit.SPADES, ["♠A", "♠K", "♠Q"]) == 11 >= needed
    assert scripted_play(deal_a, Seat.S, Suit.SPADES, ["♦4", "♦A", "♦K", "♦Q"]) == 9 < needed  # East ruffs a diamond
    assert tricks_with_trumps_drawn(deal_b[Seat.S], deal_b[Seat.N], "♠") == 9 < needed
    assert ruff_first(deal_b[Seat.S], deal_b[Seat.N], "♠", needed)  # too few, and North is short in hearts
    assert scripted_play(deal_b, Seat.S, Suit.SPADES, ["♥A", "♥2", "♥3", "♠8"]) == 10 >= needed
    assert scripted_play(deal_b, Seat.S, Suit.SPADES, ["♠A", "♠K", "♠Q"]) == 9 < needed
    text = "\n".join(pupils_markdown(edition, "08_trumps_in_play"))
    assert all(step in text for step in CHECKLIST[edition]), [step for step in CHECKLIST[edition] if step not in text]
    # the checklist comes after both deals are shown and before the class plays them
    cells = pupils_markdown(edition, "08_trumps_in_play")
    where = next(i for i, t in enumerate(cells) if CHECKLIST[edition][0] in t)
    deal_headings = [i for i, t in enumerate(cells) if re.match(r"## (Deal|ディール) ?[AB]", t)]
    assert deal_headings and where < min(deal_headings)



# Lesson 8's deal A: what its answer and the teacher's notes say of playing diamonds first.
DIAMONDS_FIRST = {"en": ("West leads the ♦5. Which suit do you play next?", "Diamonds again before trumps: East trumps one. 9 tricks, 1 down",
                         "West leads the ♦5; diamonds first: East ruffs the second one, 9 tricks, 1 down."),
                  "ja": ("西は♦5をリードします。次にどのスーツを出しますか？",
                         "<ruby>切り札<rp>（</rp><rt>きりふだ</rt><rp>）</rp></ruby>より先にまたダイヤを出すと、"
                         "東が2回目のダイヤをラフして9トリック、1ダウン。",
                         "西が♦5をリードし、南が先にダイヤを出すと、東が2回目のダイヤをラフし、9トリック、1ダウン。")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_8s_diamonds_first_names_the_lead_that_makes_it_9_tricks(edition):
    """Deal 8A's "diamonds first: East ruffs the second one, 9 tricks, 1 down" held after the ♦5
    lead only: after a club or a heart lead the solver's count was 8 or 10, as declarer won or
    ducked trick 1. The sentences name the lead (West's by lesson 10's rules, the computer's too),
    and after it declarer's best play that leads diamonds again before trumps takes exactly 9,
    East ruffing the second round."""
    from cardlib import Card, Seat, Suit
    from cardlib.defence import opening_lead
    from tests.lesson_tools import suit_first_play

    set_deal = lesson_of(8).deals[0]
    deal = set_deal.deal
    assert opening_lead(deal[Seat.W], Suit.SPADES).card == Card("♦5")
    won, tricks = suit_first_play(deal, Seat.S, Suit.SPADES, "♦5", Suit.DIAMONDS)
    assert won == 9 and 10 - won == 1  # ♠ game needs 10: 1 down
    second = next(trick for trick in tricks[1:] if trick[0][1].suit is Suit.DIAMONDS)
    assert any(seat is Seat.E and card.suit is Suit.SPADES for seat, card in second), second  # East ruffs it
    cells = json.loads((EDITIONS[edition] / "08_trumps_in_play.ipynb").read_text(encoding="utf-8"))["cells"]
    text = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    for sentence in DIAMONDS_FIRST[edition]:
        assert " ".join(sentence.split()) in text, sentence
    assert "♦5" in set_deal.why


def test_lesson_8s_deal_A_on_screen_and_at_real_tables_west_leads_the_diamond_5():
    """Reader Q: a pupil West at a real table has not learnt leads yet (lesson 10), and after a ♣K
    lead diamonds first takes 8 tricks, not the page's 9. The set deal's script is West's ♦5, which
    the curtain cards print; on screen the computer's West leads it too, and when the pupil plays
    diamonds again (dummy's ♦A, then the ♦K) the computer's East trumps the second one, as the page says."""
    from cardlib import Card, Seat, Suit
    from exercises.tables import table_for
    from tests.lesson_tools import scripted_play

    set_deal = lesson_of(8).deals[0]
    assert set_deal.script == "♦5"
    table = table_for(set_deal, pace=0)
    game = table.game
    assert table.pupil_seat is Seat.S and table.declarer is Seat.S
    assert [(s, str(c)) for s, c in game.plays] == [(Seat.W, "♦5")] and table.pupil_to_play()
    for card in ("♦A", "♦2", "♦K"):  # dummy's ♦A wins, and North leads the ♦K before trumps
        table.play_card(Card(card))
        table.after_card()
    second = game.tricks[1].plays if len(game.tricks) > 1 else list(game.current)
    assert second[0] == (Seat.N, Card("♦K"))
    assert second[1][0] is Seat.E and second[1][1].suit is Suit.SPADES  # East trumps it
    # the script is why: after a ♣K lead diamonds first takes only 8, after the ♦5 it is 9
    # (the ♣K won by the ♣A, a diamond to the ♦A, the ♦K ruffed; the rest best play by all four)
    deal = set_deal.deal
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♣A", "♦2", "♦A", "♦K"], "♣K") == 8
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♦A", "♦2", "♦K"], "♦5") == 9


def play_8B_on_screen(first: list[str]):
    """Lesson 8's table for deal B, the pupil declaring: on lead, the next card of ``first`` that
    is legal, else (and when following) the solver's best card. Returns the table."""
    from cardlib import Card
    from exercises.tables import table_for
    from tests.lesson_tools import _ecard, endplay

    types, dds = endplay()
    set_deal = lesson_of(8).deals[1]
    table = table_for(set_deal, pace=0)
    game, first = table.game, [Card(c) for c in first]
    board = types.Deal(set_deal.deal.to_pbn())
    board.trump, board.first = types.Denom.spades, types.Player.west
    done = 0
    while True:
        plays = [c for t in game.tricks for _, c in t.plays] + [c for _, c in game.current]
        for card in plays[done:]:
            board.play(_ecard(types, str(card)))
        done = len(plays)
        if game.is_over:
            return table
        assert table.pupil_to_play()
        legal = game.legal_plays()
        mine = [c for c in first if c in legal]
        if mine:
            card = mine[0]
            first.remove(card)
        else:
            results = list(dds.solve_board(board))
            best = max(t for _, t in results)
            card = next(c for c in legal if _ecard(types, str(c)) == next(e for e, t in results if t == best))
        table.play_card(card)
        table.after_card()


@pytest.mark.parametrize("edition, lead, trumps_first", [
    ("en", "West leads the ♦Q. If you then play ♠A, ♠K and ♠Q", "Half the tables play this deal. West leads the ♦Q."),
    ("ja", "西は♦Qをリードします。先に♠A、♠K、♠Qを出すと", "半分のテーブルがこのディールをプレイします。西は♦Qをリードします。")])
def test_lesson_8s_deal_B_trumps_first_takes_9_after_the_diamond_queen_lead_the_tables_make(edition, lead, trumps_first):
    """Reader Q: deal B's "draw trumps first ... you take only 9 tricks" held after a heart or a
    diamond lead only; after any club lead (or a spade) the solver gives declarer 10 with trumps
    drawn first. West's lead is now the set deal's script, the ♦Q (top of ♦Q J 10, lesson 10's
    card), which the curtain cards print and the screen plays; the pages name it."""
    from cardlib import Seat, Suit
    from cardlib.defence import opening_lead
    from tests.lesson_tools import suit_first_play

    set_deal = lesson_of(8).deals[1]
    deal = set_deal.deal
    assert set_deal.script == "♦Q" == str(opening_lead(deal[Seat.W], Suit.SPADES).card)
    for card in ("♦Q", "♥6", "♥9"):  # West wins no trick 1: declarer draws three rounds of trumps
        assert suit_first_play(deal, Seat.S, Suit.SPADES, card, Suit.SPADES, rounds=3)[0] == 9, card
    for card in ("♣2", "♣K", "♠3"):  # why the tables are told the lead
        assert suit_first_play(deal, Seat.S, Suit.SPADES, card, Suit.SPADES, rounds=3)[0] == 10, card
    # on screen: the computer's West leads the ♦Q; trumps first takes 9, the heart ruff 10
    trumps = play_8B_on_screen(["♦A", "♠A", "♠K", "♠Q"])
    assert str(trumps.game.tricks[0].plays[0][1]) == "♦Q" and trumps.game.tricks[0].plays[0][0] is Seat.W
    assert [t.suit_led for t in trumps.game.tricks[1:4]] == [Suit.SPADES] * 3
    assert trumps.game.declarer_tricks == 9 and not trumps.game.made
    ruff = play_8B_on_screen(["♦A", "♥A", "♥2", "♥3"])
    assert any(t.suit_led is Suit.HEARTS and t.card_of(Seat.N).suit is Suit.SPADES for t in ruff.game.tricks)  # North ruffs
    assert ruff.game.declarer_tricks == 10 and ruff.game.made
    cells = json.loads((EDITIONS[edition] / "08_trumps_in_play.ipynb").read_text(encoding="utf-8"))["cells"]
    text = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    assert lead in text and trumps_first in text
    assert "♦Q lead" in set_deal.why
    # reader U: after the ♦Q best play takes 11 (tests/exercises/test_set_deals_card_play.py): the
    # page says what the heart ruff does, not what good play does
    ruff_makes, good_play_10 = {"en": ("The heart ruff makes the game: 10 tricks", "With good play South takes 10 tricks"),
                                "ja": ("ハートのラフでゲームがメイクです：10トリックで4メイク", "じょうずにプレイすれば、南は10トリック")}[edition]
    assert ruff_makes in text and good_play_10 not in text


@pytest.mark.parametrize("edition, not_trumps, ten_or_higher, under_ace", [
    ("en", "longest suit without an ace, not trumps", "the top one 10 or higher",
     "Against trumps, not a sequence under your ace (♥A Q J 10)."),
    ("ja", "ではなく、Aのないスーツで、いちばん長いスーツ", "いちばん上が10か、それより大きい",
     "のときは、♥A Q J 10のように、上にAがあるシークエンスは出しません。")])
def test_lesson_10s_lead_rules_say_what_the_lead_code_does(edition, not_trumps, ten_or_higher, under_ace):
    """Deal 10B's North leads the ♠2 although the ♥J 9 6 2 are longer and have no ace: they are
    trumps; and a sequence is three in a row topped by a 10 or higher (♥9 8 7 is none). Against
    trumps rule 1 passes by a sequence under the suit's ace, as the lead code does (reader J:
    "in order", rule 1 led the ♥Q from ♥A Q J 10 7 6 2 where the key leads the ♦9)."""
    from cardlib import Card, Hand, Seat, Suit
    from cardlib.defence import opening_lead, sequence_top

    assert sequence_top(Hand("♥10 9 8 2").suit("♥")) == Card("♥10") and sequence_top(Hand("♥9 8 7 2").suit("♥")) is None
    assert opening_lead("♥A Q J 10 7 6 2 ♦9 3 ♣A 8 5 4", "♠").card == Card("♦9")
    assert opening_lead("♥A Q J 10 7 6 2 ♦9 3 ♣A 8 5 4", None).card == Card("♥Q")  # no trumps: rule 1
    north = lesson_of(10).deals[1].deal[Seat.N]
    no_ace = [suit for suit in Suit if north.suit(suit) and north.suit(suit)[0] != Card(f"{suit.symbol}A")]
    assert max(no_ace, key=north.length) is Suit.HEARTS and opening_lead(north, Suit.HEARTS).card == Card("♠2")
    rules = next(t for t in pupils_markdown(edition, "10_the_opening_lead") if "♥Q J 10" in t and "♠9 6 4 2" in t)
    assert not_trumps in rules and ten_or_higher in rules, rules
    rule_1 = rules.split("\n2. ")[0]
    assert under_ace in rule_1, rule_1

@pytest.mark.parametrize("edition, words", [("en", "cannot follow suit"), ("ja", "スーツフォローできない")])
def test_the_glossarys_ruff_is_any_trump_on_a_suit_you_cannot_follow(edition, words):
    from cardlib import Card, Seat, Suit
    from cardlib.play import TrickPlay

    messages.set_language(edition)
    meaning = say("glossary_ruff_means")
    assert words in meaning
    # The long trump hand ruffs too (lesson 8 says only the short hand's ruffs gain a trick).
    hands = {Seat.N: ["♠8", "♦2"], Seat.E: ["♥K", "♦3"], Seat.S: ["♠A", "♦4"], Seat.W: ["♥3", "♥2"]}
    game = TrickPlay({s: [Card(c) for c in cs] for s, cs in hands.items()}, leader=Seat.W, trumps=Suit.SPADES)
    game.play(Card("♥3"))
    assert game.why_illegal(Card("♠8")) is None  # North has no hearts: it may ruff
    game.play(Card("♠8"))
    assert game.why_illegal(Card("♦3")) is not None  # East has a heart: it must follow
    game.play(Card("♥K"))
    game.play(Card("♠A"))  # South, the long trumps, has no hearts either: a ruff over the ruff
    assert game.tricks_won(Seat.S.side) == 1


@pytest.mark.parametrize("edition, can_win", [("en", "a trump can win the trick"), ("ja", "トリックに勝てます")])
def test_the_glossary_tells_a_trump_from_a_discard(edition, can_win):
    """Lesson 1's "discard" (another suit: it cannot win) read as every card of another suit, and
    lesson 2's "to trump" did not say that a trump played the same way wins: the glossary says so."""
    from cardlib import Card, Seat, Suit, winner_of

    trick = [(Seat.W, Card("♥Q")), (Seat.N, Card("♥6")), (Seat.E, Card("♦A")), (Seat.S, Card("♣2"))]
    assert winner_of(trick, trumps=None) is Seat.W  # the ♦A and the ♣2 are discards: neither wins
    assert winner_of(trick, trumps=Suit.CLUBS) is Seat.S  # the ♣2 is a trump: it wins
    messages.set_language(edition)
    assert can_win in say("glossary_to_trump_means")


@pytest.mark.parametrize("edition, in_a_row", [("en", "With cards in a row, like ♥K Q, play the lower one"),
                                               ("ja", "♥K Qのようにならんだカードなら、下の♥Qを出します")])
def test_the_glossarys_third_hand_high_plays_the_lower_of_cards_in_a_row_as_lesson_11(edition, in_a_row):
    """The glossary said "play your highest card" where lesson 11 (and cardlib) play the ♥Q from ♥K Q."""
    from cardlib import Card
    from cardlib.defence import third_hand

    assert third_hand("♠9 6 3 ♥K Q 5 ♦Q 5 4 3 ♣A 3", ["♥2", "♥6"]).card == Card("♥Q")
    messages.set_language(edition)
    meaning = say("glossary_third_hand_high_means")
    assert in_a_row in meaning, meaning


def test_the_raise_needs_6_points_as_lesson_13_and_its_practice_say():
    from cardlib import Hand
    from cardlib.auction import PASS, Auction
    from cardlib.bots import call_by_the_rules
    from cardlib.bots.minibridge import RAISE_POINTS

    after = Auction("N")
    after.call("1♥")
    after.call(PASS)
    assert RAISE_POINTS == 6
    assert call_by_the_rules(Hand("♠9532 ♥J432 ♦Q2 ♣432"), after) == PASS
    assert str(call_by_the_rules(Hand("♠9532 ♥J432 ♦Q2 ♣K32"), after)) == "2♥"
    for edition, said in (("en", "and 6 or more points"), ("ja", "点数が6点")):
        assert said in "\n".join(pupils_markdown(edition, "13_bidding"))
    # The teacher's notes too: "Passing with four cards in partner's suit: ... so raise" left out the 6 points
    for edition, raise_, six in (("en", "so raise", "6 or more points"), ("ja", "なのでレイズします", "6点")):
        for line in every_text(edition, "13_bidding").splitlines():
            assert raise_ not in line or six in line, line
    asked = [make_question("call", seed) for seed in range(200)] + [
        q for q in lesson_of(13).quiz().questions + lesson_of(13).precheck().questions if q.kind == "call"]
    for q in asked:
        hand = Hand(q.picture.rows[0][1][1])
        if q.answer != PASS and q.answer.startswith("2"):  # a raise: no suit of five of your own to bid instead
            raised = q.answer[1:]
            assert hand.hcp >= RAISE_POINTS and all(
                hand.length(s) <= 4 for s in "♠♥♦♣" if s != raised), (q.prompt, hand)


# --- course v4 §2: the smaller slips, each with its seam -----------------------------------

def cells_of(edition: str, notebook: str) -> list[dict]:
    return json.loads((EDITIONS[edition] / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("edition, counted", [("en", "4 + 4 = 8, a fit"), ("ja", "4 + 4 = 8でフィット")])
def test_lesson_13_counts_a_fit_by_what_the_bids_tell_in_both_deals(edition, counted):
    """Deal A counted 4 + 4 (what the opening promises) and deal B 5 + 4 (the cards opener really
    has): the raise rule, and cardlib's, count the opening as 4."""
    from cardlib import Hand
    from cardlib.auction import PASS, Auction, Bid
    from cardlib.bots import call_by_the_rules

    auction = Auction("S")
    auction.call("1♠")
    auction.call(PASS)
    assert call_by_the_rules(Hand("♠9532 ♥K32 ♦Q32 ♣J32"), auction) == Bid("2♠")  # 4 spades: 4 + 4
    answers = [t for t in pupils_markdown(edition, "13_bidding") if "<details>" in t and ("2♥" in t or "2♠" in t)]
    assert len(answers) == 2 and all(counted in t for t in answers), answers
    assert not any("5 + 4 = 9" in t for t in pupils_markdown(edition, "13_bidding"))


def test_no_question_says_1_cards_or_1_times():
    """"North has 1 cards" (lesson 8's answer key): a count of one never meets a plural."""
    from exercises.kinds import ALL_KINDS

    messages.set_language("en")
    one_and_plural = re.compile(r"\b1 (cards|trumps|tricks|points|players|taps|times|rounds)\b")
    for kind in ALL_KINDS:
        for seed in range(60):
            q = make_question(kind, seed)
            for text in [q.prompt, q.rules_line, q.hint, q.explanation, q.right_answer] + [s.words for s in q.slips]:
                assert not one_and_plural.search(text), (kind, seed, text)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_the_exit_quiz_is_the_last_thing_pupils_do(edition, notebook):
    """Lesson 6 had "One more check" after its exit quiz: after the quiz come only its own
    words, the teacher's section and the links."""
    cells = cells_of(edition, notebook)
    quiz = max(i for i, c in enumerate(cells) if "quiz=True" in "".join(c["source"]))
    after = [c for c in cells[quiz + 1:] if "teacher" not in c["metadata"].get("tags", [])]
    for cell in after:
        text = "".join(cell["source"])
        assert not text.startswith("#") and "Widget(" not in text and "display(" not in text, (notebook, text[:60])


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_last_time_asks_about_the_lesson_before(edition, notebook):
    """Lesson 12's recap asked about "lessons 7 and 8": a recap names no lesson but the last one.
    Lesson 20 comes after lesson 13 or 16: its recap ("From lesson 8") names lesson 8 only; lesson
    21's asks lesson 6's score ("From lesson 6"), not lesson 20's (reader Q)."""
    number = lesson_of(notebook).number
    recap = next(t for t in pupils_markdown(edition, notebook)
                 if t.startswith(("## Last time", "## 前回", "## Warm-up", "## ウォーミングアップ", "## From lesson", "## レッスン")))
    named = {int(n) for n in re.findall(r"(?:lessons?|レッスン)\s*(\d+)(?:\s*(?:and|と)\s*(\d+))?", recap) for n in n if n}
    assert named <= {20: {8}, 21: {6}}.get(number, {number - 1}), (notebook, named)
    if number in (20, 21):
        assert named, (notebook, "a recap not of the last lesson names the lesson it looks back on")


@pytest.mark.parametrize("edition, words", [("en", ("second hand low", "third hand high")),
                                            ("ja", ("セカンドハンド・ロー", "サードハンド・ハイ"))])
def test_lesson_12s_plan_recaps_what_its_last_time_asks(edition, words):
    """The plan's recap said "the defenders' target"; lesson 12's "Last time" asks second hand
    low and third hand high (the defenders' target is its talk)."""
    messages.set_language(edition)
    recap = next(t for t in pupils_markdown(edition, "12_a_whole_hand") if t.startswith(("## Last time", "## 前回")))
    for word in words:
        assert word in say("plan_12_recap").lower() and word in recap.lower(), word


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_players_are_they_not_he(notebook):
    """Lesson 17 called every player "he": a player is "they"; he or she only for a named child."""
    for text in every_text("en", notebook).split("\n"):
        for sentence in re.split(r"(?<=[.!?])\s+", text):
            if re.search(r"\b(he|his|him|she|her|hers)\b", sentence, re.IGNORECASE):
                assert re.search(r"\b(Ann|Ben|Cleo)\b", sentence), (notebook, sentence)


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_9s_teacher_cell_proves_the_notes_about_its_deals(edition):
    """Lesson 9's teacher cell was `assert 1 + 1 == 2`: it now checks the notes' claims."""
    cells = cells_of(edition, "09_entries_and_finesses")
    code = ["".join(c["source"]) for c in cells
            if c["cell_type"] == "code" and "teacher" in c["metadata"].get("tags", []) and "plan_of" not in "".join(c["source"])]
    assert code and all("LESSON.deals" in cell for cell in code)
    assert "assert 1 + 1 == 2" not in "".join(code)


PURE_ARITHMETIC = re.compile(r"^assert [\d\s+\-*/()=<>]+(?:\band\b[\d\s+\-*/()=<>]+)*$")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_a_teacher_cells_sums_are_about_its_own_lesson(edition, notebook):
    """Lesson 15's teacher cell asserted (38 − 30) × 2 = 16, lesson 16's sum, proving nothing of
    lesson 15: a teacher cell's bare sum uses only numbers its lesson's text says."""
    cells = cells_of(edition, notebook)
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    for cell in cells:
        if cell["cell_type"] == "code" and "teacher" in cell["metadata"].get("tags", []):
            for line in "".join(cell["source"]).splitlines():
                if PURE_ARITHMETIC.match(line.strip()):
                    unsaid = [n for n in re.findall(r"\d+", line) if not re.search(rf"(?<!\d){n}(?!\d)", text)]
                    assert not unsaid, (notebook, line)


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_1_says_who_leads_in_the_first_lessons_and_from_lesson_4(edition):
    """Lessons 1-3 lead from the dealer's left, lesson 4 on from declarer's left; lesson 1 says so."""
    from cardlib import Seat

    said = {"en": ("North gave out the cards, so East, on North's left, leads.\n"
                   "That is the rule in lessons 1 to 3; lesson 4 brings a new rule for who leads."),  # "dealer" is lesson 3's
            "ja": "レッスン1〜3では、配った人の左の人が"}[edition]
    assert said in every_text(edition, "01_tricks")
    assert {"en": "lesson 4", "ja": "レッスン4"}[edition] in every_text(edition, "01_tricks")  # (its word "declarer" is new in 4)
    deal = lesson_of(1).deals[0].deal
    assert deal.dealer is Seat.N and Seat.N.left is Seat.E  # "North gave out the cards, so East ... leads first"


@pytest.mark.parametrize("edition, dealers_left, declarers_left, deal_again",
                         [("en", "the dealer's left", "declarer's left", "deal again"),
                          ("ja", "配った人の左", "ディクレアラーの左", "配り直します")])
def test_the_rulings_sheet_keeps_who_leads_and_who_plays_as_the_lessons_do(edition, dealers_left, declarers_left,
                                                                         deal_again):
    """The class's rulings said the lead is always from declarer's left (lessons 1-3 lead from
    the dealer's left) and that at a table of three the empty seat is always dummy (the side with
    more points plays: the empty seat's side does not always)."""
    from cardlib import Deal, Seat
    from cardlib.minibridge import declarer

    messages.set_language(edition)
    lead = say("ex_ruling_lead_out_of_turn_do")
    assert dealers_left in lead and declarers_left in lead
    sides = {declarer(Deal.random(seed=seed)).side for seed in range(20) if declarer(Deal.random(seed=seed))}
    assert sides == {Seat.N.side, Seat.E.side}  # either side may have more points: an empty West may defend
    assert deal_again in say("ex_ruling_players_do")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_dealers_curtain_card_says_no_order_of_play(edition):
    """The dealer's slip said "your hand goes first": the dealer neither leads nor is dealt first
    (the dealer's left is), in MiniBridge or in Manille; the slip says only who deals."""
    from cardlib import Seat, manille
    from cardlib.minibridge import announcements

    deal = lesson_of(8).deals[0].deal
    assert announcements(deal)[0][0] is deal.dealer  # the dealer speaks first, a thing of lesson 3 on
    assert manille.start_play(manille.deal(seed=9, dealer="E"), trumps=None).to_play is Seat.S  # the dealer's left leads
    messages.set_language(edition)
    assert not re.search(r"first|goes|先に|さいしょ", say("desk_curtain_dealer"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_contents_page_and_lesson_14_give_manille_one_origin(edition):
    contents = every_text(edition, "00_contents")
    lesson = every_text(edition, "14_manille_cards_and_points")
    france, belgian = {"en": ("from France", "Belgian card game"), "ja": ("フランスのカードゲーム", "ベルギーのカードゲーム")}[edition]
    assert france in contents and france in lesson
    assert belgian not in contents + lesson


def test_lesson_21s_notes_show_the_traveller_page_as_it_writes_the_score():
    """The notes said the teacher's traveller page reads E–W's 50 as −50; it writes each score in
    the column of the side that earned it, as the lesson does."""
    from teacher.traveller import score_cells

    assert score_cells(-50) == ["", "50"] and score_cells(420) == ["420", ""]
    notes = every_text("en", "21_duplicate")
    assert "reads −50" not in notes and "E–W's 50 in the E–W column" in notes


def test_lesson_21s_japanese_traveller_writes_no_minus_and_the_class_counts_the_matchpoints():
    """The Japanese lesson wrote N–S's score with a minus (−110 for E–W's 110), so ordering numbers
    below 0 (junior-high maths) was its core skill; its notes sent the matchpoints home."""
    for text in pupils_markdown("ja", "21_duplicate"):
        assert not MINUS_SCORE.search(text), text
    pupils = "\n".join(pupils_markdown("ja", "21_duplicate"))
    assert "「東西 100」" in pupils and "「東西 140」" in pupils
    notes = every_text("ja", "21_duplicate")
    assert "家で<ruby>結果" not in notes and "クラスみんなでトラベラー" in notes and "まとめのテスト（3問）を授業の中で" in notes


def test_lesson_19s_notes_say_where_rank_equals_rank_of_card_stops():
    """The notes said `rank = rank(card)` stops "on the next card": inside a function it stops on
    that line at the first card, and the check says `rank` is the name of a function."""
    from exercises.coder import check_function, rank

    namespace = {"rank": rank}
    exec("def hcp(hand):\n    points = 0\n    for card in hand:\n        rank = rank(card)\n"
         "        if rank == 'A':\n            points = points + 4\n    return points\n", namespace)
    with pytest.raises(UnboundLocalError):
        namespace["hcp"](["♠A"])  # one card is enough: it stops at the first
    messages.set_language("en")
    report = check_function("hcp", namespace["hcp"], seed=1)
    assert report.problem == "error" and "is the name of a function" in report.words
    assert "like rank = 0" not in report.words  # a value for `rank` was the mistake, not the cure
    for edition, said in (("en", "at the very first card"), ("ja", "最初のカードのその行で")):
        notes = every_text(edition, "19_coders_corner")
        assert said in notes and "next card" not in notes and "次のカードでパイソンが止まります" not in notes


BY_HAND_STEPS = {  # lesson 19's tricks_needed in words: what each step asks of a contract, in its order
    "en": ("partscore", "no trumps (N)", "♥ or ♠", "If not"),
    "ja": ("パートスコア", "ノートランプ（N）", "♥か♠", "そうでなければ"),
}
BLANK = {"en": "___", "ja": "＿＿"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_19s_tricks_needed_by_hand_is_steps_in_words_with_numbers_to_fill_and_no_code_to_write(edition):
    """Pairs wrote four if/return lines with `contract[0] in majors` on paper in 10 minutes, and
    Japanese pupils wrote English. The class without devices fills in the numbers of the steps in
    words; each step, read in order with cardlib's numbers, gives every contract its tricks."""
    from cardlib.minibridge import CONTRACTS, Contract

    cells = cells_of(edition, "19_coders_corner")
    [by_hand] = ["".join(c["source"]) for c in cells if c["metadata"].get("path") == "by_hand"
                 and "".join(c["source"]).startswith(("**By hand:**", "<b>手で</b>"))]
    steps = re.findall(r"^\d\. (.*)$", by_hand, re.M)
    assert [s for s in steps if BLANK[edition] in s] == steps[1:] and "7" in steps[0], steps
    assert all(asked in step for asked, step in zip(BY_HAND_STEPS[edition], steps, strict=True)), steps
    tests = (lambda c: c.game is False, lambda c: c.denomination is None,
             lambda c: c.denomination is not None and c.denomination.symbol in "♥♠", lambda c: True)
    filled = (7, Contract.parse("NT game").tricks_needed, Contract.parse("♥ game").tricks_needed,
              Contract.parse("♣ game").tricks_needed)
    for contract in map(Contract.parse, map(str, CONTRACTS)):
        first = next(i for i, asks in enumerate(tests) if asks(contract))  # the first step that answers
        assert filled[first] == contract.tricks_needed, (contract, first)
    # what the pupils write: numbers, never Python (the teacher types it)
    assert not re.search(r"\b(if|return|contract|majors)\b", re.sub(r"`[^`]*`", "", by_hand.split("\n", 1)[1]))
    notes = every_text(edition, "19_coders_corner")
    assert {"en": "Nobody writes code by hand", "ja": "子どもはコードを手で書きません"}[edition] in notes
    assert "swap papers" not in notes and "紙を交換して" not in notes


@pytest.mark.parametrize("edition, said, asked", [
    ("en", "two read code, one asks a contract's tricks, one a score.", ["read_code", "read_code", "score", "tricks_needed"]),
    ("ja", "2問はコードを読み、1問はいるトリックの数です", ["read_code", "read_code", "tricks_needed"])])
def test_lesson_19s_quiz_line_says_what_its_questions_ask(edition, said, asked):
    """It said "two give what your machines give", but `score` is for home in both plans: one
    question asks a contract's tricks (lesson 5), one a score (lesson 6's kind; not in the
    Japanese class's 3 questions)."""
    lesson = lesson_of(19)
    kinds = sorted(kind.split(":")[0] for kind in lesson.asked_kinds(edition))
    assert kinds == asked
    assert "score" in lesson_of(6).quiz_kinds and "tricks_needed" in lesson_of(5).quiz_kinds
    assert said in "\n".join(pupils_markdown(edition, "19_coders_corner"))


@pytest.mark.parametrize("edition, only_aces", [("en", "The `hcp` below counts only aces: say its missing lines"),
                                                 ("ja", "下の `hcp` には、エースの行しかありません。たりない行を")])
def test_lesson_19s_by_hand_example_is_a_line_the_hcp_the_teacher_types_into_lacks(edition, only_aces):
    """"Find the missing line. Say it in words ("if it is a king, add 3")" mixed two `hcp`s: the
    buggy one the tables run lacks only the jack, and has the king. The teacher types into the
    "Your turn" `hcp`, which has only the ace: the page says so, and the king is among its missing lines.
    Reader hj: children asked where the kings and queens went; both places say plainly "a fresh start"."""
    code = ["".join(c["source"]) for c in cells_of(edition, "19_coders_corner") if c["cell_type"] == "code"]
    buggy, turn = [c for c in code if c.startswith("%%check\ndef hcp(hand):")][:2]
    assert 'rank(card) == "K"' in buggy and 'rank(card) == "J"' not in buggy  # the tables find the jack
    assert [line.strip() for line in turn.splitlines() if line.strip().startswith("if ")] == ['if rank(card) == "A":']
    by_hand = "\n".join(pupils_markdown(edition, "19_coders_corner"))
    assert only_aces in by_hand and ("if it is a king, add 3" in by_hand or "もしキングなら、3をたす" in by_hand)
    assert ("A fresh start: this `hcp` counts only aces" in by_hand or "一から作りなおし：この`hcp`はエース（4点）しか数えません" in by_hand)


# what the teacher's notes (step 6, the exit quiz read without a computer) say each kind asks
QUIZ_STEP_WORDS = {
    "en": {"tricks_needed": "tricks for a contract", "read_code": "what `rank` gives",
           "read_code:forgets": "an `hcp` with a missing line", "score": "a score"},
    "ja": {"tricks_needed": "コントラクトのトリック数", "read_code": "`rank` が返すもの",
           "read_code:forgets": "行がたりない `hcp`", "score": "得点"},
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_19s_notes_list_the_questions_of_that_editions_quiz(edition):
    """The Japanese notes' step 6 listed a score question (得点), but the Japanese class's quiz is the
    first 3 questions and has none: the step names what each question of the edition's own quiz
    asks, taken from the quiz, and nothing it does not ask."""
    lesson = lesson_of(19)
    notes = every_text(edition, "19_coders_corner")
    step = re.sub(r"<ruby>(.*?)<rp>.*?</ruby>", r"\1", re.search(r"^6\. .*?(?=\n\n)", notes, re.M | re.S).group(0))
    step = " ".join(step.split())
    asked = set(lesson.asked_kinds(edition))  # the quiz shuffles quiz_kinds by its seed
    assert set(QUIZ_STEP_WORDS[edition]) == set(lesson.quiz_kinds)
    for kind, words in QUIZ_STEP_WORDS[edition].items():
        assert (words in step) == (kind in asked), (edition, kind, step)


def test_the_readme_lists_every_lesson_with_its_maths():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not re.search(r"\b(Ten|Sixteen|Eighteen) lessons\b", readme)
    messages.set_language("en")
    for lesson in COURSE:
        row = next((line for line in readme.splitlines() if line.startswith(f"| {lesson.number} {lesson.title}")), None)
        assert row and row.rstrip().endswith(f"| {lesson.maths} |"), (lesson.number, row)


# --- review 2 (issue 27, §2): what an earlier reader found and left --------------------------

@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_helper_a_lesson_sets_up_is_used_by_that_lesson(edition, notebook):
    """Lessons 8 and 9 carried lesson 7's `sure_winners_table`, with English labels, and never called it."""
    code = "\n".join("".join(c["source"]) for c in cells_of(edition, notebook) if c["cell_type"] == "code")
    setup = next(c for c in cells_of(edition, notebook) if c["cell_type"] == "code")
    for name in re.findall(r"^def (\w+)\(", "".join(setup["source"]), re.MULTILINE):
        assert re.search(rf"(?<!def ){name}\(", code), (notebook, name)


def test_the_checker_tells_a_name_used_twice_from_a_name_with_no_value():
    """For `rank = rank(card)` the checker advised "like rank = 0", which keeps the mistake: a name
    that is a function and a value gets the advice to give the value its own name."""
    from exercises.coder import check_code, rank

    messages.set_language("en")
    both = check_code("def hcp(hand):\n    points = 0\n    for card in hand:\n        rank = rank(card)\n"
                      "        if rank == 'A':\n            points = points + 4\n    return points\n", {"rank": rank})
    assert "like my_rank" in both[0].words and "rank = 0" not in both[0].words, both[0].words
    unset = check_code("def hcp(hand):\n    for card in hand:\n        points = points + 1\n    return points\n",
                       {"rank": rank})
    assert "like points = 0" in unset[0].words, unset[0].words


@pytest.mark.parametrize("edition, asks", [("en", ("Which bid is higher, 2♥ or 2♠?", "2♠ promises 6 + 2 = 8 tricks")),
                                           ("ja", ("2♥と2♠では、どちらのビッドが高いですか？", "2♠は、6 + 2 = 8トリック"))])
def test_lesson_14_recaps_the_auction_it_names(edition, asks):
    """Lesson 14's "Last time" named the auction (lesson 13) and asked lesson 1's follow-suit question."""
    from cardlib.auction import Bid

    assert Bid("2♠") > Bid("2♥") and Bid("2♠").tricks_needed == 8
    recap = next(t for t in pupils_markdown(edition, "14_manille_cards_and_points") if t.startswith(("## Last time", "## 前回")))
    assert all(words in recap for words in asks), recap


def test_the_japanese_lessons_say_watashitachi_not_a_boys_pronoun():
    """Japanese lesson 16's tap call was 「ぼくたちが30点より多く取るよ！」: a boy's word; the
    edition says わたしたち, as lesson 22's signal does."""
    text = "\n".join(every_text("ja", notebook) for notebook in NOTEBOOKS)
    assert not re.search(r"ぼく|僕|おれ|俺", text)
    assert "「わたしたちが30点より多く取るよ！」" in every_text("ja", "16_manille_scoring")


@pytest.mark.parametrize("ruling, said", [("revoke", "it goes to the other side"),
                                          ("exposed_card", "stays face up on the table")])
def test_the_class_rulings_are_written_as_choices_in_the_rules_page(ruling, said):
    """The rulings sheet's revoke and dropped-card rulings are ours, not the sources': the rules
    page lists them among its choices, saying the same thing and why."""
    messages.set_language("en")
    assert said in say(f"ex_ruling_{ruling}_do")
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    name = {"revoke": "a revoke", "exposed_card": "a card dropped or shown by mistake"}[ruling]
    row = next((line for line in rules.splitlines() if line.startswith(f"| MiniBridge: {name} (the class rulings)")), "")
    words = {"revoke": ("that trick goes to the other side", "not in the sources"),
             "exposed_card": ("stays face up", "declarer's card goes back", "not in the sources")}[ruling]
    assert row and all(w in row for w in words), row


@pytest.mark.parametrize("edition, nine, ten", [("en", ("6 + 3 = 9 tricks make the game, 400", "Play the ♦K early: West wins the ♦A"),
                                                        "after three rounds of clubs (one lost to East's ♣Q), North's last club wins: 430"),
                                                ("ja", ("6 + 3 = 9トリックで、ゲームがメイク：600点", "早めに♦Kを出します"),
                                                        "クラブを3回出すと（1回は東の♣Qに取られます）、東西のクラブがなくなり、北の4まい目のクラブも勝ちます。10トリックで630点")])
def test_lesson_7s_deal_b_counts_9_and_says_where_the_10th_comes_from(edition, nine, ten):
    """Deal B's talk counted 6 + 3 = 9 and its answer said good play takes 10, with no word of the
    10th: the knock-out makes the game, and North's fourth club (clubs 3 and 3) is the 10th. Reader
    U: "North's last club wins a 10th when their 6 clubs are gone" hid the club lost to East's ♣Q
    on the third round (♣A 7 2 opposite ♣K 6 4 3), and "play a diamond early" did not say which:
    the ♦K. The notes add what the 10th needs: East out of spades when its ♣Q wins (South lets West's
    ♠J win after the ♦A; the ♠K then gives 9)."""
    from cardlib import Card, Seat, Suit
    from cardlib.minibridge import CLUB, EBU, score
    from tests.exercises.test_set_deals_teach import _solve_after
    from tests.lesson_tools import dd_tricks, deal_named

    deal = deal_named("7B").deal
    assert dd_tricks(deal, Seat.S, None) == 10
    assert [deal.length(seat, "♣") for seat in (Seat.N, Seat.E, Seat.W)] == [4, 3, 3]
    assert [str(c) for c in deal[Seat.S].suit(Suit.CLUBS)] == ["♣A", "♣7", "♣2"] and Card("♣Q") in deal[Seat.E]
    assert [str(c) for c in deal[Seat.S].suit(Suit.DIAMONDS)][0] == "♦K" and Card("♦A") in deal[Seat.W]
    # ♠Q won by the ♠A, the ♦K to West's ♦A, the ♠J back: let it win (10 in all), or the ♠K (9)
    after = _solve_after(deal, None, Seat.W, ["♠Q", "♠4", "♠2", "♠A", "♦K", "♦A", "♦7", "♦2", "♠J"])
    assert (1 + after["♠7"], 1 + after["♠K"]) == (10, 9)  # trick 1 is South's; the tricks to come
    notes = every_text(edition, "07_long_suits")
    assert {"en": "South lets it win (won with the ♠K, it is 9 tricks)", "ja": "南はそれを勝たせます（♠Kで勝つと9トリック）"}[edition] in notes
    rules = {"en": EBU, "ja": CLUB}[edition]
    assert [score("NT game", tricks, rules) for tricks in (9, 10)] == {"en": [400, 430], "ja": [600, 630]}[edition]
    answer = next(t for t in pupils_markdown(edition, "07_long_suits") if "♦A" in t and "<details>" in t and "♠Q" in t)
    count, king = nine  # the talk says which diamond: the ♦K
    assert count in answer and ten in answer, answer
    assert king in "\n".join(pupils_markdown(edition, "07_long_suits"))


@pytest.mark.parametrize("edition, half, exact", [("en", "So about half.", "13/25 = 52%"),
                                                  ("ja", "だいたい半分です。", "25分の13で52%")])
def test_lesson_18_gives_the_1_1_split_one_chance_its_notes_agree_with(edition, half, exact):
    """Lesson 18 said a 1-1 split has "chance 2/4 = 1/2" (the 4 ways are not equally likely) and its
    notes 13/25 = 52%: the 25 places left once the ♥K is placed give the exact figure. The 8-11
    path says "about half"; the exact figure is in the 12-13 path (the notes give the places)."""
    from fractions import Fraction

    from cardlib import chance

    assert chance.split_chances(2)[1, 1] == Fraction(13, 12 + 13) == Fraction(52, 100)
    text = "\n".join(pupils_markdown(edition, "18_chance_and_cards"))
    assert half in text and exact in text
    assert "2/4 = 1/2" not in text and r"$\dfrac{2}{4}$ = $\dfrac{1}{2}$ です" not in text
    notes = every_text(edition, "18_chance_and_cards")
    assert "13/25 = 52%" in notes


def test_japanese_lesson_5_says_what_9_tricks_do_not_reach_as_its_notes_do():
    """Deal C's answer said 「♥のゲーム（10トリック）なら守れません」: 守れません with nothing to keep
    (the lesson's word is やくそく). It says the notes' 「…にはとどきません」 (reader Q)."""
    page, notes = "\n".join(pupils_markdown("ja", "05_choosing_the_contract")), every_text("ja", "05_choosing_the_contract")
    said = "♥のゲーム（10トリック）にはとどきません"
    assert said in page and said in notes and "なら守れません" not in page


@pytest.mark.parametrize("edition, answers, stale", [
    ("en", "warm-up: East (the ♥Q wins when East holds the ♥K); the finesse wins 1 time in 2 (deals 9A and 9B", "last time 24 and 21"),
    ("ja", "ウォーミングアップ：東（♥Kを東が持っていれば♥Qが勝つ）。フィネスが勝つのは2回に1回（ディール9Aと9B", "24点と21点")])
def test_lesson_18s_notes_give_the_warm_ups_answers(edition, answers, stale):
    """The notes' exact answers began "last time 24 and 21", left from an old recap: the warm-up is
    now lesson 9's finesse (reader Q). The answers are the warm-up's, and cardlib's deals 9A and 9B
    bear them out: the ♥K is with East in the one the finesse makes, with West in the other."""
    from cardlib import Card, Seat

    wins, loses = lesson_of(9).deals[:2]
    assert (wins.name, loses.name) == ("9A", "9B")
    assert Card("♥K") in wins.deal[Seat.E] and Card("♥K") in loses.deal[Seat.W]
    assert wins.tricks_table[(None, Seat.S)] == loses.tricks_table[(None, Seat.S)] + 1
    notes = every_text(edition, "18_chance_and_cards")
    assert answers in notes and stale not in notes
    warm_up = pupils_markdown(edition, "18_chance_and_cards")[1]
    assert ("East." if edition == "en" else "東です。") in warm_up and ("1 time in 2" if edition == "en" else "2回に1回") in warm_up


@pytest.mark.parametrize("edition, times, hands", [("en", r"every table deals (\d+) times", r"(\d+) tables × (\d+) deals × 4 hands = (\d+)"),
                                                   ("ja", r"各テーブルで(\d+)回配り", r"\d+テーブルで\d+回ずつ、1回に4つ：(\d+) × (\d+) × 4 = (\d+)")])
def test_lesson_18s_notes_deal_as_often_as_its_plan(edition, times, hands):
    """The plan has each table deal 3 times; the notes said 5 and "about 150" hands."""
    from exercises.plans import PLANS

    planned = next(step.times for step in PLANS[18] if step.kind == "count_deals")
    notes = every_text(edition, "18_chance_and_cards")
    assert int(re.search(times, notes).group(1)) == planned
    tables, deals, total = map(int, re.search(hands, notes).groups())
    assert tables == 30 // 4 and deals == planned  # 30 pupils: 7 tables of four and total == tables * deals * 4


# --- the page says what the plan does with each set deal ---------------------------------------
HALF_THE_TABLES = {"en": "half the tables", "ja": "半分のテーブル"}
OUT_OF_CLASS = {"en": "home", "ja": "家で"}  # a set deal the class does not play: the club, or at home on screen


def _deal_sections(edition: str, notebook: str) -> dict[str, str]:
    """The pupil's text of each set deal's section ("B": its heading and the text after it)."""
    sections, current = {}, None
    for text in pupils_markdown(edition, notebook):
        heading = re.match(r"## (?:Deal|ディール) ?([A-C])\b", text)
        if text.startswith("## "):
            current = heading.group(1) if heading else None
        if current:
            sections[current] = sections.get(current, "") + text + "\n"
    return sections


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("number", [lesson.number for lesson in COURSE])
def test_each_deal_on_the_page_says_who_plays_it_as_the_plan_does(edition, number):
    """A deal half the tables play says so on the pupil's page and in the teacher's notes; a deal
    the plan plays out of class (a club session, or home on screen: no fast table has the minutes
    for a second deal) says so on the page, never "for fast tables"; neither reads as the whole class's."""
    from exercises.plans import PLANS

    notebook = lesson_of(number).notebook
    sections = _deal_sections(edition, notebook)
    split = {s.split for s in PLANS[number] if s.split and not s.out}
    later = {s.deal for s in PLANS[number] if s.deal and s.out in ("club", "club_60", "home")} - split - {"A"}
    notes = every_text(edition, notebook).lower()
    for deal in split:
        assert HALF_THE_TABLES[edition] in sections[deal].lower(), f"lesson {number} ({edition}): deal {deal}'s section"
        assert HALF_THE_TABLES[edition] in notes, f"lesson {number} ({edition}): the teacher's notes"
    for deal in later & set(sections):
        assert OUT_OF_CLASS[edition] in sections[deal], f"lesson {number} ({edition}): deal {deal} is for the club or home"
        assert ("fast tables" if edition == "en" else "早いテーブル") not in sections[deal], f"lesson {number} ({edition}): deal {deal}"


def test_lesson_12s_quiz_asks_how_to_defend_as_its_first_line_promises():
    """"You will learn: every step of a deal, and how to defend", but the quiz had no defence item,
    and one on points to tricks, which the lesson does not teach."""
    kinds = {q.kind for q in lesson_of(12).quiz().questions}
    assert {"lead:sequence", "defend"} <= kinds and "points_to_tricks" not in kinds  # the lead the lesson plays


def test_lesson_13s_quiz_asks_a_pupil_to_open():
    """All the call items were raises: "open with 12 or more, in your longest suit" was never asked."""
    openings = [q for q in lesson_of(13).quiz().questions if q.kind == "call:open"]
    assert openings and all(q.prompt in (say("ex_call_prompt_open"), say("ex_call_prompt_dealer")) for q in openings)


def test_lesson_13s_quiz_asks_to_open_to_raise_and_to_pass_without_a_fit():
    """Reader r11: the quiz's two answers to partner's opening were both raises (1♥ → 2♥, 1♣ → 2♣).
    One now holds fewer than 4 of partner's suit: the second rule says pass."""
    from cardlib.auction import PASS

    calls = [q for q in lesson_of(13).quiz().questions if q.kind.startswith("call")]
    answers = sorted((q.answer == PASS, q.answer[0] == "2" if q.answer != PASS else False) for q in calls)
    assert answers == [(False, False), (False, True), (True, False)]  # open at 1, raise to 2, pass
    no_fit = next(q for q in calls if q.answer == PASS)
    assert "fewer than 8" in no_fit.explanation
    for seed in range(100):
        q = make_question("call:no_fit", seed)
        assert q.answer == PASS and q.check("2" + q.prompt.split("1")[1][0]).correct is False, seed


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_18s_quiz_asks_only_what_the_ages_8_to_11_route_teaches(edition):
    """A quiz item compared a 4–1 split (about 28.3%), which only the ages 12–13 page gives: the
    labs every pupil uses grey 4–1 and 5–0 together."""
    was = messages.current_language()
    messages.set_language(edition)
    try:
        from exercises.kinds import make_question
        asked = [make_question("chance_compare", seed) for seed in range(200)]
        asked += lesson_of(18).quiz().questions + lesson_of(18).precheck().questions
    finally:
        messages.set_language(was)
    assert not [q.prompt for q in asked if "4–1" in q.prompt + q.explanation or "5–0" in q.prompt + q.explanation]
    assert any("3–2" in q.prompt for q in asked)


def test_lesson_6s_quiz_scores_a_made_game_and_a_contract_that_goes_down():
    """The lesson is why a game is worth promising, and what going down costs: its quiz (the
    Japanese class's first three too) scores both, in each edition's rules."""
    from cardlib import minibridge

    for edition in EDITIONS:
        minibridge.use_rules(minibridge.edition_rules(edition))
        try:
            codes = [{s.code for s in q.slips} for q in lesson_of(6).quiz().questions[:3]]
        finally:
            minibridge.use_rules(minibridge.edition_rules("en"))
        assert any("game_small_bonus" in c for c in codes), f"{edition}: a game made, with its bonus"
        assert any("other_rules_short" in c for c in codes), f"{edition}: a contract that goes down"


def test_lesson_6s_quiz_asks_no_sum_its_page_has_worked_out():
    """Reader of lessons 6-8: lesson 6's exit quiz item 1 was "North played ♠ game and took 10
    tricks", deal A's answer on the page (4 × 30 + 300 = 420): a pupil copied it. No item asks a
    contract and tricks the page works out, nor gets one of the page's scores."""
    page = "\n".join(pupils_markdown("en", "06_scoring"))
    worked = {("♣ partscore", 8): "2 × 20 = 40", ("♥ game", 8): "2 × 50 = 100", ("♠ game", 10): "4 × 30 + 300 = 420",
              ("♠ partscore", 10): "4 × 30 + 50 = 170", ("♥ partscore", 8): "2 × 30 + 50 = 110"}
    assert all(sum_ in page for sum_ in worked.values())
    scores = {int(sum_.split("= ")[-1]) for sum_ in worked.values()} | {90, 200}  # 40 + 50; a partscore's 11 tricks
    assert "40 + 50 = 90" in page and "5 × 30 + 50 = 200" in page
    for q in lesson_of(6).quiz().questions:
        contract, tricks = re.search(r"played (.+?) and took (\d+)", q.prompt).groups()
        assert (contract, int(tricks)) not in worked and q.answer not in scores, q.prompt


def test_lesson_11s_quiz_asks_second_hand_low_and_third_hand_high():
    prompts = [q for q in lesson_of(11).quiz().questions[:3] if q.kind == "defend"]  # the Japanese class asks 3
    assert any("partner" not in q.prompt.lower() for q in prompts), "a defender plays second, after declarer's side"
    assert any({s.code for s in q.slips} & {"third_hand_low", "not_high_enough"} for q in prompts), "a defender plays third, high"


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_11s_practice_sheet_asks_each_rule_of_the_lesson_once(edition):
    """Reader M: the English sheet had two "partner wins" items and 14 − 7 twice, and no second hand
    low or third hand high; the Japanese one had no third hand high. The answers are the cards
    cardlib's rules choose."""
    from cardlib import Card, Hand
    from cardlib.defence import second_hand, third_hand

    was = messages.current_language()
    messages.set_language(edition)
    try:
        sheet = lesson_of(11).practice_sheet()
    finally:
        messages.set_language(was)
    rules = []
    for q in sheet:
        if q.kind.startswith("defend"):
            trick = [Card.parse(c) for _, c in q.picture.rows[0][1][1]]
            hand = Hand([Card.parse(c) for c in q.picture.rows[1][1][1]])
            follow = second_hand(hand, trick) if len(trick) == 1 else third_hand(hand, trick)
            assert str(follow.card) == q.answer, q.prompt
            rules.append(follow.rule)
        else:
            rules.append(q.kind)
    assert sorted(rules) == sorted(["second_hand_low", "third_hand_high", "partner_wins", "tricks_needed:defenders"])
    assert len({q.prompt for q in sheet}) == len(sheet)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_a_third_hand_slip_says_what_the_pupils_card_does(edition):
    """Reader M: West holds ♠A Q over partner's winning ♠9 (quiz 3); the ♠Q was answered "That is
    third hand low: partner's card would lose to declarer's". A card that cannot beat the trick's
    winning card is third hand low ("partner's card would lose" only when it is losing); one that
    beats it, but is lower than the answer, is not high enough."""
    from cardlib import Card
    from exercises.kinds import make_question

    was = messages.current_language()
    messages.set_language(edition)
    try:
        items = [make_question("defend", seed) for seed in range(300)] + list(lesson_of(11).quiz().questions)
        seen = set()
        for q in items:
            if q.kind != "defend":
                continue
            trick = [Card.parse(c) for _, c in q.picture.rows[0][1][1]]
            if len(trick) != 2:
                continue
            led = trick[0]
            winning = max((c for c in trick if c.suit is led.suit), key=lambda c: c.rank)
            for slip in q.slips:
                card = Card.parse(slip.value)
                if slip.code == "third_hand_low":
                    assert card.rank < winning.rank, (q.seed, slip.value)
                    assert (say("ex_slip_third_hand_low") == slip.words) == (winning != led), (q.seed, slip.words)
                    seen.add(winning == led)
                elif slip.code == "not_high_enough":
                    assert card.rank > winning.rank, (q.seed, slip.value)
                    seen.add("over")
        quiz_3 = lesson_of(11).quiz().questions[2]
        assert quiz_3.answer == "♠A" and quiz_3.check("♠Q").slip == "not_high_enough"
    finally:
        messages.set_language(was)
    assert seen == {True, False, "over"}


def test_lesson_18s_quiz_compares_chances_as_its_hint_says():
    """The page's hint for comparing, "both chances have 52 at the bottom: compare the top
    numbers", fits one card from a pack; the class's counts cannot tell 65% from 68%."""
    compare = [q for q in lesson_of(18).quiz().questions if q.kind.startswith("chance_compare")]
    assert compare and all("of the 52 cards" in q.explanation for q in compare)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_18s_quiz_asks_each_idea_of_the_lesson_once(edition):
    """Its Q1 and Q5 were one sum twice (a king, queen or jack: 3/13; or an ace too: 4/13). Each
    item now tests its own idea: a card from the pack as a fraction, the share of some cards in
    percent, the share of a class's deals (it settles), which of two cards is more likely, and
    listing every way (which no item asked); the Japanese class's 3 items too, and the pre-check's.
    The list of every way is in the Japanese class's 3 and the pre-check."""
    was = messages.current_language()
    messages.set_language(edition)
    try:
        quiz, precheck = lesson_of(18).quiz().questions, lesson_of(18).precheck().questions
    finally:
        messages.set_language(was)
    ideas = {"chance_fraction:pack", "chance_percent:cards", "chance_percent:deals", "chance_compare:pack", "chance_ways"}
    for asked in (quiz, precheck):
        kinds = [q.kind for q in asked]
        assert len(kinds) == len(set(kinds)) and set(kinds) <= ideas and "chance_ways" in kinds, kinds
    assert len(quiz) == {"en": 5, "ja": 3}[edition]
    told = {"en": "Five questions, the same for everyone.", "ja": "問題は3つ。"}[edition]
    assert any(told in text for text in pupils_markdown(edition, "18_chance_and_cards")), told
    fraction = [q for q in quiz if q.answer_kind == "fraction"]
    assert len(fraction) == 1 and not fraction[0].picture.rows and "52" in fraction[0].prompt
    percent = {("deals" if not q.picture.rows else "cards") for q in quiz if q.answer_kind == "percent"}
    assert len(percent) == len([q for q in quiz if q.answer_kind == "percent"])


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_18s_pre_check_quiz_and_sheet_never_ask_one_question_twice_and_the_sheet_lists_three_cards(edition):
    """Reader V: the pre-check and the printed sheet asked "East and West hold the ♥Q ♥J … 1–1?"
    word for word, and the three-card list the pairs practise (2–1 in 6 of the 8 ways) was never
    asked on paper. No prompt comes twice across the pre-check, the quiz and the sheet; the sheet
    lists three cards and asks the 2–1 split, its answer counted from the list; and its comparison
    has two unequal counts, so "just as likely" is not the answer again."""
    from exercises.chance_kinds import every_way

    was = messages.current_language()
    messages.set_language(edition)
    try:
        lesson = lesson_of(18)
        parts = {"pre-check": lesson.precheck().questions, "quiz": lesson.quiz().questions,
                 "sheet": lesson.practice_sheet()}
    finally:
        messages.set_language(was)
    prompts = [(q.prompt, part) for part, asked in parts.items() for q in asked]
    repeated = {p for p, _ in prompts if [x for x, _ in prompts].count(p) > 1}
    assert not repeated, [(p, part) for p, part in prompts if p in repeated]
    ways = [q for q in parts["sheet"] if q.kind.startswith("chance_ways")]
    assert len(ways) == 1 and len(missing := ways[0].picture.rows[0][1][1]) == 3, [q.prompt for q in ways]
    assert "2–1" in ways[0].prompt and ways[0].answer == 6 == sum(
        1 for east, west in every_way(missing) if sorted((len(east), len(west))) == [1, 2])
    compare = [q for q in parts["sheet"] if q.kind.startswith("chance_compare")]
    assert len(compare) == 1 and compare[0].answer != "same"


# --- the defenders' target, 14 minus declarer's tricks, is lesson 11's sum: nothing asks it before ------

FOURTEEN_SUM = r"(?<![\d.])(?<![−+×-] )14 ?[−-] ?[\d{]"  # a sum that starts at 14 (not 40 − 14 − 8)
FOURTEEN_LESS = re.compile(FOURTEEN_SUM + r"|(?<!\d)14から|tricks_to_defeat")
DEFENDERS_TARGET_TAUGHT = {"en": ("the defenders take 13 − 6 = 7", "So the **defenders' target** is 14 − 7 = 7 tricks."),
                           "ja": ("ディフェンダーは 13 − 6 = 7トリック", "</b>は 14 − 7 = 7トリックです。")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_lesson_counts_the_defenders_target_before_the_lesson_that_teaches_it(edition):
    """Lesson 10 said "the defenders need 14 − 9 = 5 tricks" a lesson before lesson 11 teaches why
    it is 14: every lesson before the one teaching the defenders' target (its cells, the teacher's
    and the code too, and its practice and quiz questions) leaves the sum out, and that lesson
    counts it from the 13 tricks before it first writes 14 − a number."""
    from cardlib.minibridge import Contract

    assert Contract("NT game").tricks_to_defeat == 14 - 9 == 13 - 9 + 1
    teaching = next(lesson for lesson in COURSE if "defenders_target" in lesson.ideas)
    assert FOURTEEN_LESS.search("the defenders need 14 − 9 = 5") and FOURTEEN_LESS.search("14から7をひく")
    assert not FOURTEEN_LESS.search("13 − 8 = 5, 2 + 14 = 16, 14 points, 1.14 − 2, 40 − 14 − 8 − 14 = 4")
    messages.set_language(edition)
    for lesson in COURSE[:COURSE.index(teaching)]:
        for cell in cells_of(edition, lesson.notebook):
            text = "".join(cell["source"])
            assert not FOURTEEN_LESS.search(text), (lesson.notebook, FOURTEEN_LESS.search(text).group(0), text)
        asked = [make_question(kind, seed) for kind in set(lesson.practice + lesson.quiz_kinds) for seed in range(40)]
        for q in asked + list(lesson.quiz().questions) + list(lesson.precheck().questions):
            words = "\n".join([q.prompt, q.hint, q.explanation, q.rules_line] + [slip.words for slip in q.slips])
            assert not FOURTEEN_LESS.search(words), (lesson.number, q.kind, words)
    text = "\n".join(pupils_markdown(edition, teaching.notebook))
    thirteen, fourteen = DEFENDERS_TARGET_TAUGHT[edition]
    assert thirteen in text and fourteen in text, text
    assert not re.search(FOURTEEN_SUM, text[:text.index(thirteen)])  # no 14 − n before the 13 tricks explain it


# Glossary words a Japanese question may use before the lesson that brings them in: everyday
# Japanese (手札, the cards in your hand, is lesson 2's word and every card game's).
JA_EVERYDAY = {"hand"}


def test_no_japanese_question_uses_a_word_before_the_lesson_that_teaches_it():
    """Lesson 5's pre-check, exit quiz and practice sheet asked 「…をメイクするには」 with メイク,
    lesson 6's word (reader J): to a Japanese eight-year-old it means make-up. No question of a
    lesson (its practice, quiz, pre-check and practice sheet: prompt, hint, working, rules line,
    slips and choices) uses a glossary word of a later lesson."""
    from cardlib.messages import plain
    from exercises.glossary import GLOSSARY

    messages.set_language("ja")
    assert "メイク" not in make_question("tricks_needed", 1).prompt
    early = set()
    for lesson in COURSE:
        later = {term.key: re.sub(r"\s*[(（].*[)）]$", "", plain(term.word)) for term in GLOSSARY
                 if term.lesson.number > lesson.number and term.key not in JA_EVERYDAY}
        asked = [make_question(kind, seed) for kind in set(lesson.practice + lesson.quiz_kinds) for seed in range(12)]
        asked += list(lesson.quiz().questions) + list(lesson.precheck().questions) + lesson.practice_sheet()
        for q in asked:
            words = plain("\n".join([q.prompt, q.hint, q.explanation, q.rules_line] + [slip.words for slip in q.slips]
                                     + [str(label) for label, _ in q.options]))
            early |= {(lesson.number, q.kind, word) for word in later.values() if word and word in words}
    assert not early, sorted(early)


@pytest.mark.parametrize("edition, asks", [("en", ("a heart?", "13/52 = 1/4")), ("ja", ("ハートが出る", "13/52 = 1/4（4分の1）"))])
def test_lesson_19_recaps_lesson_18s_chances(edition, asks):
    """Lesson 19's "Last time" opened "Chances with cards." and then asked about points and
    ♠ game: it asks lesson 18's chances now, the pack's own numbers, and so does its plan."""
    from fractions import Fraction

    from cardlib import BRIDGE_PACK, Suit

    hearts = sum(card.suit is Suit.HEARTS for card in BRIDGE_PACK.cards)
    assert (hearts, len(BRIDGE_PACK.cards)) == (13, 52) and Fraction(hearts, 52) == Fraction(1, 4)
    assert "chance" in lesson_of(18).ideas
    messages.set_language(edition)
    recap = next(t for t in pupils_markdown(edition, "19_coders_corner") if t.startswith(("## Last time", "## 前回")))
    assert all(words in recap for words in asks), recap
    assert "♠" not in recap and ("heart" in recap or "ハート" in recap)
    assert ("13/52" in say("plan_19_recap") or "52分の13" in say("plan_19_recap")) and "♠" not in say("plan_19_recap")


# --- the routine's sentences: one wording each, in every lesson ---------------------------------

ROUTINE_PRECHECK = {"en": "Three questions. Not knowing yet is fine.", "ja": "3つの問題です。まだわからなくても大じょうぶ。"}
NUMBER_WORDS = {3: "Three", 4: "Four", 5: "Five"}
# the Japanese 45-minute plan leaves the pre-check out (lesson 21): the page says so under the routine
PRECHECK_LEFT_OUT = {"en": "Not in today's class.", "ja": "この問題は<ruby>授業<rp>（</rp><rt>じゅぎょう</rt><rp>）</rp></ruby>ではしないので、家でためしてみよう。"}


def routine_cells(edition: str, notebook: str) -> tuple[str, str]:
    """The words under the pre-check's heading, and the words after the exit quiz."""
    cells = cells_of(edition, notebook)
    sources = ["".join(c["source"]) for c in cells]
    pre = next(i for i, s in enumerate(sources) if "precheck=True" in s and cells[i]["cell_type"] == "code")
    quiz = next(i for i, s in enumerate(sources) if "quiz=True" in s and cells[i]["cell_type"] == "code")
    return sources[pre - 1].partition("\n\n")[2], sources[quiz + 1]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_lesson_says_the_routine_in_one_wording(edition, notebook):
    """Lessons 9 and 11 said "It is fine not to know the answers yet: this lesson teaches them"
    and "Five questions. Everyone gets the same five. You get your mark at the end." where lessons
    1-7 said "Not knowing yet is fine" and "Five questions, the same for everyone. Your mark
    comes at the end.": one routine, one wording; the number is the quiz's own."""
    precheck, after_quiz = routine_cells(edition, notebook)
    precheck, _, left_out = precheck.partition("\n\n")  # a page may add that its plan leaves the pre-check out
    assert precheck == ROUTINE_PRECHECK[edition], (notebook, precheck)
    assert left_out in ("", PRECHECK_LEFT_OUT[edition]), (notebook, left_out)
    size = lesson_of(notebook).quiz_size_in(edition)
    if edition == "en":
        match = re.fullmatch(r"(\w+) (questions|scores), the same for everyone(: [^.]+)?\. Your mark comes at the end\.",
                             after_quiz)
        assert match and match.group(1) == NUMBER_WORDS[size], (notebook, after_quiz)
    else:
        sentences = after_quiz.split("。")
        assert sentences[0].endswith((f"{size}つ", f"{size}問")) and sentences[1] == f"みんな同じ{size}問です", after_quiz
        assert after_quiz.endswith("。さいごに、何問せいかいしたかが出ます。"), (notebook, after_quiz)


@pytest.mark.parametrize("edition, call, higher", [
    ("en", "makes a **call**: a **bid**, or **pass**", "With two suits as long, bid the higher one."),
    ("ja", "ビッドとパスを<b>コール</b>といいます", "同じ長さのスーツが2つなら、高いほうです。")])
def test_lesson_13_defines_a_call_and_opens_the_higher_of_two_long_suits(edition, call, higher):
    """Lesson 13 said "calls first" without saying what a call is, and "bid 1 of your longest
    suit" without the computer's "of two as long, the higher one" (docs/rules.md §1.7)."""
    from cardlib import Deal, Seat, Suit
    from cardlib.auction import Auction, Bid
    from cardlib.bots import call_by_the_rules

    text = "\n".join(pupils_markdown(edition, "13_bidding"))
    assert call in text and higher in text
    assert text.index(call) < text.index("コールします" if edition == "ja" else "calls first")
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES  # "higher" as the lesson's bids rank them
    ties = 0
    for seed in range(400):
        hand = Deal.random(seed=f"lesson 13 ties {seed}")[Seat.N]
        longest = max(hand.length(s) for s in Suit)
        tied = [s for s in Suit if hand.length(s) == longest]
        if hand.hcp >= 12 and len(tied) > 1:
            ties += 1
            assert call_by_the_rules(hand, Auction("N")) == Bid(1, max(tied)), hand
    assert ties >= 5


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_19s_glossary_writes_code_the_lesson_runs(edition):
    """Reader H: the glossary's "if" example was `if rank == "A":`, which compares the function
    itself with "A" and is never true; the lesson's code calls it, `rank(card)`. The example runs."""
    messages.set_language(edition)
    example = say("glossary_if_example")
    line = re.match(r'(if .+?:)', example).group(1)
    points = 0
    for card in ("♠A", "♥K", "♦A"):
        exec(f"{line}\n    points += 4", {"rank": lambda c: c[1:], "card": card}, scope := {"points": points})
        points = scope["points"]
    assert points == 8, example


@pytest.mark.parametrize("edition", ["en", "ja"])
@pytest.mark.parametrize("number", range(1, 7))
def test_the_notes_make_up_the_boards_the_plan_plays_in_class_and_print_the_rest_for_a_club_or_home(edition, number):
    """Reader O: the notes of lessons 1-4 asked for "one set of boards per table" of every deal,
    the club and home deals too, while the plan counts packs for the deals played in class only.
    The notes now name each board played in class and how many (the plan's ``class_boards``:
    7 a table, or 4 and 3 for a split), and print the other deals for a club session or home."""
    from exercises.plans import plan_of

    path = next(EDITIONS[edition].glob(f"{number:02d}_*.ipynb"))
    cells = ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]
    notes = next(c for c in cells if ("hand records of" in c if edition == "en" else "のハンドレコードを印刷し" in c))
    plan = plan_of(number, edition)
    for deal, count in plan.class_boards:
        board = f"{number}{deal}"
        if deal in plan.inside_boards:  # lesson 1: 1A is played from 1B's boards, and has none of its own
            assert ("So there are no 1A boards." if edition == "en" else "だから、1Aのボードは作りません。") in notes, board
            continue
        assert (f"{board} boards for {count}" if edition == "en" else f"{count}テーブル分の{board}のボード") in notes, board
    later = [f"{number}{deal}" for deal in plan.later_boards]
    if later:
        named = " and ".join(later) if edition == "en" else "と".join(later)
        assert (f"Print {named} for a club session or home" if edition == "en"
                else f"{named}はクラブ活動か家で使うために印刷します") in notes
    assert "one set of boards per table" not in notes and "4人1テーブルごとにボード" not in notes


@pytest.mark.parametrize("edition, label, table", [("en", "Club or home.", "In a club session, or as the next lesson's recap"),
                                                   ("ja", "クラブ活動か家で。", "クラブ活動か、次のレッスンのふり返りで")])
def test_lesson_6s_club_and_home_parts_say_so_and_the_notes_keep_the_score_table_out_of_the_3_minutes(edition, label, table):
    """Reader O (and J): lesson 6's "One more check" is for a club session or home, as the notes
    say, but had no label, while deal C's cell has one; and the notes built an 8-sum "game or
    partscore" table in the plan's 3 minutes of results. Both say where they go now."""
    from exercises.plans import plan_of

    cells = json.loads(next(EDITIONS[edition].glob("06_*.ipynb")).read_text(encoding="utf-8"))["cells"]
    texts = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    check = next(t for t in texts if t.startswith(("## One more check", "## もう一度たしかめよう")))
    assert check.split("\n\n")[1].startswith(label)
    notes = next(t for t in texts if "\"game or partscore\" table" in t or "「ゲームか、パートスコアか」の表" in t)
    assert table in notes
    assert [m for m, s in plan_of(6, edition).in_class if s.kind == "report"] == [3]


def test_japanese_make_and_sure_tricks_say_it_as_the_lessons_do():
    """Reader O: the glossary's メイク said 「…数以上を取ること」 while lesson 4 says 「7トリックか、
    それより多く取る」; lesson 1's tip said 「かならず取れるカード」 for the lesson's term
    かならず取れるトリック. Each now uses the lessons' own words."""
    from exercises.glossary import TERMS

    messages.set_language("ja")
    meaning = TERMS["make"].meaning
    messages.set_language("en")
    assert "か、それより多く取る" in meaning and "以上" not in meaning
    text = "".join(pupils_markdown("ja", "01_tricks"))
    assert "かならず取れるカード" not in text and "かならず取れるトリックになるカード" in text


def test_japanese_lesson_13_glossary_and_bid_order_say_it_as_the_page_does():
    """Reader T: the ja glossary said 12点以上 / 8まい以上 / 6点以上 where lesson 13's page says
    「か、それより多い」, and the bid-order explanation said いちばん上がNT beside 1ノートランプ."""
    from exercises.glossary import TERMS

    messages.set_language("ja")
    try:
        opening, raising = TERMS["open"].meaning, TERMS["raise"].meaning
        order = say("ex_bid_working", higher="1ノートランプ", lower="1♦", tricks=7)
        hint, slip = say("ex_bid_hint"), say("ex_slip_bid_denomination")
    finally:
        messages.set_language("en")
    assert "以上" not in opening + raising
    assert "12点か、それより多ければ" in opening and "6点か、それより多い" in raising
    assert all("ノートランプ" in text and "NT" not in text for text in (order, hint, slip))


def test_japanese_lesson_12_contract_words_score_lines_and_plan_say_it_as_the_pages_do():
    """Reader T: lesson 12's contract item (hint, slips, the coach's reasons) said 8まい以上 / 25点以上
    where lesson 13's page says 「か、それより多い」; cell 13's third line had no 4メイク and no sum;
    the plan's talk line left out the defenders' target the page teaches and the quizzes ask."""
    from exercises.plans import plan_of

    messages.set_language("ja")
    try:
        words = [say("ex_contract_hint"), say("ex_slip_no_fit", suit="♥", length=7),
                 say("ex_slip_minor", suit="♣"), *suggest_contract("♠AK1032 ♥K32 ♦Q52 ♣J2", "♠QJ4 ♥AQ5 ♦K43 ♣Q1098").reasons]
    finally:
        messages.set_language("en")
    assert not [text for text in words if "以上" in text]
    assert "8まいか、それより多ければ" in words[0] and "25点か、それより多ければ" in words[0]
    assert "- 東：♥のゲーム、10トリック、4メイク。30 × 4 + 500 = 620点が東西に。" in "\n".join(pupils_markdown("ja", "12_a_whole_hand"))
    for edition, target in (("en", "the defenders' target (14 − tricks needed)"), ("ja", "ディフェンダーの目標（14 − 必要なトリック数）")):
        messages.set_language(edition)
        try:
            talk = plan_of(12, edition).lines()[1][2]
        finally:
            messages.set_language("en")
        assert talk.endswith(target), talk


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_2s_plan_recaps_what_its_last_time_cell_asks(edition):
    """Reader O (and I): lesson 2's plan said its recap was "which card wins, follow suit, sure
    tricks", but the page's "Last time" asks only the first two. The plan's line now names what
    the page asks."""
    from exercises.plans import plan_of

    messages.set_language(edition)
    recap = plan_of(2, edition).lines()[1][0]
    last_time = pupils_markdown(edition, "02_trumps")[next(i for i, t in enumerate(pupils_markdown(edition, "02_trumps"))
                                                          if t.startswith(("## Last time", "## 前回のふり返り")))]
    word = SURE_TRICK[edition]
    assert (word in recap) == (word in last_time), (recap, last_time)


@pytest.mark.parametrize("edition, half", [("en", "Half the tables play this deal."), ("ja", "半分のテーブルがこのディールをプレイします。")])
def test_lesson_6s_two_deals_each_say_half_the_tables_play_it_as_the_plan_splits_them(edition, half):
    """Reader O: deal B's cell said "Half the tables play this deal" and deal A's did not, though
    the plan splits the class between them (6A at 4 tables, 6B at 3)."""
    from exercises.plans import plan_of

    assert [d for d, _ in plan_of(6, edition).class_boards] == ["A", "B"]
    texts = pupils_markdown(edition, "06_scoring")
    assert sum(t.startswith(half) for t in texts) == 2


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_17s_practice_hint_says_no_trumps_doubles_as_its_questions_do(edition):
    """Reader sd: the line under lesson 17's practice said "Tap back: take away 30, × 2 for each tap",
    but some of its tap-back questions have no trumps (× 8): a pupil who followed the line got half.
    The line now says no trumps is × 2 more."""
    questions = [make_question("manille_score:tap_back", seed) for seed in range(60)]
    assert any(q.answer == (int(re.search(r"(\d+) ", q.prompt[q.prompt.index("took"):].split("took ")[1]).group(1)) - 30) * 8
               for q in questions if "No trumps" in q.prompt)
    cells = json.loads((ROOT / "notebooks" / ("ja" if edition == "ja" else "") / "17_more_manille.ipynb").read_text())["cells"]
    practice = [i for i, c in enumerate(cells) if "".join(c["source"]) in ("## Practice", "## 練習")][0]
    hint = "".join(cells[practice + 2]["source"])
    assert {"en": "× 2 more for no trumps", "ja": "なしなら、もう一度 × 2"}[edition] in hint, hint


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_18s_list_every_way_asks_before_it_shows_the_ways(edition):
    """A reader: the pictures of every way sat above the paper task, so a class saw the answers
    before it listed them. Each task now comes first, its answer folded after it, and each picture
    of every way comes after its task, closed until it is opened (the class checks its lists
    against it), in both editions."""
    from exercises.chance_lab import EveryWay

    cells = json.loads((EDITIONS[edition] / "18_chance_and_cards.ipynb").read_text(encoding="utf-8"))["cells"]
    listing = [c for c in cells if c["metadata"].get("path") == "listing"]
    kinds = [(c["cell_type"], "<details>" in "".join(c["source"]), "folded=True" in "".join(c["source"])) for c in listing]
    assert kinds[1:] == [("markdown", True, False), ("code", False, True)] * 2, kinds
    pictures = [c for c in listing if "EveryWay(" in "".join(c["source"])]
    assert len(pictures) == 2
    assert EveryWay(("♥K", "♥Q"), folded=True)._repr_html_().startswith("<details><summary>")
