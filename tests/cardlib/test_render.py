"""The pictures: what a pupil sees (and what the browser must never receive)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from cardlib import PIQUET_PACK, Card, CardError, Deal, Hand, Seat, Side, Suit, Trick, render
from cardlib.minibridge import ScorePad, start_play

VOID = {"br", "img", "hr", "input", "meta", "wbr"}


class Element:
    def __init__(self, tag: str, attrs: dict, parent: Element | None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element] = []
        self.parts: list[str | Element] = []  # text and children, in document order

    def all_text(self) -> str:
        return "".join(p if isinstance(p, str) else p.all_text() for p in self.parts)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def style(self, name: str) -> str | None:
        found = re.search(rf"(?:^|;)\s*{name}\s*:\s*([^;]+)", self.attrs.get("style") or "")
        return found.group(1).strip() if found else None


class Tree(HTMLParser):
    """Parses HTML into elements and fails on a tag closed out of order or left open."""

    def __init__(self, text: str):
        super().__init__()
        self.root = self.node = Element("root", {}, None)
        self.feed(text)
        self.close()
        assert self.node is self.root, f"<{self.node.tag}> is never closed"

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs), self.node)
        self.node.children.append(element)
        self.node.parts.append(element)
        if tag not in VOID:
            self.node = element

    def handle_endtag(self, tag):
        assert tag == self.node.tag, f"</{tag}> closes <{self.node.tag}>"
        self.node = self.node.parent

    def handle_data(self, data):
        self.node.parts.append(data)

    def find(self, **attrs) -> list[Element]:
        return [e for e in self.root.walk() if all(k in e.attrs and (v is True or e.attrs[k] == v)
                                                    for k, v in attrs.items())]


def px(value: str) -> float:
    return float(value.removesuffix("px"))


DEAL = Deal.from_pbn("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")


def midway_game():
    game = start_play(DEAL, declarer="S", contract="♥ partscore")
    for _ in range(9):
        game.play(game.legal_plays()[0])
    return game


def test_hidden_hands_send_only_card_backs():
    game = midway_game()
    hands = {s: (list(h) if s in (Seat.S, Seat.N) else len(h)) for s, h in game.hands.items()}
    html = render.table_html(hands, plays=game.current, trumps=game.trumps, dummy=Seat.N, declarer=Seat.S)
    tree = Tree(html)
    for seat in (Seat.E, Seat.W):
        for card in game.hands[seat]:
            assert f'data-card="{card.letters}"' not in html
            assert render.card_words(card) not in html
    backs = [e for e in tree.root.walk() if e.attrs.get("aria-label") == "card face down"]
    assert len(backs) == len(game.hands[Seat.E]) + len(game.hands[Seat.W])
    shown = {e.attrs["data-card"] for e in tree.find(**{"data-card": True})}
    expected = {c.letters for s in (Seat.N, Seat.S) for c in game.hands[s]} | {c.letters for _, c in game.current}
    assert shown == expected


def test_card_back_tells_nothing():
    assert "data-card" not in render.card_back_html() and "of" not in render.card_back_html()
    assert render.card_html("♠A", face_up=False) == render.card_back_html()


@pytest.mark.parametrize("theme", [render.FOUR_COLOUR, "four-colour", "Four colour", "four-color"])
def test_four_colour_theme_colours_every_card_with_its_symbol(theme):
    cards = list(PIQUET_PACK)
    tree = Tree(render.hand_html(cards, theme=theme) + render.hand_by_suit_html(cards, theme=theme))
    pictures = tree.find(**{"data-card": True})
    assert len(pictures) == 2 * len(cards)
    wanted = {Suit.SPADES: "#000000", Suit.HEARTS: "#B84A00", Suit.DIAMONDS: "#005A9C", Suit.CLUBS: "#007A5A"}
    for element in pictures:
        card = Card.parse(element.attrs["data-card"])
        assert element.style("color") == wanted[card.suit]
        assert card.suit.symbol in element.all_text() and card.rank.symbol in element.all_text()
        assert element.attrs["aria-label"] == render.card_words(card)


def test_two_colour_theme_has_red_hearts_and_black_spades():
    hearts, spades = Tree(render.card_html("♥Q")).find(role="img")[0], Tree(render.card_html("♠Q")).find(role="img")[0]
    assert hearts.style("color") == render.suit_colour(Suit.DIAMONDS) != spades.style("color") == "#000000"


def test_scale_two_draws_cards_twice_as_big():
    small = Tree(render.card_html("♦7", scale=1)).find(role="img")[0]
    big = Tree(render.card_html("♦7", scale=2.0)).find(role="img")[0]
    assert px(big.style("width")) == 2 * px(small.style("width")) >= 100
    assert px(big.style("height")) == 2 * px(small.style("height"))


def test_on_the_projector_the_talks_pictures_are_smaller_than_the_table_and_still_readable(monkeypatch):
    # The card table alone nearly fills a 1024×768 class screen: a hand or a grid drawn in the talk
    # takes less room than the table's own cards, yet its corners stay big enough to read.
    monkeypatch.setattr(render, "PREFERENCES", render.Preferences.from_environment({"MINIBRIDGE_PROJECTOR": "1"}))
    card = Tree(render.hand_html(["♦7"])).find(role="img")[0]
    table = render.table_html({Seat.N: ["♠A"], Seat.E: 1, Seat.S: ["♦7"], Seat.W: 1})
    assert f"--u:min({render.UNIT * 2:g}px" in table  # the table keeps the projector's scale
    assert px(card.style("width")) == round(60 * 2 * render.TALK) < 60 * 2
    corner = round(17 * 2 * render.TALK)
    assert corner >= 16 and f"font-size:{corner}px" in render.hand_html(["♦7"])
    assert f"font-size:{corner}px" in render.grid_html(["Suit"], [["♠"]])
    assert px(Tree(render.card_html("♦7", scale=2)).find(role="img")[0].style("width")) == 120  # a scale given is kept


@pytest.mark.parametrize("bad", ["purple", "", "two"])
def test_unknown_theme_says_which_exist(bad):
    with pytest.raises(CardError, match="two-colour"):
        render.card_html("♠A", theme=bad)


@pytest.mark.parametrize("bad", [0, -1, 10, "big", True])
def test_bad_scale_is_refused_in_words(bad):
    with pytest.raises(CardError, match="picture size"):
        render.hand_html(["♠A"], scale=bad)


def test_lesson_table_is_black_on_white_and_grows_for_the_projector():
    rows = [[render.suit_name_html(Suit.HEARTS, theme="four-colour"), 3], ["<b>All</b>", 5]]
    normal, big = render.grid_html(["Suit", "Tricks"], rows), render.grid_html(["Suit", "Tricks"], rows, scale=2)
    assert "background:#fff;color:#000" in normal and normal.count("<tr>") == 3
    assert "font-size:17px" in normal and "font-size:34px" in big
    assert '<span style="color:#B84A00">♥\ufe0e</span> hearts' in normal  # the suit in its colour, with its name
    with pytest.raises(CardError, match="picture size"):
        render.grid_html(["Suit"], [], scale=10)


def test_captioned_pictures_and_notes_are_black_on_white():
    row = render.captioned_html(("South", render.hand_html(["♠A"])), ("North", render.hand_html(["♥2"])), scale=2)
    assert "background:#fff;color:#000" in row and "font-size:34px" in row
    assert row.index("South") < row.index("ace of spades") < row.index("North") < row.index("2 of hearts")
    plain = render.captioned_html(("Trick", render.trick_html([])), plain=True)
    assert "background:#fff;color:#000" in plain and "padding:8px" not in plain.split("<div", 2)[1]
    assert "background:#fff;color:#000" in render.note_html("Card points: 12")


def test_trumps_line_names_the_suit_or_no_trumps():
    assert render.trumps_words("♣") == "Trumps: ♣\ufe0e clubs" and render.trumps_words(None) == "No trumps"


def test_card_says_its_name():
    element = Tree(render.card_html(Card.parse("SA"))).find(role="img")[0]
    assert element.attrs["aria-label"] == "ace of spades"
    assert render.card_words("♣10") == "10 of clubs"


@pytest.mark.parametrize("language, name", [("en", "K♥, king of hearts"), ("ja", "K♥ ハートのキング")])
def test_a_card_button_is_named_by_its_face_then_in_words_in_the_page_language(language, name):
    # A pupil who reads or says what the card shows ("K♥") finds the button by that name.
    from cardlib.messages import current_language, set_language

    was = current_language()
    set_language(language)
    try:
        html = render.table_html({"N": 13, "E": 13, "S": ["♥K", "♣10"], "W": 13}, buttons={"S": {}}, to_play="S")
    finally:
        set_language(was)
    names = [e.attrs["aria-label"] for e in Tree(html).find(**{"data-card": True})]
    assert names[0].replace("\ufe0e", "") == name and names[1].replace("\ufe0e", "").startswith("10♣")


@pytest.mark.parametrize("language, marked", [("en", None), ("ja", "ja")])
def test_a_japanese_table_is_marked_japanese_so_the_browser_breaks_its_labels_between_phrases(language, marked):
    from cardlib.messages import current_language, set_language

    was = current_language()
    set_language(language)
    try:
        pad = ScorePad("club")
        pad.add("S", "♠ game", 10)
        tables = [render.grid_html(["", "ミニブリッジ"], [["スーツフォローは？", "はい"]]), render.score_pad_html(pad)]
    finally:
        set_language(was)
    assert [e.attrs.get("lang") for html in tables for e in Tree(html).root.walk() if e.tag == "table"] == [marked] * 2


def test_a_grid_with_an_empty_corner_has_a_heading_for_each_row():
    html = render.grid_html(["", "MiniBridge", "Manille"], [["Cards", 52, 32], ["Players", 4, 4]])
    headings = [e.all_text() for e in Tree(html).root.walk() if e.tag == "th"]
    assert headings == ["", "MiniBridge", "Manille", "Cards", "Players"]
    assert html.count('scope="row"') == 2 and "<td" not in render.grid_html(["", "A"], [["Cards"]])


def test_hand_is_sorted_by_suit_and_manille_order_with_the_piquet_pack():
    cards = [Card.parse(c) for c in "♣7 ♥A ♠9 ♥10 ♠A ♦K ♥K ♠10".split()]
    order = [e.attrs["data-card"] for e in Tree(render.hand_html(cards)).find(**{"data-card": True})]
    assert order == ["SA", "ST", "S9", "HA", "HK", "HT", "DK", "C7"]
    manille = [e.attrs["data-card"] for e in Tree(render.hand_html(cards, pack=PIQUET_PACK)).find(**{"data-card": True})]
    assert manille == ["ST", "SA", "S9", "HT", "HA", "HK", "DK", "C7"]


def test_hand_by_suit_has_a_row_per_suit_and_a_dash_for_a_void():
    tree = Tree(render.hand_by_suit_html(Hand.parse("♠AK ♥- ♦Q52 ♣J")))
    rows = tree.root.children[0].children
    assert [r.children[0].all_text()[0] for r in rows] == ["♠", "♥", "♦", "♣"]
    assert "—" in rows[1].all_text() and "—" not in rows[0].all_text()
    assert [len([e for e in r.walk() if "data-card" in e.attrs]) for r in rows] == [2, 0, 3, 1]


def _suit_order(html: str) -> list[Suit]:
    seen = []
    for element in Tree(html).find(**{"data-card": True}):
        suit = Card.parse(element.attrs["data-card"]).suit
        if suit not in seen:
            seen.append(suit)
    return seen


@pytest.mark.parametrize("seat, trumps_first", [(Seat.N, True), (Seat.E, True), (Seat.S, False), (Seat.W, False)])
def test_dummy_puts_trumps_on_dummys_right(seat, trumps_first):
    # North faces the picture, so North's right is the picture's left; South's right is its right;
    # East (rows) has its right at the top, West at the bottom.
    order = _suit_order(render.dummy_html(DEAL[Seat.N], trumps="♦", seat=seat))
    assert order[0 if trumps_first else -1] is Suit.DIAMONDS
    assert [s for s in order if s is not Suit.DIAMONDS] == [Suit.SPADES, Suit.HEARTS, Suit.CLUBS]


def test_dummy_without_trumps_is_in_hand_order_in_columns():
    tree = Tree(render.dummy_html(DEAL[Seat.N]))
    group = tree.root.children[0]
    assert group.style("flex-direction") == "row" and len(group.children) == 4
    assert all(col.style("flex-direction") == "column" for col in group.children)
    assert _suit_order(render.dummy_html(DEAL[Seat.N])) == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


def test_trick_places_cards_round_the_centre_and_marks_the_winner_in_words():
    plays = [(Seat.W, Card.parse("♥5")), (Seat.N, Card.parse("♥8")), (Seat.E, Card.parse("♥A")), (Seat.S, Card.parse("♥K"))]
    tree = Tree(render.trick_html(plays, winner=Seat.E))
    slots = {Card.parse(e.attrs["data-card"]): e.parent for e in tree.find(**{"data-card": True})}
    left = {c: px(slot.style("left")) for c, slot in slots.items()}
    top = {c: px(slot.style("top")) for c, slot in slots.items()}
    n, e, s, w = (Card.parse(x) for x in ("♥8", "♥A", "♥K", "♥5"))
    assert top[n] < top[w] == top[e] < top[s] and left[w] < left[n] == left[s] < left[e]
    assert "E wins" in slots[e].all_text() and all("wins" not in slots[c].all_text() for c in (n, s, w))
    ringed = [c for c, slot in slots.items() if "box-shadow:0 0 0" in slot.children[0].attrs["style"]]
    assert ringed == [e]


def test_trick_shows_itself_in_a_notebook():
    trick = Trick(Seat.W, ((Seat.W, Card.parse("♥5")), (Seat.N, Card.parse("♥8")),
                           (Seat.E, Card.parse("♥A")), (Seat.S, Card.parse("♥K"))), Seat.E)
    assert trick._repr_html_() == render.trick_html(trick.plays, winner=Seat.E)
    assert "E wins" in Tree(trick._repr_html_()).root.all_text()


def test_trick_record_lies_upright_when_won_sideways_when_lost():
    winners = [Seat.N, Seat.E, Seat.S, Seat.S, Seat.W, Seat.N, Seat.W, Seat.N]
    tricks = [Trick(w, ((w, Card.parse("♠A")),), w) for w in winners]
    tree = Tree(render.trick_record_html(tricks, Side.NS))
    backs = [e for e in tree.root.walk() if e.attrs.get("aria-label", "").startswith("trick ")]
    upright = [px(b.style("height")) > px(b.style("width")) for b in backs]
    assert upright == [w in (Seat.N, Seat.S) for w in winners]
    assert "Won 5 – Lost 3" in tree.root.all_text()
    as_east = Tree(render.trick_record_html(tricks, "EW")).root.all_text()
    assert "Won 3 – Lost 5" in as_east
    assert "Won 3 – Lost 5" in Tree(render.trick_record_html(tricks, (Seat.E, Seat.W))).root.all_text()


def test_score_pad_shows_every_deal_and_the_totals():
    pad = ScorePad("ebu")
    pad.add("S", "♠ game", 10)      # N–S 420
    pad.add("E", "NT partscore", 6)  # one down: N–S score 50
    pad.add("W", "♦ partscore", 8)   # E–W 90
    tree = Tree(render.score_pad_html(pad))
    rows = [e for e in tree.root.walk() if e.tag == "tr"]
    assert len(rows) == 1 + 3 + 1
    cells = [[c.all_text().strip() for c in row.children] for row in rows]
    assert cells[0][-2:] == ["N–S", "E–W"]
    assert cells[1][:4] == ["1", "South", "♠\ufe0e game", "10"] and cells[1][-2:] == ["420", ""]
    assert cells[2][-2:] == ["50", ""] and cells[3][-2:] == ["", "90"]
    assert cells[-1][0] == "Total" and cells[-1][-2:] == ["470", "90"]
    assert pad._repr_html_() == render.score_pad_html(pad)


def test_club_scoring_writes_the_down_points_in_the_other_sides_column_without_a_minus():
    pad = ScorePad("club")
    pad.add("S", "♥ game", 8)
    tree = Tree(render.score_pad_html(pad))
    cells = [[c.all_text().strip() for c in row.children] for row in (e for e in tree.root.walk() if e.tag == "tr")]
    text = tree.root.all_text()
    assert "−" not in text and "-200" not in text
    assert cells[1][-2:] == ["", "200"] and cells[-1][-2:] == ["0", "200"]  # E–W's column


def test_table_says_whose_turn_and_who_is_dummy_in_words():
    game = midway_game()
    hands = {s: list(h) for s, h in game.hands.items()}
    names = {Seat.S: "Aiko", Seat.N: "<b>Ben</b>"}
    html = render.table_html(hands, plays=game.current, names=names, trumps=game.trumps, dummy=Seat.N,
                             to_play=game.to_play, declarer=Seat.S)
    text = Tree(html).root.all_text()
    assert f"{game.to_play.word} to play" in text
    assert "South · Aiko · declarer" in text and "North · <b>Ben</b> · dummy" in text
    assert "<b>Ben</b>" not in html  # names are escaped
    assert "Trumps: ♥\ufe0e hearts" in text
    dummy_turn = render.table_html(hands, dummy=Seat.N, declarer=Seat.S, to_play=Seat.N)
    assert "North to play (South chooses)" in Tree(dummy_turn).root.all_text()


def test_table_with_three_players_and_eight_cards():
    deal = Deal.random(seed=5, pack=PIQUET_PACK, seats=(Seat.E, Seat.S, Seat.W), aside=2, packets=(2, 2, 2, 2, 2))
    hands = {Seat.E: 10, Seat.S: list(deal[Seat.S]), Seat.W: 10}
    tree = Tree(render.table_html(hands, plays=[(Seat.E, deal[Seat.E].cards[0])], pack=PIQUET_PACK, to_play=Seat.S))
    regions = [e.attrs["aria-label"] for e in tree.find(role="region")]
    assert regions == ["East", "South", "West"]
    assert len(tree.find(**{"aria-label": "card face down"})) == 20
    eight = list(deal[Seat.S])[:8]
    order = [e.attrs["data-card"] for e in Tree(render.table_html({Seat.S: eight}, pack=PIQUET_PACK)).find(**{"data-card": True})]
    assert order == [c.letters for c in PIQUET_PACK.in_order(eight)]


def test_deal_shows_all_hands_round_a_compass_with_hcp():
    tree = Tree(render.deal_html(DEAL))
    text = tree.root.all_text()
    for seat, points in ((Seat.N, 13), (Seat.E, 16), (Seat.S, 8), (Seat.W, 3)):
        assert f"{seat.word} · {points} HCP" in text
    assert len(tree.find(**{"data-card": True})) == 52
    cells = {e.attrs["aria-label"]: e.style("grid-column") for e in tree.find(role="region")}
    assert cells["North"].startswith("2") and cells["West"].startswith("1") and cells["East"].startswith("3")
    assert DEAL._repr_html_() == render.deal_html(DEAL)


@pytest.mark.parametrize("scale", [1.0, 2.0])
@pytest.mark.parametrize("theme", ["two-colour", "four-colour"])
def test_every_picture_is_well_formed_html(theme, scale):
    game = midway_game()
    pad = ScorePad()
    pad.add("S", "♥ partscore", 7)
    pictures = [
        render.card_html("♠A", theme=theme, scale=scale), render.card_back_html(theme=theme, scale=scale),
        render.hand_html(DEAL[Seat.N], theme=theme, scale=scale),
        render.hand_by_suit_html(DEAL[Seat.E], theme=theme, scale=scale),
        render.dummy_html(DEAL[Seat.N], trumps="♠", theme=theme, scale=scale, seat="E"),
        render.trick_html(game.current, theme=theme, scale=scale),
        render.table_html({s: list(h) for s, h in game.hands.items()}, game.current, theme=theme, scale=scale,
                          dummy="W", trumps=None, to_play=game.to_play, declarer="E"),
        render.trick_record_html(game.tricks, "NS", theme=theme, scale=scale),
        render.score_pad_html(pad, theme=theme, scale=scale), render.deal_html(DEAL, theme=theme, scale=scale),
    ]
    for html in pictures:
        assert isinstance(html, str) and html.startswith("<")
        Tree(html)  # balanced, parses
        assert "<style" not in html and "<script" not in html


def test_clubs_trumps_and_north_declarer_are_named():
    # Suit.CLUBS and Seat.N are both 0: the words must not mistake them for "none".
    html = render.table_html({Seat.N: ["♠A"], Seat.S: ["♣2"]}, trumps=Suit.CLUBS, dummy=Seat.S,
                             declarer=Seat.N, to_play=Seat.S)
    text = Tree(html).root.all_text()
    assert "Trumps: ♣\ufe0e clubs" in text and "No trumps" not in text
    assert "South to play (North chooses)" in text
    assert "No trumps" in Tree(render.table_html({Seat.S: ["♣2"]}, dummy=Seat.N)).root.all_text()



# --- in a real browser (Debian's Chromium): nothing covers what a pupil must read ---

CHROMIUM = "/usr/bin/chromium"

COVERED_OR_OVERLAPPING = """() => {
  const bad = [];
  const inside = (el, x, y) => { const hit = document.elementFromPoint(x, y); return hit && el.contains(hit); };
  for (const card of document.querySelectorAll('div[data-card]')) {
    const range = document.createRange();
    range.selectNodeContents(card.firstElementChild);  // the corner: rank and suit symbol
    for (const r of range.getClientRects()) {
      const points = [[r.left + 2, r.top + r.height / 2], [r.right - 2, r.top + r.height / 2],
                      [r.left + r.width / 2, r.top + 2], [r.left + r.width / 2, r.bottom - 2]];
      for (const [x, y] of points)
        if (r.width > 3 && !inside(card, x, y)) bad.push(`${card.dataset.card} corner covered at ${x},${y}`);
    }
  }
  const blocks = [...document.querySelectorAll('[role=region], [aria-label="the trick on the table"]')];
  const boxes = blocks.map(b => [b.getAttribute('aria-label'), b.getBoundingClientRect()]);
  for (const [i, [a, p]] of boxes.entries())
    for (const [b, q] of boxes.slice(i + 1))
      if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) bad.push(`${a} overlaps ${b}`);
  return bad;
}"""


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    import os
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def full_deal_tables(theme, scale):
    game = midway_game()
    open_hands = {s: list(h) for s, h in game.hands.items()}
    yield render.table_html(open_hands, game.current, theme=theme, scale=scale, trumps="♥", dummy="N",
                            to_play=game.to_play, declarer="S", names={Seat.S: "Aiko"})
    yield render.table_html({s: list(h) for s, h in DEAL.hands.items()}, [(Seat.N, Card.parse("♠A"))],
                            theme=theme, scale=scale, trumps="♣", dummy="E", declarer="W", to_play="E")
    yield render.table_html({Seat.N: 13, Seat.E: 13, Seat.S: list(DEAL[Seat.S]), Seat.W: list(DEAL[Seat.W])},
                            theme=theme, scale=scale, dummy="W", trumps="♠", to_play="S")
    yield render.deal_html(DEAL, theme=theme, scale=scale)


@pytest.mark.parametrize("scale", [1.0, 2.0])
@pytest.mark.parametrize("theme", ["two-colour", "four-colour"])
def test_in_chromium_no_card_index_is_covered_and_no_seat_overlaps_another(browser, theme, scale):
    page = browser.new_page(viewport={"width": 2600, "height": 2400})
    try:
        for html in full_deal_tables(theme, scale):
            page.set_content(f'<!doctype html><meta charset="utf-8"><body style="margin:0">{html}</body>')
            assert page.evaluate(COVERED_OR_OVERLAPPING) == []
        page.set_content(f'<meta charset="utf-8">{render.card_html("♠A", scale=scale)}')
        assert page.eval_on_selector("[data-card]", "e => e.getBoundingClientRect().width") == 60 * scale
    finally:
        page.close()


def test_seat_labels_escape_names_and_hidden_hands_are_only_backs():
    assert "<b>" not in render.label_html("<b>Ann</b>") and "&lt;b&gt;Ann" in render.label_html("<b>Ann</b>")
    tree = Tree(render.hidden_hand_html(5, scale=2))
    assert len(tree.find(**{"aria-label": "card face down"})) == 5 and not tree.find(**{"data-card": True})
