"""A lesson where the class chooses one game (lesson 17, "More Manille") reads as one game on a
pupil's own page, in both editions: the common part, then each game closed under its name (a
button); opening one, by a tap or the keyboard, shows its rules and its table and closes the one
open before; the one opened is open again after a reload. What the pupil can read is the common
part and one game (the way tests/lessons/test_lesson_length.py measures a lesson with a choice),
not all six. The same wherever a pupil opens the lesson: the app, Voilà on a school's Jupyter
server (the teachers' guide's settings) and the website, by one script (the page template's
one_choice.html) over the tags in the lesson's own file. Screenshots at 1024×768 and 1366×768
with MINIBRIDGE_SCREENSHOTS=1."""
from __future__ import annotations

import os
import re
import sys

import nbformat
import pytest
from app_pages import ROOT, SHOTS, WIDGETS_DRAWN, laid_out, open_lesson

sys.path.insert(0, str(ROOT / "tests" / "lessons"))
from test_notebooks import japanese_characters, plain_words, pupil_paths  # noqa: E402  (the lessons' own measure)

LESSON = "17_more_manille"

# Each markdown cell of the page: its text (readings and heading links left out, a closed
# answer counted: the lessons' measure counts it), whether it is on the page now, and the game
# it belongs to ("" for the common part).
MARKDOWN = """() => [...document.querySelectorAll('#rendered_cells .jp-MarkdownCell')].map(cell => {
  const copy = cell.cloneNode(true);
  copy.querySelectorAll('rt, rp, .anchor-link').forEach(e => e.remove());
  const markdown = cell.querySelector('.jp-RenderedMarkdown');
  const pick = [...markdown.classList].find(c => c.startsWith('celltag_pick_'));
  return {text: copy.textContent, shown: cell.checkVisibility(), game: pick ? pick.slice(13) : ''};
})"""

NAMES = "buttons => buttons.map(b => { const c = b.cloneNode(true); c.querySelectorAll('rt, rp').forEach(e => e.remove()); return c.textContent; })"


def measure(text: str, japanese: bool) -> int:
    """Words, or in Japanese characters less spaces (the lessons' measure of pupil text)."""
    return len(re.sub(r"\s", "", text)) if japanese else len(text.split())


def games_of(edition: str) -> dict[str, str]:
    """Each game's path and title (its heading), in the notebook's order."""
    cells = nbformat.read(ROOT / "notebooks" / edition / f"{LESSON}.ipynb", as_version=4).cells
    titles: dict[str, str] = {}
    for cell in cells:
        path = cell.metadata.get("path")
        if path and path not in titles:
            heading = cell.source.splitlines()[0].removeprefix("## ")
            titles[path] = re.sub(r"<rp>.*?</rp>|<rt>.*?</rt>|<[^>]+>", "", heading)
    return titles


def path_measures(edition: str) -> list[int]:
    """What the lessons' test counts for each game's path: the common part and that game."""
    count = japanese_characters if edition else (lambda text: len(plain_words(text).split()))
    return [sum(count(m) for m in path) for path in pupil_paths(f"{edition}{LESSON}")]


def shot(page, name: str) -> None:
    """What the pupil's screen shows now (with MINIBRIDGE_SCREENSHOTS=1)."""
    if os.environ.get("MINIBRIDGE_SCREENSHOTS") == "1":
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def shown_games(page) -> set[str]:
    """The games whose text under their heading is on the page."""
    games: dict[str, list[bool]] = {}
    for cell in page.evaluate(MARKDOWN):
        if cell["game"]:
            games.setdefault(cell["game"], []).append(cell["shown"])
    return {game for game, shown in games.items() if any(shown[1:])}


@pytest.mark.parametrize("edition, width", [("", 1024), ("ja/", 1366)], ids=["en-1024", "ja-1366"])
def test_a_pupils_page_of_lesson_17_shows_one_game_at_a_time(app, chromium, edition, width):
    japanese = bool(edition)
    games = games_of(edition)
    paths = list(games)
    context = chromium.new_context(viewport={"width": width, "height": 768}, has_touch=True)
    page = context.new_page()
    try:
        open_lesson(page, app.lesson(f"{edition}{LESSON}"))
        page.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
        laid_out(page)
        buttons = page.locator("button.mb-pick")
        # each game closed under its name: a button for each, none open, no game's table
        names = buttons.evaluate_all(NAMES)
        assert [re.sub(r"\s", "", t) for t in names] == [re.sub(r"\s", "", t) for t in games.values()]
        assert [b.get_attribute("aria-expanded") for b in buttons.all()] == ["false"] * len(games)
        assert shown_games(page) == set()
        common_tables = page.locator(".mb-table:visible").count()  # the fast finishers' match, below the games
        buttons.first.scroll_into_view_if_needed()
        shot(page, f"app-17-games-closed-{'ja' if japanese else 'en'}-{width}x768")

        # a tap opens a game: its rules and its table, and no other game's
        buttons.nth(2).tap()
        expect_open(page, paths[2])
        assert page.locator(".mb-table:visible").count() == common_tables + 1, "one game's table"
        shot(page, f"app-17-one-game-{'ja' if japanese else 'en'}-{width}x768")

        # what the pupil can read is the common part and one game, not the six
        cells = page.evaluate(MARKDOWN)
        shown = sum(measure(c["text"], japanese) for c in cells if c["shown"])
        whole = sum(measure(c["text"], japanese) for c in cells)
        game = sum(measure(c["text"], japanese) for c in cells if c["game"] == paths[2])
        common = sum(measure(c["text"], japanese) for c in cells if not c["game"])
        closed_names = sum(measure(c["text"], japanese) for c in cells if c["game"] not in ("", paths[2]) and c["shown"])
        assert shown == common + game + closed_names, "all the common part and the game chosen are on the page"
        assert closed_names <= 0.1 * shown, "of the other games, only their names and one line each"
        expected = path_measures(edition)[2]  # the lessons' own count of this path
        print(f"{edition or 'en/'}{LESSON}: {shown} {'characters' if japanese else 'words'} on the page with one game open "
              f"({closed_names} of them the other games' names; its path: {expected}; all six games: {whole})")
        assert 0.85 * expected <= shown - closed_names <= 1.15 * expected, (shown, closed_names, expected)
        assert shown < 0.6 * whole, (shown, whole)

        # the keyboard opens another game, and the first closes
        buttons.nth(5).focus()
        page.keyboard.press("Enter")
        expect_open(page, paths[5])

        # after a reload the game opened is open again
        page.reload()
        page.wait_for_selector("button.mb-pick", timeout=120_000)
        page.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
        expect_open(page, paths[5])

        # pressed again, a game closes: none open
        page.locator("button.mb-pick").nth(5).press(" ")
        page.wait_for_function("() => [...document.querySelectorAll('button.mb-pick')].every(b => b.ariaExpanded === 'false')")
        assert shown_games(page) == set()
    finally:
        context.close()


def expect_open(page, game: str) -> None:
    """``game`` open (its button says so) and its text shown; every other game closed."""
    page.wait_for_function("""game => {
        const open = [...document.querySelectorAll('button.mb-pick')].filter(b => b.ariaExpanded === 'true');
        return open.length === 1 && open[0].closest('.jp-RenderedMarkdown').classList.contains('celltag_pick_' + game);
    }""", arg=game)
    laid_out(page)
    assert shown_games(page) == {game}


def test_a_pupils_page_of_lesson_18_keeps_both_ways_of_counting(app, chromium):
    """Lesson 18's listing (in class) and choosing (for fast finishers) are no choice of a game: the
    pupil's page shows both, with no button to open them."""
    page = chromium.new_context(viewport={"width": 1024, "height": 768}).new_page()
    try:
        open_lesson(page, app.lesson("18_chance_and_cards"), limit=240_000)
        assert page.locator("button.mb-pick").count() == 0
        for heading in ("List every way", "Challenge: ways to choose"):
            assert page.locator(".jp-MarkdownCell h2", has_text=heading).is_visible(), heading
    finally:
        page.context.close()


def one_game_at_a_time(page, edition: str) -> None:
    """The page's games closed under their names, then one opened by a tap, the others closed."""
    games = games_of(edition)
    paths = list(games)
    buttons = page.locator("button.mb-pick")
    names = buttons.evaluate_all(NAMES)
    assert [re.sub(r"\s", "", t) for t in names] == [re.sub(r"\s", "", t) for t in games.values()]
    assert [b.get_attribute("aria-expanded") for b in buttons.all()] == ["false"] * len(games)
    assert shown_games(page) == set()
    buttons.nth(1).tap()
    expect_open(page, paths[1])
    buttons.nth(4).tap()
    expect_open(page, paths[4])


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
def test_voila_on_a_school_server_with_the_guides_settings_shows_one_game_at_a_time(chromium, edition):
    """Voilà as a Jupyter server extension (a school's JupyterHub, Binder), set as the teachers'
    guide says: the same page as the app's, with nothing of the app's own turned on."""
    from app_server import running_app

    with running_app(extension=True, guide_settings=True) as served:
        context = chromium.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
        try:
            page = context.new_page()
            open_lesson(page, served.lesson(f"{edition}{LESSON}"))
            page.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
            laid_out(page)
            one_game_at_a_time(page, edition)
        finally:
            context.close()


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
def test_the_website_shows_one_game_at_a_time(chromium, site, edition):
    """The course's website (Python in the pupil's browser): lesson 17 opens one game at a time as
    in the app, and the game opened is open again after a reload."""
    from app_server import serve_folder

    server = serve_folder(site)
    context = chromium.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    try:
        page = context.new_page()
        url = f"http://127.0.0.1:{server.server_port}/voici/render/{edition}{LESSON}.html"
        page.goto(url)  # Python starts in the browser: the tables come once it has run the lesson
        page.wait_for_selector("#rendered_cells .mb-table", state="attached", timeout=240_000)
        page.wait_for_selector("#rendered_cells", state="visible", timeout=240_000)  # shown once the lesson has run
        page.wait_for_function(WIDGETS_DRAWN, timeout=120_000)
        laid_out(page)
        one_game_at_a_time(page, edition)
        page.reload()
        page.wait_for_selector("#rendered_cells .mb-table", state="attached", timeout=240_000)
        page.wait_for_selector("#rendered_cells", state="visible", timeout=240_000)  # shown once the lesson has run
        page.wait_for_function(WIDGETS_DRAWN, timeout=120_000)
        expect_open(page, list(games_of(edition))[4])
    finally:
        context.close()
        server.shutdown()
        server.server_close()
