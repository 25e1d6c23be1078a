"""The app in a real browser: every lesson opens with text and widgets only (no code, no
error), the contents page leads to the lessons, and the projector option makes things big.
No page asks another host for anything. The pupils' app shows no teacher's notes or teacher
mode, and no file path, traceback or Python repr once a name is typed; nor does the projector
(the class screen): the teacher's notes are on the teacher's own screen (``tasks.py app
--teacher``). On the class screen every page of both editions fits the projector, 1024×768 and
1280×720, with nothing wider than the window: nobody scrolls sideways to see the end of a deal,
a score pad, a table of numbers, a dropdown or an exercise. With MINIBRIDGE_SCREENSHOTS=1 each
page is photographed into test-output/screenshots/."""
from __future__ import annotations

import json
import re

import pytest
from app_pages import (ROOT, SCREENS, in_every_language, assert_fits_the_projector, card_of_button,
                       open_lesson, outside_requests, screenshot)
from app_server import tasks
from playwright.sync_api import expect

from cardlib import render, say
from cardlib.messages import plain

import card_tables  # noqa: F401  (registers the tables' words: TEACHER_MODE below)
from exercises import starting
from exercises.course import COURSE
from exercises.glossary import terms_taught_in

NOTEBOOKS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
# Both editions on the class screen: the Japanese pages (notebooks/ja/) have longer words in other fonts.
PAGES = NOTEBOOKS + sorted(f"ja/{p.stem}" for p in (ROOT / "notebooks" / "ja").glob("[0-9][0-9]_*.ipynb"))
LAPTOP = {"width": 1366, "height": 768}
# The laptop app differs from the class screen's app in its scale and the presenter's cells, not
# in a lesson's cells: every page is checked on the class screen, and these on the laptop app
# (the contents page, a MiniBridge table, the chance lab's pictures).
ON_THE_LAPTOP = ("00_contents", "12_a_whole_hand", "18_chance_and_cards")
TEACHER_MODE = tuple(in_every_language(lambda: say("table_teacher_mode")).values())
# What a pupil must never read: the machine's insides.
INSIDES = ("Traceback", "object at 0x", "<cardlib", "<exercises", "/root", "/home", "/tmp", ".py", str(ROOT))

ICON_FONT_LOADED = """async () => {
  await document.fonts.ready;
  return [...document.fonts].some(f => f.family.includes("Font Awesome") && f.status === "loaded");
}"""


def teacher_lines(notebook: str) -> list[str]:
    """The first line of each markdown cell tagged for the teacher, as the page shows it, or the
    first of 8 characters or more when it is a short label ("**Deals**" under the teacher section's
    plan: ディール is also a word of the pupils' text)."""
    cells = json.loads((ROOT / "notebooks" / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    lines = []
    for cell in cells:
        if cell["cell_type"] == "markdown" and tasks.TEACHER_TAG in cell.get("metadata", {}).get("tags", []):
            shown = []
            for line in "".join(cell["source"]).strip().splitlines():
                line = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line)  # [words](link) -> words
                line = re.sub(r"^(#+|[-*]|\d+\.)\s+", "", line.strip())  # a heading's or a list's marker
                shown.append(line.replace("**", "").replace("`", "").strip())
            lines.append(next((line for line in shown if len(line) >= 8), shown[0]))
            # and the answers to "Ask the class", which the class screen must not give away
            lines += ["Answer: " + m.group(1).replace("**", "").strip() for m in
                      re.finditer(r"Answer: (.{8,}?)\.?$", "".join(cell["source"]), re.M)]
    return lines


NAME_BOXES = in_every_language(lambda: plain(say("ex_name_placeholder")))
GREETINGS = in_every_language(lambda: re.split("[!！]", plain(say("ex_hello", name="Sam")))[0])  # "Hello Sam"


def say_your_name(page, notebook: str) -> None:
    """Type a name in the lesson's first exercise, as a pupil does first: the exercise greets."""
    edition = "ja" if notebook.startswith("ja/") else "en"
    box = page.get_by_placeholder(NAME_BOXES[edition])
    if box.count() and box.first.is_visible():
        box.first.fill("Sam")
        box.first.press("Enter")
        expect(page.get_by_text(GREETINGS[edition]).first).to_be_visible(timeout=20_000)


def shows_a_pupils_page(page, notebook: str) -> None:
    """The icons' font loaded, and once a name is typed nothing of the machine's insides shown."""
    if page.locator("i.fa:visible").count():  # the buttons' icons: Font Awesome, from this server (a browser loads a font only for text it shows)
        assert page.evaluate(ICON_FONT_LOADED), "the icons' font did not load"
    say_your_name(page, notebook)
    seen = page.inner_text("body")
    assert [word for word in INSIDES if word in seen] == [], "the page shows the machine's insides"


def code_lines(notebook: str) -> list[str]:
    """Distinctive lines of the lesson's code cells (imports and calls a pupil must not see)."""
    cells = json.loads((ROOT / "notebooks" / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    lines = []
    for cell in cells:
        if cell["cell_type"] == "code":
            lines += [line.strip() for line in "".join(cell["source"]).splitlines()
                      if line.strip().startswith(("from ", "import ", "assert "))]
    return lines


def no_code_nor_teachers_notes(page, served, notebook: str, response) -> str:
    """The lesson's text: a title, no code, nothing asked of another host, and (both screens are
    the pupils': the projector is the class screen) no teacher's notes, no answers to "Ask the
    class", no teacher mode, neither on the page nor in what it was sent."""
    text = page.inner_text("#rendered_cells")
    assert re.search(r"\w", text), "the lesson page is empty"
    assert page.locator("#rendered_cells h1").count() >= 1, "the lesson has no title"
    shown = [line for line in code_lines(notebook) if line in text]
    assert shown == [], f"code is visible to pupils: {shown[:3]}"
    assert page.locator(".jp-InputArea-editor, .CodeMirror, .cm-editor").count() == 0
    assert outside_requests(page, served.url) == [], "the page asked another host"
    teacher = teacher_lines(notebook)
    html = page.content() + response.text()
    assert [line for line in teacher if line in text or line in html] == [], "the teacher's notes are sent"
    sent = html + page.frames_log.all_text()
    assert [words for words in TEACHER_MODE if words in sent] == [], "the page offers teacher mode"
    return text


@pytest.mark.parametrize("notebook", ON_THE_LAPTOP)
def test_lessons_on_the_laptop_show_text_and_widgets_but_no_code(app, page, notebook):
    page.set_viewport_size(LAPTOP)
    response = open_lesson(page, app.lesson(notebook))
    no_code_nor_teachers_notes(page, app, notebook, response)
    shows_a_pupils_page(page, notebook)
    screenshot(page, f"{notebook}-normal")


@pytest.mark.parametrize("notebook", PAGES)
def test_every_page_on_the_class_screen_shows_no_code_and_fits_the_projector(projector_app, page, notebook):
    # One page load checks both: what the class screen shows, and that it fits 1024×768 and 1280×720.
    page.set_viewport_size({"width": SCREENS[0][0], "height": SCREENS[0][1]})
    response = open_lesson(page, projector_app.lesson(notebook))
    no_code_nor_teachers_notes(page, projector_app, notebook, response)
    shows_a_pupils_page(page, notebook)  # the greeting too must fit
    assert_fits_the_projector(page, notebook)
    screenshot(page, f"{notebook.replace('/', '-')}-projector")


def test_while_a_lesson_starts_the_pupil_reads_how_far_it_got_in_the_pages_language_never_a_file_name(app, page):
    """Voilà said "Running 05_choosing_the_contract..." and "Executing 3 of 40", in English on the
    Japanese pages too; the lesson's kernel starts when the page asks (no kernel is kept ready
    for lesson 5), so the page says how the start goes for a few seconds."""
    words = starting.words("ja")
    step = re.compile(re.escape(words["step"]).replace(r"\{steps\}", r"\d+").replace(r"\{step\}", r"\d+"))
    page.goto(app.lesson("ja/05_choosing_the_contract"), wait_until="commit")
    said = page.locator("#loading_text")
    expect(said).to_have_text(re.compile(f"^({re.escape(words['starting'])}|{step.pattern})$"), timeout=60_000)
    assert "05_choosing" not in said.inner_text()
    page.wait_for_selector("#rendered_cells", timeout=120_000)
    assert "Executing" not in page.inner_text("body")


ENGLISH_IN_A_BOX = """{
  window.englishSeen = [];
  const look = () => {
    for (const box of document.querySelectorAll(".jp-OutputArea-output"))
      if (/Loading widget|Error displaying/.test(box.textContent)) window.englishSeen.push(box.textContent);
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def test_a_japanese_pages_widgets_say_they_are_getting_ready_in_japanese(app, page):
    """Voilà writes "Loading widget..." in each widget's box until the widget is drawn, in English
    on the Japanese pages too. No frame of the Japanese lesson 12 (its card tables, quiz) shows it,
    and a box Voilà gives those words says the page's own instead."""
    words = starting.words("ja")
    page.add_init_script(ENGLISH_IN_A_BOX)
    open_lesson(page, app.lesson("ja/12_a_whole_hand"), ready=".mb-table")
    for english, ours in starting.VOILAS.items():
        said = page.evaluate("""english => {
            const box = document.createElement("div");
            box.className = "jp-OutputArea-output";
            document.querySelector("#rendered_cells").append(box);
            box.textContent = english;
            return new Promise(done => setTimeout(() => done(box.textContent), 0));
        }""", english)
        assert said == words[ours]
    assert page.evaluate("() => window.englishSeen") == []


def test_contents_page_lists_every_lesson_and_its_links_open_them(app, page):
    open_lesson(page, app.lesson("00_contents"))
    links = page.locator("#rendered_cells a[href$='.ipynb']")
    targets = [href.split("/")[-1] for href in links.evaluate_all("els => els.map(a => a.getAttribute('href'))")]
    written = {f"{n}.ipynb" for n in NOTEBOOKS if not n.startswith("00_")} & {f"{c.notebook}.ipynb" for c in COURSE}
    assert written <= set(targets), "the contents page links every lesson written so far"
    # The rulings' sentences read from the left, as a page does (JupyterLab sets a table's cells to the right)
    aligned = page.locator("#rendered_cells table:has(th[scope=row]) td").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c).textAlign)")
    assert aligned and set(aligned) == {"left"}, aligned
    page.get_by_role("link", name=re.compile(r"^Lesson 2\b")).first.click()
    page.wait_for_url("**/voila/render/02_*.ipynb")
    open_lesson(page, page.url)
    assert page.locator("#rendered_cells h1").first.inner_text().startswith("Lesson 2")
    assert outside_requests(page, app.url) == [], "the contents page asked another host"


def sizes(page) -> dict[str, float]:
    """How big things are drawn: a card button on the table, a card picture in the talk, the lesson's body text."""
    button = page.locator(".mb-card:visible").first
    button.wait_for()
    return {
        "card button": button.bounding_box()["height"],
        "card picture": page.locator("[data-card]:visible").first.bounding_box()["height"],
        "text": page.locator(".jp-RenderedMarkdown p").first.evaluate("p => parseFloat(getComputedStyle(p).fontSize)"),
        "button text": button.evaluate("b => parseFloat(getComputedStyle(b).fontSize)"),
        "card": card_of_button(button),
    }


def test_projector_option_draws_cards_and_text_bigger(app, projector_app, chromium):
    measured = {}
    for name, served in (("normal", app), ("projector", projector_app)):
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            # deal A, which the class plays (the class screen shows it, not deal B "if time"): the pupil leads
            open_lesson(page, served.lesson("11_defending"), ready=".mb-card:visible")
            measured[name] = sizes(page)
        finally:
            context.close()
    normal, big = measured["normal"], measured["projector"]
    assert normal["card"] == big["card"], "both servers show the same deal"
    assert big["card button"] >= 1.9 * normal["card button"], f"table: {normal['card button']}px normal, {big['card button']}px projector"
    # The talk's pictures grow less than the table (render.TALK), which nearly fills the class screen.
    talk = 2 * render.TALK
    assert talk * 1.05 * normal["card picture"] >= big["card picture"] >= talk * 0.95 * normal["card picture"], (
        f"card picture: {normal['card picture']}px normal, {big['card picture']}px projector")
    assert big["text"] >= 1.5 * normal["text"] and big["button text"] >= 1.5 * normal["button text"]


def test_the_class_screen_keeps_each_answer_folded_until_the_teacher_clicks(projector_app, page):
    open_lesson(page, projector_app.lesson("01_tricks"))
    box = page.locator(".mb-new-words")
    expect(box).to_be_visible()
    assert [term.word for term in terms_taught_in(1)] == box.locator("b").all_inner_texts()
    answers = page.locator("#rendered_cells details")
    assert answers.count() >= 4
    assert answers.evaluate_all("all => all.filter(d => d.open).length") == 0, "an answer is open on the class screen"
    first = answers.first
    hidden = first.locator("p").first
    expect(hidden).to_be_hidden()
    first.locator("summary").click()
    expect(hidden).to_be_visible()
    assert answers.evaluate_all("all => all.filter(d => d.open).length") == 1, "one click opens one answer"


@pytest.mark.parametrize("notebook, heading, shown", [("21_duplicate", "Before we start", True),
                                                      ("ja/21_duplicate", "はじめる前に", False)])
def test_the_class_screen_leaves_out_a_pre_check_only_where_the_editions_plan_does(projector_app, page, notebook, heading, shown):
    """Lesson 21's pre-check: the 50-minute English class does it; a 45-minute Japanese class does
    not (its page says so), so the Japanese class screen leaves it out, as it leaves out practice."""
    page.set_viewport_size({"width": SCREENS[0][0], "height": SCREENS[0][1]})
    open_lesson(page, projector_app.lesson(notebook))
    title = page.locator("#rendered_cells h2", has_text=heading)
    expect(title).to_have_count(1)
    if shown:
        expect(title).to_be_visible()
    else:
        expect(title).to_be_hidden()
