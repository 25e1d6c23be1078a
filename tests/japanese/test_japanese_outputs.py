"""The Japanese lessons as a pupil sees them once run: every output (HTML text, its aria-labels
and titles, printed text) and every widget's state holds no English word (card symbols, A K Q J,
seat letters and digits aside). Each lesson is run as nbval runs it (nbclient, in its folder)."""
from __future__ import annotations

import io
import json
import keyword
import re
import tokenize
from html.parser import HTMLParser
from pathlib import Path

import pytest
from tests.japanese_tools import english_left

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks" / "ja").glob("[0-9][0-9]_*.ipynb"))
# The coder's corner teaches Python: its keywords and the names the lessons' code uses are code
# a pupil reads and types, not English to translate.
def code_names(path: Path) -> set[str]:
    """The names a lesson's code uses (Python's own tokens: no words from its strings or comments)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    sources = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    return {token.string for source in sources
            for token in tokenize.generate_tokens(io.StringIO(source).readline) if token.type == tokenize.NAME}


CODE_WORDS = set(keyword.kwlist) | {name for path in LESSONS for name in code_names(path)}
WIDGET_TEXTS = ("description", "tooltip", "placeholder", "value", "_options_labels", "tooltips", "html")


class Words(HTMLParser):
    """The words a page shows or reads aloud: text outside <style> and <script>, aria-labels, titles."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        self._hidden += tag in ("style", "script")
        self.found += [value for name, value in attrs if name in ("aria-label", "title", "alt") and value]

    def handle_endtag(self, tag):
        self._hidden -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.found.append(data)


def words_of(html: str) -> list[str]:
    parser = Words()
    parser.feed(html)
    return parser.found


def test_the_walk_finds_english_in_html_and_skips_the_style_sheet():
    found = words_of('<style>.mb { font-family: sans-serif }</style><p aria-label="Trick 1">♠A は<b>北</b></p>')
    assert [w for text in found for w in english_left(text)] == ["Trick"]
    assert {"if", "hcp", "hand"} <= CODE_WORDS and "Trick" not in CODE_WORDS


def shown_texts(notebook) -> list[str]:
    texts = []
    for cell in notebook.cells:
        for output in cell.get("outputs", ()):
            data = output.get("data", {})
            if "text/html" in data:
                texts += words_of("".join(data["text/html"]))
            elif "text/plain" in data and not any(kind.startswith(("image/", "application/vnd.jupyter.widget"))
                                                  for kind in data):
                texts.append("".join(data["text/plain"]))
            if output.get("output_type") == "stream":
                texts.append(output.get("text", ""))
    states = notebook.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model in states.values():
        for key in WIDGET_TEXTS:
            value = model.get("state", {}).get(key)
            values = value if isinstance(value, list) else [value]
            for item in values:
                if isinstance(item, str) and item:
                    texts += words_of(item) if "<" in item else [item]
    return texts


# The coder's corner's functions read contracts as Python text ("♠ game", "NT partscore"): its
# checker quotes the text a function was given as the pupil's code sees it, in straight quotes.
QUOTED_CODE = re.compile(r'"[^"\n]*"')


# The 学習指導要領 names its content items by a domain letter and a number ("D(2) 起こり得る場合"),
# as the teacher's section quotes them: Japanese, in the document's own notation.
CURRICULUM_ITEM = re.compile(r"(?<![A-Za-z])[A-D]\(\d+\)")


# Seat letters may stand in a picture (N, E, S, W), but a side is 南北 or 東西 in words (JAPANESE.md):
# lesson 16's match table was headed "N–S" "E–W", one row 「N–Sが35点…南北がテーブルをたたいた」 (reader Q).
LATIN_SIDE = re.compile(r"(?<![A-Za-z])(?:N\s*[–-]?\s*S|E\s*[–-]?\s*W)(?![A-Za-z])")


def english_shown(text: str, lesson: Path) -> set[str]:
    text = CURRICULUM_ITEM.sub(" ", text)
    if lesson.stem == "19_coders_corner":
        text = QUOTED_CODE.sub(" ", text)
    return set(english_left(text)) - CODE_WORDS


def test_only_the_coders_corner_reads_quoted_text_as_code():
    checked = 'Trick: "♦ partscore" で6トリック'
    assert english_shown(checked, Path("19_coders_corner.ipynb")) == {"Trick"}
    assert LATIN_SIDE.search("N–Sが35点") and LATIN_SIDE.search("E-W") and not LATIN_SIDE.search("南北 N 東 E、3NT")
    assert english_shown('"Together"', Path("05_choosing_the_contract.ipynb")) == {"Together"}


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_a_run_japanese_lesson_shows_no_english(lesson):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipywidgets")
    notebook = nbformat.read(lesson, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", allow_errors=True,
                                     store_widget_state=True, resources={"metadata": {"path": str(lesson.parent)}})
    client.execute()
    failed = [i for i, cell in enumerate(notebook.cells)
              if any(o.get("output_type") == "error" for o in cell.get("outputs", ()))]
    shown = shown_texts(notebook)
    english = sorted({text.strip()[:80] for text in shown if english_shown(text, lesson)})
    assert english == [], f"{lesson.name}: English shown (cells that failed, nbval's to report: {failed})"
    sides = sorted({text.strip()[:80] for text in shown if LATIN_SIDE.search(text)})
    assert sides == [], f"{lesson.name}: a side in Latin letters, not 南北・東西"
