"""Every page for every pupil, on the app and on the website: the checks run on each page once
it is open in a tablet's tab (1180×820, touch on). axe-core's audit (WCAG 2.1 A and AA: no
serious or critical violation); the page's language as the page says it; every card named in the page's language (a card a pupil can
press by what it shows, then in words; a picture by its words); every control showing a finger
44 × 44 px of itself; and where the page has cards to press, a card played by keyboard alone
(Tab from the top of the page reaches the cards, the arrows move between them, Enter presses;
where a table first asks declarer for the contract, Tab reaches that table and the contract is
chosen by keyboard too) and a card played by a tap."""
from __future__ import annotations

from pathlib import Path

from app_pages import ROOT, SHOTS, in_every_language, misnamed_cards, serious_violations
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import exercises  # noqa: F401 (registers the exercises' words: say("ex_check"))
from cardlib import say
from cardlib.messages import plain

FINGER = 44  # px: the least a finger is sure to hit (WCAG 2.1, 2.5.5)
TABLET = {"viewport": {"width": 1180, "height": 820}, "has_touch": True}
TAPPABLE = (Path(__file__).parent / "tappable.js").read_text(encoding="utf-8")
# Every page of both editions: the contents pages and every lesson in the notebooks folder.
PAGES = [f"{edition}{p.stem}" for edition, folder in (("", ROOT / "notebooks"), ("ja/", ROOT / "notebooks" / "ja"))
         for p in sorted(folder.glob("[0-9][0-9]_*.ipynb"))]
# The widgets a pupil presses cards in: the card tables, and an exercise's card question (its
# cards, with the exercise's buttons around them).
CARD_WIDGETS = """() => {
  const tables = ".mb-minibridge-table, .mb-manille-table, .mb-trick-table, .mb-bidding-table, .mb-auction-table";
  const found = [];
  for (const view of document.querySelectorAll(".mb-view")) {
    const root = view.closest(tables) || (view.classList.contains("mb-exercise-cards") && view.parentElement);
    if (root && !found.includes(root) && (root.matches(tables) || view.querySelector("button.mb-card:not([disabled])")))
      found.push(root);
  }
  found.forEach((root, i) => root.dataset.audit = i);
  return found.length;
}"""
KEYS_LIMIT = 400  # Tab presses from the top of the page to the first card (a contents page has ~60 links)
FOCUSED_CARD = "() => { const b = document.activeElement; return b && b.matches('button.mb-card') ? b.dataset.card : null; }"
# A table asking the pupil for the contract before the first card: declarer choosing it (the
# trumps, partscore or game, "Play this contract"), the pupil's call in an auction (a number, a
# suit, "Bid" or "Pass"), or Manille's dealer naming trumps. Its choices are buttons showing
# whether they are pressed, and one button takes them (GO).
GO = ("contract", "bid", "name_trumps")
# What the table may ask next, before the play, and the button that answers without choosing: an
# auction's next call, Manille's "Tap?" (play on), three-player Manille's swap (of no card).
GO_ON = ("pass", "play_on", "swap")
ASKS_CONTRACT = ".mb-view:has(" + ", ".join(f"button[data-action={go}]" for go in GO) + ")"
# The focused control of a card widget: {action, value, pressed, words} (a card's action: "card"), or null.
FOCUSED = """() => {
  const b = document.activeElement;
  if (!b || !b.matches(".mb-view button")) return null;
  return {action: b.dataset.card ? "card" : b.dataset.action, value: b.dataset.card || b.dataset.value || "",
          pressed: b.getAttribute("aria-pressed") === "true", words: b.innerText.trim()};
}"""
# The choices of the table holding the focus, in the page's order: ["trumps", "level"].
CHOICES = """() => [...new Set([...document.activeElement.closest(".mb-view").querySelectorAll("button[aria-pressed]:not([data-card])")]
  .map(b => b.dataset.action))]"""
CHOICE_KEYS = 12  # Tab presses from one choice to the next (one: each choice is one Tab stop, as the hand is)
CALLS = 4  # the pupil's answers before the play: the contract (or a call), then GO_ON
# Wait until the view holding the card `card` has shown the press: the card played (gone from
# the pupil's cards, or not to be pressed again) or chosen (pressed); else fail with what the table says.
PRESSED = """([view, card, limit]) => new Promise((done, failed) => {
  const shown = () => {
    const b = [...view.querySelectorAll("button.mb-card")].find(b => b.dataset.card === card);
    return !b || b.disabled || b.getAttribute("aria-pressed") === "true";
  };
  if (shown()) return done();
  const watch = new MutationObserver(() => { if (shown()) { watch.disconnect(); done(); } });
  watch.observe(view, {subtree: true, childList: true, attributes: true, characterData: true});
  const said = () => ((view.querySelector("[role=status]") || {}).innerText || "").trim();
  setTimeout(() => { watch.disconnect(); failed(new Error("the card " + card + " was neither played nor chosen; the table says: " + JSON.stringify(said()))); }, limit);
})"""
# Wait until the page has a card to press and its card widgets have drawn nothing new for
# `quiet` ms: the computer's cards come one at a time (0.8 s apart, a finished trick stays 1.6 s).
SETTLED = """([quiet, limit]) => new Promise((done, failed) => {
  const ready = () => document.querySelector(".mb-view button.mb-card:not([disabled])");
  let still = null;
  const settle = () => { clearTimeout(still); still = setTimeout(() => { if (ready()) { watch.disconnect(); done(); } }, quiet); };
  const watch = new MutationObserver(settle);
  document.querySelectorAll(".mb-view").forEach(v => watch.observe(v, {subtree: true, childList: true, attributes: true, characterData: true}));
  settle();
  setTimeout(() => { watch.disconnect(); failed(new Error("no card to press came back after the first was played")); }, limit);
})"""
CHECK = in_every_language(lambda: plain(say("ex_check")))
NUMBER_BOX = in_every_language(lambda: plain(say("ex_number_placeholder")))
NEW_QUESTION = in_every_language(lambda: plain(say("ex_new")))
# The page's first practice (a quiz says "written down" and marks at its end): the box holding
# its card question's view, found from its "New question" button.
EXERCISE = """words => {
  const button = [...document.querySelectorAll("#rendered_cells button.jupyter-button")]
    .find(b => b.textContent.trim() === words && b.getClientRects().length);
  if (!button) return false;
  let box = button;
  while (box && !box.querySelector(".mb-exercise-cards")) box = box.parentElement;
  box.dataset.auditExercise = "";
  return true;
}"""
# The outermost pieces of feedback in right's green or wrong's red (a reading over a kanji inside them is theirs).
COLOURED = """box => {
  const coloured = e => ["rgb(27, 94, 32)", "rgb(183, 28, 28)"].includes(getComputedStyle(e).color);
  return [...box.querySelectorAll("[role=status] *")].filter(e => coloured(e) && !coloured(e.parentElement))
    .map(e => e.textContent.trim());
}"""
QUIET = 2000  # ms without a change: the table has finished answering


def edition(name: str) -> str:
    return "ja" if name.startswith("ja/") else "en"


def audit(tab, name: str) -> list[str]:
    """The page's serious and critical WCAG A/AA violations, its language if the page does not say
    it (WCAG 3.1.1: a screen reader reads the page in the language it says), and its cards not
    named by their face in its language."""
    said, language = tab.evaluate("document.documentElement.lang"), edition(name)
    wrong = [f"the page says it is in {said!r}, not {language!r}"] if said != language else []
    return serious_violations(tab) + wrong + misnamed_cards(tab, edition(name))


def card_widgets(tab) -> list:
    return [tab.locator(f"[data-audit='{i}']") for i in range(tab.evaluate(CARD_WIDGETS))]


def small_controls(tab, name: str, where: str) -> tuple[int, list[str]]:
    """How many controls the page has (links in its text aside), and those that show a finger
    less than 44 × 44 px of themselves. A picture of the first card widget, if any."""
    assert tab.evaluate("matchMedia('(pointer: coarse)').matches"), "the tablet has no touch screen"
    measured = tab.locator("#rendered_cells").evaluate(TAPPABLE)
    widgets = card_widgets(tab)
    if widgets:
        widgets[0].evaluate("e => e.scrollIntoView({block: 'start'})")
        SHOTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(SHOTS / f"{where}-touch-{name.replace('/', '-')}-1180x820.png"))
    return len(measured), [f"{c['what']}: {c['w']}×{c['h']} px" for c in measured if min(c["w"], c["h"]) < FINGER]


def play_by_keyboard(tab, limit: float) -> str | None:
    """From the top of the page, Tab to the first card, or to the first table asking for the
    contract (then choose it by keyboard); the arrows move to the next card and back; Enter
    presses it. The card pressed (after the contract chosen, if any), or None when the page has
    no card to press."""
    if not tab.locator(f".mb-view button.mb-card:not([disabled]), {ASKS_CONTRACT}").count():
        return None
    tab.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    tab.locator("body").evaluate("b => b.focus()")
    for _ in range(KEYS_LIMIT):
        tab.keyboard.press("Tab")
        asking = tab.evaluate(f"() => !!document.activeElement.closest('{ASKS_CONTRACT}')")
        if asking or tab.evaluate(FOCUSED_CARD):
            break
    else:
        raise AssertionError(f"{KEYS_LIMIT} presses of Tab did not reach a card or a table asking for the contract")
    contract = choose_contract_by_keyboard(tab, limit) if asking else ""
    card = tab.evaluate(FOCUSED_CARD)
    view = tab.evaluate_handle("() => document.activeElement.closest('.mb-view')")
    others = view.evaluate("v => v.querySelectorAll('button.mb-card:not([disabled])').length")
    if others > 1:
        tab.keyboard.press("ArrowRight")
        assert tab.evaluate(FOCUSED_CARD) not in (None, card), "the right arrow did not move to the next card"
        tab.keyboard.press("ArrowLeft")
        assert tab.evaluate(FOCUSED_CARD) == card, "the left arrow did not come back to the card"
    tab.keyboard.press("Enter")
    tab.evaluate(PRESSED, [view, card, limit])
    return f"{contract}, then {card}" if contract else card


def choose_contract_by_keyboard(tab, limit: float) -> str:
    """With the focus on the first choice of a table asking for the contract (the trumps, or a
    bid's number): the right arrow moves to its next option, Enter presses it; Tab goes on to the
    next choice (partscore or game, a bid's suit), the right arrow, Space presses it; Tab to "Play
    this contract" or "Bid", Enter. The table is drawn again after each press and the focus stays
    on what was pressed. The table may ask more before the play (the auction's next call,
    Manille's "Tap?"), the focus on one of its buttons: Tab to the answer that goes on ("Pass",
    "Play on"), Enter. Then the focus comes to a card to play, with no Tab. The contract (or
    first bid) chosen, in the buttons' words, and how many keys it took from the first choice."""
    keys = []  # every key pressed
    choices = tab.evaluate(CHOICES)
    first = tab.evaluate(FOCUSED)
    assert choices and first and first["action"] == choices[0], f"Tab reached {first and first['words']!r} before the choices {choices}"
    chosen = []
    for i, choice in enumerate(choices):
        start = first if i == 0 else tab_to(tab, (choice,), keys)
        press(tab, "ArrowRight", keys)
        option = tab.evaluate(FOCUSED)
        assert option and option["action"] == choice and option["value"] != start["value"], \
            f"the right arrow did not move from {start['words']!r} to the next option: the focus is on {option and option['words']!r}"
        press(tab, "Space" if i % 2 else "Enter", keys)
        want = f'button[data-action="{choice}"][data-value="{option["value"]}"][aria-pressed=true]'
        wait_until(tab, "want => document.activeElement && document.activeElement.matches(want)", want, limit,
                   f"{option['words']!r} pressed: the focus did not stay on it, pressed")
        chosen.append(option["words"])
    go = tab_to(tab, GO, keys)
    view = tab.evaluate_handle("() => document.activeElement.closest('.mb-view')")
    for _ in range(CALLS):
        view.evaluate("v => v.firstElementChild.dataset.auditBefore = ''")  # gone once the table is drawn again
        press(tab, "Enter", keys)
        wait_until(tab, "v => !v.querySelector('[data-audit-before]')", view, limit, f"{go['words']!r} pressed: nothing changed")
        if view.evaluate("v => !!v.querySelector('button.mb-card')"):  # the play has begun
            wait_until(tab, "() => document.activeElement && document.activeElement.matches('button.mb-card:not([disabled])')",
                       None, limit, f"after {go['words']!r} the focus did not come to a card to play")
            return f"{' '.join(chosen)} in {len(keys)} keys"
        asked = tab.evaluate(FOCUSED)
        assert asked, f"after {go['words']!r} the table asks something more and the focus has left it"
        go = tab_to(tab, GO_ON, keys)
    raise AssertionError(f"the table still asks after {CALLS} answers")


def tab_to(tab, actions: tuple[str, ...], keys: list[str]) -> dict:
    """Press Tab (counted in ``keys``) until the focus is on a control of the table doing one of
    ``actions`` (if it is not there already): that control."""
    focused = tab.evaluate(FOCUSED)
    for _ in range(CHOICE_KEYS):
        if focused and focused["action"] in actions:
            return focused
        press(tab, "Tab", keys)
        focused = tab.evaluate(FOCUSED)
    raise AssertionError(f"{CHOICE_KEYS} presses of Tab did not reach the table's {' or '.join(actions)!r} buttons")


def press(tab, key: str, keys: list[str]) -> None:
    """Press a key, and write it down in ``keys``."""
    tab.keyboard.press(key)
    keys.append(key)


def wait_until(tab, predicate: str, arg, limit: float, failure: str) -> None:
    """Wait until ``predicate(arg)`` is true in the page (the table drawn again meanwhile); else fail with ``failure``."""
    try:
        tab.wait_for_function(predicate, arg=arg, timeout=limit, polling=100)
    except PlaywrightTimeout:
        raise AssertionError(failure) from None


def play_by_tap(tab, limit: float, after: str | None) -> str | None:
    """Once the table has answered the card played ``after`` (if any), tap the first card the
    pupil may play and can see (on the strip the next card of a fan leaves showing) and see it
    played or chosen. The card tapped, or None when the page has no card to press."""
    if after is None and not tab.locator(".mb-view button.mb-card:not([disabled]):visible").count():
        return None
    tab.evaluate(SETTLED, [QUIET if after else 0, limit])
    # not a card already chosen (by the keyboard), nor one of a part of the page closed (a game
    # of lesson 17 the pupil has not opened)
    free = ":not([disabled]):not([aria-pressed=true]):visible"
    playable = tab.locator(f".mb-view button.mb-playable{free}")
    card = (playable if playable.count() else tab.locator(f".mb-view button.mb-card{free}")).first
    letters = card.get_attribute("data-card")
    view = card.evaluate_handle("b => b.closest('.mb-view')")
    card.scroll_into_view_if_needed()
    card.tap(position={"x": 10, "y": 12})
    tab.evaluate(PRESSED, [view, letters, limit])
    return letters


def feedback_in_words(tab, name: str, limit: float) -> str | None:
    """Answer the page's first practice (its first choice, the first card, or "1") and check it:
    the feedback, coloured right or wrong, says so with a mark and words too (✔, ✘), never by
    colour alone. The feedback's first words, or None when the page has no practice."""
    if not tab.evaluate(EXERCISE, NEW_QUESTION[edition(name)]):
        return None
    box = tab.locator("[data-audit-exercise]")
    choice, card = box.locator(".widget-toggle-button:visible"), box.locator("button.mb-card:not([disabled])")
    number = box.get_by_placeholder(NUMBER_BOX[edition(name)])
    if choice.count():
        choice.first.click()
    elif box.locator(".widget-dropdown select:visible").count():
        box.locator(".widget-dropdown select:visible").first.select_option(index=1)
    elif card.count():
        card.first.click(position={"x": 10, "y": 12})
    elif number.count() and number.first.is_visible():
        number.first.fill("1")
    box.locator("button.jupyter-button", has_text=CHECK[edition(name)]).first.click()
    box.locator("[role=status]").first.wait_for(timeout=limit)
    coloured = box.evaluate(COLOURED)
    assert coloured, f"the feedback is in neither right's nor wrong's colour: {box.locator('[role=status]').first.inner_text()}"
    unmarked = [words for words in coloured if not words.startswith(("✔", "✘"))]
    assert unmarked == [], f"feedback told by colour alone: {unmarked}"
    return coloured[0][:12]


def every_check(tab, name: str, where: str, limit: float) -> list[str]:
    """Everything above on one open page of the app or the site (``where``): what is wrong, one
    line each. What was checked is printed (pytest shows it with a failure, or with -s)."""
    problems = audit(tab, name)
    controls, small = small_controls(tab, name, where)
    problems += small
    played = {}
    try:
        played["by keyboard alone"] = play_by_keyboard(tab, limit)
    except Exception as error:  # noqa: BLE001 (a failed wait says what was not done)
        problems.append(f"by keyboard alone: {str(error).splitlines()[0]}")
    try:
        played["by a tap"] = play_by_tap(tab, limit, played.get("by keyboard alone"))
    except Exception as error:  # noqa: BLE001
        problems.append(f"by a tap: {str(error).splitlines()[0]}")
    try:
        played["feedback"] = feedback_in_words(tab, name, limit)
    except Exception as error:  # noqa: BLE001
        problems.append(f"an exercise's feedback: {str(error).splitlines()[0]}")
    print(f"{where} {name}: {len(card_widgets(tab))} card widgets, {controls} controls measured, "
          f"played {played}, {len(problems)} problems")
    return problems
