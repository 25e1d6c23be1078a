"""Hand records for a lesson's set deals, two to a page, so a class can pre-deal real boards
and compare: the four hands as a deal diagram, the dealer, who declares, the contract the
lesson plays and the coach's contract (cardlib.minibridge), and, when the analysis extra
(endplay) is installed, the tricks each player can take as declarer with best play.

>>> from exercises.course import SetDeal
>>> board = SetDeal("5A", "N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973",
...                 "minibridge", "A golden fit in spades.", contract="♠ game")
>>> facts(board).declarer, str(facts(board).coach.contract)
(<Seat.N: 0>, '♠ partscore')
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from cardlib import BRIDGE_PACK, CardError, Deal, Seat, Side, Suit, TrickPlay, manille, messages, minibridge, say
from cardlib.cards import parse_denomination
from exercises.course import Lesson, SetDeal
from exercises.glossary import TERMS
from teacher import drawing
from teacher.paper import GREY, LIGHT, Sheet, is_japanese

DENOMINATIONS: tuple[Suit | None, ...] = (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
COLUMN = 60.0  # the deal diagram's three columns fill the page's width


def double_dummy(deal: Deal) -> dict[tuple[Seat, Suit | None], int] | None:
    """Tricks each seat takes as declarer in each denomination (None: no trumps) when all
    four play their best seeing every card; None without endplay or for a Manille deal.

    >>> table = double_dummy(Deal.from_pbn("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973"))
    >>> table is None or table[Seat.N, Suit.SPADES]
    7
    """
    if deal.pack is not BRIDGE_PACK or len(deal.hands) != 4:
        return None
    try:
        from endplay.dds import calc_dd_table
        from endplay.types import Deal as EndplayDeal, Denom, Player
    except ImportError:
        return None
    table = calc_dd_table(EndplayDeal(deal.to_pbn().replace("10", "T")))
    denoms = {None: Denom.nt, Suit.SPADES: Denom.spades, Suit.HEARTS: Denom.hearts,
              Suit.DIAMONDS: Denom.diamonds, Suit.CLUBS: Denom.clubs}
    players = {Seat.N: Player.north, Seat.E: Player.east, Seat.S: Player.south, Seat.W: Player.west}
    return {(seat, d): int(table[denoms[d], players[seat]]) for seat in Seat for d in DENOMINATIONS}


@dataclass(frozen=True)
class Facts:
    """What a hand record says about a set deal, worked out by cardlib."""

    deal: Deal
    declarer: Seat | None
    coach: minibridge.Suggestion | None
    leader: Seat | None
    tricks: dict | None
    sides: dict[Side, int] | None = None  # the trick table: each side's tricks with best play


def side_tricks(deal: Deal, trumps: Suit | None, leader: Seat, stored: dict | None = None) -> dict[Side, int] | None:
    """The tricks each side takes on the trick table (no declarer) when all four play their
    best, ``leader`` leading: a search of cardlib's own play for a short deal, the double-dummy
    solver for 13 cards a hand, else the set deal's ``stored`` figures ({(trumps, declarer): tricks};
    None without either)."""
    if len(deal[Seat.N]) == 13:
        table = double_dummy(deal)
        declarer = leader.right  # the solver's declarer sits on the leader's right
        if table is not None:
            ours = table[declarer, trumps]
        elif stored is not None:
            ours = stored[trumps, declarer]
        else:
            return None
        return {declarer.side: ours, leader.side: 13 - ours}
    game = TrickPlay(deal.hands, leader=leader, trumps=trumps)

    def best() -> int:  # N-S's tricks from here
        if game.is_over:
            return sum(trick.winner.side is Side.NS for trick in game.tricks)
        pick = max if game.to_play.side is Side.NS else min
        results = []
        for card in game.legal_plays():
            game.play(card)
            results.append(best())
            game.undo()
        return pick(results)

    ns = best()
    return {Side.NS: ns, Side.EW: len(deal[Seat.N]) - ns}


def facts(board: SetDeal) -> Facts:
    """The deal of a SetDeal and what the rules say about it: declarer (on the MiniBridge
    table: cardlib's, by the points), the coach's contract, who leads, the double-dummy tricks."""
    deal = board.deal
    if deal.pack is not BRIDGE_PACK:  # Manille: the dealer's neighbour leads
        leader = board.leader or manille.start_play(deal, trumps=None).to_play
        return Facts(deal, None, None, leader, None)
    declarer = minibridge.declarer(deal) if board.table == "minibridge" else None
    if board.table == "auction":  # the auction, every seat calling by the lesson's two rules, finds declarer
        from cardlib.bots import auction_by_the_rules

        declarer = auction_by_the_rules(deal).declarer
        return Facts(deal, declarer, None, None if declarer is None else declarer.left, double_dummy(deal))
    coach = None if declarer is None else minibridge.suggest_contract(deal[declarer], deal[declarer.partner])
    if before_contracts(board) and board.contract:  # lesson 4: the class plays what it is given, no coach
        coach = None
    if declarer is None:  # the trick table (or a deal thrown in): as the set deal says, else the dealer's left
        leader = board.leader or deal.dealer.left
    else:
        leader = minibridge.start_play(deal, declarer, board.contract or coach.contract).to_play
    if board.table == "tricks":  # no declarer: each side's tricks, as the lesson plays it
        return Facts(deal, None, None, leader, None,
                     side_tricks(deal, parse_denomination(board.contract or None), leader, board.tricks_table))
    return Facts(deal, declarer, coach, leader, double_dummy(deal))


def hand_records(lesson: Lesson, paper: str = "a4", theme=None) -> Sheet:
    """Every set deal of a lesson, two to a page; a lesson without set deals has none to print
    (CardError)."""
    if not lesson.deals:
        raise CardError("desk_no_set_deals", number=lesson.number)
    title = say("desk_hand_records_title", number=lesson.number, title=lesson.title)
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title)
    for board in lesson.deals:
        hand_record(sheet, board)
    return sheet


def hand_record(sheet: Sheet, board: SetDeal) -> None:
    """One set deal: the diagram with the facts in its corners, then why the lesson plays it."""
    found = facts(board)
    deal = found.deal
    notes = None
    if deal.pack is not BRIDGE_PACK:
        notes = {seat: say("desk_card_points", points=manille.pile_points(hand)) for seat, hand in deal.hands.items()}
    elif board.table == "tricks" and before_points(board):
        notes = {seat: "" for seat in deal.hands}  # lessons 1-2 count tricks: points come in lesson 3
    below = _explanation(found, board)
    diagram_h = 3 * (sheet.line_height(10.5) * 1.15 * 4 + 5)
    # the rule above (3 mm), the diagram and 1 mm, then the words; the gap after them may fall off the page
    sheet.room_for(3 + diagram_h + 1 + sheet.words_height(below, size=10))
    x, y = sheet.l_margin, sheet.get_y()
    sheet.set_draw_color(LIGHT)
    sheet.line(x, y, x + sheet.inner_width, y)
    y += 3
    height = drawing.deal_diagram(sheet, deal, x, y, notes)
    _top_left(sheet, board, found, x, y)
    _top_right(sheet, board, found, x + 2 * COLUMN, y)
    if found.tricks is not None:
        _tricks_table(sheet, found.tricks, x, y + 2 * height / 3)
    sheet.set_y(y + height + 1)
    sheet.words(below, size=10)
    sheet.ln(5)


def before(board: SetDeal, term: str) -> bool:
    """Is a set deal from a lesson before the one that teaches ``term`` (its name's number: "1A" is
    lesson 1's)? Its record then does not use the word.

    >>> before(SetDeal("1A", "N:A63... QT4... K85... J97...", "tricks", "why"), "trumps")
    True
    """
    number = re.match(r"\d+", board.name)
    return number is not None and int(number.group()) < TERMS[term].lesson.number


def before_points(board: SetDeal) -> bool:
    """Is a set deal from a lesson before the one that teaches points (its name's number: "1A" is
    lesson 1's)? Its record then shows no HCP: the class counts tricks, not points, yet.

    >>> before_points(SetDeal("1A", "N:A63... QT4... K85... J97...", "tricks", "why")), before_points(SetDeal("3A", "N:A63... QT4... K85... J97...", "tricks", "why"))
    (True, False)
    """
    return before(board, "hcp")


def before_contracts(board: SetDeal) -> bool:
    """Is a set deal from a lesson before the one that teaches contracts? Its record then says
    the trumps and the tricks the class plays for, not "NT partscore" beside the coach's "NT game".

    >>> before_contracts(SetDeal("4A", "N:A63... QT4... K85... J97...", "minibridge", "why")), before_contracts(SetDeal("5A", "N:A63... QT4... K85... J97...", "minibridge", "why"))
    (True, False)
    """
    return before(board, "contract")


def _top_left(sheet: Sheet, board: SetDeal, found: Facts, x: float, y: float) -> None:
    sheet.set_xy(x, y)
    sheet.set_font("sans", "B", 16)
    sheet.cell(COLUMN - 4, 8, say("desk_board", name=board.name))
    sheet.set_font("sans", "", 9)
    sheet.set_xy(x, y + 9)
    sheet.cell(COLUMN - 4, 4.5, say("desk_dealer", seat=found.deal.dealer.word))


def _top_right(sheet: Sheet, board: SetDeal, found: Facts, x: float, y: float) -> None:
    lines = []
    if board.table == "tricks":
        lines.append(say("desk_all_four_play"))
        if not before(board, "trumps"):
            lines.append(say("desk_trumps", trumps=contract_words(board.contract)) if not board.also else
                         say("desk_trumps_half", trumps=contract_words(board.contract), other=contract_words(board.also)))
    elif found.deal.pack is BRIDGE_PACK:
        who = say("desk_nobody_declares") if found.declarer is None else found.declarer.word
        lines.append(say("desk_declarer", seat=who))
        if before_contracts(board) and board.contract:
            given = minibridge.Contract.parse(board.contract)
            lines.append(say("desk_trumps", trumps=contract_words(given.denomination_symbol if given.denomination
                                                                   else "no trumps")))
            lines.append(say("desk_tricks_to_take", tricks=given.tricks_needed))
        else:
            lines.append(say("desk_played_in", contract=contract_words(board.contract) or say("desk_pupils_choose")))
        if found.coach is not None:
            lines.append(say("desk_coach_contract", contract=found.coach.contract))
    else:  # Manille: its own word for no trumps, and the dealer names the trumps
        trumps = contract_words(board.contract) or say("desk_dealer_chooses")
        trumps = say("manille_no_trumps") if trumps == say("no_trumps") else trumps
        lines.append(say("desk_trumps", trumps=trumps))
    if found.leader is not None:  # with a script, its first card: the lesson's question starts from it
        first = board.script.split()[0] if board.script else None
        lines.append(say("desk_leads_card", seat=found.leader.word, card=first) if first
                     else say("desk_leads", seat=found.leader.word))
    # A line wider than the page's last column wraps inside it: the Japanese "coach's contract:
    # no trumps partscore" ran 20 mm past the right margin, and lessons 1-3's "no declarer" line
    # off the page's edge.
    width = sheet.l_margin + sheet.inner_width - x
    rows = [(piece, i) for i, line in enumerate(lines)
            for piece in sheet.text_lines(line, width, 9.5, "B" if i == 0 else "")]
    step = min(5.0, (drawing.block_height(sheet) - 1) / max(len(rows), 1))  # all above East's name
    for row, (piece, i) in enumerate(rows):
        sheet.coloured_line(piece, x, y + row * step, step, 9.5, "B" if i == 0 else "")


def _tricks_table(sheet: Sheet, tricks: dict, x: float, y: float) -> None:
    """Declarer's tricks with best play: a row a seat, a column a denomination."""
    sheet.set_font("sans", "B", 8)
    sheet.set_text_color(GREY)
    sheet.set_xy(x, y)
    sheet.cell(COLUMN - 4, 4, say("desk_best_play"))
    cell_w, label_w, h = 8.5, 9.0, 4.6
    top = y + 4.5
    for i, denomination in enumerate(DENOMINATIONS):
        text = "NT" if denomination is None else denomination.symbol
        sheet.coloured_line(text, x + label_w + i * cell_w + 2, top, h, 9, "B")
    sheet.set_draw_color(LIGHT)
    for row, seat in enumerate((Seat.N, Seat.S, Seat.E, Seat.W), 1):
        line_y = top + row * h
        sheet.set_font("sans", "B", 9)
        sheet.set_text_color(GREY)
        sheet.set_xy(x, line_y)
        sheet.cell(label_w, h, seat.letter)
        sheet.set_font("sans", "", 9)
        sheet.set_text_color("#000000")
        for i, denomination in enumerate(DENOMINATIONS):
            sheet.set_xy(x + label_w + i * cell_w, line_y)
            sheet.cell(cell_w, h, str(tricks[seat, denomination]), align="C")
        sheet.line(x, line_y, x + label_w + 5 * cell_w, line_y)


def contract_words(text: str) -> str:
    """A set deal's contract as the printout's language says it ("" stays "": the pupils choose).

    >>> contract_words("♠ game"), contract_words("no trumps"), contract_words("2♥"), contract_words("")
    ('♠ game', 'no trumps', '2♥', '')
    >>> contract_words("♥")
    '♥ hearts'
    """
    if not text or text[0].isdigit():  # an auction's contract (2♥) reads the same in every language
        return text
    try:
        return str(minibridge.Contract(text))
    except CardError:
        pass
    try:
        denomination = parse_denomination(text)
    except CardError:  # a text the rules do not read ("♥ hearts"): as the course wrote it
        return text
    return say("no_trumps") if denomination is None else f"{denomination.symbol} {denomination.word}"


def why(board: SetDeal) -> str:
    """Why the lesson plays a set deal, in the printout's language: the catalogue's message for
    the deal while its English is the course's own words, else those words."""
    key = f"desk_why_{board.name}"
    return say(key) if messages.texts("en").get(key) == board.why else board.why


def _explanation(found: Facts, board: SetDeal) -> str:
    parts = [say("desk_why", why=why(board))]
    if found.coach is not None:
        parts.append(say("desk_coach_says", reasons=" ".join(found.coach.reasons)))
    if found.sides is not None and board.also:  # the class splits: each half's trumps, each its tricks
        for trumps in (board.contract, board.also):
            sides = side_tricks(found.deal, parse_denomination(trumps), found.leader, board.tricks_table)
            if sides is not None:
                parts.append(say("desk_best_play_sides_in", trumps=contract_words(trumps), ns=sides[Side.NS], ew=sides[Side.EW]))
    elif found.sides is not None:
        parts.append(say("desk_best_play_sides", ns=found.sides[Side.NS], ew=found.sides[Side.EW]))
    if board.table == "minibridge" and found.declarer is None:
        parts.append(say("redeal"))
    return ("" if is_japanese(parts[0]) else " ").join(parts)  # Japanese puts no space after 。
