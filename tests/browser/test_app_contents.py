"""The contents page costs the app no kernel: it was finished when the app started, so opening
it starts none and the page opens no websocket; and every link on it leads to a lesson, each
link's words naming the lesson the page it leads to is titled with, and one to the other
edition's contents page (finished as well)."""
from __future__ import annotations

import json
import re
import urllib.request
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest
from app_pages import ROOT, open_lesson, outside_requests
from app_server import running_app

from classroom.contents import CONTENTS, contents_pages

TITLE = re.compile(r"<title>(.*?)</title>", re.S)
READINGS = re.compile(r"<(rt|rp)>.*?</\1>", re.S)


@pytest.fixture(scope="module")
def cold_app(needs_chromium):
    """The pupils' app with no kernel started ahead (no warm ones): any kernel is a page's."""
    with running_app(warm=0) as served:
        yield served


@pytest.mark.parametrize("contents", [page.removesuffix(".ipynb") for page in contents_pages(ROOT / "notebooks")])
def test_the_contents_page_starts_no_kernel_and_every_link_opens_a_lesson(cold_app, page, contents):
    app = cold_app
    before = app.kernel_pids()
    open_lesson(page, app.lesson(contents))
    assert page.frames_log.kernel_urls == [], "the contents page talks to a kernel"
    assert app.kernel_pids() <= before, "opening the contents page started a kernel"
    assert outside_requests(page, app.url) == [], "the contents page asked another host"

    links = page.locator("#rendered_cells a[href$='.ipynb']")
    # The words without their readings (<rt>, <rp>): the title below is compared the same way.
    found = links.evaluate_all("""els => els.map(a => {
        const words = a.cloneNode(true);
        words.querySelectorAll('rt, rp').forEach(e => e.remove());
        return [words.textContent, a.getAttribute('href')];
    })""")
    assert len(found) >= 10, f"the contents page has {len(found)} links to lessons"
    assert [href for _, href in found if href.endswith(CONTENTS)], "no link to the other edition's contents page"
    lessons = ROOT / "notebooks"
    for words, href in found:
        url = urljoin(page.url, href)
        served = url.removeprefix(f"{app.url}/voila/render/")
        if href.endswith(CONTENTS):  # the other edition's contents page: finished too, no kernel
            with urllib.request.urlopen(url, timeout=180) as response:
                assert response.status == 200, f"{words}: {url} answered {response.status}"
                html = response.read().decode("utf-8")
            assert TITLE.search(html).group(1).strip() == served.rsplit("/", 1)[-1].removesuffix(".ipynb")
            assert "kernelId" not in html, f"{words}: {url} is served with a kernel"
            continue
        # A lesson: the address the app serves that lesson file at (every lesson opens from
        # there in test_app_lessons.py), and the link's words the start of the lesson's title.
        assert url == app.lesson(served.removesuffix(".ipynb")) and (lessons / served).is_file(), \
            f"the link {words!r} leads to {url}, which is no lesson"
        titles = [unescape(re.sub(r"<[^>]+>", "", READINGS.sub("", title))).replace("¶", "").strip()
                  for title in lesson_titles(lessons / served)]
        words = words.strip()
        assert titles and (titles[0].startswith(words) or words.startswith(titles[0])), \
            f"the link {words!r} leads to a page titled {titles[:1]}"


def lesson_titles(notebook: Path) -> list[str]:
    """The lesson's first-level headings as its page draws them (markdown "# ...")."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [line[2:].replace("**", "").strip() for cell in cells if cell["cell_type"] == "markdown"
            for line in "".join(cell["source"]).splitlines() if line.startswith("# ")]
