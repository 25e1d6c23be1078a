"""The set deals of each lesson: every table in the class plays the same deal at once, and
the teacher's printed hand records show them. Each deal is chosen so that the lesson's idea
decides it (checked in tests/exercises/test_set_deals_teach.py).

>>> all(deal.table in TABLES for deals in SET_DEALS.values() for deal in deals)
True
"""
from __future__ import annotations

import functools

from dataclasses import dataclass
from pathlib import Path

from cardlib import Deal, Seat, Suit

TABLES = ("tricks", "minibridge", "auction", "manille")


@dataclass(frozen=True)
class SetDeal:
    """A deal the whole class plays at once (real boards pre-dealt from its hand record).

    ``name`` is how the teacher calls it ("1A" is lesson 1's deal A); ``pbn`` the hands, the
    dealer first ("N:<north> <east> <south> <west>"); ``table`` the table that plays it:
    "tricks" (no dummy: lessons 1-3), "minibridge", "auction" (MiniBridge with an auction: the
    auction finds the contract) or "manille"; ``contract`` what it is
    played in ("NT partscore", "♠ game"; for the trick and Manille tables a trump suit or
    "no trumps"; "" when the pupil chooses); ``leader`` who leads first if the rules do not
    say; ``why`` tells the teacher what the deal shows and what should happen; ``script`` the
    cards played first, in order from the opening lead, up to the pupil's question
    ("♠2 ♠5 ♠K ♠A ♦5"): the lesson's table plays them for the computer's seats while the pupil's
    cards are the script's too, and a table with real cards plays them, each seat from its
    curtain card (tests/cardlib/test_defence.py plays the lessons' tables); ``also`` the trump
    suit the other half of the tables plays it in, when the class splits (2A: hearts at half the
    tables, spades at the others); ``replies`` lines
    of the cards that may come after the script, which the lesson's table plays in the same way
    when the pupil answers as the line does (22A: West plays low and South draws trumps first, as
    the page tells). The curtain cards print the script, and each line's cards after the
    pupil's answer on the other seats' slips (never the pupil's own: the question stays theirs);
    after them, and after another answer, a real table's players choose.
    """

    name: str
    pbn: str
    table: str
    why: str
    contract: str = ""
    leader: Seat | None = None
    script: str = ""
    replies: tuple[str, ...] = ()
    also: str = ""

    @property
    def deal(self):
        """The deal itself (a cardlib Deal)."""
        return Deal(self.pbn)

    @property
    def tricks_table(self) -> dict[tuple, int] | None:
        """Its double-dummy figures, stored: None for a Manille or short deal, or a deal not
        stored as it is now (changed since `python -m exercises.set_deals` last solved them)."""
        board = _stored_boards().get(self.name)
        return board.tricks if board is not None and board.deal == self.deal else None

    def table_widget(self, **options):
        """The card table that plays this deal in a lesson (imports ipywidgets). It joins the
        lesson's page, which keeps its moves for the pupil (exercises.page)."""
        from exercises.page import this_page
        from exercises.tables import table_for

        table = table_for(self, **options)
        this_page().add_table(self.name, table)
        return table


SET_DEALS: dict[int, tuple[SetDeal, ...]] = {}

# --- lessons 1-4 (tricks, trumps, points, declarer and dummy) ---------------------------------
# Lessons 1-3 play on the trick table: no dummy, every hand face up, the dealer's left leads.
SET_DEALS[1] = (
    SetDeal("1A", "N:A63... QT4... K85... J97...", "tricks", contract="no trumps",
            why="One suit without its 2: 12 cards, 3 each, so 3 tricks. Everyone must follow "
                "suit every time. N–S hold the ace and the king: 2 sure tricks; E–W keep the "
                "queen for trick 3. Before trick 3 each player has one card left: who wins it?"),
    SetDeal("1B", "N:A63.T987.AKQJ.43 QT42.654.T9.JT98 K85.32.7654.AKQ2 J97.AKQJ.832.765", "tricks",
            contract="no trumps",
            why="Each hand's spades are its spades of 1A (East also has the ♠2), so 1A is played from this "
                "board. Count the sure tricks first. N–S: ♠A K, ♦A K Q J and ♣A K Q, 2 + 4 + 3 = 9. "
                "E–W: ♥A K Q J, 4. 9 + 4 = 13: the sure tricks are all the tricks. South must not throw "
                "away a sure trick when a heart is led and South has none left: a small card keeps the 9."),
    SetDeal("1C", "N:AT652.6.T8.QJ743 8.AKT9873.K954.8 K4.QJ5.763.AKT65 QJ973.42.AQJ2.92", "tricks",
            contract="no trumps",
            why="A close one, for a club session or home. N–S: ♠A K and ♣A K Q J 10, 2 + 5 = 7 sure tricks. "
                "E–W: ♦A K Q J and ♥A K, 4 + 2 = 6. 7 + 6 = 13, so one careless discard can change who "
                "takes more."),
)
SET_DEALS[2] = (
    SetDeal("2A", "N:KJ2.A943.984.A43 Q65.65.AKJ62.965 98743.KQ8..KQJ87 AT.JT72.QT753.T2", "tricks",
            contract="♥", also="♠",
            why="Half the tables play it in hearts (N–S have 7 hearts, with the A K Q), the others in "
                "spades (N–S have 8 spades, without the ace). Spades give N–S 3 tricks more: the "
                "longer suit makes the better trumps, even with smaller cards."),
    SetDeal("2B", "N:752.A94.T765.863 83.Q6.AKQJ2.AKT2 AKJ96.KJT5..Q975 QT4.8732.9843.J4", "tricks",
            contract="♠",
            why="Trumping a short suit: South has no diamonds, and E–W hold ♦A K Q J. With no trumps "
                "N–S take only 6, because E–W's diamonds win the tricks South trumps in spades."),
)
SET_DEALS[3] = (
    SetDeal("3A", "N:KQ42.T75.KJ9.K83 J875.64.A84.QJ74 A6.KJ82.Q72.AT52 T93.AQ93.T653.96", "tricks",
            contract="no trumps",
            why="Count first: North 12, East 8, South 14, West 6; 12 + 8 + 14 + 6 = 40. N–S have "
                "12 + 14 = 26, E–W 8 + 6 = 14. Then play with no trumps: more points, more tricks."),
    SetDeal("3B", "E:Q94.Q8.KQT7.K542 853.AJ6.982.QJT9 A762.KT7.J54.A87 KJT.95432.A63.63", "tricks",
            contract="no trumps",
            why="The other way round: East deals and says 12, South 8, West 12, North 8. E–W have "
                "24 points and N–S 16, so this time the pupil's side has fewer. South leads first."),
)
# Lesson 4 plays on the MiniBridge table with the contract given (choosing it is lesson 5).
SET_DEALS[4] = (
    SetDeal("4A", "N:Q2.KQ85.954.KT95 876.T42.QJ7.QJ83 KT954.J6.AK3.A42 AJ3.A973.T862.76", "minibridge",
            contract="NT partscore",
            why="The rule in its plainest form: N–S have 10 + 15 = 25, E–W 6 + 9 = 15. South has "
                "more than North, so South is declarer and North is dummy. West leads first. With "
                "no trumps and good play South takes 9 tricks."),
    SetDeal("4B", "W:KT9.A872.AT7.QJ2 AJ842.54.K8.A876 65.JT96.J32.9543 Q73.KQ3.Q9654.KT", "minibridge",
            contract="♠ partscore",
            why="A tie broken by who spoke first. West deals and has 14, the most of anyone, but E–W "
                "have only 14 + 2 = 16; N–S have 12 + 12 = 24. North and South both have 12: North "
                "announced before South, so North is declarer and South is dummy, with the spades "
                "on dummy's right. East leads. With good play North takes 10 tricks in spades."),
    SetDeal("4C", "S:8743.64.A9642.53 AJT9.QT75.KQ5.JT K652.J9.J3.AKQ42 Q.AK832.T87.9876", "minibridge",
            contract="♥ partscore",
            why="For home, on screen: North has 14, the most of anyone, but N–S have only 14 + 4 = 18. "
                "E–W have 13 + 9 = 22, so they play: West (13) is declarer and East dummy, hearts on "
                "dummy's right. North leads. With good play West takes 10 tricks in hearts."),
)

# --- lessons 5-8 (choosing the contract, scoring, card play, a whole hand) ---------------------
# All on the MiniBridge table; declarer is found by points as lesson 4 teaches. "With good play"
# means best play by all four players (double dummy), the player on declarer's left leading.
# Lesson 5: the pupil chooses the contract (no contract given), no score yet.
SET_DEALS[5] = (
    SetDeal("5A", "N:KT4.975.K86.AQ42 53.J32.QT42.T876 AQJ72.84.A93.KJ5 986.AKQT6.J75.93", "minibridge",
            why="A golden fit. North 12, East 3, South 15, West 10: N–S have 12 + 15 = 27, so South "
                "is declarer and North dummy. Spades: 5 + 3 = 8, a golden fit, and 27 is 25 or more: "
                "♠ game (10 tricks). With good play South takes 11 tricks in spades but only 8 in no "
                "trumps: in no trumps West's five hearts (A K Q 10 6) all win; in spades South trumps "
                "the third heart."),
    SetDeal("5B", "N:Q4.AQT63.Q62.T86 732.K8754.KT.743 AKT95.J9.A85.KJ5 J86.2.J9743.AQ92", "minibridge",
            why="No golden fit. North 10, East 6, South 16, West 8: N–S have 10 + 16 = 26, so South "
                "is declarer. South has 5 spades and North has 5 hearts, but each major has only 7 cards "
                "together (5 + 2), so no trumps; 26 points: NT game (9 tricks). With good play South "
                "takes 9 tricks in no trumps, enough for the NT game; in spades too it takes 9, and in "
                "hearts 8, short of a major game's 10."),
    SetDeal("5C", "N:QT73.K94.K85.Q84 652.T32.J42.AT73 K4.AQ865.Q73.J62 AJ98.J7.AT96.K95", "minibridge",
            why="For a club session or home: fewer than 25 points. North 10, East 5, South 12, West 13: West has "
                "the most of anyone, but N–S have 10 + 12 = 22 and E–W 18. South is declarer. Hearts: "
                "5 + 3 = 8, a golden fit; 22 points: ♥ partscore (7 tricks). With good play South takes "
                "9 tricks in hearts: the partscore makes, a ♥ game (10) would not."),
)
# Lesson 6: the pupil chooses the contract and sees the score and the score pad.
SET_DEALS[6] = (
    SetDeal("6A", "N:J963.Q96.A8.QJ52 8.A84.JT6543.984 AKQ52.K732.7.KT7 T74.JT5.KQ92.A63", "minibridge",
            why="Why promise a game. North 10, East 5, South 15, West 10: N–S have 25, South declares. "
                "Spades 5 + 4 = 9, a golden fit. With good play South takes exactly 10 tricks in "
                "spades: ♠ game scores 4 × 30 + 300 = 420, ♠ partscore with the same 10 tricks only "
                "4 × 30 + 50 = 170. In no trumps South takes only 6."),
    SetDeal("6B", "N:K7.T972.8752.AJ2 T98.K86.AKJ6.T63 A64.QJ53.Q94.KQ4 QJ532.A4.T3.9875", "minibridge",
            why="When game goes down. North 8, East 11, South 14, West 7: N–S have 22, South "
                "declares. Hearts 4 + 4 = 8, a golden fit. With good play South takes 8 tricks in "
                "hearts: ♥ partscore scores 2 × 30 + 50 = 110 for N–S; ♥ game is 2 tricks short, so "
                "E–W score 2 × 50 = 100 and N–S 0."),
    SetDeal("6C", "N:J4.AQT6.K93.Q764 9763.98752.J5.A9 KQT2.KJ3.Q42.K82 A85.4.AT876.JT53", "minibridge",
            why="For a club session or home: a game in no trumps. North 12, East 5, South 14, West 9: N–S have "
                "26, South declares. No golden fit (hearts 3 + 4 = 7, spades 4 + 2 = 6). With good play "
                "South takes exactly 9 tricks in no trumps: NT game scores 40 + 30 + 30 + 300 = 400. "
                "In hearts South also takes 9, one short of a ♥ game."),
)
# Lesson 7: the contract is given (the one lesson 5's guidelines choose); one technique decides each.
SET_DEALS[7] = (
    SetDeal("7A", "N:K852.K75.873.975 63.98642.65.T432 AJ4.AJ3.AKQ42.86 QT97.QT.JT9.AKQJ", "minibridge",
            contract="NT game",
            why="Count your sure tricks, then the long suit. South (19) declares, North (6) is dummy; "
                "NT game needs 9. Sure tricks: ♠A K, ♥A K, ♦A K Q: 7. E–W hold 5 diamonds, 3 with "
                "West and 2 with East: after ♦A K Q they have none, so South's ♦4 and ♦2 win too: "
                "7 + 2 = 9. West leads the ♣A (its curtain card says so): E–W can take their 4 clubs "
                "(A K Q J) but no more. With good play South takes exactly 9 tricks. After any other "
                "lead South can take 11.",
            script="♣A"),
    SetDeal("7B", "N:K74.K75.987.K643 862.9832.432.QJ5 A53.A64.KQJT.A72 QJT9.QJT.A65.T98", "minibridge",
            contract="NT game",
            why="Knock out their ace first. South (18) declares; NT game needs 9. Sure tricks: ♠A K, "
                "♥A K, ♣A K: 6. The ♦K Q J 10 give 3 more once West's ♦A is gone. West leads the ♠Q "
                "(its curtain card says so); South wins and plays the ♦K at once: West takes the ♦A and South still holds a "
                "stopper in every suit: 6 + 3 = 9. With good play South takes 10 tricks: three rounds of "
                "clubs lose one to East's ♣Q (E–W hold 3 and 3), then North's fourth club wins. East must "
                "have no spade left to lead then: if West returns the ♠J after the ♦A, South lets it win "
                "(winning it gives only 9). If South first takes all 6 sure tricks, West's spades and hearts become winners, and after the ♦A E–W "
                "cash them: South takes only 7 tricks, 2 down.",
            script="♠Q"),
    SetDeal("7C", "N:754.653.QJT98.42 QJT.QJT.43.KQJT9 AK6.A742.AK2.A86 9832.K98.765.753", "minibridge",
            contract="NT game",
            why="High from the short side first. South (22) declares; North (3) has the ♦Q J 10 9 8 "
                "and no other way in. South plays ♦A, ♦K, then the ♦2 to North's ♦Q: all five diamonds "
                "win, and ♠A K, ♥A, ♣A make 9 tricks, exactly the NT game. If South plays the ♦2 to "
                "the ♦Q first, South's ♦A K win the next two diamonds and North's last two are stuck "
                "in dummy: only 7 tricks, 2 down."),
)
# Lesson 8: drawing trumps, and trumping losers in the short trump hand.
SET_DEALS[8] = (
    SetDeal("8A", "N:865.74.AKQJ3.J43 J92.9862.T.QT987 AKQT7.K53.42.A65 43.AQJT.98765.K2", "minibridge",
            contract="♠ game",
            why="Draw trumps. South (16) declares, North (11) is dummy; spades 5 + 3 = 8; ♠ game needs "
                "10. East has one diamond. If South plays ♠A K Q first, E–W have no trumps left and "
                "North's ♦A K Q J win: South takes at least 10 tricks (5 spades, 4 diamonds and the ♣A), made. "
                "The best-play grid shows 11: if West throws away a diamond on the third spade, North's fifth "
                "diamond wins too; after a club, the 11th needs a throw-in (West's ♣K alone, then West must lead "
                "a heart to South's ♥K), and after a heart a squeeze, which no lesson teaches. West leads the ♦5 "
                "(the lead lesson 10 teaches). If South plays diamonds again before drawing trumps, East "
                "trumps the second one: South takes only 9, 1 down. West's curtain card gives the "
                "♦5 lead (after a ♣K lead, diamonds first would take only 8).",
            script="♦5"),
    SetDeal("8B", "N:T98.84.K9632.J94 42.KQJT5.87.Q763 AKQJ7.A32.A4.A85 653.976.QJT5.KT2", "minibridge",
            contract="♠ game",
            why="Trump your losers in the short trump hand. North 4, East 8, South 22, West 6: N–S "
                "have 26, South declares and North is dummy. Spades 5 + 3 = 8; ♠ game needs 10. "
                "South has three hearts (♥A 3 2), North only two (♥8 4) and three trumps. South "
                "plays hearts before trumps (♥A, then a small heart, which the defenders win), so "
                "North can trump South's third heart: the heart ruff makes the game, at least 10 tricks "
                "whatever West leads. After West's ♦Q lead (or a club lead) best play takes 11, by also "
                "setting up North's diamonds. If South draws trumps first (♠A K Q), North's three trumps are gone with them and, after West's "
                "♦Q lead, South takes only 9, 1 down. West's curtain card gives the ♦Q lead (top of "
                "♦Q J 10; after a club or a spade lead, trumps first would still take 10).",
            script="♦Q"),
)
# Lesson 9: the finesse, with the ♦A as North's only entry; the ♥K onside in 9A, offside in 9B. West leads
# the ♣Q (lesson 10's top of a sequence, as the computer's West does): a heart lead would give the finesse
# away. The ♦K sits with West so that East, who holds the ♥K in 9A, cannot be thrown in with a diamond to
# lead a heart: a South who spends the ♦A before the heart lead takes 8 even double dummy.
SET_DEALS[9] = (
    SetDeal("9A", "N:432.753.A762.654 T9876.KJT.Q9.983 AKQJ.AQ4.543.AK7 5.9862.KJT8.QJT2", "minibridge",
            contract="NT game",
            why="The finesse, and North's only entry. North 4, East 6, South 23, West 7: N–S have 27, South "
                "declares and North is dummy; no golden fit, so NT game (9 tricks). Sure tricks: ♠A K Q J, "
                "♥A, ♦A, ♣A K: 8. West leads the ♣Q (top of a sequence; West's curtain card says so: a heart "
                "lead would give the finesse away). East holds the ♥K. North's only entry is the ♦A: South "
                "crosses to it and leads a small heart towards ♥A Q: if East plays low, the ♥Q wins, the 9th "
                "trick. With good play South takes 9 tricks. If South plays ♥A and then ♥Q, East's ♥K takes "
                "the queen and South takes only 8, 1 down; so does a South who wins the ♦A and then leads "
                "anything but a heart from North: North never wins another trick.",
            script="♣Q"),
    SetDeal("9B", "N:432.753.A762.654 T9876.JT2.Q9.983 AKQJ.AQ4.543.AK7 5.K986.KJT8.QJT2", "minibridge",
            contract="NT game",
            why="The same N–S hands as 9A, but the ♥K has moved to West (West 10, East 3 now). West "
                "leads the ♣Q again (its curtain card says so). South wins it, crosses to the ♦A and leads a "
                "small heart: the finesse loses, West's ♥K takes the ♥Q, and South takes 8 tricks, 1 down. "
                "(A South who lets the ♣Q win could still take 9, by an ending far beyond this lesson; "
                "after winning the first club, 8 is the most.) The king is with East or with West: 1 chance in 2. Play 9A and 9B side "
                "by side and compare: the same good play wins one and loses the other.",
            script="♣Q"),
)
# Lesson 10: the opening lead. The computer declares; the pupil, on declarer's left, leads.
SET_DEALS[10] = (
    SetDeal("10A", "N:7.KJ3.QJT8753.Q5 KQJ4.Q7654.4.643 853.AT.AK9.AK972 AT962.982.62.JT8", "minibridge",
            contract="NT game",
            why="Fourth highest from your longest suit. North deals: North 9, East 8, South 18, West 5. "
                "N–S have 27, South declares and North is dummy: NT game (9 tricks). The pupil is West, on "
                "declarer's left, and leads. With the ♠6 (fourth highest of ♠A 10 9 6 2), or any spade, "
                "and good play the defenders take 5 tricks and South goes 1 down: E–W score 50. After a "
                "heart, a diamond or a club South takes all 13 tricks."),
    SetDeal("10B", "N:952.J962.43.AJ83 J876.T85.AKQ.Q72 AKQT3.7.97652.95 4.AKQ43.JT8.KT64", "minibridge",
            contract="♥ game",
            why="Do not lead away from an ace against trumps. North deals: North 6, East 12, South 9, "
                "West 13. E–W have 25, West declares and East is dummy; hearts 5 + 3 = 8, a golden fit: "
                "♥ game (10 tricks). The pupil is North, on declarer's left, and leads. With the ♠2 (from "
                "♠9 5 2, a suit without its ace) and good play the defenders take 4 tricks and West goes "
                "1 down: N–S score 50. After a small club away from the ♣A, or the ♣A itself, West takes "
                "10 tricks and makes the game."),
)
# Lesson 11: the defence after the lead. The computer declares and plays the pupil's partner; the
# pupil, on declarer's left, leads by lesson 10's rules and then meets the day's rule at trick 2.
SET_DEALS[11] = (
    SetDeal("11A", "W:K43.KJ954.Q3.K95 AT.AT73.KJ9865.Q QJ92.62.AT7.T743 8765.Q8.42.AJ862", "minibridge",
            contract="NT partscore",
            why="Second hand low. West deals: West 12, North 14, East 7, South 7. N–S have 21, North "
                "declares and South is dummy: NT partscore (7 tricks), so the defenders need 14 − 7 = 7. "
                "The pupil is East and leads the ♠2 (fourth highest of ♠Q J 9 2). Declarer wins and leads "
                "the ♦5 from ♦K J 9 8 6 5: East is second hand with ♦A 10 7. With the ♦7 and good play "
                "the defenders take 8 tricks and North goes 2 down: E–W score 100. The defenders keep the "
                "♦A until North leads diamonds again and go on with spades (East the ♠Q): a defender who "
                "leads the ♦A sets up North's diamonds, and North makes. With the ♦A at once, North's "
                "♦K and ♦J become winners: North takes 8 tricks and makes the contract. Each seat's "
                "curtain card gives its first cards: declarer wins the ♠ lead with the ♠A and leads the ♦5 at once.",
            script="♠2 ♠5 ♠K ♠A ♦5",
            # the ♦7: dummy and West play low, so East wins the trick and leads the ♠Q, as the page says
            replies=("♦7 ♦2 ♦3 ♠Q ♠6 ♠3 ♠10",)),
    SetDeal("11B", "S:AJ54.K7.962.JT72 Q87.QT962.KJ7.86 KT2.J3.AT8.KQ954 963.A854.Q543.A3", "minibridge",
            contract="NT partscore",
            why="Third hand high. South deals: South 9, West 8, North 13, East 10. N–S have 22, North "
                "declares and South is dummy: NT partscore (7 tricks), so the defenders need 7. The "
                "pupil is East and leads the ♥4 (fourth highest of ♥A 8 5 4) and dummy plays the ♥7; West "
                "wins with the ♥Q and returns the ♥2, and North plays the ♥J: East is third hand. With the "
                "♥A and good play the defenders take 9 tricks and North goes 3 down: E–W score 150. With "
                "the ♥5, North's ♥J or dummy's ♥K wins the trick: North takes 8 tricks and makes the "
                "contract. Each seat's curtain card gives its first cards: at trick 1 dummy plays the ♥7 "
                "(dummy's ♥K would win it, and North would take 8 tricks); West wins with the ♥Q and leads back the ♥2.",
            script="♥4 ♥7 ♥Q ♥3 ♥2 ♥J"),
)
# Lesson 12: the whole hand with the score: deal A as declarer (the pupil chooses), deal B as a
# defender on declarer's left (the computer declares and leads nothing: the pupil leads).
SET_DEALS[12] = (
    SetDeal("12A", "S:AK93.A982.A43.95 Q72.T74.T95.AK76 JT64.KJ6.KQJ.QT8 85.Q53.8762.J432", "minibridge",
            why="Every step once. South deals: South 15, West 9, North 13, East 3 (15 + 9 + 13 + 3 = "
                "40). N–S have 28, South declares and North is dummy. Spades 4 + 4 = 8, a golden fit, "
                "28 points: ♠ game. West leads. With good play South takes 10 tricks: draw trumps, "
                "lose the ♣A K and one more trick, and score 4 × 30 + 300 = 420. That is after a heart, a "
                "diamond or the ♣A or ♣K (the computer's West leads the ♥4); after a spade or a small club "
                "South can take 11: 450. NT game takes 10 tricks too, after any lead (430, 10 more; a ♥ game "
                "also takes 10): the table's review names NT game as the best contract."),
    SetDeal("12B", "W:65.T863.T6.JT642 AT3.AKJ2.Q72.A73 KQJ72.954.A.Q985 984.Q7.KJ98543.K", "minibridge",
            contract="NT game",
            why="Lead the top of a sequence. West deals: West 1, North 18, East 12, South 9. N–S have "
                "27, North declares and South is dummy; no golden fit, so NT game (9 tricks). The pupil "
                "is East, on declarer's left, and leads. With the ♠K (top of ♠K Q J) and good play the "
                "defenders take 5 tricks (4 spades and the ♦A) and North goes 1 down: E–W score 50. "
                "After a small spade North's ♠10 wins, the ♠A still stops the suit, and North takes "
                "12 tricks. The defenders need 14 − 9 = 5 tricks."),

)
# Lesson 13: MiniBridge with an auction. The pupil sits South and calls; the computer calls by
# the lesson's two rules (open with 12 or more in your longest suit, raise with 4 or more cards
# in partner's suit, otherwise pass); the contract is the one those rules reach (tested), its
# declarer plays, and the leader is on declarer's left.
SET_DEALS[13] = (
    SetDeal("13A", "N:876.AKT92.AJ6.64 QT.87.K953.KJT92 A32.QJ63.T84.Q75 KJ954.54.Q72.A83", "auction",
            contract="2♥", leader=Seat.E,
            why="Raise with a fit. North deals: North 12, East 9, South 9, West 10. North has 12 and "
                "opens 1♥ (five hearts, the longest suit); East has 9 and passes. South, the pupil, has "
                "four hearts: with the four the opening promises, 4 + 4 = 8 (in fact 5 + 4 = 9), a fit, so South raises to 2♥. West has only 10 and passes; "
                "then everyone passes. 2♥ is the contract: 6 + 2 = 8 tricks. North named hearts first, "
                "so North declares and South is dummy; East leads. With good play North takes exactly "
                "8 tricks in hearts, only 7 in no trumps."),
    SetDeal("13B", "S:KQJT4.K5.Q7.K973 98.AJ9632.AJ.J42 A762.T4.T532.QT6 53.Q87.K9864.A85", "auction",
            contract="2♠", leader=Seat.W,
            why="Open with 12 or more. South deals: South 14, West 11, North 6, East 9. South, the "
                "pupil, has 14 and opens 1♠ (five spades). West has six hearts but only 11 points: "
                "pass. North has four spades: with the four the opening promises, 4 + 4 = 8 (in fact 5 + 4 = 9), so North raises to 2♠. Then everyone passes: "
                "2♠, 8 tricks, South declares and West leads. N–S and E–W both hold 20 points, so in "
                "MiniBridge this deal would be thrown in; with an auction South plays it. With good "
                "play South takes 8 tricks in spades, only 4 in no trumps. That is after a spade, a "
                "diamond or a club lead (the computer's West leads the ♣2); after a heart lead South's "
                "♥K wins a trick, and South takes 9."),
)

# --- lessons 14-16 (Manille: the 32-card pack, 8 cards each, card points) ----------------------
# Lesson 14 plays without trumps. East deals, so South (the pupil's seat) leads to trick 1.
SET_DEALS[14] = (
    SetDeal("14A", "E:AQ8.Q7.JT.Q K7.KT9.98.K T.A.A7.J987 J9.J8.KQ.AT", "manille", contract="no trumps",
            why="The 10 catches the ace. South has the ♥K 10 9 and West's only heart is the ♥A. "
                "Lead the ♥10 and West must follow with the ace: 9 card points or more in one trick, "
                "and with good play N–S take 36 of the 60. Lead the ♥K first and West's ace takes it: "
                "with good play N–S take only 19."),
    SetDeal("14B", "E:JT.J98.T9.J AK9.Q7.A.T7 Q.A.QJ87.98 87.KT.K.AKQ", "manille", contract="no trumps",
            why="An ace led into the 10. South has the ♠A K 9, the ♦A and the ♣10; East holds the "
                "♠10 J and the ♦10 9. The ♠A led at trick 1 loses 11 card points (♠A, ♠Q, ♠10). With "
                "good play N–S take 35 card points after the ♣10 lead, only 27 after the ♠A and 28 "
                "after the ♦A: keep an ace until the 10 of its suit has gone."),
)
# Lesson 15 plays with trumps. The computer dealer names the trumps its strategy picks (checked).
SET_DEALS[15] = (
    SetDeal("15A", "E:8.KQJ87.K9. K..AQJT87.J A97.A..AT87 QJT.T9..KQ9", "manille", contract="♥",
            why="You must trump. East has five hearts and names them; South leads. West has no diamonds "
                "and one trump, the ♥A; North has no diamonds and holds the ♥10. A diamond lead makes "
                "West trump with the ace, and North, who must trump too, takes it with the ♥10: after the ♦A, at "
                "least 13 card points in one trick. "
                "After the ♦A lead, with good play N–S take 32 card points and win the deal; if a player "
                "could throw any card when unable to follow suit, only 26, and they would lose it."),
    SetDeal("15B", "S:QJ.KQ.J98.K 87.AJ8.AT.J K9..Q.AQT97 AT.T97.K7.8", "manille",
            why="En face. South deals with no good suit (the longest is ♦J 9 8) and should say en face; "
                "North names clubs (5, with the 10, A and Q). With good play N–S take 35 card points "
                "in clubs, only 14 in diamonds and 9 in spades, hearts or en voiture."),
)
# Lesson 16 scores: West deals and names clubs (tap or not?); then South deals (en voiture?).
SET_DEALS[16] = (
    SetDeal("16A", "W:J8.Q8.Q.A87 Q.A9.J97.QJ A9.JT7.K8.9 KT7.K.AT.KT", "manille", contract="♣",
            why="Tap the table. West names clubs; South holds 28 card points with the ♣10 and ♣K. With "
                "good play N–S take 38 card points: tapping makes their score (38 − 30) × 2 = 16, not 8."),
    SetDeal("16B", "S:AT.AT.8.AT9 KQ7.J.AT.Q8 9.KQ97.9.KJ J8.8.KQJ7.7", "manille",
            why="En voiture counts double. South deals with an ace and a 10 in spades, hearts and clubs "
                "(27 card points) and should say en voiture. With good play N–S take 46 card points: "
                "(46 − 30) × 2 = 32. In hearts or clubs they take 52, but score only 52 − 30 = 22."),
)

# --- lesson 20 (more card play, after lessons 1-13) ----------------------------------------------
# Count the losers in a trump contract; the hold-up in no trumps. West leads the top of a sequence
# (lesson 10's rule, as the computer's West does).
SET_DEALS[20] = (
    SetDeal("20A", "N:864.AKQ.873.7532 532.JT98.952.A64 KQJT9.72.A64.KQJ A7.6543.KQJT.T98", "minibridge",
            contract="♠ game",
            why="Count the losers. North 9, East 5, South 16, West 10: N–S have 25, South declares and North "
                "is dummy; spades 5 + 3 = 8, a golden fit: ♠ game, 10 tricks, so at most 13 − 10 = 3 losers. "
                "South's losers: ♠ 1 (the ♠A), ♥ 0 (dummy's ♥A K Q), ♦ 2, ♣ 1 (the ♣A): 4, one too many. "
                "West leads the ♦K. South wins with the ♦A, plays the ♥A, ♥K and ♥Q and throws a diamond "
                "on the ♥Q, then draws trumps until theirs are gone, keeping one to ruff East's ♥J: with good play "
                "South takes 10 tricks. If South draws trumps "
                "first, West wins the ♠A and takes the ♦Q and ♦J, and the ♣A is the fourth loser: South "
                "takes 9 tricks, 1 down.",
            script="♦K"),
    SetDeal("20B", "N:Q752.84.K873.AQ4 863.752.A65.8763 AK4.A63.QJT9.K52 JT9.KQJT9.42.JT9", "minibridge",
            contract="NT game",
            why="The hold-up. North 11, East 4, South 17, West 8: N–S have 28, South declares and North is "
                "dummy; no golden fit (spades 3 + 4 = 7): NT game, 9 tricks. Sure tricks ♠A K Q, ♥A and "
                "♣A K Q: 7; the ♦Q J 10 9 give 3 more once East's ♦A is gone. West leads the ♥K from "
                "♥K Q J 10 9. South lets the ♥K and the ♥Q win and takes the third heart with the ♥A; "
                "East has no heart left when the ♦A wins: with good play South takes 10 tricks. If South "
                "wins the first heart, East wins the ♦A and leads a heart, and West's four hearts win: "
                "South takes 8 tricks, 1 down.",
            script="♥K"),
)


# --- lesson 21 (duplicate: every table plays the same board, the traveller compares) ----------
# The contract is the pupils' choice, so different tables reach different scores to compare.
SET_DEALS[21] = (
    SetDeal("21A", "N:AK942.32.983.A62 873.KQJ9864.5.Q4 QJ5.A7.KJT6.K983 T6.T5.AQ742.JT75", "minibridge",
            why="One board, several good answers. North deals: North 11, East 8, South 14, West 7 "
                "(40). N–S have 25, South declares and North is dummy. Spades 5 + 3 = 8, a golden fit, 25 "
                "points: ♠ game. With good play South takes 10 tricks in spades (420). In no trumps West's lead "
                "decides: after the ♦4, the lead lesson 10 teaches (fourth highest of ♦A Q 7 4 2), South takes 10 "
                "(NT game 430, 10 more than ♠ game); after a heart or a club, 9 (400). A table that stops in "
                "♠ partscore scores 170 with the same 10 tricks: the traveller shows why the game scored more "
                "matchpoints, and that a NT table can top it."),
    SetDeal("21B", "E:AK7.6543.QT87.J6 J3.A.96432.AKQT8 Q542.KQJ2.AJ.973 T986.T987.K5.542", "minibridge",
            why="E–W play it, so their score goes in the E–W column. East deals: East 10, South 14, West 13, North "
                "3 (40). E–W have 23, so West declares with 13 and East is dummy; South has the most "
                "points of all but N–S have only 17. Hearts 4 + 4 = 8, a golden fit, 23 points: "
                "♥ partscore. North's lead decides: after the ♠10, the lead lesson 10 teaches (top of a sequence), "
                "West takes 9 tricks: 3 × 30 + 50 = 140 for E–W, written E–W 140 on the traveller; only a club "
                "lead holds West to 8 (110). In no trumps West takes 7 after the ♠10 (90), and 6 after a club: "
                "1 down."),
)

# --- lesson 22 (defence: cover an honour with an honour; discards and one signal) ----------------
# The pupils defend. West leads the top of a sequence (lesson 10's rule, as the computer's West
# does); South's ♥Q lead is lesson 9's finesse, and West's cover beats it.
SET_DEALS[22] = (
    SetDeal("22A", "N:765.A43.Q654.K65 A4.T9876.K7.A432 KQJT98.QJ2.A3.QJ 32.K5.JT982.T987", "minibridge",
            contract="♠ game",
            why="Cover an honour with an honour. North 9, East 11, South 16, West 4: N–S have 25, South "
                "declares and North is dummy; spades 6 + 3 = 9: ♠ game, 10 tricks, so E–W need "
                "14 − 10 = 4. West leads the ♦J (top of a sequence); South wins with the ♦A and leads "
                "the ♥Q, a finesse against West's ♥K. West covers with the ♥K: dummy's ♥A must win, so "
                "South's ♥Q and dummy's ♥A fall on one trick, and East's hearts win the third round. "
                "With good play South takes 9 tricks: 1 down. If West plays low (second hand low), the "
                "♥Q wins; South draws trumps first (West would ruff the third heart), then the ♥A drops "
                "the ♥K and the ♥J wins too: South takes 10 tricks, ♠ game made. South can take 9 tricks "
                "in NT too, NT game: tell each South to play ♠ game, where the cover decides. Tell each "
                "West to lead the ♦J: after a club lead South takes 10 tricks, cover or not.",
            script="♦J ♦Q ♦K ♦A ♥Q",
            # West plays low (either small spade first): South draws trumps, then the ♥A drops the ♥K
            replies=tuple(f"♥5 ♥3 ♥6 ♠K {a} ♠5 ♠A ♠4 ♠Q {b} ♠6 ♥2 ♥K ♥A ♥7 ♥4 ♥8 ♥J"
                          for a, b in (("♠2", "♠3"), ("♠3", "♠2")))),
    SetDeal("22B", "N:982.JT9.987.A654 QJT4.8765.654.32 AK3.KQ4.AKQJT.87 765.A32.32.KQJT9", "minibridge",
            contract="NT game",
            why="Keep your long suit. North 5, East 3, South 22, West 10: N–S have 27, South declares; no "
                "golden fit (spades 3 + 3, hearts 3 + 3): NT game, 9 tricks, so E–W need 14 − 9 = 5. West "
                "leads the ♣K (top of a sequence) and dummy's ♣A wins. South's sure tricks: ♠A K, the five "
                "diamonds and the ♣A, 8; the ninth needs the hearts, and West holds the ♥A. South plays five "
                "diamonds and West, with two, throws away three low cards: the ♠5, then the ♥2 and ♥3 (a 5 "
                "or lower says 'not this suit'; the ♥A needs no small card to guard it). When South leads "
                "a heart, West wins the ♥A and takes four clubs: with good play South takes 8 tricks, 1 "
                "down. If West throws a club, West has only three clubs to take: South takes 9 tricks, NT "
                "game made, with no harder play than cashing winners and knocking out the ♥A. Tell each "
                "South to play NT game.",
            script="♣K ♣A ♣2 ♣7 ♦7 ♦4 ♦A ♦2 ♦K ♦3 ♦8 ♦5 ♦Q",
            # West throws the ♠5 as the page says: South runs the last two diamonds before the
            # spades, so West's next two discards (the ♥2 and ♥3) come at once, as the page tells them;
            # East throws the ♥5 and ♠4, both "not this suit" (a ♥6 would ask for hearts), and keeps
            # its club, West's suit; so too when West throws the page's three cards in another order
            replies=tuple(f"{a} ♦9 ♦6 ♦J {b} ♣4 ♥5 ♦10 {c} ♣5 ♠4" for a, b, c in (
                ("♠5", "♥2", "♥3"), ("♠5", "♥3", "♥2"), ("♥2", "♠5", "♥3"), ("♥2", "♥3", "♠5"),
                ("♥3", "♠5", "♥2"), ("♥3", "♥2", "♠5")))),
)

# --- their double-dummy figures, kept in the repository ----------------------------------------
# exercises/set_deals.pbn holds, for each 52-card set deal, the tricks each declarer takes in each
# denomination with best play by all four (PBN's OptimumResultTable), so the lessons and the
# printouts show them without the solver. Its boards are numbered 1, 2, 3... as PBN wants (so
# endplay and every PBN program read it); the deal's name ("5A") is the board's [SetDeal] tag.
# `python -m exercises.set_deals` writes it again with endplay (after a set deal is added or
# changed); tests/cardlib/test_analysis.py checks it.

DOUBLE_DUMMY_FILE = Path(__file__).with_name("set_deals.pbn")
_COMMENT = "% The set deals' double-dummy tricks (written by `python -m exercises.set_deals`)."


def double_dummy(name: str) -> dict[tuple, int] | None:
    """The set deal ``name``'s stored figures: {(trumps or None, declarer seat): tricks}, or
    None for a deal that has none (the Manille and short deals)."""
    return _stored().get(name)


def _stored() -> dict[str, dict[tuple, int]]:
    return {name: board.tricks for name, board in _stored_boards().items()}


@functools.lru_cache(maxsize=1)
def _stored_boards() -> dict:
    from cardlib import pbn

    return {board.name: board for board in pbn.read_boards(DOUBLE_DUMMY_FILE.read_text(encoding="utf-8"))}


def duplicate_boards(lesson: int) -> list:
    """A lesson's MiniBridge set deals as duplicate boards (cardlib.duplicate), numbered from 1,
    with their stored double-dummy figures.

    >>> [(b.number, b.label) for b in duplicate_boards(6)]
    [(1, '6A'), (2, '6B'), (3, '6C')]
    """
    from cardlib.duplicate import Board

    deals = [d for d in SET_DEALS.get(lesson, ()) if d.table == "minibridge"]
    return [Board(n, d.deal, d.name, double_dummy(d.name)) for n, d in enumerate(deals, start=1)]


def write_double_dummy() -> int:
    """Solve every 52-card set deal with endplay and write DOUBLE_DUMMY_FILE; returns how many."""
    from cardlib import analysis, pbn
    from cardlib.duplicate import Board

    deals = [d for deals in SET_DEALS.values() for d in deals
             if d.table != "manille" and all(len(d.deal[s]) == 13 for s in Seat)]
    boards = [Board(n, d.deal, d.name, analysis.tricks_table(d.deal)) for n, d in enumerate(deals, start=1)]
    version, boards_text = pbn.write(boards).split("\n\n", 1)  # "% PBN 2.1" and "% EXPORT" come first
    DOUBLE_DUMMY_FILE.write_text(f"{version}\n{_COMMENT}\n\n{boards_text}", encoding="utf-8")
    _stored_boards.cache_clear()
    return len(boards)


if __name__ == "__main__":
    print(f"{write_double_dummy()} set deals solved into {DOUBLE_DUMMY_FILE.name}.")
