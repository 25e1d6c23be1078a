"""The website's own pages, as website/build.py writes them (no site is built here: the browser
test, tests/browser/test_site.py, builds and opens one)."""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "website"))
import build  # noqa: E402


def page(tmp_path, edition: str = "", class_server=None) -> str:
    build.lesson_files(tmp_path, "pupils", class_server)
    notebook = nbformat.read(tmp_path / edition / "play_together.ipynb", as_version=4)
    assert not any("seat_page" in c.source for c in notebook.cells)  # it needs the class's server
    return "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")


def test_play_together_on_the_site_says_it_needs_the_class_server_and_links_to_it(tmp_path):
    alone = page(tmp_path / "a")
    assert alone.startswith("# Play together") and "needs the class's server" in alone
    assert "Ask your teacher" in alone and "http" not in alone
    linked = page(tmp_path / "b", class_server=build.class_server_address("http://192.168.1.20:8866/"))
    assert "[open Play together on the class's server](http://192.168.1.20:8866/voila/render/play_together.ipynb)" in linked
    japanese = page(tmp_path / "c", "ja", class_server="http://10.0.0.5:8866")
    assert japanese.startswith("# みんなでプレイ") and "クラスのサーバー" in japanese
    assert "(http://10.0.0.5:8866/voila/render/ja/play_together.ipynb)" in japanese and "Play" not in japanese


@pytest.mark.parametrize("bad", ["192.168.1.20:8866", "ftp://school", "http://laptop:8866/voila/render/x.ipynb", ""])
def test_a_class_server_address_that_is_not_one_is_refused_in_words(bad):
    with pytest.raises(argparse.ArgumentTypeError, match="for example http://192.168.1.20:8866"):
        build.class_server_address(bad)


def test_the_contents_page_shows_the_sites_address_and_its_qr_code_for_the_class_screen(tmp_path):
    segno = pytest.importorskip("segno")
    address = build.site_address("http://192.168.1.20:8000")
    build.lesson_files(tmp_path, "pupils", address=address)
    for edition, words in (("", "scan this code"), ("ja", "カメラでこのコードを読む")):
        contents = nbformat.read(tmp_path / edition / "00_contents.ipynb", as_version=4)
        page = f"http://192.168.1.20:8000/voici/render/{edition + '/' if edition else ''}00_contents.html"
        card = contents.cells[1].source
        assert page in card and words in card and card.count("<svg") == 1
        matrix = segno.make(page, error="m").matrix  # the code drawn is the one segno makes for that address
        assert f'width="{(len(matrix) + 8) * 8}"' in card
    build.lesson_files(tmp_path / "none", "pupils")
    assert "<svg" not in nbformat.read(tmp_path / "none" / "00_contents.ipynb", as_version=4).cells[1].source
    with pytest.raises(argparse.ArgumentTypeError, match="is not a web address"):
        build.site_address("lessons.example")


def test_a_site_for_a_3rd_grade_class_reads_the_kanji_of_grade_3_in_the_japanese_lessons(tmp_path):
    def lesson(folder: str, grade: int, name: str = "ja/02_trumps.ipynb") -> str:
        build.lesson_files(tmp_path / folder, "pupils", class_grade=grade)
        notebook = nbformat.read(tmp_path / folder / name, as_version=4)
        return "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")

    read = "<ruby>勝<rp>（</rp><rt>か</rt><rp>）</rp></ruby>"
    assert read in lesson("third", 3) and read not in lesson("fourth", 4)
    assert lesson("third", 3, "02_trumps.ipynb") == lesson("fourth", 4, "02_trumps.ipynb")  # English: as it is
    assert build.settings("pupils", "./pyodide/pyodide.js", class_grade=3)["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["env"]["MINIBRIDGE_CLASS_GRADE"] == "3"


def test_the_lesson_pages_share_one_copy_of_jupyterlabs_styles_in_the_place_each_page_had_them(tmp_path):
    render = tmp_path / "voici" / "render"
    (render / "ja").mkdir(parents=True)
    lab = "<style type=\"text/css\">" + ".jp-Cell { margin: 0 }\n" * 1000 + "</style>"
    own = {"04_declarer_and_dummy.html": "<style>.mine { color: red }</style>", "ja/04_declarer_and_dummy.html": ""}
    for name, style in own.items():
        (render / name).write_text(f"<html><head>{style}{lab}<script>x()</script></head><body>{name}</body></html>")
    build.shared_styles(tmp_path)
    [sheet] = (tmp_path / "voici" / "styles").iterdir()
    assert sheet.read_text() == ".jp-Cell { margin: 0 }\n" * 1000
    english, japanese = ((render / name).read_text() for name in own)
    assert english == (f'<html><head><style>.mine {{ color: red }}</style><link rel="stylesheet" href="../styles/{sheet.name}">'
                       "<script>x()</script></head><body>04_declarer_and_dummy.html</body></html>")
    assert f'<link rel="stylesheet" href="../../styles/{sheet.name}"><script>' in japanese


def test_the_package_list_names_every_content_named_folder_the_service_worker_may_keep(tmp_path):
    (tmp_path / "pyodide" / "0123456789abcdef").mkdir(parents=True)
    (tmp_path / "pyodide" / "fedcba9876543210").mkdir()
    (tmp_path / "pyodide" / "pyodide-lock.json").write_text('{"info": {}, "packages": {}}')
    (tmp_path / "service-worker.js").write_text('"use strict";const CACHE="precache";self.addEventListener("fetch",f);')
    build.forget_old_folders(tmp_path)
    lock = json.loads((tmp_path / "pyodide" / "pyodide-lock.json").read_text())
    assert lock == {"info": {}, "packages": {}, "folders": ["0123456789abcdef", "fedcba9876543210"]}
    worker = (tmp_path / "service-worker.js").read_text()  # the rule before JupyterLite's listener, which answers
    assert worker.startswith('"use strict";' + build.FORGET_RULE) and worker.endswith('const CACHE="precache";self.addEventListener("fetch",f);')
    (tmp_path / "service-worker.js").write_text('"use strict";const STORE="files";')
    with pytest.raises(SystemExit, match="JupyterLite's service worker has changed"):
        build.forget_old_folders(tmp_path)


def test_the_kernel_starts_without_the_drive_and_its_changed_scripts_take_new_names_everywhere(tmp_path):
    """The kernel's script that decides on the /drive folder is changed, so it gets a new name of
    its content; the extension's entry script that names it gets one too, and the settings and
    every page name the new entry: a browser that kept the old scripts for good asks for the new."""
    static = tmp_path / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    shutil.copytree(build.KERNEL_EXTENSION / "static", static)
    [old_entry] = static.glob("remoteEntry.*.js")
    settings = f'{{"federated_extensions": [{{"load": "static/{old_entry.name}"}}]}}'
    (tmp_path / "jupyter-lite.json").write_text(settings)
    (tmp_path / "voici" / "render").mkdir(parents=True)
    (tmp_path / "voici" / "render" / "01_tricks.html").write_text(f"<script>{settings}</script>")
    before = {p.name for p in static.glob("*.js")}
    [old_chunk] = (p.name for p in static.glob("*.js") if build.DRIVE_RULE.search(p.read_text()))
    build.without_drive(tmp_path)
    after = {p.name for p in static.glob("*.js")}
    [entry] = static.glob("remoteEntry.*.js")
    [chunk] = after - before - {entry.name}
    assert before - after == {old_entry.name, old_chunk} and chunk.split(".")[0] == old_chunk.split(".")[0]
    text = (static / chunk).read_text()
    assert not build.DRIVE_RULE.search(text) and chunk.split(".")[1] == hashlib.sha256(text.encode()).hexdigest()[:20]
    assert chunk.split(".")[1] in entry.read_text()
    for path in (tmp_path / "jupyter-lite.json", tmp_path / "voici" / "render" / "01_tricks.html"):
        assert entry.name in path.read_text() and old_entry.name not in path.read_text()
    with pytest.raises(SystemExit, match="JupyterLite's Pyodide kernel has changed"):
        build.without_drive(tmp_path)  # the rule is gone from the scripts: a kernel that changed is said, not missed


def test_a_japanese_lessons_page_says_it_is_japanese_to_the_browser_and_to_its_python(tmp_path):
    render = tmp_path / "voici" / "render"
    (render / "ja").mkdir(parents=True)
    settings = {"litePluginSettings": {build.KERNEL: {"loadPyodideOptions": {"env": {"MINIBRIDGE_AUDIENCE": "pupils"}}}},
                "notebookSrc": {"cells": [{"source": "<b>x</b>"}]}}
    page = ('<!DOCTYPE html>\n<html lang="en">\n<head></head><body lang="en">'
            f'<script id="jupyter-config-data" type="application/json">{json.dumps(settings)}</script></body></html>')
    for name in ("04_declarer_and_dummy.html", "ja/04_declarer_and_dummy.html"):
        (render / name).write_text(page)
    build.japanese_pages(tmp_path)
    japanese = (render / "ja" / "04_declarer_and_dummy.html").read_text()
    assert japanese.startswith('<!DOCTYPE html>\n<html lang="ja">') and '<body lang="en">' in japanese  # the page's own only
    found = json.loads(build.CONFIG.search(japanese).group(2))
    assert found["litePluginSettings"][build.KERNEL]["loadPyodideOptions"]["env"] == {"MINIBRIDGE_AUDIENCE": "pupils",
                                                                                      "MINIBRIDGE_LANG": "ja"}
    assert found["notebookSrc"] == settings["notebookSrc"] and "</b>" not in japanese  # nothing in it ends the script
    assert (render / "04_declarer_and_dummy.html").read_text() == page
    (render / "ja" / "04_declarer_and_dummy.html").write_text('<html lang="en"><body></body></html>')
    with pytest.raises(SystemExit, match="Voici's page has changed"):
        build.japanese_pages(tmp_path)


def test_a_page_with_a_choice_gets_the_apps_one_choice_script_once_and_other_pages_none(tmp_path):
    """The site's lesson 17 opens one game at a time by the same script as the app's page template."""
    render = tmp_path / "voici" / "render"
    (render / "ja").mkdir(parents=True)
    chooser = '<div class="jp-RenderedMarkdown celltag_pick_three"><h2>Three players</h2></div>'
    pages = {render / "17.html": chooser, render / "ja" / "17.html": chooser, render / "05.html": "<p>no choice</p>"}
    for path, body in pages.items():
        path.write_text(f"<html><body>{body}</body></html>")
    build.one_choice(tmp_path)
    build.one_choice(tmp_path)  # a second run adds nothing
    script = build.ONE_CHOICE.read_text(encoding="utf-8")
    assert build.ONE_CHOICE.parent.name == "minibridge" and "mb-pick" in script
    for path, body in pages.items():
        text = path.read_text()
        assert text.count(script) == (1 if "celltag_pick_" in body else 0), path
        assert text.endswith("</body></html>")

