"""Every page for every pupil, on the app and on the website: the checks run on each page once
it is open in a tablet's tab (1180×820, touch on). axe-core's audit (WCAG 2.1 A and AA: no
serious or critical violation); every card named in the page's language (a card a pupil can
press by what it shows, then in words; a picture by its words); every control showing a finger
44 × 44 px of itself; and where the page has cards to press, a card played by keyboard alone
(Tab from the top of the page reaches the cards, the arrows move between them, Enter presses)
and a card played by a tap."""
from __future__ import annotations

from pathlib import Path

from app_pages import ROOT, SHOTS, in_every_language, misnamed_cards, serious_violations

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
# Wait until the view holding the card `card` has shown the press: the card played (gone from
# the pupil's cards, or not to be pressed again) or chosen (pressed).
PRESSED = """([view, card, limit]) => new Promise((done, failed) => {
  const shown = () => {
    const b = [...view.querySelectorAll("button.mb-card")].find(b => b.dataset.card === card);
    return !b || b.disabled || b.getAttribute("aria-pressed") === "true";
  };
  if (shown()) return done();
  const watch = new MutationObserver(() => { if (shown()) { watch.disconnect(); done(); } });
  watch.observe(view, {subtree: true, childList: true, attributes: true, characterData: true});
  setTimeout(() => { watch.disconnect(); failed(new Error("the card " + card + " was neither played nor chosen")); }, limit);
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
    """The page's serious and critical WCAG A/AA violations, and its cards not named by their face in its language."""
    return serious_violations(tab) + misnamed_cards(tab, edition(name))


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
    """From the top of the page, Tab to the first card; the arrows move to the next card and back;
    Enter presses it. The card pressed, or None when the page has no card to press."""
    if not tab.locator(".mb-view button.mb-card:not([disabled])").count():
        return None
    tab.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    tab.locator("body").evaluate("b => b.focus()")
    for _ in range(KEYS_LIMIT):
        tab.keyboard.press("Tab")
        card = tab.evaluate(FOCUSED_CARD)
        if card:
            break
    else:
        raise AssertionError(f"{KEYS_LIMIT} presses of Tab did not reach a card")
    view = tab.evaluate_handle("() => document.activeElement.closest('.mb-view')")
    others = view.evaluate("v => v.querySelectorAll('button.mb-card:not([disabled])').length")
    if others > 1:
        tab.keyboard.press("ArrowRight")
        assert tab.evaluate(FOCUSED_CARD) not in (None, card), "the right arrow did not move to the next card"
        tab.keyboard.press("ArrowLeft")
        assert tab.evaluate(FOCUSED_CARD) == card, "the left arrow did not come back to the card"
    tab.keyboard.press("Enter")
    tab.evaluate(PRESSED, [view, card, limit])
    return card


def play_by_tap(tab, limit: float, after: str | None) -> str | None:
    """Once the table has answered the card played ``after`` (if any), tap the first card the
    pupil may play (on the strip the next card of a fan leaves showing) and see it played or
    chosen. The card tapped, or None when the page has no card to press."""
    if after is None and not tab.locator(".mb-view button.mb-card:not([disabled])").count():
        return None
    tab.evaluate(SETTLED, [QUIET if after else 0, limit])
    free = ":not([disabled]):not([aria-pressed=true])"  # not a card already chosen (by the keyboard)
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
