"""The course: the lessons in order, the ideas each one teaches, its practice and quiz, and
its set deals. Lessons, printouts, the teacher's class view and the app all read it here,
so a quiz on paper is the quiz on screen and a lesson asks only about what was taught.

>>> lesson = COURSE[0]
>>> lesson.number, lesson.notebook
(1, '01_tricks')
>>> lesson_of("03").title
'Points'
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from cardlib import CardError
from cardlib.messages import current_language, say
from exercises.kinds import canonical, check_kinds, kind_ideas, make_question
from exercises.session import Practice, Quiz
from exercises.set_deals import SET_DEALS, SetDeal

# How a lesson's notebook marks the teacher's part: the cell tag the pupils' app removes, and the
# "Ask the class" heading (in bold, in each edition) of the questions the teacher asks aloud.
TEACHER_TAG = "teacher"
ASK_THE_CLASS = ("Ask the class", "クラスへの質問", "クラスに聞く")


def asks_the_class(line: str) -> bool:
    """Whether a line of the teacher's notes is the "Ask the class" heading (**bold** or <b>bold</b>).

    >>> asks_the_class("**Ask the class**"), asks_the_class("Ask the class")
    (True, False)
    """
    bold = re.fullmatch(r"\*\*(.+)\*\*|<b>(.+)</b>", line.strip())
    return bool(bold) and (bold.group(1) or bold.group(2)).strip() in ASK_THE_CLASS


PRECHECK_SIZE = 3
PRACTICE_SHEET_SIZE = 4  # questions on a lesson's printed practice sheet
# A Japanese class lasts 45 minutes, not 50: its exit quiz asks the first 3 of the lesson's
# questions, so the tables' results (the comparison the lesson builds to) stay in class and the
# class still has 2 minutes spare (``exercises.plans.SPARE_MINUTES``). Each lesson's first 3 test
# its own ideas. The quiz shuffles ``quiz_kinds`` by ``quiz_seed`` (exercises.session.Quiz), so the
# order of ``quiz_kinds`` does not decide which come first: a lesson whose Japanese 3 must be
# certain kinds picks a seed that puts them first (``Lesson.asked_kinds``, tested in tests/lessons).
QUIZ_SIZE_LIMIT = {"ja": 3}
PRECHECK_SEED = "pre-check"  # a pre-check's seed and its questions' seeds begin with it


def is_precheck(seed: object) -> bool:
    """Was a quiz (or a quiz's answer, by its question's seed) a lesson's pre-check?

    >>> is_precheck("pre-check 3"), is_precheck("pre-check 3:1"), is_precheck("lesson 3:1")
    (True, True, False)
    """
    return str(seed).startswith(PRECHECK_SEED + " ")


@dataclass(frozen=True)
class Lesson:
    """One class of at most 50 minutes (45 in the Japanese edition): its notebook, what it teaches, its exercises, its deals.

    ``ideas`` are the ideas the lesson teaches (from ``IDEAS``); ``practice`` and
    ``quiz_kinds`` the kinds of question it asks, a kind's variant after a colon ("score:club");
    a kind named twice in ``quiz_kinds`` comes up twice (the quiz takes the kinds in a
    shuffled round before any repeats), never as the same item twice. Every quiz kind uses
    one of the lesson's ``own_ideas``. ``extension_ideas`` and ``extension_practice`` are
    what a teacher may add for fast pupils: they are taught in this lesson only as an
    extension, so no later lesson counts on them. ``sheet_kinds``, if given, are the printed
    practice sheet's kinds in turn instead of ``practice``'s (variants of its practice kinds).
    """

    number: int
    notebook: str
    ideas: tuple[str, ...]
    practice: tuple[str, ...]
    quiz_kinds: tuple[str, ...]
    quiz_seed: str
    quiz_size: int = 5
    extension: bool = False
    extension_ideas: tuple[str, ...] = ()
    extension_practice: tuple[str, ...] = ()
    reviews: tuple[int, ...] = ()
    sheet_kinds: tuple[str, ...] = ()  # the printed practice sheet's kinds in turn, when not ``practice``'s

    @property
    def own_ideas(self) -> frozenset[str]:
        """The ideas this lesson's quiz tests: the ones it teaches, and for a lesson that puts
        earlier ones together (``reviews``: lesson 12 plays a whole hand, lesson 19 codes the
        rules of counting and scoring) the ideas of the lessons it reviews.

        >>> sorted(lesson_of(4).own_ideas), "scoring" in lesson_of(12).own_ideas
        (['declarer', 'dummy'], True)
        """
        reviewed = (idea for lesson in COURSE if lesson.number in self.reviews for idea in lesson.ideas)
        return frozenset(self.ideas) | frozenset(self.extension_ideas) | frozenset(reviewed)

    @property
    def title(self) -> str:
        """The lesson's title, in the edition's language (a message named after the notebook: "lesson_tricks_title")."""
        return say(f"lesson_{self.notebook.split('_', 1)[1]}_title")

    @property
    def maths(self) -> str:
        """The maths the lesson practises, in the edition's language, as its certificate says it."""
        return say(f"lesson_{self.notebook.split('_', 1)[1]}_maths")

    @property
    def deals(self) -> tuple[SetDeal, ...]:
        """The lesson's set deals, A first (they live in ``exercises.set_deals``)."""
        return SET_DEALS.get(self.number, ())

    @property
    def taught_so_far(self) -> frozenset[str]:
        """Every idea this lesson or an earlier one of its course teaches (not extensions).

        >>> sorted(lesson_of(2).taught_so_far)
        ['follow_suit', 'no_trumps', 'sure_winners', 'tricks', 'trumps']
        """
        return frozenset(idea for lesson in COURSE if lesson.number <= self.number
                         and (lesson.extension == self.extension or not lesson.extension)
                         for idea in lesson.ideas)

    def untaught(self, kind: str) -> frozenset[str]:
        """The ideas a kind of question would use that this lesson has not taught yet (an
        extension kind of this lesson may use its extension ideas).

        >>> sorted(lesson_of(1).untaught("trick")), sorted(lesson_of(6).untaught("score:club"))
        (['trumps'], [])
        """
        allowed = self.taught_so_far
        if canonical(kind) in {canonical(k) for k in self.extension_practice}:
            allowed |= frozenset(self.extension_ideas)
        return kind_ideas(kind) - allowed

    def practice_kinds(self, kinds=None) -> tuple[str, ...]:
        """The kinds to practise: the lesson's (None), or some of them and of its extension
        kinds; CardError for a kind the lesson does not practise.

        >>> lesson_of(6).practice_kinds(["score:club"])
        ('score:club',)
        """
        if kinds is None:
            return check_kinds(self.practice)
        offered = {canonical(k) for k in self.practice + self.extension_practice}
        chosen = check_kinds(kinds)
        wrong = [k for k in chosen if k not in offered]
        if wrong:
            raise CardError("ex_lesson_kinds", kinds=", ".join(wrong), lesson=self.number,
                            choices=", ".join(self.practice + self.extension_practice))
        return chosen

    def practice_session(self, kinds=None, seed: int | str | None = None, progress=None):
        """Practice of this lesson's kinds (or some of them)."""
        return Practice(kinds=self.practice_kinds(kinds), seed=seed, progress=progress, lesson=self.number)

    @property
    def precheck_seed(self) -> str:
        """The pre-check's seed: every pupil gets the same three questions."""
        return f"{PRECHECK_SEED} {self.number}"

    def precheck(self, progress=None):
        """The pre-check at the start of the lesson: three questions of the kinds its exit quiz
        asks, none of them an item of the quiz (its review shows the answers), saved like the
        quiz, so the class view can show what the lesson added.

        >>> check = lesson_of(5).precheck()
        >>> check.size, {q.kind for q in check.questions} <= set(lesson_of(5).quiz_kinds)
        (3, True)
        """
        return Quiz(seed=self.precheck_seed, size=PRECHECK_SIZE, kinds=self.quiz_kinds, progress=progress,
                    lesson=self.number, precheck=True, avoid=self.quiz().questions)

    def practice_sheet(self) -> list:
        """The questions of the lesson's printed practice sheet: its practice kinds in turn, each
        question unlike any of its exit quiz (a class with no devices practises on paper, then
        takes the quiz).

        >>> sheet = lesson_of(3).practice_sheet()
        >>> quiz = lesson_of(3).quiz().questions
        >>> len(sheet), any(q.prompt == p.prompt and q.picture == p.picture for q in sheet for p in quiz)
        (4, False)
        """
        seen = {(q.prompt, q.picture) for q in self.quiz().questions}
        kinds = check_kinds(self.sheet_kinds or self.practice)
        sheet, seed = [], 0
        while len(sheet) < PRACTICE_SHEET_SIZE:
            question = make_question(kinds[len(sheet) % len(kinds)], f"practice sheet {self.number}:{seed}")
            seed += 1
            if (question.prompt, question.picture) not in seen:
                seen.add((question.prompt, question.picture))
                sheet.append(question)
        return sheet

    def quiz_size_in(self, edition: str) -> int:
        """The exit quiz's length in an edition ("en", "ja"): the Japanese asks at most 3.

        >>> lesson_of(3).quiz_size_in("en"), lesson_of(3).quiz_size_in("ja")
        (5, 3)
        """
        return min(self.quiz_size, QUIZ_SIZE_LIMIT.get(edition, self.quiz_size))

    def asked_kinds(self, edition: str) -> list[str]:
        """The kinds of the exit quiz's questions in an edition, in the order asked: the quiz
        shuffles ``quiz_kinds`` by its seed, and the Japanese class asks the first 3.

        >>> lesson_of(12).asked_kinds("ja")
        ['contract', 'lead:sequence', 'tricks_needed:defenders']
        """
        return [q.kind for q in Quiz(seed=self.quiz_seed, size=self.quiz_size_in(edition), kinds=self.quiz_kinds,
                                     lesson=self.number).questions]

    def quiz(self, progress=None):
        """This lesson's quiz: the same questions for every pupil and on the printed worksheet, in
        the edition of the language spoken now (the Japanese quiz is the English one's first 3).

        >>> [q.kind for q in lesson_of(3).quiz().questions].count("announcements:fourth")
        2
        """
        edition = "ja" if current_language() == "ja" else "en"
        return Quiz(seed=self.quiz_seed, size=self.quiz_size_in(edition), kinds=self.quiz_kinds, progress=progress,
                    lesson=self.number)


# The ideas a lesson can teach, in the order the course teaches them. Each kind of question
# (and each variant) names the ideas it uses in exercises.kinds.KINDS.
IDEAS = (
    "tricks", "follow_suit", "no_trumps",            # 1: a trick, following suit, the highest card of the suit led wins
    "sure_winners",                                  # 1: sure tricks, counted from the ace down (7 counts them over both hands again)
    "trumps",                                        # 2
    "hcp", "total_40",                               # 3: A 4 K 3 Q 2 J 1; the four hands make 40
    "declarer", "dummy",                             # 4: the side with more points plays; dummy's hand goes down
    "tricks_needed", "golden_fit", "game_points", "points_to_tricks",  # 5: 7 / 9-10-11; 8 cards; 25 for game
    "scoring", "club_scoring",                       # 6: English schools' rules; the club's rules as an extension
    "long_suits", "unblocking",                      # 7: long suits, knocking out, high from the short side
    "drawing_trumps", "ruffing",                     # 8: draw trumps; trump losers in the short trump hand
    "entries", "finesse",                            # 9: a way over to the other hand; the finesse, 1 chance in 2
    "opening_lead",                                  # 10: top of a sequence, fourth highest, not away from an ace
    "second_hand_low", "third_hand_high", "defenders_target",  # 11: the defence after the lead; 14 minus declarer's target
    "whole_hand",                                    # 12: a whole hand, as declarer or defender
    "bidding",                                       # 13 (bridge-out): a bid is a level over six and a denomination, each higher than the last
    "manille_pack", "manille_points", "manille_trick",                 # 14: 10 above the ace, 5-4-3-2-1, 60
    "manille_trumps", "manille_no_trumps",           # 15
    "manille_tapping", "manille_scoring", "manille_match",  # 16
    "manille_rule_book", "manille_tap_back",         # 17 (an extension): the rule book's other games; the tap back
    "chance", "counting_ways",                       # 18 (an extension)
    "coding",                                        # 19 (an extension)
    "counting_losers", "hold_up",                    # 20: losers in a trump contract; ducking and the hold-up in NT
    "duplicate", "matchpoints",                      # 21: the same boards at every table; 2 a table beaten, 1 a tie
    "cover_honour", "discards",                      # 22: cover an honour with an honour; what to throw away, and one signal
    "manille_blind",                                 # a house rule no lesson teaches (a teacher may)
)

COURSE: tuple[Lesson, ...] = (
    Lesson(1, "01_tricks", ideas=("tricks", "follow_suit", "no_trumps", "sure_winners"),
           practice=("trick:no_trumps", "may_play", "sure_winners"), quiz_kinds=("trick:no_trumps", "may_play", "sure_winners"),
           # 4 questions, not 5: the class plays two deals (the one-suit game and a whole deal), and
           # a fifth question would leave no minutes spare (exercises.plans.SPARE_MINUTES)
           quiz_seed="lesson 1", quiz_size=4),
    Lesson(2, "02_trumps", ideas=("trumps",),
           practice=("trick:ruff", "may_play:ruff", "choose_trumps", "trick", "may_play:trumps"),
           # every item needs trumps (reader O: a quiz of "trick" and "may_play:trumps" often asked
           # lesson 1's rules alone): a ruff, "may South trump?" and which suit should be trumps;
           # three kinds, so the first round, the Japanese class's 3, asks each once; the seed's
           # "may South trump?" is a no (South can follow suit) in the first 3, a yes after
           quiz_kinds=("trick:ruff", "may_play:ruff", "choose_trumps"), quiz_seed="lesson 2 (3)"),
    Lesson(3, "03_points", ideas=("hcp", "total_40"),
           practice=("hcp", "announcements:side", "announcements:fourth"),
           # two missing-number questions in every quiz
           quiz_kinds=("hcp", "hcp", "announcements:fourth", "announcements:fourth", "announcements:side"),
           quiz_seed="lesson 3 (7)"),  # the Japanese class's 3: a fourth hand, a hand's points, a side's points
    Lesson(4, "04_declarer_and_dummy", ideas=("declarer", "dummy"),
           practice=("declarer", "declarer:dummy", "declarer:lead", "announcements"),
           # who leads first is last here, so the quiz's shuffle puts it within the Japanese class's 3
           quiz_kinds=("declarer", "declarer:dummy", "declarer", "declarer:dummy", "declarer:lead"),
           quiz_seed="lesson 4 (5)"),  # its answers: North, West, South, North, South (a test holds them apart)
    Lesson(5, "05_choosing_the_contract", ideas=("tricks_needed", "golden_fit", "game_points", "points_to_tricks"),
           practice=("tricks_needed", "contract", "points_to_tricks"),
           # each kind within the Japanese class's first 3: the quiz's shuffle puts this order's
           # fourth kind third
           quiz_kinds=("tricks_needed", "tricks_needed", "contract", "points_to_tricks", "contract"),
           quiz_seed="lesson 5"),
    # The club's scoring is an extension for fast pupils: "score:club" may be practised here
    # (ExerciseWidget(lesson=6, kinds=["score:club"])); the quiz and later lessons use the
    # English schools' rules only.
    Lesson(6, "06_scoring", ideas=("scoring",),
           practice=("score",), quiz_kinds=("score",), quiz_seed="lesson 6 (24)",
           extension_ideas=("club_scoring",), extension_practice=("score:club",)),
    Lesson(7, "07_long_suits", ideas=("long_suits", "unblocking"),
           practice=("sure_winners:hands", "long_suit_tricks", "unblock"),
           # the quiz asks what the whole class played in deal A: the sure tricks of declarer's two
           # hands (lesson 1's count, reviewed) and long suits (a third of them knock out an ace);
           # unblocking is deal C's, for a club session or home, and lesson 9 brings it to everyone
           quiz_kinds=("long_suit_tricks", "sure_winners:hands", "long_suit_tricks", "sure_winners:hands", "long_suit_tricks"),
           quiz_seed="lesson 7", reviews=(1,)),
    Lesson(8, "08_trumps_in_play", ideas=("drawing_trumps", "ruffing"),
           practice=("trumps_out", "ruff_where", "ruff_where:gain", "draw_or_ruff"),
           # every kind once in the first 4; the Japanese class's 3 ask drawing or ruffing first, the
           # trumps still out and which hand ruffs: the quiz's shuffle leaves the first kind named last.
           # Its draw-or-ruff item answers "Ruff first" (deal B's choice; the pre-check's answers
           # "Draw", deal A's), and so does the printed sheet's first item (a test holds them)
           quiz_kinds=("ruff_where:gain", "ruff_where", "trumps_out", "draw_or_ruff", "ruff_where:gain"),
           quiz_seed="lesson 8 (28)",
           sheet_kinds=("draw_or_ruff", "trumps_out", "ruff_where", "ruff_where:gain")),
    Lesson(9, "09_entries_and_finesses", ideas=("entries", "finesse"),
           practice=("finesse", "finesse:chance", "finesse:entry", "unblock"),
           quiz_kinds=("finesse", "finesse:entry", "finesse:chance", "finesse", "finesse:entry"),
           quiz_seed="lesson 9"),
    Lesson(10, "10_the_opening_lead", ideas=("opening_lead",),
           # "lead:tie": two suits as long, the higher one led; once on the printed sheet and once in
           # the quiz; "lead:no_ace": rule 3 (not away from an ace against trumps, deal B's rule). The
           # quiz's shuffle of this seed puts the 1st, 5th and 4th kinds first: the Japanese class's 3
           # ask rule 3 second and the tie third
           practice=("lead", "lead:tie", "tricks_needed"),
           quiz_kinds=("lead", "lead", "lead", "lead:tie", "lead:no_ace"),
           quiz_seed="lesson 10"),
    Lesson(11, "11_defending", ideas=("second_hand_low", "third_hand_high", "defenders_target"),
           # the printed sheet asks each rule once: second hand low, third hand high, partner's
           # high card wins, and the defenders' target
           practice=("defend:second", "defend:third", "defend:partner", "tricks_needed:defenders"),
           quiz_kinds=("defend", "defend", "tricks_needed:defenders", "defend", "tricks_needed:defenders"),
           quiz_seed="lesson 11 (5)"),
    Lesson(12, "12_a_whole_hand", ideas=("whole_hand",),
           # the lead it asks is the one the lesson plays (deal B: the top of a sequence), practised
           # on screen and on the printed sheet before the quiz asks it
           practice=("declarer", "contract", "lead:sequence", "score", "tricks_needed:defenders", "sure_winners:hands"),
           quiz_kinds=("contract", "lead:sequence", "tricks_needed:defenders", "defend", "score"),  # the steps and the defence it teaches
           # a seed whose shuffle keeps this order: the Japanese 3 ask the contract (the step the
           # pupils did in deal A), the lead and the defenders' target, the "In short" points
           quiz_seed="lesson 12 (8)", reviews=(4, 5, 6, 10, 11),
           sheet_kinds=("contract", "lead:sequence", "score", "tricks_needed:defenders")),
    Lesson(13, "13_bidding", ideas=("bidding",),
           practice=("call", "bid_higher"),
           # one item asks to open, one to raise, one to pass without 4 of partner's suit (reader r11: two raises)
           quiz_kinds=("call:open", "bid_higher", "call:raise", "call:no_fit", "bid_higher"),
           quiz_seed="lesson 13"),
    Lesson(14, "14_manille_cards_and_points", ideas=("manille_pack", "manille_points", "manille_trick"),
           practice=("manille_points", "manille_trick", "manille_trick:no_ten"),
           quiz_kinds=("manille_points", "manille_trick", "manille_trick:no_ten"),  # one item at least with no 10 led
           quiz_seed="lesson 14"),
    Lesson(15, "15_manille_trumps", ideas=("manille_trumps", "manille_no_trumps"),
           practice=("manille_may_play", "manille_trick:trumps"),
           # each half of the rule once: must trump (No), may trump or discard (Yes), must follow (No)
           quiz_kinds=("manille_may_play:must_trump", "manille_trick:trumps", "manille_may_play:may",
                       "manille_trick:trumps", "manille_may_play:must_follow"),
           # a seed whose first 3 items (the Japanese class's quiz) each name other trumps, and ask
           # a must-trump (No) and a may-play (Yes) (tests/lessons/test_lessons_14_16.py)
           quiz_seed="lesson 15 (6)",
           sheet_kinds=("manille_may_play:must_follow", "manille_trick:trumps", "manille_may_play:may",
                        "manille_trick:trumps")),
    Lesson(16, "16_manille_scoring", ideas=("manille_tapping", "manille_scoring", "manille_match"),
           practice=("manille_score", "manille_match"),
           quiz_kinds=("manille_score",) * 4 + ("manille_match",),
           quiz_seed="lesson 16",
           # the printed sheet is the class's only practice: it asks a tap (× 2) and en voiture
           # with a tap (× 4), as the exit quiz does (reader Q), and a match twice
           sheet_kinds=("manille_score:tap", "manille_match", "manille_score:both", "manille_match")),
    # Extensions for maths classes, after the course.
    Lesson(17, "17_more_manille", ideas=("manille_rule_book", "manille_tap_back"),
           practice=("manille_alone", "manille_score:tap_back"),
           quiz_kinds=("manille_alone", "manille_score:tap_back", "manille_alone", "manille_score:tap_back",
                       "manille_alone"),
           quiz_seed="lesson 17", extension=True),
    Lesson(18, "18_chance_and_cards", ideas=("chance", "counting_ways"),
           practice=("chance_fraction", "chance_percent", "chance_compare", "chance_ways"),
           # one item an idea of the lesson, none twice (a 5th item once asked a 2nd card-from-the-pack
           # sum): a chance as a fraction of the pack, a share in percent, a share of the class's
           # deals (dealing many times, it settles), comparing two chances over 52, and listing every
           # way two or three missing cards lie (in this order the quiz's shuffle puts it second,
           # within the Japanese class's 3; the plan has the minute for a 5th item)
           quiz_kinds=("chance_ways", "chance_fraction:pack", "chance_percent:cards", "chance_percent:deals",
                       "chance_compare:pack"),
           quiz_seed="lesson 18 (2)", quiz_size=5, extension=True,
           # the printed sheet lists three cards (the page's own question, 2–1 in 6 of 8 ways), which
           # the pre-check and the quiz, with two cards each, do not ask, and compares two unequal
           # counts of the pack (16 against 13: "more likely", reader V)
           sheet_kinds=("chance_fraction", "chance_percent", "chance_compare:pack", "chance_ways:three")),
    Lesson(19, "19_coders_corner", ideas=("coding",),
           practice=("read_code", "read_code:forgets", "hcp", "tricks_needed", "score", "manille_points"),
           quiz_kinds=("read_code", "read_code:forgets", "tricks_needed", "score"), quiz_seed="lesson 19",
           quiz_size=4, extension=True, reviews=(3, 5, 6, 14)),
    # More card play, after lessons 1-13 (numbered after the extensions, as it came later).
    Lesson(20, "20_losers_and_the_hold_up", ideas=("counting_losers", "hold_up"),
           practice=("losers:suit", "losers", "hold_up"),
           quiz_kinds=("losers", "hold_up", "losers:suit", "losers", "hold_up"),
           quiz_seed="lesson 20"),
    # Lesson 21 (an extension): duplicate. The class plays the same board at every table and reads the traveller.
    Lesson(21, "21_duplicate", ideas=("duplicate", "matchpoints"),
           # the traveller's line (the score, in the column of the side that earned it) is half the
           # lesson's "In short": the quiz, the pre-check and the sheet ask it once each, beside the
           # matchpoints; the quiz's in the E–W column (board B's "E–W 140" on the page)
           practice=("matchpoints", "matchpoints:ew", "traveller"),
           quiz_kinds=("matchpoints", "traveller:ew", "matchpoints:ew"),
           # 3 questions: the matchpoints on the traveller are the lesson's maths and take 10 minutes
           # in class, so a fourth question would leave no minutes spare (exercises.plans.SPARE_MINUTES)
           quiz_seed="lesson 21", quiz_size=3, extension=True),
    # Lesson 22: more defence, after lesson 11 (numbered after the extensions, as it came later).
    Lesson(22, "22_covering_and_discards", ideas=("cover_honour", "discards"),
           # "cover:low" is a small card led, not to cover; the quiz, the pre-check and the practice
           # sheet each ask it and a cover below the ace (a test holds it). The quiz's seed puts first
           # a small card led, a cover below the ace and partner's signal (a 6 or higher: "lead it"):
           # the Japanese class asks only those 3, so a pupil who always covers cannot get full marks
           # and the signal the page asks pupils to read is checked in class. The English 4th is the
           # discard (its low card "not this suit"), which the deal B tables play in class
           practice=("cover:low", "discard", "discard:signal", "cover"),
           quiz_kinds=("cover:low", "discard", "discard:signal", "cover"), quiz_seed="lesson 22 (51)", quiz_size=4),
)


def lesson_of(which: int | str) -> Lesson:
    """A lesson by number (3, "3", "03") or by notebook name ("03_points").

    >>> lesson_of("03_points").number
    3
    """
    key = str(which).strip()
    for lesson in COURSE:
        if key in (str(lesson.number), f"{lesson.number:02d}", lesson.notebook, lesson.notebook + ".ipynb"):
            return lesson
    raise CardError("course_lesson", text=key, first=COURSE[0].number, last=COURSE[-1].number)


def lesson_number(which) -> int | None:
    """The number of a lesson given as a Lesson, a number or a notebook name (None: no lesson).

    >>> lesson_number("05_choosing_the_contract"), lesson_number(COURSE[2]), lesson_number(None)
    (5, 3, None)
    """
    if which is None:
        return None
    return lesson_of(getattr(which, "number", which)).number

