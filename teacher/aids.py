"""Classroom aids: the Manille order strip, the "Who wins the trick?" poster, the dummy mat
and, for each MiniBridge set deal, a class results sheet on which every table writes its
contract, tricks and score so the class can compare tables.

>>> manille_strip().page_no(), trick_poster().page_no(), dummy_mat().page_no()
(1, 1, 1)
"""
from __future__ import annotations

from cardlib import Hand, Suit, defence, manille, minibridge, say
from exercises.course import Lesson
from exercises.plans import plan_of
from teacher.paper import GREY, INK, LIGHT, Sheet

STRIPS = 4  # order strips to a page, to cut out
TABLES = 10  # rows of a class results sheet
RESULTS_TABLES = ("minibridge", "auction")  # the deals whose tables' results the class compares
# The question a deal's technique asks of each table (lessons 8 and 9: half the class plays each deal)
TECHNIQUE_QUESTIONS = {"7A": "desk_results_compare_7A", "7B": "desk_results_compare_7B",
                       "8A": "desk_results_compare_8A", "8B": "desk_results_compare_8B",
                       "9A": "desk_results_compare_finesse", "9B": "desk_results_compare_finesse",
                       "20A": "desk_results_compare_20A", "20B": "desk_results_compare_20B"}
DEFENCE_IDEAS = frozenset({"defenders_target", "cover_honour", "discards"})  # lessons whose class defends a set contract (and 10, the lead)


def manille_strip(paper: str = "a4", theme=None) -> Sheet:
    """Strips to cut out and keep by the cards: Manille's ranks, strongest first, over each
    rank's card points (both from cardlib.manille)."""
    title = say("desk_strip_title")
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title)
    ranks = manille.PACK.ranks
    box = sheet.inner_width / (len(ranks) + 1)
    label_size = 10
    y = sheet.get_y() + 4
    gap = (sheet.bottom - y) / STRIPS
    for _ in range(STRIPS):
        sheet.set_draw_color(GREY)
        with sheet.local_context():
            sheet.set_dash_pattern(dash=2, gap=1.5)
            sheet.rect(sheet.l_margin, y, sheet.inner_width, 2 * box + 12)
        sheet.set_draw_color(INK)
        sheet.set_font("sans", "", label_size)
        sheet.set_xy(sheet.l_margin + 2, y + 2)
        sheet.cell(sheet.inner_width - 4, 5, say("desk_strip_strongest"))
        for row, (label, values) in enumerate(((say("desk_strip_card"), [r.symbol for r in ranks]),
                                               (say("desk_strip_points"),
                                                [str(manille.CARD_POINTS.get(r, 0)) for r in ranks]))):
            top = y + 8 + row * box
            sheet.set_font("sans", "B", label_size)
            sheet.set_xy(sheet.l_margin + 1, top)
            sheet.multi_cell(box - 2, box, label, align="C")
            for i, value in enumerate(values):
                x = sheet.l_margin + (i + 1) * box
                sheet.set_fill_color("#FFFFFF" if row == 0 else "#F3F3F3")
                sheet.rect(x, top, box, box, style="DF")
                sheet.set_font("sans", "B", 22 if row == 0 else 20)
                sheet.set_xy(x, top)
                sheet.cell(box, box, value, align="C")
        y += gap
    return sheet


def trick_poster(paper: str = "a4", theme=None) -> Sheet:
    """A poster for the wall: the two questions that decide every trick."""
    title = say("desk_poster_title")
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.ln(10)
    sheet.heading(title, size=30, align="C")
    sheet.ln(10)
    for number, (question, yes, no) in enumerate((
            ("desk_poster_q1", "desk_poster_q1_yes", "desk_poster_q1_no"),
            ("desk_poster_q2", "desk_poster_q2_yes", None)), 1):
        sheet.heading(f"{number}.\u00a0{say(question)}", size=24)  # no break after the number
        sheet.words(say(yes), x=sheet.l_margin + 10, size=20)
        if no:
            sheet.words(say(no), x=sheet.l_margin + 10, size=20)
        sheet.ln(12)
    sheet.words(say("desk_poster_remember"), size=16, style="I", colour=GREY)
    return sheet


def dummy_mat(paper: str = "a4", theme=None) -> Sheet:
    """A mat dummy lays the cards on: four columns, the trump column on dummy's right."""
    title = say("desk_mat_title")
    sheet = Sheet(paper, theme, title, landscape=True)
    sheet.add_page()
    sheet.heading(title, size=20, align="C")
    sheet.words(say("desk_mat_how"), size=13)
    sheet.ln(2)
    sheet.set_font("sans", "B", 12)
    sheet.cell(sheet.inner_width, 6, say("desk_mat_declarer_side"), align="C", new_x="LMARGIN", new_y="NEXT")
    top = sheet.get_y() + 4
    width = sheet.inner_width / 4
    height = sheet.bottom - top
    labels = [say("desk_mat_suit")] * 3 + [say("desk_mat_trumps")]
    for i, label in enumerate(labels):
        x = sheet.l_margin + i * width
        trumps = i == 3
        sheet.set_draw_color(INK if trumps else GREY)
        sheet.set_line_width(1.2 if trumps else 0.4)
        sheet.set_fill_color("#FFF4D6" if trumps else "#FFFFFF")
        sheet.rect(x + 2, top, width - 4, height, style="DF", round_corners=True, corner_radius=3)
        sheet.set_font("sans", "B" if trumps else "", 14 if trumps else 12)
        sheet.set_xy(x + 4, top + 4)
        sheet.multi_cell(width - 8, 6, label, align="C")
    sheet.set_line_width(0.2)
    return sheet


def class_results(lesson: Lesson, paper: str = "a4", theme=None) -> Sheet:
    """A page for each MiniBridge set deal the lesson's plan plays in class (a club session or home
    plays the others, and writes its results on the score sheet): one row a table (contract, declarer,
    tricks, each side's score once scoring is taught (lesson 6), and in the duplicate lesson each pair's matchpoints: the
    traveller slip, which says each score goes in the column of the side that earned it, never
    with a minus, in both editions), and the questions for comparing them."""
    title = say("desk_results_title", number=lesson.number, title=lesson.title)
    sheet = Sheet(paper, theme, title)
    boards = [b for b in lesson.deals if b.table in RESULTS_TABLES]
    # the boards the plan plays in class only, as the curtain cards' first page names them
    played = {deal for deal, _ in plan_of(lesson.number).class_boards}
    boards = [b for b in boards if b.name[-1] in played]
    if not boards:
        sheet.add_page()
        sheet.heading(title)
        sheet.words(say("desk_results_none"), size=12)
        return sheet
    columns = [(say("desk_results_table"), 0.1), (say("desk_results_contract"), 0.22), (say("desk_results_declarer"), 0.16),
               (say("desk_results_tricks"), 0.14), (say("desk_results_ns"), 0.19), (say("desk_results_ew"), 0.19)]
    compare = ["desk_results_compare_1", "desk_results_compare_2", "desk_results_compare_3"]
    how = "desk_results_how"
    if "scoring" not in lesson.taught_so_far:  # before lesson 6 the tables record contracts and tricks, no score
        columns = [(say("desk_results_table"), 0.13), (say("desk_results_contract"), 0.33),
                   (say("desk_results_declarer"), 0.27), (say("desk_results_tricks"), 0.27)]
        how = "desk_results_how_tricks"
        compare = ["desk_results_compare_tricks_1", "desk_results_compare_tricks_3"]
        if "tricks_needed" in lesson.taught_so_far:
            compare.insert(1, "desk_results_compare_tricks_2")
        else:  # lesson 4: every table plays the contract it is given, a word lesson 5 brings in
            columns = [(say("desk_results_table"), 0.13), (say("desk_results_declarer"), 0.29),
                       (say("desk_results_first_lead"), 0.29), (say("desk_results_tricks"), 0.29)]
            how = "desk_results_how_declarer"
            compare = ["desk_results_compare_same_declarer", "desk_results_compare_tricks_1"]
    if "long_suits" in lesson.ideas:  # lesson 7: each declarer counts the sure tricks before the first card, and
        # the class compares them with the tricks taken (the plan's results step): a column for them
        shares = (0.08, 0.17, 0.15, 0.15, 0.1, 0.175, 0.175)
        columns = [(words, share) for (words, _), share in
                   zip(columns[:3] + [(say("desk_results_sure"), 0)] + columns[3:], shares)]
        how = "desk_results_how_sure"
    if "matchpoints" in lesson.ideas:
        how = "desk_results_how_sides"  # lesson 21 reads the traveller so in both editions: never a minus
    if "matchpoints" in lesson.ideas:  # the duplicate lesson's traveller slip: a column for each pair's matchpoints
        shares = (0.08, 0.17, 0.16, 0.1, 0.13, 0.13, 0.23)  # the long headings keep their room
        columns = [(words, share) for (words, _), share in zip(columns + [(say("traveller_matchpoints"), 0)], shares)]
        compare = ["desk_results_compare_1", "desk_results_compare_matchpoints", "desk_results_compare_top"]
    if "opening_lead" in lesson.ideas:  # lesson 10: the deal sets contract and declarer; the lead decides
        shares = (0.12, 0.3, 0.18, 0.2, 0.2)
        columns = [(words, share) for (words, _), share in
                   zip(columns[:1] + [(say("desk_results_lead"), 0)] + columns[3:], shares)]
        how = "desk_results_how_lead"
    if "bidding" in lesson.ideas:  # lesson 13: each table's calls too, and the two rules' auction to compare them with;
        # no scores, as the lesson does not say how a bid contract scores
        shares = (0.09, 0.37, 0.18, 0.2, 0.16)
        columns = [(words, share) for (words, _), share in
                   zip(columns[:1] + [(say("desk_results_calls"), 0)] + columns[1:4], shares)]
        how = "desk_results_how_calls"
    for board in boards:
        asked = [say(key) for key in compare]
        if "bidding" in lesson.ideas:
            asked = _auction_questions(board)
        elif DEFENCE_IDEAS & set(lesson.ideas) and board.contract:  # lessons 11, 22: the deal sets the contract, the pupils defend
            asked = _defence_questions(board, lesson)
        elif board.contract and "desk_results_compare_2" in compare:
            # the deal sets the contract (lessons 7-10, 20): every table played it, so the
            # question is which tables made it, not "which contract scored more?"
            contract = minibridge.Contract.parse(board.contract)
            asked[compare.index("desk_results_compare_2")] = say(
                "desk_results_compare_set", contract=contract, tricks=contract.tricks_needed)
            asked.remove(say("desk_results_compare_3"))  # one contract: the same tricks always score the same
            if "opening_lead" in lesson.ideas:  # lesson 10: the class defends, and the lead decides
                defenders = minibridge.declarer(board.deal).side.other
                lead = _rule_question(board, contract, defenders, lesson)
                asked = [asked[compare.index("desk_results_compare_2")]] + ([lead] if lead else []) + \
                    [say("desk_results_compare_defence_2", defenders=defenders)]
        if board.name in TECHNIQUE_QUESTIONS:  # the deal's own technique: did the table use it, and what did it give?
            asked.append(say(TECHNIQUE_QUESTIONS[board.name]))
        sheet.add_page()
        sheet.heading(say("desk_results_board", name=board.name), size=18)
        sheet.words(say(how), size=11)
        sheet.ln(3)
        row = 12.0
        sheet.set_draw_color(GREY)
        sheet.set_fill_color(LIGHT)
        x = sheet.l_margin
        y = sheet.get_y()
        for words, share in columns:  # a heading too long for its column takes two lines (かならず取れるトリック)
            width = sheet.inner_width * share
            # the margins inside a heading cell are thin: a word that fits stays whole (テーブル)
            lines = sheet.text_lines(words, width + 2 * sheet.c_margin - 1, size=9, style="B")
            sheet.rect(x, y, width, row, style="DF")
            step = row / (len(lines) + 1)
            for i, line in enumerate(lines):
                sheet.set_xy(x, y + step * (i + 1) - step / 2)
                sheet.cell(width, step, line, align="C")
            x += width
        y += row
        sheet.set_font("sans", "", 12)
        for table in range(1, TABLES + 1):
            x = sheet.l_margin
            for i, (_, share) in enumerate(columns):
                sheet.set_xy(x, y)
                sheet.cell(sheet.inner_width * share, row, str(table) if i == 0 else "", border=1, align="C")
                x += sheet.inner_width * share
            y += row
        sheet.set_y(y + 6)
        for question in asked:
            sheet.words(f"• {question}", size=12)
            sheet.ln(2)
    return sheet


def _auction_questions(board) -> list[str]:
    """The results sheet's questions for a deal with an auction (lesson 13): the calls the two
    rules make, from the dealer, and the contract and declarer they reach; did each table's
    declarer come from the side that named the suit first; which tables made their contract."""
    from cardlib.auction import call_text
    from cardlib.bots import auction_by_the_rules

    auction = auction_by_the_rules(board.deal)
    contract = auction.contract
    calls = say("list_comma").join(f"{seat.word} {call_text(call)}" for seat, call in auction.calls)
    return [say("desk_results_compare_rules_auction", calls=calls, declarer=auction.declarer.word, contract=contract),
            say("desk_results_compare_declarer"),
            say("desk_results_compare_made", contract=contract, level=contract.level, tricks=contract.tricks_needed)]


def _defence_questions(board, lesson: Lesson) -> list[str]:
    """The results sheet's questions for a deal whose contract is set and the class defends
    (lessons 11 and 22): every table plays the same contract, so the questions are the defenders'
    (did they take the tricks they need to beat it, which card made the difference, which rule
    they used), not "which contract scored more". In lesson 22 the rule is the deal's own, found
    where its script stops: the defender to play second on an honour led covers it (22A: did West
    cover South's ♥Q with the ♥K?); a defender who cannot follow keeps the long suit (22B: did
    West keep all the clubs while South played the diamonds?)."""
    contract = minibridge.Contract.parse(board.contract)
    defenders = minibridge.declarer(board.deal).side.other
    rule = _rule_question(board, contract, defenders, lesson) or say("desk_results_compare_defence_3")
    return [say("desk_results_compare_defence_1", defenders=defenders, contract=contract, target=contract.tricks_to_defeat,
                most=13 - contract.tricks_to_defeat),  # the sheet's Tricks column is declarer's side's
            rule,
            say("desk_results_compare_defence_2", defenders=defenders)]


def _rule_question(board, contract, defenders, lesson: Lesson) -> str | None:
    """The question on the rule the deal shows, from the position where the deal's script stops
    (None if it shows none the lesson teaches), with the card cardlib.defence's rule chooses: the
    opening lead (lesson 10: did West lead the ♠6?); second hand low or third hand high (lesson 11:
    did East play the ♦7 on North's ♦5?); an honour led and a defender next who covers it, or a
    defender next who cannot follow and keeps their long suit (lesson 22)."""
    ideas = set(lesson.ideas)
    game = minibridge.start_play(board.deal, minibridge.declarer(board.deal), board.contract)
    gone = []
    for card in board.script.split():
        game.play(card)
        gone.append(card)
    seat, led = game.to_play, game.suit_led
    if seat.side is not defenders:
        return None
    hand = Hand(game.hands[seat])
    if led is None:
        if "opening_lead" not in ideas or gone:
            return None
        lead = defence.opening_lead(hand, game.trumps)
        return say("desk_results_compare_lead", seat=seat.word, card=lead.card, defenders=defenders, contract=contract)
    leader, lead = game.current[0]
    follows = any(card.suit is led for card in hand)
    if follows and len(game.current) == 1 and "second_hand_low" in ideas:
        low = defence.second_hand(hand, [lead])
        return say("desk_results_compare_second", seat=seat.word, card=low.card, leader=leader.word, led=lead,
                   defenders=defenders, contract=contract)
    if follows and len(game.current) == 2 and "third_hand_high" in ideas:
        second, second_card = game.current[1]
        high = defence.third_hand(hand, [lead, second_card], game.trumps, gone=gone[:-2])
        if high.rule == "third_hand_high":
            return say("desk_results_compare_third", seat=seat.word, card=high.card, second=second.word,
                       second_card=second_card, defenders=defenders, contract=contract)
    if not {"cover_honour", "discards"} & ideas:
        return None
    if follows:
        cover = defence.cover_honour(hand, [lead])
        if cover is None or cover.rule != "cover":
            return None
        return say("desk_results_compare_cover", seat=seat.word, leader=leader.word, led=lead,
                   cover=cover.card, defenders=defenders, contract=contract)
    long_suit = defence.your_long_suit(hand, game.trumps)
    if long_suit is None:
        return None
    return say("desk_results_compare_discards", seat=seat.word, long=long_suit.word, run=led.word,
               leader=leader.word, defenders=defenders, contract=contract)
