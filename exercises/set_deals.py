"""The set deals of each lesson: every table in the class plays the same deal at once, and
the teacher's printed hand records show them. Each deal is chosen so that the lesson's idea
decides it (checked in tests/test_set_deals.py).

>>> from exercises.course import lesson_of
>>> all(deal.table in ("tricks", "minibridge", "manille") for deal in lesson_of(1).deals)
True
"""
from __future__ import annotations

from exercises.course import SetDeal

SET_DEALS: dict[int, tuple[SetDeal, ...]] = {}

# --- lessons 9-10 (Manille: the 32-card pack, 8 cards each, card points) ----------------------
# Lesson 9 plays without trumps. East deals, so South (the pupil's seat) leads to trick 1.
SET_DEALS[9] = (
    SetDeal("9A", "E:AQ8.Q7.JT.Q K7.KT9.98.K T.A.A7.J987 J9.J8.KQ.AT", "manille", contract="no trumps",
            why="The 10 catches the ace. South has the ♥K 10 9 and West's only heart is the ♥A. "
                "Lead the ♥10 and West must follow with the ace: 9 card points or more in one trick, "
                "and with good play N–S take 36 of the 60. Lead the ♥K first and West's ace takes it: "
                "with good play N–S take only 19."),
    SetDeal("9B", "E:JT.J98.T9.J AK9.Q7.A.T7 Q.A.QJ87.98 87.KT.K.AKQ", "manille", contract="no trumps",
            why="An ace led into the 10. South has the ♠A K 9, the ♦A and the ♣10; East holds the "
                "♠10 J and the ♦10 9. The ♠A led at trick 1 loses 11 card points (♠A, ♠Q, ♠10). With "
                "good play N–S take 35 card points after the ♣10 lead, only 27 after the ♠A and 28 "
                "after the ♦A: keep an ace until the 10 of its suit has gone."),
)
# Lesson 10 plays with trumps. The computer dealer names the trumps its strategy picks (checked).
SET_DEALS[10] = (
    SetDeal("10A", "E:8.KQJ8.K9.9 K..AQJT87.J A97.A..AT87 QJT.T97..KQ", "manille", contract="♥",
            why="You must trump. East names hearts; South leads. West has no diamonds and one trump, "
                "the ♥A; North has no diamonds and holds the ♥10. A diamond lead makes West trump with "
                "the ace and North take it with the 10 (13 card points after the ♦A). With good play N–S "
                "take 33 card points; if a player could throw any card when unable to follow suit, "
                "only 23."),
    SetDeal("10B", "S:QJ.KQ.J98.K 87.AJ8.AT.J K9..Q.AQT97 AT.T97.K7.8", "manille",
            why="En face. South deals with no good suit (the longest is ♦J 9 8) and should say en face; "
                "North names clubs (5, with the 10, A and Q). With good play N–S take 35 card points "
                "in clubs, only 14 in diamonds and 9 in spades, hearts or en voiture."),
    SetDeal("10C", "W:J8.Q8.Q.A87 Q.A9.J97.QJ A9.JT7.K8.9 KT7.K.AT.KT", "manille", contract="♣",
            why="Tap the table. West names clubs; South holds 28 card points with the ♣10 and ♣K. With "
                "good play N–S take 38 card points: tapping makes their score (38 − 30) × 2 = 16, not 8."),
)
