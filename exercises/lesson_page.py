"""The first cell of every lesson: the page's look for the classroom.

``lesson_setup()`` chooses the lesson's language from where the notebook lives (a lesson in
``notebooks/ja`` is the Japanese edition; MINIBRIDGE_LANG overrides) and shows a small style sheet. With MINIBRIDGE_PROJECTOR=1 (the app's
projector option) the lesson text is large, black on white and bold enough to read from
the back of a classroom; pictures and widgets are already drawn twice as big then. Text in
widgets and outputs grows with the page's text (sizes in em), so widgets size their words in em
and never multiply them by the scale as well. A table without its own size has the text's size
(JupyterLab gives tables a small fixed one).

It also keeps an empty place at the top of the page, which ``show_at_top`` fills later (the
exercises put there the page's own questions, such as "Are you Ben?" after a reload).
"""
from __future__ import annotations

from IPython.display import HTML, display

from cardlib import messages, minibridge, render

NORMAL_CSS = """<style>
.jp-RenderedMarkdown, .jp-RenderedHTMLCommon { font-size: 1.1em; line-height: 1.5; }
</style>"""

PROJECTOR_CSS = """<style>
body, .jp-Notebook, .jp-Cell { background: #fff !important; }
.jp-RenderedMarkdown, .jp-RenderedHTMLCommon, .widget-html-content, .widget-label, .widget-label-basic {
  font-size: 1.9em !important; line-height: 1.45 !important; color: #000 !important; }
.widget-label { width: auto !important; max-width: none !important; height: auto !important; }
.widget-checkbox, .widget-dropdown, .widget-dropdown select { width: auto !important; }
.widget-inline-hbox { height: auto !important; }  /* a labelled box grows with its text, not clipped */
.jp-RenderedMarkdown h1 { font-size: 2.1em !important; }
.jp-RenderedMarkdown h2 { font-size: 1.6em !important; }
.jp-RenderedMarkdown a { color: #003A8C !important; text-decoration: underline; }
body .jp-RenderedHTMLCommon table { font-size: 1em; }
.jupyter-button, .widget-text input, .widget-dropdown select, .widget-toggle-button {
  font-size: 1.6em !important; height: auto !important; min-height: 2em; width: auto !important; }
/* a question's hands and tricks side by side, as many as the screen's width holds, not one below the other */
.ex-picture { display: flex; flex-wrap: wrap; align-items: flex-start; column-gap: 1.5em; }
/* a small picture (render.beside_html) on the left, the words after it beside it; the next heading,
   picture or question starts below both. The same in an exercise: its picture on the left, the
   question, its buttons and what it says after them beside it. */
#rendered_cells > div > div:has(.jp-OutputArea-output > .mb-beside) { float: left; width: max-content; max-width: 55%; margin-right: 1.5em; }
#rendered_cells > div > div:not(:has(.jp-OutputArea-output > .mb-beside) + div) { clear: both; }
#rendered_cells > div > div:has(.jp-OutputArea-output > .mb-beside) :is(.jp-OutputArea-child, .jp-OutputArea-output) { display: block; }
.widget-vbox:has(> * > .mb-beside, > .widget-html > .widget-html-content > .mb-beside) { display: flow-root !important; }
.widget-vbox > :is(:has(> .mb-beside), .widget-html:has(> .widget-html-content > .mb-beside)) {
  float: left; width: max-content; max-width: 55%; margin-right: 1.5em; }
.mb-beside .mb-fit { contain-intrinsic-inline-size: var(--natural); }  /* render.natural_width */
.widget-vbox:has(> * > .mb-beside, > .widget-html > .widget-html-content > .mb-beside) > .widget-hbox {
  flex-wrap: wrap; align-items: flex-start; }  /* a button the row has no room for goes below, whole */
/* what the class screen leaves out until the teacher shows it (classroom.presenter tags it) */
.jp-Cell:is(.celltag_off_class_screen, .celltag_choice_later):not(.mb-shown),
.jp-MarkdownCell:has(.celltag_off_class_screen, .celltag_choice_later):not(.mb-shown),
.jp-Cell.mb-unchosen { display: none !important; }
</style>"""

# A link is told from the text around it by more than its colour (JupyterLab's style takes the
# line away from links); on a touch screen every control a finger presses is 44 px or more.
EVERY_PAGE_CSS = """<style>
.jp-RenderedHTMLCommon a:link, .jp-RenderedHTMLCommon a:visited { text-decoration: underline; }
@media (pointer: coarse) {
  .jupyter-button, .widget-toggle-button, .widget-dropdown select, .widget-text input, .widget-checkbox input {
    min-height: 44px; min-width: 44px; }
  .widget-inline-hbox, .widget-dropdown, .widget-text, .widget-button, .widget-checkbox { height: auto !important; }
  .widget-hslider { --jp-widgets-slider-handle-size: 44px; }  /* the slider's knob (16 px) */
}
</style>"""

# The Japanese edition's text in fonts made for Japanese; ruby readings small and clear.
# - The Japanese font comes first, so a line's kana, kanji, letters and digits are one font on
#   one baseline (with the system's Latin font first, a line with a reading grew taller than its
#   neighbours).
# - A heading's space above is padding, not margin: a reading over the heading sits in that
#   space (Chromium pushes a line down by its reading's height where the block has no room above).
# - A Japanese font's "normal" line is about 1.45 em against 1.16 for a Latin one, so rows of a
#   table are given the Latin rows' height instead of growing by a quarter.
# - Line breaking by the strict Japanese rules (禁則処理) in the whole page, the card tables'
#   messages too: no line starts with ー or a small kana.
# - A table's labels break between phrases, never inside a word (スーツフォ|ロー): Chromium finds
#   the phrases of text marked Japanese (auto-phrase; render's tables say their language); other
#   tables, and a browser that cannot, keep each run of Japanese whole (keep-all) and break at
#   spaces and after punctuation.
# - A paragraph's lines break between phrases too where the browser can (いちばん多|いスーツ was a
#   line's end in lesson 5); elsewhere they break as Japanese text always may, anywhere.
JAPANESE_CSS = f"""<style>
.jp-RenderedMarkdown, .jp-RenderedHTMLCommon, .widget-html-content, .widget-label, .jupyter-button {{
  font-family: {render.JAPANESE_FONTS}, system-ui, sans-serif; }}
body {{ line-break: strict; }}
rt {{ font-size: 0.55em; }}
.jp-RenderedMarkdown :is(h1, h2) {{ margin-top: 0 !important; padding-top: 0.6em; }}
.jp-RenderedHTMLCommon :is(tr, th, td) {{ line-height: 1.2; }}
.jp-RenderedHTMLCommon :is(th, td) {{ word-break: keep-all; }}
.jp-RenderedHTMLCommon :is(th, td):lang(ja) {{ word-break: keep-all; word-break: auto-phrase; }}
.jp-RenderedMarkdown :is(p, li):lang(ja) {{ word-break: auto-phrase; overflow-wrap: anywhere; }}
</style>"""


pages_set_up = 0  # how many times lesson_setup() ran in this kernel: each run begins a page
_top_of_page = None  # the empty box lesson_setup() showed at the top of the page


def edition_off_css(edition: str) -> str:
    """What the class screen leaves out in this edition only (classroom.presenter tags it
    ``off_class_screen_<edition>``: a Japanese class of 45 minutes does lesson 21's pre-check
    out of class), hidden as the projector's style sheet hides what every edition leaves out.

    >>> ".celltag_off_class_screen_ja" in edition_off_css("ja")
    True
    """
    tag = f".celltag_off_class_screen_{edition}"
    return (f"<style>\n.jp-Cell{tag}:not(.mb-shown),\n.jp-MarkdownCell:has({tag}):not(.mb-shown) "
            "{ display: none !important; }\n</style>")


def lesson_setup(pupil_work: bool = True) -> None:
    """Speak the edition's language, score MiniBridge by the edition's rules and style the lesson page: large and high-contrast when
    the projector option is on; and, on a page where a pupil works (not the contents page,
    which the app sends as a finished page with no kernel), keep an empty place at its top
    for ``show_at_top``."""
    global pages_set_up, _top_of_page
    edition = messages.edition_language()
    messages.set_language(edition)
    minibridge.use_rules(minibridge.edition_rules(edition))  # named by the edition, not read from the language
    css = PROJECTOR_CSS + edition_off_css(edition) if render.PREFERENCES.projector else NORMAL_CSS
    display(HTML(css + EVERY_PAGE_CSS + (JAPANESE_CSS if messages.current_language() == "ja" else "")))
    if not pupil_work:
        return
    import ipywidgets  # here, not at import: a page only pays for it when it is set up

    pages_set_up += 1
    # A widget box, not an output updated later: Voila sends each cell's output as it runs,
    # while a widget is drawn from its state once the page is open.
    _top_of_page = ipywidgets.Box()
    _top_of_page.add_class("mb-top-of-page")
    display(_top_of_page)


def show_at_top(thing) -> bool:
    """Show ``thing`` (a widget) in the place ``lesson_setup`` kept at the top of the page;
    False when there is none (no lesson_setup in this kernel)."""
    if _top_of_page is None:
        return False
    _top_of_page.children = (thing,)
    return True
