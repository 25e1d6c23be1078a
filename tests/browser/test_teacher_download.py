"""The teacher's printouts page in a real browser: the button makes the PDF and the link it
shows downloads it, in Voilà and in JupyterLab."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from app_server import ROOT, running_app

LOAD_LIMIT_MS = 180_000


@pytest.fixture(scope="module")
def printouts_dir(tmp_path_factory):
    """Where the desk writes its copies (the servers' kernels inherit it)."""
    folder = tmp_path_factory.mktemp("printouts")
    before = os.environ.get("MINIBRIDGE_PRINTOUTS_DIR")
    os.environ["MINIBRIDGE_PRINTOUTS_DIR"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("MINIBRIDGE_PRINTOUTS_DIR", None)
    else:
        os.environ["MINIBRIDGE_PRINTOUTS_DIR"] = before


def download_from_the_page(page, printouts_dir: Path, tmp_path: Path) -> None:
    button = page.get_by_role("button", name="Make the PDF")
    button.wait_for(timeout=LOAD_LIMIT_MS)
    button.click()
    link = page.locator("a[download]")
    link.wait_for(timeout=60_000)
    with page.expect_download(timeout=60_000) as info:
        link.click()
    download = info.value
    assert download.suggested_filename == "lesson-01-worksheet-a4.pdf"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert saved.read_bytes().startswith(b"%PDF")
    assert saved.read_bytes() == (printouts_dir / "a4" / "lesson-01-worksheet.pdf").read_bytes()


def test_the_printouts_page_downloads_a_pdf_in_voila(needs_chromium, page, printouts_dir, tmp_path):
    with running_app(notebooks=ROOT / "teacher") as app:
        page.goto(f"{app.url}/voila/render/printouts.ipynb", timeout=LOAD_LIMIT_MS)
        download_from_the_page(page, printouts_dir, tmp_path)


def test_the_printouts_page_downloads_a_pdf_in_jupyterlab(needs_chromium, page, printouts_dir, tmp_path):
    notebook = ROOT / "teacher" / "printouts.ipynb"
    saved = notebook.read_bytes()  # JupyterLab saves the notebook it runs: put it back after
    with running_app(extension=True) as server:
        page.goto(f"{server.url}/lab/tree/teacher/printouts.ipynb", timeout=LOAD_LIMIT_MS)
        page.locator(".jp-Notebook").wait_for(timeout=LOAD_LIMIT_MS)
        # the kernel is ready: the status bar reads "<kernel's name> | Idle" (the app's kernel
        # is "Python 3 (lessons app)", a plain Jupyter's "Python 3 (ipykernel)")
        page.get_by_text(re.compile(r"^Python 3 \(.*\) \| Idle$")).first.wait_for(timeout=LOAD_LIMIT_MS)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()
        try:
            download_from_the_page(page, printouts_dir, tmp_path)
        finally:
            page.close()
            notebook.write_bytes(saved)
