"""Curtain cards for a lesson's set deals: one slip a seat with its cards in suit order, each
deal's four slips on a page of their own (a teacher prints each board's page once for every board
of it made up) with dashed lines to cut along, after a page for the teacher with
the steps that make up the boards from the slips: a 5-minute starter at the tables when the
lesson's plan has time for it, or before the lesson, as the plan says. A set deal
with a script (the cards the computer plays first, up to the pupil's question) prints each
seat's part of it on that seat's slip, so a table with real cards plays the lesson's tricks; a
Manille set deal with trumps names them on the dealer's slip, who names them at the table.

>>> from exercises.course import lesson_of
>>> curtain_cards(lesson_of(5)).page_no()    # the teacher's page, then a page for each of 5A, 5B and 5C
4
"""
from __future__ import annotations

from cardlib import BRIDGE_PACK, Card, CardError, Seat, minibridge, say, sentences
from exercises.course import Lesson, SetDeal
from exercises.glossary import TERMS
from exercises.plans import MAKE_UP_A_BOARD, SORT_A_BOARD, Plan, plan_of
from teacher import drawing
from teacher.hand_record import contract_words
from teacher.paper import GREY, Sheet

# A defender's next cards that the lesson does not teach but that a real table needs for the
# lesson's card to do its work; on that seat's slip (the lesson's notes tell the teacher too).
# 10A: West's spade lead beats NT game only if East wins it with the ♠J and leads a spade back at
# once; else South takes all 13 tricks (tests/teacher re-solves it).
# 11A: East, who wins trick 2 (with the ♦7, or the ♦A), leads the ♠Q next, as the page's answer and
# the set deal's replies play it (the other seats' cards after East's ♦7 are on their slips: next_cards).
DEFENDERS_NEXT = {("10A", Seat.E): "desk_curtain_next_10A_E", ("11A", Seat.E): "desk_curtain_next_11A_E",
                  ("20B", Seat.E): "desk_curtain_next_20B_E"}
COLUMNS, ROWS = 2, 4  # a slip: half the page's width, a quarter of its height (a third or a half with first cards)
STARTER_STEPS = ("desk_curtain_step_share", "desk_curtain_step_find", "desk_curtain_step_order",
                 "desk_curtain_step_count", "desk_curtain_step_pocket")


def curtain_cards(lesson: Lesson, paper: str = "a4", theme=None) -> Sheet:
    """The teacher's page with the starter, then every set deal's four slips; a lesson without
    set deals has none to print (CardError)."""
    if not lesson.deals:
        raise CardError("desk_no_set_deals", number=lesson.number)
    title = say("desk_curtain_cards_title", number=lesson.number, title=lesson.title)
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title)
    plan = plan_of(lesson)
    starter(sheet, lesson.deals, plan)
    # a deal inside another's board (lesson 1's 1A, each hand's spades of 1B) has no board, so no slips:
    # a helper making boards makes none of it, and no slips are left over
    made_up = [board for board in lesson.deals if board.name[-1] not in plan.inside_boards]
    dealer_taught = lesson.number >= TERMS["dealer"].lesson.number  # lessons 1-2: "you gave out the cards"
    # a defender's next cards take about two lines of the slip (three in Japanese)
    longest = max((len(first_cards(board).get(seat, ())) + 2 * bool(defenders_next(board, seat))
                   + sum(2 + len(lines) for _, lines in next_cards(board).get(seat, ()))
                   for board in lesson.deals for seat in board.deal.hands), default=0)
    # taller slips, room for the first cards: a row fewer for up to 3 lines, two fewer for more
    rows = ROWS if not longest else ROWS - 1 if longest <= 3 else ROWS - 2
    # one deal a page, its four slips at the slip's own size: a teacher prints each board's page
    # as many times as the plan makes up boards of it (7 of 1B, 4 of 9A and 3 of 9B), and a page
    # that held two deals printed one of them too often (1C's slips with 1B's, 9B's with 9A's)
    for board in made_up:
        page = list(board.deal.hands)  # four slips, two rows: within the fewest rows a page has (ROWS - 2)
        sheet.add_page()
        width = sheet.inner_width / COLUMNS
        height = (sheet.bottom - sheet.t_margin) / rows
        sheet.cut_lines(width, height, rows=-(-len(page) // COLUMNS), columns=COLUMNS)
        for i, seat in enumerate(page):
            row, column = divmod(i, COLUMNS)
            _slip(sheet, board, seat, sheet.l_margin + column * width, sheet.t_margin + row * height, width,
                  dealer_taught)
    return sheet


def starter(sheet: Sheet, boards: tuple[SetDeal, ...], plan: Plan) -> None:
    """How the boards are made up, as the teacher reads it before the lesson: the boards the plan
    plays in class and how many of each (the plan's packs), the deals for a club session or home
    apart; the 5-minute starter at the tables when the plan has time for it, as the other route,
    else before the lesson (the steps are the same, for helpers or a club session); and each
    board's own count: a board of part of a pack is checked as 4 × 3 = 12, not as a whole pack.
    A deal inside another's board (lesson 1's 1A, each hand's spades of 1B) has no slips and no
    count: the page says how a table takes it out of the other board."""
    pack = boards[0].deal.pack  # the game's own pack and order: 52 cards A K Q ... 2, or Manille's 32, 10 A K ... 7
    name = {b.name[-1]: b.name for b in boards}
    inside = {d: w for d, w in plan.inside_boards.items() if d in name and w in name}  # lesson 1: 1A is in 1B's hands
    today = say("desk_curtain_and").join(say("desk_curtain_boards", board=name[d], count=n)
                                         for d, n in plan.class_boards if d in name and d not in inside) \
        or ", ".join(b.name for b in boards)  # a lesson whose plan plays no board (the slips are for home)
    if plan.tables_make_up_boards:
        # the starter's minutes against the boards' (5 against 2): the plan's 3 more, named so the heading's 5 and the 3 agree
        sheet.heading(say("desk_curtain_starter_heading", make=MAKE_UP_A_BOARD), size=14)
        sheet.words(say("desk_curtain_starter_why", boards=today, extra=plan.made_up_at_tables, make=MAKE_UP_A_BOARD, take=SORT_A_BOARD,
                        used=plan.minutes + plan.made_up_at_tables, limit=plan.limit), size=11)
    else:
        sheet.heading(say("desk_curtain_before_heading"), size=14)
        # the plan's own reason, as its cards line says it: the minutes, and no spare for a late start
        sheet.words(say("desk_curtain_before_why", boards=today, reason=plan.made_up_reason), size=11)
    counts = [(name[d], n) for d, n in plan.class_boards if d in name and d not in inside]
    copies = max((n for _, n in counts), default=1)
    if len({n for _, n in counts}) > 1:  # 4 boards of one deal, 3 of the other: each its own number of prints
        sheet.ln(1)
        each = say("desk_curtain_and").join(say("desk_curtain_copies_board", board=b, count=n) for b, n in counts)
        sheet.words(say("desk_curtain_copies_each", boards=each), size=11)
    elif copies > 1:  # each board keeps its own four slips in its pockets: one printed set a board
        sheet.ln(1)
        sheet.words(say("desk_curtain_copies", copies=copies), size=11)
    later = [name[d] for d in plan.later_boards if d in name]
    if later:
        sheet.ln(1)
        sheet.words(say("desk_curtain_later", boards=say("desk_curtain_and").join(later)), size=11)
    for board in boards:
        cards = pack.in_order(c for hand in board.deal.hands.values() for c in hand)
        if len(cards) < len(pack):
            sheet.ln(1)
            whole = inside.get(board.name[-1])
            if whole:  # no board of its own today: each player takes their cards of it out of the other's board
                sheet.words(say("desk_curtain_inside_board", board=board.name, whole=name[whole], total=len(cards),
                                high=str(cards[0]), low=str(cards[-1])), size=11)
            else:
                sheet.words(say("desk_curtain_short_board", board=board.name, total=len(cards),
                                high=str(cards[0]), low=str(cards[-1])), size=11)
    if pack is not BRIDGE_PACK:
        sheet.ln(1)
        sheet.words(say("desk_curtain_manille_pack"), size=11)
    sheet.ln(2)
    checks, sums = _checks(tuple(b for b in boards if b.name[-1] not in inside))  # only the boards made up
    numbers = {"order": " ".join(rank.symbol for rank in pack.ranks), "checks": checks, "sums": sums}
    for number, key in enumerate(STARTER_STEPS, 1):
        sheet.words(f"{number}.\u00a0{say(key, **numbers)}", size=11)  # no break after the number
        sheet.ln(1)
    sheet.ln(2)
    sheet.words(say("desk_curtain_starter_maths", **numbers), size=11, style="I", colour=GREY)


def _checks(boards: tuple[SetDeal, ...]) -> tuple[str, str]:
    """What the four hands of each board add up to, boards of the same count together: the whole
    pack (4 × 13 = 52, no card left over) or part of it (4 × 3 = 12); and the sums alone.

    >>> from exercises.set_deals import SET_DEALS
    >>> _checks(SET_DEALS[1])[1], _checks(SET_DEALS[5])[1]
    ('4 × 3 = 12, 4 × 13 = 52', '4 × 13 = 52')
    """
    groups: dict[int, list[str]] = {}
    for board in boards:
        groups.setdefault(len(board.deal[Seat.N]), []).append(board.name)
    pack = boards[0].deal.pack
    lines, sums = [], []
    for cards, names in sorted(groups.items()):
        whole = 4 * cards == len(pack)
        named = say("desk_curtain_of_boards", boards=say("desk_curtain_and").join(names)) if len(groups) > 1 else ""
        sums.append(say("desk_curtain_sum", cards=cards, total=4 * cards))
        lines.append(say("desk_curtain_check_whole" if whole else "desk_curtain_check_part", boards=named, sum=sums[-1]))
    return sentences(*lines), say("desk_curtain_and").join(sums)


def first_cards(board: SetDeal) -> dict[Seat, list[str]]:
    """Each seat's lines for the set deal's script, played by cardlib from the opening lead:
    the card and the trick, "lead" or "play"; dummy's cards on dummy's slip and on declarer's,
    who plays them. A deal without a script has none.

    >>> from exercises.set_deals import SET_DEALS
    >>> first_cards(SET_DEALS[11][1])[Seat.W]
    ['Trick 1: play the ♥Q.', 'Trick 2: lead the ♥2.']
    >>> first_cards(SET_DEALS[11][1])[Seat.S], first_cards(SET_DEALS[5][0])
    (['Trick 1: declarer plays your ♥7.'], {})
    """
    if not board.script:
        return {}
    return _lines(_game(board), board.script)


def _game(board: SetDeal):
    """The set deal's play, from the opening lead, with no card played yet."""
    deal = board.deal
    return minibridge.start_play(deal, minibridge.declarer(deal), board.contract)


def _lines(game, cards: str) -> dict[Seat, list[str]]:
    """Each seat's lines for ``cards`` played on from where ``game`` is (cardlib plays them: a card
    the rules refuse raises, so the lines are played, not copied). Declarer, who plays dummy's
    cards too, has one line a trick: "Trick 3: lead the ♠K, then dummy's ♠5."."""
    lines: dict[Seat, list[str]] = {seat: [] for seat in game.deal.hands}
    own: list[tuple[int, str, bool, Card]] = []  # declarer's cards, and dummy's: (trick, verb, dummy's, card)
    for text in cards.split():
        seat, trick, verb = game.to_play, len(game.tricks) + 1, "play" if game.current else "lead"
        card = Card.parse(text)
        game.play(card)
        if seat == game.dummy:
            lines[seat].append(say("desk_curtain_dummy_card", trick=trick, card=card))
        if seat in (game.dummy, game.declarer):
            own.append((trick, verb, seat == game.dummy, card))
        else:
            lines[seat].append(say(f"desk_curtain_{verb}", trick=trick, card=card))
    for trick in sorted({t for t, *_ in own}):
        cards_of = [(verb, dummy, card) for t, verb, dummy, card in own if t == trick]
        if len(cards_of) == 1:
            (verb, dummy, card), = cards_of
            lines[game.declarer].append(say(f"desk_curtain_{verb}{'_dummy' if dummy else ''}", trick=trick, card=card))
        else:
            (verb, dummy_first, first), (_, _, second) = cards_of
            card, theirs = (second, first) if dummy_first else (first, second)
            key = f"desk_curtain_{verb}_dummy_then" if dummy_first else f"desk_curtain_{verb}_then_dummy"
            lines[game.declarer].append(say(key, trick=trick, card=card, dummy=theirs))
    return lines


def questioned(board: SetDeal) -> Seat:
    """The seat the set deal's script stops at: the pupil's, whose question it is.

    >>> from exercises.set_deals import SET_DEALS
    >>> questioned(SET_DEALS[11][0]), questioned(SET_DEALS[22][1])
    (<Seat.E: 1>, <Seat.W: 3>)
    """
    game = _game(board)
    _lines(game, board.script)
    return game.to_play


def next_cards(board: SetDeal) -> dict[Seat, list[tuple[str, list[str]]]]:
    """What the other seats play after the pupil's answer, from the set deal's replies (the
    lines the lesson's table plays when the pupil answers as a line does): for each seat but the
    pupil's, the words "If East plays the ♦7 at trick 2:" and that seat's lines after the
    page's answer, as ``first_cards`` words them. The pupil's own cards stay
    the pupil's: the lesson's question, and its answer, are not on the pupil's slip. Lines after
    the same answer that differ only in the pupil's later cards (22A: West's two small spades,
    either first) give the others the same cards; a set deal whose lines differ in another
    seat's card cannot be printed so (ValueError). The page's answer is the first line's (22B's
    screen takes West's three discards in any order; its slips, the page's order).

    >>> from exercises.set_deals import SET_DEALS
    >>> next_cards(SET_DEALS[11][0])[Seat.W]
    [('If East plays the ♦7 at trick 2:', ['Trick 2: play the ♦3.', 'Trick 3: play the ♠3.'])]
    >>> next_cards(SET_DEALS[11][0])[Seat.E], next_cards(SET_DEALS[11][1])
    ([], {})
    """
    if not board.replies:
        return {}
    pupil, trick = questioned(board), len(board.script.split()) // 4 + 1
    answer = board.replies[0].split()[0]
    played = []
    for reply in (r for r in board.replies if r.split()[0] == answer):  # the page's answer; the screen takes any order
        game = _game(board)
        _lines(game, board.script)
        played.append(_lines(game, reply))
    heading = say("desk_curtain_reply_if", seat=pupil.word, card=str(Card.parse(answer)), trick=trick)
    said: dict[Seat, list[tuple[str, list[str]]]] = {pupil: []}
    for seat in (s for s in game.deal.hands if s != pupil):
        if any(line[seat] != played[0][seat] for line in played):
            raise ValueError(f"{board.name}: {seat.name}'s cards after the {answer} differ from line to line")
        said[seat] = [(heading, played[0][seat])]
    return said


def dealers_trumps(board: SetDeal) -> str:
    """The trump suit a Manille set deal's dealer names, in words ("♣ clubs"), for the dealer's
    slip: in Manille the dealer names trumps (cardlib's Round asks the dealer first), so a table
    with real cards meets the lesson's question (16A: clubs, then "tap or play on?") only if its
    dealer names the deal's suit. "" for a deal whose pupils choose, a no-trump deal (lesson 14
    plays before trumps are named) and every MiniBridge deal (the contract is not the dealer's).

    >>> from exercises.set_deals import SET_DEALS
    >>> dealers_trumps(SET_DEALS[16][0]), dealers_trumps(SET_DEALS[16][1]), dealers_trumps(SET_DEALS[14][0])
    ('♣ clubs', '', '')
    """
    if board.table != "manille" or board.contract in ("", "no trumps"):
        return ""
    return contract_words(board.contract)


def defenders_next(board: SetDeal, seat: Seat) -> str:
    """What a defender's slip tells that seat to do after the opening lead, or "".

    >>> from exercises.set_deals import SET_DEALS
    >>> defenders_next(SET_DEALS[10][0], Seat.E)
    'If West leads a small spade, win it with your ♠J, then lead a spade back at once.'
    >>> defenders_next(SET_DEALS[10][0], Seat.W), defenders_next(SET_DEALS[10][1], Seat.E)
    ('', '')
    """
    key = DEFENDERS_NEXT.get((board.name, seat))
    return say(key) if key else ""


def _slip(sheet: Sheet, board: SetDeal, seat, x: float, y: float, width: float, dealer_taught: bool = True) -> None:
    """One seat's slip. The dealer's says so; before lesson 3 teaches the word "dealer", it says
    the seat gave out the cards and who leads (the dealer's left, as lessons 1-3 lead)."""
    deal = board.deal
    hand = deal[seat]
    pad = 5
    sheet.set_text_color("#000000")
    sheet.set_font("sans", "B", 15)
    sheet.set_xy(x + pad, y + pad)
    sheet.cell(width - 2 * pad, 8, f"{say('desk_board', name=board.name)} · {seat.word}")
    if seat == deal.dealer:
        trumps = dealers_trumps(board)
        sheet.set_font("sans", "", 11)
        sheet.set_xy(x + pad, y + pad + 9)
        sheet.cell(width - 2 * pad, 5, say("desk_curtain_dealer_trumps", trumps=trumps) if trumps
                   else say("desk_curtain_dealer") if dealer_taught
                   else say("desk_curtain_gave_out", seat=deal.dealer.left.word))
    rows = drawing.suit_rows(sheet, hand, x + pad, y + pad + 16, size=15, pack=deal.pack)
    sheet.set_font("sans", "", 9)
    sheet.set_text_color(GREY)
    sheet.set_xy(x + pad, y + pad + 17 + rows)
    sheet.cell(width - 2 * pad, 5, say("desk_curtain_count", count=len(hand)))
    sheet.set_text_color("#000000")
    sheet.set_y(y + pad + 23 + rows)
    first = first_cards(board).get(seat)
    if first:
        sheet.words(say("desk_curtain_first_cards"), x + pad, width - 2 * pad, size=10, style="B")
        for line in first:
            sheet.words(line, x + pad, width - 2 * pad, size=10)
    after = defenders_next(board, seat)
    if after:
        sheet.words(after, x + pad, width - 2 * pad, size=10, style="B")
    then = next_cards(board).get(seat)
    if then:  # the lesson's tricks after the pupil's answer; another answer, and after them, the table plays on
        for heading, lines in then:
            sheet.words(heading, x + pad, width - 2 * pad, size=10, style="B")
            for line in lines:
                sheet.words(line, x + pad, width - 2 * pad, size=10)
        sheet.words(say("desk_curtain_reply_else", seat=questioned(board).word), x + pad, width - 2 * pad, size=10)
