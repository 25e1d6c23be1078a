"""Each lesson's plan for one class with real cards, timed by a model, not by the author's minutes.

A plan is a list of steps; every step has a kind (a talk, a pre-check, a set deal played from a
board, a report of the tables' results ...) and the model gives each kind its minutes from what
beginners (8-11) really take at a table (the figures and their sources are in ``MINUTES`` and
``minutes_of``; docs/plans.md explains them). A plan's length is the sum of its steps, never
typed. A step that does not fit says where it goes instead: fast tables "if time", fast
finishers, the next lesson's start, home, or a club session. The English edition's class lasts
50 minutes, the Japanese 45 (a Japanese primary lesson); a step may go out of class in one
edition only (``out_ja``). Every plan leaves ``SPARE_MINUTES`` of its class spare, for a late
start and tidying up.

>>> plan = plan_of(5, "en")
>>> plan.minutes <= plan.limit - SPARE_MINUTES == 48, plan_of(5, "ja").minutes <= 45 - SPARE_MINUTES
(True, True)
>>> plan.packs
7
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil

from cardlib import BRIDGE_PACK, Seat, messages, say
from cardlib.render import text_html
from exercises.course import PRACTICE_SHEET_SIZE, PRECHECK_SIZE, Lesson, lesson_of
from exercises.curriculum import curriculum_html, curriculum_lines

LIMITS = {"en": 50, "ja": 45}  # one class: an English primary lesson, a Japanese one (45 minutes)
# The minutes every plan leaves spare of its class, for a class that starts a little late and tidies
# its cards away at the end: our own figure, no source gives one (docs/plans.md). A plan's steps in
# class take at most ``limit - SPARE_MINUTES`` (``Plan.fits``); what is spare beyond them is for the
# slowest table.
SPARE_MINUTES = 2
PUPILS = 30  # a class
TABLES = PUPILS // 4  # 7 tables of four; the 2 left join a table and take turns (docs/plans.md)

# Minutes of the kinds that take the same time in every lesson. Sources: docs/plans.md, its table
# of figures (both teachers who reviewed the course, the WBF programme, Compton's ACBL manual);
# where a range is given, the plan takes its slow end, as the figures are minimums for beginners.
MINUTES = {
    "recap": 3,  # recap + talk together: 10 at most (WBF: recap 10, theory 5-10; Compton: talk <= 5): 3 + 7
    "warm_up": 3,  # lesson 1 has nothing to recall: its page's warm-up takes the recap's place and minutes
    "talk": 7,
    "move": 3,  # moving to tables, handing out cards, boards or devices: 2-3
    # Lesson 21: after moving to tables ("move"), the draw for partners at every table at once
    # (docs/rules.md §1.1: each of the four draws a card from the spread pack, the two highest sit
    # North-South): four cards turned up together, compared, at most two pupils change seats. No
    # source has a figure: ours, 1 minute, half our "announce" (2: four players count and say their
    # points, then declarer writes a slip), as the draw has no counting and no writing.
    "draw": 1,
    "report": 3,  # writing 7 tables' results on the board: about 3
    # Lesson 21: the traveller of 7 tables on the board (3, as a report), then the class puts the
    # scores in order and counts each table's matchpoints, the lesson's maths: a minute a table
    # (our figure; the teacher who read lesson 21 put the whole at about 10)
    "matchpoints": 3 + TABLES,
    "announce": 2,  # MiniBridge: announcing the points, declarer, dummy down, the contract on a slip.
                    # The teachers say to add it, with no figure: ours (four announcements and a slip).
    "auction": 3,   # lesson 13's auction, our figure: four players, two or three rounds of bids
    "trumps": 1,  # Manille: the dealer names trumps (or says en face), our figure
    "practice": 5,  # practice on screen once devices are out: the length of the slot, not a measure
    "code": 10,  # lesson 19: one function typed until its check shows it right, our figure
    # Lesson 19 with one projector and no devices ("the class is the computer"): each table runs a
    # function by hand on 13 real cards, a line at a time, or pairs fill in the missing numbers of
    # a function's steps shown in words and say which step answers each contract read aloud; the
    # class says its fix in words while the teacher types the Python and the check shows ✔ (nobody
    # writes code by hand): our figure, the same 10 as coding it on a computer (13 cards at a few
    # seconds a line, or 2 minutes for three numbers and 4 for five contracts, then 3 to type)
    "by_hand": 10,
    # Lesson 18 with paper and pencils: pairs list every way two missing hearts lie (4 rows), then
    # three (8 rows), and count the splits: our figure, about half a minute a row and the class's
    # answers checked against the picture on the projector
    "listing": 8,
}
QUESTION_MINUTES = 4 / 3  # a three-question pre-check or exit quiz takes 3-5 minutes (docs/plans.md): the middle, a question
FULL_DEAL_MINUTES = 15  # a 13-trick deal at a table of beginners: 12-15 (both teachers; WBF ~15 a deal)
DEAL_AND_SORT = 3  # shuffling, dealing, sorting and counting 13 cards: 2-3
SORT_A_BOARD = 2  # taking a hand out of a board dealt before the lesson, sorting and counting it
MAKE_UP_A_BOARD = 5  # making up a board from the curtain cards: about 5 the first times
# A fast table (docs/plans.md, "What a fast table really has"). The teachers give 12-15 minutes
# for a 13-trick deal and the model takes the slow end, so a table at the quick end finishes its
# deal 3 minutes before the model's (a shorter deal in proportion), and a table that shuffles and
# deals its own hands (2-3) a minute sooner a deal.
# Those minutes, while the other tables finish, are all a fast table has: after the deal come the
# results and the quiz for the whole class, and the class's spare minutes are for the slowest
# table. So a step for fast tables ("if_time", "fast") must fit them (``Plan.fast_minutes``).
FAST_DEAL_MINUTES = 12
FAST_DEAL_AND_SORT = 2
# What a fast table does in them: the four hands of the deal it played, turned face up, and the
# table finds together where the deal was won or lost and the play the lesson is about. With
# large classes, children play the day's hands unaided, "then review them face up" (ABTA
# Applebasket 2014, Patty Stone). No source gives a figure: ours, 2 minutes, as announcing (each of the
# four says one thing, no cards are played).
MINUTES["review"] = 2
# Practice on screen has no end (one question at a time, each explained): for fast finishers it
# lasts the minutes they have, so it is timed as the fast tables' minutes (``Plan.minutes_of``).

HANDS_A_PACK = 4  # a pack dealt out makes four hands of 13
DRAW_CARDS = 4  # the draw for partners (lesson 21): a card for each of a table's four players

# Where a step goes that is not in the class's minutes. A set deal that does not fit the fast
# tables' minutes goes to a club session ("club": the lesson's 45-minute session plays it;
# "club_60": only a 60-minute one does, and a pupil can play it on screen at home, the computer
# playing the other seats) or home, on screen (a lesson the club track does not take).
# "devices": a class with a computer for each pupil or pair does it instead of the steps by hand
# (lesson 19), in the same minutes. "seated": the teacher seats the pairs before the lesson instead
# (lesson 21's draw for partners in a 45-minute class).
# "quiz_instead": a 45-minute class leaves the pre-check out and takes the exit quiz in class at the
# end in its minutes (lesson 21: the quiz is what the teacher needs to see that day; the pre-check
# asks the traveller and matchpoints, which no pupil has met before the talk).
WHERE = ("if_time", "fast", "next", "home", "club", "club_60", "devices", "seated", "quiz_instead")
DEAL_KINDS = ("board", "make_up", "deal")  # a set deal from a board, one made up at the table, a shuffled deal


@dataclass(frozen=True)
class Step:
    """One step of a plan: its kind, what the lesson does in it (a message key, or ""), the set
    deal it plays ("A") or how many times (deals dealt to count, functions coded), and where it
    goes when not in the class's minutes ("" in class; ``out_ja`` for the Japanese edition
    alone). ``split`` names a second set deal that half the tables play instead, to compare.
    ``path`` names the lesson's cells the step is (their metadata "path"), which the class
    screen leaves out when the step is out of class (classroom.presenter). ``seats``: the fewest
    players a table of the step may have (lesson 17's three-player game: 3), for the packs.
    ``cards`` and ``before``: a deal's cards a hand and what the table does before the first
    lead (a key of ``MINUTES``), when the lesson's own do not say (lesson 17's games)."""

    kind: str
    note: str = ""
    deal: str = ""
    times: int = 1
    out: str = ""
    out_ja: str | None = None
    split: str = ""
    path: str = ""
    seats: int = 4
    cards: int = 0
    before: str = ""

    def where(self, edition: str) -> str:
        return self.out_ja if edition == "ja" and self.out_ja is not None else self.out


def _is_manille(lesson: Lesson) -> bool:
    return all(idea.startswith("manille") for idea in lesson.ideas)


def _cards_a_hand(lesson: Lesson, deal: str) -> int:
    """The cards each player holds in the lesson's set deal ("A"); for a deal shuffled at the
    table, 8 in a Manille lesson (32 cards), else 13."""
    for board in lesson.deals:
        if deal and board.name.endswith(deal):
            return len(board.deal[Seat.N])
    return 8 if _is_manille(lesson) else 13


def _step_cards(lesson: Lesson, step: Step) -> int:
    """The cards each player holds in a deal step: its own count (lesson 17's games), else the set deal's."""
    return step.cards or _cards_a_hand(lesson, step.deal)


def minutes_of(step: Step, lesson: Lesson, edition: str = "en") -> int:
    """The model's minutes for a step of the lesson's plan in an edition (whole minutes, rounded up)."""
    if step.kind in ("pre_check", "quiz", "practice_sheet"):
        size = {"pre_check": PRECHECK_SIZE, "quiz": lesson.quiz_size_in(edition), "practice_sheet": PRACTICE_SHEET_SIZE}[step.kind]
        return ceil(size * QUESTION_MINUTES)
    if step.kind == "count_deals":  # lesson 18: each table deals and counts, no play
        return step.times * DEAL_AND_SORT
    if step.kind in DEAL_KINDS:
        cards = _step_cards(lesson, step)
        setup = {"board": SORT_A_BOARD, "deal": DEAL_AND_SORT, "make_up": MAKE_UP_A_BOARD}[step.kind]
        if step.kind != "make_up":  # a short hand is quicker to sort; making up a board is not
            setup = ceil(setup * cards / 13)
        play = ceil(FULL_DEAL_MINUTES * cards / 13)  # a trick takes the same time in any deal
        return step.times * (setup + play) + _before_play(lesson, step)
    return step.times * MINUTES[step.kind]


def fast_minutes_of(step: Step, lesson: Lesson) -> int:
    """The minutes a fast table saves on a step in class: on a deal, the quick end of the
    teachers' figures (12 minutes for 13 tricks, 2 to shuffle and deal) against the model's slow
    end; nothing on the other steps, which the whole class does together."""
    if step.kind == "count_deals":
        return step.times * (DEAL_AND_SORT - FAST_DEAL_AND_SORT)
    if step.kind not in DEAL_KINDS:
        return 0
    cards = _step_cards(lesson, step)
    saved = ceil(FULL_DEAL_MINUTES * cards / 13) - ceil(FAST_DEAL_MINUTES * cards / 13)
    if step.kind == "deal":
        saved += ceil(DEAL_AND_SORT * cards / 13) - ceil(FAST_DEAL_AND_SORT * cards / 13)
    return step.times * saved


def _before_play(lesson: Lesson, step: Step) -> int:
    """What a table does between sorting its cards and the first lead."""
    if step.before:
        return MINUTES[step.before]
    board = next((b for b in lesson.deals if step.deal and b.name.endswith(step.deal)), None)
    table = board.table if board else ("manille" if _is_manille(lesson) else "minibridge")
    if table == "auction" or (not board and "bidding" in lesson.ideas):
        return MINUTES["auction"]
    if table == "manille":
        return MINUTES["trumps"] if "manille_trumps" in lesson.taught_so_far else 0
    return MINUTES["announce"] if "hcp" in lesson.taught_so_far else 0


@dataclass(frozen=True)
class Plan:
    """A lesson's plan in one edition: the steps in class with their minutes, the steps out of
    class and where each goes, the class's length and the packs of cards it needs; shown with
    the school maths the lesson practises (``exercises.curriculum``)."""

    lesson: Lesson
    edition: str
    steps: tuple[Step, ...]

    @property
    def limit(self) -> int:
        return LIMITS[self.edition]

    @property
    def spare(self) -> int:
        """The class's minutes left over by its steps in class."""
        return self.limit - self.minutes

    @property
    def fits(self) -> bool:
        """Do the steps in class leave the minutes spare every class keeps (``SPARE_MINUTES``), for a
        late start and tidying up?"""
        return self.spare >= SPARE_MINUTES

    @property
    def fast_minutes(self) -> int:
        """The minutes a fast table has for the steps for fast tables: what it saves on the deals
        in class, by the quick end of the teachers' figures (``fast_minutes_of``)."""
        return sum(fast_minutes_of(s, self.lesson) for s in self.steps if not s.where(self.edition))

    def minutes_of(self, step: Step) -> int:
        """A step's minutes in this plan: by the model, but practice on screen for fast finishers
        lasts the minutes they have (it has no end)."""
        if step.kind == "practice" and step.where(self.edition) == "fast":
            return self.fast_minutes
        return minutes_of(step, self.lesson, self.edition)

    @property
    def in_class(self) -> list[tuple[int, Step]]:
        return [(self.minutes_of(s), s) for s in self.steps if not s.where(self.edition)]

    @property
    def out_of_class(self) -> list[tuple[int, Step]]:
        return [(self.minutes_of(s), s) for s in self.steps if s.where(self.edition)]

    @property
    def minutes(self) -> int:
        """The class's length by the model: the sum of the steps in class."""
        return sum(m for m, _ in self.in_class)

    @property
    def full_deals(self) -> int:
        """How many 13-card deals every table plays in class (a split counts once: each table plays one)."""
        return sum(s.times for _, s in self.in_class
                   if s.kind in DEAL_KINDS and _step_cards(self.lesson, s) == 13)

    @property
    def games(self) -> tuple[Game, ...]:
        """The games a class chooses one of (lesson 17), each its talk's ideas and its deal."""
        return GAMES.get(self.lesson.number, ())

    def with_game(self, path: str) -> Plan:
        """The plan for a class that plays this game: its deal in place of the step that stands
        for the game the class chose."""
        game = next(g for g in self.games if g.path == path)
        return replace(self, steps=tuple(game.step() if s.note == GAME_STEP else s for s in self.steps))

    def _game_lines(self) -> list[str]:
        """Each game: its new ideas, a first time or after which game, its deal and the class's minutes with it."""
        titles = {g.path: say(f"plan_game_{g.path}") for g in self.games}
        lines = []
        for game in self.games:
            ideas = say("plan_and").join(say(f"plan_idea_{idea}") for idea in game.ideas)
            when = (say("plan_game_after", game=titles[game.after]) if game.after
                    else say("plan_game_first", ideas=len(COMMON_TALK_IDEAS) + len(game.ideas)))
            lines.append(say("plan_game_line", game=titles[game.path], ideas=ideas, when=when,
                             deal=minutes_of(game.step(), self.lesson, self.edition),
                             used=self.with_game(game.path).minutes, limit=self.limit))
        return lines

    @property
    def packs(self) -> int:
        """Packs of cards for a class of 30: one a table for each board dealt before the lesson, or
        one a table when the tables deal their own (as many tables as the smallest tables a step
        may have: 10 of three); for a function run by hand, one hand of 13 a table (a pack makes
        four); none when no cards are used."""
        boards = {s.deal for _, s in self.in_class if s.kind == "board"} - set(self.inside_boards)
        if boards:
            return TABLES * len(boards)
        if any(s.kind == "by_hand" for _, s in self.in_class):
            return ceil(TABLES / HANDS_A_PACK)
        dealt = [s.seats for s in self.steps if s.kind in DEAL_KINDS + ("count_deals",)]
        return PUPILS // min(dealt) if dealt else 0

    @property
    def draw_packs(self) -> int:
        """Spare packs for a draw for partners in class (lesson 21): each table's only pack is in its
        board, so the draw needs four more cards a table, and a spare pack split into fours (the
        ♠A ♠K ♠Q ♠J, the ♥A ♥K ♥Q ♥J ...) serves 13 tables. Not counted in ``packs`` (the boards').

        >>> plan_of(21, "en").draw_packs, plan_of(21, "ja").draw_packs, plan_of(5, "en").draw_packs
        (1, 0, 0)
        """
        if not any(s.kind == "draw" for _, s in self.in_class):
            return 0
        return ceil(TABLES * DRAW_CARDS / len(BRIDGE_PACK.cards))

    @property
    def class_boards(self) -> list[tuple[str, int]]:
        """The boards made up before the lesson for the deals played in class, deal by deal, and how
        many of each: one a table, or for a split deal half the tables each (7 tables: 4 of the
        first deal, 3 of the other). They add up to ``packs`` (a test holds it).

        >>> plan_of(6, "en").class_boards, plan_of(1, "en").class_boards
        ([('A', 4), ('B', 3)], [('A', 7), ('B', 7)])
        """
        boards: dict[str, int] = {}
        for _, step in self.in_class:
            if step.kind == "board":
                halves = ((step.deal, ceil(TABLES / 2)), (step.split, TABLES // 2)) if step.split else ((step.deal, TABLES),)
                for deal, count in halves:
                    boards[deal] = boards.get(deal, 0) + count
        return list(boards.items())

    @property
    def inside_boards(self) -> dict[str, str]:
        """The deals played in class from another deal's board, and that board: each player's hand
        of the one is part of their hand of the other, so the table takes it out of that board and
        needs no board, and no pack, of its own (lesson 1: each hand's spades of 1B are its 1A).

        >>> plan_of(1, "en").inside_boards, plan_of(6, "en").inside_boards
        ({'A': 'B'}, {})
        """
        deals = {d: b.deal for d, _ in self.class_boards for b in self.lesson.deals if b.name.endswith(d) and d}
        inside: dict[str, str] = {}
        for part, deal in deals.items():
            for whole, other in deals.items():
                if part != whole and whole not in inside and len(deal[Seat.N]) < len(other[Seat.N]) \
                        and all(set(deal[seat]) <= set(other[seat]) for seat in Seat):
                    inside[part] = whole
                    break
        return inside

    @property
    def later_boards(self) -> list[str]:
        """The set deals played from boards out of class only (a club session, or on screen at home).

        >>> plan_of(4, "en").later_boards, plan_of(6, "en").later_boards
        (['B', 'C'], ['C'])
        """
        played = {deal for deal, _ in self.class_boards}
        return sorted({s.deal for _, s in self.out_of_class if s.kind == "board" and s.deal not in played})

    def _what(self, step: Step) -> str:
        kind = f"plan_kind_{step.kind}" + ("_split" if step.split else "")
        where = step.where(self.edition)
        if step.kind in ("board", "make_up") and where in ("club", "club_60", "home"):  # a set deal moved out
            kind = ("plan_kind_home_deal" if where == "home" else "plan_kind_club_deal") + ("_split" if step.split else "")
        if step.kind == "move" and step.note:  # the step says what is handed out (lesson 19: cards, or computers)
            return say("plan_kind_move_handing", note=say(step.note))
        what = say(kind, deal=step.deal, times=step.times, split=step.split, size=self.lesson.quiz_size_in(self.edition))
        return say("plan_with_note", what=what, note=say(step.note)) if step.note else what

    @property
    def with_devices(self) -> Plan:
        """The plan of a class with a computer for each pupil or pair: the steps it does instead
        ("devices") take the place of the steps by hand (in class, path "by_hand"), where the
        first of those was (lesson 19)."""
        instead = tuple(replace(s, out="", out_ja=None) for s in self.steps if s.where(self.edition) == "devices")
        by_hand = [i for i, s in enumerate(self.steps) if s.path == "by_hand" and not s.where(self.edition)]
        if not instead or not by_hand:
            return self
        kept = tuple(s for i, s in enumerate(self.steps) if i not in by_hand and s.where(self.edition) != "devices")
        first = by_hand[0]
        return Plan(self.lesson, self.edition, kept[:first] + instead + kept[first:])

    @property
    def made_up_at_tables(self) -> int:
        """The minutes more the class takes when each table makes up its boards from the curtain
        cards (a 5-minute starter) instead of taking them out of boards dealt before the lesson."""
        return sum(minutes_of(replace(s, kind="make_up"), self.lesson) - m for m, s in self.in_class
                   if s.kind == "board" and s.deal not in self.inside_boards)  # a board inside another is made up with it

    @property
    def tables_make_up_boards(self) -> bool:
        """Whether the tables have time to make up their own boards from the curtain cards (a
        5-minute starter) and keep the spare minutes; if not, the boards are dealt before the
        lesson (the plan says so, and so does the curtain cards' first page)."""
        return self.minutes + self.made_up_at_tables <= self.limit - SPARE_MINUTES

    @property
    def made_up_reason(self) -> str:
        """Why the boards are dealt before the lesson, as the plan's cards line says it (the
        curtain cards' first page reads the same words): the minutes made up at the tables would
        take, and that they leave no spare minutes, or run past the lesson's end."""
        return self._starter("").strip()

    def _starter(self, first: str) -> str:
        """``first``, then whether the tables have time to make up their own boards from the
        curtain cards, which the teacher's notes offer."""
        extra = self.made_up_at_tables
        used = self.minutes + extra
        key = ("plan_made_up_fits" if self.tables_make_up_boards else
               "plan_made_up_too_long" if used <= self.limit else "plan_made_up_over")
        return say(key, first=first, extra=extra, used=used, limit=self.limit, spare=SPARE_MINUTES)

    def _cards(self) -> str:
        boards = sorted({s.deal for _, s in self.in_class if s.kind == "board"})
        if boards:
            inside = self.inside_boards
            first = say("plan_packs", packs=self.packs, pupils=PUPILS, tables=TABLES, boards=len(boards) - len(inside))
            if inside:  # lesson 1: deal A's hands are in deal B's board, so one pack a table plays both
                return self._starter(self._inside(first, *next(iter(inside.items()))))
            if self.draw_packs:  # lesson 21: the draw for partners cannot take its cards out of the boards
                first = say("plan_packs_draw", first=first, packs=self.draw_packs, four=DRAW_CARDS,
                            tables=len(BRIDGE_PACK.cards) // DRAW_CARDS)
            return self._starter(first)
        if any(s.kind == "by_hand" for _, s in self.in_class):
            return say("plan_packs_hands", packs=self.packs, tables=TABLES)
        if self.packs > TABLES:  # a game for smaller tables: say what tables of four need
            return say("plan_packs_dealt_small", packs=self.packs, seats=PUPILS // self.packs, four=TABLES)
        return say("plan_packs_dealt", packs=self.packs, tables=TABLES) if self.packs else say("plan_no_packs")

    def _inside(self, first: str, part: str, whole: str) -> str:
        """``first``, then how a deal with no board of its own is played from another's board: each
        player takes out only their cards of it, plays it, then picks up the rest of their hand, which
        takes no longer than taking a second board's cards out, so the class's minutes do not change."""
        board = next(b for b in self.lesson.deals if b.name.endswith(part))
        cards = BRIDGE_PACK.in_order(c for hand in board.deal.hands.values() for c in hand)
        return say("plan_packs_inside", first=first, deal=part, whole=whole, cards=len(cards), per=len(board.deal[Seat.N]),
                   high=str(cards[0]), low=str(cards[-1]), used=self.minutes, limit=self.limit)

    def lines(self) -> tuple[str, list[str], list[str], str]:
        """The plan in words, in the current language: its heading, the steps in class, the steps
        out of class (where each goes), and the cards it needs."""
        heading = say("plan_heading", used=self.minutes, limit=self.limit)
        more = self.spare - SPARE_MINUTES  # beyond a late start and tidying up: for the slowest table
        heading += (say("plan_spare_more", spare=self.spare, reserve=SPARE_MINUTES, more=more) if more > 0
                    else say("plan_spare", spare=self.spare))
        steps = [say("plan_step", minutes=m, what=self._what(s)) for m, s in self.in_class]
        out = [say("plan_out", where=say(f"plan_where_{s.where(self.edition)}"), what=self._what(s), minutes=m)
               for m, s in self.out_of_class]
        if any(s.where(self.edition) in ("if_time", "fast") for _, s in self.out_of_class):
            out.insert(0, say("plan_fast_tables", minutes=self.fast_minutes, why=self._fast_why()))
        return heading, steps, out, self._cards()

    def _fast_why(self) -> str:
        """Why a fast table is done sooner, in this lesson's own deals at the quick end of the
        teachers' figures: their tricks (8 in Manille), the shuffle if the table deals, or (lesson
        18) the dealing and counting."""
        deals = [s for _, s in self.in_class if s.kind in DEAL_KINDS]
        if not deals:
            counted = next(s for _, s in self.in_class if s.kind == "count_deals")
            return say("plan_fast_why_counting", times=counted.times, fast=FAST_DEAL_AND_SORT, slow=DEAL_AND_SORT)
        if len(deals) > 1:  # lesson 1: a short deal and a whole one
            slow = sum(minutes_of(s, self.lesson, self.edition) for s in deals)
            return say("plan_fast_why_deals", deals=len(deals), fast=slow - self.fast_minutes, slow=slow)
        deal, cards = deals[0], _step_cards(self.lesson, deals[0])
        fast, slow = ceil(FAST_DEAL_MINUTES * cards / 13), ceil(FULL_DEAL_MINUTES * cards / 13)
        if deal.kind == "deal":  # shuffled and dealt at the table: quicker there too
            fast, slow = fast + ceil(FAST_DEAL_AND_SORT * cards / 13), slow + ceil(DEAL_AND_SORT * cards / 13)
            return say("plan_fast_why_shuffling", tricks=cards, fast=fast, slow=slow)
        return say("plan_fast_why_playing", tricks=cards, fast=fast, slow=slow)

    def _repr_html_(self) -> str:
        heading, steps, out, cards = self.lines()
        items = "".join(f"<li>{text_html(s)}</li>" for s in steps)
        moved = "".join(f"<li>{text_html(s)}</li>" for s in out)
        games = "".join(f"<li>{text_html(s)}</li>" for s in self._game_lines())
        games = f"<p><b>{text_html(say('plan_games_heading'))}</b></p><ul>{games}</ul>" if games else ""
        return (f"<p><b>{text_html(heading)}</b></p><ul>{items}</ul>"
                f"<p><b>{text_html(say('plan_out_heading'))}</b></p><ul>{moved}</ul>" + games +
                f"<p>{text_html(cards)}</p>" + curriculum_html(self.lesson, self.edition))

    def __str__(self) -> str:
        heading, steps, out, cards = self.lines()
        maths, objectives = curriculum_lines(self.lesson, self.edition)
        games = [say("plan_games_heading"), *("- " + g for g in self._game_lines())] if self.games else []
        return "\n".join([heading, *("- " + s for s in steps), say("plan_out_heading"), *("- " + s for s in out), *games,
                          cards, maths, *("- " + o for o in objectives)])


# Lesson 17: the class plays one game of the rule book. A talk holds three ideas (the talks of
# lessons 5, 6, 14 and 16 were cut to three): every class learns the tap back and playing alone
# (the exit quiz asks both), so a game a class plays a first time adds one idea of its own. A game
# with more builds on one the class has played (``after``): its talk reminds the tap back and
# playing alone, which that class learnt with it, and teaches at most three new ideas.
TALK_IDEAS = 3
COMMON_TALK_IDEAS = ("tap_back", "alone")
GAME_STEP = "plan_17_game"


@dataclass(frozen=True)
class Game:
    """One game of a lesson with a choice (17): its cells' metadata "path", the ideas its talk adds
    (``plan_idea_<idea>`` messages), the game a class must have played first ("": none, it is
    for a first time), and its deal at the table: the players, the cards a hand, and what the
    table does before the first lead (the dealer names trumps; an auction or the widow's round)."""

    path: str
    ideas: tuple[str, ...]
    after: str = ""
    seats: int = 4
    cards: int = 8
    before: str = "trumps"

    def step(self) -> Step:
        return Step("deal", f"plan_game_{self.path}", seats=self.seats, cards=self.cards, before=self.before)


GAMES: dict[int, tuple[Game, ...]] = {
    17: (
        # the dealer alone against two, 10 cards each: the 2 cards face down to swap (the score is lesson 16's)
        Game("three", ("swap_two",), seats=3, cards=10),
        Game("parlee", ("ask_partner",)),  # say or ask one thing before a lead
        # the widow: take a card, throw one, until happy, then trumps. A first game pays a flat 1
        # (docs/rules.md §3), so the club's winnings over the cards taken are no idea of this talk;
        # the goal of 15 is playing alone, the common idea; who is asked first and who leads the
        # tables read from the game's rules card (the page's steps) as they play
        Game("widow", ("widow",), cards=7, before="auction"),
        # a promise is a guess of the points one player makes alone: a class learns what 15
        # points alone look like with the widow first
        Game("promises", ("promises",), after="widow", before="auction"),
        # the layout, the swap, × 2 and × 4 on top of the promises: three new ideas once promises are known
        Game("up_and_down", ("layout", "swap_up_or_down", "times_two_four"), after="promises", seats=5, cards=6,
             before="auction"),
        Game("blind", ("chance_draw",)),  # each card drawn by chance
    ),
}


# The plans, lesson by lesson: the steps in class in their order, then what goes out of class.
# A set deal that shows the lesson's idea is played once, from boards dealt before the lesson;
# a second deal, device practice and free play (a new deal shuffled at the table: 18-20
# minutes) do not fit, so each goes where the plan says.
_ROUTINE_END = (Step("quiz"),)
_AFTER = (Step("practice_sheet", out="home"), Step("practice", out="fast"))
_REVIEW = Step("review", "plan_review", out="if_time")  # fast tables: the deal just played, face up
# A Manille deal has 8 tricks, so lessons 14-16 have the minutes for the printed practice sheet in
# class, before the exit quiz (its sums are the quiz's: card points, − 30, × 2, 101 − a total).
_MANILLE_END = (Step("practice_sheet"), *_ROUTINE_END)


def _minibridge(n: int, first: str, second: str, *, recap_ja: str | None = None, extra=(),
                free: str = "plan_free_play") -> tuple[Step, ...]:
    """The routine of the MiniBridge lessons 3-13: recap, pre-check, talk, one set deal from
    boards, the tables' results, the exit quiz; fast tables review their deal face up; the
    second set deal in a 60-minute club session or on screen at home (it does not fit the fast
    tables' minutes); the practice sheet at home, practice on screen for fast finishers, free
    play in a club session. A 45-minute class fits the same steps with a shorter exit quiz
    (``Lesson.quiz_size_in``)."""
    key = f"plan_{n:02d}"
    return (Step("recap", f"{key}_recap", out_ja=recap_ja), Step("pre_check"), Step("talk", f"{key}_talk"), Step("move"),
            Step("board", f"{key}_deal_{first.lower()}", deal=first), Step("report", f"{key}_report"),
            *_ROUTINE_END, _REVIEW,
            Step("board", f"{key}_deal_{second.lower()}", deal=second, out="club_60"), *extra, *_AFTER,
            Step("deal", free, out="club"))


def _split(n: int, *, third: str = "", club: bool = True) -> tuple[Step, ...]:
    """The routine of a lesson with two ideas, each shown by a set deal (5-11, 20, 22): half the
    tables play deal A and half deal B, from boards, and the results tell each half what the
    other found. Fast tables review their deal face up. A third deal (``third``), or else the
    other half's deal (each table swaps boards), goes to a 60-minute club session or home, on
    screen (home alone for a lesson the club track does not take: ``club``)."""
    key = f"plan_{n:02d}"
    where = "club_60" if club else "home"
    later = (Step("board", "", deal=third, out=where) if third
             else Step("board", "plan_swap_boards", deal="B", split="A", out=where),)
    return (Step("recap", f"{key}_recap"), Step("pre_check"), Step("talk", f"{key}_talk"), Step("move"),
            Step("board", f"{key}_deal_a", deal="A", split="B"), Step("report", f"{key}_report"),
            *_ROUTINE_END, _REVIEW, *later, *_AFTER, Step("deal", "plan_free_play", out="club"))


PLANS: dict[int, tuple[Step, ...]] = {
    # two deals in class (the one-suit game, taken out of the whole deal's board, and the whole deal):
    # the exit quiz asks 4 questions, not 5, to keep 2 minutes spare (``Lesson.quiz_size``). The
    # Japanese recap is at home (here and in lesson 13): its words (the Japanese plan_01_recap,
    # plan_13_recap) speak of home only and name the page's cell the class skips, as the class
    # screen is the same for both editions
    1: (Step("warm_up", "plan_01_recap", out_ja="home"), Step("pre_check"), Step("talk", "plan_01_talk"), Step("move"),
        Step("board", "plan_01_deal_a", deal="A"),
        Step("board", "plan_01_deal_b", deal="B"), Step("report", "plan_01_report"), Step("quiz", "plan_01_quiz"), _REVIEW,
        Step("board", "", deal="C", out="club_60"), *_AFTER),
    2: (Step("recap", "plan_02_recap"), Step("pre_check"), Step("talk", "plan_02_talk"), Step("move"),
        Step("board", "plan_02_deal_a", deal="A"), Step("report", "plan_02_report"), *_ROUTINE_END,
        Step("practice_sheet", out="home"), _REVIEW,
        Step("board", "plan_02_deal_b", deal="B", out="club_60"), Step("practice", out="fast"),
        Step("deal", "plan_02_free_play", out="club")),
    3: _minibridge(3, "A", "B", free="plan_free_play_trumps"),  # before lesson 5 the contract is not chosen yet
    4: _minibridge(4, "A", "B", extra=(Step("board", "", deal="C", out="home"),),  # three deals: a 60-minute session holds two
                   free="plan_free_play_trumps"),
    5: _split(5, third="C"),
    6: _split(6, third="C"),
    7: _split(7, third="C"),
    8: _split(8),
    9: _split(9),
    10: _split(10),
    11: _split(11),
    12: _minibridge(12, "A", "B"),
    13: _minibridge(13, "A", "B", recap_ja="home"),  # the auction takes a minute more: the recap's question is read at home
    14: (Step("recap", "plan_14_recap"), Step("pre_check"), Step("talk", "plan_14_talk"), Step("move"),
         Step("board", "plan_14_deal_a", deal="A"), Step("report", "plan_14_report"), *_MANILLE_END, _REVIEW,
         Step("board", "", deal="B", out="club"), Step("practice", out="fast"),
         Step("deal", "plan_14_free_play", out="club")),
    15: (Step("recap", "plan_15_recap"), Step("pre_check"), Step("talk", "plan_15_talk"), Step("move"),
         Step("board", "plan_15_deal_a", deal="A"), Step("report", "plan_15_report"), *_MANILLE_END, _REVIEW,
         Step("board", "plan_15_deal_b", deal="B", out="club"),
         Step("practice", out="fast"), Step("deal", "plan_15_free_play", out="club")),
    16: (Step("recap", "plan_16_recap"), Step("pre_check"), Step("talk", "plan_16_talk"), Step("move"),
         Step("board", "plan_16_deal_a", deal="A"), Step("report", "plan_16_report"), *_MANILLE_END, _REVIEW,
         Step("board", "plan_16_deal_b", deal="B", out="club"),
         Step("practice", out="fast"), Step("deal", "plan_16_free_play", out="club")),
    17: (Step("recap", "plan_17_recap"), Step("pre_check"), Step("talk", "plan_17_talk"), Step("move"),
         replace(GAMES[17][0].step(), note=GAME_STEP),  # the longest game's deal: three players (a test holds it)
         Step("report", "plan_17_report"), *_ROUTINE_END,
         Step("practice_sheet", out="home"), _REVIEW, Step("deal", "plan_17_more_games", out="club"),
         Step("practice", out="fast")),
    18: (Step("recap", "plan_18_recap"), Step("pre_check"), Step("talk", "plan_18_talk"), Step("move"),
         Step("count_deals", "plan_18_count", times=3), Step("report", "plan_18_report"),
         Step("listing", "plan_18_listing", path="listing"), *_ROUTINE_END, Step("practice_sheet", out="home"),
         Step("practice", "plan_18_choosing", out="fast", path="choosing"), Step("practice", "plan_18_labs", out="home")),
    # Lesson 19 for one projector and no devices: the class runs each function by hand with real
    # cards and the teacher types its lines; a class with a computer for each pupil or pair codes
    # them instead ("devices", the same minutes: ``Plan.with_devices``). Score and card_points, on
    # a computer, are for home (their cells' path "devices", off the class screen).
    19: (Step("recap", "plan_19_recap"), Step("pre_check"), Step("talk", "plan_19_talk"), Step("move", "plan_19_cards", path="by_hand"),
         Step("by_hand", "plan_19_hcp_by_hand", path="by_hand"),
         Step("by_hand", "plan_19_tricks_needed_by_hand", path="by_hand"), *_ROUTINE_END,
         Step("move", "plan_19_devices", out="devices"), Step("code", "plan_19_hcp", out="devices"),
         Step("code", "plan_19_tricks_needed", out="devices"),
         Step("code", "plan_19_more", out="home", path="devices"), Step("practice_sheet", out="home")),  # no deal: no fast tables' minutes
    20: _split(20, club=False),  # lessons 20-22 are not in the club track
    21: (Step("recap", "plan_21_recap", out="home", path="recap"), Step("pre_check", out_ja="quiz_instead"),
         Step("talk", "plan_21_talk"),
         # a 45-minute class is seated in its pairs before the lesson: the minute of the draw keeps
         # 2 minutes spare; the matchpoints, the lesson's maths, and the exit quiz stay in class, the
         # quiz in the pre-check's minutes (a quiz done at home tells the teacher nothing that day)
         Step("move"), Step("draw", "plan_21_draw", out_ja="seated"), Step("board", "plan_21_deal_a", deal="A"),
         Step("matchpoints", "plan_21_report"), Step("quiz", "plan_21_quiz"),  # 3 questions
         _REVIEW, Step("board", "plan_21_deal_b", deal="B", out="home"), *_AFTER, Step("deal", "plan_free_play", out="club")),
    22: _split(22, club=False),
}


def plan_of(which, edition: str | None = None) -> Plan:
    """A lesson's plan (by number or notebook name) in an edition ("en": 50 minutes, "ja": 45;
    by default the edition of the language spoken now)."""
    lesson = lesson_of(getattr(which, "number", which))
    edition = edition or ("ja" if messages.current_language() == "ja" else "en")
    return Plan(lesson, edition, PLANS[lesson.number])


# --- a club track (クラブ活動) ------------------------------------------------------------------
# A Japanese primary school's club (クラブ活動: 4th to 6th grade, 10 to 20 sessions a year, one
# period of 45 minutes each; some schools give a club 60) plays more than a class can, as it is
# not a maths lesson: no recap, pre-check, quiz or practice sheet, so each session is the lesson's
# talk, its set deals from boards, and free play (deals shuffled at the table) in the minutes left.
# The track picks the lessons a club needs most when it has fewer sessions than lessons, and
# gives the sessions it has over to free play after the lessons that end a part of the course.
CLUB_MINUTES = 45
CLUB_SESSIONS = (10, 20)  # fewest and most sessions a year
# The lessons a club takes, the most needed first: MiniBridge from the first trick to a whole
# hand and the auction, then Manille (its three lessons together), then the rest; lessons 18 (chance) and 19 (coding) are maths lessons, for class.
CLUB_LESSONS = (1, 2, 3, 4, 5, 6, 7, 8, 12, 10, 11, 13, 14, 15, 16, 9, 17)
CLUB_FREE_PLAY_AFTER = (12, 6, 16)  # where the sessions over go (20 sessions, 17 lessons: 3), the first first
_FREE_PLAY = Step("deal", "plan_free_play")


@dataclass(frozen=True)
class ClubSession:
    """One club session: the lesson it takes (None for a session of free play), its steps and
    its length in minutes (a club session's, not a class's)."""

    lesson: Lesson | None
    steps: tuple[Step, ...]
    limit: int = CLUB_MINUTES

    @property
    def minutes(self) -> int:
        return sum(minutes_of(step, self._rules) for step in self.steps)

    @property
    def _rules(self) -> Lesson:  # a session of free play is timed as a MiniBridge lesson with points
        return self.lesson or lesson_of(12)

    @property
    def packs(self) -> int:
        """Packs for a club of 30: one a table for each board, or one a table to shuffle."""
        boards = {s.deal for s in self.steps if s.kind == "board"}
        return TABLES * max(len(boards), 1)

    def lines(self) -> tuple[str, list[str]]:
        """The session in words: its heading, then its steps with their minutes."""
        what = (say("plan_club_lesson", number=self.lesson.number, title=self.lesson.title) if self.lesson
                else say("plan_club_free_play"))
        heading = say("plan_club_session", what=what, used=self.minutes, limit=self.limit, packs=self.packs)
        plan = Plan(self._rules, "ja", ())
        return heading, [say("plan_step", minutes=minutes_of(s, self._rules), what=plan._what(s)) for s in self.steps]


def _club_steps(lesson: Lesson | None, limit: int) -> tuple[Step, ...]:
    """The talk, the move to the tables, then the lesson's set deals from boards and free play,
    each while it fits in ``limit`` minutes."""
    timed = lesson or lesson_of(12)
    steps = [Step("talk", f"plan_{lesson.number:02d}_talk")] if lesson else []
    steps.append(Step("move"))
    deals = []
    if lesson:
        for step in PLANS[lesson.number]:
            if step.kind in ("board", "make_up") and step.deal and step.deal not in [d.deal for d in deals]:
                deals.append(Step("board", step.note, deal=step.deal, split=step.split))
    used = sum(minutes_of(s, timed) for s in steps)
    for step in deals + [_FREE_PLAY] * 3:
        if used + minutes_of(step, timed) <= limit:
            steps.append(step)
            used += minutes_of(step, timed)
    return tuple(steps)


def club_track(sessions: int = 15, minutes: int = CLUB_MINUTES) -> list[ClubSession]:
    """A year of club sessions (10 to 20): the lessons the club has time for, in the course's order,
    a session each, then sessions of free play after the lessons that end a part of the course.

    >>> track = club_track(10)
    >>> [s.lesson.number if s.lesson else "free" for s in track]
    [1, 2, 3, 4, 5, 6, 7, 8, 10, 12]
    >>> [s.lesson.number if s.lesson else "free" for s in club_track(20)][5:8]
    [6, 'free', 7]
    >>> all(s.minutes <= s.limit for s in club_track(20))
    True
    """
    fewest, most = CLUB_SESSIONS
    if not (isinstance(sessions, int) and fewest <= sessions <= most):
        raise ValueError(f"A club meets {fewest} to {most} times a year: {sessions!r} sessions is not one of them.")
    if not (isinstance(minutes, int) and 40 <= minutes <= 120):
        raise ValueError(f"A club session lasts 40 to 120 minutes: {minutes!r} is not a length.")
    taken = sorted(CLUB_LESSONS[:sessions])
    spare = sessions - len(taken)
    free_after = [n for n in CLUB_FREE_PLAY_AFTER if n in taken][:spare]
    track = []
    for number in taken:
        lesson = lesson_of(number)
        track.append(ClubSession(lesson, _club_steps(lesson, minutes), minutes))
        track.extend(ClubSession(None, _club_steps(None, minutes), minutes) for _ in range(free_after.count(number)))
    return track
