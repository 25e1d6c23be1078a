"""Reading an app page the way a pupil's browser holds it: the cards it names, the widget
states in every websocket frame, and where a hidden card would be a leak."""
from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

from cardlib import BRIDGE_PACK, PIQUET_PACK, Card, Deal, minibridge, render, say
from cardlib.messages import current_language, set_language

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TRICK_LABEL = say("render_trick_label")


def in_every_language(words) -> dict:
    """``words()`` in English and in Japanese (a Japanese page names its cards and pictures in Japanese)."""
    was, found = current_language(), {}
    try:
        for language in ("en", "ja"):
            set_language(language)
            found[language] = words()
    finally:
        set_language(was)
    return found


# pictures of cards already played, in either edition
PLAYED_LABELS = tuple(label for labels in in_every_language(
    lambda: (say("render_trick_label"), say("render_last_trick_label"))).values() for label in labels)
CLICK_LIMIT = 20_000  # ms: from a click to the table drawn again
ERROR_WORDS = "There was an error when executing cell"
PIQUET_CARDS = tuple(PIQUET_PACK.cards)
CARD_BY_WORDS = {words: card for names in in_every_language(
    lambda: {render.card_words(c): c for c in BRIDGE_PACK.cards}).values() for words, card in names.items()}
JA_WORDS = sorted((w for w in CARD_BY_WORDS if not w.isascii()), key=len, reverse=True)  # "スペードの10" before "...の1"
WORDS = re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs)\b|"
                   + "|".join(map(re.escape, JA_WORDS)))
BUTTON_FACE = re.compile(r"^(10|[2-9AKQJ])([♠♥♦♣])\ufe0e?$")  # a card button's description, "A♠"


# --- the cards a piece of text names --------------------------------------------------------

class _CardNames(HTMLParser):
    """Cards named in HTML (data-card, aria-label/title words, a card button's face), with
    everything inside the trick picture and the last trick's set apart: those cards have been played."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.named: set[Card] = set()
        self.in_trick: set[Card] = set()
        self._stack: list[bool] = []  # for each open element: inside the trick picture?

    def _inside(self) -> bool:
        return bool(self._stack) and self._stack[-1]

    def _add(self, cards) -> None:
        (self.in_trick if self._inside() else self.named).update(cards)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        trick = attrs.get("role") == "group" and attrs.get("aria-label") in PLAYED_LABELS
        if tag not in ("br", "img", "input", "meta", "link", "hr", "area", "col", "wbr", "source"):
            self._stack.append(self._inside() or trick)
        if attrs.get("data-card"):
            self._add([Card.parse(attrs["data-card"])])
        for name in ("aria-label", "title"):
            self._add(words_cards(attrs.get(name) or ""))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in ("br", "img", "input", "meta", "link", "hr", "area", "col", "wbr", "source"):
            self._stack.pop()

    def handle_endtag(self, tag):
        if self._stack:
            self._stack.pop()

    def handle_data(self, data):
        self._add(words_cards(data) | face_cards(data))


def words_cards(text: str) -> set[Card]:
    return {CARD_BY_WORDS[m.group(0)] for m in WORDS.finditer(text)}


def face_cards(text: str) -> set[Card]:
    match = BUTTON_FACE.match(text.strip())
    return {Card.parse(match.group(2) + match.group(1))} if match else set()


def cards_named(text: str) -> tuple[set[Card], set[Card]]:
    """(cards named outside the trick picture, cards inside it) in a text or HTML."""
    if "<" in text:
        parser = _CardNames()
        parser.feed(text)
        parser.close()
        return parser.named, parser.in_trick
    return words_cards(text) | face_cards(text), set()


# --- websocket frames and the widget states they carry ---------------------------------------

@dataclass
class Frames:
    """Every websocket frame the page received, in order, each with the time it came."""

    received: list[tuple[float, object]] = field(default_factory=list)
    sent: list[object] = field(default_factory=list)
    kernel_urls: list[str] = field(default_factory=list)

    def attach(self, page) -> Frames:
        def on_socket(ws):
            self.kernel_urls.append(ws.url)
            ws.on("framereceived", lambda payload: self.received.append((time.monotonic(), payload)))
            ws.on("framesent", lambda payload: self.sent.append(payload))
        page.on("websocket", on_socket)
        return self

    _decoded: list[dict] = field(default_factory=list)

    def messages(self, start: int = 0, end: int | None = None) -> list[tuple[int, dict]]:
        """The kernel messages decoded from frames[start:end], each with its frame index."""
        for _t, payload in self.received[len(self._decoded):]:
            self._decoded.append(decode(payload))
        stop = len(self._decoded) if end is None else min(end, len(self._decoded))
        return [(i, self._decoded[i]) for i in range(start, stop)]

    def states(self, end: int | None = None) -> list[tuple[int, str, dict]]:
        """(frame index, model id, state) for every widget state in frames[:end]."""
        return [(i, mid, state) for i, m in self.messages(0, end) for mid, state in widget_states(m)]

    def all_text(self) -> str:
        return "\n".join(strings(m) for _, m in self.messages())

    def all_text_before(self, end: int) -> str:
        """Every string in the frames received before frame ``end``."""
        return "\n".join(strings(m) for _, m in self.messages(0, end))


def decode(payload) -> dict | None:
    """One frame as a kernel message (JSON, or the v1 binary protocol of jupyter_server)."""
    if isinstance(payload, str):
        try:
            return json.loads(payload)
        except ValueError:
            return {"text": payload}
    data = bytes(payload)
    try:
        count = int.from_bytes(data[:8], "little")
        offsets = [int.from_bytes(data[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
        parts = [data[a:b] for a, b in zip(offsets, offsets[1:] + [len(data)])]
        names = ["header", "parent_header", "metadata", "content"]
        message = {"channel": parts[0].decode()}
        for name, part in zip(names, parts[1:5]):
            message[name] = json.loads(part.decode("utf-8"))
        message["buffers"] = [p.decode("utf-8", "replace") for p in parts[5:]]
        return message
    except (ValueError, IndexError, UnicodeDecodeError):
        return {"text": data.decode("utf-8", "replace")}


def strings(value) -> str:
    """Every string inside a decoded message, one per line."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "\n".join(strings(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return "\n".join(strings(v) for v in value)
    return ""


def widget_states(message: dict) -> list[tuple[str, dict]]:
    """(model id, state) pairs a message carries: comm_open, an update, or the manager's
    answer with every model's state at once."""
    content = message.get("content") or {}
    msg_type = (message.get("header") or {}).get("msg_type") or message.get("msg_type")
    data = content.get("data") or {}
    if msg_type == "comm_open":
        return [(content.get("comm_id"), data.get("state") or {})]
    if msg_type == "comm_msg":
        if data.get("method") == "update":
            return [(content.get("comm_id"), data.get("state") or {})]
        states = data.get("states")
        if isinstance(states, dict):
            return [(mid, (s or {}).get("state") or {}) for mid, s in states.items()]
    return []


MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]{32})")


def subtree(frames: Frames, root: str) -> set[str]:
    """Every model reachable from ``root`` in any state the page ever received."""
    children: dict[str, set[str]] = {}
    for _, message in frames.messages():
        for mid, state in widget_states(message):
            children.setdefault(mid, set()).update(MODEL_REF.findall(json.dumps(state)))
    seen, todo = set(), [root]
    while todo:
        mid = todo.pop()
        if mid not in seen:
            seen.add(mid)
            todo.extend(children.get(mid, ()))
    return seen


def roots_with_class(frames: Frames, css_class: str) -> list[str]:
    """Models whose DOM classes include ``css_class``, in the order the page first heard of them."""
    found = []
    for _, message in frames.messages():
        for mid, state in widget_states(message):
            if css_class in (state.get("_dom_classes") or ()) and mid not in found:
                found.append(mid)
    return found


def leaks(frames: Frames, hidden: set[Card], models: set[str] | None, end: int | None = None) -> list[str]:
    """Hidden cards named outside the trick picture in frames before ``end``; with ``models``,
    only in those widgets' states (other widgets on the page may show other deals)."""
    found = []
    for index, message in frames.messages(0, end):
        parts = widget_states(message)
        if models is not None:
            parts = [(mid, s) for mid, s in parts if mid in models]
        elif not parts:
            parts = [("", message)]
        for mid, state in parts:
            named, _ = cards_named(strings(state))
            bad = named & hidden
            if bad:
                found.append(f"frame {index} (model {mid[:8]}): {' '.join(sorted(str(c) for c in bad))}")
    return found


def page_leaks(html: str, hidden: set[Card]) -> set[Card]:
    named, _ = cards_named(html)
    return named & hidden


# --- pages ----------------------------------------------------------------------------------

def open_lesson(page, url: str, ready: str | None = None, limit: float = 120_000):
    """Open a lesson and wait until Voilà has run it and drawn its widgets."""
    response = page.goto(url, timeout=limit)
    assert response is not None and response.ok, f"{url} answered {response and response.status}"
    page.wait_for_selector("#rendered_cells", state="attached", timeout=limit)
    if ready:
        page.wait_for_selector(ready, timeout=limit)
    page.wait_for_load_state("networkidle", timeout=limit)
    assert ERROR_WORDS not in page.inner_text("body"), f"a cell of {url} failed in Voilà"
    return response


def kernel_of(page) -> str:
    """The id of the kernel the page's widgets talk to (from its websocket's address)."""
    found = [re.search(r"/api/kernels/([0-9a-f-]+)/channels", url) for url in page.frames_log.kernel_urls]
    ids = {m.group(1) for m in found if m}
    assert len(ids) == 1, f"the page talks to {len(ids)} kernels"
    return ids.pop()


def outside_requests(page, app_url: str) -> list[str]:
    """Every request and websocket of the page that went to another host than the app's."""
    own = urlsplit(app_url).netloc
    urls = list(page.requests_log) + list(page.frames_log.kernel_urls)
    return [url for url in urls if urlsplit(url).scheme in ("http", "https", "ws", "wss")
            and urlsplit(url).netloc != own]


def screenshot(page, name: str) -> Path:
    """The whole lesson as one picture, when MINIBRIDGE_SCREENSHOTS=1 asks for them (a picture
    of a long lesson takes a second of the CPU, and nobody looks at them in CI). Voilà scrolls
    inside #rendered_cells, so the window is made as tall as the lesson first."""
    path = SHOTS / f"{name}.png"
    if os.environ.get("MINIBRIDGE_SCREENSHOTS") != "1":
        return path
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("() => document.querySelector('#rendered_cells').scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": min(max(height + 40, size["height"]), 30000)})
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(size)
    return path


def part_screenshot(locator, name: str) -> Path:
    """A picture of one widget; the window is made big enough to hold all of it first."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page = locator.page
    size = page.viewport_size
    box = locator.bounding_box()
    page.set_viewport_size({"width": max(size["width"], int(box["width"]) + 40),
                            "height": max(size["height"], int(box["height"]) + 80)})
    try:
        locator.scroll_into_view_if_needed()
        locator.screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)
    return path


def card_of_button(button) -> Card:
    """The card a card button plays, from its tooltip (the card's name in words)."""
    return CARD_BY_WORDS[button.get_attribute("title")]


def trick_cards(scope) -> list[Card]:
    """The cards in the trick picture, in the order they were played."""
    group = scope.locator(f'[role="group"][aria-label="{TRICK_LABEL}"]').first
    return [Card.parse(c) for c in group.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")]


# --- playing at the MiniBridge table ----------------------------------------------------------

def numbered_deal_with_redeals(number: int) -> tuple[Deal, object]:
    """The deal and declarer the table plays for a deal number (thrown in at 20–20 and dealt
    again, as minibridge.numbered_deal says)."""
    deal, found, _redeals = minibridge.numbered_deal(number)
    return deal, found


def enabled_cards(table):
    """The cards of the hand to play (not those of the pupil's other hand, which waits)."""
    buttons = table.locator(".mb-card:not([disabled]):not(.mb-wait)")
    buttons.first.wait_for(timeout=CLICK_LIMIT)
    return [(b, card_of_button(b)) for b in buttons.all()]


def following(cards, led):
    """The cards that follow suit, or all of them when the player has none (or leads)."""
    if led is None:
        return cards
    same = [(b, c) for b, c in cards if c.suit is led.suit]
    return same or cards


def led_card(table) -> Card | None:
    """The card led to the trick in progress (None when the pupil leads a new trick)."""
    shown = trick_cards(table)
    return shown[0] if 0 < len(shown) < 4 else None


STRIP = {"x": 6, "y": 8}  # inside a card's visible strip: its top left corner (a fan covers the rest)


def click_card(button) -> None:
    """Click a card button where a pupil can: on the strip a fan leaves showing."""
    button.click(position=STRIP)


def play(page, button, keyboard: bool) -> None:
    """Play one card button (a click, or Tab-focus and Enter) and wait for the table to redraw."""
    handle = button.element_handle()
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        click_card(button)
    page.wait_for_function("el => !el.isConnected", arg=handle, timeout=CLICK_LIMIT)


def choose_contract(table, deal: Deal, declarer) -> minibridge.Contract:
    """As declarer, pick the coach's contract with the toggle buttons and start the play."""
    contract = minibridge.suggest_contract(deal[declarer], deal[declarer.partner]).contract
    symbol = "NT" if contract.denomination is None else contract.denomination.symbol
    table.get_by_role("button", name=symbol, exact=True).click()
    table.get_by_role("button", name="game" if contract.game else "partscore", exact=True).click()
    table.get_by_role("button", name="Play this contract").click()
    return contract


def tricks_done(table) -> int:
    """How many tricks the trick record shows (face-down cards labelled "trick N, ...")."""
    return table.locator('[aria-label^="trick "]').count()


def laid_out(page, limit: float = CLICK_LIMIT) -> None:
    """Wait until the browser has laid the page out again (two animation frames: after a resize).
    A tab that draws no frames fails the test after ``limit`` ms instead of hanging it."""
    page.evaluate("""limit => new Promise((done, failed) => {
        requestAnimationFrame(() => requestAnimationFrame(done));
        setTimeout(() => failed(new Error("the page drew no frame")), limit);
    })""", limit)


def next_change(locator, since: str, limit: float = CLICK_LIMIT) -> None:
    """Wait until what ``locator`` holds is no longer ``since`` (its inner HTML, read before),
    or it has been drawn anew in its place: the kernel's answer. Returns at once if it changed already."""
    locator.evaluate("""(el, [since, limit]) => new Promise((done, failed) => {
        const changed = () => !el.isConnected || el.innerHTML !== since;
        if (changed()) return done();
        const watch = new MutationObserver(() => { if (changed()) { watch.disconnect(); done(); } });
        watch.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
        setTimeout(() => { watch.disconnect(); failed(new Error("nothing changed")); }, limit);
    })""", [since, limit])


def kernel_answered(page, since: int, limit: float = CLICK_LIMIT) -> None:
    """Wait until the kernel has dealt with every message the page sent it after ``since`` (an
    index into ``page.frames_log.sent``): a kernel says "idle" for a message once it has sent
    everything that message drew, which may come in several parts (a prompt, then a picture)."""
    frames, end = page.frames_log, time.monotonic() + limit / 1000
    while True:
        asked = {m["header"]["msg_id"] for m in map(decode, frames.sent[since:])
                 if m and m.get("channel") == "shell" and "header" in m}
        done = {m.get("parent_header", {}).get("msg_id") for _, m in frames.messages()
                if m and m.get("header", {}).get("msg_type") == "status"
                and m.get("content", {}).get("execution_state") == "idle"}
        if asked and asked <= done:
            break
        assert time.monotonic() < end, "the kernel did not answer what the page sent"
        page.wait_for_timeout(50)
    laid_out(page)


# --- the classroom's projector: nothing wider than the window ------------------------------

SCREENS = [(1024, 768), (1280, 720)]

# Every widget drawn. Till Voilà's page has made a widget, its output box holds words (Voilà's
# "Loading widget...", which the page's script says in the page's language) and no element; a card table's box is then empty until its script has drawn
# it (and marked it mb-view). On a loaded machine lesson 17's page met the old test (every output
# box holds something) with all seven tables still "Loading widget...": a tap found no table.
WIDGETS_DRAWN = """() => [...document.querySelectorAll('#rendered_cells .jp-OutputArea-output')]
  .every(output => output.childElementCount > 0)
  && [...document.querySelectorAll('#rendered_cells .mb-table')]
  .every(table => table.classList.contains('mb-view') && table.childElementCount > 0)"""

# The page's sideways scroll; the outermost things that stick out past the window's right edge;
# boxes that scroll sideways inside themselves (an output or a widget too narrow for its picture).
TOO_WIDE = """() => {
  const width = window.innerWidth, found = [];
  const words = el => (el.innerText || '').replace(/\\s+/g, ' ').slice(0, 60);
  for (const el of document.querySelectorAll('#rendered_cells *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.right > width + 1 && el.parentElement.getBoundingClientRect().right <= width + 1)
      found.push(`${el.tagName.toLowerCase()} ${Math.round(box.right - width)} px past the edge: ${words(el)}`);
    if (['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      found.push(`${el.tagName.toLowerCase()} scrolls ${el.scrollWidth - el.clientWidth} px sideways: ${words(el)}`);
  }
  return {scroll: document.scrollingElement.scrollWidth - width, found};
}"""


def assert_fits_the_projector(page, name: str) -> None:
    page.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
    page.evaluate("() => document.fonts.ready")
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        laid_out(page)
        measured = page.evaluate(TOO_WIDE)
        where = f"{name} at {width}×{height}:\n" + "\n".join(measured["found"])
        assert measured["scroll"] <= 0, f"the page scrolls sideways: {where}"
        assert measured["found"] == [], where


# The accessibility audit (axe-core, which axe-playwright-python bundles), against WCAG 2.1 A and
# AA. axe's check that a control's name holds its visible label is still marked experimental,
# so it is asked for by name.
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
AXE_RULES = {"runOnly": {"type": "tag", "values": WCAG + ["experimental"]}, "resultTypes": ["violations"]}
SUITS = in_every_language(lambda: [say(f"suit_{s}") for s in ("spades", "hearts", "diamonds", "clubs")])
# What each card button shows in words (its corner; the big symbol and a hint's mark are hidden
# from screen readers) and the name a screen reader or a voice command uses.
CARD_NAMES = """() => [...document.querySelectorAll('button.mb-card')].map(b => {
  const shown = b.cloneNode(true);
  shown.querySelectorAll('[aria-hidden="true"]').forEach(e => e.remove());
  return [shown.textContent.replace(/\\s+/g, '').replace(/\\ufe0e/g, ''), b.getAttribute('aria-label')];
})"""


def serious_violations(page) -> list[str]:
    """The WCAG A/AA violations axe calls serious or critical on the page, one line each with its first element."""
    from axe_playwright_python.sync_playwright import Axe

    response = Axe().run(page, options=AXE_RULES).response
    return [f"{v['id']} ({v['impact']}) ×{len(v['nodes'])}: {v['nodes'][0]['html'][:160]}"
            for v in response["violations"]
            if set(v["tags"]) & set(WCAG) and v["impact"] in ("serious", "critical")]


# Every picture of a card (not a button): the card it shows, and its name.
CARD_PICTURES = """() => [...document.querySelectorAll('[data-card]:not(button)')].map(e => [e.dataset.card, e.getAttribute('aria-label')])"""
CARD_WORDS = in_every_language(lambda: {c.letters: render.card_words(c) for c in BRIDGE_PACK.cards})


def misnamed_cards(page, language: str) -> list[str]:
    """Every card a pupil can press is named, in the page's language, by what it shows and then
    in words ("K♥, king of hearts"), and every picture of a card by its words ("king of
    hearts", 「ハートのキング」): the cards that are not."""
    wrong = [f"a picture of {letters} is named {name!r}, not {CARD_WORDS[language][letters]!r}"
             for letters, name in page.evaluate(CARD_PICTURES) if name != CARD_WORDS[language][letters]]
    for face, name in page.evaluate(CARD_NAMES):
        if not (name or "").replace("\ufe0e", "").startswith(face):
            wrong.append(f"a card showing {face} is named {name!r}")
        elif not any(suit in name for suit in SUITS[language]):
            wrong.append(f"{name!r} is not in the page's language")
    return wrong


def sliders_drawn(page, lesson: str) -> None:
    """Wait for the lesson's chance labs' sliders (ipywidgets draws a slider a moment after the
    page's other widgets), and a moment more for their names (the lab's small widget that names
    them may come after the first slider; if it never does, the audit says which has none)."""
    import nbformat
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    notebook = nbformat.read(ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    labs = sum(cell.source.count("ChanceLab(") for cell in notebook.cells if cell.cell_type == "code")
    if not labs:
        return
    page.wait_for_function("n => document.querySelectorAll('.widget-slider [role=slider]').length >= n", arg=labs, timeout=60_000)
    try:
        page.wait_for_function("() => [...document.querySelectorAll('[role=slider]')].every(s => s.getAttribute('aria-label'))",
                               timeout=10_000)
    except PlaywrightTimeout:
        pass
