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

# --- lessons 1-4 (tricks, trumps, points, declarer and dummy) ---------------------------------
# Lessons 1-3 play on the trick table: no dummy, every hand face up, the dealer's left leads.
SET_DEALS[1] = (
    SetDeal("1A", "N:A63... QT4... K85... J97...", "tricks", contract="no trumps",
            why="One suit without its 2: 12 cards, 3 each, so 3 tricks. Everyone must follow "
                "suit every time. N–S hold the ace and the king: 2 sure tricks; E–W keep the "
                "queen for trick 3. Before trick 3 each player has one card left: who wins it?"),
    SetDeal("1B", "N:T72.Q5.AKJ4.A987 AKJ6.KJ9.9852.62 843.A6.Q763.KQJ5 Q95.T87432.T.T43", "tricks",
            contract="no trumps",
            why="Count the sure tricks first. N–S: the ♥A, ♦A K Q J and ♣A K Q J, 1 + 4 + 4 = 9. "
                "E–W: ♠A K Q J, 4. 9 + 4 = 13, so with good play N–S take 9 tricks and E–W 4. "
                "South must not throw away a sure trick when a spade is led and South has none left."),
    SetDeal("1C", "N:AT652.6.T8.QJ743 8.AKT9873.K954.8 K4.QJ5.763.AKT65 QJ973.42.AQJ2.92", "tricks",
            contract="no trumps",
            why="A close one for fast tables. N–S: ♠A K and ♣A K Q J 10, 2 + 5 = 7 sure tricks. "
                "E–W: ♦A K Q J and ♥A K, 4 + 2 = 6. 7 + 6 = 13: with good play N–S take 7 and E–W 6, "
                "so one careless discard changes who takes more."),
)
SET_DEALS[2] = (
    SetDeal("2A", "N:KJ2.A943.984.A43 Q65.65.AKJ62.965 98743.KQ8..KQJ87 AT.JT72.QT753.T2", "tricks",
            contract="♥",
            why="Play it twice: in hearts (N–S have 7 hearts, with the A K Q) and in spades (N–S have "
                "8 spades, without the ace). With good play N–S take 8 tricks in hearts but 11 in "
                "spades: the longer suit makes the better trumps, even with smaller cards."),
    SetDeal("2B", "N:752.A94.T765.863 83.Q6.AKQJ2.AKT2 AKJ96.KJT5..Q975 QT4.8732.9843.J4", "tricks",
            contract="♠",
            why="Trumping a short suit: South has no diamonds, and E–W hold ♦A K Q J. With spades as "
                "trumps N–S take 10 tricks with good play; with no trumps only 6, because E–W's "
                "diamonds win the tricks South trumps."),
)
SET_DEALS[3] = (
    SetDeal("3A", "N:KQ42.T75.KJ9.K83 J875.64.A84.QJ74 A6.KJ82.Q72.AT52 T93.AQ93.T653.96", "tricks",
            contract="no trumps",
            why="Count first: North 12, East 8, South 14, West 6; 12 + 8 + 14 + 6 = 40. N–S have "
                "12 + 14 = 26, E–W 8 + 6 = 14. Then play with no trumps: with good play N–S take 9 "
                "tricks and E–W 4. More points, more tricks."),
    SetDeal("3B", "E:Q94.Q8.KQT7.K542 853.AJ6.982.QJT9 A762.KT7.J54.A87 KJT.95432.A63.63", "tricks",
            contract="no trumps",
            why="The other way round: East deals and says 12, South 8, West 12, North 8. E–W have "
                "24 points and N–S 16, so this time the pupil's side has fewer. With good play E–W "
                "take 8 tricks and N–S 5. South leads first."),
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
            why="For fast tables: North has 14, the most of anyone, but N–S have only 14 + 4 = 18. "
                "E–W have 13 + 9 = 22, so they play: West (13) is declarer and East dummy, hearts on "
                "dummy's right. North leads. With good play West takes 10 tricks in hearts."),
)
